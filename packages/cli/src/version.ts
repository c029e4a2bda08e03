import cli from "../package.json" with { type: "json" };

/** The CLI's version, from its package.json (the bundle carries it in). */
export const VERSION: string = cli.version;

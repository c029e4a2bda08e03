export type * from "./commands.ts";
export * from "./sim/index.ts";

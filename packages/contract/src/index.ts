export * from "./problem.ts";
export * from "./sim.ts";
export * from "./tokens.ts";
export * from "./page.ts";

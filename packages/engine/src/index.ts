export * from "./machine/index.ts";
export * from "./provider/index.ts";
export * from "./rules/index.ts";
export * from "./time/index.ts";

export * from "./channel/index.ts";
export * from "./machine/index.ts";
export * from "./maintenance/index.ts";
export * from "./node-pool/index.ts";
export * from "./provider/index.ts";
export * from "./rules/index.ts";
export * from "./time/index.ts";
export * from "./version/index.ts";

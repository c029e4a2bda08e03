export * from "./keyed-map.ts";

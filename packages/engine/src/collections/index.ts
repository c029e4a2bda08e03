export * from "./fnv.ts";
export * from "./keyed-map.ts";

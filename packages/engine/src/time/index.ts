export * from "./instant.ts";

export * from "./violation.ts";

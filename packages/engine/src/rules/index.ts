export * from "./redact-url.ts";
export * from "./violation.ts";

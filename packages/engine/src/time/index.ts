export * from "./backoff.ts";
export * from "./instant.ts";

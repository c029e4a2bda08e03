export type * from "./decision.ts";

export type * from "./decision.ts";
export { isOneOf } from "./states.ts";

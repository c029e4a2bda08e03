import type { OperationRef } from "../node-commands.ts";
import type { Effects } from "../operation.ts";
import type { TableDraft } from "./node-table.ts";

/** What node steps need from the decision they run in. */
export interface StepContext {
  ref: OperationRef;
  fx: Effects;
  table: TableDraft;
}

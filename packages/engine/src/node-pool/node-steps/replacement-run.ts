import type { Instant } from "../../time/instant.ts";
import { Effects, type OperationHeader } from "../operation.ts";
import { type NodeTable, TableDraft } from "./node-table.ts";
import type { Replacement, ReplacementContext } from "./replacement.ts";
import { type Replacements, ReplacementsDraft } from "./replacement-set.ts";

/** What every strategy that replaces (or upgrades) nodes one task at a time keeps. */
export interface ReplacementOperation<T extends Replacement> {
  header: OperationHeader;
  nodes: NodeTable;
  replacements: Replacements<T>;
  /** No replacement needs a timer before this (see replacement-set.ts). */
  replacementTimerAt?: Instant;
}

/**
 * The drafts one decision of such a strategy (surge, short-lived, in place) works on —
 * its effects, node table and replacements — and how they are written back, so each
 * strategy's run holds only its own rules.
 */
export abstract class ReplacementRun<T extends Replacement> {
  readonly fx: Effects;
  readonly table: TableDraft;
  readonly replacements: ReplacementsDraft<T>;
  readonly ctx: ReplacementContext;

  protected constructor(op: ReplacementOperation<T>, now: Instant, drainGraceSeconds: number) {
    this.fx = new Effects(now);
    this.table = new TableDraft(op.nodes);
    this.replacements = new ReplacementsDraft(op.replacements, op.replacementTimerAt);
    this.ctx = { ref: op.header, fx: this.fx, table: this.table, drainGraceSeconds };
  }

  /** Writes the node table, the replacements and their next timer back into `op`. */
  protected commitDrafts(op: ReplacementOperation<T>): void {
    op.nodes = this.table.commit();
    op.replacements = this.replacements.commit();
    if (this.replacements.timerAt === undefined) delete op.replacementTimerAt;
    else op.replacementTimerAt = this.replacements.timerAt;
  }
}

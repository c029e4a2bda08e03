import {
  ok,
  type Result,
  type RunActor,
  type SkipTarget,
  type UpdateRun,
  type UpdateRunView,
  updateRunView,
} from "@regatta/engine";
import type { RunReadings } from "@regatta/inventory";
import { type Outcome, refused } from "../../outcome.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";
import type { Timer } from "../../runtime/types.ts";
import type { RunHealthReport, RunMemberReport } from "../fleet/run-members/index.ts";
import { WatchedObject } from "../watched-object.ts";
import { ObjectWiring } from "../wiring.ts";
import { RUN_TABLE, runReadings } from "./capabilities.ts";
import type { RunContext } from "./context.ts";
import { dispatchStarts } from "./dispatch.ts";
import { dispatchHealthChecks } from "./health-checks.ts";
import {
  applyRunEvent,
  createRun,
  forgetRun,
  loadRun,
  reportInstant,
  takeHealthAnswer,
  takeReport,
  tickRun,
} from "./host.ts";
import { sendDueRunNotifications } from "./notifications.ts";
import {
  cursorKeyBytes,
  InvalidRunCursor,
  memberPageLimit,
  openCursor,
  type RunPageRequest,
  sealCursor,
} from "./page.ts";
import { sendRunState } from "./run-state.ts";
import { flatMembers } from "./store.ts";

/** A page of a run's status: the tree with the page's members, and where the next begins. */
export interface RunPage {
  view: UpdateRunView;
  /** null on the last page. */
  nextCursor: string | null;
}

/** A user's control of a run (RUN-10, RUN-12, EXT-1, EXT-4); SEC-11 names who started and approved. */
export type RunControl =
  | { type: "START"; by?: RunActor }
  | { type: "STOP" }
  | { type: "RETRY" }
  | { type: "SKIP"; targets: SkipTarget[] }
  | { type: "APPROVE"; gate: string; by: RunActor };

/**
 * One update run (SPEC RUN): the copied strategy and the whole status tree. A shell: the
 * engine decides, the runtime keeps state and timers, its timers and deliveries go
 * through the kernel's table (capabilities.ts), members start in their fleet's object as
 * durable deliveries (dispatch.ts) and their ends come back by RPC (`memberEnded`).
 */
export class UpdateRunObject extends WatchedObject {
  protected readonly wiring = new ObjectWiring(this.env, this.ctx.storage, {
    identity: { kind: "update-run", name: this.ctx.id.name },
    watch: this.ctx,
    // Members start in their fleet's object: this one sends no provider commands, so it
    // reads none of the provider's settings from D1 on each call.
    provider: "none",
  });
  override async alarm(): Promise<void> {
    await this.tick();
  }

  /** Runs due timers (its alarm, or a sweep of due wake-ups); answers the run's state. */
  async tick(): Promise<{ state: string }> {
    const runtime = await this.ready();
    await runtime.runAlarm();
    // Starts left by an object that died between its commit and the dispatch.
    await this.dispatch(this.context(runtime));
    const run = await runtime.read((tx) => loadRun(tx));
    return { state: run?.state ?? "Completed" };
  }

  /** Keeps a new run; answers its first page. */
  async create(run: UpdateRun): Promise<Result<RunPage>> {
    const runtime = await this.ready();
    const created = await runtime.commit((tx) => createRun(tx, run));
    if (!created.ok) return created;
    const page = await this.page(runtime, {});
    return page?.ok ? ok(page.value) : ok(this.firstPage(run));
  }

  /**
   * A page of the run's status (page.ts): every stage and group, the members from the
   * cursor on; undefined when the object holds no run, 400 for a cursor it did not issue.
   */
  async view(request: RunPageRequest = {}): Promise<Outcome<RunPage> | undefined> {
    return this.page(await this.ready(), request);
  }

  /** EXT-6: the run's whole state, read and changed nowhere, for a what-if plan. */
  async snapshot(): Promise<UpdateRun | undefined> {
    const runtime = await this.ready();
    return runtime.read((tx) => loadRun(tx));
  }

  async control(control: RunControl): Promise<Result<RunPage>> {
    const runtime = await this.ready();
    const readings = await this.read(runtime);
    const answer = await runtime.commit((tx) => {
      if (readings !== undefined) tickRun(tx, readings);
      return applyRunEvent(tx, { ...control, at: tx.now });
    });
    if (!answer.ok) return answer;
    await this.dispatch(this.context(runtime));
    const page = await this.page(runtime, {});
    return page?.ok ? ok(page.value) : ok(this.firstPage(answer.value));
  }

  /** The fleet's report that a member's operations ended; true once taken (repeats too). */
  async memberEnded(report: RunMemberReport): Promise<boolean> {
    return this.membersEnded([report]);
  }

  /**
   * The fleet's reports of members whose operations all ended, in the order it heard
   * them, taken in one transaction; true once taken (repeats too).
   */
  async membersEnded(reports: readonly RunMemberReport[]): Promise<boolean> {
    const runtime = await this.ready();
    // EXT-8: a member whose cluster was deleted under it ends Skipped, not Failed, and the
    // next member starts on its facts as they are now.
    const readings = await this.read(runtime);
    await runtime.commit((tx) => {
      let ticked: number | undefined;
      for (const report of reports) {
        // Both as of when the fleet heard the end (discrete-event time), then time moves
        // on; one look at the inventory per instant is enough (it was read once).
        const at = reportInstant(tx, report);
        if (readings !== undefined && at !== ticked) tickRun(tx, readings, at);
        ticked = at;
        takeReport(tx, report, at);
      }
    });
    await this.dispatch(this.context(runtime));
    return true;
  }

  /** EXT-7: the fleet's report of a member's provider health check; true once taken. */
  async memberHealthChecked(report: RunHealthReport): Promise<boolean> {
    const runtime = await this.ready();
    await runtime.commit((tx) =>
      tx.once(`member-health:${report.cluster}:${report.requestedAt}`, () =>
        takeHealthAnswer(tx, report),
      ),
    );
    await this.dispatch(this.context(runtime));
    return true;
  }

  /**
   * Retention: the fleet dropped this run (created at `createdAt`) from its index; its
   * state goes. True once gone (also when it already was).
   */
  async forget(createdAt: number): Promise<boolean> {
    const runtime = await this.ready();
    return runtime.commit((tx) => forgetRun(tx, createdAt));
  }

  /** Test and benchmark visibility. */
  async inspect(): Promise<{
    now: number;
    timers: Timer[];
    rowsWritten: number;
    rowsKept: number;
    counters: Record<string, number>;
  }> {
    const { now, timers, rowsWritten, rowsKept, counters } = (await this.ready()).inspect();
    return { now, timers, rowsWritten, rowsKept, counters };
  }

  private async page(
    runtime: ObjectRuntime,
    request: RunPageRequest,
  ): Promise<Outcome<RunPage> | undefined> {
    const limit = memberPageLimit(request.limit);
    const read = await runtime.read((tx) => {
      const run = loadRun(tx);
      return run && { run, total: flatMembers(run).length };
    });
    if (read === undefined) return undefined;
    const { run, total } = read;
    // Only a paged read needs the run's cursor key, which its first use writes.
    const paged = request.cursor !== undefined || total > limit;
    const key = paged ? await runtime.commit((tx) => cursorKeyBytes(tx)) : undefined;
    let from = 0;
    if (request.cursor !== undefined && key !== undefined) {
      const opened = await openCursor(key, request.cursor).catch((error: unknown) => {
        if (error instanceof InvalidRunCursor) return undefined;
        throw error;
      });
      // A cursor names the first member of a later page: never the first, never past the end.
      if (opened === undefined || opened === 0 || opened >= total) {
        return refused(
          "malformed",
          "invalid cursor: use nextCursor of a previous page of this run",
        );
      }
      from = opened;
    }
    const to = Math.min(total, from + limit);
    return {
      ok: true,
      value: {
        view: updateRunView(run, { from, to }),
        nextCursor: to < total && key !== undefined ? await sealCursor(key, to) : null,
      },
    };
  }

  /** The first page of a run this object no longer holds (forgotten meanwhile). */
  private firstPage(run: UpdateRun): RunPage {
    return {
      view: updateRunView(run, { from: 0, to: memberPageLimit(undefined) }),
      nextCursor: null,
    };
  }

  private async ready(): Promise<ObjectRuntime> {
    const runtime = await this.wiring.ready();
    runtime.handleTimers((timer: Timer) => RUN_TABLE.fire(this.context(runtime), timer));
    return runtime;
  }

  private context(runtime: ObjectRuntime): RunContext {
    const context: RunContext = {
      runtime,
      env: this.env,
      inventory: this.wiring.inventory,
      dispatch: () => this.dispatch(context),
    };
    return context;
  }

  /** The inventory as the run's next pass should see it (CH-3, EXT-8); none without a run. */
  private read(runtime: ObjectRuntime): Promise<RunReadings | undefined> {
    return runReadings(this.context(runtime));
  }

  /**
   * Carries out the member starts the run asked for (dispatch.ts) and its health checks
   * (EXT-7, health-checks.ts; an answer may start the next member), then hands what the
   * changes recorded for subscribers to the notifications queue.
   */
  private async dispatch(run: RunContext): Promise<void> {
    try {
      // Checks first: their attempts are under way (and marked so) before a commit of the
      // starts catches up on due timers, which would take the checks one by one.
      await Promise.all([dispatchHealthChecks(run), dispatchStarts(run)]);
      await dispatchStarts(run);
    } catch (error) {
      console.error("update run: dispatch failed", error);
    }
    try {
      await sendDueRunNotifications(run);
      // RUN-8: the fleet's index hears a changed state now, not at the next alarm.
      await sendRunState(run);
    } catch (error) {
      // Still recorded: the delivery's own timer sends it.
      console.error("update run: handing notifications or its state on failed", error);
    }
  }
}

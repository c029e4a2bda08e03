import type { RunReadings } from "@regatta/inventory";
import { readForRun } from "@regatta/inventory";
import { CapabilityTable } from "../../runtime/capabilities.ts";
import type { RunCapability, RunContext } from "./context.ts";
import { memberStarts } from "./dispatch.ts";
import { memberHealthChecks } from "./health-checks.ts";
import { loadRun, RUN_TIMER, tickRun } from "./host.ts";
import { runNotifications } from "./notifications.ts";
import { runState } from "./run-state.ts";

/** The inventory as the run's next pass should see it (CH-3, EXT-8); none without a run. */
export async function runReadings(run: RunContext): Promise<RunReadings | undefined> {
  const stored = await run.runtime.read((tx) => loadRun(tx));
  return stored && readForRun(run.inventory, stored);
}

/** RUN: the run's own passes (the engine's wake-up), each followed by its dispatch. */
const decisions: RunCapability = {
  name: "run decisions",
  timers: {
    async [RUN_TIMER](run) {
      const readings = await runReadings(run);
      if (readings !== undefined) await run.runtime.commit((tx) => tickRun(tx, readings));
      await run.dispatch();
    },
  },
};

/**
 * The capabilities of every update-run object, in the same kernel table as the fleet's
 * (runtime/capabilities.ts): its timers and its deliveries, by message type.
 */
export const RUN_TABLE = new CapabilityTable<RunContext>("update run", [
  decisions,
  memberStarts,
  memberHealthChecks,
  runNotifications,
  runState,
]);

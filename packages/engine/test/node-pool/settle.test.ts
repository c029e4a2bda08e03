import { describe, expect, it } from "vitest";
import { cancelUpgrade } from "../../src/node-pool/controls.ts";
import { abandonUpgrade, cancelledAtRest, noteOnOperation } from "../../src/node-pool/settle.ts";
import type { NodePoolFacts } from "../../src/node-pool/types.ts";
import {
  decideNodePoolUpgrade,
  type NodePoolOperation,
  startNodePoolUpgrade,
} from "../../src/node-pool/upgrade.ts";
import { MINUTE } from "../../src/time/instant.ts";
import { poolOf, T0, TARGET } from "./driver.ts";

function start(pool: NodePoolFacts): NodePoolOperation {
  const started = startNodePoolUpgrade({ operationId: "op-1", pool, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value.state;
}

describe("operations ended or annotated from outside their machine", () => {
  it("a running operation whose pool was deleted ends FAILED with the reason", () => {
    const op = abandonUpgrade(start(poolOf({ a: 3 })), "node pool deleted", T0 + MINUTE);
    expect(op.header).toMatchObject({
      state: "FAILED",
      error: "node pool deleted",
      endedAt: T0 + MINUTE,
    });
    expect(op.header.events.at(-1)?.message).toMatch(/^node pool deleted/);
  });

  it("an operation that already ended keeps its state and only records why it stopped", () => {
    const noted = noteOnOperation(start(poolOf({ a: 1 })), "written", T0);
    expect(noted.header.events.at(-1)?.message).toBe("written");
    expect(noted.header.eventCount).toBe(start(poolOf({ a: 1 })).header.eventCount + 1);
  });

  it("NUP-7 a cancelled surge rests once its started nodes finished; a running one never does", () => {
    const running = start(poolOf({ a: 3 }, "1.30.1-gke.100", { upgradeStrategy: { maxSurge: 1 } }));
    expect(cancelledAtRest(running)).toBe(false);
    const cancelled = cancelUpgrade(running, T0 + 1);
    if (!cancelled.ok) throw new Error(cancelled.error.detail);
    // The first node's CREATE is in flight: not at rest until it finished.
    expect(cancelled.value.state.header.state).toBe("CANCELLED");
    const inFlight = cancelledAtRest(cancelled.value.state);
    const ticked = decideNodePoolUpgrade(
      cancelled.value.state,
      { type: "TICK", at: T0 + 2 },
      T0 + 2,
    );
    expect(cancelledAtRest(ticked.state)).toBe(inFlight);
  });
});

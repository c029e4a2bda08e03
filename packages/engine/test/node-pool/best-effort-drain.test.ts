import { describe, expect, it } from "vitest";
import { startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import type { ProviderCommand } from "../../src/provider/commands.ts";
import { drive, poolOf, T0, TARGET } from "./driver.ts";

function drains(bestEffortDrain: boolean, upgradeStrategy?: object): ProviderCommand[] {
  const pool = poolOf({ a: 2 }, "1.30.1-gke.100", upgradeStrategy ? { upgradeStrategy } : {});
  const started = startNodePoolUpgrade(
    {
      operationId: "op-1",
      pool,
      target: TARGET,
      ...(bestEffortDrain && { bestEffortDrain: true }),
    },
    T0,
  );
  if (!started.ok) throw new Error(started.error.detail);
  const sent: ProviderCommand[] = [];
  drive(started.value, T0, {
    observe: (_op, _at, decision) => sent.push(...decision.commands),
  });
  return sent.filter((c) => c.type === "DRAIN_NODE");
}

describe("drains of a pool upgraded by its cluster's upgrade (LIFE-6)", () => {
  it("LIFE-6 a worker pool upgraded as part of a cluster upgrade drains best effort: PDBs not honoured, no pod waited on past 20 minutes; on its own it honours them", () => {
    const lifecycle = drains(true);
    expect(lifecycle.length).toBeGreaterThan(0);
    for (const drain of lifecycle) {
      expect(drain).toMatchObject({ respectPdb: false });
      expect(drain.type === "DRAIN_NODE" && drain.graceSeconds).toBeLessThanOrEqual(20 * 60);
    }
    const alone = drains(false);
    expect(alone.some((d) => d.type === "DRAIN_NODE" && d.respectPdb)).toBe(true);
  });

  it("LIFE-6 the same holds for a blue-green worker pool", () => {
    const lifecycle = drains(true, { type: "BLUE_GREEN", nodePoolSoakSeconds: 0 });
    expect(lifecycle.length).toBeGreaterThan(0);
    for (const drain of lifecycle) expect(drain).toMatchObject({ respectPdb: false });
  });
});

import { describe, expect, it } from "vitest";
import { startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import type { ProviderCommand } from "../../src/provider/commands.ts";
import { drive, poolOf, T0, TARGET } from "./driver.ts";

function drains(pool: Parameters<typeof poolOf>[2]): ProviderCommand[] {
  const facts = poolOf({ a: 2 }, "1.30.1-gke.100", pool);
  const started = startNodePoolUpgrade({ operationId: "op-1", pool: facts, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  const sent: ProviderCommand[] = [];
  drive(started.value, T0, {
    observe: (_op, _at, decision) => sent.push(...decision.commands),
  });
  return sent.filter((c) => c.type === "DRAIN_NODE");
}

describe("which drains are best effort (LIFE-6 against NUP-3, NUP-9)", () => {
  it("NUP-3 a surge pool's drains honour PDBs with the grace of up to an hour and are never passed, however its upgrade was started", () => {
    const surge = drains({});
    expect(surge.length).toBeGreaterThan(0);
    for (const drain of surge) {
      expect(drain).toMatchObject({ respectPdb: true, graceSeconds: 3600 });
      expect(drain).not.toHaveProperty("passAfterSeconds");
    }
  });

  it("NUP-9 a blue-green pool evicts honouring PDBs while it drains; only its last phase deletes pods without them", () => {
    const blue = drains({ upgradeStrategy: { type: "BLUE_GREEN", nodePoolSoakSeconds: 0 } });
    expect(blue.length).toBeGreaterThan(0);
    expect(blue.some((d) => d.type === "DRAIN_NODE" && d.respectPdb)).toBe(true);
    for (const drain of blue) expect(drain).not.toHaveProperty("passAfterSeconds");
  });

  it("LIFE-6 an in-place (bare-metal) pool's drains are the best-effort ones: no PDB, 20 minutes, then passed", () => {
    const inPlace = drains({ inPlace: true });
    expect(inPlace.length).toBeGreaterThan(0);
    for (const drain of inPlace) {
      expect(drain).toMatchObject({
        respectPdb: false,
        graceSeconds: 1200,
        passAfterSeconds: 1200,
      });
    }
  });
});

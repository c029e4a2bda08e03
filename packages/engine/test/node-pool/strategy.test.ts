import { describe, expect, it } from "vitest";
import {
  autopilotSwitchRefusal,
  chooseStrategy,
  validateStrategyConfig,
} from "../../src/node-pool/strategy.ts";
import type { NodePoolFacts, UpgradeStrategySettings } from "../../src/node-pool/types.ts";
import { startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import { poolOf, T0, TARGET } from "./driver.ts";

function facts(
  extra: Partial<NodePoolFacts> = {},
  settings?: UpgradeStrategySettings,
): NodePoolFacts {
  const pool = poolOf({ a: 1 }, undefined, extra);
  if (settings !== undefined) pool.upgradeStrategy = settings;
  return pool;
}

describe("strategy choice and settings", () => {
  it("NUP-1 pools use surge by default, with maxSurge=1 and maxUnavailable=0 (NUP-2)", () => {
    expect(chooseStrategy(facts())).toEqual({
      ok: true,
      value: {
        strategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
        why: "NUP-1: default surge",
      },
    });
  });

  it("NUP-1 other pools use the configured strategy", () => {
    const chosen = chooseStrategy(facts({}, { type: "BLUE_GREEN" }));
    expect(chosen.ok && chosen.value.strategy.type).toBe("BLUE_GREEN");
  });

  it("NUP-1 Autopilot clusters and Autopilot-managed pools always use surge, whatever is configured", () => {
    for (const extra of [{ autopilotCluster: true }, { autopilotManaged: true }]) {
      const chosen = chooseStrategy(facts(extra, { type: "BLUE_GREEN", maxSurge: 5 }));
      expect(chosen).toMatchObject({
        ok: true,
        value: {
          strategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
          why: expect.stringMatching(/^NUP-1: Autopilot/),
        },
      });
    }
  });

  it("NUP-1 an Autopilot cluster's pool or an Autopilot-managed pool cannot be given another strategy or strategy settings (422); surge at its defaults is accepted", () => {
    for (const pool of [{ autopilotCluster: true }, { autopilotManaged: true }]) {
      for (const settings of [
        { type: "BLUE_GREEN" as const },
        { type: "AUTOSCALED_BLUE_GREEN" as const },
        { type: "SURGE" as const, maxSurge: 3 },
        { maxUnavailable: 1 },
        { batchPercent: 0.5 },
        { nodePoolSoakSeconds: 60 },
        { waitSeconds: 0 },
      ]) {
        const checked = validateStrategyConfig(pool, settings);
        expect(checked, JSON.stringify(settings)).toMatchObject({
          ok: false,
          error: { rule: "NUP-1", kind: "refused" },
        });
        if (!checked.ok) expect(checked.error.detail).toMatch(/^NUP-1: Autopilot/);
      }
      // What the API stores for `{}` or `{type: "SURGE"}`: every default filled in.
      const defaults = {
        type: "SURGE" as const,
        maxSurge: 1,
        maxUnavailable: 0,
        batchSoakSeconds: 0,
        nodePoolSoakSeconds: 3600,
        waitSeconds: 259_200,
      };
      expect(validateStrategyConfig(pool, defaults).ok).toBe(true);
      expect(validateStrategyConfig(pool, undefined).ok).toBe(true);
    }
    expect(validateStrategyConfig({}, { type: "BLUE_GREEN", batchPercent: 0.5 }).ok).toBe(true);
  });

  it("NUP-1 flex-start pools use short-lived, in Autopilot clusters too (seed)", () => {
    const chosen = chooseStrategy(
      facts({ flexStart: true, autopilotCluster: true }, { type: "BLUE_GREEN" }),
    );
    expect(chosen.ok && chosen.value.strategy).toEqual({ type: "SHORT_LIVED" });
  });

  it("NUP-1 queued-provisioning pools use short-lived from control plane 1.32.2-gke.1652000 on", () => {
    const newer = chooseStrategy(
      facts({ queuedProvisioning: true, controlPlaneVersion: "1.32.2-gke.1652000" }),
    );
    expect(newer.ok && newer.value.strategy.type).toBe("SHORT_LIVED");
    const older = chooseStrategy(
      facts({ queuedProvisioning: true, controlPlaneVersion: "1.32.2-gke.1651999" }),
    );
    expect(older.ok && older.value.strategy.type).toBe("SURGE");
  });

  it("NUP-1 SHORT_LIVED cannot be configured on other pools (422)", () => {
    expect(chooseStrategy(facts({}, { type: "SHORT_LIVED" }))).toMatchObject({
      ok: false,
      error: { rule: "NUP-1", kind: "refused" },
    });
  });

  it("NUP-2 maxSurge and maxUnavailable both 0 is rejected (422)", () => {
    expect(chooseStrategy(facts({}, { maxSurge: 0, maxUnavailable: 0 }))).toMatchObject({
      ok: false,
      error: { rule: "NUP-2", kind: "refused", detail: expect.stringMatching(/both 0/) },
    });
    expect(chooseStrategy(facts({}, { maxSurge: 0, maxUnavailable: 1 })).ok).toBe(true);
  });

  it("NUP-2 surge settings must be whole numbers ≥ 0 (422)", () => {
    for (const bad of [{ maxSurge: -1 }, { maxUnavailable: 1.5 }]) {
      expect(chooseStrategy(facts({}, bad))).toMatchObject({
        ok: false,
        error: { rule: "NUP-2", kind: "refused" },
      });
    }
  });

  it("NUP-8 blue-green defaults: 1-node batches, batch soak 0 s, node-pool soak 3600 s", () => {
    const chosen = chooseStrategy(facts({}, { type: "BLUE_GREEN" }));
    expect(chosen.ok && chosen.value.strategy).toEqual({
      type: "BLUE_GREEN",
      batch: { by: "COUNT", count: 1 },
      batchSoakSeconds: 0,
      nodePoolSoakSeconds: 3600,
    });
  });

  it("NUP-8 batchPercent must be within 0..1 and cannot be set with batchNodeCount (422)", () => {
    for (const bad of [
      { batchPercent: 1.2 },
      { batchPercent: -0.1 },
      { batchPercent: 0.5, batchNodeCount: 2 },
    ]) {
      expect(chooseStrategy(facts({}, { type: "BLUE_GREEN", ...bad }))).toMatchObject({
        ok: false,
        error: { rule: "NUP-8", kind: "refused" },
      });
    }
    const ok = chooseStrategy(facts({}, { type: "BLUE_GREEN", batchPercent: 1 }));
    expect(ok.ok && ok.value.strategy).toMatchObject({ batch: { by: "PERCENT", percent: 1 } });
  });

  it("NUP-10 waitSeconds defaults to 3 days and may not exceed 7 days (422)", () => {
    const base = { controlPlaneVersion: "1.34.0-gke.2201000", autoscalingEnabled: true };
    const chosen = chooseStrategy(facts(base, { type: "AUTOSCALED_BLUE_GREEN" }));
    expect(chosen.ok && chosen.value.strategy).toEqual({
      type: "AUTOSCALED_BLUE_GREEN",
      waitSeconds: 259_200,
    });
    expect(
      chooseStrategy(facts(base, { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 604_800 })).ok,
    ).toBe(true);
    expect(
      chooseStrategy(facts(base, { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 604_801 })),
    ).toMatchObject({
      ok: false,
      error: { rule: "NUP-10", kind: "refused" },
    });
  });

  it("NUP-10 needs control plane ≥ 1.34.0-gke.2201000 and autoscaling enabled (422)", () => {
    const settings: UpgradeStrategySettings = { type: "AUTOSCALED_BLUE_GREEN" };
    expect(
      chooseStrategy(
        facts({ controlPlaneVersion: "1.33.9-gke.9999999", autoscalingEnabled: true }, settings),
      ),
    ).toMatchObject({
      ok: false,
      error: {
        rule: "NUP-10",
        kind: "refused",
        detail: expect.stringMatching(/1\.34\.0-gke\.2201000/),
      },
    });
    expect(chooseStrategy(facts({ controlPlaneVersion: "1.35.0-gke.1" }, settings))).toMatchObject({
      ok: false,
      error: { rule: "NUP-10", kind: "refused" },
    });
  });

  it("VER-7 a node-pool upgrade may not go past the control plane version (422)", () => {
    const refused = startNodePoolUpgrade(
      { operationId: "x", pool: facts({ controlPlaneVersion: "1.31.0-gke.1" }), target: TARGET },
      T0,
    );
    expect(refused).toMatchObject({ ok: false, error: { rule: "VER-7", kind: "refused" } });
  });

  it("VER-1 an unparseable target version is a 400", () => {
    const refused = startNodePoolUpgrade(
      { operationId: "x", pool: facts(), target: { version: "latest", nodeImage: "cos" } },
      T0,
    );
    expect(refused).toMatchObject({ ok: false, error: { rule: "VER-1", kind: "malformed" } });
  });
});

describe("switching a cluster to Autopilot (NUP-1)", () => {
  it("NUP-1 a pool keeping another strategy or other surge settings refuses the switch, naming the pool; surge at its defaults or none switches", () => {
    expect(
      autopilotSwitchRefusal("c1", [
        { name: "plain" },
        { name: "surge", upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 } },
      ]).ok,
    ).toBe(true);
    expect(
      autopilotSwitchRefusal("c1", [{ name: "bg", upgradeStrategy: { type: "BLUE_GREEN" } }]),
    ).toMatchObject({
      ok: false,
      error: {
        rule: "NUP-1",
        kind: "refused",
        detail:
          "NUP-1: c1 cannot switch to Autopilot while node pool bg keeps its own upgrade strategy: Autopilot clusters' pools always upgrade by surge; upgradeStrategy.type BLUE_GREEN cannot be chosen; set it to surge's defaults first",
      },
    });
    expect(
      autopilotSwitchRefusal("c1", [{ name: "wide", upgradeStrategy: { maxSurge: 3 } }]),
    ).toMatchObject({ ok: false, error: { rule: "NUP-1" } });
  });
});

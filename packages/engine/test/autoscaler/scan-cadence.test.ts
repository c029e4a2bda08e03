import { describe, expect, it } from "vitest";
import {
  type AutoscalerDecision,
  initialAutoscalerState,
  nextScanAt,
  recordScaleUpFailure,
  type ScanFacts,
  WAITING_SCAN_MS,
} from "../../src/index.ts";
import { T0 } from "./fixtures.ts";

const SCAN = 10_000;

function facts(
  over: Partial<Omit<ScanFacts, "decision">> & {
    decision?: Partial<Pick<AutoscalerDecision, "actions" | "state" | "wakeAt">>;
  } = {},
): ScanFacts {
  return {
    inFlight: 0,
    pending: 0,
    upgrading: false,
    ...over,
    decision: {
      actions: [],
      state: initialAutoscalerState(),
      wakeAt: T0 + SCAN,
      ...over.decision,
    },
  };
}

describe("nextScanAt", () => {
  it("CA-3 an idle cluster (nothing pending, unneeded, backing off, in flight or upgrading) sleeps until something changes", () => {
    expect(nextScanAt(facts(), T0)).toBeUndefined();
  });

  it("CA-3 while nodes change the next pass comes at the pass's own wake-up", () => {
    expect(nextScanAt(facts({ inFlight: 2 }), T0)).toBe(T0 + SCAN);
    const action = {
      type: "SCALE_DOWN" as const,
      pool: "web",
      delta: -1,
      nodes: ["n1"],
      gracefulTerminationSeconds: 600,
      reason: "underused",
    };
    expect(nextScanAt(facts({ decision: { actions: [action] } }), T0)).toBe(T0 + SCAN);
  });

  it("CA-12 pods the pass could not help are looked at again at the waiting pace, not every scan", () => {
    expect(nextScanAt(facts({ pending: 3 }), T0)).toBe(T0 + WAITING_SCAN_MS);
  });

  it("CA-5 an unneeded node waiting out its time is scanned at the waiting pace, or when it is due if sooner", () => {
    const state = { ...initialAutoscalerState(), unneededSince: { n1: T0 } };
    expect(nextScanAt(facts({ decision: { state } }), T0)).toBe(T0 + WAITING_SCAN_MS);
    expect(nextScanAt(facts({ decision: { state, wakeAt: T0 + 5 * WAITING_SCAN_MS } }), T0)).toBe(
      T0 + 5 * WAITING_SCAN_MS,
    );
  });

  it("CA-4 a pool backing off is scanned at the waiting pace", () => {
    const quota = "scale.up.error.quota.exceeded";
    const state = recordScaleUpFailure(initialAutoscalerState(), "web", quota, T0);
    expect(nextScanAt(facts({ decision: { state } }), T0)).toBe(T0 + WAITING_SCAN_MS);
  });

  it("NUP-12 a pool under upgrade keeps a safety-net scan at the waiting pace", () => {
    expect(nextScanAt(facts({ upgrading: true }), T0)).toBe(T0 + WAITING_SCAN_MS);
  });
});

import { describe, expect, it } from "vitest";
import {
  MAX_SEQUENCE_STAGES,
  MAX_SOAK_SECONDS,
  MAX_STAGE_FLEETS,
  type SequenceStageInput,
  sequenceFleets,
  stageMembers,
  validateStages,
} from "../../src/index.ts";

const canary = { matchLabels: { canary: "true" } };

function refusal(stages: readonly SequenceStageInput[]) {
  const result = validateStages(stages);
  if (result.ok) throw new Error("expected a refusal");
  return result.error;
}

describe("rollout sequences with custom stages", () => {
  it("SEQ-15 a sequence has 1 to 10 stages, each naming 1 to 20 distinct fleets", () => {
    expect(refusal([]).detail).toMatch(
      /^SEQ-15: a rollout sequence has 1 to 10 stages; this one has 0/,
    );
    const eleven = Array.from({ length: MAX_SEQUENCE_STAGES + 1 }, (_, i) => ({
      fleets: [`f${i}`],
    }));
    expect(refusal(eleven)).toMatchObject({ rule: "SEQ-15", kind: "refused" });
    expect(refusal([{ fleets: [] }]).detail).toMatch(/stages\[0\] names 0 fleets/);
    const many = Array.from({ length: MAX_STAGE_FLEETS + 1 }, (_, i) => `f${i}`);
    expect(refusal([{ fleets: many }]).detail).toMatch(/names 21 fleets/);
    expect(refusal([{ fleets: ["a", "b", "a"] }]).detail).toBe(
      "SEQ-15: stages[0] names fleet a twice",
    );
    const ten = Array.from({ length: MAX_SEQUENCE_STAGES }, (_, i) => ({ fleets: [`f${i}`] }));
    expect(validateStages(ten).ok).toBe(true);
  });

  it("SEQ-15 a stage's soak is 0..30 days, 0 when left out", () => {
    expect(refusal([{ fleets: ["a"], soakSeconds: MAX_SOAK_SECONDS + 1 }]).detail).toBe(
      "SEQ-15: stages[0].soakSeconds 2592001 is outside 0..2592000 seconds (0 to 30 days)",
    );
    expect(refusal([{ fleets: ["a"], soakSeconds: -1 }]).rule).toBe("SEQ-15");
    const stored = validateStages([
      { fleets: ["a"] },
      { fleets: ["b"], soakSeconds: MAX_SOAK_SECONDS },
    ]);
    expect(stored).toEqual({
      ok: true,
      value: [
        { fleets: ["a"], soakSeconds: 0 },
        { fleets: ["b"], soakSeconds: MAX_SOAK_SECONDS },
      ],
    });
  });

  it("SEQ-15 a selector's expressions are well-formed: In and NotIn with values, Exists and DoesNotExist without", () => {
    expect(
      refusal([
        { fleets: ["a"], clusterSelector: { matchExpressions: [{ key: "tier", operator: "In" }] } },
      ]).detail,
    ).toBe(
      "SEQ-15: stages[0].clusterSelector.matchExpressions[0] uses In on tier with no values; it needs at least one",
    );
    expect(
      refusal([
        {
          fleets: ["a"],
          clusterSelector: {
            matchExpressions: [{ key: "canary", operator: "Exists", values: ["true"] }],
          },
        },
      ]).detail,
    ).toMatch(/uses Exists on canary with values; it takes none/);
    const values = Array.from({ length: 40 }, (_, i) => `v${i}`);
    expect(
      refusal([
        {
          fleets: ["a"],
          clusterSelector: { matchExpressions: [{ key: "k", operator: "In", values }] },
        },
      ]).detail,
    ).toMatch(/more than 32 labels, expressions and values/);
  });

  it("SEQ-16 a stage naming a fleet that an earlier stage takes whole is refused; a narrowed earlier stage leaves the rest", () => {
    expect(refusal([{ fleets: ["prod"] }, { fleets: ["staging", "prod"] }])).toMatchObject({
      rule: "SEQ-16",
      detail: expect.stringMatching(
        /^SEQ-16: stages\[1\] names fleet prod, but stages\[0\] takes every cluster of prod/,
      ),
    });
    // An empty selector takes the whole fleet just as none does (and is stored as none).
    expect(refusal([{ fleets: ["prod"], clusterSelector: {} }, { fleets: ["prod"] }]).rule).toBe(
      "SEQ-16",
    );
    const ok = validateStages([
      { fleets: ["prod"], clusterSelector: canary, soakSeconds: 86_400 },
      { fleets: ["prod"] },
    ]);
    expect(ok.ok).toBe(true);
    expect(validateStages([{ fleets: ["a"], clusterSelector: {} }])).toEqual({
      ok: true,
      value: [{ fleets: ["a"], soakSeconds: 0 }],
    });
  });

  it("SEQ-16 a cluster belongs to the first stage that selects it: a canary subset of production goes ahead of the rest", () => {
    const stages = [
      { fleets: ["staging"], soakSeconds: 0 },
      { fleets: ["prod"], clusterSelector: canary, soakSeconds: 86_400 },
      { fleets: ["prod"], soakSeconds: 0 },
    ];
    const members = stageMembers(stages, [
      { name: "s1", fleet: "staging" },
      { name: "p-canary", fleet: "prod", labels: { canary: "true" } },
      { name: "p-other", fleet: "prod", labels: { canary: "false" } },
      { name: "p-bare", fleet: "prod", labels: null },
      { name: "dev1", fleet: "dev" },
    ]);
    expect(members).toEqual({
      stages: [["s1"], ["p-canary"], ["p-other", "p-bare"]],
      unselected: ["dev1"],
    });
  });

  it("SEQ-16 matchExpressions select by In, NotIn, Exists and DoesNotExist, and a label change moves a cluster", () => {
    const stages = [
      {
        fleets: ["prod"],
        clusterSelector: {
          matchExpressions: [
            { key: "ring", operator: "In" as const, values: ["0", "1"] },
            { key: "frozen", operator: "DoesNotExist" as const },
          ],
        },
        soakSeconds: 0,
      },
      {
        fleets: ["prod"],
        clusterSelector: { matchExpressions: [{ key: "ring", operator: "Exists" as const }] },
        soakSeconds: 0,
      },
      {
        fleets: ["prod"],
        clusterSelector: {
          matchExpressions: [{ key: "ring", operator: "NotIn" as const, values: ["0"] }],
        },
        soakSeconds: 0,
      },
    ];
    const before = stageMembers(stages, [
      { name: "a", fleet: "prod", labels: { ring: "0" } },
      { name: "b", fleet: "prod", labels: { ring: "1", frozen: "yes" } },
      { name: "c", fleet: "prod", labels: {} },
    ]);
    expect(before).toEqual({ stages: [["a"], ["b"], ["c"]], unselected: [] });
    const after = stageMembers(stages, [{ name: "b", fleet: "prod", labels: { ring: "1" } }]);
    expect(after.stages).toEqual([["b"], [], []]);
  });

  it("SEQ-17 the fleets a sequence names, once each, in stage order", () => {
    expect(
      sequenceFleets([
        { fleets: ["staging"] },
        { fleets: ["prod", "staging"] },
        { fleets: ["eu"] },
      ]),
    ).toEqual(["staging", "prod", "eu"]);
  });
});

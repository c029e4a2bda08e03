import { describe, expect, it } from "vitest";
import {
  decideGroup,
  type GroupFacts,
  initialGroupState,
  rolloutStatus,
} from "../../src/sequencing/index.ts";
import { DAY } from "../../src/time/instant.ts";
import { ChainDriver, cluster, T0 } from "./driver.ts";

const R21 = "1.21.14-gke.4300";

function chain() {
  return new ChainDriver([
    { name: "testing", soakSeconds: 0, clusters: [cluster("t1", "1.21.5-gke.100")] },
    { name: "staging", soakSeconds: 0, clusters: [cluster("s1", "1.21.5-gke.100")] },
  ]);
}

describe("a group leaves its sequence", () => {
  it("SEQ-1 a group whose upstream has no rollout configuration says why it waits", () => {
    const driver = chain();
    const facts: GroupFacts = { ...driver.facts("staging"), upstreamMissing: true };
    const { state } = decideGroup(initialGroupState(), { kind: "EVALUATE", facts }, T0);
    expect(rolloutStatus(state, facts, T0).upgrades[0]).toMatchObject({
      version: R21,
      state: "PENDING",
      reason:
        "SEQ-1: upstream testing has no rollout configuration (removed from the sequence); staging waits until testing is configured again or it names another upstream",
    });
  });

  it("SEQ-1 SEQ-8 an upstream whose downstream was removed and added again tells it again what it qualified", () => {
    const driver = chain();
    driver.run(T0 + 2 * DAY);
    const testing = driver.states.get("testing") ?? initialGroupState();
    const alone: GroupFacts = { ...driver.facts("testing") };
    delete alone.downstream;
    const left = decideGroup(testing, { kind: "EVALUATE", facts: alone }, driver.now);
    expect(left.intents).toEqual([]);
    const back = decideGroup(
      left.state,
      { kind: "EVALUATE", facts: driver.facts("testing") },
      driver.now,
    );
    expect(back.intents.map((i) => i.kind === "NOTIFY_DOWNSTREAM" && i.message)).toEqual([
      expect.objectContaining({ outcome: "QUALIFIED", type: "CONTROL_PLANE", version: R21 }),
      expect.objectContaining({ outcome: "QUALIFIED", type: "NODE", version: R21 }),
    ]);
    // Said once: the next pass has nothing new to tell.
    const again = decideGroup(
      back.state,
      { kind: "EVALUATE", facts: driver.facts("testing") },
      driver.now,
    );
    expect(again.intents).toEqual([]);
  });
});

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";
import { invariantViolations, type Observed } from "./invariants.ts";

/**
 * The speed-invariance property (one test file per scenario, so CI spreads them over its
 * workers). DESIGN "Time": a scenario gives the same decisions, events and timestamps whether
 * virtual time moves in one-second steps, in one jump, or in the uneven jumps of alarms
 * running late at 86,400× (a wall millisecond late is 86.4 virtual seconds). Each case
 * replays a scenario from the same instant in fresh fleets, moving the clock as
 * fast-check draws it, and compares what the API shows with the same scenario run in
 * one-second steps. The invariants of ./invariants.ts are checked after every step.
 */

const START = Date.parse("2026-01-05T00:00:00Z");
const BLUE = "1.33.5-gke.100";
const GREEN = "1.34.1-gke.2201000";
const OLD = "1.21.11-gke.1100";
const NEW = "1.21.14-gke.4300";
/** Drawn cases per scenario (4 scenarios): CI runs 200 in all, beside the two fixed ones. */
const RUNS = 50;

/** One thing a scenario does at a given second of its life (a fault cleared, a pod put). */
interface Step {
  at: number;
  act: () => Promise<void>;
}

interface Scenario {
  name: string;
  /** Seconds the scenario runs for. */
  horizon: number;
  /** Seconds moved in one-second steps by the reference run (the busy start). */
  fineSeconds: number;
  /** The reference's step after the busy start (a minute unless the scenario is long). */
  coarseSeconds?: number;
  /** Sets the scenario up in fleets and clusters named after `ns`; returns its steps. */
  setUp(ns: string): Promise<Step[]>;
  /** Whether what is seen at the horizon is the story's end (else the horizon is short). */
  finished(observed: Observed): boolean;
  /** What a user sees, for the comparison and the invariants. */
  observe(ns: string): Promise<Observed>;
  tearDown(ns: string): Promise<void>;
}

async function ok(method: string, path: string, body?: unknown) {
  const res = await api(method, path, body === undefined ? {} : { body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function advance(seconds: number): Promise<void> {
  if (seconds <= 0) return;
  await ok("POST", "/v1/sim/advance", { seconds });
}

async function nodes(cluster: string, pool: string) {
  const body = await ok("GET", `/v1/clusters/${cluster}/nodes?pool=${pool}&limit=500`);
  return (body.items as { name: string; version: string; nodeImage: string; state: string }[]).map(
    (n) => ({ name: n.name, version: n.version, nodeImage: n.nodeImage, state: n.state }),
  );
}

/** A fleet `fleet` with cluster `cluster` on `version` and its pool `p` (one zone). */
async function fleetWithPool(
  fleet: string,
  cluster: string,
  version: string,
  pool: Record<string, unknown>,
): Promise<void> {
  await ok("PUT", `/v1/fleets/${fleet}`, {});
  await ok("PUT", `/v1/clusters/${cluster}`, clusterBody({ fleet, version }));
  await ok(
    "PUT",
    `/v1/clusters/${cluster}/node-pools/p`,
    poolBody({ zones: ["europe-west1-b"], ...pool }),
  );
}

/** The nodes each autoscaled blue-green case had before its upgrade. */
const original = new Map<string, string[]>();

/** The upgrade each case started, by case. */
const started = new Map<string, string>();

async function startUpgrade(ns: string, cluster: string): Promise<void> {
  const op = await ok("POST", `/v1/clusters/${cluster}/node-pools/p/upgrade`, {});
  started.set(ns, op.id);
}

/** What the case's upgrade shows, and the node image it upgrades to. */
async function operationOf(ns: string) {
  const op = await ok("GET", `/v1/operations/${started.get(ns)}`);
  const seen = { state: op.state, phase: op.phase, events: op.events, progress: op.progress };
  return { seen, targetImage: op.target.nodeImage as string };
}

async function decisions(cluster: string) {
  const body = await ok("GET", `/v1/clusters/${cluster}/autoscaler/decisions?limit=500`);
  return (body.items as Record<string, unknown>[]).map(({ id: _id, ...rest }) => rest);
}

export const autoscaledBlueGreen: Scenario = {
  name: "autoscaled blue-green with pinned pods",
  horizon: 2 * 3600,
  fineSeconds: 60,
  coarseSeconds: 120,
  finished: (seen) => (seen.operation as { state: string }).state === "SUCCEEDED",
  async setUp(ns) {
    const cluster = `${ns}-abg`;
    await fleetWithPool(ns, cluster, GREEN, {
      version: BLUE,
      nodeCount: 2,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 4 },
      upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 600 },
    });
    const blue = await nodes(cluster, "p");
    original.set(
      ns,
      blue.map((n) => n.name),
    );
    await ok("PUT", `/v1/clusters/${cluster}/workloads`, {
      pods: blue.map((node, i) => ({
        name: `app-${i}`,
        node: node.name,
        controller: "ReplicaSet",
        containers: [{ cpuMillis: 3000, memoryMiB: 1024 }],
      })),
    });
    await startUpgrade(ns, cluster);
    return [];
  },
  async observe(ns) {
    const cluster = `${ns}-abg`;
    const pods = await ok("GET", `/v1/clusters/${cluster}/workloads/pods?limit=500`);
    const operation = await operationOf(ns);
    return {
      operation: operation.seen,
      nodes: await nodes(cluster, "p"),
      decisions: await decisions(cluster),
      pods: pods.items,
      target: GREEN,
      original: original.get(ns),
      targetImage: operation.targetImage,
    };
  },
  async tearDown(ns) {
    await ok("DELETE", `/v1/clusters/${ns}-abg`);
  },
};

export const surgeWithFaults: Scenario = {
  name: "surge upgrade with an injected FAIL and quota waits",
  horizon: 2 * 3600,
  fineSeconds: 60,
  coarseSeconds: 120,
  finished: (seen) => (seen.operation as { state: string }).state === "SUCCEEDED",
  async setUp(ns) {
    const cluster = `${ns}-surge`;
    await fleetWithPool(ns, cluster, NEW, {
      version: OLD,
      nodeCount: 3,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    await ok("PUT", `/v1/sim/faults/${ns}-quota`, {
      match: { cluster, operation: "CREATE_NODE" },
      effect: "QUOTA_EXCEEDED",
      times: 2,
    });
    await ok("PUT", `/v1/sim/faults/${ns}-fail`, {
      match: { cluster, operation: "DRAIN_NODE" },
      effect: "FAIL",
      times: 1,
    });
    await startUpgrade(ns, cluster);
    return [];
  },
  async observe(ns) {
    const cluster = `${ns}-surge`;
    return {
      operation: (await operationOf(ns)).seen,
      nodes: await nodes(cluster, "p"),
      target: NEW,
    };
  },
  async tearDown(ns) {
    await api("DELETE", `/v1/sim/faults/${ns}-quota`);
    await api("DELETE", `/v1/sim/faults/${ns}-fail`);
    await ok("DELETE", `/v1/clusters/${ns}-surge`);
  },
};

export const updateRun: Scenario = {
  name: "two-stage update run with an after-stage wait and a closed maintenance window",
  horizon: 8 * 3600,
  fineSeconds: 60,
  coarseSeconds: 600,
  finished: (seen) => (seen.run as { state: string }).state === "Completed",
  async setUp(ns) {
    await ok("PUT", `/v1/fleets/${ns}`, {});
    await ok("PUT", `/v1/clusters/${ns}-a`, clusterBody({ fleet: ns, updateGroup: "first" }));
    // Monday 05:00 for two hours: closed when the run reaches it.
    await ok(
      "PUT",
      `/v1/clusters/${ns}-b`,
      clusterBody({
        fleet: ns,
        updateGroup: "second",
        maintenance: { windows: [{ start: "05:00", durationSeconds: 7200, days: ["MON"] }] },
      }),
    );
    await ok("POST", `/v1/fleets/${ns}/update-runs`, {
      name: "r",
      stages: [
        { name: "one", groups: [{ name: "first" }], afterStageWaitSeconds: 1800 },
        { name: "two", groups: [{ name: "second" }] },
      ],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    await ok("POST", `/v1/fleets/${ns}/update-runs/r/start`);
    return [];
  },
  async observe(ns) {
    const run = await ok("GET", `/v1/fleets/${ns}/update-runs/r`);
    const versions = await Promise.all(
      ["a", "b"].map(async (c) => (await ok("GET", `/v1/clusters/${ns}-${c}`)).status),
    );
    const memberOperations: Record<string, string> = {};
    for (const stage of run.stages)
      for (const group of stage.groups)
        for (const member of group.members)
          if (member.operation)
            memberOperations[member.operation] = (
              await ok("GET", `/v1/operations/${member.operation}`)
            ).state;
    return { run, clusters: versions, memberOperations };
  },
  async tearDown() {},
};

export const rolloutWithSoak: Scenario = {
  name: "two-group rollout with a soak",
  horizon: 5 * 3600,
  fineSeconds: 60,
  coarseSeconds: 600,
  finished: (seen) =>
    (seen.clusters as { pool: string }[]).every((cluster) => cluster.pool === NEW),
  async setUp(ns) {
    for (const fleet of [`${ns}-up`, `${ns}-down`]) {
      await fleetWithPool(fleet, `${fleet}-1`, OLD, {
        version: OLD,
        nodeCount: 1,
        upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
      });
    }
    await ok("PUT", `/v1/fleets/${ns}-up/rollout`, { defaultSoakSeconds: 2 * 3600 });
    await ok("PUT", `/v1/fleets/${ns}-down/rollout`, {
      upstreamFleet: `${ns}-up`,
      defaultSoakSeconds: 0,
    });
    return [];
  },
  async observe(ns) {
    const status = async (fleet: string) => ok("GET", `/v1/fleets/${fleet}/rollout`);
    const cluster = async (fleet: string) => {
      const body = await ok("GET", `/v1/clusters/${fleet}-1`);
      const pool = await ok("GET", `/v1/clusters/${fleet}-1/node-pools/p`);
      return { status: body.status, pool: pool.version };
    };
    return {
      up: await status(`${ns}-up`),
      down: await status(`${ns}-down`),
      clusters: [await cluster(`${ns}-up`), await cluster(`${ns}-down`)],
    };
  },
  async tearDown(ns) {
    // The zone's quota is shared by every case: give the nodes back.
    for (const fleet of [`${ns}-up`, `${ns}-down`]) await ok("DELETE", `/v1/clusters/${fleet}-1`);
  },
};

/** Names differ per case and operation ids are random: compare what they stand for. */
function normalize(ns: string, observed: Observed): unknown {
  const text = JSON.stringify(observed).replaceAll(ns, "NS");
  const ids = new Map<string, string>();
  const stable = (id: string, label: string) => {
    if (!ids.has(id)) ids.set(id, `${label}#${ids.size + 1}`);
    return ids.get(id) ?? id;
  };
  return JSON.parse(
    text
      .replace(/op-[0-9a-f-]{36}/g, (id) => stable(id, "op"))
      // Surge nodes carry a random token per operation: name them by first appearance.
      .replace(
        /\b([a-z][a-z0-9]*)-([a-z0-9]{5})-(\d+)-(\d+)\b/g,
        (_m, pool, token, z, i) => `${pool}-${stable(token, "t")}-${z}-${i}`,
      ),
  );
}

let cases = 0;
let invariantChecks = 0;

function checkInvariants(scenario: string, observed: Observed): void {
  expect(invariantViolations(observed), scenario).toEqual([]);
}

/**
 * Runs `scenario` from START, moving the clock by `jumps` (seconds; the rest of the
 * horizon in one jump), with the scenario's own steps at their instants. Invariants are
 * checked after every move.
 */
async function play(scenario: Scenario, jumps: readonly number[]) {
  const ns = `sv${++cases}`;
  await freezeClock(START);
  const steps = (await scenario.setUp(ns)).sort((a, b) => a.at - b.at);
  let now = 0;
  const moveTo = async (to: number) => {
    while (now < to) {
      const due = steps.find((s) => s.at > now && s.at <= to);
      const until = due ? due.at : to;
      await advance(until - now);
      now = until;
      if (due) await due.act();
      checkInvariants(scenario.name, await scenario.observe(ns));
      invariantChecks++;
    }
  };
  for (const jump of jumps) {
    if (now >= scenario.horizon) break;
    await moveTo(Math.min(scenario.horizon, now + jump));
  }
  await moveTo(scenario.horizon);
  const observed = await scenario.observe(ns);
  checkInvariants(scenario.name, observed);
  await scenario.tearDown(ns);
  return normalize(ns, observed);
}

/** The reference: one-second steps through the busy start, then coarser ones. */
function reference(scenario: Scenario): number[] {
  const coarse = scenario.coarseSeconds ?? 60;
  const rest = Math.ceil((scenario.horizon - scenario.fineSeconds) / coarse);
  return [...Array<number>(scenario.fineSeconds).fill(1), ...Array<number>(rest).fill(coarse)];
}

/** Jumps as alarms run late at 86,400×: 1–250 wall ms late is 86 s – 6 h of virtual time. */
const lateAlarms = fc.array(
  fc.integer({ min: 1, max: 250 }).map((ms) => Math.round(ms * 86.4)),
  { minLength: 1, maxLength: 12 },
);
/** Any jumps: single seconds, minutes, hours, or the whole horizon at once. */
const anyJumps = fc.array(
  fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 31, max: 4 * 3600 })),
  { minLength: 0, maxLength: 12 },
);

/**
 * The property for one scenario: its story in one-second steps (the reference), in one
 * jump, and in RUNS drawn series of jumps, all alike, invariants holding after every step.
 */
export function speedInvariance(scenario: Scenario): void {
  beforeAll(async () => {
    await seedBasics();
    await ok("PUT", "/v1/releases/2026-R9", {
      channel: "REGULAR",
      targets: { "1.34": GREEN },
      versions: [BLUE, GREEN],
      nodeImages: [],
      regions: {},
    });
  });

  describe("DESIGN Time: the same scenario gives the same story at any clock speed", () => {
    it(`a ${scenario.name} shows the same decisions, events and timestamps in one-second steps, in one jump and with alarms late as at 86,400×`, async () => {
      const expected = await play(scenario, reference(scenario));
      expect(scenario.finished(expected as Observed), JSON.stringify(expected)).toBe(true);
      expect(await play(scenario, [scenario.horizon])).toEqual(expected);
      const before = { cases, invariantChecks };
      await fc.assert(
        fc.asyncProperty(fc.oneof(lateAlarms, anyJumps), async (jumps) => {
          expect(await play(scenario, jumps)).toEqual(expected);
        }),
        { numRuns: RUNS, seed: 20261125, endOnFailure: true },
      );
      console.log(
        `speed invariance: ${scenario.name}: ${cases - before.cases} cases, ${invariantChecks - before.invariantChecks} invariant checks`,
      );
    }, 600_000);
  });
}

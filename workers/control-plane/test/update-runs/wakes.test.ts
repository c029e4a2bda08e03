import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runObjectName } from "../../src/objects/fleet/run-members/members.ts";
import {
  applyRunEvent,
  forgetRun,
  loadRun,
  takeReport,
} from "../../src/objects/update-run/host.ts";
import { flatMembers } from "../../src/objects/update-run/store.ts";
import type { ObjectWiring } from "../../src/objects/wiring.ts";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  FLEET,
  memberOf,
  NEW,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

/**
 * Time is discrete-event and cost follows events: a run is woken by its own alarm (its
 * recorded wake-up) and by the ends its fleet delivers, never by its fleet polling it.
 */

const fleet = () => env.FLEET.get(env.FLEET.idFromName(FLEET));
const runObject = (run: string) =>
  env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(FLEET, run)));

describe("update runs wake on their own", () => {
  it("RUN-2 a run waiting out its stage wait is not woken by its fleet's ticks (no polling); its own alarm ends the wait and starts the next stage", async () => {
    await cluster("wake-1", { updateGroup: "wake-a" });
    await cluster("wake-2", { updateGroup: "wake-b" });
    const created = await createRun({
      name: "wake-run",
      stages: [
        { name: "one", groups: [{ name: "wake-a" }], afterStageWaitSeconds: 3600 },
        { name: "two", groups: [{ name: "wake-b" }] },
      ],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api("POST", `/v1/fleets/${FLEET}/update-runs/wake-run/start`)).status).toBe(200);
    const waiting = await advanceRunUntil(
      "wake-run",
      (r) => r.stages[0]!.afterStageWaitEndsAt !== undefined,
    );
    const ends = Date.parse(waiting.stages[0]!.afterStageWaitEndsAt!);

    // The fleet's alarm, the cron's sweep: however often the fleet ticks while nothing
    // can change, the waiting run's object runs nothing.
    const before = (await runObject("wake-run").inspect()).counters.runs;
    for (let tick = 0; tick < 5; tick++) await fleet().tick();
    expect((await runObject("wake-run").inspect()).counters.runs).toBe(before);
    // Nor does the idle fleet keep a timer for the run: nothing of it is due before the
    // run's own wake-up.
    const fleetTimers = (await fleet().inspect()).timers.filter((t) => t.due < ends);
    expect(fleetTimers).toEqual([]);

    const next = await advanceRunUntil(
      "wake-run",
      (r) => memberOf(r, "wake-2").startedAt !== undefined,
    );
    expect(Date.parse(memberOf(next, "wake-2").startedAt!)).toBe(ends);
  });

  it("RUN-8 the fleet's index learns a run's state from the run when it changes (a delivery), so a finished run is known finished without the fleet asking it", async () => {
    await cluster("wake-3", { updateGroup: "wake-c" });
    const created = await createRun({
      name: "told-run",
      stages: [{ name: "one", groups: [{ name: "wake-c" }] }],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api("POST", `/v1/fleets/${FLEET}/update-runs/told-run/start`)).status).toBe(200);
    const done = await advanceRunUntil("told-run", (r) => r.state === "Completed");
    const before = (await runObject("told-run").inspect()).counters.runs;
    const indexed = (await fleet().updateRuns()).find((r) => r.name === "told-run");
    expect(indexed).toMatchObject({ state: "Completed", endedAt: Date.parse(done.endedAt!) });
    // Reading the index asked the run nothing.
    expect((await runObject("told-run").inspect()).counters.runs).toBe(before);
  });

  it("RUN-5 a start decided by a commit whose object went away before carrying it out goes out on the run's own wake-up: it is recorded with the decision, and no fleet polls the run", async () => {
    await cluster("wake-4", { updateGroup: "wake-d" });
    const created = await createRun({
      name: "orphan-run",
      stages: [{ name: "one", groups: [{ name: "wake-d" }] }],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The start's commit, and nothing after it (as when the object died right there).
    await runInDurableObject(runObject("orphan-run"), async (instance) => {
      const runtime = await (instance as unknown as { wiring: ObjectWiring }).wiring.ready();
      await runtime.commit((tx) => applyRunEvent(tx, { type: "START", at: tx.now }));
    });
    const run = await advanceRunUntil("orphan-run", (r) => r.state === "Completed", {
      stepSeconds: 60,
    });
    expect(memberOf(run, "wake-4").operation).toMatch(/^op-/);
  });

  it("RUN-5 the starts decided by several decisions of one transaction (ends taken together) go out in one delivery, not one delivery per decision", async () => {
    for (const n of [1, 2, 3, 4]) await cluster(`batch-${n}`, { updateGroup: "batch-g" });
    const created = await createRun({
      name: "batch-run",
      stages: [{ name: "one", groups: [{ name: "batch-g", maxConcurrency: 2 }] }],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const starts = await runInDurableObject(runObject("batch-run"), async (instance, state) => {
      const runtime = await (instance as unknown as { wiring: ObjectWiring }).wiring.ready();
      // The start decides two members; the first one's end, taken in the same transaction
      // (as a batch of ends is), decides a third: two decisions, and the one delivery carries
      // the starts still wanted when the transaction ends.
      await runtime.commit((tx) => {
        applyRunEvent(tx, { type: "START", at: tx.now });
        takeReport(tx, { cluster: "batch-1", operationIds: ["op-batch-1"], succeeded: true });
      });
      // As stored, before anything attempts them (a read would catch up on due timers).
      return state.storage.sql
        .exec<{ value: string }>("SELECT value FROM state WHERE key LIKE 'delivery:starts/%'")
        .toArray()
        .map((row) => JSON.parse(row.value) as { message: { intents: { cluster: string }[] } });
    });
    expect(starts.map((d) => d.message.intents.map((i) => i.cluster).sort())).toEqual([
      ["batch-2", "batch-3"],
    ]);
  });

  it("RUN-5 the decisions of one transaction (a batch of member answers) each see the run the one before left, and the run is stored once, as the last left it; a run forgotten after a decision of the same transaction leaves no row", async () => {
    for (const n of [1, 2, 3, 4]) await cluster(`once-${n}`, { updateGroup: "once-g" });
    const created = await createRun({
      name: "once-run",
      stages: [{ name: "one", groups: [{ name: "once-g", maxConcurrency: 4 }] }],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const seen = await runInDurableObject(runObject("once-run"), async (instance, state) => {
      const runtime = await (instance as unknown as { wiring: ObjectWiring }).wiring.ready();
      const states = (tx: Parameters<typeof loadRun>[0]) =>
        flatMembers(loadRun(tx)!).map((m) => `${m.cluster}:${m.state}`);
      const during = await runtime.commit((tx) => {
        applyRunEvent(tx, { type: "START", at: tx.now });
        const afterStart = states(tx);
        for (const n of [1, 2, 3]) {
          takeReport(tx, { cluster: `once-${n}`, operationIds: [`op-once-${n}`], succeeded: true });
        }
        return { afterStart, afterEnds: states(tx) };
      });
      const stored = state.storage.sql
        .exec<{ key: string; value: string }>("SELECT key, value FROM state WHERE key LIKE 'run:%'")
        .toArray();
      const members = stored
        .filter((row) => row.key.startsWith("run:m:"))
        .flatMap((row) => JSON.parse(row.value) as { cluster: string; state: string }[])
        .map((m) => `${m.cluster}:${m.state}`);
      // Forgotten in the transaction that also decided something: nothing of it is written.
      const createdAt = (await runtime.read((tx) => loadRun(tx)))!.createdAt;
      await runtime.commit((tx) => {
        applyRunEvent(tx, { type: "STOP", at: tx.now });
        forgetRun(tx, createdAt);
      });
      const left = state.storage.sql
        .exec<{ n: number }>("SELECT count(*) AS n FROM state WHERE key LIKE 'run:%'")
        .one().n;
      return { ...during, members, left };
    });
    expect(seen.afterStart).toEqual([
      "once-1:Running",
      "once-2:Running",
      "once-3:Running",
      "once-4:Running",
    ]);
    expect(seen.afterEnds).toEqual([
      "once-1:Completed",
      "once-2:Completed",
      "once-3:Completed",
      "once-4:Running",
    ]);
    expect(seen.members).toEqual(seen.afterEnds);
    expect(seen.left).toBe(0);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MaintenanceWindow, Weekday } from "../../src/maintenance/window.ts";
import { checkTree } from "./check-tree.ts";
import { created, type DriveOptions, drive, member, request, T0 } from "./driver.ts";

const DAYS: Weekday[] = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

const windowArb: fc.Arbitrary<MaintenanceWindow> = fc.record({
  start: fc.integer({ min: 0, max: 23 }).map((h) => `${String(h).padStart(2, "0")}:00`),
  durationSeconds: fc.integer({ min: 1, max: 8 }).map((h) => h * 3600),
  days: fc.subarray(DAYS, { minLength: 1 }),
});

const memberArb = fc.record({
  window: fc.option(windowArb, { nil: undefined }),
  atTarget: fc.boolean(),
  duration: fc.integer({ min: 0, max: 7200 }),
  fails: fc.boolean(),
});

const runArb = fc.array(
  fc.record({
    wait: fc.option(fc.integer({ min: 0, max: 7200 }), { nil: undefined }),
    groups: fc.array(fc.array(memberArb, { maxLength: 20 }), { minLength: 1, maxLength: 6 }),
  }),
  { minLength: 1, maxLength: 5 },
);

type Shape = typeof runArb extends fc.Arbitrary<infer T> ? T : never;

function build(shape: Shape, faults: boolean) {
  const members: (ReturnType<typeof member> & { group: string })[] = [];
  const durations = new Map<string, number>();
  const fails = new Set<string>();
  const stages = shape.map((stage, s) => ({
    name: `s${s}`,
    ...(stage.wait === undefined ? {} : { afterStageWaitSeconds: stage.wait }),
    groups: stage.groups.map((group, g) => {
      const name = `s${s}g${g}`;
      group.forEach((m, i) => {
        const cluster = `${name}m${i}`;
        members.push({
          ...member(cluster, {
            ...(m.window ? { maintenance: { windows: [m.window] } } : {}),
            ...(m.atTarget ? { version: "1.28.3" } : {}),
          }),
          group: name,
        });
        durations.set(cluster, m.duration);
        if (faults && m.fails) fails.add(cluster);
      });
      return { name };
    }),
  }));
  const run = created(request(members, { strategy: { stages } }));
  return { run, durations, fails };
}

const actionsArb = fc.record({
  stopAt: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
  restartAfter: fc.integer({ min: 0, max: 20_000 }),
  skipAt: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
  skipGroup: fc.nat(),
});

describe("update run properties", () => {
  it("RUN-8 RUN-9 RUN-10 RUN-11 RUN-12 for random strategies, windows, faults, stops and skips the state tree always satisfies the aggregation rules and no member is upgraded twice", () => {
    fc.assert(
      fc.property(runArb, fc.boolean(), actionsArb, (shape, faults, actions) => {
        const { run, durations, fails } = build(shape, faults);
        const groups = run.stages.flatMap((s) => s.groups.map((g) => g.name));
        const script: DriveOptions["script"] = [{ at: T0, event: (at) => ({ type: "START", at }) }];
        // RUN-10 and RUN-12 by the user at random times (refusals are logged, not thrown).
        if (actions.stopAt !== undefined) {
          const stopAt = T0 + actions.stopAt * 1000;
          script.push({ at: stopAt, event: (at) => ({ type: "STOP", at }) });
          script.push({
            at: stopAt + actions.restartAfter * 1000,
            event: (at) => ({ type: "START", at }),
          });
        }
        if (actions.skipAt !== undefined && groups.length > 0) {
          const name = groups[actions.skipGroup % groups.length]!;
          script.push({
            at: T0 + actions.skipAt * 1000,
            event: (at) => ({ type: "SKIP", at, targets: [{ type: "Group", name }] }),
          });
        }
        const { run: end, starts } = drive(run, T0, {
          duration: (c) => durations.get(c) ?? 0,
          fails,
          observe: checkTree,
          script,
        });
        const counts = new Map<string, number>();
        for (const s of starts) counts.set(s.cluster, (counts.get(s.cluster) ?? 0) + 1);
        for (const n of counts.values()) expect(n).toBe(1);
        expect(["Completed", "Skipped", "Failed"]).toContain(end.state);
      }),
      { numRuns: 60 },
    );
  });

  it("RUN-3 RUN-11 a member's end decided in place on the run the last decision left (as a host takes a batch of answers) tells the same story as one decided on a copy: the same starts, log, states and messages", () => {
    fc.assert(
      fc.property(
        runArb,
        fc.boolean(),
        fc.integer({ min: 1, max: 1_000 }),
        (shape, faults, seed) => {
          const script: DriveOptions["script"] = [
            { at: T0, event: (at) => ({ type: "START", at }) },
          ];
          const story = (inPlace: boolean) => {
            const { run, durations, fails } = build(shape, faults);
            return drive(run, T0, {
              duration: (c) => durations.get(c) ?? 0,
              fails,
              script,
              tieSeed: seed,
              logTree: true,
              inPlace,
            });
          };
          const copied = story(false);
          const inPlace = story(true);
          expect(inPlace.log).toEqual(copied.log);
          expect(inPlace.starts).toEqual(copied.starts);
          expect(inPlace.run).toEqual(copied.run);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("RUN-1 RUN-2 RUN-3 a run with no faults ends Completed (Skipped when every stage was) with every non-skipped member at the goal", () => {
    fc.assert(
      fc.property(runArb, (shape) => {
        const { run, durations } = build(shape, false);
        const { run: end, starts } = drive(run, T0, {
          duration: (c) => durations.get(c) ?? 0,
          script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
        });
        const allSkipped = end.stages.every((s) => s.state === "Skipped");
        expect(end.state).toBe(allSkipped ? "Skipped" : "Completed");
        const started = new Set(starts.map((s) => s.cluster));
        for (const stage of end.stages) {
          for (const group of stage.groups) {
            for (const m of group.members) {
              if (m.state === "Skipped") {
                expect(m.facts.version).toBe("1.28.3");
                continue;
              }
              expect(m.state).toBe("Completed");
              expect(started.has(m.cluster)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("EXT-8 whichever members' clusters leave the fleet and whenever, a run without faults never fails: each member that left before it ended is Skipped with the EXT-8 reason and is not started after it left", () => {
    const departuresArb = fc.array(
      fc.record({ pick: fc.nat(), at: fc.integer({ min: 0, max: 30_000 }) }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(runArb, departuresArb, (shape, picks) => {
        const { run, durations } = build(shape, false);
        const clusters = run.stages.flatMap((s) =>
          s.groups.flatMap((g) => g.members.map((m) => m.cluster)),
        );
        const left = new Map<string, number>();
        if (clusters.length > 0) {
          for (const { pick, at } of picks) {
            const cluster = clusters[pick % clusters.length]!;
            if (!left.has(cluster)) left.set(cluster, T0 + at * 1000);
          }
        }
        const script: DriveOptions["script"] = [{ at: T0, event: (at) => ({ type: "START", at }) }];
        for (const [cluster, leftAt] of left) {
          script.push({
            at: leftAt,
            event: (at) => ({
              type: "TICK",
              at,
              membership: { present: [], departed: [{ cluster, reason: "deleted" }] },
            }),
          });
        }
        const { run: end, log } = drive(run, T0, {
          duration: (c) => durations.get(c) ?? 0,
          observe: checkTree,
          script,
        });
        expect(["Completed", "Skipped"]).toContain(end.state);
        for (const line of log) {
          const started = /^\+(\d+)s start (\S+)/.exec(line);
          if (!started) continue;
          const leftAt = left.get(started[2]!);
          // The script plays START before a departure at the same instant, so a member may
          // start at the very instant its cluster leaves, but never after.
          if (leftAt !== undefined) {
            expect(T0 + Number(started[1]) * 1000).toBeLessThanOrEqual(leftAt);
          }
        }
        for (const stage of end.stages) {
          for (const group of stage.groups) {
            for (const m of group.members) {
              const leftAt = left.get(m.cluster);
              if (m.state === "Completed" && leftAt !== undefined) {
                expect(m.endedAt!).toBeLessThanOrEqual(leftAt);
              }
              if (m.skippedBy !== "fleet") continue;
              expect(left.has(m.cluster)).toBe(true);
              expect(m.state).toBe("Skipped");
              expect(m.message).toMatch(/^EXT-8: cluster \S+ was deleted/);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

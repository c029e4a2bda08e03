import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Pending,
  type Queue,
  queueInsert,
  queuePeek,
  queueSize,
  queueTakeDue,
} from "./queue.ts";

const pending = (seq: number, at: number): Pending => ({
  seq,
  event: { type: "COMMAND_SUCCEEDED", commandId: `c${seq}`, at },
});

describe("sim queue", () => {
  it("takes entries in (due time, submission) order however they were batched and taken", () => {
    const step = fc.oneof(
      fc.record({ insert: fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 20 }) }),
      fc.record({ take: fc.integer({ min: 0, max: 60 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let queue: Queue = [];
        let model: Pending[] = [];
        let seq = 0;
        for (const s of steps) {
          if ("insert" in s) {
            const batch = s.insert.map((at) => pending(seq++, at));
            queue = queueInsert(queue, batch);
            // An independent order, so the test pins the contract rather than the comparator.
            model = [...model, ...batch].sort((a, b) => a.event.at - b.event.at || a.seq - b.seq);
          } else {
            const taken = queueTakeDue(queue, s.take);
            queue = taken.queue;
            const due = model.filter((p) => p.event.at <= s.take);
            model = model.filter((p) => p.event.at > s.take);
            expect(taken.due).toEqual(due);
          }
          expect(queueSize(queue)).toBe(model.length);
          expect(queuePeek(queue)).toEqual(model[0]);
        }
      }),
    );
  });

  it("keeps a logarithmic number of runs for many single inserts", () => {
    let queue: Queue = [];
    for (let seq = 0; seq < 10_000; seq += 1) queue = queueInsert(queue, [pending(seq, seq % 97)]);
    expect(queue.length).toBeLessThanOrEqual(14);
    expect(queueSize(queue)).toBe(10_000);
  });

  it("shares untouched runs and never changes the queue it was given", () => {
    const before = queueInsert(queueInsert([], [pending(0, 10), pending(1, 20)]), [pending(2, 5)]);
    const snapshot: Queue = JSON.parse(JSON.stringify(before));
    const after = queueTakeDue(queueInsert(before, [pending(3, 1)]), 10).queue;
    expect(before).toEqual(snapshot);
    expect(queueSize(after)).toBe(1);
  });
});

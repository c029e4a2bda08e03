import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyBucketChanges,
  BucketDraft,
  bucketChanges,
  bucketIndexes,
  bucketValues,
  createBucketMap,
} from "./bucket-map.ts";

const entriesOf = (map: { buckets: [string, number][][] }) =>
  new Map(map.buckets.flat().map(([k, v]) => [k, v]));

describe("bucket map journal", () => {
  it("a journal of changes rebuilds the edited map from the stored one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 300 }),
        fc.array(
          fc.tuple(fc.string({ maxLength: 6 }), fc.option(fc.integer(), { nil: undefined })),
          { maxLength: 200 },
        ),
        fc.integer({ min: 1, max: 3 }),
        (initial, edits, rounds) => {
          const stored = createBucketMap<number>(initial, 400);
          let current = stored;
          let journal: [string, number | null][] = [];
          // Several decisions, each journalled on top of the last.
          for (let r = 0; r < rounds; r++) {
            const draft = new BucketDraft(current);
            for (const [key, value] of edits.slice(r * 70, (r + 1) * 70)) {
              if (value === undefined) draft.delete(key);
              else draft.put(key, value);
            }
            const next = draft.commit();
            journal = [...journal, ...bucketChanges(current, next)];
            current = next;
          }
          const rebuilt = applyBucketChanges(stored, journal);
          expect(entriesOf(rebuilt)).toEqual(entriesOf(current));
          expect(rebuilt.size).toBe(current.size);
          // Only the buckets of journalled keys need rewriting: every other bucket holds
          // what is stored (maybe as a copy, when a key was put and deleted again).
          const touched = new Set(
            bucketIndexes(
              stored,
              journal.map(([key]) => key),
            ),
          );
          stored.buckets.forEach((bucket, i) => {
            if (!touched.has(i)) expect(current.buckets[i]).toEqual(bucket);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("no change, no journal entry; a deletion is recorded as null", () => {
    const map = createBucketMap<number>(
      [
        ["a", 1],
        ["b", 2],
      ],
      300,
    );
    expect(bucketChanges(map, map)).toEqual([]);
    const draft = new BucketDraft(map);
    draft.delete("a");
    draft.put("c", 3);
    const next = draft.commit();
    expect(bucketChanges(map, next).sort()).toEqual([
      ["a", null],
      ["c", 3],
    ]);
    expect(bucketValues(applyBucketChanges(map, bucketChanges(map, next))).sort()).toEqual([2, 3]);
  });
});

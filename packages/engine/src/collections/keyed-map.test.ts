import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyEntryChanges,
  createKeyedMap,
  entryChanges,
  KeyedDraft,
  keyedValues,
  shardIndexes,
} from "./keyed-map.ts";

const entriesOf = (map: { shards: [string, number][][] }) =>
  new Map(map.shards.flat().map(([k, v]) => [k, v]));

describe("keyed map changes", () => {
  it("changes collected over several versions rebuild the latest from the first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 300 }),
        fc.array(
          fc.tuple(fc.string({ maxLength: 6 }), fc.option(fc.integer(), { nil: undefined })),
          { maxLength: 200 },
        ),
        fc.integer({ min: 1, max: 3 }),
        (initial, edits, rounds) => {
          const stored = createKeyedMap<number>(initial, 400);
          let current = stored;
          let changes: [string, number | null][] = [];
          // Several decisions, each one's changes added to the last's.
          for (let r = 0; r < rounds; r++) {
            const draft = new KeyedDraft(current);
            for (const [key, value] of edits.slice(r * 70, (r + 1) * 70)) {
              if (value === undefined) draft.delete(key);
              else draft.put(key, value);
            }
            const next = draft.commit();
            changes = [...changes, ...entryChanges(current, next)];
            current = next;
          }
          const rebuilt = applyEntryChanges(stored, changes);
          expect(entriesOf(rebuilt)).toEqual(entriesOf(current));
          expect(rebuilt.size).toBe(current.size);
          // Only the shards of changed keys differ: every other shard holds what the
          // first version held (maybe as a copy, when a key was put and deleted again).
          const touched = new Set(
            shardIndexes(
              stored,
              changes.map(([key]) => key),
            ),
          );
          stored.shards.forEach((shard, i) => {
            if (!touched.has(i)) expect(current.shards[i]).toEqual(shard);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("no change, no entry; a deletion is recorded as null", () => {
    const map = createKeyedMap<number>(
      [
        ["a", 1],
        ["b", 2],
      ],
      300,
    );
    expect(entryChanges(map, map)).toEqual([]);
    const draft = new KeyedDraft(map);
    draft.delete("a");
    draft.put("c", 3);
    const next = draft.commit();
    expect(entryChanges(map, next).sort()).toEqual([
      ["a", null],
      ["c", 3],
    ]);
    expect(keyedValues(applyEntryChanges(map, entryChanges(map, next))).sort()).toEqual([2, 3]);
  });
});

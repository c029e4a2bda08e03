import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countSeenIds, noSeenIds, rememberIds, type SeenIds } from "./seen-ids.ts";

describe("sim seen ids", () => {
  it("remembers exactly the distinct ids it was given, across and within batches", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ maxLength: 6 }), { maxLength: 10 })), (batches) => {
        let seen: SeenIds = noSeenIds();
        const model = new Set<string>();
        for (const batch of batches) {
          const result = rememberIds(seen, batch);
          const expected = batch.map((id) => {
            const isNew = !model.has(id);
            model.add(id);
            return isNew;
          });
          expect(result.fresh).toEqual(expected);
          seen = result.seen;
        }
        expect(countSeenIds(seen)).toBe(model.size);
      }),
    );
  });

  it("returns the same record when nothing is new, and leaves the old record unchanged", () => {
    const first = rememberIds(noSeenIds(), ["a", "b"]).seen;
    expect(rememberIds(first, ["a"]).seen).toBe(first);
    const second = rememberIds(first, ["c"]).seen;
    expect(countSeenIds(first)).toBe(2);
    expect(countSeenIds(second)).toBe(3);
  });
});

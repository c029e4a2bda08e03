import { describe, expect, it } from "vitest";
import {
  type ChainLink,
  maxGroupsSetting,
  validateChain,
  validateSoak,
} from "../../src/sequencing/index.ts";

const fleet = (group: string, upstream?: string): ChainLink =>
  upstream === undefined ? { group, kind: "FLEET" } : { group, kind: "FLEET", upstream };

describe("chain validation", () => {
  it("SEQ-1 a linear chain of three fleets is accepted and returned head first", () => {
    const result = validateChain(
      [fleet("testing"), fleet("staging", "testing")],
      fleet("production", "staging"),
    );
    expect(result).toEqual({ ok: true, value: ["testing", "staging", "production"] });
  });

  it("SEQ-1 a fourth group is refused by default and allowed when the deployment allows 10", () => {
    const others = [fleet("a"), fleet("b", "a"), fleet("c", "b")];
    const refused = validateChain(others, fleet("d", "c"));
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error).toMatchObject({ rule: "SEQ-1", kind: "refused" });
      expect(refused.error.detail).toContain("4 groups; at most 3");
    }
    expect(validateChain(others, fleet("d", "c"), maxGroupsSetting("10")).ok).toBe(true);
  });

  it("SEQ-1 the deployment setting outside 1..10 falls back to GKE's 3", () => {
    expect(maxGroupsSetting("11")).toBe(3);
    expect(maxGroupsSetting(undefined)).toBe(3);
    expect(maxGroupsSetting("7")).toBe(7);
  });

  it("SEQ-1 a cycle is refused", () => {
    const result = validateChain([fleet("a", "b"), fleet("b")], fleet("b", "a"));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.detail).toMatch(/^SEQ-1: .*cycle/);
  });

  it("SEQ-1 a group cannot be its own upstream", () => {
    const result = validateChain([], fleet("a", "a"));
    expect(result.ok ? undefined : result.error.rule).toBe("SEQ-1");
  });

  it("SEQ-1 a branch (two downstreams of one group) is refused", () => {
    const result = validateChain([fleet("a"), fleet("b", "a")], fleet("c", "a"));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.detail).toBe(
        "SEQ-1: a already has downstream b; a sequence cannot branch",
      );
  });

  it("SEQ-1 an unconfigured upstream is refused", () => {
    const result = validateChain([], fleet("b", "a"));
    expect(result.ok ? undefined : result.error.detail).toContain(
      "SEQ-1: upstream a has no rollout configuration",
    );
  });

  it("SEQ-2 a team scope cannot follow a fleet", () => {
    const result = validateChain([fleet("a")], {
      group: "b/frontend",
      kind: "SCOPE",
      upstream: "a",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ rule: "SEQ-2", kind: "refused" });
  });

  it("SEQ-2 a team-scope sequence takes one scope per fleet: a second scope of the same fleet, upstream or downstream, is refused (seed 000: not supported)", () => {
    const scope = (group: string, upstream?: string): ChainLink =>
      upstream === undefined ? { group, kind: "SCOPE" } : { group, kind: "SCOPE", upstream };
    // The seed's shape: one team's scope in each environment's fleet.
    expect(
      validateChain(
        [scope("testing/db"), scope("staging/db", "testing/db")],
        scope("prod/db", "staging/db"),
      ),
    ).toEqual({ ok: true, value: ["testing/db", "staging/db", "prod/db"] });
    const same = validateChain([scope("prod/web")], scope("prod/db", "prod/web"));
    expect(same.ok ? undefined : same.error).toMatchObject({ rule: "SEQ-2", kind: "refused" });
    expect(same.ok ? undefined : same.error.detail).toBe(
      "SEQ-2: a team-scope sequence takes one team scope per fleet; prod/web and prod/db are both in fleet prod",
    );
    // Joining as the head of a chain that already holds a scope of its fleet.
    const head = validateChain(
      [scope("staging/web", "prod/db"), scope("prod/web", "staging/web")],
      scope("prod/db"),
    );
    expect(head.ok ? undefined : head.error.rule).toBe("SEQ-2");
    const below = validateChain(
      [scope("testing/db"), scope("staging/db", "testing/db")],
      scope("testing/web", "staging/db"),
    );
    expect(below.ok ? undefined : below.error.rule).toBe("SEQ-2");
  });

  it("SEQ-7 soaks are 0..30 days, overrides included, one per version", () => {
    expect(validateSoak(0, []).ok).toBe(true);
    expect(validateSoak(30 * 86400, [{ version: "1.21.14-gke.4300", soakSeconds: 0 }]).ok).toBe(
      true,
    );
    const long = validateSoak(30 * 86400 + 1, []);
    expect(long.ok ? undefined : long.error).toMatchObject({ rule: "SEQ-7", kind: "refused" });
    const negative = validateSoak(3600, [{ version: "1.21.14-gke.4300", soakSeconds: -1 }]);
    expect(negative.ok ? undefined : negative.error.detail).toContain(
      "soakOverrides[0].soakSeconds",
    );
    const twice = validateSoak(3600, [
      { version: "1.21.14-gke.4300", soakSeconds: 0 },
      { version: "1.21.14-gke.4300", soakSeconds: 10 },
    ]);
    expect(twice.ok).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { checkAdminUpgrade, checkUserSkew } from "./skew.ts";

describe("admin/user version skew", () => {
  it("VER-5 a user cluster may trail its admin by one minor, not two", () => {
    expect(checkUserSkew("1.15.2", "1.16.0").ok).toBe(true);
    expect(checkUserSkew("1.16.0", "1.16.0").ok).toBe(true);
    const far = checkUserSkew("1.14.0", "1.16.0");
    expect(far.ok ? undefined : far.error).toMatchObject({ rule: "VER-5", kind: "refused" });
  });

  it("VER-5 a user cluster is never newer than its admin", () => {
    const newer = checkUserSkew("1.16.1", "1.16.0");
    expect(newer.ok ? undefined : newer.error.detail).toContain("newer than its admin");
  });

  it("VER-5 an admin moves to a new minor only when every user cluster is on its current minor", () => {
    const managed = [
      { name: "u1", version: "1.15.7" },
      { name: "u2", version: "1.14.9" },
    ];
    const refused = checkAdminUpgrade("1.15.3", "1.16.0", managed);
    expect(refused.ok ? undefined : refused.error.detail).toBe(
      "VER-5: admin upgrade to 1.16.0 needs every user cluster on 1.15 first; lagging: u2 (1.14.9)",
    );
    expect(checkAdminUpgrade("1.15.3", "1.15.9", managed).ok).toBe(true);
    expect(checkAdminUpgrade("1.15.3", "1.16.0", [managed[0]!]).ok).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { type Grants, mayAccess, type Resource } from "./access.ts";

const admin: Grants = { role: "admin", fleets: [], scopes: [] };
const operator: Grants = { role: "operator", fleets: ["prod"], scopes: ["dev/payments"] };
const viewer: Grants = { role: "viewer", fleets: ["prod"], scopes: [] };
const unbound: Grants = { role: "operator", fleets: [], scopes: [] };

const prod: Resource = { kind: "fleet", fleet: "prod" };
const payments: Resource = { kind: "fleet", fleet: "dev", scopes: ["payments"] };
const devOnly: Resource = { kind: "fleet", fleet: "dev", scopes: ["search"] };

describe("roles and scopes (API.md Auth): the one rule the API enforces and its pages follow", () => {
  it("admin may do everything; admin-only resources are nobody else's", () => {
    for (const resource of [prod, devOnly, { kind: "global" }, { kind: "admin-only" }] as const) {
      expect(mayAccess(admin, "write", resource)).toBe(true);
    }
    expect(mayAccess(operator, "read", { kind: "admin-only" })).toBe(false);
  });

  it("global inventory is read by every role and written by admins only", () => {
    expect(mayAccess(viewer, "read", { kind: "global" })).toBe(true);
    expect(mayAccess(operator, "write", { kind: "global" })).toBe(false);
  });

  it("an operator writes within its fleets and team scopes, a viewer only reads there", () => {
    expect(mayAccess(operator, "write", prod)).toBe(true);
    expect(mayAccess(operator, "write", payments)).toBe(true);
    expect(mayAccess(operator, "write", devOnly)).toBe(false);
    expect(mayAccess(viewer, "read", prod)).toBe(true);
    expect(mayAccess(viewer, "write", prod)).toBe(false);
    expect(mayAccess(viewer, "read", payments)).toBe(false);
  });

  it("a token bound to no fleet and no scope is fleet-wide for its role", () => {
    expect(mayAccess(unbound, "write", devOnly)).toBe(true);
    expect(mayAccess({ ...unbound, role: "viewer" }, "write", devOnly)).toBe(false);
  });
});

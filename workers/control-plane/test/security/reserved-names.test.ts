import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { expectProblem } from "../inventory/problems.ts";

describe("reserved token names (issue 7 item 12)", () => {
  for (const name of ["bootstrap-admin", "executor"]) {
    it(`a token may not be named ${name}: the server uses that name itself`, async () => {
      const res = await api("POST", "/v1/tokens", { body: { name, role: "viewer" } });
      expectProblem(res, 422, new RegExp(`${name} is reserved`));
      const list = await api("GET", "/v1/tokens?limit=500");
      expect(list.body.items.map((t: { name: string }) => t.name)).not.toContain(name);
    });
  }
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UpdateRunState } from "../packages/contract/src/update-runs.ts";

const rules = readFileSync(join(import.meta.dirname, "..", "docs/rules.md"), "utf8");

/** The text of one rule's section of docs/rules.md, up to the next heading. */
function section(rule: string): string {
  const start = rules.indexOf(`### ${rule} — `);
  expect(start, `docs/rules.md has no section ${rule}`).toBeGreaterThanOrEqual(0);
  const end = rules.indexOf("\n#", start + 1);
  return rules.slice(start, end < 0 ? undefined : end);
}

describe("docs/rules.md says the run states the API shows", () => {
  it("RUN-8 names every state a run, stage, group or member can show, Stopping included", () => {
    const text = section("RUN-8");
    const missing = UpdateRunState.options.filter((state) => !text.includes(state));
    expect(missing).toEqual([]);
  });

  it("RUN-10 RUN-11 say a run shows Stopping while upgrades under way finish, then Stopped or Failed", () => {
    expect(section("RUN-10")).toContain("`Stopping`");
    expect(section("RUN-11")).toContain("`Stopping`");
  });
});

import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** One axe-core finding, as much of it as a report needs. */
export interface Violation {
  id: string;
  impact: "minor" | "moderate" | "serious" | "critical" | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core (WCAG 2 A and AA) on the page as it is now and returns what it finds.
 * The page's policy lets no script in but its own (SEC-8): open the page in a context
 * made with `bypassCSP: true` for the audit only, so axe can be added.
 * @example const violations = await audit(page); expect(serious(violations)).toEqual([]);
 */
export async function audit(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) {
    await page.addScriptTag({ path: AXE });
  }
  const found = (await page.evaluate(`
    axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } }).then((r) =>
      r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => n.target.join(" ")),
      })),
    )
  `)) as Violation[];
  return found;
}

/** The violations that block a person: serious or critical, as "id: help (where)". */
export function serious(violations: Violation[]): string[] {
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).join(", ")})`);
}

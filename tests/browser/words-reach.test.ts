import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit, serious, type Violation } from "./a11y.ts";
import { ARTIFACTS, launch } from "./chromium.ts";
import { bank, putRollouts, seedBank } from "./client.ts";
import { see, shot, signedIn, watchResponses } from "./page.ts";
import { shared } from "./shared.ts";

// Issue 27 items 10 (words for people) and 11 (reach: accessibility on every page).
const cp = shared();
const { call } = cp;
const B = bank("words");
const PAYMENTS = `/v1/clusters/${B.cluster("production-europe-west3-1")}/node-pools/payments`;
let browser: Browser;
let audited: BrowserContext;
const findings: Record<string, Violation[]> = {};

const RUN = `/v1/fleets/${B.production}/update-runs/r-words`;

beforeAll(async () => {
  [browser] = await Promise.all([launch(), seedBank(call, B)]);
  await putRollouts(call, B);
  await call("POST", `/v1/fleets/${B.production}/update-runs`, {
    name: "r-words",
    strategy: "by-region",
    upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
  });
  await call("POST", `${RUN}/start`);
  // The audit adds axe-core to the page: only its own context lets a script in.
  audited = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await writeFile(join(ARTIFACTS, "a11y.json"), JSON.stringify(findings, null, 2)).catch(() => {});
  await browser?.close();
});

async function tab(context: BrowserContext | Browser, route: string): Promise<Page> {
  const page = watchResponses(await context.newPage());
  await signedIn(page, cp.url, cp.token, route);
  return page;
}

/** The page's whole text: no "1 nodes", no raw ISO instants, no leading rule IDs. */
async function wordsOf(page: Page): Promise<string> {
  return ((await page.locator("body").textContent()) ?? "").replace(/\s+/g, " ");
}

describe("words for people, and every page reachable", () => {
  it("RUN-8 MW-1 a member held outside its windows reads as a sentence first, its rules as links to their explanation, its instant as a date", async () => {
    // A cluster whose only window opens 12 hours from the sim's now, whatever time it is.
    const sim = await call<{ now: string }>("GET", "/v1/sim");
    const opens = new Date(Date.parse(sim.now) + 12 * 3600_000).toISOString().slice(11, 16);
    await call("PUT", "/v1/fleets/words", {});
    await call("PUT", "/v1/clusters/words-1", {
      fleet: "words",
      role: "standalone",
      region: "europe-west3",
      releaseChannel: "REGULAR",
      version: "1.21.11-gke.1100",
      updateGroup: "g",
      maintenance: {
        windows: [
          {
            start: opens,
            durationSeconds: 3600,
            days: ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"],
            timeZone: "UTC",
          },
        ],
        exclusions: [],
      },
    });
    await call("POST", "/v1/fleets/words/update-runs", {
      name: "held",
      stages: [{ name: "only", groups: [{ name: "g" }] }],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
    });
    await call("POST", "/v1/fleets/words/update-runs/held/start");
    const page = await tab(browser, "#/fleets/words/runs/held");
    const member = page.locator("tr[data-member]").first();
    await see(member).toBeVisible();
    await shot(page, "run-held-words");
    await see(member.locator(".message a.rule")).toBeVisible();
    const message = ((await member.locator(".message").textContent()) ?? "").trim();
    expect(message).not.toMatch(/^[A-Z]+-\d+:/);
    expect(message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(message).toMatch(/^[A-Z]/);
    expect(message).toMatch(/\w{3} \d{1,2} \w{3}, \d{2}:\d{2} UTC \((in|\d)/);
    const rule = member.locator(".message a.rule").first();
    const id = (await rule.textContent()) ?? "";
    expect(await rule.getAttribute("href")).toBe(`#/rules/${id}`);
    await shot(page, "run-held-words");
    await rule.click();
    await see(page.getByRole("heading", { level: 1 })).toContainText(`${id}:`);
    await shot(page, "rule-page");
    const words = await wordsOf(page);
    expect(words).not.toMatch(/\b1 (bars|nodes|members|batches|steps)\b/);
    await page.close();
  });

  it("a schema refusal reads 'field: required', not zod's words", async () => {
    const page = await tab(browser, `#/clusters/${B.cluster("production-europe-west3-1")}`);
    // A refusal of the kind zod gives, for the page to word (the API's own shape).
    await page.route("**/node-pools/payments/upgrade", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/problem+json",
        body: JSON.stringify({
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail:
            "invalid request: json.version: Invalid input: expected string, received undefined",
          errors: [
            { path: "json.version", message: "Invalid input: expected string, received undefined" },
          ],
        }),
      }),
    );
    await page.locator('tr[data-pool="payments"]').getByRole("button").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Node image").selectOption("cos-105-17412-1");
    await dialog.getByRole("button", { name: "Start the upgrade" }).click();
    await see(dialog.getByRole("alert")).toContainText("Version: required");
    expect(await dialog.getByRole("alert").textContent()).not.toContain("Invalid input");
    await page.close();
  });

  it("a #token= link pasted into a tab that is already open logs in with it", async () => {
    const page = await browser.newPage();
    await page.goto(`${cp.url}/`);
    await see(page.getByLabel("API token")).toBeVisible();
    await page.evaluate(`location.hash = "#token=${encodeURIComponent(cp.token)}"`);
    await see(page.getByText("bootstrap-admin")).toBeVisible();
    await see(
      page.getByRole("heading", { name: `Fleet ${B.production}`, exact: true }),
    ).toBeVisible();
    expect(page.url()).not.toContain("token=");
    await page.close();
  });

  it("every page of the dashboard has no serious or critical accessibility violation (axe-core, WCAG 2 A/AA)", async () => {
    const prompt = await audited.newPage();
    await prompt.goto(`${cp.url}/`);
    await see(prompt.getByLabel("API token")).toBeVisible();
    findings["token entry"] = await audit(prompt);
    await prompt.close();

    const op = await call<{ id: string }>("POST", `${PAYMENTS}/upgrade`, {
      nodeImage: "cos-105-17412-1",
    });
    // A stage with a message whose rule is a link (RUN-12), as a stage that waits, failed or
    // was skipped shows: the run page is audited with one.
    const run = await call<{ stages: { name: string }[] }>("GET", RUN);
    await call("POST", `${RUN}/skip`, {
      targets: [{ type: "Stage", name: run.stages[run.stages.length - 1]!.name }],
    });
    const pages: [string, string, string][] = [
      ["overview", "#/", `Fleet ${B.production}`],
      ["fleet", `#/fleets/${B.production}`, "Clusters"],
      ["cluster", `#/clusters/${B.cluster("production-europe-west3-1")}`, "Node pools"],
      ["operation", `#/operations/${op.id}`, "Zones"],
      ["run", `#/fleets/${B.production}/runs/r-words`, "Timeline"],
      ["rule", "#/rules/NUP-8", "NUP-8: Blue-green phases, batches and soak"],
    ];
    for (const [name, route, heading] of pages) {
      const page = await tab(audited, route);
      await see(page.getByRole("heading", { name: heading })).toBeVisible();
      findings[name] = await audit(page);
      if (name === "cluster") {
        await page.locator('tr[data-pool="payments"]').getByRole("button").click();
        await see(page.getByRole("dialog")).toBeVisible();
        findings["upgrade dialog"] = await audit(page);
      }
      await page.close();
    }
    const blocking = Object.fromEntries(
      Object.entries(findings).map(([name, found]) => [name, serious(found)]),
    );
    expect(blocking).toEqual(Object.fromEntries(Object.keys(findings).map((name) => [name, []])));
  });
});

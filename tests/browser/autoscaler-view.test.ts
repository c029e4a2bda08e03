import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { autoscalerDemo } from "../../scripts/demo/autoscaler.ts";
import { launch } from "./chromium.ts";
import { bank, seedShared } from "./client.ts";
import { open as openAs, refusedByPolicy, see, shot, WAIT } from "./page.ts";
import { shared } from "./shared.ts";

const cp = shared();
const { call } = cp;
const B = bank("scale");
let browser: Browser;

const DEMO = autoscalerDemo();
const CLUSTER = DEMO.cluster.name;
const DECISIONS = `/v1/clusters/${CLUSTER}/autoscaler/decisions`;

interface Decision {
  id: number;
  pool: string | null;
  action: string;
}

async function decisions(query = ""): Promise<Decision[]> {
  return (await call<{ items: Decision[] }>("GET", `${DECISIONS}?limit=500${query}`)).items;
}

/** Moves the sim clock a minute at a time until `done` holds (bounded): never a sleep. */
async function advanceUntil(done: () => Promise<boolean>, steps = 240): Promise<void> {
  for (let step = 0; step < steps; step++) {
    if (await done()) return;
    await call("POST", "/v1/sim/advance", { seconds: 60 });
  }
  throw new Error("the autoscaler demo did not get there");
}

// Three bursts and quiet spells take most of the file, longer than the default hook allows
// on two busy cores.
beforeAll(async () => {
  [browser] = await Promise.all([launch(), seedShared(call)]);
  // The README's autoscaler demo, driven by the clock: a burst scales up, a quiet spell down;
  // in a lab fleet of this file's own.
  await call("PUT", `/v1/fleets/${B.lab}`, {});
  await call("PUT", `/v1/clusters/${CLUSTER}`, { ...DEMO.cluster.body, fleet: B.lab });
  for (const { name, body } of DEMO.nodePools) {
    await call("PUT", `/v1/clusters/${CLUSTER}/node-pools/${name}`, body);
  }
  const [burst, quiet] = DEMO.snapshots;
  // Three bursts and quiet spells: more history than one page of the decisions holds.
  for (let cycle = 1; cycle <= 3; cycle++) {
    await call("PUT", `/v1/clusters/${CLUSTER}/workloads`, burst!.body);
    await advanceUntil(async () =>
      (
        await call<{ items: { state: string }[] }>("GET", `/v1/clusters/${CLUSTER}/nodes?limit=500`)
      ).items.every((n) => n.state === "READY"),
    );
    await call("PUT", `/v1/clusters/${CLUSTER}/workloads`, quiet!.body);
    await advanceUntil(async () => (await decisions("&action=SCALE_DOWN")).length >= cycle);
    await call("POST", "/v1/sim/advance", { seconds: 1800 });
  }
  // The log is mostly no-ops: each pass the burst left unchanged says so once.
  await call("POST", "/v1/sim/advance", { seconds: 3600 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

/** A tab logged in with the admin token (the link `npm start` prints), at `route`. */
const open = (route: string, width = 1280) => openAs(browser, cp.url, cp.token, route, width);

/** The `data-action` of every decision row the table shows now. */
const shownActions = (page: Page) =>
  page
    .locator("table.decisions tbody tr")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-action")));

describe("the autoscaler view (issue 27 item 8)", () => {
  afterEach(() => expect(refusedByPolicy).toEqual([]));

  it("CA-17 the pool sizes are a chart with the scale-ups and scale-downs marked, and a table as its text alternative", async () => {
    const ups = (await decisions("&action=SCALE_UP")).length;
    const downs = (await decisions("&action=SCALE_DOWN")).length;
    expect(ups).toBeGreaterThan(0);
    expect(downs).toBeGreaterThan(0);
    const page = await open(`#/clusters/${CLUSTER}`);
    const chart = page.getByRole("img", { name: /Nodes per pool over time/ });
    await see(chart).toBeVisible();
    expect(await chart.getAttribute("data-scale-ups")).toBe(String(ups));
    expect(await chart.getAttribute("data-scale-downs")).toBe(String(downs));
    await see(chart.locator("path.mark.up")).toHaveCount(ups);
    await see(chart.locator("path.mark.down")).toHaveCount(downs);
    expect(await chart.locator("desc").textContent()).toContain(`${ups} scale-ups`);
    // The same numbers as a table, for whoever cannot see the chart.
    await page.getByText("Pool size as a table").click();
    const table = page.locator("figure.chart table");
    await see(table.locator("tbody tr")).toHaveCount(ups + downs);
    await see(page.getByText(/counted back from each pool's nodes now/)).toBeVisible();
    await shot(page, "autoscaler-chart");
    await page.close();
  });

  it("CA-17 the decisions hide no-ops until asked, filter by pool and action, and page through history", async () => {
    const all = await decisions();
    const noops = all.filter((d) => d.action === "NOOP").length;
    expect(noops).toBeGreaterThan(0);
    const page = await open(`#/clusters/${CLUSTER}`);
    const rows = page.locator("table.decisions tbody tr");
    await see(rows).toBeVisible();
    // By default: what changed something, never a no-op.
    const scaling = all.filter((d) => d.action !== "NOOP").length;
    await see(rows).toHaveCount(Math.min(scaling, 25));
    expect(await shownActions(page)).not.toContain("NOOP");
    await see(page.getByRole("row").filter({ hasText: "SCALE_UP" })).toBeVisible();
    await shot(page, "autoscaler-decisions");

    await page.getByRole("checkbox", { name: "No change" }).check();
    await expect.poll(() => shownActions(page), WAIT).toContain("NOOP");
    // Newest first, 25 a page: the older pages hold the rest of the log.
    expect(all.length).toBeGreaterThan(25);
    await see(rows).toHaveCount(25);
    const pager = page.getByRole("navigation", { name: "pages of decisions" });
    const firstPage = await rows.first().textContent();
    await pager.getByRole("button", { name: "Older →" }).click();
    await see(pager).toContainText("page 2");
    await see(rows).toHaveCount(Math.min(all.length - 25, 25));
    expect(await rows.first().textContent()).not.toBe(firstPage);
    await pager.getByRole("button", { name: "← Newer" }).click();
    await see(pager).toContainText("page 1");
    await expect.poll(() => rows.first().textContent(), WAIT).toBe(firstPage);

    // A pool that scaled down: which one the quiet spells shrink is the autoscaler's
    // choice, and the browser files share one control plane and its clock.
    const shrunk = all.find((d) => d.action === "SCALE_DOWN" && d.pool !== null)?.pool;
    expect(shrunk, "no pool scaled down").toBeDefined();
    await page.getByRole("combobox", { name: "Pool" }).selectOption(shrunk!);
    await expect
      .poll(
        () => rows.evaluateAll((trs) => [...new Set(trs.map((tr) => tr.children[1]?.textContent))]),
        WAIT,
      )
      .toEqual([shrunk]);
    await page.getByRole("checkbox", { name: "Scale up" }).uncheck();
    await page.getByRole("checkbox", { name: "No change" }).uncheck();
    await page.getByRole("checkbox", { name: "Backoff" }).uncheck();
    const downs = (await decisions(`&pool=${shrunk}&action=SCALE_DOWN`)).length;
    expect(downs).toBeGreaterThan(0);
    // Each unchecked box reloads the page of decisions: wait for the last one's rows, not a
    // count an earlier answer may happen to show too.
    await expect
      .poll(() => shownActions(page), WAIT)
      .toEqual(Array.from({ length: Math.min(downs, 25) }, () => "SCALE_DOWN"));
    await shot(page, "autoscaler-filtered");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "autoscaler-phone");
    await page.close();
  });
});

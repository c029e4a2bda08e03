import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./chromium.ts";
import { bank, putRollouts, seedBank } from "./client.ts";
import { open as openAs, refusedByPolicy, see, shot, WAIT, watchPolicy } from "./page.ts";
import { shared } from "./shared.ts";

const cp = shared();
const { call } = cp;
const B = bank("nav");
let browser: Browser;

const LAB = B.cluster("lab-europe-west3-1");

// Seeding the bank takes most of the file, longer than the default hook allows on two busy cores.
beforeAll(async () => {
  [browser] = await Promise.all([launch(), seedBank(call, B)]);
  await putRollouts(call, B);
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

/** A tab logged in with the admin token (the link `npm start` prints), at `route`. */
const open = (route: string, width = 1280) => openAs(browser, cp.url, cp.token, route, width);

describe("where everything is (issue 27 item 9)", () => {
  afterEach(() => expect(refusedByPolicy).toEqual([]));

  it("SEQ-1 the overview lists the fleets in rollout order, upstream first, then those in no sequence", async () => {
    const page = await open("#/");
    // Other files' fleets share the page: this file's four keep their order among them.
    const headings = page.getByRole("heading", { level: 2, name: `Fleet ${B.prefix}-` });
    await see(headings).toHaveCount(4);
    expect(await headings.allTextContents()).toEqual([
      `Fleet ${B.testing}`,
      `Fleet ${B.staging}`,
      `Fleet ${B.production}`,
      `Fleet ${B.lab}`,
    ]);
    await page.close();
  });

  it("SEQ-13 a fleet link opens the fleet's page: its place in the sequence with the soak, its clusters' windows and next openings, and every update run, paged", async () => {
    // Twelve runs: more than a page of ten, so the history pages.
    const runs = Array.from({ length: 12 }, (_, i) => `r-${String(i + 1).padStart(2, "0")}`);
    for (const name of runs) {
      await call("POST", `/v1/fleets/${B.staging}/update-runs`, {
        name,
        strategy: "by-region",
        upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
      });
      // Creation instants order the history: each run a minute after the last.
      await call("POST", "/v1/sim/advance", { seconds: 60 });
    }

    // The oldest has ended: every stage skipped (RUN-12), it runs through to its end at once.
    const first = `/v1/fleets/${B.staging}/update-runs/r-01`;
    await call("POST", `${first}/skip`, {
      targets: [
        { type: "Stage", name: "asia-southeast2" },
        { type: "Stage", name: "europe-west3" },
      ],
    });
    await call("POST", `${first}/start`);
    let ended = "";
    for (let step = 0; step < 20 && !ended; step++) {
      const run = await call<{ state: string }>("GET", first);
      if (!["NotStarted", "Running"].includes(run.state)) ended = run.state;
      else await call("POST", "/v1/sim/advance", { seconds: 60 });
    }
    expect(ended).not.toBe("");

    const page = await open("#/");
    await page.getByRole("link", { name: `Open fleet ${B.staging}` }).click();
    await see(page.getByRole("heading", { level: 1 })).toContainText(`Fleet ${B.staging}`);
    expect(page.url()).toContain(`#/fleets/${B.staging}`);

    const sequence = page.locator("section", {
      has: page.getByRole("heading", { name: "Rollout sequence" }),
    });
    await see(sequence).toContainText(`Upstream: ${B.testing}`);
    await see(sequence).toContainText(`Downstream: ${B.production}`);
    await see(sequence).toContainText("Soak: 7d after each upgrade");
    const chain = sequence.getByRole("list", { name: `sequence from ${B.testing}` });
    await see(chain.getByRole("listitem")).toHaveCount(3);
    await see(chain.locator("[aria-current=page]")).toContainText(B.staging);

    const clusters = page.locator("section", {
      has: page.getByRole("heading", { name: "Clusters" }),
    });
    const row = clusters.getByRole("row", { name: B.cluster("staging-europe-west3-1") });
    await see(row).toContainText("Mon–Fri 19:00 for 10h (Europe/Berlin)");
    const cluster = await call<{ status: { nextWindowOpen?: string } }>(
      "GET",
      `/v1/clusters/${B.cluster("staging-europe-west3-1")}`,
    );
    expect(cluster.status.nextWindowOpen).toBeDefined();
    await expect
      .poll(async () => (await row.getByRole("cell").last().textContent()) ?? "", WAIT)
      .toMatch(/open now|UTC \(in \d/);

    const history = page.locator("section", {
      has: page.getByRole("heading", { name: "Update runs" }),
    });
    const names = history.locator("tbody th");
    await see(names).toHaveCount(10);
    expect(await names.allTextContents()).toEqual([...runs].reverse().slice(0, 10));
    await shot(page, "fleet-page");
    await history.getByRole("button", { name: "Older →" }).click();
    await see(names).toHaveCount(2);
    expect(await names.allTextContents()).toEqual(["r-02", "r-01"]);
    // A run that is over stays in the history, with the state it ended in.
    await see(history.getByRole("row", { name: /r-01/ })).toContainText(ended);
    await history.getByRole("button", { name: "← Newer" }).click();
    await see(names).toHaveCount(10);

    // The chain's groups are links to their fleets' pages.
    await chain.getByRole("link", { name: B.testing }).click();
    await see(page.getByRole("heading", { level: 1 })).toContainText(`Fleet ${B.testing}`);
    await see(page.getByText("First in its sequence")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "fleet-page-phone");
    await page.close();
  });

  it("LIFE-4 a cluster's page lists its operations, and a cluster upgrade's pool operations are links", async () => {
    const upgrade = await call<{ id: string }>("POST", `/v1/clusters/${LAB}/upgrade`, {
      version: "1.21.14-gke.4300",
    });
    // The control plane first, then each worker pool as an operation of its own (LIFE-3).
    let child: string | undefined;
    for (let step = 0; step < 120 && !child; step++) {
      const op = await call<{ events: { message: string }[] }>(
        "GET",
        `/v1/operations/${upgrade.id}`,
      );
      child = op.events
        .map((e) => /upgrades as (op-[0-9a-f-]{36})/.exec(e.message)?.[1])
        .find(Boolean);
      if (!child) await call("POST", "/v1/sim/advance", { seconds: 120 });
    }
    expect(child).toBeDefined();

    const page = await open("#/");
    await page.getByRole("link", { name: LAB }).click();
    await see(page.getByRole("heading", { level: 1 })).toContainText(`Cluster ${LAB}`);
    const operations = page.locator("section", {
      has: page.getByRole("heading", { name: "Operations" }),
    });
    const rows = operations.locator("tbody tr");
    await see(rows.filter({ hasText: "cluster upgrade to 1.21.14-gke.4300" })).toHaveCount(1);
    // The cluster upgrade indexes its pools' operations in the same instant as itself
    // (readable by id from the start), so they are listed beside it, in id order.
    const texts = await rows.allTextContents();
    expect(texts.some((t) => t.includes("node-pool upgrade of "))).toBe(true);

    const maintenance = page.locator("section", {
      has: page.getByRole("heading", { name: "Maintenance" }),
    });
    await see(maintenance).toContainText("Mon–Fri 19:00 for 10h (Europe/Berlin)");
    await see(maintenance).toContainText("Next opening for automatic upgrades:");
    await shot(page, "cluster-operations");

    await rows.filter({ hasText: "cluster upgrade" }).getByRole("link").click();
    await see(page.getByRole("heading", { level: 1 })).toContainText(`Cluster ${LAB} upgrade`);
    const events = page.locator("ol.events");
    await events.getByRole("link", { name: child! }).first().click();
    await see(page.getByRole("heading", { level: 1 })).toContainText("Node pool");
    expect(page.url()).toContain(`#/operations/${child}`);
    await shot(page, "child-operation");
    await page.close();
  });

  it("a page whose first read failed (the control plane answered 503) reads again on its own, with backoff, and shows what it loaded without a change to watch; so does the rules page", async () => {
    const page = watchPolicy(await browser.newPage({ viewport: { width: 1280, height: 900 } }));
    let refused = 0;
    // The cluster's own read fails twice, as an overloaded or restarting deployment answers.
    await page.route(`**/v1/clusters/${LAB}`, async (route) => {
      if (route.request().method() !== "GET" || refused >= 2) return route.continue();
      refused++;
      await route.fulfill({
        status: 503,
        contentType: "application/problem+json",
        body: JSON.stringify({
          title: "Service Unavailable",
          status: 503,
          detail: "the control plane is restarting",
        }),
      });
    });
    await page.goto(`${cp.url}/#token=${encodeURIComponent(cp.token)}`);
    await see(page.getByRole("link", { name: "Regatta" })).toBeVisible();
    await page.goto(`${cp.url}/#/clusters/${LAB}`);
    const failed = page.getByRole("alert").filter({ hasText: "the control plane is restarting" });
    await see(failed).toBeVisible();
    // The sim clock is frozen: nothing changes that a watch would report.
    await see(page.getByRole("heading", { name: "Node pools" })).toBeVisible();
    await see(failed).toBeHidden();
    expect(refused).toBe(2);

    // The rules (a static file, read once per page): a failed read is not kept as the answer.
    let rulesRefused = 0;
    await page.route("**/rules.json", (route) =>
      rulesRefused++ === 0 ? route.fulfill({ status: 503, body: "" }) : route.continue(),
    );
    await page.goto(`${cp.url}/#/rules/NUP-8`);
    await see(page.getByRole("heading", { name: /^NUP-8: / })).toBeVisible();
    expect(rulesRefused).toBe(2);
    await page.close();
  });

  it('a read the control plane never answers is given up after READ_TIMEOUT_MS and read again, so the page does not stay "Loading"', async () => {
    const page = watchPolicy(await browser.newPage({ viewport: { width: 1280, height: 900 } }));
    let held = 0;
    // The cluster's first read hangs: a request that was dropped and never answered.
    await page.route(`**/v1/clusters/${LAB}`, async (route) => {
      if (route.request().method() !== "GET" || held >= 1) return route.continue();
      held++;
      await new Promise<void>(() => {});
    });
    await page.goto(`${cp.url}/#token=${encodeURIComponent(cp.token)}`);
    await see(page.getByRole("link", { name: "Regatta" })).toBeVisible();
    await page.goto(`${cp.url}/#/clusters/${LAB}`);
    await see(page.getByRole("heading", { name: "Node pools" })).toBeVisible();
    expect(held).toBe(1);
    await page.close();
  });
});

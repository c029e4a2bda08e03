/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./chromium.ts";
import { bank, seedBank } from "./client.ts";
import { open, refusedByPolicy, see, shot, WAIT } from "./page.ts";
import { shared } from "./shared.ts";

// Issue 27 items 6 (no one-click production upgrade) and 7 (one measure of progress).
const cp = shared();
const { call } = cp;
const B = bank("act");
let browser: Browser;
let viewerToken: string;

const CLUSTER = B.cluster("production-asia-southeast2-1");
const IMAGE = "cos-105-17412-1";

beforeAll(async () => {
  [browser] = await Promise.all([launch(), seedBank(call, B)]);
  viewerToken = (
    await call<{ token: string }>("POST", "/v1/tokens", {
      name: `${B.prefix}-watcher`,
      role: "viewer",
    })
  ).token;
});

afterAll(async () => {
  await browser?.close();
});

/** The blue-green upgrade the first test starts from the dialog. */
let started: string | undefined;

/** The pool's nodes: a blue-green upgrade that started has coloured them. */
const colours = async (cluster: string, pool: string) =>
  (
    await call<{ items: { pool: string; color?: string }[] }>(
      "GET",
      `/v1/clusters/${cluster}/nodes?limit=500`,
    )
  ).items
    .filter((n) => n.pool === pool)
    .map((n) => n.color ?? "none");

describe("dashboard actions and progress", () => {
  afterEach(() => expect(refusedByPolicy).toEqual([]));

  it("NUP-8 Upgrade asks first: a labelled modal dialog names cluster, pool, strategy, version and image and says what will happen; Escape starts nothing", async () => {
    const page = await open(browser, cp.url, cp.token, `#/clusters/${CLUSTER}`);
    const row = page.locator('tr[data-pool="payments"]');
    await see(row).toBeVisible();
    await row.getByRole("button", { name: "Upgrade node pool payments…" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade node pool payments" });
    await see(dialog).toBeVisible();
    await see(dialog).toContainText(CLUSTER);
    await see(dialog).toContainText(`fleet ${B.production}`);
    await see(dialog).toContainText("BLUE_GREEN");
    // The API's own choice preselected: the control plane's version, the pool's image.
    const version = dialog.getByLabel("Target version");
    const image = dialog.getByLabel("Node image");
    await see(version).toBeVisible();
    expect(await version.inputValue()).toBe("1.21.11-gke.1100");
    expect(await image.inputValue()).toBe("cos-97-16919-1");
    await see(dialog).toContainText("already runs");
    await image.selectOption(IMAGE);
    await see(dialog.locator(".consequence")).toContainText(
      "Creates 4 new nodes in a green pool on 1.21.11-gke.1100 (cos-105-17412-1), cordons the 4 blue nodes, drains the blue nodes in 4 batches of 1 node, waiting 10m after each, soaks the pool 1h",
    );
    // Focus is inside the modal; the page behind is inert.
    expect(
      await page.evaluate("document.querySelector('dialog').contains(document.activeElement)"),
    ).toBe(true);
    expect(await page.evaluate("document.querySelector('dialog').open")).toBe(true);
    await shot(page, "upgrade-dialog");
    await page.keyboard.press("Escape");
    await see(dialog).toBeHidden();
    expect(await colours(CLUSTER, "payments")).toEqual(["none", "none", "none", "none"]);

    await row.getByRole("button", { name: "Upgrade node pool payments…" }).click();
    await dialog.getByLabel("Node image").selectOption(IMAGE);
    await dialog.getByRole("button", { name: "Start the upgrade" }).click();
    await see(page.getByRole("heading", { level: 1 })).toContainText("Node pool payments upgrade");
    started = /#\/operations\/([^/]+)$/.exec(page.url())?.[1];
    expect(started).toBeDefined();
    await see(page.locator(".progress")).toContainText("nodes moved to green");
    await page.close();
  });

  it("NUP-8 a blue-green upgrade counts one thing, nodes moved to green, and its zones add up to the headline", async () => {
    const ids = [started!];
    const page = await open(browser, cp.url, cp.token, `#/operations/${ids[0]}`);
    const headline = page.locator(".progress[data-progress]");
    await see(headline).toContainText("nodes moved to green");
    const seen = new Set<string>();
    for (let step = 0; step < 40; step++) {
      const op = await call<{ state: string; progress: { done: number } }>(
        "GET",
        `/v1/operations/${ids[0]}`,
      );
      // The page follows by itself; read it once it shows this state's numbers.
      await see(page.locator("li.zone")).toBeVisible();
      seen.add(await addsUp(page));
      if (seen.has("2/4")) await shot(page, "blue-green-progress");
      if (op.state !== "RUNNING") break;
      await call("POST", "/v1/sim/advance", { seconds: 300 });
    }
    expect(seen.size).toBeGreaterThan(1);
    // Once it succeeded the blue nodes are gone: the zones still add up to 4 of 4.
    await see(page.locator("h1")).toContainText("SUCCEEDED");
    expect(await addsUp(page)).toBe("4/4");
    await page.close();
  });

  /**
   * The headline and the zones read in one task, so a re-render between two reads cannot
   * pair one state's headline with another's zones; returns the headline's `done/total`.
   */
  async function addsUp(page: Page): Promise<string> {
    const { progress, zones } = await page.evaluate(() => ({
      progress: document.querySelector(".progress[data-progress]")?.getAttribute("data-progress"),
      zones: [...document.querySelectorAll("li.zone [data-zone-progress]")].map(
        (z) => z.textContent ?? "",
      ),
    }));
    const [done, total] = (progress ?? "").split("/").map(Number) as [number, number];
    const perZone = zones.map((text) => /^(\d+) of (\d+) nodes? moved to green/.exec(text));
    expect(zones.filter((_, i) => !perZone[i])).toEqual([]);
    expect(perZone.reduce((sum, m) => sum + Number(m![1]), 0)).toBe(done);
    expect(perZone.reduce((sum, m) => sum + Number(m![2]), 0)).toBe(total);
    expect(total).toBe(4);
    return `${done}/${total}`;
  }

  it("LIFE-3 a cluster upgrade says what it counts: upgrade steps", async () => {
    const lab = B.cluster("lab-asia-southeast2-1");
    const op = await call<{ id: string }>("POST", `/v1/clusters/${lab}/upgrade`, {
      version: "1.21.14-gke.4300",
    });
    const page = await open(browser, cp.url, cp.token, `#/operations/${op.id}`);
    await see(page.locator(".progress")).toContainText("upgrade steps done");
    await shot(page, "cluster-upgrade-progress");
    await page.close();
  });

  it("CA-1 pool rows show live nodes per zone and the autoscaling bounds; a pool scaled to 0 shows 0", async () => {
    const cluster = B.cluster("staging-europe-west3-1");
    const page = await open(browser, cp.url, cp.token, `#/clusters/${cluster}`);
    const spot = page.locator('tr[data-pool="spot-workers"]');
    await see(spot.locator("[data-bounds]")).toContainText("0–5 per zone");
    await see(page.locator('tr[data-pool="default-pool"] [data-live-nodes]')).toContainText(
      "6 nodes in all",
    );
    await see(page.locator('tr[data-pool="batch"] [data-bounds]')).toContainText("off");
    // The batch pool resized to no nodes: its row reads 0 in each zone, not "2 × 2".
    const batch = await call<Record<string, unknown>>(
      "GET",
      `/v1/clusters/${cluster}/node-pools/batch`,
    );
    const { name: _name, ...spec } = batch;
    await call("PUT", `/v1/clusters/${cluster}/node-pools/batch`, {
      machineType: spec.machineType,
      zones: spec.zones,
      nodeCount: 0,
      version: spec.version,
      nodeImage: spec.nodeImage,
      upgradeStrategy: spec.upgradeStrategy,
    });
    await page.reload();
    const row = page.locator('tr[data-pool="batch"]');
    await see(row.locator("[data-live-nodes]")).toContainText("0 nodes in all");
    await see(row.locator('[data-zone="europe-west3-a"]')).toContainText("europe-west3-a: 0");
    await shot(page, "cluster-pools");
    await page.close();
  });

  it("RUN-12 skip and stop ask first; skip is secondary, stop destructive; a viewer has no write buttons", async () => {
    await call("POST", `/v1/fleets/${B.testing}/update-runs`, {
      name: "r-confirm",
      strategy: "by-region",
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
    });
    await call("POST", `/v1/fleets/${B.testing}/update-runs/r-confirm/start`);
    const page = await open(browser, cp.url, cp.token, `#/fleets/${B.testing}/runs/r-confirm`);
    const skip = page
      .locator("tr[data-member]")
      .first()
      .getByRole("button", { name: /^skip member/ });
    await see(skip).toBeVisible();
    expect(await skip.getAttribute("class")).toBe("secondary");
    await skip.click();
    const dialog = page.getByRole("dialog");
    await see(dialog).toContainText("is not upgraded by this run");
    await shot(page, "skip-dialog");
    await dialog.getByRole("button", { name: "Back" }).click();
    await see(dialog).toBeHidden();
    const run = await call<{ stages: { groups: { members: { state: string }[] }[] }[] }>(
      "GET",
      `/v1/fleets/${B.testing}/update-runs/r-confirm`,
    );
    expect(run.stages[0]!.groups[0]!.members[0]!.state).not.toBe("Skipped");
    const stop = page.getByRole("button", { name: "Stop" });
    expect(await stop.getAttribute("class")).toBe("destructive");
    await stop.click();
    await see(page.getByRole("dialog", { name: "Stop run r-confirm?" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.close();

    const viewer = await open(browser, cp.url, viewerToken, `#/clusters/${CLUSTER}`);
    await see(viewer.locator('tr[data-pool="payments"]')).toBeVisible();
    await see(viewer.getByText("(read only)")).toBeVisible();
    // Paging through the autoscaler's decisions is reading, not writing: the pager stays.
    await see(viewer.locator("main button:not(nav.pager button)")).toHaveCount(0);
    await viewer.goto(`${cp.url}/#/fleets/${B.testing}/runs/r-confirm`);
    await see(viewer.locator("tr[data-member]").first()).toBeVisible();
    await see(viewer.locator("main").getByRole("button")).toHaveCount(0);
    await viewer.close();
  });

  it("RUN-3 a running member's Gantt bar grows with the control plane's clock, with nothing else changing", async () => {
    await call("POST", `/v1/fleets/${B.staging}/update-runs`, {
      name: "r-grow",
      strategy: "by-region",
      upgrade: { type: "Full", kubernetesVersion: "1.21.14-gke.4300" },
    });
    await call("POST", `/v1/fleets/${B.staging}/update-runs/r-grow/start`);
    const path = `/v1/fleets/${B.staging}/update-runs/r-grow`;
    type Run = { stages: { groups: { members: { startedAt?: string; endedAt?: string }[] }[] }[] };
    const upgrading = (run: Run) =>
      run.stages.some((s) =>
        s.groups.some((g) => g.members.some((m) => m.startedAt && !m.endedAt)),
      );
    for (let step = 0; step < 72; step++) {
      if (upgrading(await call<Run>("GET", path))) break;
      await call("POST", "/v1/sim/advance", { seconds: 3600 });
    }
    expect(upgrading(await call<Run>("GET", path))).toBe(true);
    const page = await open(browser, cp.url, cp.token, `#/fleets/${B.staging}/runs/r-grow`);
    const open_ = page.locator("g[data-member]:has(text[data-so-far])").first();
    await see(open_).toBeVisible();
    const before = Number(await open_.getAttribute("data-duration-ms"));
    await call("POST", "/v1/sim/advance", { seconds: 120 });
    await expect
      .poll(async () => Number(await open_.getAttribute("data-duration-ms")), {
        timeout: WAIT.timeout,
        interval: 100,
      })
      .toBeGreaterThanOrEqual(before + 120_000);
    await shot(page, "gantt-growing");
    await page.close();
  });
});

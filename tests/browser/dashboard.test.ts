import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./chromium.ts";
import { bank, putRollouts, seedBank } from "./client.ts";
import { open as openAs, refusedByPolicy, see, shot, watchPolicy } from "./page.ts";
import { shared } from "./shared.ts";

const cp = shared();
const { call } = cp;
const B = bank("dash");
let browser: Browser;
let viewerToken: string;

const RUN = `/v1/fleets/${B.production}/update-runs/r25`;

beforeAll(async () => {
  [browser] = await Promise.all([launch(), seedBank(call, B)]);
  const viewer = await call<{ token: string }>("POST", "/v1/tokens", {
    name: `${B.prefix}-watcher`,
    role: "viewer",
  });
  viewerToken = viewer.token;
});

afterAll(async () => {
  await browser?.close();
});

const open = (token: string, route: string, width = 1280): Promise<Page> =>
  openAs(browser, cp.url, token, route, width);

describe("the dashboard", () => {
  // Every page of every test runs under the policy: nothing it needs may be refused.
  afterEach(() => expect(refusedByPolicy).toEqual([]));

  it("shows fleets and their clusters with version, channel and phase", async () => {
    const page = await open(cp.token, "#/");
    const heading = page.getByRole("heading", { name: `Fleet ${B.production}`, exact: true });
    await see(heading).toBeVisible();
    const production = page.locator("section", {
      has: heading,
    });
    await see(production.getByRole("row").nth(1)).toContainText("REGULAR");
    await see(page.getByText("admin", { exact: true })).toBeVisible();
    await shot(page, "overview-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "overview-phone");
    await page.close();
  });

  it("a run started through the API changes state live, and its Gantt gains bars", async () => {
    await call("POST", `/v1/fleets/${B.production}/update-runs`, {
      name: "r25",
      strategy: "by-region",
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
    });
    const page = await open(cp.token, `#/fleets/${B.production}/runs/r25`);
    const title = page.getByRole("heading", { level: 1 });
    await see(title).toContainText("NotStarted");
    await see(page.getByRole("button", { name: "Start" })).toBeVisible();
    await see(page.getByText("No member has started yet")).toBeVisible();
    await see(page.locator(".live")).toHaveText("live");

    await call("POST", `${RUN}/start`);
    // Members start only in their own windows (after business hours where each region
    // is), so the clock moves, an hour at a time, until one is open — whatever the time
    // of day the test runs at.
    for (let step = 0; step < 72; step++) {
      const run = await call<{ state: string }>("GET", RUN);
      if (run.state === "Running") break;
      await call("POST", "/v1/sim/advance", { seconds: 3600 });
    }
    // No reload: the run's object tells the page, which re-reads the run.
    await see(title).toContainText("Running");
    await see(page.getByRole("button", { name: "Stop" })).toBeVisible();
    await see(page.locator("svg[data-bars]")).toBeVisible();
    const barsAtStart = Number(await page.locator("svg[data-bars]").getAttribute("data-bars"));
    expect(barsAtStart).toBeGreaterThan(0);
    await shot(page, "run-started");

    // Virtual time moves only when the test moves it: members finish, more start.
    let bars = barsAtStart;
    for (let step = 0; step < 40 && bars <= barsAtStart; step++) {
      await call("POST", "/v1/sim/advance", { seconds: 3600 });
      await see(page.locator("tr[data-member] .state.ok").first()).toBeVisible();
      bars = Number(await page.locator("svg[data-bars]").getAttribute("data-bars"));
    }
    expect(bars).toBeGreaterThan(barsAtStart);
    await see(page.locator("tr[data-member]").first()).toContainText("Completed");
    await shot(page, "run-progress");

    for (let step = 0; step < 200; step++) {
      const run = await call<{ state: string }>("GET", RUN);
      if (run.state === "Completed") break;
      await call("POST", "/v1/sim/advance", { seconds: 7200 });
    }
    await see(title).toContainText("Completed");
    await see(page.getByRole("button", { name: "Stop" })).toHaveCount(0);
    await shot(page, "run-completed");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "run-phone");
    await page.close();
  });

  it("a viewer token sees the run and no action buttons", async () => {
    await call("POST", `/v1/fleets/${B.staging}/update-runs`, {
      name: "r25-staging",
      strategy: "by-region",
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
    });
    const page = await open(viewerToken, `#/fleets/${B.staging}/runs/r25-staging`);
    await see(page.getByRole("heading", { level: 1 })).toContainText("NotStarted");
    await see(page.getByText("(read only)")).toBeVisible();
    await see(page.locator("main").getByRole("button")).toHaveCount(0);
    await see(page.locator("tr[data-member]").first()).toBeVisible();
    await shot(page, "run-viewer");
    await page.close();
  });

  it("a rollout sequence shows its chain of groups, each with its state and soak", async () => {
    await putRollouts(call, B);
    const page = await open(cp.token, "#/");
    const chain = page.getByRole("list", { name: `sequence from ${B.testing}` });
    await see(chain).toBeVisible();
    await see(chain.getByRole("listitem")).toHaveCount(3);
    // Testing's control planes upgrade in their windows, then soak 14 days: the page
    // follows the fleet's object as the test moves the clock.
    for (let step = 0; step < 40; step++) {
      const rollout = await call<{ upgrades: { state: string }[] }>(
        "GET",
        `/v1/fleets/${B.testing}/rollout`,
      );
      if (rollout.upgrades.some((u) => u.state === "SOAKING")) break;
      await call("POST", "/v1/sim/advance", { seconds: 4 * 3600 });
    }
    await see(chain.getByRole("listitem").first()).toContainText("SOAKING");
    await see(chain.getByText("soak ends in")).toBeVisible();
    await shot(page, "overview-sequence");
    await page.close();
  });
  it("SEC-8 the page runs under a strict policy, cannot be framed, and never follows a crafted fragment to another route", async () => {
    const page = watchPolicy(await browser.newPage({ viewport: { width: 1280, height: 900 } }));
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const first = await page.goto(`${cp.url}/#token=${encodeURIComponent(cp.token)}`);
    const headers = first?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["content-security-policy"]).toContain("base-uri 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    await see(
      page.getByRole("heading", { name: `Fleet ${B.production}`, exact: true }),
    ).toBeVisible();
    // The entry that held the token was replaced: going back does not bring it back.
    expect(page.url()).not.toContain("token=");
    await page.goBack();
    expect(page.url()).not.toContain("token=");
    // A name in the fragment is one segment of the API path, whatever it spells.
    await page.goto(`${cp.url}/#/clusters/..%2F..%2Fv1%2Ftokens`);
    await see(page.getByRole("alert")).toContainText("../../v1/tokens");
    expect(requested).toContain("/v1/clusters/..%2F..%2Fv1%2Ftokens");
    expect(requested).not.toContain("/v1/tokens");
    await page.close();
  });
});

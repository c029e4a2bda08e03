import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { audit, serious, type Violation } from "./a11y.ts";
import { ARTIFACTS, launch } from "./chromium.ts";
import { seedShared } from "./client.ts";
import {
  open as openAs,
  refusedByPolicy,
  see,
  shot,
  signedIn,
  WAIT,
  watchResponses,
} from "./page.ts";
import { shared } from "./shared.ts";

// Rollout sequences with custom stages (SEQ-15 to SEQ-21) on the dashboard: the overview's
// chains of stages, a sequence's page with its stages and rollouts, pause and resume.
const cp = shared();
const { call } = cp;
const P = "seqd";
const FROM = "1.21.11-gke.1100";
const TO = "1.21.14-gke.4300";
const CP = `control-plane-${TO}`;
const DAY = 86_400;
let browser: Browser;
let audited: BrowserContext;
const findings: Record<string, Violation[]> = {};

interface StageView {
  stage: number;
  state: string;
  reason?: string;
  soakEndsAt?: string;
}
interface RolloutView {
  id: string;
  state: string;
  stages: StageView[];
}

/** A standalone cluster with no maintenance window (open at any time) and one 1-node pool. */
async function cluster(name: string, fleet: string, labels: Record<string, string> = {}) {
  await call("PUT", `/v1/clusters/${name}`, {
    fleet,
    role: "standalone",
    region: "europe-west3",
    releaseChannel: "REGULAR",
    version: FROM,
    labels,
  });
  await call("PUT", `/v1/clusters/${name}/node-pools/default-pool`, {
    machineType: "e2-standard-4",
    zones: ["europe-west3-a"],
    nodeCount: 1,
    version: FROM,
    nodeImage: "cos-97-16919-1",
    upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  });
}

/**
 * `first` soaks a day, then `second`'s canaries soak a day, then the rest of `second`
 * but its legacy clusters, which no stage selects (SEQ-16).
 */
async function canaryFirst(name: string, first: string, second: string): Promise<void> {
  await call("PUT", `/v1/rollout-sequences/${name}`, {
    displayName: `${name}: ${first}, then ${second}'s canaries`,
    stages: [
      { fleets: [first], soakSeconds: DAY },
      { fleets: [second], clusterSelector: { matchLabels: { canary: "true" } }, soakSeconds: DAY },
      {
        fleets: [second],
        clusterSelector: { matchExpressions: [{ key: "legacy", operator: "DoesNotExist" }] },
      },
    ],
  });
}

const rolloutOf = (sequence: string) =>
  call<RolloutView>("GET", `/v1/rollout-sequences/${sequence}/rollouts/${CP}`);

/** Moves the sim clock a step at a time until `done` holds (the clock is frozen otherwise). */
async function advanceUntil(
  sequence: string,
  done: (rollout: RolloutView) => boolean,
  step = 1800,
  steps = 96,
): Promise<RolloutView> {
  for (let i = 0; i < steps; i++) {
    const rollout = await rolloutOf(sequence);
    if (done(rollout)) return rollout;
    await call("POST", "/v1/sim/advance", { seconds: step });
  }
  throw new Error(`${sequence}: not there after ${steps} steps of ${step}s`);
}

async function token(name: string, role: string, fleets: string[]): Promise<string> {
  return (await call<{ token: string }>("POST", "/v1/tokens", { name, role, fleets })).token;
}

beforeAll(async () => {
  [browser] = await Promise.all([launch(), seedShared(call)]);
  for (const fleet of ["staging", "prod", "lab", "live"]) {
    await call("PUT", `/v1/fleets/${P}-${fleet}`, {});
  }
  await cluster(`${P}-s1`, `${P}-staging`);
  await cluster(`${P}-p1`, `${P}-prod`, { canary: "true" });
  await cluster(`${P}-p2`, `${P}-prod`);
  await cluster(`${P}-p3`, `${P}-prod`, { legacy: "true" });
  await cluster(`${P}-l1`, `${P}-lab`);
  await cluster(`${P}-v1`, `${P}-live`, { canary: "true" });
  await cluster(`${P}-v2`, `${P}-live`);
  // The audit adds axe-core to the page: only its own context lets a script in.
  audited = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
}, 300_000);

afterAll(async () => {
  await writeFile(
    join(ARTIFACTS, "a11y-rollout-sequences.json"),
    JSON.stringify(findings, null, 2),
  ).catch(() => {});
  await browser?.close();
});

const open = (token: string, route: string, width = 1280): Promise<Page> =>
  openAs(browser, cp.url, token, route, width);

async function auditedPage(route: string, heading: string, name: string): Promise<Page> {
  const page = watchResponses(await audited.newPage());
  await signedIn(page, cp.url, cp.token, route);
  await see(page.getByRole("heading", { name: heading })).toBeVisible();
  findings[name] = await audit(page);
  return page;
}

/** The countdown a stage shows, e.g. "soak ends in 23h 30m". */
async function countdown(page: Page, rollout: string, stage: number): Promise<string> {
  const soak = page.locator(`article[data-rollout="${rollout}"] li[data-stage="${stage}"] .soak`);
  return ((await soak.textContent()) ?? "").trim();
}

/** Hours left of a stage's soak on the control plane's clock, as the API says. */
async function hoursLeft(sequence: string, stage: number): Promise<number> {
  const [rollout, sim] = await Promise.all([
    rolloutOf(sequence),
    call<{ now: string }>("GET", "/v1/sim"),
  ]);
  const ends = Date.parse(rollout.stages.find((s) => s.stage === stage)?.soakEndsAt ?? "");
  return Math.floor((ends - Date.parse(sim.now)) / 3_600_000);
}

describe("rollout sequences on the dashboard", () => {
  afterEach(() => expect(refusedByPolicy).toEqual([]));

  it("SEQ-21 SEQ-16 the dashboard shows a sequence's stages and a rollout's stages: state, start, end, soak countdown on the control plane's clock, clusters done and why a stage waits", async () => {
    const name = `${P}-canary`;
    await canaryFirst(name, `${P}-staging`, `${P}-prod`);

    // The overview: the sequence as its chain of stages, linking to its page.
    const page = await open(cp.token, "#/");
    const section = page.locator("section", {
      has: page.getByRole("heading", { level: 2, name: "Rollout sequences", exact: true }),
    });
    const chain = section.getByRole("list", { name: `stages of rollout sequence ${name}` });
    await see(chain.getByRole("listitem")).toHaveCount(3);
    const second = chain.getByRole("listitem").nth(1);
    await see(second).toContainText("Stage 2");
    await see(second).toContainText(`Fleet ${P}-prod`);
    await see(second).toContainText("selects canary=true");
    await see(second).toContainText("soak 1d");
    await see(second).toContainText("1 cluster");
    const third = chain.getByRole("listitem").nth(2);
    await see(third).toContainText("selects !legacy");
    await see(third).toContainText("no soak");
    // The write's pass started staging's control plane at once.
    await see(chain.getByRole("listitem").first()).toContainText("IN_PROGRESS");
    // The fleets follow the fleet chains in stage order, then those in no sequence.
    const fleets = page.getByRole("heading", { level: 2, name: `Fleet ${P}-` });
    await see(fleets).toHaveCount(4);
    expect(await fleets.allTextContents()).toEqual(
      ["staging", "prod", "lab", "live"].map((f) => `Fleet ${P}-${f}`),
    );
    await shot(page, "overview-rollout-sequences");

    await section.getByRole("link", { name: `${name}: ${P}-staging` }).click();
    await see(page.getByRole("heading", { level: 1 })).toHaveText(`Rollout sequence ${name}`);
    expect(page.url()).toContain(`#/rollout-sequences/${name}`);

    // The stages with the clusters each selects now, and those no stage selects.
    const stages = page.getByRole("table", { name: `Stages of rollout sequence ${name}` });
    await see(stages.locator("tr[data-stage='1']")).toContainText(`1 cluster: ${P}-s1`);
    await see(stages.locator("tr[data-stage='2']")).toContainText(`1 cluster: ${P}-p1`);
    await see(stages.locator("tr[data-stage='3']")).toContainText(`1 cluster: ${P}-p2`);
    const unselected = page.locator("section", {
      has: page.getByRole("heading", { name: "Clusters no stage selects" }),
    });
    await see(unselected.getByRole("link", { name: `${P}-p3` })).toBeVisible();

    // The control plane's rollout: stage 1 upgrading, stage 2 waiting and saying why.
    const rollout = page.locator(`article[data-rollout="${CP}"]`);
    const heading = rollout.getByRole("heading", { level: 3 });
    await see(heading).toContainText(`Control plane ${TO}`);
    await see(heading).toContainText("RUNNING");
    const steps = rollout.getByRole("list", { name: `stages of rollout ${CP}` });
    await see(steps.getByRole("listitem")).toHaveCount(3);
    const first = steps.locator("li[data-stage='1']");
    await see(first).toContainText("IN_PROGRESS");
    await see(first).toContainText("started");
    await see(first.locator("[data-progress]")).toContainText("0 of 1 cluster done");
    const waiting = steps.locator("li[data-stage='2'] .reason");
    await see(waiting).toContainText("Waiting for upstream stage 1");
    await see(waiting.getByRole("link", { name: "SEQ-5" })).toBeVisible();

    // The clock moves only when the test moves it: staging's control plane upgrades and
    // soaks; the page follows (the fleet's watch, and its own reads of the sequence).
    await advanceUntil(name, (r) => r.stages[0]?.state === "SOAKING");
    await see(first).toContainText("SOAKING");
    await see(first.locator("[data-progress]")).toContainText("1 of 1 cluster done");
    await see(first.locator(".soak")).toContainText("soak ends in");
    // The countdown is on the control plane's clock, not the browser's: it moves by the
    // hours the sim is moved.
    await call("POST", "/v1/sim/advance", { seconds: 2 * 3600 });
    const left = await hoursLeft(name, 1);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(23);
    await expect
      .poll(() => countdown(page, CP, 1), WAIT)
      .toMatch(new RegExp(`^soak ends in ${left}h( \\d+m)?$`));
    // Nodes follow their control plane (SEQ-6): two rollouts, the newest first.
    await see(page.locator("article[data-rollout]")).toHaveCount(2);
    await shot(page, "rollout-sequence");

    // After the soak the stage is complete, with its end; the canaries' turn comes.
    await advanceUntil(name, (r) => r.stages[0]?.state === "COMPLETE", 3600, 48);
    await see(first).toContainText("COMPLETE");
    await see(first).toContainText("ended");
    await see(first.locator(".soak")).toHaveCount(0);
    await expect
      .poll(
        async () => (await steps.locator("li[data-stage='2'] .state").first().textContent()) ?? "",
        WAIT,
      )
      .not.toBe("PENDING");
    await shot(page, "rollout-sequence-canaries");
    // A stage's fleet leads to the fleet's page, which names the sequence it is in.
    await stages.getByRole("link", { name: `${P}-staging` }).click();
    await see(page.getByRole("heading", { level: 1 })).toContainText(`Fleet ${P}-staging`);
    const placed = page.locator("section", {
      has: page.getByRole("heading", { name: "Rollout sequence" }),
    });
    await see(placed).toContainText(`In rollout sequence ${name}, stage 1`);
    await placed.getByRole("link", { name }).click();
    await see(page.getByRole("heading", { level: 1 })).toHaveText(`Rollout sequence ${name}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "rollout-sequence-phone");
    await page.close();
  });

  it("SEQ-20 SEQ-18 pause and resume from the dashboard: pause for a writer of one fleet, resume for a writer of every fleet, a refusal shown beside the button", async () => {
    const name = `${P}-hold`;
    await canaryFirst(name, `${P}-lab`, `${P}-live`);
    const liveOperator = await token(`${P}-live-operator`, "operator", [`${P}-live`]);
    const labOperator = await token(`${P}-lab-operator`, "operator", [`${P}-lab`]);
    const liveViewer = await token(`${P}-live-viewer`, "viewer", [`${P}-live`]);
    const route = `#/rollout-sequences/${name}`;
    const pause = { name: `Pause rollout ${CP}` };
    const resume = { name: `Resume rollout ${CP}` };

    // A viewer sees the rollout and no action.
    const viewer = await open(liveViewer, route);
    const seen = viewer.locator(`article[data-rollout="${CP}"]`);
    await see(seen.getByRole("heading", { level: 3 })).toContainText("RUNNING");
    await see(viewer.getByText("(read only)")).toBeVisible();
    await see(viewer.locator("main fieldset.actions")).toHaveCount(0);
    await viewer.close();

    // An operator of the live fleet may hold the rollout: stage 1 is not its to read, and
    // so not its to release (resume needs every fleet): no Resume once it is paused.
    const page = await open(liveOperator, route);
    const rollout = page.locator(`article[data-rollout="${CP}"]`);
    const heading = rollout.getByRole("heading", { level: 3 });
    await see(heading).toContainText("RUNNING");
    await see(page.getByRole("table").locator("tr", { hasText: "Not shown" })).toContainText(
      "only fleets this token may not read",
    );
    await see(rollout.locator("li.group-step").first()).toContainText("Stage 1");
    await see(rollout.locator("li.group-step").first()).toContainText("not shown");
    await see(rollout.getByRole("button", resume)).toHaveCount(0);
    await rollout.getByRole("button", pause).click();
    const dialog = page.getByRole("dialog", { name: `Pause rollout ${CP}?` });
    await see(dialog).toContainText("soaks go on counting");
    await dialog.getByRole("button", { name: "Pause the rollout" }).click();
    // The page reads the rollout again at once.
    await see(heading).toContainText("PAUSED");
    await see(rollout.locator("p.reason")).toContainText("Paused by a user");
    await see(rollout.getByRole("button", pause)).toHaveCount(0);
    await see(rollout.getByRole("button", resume)).toHaveCount(0);
    expect((await rolloutOf(name)).state).toBe("PAUSED");
    await shot(page, "rollout-sequence-paused");
    await page.close();

    // An operator of the lab fleet sees only stage 1: whether it may release the rollout
    // the page cannot tell, so it offers Resume and shows the API's refusal.
    const lab = await open(labOperator, route);
    const held = lab.locator(`article[data-rollout="${CP}"]`);
    await see(held.getByRole("heading", { level: 3 })).toContainText("PAUSED");
    await held.getByRole("button", resume).click();
    await lab
      .getByRole("dialog", { name: `Resume rollout ${CP}?` })
      .getByRole("button", { name: "Resume the rollout" })
      .click();
    await see(held.getByRole("alert")).toContainText("it spans fleets this token may not write");
    await see(held.getByRole("heading", { level: 3 })).toContainText("PAUSED");
    await shot(lab, "rollout-sequence-resume-refused");
    await lab.close();

    // The admin may write every fleet: it releases the rollout.
    const admin = await open(cp.token, route);
    const mine = admin.locator(`article[data-rollout="${CP}"]`);
    await see(mine.getByRole("heading", { level: 3 })).toContainText("PAUSED");
    await see(mine.locator("p.reason")).toContainText("Paused by a user");
    await see(mine.locator("p.reason").getByRole("link", { name: "SEQ-20" })).toBeVisible();
    await mine.getByRole("button", resume).click();
    await admin
      .getByRole("dialog", { name: `Resume rollout ${CP}?` })
      .getByRole("button", { name: "Resume the rollout" })
      .click();
    await see(mine.getByRole("heading", { level: 3 })).toContainText("RUNNING");
    await see(mine.getByRole("button", pause)).toBeVisible();
    expect((await rolloutOf(name)).state).toBe("RUNNING");
    await admin.close();
  });

  it("the overview, a sequence's page and its pause dialog have no serious or critical accessibility violation (axe-core, WCAG 2 A/AA)", async () => {
    const overview = await auditedPage("#/", "Rollout sequences", "overview");
    await overview.close();
    const page = await auditedPage(`#/rollout-sequences/${P}-canary`, "Rollouts", "sequence");
    await see(page.locator("article[data-rollout]").first()).toBeVisible();
    // Every stage's clusters opened, as someone reading them would.
    for (const summary of await page.locator("details > summary").all()) await summary.click();
    findings["sequence, clusters open"] = await audit(page);
    await page.close();
    const held = await auditedPage(`#/rollout-sequences/${P}-hold`, "Rollouts", "sequence held");
    await held.getByRole("button", { name: `Pause rollout ${CP}` }).click();
    await see(held.getByRole("dialog")).toBeVisible();
    findings["pause dialog"] = await audit(held);
    await held.getByRole("dialog").getByRole("button", { name: "Back" }).click();
    await held.close();
    const blocking = Object.fromEntries(
      Object.entries(findings).map(([name, found]) => [name, serious(found)]),
    );
    expect(blocking).toEqual(Object.fromEntries(Object.keys(findings).map((name) => [name, []])));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  api,
  cli,
  driveWhile,
  inventory,
  must,
  NEW,
  names,
  OLD,
  putRelease,
  useControlPlane,
  writeDocuments,
} from "./helpers.ts";

const { cp, dir } = useControlPlane();
const scene = names("seq");
const { fleet, a: A, b: B } = scene;
/** The fleet ahead of the scene's, with one cluster. */
const STAGING = scene.named("staging");
const STAGING_A = `${STAGING}-a`;
/** A cluster of the scene's fleet that the last stage leaves out (label `hold`). */
const C = `${fleet}-c`;
const SEQUENCE = scene.named("canary-first");
const CP = `control-plane-${NEW}`;
const DAY = 86_400;

const rows = (stdout: string) => stdout.trim().split("\n");
const json = (stdout: string) => JSON.parse(stdout);

const cluster = (name: string, clusterFleet: string, extra: string) => `---
apiVersion: regatta.dev/v1
kind: Cluster
metadata: { name: ${name} }
spec:
  fleet: ${clusterFleet}
  role: standalone
  region: europe-west1
  releaseChannel: REGULAR
  version: ${OLD}
${extra}`;

/**
 * Staging first (a day's soak), then prod's ring-0/1 canaries (a day), then the rest of
 * prod but what is on hold. A's document is the inventory's, labelled a canary now.
 */
const DOCUMENTS = `apiVersion: regatta.dev/v1
kind: Fleet
metadata: { name: ${STAGING} }
${cluster(STAGING_A, STAGING, "")}
${cluster(A, fleet, `  updateGroup: canary\n  labels: { canary: "true", ring: "0" }`)}
${cluster(C, fleet, `  labels: { hold: "true" }`)}
---
apiVersion: regatta.dev/v1
kind: RolloutSequence
metadata: { name: ${SEQUENCE} }
spec:
  displayName: Canary first
  stages:
    - fleets: [${STAGING}]
      soakSeconds: ${DAY}
    - fleets: [${fleet}]
      clusterSelector:
        matchLabels: { canary: "true" }
        matchExpressions: [{ key: ring, operator: In, values: ["0", "1"] }]
      soakSeconds: ${DAY}
    - fleets: [${fleet}]
      clusterSelector:
        matchExpressions: [{ key: hold, operator: DoesNotExist }]
`;

async function rolloutOf(id = CP): Promise<{
  state: string;
  stages: { stage: number; state: string; reason?: string }[];
}> {
  return must(cp(), "GET", `/v1/rollout-sequences/${SEQUENCE}/rollouts/${id}`);
}

/**
 * Moves the frozen sim clock in steps until `settled` holds (never real time), then two
 * rounds more: words between objects land as timers due now.
 */
async function advanceUntil(settled: () => Promise<boolean>, step: number, maxSteps = 60) {
  for (let i = 0; i < maxSteps && !(await settled()); i++) {
    await must(cp(), "POST", "/v1/sim/advance", { seconds: step });
  }
  expect(await settled()).toBe(true);
  await must(cp(), "POST", "/v1/sim/advance", { seconds: 0 });
  await must(cp(), "POST", "/v1/sim/advance", { seconds: 0 });
}

beforeAll(async () => {
  await putRelease(cp());
  const file = await writeDocuments(dir(), "inventory.yaml", inventory(scene));
  expect((await cli(cp(), ["apply", "-f", file])).code).toBe(0);
  // The control plane's clock may run for another file: these tests move it themselves.
  await must(cp(), "PUT", "/v1/sim/speed", { speed: 0 });
});

afterAll(async () => {
  // The files after this one move the clock too: the sequence stops upgrading here.
  await api(cp(), "DELETE", `/v1/rollout-sequences/${SEQUENCE}`);
});

describe("RolloutSequence documents: apply and get", () => {
  it("SEQ-15 apply creates a rollout sequence from a document and get shows its stages", async () => {
    const file = await writeDocuments(dir(), "sequence.yaml", DOCUMENTS);
    const applied = await cli(cp(), ["apply", "-f", file]);
    expect(applied.stderr).toBe("");
    expect(applied.code).toBe(0);
    // Kinds go in the table's order: the clusters (and their labels) before the sequence.
    expect(applied.stdout).toContain(
      [`Cluster clusters/${A}: configured`, `  + labels: {"canary":"true","ring":"0"}`].join("\n"),
    );
    expect(applied.stdout).toContain(`Cluster clusters/${C}: created`);
    expect(applied.stdout).toContain(`RolloutSequence rollout-sequences/${SEQUENCE}: created`);
    expect(applied.stdout).toContain("  + displayName: Canary first");
    expect(applied.stdout.indexOf(`Cluster clusters/${C}`)).toBeLessThan(
      applied.stdout.indexOf("RolloutSequence"),
    );
    expect((await must(cp(), "GET", `/v1/clusters/${C}`)).labels).toEqual({ hold: "true" });
    const stored = await must(cp(), "GET", `/v1/rollout-sequences/${SEQUENCE}`);
    expect(stored).toMatchObject({
      name: SEQUENCE,
      displayName: "Canary first",
      stages: [
        { stage: 1, fleets: [STAGING], soakSeconds: DAY },
        {
          stage: 2,
          fleets: [fleet],
          clusterSelector: { matchLabels: { canary: "true" } },
          soakSeconds: DAY,
        },
        { stage: 3, fleets: [fleet], soakSeconds: 0 },
      ],
    });

    // The API's defaults (a stage's soak of 0, no labels) are filled in: nothing differs.
    // (Not checked: staging's cluster, whose version the sequence's first pass moved on.)
    const again = await cli(cp(), ["apply", "-f", file]);
    expect(again.code, again.stderr).toBe(0);
    for (const path of [`clusters/${A}`, `clusters/${C}`, `rollout-sequences/${SEQUENCE}`]) {
      expect(rows(again.stdout)).toContainEqual(expect.stringMatching(`^\\w+ ${path}: unchanged$`));
    }
    const changed = await writeDocuments(
      dir(),
      "changed.yaml",
      DOCUMENTS.replace("displayName: Canary first", "displayName: Canaries first"),
    );
    const dry = await cli(cp(), ["apply", "--dry-run", "-f", changed]);
    expect(dry.stdout).toContain(
      [
        `RolloutSequence rollout-sequences/${SEQUENCE}: would be configured`,
        "  ~ displayName: Canary first → Canaries first",
      ].join("\n"),
    );

    const listed = await cli(cp(), ["get", "rollout-sequences"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(rows(listed.stdout)[0]).toMatch(/^NAME\s+DISPLAY NAME\s+STAGES\s+FLEETS\s+UPDATED$/);
    expect(rows(listed.stdout)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${SEQUENCE}\\s+Canary first\\s+3\\s+${STAGING},${fleet}\\s+\\d{4}-`),
      ),
    );
    const one = await cli(cp(), ["get", "sequence", SEQUENCE, "-o", "json"]);
    expect(json(one.stdout)).toEqual(stored);
    const all = parse((await cli(cp(), ["list", "seq", "-o", "yaml"])).stdout);
    expect(all.items.map((s: { name: string }) => s.name)).toContain(SEQUENCE);
  });

  it("SEQ-15 a document the contract refuses is not sent (exit 2); SEQ-17 the API's refusal is printed with its rule (exit 1)", async () => {
    const other = scene.named("other");
    const bad = await writeDocuments(
      dir(),
      "bad.yaml",
      `apiVersion: regatta.dev/v1
kind: RolloutSequence
metadata: { name: ${other} }
spec:
  stages:
    - fleets: [${fleet}]
      clusterSelector: { matchExpressions: [{ key: ring, operator: Maybe }] }
      soak: 3600
`,
    );
    const refused = await cli(cp(), ["apply", "-f", bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `bad.yaml: document 1 (RolloutSequence ${other}): spec.stages[0].clusterSelector.matchExpressions[0].operator:`,
    );
    expect(refused.stderr).toContain("spec.stages[0]: Unrecognized key");
    expect((await api(cp(), "GET", `/v1/rollout-sequences/${other}`)).status).toBe(404);

    // The scene's fleet is in the first sequence already.
    const taken = await writeDocuments(
      dir(),
      "taken.yaml",
      `apiVersion: regatta.dev/v1
kind: RolloutSequence
metadata: { name: ${other} }
spec: { stages: [{ fleets: [${fleet}] }] }
`,
    );
    const conflict = await cli(cp(), ["apply", "-f", taken]);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/^error: 409 Conflict \[SEQ-17\]: /);
    expect(conflict.stderr).toContain(`(PUT /v1/rollout-sequences/${other})`);
  });
});

describe("rollout sequence | list | show | pause | resume", () => {
  it("SEQ-16 rollout sequence shows each stage's fleets, selector, soak and the clusters it selects now, and those none selects", async () => {
    const shown = await cli(cp(), ["rollout", "sequence", SEQUENCE]);
    expect(shown.stderr).toBe("");
    expect(shown.code).toBe(0);
    const lines = rows(shown.stdout);
    expect(lines[0]).toMatch(/^STAGE\s+FLEETS\s+SELECTOR\s+SOAK\s+CLUSTERS\s+SELECTED$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/))).toEqual([
      ["1", STAGING, "-", "1d", "1", STAGING_A],
      ["2", fleet, "canary=true, ring in (0,1)", "1d", "1", A],
      ["3", fleet, "!hold", "0s", "1", B],
      ["unselected", "-", "-", "-", "1", C],
    ]);
    const asJson = await cli(cp(), ["rollout", "sequence", SEQUENCE, "-o", "json"]);
    expect(json(asJson.stdout)).toEqual(
      await must(cp(), "GET", `/v1/rollout-sequences/${SEQUENCE}`),
    );
    const missing = await cli(cp(), ["rollout", "sequence", scene.named("nope")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: 404 Not Found/);
  });

  it("SEQ-21 rollout list and rollout show print each rollout's stages: state, times, clusters done, reason", async () => {
    // The write's pass started staging's control plane; a round of timers hears it.
    await must(cp(), "POST", "/v1/sim/advance", { seconds: 0 });
    expect((await rolloutOf()).stages[0]?.state).toBe("IN_PROGRESS");

    const list = await cli(cp(), ["rollout", "list", SEQUENCE]);
    expect(list.stderr).toBe("");
    expect(list.code).toBe(0);
    const lines = rows(list.stdout);
    expect(lines[0]).toMatch(
      /^ROLLOUT\s+STAGE\s+STATE\s+STARTED\s+ENDED\/SOAK ENDS\s+CLUSTERS\s+REASON$/,
    );
    const mine = lines.filter((line) => line.startsWith(`${CP} `));
    expect(mine.map((line) => line.split(/\s{2,}/).slice(1, 3))).toEqual([
      ["-", "RUNNING"],
      ["1", "IN_PROGRESS"],
      ["2", "PENDING"],
      ["3", "PENDING"],
    ]);
    expect(mine[0]).toMatch(/\s0\/3\s+-$/);
    expect(mine[1]).toMatch(/\s1\s+IN_PROGRESS\s+\d{4}-\S+\s+-\s+0\/1\s+-$/);
    expect(mine[2]).toMatch(/\s0\/1\s+SEQ-5: waiting for upstream stage 1/);
    const page = json((await cli(cp(), ["rollout", "list", SEQUENCE, "-o", "json"])).stdout);
    expect(page).toEqual(await must(cp(), "GET", `/v1/rollout-sequences/${SEQUENCE}/rollouts`));

    const show = await cli(cp(), ["rollout", "show", SEQUENCE, CP]);
    expect(show.code, show.stderr).toBe(0);
    const shown = rows(show.stdout).map((line) => line.split(/\s{2,}/));
    expect(rows(show.stdout)[0]).toMatch(
      /^STAGE\s+CLUSTER\s+FLEET\s+STATE\s+STARTED\s+ENDED\/SOAK ENDS\s+CLUSTERS\s+REASON$/,
    );
    expect(shown[1]?.slice(0, 4)).toEqual(["-", `rollout ${CP}`, "-", "RUNNING"]);
    expect(shown.map((cells) => cells.slice(0, 4))).toContainEqual([
      "1",
      STAGING_A,
      STAGING,
      "IN_PROGRESS",
    ]);
    expect(shown.map((cells) => cells.slice(0, 4))).toContainEqual(["2", A, fleet, "PENDING"]);
    expect(shown.map((cells) => cells[1])).not.toContain(C);
    const yaml = await cli(cp(), ["rollout", "show", SEQUENCE, CP, "-o", "yaml"]);
    expect(parse(yaml.stdout)).toEqual(await rolloutOf());

    const bad = await cli(cp(), ["rollout", "show", SEQUENCE, "latest"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error: 400 /);
  });

  it("SEQ-20 rollout pause and resume hold and release a rollout, and print it", async () => {
    const paused = await cli(cp(), ["rollout", "pause", SEQUENCE, CP]);
    expect(paused.stderr).toBe("");
    expect(paused.code).toBe(0);
    expect(rows(paused.stdout)[1]).toMatch(new RegExp(`^-\\s+rollout ${CP}\\s+-\\s+PAUSED\\s`));
    expect((await rolloutOf()).state).toBe("PAUSED");

    // Staging's upgrade, already running, finishes and soaks its day; the canaries wait.
    await advanceUntil(async () => (await rolloutOf()).stages[0]?.state === "COMPLETE", 3600);
    const held = await rolloutOf();
    expect(held.state).toBe("PAUSED");
    expect(held.stages[1]).toMatchObject({
      state: "PENDING",
      reason: expect.stringMatching(/^SEQ-20: /),
    });
    const list = await cli(cp(), ["rollout", "list", SEQUENCE]);
    expect(rows(list.stdout)).toContainEqual(
      expect.stringMatching(new RegExp(`^${CP}\\s+2\\s+PENDING\\s.*\\sSEQ-20: `)),
    );
    expect((await must(cp(), "GET", `/v1/clusters/${A}`)).status.version).toBe(OLD);

    const resumed = await cli(cp(), ["rollout", "resume", SEQUENCE, CP, "-o", "json"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const rollout = json(resumed.stdout);
    expect(rollout).toMatchObject({ id: CP, sequence: SEQUENCE, state: "RUNNING" });
    expect(rollout.stages[1].state).toBe("IN_PROGRESS");
  });

  it("SEQ-21 rollout show --watch follows a rollout stage by stage until it is COMPLETED, exit 0", async () => {
    const watched = await driveWhile(
      cp(),
      cli(cp(), ["rollout", "show", SEQUENCE, CP, "--watch", "--interval", "0.05"]),
      async () => (await rolloutOf()).state === "COMPLETED",
      { stepSeconds: 3600 },
    );
    expect(watched.stderr).toBe("");
    expect(watched.code).toBe(0);
    const lines = watched.stdout.split("\n");
    expect(lines[0]).toBe(`rollout ${SEQUENCE}/${CP}: RUNNING`);
    expect(lines).toContain(`  stage 1: 1/1 COMPLETE`);
    expect(lines).toContain(`  stage 3: 1/1 COMPLETE`);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^  cluster ${A} \\(stage 2, fleet ${fleet}\\): COMPLETE`)),
    );
    expect(lines).toContain(`rollout ${SEQUENCE}/${CP}: COMPLETED`);
    expect(lines.at(-2)).toBe(`rollout ${SEQUENCE}/${CP} ended COMPLETED`);
  });
});

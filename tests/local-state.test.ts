import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  clockWarning,
  duration,
  type LocalState,
  parseLocalState,
} from "../scripts/local-state/clock-offset.ts";

/** Runs bash with `args`: its exit code and output, a failure's included. */
function bash(args: readonly string[], env: NodeJS.ProcessEnv) {
  return promisify(execFile)("bash", args, { env }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The wall clock "now" of every case. */
const WALL = Date.UTC(2026, 10, 27, 12);

describe("npm start over a state made on another clock (scripts/local-state/clock-offset.ts)", () => {
  // The demo after an hour at 3,600×: anchored at the start, 150 virtual days on.
  const leased = (virtualAtLease: number, leaseWall = WALL - DAY): LocalState => ({
    clock: {
      anchorWallMs: leaseWall - 5_000,
      anchorVirtualMs: virtualAtLease - 5_000 * 3600,
      speed: 3600,
      leaseWallMs: leaseWall,
    },
  });

  it("webhook over a sim state whose clock stopped 150 days ahead says so, with the way out", () => {
    const warning = clockWarning(leased(WALL + 150 * DAY + 3 * HOUR), "webhook", WALL);
    expect(warning).toContain("made in sim mode");
    expect(warning).toContain("150 days 3 hours ahead of the wall clock");
    expect(warning).toContain("timestamps in the future");
    expect(warning).toContain("npm run reset");
  });

  it("webhook over a sim state whose clock stopped days behind the wall says the waits end at once", () => {
    const warning = clockWarning(leased(WALL - 3 * DAY), "webhook", WALL);
    expect(warning).toContain("3 days behind the wall clock");
    expect(warning).toContain("timestamps in the past");
  });

  it("webhook over a sim state within an hour of the wall clock says nothing", () => {
    expect(clockWarning(leased(WALL + 59 * 60_000), "webhook", WALL)).toBeUndefined();
    expect(clockWarning(leased(WALL - 59 * 60_000), "webhook", WALL)).toBeUndefined();
  });

  it("a state the sim never ran on says nothing in either mode", () => {
    const webhookOnly: LocalState = { latestStampMs: WALL - HOUR };
    expect(clockWarning(webhookOnly, "webhook", WALL)).toBeUndefined();
    expect(clockWarning(webhookOnly, "sim", WALL)).toBeUndefined();
    expect(clockWarning({}, "webhook", WALL)).toBeUndefined();
  });

  it("without a lease the clock's reach is at least its latest timestamp (the anchor alone says little)", () => {
    const unleased: LocalState = {
      // Re-anchored at the last start, a day ago; the clock ran on from there unrecorded.
      clock: { anchorWallMs: WALL - DAY, anchorVirtualMs: WALL - DAY, speed: 3600 },
      latestStampMs: WALL + 42 * DAY,
    };
    expect(clockWarning(unleased, "webhook", WALL)).toContain("at least 42 days ahead");
    // A lower bound behind the wall clock proves nothing either way.
    expect(clockWarning({ ...unleased, latestStampMs: WALL - DAY }, "webhook", WALL)).toBe(
      undefined,
    );
  });

  it("sim over a state last run in webhook mode, its stamps past where the sim resumes, says so", () => {
    const state: LocalState = { ...leased(WALL - 10 * DAY), latestStampMs: WALL - HOUR };
    const warning = clockWarning(state, "sim", WALL);
    expect(warning).toContain("last run in webhook mode");
    expect(warning).toMatch(/9 days 23 hours past\s+where the sim's virtual clock resumes/);
    expect(warning).toContain("npm run reset");
  });

  it("sim over its own state says nothing, however far ahead of the wall it runs", () => {
    const state: LocalState = { ...leased(WALL + 150 * DAY), latestStampMs: WALL + 149 * DAY };
    expect(clockWarning(state, "sim", WALL)).toBeUndefined();
  });

  it("a row from before leases resumes at its anchor; a checkout without leases where it ran on to", () => {
    const stamp = WALL - HOUR;
    const before: LocalState = {
      clock: { anchorWallMs: WALL - 2 * DAY, anchorVirtualMs: WALL - 2 * DAY, speed: 1 },
      latestStampMs: stamp,
    };
    expect(clockWarning(before, "sim", WALL)).toBeUndefined();
    const nullLease = { ...before, clock: { ...before.clock!, leaseWallMs: null } };
    expect(clockWarning(nullLease, "sim", WALL)).toContain("last run in webhook mode");
  });

  it("reads wrangler d1 execute --json, with or without the lease column and the row", () => {
    const output = (row: Record<string, unknown>) => [{ results: [row], success: true }];
    expect(
      parseLocalState(
        output({ anchor_wall_ms: 1, anchor_virtual_ms: 2, speed: 3600, latest_stamp_ms: 5 }),
      ),
    ).toEqual({ clock: { anchorWallMs: 1, anchorVirtualMs: 2, speed: 3600 }, latestStampMs: 5 });
    expect(
      parseLocalState(
        output({
          id: 1,
          anchor_wall_ms: 1,
          anchor_virtual_ms: 2,
          speed: 0,
          lease_wall_ms: null,
          boot: null,
          latest_stamp_ms: null,
        }),
      ),
    ).toEqual({ clock: { anchorWallMs: 1, anchorVirtualMs: 2, speed: 0, leaseWallMs: null } });
    expect(parseLocalState(output({ id: null, anchor_wall_ms: null, latest_stamp_ms: 7 }))).toEqual(
      { latestStampMs: 7 },
    );
    expect(parseLocalState("not json rows")).toEqual({});
  });

  it("durations read in days and hours", () => {
    expect(duration(42 * DAY + 3 * HOUR)).toBe("42 days 3 hours");
    expect(duration(-DAY)).toBe("1 day");
    expect(duration(5 * HOUR + 20 * 60_000)).toBe("5 hours");
  });
});

describe("npm run reset (scripts/reset.sh, run on a copy)", () => {
  let root: string;
  let server: Server | undefined;
  const STATE = [
    ".wrangler/state/v3/d1/db.sqlite",
    "workers/executor/.wrangler/state/v3/do/object.sqlite",
    ".wrangler/regatta-notifications-key",
  ];

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "regatta-reset-"));
    await mkdir(join(root, "scripts"));
    await copyFile(
      join(import.meta.dirname, "../scripts/reset.sh"),
      join(root, "scripts/reset.sh"),
    );
    for (const path of [...STATE, ".wrangler/tmp/bundle.js"]) {
      await mkdir(join(root, path, ".."), { recursive: true });
      await writeFile(join(root, path), "x");
    }
  });

  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
    await rm(root, { recursive: true, force: true });
  });

  /** A port nothing listens on, or one this test listens on. */
  async function port(listening: boolean): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as { port: number };
    if (listening) server = probe;
    else await new Promise((resolve) => probe.close(resolve));
    return port;
  }

  const reset = (onPort: number, ...args: string[]) =>
    bash([join(root, "scripts/reset.sh"), ...args], { ...process.env, PORT: String(onPort) });

  /** The state files still there. */
  const left = async () =>
    (await readdir(root, { recursive: true })).filter((path) => STATE.includes(path));

  it("removes both workers' state and the notifications key, says what, and is idempotent", async () => {
    const free = await port(false);
    const first = await reset(free);
    expect(first.code).toBe(0);
    for (const path of [
      ".wrangler/state",
      "workers/executor/.wrangler/state",
      ".wrangler/regatta-notifications-key",
    ]) {
      expect(first.stdout).toContain(`removed ${path}`);
    }
    expect(await left()).toEqual([]);
    // What is not state stays: wrangler's bundles.
    expect(await readdir(join(root, ".wrangler/tmp"))).toEqual(["bundle.js"]);
    const again = await reset(free);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("no local state to remove");
  });

  it("refuses while a server answers on PORT, unless --force", async () => {
    const busy = await port(true);
    const refused = await reset(busy);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`a server answers on port ${busy}`);
    expect((await left()).sort()).toEqual([...STATE].sort());
    const forced = await reset(busy, "--force");
    expect(forced.code).toBe(0);
    expect(await left()).toEqual([]);
  });
});

describe("wrangler's local trace store (scripts/env.sh)", () => {
  const traces = (value: string | undefined) => {
    const env: NodeJS.ProcessEnv = { ...process.env, X_LOCAL_OBSERVABILITY: "true" };
    delete env.REGATTA_TRACES;
    if (value !== undefined) env.REGATTA_TRACES = value;
    const script = join(import.meta.dirname, "../scripts/env.sh");
    return bash(["-c", `source "${script}" && echo "$X_LOCAL_OBSERVABILITY"`], env);
  };

  // Each run sources env.sh, which checks the toolchain: seconds on a busy machine.
  it("is off unless REGATTA_TRACES=on, whatever the environment said", {
    timeout: 60_000,
  }, async () => {
    const [unset, off, on] = await Promise.all([traces(undefined), traces("off"), traces("on")]);
    expect([unset.stdout.trim(), off.stdout.trim(), on.stdout.trim()]).toEqual([
      "false",
      "false",
      "true",
    ]);
  });

  it("refuses a REGATTA_TRACES that is neither on nor off", { timeout: 60_000 }, async () => {
    const typo = await traces("yes");
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("REGATTA_TRACES must be on or off, got yes");
  });
});

import { describe, expect, it } from "vitest";
import { EXECUTOR_DURATIONS, readConfig } from "../src/config.ts";

const good = {
  CONTROL_PLANE_URL: "https://regatta.example.com",
  WEBHOOK_SECRET: "a-secret-of-some-length",
  COMMANDS_PATH: "/commands",
  EXECUTOR_DURATIONS: "{}",
  EXECUTOR_CLOCK: "wall",
};

describe("the executor's configuration", () => {
  it("defaults: short durations (a node step takes at most a few seconds), /commands, the wall clock", () => {
    const read = readConfig({
      CONTROL_PLANE_URL: "http://localhost:8787",
      WEBHOOK_SECRET: good.WEBHOOK_SECRET,
    });
    expect(read).toMatchObject({
      ok: true,
      config: { commandsPath: "/commands", clock: "wall", durations: EXECUTOR_DURATIONS },
    });
    expect(Math.max(...Object.values(EXECUTOR_DURATIONS))).toBeLessThanOrEqual(5);
  });

  it("SEC-7 callbacks are signed with WEBHOOK_SECRET unless CALLBACK_SECRET (a fleet's own key) is set", () => {
    const shared = readConfig(good);
    expect(shared.ok && shared.config.callbackSecret).toBe(good.WEBHOOK_SECRET);
    const own = readConfig({ ...good, CALLBACK_SECRET: "rgx_a-fleet-key-of-some-length" });
    expect(own.ok && own.config).toMatchObject({
      secret: good.WEBHOOK_SECRET,
      callbackSecret: "rgx_a-fleet-key-of-some-length",
    });
    const short = readConfig({ ...good, CALLBACK_SECRET: "short" });
    expect(short).toMatchObject({
      ok: false,
      problems: ["CALLBACK_SECRET must be at least 16 characters"],
    });
  });

  it("the base URL keeps its path, so callbacks reach a control plane behind a prefix", () => {
    const read = readConfig({ ...good, CONTROL_PLANE_URL: "https://gw.example.com/regatta" });
    expect(read.ok && read.config.controlPlaneUrl.href).toBe("https://gw.example.com/regatta/");
  });

  it("EXECUTOR_DURATIONS overrides some command types and keeps the others", () => {
    const read = readConfig({
      ...good,
      EXECUTOR_DURATIONS: '{"CREATE_NODE": 30, "DRAIN_NODE": 0}',
    });
    expect(read.ok && read.config.durations).toEqual({
      ...EXECUTOR_DURATIONS,
      CREATE_NODE: 30,
      DRAIN_NODE: 0,
    });
  });

  it("every problem is named at once, with the value that is wrong", () => {
    const read = readConfig({
      CONTROL_PLANE_URL: "ftp://regatta.example.com",
      WEBHOOK_SECRET: "short",
      COMMANDS_PATH: "commands",
      EXECUTOR_DURATIONS: '{"CREATE_NODE": -1, "REBOOT_NODE": 3}',
      EXECUTOR_CLOCK: "virtual",
    });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problems).toEqual([
      "CONTROL_PLANE_URL must be an http(s) URL without query or fragment, got ftp://regatta.example.com",
      "WEBHOOK_SECRET must be at least 16 characters",
      'COMMANDS_PATH must be a path starting with "/", got commands',
      "EXECUTOR_DURATIONS.CREATE_NODE: must be 0 seconds or more",
      expect.stringMatching(
        /^EXECUTOR_DURATIONS: unknown command type REBOOT_NODE \(one of CREATE_NODE, DELETE_NODE, /,
      ),
      "EXECUTOR_CLOCK must be wall or manual, got virtual",
    ]);
  });

  it("missing settings say what they are for; durations that are not JSON are named", () => {
    const read = readConfig({ EXECUTOR_DURATIONS: "CREATE_NODE=3" });
    expect(!read.ok && read.problems).toEqual([
      "CONTROL_PLANE_URL is not set (where callbacks go)",
      "WEBHOOK_SECRET is not set (the HMAC key shared with the control plane)",
      "EXECUTOR_DURATIONS must be a JSON object of seconds per command type",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { rollbackUpgrade } from "../../src/node-pool/controls.ts";
import { startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import { poolNodes } from "../../src/node-pool/view.ts";
import { MINUTE } from "../../src/time/instant.ts";
import { controlScript, drive, poolOf, stepsOf, T0, TARGET } from "./driver.ts";

function start(zones: Record<string, number> = { a: 2, b: 1 }) {
  const facts = poolOf(zones, undefined, { inPlace: true });
  const started = startNodePoolUpgrade({ operationId: "op-ip", pool: facts, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

describe("in-place upgrades of bare-metal worker pools", () => {
  it("LIFE-3 a bare-metal pool is upgraded in place, one machine at a time: cordon, drain, upgrade, uncordon; the nodes keep their names and nothing is created or deleted", () => {
    const started = start();
    expect(started.state.header.strategy).toBe("IN_PLACE");
    const { op, commands } = drive(started, T0);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(stepsOf(commands)).toEqual([
      "CORDON_NODE a-000",
      "DRAIN_NODE a-000",
      "UPGRADE_NODE a-000",
      "UNCORDON_NODE a-000",
      "CORDON_NODE a-001",
      "DRAIN_NODE a-001",
      "UPGRADE_NODE a-001",
      "UNCORDON_NODE a-001",
      "CORDON_NODE b-000",
      "DRAIN_NODE b-000",
      "UPGRADE_NODE b-000",
      "UNCORDON_NODE b-000",
    ]);
    expect(poolNodes(op).map((n) => [n.name, n.version, n.nodeImage, n.state])).toEqual([
      ["a-000", TARGET.version, TARGET.nodeImage, "READY"],
      ["a-001", TARGET.version, TARGET.nodeImage, "READY"],
      ["b-000", TARGET.version, TARGET.nodeImage, "READY"],
    ]);
  });

  it("LIFE-6 the drains of an in-place upgrade are best effort: PDBs not honoured, no pod waits more than 20 minutes", () => {
    const { commands } = drive(start({ a: 1 }), T0);
    expect(commands.find((c) => c.type === "DRAIN_NODE")).toMatchObject({
      respectPdb: false,
      graceSeconds: 20 * 60,
      passAfterSeconds: 20 * 60,
    });
  });

  it("LIFE-6 an in-place drain still held after 20 minutes is passed, not forced after an hour; the executor's DRAIN_PASSED puts the stuck pods in the events", () => {
    const drainId = "op-ip:a-000:DRAIN:1";
    const { op, log } = drive(start({ a: 1 }), T0, {
      faults: (command) => (command.type === "DRAIN_NODE" ? { kind: "STUCK" } : undefined),
      script: [
        {
          at: T0 + 20 * MINUTE,
          label: "executor passes a-000",
          act: (_op, now) => ({
            type: "DRAIN_PASSED",
            commandId: drainId,
            node: "a-000",
            stuckPods: ["payments/ledger-0"],
            at: now,
          }),
        },
      ],
    });
    expect(op.header.state).toBe("SUCCEEDED");
    const upgradeAt = log.find((line) => line.includes("UPGRADE_NODE a-000"));
    // Cordoned after its 10 s, passed 20 minutes into the drain: never the hour of NUP-3.
    const seconds = Number(upgradeAt?.split(" ")[0]?.slice(1));
    expect(seconds).toBeGreaterThanOrEqual(20 * 60);
    expect(seconds).toBeLessThan(25 * 60);
    expect(log.filter((line) => line.includes("DRAIN_NODE"))).toHaveLength(1);
    const messages = op.header.events.map((e) => e.message);
    expect(messages).toContain(
      "LIFE-6: node a-000 drained over 20 minutes; passed with stuck pods: payments/ledger-0",
    );
    expect(
      messages.some((m) => m.startsWith("LIFE-6: a-000 still draining after 20 minutes")),
    ).toBe(true);
  });

  it("LIFE-3 while a machine is upgraded it shows CORDONED with its old version, and the new version once the upgrade step succeeded", () => {
    const { op } = drive(start({ a: 1 }), T0, { until: T0 + 2 * MINUTE + 30_000 });
    const node = poolNodes(op)[0]!;
    expect([node.state, node.version]).toEqual(["CORDONED", "1.30.1-gke.100"]);
  });

  it("LIFE-3 a failed in-place upgrade of a node fails the operation; resume retries that node's step and finishes; it is never rolled back", () => {
    const failed = drive(start({ a: 2 }), T0, {
      faults: (command) =>
        command.type === "UPGRADE_NODE" && "node" in command && command.node === "a-001"
          ? { kind: "FAIL", reason: "FAILED" }
          : undefined,
      until: T0 + 60 * MINUTE,
    });
    expect(failed.op.header.state).toBe("FAILED");
    expect(failed.op.header.error).toMatch(/^LIFE-3: UPGRADE of a-001 failed 3 times/);
    expect(rollbackUpgrade(failed.op, failed.now)).toMatchObject({
      ok: false,
      error: { rule: "LIFE-3", kind: "conflict" },
    });
    const resumed = drive(start({ a: 2 }), T0, {
      faults: (command, nth) =>
        command.type === "UPGRADE_NODE" && "node" in command && command.node === "a-001" && nth <= 3
          ? { kind: "FAIL", reason: "FAILED" }
          : undefined,
      script: controlScript([{ minute: 90, action: "resume" }]),
    });
    expect(resumed.op.header.state).toBe("SUCCEEDED");
    expect(poolNodes(resumed.op).every((n) => n.version === TARGET.version)).toBe(true);
    expect(stepsOf(resumed.commands).filter((s) => s === "UPGRADE_NODE a-000")).toHaveLength(1);
  });

  it("LIFE-3 cancel lets the machine being upgraded finish and starts no other; resume upgrades the rest", () => {
    const { op, commands } = drive(start({ a: 3 }), T0, {
      script: controlScript([
        { minute: 1, action: "cancel" },
        { minute: 60, action: "resume" },
      ]),
    });
    expect(op.header.state).toBe("SUCCEEDED");
    const cordons = commands.filter((c) => c.type === "CORDON_NODE");
    expect(cordons).toHaveLength(3);
  });

  it("NUP-1 no pool can configure IN_PLACE: only a cluster upgrade of bare-metal pools uses it", () => {
    const facts = poolOf({ a: 1 }, undefined, { upgradeStrategy: { type: "IN_PLACE" } });
    const started = startNodePoolUpgrade({ operationId: "op-x", pool: facts, target: TARGET }, T0);
    expect(started).toMatchObject({ ok: false, error: { rule: "NUP-1", kind: "refused" } });
  });
});

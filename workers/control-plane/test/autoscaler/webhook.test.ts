import { env, runInDurableObject } from "cloudflare:test";
import type { ProviderCommand } from "@regatta/engine";
import { afterAll, describe, expect, it } from "vitest";
import type { Env } from "../../src/env.ts";
import type { FleetObject } from "../../src/objects/fleet/fleet-object.ts";
import type { ObjectWiring } from "../../src/objects/wiring.ts";
import { WebhookExecutor } from "../../src/providers/webhook-executor.ts";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { advanceClock, api, freezeClock, signedCallback, webhookCallback } from "../helpers.ts";
import { nodesOf } from "../operations/helpers.ts";
import { decisions, evaluate, pods } from "./helpers.ts";

const FLEET = "wh-as";

const webhookEnv = {
  ...env,
  REGATTA_PROVIDER: "webhook",
  WEBHOOK_URL: "https://executor.example/commands",
  WEBHOOK_SECRET: "test-webhook-secret",
} as Env;

afterAll(async () => {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(FLEET)), (i: FleetObject, state) => {
    (i as unknown as { wiring: ObjectWiring }).wiring.hooks = {};
    return state.storage.deleteAlarm();
  });
});

/** The fleet's commands go to a webhook endpoint that accepts them and keeps them in `sent`. */
async function recordWebhookBatches(sent: ProviderCommand[]): Promise<void> {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(FLEET)), (i: FleetObject) => {
    const wiring = (i as unknown as { wiring: ObjectWiring }).wiring;
    wiring.hooks.executor = () =>
      new WebhookExecutor(webhookEnv, {
        fetch: async (_input, init) => {
          sent.push(...JSON.parse(String(init?.body)).commands);
          return new Response(null, { status: 202 });
        },
      });
    wiring.restart();
  });
}

describe("the autoscaler through the webhook provider", () => {
  it("CA-3 scale-ups go out as signed CREATE_NODE commands and the executor's callbacks add the nodes", async () => {
    await seedBasics(FLEET);
    await freezeClock();
    const sent: ProviderCommand[] = [];
    await recordWebhookBatches(sent);
    await api("PUT", "/v1/clusters/wh-as-c", {
      body: clusterBody({ fleet: FLEET, version: "1.33.5-gke.1000" }),
    });
    await api("PUT", "/v1/clusters/wh-as-c/node-pools/p", {
      body: poolBody({
        version: "1.33.5-gke.1000",
        zones: ["europe-west1-b"],
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 },
      }),
    });
    const put = await api("PUT", "/v1/clusters/wh-as-c/workloads", {
      body: { pods: pods("w", 3, 3000) },
    });
    expect(put.status).toBe(200);
    const stub = env.FLEET.get(env.FLEET.idFromName(FLEET));
    await stub.tick();
    const creates = sent.filter((c) => c.type === "CREATE_NODE");
    expect(creates).toHaveLength(2);
    for (const command of creates) {
      const operation = command.id.slice(0, command.id.indexOf(":"));
      const path = `/v1/operations/${operation}/events`;
      const body = JSON.stringify({ type: "COMMAND_SUCCEEDED", commandId: command.id });
      const answer = await webhookCallback(path, body, await signedCallback(path, body));
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      expect(answer.body.applied).toBe(true);
      const again = await webhookCallback(path, body, await signedCallback(path, body));
      expect(again.body.applied).toBe(false);
    }
    await stub.tick();
    const nodes = await nodesOf("wh-as-c", "p");
    expect(nodes).toHaveLength(3);
    expect(nodes.map((n) => n.name)).toEqual(
      expect.arrayContaining(creates.map((c) => (c.type === "CREATE_NODE" ? c.node : ""))),
    );
  });

  it("CA-4 a node that never registers within 15 min is deleted (DELETE_NODE), no longer counts toward the maximum, and the pool tries again after its backoff", async () => {
    await seedBasics(FLEET);
    await freezeClock();
    const sent: ProviderCommand[] = [];
    await recordWebhookBatches(sent);
    await api("PUT", "/v1/clusters/wh-as-lost", {
      body: clusterBody({ fleet: FLEET, version: "1.33.5-gke.1000" }),
    });
    await api("PUT", "/v1/clusters/wh-as-lost/node-pools/p", {
      body: poolBody({
        version: "1.33.5-gke.1000",
        zones: ["europe-west1-b"],
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 2 },
      }),
    });
    // The pool's one node is full: the pending pod asks for the pool's second (last) node.
    const [existing] = await nodesOf("wh-as-lost", "p");
    const put = await api("PUT", "/v1/clusters/wh-as-lost/workloads", {
      body: {
        pods: [...pods("busy", 1, 3500, { node: existing!.name }), ...pods("w", 1, 3000)],
      },
    });
    expect(put.status).toBe(200);
    const stub = env.FLEET.get(env.FLEET.idFromName(FLEET));
    await stub.tick();
    const creates = () => sent.filter((c) => c.type === "CREATE_NODE");
    expect(creates()).toHaveLength(1);
    const lost = creates()[0]!;
    const lostNode = lost.type === "CREATE_NODE" ? lost.node : "";
    // The executor never answers. At +16 min the node is a failed scale up.
    await advanceClock(16 * 60);
    await evaluate("wh-as-lost");
    await stub.tick();
    const removed = (await decisions("wh-as-lost", "p")).find((d) =>
      /did not register within 15 min/.test(d.reason),
    );
    expect(removed?.blockedBy).toBe("CA-4");
    const deletes = sent.filter((c) => c.type === "DELETE_NODE");
    expect(deletes.map((c) => (c.type === "DELETE_NODE" ? c.node : ""))).toEqual([lostNode]);
    // It counts no longer: once the backoff (5 min) is over, the pool asks for a node again.
    await advanceClock(5 * 60);
    await stub.tick();
    const after = (await decisions("wh-as-lost", "p")).filter(
      (d) => d.at > removed!.at && d.action === "SCALE_UP",
    );
    expect(after.map((d) => d.delta)).toEqual([1]);
    expect(creates()).toHaveLength(2);
    expect(creates()[1]).not.toMatchObject({ node: lostNode });
  });
});

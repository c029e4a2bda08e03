import type { ProviderCommand } from "@regatta/engine";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import {
  callbackPath,
  commandBatchSchema,
  MAX_BATCH_COMMANDS,
  providerCommandSchema,
} from "../src/index.ts";

const drain: ProviderCommand = {
  id: "op-1:pool-a-1:DRAIN:1",
  type: "DRAIN_NODE",
  cluster: "prod-1",
  pool: "pool-a",
  node: "pool-a-1",
  respectPdb: true,
  graceSeconds: 3600,
};

describe("webhook message shapes", () => {
  it("the command schema describes exactly the engine's ProviderCommand", () => {
    expectTypeOf<z.infer<typeof providerCommandSchema>>().toEqualTypeOf<ProviderCommand>();
    expect(providerCommandSchema.parse(drain)).toEqual(drain);
  });

  it("a command's unknown fields are dropped, so a newer control plane can add optional ones", () => {
    expect(providerCommandSchema.parse({ ...drain, priority: 3 })).toEqual(drain);
  });

  it("a command with a missing field or an unknown type does not parse", () => {
    const { node: _, ...noNode } = drain;
    expect(providerCommandSchema.safeParse(noNode).success).toBe(false);
    expect(providerCommandSchema.safeParse({ ...drain, type: "REBOOT_NODE" }).success).toBe(false);
  });

  it("the envelope needs a batch id and ids on its commands, and at most MAX_BATCH_COMMANDS of them", () => {
    const batch = { batch: `${drain.id}#1`, sentAt: "2026-01-05T00:00:00.000Z", commands: [drain] };
    expect(commandBatchSchema.parse(batch)).toEqual(batch);
    // An unreadable command still parses here: the executor reports it failed on its own.
    const odd = { ...batch, commands: [{ id: "op-1:x", type: "REBOOT_NODE" }] };
    expect(commandBatchSchema.safeParse(odd).success).toBe(true);
    expect(
      commandBatchSchema.safeParse({ ...batch, commands: [{ type: "HEALTH_CHECK" }] }).success,
    ).toBe(false);
    const many = { ...batch, commands: Array(MAX_BATCH_COMMANDS + 1).fill(drain) };
    expect(commandBatchSchema.safeParse(many).success).toBe(false);
  });

  it("callbackPath is the operation's events path, its id escaped", () => {
    expect(callbackPath("op-1")).toBe("/v1/operations/op-1/events");
    expect(callbackPath("op/../x")).toBe("/v1/operations/op%2F..%2Fx/events");
  });
});

import { z } from "@hono/zod-openapi";
import { NodeImage, Version, ZoneName } from "./common.ts";

/** Node states. */
export const NodeState = z
  .enum(["READY", "PROVISIONING", "CORDONED", "DRAINING", "DELETING"])
  .openapi("NodeState");

/** Which side of a blue-green upgrade a node is on (NUP-8). */
export const NodeColor = z.enum(["BLUE", "GREEN"]).openapi("NodeColor");

/** A node as `GET /v1/clusters/{cluster}/nodes` shows it. */
export const Node = z
  .object({
    name: z.string().openapi({ example: "prod-default-europe-west1-b-0000" }),
    pool: z.string(),
    zone: ZoneName,
    version: Version,
    nodeImage: NodeImage,
    state: NodeState,
    color: NodeColor.optional(),
  })
  .openapi("Node");

import { z } from "@hono/zod-openapi";
import { Name } from "./common.ts";

const Price = z.number().min(0).max(1_000_000);

/** `PUT /v1/machine-types/{name}` body. */
export const MachineTypeInput = z
  .strictObject({
    cpuMillis: z.int().min(1).max(10_000_000),
    memoryMiB: z.int().min(1).max(1_000_000_000),
    gpus: z.int().min(0).max(1024).default(0),
    pricePerHour: Price,
    spotPricePerHour: Price.optional(),
  })
  .openapi("MachineTypeInput");

/** A machine type as the API shows it. */
export const MachineType = z
  .object({
    name: Name,
    cpuMillis: z.int(),
    memoryMiB: z.int(),
    gpus: z.int(),
    pricePerHour: z.number(),
    spotPricePerHour: z.number().optional(),
  })
  .openapi("MachineType");

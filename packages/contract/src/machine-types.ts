import { z } from "@hono/zod-openapi";
import { Name } from "./common.ts";

const Price = z.number().min(0).max(1_000_000);

/**
 * A GPU model as GKE's `cloud.google.com/gke-accelerator` node label names it (CA-15): a
 * DNS label such as `nvidia-l4` or `nvidia-tesla-t4`.
 *
 * @example GpuType.parse("nvidia-l4")
 */
export const GpuType = Name.openapi({ example: "nvidia-l4" });

/** `PUT /v1/machine-types/{name}` body. */
export const MachineTypeInput = z
  .strictObject({
    cpuMillis: z.int().min(1).max(10_000_000),
    memoryMiB: z.int().min(1).max(1_000_000_000),
    gpus: z.int().min(0).max(1024).default(0),
    gpuType: GpuType.optional().openapi({
      description:
        "CA-15: the model of its GPUs (needs gpus > 0). A compute-class rule naming a GPU type matches only machine types naming the same; without it, none.",
    }),
    pricePerHour: Price,
    spotPricePerHour: Price.optional(),
  })
  .refine((t) => t.gpuType === undefined || t.gpus > 0, {
    error: "CA-15: gpuType names the model of the machine's GPUs; gpus is 0",
    path: ["gpuType"],
  })
  .openapi("MachineTypeInput");

/** A machine type as the API shows it. */
export const MachineType = z
  .object({
    name: Name,
    cpuMillis: z.int(),
    memoryMiB: z.int(),
    gpus: z.int(),
    gpuType: GpuType.optional(),
    pricePerHour: z.number(),
    spotPricePerHour: z.number().optional(),
  })
  .openapi("MachineType");

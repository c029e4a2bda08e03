import { z } from "@hono/zod-openapi";
import { RegionName, ZoneName } from "./common.ts";

const Count = z.int().min(0).max(1_000_000_000);

/** Quotas of a zone; an absent quota is unlimited. */
export const ZoneQuota = z
  .strictObject({ nodes: Count.optional(), cpuMillis: Count.optional(), ips: Count.optional() })
  .openapi("ZoneQuota");

/** `PUT /v1/zones/{zone}` body. */
export const ZoneInput = z
  .strictObject({ region: RegionName, quota: ZoneQuota.default({}) })
  .openapi("ZoneInput");

/** A zone as the API shows it. */
export const Zone = z
  .object({ name: ZoneName, region: RegionName, quota: ZoneQuota })
  .openapi("Zone");

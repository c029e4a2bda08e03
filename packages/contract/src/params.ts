import { z } from "@hono/zod-openapi";
import { Name, ReleaseChannel, ZoneName } from "./common.ts";
import { ReleaseName } from "./releases.ts";

// Path parameters of the inventory routes, one schema per path shape (tokens:
// `TokenNameParam` in tokens.ts).

/** `/v1/machine-types/{name}` */
export const MachineTypeParams = z.object({ name: Name });
/** `/v1/zones/{zone}` */
export const ZoneParams = z.object({ zone: ZoneName });
/** `/v1/reservations/{id}` */
export const ReservationParams = z.object({ id: Name });
/** `/v1/fleets/{fleet}` */
export const FleetParams = z.object({ fleet: Name });
/** `/v1/fleets/{fleet}/scopes/{scope}` */
export const ScopeParams = z.object({ fleet: Name, scope: Name });
/** `/v1/clusters/{cluster}` */
export const ClusterParams = z.object({ cluster: Name });
/** `/v1/clusters/{cluster}/node-pools/{pool}` */
export const NodePoolParams = z.object({ cluster: Name, pool: Name });
/** `/v1/releases/{release}` */
export const ReleaseParams = z.object({ release: ReleaseName });
/** `/v1/channels/{channel}` */
export const ChannelParams = z.object({ channel: ReleaseChannel });

import type { z } from "@hono/zod-openapi";
import type { Channel } from "@regatta/contract";
import { type Channel as ChannelName, compareReleaseNames, currentTargets } from "@regatta/engine";
import { type Inventory, listChannelReleases } from "@regatta/inventory";

type ChannelView = z.infer<typeof Channel>;

/**
 * A channel's current targets (CH-1): all its releases merged by the engine, the later
 * release winning per minor. `release` is the latest release of the channel, null
 * before the first one; a minor with no entry has no target (CH-2).
 * @example await channelView(db, "REGULAR") // {channel: "REGULAR", release: "2022-R26", targets: {...}}
 */
export async function channelView(db: Inventory, channel: ChannelName): Promise<ChannelView> {
  const rows = await listChannelReleases(db, channel);
  const latest = rows
    .map((row) => row.name)
    .sort(compareReleaseNames)
    .at(-1);
  return { channel, release: latest ?? null, targets: { ...currentTargets(rows, channel) } };
}

import type { z } from "@hono/zod-openapi";
import type { AutoUpgradeProfileInput } from "@regatta/contract";
import { type Instant, validateAutoUpgradeProfile } from "@regatta/engine";
import {
  type AutoUpgradeProfileRow,
  deleteAutoUpgradeProfile,
  getAutoUpgradeProfile,
  getFleet,
  type Inventory,
  listAutoUpgradeProfiles,
  type Page,
  type PageRequest,
  putAutoUpgradeProfile,
} from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { findStrategy } from "../update-runs/runs.ts";
import { readReleases, reconcileProfile } from "./reconcile.ts";

type Objects = Pick<
  Env,
  | "FLEET"
  | "UPDATE_RUN"
  | "NOTIFICATIONS_ALLOW_LOOPBACK"
  | "REGATTA_OUTBOUND_PORTS"
  | "REGATTA_OUTBOUND_HOSTS"
>;

async function requireFleet(db: Inventory, fleet: string): Promise<Outcome<void>> {
  return (await getFleet(db, fleet))
    ? accepted(undefined)
    : refused("missing", `fleet ${fleet} does not exist`);
}

/**
 * SEC-4: profiles one fleet holds at most. Each is reconciled by the cron every few
 * minutes, across every fleet, so one fleet's profiles slow everyone's reconcile.
 */
export const MAX_PROFILES_PER_FLEET = 20;

const missing = (fleet: string, name: string) =>
  refused("missing", `auto-upgrade profile ${name} does not exist in fleet ${fleet}`);

/**
 * `PUT /v1/fleets/{fleet}/auto-upgrade-profiles/{name}` (EXT-5): the strategy must be
 * one of the fleet's (422), the target rules hold (`validateAutoUpgradeProfile`); then the
 * profile is reconciled at once, so its answer already says what it generated or why not.
 */
export async function putProfile(
  db: Inventory,
  env: Objects,
  fleet: string,
  name: string,
  input: z.infer<typeof AutoUpgradeProfileInput>,
  now: Instant,
): Promise<Outcome<{ created: boolean; value: AutoUpgradeProfileRow }>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  const releases = await readReleases(db);
  const spec = {
    strategy: input.strategy,
    channel: input.channel,
    ...(input.targetKubernetesVersion === undefined
      ? {}
      : { targetKubernetesVersion: input.targetKubernetesVersion }),
    nodeImageSelection: input.nodeImageSelection,
    disabled: input.disabled,
  };
  const valid = validateAutoUpgradeProfile(spec, new Set(releases.catalogue));
  if (!valid.ok) return valid;
  if ((await findStrategy(env, fleet, input.strategy)) === undefined) {
    return refused(
      "refused",
      `EXT-5: update strategy ${input.strategy} does not exist in fleet ${fleet}`,
      "EXT-5",
    );
  }
  const put = await putAutoUpgradeProfile(
    db,
    { fleet, name, ...spec, targetKubernetesVersion: spec.targetKubernetesVersion ?? null },
    now,
    MAX_PROFILES_PER_FLEET,
  );
  if ("full" in put) {
    return refused(
      "conflict",
      `SEC-4: fleet ${fleet} already has ${MAX_PROFILES_PER_FLEET} auto-upgrade profiles; delete one first`,
      "SEC-4",
    );
  }
  const { created, row } = put;
  await reconcileProfile(db, env, row, releases, now);
  const value = (await getAutoUpgradeProfile(db, fleet, name)) ?? row;
  return accepted({ created, value });
}

export async function getProfile(
  db: Inventory,
  fleet: string,
  name: string,
): Promise<Outcome<AutoUpgradeProfileRow>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  const row = await getAutoUpgradeProfile(db, fleet, name);
  return row ? accepted(row) : missing(fleet, name);
}

/** Deletes the profile; the runs it generated stay and go on. */
export async function deleteProfile(
  db: Inventory,
  fleet: string,
  name: string,
): Promise<Outcome<void>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  return (await deleteAutoUpgradeProfile(db, fleet, name))
    ? accepted(undefined)
    : missing(fleet, name);
}

/** The fleet's profiles by name, paged. */
export async function listProfiles(
  db: Inventory,
  fleet: string,
  request: PageRequest,
): Promise<Outcome<Page<AutoUpgradeProfileRow>>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  return accepted(await listAutoUpgradeProfiles(db, fleet, request));
}

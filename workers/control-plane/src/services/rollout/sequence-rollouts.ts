import type { z } from "@hono/zod-openapi";
import type { SequenceRollout } from "@regatta/contract";
import { type SequenceFacts, type SequenceRolloutView, visibleRollout } from "@regatta/engine";
import { decodeCursor, encodeCursor, pageLimit } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { FleetAccess } from "./sequences.ts";

type View = z.infer<typeof SequenceRollout>;
type Sequences = Env["ROLLOUT_SEQUENCE"];

/**
 * SEQ-21: a sequence's rollouts as the caller may read them — stages naming one of its
 * readable fleets, clusters of those fleets; a sequence it may read nothing of does not
 * exist for it.
 */

function shown(view: SequenceRolloutView, facts: SequenceFacts, readable: FleetAccess): View {
  return { ...visibleRollout(view, facts.stages, readable), sequence: facts.sequence };
}

async function read(sequences: Sequences, name: string, readable: FleetAccess) {
  const found = await sequences.get(sequences.idFromName(name)).rollouts();
  if (found === undefined || !found.facts.stages.some((s) => s.fleets.some(readable))) {
    return undefined;
  }
  return found;
}

const missing = (name: string) => refused("missing", `rollout sequence ${name} does not exist`);

/** `GET …/rollouts`: newest first, paged by the last id of the page before. */
export async function listSequenceRollouts(
  sequences: Sequences,
  name: string,
  page: { limit?: number; cursor?: string },
  readable: FleetAccess,
): Promise<Outcome<{ items: View[]; nextCursor: string | null }>> {
  const found = await read(sequences, name, readable);
  if (found === undefined) return missing(name);
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const from = after === undefined ? 0 : found.rollouts.findIndex((r) => r.id === after) + 1;
  const limit = pageLimit(page.limit);
  const items = found.rollouts.slice(from, from + limit);
  const last = items.at(-1);
  return accepted({
    items: items.map((view) => shown(view, found.facts, readable)),
    nextCursor:
      last !== undefined && from + limit < found.rollouts.length ? encodeCursor(last.id) : null,
  });
}

/** `GET …/rollouts/{rollout}`. */
export async function readSequenceRollout(
  sequences: Sequences,
  name: string,
  rollout: string,
  readable: FleetAccess,
): Promise<Outcome<View>> {
  const found = await read(sequences, name, readable);
  if (found === undefined) return missing(name);
  const view = found.rollouts.find((r) => r.id === rollout);
  if (view === undefined) {
    return refused("missing", `SEQ-21: sequence ${name} has no rollout ${rollout}`, "SEQ-21");
  }
  return accepted(shown(view, found.facts, readable));
}

/** `POST …/rollouts/{rollout}/pause|resume` (SEQ-20); the route authorized the caller. */
export async function controlSequenceRollout(
  sequences: Sequences,
  name: string,
  control: { kind: "PAUSE" | "RESUME"; rollout: string },
  readable: FleetAccess,
): Promise<Outcome<View>> {
  const answer = await sequences.get(sequences.idFromName(name)).control(control);
  if (answer === undefined) return missing(name);
  if (!answer.ok) return answer;
  const { rollout, stages } = answer.value;
  return accepted({ ...visibleRollout(rollout, stages, readable), sequence: name });
}

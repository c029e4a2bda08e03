import type { SequenceCapability, SequenceContext, SequenceCourier } from "./context.ts";
import { type StartPhases, wakeSequence } from "./host.ts";
import { type PhaseEnded, queueEnds } from "./store.ts";

/**
 * Starts a pass asked for, carried to their fleet's object as durable deliveries: the
 * fleet answers a phase it already started as STARTED, so a start retried after a lost
 * answer is not made twice. A phase that could not start (or had nothing to do) is an
 * end at once, heard by the next pass; one that started ends through the fleet's watch.
 */
const starts: SequenceCourier<StartPhases, Awaited<ReturnType<typeof startIn>>> = {
  send: (context, message) => startIn(context, message),
  taken(tx, message, answers) {
    const ended = answers.flatMap((answer, i): PhaseEnded[] => {
      const intent = message.intents[i];
      if (answer === "STARTED" || intent === undefined) return [];
      const type = intent.kind === "START_NODE_UPGRADE" ? "NODE" : "CONTROL_PLANE";
      return [
        {
          kind: "UPGRADE_ENDED",
          cluster: intent.cluster,
          type,
          version: intent.version,
          ...answer,
        },
      ];
    });
    if (ended.length === 0) return;
    queueEnds(tx, ended);
    wakeSequence(tx, tx.now);
  },
};

function startIn({ env, name }: SequenceContext, message: StartPhases) {
  const fleets = env.FLEET;
  const intents = message.intents.map(({ kind, cluster, version }) => ({ kind, cluster, version }));
  return fleets.get(fleets.idFromName(message.fleet)).startSequencePhases(name, intents);
}

/** SEQ-19: cluster phases, carried to their fleets. */
export const phaseStarts: SequenceCapability = {
  name: "phase starts",
  deliveries: { "start-phases": starts },
};

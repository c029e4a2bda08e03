import { type ApiUrl, apiPath } from "@regatta/client";
import { Fragment } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { getAll, getJson, post, uri } from "../api.ts";
import { duration, now, useTick, when } from "../clock.ts";
import { count } from "../format.ts";
import { useLive } from "../live.ts";
import {
  fleetsOf,
  hiddenStages,
  mayPause,
  mayResume,
  rolloutTitle,
  selectorText,
  stageProgress,
  withGaps,
} from "../rollout-sequence.ts";
import type {
  Page,
  Self,
  SequenceRolloutStageView,
  SequenceRolloutView,
  SequenceStageView,
  SequenceView,
} from "../types.ts";
import { Pager, usePaged } from "./pager.tsx";
import { Action, Explained, Failure, Loading, Section, State } from "./ui.tsx";

/**
 * Rollout sequences with custom stages (SEQ-15 to SEQ-21): the overview's chains of
 * stages and a sequence's page with its stages, their clusters and its rollouts.
 *
 * A sequence's page follows the sequence's own object (its rollouts' stages, soaks and
 * pauses) and its fleets' objects (their clusters' upgrades) through their watches. The
 * overview lists every sequence and reads the list again every 15 s besides, with
 * If-None-Match (a 304 when nothing moved): a new sequence has no watch to tell of it.
 */

/** How often the overview reads the sequences again. */
const OVERVIEW_POLL_MS = 15_000;

/** Calls `poll` every `ms` while the caller is shown. */
function usePoll(poll: () => void, ms: number): void {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

/** Each fleet's watch: the fleets' objects tell of their clusters' upgrades. */
const fleetWatches = (fleets: string[]): ApiUrl[] =>
  fleets.map((fleet) => apiPath("/v1/fleets/{fleet}/watch", { fleet }));

function FleetLinks({ fleets }: { fleets: string[] }) {
  return (
    <>
      {fleets.map((fleet, i) => (
        <Fragment key={fleet}>
          {i > 0 && ", "}
          <a href={uri`#/fleets/${fleet}`}>{fleet}</a>
        </Fragment>
      ))}
    </>
  );
}

/** "canary=true" (as kubectl writes a selector), or that the stage takes every cluster. */
function Selector({ stage }: { stage: SequenceStageView }) {
  const text = selectorText(stage.clusterSelector);
  return text ? (
    <>
      selects <code>{text}</code>
    </>
  ) : (
    <>every cluster of its {stage.fleets.length === 1 ? "fleet" : "fleets"}</>
  );
}

const soakText = (seconds: number) =>
  seconds > 0 ? `soak ${duration(seconds * 1000)}` : "no soak";

/** A stage the token may not read: its number keeps its place (SEQ-18). */
function HiddenStep({ stage }: { stage: number }) {
  return (
    <li class="group-step">
      <span class="group-name">Stage {stage}</span>
      <span class="muted">not shown: it names only fleets this token may not read</span>
    </li>
  );
}

// ---------------------------------------------------------------------------------------
// The overview's section

interface SequenceSummary {
  sequence: SequenceView;
  rollouts: SequenceRolloutView[];
}

/** Every sequence the token may read, each with what its stages select and its newest rollouts. */
async function loadSequences(): Promise<SequenceSummary[]> {
  const listed = await getAll<SequenceView>(apiPath("/v1/rollout-sequences", {}), 200);
  return Promise.all(
    listed.map(async (item) => {
      const ids = { name: item.name };
      const [sequence, rollouts] = await Promise.all([
        // The list leaves out what each stage selects; the sequence's own GET has it.
        getJson<SequenceView>(apiPath("/v1/rollout-sequences/{name}", ids)).catch(() => item),
        getJson<Page<SequenceRolloutView>>(
          apiPath("/v1/rollout-sequences/{name}/rollouts", ids, { limit: 10 }),
        ).then(
          (page) => page.items,
          () => [],
        ),
      ]);
      return { sequence, rollouts };
    }),
  );
}

/** The overview's "Rollout sequences": each as its chain of stages, linking to its page. */
export function SequencesOverview({ watch }: { watch: ApiUrl[] }) {
  useTick();
  const { data, error, reload } = useLive("rollout-sequences", loadSequences, watch);
  usePoll(reload, OVERVIEW_POLL_MS);
  return (
    <Section title="Rollout sequences">
      <Failure error={error} />
      {!data ? (
        <Loading what="rollout sequences" />
      ) : data.length === 0 ? (
        <p class="muted">
          No rollout sequences yet: create one with PUT /v1/rollout-sequences/&#123;name&#125; (its
          stages, each naming fleets and a cluster selector, SEQ-15).
        </p>
      ) : (
        data.map((summary) => <SequenceChain key={summary.sequence.name} summary={summary} />)
      )}
    </Section>
  );
}

function SequenceChain({ summary }: { summary: SequenceSummary }) {
  const { sequence, rollouts } = summary;
  const going = rollouts.filter((r) => r.state !== "COMPLETED");
  return (
    <div class="sequence" data-sequence={sequence.name}>
      <h3>
        <a href={uri`#/rollout-sequences/${sequence.name}`}>
          {sequence.displayName ?? sequence.name}
        </a>
        {sequence.displayName && <span class="muted"> ({sequence.name})</span>}
      </h3>
      <p class="muted">
        {going.length === 0
          ? "No rollout under way."
          : `${count(going.length, "rollout")} under way: ${going.map(rolloutTitle).join("; ")}.`}
      </p>
      <ol class="chain" aria-label={`stages of rollout sequence ${sequence.name}`}>
        {withGaps(sequence.stages).map((stage) =>
          "hidden" in stage ? (
            <HiddenStep key={stage.hidden} stage={stage.hidden} />
          ) : (
            <StageStep key={stage.stage} stage={stage} rollouts={going} />
          ),
        )}
      </ol>
    </div>
  );
}

/** One stage of a sequence: its fleets, selector, soak, clusters, and where each rollout under way stands in it. */
function StageStep({
  stage,
  rollouts,
}: {
  stage: SequenceStageView;
  rollouts: SequenceRolloutView[];
}) {
  return (
    <li class="group-step" data-stage={stage.stage}>
      <span class="group-name">Stage {stage.stage}</span>
      <span>
        {stage.fleets.length === 1 ? "Fleet" : "Fleets"} <FleetLinks fleets={stage.fleets} />
      </span>
      <span>
        <Selector stage={stage} />
      </span>
      <span class="muted">
        {soakText(stage.soakSeconds)}
        {stage.clusterCount !== undefined && ` · ${count(stage.clusterCount, "cluster")}`}
      </span>
      {rollouts.map((rollout) => {
        const at = rollout.stages.find((s) => s.stage === stage.stage);
        if (!at) return null;
        const soakEnds = at.soakEndsAt ? Date.parse(at.soakEndsAt) : undefined;
        return (
          <span key={rollout.id} class="upgrade">
            <State state={at.state} /> {rolloutTitle(rollout).toLowerCase()}
            {rollout.state === "PAUSED" && " (rollout paused)"}
            {soakEnds !== undefined && soakEnds > now() && (
              <span class="soak"> · soak ends in {duration(soakEnds - now())}</span>
            )}
            {at.reason && (
              <span class="reason">
                <Explained text={at.reason} />
              </span>
            )}
          </span>
        );
      })}
    </li>
  );
}

// ---------------------------------------------------------------------------------------
// The sequence's page

/** A rollout sequence: its stages and the clusters each selects now, and its rollouts. */
export function RolloutSequencePage(props: { name: string; self: Self | undefined }) {
  const [watch, setWatch] = useState<ApiUrl[]>([]);
  const path = apiPath("/v1/rollout-sequences/{name}", { name: props.name });
  const { data: sequence, error } = useLive(
    `sequence:${props.name}`,
    () => getJson<SequenceView>(path),
    watch,
  );
  const fleets = sequence ? fleetsOf(sequence).join(",") : "";
  // Stages' turns, soaks and pauses move in the sequence's own object; its clusters'
  // upgrades in their fleets' objects. A change in either is told, and each re-read
  // moves the clock with it.
  useEffect(
    () =>
      setWatch([
        apiPath("/v1/rollout-sequences/{name}/watch", { name: props.name }),
        ...(fleets ? fleetWatches(fleets.split(",")) : []),
      ]),
    [fleets, props.name],
  );
  if (!sequence) {
    return error ? <Failure error={error} /> : <Loading what={`rollout sequence ${props.name}`} />;
  }
  const selected = sequence.stages.reduce((n, s) => n + (s.clusterCount ?? 0), 0);
  const hidden = hiddenStages(sequence.stages).length;
  return (
    <>
      <header>
        <h1>Rollout sequence {sequence.name}</h1>
        {sequence.displayName && <p>{sequence.displayName}</p>}
        <p class="muted">
          {count(sequence.stages.length, "stage")}
          {hidden > 0 && ` (and ${count(hidden, "stage")} this token may not read)`} ·{" "}
          {count(selected, "cluster")} selected · created {when(sequence.createdAt)} · changed{" "}
          {when(sequence.updatedAt)}
          {Object.keys(sequence.labels).length > 0 &&
            ` · labels ${Object.entries(sequence.labels)
              .map(([k, v]) => `${k}=${v}`)
              .join(", ")}`}
        </p>
        <Failure error={error} />
      </header>
      <Stages sequence={sequence} />
      <Unselected sequence={sequence} />
      <Rollouts sequence={sequence} self={props.self} watch={watch} />
    </>
  );
}

function Stages({ sequence }: { sequence: SequenceView }) {
  return (
    <Section title="Stages">
      <p class="muted">
        Stage by stage: a stage upgrades only to a version the stage before it qualified, then
        soaks; a cluster belongs to the first stage that selects it (SEQ-16, SEQ-19).
      </p>
      <div class="scroll">
        <table class="stages">
          <caption class="sr-only">Stages of rollout sequence {sequence.name}, in order</caption>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Fleets</th>
              <th scope="col">Cluster selector</th>
              <th scope="col">Soak</th>
              <th scope="col">Clusters it selects now</th>
            </tr>
          </thead>
          <tbody>
            {withGaps(sequence.stages).map((stage) =>
              "hidden" in stage ? (
                <tr key={stage.hidden}>
                  <th scope="row">{stage.hidden}</th>
                  <td colSpan={4} class="muted">
                    Not shown: it names only fleets this token may not read.
                  </td>
                </tr>
              ) : (
                <tr key={stage.stage} data-stage={stage.stage}>
                  <th scope="row">{stage.stage}</th>
                  <td>
                    <FleetLinks fleets={stage.fleets} />
                  </td>
                  <td>
                    <Selector stage={stage} />
                  </td>
                  <td>{soakText(stage.soakSeconds)}</td>
                  <td>
                    <ClusterList
                      names={stage.clusters ?? []}
                      total={stage.clusterCount ?? stage.clusters?.length ?? 0}
                    />
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function ClusterList({ names, total }: { names: string[]; total: number }) {
  if (total === 0) return <span class="muted">none</span>;
  return (
    <>
      <strong>{count(total, "cluster")}</strong>:{" "}
      {names.map((name, i) => (
        <Fragment key={name}>
          {i > 0 && ", "}
          <a href={uri`#/clusters/${name}`}>{name}</a>
        </Fragment>
      ))}
      {total > names.length && <span class="muted"> and {total - names.length} more</span>}
    </>
  );
}

function Unselected({ sequence }: { sequence: SequenceView }) {
  const names = sequence.unselected ?? [];
  return (
    <Section title="Clusters no stage selects">
      {names.length === 0 ? (
        <p class="muted">Every cluster of the sequence's fleets is in a stage.</p>
      ) : (
        <p>
          The sequence does not upgrade these clusters of its fleets (
          <a href="#/rules/SEQ-16" class="rule" title="What rule SEQ-16 says">
            SEQ-16
          </a>
          ): <ClusterList names={names} total={names.length} />
        </p>
      )}
    </Section>
  );
}

/** The sequence's rollouts, newest first, ten a page. */
function Rollouts(props: { sequence: SequenceView; self: Self | undefined; watch: ApiUrl[] }) {
  const { sequence } = props;
  useTick();
  const paging = usePaged<SequenceRolloutView>(
    apiPath("/v1/rollout-sequences/{name}/rollouts", { name: sequence.name }),
    10,
    props.watch,
  );
  const items = paging.page.data?.items;
  return (
    <Section title="Rollouts">
      <Failure error={paging.page.error} />
      {items === undefined ? (
        <Loading what="rollouts" />
      ) : items.length === 0 ? (
        <p class="muted">
          No rollouts yet: one starts for each version and kind (control plane, then nodes) once the
          first stage's clusters have a newer target on their release channel (SEQ-19, SEQ-21).
        </p>
      ) : (
        items.map((rollout) => (
          <RolloutCard
            key={rollout.id}
            rollout={rollout}
            sequence={sequence}
            self={props.self}
            changed={paging.page.reload}
          />
        ))
      )}
      <Pager paging={paging} what="rollouts" />
    </Section>
  );
}

/**
 * One rollout: its state, why it is held, Pause or Resume when the token may, and its
 * stages as a chain. After an action the rollout is read again at once.
 */
function RolloutCard(props: {
  rollout: SequenceRolloutView;
  sequence: SequenceView;
  self: Self | undefined;
  changed: () => void;
}) {
  // The rollout as read after this page paused or resumed it, until the list has it too.
  const [fresh, setFresh] = useState<{ from: SequenceRolloutView; value: SequenceRolloutView }>();
  const rollout = fresh && fresh.from === props.rollout ? fresh.value : props.rollout;
  const headingId = useId();
  const ids = { name: props.sequence.name, rollout: rollout.id };
  const act = (verb: "pause" | "resume") => async () => {
    await post(apiPath(`/v1/rollout-sequences/{name}/rollouts/{rollout}/${verb}`, ids));
    const value = await getJson<SequenceRolloutView>(
      apiPath("/v1/rollout-sequences/{name}/rollouts/{rollout}", ids),
    );
    setFresh({ from: props.rollout, value });
    props.changed();
  };
  const title = rolloutTitle(rollout);
  const complete = rollout.stages.filter((s) => s.state === "COMPLETE").length;
  const pause = rollout.state === "RUNNING" && mayPause(props.self, props.sequence);
  const resume = rollout.state === "PAUSED" && mayResume(props.self, props.sequence);
  return (
    <article class="rollout" aria-labelledby={headingId} data-rollout={rollout.id}>
      <h3 id={headingId}>
        {title} <State state={rollout.state} />
      </h3>
      <p class="muted">
        Rollout {rollout.id} · {complete} of {count(rollout.stages.length, "stage")} complete
      </p>
      {rollout.reason && (
        <p class="reason">
          <Explained text={rollout.reason} />
        </p>
      )}
      {(pause || resume) && (
        <fieldset class="actions">
          <legend class="sr-only">Actions of rollout {rollout.id}</legend>
          {pause && (
            <Action
              label="Pause"
              kind="secondary"
              run={act("pause")}
              describe={`Pause rollout ${rollout.id}`}
              confirm={{
                title: `Pause rollout ${rollout.id}?`,
                body: `No stage's turn comes and no cluster upgrade of ${title.toLowerCase()} starts until it is resumed; upgrades already running finish and soaks go on counting (SEQ-20). Resuming it takes write access to every fleet of the sequence.`,
                confirm: "Pause the rollout",
              }}
            />
          )}
          {resume && (
            <Action
              label="Resume"
              run={act("resume")}
              describe={`Resume rollout ${rollout.id}`}
              confirm={{
                title: `Resume rollout ${rollout.id}?`,
                body: `What the pause held may start at once: the stages whose turn has come upgrade their clusters to ${rollout.version}, each in its maintenance windows (SEQ-20).`,
                confirm: "Resume the rollout",
              }}
            />
          )}
        </fieldset>
      )}
      {rollout.state === "PAUSED" && !resume && (
        <p class="muted">Resuming it takes write access to every fleet of the sequence (SEQ-18).</p>
      )}
      <ol class="chain" aria-label={`stages of rollout ${rollout.id}`}>
        {withGaps(rollout.stages).map((stage) =>
          "hidden" in stage ? (
            <HiddenStep key={stage.hidden} stage={stage.hidden} />
          ) : (
            <RolloutStageStep key={stage.stage} stage={stage} />
          ),
        )}
      </ol>
    </article>
  );
}

/** Where a rollout stands in one stage: state, start, end, soak, clusters done, why it waits. */
function RolloutStageStep({ stage }: { stage: SequenceRolloutStageView }) {
  const { done, ineligible, total } = stageProgress(stage);
  const soakEnds = stage.soakEndsAt ? Date.parse(stage.soakEndsAt) : undefined;
  return (
    <li class="group-step" data-stage={stage.stage}>
      <span class="group-name">
        Stage {stage.stage} <State state={stage.state} />
      </span>
      <span>{stage.startedAt ? `started ${when(stage.startedAt)}` : "not started"}</span>
      {stage.endedAt && <span>ended {when(stage.endedAt)}</span>}
      {soakEnds !== undefined && soakEnds > now() && (
        <span class="soak">soak ends in {duration(soakEnds - now())}</span>
      )}
      <span data-progress={`${done}/${total}`}>
        {total > 0 && (
          <>
            <progress
              max={total}
              value={done}
              aria-label={`stage ${stage.stage}: clusters done, ${done} of ${total}`}
            />{" "}
          </>
        )}
        {total === 0
          ? "no clusters in it yet"
          : `${done} of ${count(total, "cluster")} done${ineligible > 0 ? ` · ${ineligible} cannot take it` : ""}`}
      </span>
      {stage.reason && (
        <span class="reason">
          <Explained text={stage.reason} />
        </span>
      )}
      {total > 0 && (
        <details>
          <summary>Clusters of stage {stage.stage}</summary>
          <ul class="runs">
            {stage.clusters.map((c) => (
              <li key={c.cluster}>
                <a href={uri`#/clusters/${c.cluster}`}>{c.cluster}</a>{" "}
                <span class="muted">({c.fleet})</span> <State state={c.state} />
                {c.reason && (
                  <span class="reason">
                    <Explained text={c.reason} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/**
 * The custom-stage sequence a fleet is in (SEQ-17: at most one), with the numbers of its
 * stages naming the fleet; for a fleet page, whose fleet is in no fleet chain.
 */
export async function sequenceOfFleet(
  fleet: string,
): Promise<{ name: string; stages: number[] } | undefined> {
  const all = await getAll<SequenceView>(apiPath("/v1/rollout-sequences", {}), 500);
  for (const sequence of all) {
    const stages = sequence.stages.filter((s) => s.fleets.includes(fleet)).map((s) => s.stage);
    if (stages.length > 0) return { name: sequence.name, stages };
  }
  return undefined;
}

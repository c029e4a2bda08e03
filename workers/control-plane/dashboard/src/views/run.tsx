import { apiPath } from "@regatta/client";
import { memo } from "preact/compat";
import { useEffect } from "preact/hooks";
import { post, uri } from "../api.ts";
import { now, when } from "../clock.ts";
import { count } from "../format.ts";
import { useResource } from "../live.ts";
import { mayWrite } from "../session.ts";
import type { GateView, RunView, Self } from "../types.ts";
import { Gantt } from "./gantt.tsx";
import { Action, Explained, Failure, Loading, Section, State } from "./ui.tsx";

type Stage = RunView["stages"][number];
type Group = Stage["groups"][number];
type Member = Group["members"][number];

const FINISHED = new Set(["Completed", "Skipped", "Failed"]);

/** An update run: actions, its stage → group → member tree and its timeline. */
export function RunPage(props: { fleet: string; run: string; self: Self | undefined }) {
  const ids = { fleet: props.fleet, run: props.run };
  const { data: run, error } = useResource<RunView>(
    apiPath("/v1/fleets/{fleet}/update-runs/{run}", ids),
    [apiPath("/v1/fleets/{fleet}/update-runs/{run}/watch", ids)],
  );
  useEffect(() => {
    // The benchmark's mark: the first paint with the run's tree (scripts/bench).
    if (run) requestAnimationFrame(() => performance.mark("regatta:run-painted"));
  }, [run !== undefined]);
  if (!run) return error ? <Failure error={error} /> : <Loading what={`run ${props.run}`} />;
  const may = mayWrite(props.self, props.fleet);
  const act = (verb: "start" | "stop" | "skip", body?: unknown) => () =>
    post(apiPath(`/v1/fleets/{fleet}/update-runs/{run}/${verb}`, ids), body);
  const skip = (type: "Member" | "Group" | "Stage", name: string) =>
    act("skip", { targets: [{ type, name }] });
  const members = run.stages.flatMap((s) => s.groups.flatMap((g) => g.members));
  const done = members.filter((m) => FINISHED.has(m.state)).length;
  return (
    <>
      <header class="run-head">
        <h1>
          Run {run.name} <State state={run.state} />
        </h1>
        <p class="muted">
          Fleet <a href="#/">{run.fleet}</a> · {run.upgrade.type}
          {run.upgrade.kubernetesVersion ? ` to ${run.upgrade.kubernetesVersion}` : ""} ·{" "}
          {run.strategy ? `strategy ${run.strategy} · ` : ""}
          {run.startedAt ? `started ${when(run.startedAt)}` : "not started yet"}
          {run.endedAt ? ` · ended ${when(run.endedAt)}` : ""}
        </p>
        {run.message && (
          <p class="reason">
            <Explained text={run.message} />
          </p>
        )}
        <p class="progress" data-progress={`${done}/${members.length}`}>
          <progress
            max={members.length}
            value={done}
            aria-label={`members finished: ${done} of ${members.length}`}
          />{" "}
          <strong>
            {done} of {members.length}
          </strong>{" "}
          {members.length === 1 ? "member" : "members"} finished
        </p>
        <Failure error={error} />
        {may && (
          <fieldset class="actions">
            <legend class="sr-only">Run actions</legend>
            {(run.state === "NotStarted" || run.state === "Stopped") && (
              <Action
                label="Start"
                run={act("start")}
                confirm={{
                  title: `Start run ${run.name}?`,
                  body: `Upgrades ${count(members.length - done, "member")} of fleet ${run.fleet} (${run.upgrade.type}${run.upgrade.kubernetesVersion ? ` to ${run.upgrade.kubernetesVersion}` : ""}), stage by stage, each member in its maintenance windows.`,
                  confirm: "Start the run",
                }}
              />
            )}
            {(run.state === "Running" || run.state === "Pending") && (
              <Action
                label="Stop"
                kind="destructive"
                run={act("stop")}
                confirm={{
                  title: `Stop run ${run.name}?`,
                  body: "No further member starts; members already upgrading finish their upgrade. Start the run again to go on.",
                  confirm: "Stop the run",
                }}
              />
            )}
          </fieldset>
        )}
      </header>
      <Section title="Timeline">
        <Gantt run={run} />
      </Section>
      <Section title="Stages">
        {run.stages.map((stage) => (
          <StageTree
            key={stage.name}
            stage={stage}
            may={may}
            skip={skip}
            approve={(gate) => () =>
              post(
                apiPath("/v1/fleets/{fleet}/update-runs/{run}/gates/{gate}/approve", {
                  ...ids,
                  gate,
                }),
              )
            }
          />
        ))}
      </Section>
    </>
  );
}

type Skip = (type: "Member" | "Group" | "Stage", name: string) => () => Promise<unknown>;

/** Skip is confirmed (RUN-12): the skipped part is not upgraded by this run. */
function SkipAction(props: {
  type: "Member" | "Group" | "Stage";
  name: string;
  skip: Skip;
  label: string;
}) {
  const what = `${props.type.toLowerCase()} ${props.name}`;
  return (
    <Action
      label={props.label}
      kind="secondary"
      run={props.skip(props.type, props.name)}
      describe={`skip ${what}`}
      confirm={{
        title: `Skip ${what}?`,
        body:
          props.type === "Member"
            ? `Cluster ${props.name} is not upgraded by this run; the run goes on with the next member.`
            : `Its members that have not finished are not upgraded by this run; the run goes on after it.`,
        confirm: `Skip ${props.type.toLowerCase()}`,
      }}
    />
  );
}
type Approve = (gate: string) => () => Promise<unknown>;

function gatesOf(node: Stage | Group): GateView[] {
  return (node as { gates?: GateView[] }).gates ?? [];
}

function Gates(props: { gates: GateView[]; may: boolean; approve: Approve }) {
  if (props.gates.length === 0) return null;
  return (
    <ul class="gates">
      {props.gates.map((gate) => (
        <li key={gate.id}>
          {gate.timing} gate {gate.displayName ?? gate.type} <State state={gate.state} />
          {props.may && gate.type === "Approval" && gate.state === "Pending" && (
            <Action label="Approve" run={props.approve(gate.id)} describe={`approve ${gate.id}`} />
          )}
        </li>
      ))}
    </ul>
  );
}

function StageTree(props: { stage: Stage; may: boolean; skip: Skip; approve: Approve }) {
  const { stage, may, skip } = props;
  return (
    <details open class="stage">
      {/* The summary toggles the stage: its rule links live beside it, not in it (an
          interactive control inside another is unreachable by keyboard and screen reader). */}
      <summary>
        Stage <strong>{stage.name}</strong> <State state={stage.state} />
        {stage.afterStageWaitEndsAt && (
          <span class="muted"> · waits until {when(stage.afterStageWaitEndsAt)}</span>
        )}
      </summary>
      {stage.message && (
        <p class="reason">
          <Explained text={stage.message} />
        </p>
      )}
      {may && !FINISHED.has(stage.state) && (
        <SkipAction type="Stage" name={stage.name} skip={skip} label="Skip stage" />
      )}
      <Gates gates={gatesOf(stage)} may={may} approve={props.approve} />
      {stage.groups.map((group) => (
        <div class="group" key={group.name}>
          <h3>
            Group {group.name} <State state={group.state} />
            {group.message && (
              <span class="reason">
                <Explained text={group.message} />
              </span>
            )}
            {may && !FINISHED.has(group.state) && (
              <SkipAction type="Group" name={group.name} skip={skip} label="Skip group" />
            )}
          </h3>
          <Gates gates={gatesOf(group)} may={may} approve={props.approve} />
          <MemberTable members={group.members} may={may} skip={skip} />
        </div>
      ))}
    </details>
  );
}

function MemberTable(props: { members: Member[]; may: boolean; skip: Skip }) {
  return (
    <div class="scroll">
      <table class="members">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">State</th>
            <th scope="col">Started</th>
            <th scope="col">Ended</th>
            <th scope="col">Message</th>
            {props.may && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {props.members.map((m) => (
            <MemberRow
              key={m.cluster}
              member={m}
              may={props.may}
              skip={props.skip}
              minute={Math.floor(now() / 60_000)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One member's row: re-rendered when the run was read again (a new answer, new member
 * objects) or a minute of the clock passed, not on every render of the page around it,
 * which keeps a 1,000-member page cheap.
 */
const MemberRow = memo(
  function MemberRow(props: { member: Member; may: boolean; skip: Skip; minute: number }) {
    const m = props.member;
    return (
      <tr data-member={m.cluster}>
        <th scope="row">
          <a href={uri`#/clusters/${m.cluster}`}>{m.cluster}</a>
        </th>
        <td>
          <State state={m.state} />
        </td>
        <td>{when(m.startedAt)}</td>
        <td>{when(m.endedAt)}</td>
        <td class="message">
          {m.message && <Explained text={m.message} />}
          {m.operation && (
            <a href={uri`#/operations/${m.operation}`} class="op-link">
              {" "}
              operation
            </a>
          )}
        </td>
        {props.may && (
          <td>
            {!FINISHED.has(m.state) && (
              <SkipAction type="Member" name={m.cluster} skip={props.skip} label="Skip" />
            )}
          </td>
        )}
      </tr>
    );
  },
  (before, after) =>
    before.member === after.member && before.may === after.may && before.minute === after.minute,
);

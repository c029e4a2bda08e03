import { useEffect } from "preact/hooks";
import { post, uri } from "../api.ts";
import { when } from "../clock.ts";
import { useResource } from "../live.ts";
import { mayWrite } from "../session.ts";
import type { GateView, RunView, Self } from "../types.ts";
import { Gantt } from "./gantt.tsx";
import { Action, Failure, Loading, Section, State } from "./ui.tsx";

type Stage = RunView["stages"][number];
type Group = Stage["groups"][number];
type Member = Group["members"][number];

const FINISHED = new Set(["Completed", "Skipped", "Failed"]);

/** An update run: actions, its stage → group → member tree and its timeline. */
export function RunPage(props: { fleet: string; run: string; self: Self | undefined }) {
  const path = uri`/v1/fleets/${props.fleet}/update-runs/${props.run}`;
  const { data: run, error } = useResource<RunView>(path, [`${path}/watch`]);
  useEffect(() => {
    // The benchmark's mark: the first paint with the run's tree (scripts/bench).
    if (run) requestAnimationFrame(() => performance.mark("regatta:run-painted"));
  }, [run !== undefined]);
  if (!run) return error ? <Failure error={error} /> : <Loading what={`run ${props.run}`} />;
  const may = mayWrite(props.self, props.fleet);
  const act = (verb: string, body?: unknown) => () => post(`${path}/${verb}`, body);
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
          started {when(run.startedAt)} {run.endedAt ? `· ended ${when(run.endedAt)}` : ""}
        </p>
        {run.message && <p class="reason">{run.message}</p>}
        <p>
          <progress max={members.length} value={done} aria-label="members finished" /> {done} of{" "}
          {members.length} members finished
        </p>
        <Failure error={error} />
        {may && (
          <fieldset class="actions">
            <legend class="sr-only">Run actions</legend>
            {(run.state === "NotStarted" || run.state === "Stopped") && (
              <Action label="Start" run={act("start")} />
            )}
            {(run.state === "Running" || run.state === "Pending") && (
              <Action label="Stop" danger run={act("stop")} confirm={`Stop run ${run.name}?`} />
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
            approve={(gate) => act(`gates/${gate}/approve`)}
          />
        ))}
      </Section>
    </>
  );
}

type Skip = (type: "Member" | "Group" | "Stage", name: string) => () => Promise<unknown>;
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
      <summary>
        Stage <strong>{stage.name}</strong> <State state={stage.state} />
        {stage.message && <span class="reason">{stage.message}</span>}
        {stage.afterStageWaitEndsAt && (
          <span class="muted"> · waits until {when(stage.afterStageWaitEndsAt)}</span>
        )}
      </summary>
      {may && !FINISHED.has(stage.state) && (
        <Action
          label="Skip stage"
          run={skip("Stage", stage.name)}
          describe={`skip stage ${stage.name}`}
        />
      )}
      <Gates gates={gatesOf(stage)} may={may} approve={props.approve} />
      {stage.groups.map((group) => (
        <div class="group" key={group.name}>
          <h3>
            Group {group.name} <State state={group.state} />
            {group.message && <span class="reason">{group.message}</span>}
            {may && !FINISHED.has(group.state) && (
              <Action
                label="Skip group"
                run={skip("Group", group.name)}
                describe={`skip group ${group.name}`}
              />
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
            <tr key={m.cluster} data-member={m.cluster}>
              <th scope="row">
                <a href={uri`#/clusters/${m.cluster}`}>{m.cluster}</a>
              </th>
              <td>
                <State state={m.state} />
              </td>
              <td>{when(m.startedAt)}</td>
              <td>{when(m.endedAt)}</td>
              <td class="message">
                {m.message ?? ""}
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
                    <Action
                      label="Skip"
                      run={props.skip("Member", m.cluster)}
                      describe={`skip member ${m.cluster}`}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

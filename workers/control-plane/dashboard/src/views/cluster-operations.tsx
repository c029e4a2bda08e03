import { apiPath } from "@regatta/client";
import { uri } from "../api.ts";
import { when } from "../clock.ts";
import type { OperationSummaryView } from "../types.ts";
import { Pager, usePaged } from "./pager.tsx";
import { Failure, Loading, Section, State } from "./ui.tsx";

const KINDS: Record<string, string> = {
  CLUSTER_UPGRADE: "cluster upgrade",
  NODE_POOL_UPGRADE: "node-pool upgrade",
  AUTOSCALER: "autoscaler",
};

/** A cluster's operations, newest first, a page at a time (GET …/operations). */
export function ClusterOperations(props: { cluster: string; fleet: string }) {
  const paging = usePaged<OperationSummaryView>(
    apiPath("/v1/clusters/{cluster}/operations", { cluster: props.cluster }),
    10,
    [apiPath("/v1/fleets/{fleet}/watch", { fleet: props.fleet })],
  );
  const items = paging.page.data?.items;
  return (
    <Section title="Operations">
      <Failure error={paging.page.error} />
      {items === undefined ? (
        <Loading what="operations" />
      ) : items.length === 0 ? (
        <p class="muted">No operations on this cluster.</p>
      ) : (
        <div class="scroll">
          <table class="operations">
            <caption class="sr-only">Operations of cluster {props.cluster}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Operation</th>
                <th scope="col">What</th>
                <th scope="col">State</th>
                <th scope="col">Progress</th>
                <th scope="col">Created</th>
                <th scope="col">Ended</th>
              </tr>
            </thead>
            <tbody>
              {items.map((op) => (
                <tr key={op.id}>
                  <th scope="row">
                    <a href={uri`#/operations/${op.id}`}>{op.id.slice(0, 11)}…</a>
                  </th>
                  <td>
                    {KINDS[op.kind] ?? op.kind}
                    {op.target.pool ? ` of ${op.target.pool}` : ""}
                    {op.kind === "AUTOSCALER" ? "" : ` to ${op.target.version}`}
                  </td>
                  <td>
                    <State state={op.state} />
                    {op.reason && <span class="reason">{op.reason}</span>}
                  </td>
                  <td>
                    {op.progress.done} of {op.progress.total}
                  </td>
                  <td>{when(op.createdAt)}</td>
                  <td>{op.endedAt ? when(op.endedAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager paging={paging} what="operations" />
    </Section>
  );
}

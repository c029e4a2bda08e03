import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { refreshAll } from "../live.ts";

/** The tone of a state name, for colour; the name itself is always shown as text. */
export function tone(state: string): "ok" | "run" | "wait" | "bad" | "idle" {
  switch (state) {
    case "Completed":
    case "COMPLETE":
    case "SUCCEEDED":
    case "READY":
    case "RUNNING_OK":
      return "ok";
    case "Running":
    case "RUNNING":
    case "IN_PROGRESS":
    case "PROVISIONING":
    case "DRAINING":
    case "CORDONED":
    case "DELETING":
      return "run";
    case "Pending":
    case "PENDING":
    case "SOAKING":
    case "FORCED_SOAKING":
    case "PAUSED":
    case "Stopping":
      return "wait";
    case "Failed":
    case "FAILED":
    case "ROLLED_BACK":
    case "CANCELLED":
    case "Stopped":
      return "bad";
    default:
      return "idle";
  }
}

export function State({ state }: { state: string }) {
  return <span class={`state ${tone(state)}`}>{state}</span>;
}

/**
 * A button for one API action. Busy while the request runs; the API's refusal is shown
 * beside it (the page hides actions the token may not take, but the API decides).
 */
export function Action(props: {
  label: string;
  run: () => Promise<unknown>;
  danger?: boolean;
  confirm?: string;
  describe?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const click = async () => {
    if (props.confirm && !window.confirm(props.confirm)) return;
    setBusy(true);
    setError(undefined);
    try {
      await props.run();
      refreshAll();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button
        type="button"
        class={props.danger ? "danger" : undefined}
        disabled={busy}
        aria-label={props.describe}
        onClick={click}
      >
        {busy ? `${props.label}…` : props.label}
      </button>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

export function Section(props: { title: string; children: ComponentChildren; id?: string }) {
  const id = props.id ?? `s-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

export function Failure({ error }: { error: string | undefined }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

export function Loading({ what }: { what: string }) {
  return <p class="loading">Loading {what}…</p>;
}

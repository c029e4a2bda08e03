import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { ApiError } from "../api.ts";
import { now } from "../clock.ts";
import { explain, ruleHref } from "../format.ts";
import { refreshAll } from "../live.ts";
import { WithOperationLinks } from "./links.tsx";

/** The tone of a state name, for colour; the name itself is always shown as text. */
export function tone(state: string): "ok" | "run" | "wait" | "bad" | "idle" {
  switch (state) {
    case "Completed":
    case "COMPLETE":
    case "COMPLETED":
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

/** How an action looks: the page's one main action, a side step, or one that undoes work. */
export type ActionKind = "primary" | "secondary" | "destructive";

/** What a confirmation says before an action runs. */
export interface Confirmation {
  title: string;
  /** What will happen, in a sentence or two. */
  body: ComponentChildren;
  /** The confirming button's label ("Cancel the upgrade"); the action's label by default. */
  confirm?: string;
}

/**
 * A button for one API action. Busy while the request runs; the API's refusal is shown
 * beside it (the page hides actions the token may not take, but the API decides). With
 * `confirm`, a dialog says what will happen first; nothing is sent until it is confirmed.
 */
export function Action(props: {
  label: string;
  run: () => Promise<unknown>;
  kind?: ActionKind;
  confirm?: Confirmation;
  describe?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.run();
      refreshAll();
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      setBusy(false);
    }
  };
  const kind = props.kind ?? "primary";
  return (
    <span class="action">
      <button
        type="button"
        class={kind}
        disabled={busy}
        aria-label={props.describe}
        onClick={() => (props.confirm ? setAsking(true) : void run())}
      >
        {busy ? `${props.label}…` : props.label}
      </button>
      {error && (
        <span class="error" role="alert">
          <Explained text={error} />
        </span>
      )}
      {asking && props.confirm && (
        <Dialog
          title={props.confirm.title}
          onClose={() => setAsking(false)}
          actions={
            <>
              <button type="button" class="secondary" onClick={() => setAsking(false)}>
                Back
              </button>
              <button
                type="button"
                class={kind === "destructive" ? "destructive" : "primary"}
                onClick={() => {
                  setAsking(false);
                  void run();
                }}
              >
                {props.confirm.confirm ?? props.label}
              </button>
            </>
          }
        >
          {props.confirm.body}
        </Dialog>
      )}
    </span>
  );
}

/**
 * A modal dialog: the browser's own `<dialog>` opened with `showModal()`, so the rest of
 * the page is inert (focus stays inside), Escape closes it, and it is labelled by its
 * title. Focus goes back to where it was when it closes.
 */
export function Dialog(props: {
  title: string;
  children: ComponentChildren;
  actions: ComponentChildren;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(props.onClose);
  close.current = props.onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement;
    dialog.showModal();
    const closed = () => close.current();
    dialog.addEventListener("close", closed);
    return () => {
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
      if (before instanceof HTMLElement) before.focus();
    };
  }, []);
  return (
    <dialog ref={ref} class="confirm" aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      <div class="dialog-body">{props.children}</div>
      <div class="dialog-actions">{props.actions}</div>
    </dialog>
  );
}

/** A refusal's words for a person: the API's detail, or each refused field. */
export function problemText(failure: unknown): string {
  if (failure instanceof ApiError) return failure.message;
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * A message of the API as a person reads it: the sentence first, its instants in the
 * page's date format and its operation ids as links, then the rules it names as links
 * to their explanation.
 */
export function Explained({ text }: { text: string }) {
  const { sentence, rules } = explain(text, now());
  return (
    <>
      <WithOperationLinks text={sentence} />
      {rules.length > 0 && (
        <span class="rules">
          {" "}
          (
          {rules.map((rule, i) => (
            <>
              {i > 0 && ", "}
              <a href={ruleHref(rule)} title={`What rule ${rule} says`} class="rule">
                {rule}
              </a>
            </>
          ))}
          )
        </span>
      )}
    </>
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
      <Explained text={error} />
    </p>
  ) : null;
}

export function Loading({ what }: { what: string }) {
  return <p class="loading">Loading {what}…</p>;
}

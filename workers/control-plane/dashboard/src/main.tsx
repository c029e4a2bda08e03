import { apiPath } from "@regatta/client";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiError, getJson, uri } from "./api.ts";
import { syncClock, useClockSync } from "./clock.ts";
import { useLiveMode } from "./live.ts";
import { forgetToken, saveToken, takeToken } from "./session.ts";
import type { Self } from "./types.ts";
import { ClusterPage } from "./views/cluster.tsx";
import { FleetPage } from "./views/fleet.tsx";
import { OperationPage } from "./views/operation.tsx";
import { Overview } from "./views/overview.tsx";
import { RolloutSequencePage } from "./views/rollout-sequence.tsx";
import { RulePage } from "./views/rule.tsx";
import { RunPage } from "./views/run.tsx";

/** Where the page is: the part of the fragment after `#/`. */
function useRoute(): string[] {
  const read = () => location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const change = () =>
      setRoute((shown) => {
        const now = read();
        return now.join("/") === shown.join("/") ? shown : now;
      });
    addEventListener("hashchange", change);
    // The address may have moved between the first render and this effect, which runs a
    // frame later (much later on a loaded machine): that hashchange came before anyone
    // listened, so the route is read again now.
    change();
    return () => removeEventListener("hashchange", change);
  }, []);
  return route;
}

function Page({ self }: { self: Self | undefined }) {
  const route = useRoute().map(decodeURIComponent);
  const [head, a, b, c] = route;
  if (head === "fleets" && a && b === "runs" && c) return <RunPage fleet={a} run={c} self={self} />;
  if (head === "fleets" && a && !b) return <FleetPage name={a} />;
  if (head === "clusters" && a) return <ClusterPage name={a} self={self} />;
  if (head === "operations" && a) return <OperationPage id={a} self={self} />;
  if (head === "rollout-sequences" && a) return <RolloutSequencePage name={a} self={self} />;
  if (head === "rules" && a) return <RulePage id={a} />;
  return <Overview />;
}

function LiveStatus() {
  const mode = useLiveMode();
  const text = { live: "live", polling: "polling (no live connection)", connecting: "connecting…" };
  return (
    <span class={`live ${mode}`} role="status" aria-live="polite">
      {text[mode]}
    </span>
  );
}

/**
 * The header paints at once; who the token is (`/v1/tokens/self`) and the control
 * plane's clock are read side by side, and the route's view mounts once both are known,
 * so a page of 1,000 members renders once, with its actions and its times right, rather
 * than again as each answer arrives. A refused token brings the prompt back.
 */
function App({ token }: { token: string }) {
  const [self, setSelf] = useState<Self | undefined>(undefined);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const [clockKnown, setClockKnown] = useState(false);
  useClockSync();
  useEffect(() => {
    getJson<Self>(apiPath("/v1/tokens/self", {})).then(setSelf, (failure: unknown) => {
      if (failure instanceof ApiError && failure.status === 401) {
        forgetToken();
        setRefused(failure.message);
      }
    });
  }, [token]);
  // The virtual clock moves with every change the page hears of.
  useEffect(() => {
    void syncClock().then(() => setClockKnown(true));
    const timer = setInterval(() => void syncClock(), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (refused !== undefined) return <TokenPrompt problem={refused} />;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a href="#/" class="brand">
          Regatta
        </a>
        <nav aria-label="main">
          <a href="#/">Fleets</a>
          <OpenOperation />
        </nav>
        <span class="who">
          {self ? (
            <>
              {self.name} · <strong>{self.role}</strong>
              {self.role === "viewer" ? " (read only)" : ""}
            </>
          ) : (
            "…"
          )}
        </span>
        <LiveStatus />
        <button
          type="button"
          class="link"
          onClick={() => {
            forgetToken();
            location.reload();
          }}
        >
          Forget token
        </button>
      </header>
      <main id="main">
        {self && clockKnown ? <Page self={self} /> : <p class="loading">Loading…</p>}
      </main>
    </>
  );
}

function OpenOperation() {
  const [id, setId] = useState("");
  return (
    <form
      class="inline"
      onSubmit={(event) => {
        event.preventDefault();
        if (id.trim()) location.hash = uri`#/operations/${id.trim()}`;
      }}
    >
      <label for="op-id">Operation</label>
      <input
        id="op-id"
        placeholder="op-…"
        value={id}
        onInput={(e) => setId(e.currentTarget.value)}
        size={14}
      />
    </form>
  );
}

/** No token (or a refused one): ask for it. It stays in this tab's sessionStorage. */
function TokenPrompt({ problem }: { problem?: string | undefined }) {
  const [value, setValue] = useState("");
  return (
    <main id="main" class="prompt">
      <h1>Regatta</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          saveToken(value.trim());
          location.reload();
        }}
      >
        <label for="token">API token</label>
        <input
          id="token"
          type="password"
          autocomplete="off"
          required
          value={value}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
        <button type="submit">Open the dashboard</button>
        <p class="muted">
          `npm start` prints a link that carries the admin token; or ask an admin for a token (POST
          /v1/tokens).
        </p>
        {problem && (
          <p class="error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </main>
  );
}

function start(root: HTMLElement): void {
  // The static "Loading…" placeholder of index.html is not Preact's to diff against.
  root.replaceChildren();
  const show = () => {
    const token = takeToken();
    render(token ? <App key={token} token={token} /> : <TokenPrompt />, root);
  };
  show();
  // A `#token=…` link pasted into a tab that is already open logs in with it, too.
  addEventListener("hashchange", () => {
    if (/^#token=/.test(location.hash)) show();
  });
}

start(document.getElementById("app")!);

import type { ApiUrl } from "@regatta/client";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError, getJson } from "./api.ts";
import { syncClock } from "./clock.ts";
import { token } from "./session.ts";

/**
 * Live updates (docs/dashboard.md): one WebSocket per watched object (a fleet or a run),
 * shared by every view that shows it. A "changed" message makes each view re-read what
 * it shows with If-None-Match. While a socket is down the views poll instead, and the
 * socket is tried again with backoff.
 */

const POLL_MS = 5_000;
const RETRY_MAX_MS = 30_000;

type Listener = () => void;

/** How the page currently learns of changes, for the status line. */
export type LiveMode = "live" | "polling" | "connecting";
const modeListeners = new Set<(mode: LiveMode) => void>();
let currentMode: LiveMode = "connecting";

function setMode(): void {
  const all = [...watches.values()];
  const mode: LiveMode =
    all.length === 0 || all.every((w) => w.open)
      ? "live"
      : all.some((w) => w.failures > 0)
        ? "polling"
        : "connecting";
  if (mode === currentMode) return;
  currentMode = mode;
  for (const listener of modeListeners) listener(mode);
}

class Watch {
  readonly listeners = new Set<Listener>();
  open = false;
  failures = 0;
  private socket: WebSocket | undefined;
  private poll: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly path: ApiUrl) {
    this.connect();
  }

  private connect(): void {
    const url = new URL(this.path, location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    // A browser cannot set Authorization on a WebSocket: the token rides as a
    // subprotocol (routes/watch.ts), never in the query string.
    const socket = new WebSocket(url, ["regatta.watch.v1", `regatta.bearer.${base64url(token())}`]);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.open = true;
      this.failures = 0;
      this.stopPolling();
      setMode();
      // Whatever changed while the socket was down.
      this.tell();
    });
    // A change moves the virtual clock too (a test or an operator may have advanced it).
    socket.addEventListener("message", () => void syncClock().then(() => this.tell()));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.open = false;
      this.failures++;
      this.startPolling();
      setMode();
      const wait = Math.min(RETRY_MAX_MS, 1000 * 2 ** Math.min(this.failures, 5));
      this.retry = setTimeout(() => this.connect(), wait);
    });
  }

  private startPolling(): void {
    this.poll ??= setInterval(() => this.tell(), POLL_MS);
  }

  private stopPolling(): void {
    if (this.poll !== undefined) clearInterval(this.poll);
    this.poll = undefined;
  }

  tell(): void {
    for (const listener of this.listeners) listener();
  }

  close(): void {
    this.stopPolling();
    if (this.retry !== undefined) clearTimeout(this.retry);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, "no longer shown");
  }
}

const watches = new Map<string, Watch>();

/** Calls `listener` whenever the object at `watchPath` changes; returns the unsubscribe. */
export function subscribe(watchPath: ApiUrl, listener: Listener): () => void {
  let watch = watches.get(watchPath);
  if (!watch) {
    watch = new Watch(watchPath);
    watches.set(watchPath, watch);
    setMode();
  }
  watch.listeners.add(listener);
  return () => {
    const current = watches.get(watchPath);
    if (!current) return;
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      current.close();
      watches.delete(watchPath);
      setMode();
    }
  };
}

/** Every watch told now (after an action the page took itself). */
export function refreshAll(): void {
  for (const watch of watches.values()) watch.tell();
}

export function useLiveMode(): LiveMode {
  const [mode, setModeState] = useState(currentMode);
  useEffect(() => {
    modeListeners.add(setModeState);
    return () => void modeListeners.delete(setModeState);
  }, []);
  return mode;
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  reload: () => void;
}

/** A failed read is tried again after 1 s, doubling to {@link RETRY_MAX_MS}. */
const READ_RETRY_FIRST_MS = 1_000;

/**
 * Reads `load()` now and again whenever one of `watchPaths` changes. Reads never
 * overlap: a change during a read makes one more read after it. A failed read (the
 * deployment overloaded or restarting, the network gone) keeps its error on show and is
 * tried again with backoff: a page must not wait for a change that may never come.
 */
export function useLive<T>(key: string, load: () => Promise<T>, watchPaths: ApiUrl[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const state = useRef({
    reading: false,
    again: false,
    load,
    failures: 0,
    retry: undefined as ReturnType<typeof setTimeout> | undefined,
    shown: false,
  });
  state.current.load = load;

  const read = useCallback(async () => {
    const s = state.current;
    if (s.reading) {
      s.again = true;
      return;
    }
    s.reading = true;
    if (s.retry !== undefined) clearTimeout(s.retry);
    s.retry = undefined;
    try {
      do {
        s.again = false;
        try {
          setData(await s.load());
          setError(undefined);
          s.failures = 0;
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : String(failure));
          // A refusal (404, 403) is an answer: the watch brings the next read.
          s.failures = passing(failure) ? s.failures + 1 : 0;
        }
      } while (s.again);
    } finally {
      s.reading = false;
    }
    if (s.failures > 0 && s.shown) {
      const wait = Math.min(RETRY_MAX_MS, READ_RETRY_FIRST_MS * 2 ** (s.failures - 1));
      s.retry = setTimeout(() => void read(), wait);
    }
  }, []);

  useEffect(() => {
    const s = state.current;
    setData(undefined);
    s.failures = 0;
    s.shown = true;
    void read();
    return () => {
      s.shown = false;
      if (s.retry !== undefined) clearTimeout(s.retry);
      s.retry = undefined;
    };
  }, [key]);
  const watched = watchPaths.join("|");
  useEffect(() => {
    const stops = watchPaths.map((path) => subscribe(path, () => void read()));
    return () => {
      for (const stop of stops) stop();
    };
  }, [watched]);
  return { data, error, reload: () => void read() };
}

/** Whether a failed read may succeed if tried again: no answer, or the server's trouble. */
function passing(failure: unknown): boolean {
  if (!(failure instanceof ApiError)) return true;
  return failure.status >= 500 || failure.status === 429 || failure.status === 408;
}

/** GET one path, live. */
export function useResource<T>(path: ApiUrl, watchPaths: ApiUrl[]): Loaded<T> {
  return useLive(path, () => getJson<T>(path), watchPaths);
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

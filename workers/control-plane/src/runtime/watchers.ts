/**
 * Live watchers of one Durable Object (docs/dashboard.md "Live updates"): WebSockets
 * accepted with the hibernation API, told "changed" after a commit that wrote
 * something. The message carries no state: a watcher re-reads what it shows through
 * the API (with `If-None-Match`), so it sees exactly what its token may read and nothing
 * the object would have to filter per watcher.
 *
 * One mechanism for every object: the runtime calls `changed()` after each commit that
 * wrote rows; objects only hand their `fetch` and WebSocket events here.
 */

import type { ServiceRefusal } from "../outcome.ts";

/** The subprotocol a watcher asks for and the object answers with. */
export const WATCH_PROTOCOL = "regatta.watch.v1";
/**
 * Sockets one object keeps. Each costs memory and a send per change; a dashboard opens
 * one per fleet or run it shows, so this is many people watching, not one page.
 */
export const MAX_WATCHERS = 100;
/**
 * SEC-4: sockets one token keeps on one object, so one viewer (or a script reconnecting
 * in a loop) cannot take every socket of a fleet from everyone else; ten tabs on the same
 * fleet is generous.
 */
export const MAX_WATCHERS_PER_TOKEN = 10;
/**
 * At most one "changed" per this many wall-clock ms: an alarm run can commit thousands
 * of times, and a watcher only needs to know that it should look again. The last change
 * of a burst is always told (trailing send).
 */
export const CHANGE_COALESCE_MS = 250;

/** What a watcher receives. `seq` grows within one object's life; `at` is virtual time. */
export interface ChangedMessage {
  type: "changed";
  seq: number;
  at: string;
}

/**
 * The header the worker hands a watch's token identity on with (never the token): the
 * object tags the socket with it, so revoking the token finds its sockets (SEC-6).
 */
export const WATCHER_HEADER = "x-regatta-watcher";
/** SEC-6: the close code a revoked token's sockets get (4000-4999 are the application's). */
export const REVOKED_CLOSE = 4401;
/** SEC-6: the close code of a socket whose client sent something other than `ping`. */
export const POLICY_CLOSE = 1008;

const tokenTag = (identity: string) => `token:${identity}`;

/**
 * Why a watch was not accepted. The object answers it as the JSON body of a fetch that
 * is not a 101; the service hands it on as a refusal and the HTTP edge gives it its
 * status, as for any other refusal.
 */
export type WatchRefusal = ServiceRefusal & { kind: "upgrade-required" | "busy" };

/** Is this a WebSocket upgrade? Asked by the service first, and by the object again. */
export function isWebSocketUpgrade(request: Request): boolean {
  return request.headers.get("upgrade")?.toLowerCase() === "websocket";
}

/** The refusal a watch answer that is not a 101 carries (see {@link WatchRefusal}). */
export async function watchRefusalOf(response: Response): Promise<WatchRefusal> {
  return (await response.json()) as WatchRefusal;
}

export class Watchers {
  private seq = 0;
  private lastSent = Number.NEGATIVE_INFINITY;
  private trailing: ReturnType<typeof setTimeout> | undefined;
  /** The virtual instant of the latest change, told by the trailing send. */
  private latestAt = 0;

  constructor(private readonly state: DurableObjectState) {
    // Pings are answered by the platform without waking a hibernated object.
    state.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Sockets open now (after hibernation too: the platform keeps them, not this instance). */
  count(): number {
    return this.state.getWebSockets().length;
  }

  /**
   * Accepts a WebSocket upgrade (the worker authorized it already), or answers why not.
   * @example return watchers.accept(request) // from the object's fetch()
   */
  accept(request: Request): Response {
    if (!isWebSocketUpgrade(request)) return refusal(NOT_AN_UPGRADE);
    if (this.count() >= MAX_WATCHERS) {
      return refusal({
        kind: "busy",
        detail: `this object already has ${MAX_WATCHERS} watchers; poll with If-None-Match instead`,
      });
    }
    const identity = request.headers.get(WATCHER_HEADER);
    if (
      identity !== null &&
      this.state.getWebSockets(tokenTag(identity)).length >= MAX_WATCHERS_PER_TOKEN
    ) {
      return refusal({
        kind: "busy",
        rule: "SEC-4",
        detail: `SEC-4: this token already has ${MAX_WATCHERS_PER_TOKEN} watchers here; close one, or poll with If-None-Match`,
      });
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.state.acceptWebSocket(server, identity ? [tokenTag(identity)] : []);
    return new Response(null, {
      status: 101,
      webSocket: client,
      headers: { "sec-websocket-protocol": WATCH_PROTOCOL },
    });
  }

  /** A commit wrote something: tell every watcher, at most once per coalescing window. */
  changed(at: number): void {
    if (this.state.getWebSockets().length === 0) return;
    this.latestAt = Math.max(this.latestAt, at);
    const wait = this.lastSent + CHANGE_COALESCE_MS - Date.now();
    if (wait <= 0) {
      this.send();
      return;
    }
    this.trailing ??= setTimeout(() => {
      this.trailing = undefined;
      this.send();
    }, wait);
  }

  /**
   * SEC-6: a watcher only listens. Its `ping` is answered by the platform without waking
   * the object; anything else woke it for nothing, so the socket is closed at once,
   * touching no storage: a client cannot keep an object awake by talking to it.
   */
  message(socket: WebSocket, _message: string | ArrayBuffer): void {
    try {
      socket.close(POLICY_CLOSE, "SEC-6: a watch only listens; send nothing but ping");
    } catch {
      // Already closing.
    }
  }

  /**
   * SEC-6: the token that opened these sockets was revoked: close each, saying why.
   * @example watchers.revoked(identity) // 2, the sockets closed
   */
  revoked(identity: string): number {
    const sockets = this.state.getWebSockets(tokenTag(identity));
    for (const socket of sockets) {
      try {
        socket.close(REVOKED_CLOSE, "SEC-6: token revoked");
      } catch {
        // Already closing.
      }
    }
    return sockets.length;
  }

  /** The client closed: close our side too, so the platform can let the socket go. */
  closed(socket: WebSocket, code: number): void {
    try {
      // 1005/1006 are reserved: they may be received, never sent.
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // Already closed.
    }
  }

  private send(): void {
    this.lastSent = Date.now();
    this.seq++;
    const message: ChangedMessage = {
      type: "changed",
      seq: this.seq,
      at: new Date(this.latestAt).toISOString(),
    };
    const text = JSON.stringify(message);
    for (const socket of this.state.getWebSockets()) {
      try {
        socket.send(text);
      } catch {
        // A socket closing under us: its close event cleans it up.
      }
    }
  }
}

/** What a request that is not a WebSocket upgrade is told. */
export const NOT_AN_UPGRADE: WatchRefusal = {
  kind: "upgrade-required",
  detail: "watch needs a WebSocket upgrade",
};

function refusal(refused: WatchRefusal): Response {
  return Response.json(refused);
}

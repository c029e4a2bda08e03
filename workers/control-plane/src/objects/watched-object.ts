import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.ts";
import type { ObjectWiring } from "./wiring.ts";

/**
 * A Durable Object that live watchers follow (runtime/watchers.ts): its only fetch is a
 * watch the worker already authorized, its WebSocket events go to its watchers, and a
 * revoked token's sockets are closed here (SEC-6). The fleet, update-run and
 * rollout-sequence objects are watched alike.
 */
export abstract class WatchedObject extends DurableObject<Env> {
  protected abstract readonly wiring: ObjectWiring;

  override async fetch(request: Request): Promise<Response> {
    return this.watchers().accept(request);
  }
  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    this.watchers().message(socket, message);
  }
  override async webSocketClose(socket: WebSocket, code: number) {
    this.watchers().closed(socket, code);
  }
  /** SEC-6: closes the watch sockets a revoked token opened; how many there were. */
  async closeWatchers(identity: string): Promise<number> {
    return this.watchers().revoked(identity);
  }

  private watchers() {
    const { watchers } = this.wiring;
    if (!watchers) throw new Error("a watched object's wiring needs its state (`watch`)");
    return watchers;
  }
}

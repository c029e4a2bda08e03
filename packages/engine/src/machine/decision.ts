import type { ProviderCommand } from "../provider/commands.ts";
import type { Instant } from "../time/instant.ts";

/**
 * What every engine state machine returns from `decide(state, event, now)`: the next
 * state, the provider commands to run (persisted by the caller before they run), the
 * earliest instant the machine wants to be woken without an event, and notes that
 * explain the decision in words.
 */
export interface Decision<S> {
  state: S;
  commands: ProviderCommand[];
  wakeAt?: Instant;
  notes: string[];
}

/**
 * A predicate over a machine's named states (its terminal ones, say) derived from their
 * one list, so the list and the check never drift apart. It narrows: past
 * `if (!ended(op.state)) return;` the state is one of the list. Takes any text, since
 * hosts keep states as other objects last reported them.
 *
 * @example
 * const ended = isOneOf(["SUCCEEDED", "FAILED"] as const);
 * ended("FAILED") // true
 */
export function isOneOf<const S extends string>(
  states: readonly S[],
): (state: string) => state is S {
  const named: ReadonlySet<string> = new Set(states);
  return (state): state is S => named.has(state);
}

/**
 * A predicate over a machine's named states (its terminal ones, say) derived from their
 * one list, so the list and the check never drift apart. Takes any text: hosts keep
 * states as other objects last reported them.
 *
 * @example
 * const ended = isOneOf(["SUCCEEDED", "FAILED"]);
 * ended("FAILED") // true
 */
export function isOneOf(states: readonly string[]): (state: string) => boolean {
  const named: ReadonlySet<string> = new Set(states);
  return (state) => named.has(state);
}

/**
 * The values every provider answer rewrites: the sim's state and each operation's main
 * row (its shard rows are written in batches and stay apart); and which operation a
 * pool has, written with a new operation's main row (a row of its own would cost one
 * more per upgrade).
 */
export function packsFleetState(key: string): boolean {
  return (
    key === "sim" ||
    key.startsWith("pool-op:") ||
    (key.startsWith("op:") && key.indexOf(":", 3) < 0)
  );
}

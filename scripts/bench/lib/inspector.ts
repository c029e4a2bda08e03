/**
 * workerd's V8 inspector (Chrome DevTools protocol) for the benchmarks: a session on the
 * control plane's isolate, for a CPU profile (profile-runs.ts) or its heap (runs-heap).
 */

/** One DevTools-protocol session over the inspector's WebSocket. */
export async function session(url: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    /** Rejects after 60 s: workerd leaves some methods unanswered (HeapProfiler.collectGarbage). */
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = next++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the inspector did not answer ${method}`));
        }, 60_000);
        waiting.set(id, (result) => {
          clearTimeout(timer);
          resolve(result as T);
        });
      });
    },
    close: () => socket.close(),
  };
}

/** The control plane's isolate among the targets of workerd's inspector on `port`. */
export async function controlPlaneTarget(port: number): Promise<string> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    title: string;
    webSocketDebuggerUrl: string;
  }[];
  const target =
    targets.find((t) => /regatta-control-plane|control-plane/.test(t.title)) ?? targets[0];
  if (target === undefined) throw new Error("workerd lists no inspector target");
  return target.webSocketDebuggerUrl;
}

import { api } from "../helpers.ts";

export interface OperationBody {
  id: string;
  state: string;
  phase: string;
  strategy: string;
  reason?: string;
  progress: { done: number; total: number };
  events: { at: string; message: string }[];
}

/** Advances virtual time in steps until `done` holds for the operation (bounded). */
export async function advanceUntil(
  id: string,
  done: (op: OperationBody) => boolean,
  options: { stepSeconds?: number; maxSteps?: number; inspect?: () => Promise<void> } = {},
): Promise<OperationBody> {
  const step = options.stepSeconds ?? 60;
  const max = options.maxSteps ?? 400;
  for (let i = 0; i < max; i++) {
    const op = (await api("GET", `/v1/operations/${id}`)).body as OperationBody;
    if (done(op)) return op;
    await options.inspect?.();
    await api("POST", "/v1/sim/advance", { body: { seconds: step } });
  }
  throw new Error(`operation ${id} did not reach the condition within ${max} steps`);
}

export async function nodesOf(cluster: string, pool: string) {
  const res = await api("GET", `/v1/clusters/${cluster}/nodes?pool=${pool}&limit=500`);
  return res.body.items as {
    name: string;
    version: string;
    state: string;
    color?: string;
    zone: string;
  }[];
}

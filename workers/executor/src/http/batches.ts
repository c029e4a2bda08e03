import {
  checkSignature,
  commandBatchSchema,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from "@regatta/protocol";
import type { ExecutorConfig } from "../config.ts";
import type { ExecutorObject } from "../objects/executor-object.ts";
import { json, problem } from "./problem.ts";

/** The largest batch body taken; the control plane's outbox rows stay under 512 KB. */
export const MAX_BATCH_BYTES = 2 * 1024 * 1024;
/** When the executor is busy, the control plane's own backoff decides; this is a hint. */
const BUSY_RETRY_AFTER_SECONDS = 30;

/**
 * `POST {COMMANDS_PATH}`: a signed batch from the control plane. Checks size, signature
 * and timestamp (401 otherwise), then the envelope (400), then hands it to the fleet:
 * 202 with what was taken, or 503 while too many reports wait to be delivered.
 */
export async function receiveBatch(
  request: Request,
  config: ExecutorConfig,
  fleet: DurableObjectStub<ExecutorObject>,
): Promise<Response> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BATCH_BYTES) return tooLarge();
  const body = await request.text();
  if (body.length > MAX_BATCH_BYTES) return tooLarge();
  const refusal = await checkSignature(
    config.secret,
    {
      method: request.method,
      path: new URL(request.url).pathname,
      body,
      timestamp: request.headers.get(TIMESTAMP_HEADER) ?? undefined,
      signature: request.headers.get(SIGNATURE_HEADER) ?? undefined,
    },
    Date.now(),
  );
  if (refusal) return problem(401, refusal.detail);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return problem(400, "the batch is not JSON");
  }
  const batch = commandBatchSchema.safeParse(parsed);
  if (!batch.success) {
    return problem(400, "the batch does not match {batch, sentAt, commands: [{id, type, …}]}", {
      errors: batch.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      })),
    });
  }
  const intake = await fleet.accept(batch.data);
  if (intake.busy) {
    return problem(
      503,
      `${intake.pending} reports wait for the control plane; send this batch again later`,
      { headers: { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) } },
    );
  }
  const { busy: _, ...taken } = intake;
  return json(202, { batch: batch.data.batch, ...taken });
}

function tooLarge(): Response {
  return problem(413, `a batch is at most ${MAX_BATCH_BYTES} bytes`);
}

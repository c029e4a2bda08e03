import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll, afterEach } from "vitest";
import { answersChecked, takeMismatches } from "./openapi-check.ts";

// Storage is isolated per test file; migrations are applied once per file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// A mismatch with /openapi.json throws in the helper; a test that caught that error
// still fails here.
afterEach((context) => {
  const missed = takeMismatches();
  if (missed.length > 0 && (context.task.result?.errors?.length ?? 0) === 0) {
    throw new Error(missed.join("\n"));
  }
});

afterAll(async () => {
  await env.OPENAPI_TALLY.fetch("https://tally/", {
    method: "POST",
    body: String(answersChecked()),
  });
});

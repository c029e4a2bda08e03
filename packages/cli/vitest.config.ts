import { defineProject } from "vitest/config";

// The CLI runs in Node against a control plane the tests start (tests/harness).
export default defineProject({
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Each file starts its own control plane (workerd) once; the sim clock is driven.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

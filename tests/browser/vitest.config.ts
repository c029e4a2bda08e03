import { defineProject } from "vitest/config";

// The dashboard in Debian's Chromium against a real control plane (tests/harness), in Node.
export default defineProject({
  test: {
    name: "browser",
    include: ["**/*.test.ts"],
    environment: "node",
    // Starting workerd and a browser takes seconds; then a browser, a worker and many clock moves per test; CI's two cores are shared.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});

import { defineProject } from "vitest/config";

// The dashboard in Debian's Chromium against a real control plane (tests/harness), in Node.
export default defineProject({
  test: {
    name: "browser",
    include: ["**/*.test.ts"],
    environment: "node",
    // One control plane for every file (global-setup.ts), each file on its own copy of the
    // bank; the files still run one after another, because each moves the one sim clock
    // (a window opening "12 hours from now" must not open under another file's advance).
    globalSetup: ["./global-setup.ts"],
    fileParallelism: false,
    // A browser, a worker and many clock moves per test; CI's two cores are shared.
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});

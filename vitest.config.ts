import { defineConfig } from "vitest/config";

// Pure packages run in Node; the control plane runs inside workerd (its own config).
export default defineConfig({
  test: {
    projects: ["packages/*", "workers/*", "tests", "tests/browser", "tests/restart"],
  },
});

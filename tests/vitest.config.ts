import { defineProject } from "vitest/config";

// Checks over the repository itself (its docs against its code), in Node.
export default defineProject({
  test: {
    name: "repo",
    include: ["**/*.test.ts"],
    // The browser tests are a project of their own (tests/browser/vitest.config.ts).
    exclude: ["browser/**", "**/node_modules/**"],
    environment: "node",
  },
});

import { defineProject } from "vitest/config";

// Checks over the repository itself (its docs against its code), in Node.
export default defineProject({
  test: {
    name: "repo",
    include: ["**/*.test.ts"],
    // The browser and restart tests start control planes: projects of their own (the
    // end-to-end tier, which `npm run test:fast` leaves out).
    exclude: ["browser/**", "restart/**", "**/node_modules/**"],
    environment: "node",
  },
});

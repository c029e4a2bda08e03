import { speedInvariance, surgeWithFaults } from "./scenarios.ts";

speedInvariance(surgeWithFaults);

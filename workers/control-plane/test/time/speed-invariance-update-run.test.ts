import { speedInvariance, updateRun } from "./scenarios.ts";

speedInvariance(updateRun);

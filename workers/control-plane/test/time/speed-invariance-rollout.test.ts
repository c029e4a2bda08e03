import { rolloutWithSoak, speedInvariance } from "./scenarios.ts";

speedInvariance(rolloutWithSoak);

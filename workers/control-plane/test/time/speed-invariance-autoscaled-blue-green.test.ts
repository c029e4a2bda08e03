import { autoscaledBlueGreen, speedInvariance } from "./scenarios.ts";

speedInvariance(autoscaledBlueGreen);

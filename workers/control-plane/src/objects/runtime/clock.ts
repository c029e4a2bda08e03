// The clock moved to src/clock/; this path stays for the tests that import it from here.
export {
  type Clock,
  reanchor,
  type SimClockParams,
  simClock,
  wallClock,
} from "../../clock/clock.ts";

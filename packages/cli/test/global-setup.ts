import { setupSharedControlPlane } from "../../../tests/harness/shared-control-plane.ts";

/**
 * One control plane for the whole cli project: each file works on fleets and clusters of
 * its own (`names()` in helpers.ts).
 */
export default setupSharedControlPlane;

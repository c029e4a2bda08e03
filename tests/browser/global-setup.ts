import { setupSharedControlPlane } from "../harness/shared-control-plane.ts";

/**
 * One control plane for the whole browser project (issue 28 item 5): each file works on its
 * own copy of the bank (`seedBank`), see `shared()` in shared.ts.
 */
export default setupSharedControlPlane;

export {
  HOST_MACHINES,
  type HostedEnd,
  type HostMachines,
  type HostObserver,
  type JobEnd,
  type JobRefusal,
  SimFleet,
  type SimFleetOptions,
} from "./sim-fleet.ts";

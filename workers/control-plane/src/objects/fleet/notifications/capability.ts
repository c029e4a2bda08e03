import { notificationsCapability } from "../../notifications/capability.ts";
import type { FleetCapability, FleetContext } from "../capability.ts";

/**
 * Notifications the fleet's rooms record (operation ends, …) go to the queue as the
 * fleet's durable deliveries: the fleet's name is the event's source.
 */
export const notifications: FleetCapability = notificationsCapability<FleetContext>(
  (fleet) => fleet.name,
);

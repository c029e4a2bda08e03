import { handToQueue } from "../../notifications/courier.ts";
import type { NotificationMessage } from "../../notifications/record.ts";
import type { FleetCapability, FleetCourier } from "../capability.ts";

/**
 * Notifications the fleet's rooms record (operation ends, …) go to the queue as the
 * fleet's durable deliveries: the fleet's name is the event's source.
 */
const courier: FleetCourier<NotificationMessage> = {
  send: (fleet, message) => handToQueue(fleet.env, message, fleet.name),
};

export const notifications: FleetCapability = {
  name: "notifications",
  deliveries: { notification: courier as FleetCourier<{ type: string }> },
};

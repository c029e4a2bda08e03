import { handToQueue } from "../../notifications/courier.ts";
import {
  type NotificationBatch,
  type NotificationMessage,
  unsentEvents,
} from "../../notifications/record.ts";
import type { FleetCapability, FleetCourier } from "../capability.ts";

/**
 * Notifications the fleet's rooms record (operation ends, …) go to the queue as the
 * fleet's durable deliveries: the fleet's name is the event's source. One courier takes
 * a delivery stored by an earlier version (one event) and one collecting many.
 */
const courier: FleetCourier<NotificationMessage | NotificationBatch> = {
  send: (fleet, message) => handToQueue(fleet.env, message, fleet.name),
  remainder: unsentEvents,
};

export const notifications: FleetCapability = {
  name: "notifications",
  deliveries: {
    notification: courier,
    notifications: courier,
  },
};

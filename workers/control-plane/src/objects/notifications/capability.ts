import type { Env } from "../../env.ts";
import {
  boundCourier,
  type Capability,
  type CapabilityContext,
  type CapabilityCourier,
} from "../../runtime/capabilities.ts";
import { attemptDelivery, DELIVERY_TIMER } from "../../runtime/deliveries.ts";
import { handToQueue } from "./courier.ts";
import {
  isNotificationDelivery,
  type NotificationBatch,
  type NotificationMessage,
  unsentEvents,
} from "./record.ts";

/**
 * The one way every object hands what it recorded for subscribers (record.ts) to the
 * notifications queue: a capability in its table delivering both message types (one
 * event, stored by an earlier version, and a collection of many). `ownFleet` names the
 * fleet of events that name none (the fleet object's own).
 */

/** What an object lends to hand its notifications on. */
export interface NotifyingContext extends CapabilityContext {
  env: Pick<Env, "NOTIFICATIONS">;
}

type NotificationCourier<C> = CapabilityCourier<C, NotificationMessage | NotificationBatch, void>;

function courierOf<C extends NotifyingContext>(ownFleet?: (context: C) => string) {
  return {
    send: (context, message) => handToQueue(context.env, message, ownFleet?.(context)),
    remainder: unsentEvents,
  } satisfies NotificationCourier<C>;
}

/** The notifications capability of an object whose context is `C`. */
export function notificationsCapability<C extends NotifyingContext>(
  ownFleet?: (context: C) => string,
): Capability<C> {
  const courier = courierOf(ownFleet);
  return { name: "notifications", deliveries: { notification: courier, notifications: courier } };
}

/**
 * After a change made outside an alarm (a user's control, an end reported by RPC), the
 * notifications it recorded go out at once rather than at the next alarm.
 */
export async function sendDueNotifications<C extends NotifyingContext>(
  context: C,
  ownFleet?: (context: C) => string,
): Promise<void> {
  const { runtime } = context;
  const now = runtime.now();
  const carrier = boundCourier(courierOf(ownFleet), context);
  for (const timer of runtime.timers()) {
    if (timer.kind !== DELIVERY_TIMER || timer.due > now) continue;
    if (isNotificationDelivery(timer.payload ?? "")) {
      await attemptDelivery(runtime, timer.payload ?? "", carrier);
    }
  }
}

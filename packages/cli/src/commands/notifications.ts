import type { components } from "@regatta/client";
import type { Command } from "commander";
import { ok } from "../api/client.ts";
import { contextOf } from "../context.ts";
import { UsageError } from "../exit.ts";
import type { Io } from "../io.ts";
import { cell, type TableView } from "../output/format.ts";

type Subscription = components["schemas"]["Notification"];
type Delivery = components["schemas"]["NotificationDelivery"];
type DeliveryState = components["schemas"]["DeliveryState"];
const DELIVERY_STATES: readonly DeliveryState[] = ["pending", "delivered", "dead"];

export const subscriptionRow = (s: Subscription) => [
  s.name,
  s.url,
  s.events.join(","),
  s.fleets?.join(",") ?? "*",
];
export const SUBSCRIPTION_COLUMNS = ["NAME", "URL", "EVENTS", "FLEETS"];

const deliveryTable = (deliveries: Delivery[]): TableView => ({
  columns: ["ID", "STATE", "EVENT", "SUBJECT", "ATTEMPTS", "LAST ERROR"],
  rows: deliveries.map((d) => [
    d.id,
    d.state,
    cell(d.type),
    cell(d.subject),
    cell(d.attempts),
    cell(d.lastError),
  ]),
});

const byName = (name: string) => ({ params: { path: { name } } });

/** `notifications …`: CloudEvents subscriptions and their deliveries (API.md "Watching and being told"). */
export function notificationsCommand(program: Command, io: Io): void {
  const notifications = program
    .command("notifications")
    .description("event subscriptions (CloudEvents webhooks) and their deliveries");

  notifications
    .command("list")
    .description("every subscription")
    .action(async (_options: object, command: Command) => {
      const c = contextOf(command, io);
      const page = await ok(c.api.GET("/v1/notifications"));
      c.print(page, (p) => ({ columns: SUBSCRIPTION_COLUMNS, rows: p.items.map(subscriptionRow) }));
    });

  notifications
    .command("get <name>")
    .description("one subscription (never its secret)")
    .action(async (name: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      c.print(await ok(c.api.GET("/v1/notifications/{name}", byName(name))), (s) => ({
        columns: SUBSCRIPTION_COLUMNS,
        rows: [subscriptionRow(s)],
      }));
    });

  notifications
    .command("put <name>")
    .description("create or replace a subscription")
    .requiredOption("--url <url>", "where each event is POSTed")
    .option(
      "--secret <secret>",
      "HMAC key for X-Regatta-Signature (or REGATTA_NOTIFICATION_SECRET)",
    )
    .requiredOption("--event <pattern...>", 'event types, e.g. "updaterun.*" operation.failed')
    .option("--fleet <fleet...>", "only events of these fleets")
    .action(async (name: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const o = command.opts<{ url: string; secret?: string; event: string[]; fleet?: string[] }>();
      // A secret on the command line lands in shell history; the environment is offered too.
      const secret = o.secret ?? io.env.REGATTA_NOTIFICATION_SECRET;
      if (!secret)
        throw new UsageError("a subscription needs --secret or REGATTA_NOTIFICATION_SECRET");
      const saved = await ok(
        c.api.PUT("/v1/notifications/{name}", {
          ...byName(name),
          body: { url: o.url, secret, events: o.event, fleets: o.fleet },
        }),
      );
      c.print(saved, (s) => ({ columns: SUBSCRIPTION_COLUMNS, rows: [subscriptionRow(s)] }));
    });

  notifications
    .command("delete <name>")
    .description("remove a subscription")
    .action(async (name: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      await ok(c.api.DELETE("/v1/notifications/{name}", byName(name)));
      c.print({ deleted: name }, (d) => ({ columns: ["DELETED"], rows: [[d.deleted]] }));
    });

  notifications
    .command("deliveries <name>")
    .description("a subscription's deliveries; --state dead lists the dead-lettered ones")
    .option("--state <state>", "only deliveries in this state (e.g. dead)")
    .action(async (name: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const { state } = command.opts<{ state?: string }>();
      if (state !== undefined && !DELIVERY_STATES.includes(state as DeliveryState)) {
        throw new UsageError(`--state must be one of ${DELIVERY_STATES.join(", ")}`);
      }
      const page = await ok(
        c.api.GET("/v1/notifications/{name}/deliveries", {
          params: { path: { name }, query: { state: state as DeliveryState | undefined } },
        }),
      );
      c.print(page, (p) => deliveryTable(p.items));
    });

  notifications
    .command("redeliver <name> <delivery>")
    .description("send a (dead-lettered) delivery again")
    .action(async (name: string, id: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const delivery = await ok(
        c.api.POST("/v1/notifications/{name}/deliveries/{id}/redeliver", {
          params: { path: { name, id } },
        }),
      );
      c.print(delivery, (d) => deliveryTable([d]));
    });
}

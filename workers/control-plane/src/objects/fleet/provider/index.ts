/**
 * The provider room as the shell sees it: how an event is known once (the inbox key),
 * what nobody claimed, and a batch set aside as the events that fail its commands.
 */
export { commandsRefused, eventKey, reportUnclaimed } from "./events.ts";

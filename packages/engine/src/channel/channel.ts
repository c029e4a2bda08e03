/** CH-1 release channels, fastest first. */
export const CHANNELS = ["RAPID", "REGULAR", "STABLE"] as const;

export type Channel = (typeof CHANNELS)[number];

/**
 * Narrows API input to a channel (CH-1).
 *
 * @example isChannel("REGULAR") // true
 * @example isChannel("Regular") // false — channel names are upper case in the API
 */
export function isChannel(text: string): text is Channel {
  return (CHANNELS as readonly string[]).includes(text);
}

/**
 * A channel's auto-upgrade targets keyed by the cluster's current minor (CH-1), e.g.
 * `{"1.20": "1.21.14-gke.4300", "1.22": "1.23.8-gke.1900"}`.
 */
export type ChannelTargets = Readonly<Record<string, string>>;

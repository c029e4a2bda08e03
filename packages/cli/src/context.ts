import type { Command } from "commander";
import { type Api, apiClient } from "./api/client.ts";
import { UsageError } from "./exit.ts";
import type { Io } from "./io.ts";
import { type OutputFormat, outputFormat, render, type TableView } from "./output/format.ts";

export const DEFAULT_URL = "http://localhost:8787";

/** What every command gets: the client, the output format and the process. */
export interface Context {
  api: Api;
  format: OutputFormat;
  io: Io;
  /** Prints an answer in the chosen format. */
  print<T>(value: T, table: (value: T) => TableView): void;
}

interface GlobalOptions {
  server?: string;
  token?: string;
  output: string;
}

/** The context of a command, from its global flags and the environment. */
export function contextOf(command: Command, io: Io): Context {
  const options = command.optsWithGlobals<GlobalOptions>();
  const format = outputFormat(options.output);
  const url = options.server ?? io.env.REGATTA_URL ?? DEFAULT_URL;
  const token = options.token ?? io.env.REGATTA_TOKEN;
  if (!token) throw new UsageError("no token: set REGATTA_TOKEN or pass --token");
  if (!/^https?:\/\//.test(url))
    throw new UsageError(`--server must be an http(s) URL, got ${url}`);
  return {
    api: apiClient(url, token),
    format,
    io,
    print: (value, table) => io.out(render(value, format, table)),
  };
}

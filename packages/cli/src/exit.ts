/**
 * Exit codes, for scripts (docs/cli.md "Exit codes"):
 * 0 success; 1 the API refused, the control plane could not be reached, or a watched
 * run or operation ended other than successfully; 2 the command was not valid as given
 * (unknown flag, missing argument, no token, invalid documents), so nothing was sent.
 */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The command line or its input is wrong; nothing was sent (exit 2). */
export class UsageError extends Error {}

/** The work was done as asked but did not end well, e.g. a watched run Failed (exit 1). */
export class Failure extends Error {}

/**
 * Every document given to `apply` was invalid somewhere: one line per problem, naming file,
 * document and field (exit 2). Here rather than beside the documents, so that reporting it
 * does not load the contract's schemas on every call.
 */
export class InvalidDocuments extends UsageError {
  constructor(readonly problems: string[]) {
    super(`${problems.length} problem(s) in the documents; nothing was applied`);
  }
}

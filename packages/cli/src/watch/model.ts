/** What a watch shows at one moment, whichever way it is drawn. */
export interface Snapshot {
  /** One line: what is watched and its state, e.g. `run run-1: Running`. */
  status: string;
  /** Progress bars, e.g. one per stage or per zone, keyed stably across polls. */
  bars: Bar[];
  /** Things that happened, each shown once (a member's new state, an operation event). */
  events: string[];
}

export interface Bar {
  key: string;
  label: string;
  done: number;
  total: number;
  note: string;
}

/** How a watch ended: success (exit 0) or not, with the line to say so. */
export interface Ending {
  succeeded: boolean;
  summary: string;
}

/** Exit codes of `cms-types`, documented in `cms-types --help` and the README. */
export const EXIT = {
  ok: 0,
  /** An unexpected failure (a bug, a disk error). */
  failure: 1,
  /** Wrong command line: unknown command or flag, missing value. */
  usage: 2,
  /** Strapi could not be reached or refused: connection, 401, 404, 5xx, bad response. */
  remote: 3,
  /** The schema cannot be turned into types, or a `--schema` snapshot is not a valid payload (see the message). */
  schema: 4,
  /** `check --strict` found the generated code out of date. */
  drift: 5,
  /**
   * Files cms-types did not write are where it would write (generate, watch, pull, init);
   * nothing was written. `--force` replaces them.
   */
  conflict: 6,
  /** Interrupted (Ctrl-C) during generate or check; nothing was changed. */
  interrupted: 130,
} as const;

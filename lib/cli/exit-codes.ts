/**
 * What `callboard eval` exits with, for CI:
 * - 0: every criterion passed the gate;
 * - 1: the gate failed (a criterion below --fail-under, or an evaluation that errored);
 * - 2: the command could not be run as asked: bad usage, a missing file, an unconfigured judge,
 *   a database that cannot be written with --save, or input items that were rejected (unless
 *   --allow-invalid). A broken input must not pass as a green build just because what remained
 *   scored well, so 2 wins over 1.
 */
export const EXIT = { pass: 0, gateFailed: 1, usage: 2 } as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

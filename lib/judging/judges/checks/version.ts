export const CHECKS_JUDGE_ID = "checks";

/**
 * The built-in judge's results come from its own code, not from settings: bump this whenever a
 * check, the criterion mapping or the scoring changes what a call gets. It is part of every
 * cache key of this judge, so results cached by an older version stop matching.
 */
export const CHECKS_JUDGE_VERSION = "10";

/**
 * The SQL of the runs a claim may take rows from, with whether each is a monitor's: oldest first
 * within each kind (fairOrder then interleaves the kinds).
 */
export const OPEN_RUNS_SQL = `SELECT r."id", EXISTS (SELECT 1 FROM "Monitor" m WHERE m."runId" = r."id") AS "monitored"
FROM "Run" r WHERE r."status" IN ('pending', 'running') ORDER BY r."createdAt", r."id"`;

export interface OpenRun {
  id: string;
  monitored: unknown;
}

let turn = 0;

/**
 * The order in which one claim takes rows from the open runs. People's runs keep their order
 * (oldest first, so a run started earlier finishes earlier), and so do monitors' runs; the two
 * kinds take turns going first, claim by claim. A monitor's run is old and never ends, and a
 * backfill can hold thousands of rows: oldest first alone would have a person's run wait for all
 * of them. Taking turns gives each kind at least half of the claims while both have work.
 */
export function fairOrder<Run extends OpenRun>(runs: readonly Run[], monitorsFirst: boolean = turn++ % 2 === 1): Run[] {
  const monitored = (run: Run) => run.monitored === true || Number(run.monitored) === 1;
  const people = runs.filter((run) => !monitored(run));
  const monitors = runs.filter(monitored);
  return monitorsFirst ? [...monitors, ...people] : [...people, ...monitors];
}

-- The built-in judge's results are no longer cached (lib/judges/types.ts, `cacheable`): its
-- entries are never read again, and were a second copy of every result of every run.
DELETE FROM "JudgeCache" WHERE "judgeId" = 'checks';

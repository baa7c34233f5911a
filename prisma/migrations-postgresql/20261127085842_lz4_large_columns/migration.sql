-- Large values (span and transcript JSON, tool responses, findings) are compressed with lz4
-- instead of PostgreSQL's default pglz when they are stored out of line: pglz took a third of the
-- server's time on bench:import (OTLP ingest 5.1-5.3 s -> 3.7 s, the server's CPU 6.9 -> 4.9 s),
-- and lz4 also reads back faster. Applies to values written from now on; older ones stay readable.
-- A server built without lz4 (PostgreSQL < 14, or --without-lz4) keeps pglz: the migration then
-- changes nothing rather than fail.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "TraceSpan" ALTER COLUMN "data" SET COMPRESSION lz4;
    ALTER TABLE "Transcript" ALTER COLUMN "messages" SET COMPRESSION lz4,
      ALTER COLUMN "tools" SET COMPRESSION lz4,
      ALTER COLUMN "metadata" SET COMPRESSION lz4,
      ALTER COLUMN "warnings" SET COMPRESSION lz4;
    ALTER TABLE "ToolCall" ALTER COLUMN "rawArguments" SET COMPRESSION lz4,
      ALTER COLUMN "parsedArguments" SET COMPRESSION lz4,
      ALTER COLUMN "response" SET COMPRESSION lz4;
    ALTER TABLE "Upload" ALTER COLUMN "report" SET COMPRESSION lz4;
    ALTER TABLE "RunSnapshot" ALTER COLUMN "value" SET COMPRESSION lz4;
    ALTER TABLE "Evaluation" ALTER COLUMN "findings" SET COMPRESSION lz4;
    ALTER TABLE "TranscriptEvaluation" ALTER COLUMN "findings" SET COMPRESSION lz4;
    ALTER TABLE "JudgeCache" ALTER COLUMN "result" SET COMPRESSION lz4;
  END IF;
END $$;

-- DropIndex
DROP INDEX "Evaluation_cacheKey_idx";

-- DropIndex
DROP INDEX "Evaluation_runId_toolCallId_idx";

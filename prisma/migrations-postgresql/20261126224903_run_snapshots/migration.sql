-- CreateTable
CREATE TABLE "RunSnapshot" (
    "runId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "doneCount" INTEGER NOT NULL,
    "errorCount" INTEGER NOT NULL,
    "costMs" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RunSnapshot_pkey" PRIMARY KEY ("runId","kind")
);

-- AddForeignKey
ALTER TABLE "RunSnapshot" ADD CONSTRAINT "RunSnapshot_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

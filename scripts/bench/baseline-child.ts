/**
 * Benchmark child: the bare minimum an import must do, as a yardstick for importFile. Reads the
 * file line by line, JSON.parse's each line and inserts a Transcript row and its ToolCall rows
 * with better-sqlite3 prepared statements, all in one transaction. No validation, no
 * canonical form, no warnings: only the NOT NULL columns filled with straightforward values.
 *
 *   tsx scripts/bench/baseline-child.ts <file.jsonl> <database url> <transcripts> <calls>
 *
 * The database must already be migrated. Prints a ChildResult as the last line of stdout.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import Database from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "@/lib/platform/db/sqlite";
import { sqlitePathFromUrl } from "@/lib/platform/db/url";
import { childArgs, report, runChild, startSampler, verify } from "./measure";

interface ChatMessage {
  role: string;
  content?: string | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[] | null;
}

interface ChatLine {
  name?: string;
  metadata?: unknown;
  tools?: unknown[];
  messages: ChatMessage[];
}

async function main(): Promise<void> {
  const args = childArgs(process.argv.slice(2));
  const db = new Database(sqlitePathFromUrl(args.databaseUrl), { timeout: BUSY_TIMEOUT_MS });
  try {
    const insertTranscript = db.prepare(
      `INSERT INTO "Transcript" ("id", "name", "sourceFile", "sourceLocation", "format", "contentHash", "messages", "tools", "metadata", "messageCount", "toolCallCount", "warnings")
       VALUES (?, ?, ?, ?, 'openai-chat', ?, ?, ?, ?, ?, ?, '[]')`,
    );
    const insertCall = db.prepare(
      `INSERT INTO "ToolCall" ("id", "transcriptId", "callId", "messageIndex", "position", "ordinal", "toolName", "rawArguments", "responseIndex", "response")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const fileName = path.basename(args.file);

    const rssBefore = process.memoryUsage.rss();
    const sampler = startSampler();
    db.exec("BEGIN IMMEDIATE");
    let lineNumber = 0;
    try {
      const lines = readline.createInterface({ input: fs.createReadStream(args.file), crlfDelay: Infinity });
      for await (const line of lines) {
        lineNumber++;
        if (line.trim() === "") continue;
        const item = JSON.parse(line) as ChatLine;
        const id = randomUUID();
        const responses = new Map<string, number>();
        item.messages.forEach((message, index) => {
          if (message.role === "tool" && message.tool_call_id !== undefined && !responses.has(message.tool_call_id)) responses.set(message.tool_call_id, index);
        });
        const calls: unknown[][] = [];
        item.messages.forEach((message, messageIndex) => {
          (message.tool_calls ?? []).forEach((call, position) => {
            const responseIndex = responses.get(call.id) ?? null;
            const response = responseIndex === null ? null : (item.messages[responseIndex].content ?? null);
            calls.push([randomUUID(), id, call.id, messageIndex, position, calls.length + 1, call.function.name, call.function.arguments, responseIndex, response]);
          });
        });
        const name = item.name ?? `${fileName} #${lineNumber}`;
        const hash = createHash("sha256").update(line).digest("hex");
        insertTranscript.run(
          id,
          name,
          fileName,
          `line ${lineNumber}`,
          hash,
          JSON.stringify(item.messages),
          JSON.stringify(item.tools ?? []),
          JSON.stringify(item.metadata ?? {}),
          item.messages.length,
          calls.length,
        );
        for (const call of calls) insertCall.run(...call);
      }
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    const peaks = sampler.stop();

    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
    const stored = { transcripts: count("Transcript"), toolCalls: count("ToolCall") };
    verify("baseline", stored, args);
    report({
      label: "baseline",
      milliseconds: peaks.milliseconds,
      cpuMilliseconds: peaks.cpuMilliseconds,
      maxRssKb: process.resourceUsage().maxRSS,
      sampledPeakRssBytes: peaks.peakRss,
      rssBeforeBytes: rssBefore,
      sampledPeakHeapBytes: peaks.peakHeap,
      ...stored,
      details: { lines: lineNumber },
    });
  } finally {
    db.close();
  }
}

runChild("baseline", main);

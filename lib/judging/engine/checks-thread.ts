/**
 * A judging thread of checks-threads.ts: the built-in checks judge, for calls, for whole
 * transcripts (agent-level criteria) and for evaluation API requests. Pure judging: no database.
 */
import { serveCalls } from "@/lib/judging/engine/checks-thread-protocol";
import { threadCallJudge } from "@/lib/judging/engine/thread-calls";

serveCalls(threadCallJudge());

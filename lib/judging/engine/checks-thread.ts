/**
 * A judging thread of checks-threads.ts: the built-in checks judge, for calls and for whole
 * transcripts (agent-level criteria). Pure judging: no database.
 */
import { createChecksJudge } from "@/lib/judging/judges/checks";
import { checksAgentJudge } from "@/lib/judging/judges/agent";
import { serveCalls } from "@/lib/judging/engine/checks-thread-protocol";

const judge = createChecksJudge();

serveCalls((call) => (call.kind === "agent" ? checksAgentJudge.evaluateTranscript(call.input) : judge.evaluate(call.input)));

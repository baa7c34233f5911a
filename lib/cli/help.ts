import type { HelpTopic } from "./args";

export const MAIN_HELP = `Callboard: evaluate every tool call of LLM agent transcripts against natural-language criteria.

Usage:
  callboard eval <file…> --criteria "<criterion>" [options]
  callboard import-bfcl --questions <file> --answers <file> [--results <file>] [--out <file>]
  callboard references tau2 --tasks tasks.json [--tools tools.py] [--out refs.jsonl]
  callboard references tau --tasks tasks_test.py [--tools tools.py | --free-tools a,b] [--out refs.jsonl]
  callboard help [eval | import-bfcl | references]

Commands:
  eval          Evaluate transcript files without the web server and gate CI on the result.
  import-bfcl   Turn BFCL's question, possible-answer and result files into transcripts that carry
                the possible answer as their reference (expected calls).
  references    Turn tau2-bench's or tau-bench's task files into a references file: each task's
                ground-truth actions as expected calls, by task id.

Run \`callboard <command> --help\` for a command's options.
`;

export const EVAL_HELP = `Usage: callboard eval <file…> --criteria "<criterion>" [options]

Evaluates every tool call in the files (OpenAI chat, evaluation requests, Anthropic, OpenAI
Responses; one object, an array of them, or JSON Lines) against each criterion, prints the
results, and exits non-zero when the gate fails.

Criteria (at least one):
  -c, --criteria <text>        A criterion starting with "Reward tool calls …", "Penalize tool calls …",
                               "Tool call passes if …" or "Tool call fails if …" (judged on each call),
                               or "Reward agents …", "Penalize agents …", "Agent passes if …" or
                               "Agent fails if …" (judged once per transcript, on the whole
                               transcript; JSON results say scope "agent" and carry no call fields).
                               Repeatable.
      --criteria-file <file>   Criteria, one per line (blank lines and # comments skipped), or a JSON
                               array of strings. Repeatable.

Options:
  -j, --judge <kind>           checks (default, offline) | openai | anthropic | composo. Network judges
                               read their keys from the environment (OPENAI_API_KEY, OPENAI_BASE_URL,
                               OPENAI_MODEL, ANTHROPIC_API_KEY, ANTHROPIC_MODEL, COMPOSO_API_KEY).
  -m, --mode <mode>            auto (default: with the response when there is one) | immediate |
                               hindsight | both.
  -f, --format <format>        table (default) | json | junit.
      --fail-under <score>     Gate threshold in [0, 1]: fails when a criterion's mean score (for
                               binary criteria, its pass rate) is below it, or when it judged nothing.
      --allow-invalid          Rejected input items are reported but do not make the exit code 2.
      --save                   Also store the transcripts and the run in the database (DATABASE_URL,
                               default file:./data/callboard.db) so the dashboard shows it.
      --name <name>            Name of the saved run.
      --concurrency <n>        Judge calls at once (default 4).
  -v, --verbose                Table: full explanations and every finding.
  -h, --help                   This help.

The gate always fails when an evaluation errored. Not-applicable results count neither way.

Exit codes:
  0  the gate passed
  1  the gate failed
  2  usage or input error (bad option, missing file, unconfigured judge, rejected items)

Examples:
  callboard eval runs.jsonl -c "Reward tool calls that select appropriate tools and provide accurate parameters" --fail-under 0.8
  callboard eval a.json b.jsonl --criteria-file criteria.txt --format junit > callboard.xml
`;

export const IMPORT_BFCL_HELP = `Usage: callboard import-bfcl --questions <file> --answers <file> [--results <file>] [--out <file>]

Converts BFCL's (Berkeley Function Calling Leaderboard) files into transcripts, one JSON line each,
that \`callboard eval\` and the upload page read: the question's messages, the tools BFCL sends
(dots in names become underscores), one assistant turn with the model's calls, and the possible
answer as the transcript's reference with \`"preset": "bfcl"\`, so that "Tool call passes if it
matches the reference" gives BFCL's own verdict.

Options:
      --questions <file>   BFCL's question file, e.g. bfcl_eval/data/BFCL_v4_simple_python.json
                           (JSON Lines). Single-turn categories with possible answers, and the
                           irrelevance categories (passed when the model makes no call).
      --answers <file>     The possible-answer file, e.g. data/possible_answer/BFCL_v4_simple_python.json.
                           Not needed for irrelevance questions.
      --results <file>     A model's result file (\`{"id", "result"}\` lines): a function-calling
                           model's calls (\`[{"func": "{\\"arg\\": 1}"}]\`) or a prompting model's Python
                           text (\`"[func(arg=1)]"\`). An id without a result is reported and left out,
                           as BFCL's partial evaluation leaves it out. Without --results, every question
                           is converted without the model's turn.
  -o, --out <file>         Where to write the transcripts (default: standard output).
      --allow-invalid      Problems are reported but do not make the exit code 2.
  -h, --help               This help.

Lines that cannot be converted (not JSON, not BFCL's shape, an id missing from another file, a
category without possible answers) are reported on standard error with file, line and JSON path.

Exit codes:
  0  every question converted
  2  a file cannot be read, nothing was converted, or a problem was reported (without --allow-invalid)

Example:
  callboard import-bfcl --questions BFCL_v4_simple_python.json \\
    --answers possible_answer/BFCL_v4_simple_python.json --results BFCL_v4_simple_python_result.json --out bfcl.jsonl
  callboard eval bfcl.jsonl --criteria "Tool call passes if it matches the reference"
`;

export const REFERENCES_HELP = `Usage: callboard references tau2 --tasks tasks.json [--tools tools.py]… [--free-tools a,b] [--out refs.jsonl]
       callboard references tau --tasks tasks_test.py [--tools tools.py]… [--free-tools a,b] [--out refs.jsonl]

Writes a references file (\`{"task_id", "reference"}\` JSON lines) from a benchmark's tasks: each
task's ground-truth actions as its expected calls, compared as tau2 compares an action with a call
(the call's arguments among the action's with equal values, compare_args when set, any order).
Upload it on the upload page (or POST /api/references) to attach each task's reference to every
stored trial of the task (their metadata's task_id).

Benchmarks:
  tau2    tau2-bench's data/tau2/domains/<domain>/tasks.json; task ids are the tasks' \`id\`.
  tau     tau-bench's tau_bench/envs/<domain>/tasks_*.py (Python, read without running it);
          task ids are the tasks' positions in the list, as tau-bench's results number them.

Options:
      --tasks <file>        The task file.
      --tools <file>        A tau2 tools.py (repeatable, e.g. also src/tau2/environment/toolkit.py):
                            every tool its @is_tool(ToolType.…) decorators mark as not WRITE (reads,
                            think, calculate, transfers) is a free tool, never judged, and its actions
                            optional. tau-bench's own tools are not marked: give tau2's tools.py of the
                            same domain, or --free-tools.
      --free-tools <names>  Free tools, comma-separated, added to those of --tools.
  -o, --out <file>          Where to write the references (default: standard output).
      --allow-invalid       Problems are reported but do not make the exit code 2.
  -h, --help                This help.

Exit codes:
  0  every task converted
  2  a file cannot be read, nothing was converted, or a problem was reported (without --allow-invalid)
`;

export const HELP: Record<HelpTopic, string> = { main: MAIN_HELP, eval: EVAL_HELP, "import-bfcl": IMPORT_BFCL_HELP, references: REFERENCES_HELP };

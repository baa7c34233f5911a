export const MAIN_HELP = `Callboard: evaluate every tool call of LLM agent transcripts against natural-language criteria.

Usage:
  callboard eval <file…> --criteria "<criterion>" [options]
  callboard help [eval]

Commands:
  eval    Evaluate transcript files without the web server and gate CI on the result.

Run \`callboard eval --help\` for the options.
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

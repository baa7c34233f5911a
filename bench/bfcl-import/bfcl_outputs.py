"""BFCL's own outputs for checking `callboard import-bfcl` (python3, standard library only).

From an extracted gorilla snapshot, with BFCL's own code (run from the snapshot, never copied),
writes to OUT_DIR:
- `tools.jsonl`: for every question of the single-turn categories, the tools BFCL's OpenAI
  function-calling handler sends (bench/bfcl's ToolConverter), `{"id", "category", "tools"}`;
- `BFCL_v4_<category>_result.json` for the non-live categories: a function-calling model's result
  file whose answers are the possible answers' first values (bench/bfcl-ref's base candidate,
  Java and JavaScript values written as source text), and, for `irrelevance`, a text answer for
  even ids and a call for odd ones;
- `expected.jsonl`: BFCL's verdict on every one of those results, `{"id", "valid", "error_type"}`
  (its AST checker, or its relevance rule for irrelevance);
- `prompting.jsonl`: the same answers written as a prompting model writes them
  (`[func(a=1, b='x')]`, plus quirk cases), with what BFCL's `default_decode_ast_prompting`
  decodes from them: `{"text", "decoded"}` (`decoded` null when it raises).

Usage: python3 bench/bfcl-import/bfcl_outputs.py /tmp/gorilla OUT_DIR
"""

from __future__ import annotations

import ast
import json
import operator
import sys
from collections import Counter
from functools import reduce
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "bfcl-ref"))
sys.path.insert(0, str(HERE.parent / "bfcl"))
import bfcl_common as common  # noqa: E402
import build as ref  # noqa: E402  (bench/bfcl-ref/build.py: questions, base candidates, labels)
from bfcl_eval_path import EvalPath  # noqa: E402

SINGLE_TURN = ["simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple", "irrelevance",
               "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance"]
NON_LIVE = ["simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple"]

# Answers a prompting model may write, to check the decoder on BFCL's quirks.
QUIRKS = [
    "[f(a=1, b='x')]", "f(a=1)", "```\n[f(a=1)]\n```", "'[f(a=1)]'", "[f(a=-1.5, b=+2, c=~3, d=-True)]", "[f(a=2*3, b=10**-2, c='a'+'b', d=7//2, e=-7%3)]",
    "[f(a=[1, (2, 3)], b={'k': [1.0, None]}, c=True)]", "[f(a=x, b=np.array([1,2]), c=datetime.date(2024, 1, 1))]", "[m.g.h(a=1), f(b=g(c=2))]",
    "[f(1, 2, a=3)]", "[f(a=x[0], b=y[1:2], c=z[1, 2])]", "[f(a=...)]", "[f(a=1e16, b=1e-5, c=0.1, d=100.0, e=1_000)]", "[f(a=\"it's\", b='say \"hi\"', c='\\n')]",
    "I cannot help with that.", "[]", "[f(a=1), 2]", "f(a=1) g(b=2)", "[f(a=lambda: 1)]", "[f(a={1, 2})]", "[f(a=math.pi)]", "[f(a=f'{x}')]",
    "[f(a=1, a=2)]", "[f(a=0x1F, b=0o17, c=0b11)]", "[f(a='a' 'b', b=r'\\d+')]", "[f(a=[1,2] + [3], b='ab' * 2, c=3 / 2)]",
]


def decode_prompting(root: Path):
    """BFCL's default_decode_ast_prompting for Python, from the snapshot (its module imports
    tree-sitter and tenacity, so only these functions are compiled, against the globals they use)."""
    enums = common.import_from_snapshot(root, "bfcl_eval.constants.enums")
    namespace = {"ast": ast, "re": __import__("re"), "json": json, "operator": operator, "reduce": reduce, "ReturnFormat": enums.ReturnFormat}
    names = ["default_decode_ast_prompting", "ast_parse", "resolve_ast_call", "resolve_ast_by_type"]
    common.load_functions_from_source(root / "bfcl_eval" / "model_handler" / "utils.py", names, namespace)
    return lambda text: namespace["default_decode_ast_prompting"](text, enums.ReturnFormat.PYTHON, False)


def python_text(value) -> str:
    """A value as a prompting model writes it in Python."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{python_text(k)}: {python_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(python_text(v) for v in value) + "]"
    return repr(value)


def main() -> None:
    if len(sys.argv) != 3:
        common.fail("usage: bfcl_outputs.py <extracted gorilla snapshot> <out dir>")
    root = common.resolve_snapshot(sys.argv[1])
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    converter = common.ToolConverter(root)
    checker = EvalPath(root)
    decode = decode_prompting(root)

    with open(out / "tools.jsonl", "w", encoding="utf-8") as handle:
        for category in SINGLE_TURN:
            for entry in common.load_jsonl(common.data_dir(root) / f"BFCL_v4_{category}.json"):
                handle.write(common.dump_line({"id": entry["id"], "category": category, "tools": converter.tools(entry["function"], category)}) + "\n")

    expected = []
    texts = list(QUIRKS)
    report = {"skipped": [], "raised": Counter(), "generated": 0}
    for category in NON_LIVE:
        lines = []
        for question in ref.load_questions(category, root, converter, checker, report):
            base = ref.Generator(question, "bfcl-import", False, checker).base
            _, result, _ = ref.encode(question, {"calls": base})
            valid, error_type, _ = checker.evaluate(question.entry, question.answer, question.category, result)
            lines.append({"id": question.id, "result": result})
            expected.append({"id": question.id, "valid": valid, "error_type": error_type})
            if question.lang == "python":
                texts.append("[" + ", ".join(f"{call.bfcl_name}(" + ", ".join(f"{k}={python_text(v)}" for k, v in call.typed.items()) + ")" for call in base) + "]")
        write_lines(out / f"BFCL_v4_{category}_result.json", lines)
    if report["skipped"]:
        print("skipped:", "; ".join(report["skipped"]), file=sys.stderr)

    lines = []
    for number, entry in enumerate(common.load_jsonl(common.data_dir(root) / "BFCL_v4_irrelevance.json")):
        function = entry["function"][0]
        call = number % 2 == 1
        result = [{common.ToolConverter.tool_name(function["name"]): "{}"}] if call else "I cannot answer that with the functions I have."
        lines.append({"id": entry["id"], "result": result})
        # eval_runner._evaluate_single_relevance_entry: a decoded, non-empty call fails irrelevance.
        expected.append({"id": entry["id"], "valid": not call, "error_type": "irrelevance_error:decoder_success" if call else None})
    write_lines(out / "BFCL_v4_irrelevance_result.json", lines)
    write_lines(out / "expected.jsonl", expected)

    rows = []
    for text in texts:
        try:
            decoded = decode(text)
        except Exception:  # noqa: BLE001 - BFCL's decoder failing is an answer (decoder_failed)
            decoded = None
        rows.append({"text": text, "decoded": decoded})
    write_lines(out / "prompting.jsonl", rows, default=str)
    print(f"wrote {out}: tools, {len(expected)} results with BFCL's verdicts ({sum(1 for e in expected if e['valid'])} valid), {len(rows)} prompting answers")


def write_lines(path: Path, rows: list, default=None) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False, default=default) + "\n")


if __name__ == "__main__":
    main()

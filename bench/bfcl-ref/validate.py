#!/usr/bin/env python3
"""Re-checks built bfcl-ref files against the snapshot (python3, standard library only).

    python3 bench/bfcl-ref/validate.py <extracted gorilla snapshot> [files...] [--markdown]

Defaults to data/bfcl-ref.jsonl (and data/bfcl-ref-live.jsonl when it exists). For every line:
  - the verdict is recomputed from the transcript itself (the last assistant message's tool calls,
    or its text), through BFCL's evaluation path run from the snapshot, and must equal
    meta.bfcl_valid / bfcl_error_type / bfcl_errors; the arguments must decode (Python json) to
    meta.decoded with the same types (5 vs 5.0, 1 vs true) and key order;
  - `reference` must hold the possible answer verbatim (names, `allowed`), `order: "any"` exactly
    for parallel categories, `types` (Java / JavaScript) equal to the function doc's types;
  - `messages` before the answer and `tools` must be what the builder derives from the question.
For Python it also checks that the OpenAI tool schema determines the type the checker uses for every
parameter (so a matcher can read Python types from `tools`). Exits 1 on any mismatch. Prints counts
per category, error type and rule (--markdown: as the tables in README.md).
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "bfcl"))
sys.path.insert(0, str(HERE))
import bfcl_common as common  # noqa: E402
from bfcl_eval_path import EvalPath  # noqa: E402

# OpenAI schema type (as BFCL's convert_to_tool writes it) -> the Python class BFCL's checker expects
SCHEMA_TO_PYTHON = {"string": str, "integer": int, "number": float, "boolean": bool, "array": list, "object": dict}


FAMILIES = ["base", "optional / `\"\"`", "strings", "values", "types (Python)", "Java forms", "JavaScript forms",
            "unexpected", "names", "counts", "parallel", "decoder", "other"]
PYTHON_TYPE_RULES = {"int_for_float", "float_token_for_float", "string_for_number", "float_for_int", "bool_for_int", "int_for_bool",
                     "string_for_bool", "list_for_string", "number_for_string", "string_for_list", "scalar_for_list", "int_in_float_array",
                     "float_token_in_float_array", "float_in_int_array", "number_in_string_array", "bool_in_int_array",
                     "string_for_dict", "list_for_dict", "exponent_token_for_int", "exponent_token_for_float"}


def family(rule: str) -> str:
    if rule.startswith("base"):
        return "base"
    if rule in ("omit_optional", "include_optional", "other_allowed_value") or rule.startswith(("empty_", "null_", "missing_")):
        return FAMILIES[1]
    if rule.startswith("norm_"):
        return "strings"
    if rule.startswith(("wrong_value", "list_reordered", "list_element", "list_of_dicts", "dict_")):
        return "values"
    if rule in PYTHON_TYPE_RULES:
        return "types (Python)"
    if rule.startswith("java_"):
        return "Java forms"
    if rule.startswith("js_"):
        return "JavaScript forms"
    if rule.startswith("unexpected") or rule == "answer_param_not_in_doc":
        return "unexpected"
    if rule.startswith("name_"):
        return "names"
    if rule.startswith("count_"):
        return "counts"
    if rule.startswith("parallel_"):
        return "parallel"
    if rule.startswith("decoder_") or rule == "no_call":
        return "decoder"
    return "other"


def strict_equal(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(strict_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b))
    return a == b


def integral_float_tokens(value) -> int:
    """Numbers whose JSON token JavaScript's JSON.parse cannot tell from an integer (5.0)."""
    if isinstance(value, float) and value.is_integer():
        return 1
    if isinstance(value, list):
        return sum(integral_float_tokens(v) for v in value)
    if isinstance(value, dict):
        return sum(integral_float_tokens(v) for v in value.values())
    return 0


def unsafe_integers(value) -> int:
    """Integers JavaScript cannot hold exactly (|n| > 2**53)."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return int(abs(value) > 2**53)
    if isinstance(value, list):
        return sum(unsafe_integers(v) for v in value)
    if isinstance(value, dict):
        return sum(unsafe_integers(v) for v in value.values())
    return 0


def type_label(prop: dict) -> str:
    kind = prop.get("type", "")
    items = (prop.get("items") or {}).get("type")
    return f"{kind}<{items}>" if items and kind in ("Array", "ArrayList", "array") else kind


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("snapshot")
    parser.add_argument("files", nargs="*")
    parser.add_argument("--markdown", action="store_true", help="print the README tables")
    options = parser.parse_args()
    files = options.files or [str(p) for p in (HERE / "data" / "bfcl-ref.jsonl", HERE / "data" / "bfcl-ref-live.jsonl") if p.is_file()]
    if not files:
        common.fail("no file given and data/bfcl-ref.jsonl does not exist: build it first")

    root = common.resolve_snapshot(options.snapshot)
    checker = EvalPath(root)
    converter = common.ToolConverter(root)
    data = common.data_dir(root)
    questions, answers = {}, {}
    status = 0
    for file in files:
        rows = [json.loads(line) for line in Path(file).read_text(encoding="utf-8").splitlines() if line.strip()]
        errors = []
        per_category = defaultdict(Counter)
        per_error = defaultdict(Counter)
        per_rule = defaultdict(Counter)
        notes = Counter()
        question_ids = defaultdict(set)
        ids = Counter(row["id"] for row in rows)
        errors += [f"id {i} appears {n} times" for i, n in ids.items() if n > 1]
        for row in rows:
            where = row.get("id")
            category = row["category"]
            if category not in questions:
                questions[category] = {q["id"]: q for q in common.load_jsonl(data / f"BFCL_v4_{category}.json")}
                answers[category] = {a["id"]: a for a in common.load_jsonl(data / "possible_answer" / f"BFCL_v4_{category}.json")}
            meta = row["meta"]
            qid = meta["source"].split("#", 1)[1]
            question = questions[category][qid]
            answer = answers[category][qid]["ground_truth"]
            question_ids[category].add(qid)
            language = "java" if converter.is_java(category) else "javascript" if converter.is_js(category) else "python"
            # reference
            reference = row["reference"]
            step = reference["steps"]
            if len(step) != 1:
                errors.append(f"{where}: {len(step)} steps")
                continue
            step = step[0]
            if ("parallel" in category) != (step.get("order") == "any"):
                errors.append(f"{where}: order {step.get('order')!r} for {category}")
            if reference.get("match") != {"preset": "bfcl", "language": language}:
                errors.append(f"{where}: match {reference.get('match')}")
            docs = {f["name"]: f for f in question["function"]}
            if [{c["name"]: c["allowed"]} for c in step["calls"]] != answer:
                errors.append(f"{where}: reference calls differ from the possible answer")
            for call in step["calls"]:
                props = docs[call["name"]]["parameters"]["properties"]
                if language == "python":
                    if "types" in call:
                        errors.append(f"{where}: types on a Python call")
                elif call.get("types") != {p: type_label(prop) for p, prop in props.items()}:
                    errors.append(f"{where}: types differ from the doc")
            # transcript
            if row["messages"][:-1] != question["question"][0]:
                errors.append(f"{where}: messages differ from the question")
            if row["tools"] != converter.tools(copy.deepcopy(question["function"]), category):
                errors.append(f"{where}: tools differ from BFCL's conversion")
            if language == "python":
                tools = {t["function"]["name"]: t["function"]["parameters"]["properties"] for t in row["tools"]}
                for name, doc in docs.items():
                    for param, prop in doc["parameters"]["properties"].items():
                        schema = tools[common.ToolConverter.tool_name(name)][param]
                        expected = checker.checker.PYTHON_TYPE_MAPPING.get(prop["type"])
                        if SCHEMA_TO_PYTHON.get(schema.get("type")) is not expected:
                            errors.append(f"{where}: {name}.{param}: schema type {schema.get('type')} vs doc {prop['type']}")
                        if prop["type"] in ("array", "tuple"):
                            items = (prop.get("items") or {}).get("type")
                            if SCHEMA_TO_PYTHON.get((schema.get("items") or {}).get("type")) is not checker.checker.PYTHON_TYPE_MAPPING.get(items):
                                errors.append(f"{where}: {name}.{param}: items schema {(schema.get('items') or {}).get('type')} vs doc {items}")
            answer_message = row["messages"][-1]
            if answer_message.get("role") != "assistant":
                errors.append(f"{where}: last message is not the assistant's")
                continue
            if answer_message.get("tool_calls"):
                for k, call in enumerate(answer_message["tool_calls"]):
                    if call.get("id") != f"call_{k}" or call.get("type") != "function":
                        errors.append(f"{where}: tool call {k} id/type")
                model_result = [{c["function"]["name"]: c["function"]["arguments"]} for c in answer_message["tool_calls"]]
            else:
                model_result = answer_message.get("content")
            try:
                decoded = checker.decode(model_result)
            except Exception:  # noqa: BLE001
                decoded = None
            if (decoded is None) != (meta["decoded"] is None) or (decoded is not None and not strict_equal(decoded, meta["decoded"])):
                errors.append(f"{where}: decoded arguments differ from meta.decoded")
            valid, error_type, checker_errors = checker.evaluate(question, answer, category, model_result)
            if valid != meta["bfcl_valid"] or error_type != meta["bfcl_error_type"] or json.loads(json.dumps(checker_errors)) != meta["bfcl_errors"]:
                errors.append(f"{where}: BFCL says {valid} {error_type}, file says {meta['bfcl_valid']} {meta['bfcl_error_type']}")
            if decoded is not None:
                tokens = sum(integral_float_tokens(list(call.values())[0]) for call in decoded if isinstance(call, dict))
                if any(unsafe_integers(list(call.values())[0]) for call in decoded if isinstance(call, dict)):
                    notes["candidates with an integer beyond 2**53 (JavaScript loses it)"] += 1
                if tokens:
                    notes["candidates whose arguments hold a float written as an integral number (5.0, 1e1; JSON.parse reads an integer): read raw tokens"] += 1
            if meta.get("greedy_miss"):
                notes["parallel candidates BFCL fails although a one-to-one pairing exists (greedy_miss)"] += 1
            verdict = "pass" if meta["bfcl_valid"] else "fail"
            per_category[category][verdict] += 1
            per_error[meta["bfcl_error_type"] or "(valid)"][category] += 1
            per_rule[meta["rule"]][verdict] += 1

        categories = list(per_category)
        print(f"== {Path(file).name}: {len(rows)} candidates")
        if options.markdown:
            print("\n| category | questions | candidates | pass | fail |\n|---|---|---|---|---|")
            for c in categories:
                print(f"| `{c}` | {len(question_ids[c])} | {sum(per_category[c].values())} | {per_category[c]['pass']} | {per_category[c]['fail']} |")
            print(f"| **total** | {sum(len(v) for v in question_ids.values())} | {len(rows)} | {sum(v['pass'] for v in per_category.values())} | {sum(v['fail'] for v in per_category.values())} |")
            print("\n| bfcl_error_type | " + " | ".join(f"`{c}`" for c in categories) + " | total |\n|---|" + "---|" * (len(categories) + 1))
            for error_type, counts in sorted(per_error.items(), key=lambda kv: (kv[0] != "(valid)", -sum(kv[1].values()), kv[0])):
                print(f"| `{error_type}` | " + " | ".join(str(counts[c]) for c in categories) + f" | {sum(counts.values())} |")
            print("\n| family | pass | fail | rules |\n|---|---|---|---|")
            grouped = defaultdict(list)
            for rule in sorted(per_rule):
                grouped[family(rule)].append(rule)
            for name in FAMILIES:
                rules = grouped.get(name)
                if rules:
                    print(f"| {name} | {sum(per_rule[r]['pass'] for r in rules)} | {sum(per_rule[r]['fail'] for r in rules)} | "
                          + ", ".join(f"`{r}` {per_rule[r]['pass']}/{per_rule[r]['fail']}" for r in rules) + " |")
        else:
            for c in categories:
                print(f"   {c:24} {len(question_ids[c]):5} questions  pass {per_category[c]['pass']:5}  fail {per_category[c]['fail']:5}")
            for error_type, counts in sorted(per_error.items(), key=lambda kv: -sum(kv[1].values())):
                print(f"   {sum(counts.values()):6}  {error_type}")
            print(f"   {len(per_rule)} rules")
        for note, count in sorted(notes.items()):
            print(f"   {note}: {count}")
        if errors:
            status = 1
            print(f"   ERRORS: {len(errors)}")
            for error in errors[:30]:
                print(f"      {error}")
        else:
            print("   every verdict reproduced by BFCL's checker; references, messages and tools consistent")
    sys.exit(status)


if __name__ == "__main__":
    main()

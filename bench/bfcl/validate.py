#!/usr/bin/env python3
"""Checks the built files (python3, standard library only).

    python3 bench/bfcl/validate.py [--snapshot <extracted gorilla snapshot>] [files…]

Defaults to data/bfcl-extra.jsonl and data/bfcl-multi-turn.jsonl. Exits non-zero on any
structural error. Reports, without failing:
  - good single-turn calls whose arguments do not fit the offered tool's JSON schema (BFCL
    ground truths that are themselves off-schema);
  - bad calls whose defect is not visible in the call as labelled (should be 0);
  - with --snapshot: BFCL's own AST checker (bfcl_eval/eval_checker/ast_eval/ast_checker.py, run
    from the snapshot) on every single-turn transcript: good should be valid, bad invalid.
"""

from __future__ import annotations

import argparse
import json
import sys
import types
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True
sys.path.insert(0, str(HERE))
import bfcl_common as common  # noqa: E402

SINGLE_DEFECTS = {"hallucinated_function", "wrong_function", "missing_required", "wrong_type", "wrong_value", "extra_param", "irrelevant_call"}


def json_type(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), "null")


def fits(value, schema: dict) -> bool:
    kind = schema.get("type")
    if kind is None:
        return True
    actual = json_type(value)
    if kind == "number" and actual == "integer":
        return True
    if actual != kind:
        return False
    if "enum" in schema:
        values = value if isinstance(value, list) else [value]  # an enum on an array: its items
        if any(item not in schema["enum"] for item in values):
            return False
    return True


def schema_problems(args: dict, parameters: dict) -> list[str]:
    properties = parameters.get("properties") or {}
    problems = [f"missing required {p}" for p in parameters.get("required") or [] if p in properties and p not in args]
    for key, value in args.items():
        if key not in properties:
            problems.append(f"undefined argument {key}")
        elif not fits(value, properties[key]):
            problems.append(f"{key}={json.dumps(value, ensure_ascii=False)[:60]} does not fit {properties[key].get('type')}{' enum' if 'enum' in properties[key] else ''}")
    return problems


def calls_of(row):
    return [call for message in row["messages"] if message["role"] == "assistant" for call in message.get("tool_calls") or []]


def structure(row, errors, line):
    where = f"line {line} ({row.get('id')})"
    for key in ("id", "source", "category", "messages", "tools", "labels"):
        if key not in row:
            errors.append(f"{where}: no {key}")
    tool_names = [tool["function"]["name"] for tool in row["tools"]]
    if len(set(tool_names)) != len(tool_names):
        errors.append(f"{where}: duplicate tool names")
    ids = Counter()
    open_calls = []
    for index, message in enumerate(row["messages"]):
        role = message.get("role")
        if role not in ("system", "user", "assistant", "tool"):
            errors.append(f"{where}: message {index} has role {role}")
        if role == "tool":
            if not open_calls or message.get("tool_call_id") != open_calls[0]:
                errors.append(f"{where}: tool message {index} answers {message.get('tool_call_id')}, expected {open_calls[:1]}")
            else:
                open_calls.pop(0)
            if not isinstance(message.get("content"), str):
                errors.append(f"{where}: tool message {index} content is not a string")
            continue
        if open_calls:
            errors.append(f"{where}: message {index} ({role}) before calls {open_calls} were answered")
            open_calls = []
        for call in message.get("tool_calls") or []:
            ids[call["id"]] += 1
            open_calls.append(call["id"])
            try:
                args = json.loads(call["function"]["arguments"])
                if not isinstance(args, dict):
                    errors.append(f"{where}: {call['id']} arguments are not an object")
            except json.JSONDecodeError as error:
                errors.append(f"{where}: {call['id']} arguments do not parse: {error}")
    if open_calls and row["messages"][-1].get("role") == "tool":
        errors.append(f"{where}: calls {open_calls} unanswered")
    for call_id, count in ids.items():
        if count > 1:
            errors.append(f"{where}: call id {call_id} used {count} times")
    labelled = [label["tool_call_id"] for label in row["labels"]]
    for call_id in labelled:
        if call_id not in ids:
            errors.append(f"{where}: label for unknown call {call_id}")
    for label in row["labels"]:
        if label["verdict"] not in ("pass", "fail") or (label["verdict"] == "pass") != (label["defect"] is None):
            errors.append(f"{where}: inconsistent label {label}")
    fails = [label for label in row["labels"] if label["verdict"] == "fail"]
    if row["id"].endswith("__good") and fails:
        errors.append(f"{where}: good transcript with a failing label")
    if row["id"].endswith("__bad") and len(fails) != 1:
        errors.append(f"{where}: bad transcript with {len(fails)} failing labels")


def load_ast_checker(root: Path):
    """BFCL's AST checker from the snapshot; its model registry (heavy imports) is stubbed with
    one entry for an OpenAI-style model (names with dots given with underscores)."""
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    stub = types.ModuleType("bfcl_eval.constants.model_config")
    stub.MODEL_CONFIG_MAPPING = {"callboard/openai-fc": types.SimpleNamespace(underscore_to_dot=True)}
    sys.modules["bfcl_eval.constants.model_config"] = stub
    import importlib

    checker = importlib.import_module("bfcl_eval.eval_checker.ast_eval.ast_checker")
    enums = importlib.import_module("bfcl_eval.constants.enums")
    return checker, enums


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", default=[str(HERE / "data" / "bfcl-extra.jsonl"), str(HERE / "data" / "bfcl-multi-turn.jsonl")])
    parser.add_argument("--snapshot")
    parser.add_argument("--show", type=int, default=5, help="examples to print per finding")
    options = parser.parse_args()

    checker = None
    if options.snapshot:
        root = common.resolve_snapshot(options.snapshot)
        checker, enums = load_ast_checker(root)
        questions, answers = {}, {}
    status = 0
    for file in options.files:
        path = Path(file)
        if not path.is_file():
            common.fail(f"{path} does not exist: build it first")
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        errors = []
        findings = defaultdict(list)
        labels = Counter()
        seen_ids = Counter(row["id"] for row in rows)
        for duplicate, count in seen_ids.items():
            if count > 1:
                errors.append(f"id {duplicate} appears {count} times")
        good_by_pair = {row["pair"]: row for row in rows if row["id"].endswith("__good")}
        for line, row in enumerate(rows, 1):
            structure(row, errors, line)
            tools = {tool["function"]["name"]: tool["function"]["parameters"] for tool in row["tools"]}
            calls = {call["id"]: call for call in calls_of(row)}
            for label in row["labels"]:
                labels[(row["category"], label["defect"] or "pass")] += 1
                call = calls.get(label["tool_call_id"])
                if call is None:
                    continue
                name = call["function"]["name"]
                args = json.loads(call["function"]["arguments"])
                if label["defect"] is None and "multi_turn" not in row["source"]:
                    if name not in tools:
                        errors.append(f"{row['id']}: good call to {name}, not offered")
                    else:
                        for problem in schema_problems(args, tools[name]):
                            findings["good call off-schema (ground truth)"].append(f"{row['id']} {name}: {problem}")
                elif label["defect"] in SINGLE_DEFECTS:
                    defect = label["defect"]
                    visible = True
                    good = good_by_pair.get(row["pair"])
                    good_call = None
                    if good is not None:
                        index = list(calls).index(call["id"])
                        good_call = calls_of(good)[index]
                    if defect == "hallucinated_function":
                        visible = name not in tools
                    elif defect in ("wrong_function", "irrelevant_call"):
                        visible = name in tools and (good_call is None or good_call["function"]["name"] != name)
                    elif defect == "missing_required":
                        visible = any(p not in args for p in tools[name].get("required") or [])
                    elif defect == "extra_param":
                        visible = any(k not in (tools[name].get("properties") or {}) for k in args)
                    elif defect == "wrong_type":
                        properties = tools[name].get("properties") or {}
                        visible = any(k in properties and not fits(v, {"type": properties[k].get("type")}) for k, v in args.items())
                    elif defect == "wrong_value":
                        good_args = json.loads(good_call["function"]["arguments"])
                        visible = good_call["function"]["name"] == name and good_args.keys() == args.keys() and good_args != args and all(json_type(good_args[k]) == json_type(args[k]) for k in args)
                    if not visible:
                        findings[f"{defect} not visible in the call"].append(row["id"])
                elif label["defect"] == "error_response":
                    response = next((m["content"] for m in row["messages"] if m["role"] == "tool" and m["tool_call_id"] == call["id"]), None)
                    if response is None:
                        errors.append(f"{row['id']}: labelled call has no response")
            if row["id"].endswith("__bad") and row["labels"] and row["labels"][0].get("defect") == "error_response":
                good = good_by_pair.get(row["pair"])
                if good is None:
                    errors.append(f"{row['id']}: no good twin")
                else:
                    target = row["labels"][0]["tool_call_id"]
                    good_target = next(c for c in calls_of(good) if c["id"] == good["labels"][0]["tool_call_id"])
                    bad_target = calls[target]
                    if good_target["function"] != bad_target["function"]:
                        errors.append(f"{row['id']}: target call differs from its good twin's")
                    if calls_of(row)[-1]["id"] != target or row["messages"][-1].get("tool_call_id") != target:
                        errors.append(f"{row['id']}: does not end with the target call's response")

            if checker and "multi_turn" not in row["source"]:
                category = row["category"]
                if category.endswith("irrelevance"):
                    continue
                if category not in questions:
                    data = common.data_dir(root)
                    questions[category] = {q["id"]: q for q in common.load_jsonl(data / f"BFCL_v4_{category}.json")}
                    answers[category] = {a["id"]: a for a in common.load_jsonl(data / "possible_answer" / f"BFCL_v4_{category}.json")}
                qid = row["source"].split("#", 1)[1]
                language = enums.Language.JAVA if category == "simple_java" else enums.Language.JAVASCRIPT if category == "simple_javascript" else enums.Language.PYTHON
                output = [{call["function"]["name"]: json.loads(call["function"]["arguments"])} for call in calls_of(row)]
                try:
                    result = checker.ast_checker(questions[category][qid]["function"], output, answers[category][qid]["ground_truth"], language, category, "callboard_openai-fc")
                    valid = result["valid"]
                    detail = result.get("error")
                except Exception as error:  # noqa: BLE001 - BFCL's checker raising is a finding too
                    valid, detail = None, f"checker raised {type(error).__name__}: {error}"
                expected = row["id"].endswith("__good")
                findings[f"BFCL checker on {'good' if expected else 'bad'}: {'agrees' if valid == expected else 'raised' if valid is None else 'disagrees'}"].append(
                    f"{row['id']}: {json.dumps(detail, ensure_ascii=False)[:300]}")

        print(f"== {path.name}: {len(rows)} transcripts, {sum(labels.values())} labels")
        by_category = defaultdict(Counter)
        for (category, kind), count in labels.items():
            by_category[category][kind] += count
        for category, counts in by_category.items():
            print(f"   {category:24} {dict(sorted(counts.items()))}")
        for finding, items in sorted(findings.items()):
            print(f"   {finding}: {len(items)}")
            if not finding.endswith(": agrees"):
                for item in items[: options.show]:
                    print(f"      {item}")
        if errors:
            status = 1
            print(f"   ERRORS: {len(errors)}")
            for error in errors[:30]:
                print(f"      {error}")
        else:
            print("   structure: ok")
    sys.exit(status)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Builds data/bfcl-multi-turn.jsonl: multi-turn tool calls whose responses come from BFCL's
real Python backends, in good / bad pairs labelled by what the backend answered.

    python3 bench/bfcl/build-multi-turn.py <extracted gorilla snapshot> [--out FILE] [--seed S] [--pairs N]

For each BFCL multi-turn question (multi_turn_base, multi_turn_miss_param, multi_turn_long_context)
the ground-truth calls are replayed turn by turn on fresh backend instances
(`_load_scenario(initial_config)`), exactly as BFCL's executor runs them, and every call gets its
real response. A pair is built around a target call that succeeded:
  good: the conversation up to and including the target call's response, as executed;
  bad:  the same target call (identical arguments), but one earlier step of the trajectory removed
        and everything replayed, so that the backend now answers the target call with an error.
Only the target call is labelled (good: pass; bad: fail, defect "error_response").
Deterministic (seeded choices; TZ fixed to UTC). Python 3, standard library only; the backends'
own imports need mpmath (MathAPI), which Debian ships as python3-mpmath. See README.md.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import inspect
import json
import os
import random
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ next to the scripts or in the snapshot
sys.path.insert(0, str(Path(__file__).resolve().parent))
import bfcl_common as common  # noqa: E402

CATEGORIES = ["multi_turn_base", "multi_turn_miss_param", "multi_turn_long_context"]
# multi_turn_miss_func is left out: its held-out functions arrive mid-conversation through an
# extra user message, so the offered tools change between turns.

# Mirrors BFCL's executor (multi_turn_utils.execute_multi_turn_func_call): these names are refused.
REFUSED_NAMES = ["kill", "exit", "quit", "remove", "unlink", "popen", "Popen", "run"]

# Assistant reply for a turn whose ground truth has no call (multi_turn_miss_param: the request
# lacks a parameter, and the right move is to ask for it).
ASK_FOR_DETAILS = "I need more information to do that. Could you provide the missing details?"


class CallError(Exception):
    pass


def parse_call(text: str):
    """"mv(source='a', destination='b')" -> ("mv", [positional], {keyword})."""
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as error:
        raise CallError(f"cannot parse {text!r}: {error}") from error
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise CallError(f"not a plain function call: {text!r}")
    try:
        args = [ast.literal_eval(arg) for arg in node.args]
        kwargs = {keyword.arg: ast.literal_eval(keyword.value) for keyword in node.keywords}
    except ValueError as error:
        raise CallError(f"non-literal argument in {text!r}") from error
    return node.func.id, args, kwargs


def to_json_value(value):
    if isinstance(value, tuple):
        return [to_json_value(item) for item in value]
    if isinstance(value, list):
        return [to_json_value(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json_value(item) for key, item in value.items()}
    return value


def classify(result, raised: bool) -> str:
    """ok | exception | error_dict | error_text | soft_failure (a status/success flag False)."""
    if raised:
        return "exception"
    if isinstance(result, dict):
        if "error" in result:
            return "error_dict"
        if any(re.search(r"(status|success)$", str(key)) and value is False for key, value in result.items()):
            return "soft_failure"
        return "ok"
    if isinstance(result, str) and result.lower().startswith("error"):
        return "error_text"
    if isinstance(result, list) and result and all(isinstance(item, str) and item.lower().startswith("error") for item in result):
        return "error_text"
    if isinstance(result, list) and result and all(isinstance(item, dict) and "error" in item for item in result):
        return "error_dict"
    return "ok"


ERRORS = {"exception", "error_dict", "error_text"}


class Backends:
    def __init__(self, root: Path):
        config = common.import_from_snapshot(root, "bfcl_eval.constants.executable_backend_config")
        self.class_modules = config.CLASS_FILE_PATH_MAPPING
        self.stateless = set(config.STATELESS_CLASSES)
        self.doc_files = config.MULTI_TURN_FUNC_DOC_FILE_MAPPING
        self.doc_dir = common.data_dir(root) / "multi_turn_func_doc"
        self.classes = {}

    def cls(self, name: str):
        if name not in self.classes:
            try:
                module = importlib.import_module(self.class_modules[name])
            except ImportError as error:
                hint = " (MathAPI needs mpmath: apt-get install python3-mpmath)" if "mpmath" in str(error) else ""
                common.fail(f"cannot import the {name} backend: {error}{hint}")
            self.classes[name] = getattr(module, name)
        return self.classes[name]


class Session:
    """Fresh backend instances for one question, executing calls as BFCL's executor does."""

    def __init__(self, backends: Backends, entry: dict, long_context: bool):
        self.owner = {}
        self.instances = {}
        for class_name in entry["involved_classes"]:
            instance = backends.cls(class_name)()
            if class_name not in backends.stateless:
                instance._load_scenario(copy.deepcopy(entry["initial_config"].get(class_name, {})), long_context=long_context)
            self.instances[class_name] = instance
            for method_name, _ in inspect.getmembers(instance, predicate=inspect.ismethod):
                if not method_name.startswith("_"):
                    self.owner[method_name] = class_name  # later classes win, as in BFCL

    def execute(self, name: str, args: list, kwargs: dict):
        """-> (tool message text, classification): what BFCL's executor puts in the tool message."""
        try:
            if name in REFUSED_NAMES:
                raise Exception(f"Function call {name} is not allowed.")
            if name not in self.owner:
                raise NameError(f"name '{name}' is not defined")
            result = getattr(self.instances[self.owner[name]], name)(*copy.deepcopy(args), **copy.deepcopy(kwargs))
        except Exception as error:  # noqa: BLE001 - mirrors BFCL's executor
            return f"Error during execution: {str(error)}", "exception"
        kind = classify(result, False)
        if isinstance(result, str):
            text = result
        elif isinstance(result, dict):
            try:
                text = json.dumps(result)
            except (TypeError, ValueError):
                text = str(result)
        else:
            text = str(result)
        return text, kind


class Step:
    def __init__(self, turn: int, index: int, source: str, name: str, args: list, kwargs: dict):
        self.turn = turn
        self.index = index  # position within the turn
        self.source = source
        self.name = name
        self.args = args
        self.kwargs = kwargs
        self.arguments = None  # JSON arguments (positional ones named)
        self.owner = None  # backend class whose method this is


class Question:
    def __init__(self, category: str, entry: dict, ground_truth: list, backends: Backends, converter):
        self.category = category
        self.entry = entry
        self.id = entry["id"]
        self.number = int(self.id.rsplit("_", 1)[1])
        self.long_context = "long_context" in category
        self.turns = entry["question"]
        self.steps = []
        for turn, calls in enumerate(ground_truth):
            for index, text in enumerate(calls):
                name, args, kwargs = parse_call(text)
                self.steps.append(Step(turn, index, text, name, args, kwargs))
        functions = []
        for class_name in entry["involved_classes"]:
            functions.extend(common.load_jsonl(backends.doc_dir / backends.doc_files[class_name]))
        self.tools = converter.tools(functions, category)
        session = Session(backends, entry, self.long_context)
        for step in self.steps:
            method = getattr(session.instances[session.owner[step.name]], step.name) if step.name in session.owner else None
            if method is None:
                raise CallError(f"{step.source}: no backend method {step.name}")
            try:
                bound = inspect.signature(method).bind(*step.args, **step.kwargs)
            except TypeError as error:
                raise CallError(f"{step.source}: {error}") from error
            step.arguments = {key: to_json_value(value) for key, value in bound.arguments.items()}
            step.owner = session.owner[step.name]

    def replay(self, backends, skip: int | None, upto: int):
        """Runs steps 0..upto (except `skip`) on fresh instances -> {step index: (text, kind)}."""
        session = Session(backends, self.entry, self.long_context)
        results = {}
        for position in range(upto + 1):
            if position == skip:
                continue
            step = self.steps[position]
            results[position] = session.execute(step.name, step.args, step.kwargs)
        return results

    def call_id(self, position: int) -> str:
        step = self.steps[position]
        return f"{self.id}_t{step.turn}_c{step.index}"

    def messages(self, results: dict, upto: int, skip: int | None) -> list[dict]:
        target_turn = self.steps[upto].turn
        messages = []
        for turn in range(target_turn + 1):
            messages.extend(copy.deepcopy(self.turns[turn]))
            positions = [p for p, s in enumerate(self.steps) if s.turn == turn and p <= upto]
            if not [p for p, s in enumerate(self.steps) if s.turn == turn]:
                messages.append({"role": "assistant", "content": ASK_FOR_DETAILS})
                continue
            for position in positions:
                if position == skip:
                    continue
                step = self.steps[position]
                call_id = self.call_id(position)
                messages.append({
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": call_id, "type": "function", "function": {"name": step.name, "arguments": json.dumps(step.arguments, ensure_ascii=False)}}],
                })
                messages.append({"role": "tool", "tool_call_id": call_id, "content": results[position][0]})
        return messages


def candidates_for(question: Question, backends: Backends):
    """(target, [(removed step, bad results)], good results) for every target that can be broken."""
    good = question.replay(backends, None, len(question.steps) - 1)
    found = []
    for target in range(1, len(question.steps)):
        if good[target][1] != "ok":
            continue
        removals = []
        for removed in range(target):
            bad = question.replay(backends, removed, target)
            if bad[target][1] in ERRORS:
                removals.append((removed, bad))
        if removals:
            found.append((target, removals))
    return good, found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("snapshot", help="extracted ShishirPatil/gorilla snapshot (repo root or berkeley-function-call-leaderboard/)")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent / "data" / "bfcl-multi-turn.jsonl"))
    parser.add_argument("--seed", default="bfcl-multi-turn-1")
    parser.add_argument("--pairs", type=int, default=300, help="pairs to aim for, spread over the backends")
    parser.add_argument("--max-per-question", type=int, default=3, help="pairs drawn from one underlying BFCL scenario")
    parser.add_argument("--categories", default=",".join(CATEGORIES))
    options = parser.parse_args()

    os.environ["TZ"] = "UTC"  # TradingBot formats timestamps in local time
    time.tzset()
    root = common.resolve_snapshot(options.snapshot)
    converter = common.ToolConverter(root)
    backends = Backends(root)
    data = common.data_dir(root)

    pool = defaultdict(list)  # (scenario number, flat target position, target call) -> [candidate]
    skipped = []
    stats = Counter()
    for category in options.categories.split(","):
        if category not in CATEGORIES:
            common.fail(f"unknown category {category}; known: {', '.join(CATEGORIES)}")
        entries = common.load_jsonl(data / f"BFCL_v4_{category}.json")
        answers = {a["id"]: a for a in common.load_jsonl(data / "possible_answer" / f"BFCL_v4_{category}.json")}
        for entry in entries:
            if entry["id"] not in answers:
                skipped.append(f"{entry['id']}: no ground truth")
                continue
            try:
                question = Question(category, entry, answers[entry["id"]]["ground_truth"], backends, converter)
            except CallError as error:
                skipped.append(f"{entry['id']}: {error}")
                continue
            good, found = candidates_for(question, backends)
            stats[f"{category} questions"] += 1
            stats[f"{category} calls"] += len(question.steps)
            stats[f"{category} calls answered with an error in the ground truth itself"] += sum(1 for kind in (r[1] for r in good.values()) if kind in ERRORS)
            for target, removals in found:
                key = (question.number, target, question.steps[target].source)
                pool[key].append((question, target, removals, good))

    # One variant (base / miss_param / long_context) per underlying target, seeded.
    chosen = []
    for key in sorted(pool):
        options_for_key = sorted(pool[key], key=lambda c: c[0].category)
        rng = random.Random(f"{options.seed}:variant:{key}")
        chosen.append(rng.choice(options_for_key))

    # Spread over backends (the target call's class), at most N per underlying scenario.
    by_backend = defaultdict(list)
    for candidate in chosen:
        question, target = candidate[0], candidate[1]
        by_backend[question.steps[target].owner].append(candidate)
    for backend, items in by_backend.items():
        random.Random(f"{options.seed}:order:{backend}").shuffle(items)
    per_scenario = Counter()
    selected = []
    remaining = options.pairs
    backends_left = sorted(by_backend)
    cursor = {backend: 0 for backend in backends_left}
    # Round-robin over backends: each round takes one candidate from every backend that has one.
    while remaining > 0 and backends_left:
        for backend in list(backends_left):
            items = by_backend[backend]
            while cursor[backend] < len(items):
                candidate = items[cursor[backend]]
                cursor[backend] += 1
                if per_scenario[candidate[0].number] < options.max_per_question:
                    per_scenario[candidate[0].number] += 1
                    selected.append(candidate)
                    remaining -= 1
                    break
            else:
                backends_left.remove(backend)
            if remaining == 0:
                break

    rows = []
    counts = defaultdict(Counter)
    selected.sort(key=lambda c: (c[0].steps[c[1]].owner, CATEGORIES.index(c[0].category), c[0].number, c[1]))
    for question, target, removals, good in selected:
        rng = random.Random(f"{options.seed}:removal:{question.id}:{target}")
        removed, bad = rng.choice(removals)
        step = question.steps[target]
        call_id = question.call_id(target)
        pair = f"{question.id}__t{step.turn}c{step.index}"
        backend = step.owner
        base = {"source": f"BFCL_v4_{question.category}#{question.id}", "category": backend, "tools": question.tools}
        rows.append({"id": f"{pair}__good", "pair": pair, **base, "messages": question.messages(good, target, None),
                     "labels": [{"tool_call_id": call_id, "verdict": "pass", "defect": None}]})
        gone = question.steps[removed]
        rows.append({"id": f"{pair}__bad", "pair": pair, **base, "messages": question.messages(bad, target, removed),
                     "labels": [{"tool_call_id": call_id, "verdict": "fail", "defect": "error_response",
                                 "detail": f"earlier step removed: {gone.source} (turn {gone.turn}); the backend answers the target with {bad[target][1]}"}]})
        counts[backend][question.category] += 1
        counts[backend][f"bad response {bad[target][1]}"] += 1

    out = Path(options.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as handle:
        for row in rows:
            # Key order as in the single-turn file.
            ordered = {key: row[key] for key in ("id", "pair", "source", "category", "messages", "tools", "labels")}
            handle.write(common.dump_line(ordered) + "\n")
    print(f"wrote {len(rows)} transcripts ({len(selected)} pairs) to {out}")
    for key, value in sorted(stats.items()):
        print(f"  {key}: {value}")
    print(f"  candidate targets (after one variant per target): {len(chosen)}; per backend: " + ", ".join(f"{b} {len(v)}" for b, v in sorted(by_backend.items())))
    for backend in sorted(counts):
        print(f"  {backend:20} {dict(sorted(counts[backend].items()))}")
    if skipped:
        print(f"  skipped {len(skipped)}: " + "; ".join(skipped[:8]) + (" …" if len(skipped) > 8 else ""))


if __name__ == "__main__":
    main()

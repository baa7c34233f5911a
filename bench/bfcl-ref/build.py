#!/usr/bin/env python3
"""Builds data/bfcl-ref.jsonl: candidate answers to BFCL questions, each with the question's
possible answer as a Callboard `reference` and BFCL's own verdict on it.

    python3 bench/bfcl-ref/build.py <extracted gorilla snapshot> [--out FILE] [--categories a,b] [--seed S]
                                    [--per-question N] [--per-question-typed N]

For every question: a `base` candidate (BFCL's first accepted value for every argument; arguments
that may be left out are left out in about half the questions) and candidates made by mutations
aimed at the checker's rules (string normalisation, optional arguments and "", numbers and types,
variables, names, call counts, parallel pairing, Java/JavaScript string forms, decoder failures).
Every candidate is labelled by running BFCL's evaluation path from the snapshot on exactly the
assistant message written to the file (bfcl_eval_path.py); nothing is labelled by hand.
A per-question selection keeps the set balanced between pass and fail and spreads the rules.
Deterministic: same snapshot + seed + options -> same bytes. Python 3, standard library only.
See README.md.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "bfcl"))
sys.path.insert(0, str(HERE))
import bfcl_common as common  # noqa: E402
from bfcl_eval_path import EvalPath  # noqa: E402

DEFAULT_CATEGORIES = ["simple_python", "multiple", "parallel", "parallel_multiple", "simple_java", "simple_javascript"]
LIVE_CATEGORIES = ["live_simple", "live_multiple", "live_parallel", "live_parallel_multiple"]
KNOWN_CATEGORIES = DEFAULT_CATEGORIES + LIVE_CATEGORIES

OMIT = object()  # argument left out

# The checker's type tables (ast_checker.PYTHON_TYPE_MAPPING, type_mappings.JAVA/JS_TYPE_CONVERSION)
# are read from the snapshot at run time; these names only say which tokens a Java array uses.
JAVA_ARRAY_ELEMENT = {"integer": "int", "long": "long", "short": "short", "byte": "byte", "double": "double",
                      "float": "float", "boolean": "boolean", "char": "char", "String": "String", "any": "Object"}
NOT_REMOVED = ["!", ":", "\t", "(", "\u00a0", "+", "\u2019", "\n"]  # characters BFCL's normalisation keeps
REMOVED = [",", ".", "/", "-", "_", "*", "^"]  # and the punctuation it removes (plus " ")
# Rules always kept when a question yields them (rare and important).
PRIORITY_RULES = {"parallel_greedy_trap", "parallel_greedy_ok"}


# ----------------------------------------------------------------------------- small helpers

def first_value(allowed):
    if not isinstance(allowed, list):
        return allowed  # malformed possible answer (e.g. simple_java_64): used as it is
    for value in allowed:
        if value != "":
            return value
    return OMIT


def resolve(value, omit_optional: bool):
    """A possible-answer value -> one concrete value (dicts of accepted values resolved)."""
    if isinstance(value, dict):
        out = {}
        for key, alternatives in value.items():
            if not isinstance(alternatives, list):
                out[key] = alternatives
                continue
            if omit_optional and "" in alternatives:
                continue
            chosen = first_value(alternatives)
            if chosen is not OMIT:
                out[key] = resolve(chosen, omit_optional)
        return out
    if isinstance(value, list):
        return [resolve(item, omit_optional) if isinstance(item, dict) else item for item in value]
    return value


def strict_equal(a, b) -> bool:
    """Equality that tells 1, 1.0 and True apart and keeps dict key order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a.keys()) == list(b.keys()) and all(strict_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b))
    return a == b


def number_text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# ----------------------------------------------------------------------------- Java / JavaScript forms

def java_scalar(value, java_type=None) -> str:
    """A value inside a Java collection, in the form BFCL's parse_java_value reads."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return f"{value}L" if java_type == "long" else str(value)
    if isinstance(value, float):
        return f"{value!r}f" if java_type == "float" else repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "new ArrayList<>(Arrays.asList(" + ", ".join(java_scalar(v) for v in value) + "))"
    if isinstance(value, dict):
        return java_hashmap(value)
    return str(value)


def java_hashmap(value: dict) -> str:
    if not value:
        return "new HashMap<>()"
    kinds = {type(v).__name__ for v in value.values()}
    value_type = "String" if kinds == {"str"} else "Object"
    puts = " ".join(f"put({json.dumps(str(k), ensure_ascii=False)}, {java_scalar(v)});" for k, v in value.items())
    return f"new HashMap<String, {value_type}>() {{{{ {puts} }}}}"


def java_element(value, items_type, container: str) -> str:
    """An element of a Java Array / ArrayList in the form the converter turns back into `value`:
    Array elements go through java_type_converter(element, items) (String kept as written, so no
    quotes); ArrayList.asList elements of String/char lose their first and last character (quotes)."""
    if isinstance(value, str):
        if container == "ArrayList" and items_type in ("String", "char"):
            return json.dumps(value, ensure_ascii=False) if items_type == "String" else f"'{value}'"
        return value
    return java_scalar(value, items_type)


def render_java(value, prop: dict) -> str:
    java_type = prop.get("type")
    items_type = (prop.get("items") or {}).get("type")
    if isinstance(value, str):
        return value  # strings, variable names and expressions are given as they are
    if value is None:
        return "null"
    if java_type == "Array" and isinstance(value, list):
        element = JAVA_ARRAY_ELEMENT.get(items_type or "", "Object")
        return f"new {element}[]{{" + ", ".join(java_element(v, items_type, "Array") for v in value) + "}"
    if java_type == "ArrayList" and isinstance(value, list):
        return "new ArrayList<>(Arrays.asList(" + ", ".join(java_element(v, items_type, "ArrayList") for v in value) + "))"
    if isinstance(value, dict):
        return java_hashmap(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value}L" if java_type == "long" else str(value)
    if isinstance(value, float):
        if java_type == "float":
            return f"{value!r}f"
        return repr(value)
    if isinstance(value, list):
        return "new ArrayList<>(Arrays.asList(" + ", ".join(java_scalar(v) for v in value) + "))"
    return str(value)


def js_key(key) -> str:
    key = str(key)
    return key if re.fullmatch(r"[A-Za-z_$][\w$]*", key) else json.dumps(key, ensure_ascii=False)


def js_literal(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return number_text(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(js_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{js_key(k)}: {js_literal(v)}" for k, v in value.items()) + "}" if value else "{}"
    return str(value)


def render_js(value, prop: dict) -> str:
    js_type = prop.get("type")
    if isinstance(value, str):
        return value
    if js_type == "Bigint" and isinstance(value, int) and not isinstance(value, bool):
        return f"{value}n"
    return js_literal(value)


def type_label(prop: dict) -> str:
    kind = prop.get("type", "")
    items = (prop.get("items") or {}).get("type")
    return f"{kind}<{items}>" if items and kind in ("Array", "ArrayList", "array") else kind


# ----------------------------------------------------------------------------- questions

class Question:
    def __init__(self, entry: dict, answer: dict, category: str, converter: common.ToolConverter, checker: EvalPath):
        self.entry = entry
        self.id = entry["id"]
        self.category = category
        self.answer = answer["ground_truth"]
        self.lang = "java" if converter.is_java(category) else "javascript" if converter.is_js(category) else "python"
        self.parallel = "parallel" in category
        self.messages = copy.deepcopy(entry["question"][0])
        self.docs = {f["name"]: f for f in entry["function"]}
        self.tools = converter.tools(entry["function"], category)
        self.tool_names = [t["function"]["name"] for t in self.tools]
        self.problem = None
        if len(entry["question"]) != 1:
            self.problem = "more than one turn"
        self.calls = []  # [(bfcl name, allowed params)]
        for ground in self.answer:
            (name, params), = ground.items()
            if name not in self.docs:
                self.problem = f"ground-truth function {name} is not offered"
            self.calls.append((name, params))
        tables = checker.checker
        if self.lang == "python":
            self.conv = tables.PYTHON_TYPE_MAPPING
        elif self.lang == "java":
            self.conv = tables.JAVA_TYPE_CONVERSION
        else:
            self.conv = tables.JS_TYPE_CONVERSION

    def props(self, name) -> dict:
        return self.docs[name]["parameters"].get("properties") or {}

    def required(self, name) -> list:
        return self.docs[name]["parameters"].get("required") or []

    def converted_type(self, name, param):
        kind = self.props(name).get(param, {}).get("type")
        return self.conv.get(kind)

    def render(self, name, param, value):
        if value is OMIT:
            return OMIT
        if self.lang == "python":
            return value
        prop = self.props(name).get(param, {})
        return render_java(value, prop) if self.lang == "java" else render_js(value, prop)

    def reference(self) -> dict:
        calls = []
        for name, params in self.calls:
            call = {"name": name, "allowed": params}
            if self.lang != "python":
                call["types"] = {param: type_label(prop) for param, prop in self.props(name).items()}
            calls.append(call)
        step = {"order": "any", "calls": calls} if self.parallel else {"calls": calls}
        return {"steps": [step], "match": {"preset": "bfcl", "language": self.lang}}


class Call:
    """One call of a candidate: the name sent and typed argument values (for Java/JavaScript,
    `raw` holds arguments already in their string form, bypassing rendering)."""

    def __init__(self, name: str, bfcl_name: str, typed: dict, raw: dict | None = None, tokens: dict | None = None):
        self.name = name
        self.bfcl_name = bfcl_name
        self.typed = typed
        self.raw = raw or {}
        self.tokens = tokens or {}  # param -> JSON number token written as is (e.g. "1e1")

    def copy(self) -> "Call":
        return Call(self.name, self.bfcl_name, copy.deepcopy(self.typed), copy.deepcopy(self.raw), dict(self.tokens))

    def arguments_text(self, question: "Question") -> str:
        args = self.arguments(question)
        if not self.tokens:
            return json.dumps(args, ensure_ascii=False)
        marked = {param: (f"@@{param}@@" if param in self.tokens else value) for param, value in args.items()}
        text = json.dumps(marked, ensure_ascii=False)
        for param, token in self.tokens.items():
            text = text.replace(json.dumps(f"@@{param}@@", ensure_ascii=False), token)
        return text

    def arguments(self, question: Question) -> dict:
        out = {}
        for param, value in self.typed.items():
            if param in self.raw:
                out[param] = self.raw[param]
            else:
                out[param] = question.render(self.bfcl_name, param, value) if self.bfcl_name in question.docs else value
        for param, token in self.tokens.items():
            out[param] = json.loads(token)
        return out


# ----------------------------------------------------------------------------- string sites

def string_sites(value, top_is_string: bool):
    """Paths to the strings in a typed value and where they sit (BFCL normalises top-level strings,
    list elements and dict values, not strings in lists inside dicts)."""
    if isinstance(value, str):
        yield (), "top" if top_is_string else "variable"
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, str):
                yield (i,), "list_item"
            elif isinstance(item, list):
                for j, inner in enumerate(item):
                    if isinstance(inner, str):
                        yield (i, j), "nested_list_item"
            elif isinstance(item, dict):
                for key, inner in item.items():
                    if isinstance(inner, str):
                        yield (i, key), "list_dict_value"
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str):
                yield (key,), "dict_value"
            elif isinstance(item, list):
                for j, inner in enumerate(item):
                    if isinstance(inner, str):
                        yield (key, j), "list_in_dict"


def get_path(value, path):
    for step in path:
        value = value[step]
    return value


def set_path(value, path, new):
    if not path:
        return new
    value = copy.deepcopy(value)
    target = value
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return value


def string_variants(text: str, rng: random.Random):
    """(kind, variant) pairs: normalisation BFCL ignores, and some it does not."""
    out = []
    middle = max(1, len(text) // 2) if text else 0
    if " " in text:
        out.append(("norm_space", text.replace(" ", "")))
    elif text:
        out.append(("norm_space", text[:middle] + " " + text[middle:]))
    if text:
        char = rng.choice(REMOVED)
        out.append(("norm_punct", text[:middle] + char + text[middle:]))
        upper = text.upper()
        out.append(("norm_case", upper if upper != text else text.lower()))
        other = rng.choice(NOT_REMOVED)
        out.append(("norm_kept_char", text[:middle] + other + text[middle:]))
    if "'" in text:
        out.append(("norm_quote", text.replace("'", '"')))
    elif '"' in text:
        out.append(("norm_quote", text.replace('"', "'")))
    return [(kind, variant) for kind, variant in out if variant != text]


# ----------------------------------------------------------------------------- wrong values

def wrong_value(value, allowed, rng: random.Random):
    def fresh(candidate):
        return not any(strict_equal(candidate, a) for a in (allowed if isinstance(allowed, list) else [allowed]))

    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        for delta in (1, 2, -1, 10):
            if fresh(value + delta):
                return value + delta
        return None
    if isinstance(value, float):
        for candidate in (value + 1.0, value * 2 + 0.5, value - 0.25):
            if fresh(candidate):
                return candidate
        return None
    if isinstance(value, str):
        options = [value + "s", value + " 2", "unknown"] if value else ["unknown"]
        if len(value) > 3:
            options.append(value[:-1])
        rng.shuffle(options)
        for candidate in options:
            if fresh(candidate):
                return candidate
        return None
    if isinstance(value, list):
        if not value:
            return ["unknown"]
        index = rng.randrange(len(value))
        changed = wrong_value(value[index], [], rng)
        if changed is None:
            return None
        out = list(value)
        out[index] = changed
        return out
    if isinstance(value, dict):
        keys = [k for k in value if not isinstance(value[k], (dict,))]
        if not keys:
            return None
        key = rng.choice(keys)
        changed = wrong_value(value[key], [], rng)
        if changed is None:
            return None
        out = dict(value)
        out[key] = changed
        return out
    return None


def sample_value(prop: dict):
    kind = prop.get("type")
    return {
        "string": "default", "String": "default", "any": "default", "char": "a",
        "integer": 1, "long": 1, "short": 1, "byte": 1, "Bigint": 1,
        "float": 1.5, "double": 1.5,
        "boolean": True, "Boolean": True,
        "array": ["default"], "tuple": ["default"], "Array": ["default"], "ArrayList": ["default"],
        "dict": {"key": "value"}, "HashMap": {"key": "value"},
    }.get(kind, "default")


# ----------------------------------------------------------------------------- candidate generation

class Generator:
    """All candidates for one question: (rule, candidate) with candidate either
    {"calls": [Call]}, {"raw": [(name, arguments text)]} or {"content": text}."""

    def __init__(self, question: Question, seed: str, omit_optional: bool, checker: EvalPath):
        self.q = question
        self.seed = seed
        self.omit_optional = omit_optional
        self.checker = checker
        self.base = self.make_base(omit_optional)
        self.out = []

    def make_base(self, omit_optional: bool) -> list:
        """BFCL's first accepted value for every argument; with omit_optional, arguments (and dict
        keys) whose accepted values include "" are left out unless the doc requires them."""
        calls = []
        for name, params in self.q.calls:
            typed = {}
            required = self.q.required(name)
            for param, allowed in params.items():
                if omit_optional and isinstance(allowed, list) and "" in allowed and param not in required:
                    continue
                value = first_value(allowed)
                if value is OMIT:
                    continue
                typed[param] = resolve(value, omit_optional)
            calls.append(Call(common.ToolConverter.tool_name(name), name, typed))
        return calls

    def rng(self, rule: str) -> random.Random:
        return random.Random(f"{self.seed}:{self.q.id}:{rule}")

    def emit(self, rule, calls=None, raw=None, content=None):
        if calls is not None:
            self.out.append((rule, {"calls": calls}))
        elif raw is not None:
            self.out.append((rule, {"raw": raw}))
        else:
            self.out.append((rule, {"content": content}))

    def with_call(self, index: int, call: Call) -> list:
        calls = [c.copy() for c in self.base]
        calls[index] = call
        return calls

    def target_indices(self, rule: str) -> list:
        """For parallel questions, one seeded call per rule; otherwise the single call."""
        indices = list(range(len(self.base)))
        if len(indices) > 1:
            self.rng(rule + ":index").shuffle(indices)
        return indices

    def per_call(self, rule: str, make):
        """Apply make(call_index, rng) -> (rule, Call) list on the first call where it applies."""
        for index in self.target_indices(rule):
            made = make(index, self.rng(rule))
            if made:
                for sub_rule, call in made:
                    self.emit(sub_rule, self.with_call(index, call))
                return

    # -- generation --------------------------------------------------------------------------

    def generate(self):
        q = self.q
        self.emit("base_omit_optional" if self.omit_optional else "base", [c.copy() for c in self.base])
        self.emit("base" if self.omit_optional else "base_omit_optional", self.make_base(not self.omit_optional))
        self.optional_rules()
        self.string_rules()
        self.value_rules()
        if q.lang == "python":
            self.python_type_rules()
        elif q.lang == "java":
            self.java_rules()
        else:
            self.js_rules()
        self.structure_rules()
        self.name_rules()
        self.count_rules()
        if q.parallel and len(self.base) > 1:
            self.parallel_rules()
        self.decoder_rules()
        return self.out

    # -- optional arguments and "" -------------------------------------------------------------

    def optional_rules(self):
        q = self.q

        def omit(index, rng):
            call = self.base[index]
            name, params = q.calls[index]
            required = q.required(name)
            made = []
            present_empty = [p for p in call.typed if isinstance(params.get(p), list) and "" in params[p]]
            optional = [p for p in present_empty if p not in required]
            if optional:
                new = call.copy()
                del new.typed[rng.choice(optional)]
                made.append(("omit_optional", new))
            return made

        def include(index, rng):
            call = self.base[index]
            name, params = q.calls[index]
            missing = [p for p, allowed in params.items() if p not in call.typed and isinstance(allowed, list) and first_value(allowed) is not OMIT]
            if not missing:
                return []
            new = call.copy()
            param = rng.choice(missing)
            new.typed[param] = resolve(first_value(params[param]), False)
            return [("include_optional", new)]

        def empties(index, rng):
            call = self.base[index]
            name, params = q.calls[index]
            made = []
            with_empty = [p for p, allowed in params.items() if isinstance(allowed, list) and "" in allowed]
            without_empty = [p for p, allowed in params.items() if isinstance(allowed, list) and "" not in allowed]
            if with_empty:
                param = rng.choice(with_empty)
                for rule, value in (("empty_string_optional", ""), ("null_optional", None)):
                    new = call.copy()
                    new.typed[param] = value
                    made.append((rule, new))
                for rule, kinds, value in (("empty_list_optional", ("array", "tuple", "Array", "ArrayList"), []),
                                           ("empty_dict_optional", ("dict", "HashMap"), {})):
                    pool = [p for p in with_empty if q.props(name).get(p, {}).get("type") in kinds]
                    if pool:
                        new = call.copy()
                        new.typed[rng.choice(pool)] = value
                        made.append((rule, new))
            if without_empty:
                param = rng.choice(without_empty)
                new = call.copy()
                new.typed[param] = ""
                made.append(("empty_string_not_allowed", new))
            return made

        def alternative(index, rng):
            call = self.base[index]
            name, params = q.calls[index]
            options = [(p, v) for p, allowed in params.items() if isinstance(allowed, list)
                       for v in allowed[1:] if v != "" and not strict_equal(v, first_value(allowed))]
            if not options:
                return []
            param, value = rng.choice(options)
            new = call.copy()
            new.typed[param] = resolve(value, False)
            return [("other_allowed_value", new)]

        for rule, make in (("omit", omit), ("include", include), ("empties", empties), ("alternative", alternative)):
            self.per_call(rule, make)

    # -- strings -----------------------------------------------------------------------------

    def string_rules(self):
        q = self.q
        by_kind = defaultdict(list)
        for index, call in enumerate(self.base):
            for param, value in call.typed.items():
                if param not in q.props(call.bfcl_name):
                    continue  # an answer parameter the doc lacks (unexpected whatever its value)
                top_is_string = q.converted_type(call.bfcl_name, param) is str
                for path, where in string_sites(value, top_is_string):
                    by_kind[where].append((index, param, path))
        for where in sorted(by_kind):
            sites = by_kind[where]
            rng = self.rng(f"strings:{where}")
            index, param, path = sites[rng.randrange(len(sites))]
            call = self.base[index]
            text = get_path(call.typed[param], path)
            for kind, variant in string_variants(text, rng):
                new = call.copy()
                new.typed[param] = set_path(call.typed[param], path, variant)
                self.emit(f"{kind}:{where}", self.with_call(index, new))

    # -- values ------------------------------------------------------------------------------

    def value_rules(self):
        q = self.q

        def wrong(index, rng):
            call = self.base[index]
            name, params = q.calls[index]
            params_present = [p for p in call.typed if p in params]
            rng.shuffle(params_present)
            for param in params_present:
                value = call.typed[param]
                changed = wrong_value(value, params[param], rng)
                if changed is not None:
                    new = call.copy()
                    new.typed[param] = changed
                    kind = "list" if isinstance(value, list) else "dict" if isinstance(value, dict) else type(value).__name__
                    return [(f"wrong_value:{kind}", new)]
            return []

        def dict_lists(index, rng):
            """Arrays of dicts: BFCL's list_dict_checker (count, order, each dict by dict_checker)."""
            call = self.base[index]
            name, params = q.calls[index]
            made = []
            for param, prop in q.props(name).items():
                if prop.get("type") not in ("array", "tuple") or (prop.get("items") or {}).get("type") != "dict":
                    continue
                value = call.typed.get(param, OMIT)
                if isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
                    new = call.copy()
                    new.typed[param] = value[:-1]
                    made.append(("list_of_dicts_element_dropped", new))
                    new = call.copy()
                    new.typed[param] = value + [copy.deepcopy(value[-1])]
                    made.append(("list_of_dicts_element_repeated", new))
                    if len(value) > 1:
                        new = call.copy()
                        new.typed[param] = list(reversed(value))
                        made.append(("list_of_dicts_reordered", new))
                    new = call.copy()
                    new.typed[param] = [json.dumps(x) for x in value]
                    made.append(("list_of_dicts_as_strings", new))
                    key = rng.choice(list(value[0])) if value[0] else None
                    if key is not None:
                        new = call.copy()
                        new.typed[param] = [{**value[0], key: str(value[0][key]).upper()}] + value[1:]
                        made.append(("list_of_dicts_value_case", new))
                allowed = params.get(param)
                if isinstance(allowed, list) and "" in allowed:
                    new = call.copy()
                    new.typed[param] = [{"key": "value"}]
                    made.append(("list_of_dicts_given_where_empty_allowed", new))
            return made

        def lists(index, rng):
            call = self.base[index]
            made = []
            lists_present = [p for p, v in call.typed.items() if isinstance(v, list) and len(v) >= 2
                             and any(not strict_equal(v[0], x) for x in v[1:])]
            if lists_present:
                param = rng.choice(lists_present)
                new = call.copy()
                new.typed[param] = list(reversed(call.typed[param]))
                made.append(("list_reordered", new))
                new = call.copy()
                new.typed[param] = call.typed[param][:-1]
                made.append(("list_element_dropped", new))
            return made

        def dicts(index, rng):
            call = self.base[index]
            name, params = q.calls[index]
            made = []
            dict_params = [p for p, v in call.typed.items() if isinstance(v, dict)]
            if not dict_params:
                return made
            param = rng.choice(dict_params)
            value = call.typed[param]
            new = call.copy()
            new.typed[param] = {**value, "extra_key": "value"}
            made.append(("dict_extra_key", new))
            if value:
                new = call.copy()
                key = rng.choice(list(value))
                new.typed[param] = {k: v for k, v in value.items() if k != key}
                made.append(("dict_key_missing", new))
                new = call.copy()
                new.typed[param] = dict(reversed(list(value.items())))
                if list(new.typed[param]) != list(value):
                    made.append(("dict_keys_reordered", new))
            for key, item in value.items():
                changes = []
                if isinstance(item, bool):
                    changes.append(("dict_value_int_for_bool", int(item)))
                elif isinstance(item, int):
                    changes.append(("dict_value_float_for_int", float(item)))
                    changes.append(("dict_value_string_for_number", str(item)))
                    if item in (0, 1):
                        changes.append(("dict_value_bool_for_int", bool(item)))
                elif isinstance(item, float):
                    if item.is_integer():
                        changes.append(("dict_value_int_for_float", int(item)))
                    changes.append(("dict_value_string_for_number", repr(item)))
                elif isinstance(item, str):
                    changes.append(("dict_value_list_for_string", [item]))
                elif isinstance(item, list):
                    changes.append(("dict_value_string_for_list", ", ".join(str(x) for x in item)))
                for rule, changed in changes:
                    new = call.copy()
                    new.typed[param] = {**value, key: changed}
                    made.append((rule, new))
            # keys whose accepted values include "" in the possible answer's dict
            allowed = params.get(param)
            if isinstance(allowed, list):
                for alternative in allowed:
                    if isinstance(alternative, dict):
                        for key, options in alternative.items():
                            if isinstance(options, list) and "" in options:
                                if key in value:
                                    new = call.copy()
                                    new.typed[param] = {k: v for k, v in value.items() if k != key}
                                    made.append(("dict_optional_key_omitted", new))
                                elif first_value(options) is not OMIT:
                                    new = call.copy()
                                    new.typed[param] = {**value, key: resolve(first_value(options), False)}
                                    made.append(("dict_optional_key_included", new))
                                break
                        break
            return made

        for rule, make in (("wrong", wrong), ("lists", lists), ("dict_lists", dict_lists), ("dicts", dicts)):
            self.per_call(rule, make)

    # -- Python types --------------------------------------------------------------------------

    def python_type_rules(self):
        q = self.q

        def types_(index, rng):
            call = self.base[index]
            made = []
            for param, value in call.typed.items():
                prop = q.props(call.bfcl_name).get(param, {})
                kind = prop.get("type")
                items = (prop.get("items") or {}).get("type")
                changes = []
                if kind == "float" and isinstance(value, float) and value.is_integer():
                    changes.append(("int_for_float", int(value)))
                if kind == "float" and isinstance(value, int) and not isinstance(value, bool):
                    changes.append(("float_token_for_float", float(value)))
                if kind == "float" and isinstance(value, (int, float)) and not isinstance(value, bool):
                    changes.append(("string_for_number", number_text(value)))
                if kind == "integer" and isinstance(value, int) and not isinstance(value, bool):
                    changes.append(("float_for_int", float(value)))
                    changes.append(("bool_for_int", value != 0))
                    changes.append(("string_for_number", str(value)))
                if kind == "boolean" and isinstance(value, bool):
                    changes.append(("int_for_bool", int(value)))
                    changes.append(("string_for_bool", "true" if value else "false"))
                if kind in ("string", "any") and isinstance(value, str):
                    changes.append(("list_for_string", [value]))
                    if re.fullmatch(r"-?\d+", value):
                        changes.append(("number_for_string", int(value)))
                if kind in ("array", "tuple") and isinstance(value, list):
                    changes.append(("string_for_list", ", ".join(str(x) for x in value)))
                    if value:
                        changes.append(("scalar_for_list", value[0]))
                    if items == "float" and any(isinstance(x, float) and x.is_integer() for x in value):
                        changes.append(("int_in_float_array", [int(x) if isinstance(x, float) and x.is_integer() else x for x in value]))
                    if items == "float" and any(isinstance(x, int) and not isinstance(x, bool) for x in value):
                        changes.append(("float_token_in_float_array", [float(x) if isinstance(x, int) and not isinstance(x, bool) else x for x in value]))
                    if items == "integer" and any(isinstance(x, int) and not isinstance(x, bool) for x in value):
                        changes.append(("float_in_int_array", [float(x) if isinstance(x, int) and not isinstance(x, bool) else x for x in value]))
                    if items == "string" and any(isinstance(x, str) and re.fullmatch(r"-?\d+", x) for x in value):
                        changes.append(("number_in_string_array", [int(x) if isinstance(x, str) and re.fullmatch(r"-?\d+", x) else x for x in value]))
                    if items == "integer" and any(x in (0, 1) and not isinstance(x, bool) for x in value):
                        changes.append(("bool_in_int_array", [bool(x) if x in (0, 1) and not isinstance(x, bool) else x for x in value]))
                if kind == "dict" and isinstance(value, dict):
                    changes.append(("string_for_dict", json.dumps(value)))
                    changes.append(("list_for_dict", [value]))
                for rule, changed in changes:
                    new = call.copy()
                    new.typed[param] = changed
                    made.append((rule, new))
                # number tokens that JavaScript's JSON.parse reads as integers but Python as floats
                if kind in ("integer", "float") and isinstance(value, (int, float)) and not isinstance(value, bool) \
                        and float(value).is_integer() and value != 0 and abs(value) < 1e15:
                    mantissa = int(value)
                    exponent = 0
                    while mantissa % 10 == 0:
                        mantissa //= 10
                        exponent += 1
                    new = call.copy()
                    new.tokens[param] = f"{mantissa}e{exponent}"
                    made.append((f"exponent_token_for_{'int' if kind == 'integer' else 'float'}", new))
            return made

        self.per_call("python_types", types_)

    # -- Java ----------------------------------------------------------------------------------

    def raw_variants(self, rule_prefix: str, variants):
        """variants(param, doc property, argument text, typed value, rng) -> [(rule, new text or JSON value)]:
        Java / JavaScript arguments rewritten in their string form (every call of a parallel question)."""
        q = self.q

        def make(index, rng):
            call = self.base[index]
            args = call.arguments(q)
            made = []
            for param, text in args.items():
                prop = q.props(call.bfcl_name).get(param, {})
                for rule, new_text in variants(param, prop, text, call.typed[param], rng):
                    if strict_equal(new_text, text):
                        continue
                    new = call.copy()
                    new.raw[param] = new_text
                    made.append((rule, new))
            return made

        for index in range(len(self.base)):
            for rule, call in make(index, self.rng(f"{rule_prefix}:{index}")):
                self.emit(rule, self.with_call(index, call))
            if not self.q.parallel:
                break

    def java_rules(self):
        def variants(param, prop, text, typed, rng):
            kind = prop.get("type")
            items = (prop.get("items") or {}).get("type")
            out = []
            if not isinstance(text, str):
                return out
            is_number = isinstance(typed, (int, float)) and not isinstance(typed, bool)
            if kind == "long" and is_number:
                out += [("java_long_without_L", text[:-1]), ("java_long_lowercase_l", text[:-1] + "l"),
                        ("java_long_trailing_newline", text + "\n"), ("java_typed_json", typed)]
            if kind in ("integer", "short", "byte") and is_number:
                out += [("java_int_leading_zero", "0" + text) if not text.startswith("-") else ("java_int_leading_zero", "-0" + text[1:])]
                out += [("java_int_with_L", text + "L"), ("java_int_decimal_token", text + ".0"),
                        ("java_int_trailing_newline", text + "\n"), ("java_int_leading_space", " " + text),
                        ("java_int_plus_sign", "+" + text), ("java_int_hex", hex(int(typed))), ("java_typed_json", typed)]
            if kind == "double" and is_number:
                out += [("java_double_with_f", text + "f"), ("java_double_with_d", text + "d"),
                        ("java_double_exponent", f"{float(typed):e}"), ("java_typed_json", typed)]
                if float(typed).is_integer():
                    out.append(("java_double_integer_token", str(int(typed))))
            if kind == "float" and is_number:
                out += [("java_float_without_f", text[:-1]), ("java_float_uppercase_F", text[:-1] + "F"), ("java_typed_json", typed)]
            if kind == "boolean" and isinstance(typed, bool):
                out += [("java_bool_capitalised", text.capitalize()), ("java_bool_trailing_newline", text + "\n"),
                        ("java_typed_json", typed)]
            if kind in ("String", "any", "char") and isinstance(typed, str):
                out += [("java_string_double_quoted", json.dumps(typed, ensure_ascii=False)), ("java_string_single_quoted", f"'{typed}'")]
            if kind in ("integer", "long", "boolean", "double", "float", "Array", "ArrayList", "HashMap") and isinstance(typed, str):
                out.append(("java_variable_quoted", json.dumps(typed, ensure_ascii=False)))
            if kind == "Array" and isinstance(typed, list):
                element = JAVA_ARRAY_ELEMENT.get(items or "", "Object")
                if any(isinstance(x, str) for x in typed):
                    out.append(("java_array_quoted_strings", f"new {element}[]{{" + ", ".join(java_scalar(x, items) for x in typed) + "}"))
                out += [("java_array_trailing_comma", f"new {element}[]{{" + ", ".join(java_element(x, items, "Array") for x in typed) + ",}"),
                        ("java_array_declaration", f"{element}[] {param} = new {element}[]{{" + ", ".join(java_element(x, items, "Array") for x in typed) + "};")]
                out += [("java_array_spacing", f"new {element}[] {{ " + ",".join(java_element(x, items, "Array") for x in typed) + " }"),
                        ("java_array_as_arraylist", "new ArrayList<>(Arrays.asList(" + ", ".join(java_element(x, items, "ArrayList") for x in typed) + "))"),
                        ("java_array_unclosed", text[:-1]), ("java_typed_json", typed)]
            if kind == "ArrayList" and isinstance(typed, list):
                out.append(("java_arraylist_add_form", "new ArrayList<>() {{ " + " ".join(f"add({java_element(x, items, 'ArrayList')});" for x in typed) + " }}"))
                if any(isinstance(x, str) for x in typed):
                    out.append(("java_arraylist_unquoted_strings", "new ArrayList<>(Arrays.asList(" + ", ".join(str(x) for x in typed) + "))"))
                out += [("java_arraylist_as_array", f"new {JAVA_ARRAY_ELEMENT.get(items or '', 'Object')}[]{{" + ", ".join(java_element(x, items, "Array") for x in typed) + "}"),
                        ("java_arraylist_list_of", "List.of(" + ", ".join(java_scalar(x, items) for x in typed) + ")"),
                        ("java_typed_json", typed)]
            if kind == "HashMap" and isinstance(typed, dict):
                puts = [(json.dumps(str(k), ensure_ascii=False), java_scalar(v)) for k, v in typed.items()]
                out += [("java_hashmap_compact", "new HashMap<>(){{" + "".join(f"put({k},{v});" for k, v in puts) + "}}"),
                        ("java_hashmap_single_quoted_keys", "new HashMap<String, Object>() {{ " + " ".join(f"put('{json.loads(k)}', {v});" for k, v in puts) + " }}"),
                        ("java_hashmap_map_of", "Map.of(" + ", ".join(f"{k}, {v}" for k, v in puts) + ")"),
                        ("java_typed_json", typed)]
                longs = [(k, v) for k, v in typed.items() if isinstance(v, int) and not isinstance(v, bool)]
                if longs:
                    out.append(("java_hashmap_long_value", "new HashMap<String, Object>() {{ " + " ".join(
                        f"put({json.dumps(str(k), ensure_ascii=False)}, {java_scalar(v, 'long') if (k, v) in longs else java_scalar(v)});" for k, v in typed.items()) + " }}"))
            if is_number and kind in ("integer", "long", "double", "float", "short", "byte"):
                out.append(("java_number_word", "five"))
            return out

        self.raw_variants("java", variants)

    # -- JavaScript ------------------------------------------------------------------------------

    def js_rules(self):
        def variants(param, prop, text, typed, rng):
            kind = prop.get("type")
            out = []
            if not isinstance(text, str):
                return out
            is_number = isinstance(typed, (int, float)) and not isinstance(typed, bool)
            if kind == "String" and isinstance(typed, str):
                out += [("js_string_double_quoted", json.dumps(typed, ensure_ascii=False)), ("js_string_single_quoted", f"'{typed}'"),
                        ("js_string_mismatched_quotes", f"\"{typed}'"), ("js_string_backticks", f"`{typed}`")]
            if kind == "any" and isinstance(typed, str):
                out.append(("js_any_quoted", json.dumps(typed, ensure_ascii=False)))
            if kind in ("integer", "float", "Boolean", "array", "dict", "Bigint") and isinstance(typed, str):
                out.append(("js_variable_quoted", json.dumps(typed, ensure_ascii=False)))
            if kind == "integer" and is_number:
                out += [("js_int_decimal_token", text + ".0"), ("js_int_trailing_newline", text + "\n"),
                        ("js_int_exponent", f"{text}e0"), ("js_typed_json", typed)]
            if kind == "float" and is_number:
                value = float(typed)
                if value.is_integer():
                    out.append(("js_float_decimal_token", f"{int(value)}.0"))
                out += [("js_float_exponent", f"{value:e}"), ("js_float_trailing_newline", text + "\n"), ("js_typed_json", typed)]
                if 0 < value < 1:
                    out.append(("js_float_leading_dot", text.lstrip("0")))
            if kind == "Bigint" and is_number:
                out += [("js_bigint_without_n", text.rstrip("n")), ("js_typed_json", typed)]
            if kind == "Boolean" and isinstance(typed, bool):
                out += [("js_bool_capitalised", text.capitalize()), ("js_typed_json", typed)]
            if kind == "array" and isinstance(typed, list):
                out += [("js_array_new_Array", "new Array(" + ", ".join(js_literal(x) for x in typed) + ")"),
                        ("js_array_single_quotes", "[" + ", ".join(f"'{x}'" if isinstance(x, str) else js_literal(x) for x in typed) + "]"),
                        ("js_array_compact", "[" + ",".join(js_literal(x) for x in typed) + "]"),
                        ("js_array_multiline", "[\n  " + ",\n  ".join(js_literal(x) for x in typed) + "\n]"),
                        ("js_array_trailing_comma", "[" + ", ".join(js_literal(x) for x in typed) + ",]"),
                        ("js_typed_json", typed)]
                if any(isinstance(x, str) for x in typed):
                    out.append(("js_array_unquoted_strings", "[" + ", ".join(str(x) for x in typed) + "]"))
            if kind == "dict" and isinstance(typed, dict) and typed:
                out += [("js_dict_quoted_keys", "{" + ", ".join(f"{json.dumps(str(k))}: {js_literal(v)}" for k, v in typed.items()) + "}"),
                        ("js_dict_single_quotes", "{" + ", ".join(f"'{k}': " + (f"'{v}'" if isinstance(v, str) else js_literal(v)) for k, v in typed.items()) + "}"),
                        ("js_dict_multiline", "{\n  " + ",\n  ".join(f"{js_key(k)}: {js_literal(v)}" for k, v in typed.items()) + "\n}"),
                        ("js_dict_unquoted_values", "{" + ", ".join(f"{js_key(k)}: {v if isinstance(v, str) else js_literal(v)}" for k, v in typed.items()) + "}"),
                        ("js_typed_json", typed)]
            return out

        self.raw_variants("js", variants)

    # -- required / unexpected -------------------------------------------------------------------

    def structure_rules(self):
        q = self.q

        def missing(index, rng):
            call = self.base[index]
            name, params = q.calls[index]
            made = []
            required = [p for p in q.required(name) if p in call.typed]
            plain = [p for p in required if not (isinstance(params.get(p), list) and "" in params[p])]
            empty_ok = [p for p in required if p not in plain]
            for rule, pool in (("missing_required", plain), ("missing_required_empty_allowed", empty_ok)):
                if pool:
                    new = call.copy()
                    del new.typed[rng.choice(pool)]
                    made.append((rule, new))
            optional = [p for p in call.typed if p not in q.required(name) and isinstance(params.get(p), list) and "" not in params[p]]
            if optional:
                new = call.copy()
                del new.typed[rng.choice(optional)]
                made.append(("missing_optional_not_allowed", new))
            return made

        def unexpected(index, rng):
            call = self.base[index]
            name, params = q.calls[index]
            props = q.props(name)
            made = []
            extra = "notes" if "notes" not in props else "extra_notes"
            new = call.copy()
            new.typed[extra] = "default"
            made.append(("unexpected_param_undocumented", new))
            documented = [p for p in props if p not in params]
            if documented:
                param = rng.choice(documented)
                new = call.copy()
                new.typed[param] = sample_value(props[param])
                made.append(("unexpected_param_documented", new))
            undocumented_in_answer = [p for p in params if p not in props]
            if undocumented_in_answer:  # possible answer names an argument the doc does not define
                param = undocumented_in_answer[0]
                value = first_value(params[param])
                if value is not OMIT:
                    new = call.copy()
                    new.typed[param] = value
                    made.append(("answer_param_not_in_doc", new))
            return made

        self.per_call("missing", missing)
        self.per_call("unexpected", unexpected)

    # -- names -----------------------------------------------------------------------------------

    def name_rules(self):
        q = self.q

        def names(index, rng):
            call = self.base[index]
            made = []
            bfcl = call.bfcl_name
            if "." in bfcl:
                new = call.copy()
                new.name = bfcl
                made.append(("name_dotted_as_in_doc", new))
            elif "_" in bfcl:
                new = call.copy()
                position = [i for i, ch in enumerate(bfcl) if ch == "_"]
                cut = rng.choice(position)
                new.name = bfcl[:cut] + "." + bfcl[cut + 1:]
                made.append(("name_underscore_as_dot", new))
            new = call.copy()
            new.name = call.name[0].swapcase() + call.name[1:]
            made.append(("name_case", new))
            new = call.copy()
            new.name = call.name + "_v2"
            made.append(("name_not_offered", new))
            others = [n for n in q.tool_names if n != call.name]
            if others:
                new = call.copy()
                new.name = rng.choice(others)
                made.append(("name_other_offered_tool", new))
            return made

        self.per_call("names", names)

    # -- call counts -------------------------------------------------------------------------------

    def count_rules(self):
        q = self.q
        rng = self.rng("count")
        index = rng.randrange(len(self.base))
        calls = [c.copy() for c in self.base]
        calls.insert(index + 1, self.base[index].copy())
        self.emit("count_duplicate_call", calls)
        if len(self.base) > 1:
            calls = [c.copy() for c in self.base]
            del calls[index]
            self.emit("count_call_missing", calls)
        others = [n for n in q.tool_names if n != self.base[0].name]
        if others:
            other = rng.choice(others)
            raw_doc = next(f for f in q.entry["function"] if common.ToolConverter.tool_name(f["name"]) == other)
            typed = {p: sample_value(raw_doc["parameters"]["properties"].get(p, {})) for p in raw_doc["parameters"].get("required") or []}
            extra = Call(other, raw_doc["name"], typed)
            self.emit("count_extra_other_call_first", [extra] + [c.copy() for c in self.base])
            self.emit("count_extra_other_call_last", [c.copy() for c in self.base] + [extra.copy()])

    # -- parallel pairing ----------------------------------------------------------------------------

    def parallel_rules(self):
        q = self.q
        n = len(self.base)
        rng = self.rng("parallel")
        order = list(range(n))
        if len({json.dumps(c.arguments(q)) + c.name for c in self.base}) > 1:
            rng.shuffle(order)
            if order == list(range(n)):
                order = order[1:] + order[:1]
            self.emit("parallel_permuted", [self.base[i].copy() for i in order])
            self.emit("parallel_reversed", [c.copy() for c in reversed(self.base)])
        # one call replaced by a copy of another (same count, one answer unmatched)
        distinct = [(i, j) for i in range(n) for j in range(n) if i != j
                    and json.dumps(self.base[i].arguments(q)) + self.base[i].name != json.dumps(self.base[j].arguments(q)) + self.base[j].name]
        if distinct:
            i, j = rng.choice(distinct)
            calls = [c.copy() for c in self.base]
            calls[j] = self.base[i].copy()
            self.emit("parallel_call_duplicated_instead", calls)
        # swap one argument between two calls of the same function
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if self.base[i].bfcl_name == self.base[j].bfcl_name]
        rng.shuffle(pairs)
        for i, j in pairs:
            common_params = [p for p in self.base[i].typed if p in self.base[j].typed
                             and not strict_equal(self.base[i].typed[p], self.base[j].typed[p])]
            if common_params:
                param = rng.choice(common_params)
                calls = [c.copy() for c in self.base]
                calls[i].typed[param], calls[j].typed[param] = copy.deepcopy(self.base[j].typed[param]), copy.deepcopy(self.base[i].typed[param])
                self.emit("parallel_argument_swapped", calls)
                break
        self.greedy_traps()

    def decoded_call(self, call: Call) -> dict:
        return {call.name: json.loads(json.dumps(call.arguments(self.q), ensure_ascii=False))}

    def greedy_traps(self):
        """Find X matching two possible answers i < j of the same function, and Y = base call i
        that matches only answer i. Outputs ... X ... Y ... (X first) make the greedy pairing give
        X to answer i and leave answer j without a match, although i<-Y, j<-X is a full pairing."""
        q = self.q
        answers = q.answer
        n = len(answers)
        made = 0
        for i, j in itertools.combinations(range(n), 2):
            if made >= 4:
                return
            name_i, params_i = q.calls[i]
            name_j, params_j = q.calls[j]
            if name_i != name_j:
                continue
            doc = q.docs[name_i]
            base_i = self.base[i]
            if self.checker.matches(doc, self.decoded_call(base_i), answers[j], q.category):
                continue  # Y would match both
            choices = []
            for param in list(dict.fromkeys(list(params_i) + list(params_j))):
                options = []
                for allowed in (params_i.get(param), params_j.get(param)):
                    if isinstance(allowed, list):
                        options += [resolve(v, False) for v in allowed if v != ""]
                options.append(OMIT)
                unique = []
                for option in options:
                    if not any(strict_equal(option, u) if option is not OMIT and u is not OMIT else option is u for u in unique):
                        unique.append(option)
                choices.append((param, unique))
            size = 1
            for _, options in choices:
                size *= len(options)
            if size > 4096:
                continue
            found = None
            for combo in itertools.product(*[options for _, options in choices]):
                typed = {param: value for (param, _), value in zip(choices, combo) if value is not OMIT}
                x = Call(base_i.name, name_i, typed)
                decoded = self.decoded_call(x)
                if self.checker.matches(doc, decoded, answers[i], q.category) and self.checker.matches(doc, decoded, answers[j], q.category):
                    found = x
                    break
            if found is None:
                continue
            calls = [c.copy() for c in self.base]
            calls[j] = found
            trap = list(calls)
            trap.insert(0, trap.pop(j))  # X first: answer i takes it
            ok_order = [c for k, c in enumerate(calls) if k != j] + [calls[j]]  # X last: answer i takes Y
            self.emit("parallel_greedy_trap", trap)
            self.emit("parallel_greedy_ok", [c.copy() for c in ok_order])
            made += 1

    # -- decoder ----------------------------------------------------------------------------------

    def decoder_rules(self):
        q = self.q
        rng = self.rng("decoder")
        raw = [(c.name, c.arguments_text(q)) for c in self.base]
        index = rng.randrange(len(raw))
        broken = list(raw)
        broken[index] = (raw[index][0], raw[index][1][:-1])
        self.emit("decoder_malformed_arguments", raw=broken)
        not_object = list(raw)
        not_object[index] = (raw[index][0], json.dumps(list(json.loads(raw[index][1]).values()), ensure_ascii=False))
        self.emit("decoder_arguments_not_object", raw=not_object)
        self.emit("no_call", content="I need a bit more information before I can do that.")


# ----------------------------------------------------------------------------- labelling

def bipartite_full_match(checker: EvalPath, question: Question, decoded: list) -> bool:
    """Whether some one-to-one pairing of outputs and possible answers matches every pair
    (what a backtracking matcher would accept)."""
    answers = question.answer
    if len(decoded) != len(answers):
        return False
    ok = [[checker.matches(question.docs[list(a.keys())[0]], d, a, question.category) for d in decoded] for a in answers]
    match_of_output = {}

    def augment(a, seen):
        for o in range(len(decoded)):
            if ok[a][o] and o not in seen:
                seen.add(o)
                if o not in match_of_output or augment(match_of_output[o], seen):
                    match_of_output[o] = a
                    return True
        return False

    return all(augment(a, set()) for a in range(len(answers)))


def encode(question: Question, candidate: dict):
    """-> (assistant message, model_result_item for BFCL, intended decoded output or None)."""
    if "content" in candidate:
        return {"role": "assistant", "content": candidate["content"]}, candidate["content"], None
    if "raw" in candidate:
        pairs = candidate["raw"]
        intended = None
    else:
        pairs = []
        intended = []
        for call in candidate["calls"]:
            pairs.append((call.name, call.arguments_text(question)))
            intended.append({call.name: call.arguments(question)})
    message = {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": f"call_{k}", "type": "function", "function": {"name": name, "arguments": text}} for k, (name, text) in enumerate(pairs)],
    }
    return message, [{name: text} for name, text in pairs], intended


def label(checker: EvalPath, question: Question, candidate: dict):
    message, model_result, intended = encode(question, candidate)
    try:
        decoded = checker.decode(model_result)
    except Exception:  # noqa: BLE001 - BFCL's decoder failing is a verdict (ast_decoder:decoder_failed)
        decoded = None
    if intended is not None:
        if decoded is None or len(decoded) != len(intended) or not all(strict_equal(a, b) for a, b in zip(decoded, intended)):
            raise AssertionError(f"{question.id}: arguments JSON does not decode to the intended values")
    valid, error_type, errors = checker.evaluate(question.entry, question.answer, question.category, model_result)
    return message, decoded, valid, error_type, errors


# ----------------------------------------------------------------------------- selection

def select(labelled: list, per_question: int, rare: set, rare_cap: int, counts: Counter, balance: Counter, rng: random.Random) -> list:
    """The base candidate; the other base variant if the base fails and it passes; priority rules;
    up to `rare_cap` candidates of rules that few questions of the category yield; then, up to
    `per_question`, alternately towards the category's pass/fail balance, preferring the rule least
    used so far in the category (ties: seeded)."""
    order = list(range(len(labelled)))
    rng.shuffle(order)
    rank = {id(labelled[k]): position for position, k in enumerate(order)}
    chosen = [labelled[0]]
    if not labelled[0]["valid"]:
        fallback = [item for item in labelled[1:] if item["rule"].startswith("base") and item["valid"]]
        chosen += fallback[:1]
    chosen += [item for item in labelled[1:] if item["rule"] in PRIORITY_RULES and item not in chosen]
    rest = [item for item in labelled[1:] if not any(item is c for c in chosen)]

    def note(item):
        counts[item["rule"]] += 1
        balance["pass" if item["valid"] else "fail"] += 1

    for item in chosen:
        note(item)
    for _ in range(rare_cap):
        pool = [item for item in rest if item["rule"] in rare]
        if not pool:
            break
        pick = min(pool, key=lambda item: (counts[item["rule"]], rank[id(item)]))
        rest.remove(pick)
        chosen.append(pick)
        note(pick)
    while len(chosen) < per_question and rest:
        want = balance["pass"] <= balance["fail"]
        pool = [item for item in rest if item["valid"] == want] or rest
        pick = min(pool, key=lambda item: (counts[item["rule"]], rank[id(item)]))
        rest.remove(pick)
        chosen.append(pick)
        note(pick)
    return chosen


# ----------------------------------------------------------------------------- main

def load_questions(category, root, converter, checker, report):
    data = common.data_dir(root)
    entries = common.load_jsonl(data / f"BFCL_v4_{category}.json")
    answers = {a["id"]: a for a in common.load_jsonl(data / "possible_answer" / f"BFCL_v4_{category}.json")}
    questions = []
    for entry in entries:
        answer = answers.get(entry["id"])
        if answer is None:
            report["skipped"].append(f"{entry['id']}: no possible answer")
            continue
        question = Question(entry, answer, category, converter, checker)
        if question.problem:
            report["skipped"].append(f"{entry['id']}: {question.problem}")
            continue
        questions.append(question)
    return questions


def label_question(question: Question, checker: EvalPath, seed: str, report: dict) -> list:
    rng = random.Random(f"{seed}:{question.id}")
    omit_optional = rng.random() < 0.5
    generator = Generator(question, seed, omit_optional, checker)
    labelled = []
    seen = {}
    for rule, candidate in generator.generate():
        report["generated"] += 1
        try:
            message, decoded, valid, error_type, errors = label(checker, question, candidate)
        except AssertionError:
            raise
        except Exception as error:  # noqa: BLE001 - BFCL's checker raising: no verdict, not kept
            report["raised"][f"{rule}: {type(error).__name__}: {error}"[:160]] += 1
            continue
        key = json.dumps(message, ensure_ascii=False, sort_keys=True)
        if key in seen:
            if rule in PRIORITY_RULES:  # same output as an earlier rule: keep it under the rarer name
                seen[key]["rule"] = rule
            continue
        item = {"rule": rule, "message": message, "decoded": decoded, "valid": valid, "error_type": error_type, "errors": errors}
        if question.parallel and decoded is not None and not valid \
                and error_type == "parallel_function_checker_no_order:cannot_find_match":
            item["greedy_miss"] = bipartite_full_match(checker, question, decoded)
        seen[key] = item
        labelled.append(item)
    for item in labelled:
        # a trap is a trap only if BFCL fails it although a full pairing exists
        if item["rule"] == "parallel_greedy_trap" and not item.get("greedy_miss"):
            item["rule"] = "parallel_overlap_shared_call_first"
        if item["rule"] == "parallel_greedy_ok" and not item["valid"]:
            item["rule"] = "parallel_overlap_shared_call_last"
    return labelled


def build(options):
    started = time.time()
    root = common.resolve_snapshot(options.snapshot)
    converter = common.ToolConverter(root)
    checker = EvalPath(root)
    categories = [c for c in options.categories.split(",") if c]
    for category in categories:
        if category not in KNOWN_CATEGORIES:
            common.fail(f"unknown category {category}; known: {', '.join(KNOWN_CATEGORIES)}")
    report = {"skipped": [], "raised": Counter(), "generated": 0}
    rows = []
    stats = defaultdict(Counter)
    for category in categories:
        questions = load_questions(category, root, converter, checker, report)
        typed = category in ("simple_java", "simple_javascript")
        per_question = options.per_question_typed if typed else options.per_question
        labelled_all = [label_question(question, checker, options.seed, report) for question in questions]
        availability = Counter(rule for labelled in labelled_all for rule in sorted({item["rule"] for item in labelled}))
        threshold = max(3, int(len(questions) * options.rare_share))
        rare = {rule for rule, count in availability.items() if count <= threshold}
        counts = Counter()
        balance = Counter()
        for question, labelled in zip(questions, labelled_all):
            rng = random.Random(f"{options.seed}:{question.id}:select")
            chosen = select(labelled, per_question, rare, options.rare_cap, counts, balance, rng)
            chosen.sort(key=lambda item: next(k for k, other in enumerate(labelled) if other is item))
            for number, item in enumerate(chosen):
                meta = {
                    "source": f"BFCL_v4_{category}#{question.id}",
                    "bfcl_valid": item["valid"],
                    "bfcl_error_type": item["error_type"],
                    "bfcl_errors": item["errors"],
                    "rule": item["rule"],
                    "decoded": item["decoded"],
                }
                if "greedy_miss" in item:
                    meta["greedy_miss"] = item["greedy_miss"]
                rows.append({
                    "id": f"{question.id}__{number:02d}",
                    "category": category,
                    "messages": copy.deepcopy(question.messages) + [item["message"]],
                    "tools": question.tools,
                    "reference": question.reference(),
                    "labels": [],
                    "meta": meta,
                })
                stats[category]["candidates"] += 1
                stats[category]["pass" if item["valid"] else "fail"] += 1
            stats[category]["questions"] += 1
    out = Path(options.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(common.dump_line(row) + "\n")
    elapsed = time.time() - started
    print(f"wrote {len(rows)} candidates to {out} ({report['generated']} generated and labelled, {elapsed:.1f} s)")
    for category in categories:
        s = stats[category]
        print(f"  {category:24} {s['questions']:5} questions {s['candidates']:6} candidates  pass {s['pass']:5}  fail {s['fail']:5}")
    if report["raised"]:
        print("  BFCL's checker raised (candidates dropped):")
        for key, count in sorted(report["raised"].items()):
            print(f"    {count:4} x {key}")
    if report["skipped"]:
        print(f"  skipped {len(report['skipped'])} questions: " + "; ".join(report["skipped"][:10]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("snapshot", help="extracted ShishirPatil/gorilla snapshot (repo root or berkeley-function-call-leaderboard/)")
    parser.add_argument("--out", default=str(HERE / "data" / "bfcl-ref.jsonl"))
    parser.add_argument("--categories", default=",".join(DEFAULT_CATEGORIES), help=f"comma-separated; known: {', '.join(KNOWN_CATEGORIES)}")
    parser.add_argument("--seed", default="bfcl-ref-1")
    parser.add_argument("--per-question", type=int, default=5, help="candidates kept per Python question (5)")
    parser.add_argument("--per-question-typed", type=int, default=12, help="candidates kept per Java / JavaScript question (12)")
    parser.add_argument("--rare-share", type=float, default=0.05, help="a rule yielded by at most this share of a category's questions is rare (0.05)")
    parser.add_argument("--rare-cap", type=int, default=12, help="at most this many rare-rule candidates kept per question (12)")
    build(parser.parse_args())


if __name__ == "__main__":
    main()

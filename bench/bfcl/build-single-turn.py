#!/usr/bin/env python3
"""Builds data/bfcl-extra.jsonl: labelled single-turn tool calls from BFCL categories that the
dev set (shared/datasets/bfcl-dev.jsonl) does not use.

    python3 bench/bfcl/build-single-turn.py <extracted gorilla snapshot> [--out FILE] [--seed N]

For every question with a ground truth: a good transcript (the assistant makes the ground-truth
call(s), BFCL's first accepted value for every argument) and a bad twin in which exactly one call
carries one generic, seeded defect. Irrelevance questions give only a bad transcript (a call to an
offered tool although none fits). Deterministic: same snapshot + same seed -> same bytes.
Python 3, standard library only. See README.md.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ next to the scripts or in the snapshot
sys.path.insert(0, str(Path(__file__).resolve().parent))
import bfcl_common as common  # noqa: E402

# Categories not in the dev set that come with a ground truth (live_relevance has none: any call
# is right there, so no objective good/bad call exists). Irrelevance categories: no ground truth.
CATEGORIES = [
    "simple_java",
    "simple_javascript",
    "live_simple",
    "live_multiple",
    "live_parallel",
    "live_parallel_multiple",
    "live_irrelevance",
]
IRRELEVANCE = {"live_irrelevance"}

DEFECTS = ["hallucinated_function", "wrong_function", "missing_required", "wrong_type", "wrong_value", "extra_param"]

OMIT = object()  # "" in BFCL's possible answers: the argument may be left out

# Generic verb synonyms for renaming a function into one that is not offered.
VERB_SYNONYMS = {
    "get": ["fetch", "retrieve"], "fetch": ["get", "retrieve"], "retrieve": ["get", "fetch"],
    "set": ["update", "change"], "update": ["set", "modify"], "change": ["set", "update"],
    "create": ["add", "make"], "add": ["create", "insert"], "make": ["create", "build"],
    "delete": ["remove", "erase"], "remove": ["delete", "drop"], "search": ["find", "lookup"],
    "find": ["search", "lookup"], "list": ["show", "enumerate"], "calculate": ["compute", "estimate"],
    "calc": ["compute"], "compute": ["calculate"], "send": ["post", "dispatch"], "check": ["verify", "validate"],
    "validate": ["verify", "check"], "book": ["reserve"], "reserve": ["book"], "start": ["launch", "begin"],
    "stop": ["halt", "end"], "play": ["start", "stream"], "open": ["launch"], "generate": ["create", "produce"],
    "convert": ["transform", "translate"], "analyze": ["inspect", "evaluate"], "query": ["search", "lookup"],
    "lookup": ["search", "find"], "read": ["load", "open"], "write": ["save", "store"], "load": ["read", "import"],
    "save": ["store", "write"], "initialize": ["setup", "init"], "init": ["setup", "initialize"],
    "process": ["handle", "run"], "handle": ["process"], "parse": ["decode", "read"], "register": ["signup", "enroll"],
    "cancel": ["abort", "revoke"], "schedule": ["plan", "book"], "order": ["purchase", "buy"], "buy": ["purchase", "order"],
}
NAME_SUFFIXES = ["v2", "info", "details", "data", "all", "by_id", "async"]


# ----------------------------------------------------------------------------- values

def first_accepted(alternatives):
    """BFCL's first accepted answer; "" (argument may be omitted) only counts when it is the
    only accepted answer, as in the dev set."""
    for value in alternatives:
        if value != "":
            if value is None and "" in alternatives:
                return OMIT  # "null or left out": left out (a null would not fit the schema's type)
            return resolve_value(value)
    return OMIT


def resolve_value(value):
    """Possible answers nest: a dict value maps each key to its accepted values."""
    if isinstance(value, dict):
        out = {}
        for key, alternatives in value.items():
            if isinstance(alternatives, list):
                chosen = first_accepted(alternatives)
                if chosen is not OMIT:
                    out[key] = chosen
            else:
                out[key] = alternatives
        return out
    if isinstance(value, list):
        return [resolve_value(item) if isinstance(item, dict) else item for item in value]
    return value


def json_type(value) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"


def fits_json_type(value, schema_type) -> bool:
    kind = json_type(value)
    if schema_type == "number":
        return kind in ("number", "integer")
    return kind == schema_type


def standardize(text: str) -> str:
    """Same normalisation as BFCL's string checker (spaces and ,./-_*^ ignored, case-insensitive)."""
    return re.sub(r"[ ,./\-_*^]", "", text).lower().replace("'", '"')


def value_key(value) -> str:
    """Equality key: strings compared as BFCL's checker does, 1 == 1.0, booleans apart."""
    if isinstance(value, str):
        return "s:" + standardize(value)
    if isinstance(value, bool):
        return "b:" + str(value)
    if isinstance(value, (int, float)):
        return "n:" + repr(float(value))
    if isinstance(value, list):
        return "[" + ",".join(value_key(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k))}:{value_key(value[k])}" for k in sorted(value, key=str)) + "}"
    return "x:" + json.dumps(value)


def same_value(a, b) -> bool:
    return value_key(a) == value_key(b)


def number_text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def name_tokens(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [token.lower() for token in re.split(r"[\s_\-.]+", spaced) if token]


def norm_name(name: str) -> str:
    return re.sub(r"[_\-.\s]", "", name).lower()


# ----------------------------------------------------------------------------- Java / JavaScript

JAVA_ARRAY_TYPES = {"integer": "int", "long": "long", "short": "short", "byte": "byte", "double": "double",
                    "float": "float", "boolean": "boolean", "char": "char", "String": "String"}


def java_literal(value, java_type=None) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value}L" if java_type == "long" else str(value)
    if isinstance(value, float):
        return f"{value}f" if java_type == "float" else repr(value)
    if isinstance(value, str):
        return f"'{value}'" if java_type == "char" else json.dumps(value)
    if isinstance(value, list):
        return "new ArrayList<>(Arrays.asList(" + ", ".join(java_literal(item) for item in value) + "))"
    if isinstance(value, dict):
        return java_hashmap(value)
    return json.dumps(value)


def java_hashmap(value: dict) -> str:
    kinds = {json_type(item) for item in value.values()}
    value_type = "String" if kinds == {"string"} else "Object"
    puts = " ".join(f"put({json.dumps(str(key))}, {java_literal(item)});" for key, item in value.items())
    return f"new HashMap<String, {value_type}>() {{{{ {puts} }}}}" if puts else "new HashMap<>()"


def render_java(value, raw_prop: dict) -> str:
    """The string a model would give for a Java-typed parameter (BFCL's Java categories expect
    every value "in string representation"; BFCL's java_type_converter parses these forms)."""
    java_type = raw_prop.get("type")
    if isinstance(value, str):
        return value  # strings, variable names and expressions are given as they are
    items_type = (raw_prop.get("items") or {}).get("type")
    if java_type == "Array" and isinstance(value, list):
        element_type = JAVA_ARRAY_TYPES.get(items_type or "")
        if element_type is None:
            kinds = {json_type(item) for item in value}
            element_type = {"string": "String", "integer": "int", "number": "double", "boolean": "boolean"}.get(kinds.pop(), "Object") if len(kinds) == 1 else "Object"
        return f"new {element_type}[]{{" + ", ".join(java_literal(item, items_type) for item in value) + "}"
    if java_type == "ArrayList" and isinstance(value, list):
        return "new ArrayList<>(Arrays.asList(" + ", ".join(java_literal(item, items_type) for item in value) + "))"
    if isinstance(value, dict):
        return java_hashmap(value)
    return java_literal(value, java_type)


def js_key(key) -> str:
    key = str(key)
    return key if re.fullmatch(r"[A-Za-z_$][\w$]*", key) else json.dumps(key)


def js_literal(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return number_text(value)  # JavaScript has one number type: 500, not 500.0
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(js_literal(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{js_key(key)}: {js_literal(item)}" for key, item in value.items()) + "}"
    return "null"


def render_js(value, raw_prop: dict) -> str:
    """The string a model would give for a JavaScript-typed parameter (see render_java)."""
    js_type = raw_prop.get("type")
    if isinstance(value, str):
        return value
    if js_type == "Bigint" and isinstance(value, int) and not isinstance(value, bool):
        return f"{value}n"
    return js_literal(value)


# ----------------------------------------------------------------------------- builder

class Question:
    """One BFCL question, its tools and its ground-truth calls with typed values."""

    def __init__(self, entry: dict, category: str, converter: common.ToolConverter, answer: dict | None):
        self.id = entry["id"]
        self.category = category
        self.messages = copy.deepcopy(entry["question"][0])
        self.raw_functions = entry.get("function") or []
        self.tools = converter.tools(self.raw_functions, category)
        self.lang = "java" if converter.is_java(category) else "js" if converter.is_js(category) else "python"
        self.raw_by_name = {}
        self.tool_by_name = {}
        for raw, tool in zip(self.raw_functions, self.tools):
            self.raw_by_name[tool["function"]["name"]] = raw
            self.tool_by_name[tool["function"]["name"]] = tool["function"]
        self.text = " ".join(m["content"] for m in self.messages if isinstance(m.get("content"), str)).lower()
        self.calls = []  # [(tool name, {param: typed value}, {param: accepted alternatives})]
        self.problem = None
        if answer is not None:
            for ground in answer["ground_truth"]:
                (raw_name, params), = ground.items()
                name = common.ToolConverter.tool_name(raw_name)
                if name not in self.tool_by_name:
                    self.problem = f"ground-truth function {raw_name} is not among the offered functions"
                    return
                typed = {}
                for param, alternatives in params.items():
                    value = first_accepted(alternatives)
                    if value is not OMIT:
                        typed[param] = value
                self.calls.append((name, typed, params))

    def raw_prop(self, tool_name: str, param: str) -> dict:
        return ((self.raw_by_name[tool_name].get("parameters") or {}).get("properties") or {}).get(param, {})

    def prop(self, tool_name: str, param: str) -> dict:
        return (self.tool_by_name[tool_name]["parameters"].get("properties") or {}).get(param, {})

    def render(self, tool_name: str, param: str, value):
        """Typed value -> the JSON value the model sends (strings for Java/JavaScript)."""
        if self.lang == "java":
            return render_java(value, self.raw_prop(tool_name, param))
        if self.lang == "js":
            return render_js(value, self.raw_prop(tool_name, param))
        return value

    def rendered_args(self, tool_name: str, typed: dict) -> dict:
        return {param: self.render(tool_name, param, value) for param, value in typed.items()}

    def supported(self, value) -> bool:
        """Whether the request text states the value (so changing it contradicts the request)."""
        if isinstance(value, bool):
            return False
        if isinstance(value, (int, float)):
            return re.search(rf"(?<![\d.]){re.escape(number_text(value))}(?!\d)", self.text) is not None
        if isinstance(value, str):
            return len(value) >= 2 and value.lower() in self.text
        if isinstance(value, list):
            return any(self.supported(item) for item in value)
        if isinstance(value, dict):
            return any(self.supported(item) for item in value.values())
        return False


class Pools:
    """What a category's other questions offer, to draw plausible replacement values from."""

    def __init__(self, questions: list[Question]):
        self.values_by_param = defaultdict(list)  # param name -> [(qid, typed value)]
        self.strings = []  # [(qid, param, str)]
        self.unique_strings = {}  # value key -> [value, param-name tokens, qids]
        self.params = []  # [(qid, tool name, param, raw prop, converted prop)]
        self.function_names = []  # [(qid, name)]
        for question in questions:
            for name, typed, _ in question.calls:
                for param, value in typed.items():
                    self._collect(question.id, param, value)
            for name, raw in question.raw_by_name.items():
                self.function_names.append((question.id, name))
                for param, raw_prop in ((raw.get("parameters") or {}).get("properties") or {}).items():
                    self.params.append((question.id, name, param, raw_prop, question.prop(name, param)))
        for qid, param, value in self.strings:
            entry = self.unique_strings.setdefault(value_key(value), [value, set(), set()])
            entry[1].update(name_tokens(param))
            entry[2].add(qid)
        self.by_param_unique = {}
        for param, values in self.values_by_param.items():
            unique = {}
            for qid, value in values:
                unique.setdefault(value_key(value), [value, set()])[1].add(qid)
            self.by_param_unique[param] = list(unique.items())

    def _collect(self, qid, param, value):
        self.values_by_param[param].append((qid, value))
        if isinstance(value, str) and value.strip():
            self.strings.append((qid, param, value))
        elif isinstance(value, list):
            for item in value:
                if not isinstance(item, (list, dict)):
                    self.values_by_param[f"{param}[]"].append((qid, item))
                    if isinstance(item, str) and item.strip():
                        self.strings.append((qid, param, item))
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(item, (list, dict)):
                    self._collect(qid, key, item)


RAW_TO_JSON = {
    # Java
    "boolean": "boolean", "integer": "integer", "long": "integer", "short": "integer", "byte": "integer",
    "float": "number", "double": "number", "String": "string", "char": "string", "any": "string",
    "Array": "array", "ArrayList": "array", "HashMap": "object", "Hashtable": "object",
    # JavaScript
    "Boolean": "boolean", "Bigint": "integer", "array": "array", "dict": "object", "": "string",
}


class Injector:
    """Generic, seeded defect recipes on one question."""

    def __init__(self, question: Question, pools: Pools, rng: random.Random):
        self.q = question
        self.pools = pools
        self.rng = rng

    # ---- value generation
    def value_type(self, tool_name, param) -> str:
        """The type the argument really has (Java/JS: the language type, not "string")."""
        if self.q.lang == "python":
            return self.q.prop(tool_name, param).get("type", "string")
        return RAW_TO_JSON.get(self.q.raw_prop(tool_name, param).get("type", "any"), "string")

    def pool_values(self, param, kind, exclude=()):
        """Values other questions of the category give a parameter of this name."""
        excluded = {value_key(e) for e in exclude}
        return [value for key, (value, qids) in self.pools.by_param_unique.get(param, [])
                if qids - {self.q.id} and key not in excluded and fits_json_type(value, kind)]

    def similar_strings(self, param, exclude=()):
        """Other questions' string values: those of parameters sharing a name token, and all."""
        tokens = set(name_tokens(param))
        excluded = {value_key(e) for e in exclude}
        near, anywhere = [], []
        for key, (value, param_tokens, qids) in self.pools.unique_strings.items():
            if not qids - {self.q.id} or key in excluded or self.q.supported(value):
                continue
            (near if tokens & param_tokens else anywhere).append(value)
        return near, anywhere

    def plausible(self, kind, param, prop, reuse: dict):
        """A plausible value for a parameter of JSON type `kind` (typed, before rendering)."""
        if param in reuse and fits_json_type(reuse[param], kind):
            return reuse[param]
        enum = prop.get("enum")
        if enum:
            return self.rng.choice(enum)
        default = prop.get("default")
        if default not in (None, "") and fits_json_type(default, kind):
            return default
        pooled = self.pool_values(param, kind)
        if pooled:
            return self.rng.choice(pooled)
        if kind == "string":
            near, anywhere = self.similar_strings(param)
            return self.rng.choice(near or anywhere or ["example"])
        if kind == "integer":
            return self.rng.randint(1, 10)
        if kind == "number":
            return self.rng.randint(2, 40) / 2
        if kind == "boolean":
            return True
        if kind == "array":
            items = prop.get("items") or {}
            item_kind = items.get("type", "string")
            if item_kind in ("string", "integer", "number", "boolean"):
                return [self.plausible(item_kind, f"{param}[]", items, {})]
            return []
        if kind == "object":
            properties = prop.get("properties") or {}
            return {key: self.plausible(sub.get("type", "string"), key, sub, {}) for key, sub in properties.items() if key in (prop.get("required") or [])}
        return "example"

    def plausible_args(self, tool_name: str, reuse: dict) -> dict:
        params = self.q.tool_by_name[tool_name]["parameters"]
        typed = {}
        for param in params.get("required") or []:
            if param in (params.get("properties") or {}):
                typed[param] = self.plausible(self.value_type(tool_name, param), param, self.q.prop(tool_name, param), reuse)
        return self.q.rendered_args(tool_name, typed)

    def wrong_value(self, value, param, accepted: list, enum=None):
        """A value of the same type that the request does not support, or None."""

        def excluded(candidate):
            return any(same_value(candidate, resolve_value(a)) for a in accepted if a != "") or same_value(candidate, value) or self.q.supported(candidate)

        if isinstance(value, bool):
            return None if excluded(not value) else (not value)
        if isinstance(value, int):
            options = [value + 1, value - 1, value * 2, value * 10, value + 5, value // 2]
            options = [c for c in dict.fromkeys(options) if c != value and (value < 0 or c >= 0) and not excluded(c)]
            return self.rng.choice(options) if options else None
        if isinstance(value, float):
            options = [value * 2, value + 1, value / 2, value * 10, value - 1, value + 0.5]
            options = [round(c, 4) for c in options]
            options = [float(c) for c in dict.fromkeys(options) if c != value and (value < 0 or c >= 0) and not excluded(c)]
            return self.rng.choice(options) if options else None
        if isinstance(value, str):
            if enum:
                options = [e for e in enum if isinstance(e, str) and not excluded(e)]
                if options:
                    return self.rng.choice(options)
            options = [c for c in self.pool_values(param, "string") if not excluded(c)]
            if options:
                return self.rng.choice(options)
            digits = list(re.finditer(r"\d+", value))
            if digits:
                run = self.rng.choice(digits)
                number = int(run.group())
                replacement = str(number + self.rng.choice([1, 2, 3, 7])).zfill(len(run.group()))
                candidate = value[: run.start()] + replacement + value[run.end():]
                if not excluded(candidate):
                    return candidate
            near, anywhere = self.similar_strings(param, exclude=[value])
            options = [c for c in (near or anywhere) if not excluded(c)]
            return self.rng.choice(options) if options else None
        if isinstance(value, list) and value:
            order = list(range(len(value)))
            self.rng.shuffle(order)
            for index in order:
                item = value[index]
                if isinstance(item, (list, dict)):
                    continue
                replacement = self.wrong_value(item, f"{param}[]", [[x] for x in value])
                if replacement is None:
                    continue
                changed = list(value)
                changed[index] = replacement
                if not any(same_value(changed, resolve_value(a)) for a in accepted if a != ""):
                    return changed
            return None
        if isinstance(value, dict) and value:
            keys = sorted(value)
            self.rng.shuffle(keys)
            for key in keys:
                if isinstance(value[key], (list, dict)):
                    continue
                replacement = self.wrong_value(value[key], key, [])
                if replacement is not None:
                    changed = dict(value)
                    changed[key] = replacement
                    return changed
            return None
        return None

    def wrong_type(self, sent, schema_type):
        """A value of another JSON type than the schema asks for (and than the good value)."""
        if schema_type == "string":
            if self.q.lang != "python":
                return None  # handled by the caller (typed value instead of its string form)
            if re.fullmatch(r"-?\d+", sent):
                return int(sent)
            if re.fullmatch(r"-?\d+\.\d+", sent):
                return float(sent)
            if sent.lower() in ("true", "false"):
                return sent.lower() == "true"
            return [sent]
        if schema_type in ("integer", "number"):
            return number_text(sent) if not isinstance(sent, bool) else None
        if schema_type == "boolean":
            return "true" if sent else "false"
        if schema_type == "array":
            if all(not isinstance(item, (list, dict)) for item in sent):
                return ", ".join(str(item) for item in sent)
            return json.dumps(sent)
        if schema_type == "object":
            return json.dumps(sent)
        return None

    # ---- defects: each returns (name, args, detail) or None
    def defect(self, kind, call_index):
        name, typed, accepted = self.q.calls[call_index]
        args = self.q.rendered_args(name, typed)
        params = self.q.tool_by_name[name]["parameters"]
        properties = params.get("properties") or {}
        offered = {norm_name(n) for n in self.q.tool_by_name}

        if kind == "hallucinated_function":
            candidates = []
            tokens = re.split(r"(_|(?<=[a-z0-9])(?=[A-Z]))", name)
            for index, token in enumerate(tokens):
                if token.lower() in VERB_SYNONYMS:
                    for synonym in VERB_SYNONYMS[token.lower()]:
                        replaced = synonym.capitalize() if token[0].isupper() else synonym
                        candidates.append("".join(tokens[:index] + [replaced] + tokens[index + 1:]))
                    break
            camel = "_" not in name and re.search(r"[a-z][A-Z]", name)
            for suffix in NAME_SUFFIXES:
                candidates.append(name + ("".join(part.capitalize() for part in suffix.split("_")) if camel else "_" + suffix))
            others = sorted({n for qid, n in self.pools.function_names if qid != self.q.id})
            candidates = [c for c in candidates if norm_name(c) not in offered]
            others = [c for c in others if norm_name(c) not in offered]
            pick = self.rng.choice(others) if others and self.rng.random() < 0.4 else (self.rng.choice(candidates) if candidates else None)
            if pick is None:
                return None
            return pick, args, f"function renamed {name} -> {pick} (not offered)"

        if kind == "wrong_function":
            alternatives = [n for n in self.q.tool_by_name if n != name]
            if not alternatives:
                return None
            other = self.rng.choice(alternatives)
            return other, self.plausible_args(other, typed), f"{other} called instead of {name}"

        if kind == "missing_required":
            required = [p for p in params.get("required") or [] if p in args]
            if not required:
                return None
            dropped = self.rng.choice(required)
            return name, {k: v for k, v in args.items() if k != dropped}, f"required argument {dropped} dropped"

        if kind == "wrong_type":
            options = []
            for param, sent in args.items():
                schema_type = properties.get(param, {}).get("type")
                if not fits_json_type(sent, schema_type):
                    continue  # the ground truth itself does not fit the schema: not a clean defect
                if self.q.lang != "python":
                    # Java/JavaScript values go "in string representation": the typed value itself
                    # (50 for "50", true for "true") is the type error a model makes.
                    value = typed[param]
                    if not isinstance(value, str):
                        replacement = value
                    elif re.fullmatch(r"-?\d+", value):
                        replacement = int(value)
                    elif value.lower() in ("true", "false"):
                        replacement = value.lower() == "true"
                    else:
                        replacement = [value]
                else:
                    replacement = self.wrong_type(sent, schema_type)
                if replacement is not None and not fits_json_type(replacement, schema_type) and json_type(replacement) != json_type(sent):
                    options.append((param, replacement))
            if not options:
                return None
            param, replacement = self.rng.choice(options)
            changed = dict(args)
            changed[param] = replacement
            return name, changed, f"{param}: {json.dumps(args[param], ensure_ascii=False)} -> {json.dumps(replacement, ensure_ascii=False)} ({json_type(replacement)} for {properties.get(param, {}).get('type')})"

        if kind == "wrong_value":
            params_order = sorted(typed)
            self.rng.shuffle(params_order)
            params_order.sort(key=lambda p: not self.q.supported(typed[p]))  # request-stated values first
            for param in params_order:
                replacement = self.wrong_value(typed[param], param, accepted.get(param, []), properties.get(param, {}).get("enum"))
                if replacement is not None:
                    changed = dict(typed)
                    changed[param] = replacement
                    rendered = self.q.rendered_args(name, changed)
                    return name, rendered, f"{param}: {json.dumps(args[param], ensure_ascii=False)} -> {json.dumps(rendered[param], ensure_ascii=False)}"
            return None

        if kind == "extra_param":
            defined = {norm_name(p) for p in properties}
            options = {}
            for qid, tool_name, param, raw_prop, prop in self.pools.params:
                if qid != self.q.id and norm_name(param) not in defined and param not in options:
                    options[param] = (raw_prop, prop)
            if not options:
                return None
            param = self.rng.choice(sorted(options))
            raw_prop, prop = options[param]
            kind_of = RAW_TO_JSON.get(raw_prop.get("type", "any"), "string") if self.q.lang != "python" else prop.get("type", "string")
            value = self.plausible(kind_of, param, prop, {})
            if self.q.lang == "java":
                value = render_java(value, raw_prop)
            elif self.q.lang == "js":
                value = render_js(value, raw_prop)
            changed = dict(args)
            changed[param] = value
            return name, changed, f"argument {param} added (not in the schema)"
        raise ValueError(kind)


def assistant_message(question: Question, tag: str, calls: list[tuple[str, dict]]) -> tuple[dict, list[str]]:
    ids = [f"{question.id}_{tag}_{index}" for index in range(len(calls))]
    message = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}}
            for call_id, (name, args) in zip(ids, calls)
        ],
    }
    return message, ids


def row(question: Question, suffix: str, pair, message: dict, labels: list[dict]) -> dict:
    return {
        "id": f"{question.id}__{suffix}",
        "pair": pair,
        "source": f"BFCL_v4_{question.category}#{question.id}",
        "category": question.category,
        "messages": copy.deepcopy(question.messages) + [message],
        "tools": question.tools,
        "labels": labels,
    }


def load_category(category, root, converter, report):
    data = common.data_dir(root)
    entries = common.load_jsonl(data / f"BFCL_v4_{category}.json")
    answers = None
    if category not in IRRELEVANCE:
        answers = {a["id"]: a for a in common.load_jsonl(data / "possible_answer" / f"BFCL_v4_{category}.json")}
    questions = []
    for entry in entries:
        answer = None if answers is None else answers.get(entry["id"])
        if answers is not None and answer is None:
            report["skipped"].append(f"{entry['id']}: no ground truth")
            continue
        question = Question(entry, category, converter, answer)
        if question.problem:
            report["skipped"].append(f"{entry['id']}: {question.problem}")
            continue
        if not question.tools:
            report["skipped"].append(f"{entry['id']}: no function offered")
            continue
        questions.append(question)
    return questions


def build_category(category, questions, pools, seed, report):
    counts = Counter()
    rows = []
    for question in questions:
        rng = random.Random(f"{seed}:{question.id}")
        injector = Injector(question, pools, rng)
        if category in IRRELEVANCE:
            name = rng.choice(sorted(question.tool_by_name))
            args = injector.plausible_args(name, {})
            message, ids = assistant_message(question, "bad", [(name, args)])
            rows.append(row(question, "bad", None, message, [{"tool_call_id": ids[0], "verdict": "fail", "defect": "irrelevant_call", "detail": f"{name} called although no offered function fits"}]))
            counts["irrelevant_call"] += 1
            continue
        good_calls = [(name, question.rendered_args(name, typed)) for name, typed, _ in question.calls]
        message, ids = assistant_message(question, "good", good_calls)
        rows.append(row(question, "good", question.id, message, [{"tool_call_id": i, "verdict": "pass", "defect": None} for i in ids]))

        # The applicable defect least used so far in this category (ties: seeded), on a seeded call.
        kinds = list(DEFECTS)
        rng.shuffle(kinds)
        kinds.sort(key=lambda kind: counts[kind])
        made = None
        for kind in kinds:
            order = list(range(len(question.calls)))
            rng.shuffle(order)
            for call_index in order:
                result = injector.defect(kind, call_index)
                if result is not None:
                    made = (kind, call_index, result)
                    break
            if made:
                break
        if not made:
            report["skipped"].append(f"{question.id}: no defect applicable (good transcript kept)")
            continue
        kind, call_index, (name, args, detail) = made
        counts[kind] += 1
        bad_calls = list(good_calls)
        bad_calls[call_index] = (name, args)
        message, ids = assistant_message(question, "bad", bad_calls)
        labels = [
            {"tool_call_id": i, "verdict": "fail", "defect": kind, "detail": detail} if index == call_index else {"tool_call_id": i, "verdict": "pass", "defect": None}
            for index, i in enumerate(ids)
        ]
        rows.append(row(question, "bad", question.id, message, labels))
    report["categories"][category] = {"questions": len(questions), "transcripts": len(rows), "defects": dict(sorted(counts.items()))}
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("snapshot", help="extracted ShishirPatil/gorilla snapshot (repo root or berkeley-function-call-leaderboard/)")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent / "data" / "bfcl-extra.jsonl"))
    parser.add_argument("--seed", default="bfcl-extra-1")
    parser.add_argument("--categories", default=",".join(CATEGORIES), help="comma-separated subset")
    options = parser.parse_args()

    root = common.resolve_snapshot(options.snapshot)
    converter = common.ToolConverter(root)
    report = {"categories": {}, "skipped": []}
    rows = []
    loaded = {}
    for category in options.categories.split(","):
        if category not in CATEGORIES:
            common.fail(f"unknown category {category}; known: {', '.join(CATEGORIES)}")
        if not (common.data_dir(root) / f"BFCL_v4_{category}.json").is_file():
            common.fail(f"{category}: BFCL_v4_{category}.json not in the snapshot")
        loaded[category] = load_category(category, root, converter, report)
    for category, questions in loaded.items():
        if category in IRRELEVANCE:
            # No ground truth here: plausible values come from the ground truths of the
            # categories of the same family (live_irrelevance <- live_*).
            family = category.split("_")[0] + "_"
            sources = [q for other in CATEGORIES if other.startswith(family) and other not in IRRELEVANCE
                       for q in (loaded.get(other) or load_category(other, root, converter, {"skipped": []}))]
            pools = Pools(sources)
        else:
            pools = Pools(questions)
        rows.extend(build_category(category, questions, pools, options.seed, report))

    out = Path(options.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as handle:
        for item in rows:
            handle.write(common.dump_line(item) + "\n")
    print(f"wrote {len(rows)} transcripts to {out}")
    for category, info in report["categories"].items():
        print(f"  {category:24} {info['questions']:5} questions {info['transcripts']:5} transcripts  {info['defects']}")
    if report["skipped"]:
        print(f"  skipped {len(report['skipped'])}: " + "; ".join(report["skipped"][:10]) + (" …" if len(report["skipped"]) > 10 else ""))


if __name__ == "__main__":
    main()

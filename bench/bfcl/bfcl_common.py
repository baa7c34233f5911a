"""Shared helpers for the BFCL builders (python3, standard library only).

Nothing from the gorilla repository is copied here: the few BFCL functions whose exact
behaviour matters (how function docs become OpenAI tools) are read at run time from the
snapshot given on the command line and executed from there, so the tools are exactly what
BFCL's OpenAI function-calling handler sends.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import importlib
import json
import re
import sys
from pathlib import Path
from typing import NoReturn

BFCL_DIR = "berkeley-function-call-leaderboard"


def fail(message: str) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def resolve_snapshot(path_arg: str) -> Path:
    """The directory holding `bfcl_eval/` (accepts the extracted repo root or that directory)."""
    path = Path(path_arg).expanduser().resolve()
    if not path.exists():
        fail(f"snapshot path {path} does not exist (extract the gorilla snapshot first, see README.md)")
    for candidate in (path / BFCL_DIR, path):
        if (candidate / "bfcl_eval" / "data").is_dir():
            return candidate
    fail(f"no {BFCL_DIR}/bfcl_eval/data under {path}: is this an extracted ShishirPatil/gorilla snapshot?")


def data_dir(root: Path) -> Path:
    return root / "bfcl_eval" / "data"


def require_file(path: Path) -> Path:
    if not path.is_file():
        fail(f"missing file {path}")
    return path


def load_jsonl(path: Path) -> list[dict]:
    """BFCL's .json data files are JSON Lines."""
    rows = []
    with open(require_file(path), encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as error:
                    fail(f"{path}:{number}: not JSON ({error})")
    return rows


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def import_from_snapshot(root: Path, module: str):
    """Imports a light bfcl_eval module (no third-party imports) from the snapshot."""
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        return importlib.import_module(module)
    except ImportError as error:
        fail(f"cannot import {module} from {root}: {error}")


def load_functions_from_source(path: Path, names: list[str], namespace: dict) -> dict:
    """Executes only the named top-level function definitions of a source file in `namespace`.

    Used for BFCL helpers that live in modules with heavy imports (tenacity, filelock, …):
    their own code runs, against the globals we provide."""
    tree = ast.parse(require_file(path).read_text(encoding="utf-8"), filename=str(path))
    found = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name in names}
    missing = [name for name in names if name not in found]
    if missing:
        fail(f"{path} no longer defines {', '.join(missing)}: the snapshot's layout changed; update bfcl_common.py")
    module = ast.Module(body=[found[name] for name in names], type_ignores=[])
    exec(compile(module, str(path), "exec"), namespace)  # noqa: S102 - BFCL's own helper functions
    return {name: namespace[name] for name in names}


class ToolConverter:
    """BFCL function docs -> OpenAI tools, as BFCL's OpenAI (completions, FC) handler builds them.

    Pipeline (all BFCL code, run from the snapshot):
      1. bfcl_eval/utils.py `_func_doc_language_specific_pre_processing` (what `load_dataset_entry`
         applies to every entry): appends " Note that the provided function is in Python 3 syntax."
         (or Java 8 SDK / JavaScript) to descriptions; for Java/JavaScript every parameter becomes
         `"type": "string"` with the original type described in text.
      2. bfcl_eval/model_handler/utils.py `convert_to_tool(functions, GORILLA_TO_OPENAPI,
         ModelStyle.OPENAI_COMPLETIONS)`: dots in names -> underscores, `dict` -> `object`,
         `float` -> `number` + `"format": "float"`, `tuple` -> `array`, `any` -> `string`, …
    Then only `name`, `description` and `parameters` are kept (multi-turn docs also carry a
    `response` schema, which is not part of an OpenAI function definition)."""

    def __init__(self, root: Path):
        type_mappings = import_from_snapshot(root, "bfcl_eval.constants.type_mappings")
        enums = import_from_snapshot(root, "bfcl_eval.constants.enums")
        self.model_style = enums.ModelStyle.OPENAI_COMPLETIONS
        namespace = {
            "copy": copy,
            "json": json,
            "re": re,
            "GORILLA_TO_OPENAPI": type_mappings.GORILLA_TO_OPENAPI,
            "ModelStyle": enums.ModelStyle,
        }
        utils = root / "bfcl_eval" / "utils.py"
        handler_utils = root / "bfcl_eval" / "model_handler" / "utils.py"
        load_functions_from_source(utils, ["is_js", "is_java", "_get_language_specific_hint", "_func_doc_language_specific_pre_processing"], namespace)
        load_functions_from_source(handler_utils, ["_cast_to_openai_type", "convert_to_tool"], namespace)
        self._pre = namespace["_func_doc_language_specific_pre_processing"]
        self._convert = namespace["convert_to_tool"]
        self._mapping = type_mappings.GORILLA_TO_OPENAPI
        self.is_java = namespace["is_java"]
        self.is_js = namespace["is_js"]

    def tools(self, functions: list[dict], test_category: str) -> list[dict]:
        docs = self._pre(copy.deepcopy(functions), test_category)
        converted = self._convert(docs, self._mapping, self.model_style)
        tools = []
        for tool in converted:
            function = tool["function"]
            tools.append(
                {
                    "type": "function",
                    "function": {
                        "name": function["name"],
                        "description": function.get("description", ""),
                        "parameters": function["parameters"],
                    },
                }
            )
        return tools

    @staticmethod
    def tool_name(name: str) -> str:
        """The name BFCL gives an OpenAI model (same rule as convert_to_tool)."""
        return re.sub(r"\.", "_", name)


def dump_line(row: dict) -> str:
    return json.dumps(row, ensure_ascii=False)

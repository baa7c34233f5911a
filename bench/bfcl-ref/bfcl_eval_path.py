"""BFCL's own evaluation path for one AST entry, run from the snapshot (python3, stdlib only).

Nothing of BFCL is copied here. At run time we execute, from the extracted snapshot:
  - bfcl_eval/eval_checker/ast_eval/ast_checker.py (imported as a module, with its type converters);
  - `_evaluate_single_ast_entry` of bfcl_eval/eval_checker/eval_runner.py (the function the AST
    runner calls for every entry: decode, format check, ast_checker);
  - `is_function_calling_format_output` of bfcl_eval/utils.py;
  - the `decode_ast` method of `OpenAICompletionsHandler` (model_handler/api_inference/openai_completion.py),
    i.e. what BFCL does with an OpenAI function-calling answer: `[{name: json.loads(arguments)}, ...]`.
The modules around them import third-party packages (openai, tqdm, filelock, ...), so only these
definitions are compiled from their source files, against the globals given here.

The model registry (`bfcl_eval.constants.model_config`, heavy imports) is replaced by a stub with one
entry, an OpenAI-style function-calling model whose `underscore_to_dot` is True (BFCL's setting for
OpenAI, Mistral and Google FC models: tools are offered with `.` replaced by `_`, and the checker
compares the model's function name with the expected name after the same replacement).
"""

from __future__ import annotations

import ast
import importlib
import json
import sys
import types
from pathlib import Path

import bfcl_common as common

MODEL_NAME = "callboard_openai-fc"  # BFCL turns "_" into "/" to look it up: "callboard/openai-fc"


def _compile_method(path: Path, class_name: str, method: str, namespace: dict):
    tree = ast.parse(common.require_file(path).read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == method:
                    module = ast.Module(body=[item], type_ignores=[])
                    exec(compile(module, str(path), "exec"), namespace)  # noqa: S102 - BFCL's own method
                    return namespace[method]
    common.fail(f"{path} no longer defines {class_name}.{method}: the snapshot's layout changed")


class EvalPath:
    def __init__(self, root: Path):
        if str(root) not in sys.path:
            sys.path.insert(0, str(root))
        stub = types.ModuleType("bfcl_eval.constants.model_config")
        stub.MODEL_CONFIG_MAPPING = {MODEL_NAME.replace("_", "/"): types.SimpleNamespace(underscore_to_dot=True)}
        sys.modules["bfcl_eval.constants.model_config"] = stub
        try:
            self.checker = importlib.import_module("bfcl_eval.eval_checker.ast_eval.ast_checker")
            enums = importlib.import_module("bfcl_eval.constants.enums")
        except ImportError as error:
            common.fail(f"cannot import BFCL's AST checker from {root}: {error}")
        self.Language = enums.Language
        self.ReturnFormat = enums.ReturnFormat
        base = root / "bfcl_eval"
        utils_ns: dict = {}
        common.load_functions_from_source(base / "utils.py", ["is_function_calling_format_output"], utils_ns)
        handler_ns = {"json": json, "default_decode_ast_prompting": self._no_prompting}
        decode_ast = _compile_method(base / "model_handler" / "api_inference" / "openai_completion.py", "OpenAICompletionsHandler", "decode_ast", handler_ns)
        self.handler = types.SimpleNamespace(is_fc_model=True)
        self.handler.decode_ast = types.MethodType(decode_ast, self.handler)
        runner_ns = {
            "ast_checker": self.checker.ast_checker,
            "is_function_calling_format_output": utils_ns["is_function_calling_format_output"],
            "Language": self.Language,
            "ReturnFormat": self.ReturnFormat,
            "BaseHandler": object,
        }
        common.load_functions_from_source(base / "eval_checker" / "eval_runner.py", ["_evaluate_single_ast_entry"], runner_ns)
        self._evaluate = runner_ns["_evaluate_single_ast_entry"]

    @staticmethod
    def _no_prompting(*_args, **_kwargs):
        raise AssertionError("prompting decode path is not used: the model is a function-calling model")

    def language(self, category: str):
        # eval_runner.ast_file_runner: is_java / is_js on the category name
        if "javascript" in category:
            return self.Language.JAVASCRIPT, self.ReturnFormat.JAVASCRIPT
        if "java" in category:
            return self.Language.JAVA, self.ReturnFormat.JAVA
        return self.Language.PYTHON, self.ReturnFormat.PYTHON

    def decode(self, model_result_item):
        """What BFCL's OpenAI FC handler decodes (raises like it does)."""
        return self.handler.decode_ast(model_result_item, None, False)

    def evaluate(self, entry: dict, possible_answer: list, category: str, model_result_item):
        """BFCL's verdict on one model result: (valid, error_type or None, errors list)."""
        language, return_format = self.language(category)
        result = self._evaluate(self.handler, entry["id"], model_result_item, possible_answer, entry, MODEL_NAME, category,
                                language=language, return_format=return_format, has_tool_call_tag=False)
        if result["valid"]:
            return True, None, []
        return False, result["error_type"], result["error"]

    def matches(self, func_doc: dict, call: dict, answer: dict, category: str) -> bool:
        """simple_function_checker on one decoded call against one possible-answer entry (used only to
        construct candidates, e.g. greedy-pairing traps; labels always come from `evaluate`)."""
        language, _ = self.language(category)
        try:
            return self.checker.simple_function_checker(func_doc, call, answer, language, MODEL_NAME)["valid"]
        except Exception:  # noqa: BLE001
            return False

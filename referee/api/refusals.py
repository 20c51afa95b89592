"""The refusal codes, read from the engine itself: every ``refuse("code", RULE)``
in ``referee.rules`` and ``referee.journal``, with the rules that refuse with
it and their explanation templates. The document lists them on Problem.code
(a table in the description, and ``x-refusal-codes``), so a client knows each
code without a hand-kept list falling behind the rules.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from functools import cache
from pathlib import Path

import referee.rules

# Codes the service itself answers with, besides the rules' refusals.
SERVICE_CODES = {
    "edition_exists": "POST /editions: an edition with this id exists already (409)",
    "invariant_broken": "The rules came to an outcome that breaks the books; nothing was stored (500)",
    "idempotency_key_reused": "The Idempotency-Key was first sent with another request; use a new key (422)",
    "rate_limited": "A route that needs no token, sent too often from one client: see Retry-After (429)",
    "storage_unavailable": "The disk is full, or the database read-only or locked too long; nothing was stored (503)",
    "seat_moved": "The seat moved to another device by its move link: this token no longer works (401)",
    "token_revoked": "The table replaced this token (a lost phone shut out): it no longer works (401)",
    "move_link_used": "The move link was opened already: a link moves a seat once (410)",
    "move_link_replaced": "A newer move link, or a new token from the table, replaced this link (410)",
    "move_link_expired": "The move link was not opened within its 10 minutes (410)",
}


def _modules() -> list[str]:
    found = [f"referee.rules.{m.name}" for m in pkgutil.iter_modules(referee.rules.__path__)]
    return sorted(found) + ["referee.journal"]


def _refusals(module_name: str) -> list[tuple[str, str]]:
    """(code, the rule's name in the module) of every ``refuse("code", RULE, ...)`` in the module, and of
    every refusal returned for a caller to raise (``return "code", RULE, values``)."""
    module = importlib.import_module(module_name)
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        called = getattr(node, "func", None)
        if isinstance(node, ast.Call) and getattr(called, "attr", getattr(called, "id", None)) == "refuse":
            found += _coded(node.args, module, named_rule=False)
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            found += _coded(node.value.elts, module, named_rule=True)
    return found


def _coded(items: list[ast.expr], module, named_rule: bool) -> list[tuple[str, str]]:
    """(code, rule name) when ``items`` start with a code and, for a returned refusal, one of the module's rules."""
    if not (items and isinstance(items[0], ast.Constant) and isinstance(items[0].value, str)):
        return []
    rule = items[1] if len(items) > 1 else None
    name = rule.id if isinstance(rule, ast.Name) else ""
    if named_rule and not hasattr(getattr(module, name, None), "template"):
        return []  # a returned tuple that is not a refusal
    return [(items[0].value, name)]


@cache
def refusal_codes() -> dict[str, str]:
    """Every refusal code, with the rules that refuse with it and what they say."""
    rules: dict[str, dict[str, str]] = {}
    for module_name in _modules():
        module = importlib.import_module(module_name)
        for code, name in _refusals(module_name):
            rule = getattr(module, name, None)
            said = rules.setdefault(code, {})
            if rule is not None and hasattr(rule, "template"):
                said[rule.id] = " ".join(rule.template.split())
            else:
                said.setdefault("", "")
    codes = {}
    for code, said in sorted(rules.items()):
        codes[code] = "; ".join(f"`{rule}`: {text}" for rule, text in sorted(said.items()) if rule) or code
    return {**codes, **SERVICE_CODES}


def _table(codes: dict[str, str]) -> str:
    rows = "\n".join(f"| `{code}` | {text.replace('|', '/')} |" for code, text in codes.items())
    return f"| code | refused by (rule: explanation) |\n|---|---|\n{rows}"


CODES_DESCRIBED = {
    "description": "Stable slug of a refusal (409) or of the service's own problems; a new one may be added."
    " Every code, with the rules that refuse with it:\n\n" + _table(refusal_codes()),
    "x-refusal-codes": refusal_codes(),
}

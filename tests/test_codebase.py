"""Promises about the code itself: a pure engine, lint-clean, formatted, a schedule of real files."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"flask", "flask_smorest", "sqlite_utils", "sqlite3", "marshmallow", "random"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "referee" / "rules").glob("*.py")), ids=lambda p: p.name)
def test_the_rules_engine_imports_no_web_storage_or_randomness(path):
    assert not imported_modules(path) & FORBIDDEN


def _ruff(*args: str) -> subprocess.CompletedProcess:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    return subprocess.run([ruff, *args, "referee", "tests", "benchmarks"], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing_to_lint():
    result = _ruff("check")
    assert result.returncode == 0, result.stdout


def test_ruff_finds_nothing_to_format():
    result = _ruff("format", "--check")
    assert result.returncode == 0, result.stdout


def test_the_schedule_names_only_test_files_there_are():
    # a renamed file would lose its place at the front silently: its figure must follow it
    from .scheduling import SECONDS

    assert [path for path in SECONDS if not (ROOT / path).is_file()] == []

"""The code's house rules, checked with every test run: ruff's lint rules, ruff's format, the
layer contract of docs/architecture.md (import-linter: imports only point down) and the type
check of the package (mypy, on the files ``[tool.mypy]`` names)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "umbrella_lab" / "engine"


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing():
    done = _run(sys.executable, "-m", "ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_formatted_with_ruff():
    done = _run(sys.executable, "-m", "ruff", "format", "--check", "--no-cache", ".")
    assert done.returncode == 0, "run `ruff format .`:\n" + done.stdout + done.stderr


def test_imports_only_point_down_the_layers():
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.skip("import-linter is not installed (pip install -e .[test])")
    done = _run(lint, "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_type_checks():
    # About 20 s the first time; mypy keeps what it learnt in .mypy_cache, so a rerun takes 1 s.
    done = _run(sys.executable, "-m", "mypy")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_engine_imports_no_module_by_name_but_the_games_package():
    """import-linter sees import statements; a module imported from a string it cannot see.

    The one the engine imports by name is the games' package, which hands the registry its
    loader (docs/architecture.md): so the engine, and the package's root, import no game.
    """
    by_name = re.compile(r"import_module\(|__import__\(|importlib\.util")
    found = [
        f"{path.relative_to(ROOT).as_posix()}:{line.strip()}"
        for path in sorted(ENGINE.glob("*.py"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if by_name.search(line)
    ]
    assert found == [
        "umbrella_lab/engine/core.py:importlib.import_module(self.package)"
        "  # the games' package sets the loader"
    ], found
    core = (ENGINE / "core.py").read_text(encoding="utf-8")
    assert 'package: str | None = "umbrella_lab.games"' in core


def test_sim_reaches_the_layers_above_only_for_a_design_reports_pictures():
    """By-name imports in sim: the report presenters (docs/architecture.md), pandas on first use."""
    by_name = re.compile(r"import_module\(|__import__\(|importlib\.util")
    found = [
        f"{path.relative_to(ROOT).as_posix()}:{line.strip()}"
        for path in sorted((ROOT / "umbrella_lab" / "sim").rglob("*.py"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if by_name.search(line)
    ]
    assert found == [
        "umbrella_lab/sim/_later.py:module = self._module = importlib.import_module(self.__name__)",
        "umbrella_lab/sim/design.py:return getattr(importlib.import_module(module), name)",
    ], found
    later = {  # _later imports on first use, and only libraries: never a layer of the kit
        name
        for path in (ROOT / "umbrella_lab" / "sim").rglob("*.py")
        for name in re.findall(r'later\("([\w.]+)"\)', path.read_text(encoding="utf-8"))
    }
    assert later == {"pandas", "numpy"}, later
    design = (ROOT / "umbrella_lab" / "sim" / "design.py").read_text(encoding="utf-8")
    named = re.findall(r'_upper\("([\w.]+)"', design)
    assert named, "the report's presenters are looked up with _upper"
    assert all(m.startswith(("umbrella_lab.charts.", "umbrella_lab.widgets.")) for m in named)

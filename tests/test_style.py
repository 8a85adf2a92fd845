"""The code's house rules, checked with every test run: ruff's lint rules, ruff's format, the
layer contract of docs/architecture.md (import-linter: imports only point down) and the type
check of the package (mypy, on the files ``[tool.mypy]`` names)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

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


# The contracts that wait for the games' own state modules: a game's rules and its effects
# still name each other's types under ``if TYPE_CHECKING:``.
WAITING_FOR_THE_GAMES = ("No import cycle inside a game", "Inside a game:")


def test_no_arrow_up_and_no_circle_even_of_type_only_imports(tmp_path):
    """The contracts again, an import under ``if TYPE_CHECKING:`` counted as an arrow.

    A type-only import never runs, but a reader (and a drawing of the package) sees it as an
    arrow all the same, so the engine, the servers and the layers keep their order with them
    too. The contracts inside a game join once no game's modules name each other's types.
    """
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.skip("import-linter is not installed (pip install -e .[test])")
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    config = settings["tool"]["importlinter"]
    lines = ["[tool.importlinter]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in config.items() if key != "contracts"]
    lines = [line for line in lines if not line.startswith("exclude_type_checking_imports")]
    lines.append("exclude_type_checking_imports = false")
    kept = [c for c in config["contracts"] if not c["name"].startswith(WAITING_FOR_THE_GAMES)]
    assert len(kept) == len(config["contracts"]) - len(WAITING_FOR_THE_GAMES)
    for contract in kept:
        lines.append("\n[[tool.importlinter.contracts]]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in contract.items()]
    counted = tmp_path / "pyproject.toml"
    counted.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = _run(lint, "--no-cache", str(counted))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_packages_root_and_the_games_import_each_other_in_no_circle():
    """The root (``import umbrella_lab``) imports the engine only; the games import no root.

    import-linter's contracts cannot name the root module alone (it holds every module), so
    this reads the imports with grimp, import-linter's own reader, type-only ones counted.
    """
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("umbrella_lab", exclude_type_checking_imports=False, cache_dir=None)
    root = sorted(graph.find_modules_directly_imported_by("umbrella_lab"))
    assert all(name.startswith("umbrella_lab.engine") for name in root), root
    importers = sorted(graph.find_modules_that_directly_import("umbrella_lab"))
    assert importers == ["umbrella_lab.cli"], importers  # for __version__


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

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
    """The import contracts of pyproject.toml, the imports under ``if TYPE_CHECKING:`` counted."""
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.skip("import-linter is not installed (pip install -e .[test])")
    done = _run(lint, "--no-cache")
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


def _circle(graph, package: str) -> list[str]:
    """A circle of imports among the modules of ``package``, or [] when they form none.

    A folder inside it (a game's rules split by the turn's steps) counts as one module, with
    the imports of every module in it; the test checks the folder's own modules in turn.
    """
    modules = graph.find_children(package)

    def part(name: str) -> str:
        """The module of ``package`` that is ``name`` or holds it."""
        return f"{package}.{name[len(package) + 1 :].split('.')[0]}"

    imports = {
        m: sorted(
            {
                part(other)
                for inner in {m, *graph.find_descendants(m)}
                for other in graph.find_modules_directly_imported_by(inner)
                if other.startswith(f"{package}.")
            }
            & modules - {m}
        )
        for m in modules
    }
    state: dict[str, int] = {}  # 1 while on the path, 2 once done

    def walk(module: str, path: list[str]) -> list[str]:
        state[module] = 1
        for other in imports[module]:
            if state.get(other) == 1:
                return [*path[path.index(other) :], other]
            if other not in state and (found := walk(other, [*path, other])):
                return found
        state[module] = 2
        return []

    for module in sorted(modules):
        if module not in state and (found := walk(module, [module])):
            return found
    return []


@pytest.mark.parametrize("game", ["academy", "corporation", "marvel", "pig", "umbrella"])
def test_a_games_modules_form_a_line_even_through_imports_that_only_name_a_type(game):
    """import-linter leaves out ``if TYPE_CHECKING:`` imports; here they count too.

    A card game's rules import its effects and actions, which name the state class: so the state
    is a module of its own (``state.py``) below them all, and they form a line.
    """
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("umbrella_lab", exclude_type_checking_imports=False, cache_dir=None)
    package = f"umbrella_lab.games.{game}"
    folders = sorted(m for m in graph.find_children(package) if graph.find_children(m))
    for inside in (package, *folders):  # the game, then a folder of its rules, if it has one
        circle = _circle(graph, inside)
        assert not circle, f"{inside}: its modules import in a circle: {' -> '.join(circle)}"

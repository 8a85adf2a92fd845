"""Adding a game touches nothing outside its folder (issue 36, one skeleton for every game).

A sixth game, Dice, is a copy of Pig's folder with its name changed in its own ``__init__.py``,
kept outside the kit in a folder ``umbrella_lab/games/`` of its own on ``sys.path`` (as a game
installed apart from the kit is). The kit finds it by its folder: it registers, loads, plays,
simulates, shows in the explorer with its own board and in the dashboard's menu, and the
import contracts hold it to the rules every game keeps, without a line changed elsewhere.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import umbrella_lab as ul
import umbrella_lab.games
from umbrella_lab.engine.core import REGISTRY, random_move
from umbrella_lab.engine.testing import check_game

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "umbrella_lab"
PIG = KIT / "games" / "pig"


def copy_pig(games: Path, name: str, title: str) -> Path:
    """Pig's folder copied to ``games/<name>``, renamed in its ``INFO`` only."""
    folder = games / name
    shutil.copytree(PIG, folder, ignore=shutil.ignore_patterns("__pycache__"))
    init = folder / "__init__.py"
    text = init.read_text(encoding="utf-8")
    assert text.count('name="pig"') == 1 and text.count('title="Pig"') == 1
    text = text.replace('name="pig"', f'name="{name}"').replace('title="Pig"', f'title="{title}"')
    init.write_text(text, encoding="utf-8")
    return folder


def rules_into_a_folder(folder: Path) -> Path:
    """The game's ``rules.py`` moved into a folder ``rules/``, as a long game splits its rules.

    The module becomes ``rules/turn.py`` (its relative imports one level further up), and
    ``rules/__init__.py`` hands on its names, so the game's other modules import as before.
    Returns the folder.
    """
    rules = folder / "rules"
    rules.mkdir()
    text = (folder / "rules.py").read_text(encoding="utf-8")
    (folder / "rules.py").unlink()
    (rules / "turn.py").write_text(text.replace("\nfrom .", "\nfrom .."), encoding="utf-8")
    (rules / "__init__.py").write_text(
        '"""The rules, one module per step of the turn."""\n\n'
        "from .turn import MOVES, Face, Hold, Roll, setup\n\n"
        '__all__ = ["MOVES", "Face", "Hold", "Roll", "setup"]\n',
        encoding="utf-8",
    )
    return rules


def kit_files() -> dict[str, tuple[int, int]]:
    """Every file of the kit's package and its settings: size and time of last change."""
    paths = [ROOT / "pyproject.toml", *KIT.rglob("*")]
    return {
        path.relative_to(ROOT).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in paths
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture
def dice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The sixth game's folder, on ``sys.path``; the kit forgets it afterwards."""
    folder = copy_pig(tmp_path / "umbrella_lab" / "games", "dice", "Dice")
    path = list(umbrella_lab.games.__path__)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        yield folder
    finally:
        REGISTRY.games.pop("dice", None)
        REGISTRY.broken.pop("dice", None)
        for module in [m for m in sys.modules if m.startswith("umbrella_lab.games.dice")]:
            del sys.modules[module]
        umbrella_lab.games.__path__[:] = path


def test_a_sixth_game_is_added_by_its_folder_alone(dice: Path):
    before = kit_files()
    assert "dice" in umbrella_lab.games.GAMES and "dice" in ul.games()
    game = ul.load("dice", players=3)
    assert (
        game.info.title == "Dice" and game.info.setup.__module__ == "umbrella_lab.games.dice.rules"
    )
    state = game.new(seed=1).apply("P1: roll the die").apply("the die shows 5")
    assert [str(a) for a in state.legal_actions()] == [
        "P1: roll the die",
        "P1: hold (bank 5, score 5)",
    ]
    assert state.events[-1].rule == "turn.points"
    check_game(game, range(20), random_move)
    rows = ul.sim.simulate("dice", "heuristic", n=20, players=2, workers=1, progress=False)
    assert len(rows) == 20 and set(rows["game"]) == {"dice"}
    # the explorer draws it with the board in its folder; the dashboard's menu offers it
    explorer = ul.explore("dice", seed=1)
    assert explorer.view.js == dice / "static" / "board.js"
    assert explorer.board_js == (dice / "static" / "board.js").read_text(encoding="utf-8")
    from umbrella_lab.widgets.dashboard import _playable_games

    assert "dice" in _playable_games()
    assert kit_files() == before  # nothing outside its folder changed


@pytest.mark.parametrize("name", ul.games())
def test_every_game_has_the_skeletons_parts_its_rules_a_module_or_a_folder(name: str):
    """The same files with the same roles in every game; long rules split into a folder."""
    folder = KIT / "games" / name
    parts = {"__init__.py", "state.py", "views.py", "board.py", "policies.py"}
    assert parts <= {path.name for path in folder.glob("*.py")}, name
    assert (folder / "digest.md").is_file() and (folder / "data").is_dir(), name
    assert (folder / "rules.py").is_file() != (folder / "rules" / "__init__.py").is_file(), (
        f"{name}: its rules are rules.py or the folder rules/, one of them"
    )


def test_a_new_game_may_keep_its_rules_in_a_folder(dice: Path):
    rules_into_a_folder(dice)
    game = ul.load("dice", players=2)
    assert game.info.setup.__module__ == "umbrella_lab.games.dice.rules.turn"
    check_game(game, range(10), random_move)


def test_a_folder_without_a_game_is_refused_with_the_reason(dice: Path):
    init = dice / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8").replace('name="dice"', 'name="die"'))
    with pytest.raises(
        ul.OptionError, match="its INFO is named 'die'; a game's name is its folder's"
    ):
        ul.load("dice")
    assert "pig" in ul.games() and "dice" not in ul.games()


@pytest.fixture
def lint_copy(tmp_path: Path) -> Callable[[], str]:
    """A copy of the kit and its settings in ``tmp_path``.

    Call it to check the import contracts there: it returns import-linter's report.
    """
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.skip("import-linter is not installed (pip install -e .[test])")
    shutil.copytree(KIT, tmp_path / "umbrella_lab", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)

    def lint_imports() -> str:
        done = subprocess.run(
            [lint, "--no-cache"], cwd=tmp_path, capture_output=True, text=True, check=False
        )
        return done.stdout + done.stderr

    return lint_imports


def test_the_import_contracts_hold_a_new_game_without_naming_it(tmp_path: Path, lint_copy):
    """The contracts name no game; a copy of the kit with a sixth game is checked as the five."""
    settings = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert all(f"umbrella_lab.games.{name}" not in settings for name in ul.games())
    folder = copy_pig(tmp_path / "umbrella_lab" / "games", "dice", "Dice")
    kept = lint_copy()
    assert re.search(r"Contracts: \d+ kept, 0 broken\.", kept), kept
    rules = folder / "rules.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nimport umbrella_lab.games.pig\n")
    found = lint_copy()
    assert "Each game stands alone: no game imports another BROKEN" in found, found
    assert "umbrella_lab.games.dice.rules -> umbrella_lab.games.pig" in found, found


def test_the_import_contracts_hold_a_rules_folder_and_see_a_circle_inside_it(
    tmp_path: Path, lint_copy
):
    """A game's rules split into a folder are held to the contracts, a circle among them too."""
    rules = rules_into_a_folder(copy_pig(tmp_path / "umbrella_lab" / "games", "dice", "Dice"))
    kept = lint_copy()
    assert re.search(r"Contracts: \d+ kept, 0 broken\.", kept), kept
    (rules / "start.py").write_text('"""A step before the turn."""\n\nfrom . import turn\n')
    turn = rules / "turn.py"
    turn.write_text(turn.read_text(encoding="utf-8") + "\nfrom . import start\n")
    found = lint_copy()
    assert "No import cycle inside a game BROKEN" in found, found
    assert "umbrella_lab.games.dice.rules" in found, found


def test_a_game_written_in_a_notebook_hands_its_board_over_in_its_info():
    from dataclasses import replace

    from umbrella_lab.engine.board import BoardView
    from umbrella_lab.widgets.views import view_for

    pig = ul.load("pig").info
    board = BoardView("any name", pig.board.model, PIG / "static" / "board.js", groups={"Dice": ()})
    REGISTRY.register(replace(pig, name="pig-in-a-notebook", board=board))
    try:
        found = view_for("pig-in-a-notebook")
        assert found.game == "pig-in-a-notebook" and found.groups == {"Dice": ()}
        assert found.source()[0] == (PIG / "static" / "board.js").read_text(encoding="utf-8")
        missing = BoardView("x", pig.board.model, PIG / "static" / "no-such-board.js")
        REGISTRY.register(replace(pig, name="pig-in-a-notebook", board=missing))
        with pytest.raises(
            FileNotFoundError,
            match=r"pig-in-a-notebook: the board's renderer '.*no-such-board.js' is not a file",
        ):
            view_for("pig-in-a-notebook")
    finally:
        REGISTRY.games.pop("pig-in-a-notebook")

"""Helpers shared by the data-file tests of every game.

Each test edits a fresh copy of a game's packaged data folder in ``tmp_path`` (the loaders
cache by folder, so the packaged files are never touched).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import umbrella_lab as ul

FULL = os.environ.get("UMBRELLA_LAB_FULL_TESTS") == "1"
"""True for the full test run (CI, ``python3 dev.py test --full``): every golden game, the
whole contract. The default run plays fewer games of each, to finish in a few minutes."""


def packaged_data(game: str) -> Path:
    """The folder of a game's packaged data files."""
    return Path(ul.__file__).parent / "games" / game / "data"


def rules_modules(folder: Path) -> list[Path]:
    """A game's rules: its ``rules.py``, or every module of its ``rules/`` folder, in name order.

    A short game keeps its rules in one module; a long one splits them by the turn's steps into
    a folder (the academy). Scans of "the rules" read either.
    """
    if (folder / "rules").is_dir():
        return sorted((folder / "rules").glob("*.py"))
    return [folder / "rules.py"] if (folder / "rules.py").is_file() else []


def copy_data(tmp_path: Path, game: str) -> Path:
    """A copy of the game's packaged data folder, to edit."""
    folder = tmp_path / "data"
    shutil.copytree(packaged_data(game), folder)
    return folder


def edit_entry(folder: Path, file: str, entry_id: str, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` inside the one ``[[...]]`` entry whose id is ``entry_id``.

    Both must be found exactly once, so a test never edits something it did not mean to.
    """
    path = folder / file
    blocks = path.read_text(encoding="utf-8").split("\n[[")
    hits = [i for i, block in enumerate(blocks) if f'\nid = "{entry_id}"\n' in block]
    assert len(hits) == 1, f"{file}: entry {entry_id!r} not found once"
    block = blocks[hits[0]]
    assert block.count(old) == 1, f"{file} {entry_id}: {old!r} not found once"
    blocks[hits[0]] = block.replace(old, new)
    path.write_text("\n[[".join(blocks), encoding="utf-8")


# --- acting through the public face (rules tests) -----------------------------------------------


def rules_of(state) -> list[str]:
    """Rule ids of the events of the last action."""
    return [event.rule for event in state.events]


def labels(state) -> list[str]:
    """The labels of the legal actions."""
    return [str(a) for a in state.legal_actions()]


def kinds(state) -> set[str]:
    """The kinds of the legal actions."""
    return {action.kind for action in state.legal_actions()}


def find(state, kind: str, text: str = ""):
    """The first legal action of ``kind`` whose label contains ``text``."""
    for action in state.legal_actions():
        if action.kind == kind and text in action.label:
            return action
    legal = labels(state)
    more = f" and {len(legal) - 20} more" if len(legal) > 20 else ""
    raise AssertionError(f"no legal {kind!r} action with {text!r}; legal: {legal[:20]}{more}")


def play(state, kind: str, text: str = ""):
    """The state after the first legal action of ``kind`` whose label contains ``text``."""
    return state.apply(find(state, kind, text))


# --- the explorer without a browser (widget tests) ----------------------------------------------


def frontend(widget, content: dict) -> None:
    """What the comm handler receives when the JS calls ``model.send(content)``."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def frontend_sets(widget, **state) -> None:
    """What it receives when the JS calls ``model.set(...); model.save_changes()``."""
    widget._handle_msg(
        {
            "content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
            "buffers": [],
        }
    )


def until(widget, test, limit: int = 900):
    """Auto-play one step at a time until ``test(widget.state)`` holds."""
    for _ in range(limit):
        if test(widget.state):
            return widget
        frontend(widget, {"type": "play", "steps": 1})
    raise AssertionError("the position was never reached")


def pig_position(
    scores: tuple[int, ...] = (0, 0),
    active: int = 0,
    turn_total: int = 0,
    rolling: bool = False,
    seed: int = 0,
    **options: object,
):
    """A Pig table with these scores, ``active`` to play and ``turn_total`` made this turn.

    >>> [str(a) for a in pig_position(scores=(95, 40), turn_total=4).legal_actions()]
    ['P1: roll the die', 'P1: hold (bank 4, score 99)']
    """
    state = ul.load("pig", players=len(scores), **options).new(seed)
    state.scores = list(scores)
    state.active, state.turn_total = active, turn_total
    state.step = "roll" if rolling else "decide"
    state.events = []
    return state

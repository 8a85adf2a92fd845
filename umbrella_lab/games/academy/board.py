"""The explorer's board for The Umbrella Academy Game: the view model and its BoardView.

The view model is ``state.to_dict(seat)`` plus what the table shows but the snapshot leaves
implicit: the hero powers in words, the villain count, who decides now and about what.
The drawing is ``static/board.js``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.board import BoardView
from umbrella_lab.engine.core import TEAM, State
from umbrella_lab.engine.differences import SEP

if TYPE_CHECKING:
    from umbrella_lab.games.academy.rules import AcademyState

_STAGE_WORDS = {
    "damage": "The team places {pending} damage on living heroes",
    "choose": "The team sends a hero to face card {card}",
    "keep": "Round over: the team keeps or discards cards, then draws up",
    "horror": "{name} gives life bars (Strength in Numbers)",
    "number-five": "{name} swaps two lineup cards (Time Travel)",
    "rumor": "{name} picks a card to defeat (I Heard a Rumour)",
    "seance": "{name} plays a card from the discard pile",
    "vanya": "{name} removes lineup cards",
    "vanya-hit": "The team picks who takes Vanya's 2 damage",
}


def board(state: State, seat: int | None = None) -> dict[str, Any]:
    """The table as the board renderer draws it (``seat``: as that seat sees it)."""
    state = cast("AcademyState", state)
    data = state.to_dict(seat)
    cards = state.cards
    for hero in data["heroes"]:
        card = cards.heroes[hero["hero"]]
        hero["power_text"] = card.text
        hero["to_act"] = data["to_act"] == hero["seat"]
    data["villains_total"] = len(state.faced) + len(state.villains)
    data["decides"] = _decides(state, data)
    data["title"] = state.game.info.title
    return data


def _decides(state: Any, data: dict[str, Any]) -> str:
    if data["result"]:
        return data["result"]["reason"]
    stage = data["stage"]
    position = data["faced_position"]
    name = state.hero_name(state.responder) if state.responder >= 0 else "The team"
    if stage == "face" and position >= 0:
        card = data["lineup"][position]
        return (
            f"{name} faces card {position + 1}: attack {card['attack']}, "
            f"{card['damage']} damage if left uncontested"
        )
    words = _STAGE_WORDS.get(stage)
    if words:
        return words.format(name=name, pending=data["pending_damage"], card=position + 1)
    who = "The team" if data["to_act"] == TEAM else name
    return f"{who} decides ({stage})"


def _lineup(cards: list[dict[str, Any]]) -> str:
    """The lineup in words, left to right: "30 blocked, 45 defeated, 40 waiting"."""
    return ", ".join(f"{c['attack']} {c['outcome']}" for c in cards) or "empty"


def _hand(hero: dict[str, Any]) -> str:
    """A hero's hand in words (attack values, story cards by name), or how many are hidden."""
    if hero.get("hand") is None:
        return f"{hero.get('hand_count', 0)} hidden"
    return (
        ", ".join(c["name"] if c["kind"] == "story" else str(c["attack"]) for c in hero["hand"])
        or "none"
    )


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[list[str]]:
    """What differs between two tables, in the board's words, the score first.

    Rows ``[place, in a, in b, mark]``: villains left and each hero's life bars (how the team
    stands), then the round, the villain, the Dysfunctional Family card, the lineup, each
    hero's hand and power use, and the decks.
    """
    rows = [
        [
            SEP.join(("Score", "villains left")),
            str(a["villains_left"]),
            str(b["villains_left"]),
            "villains left",
        ]
    ]
    for x, y in zip(a["heroes"], b["heroes"], strict=True):
        life = [
            f"{h['life']}/{h['max_life']} life" + ("" if h["alive"] else ", dead") for h in (x, y)
        ]
        rows.append([SEP.join(("Score", x["name"])), *life, SEP.join(("heroes", x["name"]))])

    def add(place: str, u: Any, v: Any, mark: str = "") -> None:
        if u != v:
            rows.append([place, str(u), str(v), mark])

    if a.get("result") != b.get("result"):
        add(
            SEP.join(("The table", "result")),
            (a.get("result") or {}).get("reason", "playing"),
            (b.get("result") or {}).get("reason", "playing"),
        )
    add(SEP.join(("The table", "round")), a["round"], b["round"], "round")
    add(SEP.join(("The table", "villain")), a["villain"]["name"], b["villain"]["name"], "villain")
    add(SEP.join(("The table", "Family card")), a["family"]["name"], b["family"]["name"], "family")
    add(SEP.join(("The table", "lineup")), _lineup(a["lineup"]), _lineup(b["lineup"]), "lineup")
    add(SEP.join(("The table", "damage to share")), a["pending_damage"], b["pending_damage"])
    for x, y in zip(a["heroes"], b["heroes"], strict=True):
        place = SEP.join(("heroes", x["name"]))
        add(SEP.join((x["name"], "hand")), _hand(x), _hand(y), SEP.join((place, "hand")))
        add(
            SEP.join((x["name"], "power used")),
            f"{x['power_used']} of {x['power_allowed']}",
            f"{y['power_used']} of {y['power_allowed']}",
            SEP.join((place, "power used")),
        )
    for key, words in (
        ("deck_count", "hero deck"),
        ("discard_count", "discard pile"),
        ("villain_deck_count", "villain deck"),
    ):
        add(SEP.join(("Decks", words)), a[key], b[key], key.replace("_", " "))
    return rows


STATIC = Path(__file__).parent / "static"
"""The board's renderer and style sheet: ``static/board.js`` and ``static/board.css``."""


BOARD = BoardView(
    game="academy",
    model=board,
    js=STATIC / "board.js",
    css=STATIC / "board.css",
    groups={
        "Attack": ("attack",),
        "Block": ("block",),
        "Power": (
            "power",
            "kraken",
            "double",
            "double-for",
            "kraken-boosted",
            "double-boosted",
            "kraken-at",
            "pogo",
        ),
        "Hero Boost": ("boosted", "boosted-twice", "boost-on"),
        "Heal": ("heal",),
        "Story": ("story",),
        "Who faces it": ("choose",),
        "Power choice": ("horror", "swap", "rumor", "seance", "vanya", "vanya-hit"),
        "Damage": ("spread", "damage"),
        "Keep or discard": ("keep", "discard"),
        "No answer": ("pass",),
    },
    seats=lambda state: [
        cast("AcademyState", state).hero_name(seat)
        for seat in range(cast("AcademyState", state).players)
    ],
    compare=compare,
    quiet=(
        "hand count",
        "responder",
        "to act",
        "faced position",
        "stage",
        "card",
        "label",
        "id",
        "text",
    ),
)

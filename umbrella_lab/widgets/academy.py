"""The explorer's board for The Umbrella Academy Game: the view model and its registration.

The view model is ``state.to_dict(seat)`` plus what the table shows but the snapshot leaves
implicit: the hero powers in words, the villain count, who decides now and about what.
The drawing is ``static/board-academy.js``.
"""

from __future__ import annotations

from typing import Any

from umbrella_lab.engine.core import TEAM, State
from umbrella_lab.widgets.views import BoardView, register_view

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


VIEW = register_view(
    BoardView(
        game="academy",
        model=board,
        js="board-academy.js",
        css="board-academy.css",
        groups={
            "Attack": ("attack",),
            "Block": ("block",),
            "Power": ("power", "kraken", "double", "pogo"),
            "Hero Boost": ("boosted",),
            "Heal": ("heal",),
            "Story": ("story",),
            "Who faces it": ("choose",),
            "Power choice": ("horror", "swap", "rumor", "seance", "vanya", "vanya-hit"),
            "Damage": ("spread", "damage"),
            "Keep or discard": ("keep", "discard"),
            "No answer": ("pass",),
        },
        seats=lambda state: [state.hero_name(seat) for seat in range(state.players)],
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
)

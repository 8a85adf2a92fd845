"""The explorer's board for Heroes vs the Umbrella Corporation: the view model and its BoardView.

The view model is ``state.to_dict(seat)`` plus what the table shows but the snapshot leaves
implicit: the six phases of the turn with the current one, who decides now and about what,
each card's part in the combat under way, and a combat panel (``fight``) with every committed
card's force, the totals before dice, the dice, the exact odds (from
:mod:`umbrella_lab.games.corporation.odds`) and what each roll of 2D6 would do. Nothing hidden
from the chosen seat is added. The drawing is ``static/board.js``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.board import BoardView
from umbrella_lab.engine.core import CHANCE, State
from umbrella_lab.engine.differences import SEP
from umbrella_lab.games.corporation.odds import TWO_DICE, win_probability

if TYPE_CHECKING:
    from umbrella_lab.games.corporation.rules import CorporationState

HERO, UMBRELLA = 0, 1
SIDE_KEYS = ("heroes", "umbrella")
SIDE_NAMES = ("Heroes", "Umbrella")

PHASES = (
    ("draw", "Draw", "draw.cards"),
    ("events", "Events", "event.order"),
    ("recruit", "Recruit", "recruit.teams"),
    ("assault", "Assault", "assault.declare"),
    ("hunt", "Search and Destroy", "search.declare"),
    ("end", "End", "end.hand-limit"),
)
"""The six phases of a turn [turn.phases]: key, name, rule."""

_PHASE_OF = {
    "search": "draw",
    "events": "events",
    "recruit": "recruit",
    "assault": "assault",
    "hunt": "hunt",
    "discard": "end",
}
_COMBAT_PHASES = ("commit", "roll", "lucky", "split", "fate")
_RESULT = re.compile(r"(\d+) \+ (\d+) = (\d+) against .*?(\d+) \+ (\d+) = (\d+)")


def board(state: State, seat: int | None = None) -> dict[str, Any]:
    """The table as the board renderer draws it (``seat``: as that seat sees it)."""
    state = cast("CorporationState", state)
    data = state.to_dict(seat)
    data["title"] = state.game.info.title
    data["seat_name"] = None if seat is None else SIDE_NAMES[seat]
    data["stage"] = _stage(state)
    data["phase_strip"] = _phase_strip(state, data["stage"])
    data["deciding"] = _deciding(state)
    data["decides"] = _decides(state)
    data["hand_limit"] = 5
    _mark_roles(state, data)
    data["fight"] = _fight(state) if state.combat and state.phase in _COMBAT_PHASES else None
    data["last_fight"] = None if data["fight"] else _last_fight(state)
    return data


# --- the turn ---------------------------------------------------------------------------------


def _stage(state: Any) -> str:
    """The phase of the turn the table is in: a key of :data:`PHASES`, ``"setup"`` or ``"over"``."""
    if state.result is not None:
        return "over"
    if state.turn == 0:
        return "setup"
    if state.combat and state.phase in _COMBAT_PHASES:
        return "assault" if state.combat == "assault" else "hunt"
    return _PHASE_OF.get(state.phase, "draw")


def _phase_strip(state: Any, stage: str) -> list[dict[str, Any]]:
    keys = [key for key, _, _ in PHASES]
    now = keys.index(stage) if stage in keys else -1
    strip = []
    for index, (key, name, rule) in enumerate(PHASES):
        if stage == "over" or stage == "setup":
            where = "later"
        else:
            where = "done" if index < now else "current" if index == now else "later"
        strip.append({"key": key, "name": name, "rule": rule, "number": index + 1, "at": where})
    return strip


def _deciding(state: Any) -> str | None:
    to_act = state.to_act
    if to_act is None:
        return None
    if to_act == CHANCE:
        return "luck"
    return SIDE_KEYS[to_act]


def _decides(state: Any) -> str:
    """Who decides now and about what, in the table's words (nothing hidden is told)."""
    if state.result is not None:
        return state.result.reason
    cards = state.cards
    phase = state.phase
    side = state.to_act
    who = "Luck" if side == CHANCE else "The Heroes" if side == HERO else "Umbrella"
    if phase == "search":
        if state.turn == 0:
            return "The Heroes choose their first team from the deck"
        return "The Heroes have no team in play: they search for one"
    if phase == "events":
        return f"{who} may play an Event card, or pass"
    if phase == "recruit":
        if side == HERO:
            return "The Heroes recruit: teams first, then characters onto teams"
        return "Umbrella recruits units (or builds the New Facility)"
    if phase == "assault":
        return "The Heroes may send one team to assault one facility"
    if phase == "hunt":
        return "Umbrella may send one unit to Search and Destroy one team"
    if phase == "commit":
        if state.combat == "assault":
            if side == HERO:
                return "The Heroes commit assault cards"
            return f"Umbrella defends {cards.umbrella[state.target].name}"
        if side == UMBRELLA:
            return "Umbrella commits cards to the mission"
        return f"The Heroes commit cards to defend {cards.hero[state.target].name}"
    if phase == "roll":
        return f"{SIDE_NAMES[state.roller]} roll 2D6"
    if phase == "lucky":
        return "The Heroes decide: roll again with K-Mart's luck, or keep the roll"
    if phase == "split":
        if side == CHANCE:
            return "Luck splits the destroyed team's characters: half discarded, half saved"
        return f"{who} choose which characters of the destroyed team are discarded"
    if phase == "fate":
        unit = state.attacker_unit()
        return f"A die decides whether {cards.umbrella[unit].name} is discarded (50%)"
    if phase == "discard":
        return f"{who} discard down to 5 cards (hand limit)"
    return f"{who} decide ({phase})"


# --- cards in play ----------------------------------------------------------------------------


def _mark_roles(state: Any, data: dict[str, Any]) -> None:
    """Tag each card in play with its part in the combat and its bonuses."""
    combat = state.combat if state.phase in _COMBAT_PHASES else ""
    hunt = combat == "hunt"
    defended = set(state.defended)
    for facility in data["umbrella"]["facilities"]:
        facility["role"] = (
            "target" if combat == "assault" and facility["number"] == state.target else ""
        )
        facility["new"] = not state.cards.umbrella[facility["number"]].start
    for unit in data["umbrella"]["units"]:
        number = unit["number"]
        role = ""
        if combat == "assault" and number == state.guard:
            role = "defending"
        elif hunt and number == state.attacker:
            role = "hunting"
        unit["role"] = role
        unit["defended"] = number in defended
    bonus_on = state.game.options["subtypes"] == "bonus"
    for team in data["heroes"]["teams"]:
        number = team["number"]
        team["role"] = ""
        if combat == "assault" and number == state.attacker:
            team["role"] = "attacking"
        elif hunt and number == state.target:
            team["role"] = "hunted"
        crew = team["characters"]
        team["limit"] = 3 if any(c["subtype"] == "survivor" for c in crew) else 2
        for character in crew:
            character["match"] = bonus_on and character["subtype"] == team["subtype"]


# --- the combat panel -------------------------------------------------------------------------


def _line(name: str, value: int, note: str = "", kind: str = "") -> dict[str, Any]:
    return {"name": name, "value": value, "note": note, "kind": kind}


def _team_lines(state: Any, team: int, unit: int, hunted: bool) -> list[dict[str, Any]]:
    """The team and its characters, each with its force and bonuses [recruit.subtypes]."""
    hero = state.cards.hero
    card = hero[team]
    against = state.cards.umbrella[unit].subtype if unit >= 0 else ""
    bonus_on = state.game.options["subtypes"] == "bonus"
    lines = [_line(card.name, card.force, f"{card.subtype.capitalize()} team", "team")]
    for number in state.crews[state.teams.index(team)]:
        member = hero[number]
        value, notes = member.force, []
        if bonus_on and member.subtype == card.subtype:
            value += 1
            notes.append("+1 sub-type")
        if member.effect == "bonus-vs" and member.against == against:
            value += member.amount
            notes.append(f"+{member.amount} vs {against.capitalize()}")
        if member.effect == "hunt-defence" and hunted:
            value += member.amount
            notes.append(f"+{member.amount} defending")
        lines.append(
            _line(member.name, value, ", ".join(notes) or member.subtype.capitalize(), "character")
        )
    return lines


def _unit_line(state: Any, unit: int, defending: bool, role: str) -> dict[str, Any]:
    card = state.cards.umbrella[unit]
    value = state.unit_force(unit, defending=defending)
    notes = [role, card.subtype.capitalize()]
    if value == 0 and card.force > 0:
        notes.append("0: Anti-Virus")
    elif defending and card.effect == "defence":
        notes.append(f"+{card.amount} defending")
    return _line(card.name, value, ", ".join(notes), "unit")


def _committed_lines(state: Any, side: int) -> list[dict[str, Any]]:
    cards = state.cards.hero if side == HERO else state.cards.umbrella
    lines = []
    for number in state.committed[side]:
        card = cards[number]
        if card.effect == "anti-virus":
            lines.append(_line(card.name, 0, f"{card.against.capitalize()} unit counts 0", "event"))
        else:
            lines.append(_line(card.name, card.amount, card.kind.capitalize(), card.kind))
    return lines


def _balanced(lines: list[dict[str, Any]], force: int) -> list[dict[str, Any]]:
    """The lines, with one more if they do not add up to the rules' force (never hides it)."""
    gap = force - sum(line["value"] for line in lines)
    if gap:
        lines.append(_line("Other bonuses", gap, "", "other"))
    return lines


def _odds(p: Fraction) -> dict[str, Any]:
    """An exact probability: the fraction, the percentage, and out of 1,296 dice pairs."""
    return {
        "fraction": str(p),
        "percent": f"{float(p) * 100:.1f}%",
        "p": float(p),
        "of_1296": int(p * 1296) if (p * 1296).denominator == 1 else None,
    }


def _win_given(attack: int, defence: int, a_roll: int, d_roll: int, ties: str) -> Fraction:
    """The attacker's chance, with the rolls known so far (0 = not rolled yet)."""
    if a_roll and d_roll:
        total_a, total_d = attack + a_roll, defence + d_roll
        return Fraction(int(total_a > total_d or (total_a == total_d and ties == "attacker")))
    if a_roll:
        return sum(
            (
                p
                for total, p in TWO_DICE.items()
                if attack + a_roll > defence + total
                or (attack + a_roll == defence + total and ties == "attacker")
            ),
            Fraction(0),
        )
    if d_roll:
        return sum(
            (
                p
                for total, p in TWO_DICE.items()
                if attack + total > defence + d_roll
                or (attack + total == defence + d_roll and ties == "attacker")
            ),
            Fraction(0),
        )
    return win_probability(attack, defence, ties)


def _fight(state: Any) -> dict[str, Any]:
    """The combat under way: both sides' cards and forces, dice and exact odds."""
    cards = state.cards
    assault = state.combat == "assault"
    attacker_side = HERO if assault else UMBRELLA
    ties = "attacker" if assault else state.game.options["search_ties"]
    rolls = list(state.rolls)
    resolved = state.phase in ("split", "fate")
    last = state.history[-1] if resolved and state.history else None
    if assault:
        attacker_name = cards.hero[state.attacker].name
        target_name = cards.umbrella[state.target].name
    else:
        attacker_name = cards.umbrella[state.attacker].name
        target_name = cards.hero[state.target].name
    sides: dict[str, dict[str, Any]] = {}
    if last is None:
        attack, defence = state.forces()
        if assault:
            hero_lines = _team_lines(state, state.attacker, state.guard, hunted=False)
            umbrella_lines = [
                _line(target_name, cards.umbrella[state.target].force, "Facility", "facility")
            ]
            if state.guard >= 0:
                umbrella_lines.append(_unit_line(state, state.guard, True, "Defending unit"))
        else:
            umbrella_lines = [_unit_line(state, state.attacker, False, "Hunting unit")]
            hero_lines = _team_lines(state, state.target, state.attacker, hunted=True)
        hero_lines += _committed_lines(state, HERO)
        umbrella_lines += _committed_lines(state, UMBRELLA)
        forces = (attack, defence) if assault else (defence, attack)  # by side
        hero_lines = _balanced(hero_lines, forces[HERO])
        umbrella_lines = _balanced(umbrella_lines, forces[UMBRELLA])
        lines = (hero_lines, umbrella_lines)
    else:
        attack = last[4] - rolls[attacker_side]
        defence = last[5] - rolls[1 - attacker_side]
        forces = (attack, defence) if assault else (defence, attack)
        lines = ([], [])
    for side in (HERO, UMBRELLA):
        roll = rolls[side]
        sides[SIDE_KEYS[side]] = {
            "name": SIDE_NAMES[side],
            "role": "attack" if side == attacker_side else "defence",
            "lines": lines[side],
            "committed": len(state.committed[side]),
            "force": forces[side],
            "roll": roll or None,
            "total": forces[side] + roll if roll else None,
        }
    a_roll, d_roll = rolls[attacker_side], rolls[1 - attacker_side]
    before = win_probability(attack, defence, ties)
    won = None
    if last is not None:
        won = bool(last[6])
    fight: dict[str, Any] = {
        "kind": state.combat,
        "title": "Assault" if assault else "Search and Destroy",
        "rule": "assault.result" if assault else "search.result",
        "attacker": SIDE_KEYS[attacker_side],
        "defender": SIDE_KEYS[1 - attacker_side],
        "attacker_name": attacker_name,
        "target_name": target_name,
        "headline": (
            f"{attacker_name} assaults {target_name}"
            if assault
            else f"{attacker_name} hunts {target_name}"
        ),
        "total_names": (
            ["Assault Force Total", "Facility Defence Total"]
            if assault
            else ["Search and Destroy Force Total", "Team Defence Total"]
        ),
        "ties": ties,
        "ties_words": (
            "A tie goes to the attacker"
            if ties == "attacker"
            else "A tie goes to the defending team (option search_ties)"
        ),
        "stage": state.phase,
        "sides": sides,
        "committer": SIDE_KEYS[state.committer] if state.phase == "commit" else None,
        "before": _odds(before),
        "now": None if resolved else _odds(_win_given(attack, defence, a_roll, d_roll, ties)),
        "rolled": bool(a_roll or d_roll),
        "won": won,
        "outcome": None
        if won is None
        else _outcome_words(assault, won, attacker_name, target_name),
        "dice": None,
        "reroll": None,
    }
    if state.phase == "roll":
        fight["dice"] = _dice_strip(state, attack, defence, ties)
    if state.phase == "lucky":
        fight["reroll"] = _reroll(attack, defence, a_roll, d_roll, ties, assault)
    if resolved:
        fight["after"] = [_after_words(state, step) for step in state.after]
    return fight


def _dice_strip(state: Any, attack: int, defence: int, ties: str) -> dict[str, Any]:
    """What each total of the coming 2D6 roll does: its odds and the attacker's chance after it."""
    assault = state.combat == "assault"
    attacker_side = HERO if assault else UMBRELLA
    roller = state.roller
    rolls = list(state.rolls)
    cells = []
    for total, p in TWO_DICE.items():
        trial = rolls[:]
        trial[roller] = total
        chance = _win_given(attack, defence, trial[attacker_side], trial[1 - attacker_side], ties)
        cells.append(
            {
                "total": total,
                "ways": int(p * 36),
                "p": float(p),
                "percent": f"{float(p) * 100:.1f}%",
                "attacker_chance": float(chance),
                "attacker_percent": f"{float(chance) * 100:.0f}%",
                "decided": chance in (0, 1),
                "attacker_wins": chance == 1,
            }
        )
    return {
        "roller": SIDE_KEYS[roller],
        "roller_name": SIDE_NAMES[roller],
        "roller_is_attacker": roller == attacker_side,
        "cells": cells,
    }


def _reroll(
    attack: int, defence: int, a_roll: int, d_roll: int, ties: str, assault: bool
) -> dict[str, Any]:
    """K-Mart's choice [ability.lucky]: the Heroes' chance if they keep, and if they re-roll."""
    keep = _win_given(attack, defence, a_roll, d_roll, ties)
    if assault:  # the Heroes attack: their roll is the attacker's
        again = _win_given(attack, defence, 0, d_roll, ties)
    else:  # the Heroes defend: their roll is the defender's
        again = _win_given(attack, defence, a_roll, 0, ties)
    heroes = (lambda p: p) if assault else (lambda p: 1 - p)
    return {"keep": _odds(heroes(keep)), "again": _odds(heroes(again))}


def _outcome_words(assault: bool, won: bool, attacker: str, target: str) -> str:
    if assault:
        return f"{target} is destroyed" if won else f"The defence holds: {attacker} is destroyed"
    return f"{target} is destroyed" if won else f"{target} holds: {attacker} is discarded"


def _after_words(state: Any, step: str) -> str:
    if step == "split":
        return "The destroyed team's characters are split: half discarded, half back to hand"
    unit = state.cards.umbrella[state.attacker_unit()].name
    return f"50% chance that {unit} is discarded"


def _last_fight(state: Any) -> dict[str, Any] | None:
    """The last combat of this turn, once it is over (the dice from the step that rolled them)."""
    if not state.history:
        return None
    kind, turn, attacker, target, attack_total, defence_total, won = state.history[-1]
    if turn != state.turn:
        return None
    cards = state.cards
    assault = kind == "assault"
    attacker_name = (cards.hero if assault else cards.umbrella)[attacker].name
    target_name = (cards.umbrella if assault else cards.hero)[target].name
    fight: dict[str, Any] = {
        "kind": kind,
        "title": "Assault" if assault else "Search and Destroy",
        "rule": "assault.result" if assault else "search.result",
        "attacker": "heroes" if assault else "umbrella",
        "headline": (
            f"{attacker_name} assaulted {target_name}"
            if assault
            else f"{attacker_name} hunted {target_name}"
        ),
        "attack_total": attack_total,
        "defence_total": defence_total,
        "won": bool(won),
        "outcome": _outcome_words(assault, bool(won), attacker_name, target_name),
        "just_now": False,
        "attack": None,
        "defence": None,
    }
    for event in state.events:  # the step that rolled the last die tells the dice
        if event.rule in ("assault.result", "search.result"):
            found = _RESULT.search(event.text)
            if found:
                numbers = [int(x) for x in found.groups()]
                fight["attack"] = {"force": numbers[0], "roll": numbers[1], "total": numbers[2]}
                fight["defence"] = {"force": numbers[3], "roll": numbers[4], "total": numbers[5]}
                fight["just_now"] = True
    return fight


def _names(cards: list[dict[str, Any]] | None, hidden: int = 0) -> str:
    """Cards by name, a repeated one counted: "Regroup x 2, Intel"; none: "none"."""
    if cards is None:
        return f"{hidden} hidden"
    counts: dict[str, int] = {}
    for card in cards:
        counts[card["name"]] = counts.get(card["name"], 0) + 1
    return ", ".join(f"{n} x {k}" if k > 1 else n for n, k in counts.items()) or "none"


def _team(team: dict[str, Any]) -> str:
    """A team in play with its characters: "Arcadia Convoy (force 3: K-Mart)"."""
    crew = ", ".join(c["name"] for c in team.get("characters", []))
    force = team.get("team_force", team.get("force"))
    return f"{team['name']} (force {force}{': ' + crew if crew else ''})"


def _phase(board: dict[str, Any]) -> str:
    """The phase of the turn by its name on the board ("Search and Destroy")."""
    for phase in board.get("phase_strip") or []:
        if phase.get("at") == "current":
            return str(phase["name"])
    return str(board.get("stage") or board.get("phase") or "")


def _combat(combat: dict[str, Any] | None) -> str:
    """The combat under way in words, or "none"."""
    if not combat:
        return "none"
    verb = "assaults" if combat.get("kind") == "assault" else "hunts"
    attacker, target = combat.get("attacker") or {}, combat.get("target") or {}
    return f"{attacker.get('name', '?')} {verb} {target.get('name', '?')}"


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[list[str]]:
    """What differs between two tables, in the board's words, the score first.

    Rows ``[place, in a, in b, mark]``: the facilities and teams destroyed (the race the game
    is), then the turn, each side's hand, discard pile, teams, units and facilities, and the
    combat under way.
    """
    rows = [
        [
            SEP.join(("Score", "facilities destroyed")),
            str(len(a["umbrella"]["removed"])),
            str(len(b["umbrella"]["removed"])),
            SEP.join(("umbrella", "removed")),
        ],
        [
            SEP.join(("Score", "teams destroyed")),
            str(len(a["heroes"]["removed"])),
            str(len(b["heroes"]["removed"])),
            SEP.join(("heroes", "removed")),
        ],
    ]

    def add(place: str, x: str, y: str, mark: str = "") -> None:
        if x != y:
            rows.append([place, x, y, mark])

    if a.get("result") != b.get("result"):
        add(
            SEP.join(("The table", "result")),
            (a.get("result") or {}).get("reason", "playing"),
            (b.get("result") or {}).get("reason", "playing"),
        )
    add(SEP.join(("The table", "turn")), str(a.get("turn")), str(b.get("turn")), "turn")
    add(SEP.join(("The table", "phase")), _phase(a), _phase(b), "phase")
    add(SEP.join(("The table", "combat")), _combat(a.get("combat")), _combat(b.get("combat")))
    for key, side in (("heroes", "Heroes"), ("umbrella", "Umbrella")):
        x, y = a[key], b[key]
        hands = [_names(z.get("hand"), z.get("hand_count", 0)) for z in (x, y)]
        add(SEP.join((side, "hand")), *hands, SEP.join((key, "hand")))  # type: ignore[call-arg]
        add(
            SEP.join((side, "discard pile")),
            _names(x["discard"]),
            _names(y["discard"]),
            SEP.join((key, "discard")),
        )
        add(
            SEP.join((side, "removed from the game")),
            _names(x["removed"]),
            _names(y["removed"]),
            SEP.join((key, "removed")),
        )
        add(
            SEP.join((side, "cards in the deck")),
            str(x["deck_count"]),
            str(y["deck_count"]),
            SEP.join((key, "deck count")),
        )
    add(
        SEP.join(("Heroes", "teams in play")),
        "; ".join(_team(t) for t in a["heroes"]["teams"]) or "none",
        "; ".join(_team(t) for t in b["heroes"]["teams"]) or "none",
        SEP.join(("heroes", "teams")),
    )
    for key, words in (("units", "units in play"), ("facilities", "facilities")):
        add(
            SEP.join(("Umbrella", words)),
            _names(a["umbrella"][key]),
            _names(b["umbrella"][key]),
            SEP.join(("umbrella", key)),
        )
    return rows


STATIC = Path(__file__).parent / "static"
"""The board's renderer and style sheet: ``static/board.js`` and ``static/board.css``."""


BOARD = BoardView(
    game="corporation",
    model=board,
    js=STATIC / "board.js",
    css=STATIC / "board.css",
    groups={
        "Search for a team": ("search",),
        "Event cards": ("event",),
        "Recruit": ("team", "attach", "unit", "facility"),
        "Assault": ("assault",),
        "Search and Destroy": ("hunt",),
        "Commit to the combat": ("defend", "commit"),
        "K-Mart's luck": ("reroll", "keep"),
        "Split the characters": ("split",),
        "Hand limit": ("discard",),
        "Done": ("done", "commit-done", "skip", "pass"),
    },
    seats=lambda state: list(SIDE_NAMES),
    compare=compare,
    quiet=("to act", "number", "id", "text", "combats", "seed"),
)

"""What the table looks like: JSON snapshots, per-seat views, text and HTML pictures.

Also each side's part in a played game (:func:`part`, for the class table's summary).

Deck orders are never shown, only counts [cards.hidden]. A seat sees its own hand; of the other
hand it sees only the size. Everything in play, both discard piles, the cards removed from the
game, the cards committed to a combat and the dice are face up.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.core import CHANCE
from umbrella_lab.engine.parts import Played
from umbrella_lab.engine.words import plural
from umbrella_lab.games.corporation.actions import EVENTS_PLAYED

if TYPE_CHECKING:
    from umbrella_lab.games.corporation.rules import CorporationState

HERO, UMBRELLA = 0, 1


def _hero_card(state: CorporationState, number: int) -> dict[str, Any]:
    card = state.cards.hero[number]
    return {
        "number": number,
        "id": card.id,
        "name": card.name,
        "kind": card.kind,
        "subtype": card.subtype,
        "force": card.force,
        "text": card.text,
    }


def _umbrella_card(state: CorporationState, number: int) -> dict[str, Any]:
    card = state.cards.umbrella[number]
    return {
        "number": number,
        "id": card.id,
        "name": card.name,
        "kind": card.kind,
        "subtype": card.subtype,
        "force": card.force,
        "text": card.text,
    }


def snapshot(state: CorporationState, seat: int | None = None) -> dict[str, Any]:
    """The table as JSON-able data; with ``seat`` (0 Heroes, 1 Umbrella), as that seat sees it.

    The seat is checked by the engine (``State.to_dict``) before it reaches here.
    """
    teams = []
    for team, crew in zip(state.teams, state.crews, strict=True):
        entry = _hero_card(state, team)
        entry["characters"] = [_hero_card(state, n) for n in crew]
        entry["team_force"] = state.team_force(team)
        teams.append(entry)
    combat = None
    if state.combat:
        attack, defence = (
            state.forces() if state.phase in ("commit", "roll", "lucky") else (None, None)
        )
        odds = state.combat_odds()
        hunt = state.combat == "hunt"
        combat = {
            "kind": state.combat,
            "attacker": (_umbrella_card if hunt else _hero_card)(state, state.attacker),
            "target": (_hero_card if hunt else _umbrella_card)(state, state.target),
            "defending_unit": None if state.guard < 0 else _umbrella_card(state, state.guard),
            "committed": {
                "heroes": [_hero_card(state, n) for n in state.committed[HERO]],
                "umbrella": [_umbrella_card(state, n) for n in state.committed[UMBRELLA]],
            },
            "rolls": {
                "heroes": state.rolls[HERO] or None,
                "umbrella": state.rolls[UMBRELLA] or None,
            },
            "attack_force": attack,
            "defence_force": defence,
            "attacker_wins": None if odds is None else str(odds),
        }
    last = state.history[-1] if state.history else None
    result = state.result
    to_act = state.to_act

    def hand(side: int) -> list[dict[str, Any]] | None:
        if seat is not None and seat != side:
            return None
        maker = _hero_card if side == HERO else _umbrella_card
        return [maker(state, n) for n in state.hands[side]]

    return {
        "game": "corporation",
        "seat": seat,
        **(
            {"seed": state.seed} if seat is None else {}
        ),  # a seat never sees the seed: it fixes every deal
        "options": {k: str(v) if k == "data" else v for k, v in state.game.changed_options.items()},
        "turn": state.turn,
        "phase": state.phase,
        "to_act": to_act,
        "lockdown": state.lockdown,
        "heroes": {
            "hand": hand(HERO),
            "hand_count": len(state.hands[HERO]),
            "deck_count": len(state.decks[HERO]),
            "discard": [_hero_card(state, n) for n in state.discards[HERO]],
            "removed": [_hero_card(state, n) for n in state.removed[HERO]],
            "teams": teams,
        },
        "umbrella": {
            "hand": hand(UMBRELLA),
            "hand_count": len(state.hands[UMBRELLA]),
            "deck_count": len(state.decks[UMBRELLA]),
            "discard": [_umbrella_card(state, n) for n in state.discards[UMBRELLA]],
            "removed": [_umbrella_card(state, n) for n in state.removed[UMBRELLA]],
            "facilities": [_umbrella_card(state, n) for n in state.facilities],
            "units": [_umbrella_card(state, n) for n in state.units],
            "defended_this_turn": sorted(state.defended),
        },
        "combat": combat,
        "split": [_hero_card(state, n) for n in state.split_cards],
        "last_combat": None
        if last is None
        else {
            "kind": last[0],
            "turn": last[1],
            "attack_total": last[4],
            "defence_total": last[5],
            "attacker_won": last[6],
        },
        "combats": len(state.history),
        "result": None if result is None else result.to_dict(),
    }


def to_text(state: CorporationState, seat: int | None = None) -> str:
    """A plain-text picture of the table (as ``seat`` sees it, if given)."""
    data = snapshot(state, seat)
    heroes, umbrella = data["heroes"], data["umbrella"]
    lines = [
        f"Turn {data['turn']}, {data['phase']}"
        + (f"   (seen by seat {seat})" if seat is not None else "")
    ]
    lines.append(
        "UMBRELLA  facilities: "
        + (", ".join(f"{c['name']} {c['force']}" for c in umbrella["facilities"]) or "none")
    )
    lines.append(
        "          units: "
        + (
            ", ".join(f"{c['name']} ({c['subtype']}) {c['force']}" for c in umbrella["units"])
            or "none"
        )
    )
    lines.append(
        f"          hand: {_hand_words(umbrella)}; deck {umbrella['deck_count']}, "
        f"discard {len(umbrella['discard'])}, destroyed {len(umbrella['removed'])}"
    )
    lines.append("HEROES    teams:")
    for team in heroes["teams"]:
        crew = ", ".join(f"{c['name']} {c['force']}" for c in team["characters"]) or "no one"
        lines.append(
            f"            {team['name']} ({team['subtype']}) force {team['team_force']}: {crew}"
        )
    if not heroes["teams"]:
        lines.append("            none")
    lines.append(
        f"          hand: {_hand_words(heroes)}; deck {heroes['deck_count']}, "
        f"discard {len(heroes['discard'])}, destroyed {len(heroes['removed'])}"
    )
    combat = data["combat"]
    if combat:
        what = "Assault" if combat["kind"] == "assault" else "Search and Destroy"
        guard = (
            f" defended by {combat['defending_unit']['name']}" if combat["defending_unit"] else ""
        )
        lines.append(
            f"{what}: {combat['attacker']['name']} against {combat['target']['name']}{guard}"
        )
        committed = [c["name"] for c in combat["committed"]["heroes"]] + [
            c["name"] for c in combat["committed"]["umbrella"]
        ]
        if committed:
            lines.append("  committed: " + ", ".join(committed))
        if combat["attack_force"] is not None:
            rolls = combat["rolls"]
            lines.append(
                f"  force {combat['attack_force']} vs {combat['defence_force']}; "
                f"dice: Heroes {rolls['heroes'] or '-'}, Umbrella "
                f"{rolls['umbrella'] or '-'}; attacker wins with probability "
                f"{combat['attacker_wins']}"
            )
    if data["lockdown"]:
        lines.append("Red Queen Lockdown: no assault this turn.")
    if data["result"]:
        lines.append(data["result"]["reason"])
    else:
        who = {HERO: "the Heroes", UMBRELLA: "Umbrella", CHANCE: "luck (a chance step)"}.get(
            data["to_act"], "-"
        )
        lines.append(f"To decide: {who}")
    return "\n".join(lines)


def _hand_words(side: dict[str, Any]) -> str:
    if side["hand"] is None:
        return plural(side["hand_count"], "hidden card")
    return ", ".join(c["name"] for c in side["hand"]) or "empty"


def to_html(state: CorporationState, seat: int | None = None) -> str:
    """A static HTML picture of the table, readable without a live kernel."""
    data = snapshot(state, seat)
    heroes, umbrella = data["heroes"], data["umbrella"]

    def chip(card: dict[str, Any], colour: str) -> str:
        return (
            f'<span style="display:inline-block;border:1px solid #999;border-radius:5px;'
            f'padding:2px 6px;margin:2px;background:{colour}">{escape(card["name"])} '
            f"<b>{card['force']}</b></span>"
        )

    parts = [
        '<div style="font-family:sans-serif;max-width:760px;border:1px solid #ccc;'
        'border-radius:8px;padding:10px;background:#fcfcfc">',
        f'<div style="font-size:17px;font-weight:bold">Heroes vs the Umbrella '
        f"Corporation: turn {data['turn']} ({escape(data['phase'])})</div>",
        '<div style="margin-top:6px"><b>Umbrella</b> facilities: ',
    ]
    parts += [chip(c, "#ffe0e0") for c in umbrella["facilities"]] or ["none"]
    parts.append("<br>units: ")
    parts += [chip(c, "#fff0d0") for c in umbrella["units"]] or ["none"]
    parts.append(
        f"<br><small>hand {umbrella['hand_count']}, deck {umbrella['deck_count']}, "
        f"discard {len(umbrella['discard'])}</small></div>"
    )
    parts.append('<div style="margin-top:6px"><b>Heroes</b> teams:')
    for team in heroes["teams"]:
        parts.append(
            f'<div style="margin-left:12px">{chip(team, "#dde8ff")} force {team["team_force"]}: '
        )
        parts += [chip(c, "#e8f5e8") for c in team["characters"]]
        parts.append("</div>")
    parts.append(
        f"<small>hand {heroes['hand_count']}, deck {heroes['deck_count']}, "
        f"discard {len(heroes['discard'])}</small></div>"
    )
    if data["result"]:
        parts.append(
            f'<div style="font-weight:bold;margin-top:6px">{escape(data["result"]["reason"])}</div>'
        )
    parts.append("</div>")
    return "".join(parts)


RECRUITS = {
    "team": (HERO, "teams put in play"),
    "attach": (HERO, "characters attached"),
    "unit": (UMBRELLA, "units put in play"),
    "facility": (UMBRELLA, "New Facility built"),
}
"""The Recruit Phase's moves, each counted for its side [recruit.*]."""


def part(played: Played) -> Iterator[tuple[int, str, int]]:
    """What one move did for each side, in the rulebook's terms.

    The Heroes: teams and characters put in play [recruit.*], assaults made and won
    [assault.*], Facilities destroyed [assault.result]. Umbrella: units put in play and the
    New Facility [recruit.*], Search and Destroy missions made and won [search.*], teams
    destroyed [search.result] [assault.team-destroyed]. Both: event cards played [event.*].
    """
    before = cast("CorporationState", played.before)
    after, move = cast("CorporationState", played.after), played.move
    for kind, (side, what) in RECRUITS.items():
        yield side, what, int(move.kind == kind)
    combats = after.history[len(before.history) :]
    assaults = [won for kind, *_, won in combats if kind == "assault"]
    hunts = [won for kind, *_, won in combats if kind == "hunt"]
    yield HERO, "assaults", len(assaults)
    yield HERO, "assaults won", sum(assaults)
    yield HERO, "Facilities destroyed", _facilities(after) - _facilities(before)
    yield UMBRELLA, "Search and Destroy missions", len(hunts)
    yield UMBRELLA, "missions won", sum(hunts)
    yield UMBRELLA, "teams destroyed", len(after.removed[HERO]) - len(before.removed[HERO])
    if played.seat in (HERO, UMBRELLA):
        played_events = after.stats[EVENTS_PLAYED] - before.stats[EVENTS_PLAYED]
        yield played.seat, "event cards played", played_events


def _facilities(state: CorporationState) -> int:
    umbrella = state.cards.umbrella
    return sum(1 for n in state.removed[UMBRELLA] if umbrella[n].kind == "facility")

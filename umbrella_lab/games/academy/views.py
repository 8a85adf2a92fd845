"""What the table looks like: JSON snapshots, per-seat views, text and HTML pictures.

Also each hero's part in a played game (:func:`part`, for the class table's summary).

Deck orders are never shown, only counts. Under Family Secrets a seat sees only its own hand
[family.secrets]; the other hands appear as a count.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.core import TEAM
from umbrella_lab.engine.parts import Played
from umbrella_lab.engine.words import plural
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.actions import OUTCOME_WORDS

if TYPE_CHECKING:
    from umbrella_lab.games.academy.rules import AcademyState


def hidden_hands(state: AcademyState, seat: int | None) -> set[int]:
    """Seats whose hand ``seat`` may not see (none for the full table)."""
    if seat is None or not effects.hands_hidden(state):
        return set()
    return {other for other in range(state.players) if other != seat}


def snapshot(state: AcademyState, seat: int | None = None) -> dict[str, Any]:
    """The table as JSON-able data; with ``seat``, as that seat sees it."""
    hidden = hidden_hands(state, seat)
    deck = state.cards.hero_deck
    heroes = []
    for s in range(state.players):
        hero = state.cards.heroes[state.heroes[s]]
        hand = (
            None
            if s in hidden
            else [
                {
                    "number": n,
                    "id": deck[n].id,
                    "name": deck[n].name,
                    "attack": deck[n].attack,
                    "heal": deck[n].heal,
                    "kind": deck[n].kind,
                    "story": deck[n].story,
                }
                for n in state.hands[s]
            ]
        )
        heroes.append(
            {
                "seat": s,
                "hero": hero.id,
                "name": hero.name,
                "power": hero.power_name,
                "life": state.life[s],
                "max_life": state.max_life[s],
                "alive": state.life[s] > 0,
                "life_boost": state.boosted[s],
                "power_used": state.power_uses[s],
                "power_allowed": state.power_allowance[s],
                "hand_count": len(state.hands[s]),
                "hand": hand,
                "start_card": s == state.start,
            }
        )
    lineup = [
        {
            "position": p,
            "card": code,
            "attack": state.villain_attack(code),
            "damage": state.villain_damage(code),
            "label": state.villain_label(code),
            "outcome": OUTCOME_WORDS[state.outcomes[p]],
        }
        for p, code in enumerate(state.lineup)
    ]
    villain = state.cards.villains[state.faced[-1]] if state.faced else None
    family = state.cards.family[state.family] if state.family >= 0 else None
    result = state.result
    return {
        "game": "academy",
        "seat": seat,
        **(
            {"seed": state.seed} if seat is None else {}
        ),  # a seat never sees the seed: it fixes every deal
        "players": state.players,
        "options": dict(state.game.changed_options),
        "round": state.round,
        "final_battle": state.final,
        "stage": state.stage,
        "to_act": state.to_act,
        "responder": state.responder,
        "villain": None
        if villain is None
        else {"id": villain.id, "name": villain.name, "strength": villain.strength},
        "villains_left": len(state.villains),
        "family": None
        if family is None
        else {"id": family.id, "name": family.name, "text": family.text},
        "lineup": lineup,
        "faced_position": state.faced_position,
        "heroes": heroes,
        "pending_damage": state.pending_damage,
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "villain_deck_count": len(state.villain_deck),
        "final_pile_count": len(state.final_pile),
        "pogo_available": state.pogo,
        "result": None if result is None else result.to_dict(),
    }


def to_text(state: AcademyState, seat: int | None = None) -> str:
    """A plain-text picture of the table (as ``seat`` sees it, if given)."""
    data = snapshot(state, seat)
    lines = []
    if data["final_battle"]:
        title = "THE FINAL BATTLE"
    else:
        villain = data["villain"]["name"] if data["villain"] else "-"
        title = f"Round {data['round']}: {villain}"
    lines.append(title + (f"   (seen by seat {seat})" if seat is not None else ""))
    if data["family"]:
        lines.append(f"Dysfunctional Family: {data['family']['name']}: {data['family']['text']}")
    marks = {"waiting": " ", "defeated": "x", "blocked": "=", "uncontested": "!", "removed": "-"}
    row = []
    for card in data["lineup"]:
        here = ">" if card["position"] == data["faced_position"] else " "
        row.append(f"{here}[{marks[card['outcome']]}{card['attack']}/{card['damage']}]")
    lines.append("Lineup: " + " ".join(row) if row else "Lineup: (empty)")
    lines.append("        x defeated  = blocked  ! uncontested  - removed  > faced now")
    for hero in data["heroes"]:
        bars = "#" * hero["life"] + "." * (hero["max_life"] - hero["life"])
        state_word = "" if hero["alive"] else " DEAD"
        start = " (Start card)" if hero["start_card"] else ""
        if hero["hand"] is None:
            hand = plural(hero["hand_count"], "hidden card")
        else:
            hand = " ".join(_short(c) for c in hero["hand"]) or "(no cards)"
        power = f"power used {hero['power_used']}/{hero['power_allowed']}"
        lines.append(
            f"  {hero['name']:<12} [{bars}] {hero['life']}/{hero['max_life']}"
            f"{state_word}{start}  {power}  hand: {hand}"
        )
    lines.append(
        f"Hero deck {data['deck_count']}, discard {data['discard_count']}, villain deck "
        f"{data['villain_deck_count']}, under the Final Battle card "
        f"{data['final_pile_count']}, villains to come {data['villains_left']}"
    )
    if data["pending_damage"]:
        lines.append(f"Damage to place: {data['pending_damage']}")
    if data["result"]:
        lines.append(data["result"]["reason"])
    else:
        who = "the team" if data["to_act"] == TEAM else _name(data, data["to_act"])
        lines.append(f"To decide: {who} ({data['stage']})")
    return "\n".join(lines)


def _short(card: dict[str, Any]) -> str:
    return str(card["attack"]) if card["kind"] == "attack" else f"{card['name']}({card['attack']})"


def _name(data: dict[str, Any], seat: int | None) -> str:
    if seat is None or seat < 0:
        return "-"
    return data["heroes"][seat]["name"]


_COLOURS = {
    "waiting": "#fff7e6",
    "defeated": "#d9f2d9",
    "blocked": "#dde8ff",
    "uncontested": "#ffd6d6",
    "removed": "#eeeeee",
}


def to_html(state: AcademyState, seat: int | None = None) -> str:
    """A static HTML picture of the table, readable without a live kernel."""
    data = snapshot(state, seat)
    parts = [
        '<div style="font-family:sans-serif;max-width:760px;border:1px solid #ccc;'
        'border-radius:8px;padding:10px;background:#fcfcfc">'
    ]
    if data["final_battle"]:
        title = "The Final Battle"
    else:
        villain = data["villain"]["name"] if data["villain"] else "-"
        title = f"Round {data['round']}: {escape(villain)}"
    parts.append(f'<div style="font-size:18px;font-weight:bold">{title}</div>')
    if data["family"]:
        parts.append(
            f'<div style="color:#7a4b00">Dysfunctional Family: <b>'
            f"{escape(data['family']['name'])}</b>: {escape(data['family']['text'])}</div>"
        )
    parts.append('<div style="display:flex;gap:6px;margin:8px 0;flex-wrap:wrap">')
    for card in data["lineup"]:
        border = (
            "3px solid #c00" if card["position"] == data["faced_position"] else "1px solid #999"
        )
        parts.append(
            f'<div style="border:{border};border-radius:6px;padding:4px 8px;'
            f'background:{_COLOURS[card["outcome"]]};text-align:center;min-width:46px">'
            f'<div style="font-size:18px;font-weight:bold">{card["attack"]}</div>'
            f'<div style="font-size:11px">{card["damage"]} dmg</div>'
            f'<div style="font-size:10px;color:#555">{card["outcome"]}</div></div>'
        )
    parts.append("</div>")
    parts.append('<table style="border-collapse:collapse;font-size:13px">')
    for hero in data["heroes"]:
        filled = "&#9608;" * hero["life"]
        empty = "&#9617;" * (hero["max_life"] - hero["life"])
        colour = "#2a7a2a" if hero["alive"] else "#999"
        hand = (
            "hidden (" + str(hero["hand_count"]) + ")"
            if hero["hand"] is None
            else " ".join(escape(_short(c)) for c in hero["hand"]) or "no cards"
        )
        start = " &#9733;" if hero["start_card"] else ""
        dead = " (dead)" if not hero["alive"] else ""
        parts.append(
            f'<tr><td style="padding:2px 8px"><b>{escape(hero["name"])}</b>{start}{dead}'
            f'</td><td style="color:{colour};letter-spacing:1px">{filled}{empty} '
            f'{hero["life"]}/{hero["max_life"]}</td><td style="padding:2px 8px">power '
            f"{hero['power_used']}/{hero['power_allowed']}</td><td>{hand}</td></tr>"
        )
    parts.append("</table>")
    parts.append(
        f'<div style="font-size:12px;color:#555;margin-top:6px">Hero deck '
        f"{data['deck_count']} &middot; discard {data['discard_count']} &middot; villain "
        f"deck {data['villain_deck_count']} &middot; Final Battle pile "
        f"{data['final_pile_count']} &middot; villains to come {data['villains_left']}"
        "</div>"
    )
    if data["result"]:
        parts.append(
            f'<div style="font-weight:bold;margin-top:6px">{escape(data["result"]["reason"])}</div>'
        )
    parts.append("</div>")
    return "".join(parts)


DEFEATS = re.compile(r" defeats | was defeated\. It is\.|: it is defeated, ")
"""The log's words for a lineup card defeated: "... attacks with 8 and defeats villain attack
5" [turn.attack] (and the powers' attacks), "I heard a rumour ... was defeated. It is."
[power.rumor], a Hero Boost on a blocking card: "...: it is defeated, ..." [story.hero-boost]."""

BLOCKS = re.compile(r" blocks ")
"""The log's words for a lineup card blocked [turn.block]."""


def part(played: Played) -> Iterator[tuple[int, str, int]]:
    """What one move did for whom, in the rulebook's terms.

    The hero who made the move: villain attack cards defeated [turn.attack] and blocked
    [turn.block], as the log says (a move that answers the lineup's last card also ends the
    round, so the table after it shows a new lineup), life bars healed by the move on any hero
    [turn.heal] [story.restore], Story cards played [turn.story]. Every hero: the life bars
    they lost in the move (damage, and the cost of a story or a power) [life.damage].
    """
    before, after = cast("AcademyState", played.before), cast("AcademyState", played.after)
    move = played.move
    seat = getattr(move, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < before.players:
        seat = played.seat
    if seat is not None and 0 <= seat < before.players:
        texts = [text for _, text in played.events]
        yield seat, "villain attacks defeated", sum(bool(DEFEATS.search(t)) for t in texts)
        yield seat, "villain attacks blocked", sum(bool(BLOCKS.search(t)) for t in texts)
        healed = sum(max(0, new - old) for old, new in zip(before.life, after.life, strict=True))
        yield seat, "life bars healed", healed
        yield seat, "Story cards played", int(move.kind == "story")
    for hero, (old, new) in enumerate(zip(before.life, after.life, strict=True)):
        yield hero, "life bars lost", max(0, old - new)

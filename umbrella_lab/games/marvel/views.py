"""Pictures of a Marvel United table: a JSON-able snapshot, a text picture and an HTML picture.

Also each hero's part in a played game (:func:`part`, for the class table's summary).

Nothing is hidden between the heroes of a co-operative game: every seat sees every hand. Deck
orders are never shown, only how many cards each deck holds.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any, cast

from umbrella_lab.engine.parts import Played
from umbrella_lab.games.marvel.actions import PLAN, RING, card_id, card_words
from umbrella_lab.games.marvel.cards import SYMBOL_NAMES
from umbrella_lab.games.marvel.rules import MarvelState, Play

THUGS_DEFEATED = re.compile(r"^(?:A Thug at .+ is defeated|(\d+) Thugs? defeated, .*)\.$")
"""The log's words for Thugs defeated: one, or a Special's several [turn.attack]."""

CIVILIAN_RESCUED = re.compile(r"^A Civilian at .+ is rescued\.$")
"""The log's words for a Civilian rescued [turn.heroic]."""

HENCHMAN_DAMAGE = re.compile(r" takes (\d+) damage: ")
"""The log's words for damage to a henchman Threat [threat.henchman]."""


def part(played: Played) -> Iterator[tuple[int, str, int]]:
    """What one move did for the hero whose turn it is (or the seat that chose, between turns).

    Damage to the villain (its health tokens taken) [turn.attack], damage to henchman Threats
    [threat.henchman] and Threats cleared [threat.cleared], Civilians rescued [turn.heroic],
    Thugs defeated [turn.attack] and hero cards played to the Storyline [turn.play]. The
    villain's own turn, which a hero's last move may start, rescues and defeats nothing.
    """
    before, after = cast(MarvelState, played.before), cast(MarvelState, played.after)
    hero = before.active if before.active >= 0 else played.seat
    if hero is None or hero < 0:
        return
    yield hero, "cards played", int(isinstance(played.move, Play))
    yield hero, "damage to the villain", max(0, before.health - after.health)
    henchmen = cleared = civilians = thugs = 0
    for rule, text in played.events:
        if rule == "threat.henchman" and (found := HENCHMAN_DAMAGE.search(text)):
            henchmen += int(found.group(1))
        elif rule == "threat.cleared":
            cleared += 1
        elif CIVILIAN_RESCUED.match(text):
            civilians += 1
        elif found := THUGS_DEFEATED.match(text):
            thugs += int(found.group(1) or 1)
    yield hero, "damage to Threats", henchmen
    yield hero, "Threats cleared", cleared
    yield hero, "Civilians rescued", civilians
    yield hero, "Thugs defeated", thugs


def _threat(s: MarvelState, where: int) -> dict[str, Any] | None:
    threat = s.threat_at(where)
    if threat is None:
        return None
    left = threat.health - s.marks[where] if threat.henchman else threat.heroics - s.marks[where]
    return {
        "id": threat.id,
        "name": threat.name,
        "kind": threat.kind,
        ("health" if threat.henchman else "heroics_needed"): left,
        "text": threat.text,
    }


def snapshot(s: MarvelState, seat: int | None = None) -> dict[str, Any]:
    """The table as plain data (the same for every seat: the heroes hide nothing)."""
    locations = []
    for where in range(RING):
        card = s.cards.locations[s.places[where]]
        locations.append(
            {
                "id": card.id,
                "name": card.name,
                "slots": card.slots,
                "thugs": s.thugs[where],
                "civilians": s.civilians[where],
                "crisis": s.crisis_at[where],
                "threat": _threat(s, where),
                "villain": s.villain_at == where,
                "heroes": [s.heroes[h] for h, at in enumerate(s.hero_at) if at == where],
                "effect": card.text,
            }
        )
    heroes = [
        {
            "id": hero_id,
            "name": s.hero_name(h),
            "seat": s.seat_of(h),
            "location": s.cards.locations[s.places[s.hero_at[h]]].id,
            "ko": s.ko[h],
            "invulnerable": s.shield[h],
            "crisis": s.crisis[h],
        }
        for h, hero_id in enumerate(s.heroes)
    ]
    players = [
        {
            "seat": p,
            "hand": [card_id(s, c) for c in s.hands[p]],
            "deck": len(s.decks[p]),
        }
        for p in range(len(s.hands))
    ]
    return {
        "villain": {
            "id": s.villain.id,
            "name": s.villain.name,
            "location": s.cards.locations[s.places[s.villain_at]].id,
            "health": s.health,
            "track": s.track,
            "track_end": s.villain.track,
            "can_be_damaged": s.villain_open(),
        },
        "locations": locations,
        "heroes": heroes,
        "players": players,
        "tokens": [dict(zip(SYMBOL_NAMES, pool, strict=True)) for pool in s.tokens],
        "storyline": [s.plan(e - PLAN).id if e >= PLAN else card_id(s, e) for e in s.storyline],
        "master_plan_deck": len(s.plan_deck),
        "since_plan": s.since_plan,
        "under_pressure": s.pressure,
        "missions": [
            {"id": m.id, "name": m.name, "size": m.size, "tokens": s.progress[i], "done": s.done[i]}
            for i, m in enumerate(s.cards.missions)
        ],
        "turn": s.turn,
        "active": s.heroes[s.active] if s.active >= 0 else None,
        "step": s.step,
        "symbols": dict(zip(SYMBOL_NAMES, s.pool, strict=True)),
        "special_ready": s.special,
        "waiting_for": s.ask[0] if s.ask else None,
        "result": s.outcome.to_dict() if s.outcome else None,
    }


def _location_line(s: MarvelState, where: int) -> str:
    card = s.cards.locations[s.places[where]]
    marks = []
    if s.villain_at == where:
        marks.append(f"*{s.villain.name}*")
    marks += [
        s.hero_name(h) + (" (KO)" if s.ko[h] else "")
        for h in range(len(s.heroes))
        if s.hero_at[h] == where
    ]
    tokens = f"T{s.thugs[where]} C{s.civilians[where]}/{card.slots}"
    if s.crisis_at[where]:
        tokens += f" Crisis {s.crisis_at[where]}"
    threat = _threat(s, where)
    covered = (
        f"{threat['name']} ({threat.get('health', threat.get('heroics_needed'))} left)"
        if threat
        else f"free: {card.text}"
    )
    return f"{where + 1}. {card.name:<24} {tokens:<16} {covered:<40} {' '.join(marks)}"


def to_text(s: MarvelState, seat: int | None = None) -> str:
    """The ring of locations, the villain, the missions, the heroes and what waits."""
    v = s.villain
    head = f"{v.name}: health {s.health}"
    if v.track:
        head += f", track {s.track}/{v.track}"
    head += f"; Master Plan deck {len(s.plan_deck)}; since last plan card {s.since_plan}"
    head += " (Under Pressure)" if s.pressure else ""
    lines = [head]
    lines += [_location_line(s, where) for where in range(RING)]
    lines.append(
        "Missions: "
        + ", ".join(
            f"{m.name} {s.progress[i]}/{m.size}" + (" done" if s.done[i] else "")
            for i, m in enumerate(s.cards.missions)
        )
    )
    for p in range(len(s.hands)):
        hand = ", ".join(card_words(s, c) for c in s.hands[p]) or "-"
        who = "S.H.I.E.L.D." if s.solo else s.hero_name(p)
        lines.append(f"{who}: hand {hand}; deck {len(s.decks[p])}")
    extras = [f"{s.hero_name(h)} Crisis {s.crisis[h]}" for h in range(len(s.heroes)) if s.crisis[h]]
    extras += [
        f"tokens {'/'.join(str(n) for n in pool)} (M/A/H/W)" for pool in s.tokens if any(pool)
    ]
    if extras:
        lines.append("; ".join(extras))
    if s.outcome:
        lines.append(s.outcome.reason)
    elif s.ask is not None:
        lines.append(f"{s.seat_name(s.ask[1])} to decide: {s.ask[0]}")
    elif s.step == "lead":
        lines.append("The heroes choose who starts.")
    elif s.step == "play":
        lines.append(f"{s.seat_name(s.turn)} to play a card.")
    elif s.step == "act":
        lines.append(
            f"{s.actor()} acts: "
            + ", ".join(f"{n} {SYMBOL_NAMES[k]}" for k, n in enumerate(s.pool) if n)
        )
    return "\n".join(lines)


def to_html(s: MarvelState) -> str:
    """The text picture in a box, for a notebook (the explorer draws the table as a board)."""
    return f'<pre class="marvel">{html.escape(to_text(s))}</pre>'

"""The explorer's board for Marvel United: the view model and its BoardView.

The view model is ``state.to_dict(seat)`` plus what the table shows but the snapshot leaves
implicit: the ring of six locations with their slots, Threats and figures; the villain's
dashboard (health, whether it can be damaged and why not, the plot track, BAM and Overflow in
words); the missions and what the next one unlocks; the Storyline as cards, with the two whose
symbols this turn uses; each hero's hand, deck, tokens and state. Every click the board offers is
a legal move's id (a location to move to, a token or henchman to attack or rescue, a Threat to
put a Heroic token on, a card to play or to lose). The drawing is ``static/board.js``.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.board import BoardView
from umbrella_lab.engine.core import TEAM, Action, State
from umbrella_lab.engine.differences import SEP
from umbrella_lab.engine.spoken import said
from umbrella_lab.engine.words import noun, plural
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import (
    CRISIS,
    HENCHMAN,
    PLAN,
    RING,
    THUG,
    VILLAIN,
    card_words,
    leave_moves,
    previous_hero_card,
)
from umbrella_lab.games.marvel.cards import ATTACK, HEROIC, MOVE, SYMBOL_NAMES, SYMBOLS, WILD
from umbrella_lab.games.marvel.rules import (
    CARD,
    CIVILIAN,
    THREAT,
    Attack,
    Done,
    Go,
    Heroic,
    MarvelState,
    choice_id,
)

if TYPE_CHECKING:
    from umbrella_lab.games.marvel.rules import Choose, Lead, Lose, Play

HERO_COLOURS = {
    "iron-man": "#ba3636",
    "captain-america": "#2b5aa6",
    "black-widow": "#2a303c",
    "hulk": "#2a5a1e",
    "captain-marvel": "#906000",
    "ant-man": "#a0364f",
    "wasp": "#5448c0",
}
"""A colour for each hero of the box (a hero of edited data gets one from :data:`SPARE`).

Chosen to stay apart for every reader: any two differ by a CIE76 distance of 15 or more in
normal vision and under simulated deuteranopia and protanopia, and each reads at 4.5:1 or more
as text on the board and under white letters (``tests/test_hero_colours.py``). The names are
shown beside the colours all the same."""
SPARE = ("#1f7a7a", "#7a5c1f", "#5c1f7a", "#1f5c7a")

UNLOCKS = (
    "Under Pressure: a Master Plan card after every 2 hero cards",
    "The villain can be damaged",
    "Every hero draws 1 card (solo: 3)",
)
"""What the first, second and third mission completed unlock [turn.pressure]
[mission.vulnerable] [mission.third]."""
UNLOCK_RULES = ("turn.pressure", "mission.vulnerable", "mission.third")

PLOTS = {
    "fear-track": ("Fear Track", "plot.fear-track"),
    "full-city": ("Full locations", "plot.full-city"),
}


def board(state: State, seat: int | None = None) -> dict[str, Any]:
    """The table as the board renderer draws it (``seat``: as that seat sees it)."""
    s: MarvelState = state  # type: ignore[assignment]
    data = s.to_dict(seat)
    moves = s.legal_actions()
    data["title"] = s.game.info.title
    data["solo"] = s.solo
    data["decides"] = decides(s)
    data["ring"] = [_location(s, where, moves) for where in range(RING)]
    data["dashboard"] = _dashboard(s)
    data["mission_cards"] = _missions(s)
    data["unlocks"] = [
        {"text": text, "rule": rule} for text, rule in zip(UNLOCKS, UNLOCK_RULES, strict=True)
    ]
    data["story"] = _storyline(s)
    data["team"] = _heroes(s, moves)
    data["hands"] = _hands(s, moves)
    data["turn_pool"] = _turn_pool(s, moves)
    data["choice"] = _choice(s)
    return data


# --- who decides ------------------------------------------------------------------------------


def decides(s: MarvelState) -> str:
    """Who decides now and about what, in the table's words."""
    if s.outcome is not None:
        return s.outcome.reason
    if s.ask is not None:
        who = s.seat_name(s.ask[1])
        if s.ask[0] == "lose":
            hurt = s.hero_name(s.ask[2])
            words = f"{hurt} takes damage: a card from hand goes under the deck"
            return words if who == hurt else f"{who} to decide: {words}"
        words = ASK_WORDS.get(s.ask[0], "a choice an effect leaves to the heroes")
        return f"{who} to decide: {words}"
    if s.step == "lead":
        return "The heroes choose who takes the first hero turn"
    if s.step == "play":
        who = "S.H.I.E.L.D." if s.solo else s.hero_name(s.turn)
        return f"{who} to play a card to the Storyline"
    if s.step == "act":
        left = ", ".join(f"{n} {SYMBOL_NAMES[k]}" for k, n in enumerate(s.pool) if n)
        return (
            f"{s.actor()} acts: "
            + (left or "no symbols left")
            + ("; the Special is ready" if s.special else "")
        )
    return "The villain acts"


ASK_WORDS = {
    "virus": "which symbol the Ultron Virus takes",
    "bam-order": "which Threat's BAM acts next",
    "damage-order": "which hero takes the damage first",
    "cancel": "who takes the Crisis tokens that stop the BAM, or nobody",
    "prevent": "whether the heroes there take 1 damage each to stop the Thug",
    "encephalo": "which hero takes the Crisis token",
    "give": "which hero gets the action token",
    "interrogate": "keep the top Master Plan card, or put it at the bottom",
    "photon-where": "which adjacent location the Photon Blast hits",
    "photon-target": "what the Photon Blast hits",
    "grow-move": "where Grow's Move goes (click a location)",
    "grow-target": "what Grow's 3 damage hits",
    "leap": "which Storyline card Quantum Leap swaps with",
    "wings-where": "where Wasp flies (click a location)",
    "wings-who": "who flies along",
    "projection-where": "where Energy Projection goes (click a location)",
    "projection-target": "what Energy Projection hits",
    "tutor": "which card of the deck goes on top",
    "swap": "which hand card swaps with a Storyline card",
    "relocate": "which token goes where, or stop",
    "crisis-for-card": "which card goes under the deck and which Crisis token goes",
    "fly": "where the Helicarrier flies the hero (click a location)",
    "discard-thug": "which location loses a Thug (click a location)",
}


# --- the ring ---------------------------------------------------------------------------------


def _first(actions: list[Action]) -> str:
    """The id of the first of these moves (the card pays first), or ``""``."""
    return actions[0].id if actions else ""


def _location(s: MarvelState, where: int, moves: list[Action]) -> dict[str, Any]:
    card = s.cards.locations[s.places[where]]
    threat = s.threat_at(where)
    here = s.active >= 0 and s.hero_at[s.active] == where and s.step == "act"

    def kind(name: str, **fields: int) -> list[Action]:
        return [
            a
            for a in moves
            if a.kind == name and all(getattr(a.key, f) == v for f, v in fields.items())
        ]

    picks = [
        a
        for a in moves
        if a.kind == "choose" and choice_id(s, cast("Choose", a.key).choice) == card.id
    ]
    spot: dict[str, Any] = {
        "index": where,
        "number": where + 1,
        "id": card.id,
        "name": card.name,
        "slots": card.slots,
        "thugs": s.thugs[where],
        "civilians": s.civilians[where],
        "free": s.free(where),
        "crisis": s.crisis_at[where],
        "wounded": s.wounded[where],
        "primed": s.primed[where],
        "villain": s.villain_at == where,
        "heroes": [
            {"id": s.heroes[h], "name": s.hero_name(h), "ko": s.ko[h], "colour": colour(s, h)}
            for h in range(len(s.heroes))
            if s.hero_at[h] == where
        ],
        "effect": card.text.removeprefix("End of turn: "),
        "effect_rule": effects.LOCATIONS[card.effect].rule,
        "covered": threat is not None,
        "threat": None,
        "here": here,
        "go": _first(kind("go", to=where)),
        "pick": _first(picks),
        "pick_label": said(picks[0].label) if picks else "",
        "attack": {},
        "heroic": {},
        "why": _why_here(s, where, here),
    }
    if threat is not None:
        spot["threat"] = {
            "id": threat.id,
            "name": threat.name,
            "henchman": threat.henchman,
            "total": threat.health if threat.henchman else threat.heroics,
            "marks": s.marks[where],
            "left": (threat.health if threat.henchman else threat.heroics) - s.marks[where],
            "text": threat.text,
            "rule": effects.THREATS[threat.effect].rule
            if threat.effect in effects.THREATS
            else "threat.henchman",
        }
    ask = s.ask[0] if s.ask is not None else ""
    if isinstance(effects.ASKS.get(ask), effects.TargetAsk) and s.ask[3] == where:
        for action in moves:  # an effect's damage: click what it hits [extra.ties]
            if action.kind == "choose":
                word = choice_id(s, cast("Choose", action.key).choice)
                spot["attack"][word] = {"id": action.id, "label": said(action.label)}
    if here:
        targets = {THUG: "thug", HENCHMAN: "henchman", VILLAIN: "villain", CRISIS: "crisis"}
        for number, word in targets.items():
            found = kind("attack", target=number)
            if found:
                spot["attack"][word] = {"id": found[0].id, "label": said(found[0].label)}
        for number, word in ((0, "civilian"), (THREAT, "threat"), (2, "crisis")):
            found = kind("heroic", target=number)
            if found:
                spot["heroic"][word] = {"id": found[0].id, "label": said(found[0].label)}
    return spot


def _why_here(s: MarvelState, where: int, here: bool) -> dict[str, dict[str, str]]:
    """Why a click on this location, or on what stands there, plays no move now.

    Keyed by what was clicked (``go`` for the location's header, ``thug``, ``civilian``,
    ``villain``, ``threat``, ``crisis``); each a reason and the rule it comes from. A click that
    plays a move never reads these.
    """

    def why(found: tuple[str, str]) -> dict[str, str]:
        return {"text": found[0][:1].upper() + found[0][1:] + ".", "rule": found[1]}

    waiting = s.turn_refusal(Done(s.turn)) if s.outcome is None else None
    if s.outcome is not None:
        return dict.fromkeys(_CLICKED, why(("the game is over", s.outcome.rule)))
    if waiting is not None:
        return dict.fromkeys(_CLICKED, why(waiting))
    place = s.place_name(where)
    reasons = {"go": why(Go(s.turn, where, CARD).why_not(s))}
    if here:
        reasons["go"] = why((f"{s.actor()} is already at {place}", "turn.move"))
        reasons["thug"] = why(Attack(s.turn, THUG, CARD).why_not(s))
        reasons["villain"] = why(Attack(s.turn, VILLAIN, CARD).why_not(s))
        reasons["henchman"] = why(Attack(s.turn, HENCHMAN, CARD).why_not(s))
        reasons["crisis"] = why(Attack(s.turn, CRISIS, CARD).why_not(s))
        reasons["civilian"] = why(Heroic(s.turn, CIVILIAN, CARD).why_not(s))
        reasons["threat"] = why(Heroic(s.turn, THREAT, CARD).why_not(s))
        return reasons
    for clicked in ("thug", "villain", "henchman", "crisis"):
        reasons[clicked] = why(_away(s, where, ATTACK, "turn.attack"))
    for clicked in ("civilian", "threat"):
        reasons[clicked] = why(_away(s, where, HEROIC, "turn.heroic"))
    return reasons


def _away(s: MarvelState, where: int, kind: int, rule: str) -> tuple[str, str]:
    """Why an Attack or a Heroic action at a location the hero is not at plays no move now.

    Such actions act only where the hero stands [turn.attack] [turn.heroic]; "move here first"
    is said only when this turn's symbols and tokens [turn.tokens] can pay for the Move
    actions that get the hero here [turn.move] (more to leave an Entangling Trap
    [threat.entangling-trap]) and for the action after them, a Wild paying for either
    [turn.wild].
    """
    hero, action = s.actor(), ("Attacks", "Heroic actions")[kind == HEROIC]
    stands = (
        f"{hero} is at {s.place_name(s.hero_at[s.active])}: {action} act only where the hero stands"
    )
    pool, purse = s.pool, s.purse(s.active)
    wilds = pool[WILD] + purse[WILD]  # a Wild pays for any action [turn.wild]
    symbols, move_symbols = pool[kind] + purse[kind], pool[MOVE] + purse[MOVE]
    if not symbols + wilds:
        return f"{stands}, and no {SYMBOL_NAMES[kind]} symbol or token is left this turn", rule
    moves, trapped = _moves_to(s, where)
    if not move_symbols + wilds:
        return f"{stands}, and no Move symbol or token is left this turn", "turn.move"
    if moves > move_symbols + wilds:
        left = move_symbols + wilds
        need = f"getting here takes {plural(moves, 'Move action')}"
        cause = ("turn.move", "threat.entangling-trap")[trapped]
        return f"{stands}; {need}, and {left} {'is' if left == 1 else 'are'} left this turn", cause
    if max(0, moves - move_symbols) + max(0, 1 - symbols) > wilds:
        one = ("an Attack", "a Heroic action")[kind == HEROIC]
        them = noun(moves, "it", "them")
        return (
            f"{stands}, and this turn's symbols and tokens cannot pay for both the "
            f"{plural(moves, 'Move action')} to get here and {one} after {them}",
            "turn.wild",
        )
    first = "move here first" + (f" ({plural(moves, 'Move action')})" if moves > 1 else "")
    return f"{stands}; {first}", rule


def _moves_to(s: MarvelState, where: int) -> tuple[int, bool]:
    """The Move actions the shorter way round to a location takes, and whether a trap adds some.

    Each location left takes one, or more for an Entangling Trap [turn.move]
    [threat.entangling-trap].
    """
    start = s.hero_at[s.active]
    ways = []
    for side in (1, -1):
        steps = (where - start) * side % RING
        ways.append((sum(leave_moves(s, (start + side * i) % RING) for i in range(steps)), steps))
    moves, steps = min(ways)
    return moves, moves > steps


_CLICKED = ("go", "thug", "civilian", "villain", "henchman", "threat", "crisis")


def colour(s: MarvelState, hero: int) -> str:
    """A hero's colour on the board."""
    return HERO_COLOURS.get(s.heroes[hero], SPARE[hero % len(SPARE)])


# --- the villain's dashboard ------------------------------------------------------------------


def _dashboard(s: MarvelState) -> dict[str, Any]:
    v = s.villain
    parts = {"BAM": "", "Overflow": "", "Plot": "", "": ""}
    for sentence in v.text.split(". "):
        head, _, rest = sentence.partition(": ")
        key = head if head in parts and rest else ""
        text = (rest if key else sentence).rstrip(".")
        parts[key] = f"{parts[key]} {text}.".strip()
    track: dict[str, Any] | None = None
    if v.plot == "fear-track":
        track = {"name": "Fear Track", "value": s.track, "end": v.track, "rule": "plot.fear-track"}
    elif v.plot == "full-city":
        full = sum(1 for where in range(RING) if s.free(where) == 0)
        track = {"name": "Full locations", "value": full, "end": RING, "rule": "plot.full-city"}
    elif v.guard:
        crisis = sum(s.crisis_at)
        track = {
            "name": "Crisis tokens on locations",
            "value": crisis,
            "end": 0,
            "rule": "dash.crisis-guard",
        }
    start = v.health(len(s.heroes))
    if s.villain_open():
        why = "Vulnerable: an Attack at its location takes a health token"
    elif s.missions_done < 2:
        why = f"Safe until 2 missions are complete ({s.missions_done} of 2)"
    elif not s.vulnerable:
        why = "Safe until the next hero turn (two missions are done)"
    else:
        why = "Safe while a Crisis token lies on any location"
    return {
        "name": v.name,
        "id": v.id,
        "health": s.health,
        "start": max(start, s.health),
        "vulnerable": s.villain_open(),
        "why": why,
        "track": track,
        "bam": parts["BAM"],
        "overflow": parts["Overflow"],
        "plot": parts["Plot"],
        "extra": parts[""],
        "location": s.place_name(s.villain_at),
        "deck": len(s.plan_deck),
    }


# --- missions ---------------------------------------------------------------------------------


def _missions(s: MarvelState) -> list[dict[str, Any]]:
    done = s.missions_done
    cards = []
    for index, mission in enumerate(s.cards.missions):
        unlock = UNLOCKS[min(done, 2)] if not s.done[index] else "Complete"
        cards.append(
            {
                "id": mission.id,
                "name": mission.name,
                "size": mission.size,
                "tokens": s.progress[index],
                "done": s.done[index],
                "counts": mission.counts,
                "unlocks": unlock,
                "unlock_rule": UNLOCK_RULES[min(done, 2)],
            }
        )
    return cards


# --- the Storyline ----------------------------------------------------------------------------


def _hero_card(s: MarvelState, number: int) -> dict[str, Any]:
    card = s.card(number)
    hero = s.heroes.index(card.hero) if card.hero in s.heroes else 0
    special = effects.SPECIALS[card.special] if card.special else None
    return {
        "kind": "hero",
        "number": number,
        "id": card.id,
        "hero": s.cards.hero(card.hero).name,
        "hero_id": card.hero,
        "colour": colour(s, hero),
        "symbols": [SYMBOL_NAMES[SYMBOLS.index(letter)] for letter in card.symbols],
        "special": special.title if special else "",
        "special_words": special.words if special else "",
    }


def _storyline(s: MarvelState) -> dict[str, Any]:
    cards = []
    end = len(s.storyline)
    previous = previous_hero_card(s, end - 1) if s.step == "act" and s.played >= 0 else -1
    for position, entry in enumerate(s.storyline):
        if entry >= PLAN:
            plan = s.plan(entry - PLAN)
            item = {
                "kind": "plan",
                "id": plan.id,
                "title": plan.title,
                "name": plan.name,
                "move": plan.move,
                "bam": plan.bam,
                "tokens": [plan.ccw, plan.here, plan.cw],
                "special": plan.special,
                "role": "",
            }
        else:
            item = _hero_card(s, entry)
            item["role"] = ""
            if s.step == "act" and position == end - 1 and entry == s.played:
                item["role"] = "played"
            elif entry == previous and position < end - 1:
                item["role"] = "previous"
        item["position"] = position
        cards.append(item)
    cadence = 2 if s.pressure else 3
    left = max(cadence - s.since_plan, 0)
    if left == 0:
        when = "The villain plays a Master Plan card after this turn"
    else:
        when = f"{left} more hero card{'s' if left > 1 else ''} before the villain's next turn"
    every = f"a Master Plan card every {cadence} hero cards" + (
        " (Under Pressure)" if s.pressure else ""
    )
    return {
        "when": when,
        "every": every,
        "cards": cards,
        "cadence": cadence,
        "since": s.since_plan,
        "left": left,
        "pressure": s.pressure,
    }


def _turn_pool(s: MarvelState, moves: list[Action]) -> dict[str, Any] | None:
    if s.step != "act" or s.active < 0:
        return None
    ends = {"special": 0, "visit": 1, "done": 2}
    controls = sorted((a for a in moves if a.kind in ends), key=lambda a: ends[a.kind])
    return {
        "hero": s.hero_name(s.active),
        "symbols": dict(zip(SYMBOL_NAMES, s.pool, strict=True)),
        "special": effects.SPECIALS[s.card(s.played).special].title if s.special else "",
        "controls": [
            {"id": a.id, "kind": a.kind, "label": said(a.label), "rule": a.rule} for a in controls
        ],
    }


# --- the heroes -------------------------------------------------------------------------------


def _heroes(s: MarvelState, moves: list[Action]) -> list[dict[str, Any]]:
    team = []
    in_story = [0] * len(s.heroes)
    for entry in s.storyline:
        if entry < PLAN and s.card(entry).hero in s.heroes:
            in_story[s.heroes.index(s.card(entry).hero)] += 1
    for h, hero_id in enumerate(s.heroes):
        purse = s.purse(h)
        picks = [a for a in moves if a.kind == "lead" and cast("Lead", a.key).hero == h] + [
            a
            for a in moves
            if a.kind == "choose" and choice_id(s, cast("Choose", a.key).choice) == hero_id
        ]
        team.append(
            {
                "id": hero_id,
                "name": s.hero_name(h),
                "colour": colour(s, h),
                "seat": s.seat_of(h),
                "location": s.place_name(s.hero_at[h]),
                "ko": s.ko[h],
                "invulnerable": s.shield[h],
                "crisis": s.crisis[h],
                "tokens": {} if s.solo else dict(zip(SYMBOL_NAMES, purse, strict=True)),
                "active": h == s.active,
                "storyline": in_story[h],
                "hand": sum(1 for c in s.hand_of(h) if s.card(c).hero == hero_id),
                "pick": {"id": picks[0].id, "label": said(picks[0].label)} if picks else None,
            }
        )
    return team


def _hands(s: MarvelState, moves: list[Action]) -> list[dict[str, Any]]:
    plays = {cast("Play", a.key).card: a for a in moves if a.kind == "play"}
    loses = {cast("Lose", a.key).card: a for a in moves if a.kind == "lose"}
    hands = []
    for seat, hand in enumerate(s.hands):
        cards = []
        for number in hand:
            card = _hero_card(s, number)
            move = plays.get(number) or loses.get(number)
            card["act"] = move.id if move else ""
            card["act_kind"] = move.kind if move else ""
            card["act_label"] = said(move.label) if move else ""
            cards.append(card)
        hands.append(
            {
                "seat": seat,
                "name": "S.H.I.E.L.D." if s.solo else s.hero_name(seat),
                "cards": cards,
                "deck": len(s.decks[seat]),
                "tokens": dict(zip(SYMBOL_NAMES, s.tokens[seat], strict=True)) if s.solo else {},
                "turn": s.turn == seat and s.outcome is None,
            }
        )
    return hands


def _choice(s: MarvelState) -> dict[str, Any] | None:
    if s.ask is None or s.outcome is not None:
        return None
    seat = s.ask[1]
    return {
        "kind": s.ask[0],
        "who": "The heroes" if seat == TEAM else s.seat_name(seat),
        "rule": effects.ASKS[s.ask[0]].rule if s.ask[0] in effects.ASKS else "hero.damage",
    }


def short(state: State, action: Action) -> str:
    """A brief label for the action list: the card's words for a card to play or to lose."""
    if action.kind == "play":
        return card_words(state, cast("Play", action.key).card)  # type: ignore[arg-type]
    if action.kind == "lose":
        return "lose " + card_words(state, cast("Lose", action.key).card)  # type: ignore[arg-type]
    return ""


# --- the static picture -----------------------------------------------------------------------


def picture(state: State) -> str:
    """The table as static HTML (inline styles): dashboard, ring, missions and the Storyline."""
    s: MarvelState = state  # type: ignore[assignment]
    dash = _dashboard(s)
    esc = html.escape
    cell = (  # left-aligned: JupyterLab and an HTML export right-align table cells
        "border:1px solid #d9d2c3;border-radius:8px;padding:6px 8px;background:#fffdf8;"
        "vertical-align:top;text-align:left;width:33%"
    )

    def spot(where: int) -> str:
        loc = _location(s, where, [])
        tokens = "●" * loc["thugs"] + "○" * loc["civilians"] + "·" * loc["free"]
        threat = loc["threat"]
        cover = (
            f"<b>{esc(threat['name'])}</b> ({threat['left']} "
            f"{'health' if threat['henchman'] else 'Heroic'} left)"
            if threat
            else f"<i>{esc(loc['effect'])}</i>"
        )
        who = [f'<b style="color:#7b2433">{esc(dash["name"])}</b>'] if loc["villain"] else []
        who += [
            f'<span style="color:{h["colour"]}">{esc(h["name"])}{" (KO)" if h["ko"] else ""}</span>'
            for h in loc["heroes"]
        ]
        crisis = f" · Crisis {loc['crisis']}" if loc["crisis"] else ""
        return (
            f'<td style="{cell}"><div style="font-weight:700">{loc["number"]}. '
            f'{esc(loc["name"])}</div><div><span style="letter-spacing:2px">{tokens}</span> '
            f'<span style="color:#5f6975">{plural(loc["thugs"], "Thug")}, '
            f"{plural(loc['civilians'], 'Civilian')}, {loc['slots']} slots</span>{crisis}</div>"
            f"<div>{cover}</div>"
            f"<div>{' '.join(who)}</div></td>"
        )

    missions = " · ".join(
        f"{esc(m['name'])} {m['tokens']}/{m['size']}" + (" ✓" if m["done"] else "")
        for m in _missions(s)
    )
    track = dash["track"]
    plot = f" · {track['name']} {track['value']}/{track['end']}" if track and track["end"] else ""
    head = (
        f'<div style="font-weight:700;color:#7b2433">{esc(dash["name"])}: health '
        f"{dash['health']}{plot} · {esc(dash['why'])}</div>"
    )
    ring = (
        '<table style="border-collapse:separate;border-spacing:6px;width:100%;max-width:760px">'
        f"<tr>{spot(0)}{spot(1)}{spot(2)}</tr>"
        f'<tr><td colspan="3" style="text-align:center;padding:4px">Missions: {missions}</td></tr>'
        f"<tr>{spot(5)}{spot(4)}{spot(3)}</tr></table>"
    )
    story = _storyline(s)
    last = [
        esc(c["title"] if c["kind"] == "plan" else f"{c['hero']} {' '.join(c['symbols'])}")
        for c in story["cards"][-6:]
    ]
    tail = (
        f"<div>Storyline (last {len(last)}): {' → '.join(last)}; next villain turn in "
        f"{plural(story['left'], 'hero card')}</div>"
        f'<div style="font-weight:600;margin-top:4px">{esc(decides(s))}</div>'
    )
    return f'<div style="font-size:14px;line-height:1.35">{head}{ring}{tail}</div>'


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[list[str]]:
    """What differs between two tables, in the board's words, the score first.

    Rows ``[place, in a, in b]``: the villain's health and plot track and the missions complete
    (how the team stands), then the end of the game, what each location holds (Thugs,
    Civilians, its Threat, Crisis tokens, who stands there), each hero's place and state, the
    missions, each hand by its cards' names, the Storyline's last cards and the decks. Cards
    are named as on the table (``Hulk MA``), places by their names, never by their ids.
    """
    rows: list[list[str]] = []

    def add(place: tuple[str, ...], u: Any, v: Any, always: bool = False) -> None:
        if always or u != v:
            rows.append([SEP.join(place), str(u), str(v)])

    da, db = a["dashboard"], b["dashboard"]
    add(("Score", da["name"]), f"{da['health']} health", f"{db['health']} health", always=True)
    if da["track"] and db["track"]:
        ta, tb = da["track"], db["track"]
        add(("Score", ta["name"]), f"{ta['value']}/{ta['end']}", f"{tb['value']}/{tb['end']}", True)
    done = [sum(m["done"] for m in side["missions"]) for side in (a, b)]
    of = len(a["missions"])  # (from the game's data)
    add(("Score", "missions complete"), f"{done[0]} of {of}", f"{done[1]} of {of}", always=True)
    ends = [(side.get("result") or {}).get("reason", "playing on") for side in (a, b)]
    add(("The table", "result"), ends[0], ends[1])
    for x, y in zip(a["ring"], b["ring"], strict=True):
        add(("Locations", x["name"]), _place_words(x, a), _place_words(y, b))
    for x, y in zip(a["team"], b["team"], strict=True):
        add(("Heroes", x["name"]), _hero_words(x), _hero_words(y))
    for x, y in zip(a["missions"], b["missions"], strict=True):
        add(("Missions", x["name"]), _mission_words(x), _mission_words(y))
    for x, y in zip(a["hands"], b["hands"], strict=True):
        add((x["name"], "hand"), _hand_words(x), _hand_words(y))
        add((x["name"], "deck"), plural(x["deck"], "card"), plural(y["deck"], "card"))
    sa, sb = a["story"], b["story"]
    add(("The table", "Storyline"), _story_words(sa), _story_words(sb))
    add(("The table", "next villain turn"), sa["when"], sb["when"])
    add(("The table", "Master Plan deck"), plural(da["deck"], "card"), plural(db["deck"], "card"))
    return rows


def _card_said(card: dict[str, Any]) -> str:
    """A card as the table names it: ``Hulk MA``, ``Captain Marvel A + Photon Blast``."""
    if card.get("kind") == "plan":
        return str(card.get("title") or "a Master Plan card")
    letters = "".join(SYMBOLS[SYMBOL_NAMES.index(name)] for name in card.get("symbols") or ())
    special = f" + {card['special']}" if card.get("special") else ""
    return f"{card.get('hero', 'a hero')} {letters}{special}".strip()


def _place_words(where: dict[str, Any], side: dict[str, Any]) -> str:
    parts = [
        f"{plural(where['thugs'], 'Thug')}, {plural(where['civilians'], 'Civilian')} "
        f"({where['slots']} slots)"
    ]
    threat = where.get("threat")
    if threat:
        unit = "health" if threat["henchman"] else "Heroic"
        parts.append(f"{threat['name']} {threat['left']} {unit} left")
    if where.get("crisis"):
        parts.append(plural(where["crisis"], "Crisis token"))
    who = [side["dashboard"]["name"]] if where.get("villain") else []
    who += [hero["name"] for hero in side["team"] if hero["location"] == where["name"]]
    if who:
        parts.append("here: " + ", ".join(who))
    return "; ".join(parts)


def _hero_words(hero: dict[str, Any]) -> str:
    words = "knocked out" if hero.get("ko") else f"at {hero['location']}"
    if hero.get("crisis"):
        words += f", {plural(hero['crisis'], 'Crisis token')}"
    return words


def _mission_words(mission: dict[str, Any]) -> str:
    return f"{mission['tokens']}/{mission['size']}" + (", complete" if mission["done"] else "")


def _hand_words(hand: dict[str, Any]) -> str:
    return ", ".join(_card_said(card) for card in hand["cards"]) or "no cards"


def _story_words(story: dict[str, Any]) -> str:
    cards = [_card_said(card) for card in story["cards"]]
    shown = " → ".join(cards[-3:])
    return f"{plural(len(cards), 'card')}, the last: {shown}" if cards else "no cards"


STATIC = Path(__file__).parent / "static"
"""The board's renderer and style sheet: ``static/board.js`` and ``static/board.css``."""


BOARD = BoardView(
    game="marvel",
    model=board,
    js=STATIC / "board.js",
    css=STATIC / "board.css",
    groups={
        "Who starts": ("lead",),
        "Play a card": ("play",),
        "Move": ("go",),
        "Attack": ("attack",),
        "Heroic action": ("heroic",),
        "Special": ("special",),
        "End of the turn": ("visit", "done"),
        "Take damage": ("lose",),
        "Choose": ("choose",),
    },
    seats=lambda state: (
        ["S.H.I.E.L.D."]
        if cast("MarvelState", state).solo
        else [
            cast("MarvelState", state).hero_name(h)
            for h in range(len(cast("MarvelState", state).heroes))
        ]
    ),
    quiet=("since plan", "step", "active", "waiting for", "special ready", "turn"),
    picture=picture,
    short=short,
    compare=compare,
)

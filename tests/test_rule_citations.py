"""Every card cites its rule when it takes effect, and every rule of a digest is seen to act.

Two promises the rule-usage table of a design report rests on:

* **Cards.** For every card of every game's data files, a table is set up where the card takes
  effect (with the game's ``scenario`` builders) and played on, preferring the moves that use
  the card, until an event cites the rule of the card's effect. A card whose effect happens
  without citing its rule would be counted as "never used".
* **Rules.** Seeded games of every game, at every player count and with every option value,
  cite every rule of the digest, except the rules a game's options name (readings and
  settings, ``Option.rule``) and the rules its ``GameInfo.rare_rules`` lists: the rules that
  need a rare situation, forbid a move (a refusal cites them) or describe the table, each with
  the scenario test that shows it. That test must exist.
"""

from __future__ import annotations

import ast
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.core import CHANCE, Action, State
from umbrella_lab.engine.data import read_toml
from umbrella_lab.games import GAMES
from umbrella_lab.sim.policies import get_policy

ROOT = Path(__file__).resolve().parent.parent


# --- Playing on from a table until a rule is cited -------------------------------------------


def play_until(
    s: State,
    rule: str,
    prefer: Callable[[Action], bool] = lambda a: False,
    *,
    limit: int = 60,
    seed: int = 0,
) -> list[str]:
    """Play from ``s`` until an event cites ``rule``; the rules cited on the way, in order.

    Each decision takes the first legal action ``prefer`` likes, else a seeded random one; so
    does luck (its outcomes are its legal actions), so another seed rolls other dice. Stops
    after ``limit`` moves or at the end of the game.
    """
    rng = random.Random(seed)
    cited = [e.rule for e in s.events or ()]
    for _ in range(limit):
        if rule in cited or s.is_over:
            break
        actions = s.legal_actions()
        liked = [a for a in actions if prefer(a)]
        s = s.apply(liked[0] if liked else rng.choice(actions))  # luck too: outcomes listed
        cited += [e.rule for e in s.events]
    return cited


def names(card_id: str) -> Callable[[Action], bool]:
    """Prefer the actions that name the card (by its id, a part of the action's id)."""
    return lambda a: card_id in a.id.split("/")


def allowed_by(*rules: str) -> Callable[[Action], bool]:
    """Prefer the actions that the given rules allow."""
    return lambda a: a.rule in rules


@dataclass(frozen=True)
class Case:
    """One card of a game's data: the rule its effect cites, the table where it takes effect."""

    game: str
    file: str
    card: str
    rule: str
    table: Callable[..., State]
    prefer: Callable[[Action], bool]
    limit: int = 60
    tries: int = 1  # seeds to play from the table (the dice differ)
    seeded: bool = False  # True: ``table(seed)`` deals the table from each seed tried

    @property
    def id(self) -> str:
        return f"{self.game}/{self.file}/{self.card}"


class DataFiles(dict[tuple[str, str], dict[str, list[dict[str, Any]]]]):
    """Every packaged data file of every game, by (game, file stem): its tables of entries."""

    def __missing__(self, key: tuple[str, str]) -> dict[str, list[dict[str, Any]]]:
        game, stem = key
        _, tables = read_toml(f"{stem}.toml", f"umbrella_lab.games.{game}")
        self[key] = tables
        return tables


DATA = DataFiles()


def unique(entries: Any) -> list[Any]:
    """Each design once (a deck lists a card once per copy)."""
    seen: dict[str, Any] = {}
    for entry in entries:
        seen.setdefault(entry.id, entry)
    return list(seen.values())


# --- The Umbrella Academy ----------------------------------------------------------------------


def academy_cases() -> Iterator[Case]:
    from umbrella_lab.games.academy import effects
    from umbrella_lab.games.academy.cards import load_cards
    from umbrella_lab.games.academy.scenario import scenario

    cards = load_cards()
    for card in unique(cards.hero_deck):
        if card.kind == "attack":  # played from the hand, it attacks the faced card
            rule = "turn.attack"
            hands: list[list[Any]] = [[card.id], [10]]
            lineup: list[Any] = [5, 10]
        elif card.story == "hero-boost":  # added to a card as that card is played
            rule, hands, lineup = effects.STORYLINES[card.story].rule, [[card.id, 30], [10]], [35]
        else:
            rule = effects.STORYLINES[card.story].rule
            hands, lineup = [[card.id], [10]], [50, 45]
        story = card.kind == "story" and card.story != "hero-boost"
        yield Case(
            "academy",
            "hero_deck",
            card.id,
            rule,
            lambda h=hands, ln=lineup: scenario(
                heroes=("rumor", "seance"), hands=h, lineup=ln, life=[3, 3]
            ),
            (lambda a, c=card.id: a.id.startswith(f"story/0/{c}")) if story else names(card.id),
        )
        yield Case(
            "academy",
            "hero_deck",
            f"{card.id} (from the hand)",
            "turn.from-hand",
            lambda h=hands, ln=lineup: scenario(
                heroes=("rumor", "seance"), hands=h, lineup=ln, life=[3, 3]
            ),
            names(card.id),
        )
    for hero in cards.heroes.values():
        rule = effects.POWERS[hero.power].rule
        other = "rumor" if hero.id != "rumor" else "seance"
        yield Case(
            "academy",
            "heroes",
            hero.id,
            rule,
            lambda h=hero.id, o=other: scenario(
                heroes=(h, o), hands=[[30, 25, 20], [10]], lineup=[30, 45, 20, 15, 35]
            ),
            allowed_by(rule),
        )
    for family in unique(cards.family):
        rule = effects.FAMILY[family.effect].rule
        yield Case(
            "academy",
            "family",
            family.id,
            rule,
            lambda f=family.id: scenario(
                heroes=("rumor", "seance"),
                hands=[[60], [60]],
                lineup=[5],
                next_family=f,
                villains_left=2,
            ),
            lambda a: False,
        )
    for number, villain in enumerate(cards.villains):
        yield Case(
            "academy",
            "villains",
            villain.id,
            "round.villain",
            lambda n=number: _academy_next_villain(n),
            lambda a: False,
        )
    for attack in unique(cards.villain_attack):  # left uncontested, it deals its damage
        yield Case(
            "academy",
            "villain_attack",
            attack.id,
            "end.damage",
            lambda a=attack.id: scenario(heroes=("rumor", "seance"), hands=[[], []], lineup=[a]),
            lambda a: False,
        )


def _academy_next_villain(number: int) -> State:
    from umbrella_lab.games.academy.scenario import scenario

    s = scenario(heroes=("rumor", "seance"), hands=[[60], [60]], lineup=[5], villains_left=1)
    s.villains = [number]  # the next villain to arrive
    return s


# --- Umbrella ----------------------------------------------------------------------------------


def umbrella_table(colour: str, tile: str, space: int = 0, **changes: Any) -> State:
    """Seat 0's Stage all of one colour, a tile on a Figure space: any push makes its figure."""
    from umbrella_lab.games.umbrella.scenario import scenario

    zones = {"central": colour, "side 1": colour, "side 2": colour, "personal 1": colour}
    spaces = ["", "", "", ""]
    spaces[space] = tile
    stage = "/".join([colour * 4] * 4)
    return scenario(players=2, stages={0: stage}, zones=zones, spaces={0: spaces}, **changes)


def umbrella_end(level: int, face: Any, spots: Any) -> State:
    """Seat 0 with tokens on these spots; the end is triggered: the next turns end the game."""
    return umbrella_table(
        "Y",
        "F01 black",
        level=level,
        faces={0: face.id},
        tokens={0: [face.spots[i].number for i in spots]},
        trigger="supply",
        trigger_seat=1,
    )


def umbrella_cases() -> Iterator[Case]:
    from umbrella_lab.games.umbrella.effects import EFFECTS
    from umbrella_lab.games.umbrella.pieces import LETTERS, load_pieces

    pieces = load_pieces()
    for tile in pieces.tiles:  # a figure is made [figure.match]
        for side in ("black", "white"):
            yield Case(
                "umbrella",
                "figures",
                f"{tile.id} {side}",
                "figure.match",
                lambda t=f"{tile.id} {side}": umbrella_table("Y", t),
                allowed_by("figure.token", "board.bicolour", "board.white"),
                4,
            )
    for seat, board in enumerate(pieces.boards):  # seat by seat, a Stage filled from it
        players = max(2, seat + 1)
        yield Case(
            "umbrella",
            "boards",
            board.id,
            "setup.stage",
            lambda n=players: ul.load("umbrella", players=n).new(0),
            lambda a: False,
            1,
        )
    for level, faces in sorted(pieces.faces.items()):
        face = faces[0]
        for spot in face.spots:  # a token on it [figure.token] [board.bicolour] [board.white]
            if spot.white >= 0:
                rule, colour, space = "board.white", "Y", spot.white // 90
            else:
                bicolour = spot.colours & (spot.colours - 1)
                rule = "board.bicolour" if bicolour else "figure.token"
                colour = LETTERS[(spot.colours & -spot.colours).bit_length() - 1]
                space = 0
            yield Case(
                "umbrella",
                "scoreboards",
                spot.id,
                rule,
                lambda c=colour, sp=space, lv=level, f=face.id: umbrella_table(
                    c, "F01 black", sp, level=lv, faces={0: f}
                ),
                lambda a, i=spot.id: a.id.endswith(f"/{i}"),
                4,
            )
        groups = [g["id"] for g in DATA["umbrella", "scoreboards"]["group"]]
        mine = [g for g in groups if g.startswith(f"level-{level}-")]  # in the data's order
        for group, (_, spots) in zip(mine, face.groups, strict=True):  # full at the end
            yield Case(
                "umbrella",
                "scoreboards",
                group,
                "board.groups",
                lambda lv=level, f=face, sp=spots: umbrella_end(lv, f, sp),
                lambda a: False,
                10,
            )
        # the design: full groups score, or on level 3 neighbouring tokens [board.*]
        first = face.groups[0][1] if face.groups else (0, face.neighbours[0][0])
        yield Case(
            "umbrella",
            "scoreboards",
            f"level-{level}",
            "board.groups" if face.scoring == "groups" else "board.adjacency",
            lambda lv=level, f=face, sp=first: umbrella_end(lv, f, sp),
            lambda a: False,
            10,
        )
        powers = {
            (entry["spot_a"], entry["spot_b"]): entry["id"]
            for entry in DATA["umbrella", "scoreboards"]["power"]
            if entry["scoreboard"] == f"level-{level}"
        }
        for power, a, b in face.powers:  # both spots round it filled [power.*]
            spot = face.spots[b]
            colour = LETTERS[(spot.colours & -spot.colours).bit_length() - 1]
            yield Case(
                "umbrella",
                "scoreboards",
                powers[face.spots[a].number, spot.number],
                EFFECTS[power].rule,
                lambda c=colour, lv=level, f=face, a=a: umbrella_table(
                    c, "F01 black", level=lv, faces={0: f.id}, tokens={0: [f.spots[a].number]}
                ),
                lambda act, i=spot.id: act.id.endswith(f"/{i}"),
                6,
            )


# --- Heroes vs the Umbrella Corporation -------------------------------------------------------

CORP = "corporation"
CORPORATION_TEAMS = {
    "operative": "stars-alpha",
    "merc": "ubcs-delta",
    "survivor": "raccoon-survivors",
}
UNIT_OF = {"monster": "tyrant", "soldier": "soldier", "zombie": "undead", "vehicle": "helicopter"}
CORPORATION_STEPS = (
    "assault.declare",
    "assault.defence",
    "assault.commit",
    "search.declare",
    "search.commit",
    "ability.lucky",
)
"""The moves that lead on to a combat and its dice, preferred after the card's own."""


def corporation_cases() -> Iterator[Case]:
    from umbrella_lab.games.corporation import effects
    from umbrella_lab.games.corporation.cards import load_cards
    from umbrella_lab.games.corporation.scenario import scenario

    cards = load_cards()
    for side, deck in (("hero_deck", cards.hero), ("umbrella_deck", cards.umbrella)):
        for card in unique(deck):
            table: dict[str, Any] = {}
            team = CORPORATION_TEAMS.get(card.subtype, "stars-alpha")
            against = getattr(card, "against", "") or "monster"
            if card.effect:
                rule = effects.EFFECTS.get(card.effect, effects.EVENTS.get(card.effect)).rule
            else:
                rule = {
                    "team": "recruit.teams",
                    "character": "recruit.characters",
                    "unit": "recruit.units",
                    "facility": "setup.facilities"
                    if getattr(card, "start", False)
                    else "recruit.new-facility",
                }[card.kind]
            if card.kind == "team":
                table = {"teams": {}, "hero_hand": [card.id], "phase": "recruit"}
            elif card.kind == "character" and card.effect in ("", "medic"):
                table = {"teams": {team: []}, "hero_hand": [card.id], "phase": "recruit"}
                if card.effect == "medic":  # her team falls to a strong defence
                    table = {
                        "teams": {team: [card.id]},
                        "facilities": ["the-hive"],
                        "units": ["nemesis", "tyrant"],
                    }
            elif card.kind == "character" and card.effect == "hunt-defence":
                table = {"teams": {team: [card.id]}, "units": ["soldier"], "phase": "hunt"}
            elif card.kind == "character":  # a bonus in an assault, or a reroll
                table = {"teams": {team: [card.id]}, "units": [UNIT_OF[against]]}
            elif card.kind == "event" and side == "hero_deck":
                phase = {"assault": "assault", "anti-virus": "assault", "team-defence": "hunt"}
                table = {
                    "teams": {"stars-alpha": ["jill"]},
                    "hero_hand": [card.id],
                    "hero_discard": ["barry"],
                    "units": ["undead"] if card.effect != "team-defence" else ["soldier"],
                    "phase": phase.get(card.effect, "events"),
                }
            elif card.kind == "facility":
                table = {"facilities": [], "umbrella_hand": [card.id], "phase": "recruit"}
                if getattr(card, "start", False):  # in play from the setup on
                    table = {}
            elif card.kind == "unit" and not card.effect:
                table = {"umbrella_hand": [card.id], "phase": "recruit"}
            elif card.kind == "unit":  # it defends a facility
                table = {"teams": {"stars-alpha": ["jill"]}, "units": [card.id]}
            else:  # Umbrella's traps and events
                phase = {"hunt": "hunt", "lockdown": "events", "reinforcements": "events"}
                table = {
                    "teams": {"stars-alpha": ["jill"]},
                    "umbrella_hand": [card.id],
                    "units": ["soldier"],
                    "phase": phase.get(card.effect, "assault"),
                }
            yield Case(
                "corporation",
                side,
                card.id,
                rule,
                (lambda tb=table: scenario(**tb)) if table else lambda: ul.load(CORP).new(0),
                lambda a, c=card.id: names(c)(a) or a.rule in CORPORATION_STEPS,
                40,
                tries=20,
            )


# --- Marvel United -----------------------------------------------------------------------------

MARVEL_HEROES = ("hulk", "captain-marvel")


def marvel_cases() -> Iterator[Case]:
    from umbrella_lab.games.marvel import effects
    from umbrella_lab.games.marvel.cards import load_cards
    from umbrella_lab.games.marvel.scenario import position

    cards = load_cards()
    for card in cards.hero_cards:  # played, its Special used [turn.play] [special.*]
        other = next(h for h in MARVEL_HEROES if h != card.hero)
        rule = effects.SPECIALS[card.special].rule if card.special else "turn.play"
        own = [c.id for c in cards.hero_cards if c.hero == card.hero and c.id != card.id]
        earlier = own[:1] if card.special == "quantum-leap" else None  # a card to leap to
        yield Case(
            "marvel",
            "heroes",
            card.id,
            rule,
            lambda sd, c=card, o=other, e=earlier: position(
                heroes=(c.hero, o), hands={c.hero: [c.id]}, storyline=e, seed=sd
            ),
            lambda a, c=card.id, r=rule: a.id == f"play/0/{c}" or a.rule == r,
            30,
            tries=3,
            seeded=True,
        )
    for hero in cards.heroes:  # at the table from the setup [setup.heroes]
        other = next(h for h in MARVEL_HEROES if h != hero.id)
        yield Case(
            "marvel",
            "heroes",
            hero.id,
            "setup.heroes",
            lambda h=hero.id, o=other: ul.load("marvel", players=2, heroes=(h, o)).new(0),
            lambda a: False,
            1,
        )
    for plan in cards.plans:  # drawn at the villain's turn [villain.turn] [plan.*]
        rule = effects.PLANS[plan.special].rule if plan.special else "villain.turn"
        yield Case(
            "marvel",
            "plans",
            plan.id,
            rule,
            lambda sd, p=plan: position(
                villain=p.villain, heroes=MARVEL_HEROES, plan_deck=[p.id], seed=sd
            ),
            lambda a: False,
            60,
            tries=5,
            seeded=True,
        )
    places = [loc.id for loc in cards.locations]
    for threat in cards.threats:  # where the heroes and the villain stand [threat.*]
        here = places[0]
        bams = [p.id for p in cards.plans if p.villain == threat.villain and p.bam and not p.move]
        yield Case(
            "marvel",
            "threats",
            threat.id,
            effects.THREATS[threat.effect].rule,
            lambda th=threat, h=here, b=bams: position(
                villain=th.villain,
                heroes=MARVEL_HEROES,
                places=tuple(places[:6]),
                threats={h: th.id},
                villain_at=h,
                hero_at=dict.fromkeys(MARVEL_HEROES, h),
                thugs={h: 1},
                civilians={h: 1},
                plan_deck=b[:1],
            ),
            lambda a: False,
            80,
            tries=10,
        )
    for location in cards.locations:  # its End of Turn effect [place.*]
        rule = effects.LOCATIONS[location.effect].rule
        six = (location.id, *[p for p in places if p != location.id][:5])
        yield Case(
            "marvel",
            "locations",
            location.id,
            rule,
            lambda six=six: position(
                heroes=MARVEL_HEROES,
                places=six,
                threats={six[0]: ""},
                hero_at=dict.fromkeys(MARVEL_HEROES, six[0]),
                thugs={six[0]: 1},
                civilians={six[0]: 1},
            ),
            allowed_by(rule),
            40,
            tries=3,
        )
    for villain in cards.villains:  # its BAM!, its Overflow and its plot [dash.*]
        yield Case(
            "marvel",
            "villains",
            f"{villain.id} BAM",
            effects.DASHBOARDS[villain.bam].rule,
            lambda sd, v=villain: position(villain=v.id, heroes=MARVEL_HEROES, seed=sd),
            lambda a: False,
            80,
            tries=5,
            seeded=True,
        )
        yield Case(
            "marvel",
            "villains",
            f"{villain.id} Overflow",
            effects.OVERFLOWS[villain.overflow].rule,
            lambda v=villain: _marvel_full(v.id, 0, plot=False),
            lambda a: False,
            80,
            tries=3,
        )
        if villain.plot:
            yield Case(
                "marvel",
                "villains",
                f"{villain.id} plot",
                effects.PLOTS[villain.plot].rule,
                lambda v=villain: _marvel_full(v.id, 1, plot=True),
                lambda a: False,
                80,
                tries=3,
            )
    for mission in cards.missions:  # a token on it [mission.*]
        rule = {"civilian": "mission.rescue", "thug": "mission.defeat"}.get(
            mission.counts, "mission.clear"
        )
        yield Case(
            "marvel",
            "missions",
            mission.id,
            rule,
            lambda: position(heroes=MARVEL_HEROES),
            lambda a: a.rule in ("turn.attack", "turn.heroic"),
            120,
            tries=5,
        )
    for challenge in cards.challenges:  # cards leave the decks at the setup [challenge.*]
        yield Case(
            "marvel",
            "challenges",
            challenge.id,
            f"challenge.{challenge.id}",
            lambda c=challenge.id: ul.load("marvel", challenge=c).new(0),
            lambda a: False,
            1,
        )


def _marvel_full(villain: str, free: int, *, plot: bool) -> State:
    """Every location full but ``free`` slots: the next tokens overflow (or the city fills).

    For the plot, the dashboard's track (Red Skull's Fear) stands one short of its end.
    """
    from umbrella_lab.games.marvel.scenario import position

    s = position(villain=villain, heroes=MARVEL_HEROES)
    for where in range(6):
        s.civilians[where] += s.free(where)  # type: ignore[attr-defined]
    s.civilians[0] -= free  # type: ignore[attr-defined]
    if plot and s.villain.track:  # type: ignore[attr-defined]
        s.track = s.villain.track - 1  # type: ignore[attr-defined]
    return s


# --- Pig ---------------------------------------------------------------------------------------


def pig_cases() -> Iterator[Case]:
    game = ul.load("pig")
    for face in game.new(0).die:  # type: ignore[attr-defined]
        rule = "turn.pig" if face.pig else "turn.points"
        yield Case("pig", "die", face.id, rule, lambda: ul.load("pig").new(0), names(face.id), 3)


# --- Every card of every game ------------------------------------------------------------------


@cache
def cases() -> tuple[Case, ...]:
    return (
        *academy_cases(),
        *umbrella_cases(),
        *corporation_cases(),
        *marvel_cases(),
        *pig_cases(),
    )


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.id)
def test_every_card_cites_its_rule_when_it_takes_effect(case: Case) -> None:
    cited: list[str] = []
    for seed in range(case.tries):
        table = case.table(seed) if case.seeded else case.table()
        cited = play_until(table, case.rule, case.prefer, limit=case.limit, seed=seed)
        if case.rule in cited:
            break
    assert case.rule in cited, (
        f"{case.id}: took effect without citing {case.rule}; cited {Counter(cited)}"
    )


def test_the_walk_covers_every_entry_of_every_data_file() -> None:
    """Every entry with an id in every packaged data file of every game is walked."""
    walked = {(c.game, c.file, c.card.split(" ")[0]) for c in cases()}
    entries = set()
    for game in GAMES:
        for path in (ROOT / "umbrella_lab" / "games" / game / "data").glob("*.toml"):
            for rows in DATA[game, path.stem].values():
                entries |= {(game, path.stem, row["id"]) for row in rows if "id" in row}
    assert {c.game for c in cases()} == set(GAMES), "a game whose cards no case walks"
    assert len(entries) > 350  # (398 when this test was written)
    assert entries - walked == set(), f"cards no case walks: {sorted(entries - walked)}"


def test_the_walk_names_each_card_once() -> None:
    ids = [c.id for c in cases()]
    assert len(ids) == len(set(ids))


# --- Every rule of every digest is seen to act -------------------------------------------------

SEEDS = {"random": 20, "heuristic": 5}  # per player count
OPTION_SEEDS = 6  # per option value, at the fewest and the most players, by the random player


def seeded_tables(name: str) -> Iterator[tuple[ul.Game, str, range]]:
    """The seeded games that must show every rule: (game, player, seeds).

    Every player count, played by the random player and by the heuristic; then every option
    value other than the default, at the fewest and the most players, by the random player.
    """
    info = ul.load(name).info
    for count in info.players:
        for policy, seeds in SEEDS.items():
            yield ul.load(name, players=count), policy, range(seeds)
    for option in info.options:
        for value in option.choices or ():
            if value == option.default:
                continue
            for count in sorted({info.players[0], info.players[-1]}):
                try:
                    game = ul.load(name, players=count, **{option.name: value})
                except ul.OptionError:  # a value that needs another table (a solo hero...)
                    continue
                yield game, "random", range(100, 100 + OPTION_SEEDS)


def fired_rules(name: str) -> Counter[str]:
    """How many events cite each rule in the seeded games of a game (and the ending rules)."""
    fired: Counter[str] = Counter()
    for game, policy, seeds in seeded_tables(name):
        choose = get_policy(game, policy)
        for seed in seeds:
            s = game.new(seed)
            fired.update(e.rule for e in s.events)
            rng = random.Random(seed)
            while s.result is None:
                move = s._lucky_key() if s.to_act == CHANCE else choose(s, rng)
                s.events = []
                move.play(s)
                fired.update(e.rule for e in s.events)
            fired[s.result.rule] += 1
    return fired


def functions_in(path: str) -> set[str]:
    """The test functions a test file defines."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_of_the_digest_fires_or_is_an_option_or_a_rare_rule(name: str) -> None:
    """Seeded games cite every rule, but the options' and the rare ones (each with its test)."""
    info = ul.load(name).info
    digest = set(ul.load(name).rules)
    options = {option.rule for option in info.options}
    rare = dict(info.rare_rules)
    assert set(rare) <= digest, f"{name}: rare rules not in the digest: {set(rare) - digest}"
    for rule, where in rare.items():
        path, _, test = where.partition("::")
        assert test in functions_in(path), f"{name}: {rule} names {where}, which does not exist"
    fired = fired_rules(name)
    assert set(fired) <= digest, f"{name}: events cite rules not in the digest"
    unseen = [rule for rule in ul.load(name).rules if rule not in fired]
    missing = [rule for rule in unseen if rule not in options and rule not in rare]
    assert not missing, (
        f"{name}: these rules never fired in {sum(1 for _ in seeded_tables(name))} seeded "
        f"tables and are neither an option's rule nor a rare rule: {missing}"
    )
    needless = [rule for rule in rare if fired[rule] and rule not in RARE_BUT_SEEN.get(name, ())]
    assert not needless, f"{name}: rare rules that the seeded games show after all: {needless}"


RARE_BUT_SEEN: dict[str, tuple[str, ...]] = {}
"""Rare rules that the seeded games happen to show (kept rare: ordinary games rarely do)."""

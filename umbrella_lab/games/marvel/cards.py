"""Card data of Marvel United, read from the TOML files in ``data/`` [data.*].

Every field is checked on load; a broken file gets a :class:`DataError` naming the file, the
entry and the field. Nothing is cached between loads: loading a folder again reads it again,
so a teacher's edit of a data folder is seen the next time the game is loaded.

>>> cards = load_cards()
>>> len(cards.hero_cards), len(cards.plans), len(cards.threats), len(cards.locations)
(84, 36, 18, 8)
>>> cards.villain("red-skull").health(4)
11
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from pathlib import Path
from typing import Any

from umbrella_lab.engine.data import Field, read_entries, read_toml
from umbrella_lab.engine.errors import DataError

PACKAGE = "umbrella_lab.games.marvel"
PROVENANCE = ("rulebook", "published", "fan-majority", "reconstruction")
DATA_FILES = (
    "heroes.toml",
    "villains.toml",
    "plans.toml",
    "threats.toml",
    "locations.toml",
    "missions.toml",
    "challenges.toml",
)
"""The data files of a game, in the packaged ``data`` folder or in the folder of option data."""

SYMBOLS = "MAHW"
"""The action symbols by letter: Move, Attack, Heroic action, Wild [turn.symbols]."""
MOVE, ATTACK, HEROIC, WILD = range(4)
SYMBOL_NAMES = ("Move", "Attack", "Heroic", "Wild")


@dataclass(frozen=True)
class Hero:
    """A hero of the box."""

    id: str
    name: str
    provenance: str


@dataclass(frozen=True)
class HeroCard:
    """One hero card: its symbols (counts of Move, Attack, Heroic, Wild) and its Special."""

    id: str
    hero: str
    symbols: str
    special: str
    challenge: str
    provenance: str

    @cached_property
    def counts(self) -> tuple[int, int, int, int]:
        """How many Move, Attack, Heroic and Wild symbols the card shows."""
        return tuple(self.symbols.count(letter) for letter in SYMBOLS)  # type: ignore[return-value]


@dataclass(frozen=True)
class Villain:
    """A villain dashboard: health by hero count, BAM, Overflow, plot, guard and track."""

    id: str
    name: str
    health_2: int
    health_3: int
    health_4: int
    bam: str
    overflow: str
    plot: str
    guard: str
    track: int
    text: str
    provenance: str

    def health(self, heroes: int) -> int:
        """Health tokens with this many heroes (the solo mode plays 3 heroes) [setup.health]."""
        return (self.health_2, self.health_3, self.health_4)[min(max(heroes, 2), 4) - 2]


@dataclass(frozen=True)
class PlanCard:
    """A Master Plan card: the move, BAM!, tokens per location and the Special."""

    id: str
    villain: str
    name: str
    move: int
    bam: bool
    ccw: str
    here: str
    cw: str
    special: str
    provenance: str

    @property
    def title(self) -> str:
        """How the card is named in words: its title, or its numbers."""
        if self.name:
            return self.name
        parts = [f"move {self.move}"]
        if self.bam:
            parts.append("BAM!")
        if self.ccw or self.here or self.cw:
            parts.append("/".join(side or "-" for side in (self.ccw, self.here, self.cw)))
        return ", ".join(parts)


@dataclass(frozen=True)
class Threat:
    """A Threat card: a henchman with health, or another threat cleared by Heroic tokens."""

    id: str
    villain: str
    name: str
    kind: str
    health: int
    heroics: int
    trigger: str
    effect: str
    amount: int
    text: str
    provenance: str

    @cached_property
    def henchman(self) -> bool:
        """True for a henchman (cleared by damage) [threat.henchman]."""
        return self.kind == "henchman"


@dataclass(frozen=True)
class Location:
    """A Location card: slots, the tokens of setup and the End of Turn effect."""

    id: str
    name: str
    slots: int
    thugs: int
    civilians: int
    effect: str
    text: str
    provenance: str


@dataclass(frozen=True)
class Mission:
    """A Mission card: what fills it, and how many slots."""

    id: str
    name: str
    counts: str
    size: int
    provenance: str


@dataclass(frozen=True)
class Challenge:
    """A Challenge card: which marked cards leave every hero deck."""

    id: str
    name: str
    removes: str
    solo: bool
    provenance: str


@dataclass(frozen=True)
class Cards:
    """All card data of one game (tuples in file order; a card's number is its place).

    Attributes:
        heroes: The heroes.
        hero_cards: Every hero card; a card's number is its place here.
        villains: The villain dashboards.
        plans: Every Master Plan card; a card's number is its place here.
        threats: Every Threat card.
        locations: Every Location card.
        missions: The missions, in the order the mission guide holds them.
        challenges: The challenges.
        source: Where the data was read from.
    """

    heroes: tuple[Hero, ...]
    hero_cards: tuple[HeroCard, ...]
    villains: tuple[Villain, ...]
    plans: tuple[PlanCard, ...]
    threats: tuple[Threat, ...]
    locations: tuple[Location, ...]
    missions: tuple[Mission, ...]
    challenges: tuple[Challenge, ...]
    source: str

    def villain(self, villain_id: str) -> Villain:
        """The villain with this id."""
        return next(v for v in self.villains if v.id == villain_id)

    def hero(self, hero_id: str) -> Hero:
        """The hero with this id."""
        return next(h for h in self.heroes if h.id == hero_id)

    def challenge(self, challenge_id: str) -> Challenge:
        """The challenge with this id."""
        return next(c for c in self.challenges if c.id == challenge_id)


_HERO = {"id": Field(str), "name": Field(str), "provenance": Field(str, choices=PROVENANCE)}
_CARD = {
    "id": Field(str),
    "hero": Field(str),
    "symbols": Field(str),
    "special": Field(str, ""),
    "challenge": Field(str, "", choices=("", "moderate", "hard")),
    "provenance": Field(str, choices=PROVENANCE),
}
_VILLAIN = {
    "id": Field(str),
    "name": Field(str),
    "health_2": Field(int, low=1, high=60),
    "health_3": Field(int, low=1, high=60),
    "health_4": Field(int, low=1, high=60),
    "bam": Field(str),
    "overflow": Field(str),
    "plot": Field(str, ""),
    "guard": Field(str, ""),
    "track": Field(int, 0, low=0, high=100),
    "text": Field(str, ""),
    "provenance": Field(str, choices=PROVENANCE),
}
_PLAN = {
    "id": Field(str),
    "villain": Field(str),
    "name": Field(str, ""),
    "move": Field(int, low=0, high=5),
    "bam": Field(bool),
    "ccw": Field(str, ""),
    "here": Field(str, ""),
    "cw": Field(str, ""),
    "special": Field(str, ""),
    "provenance": Field(str, choices=PROVENANCE),
}
_THREAT = {
    "id": Field(str),
    "villain": Field(str),
    "name": Field(str),
    "kind": Field(str, choices=("henchman", "other")),
    "health": Field(int, 0, low=0, high=30),
    "heroics": Field(int, 0, low=0, high=10),
    "trigger": Field(str, choices=("bam", "arrive", "start", "always")),
    "effect": Field(str),
    "amount": Field(int, 0, low=0, high=10),
    "text": Field(str, ""),
    "provenance": Field(str, choices=PROVENANCE),
}
_LOCATION = {
    "id": Field(str),
    "name": Field(str),
    "slots": Field(int, low=1, high=12),
    "thugs": Field(int, 0, low=0, high=12),
    "civilians": Field(int, 0, low=0, high=12),
    "effect": Field(str),
    "text": Field(str, ""),
    "provenance": Field(str, choices=PROVENANCE),
}
_MISSION = {
    "id": Field(str),
    "name": Field(str),
    "counts": Field(str, choices=("civilian", "thug", "threat")),
    "size": Field(int, low=1, high=40),
    "provenance": Field(str, choices=PROVENANCE),
}
_CHALLENGE = {
    "id": Field(str),
    "name": Field(str),
    "removes": Field(str),
    "solo": Field(bool),
    "provenance": Field(str, choices=PROVENANCE),
}


def data_file(folder: Any, name: str) -> Any:
    """A data file: in ``folder`` if given, else the packaged one."""
    return Path(folder) / name if folder is not None else files(PACKAGE) / "data" / name


def _read(folder: Any, name: str, table: str, spec: dict[str, Field]) -> tuple[str, list]:
    file, tables = read_toml(Path(folder) / name if folder else name, None if folder else PACKAGE)
    return file, read_entries(file, tables, table, spec)


def load_cards(folder: Any = None, effects: Mapping[str, Iterable[str]] | None = None) -> Cards:
    """Every data file, checked: from a folder of edited files, or the packaged ones.

    Args:
        folder: A folder holding the seven data files, or ``None`` for the packaged ones.
        effects: The effect names each kind of entry may name (``effects.KNOWN``): a name
            that no effect answers to is a broken file.

    Raises:
        DataError: naming the file, the entry and the field that is wrong.
    """
    folder = None if folder is None else str(Path(folder))
    known = {kind: set(names) for kind, names in (effects or {}).items()}
    file, tables = read_toml(
        Path(folder) / "heroes.toml" if folder else "heroes.toml", None if folder else PACKAGE
    )
    heroes = tuple(Hero(**e) for e in read_entries(file, tables, "hero", _HERO))
    hero_ids = {h.id for h in heroes}
    hero_cards = tuple(HeroCard(**e) for e in read_entries(file, tables, "card", _CARD))
    for card in hero_cards:
        where = f"card '{card.id}'"
        if card.hero not in hero_ids:
            raise DataError(file, where, "hero", f"names no hero; the heroes are {_list(hero_ids)}")
        if any(letter not in SYMBOLS for letter in card.symbols):
            raise DataError(file, where, "symbols", "may only hold the letters M, A, H and W")
        _effect(file, where, "special", card.special, known.get("special"), empty=True)
    for hero in heroes:
        if not any(card.hero == hero.id for card in hero_cards):
            raise DataError(file, f"hero '{hero.id}'", "id", "has no cards")

    file, entries = _read(folder, "villains.toml", "villain", _VILLAIN)
    villains = tuple(Villain(**e) for e in entries)
    for villain in villains:
        where = f"villain '{villain.id}'"
        _effect(file, where, "bam", villain.bam, known.get("dashboard"))
        _effect(file, where, "overflow", villain.overflow, known.get("overflow"))
        _effect(file, where, "plot", villain.plot, known.get("plot"), empty=True)
        _effect(file, where, "guard", villain.guard, known.get("guard"), empty=True)
    villain_ids = {v.id for v in villains}

    file, entries = _read(folder, "plans.toml", "card", _PLAN)
    plans = tuple(PlanCard(**e) for e in entries)
    for plan in plans:
        where = f"card '{plan.id}'"
        if plan.villain not in villain_ids:
            raise DataError(file, where, "villain", f"names no villain of {_list(villain_ids)}")
        for side in ("ccw", "here", "cw"):
            if any(letter not in "TC" for letter in getattr(plan, side)):
                raise DataError(file, where, side, "may only hold the letters T and C")
        _effect(file, where, "special", plan.special, known.get("plan"), empty=True)

    file, entries = _read(folder, "threats.toml", "threat", _THREAT)
    threats = tuple(Threat(**e) for e in entries)
    for threat in threats:
        where = f"threat '{threat.id}'"
        if threat.villain not in villain_ids:
            raise DataError(file, where, "villain", f"names no villain of {_list(villain_ids)}")
        if threat.henchman and threat.health < 1:
            raise DataError(file, where, "health", "a henchman needs at least 1 health")
        if not threat.henchman and threat.heroics < 1:
            raise DataError(file, where, "heroics", "a threat that is no henchman needs heroics")
        _effect(file, where, "effect", threat.effect, known.get("threat"))

    file, entries = _read(folder, "locations.toml", "location", _LOCATION)
    locations = tuple(Location(**e) for e in entries)
    for location in locations:
        where = f"location '{location.id}'"
        if location.thugs + location.civilians > location.slots:
            raise DataError(file, where, "slots", "holds fewer slots than its setup tokens")
        _effect(file, where, "effect", location.effect, known.get("location"))

    file, entries = _read(folder, "missions.toml", "mission", _MISSION)
    missions = tuple(Mission(**e) for e in entries)
    if sorted(m.counts for m in missions) != ["civilian", "threat", "thug"]:
        raise DataError(file, "", "counts", "the three missions count civilian, thug and threat")

    file, entries = _read(folder, "challenges.toml", "challenge", _CHALLENGE)
    challenges = tuple(Challenge(**e) for e in entries)
    for challenge in challenges:
        if not challenge.removes.split() or any(
            word not in ("moderate", "hard") for word in challenge.removes.split()
        ):
            raise DataError(
                file, f"challenge '{challenge.id}'", "removes", "names moderate and/or hard"
            )

    for villain in villains:  # a villain needs a whole table's worth of cards
        mine = [t for t in threats if t.villain == villain.id]
        if not [p for p in plans if p.villain == villain.id]:
            raise DataError("plans.toml", f"villain '{villain.id}'", "", "has no Master Plan cards")
        if len(mine) < 6:
            raise DataError(
                "threats.toml", f"villain '{villain.id}'", "", f"has {len(mine)} threats, not 6"
            )
    if len(locations) < 6:
        raise DataError("locations.toml", "", "", f"{len(locations)} locations; 6 are needed")
    return Cards(
        heroes,
        hero_cards,
        villains,
        plans,
        threats,
        locations,
        missions,
        challenges,
        folder or "packaged",
    )


def _list(names: Iterable[str]) -> str:
    return ", ".join(sorted(names))


def _effect(
    file: str, where: str, field: str, name: str, known: set[str] | None, empty: bool = False
) -> None:
    """A named effect must be one effects.py knows (``""`` where the field may be empty)."""
    if known is None or (empty and name == ""):
        return
    if name not in known:
        raise DataError(
            file, where, field, f"names no known effect {name!r}; known: {_list(known)}"
        )

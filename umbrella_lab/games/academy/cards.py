"""Card data of The Umbrella Academy Game, read from the TOML files in ``data/``.

Every field is checked on load; a broken file gets a :class:`DataError` naming the file, the
entry and the field. Values the rulebook does not print are marked ``reconstruction``.

>>> cards = load_cards()
>>> len(cards.hero_deck), len(cards.villain_attack), len(cards.family)
(60, 60, 18)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from umbrella_lab.engine.data import Field, cached_by_files, read_entries, read_toml
from umbrella_lab.engine.errors import DataError

PACKAGE = "umbrella_lab.games.academy"
POWERS = ("horror", "kraken", "space-boy", "number-five", "rumor", "seance", "vanya")
STORIES = ("restore", "life-boost", "strength", "hero-boost", "rivalry", "pogo")
EFFECTS = (
    "apathy",
    "secrets",
    "villain-boost",
    "brothers",
    "confrontation",
    "hopelessness",
    "rock-bottom",
    "dinner",
    "reunion",
)
PROVENANCE = ("rulebook", "published", "reconstruction", "invented")
"""Where a data entry comes from; ``invented`` marks the project's own card or value, which
``cards="rulebook"`` leaves out [opt.cards]."""
DATA_FILES = (
    "heroes.toml",
    "hero_deck.toml",
    "villain_attack.toml",
    "villains.toml",
    "family.toml",
)
"""The card files of a game, in the packaged ``data`` folder or in the folder of option data."""


@dataclass(frozen=True)
class Hero:
    """A hero (Player Card) and their power."""

    id: str
    name: str
    power: str
    power_name: str
    text: str
    solo: bool
    provenance: str


@dataclass(frozen=True)
class HeroCard:
    """A Hero Attack card design: an attack card or a story card."""

    id: str
    name: str
    kind: str
    attack: int
    heal: int
    story: str
    boost: int
    copies: int
    provenance: str

    @property
    def label(self) -> str:
        """Short face text, e.g. ``"35"`` or ``"Ben's Return (15)"``."""
        return str(self.attack) if self.kind == "attack" else f"{self.name} ({self.attack})"


@dataclass(frozen=True)
class VillainAttack:
    """A Villain Attack card design."""

    id: str
    attack: int
    damage: int
    copies: int
    provenance: str


@dataclass(frozen=True)
class Villain:
    """A villain card: its strength (lineup size) and its attack side for the Final Battle."""

    id: str
    name: str
    strength: int
    final_attack: int
    final_damage: int
    provenance: str


@dataclass(frozen=True)
class FamilyCard:
    """A Dysfunctional Family card design."""

    id: str
    name: str
    effect: str
    amount: int
    text: str
    copies: int
    provenance: str


@dataclass(frozen=True)
class Cards:
    """All card data of one game, with one entry per physical card in each deck.

    Attributes:
        heroes: Heroes by id.
        hero_deck: The Hero Attack deck, one design per physical card (index = card number).
        villain_attack: The Villain Attack deck, likewise.
        villains: Every villain card.
        family: The Dysfunctional Family deck, one design per physical card.
        source: Where the data was read from.
    """

    heroes: dict[str, Hero]
    hero_deck: tuple[HeroCard, ...]
    villain_attack: tuple[VillainAttack, ...]
    villains: tuple[Villain, ...]
    family: tuple[FamilyCard, ...]
    source: str

    def __post_init__(self) -> None:
        deck = self.hero_deck
        designs = {card.id: i for i, card in enumerate(dict.fromkeys(deck))}
        columns = {
            "attack": tuple(card.attack for card in deck),
            "heal": tuple(card.heal for card in deck),
            "story": tuple(card.story for card in deck),
            "boost": tuple(card.boost for card in deck),
            "design": tuple(designs[card.id] for card in deck),
            "winner_rank": tuple(2 * card.attack + bool(card.story) for card in deck),
            "boosts": frozenset(number for number, card in enumerate(deck) if card.boost),
        }
        for name, column in columns.items():
            object.__setattr__(self, name, column)

    # Columns by card number, for fast loops: attack, heal, story ("" for attack cards),
    # boost (0 unless a Hero Boost), design (one number per card design) and winner_rank
    # (2 x attack, +1 for a story card: among cards that beat a villain card, the lowest rank
    # is the lowest attack, an attack card before a story card of the same value); and boosts,
    # the numbers of the Hero Boost cards (a hand holds one unless it is disjoint from them).
    attack: tuple[int, ...] = field(init=False, repr=False)
    heal: tuple[int, ...] = field(init=False, repr=False)
    story: tuple[str, ...] = field(init=False, repr=False)
    boost: tuple[int, ...] = field(init=False, repr=False)
    design: tuple[int, ...] = field(init=False, repr=False)
    winner_rank: tuple[int, ...] = field(init=False, repr=False)
    boosts: frozenset[int] = field(init=False, repr=False)


_HERO = {
    "id": Field(str),
    "name": Field(str),
    "power": Field(str, choices=POWERS),
    "power_name": Field(str),
    "text": Field(str),
    "solo": Field(bool),
    "provenance": Field(str, choices=PROVENANCE),
}
_HERO_CARD = {
    "id": Field(str),
    "name": Field(str),
    "kind": Field(str, choices=("attack", "story")),
    "attack": Field(int, low=0, high=200),
    "heal": Field(int, 0, low=0, high=8),
    "story": Field(str, "", choices=("", *STORIES)),
    "boost": Field(int, 0, low=0, high=100),
    "copies": Field(int, low=0, high=60),
    "provenance": Field(str, choices=PROVENANCE),
}
_VILLAIN_ATTACK = {
    "id": Field(str),
    "attack": Field(int, low=0, high=200),
    "damage": Field(int, low=0, high=8),
    "copies": Field(int, low=0, high=60),
    "provenance": Field(str, choices=PROVENANCE),
}
_VILLAIN = {
    "id": Field(str),
    "name": Field(str),
    "strength": Field(int, low=1, high=20),
    "final_attack": Field(int, low=0, high=300),
    "final_damage": Field(int, low=0, high=12),
    "provenance": Field(str, choices=PROVENANCE),
}
_FAMILY = {
    "id": Field(str),
    "name": Field(str),
    "effect": Field(str, choices=EFFECTS),
    "amount": Field(int, 0, low=0, high=100),
    "text": Field(str),
    "copies": Field(int, low=0, high=20),
    "provenance": Field(str, choices=PROVENANCE),
}


def _file(folder: Path | None, name: str) -> tuple[str, dict]:
    return read_toml(folder / name if folder else name, None if folder else PACKAGE)


@cached_by_files(*DATA_FILES)
def load_cards(folder: str | Path | None = None) -> Cards:
    """Read and check the five data files (from ``folder``, or the packaged ones).

    A folder is read again when one of its files has changed since (a student's edit counts
    the next time the game is loaded); the same folder as a ``str`` or a ``Path`` gives the
    same cards.

    Raises:
        DataError: naming the file, the entry and the field that is wrong.
    """
    path = Path(folder) if folder is not None else None
    name, tables = _file(path, "heroes.toml")
    heroes = {e["id"]: Hero(**e) for e in read_entries(name, tables, "hero", _HERO)}
    if len(heroes) < 1:
        raise DataError(name, "", "", "at least one hero is needed")

    name, tables = _file(path, "hero_deck.toml")
    hero_deck: list[HeroCard] = []
    card: HeroCard | FamilyCard  # a hero card here, a family card further down
    for entry in read_entries(name, tables, "card", _HERO_CARD):
        card = HeroCard(**entry)
        where = f"card '{card.id}'"
        if card.kind == "story" and not card.story:
            raise DataError(name, where, "story", "a story card needs a storyline")
        if card.kind == "attack" and card.story:
            raise DataError(name, where, "story", "only story cards have a storyline")
        if card.story == "hero-boost" and card.boost <= 0:
            raise DataError(name, where, "boost", "a Hero Boost card needs a boost above 0")
        hero_deck += [card] * card.copies
    if len(hero_deck) < 12:
        raise DataError(
            name,
            "",
            "copies",
            f"the deck has {len(hero_deck)} cards; at least 12 are needed to deal hands",
        )

    name, tables = _file(path, "villain_attack.toml")
    villain_attack = [
        VillainAttack(**e)
        for e in read_entries(name, tables, "card", _VILLAIN_ATTACK)
        for _ in range(e["copies"])
    ]
    if len(villain_attack) < 12:
        raise DataError(
            name,
            "",
            "copies",
            f"the deck has {len(villain_attack)} cards; at least 12 are needed to deal a lineup",
        )

    name, tables = _file(path, "villains.toml")
    villains = tuple(Villain(**e) for e in read_entries(name, tables, "villain", _VILLAIN))

    name, tables = _file(path, "family.toml")
    family = [
        FamilyCard(**e)
        for e in read_entries(name, tables, "card", _FAMILY)
        for _ in range(e["copies"])
    ]
    for card in family:
        if card.effect == "villain-boost" and card.amount <= 0:
            raise DataError(
                name,
                f"card '{card.id}'",
                "amount",
                "a Villain Attack Boost needs an amount above 0",
            )
    return Cards(
        heroes,
        tuple(hero_deck),
        tuple(villain_attack),
        villains,
        tuple(family),
        str(path) if path else "packaged data",
    )

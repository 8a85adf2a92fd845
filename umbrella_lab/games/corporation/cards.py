"""Card data of Heroes vs the Umbrella Corporation, read from the TOML files in ``data/``.

Every field is checked on load; a broken file gets a :class:`DataError` naming the file, the
entry and the field. Values the rulebook does not print are marked ``reconstruction``.

>>> cards = load_cards()
>>> len(cards.hero), len(cards.umbrella)
(40, 46)
>>> cards.hero[cards.hero_ids["alice"]].force
7
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from umbrella_lab.engine.data import Field, cached_by_files, read_entries, read_toml
from umbrella_lab.engine.errors import DataError

PACKAGE = "umbrella_lab.games.corporation"
PROVENANCE = ("rulebook", "published", "reconstruction", "invented")
"""Where a data entry comes from; ``invented`` marks the project's own card or value, which
``cards="rulebook"`` leaves out [opt.cards]."""
HERO_KINDS = ("team", "character", "event")
HERO_SUBTYPES = ("operative", "merc", "survivor")
UMBRELLA_KINDS = ("facility", "unit", "event", "trap")
UNIT_SUBTYPES = ("soldier", "monster", "zombie", "vehicle")

# What each effect is for, and when its card may be played [ability.*] [event.*] (what the effect
# does is its function in effects.py, one per name):
# "event" = in the Event phase; "assault" = committed by the Heroes to an assault;
# "team" = committed by the Heroes to a team's defence; "facility" = committed by Umbrella to a
# facility's defence; "hunt" = committed by Umbrella to a Search and Destroy mission;
# "" = a lasting ability of a card in play.
HERO_EFFECTS = {
    "": (),
    "bonus-vs": (),
    "medic": (),
    "lucky": (),
    "hunt-defence": (),
    "assault": ("assault",),
    "team-defence": ("team",),
    "anti-virus": ("assault", "team"),
    "draw": ("event",),
    "medkit": ("event",),
}
UMBRELLA_EFFECTS = {
    "": (),
    "defence": (),
    "facility-defence": ("facility",),
    "hunt": ("hunt",),
    "lockdown": ("event",),
    "reinforcements": ("event",),
}


@dataclass(frozen=True)
class HeroCard:
    """A card design of the Heroes' deck: a Team, a Character or an Event."""

    id: str
    name: str
    kind: str
    subtype: str
    force: int
    effect: str
    amount: int
    against: str
    copies: int
    text: str
    provenance: str

    @property
    def label(self) -> str:
        """Short face text, e.g. ``"Jill Valentine (Operative, force 4)"``."""
        if self.kind == "event":
            return f"{self.name} ({self.text.rstrip('.')})"
        return f"{self.name} ({self.subtype.capitalize()}, force {self.force})"


@dataclass(frozen=True)
class UmbrellaCard:
    """A card design of the Umbrella Corporation: a Facility, a Unit, an Event or a Trap."""

    id: str
    name: str
    kind: str
    subtype: str
    force: int
    start: bool
    effect: str
    amount: int
    copies: int
    text: str
    provenance: str

    @property
    def label(self) -> str:
        """Short face text, e.g. ``"Tyrant (Monster, force 9)"``."""
        if self.kind == "unit":
            return f"{self.name} ({self.subtype.capitalize()}, force {self.force})"
        if self.kind == "facility":
            return f"{self.name} (force {self.force})"
        return f"{self.name} ({self.text.rstrip('.')})"


@dataclass(frozen=True)
class Cards:
    """All card data of one game, one entry per physical card.

    Attributes:
        hero: The Heroes' 40 cards (index = card number).
        umbrella: Umbrella's cards: the starting facilities and the deck (index = card number).
        hero_ids: Card number of the first copy of each hero design, by id.
        umbrella_ids: Likewise for Umbrella.
        hero_design: Design number of each hero card (two copies share one).
        umbrella_design: Likewise for Umbrella.
        source: Where the data was read from.
    """

    hero: tuple[HeroCard, ...]
    umbrella: tuple[UmbrellaCard, ...]
    hero_ids: dict[str, int]
    umbrella_ids: dict[str, int]
    hero_design: tuple[int, ...]
    umbrella_design: tuple[int, ...]
    source: str


_HERO = {
    "id": Field(str),
    "name": Field(str),
    "kind": Field(str, choices=HERO_KINDS),
    "subtype": Field(str, "", choices=("", *HERO_SUBTYPES)),
    "force": Field(int, 0, low=0, high=30),
    "effect": Field(str, "", choices=tuple(HERO_EFFECTS)),
    "amount": Field(int, 0, low=0, high=10),
    "against": Field(str, "", choices=("", *UNIT_SUBTYPES)),
    "copies": Field(int, low=0, high=20),
    "text": Field(str, ""),
    "provenance": Field(str, choices=PROVENANCE),
}
_UMBRELLA = {
    "id": Field(str),
    "name": Field(str),
    "kind": Field(str, choices=UMBRELLA_KINDS),
    "subtype": Field(str, "", choices=("", *UNIT_SUBTYPES)),
    "force": Field(int, 0, low=0, high=30),
    "start": Field(bool, False),
    "effect": Field(str, "", choices=tuple(UMBRELLA_EFFECTS)),
    "amount": Field(int, 0, low=0, high=10),
    "copies": Field(int, low=0, high=20),
    "text": Field(str, ""),
    "provenance": Field(str, choices=PROVENANCE),
}


def _file(folder: Path | None, name: str) -> tuple[str, dict]:
    return read_toml(folder / name if folder else name, None if folder else PACKAGE)


def _check_hero(name: str, card: HeroCard) -> None:
    where = f"card '{card.id}'"
    if card.kind in ("team", "character") and not card.subtype:
        raise DataError(name, where, "subtype", f"a {card.kind} needs a sub-type")
    if card.kind == "event" and card.subtype:
        raise DataError(name, where, "subtype", "events have no sub-type")
    timing = HERO_EFFECTS[card.effect]
    if card.kind == "event" and not timing:
        raise DataError(
            name, where, "effect", f"an event needs an event effect, not {card.effect!r}"
        )
    if card.kind != "event" and timing:
        raise DataError(name, where, "effect", f"{card.effect!r} is an event effect")
    if card.kind == "team" and card.effect:
        raise DataError(name, where, "effect", "teams have no effect")
    if card.effect in ("bonus-vs", "anti-virus") and not card.against:
        raise DataError(name, where, "against", f"{card.effect!r} needs a unit sub-type")
    if (
        card.effect in ("bonus-vs", "hunt-defence", "assault", "team-defence", "draw")
        and card.amount <= 0
    ):
        raise DataError(name, where, "amount", f"{card.effect!r} needs an amount above 0")
    if card.kind == "team" and card.copies > 1:
        raise DataError(name, where, "copies", "each team is a single card")


def _check_umbrella(name: str, card: UmbrellaCard) -> None:
    where = f"card '{card.id}'"
    if card.kind == "unit" and not card.subtype:
        raise DataError(name, where, "subtype", "a unit needs a sub-type")
    if card.kind != "unit" and card.subtype:
        raise DataError(name, where, "subtype", "only units have a sub-type")
    if card.start and card.kind != "facility":
        raise DataError(name, where, "start", "only facilities start in play")
    timing = UMBRELLA_EFFECTS[card.effect]
    if card.kind in ("event", "trap") and not timing:
        raise DataError(name, where, "effect", f"an {card.kind} needs an event effect")
    if card.kind in ("facility", "unit") and timing:
        raise DataError(name, where, "effect", f"{card.effect!r} is an event effect")
    if card.kind == "trap" and card.effect != "facility-defence":
        raise DataError(
            name, where, "effect", "a trap adds to a facility's defence (effect 'facility-defence')"
        )
    if card.effect in ("defence", "facility-defence", "hunt") and card.amount <= 0:
        raise DataError(name, where, "amount", f"{card.effect!r} needs an amount above 0")
    if card.kind == "facility" and card.copies != 1:
        raise DataError(name, where, "copies", "each facility is a single card")


@cached_by_files("hero_deck.toml", "umbrella_deck.toml")
def load_cards(folder: str | Path | None = None) -> Cards:
    """Read and check ``hero_deck.toml`` and ``umbrella_deck.toml``.

    The files come from ``folder``, or by default from the package. A folder is read again
    when one of its files has changed since (a student's edit counts the next time the game is
    loaded); the same folder as a ``str`` or a ``Path`` gives the same cards.

    Raises:
        DataError: naming the file, the entry and the field that is wrong.
    """
    path = Path(folder) if folder is not None else None
    name, tables = _file(path, "hero_deck.toml")
    hero: list[HeroCard] = []
    card: HeroCard | UmbrellaCard
    for entry in read_entries(name, tables, "card", _HERO):
        card = HeroCard(**entry)
        _check_hero(name, card)
        hero += [card] * card.copies
    teams = sum(1 for c in hero if c.kind == "team")
    if teams < 1:
        raise DataError(name, "", "kind", "the Heroes' deck needs at least one team")
    if len(hero) < 10:
        raise DataError(
            name, "", "copies", f"the deck has {len(hero)} cards; at least 10 are needed"
        )

    name, tables = _file(path, "umbrella_deck.toml")
    umbrella: list[UmbrellaCard] = []
    for entry in read_entries(name, tables, "card", _UMBRELLA):
        card = UmbrellaCard(**entry)
        _check_umbrella(name, card)
        umbrella += [card] * card.copies
    # The starting facilities first, then the deck (card numbers follow this order).
    umbrella.sort(key=lambda c: not c.start)
    if not any(c.start for c in umbrella):
        raise DataError(name, "", "start", "at least one facility must start in play")
    if sum(1 for c in umbrella if not c.start) < 10:
        raise DataError(name, "", "copies", "the Umbrella deck needs at least 10 cards")

    return card_tables(hero, umbrella, str(path) if path else "packaged data")


def card_tables(hero: Sequence[HeroCard], umbrella: Sequence[UmbrellaCard], source: str) -> Cards:
    """The :class:`Cards` of two decks, one entry per physical card, numbered in order."""
    hero_designs = {c.id: i for i, c in enumerate(dict.fromkeys(hero))}
    umbrella_designs = {c.id: i for i, c in enumerate(dict.fromkeys(umbrella))}
    hero_ids: dict[str, int] = {}
    c: HeroCard | UmbrellaCard
    for number, c in enumerate(hero):
        hero_ids.setdefault(c.id, number)
    umbrella_ids: dict[str, int] = {}
    for number, c in enumerate(umbrella):
        umbrella_ids.setdefault(c.id, number)
    return Cards(
        tuple(hero),
        tuple(umbrella),
        hero_ids,
        umbrella_ids,
        tuple(hero_designs[c.id] for c in hero),
        tuple(umbrella_designs[c.id] for c in umbrella),
        source,
    )

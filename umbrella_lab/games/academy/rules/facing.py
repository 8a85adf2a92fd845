"""4. Turns [turn.*]: facing the lineup, and every answer to the faced card.

The moves of the hero facing a card: ``Attack``, ``Block``, ``Heal``, ``Story`` (a
storyline), ``Pass`` (no card can answer), and ``Choose`` (who faces the card, when the team
picks [opt.turn_order]). Every play of cards against a lineup card is a ``CardPlay``: one way to
play, and each kind of card play (an attack, a block, with a Hero Boost or a power) is data:
what its fields name. So the card plays of the storylines and the powers are here too:
``HeroBoost`` and ``HeroBoostTwice`` [story.hero-boost]; ``HitsTwice``, ``HitsTwiceAt`` and
``HitsTwiceBoosted`` (The Kraken) [power.kraken]; ``DoubleShot``, ``DoubleShotFor`` and
``DoubleShotBoosted`` (Space Boy) [power.space-boy]. Who may add a boost is in ``boosts.py``,
when a power may be used in ``powers.py``, and how play moves on (``advance``) in ``order.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.actions import (
    BLOCKED,
    DEFEATED,
    PENDING,
    STORY_COST,
    UNCONTESTED,
    heal,
    hurt,
)
from umbrella_lab.games.academy.rules.boosts import (
    boost_copy,
    boost_is_secret,
    boost_offers,
    boost_words,
    brothers_refusal,
)
from umbrella_lab.games.academy.rules.damage import take_block_damage
from umbrella_lab.games.academy.rules.order import advance, end_turn
from umbrella_lab.games.academy.rules.powers import (
    card_pairs,
    doubled_cards,
    end_power_turn,
    faces_with_power,
    finish_power,
    kraken_pairs,
    power_blocked,
    power_refusal,
)
from umbrella_lab.games.academy.rules.table import (
    Card,
    distinct,
    faced_value,
    hand_of,
    not_living,
    play_from_hand,
)
from umbrella_lab.games.academy.state import AcademyState, first_copy

# --- 4. Turns: the answers to the faced card ------------------------------------------------------


def play_label(
    s: AcademyState, seat: int, played: str, total: int, power: str = "", paying: str = ""
) -> str:
    """A card play against the faced card in words: an attack if ``total`` beats it, else a block.

    ``played`` says the cards, ``power`` the hero power used (1 bar) and ``paying`` who else
    pays, e.g. ``"Diego: attack 20 + Hero Boost +20 from Vanya = 40 vs villain attack 35
    (Vanya loses 1 bar)"``.
    """
    value = faced_value(s)
    verb = "attack" if total > value else "block with"
    who = f"{s.hero_name(seat)} ({power}, 1 bar)" if power else s.hero_name(seat)
    cost = f" ({paying})" if paying else ""
    return f"{who}: {verb} {played} = {total} vs villain attack {value}{cost}"


def leave_uncontested(s: AcademyState, position: int) -> None:
    """The faced card stays uncontested; its damage comes at the round end [end.damage].

    With damage_timing="immediate" it deals its damage now instead [opt.damage_timing].
    """
    s.outcomes[position] = UNCONTESTED
    if s.options.damage_timing == "immediate":
        code = s.lineup[position]
        damage = s.villain_damage(code)
        if damage:
            s.pending_damage += damage
            s.pending_rule = "end.damage"
            s.say(
                "end.damage",
                lambda s, code, damage: (
                    f"{s.villain_label(code)} is left uncontested and deals {damage} damage "
                    "now (option damage_timing='immediate')."
                ),
                s,
                code,
                damage,
            )


POWER_WORDS = {"kraken": "Hits Twice", "space-boy": "Double Shot"}
"""The hero powers played together with the cards, as a card play names them [power.use]."""


class CardPlay(Move):
    """Cards from the hand played against a lineup card: higher defeats it, equal blocks it.

    What every card play does [turn.attack] [turn.block]: the cards go to the discard pile,
    their attack values (doubled by Space Boy's Double Shot, plus each Hero Boost added) strike
    the faced card, or another lineup card; each boost's owner loses 1 bar, a power's user pays
    its bar, and the turn is over [story.hero-boost] [power.use].

    A kind of card play is this class with data: its fields, and which of them name

    * ``played``: the cards played from the hand (``card``, and The Kraken's ``second``);
    * ``boosts``: each Hero Boost added, as (the field of its holder, the field of the card);
    * ``at``: another lineup card than the faced one;

    the hero power played with the cards (``power``, used by the hero in the field
    ``power_by``), the option that allows the play (``option``: the option, its value, and
    what the rules are otherwise), and how it reads: ``shown`` in its label, ``said`` in the
    log and ``refused`` when no such play is offered, with ``{cards}``, ``{boosts}``,
    ``{helper}``, ``{total}`` and ``{value}`` filled in. Each kind's ``legal`` says when it is
    offered: a card play with a power or a boost, when it changes the outcome.
    """

    steps, when = ("face",), "cards are played when a hero faces a villain card"
    played: ClassVar[tuple[str, ...]] = ("card",)
    boosts: ClassVar[tuple[tuple[str, str], ...]] = ()
    power: ClassVar[str] = ""
    power_by: ClassVar[str] = "seat"
    at: ClassVar[str] = ""
    option: ClassVar[tuple[str, Any, str] | tuple[()]] = ()
    shown: ClassVar[str] = "{cards}"
    said: ClassVar[str] = "{cards}"
    refused: ClassVar[str] = "with that play the outcome would not change"
    # Where each part is in the move, set for each kind by __init_subclass__ below.
    _played: ClassVar[slice]
    _pair: ClassVar[bool]
    _doubled: ClassVar[bool]
    _boosts: ClassVar[tuple[tuple[int, int], ...]]
    _power_by: ClassVar[int]
    _at: ClassVar[int]
    if TYPE_CHECKING:  # every kind of card play has a seat field first (not a field here)
        seat: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.held = cls.played  # the cards played come from the player's hand [turn.from-hand]
        if cls.fields:  # where each part is in the move (a move is the tuple (kind, *fields))
            at = {name: index for index, name in enumerate(cls.fields, 1)}
            if cls.fields[1 : 1 + len(cls.played)] != cls.played:
                msg = f"{cls.__name__}: the cards played are the fields after the seat"
                raise TypeError(msg)
            cls._played = slice(2, 2 + len(cls.played))
            cls._pair, cls._doubled = len(cls.played) == 2, cls.power == "space-boy"
            cls._boosts = tuple((at[holder], at[card]) for holder, card in cls.boosts)
            cls._power_by = at[cls.power_by] if cls.power else 0
            cls._at = at[cls.at] if cls.at else 0

    # --- what the fields name -----------------------------------------------------------------
    def cards(self) -> tuple[int, ...]:
        """The cards played from the hand."""
        return self[self._played]

    def boosts_added(self) -> tuple[tuple[int, int], ...]:
        """Each Hero Boost added: (its holder, the boost card)."""
        return tuple((self[holder], self[card]) for holder, card in self._boosts)

    def power_user(self) -> int:
        """The seat of the hero whose power is played with the cards, or -1."""
        return self[self._power_by] if self._power_by else -1

    def total(self, s: AcademyState) -> int:
        """The attack: the cards' values, doubled by Double Shot, plus each Hero Boost."""
        cards = s.cards
        attack = cards.attack[self[2]]  # the card played (the field after the seat)
        if self._pair:
            attack += cards.attack[self[3]]  # The Kraken's second card [power.kraken]
        if self._doubled:
            attack *= 2  # Double Shot [power.space-boy]
        for _, card in self._boosts:
            attack += cards.boost[self[card]]  # [story.hero-boost]
        return attack

    # --- the four parts of a move kind ------------------------------------------------------
    def play(self, s: AcademyState) -> None:
        """The cards and boosts go to the discard pile; the attack strikes; the bars are paid.

        Higher than the lineup card's attack defeats it, equal blocks it [turn.attack]
        [turn.block]; each boost's owner loses 1 bar [story.hero-boost] and the power's user
        pays its bar [power.use]. Then the turn is over, but for The Kraken's pair against
        another card: the faced card still waits [opt.kraken_target].
        """
        seat, rule, hand, discard = self[1], self.rule, s.hands[self[1]], s.discard
        for card in self[self._played]:
            hand.remove(card)
            discard.append(card)
        boosts = self.boosts_added() if self._boosts else ()
        for holder, boost in boosts:
            play_from_hand(s, holder, boost)
        power = self[self._power_by] if self._power_by else -1
        if power >= 0:
            s.power_uses[power] += 1
        position = self[self._at] if self._at else s.outcomes.index(PENDING)  # (the faced card)
        code = s.lineup[position]
        if self.total(s) > s.villain_attack(code):  # [turn.attack]
            s.say(
                rule,
                lambda s, play, code: (
                    f"{s.hero_name(play.seat)} attacks with {play.words(s, play.said)} and "
                    f"defeats {s.villain_label(code)}."
                ),
                s,
                self,
                code,
            )
            s.outcomes[position] = DEFEATED
        else:  # an equal attack blocks it: half its damage, rounded up, at once [turn.block]
            half = (s.villain_damage(code) + 1) // 2
            s.say(
                "turn.block",
                lambda s, play, code, half: (
                    f"{s.hero_name(play.seat)} blocks {s.villain_label(code)} with "
                    f"{play.words(s, play.said)}: the card is removed, {half} damage to take."
                ),
                s,
                self,
                code,
                half,
            )
            s.outcomes[position] = BLOCKED
            take_block_damage(s, seat, half, position, power >= 0)
        for holder, _ in boosts:
            hurt(s, holder, STORY_COST, "story.hero-boost")
        if power < 0:  # the turn is over [turn.order]
            s.last_responder, s.turn_open = seat, False
            advance(s)
        elif self._at:
            finish_power(s, seat, rule)
            advance(s)
        else:
            end_power_turn(s, power, rule)

    def label(self, s: AcademyState) -> str:
        power = POWER_WORDS[self.power] if self.power and self.power_user() == self.seat else ""
        played = self.words(s, self.shown)
        return play_label(s, self.seat, played, self.total(s), power, self.paying(s))

    def words(self, s: AcademyState, template: str) -> str:
        """One of the play's templates (``shown``, ``said``, ``refused``) filled in."""
        helper = self.power_user()
        return template.format(
            cards=" + ".join(s.card(card).label for card in self.cards()),
            boosts=" + ".join(boost_words(s, h, s.card(card)) for h, card in self.boosts_added()),
            helper=s.hero_name(helper) if helper >= 0 else "",
            total=self.total(s),
            value=faced_value(s),
        )

    def paying(self, s: AcademyState) -> str:
        """Who else pays for the play, in words: a helper's power, each boost's owner."""
        said, power = [], self.power_user()
        if 0 <= power != self.seat:
            said.append(f"{s.hero_name(power)} uses {POWER_WORDS[self.power]}, 1 bar")
        holders = [s.hero_name(holder) for holder, _ in self.boosts_added()]
        if len(holders) == 1:
            said.append(f"{holders[0]} loses 1 bar")
        elif len(holders) == 2:
            first, other = holders
            said.append(
                f"{first} and {other} lose 1 bar each" if first != other else f"{first} loses 2"
            )
        return "; ".join(said)

    def canonical(self, s: AcademyState) -> CardPlay:
        """The first copies in hand of the cards named (an id names a card by its design)."""
        fields = dict(zip(self.fields, self[1:], strict=True))
        taken: list[int]
        hand, taken = hand_of(s, self.seat), []
        for name in self.played:  # two cards are two cards, not one twice
            fields[name] = first_copy(s, hand, fields[name], taken[-1] if taken else -1)
            taken.append(fields[name])
        for holder, name in self.boosts:
            fields[name] = boost_copy(s, fields[holder], fields[name], *taken[:2])
            taken.append(fields[name])
        return type(self)(*fields.values())

    def private_to(self, s: AcademyState, seat: int) -> bool:
        """Another hero's boost is secret under Family Secrets (:func:`boost_is_secret`)."""
        return bool(self.boosts) and boost_is_secret(s, seat, *(b for _, b in self.boosts_added()))

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        """The option, Brothers Will Fight, the lineup card, the power; else ``refused``."""
        if self.option:
            name, value, otherwise = self.option
            if getattr(s.options, name) != value:
                return f"{otherwise} (option {name})", f"opt.{name}"
        why = brothers_refusal(s) if self.boosts else None
        if why:
            return why
        if self.at:
            position = getattr(self, self.at)
            if not (0 <= position < len(s.outcomes) and s.outcomes[position] == PENDING):
                return "that lineup card is not waiting for an answer", self.rule
        why = self.power_refusal(s) if self.power else None
        return why or (self.words(s, self.refused), self.rule)

    def power_refusal(self, s: AcademyState) -> tuple[str, str] | None:
        """Why the player may not play their power with the cards now, if they may not."""
        seat = self.seat
        if s.power_of(seat) != self.power:
            return f"{s.hero_name(seat)} does not have that power", self.rule
        return power_refusal(s, seat)


class Attack(CardPlay):
    """Play a card whose attack value is strictly higher than the faced card's: it is defeated.

    The card goes to the discard pile [turn.attack]. A story card may be played this way for
    its printed attack value [turn.story].
    """

    rule = "turn.attack"
    refused = "{cards} does not beat villain attack {value}: an attack must be strictly higher"
    seat: int
    card: Card

    @staticmethod
    def legal(s: AcademyState) -> list[Attack]:
        seat, value, attack = s.responder, faced_value(s), s.cards.attack
        return [Attack(seat, n) for n in distinct(s, s.hands[seat]) if attack[n] > value]

    @classmethod
    def known(cls, s: AcademyState) -> list[Attack]:
        """An attack with each card in hand: one too low is refused with its reason."""
        return [Attack(s.responder, n) for n in distinct(s, s.hands[s.responder])]

    def label(self, s: AcademyState) -> str:
        return (
            f"{s.hero_name(self.seat)}: attack {s.card(self.card).label} vs villain attack "
            f"{faced_value(s)}"
        )


class Block(CardPlay):
    """Play a card whose attack value equals the faced card's: it is blocked [turn.block].

    A block still hurts: half the card's damage, rounded up, at once.
    """

    rule = "turn.block"
    refused = "{cards} is not equal to villain attack {value}"
    seat: int
    card: Card

    @staticmethod
    def legal(s: AcademyState) -> list[Block]:
        seat, value, attack = s.responder, faced_value(s), s.cards.attack
        return [Block(seat, n) for n in distinct(s, s.hands[seat]) if attack[n] == value]

    @classmethod
    def known(cls, s: AcademyState) -> list[Block]:
        """A block with each card in hand lower than the faced card: refused, not equal."""
        seat, value, attack = s.responder, faced_value(s), s.cards.attack
        return [Block(seat, n) for n in distinct(s, s.hands[seat]) if attack[n] < value]

    def label(self, s: AcademyState) -> str:
        half = (s.villain_damage(s.lineup[s.faced_position]) + 1) // 2
        return (
            f"{s.hero_name(self.seat)}: block with {s.card(self.card).label} vs villain attack "
            f"{faced_value(s)} (take {half})"
        )


class Heal(Move):
    """Play a card for its heal value and let the faced card go uncontested [turn.heal].

    By default only with a card lower than the faced card [opt.strict_heal], and the hero heals
    themself [opt.heal_target]; never under Rock Bottom [family.rock-bottom].
    """

    rule = "turn.heal"
    steps, when = ("face",), "cards are played when a hero faces a villain card"
    held = ("card",)
    seat: int
    card: Card
    target: int

    @staticmethod
    def legal(s: AcademyState) -> list[Heal]:
        if effects.no_heals(s):
            return []
        seat, value, cards = s.responder, faced_value(s), s.cards
        targets = s.living if s.options.heal_target == "any" else [seat]
        return [
            Heal(seat, number, target)
            for number in distinct(s, s.hands[seat])
            if not cards.story[number]
            and (cards.attack[number] < value or not s.options.strict_heal)
            for target in targets
        ]

    @classmethod
    def known(cls, s: AcademyState) -> list[Heal]:
        """A heal with each attack card in hand, legal or not.

        One too high, or under Rock Bottom, is refused with its reason [opt.strict_heal]
        [family.rock-bottom].
        """
        seat = s.responder
        targets = s.living if s.options.heal_target == "any" else [seat]
        return [
            Heal(seat, number, target)
            for number in distinct(s, s.hands[seat])
            if not s.cards.story[number]
            for target in targets
        ]

    def play(self, s: AcademyState) -> None:
        seat, target, card = self.seat, self.target, s.card(self.card)
        position = s.faced_position
        code = s.lineup[position]
        play_from_hand(s, seat, self.card)
        s.say(
            "turn.heal",
            lambda s, seat, target, card, code: (
                f"{s.hero_name(seat)} plays {card.label} to heal"
                f"{f' {s.hero_name(target)}' if target != seat else ''} by {card.heal}; "
                f"{s.villain_label(code)} is left uncontested."
            ),
            s,
            seat,
            target,
            card,
            code,
        )
        heal(s, target, card.heal, "turn.heal")
        leave_uncontested(s, position)
        end_turn(s)

    def label(self, s: AcademyState) -> str:
        card = s.card(self.card)
        who = "" if self.target == self.seat else f" {s.hero_name(self.target)}"
        return (
            f"{s.hero_name(self.seat)}: heal{who} {card.heal} with {card.label}, leave "
            f"{faced_value(s)} uncontested"
        )

    def canonical(self, s: AcademyState) -> Heal:
        card = first_copy(s, hand_of(s, self.seat), self.card)
        return Heal(self.seat, card, self.target)

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        card, value = s.card(self.card), faced_value(s)
        if effects.no_heals(s):
            return "Rock Bottom: no Heal actions this round", "family.rock-bottom"
        if card.kind != "attack":
            return "story cards have no heal value", "turn.heal"
        if s.options.strict_heal and card.attack >= value:
            return (
                f"{card.label} could attack or block villain attack {value}; heal only with a "
                "lower card (option strict_heal)",
                "turn.heal",
            )
        if self.target != self.seat and s.options.heal_target == "self":
            return "a hero heals only themself (option heal_target)", "opt.heal_target"
        if not 0 <= self.target < s.players or s.life[self.target] <= 0:
            return "only a living hero can be healed", "life.death"
        return "that heal is not one of the legal moves here", "turn.heal"


class Story(Move):
    """Play a story card for its storyline; the faced card stays uncontested [turn.story].

    ``target`` is whom or what the storyline goes to: a seat (Restore, Life Boost), a lineup
    position (Sibling Rivalry), or -1 (Strength in Numbers). The storylines are in
    ``effects.STORYLINES`` [story.*].
    """

    rule = "turn.story"
    steps, when = ("face",), "cards are played when a hero faces a villain card"
    held = ("card",)
    seat: int
    card: Card
    target: int

    @staticmethod
    def legal(s: AcademyState) -> list[Story]:
        seat, position, story = s.responder, s.faced_position, s.cards.story
        return [
            Story(seat, number, target)
            for number in distinct(s, s.hands[seat])
            if story[number]
            for target in effects.STORYLINES[story[number]].targets(s, seat, position)
        ]

    def play(self, s: AcademyState) -> None:
        card = s.card(self.card)
        position = s.faced_position
        play_from_hand(s, self.seat, self.card)
        effects.STORYLINES[card.story].play(s, self.seat, card, self.target)
        if s.outcomes[position] == PENDING:  # (Sibling Rivalry may remove it [opt.rivalry])
            s.say(
                "turn.story",
                lambda s, position: f"{s.villain_label(s.lineup[position])} is left uncontested.",
                s,
                position,
            )
            leave_uncontested(s, position)
        end_turn(s)

    def label(self, s: AcademyState) -> str:
        card = s.card(self.card)
        what = effects.STORYLINES[card.story].words(s, self.target)
        if card.story == "rivalry" and self.target == s.faced_position:  # [opt.rivalry]
            return f"{s.hero_name(self.seat)}: play {card.name}: {what}"
        return (
            f"{s.hero_name(self.seat)}: play {card.name}: {what}; leave {faced_value(s)} "
            "uncontested"
        )

    def rule_in(self, s: AcademyState) -> str:
        return effects.STORYLINES[s.card(self.card).story].rule

    def canonical(self, s: AcademyState) -> Story:
        card = first_copy(s, hand_of(s, self.seat), self.card)
        return Story(self.seat, card, self.target)

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        card = s.card(self.card)
        if card.kind != "story":
            return f"{card.label} is not a story card", "turn.story"
        return effects.STORYLINES[card.story].refusal(s, self.seat, self.target)


class Pass(Move):
    """No card in hand can answer the faced card: it goes uncontested [turn.no-card].

    (An empty hand, say, or only a Hero Boost.) It stands in for the card plays
    (``instead_of = CARD_PLAYS``, declared below them): the engine lists it only when none of
    them lists a move.
    """

    kind = "pass"
    rule = "turn.no-card"
    steps, when = ("face",), "a hero lets a card go when no card in hand can answer it"
    seat: int

    @staticmethod
    def legal(s: AcademyState) -> list[Pass]:
        return [Pass(s.responder)]  # when no card play is listed (instead_of)

    def play(self, s: AcademyState) -> None:
        seat, position = self.seat, s.faced_position
        code = s.lineup[position]
        s.say(
            "turn.no-card",
            lambda s, seat, code: (
                f"{s.hero_name(seat)} has no card that can answer: {s.villain_label(code)} goes "
                "uncontested."
            ),
            s,
            seat,
            code,
        )
        leave_uncontested(s, position)
        end_turn(s)

    def label(self, s: AcademyState) -> str:
        return f"{s.hero_name(self.seat)}: no card can answer, let {faced_value(s)} go uncontested"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return (
            f"{s.hero_name(self.seat)} holds a card that can answer the faced card",
            "turn.no-card",
        )


class Choose(Move):
    """The team sends a living hero to face the faced card [opt.turn_order] (option "team")."""

    rule = "opt.turn_order"
    steps, when = ("choose",), "the team sends a hero to each card with turn_order='team'"
    by = None  # the team decides; the seat is the hero it sends
    seat: int

    @staticmethod
    def legal(s: AcademyState) -> list[Choose]:
        return [Choose(seat) for seat in s.living]

    def play(self, s: AcademyState) -> None:
        s.responder, s.turn_open = self.seat, True
        s.say(
            "opt.turn_order",
            lambda: (
                f"The team sends {s.hero_name(self.seat)} to face "
                f"{s.villain_label(s.lineup[s.faced_position])}."
            ),
        )
        advance(s)

    def label(self, s: AcademyState) -> str:
        facing = s.villain_label(s.lineup[s.faced_position])
        return f"Team: {s.hero_name(self.seat)} faces {facing}"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return not_living(s, self.seat) or ("the team sends a living hero", "opt.turn_order")


# --- 5. Storylines: the card plays with a Hero Boost (who may add one: boosts.py) --------------


class HeroBoost(CardPlay):
    """A card played with a Hero Boost: +10 or +20 on its attack value [story.hero-boost].

    The boost comes from any living hero's hand (by default, [opt.hero_boost]); its owner
    loses 1 bar. It is offered when it changes the outcome: a losing card now blocks or wins, or
    a block wins (with boost_offer="any", on any card it lets block or win [opt.boost_offer]).
    Never under Brothers Will Fight [family.brothers].
    """

    kind, rule = "boosted", "story.hero-boost"
    boosts = (("holder", "boost"),)
    shown = said = "{cards} + {boosts}"
    refused = "that Hero Boost cannot be added to this card here"
    seat: int
    card: Card
    holder: int
    boost: Card

    @staticmethod
    def legal(s: AcademyState) -> list[HeroBoost]:
        if effects.no_hero_boosts(s):
            return []
        seat = s.responder
        offers = boost_offers(s, seat)
        if not offers:  # nobody holds a Hero Boost for it
            return []
        value, cards = faced_value(s), s.cards
        hand = distinct(s, s.hands[seat])
        on_any = s.options.boost_offer == "any"  # also on a card that wins alone [opt.boost_offer]
        return [
            HeroBoost(seat, number, holder, boost)
            for holder, boost in offers
            for number in hand
            if number != boost
            and (on_any or cards.attack[number] <= value)
            and value <= cards.attack[number] + cards.boost[boost]
        ]


class HeroBoostTwice(CardPlay):
    """A card played with two Hero Boosts (option boosts_per_card=2).

    The rulebook sets no limit to the boosts on one card: with boosts_per_card=2 a card may
    take two, from one hand or two. Both boosts add to its attack value and each owner loses
    1 bar [story.hero-boost] [opt.boosts_per_card]. It is offered when the larger boost alone
    would not make the card win and the two together let it block or win (with
    boost_offer="any", also when the card alone blocks [opt.boost_offer]).
    """

    kind, rule = "boosted-twice", "story.hero-boost"
    boosts = (("holder", "boost"), ("other", "second"))
    option = ("boosts_per_card", 2, "at most one Hero Boost goes on a card")
    shown, said = "{cards} + {boosts}", "{cards} + {boosts} = {total}"
    refused = "those Hero Boosts cannot be added to this card here"
    seat: int
    card: Card
    holder: int
    boost: Card
    other: int
    second: Card

    @staticmethod
    def legal(s: AcademyState) -> list[HeroBoostTwice]:
        if s.options.boosts_per_card != 2 or effects.no_hero_boosts(s):
            return []
        seat, value, attack, bonus = s.responder, faced_value(s), s.cards.attack, s.cards.boost
        on_any = s.options.boost_offer == "any"
        moves = []
        for number in distinct(s, s.hands[seat]):
            if attack[number] > value and not on_any:
                continue
            offers = boost_offers(s, seat, number)
            for i, (holder, boost) in enumerate(offers):
                for other, second in offers[i + 1 :]:
                    if second == boost:
                        continue
                    larger = max(bonus[boost], bonus[second])
                    total = attack[number] + bonus[boost] + bonus[second]
                    if (on_any or attack[number] + larger <= value) and value <= total:
                        moves.append(HeroBoostTwice(seat, number, holder, boost, other, second))
        return moves


# --- 7. Hero powers: the card plays with a power (when a power may be used: powers.py) ---------


class HitsTwice(CardPlay):
    """The Kraken plays a second card with the first: the attack values add up [power.kraken].

    Both cards go to the discard pile (C-9); it is offered when it changes the outcome.
    """

    kind, rule, power = "kraken", "power.kraken", "kraken"
    played = ("card", "second")
    said = "{cards} = {total} (Hits Twice)"
    seat: int
    card: Card
    second: Card

    @staticmethod
    def legal(s: AcademyState) -> list[HitsTwice]:
        if not faces_with_power(s, "kraken"):
            return []
        seat = s.responder
        return [
            HitsTwice(seat, first, second)
            for first, second in kraken_pairs(s, seat, faced_value(s))
        ]


class DoubleShot(CardPlay):
    """Space Boy doubles the attack value of the card he plays [power.space-boy].

    It is offered when it changes the outcome (C-10).
    """

    kind, rule, power = "double", "power.space-boy", "space-boy"
    shown, said = "{cards} x 2", "{cards} doubled = {total} (Double Shot)"
    seat: int
    card: Card

    @staticmethod
    def legal(s: AcademyState) -> list[DoubleShot]:
        if not faces_with_power(s, "space-boy"):
            return []
        seat = s.responder
        return [DoubleShot(seat, number) for number in doubled_cards(s, seat)]


class DoubleShotFor(CardPlay):
    """Space Boy doubles the card another hero plays (option double_shot="any").

    The card says "a Hero Attack Card on the table": with double_shot="any" Space Boy may use
    Double Shot on the card the hero facing the lineup plays, not only on his own. It uses his
    power for the round and costs him its bar [power.space-boy] [opt.double_shot]. It is
    offered when it changes the outcome.
    """

    kind, rule, power, power_by = "double-for", "power.space-boy", "space-boy", "helper"
    option = ("double_shot", "any", "Space Boy doubles only the card he plays himself")
    shown = "{cards} doubled by {helper}"
    said = "{cards} doubled by {helper} = {total} (Double Shot)"
    seat: int
    card: Card
    helper: int

    @staticmethod
    def legal(s: AcademyState) -> list[DoubleShotFor]:
        if s.options.double_shot != "any":
            return []
        seat = s.responder
        helpers = [
            helper
            for helper in s.living
            if helper != seat
            and s.power_of(helper) == "space-boy"
            and power_blocked(s, helper) in ("", "power.space-boy")  # (he plays no card)
        ]
        return [
            DoubleShotFor(seat, number, helper)
            for helper in helpers
            for number in doubled_cards(s, seat)
        ]

    def power_refusal(self, s: AcademyState) -> tuple[str, str] | None:
        """Only Space Boy, another hero than the player, may double the card [opt.double_shot]."""
        helper = self.helper
        if not 0 <= helper < s.players or s.power_of(helper) != "space-boy":
            return "only Space Boy has Double Shot", "power.space-boy"
        if helper == self.seat:
            return "Space Boy doubles his own card with the move double", "power.space-boy"
        why = power_refusal(s, helper)
        return why if why and why[1] != "power.space-boy" else None  # (he plays no card)


class HitsTwiceAt(CardPlay):
    """The Kraken's two cards against another card of the lineup (option kraken_target="any").

    The card says "against any Villain Attack Card": with kraken_target="any" The Kraken may
    tally his two cards against a card still in the lineup other than the faced one. Both
    cards go to the discard pile and the power costs its bar; the faced card still waits for
    his card play, as after any power [power.kraken] [opt.kraken_target]. It is offered when
    the two cards together defeat or block that card and the higher alone would not.
    """

    kind, rule, power = "kraken-at", "power.kraken", "kraken"
    played, at = ("card", "second"), "position"
    option = ("kraken_target", "any", "The Kraken's two cards go against the faced card")
    said = "{cards} = {total} (Hits Twice)"
    seat: int
    card: Card
    second: Card
    position: int

    @staticmethod
    def legal(s: AcademyState) -> list[HitsTwiceAt]:
        if s.options.kraken_target != "any" or not faces_with_power(s, "kraken"):
            return []
        seat, faced = s.responder, s.faced_position
        pairs = card_pairs(s, seat)  # (the same pairs against every card)
        return [
            HitsTwiceAt(seat, first, second, position)
            for position in s.waiting
            if position != faced
            for first, second in kraken_pairs(s, seat, s.villain_attack(s.lineup[position]), pairs)
        ]

    def label(self, s: AcademyState) -> str:
        code, total = s.lineup[self.position], self.total(s)
        verb = "attack" if total > s.villain_attack(code) else "block"
        return (
            f"{s.hero_name(self.seat)} (Hits Twice, 1 bar): {verb} card {self.position + 1}, "
            f"{s.villain_label(code)}, with {self.words(s, '{cards}')} = {total}"
        )


# --- Hero Boosts the options allow: on a power's card play, two on one card --------------------


def boost_on_power(s: AcademyState, power: str) -> bool:
    """A Hero Boost may go on the card play of ``power`` now [opt.boost_with_power].

    With boost_with_power=True, never under Brothers Will Fight [family.brothers].
    """
    return (
        s.options.boost_with_power and not effects.no_hero_boosts(s) and faces_with_power(s, power)
    )


BOOST_WITH_POWER = (
    "boost_with_power",
    True,
    "a Hero Boost never goes on a card played with a hero power",
)
"""The option that lets a Hero Boost go on a card played with a power [opt.boost_with_power]."""


class HitsTwiceBoosted(CardPlay):
    """The Kraken's two cards with a Hero Boost on them (option boost_with_power=True).

    A Hero Boost goes "on any Hero Attack Card on the table": with boost_with_power=True it may
    go on The Kraken's pair too. The two attack values and the boost add up; the boost's owner
    loses 1 bar and The Kraken pays his power's bar [story.hero-boost] [power.kraken]
    [opt.boost_with_power]. It is offered when the boost changes the outcome of the pair (with
    boost_offer="any", whenever the three let it block or win [opt.boost_offer]).
    """

    kind, rule, power = "kraken-boosted", "power.kraken", "kraken"
    played, boosts, option = ("card", "second"), (("holder", "boost"),), BOOST_WITH_POWER
    shown, said = "{cards} + {boosts}", "{cards} (Hits Twice) + {boosts} = {total}"
    seat: int
    card: Card
    second: Card
    holder: int
    boost: Card

    @staticmethod
    def legal(s: AcademyState) -> list[HitsTwiceBoosted]:
        if not boost_on_power(s, "kraken"):
            return []
        seat, value = s.responder, faced_value(s)
        on_any = s.options.boost_offer == "any"
        moves, seen = [], set()
        for first, second, pair in card_pairs(s, seat):
            total = pair[0] + pair[1]
            if pair[1] > value or not (on_any or total <= value):
                continue
            for holder, boost in boost_offers(s, seat, first, second):
                key = (pair, holder, s.cards.design[boost])
                if value <= total + s.cards.boost[boost] and key not in seen:
                    seen.add(key)  # one move per pair of values and boost
                    moves.append(HitsTwiceBoosted(seat, first, second, holder, boost))
        return moves


class DoubleShotBoosted(CardPlay):
    """Space Boy's doubled card with a Hero Boost on it (option boost_with_power=True).

    With boost_with_power=True a Hero Boost may go on the card Space Boy doubles: the card's
    attack value is doubled, then the boost is added (the boost adds "to your attack", not to
    the card). The boost's owner loses 1 bar and Space Boy pays his power's bar
    [story.hero-boost] [power.space-boy] [opt.boost_with_power]. It is offered when the boost
    changes the outcome of the doubled card (with boost_offer="any", whenever it lets it block
    or win [opt.boost_offer]).
    """

    kind, rule, power = "double-boosted", "power.space-boy", "space-boy"
    boosts, option = (("holder", "boost"),), BOOST_WITH_POWER
    shown = "{cards} x 2 + {boosts}"
    said = "{cards} doubled (Double Shot) + {boosts} = {total}"
    seat: int
    card: Card
    holder: int
    boost: Card

    @staticmethod
    def legal(s: AcademyState) -> list[DoubleShotBoosted]:
        if not boost_on_power(s, "space-boy"):
            return []
        seat, value, attack, bonus = s.responder, faced_value(s), s.cards.attack, s.cards.boost
        on_any = s.options.boost_offer == "any"
        return [
            DoubleShotBoosted(seat, number, holder, boost)
            for number in distinct(s, s.hands[seat])
            if attack[number] <= value and (on_any or 2 * attack[number] <= value)
            for holder, boost in boost_offers(s, seat, number)
            if value <= 2 * attack[number] + bonus[boost]
        ]

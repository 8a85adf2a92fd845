"""Umbrella, 4. Figures [figure.*]: score a figure the push made, then pass and place its tile.

A figure is made when all its spaces, turned by its Figure space's pinwheel, hold umbrellas of
one colour [figure.match]: right after the push [figure.later], one a turn [figure.one], it is
``Score`` (a token on a free spot of its colour [figure.token], none when its colour is full
[figure.full-colour]) or, with scoring="may", ``Decline`` [opt.scoring]. Then
:func:`carry_on`: the level-4 powers earned act [board.powers] (``../effects.py``), the tile is
passed to the left [figure.pass] (``Pass``: its side, with 2 players [figure.pass-two]) and
placed [figure.place], or covers a tile (``Cover`` [figure.cover]); the tile beneath is revealed
[figure.reveal]. In solo the completed tile is flipped or discarded instead of passed
(:func:`solo_flip`, [solo.flip]). Every move here ends the turn in ``end.py``.
"""

from __future__ import annotations

from types import MappingProxyType

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.umbrella.effects import EFFECTS
from umbrella_lab.games.umbrella.pieces import COLOURS, SIDES
from umbrella_lab.games.umbrella.rules.end import end_turn
from umbrella_lab.games.umbrella.rules.naming import BoardSpot, TileSide
from umbrella_lab.games.umbrella.rules.scoreboards import visible_colours
from umbrella_lab.games.umbrella.state import (
    BLACK,
    WHITE,
    UmbrellaState,
    colour_masks,
    matched_colours,
)

# --- 4. Figures -----------------------------------------------------------------------------------


def scoring_offers(s: UmbrellaState, seat: int) -> tuple[tuple[int, int], ...]:
    """The (Figure space, spot) pairs the seat may score now [figure.match] [figure.token].

    A figure counts when all its spaces, turned by its Figure space's pinwheel, hold umbrellas
    of one colour. It needs a free spot of that colour (or a bicolour spot with it, or a white
    square of its space's orientation); without one it scores nothing [figure.full-colour]
    [board.bicolour] [board.white]. With no token left to take, nothing can be scored
    [end.reserve].
    """
    if s.supply + (s.reserve if s.trigger else 0) <= 0:
        return ()
    stage = colour_masks(s.cells[seat])
    masks = s.tables.masks
    filled = s.filled[seat]
    visible = visible_colours(s, seat)
    offers = []
    for space, stack in enumerate(s.spaces[seat]):
        if not stack:
            continue
        angle = s.pinwheel[seat][space]
        made = matched_colours(masks[stack[-1]][angle // 90], stage)
        if not made:
            continue
        for i, spot in enumerate(s.faces[seat].spots):
            if not filled >> i & 1 and (
                spot.colours & made if spot.white < 0 else spot.white == angle and made & visible
            ):
                offers.append((space, i))
    return tuple(offers)


def made_colours(s: UmbrellaState, seat: int, space: int, code: int | None = None) -> int:
    """Bit mask of the colours in which the figure on a space is made now [figure.match].

    ``code``: the tile side to look at (by default the visible tile of the space).
    """
    if code is None:
        stack = s.spaces[seat][space]
        if not stack:
            return 0
        code = stack[-1]
    masks = s.tables.masks[code][s.pinwheel[seat][space] // 90]
    return matched_colours(masks, colour_masks(s.cells[seat]))


def colour_words(made: int) -> str:
    """Colours of a colour mask in words, e.g. ``"yellow/red"``."""
    return "/".join(COLOURS[c] for c in range(4) if made >> c & 1)


ONE_FIGURE = MappingProxyType({"push": "figure.later", "": "figure.one"})
"""Why no figure is scored at a step: before the slide [figure.later], or after one [figure.one]."""


class Score(Move):
    """Score the figure on a Figure space: a token on a free spot of its colour [figure.token].

    Offered only right after your push, for a figure made then [figure.later], one a turn
    [figure.one]. Where several spots fit, the player picks one; a figure made in two colours
    picks its colour by the spot. The completed tile is then passed [figure.pass].
    """

    rule, steps = "figure.token", ("score",)
    when, when_rule = (
        "a figure is scored only after a slide that makes one, once a turn",
        ONE_FIGURE,
    )
    seat: int
    space: int
    spot: BoardSpot

    @staticmethod
    def legal(s: UmbrellaState) -> list[Score]:
        seat = s.active
        return [Score(seat, space, spot) for space, spot in s.offers]

    def play(self, s: UmbrellaState) -> None:
        seat, space, spot = self.seat, self.space, self.spot
        waiting = sorted({other for other, _ in s.offers if other != space})
        s.offers = ()
        face = s.faces[seat]
        s.filled[seat] |= 1 << spot
        from_reserve = s.supply == 0
        if from_reserve:
            s.reserve -= 1  # [end.reserve]
        else:
            s.supply -= 1
        name = s.seat_name(seat)
        code = s.spaces[seat][space].pop()
        s.say(
            "figure.match",
            lambda: (
                f"{name}'s Stage shows the {colour_words(made_colours(s, seat, space, code))} "
                f"figure of {s.tile_words(code)} on Figure space {space + 1}."
            ),
        )
        where = (
            "taken from the tokens set aside" if from_reserve else f"{s.supply} left in the supply"
        )
        if waiting:  # [figure.one]
            s.say(
                "figure.one",
                lambda: (
                    "One figure a turn: the figure on Figure space "
                    f"{' and '.join(str(other + 1) for other in waiting)} is not scored now."
                ),
            )
        s.say(
            self.rule_in(s),  # figure.token; a bicolour spot or a white square [board.*]
            lambda: (
                f"{name} puts a scoring token on spot "
                f"{face.spots[spot].number} ({face.spots[spot].words}); {where}."
            ),
        )
        if from_reserve:
            s.say("end.reserve", lambda: f"{name} takes a token set aside at setup.")
        for power, a, b in face.powers:  # [board.powers] both spots round a power are filled
            if spot in (a, b) and s.filled[seat] >> a & 1 and s.filled[seat] >> b & 1:
                s.due.append(power)
                s.say(
                    "board.powers",
                    lambda power=power: f"{name} fills both spots around the {power} power.",
                )
        s.held, s.held_from = code, seat
        s.choose_side = s.players == 2
        stack = s.spaces[seat][space]
        if stack:  # [figure.reveal]
            s.seen |= 1 << (stack[-1] >> 1)
            s.say(
                "figure.reveal",
                lambda: (
                    f"The tile beneath is revealed on Figure space {space + 1}: "
                    f"{s.tile_words(stack[-1])}."
                ),
            )
        carry_on(s)

    def label(self, s: UmbrellaState) -> str:
        spot = s.faces[self.seat].spots[self.spot]
        made = made_colours(s, self.seat, self.space)
        made &= spot.colours or visible_colours(s, self.seat)
        return (
            f"{s.seat_name(self.seat)}: score the {colour_words(made)} figure "
            f"{s.tile_words(s.top(self.seat, self.space))} on Figure space {self.space + 1}: "
            f"token on spot {spot.number} ({spot.words})"
        )

    def rule_in(self, s: UmbrellaState) -> str:
        spot = s.faces[self.seat].spots[self.spot]
        if spot.white >= 0:
            return "board.white"
        return "board.bicolour" if spot.colours & (spot.colours - 1) else "figure.token"

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        seat, space, spot = self.seat, self.space, self.spot
        face = s.faces[seat]
        if not 0 <= space < 4:
            return f"there is no Figure space {space + 1}; they are numbered 1 to 4", "figure.match"
        if not 0 <= spot < len(face.spots):
            return (
                f"there is no spot {spot + 1}; the Scoreboard has spots 1 to {len(face.spots)}",
                "figure.token",
            )
        if not s.spaces[seat][space]:
            return f"Figure space {space + 1} holds no tile", "figure.match"
        made = made_colours(s, seat, space)
        if not made:
            return (
                f"the figure {s.tile_words(s.top(seat, space))} on Figure space {space + 1} is "
                "not made on your Stage (all its spaces, turned by the pinwheel, in one colour)"
            ), "figure.match"
        target = face.spots[spot]
        colours = colour_words(made)
        free = [sp for i, sp in enumerate(face.spots) if not s.filled[seat] >> i & 1]
        angle = s.pinwheel[seat][space]
        visible = visible_colours(s, seat)
        if not any(
            sp.colours & made if sp.white < 0 else sp.white == angle and made & visible
            for sp in free
        ):
            return (
                f"no free {colours} spot is left on your Scoreboard: a {colours} figure scores "
                "nothing and its tile is not passed"
            ), "figure.full-colour"
        if s.filled[seat] >> spot & 1:
            return f"spot {target.number} already holds a token", "figure.token"
        if target.white >= 0 and target.white != angle:
            return (
                f"spot {target.number} is a white square for figures from the {target.white}° "
                f"Figure space; this figure sits on a {angle}° space"
            ), "board.white"
        if target.white >= 0:
            return (
                f"no {colours} spot is left on your Scoreboard, so a {colours} figure scores "
                "nothing, on a white square too (option white_squares)"
            ), "opt.white_squares"
        return f"spot {target.number} takes {target.words}; this figure is {colours}", (
            "figure.token"
        )


class Decline(Move):
    """Score nothing this turn, though a figure is made [opt.scoring].

    Only with the option scoring='may'; by default a figure made must be scored.
    """

    rule, steps = "opt.scoring", ("score",)
    when, when_rule = (
        "a figure is scored only after a slide that makes one, once a turn",
        ONE_FIGURE,
    )
    seat: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[Decline]:
        return [Decline(s.active)] if s.game.options["scoring"] == "may" else []

    def play(self, s: UmbrellaState) -> None:
        s.say("opt.scoring", lambda: f"{s.seat_name(self.seat)} does not score a figure this turn.")
        end_turn(s)

    def label(self, s: UmbrellaState) -> str:
        return f"{s.seat_name(self.seat)}: do not score a figure this turn"

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        return "a figure made by your slide must be scored (option scoring='must')", "opt.scoring"


def carry_on(s: UmbrellaState) -> None:
    """After a figure: the powers earned act, the tile is passed and placed, the turn ends.

    Powers act at once, in the order earned [board.powers] (each power's effect is in
    ``effects.py``; one that needs a decision stops here until it is made). Then the tile goes to
    the left [figure.pass] (solo: it is flipped or discarded [solo.flip]) and the receiver places
    it [figure.place] [figure.cover].
    """
    while s.due:
        if EFFECTS[s.due[0]](s):
            return  # the power waits for the player's choice
    if s.held >= 0 and (solo_flip(s) if s.solo else pass_left(s)):
        return  # a side to choose, or a tile to cover
    end_turn(s)


def pass_left(s: UmbrellaState) -> bool:
    """Pass the completed tile to the player on the left [figure.pass] [figure.pass-two].

    With 2 players the passer first chooses its side (the move ``Pass``). Returns True while a
    decision waits.
    """
    if s.choose_side:
        s.step = "pass"
        return True
    code, passer = s.held, s.held_from
    receiver = (passer + 1) % s.players
    s.say(
        "figure.pass",
        lambda: (
            f"{s.seat_name(passer)} passes {s.tile_words(code)} to "
            f"{s.seat_name(receiver)} on the left."
        ),
    )
    return not place_tile(s, receiver)


class Pass(Move):
    """With 2 players, the passer chooses the side the other player will see [figure.pass-two]."""

    rule, steps = "figure.pass-two", ("pass",)
    when = (
        "a side is chosen when a tile is passed in the 2-player game (with 3 or 4 players it "
        "keeps its side)"
    )
    when_rule = "figure.pass"
    seat: int
    side: TileSide

    @staticmethod
    def legal(s: UmbrellaState) -> list[Pass]:
        return [Pass(s.active, BLACK), Pass(s.active, WHITE)]

    def play(self, s: UmbrellaState) -> None:
        s.held = (s.held & ~1) | self.side
        s.choose_side = False
        s.say(
            "figure.pass-two",
            lambda: (
                f"{s.seat_name(self.seat)} chooses the {SIDES[self.side]} side for "
                f"{s.seat_name((self.seat + 1) % 2)}."
            ),
        )
        carry_on(s)

    def label(self, s: UmbrellaState) -> str:
        return (
            f"{s.seat_name(self.seat)}: pass {s.pieces.tiles[s.held >> 1].id} to "
            f"{s.seat_name((self.seat + 1) % 2)} {SIDES[self.side]} side up"
        )

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        return "a tile has a black side (0) and a white side (1)", "figure.pass-two"


def solo_flip(s: UmbrellaState) -> bool:
    """Solo: a completed black tile is flipped and placed again, a white one discarded [solo.flip].

    Returns True while the player must choose a tile to cover.
    """
    code = s.held
    if code & 1 == WHITE:
        s.tile_discard.append(code)
        s.held = -1
        s.say("solo.flip", lambda: f"{s.tile_words(code)} was white: it is discarded.")
        return False
    s.held = code | WHITE
    s.say("solo.flip", lambda: f"{s.tile_words(code)} is flipped to its white side.")
    return not place_tile(s, s.active)


def place_tile(s: UmbrellaState, receiver: int) -> bool:
    """Put the held tile on the receiver's first empty Figure space [figure.place].

    Returns False when every space is taken: the receiver then chooses a tile to cover
    [figure.cover].
    """
    stacks = s.spaces[receiver]
    space = next((k for k in range(4) if not stacks[k]), -1)
    if space < 0:
        s.receiver = receiver
        s.step = "cover"
        return False
    code = s.held
    stacks[space].append(code)
    s.seen |= 1 << (code >> 1)
    s.say(
        "figure.place",
        lambda: (
            f"{s.seat_name(receiver)} places {s.tile_words(code)} on the first empty "
            f"Figure space, space {space + 1}, turned {s.pinwheel[receiver][space]}°."
        ),
    )
    s.held = -1
    return True


class Cover(Move):
    """No Figure space is empty: the receiver puts the new tile on one of theirs [figure.cover].

    In solo, the flipped tile [solo.flip]. The covered tile is hidden until it is revealed again.
    """

    rule, steps = "figure.cover", ("cover",)
    when, when_rule = (
        "a tile is covered only when a passed tile finds no empty space",
        "figure.place",
    )
    seat: int
    space: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[Cover]:
        return [Cover(s.receiver, space) for space in range(4)]

    def play(self, s: UmbrellaState) -> None:
        seat, space, code = self.seat, self.space, s.held
        covered = s.spaces[seat][space][-1]
        s.spaces[seat][space].append(code)
        s.seen |= 1 << (code >> 1)
        s.say(
            self.rule_in(s),
            lambda: (
                f"{s.seat_name(seat)} covers {s.tile_words(covered)} on "
                f"Figure space {space + 1} with {s.tile_words(code)}."
            ),
        )
        s.held = -1
        end_turn(s)

    def label(self, s: UmbrellaState) -> str:
        return (
            f"{s.seat_name(self.seat)}: place {s.tile_words(s.held)} over "
            f"{s.tile_words(s.top(self.seat, self.space))} on Figure space {self.space + 1}"
        )

    def rule_in(self, s: UmbrellaState) -> str:
        return "solo.flip" if s.solo else "figure.cover"

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        return f"there is no Figure space {self.space + 1}; they are numbered 1 to 4", (
            "figure.cover"
        )

"""The class table without a network: what its bots may choose and what its summary says.

Bots and people choose from the same list (:meth:`Table.offered`); the end-of-game summary
gives each seat's part in the game's own words and names a turning point measured by playouts.
"""

from __future__ import annotations

import pytest

from umbrella_lab.engine.core import CHANCE, TEAM
from umbrella_lab.table.model import Table


def play_bots(table: Table, most: int = 5000) -> int:
    """Let the bots play the table to its end; assert each move was in its seat's list.

    Returns the bot moves checked.
    """
    checked = 0
    for _ in range(most):
        if not table.bot_due():
            break
        who = table.state.to_act
        if who == CHANCE:
            table.bot_move()
            continue
        seats = sorted(table.bots) if who == TEAM else [who]
        offered = {seat: {a["id"] for a in table.offered(seat)} for seat in seats}
        node = table.bot_move()
        maker = table.makers[node.id]
        assert node.action in offered[maker], (
            f"{table.game.name}: the bot in seat {maker} played {node.label!r}, which its "
            f"page does not offer"
        )
        checked += 1
    assert table.over, "the bots did not finish the game"
    return checked


@pytest.mark.parametrize(
    ("game", "players", "policy", "seeds"),
    [
        # under Family Secrets the heuristic would boost with another hero's card
        ("academy", 4, "heuristic", (17, 19)),
        ("academy", 3, "random", (15,)),
        ("marvel", 4, "heuristic", (1,)),
        ("corporation", 2, "heuristic", (1,)),
        ("umbrella", 3, "random", (2,)),
        ("pig", 2, "heuristic", (3,)),
    ],
)
def test_bots_make_only_the_moves_a_persons_page_offers(game, players, policy, seeds):
    """Over whole games, every bot move was in the list its seat's page offers; in the academy
    the tables chosen are ones where the policy wanted a move no page offers (another hero's
    boost under Family Secrets) and had to choose again."""
    fallbacks = 0
    for seed in seeds:
        table = Table(game, players=players, seed=seed, bots=dict.fromkeys(range(players), policy))
        assert play_bots(table) > 10
        fallbacks += table.bot_fallbacks
    if game == "academy":
        assert fallbacks > 0, "the case this test is for did not happen"


def test_a_bot_seat_is_offered_what_a_person_in_it_would_be():
    """A bot seat's list is the one a person in that seat is offered; its page has no buttons."""
    for game, players in (("pig", 2), ("academy", 3), ("corporation", 2)):
        person = Table(game, players=players, seed=17)
        seat = person.state.to_act
        seat = 0 if seat == TEAM else seat
        bot = Table(game, players=players, seed=17, bots={seat: "heuristic"})
        assert bot.offered(seat) == person.offered(seat) != []
        assert bot.seat_view(seat)["actions"] == []
        assert person.seat_view(seat)["actions"] == person.offered(seat)

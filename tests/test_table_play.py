"""The class table without a network: what its bots may choose and what its summary says.

Bots and people choose from the same list (:meth:`Table.offered`); the end-of-game summary
gives each seat's part in the game's own words and names a turning point measured by playouts.
"""

from __future__ import annotations

import json

import pytest

from umbrella_lab.engine.core import CHANCE, TEAM
from umbrella_lab.engine.play import seat_moves
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
        for seat in seats:  # the page's list is the engine's rule (which sim.playtest uses)
            assert offered[seat] == {a.id for a in seat_moves(table.state, seat)}
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
        ("academy", 3, "random", (11,)),
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


def test_the_design_lab_replays_a_bots_table_move_for_move():
    """``sim.playtest`` plays the bots' side as the table's bots do, choices again included."""
    from umbrella_lab.sim.playtest import bot_line
    from umbrella_lab.sim.policies import get_policy

    table = Table("academy", players=4, seed=17, bots=dict.fromkeys(range(4), "heuristic"))
    play_bots(table)
    assert table.bot_fallbacks > 0
    fast = get_policy(table.game, "heuristic")
    line = bot_line(table.game, table.seed, dict.fromkeys(range(4), fast), fast)
    assert line.actions == table.actions()


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


# --- each seat's part, in the game's own terms ---------------------------------------------------


def bot_game(game: str, players: int, seed: int, policy: str = "heuristic") -> Table:
    table = Table(game, players=players, seed=seed, bots=dict.fromkeys(range(players), policy))
    play_bots(table)
    return table


def counts(table: Table) -> list[dict[str, int]]:
    return [seat["counts"] for seat in table.summary()["seats"]]


def total(table: Table, what: str) -> int:
    return sum(mine[what] for mine in counts(table))


def test_pig_parts_match_the_scores_and_the_log():
    table = bot_game("pig", 3, seed=4)
    state, mine = table.state, counts(table)
    events = [
        (step.seat, step.before.active, e.rule) for step in table.played() for e in step.events
    ]
    for seat in range(3):
        assert mine[seat]["points banked"] == state.scores[seat]
        assert mine[seat]["holds"] == sum(
            1 for s, _, rule in events if rule == "turn.hold" and s == seat
        )
        assert mine[seat]["pigs rolled"] == sum(
            1 for _, active, rule in events if rule == "turn.pig" and active == seat
        )
    assert total(table, "rolls") == state.rolls
    text = table.summary()["seats"][0]["text"]
    assert f"final score {state.scores[0]}" in text and "points banked" in text


def test_marvel_parts_match_the_villain_the_missions_and_the_storyline():
    from umbrella_lab.games.marvel.actions import PLAN

    for seed in (1, 2):
        table = bot_game("marvel", 4, seed=seed)
        first, state = table.session.root.state, table.state
        assert total(table, "damage to the villain") == first.health - state.health
        logged = [e for step in table.played() for e in step.events]
        rescued = sum(
            e.rule == "mission.rescue" or e.text.startswith("Rescue Civilians is complete")
            for e in logged
        )
        defeated = sum(
            e.rule == "mission.defeat" or e.text.startswith("Defeat Thugs is complete")
            for e in logged
        )
        assert total(table, "Civilians rescued") == rescued > 0
        assert total(table, "Thugs defeated") == defeated > 0
        assert total(table, "Threats cleared") == sum(t == -1 for t in state.threats)
        for seat, mine in enumerate(counts(table)):
            hero = state.heroes[seat]
            cards = [c for c in state.storyline if c < PLAN and state.card(c).hero == hero]
            assert mine["cards played"] == len(cards) > 0, (seed, seat)


def test_academy_parts_match_the_lineup_and_the_life_bars():
    from umbrella_lab.games.academy.actions import BLOCKED, DEFEATED, PENDING
    from umbrella_lab.games.academy.views import part

    checked = 0
    for seed, players, policy in ((1, 3, "heuristic"), (2, 4, "random"), (5, 2, "heuristic")):
        table = bot_game("academy", players, seed=seed, policy=policy)
        for step in table.played():
            said = {what: n for _, what, n in part(step) if what.startswith("villain")}
            if step.before.lineup == step.after.lineup:  # (a move that ends the round deals anew)
                pairs = list(zip(step.before.outcomes, step.after.outcomes, strict=True))
                defeated = pairs.count((PENDING, DEFEATED)) + pairs.count((BLOCKED, DEFEATED))
                assert said.get("villain attacks defeated", 0) == defeated  # (a boost may
                # turn a block into a win)
                assert said.get("villain attacks blocked", 0) == pairs.count((PENDING, BLOCKED))
                checked += pairs.count((PENDING, DEFEATED))
        first, state = table.session.root.state, table.state
        healed, lost = total(table, "life bars healed"), total(table, "life bars lost")
        assert healed - lost == sum(state.life) - sum(first.life)
        assert total(table, "villain attacks defeated") > 0
    assert checked > 20


def test_corporation_parts_match_the_games_own_summary():
    for seed in (1, 2):
        table = bot_game("corporation", 2, seed=seed)
        heroes, umbrella = counts(table)
        facts = table.state.summary()
        assert heroes["Facilities destroyed"] == facts["facilities_destroyed"]
        assert heroes["assaults"] == facts["assaults"]
        assert heroes["assaults won"] == facts["assaults_won"]
        assert umbrella["teams destroyed"] == facts["teams_destroyed"]
        assert umbrella["Search and Destroy missions"] == facts["hunts"]
        assert umbrella["missions won"] == facts["hunts_won"]
        assert (
            heroes["event cards played"] + umbrella["event cards played"] == facts["events_played"]
        )
        assert table.summary()["headline"] in ("Heroes win", "Umbrella wins", "Nobody wins")


def test_umbrella_parts_match_the_scoreboards_and_the_zones():
    table = bot_game("umbrella", 3, seed=1)
    state = table.state
    for seat, mine in enumerate(counts(table)):
        assert mine["Scoring tokens placed"] == state.tokens(seat)
        assert mine["umbrellas left waiting"] == state.personal(seat)
        pushes = sum(1 for step in table.played() if step.seat == seat and step.move.kind == "push")
        assert mine["umbrellas pushed"] == pushes > 0


def test_a_game_without_its_own_counts_tells_each_seats_moves():
    """A game written in a notebook (no ``GameInfo.part``): moves and what they did most."""
    import dataclasses

    import umbrella_lab as ul
    from umbrella_lab.engine.core import Game

    info = dataclasses.replace(ul.load("pig", players=2).info, part=None)
    table = Table(Game(info, 2), seed=3, bots={0: "random", 1: "random"})
    play_bots(table)
    for seat in table.summary()["seats"]:
        assert seat["counts"] == {}
        assert "what their moves did most" in seat["text"] and "moves" in seat["text"]
    plain = dataclasses.replace(info, policies={}, name="pig-plain")  # only "random" players
    table = Table(Game(plain, 2), seed=3, bots={0: "random", 1: "random"})
    play_bots(table)
    found = table.work_out_turning_point(budget=0.5)
    assert found is not None and found.policy == "random"
    assert "being worked out" not in table.summary()["turning_point"]


# --- the turning point ---------------------------------------------------------------------------

PIG_TO_50 = (
    ["P1: roll the die", "the die shows 6"] * 4
    + ["P1: roll the die", "the die shows 1"]  # a pig: P1's 24 points are lost
    + ["P2: roll the die", "the die shows 6"] * 9
    + ["P2: hold (bank 54, score 54)"]
)
"""A game of Pig to 50 whose turning point is known: P1's pig at step 10 hands P2 the game."""


def test_the_turning_point_is_the_move_that_turned_the_game():
    """The pig that lost P1 a turn total of 24 raised P2's chance the most; the summary says
    so with the chance before and after, the range of the change and the playouts behind it."""
    table = Table("pig", players=2, seed=1, goal=50)
    for action in PIG_TO_50:
        table.session.apply(action)
    assert table.summary()["turning_point"] == "Turning point: being worked out…"
    found = table.work_out_turning_point()
    assert found is not None and found.clear
    assert (found.step, found.label, found.side) == (10, "the die shows 1", "P2")
    assert found.before is not None and found.after is not None
    assert found.before.rate < found.after.rate and found.change_low > 0
    assert found.change_low <= found.after.rate - found.before.rate <= found.change_high
    assert found.before.playouts == found.after.playouts == found.playouts >= 12
    summary = table.summary()
    assert summary["turning_point"].startswith(
        "Turning point, step 10: the die shows 1. P2's chance to win went from about "
    )
    assert "playouts each by the heuristic bots" in summary["turning_point"]
    assert summary["turning"]["step"] == 10
    assert found.seconds < 3 * 2.0, "a couple of seconds (the budget), with room for a busy machine"


def test_no_clear_turning_point_when_no_swing_is_beyond_the_uncertainty():
    """Four greedy heroes who never stood a chance: no move changed it beyond the noise."""
    table = bot_game("marvel", 4, seed=3)
    # a budget no machine reaches: 40 playouts an estimate and every pass, on any machine (the
    # search takes fewer playouts and passes where two seconds would not hold them)
    found = table.work_out_turning_point(budget=60)
    assert found is not None and not found.clear and found.playouts == 40
    assert table.turning_point().startswith("No clear turning point: no move changed the team's")
    assert table.summary()["turning"]["clear"] is False


def test_no_turning_point_for_a_game_the_teacher_stopped():
    table = Table("pig", players=2, seed=1)
    table.session.apply("P1: roll the die")
    table.end()
    assert table.work_out_turning_point() is None
    assert table.summary()["turning_point"] == ""


def test_the_server_tells_every_page_the_turning_point_once_worked_out(tmp_path):
    """Worked out off the event loop when the game ends; then every page gets it."""
    import random

    from tests.test_table import play_through, read_all, run, seat_clients, until
    from umbrella_lab.table.server import TableServer

    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.0, rate=1000).start()
        table = server.open("pig", players=2, seed=3, goal=50, bots={0: "heuristic"})
        seats, teacher = await seat_clients(server, table)
        readers = await read_all([*seats, teacher])
        await play_through(server, table, seats, random.Random(3))
        assert table.over
        for client in [*seats, teacher]:
            await until(
                lambda c=client: (
                    c.view is not None
                    and c.view["summary"] is not None
                    and c.view["summary"]["turning_point"] != "Turning point: being worked out…"
                ),
                wait=30,
            )
            assert client.view is not None
            assert client.view["summary"]["turning_point"] == table.turning_point() != ""
        for client in [*seats, teacher]:
            client.close()
        for task in readers:
            task.cancel()
        server.stop()

    run(test)


def test_a_failed_search_says_so_instead_of_waiting(monkeypatch, tmp_path):
    """Playouts that fail leave the summary a reason, not "being worked out" for ever."""
    from tests.test_table import read_all, run, seat_clients, until
    from umbrella_lab.table import model
    from umbrella_lab.table.server import TableServer

    def broken(*args, **kwargs):
        raise RuntimeError("a bot broke")

    monkeypatch.setattr(model, "find_turning_point", broken)
    stopped = Table("pig", players=2, seed=1)
    stopped.no_turning_point("the playouts failed")
    assert json.loads(json.dumps(stopped.turning.to_dict(), allow_nan=False))["change_low"] is None

    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.0, rate=1000).start()
        table = server.open("pig", players=2, seed=1, goal=50)
        seats, teacher = await seat_clients(server, table)
        readers = await read_all([*seats, teacher])
        for action in PIG_TO_50:
            table.session.apply(action)
        await server.changed(table)
        await until(lambda: "playouts failed" in table.turning_point(), wait=20)
        await until(
            lambda: (
                teacher.view is not None
                and teacher.view["summary"] is not None
                and "playouts failed" in teacher.view["summary"]["turning_point"]
            )
        )
        for client in [*seats, teacher]:
            client.close()
        for task in readers:
            task.cancel()
        server.stop()

    run(test)


def test_a_seat_that_cannot_see_the_table_learns_nothing_of_moves_not_offered_to_it():
    """Asked about another seat's move, an illegal one or nonsense, a seat gets one answer.

    A rule's reason or a list of the legal moves could name a card in another hand, and a
    different answer for a legal move than for an illegal one tells whether that card is held.
    """
    from umbrella_lab.table.model import NOT_OFFERED, Refusal

    table = Table("corporation", players=2, seed=3)
    state = table.state
    seat = 1 - state.to_act  # the seat not to act: it sees its own hand only
    assert state.hides_from(seat)
    others = [a.id for a in state.legal_actions()]
    asked = [*others, "attack/0/nothing-of-the-sort", "x/y", "no such move"]
    answers = {json.dumps(table.why(seat, text), sort_keys=True) for text in asked}
    assert answers == {json.dumps({"label": "that move", "reason": NOT_OFFERED + ".", "rule": ""})}
    actor = state.to_act
    mine = seat_moves(state, actor)
    assert table.why(actor, mine[0].id)["reason"] == "It is allowed now."
    if state.hides_from(actor):
        for text in ("x/y", "search/no-such-card"):
            with pytest.raises(Refusal) as refused:
                table.move(actor, text, table.serial)
            assert NOT_OFFERED in str(refused.value)
            assert not any(a.label in str(refused.value) for a in state.legal_actions())


def test_a_turning_point_asked_of_a_player_the_game_lacks_names_its_players():
    """A typo in the bots' name is an error naming the game's players, not another bot."""
    import umbrella_lab as ul
    from umbrella_lab.table.turning import find_turning_point

    game = ul.load("pig", players=2, goal=50)
    p1 = ["P1: roll the die", "the die shows 6"] * 4 + ["P1: roll the die", "the die shows 1"]
    p2 = ["P2: roll the die", "the die shows 6"] * 9 + ["P2: hold (bank 54, score 54)"]
    states = [game.new(seed=1)]
    for action in p1 + p2:
        states.append(states[-1].apply(action))
    with pytest.raises(ValueError, match="no player 'heurstic' for pig: its players are"):
        find_turning_point(game, states, p1 + p2, winner=1, seed=5, policy="heurstic")


def test_a_game_over_by_its_rules_is_not_taken_back_once_its_seed_is_shown():
    """The end's summary shows every page the seed and the whole record; an undo after it
    would go on playing a deal every seat can now work out, card by card."""
    from umbrella_lab.table.model import Refusal

    table = bot_game("pig", 2, 4, policy="random")
    assert table.state.is_over and table.summary()["seed"] == 4
    step, serial = table.step, table.serial
    with pytest.raises(Refusal) as refused:
        table.undo(table.serial)
    assert refused.value.rule == "table.ended" and "seed" in refused.value.reason
    assert (table.step, table.serial, table.over) == (step, serial, True)


def test_the_teachers_page_learns_no_hidden_card_from_why():
    """The teacher's page shows the public table: asked "why?" about a move that names a card
    some seat may not see (the Umbrella's pick from its deck, a hero's card), it gets one
    answer for every move, legal or not, while any seat cannot see the whole table."""
    table = Table("corporation", players=2, seed=3)
    state = table.state
    assert any(state.hides_from(seat) for seat in range(2))
    asked = [a.id for a in state.legal_actions()] + [a.label for a in state.legal_actions()]
    asked += ["attack/0/nothing-of-the-sort", "no such move"]
    answers = {json.dumps(table.why(None, text), sort_keys=True) for text in asked}
    assert len(answers) == 1
    (answer,) = answers
    assert not any(a.label in answer or a.id in answer for a in state.legal_actions())
    pig = Table("pig", players=2, seed=3)  # nothing hidden: the rules' own answer
    assert pig.why(None, "hold")["reason"] != pig.why(None, "roll")["reason"]

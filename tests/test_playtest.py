"""The playtest: class tables against the bots on the same seeds (sim.playtest, its chart)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

import umbrella_lab as ul
from umbrella_lab import charts, sim
from umbrella_lab.engine.core import TEAM
from umbrella_lab.engine.errors import RecordError
from umbrella_lab.engine.luck import derive_seed
from umbrella_lab.engine.play import play_out
from umbrella_lab.engine.record import Record
from umbrella_lab.sim.playtest import fewest_tables, paired_difference, read_tables
from umbrella_lab.sim.policies import PolicyError, get_policy
from umbrella_lab.table.model import Refusal, Table

EXAMPLES = Path(__file__).resolve().parents[1] / "tutorials" / "playtest_examples"


def bots_alone(game: str, players: int, seed: int, policy: str = "heuristic") -> Table:
    """A class table every seat of which a bot played, to the end."""
    table = Table(game, players=players, seed=seed, bots=dict.fromkeys(range(players), policy))
    while table.bot_due():
        table.bot_move()
    return table


def people_like_bots(game: str, players: int, seed: int, policy: str = "heuristic") -> Table:
    """A table whose people each played exactly as a table's bot would (the same generator).

    Raises:
        Refusal: a bot's move that no page offers (one naming a card in another seat's hand).
    """
    table = Table(game, players=players, seed=seed)
    fast = get_policy(table.game, policy)
    while not table.over:
        state = table.state
        if table.bot_due():  # luck
            table.bot_move()
            continue
        position = state._clone()
        position.events = None
        key = fast(position, random.Random(derive_seed(seed, table.step)))
        action = state.action(key)
        seat = state.to_act
        if seat == TEAM:  # the team's move: made from a page that offers it
            offered = [
                s
                for s in range(players)
                if action.id in [a["id"] for a in table.seat_view(s)["actions"]]
            ]
            seat = offered[0] if offered else 0
        table.move(seat, action.id, at=table.serial)
    return table


def as_people(table: Table) -> dict:
    """The table as saved, its bots' seats handed to people (the moves stay the same)."""
    data = table.to_dict()
    data["bots"] = {}
    return data


# --- known answers ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), [("academy", 3), ("pig", 2), ("marvel", 2)])
def test_a_table_the_bots_played_alone_replays_move_for_move(game, players):
    table = bots_alone(game, players, seed=7)
    found = sim.playtest(table.to_dict(), context=0)
    row = found.table.iloc[0]
    assert row["same_moves"] and row["same_result"]
    assert row["class_moves"] == row["bots_moves"] == table.step
    assert row["class_reason"] == row["bots_reason"] == table.state.result.reason
    class_seats = found.seats[found.seats["side"] == "class"].drop(columns="side")
    bot_seats = found.seats[found.seats["side"] == "bots"].drop(columns="side")
    assert class_seats.reset_index(drop=True).equals(bot_seats.reset_index(drop=True))


def test_people_who_played_as_the_bots_compare_equal():
    tables: list[Table] = []
    for seed in range(40):  # the first three deals whose bots' moves every page could make
        try:
            tables.append(people_like_bots("academy", 3, seed))
        except Refusal:
            continue
        if len(tables) == 3:
            break
    found = sim.playtest([t.to_dict() for t in tables], context=0)
    assert found.table["same_moves"].all()
    assert list(found.table["people"]) == [3, 3, 3]
    result = found.comparison
    assert result.only_class == result.only_bots == 0
    assert result.class_wins == result.bots_wins
    assert result.difference == 0
    assert result.p_value == 1.0


def test_a_hand_made_set_of_tables_gives_the_counts_the_tables_give():
    """Records of 'random' play against the heuristic, counted by the table model's own bots.

    The seeds: the first six the heuristic wins and the first two it loses (so the counts hold
    whatever the deals: random play never wins the academy).
    """
    game = ul.load("academy", players=4)
    heuristic: list[Table] = []  # the oracle: the table's own bots
    for seed in range(60):
        table = bots_alone("academy", 4, seed)
        won = sum(t.state.result.won for t in heuristic)
        if (won < 6 and table.state.result.won) or (
            len(heuristic) - won < 2 and not table.state.result.won
        ):
            heuristic.append(table)
        if len(heuristic) == 8:
            break
    seeds = [t.seed for t in heuristic]
    fast = get_policy(game, "random")
    records = []
    for seed in seeds:
        made: list = []
        play_out(game.new(seed), fast, random.Random(seed), made)
        state = game.new(seed)
        actions = []
        for move in made:
            action = state.action(move)
            actions.append(action.id)
            state = state.apply(action)
        records.append(Record.of(game, seed, actions))
    found = sim.playtest(records, context=0)
    ours = [record.final().result.won for record in records]
    theirs = [t.state.result.won for t in heuristic]
    result = found.comparison
    assert list(found.table["class_won"]) == ours
    assert list(found.table["bots_won"]) == theirs
    assert list(found.table["bots_moves"]) == [t.step for t in heuristic]
    assert list(found.table["class_moves"]) == [len(r.actions) for r in records]
    assert (result.compared, result.class_wins, result.bots_wins) == (8, 0, 6)
    assert (result.only_class, result.only_bots, result.both, result.neither) == (0, 6, 0, 2)
    assert result.verdict == "bots better"
    assert result.p_value == pytest.approx(2 * 0.5**6)
    assert result.high < 0
    assert "the bots won more often" in str(result)


def test_three_tables_are_too_few_to_tell():
    found = sim.playtest(EXAMPLES, context=200)
    result = found.comparison
    assert (result.tables, result.compared, result.class_wins, result.bots_wins) == (3, 3, 1, 2)
    assert (result.only_class, result.only_bots) == (1, 2)
    assert result.verdict == "too few tables"
    assert "Too few tables to tell" in str(result)
    assert result.low < 0 < result.high
    assert result.context_games == 200
    assert 0 <= result.context_low <= result.context_rate <= result.context_high <= 1
    green = found.table.set_index("table").loc["green"]
    assert green["people"] == 3 and "heuristic" in green["class_bots"]
    seats = found.seats[(found.seats["table"] == "green") & (found.seats["side"] == "class")]
    assert list(seats["played_by"]) == ["person", "person", "person", "bot (heuristic)"]
    assert all(part.split()[1].startswith("moves") for part in seats["part"])
    assert any("villain attacks defeated" in part for part in seats["part"])  # the game's words


# --- sides, seats and events --------------------------------------------------------------------


def test_each_seat_has_its_moves_and_the_events_they_caused():
    table = bots_alone("academy", 3, seed=5)
    found = sim.playtest(table.to_dict(), context=0)
    seats = found.seats[found.seats["side"] == "class"]
    assert seats["moves"].sum() <= table.step  # luck's moves belong to no seat
    events = found.events[found.events["side"] == "class"]
    attacks = events[events["rule"] == "turn.attack"]
    assert attacks["count"].sum() > 0 and set(attacks["title"]) == {"Attack"}
    assert events["count"].sum() == sum(len(n.events) for n in table.session.line[1:])


def test_a_competitive_game_compares_the_peoples_seats():
    table = Table("pig", players=2, seed=3, bots={1: "heuristic"})
    rng = random.Random(3)
    while not table.over:
        if table.bot_due():
            table.bot_move()
        else:
            view = table.seat_view(0)
            table.move(0, rng.choice(view["actions"])["id"], at=view["at"])
    found = sim.playtest(table.to_dict(), context=50)
    row = found.table.iloc[0]
    assert row["class_won"] == (0 in table.state.result.winners)
    assert found.context.loc[0, "games"] == 50
    alone = sim.playtest(bots_alone("pig", 2, 3).to_dict(), context=50)
    assert alone.comparison.verdict == "no win rate"
    assert alone.context.empty
    assert "no win rate to compare" in str(alone.comparison)


def test_an_unfinished_table_is_shown_and_left_out():
    game = ul.load("academy", players=2)
    short = Record.of(game, 3, [])
    done = bots_alone("academy", 2, seed=3)
    found = sim.playtest([short, as_people(done)], context=0)
    assert found.table.loc[0, "class_result"] == "unfinished"
    assert found.comparison.tables == 2 and found.comparison.compared == 1
    assert "unfinished" in str(found.comparison)


def people_at_random(seed: int, rng: random.Random, players: int = 3) -> dict:
    """A finished academy table whose people chose among their pages' buttons at random."""
    table = Table("academy", players=players, seed=seed)
    while not table.over:
        if table.bot_due():
            table.bot_move()
            continue
        seat = next(s for s in range(players) if table.may_act(s) and table.offered(s))
        table.move(seat, rng.choice(table.offered(seat))["id"], table.serial)
    return table.to_dict()


def test_tables_dealt_alike_count_as_one_deal():
    """Four tables opened with one seed: the bots play one and the same game on all four, so
    '0 of 4 (0% to 49%)' would count one game of the bots as four. Each deal counts once."""
    rng = random.Random(5)
    tables = [people_at_random(0, rng) for _ in range(4)] + [people_at_random(9, rng)]
    for number, data in enumerate(tables):
        data["id"] = f"t{number}"
    found = sim.playtest(tables, context=0)
    assert list(found.table["seed"]) == [0, 0, 0, 0, 9]  # every table is still shown
    result = found.comparison
    assert (result.tables, result.compared) == (5, 2)
    said = str(result)
    assert "On the same 2 seeds" in said
    assert "t1, t2, t3" in said and "same deal as t0" in said
    subtitle = charts.playtest_chart(found).to_dict()["title"]["subtitle"]
    assert "5 tables (2 compared: see the notes)" in subtitle


def test_a_table_no_person_played_says_nothing_of_the_class():
    """A table the teacher gave every seat to a bot is no class's game: it is left out of the
    comparison, said so, instead of counting as a tie of the class with the bots."""
    alone = [bots_alone("academy", 3, seed) for seed in (3, 4)]
    data = [table.to_dict() for table in alone]
    found = sim.playtest(data, context=0)
    assert found.comparison.compared == 0 and found.comparison.tables == 2
    assert "bots only" in str(found.comparison)
    mixed = sim.playtest([data[0], people_at_random(5, random.Random(1))], context=0)
    assert mixed.comparison.compared == 1


def test_another_policy_and_a_function_stand_in_for_the_people():
    data = bots_alone("academy", 2, seed=4).to_dict()
    found = sim.playtest(as_people(ul.table.model.Table.from_dict(data)), "random", context=0)
    assert found.table.loc[0, "bots_policy"] == "random"

    def first(view, actions):
        return actions[0]

    assert sim.playtest(data, first, context=0).table.loc[0, "bots_policy"] == "first"
    with pytest.raises(PolicyError, match="no policy named 'clever'"):
        sim.playtest(data, "clever", context=0)


# --- reading tables -----------------------------------------------------------------------------


def test_tables_are_read_from_files_folders_dicts_records_and_tables(tmp_path):
    table = bots_alone("academy", 2, seed=2)
    path = tmp_path / f"{table.id}.table.json"
    path.write_text(json.dumps(table.to_dict()), encoding="utf-8")
    record = table.record()
    record_file = tmp_path / "game.json"
    record.save(record_file)

    class Served:  # what ul.table(...) gives: the table is its .table
        def __init__(self, table: Table) -> None:
            self.table = table

    given = [path, str(path), tmp_path, table.to_dict(), record, record.to_dict(), record_file]
    given += [table, Served(table)]
    for item in given:
        (played,) = read_tables(item)
        assert played.seed == 2 and played.actions == table.actions()
    assert [p.name for p in read_tables([record, record])] == [table.id + " (1)", table.id + " (2)"]


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ([], "give at least one table"),
        (42, "table 1 is int"),
        ({"format": "umbrella-lab/session"}, "has format 'umbrella-lab/session'"),
        ({"format": "umbrella-lab/table", "record": 5}, "a record is a JSON object"),
        ({"format": "umbrella-lab/record", "game": "academy"}, "field 'players' is missing"),
    ],
)
def test_a_table_that_cannot_be_read_is_named_with_why(item, message):
    with pytest.raises(RecordError, match=message):
        sim.playtest(item, context=0)


def test_bad_files_folders_and_moves_are_refused_with_why(tmp_path):
    with pytest.raises(RecordError, match="cannot be read"):
        sim.playtest(tmp_path / "missing.table.json", context=0)
    bad = tmp_path / "bad.table.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.table\.json is not JSON"):
        sim.playtest(bad, context=0)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(RecordError, match="holds no saved table"):
        sim.playtest(empty, context=0)
    data = bots_alone("academy", 2, seed=2).to_dict()
    data["record"]["actions"][3] = "attack/9/nothing"
    with pytest.raises(RecordError, match=r"move 4 .* does not replay"):
        sim.playtest(data, context=0)
    data = bots_alone("academy", 2, seed=2).to_dict()
    data["bots"] = {"7": "heuristic"}
    with pytest.raises(RecordError, match="seat 7"):
        sim.playtest(data, context=0)
    data["bots"] = {"left": "heuristic"}
    with pytest.raises(RecordError, match="seats by number"):
        sim.playtest(data, context=0)


def test_the_examples_are_saved_tables_the_table_reads_back():
    files = sorted(EXAMPLES.glob("*.table.json"))
    assert [f.name for f in files] == ["amber.table.json", "blue.table.json", "green.table.json"]
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        table = Table.from_dict(data)
        assert table.over and table.id == path.name.split(".")[0]
        assert data["secrets"] == {"teacher": "", "seats": [], "codes": []}


# --- the statistics -----------------------------------------------------------------------------


def test_fewer_than_six_tables_can_never_tell():
    assert fewest_tables() == 6
    assert fewest_tables(0.01) == 8


def test_the_score_interval_of_a_paired_difference():
    z2 = 1.959963984540054**2
    estimate, low, high = paired_difference(0, 0, 3)  # no table differs: +-z2/(n+z2)
    assert estimate == 0 and low == pytest.approx(-z2 / (3 + z2)) and high == pytest.approx(-low)
    for a, b, n in [(1, 2, 3), (3, 0, 5), (4, 1, 12), (0, 6, 6), (40, 20, 160)]:
        d, lo, hi = paired_difference(a, b, n)
        assert -1 <= lo <= d <= hi <= 1
        assert paired_difference(b, a, n) == pytest.approx((-d, -hi, -lo))
    assert paired_difference(6, 0, 6)[2] == 1.0 and paired_difference(6, 0, 6)[1] > 0
    estimate, low, high = paired_difference(0, 0, 0)
    assert math.isnan(estimate) and (low, high) == (-1.0, 1.0)
    with pytest.raises(ValueError, match="need 0 <= only_a"):
        paired_difference(3, 2, 4)


def test_the_score_interval_holds_its_95_percent_with_few_tables():
    """Exact coverage, over every outcome of 10 tables, at a grid of true chances."""
    n = 10
    intervals = {
        (a, b): paired_difference(a, b, n)[1:] for a in range(n + 1) for b in range(n + 1 - a)
    }
    coverages = []
    for p_a in (0.05, 0.2, 0.4):
        for p_b in (0.05, 0.2, 0.4):
            covered = 0.0
            for (a, b), (low, high) in intervals.items():
                chance = (
                    math.factorial(n)
                    / (math.factorial(a) * math.factorial(b) * math.factorial(n - a - b))
                    * p_a**a
                    * p_b**b
                    * (1 - p_a - p_b) ** (n - a - b)
                )
                covered += chance if low <= p_a - p_b <= high else 0.0
            coverages.append(covered)
    assert min(coverages) > 0.93
    assert sum(coverages) / len(coverages) > 0.95


# --- the chart ----------------------------------------------------------------------------------


def test_the_chart_shows_both_rates_the_context_and_each_table():
    found = sim.playtest(EXAMPLES, context=100)
    spec = charts.playtest_chart(found).to_dict()
    rates, tables = spec["hconcat"]
    assert rates["layer"][0]["mark"]["type"] == "bar"
    assert tables["layer"][0]["mark"]["type"] == "rect"
    shown = spec["datasets"]
    who = [row["who"] for data in shown.values() for row in data if "who" in row]
    assert who == ["your tables", "bots, same seeds", "bots, 100 seeds"]
    cells = [row for data in shown.values() for row in data if "side" in row]
    assert {(c["table"], c["side"], c["result"]) for c in cells} >= {
        ("amber", "your table", "won"),
        ("amber", "the bots", "lost"),
    }
    assert "too few tables" in spec["title"]["subtitle"]
    with pytest.raises(TypeError, match="give a playtest"):
        charts.playtest_chart(found.table)


def test_a_table_played_with_other_card_data_says_so():
    data = bots_alone("academy", 2, seed=2).to_dict()
    data["record"]["data"] = "0000000000000000"
    found = sim.playtest(data, context=0)
    assert "played with other card data" in str(found.comparison)


def test_a_seat_a_person_and_a_bot_both_played_is_said():
    """The teacher hands a seat to a bot mid-game: the saved table keeps who made each move,
    and the comparison says that seat was played by both (it counts as the bot's)."""
    table = Table("academy", players=3, seed=6)
    rng = random.Random(2)
    while table.step < 6 and not table.over:
        seat = next(s for s in range(3) if table.may_act(s) and table.offered(s))
        table.move(seat, rng.choice(table.offered(seat))["id"], table.serial)
    mover = table.makers[table.session.node.id]
    table.set_bot(mover, "heuristic")
    while not table.over:
        if table.bot_due():
            table.bot_move()
            continue
        seat = next(s for s in range(3) if table.may_act(s) and table.offered(s))
        table.move(seat, rng.choice(table.offered(seat))["id"], table.serial)
    data = table.to_dict()
    assert Table.from_dict(data).by_bot == table.by_bot  # kept when the table is read back
    said = str(sim.playtest(data, context=0).comparison)
    name = table.names[mover]
    assert f"{name} by a person for" in said and "by a bot for" in said, said
    old = {key: value for key, value in data.items() if key != "by_bot"}  # saved before
    assert "by a person for" not in str(sim.playtest(old, context=0).comparison)


def test_the_context_says_when_its_bots_are_not_the_tables_bots():
    """The context plays the stand-in bots in every seat; a table whose bot seat played
    another policy is not 'the same settings' there, and the comparison says so."""
    table = Table("pig", players=2, seed=3, goal=50, bots={1: "hold-at-20"})
    rng = random.Random(4)
    while not table.over:
        if table.bot_due():
            table.bot_move()
            continue
        table.move(0, rng.choice(table.offered(0))["id"], table.serial)
    said = str(sim.playtest(table.to_dict(), "heuristic", context=20).comparison)
    assert "seat the heuristic bots in every seat" in said and "hold-at-20" in said, said
    same = str(sim.playtest(table.to_dict(), "hold-at-20", context=20).comparison)
    assert "in every seat" not in same

"""The class table over real websockets on 127.0.0.1: views, refusals, restarts, bad messages.

Each test starts a :class:`~umbrella_lab.table.server.TableServer` in its own event loop on a
free port of 127.0.0.1 and talks to it with tornado's websocket client; every wait is bounded
(:data:`tests.table_clients.WAIT`) and every loop counted.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from tornado.httpclient import AsyncHTTPClient

import umbrella_lab as ul
from tests.table_clients import Client
from umbrella_lab.engine.differences import differences
from umbrella_lab.table import protocol
from umbrella_lab.table.model import Table, unseeded
from umbrella_lab.table.server import TableServer

SEED = 90817
"""A seed whose digits would stand out in a frame: the seats must not be told it."""

SECRETS_SEED = 90831
"""A four-player academy deal whose first round is Family Secrets: each hero sees only their
own hand (with :data:`SEED` the academy game never hid a hand)."""


def run(test: Callable[[], Awaitable[None]], most: float = 240) -> None:
    """Run an async test with a time limit, in a thread of its own.

    The thread has an event loop of its own, whatever the test process's main thread holds
    (a test before it in the same worker may leave a loop marked as running there).
    """
    failed: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(asyncio.wait_for(test(), most))
        except BaseException as error:  # handed to the test's own thread below
            failed.append(error)

    worker = threading.Thread(target=main, name="table-test")
    worker.start()
    worker.join(most + 30)
    assert not worker.is_alive(), f"the test did not end within {most + 30:.0f} s"
    if failed:
        raise failed[0]


async def seat_clients(server: TableServer, table: Table) -> tuple[list[Client], Client]:
    seats = []
    for seat in range(table.game.players):
        client = await Client(server.port, table.id).connect()
        await client.hello("seat", table.seat_tokens[seat], seat)
        seats.append(client)
    teacher = await Client(server.port, table.id).connect()
    await teacher.hello("teacher", table.teacher_token)
    return seats, teacher


async def read_all(clients: list[Client]) -> list[asyncio.Task]:
    """A task per client reading its frames until it closes."""

    async def reader(client: Client) -> None:
        for _ in range(1_000_000):
            try:
                if await client.receive(3600) is None:
                    return
            except Exception:
                return

    return [asyncio.create_task(reader(c)) for c in clients]


async def until(check: Callable[[], bool], wait: float = 10.0) -> None:
    end = time.monotonic() + wait
    while not check():
        if time.monotonic() > end:
            raise TimeoutError("the table did not reach the expected point in time")
        await asyncio.sleep(0.002)


# --- what a seat may not see ----------------------------------------------------------------


def strings(value: Any) -> set[str]:
    """Every text in a JSON value."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            found |= strings(item)
    elif isinstance(value, list):
        for item in value:
            found |= strings(item)
    return found


def names(value: Any) -> set[str]:
    """The card ids in a JSON value: texts under ``id``, or in lists of texts.

    (Names are not checked: a card's name, or its type's, is also said in the log when another
    copy is played in the open.)
    """
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "id" and isinstance(item, str):
                found.add(item)
            else:
                found |= names(item)
    elif isinstance(value, list):
        for item in value:
            found |= {item} if isinstance(item, str) else names(item)
    return found


def hidden_from(state: Any, seat: int) -> set[str]:
    """The cards of the whole table that ``seat``'s view does not hold anywhere (hidden cards)."""
    whole, mine = state.to_dict(), state.to_dict(seat)
    secret: set[str] = set()
    for _, there, _ in differences(whole, mine, whole_lists=True):
        secret |= names(there) if isinstance(there, dict | list) else set()
    seen = strings(mine)
    return {text for text in secret if len(text) > 3 and text not in seen}


def deck_orders(state: Any) -> list[list[str]]:
    """The order of every deck of the table, as card ids (what nobody may see)."""
    name = state.game.name
    if name == "marvel":
        from umbrella_lab.games.marvel.actions import card_id

        return [[card_id(state, c) for c in deck] for deck in state.decks]
    if name == "academy":
        return [[state.cards.hero_deck[n].id for n in state.deck]]
    if name == "corporation":
        return [
            [state.cards.hero[n].id for n in state.decks[0]],
            [state.cards.umbrella[n].id for n in state.decks[1]],
        ]
    return []


def id_lists(value: Any) -> list[list[str]]:
    """Every list of texts in a JSON value."""
    found = []
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            found.append(value)
        for item in value:
            found += id_lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            found += id_lists(item)
    return found


def holds_run(lists: list[list[str]], run: list[str]) -> bool:
    """Whether some list holds ``run`` as consecutive items."""
    size = len(run)
    return any(lst[i : i + size] == run for lst in lists for i in range(len(lst) - size + 1))


class Secrets:
    """For each change number, what each seat may not see then (recorded as the table changes)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.by_change: dict[int, dict[str, Any]] = {}
        self.hidden_states = 0
        self.record(table)

    def record(self, table: Table) -> None:
        state = table.state
        seats = {seat: hidden_from(state, seat) for seat in range(table.game.players)}
        if any(seats.values()):
            self.hidden_states += 1
        runs = [deck[:3] for deck in deck_orders(state) if len(deck) >= 3]
        self.by_change[table.serial] = {
            "seats": seats,
            "public": set().union(*seats.values()),
            "runs": runs,
            "over": table.over,
        }

    def check(self, frames: list[str], seat: int | None) -> int:
        """Assert that no frame sent to ``seat`` (None: the teacher) tells a secret."""
        checked = 0
        for text in frames:
            message = json.loads(text)
            if message["type"] != "view":
                continue
            known = self.by_change[message["at"]]
            if known["over"]:  # the end shows the whole game (its record) to everyone
                continue
            secret = known["public"] if seat is None else known["seats"][seat]
            for word in secret:
                assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), (
                    f"seat {seat} was sent {word!r}, hidden from it at change {message['at']}"
                )
            lists = id_lists(message)
            for run_ in known["runs"]:
                assert not holds_run(lists, run_), f"seat {seat} was sent a deck's order {run_}"
            seed = str(self.table.seed)
            assert seed not in text, f"seat {seat} was sent the seed before the end"
            checked += 1
        return checked


async def play_one(table: Table, seats: list[Client], rng: random.Random) -> None:
    """One move of the game: a bot's (waited for), or one chosen from a page's buttons."""
    before = table.serial
    if table.bot_due():
        await until(lambda: table.serial != before or table.over)
        return
    actor = next(s for s in range(table.game.players) if table.may_act(s))
    client = seats[actor]
    await until(lambda: client.view is not None and client.view["at"] == before)
    assert client.view is not None
    client.send(type="move", id=rng.choice(client.view["actions"])["id"], at=before)
    await until(lambda: table.serial != before)


async def play_through(
    server: TableServer, table: Table, seats: list[Client], rng: random.Random, most: int = 900
) -> None:
    """Play the whole game through the seats' pages: each move chosen from a page's buttons."""
    for _ in range(most):
        if table.over:
            break
        await play_one(table, seats, rng)
    assert table.over, f"the game did not end within {most} moves"


@pytest.mark.parametrize(
    ("game", "players", "bots", "options"),
    [
        ("marvel", 4, {3: "heuristic"}, {}),
        ("academy", 4, {}, {"seed": SECRETS_SEED}),
        ("corporation", 2, {}, {}),
        pytest.param("umbrella", 3, {2: "heuristic"}, {}, marks=pytest.mark.slow),  # 14 s
        ("pig", 3, {}, {"goal": 50}),
    ],
)
def test_every_frame_holds_only_its_seats_view(
    tmp_path: Path, game: str, players: int, bots, options
):
    """A whole game through the pages: no frame to a seat holds another seat's hidden cards,
    a deck's order, or the seed before the end; every page gets the summary at the end."""

    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.0, rate=1000).start()
        table = server.open(game, players=players, bots=bots, **{"seed": SEED, **options})
        secrets = Secrets(table)
        server.on_change.append(secrets.record)
        seats, teacher = await seat_clients(server, table)
        readers = await read_all([*seats, teacher])
        await play_through(server, table, seats, random.Random(3))
        for client in [*seats, teacher]:
            await until(lambda c=client: c.view is not None and c.view["at"] == table.serial)
            assert client.view is not None
            assert client.view["summary"]["headline"], "every page shows the summary"
        for seat, client in enumerate(seats):
            assert secrets.check(client.frames, seat) > 0
        assert secrets.check(teacher.frames, None) > 0
        if game in ("corporation", "academy"):
            assert secrets.hidden_states > 0, "the hands were hidden during play"
        for client in [*seats, teacher]:
            client.close()
        for task in readers:
            task.cancel()
        server.stop()

    run(test)


def test_a_seat_view_does_not_depend_on_the_deck_order():
    """The same table with its decks shuffled anew shows each seat the same view."""
    from umbrella_lab.widgets.page import ExplorerPage

    for name, players in (("marvel", 4), ("academy", 4), ("corporation", 2)):
        table = Table(name, players=players, seed=SEED)
        rng = random.Random(1)
        for _ in range(12):  # a few moves in, so that the decks have been drawn from
            table.session.apply(rng.choice(table.state.legal_actions()))
        other = table.state.reshuffled(SEED + 1)
        for seat in range(players):
            page = ExplorerPage(other)
            page.choose_seat(seat)
            seen = unseeded(page.shown["board"])
            assert seen == table.seat_view(seat)["board"], (name, seat)


# --- refusals ---------------------------------------------------------------------------------


def test_refusals_change_nothing_and_send_the_table_as_it_is(tmp_path: Path):
    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.0).start()
        table = server.open("academy", players=3, seed=SEED)
        seats, teacher = await seat_clients(server, table)
        actor = next(s for s in range(3) if table.may_act(s))
        other = (actor + 1) % 3
        mine = seats[actor].view
        assert mine is not None and mine["actions"]
        move = mine["actions"][0]["id"]
        saved = server.store.path(table.id).read_text()  # type: ignore[union-attr]

        # another seat plays the actor's move: refused, with the turn's rule
        seats[other].send(type="move", id=move, at=table.serial)
        refused = await seats[other].next("refused")
        assert refused["rule"] == table.state.rule_for_turn_order or refused["rule"]
        assert "turn" in refused["reason"]
        again = await seats[other].next("view")
        assert again["at"] == table.serial == 0

        # a forged move id: refused with the rule that forbids it
        seats[actor].send(type="move", id="attack/9/no-such-card", at=table.serial)
        refused = await seats[actor].next("refused")
        assert refused["rule"] and refused["reason"]
        await seats[actor].next("view")

        # a stale view: refused, told why, sent the table as it is
        seats[actor].send(type="move", id=move, at=table.serial + 5)
        refused = await seats[actor].next("refused")
        assert refused["rule"] == "table.stale" and "change" in refused["reason"]
        await seats[actor].next("view")

        # a seat may not use the teacher's controls
        seats[actor].send(type="undo", at=table.serial)
        refused = await seats[actor].next("refused")
        assert refused["rule"] == "table.teacher"
        assert table.serial == 0 and table.step == 0
        assert server.store.path(table.id).read_text() == saved  # type: ignore[union-attr]

        # the move itself, then twice on the same view: the second is stale
        seats[actor].send(type="move", id=move, at=0)
        seats[actor].send(type="move", id=move, at=0)
        refused = await seats[actor].next("refused")
        assert refused["rule"] == "table.stale"
        assert table.step == 1

        # why not: a move not allowed now, with its reason and rule
        seats[other].send(type="why", id=move)
        why = await seats[other].next("why")
        assert why["reason"]
        for client in [*seats, teacher]:
            client.close()
        server.stop()

    run(test)


def test_a_wrong_secret_opens_nothing(tmp_path: Path):
    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.0).start()
        table = server.open("pig", players=2, seed=1)
        client = await Client(server.port, table.id).connect()
        client.send(type="hello", role="seat", seat=0, token=table.seat_tokens[1])
        error = await client.next("error")
        assert "secret" in error["error"]
        assert await client.receive() is None  # closed
        assert client.ws is not None and client.ws.close_code == 4003
        teacher = await Client(server.port, table.id).connect()
        teacher.send(type="hello", role="teacher", token=table.seat_tokens[0])
        assert "secret" in (await teacher.next("error"))["error"]
        nobody = await Client(server.port, table.id).connect()
        nobody.send(type="move", id="roll", at=0)
        assert "hello" in (await nobody.next("error"))["error"]
        assert table.step == 0
        server.stop()

    run(test)


def test_a_second_device_takes_the_seat_over_and_a_lost_page_rejoins(tmp_path: Path):
    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.0).start()
        table = server.open("pig", players=2, seed=1)
        first = await Client(server.port, table.id).connect()
        await first.hello("seat", table.seat_tokens[0], 0)
        second = await Client(server.port, table.id).connect()
        view = await second.hello("seat", table.seat_tokens[0], 0)
        notice = await first.next("notice")
        assert notice["about"] == "taken" and "another device" in notice["text"]
        assert await first.receive() is None
        assert first.ws is not None and first.ws.close_code == 4001
        second.send(type="move", id=view["view"]["actions"][0]["id"], at=view["at"])
        moved = await second.next("view")
        assert moved["at"] == 1 and moved["log_from"] == 1 and len(moved["log"]) == 1
        second.close()
        await until(lambda: (table.id, 0) not in server.seated)
        again = await Client(server.port, table.id).connect()
        view = await again.hello("seat", table.seat_tokens[0], 0)
        assert view["at"] == table.serial and view["log_from"] == 0
        assert len(view["log"]) == table.step + 1
        server.stop()

    run(test)


# --- nothing is lost --------------------------------------------------------------------------


def test_saved_before_any_page_is_told_and_resumed_after_a_restart(tmp_path: Path):
    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.0).start()
        table = server.open("marvel", players=4, seed=SEED, bots={2: "heuristic", 3: "heuristic"})
        seats, teacher = await seat_clients(server, table)
        path = server.store.path(table.id)  # type: ignore[union-attr]
        on_disk_when_told = []
        original = teacher.receive

        async def receive(wait: float = 10.0) -> Any:
            message = await original(wait)
            if message and message["type"] == "view":
                on_disk_when_told.append((message["at"], json.loads(path.read_text())["serial"]))
            return message

        teacher.receive = receive  # type: ignore[method-assign]
        readers = await read_all([*seats, teacher])
        rng = random.Random(5)
        for _ in range(6):
            if not table.over:
                await play_one(table, seats, rng)
        await until(lambda: teacher.view is not None and teacher.view["at"] == table.serial)
        assert on_disk_when_told and all(disk >= told for told, disk in on_disk_when_told)
        views = [table.seat_view(s) for s in range(4)]
        serial, step, code = table.serial, table.step, table.seat_codes[1]
        for client in [*seats, teacher]:
            client.close()
        for task in readers:
            task.cancel()
        server.stop()

        # a new server on the same folder: the table where it was, the same links and codes
        again = TableServer(tmp_path, bot_delay=0.0).start()
        resumed = again.tables[table.id]
        assert (resumed.serial, resumed.step) == (serial, step)
        assert [resumed.seat_view(s) for s in range(4)] == views
        page = await Client(again.port, table.id).connect()
        view = await page.hello("seat", table.seat_tokens[1], 1)
        assert view["at"] == serial and len(view["log"]) == step + 1
        assert again.join(code, "127.0.0.1") == (resumed, 1)
        again.stop()

    run(test)


def test_a_file_is_replaced_whole(tmp_path: Path):
    server = TableServer(tmp_path)
    table = Table("pig", players=2, seed=1)
    server.store.save(table)  # type: ignore[union-attr]
    assert [p.name for p in tmp_path.iterdir()] == [f"{table.id}.table.json"]
    assert (tmp_path / f"{table.id}.table.json").stat().st_mode & 0o077 == 0


# --- bad messages -----------------------------------------------------------------------------


def test_bad_messages_get_a_clear_error_and_change_nothing(tmp_path: Path):
    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.0).start()
        table = server.open("pig", players=2, seed=1)
        client = await Client(server.port, table.id).connect()
        await client.hello("seat", table.seat_tokens[0], 0)
        cases = [
            ("not json at all", "not JSON"),
            ("[1, 2]", "JSON object"),
            (json.dumps({"type": "move", "id": "roll", "at": 0}), "version"),
            (json.dumps({"v": 2, "type": "move"}), "version"),
            (json.dumps({"v": 1, "type": "shout"}), "nknown message type"),
            (json.dumps({"v": 1, "type": "move", "id": 7, "at": 0}), "id as text"),
            (json.dumps({"v": 1, "type": "move", "id": "roll", "at": "0"}), "whole number"),
            (json.dumps({"v": 1, "type": "move", "id": "roll", "at": True}), "whole number"),
            (json.dumps({"v": 1, "type": "move", "id": "x" * 500, "at": 0}), "at most"),
            (
                json.dumps({"v": 1, "type": "hello", "role": "seat", "seat": 0, "token": "x"}),
                "hello",
            ),
            ("x" * (protocol.MAX_MESSAGE + 1), "at most"),
            (b"\x00\x01", "binary"),
        ]
        for data, said in cases:
            client.send_raw(data)
            error = await client.next("error")
            assert said in error["error"] and "nothing changed" in error["error"], (data, error)
            await asyncio.sleep(0.12)  # within the rate
        assert table.serial == 0 and table.step == 0

        # a flood: the messages over the rate are refused, the table unchanged
        for _ in range(60):
            client.send(type="ping")
        await client.drain(0.2)
        errors = [m for m in client.messages if m["type"] == "error" and "Too many" in m["error"]]
        assert errors and table.serial == 0

        # a huge payload closes the connection (message too big)
        big = await Client(server.port, table.id).connect()
        big.send_raw("x" * (protocol.HARD_LIMIT + 10))
        assert await big.receive() is None
        assert big.ws is not None and big.ws.close_code == 1009
        assert table.serial == 0
        server.stop()

    run(test)


# --- the teacher ------------------------------------------------------------------------------


def test_the_teacher_pauses_undoes_seats_a_bot_and_ends(tmp_path: Path):
    async def test() -> None:
        server = TableServer(tmp_path, bot_delay=0.05).start()
        table = server.open("pig", players=2, seed=1)
        seats, teacher = await seat_clients(server, table)
        assert teacher.view is not None
        assert teacher.view["links"]["seats"][0]["qr"].startswith("<svg")
        assert "links" not in json.dumps([c.view for c in seats])
        readers = await read_all([*seats, teacher])
        view = seats[0].view
        assert view is not None
        seats[0].send(type="move", id=view["actions"][0]["id"], at=view["at"])
        await until(lambda: table.step == 1)
        teacher.send(type="undo", at=table.serial)
        await until(lambda: table.step == 0)
        teacher.send(type="pause")
        await until(lambda: table.paused)
        teacher.send(type="bot", seat=0, policy="random")
        teacher.send(type="bot", seat=1, policy="random")
        await until(lambda: len(table.bots) == 2)
        await asyncio.sleep(0.2)
        assert table.step == 0, "no bot moves while paused"
        teacher.send(type="resume")
        await until(lambda: table.step >= 2)
        teacher.send(type="bot", seat=0, policy="nobody")
        await until(lambda: any(m["type"] == "refused" for m in teacher.messages))
        teacher.send(type="end")
        await until(lambda: table.over)
        for client in [*seats, teacher]:
            await until(lambda c=client: c.view is not None and c.view["summary"] is not None)
        assert teacher.view is not None and teacher.view["summary"]["record"]["actions"]
        assert teacher.view["summary"]["session"]["format"] == "umbrella-lab/session"
        for task in readers:
            task.cancel()
        server.stop()

    run(test)


# --- pages --------------------------------------------------------------------------------------


def test_pages_and_short_codes(tmp_path: Path):
    async def test() -> None:
        server = TableServer(tmp_path).start()
        table = server.open("academy", players=2, seed=1)
        base = f"http://127.0.0.1:{server.port}"
        http = AsyncHTTPClient()
        for path in ("/", f"/t/{table.id}/seat/1", f"/t/{table.id}/teacher", "/static/table.js"):
            answer = await http.fetch(base + path, request_timeout=10)
            assert answer.code == 200, path
            assert "Content-Security-Policy" in answer.headers
            assert table.seat_tokens[0] not in answer.body.decode()
        board = await http.fetch(f"{base}/t/{table.id}/board.js", request_timeout=10)
        assert b"render" in board.body
        missing = await http.fetch(f"{base}/t/nosuch/seat/0", raise_error=False)
        assert missing.code == 404
        code = quote(table.seat_codes[1].lower().replace("-", " "))
        answer = await http.fetch(
            f"{base}/join?code={code}", follow_redirects=False, raise_error=False
        )
        assert answer.code == 303
        assert answer.headers["Location"].endswith(f"/seat/1#k={table.seat_tokens[1]}")
        codes = []
        for _ in range(25):
            answer = await http.fetch(f"{base}/join?code=WRONG", raise_error=False)
            codes.append(answer.code)
        assert 404 in codes and codes[-1] == 429
        server.stop()

    run(test)


def test_a_table_opened_without_a_seed_is_dealt_from_a_fresh_one():
    """A seed the class can guess (0, the same at every table) would let a student deal the
    same table in the explorer and read every hand and deck: left out, each table draws its
    own, which the seats are told at the end (and ``sim.playtest`` reads from its record)."""
    import inspect

    from umbrella_lab.cli import _parser
    from umbrella_lab.table import table as open_table

    server = TableServer(None)
    seeds = {server.open("pig", players=2).seed for _ in range(4)}
    seeds |= {Table("pig", players=2).seed for _ in range(4)}
    assert len(seeds) == 8 and 0 not in seeds
    assert all(0 < seed < 2**53 for seed in seeds)  # exact in a page's JSON numbers too
    assert server.open("pig", players=2, seed=0).seed == 0  # a seed asked for is kept
    assert inspect.signature(open_table).parameters["seed"].default is None
    assert _parser().parse_args(["table", "pig"]).seed is None


def test_the_command_line_has_a_table_command(capsys: pytest.CaptureFixture[str]):
    from umbrella_lab.cli import main
    from umbrella_lab.table.command import bots_of

    assert main(["table", "--help"]) == 0
    assert "SEAT=POLICY" in capsys.readouterr().out
    assert bots_of(["3=heuristic"]) == {3: "heuristic"}
    with pytest.raises(ValueError, match="SEAT=POLICY"):
        bots_of(["three"])


def test_ul_table_in_a_script_serves_in_a_thread(tmp_path: Path):
    import umbrella_lab as ul

    shown = ul.table("pig", players=2, seed=4, host="127.0.0.1", store=tmp_path, bot_delay=0.0)
    assert shown.address.startswith("http://127.0.0.1:")
    assert "QR code" in shown._repr_html_() and shown.table.seat_codes[0] in shown._repr_html_()
    assert (tmp_path / f"{shown.table.id}.table.json").exists()
    import umbrella_lab.table

    assert callable(umbrella_lab.table) and callable(ul.table)


def test_the_notebook_output_shows_no_seat_code_unless_asked(tmp_path: Path):
    """The teacher's view hides a seat's QR code and code once its student has joined; a
    notebook's output cannot, so it shows none of them outside a disclosure that is closed, for
    when the embedded teacher's view stays blank, and says what to do then."""
    from html.parser import HTMLParser

    import umbrella_lab as ul

    shown = ul.table("pig", players=2, host="127.0.0.1", store=tmp_path, bot_delay=0.0)
    page = shown._repr_html_()
    seats = shown.links["seats"]

    class Reader(HTMLParser):
        """The output's text outside and inside its disclosures, and whether one is open."""

        def __init__(self) -> None:
            super().__init__()
            self.depth, self.opened, self.outside, self.inside = 0, False, [], []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.depth += tag == "details"
            self.opened |= tag == "details" and any(name == "open" for name, _ in attrs)
            (self.inside if self.depth else self.outside).append(f"<{tag}>")
            for name, value in attrs:
                (self.inside if self.depth else self.outside).append(f"{name}={value}")

        def handle_endtag(self, tag: str) -> None:
            self.depth -= tag == "details"

        def handle_data(self, data: str) -> None:
            (self.inside if self.depth else self.outside).append(data)

    reader = Reader()
    reader.feed(page)
    outside, inside = " ".join(reader.outside), " ".join(reader.inside)
    assert not reader.opened and reader.depth == 0
    for seat in seats:
        assert seat["code"] not in outside and seat["link"].split("#")[1] not in outside
        assert seat["code"] in inside and seat["link"].split("#")[1] in inside
    assert "<svg>" in inside and "<svg>" not in outside and "<img>" not in outside  # QR codes
    assert f"src={shown.links['teacher']}" in outside  # the teacher's view, embedded
    assert "project the teacher's view below" in outside
    assert "stays blank" in inside and "open the teacher's view in a tab" in inside
    assert "close this before projecting" in inside


def test_the_command_prints_the_address_students_use(tmp_path: Path):
    """``umbrella-lab table pig --players 2`` prints the address, the teacher's link and the
    seats' links and codes, serves, and resumes the saved table when started again."""
    import socket
    import subprocess
    import sys

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "umbrella_lab.cli", "table"]
    options = ["--host", "127.0.0.1", "--port", str(port), "--store", str(tmp_path)]
    for args in (["pig", "--players", "2", "--bot", "1=random"], []):
        process = subprocess.Popen(
            [*command, *args, *options], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        try:
            lines = []
            assert process.stdout is not None
            for _ in range(20):
                line = process.stdout.readline()
                lines.append(line)
                if line.startswith("Stop with Ctrl+C") or not line:
                    break
            text = "".join(lines)
            assert f"Students open http://127.0.0.1:{port}/ and type their seat's code" in text
            assert "teacher: http://127.0.0.1" in text and "P1: code " in text, text
        finally:
            process.terminate()
            process.wait(20)
    assert len(list(tmp_path.glob("*.table.json"))) == 1  # the second start resumed it


@pytest.mark.slow
def test_ul_table_serves_from_the_kernels_event_loop(tmp_path: Path):
    """In a Jupyter kernel, ``ul.table`` serves from the kernel's own event loop (no thread):
    a page connects while the kernel waits for the next cell."""
    from jupyter_client.manager import start_new_kernel

    manager, kernel = start_new_kernel(kernel_name="python3")
    try:
        code = (
            "import umbrella_lab as ul\n"
            f"t = ul.table('pig', players=2, seed=4, host='127.0.0.1', store={str(tmp_path)!r})\n"
            "print(t.server.port, t.table.id, t.table.seat_tokens[0])"
        )
        found: list[str] = []

        def output(message: dict) -> None:
            if message["msg_type"] == "stream":
                found.append(message["content"]["text"])

        kernel.execute_interactive(code, timeout=60, output_hook=output)
        port, table_id, token = "".join(found).split()

        async def test() -> None:
            client = await Client(int(port), table_id).connect()
            view = await client.hello("seat", token, 0)
            assert view["view"]["you"] == "P1" and view["view"]["actions"]
            client.close()

        run(test, 60)
        found.clear()
        kernel.execute_interactive(
            "print(hasattr(t.server, 'loop'))", timeout=30, output_hook=output
        )
        assert "".join(found).strip() == "False", "served from the kernel's loop, no thread"
    finally:
        kernel.stop_channels()
        manager.shutdown_kernel(now=True)


def test_the_class_tables_against_the_bots_on_the_same_seeds(tmp_path: Path):
    """The record a finished table offers, read back from a file, beside the bots' game."""
    tables = []
    for seed in (3, 4):
        table = Table("academy", players=2, seed=seed, bots={0: "random", 1: "random"})
        for _ in range(2000):
            if table.over:
                break
            table.bot_move()
        tables.append(table)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(tables[1].summary()["record"]))
    found = ul.sim.playtest([tables[0].record(), path], policy="heuristic", context=0)
    frame = found.table
    assert list(frame["seed"]) == [3, 4]
    assert list(frame["class_moves"]) == [t.step for t in tables]
    assert list(frame["class_won"]) == [bool(t.state.result.winners) for t in tables]
    assert frame["bots_moves"].min() > 0


# --- words ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["academy", "corporation", "marvel", "pig", "umbrella"])
def test_the_teachers_bot_menu_names_bots_in_words(game: str):
    """The teacher's menu of bots, and a seat's "a bot plays this seat", say the explorer's
    words for each player (never "hold-at-20" or "mcts"), with a line on how each plays."""
    from tests.test_dashboard import _identifiers
    from umbrella_lab.sim.policies import game_policies
    from umbrella_lab.widgets.views import how_it_plays, player_title

    table = Table(game, seed=3)
    players = game_policies(table.game)
    for seat, name in enumerate(table.policies[: table.game.players]):
        table.set_bot(seat, name)
    view = table.teacher_view()
    words = view["policy_words"]
    assert list(words) == view["policies"] == list(players)
    for name, said in words.items():
        assert said == {"title": player_title(name), "how": how_it_plays(players, name)}
        assert said["how"], name
    shown = [f"bot: {said['title']} {said['how']}" for said in words.values()]
    seats = [table.seat_view(seat) for seat in range(table.game.players)]
    shown += [title for v in [view, *seats] for title in v["bot_titles"].values()]
    assert len(shown) == len(words) + (table.game.players + 1) * len(table.bots)
    for text in shown:
        for name in _identifiers(game):
            assert not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text), (name, text)
    if game == "pig":
        assert words["hold-at-20"]["title"] == "hold at 20"
        assert "roll until the turn total reaches 20" in words["hold-at-20"]["how"]

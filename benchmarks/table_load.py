"""A class of class tables under load: 30 tables of 4 seats, 120 seat clients over websockets.

The server runs in a process of its own (one event loop, as ``umbrella-lab table`` runs it,
saving every table to disk after every move); this process plays 120 seat clients on
127.0.0.1 with tornado's websocket client. Each table's seats take turns: after a think time
the seat whose move it is clicks one of its buttons (a random one), and the benchmark times the
move from the click being sent to the moment *every* seat of the table has the new view (and,
separately, to the mover's own answer). It reports the median, the 95th percentile and the
largest of each, with a 95% interval for the 95th percentile (order statistics), and the
moves per second served.

Usage::

    .venv/bin/python benchmarks/table_load.py              # 30 tables x 4 seats, 40 s
    .venv/bin/python benchmarks/table_load.py --tables 5 --seconds 10 --think 0.5

Every connection is to 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.table_clients import Client  # noqa: E402

SERVER = """
import asyncio, json, sys
from umbrella_lab.table.server import TableServer
store, tables, game, players, ready, durable = sys.argv[1:7]
tables, players, durable = int(tables), int(players), durable == "1"
async def main():
    server = TableServer(store, host="127.0.0.1", bot_delay=0.2, durable=durable)
    opened = [server.open(game, players=players, seed=seed) for seed in range(tables)]
    server.start()
    with open(ready, "w") as out:
        json.dump({"port": server.port, "tables": [
            {"id": t.id, "tokens": t.seat_tokens} for t in opened]}, out)
    await asyncio.Event().wait()
asyncio.run(main())
"""


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) a process has used, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return math.nan
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile_interval(values: list[float], q: float) -> tuple[float, float, float]:
    """The ``q`` quantile of ``values`` with a 95% distribution-free interval (order statistics)."""
    data = sorted(values)
    n = len(data)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    k = q * n
    spread = 1.96 * math.sqrt(n * q * (1 - q))
    low = max(0, math.floor(k - spread) - 1)
    high = min(n - 1, math.ceil(k + spread))
    return data[low], data[min(n - 1, max(0, math.ceil(k) - 1))], data[high]


async def play_table(
    port: int, info: dict[str, Any], until: float, think: float, rng: random.Random, out: dict
) -> None:
    seats = []
    for seat, token in enumerate(info["tokens"]):
        client = await Client(port, info["id"]).connect()
        await client.hello("seat", token, seat)
        seats.append(client)
    arrived: list[dict[int, float]] = [{} for _ in seats]  # change number -> when it arrived
    news = asyncio.Event()  # set at each view that arrives

    async def reader(index: int, client: Client) -> None:
        for _ in range(1_000_000):
            try:
                message = await client.receive(60)
            except Exception:
                return
            if message is None:
                return
            if message["type"] == "view":
                arrived[index].setdefault(message["at"], time.perf_counter())
                news.set()
                out["bytes"] += len(client.frames[-1])
                out["frames"] += 1

    readers = [asyncio.create_task(reader(i, c)) for i, c in enumerate(seats)]
    try:
        while time.monotonic() < until:
            await asyncio.sleep(think * (0.5 + rng.random()))
            ready = [c for c in seats if c.view and c.view["actions"] and not c.view["over"]]
            if not ready:
                if any(c.view and c.view["over"] for c in seats):
                    out["games"] += 1
                    return
                continue
            newest = max(c.view["at"] for c in ready if c.view)
            mover = next(c for c in ready if c.view and c.view["at"] == newest)
            assert mover.view is not None
            at = mover.view["at"]
            sent = time.perf_counter()
            mover.send(type="move", id=rng.choice(mover.view["actions"])["id"], at=at)
            end = time.monotonic() + 10
            while time.monotonic() < end and not all(at + 1 in a for a in arrived):
                news.clear()
                with contextlib.suppress(asyncio.TimeoutError, TimeoutError):
                    await asyncio.wait_for(news.wait(), max(0.0, end - time.monotonic()))
            if all(at + 1 in a for a in arrived):
                out["all"].append(max(a[at + 1] for a in arrived) - sent)
                out["mover"].append(arrived[seats.index(mover)][at + 1] - sent)
            else:
                out["lost"] += 1
    finally:
        for client in seats:
            client.close()
        for task in readers:
            task.cancel()


async def run(args: argparse.Namespace, port: int, tables: list[dict[str, Any]]) -> dict:
    out: dict[str, Any] = {"all": [], "mover": [], "lost": 0, "games": 0, "bytes": 0, "frames": 0}
    began = time.monotonic()
    until = began + args.seconds
    rng = random.Random(args.seed)
    await asyncio.gather(
        *(
            play_table(port, info, until, args.think, random.Random(rng.random()), out)
            for info in tables
        )
    )
    out["seconds"] = time.monotonic() - began
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="marvel")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="save without flushing each file to the disk (still atomic: temp file, replace)",
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="table-load-"))
    ready = folder / "ready.json"
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SERVER,
            str(folder / "store"),
            str(args.tables),
            args.game,
            str(args.players),
            str(ready),
            "0" if args.no_fsync else "1",
        ],
        cwd=ROOT,
    )
    try:
        for _ in range(600):
            if ready.exists() and ready.stat().st_size:
                break
            if process.poll() is not None:
                raise SystemExit("the server stopped before it was ready")
            time.sleep(0.1)
        info = json.loads(ready.read_text())
        cpu_before = cpu_seconds(process.pid)
        out = asyncio.run(
            asyncio.wait_for(run(args, info["port"], info["tables"]), args.seconds + 120)
        )
        server_cpu = cpu_seconds(process.pid) - cpu_before
    finally:
        process.terminate()
        process.wait(10)
    moves = len(out["all"])
    print(
        f"{args.tables} tables x {args.players} seats of {args.game} "
        f"({args.tables * args.players} websocket clients on 127.0.0.1), think time "
        f"{args.think} s, {out['seconds']:.0f} s: {moves} moves timed "
        f"({moves / out['seconds']:.1f} a second), {out['lost']} not answered within 10 s, "
        f"{out['games']} games finished; {out['frames']} views sent, "
        f"{out['bytes'] / max(out['frames'], 1) / 1024:.1f} KiB each on average; "
        f"the server used {server_cpu:.1f} CPU seconds ({server_cpu / out['seconds']:.0%} of a "
        f"core, {server_cpu / max(moves, 1) * 1000:.1f} ms a move, bots' and luck's moves "
        f"included), {'without' if args.no_fsync else 'with'} fsync; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the end"
    )
    for name, key in (("every seat updated", "all"), ("the mover answered", "mover")):
        values = [v * 1000 for v in out[key]]
        if not values:
            continue
        low, p95, high = percentile_interval(values, 0.95)
        print(
            f"  {name}: median {statistics.median(values):.1f} ms, 95th percentile "
            f"{p95:.1f} ms (95% interval {low:.1f} to {high:.1f} ms), largest {max(values):.1f} ms"
        )


if __name__ == "__main__":
    main()

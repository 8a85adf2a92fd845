"""Playtests: the class's tables against the bots, on the same seeds.

A class table (:func:`umbrella_lab.table`) is saved as a record: the game, its options, the
seed of the deal and every move. :func:`playtest` reads one or more of them and plays each
table's seed again with bots in the people's seats, so the class and the bots meet exactly the
same deal, dice and shuffles: a difference comes from the play, not from the luck.

>>> import umbrella_lab as ul
>>> from umbrella_lab.table.model import Table
>>> table = Table("academy", players=3, seed=4, bots={0: "heuristic", 1: "heuristic",
...                                                    2: "heuristic"})
>>> while table.bot_due():
...     _ = table.bot_move()
>>> result = ul.sim.playtest(table.to_dict(), context=20)
>>> bool(result.table.loc[0, "class_won"] == result.table.loc[0, "bots_won"])
True

The bots play a seat the way a class table's bot does (the policy's own generator is seeded
from the table's seed and the move number), so a table the bots played alone is replayed move
for move. The tidy table (:attr:`Playtest.table`) has one row per table; :attr:`Playtest.seats`
one row per table, side and seat (each seat's moves and what they did, read from the game's
events by their rule ids); :attr:`Playtest.comparison` compares the two win rates, paired by
table, with an interval made for few tables; it counts each deal once (tables dealt from one
seed with the same settings are one game for the bots) and leaves out tables no person
played. :attr:`Playtest.context` gives the bots' win rate over many more seeds of the same
settings.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umbrella_lab.engine.core import CHANCE, TEAM, Action, Game, State, load
from umbrella_lab.engine.errors import IllegalActionError, OptionError, RecordError
from umbrella_lab.engine.luck import derive_seed
from umbrella_lab.engine.parts import Played, add_up
from umbrella_lab.engine.play import MAX_MOVES, offered_to, seat_moves
from umbrella_lab.engine.record import FORMAT as RECORD_FORMAT
from umbrella_lab.engine.record import Record
from umbrella_lab.engine.saving import IDS, data_note
from umbrella_lab.sim._later import later
from umbrella_lab.sim.policies import PolicyLike, get_policy, policy_name
from umbrella_lab.sim.simulate import simulate
from umbrella_lab.sim.stats import Z95, _sign_test, wilson

if TYPE_CHECKING:
    import pandas as pd
else:  # imported when a table is first made
    pd = later("pandas")

TABLE_FORMAT = "umbrella-lab/table"
"""The ``format`` field of a saved class table (as :mod:`umbrella_lab.table.store` writes it)."""

TABLE_SUFFIX = ".table.json"
"""How a saved class table's file name ends; a folder is read for every such file."""

LEVEL = 0.05
"""The chance level below which a difference counts as clear (a 95% interval, a 5% test)."""

TOP_EVENTS = 3
"""Events named in each seat's part, most frequent first."""


def fewest_tables(level: float = LEVEL) -> int:
    """The fewest tables that could ever show a clear difference between the class and the bots.

    Even when every table goes the same way (the class wins where the bots lose, or the other
    way round), McNemar's exact test finds that split as likely as ``2 * (1/2)**n`` by chance
    alone; it must fall below ``level``.

    >>> fewest_tables()
    6
    """
    n = 1
    while 2 * 0.5**n >= level:
        n += 1
    return n


def paired_difference(
    only_a: int, only_b: int, n: int, z: float = Z95
) -> tuple[float, float, float]:
    """The difference of two win rates measured on the same tables, with its score interval.

    Tango's asymptotic score interval for the difference of two paired proportions (T. Tango,
    Statistics in Medicine 17, 891-908, 1998): every difference ``d`` whose score test is not
    rejected at the ``z`` level. It uses only the tables where the two sides differ
    (``only_a``: A won and B lost; ``only_b``: the other way round), stays inside -1..1, and
    keeps close to its 95% with few tables, where the textbook interval (plus or minus ``z``
    standard errors) is far too narrow.

    Args:
        only_a: Tables A won and B lost.
        only_b: Tables B won and A lost.
        n: All the tables compared (those where both won or both lost too).
        z: Width in standard errors (1.96 for 95%).

    Returns:
        ``(difference, low, high)``: ``(only_a - only_b) / n`` with its interval;
        ``(nan, -1.0, 1.0)`` for no tables.

    >>> [round(x, 3) for x in paired_difference(0, 0, 3)]
    [0.0, -0.561, 0.561]
    """
    if min(only_a, only_b, n) < 0 or only_a + only_b > n:
        msg = f"need 0 <= only_a + only_b <= n, got {only_a} + {only_b} of {n} tables"
        raise ValueError(msg)
    if n == 0:
        return math.nan, -1.0, 1.0
    estimate = (only_a - only_b) / n

    def score(d: float) -> float:
        # the restricted maximum-likelihood chance that B alone wins, given a difference d
        a = 2.0 * n
        b = -only_a - only_b + (2.0 * n - only_a + only_b) * d
        c = -only_b * d * (1.0 - d)
        q = (math.sqrt(max(b * b - 4.0 * a * c, 0.0)) - b) / (2.0 * a)
        spread = n * (2.0 * q + d * (1.0 - d))
        gap = only_a - only_b - n * d
        if spread <= 0.0:
            return 0.0 if abs(gap) < 1e-12 else math.copysign(math.inf, gap)
        return gap / math.sqrt(spread)

    def solve(inside: float, outside: float) -> float:
        # the score falls as d grows, and is within z of 0 inside the interval: bisect
        for _ in range(60):
            middle = (inside + outside) / 2.0
            if abs(score(middle)) <= z:
                inside = middle
            else:
                outside = middle
        return (inside + outside) / 2.0

    edge = 1e-12
    low = -1.0 if score(-1.0 + edge) <= z else solve(estimate, -1.0 + edge)
    high = 1.0 if score(1.0 - edge) >= -z else solve(estimate, 1.0 - edge)
    return estimate, max(-1.0, low), min(1.0, high)


@dataclass(frozen=True)
class PlaytestComparison:
    """The class's win rate against the bots', on the same tables (same seeds and options).

    Attributes:
        game: The game (or the games, joined by commas).
        bots: The bots' policy name.
        tables: Tables read; compared: the finished ones with a win or loss for both sides.
        class_wins: Tables the class won (of ``compared``); class_rate, class_low,
            class_high: its win rate with its Wilson 95% range.
        bots_wins: Tables the bots won on the same seeds; bots_rate, bots_low, bots_high.
        only_class: Tables the class won and the bots lost; only_bots: the other way round;
            both: both won; neither: both lost.
        difference: ``class_rate - bots_rate``; low, high: its 95% range (Tango's score
            interval for paired outcomes, :func:`paired_difference`).
        p_value: McNemar's exact test: how likely so lopsided a split of the tables that
            differ would be if the class and the bots were equally good (two-sided).
        fewest: The fewest tables that could ever show a clear difference
            (:func:`fewest_tables`).
        verdict: ``"too few tables"``, ``"not clearly different"``, ``"class better"``,
            ``"bots better"``, or ``"no win rate"`` (players win on their own and no table set
            people against bots: someone wins at every table).
        context_games, context_rate, context_low, context_high: The bots over many more seeds
            of the same settings (one setting; ``0`` and NaN when the tables had several).
        notes: What was left out and why.
    """

    game: str
    bots: str
    tables: int
    compared: int
    class_wins: int
    class_rate: float
    class_low: float
    class_high: float
    bots_wins: int
    bots_rate: float
    bots_low: float
    bots_high: float
    only_class: int
    only_bots: int
    both: int
    neither: int
    difference: float
    low: float
    high: float
    p_value: float
    fewest: int
    verdict: str
    context_games: int
    context_rate: float
    context_low: float
    context_high: float
    notes: tuple[str, ...] = field(default_factory=tuple)

    def __str__(self) -> str:
        n = self.compared
        lines = []
        if self.verdict == "no win rate":
            lines.append(
                f"In {self.game} players win on their own, and no table set people against "
                "bots: someone wins at every table, so there is no win rate to compare. "
                "Compare who won (the columns class_winners and bots_winners)."
            )
        elif n == 0:
            lines.append("No finished table that people played to compare yet.")
        else:
            lines.append(
                f"On the same {n} seed{'s' if n != 1 else ''}, the class won {self.class_wins} "
                f"of {n} table{'s' if n != 1 else ''} ({self.class_rate:.0%}, 95% range "
                f"{self.class_low:.0%} to {self.class_high:.0%}) and the bots ({self.bots}) "
                f"{self.bots_wins} ({self.bots_rate:.0%}, {self.bots_low:.0%} to "
                f"{self.bots_high:.0%})."
            )
            lines.append(
                f"Tables won only by the class: {self.only_class}; only by the bots: "
                f"{self.only_bots}. Difference {self.difference * 100:+.0f} points (95% range "
                f"{self.low * 100:+.0f} to {self.high * 100:+.0f}; exact test p = "
                f"{self.p_value:.2f})."
            )
            lines.append(_verdict_words(self))
        if self.context_games:
            lines.append(
                f"For context, the bots won {self.context_rate:.1%} of {self.context_games:,} "
                f"games of the same settings (95% range {self.context_low:.1%} to "
                f"{self.context_high:.1%})."
            )
        lines += list(self.notes)
        return "\n".join(lines)

    def to_frame(self) -> pd.DataFrame:
        """The comparison as a one-row table."""
        row = asdict(self)
        row["notes"] = " ".join(self.notes)
        return pd.DataFrame([row])


def _verdict_words(found: PlaytestComparison) -> str:
    n = found.compared
    if found.verdict == "too few tables":
        return (
            f"Too few tables to tell: even if all {n} had gone the same way, the exact test "
            f"would give p = {2 * 0.5**n:.2f}, not below {LEVEL:.2f}. It takes at least "
            f"{found.fewest} tables, and more, since only the tables where the class and the "
            "bots differ count."
        )
    if found.verdict == "not clearly different":
        return (
            "Not clearly different: the 95% range of the difference holds 0, so these tables "
            "cannot tell the class from the bots."
        )
    who = "the class" if found.verdict == "class better" else "the bots"
    return f"A clear difference: {who} won more often on the same seeds."


@dataclass
class Playtest:
    """The class's tables against the bots on the same seeds: tables, seats and the comparison.

    Attributes:
        table: One row per table: the seed and settings, who played, and for each side
            (``class_`` and ``bots_``) the result, whether the table was won, why it ended,
            the moves, and the game's own end-of-game figures (its ``summary()``).
        seats: One row per table, side and seat: who played it, the moves by kind, the
            seat's win, and its part in words: its moves and what they did in the game's own
            terms (``GameInfo.part``: damage to the villain, Civilians rescued...), as the
            class table's summary gives it; for a game without its own counts, the moves by
            kind and the events they caused.
        events: One row per table, side, who (a seat, the team or luck) and rule: how many
            events of that rule followed their moves.
        comparison: The win rates compared, paired by table, with honest ranges.
        context: The bots over many more seeds of each setting: one row per setting.
    """

    table: pd.DataFrame
    seats: pd.DataFrame
    events: pd.DataFrame
    comparison: PlaytestComparison
    context: pd.DataFrame

    def __str__(self) -> str:
        return str(self.comparison)

    def __repr__(self) -> str:
        found = self.comparison
        return (
            f"Playtest({found.game}, {found.tables} table{'s' if found.tables != 1 else ''} "
            f"against {found.bots}: {found.verdict})"
        )

    def _repr_html_(self) -> str:
        import html

        shown = self.table[
            [
                c
                for c in (
                    "table",
                    "players",
                    "seed",
                    "people",
                    "class_result",
                    "bots_result",
                    "class_moves",
                    "bots_moves",
                )
                if c in self.table.columns
            ]
        ]
        text = "".join(f"<p>{html.escape(line)}</p>" for line in str(self.comparison).split("\n"))
        return f"<div>{text}{shown.to_html(index=False, border=0)}</div>"


# --- reading the tables ------------------------------------------------------------------------


@dataclass
class _Played:
    """One table as read: its game, seed and moves, and which seats people played."""

    name: str
    game: Game
    seed: int
    actions: list[str]
    old_ids: bool
    bots: dict[int, str]
    ended: str
    note: str = ""
    changed_hands: str = ""  # seats played by a person and by a bot in turn, in words

    @property
    def people(self) -> list[int]:
        return [seat for seat in range(self.game.players) if seat not in self.bots]


TableLike = Any
"""A class table as :func:`playtest` takes it: a saved table or record (a dict, a JSON file,
or a :class:`~umbrella_lab.engine.record.Record`), a table (``ul.table(...)`` or its
``.table``), or a folder of saved tables."""


def read_tables(
    tables: TableLike | Iterable[TableLike], games: Mapping[str, Game] | None = None
) -> list[_Played]:
    """Every table given, read and checked (a folder gives each ``*.table.json`` file in it).

    Raises:
        RecordError: a table cannot be read; the message names which one and why.
    """
    items = [tables] if _is_one(tables) else list(tables)
    if not items:
        msg = "playtest: give at least one table (a saved table's file, its dict or a record)"
        raise RecordError(msg)
    read: list[_Played] = []
    for number, item in enumerate(items, 1):
        if isinstance(item, str | Path) and Path(item).is_dir():
            files = sorted(Path(item).glob(f"*{TABLE_SUFFIX}"))
            if not files:
                msg = f"playtest: the folder {item} holds no saved table (*{TABLE_SUFFIX})"
                raise RecordError(msg)
            read += [_read_one(path, f"{path}", games) for path in files]
        else:
            read.append(_read_one(item, f"table {number}", games))
    names = Counter(played.name for played in read)
    seen: Counter[str] = Counter()
    for played in read:  # two tables of one name (two copies of a file): number them
        if names[played.name] > 1:
            seen[played.name] += 1
            played.name = f"{played.name} ({seen[played.name]})"
    return read


def _is_one(tables: Any) -> bool:
    return isinstance(tables, str | Path | Mapping | Record) or not isinstance(tables, Iterable)


def _read_one(item: Any, where: str, games: Mapping[str, Game] | None) -> _Played:
    data: Any = item
    if isinstance(item, str | Path):
        path = Path(item)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise RecordError(f"playtest: {path} cannot be read: {error.strerror}") from None
        except ValueError as error:
            raise RecordError(f"playtest: {path} is not JSON: {error}") from None
        where = path.name
    elif hasattr(item, "table") and hasattr(item.table, "to_dict"):  # a ClassTable
        data = item.table.to_dict()
    elif hasattr(item, "to_dict") and hasattr(item, "bot_move"):  # a Table
        data = item.to_dict()
    if isinstance(data, Record):
        return _from_record(data, _record_name(data, where), {}, "", games)
    if not isinstance(data, Mapping):
        msg = (
            f"playtest: {where} is {type(item).__name__}; give a saved table (its file or "
            "dict), a record, or a table"
        )
        raise RecordError(msg)
    if data.get("format") == TABLE_FORMAT:
        record = Record.from_dict(data.get("record"), f"{where}: field 'record'")
        bots = data.get("bots") or {}
        if not isinstance(bots, Mapping):
            raise RecordError(f"playtest: {where}: field 'bots' must be an object")
        try:
            seats = {int(seat): str(policy) for seat, policy in bots.items()}
        except ValueError:
            msg = f"playtest: {where}: field 'bots' names seats by number, not {list(bots)}"
            raise RecordError(msg) from None
        name = str(data.get("id") or where)
        played = _from_record(record, name, seats, str(data.get("ended") or ""), games)
        played.changed_hands = _changed_hands(played, data.get("makers"), data.get("by_bot"))
        return played
    if data.get("format", RECORD_FORMAT) == RECORD_FORMAT:
        record = Record.from_dict(data, where)
        return _from_record(record, _record_name(record, where), {}, "", games)
    msg = (
        f"playtest: {where} has format {data.get('format')!r}; a saved table has "
        f"{TABLE_FORMAT!r} and a record {RECORD_FORMAT!r}"
    )
    raise RecordError(msg)


def _changed_hands(played: _Played, makers: Any, by_bot: Any) -> str:
    """The seats a person and a bot both played at the table, in words ("" for none).

    The tables are compared by who held each seat at the end; a seat the teacher handed to a
    bot mid-game (or back to a person) was played by both, which the comparison should say.
    """
    if not isinstance(makers, list) or not isinstance(by_bot, list):
        return ""  # a table saved before it kept who made each move
    counts: dict[int, list[int]] = {}  # seat -> [moves by a person, moves by a bot]
    for maker, bot in zip(makers, by_bot, strict=False):
        if isinstance(maker, int) and not isinstance(maker, bool) and maker >= 0:
            counts.setdefault(maker, [0, 0])[bot is True] += 1
    names = played.game.new(played.seed)
    said = [
        f"{names.seat_name(seat)} by a person for {person} moves and by a bot for {bot}"
        for seat, (person, bot) in sorted(counts.items())
        if person and bot and 0 <= seat < played.game.players
    ]
    if not said:
        return ""
    return (
        f"Table {played.name}: {'; '.join(said)}. Each seat counts as played by whoever held it "
        "at the end, for the class and for the bots' replay."
    )


def _record_name(record: Record, where: str) -> str:
    prefix = "class table "
    return record.notes[len(prefix) :] if record.notes.startswith(prefix) else where


def _from_record(
    record: Record,
    name: str,
    bots: dict[int, str],
    ended: str,
    games: Mapping[str, Game] | None,
) -> _Played:
    options = {k: tuple(v) if isinstance(v, list) else v for k, v in record.options.items()}
    try:
        if games and record.game in games:
            game = games[record.game].with_options(record.players, **options)
        else:
            game = load(record.game, record.players, **options)
        game = game.with_luck(record.luck)  # a table saved before the luck draw changed
    except OptionError as error:
        raise RecordError(f"playtest: {name}: {error}") from error
    if game.info.version != record.version:
        msg = (
            f"playtest: {name} was played with {record.game} rules version {record.version}, "
            f"this kit has version {game.info.version}: a seed deals differently"
        )
        raise RecordError(msg)
    for seat in bots:
        if not 0 <= seat < game.players:
            raise RecordError(f"playtest: {name}: a bot sits at seat {seat}, which the game lacks")
    other_data = data_note(record.data, game)
    return _Played(
        name,
        game,
        record.seed,
        list(record.actions),
        record.ids != IDS,
        dict(bots),
        ended,
        f"Table {name}: {other_data}." if other_data else "",
    )


# --- playing the lines -------------------------------------------------------------------------


@dataclass
class _Line:
    """One side's game: the final state, and for each move who made it, its kind, its events."""

    final: State
    actions: list[str] = field(default_factory=list)
    makers: list[int] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    events: list[list[tuple[str, str]]] = field(default_factory=list)
    credits: list[tuple[int, str, int]] = field(default_factory=list)  # the game's own counts


def _replay(played: _Played) -> _Line:
    """The class's line: every move of the record, through the rules."""
    state = played.game.new(played.seed)
    line = _Line(state)
    for number, text in enumerate(played.actions, 1):
        try:
            action = state.parse_action(text, old_ids=played.old_ids)
            after = state.apply(action)
        except IllegalActionError as error:
            msg = f"playtest: {played.name}: move {number} ({text!r}) does not replay: {error}"
            if played.note:
                msg += f" ({played.note})"
            raise RecordError(msg) from error
        _note(line, state, action, after)
        state = after
    line.final = state
    return line


def bot_line(game: Game, seed: int, policies: Mapping[int, Any], team: Any) -> _Line:
    """A game played by bots from ``game.new(seed)`` as a class table's bots play it.

    Each move's policy gets its own generator seeded with ``derive_seed(seed, move number)``,
    as :meth:`umbrella_lab.table.model.Table.bot_move` does; luck is the state's own. So a
    table that bots played alone is played again move for move.

    Args:
        game: The game with its options.
        seed: The table's seed.
        policies: Each seat's fast policy.
        team: The fast policy that makes the team's moves (co-operative games).
    """
    state = game.new(seed)
    line = _Line(state)
    for step in range(MAX_MOVES):
        if state.is_over:
            line.final = state
            return line
        who = state.to_act
        if who == CHANCE:
            key = state._lucky_key()
        else:
            policy = team if who == TEAM else policies[int(who)]  # type: ignore[arg-type]
            choice = state._clone()
            choice.events = None
            rng = random.Random(derive_seed(seed, step))
            key = _offered_key(state, policy(choice, rng), rng)
        action = state.action(key)
        after = state.apply(action)
        _note(line, state, action, after)
        state = after
    msg = f"the game did not end within {MAX_MOVES} moves"
    raise RuntimeError(msg)


def _offered_key(state: State, key: Any, rng: random.Random) -> Any:
    """The bot's move as a class table's bot makes it: from the moves its seat's page offers.

    The policy's move when some seat that decides is offered it (``engine.play.offered_to``);
    else one of the offered moves, picked with ``rng`` in the order of seat, then move id, as
    :meth:`umbrella_lab.table.model.Table.bot_move` picks it.
    """
    who = state.to_act
    seats = list(range(state.game.players)) if who == TEAM else [int(who or 0)]
    if any(offered_to(state, key, seat) for seat in seats):
        return key
    pairs = sorted((seat, a.id) for seat in seats for a in seat_moves(state, seat))
    return state.parse_action(pairs[rng.randrange(len(pairs))][1]).key


def _note(line: _Line, before: State, action: Action, after: State) -> None:
    who = before.to_act
    line.actions.append(action.id)
    line.makers.append(CHANCE if who is None else who)
    line.kinds.append(action.kind)
    line.events.append([(event.rule, event.text) for event in after.events or []])
    part = before.game.info.part
    if part is not None:  # what the move did for whom, in the game's own terms
        seat = who if isinstance(who, int) and who >= 0 else None
        played = Played(before, action.key, after, tuple(after.events or ()), seat)
        line.credits.extend(part(played))


# --- the tables --------------------------------------------------------------------------------


def playtest(
    tables: TableLike | Iterable[TableLike],
    policy: PolicyLike = "heuristic",
    *,
    context: int = 1000,
    context_seed: int = 0,
    games: Mapping[str, Game] | None = None,
) -> Playtest:
    """Compare the class's tables with bots on exactly the same seeds and options.

    Each table's seed is played again with ``policy`` in every seat a person played (a seat a
    bot played at the class table keeps its bot), so both sides meet the same luck.

    Args:
        tables: One or more class tables: a saved table's file (``class-tables/….table.json``)
            or its dict, a record (``Record`` or its dict or file), a table (``ul.table(...)``),
            or a folder of saved tables.
        policy: Who stands in for the people: a policy name the game knows
            (``"heuristic"``, ``"random"``, ...) or a function, as in :func:`simulate`.
        context: Games the bots play on other seeds of each setting, for context (0: none;
            a few seconds for most games, about a minute for Marvel United's heuristic).
        context_seed: The first seed of those games.
        games: Games written in a notebook that the tables played, by name.

    Returns:
        A :class:`Playtest`: ``.table`` (one row per table), ``.seats``, ``.events``,
        ``.comparison`` (``print`` it) and ``.context``.

    Raises:
        RecordError: a table cannot be read or does not replay (the message names it).
        PolicyError: for a policy the game does not have.
    """
    played = read_tables(tables, games)
    rows, seats, events, lines = [], [], [], []
    for table in played:
        game = table.game
        people = table.people
        fast = get_policy(game, policy)
        bots = {seat: get_policy(game, name) for seat, name in table.bots.items()}
        seat_policies = {seat: bots.get(seat, fast) for seat in range(game.players)}
        team = fast if people else bots[min(bots)]
        ours = _replay(table)
        theirs = bot_line(game, table.seed, seat_policies, team)
        lines.append((table, ours, theirs))
        names = [ours.final.seat_name(seat) for seat in range(game.players)]
        row: dict[str, Any] = {
            "table": table.name,
            "game": game.name,
            "players": game.players,
            "options": _options_text(game),
            "seed": table.seed,
            "people": len(people),
            "class_bots": ", ".join(f"{names[s]}: {p}" for s, p in sorted(table.bots.items())),
            "bots_policy": policy_name(policy),
        }
        for side, line in (("class", ours), ("bots", theirs)):
            row.update(_side(side, table, line, names))
            seats += _seats(side, table, line, names, policy_name(policy))
            events += _events(side, table, line, names)
        row["same_result"] = row["class_result"] == row["bots_result"]
        row["same_moves"] = ours.actions == theirs.actions
        rows.append(row)
    frame = _tidy(rows)
    context_frame = _context(played, policy, context, context_seed)
    comparison = _compare(frame, played, policy_name(policy), context_frame)
    happened = pd.DataFrame(
        events, columns=["table", "side", "seat", "name", "rule", "title", "count"]
    )
    happened["seat"] = happened["seat"].astype("Int64")  # no seat: the team's moves, or luck
    return Playtest(
        frame,
        pd.DataFrame(seats),
        happened,
        comparison,
        context_frame,
    )


def _options_text(game: Game) -> str:
    return ", ".join(f"{name}={value!r}" for name, value in sorted(game.changed_options.items()))


def _winner(table: _Played, winners: tuple[int, ...]) -> bool | None:
    """Whether the side won: the team's win, or (players on their own) a person's seat won."""
    if table.game.info.cooperative:
        return bool(winners)
    people = table.people
    if not people or len(people) == table.game.players:
        return None
    return any(seat in people for seat in winners)


def _side(side: str, table: _Played, line: _Line, names: list[str]) -> dict[str, Any]:
    final = line.final
    result = final.result
    out: dict[str, Any] = {}
    if result is None:
        why = table.ended or f"the table stopped after {len(line.makers)} moves, unfinished"
        out |= {
            f"{side}_result": "unfinished",
            f"{side}_won": None,
            f"{side}_winners": [],
            f"{side}_reason": why,
            f"{side}_rule": "table.ended" if table.ended else "",
        }
    else:
        out |= {
            f"{side}_result": _headline(table.game, result.winners, names),
            f"{side}_won": _winner(table, result.winners),
            f"{side}_winners": list(result.winners),
            f"{side}_reason": result.reason,
            f"{side}_rule": result.rule,
        }
        if result.scores:
            out[f"{side}_scores"] = list(result.scores)
    out[f"{side}_moves"] = len(line.makers)
    for key, value in final.summary().items():
        if isinstance(value, bool | int | float | str) or value is None:
            out[f"{side}_{key}"] = value
    return out


def _headline(game: Game, winners: tuple[int, ...], names: list[str]) -> str:
    if winners and game.info.cooperative:
        return "the team wins"
    if winners:
        return " and ".join(names[w] for w in winners) + (" win" if len(winners) > 1 else " wins")
    return "the team loses" if game.info.cooperative else "nobody wins"


def _who(maker: int, names: list[str]) -> tuple[int | None, str]:
    if maker == CHANCE:
        return None, "luck"
    if maker == TEAM:
        return None, "the team"
    return maker, names[maker]


def _seats(
    side: str, table: _Played, line: _Line, names: list[str], policy: str
) -> list[dict[str, Any]]:
    result = line.final.result
    own = add_up(table.game, line.credits) if table.game.info.part is not None else None
    rows = []
    for seat, name in enumerate(names):
        kinds = Counter(k for m, k in zip(line.makers, line.kinds, strict=True) if m == seat)
        caused = Counter(
            rule
            for m, happened in zip(line.makers, line.events, strict=True)
            if m == seat
            for rule, _ in happened
        )
        moves = sum(kinds.values())
        if seat in table.bots:
            who = f"bot ({table.bots[seat]})"
        else:
            who = "person" if side == "class" else f"bot ({policy})"
        part = f"{moves} moves"
        if own is not None:  # the game's own counts (as the class table's summary gives them)
            counted = [f"{what} {n:,}" for what, n in own[seat].items() if n]
            part += "; " + (", ".join(counted) or "nothing counted")
        elif kinds:
            part += " (" + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) + ")"
        if caused and own is None:
            top = ", ".join(f"{r} {n}" for r, n in caused.most_common(TOP_EVENTS))
            part += f"; most events: {top}"
        row: dict[str, Any] = {
            "table": table.name,
            "side": side,
            "seat": seat,
            "name": name,
            "played_by": who,
            "moves": moves,
            "won": None if result is None else seat in result.winners,
            "part": part,
        }
        if result is not None and result.scores:
            row["score"] = result.scores[seat]
        rows.append(row)
    return rows


def _events(side: str, table: _Played, line: _Line, names: list[str]) -> list[list[Any]]:
    counts: Counter[tuple[int, str]] = Counter()
    for maker, happened in zip(line.makers, line.events, strict=True):
        for rule, _ in happened:
            counts[(maker, rule)] += 1
    rules = table.game.rules
    rows = []
    for (maker, rule), count in sorted(counts.items(), key=lambda item: _order(*item[0])):
        seat, name = _who(maker, names)
        found = rules.get(rule)
        rows.append([table.name, side, seat, name, rule, found.title if found else "", count])
    return rows


def _order(maker: int, rule: str) -> tuple[int, int, str]:
    """Seats first (in order), then the team, then luck; rules in order within each."""
    return (maker < 0, abs(maker), rule)


def _tidy(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The rows as a table: the table's columns first, then the class's, then the bots'."""
    frame = pd.DataFrame(rows)
    first = ["table", "game", "players", "options", "seed", "people", "class_bots", "bots_policy"]
    sides = ("result", "won", "winners", "reason", "rule", "scores", "moves")
    ordered = [*first, *(f"{s}_{c}" for c in sides for s in ("class", "bots"))]
    ordered = [c for c in ordered if c in frame.columns]
    ordered += ["same_result", "same_moves"]
    rest = [c for c in frame.columns if c not in ordered]
    facts = sorted(rest, key=lambda c: (c.split("_", 1)[1], c.split("_", 1)[0] != "class"))
    return frame[ordered + facts]


def _context(played: list[_Played], policy: PolicyLike, games: int, seed: int) -> pd.DataFrame:
    """The bots over ``games`` seeds of each setting the tables played (their people's seats)."""
    columns = ["game", "players", "options", "people", "policy", "games", "wins"]
    columns += ["win_rate", "low", "high"]
    if games <= 0:
        return pd.DataFrame(columns=columns)
    rows: list[dict[str, Any]] = []
    done: dict[tuple[Any, ...], pd.DataFrame] = {}
    for table in played:
        game = table.game
        people = tuple(table.people) if not game.info.cooperative else ()
        key = (game.name, game.players, _options_text(game), people)
        if any(row["key"] == key for row in rows):
            continue
        setting = (game.name, game.players, _options_text(game))
        if setting not in done:
            done[setting] = simulate(game, policy, n=games, seed=seed, progress=False)
        frame = done[setting]
        if game.info.cooperative:
            wins = int(frame["won"].sum())
        elif 0 < len(people) < game.players:
            wins = int(sum(any(w in people for w in ws) for ws in frame["winners"]))
        else:
            continue  # someone always wins: no win rate to give
        rate, low, high = wilson(wins, len(frame))
        rows.append(
            {
                "key": key,
                "game": game.name,
                "players": game.players,
                "options": key[2],
                "people": len(table.people),
                "policy": policy_name(policy),
                "games": len(frame),
                "wins": wins,
                "win_rate": rate,
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame([{c: row[c] for c in columns} for row in rows], columns=columns)


def _rate(wins: int, tables: int) -> tuple[float, float, float]:
    """A win rate with its Wilson range; with no table to compare, unknown: anything 0 to 1."""
    return wilson(wins, tables) if tables else (math.nan, 0.0, 1.0)


DEAL = ("game", "players", "options", "seed", "class_bots")
"""The columns that make two tables one deal: the bots replay both as the same game."""


def _one_table_a_deal(usable: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    """The first table of each deal, and a note naming the tables left out.

    Tables dealt from one seed with the same settings (and the same bots in the same seats)
    are one game for the bots, who play it the same way each time: counted at each table,
    one game of the bots would count several times, and the ranges would be too narrow.
    """
    first = ~usable.duplicated(subset=list(DEAL), keep="first")
    notes = []
    for _, group in usable.groupby(list(DEAL), sort=False):
        if len(group) > 1:
            names = ", ".join(map(str, group["table"].iloc[1:]))
            notes.append(
                f"Left out, the same deal as {group['table'].iloc[0]} (the same seed and "
                f"settings, so the bots played the same game there): {names}. Each deal is "
                "counted once; open each table from a seed of its own."
            )
    return usable[first], notes


def _compare(
    frame: pd.DataFrame, played: list[_Played], bots: str, context: pd.DataFrame
) -> PlaytestComparison:
    notes = [table.note for table in played if table.note]
    notes += [table.changed_hands for table in played if table.changed_hands]
    unfinished = frame[frame["class_result"] == "unfinished"]
    if len(unfinished):
        notes.append(
            f"Left out, unfinished: {', '.join(map(str, unfinished['table']))} (a stopped "
            "table has no result to compare)."
        )
    usable = frame[frame["class_won"].notna() & frame["bots_won"].notna()]
    by_bots = usable[usable["people"] == 0]
    if len(by_bots):
        notes.append(
            f"Left out, played by bots only: {', '.join(map(str, by_bots['table']))} (no "
            "person played there, so it tells nothing of the class)."
        )
        usable = usable[usable["people"] > 0]
    usable, repeated = _one_table_a_deal(usable)
    notes += repeated
    no_rate = len(usable) == 0 and all(
        not t.game.info.cooperative and len(t.people) in (0, t.game.players) for t in played
    )
    ours = usable["class_won"].astype(bool)
    theirs = usable["bots_won"].astype(bool)
    n = len(usable)
    only_class = int((ours & ~theirs).sum())
    only_bots = int((~ours & theirs).sum())
    both = int((ours & theirs).sum())
    neither = n - only_class - only_bots - both
    class_rate, class_low, class_high = _rate(int(ours.sum()), n)
    bots_rate, bots_low, bots_high = _rate(int(theirs.sum()), n)
    difference, low, high = paired_difference(only_class, only_bots, n)
    p_value = _sign_test(only_class, only_bots)
    fewest = fewest_tables()
    if no_rate:
        verdict = "no win rate"
    elif n < fewest:
        verdict = "too few tables"
    elif p_value >= LEVEL or low <= 0.0 <= high:
        verdict = "not clearly different"
    else:
        verdict = "class better" if difference > 0 else "bots better"
    context_games, context_rate, context_low, context_high = 0, math.nan, math.nan, math.nan
    if len(context) == 1:
        row = context.iloc[0]
        context_games = int(row["games"])
        context_rate, context_low, context_high = (
            float(row["win_rate"]),
            float(row["low"]),
            float(row["high"]),
        )
    elif len(context) > 1:
        notes.append(
            "The tables played different settings: the bots' rate over many seeds is given "
            "per setting in .context."
        )
    others = sorted({p for t in played for p in t.bots.values() if p != bots})
    if len(context) and others:
        notes.append(
            f"The context's games seat the {bots} bots in every seat, though some tables had "
            f"other bots in theirs ({', '.join(others)}), which the same-seed replays keep."
        )
    return PlaytestComparison(
        game=", ".join(sorted({t.game.info.title for t in played})),
        bots=bots,
        tables=len(frame),
        compared=n,
        class_wins=int(ours.sum()),
        class_rate=class_rate,
        class_low=class_low,
        class_high=class_high,
        bots_wins=int(theirs.sum()),
        bots_rate=bots_rate,
        bots_low=bots_low,
        bots_high=bots_high,
        only_class=only_class,
        only_bots=only_bots,
        both=both,
        neither=neither,
        difference=difference,
        low=low,
        high=high,
        p_value=p_value,
        fewest=fewest,
        verdict=verdict,
        context_games=context_games,
        context_rate=context_rate,
        context_low=context_low,
        context_high=context_high,
        notes=tuple(notes),
    )


__all__ = [
    "Playtest",
    "PlaytestComparison",
    "bot_line",
    "fewest_tables",
    "paired_difference",
    "playtest",
    "read_tables",
]

"""A class table in plain Python: a game, its seats and their secrets, bots, and each seat's view.

>>> from umbrella_lab.table.model import Table, Refusal
>>> table = Table("pig", players=2, seed=5, bots={1: "random"})
>>> view = table.seat_view(0)
>>> view["you"], view["turn"]["seat"]
('P1', 0)
>>> table.move(0, view["actions"][0]["id"], at=view["at"]).depth
1
>>> try:
...     table.move(1, "hold", at=table.serial)
... except Refusal as refusal:
...     print(refusal.rule)
table.bot

Nothing here knows about the network: the server (:mod:`umbrella_lab.table.server`) checks
who sent a message, then calls :meth:`Table.move`, :meth:`Table.undo`... and sends each page
what :meth:`Table.seat_view` or :meth:`Table.teacher_view` gives. Each seat's view comes from
the page model the explorer draws (:class:`~umbrella_lab.widgets.page.ExplorerPage`, viewed
as that seat), so a seat sees exactly what the explorer shows that seat: the game's per-seat
view, and never another seat's hidden cards, the deck's order or the seed that fixes them.
The teacher's view is the *public* table: only what every seat sees alike.
"""

from __future__ import annotations

import hmac
import random
import secrets
import time
from typing import Any

from umbrella_lab.engine.core import CHANCE, TEAM, Game, load
from umbrella_lab.engine.errors import (
    IllegalActionError,
    OptionError,
    RecordError,
    UmbrellaLabError,
)
from umbrella_lab.engine.luck import derive_seed
from umbrella_lab.engine.moves import Action
from umbrella_lab.engine.parts import Played, seat_parts
from umbrella_lab.engine.play import seat_moves
from umbrella_lab.engine.record import Record
from umbrella_lab.engine.saving import jsonable_options
from umbrella_lab.engine.session import Node, Session
from umbrella_lab.sim.policies import game_policies, get_policy
from umbrella_lab.table.turning import BUDGET, TurningPoint, find_turning_point, unclear
from umbrella_lab.widgets.page import ExplorerPage
from umbrella_lab.widgets.views import how_it_plays, player_title

FORMAT = "umbrella-lab/table"
"""The ``format`` field of a saved table."""

FORMAT_VERSION = 1
"""Version of the saved table's layout."""

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a short code: no 0/O or 1/I to mix up when typing."""

CODE_LENGTH = 8
"""Letters in a short code (40 bits: guessing one needs about 10^12 tries)."""

WORKING = "Turning point: being worked out…"
"""What the summary says of the turning point while its playouts run (a second or two)."""

DEAL = "Deal"
"""How the log names the first position (the explorer adds the seed, which a seat may not see)."""


class Refusal(UmbrellaLabError):
    """A request the table refuses: nothing changed.

    Attributes:
        reason: Why, in the table's words.
        rule: The rule that forbids it (a digest id), or ``"table.*"`` for the table's own
            rules (``table.seat``: a page plays its own seat only; ``table.stale``: the page
            showed an older table; ``table.paused``, ``table.ended``, ``table.bot``).
    """

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


def new_token() -> str:
    """An unguessable secret for a link (144 random bits, URL-safe)."""
    return secrets.token_urlsafe(18)


SEED_MOST = 2**53
"""A fresh seed is below this: a JSON number any page reads exactly (a JavaScript number)."""


def fresh_seed() -> int:
    """A seed nobody can guess, for a table opened without one (0 to 2**53 - 1).

    A seed the class could guess (0, the same at every table, or one written in a notebook the
    students have) lets a student deal the same table in the explorer and read every hand and
    every deck. The seats are told the seed at the end, with the record.
    """
    return secrets.randbelow(SEED_MOST)


def new_code() -> str:
    """A short code to type, ``"K7QM-2PXA"``: eight letters from :data:`CODE_LETTERS`."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def same_secret(given: Any, kept: str) -> bool:
    """Whether ``given`` is the secret ``kept``, compared in constant time."""
    if not isinstance(given, str) or not kept:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), kept.encode("utf-8"))


def plain_code(text: str) -> str:
    """A short code as typed, in capitals without spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


class Table:
    """One shared table: a game, one page model per seat, secrets, bots and the moves so far.

    Args:
        game: A registered game's name or a game (``ul.load(...)``, or one written in a
            notebook).
        players: Player count, when ``game`` is a name.
        seed: The seed the table is dealt from (kept from the seats until the game ends);
            None: a fresh one nobody can guess (:func:`fresh_seed`).
        bots: Seats played by a bot: ``{seat: policy name}`` (the game's policies).
        table_id: The table's name in addresses (made up when not given).
        secrets: The saved secrets (``{"teacher", "seats", "codes"}``) of a table read back.
        **options: Rule options, when ``game`` is a name.

    Attributes:
        id: The table's name in addresses.
        game: The game played.
        seed: The seed.
        session: The positions played (the engine's session; undo goes back along it).
        pages: One page model per seat, each viewing the table as its seat.
        bots: The seats bots play, with their policy names. A bot chooses from the moves its
            seat's page offers, as a person would (:meth:`offered`).
        makers: The seat whose page (or bot) made each position's move, by position id.
        by_bot: The positions whose move a bot made: a seat may pass between a person and a
            bot during a game (saved with the table, so a playtest can say so).
        bot_fallbacks: Bot moves chosen from the offered list at random because the policy
            wanted a move the seat is not offered.
        serial: The change number: one more at each move, undo, pause, end or seat change.
            A move or undo must name the change it was made on (stale ones are refused).
        paused: Whether the teacher paused the table (no moves until resumed).
        ended: Why the teacher ended the game early, or ``""``.
        created: When the table was made (seconds since the epoch).

    Raises:
        OptionError: for a bot policy the game does not have or a seat it does not have.
    """

    def __init__(
        self,
        game: str | Game,
        *,
        players: int | None = None,
        seed: int | None = None,
        bots: dict[int, str] | None = None,
        table_id: str | None = None,
        secrets: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        if isinstance(game, str):
            game = load(game, players, **options)
        elif not isinstance(game, Game):
            raise OptionError(f"a table plays a game name or a loaded game, not {game!r}")
        elif players is not None or options:
            game = game.with_options(players, **options)
        self.game = game
        if seed is None:
            seed = fresh_seed()
        self.seed = seed
        self.id = table_id or secrets_id()
        self.session = Session(game, seed)
        self.pages = [ExplorerPage(self.session, policy="random") for _ in range(game.players)]
        for seat, page in enumerate(self.pages):
            page.choose_seat(seat)
        self.names: list[str] = list(self.pages[0].shown["seat_names"])
        bots_here = game_policies(game)
        self.policies = list(bots_here)
        self.policy_words: dict[str, dict[str, str]] = {
            name: {"title": player_title(name), "how": how_it_plays(bots_here, name)}
            for name in self.policies
        }
        """Each bot's name in words and how it plays, in a line, as the explorer's menus say it."""
        self.bots: dict[int, str] = {}
        for seat, policy in (bots or {}).items():
            self._check_bot(seat, policy)
            self.bots[int(seat)] = policy
        kept = secrets or {}
        self.teacher_token: str = kept.get("teacher") or new_token()
        self.seat_tokens: list[str] = list(kept.get("seats") or [])
        self.seat_codes: list[str] = list(kept.get("codes") or [])
        while len(self.seat_tokens) < game.players:
            self.seat_tokens.append(new_token())
        while len(self.seat_codes) < game.players:
            self.seat_codes.append(new_code())
        self.serial = 0
        self.paused = False
        self.ended = ""
        self.created = time.time()
        self._policy_cache: dict[str, Any] = {}
        self._views: dict[Any, dict[str, Any]] = {}  # the views of the change `_views_at`
        self._views_at: tuple[int, int, bool] = (-1, -1, False)  # (change, position, turning)
        self.makers: dict[int, int] = {}  # position -> the seat whose page (or bot) made it
        self.by_bot: set[int] = set()  # the positions a bot's move made (a seat may change hands)
        self.bot_fallbacks = 0  # bot moves chosen from the offered list, not the policy's own
        self.turning: TurningPoint | None = None  # worked out once the game is over
        self._turning_at = -1  # the position it was worked out for

    # --- who is who -------------------------------------------------------------------------
    def seat_of_token(self, seat: Any, token: Any) -> bool:
        """Whether ``token`` is the secret of ``seat`` (constant-time)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            return False
        if not 0 <= seat < self.game.players:
            return False
        return same_secret(token, self.seat_tokens[seat])

    def is_teacher(self, token: Any) -> bool:
        """Whether ``token`` is the teacher's secret (constant-time)."""
        return same_secret(token, self.teacher_token)

    def seat_of_code(self, code: str) -> int | None:
        """The seat whose short code is ``code`` (typed in any case, with or without the dash)."""
        typed = plain_code(code)
        found = None
        for seat, kept in enumerate(self.seat_codes):  # every code compared, in constant time
            if same_secret(typed, plain_code(kept)):
                found = seat
        return found

    # --- the game ---------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The state on the table now."""
        return self.session.state

    @property
    def over(self) -> bool:
        """Whether the game is over (finished by its rules, or ended by the teacher)."""
        return self.state.is_over or bool(self.ended)

    @property
    def step(self) -> int:
        """Moves played so far on the table's line."""
        return self.session.step

    def actions(self) -> list[str]:
        """The ids of the moves played, in order."""
        return [node.action for node in self._line() if node.kind == "move"]

    def _line(self) -> list[Node]:
        line = self.session.line
        return line[: self.session.step + 1]

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` (a person's page) may move now."""
        if self.over or self.paused:
            return False
        who = self.state.to_act
        if who == TEAM:
            return seat not in self.bots
        return who == seat and seat not in self.bots

    def move(self, seat: int, action: str, at: int) -> Node:
        """Play ``action`` (an id or a label) for ``seat``, made on the view of change ``at``.

        Raises:
            Refusal: the view was stale, the table is paused or over, the seat is a bot's or
                not the one to act, or the rules refuse the move (the refusal names the rule).
        """
        self._check_fresh(at, "move")
        self._check_open()
        state = self.state
        if seat in self.bots:
            raise Refusal(
                f"{self.names[seat]} is played by a bot here; this page plays no seat until the "
                "teacher gives it back",
                "table.bot",
            )
        who = state.to_act
        if who != TEAM and who != seat:
            raise Refusal(self._not_yours(seat, who), self._turn_rule())
        if state.hides_from(seat):
            chosen = self._offered_move(seat, action)
            if chosen is None:
                raise Refusal(NOT_OFFERED, self._turn_rule())
        else:
            try:
                chosen = state.parse_action(action)
            except IllegalActionError as error:
                raise Refusal(_capital(error.reason), error.rule or self._turn_rule()) from None
        node = self.session.apply(chosen)
        self.makers[node.id] = seat
        self.serial += 1
        return node

    def why(self, seat: int | None, action: str) -> dict[str, str]:
        """Why ``action`` is or is not allowed now, for ``seat``: ``{label, reason, rule}``.

        ``seat`` None is the teacher's page, which shows the public table: while some seat
        cannot see the whole table, it gets one answer (:data:`TEACHER_WHY`) for any move, as
        a move's label or a rule's reason could name a card in a hand or a deck.
        """
        state = self.state
        if seat is None and any(state.hides_from(s) for s in range(self.game.players)):
            return {"label": "that move", "reason": TEACHER_WHY, "rule": ""}
        if seat is not None and state.hides_from(seat):
            found = self._offered_move(seat, action)
            if found is None:
                return {"label": "that move", "reason": NOT_OFFERED + ".", "rule": ""}
            return {"label": found.label, "reason": "It is allowed now.", "rule": found.rule}
        try:
            chosen = state.parse_action(action)
        except IllegalActionError as error:
            return {"label": action, "reason": _capital(error.reason), "rule": error.rule}
        if seat is not None and state.to_act not in (seat, TEAM, CHANCE, None):
            return {
                "label": chosen.label,
                "reason": self._not_yours(seat, state.to_act),
                "rule": self._turn_rule(),
            }
        return {"label": chosen.label, "reason": "It is allowed now.", "rule": chosen.rule}

    def _offered_move(self, seat: int, action: str) -> Action | None:
        """The move offered to ``seat`` now (its page's buttons) that ``action`` names, or None.

        A seat that may not see the whole table learns nothing else about a move: a text that
        names no offered move gets one answer (:data:`NOT_OFFERED`), whether it names another
        seat's legal move, an illegal one or nothing, since a rule's reason or a list of the
        legal moves could tell of a card in another hand.
        """
        for offered in seat_moves(self.state, seat):
            if action in (offered.id, offered.label):
                return offered
        return None

    def undo(self, at: int) -> Node:
        """Take back the last move, made on the view of change ``at`` (the teacher's control).

        Raises:
            Refusal: stale view, or nothing to undo.
        """
        self._check_fresh(at, "undo")
        if self.ended:
            raise Refusal("the teacher ended the game; nothing more changes", "table.ended")
        if self.state.is_over:
            # the end's summary has shown every page the seed and the record: a game played
            # on from here would be a deal every seat can work out, card by card
            raise Refusal(
                "the game is over and every page has been shown its seed, which tells every "
                "card to come: open a new table to play again",
                "table.ended",
            )
        if not self.session.can_undo:
            raise Refusal("nothing to undo: this is the deal", "table.undo")
        node = self.session.undo()
        self.serial += 1
        return node

    def pause(self, paused: bool) -> None:
        """Pause the table (no moves, no bots) or resume it."""
        if self.paused != paused:
            self.paused = paused
            self.serial += 1

    def end(self) -> None:
        """End the game now (the teacher's control): no more moves; the summary shows."""
        if self.ended or self.state.is_over:
            raise Refusal("the game is already over", "table.ended")
        self.ended = f"The teacher ended the game after {self.step} moves."
        self.serial += 1

    def set_bot(self, seat: int, policy: str | None) -> None:
        """Let a bot play ``seat`` with ``policy``, or give the seat back to a person (None).

        Raises:
            Refusal: a seat or policy the table does not have.
        """
        if policy is None:
            self._check_seat(seat)
            self.bots.pop(seat, None)
        else:
            try:
                self._check_bot(seat, policy)
            except OptionError as error:
                raise Refusal(str(error), "table.bot") from None
            self.bots[seat] = policy
        self.serial += 1

    # --- bots and luck ----------------------------------------------------------------------
    def bot_due(self) -> bool:
        """Whether a bot (or luck) moves next: the table is running and a bot seat acts."""
        if self.over or self.paused:
            return False
        who = self.state.to_act
        if who == CHANCE:
            return True
        if who == TEAM:
            return len(self.bots) == self.game.players
        return who in self.bots

    def bot_move(self) -> Node:
        """Let the bot (or luck) whose turn it is make its move.

        Raises:
            Refusal: no bot moves now.
        """
        if not self.bot_due():
            raise Refusal("no bot moves now", "table.bot")
        state = self.state
        who = state.to_act
        if who == CHANCE:
            node = self.session.roll()
        else:
            seat, action = self._bot_choice()
            node = self.session.apply(action)
            self.makers[node.id] = seat
            self.by_bot.add(node.id)
        self.serial += 1
        return node

    def _bot_choice(self) -> tuple[int, str]:
        """The bot's seat and move: one of the moves that seat's page offers (:meth:`offered`).

        A bot chooses from the same list a person in its seat would: the policy's move when the
        seat's page offers it; else (a move using a card the seat may not see, such as another
        hero's Hero Boost under Family Secrets) one of the offered moves, at random from the
        table's seeded luck (in the order of seat, then move id, as ``sim.playtest`` replays a
        bots' table). When the team decides and bots play every seat, the move is made by the
        first bot seat whose page offers it.
        """
        state = self.state
        who = state.to_act
        seats = sorted(self.bots) if who == TEAM else [who]
        first = seats[0]
        policy = self._policy(self.bots[first])
        rng = random.Random(derive_seed(self.seed, self.step))
        choice = state._clone()
        choice.events = None
        chosen = policy(choice, rng)
        wanted = next((a.id for a in state.legal_actions() if a.key == chosen), "")
        lists = {seat: [a["id"] for a in self.offered(seat)] for seat in seats}
        for seat in seats:
            if wanted in lists[seat]:
                return seat, wanted
        self.bot_fallbacks += 1
        pairs = sorted((seat, action) for seat in seats for action in lists[seat])
        if not pairs:  # pragma: no cover - a seat to act always has a move
            raise Refusal("no move is offered to the bot's seat", "table.bot")
        return pairs[rng.randrange(len(pairs))]

    def _policy(self, name: str) -> Any:
        if name not in self._policy_cache:
            self._policy_cache[name] = get_policy(self.game, name)
        return self._policy_cache[name]

    # --- what each page shows -----------------------------------------------------------------
    def seat_view(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s page shows: its own view of the table, its moves, the turn.

        Built from the seat's page model; the explorer's seed-bearing title is left out. Made
        once a change (every page of the seat is sent the same view).
        """
        return self._cached(seat, lambda: self._seat_view(seat))

    def _cached(self, key: Any, make: Any) -> dict[str, Any]:
        node = self.session.node.id
        now = (self.serial, node, self._turning_at == node)  # (the turning point comes later)
        if self._views_at != now:
            self._views, self._views_at = {}, now
        if key not in self._views:
            self._views[key] = make()
        return self._views[key]

    def offered(self, seat: int) -> list[dict[str, Any]]:
        """The moves ``seat``'s page lists now, as buttons: the same for a person and a bot.

        The seat's own legal moves as the explorer shows them to that seat (none while another
        seat decides; none that would use a card the seat may not see), and, when the team
        decides, the team's moves that are the whole team's or this seat's own. Empty while the
        game is over or paused. Made once a change.
        """
        return self._cached(("offered", seat), lambda: {"actions": self._offered(seat)})["actions"]

    def _offered(self, seat: int) -> list[dict[str, Any]]:
        if self.over or self.paused:
            return []
        state = self.state
        who = state.to_act
        if who != TEAM and who != seat:
            return []
        shown = self.pages[seat].shown
        if shown["status"]["private_all"] and who == TEAM:
            # the explorer keeps a team's choices private from a seat that cannot see the
            # whole table; here every seat is one of the team, and makes the team's moves
            # that are the whole team's or its own (a move naming another seat, such as that
            # hero's discard, names a card in a hand this seat may not see)
            return [
                _action({"id": a.id, "label": a.label, "short": a.label, "rule": a.rule})
                for a in seat_moves(state, seat)
            ]
        return [_action(a) for a in shown["actions"]]

    def _seat_view(self, seat: int) -> dict[str, Any]:
        page = self.pages[seat]
        shown = page.shown
        mine = self.may_act(seat)
        status = shown["status"]
        actions = self.offered(seat) if mine else []
        view = {
            **self._common(),
            "role": "seat",
            "seat": seat,
            "you": self.names[seat],
            "board": unseeded(shown["board"]),
            "changed": status["changed"],
            "actions": actions,
            "why_not": shown["unavailable"] if mine else [],
            "private": status["private"] if not actions else 0,
        }
        return view

    def teacher_view(self) -> dict[str, Any]:
        """What the teacher's (projected) page shows: only what every seat sees alike."""
        return self._cached("teacher", self._teacher_view)

    def _teacher_view(self) -> dict[str, Any]:
        boards = [page.shown["board"] for page in self.pages]
        changed = [set(page.shown["status"]["changed"]) for page in self.pages]
        return {
            **self._common(),
            "role": "teacher",
            "seat": None,
            "you": "Teacher",
            "board": unseeded(common(boards)),
            "changed": sorted(set.intersection(*changed)) if changed else [],
            "actions": [],
            "why_not": [],
            "policies": self.policies,
            "policy_words": self.policy_words,
        }

    def log(self) -> list[dict[str, Any]]:
        """The log in the table's words: each position with its move and events.

        The same for every seat (the explorer's log does not depend on the seat viewing); the
        deal's entry is named without its seed.
        """
        return self._cached("log", self._log)  # type: ignore[return-value]

    def _log(self) -> list[dict[str, Any]]:
        entries = []
        for entry in self.pages[0].shown["events"]:
            item = {
                "node": entry["node"],
                "step": entry["step"],
                "label": DEAL if entry["kind"] == "deal" else entry["label"],
                "rule": entry["rule"] or "",
                "events": [list(e) for e in entry["events"]],
            }
            entries.append(item)
        return entries

    def _common(self) -> dict[str, Any]:
        state = self.state
        who = state.to_act
        over = self.over
        if over:
            turn = {"seat": None, "who": "", "bot": False, "luck": False, "team": False}
        elif who == CHANCE:
            turn = {"seat": None, "who": "Luck", "bot": True, "luck": True, "team": False}
        elif who == TEAM:
            turn = {
                "seat": None,
                "who": "The team",
                "bot": len(self.bots) == self.game.players,
                "luck": False,
                "team": True,
            }
        else:
            turn = {
                "seat": who,
                "who": self.names[who] if who is not None else "",
                "bot": who in self.bots,
                "luck": False,
                "team": False,
            }
        return {
            "table": self.id,
            "title": f"{self.game.info.title} · {self.game.players} players",
            "game": self.game.name,
            "names": self.names,
            "at": self.serial,
            "step": self.step,
            "turn": turn,
            "paused": self.paused,
            "over": over,
            "ended": self.ended,
            "result": None if state.result is None else state.result.to_dict(),
            "bots": {str(seat): policy for seat, policy in sorted(self.bots.items())},
            "bot_titles": {
                str(seat): player_title(policy) for seat, policy in sorted(self.bots.items())
            },
            "summary": self.summary() if over else None,
        }

    # --- the end ----------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """The end of the game in the table's words: who won and why, each seat's part.

        Only once the game is over (it names the seed and offers the whole game as a record).
        Made once a change (every page's view holds it).
        """
        return self._cached("summary", self._summary)

    def _summary(self) -> dict[str, Any]:
        state = self.state
        result = state.result
        if result is not None:
            if result.winners and self.game.info.cooperative:
                headline = "The team wins"
            elif result.winners:
                headline = " and ".join(self.names[w] for w in result.winners) + " win"
                if len(result.winners) == 1 and not _plural_name(self.names[result.winners[0]]):
                    headline += "s"
            else:
                headline = "The team loses" if self.game.info.cooperative else "Nobody wins"
            why = _capital(result.reason)
            rule = result.rule
        else:
            headline, why, rule = "The game was stopped", self.ended, "table.ended"
        parts = self.parts()
        facts = {
            key: value
            for key, value in state.summary().items()
            if isinstance(value, int | float | str | bool) or value is None
        }
        return {
            "headline": headline,
            "why": why,
            "rule": rule,
            "moves": self.step,
            "seats": parts,
            "facts": facts,
            "turning_point": self.turning_point(),
            "turning": (
                self.turning.to_dict() if self.turning is not None and self.turning_known else None
            ),
            "seed": self.seed,
            "record": self.record().to_dict(),
            "session": self.session_record(),
        }

    def played(self) -> list[Played]:
        """The moves on the table's line, each with the table before and after it and its maker."""
        steps = []
        for node in self._line():
            if node.kind != "move" or node.parent is None:
                continue
            before = node.parent.state
            maker = self.makers.get(node.id)
            if maker is None and isinstance(before.to_act, int) and before.to_act >= 0:
                maker = before.to_act
            move = before.parse_action(node.action).key
            steps.append(Played(before, move, node.state, tuple(node.events), maker))
        return steps

    def parts(self) -> list[dict[str, Any]]:
        """Each seat's part in the game: its moves, and what they did in the game's own terms.

        The game's own counts come from its ``GameInfo.part`` (damage dealt, civilians
        rescued, points banked...); a game without one (written in a notebook) is described
        by each seat's moves by kind and the rules those moves caused.
        """
        played = self.played()
        own = seat_parts(self.game, played)
        moves = [0 for _ in self.names]
        kinds: list[dict[str, int]] = [{} for _ in self.names]
        caused: list[dict[str, int]] = [{} for _ in self.names]  # rule -> events, by seat
        for step in played:
            seat = step.seat
            if seat is None or not 0 <= seat < len(moves):
                continue
            moves[seat] += 1
            kinds[seat][step.move.kind] = kinds[seat].get(step.move.kind, 0) + 1
            for event in step.events:
                caused[seat][event.rule] = caused[seat].get(event.rule, 0) + 1
        result = self.state.result
        titles = _rule_titles(self.game)
        parts = []
        for seat, name in enumerate(self.names):
            who = f"{name}{' (bot)' if seat in self.bots else ''}"
            if own is not None:
                counts = own[seat]
                named = [f"{what} {count:,}" for what, count in counts.items() if count]
                detail = ", ".join(named) or "nothing counted"
            else:
                counts = {}
                often = sorted(caused[seat].items(), key=lambda item: (-item[1], item[0]))[:3]
                detail = ", ".join(f"{titles.get(rule, rule)} ({n})" for rule, n in often)
                detail = f"what their moves did most: {detail}" if detail else ""
            said = f"{moves[seat]} moves"
            if result is not None and result.scores:
                said += f", final score {result.scores[seat]:,}"
            said += f"; {detail}" if detail else ""
            parts.append(
                {
                    "seat": seat,
                    "name": name,
                    "bot": self.bots.get(seat, ""),
                    "moves": moves[seat],
                    "kinds": dict(kinds[seat]),
                    "events": dict(caused[seat]),
                    "counts": dict(counts),
                    "who": who,
                    "said": said,
                    "text": f"{who}: {said}",
                }
            )
        return parts

    @property
    def turning_known(self) -> bool:
        """Whether the turning point of the position on the table has been worked out."""
        return self.turning is not None and self._turning_at == self.session.node.id

    def turning_point(self) -> str:
        """The turning point in words, once worked out (:meth:`work_out_turning_point`).

        ``""`` while the game runs or when the teacher stopped it; a note while it is being
        worked out.
        """
        if self.state.result is None:
            return ""
        if self.turning is None or not self.turning_known:
            return WORKING
        return self.turning.text

    def no_turning_point(self, why: str) -> None:
        """Give up on the turning point of the position on the table, saying ``why``."""
        self.turning = unclear(f"No turning point: {why}.")
        self._turning_at = self.session.node.id

    def work_out_turning_point(self, budget: float = BUDGET) -> TurningPoint | None:
        """Find the move that changed the winner's (or the team's) chance to win the most.

        Playouts of the game's bots from positions along the game estimate the chance
        (:func:`~umbrella_lab.table.turning.find_turning_point`), within ``budget`` seconds;
        the server runs this in a worker thread when a game ends. Kept until the table
        changes. ``None`` while the game is not over by its rules.
        """
        state = self.state
        result = state.result
        if result is None:
            return None
        at = self.session.node.id
        if self.turning is not None and self.turning_known:
            return self.turning
        line = self._line()
        if self.game.info.cooperative:
            winner: int | None = -1
            side = "the team"
        elif result.winners:
            winner = result.winners[0]
            side = self.names[winner]
        else:
            winner, side = None, ""
        found = find_turning_point(
            self.game,
            [node.state for node in line],
            [node.label or node.action for node in line[1:]],
            winner=winner,
            seed=derive_seed(self.seed, len(line)),
            budget=budget,
            side=side,
        )
        self.turning, self._turning_at = found, at
        return found

    def record(self) -> Record:
        """The game so far as a record (game, options, seed, moves), to replay it exactly."""
        line = [node for node in self._line() if node.kind == "move"]
        return Record.of(
            self.game,
            self.seed,
            [n.action or "" for n in line],
            [n.label or "" for n in line],
            notes=f"class table {self.id}",
        )

    def session_record(self) -> dict[str, Any]:
        """The game as a saved session, which the explorer opens (``ul.Session.load``)."""
        try:
            return self.session.to_dict()
        except RecordError:  # pragma: no cover - a table always starts at a deal
            return {}

    # --- saving -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-able data: the record of its moves, its seats and secrets."""
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "id": self.id,
            "created": self.created,
            "game": self.game.name,
            "players": self.game.players,
            "options": jsonable_options(self.game.changed_options),
            "seed": self.seed,
            "record": self.record().to_dict(),
            "bots": {str(seat): policy for seat, policy in sorted(self.bots.items())},
            "makers": [
                self.makers.get(node.id, -1) for node in self._line() if node.kind == "move"
            ],
            "by_bot": [node.id in self.by_bot for node in self._line() if node.kind == "move"],
            "serial": self.serial,
            "paused": self.paused,
            "ended": self.ended,
            "secrets": {
                "teacher": self.teacher_token,
                "seats": self.seat_tokens,
                "codes": self.seat_codes,
            },
        }

    @classmethod
    def from_dict(cls, data: Any, games: dict[str, Game] | None = None) -> Table:
        """A table read back from :meth:`to_dict`, its moves replayed through the rules.

        ``games`` gives games that are not registered (written in a notebook), by name.

        Raises:
            RecordError: a field is missing or wrong, or a move does not replay.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"a saved table has format {FORMAT!r}")
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(f"saved table layout {data.get('format_version')!r} is not known")
        for name, kind in (("id", str), ("game", str), ("players", int), ("seed", int)):
            if not isinstance(data.get(name), kind):
                raise RecordError(f"saved table: field {name!r} must be {kind.__name__}")
        record = Record.from_dict(data.get("record"), f"table {data['id']}")
        options = data.get("options") or {}
        known = games or {}
        try:
            if data["game"] in known:
                game: Game = known[data["game"]].with_options(data["players"], **options)
            else:
                game = load(
                    data["game"],
                    data["players"],
                    **{k: tuple(v) if isinstance(v, list) else v for k, v in options.items()},
                )
            game = game.with_luck(record.luck)  # a table saved before the luck draw changed
        except OptionError as error:
            raise RecordError(f"table {data['id']}: {error}") from error
        bots = data.get("bots") or {}
        secrets_kept = data.get("secrets") or {}
        table = cls(
            game,
            seed=data["seed"],
            bots={int(seat): policy for seat, policy in bots.items()},
            table_id=data["id"],
            secrets=secrets_kept,
        )
        makers = data.get("makers") or []
        by_bot = data.get("by_bot") or []  # (a table saved before it was kept: none known)
        for number, action in enumerate(record.actions, 1):
            try:
                node = table.session.apply(action)
                maker = makers[number - 1] if number - 1 < len(makers) else -1
                if isinstance(maker, int) and 0 <= maker < game.players:
                    table.makers[node.id] = maker
                if number - 1 < len(by_bot) and by_bot[number - 1] is True:
                    table.by_bot.add(node.id)
            except IllegalActionError as error:
                raise RecordError(
                    f"table {data['id']}: move {number} ({action!r}) does not replay: {error}"
                ) from error
        table.serial = int(data.get("serial", len(record.actions)))
        table.paused = bool(data.get("paused", False))
        table.ended = str(data.get("ended", ""))
        table.created = float(data.get("created", table.created))
        return table

    # --- checks -----------------------------------------------------------------------------
    def _check_fresh(self, at: int, what: str) -> None:
        if at != self.serial:
            raise Refusal(
                f"your page showed the table as it was at change {at}; it is at change "
                f"{self.serial} now, so the {what} was not made: here is the table as it is",
                "table.stale",
            )

    def _check_open(self) -> None:
        if self.ended:
            raise Refusal("the teacher ended the game; no more moves", "table.ended")
        if self.state.is_over:
            result = self.state.result
            raise Refusal("the game is over; no more moves", result.rule if result else "")
        if self.paused:
            raise Refusal("the teacher paused the table; wait for it to resume", "table.paused")

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise Refusal(f"a seat is a whole number, not {seat!r}", "table.seat")
        if not 0 <= seat < self.game.players:
            raise Refusal(
                f"there is no seat {seat}; the seats are 0 to {self.game.players - 1}",
                "table.seat",
            )

    def _check_bot(self, seat: Any, policy: Any) -> None:
        if isinstance(seat, str) and seat.isdigit():
            seat = int(seat)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise OptionError(f"a bot's seat is a whole number, not {seat!r}")
        if not 0 <= seat < self.game.players:
            raise OptionError(
                f"there is no seat {seat} for a bot; the seats are 0 to {self.game.players - 1}"
            )
        if policy not in self.policies:
            raise OptionError(
                f"{self.game.name}: no bot policy {policy!r}; the policies are "
                f"{', '.join(self.policies)}"
            )

    def _not_yours(self, seat: int, who: Any) -> str:
        mine = self.names[seat]
        if who == CHANCE:
            return f"luck decides now, not {mine}"
        if who is None:
            return "the game is over"
        return f"it is {self.names[who]}'s turn to decide, not {mine}'s: a page plays its own seat"

    def _turn_rule(self) -> str:
        state = self.state
        return state.rule_for_turn_order or state.rule_for_unknown_action or "table.seat"


def secrets_id() -> str:
    """A new table's name in addresses (not a secret: six letters and digits)."""
    return "".join(secrets.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(6))


def common(values: list[Any]) -> Any:
    """What every value agrees on: equal parts kept, parts that differ replaced by None.

    The public table is what every seat sees alike: where one seat's view shows its own hand
    and the others' views show none, the public view shows none.

    >>> common([{"a": 1, "hand": [3, 4]}, {"a": 1, "hand": None}])
    {'a': 1, 'hand': None}
    """
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values) and all(v.keys() == first.keys() for v in values):
        return {key: common([v[key] for v in values]) for key in first}
    if all(isinstance(v, list) for v in values) and all(len(v) == len(first) for v in values):
        return [common([v[i] for v in values]) for i in range(len(first))]
    return None


SEED_KEYS = frozenset({"seed", "luck_seed"})
"""Fields a board may carry that name the seed: left out of every page's view until the end
(the seed fixes the whole deal, so a page that knew it could work out every hidden card)."""


def unseeded(board: Any) -> Any:
    """A board view without its fields named in :data:`SEED_KEYS`.

    The games' board models carry the seed at their top, as their snapshots do; the tests
    read every frame sent over whole games for the seed.

    >>> unseeded({"seed": 7, "round": 1})
    {'round': 1}
    """
    if isinstance(board, dict) and not SEED_KEYS.isdisjoint(board):
        return {k: v for k, v in board.items() if k not in SEED_KEYS}
    return board


def _rule_titles(game: Game) -> dict[str, str]:
    """Each rule id's title in the game's digest (none for a game without one)."""
    try:
        return {rule.id: rule.title for rule in game.rules.values()}
    except (FileNotFoundError, ModuleNotFoundError, AttributeError):
        return {}


NOT_OFFERED = "That is not one of the moves offered to you now"
"""The one answer to a seat that may not see the whole table, for a move not offered to it."""


TEACHER_WHY = (
    "The teacher's page shows only what every seat sees, and a seat cannot see the whole "
    "table now: ask from that seat's page."
)
"""The teacher's one answer to "why?" while some seat cannot see the whole table."""


def _action(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: entry.get(key, "") for key in ("id", "label", "short", "lead", "rule", "group")}


def _plural_name(name: str) -> bool:
    """Whether a seat's name is a plural ("Heroes win", but "P1 wins", "The Kraken wins")."""
    return name.endswith("s") and not name.endswith("ss")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]

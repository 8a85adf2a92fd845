"""Golden games: seeded games written down move by move, to prove that a change keeps play.

Each *scenario* is a game, a player count, rule options, a policy and a range of seeds. Played
through the public face (``new``, ``legal_actions``, ``apply``, ``roll``), every game gives a
*transcript*: the setup events, then for every move its label and the events it caused (text
and rule id), then the result and the final table. Played through the simulations
(``sim.simulate``), it gives one row per game. ``digests.json`` keeps a SHA-256 of each
scenario's transcripts and rows; ``playthroughs/`` keeps one whole transcript per game and
player count as text, for people to read and diff in review.

Two kinds of chooser play the transcripts:

* ``"labels"``: a seeded random choice among the legal labels *sorted*, so the games do not
  depend on the order in which the rules list their moves;
* a name of the game's own policies (``"random"``, ``"heuristic"``...): the very moves the
  simulations would make.

Run ``python tests/golden/regenerate.py`` after an intended rule change and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import umbrella_lab as ul
from umbrella_lab.engine.core import CHANCE, REGISTRY
from umbrella_lab.games import GAMES

HERE = Path(__file__).resolve().parent
DIGESTS = HERE / "digests.json"
PLAYTHROUGHS = HERE / "playthroughs"
MAX_MOVES = 20_000


@dataclass(frozen=True)
class Scenario:
    """A set of seeded games played the same way."""

    game: str
    players: int
    policy: str
    seeds: tuple[int, int]
    options: dict[str, Any] = field(default_factory=dict)
    mode: str = "log"  # "log": transcripts through the public face; "sim": simulation rows

    @property
    def key(self) -> str:
        """A readable key, e.g. ``academy/3p/heuristic/log/0-40/turn_order=team``."""
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "-"
        return (
            f"{self.game}/{self.players}p/{self.policy}/{self.mode}/"
            f"{self.seeds[0]}-{self.seeds[1]}/{opts}"
        )


def _policy(name: str, policy: str):
    from umbrella_lab.sim.policies import get_policy

    return get_policy(name, policy)


def transcript(game: ul.Game, seed: int, policy: str) -> Iterator[str]:
    """The lines of one game played through the public face."""
    state = game.new(seed)
    rng = random.Random(seed)
    chooser = None if policy == "labels" else _policy(game.name, policy)
    for event in state.events:
        yield f"  [{event.rule}] {event.text}"
    for step in range(1, MAX_MOVES):
        if state.is_over:
            break
        if state.to_act == CHANCE:
            state = state.roll()
            yield f"{step}. luck: {state_history_label(state)}"
        else:
            if chooser is None:  # the actions by label, so that labels are made once a step
                by_label = {str(a): a for a in state.legal_actions()}
                choice: Any = by_label[rng.choice(sorted(by_label))]
            else:
                choice = state.parse_action(chooser(state, rng))
            label = str(choice)
            state = state.apply(choice)
            yield f"{step}. {label}"
        for event in state.events:
            yield f"  [{event.rule}] {event.text}"
    else:  # pragma: no cover
        raise AssertionError(f"{game.name} seed {seed}: no end within {MAX_MOVES} moves")
    yield f"result: {json.dumps(state.result.to_dict(), sort_keys=True)}"
    yield f"table: {json.dumps(state.to_dict(), sort_keys=True)}"


def state_history_label(state: Any) -> str:
    """The outcome of the luck step just taken, in words (its first event)."""
    return state.events[0].text if state.events else "(no event)"


def digest(scenario: Scenario) -> tuple[str, int]:
    """SHA-256 of a scenario's transcripts (or rows) and the number of lines hashed."""
    sha = hashlib.sha256()
    lines = 0
    game = ul.load(scenario.game, players=scenario.players, **scenario.options)
    start, stop = scenario.seeds
    if scenario.mode == "sim":
        frame = ul.sim.simulate(
            game, policy=scenario.policy, n=stop - start, seed=start, workers=1, progress=False
        )
        for row in frame.to_dict(orient="records"):
            text = json.dumps(row, sort_keys=True, default=str)
            sha.update(text.encode() + b"\n")
            lines += 1
        return sha.hexdigest(), lines
    for seed in range(start, stop):
        sha.update(f"seed {seed}\n".encode())
        for line in transcript(game, seed, scenario.policy):
            sha.update(line.encode() + b"\n")
            lines += 1
    return sha.hexdigest(), lines


def _policies(name: str) -> list[str]:
    """The game's policies by name, without ``"heuristic"`` where it only names another one."""
    from umbrella_lab.sim.policies import game_policies

    table = game_policies(name)
    return [
        p
        for p in sorted(table)
        if not (p == "heuristic" and any(q != p and f is table[p] for q, f in table.items()))
    ]


def _variants(name: str) -> list[tuple[str, Any]]:
    info = ul.load(name).info
    return [(o.name, v) for o in info.options for v in (o.choices or ()) if v != o.default]


def scenarios(tier: str = "full") -> list[Scenario]:
    """Every golden scenario; ``tier="fast"`` keeps a few seeds of each, and plays each option
    value at one player count, by label and by the best policy."""
    fast = tier == "fast"
    names = ul.games()  # imports every game
    broken = {name: why for name, why in REGISTRY.broken.items() if name in GAMES}
    if broken:  # a game that fails to import would otherwise have no scenario, and "0 differ"
        msg = f"these games fail to import, so their golden games cannot be played: {broken}"
        raise RuntimeError(msg)
    out = []
    for name in names:
        info = ul.load(name).info
        policies = _policies(name)
        for players in info.players:
            n = 3 if fast else 40
            for policy in ["labels", *policies]:
                out.append(Scenario(name, players, policy, (0, n)))
            for policy in policies:
                out.append(Scenario(name, players, policy, (0, 20 if fast else 300), mode="sim"))
        counts = info.players
        few = sorted({counts[0], counts[len(counts) // 2], counts[-1]})
        if fast:  # each option value at one table, played by label and by the best policy
            few = [counts[len(counts) // 2]]
        for option, value in _variants(name):
            for players in few:
                n = 2 if fast else 12
                for policy in ["labels"] if fast else ["labels", *policies]:
                    out.append(Scenario(name, players, policy, (100, 100 + n), {option: value}))
                out.append(
                    Scenario(
                        name,
                        players,
                        policies[-1],
                        (100, 100 + (10 if fast else 60)),
                        {option: value},
                        mode="sim",
                    )
                )
    return out


def playthrough_cases() -> list[tuple[str, int, int]]:
    """One readable game per game and player count: (game, players, seed)."""
    return [(name, players, 7) for name in ul.games() for players in ul.load(name).info.players]


def playthrough_text(name: str, players: int, seed: int) -> str:
    """A whole game as text, played by the game's best policy."""
    game = ul.load(name, players=players)
    policy = ul.load(name).info.heuristic
    head = [
        f"# {game.info.title}: {players} player(s), seed {seed}, policy {policy}",
        "# moves in the table's words; each event with its rule id in brackets",
        "",
    ]
    return "\n".join([*head, *transcript(game, seed, policy)]) + "\n"

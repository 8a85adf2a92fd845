"""Rule references: every event and every refusal names a rule id from a game's digest.

A game's digest is a Markdown file (``umbrella_lab/games/<game>/digest.md``, named by the game's
``GameInfo.digest``) in which each rule is a heading ``### <id>: <title>``. It ships inside the
package, so an installed kit reads it with ``importlib.resources`` as a clone does.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover - Python 3.10
    from importlib.abc import Traversable

from umbrella_lab.engine.errors import OptionError

_HEADING = re.compile(r"^### ([a-z0-9_.-]+): (.+)$")


@dataclass(frozen=True)
class Rule:
    """One rule of a digest.

    Attributes:
        id: Stable id, e.g. ``"turn.block"``.
        title: Short title, e.g. ``"Block"``.
        text: The rule in the project's own words (Markdown).
        section: The numbered section it sits in, e.g. ``"4. Turns and the four actions"``.
    """

    id: str
    title: str
    text: str
    section: str

    def __str__(self) -> str:
        return f"{self.id}: {self.title}"


class RuleBook(dict[str, Rule]):
    """The rules of one game, keyed by id, in the digest's order."""

    def __init__(self, game: str, rules: list[Rule]) -> None:
        super().__init__((rule.id, rule) for rule in rules)
        self.game = game

    def text(self, rule_id: str) -> str:
        """Title and text of a rule, for a tooltip or a log."""
        rule = self.get(rule_id)
        return f"{rule.title}. {rule.text}" if rule else f"(no rule '{rule_id}' in the digest)"


def parse_digest(game: str, markdown: str) -> RuleBook:
    """Read a digest's ``### id: title`` headings and the text under each."""
    rules: list[Rule] = []
    section, current = "", None
    lines: list[str] = []

    def close() -> None:
        if current:
            rules.append(Rule(current[0], current[1], "\n".join(lines).strip(), section))

    for line in markdown.splitlines():
        match = _HEADING.match(line)
        if match or line.startswith(("## ", "# ")):
            close()
            current, lines = None, []
            if match:
                current = (match[1], match[2].strip())
            elif line.startswith("## "):
                section = line[3:].strip()
        elif current:
            lines.append(line)
    close()
    return RuleBook(game, rules)


DigestFile = Path | Traversable
"""Where a digest is: a file path, or a package resource (``importlib.resources.files``)."""

_BOOKS: dict[tuple[str, str], tuple[tuple[int, int] | None, RuleBook]] = {}


def read_rulebook(game: str, path: DigestFile) -> RuleBook:
    """The digest of a game, read from its file (``GameInfo.digest``).

    It is kept, and read again when the file changes (a digest written in a notebook, edited
    and written again, is seen the next time the game is loaded). A resource that is not a file
    on disk (a package imported from a zip archive) is read once.

    Raises:
        OptionError: if the file is missing, unreadable or holds no rule, saying so: without its
            digest a game would cite rules nobody can read.
    """
    try:
        stamp = None
        if isinstance(path, (str, os.PathLike)):
            info = os.stat(path)
            stamp = (info.st_size, info.st_mtime_ns)
        kept = _BOOKS.get((game, str(path)))
        if kept is not None and kept[0] == stamp:
            return kept[1]
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        msg = f"{game}: cannot read the rule digest {path} ({error})"
        raise OptionError(msg) from error
    book = parse_digest(game, text)
    if not book:
        msg = (
            f"{game}: the rule digest {path} holds no rule (no '### id: title' heading); "
            "a clone that turned a link into a text file shows this"
        )
        raise OptionError(msg)
    _BOOKS[(game, str(path))] = (stamp, book)
    return book

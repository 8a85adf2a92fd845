"""Every game's rules and its digest cover each other: one test for every game.

* every rule id the game's code cites (a quoted ``"section.rule"`` whose section is one of the
  digest's) is a rule of its digest ``games/<game>/digest.md``;
* every rule of the digest has a scenario test named after it in ``tests/test_<game>_rules.py``
  (``turn.hold`` is tested by ``test_turn_hold...``), except ``aim``, the game's purpose, which
  every whole game tests.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import umbrella_lab as ul

GAMES = Path(ul.__file__).parent / "games"
TESTS = Path(__file__).parent
QUOTED = re.compile(r'"([a-z]+\.[a-z0-9_-]+)"')
"""A quoted string that reads as a rule id: a section, a dot and a name."""
FILE_NAME = (".toml", ".md", ".json", ".py", ".js", ".css")
"""Endings of file names, which read like rule ids but are not (``"family.toml"``)."""


def cited_rules(name: str, sections: set[str]) -> set[str]:
    """The rule ids the Python files of game ``name`` quote, in the digest's ``sections``."""
    cited: set[str] = set()
    for path in sorted((GAMES / name).glob("*.py")):
        for text in QUOTED.findall(path.read_text(encoding="utf-8")):
            if text.split(".")[0] in sections and not text.endswith(FILE_NAME):
                cited.add(text)
    return cited


@pytest.mark.parametrize("name", ul.games())
def test_every_rule_id_the_code_cites_is_in_the_digest(name):
    digest = set(ul.load(name).rules)
    cited = cited_rules(name, {rule.split(".")[0] for rule in digest})
    assert len(cited) >= min(7, len(digest) - 1)  # the search found the game's rule ids
    assert cited - digest == set()


@pytest.mark.parametrize("name", ul.games())
def test_every_rule_of_the_digest_has_a_test_named_after_it(name):
    text = (TESTS / f"test_{name}_rules.py").read_text(encoding="utf-8")
    tests = set(re.findall(r"^def (test_\w+)", text, re.MULTILINE))
    missing = {
        rule
        for rule in set(ul.load(name).rules) - {"aim"}
        if not any(test.startswith(f"test_{re.sub(r'[.-]', '_', rule)}") for test in tests)
    }
    assert missing == set()

"""Every game's rules and its digest cover each other: one test for every game.

* every rule id the game's code cites (a quoted ``"section.rule"`` whose section is one of the
  digest's) is a rule of its digest ``games/<game>/digest.md``;
* a game whose rules are a folder, one module per step of the turn, opens each module with a
  docstring naming the rules it holds, in brackets (``[turn.block]``, ``[power.*]``);
* every rule of the digest has a scenario test named after it in ``tests/test_<game>_rules.py``
  (``turn.hold`` is tested by ``test_turn_hold...``), except ``aim``, the game's purpose, which
  every whole game tests.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import rules_modules

import umbrella_lab as ul

GAMES = Path(ul.__file__).parent / "games"
TESTS = Path(__file__).parent
QUOTED = re.compile(r'"([a-z]+\.[a-z0-9_-]+)"')
"""A quoted string that reads as a rule id: a section, a dot and a name."""
FILE_NAME = (".toml", ".md", ".json", ".py", ".js", ".css")
"""Endings of file names, which read like rule ids but are not (``"family.toml"``)."""


def cited_rules(name: str, sections: set[str]) -> set[str]:
    """The rule ids the Python files of game ``name`` quote, in the digest's ``sections``.

    Every module of the game's folder counts, a rules folder's too.
    """
    cited: set[str] = set()
    for path in sorted((GAMES / name).rglob("*.py")):
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


BRACKETED = re.compile(r"\[(aim|[a-z]+\.(?:\*|[a-z0-9_-]+))\]")
"""A rule id in brackets, as a docstring cites it: ``[turn.block]``, or a section ``[power.*]``."""


@pytest.mark.parametrize("name", [name for name in ul.games() if (GAMES / name / "rules").is_dir()])
def test_each_module_of_a_rules_folder_names_the_rules_it_holds(name):
    modules = rules_modules(GAMES / name)
    digest = set(ul.load(name).rules)
    sections = {rule.split(".")[0] for rule in digest}
    for path in modules:
        named = set(BRACKETED.findall(ast.get_docstring(ast.parse(path.read_text("utf-8"))) or ""))
        assert named, f"{name}: rules/{path.name} names no rule in its docstring"
        unknown = {
            rule
            for rule in named
            if rule not in digest and not (rule.endswith(".*") and rule[:-2] in sections)
        }
        assert not unknown, f"{name}: rules/{path.name} names rules not in the digest: {unknown}"


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

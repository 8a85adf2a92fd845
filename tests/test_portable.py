"""The kit works wherever teachers are: Windows, macOS and Linux clones alike.

A Windows clone (``core.symlinks=false``, its default) turns a symlink into a one-line text file,
and line endings may change on checkout; these tests make sure neither can silently break a
game. The clone tests are slow: they run in the full tier (``python3 dev.py test --full``), as
CI does.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.core import game_info
from umbrella_lab.engine.rules import read_rulebook

ROOT = Path(__file__).resolve().parent.parent
WINDOWS_CLONE = ("git", "-c", "core.symlinks=false", "-c", "core.autocrlf=true", "clone")
"""How a clone on Windows behaves by default: links as text files, CRLF line endings."""


def tracked_files() -> list[tuple[str, str]]:
    """(mode, path) of every file git tracks, or an empty list outside a git checkout."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return []
    listing = subprocess.run(
        ["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    rows = []
    for line in listing.splitlines():
        meta, path = line.split("\t", 1)
        rows.append((meta.split()[0], path))
    return rows


def test_the_repository_holds_no_symlinks():
    links = [path for mode, path in tracked_files() if mode == "120000"]
    links += [
        str(p.relative_to(ROOT)) for p in (ROOT / "umbrella_lab").rglob("*") if p.is_symlink()
    ]
    assert links == [], f"symlinks become text files in a Windows clone: {links}"


def test_no_two_tracked_paths_differ_only_in_case():
    # macOS and Windows file systems ignore case: two such files would overwrite each other.
    seen: dict[str, str] = {}
    clashes = []
    for _, path in tracked_files():
        other = seen.setdefault(path.lower(), path)
        if other != path:
            clashes.append((other, path))
    assert clashes == []


def test_no_tracked_path_has_a_name_windows_refuses():
    reserved = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10))}
    reserved |= {f"lpt{i}" for i in range(1, 10)}
    bad = [
        path
        for _, path in tracked_files()
        for part in path.split("/")
        if part.split(".")[0].lower() in reserved or any(c in part for c in '<>:"\\|?*')
    ]
    assert bad == []


@pytest.mark.parametrize("name", ul.games())
def test_every_digest_reads_the_same_with_windows_line_endings(name, tmp_path):
    # A Windows checkout may turn a digest's line endings into CRLF: the same rules load.
    path = game_info(name).digest
    unix = read_rulebook(name, path)
    crlf = tmp_path / f"{name}.md"
    crlf.write_bytes(path.read_text("utf-8").replace("\n", "\r\n").encode("utf-8"))
    windows = read_rulebook(name, crlf)
    assert list(windows) == list(unix) and len(unix) >= 5
    assert [r.text for r in windows.values()] == [r.text for r in unix.values()]


@pytest.mark.parametrize("name", ul.games())
def test_card_data_with_windows_line_endings_hashes_the_same(name, tmp_path):
    # Records and the shipped puzzles keep the hash of the card data they were made with; a
    # Windows checkout (CRLF) holds the same data, so it must hash the same (no warnings).
    folder = tmp_path / "data"
    shutil.copytree(Path(ul.__file__).parent / "games" / name / "data", folder)
    files = sorted(folder.rglob("*.toml"))
    for path in files:
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert files and all(b"\r\n" in path.read_bytes() for path in files)
    packaged = ul.load(name)
    assert ul.load(name, data=folder).data_hash == packaged.data_hash
    # the hash the shipped puzzles were stored with (the line endings changed nothing)
    shipped = json.loads((Path(ul.__file__).parent / "puzzles" / f"{name}.json").read_text("utf-8"))
    assert {puzzle["record"]["data"] for puzzle in shipped} == {packaged.data_hash}


@pytest.fixture(scope="module")
def windows_clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clone of this repository's last commit made as Windows makes one: no links, CRLF."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    clone = tmp_path_factory.mktemp("windows") / "clone"
    subprocess.run(
        [*WINDOWS_CLONE, "-q", "--no-hardlinks", str(ROOT), str(clone)],
        check=True,
    )
    die = clone / "umbrella_lab" / "games" / "pig" / "data" / "die.toml"
    assert b"\r\n" in die.read_bytes(), "the clone was not checked out with CRLF line endings"
    return clone


def clone_env(clone: Path) -> dict[str, str]:
    """Environment in which Python (and every kernel it starts) imports the clone's own kit.

    This checkout's kit is installed in editable mode; its import hook comes after
    ``PYTHONPATH`` in Python's search, so the clone's ``umbrella_lab`` is the one found.
    """
    return {**os.environ, "PYTHONPATH": str(clone), "PYTHONDONTWRITEBYTECODE": "1"}


@pytest.mark.slow
def test_a_clone_with_symlinks_off_loads_every_game_with_its_rules(windows_clone):
    script = (
        "import umbrella_lab as ul\n"
        "for name in ul.games():\n"
        "    game = ul.load(name)\n"
        "    assert len(game.rules) >= 5, (name, len(game.rules))\n"
        "    state = game.new(seed=1)\n"
        "    assert state.legal_actions() or state.is_over\n"
        "print(len(ul.games()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=windows_clone,
        env=clone_env(windows_clone),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) == len(ul.games())


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_a_windows_clone_passes_every_notebook_and_workshop_under_nbval(windows_clone):
    # The full run's only nbval run of the notebooks (conftest.py leaves the checkout's out).
    # Strict nbval in the clone: a warning (such as the card data hashing differently), an
    # error or any changed output fails its cell. First make sure that the kernels will run
    # the clone's code, not this checkout's: they start from each notebook's folder with the
    # same environment.
    env = clone_env(windows_clone)
    for folder in ("notebooks", "tutorials"):
        where = subprocess.run(
            [sys.executable, "-c", "import umbrella_lab; print(umbrella_lab.__file__)"],
            cwd=windows_clone / folder,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        assert Path(where).resolve().is_relative_to(windows_clone.resolve()), where
    notebooks = sorted(
        path.relative_to(windows_clone).as_posix()
        for folder in ("notebooks", "tutorials")
        for path in (windows_clone / folder).glob("*.ipynb")
    )
    assert len(notebooks) >= 10
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *notebooks],
        cwd=windows_clone,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout

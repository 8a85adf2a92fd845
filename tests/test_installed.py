"""The kit as a school installs it: a wheel or an sdist in a fresh environment, no clone around.

Fast checks (every run): every file the package needs at run time is declared package data,
the dashboard notebook a clone opens holds the same cell an installed kit writes, and
``--version`` answers.

The full tier (``python3 dev.py test --full``, as CI runs it) builds the wheel and the sdist
with uv, checks what each one holds, installs them into fresh virtual environments outside the
repository (the wheel on the oldest supported Python, the sdist on the newest), and runs
``tests/installed/smoke.py`` there from a temporary folder. A Python version found nowhere
(``python3.X`` on the PATH, pyenv, uv's own) skips its test, saying which; under CI (the ``CI``
environment variable set) uv fetches it instead, and the test fails if it cannot.
"""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab import cli
from umbrella_lab.engine.rules import read_rulebook

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "umbrella_lab"
SMOKE = ROOT / "tests" / "installed" / "smoke.py"


def kit_games() -> list[str]:
    """The games the kit ships (a test may have registered a workshop's game besides)."""
    return [name for name in ul.games() if (PACKAGE / "games" / name).is_dir()]


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))

OLDEST, NEWEST = "3.10", "3.13"
"""The oldest and the newest Python the kit supports (``requires-python`` names the oldest)."""

IN_CI = bool(os.environ.get("CI"))


def package_files() -> set[str]:
    """Every file of the package, as a path relative to the repository (``umbrella_lab/...``).

    The files git tracks, in a checkout; else every file but Python's caches.
    """
    if shutil.which("git") and (ROOT / ".git").exists():
        listing = subprocess.run(
            ["git", "ls-files", "-z", "umbrella_lab"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return {path for path in listing.split("\0") if path and (ROOT / path).is_file()}
    return {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


# --- every run ---------------------------------------------------------------------------------


def test_every_file_of_the_package_is_declared_package_data():
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["*"]
    undeclared = sorted(
        path
        for path in package_files()
        if not path.endswith(".py")
        and not any(fnmatch.fnmatch(Path(path).name, pattern) for pattern in patterns)
    )
    assert undeclared == [], (
        f"not shipped in a wheel (add the pattern to [tool.setuptools.package-data]): {undeclared}"
    )


def test_every_digest_is_a_file_of_its_game_package():
    for name in kit_games():
        digest = ul.load(name).info.digest
        assert Path(str(digest)) == PACKAGE / "games" / name / "digest.md", name
        assert not Path(str(digest)).is_symlink()
    assert not (ROOT / "docs" / "rules").exists(), "the digests live in the package only"


def test_a_digest_read_from_a_zip_archive_holds_the_same_rules(tmp_path):
    # A package imported from a zip archive hands out resources that are no files on disk.
    digest = ul.load("pig").info.digest
    archive = tmp_path / "kit.zip"
    with zipfile.ZipFile(archive, "w") as kit:
        kit.writestr("pig/digest.md", digest.read_text("utf-8"))
    zipped = read_rulebook("pig", zipfile.Path(archive, "pig/digest.md"))
    assert list(zipped) == list(ul.load("pig").rules)
    assert [rule.text for rule in zipped.values()] == [
        r.text for r in ul.load("pig").rules.values()
    ]


def test_oldest_python_is_the_one_pyproject_requires():
    assert PYPROJECT["project"]["requires-python"] == f">={OLDEST}"


def test_the_dashboard_notebook_of_a_clone_holds_the_cell_an_installed_kit_writes():
    # One source of truth: an installed kit writes cli.DASHBOARD_CELL into a notebook of its
    # own; a clone (and Binder) opens notebooks/teacher_dashboard.ipynb, whose code must match
    # (its one other cell is words: the picture of the dashboard shown where no kernel runs).
    notebook = json.loads((ROOT / cli.DASHBOARD).read_text("utf-8"))
    code = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert code == [cli.DASHBOARD_CELL]
    assert {cell["cell_type"] for cell in notebook["cells"]} <= {"code", "markdown"}


def test_version_is_printed_by_the_command(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"umbrella-lab {ul.__version__}"
    assert ul.__version__ == version("umbrella-lab")  # pyproject reads it from the package


# --- the full tier: build, install, smoke ------------------------------------------------------


def find_uv() -> str:
    """The uv program: on the PATH, or next to this Python (the test extra installs it)."""
    here = Path(sys.executable).parent / ("uv.exe" if os.name == "nt" else "uv")
    found = shutil.which("uv") or (str(here) if here.exists() else None)
    if found is None:
        pytest.fail("uv is needed to build and install the kit (pip install uv)")
    return found


def find_python(version: str) -> str | None:
    """A Python ``version`` interpreter that runs: ``python3.X`` on the PATH, pyenv's, uv's."""
    candidates = [shutil.which(f"python{version}")]
    if shutil.which("pyenv"):
        root = subprocess.run(["pyenv", "root"], capture_output=True, text=True, check=False)
        versions = Path(root.stdout.strip()) / "versions"
        if root.returncode == 0 and versions.is_dir():
            found = sorted(versions.glob(f"{version}.*/bin/python{version}"), reverse=True)
            candidates += [str(path) for path in found]
    uv_found = subprocess.run(
        [find_uv(), "python", "find", "--no-python-downloads", version],
        capture_output=True,
        text=True,
        check=False,
    )
    if uv_found.returncode == 0:
        candidates.append(uv_found.stdout.strip())
    for candidate in filter(None, candidates):
        said = subprocess.run(
            [candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            check=False,
        )
        if said.returncode == 0 and said.stdout.strip() == version:
            return candidate
    return None


def clean_env() -> dict[str, str]:
    """This process's environment without what would point Python at the repository."""
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}
    return {key: value for key, value in os.environ.items() if key not in drop}


def index_args() -> list[str]:
    """Where uv installs from: pip's settings (a school's mirror), as ``dev.py`` hands them."""
    sys.path.insert(0, str(ROOT))
    try:
        import dev

        return dev.uv_index_args()
    finally:
        sys.path.remove(str(ROOT))


def timed(command: list[str], what: str, **kwargs) -> float:
    """Run ``command``; fail naming ``what`` and its output; return the seconds it took."""
    began, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)
    seconds = time.perf_counter() - began
    assert done.returncode == 0, f"{what} failed ({done.returncode}):\n{done.stdout}{done.stderr}"
    print(f"{what}: {seconds:.1f} s ({_children_cpu() - cpu:.1f} s of processor time)")
    return seconds


def _children_cpu() -> float:
    """Processor seconds used so far by finished child processes (0 where not measurable)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    """The wheel and the sdist, built by uv (the wheel from the sdist, as pip would)."""
    out = tmp_path_factory.mktemp("dist")
    assert not out.resolve().is_relative_to(ROOT), "build outside the repository"
    timed(
        [find_uv(), "build", "--quiet", "--out-dir", str(out), *index_args(), str(ROOT)],
        "uv build (sdist, then the wheel from it)",
        env=clean_env(),
    )
    wheels, sdists = sorted(out.glob("*.whl")), sorted(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, sorted(out.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0]}


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="builds the wheel and the sdist: full tier")
def test_the_built_package_holds_every_file_the_kit_needs(built, kind):
    path = built[kind]
    if kind == "wheel":
        names = set(zipfile.ZipFile(path).namelist())
        prefix = ""
    else:
        with tarfile.open(path) as archive:
            names = set(archive.getnames())
        prefix = f"{path.name.removesuffix('.tar.gz')}/"
    missing = sorted(name for name in package_files() if f"{prefix}{name}" not in names)
    assert missing == [], f"the {kind} lacks {missing}"
    digests = {f"{prefix}umbrella_lab/games/{name}/digest.md" for name in kit_games()}
    assert digests <= names
    if kind == "wheel":
        tops = {name.split("/")[0] for name in names}
        assert tops == {"umbrella_lab", f"umbrella_lab-{ul.__version__}.dist-info"}, tops


INSTALLS = [("wheel", OLDEST), ("sdist", NEWEST)]
"""The wheel on the oldest Python, the sdist on the newest: both files and both ends of the
supported range, in two environments (the other two pairings would add a minute and find
nothing new: a wheel is built from the sdist, and the Python version matters to the code,
not to the file it came in)."""


@pytest.mark.parametrize(("kind", "version"), INSTALLS, ids=[f"{k}-{v}" for k, v in INSTALLS])
@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="installs the kit in fresh environments: full tier")
def test_an_installed_kit_plays_every_game(built, kind, version, tmp_path_factory):
    python = find_python(version)
    if python is None and not IN_CI:
        pytest.skip(f"no Python {version} here (python{version} on the PATH, pyenv or uv)")
    if python is None:  # CI must run it: uv fetches that Python (or fails, saying why)
        python = version
    place = tmp_path_factory.mktemp(f"installed-{kind}-{version}")
    assert not place.resolve().is_relative_to(ROOT), "install outside the repository"
    venv, work = place / "venv", place / "work"
    work.mkdir()
    uv, env = find_uv(), clean_env()
    timed([uv, "venv", "--quiet", "--python", python, str(venv)], f"uv venv {version}", env=env)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    venv_python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    install = [uv, "pip", "install", "--quiet", "--python", str(venv_python), *index_args()]
    timed(
        [*install, str(built[kind])],
        f"uv pip install the {kind} on Python {version}",
        env=env,
    )
    rules = work / "rules.json"
    rules.write_text(json.dumps({name: list(ul.load(name).rules) for name in kit_games()}))
    # `umbrella-lab simulate` runs every game once over the environments (each run starts a
    # new process that imports pandas: a few seconds each).
    games = kit_games()[INSTALLS.index((kind, version)) :: len(INSTALLS)]
    smoke = [str(venv_python), str(SMOKE), "--rules", str(rules), "--repository", str(ROOT)]
    timed(
        [*smoke, *(f"--simulate={game}" for game in games)],
        f"smoke test of the {kind} on Python {version}",
        cwd=work,
        env=env,
        timeout=900,
    )

#!/usr/bin/env python3
"""Bootstrap for umbrella-lab: one virtual environment, a few commands.

Standard library only, so it runs with any system ``python3`` (3.10 or newer):

    python3 dev.py lab  [jupyter-lab args]   # install, then open JupyterLab on the start notebook
    python3 dev.py test [pytest args]        # install, then run unit tests + every notebook (nbval)
    python3 dev.py test --full [pytest args] # the same with every golden game and the whole
                                             # contract (as CI runs it)
    python3 dev.py lint [ruff args]          # install, then run `ruff check`

The first run creates ``.venv`` next to this file and runs ``pip install -e .[test]`` in it.
Later runs reinstall only when ``pyproject.toml`` has changed (a hash of it is kept in
``.venv/.umbrella-lab-install-stamp``). Nothing needs to be activated.

"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".umbrella-lab-install-stamp"
PYPROJECT = ROOT / "pyproject.toml"
START_NOTEBOOK = Path("notebooks") / "00_start_here.ipynb"
MIN_PYTHON = (3, 10)

# Noise pip prints (with -q) when a pip.conf lists local index folders that lack a package.
PIP_NOISE = re.compile(
    r"^WARNING: Location '[^']*' is ignored: it is neither a file nor a directory"
)

USAGE = """\
usage: python3 dev.py COMMAND [ARGS...]

commands:
  lab   [ARGS]  install into .venv, then start JupyterLab on notebooks/00_start_here.ipynb
                (ARGS go to `jupyter lab`, e.g. --no-browser --port 8899)
  test  [ARGS]  install into .venv, then run
                `python -m pytest` (ARGS go to pytest); the default run is every unit test
                plus every notebook under strict nbval, with a few golden and contract
                games of each kind; `test --full` plays them all (as CI does)
  lint  [ARGS]  install into .venv, then run `ruff check` (ARGS go to ruff)
"""


def say(message: str) -> None:
    print(f"[dev.py] {message}", flush=True)


def run(cmd: list[str], **kwargs) -> int:
    shown = " ".join(_rel(part) for part in cmd)
    say(f"$ {shown}")
    proc = subprocess.Popen(cmd, cwd=ROOT, **kwargs)
    while True:
        try:
            return proc.wait()
        except KeyboardInterrupt:
            # Ctrl+C reached the child too: let it shut down cleanly (JupyterLab stops its
            # kernels, pytest prints its summary) instead of killing it from here.
            continue


def run_pip(cmd: list[str]) -> int:
    """Run pip, passing its output through except for the known-harmless noise lines."""
    say("$ " + " ".join(_rel(part) for part in cmd))
    with subprocess.Popen(
        cmd, cwd=ROOT, stderr=subprocess.PIPE, text=True, errors="replace"
    ) as proc:
        assert proc.stderr is not None
        for line in proc.stderr:
            if not PIP_NOISE.match(line):
                sys.stderr.write(line)
                sys.stderr.flush()
    return proc.returncode


def _rel(part: str | os.PathLike) -> str:
    text = str(part)
    try:
        return str(Path(text).relative_to(ROOT))
    except ValueError:
        return text


def _pyproject_hash() -> str:
    return hashlib.sha256(PYPROJECT.read_bytes()).hexdigest()


def ensure_env() -> None:
    """Create .venv if needed and (re)install the project when pyproject.toml changed."""
    if sys.version_info < MIN_PYTHON:
        want = ".".join(map(str, MIN_PYTHON))
        sys.exit(f"[dev.py] error: Python {want}+ is needed, this is {sys.version.split()[0]}")

    if VENV.exists() and (
        not PYTHON.exists() or subprocess.call([str(PYTHON), "-c", "pass"], cwd=ROOT) != 0
    ):
        say(".venv is broken (its python does not run); recreating it")
        shutil.rmtree(VENV)

    if not PYTHON.exists():
        say(f"creating virtual environment .venv with {sys.executable} ({sys.version.split()[0]})")
        rc = subprocess.call([sys.executable, "-m", "venv", str(VENV)], cwd=ROOT)
        if rc != 0:
            sys.exit(f"[dev.py] error: `{sys.executable} -m venv .venv` failed (exit {rc})")

    wanted = _pyproject_hash()
    if STAMP.exists() and STAMP.read_text().strip() == wanted:
        say(".venv is up to date with pyproject.toml (delete .venv to force a reinstall)")
        return

    say("installing umbrella-lab and its test tools into .venv (pip install -e .[test]) ...")
    start = time.monotonic()
    rc = run_pip([str(PYTHON), "-m", "pip", "install", "-q", "-e", ".[test]"])
    if rc != 0:
        STAMP.unlink(missing_ok=True)
        sys.exit(f"[dev.py] error: pip install failed (exit {rc}); see the messages above")
    STAMP.write_text(wanted + "\n")
    say(f"install finished in {time.monotonic() - start:.0f} s")


LAB_SETTINGS = VENV / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
QUIET_LAB = (
    '{"@jupyterlab/apputils-extension:notification": '
    '{"fetchNews": "false", "checkForUpdates": false}}\n'
)


def quiet_lab() -> None:
    """Keep JupyterLab's news and update pop-ups off the screen (a room may be watching).

    Written once into this environment's JupyterLab settings (as binder/postBuild does on
    Binder); a file the user already has is left alone.
    """
    if not LAB_SETTINGS.exists():
        LAB_SETTINGS.parent.mkdir(parents=True, exist_ok=True)
        LAB_SETTINGS.write_text(QUIET_LAB, encoding="utf-8")


def cmd_lab(args: list[str]) -> int:
    ensure_env()
    quiet_lab()
    cmd = [str(PYTHON), "-m", "jupyter", "lab"]
    if (ROOT / START_NOTEBOOK).exists():
        cmd.append(START_NOTEBOOK.as_posix())
    else:
        say(f"note: {START_NOTEBOOK.as_posix()} does not exist yet; opening JupyterLab without it")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        cmd.append("--allow-root")
    if not any(arg.startswith(("--ServerApp.root_dir", "--notebook-dir")) for arg in args):
        # the repository is the file browser's home (the start notebook links to tutorials/
        # and docs/); given only a notebook, JupyterLab would make that notebook's folder home
        cmd.append(f"--ServerApp.root_dir={ROOT}")
    cmd += args
    say("starting JupyterLab (stop it with Ctrl+C)")
    return run(cmd)


def cmd_test(args: list[str]) -> int:
    if "--full" in args:
        args = [arg for arg in args if arg != "--full"]
        os.environ["UMBRELLA_LAB_FULL_TESTS"] = "1"
        say("full run: every golden game and the whole contract")
    ensure_env()
    say("running pytest: unit tests + notebooks under nbval (options from pyproject.toml)")
    rc = run([str(PYTHON), "-m", "pytest", *args])
    say(f"pytest finished with exit code {rc}")
    return rc


def cmd_lint(args: list[str]) -> int:
    ensure_env()
    rc = run([str(PYTHON), "-m", "ruff", "check", *args])
    say(f"ruff finished with exit code {rc}")
    return rc


COMMANDS = {"lab": cmd_lab, "test": cmd_test, "lint": cmd_lint}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help", "help"}:
        print(USAGE, end="")
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command not in COMMANDS:
        print(f"[dev.py] error: unknown command {command!r}\n", file=sys.stderr)
        print(USAGE, end="", file=sys.stderr)
        return 2
    return COMMANDS[command](rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

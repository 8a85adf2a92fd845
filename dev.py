#!/usr/bin/env python3
"""Bootstrap for umbrella-lab: one virtual environment, a few commands.

Standard library only, so it runs with any system ``python3`` (3.10 or newer):

    python3 dev.py lab  [jupyter-lab args]   # install, then open JupyterLab on the start notebook
    python3 dev.py test [pytest args]        # install, then run the default tier: every test
                                             # not marked slow, every notebook under nbval and
                                             # seven browser tests (when Chromium is there)
    python3 dev.py test --full [pytest args] # every test, the slow ones too: every golden
                                             # game, the whole contract, the notebooks in a
                                             # Windows-style clone, OpenSpiel's test (as CI)
    python3 dev.py dashboard [args]          # install, then open the teacher's dashboard (Voila)
    python3 dev.py voila NOTEBOOK [args]     # install, then show a notebook in Voila (no code)
    python3 dev.py lint [ruff args]          # install, then run `ruff check` and the type
                                             # check (`mypy`)
    python3 dev.py lock                      # pin Binder's environment to the tested versions

The first run creates ``.venv`` next to this file and installs what the command needs there:
the kit (with JupyterLab and Voila) for ``lab``, ``dashboard`` and ``voila``; the kit and its
test tools (``.[test]``) for ``test`` and ``lint``. It installs with uv when uv can be had from
the package index (much faster), else with pip; set ``UMBRELLA_LAB_INSTALLER=pip`` to use pip.
Later runs reinstall only when ``pyproject.toml`` changes or a command needs more (a note of
what is installed is kept in ``.venv/.umbrella-lab-install-stamp``). Nothing needs to be
activated.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
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

# Noise pip prints (with -q) when a pip.conf lists local index folders that lack a package,
# and uv's line per installed package (" + name==version"; its summary lines are kept).
PIP_NOISE = re.compile(
    r"^(WARNING: Location '[^']*' is ignored: it is neither a file nor a directory"
    r"| [-+~] \S+)"
)
TICK_SECONDS = 15
"""While an install runs, a line says it is still going every this many seconds."""

USAGE = """\
usage: python3 dev.py COMMAND [ARGS...]

commands:
  lab   [ARGS]  install into .venv, then start JupyterLab on notebooks/00_start_here.ipynb
                (ARGS go to `jupyter lab`, e.g. --no-browser --port 8899)
  test  [ARGS]  install into .venv (with the test tools), then run
                `python -m pytest` (ARGS go to pytest); the default run leaves out the
                tests marked slow and plays a few golden and contract games of each kind,
                and still runs every notebook under strict nbval and seven browser tests
                (one page of each kind);
                `test --full` runs every test with all the games (as CI does)
  dashboard [ARGS]  install into .venv, then open the teacher's dashboard in Voila
                (ARGS go to `umbrella-lab dashboard`, e.g. --port 8870 --no-browser)
  voila NOTEBOOK [ARGS]  install into .venv, then show NOTEBOOK in Voila: outputs and
                widgets, no code (ARGS go to `umbrella-lab voila`, e.g. --port 8870)
  lint  [ARGS]  install into .venv (with the test tools), then run `ruff check`
  lock          pin Binder's environment (binder/requirements.txt) to the versions the tests
                ran with in .venv, resolved for Binder's Python; run it after changing the
                dependencies in pyproject.toml (a test checks the lock matches them)
  save NOTEBOOK...  run each notebook and save it as the kit keeps them: with its outputs,
                without widget state, timings or live-widget views (where a view would
                point at no widget, JupyterLab shows the picture saved beside it)

environment:
  UMBRELLA_LAB_INSTALLER=pip   install with pip even where uv can be had
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
            # Ctrl+C reached the child too: let it shut down cleanly (pytest prints its
            # summary) instead of killing it from here.
            continue


STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


def serve(cmd: list[str]) -> int:
    """Run a server (JupyterLab, the dashboard) and pass each stop signal on to it, once.

    The server runs in a process group of its own: Ctrl+C in the terminal reaches this process
    only, and so does a SIGINT or SIGTERM from a process manager or an editor; each is passed on
    (SIGHUP, a closed terminal, as SIGTERM). JupyterLab still asks "Shut down this Jupyter
    server?" at the first Ctrl+C and stops at the second. On Windows the server shares the
    console and gets Ctrl+C from it, as with :func:`run`.
    """
    if os.name == "nt":
        return run(cmd)
    say("$ " + " ".join(_rel(part) for part in cmd))
    started: list[subprocess.Popen] = []
    waiting: list[int] = []

    def pass_on(number, frame) -> None:
        number = signal.SIGTERM if number == signal.SIGHUP else number
        if started:
            started[0].send_signal(number)  # (nothing happens if it has just stopped)
        else:
            waiting.append(number)

    numbers = [getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name)]
    previous = {number: signal.signal(number, pass_on) for number in numbers}
    try:
        started.append(subprocess.Popen(cmd, cwd=ROOT, start_new_session=True))
        for number in waiting:
            started[0].send_signal(number)
        status = started[0].wait()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 128 - status if status < 0 else status


def run_pip(cmd: list[str]) -> int:
    """Run pip or uv, passing its output through except for the known-harmless noise lines.

    Every ``TICK_SECONDS`` a line says the install is still going, so a first install (which
    downloads for a minute or two) never looks stuck.
    """
    say("$ " + " ".join(_rel(part) for part in cmd))
    start = time.monotonic()
    done = threading.Event()

    def tick() -> None:
        while not done.wait(TICK_SECONDS):
            say(f"... still installing ({time.monotonic() - start:.0f} s so far)")

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        with subprocess.Popen(
            cmd, cwd=ROOT, stderr=subprocess.PIPE, text=True, errors="replace"
        ) as proc:
            assert proc.stderr is not None
            for line in proc.stderr:
                if not PIP_NOISE.match(line):
                    sys.stderr.write(line)
                    sys.stderr.flush()
    finally:
        done.set()
        ticker.join()
    return proc.returncode


def _rel(part: str | os.PathLike) -> str:
    text = str(part)
    try:
        return str(Path(text).relative_to(ROOT))
    except ValueError:
        return text


def _pyproject_hash() -> str:
    return hashlib.sha256(PYPROJECT.read_bytes()).hexdigest()


def _stamp() -> dict:
    try:
        found = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def ensure_env(extras: tuple[str, ...] = ()) -> None:
    """Create .venv if needed and install the project with ``extras`` when not yet there.

    Nothing is installed when the stamp says the same ``pyproject.toml`` was installed with at
    least these extras.
    """
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
    stamp = _stamp()
    have = set(stamp.get("extras", ())) if stamp.get("pyproject") == wanted else None
    if have is not None and set(extras) <= have:
        say(".venv is up to date with pyproject.toml (delete .venv to force a reinstall)")
        return

    extras = tuple(sorted(set(extras) | (have or set())))
    target = f".[{','.join(extras)}]" if extras else "."
    what = "umbrella-lab with JupyterLab and Voila" + (
        f" and the extras {', '.join(extras)}" if extras else ""
    )
    first = not stamp
    say(
        f"installing {what} into .venv"
        + (
            " (the first time this downloads over 100 packages: a minute or two, longer on a "
            "slow connection)"
            if first
            else ""
        )
    )
    start = time.monotonic()
    uv = find_uv()
    rc = 1
    if uv is not None:
        say(f"installing with uv (uv pip install -e {target}) ...")
        rc = run_pip(
            [*uv, "pip", "install", "--python", str(PYTHON), *uv_index_args(), "-e", target]
        )
        if rc != 0:
            say(f"uv could not install (exit {rc}); trying again with pip")
    if rc != 0:
        say(f"installing with pip (pip install -e {target}) ...")
        rc = run_pip([str(PYTHON), "-m", "pip", "install", "-q", "-e", target])
    if rc != 0:
        STAMP.unlink(missing_ok=True)
        sys.exit(f"[dev.py] error: installing failed (exit {rc}); see the messages above")
    STAMP.write_text(json.dumps({"pyproject": wanted, "extras": list(extras)}) + "\n")
    say(f"install finished in {time.monotonic() - start:.0f} s")


BYTECODE = VENV / "pycache"
"""Where Python keeps the modules it compiled, when the machine says to write none nearby."""


def keep_bytecode() -> None:
    """Let Python keep the modules it compiles, in ``.venv/pycache``, for the next start.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (containers and CI machines often set it), Python
    compiles every module it imports again at every start: pandas, altair and the Jupyter
    server each time a kernel, a notebook test or a page starts, seconds each time. For the
    programs dev.py starts, compiled modules are kept instead, all of them inside ``.venv``
    (``PYTHONPYCACHEPREFIX``), so nothing is written next to the sources and deleting .venv
    removes them. Elsewhere Python keeps its bytecode as it always does.
    """
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        os.environ.setdefault("PYTHONPYCACHEPREFIX", str(BYTECODE))


def find_uv() -> list[str] | None:
    """The uv installer: on the PATH, in .venv, or fetched into .venv with pip; else None."""
    if os.environ.get("UMBRELLA_LAB_INSTALLER", "").lower() == "pip":
        return None
    here = BIN / ("uv.exe" if os.name == "nt" else "uv")
    for found in (shutil.which("uv"), str(here) if here.exists() else None):
        if (
            found
            and subprocess.call(
                [found, "--version"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            == 0
        ):
            return [found]
    say("fetching the uv installer into .venv (pip install uv) ...")
    rc = run_pip([str(PYTHON), "-m", "pip", "install", "-q", "uv"])
    if rc == 0 and here.exists():
        return [str(here)]
    say("uv is not available here; installing with pip")
    return None


def uv_index_args() -> list[str]:
    """pip's settings for where packages come from (pip.conf, PIP_* variables), for uv.

    uv does not read pip's configuration: a school's package mirror, extra indexes and
    local wheel folders are handed over, so uv installs from where pip would.
    """
    try:
        listed = subprocess.run(
            [str(PYTHON), "-m", "pip", "config", "list"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found: dict[str, str] = {}
    order = {"global": 0, "install": 1, ":env:": 2}  # later wins, as in pip
    ranked = []
    for line in listed.splitlines():
        key, sep, value = line.partition("=")
        section, _, name = key.rpartition(".")
        if sep and section in order:
            ranked.append((order[section], name.strip(), value.strip().strip("'\"")))
    for _, name, value in sorted(ranked, key=lambda item: item[0]):
        found[name] = value
    args: list[str] = []
    if found.get("index-url"):
        args += ["--index-url", found["index-url"]]
    for url in found.get("extra-index-url", "").split():
        args += ["--extra-index-url", url]
    for place in found.get("find-links", "").split():
        args += ["--find-links", place]
    for host in found.get("trusted-host", "").split():
        args += ["--allow-insecure-host", host]
    if found.get("no-index", "").lower() in ("1", "true", "yes", "on"):
        args.append("--no-index")
    if "--extra-index-url" in args or "--find-links" in args:
        args += ["--index-strategy", "unsafe-best-match"]  # the best version anywhere, as pip
    if found.get("cert") and "SSL_CERT_FILE" not in os.environ:
        os.environ["SSL_CERT_FILE"] = found["cert"]
    return args


LAB_SETTINGS = VENV / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
LAB_PREPARED = VENV / ".umbrella-lab-lab-prepared"
"""Touched when the server settings were written and the notebooks trusted."""
OLD_QUIET_LAB = (
    '{"@jupyterlab/apputils-extension:notification": '
    '{"fetchNews": "false", "checkForUpdates": false}}\n'
)
"""The settings file as earlier versions of this script wrote it (brought up to date)."""
QUIET_LAB = (
    '{"@jupyterlab/apputils-extension:notification": '
    '{"fetchNews": "false", "checkForUpdates": false},\n'
    ' "@jupyterlab/notebook-extension:tracker": {"codeCellConfig": {"lineWrap": true}}}\n'
)
"""No news or update pop-ups; code cells wrap their long lines (none is cut off when projected)."""


def quiet_lab() -> None:
    """Keep JupyterLab's news and update pop-ups off the screen (a room may be watching).

    And wrap the long lines of code cells: on a projected screen (1280x720 at 150%) a line of
    more than about 72 characters would be cut off. Written once into this environment's
    JupyterLab settings (as binder/postBuild does on Binder); a file the user wrote is left
    alone, one this script wrote before is brought up to date.
    """
    if not LAB_SETTINGS.exists() or LAB_SETTINGS.read_text(encoding="utf-8") == OLD_QUIET_LAB:
        LAB_SETTINGS.parent.mkdir(parents=True, exist_ok=True)
        LAB_SETTINGS.write_text(QUIET_LAB, encoding="utf-8")


def prepare_lab() -> None:
    """Write the kit's Jupyter server settings into .venv and trust the kit's notebooks.

    The settings (``umbrella_lab/jupyter_settings.py``, as Binder has them): kernels with no
    page open are shut down after 10 idle minutes, kernel traffic is encrypted where possible,
    and JupyterLab starts without the Notebook 6 bridge that printed a deprecation warning.
    Trusted notebooks show their stored pictures and raise no "not trusted" warning.
    """
    folders = [folder for folder in ("notebooks", "tutorials") if (ROOT / folder).is_dir()]
    notebooks = [path for folder in folders for path in (ROOT / folder).glob("*.ipynb")]
    if LAB_PREPARED.exists() and all(
        path.stat().st_mtime <= LAB_PREPARED.stat().st_mtime
        for path in [STAMP, *notebooks]
        if path.exists()
    ):
        return  # nothing changed since the last time (this takes a few seconds)
    rc = subprocess.call(
        [str(PYTHON), "-m", "umbrella_lab.jupyter_settings", "--lab", "--trust", *folders],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
    )
    if rc != 0:
        say(f"note: the Jupyter settings could not be written (exit {rc}); starting without")
    else:
        LAB_PREPARED.touch()


def cmd_lab(args: list[str]) -> int:
    ensure_env()
    quiet_lab()
    prepare_lab()
    cmd = [str(PYTHON), "-m", "jupyter", "lab"]
    if (ROOT / START_NOTEBOOK).exists():
        cmd.append(START_NOTEBOOK.as_posix())
    else:
        say(f"note: {START_NOTEBOOK.as_posix()} does not exist yet; opening JupyterLab without it")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        cmd.append("--allow-root")
    if not any(arg.startswith(("--ServerApp.root_dir", "--notebook-dir")) for arg in args):
        # the repository is the file browser's home (the start notebook links to tutorials/
        # and to the rule digests in umbrella_lab/games/); given only a notebook, JupyterLab
        # would make that notebook's folder home
        cmd.append(f"--ServerApp.root_dir={ROOT}")
    cmd += args
    say(
        "starting JupyterLab; it opens in your browser (or copy the address it prints). "
        "Stop it with Ctrl+C twice, or File > Shut Down in JupyterLab"
    )
    return serve(cmd)


def cmd_test(args: list[str]) -> int:
    extras: tuple[str, ...] = ("test",)
    if "--full" in args:
        args = [arg for arg in args if arg != "--full"]
        os.environ["UMBRELLA_LAB_FULL_TESTS"] = "1"
        if sys.platform != "win32":  # OpenSpiel has wheels for Linux and macOS only
            extras += ("openspiel",)
        say(
            "full run: every test, the slow ones too (every golden game, the whole contract, "
            "the installed kit, OpenSpiel's own game test; the notebooks under nbval in a "
            "Windows-style clone)"
        )
    else:
        say("default run: every test not marked slow (`python3 dev.py test --full` runs all)")
    ensure_env(extras)
    say("running pytest: unit tests + notebooks under nbval (options from pyproject.toml)")
    spread = parallel(args)
    if spread:
        say(
            f"pytest starts {spread[1]} workers; each imports the kit and collects every test "
            "before the first result shows (the [gw0] lines say where it is)"
        )
    rc = run([str(PYTHON), "-m", "pytest", *spread, *args])
    say(f"pytest finished with exit code {rc}")
    return rc


def parallel(args: list[str]) -> list[str]:
    """Spread the whole suite over the machine's cores (each file stays in one process).

    Only for a run of the whole suite: a run of chosen files or tests (or one that says how to
    spread itself) starts no extra workers. Notebooks need ``--dist loadfile``: the cells of one
    notebook share one kernel.
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    chosen = any(not arg.startswith("-") for arg in args)
    spread = any(arg.startswith(("-n", "--numprocesses", "--dist", "-p")) for arg in args)
    if cores < 2 or chosen or spread:
        return []
    return ["-n", str(min(cores, 4)), "--dist", "loadfile"]


def cmd_dashboard(args: list[str]) -> int:
    ensure_env()
    say("starting the teacher's dashboard in Voila (stop it with Ctrl+C)")
    return serve([str(PYTHON), "-m", "umbrella_lab.cli", "dashboard", *args])


def cmd_voila(args: list[str]) -> int:
    if not args or args[0].startswith("-"):
        print("usage: python3 dev.py voila NOTEBOOK [voila args]", file=sys.stderr)
        return 2
    notebook = Path(args[0])
    if not (notebook if notebook.is_absolute() else ROOT / notebook).is_file():
        print(f"[dev.py] error: no notebook {args[0]!r}", file=sys.stderr)
        return 2
    ensure_env()
    say(f"showing {notebook.as_posix()} in Voila (stop it with Ctrl+C)")
    return serve([str(PYTHON), "-m", "umbrella_lab.cli", "voila", *args])


def cmd_lint(args: list[str]) -> int:
    ensure_env(("test",))
    rc = run([str(PYTHON), "-m", "ruff", "check", *args])
    say(f"ruff finished with exit code {rc}")
    typed = run([str(PYTHON), "-m", "mypy"])  # the files [tool.mypy] in pyproject.toml names
    say(f"the type check (mypy) finished with exit code {typed}")
    return rc or typed


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The part of a saved output that shows a live widget (a chart, the explorer, a quiz)."""


def drop_widget_views(path: Path) -> int:
    """Take the live-widget views out of a notebook's saved outputs; the number taken.

    Notebooks are kept without widget state, so a saved view points at no widget, and
    JupyterLab shows "Error displaying widget: model not found" in its place until the notebook
    runs. Without the view, JupyterLab shows what else the output holds, as GitHub, nbviewer and
    an HTML export do: a chart's picture, a picture of the table, a line of text. nbval never
    compares views (their ids are random), so the checks of the outputs are the same.
    """
    notebook = json.loads(path.read_text(encoding="utf-8"))
    taken = 0
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            if output.get("data", {}).pop(WIDGET_VIEW, None) is not None:
                taken += 1
    if taken:  # written as Jupyter writes a notebook
        text = json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")
    return taken


KERNEL_NAME = "Python 3 (ipykernel)"
"""The name ipykernel's kernel gives itself, which JupyterLab writes into a notebook it opens."""


def name_kernel(path: Path) -> None:
    """Save the notebook under its kernel's own name (nbconvert keeps the name it found).

    A notebook saved as "Python 3" would show as changed the moment JupyterLab opens it (it
    writes the running kernel's name in), and ask to be saved on closing.
    """
    text = path.read_text(encoding="utf-8")
    named = text.replace('"display_name": "Python 3",', f'"display_name": "{KERNEL_NAME}",', 1)
    if named != text:
        path.write_text(named, encoding="utf-8")


def cmd_save(args: list[str]) -> int:
    if not args or any(arg.startswith("-") for arg in args):
        print("usage: python3 dev.py save NOTEBOOK [NOTEBOOK ...]", file=sys.stderr)
        return 2
    paths = {arg: Path(arg) if Path(arg).is_absolute() else ROOT / arg for arg in args}
    missing = [arg for arg, path in paths.items() if not path.is_file()]
    if missing:
        print(f"[dev.py] error: no notebook {missing[0]!r}", file=sys.stderr)
        return 2
    ensure_env(("test",))  # nbstripout is one of the test tools
    for arg, path in paths.items():
        say(f"running {arg}")
        execute = ["--to", "notebook", "--execute", "--inplace"]
        timing = "--ExecutePreprocessor.record_timing=False"
        rc = run([str(PYTHON), "-m", "jupyter", "nbconvert", *execute, timing, str(path)])
        if rc:
            return rc
        taken = drop_widget_views(path)
        keys = "metadata.widgets cell.metadata.execution"  # widget state and timings
        rc = run([str(PYTHON), "-m", "nbstripout", "--keep-output", "--keep-count",
                  "--extra-keys", keys, str(path)])  # fmt: skip
        if rc:
            return rc
        name_kernel(path)
        say(f"saved {arg} ({taken} live-widget views left out, each with its picture kept)")
    return 0


BINDER = ROOT / "binder"
LOCK = BINDER / "requirements.txt"
BINDER_PLATFORM = "x86_64-manylinux_2_28"
"""Binder's machines: Linux on x86-64 (repo2docker's Ubuntu 24.04)."""
BINDER_ALSO = ("notebook>=7",)
"""Binder's own packages the lock pins beside the kit's: Notebook 7 (repo2docker's image has
one, made for the JupyterLab of the image; the lock's JupyterLab is another)."""

READ_DEPENDENCIES = (
    "import hashlib, json, sys\n"
    "try:\n    import tomllib\nexcept ImportError:\n    import tomli as tomllib\n"
    "with open(sys.argv[1], 'rb') as f:\n"
    "    listed = tomllib.load(f)['project']['dependencies']\n"
    "print(hashlib.sha256(json.dumps(sorted(listed)).encode()).hexdigest()[:16])\n"
)
"""Run by .venv's python (which has a TOML reader on every Python): the fingerprint of
pyproject.toml's dependency list, as the lock's header records it."""


def dependencies_fingerprint() -> str:
    done = subprocess.run(
        [str(PYTHON), "-c", READ_DEPENDENCIES, str(PYPROJECT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def cmd_lock(args: list[str]) -> int:
    """Write binder/requirements.txt: the kit with every package pinned, as the tests ran it.

    The versions are those installed in .venv (the environment the tests run in) wherever
    Binder's Python takes the same package, resolved for Binder's Python (binder/runtime.txt)
    on Linux; a package .venv lacks (one needed only on that Python) gets the newest that fits.
    The header records a fingerprint of pyproject.toml's dependencies; a test checks that the
    lock still matches them (run `python3 dev.py lock` after changing them).
    """
    if args:
        print("usage: python3 dev.py lock", file=sys.stderr)
        return 2
    ensure_env()
    uv = find_uv()
    if uv is None:
        say("error: `dev.py lock` needs uv (pip install uv)")
        return 1
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    version = runtime.removeprefix("python-")
    tested = subprocess.run(
        [*uv, "pip", "freeze", "--python", str(PYTHON)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    pins = [line for line in tested if "==" in line and not line.startswith("umbrella-lab")]
    constraints = VENV / ".umbrella-lab-tested.txt"
    constraints.write_text("\n".join(pins) + "\n", encoding="utf-8")
    resolved = VENV / ".umbrella-lab-lock.txt"
    resolved.unlink(missing_ok=True)  # (uv would read an old one as preferences)
    also = VENV / ".umbrella-lab-binder-also.in"
    also.write_text("\n".join(BINDER_ALSO) + "\n", encoding="utf-8")
    rc = run(
        [
            *uv, "pip", "compile", str(PYPROJECT), str(also), *uv_index_args(),
            "--python-version", version, "--python-platform", BINDER_PLATFORM,
            "--constraint", str(constraints), "--no-header", "--no-annotate", "--quiet",
            "--output-file", str(resolved),
        ]
    )  # fmt: skip
    if rc != 0:
        say(f"error: the lock could not be resolved (exit {rc})")
        return rc
    body = resolved.read_text(encoding="utf-8").replace(str(PYPROJECT), "pyproject.toml")
    body = body.replace(str(also), "binder")
    header = (
        "# Binder's environment, locked. repo2docker runs `pip install -r` on this file\n"
        "# from the repository root, so `-e .` is this project. Made by `python3 dev.py lock`\n"
        f"# for Python {version} on Linux, with the versions the tests ran with; a test checks\n"
        "# that it still matches pyproject.toml's dependencies (after a change to them, run\n"
        "# `python3 dev.py lock` again). Notebook 7 is pinned too, to the JupyterLab pinned\n"
        "# here: Binder's image has a Notebook 7 made for its own JupyterLab, which a link\n"
        "# to /tree or /notebooks starts.\n"
        f"# pyproject dependencies: {dependencies_fingerprint()}\n"
        "-e .\n"
    )
    LOCK.write_text(header + body, encoding="utf-8")
    count = sum(1 for line in body.splitlines() if "==" in line)
    say(f"wrote {_rel(LOCK)}: {count} packages pinned for Python {version}")
    return 0


COMMANDS = {
    "lab": cmd_lab,
    "test": cmd_test,
    "dashboard": cmd_dashboard,
    "voila": cmd_voila,
    "lint": cmd_lint,
    "save": cmd_save,
    "lock": cmd_lock,
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help", "help"}:
        print(USAGE, end="")
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    keep_bytecode()
    if command not in COMMANDS:
        print(f"[dev.py] error: unknown command {command!r}\n", file=sys.stderr)
        print(USAGE, end="", file=sys.stderr)
        return 2
    return COMMANDS[command](rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

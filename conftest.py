"""Repository-wide pytest setup: the two tiers, progress while collecting, and nbval.

1. Two tiers. The default run leaves out the tests marked ``slow``; the full run
   (``python3 dev.py test --full``, which sets ``UMBRELLA_LAB_FULL_TESTS=1``, as CI does) runs
   them too. A ``-m`` expression given on the command line chooses instead (``-m slow`` runs
   only the slow ones).
2. Progress from the start. With several workers (``-n``), each worker imports the kit and
   collects every test before the first result shows; the first worker says where it is.
3. ``--nbval-sanitize-with`` defaults to the absolute path of ``tests/nbval_sanitize.cfg``,
   because nbval opens that file relative to the current directory.
4. nbval runs cells with ``store_history=False``, so IPython ignores a trailing ``;`` and
   the cell output no longer matches the stored one (nbval issue #194). The patch below
   executes cells with ``store_history=True``, as Jupyter does.

Steps 3 and 4 are skipped quietly when nbval is not installed.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
SANITIZE_FILE = ROOT / "tests" / "nbval_sanitize.cfg"
FULL_TESTS = "UMBRELLA_LAB_FULL_TESTS"
"""Set to ``1`` (``python3 dev.py test --full`` does) for the full tier."""


def full_tier() -> bool:
    """True for the full run: the tests marked ``slow`` run too."""
    return os.environ.get(FULL_TESTS) == "1"


def pytest_report_header(config: pytest.Config) -> str:
    if config.getoption("markexpr"):
        return f"tier: the tests chosen by -m {config.getoption('markexpr')!r}"
    if full_tier():
        return (
            "tier: full (every test, the slow ones too; the notebooks and workshops run under "
            "nbval in a Windows-style clone)"
        )
    return "tier: default (tests marked slow are left out; `python3 dev.py test --full` runs them)"


def _windows_clone_runs_the_notebooks() -> bool:
    """True where the full run's Windows-style clone can be made (a git checkout)."""
    return shutil.which("git") is not None and (ROOT / ".git").exists()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("markexpr"):
        return
    if full_tier():
        # The full run plays every notebook and workshop under nbval once, in the Windows-style
        # clone (tests/test_portable.py), rather than here and there again.
        if _windows_clone_runs_the_notebooks() and not config.getoption("file_or_dir"):
            here = [item for item in items if item.path.suffix == ".ipynb"]
            if here:
                config.hook.pytest_deselected(items=here)
                items[:] = [item for item in items if item.path.suffix != ".ipynb"]
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


# --- progress while the workers collect -----------------------------------------------------------

_COLLECT_START = time.monotonic()


def _worker_says(config: pytest.Config, text: str) -> None:
    """Print a line from the first xdist worker (the others collect the very same tests)."""
    if os.environ.get("PYTEST_XDIST_WORKER") != "gw0":
        return
    capture = config.pluginmanager.getplugin("capturemanager")
    if capture is None:
        return
    with capture.global_and_fixture_disabled():  # a worker's stderr is the terminal's
        sys.stderr.write(f"[gw0] {text}\n")
        sys.stderr.flush()


def pytest_collectstart(collector: pytest.Collector) -> None:
    # One line per top folder (umbrella_lab's doctests, tests, notebooks, tutorials).
    if isinstance(collector, pytest.Dir | pytest.Package) and collector.path.parent == ROOT:
        seconds = time.monotonic() - _COLLECT_START
        _worker_says(collector.config, f"collecting {collector.path.name}/ ({seconds:.0f} s)")


def pytest_collection_finish(session: pytest.Session) -> None:
    seconds = time.monotonic() - _COLLECT_START
    _worker_says(session.config, f"collected {len(session.items)} tests in {seconds:.0f} s")


@pytest.hookimpl(trylast=True)  # after nbval's own pytest_configure (deprecated-alias handling)
def pytest_configure(config: pytest.Config) -> None:
    try:
        given = config.getoption("nbval_sanitize_with")
    except ValueError:  # nbval not installed / not loaded
        return
    if not given and SANITIZE_FILE.is_file():
        config.option.nbval_sanitize_with = str(SANITIZE_FILE)


def _patch_nbval_semicolon() -> None:
    try:
        from nbval import kernel as nbval_kernel
    except ImportError:
        return
    running_kernel = getattr(nbval_kernel, "RunningKernel", None)
    if running_kernel is None or not hasattr(running_kernel, "execute_cell_input"):
        return

    def execute_cell_input(self, cell_input, allow_stdin=None):
        return self.kc.execute(
            cell_input, store_history=True, allow_stdin=allow_stdin, stop_on_error=False
        )

    running_kernel.execute_cell_input = execute_cell_input


_patch_nbval_semicolon()

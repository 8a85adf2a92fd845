"""Real-browser fixtures: JupyterLab and Voila on a temp folder, driven by Playwright.

The system's Chromium or Chrome is used (``playwright install`` is never needed): the program
named by ``$UMBRELLA_LAB_CHROMIUM``, else Debian's ``/usr/bin/chromium``, else a Chromium or
Chrome found on the ``PATH`` or where macOS and Windows install Chrome. Without one, or without
the ``playwright`` package, every test here is skipped. Each test session gets fresh
servers on free ports, a temp root folder (so autosave touches no committed file), and temp
settings that silence the "news" toast and keep no workspace between runs.

Screenshots go to ``$UMBRELLA_LAB_SHOTS`` (default: a temp folder, printed by the test).

The default run (``python3 dev.py test``) drives one page of each kind, the tests named in
:data:`QUICK`; every other browser test is marked ``slow`` here and runs in the full run (CI).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

QUICK = {
    "test_explorer_browser.py::test_lab_click_fork_compare",
    "test_explorer_browser.py::test_voila_renders_and_clicks",
    "test_marvel_browser.py::test_a_turn_played_by_clicking_the_table",
    "test_classroom_browser.py::test_the_quiz_hides_its_answer_until_the_commitment[desktop]",
    "test_classroom_browser.py::test_the_dashboard_in_voila_compares_a_change_with_its_baseline"
    "[desktop]",
    "test_puzzle_browser.py::test_a_puzzle_hides_its_answer_until_the_commitment[desktop]",
    "test_accessibility_browser.py::test_no_serious_accessibility_violation[explorer-umbrella]",
}
"""The browser tests of the default run: the explorer in JupyterLab and in Voila, Marvel
United's table, the quiz, the dashboard, a puzzle and one accessibility check, each on the
desktop. The projected sizes, every game's and view's own checks and the workshops in Voila are
marked slow: each page starts a kernel, and they are many."""


@pytest.hookimpl(tryfirst=True)  # before the root conftest.py leaves the slow tests out
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if item.path.parent == here and item.nodeid.split("/")[-1] not in QUICK:
            item.add_marker(pytest.mark.slow)


def find_chromium() -> Path:
    """The browser the tests drive (see the module's docstring); the Debian path if none."""
    named = os.environ.get("UMBRELLA_LAB_CHROMIUM")
    if named:
        return Path(named)
    found = [Path("/usr/bin/chromium")]
    found += [
        Path(path)
        for name in ("chromium", "chromium-browser", "google-chrome", "chrome")
        if (path := shutil.which(name))
    ]
    found += [
        Path("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"),
        Path("/Applications/Chromium.app/Contents/MacOS/Chromium"),
        *(
            Path(os.environ.get(root, "")) / "Google/Chrome/Application/chrome.exe"
            for root in ("PROGRAMFILES", "PROGRAMFILES(X86)", "LOCALAPPDATA")
            if os.environ.get(root)
        ),
    ]
    return next((path for path in found if path.exists()), found[0])


CHROMIUM = find_chromium()

NOTEBOOK_CELLS = [
    'from umbrella_lab.widgets import Explorer\n\nw = Explorer("academy", seed=7, players=3)\nw',
]

SECRET = "the secret explanation of the quiz"

QUIZ_CELLS = [  # a question whose explanation must not reach the page before the commitment
    "from umbrella_lab.widgets import Quiz\n\n"
    "def explain(answer):  # the sentence is put together only at the reveal\n"
    f"    return ' '.join({SECRET.split()!r})\n\n"
    'quiz = Quiz.choice("Which total of two dice comes up most often?",\n'
    '    [str(total) for total in range(2, 13)], answer=lambda: "7", explain=explain)\n'
    "quiz",
    'Quiz.number("What share of games does the team win?", answer=lambda: 0.37, within=5,\n'
    "    percent=True)",
]

DASHBOARD_CELLS = ['from umbrella_lab.widgets import Dashboard\n\nDashboard(game="academy")']

TWO_UMBRELLA_CELLS = [  # two explorers on one page: each keeps its own board choices
    'from umbrella_lab.widgets import Explorer\n\nExplorer("umbrella", seed=3, players=4)',
    'Explorer("umbrella", seed=3, players=4)',
]


def _skip_reason() -> str:
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    for tool in ("jupyter-lab", "voila"):
        if not (Path(sys.executable).parent / tool).exists() and not shutil.which(tool):
            return f"{tool} is not installed"
    return ""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_http(url: str, process: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status < 500:
                    return
        except OSError:
            time.sleep(0.25)
    tail = log.read_text(errors="replace")[-3000:]
    raise RuntimeError(f"{url} did not answer in {timeout} s:\n{tail}")


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A small notebook with these code cells and no outputs."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell-{i}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for i, source in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


class Servers:
    """JupyterLab and Voila serving one temp folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lab_port = _free_port()
        self.voila_port = _free_port()
        self.processes: list[subprocess.Popen] = []
        self.lab = f"http://127.0.0.1:{self.lab_port}"
        self.voila = f"http://127.0.0.1:{self.voila_port}"

    def start(self) -> None:
        bin_dir = Path(sys.executable).parent
        settings = self.root.parent / "settings"
        (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True, exist_ok=True)
        (
            settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
        ).write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        env = {
            **os.environ,
            "JUPYTERLAB_SETTINGS_DIR": str(settings),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.root.parent / "workspaces"),
            "JUPYTER_RUNTIME_DIR": str(self.root.parent / "runtime"),
            "PYTHONUNBUFFERED": "1",
        }
        lab_log = self.root.parent / "lab.log"
        voila_log = self.root.parent / "voila.log"
        lab = [
            str(bin_dir / "jupyter-lab"),
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={self.lab_port}",
            "--ServerApp.port_retries=0",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            "--LabApp.expose_app_in_browser=True",
            f"--ServerApp.root_dir={self.root}",
        ]
        voila = [  # Voila as the kit starts it (umbrella-lab voila, umbrella-lab dashboard)
            sys.executable,
            "-m",
            "umbrella_lab.voila_server",
            "--no-browser",
            f"--port={self.voila_port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
            str(self.root),
        ]
        for command, log in ((lab, lab_log), (voila, voila_log)):
            handle = log.open("w")
            self.processes.append(
                subprocess.Popen(
                    command,
                    cwd=self.root,
                    env=env,
                    stdout=handle,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
        _wait_http(f"{self.lab}/api/status", self.processes[0], lab_log)
        _wait_http(f"{self.voila}/", self.processes[1], voila_log)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, 15)
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, 9)


@pytest.fixture(scope="session")
def ui_root() -> Iterator[Path]:
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    base = Path(tempfile.mkdtemp(prefix="umbrella-lab-ui-"))
    root = base / "root"
    root.mkdir()
    write_notebook(root / "explorer.ipynb", NOTEBOOK_CELLS)
    write_notebook(root / "two_umbrella.ipynb", TWO_UMBRELLA_CELLS)
    write_notebook(root / "quiz.ipynb", QUIZ_CELLS)
    write_notebook(root / "dashboard.ipynb", DASHBOARD_CELLS)
    tutorials = Path(__file__).resolve().parents[2] / "tutorials"
    shutil.copytree(tutorials, root / "tutorials", ignore=shutil.ignore_patterns("my_work"))
    (root / "tutorials" / "my_work").mkdir()
    yield root
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def servers(ui_root: Path) -> Iterator[Servers]:
    servers = Servers(ui_root)
    try:
        servers.start()
        yield servers
    finally:
        servers.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    given = os.environ.get("UMBRELLA_LAB_SHOTS")
    folder = Path(given or tempfile.mkdtemp(prefix="explorer-shots-"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextlib.contextmanager
def open_page(browser, size: tuple[dict, float]) -> Iterator[object]:
    """A new page of this viewport and scale (``({"width": .., "height": ..}, scale)``)."""
    viewport, scale = size
    page = browser.new_page(viewport=viewport, device_scale_factor=scale)
    try:
        yield page
    finally:
        page.close()


def shoot_whole(page, folder: Path, name: str, locator, height: int = 3000) -> None:
    """The viewport as it is, then the whole element in a tall viewport (``-whole.png``)."""
    page.mouse.move(2, 2)
    page.wait_for_timeout(250)
    page.screenshot(path=str(folder / name))
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": height})
    page.wait_for_timeout(250)
    locator.screenshot(path=str(folder / name.replace(".png", "-whole.png")))
    page.set_viewport_size(size)

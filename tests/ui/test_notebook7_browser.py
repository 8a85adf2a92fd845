"""The kit in Notebook 7 (``jupyter notebook``), the interface a Binder link may start.

A Binder session started at ``?urlpath=tree/...`` (or a school's server that runs Notebook 7
rather than JupyterLab) serves the same notebooks through Notebook 7's own pages. The server
here is started as Binder starts one: postBuild's settings written into an environment prefix
(the kit's server extension, the culling of idle kernels), ``binder/start`` in front of the
command, and BinderHub's options (a base URL and a token). Then, in Chromium:

- the start notebook, run in Notebook 7: the explorer's widget is drawn and a move clicked on
  its page is played by the kernel;
- the teacher's dashboard notebook, run in Notebook 7: the dashboard's widget is drawn;
- the dashboard opened by its Voila link on the same server (``voila/render/...``): closing
  the page shuts its kernel down, as on Binder.

Screenshots go to the shots folder: ``notebook7-start.png``, ``notebook7-dashboard.png``,
``notebook7-voila-dashboard.png``. A slow test (the full run).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import _free_port, _wait_http

pytestmark = pytest.mark.ui

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120_000
TOKEN = "binder-token"
BASE = "/user/someone/"


def _notebook_app() -> str:
    """Why Notebook 7 cannot be started here, or "" when it can."""
    try:
        import notebook
    except ImportError:
        return "Notebook 7 (the notebook package) is not installed"
    major = int(notebook.__version__.split(".")[0])
    return "" if major >= 7 else f"notebook {notebook.__version__} is not Notebook 7"


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory) -> Iterator[str]:
    """A Notebook 7 server launched as Binder launches one; its address with the base URL."""
    reason = _notebook_app()
    if reason:
        pytest.skip(reason)
    if os.name == "nt":
        pytest.skip("Binder runs Linux")
    home = tmp_path_factory.mktemp("binder")
    prefix = home / "env"  # postBuild writes Binder's settings into the environment's prefix
    (prefix / "bin").mkdir(parents=True)
    python = prefix / "bin" / "python"
    python.write_text(f'#!/bin/sh\nexec {sys.executable} "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    env = {
        **os.environ,
        "NB_PYTHON_PREFIX": str(prefix),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_CONFIG_PATH": str(prefix / "etc" / "jupyter"),
        "JUPYTER_CONFIG_DIR": str(home / "user-config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "TMPDIR": str(home),
        "PYTHONUNBUFFERED": "1",
    }
    repo = home / "repo"  # the notebooks as the repository holds them, in a copy
    for folder in ("notebooks", "tutorials"):
        shutil.copytree(ROOT / folder, repo / folder, ignore=shutil.ignore_patterns("my_work"))
    (repo / "tutorials" / "my_work").mkdir()
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], cwd=repo, env=env, check=True)
    port = _free_port()
    jupyter = [sys.executable, "-m", "jupyter", "notebook", "--no-browser", "--ip=127.0.0.1"]
    jupyter += [f"--port={port}", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={repo}"]
    jupyter += ["--JupyterNotebookApp.expose_app_in_browser=True"]
    if os.geteuid() == 0:
        jupyter.append("--allow-root")
    binderhub = [  # BinderHub's options (binderhub/binderspawner_mixin.py)
        f"--ServerApp.base_url={BASE}",
        f"--ServerApp.token={TOKEN}",
        "--ServerApp.trust_xheaders=True",
    ]
    log = home / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["bash", str(ROOT / "binder" / "start"), *jupyter, *binderhub],
            cwd=repo,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = f"http://127.0.0.1:{port}{BASE}"
    try:
        _wait_http(f"{server}api/status?token={TOKEN}", process, log, timeout=120)
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
    text = log.read_text(errors="replace")
    assert "umbrella_lab.jupyter_settings | extension was successfully loaded" in text, text
    assert "Traceback" not in text, text[-3000:]


def _kernels(server: str) -> list[str]:
    with urllib.request.urlopen(f"{server}api/kernels?token={TOKEN}", timeout=10) as answer:
        return [kernel["id"] for kernel in json.loads(answer.read())]


IDLE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return Boolean(kernel) && kernel.status === "idle";
}"""
"""Whether the notebook's kernel has started and waits for cells."""


def _run_all(page, server: str, path: str) -> None:
    """Open a notebook in Notebook 7's own page and run every cell."""
    page.goto(f"{server}notebooks/{path}?token={TOKEN}", timeout=TIMEOUT)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands", timeout=TIMEOUT)
    page.wait_for_function(IDLE, timeout=TIMEOUT)  # the kernel is up before the cells go
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def test_the_start_notebook_plays_a_move_in_notebook7(notebook7, browser, shots):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        _run_all(page, notebook7, "notebooks/00_start_here.ipynb")
        explorer = page.locator(".ulx").first
        action = explorer.locator(".ulx-action").first
        action.wait_for(timeout=TIMEOUT)  # the widget is drawn, with the moves of the deal
        step = explorer.locator(".ulx-step")
        assert step.inner_text().startswith("Step 0 ")
        action.click()  # the page sends the move; the kernel plays it and draws the table
        step.filter(has_text="Step 1 ").wait_for(timeout=TIMEOUT)
        assert "Error displaying widget" not in page.inner_text("body")
        page.screenshot(path=str(shots / "notebook7-start.png"))
    finally:
        page.close()


def test_the_dashboard_notebook_draws_its_widget_in_notebook7(notebook7, browser, shots):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        _run_all(page, notebook7, "notebooks/teacher_dashboard.ipynb")
        board = page.locator(".uld").first
        board.wait_for(timeout=TIMEOUT)
        assert "Who plays" in board.inner_text()
        assert "Error displaying widget" not in page.inner_text("body")
        page.screenshot(path=str(shots / "notebook7-dashboard.png"))
    finally:
        page.close()


def test_the_dashboards_voila_page_closes_its_kernel_on_a_notebook7_server(
    notebook7, browser, shots
):
    before = set(_kernels(notebook7))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(
        f"{notebook7}voila/render/notebooks/teacher_dashboard.ipynb?token={TOKEN}",
        timeout=TIMEOUT,
    )
    page.locator(".uld").first.wait_for(timeout=TIMEOUT)
    page.screenshot(path=str(shots / "notebook7-voila-dashboard.png"))
    opened = set(_kernels(notebook7)) - before
    assert len(opened) == 1, opened
    page.close(run_before_unload=True)  # the page says goodbye as it closes
    deadline = time.monotonic() + 15
    while opened & set(_kernels(notebook7)):
        assert time.monotonic() < deadline, "the dashboard's kernel still runs 15 s after"
        time.sleep(0.5)
    context.close()

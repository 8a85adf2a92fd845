"""A class table through jupyter-server-proxy in a running Jupyter server (one machine, tabs).

A Jupyter server with a login token and jupyter-server-proxy serves the table at
``/proxy/<port>/``: a request without the login is refused; the teacher's page, opened after
logging in, makes the seats' links from its own address, and a seat's page opened from such a
link plays a move over the proxied websocket.

Run with ``pytest -m ui tests/ui/test_table_proxy_browser.py`` (a slow test: the full run).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

TOKEN = "class-table-test-token"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def _status(url: str) -> int:
    """The status of a GET, redirects not followed (127.0.0.1 only)."""
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(url, timeout=5) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture(scope="module")
def jupyter(tmp_path_factory) -> str:
    pytest.importorskip("jupyter_server_proxy", reason="jupyter-server-proxy is not installed")
    root = tmp_path_factory.mktemp("proxy-root")
    port = _free_port()
    log = (root / "server.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter_server",
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={TOKEN}",
            f"--ServerApp.root_dir={root}",
        ],
        cwd=root,
        env={**os.environ, "JUPYTER_RUNTIME_DIR": str(root / "runtime")},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            if process.poll() is not None:
                raise RuntimeError((root / "server.log").read_text()[-2000:])
            with contextlib.suppress(OSError):
                if _status(f"{base}/api/status?token={TOKEN}") == 200:
                    break
            time.sleep(0.25)
        yield base
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, 15)
        process.wait(timeout=20)


def test_a_table_through_jupyter_server_proxy(browser, jupyter: str, tmp_path: Path, shots: Path):
    from umbrella_lab.table.server import TableServer

    started = threading.Event()
    holder: dict = {}

    def serve() -> None:
        import asyncio

        async def main() -> None:
            server = TableServer(tmp_path, links_from_page=True, bot_delay=0.05).start()
            holder["server"] = server
            holder["table"] = server.open("pig", players=2, seed=3)
            holder["loop"] = asyncio.get_running_loop()
            holder["stop"] = asyncio.Event()
            started.set()
            await holder["stop"].wait()
            server.stop()

        asyncio.run(main())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert started.wait(20)
    server, table = holder["server"], holder["table"]
    proxied = f"{jupyter}/proxy/{server.port}"
    try:
        # without the Jupyter login: refused (or sent to the login page), never the table
        assert _status(f"{proxied}/t/{table.id}/seat/0") in (302, 401, 403)

        context = browser.new_context()
        teacher = context.new_page()
        teacher.goto(f"{proxied}/t/{table.id}/teacher?token={TOKEN}#k={table.teacher_token}")
        teacher.wait_for_selector(".ult-qr svg", timeout=60_000)
        link = teacher.get_attribute(".ult-seat .ult-link", "href")
        assert link is not None and link.startswith(f"{proxied}/t/{table.id}/seat/0#k=")
        seat = context.new_page()
        seat.goto(link)
        seat.wait_for_selector(".ult-move", timeout=60_000)
        seat.locator(".ult-move").first.click()
        end = time.monotonic() + 30
        while table.step == 0 and time.monotonic() < end:
            time.sleep(0.05)
        assert table.step >= 1, "a move was played through the proxied websocket"
        teacher.screenshot(path=str(shots / "table-proxy-teacher.png"))
        context.close()
    finally:
        holder["loop"].call_soon_threadsafe(holder["stop"].set)
        thread.join(20)

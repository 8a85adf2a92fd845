"""The servers the kit starts stop when asked, cleanly: `umbrella-lab dashboard`, `dev.py
dashboard` and `dev.py lab`.

Each is started in a session of its own (as a process manager starts it), the page is asked for
(so a kernel starts and runs the dashboard's cells), then SIGINT is sent to the started process
alone, as a process manager or an editor sends it: the server must stop within seconds, leave
no process and no temporary folder behind, and print no traceback nor the tornado warning
"websocket_ping_timeout ... cannot be longer than the websocket_ping_interval".
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STOPS_WITHIN = 15
"""Seconds a server may take to stop after SIGINT (it takes 2 to 5 here)."""

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX signals and process groups")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True  # it answers, if not with this page
    except OSError:
        return False


def _mentioning(text: str) -> list[int]:
    """Processes whose command line mentions ``text`` (this test's port or folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if text in line and int(entry.name) != os.getpid():
                found.append(int(entry.name))
    return found


def _start_load_and_interrupt(
    command: list[str],
    port: int,
    tmp_path: Path,
    page: str = "/",
    load_for: float = 3.0,
    no_error_logged: bool = True,
) -> str:
    """Start ``command``, ask for ``page``, SIGINT the process alone; its output."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "PYTHONUNBUFFERED": "1"}
    env.pop("UMBRELLA_LAB_FULL_TESTS", None)
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # as a process manager starts it: Ctrl+C is not shared
        )
    try:
        began = time.monotonic()
        while not _answers(f"http://127.0.0.1:{port}/api/status"):
            assert process.poll() is None, log.read_text(errors="replace")
            assert time.monotonic() - began < 120, "the server did not start"
            time.sleep(0.3)
        threading.Thread(  # the page loads (a kernel starts) while the signal comes
            target=_answers, args=(f"http://127.0.0.1:{port}{page}",), daemon=True
        ).start()
        time.sleep(load_for)
        asked = time.monotonic()
        os.kill(process.pid, signal.SIGINT)  # this process alone
        status = process.wait(timeout=STOPS_WITHIN + 30)
        took = time.monotonic() - asked
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    time.sleep(0.5)
    text = log.read_text(errors="replace")
    assert took < STOPS_WITHIN, f"stopped {took:.1f} s after SIGINT\n{text}"
    assert status in (0, 130), f"exit status {status}\n{text}"
    assert not _mentioning(f"port={port}"), f"a server is left running\n{text}"
    assert not _mentioning(str(scratch)), f"a kernel is left running\n{text}"
    assert list(scratch.iterdir()) == [], f"left in the temporary folder: {list(scratch.iterdir())}"
    assert "Traceback" not in text, text
    assert not no_error_logged or "Error" not in text, text
    assert "cannot be longer than the websocket_ping_interval" not in text, text
    return text


@pytest.mark.parametrize(  # the kernel being launched, starting (full run only); the cells
    "load_for",
    [pytest.param(0.3, marks=pytest.mark.slow), pytest.param(1.0, marks=pytest.mark.slow), 4.0],
)
def test_umbrella_lab_dashboard_stops_at_sigint_during_the_first_load(tmp_path, load_for):
    pytest.importorskip("voila")
    port = _free_port()
    command = [sys.executable, "-m", "umbrella_lab.cli", "dashboard", "--no-browser"]
    text = _start_load_and_interrupt(
        [*command, "--port", str(port)], port, tmp_path, load_for=load_for
    )
    if "Kernel started" in text:  # (at 0.3 s the kernel may still be starting: it ends itself)
        assert "Kernel shutdown" in text, text


@pytest.mark.slow
def test_an_installed_kits_dashboard_notebook_is_removed_when_it_stops(tmp_path):
    """Without the repository around it, the dashboard writes its notebook into a temporary
    folder for each start: the folder goes when the dashboard stops."""
    pytest.importorskip("voila")
    port = _free_port()
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from umbrella_lab import cli\n"
        "cli.DASHBOARD = Path('no-such-folder') / 'dashboard.ipynb'\n"
        f"sys.exit(cli.main(['dashboard', '--no-browser', '--port', '{port}']))\n"
    )
    text = _start_load_and_interrupt([sys.executable, "-c", script], port, tmp_path)
    assert "umbrella-lab-dashboard-" not in str(list((tmp_path / "tmp").iterdir())), text


@pytest.mark.slow
def test_dev_py_dashboard_passes_sigint_on(tmp_path):
    pytest.importorskip("voila")
    port = _free_port()
    command = [sys.executable, str(ROOT / "dev.py"), "dashboard", "--no-browser"]
    text = _start_load_and_interrupt([*command, "--port", str(port)], port, tmp_path)
    assert "Kernel shutdown" in text, text


@pytest.mark.slow
def test_dev_py_lab_passes_sigint_on(tmp_path):
    port = _free_port()
    command = [sys.executable, str(ROOT / "dev.py"), "lab", "--no-browser", f"--port={port}"]
    command += ["--ServerApp.port_retries=0", "--IdentityProvider.token="]
    text = _start_load_and_interrupt(  # (JupyterLab's own log may name an error it met)
        command, port, tmp_path, page="/lab", load_for=1.0, no_error_logged=False
    )
    assert "Shutting down" in text or "received signal" in text or "Interrupted" in text, text


def test_a_signal_before_the_server_starts_is_passed_on_as_it_starts(tmp_path):
    """`run_server` passes on a signal that comes while the server is being started."""
    from umbrella_lab import jupyter_settings

    started = []

    class Slow:
        def __init__(self, command, cwd, env, start_new_session):
            assert start_new_session
            os.kill(os.getpid(), signal.SIGTERM)  # arrives before the server is known
            started.append(self)
            self.sent = []

        def send_signal(self, number):
            self.sent.append(number)

        def wait(self):
            return -int(self.sent[0])

    before = signal.getsignal(signal.SIGTERM)
    original = subprocess.Popen
    subprocess.Popen = Slow  # type: ignore[misc]
    try:
        status = jupyter_settings.run_server(["server"], cwd=tmp_path)
    finally:
        subprocess.Popen = original  # type: ignore[misc]
    assert started[0].sent == [signal.SIGTERM] and status == 128 + signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) == before  # this process's handler is back


def test_websockets_are_pinged_once_without_tornados_warning(monkeypatch):
    """Tornado's own pings are left out of the kernel websockets (Jupyter Server pings them in
    milliseconds, which tornado read as seconds, warning that 90,000 is longer than 30,000)."""
    from types import SimpleNamespace

    from jupyter_server.base.websocket import WebSocketMixin
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from tornado.websocket import WebSocketHandler

    from umbrella_lab.jupyter_settings import ping_once

    plain_protocol = WebSocketHandler.get_websocket_protocol
    monkeypatch.setattr(WebSocketMixin, "get_websocket_protocol", plain_protocol, raising=False)
    monkeypatch.setattr(WebSocketMixin, "pings_once", False, raising=False)
    handler = object.__new__(KernelWebsocketHandler)
    handler.request = SimpleNamespace(headers={"Sec-WebSocket-Version": "13"})
    handler.application = SimpleNamespace(settings={})
    plain = handler.get_websocket_protocol()
    assert (plain.params.ping_interval, plain.params.ping_timeout) == (30000, 90000)
    ping_once()
    ping_once()  # a second call changes nothing more
    protocol = handler.get_websocket_protocol()
    assert protocol.params.ping_interval is None and protocol.params.ping_timeout is None
    assert protocol.ping_timeout == 0  # read without a warning
    assert handler.ping_interval == 30000 and handler.ping_timeout == 90000  # its own pings

"""Settings for the Jupyter servers that show the kit: JupyterLab and Voila.

Used by ``python3 dev.py lab``, by ``umbrella-lab dashboard`` and ``umbrella-lab voila`` and by
Binder (``binder/postBuild``), so that every way of opening the kit behaves the same:

* **Idle kernels are shut down.** Each Voila page starts a kernel (about 170 MB); a page closed
  without its goodbye (a crashed tab, a dropped network, a link preview) left its kernel
  running. A kernel with no page connected and idle for :data:`CULL_IDLE_SECONDS` is shut down;
  a kernel that is computing, or that a page still shows, is never touched.
* **Kernel traffic is encrypted** (CurveZMQ keys made by the server for each kernel) where the
  installed pyzmq supports it, instead of plain TCP on the local machine.
* **The kit's notebooks are trusted**, so JupyterLab shows their stored pictures (charts,
  explorer tables) and the server does not warn that they are "not trusted".
* **A kernel's answer leaves the server at once** (:func:`send_at_once`), **websockets are
  pinged once, without a warning** (:func:`ping_once`), and **a Voila page opened on its own
  can shut its kernel down as it closes** (:func:`give_voila_pages_their_xsrf_cookie`): this
  module is a Jupyter server extension that does the three in JupyterLab and on Binder (where
  Voila runs inside the Jupyter server); :mod:`umbrella_lab.voila_server` does them for
  ``umbrella-lab dashboard`` and ``umbrella-lab voila``.
* **A server started for the user stops when asked** (:func:`run_server`): Ctrl+C, a process
  manager's SIGINT or SIGTERM, a closed terminal reach the server, once.

Run as ``python -m umbrella_lab.jupyter_settings [--lab | --extension] [--trust FOLDER ...]``
to write the server settings into this environment's Jupyter configuration and trust the
notebooks found in each FOLDER.
"""

from __future__ import annotations

import argparse
import errno
import inspect
import json
import os
import socket
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

CULL_IDLE_SECONDS = 600
"""A kernel with no page connected is shut down after this many idle seconds (10 minutes)."""

CULL_INTERVAL_SECONDS = 60
"""How often the server looks for idle kernels."""

DEFAULT_PORT = 8866
"""Voila's usual port; the next free one is taken when it is in use."""


def encryption_available() -> bool:
    """Whether kernels can talk to the server over encrypted (CurveZMQ) sockets here.

    Needs a pyzmq built with CURVE and a jupyter_client whose kernel managers can hand each
    kernel its keys (``KernelManager.transport_encryption``). jupyter_client is asked rather
    than jupyter_server, whose import takes seconds.
    """
    try:
        import zmq
        from jupyter_client.manager import KernelManager
    except ImportError:
        return False
    return bool(zmq.has("curve")) and "transport_encryption" in KernelManager.class_traits()


def kernel_settings() -> dict[str, dict[str, Any]]:
    """The kernel managers' settings: culling of idle kernels, and encryption."""
    settings: dict[str, dict[str, Any]] = {
        "MappingKernelManager": {
            "cull_idle_timeout": CULL_IDLE_SECONDS,
            "cull_interval": CULL_INTERVAL_SECONDS,
            "cull_connected": False,
            "cull_busy": False,
        }
    }
    if encryption_available():
        # "auto": encrypted whenever the kernel says it can (ipykernel does), plain otherwise
        settings["KernelManager"] = {"transport_encryption": "auto"}
    return settings


def send_at_once() -> None:
    """Send each kernel's messages to the page at once: ``TCP_NODELAY`` on its websocket.

    Without it an answer larger than one network packet (an explorer's redraw is about 24 KB)
    waits for the browser to acknowledge the first part, which a browser delays by about 40 ms:
    in Voila a Marvel United click took 63 ms to the redrawn board, and 26 ms with this
    (``benchmarks/explorer_clicks.py --browser``). Safe to call more than once.
    """
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    if getattr(KernelWebsocketHandler, "sends_at_once", False):
        return
    opened = KernelWebsocketHandler.open

    async def open_at_once(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        return await opened(self, *args, **kwargs)

    KernelWebsocketHandler.open = open_at_once  # type: ignore[method-assign]
    KernelWebsocketHandler.sends_at_once = True  # type: ignore[attr-defined]


def ping_once() -> None:
    """Keep websocket pings to Jupyter Server's own: no "ping timeout" warning at each start.

    Jupyter Server pings each websocket every 30 seconds and closes one that stays silent for
    90 (in milliseconds, its own unit), and hands the same two numbers to tornado, which reads
    them as seconds: a second round of pings every 8 hours, and the warning "websocket_ping_timeout
    (90000) cannot be longer than the websocket_ping_interval (30000)" at the first page. Tornado's
    round is left out (it never came in time to matter); Jupyter Server's pings go on as before.
    Safe to call more than once.
    """
    from jupyter_server.base.websocket import WebSocketMixin
    from tornado.websocket import WebSocketHandler

    if getattr(WebSocketMixin, "pings_once", False):
        return

    def get_websocket_protocol(self: Any) -> Any:
        protocol = WebSocketHandler.get_websocket_protocol(self)
        params = getattr(protocol, "params", None)
        if params is not None:
            params.ping_interval = params.ping_timeout = None
        return protocol

    WebSocketMixin.get_websocket_protocol = get_websocket_protocol  # type: ignore[attr-defined]
    WebSocketMixin.pings_once = True  # type: ignore[attr-defined]


def give_page_its_xsrf_cookie(request: Any, notebook: Any, cwd: str) -> None:
    """Voila's ``prelaunch_hook``: set the page's XSRF cookie (reading the token sets it).

    Args:
        request: The tornado request handler of the page.
        notebook: The notebook about to run (unchanged).
        cwd: The folder its kernel runs in.
    """
    _ = request.xsrf_token


PAGE_TEMPLATE = Path(__file__).parent / "voila_page"
"""The kit's page template: Voila's own, less the style sheets it asks a CDN for."""


def give_voila_pages_their_xsrf_cookie(server_app: Any) -> None:
    """Let Voila pages served by this Jupyter server shut their kernel down as they close.

    A Voila page asks for its kernel to be shut down as it closes, sending back the server's
    XSRF cookie; a page opened on its own (Binder's ``?urlpath=voila/render/...``, with no
    JupyterLab page before it) never received that cookie, so the request was refused ("403:
    '_xsrf' argument missing from POST") and the kernel ran on until the idle cull. Voila's
    ``prelaunch_hook`` (:func:`give_page_its_xsrf_cookie`) hands each
    page its cookie; the XSRF check stays on. A hook the server's settings already give is
    kept.
    """
    voila = server_app.config.VoilaConfiguration
    if "prelaunch_hook" not in voila:  # Voila's extension reads it when it loads, after this
        voila.prelaunch_hook = give_page_its_xsrf_cookie


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """This module as a Jupyter server extension (see :func:`_load_jupyter_server_extension`)."""
    return [{"module": "umbrella_lab.jupyter_settings"}]


def voila_pages_ask_no_cdn() -> None:
    """Let Voila pages served by this Jupyter server ask no CDN for their style sheets.

    Voila's "lab" page links FontAwesome's style sheets from a CDN (two failed requests in an
    offline classroom), though Voila's own script carries FontAwesome. ``umbrella-lab voila``
    puts the kit's page first (:data:`PAGE_TEMPLATE`); a Jupyter
    server's Voila (JupyterLab's *Render with Voila*, Binder's ``?urlpath=voila/render/...``)
    finds its templates through ``collect_template_paths`` when its extension loads, which is
    after this one (extensions load in the order of their names): the kit's page is put first
    there too. Nothing changes if Voila is not installed or loaded first.
    """
    try:
        import voila.server_extension as served
    except ImportError:  # pragma: no cover - Voila comes with the kit
        return
    plain = served.collect_template_paths
    if getattr(plain, "kit_page_first", False):
        return

    def collect(app_names: Any, template_name: str = "default", *args: Any, **kwargs: Any) -> Any:
        paths = plain(app_names, template_name, *args, **kwargs)
        return [str(PAGE_TEMPLATE), *paths] if template_name == "lab" else paths

    collect.kit_page_first = True  # type: ignore[attr-defined]
    served.collect_template_paths = collect


def voila_pages_show_their_pictures(server_app: Any) -> None:
    """Let Voila pages served by this Jupyter server show a notebook's pictures in markdown.

    Voila inlines a markdown picture by asking the server's contents manager for the file,
    as if it answered at once; a Jupyter server's manager answers later (it is asynchronous),
    so a notebook with a picture in its text (the dashboard notebook keeps one for pages
    without a kernel) broke Voila's page halfway ("'coroutine' object is not subscriptable")
    and the page never loaded: Binder's dashboard link among them. The kit's renderer leaves
    pictures that are no file to the notebook's own embedding (an attachment, a data or web
    address) and, under an asynchronous manager, lets the browser fetch a file itself. A
    renderer the server's settings already give is kept.
    """
    try:
        from voila.exporter import VoilaMarkdownRenderer
    except ImportError:  # pragma: no cover - Voila comes with the kit
        return

    class PicturesRenderer(VoilaMarkdownRenderer):
        """Voila's markdown renderer, for a contents manager that answers later too."""

        def image(self, text: str, url: str, title: str | None = None) -> str:
            files = self.contents_manager
            asynchronous = inspect.iscoroutinefunction(getattr(files, "file_exists", None))
            if asynchronous or url.startswith(("attachment:", "data:", "http:", "https:")):
                return super(VoilaMarkdownRenderer, self).image(text, url, title)
            return str(super().image(text, url, title))

    exporter = server_app.config.VoilaExporter
    if "markdown_renderer_class" not in exporter:
        exporter.markdown_renderer_class = PicturesRenderer


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Loaded by the Jupyter server: answers at once, one ping, Voila pages' cookie and looks."""
    send_at_once()
    ping_once()
    give_voila_pages_their_xsrf_cookie(server_app)
    voila_pages_ask_no_cdn()
    voila_pages_show_their_pictures(server_app)


def server_settings(*, lab: bool = False, extension: bool = False) -> dict[str, dict[str, Any]]:
    """Settings by configurable class, as a Jupyter JSON configuration file holds them.

    Args:
        lab: Load this module as a server extension (as ``extension`` does) and leave out
            ``notebook_shim`` (JupyterLab's bridge for the old Notebook 6 settings; it is what
            prints the "ServerApp.token config is deprecated" warning at start when no token
            is given in Notebook 6's words, and ``python3 dev.py lab`` gives none).
        extension: Load this module as a server extension (see
            :func:`_load_jupyter_server_extension`), leaving ``notebook_shim`` on: Binder
            starts its server with Notebook 6's options (``--NotebookApp.token=...``).

    Returns:
        ``{"MappingKernelManager": {...}, "KernelManager": {...}}``, and ``ServerApp``
        settings with ``lab`` or ``extension``.
    """
    settings = kernel_settings()
    if lab or extension:
        loaded: dict[str, bool] = {"umbrella_lab.jupyter_settings": True}
        if lab:
            loaded = {"notebook_shim": False, **loaded}
        settings["ServerApp"] = {"jpserver_extensions": loaded}
    return settings


def command_line(settings: dict[str, dict[str, Any]]) -> list[str]:
    """The settings as command-line options: ``--Class.name=value``.

    >>> command_line({"MappingKernelManager": {"cull_idle_timeout": 600, "cull_busy": False}})
    ['--MappingKernelManager.cull_idle_timeout=600', '--MappingKernelManager.cull_busy=False']
    """
    return [
        f"--{klass}.{name}={value}"
        for klass, values in settings.items()
        for name, value in values.items()
        if not isinstance(value, dict)
    ]


def write_server_config(folder: Path, settings: dict[str, dict[str, Any]]) -> Path:
    """Merge ``settings`` into ``folder/jupyter_server_config.json`` and return its path.

    Settings already in the file are kept unless ``settings`` names them.
    """
    path = folder / "jupyter_server_config.json"
    found: dict[str, Any] = {}
    if path.is_file():
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as error:
            msg = f"{path} is not valid JSON ({error}); fix or delete it"
            raise ValueError(msg) from error
    _merge(found, settings)
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    return path


def _merge(into: dict[str, Any], new: dict[str, Any]) -> None:
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def trust_notebooks(paths: Iterable[Path]) -> int:
    """Trust notebooks (sign them, as ``jupyter trust`` does); returns how many were signed.

    Notebooks already trusted are left as they are.
    """
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    signed = 0
    for path in paths:
        notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        if not notary.check_signature(notebook):
            notary.sign(notebook)
            signed += 1
    return signed


def port_is_free(port: int) -> bool:
    """Whether a server could listen on ``port`` of this machine (localhost, IPv4 and IPv6)."""
    for family, host in ((socket.AF_INET, "127.0.0.1"), (socket.AF_INET6, "::1")):
        try:
            probe = socket.socket(family, socket.SOCK_STREAM)
        except OSError:  # no IPv6 here
            continue
        with probe:
            if os.name != "nt":  # as servers do: a port left in TIME_WAIT counts as free
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((host, port))
            except OSError as error:
                if error.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
                    continue  # that address family is not set up here
                return False
    return True


def free_port(preferred: int = DEFAULT_PORT, tries: int = 50) -> int:
    """``preferred`` if it is free, else the next free port after it.

    Raises:
        ValueError: ``preferred`` is not a port number, or no port of the ``tries`` is free.
    """
    if not 1 <= preferred <= 65535:
        msg = f"port must be a number from 1 to 65535, not {preferred}"
        raise ValueError(msg)
    for port in range(preferred, min(preferred + tries, 65536)):
        if port_is_free(port):
            return port
    msg = f"ports {preferred} to {preferred + tries - 1} are all in use; choose one with --port"
    raise ValueError(msg)


STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
"""The signals a server started by :func:`run_server` is handed (by name: not all systems have
each)."""


def run_server(command: Sequence[str], cwd: Path, scratch: Path | None = None) -> int:
    """Run a server (Voila, JupyterLab) until it stops; its exit status.

    The server runs in a process group of its own, and each stop signal this process receives
    is passed on to it, once: Ctrl+C in the terminal, a process manager's or an editor's
    SIGINT or SIGTERM sent to this process alone, and SIGHUP when the terminal closes (passed
    on as SIGTERM, so the server still shuts its kernels down and removes its temporary
    files). The server's kernels never see the terminal's Ctrl+C: the server stops them itself,
    without a traceback from a kernel interrupted as it starts. On Windows the server shares
    the console and gets Ctrl+C from it.

    Args:
        command: The server's command line.
        cwd: The folder it runs in.
        scratch: A temporary folder for the server: its temporary files go there (the page
            that opens the browser, its kernels' connection files), and it is removed once
            the server and every kernel naming it have ended (a kernel still starting when
            the server stopped ends itself a moment later).

    Returns:
        The server's exit status; ``128 + n`` when signal ``n`` ended it (as a shell says).
    """
    env = None if scratch is None else {**os.environ, "TMPDIR": str(scratch)}
    try:
        return _run_server(command, cwd, env)
    finally:
        if scratch is not None:
            _remove_when_unused(scratch)


def _remove_when_unused(folder: Path, seconds: float = 10.0) -> None:
    """Remove ``folder`` once no process names it on its command line (``seconds`` at most)."""
    import shutil
    import time

    try:
        import psutil  # type: ignore[import-untyped]  # (a dependency of ipykernel)
    except ImportError:  # pragma: no cover
        psutil = None
    waited = 0.0
    while psutil is not None and waited < seconds:
        named = False
        for process in psutil.process_iter(["cmdline"]):
            line = process.info.get("cmdline") or []
            if any(str(folder) in part for part in line):
                named = True
                break
        if not named:
            break
        time.sleep(0.2)
        waited += 0.2
    shutil.rmtree(folder, ignore_errors=True)


def _run_server(command: Sequence[str], cwd: Path, env: dict[str, str] | None) -> int:
    """:func:`run_server` without the clean-up of its scratch folder."""
    import signal
    import subprocess

    if os.name == "nt":
        process = subprocess.Popen(list(command), cwd=cwd, env=env)
        while True:
            try:
                return process.wait()
            except KeyboardInterrupt:  # the server got it too and stops by itself
                continue
    started: list[subprocess.Popen[bytes]] = []
    waiting: list[int] = []

    def pass_on(number: int, frame: Any) -> None:
        number = signal.SIGTERM if number == signal.SIGHUP else number
        if not started:
            waiting.append(number)  # the server is not started yet: sent as it starts
            return
        started[0].send_signal(number)  # (nothing happens if it has just stopped)

    numbers = [getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name)]
    previous = {number: signal.signal(number, pass_on) for number in numbers}
    try:
        started.append(subprocess.Popen(list(command), cwd=cwd, env=env, start_new_session=True))
        for number in waiting:
            started[0].send_signal(number)
        status = started[0].wait()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 128 - status if status < 0 else status


def main(argv: Sequence[str] | None = None) -> int:
    """Write the server settings into this environment and trust the notebooks of folders."""
    parser = argparse.ArgumentParser(
        prog="python -m umbrella_lab.jupyter_settings",
        description="Write the kit's Jupyter server settings into this environment "
        f"({Path(sys.prefix) / 'etc' / 'jupyter'}) and trust the notebooks of folders.",
    )
    parser.add_argument(
        "--lab",
        action="store_true",
        help="also load the kit's server extension and leave out notebook_shim "
        "(see server_settings)",
    )
    parser.add_argument(
        "--extension",
        action="store_true",
        help="also load the kit's server extension (Binder; see server_settings)",
    )
    parser.add_argument(
        "--prefix",
        type=Path,
        default=Path(sys.prefix),
        help="the Python environment to write into (default: this one)",
    )
    parser.add_argument(
        "--trust",
        nargs="*",
        default=[],
        type=Path,
        metavar="FOLDER",
        help="trust the notebooks directly in each FOLDER",
    )
    args = parser.parse_args(argv)
    settings = server_settings(lab=args.lab, extension=args.extension)
    path = write_server_config(args.prefix / "etc" / "jupyter", settings)
    print(f"Jupyter server settings written to {path}")
    notebooks = sorted(path for folder in args.trust for path in folder.glob("*.ipynb"))
    if notebooks:
        signed = trust_notebooks(notebooks)
        print(f"{len(notebooks)} notebooks trusted ({signed} newly)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The kit's Jupyter server settings (umbrella_lab.jupyter_settings), as dev.py and Binder
use them."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from umbrella_lab.jupyter_settings import server_settings, write_server_config

ROOT = Path(__file__).resolve().parents[1]


def test_idle_kernels_of_closed_pages_are_culled_busy_ones_never():
    kernels = server_settings()["MappingKernelManager"]
    assert kernels["cull_idle_timeout"] == 600 and kernels["cull_interval"] == 60
    assert kernels["cull_connected"] is False and kernels["cull_busy"] is False
    assert "ServerApp" not in server_settings()
    lab = {"notebook_shim": False, "umbrella_lab.jupyter_settings": True}
    assert server_settings(lab=True)["ServerApp"]["jpserver_extensions"] == lab
    binder = server_settings(extension=True)["ServerApp"]["jpserver_extensions"]
    assert binder == {"umbrella_lab.jupyter_settings": True}  # Binder keeps notebook_shim


def test_writing_keeps_other_settings_and_refuses_a_broken_file(tmp_path):
    path = tmp_path / "jupyter_server_config.json"
    path.write_text(json.dumps({"ServerApp": {"port": 9999}}), encoding="utf-8")
    write_server_config(tmp_path, server_settings(lab=True))
    found = json.loads(path.read_text(encoding="utf-8"))
    assert found["ServerApp"]["port"] == 9999
    assert found["ServerApp"]["jpserver_extensions"] == {
        "notebook_shim": False,
        "umbrella_lab.jupyter_settings": True,
    }
    assert found["MappingKernelManager"]["cull_idle_timeout"] == 600
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="is not valid JSON"):
        write_server_config(tmp_path, server_settings())
    assert path.read_text(encoding="utf-8") == "{not json"


def test_the_command_writes_into_the_environment_and_trusts_notebooks(monkeypatch, tmp_path):
    pytest.importorskip("nbformat")
    from nbformat import read
    from nbformat.sign import NotebookNotary

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))  # a scratch trust database
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", folder)
    # In a process of its own, as `dev.py` runs it: an environment at a scratch prefix.
    script = (
        "import sys\n"
        f"sys.prefix = {str(tmp_path / 'env')!r}\n"
        "from umbrella_lab import jupyter_settings\n"
        f"raise SystemExit(jupyter_settings.main(['--trust', {str(folder)!r}]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "1 notebooks trusted (1 newly)" in out
    assert (tmp_path / "env" / "etc" / "jupyter" / "jupyter_server_config.json").is_file()
    notary = NotebookNotary()
    assert notary.check_signature(read(folder / "00_start_here.ipynb", as_version=4))


def test_kernel_answers_are_sent_at_once(monkeypatch):
    """Each kernel websocket sets TCP_NODELAY as it opens, once however often it is asked."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    from umbrella_lab.jupyter_settings import send_at_once

    opened = []

    async def open_plain(self, *args):
        opened.append(args)

    monkeypatch.setattr(KernelWebsocketHandler, "open", open_plain)
    monkeypatch.setattr(KernelWebsocketHandler, "sends_at_once", False, raising=False)
    send_at_once()
    send_at_once()  # a second call changes nothing more

    class Socket:
        nodelay = None

        def set_nodelay(self, value):
            self.nodelay = value

    socket = Socket()
    opening = KernelWebsocketHandler.open(socket, "kernel-1")
    with pytest.raises(StopIteration):  # run it by hand: a browser test may hold an event loop
        opening.send(None)
    assert socket.nodelay is True and opened == [("kernel-1",)]
    lab = server_settings(lab=True)["ServerApp"]["jpserver_extensions"]
    assert lab["umbrella_lab.jupyter_settings"] is True  # JupyterLab loads it as an extension


def test_binders_start_passes_the_token_under_its_current_name():
    done = subprocess.run(
        [
            *("bash", str(ROOT / "binder" / "start"), "printf", "%s\\n", "--ip=0.0.0.0"),
            *("--NotebookApp.token=abc", "--ServerApp.token=abc", "--ServerApp.base_url=/u/"),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines() == [
        "--ip=0.0.0.0",
        "--NotebookApp.token=abc",
        "--IdentityProvider.token=abc",
        "--ServerApp.base_url=/u/",
    ]


def _binder_prefix(tmp_path: Path) -> Path:
    """A Binder environment's prefix whose python is this one; postBuild run into it."""
    prefix = tmp_path / "env"
    (prefix / "bin").mkdir(parents=True)
    python = prefix / "bin" / "python"
    python.write_text(f'#!/bin/sh\nexec {sys.executable} "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    env = {**os.environ, "NB_PYTHON_PREFIX": str(prefix), "JUPYTER_DATA_DIR": str(tmp_path)}
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env, check=True)
    return prefix


def test_binders_post_build_loads_the_kits_server_extension(tmp_path):
    prefix = _binder_prefix(tmp_path)
    config = json.loads((prefix / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["jpserver_extensions"] == {"umbrella_lab.jupyter_settings": True}
    assert config["MappingKernelManager"]["cull_idle_timeout"] == 600
    overrides = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert "fetchNews" in overrides.read_text(encoding="utf-8")


def test_jupyterlab_settings_wrap_code_and_are_the_same_on_binder_and_from_dev_py(tmp_path):
    """Long code lines wrap (a projected screen cuts a line of over about 72 characters off).

    binder/postBuild and ``python3 dev.py lab`` write the same settings, and a settings file an
    earlier ``dev.py`` wrote is brought up to date while one the user wrote is left alone.
    """
    import importlib.util

    prefix = _binder_prefix(tmp_path)
    overrides = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    on_binder = json.loads(overrides.read_text(encoding="utf-8"))
    assert on_binder["@jupyterlab/notebook-extension:tracker"] == {
        "codeCellConfig": {"lineWrap": True}
    }
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    assert json.loads(dev.QUIET_LAB) == on_binder
    dev.LAB_SETTINGS = tmp_path / "lab" / "overrides.json"
    dev.quiet_lab()
    assert json.loads(dev.LAB_SETTINGS.read_text(encoding="utf-8")) == on_binder
    dev.LAB_SETTINGS.write_text(dev.OLD_QUIET_LAB, encoding="utf-8")
    dev.quiet_lab()
    assert json.loads(dev.LAB_SETTINGS.read_text(encoding="utf-8")) == on_binder
    mine = '{"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"}}\n'
    dev.LAB_SETTINGS.write_text(mine, encoding="utf-8")
    dev.quiet_lab()
    assert dev.LAB_SETTINGS.read_text(encoding="utf-8") == mine


@pytest.mark.slow  # about 30 s: JupyterLab starts and shows a Voila page
@pytest.mark.skipif(os.name == "nt", reason="Binder runs Linux")
def test_on_binder_a_voila_page_opened_by_its_link_shuts_its_kernel_down(tmp_path):
    """Binder's launch, simulated: postBuild's settings, binder/start and BinderHub's options.

    The dashboard's link opens a Voila page with no JupyterLab page before it; the page's
    goodbye (the request Voila's page sends as it closes, with the XSRF cookie) shuts its
    kernel down. The server prints no deprecation warning.
    """
    pytest.importorskip("voila")
    import http.cookiejar
    import re
    import time
    import urllib.parse
    import urllib.request

    prefix = _binder_prefix(tmp_path)
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    cell = {"cell_type": "code", "execution_count": None, "id": "a", "metadata": {}}
    page = {"cells": [{**cell, "outputs": [], "source": "x = 6 * 7\nx"}], "metadata": {}}
    page |= {"nbformat": 4, "nbformat_minor": 5}
    (notebooks / "page.ipynb").write_text(json.dumps(page), encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    token, base = "binder-token", "/user/someone/"
    binderhub = [  # BinderHub's options (binderhub/binderspawner_mixin.py), both spellings
        f"--NotebookApp.base_url={base}",
        f"--NotebookApp.token={token}",
        "--NotebookApp.trust_xheaders=True",
        f"--ServerApp.base_url={base}",
        f"--ServerApp.token={token}",
        "--ServerApp.trust_xheaders=True",
    ]
    jupyter = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1"]
    jupyter += [f"--port={port}", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={tmp_path}"]
    if os.geteuid() == 0:
        jupyter.append("--allow-root")
    env = {**os.environ, "JUPYTER_DATA_DIR": str(tmp_path), "TMPDIR": str(tmp_path)}
    env["JUPYTER_CONFIG_PATH"] = str(prefix / "etc" / "jupyter")
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "user-config")
    log = tmp_path / "server.log"
    server = f"http://127.0.0.1:{port}{base}"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["bash", str(ROOT / "binder" / "start"), *jupyter, *binderhub],
            cwd=tmp_path,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        cookies = http.cookiejar.CookieJar()
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
        began = time.monotonic()
        while True:
            try:
                browser.open(f"{server}api/status?token={token}", timeout=5).read()
                break
            except OSError:
                assert process.poll() is None, log.read_text(errors="replace")
                assert time.monotonic() - began < 120, log.read_text(errors="replace")
                time.sleep(0.3)
        cookies.clear()  # the page opened by its link is the first page of the session
        html = browser.open(
            f"{server}voila/render/notebooks/page.ipynb?token={token}", timeout=120
        ).read()
        kernel = re.search(rb'"kernelId": "([0-9a-f-]{36})"', html)
        assert kernel is not None, html[:2000]
        assert b"jsdelivr" not in html  # the kit's page: no style sheet from a CDN
        kernel_id = kernel.group(1).decode()
        xsrf = next((c.value for c in cookies if c.name == "_xsrf"), None)
        assert xsrf, f"the page got no _xsrf cookie: {[c.name for c in cookies]}"

        def kernels() -> list:
            with browser.open(f"{server}api/kernels?token={token}", timeout=10) as answer:
                return [k["id"] for k in json.loads(answer.read())]

        assert kernel_id in kernels()
        goodbye = urllib.parse.urlencode({"_xsrf": xsrf}).encode()  # as the page's beacon
        with browser.open(f"{server}voila/api/shutdown/{kernel_id}", data=goodbye) as answer:
            assert answer.status == 204
        assert kernel_id not in kernels()
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
    text = log.read_text(errors="replace")
    assert "umbrella_lab.jupyter_settings | extension was successfully loaded" in text, text
    assert "deprecated" not in text.lower(), text
    # no request refused (a log line "403 POST ..."), whatever the port's digits
    assert not re.search(r"\b403 (GET|POST|PUT|DELETE)\b", text) and "_xsrf" not in text, text


def test_a_jupyter_servers_voila_pages_ask_no_cdn(monkeypatch):
    """JupyterLab's and Binder's Voila (the server extension) find the kit's page first."""
    import voila.server_extension as served

    from umbrella_lab import jupyter_settings
    from umbrella_lab.voila_server import PAGE_TEMPLATE

    monkeypatch.setattr(served, "collect_template_paths", served.collect_template_paths)
    plain_lab = served.collect_template_paths(["voila", "nbconvert"], "lab")
    plain_other = served.collect_template_paths(["voila", "nbconvert"], "classic")
    jupyter_settings.voila_pages_ask_no_cdn()
    jupyter_settings.voila_pages_ask_no_cdn()  # once is enough: a second call adds nothing
    assert served.collect_template_paths(["voila", "nbconvert"], "lab") == [
        str(PAGE_TEMPLATE),
        *plain_lab,
    ]
    assert served.collect_template_paths(["voila", "nbconvert"], "classic") == plain_other
    page = (PAGE_TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    assert "jsdelivr" not in page and '{%- extends "lab/index.html.j2" -%}' in page


def test_a_jupyter_servers_voila_page_shows_the_dashboard_notebooks_picture(tmp_path):
    """The dashboard notebook keeps a picture in its text; a Jupyter server's Voila (Binder's
    dashboard link) asked its asynchronous contents manager for it as if it answered at once,
    and the page broke ("'coroutine' object is not subscriptable"). With the kit's renderer the
    picture is embedded from the notebook's attachment."""
    exporting = pytest.importorskip("voila.exporter")
    from types import SimpleNamespace

    from jupyter_server.services.contents.filemanager import AsyncFileContentsManager
    from traitlets.config import Config

    from umbrella_lab.jupyter_settings import voila_pages_show_their_pictures

    server = SimpleNamespace(config=Config())
    voila_pages_show_their_pictures(server)
    files = AsyncFileContentsManager(root_dir=str(tmp_path))
    exporter = exporting.VoilaExporter(config=server.config, contents_manager=files)
    notebook = json.loads((ROOT / "notebooks" / "teacher_dashboard.ipynb").read_text("utf-8"))
    cell = next(c for c in notebook["cells"] if c.get("attachments"))
    shown = exporter.markdown2html({"cell": cell}, "".join(cell["source"]))
    assert 'src="data:image/png;base64,' in shown and "The teacher's dashboard after" in shown
    (tmp_path / "plain.png").write_bytes(b"\x89PNG")  # a file beside the notebook: left to
    shown = exporter.markdown2html({"cell": {}}, "![a file](plain.png)")  # the browser
    assert 'src="plain.png"' in shown
    kept = SimpleNamespace(config=Config({"VoilaExporter": {"markdown_renderer_class": "x.Y"}}))
    voila_pages_show_their_pictures(kept)
    assert kept.config.VoilaExporter.markdown_renderer_class == "x.Y"  # the server's own kept


def _python_312() -> str | None:
    """A Python of Binder's version (binder/runtime.txt), or None."""
    wanted = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    version = wanted.removeprefix("python-")
    for name in (f"python{version}", "python3"):
        found = shutil.which(name)
        if found:
            said = subprocess.run(
                [found, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                capture_output=True,
                text=True,
            ).stdout.strip()
            if said == version:
                return found
    pyenv = Path.home() / ".pyenv" / "versions"
    for folder in sorted(pyenv.glob(f"{version}.*"), reverse=True) if pyenv.is_dir() else []:
        if (folder / "bin" / "python").exists():
            return str(folder / "bin" / "python")
    return None


@pytest.mark.slow  # about a minute: the lock installed into a fresh environment, a server started
@pytest.mark.skipif(os.name == "nt", reason="Binder runs Linux")
def test_binders_environment_from_the_lock_serves_lab_notebook_7_and_the_dashboard(tmp_path):
    """Binder's build and launch, simulated as far as they go without Docker: the lock installed
    into a fresh environment of Binder's Python from the repository root (as repo2docker runs
    `pip install -r binder/requirements.txt`), no broken requirement, postBuild run into it, and
    binder/start with BinderHub's options starting Notebook 7 (a /tree link): JupyterLab,
    Notebook 7 and the dashboard's Voila link (with its picture) answer, and the server loads
    the kit's extension with no traceback and no deprecation warning."""
    import time
    import urllib.request

    python = _python_312()
    if python is None:
        pytest.skip("no Python of Binder's version here")
    sys.path.insert(0, str(ROOT))
    import dev

    env_dir = tmp_path / "env"
    subprocess.run([python, "-m", "venv", str(env_dir)], check=True)
    uv = dev.find_uv()
    assert uv is not None, "the test tools install uv"
    install = [*uv, "pip", "install", "--python", str(env_dir / "bin" / "python")]
    install += [*dev.uv_index_args(), "-r", "binder/requirements.txt"]
    subprocess.run(install, cwd=ROOT, check=True, capture_output=True)
    checked = subprocess.run(
        [str(env_dir / "bin" / "python"), "-m", "pip", "check"], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    env = {**os.environ, "NB_PYTHON_PREFIX": str(env_dir), "JUPYTER_DATA_DIR": str(tmp_path)}
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env, check=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    token, base = "binder-token", "/user/someone/"
    command = [str(env_dir / "bin" / "jupyter"), "notebook", "--no-browser", "--ip=127.0.0.1"]
    command += [f"--port={port}", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={ROOT}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    command += [f"--ServerApp.base_url={base}", f"--ServerApp.token={token}"]
    command += ["--ServerApp.trust_xheaders=True"]
    env |= {"JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"), "JUPYTER_RUNTIME_DIR": str(tmp_path)}
    env.pop("JUPYTER_CONFIG_PATH", None)
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["bash", str(ROOT / "binder" / "start"), *command],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = f"http://127.0.0.1:{port}{base}"
    try:
        began = time.monotonic()
        while True:
            try:
                urllib.request.urlopen(f"{server}api/status?token={token}", timeout=5).read()
                break
            except OSError:
                assert process.poll() is None, log.read_text(errors="replace")
                assert time.monotonic() - began < 120, log.read_text(errors="replace")
                time.sleep(0.5)
        pages = {}
        for path in (
            "tree",
            "lab/tree/notebooks/00_start_here.ipynb",
            "notebooks/notebooks/00_start_here.ipynb",
            "voila/render/notebooks/teacher_dashboard.ipynb",
        ):
            with urllib.request.urlopen(f"{server}{path}?token={token}", timeout=180) as page:
                assert page.status == 200, path
                pages[path] = page.read()
        assert b"data:image/png;base64," in pages["voila/render/notebooks/teacher_dashboard.ipynb"]
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
    text = log.read_text(errors="replace")
    assert "umbrella_lab.jupyter_settings | extension was successfully loaded" in text, text
    assert "Traceback" not in text, text[-3000:]
    # Notebook 7 itself reads the old ServerApp.token as it loads (the token is given under its
    # current name), and Voila's package shows traitlets' deprecation warnings: that one line
    # is theirs; no other warning is printed.
    theirs = "ServerApp.token config is deprecated in jupyter-server 2.0"
    lines = [line for line in text.splitlines() if "deprecat" in line.lower()]
    assert all(theirs in line for line in lines), lines

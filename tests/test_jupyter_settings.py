"""The kit's Jupyter server settings (umbrella_lab.jupyter_settings), as dev.py and Binder
use them."""

import json
import shutil
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

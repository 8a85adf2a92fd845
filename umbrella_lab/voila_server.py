"""Voila with the kit's settings: ``python -m umbrella_lab.voila_server NOTEBOOK [options]``.

The same as ``voila NOTEBOOK [options]``, except that each kernel's answer is sent to the page
at once (:func:`umbrella_lab.jupyter_settings.send_at_once`) and each page's kernel is shut down
when the page is closed. Voila's page asks for that as it closes, but Voila (0.5) refuses the
request ("'_xsrf' argument missing from POST": the page never received the XSRF cookie it must
send back), so every page load left its kernel running until the server stopped.
:func:`~umbrella_lab.jupyter_settings.give_page_its_xsrf_cookie` hands the page its cookie; the
XSRF check stays on.
``umbrella-lab dashboard`` and ``umbrella-lab voila`` start Voila this way, with the server
settings of :mod:`umbrella_lab.jupyter_settings` (idle kernels culled) as a second safeguard.

Stopping is quiet too: SIGINT (Ctrl+C) stops the server as SIGTERM does, between two pieces of
work rather than in the middle of one, and at the stop the kernels are ended at once. Voila
used to ask each kernel to stop, interrupting it first, and a kernel still starting or running
the dashboard's first cells printed a traceback (``KeyboardInterrupt``, ``ZMQError``) for it.
Voila's folder of connection files is removed as before (by ``umbrella-lab`` when a kernel
was still starting: :func:`end_kernels`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from umbrella_lab.jupyter_settings import PAGE_TEMPLATE, give_page_its_xsrf_cookie

__all__ = ["PAGE_TEMPLATE", "end_kernels", "give_page_its_xsrf_cookie", "main"]


async def end_kernels(manager: Any) -> None:
    """End every kernel of ``manager`` at once, quietly.

    A kernel still starting (a page loading as Ctrl+C comes) is not the manager's yet: asked
    to stop it, the manager said "Kernel does not exist" with a traceback. It is left to end
    itself, as a kernel does within a second or two once its server is gone; its folder of
    connection files is removed then by the command that started the server
    (:func:`umbrella_lab.jupyter_settings.run_server`).
    """
    import contextlib

    from jupyter_core.utils import ensure_async

    for kernel_id in list(manager.list_kernel_ids()):
        with contextlib.suppress(Exception):  # one that ended by itself meanwhile
            await ensure_async(manager.shutdown_kernel(kernel_id, now=True))


def main(argv: Sequence[str] | None = None) -> int:
    """Run Voila with ``argv`` (default: the command line) and the kit's page hook."""
    import shutil
    import signal

    from jupyter_core.utils import run_sync
    from traitlets.config import Config
    from voila.app import Voila as Plain

    from umbrella_lab.jupyter_settings import ping_once, send_at_once

    class Voila(Plain):
        """Voila that stops on SIGINT as on SIGTERM, and ends its kernels at once."""

        def initialize(self, argv: Any = None) -> None:
            super().initialize(argv)
            signal.signal(signal.SIGINT, self._handle_signal_stop)

        def _handle_signal_stop(self, number: int, frame: Any) -> None:
            loop = getattr(self, "ioloop", None)
            if loop is None:  # not serving yet: nothing to stop gently
                raise KeyboardInterrupt
            loop.add_callback_from_signal(loop.stop)

        def stop(self) -> None:
            starting = bool(getattr(self.kernel_manager, "_pending_kernels", None))
            run_sync(end_kernels)(self.kernel_manager)
            if not starting:  # (a kernel still starting writes its file there: see _serve)
                shutil.rmtree(self.connection_dir, ignore_errors=True)

    class KitVoila(Voila):
        """Voila whose page asks no CDN for FontAwesome (Voila's script carries it)."""

        def setup_template_dirs(self) -> None:
            super().setup_template_dirs()
            if self.voila_configuration.template == "lab":
                self.template_paths.insert(0, str(PAGE_TEMPLATE))

    send_at_once()  # each kernel's answer reaches the page without waiting
    ping_once()  # no "websocket_ping_timeout cannot be longer" warning
    config = Config()
    config.VoilaConfiguration.prelaunch_hook = give_page_its_xsrf_cookie
    KitVoila.launch_instance(argv=list(sys.argv[1:] if argv is None else argv), config=config)
    return 0


if __name__ == "__main__":
    sys.exit(main())

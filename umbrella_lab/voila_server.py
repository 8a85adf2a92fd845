"""Voila with the kit's settings: ``python -m umbrella_lab.voila_server NOTEBOOK [options]``.

The same as ``voila NOTEBOOK [options]``, except that each kernel's answer is sent to the page
at once (:func:`umbrella_lab.jupyter_settings.send_at_once`) and each page's kernel is shut down
when the page is closed. Voila's page asks for that as it closes, but Voila (0.5) refuses the
request ("'_xsrf' argument missing from POST": the page never received the XSRF cookie it must
send back), so every page load left its kernel running until the server stopped.
:func:`give_page_its_xsrf_cookie` hands the page its cookie; the XSRF check stays on.
``umbrella-lab dashboard`` and ``umbrella-lab voila`` start Voila this way, with the server
settings of :mod:`umbrella_lab.jupyter_settings` (idle kernels culled) as a second safeguard.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


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


def main(argv: Sequence[str] | None = None) -> int:
    """Run Voila with ``argv`` (default: the command line) and the kit's page hook."""
    from traitlets.config import Config
    from voila.app import Voila

    from umbrella_lab.jupyter_settings import send_at_once

    class KitVoila(Voila):
        """Voila whose page asks no CDN for FontAwesome (Voila's script carries it)."""

        def setup_template_dirs(self) -> None:
            super().setup_template_dirs()
            if self.voila_configuration.template == "lab":
                self.template_paths.insert(0, str(PAGE_TEMPLATE))

    send_at_once()  # each kernel's answer reaches the page without waiting
    config = Config()
    config.VoilaConfiguration.prelaunch_hook = give_page_its_xsrf_cookie
    KitVoila.launch_instance(argv=list(sys.argv[1:] if argv is None else argv), config=config)
    return 0


if __name__ == "__main__":
    sys.exit(main())

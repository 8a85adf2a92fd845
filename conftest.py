"""Repository-wide pytest setup for notebook tests (nbval).

1. ``--nbval-sanitize-with`` defaults to the absolute path of ``tests/nbval_sanitize.cfg``,
   because nbval opens that file relative to the current directory.
2. nbval runs cells with ``store_history=False``, so IPython ignores a trailing ``;`` and
   the cell output no longer matches the stored one (nbval issue #194). The patch below
   executes cells with ``store_history=True``, as Jupyter does.

Both steps are skipped quietly when nbval is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SANITIZE_FILE = Path(__file__).resolve().parent / "tests" / "nbval_sanitize.cfg"


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

"""Modules imported on first use, so that the command line's ``simulate`` starts quickly.

pandas and numpy take most of a second to import. A simulation run from the command line never
needs them, but the modules of this package build tables with them; they name the module
through :func:`later`, and the import happens when a table is first made.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class Later(ModuleType):
    """A stand-in for a module that imports it when one of its names is first read."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self._module: ModuleType | None = None

    def __getattr__(self, attribute: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self.__name__)
        return getattr(module, attribute)


def later(name: str) -> Any:
    """A stand-in for the module ``name`` that imports it when first used.

    >>> pd = later("pandas")  # nothing is imported yet
    """
    return Later(name)

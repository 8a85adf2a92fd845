"""The games of the kit, one subpackage each, registered here by name.

``GAMES`` lists them; each subpackage declares everything about its game in its ``INFO``
(a :class:`~umbrella_lab.engine.core.GameInfo`). :func:`register` imports a game when it is
first asked for: ``ul.load("pig")`` imports Pig and no other game, ``ul.games()`` imports them
all. A game that fails to import is reported when it is loaded (``ul.load``), and the other
games still work. Adding a game is adding a folder and its name here (see CONTRIBUTING.md,
"Adding a game").

``umbrella_lab.games`` is also callable: ``ul.games()`` lists the registered games' names. (A
module that can be called keeps both ``ul.games()`` and ``import umbrella_lab.games.academy``
working under one name.)
"""

import importlib
import sys
import types

from umbrella_lab.engine.core import REGISTRY
from umbrella_lab.engine.core import games as _names

GAMES = ("academy", "corporation", "marvel", "pig", "umbrella")
"""The games of the kit, by the name of their subpackage (and registry name)."""


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """Names of the registered games, e.g. ``['academy', 'corporation']``."""
        return _names()


sys.modules[__name__].__class__ = _GamesPackage


def register(name: str | None = None) -> None:
    """Import and register the kit's game ``name``, or every game of the kit (None).

    A game registered already (or known to fail) is left as it is; a name that is not one of
    ``GAMES`` registers nothing. A game that fails to import is kept in ``REGISTRY.broken``
    with the reason.
    """
    for game in GAMES if name is None else (name,) if name in GAMES else ():
        if game in REGISTRY.games or game in REGISTRY.broken:
            continue
        try:
            module = importlib.import_module(f"{__name__}.{game}")
        except Exception as error:
            REGISTRY.broken[game] = f"{type(error).__name__}: {error}"
        else:
            REGISTRY.register(module.INFO)

"""The games of the kit, one subpackage each, registered here by name.

``GAMES`` lists them; each subpackage declares everything about its game in its ``INFO``
(a :class:`~umbrella_lab.engine.core.GameInfo`). A game that fails to import is reported when
it is loaded (``ul.load``), and the other games still work. Adding a game is adding a folder
and its name here (see CONTRIBUTING.md, "Adding a game").

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

for _name in GAMES:
    try:
        _game = importlib.import_module(f"{__name__}.{_name}")
    except Exception as error:
        REGISTRY.broken[_name] = f"{type(error).__name__}: {error}"
    else:
        REGISTRY.register(_game.INFO)

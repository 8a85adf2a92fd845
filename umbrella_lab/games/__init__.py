"""The games, one subpackage each; importing this package registers them all.

``umbrella_lab.games`` is also callable: ``ul.games()`` lists the registered games' names. (A
module that can be called keeps both ``ul.games()`` and ``import umbrella_lab.games.academy``
working under one name.)
"""

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """Names of the registered games, e.g. ``['academy']``."""
        from umbrella_lab.engine.core import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage

from umbrella_lab.games import academy  # noqa: E402, F401  (registers the game)

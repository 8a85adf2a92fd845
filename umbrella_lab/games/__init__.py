"""The games, one subpackage each; importing this package registers them all.

Every subpackage here is a game: it registers itself with
``umbrella_lab.engine.core.REGISTRY.register(GameInfo(...))`` when imported, so adding a game is
adding a folder (see CONTRIBUTING.md, "Adding a game").

``umbrella_lab.games`` is also callable: ``ul.games()`` lists the registered games' names. (A
module that can be called keeps both ``ul.games()`` and ``import umbrella_lab.games.academy``
working under one name.)
"""

import importlib
import pkgutil
import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """Names of the registered games, e.g. ``['academy', 'corporation']``."""
        from umbrella_lab.engine.core import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _module.ispkg:
        importlib.import_module(f"{__name__}.{_module.name}")

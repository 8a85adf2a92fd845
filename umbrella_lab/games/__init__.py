"""The games of the kit, one folder each, found by their folders.

A game is a subpackage of ``umbrella_lab.games`` whose ``__init__.py`` declares everything
about it in ``INFO`` (a :class:`~umbrella_lab.engine.core.GameInfo`), under the folder's name.
No list of games is written anywhere: :func:`folders` reads them from this package's folders,
so adding a game is adding its folder (see CONTRIBUTING.md, "Adding a game"). A folder
``umbrella_lab/games/`` found elsewhere on ``sys.path`` adds its games too, as the kit's own
(they join this package's ``__path__``): a game kept outside the kit, or installed by a
package of its own, is found the same way. A game written in a notebook registers itself
with ``REGISTRY.register(GameInfo(...))``.

:func:`register` imports a game when it is first asked for: ``ul.load("pig")`` imports Pig and
no other game, ``ul.games()`` imports them all. A game that fails to import is reported when it
is loaded (``ul.load``), and the other games still work.

``umbrella_lab.games`` is also callable: ``ul.games()`` lists the registered games' names. (A
module that can be called keeps both ``ul.games()`` and ``import umbrella_lab.games.academy``
working under one name.)

>>> from umbrella_lab.games import GAMES
>>> GAMES
('academy', 'corporation', 'marvel', 'pig', 'umbrella')
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import types
from pathlib import Path

from umbrella_lab.engine.core import REGISTRY, GameInfo
from umbrella_lab.engine.core import games as _names


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """Names of the registered games, e.g. ``['academy', 'corporation']``."""
        return _names()


sys.modules[__name__].__class__ = _GamesPackage


def folders() -> tuple[str, ...]:
    """The names of the games' folders, sorted: the subpackages of ``umbrella_lab.games``.

    Read anew at each call, with the folders on ``sys.path`` now; a name starting with ``_``
    is not a game.
    """
    _join_folders_on_sys_path()
    found = (module.name for module in pkgutil.iter_modules(__path__) if module.ispkg)
    return tuple(sorted(name for name in found if not name.startswith("_")))


_SCANNED: list[tuple[str, ...]] = []
"""The ``sys.path`` last looked through for folders of games (looked through again if changed)."""


def _join_folders_on_sys_path() -> None:
    """Add each ``umbrella_lab/games`` folder on ``sys.path`` to this package's ``__path__``."""
    if _SCANNED and _SCANNED[0] == tuple(sys.path):
        return
    _SCANNED[:] = [tuple(sys.path)]
    known = {Path(folder).resolve() for folder in __path__}
    for entry in sys.path:
        folder = Path(entry or ".").resolve() / "umbrella_lab" / "games"
        if folder not in known and folder.is_dir():
            __path__.append(str(folder))
            known.add(folder)


def __getattr__(name: str) -> tuple[str, ...]:
    """``GAMES``: the games' folders now (:func:`folders`)."""
    if name == "GAMES":
        return folders()
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


def register(name: str | None = None) -> None:
    """Import and register the kit's game ``name``, or every game of the kit (None).

    A game registered already (or known to fail) is left as it is; a name that is no game's
    folder registers nothing. A game that fails to import, or whose folder declares no
    ``INFO`` under its own name, is kept in ``REGISTRY.broken`` with the reason.
    """
    found = folders()
    for game in found if name is None else (name,) if name in found else ():
        if game in REGISTRY.games or game in REGISTRY.broken:
            continue
        try:
            module = importlib.import_module(f"{__name__}.{game}")
        except Exception as error:
            REGISTRY.broken[game] = f"{type(error).__name__}: {error}"
            continue
        info = getattr(module, "INFO", None)
        if not isinstance(info, GameInfo):
            REGISTRY.broken[game] = (
                "its folder's __init__.py declares no INFO (a GameInfo), so it is no game"
            )
        elif info.name != game:
            REGISTRY.broken[game] = (
                f"its INFO is named {info.name!r}; a game's name is its folder's, {game!r}"
            )
        else:
            REGISTRY.register(info)


REGISTRY.loader = register  # the engine's registry asks this package for each game it is asked for

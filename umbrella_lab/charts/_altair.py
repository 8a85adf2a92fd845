"""altair, imported without the seconds jsonschema spends on parsers no chart uses.

altair imports jsonschema, and jsonschema's format checks import ``rfc3987_syntax`` when it is
installed (JupyterLab's server needs it, so it is): that module builds about 35 Earley parsers
for web addresses as it is imported, 3 to 4 seconds of CPU in every kernel that draws a chart,
measured on the project's two-core machine (jsonschema issue #1428). altair never checks a web
address's syntax, so while altair is first imported that module is kept out; it imports as
usual afterwards for any code that asks for it. Only jsonschema's optional "iri" format check is
missing in a kernel that imported the charts first.
"""

from __future__ import annotations

import sys

SLOW_OPTIONAL = "rfc3987_syntax"
"""jsonschema's optional web-address checker: the slow import kept out of altair's."""


def import_altair() -> None:
    """Import altair (once per process) without jsonschema's slow optional checker."""
    if "altair" in sys.modules:
        return
    keep_out = "jsonschema" not in sys.modules and SLOW_OPTIONAL not in sys.modules
    if keep_out:
        sys.modules[SLOW_OPTIONAL] = None  # type: ignore[assignment]  # an import of it fails
    try:
        import altair  # noqa: F401
    finally:
        if keep_out and sys.modules.get(SLOW_OPTIONAL, "") is None:
            del sys.modules[SLOW_OPTIONAL]


import_altair()  # the charts package imports this module first

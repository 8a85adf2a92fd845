"""What a move changed, in plain sentences, for the explorer's log."""

from __future__ import annotations

import json
from typing import Any

from umbrella_lab.engine.differences import SEP, differences


def describe_changes(
    before: dict[str, Any],
    after: dict[str, Any],
    quiet: tuple[str, ...] = (),
    found: list[tuple[str, Any, Any]] | None = None,
) -> list[str]:
    """What changed between two snapshots, one plain sentence per change.

    Args:
        before: The snapshot before (``state.to_dict(seat)``).
        after: The snapshot after.
        quiet: Field names to leave out (e.g. counts already told by another line).
        found: ``list(differences(before, after))`` when the caller has it already (the
            explorer does: it is not worked out twice on every click).
    """
    lines = []
    for where, old, new in differences(before, after) if found is None else found:
        if where.rsplit(SEP, 1)[-1] in quiet:
            continue
        if isinstance(old, list) and isinstance(new, list):
            parts = []
            if old:
                parts.append("lost " + ", ".join(_short(item) for item in old))
            if new:
                parts.append("gained " + ", ".join(_short(item) for item in new))
            lines.append(f"{where}: {'; '.join(parts)}")
        else:
            lines.append(f"{where}: {_short(old)} → {_short(new)}")
    return lines


def _short(value: Any) -> str:
    if isinstance(value, dict):
        for key in ("name", "label", "id"):
            if key in value:
                return str(value[key])
        return json.dumps(value, sort_keys=True)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    return str(value)

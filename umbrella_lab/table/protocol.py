"""The class table's messages: a small JSON schema over a websocket, with a version.

Every message is one JSON object in one text frame, with the protocol version ``v`` and a
``type``. A page sends intents; the server answers with views. The server never trusts a page:
it checks every field here, before anything changes, and a message it cannot use is answered
with an ``error`` that says why (nothing changes).

From a page to the server (:data:`CLIENT_TYPES`)::

    {"v": 1, "type": "hello", "role": "seat", "seat": 2, "token": "..."}   # first, once
    {"v": 1, "type": "hello", "role": "teacher", "token": "...", "root": "http://.../"}
    {"v": 1, "type": "move", "id": "attack/0/attack-35", "at": 12}         # a seat's move
    {"v": 1, "type": "why", "id": "heal/0"}                                 # "why not?"
    {"v": 1, "type": "pause"} / {"v": 1, "type": "resume"}                  # the teacher's
    {"v": 1, "type": "undo", "at": 12} / {"v": 1, "type": "end"}
    {"v": 1, "type": "bot", "seat": 3, "policy": "heuristic"}   # policy null: a person again
    {"v": 1, "type": "ping"}

``at`` is the table's change number the page was showing (``view.at``): a move or an undo made
on an older view is *stale* and refused, so two clicks on one view never count twice.

From the server to a page (:data:`SERVER_TYPES`)::

    {"v": 1, "type": "view", "at": 13, "view": {...}, "log_from": 10, "log": [...]}
    {"v": 1, "type": "refused", "reason": "...", "rule": "turn.order", "id": "..."}
    {"v": 1, "type": "why", "id": "...", "label": "...", "reason": "...", "rule": "..."}
    {"v": 1, "type": "error", "error": "..."}        # a message the server could not use
    {"v": 1, "type": "notice", "text": "...", "about": "taken"}  # the seat was taken over
    {"v": 1, "type": "pong"}

A ``view`` holds only what its recipient may see: a seat's own view of the table
(:meth:`umbrella_lab.table.model.Table.seat_view`), or the public table for the teacher. Its log
comes in pieces: the page keeps its first ``log_from`` entries and appends ``log``.
"""

from __future__ import annotations

import json
from typing import Any

VERSION = 1
"""The protocol version every message carries as ``v``."""

MAX_MESSAGE = 4096
"""The longest message a page may send, in bytes (a move id is a few dozen)."""

HARD_LIMIT = 65536
"""Beyond this many bytes the websocket itself is closed (code 1009, message too big)."""

RATE = 10.0
"""Messages a second a page may send, on average."""

FLOOD_CLOSE = 100
"""Messages over the rate after which the connection is closed."""

ID_MOST = 300
"""The longest move id accepted, in characters."""

TOKEN_MOST = 100
"""The longest secret accepted, in characters."""

CLIENT_TYPES = ("hello", "move", "why", "pause", "resume", "undo", "end", "bot", "ping")
"""The messages a page may send."""

TEACHER_TYPES = ("pause", "resume", "undo", "end", "bot")
"""The messages only the teacher may send."""

SERVER_TYPES = ("view", "refused", "why", "error", "notice", "pong")
"""The messages the server sends."""


class BadMessage(ValueError):
    """A message the server cannot use: its text says what is wrong (nothing changed)."""


def parse(text: str | bytes) -> dict[str, Any]:
    """A page's message checked for its shape: a JSON object with ``v`` and a known ``type``.

    Raises:
        BadMessage: the message is binary, too long, not JSON, not an object, of another
            protocol version or of an unknown type; the text says which.
    """
    if isinstance(text, bytes):
        raise BadMessage("messages are JSON text, not binary frames")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise BadMessage(
            f"the message is {len(text)} characters long; at most {MAX_MESSAGE} bytes are read"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadMessage(f"the message is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise BadMessage(f"a message is a JSON object, not {type(data).__name__}")
    version = data.get("v")
    if version != VERSION:
        raise BadMessage(f"the message says protocol version {version!r}; this table speaks v=1")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise BadMessage(f"unknown message type {_short(kind)}; known: {', '.join(CLIENT_TYPES)}")
    return data


def text_field(data: dict[str, Any], name: str, most: int) -> str:
    """``data[name]`` as text of at most ``most`` characters.

    Raises:
        BadMessage: it is missing, not text, or too long.
    """
    value = data.get(name)
    if not isinstance(value, str):
        raise BadMessage(f"a {data.get('type')} message needs {name} as text, not {_short(value)}")
    if len(value) > most:
        raise BadMessage(f"{name} is {len(value)} characters long; at most {most}")
    return value


def whole_field(data: dict[str, Any], name: str, least: int = 0) -> int:
    """``data[name]`` as a whole number of at least ``least``.

    Raises:
        BadMessage: it is missing, not a whole number (true/false are not), or too small.
    """
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise BadMessage(
            f"a {data.get('type')} message needs {name} as a whole number of at least {least}, "
            f"not {_short(value)}"
        )
    return value


def message(kind: str, **fields: Any) -> str:
    """A message from the server as JSON text."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))


def _short(value: Any, most: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= most else f"{text[: most - 4]}...{text[-1]}"

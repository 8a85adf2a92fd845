"""Websocket clients for the class table's tests and benchmark (127.0.0.1 only, bounded waits)."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

WAIT = 10.0
"""The longest any single wait for a message lasts, in seconds."""


class Client:
    """One page's connection, keeping every frame it receives (as text) and its latest view."""

    def __init__(
        self,
        port: int,
        table_id: str,
        *,
        url: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.url = url or f"ws://127.0.0.1:{port}/t/{table_id}/ws"
        self.headers = dict(headers or {})
        self.ws: WebSocketClientConnection | None = None
        self.frames: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        self.closed = False

    async def connect(self) -> Client:
        request = HTTPRequest(self.url, headers=self.headers, connect_timeout=WAIT)
        self.ws = await asyncio.wait_for(websocket_connect(request), WAIT)
        if self.ws.protocol is not None:  # as browsers do: small messages at once
            self.ws.protocol.set_nodelay(True)
        return self

    def send(self, **message: Any) -> None:
        assert self.ws is not None
        self.ws.write_message(json.dumps({"v": 1, **message}))

    def send_raw(self, data: str | bytes) -> None:
        assert self.ws is not None
        self.ws.write_message(data, binary=isinstance(data, bytes))

    async def hello(self, role: str, token: str, seat: int | None = None) -> dict[str, Any]:
        self.send(type="hello", role=role, token=token, **({} if seat is None else {"seat": seat}))
        return await self.next("view")

    async def receive(self, wait: float = WAIT) -> dict[str, Any] | None:
        """The next message (None once closed)."""
        assert self.ws is not None
        text = await asyncio.wait_for(self.ws.read_message(), wait)
        if text is None:
            self.closed = True
            return None
        assert isinstance(text, str)
        self.frames.append(text)
        message = json.loads(text)
        self.messages.append(message)
        if message["type"] == "view":
            self.log = self.log[: message["log_from"]] + message["log"]
            self.view = message["view"]
        return message

    async def next(self, kind: str, wait: float = WAIT) -> dict[str, Any]:
        """The next message of type ``kind`` (others are kept in :attr:`messages` too)."""
        end = time.monotonic() + wait
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind} message within {wait} s")
            message = await self.receive(left)
            if message is None:
                raise ConnectionError(f"closed before a {kind} message")
            if message["type"] == kind:
                return message

    async def drain(self, wait: float = 0.05) -> None:
        """Read what has arrived, until nothing comes for ``wait`` seconds."""
        for _ in range(10_000):
            try:
                if await self.receive(wait) is None:
                    return
            except (asyncio.TimeoutError, TimeoutError):
                return

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()

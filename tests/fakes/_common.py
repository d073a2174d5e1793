"""Shared pieces of the fake chat servers: uploaded files, JSON responses, waiting."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import BodyPartReader, web

T = TypeVar("T")


@dataclass(frozen=True)
class UploadedFile:
    """A file the bot uploaded: the multipart part name, its filename and its bytes."""

    field_name: str
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"


@dataclass
class RecordedRequest:
    """One HTTP request received by a fake server, with its parsed body and timings."""

    method: str
    path: str
    route: str
    fields: dict[str, Any] = field(default_factory=dict)
    files: list[UploadedFile] = field(default_factory=list)
    received_at: float = field(default_factory=time.monotonic)
    responded_at: float | None = None
    status: int | None = None

    def file(self, name: str) -> UploadedFile:
        """The uploaded file with this part name or filename."""
        for upload in self.files:
            if name in (upload.field_name, upload.filename):
                return upload
        raise KeyError(name)


def json_response(
    payload: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A response whose Content-Type is exactly ``application/json`` (no charset suffix)."""
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=json.dumps(payload).encode(), status=status, headers=all_headers)


class ChangeNotifier:
    """Lets tests wait until a predicate over a fake server's state becomes truthy."""

    def __init__(self) -> None:
        self._waiters: list[asyncio.Future[None]] = []

    def notify(self) -> None:
        """Wake every waiter so that it re-checks its predicate."""
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0) -> T:
        """Return the first truthy ``predicate()`` value; raise TimeoutError after ``timeout``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout} s: {predicate}")
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.append(waiter)
            # A short cap re-checks predicates that depend on state changed outside the server.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter, min(remaining, 0.05))


async def read_form(request: web.Request) -> tuple[dict[str, Any], list[UploadedFile]]:
    """Split a JSON, url-encoded or multipart body into plain fields and uploaded files."""
    if request.content_type == "application/json":
        body = await request.read()
        return (json.loads(body) if body else {}), []
    fields: dict[str, Any] = {}
    files: list[UploadedFile] = []
    if request.content_type == "multipart/form-data":
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            data = bytes(await part.read(decode=False))
            if part.filename is not None:
                content_type = part.headers.get("Content-Type", "application/octet-stream")
                files.append(UploadedFile(name, part.filename, data, content_type))
            else:
                fields[name] = data.decode()
        return fields, files
    form = await request.post()
    return {key: str(value) for key, value in form.items()}, files


def tiny_png(colour: str = "black", size: tuple[int, int] = (4, 3)) -> bytes:
    """A small one-colour PNG image, for bots that send pictures."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format="PNG")
    return buffer.getvalue()

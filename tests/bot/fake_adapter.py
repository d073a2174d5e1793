"""A chat adapter for the composition-root test: records that it was served."""

from __future__ import annotations

from typing import Any

SERVED: list[Any] = []


async def serve(service: Any, config: Any, deliveries: dict[str, Any]) -> None:
    async def deliver(view: Any) -> None:
        SERVED.append(view)

    deliveries["fake"] = deliver
    SERVED.append((service, config))

"""Starting and stopping the web server (``gobot web``, and ``gobot run`` with
``GOBOT_WEB_PORT``): the app of :func:`bot.web.app.build_app` on one address, without an access
log (the addresses carry the leagues' tokens)."""

from __future__ import annotations

import logging

from aiohttp import web

from bot import startup
from bot.web.app import build_app
from service import GameService
from service.ports import GameFeed

log = logging.getLogger(__name__)


async def start_web(
    service: GameService,
    *,
    host: str,
    port: int,
    feed: GameFeed | None = None,
    language: str = "en",
    trust_proxy: bool = False,
    root: str = "",
) -> web.AppRunner:
    """Serve the published leagues on ``host:port`` until the runner is cleaned up (``root``:
    the path the pages' links start with); an address that cannot be bound (the port taken)
    is a :class:`~bot.startup.StartupFailure` (69)."""
    app = build_app(service, feed=feed, language=language, trust_proxy=trust_proxy, root=root)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=5.0)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except OSError as error:
        await runner.cleanup()
        raise startup.cannot_listen(f"{host}:{port}", error, "GOBOT_WEB_PORT") from None
    log.info("the web pages are served at http://%s:%d/l/<token>", host, port)
    return runner

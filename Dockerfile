# The bot in a container: non-root user, the SQLite database on a volume, GNU Go and the DejaVu
# fonts (the images' words in every language) installed, the translations compiled, and a
# health check on the heartbeat file the running bot touches (a bot has no HTTP port to probe).
FROM python:3.11-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends gnugo=3.8-* fonts-dejavu-core=2.* \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 1000 gobot \
    && mkdir -p /data \
    && chown gobot:gobot /data

WORKDIR /app
COPY pyproject.toml README.md constraints.txt ./
COPY club ./club
COPY engine ./engine
COPY service ./service
COPY storage ./storage
COPY renderer ./renderer
COPY records ./records
COPY gtp ./gtp
COPY bot ./bot
# the compiled catalogues (.mo) are built here, from the .po files in git; every dependency at
# the exact version of constraints.txt (the same as CI's), so two builds of a commit are the same
RUN pip install --no-cache-dir -c constraints.txt babel \
    && pybabel compile --domain gobot --directory service/locale \
    && pip install --no-cache-dir -c constraints.txt .

ENV PATH="${PATH}:/usr/games" \
    DATABASE_URL="sqlite:////data/games.db" \
    BOARDS_DIR="/data/boards" \
    GOBOT_HEARTBEAT_FILE="/tmp/gobot.heartbeat" \
    PYTHONUNBUFFERED=1

USER 1000:1000
VOLUME ["/data"]
# the bot touches the heartbeat every 30 s; `gobot health` fails when it is older than 90 s
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 CMD ["gobot", "health"]
CMD ["gobot", "run"]

# Boardroom: self-hosted Discord bot. Build: docker build -t boardroom .
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    BOARDROOM_DATABASE=/data/boardroom.sqlite3 \
    BOARDROOM_HEARTBEAT=/tmp/boardroom.alive

# Fonts are bundled with the renderer (render/fonts), so no font packages are needed.
RUN useradd --create-home --uid 10001 boardroom \
    && mkdir -p /data && chown boardroom:boardroom /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY render ./render
COPY data ./data
RUN pip install --no-cache-dir -e ".[postgres]" \
    && chown -R root:root /app

USER boardroom
VOLUME ["/data"]

# Healthy while the bot is connected: it touches $BOARDROOM_HEARTBEAT every 30 s.
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os,sys,time; p=os.environ['BOARDROOM_HEARTBEAT']; sys.exit(0 if os.path.exists(p) and time.time()-os.path.getmtime(p) < 120 else 1)"]

ENTRYPOINT ["boardroom"]
CMD ["run"]

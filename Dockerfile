# Boardroom: self-hosted Discord bot. Build: docker build -t boardroom .
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    BOARDROOM_DATABASE=/data/boardroom.sqlite3

# Fonts are bundled with the renderer (render/fonts), so no font packages are needed.
RUN useradd --create-home --uid 10001 boardroom \
    && mkdir -p /data && chown boardroom:boardroom /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY render ./render
COPY data ./data
RUN pip install --no-cache-dir -e . \
    && chown -R root:root /app

USER boardroom
VOLUME ["/data"]

# Healthy while the database opens and has the current schema.
HEALTHCHECK --interval=60s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sqlite3,os; c=sqlite3.connect(os.environ['BOARDROOM_DATABASE']); assert c.execute('PRAGMA user_version').fetchone()[0] >= 1"]

ENTRYPOINT ["boardroom"]
CMD ["run"]

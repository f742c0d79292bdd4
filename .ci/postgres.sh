# Sourced by .ci/run (and usable by hand: `. .ci/postgres.sh && pg_start`): a throwaway
# PostgreSQL cluster from Debian's packages for the tests, Unix socket only (no TCP), in a
# temporary directory, stopped and removed by pg_stop. Exports BOARDROOM_TEST_PG, the URL the
# PostgreSQL tests use. When PostgreSQL cannot be had (not installed and apt-get cannot
# install it, e.g. without root), pg_start says why and returns 0 without the URL: those
# tests then skip, each saying why, and everything else runs.

pg_bindir() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$dir" ] && command -v apt-get >/dev/null; then
        echo "== installing postgresql (Debian) for the PostgreSQL tests" >&2
        if [ "$(id -u)" = 0 ]; then
            { apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; } >&2 || true
        else
            echo "   (not root: apt-get cannot install it)" >&2
        fi
        dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    fi
    echo "$dir"
}

pg_start() {
    PG_BIN=$(pg_bindir)
    if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
        echo "== PostgreSQL is not available here: the PostgreSQL tests will be skipped"
        unset BOARDROOM_TEST_PG
        return 0
    fi
    PG_DIR=$(mktemp -d /tmp/boardroom-pg.XXXXXX)
    chmod 755 "$PG_DIR"
    local as=()
    if [ "$(id -u)" = 0 ]; then  # initdb refuses to run as root
        if ! id postgres >/dev/null 2>&1; then
            echo "== no postgres user to run PostgreSQL as: the PostgreSQL tests will be skipped"
            rm -rf "$PG_DIR"
            PG_DIR=
            unset BOARDROOM_TEST_PG
            return 0
        fi
        chown postgres: "$PG_DIR"
        as=(runuser -u postgres --)
    fi
    # Unix socket only; fsync off: a throwaway cluster, removed at the end
    if ! "${as[@]}" "$PG_BIN/initdb" -A trust --no-sync -U postgres -D "$PG_DIR/data" \
            >"$PG_DIR/initdb.log" 2>&1 \
        || ! "${as[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -o \
            "-k $PG_DIR -c listen_addresses='' -c max_connections=300 -c fsync=off \
             -c synchronous_commit=off -c full_page_writes=off" start >/dev/null; then
        echo "== PostgreSQL did not start (log below): the PostgreSQL tests will be skipped"
        tail -n 20 "$PG_DIR/initdb.log" "$PG_DIR/log" 2>/dev/null
        pg_stop
        unset BOARDROOM_TEST_PG
        return 0
    fi
    export BOARDROOM_TEST_PG="postgresql://postgres@/postgres?host=$PG_DIR"
    export PATH="$PATH:$PG_BIN"  # pg_dump/pg_restore for the backup test
    echo "== PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $PG_DIR (socket only)"
}

pg_stop() {
    [ -n "${PG_DIR:-}" ] || return 0
    local as=()
    [ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
    "${as[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
    PG_DIR=
}

# Sourced by .ci/run: a throw-away PostgreSQL server for the store tests.
# pg_start sets TABLEHOST_TEST_PG_URL; pg_stop stops the server and deletes its data.
# The data directory lives under a fresh temp dir and the server listens on 127.0.0.1 (a free
# port) and a unix socket in that dir only; trust authentication is safe for that reason.

pg_bin() {
  # Debian keeps initdb and pg_ctl out of PATH, under /usr/lib/postgresql/<major>/bin.
  local found
  found=$(command -v pg_ctl 2>/dev/null || true)
  if [ -z "$found" ]; then
    found=$(ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n1 || true)
  fi
  [ -n "$found" ] && dirname "$found"
}

pg_start() {
  local bin port
  bin=$(pg_bin) || { echo "PostgreSQL is not installed" >&2; return 1; }
  PG_TMP=$(mktemp -d "${TMPDIR:-/tmp}/tablehost-pg.XXXXXX")
  # initdb refuses to run as root: then the server runs as Debian's postgres user.
  PG_AS=()
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$PG_TMP"
    PG_AS=(runuser -u postgres --)
  fi
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  (cd / && "${PG_AS[@]}" "$bin/initdb" -D "$PG_TMP/data" -U tablehost --auth=trust -E UTF8 --no-locale >/dev/null)
  # fsync off: a throw-away server whose data nobody keeps after the run.
  (cd / && "${PG_AS[@]}" "$bin/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -s start \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$PG_TMP -c fsync=off -c full_page_writes=off")
  PG_BIN=$bin
  export TABLEHOST_TEST_PG_URL="postgresql://tablehost@127.0.0.1:$port/postgres"
  echo "+ PostgreSQL $("$bin/pg_ctl" --version | awk '{print $3}') at $TABLEHOST_TEST_PG_URL"
}

pg_stop() {
  [ -n "${PG_TMP:-}" ] || return 0
  # From / : the postgres user may not enter the directory CI runs in.
  (cd / && "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m fast -w -s stop) || true
  rm -rf "$PG_TMP"
  PG_TMP=""
}

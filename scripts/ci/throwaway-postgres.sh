#!/usr/bin/env bash
# A throwaway PostgreSQL server for one test run: a new cluster in DIR, listening on 127.0.0.1:PORT and a socket in
# DIR, trust authentication for local connections only. Prints the DATABASE_URL of its superuser.
#   scripts/ci/throwaway-postgres.sh start DIR PORT
#   scripts/ci/throwaway-postgres.sh stop DIR
# Runs the server as the `postgres` user when started as root (PostgreSQL refuses to run as root).
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    port=${3:?port}
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 > "$dir/initdb.log"
    # Durability as in production; a test cluster only trades away nothing but speed it does not need.
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=256MB" start > /dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop > /dev/null || true
    ;;
  *) echo "usage: $0 start DIR PORT | stop DIR" >&2; exit 2 ;;
esac

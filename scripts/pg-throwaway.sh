#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL 15 server on 127.0.0.1 for tests.
#   scripts/pg-throwaway.sh start DIR PORT   -> prints the admin URL
#   scripts/pg-throwaway.sh stop DIR
# PostgreSQL refuses to run as root, so as root the server runs as the postgres user.
set -euo pipefail
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
cmd=$1 dir=$2
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    port=$3
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/log" -w \
      -o "-p $port -c listen_addresses=127.0.0.1 -k $dir/data -c fsync=off -c max_connections=200" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start DIR PORT | stop DIR" >&2; exit 2 ;;
esac

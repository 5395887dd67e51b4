#!/usr/bin/env bash
# The floor as a pit boss runs it, the whole process measured (issue 48): a throwaway
# PostgreSQL pit (fsync on), a room of simulated tables shipping to it
# (`examples/room.rs`), and `sabot floor URL` in a real window under Xvfb. For each
# room size it prints, as a Markdown row:
#   - the lag of what is DRAWN: from a record written at its table to the first frame
#     of the floor that draws it (the app writes each one with SABOT_FLOOR_DRAWN), p50,
#     p99 and the worst, over the loaded seconds;
#   - the sabot process's CPU (every thread: the window, its software rendering, the
#     floor's thread), as a share of one core, loaded (the room writing) and silent (the
#     same tables, their shifts open, writing nothing for a minute and more); Xvfb's
#     own CPU beside it.
#
# usage: tools/floor-window-bench.sh SABOT ROOM [TABLES[+TABLES…]] [RATE] [SECONDS] [WxH]
#   SABOT  the sabot binary (`cargo build`: target/debug/sabot)
#   ROOM   the room example (`cargo build --example room`: target/debug/examples/room)
#   defaults: 50+200 tables, 1 record a second each, 20 seconds, 1280x800.
set -euo pipefail
SABOT=$(readlink -f "$1"); ROOM=$(readlink -f "$2")
SIZES=${3:-50+200}; RATE=${4:-1}; SECS=${5:-20}; SCREEN=${6:-1280x800}
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
D=$(mktemp -d /tmp/sabot-floorbench.XXXXXX); chmod 755 "$D"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$D"
as_pg "$BIN/initdb" -D "$D/data" -A trust -U sabot >/dev/null
as_pg "$BIN/pg_ctl" -D "$D/data" -o "-k $D -c listen_addresses='' -c max_connections=320" -l "$D/log" -w start >/dev/null
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  sleep 1
  as_pg "$BIN/pg_ctl" -D "$D/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$D"
}
trap cleanup EXIT
# The process's CPU so far, in seconds (utime + stime, clock ticks of 1/100 s).
cpu() { awk '{ split($0, a, ") "); split(a[2], f, " "); print (f[12] + f[13]) / 100 }' "/proc/$1/stat"; }
share() { awk -v a="$1" -v b="$2" -v s="$3" 'BEGIN { printf "%.1f %%", (b - a) / s * 100 }'; }
pct() { sort -n "$1" | awk -v p="$2" '{ v[NR] = $1 } END { if (NR == 0) { print "—"; exit } i = int((NR - 1) * p + 0.5) + 1; print v[i] " ms" }'; }

echo "| tables | records/s each | drawn lag p50 | p99 | max | sabot CPU loaded | sabot CPU silent (after 60 s) | Xvfb CPU loaded / silent |"
echo "|---|---|---|---|---|---|---|---|"
IFS=+ read -ra ROOMS <<< "$SIZES"
for n in "${ROOMS[@]}"; do
  db="room$n"
  psql -q "postgresql://sabot@/postgres?host=$D" -c "CREATE DATABASE $db" >/dev/null
  URL="postgresql://sabot@/$db?host=$D"
  "$SABOT" pit init "$URL" >/dev/null
  "$ROOM" "$URL" "$n" "$RATE" >/dev/null 2>&1 & room=$!; PIDS+=("$room")
  # The room's start (a log, a replicator's connection a table) before the floor.
  sleep $((3 + n / 25))
  drawn="$D/drawn-$n"; : > "$drawn"
  SABOT_FLOOR_DRAWN="$drawn" WAYLAND_DISPLAY= xvfb-run -a -s "-screen 0 ${SCREEN}x24" \
    "$SABOT" floor "$URL" >/dev/null 2>"$D/floor-$n.err" & xr=$!; PIDS+=("$xr")
  app=""; for _ in $(seq 1 100); do
    app=$(pgrep -n -x sabot -P "$xr" || true); [ -n "$app" ] && break; sleep 0.2; done
  xvfb=$(pgrep -n -x Xvfb -P "$xr" || true)
  # Caught up: the first look replays every shift so far.
  sleep 10; : > "$drawn"
  a=$(cpu "$app"); xa=$(cpu "$xvfb"); t0=$(date +%s.%N)
  sleep "$SECS"
  b=$(cpu "$app"); xb=$(cpu "$xvfb"); t1=$(date +%s.%N)
  el=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  loaded=$(share "$a" "$b" "$el"); xloaded=$(share "$xa" "$xb" "$el")
  cp "$drawn" "$drawn.loaded"
  kill "$room"; wait "$room" 2>/dev/null || true
  # Silent: the tables write nothing more; past a minute every age is in minutes.
  sleep "${SILENT_WAIT:-65}"
  a=$(cpu "$app"); xa=$(cpu "$xvfb"); t0=$(date +%s.%N)
  sleep "$SECS"
  b=$(cpu "$app"); xb=$(cpu "$xvfb"); t1=$(date +%s.%N)
  el=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  silent=$(share "$a" "$b" "$el"); xsilent=$(share "$xa" "$xb" "$el")
  echo "| $n | $RATE | $(pct "$drawn.loaded" 0.5) | $(pct "$drawn.loaded" 0.99) | $(pct "$drawn.loaded" 1.0) | $loaded | $silent | $xloaded / $xsilent |"
  echo "($(wc -l < "$drawn.loaded") records drawn in $SECS s loaded)" >&2
  # xvfb-run killed leaves its Xvfb running: each is ended by its own id.
  kill "$app" 2>/dev/null || true; wait "$xr" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
done

#!/usr/bin/env bash
# Checks what `bash tools/windows.sh` built, under wine (CI runs it; so can anyone with
# Debian's wine, msitools and mingw-w64):
#   - the .msi's contents (msiinfo): sabot.exe, the house files, the licences, the
#     Start-menu shortcut and its icon;
#   - sabot.exe extracted from it (msiextract) and run: --version; a simulate --log;
#     verify of that log and of a Linux-written one; a refused bad log (exit 1); a shift
#     stopped mid-record taken up again (simulate --resume: the log's lock, its cut and
#     its appends on Windows); a log being written read by verify and refused to a
#     second writer;
#   - installed and uninstalled with msiexec: the files and the shortcut come and go,
#     the croupier's data folder stays;
#   - with Xvfb (xvfb-run), the window opens (a screenshot: <target>/windows/wine-window.png).
#
# Debian's wine 8 lacks ProcessPrng (bcryptprimitives.dll), which Rust's standard library
# calls; a stand-in of a few lines (tools/wine/bcryptprimitives.c) is built here and put
# beside the extracted exe. It is a test aid for wine only and is never in the installer.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET_DIR=${CARGO_TARGET_DIR:-target}
case $TARGET_DIR in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac
OUT=$TARGET_DIR/windows
VERSION=$(sed -n 's/^version = "\([0-9.]*\).*"$/\1/p' Cargo.toml | head -1)
MSI=$OUT/sabot-$VERSION-x64.msi
[ -f "$MSI" ] || { echo "windows_check: no $MSI (run bash tools/windows.sh)" >&2; exit 1; }
WINE=${WINE:-}
if [ -z "$WINE" ]; then
  for w in /usr/lib/wine/wine64 "$(command -v wine64 || true)" "$(command -v wine || true)"; do
    if [ -n "$w" ] && [ -x "$w" ]; then WINE=$w; break; fi
  done
fi
[ -n "$WINE" ] || { echo "windows_check: no wine (Debian: apt-get install wine wine64)" >&2; exit 1; }

WORK=$(mktemp -d)
cleanup() {
  WINEPREFIX=$WORK/prefix wineserver -k 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
export WINEPREFIX=$WORK/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" WINEARCH=win64
step_start=$(date +%s)
step() { echo "== windows_check: $* ($(( $(date +%s) - step_start )) s)"; }
fail() { echo "windows_check: FAILED: $*" >&2; exit 1; }
# Runs sabot.exe (the extracted one) in the run folder; its status is in $rc.
sabot() { rc=0; (cd "$WORK/run" && "$WINE" "$EXE" "$@") > "$WORK/out" 2>&1 || rc=$?; cat "$WORK/out"; }

step "the installer's contents (msiinfo)"
msiinfo export "$MSI" File > "$WORK/files"
msiinfo export "$MSI" Shortcut > "$WORK/shortcuts"
msiinfo export "$MSI" Directory > "$WORK/dirs"
cat "$WORK/files" "$WORK/shortcuts"
for f in sabot.exe spain.ron france.ron LICENSE-MIT.txt LICENSE-APACHE.txt README.md; do
  grep -q "	$f	" "$WORK/files" || fail "$f is not in the installer"
done
grep -q "^StartMenuSabot	ProgramMenuFolder	Sabot	SabotExe	.*	sabot.ico	" "$WORK/shortcuts" \
  || fail "no Start-menu shortcut with the icon"
grep -q "^INSTALLDIR	ProgramFiles64Folder	Sabot" "$WORK/dirs" || fail "not installed under Program Files\\Sabot"
# (msiinfo writes a table's binary streams into a folder of the table's name.)
(cd "$WORK" && msiinfo export "$MSI" Icon) | grep -q "^sabot.ico" || fail "no icon in the installer"
! grep -qi "bcryptprimitives" "$WORK/files" || fail "the wine test aid is in the installer"

step "sabot.exe extracted (msiextract)"
mkdir -p "$WORK/x" "$WORK/run"
(cd "$WORK/x" && msiextract "$MSI")
EXE=$(find "$WORK/x" -name sabot.exe | head -1)
[ -n "$EXE" ] || fail "msiextract gave no sabot.exe"
cmp -s "$EXE" "$OUT/sabot.exe" || fail "the exe in the installer is not the one built"
x86_64-w64-mingw32-gcc -O2 -shared -o "$(dirname "$EXE")/bcryptprimitives.dll" tools/wine/bcryptprimitives.c -ladvapi32

step "wine prefix"
"$WINE" wineboot -i > /dev/null 2>&1 || true

step "sabot.exe --version"
sabot --version
[ "$rc" = 0 ] && grep -q "$VERSION" "$WORK/out" || fail "--version (exit $rc)"

step "simulate --log (a log written on Windows)"
sabot --lang en simulate --game banque --coups 300 --seed 7 --log win.sabotlog
[ "$rc" = 0 ] && [ -s "$WORK/run/win.sabotlog" ] || fail "simulate --log (exit $rc)"

step "verify that log"
sabot --lang en verify win.sabotlog
[ "$rc" = 0 ] || fail "verify of the Windows log (exit $rc)"

step "verify a Linux-written log"
cp tests/fixtures/format-2/banque-sim.sabotlog "$WORK/run/linux-f2.sabotlog"
sabot --lang en verify linux-f2.sabotlog
[ "$rc" = 0 ] || fail "verify of a Linux-written log (exit $rc)"
LINUX_SABOT=""
for b in "$TARGET_DIR/release/sabot" "$TARGET_DIR/debug/sabot"; do
  if [ -x "$b" ]; then LINUX_SABOT=$b; break; fi
done
if [ -n "$LINUX_SABOT" ]; then
  "$LINUX_SABOT" simulate --game chemin-de-fer --coups 200 --seed 3 --log "$WORK/run/linux.sabotlog" > /dev/null
  sabot --lang en verify linux.sabotlog
  [ "$rc" = 0 ] || fail "verify of a log written now on Linux (exit $rc)"
  "$LINUX_SABOT" --lang en verify "$WORK/run/win.sabotlog" > /dev/null || fail "Linux does not verify the Windows log"
  echo "(the Windows log verifies on Linux too)"
fi

step "a bad log is refused (exit 1)"
awk 'NR == 5 { sub(/[0-9]/, "9"); if ($0 == prev) sub(/9/, "8") } { print }' "$WORK/run/win.sabotlog" > "$WORK/run/bad.sabotlog"
cmp -s "$WORK/run/win.sabotlog" "$WORK/run/bad.sabotlog" && fail "the bad log is not changed"
sabot --lang en verify bad.sabotlog
[ "$rc" = 1 ] || fail "a bad log gave exit $rc, not 1"

step "a shift stopped mid-record taken up (lock, cut and append on Windows)"
# The closing record off, and half of the record before it: a log cut by a crash.
lines=$(wc -l < "$WORK/run/win.sabotlog")
head -n $(( lines - 2 )) "$WORK/run/win.sabotlog" > "$WORK/run/torn.sabotlog"
sed -n "$(( lines - 1 ))p" "$WORK/run/win.sabotlog" | head -c 40 >> "$WORK/run/torn.sabotlog"
sabot --lang en simulate --game banque --coups 20 --seed 8 --resume --log torn.sabotlog
[ "$rc" = 0 ] || fail "simulate --resume (exit $rc)"
ls "$WORK/run" | grep -q "^torn.sabotlog.torn-line" || fail "no side file for the record in flight"
sabot --lang en verify torn.sabotlog
[ "$rc" = 0 ] || fail "verify of the resumed log (exit $rc)"

step "a log being written: read by verify, refused to a second writer"
# Windows locks are mandatory: the writer's lock must not stop readers (it is one byte
# past the log's end, src/journal/fsio.rs), and must stop another writer.
(cd "$WORK/run" && "$WINE" "$EXE" --lang en simulate --game banque --coups 600 --seed 5 --log busy.sabotlog \
  > busy.out 2>&1; echo "exit $?" >> busy.out) &
writer=$!
for _ in $(seq 1 60); do
  sleep 1
  [ -f "$WORK/run/busy.sabotlog" ] && [ "$(wc -l < "$WORK/run/busy.sabotlog")" -gt 200 ] && break
done
grep -q "^exit" "$WORK/run/busy.out" 2>/dev/null && fail "the writer ended before the checks (too fast a machine: more coups)"
sabot --lang en verify busy.sabotlog
[ "$rc" = 0 ] && grep -q "not closed" "$WORK/out" || fail "verify of a log being written (exit $rc)"
sabot --lang en simulate --game banque --coups 5 --resume --log busy.sabotlog
[ "$rc" = 2 ] && grep -q "in use" "$WORK/out" || fail "a second writer was not refused (exit $rc)"
wait "$writer"
grep -q "^exit 0" "$WORK/run/busy.out" || { cat "$WORK/run/busy.out"; fail "the first writer failed"; }
sabot --lang en verify busy.sabotlog
[ "$rc" = 0 ] || fail "verify of the finished log (exit $rc)"

step "install (msiexec /i)"
PF="$WINEPREFIX/drive_c/Program Files/Sabot"
"$WINE" msiexec /i "$(cd "$(dirname "$MSI")" && "$WINE" winepath -w "$(basename "$MSI")" 2>/dev/null | tr -d '\r')" /qn
for f in sabot.exe house/spain.ron house/france.ron LICENSE-MIT.txt LICENSE-APACHE.txt README.md; do
  [ -f "$PF/$f" ] || fail "not installed: $f"
done
LNK=$(find "$WINEPREFIX/drive_c" -iname "Sabot.lnk" | head -1)
[ -n "$LNK" ] || fail "no Start-menu shortcut"
echo "shortcut: ${LNK#"$WINEPREFIX"/}"
DATA="$WINEPREFIX/drive_c/users/$(id -un)/AppData/Roaming/sabot/data/shifts"
mkdir -p "$DATA" && cp "$WORK/run/win.sabotlog" "$DATA/"

step "uninstall (msiexec /x)"
"$WINE" msiexec /x "$(cd "$(dirname "$MSI")" && "$WINE" winepath -w "$(basename "$MSI")" 2>/dev/null | tr -d '\r')" /qn
[ ! -e "$PF" ] || { find "$PF"; fail "uninstall left Program Files\\Sabot"; }
[ ! -e "$LNK" ] || fail "uninstall left the shortcut"
[ -f "$DATA/win.sabotlog" ] || fail "uninstall took the croupier's data"

if command -v xvfb-run >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1; then
  step "the window under Xvfb"
  rm -f "$OUT/wine-window.png"
  # The app says which renderer draws the window once the window is made; then the
  # window named Sabot is looked for, and the screen shot a few seconds later.
  xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    cd "$1" || exit 1
    # In a fresh wine prefix the first window program stalls (wine setting up its
    # desktop; seen every time here): then the app is started once more.
    # A third try asks for the OpenGL renderer (SABOT_RENDERER=gl): where wine'"'"'s vkd3d
    # aborts the process inside wgpu (an assertion, seen 2026-11-26 with Mesa'"'"'s lavapipe
    # present), the app'"'"'s own fallback, which needs wgpu to return an error, never runs.
    for try in 25 90 gl; do
      wait_s=$try
      if [ "$try" = gl ]; then
        wait_s=90
        echo "(wgpu gave no window: SABOT_RENDERER=gl)"
        SABOT_RENDERER=gl "$2" "$3" > window.log 2>&1 &
      else
        "$2" "$3" > window.log 2>&1 &
      fi
      for _ in $(seq 1 "$wait_s"); do
        sleep 1
        grep -Eq "drawn with|se dibuja con" window.log && break 2
      done
      echo "(no window after $wait_s s: once more)"
      wineserver -k 2>/dev/null || true
      sleep 2
    done
    sleep 5
    w=$(xdotool search --onlyvisible --name "^Sabot" 2>/dev/null | head -1)
    if [ -n "$w" ]; then echo "window: $(xdotool getwindowname "$w")"; import -window root "$4"; fi
    wineserver -k 2>/dev/null || true
  ' _ "$WORK/run" "$WINE" "$EXE" "$OUT/wine-window.png" || true
  cat "$WORK/run/window.log"
  grep -Eq "drawn with|se dibuja con" "$WORK/run/window.log" || fail "the app did not say its renderer"
  [ -f "$OUT/wine-window.png" ] || fail "no window opened under wine"
  echo "screenshot: $OUT/wine-window.png"
fi
step "all checks passed"

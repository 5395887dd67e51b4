#!/usr/bin/env bash
# The croupier's page's (docs/croupier.md) five-coup Banque shift with entries at once (F11): the same coups,
# typed key by key as docs/croupier.md's "Fewer keys" list gives them, no Enter but the
# ruling's. Under Xvfb at any screen size:
#   xvfb-run -a -s "-screen 0 1024x768x24" bash tools/walkthrough_at_once.sh
# (after `cargo build --release`). Screenshots and the log go to $WALK_DIR.
. "$(dirname "$0")/walk_lib.sh"
start_app
shot start.png
field 405 200 "Mesa 3"
field 815 200 "Ana"
field 745 255 "10"
field 388 460 "5"
field 785 460 "1000"
xdotool key Return; sleep 1.5
line "sabot baraja corte 14 ="
xdotool key F11; sleep 0.5
keys() { xdotool type --delay 60 -- "$1"; sleep 0.6; }
keys "1 100 7 50 3 c 40 8 h 60 ."
keys "+6h"
keys "2 9c"
shot at-once-mid.png
keys "Jd/+5d2hQsKd4c"
shot at-once-coup1.png
keys "= "; keys "2 50 9 80 4 c 20 ."; keys "---"; keys "7hKc6dKs5cQd"
keys "= "; keys "1 60 2p 40 10 h 80 ."; keys "-+8c-"; keys "4sTd"
shot at-once-ruling.png
xdotool key Return; sleep 0.8
keys "5h-"; keys "2cJhKh7d"
keys "= "; keys "3 100 8 100 ."; keys "9h3s2dKc5h4s"
keys "=1200 "; keys "6 200 11 150 2 c 100 ."; keys "Ah4d3c2s2h5c"
shot at-once-coup5.png
xdotool key F10; sleep 0.8; xdotool key Return; sleep 2
shot at-once-sheet.png
xdotool key Return; sleep 1
F=$(ls data/sabot/shifts/*.sabotlog | tail -1)
"$BIN" verify "$F"
"$BIN" report "$F" | grep -i -E "cagnotte|banca|bank" | head -5

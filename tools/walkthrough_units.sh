#!/usr/bin/env bash
# The croupier's page's (docs/croupier.md) Banque shift at once with amounts in units (the start form's
# «importes en unidades» beside the unit), then coups 6 and 7: six fresh bets, and
# the same punters keeping their stakes (`1=3=…`). Under Xvfb at any screen size:
#   xvfb-run -a -s "-screen 0 1024x768x24" bash tools/walkthrough_units.sh
# (after `cargo build --release`). Screenshots and the log go to $WALK_DIR.
. "$(dirname "$0")/walk_lib.sh"
start_app
field 405 200 "Mesa 3"
field 815 200 "Ana"
field 745 255 "10"
click 831 259
field 388 460 "5"
field 785 460 "1000"
shot units-start.png
xdotool key Return; sleep 1.5
line "sabot baraja corte 14 ="
xdotool key F11; sleep 0.5
keys() { xdotool type --delay 60 -- "$1"; sleep 0.6; }
keys "1 10 7 5 3 c 4 8 h"
shot units-typing.png
keys " 6 ."; keys "+6h"; keys "2 9cJd"; keys "/+5d"; keys "2hQsKd4c"
shot units-coup1.png
keys "= "; keys "2 5 9 8 4 c 2 ."; keys "---"; keys "7hKc6dKs5cQd"
keys "= "; keys "1 6 2p 4 10 h 8 ."; keys "-+8c-"; keys "4sTd"
xdotool key Return; sleep 0.8
keys "5h-"; keys "2cJhKh7d"
keys "= "; keys "3 10 8 10 ."; keys "9h3s2dKc5h4s"
keys "=120 "; keys "6 20 11 15 2 c 10 ."; keys "Ah4d3c2s2h5c"
keys "= "; keys "1 10 7 5 3 c 4 8 h 6 2 3 11 8 ."; keys "---"; keys "7dQc6sJh5hKc"
keys "= "; keys "1=3=8=2=11="
shot units-kept.png
keys "9 8 ."; keys "---"; keys "7cJc6hQs5sKh"
shot units-coup7.png
xdotool key F10; sleep 0.8; xdotool key Return; sleep 2
shot units-sheet.png
xdotool key Return; sleep 1
F=$(ls data/sabot/shifts/*.sabotlog | tail -1)
"$BIN" verify "$F"
"$BIN" report "$F" | grep -i -E "cagnotte|banca|bank" | head -5

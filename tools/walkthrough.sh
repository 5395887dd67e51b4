#!/usr/bin/env bash
# The croupier's page's (docs/croupier.md) five-coup Banque shift typed into the real window, under Xvfb, at any
# screen size (1024×768 to 1920×1080):
#   xvfb-run -a -s "-screen 0 1280x800x24" bash tools/walkthrough.sh
# (after `cargo build --release`). Screenshots and the shift log go to $WALK_DIR
# (default /tmp/sabot-walk); then `sabot verify` and `sabot report` on the log.
. "$(dirname "$0")/walk_lib.sh"
start_app
field 405 200 "Mesa 3"
field 815 200 "Ana"
field 745 255 "10"
field 388 460 "5"
field 785 460 "1000"
xdotool key Return; sleep 1.5
line "sabot baraja corte 14 ="
line "1 100 7 50 3 c 40 8 h 60 ."
line "+"
line "6h"
line "2 9c Jd"
xdotool type --delay 40 -- "/ + "; sleep 0.8
shot mid.png
xdotool key Return; sleep 0.8
line "5d"
line "2h Qs"
line "Kd 4c"
shot coup1.png
line "="
line "2 50 9 80 4 c 20 ."
line "- - -"
line "7h Kc 6d Ks 5c Qd"
line "="
line "1 60 2p 40 10 h 80 ."
line "- + 8c -"
line "4s Td"
shot ruling.png
xdotool key Return; sleep 0.8
line "5h"
line "-"
line "2c Jh"
line "Kh 7d"
shot coup3.png
line "="
line "3 100 8 100 ."
line "9h 3s 2d Kc 5h 4s"
line "=1200"
line "6 200 11 150 2 c 100 ."
# The bank's last card typed 6♣ (it is 5♣): the coup settles on the typo. Before
# paying, Ctrl+Z (the chip says what goes), Intro, and the card as it is.
line "Ah 4d 3c 2s 2h 6c"
xdotool key ctrl+z; sleep 0.8
shot takeback.png
xdotool key Return; sleep 0.8
line "5c"
shot coup5.png
xdotool key F2; sleep 1
shot log.png
xdotool key F2; sleep 0.5
# The close (F10, Intro): the shift's sheet, written beside the log as a PDF.
xdotool key F10; sleep 0.8; xdotool key Return; sleep 2
shot sheet.png
xdotool key Return; sleep 1
F=$(ls data/sabot/shifts/*.sabotlog | tail -1)
"$BIN" verify "$F"
"$BIN" report "$F"
# The pit boss's review of the shift: at a glance, the coups, coup 3 replayed.
"$BIN" review "$F" > review.log 2>&1 &
REVIEW=$!
sleep 5
import -window root review-glance.png
xdotool mousemove 508 110 click 1; sleep 1
import -window root review-coups.png
xdotool mousemove 357 367 click 1; sleep 1.5
import -window root review-replay.png
# The side panel scrolled to its end: the payouts and the amendment's panel.
xdotool mousemove 1030 600
for _ in 1 2 3 4 5 6 7 8 9 10 11 12; do xdotool click 5; sleep 0.1; done
sleep 1
import -window root review-amend.png
kill "$REVIEW"

#!/usr/bin/env bash
# The croupier's page's (docs/croupier.md) Punto y Banca shift typed into the real window, under Xvfb, at any
# screen size (1024×768 to 1920×1080):
#   xvfb-run -a -s "-screen 0 1024x768x24" bash tools/walkthrough_pb.sh
# (after `cargo build --release`; SABOT_BIN for another binary). Screenshots and the
# shift log go to $WALK_DIR (default /tmp/sabot-walk), prefixed pb-; then
# `sabot verify` and `sabot report` on the log. The same lines run through the app
# in tests/gui_walk.rs.
. "$(dirname "$0")/walk_lib.sh"
start_app
click 679 150                  # Punto y Banca
field 437 200 "Mesa 7"
field 845 200 "Eva"
xdotool key Return; sleep 1.5
line "sabot baraja corte 10"
line "quema 3h ="
# Punto wins: the house pays punto, collects banca; the sabot passes.
line "4 p 20 5 b 30 6 b 100 ."
line "2h Ac Kd 7h"
line "5s"
shot pb-1-punto-wins.png
line "="
# A bet typed by mistake comes off before Intro (the arrows pick it, Delete).
xdotool type --delay 30 -- "5 b 100 3 p 50 8 p 30 "; sleep 0.5
shot pb-2-chip-to-remove.png
xdotool key Left; sleep 0.2; xdotool key Delete; sleep 0.5
line "."
# Banca wins with a natural: paid less the commission.
line "2h 3c 9d Kh"
shot pb-3-banca-commission.png
line "="
# A tie: punto 9, banca 9.
line "4 p 40 6 b 60 ."
# Banca's first card typed 8♦ (it is 9♦): the croupier takes back his last two
# entries (Ctrl+Z twice: «anula 2»), and types them again.
line "9h Kc 8d Qs"
xdotool key ctrl+z; sleep 0.3; xdotool key ctrl+z; sleep 0.8
shot pb-4-take-back.png
xdotool key Return; sleep 0.8
line "9d Qs"
shot pb-4-tie.png
line "="
# The tie's bets stand (R-PB-4); seat 4 takes his back before «no va más».
line "quita 4"
shot pb-5-withdrawn.png
# The close (F10, Intro): the shift's sheet, written beside the log as a PDF.
line "."
line "5d 2c Kh 3s 9c"
xdotool key F10; sleep 0.8; xdotool key Return; sleep 2
shot pb-6-sheet.png
xdotool key Return; sleep 1
F=$(ls data/sabot/shifts/*.sabotlog | tail -1)
"$BIN" verify "$F"
"$BIN" report "$F"

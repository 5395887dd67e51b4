#!/usr/bin/env bash
# The croupier's page's (docs/croupier.md) Chemin de fer shift typed into the real window, under Xvfb, at any
# screen size (1024×768 to 1920×1080):
#   xvfb-run -a -s "-screen 0 1920x1080x24" bash tools/walkthrough_cf.sh
# (after `cargo build --release`; SABOT_BIN for another binary). Screenshots and the
# shift log go to $WALK_DIR (default /tmp/sabot-walk), prefixed cf-; then
# `sabot verify` and `sabot report` on the log. The same lines run through the app
# in tests/gui_walk.rs.
. "$(dirname "$0")/walk_lib.sh"
start_app
click 476 150                  # Chemin de fer
field 405 200 "Mesa 5"
field 815 200 "Luis"
xdotool key Return; sleep 1.5
line "sabot baraja"
line "nocorta"
line "corte 12"
line "3 banca 500 ="
# Coup 1: the bank wins and stays (banca seguida).
line "5 200 6 100 ."
line "2h 9c 3d 8s"
line "-"
shot cf-1-banca-seguida.png
line "="
# Coup 2: banco con la mesa; a bet typed by mistake comes off (Delete) before Intro.
xdotool type --delay 30 -- "4 bm 6 100 7 50 "; sleep 0.5
shot cf-2-chip-to-remove.png
xdotool key Delete; sleep 0.5
line "."
# A tie: the coup is void.
line "Ah 2c 6d 5s"
shot cf-3-tie.png
line "="
# Coup 3: banco for the whole bank; the player wins: the bank is broken and passes.
line "5 b ."
# The bank's second card typed 4♠ (it is 3♠): the coup settles on the typo. Before
# paying, the croupier takes his entry back (Ctrl+Z, the chip says what goes; Intro)
# and types the card as it is.
line "9h 2c Kd 4s"
xdotool key ctrl+z; sleep 0.8
shot cf-4-take-back.png
xdotool key Return; sleep 0.8
line "3s"
shot cf-4-bank-broken.png
line "pasa"
line "5 banca 400 ="
shot cf-5-new-bank.png
# The close (F10, Intro): the shift's sheet, written beside the log as a PDF.
xdotool key F10; sleep 0.8; xdotool key Return; sleep 2
shot cf-6-sheet.png
xdotool key Return; sleep 1
F=$(ls data/sabot/shifts/*.sabotlog | tail -1)
"$BIN" verify "$F"
"$BIN" report "$F"

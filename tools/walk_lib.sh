# Shared by the walkthrough tools (sourced): start Sabot in the X display, click the
# start form's fields where they are at this screen's size, type lines.
#
# The window fills the screen and lays itself out as at least 1280×800 points,
# zoomed to fit (`screen::fit_zoom`); the start form is centred. A place on the
# form is given as at 1280×800 (X Y) and moved to this screen by `at`.
set -u
BIN=${SABOT_BIN:-$(cd "$(dirname "$0")/.." && pwd)/target/release/sabot}
WALK_DIR=${WALK_DIR:-/tmp/sabot-walk}
mkdir -p "$WALK_DIR" && cd "$WALK_DIR" || exit 1
export XDG_DATA_HOME=$WALK_DIR/data HOME=$WALK_DIR
read -r SW SH < <(xdpyinfo | awk '/dimensions:/ { split($2, d, "x"); print d[1], d[2] }')
# The zoom: min(w/1280, h/800) in twentieths, between 0.75 and 1.6.
Z=$(awk -v w="$SW" -v h="$SH" 'BEGIN { z = w / 1280; if (h / 800 < z) z = h / 800; z = int(z * 20 + 0.5) / 20;
  if (z < 0.75) z = 0.75; if (z > 1.6) z = 1.6; print z }')
at() { awk -v x="$1" -v y="$2" -v z="$Z" -v w="$SW" 'BEGIN { lw = w / z; printf "%d %d", (x + (lw - 1280) / 2) * z, y * z }'; }
start_app() {
    "$BIN" > app.log 2>&1 &
    sleep "${WALK_START_WAIT:-8}"
    W=$(xdotool search --name "Sabot" | head -1)
    xdotool windowfocus --sync "$W"
    sleep 0.5
}
click() { xdotool mousemove $(at "$1" "$2") click 1; sleep "${WALK_CLICK_WAIT:-1.2}"; }
field() { click "$1" "$2"; xdotool key ctrl+a; xdotool type --delay 40 -- "$3"; sleep 0.2; }
line() { xdotool type --delay 30 -- "$1"; sleep 0.3; xdotool key Return; sleep 0.8; }
shot() { sleep "${WALK_SHOT_WAIT:-1.5}"; import -window root "$1"; }

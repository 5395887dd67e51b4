#!/usr/bin/env bash
# Builds Sabot's Windows installer on Linux: `bash tools/windows.sh`.
#
#   <target>/windows/sabot.exe                    the cross-built program (x86_64-pc-windows-gnu,
#                                                 its icon and version information inside)
#   <target>/windows/sabot-<version>-x64.msi      the installer (msitools' wixl): sabot.exe,
#                                                 the house files, the licences and the README
#                                                 in Program Files\Sabot, a Start-menu
#                                                 shortcut with the icon
#
# <target> is $CARGO_TARGET_DIR, else target/. Needs Debian's mingw-w64 and wixl (msitools)
# and rustup's target x86_64-pc-windows-gnu, which it adds when rustup is there.
# Nothing is signed here: see docs/administrator.md, "Windows".
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

TARGET=x86_64-pc-windows-gnu
TARGET_DIR=${CARGO_TARGET_DIR:-target}
OUT=$TARGET_DIR/windows
VERSION=$(sed -n 's/^version = "\([0-9.]*\).*"$/\1/p' Cargo.toml | head -1)

missing=()
for tool in x86_64-w64-mingw32-gcc x86_64-w64-mingw32-windres x86_64-w64-mingw32-objdump wixl; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "tools/windows.sh: missing ${missing[*]} (Debian: apt-get install mingw-w64 wixl)" >&2
  exit 1
fi
if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx "$TARGET"; then
  rustup target add "$TARGET"
fi

start=$(date +%s)
cargo build --release --locked --target "$TARGET"
EXE=$TARGET_DIR/$TARGET/release/sabot.exe
echo "windows: sabot.exe built in $(( $(date +%s) - start )) s"

# The icon went in (build.rs warns and goes on without windres; an installer must not).
if ! x86_64-w64-mingw32-objdump -h "$EXE" | grep -q '\.rsrc'; then
  echo "tools/windows.sh: $EXE has no resources (icon, version): was windres found?" >&2
  exit 1
fi

rm -rf "$OUT"
mkdir -p "$OUT/stage/house"
cp "$EXE" "$OUT/sabot.exe"
cp "$EXE" assets/windows/sabot.ico LICENSE-MIT LICENSE-APACHE README.md "$OUT/stage/"
cp assets/house/*.ron "$OUT/stage/house/"
MSI=sabot-$VERSION-x64.msi
# wixl reads the sources relative to the folder it runs in: the staging folder.
(cd "$OUT/stage" && wixl -a x64 -D Version="$VERSION" -o "../$MSI" "$ROOT/assets/windows/sabot.wxs")
rm -rf "$OUT/stage"
ls -l "$OUT/sabot.exe" "$OUT/$MSI"
echo "windows: $OUT/$MSI"

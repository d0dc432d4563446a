#!/bin/sh
# SPDX-License-Identifier: MIT
# examples/sdl2-ui, headless (60 Hz frames, software renderer):
#   - screenshots at 0.1 s and at 1 s must both show something and must
#     differ where the panel moved in;
#   - at 1.5 s, with the mouse moved onto the second button at 1 s, that
#     button's colour must differ from the picture without the mouse, and
#     the first button's must not.
# Compared with tests/pngcheck.  Skipped when the example was not built.
# Run by make check.

build=${abs_top_builddir:-.}
ui=$build/examples/sdl2-ui
check=$build/tests/pngcheck
if test ! -x "$ui" || test ! -x "$check"; then
  echo "SKIP: examples/sdl2-ui not built: configure found no sdl2 or SDL2_image (apt-get install libsdl2-dev libsdl2-image-dev)"
  exit 77
fi
limit=
if command -v timeout >/dev/null 2>&1; then limit="timeout 60"; fi

tmp=${TMPDIR:-/tmp}/tw-sdl2-ui-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# shot NAME FRAMES [OPTIONS]: a screenshot into $tmp/NAME.png
shot() {
  name=$1
  frames=$2
  shift 2
  if ! SDL_VIDEODRIVER=dummy $limit "$ui" --screenshot "$tmp/$name.png" \
      --frames "$frames" "$@" > "$tmp/$name.out"; then
    cat "$tmp/$name.out"
    echo "FAIL: examples/sdl2-ui --frames $frames $*"
    exit 1
  fi
  cat "$tmp/$name.out"
}

# rect NAME WHAT: the rectangle "X Y W H" that the example printed for WHAT
rect() {
  r=$(sed -n "s/^sdl2-ui: .*$2 \([0-9]* [0-9]* [0-9]* [0-9]*\)$/\1/p" \
    "$tmp/$1.out")
  if test -z "$r"; then
    echo "FAIL: examples/sdl2-ui did not print where its $2 is" >&2
    exit 1
  fi
  echo "$r"
}

shot early 6
shot late 60
panel=$(rect late "panel") || exit 1
# shellcheck disable=SC2086
"$check" "$tmp/early.png" "$tmp/late.png" $panel || exit $?

shot plain 90
button0=$(rect plain "button 0") || exit 1
button1=$(rect plain "button 1") || exit 1
# the middle of the second button
# shellcheck disable=SC2086
set -- $button1
mouse="$(($1 + $3 / 2)),$(($2 + $4 / 2))@60"
shot hover 90 --mouse "$mouse"
# shellcheck disable=SC2086
"$check" "$tmp/plain.png" "$tmp/hover.png" $button1 || exit $?
# shellcheck disable=SC2086
"$check" --same "$tmp/plain.png" "$tmp/hover.png" $button0 || exit $?
echo "PASS: the panel moves in; hovering changes the hovered button only"

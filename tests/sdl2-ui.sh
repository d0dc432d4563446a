#!/bin/sh
# SPDX-License-Identifier: MIT
# examples/sdl2-ui, headless (60 Hz frames, software renderer):
#   - screenshots at 0.1 s and at 1 s must both show something and must
#     differ where the panel moved in;
#   - at 1.5 s, with the mouse moved onto the second button at 1 s, that
#     button's colour must differ from the picture without the mouse, and
#     the first button's must not; moved on and off again at once, the
#     retargeted colour must be back to idle by then;
#   - the card, dragged from its home and held, must have left its home
#     and be where the hand took it; let go and grabbed again on its way
#     home, it must stay in the hand; let go, grabbed again on its way home,
#     dragged and flung, it must still be away 6 frames after the last
#     release, and its spring (1.14 s) must have brought it home (the
#     whole picture as an undisturbed run's) by frame 200.
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
# on and off at once: the colour's tween is retargeted back to idle
off="$(($1 - 14)),$(($2 + $4 / 2))@63" # left of the buttons
shot hoveroff 90 --mouse "$mouse" --mouse "$off"
# shellcheck disable=SC2086
"$check" --same "$tmp/plain.png" "$tmp/hoveroff.png" $button1 || exit $?

# The drag: from the card's middle at frame 100, 5 frames of moves by
# (-52, +40) each, held until frame 110, let go there (the hand still: no
# speed), grabbed again at once where it was let go, dragged left in two
# frames and let go moving (a flick).
card=$(rect plain "card") || exit 1
# shellcheck disable=SC2086
set -- $card
x=$(($1 + $3 / 2))
y=$(($2 + $4 / 2))
drag="--down $x,$y@100"
i=1
while test $i -le 5; do
  drag="$drag --mouse $((x - 52 * i)),$((y + 40 * i))@$((100 + i))"
  i=$((i + 1))
done
x=$((x - 260))
y=$((y + 200))
held="$(($1 - 260)) $(($2 + 200)) $3 $4" # where the hand took it
fling="--up $x,$y@110 --down $x,$y@112 --mouse $((x - 95)),$((y + 7))@113"
fling="$fling --mouse $((x - 190)),$((y + 14))@114 --up $((x - 190)),$((y + 14))@114"
# shellcheck disable=SC2086
shot held 108 $drag
shot plain108 108
# shellcheck disable=SC2086
"$check" "$tmp/plain108.png" "$tmp/held.png" $card || exit $?
# shellcheck disable=SC2086
"$check" "$tmp/plain108.png" "$tmp/held.png" $held || exit $?
# shellcheck disable=SC2086
shot flight 120 $drag $fling
# shellcheck disable=SC2086
shot rest 200 $drag $fling
grabs=$(grep -c "card grabbed" "$tmp/rest.out")
releases=$(grep -c "card released" "$tmp/rest.out")
if test "$grabs" != 2 || test "$releases" != 2; then
  echo "FAIL: the card was grabbed $grabs times and let go $releases times, not 2 and 2"
  exit 1
fi
shot still 200
# grabbed again on its way home and held still: the grab stopped the
# spring, so the card stays near where it was let go
# shellcheck disable=SC2086
shot regrab 200 $drag --up "$x,$y@110" --down "$x,$y@112"
# shellcheck disable=SC2086
"$check" "$tmp/still.png" "$tmp/regrab.png" $card || exit $?
# shellcheck disable=SC2086
"$check" "$tmp/still.png" "$tmp/regrab.png" $held || exit $?
# shellcheck disable=SC2086
"$check" "$tmp/flight.png" "$tmp/rest.png" $card || exit $?
# shellcheck disable=SC2086
"$check" --same "$tmp/still.png" "$tmp/rest.png" $card || exit $?
"$check" --same "$tmp/still.png" "$tmp/rest.png" 0 0 800 600 || exit $?
echo "PASS: the panel moves in; hovering changes the hovered button only;" \
  "the card follows a drag and springs home"

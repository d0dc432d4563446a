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
#     whole picture as an undisturbed run's) by frame 200;
#   - the list's rows, staggered from the start: at frame 90 the first
#     row must be in place (identical to the rested picture of frame 132)
#     and the last two not; replayed from the centre by a click on its
#     header at frame 140, at frame 159 the middle rows must be in place
#     and the end rows not, and all in place at frame 210 (the rows'
#     starts spread over 0.75 s, each 0.3 s long);
#   - the card, dragged onto the toast and held, must be drawn on top of
#     it (its held colour covering a quarter of the toast's rectangle);
#   - the path's dot (found by its colour) must be inside the path's box
#     at frames 60, 90, 108, 132 and 200, and not in one place at 60, 90
#     and 108;
#   - a wrong PIN key pressed at frame 100 must shake the field sideways
#     (the field found moved one way at frame 104 and the other at 106),
#     and at frame 132, after the 0.5 s shake, the field and the room it
#     shook in must be identical to an unshaken run's; so too for a second
#     wrong key pressed in the middle of a shake;
#   - P pressed at frame 10 must have 100,000 particles flying at frame
#     40 (the middle of the window unlike an undisturbed run's), none at
#     frame 200, and the picture then an undisturbed run's, but for the
#     corner's line that tells their count and time;
#   - with SDL's offscreen or dummy video driver and no --screenshot, it
#     must say on stderr that nothing is shown and stop after --frames
#     (CI checks that it stops after 10 s without --frames).
# Compared with tests/pngcheck.  Skipped when the example was not built.
# Run by make check.

build=${abs_top_builddir:-.}
ui=$build/examples/sdl2-ui
check=$build/tests/pngcheck
if test ! -x "$ui" || test ! -x "$check"; then
  echo "SKIP: examples/sdl2-ui not built: configure found no sdl2, SDL2_image, SDL2_ttf or DejaVu Sans (apt-get install libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core)"
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

# The card dragged onto the toast and held there: what the hand holds is
# drawn on top, so the card's held colour covers the toast's rectangle.
toast=$(sed -n 's/^sdl2-ui: toast "[^"]*" \([0-9]* [0-9]* [0-9]* [0-9]*\)$/\1/p' \
  "$tmp/plain108.out")
held_colour=$(sed -n 's/^sdl2-ui: card held colour \([0-9]*,[0-9]*,[0-9]*\)$/\1/p' \
  "$tmp/plain108.out")
if test -z "$toast" || test -z "$held_colour"; then
  echo "FAIL: examples/sdl2-ui did not print where its toast is, or the held card's colour"
  exit 1
fi
# shellcheck disable=SC2086
set -- $card
cx=$(($1 + $3 / 2))
cy=$(($2 + $4 / 2))
# shellcheck disable=SC2086
set -- $toast
tx=$(($1 + $3 / 2))
ty=$(($2 + $4 / 2))
over="--down $cx,$cy@100"
i=1
while test $i -le 5; do
  over="$over --mouse $((cx + (tx - cx) * i / 5)),$((cy + (ty - cy) * i / 5))@$((100 + i))"
  i=$((i + 1))
done
# shellcheck disable=SC2086
shot over 120 $over
# shellcheck disable=SC2086
"$check" --covers "$held_colour" "$tmp/over.png" $toast || exit $?

# within NAME: the dot of $tmp/NAME.png inside the path's box; prints
# where it was found
within() {
  # shellcheck disable=SC2086
  "$check" --within "$dot" "$tmp/$1.png" $path > "$tmp/$1.dot" || {
    cat "$tmp/$1.dot"
    exit 1
  }
  cat "$tmp/$1.dot" >&2
  sed -n 's/.*found at //p' "$tmp/$1.dot"
}

# The staggered list, from the start at 0.9 s, a row every 0.15 s taking
# 0.3 s: at frame 90 (1.5 s) rows 0 to 2 are in, rows 4 and 5 not; from
# the centre at frame 140, at 159 (+0.32 s) rows 2 and 3 are in and 0, 1,
# 4, 5 on their way.
shot plain132 132
# rows NAME REFERENCE CHECK ROWS...: pngcheck CHECK (--exact, or "" for
# differ) on the rectangles of those rows between $tmp/REFERENCE.png and
# $tmp/NAME.png
rows() {
  name=$1
  reference=$2
  how=$3
  shift 3
  for i in "$@"; do
    r=$(rect plain132 "row $i") || exit 1
    # shellcheck disable=SC2086
    "$check" $how "$tmp/$reference.png" "$tmp/$name.png" $r || exit 1
  done
}
rows plain plain132 --exact 0
rows plain plain132 "" 4 5
header=$(rect plain132 "list header") || exit 1
# shellcheck disable=SC2086
set -- $header
click="--down $(($1 + $3 / 2)),$(($2 + $4 / 2))@140"
# shellcheck disable=SC2086
shot replay 159 $click
# shellcheck disable=SC2086
shot replayed 210 $click
rows replay plain132 --exact 2 3
rows replay plain132 "" 0 1 4 5
rows replayed plain132 --exact 0 1 2 3 4 5

# The path's dot, a 3 s loop: inside the box at five frames, moving.
path=$(rect plain132 "path") || exit 1
dot=$(sed -n 's/^sdl2-ui: path dot colour \([0-9]*,[0-9]*,[0-9]*\)$/\1/p' \
  "$tmp/plain132.out")
if test -z "$dot"; then
  echo "FAIL: examples/sdl2-ui did not print its path dot's colour"
  exit 1
fi
at60=$(within late) || exit 1
at90=$(within plain) || exit 1
at108=$(within plain108) || exit 1
within plain132 > /dev/null || exit 1
within still > /dev/null || exit 1
if test "$at60" = "$at90" || test "$at90" = "$at108" ||
  test "$at60" = "$at108"; then
  echo "FAIL: the path's dot did not move: at $at60, $at90, $at108"
  exit 1
fi

# The PIN: a wrong key (one not the code's first digit) at frame 100.
field=$(rect plain132 "pin field") || exit 1
code=$(sed -n 's/^sdl2-ui: pin code \([0-9]*\)$/\1/p' "$tmp/plain132.out")
first=$(echo "$code" | cut -c1)
if test -z "$first"; then
  echo "FAIL: examples/sdl2-ui did not print its PIN code"
  exit 1
fi
wrong=1
if test "$first" = 1; then wrong=2; fi
key=$(rect plain132 "key $wrong") || exit 1
# shellcheck disable=SC2086
set -- $key
press="$(($1 + $3 / 2)),$(($2 + $4 / 2))"
shot plain104 104
shot plain106 106
shot shake104 104 --down "$press@100"
shot shake106 106 --down "$press@100"
shot shaken 132 --down "$press@100"
shot reshaken 132 --down "$press@96" --down "$press@100"
if ! grep -q "wrong pin key $wrong" "$tmp/shaken.out"; then
  echo "FAIL: examples/sdl2-ui did not take key $wrong as wrong"
  exit 1
fi
# shellcheck disable=SC2086
m104=$("$check" --moved "$tmp/plain104.png" "$tmp/shake104.png" $field) || {
  echo "$m104"
  exit 1
}
# shellcheck disable=SC2086
m106=$("$check" --moved "$tmp/plain106.png" "$tmp/shake106.png" $field) || {
  echo "$m106"
  exit 1
}
echo "$m104"
echo "$m106"
dx104=$(echo "$m104" | sed -n 's/^pngcheck: moved by \(-*[0-9]*\) .*/\1/p')
dx106=$(echo "$m106" | sed -n 's/^pngcheck: moved by \(-*[0-9]*\) .*/\1/p')
if test -z "$dx104" || test -z "$dx106" ||
  test $((dx104 * dx106)) -ge 0; then
  echo "FAIL: the field did not shake both ways: by $dx104 at frame 104," \
    "by $dx106 at frame 106"
  exit 1
fi
# the field and the room it shook in, 20 px either side
# shellcheck disable=SC2086
set -- $field
room="$(($1 - 20)) $2 $(($3 + 40)) $4"
# shellcheck disable=SC2086
"$check" --exact "$tmp/plain132.png" "$tmp/shaken.png" $room || exit $?
# shellcheck disable=SC2086
"$check" --exact "$tmp/plain132.png" "$tmp/reshaken.png" $room || exit $?

# P at frame 10: 100,000 particles fly at frame 40, in the middle of the
# window, which an undisturbed run's frame 40 does not show; at frame 200
# none is left, and the picture is an undisturbed run's, pixel for pixel,
# but for the corner's line that tells the particles' count and time.
shot plain40 40
shot burst 40 --key p@10
shot burst200 200 --key p@10
for f in burst:100000 burst200:0; do
  if ! grep -q "^sdl2-ui: particles ${f#*:}$" "$tmp/${f%:*}.out"; then
    echo "FAIL: examples/sdl2-ui: not ${f#*:} particles at the end of" \
      "${f%:*}"
    exit 1
  fi
done
"$check" "$tmp/plain40.png" "$tmp/burst.png" 350 170 100 50 || exit $?
"$check" --exact "$tmp/still.png" "$tmp/burst200.png" 0 0 800 568 || exit $?

# Without a display (SDL's offscreen or dummy video driver) and without
# --screenshot, it says so on stderr and stops after --frames.
# The offscreen driver loads EGL and Mesa's drivers with dlopen, which keep
# strings they never free and are unloaded at SDL_Quit: under
# LeakSanitizer (an ASan build) those leaks have no module to be told
# from ours, so that run does not look for leaks; the dummy driver's run,
# and every run above, do.
for driver in offscreen dummy; do
  lsan=
  [ "$driver" = offscreen ] &&
    lsan="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
  if ! env $lsan SDL_VIDEODRIVER=$driver $limit "$ui" --frames 30 \
      > "$tmp/nodisplay.out" 2> "$tmp/nodisplay.err"; then
    cat "$tmp/nodisplay.err"
    echo "FAIL: examples/sdl2-ui --frames 30 with SDL_VIDEODRIVER=$driver"
    exit 1
  fi
  if ! grep -q "^sdl2-ui: no display: .*$driver.*stopping after 30 frames" \
      "$tmp/nodisplay.err"; then
    cat "$tmp/nodisplay.err"
    echo "FAIL: examples/sdl2-ui does not say that the $driver driver shows nothing"
    exit 1
  fi
done
cat "$tmp/nodisplay.err"

echo "PASS: the panel moves in; hovering changes the hovered button only;" \
  "the card follows a drag, above the toast, and springs home; the list's" \
  "rows come in one after another; the path's dot moves inside its box;" \
  "a wrong PIN shakes the field, which comes back to rest; P bursts" \
  "100,000 particles, all landed by frame 200; without a display it says" \
  "so and stops"

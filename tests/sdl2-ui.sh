#!/bin/sh
# SPDX-License-Identifier: MIT
# examples/sdl2-ui, headless: two screenshots, at 0.1 s and at 1 s (60 Hz
# frames), must both show something and must differ where the panel moved
# in (tests/pngcheck).  Skipped when the example was not built.  Run by
# make check.

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

for frames in 6 60; do
  if ! SDL_VIDEODRIVER=dummy $limit "$ui" --screenshot "$tmp/$frames.png" \
      --frames $frames > "$tmp/$frames.out"; then
    cat "$tmp/$frames.out"
    echo "FAIL: examples/sdl2-ui --frames $frames"
    exit 1
  fi
  cat "$tmp/$frames.out"
done

# "... panel X Y W H": where the panel comes to rest
rect=$(sed -n 's/.*; panel \([0-9]* [0-9]* [0-9]* [0-9]*\)$/\1/p' "$tmp/60.out")
if test -z "$rect"; then
  echo "FAIL: examples/sdl2-ui did not say where its panel is"
  exit 1
fi
# shellcheck disable=SC2086
"$check" "$tmp/6.png" "$tmp/60.png" $rect || exit $?
echo "PASS: the screenshots show the panel moving in"

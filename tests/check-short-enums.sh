#!/bin/sh
# SPDX-License-Identifier: MIT
# The library and tests/short-enums.c built with -fshort-enums (enums as
# wide as their members, as arm-none-eabi makes them): every public enum
# keeps the room of an int, and values out of range stay refused.  Run
# by make check, which sets abs_top_srcdir, abs_top_builddir, CC and
# tw_lib_sources; skips where $CC does not take -fshort-enums.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
cc=${CC:-cc}
if test -z "${tw_lib_sources:-}"; then
  echo "ERROR: tw_lib_sources is not set (run by make check)"
  exit 99
fi
tmp=${TMPDIR:-/tmp}/tw-short-enums-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
if ! echo 'int main(void) { return 0; }' >"$tmp/t.c" ||
  ! $cc -fshort-enums -o "$tmp/t" "$tmp/t.c" 2>/dev/null; then
  echo "SKIP: $cc does not take -fshort-enums" >&2
  exit 77
fi
files=
for f in $tw_lib_sources; do
  case $f in *.c) files="$files $src/$f" ;; esac
done
# shellcheck disable=SC2086
if ! $cc -std=c99 -fshort-enums -Wall -Wextra -Werror -I"$src/include" \
  -I"$build/include" -I"$src/lib" -o "$tmp/short-enums" \
  "$src/tests/short-enums.c" $files -lm; then
  echo "FAIL: the library does not build with -fshort-enums"
  exit 1
fi
"$tmp/short-enums"

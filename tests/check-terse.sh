#!/bin/sh
# SPDX-License-Identifier: MIT
# The library built with TW_TERSE_ERRORS (the sentences' formats and their
# formatter left out, for small flash) and tests/terse.c: the build is
# clean under -Wall -Wextra -pedantic -Werror, and every refusal of the
# list still returns its code, changes nothing and names its call in the
# detail.  Run by make check, which sets abs_top_srcdir, abs_top_builddir,
# CC and tw_lib_sources.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
cc=${CC:-cc}
if test -z "${tw_lib_sources:-}"; then
  echo "ERROR: tw_lib_sources is not set (run by make check)"
  exit 99
fi
tmp=${TMPDIR:-/tmp}/tw-terse-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
files=
for f in $tw_lib_sources; do
  case $f in *.c) files="$files $src/$f" ;; esac
done
# shellcheck disable=SC2086
if ! $cc -std=c99 -DTW_TERSE_ERRORS -Wall -Wextra -pedantic -Werror \
  -I"$src/include" -I"$build/include" -I"$src/lib" -o "$tmp/terse" \
  "$src/tests/terse.c" $files -lm; then
  echo "FAIL: the library does not build with TW_TERSE_ERRORS"
  exit 1
fi
"$tmp/terse"

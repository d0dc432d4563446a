#!/bin/sh
# SPDX-License-Identifier: MIT
# Fails if the shared library exports a symbol outside the API: every
# exported name must start with tw_, and tw__ names are internal; and
# unless the library exports exactly the functions include/tween.h
# declares (TW_EXTERN), since the tests that call every export
# (test_doors, check-doors.sh) read their list from the header.
# Run by make check, which sets abs_top_builddir and tw_lib (the libtool
# library the tests link: lib/libtween.la, or amalgamation/libtween.la).

tw_lib=${tw_lib:-lib/libtween.la}
lib=${abs_top_builddir:-.}/${tw_lib%/*}/.libs/libtween.so
if test ! -f "$lib"; then
  echo "SKIP: no shared library at $lib"
  exit 77
fi

out=$(nm -D --defined-only "$lib") || { echo "ERROR: nm failed"; exit 99; }
syms=$(echo "$out" | awk 'NF >= 3 { print $3 }')
if test -z "$syms"; then
  echo "FAIL: $lib exports nothing"
  exit 1
fi

bad=$(echo "$syms" | grep -v '^tw_'; echo "$syms" | grep '^tw__')
if test -n "$bad"; then
  echo "FAIL: $lib exports names outside the API:"
  echo "$bad"
  exit 1
fi
hdr=${abs_top_srcdir:-.}/include/tween.h
tmp=${TMPDIR:-/tmp}/tw-exports-$$
trap 'rm -f "$tmp"' EXIT
awk '/^TW_EXTERN / { d = ""; on = 1 }
  on { d = d " " $0 }
  on && d ~ /\);/ {
    on = 0
    gsub(/TW_DEPRECATED\("[^"]*"\)/, "", d)
    if (match(d, /tw_[a-z0-9_]+\(/)) print substr(d, RSTART, RLENGTH - 1)
  }' "$hdr" | sort -u >"$tmp" || { echo "ERROR: cannot read $hdr"; exit 99; }
differ=$(echo "$syms" | sort -u | diff - "$tmp")
if test -n "$differ"; then
  echo "FAIL: the exports (<) and include/tween.h's declarations (>) differ:"
  echo "$differ"
  exit 1
fi
echo "PASS: $(echo "$syms" | wc -l) exported symbols, all tw_, each declared"

#!/bin/sh
# SPDX-License-Identifier: MIT
# The manual pages (man/, written by tools/mkman.sh from include/tween.h):
#   1. every exported function has a page: the tw_ names the library
#      defines (nm) and the TW_EXTERN names of the header; a .so link
#      points to a page that exists;
#   2. every page passes groff -man -ww -z (and mandoc -Tlint when it is
#      there) without a word; without either tool this part is skipped
#      with a line, unless TW_REQUIRE_MANLINT=1 (CI);
#   3. man finds a function's page through its link, when man is there.
# Run by make check, which sets abs_top_builddir, abs_top_srcdir, tw_lib.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
tw_lib=${tw_lib:-lib/libtween.la}
man=$build/man
fail=0
tmp=${TMPDIR:-/tmp}/tw-man-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

if test ! -f "$man/libtween.3"; then
  echo "FAIL: no pages in $man (make writes them)"
  exit 1
fi

# 1. coverage
libdir=$build/${tw_lib%/*}/.libs
{
  grep -o 'TW_EXTERN [^(]*[^A-Za-z0-9_]tw_[a-z0-9_]*(' "$src/include/tween.h" |
    sed 's/.*[^A-Za-z0-9_]\(tw_[a-z0-9_]*\)($/\1/'
  if command -v nm >/dev/null 2>&1; then
    if test -f "$libdir/libtween.so"; then
      nm -D --defined-only "$libdir/libtween.so"
    elif test -f "$libdir/libtween.a"; then
      nm --defined-only "$libdir/libtween.a"
    fi | awk 'NF >= 3 && $2 == "T" { print $3 }' | grep '^tw_' | grep -v '^tw__'
  fi
} | sort -u > "$tmp/functions"
test -s "$tmp/functions" || { echo "FAIL: no exported function found"; exit 1; }
missing=
while read -r fn; do
  if test ! -f "$man/$fn.3"; then
    missing="$missing $fn"
  elif target=$(sed -n 's/^\.so man3\///p' "$man/$fn.3") &&
    test -n "$target" && test ! -f "$man/$target"; then
    echo "FAIL: $fn.3 links to $target, which is not there"
    fail=1
  fi
done < "$tmp/functions"
if test -n "$missing"; then
  echo "FAIL: exported functions without a manual page:$missing"
  echo "  Declare each in include/tween.h with TW_EXTERN at the start of a"
  echo "  line, under a comment, in a section (tools/mkman.sh says how)."
  fail=1
fi
echo "ok: $(wc -l < "$tmp/functions") exported functions, each with a page"

# 2. lint
pages=$(grep -L '^\.so ' "$man"/*.3)
linted=
if command -v groff >/dev/null 2>&1; then
  for p in $pages; do
    out=$(groff -man -ww -z "$p" 2>&1)
    if test -n "$out"; then
      echo "FAIL: groff -man -ww -z $p:"
      echo "$out"
      fail=1
    fi
  done
  linted="$linted groff"
fi
if command -v mandoc >/dev/null 2>&1; then
  for p in $pages; do
    out=$(mandoc -Tlint -Wwarning "$p" 2>&1)
    if test -n "$out"; then
      echo "FAIL: mandoc -Tlint $p:"
      echo "$out"
      fail=1
    fi
  done
  linted="$linted mandoc"
fi
if test -z "$linted"; then
  if test "${TW_REQUIRE_MANLINT:-0}" = 1; then
    echo "FAIL: neither groff nor mandoc found (TW_REQUIRE_MANLINT=1)"
    fail=1
  else
    echo "note: neither groff nor mandoc found: pages not linted"
  fi
else
  echo "ok: $(echo "$pages" | wc -l) pages pass$linted"
fi

# 3. man, through a link
if command -v man >/dev/null 2>&1; then
  mkdir -p "$tmp/m" && ln -s "$man" "$tmp/m/man3"
  if MANWIDTH=80 man -M "$tmp/m" 3 tw_float_to 2>/dev/null |
    grep -q 'tw_float_to('; then
    echo "ok: man 3 tw_float_to shows its page"
  else
    echo "FAIL: man 3 tw_float_to does not show tw_float_to"
    fail=1
  fi
fi

test "$fail" = 0 || exit 1
echo "PASS: manual pages"

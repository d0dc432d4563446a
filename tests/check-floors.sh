#!/bin/sh
# SPDX-License-Identifier: MIT
# The floor map of lib/floors.h, checked on the built objects: in the
# order of lib_libtween_la_SOURCES (the floors, bottom-up), each object
# may refer only to functions and data defined in the objects before it
# or in itself, but for the upward ties floors.h lists in its "tie:"
# lines.  Fails on an upward reference that is not listed, and on a
# listed tie that no object makes (the map would be stale).  Run by make
# check, which sets abs_top_srcdir, abs_top_builddir, tw_lib_sources and
# tw_lib; skipped for the amalgamation, which has one object.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
if test -z "${tw_lib_sources:-}"; then
  echo "ERROR: tw_lib_sources is not set (run by make check)"
  exit 99
fi
case ${tw_lib:-lib/libtween.la} in
amalgamation/*)
  echo "SKIP: the amalgamation is one object"
  exit 77
  ;;
esac
command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }

tmp=${TMPDIR:-/tmp}/tw-floors-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# The objects in floor order: "position file object", one a line.
i=0
for f in $tw_lib_sources; do
  case $f in *.c) ;; *) continue ;; esac
  base=${f##*/}
  base=${base%.c}
  o=$build/lib/lib_libtween_la-$base.o
  test -f "$o" || o=$build/lib/.libs/lib_libtween_la-$base.o
  if test ! -f "$o"; then
    echo "SKIP: no object for $f (looked for $o)"
    exit 77
  fi
  i=$((i + 1))
  echo "$i ${f##*/} $o" >>"$tmp/objects"
done

# What each defines ("symbol position file") and refers to
# ("position file symbol").
while read -r pos file obj; do
  nm -g --defined-only "$obj" | awk -v p="$pos" -v f="$file" \
    'NF >= 3 { print $3, p, f }' >>"$tmp/defs" || exit 99
  nm -u "$obj" | awk -v p="$pos" -v f="$file" \
    '{ print p, f, $NF }' >>"$tmp/refs" || exit 99
done <"$tmp/objects"

# The ties floors.h lists: "caller callee symbol", one a line.
sed -n 's/^ \*  *tie: *\([a-z0-9_]*\.c\) *-> *\([a-z0-9_]*\.c\) *\(.*\)$/\1 \2 \3/p' \
  "$src/lib/floors.h" |
  awk '{ for (k = 3; k <= NF; k++) print $1, $2, $k }' >"$tmp/ties"
if test ! -s "$tmp/ties"; then
  echo "FAIL: lib/floors.h lists no tie: lines"
  exit 1
fi

# Every reference to a symbol defined after its caller: "caller callee
# symbol".
awk 'NR == FNR { pos[$1] = $2; file[$1] = $3; next }
     ($3 in pos) && pos[$3] > $1 { print $2, file[$3], $3 }' \
  "$tmp/defs" "$tmp/refs" | sort -u >"$tmp/up"
sort -u "$tmp/ties" >"$tmp/ties.sorted"

fail=0
unlisted=$(comm -23 "$tmp/up" "$tmp/ties.sorted")
if test -n "$unlisted"; then
  echo "FAIL: upward references that lib/floors.h does not list (caller, callee, symbol):"
  echo "$unlisted"
  fail=1
fi
stale=$(comm -13 "$tmp/up" "$tmp/ties.sorted")
if test -n "$stale"; then
  echo "FAIL: ties lib/floors.h lists that no object makes:"
  echo "$stale"
  fail=1
fi
test $fail = 0 || exit 1
echo "PASS: $(wc -l <"$tmp/objects") objects in floor order, \
$(wc -l <"$tmp/up") upward references, each a tie lib/floors.h lists"

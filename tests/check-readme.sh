#!/bin/sh
# SPDX-License-Identifier: MIT
# The README's first program:
#   1. the README shows examples/first.c as it is, from its #include on;
#   2. the README's drop-in line, run as written (with $CC for cc) next
#      to a fresh amalgamation/, builds it, and it prints the values the
#      README says it prints.
# tests/consumer/run.sh runs the README's pkg-config line against an
# install.  Run by make check, which sets abs_top_srcdir,
# abs_top_builddir, tw_lib_sources and CC.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
readme=$src/README
first=$src/examples/first.c
tmp=${TMPDIR:-/tmp}/tw-readme-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# 1. the program, indented by 4 in the README
sed -n '/^#include <stdio.h>/,$p' "$first" |
  sed 's/^\(.\)/    \1/' > "$tmp/shown"
test -s "$tmp/shown" || { echo "FAIL: no #include <stdio.h> in $first"; exit 1; }
n=$(wc -l < "$tmp/shown")
if awk -v n="$n" -v f="$tmp/shown" '
  BEGIN { while ((getline l < f) > 0) want[++k] = l }
  { line[NR] = $0 }
  END {
    for (i = 1; i + n - 1 <= NR; i++) {
      for (j = 1; j <= n && line[i + j - 1] == want[j]; j++) ;
      if (j > n) exit 0
    }
    exit 1
  }' "$readme"; then
  echo "ok: the README shows examples/first.c ($n lines)"
else
  echo "FAIL: the README does not show examples/first.c as it is:"
  echo "  copy it from its #include <stdio.h> on, indented by 4 spaces"
  fail=1
fi

# 2. the drop-in line, as written
line=$(sed -n 's/^    \(cc -std=c99 -Iamalgamation first\.c .*\)$/\1/p' "$readme")
if test -z "$line"; then
  echo "FAIL: no drop-in compile line (cc -std=c99 -Iamalgamation first.c ...) in the README"
  exit 1
fi
if test -z "${tw_lib_sources:-}"; then
  echo "ERROR: tw_lib_sources is not set (run by make check)"
  exit 99
fi
# shellcheck disable=SC2086
if ! sh "$src/tools/amalgamate.sh" "$src" "$tmp/amalgamation" \
    "$build/include/tween-version.h" $tw_lib_sources 2>/dev/null; then
  echo "FAIL: tools/amalgamate.sh failed"
  exit 1
fi
cp "$first" "$tmp/first.c" || exit 99
cmd="${CC:-cc}${line#cc}"
if ! (cd "$tmp" && eval "$cmd"); then
  echo "FAIL: the README's drop-in line does not build first.c: $cmd"
  exit 1
fi
echo "ok: $cmd"
if ! (cd "$tmp" && ./first) > "$tmp/out"; then
  echo "FAIL: first exits with an error"
  exit 1
fi
# "It prints x every 0.1 s for a second: A, B, ... and back ... to Z."
said=$(tr '\n' ' ' < "$readme" | sed -n 's/.*It prints x every 0\.1 s for a second: \([^.]*\.[0-9]*\(, [0-9.]*\)*\) and back the same way to \([0-9.]*\)\. .*/\1 \3/p' | tr -d ,)
# what it printed, in that form: as many first values, and the last
k=$(echo "$said" | wc -w)
got=$(awk -v k="$k" '{ v[NR] = $NF }
  END { for (i = 1; i < k && i < NR; i++) printf "%s ", v[i]; print v[NR] }' "$tmp/out")
if test "$k" -lt 2; then
  echo "FAIL: the README does not say what first prints"
  fail=1
elif test "$got" != "$said"; then
  echo "FAIL: first prints $got (its first values and its last), the README says $said"
  fail=1
else
  echo "ok: first prints what the README says ($said)"
fi
test "$fail" = 0 || exit 1
echo "PASS: the README's first program is examples/first.c, builds with" \
  "the drop-in and prints what the README says"

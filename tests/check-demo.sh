#!/bin/sh
# SPDX-License-Identifier: MIT
# make demo's output fits a terminal: the demo runs and exits 0, prints
# its four scenes, and no line is wider than 80 columns or ends in a
# space.  Run by make check, which sets abs_top_builddir.

build=${abs_top_builddir:-.}
demo=$build/examples/demo
tmp=${TMPDIR:-/tmp}/tw-demo-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

if ! "$demo" > "$tmp/out"; then
  echo "FAIL: examples/demo exits with an error"
  cat "$tmp/out"
  exit 1
fi
fail=0
wide=$(awk 'length($0) > 80 { printf "%d: %d columns\n", NR, length($0) }' "$tmp/out")
if test -n "$wide"; then
  echo "FAIL: lines wider than 80 columns:"
  echo "$wide"
  fail=1
fi
if grep -n ' $' "$tmp/out"; then
  echo "FAIL: the lines above end in a space"
  fail=1
fi
n=$(grep -c '^[1-9]\. ' "$tmp/out")
if test "$n" != 4; then
  echo "FAIL: $n scenes, not 4"
  fail=1
fi
test "$fail" = 0 || { cat "$tmp/out"; exit 1; }
echo "PASS: the demo prints 4 scenes, every line 80 columns or fewer"

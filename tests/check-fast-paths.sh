#!/bin/sh
# SPDX-License-Identifier: MIT
# The fast paths against the general step: runs the reference model's
# test program of two builds, one with the fast paths on and one built
# with configure --disable-fast-paths, with the same seeds
# (TW_MODEL_OPS, default 200000), and compares the digests of the values
# and events each batch prints, bit for bit.
#   tests/check-fast-paths.sh FAST/tests/test_model SLOW/tests/test_model
set -eu
fast=$1
slow=$2
: "${TW_MODEL_OPS:=200000}"
export TW_MODEL_OPS
tmp=${TMPDIR:-/tmp}/tw-fast-paths.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
# the digest lines: "<mode> batch <i>: ... digest <hex>" -> "<mode> <i> <hex>"
digests() {
  sed -n 's/^\(.*\) batch \([0-9]*\):.* digest \([0-9a-f]*\)$/\1 \2 \3/p' "$1" |
    sort
}
"$fast" > "$tmp/fast.out" 2>&1 || { cat "$tmp/fast.out"; exit 1; }
"$slow" > "$tmp/slow.out" 2>&1 || { cat "$tmp/slow.out"; exit 1; }
digests "$tmp/fast.out" > "$tmp/fast.d"
digests "$tmp/slow.out" > "$tmp/slow.d"
n=$(wc -l < "$tmp/fast.d")
if [ "$n" -eq 0 ]; then
  echo "check-fast-paths: no digest printed"
  exit 1
fi
if ! cmp -s "$tmp/fast.d" "$tmp/slow.d"; then
  echo "check-fast-paths: the builds differ (fast, then general):"
  diff "$tmp/fast.d" "$tmp/slow.d" || true
  exit 1
fi
echo "check-fast-paths: $n batches, the same digests in both builds"

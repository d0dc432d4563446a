#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/skip-reason.sh, make check's driver for the script tests: a test
# that skips has its reason printed on stderr; a test that passes prints
# nothing there; the result is test-driver's.  Run by make check, which
# sets abs_top_srcdir.

src=${abs_top_srcdir:-.}
tmp=${TMPDIR:-/tmp}/tw-skip-reason-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
printf 'echo "SKIP: no frobnicator (apt-get install frob)"\nexit 77\n' \
  > "$tmp/skips.sh"
printf 'echo "PASS: fine"\nexit 0\n' > "$tmp/passes.sh"
fail=0
for t in skips passes; do
  sh "$src/tests/skip-reason.sh" "$src/build-aux/test-driver" \
    --test-name "$t.sh" --log-file "$tmp/$t.log" --trs-file "$tmp/$t.trs" \
    --color-tests no --enable-hard-errors yes --expect-failure no -- \
    sh "$tmp/$t.sh" > "$tmp/$t.out" 2> "$tmp/$t.err"
  echo "$t.sh: exit $?, stdout: $(cat "$tmp/$t.out"), stderr: $(cat "$tmp/$t.err")"
done
grep -qx '  skips.sh skipped: no frobnicator (apt-get install frob)' \
  "$tmp/skips.err" || { echo "FAIL: the skip's reason is not on stderr"; fail=1; }
grep -q '^:test-result: SKIP' "$tmp/skips.trs" ||
  { echo "FAIL: the skip is not test-driver's SKIP"; fail=1; }
test ! -s "$tmp/passes.err" ||
  { echo "FAIL: a passing test prints on stderr"; fail=1; }
grep -q '^:test-result: PASS' "$tmp/passes.trs" ||
  { echo "FAIL: the pass is not test-driver's PASS"; fail=1; }
test "$fail" = 0 || exit 1
echo "PASS: a skipping test's reason is on stderr, a passing test's is not"

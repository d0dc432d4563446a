#!/bin/sh
# SPDX-License-Identifier: MIT
# make check's driver for the script tests (SH_LOG_DRIVER): automake's
# test-driver, its path the first argument, then, when the test skipped,
# the reason it gave (its log's last "SKIP: " line) on stderr, under the
# harness's own "SKIP: test" line, so that the console says which package
# to install:
#
#   tests/skip-reason.sh TEST-DRIVER [test-driver's arguments]
#
# The test's result and make check's are test-driver's, unchanged.

driver=$1
shift
log=
trs=
name=
prev=
for a in "$@"; do
  test "$a" = -- && break
  case $prev in
  --log-file) log=$a ;;
  --trs-file) trs=$a ;;
  --test-name) name=$a ;;
  esac
  prev=$a
done
${SHELL:-/bin/sh} "$driver" "$@"
rc=$?
if test -n "$trs" && grep -q '^:test-result: SKIP' "$trs" 2>/dev/null; then
  why=$(sed -n 's/^SKIP: //p' "$log" 2>/dev/null | tail -n 1)
  echo "  $name skipped: ${why:-it gave no reason (see $log)}" >&2
fi
exit $rc

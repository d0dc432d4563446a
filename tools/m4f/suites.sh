#!/bin/bash
# SPDX-License-Identifier: MIT
# The test suites on a Cortex-M4F: tests/test_*.c built for qemu's
# mps2-an386 board (as tools/m4f/run.sh builds the library, -Os, but with
# newlib: the tests print with %zu, %lld and %g, which newlib-nano's
# printf lacks or writes its own way) against tools/m4f/check.c, a runner with the part of
# Check's API the suites use, and run under qemu with semihosting, two at
# a time.  The reference model (tests/test_model.c) runs at the size of
# TW_M4F_MODEL_OPS (default 20000 operations); the test cases tagged
# exhaustive are left out there (CK_EXCLUDE_TAGS=exhaustive, as under
# valgrind and qemu-user).
#
#   tools/m4f/suites.sh [builddir]
#
# A suite that cannot be built for the board (no threads there) and the
# tests listed in tools/m4f/skips.h are skipped, each with its reason
# printed.  Each program prints its failures and one line of counts.
# Environment: as tools/m4f/run.sh (TW_M4F_INSTALL, TW_M4F_REQUIRE), and
#   TW_M4F_SUITES     the suites to run (default tests/test_*.c)
# Exit status: 0 passed (or skipped with the reason printed); 1 a test
# failed, a program did not build, or it did not run to its end.
set -euo pipefail

# newlib, not newlib-nano: the tests print with %zu, %lld and %g
M4F_LIBC=newlib
# shellcheck source=tools/m4f/common.sh
. "$(dirname "$0")/common.sh"

# the suites that do not build for the board, with the reason
declare -A skip_suite=(
  [test_threads]="POSIX threads: the board has none"
)

# (-Wno-maybe-uninitialized: gcc's -Os sees uninitialized uses that are
# not, in tests/; the host's builds warn of the real ones.  The quotes
# are the macros' own: TT_SRCDIR and TT_M4F_ENV are string literals.)
# shellcheck disable=SC2089
tflags="-Wno-maybe-uninitialized -I$here/check -I$top/lib -I$top/tests -DTW_DISABLE_DEPRECATION_WARNINGS
  -DTT_SRCDIR=\"$top\" -DTT_MODEL_MAXOPS=1024
  -DTT_M4F_ENV=\"TW_MODEL_OPS=${TW_M4F_MODEL_OPS:-20000},CK_EXCLUDE_TAGS=exhaustive\""
# shellcheck disable=SC2086,SC2090
arm-none-eabi-gcc $cflags $tflags -c "$here/check.c" -o check.o
# shellcheck disable=SC2086,SC2090
arm-none-eabi-gcc $cflags $tflags -c "$top/tests/util.c" -o util.o
# the reference model and tests/test_model.c's harness (tests/model*.c)
harness=
for f in "$top"/tests/model*.c; do
  o=$(basename "$f" .c).o
  # shellcheck disable=SC2086,SC2090
  arm-none-eabi-gcc $cflags $tflags -c "$f" -o "$o"
  harness="$harness $o"
done

list=
for f in ${TW_M4F_SUITES:-"$top"/tests/test_*.c}; do
  n=$(basename "$f" .c)
  if [ -n "${skip_suite[$n]:-}" ]; then
    echo "m4f: tests/$n.c skipped on the board: ${skip_suite[$n]}"
    continue
  fi
  list="$list $n"
done

# build NAME: NAME.elf, or NAME.build with the compiler's messages
build() {
  local n=$1 extra=
  [ "$n" = test_model ] && extra=$M4F_HARNESS
  # shellcheck disable=SC2086
  if arm-none-eabi-gcc $M4F_CFLAGS $M4F_TFLAGS -c "$M4F_TOP/tests/$n.c" \
      -o "$n.o" > "$n.build" 2>&1 &&
    arm-none-eabi-gcc $M4F_LDFLAGS -u _printf_float startup.o "$n.o" \
      check.o util.o $extra libtween.a -lm -o "$n.elf" >> "$n.build" 2>&1; then
    rm -f "$n.build"
  fi
}
# run NAME: NAME.out, the program's output, and NAME.rc, its exit status
# and its seconds
run() {
  local st=0 s0=$SECONDS
  # shellcheck disable=SC2086
  timeout "${TW_M4F_TIMEOUT:-300}" $M4F_QEMU -kernel "$1.elf" > "$1.out" 2>&1 ||
    st=$?
  echo "$st $((SECONDS - s0))" > "$1.rc"
}
export M4F_HARNESS=$harness M4F_CFLAGS=$cflags M4F_TFLAGS=$tflags M4F_LDFLAGS=$ldflags \
  M4F_QEMU=$qemu M4F_TOP=$top
export -f build run
# shellcheck disable=SC2086
printf '%s\n' $list | xargs -P 2 -I{} bash -c 'build {}'
echo "m4f: suites built in $((SECONDS - t0)) s"
t1=$SECONDS
# shellcheck disable=SC2086
printf '%s\n' $list | xargs -P 2 -I{} bash -c '[ ! -f {}.elf ] || run {}'

failed=0
tests=0 passed=0 skipped=0
for n in $list; do
  if [ -f "$n.build" ]; then
    echo "m4f: FAILED: tests/$n.c does not build for the board:"
    cat "$n.build"
    failed=1
    continue
  fi
  grep ' skipped on the board: ' "$n.out" | sed 's/^/m4f: /' || true
  # the runner's last line: "<suite>: N tests, P passed, F failed, S skipped"
  counts=$(grep -E '^[a-z_ ]+: [0-9]+ tests, [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$n.out" | tail -n 1 || true)
  read -r rc secs < "$n.rc"
  if [ "$rc" != 0 ] || [ -z "$counts" ] || ! echo "$counts" | grep -q ' 0 failed,'; then
    echo "m4f: FAILED: tests/$n on the board (exit status $rc):"
    cat "$n.out"
    failed=1
    continue
  fi
  # shellcheck disable=SC2086
  set -- $counts
  tests=$((tests + ${2})) passed=$((passed + ${4})) skipped=$((skipped + ${8}))
  echo "m4f: tests/$n: $counts, $secs s" | sed 's/: [a-z_ ]*: /: /'
done
echo "m4f: suites ran in $((SECONDS - t1)) s"
if [ "$failed" != 0 ]; then
  echo "m4f: FAILED: the suites on the board"
  exit 1
fi
echo "m4f: the suites on the board: $tests tests, $passed passed, $skipped skipped, in $((SECONDS - t0)) s"

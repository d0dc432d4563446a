#!/bin/sh
# SPDX-License-Identifier: MIT
# The library built with TW_TERSE_ERRORS (the sentences' formats and their
# formatter left out, for small flash) and tests/terse.c: the build is
# clean under -Wall -Wextra -pedantic -Werror, and every refusal of the
# list still returns its code, changes nothing and names its call in the
# detail.  Then the Check suites of this build (tw_check_programs) that
# do not read tw_last_error_detail, the reference model's aside, built
# against that library and run: the terse build changes no code but the
# sentences'.  Run by make check, which sets abs_top_srcdir,
# abs_top_builddir, CC, tw_lib_sources, tw_check_programs, CHECK_CFLAGS,
# CHECK_LIBS, THREADS_CFLAGS and THREADS_LIBS.
#
# The compilations and the suites run TW_TERSE_JOBS at a time (default:
# the machine's cores), each job a stripe of the list: make check may run
# this test alone (the README's make check has no -j).
#
# It builds with $CC and flags of its own (not the build's CFLAGS nor its
# configure options): in a second build with the same $CC (a sanitizer's,
# --disable-fast-paths, distcheck's, the amalgamation's) it would repeat
# the same work.  TW_SKIP_TERSE=REASON skips it (exit 77, the reason
# printed): CI sets it there, and runs it in full in the README's make
# check (gcc) and in the clang build.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
cc=${CC:-cc}
if test -n "${TW_SKIP_TERSE:-}"; then
  echo "SKIP: TW_SKIP_TERSE: $TW_SKIP_TERSE"
  exit 77
fi
if test -z "${tw_lib_sources:-}"; then
  echo "ERROR: tw_lib_sources is not set (run by make check)"
  exit 99
fi
jobs=${TW_TERSE_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
case $jobs in '' | *[!0-9]* | 0) jobs=2 ;; esac
tmp=${TMPDIR:-/tmp}/tw-terse-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
flags="-std=c99 -O1 -DTW_TERSE_ERRORS ${THREADS_CFLAGS:-} -I$src/include
  -I$build/include -I$src/lib"
mkdir "$tmp/obj" || exit 99

# stripes FUNCTION ITEM...: FUNCTION on every item, $jobs stripes at a
# time (item i in stripe i mod $jobs); 1 if any call failed (each failure
# has said why).
stripes() {
  fn=$1
  shift
  rm -f "$tmp/failed"
  s=0
  while test "$s" -lt "$jobs"; do
    (
      i=0
      for x in "$@"; do
        if test $((i % jobs)) = "$s"; then
          "$fn" "$x" || : > "$tmp/failed"
        fi
        i=$((i + 1))
      done
    ) &
    s=$((s + 1))
  done
  wait
  test ! -f "$tmp/failed"
}

lib_one() {
  b=${1##*/}
  # shellcheck disable=SC2086
  if ! $cc $flags -Wall -Wextra -pedantic -Werror -c "$src/$1" \
    -o "$tmp/obj/${b%.c}.o"; then
    echo "FAIL: the library does not build with TW_TERSE_ERRORS ($1)"
    return 1
  fi
}

suite_one() {
  t=$1
  # shellcheck disable=SC2086
  $cc $flags ${CHECK_CFLAGS:-} -o "$tmp/$t" "$src/tests/$t.c" \
    "$src/tests/util.c" "$tmp"/obj/*.o ${CHECK_LIBS:-} -lm \
    ${THREADS_LIBS:-} || return 1
  if ! (cd "$build" && "$tmp/$t" > "$tmp/$t.log" 2>&1); then
    cat "$tmp/$t.log"
    echo "FAIL: tests/$t.c, with the library built with TW_TERSE_ERRORS"
    return 1
  fi
}

srcs=
for f in $tw_lib_sources; do
  case $f in *.c) srcs="$srcs $f" ;; esac
done
# shellcheck disable=SC2086
stripes lib_one $srcs || exit 1
# shellcheck disable=SC2086
$cc $flags -Wall -Wextra -pedantic -Werror -o "$tmp/terse" \
  "$src/tests/terse.c" "$tmp"/obj/*.o -lm ${THREADS_LIBS:-} || exit 1
"$tmp/terse" || exit 1
suites=
n=0
for p in ${tw_check_programs:-}; do
  case $p in tests/test_model) continue ;; tests/test_*) ;; *) continue ;; esac
  t=${p#tests/}
  grep -q tw_last_error_detail "$src/tests/$t.c" && continue
  suites="$suites $t"
  n=$((n + 1))
done
# shellcheck disable=SC2086
stripes suite_one $suites || exit 1
echo "terse: $n Check suites pass with the library built with TW_TERSE_ERRORS"

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

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
cc=${CC:-cc}
if test -z "${tw_lib_sources:-}"; then
  echo "ERROR: tw_lib_sources is not set (run by make check)"
  exit 99
fi
tmp=${TMPDIR:-/tmp}/tw-terse-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
flags="-std=c99 -O1 -DTW_TERSE_ERRORS ${THREADS_CFLAGS:-} -I$src/include
  -I$build/include -I$src/lib"
mkdir "$tmp/obj" || exit 99
for f in $tw_lib_sources; do
  case $f in *.c) ;; *) continue ;; esac
  b=${f##*/}
  # shellcheck disable=SC2086
  if ! $cc $flags -Wall -Wextra -pedantic -Werror -c "$src/$f" \
    -o "$tmp/obj/${b%.c}.o"; then
    echo "FAIL: the library does not build with TW_TERSE_ERRORS"
    exit 1
  fi
done
# shellcheck disable=SC2086
$cc $flags -Wall -Wextra -pedantic -Werror -o "$tmp/terse" \
  "$src/tests/terse.c" "$tmp"/obj/*.o -lm ${THREADS_LIBS:-} || exit 1
"$tmp/terse" || exit 1
n=0
for p in ${tw_check_programs:-}; do
  case $p in tests/test_model) continue ;; tests/test_*) ;; *) continue ;; esac
  t=${p#tests/}
  grep -q tw_last_error_detail "$src/tests/$t.c" && continue
  # shellcheck disable=SC2086
  $cc $flags ${CHECK_CFLAGS:-} -o "$tmp/$t" "$src/tests/$t.c" \
    "$src/tests/util.c" "$tmp"/obj/*.o ${CHECK_LIBS:-} -lm \
    ${THREADS_LIBS:-} || exit 1
  if ! (cd "$build" && "$tmp/$t" > "$tmp/$t.log" 2>&1); then
    cat "$tmp/$t.log"
    echo "FAIL: tests/$t.c, with the library built with TW_TERSE_ERRORS"
    exit 1
  fi
  n=$((n + 1))
done
echo "terse: $n Check suites pass with the library built with TW_TERSE_ERRORS"

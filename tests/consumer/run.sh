#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds and runs tests/consumer/u.c against an installed libtween, the
# way a program would use it:
#   1. pkg-config --cflags --libs tween, with #include <tween.h>;
#   2. CMake, find_package(tween CONFIG REQUIRED) and tween::tween, with
#      #include <tween/tween.h>.
#
#   tests/consumer/run.sh SRCDIR PREFIX PKGCONFIGDIR WORKDIR [shared|static]
#
# The last argument is the library the install holds (default shared):
# CMake must give a tween::tween of that kind.  make installcheck runs it.
# A missing cmake skips step 2 with a line, unless TW_REQUIRE_CMAKE=1 (CI).
set -u

if test $# -lt 4; then
  echo "usage: $0 SRCDIR PREFIX PKGCONFIGDIR WORKDIR [shared|static]" >&2
  exit 2
fi
src=$1/tests/consumer
prefix=$2
pcdir=$3
work=$4
kind=${5:-shared}
cc=${CC:-cc}
fail=0

rm -rf "$work"
mkdir -p "$work" || exit 1

# 1. pkg-config
PKG_CONFIG_PATH=$pcdir
export PKG_CONFIG_PATH
if ! flags=$(pkg-config --cflags --libs tween); then
  echo "FAIL: pkg-config finds no tween in $pcdir"
  exit 1
fi
libdir=$(pkg-config --variable=libdir tween)
static=
test "$kind" = static && static=$(pkg-config --static --libs tween)
# shellcheck disable=SC2086
if $cc -DTW_BARE "$src/u.c" $flags $static -o "$work/u-pkg-config" &&
  LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
    "$work/u-pkg-config"; then
  echo "ok: pkg-config consumer ($flags)"
else
  echo "FAIL: pkg-config consumer"
  fail=1
fi

# 2. CMake
if ! command -v cmake >/dev/null 2>&1; then
  if test "${TW_REQUIRE_CMAKE:-0}" = 1; then
    echo "FAIL: cmake not found (TW_REQUIRE_CMAKE=1)"
    exit 1
  fi
  echo "SKIP: cmake not found: CMake consumer not built"
  exit $fail
fi
case $kind in
static) type=STATIC_LIBRARY ;;
*) type=SHARED_LIBRARY ;;
esac
if cmake -S "$src" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="${cc%% *}" -DTW_EXPECT_TYPE=$type \
    > "$work/cmake.log" 2>&1 &&
  cmake --build "$work/cmake" >> "$work/cmake.log" 2>&1 &&
  "$work/cmake/u"; then
  echo "ok: CMake consumer (tween::tween $type)"
else
  cat "$work/cmake.log"
  echo "FAIL: CMake consumer"
  fail=1
fi
exit $fail

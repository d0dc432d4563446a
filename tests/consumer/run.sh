#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds and runs tests/consumer/u.c against an installed libtween, the
# way a program would use it:
#   1. pkg-config --cflags --libs tween, with #include <tween.h>;
#   2. CMake, find_package(tween CONFIG REQUIRED) and tween::tween, with
#      #include <tween/tween.h>;
# and the README's first program (examples/first.c) with the README's
# pkg-config line.
#
#   tests/consumer/run.sh SRCDIR PREFIX PKGCONFIGDIR WORKDIR [shared|static]
#
# The last argument is the library the install holds (default shared):
# CMake must give a tween::tween of that kind, and pkg-config --libs
# alone must link it (with libm when the library is static only).  Both
# must find the library under PREFIX, wherever the install was made: CI
# copies an install elsewhere and runs this against the copy.
# make installcheck runs it.  A missing cmake skips step 2 with a line,
# unless TW_REQUIRE_CMAKE=1 (CI).
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
# where PREFIX is, its symbolic links resolved
real_prefix=$(cd "$prefix" && pwd -P) || exit 1
for d in "$libdir" "$(pkg-config --variable=includedir tween)"; do
  case $(cd "$d" 2>/dev/null && pwd -P) in
  "$real_prefix"/*) ;;
  *)
    echo "FAIL: pkg-config names $d, which is not under $prefix"
    fail=1
    ;;
  esac
done
# shellcheck disable=SC2086
if $cc -DTW_BARE "$src/u.c" $flags -o "$work/u-pkg-config" &&
  LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
    "$work/u-pkg-config"; then
  echo "ok: pkg-config consumer ($flags)"
else
  echo "FAIL: pkg-config consumer ($flags)"
  fail=1
fi

# the README's first program, built with its pkg-config line as written
line=$(sed -n 's/^    \(cc first\.c \$(pkg-config .*\)$/\1/p' "$1/README")
if test -z "$line"; then
  echo "FAIL: no pkg-config line (cc first.c \$(pkg-config ...) in the README"
  fail=1
else
  cp "$1/examples/first.c" "$work/first.c" || exit 1
  cmd="$cc${line#cc}"
  if (cd "$work" && eval "$cmd") &&
    LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
      "$work/first" > "$work/first.out"; then
    echo "ok: the README's first program: $cmd"
  else
    echo "FAIL: the README's first program: $cmd"
    fail=1
  fi
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
# find_package(tween MAJOR.MINOR) of the installed version must find it
version=$(pkg-config --modversion tween)
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
if cmake -S "$src" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="${cc%% *}" -DTW_EXPECT_TYPE=$type \
    -DTW_FIND_VERSION="$major.$minor" -DTW_EXPECT_PREFIX="$real_prefix" \
    > "$work/cmake.log" 2>&1 &&
  cmake --build "$work/cmake" >> "$work/cmake.log" 2>&1 &&
  "$work/cmake/u"; then
  echo "ok: CMake consumer (tween::tween $type, find_package(tween $major.$minor))"
else
  cat "$work/cmake.log"
  echo "FAIL: CMake consumer"
  fail=1
fi
# while the major version is 0, an older minor version is not accepted
if test "$major" = 0 && test "$minor" -gt 0; then
  if cmake -S "$src" -B "$work/cmake-old" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_C_COMPILER="${cc%% *}" -DTW_FIND_VERSION="0.$((minor - 1))" \
      > "$work/cmake-old.log" 2>&1; then
    echo "FAIL: find_package(tween 0.$((minor - 1))) accepts $version"
    fail=1
  else
    echo "ok: find_package(tween 0.$((minor - 1))) refuses $version"
  fi
fi
exit $fail

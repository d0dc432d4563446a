#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds and runs tests/consumer/u.c against an installed libtween, the
# way a program would use it:
#   1. pkg-config --cflags --libs tween, with #include <tween.h>;
#   2. CMake, find_package(tween CONFIG REQUIRED) and tween::tween, with
#      #include <tween/tween.h>;
# the installed layout (include/tween/, no libtween.la, a tween.pc that
# names its prefix in full unless it is relocatable), and the README's
# first program (examples/first.c) built and run as the README says for a
# private prefix.
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

# the installed layout: the header in include/tween/ and nothing of
# libtween's at the top of the include directory; no libtween.la
includedir=$(pkg-config --variable=includedir tween)
for f in tween/tween.h tween/tween-version.h; do
  test -f "$includedir/$f" || { echo "FAIL: no $f in $includedir"; fail=1; }
done
for f in tween.h tween-version.h; do
  if test -e "$includedir/$f"; then
    echo "FAIL: $includedir/$f is installed (a generic name at the top)"
    fail=1
  fi
done
if test -e "$libdir/libtween.la"; then
  echo "FAIL: $libdir/libtween.la is installed"
  fail=1
fi
# tween.pc: a relocatable one names its prefix from ${pcfiledir}; any
# other names it in full, with no "..", so that pkg-config drops the
# system's directories: here, with the install's own directories taken as
# the system's, --libs is -ltween and --cflags keeps only include/tween.
pc=$(PKG_CONFIG_PATH=$pcdir pkg-config --path tween 2>/dev/null) ||
  pc=$pcdir/tween.pc
if grep -q '^prefix=\${pcfiledir}' "$pc"; then
  echo "ok: tween.pc is relocatable ($(grep '^prefix=' "$pc"))"
else
  if grep -q '\.\.' "$pc"; then
    echo "FAIL: tween.pc names a directory with '..':"
    grep '\.\.' "$pc"
    fail=1
  fi
  sys=$(PKG_CONFIG_SYSTEM_INCLUDE_PATH=$includedir \
    PKG_CONFIG_SYSTEM_LIBRARY_PATH=$libdir pkg-config --cflags --libs tween)
  want="-I$includedir/tween -ltween"
  test "$kind" = static &&
    want="$want $(sed -n 's/^Libs:.*-ltween *//p' "$pc")"
  # shellcheck disable=SC2086
  if test "$(echo $sys)" = "$(echo $want)"; then
    echo "ok: with its directories as the system's, pkg-config gives: $sys"
  else
    echo "FAIL: with its directories as the system's, pkg-config gives" \
      "'$sys', not '$want'"
    fail=1
  fi
fi

# The README's first program, as the README says for a private prefix:
# its pkg-config line, then the program run with LD_LIBRARY_PATH, then
# built with an rpath and run without it.  Each line as written, cc as $cc.
line_of() { # a README code line matching the pattern, indented by 4
  sed -n "\\#^    $1#{s/^    //p;q;}" "$readme"
}
readme=$1/README
build=$(line_of 'cc first\.c \$(pkg-config --cflags --libs tween) -o first$')
setlib=$(line_of 'libdir=\$(pkg-config ')
run=$(line_of 'LD_LIBRARY_PATH=\$libdir \./first$')
rpath=$(line_of 'cc first\.c .*-Wl,-rpath,\$libdir')
for v in build setlib run rpath; do
  eval "test -n \"\$$v\"" || {
    echo "FAIL: the README has no $v line for the first program"
    fail=1
  }
done
cp "$1/examples/first.c" "$work/first.c" || exit 1
# shellcheck disable=SC2030,SC2031
if test -n "$build" && test -n "$setlib" && test -n "$run"; then
  if (cd "$work" && unset LD_LIBRARY_PATH && eval "$cc${build#cc}" &&
    eval "$setlib" && eval "$run" > first.out); then
    echo "ok: the README's first program: $build; $setlib; $run"
  else
    echo "FAIL: the README's first program: $build; $setlib; $run"
    fail=1
  fi
fi
if test -n "$rpath" && test -n "$setlib"; then
  if (cd "$work" && unset LD_LIBRARY_PATH && rm -f first && eval "$setlib" &&
    eval "$cc${rpath#cc}" && ./first > first-rpath.out); then
    echo "ok: the README's first program with an rpath: $rpath; ./first"
  else
    echo "FAIL: the README's first program with an rpath: $rpath; ./first"
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

#!/bin/sh
# SPDX-License-Identifier: MIT
# The public header compiles as C++ (C++98 and C++11), warnings as errors.
# Skipped when there is no C++ compiler.  Run by make check.

cxx=
for c in ${CXX:-} c++ g++ clang++; do
  if command -v "$c" >/dev/null 2>&1; then cxx=$c; break; fi
done
if test -z "$cxx"; then
  echo "SKIP: no C++ compiler (apt-get install g++)"
  exit 77
fi

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
tmp=${TMPDIR:-/tmp}/tw-cxx-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/t.cc" <<'EOC'
#include "tween.h"
static void cb(tw_manager *m, tw_handle h, void *ud) { (void)m; (void)h; (void)ud; }
int main() {
  tw_handle h = {0, 0};
  tw_callback f = cb;
  (void)f;
  return TW_HANDLE_IS_NONE(h) && TW_EINVAL < 0 ? 0 : 1;
}
EOC
for std in c++98 c++11; do
  if ! "$cxx" -std=$std -Wall -Wextra -pedantic -Werror -I"$build/include" \
      -I"$src/include" -c "$tmp/t.cc" -o "$tmp/t.o"; then
    echo "FAIL: include/tween.h does not compile as $std"
    exit 1
  fi
done
echo "PASS: include/tween.h compiles as C++98 and C++11 with $cxx"

#!/bin/sh
# SPDX-License-Identifier: MIT
# The deprecated calls (every TW_DEPRECATED declaration of the public
# header) warn where they are used, with a compiler that has the
# attribute: a program calling one fails at -Werror, and says which call
# to use instead; with TW_DISABLE_DEPRECATION_WARNINGS it compiles clean.
# A compiler without the attribute compiles both clean.  Run by make
# check, which sets abs_top_srcdir, abs_top_builddir and CC.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
cc=${CC:-cc}
header=$src/include/tween.h
tmp=${TMPDIR:-/tmp}/tw-old-names-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# name and the message's call, from the header: one per line
awk '/^TW_EXTERN TW_DEPRECATED\("/ {
  msg = $0; sub(/^TW_EXTERN TW_DEPRECATED\("/, "", msg); sub(/".*/, "", msg)
  fn = $0; sub(/"\) .*/, "", fn) # the declaration after the attribute
  fn = substr($0, length(fn) + 4); match(fn, /tw_[a-z0-9_]*\(/)
  fn = substr(fn, RSTART, RLENGTH - 1)
  print fn, msg
}' "$header" > "$tmp/list"
if ! test -s "$tmp/list"; then
  echo "FAIL: no TW_DEPRECATED declaration in $header"
  exit 1
fi

# does the compiler have the attribute at all?
cat > "$tmp/probe.c" <<'EOC'
__attribute__((deprecated("x"))) int old(void);
int old(void) { return 0; }
int main(void) { return old(); }
EOC
has=no
if ! $cc -Werror -c "$tmp/probe.c" -o "$tmp/probe.o" >/dev/null 2>&1; then
  has=yes
fi

fail=0
while read -r fn msg; do
  case $fn in
  tw_loops) call="tw_loops(m, h)" ;;
  tw_set_target) call="tw_set_target(m, h, &k)" ;;
  *)
    echo "FAIL: $fn is deprecated in the header, and this test has no call of it"
    fail=1
    continue
    ;;
  esac
  cat > "$tmp/$fn.c" <<EOC
#include "tween.h"
int main(void) {
  tw_manager *m = 0;
  tw_handle h = {0, 0};
  int k = 0;
  (void)k;
  return $call < 0 ? 0 : 1;
}
EOC
  flags="-std=c99 -Wall -Werror -I$build/include -I$src/include"
  # shellcheck disable=SC2086
  if $cc $flags -c "$tmp/$fn.c" -o "$tmp/$fn.o" > "$tmp/$fn.err" 2>&1; then
    if test "$has" = yes; then
      echo "FAIL: a call of $fn compiles at -Werror without a warning"
      fail=1
    else
      echo "ok: $cc has no deprecation attribute: $fn compiles clean"
    fi
  elif grep -q "is deprecated.*$msg" "$tmp/$fn.err"; then
    echo "ok: $fn warns: $(grep -m1 "is deprecated" "$tmp/$fn.err")"
  else
    cat "$tmp/$fn.err"
    echo "FAIL: a call of $fn fails, but not on its deprecation ($msg)"
    fail=1
  fi
  # shellcheck disable=SC2086
  if ! $cc $flags -DTW_DISABLE_DEPRECATION_WARNINGS -c "$tmp/$fn.c" \
      -o "$tmp/$fn.o"; then
    echo "FAIL: with TW_DISABLE_DEPRECATION_WARNINGS, a call of $fn does not compile clean"
    fail=1
  fi
done < "$tmp/list"
test "$fail" = 0 || exit 1
if test "$has" = yes; then
  echo "PASS: $(wc -l < "$tmp/list") deprecated calls warn ($cc), and are quiet with TW_DISABLE_DEPRECATION_WARNINGS"
else
  echo "PASS: $cc has no deprecation attribute, and the $(wc -l < "$tmp/list") deprecated calls compile clean"
fi

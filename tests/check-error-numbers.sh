#!/bin/sh
# SPDX-License-Identifier: MIT
# A refusal's sentence keeps its %g numbers in the manager, written in
# when tw_last_error_detail asks (lib/error.c): room for TW__DETAIL_NUMS
# of them (lib/tween-private.h), and a number past that room would be
# left out of the sentence without a word.  So no statement of lib/ may
# hold more %g conversions than the room: each C statement (up to its
# semicolon) of every lib/*.c, its %g counted.  Fails naming the file and
# the statement's start.  Run by make check, which sets abs_top_srcdir.

src=${abs_top_srcdir:-.}
room=$(sed -n 's/^#define TW__DETAIL_NUMS \([0-9][0-9]*\).*/\1/p' \
  "$src/lib/tween-private.h")
if test -z "$room"; then
  echo "FAIL: no TW__DETAIL_NUMS in lib/tween-private.h"
  exit 1
fi
fail=0
seen=0
for f in "$src"/lib/*.c; do
  out=$(tr '\n' ' ' <"$f" | awk -v room="$room" -v RS=';' '
    { n = gsub(/%g/, "&"); seen += n
      if (n > room) { sub(/^[ \t]*/, ""); print n " %g: " substr($0, 1, 100) } }
    END { print "seen " seen + 0 }')
  n=$(printf '%s\n' "$out" | sed -n 's/^seen //p')
  seen=$((seen + n))
  bad=$(printf '%s\n' "$out" | grep -v '^seen ')
  if test -n "$bad"; then
    printf '%s\n' "$bad" | sed "s|^|FAIL: lib/${f##*/}: more than $room: |"
    fail=1
  fi
done
if test "$seen" -eq 0; then
  echo "FAIL: no %g found in lib/*.c: the scan is broken"
  exit 1
fi
test $fail -eq 0 && echo "PASS: $seen %g conversions, none in a statement past the room of $room"
exit $fail

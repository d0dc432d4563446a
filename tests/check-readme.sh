#!/bin/sh
# SPDX-License-Identifier: MIT
# The README against the tree:
#   1. the README shows examples/first.c as it is, from its #include on;
#   2. the README's drop-in line, run as written (with $CC for cc) next
#      to a fresh amalgamation/, builds it, and it prints the values the
#      README says it prints;
#   3. its table of eases lists the header's eases (TW_EASE_MAP), in order, and
#      says right which curves leave 0..1;
#   4. the tw_ names it gives are the header's, the pages it names exist.
# tests/consumer/run.sh runs the README's pkg-config line against an
# install.  Run by make check, which sets abs_top_srcdir,
# abs_top_builddir, tw_lib_sources and CC.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
readme=$src/README
first=$src/examples/first.c
tmp=${TMPDIR:-/tmp}/tw-readme-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# 1. the program, indented by 4 in the README
sed -n '/^#include <stdio.h>/,$p' "$first" |
  sed 's/^\(.\)/    \1/' > "$tmp/shown"
test -s "$tmp/shown" || { echo "FAIL: no #include <stdio.h> in $first"; exit 1; }
n=$(wc -l < "$tmp/shown")
if awk -v n="$n" -v f="$tmp/shown" '
  BEGIN { while ((getline l < f) > 0) want[++k] = l }
  { line[NR] = $0 }
  END {
    for (i = 1; i + n - 1 <= NR; i++) {
      for (j = 1; j <= n && line[i + j - 1] == want[j]; j++) ;
      if (j > n) exit 0
    }
    exit 1
  }' "$readme"; then
  echo "ok: the README shows examples/first.c ($n lines)"
else
  echo "FAIL: the README does not show examples/first.c as it is:"
  echo "  copy it from its #include <stdio.h> on, indented by 4 spaces"
  fail=1
fi

# 2. the drop-in line, as written
line=$(sed -n 's/^    \(cc -std=c99 -Iamalgamation first\.c .*\)$/\1/p' "$readme")
if test -z "$line"; then
  echo "FAIL: no drop-in compile line (cc -std=c99 -Iamalgamation first.c ...) in the README"
  exit 1
fi
if test -z "${tw_lib_sources:-}"; then
  echo "ERROR: tw_lib_sources is not set (run by make check)"
  exit 99
fi
# shellcheck disable=SC2086
if ! sh "$src/tools/amalgamate.sh" "$src" "$tmp/amalgamation" \
    "$build/include/tween-version.h" $tw_lib_sources 2>/dev/null; then
  echo "FAIL: tools/amalgamate.sh failed"
  exit 1
fi
cp "$first" "$tmp/first.c" || exit 99
cmd="${CC:-cc}${line#cc}"
if ! (cd "$tmp" && eval "$cmd"); then
  echo "FAIL: the README's drop-in line does not build first.c: $cmd"
  exit 1
fi
echo "ok: $cmd"
if ! (cd "$tmp" && ./first) > "$tmp/out"; then
  echo "FAIL: first exits with an error"
  exit 1
fi
# "It prints x every 0.1 s for a second: A, B, ... and back ... to Z."
said=$(tr '\n' ' ' < "$readme" | sed -n 's/.*It prints x every 0\.1 s for a second: \([^.]*\.[0-9]*\(, [0-9.]*\)*\) and back the same way to \([0-9.]*\)\. .*/\1 \3/p' | tr -d ,)
# what it printed, in that form: as many first values, and the last
k=$(echo "$said" | wc -w)
got=$(awk -v k="$k" '{ v[NR] = $NF }
  END { for (i = 1; i < k && i < NR; i++) printf "%s ", v[i]; print v[NR] }' "$tmp/out")
if test "$k" -lt 2; then
  echo "FAIL: the README does not say what first prints"
  fail=1
elif test "$got" != "$said"; then
  echo "FAIL: first prints $got (its first values and its last), the README says $said"
  fail=1
else
  echo "ok: first prints what the README says ($said)"
fi
# 3. the table of eases: every ease of the header's enum tw_ease, once,
# and nothing else; its "leaves 0..1" column (yes or no) what the curve
# does, sampled with tw_ease_eval at the default parameters
header=$src/include/tween.h
# the eases as TW_EASE_MAP lists them, XX(id) for TW_EASE_id
awk '/^#define TW_EASE_MAP\(XX\)/ { on = 1; next }
  on && match($0, /XX\([A-Z_0-9]+\)/) {
    print "TW_EASE_" substr($0, RSTART + 3, RLENGTH - 4) }
  on && !/\\$/ { exit }' \
  "$header" > "$tmp/enum"
sed -n 's/^    \(TW_EASE_[A-Z_0-9]*\)  *\(yes\|no\)[ (].*$/\1 \2/p;
  s/^    \(TW_EASE_[A-Z_0-9]*\)  *\(yes\|no\)$/\1 \2/p' "$readme" > "$tmp/table"
if test "$(wc -l < "$tmp/enum")" -lt 2; then
  echo "FAIL: no enum tw_ease in $header"
  fail=1
elif ! cut -d' ' -f1 "$tmp/table" | cmp -s - "$tmp/enum"; then
  echo "FAIL: the README's table of eases is not the header's enum tw_ease," \
    "in order (< the table, > the header):"
  cut -d' ' -f1 "$tmp/table" | diff - "$tmp/enum" | grep '^[<>]'
  fail=1
else
  {
    echo '#include <stdio.h>'
    echo '#include "tween.h"'
    echo 'static const struct { const char *n; tw_ease e; } E[] = {'
    sed 's/.*/  {"&", &},/' "$tmp/enum"
    echo '};'
    cat <<'EOC'
int main(void) {
  size_t i;
  int k;
  for (i = 0; i < sizeof E / sizeof E[0]; i++) {
    int out = 0;
    for (k = 0; k <= 10000; k++) {
      double y = tw_ease_eval(E[i].e, k / 10000.0, 1.70158, 0);
      if (y < -1e-9 || y > 1 + 1e-9)
        out = 1;
    }
    printf("%s %s\n", E[i].n, out ? "yes" : "no");
  }
  return 0;
}
EOC
  } > "$tmp/eases.c"
  if (cd "$tmp" && ${CC:-cc} -std=c99 -Iamalgamation eases.c \
      amalgamation/tween.c -lm -o eases && ./eases > eases.out); then
    if cmp -s "$tmp/table" "$tmp/eases.out"; then
      echo "ok: the README's table has the $(wc -l < "$tmp/enum") eases," \
        "each leaving 0..1 as it says"
    else
      echo "FAIL: the README's table says otherwise than the curves whether" \
        "they leave 0..1 (< the table, > the curves):"
      diff "$tmp/table" "$tmp/eases.out" | grep '^[<>]'
      fail=1
    fi
  else
    echo "FAIL: the probe of the eases does not build or run"
    fail=1
  fi
fi

# 4. every tw_ name the README gives is in the header, and every manual
# page it names, tw_...(3), is one make writes (when man/ is built)
sed 's/[a-z_0-9][a-z_0-9]*(3)//g' "$readme" |
  grep -o 'tw_[a-z0-9_]*[a-z0-9]' | sort -u > "$tmp/names"
while read -r name; do
  grep -q "$name" "$header" || {
    echo "FAIL: the README names $name, which the header does not have"
    fail=1
  }
done < "$tmp/names"
if test -f "$build/man/pages.list"; then
  grep -o '[a-z_0-9][a-z_0-9]*(3)' "$readme" | sed 's/(3)$//' | sort -u \
    > "$tmp/pages"
  while read -r page; do
    test -f "$build/man/$page.3" || {
      echo "FAIL: the README names the page $page(3), which make does not write"
      fail=1
    }
  done < "$tmp/pages"
  echo "ok: the README's $(wc -l < "$tmp/names") tw_ names are the header's," \
    "its $(wc -l < "$tmp/pages") pages are written"
fi

test "$fail" = 0 || exit 1
echo "PASS: the README's first program is examples/first.c, builds with" \
  "the drop-in and prints what the README says; its eases and names are" \
  "the header's"

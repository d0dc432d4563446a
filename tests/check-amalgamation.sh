#!/bin/sh
# SPDX-License-Identifier: MIT
# The one-file drop-in (tools/amalgamate.sh), generated afresh from the
# sources of lib/libtween.la:
#   1. amalgamation/tween.c compiles alone, -std=c99 -pedantic -Wall
#      -Werror, with $CC, gcc, clang and tcc (those found; TW_REQUIRE_CC
#      names the ones that must be there, as CI does);
#   2. it defines exactly the functions include/tween.h exports, and no
#      internal tw__ name once lib/floors.h marks them TW__PRIVATE;
#   3. a program built from it and tween.h alone runs;
#   4. the generator keeps two files' statics and macros apart.
# Run by make check, which sets abs_top_srcdir, abs_top_builddir and
# tw_lib_sources.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
if test -z "${tw_lib_sources:-}"; then
  echo "ERROR: tw_lib_sources is not set (run by make check)"
  exit 99
fi
tmp=${TMPDIR:-/tmp}/tw-amalg-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# shellcheck disable=SC2086
if ! sh "$src/tools/amalgamate.sh" "$src" "$tmp/a" \
    "$build/include/tween-version.h" $tw_lib_sources; then
  echo "FAIL: tools/amalgamate.sh failed"
  exit 1
fi
if grep -n '^#[ \t]*include[ \t]*"' "$tmp/a/tween.c" | grep -v '"tween.h"'; then
  echo "FAIL: tween.c still includes a private header"
  fail=1
fi
if grep -n '^#[ \t]*include[ \t]*"\|@[A-Za-z_]*@' "$tmp/a/tween.h"; then
  echo "FAIL: tween.h still needs a generated file"
  fail=1
fi

# 1. alone, with each compiler
cat > "$tmp/main.c" <<'EOC'
#include "tween.h"
#include <string.h>
int main(void) {
  tw_manager *m;
  tw_handle h;
  float x = 0.0f;
  if (tw_manager_new(NULL, &m) != 0)
    return 1;
  if (tw_float_to(m, &x, 10.0f, 1.0, &h) != 0 ||
      tw_set_ease(m, h, TW_EASE_LINEAR) != 0)
    return 2;
  if (tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5) != 0 || x < 4.99f || x > 5.01f)
    return 3;
  if (tw_manager_free(m) != 0)
    return 4;
  if (strcmp(tw_version_string(), TW_VERSION_STRING) != 0 ||
      tw_version() != TW_VERSION_HEX)
    return 5;
  return 0;
}
EOC
ccs=
for c in ${CC:-} gcc clang tcc; do
  cmd=${c%% *}
  command -v "$cmd" >/dev/null 2>&1 || continue
  case " $ccs " in *" $c "*) continue ;; esac
  ccs="$ccs $c"
done
for c in ${TW_REQUIRE_CC:-}; do
  case " $ccs " in
  *" $c "*) ;;
  *) echo "FAIL: $c is required (TW_REQUIRE_CC) but not found"; fail=1 ;;
  esac
done
first=
firstcc=${CC:-cc}
for c in $ccs; do
  o=$tmp/tween-$(echo "$c" | tr -c 'A-Za-z0-9\n' _).o
  # shellcheck disable=SC2086
  if ! $c -std=c99 -pedantic -Wall -Werror -c "$tmp/a/tween.c" -o "$o"; then
    echo "FAIL: amalgamation/tween.c does not compile alone with $c"
    fail=1
    continue
  fi
  echo "ok: $c -std=c99 -pedantic -Wall -Werror -c tween.c"
  test -n "$first" || { first=$o; firstcc=$c; }
  # 3. a program from tween.c and tween.h alone
  # shellcheck disable=SC2086
  if ! $c -std=c99 -I"$tmp/a" "$tmp/main.c" "$o" -lm -o "$tmp/main"; then
    echo "FAIL: a program does not link with the amalgamation ($c)"
    fail=1
  elif ! "$tmp/main"; then
    echo "FAIL: a program built with the amalgamation ($c) fails: $?"
    fail=1
  fi
done
test -n "$ccs" || { echo "FAIL: no C compiler found"; exit 1; }

# 2. the symbols
if test -n "$first" && command -v nm >/dev/null 2>&1; then
  nm "$first" | awk 'NF == 3 && $2 ~ /^[TDBRC]$/ { print $3 }' | sort > "$tmp/defined"
  grep -v '^tw__' "$tmp/defined" > "$tmp/public"
  sed 's/TW_DEPRECATED("[^"]*") //' "$src/include/tween.h" |
    grep -o 'TW_EXTERN [^(]*[^A-Za-z0-9_]tw_[a-z0-9_]*(' |
    sed 's/.*[^A-Za-z0-9_]\(tw_[a-z0-9_]*\)($/\1/' | sort > "$tmp/api"
  if ! cmp -s "$tmp/public" "$tmp/api"; then
    echo "FAIL: the amalgamation's public symbols differ from include/tween.h"
    echo "  (< only in the amalgamation, > only in the header):"
    diff "$tmp/public" "$tmp/api" | grep '^[<>]'
    fail=1
  else
    echo "ok: $(wc -l < "$tmp/public") public functions, as include/tween.h"
  fi
  internal=$(grep -c '^tw__' "$tmp/defined")
  if grep -q 'TW__PRIVATE' "$src/lib/floors.h"; then
    if test "$internal" != 0; then
      echo "FAIL: internal names are not static in the amalgamation:"
      grep '^tw__' "$tmp/defined"
      fail=1
    fi
  else
    echo "note: $internal tw__ names are extern in the amalgamation until" \
      "lib/floors.h marks them TW__PRIVATE"
  fi
fi

# 4. two files with the same static name and the same local macro
mkdir -p "$tmp/t/lib" "$tmp/t/include" || exit 99
cp "$src/include/tween.h" "$tmp/t/include/"
cat > "$tmp/t/lib/p.h" <<'EOC'
#include "tween.h"
int tw__p_count(void);
EOC
cat > "$tmp/t/lib/one.c" <<'EOC'
#include "p.h"
#define LOCAL 1
static int shared_name(void) { return LOCAL; }
int tw__p_count(void) { return shared_name(); }
EOC
cat > "$tmp/t/lib/two.c" <<'EOC'
#include "p.h"
static int LOCAL = 2;
static int shared_name(void) { return LOCAL + tw__p_count(); }
const char *tw_version_string(void) { return shared_name() == 3 ? "ok" : "no"; }
EOC
if ! sh "$src/tools/amalgamate.sh" "$tmp/t" "$tmp/t/a" \
    "$build/include/tween-version.h" lib/p.h lib/one.c lib/two.c 2>/dev/null; then
  echo "FAIL: tools/amalgamate.sh fails on a static name in two files"
  fail=1
elif test "$(grep -c '^int tw__p_count(void);' "$tmp/t/a/tween.c")" != 1; then
  echo "FAIL: a private header is not inlined exactly once"
  fail=1
elif ! $firstcc -std=c99 -pedantic -Wall -Werror -c "$tmp/t/a/tween.c" \
    -o "$tmp/t/a/t.o"; then
  echo "FAIL: two files' statics or macros clash in the amalgamation"
  fail=1
else
  echo "ok: statics and macros of two files kept apart"
fi

test "$fail" = 0 || exit 1
echo "PASS: the amalgamation compiles alone with$ccs and exports the API"

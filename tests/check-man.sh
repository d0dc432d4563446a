#!/bin/sh
# SPDX-License-Identifier: MIT
# The manual pages (man/, written by tools/mkman.sh from include/tween.h):
#   1. every exported function has a page: the tw_ names the library
#      defines (nm) and the TW_EXTERN names of the header; a .so link
#      points to a page that exists;
#   2. every page passes groff -man -ww -z (and mandoc -Tlint when it is
#      there) without a word; without either tool this part is skipped
#      with a line, unless TW_REQUIRE_MANLINT=1 (CI);
#   3. man finds a function's page through its link, when man is there;
#   4. every function is on the page of its section of the header: the
#      section is the last label comment above it ("/* controls */", or
#      "/* interruption: retarget and springs */", alone on the comment's
#      first line, the comment ending there or going on after a blank
#      comment line), the page is tw_<label>(3) (the words before any
#      colon, spaces as _), and its NAME line lists the function and ends
#      "libtween, <label>" (the whole label); every page's .TH names it;
#   5. every error code (each XX entry of TW_ERRNO_MAP as the compiler
#      reads it, and every TW_E* name the header mentions) is in
#      libtween(3)'s list of codes with its whole sentence, and in the
#      synopsis and ERRORS of tw_strerror's page;
#   6. the header's comments are rendered as they are laid out: no
#      backtick reaches a page (`name` is in italics), every item of a
#      list (" *  - item") is a bulleted paragraph, and every example (lines
#      indented under a blank comment line) is set as written (.nf).
# Run by make check, which sets abs_top_builddir, abs_top_srcdir, tw_lib
# and CC.

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
tw_lib=${tw_lib:-lib/libtween.la}
man=$build/man
fail=0
tmp=${TMPDIR:-/tmp}/tw-man-$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

if test ! -f "$man/libtween.3"; then
  echo "FAIL: no pages in $man (make writes them)"
  exit 1
fi

# 1. coverage
libdir=$build/${tw_lib%/*}/.libs
{
  sed 's/TW_DEPRECATED("[^"]*") //' "$src/include/tween.h" |
    grep -o 'TW_EXTERN [^(]*[^A-Za-z0-9_]tw_[a-z0-9_]*(' |
    sed 's/.*[^A-Za-z0-9_]\(tw_[a-z0-9_]*\)($/\1/'
  if command -v nm >/dev/null 2>&1; then
    if test -f "$libdir/libtween.so"; then
      nm -D --defined-only "$libdir/libtween.so"
    elif test -f "$libdir/libtween.a"; then
      nm --defined-only "$libdir/libtween.a"
    fi | awk 'NF >= 3 && $2 == "T" { print $3 }' | grep '^tw_' | grep -v '^tw__'
  fi
} | sort -u > "$tmp/functions"
test -s "$tmp/functions" || { echo "FAIL: no exported function found"; exit 1; }
missing=
while read -r fn; do
  if test ! -f "$man/$fn.3"; then
    missing="$missing $fn"
  elif target=$(sed -n 's/^\.so man3\///p' "$man/$fn.3") &&
    test -n "$target" && test ! -f "$man/$target"; then
    echo "FAIL: $fn.3 links to $target, which is not there"
    fail=1
  fi
done < "$tmp/functions"
if test -n "$missing"; then
  echo "FAIL: exported functions without a manual page:$missing"
  echo "  Declare each in include/tween.h with TW_EXTERN at the start of a"
  echo "  line, under a comment, in a section (tools/mkman.sh says how)."
  fail=1
fi
echo "ok: $(wc -l < "$tmp/functions") exported functions, each with a page"

# 2. lint: mandoc -Wwarning reports what is above STYLE (a style note,
# such as a line longer than 80 bytes, passes)
pages=$(grep -L '^\.so ' "$man"/*.3)
lint_fail=$fail
fail=0
linted=
if command -v groff >/dev/null 2>&1; then
  for p in $pages; do
    out=$(groff -man -ww -z "$p" 2>&1)
    if test -n "$out"; then
      echo "FAIL: groff -man -ww -z $p:"
      echo "$out"
      fail=1
    fi
  done
  linted="$linted groff"
fi
# A page's date is the newest ChangeLog entry's: on a machine whose clock
# is behind it mandoc warns that the date is in the future, which says
# nothing of the page.
if command -v mandoc >/dev/null 2>&1; then
  for p in $pages; do
    out=$(mandoc -Tlint -Wwarning "$p" 2>&1 |
      grep -v 'WARNING: date in the future, using it anyway' || true)
    if test -n "$out"; then
      echo "FAIL: mandoc -Tlint $p:"
      echo "$out"
      fail=1
    fi
  done
  linted="$linted mandoc"
fi
if test -z "$linted"; then
  if test "${TW_REQUIRE_MANLINT:-0}" = 1; then
    echo "FAIL: neither groff nor mandoc found (TW_REQUIRE_MANLINT=1)"
    fail=1
  else
    echo "note: neither groff nor mandoc found: pages not linted"
  fi
elif test "$fail" = 0; then
  echo "ok: $(echo "$pages" | wc -l) pages pass$linted"
fi
fail=$((lint_fail + fail))

# 3. man, through a link
if command -v man >/dev/null 2>&1; then
  mkdir -p "$tmp/m" && ln -s "$man" "$tmp/m/man3"
  if MANWIDTH=80 man -M "$tmp/m" 3 tw_float_to 2>/dev/null |
    grep -q 'tw_float_to('; then
    echo "ok: man 3 tw_float_to shows its page"
  else
    echo "FAIL: man 3 tw_float_to does not show tw_float_to"
    fail=1
  fi
fi

# 4. sections
part_fail=$fail
fail=0
header=$src/include/tween.h
awk '
  # A label comment: "/* words */", or "/* words" then " *".
  function heading(l, next_line) {
    if (l !~ /^\/\* [a-z][a-z ]*[a-z](: [a-z][a-z ]*[a-z])?( \*\/)?$/) return ""
    if (l !~ /\*\/$/ && next_line != " *") return ""
    sub(/^\/\* /, "", l)
    sub(/ \*\/$/, "", l)
    return l
  }
  { line[NR] = $0 }
  END {
    for (i = 1; i <= NR; i++) {
      h = heading(line[i], line[i + 1])
      if (h != "") { label = h; continue }
      if (line[i] ~ /^TW_EXTERN / && match(line[i], /tw_[a-z0-9_]*\(/)) {
        if (label == "") { print "none", substr(line[i], RSTART, RLENGTH - 1); continue }
        page = label
        sub(/:.*/, "", page)
        gsub(/ /, "_", page)
        print "tw_" page, substr(line[i], RSTART, RLENGTH - 1), label
      }
    }
  }
' "$header" > "$tmp/sections"
test -s "$tmp/sections" || { echo "FAIL: no function found in $header"; fail=1; }
nsec=0
while read -r page fn label; do
  if test "$page" = none; then
    echo "FAIL: $fn is declared before any section label of the header"
    fail=1
    continue
  fi
  f=$man/$fn.3
  test -f "$f" || continue # reported by 1.
  target=$(sed -n 's/^\.so man3\///p' "$f")
  test -n "$target" || target=$fn.3
  if test "$target" != "$page.3"; then
    echo "FAIL: $fn is in the header's section \"$label\", but its page is" \
      "${target%.3}(3), not $page(3)"
    fail=1
    continue
  fi
  name=$(sed -n '/^\.SH NAME/{n;p;}' "$man/$target")
  case ", ${name%% \\- *}, " in
  *", $fn, "*) ;;
  *)
    echo "FAIL: the NAME line of $page(3) does not list $fn: $name"
    fail=1
    ;;
  esac
  if test "${name#* \\- }" != "libtween, $label"; then
    echo "FAIL: the NAME line of $page(3) does not end" \
      "\"libtween, $label\": $name"
    fail=1
  fi
  nsec=$((nsec + 1))
done < "$tmp/sections"
for p in $pages; do
  t=$(sed -n 's/^\.TH \([^ ]*\) \([^ ]*\) .*/\1 \2/p' "$p")
  b=${p##*/}
  if test "$t" != "$(echo "${b%.3}" | tr '[:lower:]' '[:upper:]') 3"; then
    echo "FAIL: $b: its .TH line says \"$t\", not its name and section 3"
    fail=1
  fi
done
test "$fail" = 0 &&
  echo "ok: $nsec functions, each on the page of its section of the header"
part_fail=$((part_fail + fail))
fail=0

# 5. error codes, as the compiler reads TW_ERRNO_MAP
cc=${CC:-cc}
printf '%s\n' '#include "tween.h"' \
  '#define TW__ROW(name, code, text) TW__ROW: TW_##name code text' \
  'TW_ERRNO_MAP(TW__ROW)' > "$tmp/errs.c"
if ! $cc -E -P -I"$build/include" -I"$src/include" "$tmp/errs.c" \
    > "$tmp/errs.i"; then
  echo "FAIL: $cc -E cannot read TW_ERRNO_MAP"
  exit 1
fi
# one "NAME CODE TEXT" line per code, the string literals joined
tr -s ' \t\n' ' ' < "$tmp/errs.i" | sed 's/TW__ROW: /\n/g' |
  sed -n 's/^\(TW_E[A-Z]*\) \(-[0-9]*\) "\(.*\)" *$/\1 \2 \3/p' |
  sed 's/" *"//g' > "$tmp/errors"
echo >> "$tmp/errors" # tr left the last line open
test -s "$tmp/errors" || { echo "FAIL: no error code in TW_ERRNO_MAP"; fail=1; }
errpage=$(sed -n 's/^\.so man3\///p' "$man/tw_strerror.3")
errpage=$man/${errpage:-tw_strerror.3}
nerr=0
while read -r name code text; do
  test -n "$name" || continue
  roff=$(echo "$code" | sed 's/-/\\-/')
  if ! grep -qxF ".BR $name \" ($roff)\"" "$man/libtween.3" ||
    ! grep -A1 -xF ".BR $name \" ($roff)\"" "$man/libtween.3" |
    grep -qxF "$text."; then
    echo "FAIL: libtween(3) does not list $name ($code) \"$text\""
    fail=1
  fi
  if ! grep -qF "  $name = $roff, /* $text */" "$errpage"; then
    echo "FAIL: ${errpage##*/}'s synopsis does not show $name = $code, \"$text\""
    fail=1
  fi
  if ! sed -n '/^\.SH ERRORS/,/^\.SH/p' "$errpage" | grep -A1 -xF ".B $name" |
    grep -qxF "($roff) $text."; then
    echo "FAIL: ${errpage##*/}'s ERRORS do not list $name ($code) \"$text\""
    fail=1
  fi
  nerr=$((nerr + 1))
done < "$tmp/errors"
for name in $(grep -oE '\bTW_E[A-Z]+\b' "$header" | grep -vx TW_EXTERN | sort -u); do
  if ! grep -q "^$name " "$tmp/errors"; then
    echo "FAIL: the header names $name, which TW_ERRNO_MAP does not define"
    fail=1
  fi
done
test "$fail" = 0 &&
  echo "ok: $nerr error codes, each in libtween(3) and ${errpage##*/}"
part_fail=$((part_fail + fail))
fail=0

# 6. lists, examples and backticks
for p in $pages; do
  if grep -n '`' "$p" > "$tmp/ticks"; then
    echo "FAIL: ${p##*/} has a backtick:"
    cat "$tmp/ticks"
    fail=1
  fi
done
# the list items and example lines of the header's comments, from its
# first section on; an example's lines each stand in a page as written
awk '
  /^\/\* version \*\/$/ { on = 1 }
  !on { next }
  /^ \* *$/ { blank = 1; ex = 0; next }
  /^ \*  +- / { print "item"; blank = 0; next }
  /^ \*   +[^ ]/ && (blank || ex) {
    ex = 1; blank = 0; l = $0; sub(/^ \*   /, "", l); print "example " l; next
  }
  { blank = 0; ex = 0 }
' "$header" > "$tmp/layout"
items=$(grep -c '^item$' "$tmp/layout")
bullets=$(cat $pages | grep -c '^\.IP \\(bu 2$')
if test "$items" != "$bullets"; then
  echo "FAIL: the header has $items list items, the pages $bullets bullets"
  fail=1
fi
examples=0
while IFS= read -r line; do
  case $line in example\ *) line=${line#example } ;; *) continue ;; esac
  examples=$((examples + 1))
  roff=$(printf '%s\n' "$line" | sed 's/\\/\\e/g; s/-/\\-/g')
  if ! cat $pages | sed -n '/^\.RS 4$/,/^\.RE$/p' | grep -qxF "$roff"; then
    echo "FAIL: no page sets this example line as written: $line"
    fail=1
  fi
done < "$tmp/layout"
test "$fail" = 0 &&
  echo "ok: no backtick; $items list items, each a bullet; $examples example lines, each as written"
fail=$((part_fail + fail))

test "$fail" = 0 || exit 1
echo "PASS: manual pages"

#!/bin/sh
# SPDX-License-Identifier: MIT
# Fails on a citation of doc/DESIGN.md that names a section the document
# does not have.  The sources, tests, documents and the manual pages'
# input cite it as "DESIGN.md section <n>", "DESIGN.md §<n>", "DESIGN
# §<n>" or "section <n> of DESIGN.md", across comment lines too; its
# sections are its "## <n>." headings.  Run by make check, which sets
# abs_top_srcdir and abs_top_builddir (the manual pages made from
# include/tween.h are read there when they are built).

src=${abs_top_srcdir:-.}
build=${abs_top_builddir:-.}
design=$src/doc/DESIGN.md

if test ! -f "$design"; then
  echo "FAIL: $design is missing"
  exit 1
fi

have=$(sed -n 's/^## \([0-9][0-9]*\)\..*/\1/p' "$design")
if test -z "$have"; then
  echo "FAIL: $design has no numbered sections (## <n>. Title)"
  exit 1
fi

files=
for f in "$src"/include/*.h "$src"/lib/*.c "$src"/lib/*.h \
  "$src"/tests/*.c "$src"/tests/*.h "$src"/tests/*.sh "$src"/tests/bench/*.c \
  "$src"/tests/fuzz/*.c "$src"/doc/*.md "$src"/doc/*.in "$src"/tools/* \
  "$src"/examples/*.c "$src"/README "$build"/man/*.3; do
  test -f "$f" && files="$files $f"
done

cited=0
bad=0
for f in $files; do
  # One line per file, without comment leaders, so that a citation
  # broken across comment lines is found whole.
  refs=$(awk '{ sub(/^[ \t]*(\/\*+|\*+\/?|\/\/+|#+|\.\\"|dnl)?[ \t]*/, "")
                printf "%s ", $0 } END { print "" }' "$f" |
    grep -oE "DESIGN(\.md)?('s)?,? *(§ *|sections? +)[0-9]+|(§ *|section +)[0-9]+ of DESIGN" |
    grep -oE '[0-9]+')
  for n in $refs; do
    cited=$((cited + 1))
    if ! echo "$have" | grep -qx "$n"; then
      echo "FAIL: ${f#"$src"/} cites section $n of DESIGN.md, which has no such section"
      bad=$((bad + 1))
    fi
  done
done

if test "$bad" -gt 0; then
  echo "FAIL: $bad citation(s) of missing sections; the sections are:"
  grep '^## [0-9]' "$design"
  exit 1
fi
echo "PASS: $cited citations of DESIGN.md, each of a section it has"

#!/bin/sh
# SPDX-License-Identifier: MIT
# Writes the manual pages of libtween (section 3) from the public header,
# so that they say what include/tween.h says and nothing else:
#
#   tools/mkman.sh HEADER TEMPLATE EXAMPLE VERSION DATE OUTDIR
#
# HEADER is include/tween.h, TEMPLATE doc/libtween.3.in (the overview),
# EXAMPLE the worked example (examples/hello.c), DATE the date of the
# pages (make gives the newest ChangeLog entry's).  make writes the pages
# into man/; OUTDIR/pages.list names every file written.
#
# How the header reads.  A comment whose first line is a lowercase label
# alone ("/* controls */", or "/* creation" then a blank comment line and
# text) opens a section of the interface; its text, if any, applies to the
# whole section.  Within a section, a comment and the declarations right
# under it (no blank line between) are one entry.  Each section with
# functions becomes one page, tw_<label>(3) (spaces as _), whose SYNOPSIS
# is the section's declarations as written and whose DESCRIPTION is its
# comments, entry by entry; every function and type of the section gets a
# page of its own name that is a .so link to it.  A function declared with
# TW_EXTERN at the start of a line in a commented entry gets its page with
# no edit here.  The overview libtween(3) is TEMPLATE with the header's
# opening comment, the error codes (TW_ERRNO_MAP), the list of sections
# and EXAMPLE put in.
#
# POSIX sh and awk only.
set -eu

if test $# -ne 6; then
  echo "usage: $0 HEADER TEMPLATE EXAMPLE VERSION DATE OUTDIR" >&2
  exit 2
fi
header=$1
template=$2
example=$3
version=$4
date=$5
outdir=$6
for f in "$header" "$template" "$example"; do
  test -f "$f" || { echo "mkman.sh: $f not found" >&2; exit 1; }
done
mkdir -p "$outdir"
rm -f "$outdir"/*.3 "$outdir/pages.list"

awk -v outdir="$outdir" -v version="$version" -v date="$date" \
  -v template="$template" -v LIST="$(printf '\001')" -v EXAMPLE="$(printf '\002')" \
  -v example="$example" -v q="'" '
# roff escapes: a backslash, and a line starting with . or \x27.
function esc(s) {
  gsub(/\\/, "\\e", s)
  if (substr(s, 1, 1) == "." || substr(s, 1, 1) == q) s = "\\&" s
  return s
}
function code(s) { s = esc(s); gsub(/-/, "\\-", s); gsub(/`/, "", s); return s }
# Prose: `name` (an argument or a piece of code) in italics.
function prose(s,   out) {
  s = esc(s)
  out = ""
  while (match(s, /`[^`]+`/)) {
    out = out substr(s, 1, RSTART - 1) "\\fI" substr(s, RSTART + 1, RLENGTH - 2) "\\fP"
    s = substr(s, RSTART + RLENGTH)
  }
  return out s
}
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function die(msg) { printf "mkman.sh: %s\n", msg > "/dev/stderr"; failed = 1; exit 1 }

# Text of a comment (lines of "/* ...", " * ...", " */"), paragraphs
# separated by "\n\n".  A line " *  - item" starts an item of a list,
# which goes on over the lines indented under it: the item is a paragraph
# that starts with LIST.  Lines indented by two or more spaces at the start
# of a paragraph are an example: a paragraph that starts with EXAMPLE, its
# lines as written (less that indent), separated by "\n".
function comment_text(raw,   n, l, i, s, t, ind, mode, out) {
  n = split(raw, l, "\n")
  out = ""
  mode = ""
  for (i = 1; i <= n; i++) {
    s = l[i]
    sub(/^[ \t]*\/\*+/, "", s)
    sub(/\*+\/[ \t]*$/, "", s)
    sub(/^[ \t]*\*( |$)/, "", s)
    sub(/[ \t]+$/, "", s)
    t = trim(s)
    if (t == "") {
      if (out != "" && out !~ /\n\n$/) out = out "\n\n"
      mode = ""
      continue
    }
    match(s, /^ */)
    ind = RLENGTH
    if (t ~ /^- / && ind >= 1) {
      if (out != "" && out !~ /\n\n$/) out = out "\n\n"
      out = out LIST substr(t, 3)
      mode = "list"
      continue
    }
    if (mode == "list" && ind >= 2) { out = out " " t; continue }
    if (mode == "example" && ind >= 2) { out = out "\n" substr(s, 3); continue }
    if (ind >= 2 && (out == "" || out ~ /\n\n$/)) {
      out = out EXAMPLE substr(s, 3)
      mode = "example"
      continue
    }
    if (mode != "") out = out "\n\n"
    mode = ""
    out = out (out == "" || out ~ /\n\n$/ ? "" : " ") t
  }
  sub(/\n+$/, "", out)
  return out
}
# Writes paragraphs (separated by "\n\n") as roff text: a list item as
# an indented paragraph with a bullet, an example as lines kept as they
# are.  Under a tag (.TP), the paragraphs after the first keep the
# indent of the tag.
function paras(f, text, tagged,   n, p, i, m, el, k) {
  n = split(text, p, "\n\n")
  for (i = 1; i <= n; i++) {
    if (tagged && i == 2) print ".RS" > f
    if (substr(p[i], 1, 1) == LIST) {
      print ".IP \\(bu 2" > f
      print prose(substr(p[i], 2)) > f
    } else if (substr(p[i], 1, 1) == EXAMPLE) {
      print ".PP" > f
      print ".RS 4" > f
      print ".nf" > f
      m = split(substr(p[i], 2), el, "\n")
      for (k = 1; k <= m; k++) print code(el[k]) > f
      print ".fi" > f
      print ".RE" > f
    } else {
      if (i > 1) print ".PP" > f
      print prose(p[i]) > f
    }
  }
  if (tagged && n > 1) print ".RE" > f
}
function label_of(raw,   n, l, first) {
  sub(/\n+$/, "", raw)
  n = split(raw, l, "\n")
  first = l[1]
  sub(/^\/\*[ \t]*/, "", first)
  sub(/[ \t]*\*\/[ \t]*$/, "", first)
  if (first !~ /^[a-z][a-z ]*[a-z](: [a-z][a-z ]*[a-z])?$/) return ""
  if (n == 1) return first
  if (trim(l[2]) != "*") return ""
  return first
}

# The header, item by item.
{ lines[++nl] = $0 }

END {
  if (failed) exit 1
  i = 1
  # the opening comment (after the SPDX line)
  while (i <= nl && lines[i] !~ /^\/\*/ ) i++
  if (lines[i] ~ /SPDX-License-Identifier/) i++
  while (i <= nl && lines[i] !~ /^\/\*/ ) i++
  raw = ""
  for (; i <= nl; i++) { raw = raw lines[i] "\n"; if (lines[i] ~ /\*\//) break }
  intro = comment_text(raw)
  i++

  ns = 0; ng = 0; sec = 0
  blank = 1
  for (; i <= nl; i++) {
    l = lines[i]
    if (l ~ /^#ifdef __cplusplus/ && sec) break
    if (trim(l) == "") { blank = 1; continue }
    if (l ~ /^\/\*/) {
      raw = l "\n"
      while (l !~ /\*\// && i < nl) { l = lines[++i]; raw = raw l "\n" }
      lab = label_of(raw)
      if (lab != "") {
        sec = ++ns
        sec_label[sec] = lab
        t = comment_text(raw)
        t = substr(t, length(lab) + 1)
        sub(/^\n+/, "", t)
        sec_text[sec] = t
        blank = 1
        continue
      }
      if (!sec) continue
      ng++
      gsec[ng] = sec
      gtext[ng] = comment_text(raw)
      blank = 0
      continue
    }
    if (!sec) continue
    # code: a declaration, a typedef, a #define, read to its end
    if (blank) { ng++; gsec[ng] = sec; gtext[ng] = "" }
    blank = 0
    item = l
    depth = gsub(/\{/, "{", l) - gsub(/\}/, "}", l)
    if (l ~ /^#/) {
      while (lines[i] ~ /\\$/ && i < nl) item = item "\n" lines[++i]
    } else {
      while ((depth > 0 || lines[i] !~ /;[ \t]*(\/\*.*)?$/) && i < nl) {
        l = lines[++i]
        item = item "\n" l
        depth += gsub(/\{/, "{", l) - gsub(/\}/, "}", l)
      }
    }
    if (item ~ /^#define TW_ERRNO_MAP/) {
      # the error codes, for ERRORS and for tw_errno below; an entry may
      # span lines, its text split into adjacent string literals
      e = item
      gsub(/\\\n/, " ", e)
      while (match(e, /XX\([A-Z]+, *-?[0-9]+,( *"[^"]*")+ *\)/)) {
        x = substr(e, RSTART + 3, RLENGTH - 4)
        e = substr(e, RSTART + RLENGTH)
        nerr++
        err_name[nerr] = "TW_" trim(substr(x, 1, index(x, ",") - 1))
        x = substr(x, index(x, ",") + 1)
        err_code[nerr] = trim(substr(x, 1, index(x, ",") - 1))
        x = trim(substr(x, index(x, ",") + 1))
        gsub(/" *"/, "", x)
        err_text[nerr] = substr(x, 2, length(x) - 2)
      }
      err_sec = sec
      continue
    }
    if (item ~ /^typedef enum tw_errno/ && item ~ /TW_ERRNO_MAP/) {
      # shown expanded
      item = "typedef enum tw_errno {"
      for (k = 1; k <= nerr; k++)
        item = item "\n  " err_name[k] " = " err_code[k] ", /* " err_text[k] " */"
      item = item "\n} tw_errno;"
    }
    if (item ~ /^TW_EXTERN /) {
      # without the export macro, continuation lines moved back with it
      sub(/^TW_EXTERN /, "", item)
      gsub(/\n          /, "\n", item)
      if (!match(item, /tw_[a-z0-9_]*\(/)) die("no function name in: " item)
      fn = substr(item, RSTART, RLENGTH - 1)
      if (fn in fn_sec) die(fn " declared twice")
      fn_sec[fn] = sec
      gfuncs[ng] = gfuncs[ng] (gfuncs[ng] == "" ? "" : " ") fn
      sec_funcs[sec] = sec_funcs[sec] (sec_funcs[sec] == "" ? "" : " ") fn
      nfn++
    } else if (item ~ /^typedef/) {
      t = item
      gsub(/\n/, " ", t)
      if (t !~ /\{/ && match(t, /\(\*[a-z_0-9]+\)/)) tn = substr(t, RSTART + 2, RLENGTH - 3)
      else if (match(t, /[A-Za-z_0-9]+;[ \t]*$/)) tn = substr(t, RSTART, RLENGTH - 1)
      else tn = ""
      sub(/;.*/, "", tn)
      if (tn ~ /^tw_/) {
        gtypes[ng] = gtypes[ng] (gtypes[ng] == "" ? "" : " ") tn
        sec_types[sec] = sec_types[sec] (sec_types[sec] == "" ? "" : " ") tn
      }
    }
    gcode[ng] = gcode[ng] item "\n"
    sec_has[sec] = 1
  }
  if (ns == 0) die("no section label (such as /* version */) in the header")
  if (nfn == 0) die("no TW_EXTERN function in the header")
  if (nerr == 0) die("no TW_ERRNO_MAP in the header")

  for (s = 1; s <= ns; s++) {
    pg = "tw_" sec_label[s]
    sub(/:.*/, "", pg)
    gsub(/ /, "_", pg)
    sec_page[s] = pg
  }
  for (s = 1; s <= ns; s++) {
    if (!sec_has[s]) continue
    pg = sec_page[s]
    f = outdir "/" pg ".3"
    print f > (outdir "/pages.list")
    uc = toupper(pg)
    print ".\\\" SPDX-License-Identifier: MIT" > f
    print ".\\\" Generated by tools/mkman.sh from include/tween.h; do not edit." > f
    print ".TH " uc " 3 \"" date "\" \"libtween " version "\" \"libtween manual\"" > f
    print ".nh" > f
    print ".ad l" > f
    print ".SH NAME" > f
    n = split(sec_funcs[s] != "" ? sec_funcs[s] : sec_types[s], fl, " ")
    names = ""
    for (k = 1; k <= n; k++) names = names (k > 1 ? ", " : "") fl[k]
    if (names == "") names = pg
    print esc(names) " \\- libtween, " sec_label[s] > f
    print ".SH SYNOPSIS" > f
    print ".nf" > f
    print ".B #include <tween.h>" > f
    first = 1
    for (g = 1; g <= ng; g++) {
      if (gsec[g] != s || gcode[g] == "") continue
      print (first ? ".PP" : "") > f
      first = 0
      m = split(gcode[g], cl, "\n")
      for (k = 1; k < m; k++) print code(cl[k]) > f
    }
    print ".fi" > f
    print ".SH DESCRIPTION" > f
    if (sec_text[s] != "") paras(f, sec_text[s])
    alltext = sec_text[s]
    for (g = 1; g <= ng; g++) {
      if (gsec[g] != s || gtext[g] == "") continue
      alltext = alltext " " gtext[g]
      head = ""
      n = split(gfuncs[g], fl, " ")
      for (k = 1; k <= n; k++) head = head (head == "" ? "" : ", ") "\\fB" fl[k] "\\fP()"
      if (head == "") {
        n = split(gtypes[g], fl, " ")
        for (k = 1; k <= n; k++) head = head (head == "" ? "" : ", ") "\\fB" fl[k] "\\fP"
      }
      if (head == "" && gcode[g] ~ /^#define [A-Z_0-9]+/) {
        w = substr(gcode[g], 9)
        match(w, /^[A-Z_0-9]+/)
        head = "\\fB" substr(w, 1, RLENGTH) "\\fP"
      }
      if (head == "") continue
      print ".TP" > f
      print head > f
      paras(f, gtext[g], 1)
    }
    if (sec_funcs[s] != "") {
      print ".SH RETURN VALUE" > f
      print esc(intro_part("Errors")) > f
    }
    # ERRORS: the codes the section names; every code on the page of
    # the codes themselves
    printed = 0
    for (k = 1; k <= nerr; k++) {
      if (s != err_sec && index(alltext, err_name[k]) == 0) continue
      if (!printed) { print ".SH ERRORS" > f; printed = 1 }
      print ".TP" > f
      print ".B " err_name[k] > f
      print "(" code(err_code[k]) ") " esc(err_text[k]) "." > f
    }
    print ".SH SEE ALSO" > f
    see = "\\fBlibtween\\fP(3)"
    for (t = 1; t <= ns; t++)
      if (t != s && sec_has[t]) see = see ", \\fB" sec_page[t] "\\fP(3)"
    print see > f
    close(f)
  }
  # the links: a page for each function and type, unless it is a section
  for (s = 1; s <= ns; s++) if (sec_has[s]) is_page[sec_page[s]] = s
  for (s = 1; s <= ns; s++) {
    if (!sec_has[s]) continue
    n = split(sec_funcs[s] " " sec_types[s], fl, " ")
    for (k = 1; k <= n; k++) {
      nm = fl[k]
      if (nm in is_page) {
        if (is_page[nm] != s && nm in fn_sec) die(nm " is both a function and the page of section " sec_label[is_page[nm]])
        continue
      }
      if (nm in linked) continue
      linked[nm] = 1
      f = outdir "/" nm ".3"
      print ".so man3/" sec_page[s] ".3" > f
      close(f)
      print f > (outdir "/pages.list")
    }
  }

  # libtween(3)
  f = outdir "/libtween.3"
  print f > (outdir "/pages.list")
  while ((getline t < template) > 0) {
    if (t == "@VERSION_LINE@") {
      print ".TH LIBTWEEN 3 \"" date "\" \"libtween " version "\" \"libtween manual\"" > f
      print ".nh" > f
      print ".ad l" > f
    } else if (t ~ /^@INTRO [A-Za-z]+@$/) {
      w = t; sub(/^@INTRO /, "", w); sub(/@$/, "", w)
      print esc(intro_part(w)) > f
    } else if (t == "@INTRO@") {
      print esc(intro_part("")) > f
    } else if (t == "@ERROR_TABLE@") {
      for (k = 1; k <= nerr; k++) {
        print ".TP" > f
        print ".BR " err_name[k] " \" (" code(err_code[k]) ")\"" > f
        print esc(err_text[k]) "." > f
      }
    } else if (t == "@SECTIONS@") {
      for (s = 1; s <= ns; s++) {
        if (!sec_has[s]) continue
        print ".TP" > f
        print "\\fB" sec_page[s] "\\fP(3): " sec_label[s] > f
        n = split(sec_funcs[s] != "" ? sec_funcs[s] : sec_types[s], fl, " ")
        names = ""
        for (k = 1; k <= n; k++) names = names (k > 1 ? ", " : "") fl[k]
        print esc(names) > f
      }
    } else if (t == "@EXAMPLE@") {
      print ".nf" > f
      skip = 1
      while ((getline e < example) > 0) {
        if (skip && e ~ /SPDX-License-Identifier/) { skip = 0; continue }
        print code(e) > f
      }
      close(example)
      print ".fi" > f
    } else if (t == "@SEE_ALSO@") {
      see = ""
      for (s = 1; s <= ns; s++)
        if (sec_has[s]) see = see (see == "" ? "" : ", ") "\\fB" sec_page[s] "\\fP(3)"
      print see > f
    } else print t > f
  }
  close(template)
  close(f)
}
# A paragraph of the opening comment: the one that starts "Word:" (the
# word dropped), or with "" the ones before the first such paragraph
# (without the "libtween - ..." title line).
function intro_part(word,   n, p, k, out, w) {
  n = split(intro, p, "\n\n")
  out = ""
  for (k = 1; k <= n; k++) {
    if (word == "") {
      if (p[k] ~ /^[A-Z][a-z]+: /) break
      if (p[k] ~ /^libtween - /) continue
      out = out (out == "" ? "" : "\n.PP\n") p[k]
    } else if (index(p[k], word ": ") == 1) {
      w = substr(p[k], length(word) + 3)
      return toupper(substr(w, 1, 1)) substr(w, 2)
    }
  }
  if (word != "" && !failed) die("the opening comment of the header has no \"" word ":\" paragraph")
  return out
}
' "$header"

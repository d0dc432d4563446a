#!/bin/sh
# SPDX-License-Identifier: MIT
# The door comes first: every function include/tween.h exports (TW_EXTERN)
# that takes a manager must, as its first statement, pass the door of the
# parallel phase, `if (tw__door(m, "its name"))`, or call a helper whose
# own first statement is the door (`if (tw__door(m, fn))`), passing its
# name (__func__ or the string), or test the door alone,
# `if (tw__door_shut(m) || ...)`, its short way calling nothing and the
# general way it then returns to passing the door first (tw_to_fn,
# tw_set_ease, tw_is_active).  Before it, only declarations whose
# initialisers call nothing and read nothing of the manager.  So no call
# looks a handle up, takes a record or reads a tween before it knows the
# update's chunks are not running.  The list comes from the header: a
# new export is checked as soon as it is declared.
#
# Excepted, each for its reason:
#  - the calls the header lets through from the hook (their rows in
#    tests/test_doors.c say FREE: tw_last_error_detail, ...);
#  - tw_kill, whose short path's test of the key index stands for the
#    door (the parallel phase runs only with the key index built, so
#    while it runs every kill goes the general way, kill_general, whose
#    first statement is the door).
# Run by make check, which sets abs_top_srcdir.

src=${abs_top_srcdir:-.}
hdr=$src/include/tween.h
test -f "$hdr" || { echo "ERROR: no $hdr"; exit 99; }

free=$(sed -n 's/^ *X(\(tw_[a-z0-9_]*\), FREE[,| ].*/\1/p' \
  "$src/tests/test_doors.c" | tr '\n' ' ')
test -n "$free" || { echo "ERROR: no FREE rows in tests/test_doors.c"; exit 99; }

out=$(awk -v free="$free tw_kill" '
BEGIN { nf = split(free, f, " "); for (i = 1; i <= nf; i++) excepted[f[i]] = 1 }
FNR == 1 { fileno++ }
# the header: the exported functions whose parameters take a manager
fileno == 1 {
  if ($0 ~ /^TW_EXTERN /) { decl = $0; indecl = 1 }
  else if (indecl) decl = decl " " $0
  if (indecl && decl ~ /\);/) {
    indecl = 0
    d = decl
    gsub(/TW_DEPRECATED\("[^"]*"\)/, "", d)
    if (match(d, /tw_[a-z0-9_]+\(/)) {
      name = substr(d, RSTART, RLENGTH - 1)
      params = substr(d, RSTART + RLENGTH)
      if (params ~ /tw_manager \*[a-z]/ && !(name in excepted))
        takes[name] = 1
    }
  }
  next
}
# the sources: each function definition at column 0, its first statement
function first(line, ok) {
  if (ok) { done[cur] = 1 } else { print "BEFORE THE DOOR: " cur " (" where "): " line; done[cur] = 1 }
  cur = ""
}
{
  line = $0
  if (!inbody && !header && line ~ /^[a-z]/ && match(line, /[a-z_][a-z0-9_]*\(/)) {
    n = substr(line, RSTART, RLENGTH - 1)
    if (n == "if" || n == "while" || n == "return") n = ""
    if (n != "" && line !~ /;$/) {
      cur = n; where = FILENAME ":" FNR; header = 1
      exported = (n in takes)
      helper_arg = ""
    }
  }
  # macro-made definitions (tween.c: TW__TYPED_TO(tw_int_to, ...))
  if (line ~ /^TW__[A-Z_]*\(tw_[a-z0-9_]+,/) {
    n = line; sub(/^TW__[A-Z_]*\(/, "", n); sub(/,.*/, "", n)
    if (n in takes) { macro = line; sub(/\(.*/, "", macro); made[n] = macro }
  }
  if (header && line ~ /\{$/) { header = 0; inbody = 1; next }
  if (header && line ~ /\{.*\}$/) { header = 0; cur = ""; next } # one line
  if (header && line ~ /[;)]$/ && line ~ /;$/) { header = 0; cur = "" }
  if (!inbody) next
  if (line ~ /^}/) { inbody = 0; if (cur != "" && exported) print "NO DOOR: " cur " (" where ")"; cur = ""; next }
  if (cur == "" || line ~ /^[ \t]*$/ || line ~ /^[ \t]*\/?\*/) next
  # a declaration that calls nothing and reads nothing
  if (line ~ /^  ([a-zA-Z_][a-zA-Z0-9_]* )+[ *]*[a-z_][a-zA-Z0-9_]*(\[[^]]*\])?( = [^()>]*)?(, [*]*[a-z_][a-zA-Z0-9_]*(\[[^]]*\])?( = [^()>]*)?)*;$/ && line !~ /^  return/)
    next
  if (line ~ /^  if \(tw__door\([a-z]+, fn\)\)$/) {
    if (!exported) door_helper[cur] = 1
    first(line, 1); next
  }
  # the test of the door alone (tw__door_shut), before a short way that
  # calls nothing; the general way it returns to passes the door first
  if (exported && line ~ /^  if \(tw__door_shut\([a-z]+\) \|\|/) {
    first(line, 1); next
  }
  if (exported && line ~ /^  if \(tw__door\([a-z]+, "/) {
    first(line, index(line, "\"" cur "\"") > 0); next
  }
  # a call of a door helper, first: its name given on
  ok = 0
  for (hname in door_helper)
    if (index(line, hname "(") > 0 && (line ~ /__func__/ || line ~ /, fn[,)]/ || index(line, "\"" cur "\"") > 0)) ok = 1
  if (ok) {
    if (!exported) door_helper[cur] = 1
    first(line, 1); next
  }
  if (exported) first(line, 0); else cur = ""
}
END {
  nt = 0
  for (n in takes) {
    nt++
    if (!(n in done) && !(n in made)) print "NOT FOUND: " n
  }
  print "CHECKED " nt
}
' "$hdr" "$src"/lib/*.c) || { echo "ERROR: awk failed"; exit 99; }

# the macros that define exported functions: their bodies start at the door
for mac in $(awk '/^TW__[A-Z_]*\(tw_[a-z0-9_]+,/ { sub(/\(.*/, ""); print }' \
  "$src"/lib/*.c | sort -u); do
  body=$(awk -v mac="$mac" '$0 ~ "^#define " mac "\\(" { on = 1; next }
    on && /\{/ { getline; print; exit }' "$src"/lib/*.c)
  case $body in
  *'if (tw__door(m, #name))'*) ;;
  *) out="$out
BEFORE THE DOOR: the functions $mac defines: $body" ;;
  esac
done
checked=$(echo "$out" | sed -n 's/^CHECKED //p')
out=$(echo "$out" | sed '/^CHECKED /d; /^$/d')

if test -n "$out"; then
  echo "FAIL: exported calls that do not pass the door first:"
  echo "$out"
  exit 1
fi
echo "PASS: the $checked exported calls on a manager pass the door first"

#!/bin/bash
# SPDX-License-Identifier: MIT
# libtween on a Cortex-M4F: qemu's mps2-an386 board, arm-none-eabi-gcc and
# newlib-nano, semihosting for the output.
#
#   tools/m4f/run.sh [builddir]
#
# Builds lib/*.c for -mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard at
# -Os with -ffunction-sections -fdata-sections, links with --gc-sections
# and newlib-nano (tools/m4f/startup.c and mps2-an386.ld: no other start-up
# code), then
#   1. runs examples/first.c, examples/widgets.c (the bare-metal example:
#      20 widgets drawn as text) and tools/m4f/errors.c (the refusals'
#      sentences) under qemu and compares their output with the same
#      programs built for this machine (cc): it must be the same;
#   2. prints the flash (.text + .rodata + .data) of a bare program and of
#      the same program making 100 float tweens with eases, loops, delays
#      and kills (tools/m4f/flash.c; it must run to its end under qemu),
#      and the heap of a manager and of each tween (tools/m4f/ram.c);
#   3. prints the instructions of one frame (tw_update) with one running
#      float tween, for every ease, counted exactly: qemu -singlestep
#      -d exec,nochain logs each instruction executed, and awk counts those
#      between tools/m4f/frame.c's markers.
# The figures stand beside the targets and lv_anim's figures of the issue
# "libtween on a Cortex-M4F".
#
# Environment:
#   TW_M4F_INSTALL=1  install the tools with apt-get when they are missing
#                     (CI: gcc-arm-none-eabi libnewlib-arm-none-eabi
#                     qemu-system-arm, no recommends; about 100 MB)
#   TW_M4F_REQUIRE=1  a missing tool is a failure, not a skip
#   CC                the compiler for this machine (cc)
# Exit status: 0 passed, or skipped with the reason printed (the tools are
# missing and cannot be installed); 1 failed.
set -euo pipefail

# shellcheck source=tools/m4f/common.sh
. "$(dirname "$0")/common.sh"

# link NAME SOURCE [CFLAGS...]: NAME.elf and its map, NAME.map, with the
# further link flags of $lx
# (and the library of $lib, libtween.a unless set)
lx=
lib=libtween.a
link() {
  local name=$1 src=$2
  shift 2
  # shellcheck disable=SC2086
  arm-none-eabi-gcc $cflags "$@" -c "$src" -o "$name.o"
  # shellcheck disable=SC2086
  arm-none-eabi-gcc $ldflags $lx -Wl,-Map="$name.map" startup.o "$name.o" \
    "$lib" -lm -o "$name.elf"
}
# newlib-nano's printf leaves %f out unless the program asks for it
lx="-u _printf_float" link first "$top/examples/first.c"
lx="-u _printf_float" link widgets "$top/examples/widgets.c"
link errors "$here/errors.c"
link bare "$here/flash.c" -DTW_M4F_BARE
link tweens "$here/flash.c"
link silent "$here/flash.c" -DTW_M4F_SILENT
# the library built with TW_TERSE_ERRORS (no sentences' formats), for the
# same program with the silent hook
mkdir terse-obj
# shellcheck disable=SC2016
printf '%s\n' "$top"/lib/*.c | xargs -P 2 -n 1 sh -c \
  'b=${1##*/}; exec arm-none-eabi-gcc $M4F_CFLAGS -DTW_TERSE_ERRORS -c "$1" -o "terse-obj/${b%.c}.o"' sh
arm-none-eabi-ar rcs libterse.a terse-obj/*.o
lib=libterse.a link terse "$here/flash.c" -DTW_M4F_SILENT
link frame "$here/frame.c"
link ram "$here/ram.c"
echo "m4f: built in $((SECONDS - t0)) s"

# 1. examples/first.c and tools/m4f/errors.c, here and on the board
# (the library for this machine, two files at a time)
mkdir host
export M4F_CC=$cc M4F_HOST_CFLAGS="-std=c99 -O2 -ffp-contract=off -I$out/include -I$top/include"
# shellcheck disable=SC2016
printf '%s\n' "$top"/lib/*.c | xargs -P 2 -n 1 sh -c \
  'b=${1##*/}; exec $M4F_CC $M4F_HOST_CFLAGS -c "$1" -o "host/${b%.c}.o"' sh
# same NAME SOURCE: the program's output here and on the board are the same
same() {
  # shellcheck disable=SC2086
  $cc $M4F_HOST_CFLAGS "$2" host/*.o -lm -o "$1-host"
  "./$1-host" > "$1.host"
  # shellcheck disable=SC2086
  timeout 60 $qemu -kernel "$1.elf" > "$1.m4f"
  if ! cmp -s "$1.host" "$1.m4f"; then
    echo "m4f: FAILED: ${2#"$top"/} prints on the board, then here:"
    diff "$1.m4f" "$1.host" || true
    exit 1
  fi
  echo "m4f: ${2#"$top"/} prints the same on the board as here ($(wc -l < "$1.m4f") lines)"
}
same first "$top/examples/first.c"
same widgets "$top/examples/widgets.c"
same errors "$here/errors.c"

# 2. flash
flash() { arm-none-eabi-size "$1.elf" | awk 'NR == 2 { print $1 + $2 }'; }
for p in bare tweens silent terse; do
  st=0
  # shellcheck disable=SC2086
  timeout 60 $qemu -kernel "$p.elf" > "$p.out" || st=$?
  if [ "$st" != 0 ]; then
    echo "m4f: FAILED: tools/m4f/flash.c ($p) exits with $st under qemu"
    cat "$p.out"
    exit 1
  fi
done
# RAM: the heap of a manager (tools/m4f/ram.c)
# shellcheck disable=SC2086
if ! timeout 60 $qemu -kernel ram.elf > ram.out; then
  echo "m4f: FAILED: tools/m4f/ram.c under qemu"
  cat ram.out
  exit 1
fi
fb=$(flash bare)
ft=$(flash tweens)
fs=$(flash silent)
fe=$(flash terse)
# Pay for what you call: tools/m4f/flash.c calls no printf, and the
# library's default warning hook (linked whatever the hook) writes its
# line without one, so no printf may be in the program.
for p in tweens silent terse; do
  pf=$(arm-none-eabi-nm "$p.elf" |
    awk '$2 ~ /^[Tt]$/ && $3 ~ /printf/ { printf " %s", $3 }')
  if [ -n "$pf" ]; then
    echo "m4f: FAILED: tools/m4f/flash.c ($p) calls no printf, but links$pf"
    exit 1
  fi
done

# Pay for what you call: tools/m4f/flash.c makes float tweens with eases,
# loops, delays and kills, so it links no code of the features it never
# calls: the update, a kill and a tween's value reach a feature only
# through the manager's entries (tw__fx, lib/tween-private.h), which the
# feature's creation fills in.  Each file of those features must stand in
# the link map with no byte kept.  (Springs are linked by the ease table's
# spring ease, the parallel update and the key index by tw_manager_new's
# configuration, which it must serve whatever its values, and the key
# index by the running steps' stamps and overwrite's order too.)
features="timeline sequence labels path wobble choreo retarget motion curves
  snapwrite snapcheck snapalloc snapcommit debug keycheck threads"
for f in $features; do
  kept=$(awk -v f="libtween.a($f.o)" '
    /^Linker script and memory map/ { on = 1 }
    on && $NF == f && $(NF - 1) != "0x0" { n++ }
    END { print n + 0 }' tweens.map)
  if [ "$kept" != 0 ]; then
    echo "m4f: FAILED: tools/m4f/flash.c calls nothing of lib/$f.c, but links $kept of its sections (tweens.map)"
    exit 1
  fi
done
# and the features' functions in the files a plain program links: the
# update's steps of setter tweens (the compacting pass's too) and of
# sequences, a retargeted tween's value, snapping and additive writes, the filtered controls (whose
# walk tw_manager_free's kill of all shares), and the lerps of the other
# built-in types (lib/types.c: tw__lerp finds a type's in the manager's
# type table, which only a creation of the type or a restore fills in),
# every type's add and distance (a relative end, a speed-based duration:
# m->fx.start_ends, which tw_set_relative and tw_set_speed_based fill in),
# and the eases' slopes and origins (lib/ease.c: tables apart from the
# values', read only by a velocity's or a yoyo's slope, and a retarget),
# and the conversion of a refusal's numbers to text (lib/error.c: written
# into the sentence by tw_last_error_detail, which the program never calls)
fns="run_setters run_firsts start_setter setter_started run_seqs step_seq compact_setters
  tw__extra_value tw__extra_at tw__lerp_extra tw__snap tw__accumulate
  tw__lerp_add tw__do_where lerp_number lerp_bytes tw__lerpd tw__type_fill
  tw__types_fill start_ends tw__add tw__distance add_floats distance_floats
  add_number distance_number add_bytes distance_bytes tw__ease_slope
  tw__ease_origin linear_slope in_out_back_slope in_elastic_origin
  tw_last_error_detail detail_numbers err_g err_scale err_step err_mul"
kept=$(awk -v fns="$fns" '
  BEGIN { n = split(fns, a, /[ \n]+/); for (i = 1; i <= n; i++) want[".text." a[i]] = 1 }
  /^Linker script and memory map/ { on = 1 }
  on && ($1 in want) { printf " %s", substr($1, 7) }' tweens.map)
if [ -n "$kept" ]; then
  echo "m4f: FAILED: tools/m4f/flash.c makes no setter tween, sequence, retarget, snapping, additive write, filtered control, relative or speed-based tween or tween of another type than float, and asks for no sentence, but links$kept (tweens.map)"
  exit 1
fi
echo "m4f: tools/m4f/flash.c links no code of the features it does not call"

# 3. the instructions of a frame: each instruction qemu executes is logged
# as "Trace 0: 0x... [cs_base/pc/flags/cflags] symbol"; awk counts them per
# span between the markers' entries, in total and per function.
# (a Thumb function's symbol has the low bit set; qemu logs the pc)
addr() {
  local a
  a=$(arm-none-eabi-nm frame.elf | awk -v s="$1" '$3 == s { print $1 }')
  printf '%x\n' $((0x$a & ~1))
}
begin=$(addr tw_m4f_begin)
end=$(addr tw_m4f_end)
rm -f exec.fifo
mkfifo exec.fifo
awk -v b="$begin" -v e="$end" '
  $1 == "Trace" {
    split($4, f, "/"); pc = f[2]; sub(/^0+/, "", pc)
    if (pc == b) { on = 1; n = 0; delete fn }
    else if (pc == e && on) {
      k++; print "span", k, n
      for (s in fn) print "fn", k, fn[s], s
      on = 0
    }
    if (on) { n++; fn[$NF]++ }
  }' < exec.fifo > frame.counts &
# shellcheck disable=SC2086
timeout 120 $qemu -singlestep -d exec,nochain -D exec.fifo -kernel frame.elf > frame.out
wait $!
rm -f exec.fifo
nl=$(wc -l < frame.out)
ns=$(grep -c '^span' frame.counts || true)
if [ "$nl" != "$ns" ] || [ "$ns" -lt 3 ]; then
  echo "m4f: FAILED: tools/m4f/frame.c printed $nl spans, qemu's log has $ns"
  exit 1
fi
# span k's count: the markers' own cost taken off
awk '$1 == "span" { print $3 }' frame.counts > frame.n
paste -d ' ' frame.out frame.n > frame.table
echo "m4f: ran in $((SECONDS - t0)) s"

ram() { awk -v k="$1" '$1 == k { print $2 }' ram.out; }
awk -v fb="$fb" -v ft="$ft" -v fs="$fs" -v fe="$fe" -v rd="$(ram default)" \
  -v rf="$(ram first)" -v rl="$(ram least)" -v rp="$(ram per)" '
function kb(b) { return sprintf("%+.1f KB", b / 1024) }
{ label[NR] = $1; ease[NR] = $2; n[NR] = $3; c[NR] = $4 }
END {
  mark = c[1]
  for (i = 2; i <= NR; i++) {
    c[i] -= mark
    if (n[i] == 0) none = c[i]
    else if (n[i] == 1) one[ease[i]] = c[i]
    else { many[ease[i]] = c[i]; nmany = n[i] }
  }
  printf "\nlibtween on a Cortex-M4F (qemu mps2-an386; -Os, gc-sections, newlib-nano)\n"
  printf "\nflash, .text + .rodata + .data    bytes       over bare    target     lv_anim\n"
  printf "  bare program                  %7d\n", fb
  printf "  100 float tweens              %7d    %9s    +8.0 KB    +3.5 KB\n", ft, kb(ft - fb)
  printf "  the same, tw_warn_silent      %7d    %9s\n", fs, kb(fs - fb)
  printf "  the same, TW_TERSE_ERRORS     %7d    %9s\n", fe, kb(fe - fb)
  printf "\nRAM (heap), bytes\n"
  printf "  a manager of the defaults, no tween yet   %6d    target 0\n", rd
  printf "  the same after its first float tween      %6d\n", rf
  printf "  a manager with room for one tween         %6d\n", rl
  printf "  each further float tween                  %6d    lv_anim 104\n", rp
  printf "\ninstructions per frame, one running float tween (exact, qemu -singlestep)\n"
  printf "  tw_update with no tween: %d\n", none
  printf "  %-26s %10s %14s %8s %8s\n", "ease", "per tween", "of " nmany " each", "target", "lv_anim"
  split("TW_EASE_OUT_QUAD TW_EASE_LINEAR TW_EASE_OUT_SINE", main_e, " ")
  tgt["TW_EASE_OUT_QUAD"] = 60; lv["TW_EASE_OUT_QUAD"] = 405
  tgt["TW_EASE_LINEAR"] = 60; lv["TW_EASE_LINEAR"] = 129
  tgt["TW_EASE_OUT_SINE"] = 100; lv["TW_EASE_OUT_SINE"] = "<= 500"
  for (j = 1; j <= 3; j++) {
    e = main_e[j]
    per = (e in many) ? sprintf("%d", (many[e] - one[e]) / (nmany - 1)) : "-"
    printf "  %-26s %10d %14s %8d %8s\n", e, one[e] - none, per, tgt[e], lv[e]
  }
  lo = -1
  for (e in one) {
    if (e == "TW_EASE_SPRING" || e ~ /FLASH/ || e == "TW_EASE_LINEAR") continue
    v = one[e] - none
    if (lo < 0 || v < lo) { lo = v; loe = e }
    if (v > hi) { hi = v; hie = e }
  }
  printf "  %-26s %4d-%-5d %14s %8d %8s\n", "every Penner ease", lo, hi, "", 100, "<= 500"
  printf "    (least %s, most %s)\n", loe, hie
  printf "  every ease, one tween (tw_update with it, less with none):\n"
  for (i = 2; i <= NR; i++)
    if (n[i] == 1) printf "    %-24s %6d\n", ease[i], c[i] - none
}' frame.table

# where the instructions of the out-quad frame go, function by function
k=$(awk '$2 == "TW_EASE_OUT_QUAD" && $3 == 1 { print NR; exit }' frame.out)
echo "  out-quad, one tween: the functions of tw_update's frame"
awk -v k="$k" '$1 == "fn" && $2 == k { print $3, $4 }' frame.counts |
  sort -rn | head -n 12 | awk '{ printf "    %6d  %s\n", $1, $2 }'

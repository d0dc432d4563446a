#!/bin/bash
# SPDX-License-Identifier: MIT
# shellcheck disable=SC2034 # the variables are for the scripts that source it
# Sourced by tools/m4f/run.sh (make bench-embedded) and tools/m4f/suites.sh
# (make check-embedded), with $1 the build directory (default
# $PWD/m4f-build): finds the tools (or installs them, or skips), empties
# the build directory and enters it, writes include/tween-version.h and
# builds the library for the M4F (libtween.a) and startup.o.  Sets top,
# here, out, cc, cflags, ldflags, qemu and t0 (the build's start), and
# defines skip.  The C library is newlib-nano, or newlib where the caller
# sets M4F_LIBC=newlib before (the suites: nano's printf has no %zu, no
# %lld and a %g of its own, and the tests print with them).
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$top/tools/m4f
out=${1:-$PWD/m4f-build}
cc=${CC:-cc}
tools="arm-none-eabi-gcc arm-none-eabi-size qemu-system-arm"
pkgs="gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"

skip() {
  if [ "${TW_M4F_REQUIRE:-0}" = 1 ]; then
    echo "m4f: FAILED: $*"
    exit 1
  fi
  echo "m4f: skipped: $*"
  exit 0
}

missing() {
  local t
  for t in $tools; do
    command -v "$t" >/dev/null || { echo "$t"; return 0; }
  done
  return 1
}

if t=$(missing); then
  if [ "${TW_M4F_INSTALL:-0}" = 1 ] && [ "$(id -u)" = 0 ] &&
      command -v apt-get >/dev/null; then
    t0=$SECONDS
    apt-get update -qq || echo "m4f: apt-get update reported errors; going on"
    # shellcheck disable=SC2086
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends $pkgs >/dev/null; then
      skip "apt-get could not install $pkgs"
    fi
    echo "m4f: installed $pkgs in $((SECONDS - t0)) s"
    t=$(missing) && skip "$t not found after installing $pkgs"
  else
    skip "$t not found (install $pkgs, or run with TW_M4F_INSTALL=1 as root)"
  fi
fi
# newlib-nano and the semihosting library come with libnewlib-arm-none-eabi
arm-none-eabi-gcc --specs=nano.specs --specs=rdimon.specs -print-file-name=librdimon_nano.a |
  grep -q / || skip "newlib-nano not found (install libnewlib-arm-none-eabi)"

rm -rf "$out"
mkdir -p "$out/obj" "$out/include"
cd "$out" || exit 1

# include/tween-version.h, as configure writes it, from AC_INIT's version
ver=$(sed -n 's/^AC_INIT(\[libtween\], \[\([0-9.]*\)\].*/\1/p' "$top/configure.ac")
IFS=. read -r vmaj vmin vpat <<< "$ver"
sed -e "s/@configure_input@/Generated from tween-version.h.in by tools\/m4f\/common.sh./" \
  -e "s/@TW_VERSION_MAJOR@/$vmaj/" -e "s/@TW_VERSION_MINOR@/$vmin/" \
  -e "s/@TW_VERSION_PATCH@/$vpat/" -e "s/@PACKAGE_VERSION@/$ver/" \
  -e "s/@TW_VERSION_HEX@/$(printf '0x%02x%02x%02x' "$vmaj" "$vmin" "$vpat")/" \
  "$top/include/tween-version.h.in" > include/tween-version.h

arch="-mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard -mthumb"
specs=--specs=nano.specs
[ "${M4F_LIBC:-nano}" = newlib ] && specs=
cflags="$arch -std=c99 -Os -ffunction-sections -fdata-sections -ffp-contract=off
  -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
  -Werror
  $specs -I$out/include -I$top/include"
ldflags="$arch $specs --specs=rdimon.specs -nostartfiles
  -T $here/mps2-an386.ld -Wl,--gc-sections"
qemu="qemu-system-arm -M mps2-an386 -nographic -monitor none
  -semihosting-config enable=on,target=native"

t0=$SECONDS
echo "m4f: $(arm-none-eabi-gcc --version | head -n 1); $(qemu-system-arm --version | head -n 1)"
# the library, two files at a time, into one archive
export M4F_CFLAGS=$cflags
# shellcheck disable=SC2016
printf '%s\n' "$top"/lib/*.c | xargs -P 2 -n 1 sh -c \
  'b=${1##*/}; exec arm-none-eabi-gcc $M4F_CFLAGS -c "$1" -o "obj/${b%.c}.o"' sh
rm -f libtween.a
arm-none-eabi-ar rcs libtween.a obj/*.o
# shellcheck disable=SC2086
arm-none-eabi-gcc $cflags -c "$here/startup.c" -o startup.o


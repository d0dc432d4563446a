#!/bin/sh
# SPDX-License-Identifier: MIT
# Where a directory of an install is, relative to its prefix, so that the
# files that name it (tween.pc, the CMake package) still work when the
# whole prefix is copied or moved elsewhere:
#
#   tools/reldir.sh PREFIX DIR       DIR below PREFIX ("lib", "include");
#                                    "." for PREFIX itself
#   tools/reldir.sh --up PREFIX DIR  the way from DIR up to PREFIX
#                                    ("../.."); "." for PREFIX itself
#
# Either exits 1, printing nothing, when DIR is not PREFIX or below it.
# Paths are compared as written (make gives them expanded); "." and ".."
# components are not resolved.  POSIX sh.  make runs it.
set -eu

up=
if test "${1:-}" = --up; then
  up=1
  shift
fi
if test $# -ne 2; then
  echo "usage: $0 [--up] PREFIX DIR" >&2
  exit 2
fi
prefix=$1
dir=$2
# no trailing slashes (but "/" stays "/")
while test "${prefix%/}" != "$prefix" && test "$prefix" != /; do
  prefix=${prefix%/}
done
while test "${dir%/}" != "$dir" && test "$dir" != /; do dir=${dir%/}; done

case $prefix in /*) ;; *) exit 1 ;; esac
if test "$dir" = "$prefix"; then
  echo .
  exit 0
fi
if test "$prefix" = /; then
  rest=${dir#/}
else
  case $dir in
  "$prefix"/*) rest=${dir#"$prefix"/} ;;
  *) exit 1 ;;
  esac
fi
case /$rest/ in */./* | */../* | *//*) exit 1 ;; esac
if test -n "$up"; then
  echo "$rest" | sed 's|[^/][^/]*|..|g'
else
  echo "$rest"
fi

#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a terminal program in tmux until it exits, and prints the picture
# it left: the pane's text with its attributes (tmux capture-pane -e), for
# tools/gallery --terminal to draw.
#
#   tools/termshot.sh COLUMNS ROWS PROGRAM [ARGUMENT...] > CAPTURE
#
# The program must end by itself (examples/ncurses-ui --frames N) and show
# the same picture on every run.  tmux runs on a socket of its own, with
# no alternate screen, so that the picture stays; TERM=screen, which every
# ncurses has, and no LINES or COLUMNS from the caller.  Fails after 30 s.
# make gallery runs it.
set -eu

if test $# -lt 3; then
  echo "usage: $0 COLUMNS ROWS PROGRAM [ARGUMENT...]" >&2
  exit 2
fi
cols=$1
rows=$2
shift 2
command -v tmux >/dev/null 2>&1 || {
  echo "termshot.sh: tmux not found" >&2
  exit 1
}
tmp=${TMPDIR:-/tmp}/tw-termshot-$$
mkdir -p "$tmp"
tm() { tmux -S "$tmp/socket" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT

# The program runs in a shell that, once it ends, marks it in a file and
# waits silently: a dead pane would get tmux's "Pane is dead" line, which
# scrolls the picture by a row or not, as the race with the capture goes.
# LINES and COLUMNS, when the caller's shell exports them, would override
# the pane's size in ncurses: the picture must not depend on them.
cmd="unset LINES COLUMNS; TERM=screen"
for a in "$@"; do
  cmd="$cmd '$(printf '%s' "$a" | sed "s/'/'\\''/g")'"
done
cmd="$cmd; : > '$tmp/done'; exec sleep 60"
tm new-session -d -s shot -x "$cols" -y "$rows" \; \
  set-option -g alternate-screen off
tm respawn-pane -k -t shot "$cmd"
n=300
while ! test -f "$tmp/done"; do
  n=$((n - 1))
  if test $n -le 0; then
    echo "termshot.sh: $1 did not end within 30 s" >&2
    exit 1
  fi
  sleep 0.1
done
tm capture-pane -p -e -t shot

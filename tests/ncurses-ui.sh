#!/bin/sh
# SPDX-License-Identifier: MIT
# examples/ncurses-ui, driven in tmux: once the menu is up, a Down key must
# move the highlight (the '>' marker and the reverse-video bar) two rows
# down, to the next item, and q must quit.  The library's notice of the
# capacity's growth at start is the developer's: it must not show to the
# person at the menu; with --debug it must show, and be gone a few seconds
# later while the menu still runs.  Uses a tmux server of its own
# (its socket in a temporary directory), killed on exit; every wait has a
# limit.  Skipped when the example was not built or tmux is missing.  Run
# by make check.

build=${abs_top_builddir:-.}
ui=$build/examples/ncurses-ui
if test ! -x "$ui"; then
  echo "SKIP: examples/ncurses-ui not built: configure found no ncurses (apt-get install libncurses-dev)"
  exit 77
fi
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux not found (apt-get install tmux)"
  exit 77
fi

tmp=${TMPDIR:-/tmp}/tw-ncurses-ui-$$
mkdir -p "$tmp" || exit 99
sock=socket
tm() { tmux -S "$tmp/$sock" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

# The line number (from 1) of the marker in the pane, or nothing.
marker() { tm capture-pane -p -t ui | grep -n '^  >' | cut -d: -f1; }

# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds.
wait_for() {
  n=$(($1 * 10))
  shift
  while test "$n" -gt 0; do
    if "$@"; then return 0; fi
    sleep 0.1
    n=$((n - 1))
  done
  return 1
}

fail() {
  echo "FAIL: $*"
  echo "--- the pane:"
  tm capture-pane -p -e -t ui 2>/dev/null | cat -v
  exit 1
}

# TERM=screen: a terminfo entry that every ncurses install has.
tm new-session -d -s ui -x 80 -y 24 "TERM=screen exec '$ui'" ||
  fail "tmux could not start the example"

# Up once the items have slid in and the gauge is moving.
menu_up() { tm capture-pane -p -t ui | grep -q '^  > *New game'; }
wait_for 10 menu_up || fail "the menu did not come up"
notice() { tm capture-pane -p -t ui | grep -q 'notice: .*grew its tween capacity'; }
! notice || fail "the library's notice is shown to the user (without --debug)"
sleep 1
! notice || fail "the library's notice is shown to the user (without --debug)"
before=$(marker)
test -n "$before" || fail "no highlight marker"
tm capture-pane -p -e -t ui | grep '^  >' | grep -q "$(printf '\033')\[7m" ||
  fail "the highlight is not in reverse video"

tm send-keys -t ui Down
moved() {
  tm capture-pane -p -t ui | grep -q '^  > *Continue' &&
    test "$(marker)" = $((before + 2))
}
wait_for 5 moved || fail "the highlight did not move to the next item"
tm capture-pane -p -e -t ui | grep '^  >' | grep "$(printf '\033')\[7m" |
  grep -q Continue || fail "the moved highlight is not in reverse video"
echo "the highlight moved from line $before to line $(marker)"
! notice || fail "the library's notice is shown to the user (without --debug)"
echo "no notice of the library's without --debug"

tm send-keys -t ui q
gone() { ! tm has-session -t ui 2>/dev/null; }
wait_for 5 gone || fail "q did not quit"

# --debug: the notice shows, and goes after a few seconds (4 s from when
# it is first drawn).  A server of its own: the first one exits once its
# session is gone, and a session asked of it meanwhile fails ("server
# exited unexpectedly").
tm kill-server >/dev/null 2>&1
sock=socket2
tm new-session -d -s ui -x 80 -y 24 "TERM=screen exec '$ui' --debug" ||
  fail "tmux could not start the example with --debug"
wait_for 10 menu_up || fail "the menu did not come up (--debug)"
wait_for 2 notice || fail "the notice of the capacity's growth is not shown (--debug)"
no_notice() { ! notice && menu_up; }
wait_for 10 no_notice || fail "the notice is still shown after 10 s (--debug)"
echo "with --debug, the notice of the capacity's growth came and went"
tm send-keys -t ui q
wait_for 5 gone || fail "q did not quit (--debug)"
echo "PASS: the highlight glides to the next item on Down; no notice of" \
  "the library's but with --debug, where it comes and goes; q quits"

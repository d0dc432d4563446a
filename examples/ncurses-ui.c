/* SPDX-License-Identifier: MIT */
/* A terminal menu animated with libtween (ncurses).
 *
 *   - the items slide in from the right at start, one after the other;
 *   - the highlight bar glides between items on the arrow keys (pressing
 *     again mid-glide sends it on from where it is);
 *   - a gauge fills, driven by an int tween;
 *   - the title pulses forever (yoyo).
 *
 * Keys: Up/Down (or k/j) move, Enter picks, q quits.
 *
 *   examples/ncurses-ui [--debug] [--frames N]
 *
 * --frames N runs N frames of 1/60 s each, on a clock of its own rather
 * than the wall's, and quits leaving its last picture on the screen, the
 * same on every run (make gallery captures it in tmux, with --debug, for
 * docs/ncurses-ui.png).
 *
 * The library's warnings are for the program's developer, not for the
 * person at the menu.  The default warning hook writes them to stderr,
 * over the screen; this program installs its own, which keeps them
 * silent, or, with --debug, shows them as a notice on the status line for
 * a few seconds (NOTICE_SECONDS from when it is first drawn), as it does
 * what Enter picks.  The manager starts with a small capacity on purpose,
 * so that the hook runs at start: a real program would set the capacity
 * it needs. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curses.h>

#include "tween.h"

#define NITEMS 5
#define TOP 4 /* screen row of the first item */
#define GAP 2 /* rows from one item to the next */
#define LEFT 6
#define BAR_W 28
#define NOTICE_SECONDS 4.0

static const char *const items[NITEMS] = {"New game", "Continue", "Settings",
                                          "Credits", "Quit"};

struct menu {
  tw_manager *m;
  float slide[NITEMS]; /* columns to the right of its place */
  float bar;           /* the highlight, in items (fractional mid-glide) */
  int selected;
  int gauge;           /* percent */
  float pulse;         /* 0..1 */
  char status[80];     /* the notice, "" for none */
  double status_since; /* when it was first drawn; 0 not yet */
  int debug;           /* --debug: the library's warnings shown */
};

static void warn_status(tw_manager *m, tw_warning what, size_t old_cap,
                        size_t new_cap, void *ud) {
  struct menu *mu = ud;
  (void)m;
  if (!mu->debug) /* for the developer only */
    return;
  snprintf(mu->status, sizeof mu->status,
           "notice: libtween grew its %s capacity from %lu to %lu",
           what == TW_WARN_GROW_TWEENS ? "tween" : "sequence",
           (unsigned long)old_cap, (unsigned long)new_cap);
  mu->status_since = 0.0;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void glide(struct menu *mu, int to) {
  tw_handle h;
  if (to < 0 || to >= NITEMS || to == mu->selected)
    return;
  mu->selected = to;
  /* one tween on the bar at a time: the new one starts where it is */
  tw_kill_target(mu->m, &mu->bar, 0);
  if (tw_float_to(mu->m, &mu->bar, (float)to, 0.25, &h) == 0)
    tw_set_ease(mu->m, h, TW_EASE_OUT_CUBIC);
}

/* Draws the menu at time t (seconds, now()). */
static void draw(struct menu *mu, double t) {
  int i, row, bar_row = TOP + (int)floorf(mu->bar * GAP + 0.5f);
  int filled = mu->gauge * 20 / 100;
  char gauge[21];

  erase();
  attr_t title = mu->pulse > 0.5f ? A_BOLD : A_NORMAL;
  attron(title);
  mvaddstr(1, LEFT, "libtween ncurses-ui");
  attroff(title);
  mvaddstr(2, LEFT, "Up/Down move, Enter picks, q quits");

  /* the highlight bar, then the items over it */
  attron(A_REVERSE);
  mvhline(bar_row, LEFT - 2, ' ', BAR_W);
  attroff(A_REVERSE);
  mvaddch(bar_row, 2, '>');
  for (i = 0; i < NITEMS; i++) {
    int col = LEFT + (int)(mu->slide[i] + 0.5f);
    row = TOP + i * GAP;
    if (col >= COLS)
      continue;
    if (row == bar_row)
      attron(A_REVERSE);
    mvaddnstr(row, col, items[i], COLS - col);
    if (row == bar_row)
      attroff(A_REVERSE);
  }

  for (i = 0; i < 20; i++)
    gauge[i] = i < filled ? '#' : '.';
  gauge[20] = '\0';
  row = TOP + NITEMS * GAP + 1;
  mvprintw(row, LEFT, "loading [%s] %3d%%", gauge, mu->gauge);
  if (mu->status[0] != '\0') { /* a notice, for a few seconds */
    if (mu->status_since == 0.0)
      mu->status_since = t;
    if (t - mu->status_since < NOTICE_SECONDS)
      mvaddnstr(row + 2, LEFT, mu->status, COLS - LEFT);
    else
      mu->status[0] = '\0';
  }
  refresh();
}

int main(int argc, char **argv) {
  struct menu mu;
  tw_config c;
  tw_handle h;
  double last;
  int i, ch, quit = 0, frames = -1, frame = 0;

  memset(&mu, 0, sizeof mu);
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--debug"))
      mu.debug = 1;
    else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
      frames = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: ncurses-ui [--debug] [--frames N]\n");
      return 2;
    }
  }

  tw_config_init(&c);
  c.tweens = 4; /* small on purpose: see the top of this file */
  c.warn = warn_status;
  c.warn_ud = &mu;
  if (tw_manager_new(&c, &mu.m) < 0) {
    fprintf(stderr, "ncurses-ui: cannot create a tween manager\n");
    return 1;
  }

  initscr();
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  timeout(16); /* getch waits at most one 60 Hz frame */

  for (i = 0; i < NITEMS; i++) {
    mu.slide[i] = (float)COLS;
    tw_float_to(mu.m, &mu.slide[i], 0.0f, 0.5, &h);
    tw_set_ease(mu.m, h, TW_EASE_OUT_BACK);
    tw_set_delay(mu.m, h, 0.08 * i);
  }
  tw_int_to(mu.m, &mu.gauge, 100, 3.0, &h);
  tw_set_ease(mu.m, h, TW_EASE_IN_OUT_SINE);
  tw_set_delay(mu.m, h, 0.4);
  tw_float_to(mu.m, &mu.pulse, 1.0f, 0.6, &h);
  tw_set_ease(mu.m, h, TW_EASE_LINEAR);
  tw_set_loops(mu.m, h, -1, TW_LOOP_YOYO);

  last = now();
  while (!quit && (frames < 0 || frame < frames)) {
    double t, dt;
    if (frames < 0) {
      t = now();
      dt = t - last;
      last = t;
      if (dt > 0.1) /* after a stall, move on rather than jump */
        dt = 0.1;
    } else { /* a clock of its own, from 1 s (0 means "not yet") */
      t = 1.0 + frame / 60.0;
      dt = frame == 0 ? 0.0 : 1.0 / 60;
    }
    frame++;
    tw_update(mu.m, TW_UPDATE_NORMAL, dt, dt);
    draw(&mu, t);
    ch = getch();
    switch (ch) {
    case KEY_UP:
    case 'k':
      glide(&mu, mu.selected - 1);
      break;
    case KEY_DOWN:
    case 'j':
      glide(&mu, mu.selected + 1);
      break;
    case '\n':
    case '\r':
    case KEY_ENTER:
      if (mu.selected == NITEMS - 1)
        quit = 1;
      else {
        snprintf(mu.status, sizeof mu.status, "picked: %s", items[mu.selected]);
        mu.status_since = 0.0;
      }
      break;
    case 'q':
    case 'Q':
      quit = 1;
      break;
    default:
      break;
    }
  }
  endwin();
  tw_manager_free(mu.m);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* The point of libtween in a terminal: a slider knob animated by
 * overlapping tweens, where the tween created last on a value wins, every
 * frame, and what a program can do when the user changes their mind.
 *
 * Tween A sends the knob from column 0 to 39, the right end of the track
 * (2 s).  Half a second in, the user cancels, and the knob must go back
 * to column 4.  Three ways, one scene each:
 *  1. DOTween's default: a new tween B sends it back.  B was created later,
 *     so it writes after A in every update and its value stands; when B
 *     completes, A (still running) owns the knob again: a jump.
 *  2. B with overwrite: when B starts, A is killed.  No jump at the end,
 *     but the knob turns around at once: a kink in its speed.
 *  3. A retargeted to 4: no jump and no kink.  The knob keeps its speed,
 *     slows down, turns and comes back.
 * Printed at 10 frames per second of simulated time, with the knob's
 * column and its speed in columns per second; a scene's events on lines
 * of their own, so that no line is wider than 80 columns.
 *
 * 4. A rollback, as netcode does it: the game keeps a snapshot of the
 *    manager (tw_snapshot) and its own state at frame 20; a late input says
 *    the user cancelled at frame 21, so the game restores (tw_restore),
 *    replays frames 21 to 60 with the input, and the two runs are printed
 *    side by side.  A replay without the input writes the first run's
 *    values again, bit for bit. */
#include <stdio.h>
#include <string.h>

#include "tween.h"

#define WIDTH 40
#define FRAMES 17
#define RB_WIDTH 28 /* scene 4: two tracks side by side */
#define RB_FRAMES 60
#define RB_AT 20

static int check(int rc, const char *what) {
  if (rc < 0)
    fprintf(stderr, "demo: %s: %s\n", what, tw_strerror(rc));
  return rc;
}

/* A frame's line (at most 78 columns), and its note under it. */
static void draw(double t, float knob, float speed, const char *who,
                 const char *note) {
  char track[WIDTH + 1];
  int pos = (int)(knob + 0.5f);

  memset(track, '-', WIDTH);
  track[WIDTH] = '\0';
  if (pos < 0)
    pos = 0;
  if (pos >= WIDTH)
    pos = WIDTH - 1;
  track[pos] = 'O';
  printf("%4.1fs |%s| knob %5.2f  speed %+6.1f/s  %s\n", t, track, knob, speed,
         who);
  if (note[0] != '\0')
    printf("      ^ %s\n", note);
}

/* One scene: 1 DOTween's default, 2 overwrite, 3 retarget. */
static int scene(int how) {
  static const float back = 4.0f;
  tw_manager *m;
  tw_handle a, b = {0, 0}, w;
  float knob = 0.0f, prev = 0.0f;
  double dt = 0.1;
  int frame;

  if (check(tw_manager_new(NULL, &m), "manager") < 0)
    return 1;
  check(tw_float_to(m, &knob, WIDTH - 1, 2.0, &a), "tween A");
  for (frame = 1; frame <= FRAMES; frame++) {
    const char *note = "", *who;
    if (frame == 6 && how == 3) {
      check(tw_retarget(m, a, &back, 1.0), "retarget");
      note = "the user cancels: A retargeted to 4";
    } else if (frame == 6) {
      check(tw_float_to(m, &knob, back, 1.0, &b), "tween B");
      tw_set_ease(m, b, TW_EASE_IN_OUT_QUAD);
      if (how == 2)
        tw_set_overwrite(m, b, TW_OVERWRITE_KILL);
      note = how == 1 ? "the user cancels: new tween B"
                      : "the user cancels: new tween B, overwrite on";
    }
    check(tw_update(m, TW_UPDATE_NORMAL, dt, dt), "update");
    /* tw_writer: which tween's write stands */
    who = tw_writer(m, &knob, &w) != 1           ? "-"
          : w.index == a.index && w.gen == a.gen ? "A"
                                                 : "B";
    if (how == 1 && frame == 16)
      note = "B done: A takes the knob back (a jump)";
    if (how == 2 && frame == 6)
      note = "B starts and kills A: the knob turns at once (a kink)";
    draw(frame * dt, knob, (knob - prev) / (float)dt, who, note);
    prev = knob;
  }
  return tw_manager_free(m) == 0 ? 0 : 1;
}

/* 4: the knob on a narrower track, for two side by side */
static void track(char *out, float knob) {
  int pos = (int)(knob * (RB_WIDTH - 1) / (WIDTH - 1) + 0.5f);

  memset(out, '-', RB_WIDTH);
  out[RB_WIDTH] = '\0';
  out[pos < 0 ? 0 : pos >= RB_WIDTH ? RB_WIDTH - 1 : pos] = 'O';
}

/* Frames from + 1 .. to at 30 Hz, the knob after each into knobs[]; the
 * late input (cancel: A retargeted to 4) at frame `cancel` (0: none). */
static void frames(tw_manager *m, tw_handle a, const float *knob, int from,
                   int to, int cancel, float *knobs) {
  static const float back = 4.0f;
  int f;

  for (f = from + 1; f <= to; f++) {
    if (f == cancel)
      check(tw_retarget(m, a, &back, 1.0), "retarget");
    check(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 30, 1.0 / 30), "update");
    knobs[f] = *knob;
  }
}

static int rollback(void) {
  static float first[RB_FRAMES + 1], second[RB_FRAMES + 1],
      again[RB_FRAMES + 1];
  static unsigned char snap[4096];
  char t1[RB_WIDTH + 1], t2[RB_WIDTH + 1];
  tw_manager *m;
  tw_handle a;
  float knob = 0.0f, knob_at;
  size_t used = 0;
  int f, same;

  if (check(tw_manager_new(NULL, &m), "manager") < 0)
    return 1;
  check(tw_float_to(m, &knob, WIDTH - 1, 2.0, &a), "tween A");
  frames(m, a, &knob, 0, RB_AT, 0, first);
  /* frame 20: the manager's snapshot, and the game's own state */
  check(tw_snapshot(m, snap, sizeof snap, &used), "snapshot");
  knob_at = knob;
  frames(m, a, &knob, RB_AT, RB_FRAMES, 0, first);
  /* the late input: the user cancelled at frame 21 */
  check(tw_restore(m, snap, used), "restore");
  knob = knob_at;
  memcpy(second, first, sizeof second);
  frames(m, a, &knob, RB_AT, RB_FRAMES, RB_AT + 1, second);
  /* and once more without it: the first run again */
  check(tw_restore(m, snap, used), "restore");
  knob = knob_at;
  frames(m, a, &knob, RB_AT, RB_FRAMES, 0, again);
  same = memcmp(first + RB_AT + 1, again + RB_AT + 1,
                (RB_FRAMES - RB_AT) * sizeof *first) == 0;
  printf(
      "frame first run                       replayed with the late input\n");
  for (f = 0; f <= RB_FRAMES; f++) {
    if (f % 4 != 0 && f != RB_AT + 1)
      continue;
    track(t1, f == 0 ? 0.0f : first[f]);
    track(t2, f == 0 ? 0.0f : second[f]);
    printf("%3d   |%s|  |%s|%s\n", f, t1, t2,
           f == RB_AT       ? " <- snapshot"
           : f == RB_AT + 1 ? " <- input"
                            : "");
  }
  printf("snapshot: %lu bytes; replayed without the input: %s\n",
         (unsigned long)used,
         same ? "the first run, bit for bit" : "NOT the first run");
  return tw_manager_free(m) == 0 && same ? 0 : 1;
}

int main(void) {
  int rc = 0;

  printf("libtween %s demo: tween A sends the knob from column 0 to 39 in "
         "2 s;\nat 0.5 s the user cancels, and the knob must go back to "
         "column 4.\nSpeed is in columns per second; the last column says "
         "which tween's\nwrite stands (tw_writer).\n",
         tw_version_string());
  printf("\n1. DOTween's default: every tween writes; the newest wins while "
         "it runs.\n");
  rc |= scene(1);
  printf("\n2. Overwrite (tw_set_overwrite): B kills A when it starts.\n");
  rc |= scene(2);
  printf("\n3. Retarget (tw_retarget): A goes to 4 from where it is, at the "
         "speed it has.\n");
  rc |= scene(3);
  printf("\n4. Rollback (tw_snapshot, tw_restore): 60 frames at 30 Hz; a "
         "late input\n   says the user cancelled at frame 21: back to frame "
         "20's snapshot, and\n   frames 21 to 60 again with the input.\n");
  rc |= rollback();
  return rc;
}

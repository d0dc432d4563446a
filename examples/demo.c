/* SPDX-License-Identifier: MIT */
/* The point of libtween in a terminal: UI elements animated by
 * overlapping tweens, where the tween created last on a value wins, every
 * frame, and the older one takes over again when the newer one dies.
 *
 * A slider knob is sent right by tween A (2 s).  Half a second in, the user
 * "cancels": tween B sends it back left (1 s).  B was created later, so it
 * writes after A in every update and its value stands; when B completes, A
 * (still running) owns the knob again.  A progress bar and a blinking
 * label run beside them on their own tweens.  Printed at 10 frames per
 * second of simulated time. */
#include <stdio.h>
#include <string.h>

#include "tween.h"

#define WIDTH 40

static char last_writer = '-';

static void wrote(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  last_writer = *(const char *)ud;
}

static void done(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  printf("       (tween %c completed)\n", *(const char *)ud);
}

static void draw(double t, float knob, int percent, float glow) {
  char track[WIDTH + 1], bar[21];
  int i, pos = (int)(knob + 0.5f);

  memset(track, '-', WIDTH);
  track[WIDTH] = '\0';
  if (pos < 0)
    pos = 0;
  if (pos >= WIDTH)
    pos = WIDTH - 1;
  track[pos] = 'O';
  for (i = 0; i < 20; i++)
    bar[i] = i < percent / 5 ? '#' : '.';
  bar[20] = '\0';
  printf("%4.1fs |%s| knob %5.2f by %c  [%s] %3d%%  %s\n", t, track, knob,
         last_writer, bar, percent, glow > 0.5f ? "*READY*" : " ready ");
}

static int check(int rc, const char *what) {
  if (rc < 0)
    fprintf(stderr, "demo: %s: %s\n", what, tw_strerror(rc));
  return rc;
}

int main(void) {
  static const char A = 'A', B = 'B';
  tw_manager *m;
  tw_handle a, b, bar, label;
  float knob = 0.0f, glow = 0.0f;
  int percent = 0, frame;
  double dt = 0.1;

  if (check(tw_manager_new(NULL, &m), "manager") < 0)
    return 1;
  printf("libtween %s demo: A sends the knob right; at 0.5 s B sends it "
         "back.\nB is newer, so B wins while both run; then A again.\n\n",
         tw_version_string());

  check(tw_float_to(m, &knob, WIDTH - 1, 2.0, &a), "tween A");
  tw_on(m, a, TW_ON_UPDATE, wrote, (void *)&A);
  tw_on(m, a, TW_ON_COMPLETE, done, (void *)&A);

  check(tw_int_to(m, &percent, 100, 2.5, &bar), "progress");
  tw_set_ease(m, bar, TW_EASE_LINEAR);

  check(tw_float_to(m, &glow, 1.0f, 0.25, &label), "label");
  tw_set_loops(m, label, -1, TW_LOOP_YOYO);
  tw_set_ease(m, label, TW_EASE_LINEAR);

  draw(0.0, knob, percent, glow);
  for (frame = 1; frame <= 28; frame++) {
    if (frame == 6) {
      printf("       (user cancels: tween B created, knob -> 4)\n");
      check(tw_float_to(m, &knob, 4.0f, 1.0, &b), "tween B");
      tw_set_ease(m, b, TW_EASE_IN_OUT_QUAD);
      tw_on(m, b, TW_ON_UPDATE, wrote, (void *)&B);
      tw_on(m, b, TW_ON_COMPLETE, done, (void *)&B);
    }
    last_writer = '-';
    check(tw_update(m, TW_UPDATE_NORMAL, dt, dt), "update");
    draw(frame * dt, knob, percent, glow);
  }
  tw_kill(m, label, 0);
  printf("\nlive tweens at the end: %d (the blinking label was killed)\n",
         tw_is_active(m, a) + tw_is_active(m, bar) + tw_is_active(m, label));
  return tw_manager_free(m) == 0 ? 0 : 1;
}

/* SPDX-License-Identifier: MIT */
/* A worked example (libtween(3) shows it): a value moved by a tween with
 * an ease and two yoyo loops, a callback when it completes, a handle that
 * goes stale, an error turned into words, and a fixed-step loop that owns
 * the clock.  Prints the value every 0.25 s of simulated time. */
#include <stdio.h>

#include <tween.h>

static void on_complete(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  printf("complete: %s\n", (const char *)ud);
}

int main(void) {
  tw_manager *m;
  tw_handle h;
  float x = 0.0f;
  double t;
  int err;

  err = tw_manager_new(NULL, &m); /* room for 200 at the 1st tween */
  if (err < 0) {
    fprintf(stderr, "tw_manager_new: %s\n", tw_strerror(err));
    return 1;
  }

  /* x: 0 -> 100 in 1 s, there and back again (two loops, yoyo) */
  if ((err = tw_float_to(m, &x, 100.0f, 1.0, &h)) < 0 ||
      (err = tw_set_ease(m, h, TW_EASE_IN_OUT_SINE)) < 0 ||
      (err = tw_set_loops(m, h, 2, TW_LOOP_YOYO)) < 0 ||
      (err = tw_on(m, h, TW_ON_COMPLETE, on_complete, "x is home")) < 0) {
    fprintf(stderr, "tween: %s (%s)\n", tw_strerror(err), tw_err_name(err));
    tw_manager_free(m);
    return 1;
  }

  /* the program owns the clock: 60 updates a second */
  for (t = 0.0; t < 2.5; t += 1.0 / 60) {
    tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60);
    if ((int)(t * 60 + 0.5) % 15 == 0)
      printf("t=%.2f  x=%6.2f  %s\n", t, (double)x,
             tw_is_active(m, h) ? "active" : "done");
  }

  /* completed and auto-killed: the handle is stale, forever */
  err = tw_pause(m, h);
  printf("tw_pause on it: %s\n", tw_err_name(err));

  tw_manager_free(m);
  return err == TW_ESTALE ? 0 : 1;
}

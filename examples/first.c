/* SPDX-License-Identifier: MIT */
/* The first program of the README, which shows it from its #include on
 * (tests/check-readme.sh checks that it is the same, and builds it as the
 * README says).  x goes to 100 and back, overshooting a little each way. */
#include <stdio.h>
#include <tween.h>

int main(void) {
  tw_manager *m;
  tw_handle h;
  float x = 0.0f;
  int frame;

  tw_manager_new(NULL, &m);            /* room for 200 at the 1st tween */
  tw_float_to(m, &x, 100.0f, 0.5, &h); /* x: 0 -> 100 in 0.5 s */
  tw_set_ease(m, h, TW_EASE_OUT_BACK); /* overshoot a little, settle */
  tw_set_loops(m, h, 2, TW_LOOP_YOYO); /* there and back again */

  for (frame = 1; frame <= 60; frame++) { /* your loop owns the clock */
    tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60);
    if (frame % 6 == 0)
      printf("%.1f s  x = %6.2f\n", frame / 60.0, (double)x);
  }
  tw_manager_free(m);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* The instructions of one frame, counted exactly under qemu: each measured
 * tw_update stands between tw_m4f_begin() and tw_m4f_end(), and run.sh
 * counts the instructions qemu executes from the first's entry to the
 * second's (qemu -singlestep -d exec,nochain: one logged block per
 * instruction).  This program prints one label a line, in the order of its
 * measured spans; the first span is empty (the markers' own cost). */
#include <stdio.h>
#include <tween.h>

__attribute__((noinline, noipa)) void tw_m4f_begin(void);
__attribute__((noinline, noipa)) void tw_m4f_end(void);
void tw_m4f_begin(void) { __asm__ volatile("" ::: "memory"); }
void tw_m4f_end(void) { __asm__ volatile("" ::: "memory"); }

#define DT (1.0 / 60)
#define MANY 10

static float x[MANY];

/* One measured frame, after two unmeasured ones. */
static void frame(tw_manager *m, const char *label, const char *ease, int n) {
  tw_update(m, TW_UPDATE_NORMAL, DT, DT);
  tw_update(m, TW_UPDATE_NORMAL, DT, DT);
  tw_m4f_begin();
  tw_update(m, TW_UPDATE_NORMAL, DT, DT);
  tw_m4f_end();
  printf("%s %s %d\n", label, ease, n);
}

/* n tweens of 10 s with ease e, one frame measured, then none left. */
static void tweens(tw_manager *m, tw_ease e, int n) {
  tw_handle h;
  int i;

  for (i = 0; i < n; i++) {
    tw_float_to(m, &x[i], 100.0f, 10.0, &h);
    tw_set_ease(m, h, e);
  }
  frame(m, "update", tw_ease_name(e), n);
  tw_kill_all(m, 0);
  tw_update(m, TW_UPDATE_NORMAL, DT, DT);
}

int main(void) {
  tw_manager *m;
  int e;

  if (tw_manager_new(NULL, &m) != TW_OK)
    return 1;
  tw_m4f_begin();
  tw_m4f_end();
  printf("markers - 0\n");
  frame(m, "update", "none", 0);
  for (e = 0; e < TW_EASE_COUNT; e++)
    tweens(m, (tw_ease)e, 1);
  tweens(m, TW_EASE_OUT_QUAD, MANY);
  tweens(m, TW_EASE_LINEAR, MANY);
  tweens(m, TW_EASE_OUT_SINE, MANY);
  tw_manager_free(m);
  return 0;
}

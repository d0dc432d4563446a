/* SPDX-License-Identifier: MIT */
/* The flash a program pays for libtween: built once bare (TW_M4F_BARE) and
 * once making 100 float tweens with eases, loops, delays and kills, updated
 * to their end.  TW_M4F_SILENT: the manager's warning hook is
 * tw_warn_silent instead of the default tw_warn_stderr.  Both return 0
 * when they ran as they should. */
#ifndef TW_M4F_BARE
#include <tween.h>
#endif

#define N 100

static volatile float x[N];

int main(void) {
#ifdef TW_M4F_BARE
  int i;

  for (i = 0; i < N; i++)
    x[i] = 100.0f;
  return x[N - 1] == 100.0f ? 0 : 1;
#else
  tw_manager *m;
  tw_handle h[N];
  int i, frame;
#ifdef TW_M4F_SILENT
  tw_config c;

  tw_config_init(&c);
  c.warn = tw_warn_silent;
  if (tw_manager_new(&c, &m) != TW_OK)
    return 1;
#else
  if (tw_manager_new(NULL, &m) != TW_OK)
    return 1;
#endif
  for (i = 0; i < N; i++) {
    if (tw_float_to(m, (float *)&x[i], 100.0f, 0.5, &h[i]) != TW_OK)
      return 2;
    tw_set_ease(m, h[i], (tw_ease)(i % TW_EASE_SPRING));
    tw_set_delay(m, h[i], 0.01 * (i % 10));
    if (i % 3 == 0)
      tw_set_loops(m, h[i], 2, TW_LOOP_YOYO);
  }
  for (i = 0; i < N; i += 7)
    tw_kill(m, h[i], 0);
  for (frame = 0; frame < 120; frame++)
    tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60);
  tw_manager_free(m);
  /* every tween left ended at 100, or at 0 after a yoyo of two loops
   * (within 1e-3: out-back's curve at 0 is 2.2e-16, not 0) */
  for (i = 0; i < N; i++) {
    float d = x[i] - (i % 3 == 0 ? 0.0f : 100.0f);
    if (i % 7 != 0 && (d > 1e-3f || d < -1e-3f))
      return 3;
  }
  return 0;
#endif
}

/* SPDX-License-Identifier: MIT */
/* The refusals' sentences on the board: every conversion the library's
 * sentences use (%d %u %ld %lu %zu %g %s %.40s %%), over edge values, and
 * some refusals of public calls, with enums out of range among them.  run.sh
 * compares this program's output on the board with its output here
 * (tests/test_errors compares the sentences here with snprintf's). */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <tween.h>

int tw__fail(const tw_manager *m, int code, const char *fn, const char *fmt,
             ...);

static tw_manager *m;

static void show(void) { printf("%s\n", tw_last_error_detail(m)); }

int main(void) {
  static const double g[] = {
      0.0,       -0.0,     1.0,     -1.5,     0.1,         1e-5,
      2.5e-4,    1.0 / 3,  100.0,   123456.0, 1234567.0,   999999.5,
      1234565,   1e300,    -1e-300, 5e-324,   DBL_MAX,     DBL_MIN,
      -HUGE_VAL, HUGE_VAL, NAN,     86400.25, 0.000123456, 1e15 + 0.3};
  static const int d[] = {0, 1, -1, 42, INT_MAX, INT_MIN};
  static const char *const s[] = {
      "", "x", "a name of forty characters, exactly....",
      "a name longer than forty characters, cut at forty"};
  tw_handle h;
  float x = 0;
  unsigned i;

  if (tw_manager_new(NULL, &m) != TW_OK)
    return 1;
  for (i = 0; i < sizeof g / sizeof g[0]; i++) {
    tw__fail(m, 0, "g", "%g|%g", g[i], -g[i]);
    show();
  }
  for (i = 0; i < sizeof d / sizeof d[0]; i++) {
    tw__fail(m, 0, "d", "%d %u %ld %lu", d[i], (unsigned)d[i], (long)d[i] / 3,
             (unsigned long)(unsigned)d[i]);
    show();
  }
  /* (the extremes of 32 bits, the same here and there) */
  tw__fail(m, 0, "z", "%zu %zu %lu %ld", (size_t)0, (size_t)UINT32_MAX,
           (unsigned long)UINT32_MAX, (long)INT32_MIN);
  show();
  for (i = 0; i < sizeof s / sizeof s[0]; i++) {
    tw__fail(m, 0, "s", "[%s] \"%.40s\" 100%%", s[i], s[i]);
    show();
  }
  /* a sentence longer than the room: cut */
  tw__fail(m, 0, "long", "%s %s %s %s %g", s[3], s[3], s[3], s[3], 1.0 / 7);
  show();
  /* public calls */
  tw_float_to(m, &x, 1.0f, -1.5, &h);
  show();
  tw_float_to(m, &x, 1.0f, NAN, &h);
  show();
  /* enums are one byte here unless they have room (an INT_MIN member):
   * (tw_ease)-1 is taken, an ease out of range refused */
  tw_float_to(m, &x, 1.0f, 1.0, &h);
  printf("%d ", tw_set_yoyo_ease(m, h, (tw_ease)-1));
  printf("%d ", tw_set_ease(m, h, (tw_ease)256));
  show();
  printf("%d %d\n", (int)sizeof(tw_ease), (int)sizeof(tw_loop_type));
  h.index = 7;
  h.gen = 3;
  tw_set_ease(m, h, TW_EASE_OUT_QUAD);
  show();
  tw_manager_free(m);
  return 0;
}

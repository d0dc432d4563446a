/* SPDX-License-Identifier: MIT */
/* Behaviour that depends on how the platform does arithmetic: x87's
 * extended precision (32-bit x86), float-to-int conversion, byte order.
 * .ci/matrix runs every suite on those platforms; these cases pin down
 * what broke there, one TCase per behaviour.
 *
 * Every case must hold everywhere: nothing here is skipped on any
 * platform. */
#include "util.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

static int count(int ev) {
  int i, n = 0;

  for (i = 0; i < tt_nlog; i++)
    n += tt_log[i].event == ev;
  return n;
}

/* yoyo_callbacks: a float tween, InOutSine, 3 yoyo loops, UPDATE and
 * COMPLETE callbacks, updated at 60 Hz, completes once, on the update
 * that crosses its end, and holds its end value exactly.  On 32-bit x86
 * with x87 maths it never completes: the step compares the elapsed time
 * it stored (a double) with the one it computed (extended precision) to
 * tell whether a callback moved the tween. */
static const double yoyo_durations[] = {0.3, 0.7, 0.01};

START_TEST(test_platform_yoyo_callbacks) {
  double d = yoyo_durations[_i], dt = 1.0 / 60.0;
  volatile double t = 0.0; /* a double, as the library keeps it, on x87 too */
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h;
  float x = 0.0f;
  int tag = 1, n = 0, limit;

  /* the update whose accumulated time first reaches 3 * d, plus slack */
  while (t < 3.0 * d - 3.0 * d * 1e-9) {
    t += dt;
    n++;
  }
  limit = n + 10;
  tt_log_reset();
  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, d, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_OUT_SINE), 0);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), 0);
  tt_on(m, h, TW_ON_UPDATE, &tag);
  tt_on(m, h, TW_ON_COMPLETE, &tag);
  while (tw_is_active(m, h) && limit-- > 0)
    NOW(m, dt);
  ck_assert_msg(count(TW_ON_COMPLETE) == 1,
                "duration %g: %d COMPLETE callbacks after %d updates of 1/60 "
                "s (expected 1, on update %d); still active: %d",
                d, count(TW_ON_COMPLETE), tt_nlog - count(TW_ON_COMPLETE), n,
                tw_is_active(m, h));
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(count(TW_ON_UPDATE), n);
  ck_assert_int_eq(tt_log[tt_nlog - 1].event, TW_ON_COMPLETE);
  EQF(x, 10.0f); /* 3 yoyo loops end at the end value */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* loops_complete: the same comparison without any callback: 5 restart
 * loops of 0.05 s complete in one update of 0.375 s, and the tween is
 * killed.  The end of the last loop, 5 * 0.05, is 0.25 in double and a
 * little more in x87's extended precision. */
START_TEST(test_platform_loops_complete) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h;
  float x = 0.0f;

  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 0.05, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, 5, TW_LOOP_RESTART), 0);
  if (_i == 1)
    ck_assert_int_eq(tw_set_independent(m, h, 1), 0);
  NOW(m, 0.375);
  ck_assert_msg(!tw_is_active(m, h),
                "5 loops of 0.05 s still running after 0.375 s: %d loops "
                "done",
                tw_loops_done(m, h));
  EQF(x, 1.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* A double, rounded: on x87 a result may keep extended precision in a
 * register until it is stored. */
static double dbl(double x) {
  volatile double v = x;
  return v;
}

/* timescale_elapsed: the elapsed time is double arithmetic: each update
 * adds dt times the time scale, rounded to double, and the sum is rounded
 * to double.  On x87 the scaled dt kept its extended precision. */
START_TEST(test_platform_timescale_elapsed) {
  const double ts = 0x1.97327084c81aap+0, d1 = 0x1.1111111111111p-6,
               d2 = 0x1.c9607372108e1p-4;
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h;
  float x = 0.0f;
  double el = -1.0, want = dbl(dbl(d1 * ts) + dbl(d2 * ts));

  ck_assert_int_eq(tw_manager_set_timescale(m, ts), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 0.5, &h), 0);
  NOW(m, d1);
  NOW(m, d2);
  ck_assert_int_eq(tw_elapsed(m, h, &el), 0);
  ck_assert_msg(el == want, "elapsed %a, expected %a", el, want);
  tw_manager_free(m);
}
END_TEST

/* delay_elapsed: the time past the delay, in double: (d1 + d2) - delay,
 * each rounded.  On x87 the unrounded sum was reused. */
START_TEST(test_platform_delay_elapsed) {
  const double delay = 0x1.29f7b0c06f264p-1, d1 = 0.5,
               d2 = 0x1.aa18eb1446f9ap-3;
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h;
  float x = 0.0f;
  double el = -1.0, want = dbl(dbl(d1 + d2) - delay);

  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 2.0, &h), 0);
  ck_assert_int_eq(tw_set_delay(m, h, delay), 0);
  NOW(m, d1);
  NOW(m, d2);
  ck_assert_int_eq(tw_elapsed(m, h, &el), 0);
  ck_assert_msg(el == want, "elapsed %a, expected %a", el, want);
  tw_manager_free(m);
}
END_TEST

/* int_convert: int tweens round half up (floor(v + 0.5)) and saturate at
 * INT_MIN and INT_MAX instead of converting an out-of-range double, which
 * is undefined and differs between x86 (INT_MIN) and ARM (saturation). */
START_TEST(test_platform_int_convert) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h;
  int a = 0, b = 0, c = INT_MIN, hi = 0, lo = 0;

  ck_assert_int_eq(tw_int_to(m, &a, 1, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_int_to(m, &b, -1, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_int_to(m, &c, INT_MAX, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  /* OutBack overshoots: past INT_MAX going up, past INT_MIN going down */
  ck_assert_int_eq(tw_int_to(m, &hi, INT_MAX, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_OUT_BACK), 0);
  ck_assert_int_eq(tw_int_to(m, &lo, INT_MIN, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_OUT_BACK), 0);
  NOW(m, 0.5);
  ck_assert_int_eq(a, 1);        /* floor(0.5 + 0.5) */
  ck_assert_int_eq(b, 0);        /* floor(-0.5 + 0.5) */
  ck_assert_int_eq(c, 0);        /* INT_MIN + 4294967295 / 2 = -0.5 */
  ck_assert_int_eq(hi, INT_MAX); /* OutBack(0.5) = 1.0877 */
  ck_assert_int_eq(lo, INT_MIN);
  NOW(m, 0.5);
  ck_assert_int_eq(a, 1);
  ck_assert_int_eq(b, -1);
  ck_assert_int_eq(c, INT_MAX);
  ck_assert_int_eq(hi, INT_MAX);
  ck_assert_int_eq(lo, INT_MIN);
  tw_manager_free(m);
}
END_TEST

/* bytes: a finished tween holds its end value bit for bit, whatever the
 * byte order: the values are compared as bytes with the end values the
 * test wrote, and as numbers. */
START_TEST(test_platform_bytes) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h;
  double d = 1.0, de = -0x1.123456789abcdp-3;
  float f = 0.0f, fe = 0x1.fedcbap+4f;
  int i = 7, ie = 0x12345678;
  tw_color c = {0, 0, 0, 0}, ce = {0.125f, 0x1.abcdeep-2f, 1.0f, 0.5f};
  unsigned char want[sizeof(double)];

  ck_assert_int_eq(tw_double_to(m, &d, de, 0.25, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_OUT_SINE), 0);
  ck_assert_int_eq(tw_float_to(m, &f, fe, 0.25, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_int_to(m, &i, ie, 0.25, &h), 0);
  ck_assert_int_eq(tw_color_to(m, &c, ce, 0.25, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_OUT_BOUNCE), 0);
  NOW(m, 0.1);
  NOW(m, 1.0);
  memcpy(want, &de, sizeof de);
  ck_assert_int_eq(memcmp(&d, want, sizeof d), 0);
  EQD(d, de);
  memcpy(want, &fe, sizeof fe);
  ck_assert_int_eq(memcmp(&f, want, sizeof f), 0);
  EQF(f, fe);
  memcpy(want, &ie, sizeof ie);
  ck_assert_int_eq(memcmp(&i, want, sizeof i), 0);
  ck_assert_int_eq(i, ie);
  ck_assert_int_eq(memcmp(&c, &ce, sizeof c), 0);
  EQF(c.r, ce.r);
  EQF(c.g, ce.g);
  EQF(c.b, ce.b);
  EQF(c.a, ce.a);
  tw_manager_free(m);
}
END_TEST

static Suite *platform_suite(void) {
  Suite *s = suite_create("platform");

#define ADD(name) TT_ADD(s, test_platform_##name, #name, 0);
#define ADD_LOOP(name, n) TT_ADD_LOOP(s, test_platform_##name, #name, 0, (n));
  ADD_LOOP(yoyo_callbacks,
           (int)(sizeof yoyo_durations / sizeof yoyo_durations[0]))
  ADD_LOOP(loops_complete, 2)
  ADD(timescale_elapsed)
  ADD(delay_elapsed)
  ADD(int_convert)
  ADD(bytes)
#undef ADD
#undef ADD_LOOP
  return s;
}

int main(void) { return tt_run(platform_suite()); }

/* SPDX-License-Identifier: MIT */
/* Finite arguments that the library accepts, from a hostile caller: no
 * hang, no NaN or infinity written, no undefined behaviour, and the
 * documented promises kept (no drift across loops, exact ends, COMPLETE
 * only when complete, DOTween's join point and flash count).  Each test
 * failed before its fix. */
#include "util.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>

static int finite_f(float x) { return x - x == 0; }

static tw_manager *mgr(void) { return tt_manager(NULL, 0); }

/* A sequence holding one 1 s float tween 0 -> 1 on *x. */
static tw_handle seq_of_one(tw_manager *m, float *x) {
  tw_handle s, c;

  *x = 0;
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_float_to(m, x, 1.0f, 1.0, &c), 0);
  ck_assert_int_eq(tw_seq_append(m, s, c), 0);
  return s;
}

/* Updates a few frames; the value stays finite and in [lo, hi]. */
static void frames_in(tw_manager *m, const float *x, float lo, float hi) {
  int i;

  for (i = 0; i < 5; i++) {
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
    ck_assert_msg(finite_f(*x) && *x >= lo && *x <= hi, "x = %g", *x);
  }
  tt_valid(m);
}

/* hangs */

START_TEST(test_hostile_seq_bezier_huge) {
  tw_manager *m = mgr();
  float x;
  tw_handle s = seq_of_one(m, &x);

  ck_assert_int_eq(tw_set_ease_bezier(m, s, 0.5, 1e308, 0.5, 0), 0);
  frames_in(m, &x, 0.0f, 1.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_hostile_seq_elastic_tiny_period) {
  tw_manager *m = mgr();
  float x;
  tw_handle s = seq_of_one(m, &x);

  ck_assert_int_eq(tw_set_ease(m, s, TW_EASE_OUT_ELASTIC), 0);
  ck_assert_int_eq(tw_set_ease_params(m, s, 1.70158, 5e-324), 0);
  frames_in(m, &x, 0.0f, 1.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_hostile_seq_intervals_overflow) {
  tw_manager *m = mgr();
  float x;
  tw_handle s = seq_of_one(m, &x);
  double d;
  int rc;

  ck_assert_int_eq(tw_seq_append_interval(m, s, DBL_MAX), 0);
  rc = tw_seq_append_interval(m, s, DBL_MAX);
  ck_assert_int_eq(rc, TW_ERANGE);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, DBL_MAX), TW_ERANGE);
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  ck_assert(d - d == 0);
  frames_in(m, &x, 0.0f, 1.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_hostile_seq_goto_far_circ) {
  tw_manager *m = mgr();
  float x;
  tw_handle s = seq_of_one(m, &x);

  ck_assert_int_eq(tw_set_loops(m, s, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_ease(m, s, TW_EASE_IN_CIRC), 0);
  ck_assert_int_eq(tw_goto(m, s, 1e10, 1), 0);
  ck_assert(finite_f(x) && x >= 0 && x <= 1);
  frames_in(m, &x, 0.0f, 1.0f);
  tw_manager_free(m);
}
END_TEST

static double nan_ease(double x, void *ud) {
  (void)x;
  (void)ud;
  return NAN;
}

START_TEST(test_hostile_user_ease_nan) {
  tw_manager *m = mgr();
  float x, y = 0;
  tw_handle s = seq_of_one(m, &x), t;

  ck_assert_int_eq(tw_set_ease_fn(m, s, nan_ease, NULL), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &t), 0);
  ck_assert_int_eq(tw_set_ease_fn(m, t, nan_ease, NULL), 0);
  frames_in(m, &x, 0.0f, 1.0f);
  ck_assert(finite_f(y));
  tw_manager_free(m);
}
END_TEST

/* A sequence crosses loops in one step without a drive per loop when
 * there is nothing to call; the values are those of the last loop. */
START_TEST(test_hostile_seq_many_loops) {
  tw_manager *m = mgr();
  tw_handle s, c;
  float x = 0;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_set_loops(m, s, INT_MAX, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  ck_assert_int_eq(tw_is_active(m, s), 0); /* completed and killed */

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 0.1, &c), 0);
  ck_assert_int_eq(tw_set_ease(m, c, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_seq_append(m, s, c), 0);
  ck_assert_int_eq(tw_set_loops(m, s, -1, TW_LOOP_YOYO), 0);
  /* 1e8 loops (even) and a half: forwards at 0.05 */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1e7 + 0.05, 0), 0);
  ck_assert_msg(fabs(x - 0.5) < 1e-3, "x = %g", x);
  /* 2 more loops than that and 0.08: still forwards, at 0.03 past */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.2 - 0.02, 0), 0);
  ck_assert_msg(fabs(x - 0.3) < 1e-3, "x = %g", x);
  /* one loop more: backwards */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0), 0);
  ck_assert_msg(fabs(x - 0.7) < 1e-3, "x = %g", x);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* values that escape */

START_TEST(test_hostile_loop_counter) {
  tw_manager *m = mgr();
  tw_handle h;
  float x = 0, y = 0;
  int i = 0, k;

  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 0.001, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1e-300, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_int_to(m, &i, 1000, 1e-300, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 3e6, 3e6), 0);
  for (k = 0; k < 3; k++) {
    ck_assert_msg(finite_f(x) && x >= 0 && x <= 1, "x = %g", x);
    ck_assert_msg(finite_f(y) && y >= 0 && y <= 1, "y = %g", y);
    ck_assert_msg(i >= 0 && i <= 1000, "i = %d", i);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), 0);
  }
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_hostile_huge_timescale) {
  tw_manager *m = mgr();
  tw_handle h, g;
  float x = 0, y = 0;
  double e;

  ck_assert_int_eq(tw_manager_set_timescale(m, 1e308), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 2.0, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 2.0, &g), 0);
  ck_assert_int_eq(tw_set_timescale(m, g, 1e308), 0);
  ck_assert_int_eq(tw_set_loops(m, g, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 10.0, 10.0), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 10.0, 10.0), 0);
  ck_assert_msg(finite_f(x) && x >= 0 && x <= 1, "x = %g", x);
  ck_assert_msg(finite_f(y) && y >= 0 && y <= 1, "y = %g", y);
  ck_assert_int_eq(tw_elapsed(m, h, &e), 0);
  ck_assert(e <= DBL_MAX);
  ck_assert_int_eq(tw_elapsed(m, g, &e), 0);
  ck_assert(e <= DBL_MAX);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Every ease completes a 0 -> 1 tween of the smallest duration at 1. */
START_TEST(test_hostile_tiny_duration_ends) {
  tw_manager *m = mgr();
  float x[TW_EASE_COUNT];
  int e;

  for (e = 0; e < TW_EASE_COUNT; e++) {
    tw_handle h;
    x[e] = 0;
    ck_assert_int_eq(tw_float_to(m, &x[e], 1.0f, 5e-324, &h), 0);
    ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)e), 0);
  }
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  for (e = 0; e < TW_EASE_COUNT; e++)
    ck_assert_msg(x[e] == 1.0f, "ease %d ends at %g", e, x[e]);
  tw_manager_free(m);
}
END_TEST

/* contracts */

/* A registered type whose lerp marks what it wrote: the value of a tween
 * must not depend on which path of the update wrote it. */
static void mark_lerp(void *out, const void *a, const void *b, double t,
                      void *ud) {
  double x = *(const double *)a, y = *(const double *)b;

  (void)ud;
  *(double *)out = x + (y - x) * t + 1000.0;
}

static void nop_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
}

START_TEST(test_hostile_registered_fast_path) {
  tw_manager *m = mgr();
  double a = 0, b = 0, end = 1.0;
  tw_handle ha, hb;
  int type;

  ck_assert_int_eq(tw_register_type(m, sizeof(double), mark_lerp, NULL, &type),
                   0);
  ck_assert_int_eq(tw_to(m, type, &a, &end, 1.0, &ha), 0);
  ck_assert_int_eq(tw_to(m, type, &b, &end, 1.0, &hb), 0);
  ck_assert_int_eq(tw_set_ease(m, ha, TW_EASE_OUT_QUART), 0);
  ck_assert_int_eq(tw_set_ease(m, hb, TW_EASE_OUT_QUART), 0);
  ck_assert_int_eq(tw_on(m, hb, TW_ON_UPDATE, nop_cb, NULL), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  /* OutQuart reaches 1.0 in double well before the end */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.49999, 0.49999), 0);
  EQD(a, b);
  EQD(a, 1001.0);
  tw_manager_free(m);
}
END_TEST

static int completes, complete_was_complete;

static void count_complete(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  completes++;
  if (tw_is_complete(m, h) != 1)
    complete_was_complete = 0;
}

static void turn_back(tw_manager *m, tw_handle h, void *ud) {
  double e;

  (void)ud;
  ck_assert_int_eq(tw_elapsed(m, h, &e), 0);
  if (e >= 1.0)
    tw_play_backwards(m, h);
}

START_TEST(test_hostile_turned_in_update) {
  tw_manager *m = mgr();
  tw_handle h;
  float x = 0;

  completes = 0;
  complete_was_complete = 1;
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, turn_back, NULL), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, count_complete, NULL), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 2.0, 2.0), 0);
  ck_assert_int_eq(completes, 0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  ck_assert(x > 0.0f && x < 1.0f);
  tw_manager_free(m);
}
END_TEST

static tw_manager *restart_m;
static tw_handle restart_h;
static int restart_once;

static int restarting_set(void *ud, const void *v) {
  *(float *)ud = *(const float *)v;
  if (restart_once && *(const float *)v == 1.0f) {
    restart_once = 0;
    tw_restart(restart_m, restart_h, 0, -1);
  }
  return 0;
}

static void get_float(void *ud, void *out) { *(float *)out = *(float *)ud; }

START_TEST(test_hostile_restarted_by_setter) {
  tw_manager *m = mgr();
  float x = 0;
  int i;

  completes = 0;
  complete_was_complete = 1;
  restart_once = 1;
  restart_m = m;
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, restarting_set, get_float, &x,
                            &(float){1.0f}, 1.0, &restart_h),
                   0);
  ck_assert_int_eq(tw_on(m, restart_h, TW_ON_COMPLETE, count_complete, NULL),
                   0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  ck_assert_int_eq(tw_complete(m, restart_h), 0);
  ck_assert_int_eq(completes, 0); /* the restart won */
  for (i = 0; i < 20; i++)
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  ck_assert_int_eq(completes, 1);
  ck_assert_int_eq(complete_was_complete, 1);
  tw_manager_free(m);
}
END_TEST

/* time */

static long frame;
static long step_frames[4000];
static int nsteps;

static void log_step(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  if (nsteps < 4000)
    step_frames[nsteps] = frame;
  nsteps++;
}

START_TEST(test_hostile_no_drift) {
  tw_manager *m = mgr();
  tw_handle h, g;
  float x = 0, y = 0;
  double e;
  int k;

  nsteps = 0;
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, 3600, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_STEP_COMPLETE, log_step, NULL), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &g), 0);
  ck_assert_int_eq(tw_set_loops(m, g, -1, TW_LOOP_YOYO), 0);
  for (frame = 1; frame <= 108000; frame++)
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), 0);
  ck_assert_int_eq(tw_elapsed(m, h, &e), 0);
  ck_assert_msg(fabs(e - 1800) <= 1e-9, "elapsed %.17g", e);
  ck_assert_int_eq(tw_elapsed(m, g, &e), 0);
  ck_assert_msg(fabs(e - 1800) <= 1e-9, "elapsed %.17g", e);
  for (; frame <= 216000; frame++)
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), 0);
  ck_assert_int_eq(nsteps, 3600);
  for (k = 0; k < 3600; k++)
    ck_assert_msg(step_frames[k] == 60L * (k + 1), "loop %d ended on frame %ld",
                  k + 1, step_frames[k]);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_hostile_no_drift_infinite) {
  tw_manager *m = mgr();
  tw_handle h;
  float x = 0;

  nsteps = 0;
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_STEP_COMPLETE, log_step, NULL), 0);
  for (frame = 1; frame <= 4L * 3600 * 60; frame++)
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), 0);
  ck_assert_int_eq(nsteps, 14400);
  tw_manager_free(m);
}
END_TEST

/* eases and sequences as DOTween has them */

/* Flash eases count whole flashes: DOTween truncates the count. */
START_TEST(test_hostile_flash_count_whole) {
  static const int eases[] = {TW_EASE_FLASH, TW_EASE_IN_FLASH,
                              TW_EASE_OUT_FLASH, TW_EASE_IN_OUT_FLASH};
  static const double counts[][2] = {{5.7, 5}, {1.70158, 1}, {2.99, 2}};
  tw_manager *m = mgr();
  size_t e, c;
  int k;

  for (e = 0; e < 4; e++)
    for (c = 0; c < 3; c++)
      for (k = 1; k < 20; k++) {
        double a = 0, b = 0, end = 1.0;
        tw_handle ha, hb;
        ck_assert_int_eq(tw_double_to(m, &a, end, 1.0, &ha), 0);
        ck_assert_int_eq(tw_double_to(m, &b, end, 1.0, &hb), 0);
        ck_assert_int_eq(tw_set_ease(m, ha, (tw_ease)eases[e]), 0);
        ck_assert_int_eq(tw_set_ease(m, hb, (tw_ease)eases[e]), 0);
        ck_assert_int_eq(tw_set_ease_params(m, ha, counts[c][0], 0), 0);
        ck_assert_int_eq(tw_set_ease_params(m, hb, counts[c][1], 0), 0);
        ck_assert_int_eq(tw_goto(m, ha, k / 20.0, 0), 0);
        ck_assert_int_eq(tw_goto(m, hb, k / 20.0, 0), 0);
        ck_assert_msg(a == b, "ease %d count %g at %g: %.17g, %g: %.17g",
                      eases[e], counts[c][0], k / 20.0, a, counts[c][1], b);
        tw_kill(m, ha, 0);
        tw_kill(m, hb, 0);
      }
  tw_manager_free(m);
}
END_TEST

static tw_handle child(tw_manager *m, float *x, double delay) {
  tw_handle c;

  ck_assert_int_eq(tw_float_to(m, x, 1.0f, 1.0, &c), 0);
  if (delay > 0)
    ck_assert_int_eq(tw_set_delay(m, c, delay), 0);
  return c;
}

static double at_of(tw_manager *m, tw_handle c) {
  double at = -1;

  ck_assert_int_eq(tw_seq_child_at(m, c, &at, NULL), 0);
  return at;
}

/* DOTween's last insert time: a join goes where the last child starts
 * moving (after its delay), where the last interval starts, or at 0 after
 * a prepend. */
START_TEST(test_hostile_join_point) {
  tw_manager *m = mgr();
  float v[8];
  tw_handle s, a, b;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  a = child(m, &v[0], 0.5);
  b = child(m, &v[1], 0);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 2.0), 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_join(m, s, b), 0);
  EQD(at_of(m, a), 2.0);
  EQD(at_of(m, b), 2.5); /* where a starts moving */

  a = child(m, &v[2], 0);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1.0), 0); /* at 3.5 */
  ck_assert_int_eq(tw_seq_join(m, s, a), 0);
  EQD(at_of(m, a), 3.5);

  a = child(m, &v[3], 0);
  b = child(m, &v[4], 0);
  ck_assert_int_eq(tw_seq_prepend(m, s, a), 0);
  ck_assert_int_eq(tw_seq_join(m, s, b), 0);
  EQD(at_of(m, a), 0.0);
  EQD(at_of(m, b), 0.0);

  a = child(m, &v[5], 0);
  ck_assert_int_eq(tw_seq_append(m, s, child(m, &v[6], 0)), 0);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 1.0), 0);
  ck_assert_int_eq(tw_seq_join(m, s, a), 0);
  EQD(at_of(m, a), 0.0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Ends as far apart as the types allow: their difference overflows, the
 * values between them must not (every path: the plain float's inline one,
 * vectors, doubles). */
START_TEST(test_hostile_ends_far_apart) {
  tw_manager *m = mgr();
  float x = -3e38f;
  tw_vec2 v = {-3e38f, 3e38f}, ve = {3e38f, -3e38f};
  double d = -DBL_MAX;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_float_to(m, &x, 3e38f, 1.0, &h), 0);
  ck_assert_int_eq(tw_vec2_to(m, &v, ve, 1.0, &h), 0);
  ck_assert_int_eq(tw_double_to(m, &d, DBL_MAX, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  for (i = 0; i < 4; i++) {
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
    ck_assert_msg(finite_f(x) && finite_f(v.x) && finite_f(v.y),
                  "x %g, v %g %g", x, v.x, v.y);
    ck_assert_msg(d - d == 0, "d = %g", d);
    if (i == 1) { /* halfway, eased OutQuad for the floats: 3/4 of the way */
      ck_assert(fabs(x - 1.5e38f) < 1e33f);
      ck_assert(fabs(v.x - 1.5e38f) < 1e33f);
      ck_assert(fabs(d) < 1e300);
    }
  }
  EQF(x, ve.x); /* a float (x87 keeps a constant 3e38f in long double) */
  EQF(v.x, ve.x);
  EQF(v.y, ve.y);
  ck_assert(d == DBL_MAX);
  tt_valid(m);
  /* plain float tweens whose ends become far: by a change of values, an
   * ease set back to OutQuad, a from, a given start */
  for (i = 0; i < 4; i++) {
    float y = 0, far = -3e38f;
    ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &h), 0);
    if (i == 1)
      ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
    if (i == 2)
      ck_assert_int_eq(tw_set_from(m, h, &far), 0);
    if (i == 3) {
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
      ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, &y, &far, &ve.x, 1.0, &h),
                       0);
    }
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
    if (i < 2)
      ck_assert_int_eq(tw_change_values(m, h, &far, &ve.x), 0);
    if (i == 1)
      ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_OUT_QUAD), 0);
    tt_valid(m);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
    ck_assert_msg(finite_f(y), "case %d: y = %g", i, y);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
    ck_assert_msg(finite_f(y), "case %d: y = %g", i, y);
    tt_valid(m);
  }
  tw_manager_free(m);
}
END_TEST

static Suite *hostile_suite(void) {
  Suite *s = suite_create("hostile");
  TCase *tc;

#define ADD(name)                                                              \
  tc = tcase_create(#name);                                                    \
  tcase_set_timeout(tc, 10);                                                   \
  tcase_add_test(tc, test_hostile_##name);                                     \
  suite_add_tcase(s, tc);
  ADD(seq_bezier_huge)
  ADD(seq_elastic_tiny_period)
  ADD(seq_intervals_overflow)
  ADD(seq_goto_far_circ)
  ADD(user_ease_nan)
  ADD(seq_many_loops)
  ADD(loop_counter)
  ADD(huge_timescale)
  ADD(tiny_duration_ends)
  ADD(registered_fast_path)
  ADD(turned_in_update)
  ADD(restarted_by_setter)
  ADD(no_drift)
  ADD(no_drift_infinite)
  ADD(flash_count_whole)
  ADD(join_point)
  ADD(ends_far_apart)
#undef ADD
  return s;
}

int main(void) { return tt_run(hostile_suite()); }

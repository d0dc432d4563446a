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
#include <string.h>

/* ck_assert without Check's record of each assertion passed (a message to
 * the parent process each, in fork mode), for loops over many cases. */
#define MUST(c) MUST_MSG(c, "%s", #c)
#define MUST_MSG(c, ...)                                                       \
  do {                                                                         \
    if (!(c))                                                                  \
      ck_abort_msg(__VA_ARGS__);                                               \
  } while (0)

static int finite_f(float x) { return x - x == 0; }

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
  tw_manager *m = tt_mgr();
  float x;
  tw_handle s = seq_of_one(m, &x);

  ck_assert_int_eq(tw_set_ease_bezier(m, s, 0.5, 1e308, 0.5, 0), 0);
  frames_in(m, &x, 0.0f, 1.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_hostile_seq_elastic_tiny_period) {
  tw_manager *m = tt_mgr();
  float x;
  tw_handle s = seq_of_one(m, &x);

  ck_assert_int_eq(tw_set_ease(m, s, TW_EASE_OUT_ELASTIC), 0);
  ck_assert_int_eq(tw_set_ease_params(m, s, 1.70158, 5e-324), 0);
  frames_in(m, &x, 0.0f, 1.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_hostile_seq_intervals_overflow) {
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
    MUST(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60) == 0);
  ck_assert_int_eq(tw_elapsed(m, h, &e), 0);
  ck_assert_msg(fabs(e - 1800) <= 1e-9, "elapsed %.17g", e);
  ck_assert_int_eq(tw_elapsed(m, g, &e), 0);
  ck_assert_msg(fabs(e - 1800) <= 1e-9, "elapsed %.17g", e);
  for (; frame <= 216000; frame++)
    MUST(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60) == 0);
  ck_assert_int_eq(nsteps, 3600);
  for (k = 0; k < 3600; k++)
    ck_assert_msg(step_frames[k] == 60L * (k + 1), "loop %d ended on frame %ld",
                  k + 1, step_frames[k]);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tw_manager_free(m);
}
END_TEST

/* An infinitely looping tween keeps time over hours of 60 fps frames: it
 * is sent to the third hour at once, where a second is some 2e-12 of
 * double rounding per frame, and then every loop of the fourth hour ends
 * on its own frame.  A plain sum of the frames' times misses its first
 * loop there after 69 seconds (frame 4140), and from 0 after 24 minutes:
 * 216,000 frames here catch what four hours from 0 did, at a quarter of
 * the cost, and check each loop, not only their count. */
START_TEST(test_hostile_no_drift_infinite) {
  tw_manager *m = tt_mgr();
  tw_handle h;
  float x = 0;
  double e;
  int k;

  nsteps = 0;
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_STEP_COMPLETE, log_step, NULL), 0);
  ck_assert_int_eq(tw_goto(m, h, 3.0 * 3600, 1), 0);
  ck_assert_int_eq(nsteps, 0); /* a goto fires no STEP_COMPLETE */
  for (frame = 1; frame <= 3600L * 60; frame++)
    MUST(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60) == 0);
  ck_assert_int_eq(nsteps, 3600);
  for (k = 0; k < 3600; k++)
    ck_assert_msg(step_frames[k] == 60L * (k + 1), "loop %d ended on frame %ld",
                  k + 1, step_frames[k]);
  ck_assert_int_eq(tw_loops_done(m, h), 4 * 3600);
  ck_assert_int_eq(tw_elapsed(m, h, &e), 0);
  ck_assert_msg(fabs(e - 4.0 * 3600) <= 1e-9, "elapsed %.17g", e);
  tw_manager_free(m);
}
END_TEST

/* eases and sequences as DOTween has them */

/* Flash eases count whole flashes: DOTween truncates the count. */
START_TEST(test_hostile_flash_count_whole) {
  static const int eases[] = {TW_EASE_FLASH, TW_EASE_IN_FLASH,
                              TW_EASE_OUT_FLASH, TW_EASE_IN_OUT_FLASH};
  static const double counts[][2] = {{5.7, 5}, {1.70158, 1}, {2.99, 2}};
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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

/* compactions in callbacks */

static size_t compactions_of(tw_manager *m) {
  tw_stats st;

  MUST(tw_manager_stats(m, &st) == 0);
  return st.compactions;
}

static float fill_sink;
static int fill_rounds;

/* Fills the array to its end fill_rounds times, each forcing a compaction
 * while the walk that runs this callback is in progress: a creation makes a
 * hole at once (its tween killed) and the next fills the array up to its
 * end, where the holes are all that keeps it from room. */
static void fill_cb(tw_manager *m, tw_handle h, void *ud) {
  int k, n;

  (void)h;
  (void)ud;
  for (k = 0; k < fill_rounds; k++) {
    size_t c0 = compactions_of(m);
    for (n = 0; compactions_of(m) == c0; n++) {
      tw_handle t;
      MUST(n < 100000);
      MUST(tw_float_to(m, &fill_sink, 1.0f, 10.0, &t) == 0);
      if (compactions_of(m) == c0)
        MUST(tw_kill(m, t, 0) == 0);
    }
  }
}

/* The case reported: capacity 4 tweens and 2 sequences; t0 (duration 0)
 * completes in the pass, and its KILL callback fills the array to its end
 * twice, while the pass is at t0's place, a hole now.  The pass then goes
 * on over t1 and t2, once each. */
START_TEST(test_hostile_two_compactions) {
  tw_config c;
  tw_manager *m = NULL;
  tw_handle t0, t1, t2;
  float x0 = 0, x1 = 0, x2 = 0;

  tw_config_init(&c);
  c.tweens = 4;
  c.sequences = 2;
  c.warn = tw_warn_silent;
  MUST(tw_manager_new(&c, &m) == 0);
  MUST(tw_float_to(m, &x0, 1.0f, 0.0, &t0) == 0);
  MUST(tw_float_to(m, &x1, 1.0f, 1.0, &t1) == 0);
  MUST(tw_float_to(m, &x2, 1.0f, 1.0, &t2) == 0);
  MUST(tw_set_ease(m, t1, TW_EASE_LINEAR) == 0);
  MUST(tw_set_ease(m, t2, TW_EASE_LINEAR) == 0);
  MUST(tw_on(m, t0, TW_ON_KILL, fill_cb, NULL) == 0);
  fill_rounds = 2;
  MUST(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5) == 0);
  tt_valid(m);
  EQF(x0, 1.0f);
  EQF(x1, 0.5f);
  EQF(x2, 0.5f);
  MUST(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25) == 0);
  EQF(x1, 0.75f);
  EQF(x2, 0.75f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* The class: every walk of the active array (the update pass, compacting
 * or not, a sequence's drive inside it, and the filtered controls), with a
 * callback of every kind that runs in it (events, a setter, the warning
 * hook of a growth that the callback causes) at the first, a middle and
 * the last tween, forcing 1 to 3 compactions, after a growth or not, and
 * killing the next tween or not.  Every tween that lives when the walk
 * starts is visited once (its counting event fires once; the next one's
 * not at all if the callback killed it), and the tweens the callback made
 * are not visited. */
enum {
  WK_UPDATE,
  WK_UPDATE_COMPACTING,
  WK_SEQ,
  WK_KILL_ALL,
  WK_KILL_ALL_COMPLETE,
  WK_KILL_ID,
  WK_KILL_TARGET,
  WK_CLEAR,
  WK_PAUSE_ALL,
  WK_RESTART_ID,
  WK_COMPLETE_ALL,
  WK_KILL_COMPLETE_TARGET,
  WK_COUNT
};
#define CW_N 5        /* tweens in the walk */
#define CW_SETTER 100 /* the actor's callback: its setter */
#define CW_WARN 101   /* the warning hook of a growth its callback causes */
#define CW_MADE 4096

static struct {
  tw_manager *m;
  tw_handle h[CW_N];
  int count[CW_N];
  int count_ev, actor, kind, rounds, grow, kill_next;
  int armed, fired, hook_armed;
  tw_handle made[CW_MADE];
  int nmade;
  float x[CW_N], made_v;
  char key;
} cw;
static int cw_tag[CW_N][TW_ON_COUNT];

static size_t growths_of(tw_manager *m) {
  tw_stats st;

  MUST(tw_manager_stats(m, &st) == 0);
  return st.growths;
}

/* Creates a tween (or an empty sequence, whose capacity grows by 50 at
 * first) that the walk must not visit. */
static tw_handle cw_make(tw_manager *m, int seq) {
  tw_handle t;

  MUST(cw.nmade < CW_MADE);
  if (seq)
    MUST(tw_sequence(m, &t) == 0);
  else
    MUST(tw_float_to(m, &cw.made_v, 1.0f, 10.0, &t) == 0);
  MUST(tw_set_id(m, t, 8) == 0); /* not picked by id 7 */
  cw.made[cw.nmade++] = t;
  return t;
}

/* fill_cb's rounds, with cw_make's tweens. */
static void cw_fill(tw_manager *m) {
  int k;

  for (k = 0; k < cw.rounds; k++) {
    size_t c0 = compactions_of(m);
    while (compactions_of(m) == c0) {
      tw_handle t = cw_make(m, 0);
      if (compactions_of(m) == c0) {
        MUST(tw_kill(m, t, 0) == 0);
        cw.nmade--;
      }
    }
  }
}

static void cw_hostile(tw_manager *m) {
  cw.fired++;
  if (cw.kill_next && cw.actor + 1 < CW_N)
    tw_kill(m, cw.h[cw.actor + 1], 0); /* may be dead already */
  if (cw.grow || cw.kind == CW_WARN) {
    size_t g0 = growths_of(m);
    cw.hook_armed = cw.kind == CW_WARN;
    while (growths_of(m) == g0)
      cw_make(m, 1);
    MUST(cw.hook_armed == 0); /* the hook has run */
  }
  if (cw.kind != CW_WARN)
    cw_fill(m);
}

static void cw_warn(tw_manager *m, tw_warning what, size_t old_cap,
                    size_t new_cap, void *ud) {
  (void)what;
  (void)old_cap;
  (void)new_cap;
  (void)ud;
  if (cw.hook_armed) {
    cw.hook_armed = 0;
    cw_fill(m);
  }
}

static void cw_cb(tw_manager *m, tw_handle h, void *ud) {
  int tag = *(int *)ud, i = tag / TW_ON_COUNT, ev = tag % TW_ON_COUNT;

  (void)h;
  if (ev == cw.count_ev)
    cw.count[i]++;
  if (cw.armed && i == cw.actor && !cw.fired &&
      (ev == cw.kind || (cw.kind == CW_WARN && ev == cw.count_ev)))
    cw_hostile(m);
}

static int cw_set(void *ud, const void *v) {
  *(float *)ud = *(const float *)v;
  if (cw.armed && cw.kind == CW_SETTER && !cw.fired)
    cw_hostile(cw.m);
  return 0;
}

static void cw_get(void *ud, void *out) { *(float *)out = *(float *)ud; }

/* The counting event of each walk, and the callbacks that run in it. */
static const struct {
  int count_ev;
  int kinds[12];
} cw_walks[WK_COUNT] = {
    {TW_ON_UPDATE,
     {TW_ON_START, TW_ON_PLAY, TW_ON_UPDATE, TW_ON_STEP_COMPLETE,
      TW_ON_COMPLETE, TW_ON_PAUSE, TW_ON_KILL, TW_ON_REWIND, CW_SETTER, CW_WARN,
      -1}},
    {TW_ON_UPDATE,
     {TW_ON_START, TW_ON_PLAY, TW_ON_UPDATE, TW_ON_STEP_COMPLETE,
      TW_ON_COMPLETE, TW_ON_PAUSE, TW_ON_KILL, TW_ON_REWIND, CW_SETTER, CW_WARN,
      -1}},
    {TW_ON_UPDATE,
     {TW_ON_START, TW_ON_UPDATE, TW_ON_STEP_COMPLETE, TW_ON_COMPLETE,
      TW_ON_KILL, CW_SETTER, CW_WARN, -1}},
    {TW_ON_KILL, {TW_ON_KILL, CW_WARN, -1}},
    {TW_ON_KILL,
     {TW_ON_COMPLETE, TW_ON_PAUSE, TW_ON_KILL, CW_SETTER, CW_WARN, -1}},
    {TW_ON_KILL, {TW_ON_KILL, CW_WARN, -1}},
    {TW_ON_KILL, {TW_ON_KILL, CW_WARN, -1}},
    {TW_ON_KILL, {TW_ON_KILL, CW_WARN, -1}},
    {TW_ON_PAUSE, {TW_ON_PAUSE, CW_WARN, -1}},
    {TW_ON_REWIND, {TW_ON_REWIND, CW_SETTER, CW_WARN, -1}},
    {TW_ON_COMPLETE,
     {TW_ON_COMPLETE, TW_ON_PAUSE, TW_ON_KILL, CW_SETTER, CW_WARN, -1}},
    {TW_ON_KILL, {TW_ON_COMPLETE, TW_ON_KILL, CW_SETTER, CW_WARN, -1}}};

/* The tweens of a walk: CW_N of them (for WK_SEQ, the actor a child of a
 * sequence at its place, with a sibling after it), each with id 7, key
 * &cw.key and every event counted; for the compacting pass, a dead tween
 * before each. */
static tw_manager *cw_setup(int walk) {
  tw_config c;
  tw_manager *m = NULL;
  int i, ev, upd = walk <= WK_SEQ;
  float one = 1.0f;

  tw_config_init(&c);
  c.tweens = 12;
  c.sequences = 2;
  c.warn = cw_warn;
  MUST(tw_manager_new(&c, &m) == 0);
  cw.m = m;
  for (i = 0; i < CW_N; i++) {
    tw_handle t, dummy, seq = {0, 0}, sib;
    double d = upd && i == cw.actor ? 0.25 : 10.0;
    if (walk == WK_UPDATE_COMPACTING) {
      MUST(tw_float_to(m, &cw.made_v, 1.0f, 1.0, &dummy) == 0);
      MUST(tw_kill(m, dummy, 0) == 0);
    }
    if (walk == WK_SEQ && i == cw.actor)
      MUST(tw_sequence(m, &seq) == 0);
    cw.x[i] = 0;
    if (i == cw.actor && cw.kind == CW_SETTER)
      MUST(tw_to_fn(m, TW_TYPE_FLOAT, cw_set, cw_get, &cw.x[i], &one, d, &t) ==
           0);
    else
      MUST(tw_float_to(m, &cw.x[i], 1.0f, d, &t) == 0);
    if (upd && i == cw.actor)
      MUST(tw_set_loops(m, t, 2, TW_LOOP_RESTART) == 0);
    if (i == cw.actor && cw.kind == TW_ON_PAUSE)
      MUST(tw_set_autokill(m, t, 0) == 0);
    MUST(tw_set_id(m, t, 7) == 0);
    MUST(tw_set_key(m, t, &cw.key) == 0);
    for (ev = 0; ev < TW_ON_COUNT; ev++) {
      cw_tag[i][ev] = i * TW_ON_COUNT + ev;
      MUST(tw_on(m, t, (tw_event)ev, cw_cb, &cw_tag[i][ev]) == 0);
    }
    if (!TW_HANDLE_IS_NONE(seq)) {
      MUST(tw_seq_append(m, seq, t) == 0);
      MUST(tw_float_to(m, &cw.made_v, 1.0f, 0.25, &sib) == 0);
      MUST(tw_seq_append(m, seq, sib) == 0);
    }
    if (walk <= WK_UPDATE_COMPACTING && i == cw.actor &&
        cw.kind == TW_ON_REWIND) {
      MUST(tw_goto(m, t, 0.1, 1) == 0);
      MUST(tw_play_backwards(m, t) == 0);
    }
    cw.h[i] = t;
  }
  if (walk == WK_RESTART_ID) /* every tween moves, to rewind */
    MUST(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5) == 0);
  memset(cw.count, 0, sizeof cw.count);
  return m;
}

/* Runs the walk; its count, or -1 for a walk that counts nothing. */
static int cw_walk(tw_manager *m, int walk) {
  switch (walk) {
  case WK_UPDATE:
  case WK_UPDATE_COMPACTING:
  case WK_SEQ:
    MUST(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0) == 0);
    return -1;
  case WK_KILL_ALL:
    return tw_kill_all(m, 0);
  case WK_KILL_ALL_COMPLETE:
    return tw_kill_all(m, 1);
  case WK_KILL_ID:
    return tw_kill_id(m, 7, 0);
  case WK_KILL_TARGET:
    return tw_kill_target(m, &cw.key, 0);
  case WK_CLEAR:
    MUST(tw_manager_clear(m) == 0);
    return -1;
  case WK_PAUSE_ALL:
    return tw_do_all(m, TW_DO_PAUSE);
  case WK_RESTART_ID:
    return tw_do_id(m, 7, TW_DO_RESTART);
  case WK_COMPLETE_ALL:
    return tw_do_all(m, TW_DO_COMPLETE);
  default:
    return tw_do_target(m, &cw.key, TW_DO_KILL_COMPLETE);
  }
}

static void cw_case(int walk, int kind, int actor, int rounds, int grow,
                    int kill_next) {
  tw_manager *m;
  int i, n, killed, picked;

  memset(&cw, 0, sizeof cw);
  cw.count_ev = cw_walks[walk].count_ev;
  cw.kind = kind;
  cw.actor = actor;
  cw.rounds = rounds;
  cw.grow = grow;
  cw.kill_next = kill_next;
  m = cw_setup(walk);
  cw.armed = 1;
  n = cw_walk(m, walk);
  cw.armed = 0;
  MUST_MSG(cw.fired == 1, "walk %d kind %d actor %d: fired %d", walk, kind,
           actor, cw.fired);
  killed = kill_next && actor + 1 < CW_N ? actor + 1 : -1;
  for (i = 0; i < CW_N; i++) {
    /* a kill by the callback fires the next tween's KILL itself */
    int want = i == killed && cw.count_ev != TW_ON_KILL ? 0 : 1;
    MUST_MSG(cw.count[i] == want,
             "walk %d kind %d actor %d rounds %d grow %d kill %d: "
             "tween %d counted %d",
             walk, kind, actor, rounds, grow, kill_next, i, cw.count[i]);
  }
  picked = CW_N - (killed >= 0);
  if (n >= 0)
    MUST_MSG(n == picked, "walk %d kind %d actor %d: picked %d", walk, kind,
             actor, n);
  for (i = 0; i < cw.nmade; i++) {
    double e = -1;
    MUST(tw_elapsed(m, cw.made[i], &e) == 0);
    MUST(e == 0.0);
    MUST(tw_is_playing(m, cw.made[i]) == 1);
  }
  tt_valid(m);
  MUST(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5) == 0);
  tt_valid(m);
  MUST(tw_manager_free(m) == 0);
}

START_TEST(test_hostile_compactions_in_walks) {
  int walk, k, actor, rounds, kill_next;

  for (walk = 0; walk < WK_COUNT; walk++)
    for (k = 0; cw_walks[walk].kinds[k] >= 0; k++)
      for (actor = 0; actor < CW_N; actor += 2)
        for (rounds = 1; rounds <= 4; rounds++)
          for (kill_next = 0; kill_next < 2; kill_next++)
            cw_case(walk, cw_walks[walk].kinds[k], actor,
                    rounds < 4 ? rounds : 2, rounds == 4, kill_next);
}
END_TEST

/* times: -0.0 and hostile magnitudes in every call that takes a double
 *
 * Each scene makes one call with the value v (or, with call 0, does
 * everything but that call), then the updates of sc_dts, recording every
 * target and every query of its handles after each.  For every value:
 * nothing recorded is NaN, no target is infinite, no time a query answers
 * is negative (-0.0 included), and a refused call (a negative code) changes
 * nothing: its record is that of the scene without the call.  -0.0 is
 * accepted wherever 0 is and records exactly what 0 records. */

#define SC_REC 1024
typedef struct sc_obs {
  int rc, n;
  double v[SC_REC];
} sc_obs;

static struct {
  float f, fn, seq[3];
  double d;
  int i, calls;
  tw_vec2 v2;
  tw_vec3 v3;
  tw_vec4 v4;
  tw_color c;
  tw_rgba8 r8;
  tw_handle h[4], kids[3];
  int nh, nkids;
  sc_obs *o;
} sc;

static const double sc_dts[] = {0.1, 0.0, 0.5, 2.0, 100.0};

static void sc_put(double x) {
  MUST_MSG(x == x, "a NaN recorded at %d", sc.o->n);
  if (sc.o->n < SC_REC)
    sc.o->v[sc.o->n++] = x;
}

static void sc_putf(float x) {
  MUST_MSG(finite_f(x), "target %g at %d", (double)x, sc.o->n);
  sc_put(x);
}

/* A time a query answers: never negative, not even -0.0. */
static void sc_time(int rc, double x) {
  sc_put(rc);
  if (rc == 0) {
    MUST_MSG(!signbit(x) && x == x, "time %g at %d", x, sc.o->n);
    sc_put(x);
  }
}

/* sc_time of a query into x_. */
#define SC_TIME(query)                                                         \
  do {                                                                         \
    double x_ = 0;                                                             \
    int rc_ = (query);                                                         \
    sc_time(rc_, x_);                                                          \
  } while (0)

static void sc_record(tw_manager *m) {
  int k;

  sc_putf(sc.f);
  sc_putf(sc.fn);
  for (k = 0; k < 3; k++)
    sc_putf(sc.seq[k]);
  MUST(sc.d - sc.d == 0);
  sc_put(sc.d);
  sc_put(sc.i);
  sc_put(sc.calls);
  sc_putf(sc.v2.x);
  sc_putf(sc.v2.y);
  sc_putf(sc.v3.x);
  sc_putf(sc.v3.z);
  sc_putf(sc.v4.w);
  sc_putf(sc.c.a);
  sc_put(sc.r8.r);
  for (k = 0; k < sc.nh; k++) {
    tw_handle h = sc.h[k];
    sc_put(tw_is_active(m, h));
    sc_put(tw_is_playing(m, h));
    sc_put(tw_is_complete(m, h));
    sc_put(tw_loops_done(m, h));
    SC_TIME(tw_elapsed(m, h, &x_));
    SC_TIME(tw_position(m, h, &x_));
    SC_TIME(tw_duration(m, h, 0, &x_));
    SC_TIME(tw_duration(m, h, 1, &x_));
    SC_TIME(tw_delay(m, h, &x_));
    SC_TIME(tw_elapsed_delay(m, h, &x_));
    SC_TIME(tw_elapsed_percentage(m, h, 0, &x_));
    SC_TIME(tw_elapsed_percentage(m, h, 1, &x_));
    if (tw_is_sequence(m, h) == 1)
      SC_TIME(tw_seq_label_at(m, h, "a", &x_));
  }
  for (k = 0; k < sc.nkids; k++) {
    double at = 0;
    SC_TIME(tw_seq_child_at(m, sc.kids[k], &x_, &at));
    sc_time(0, at);
  }
  MUST(tw_manager_validate(m) == 0);
}

static void sc_add(tw_handle h) {
  if (sc.nh < 4)
    sc.h[sc.nh++] = h;
}

static int sc_setter(void *ud, const void *v) {
  *(float *)ud = *(const float *)v;
  return 0;
}

static void sc_getter(void *ud, void *out) { *(float *)out = *(float *)ud; }

static void sc_count(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  sc.calls++;
}

/* A 1 s linear float tween 0 -> 1 on sc.f. */
static tw_handle sc_float(tw_manager *m) {
  tw_handle h;

  MUST(tw_float_to(m, &sc.f, 1.0f, 1.0, &h) == 0);
  MUST(tw_set_ease(m, h, TW_EASE_LINEAR) == 0);
  sc_add(h);
  return h;
}

/* A sequence of a 1 s float child on sc.seq[0]; the child into *child. */
static tw_handle sc_seq(tw_manager *m, tw_handle *child) {
  tw_handle s, c;

  MUST(tw_sequence(m, &s) == 0);
  MUST(tw_float_to(m, &sc.seq[0], 1.0f, 1.0, &c) == 0);
  MUST(tw_seq_append(m, s, c) == 0);
  sc_add(s);
  sc.kids[sc.nkids++] = c;
  if (child != NULL)
    *child = c;
  return s;
}

/* A second child, 0.5 s on sc.seq[1], not yet in the sequence. */
static tw_handle sc_child(tw_manager *m) {
  tw_handle c;

  MUST(tw_float_to(m, &sc.seq[1], 1.0f, 0.5, &c) == 0);
  sc.kids[sc.nkids++] = c;
  return c;
}

typedef int (*sc_fn)(tw_manager *m, double v, int call);

/* durations of every creation call */

#define SC_CREATE(name, expr)                                                  \
  static int sc_##name(tw_manager *m, double v, int call) {                    \
    tw_handle h = {0, 0};                                                      \
    int rc;                                                                    \
    if (!call)                                                                 \
      return 0;                                                                \
    rc = (expr);                                                               \
    if (rc == 0)                                                               \
      sc_add(h);                                                               \
    return rc;                                                                 \
  }

static const float sc_one = 1.0f, sc_zero = 0.0f;
static const tw_vec2 sc_v2 = {1, 2}, sc_path_pts[3] = {{0, 0}, {1, 0}, {1, 1}};
static const tw_vec3 sc_v3 = {1, 2, 3};
static const tw_vec4 sc_v4 = {1, 2, 3, 4};
static const tw_color sc_c = {1, 0.5f, 0.25f, 1};
static const tw_rgba8 sc_r8 = {255, 128, 0, 255};

SC_CREATE(float_to, tw_float_to(m, &sc.f, 1.0f, v, &h))
SC_CREATE(double_to, tw_double_to(m, &sc.d, 1.0, v, &h))
SC_CREATE(int_to, tw_int_to(m, &sc.i, 1000, v, &h))
SC_CREATE(vec2_to, tw_vec2_to(m, &sc.v2, sc_v2, v, &h))
SC_CREATE(vec3_to, tw_vec3_to(m, &sc.v3, sc_v3, v, &h))
SC_CREATE(vec4_to, tw_vec4_to(m, &sc.v4, sc_v4, v, &h))
SC_CREATE(color_to, tw_color_to(m, &sc.c, sc_c, v, &h))
SC_CREATE(rgba8_to, tw_rgba8_to(m, &sc.r8, sc_r8, v, &h))
SC_CREATE(to, tw_to(m, TW_TYPE_FLOAT, &sc.f, &sc_one, v, &h))
SC_CREATE(to_fn, tw_to_fn(m, TW_TYPE_FLOAT, sc_setter, sc_getter, &sc.fn,
                          &sc_one, v, &h))
SC_CREATE(from_to,
          tw_from_to(m, TW_TYPE_FLOAT, &sc.f, &sc_zero, &sc_one, v, &h))
SC_CREATE(from_to_fn, tw_from_to_fn(m, TW_TYPE_FLOAT, sc_setter, &sc.fn,
                                    &sc_zero, &sc_one, v, &h))
SC_CREATE(punch, tw_punch(m, TW_TYPE_FLOAT, &sc.f, &sc_one, v, 10, 1.0, &h))
SC_CREATE(shake,
          tw_shake(m, TW_TYPE_VEC2, &sc.v2, &sc_v2, v, 10, 90.0, 7, 1, &h))
SC_CREATE(path, tw_path(m, TW_TYPE_VEC2, &sc.v2, sc_path_pts, 3,
                        TW_PATH_CATMULL_ROM, v, &h))
/* the value a punch or shake's vibrato and strength take */
SC_CREATE(punch_elasticity,
          tw_punch(m, TW_TYPE_FLOAT, &sc.f, &sc_one, 1.0, 10, v, &h))
SC_CREATE(shake_randomness,
          tw_shake(m, TW_TYPE_VEC2, &sc.v2, &sc_v2, 1.0, 10, v, 7, 1, &h))

/* quickTo: a new tween, or the one sent (started at 0.25 s) */
SC_CREATE(go, tw_go(m, TW_TYPE_FLOAT, &sc.f, &sc_one, v, &h))
SC_CREATE(go_fn, tw_go_fn(m, TW_TYPE_FLOAT, sc_setter, sc_getter, &sc.fn,
                          &sc_one, v, &h))
SC_CREATE(float_go, tw_float_go(m, &sc.f, 1.0f, v, &h))

static int sc_go_sent(tw_manager *m, double v, int call) {
  tw_handle g = {0, 0};

  sc_float(m);
  MUST(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25) == 0);
  if (!call)
    return 0;
  return tw_float_go(m, &sc.f, 0.0f, v, &g);
}

/* a speed, given as the duration */
static int sc_speed(tw_manager *m, double v, int call) {
  tw_handle h;
  int rc;

  if ((rc = tw_float_to(m, &sc.f, 1.0f, v, &h)) != 0)
    return rc;
  sc_add(h);
  return call ? tw_set_speed_based(m, h, 1) : 0;
}

/* settings */

#define SC_SET(name, setup, expr)                                              \
  static int sc_##name(tw_manager *m, double v, int call) {                    \
    tw_handle h = sc_float(m);                                                 \
    (void)h;                                                                   \
    setup;                                                                     \
    return call ? (expr) : 0;                                                  \
  }

SC_SET(delay, (void)0, tw_set_delay(m, h, v))
SC_SET(timescale, (void)0, tw_set_timescale(m, h, v))
SC_SET(manager_timescale, (void)h, tw_manager_set_timescale(m, v))
SC_SET(loop_delay, MUST(tw_set_loops(m, h, 3, TW_LOOP_YOYO) == 0),
       tw_set_loop_delay(m, h, v))
SC_SET(snap, (void)0, tw_set_snap(m, h, v))
SC_SET(overshoot, MUST(tw_set_ease(m, h, TW_EASE_OUT_BACK) == 0),
       tw_set_ease_params(m, h, v, 0))
SC_SET(period, MUST(tw_set_ease(m, h, TW_EASE_OUT_ELASTIC) == 0),
       tw_set_ease_params(m, h, 1.70158, v))
SC_SET(bezier_x1, (void)0, tw_set_ease_bezier(m, h, v, 0.2, 0.5, 1.0))
SC_SET(bezier_y1, (void)0, tw_set_ease_bezier(m, h, 0.5, v, 0.5, 1.0))
SC_SET(bezier_x2, (void)0, tw_set_ease_bezier(m, h, 0.5, 0.2, v, 1.0))
SC_SET(bezier_y2, (void)0, tw_set_ease_bezier(m, h, 0.5, 0.2, 0.5, v))

/* controls, on a tween that has started (at 0.25 s) */
SC_SET(restart, MUST(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25) == 0),
       tw_restart(m, h, 1, v))
SC_SET(goto_play, MUST(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25) == 0),
       tw_goto(m, h, v, 1))
SC_SET(goto_pause, (void)0, tw_goto(m, h, v, 0))
SC_SET(retarget, MUST(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25) == 0),
       tw_retarget(m, h, &sc_zero, v))
SC_SET(retarget_unstarted, (void)0, tw_retarget(m, h, &sc_zero, v))
SC_SET(update_dt, (void)0, tw_update(m, TW_UPDATE_NORMAL, v, 0.1))
SC_SET(update_unscaled, MUST(tw_set_independent(m, h, 1) == 0),
       tw_update(m, TW_UPDATE_NORMAL, 0.1, v))

/* sequences */

#define SC_SEQ(name, setup, expr)                                              \
  static int sc_##name(tw_manager *m, double v, int call) {                    \
    tw_handle s = sc_seq(m, NULL), c = sc_child(m);                            \
    setup;                                                                     \
    return call ? (expr) : 0;                                                  \
  }

SC_SEQ(seq_insert, (void)0, tw_seq_insert(m, s, v, c))
SC_SEQ(seq_insert_callback, (void)c,
       tw_seq_insert_callback(m, s, v, sc_count, NULL))
SC_SEQ(seq_append_interval, MUST(tw_seq_append(m, s, c) == 0),
       tw_seq_append_interval(m, s, v))
SC_SEQ(seq_prepend_interval, MUST(tw_seq_append(m, s, c) == 0),
       tw_seq_prepend_interval(m, s, v))
SC_SEQ(seq_add_label, (void)c, tw_seq_add_label(m, s, "a", v))
SC_SEQ(seq_goto_label, (void)c,
       tw_seq_add_label(m, s, "a", v) != 0 ? tw_seq_add_label(m, s, "a", v)
                                           : tw_goto_label(m, s, "a", 1))
SC_SEQ(seq_label_offset, MUST(tw_seq_add_label(m, s, "a", 0.0) == 0),
       tw_seq_insert_at_label(m, s, "a", v, c))
SC_SEQ(seq_label_at, (void)c,
       tw_seq_add_label(m, s, "a", v) != 0
           ? tw_seq_add_label(m, s, "a", v)
           : tw_seq_insert_at_label(m, s, "a", -0.0, c))

static int sc_stagger_at(tw_manager *m, double v, int call) {
  tw_handle s = sc_seq(m, NULL), c[2];

  c[0] = sc_child(m);
  MUST(tw_float_to(m, &sc.seq[2], 1.0f, 0.5, &c[1]) == 0);
  sc.kids[sc.nkids++] = c[1];
  return call ? tw_seq_stagger(m, s, c, 2, v, 0.5, TW_STAGGER_START, 1) : 0;
}

static int sc_stagger_each(tw_manager *m, double v, int call) {
  tw_handle s = sc_seq(m, NULL), c[2];

  c[0] = sc_child(m);
  MUST(tw_float_to(m, &sc.seq[2], 1.0f, 0.5, &c[1]) == 0);
  sc.kids[sc.nkids++] = c[1];
  return call ? tw_seq_stagger(m, s, c, 2, 0.0, v, TW_STAGGER_END, 1) : 0;
}

static int sc_stagger_amount(tw_manager *m, double v, int call) {
  tw_handle s = sc_seq(m, NULL), c[2];
  tw_stagger st;

  c[0] = sc_child(m);
  MUST(tw_float_to(m, &sc.seq[2], 1.0f, 0.5, &c[1]) == 0);
  sc.kids[sc.nkids++] = c[1];
  tw_stagger_init(&st);
  st.amount = v;
  st.from = TW_STAGGER_CENTER;
  return call ? tw_seq_stagger_with(m, s, c, 2, 1.0, &st) : 0;
}

/* The offsets alone, each or amount v, from every place but an index. */
static int sc_stagger_offsets(tw_manager *m, double v, int call) {
  tw_stagger st;
  double off[5];
  int rc = 0, k, f, i;

  (void)m;
  for (k = 0; call && k < 2; k++)
    for (f = TW_STAGGER_START; f <= TW_STAGGER_RANDOM; f++) {
      tw_stagger_init(&st);
      if (k == 0)
        st.each = v;
      else
        st.amount = v;
      st.from = (tw_stagger_from)f;
      rc = tw_stagger_offsets(&st, 5, off);
      for (i = 0; rc == 0 && i < 5; i++)
        sc_time(rc, off[i]);
    }
  return rc;
}

/* springs */

#define SC_SPRING(name, set)                                                   \
  static int sc_##name(tw_manager *m, double v, int call) {                    \
    tw_spring p;                                                               \
    tw_handle h;                                                               \
    int rc;                                                                    \
    if (!call)                                                                 \
      return 0;                                                                \
    tw_spring_init(&p);                                                        \
    if ((rc = (set)) != 0)                                                     \
      return rc;                                                               \
    if ((rc = tw_spring_to(m, TW_TYPE_FLOAT, &sc.f, &sc_one, &p, &h)) == 0)    \
      sc_add(h);                                                               \
    return rc;                                                                 \
  }

SC_SPRING(spring_stiffness, (p.stiffness = v, 0))
SC_SPRING(spring_damping, (p.damping = v, 0))
SC_SPRING(spring_mass, (p.mass = v, 0))
SC_SPRING(spring_velocity, (p.velocity = v, 0))
SC_SPRING(spring_epsilon, (p.epsilon = v, 0))
SC_SPRING(spring_ratio, tw_spring_damping_ratio(&p, v))
SC_SPRING(spring_duration, tw_spring_duration_bounce(&p, v, 0.0))
SC_SPRING(spring_bounce, tw_spring_duration_bounce(&p, 0.5, v))

/* the pure eases */

static int sc_ease_eval(tw_manager *m, double v, int call) {
  int e;

  (void)m;
  for (e = 0; call && e < TW_EASE_COUNT; e++) {
    sc_put(tw_ease_eval((tw_ease)e, v, 1.70158, 0));
    sc_put(tw_ease_eval((tw_ease)e, 0.5, v, 0));
    sc_put(tw_ease_eval((tw_ease)e, 0.5, 1.70158, v));
  }
  if (call) {
    sc_put(tw_ease_eval_bezier(v, 0.2, 0.5, 1.0, 0.5));
    sc_put(tw_ease_eval_bezier(0.5, v, 0.5, 1.0, 0.5));
    sc_put(tw_ease_eval_bezier(0.5, 0.2, v, 1.0, 0.5));
    sc_put(tw_ease_eval_bezier(0.5, 0.2, 0.5, v, 0.5));
    sc_put(tw_ease_eval_bezier(0.5, 0.2, 0.5, 1.0, v));
    sc_put(tw_ease_eval_steps(4, TW_JUMP_START, v));
  }
  return 0;
}

static const struct {
  const char *name;
  sc_fn fn;
  int time; /* a time: -0.0 is 0 */
} sc_scenes[] = {
#define SC(name, time)                                                         \
  { #name, sc_##name, time }
    SC(float_to, 1),
    SC(double_to, 1),
    SC(int_to, 1),
    SC(vec2_to, 1),
    SC(vec3_to, 1),
    SC(vec4_to, 1),
    SC(color_to, 1),
    SC(rgba8_to, 1),
    SC(to, 1),
    SC(to_fn, 1),
    SC(from_to, 1),
    SC(from_to_fn, 1),
    SC(punch, 1),
    SC(shake, 1),
    SC(path, 1),
    SC(go, 1),
    SC(go_fn, 1),
    SC(float_go, 1),
    SC(go_sent, 1),
    SC(speed, 1),
    SC(delay, 1),
    SC(timescale, 1),
    SC(manager_timescale, 1),
    SC(loop_delay, 1),
    SC(snap, 1),
    SC(restart, 1),
    SC(goto_play, 1),
    SC(goto_pause, 1),
    SC(retarget, 1),
    SC(retarget_unstarted, 1),
    SC(update_dt, 1),
    SC(update_unscaled, 1),
    SC(seq_insert, 1),
    SC(seq_insert_callback, 1),
    SC(seq_append_interval, 1),
    SC(seq_prepend_interval, 1),
    SC(seq_add_label, 1),
    SC(seq_goto_label, 1),
    SC(seq_label_offset, 1),
    SC(seq_label_at, 1),
    SC(stagger_at, 1),
    SC(stagger_each, 1),
    SC(stagger_amount, 1),
    SC(stagger_offsets, 1),
    SC(spring_duration, 1),
    SC(punch_elasticity, 0),
    SC(shake_randomness, 0),
    SC(overshoot, 0),
    SC(period, 0),
    SC(bezier_x1, 0),
    SC(bezier_y1, 0),
    SC(bezier_x2, 0),
    SC(bezier_y2, 0),
    SC(spring_stiffness, 0),
    SC(spring_damping, 0),
    SC(spring_mass, 0),
    SC(spring_velocity, 0),
    SC(spring_epsilon, 0),
    SC(spring_ratio, 0),
    SC(spring_bounce, 0),
    SC(ease_eval, 0),
#undef SC
};

static void sc_run(int k, double v, int call, sc_obs *o) {
  tw_manager *m = tt_mgr();
  size_t i;

  memset(&sc, 0, sizeof sc);
  sc.o = o;
  o->n = 0;
  o->rc = sc_scenes[k].fn(m, v, call);
  MUST_MSG(o->rc <= 0 && o->rc > TW__ERR_LAST, "%s(%g): %d", sc_scenes[k].name,
           v, o->rc);
  sc_record(m);
  for (i = 0; i < sizeof sc_dts / sizeof sc_dts[0]; i++) {
    MUST(tw_update(m, TW_UPDATE_NORMAL, sc_dts[i], sc_dts[i]) == 0);
    sc_record(m);
  }
  MUST(tw_manager_free(m) == 0);
}

static int sc_same(const sc_obs *a, const sc_obs *b) {
  int i;

  if (a->n != b->n)
    return -2;
  for (i = 0; i < a->n; i++)
    if (!(a->v[i] == b->v[i]))
      return i;
  return -1;
}

static sc_obs sc_a, sc_b;

START_TEST(test_hostile_times) {
  const double vals[] = {-0.0,        0.0,      5e-324,    -5e-324, 1e-320,
                         DBL_MIN,     1e-300,   1e-9,      0.5,     1.0,
                         FLT_MAX / 2, 1e300,    1e308,     DBL_MAX, -1.0,
                         -DBL_MAX,    HUGE_VAL, -HUGE_VAL, NAN};
  size_t k, j;
  int at;

  for (k = 0; k < sizeof sc_scenes / sizeof sc_scenes[0]; k++)
    for (j = 0; j < sizeof vals / sizeof vals[0]; j++) {
      double v = vals[j];
      sc_run((int)k, v, 1, &sc_a);
      if (sc_a.rc != 0) { /* refused: nothing changed */
        sc_run((int)k, v, 0, &sc_b);
        at = sc_same(&sc_a, &sc_b);
        MUST_MSG(at == -1, "%s(%g) refused with %d but changed [%d]",
                 sc_scenes[k].name, v, sc_a.rc, at);
      }
      if (v == 0 && signbit(v)) { /* -0.0 is exactly 0 */
        sc_run((int)k, 0.0, 1, &sc_b);
        if (sc_scenes[k].time)
          MUST_MSG(sc_a.rc == sc_b.rc, "%s(-0.0): %d, %s(0.0): %d",
                   sc_scenes[k].name, sc_a.rc, sc_scenes[k].name, sc_b.rc);
        at = sc_same(&sc_a, &sc_b);
        MUST_MSG(sc_a.rc != sc_b.rc || at == -1,
                 "%s(-0.0) differs from %s(0.0) at [%d]: %g, %g",
                 sc_scenes[k].name, sc_scenes[k].name, at,
                 at >= 0 ? sc_a.v[at] : 0.0, at >= 0 ? sc_b.v[at] : 0.0);
      }
    }
}
END_TEST

/* A duration of -0.0 is 0: done on the first update, exactly on the end,
 * for every value type; the short path of tw_float_to too. */
START_TEST(test_hostile_minus_zero_duration) {
  tw_manager *m = tt_mgr();
  tw_handle h;
  float x = 0, y = 5;
  double d = -1;

  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, -0.0, &h), 0);
  ck_assert_int_eq(tw_duration(m, h, 1, &d), 0);
  ck_assert(d == 0 && !signbit(d));
  ck_assert_int_eq(tw_float_to(m, &y, 5.0f, -0.0, &h), 0); /* start == end */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  EQF(x, 1.0f);
  EQF(y, 5.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* zero-duration tweens go back to their start
 *
 * A zero-duration tween jumps to its end at its one instant.  Every control
 * that takes it back to its start (rewind, restart, goto 0, smooth rewind,
 * playing backwards, a flip), one by one or through tw_do_all, writes its
 * start again, for every value type and way of making it: before it has
 * started, once complete (auto-kill off), and twice at one moment; REWIND
 * fires once for a complete one, and one that plays jumps to its end again
 * on the next update. */

static union {
  float f;
  double d;
  int i;
  tw_vec2 v2;
  tw_vec3 v3;
  tw_vec4 v4;
  tw_color c;
  tw_rgba8 r8;
  unsigned char b[32];
} zt;
static unsigned char zt_start[32], zt_end[32];
static size_t zt_size;
static int zt_rewinds;

static void zt_expect(const void *start, const void *end, size_t size) {
  memcpy(zt_start, start, size);
  memcpy(zt_end, end, size);
  zt_size = size;
}

static void zt_lerp(void *out, const void *a, const void *b, double t,
                    void *ud) {
  double x = *(const double *)a, y = *(const double *)b;

  (void)ud;
  *(double *)out = x + (y - x) * t;
}

static int zt_set(void *ud, const void *v) {
  (void)ud;
  zt.f = *(const float *)v;
  return 0;
}

static void zt_get(void *ud, void *out) {
  (void)ud;
  *(float *)out = zt.f;
}

static void zt_rewound(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  zt_rewinds++;
}

/* Makes the zero-duration tween of kind k on zt (its start and end into
 * zt_start and zt_end); returns its handle. */
static tw_handle zt_make(tw_manager *m, int k) {
  static const tw_vec2 pts[3] = {{1, 2}, {5, 6}, {-3, 4}};
  tw_handle h;
  int type;

  memset(&zt, 0, sizeof zt);
  switch (k) {
  case 0: {
    float s = 0.25f, e = 7.5f;
    zt.f = s;
    MUST(tw_float_to(m, &zt.f, e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 1: {
    double s = -1e300, e = 3.0;
    zt.d = s;
    MUST(tw_double_to(m, &zt.d, e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 2: {
    int s = -7, e = 1000;
    zt.i = s;
    MUST(tw_int_to(m, &zt.i, e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 3: {
    tw_vec2 s = {1, -2}, e = {3, 4};
    zt.v2 = s;
    MUST(tw_vec2_to(m, &zt.v2, e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 4: {
    tw_vec3 s = {1, -2, 3}, e = {3, 4, -5};
    zt.v3 = s;
    MUST(tw_vec3_to(m, &zt.v3, e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 5: {
    tw_vec4 s = {1, -2, 3, 4}, e = {3, 4, -5, 6};
    zt.v4 = s;
    MUST(tw_vec4_to(m, &zt.v4, e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 6: {
    tw_color s = {0, 0.5f, 1, 1}, e = {1, 0.25f, 0, 0.5f};
    zt.c = s;
    MUST(tw_color_to(m, &zt.c, e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 7: {
    tw_rgba8 s = {0, 10, 200, 255}, e = {255, 128, 0, 1};
    zt.r8 = s;
    MUST(tw_rgba8_to(m, &zt.r8, e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 8: { /* a registered type */
    double s = 2.5, e = -9.0;
    MUST(tw_register_type(m, sizeof(double), zt_lerp, NULL, &type) == 0);
    zt.d = s;
    MUST(tw_to(m, type, &zt.d, &e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 9: { /* by setter */
    float s = 3.0f, e = -3.0f;
    zt.f = s;
    MUST(tw_to_fn(m, TW_TYPE_FLOAT, zt_set, zt_get, NULL, &e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 10: { /* a given start, written at once */
    float s = 4.0f, e = 8.0f;
    zt.f = 100.0f;
    MUST(tw_from_to(m, TW_TYPE_FLOAT, &zt.f, &s, &e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 11: {
    float s = 4.0f, e = 8.0f;
    zt.f = 100.0f;
    MUST(tw_from_to_fn(m, TW_TYPE_FLOAT, zt_set, NULL, &s, &e, 0.0, &h) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 12: { /* relative: end = start + 2 */
    float s = 1.5f, e = 3.5f;
    zt.f = s;
    MUST(tw_float_to(m, &zt.f, 2.0f, 0.0, &h) == 0);
    MUST(tw_set_relative(m, h, 1) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  case 13: { /* from: the target's value is the end */
    float s = -6.0f, e = 0.5f;
    zt.f = e;
    MUST(tw_float_to(m, &zt.f, 9.0f, 0.0, &h) == 0);
    MUST(tw_set_from(m, h, &s) == 0);
    zt_expect(&s, &e, sizeof s);
    break;
  }
  default: /* a path: from its first point to its last (which it writes
              when it starts: the target holds it before, as for the others) */
    zt.v2 = pts[0];
    MUST(tw_path(m, TW_TYPE_VEC2, &zt.v2, pts, 3, TW_PATH_CATMULL_ROM, 0.0,
                 &h) == 0);
    zt_expect(&pts[0], &pts[2], sizeof pts[0]);
    break;
  }
  MUST(tw_set_autokill(m, h, 0) == 0);
  MUST(tw_on(m, h, TW_ON_REWIND, zt_rewound, NULL) == 0);
  return h;
}
#define ZT_KINDS 15

enum {
  ZC_REWIND,
  ZC_REWIND_DELAY,
  ZC_RESTART,
  ZC_RESTART_DELAY,
  ZC_GOTO_PAUSED,
  ZC_GOTO_PLAYING,
  ZC_SMOOTH_REWIND,
  ZC_PLAY_BACKWARDS,
  ZC_FLIP,
  ZC_DO_REWIND,
  ZC_DO_RESTART,
  ZC_DO_SMOOTH_REWIND,
  ZC_DO_PLAY_BACKWARDS,
  ZC_DO_FLIP,
  ZC_COUNT
};

/* Applies control c to h; the turns play and take an update to arrive. */
static void zt_control(tw_manager *m, tw_handle h, int c) {
  switch (c) {
  case ZC_REWIND:
  case ZC_REWIND_DELAY:
    MUST(tw_rewind(m, h, c == ZC_REWIND_DELAY) == 0);
    break;
  case ZC_RESTART:
  case ZC_RESTART_DELAY:
    MUST(tw_restart(m, h, c == ZC_RESTART_DELAY, -1) == 0);
    break;
  case ZC_GOTO_PAUSED:
  case ZC_GOTO_PLAYING:
    MUST(tw_goto(m, h, 0.0, c == ZC_GOTO_PLAYING) == 0);
    break;
  case ZC_SMOOTH_REWIND:
    MUST(tw_smooth_rewind(m, h) == 0);
    MUST(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == 0);
    break;
  case ZC_PLAY_BACKWARDS:
    MUST(tw_play_backwards(m, h) == 0);
    MUST(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == 0);
    break;
  case ZC_FLIP:
    if (tw_is_backwards(m, h) != 1)
      MUST(tw_flip(m, h) == 0);
    MUST(tw_play(m, h) == 0);
    MUST(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == 0);
    break;
  case ZC_DO_REWIND:
    MUST(tw_do_all(m, TW_DO_REWIND) == 1);
    break;
  case ZC_DO_RESTART:
    MUST(tw_do_all(m, TW_DO_RESTART) == 1);
    break;
  case ZC_DO_SMOOTH_REWIND:
    MUST(tw_do_all(m, TW_DO_SMOOTH_REWIND) == 1);
    break;
  case ZC_DO_PLAY_BACKWARDS:
    MUST(tw_do_all(m, TW_DO_PLAY_BACKWARDS) == 1);
    MUST(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == 0);
    break;
  default:
    if (tw_is_backwards(m, h) != 1)
      MUST(tw_do_all(m, TW_DO_FLIP) == 1);
    MUST(tw_do_all(m, TW_DO_PLAY) == 1);
    MUST(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == 0);
    break;
  }
}

/* Whether control c leaves the tween playing forwards. */
static int zt_plays(int c) {
  return c == ZC_RESTART || c == ZC_RESTART_DELAY || c == ZC_GOTO_PLAYING ||
         c == ZC_DO_RESTART;
}

START_TEST(test_hostile_zero_duration_back) {
  int k, c, moment, twice;

  for (k = 0; k < ZT_KINDS; k++)
    for (c = 0; c < ZC_COUNT; c++)
      for (moment = 0; moment < 2; moment++) /* unstarted, complete */
        for (twice = 0; twice < 2; twice++) {
          tw_manager *m = tt_mgr();
          tw_handle h = zt_make(m, k);
          if (moment == 1) {
            MUST(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == 0);
            MUST_MSG(memcmp(zt.b, zt_end, zt_size) == 0, "kind %d: no end", k);
            MUST(tw_is_complete(m, h) == 1);
          }
          zt_rewinds = 0;
          zt_control(m, h, c);
          if (twice)
            zt_control(m, h, c);
          MUST_MSG(memcmp(zt.b, zt_start, zt_size) == 0,
                   "kind %d, control %d, %s%s: not on its start", k, c,
                   moment ? "complete" : "unstarted", twice ? ", twice" : "");
          MUST_MSG(tw_is_complete(m, h) == 0, "kind %d, control %d: complete",
                   k, c);
          /* each turn backwards reaches the start again: REWIND again */
          if (moment == 1 && c != ZC_GOTO_PAUSED && c != ZC_GOTO_PLAYING &&
              !(twice && (c == ZC_PLAY_BACKWARDS || c == ZC_FLIP ||
                          c == ZC_DO_PLAY_BACKWARDS || c == ZC_DO_FLIP)))
            MUST_MSG(zt_rewinds == 1, "kind %d, control %d: %d REWINDs", k, c,
                     zt_rewinds);
          if (zt_plays(c)) { /* and on to its end again */
            MUST(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == 0);
            MUST_MSG(memcmp(zt.b, zt_end, zt_size) == 0,
                     "kind %d, control %d: not on its end again", k, c);
          }
          MUST(tw_manager_validate(m) == 0);
          MUST(tw_manager_free(m) == 0);
        }
}
END_TEST

/* The same in a sequence: [a 1 s child on sc.seq[0], then the zero-duration
 * child at its place, then a 1 s child], the zero-duration one at 0, in the
 * middle or at the end of the timeline.  Driven back past it (a goto, a
 * rewind, a restart, playing backwards, the backward half of a yoyo loop,
 * the silent rewind of a restarting loop), it is on its start. */
enum {
  ZS_GOTO,
  ZS_REWIND,
  ZS_RESTART,
  ZS_BACKWARDS,
  ZS_SMOOTH_REWIND,
  ZS_YOYO,
  ZS_LOOP,
  ZS_COUNT
};

START_TEST(test_hostile_zero_duration_seq_back) {
  int k, how, place;

  for (k = 0; k < ZT_KINDS; k++)
    for (how = 0; how < ZS_COUNT; how++)
      for (place = 0; place < 3; place++) {
        tw_manager *m = tt_mgr();
        tw_handle s, z, a, b;
        float x = 0, y = 0;
        MUST(tw_sequence(m, &s) == 0);
        MUST(tw_float_to(m, &x, 1.0f, 1.0, &a) == 0);
        MUST(tw_float_to(m, &y, 1.0f, 1.0, &b) == 0);
        z = zt_make(m, k);
        MUST(tw_set_autokill(m, s, 0) == 0);
        MUST(tw_seq_append(m, s, a) == 0);
        MUST(tw_seq_append(m, s, b) == 0);
        MUST(tw_seq_insert(m, s, place * 1.0, z) == 0);
        if (how == ZS_YOYO || how == ZS_LOOP)
          MUST(tw_set_loops(m, s, 2,
                            how == ZS_YOYO ? TW_LOOP_YOYO : TW_LOOP_RESTART) ==
               0);
        /* forwards past it: on its end */
        MUST(tw_update(m, TW_UPDATE_NORMAL, 2.5, 2.5) == 0);
        switch (how) {
        case ZS_GOTO:
          MUST_MSG(memcmp(zt.b, zt_end, zt_size) == 0, "kind %d: no end", k);
          MUST(tw_goto(m, s, 0.0, 0) == 0);
          break;
        case ZS_REWIND:
          MUST(tw_rewind(m, s, 1) == 0);
          break;
        case ZS_RESTART:
          MUST(tw_restart(m, s, 1, -1) == 0);
          break;
        case ZS_BACKWARDS:
          MUST(tw_play_backwards(m, s) == 0);
          MUST(tw_update(m, TW_UPDATE_NORMAL, 2.75, 2.75) == 0);
          break;
        case ZS_SMOOTH_REWIND:
          MUST(tw_smooth_rewind(m, s) == 0);
          MUST(tw_update(m, TW_UPDATE_NORMAL, 2.75, 2.75) == 0);
          break;
        case ZS_YOYO: /* 2.5 s: the backward half, 0.5 s before the end */
          MUST(tw_update(m, TW_UPDATE_NORMAL, 2.25, 2.25) == 0);
          break;
        default: /* the second loop at 0.5 s: put back to its start by the
                    silent rewind, unless at 0, where it ran again */
          break;
        }
        if (how == ZS_LOOP && place == 0)
          MUST_MSG(memcmp(zt.b, zt_end, zt_size) == 0, "kind %d: loop", k);
        else
          MUST_MSG(memcmp(zt.b, zt_start, zt_size) == 0,
                   "kind %d, way %d, place %d: not on its start", k, how,
                   place);
        MUST(tw_manager_validate(m) == 0);
        MUST(tw_manager_free(m) == 0);
      }
}
END_TEST

/* A tween of 0 s rewound to its start and retargeted sets off from its
 * start, where it is, not from its old end. */
START_TEST(test_hostile_zero_duration_retarget) {
  tw_manager *m = tt_mgr();
  tw_handle h;
  float x = 2.0f, to = 10.0f;

  ck_assert_int_eq(tw_float_to(m, &x, 100.0f, 0.0, &h), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  EQF(x, 100.0f);
  ck_assert_int_eq(tw_rewind(m, h, 0), 0);
  EQF(x, 2.0f);
  ck_assert_int_eq(tw_retarget(m, h, &to, 1.0), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  ck_assert_msg(x > 2.0f && x < 10.0f, "x = %g", (double)x);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 10.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* tw_writer answers the tween whose write stands */

/* The value a linear float tween 0 -> end of d seconds stands at. */
static float wr_value(tw_manager *m, tw_handle h, float end, double d) {
  double e = -1;

  MUST(tw_elapsed(m, h, &e) == 0);
  return e >= d ? end : (float)(end * (e / d));
}

/* A linear tween from 0 (given, so that its values are known) to end. */
static tw_handle wr_tween(tw_manager *m, float *x, float end, double d) {
  tw_handle h;
  float zero = 0;

  MUST(tw_from_to(m, TW_TYPE_FLOAT, x, &zero, &end, d, &h) == 0);
  MUST(tw_set_ease(m, h, TW_EASE_LINEAR) == 0);
  return h;
}

/* tw_writer on &x answers w, whose value x holds. */
#define WRITER_IS(m, x, w, end, d)                                             \
  do {                                                                         \
    tw_handle got_;                                                            \
    ck_assert_int_eq(tw_writer(m, &(x), &got_), 1);                            \
    SAME_HANDLE(got_, w);                                                      \
    EQF(x, wr_value(m, w, end, d));                                            \
  } while (0)

static void wr_update(tw_manager *m, double dt) {
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, dt, dt), 0);
}

/* a (older, 0 -> 1 in 4 s) and b (newer, 0 -> 100 in 2 s) on x: b wins while
 * it plays; paused, complete (auto-kill off), not yet started, killed or
 * gone back to its start, it writes no more and a, playing on, wins.  The
 * index is built at once (early) or by the call that asks (late). */
START_TEST(test_hostile_writer_stands) {
  int how, late;

  for (late = 0; late < 2; late++)
    for (how = 0; how < 6; how++) {
      tw_manager *m = tt_mgr();
      float x = 0;
      tw_handle a = wr_tween(m, &x, 1.0f, 4.0), b = wr_tween(m, &x, 100, 2.0),
                none = {0, 0}, got;
      if (!late)
        ck_assert_int_eq(tw_writer(m, &x, &got), 0); /* none started */
      if (how == 2)
        ck_assert_int_eq(tw_set_delay(m, b, 1.0), 0);
      if (how == 1)
        ck_assert_int_eq(tw_set_autokill(m, b, 0), 0);
      wr_update(m, 0.5);
      if (!late) {
        if (how == 2)
          WRITER_IS(m, x, a, 1.0f, 4.0);
        else
          WRITER_IS(m, x, b, 100.0f, 2.0);
      }
      switch (how) {
      case 0:
        ck_assert_int_eq(tw_pause(m, b), 0);
        break;
      case 1:
        wr_update(m, 1.5); /* b completes, and writes its end last */
        if (!late)
          WRITER_IS(m, x, b, 100.0f, 2.0);
        break;
      case 2: /* b waits for its delay */
        break;
      case 3:
        ck_assert_int_eq(tw_kill(m, b, 0), 0);
        break;
      case 4: /* backwards to its start, where it stops */
        ck_assert_int_eq(tw_play_backwards(m, b), 0);
        wr_update(m, 0.25);
        if (!late)
          WRITER_IS(m, x, b, 100.0f, 2.0);
        wr_update(m, 0.5);
        break;
      default:
        ck_assert_int_eq(tw_rewind(m, b, 0), 0); /* writes b's start */
        if (!late)
          WRITER_IS(m, x, b, 100.0f, 2.0);
        break;
      }
      wr_update(m, 0.25);
      WRITER_IS(m, x, a, 1.0f, 4.0);
      ck_assert(!TW_HANDLE_IS_NONE(a) && TW_HANDLE_IS_NONE(none));
      tt_valid(m);
      tw_manager_free(m);
    }
}
END_TEST

/* Controls write at once, and stand until the next update; a tween set
 * playing again has not written until its next update. */
START_TEST(test_hostile_writer_controls) {
  tw_manager *m = tt_mgr();
  float x = 0;
  tw_handle a, b, got;

  /* a first, reading 0 when it starts, and kept when complete */
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 4.0, &a), 0);
  ck_assert_int_eq(tw_set_ease(m, a, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_autokill(m, a, 0), 0);
  b = wr_tween(m, &x, 100, 2.0);
  ck_assert_int_eq(tw_writer(m, &x, &got), 0);
  wr_update(m, 0.5);
  ck_assert_int_eq(tw_pause(m, b), 0);
  wr_update(m, 0.5);
  WRITER_IS(m, x, a, 1.0f, 4.0);
  ck_assert_int_eq(tw_goto(m, b, 1.0, 0), 0); /* b writes 50 */
  WRITER_IS(m, x, b, 100.0f, 2.0);
  wr_update(m, 0.5);
  WRITER_IS(m, x, a, 1.0f, 4.0);
  ck_assert_int_eq(tw_play(m, b), 0); /* plays, not yet written */
  WRITER_IS(m, x, a, 1.0f, 4.0);
  ck_assert_int_eq(tw_flip(m, a), 0); /* a turns: still its write */
  WRITER_IS(m, x, a, 1.0f, 4.0);
  wr_update(m, 0.25);
  WRITER_IS(m, x, b, 100.0f, 2.0);
  /* a completes later than b stops: both stand still, a wrote last */
  ck_assert_int_eq(tw_pause(m, b), 0);
  ck_assert_int_eq(tw_complete(m, a), 0);
  WRITER_IS(m, x, a, 1.0f, 4.0);
  /* a retargeted b sets off without a write: a stands until it moves */
  {
    float to = 10.0f;
    ck_assert_int_eq(tw_retarget(m, b, &to, 1.0), 0);
    WRITER_IS(m, x, a, 1.0f, 4.0);
    wr_update(m, 0.25);
    ck_assert_int_eq(tw_writer(m, &x, &got), 1);
    SAME_HANDLE(got, b);
  }
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Update types: the last pass wrote last.  Sequences: of two children on
 * x, the one still moving (the other complete) wins, whatever their order
 * in the timeline. */
START_TEST(test_hostile_writer_passes) {
  tw_manager *m = tt_mgr();
  float x = 0, y = 0;
  tw_handle a = wr_tween(m, &x, 1.0f, 4.0), b = wr_tween(m, &x, 100, 2.0), s,
            c1, c2, got;

  ck_assert_int_eq(tw_set_update_type(m, b, TW_UPDATE_LATE), 0);
  ck_assert_int_eq(tw_writer(m, &x, &got), 0);
  wr_update(m, 0.5);
  WRITER_IS(m, x, a, 1.0f, 4.0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_LATE, 0.5, 0.5), 0);
  WRITER_IS(m, x, b, 100.0f, 2.0);
  wr_update(m, 0.5);
  WRITER_IS(m, x, a, 1.0f, 4.0);

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  c1 = wr_tween(m, &y, 1.0f, 2.0); /* 0 .. 2 */
  c2 = wr_tween(m, &y, 100, 0.5);  /* 0 .. 0.5, later in the timeline */
  ck_assert_int_eq(tw_seq_insert(m, s, 0, c1), 0);
  ck_assert_int_eq(tw_seq_insert(m, s, 0, c2), 0);
  wr_update(m, 0.25);
  ck_assert_int_eq(tw_writer(m, &y, &got), 1);
  SAME_HANDLE(got, c2);
  EQF(y, 50.0f);
  wr_update(m, 0.75); /* c2 complete at 0.5: c1 writes on */
  ck_assert_int_eq(tw_writer(m, &y, &got), 1);
  SAME_HANDLE(got, c1);
  EQF(y, 0.5f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* A change of update type: b (newer) last wrote in its old type's pass,
 * a (older) since, in the pass of b's new type; b, moved there, has not
 * played in a pass of that type yet, so a's write stands until one
 * comes.  For every pair of update types. */
START_TEST(test_hostile_writer_update_type) {
  int from, to;

  for (from = TW_UPDATE_NORMAL; from <= TW_UPDATE_MANUAL; from++)
    for (to = TW_UPDATE_NORMAL; to <= TW_UPDATE_MANUAL; to++) {
      tw_manager *m;
      float x = 0;
      tw_handle a, b;
      if (from == to)
        continue;
      m = tt_mgr();
      a = wr_tween(m, &x, 1.0f, 4.0);
      b = wr_tween(m, &x, 100, 2.0);
      ck_assert_int_eq(tw_set_update_type(m, a, (tw_update_type)to), 0);
      ck_assert_int_eq(tw_set_update_type(m, b, (tw_update_type)from), 0);
      ck_assert_int_eq(tw_update(m, (tw_update_type)from, 0.5, 0.5), 0);
      WRITER_IS(m, x, b, 100.0f, 2.0);
      ck_assert_int_eq(tw_update(m, (tw_update_type)to, 0.5, 0.5), 0);
      WRITER_IS(m, x, a, 1.0f, 4.0);
      ck_assert_int_eq(tw_set_update_type(m, b, (tw_update_type)to), 0);
      WRITER_IS(m, x, a, 1.0f, 4.0);
      ck_assert_int_eq(tw_update(m, (tw_update_type)to, 0.5, 0.5), 0);
      WRITER_IS(m, x, b, 100.0f, 2.0); /* both wrote; b last */
      tt_valid(m);
      tw_manager_free(m);
    }
}
END_TEST

/* A target that holds a value not finite when its tween starts (NaN,
 * +-inf in a component), for every built-in type with float or double
 * components, by pointer and by setter, relative or not: each component
 * not finite is read as 0, so the tween writes only finite values (half
 * way with linear: half the end in that component) and the manager
 * validates.  Before, the start was kept as read, the tween wrote NaN,
 * and a snapshot of it could not be told from a forged one. */
static unsigned char read_nan_v[16];
static int read_nan_set(void *ud, const void *v) {
  memcpy(read_nan_v, v, (size_t) * (int *)ud);
  return 0;
}
static void read_nan_get(void *ud, void *out) {
  memcpy(out, read_nan_v, (size_t) * (int *)ud);
}

START_TEST(test_hostile_target_not_finite) {
  int type, bad, how;

  for (type = 1; type < TW_TYPE_FIRST_CUSTOM; type++)
    for (bad = 0; bad < 3; bad++)
      for (how = 0; how < 4; how++) {
        tw_manager *m = tt_manager(NULL, 0);
        double d = bad == 0 ? NAN : bad == 1 ? INFINITY : -INFINITY, e;
        float x = (float)d, one = 1;
        unsigned char end[16];
        int size = tw_type_size(m, type), k, n;
        tw_handle h;

        if (size <= 0 || type == TW_TYPE_INT || type == TW_TYPE_RGBA8) {
          tw_manager_free(m);
          continue;
        }
        n = type == TW_TYPE_DOUBLE ? 1 : size / 4;
        memset(read_nan_v, 0, sizeof read_nan_v);
        for (k = 0; k < n; k++) { /* the end: 1 each; the target: bad in 0 */
          if (type == TW_TYPE_DOUBLE) {
            e = 1;
            memcpy(end, &e, sizeof e);
            memcpy(read_nan_v, &d, sizeof d);
          } else {
            memcpy(end + 4 * k, &one, 4);
            if (k == 0)
              memcpy(read_nan_v, &x, 4);
          }
        }
        if (how & 1)
          MUST(tw_to_fn(m, type, read_nan_set, read_nan_get, &size, end, 1,
                        &h) == 0);
        else
          MUST(tw_to(m, type, read_nan_v, end, 1, &h) == 0);
        MUST(tw_set_ease(m, h, TW_EASE_LINEAR) == 0);
        if (how & 2)
          MUST(tw_set_relative(m, h, 1) == 0);
        MUST(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5) == 0);
        for (k = 0; k < n; k++) {
          double got;
          float f;
          if (type == TW_TYPE_DOUBLE) {
            memcpy(&got, read_nan_v, sizeof got);
          } else {
            memcpy(&f, read_nan_v + 4 * k, 4);
            got = f;
          }
          /* component 0 from 0, the others from 0 too (the target's) */
          MUST_MSG(got == 0.5, "type %d, bad %d, how %d: component %d is %g",
                   type, bad, how, k, got);
        }
        MUST(tw_manager_validate(m) == 0);
        tw_manager_free(m);
      }
}
END_TEST

/* A plain float tween whose target holds -0.0 when it starts, updated by
 * a step that leaves it at its start (dt 0, or a fraction that underflows
 * to 0): the target holds -0.0 still, the start itself, as the general
 * path writes it (tw__lerpf), by pointer and in a sequence of updates.
 * The shortest path wrote a + (b - a) * 0, +0.0, so that the builds with
 * and without the fast paths differed in the sign of a zero (the reference
 * model's digests, tests/check-fast-paths.sh, found it). */
START_TEST(test_hostile_minus_zero_start) {
  static const double spans[2][2] = {{1, 0}, {1e300, 1e-30}};
  int k;

  for (k = 0; k < 2; k++) {
    tw_manager *m = tt_manager(NULL, 0);
    float x = -0.0f;
    uint32_t bits;

    MUST(tw_float_to(m, &x, 1, spans[k][0], NULL) == 0);
    MUST(tw_update(m, TW_UPDATE_NORMAL, spans[k][1], spans[k][1]) == 0);
    memcpy(&bits, &x, sizeof bits);
    MUST_MSG(bits == 0x80000000u, "case %d: the target holds %08lx", k,
             (unsigned long)bits);
    MUST(tw_update(m, TW_UPDATE_NORMAL, spans[k][1], spans[k][1]) == 0);
    memcpy(&bits, &x, sizeof bits);
    MUST_MSG(bits == 0x80000000u, "case %d, again: the target holds %08lx", k,
             (unsigned long)bits);
    MUST(tw_manager_validate(m) == 0);
    tw_manager_free(m);
  }
}
END_TEST

static Suite *hostile_suite(void) {
  Suite *s = suite_create("hostile");

#define ADD(name) TT_ADD(s, test_hostile_##name, #name, 10);
  ADD(seq_bezier_huge)
  ADD(target_not_finite)
  ADD(minus_zero_start)
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
  ADD(two_compactions)
  ADD(compactions_in_walks)
  ADD(times)
  ADD(minus_zero_duration)
  ADD(zero_duration_back)
  ADD(zero_duration_seq_back)
  ADD(zero_duration_retarget)
  ADD(writer_stands)
  ADD(writer_controls)
  ADD(writer_passes)
  ADD(writer_update_type)
#undef ADD
  return s;
}

int main(void) { return tt_run(hostile_suite()); }

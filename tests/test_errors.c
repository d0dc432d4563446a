/* SPDX-License-Identifier: MIT */
/* Bad input and out of memory: every call refuses bad input with a clear
 * error and changes nothing; every allocation can fail, the call then
 * returns TW_ENOMEM, the manager stays valid and nothing leaks. */
/* The deprecated call tw_set_target is called here on purpose, without the
 * warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "util.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "life.h"

static tw_stats stats(const tw_manager *m) {
  tw_stats st;

  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  return st;
}

static void noop_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
}
static int noop_set(void *ud, const void *v) {
  (void)ud;
  (void)v;
  return 0;
}
static void noop_get(void *ud, void *out) {
  (void)ud;
  memset(out, 0, sizeof(float));
}
static void noop_lerp(void *out, const void *a, const void *b, double t,
                      void *ud) {
  (void)a;
  (void)b;
  (void)t;
  (void)ud;
  memset(out, 0, 4);
}

/* NULL manager */

START_TEST(test_errors_null_manager) {
  tw_handle h = {1, 1}, order[4];
  float x = 0.0f, fe = 1.0f;
  tw_vec2 v2 = {0, 0};
  tw_vec3 v3 = {0, 0, 0};
  tw_vec4 v4 = {0, 0, 0, 0};
  tw_color c = {0, 0, 0, 0};
  double d = 0.0, el = 5.0;
  int i = 0, t = 99;
  tw_stats st;

  memset(&st, 0x5a, sizeof st);
  ck_assert_int_eq(tw_manager_new(NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_manager_free(NULL), 0); /* documented no-op */
  ck_assert_int_eq(tw_manager_set_warn(NULL, tw_warn_silent, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_manager_clear(NULL), TW_EINVAL);
  ck_assert_int_eq(tw_manager_set_capacity(NULL, 10, 10), TW_EINVAL);
  ck_assert_int_eq(tw_manager_set_timescale(NULL, 1.0), TW_EINVAL);
  EQF(tw_manager_timescale(NULL), 0.0);
  ck_assert_int_eq(tw_manager_stats(NULL, &st), TW_EINVAL);
  ck_assert_uint_eq(st.live, (size_t)0x5a5a5a5a5a5a5a5aULL);
  ck_assert_int_eq(tw_manager_validate(NULL), TW_EINVAL);
  ck_assert_int_eq(tw_manager_dump(NULL, stderr), TW_EINVAL);
  ck_assert_int_eq(tw_manager_order(NULL, order, 4), TW_EINVAL);
  ck_assert_int_eq(tw_register_type(NULL, 4, noop_lerp, NULL, &t), TW_EINVAL);
  ck_assert_int_eq(t, 99);
  ck_assert_int_eq(tw_type_size(NULL, TW_TYPE_FLOAT), TW_EINVAL);

  ck_assert_int_eq(tw_to(NULL, TW_TYPE_FLOAT, &x, &fe, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(
      tw_to_fn(NULL, TW_TYPE_FLOAT, noop_set, noop_get, NULL, &fe, 1.0, &h),
      TW_EINVAL);
  ck_assert_int_eq(tw_float_to(NULL, &x, 1.0f, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_double_to(NULL, &d, 1.0, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_int_to(NULL, &i, 1, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_vec2_to(NULL, &v2, v2, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_vec3_to(NULL, &v3, v3, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_vec4_to(NULL, &v4, v4, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_color_to(NULL, &c, c, 1.0, &h), TW_EINVAL);
  ck_assert_uint_eq(h.index, 1);
  ck_assert_uint_eq(h.gen, 1);

  ck_assert_int_eq(tw_set_delay(NULL, h, 1.0), TW_EINVAL);
  ck_assert_int_eq(tw_set_delay(NULL, h, NAN), TW_EINVAL);
  ck_assert_int_eq(tw_set_loops(NULL, h, 2, TW_LOOP_YOYO), TW_EINVAL);
  ck_assert_int_eq(tw_set_loops(NULL, h, 0, TW_LOOP_YOYO), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease(NULL, h, TW_EASE_LINEAR), TW_EINVAL);
  ck_assert_int_eq(tw_set_autokill(NULL, h, 0), TW_EINVAL);
  ck_assert_int_eq(tw_set_update_type(NULL, h, TW_UPDATE_LATE), TW_EINVAL);
  ck_assert_int_eq(tw_set_independent(NULL, h, 1), TW_EINVAL);
  ck_assert_int_eq(tw_set_id(NULL, h, 1), TW_EINVAL);
  ck_assert_int_eq(tw_set_target(NULL, h, &x), TW_EINVAL);
  ck_assert_int_eq(tw_set_timescale(NULL, h, 2.0), TW_EINVAL);
  ck_assert_int_eq(tw_set_timescale(NULL, h, -2.0), TW_EINVAL);
  ck_assert_int_eq(tw_set_recyclable(NULL, h, 0), TW_EINVAL);
  ck_assert_int_eq(tw_on(NULL, h, TW_ON_KILL, noop_cb, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_on(NULL, h, TW_ON_COUNT, noop_cb, NULL), TW_EINVAL);

  ck_assert_int_eq(tw_update(NULL, TW_UPDATE_NORMAL, 0.1, 0.1), TW_EINVAL);
  ck_assert_int_eq(tw_kill(NULL, h, 0), TW_EINVAL);
  ck_assert_int_eq(tw_kill(NULL, h, 1), TW_EINVAL);
  ck_assert_int_eq(tw_complete(NULL, h), TW_EINVAL);
  ck_assert_int_eq(tw_play(NULL, h), TW_EINVAL);
  ck_assert_int_eq(tw_pause(NULL, h), TW_EINVAL);
  ck_assert_int_eq(tw_kill_all(NULL, 0), TW_EINVAL);
  ck_assert_int_eq(tw_kill_id(NULL, 1, 0), TW_EINVAL);
  ck_assert_int_eq(tw_kill_target(NULL, &x, 0), TW_EINVAL);

  ck_assert_int_eq(tw_is_active(NULL, h), 0);
  ck_assert_int_eq(tw_is_playing(NULL, h), TW_EINVAL);
  ck_assert_int_eq(tw_is_complete(NULL, h), TW_EINVAL);
  ck_assert_int_eq(tw_elapsed(NULL, h, &el), TW_EINVAL);
  EQF(el, 5.0);
  ck_assert_int_eq(tw_loops_done(NULL, h), TW_EINVAL);
  EQF(x, 0.0f);
}
END_TEST

/* NULL target, NULL end, NULL setter */

START_TEST(test_errors_null_pointers) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h = {9, 9};
  float x = 0.0f, fe = 1.0f;
  tw_vec2 v2 = {1, 1};
  tw_vec3 v3 = {1, 1, 1};
  tw_vec4 v4 = {1, 1, 1, 1};
  tw_color c = {1, 1, 1, 1};
  tw_stats st;

  ck_assert_int_eq(tw_to(m, TW_TYPE_FLOAT, NULL, &fe, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_to(m, TW_TYPE_FLOAT, &x, NULL, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_to(m, TW_TYPE_FLOAT, NULL, NULL, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_float_to(m, NULL, 1.0f, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_double_to(m, NULL, 1.0, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_int_to(m, NULL, 1, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_vec2_to(m, NULL, v2, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_vec3_to(m, NULL, v3, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_vec4_to(m, NULL, v4, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_color_to(m, NULL, c, 1.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, NULL, noop_get, &x, &fe, 1.0, &h),
                   TW_EINVAL);
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, noop_set, noop_get, &x, NULL, 1.0, &h),
      TW_EINVAL);
  ck_assert_uint_eq(h.index, 9);
  ck_assert_uint_eq(h.gen, 9);
  st = stats(m);
  ck_assert_uint_eq(st.live, 0);
  ck_assert_uint_eq(st.pool_misses, 0);
  tt_valid(m);
  /* callbacks' user data may be NULL, as may the out handle */
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, noop_set, noop_get, NULL, &fe, 1.0, &h), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, NULL), 0);
  ck_assert_uint_eq(stats(m).live, 2);
  /* tw_elapsed with no out */
  ck_assert_int_eq(tw_elapsed(m, h, NULL), TW_EINVAL);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* durations */

START_TEST(test_errors_durations) {
  /* automatic, not static: NAN and INFINITY need not be constant
   * expressions (they are not in tcc) */
  const double bad[] = {NAN, -1.0, INFINITY, -INFINITY, -1e-300, -NAN};
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h = {5, 5}, k;
  float x = 0.0f, fe = 1.0f;
  double d = 0.0;
  int i = 0, j;
  tw_vec2 v2 = {0, 0};
  tw_vec3 v3 = {0, 0, 0};
  tw_vec4 v4 = {0, 0, 0, 0};
  tw_color c = {0, 0, 0, 0};
  tw_stats st;

  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &k), 0);
  for (j = 0; j < (int)(sizeof bad / sizeof bad[0]); j++) {
    double b = bad[j];
    ck_assert_int_eq(tw_to(m, TW_TYPE_FLOAT, &x, &fe, b, &h), TW_EINVAL);
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, noop_set, noop_get, NULL, &fe, b, &h),
        TW_EINVAL);
    ck_assert_int_eq(tw_float_to(m, &x, 1.0f, b, &h), TW_EINVAL);
    ck_assert_int_eq(tw_double_to(m, &d, 1.0, b, &h), TW_EINVAL);
    ck_assert_int_eq(tw_int_to(m, &i, 1, b, &h), TW_EINVAL);
    ck_assert_int_eq(tw_vec2_to(m, &v2, v2, b, &h), TW_EINVAL);
    ck_assert_int_eq(tw_vec3_to(m, &v3, v3, b, &h), TW_EINVAL);
    ck_assert_int_eq(tw_vec4_to(m, &v4, v4, b, &h), TW_EINVAL);
    ck_assert_int_eq(tw_color_to(m, &c, c, b, &h), TW_EINVAL);
    /* the same for delays and time scales, on a live tween */
    ck_assert_int_eq(tw_set_delay(m, k, b), TW_EINVAL);
    ck_assert_int_eq(tw_set_timescale(m, k, b), TW_EINVAL);
    ck_assert_int_eq(tw_manager_set_timescale(m, b), TW_EINVAL);
  }
  ck_assert_uint_eq(h.index, 5);
  ck_assert_uint_eq(h.gen, 5);
  st = stats(m);
  ck_assert_uint_eq(st.live, 1);
  ck_assert_uint_eq(st.pool_misses, 0); /* no record taken for k */
  ck_assert_ptr_null(tw__rec(m, tw__lookup(m, k)));
  EQF(tw_manager_timescale(m), 1.0);
  tt_valid(m);
  /* k runs undelayed, unscaled */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 0.75f);
  /* duration 0 is fine: done at the first update */
  ck_assert_int_eq(tw_float_to(m, &x, 9.0f, 0.0, &h), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.0, 0.0), 0);
  EQF(x, 9.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* loops */

START_TEST(test_errors_loops) {
  static const int bad[] = {0, -2, -3, -100, INT_MIN};
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f, y = 0.0f;
  tw_handle h, z;
  int j;

  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &h), 0);
  for (j = 0; j < (int)(sizeof bad / sizeof bad[0]); j++) {
    ck_assert_int_eq(tw_set_loops(m, h, bad[j], TW_LOOP_RESTART), TW_EINVAL);
    ck_assert_int_eq(tw_set_loops(m, h, bad[j], TW_LOOP_YOYO), TW_EINVAL);
  }
  ck_assert_int_eq(tw_set_loops(m, h, 2, (tw_loop_type)3), TW_EINVAL);
  ck_assert_int_eq(tw_set_loops(m, h, 2, (tw_loop_type)-1), TW_EINVAL);
  ck_assert_ptr_null(tw__rec(m, tw__lookup(m, h)));
  ck_assert_int_eq(tw__loops(m, tw__lookup(m, h)), 1);
  /* infinitely many loops of no time */
  ck_assert_int_eq(tw_float_to(m, &y, 4.0f, 0.0, &z), 0);
  ck_assert_int_eq(tw_set_loops(m, z, -1, TW_LOOP_RESTART), TW_EINVAL);
  ck_assert_int_eq(tw__loops(m, tw__lookup(m, z)), 1);
  tt_valid(m);
  /* one loop: done after 1 s */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(x, 4.0f);
  EQF(y, 4.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(tw_is_active(m, z), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* eases */

START_TEST(test_errors_ease) {
  static const int bad[] = {TW_EASE_COUNT, TW_EASE_COUNT + 1, 255, 256, 999, -1,
                            INT_MIN};
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f;
  tw_handle h, stale;
  int j;

  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &stale), 0);
  ck_assert_int_eq(tw_kill(m, stale, 0), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &h), 0);
  for (j = 0; j < (int)(sizeof bad / sizeof bad[0]); j++) {
    ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)bad[j]), TW_EEASE);
    /* the handle is checked first */
    ck_assert_int_eq(tw_set_ease(m, stale, (tw_ease)bad[j]), TW_ESTALE);
  }
  ck_assert_int_eq(tw__lookup(m, h)->ease, TW_EASE_OUT_QUAD);
  tt_valid(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 3.0f); /* still OutQuad */
  ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)(TW_EASE_COUNT - 1)), 0);
  tw_manager_free(m);
}
END_TEST

/* update types and events */

START_TEST(test_errors_update_type) {
  static const int bad[] = {4, 5, 100, -1, INT_MIN};
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f;
  tw_handle h;
  int j;

  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &h), 0);
  for (j = 0; j < (int)(sizeof bad / sizeof bad[0]); j++) {
    ck_assert_int_eq(tw_set_update_type(m, h, (tw_update_type)bad[j]),
                     TW_EINVAL);
    ck_assert_int_eq(tw_update(m, (tw_update_type)bad[j], 0.5, 0.5), TW_EINVAL);
    ck_assert_int_eq(tw_on(m, h, (tw_event)(bad[j] < 0 ? bad[j] : bad[j] + 4),
                           noop_cb, NULL),
                     TW_EINVAL);
  }
  ck_assert_int_eq(tw_on(m, h, TW_ON_COUNT, noop_cb, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_on(m, h, (tw_event)-1, noop_cb, NULL), TW_EINVAL);
  ck_assert_int_eq(tw__lookup(m, h)->utype, TW_UPDATE_NORMAL);
  ck_assert_ptr_null(tw__rec(m, tw__lookup(m, h)));
  EQF(x, 0.0f);
  tt_valid(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_LATE, 0.5, 0.5), 0);
  EQF(x, 0.0f);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 3.0f);
  tw_manager_free(m);
}
END_TEST

/* tw_update's time */

static int starts;
static void count_start(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  starts++;
}

START_TEST(test_errors_update_dt) {
  /* automatic: see test_errors_durations */
  const double bad[] = {NAN, -1.0, INFINITY, -INFINITY, -1e-300};
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f, y = 0.0f;
  tw_handle h, k;
  double el = -1.0;
  int j;

  starts = 0;
  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_START, count_start, NULL), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 4.0f, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_independent(m, k, 1), 0);
  for (j = 0; j < (int)(sizeof bad / sizeof bad[0]); j++) {
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, bad[j], 0.5), TW_EINVAL);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, bad[j]), TW_EINVAL);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, bad[j], bad[j]), TW_EINVAL);
  }
  ck_assert_int_eq(starts, 0);
  ck_assert_int_eq(tw_elapsed(m, h, &el), 0);
  EQF(el, 0.0);
  ck_assert_int_eq(tw_elapsed(m, k, &el), 0);
  EQF(el, 0.0);
  EQF(x, 0.0f);
  EQF(y, 0.0f);
  ck_assert_uint_eq(stats(m).last_visited, 0);
  tt_valid(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.25), 0);
  ck_assert_int_eq(starts, 1);
  EQF(x, 3.0f);
  EQF(y, 1.75f); /* 4 * 0.4375 on unscaled time */
  tw_manager_free(m);
}
END_TEST

/* settings locked once started */

START_TEST(test_errors_locked) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f;
  tw_handle h;
  double el;

  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  /* allowed before the start */
  ck_assert_int_eq(tw_set_autokill(m, h, 1), 0);
  ck_assert_int_eq(tw_set_loops(m, h, 1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_delay(m, h, 0.0), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  EQF(x, 1.0f);
  ck_assert_int_eq(tw_set_delay(m, h, 5.0), TW_ELOCKED);
  ck_assert_int_eq(tw_set_delay(m, h, 0.0), TW_ELOCKED);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), TW_ELOCKED);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_RESTART), TW_ELOCKED);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), TW_ELOCKED);
  ck_assert_int_eq(tw_set_autokill(m, h, 1), TW_ELOCKED);
  EQF(tw__rec(m, tw__lookup(m, h))->delay, 0.0);
  ck_assert_int_eq(tw__rec(m, tw__lookup(m, h))->loop_type, TW_LOOP_RESTART);
  ck_assert_int_eq(tw__loops(m, tw__lookup(m, h)), 1);
  ck_assert_uint_ne(tw__lookup(m, h)->flags & TW__F_AUTOKILL, 0);
  ck_assert_uint_eq(tw__lookup(m, h)->flags & TW__F_DELAYED, 0);
  /* these are not locked */
  ck_assert_int_eq(tw_set_id(m, h, 3), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  tt_valid(m);
  /* no delay: it goes on at once; one loop; auto-killed at the end */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  EQF(x, 2.0f);
  ck_assert_int_eq(tw_elapsed(m, h, &el), 0);
  EQF(el, 0.5);
  ck_assert_int_eq(tw_loops_done(m, h), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 4.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* infinite loops cannot complete */

static int completes, killed;
static void count_complete(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  completes++;
}
static void count_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  killed++;
}

START_TEST(test_errors_infinite) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f, y = 0.0f;
  tw_handle h, k;
  int i;

  completes = killed = 0;
  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_id(m, h, 8), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, count_complete, NULL), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_KILL, count_kill, NULL), 0);
  /* refused before and after the start */
  ck_assert_int_eq(tw_complete(m, h), TW_EINFINITE);
  ck_assert_int_eq(tw_kill(m, h, 1), TW_EINFINITE);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  EQF(x, 0.0f);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  EQF(x, 1.0f);
  ck_assert_int_eq(tw_complete(m, h), TW_EINFINITE);
  ck_assert_int_eq(tw_kill(m, h, 1), TW_EINFINITE);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  ck_assert_int_eq(completes, 0);
  ck_assert_int_eq(killed, 0);
  EQF(x, 1.0f);
  tt_valid(m);
  /* it goes on looping, through many loops at once too */
  for (i = 0; i < 10; i++)
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 1.0f); /* 5.25 s: 0.25 into the sixth loop */
  ck_assert_int_eq(tw_loops_done(m, h), 5);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1e6 + 0.5, 0.0), 0);
  EQF(x, 3.0f);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  /* a filtered kill with complete_first just kills it */
  ck_assert_int_eq(tw_kill_id(m, 8, 1), 1);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(completes, 0);
  ck_assert_int_eq(killed, 1);
  /* kill_all too, and a finite neighbour is completed */
  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 4.0f, 1.0, &k), 0);
  ck_assert_int_eq(tw_kill_all(m, 1), 2);
  EQF(y, 4.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(tw_is_active(m, k), 0);
  /* a plain kill works */
  ck_assert_int_eq(tw_float_to(m, &x, 4.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_INCREMENTAL), 0);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* error texts */

START_TEST(test_errors_strerror) {
  static const int codes[] = {
      TW_EINVAL,       TW_ENOMEM,    TW_ESTALE,   TW_ELIMIT,  TW_ERANGE,
      TW_EBUSY,        TW_ELOCKED,   TW_ETYPE,    TW_EEASE,   TW_EINFINITE,
      TW_ENESTED,      TW_EINTERNAL, TW_EFOREIGN, TW_EFORMAT, TW_ECORRUPT,
      TW_EUNSUPPORTED, TW_ELOOPS,    TW_ENOTSUP};
  static const char *const names[] = {
      "TW_EINVAL",   "TW_ENOMEM",    "TW_ESTALE",   "TW_ELIMIT",
      "TW_ERANGE",   "TW_EBUSY",     "TW_ELOCKED",  "TW_ETYPE",
      "TW_EEASE",    "TW_EINFINITE", "TW_ENESTED",  "TW_EINTERNAL",
      "TW_EFOREIGN", "TW_EFORMAT",   "TW_ECORRUPT", "TW_EUNSUPPORTED",
      "TW_ELOOPS",   "TW_ENOTSUP"};
  int i, j;

  for (i = 0; i < (int)(sizeof codes / sizeof codes[0]); i++) {
    ck_assert_int_eq(codes[i], -1 - i);
    ck_assert_str_eq(tw_err_name(codes[i]), names[i]);
    ck_assert_str_ne(tw_strerror(codes[i]), "unknown error");
    ck_assert_uint_gt(strlen(tw_strerror(codes[i])), 5);
    for (j = 0; j < i; j++)
      ck_assert_str_ne(tw_strerror(codes[i]), tw_strerror(codes[j]));
  }
  ck_assert_str_eq(tw_strerror(TW_ESTALE),
                   "stale handle: the tween was killed or never existed");
  ck_assert_str_eq(tw_err_name(0), "TW_OK");
  ck_assert_str_eq(tw_strerror(0), "success");
  ck_assert_str_eq(tw_strerror(TW__ERR_LAST), "unknown error");
  ck_assert_str_eq(tw_strerror(1), "unknown error");
  ck_assert_str_eq(tw_strerror(INT_MIN), "unknown error");
  ck_assert_str_eq(tw_err_name(TW__ERR_LAST), "TW_UNKNOWN");
  ck_assert_str_eq(tw_err_name(42), "TW_UNKNOWN");
}
END_TEST

/* bad configs */

START_TEST(test_errors_config) {
  tw_config c;
  tw_manager *m = NULL;

  tw_config_init(NULL); /* no crash */
  tw_config_init(&c);
  c.warn = tw_warn_silent;
  c.tweens = 100;
  c.max_tweens = 50;
  ck_assert_int_eq(tw_manager_new(&c, &m), TW_EINVAL);
  ck_assert_ptr_null(m);
  tw_config_init(&c);
  c.sequences = 100;
  c.max_sequences = 50;
  ck_assert_int_eq(tw_manager_new(&c, &m), TW_EINVAL);
  ck_assert_ptr_null(m);
  tw_config_init(&c);
  ck_assert_int_eq(tw_manager_new(&c, NULL), TW_EINVAL);
}
END_TEST

/* out of memory */

static tt_alloc_state A;
static int kill_cbs;     /* KILL callbacks that ran */
static int kill_cbs_set; /* KILL callbacks installed */

static void oom_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  kill_cbs++;
}

static void lerp_small(void *out, const void *a, const void *b, double t,
                       void *ud) {
  const float *x = a, *y = b;
  float *o = out;
  int i;

  (void)ud;
  for (i = 0; i < 2; i++)
    o[i] = x[i] + (y[i] - x[i]) * (float)t;
}

static void lerp_big(void *out, const void *a, const void *b, double t,
                     void *ud) {
  const double *x = a, *y = b;
  double *o = out;
  int i;

  (void)ud;
  for (i = 0; i < 8; i++)
    o[i] = x[i] + (y[i] - x[i]) * t;
}

static float fset_val;
static int oom_set(void *ud, const void *v) {
  (void)ud;
  memcpy(&fset_val, v, sizeof fset_val);
  return 0;
}
static void oom_get(void *ud, void *out) {
  (void)ud;
  memcpy(out, &fset_val, sizeof fset_val);
}

/* One step that may fail.  A failure must come as TW_ENOMEM from the call
 * that met it, leave the manager valid, and change nothing visible; the
 * scenario then stops and checks the manager still works. */
#define TRY(call)                                                              \
  do {                                                                         \
    size_t f_ = A.failures;                                                    \
    tw_stats s0_ = stats(m);                                                   \
    int rc_ = (call);                                                          \
    if (A.failures != f_) {                                                    \
      ck_assert_msg(rc_ == TW_ENOMEM, "%s: %d after an allocation failed",     \
                    #call, rc_);                                               \
      tt_valid(m);                                                             \
      ck_assert_uint_eq(stats(m).live, s0_.live);                              \
      ck_assert_uint_eq(stats(m).bytes, A.live_bytes);                         \
      goto failed;                                                             \
    }                                                                          \
    ck_assert_msg(rc_ >= 0, "%s: %d", #call, rc_);                             \
    tt_valid(m);                                                               \
  } while (0)

/* A creation: on failure the out handle is untouched. */
#define CREATE(hp, call)                                                       \
  do {                                                                         \
    (hp)->index = 0xdeadu;                                                     \
    (hp)->gen = 0xbeefu;                                                       \
    TRY_CREATE(hp, call);                                                      \
  } while (0)
#define TRY_CREATE(hp, call)                                                   \
  do {                                                                         \
    size_t f_ = A.failures;                                                    \
    int rc_ = (call);                                                          \
    if (A.failures != f_) {                                                    \
      ck_assert_int_eq(rc_, TW_ENOMEM);                                        \
      ck_assert_uint_eq((hp)->index, 0xdeadu);                                 \
      ck_assert_uint_eq((hp)->gen, 0xbeefu);                                   \
      tt_valid(m);                                                             \
      goto failed;                                                             \
    }                                                                          \
    ck_assert_int_eq(rc_, 0);                                                  \
    ck_assert_int_eq(tw_is_active(m, *(hp)), 1);                               \
    tt_valid(m);                                                               \
  } while (0)

/* A setting that takes a record: on failure the tween has none. */
#define SET(h, call)                                                           \
  do {                                                                         \
    const tw__record *r0_ = tw__rec(m, tw__lookup(m, h));                      \
    size_t f_ = A.failures;                                                    \
    int rc_ = (call);                                                          \
    if (A.failures != f_) {                                                    \
      ck_assert_int_eq(rc_, TW_ENOMEM);                                        \
      ck_assert_ptr_null(r0_);                                                 \
      ck_assert_ptr_null(tw__rec(m, tw__lookup(m, h)));                        \
      tt_valid(m);                                                             \
      goto failed;                                                             \
    }                                                                          \
    ck_assert_int_eq(rc_, 0);                                                  \
    ck_assert_ptr_nonnull(tw__rec(m, tw__lookup(m, h)));                       \
    tt_valid(m);                                                               \
  } while (0)

#define NT 600

/* Runs the whole scenario, the fail_at-th allocation failing.  Returns 1
 * if a failure was injected. */
static int oom_scenario(size_t fail_at) {
  static float f[NT + 200];
  static tw_handle hs[NT + 200];
  tw_config c;
  tw_manager *m = NULL;
  tw_vec3 v3 = {0, 0, 0}, v3e = {1, 2, 3};
  tw_color col = {0, 0, 0, 0}, cole = {1, 1, 1, 1};
  float sm[2] = {0, 0}, sme[2] = {1, 2}, fe = 5.0f, x = 0.0f;
  double bg[8] = {0}, bge[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  tw_handle h0, hv, hc, hsm, hbg, hset, h;
  int tsmall, tbig, tdummy, i, rc;

  memset(&A, 0, sizeof A);
  A.fail_at = fail_at;
  kill_cbs = kill_cbs_set = 0;
  tw_config_init(&c);
  c.alloc = tt_alloc;
  c.alloc_ud = &A;
  c.warn = tw_warn_silent;
  rc = tw_manager_new(&c, &m);
  if (A.failures != 0) {
    ck_assert_int_eq(rc, TW_ENOMEM);
    ck_assert_ptr_null(m);
    ck_assert_uint_eq(A.live_blocks, 0);
    ck_assert_uint_eq(A.live_bytes, 0);
    return 1;
  }
  ck_assert_int_eq(rc, 0);
  tt_valid(m);

  /* built-ins */
  CREATE(&h0, tw_float_to(m, &x, 1.0f, 1.0, &h0));
  CREATE(&hv, tw_vec3_to(m, &v3, v3e, 1.0, &hv));
  CREATE(&hc, tw_color_to(m, &col, cole, 2.0, &hc));
  /* registered types: a small one, a big one, and enough more to grow the
   * type table */
  TRY(tw_register_type(m, sizeof sm, lerp_small, NULL, &tsmall));
  TRY(tw_register_type(m, sizeof bg, lerp_big, NULL, &tbig));
  for (i = 0; i < 6; i++)
    TRY(tw_register_type(m, 4 + (size_t)i, lerp_small, NULL, &tdummy));
  ck_assert_int_eq(tw_type_size(m, tbig), (int)sizeof bg);
  CREATE(&hsm, tw_to(m, tsmall, sm, sme, 1.0, &hsm));
  CREATE(&hbg, tw_to(m, tbig, bg, bge, 1.0, &hbg));
  CREATE(&hset,
         tw_to_fn(m, TW_TYPE_FLOAT, oom_set, oom_get, NULL, &fe, 1.0, &hset));
  /* records */
  SET(h0, tw_on(m, h0, TW_ON_KILL, oom_kill, NULL));
  kill_cbs_set++;
  SET(hv, tw_set_id(m, hv, 1));
  SET(hc, tw_set_delay(m, hc, 0.25));
  SET(hsm, tw_set_loops(m, hsm, 3, TW_LOOP_INCREMENTAL));
  TRY(tw_on(m, hbg, TW_ON_KILL, oom_kill, NULL)); /* has a record already */
  kill_cbs_set++;
  TRY(tw_set_timescale(m, hset, 2.0));
  /* grow past 200 and 500 */
  for (i = 0; i < NT; i++) {
    f[i] = 0.0f;
    CREATE(&hs[i], tw_float_to(m, &f[i], (float)i, 1.0, &hs[i]));
    if (i % 4 == 0)
      SET(hs[i], tw_set_id(m, hs[i], 100 + i % 8));
    if (i % 10 == 0) {
      TRY(tw_on(m, hs[i], TW_ON_KILL, oom_kill, NULL));
      kill_cbs_set++;
    }
    if (i % 50 == 7)
      SET(hs[i], tw_set_target(m, hs[i], &f[0]));
  }
  ck_assert_uint_ge(stats(m).tweens_capacity, 1250);
  ck_assert_uint_eq(stats(m).live, NT + 6);
  /* kill half */
  for (i = 0; i < NT; i += 2)
    TRY(tw_kill(m, hs[i], 0));
  TRY(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5));
  EQF(f[1], 0.75f);
  /* more, reusing pooled records */
  for (i = 0; i < 200; i++) {
    int j = NT + i;
    f[j] = 0.0f;
    CREATE(&hs[j], tw_float_to(m, &f[j], 1.0f, 1.0, &hs[j]));
    SET(hs[j], tw_set_id(m, hs[j], 7));
  }
  ck_assert_uint_gt(stats(m).pool_hits, 100);
  TRY(tw_kill_id(m, 7, 1));
  TRY(tw_kill_target(m, &f[0], 0));
  TRY(tw_manager_set_capacity(m, 2000, 0));
  TRY(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25));
  TRY(tw_manager_clear(m));
  ck_assert_uint_eq(stats(m).live, 0);
  ck_assert_uint_eq(stats(m).pool_size, 0);
  /* and after the clear */
  CREATE(&h, tw_float_to(m, &x, 2.0f, 1.0, &h));
  SET(h, tw_set_id(m, h, 3));
  CREATE(&h, tw_to(m, tbig, bg, bge, 1.0, &h));
  TRY(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0));
  for (i = 0; i < 8; i++)
    EQF(bg[i], bge[i]);

failed:
  /* whatever happened, the manager works */
  tt_valid(m);
  {
    float y = 0.0f;
    tw_handle k;
    ck_assert_int_eq(tw_float_to(m, &y, 4.0f, 1.0, &k), 0);
    ck_assert_int_eq(tw_set_id(m, k, 55), 0);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
    EQF(y, 3.0f);
    ck_assert_int_eq(tw_kill_id(m, 55, 1), 1);
    EQF(y, 4.0f);
    tt_valid(m);
  }
  ck_assert_uint_eq(stats(m).bytes, A.live_bytes);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(A.live_blocks, 0);
  ck_assert_uint_eq(A.live_bytes, 0);
  ck_assert_int_eq(kill_cbs, kill_cbs_set);
  return A.failures != 0;
}

/* A creation that must grow the array and take a record, the record's
 * allocation failing: the call fails, so it changes nothing (tween.h:
 * "A call that fails changes nothing") - no growth, no warning. */
static int warnings;
static void count_warn(tw_manager *m, tw_warning what, size_t o, size_t n,
                       void *ud) {
  (void)m;
  (void)what;
  (void)o;
  (void)n;
  (void)ud;
  warnings++;
}

START_TEST(test_errors_oom_growth_then_record) {
  static float f[200];
  tw_manager *m;
  double bg[8] = {0}, bge[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  tw_handle h = {3, 3};
  tw_stats s0, s1;
  int tbig, i;

  memset(&A, 0, sizeof A);
  warnings = 0;
  m = tt_manager(&A, 200);
  ck_assert_int_eq(tw_manager_set_warn(m, count_warn, NULL), 0);
  ck_assert_int_eq(tw_register_type(m, sizeof bg, lerp_big, NULL, &tbig), 0);
  for (i = 0; i < 200; i++)
    ck_assert_int_eq(tw_float_to(m, &f[i], 1.0f, 1.0, NULL), 0);
  s0 = stats(m);
  ck_assert_uint_eq(s0.tweens_capacity, 200);
  /* the array grows (call 1), then the big record fails (call 2) */
  A.fail_at = A.calls + 2;
  ck_assert_int_eq(tw_to(m, tbig, bg, bge, 1.0, &h), TW_ENOMEM);
  ck_assert_uint_eq(A.failures, 1);
  ck_assert_uint_eq(h.index, 3);
  tt_valid(m);
  s1 = stats(m);
  ck_assert_uint_eq(s1.live, 200);
  ck_assert_uint_eq(s1.tweens_capacity, s0.tweens_capacity);
  ck_assert_uint_eq(s1.growths, s0.growths);
  ck_assert_int_eq(warnings, 0);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(A.live_blocks, 0);
}
END_TEST

START_TEST(test_errors_oom) {
  size_t n, total = 0;

  /* the scenario runs through when nothing fails */
  ck_assert_int_eq(oom_scenario(0), 0);
  total = A.calls;
  ck_assert_uint_gt(total, 200);
  for (n = 1;; n++) {
    int injected = oom_scenario(n);
    ck_assert_uint_le(A.failures, 1);
    if (!injected)
      break;
    ck_assert_uint_le(n, total);
  }
  /* every allocation of the scenario was a fault point */
  ck_assert_uint_eq(n - 1, total);
  printf("test_errors_oom: %lu fault points\n", (unsigned long)(n - 1));
}
END_TEST

/* non-finite values: every call that takes a value refuses one with a NaN
 * or infinite component, at every position, changing nothing */

/* The built-in types whose values can be non-finite (an int or an rgba8
 * always is finite). */
static const int nf_types[] = {TW_TYPE_FLOAT, TW_TYPE_VEC2,  TW_TYPE_VEC3,
                               TW_TYPE_VEC4,  TW_TYPE_COLOR, TW_TYPE_DOUBLE};
#define NF_NTYPES (sizeof nf_types / sizeof nf_types[0])

static unsigned nf_count(int type) {
  switch (type) {
  case TW_TYPE_FLOAT:
  case TW_TYPE_DOUBLE:
    return 1;
  case TW_TYPE_VEC2:
    return 2;
  case TW_TYPE_VEC3:
    return 3;
  default:
    return 4;
  }
}

/* A value of the type: component k is base + k, except component c (if
 * below the count), which is bad. */
static void nf_value(int type, tw__value *v, unsigned c, double bad,
                     double base) {
  unsigned k;

  memset(v, 0, sizeof *v);
  if (type == TW_TYPE_DOUBLE) {
    v->d[0] = c == 0 ? bad : base;
    return;
  }
  for (k = 0; k < nf_count(type); k++)
    v->f[k] = (float)(k == c ? bad : base + k);
}

/* A setter of the values of nf_size bytes. */
static size_t nf_size;

static int nf_set(void *ud, const void *v) {
  memcpy(ud, v, nf_size);
  return 0;
}

/* The bad values, automatic (NAN and INFINITY need not be constant
 * expressions in tcc). */
#define NF_BAD const double bad[3] = {NAN, INFINITY, -INFINITY}

/* The state a refused call must leave as it was. */
typedef struct nf_state {
  tw_stats st;
  tw__value target;
} nf_state;

static void nf_save(tw_manager *m, const tw__value *target, nf_state *out) {
  memset(out, 0, sizeof *out);
  ck_assert_int_eq(tw_manager_stats(m, &out->st), 0);
  out->target = *target;
}

static void nf_same(tw_manager *m, const tw__value *target,
                    const nf_state *before, const char *what, int type,
                    unsigned c, double bad) {
  tw_stats st;

  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_msg(st.live == before->st.live && st.bytes == before->st.bytes &&
                    st.pool_misses == before->st.pool_misses &&
                    st.pool_hits == before->st.pool_hits &&
                    memcmp(target, &before->target, sizeof *target) == 0,
                "%s, type %d, component %u = %g: something changed", what, type,
                c, bad);
  tt_valid(m);
}

/* Each creation call, each type, each bad value at each component, in the
 * end and in a given start: TW_EINVAL, no tween, no handle, no write. */
START_TEST(test_errors_nonfinite_create) {
  NF_BAD;
  tw_manager *m = tt_manager(NULL, 0);
  tw_spring sp;
  unsigned i, j, c;

  tw_spring_init(&sp);
  for (i = 0; i < NF_NTYPES; i++) {
    int type = nf_types[i];
    nf_size = (size_t)tw_type_size(m, type);
    for (j = 0; j < 3; j++)
      for (c = 0; c < nf_count(type); c++) {
        tw__value target, v, good;
        tw_handle h = {77, 77};
        nf_state s0;

        memset(&target, 0, sizeof target);
        nf_value(type, &v, c, bad[j], 1.0);
        nf_value(type, &good, 99, 0.0, 2.0);
        nf_save(m, &target, &s0);
#define NF_REFUSED(what, call)                                                 \
  do {                                                                         \
    ck_assert_msg((call) == TW_EINVAL, "%s, type %d, component %u = %g: %d",   \
                  what, type, c, bad[j], (call));                              \
    ck_assert_msg(h.index == 77 && h.gen == 77, "%s: the handle written",      \
                  what);                                                       \
    nf_same(m, &target, &s0, what, type, c, bad[j]);                           \
  } while (0)
        NF_REFUSED("tw_to", tw_to(m, type, &target, &v, 1.0, &h));
        NF_REFUSED("tw_to_fn",
                   tw_to_fn(m, type, nf_set, noop_get, &target, &v, 1.0, &h));
        NF_REFUSED("tw_from_to end",
                   tw_from_to(m, type, &target, &good, &v, 1.0, &h));
        NF_REFUSED("tw_from_to start",
                   tw_from_to(m, type, &target, &v, &good, 1.0, &h));
        NF_REFUSED("tw_from_to_fn end",
                   tw_from_to_fn(m, type, nf_set, &target, &good, &v, 1.0, &h));
        NF_REFUSED("tw_from_to_fn start",
                   tw_from_to_fn(m, type, nf_set, &target, &v, &good, 1.0, &h));
        NF_REFUSED("tw_spring_to", tw_spring_to(m, type, &target, &v, &sp, &h));
        NF_REFUSED("tw_spring_to_fn", tw_spring_to_fn(m, type, nf_set, noop_get,
                                                      &target, &v, &sp, &h));
        switch (type) {
        case TW_TYPE_FLOAT:
          NF_REFUSED("tw_float_to", tw_float_to(m, target.f, v.f[0], 1.0, &h));
          break;
        case TW_TYPE_DOUBLE:
          NF_REFUSED("tw_double_to",
                     tw_double_to(m, target.d, v.d[0], 1.0, &h));
          break;
        case TW_TYPE_VEC2:
          NF_REFUSED("tw_vec2_to", tw_vec2_to(m, (tw_vec2 *)(void *)&target,
                                              *(tw_vec2 *)(void *)&v, 1.0, &h));
          break;
        case TW_TYPE_VEC3:
          NF_REFUSED("tw_vec3_to", tw_vec3_to(m, (tw_vec3 *)(void *)&target,
                                              *(tw_vec3 *)(void *)&v, 1.0, &h));
          break;
        case TW_TYPE_VEC4:
          NF_REFUSED("tw_vec4_to", tw_vec4_to(m, (tw_vec4 *)(void *)&target,
                                              *(tw_vec4 *)(void *)&v, 1.0, &h));
          break;
        default:
          NF_REFUSED("tw_color_to",
                     tw_color_to(m, (tw_color *)(void *)&target,
                                 *(tw_color *)(void *)&v, 1.0, &h));
          break;
        }
        if (type != TW_TYPE_DOUBLE && type != TW_TYPE_COLOR) {
          NF_REFUSED("tw_punch",
                     tw_punch(m, type, &target, &v, 1.0, 10, 1.0, &h));
          NF_REFUSED("tw_shake",
                     tw_shake(m, type, &target, &v, 1.0, 10, 90.0, 7, 1, &h));
        }
      }
  }
  /* a registered type's values are its own bytes: they are not read */
  {
    double pair[2] = {0, 0}, nan2[2];
    int type;
    tw_handle h;
    nan2[0] = bad[0];
    nan2[1] = bad[1];
    ck_assert_int_eq(tw_register_type(m, sizeof pair, noop_lerp, NULL, &type),
                     0);
    ck_assert_int_eq(tw_to(m, type, pair, nan2, 1.0, &h), 0);
  }
  tw_manager_free(m);
}
END_TEST
#undef NF_REFUSED

/* Every point of a path, every component. */
START_TEST(test_errors_nonfinite_path) {
  NF_BAD;
  tw_manager *m = tt_manager(NULL, 0);
  unsigned dims, p, c, j;

  for (dims = 2; dims <= 3; dims++)
    for (p = 0; p < 4; p++)
      for (c = 0; c < dims; c++)
        for (j = 0; j < 3; j++) {
          float pts[4 * 3];
          tw__value target;
          tw_handle h = {77, 77};
          nf_state s0;
          unsigned k;
          int kind;

          for (k = 0; k < 4 * dims; k++)
            pts[k] = (float)k;
          pts[p * dims + c] = (float)bad[j];
          memset(&target, 0, sizeof target);
          nf_save(m, &target, &s0);
          for (kind = 0; kind <= TW_PATH_CATMULL_ROM; kind++) {
            ck_assert_int_eq(tw_path(m, dims == 2 ? TW_TYPE_VEC2 : TW_TYPE_VEC3,
                                     &target, pts, 4, (tw_path_kind)kind, 1.0,
                                     &h),
                             TW_EINVAL);
            ck_assert(h.index == 77 && h.gen == 77);
            nf_same(m, &target, &s0, "tw_path", (int)dims, p * dims + c,
                    bad[j]);
          }
        }
  tw_manager_free(m);
}
END_TEST

/* The calls on a live tween, before and after its start: refused, and the
 * tween goes on exactly as its twin, which was not called. */
static void nf_live(int type, unsigned c, double bad, int started, int which) {
  tw_manager *m = tt_manager(NULL, 0);
  tw__value x, y, v, good;
  tw_handle h, g;
  int k, rc = 0;
  const char *what = "";

  nf_value(type, &x, 99, 0.0, 1.0);
  y = x;
  nf_value(type, &v, c, bad, 1.0);
  nf_value(type, &good, 99, 0.0, 5.0);
  ck_assert_int_eq(tw_to(m, type, &x, &good, 1.0, &h), 0);
  ck_assert_int_eq(tw_to(m, type, &y, &good, 1.0, &g), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_OUT_SINE), 0);
  ck_assert_int_eq(tw_set_ease(m, g, TW_EASE_IN_OUT_SINE), 0);
  if (started)
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  switch (which) {
  case 0:
    what = "tw_retarget";
    rc = tw_retarget(m, h, &v, 1.0);
    break;
  case 1:
    what = "tw_change_start";
    rc = tw_change_start(m, h, &v);
    break;
  case 2:
    what = "tw_change_end";
    rc = tw_change_end(m, h, &v, 0);
    break;
  case 3:
    what = "tw_change_values start";
    rc = tw_change_values(m, h, &v, &good);
    break;
  case 4:
    what = "tw_change_values end";
    rc = tw_change_values(m, h, &good, &v);
    break;
  case 5: /* the target's own value, read as a start */
    what = "tw_change_end, a start read";
    x = v;
    y = v;
    rc = tw_change_end(m, h, &good, 1);
    break;
  case 6:
    what = "tw_set_from";
    rc = tw_set_from(m, h, &v);
    break;
  default: /* the target's own value, read as an end */
    what = "tw_set_from, an end read";
    x = v;
    y = v;
    rc = tw_set_from(m, h, &good);
    break;
  }
  ck_assert_msg(rc == TW_EINVAL, "%s, type %d, component %u = %g, %s: %d", what,
                type, c, bad, started ? "started" : "not started", rc);
  for (k = 0; k < 5; k++) {
    ck_assert_msg(memcmp(&x, &y, sizeof x) == 0,
                  "%s, type %d, component %u = %g, %s: not as its twin", what,
                  type, c, bad, started ? "started" : "not started");
    ck_assert_int_eq(tw_is_active(m, h), tw_is_active(m, g));
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  }
  tt_valid(m);
  tw_manager_free(m);
}

START_TEST(test_errors_nonfinite_live) {
  NF_BAD;
  unsigned i, j, c;
  int started, which;

  for (i = 0; i < NF_NTYPES; i++)
    for (j = 0; j < 3; j++)
      for (c = 0; c < nf_count(nf_types[i]); c++)
        for (started = 0; started < 2; started++)
          for (which = 0; which < (started ? 6 : 8); which++)
            nf_live(nf_types[i], c, bad[j], started, which); /* from: locked */
}
END_TEST

/* Refusals that say what went wrong: for every value type and every call
 * that takes only some, a known type it does not take is TW_EUNSUPPORTED
 * and an unknown one TW_ETYPE, changing nothing; a looping tween cannot
 * be retargeted (TW_ELOOPS). */
enum {
  K_CREATE,
  K_SNAP,
  K_ADDITIVE,
  K_RELATIVE,
  K_SPEED,
  K_PUNCH,
  K_SHAKE,
  K_PATH,
  K_SPRING_V,
  K_COUNT
};
static const char *const kind_names[K_COUNT] = {
    "create", "snap",  "additive", "relative", "speed_based",
    "punch",  "shake", "path",     "spring_v"};

/* Whether a call of kind k takes a value of type ty (custom: registered). */
static int takes(int k, int ty, int custom) {
  int vec = ty == TW_TYPE_VEC2 || ty == TW_TYPE_VEC3 || ty == TW_TYPE_VEC4;

  switch (k) {
  case K_CREATE:
    return 1;
  case K_SNAP:
  case K_ADDITIVE:
  case K_SPRING_V:
    return !custom && ty != TW_TYPE_RGBA8;
  case K_RELATIVE:
  case K_SPEED:
    return !custom;
  case K_PUNCH:
  case K_SHAKE:
    return ty == TW_TYPE_FLOAT || vec;
  default: /* K_PATH */
    return ty == TW_TYPE_VEC2 || ty == TW_TYPE_VEC3;
  }
}

/* Calls kind k on a value of type ty at v (a tween made on it first for
 * the settings); returns the call's code. */
static int call_kind(tw_manager *m, int k, int ty, void *v, const void *end) {
  static const float pts[12] = {0, 0, 0, 1, 1, 1, 2, 0, 2, 3, 3, 3};
  tw_spring sp;
  tw_handle h;
  int rc;

  switch (k) {
  case K_CREATE:
    return tw_to(m, ty, v, end, 1, &h);
  case K_PUNCH:
    return tw_punch(m, ty, v, end, 1, 10, 1, &h);
  case K_SHAKE:
    return tw_shake(m, ty, v, end, 1, 10, 90, 7, 1, &h);
  case K_PATH:
    return tw_path(m, ty, v, pts, 3, TW_PATH_LINEAR, 1, &h);
  case K_SPRING_V:
    tw_spring_init(&sp);
    return tw_spring_to_v(m, ty, v, end, &sp, end, &h);
  default:
    break;
  }
  rc = tw_to(m, ty, v, end, 1, &h);
  ck_assert_int_eq(rc, 0);
  if (k == K_SNAP)
    return tw_set_snap(m, h, 1);
  if (k == K_ADDITIVE)
    return tw_set_additive(m, h, 1);
  if (k == K_RELATIVE)
    return tw_set_relative(m, h, 1);
  return tw_set_speed_based(m, h, 1);
}

START_TEST(test_errors_unsupported_type) {
  static const int builtins[] = {TW_TYPE_FLOAT, TW_TYPE_DOUBLE, TW_TYPE_INT,
                                 TW_TYPE_VEC2,  TW_TYPE_VEC3,   TW_TYPE_VEC4,
                                 TW_TYPE_COLOR, TW_TYPE_RGBA8};
  static const int unknown[] = {0, -1, 8, 10, 15, 17, 999, INT_MIN, INT_MAX};
  int k, i;

  for (k = 0; k < K_COUNT; k++) {
    for (i = 0; i < 9; i++) { /* the built-ins, and one registered type */
      tw_manager *m = tt_manager(NULL, 0);
      unsigned char v[64], end[64], before[64];
      int ty = i < 8 ? builtins[i] : 0, custom = i == 8, rc, want;
      tw_stats st;

      if (custom)
        ck_assert_int_eq(tw_register_type(m, 16, noop_lerp, NULL, &ty), 0);
      memset(v, 0, sizeof v);
      memset(end, 0, sizeof end);
      end[1] = 0x3f; /* small, finite values of every type */
      memcpy(before, v, sizeof v);
      rc = call_kind(m, k, ty, v, end);
      want = takes(k, ty, custom) ? 0 : TW_EUNSUPPORTED;
      ck_assert_msg(rc == want, "%s on type %d: %s, not %s", kind_names[k], ty,
                    tw_err_name(rc), tw_err_name(want));
      if (want != 0) { /* nothing changed: no tween but the setting's own */
        ck_assert_int_eq(tw_manager_stats(m, &st), 0);
        ck_assert_uint_eq(st.live, k <= K_SPEED && k != K_CREATE ? 1 : 0);
        ck_assert(memcmp(v, before, sizeof v) == 0);
      }
      tt_valid(m);
      tw_manager_free(m);
    }
    for (i = 0; i < 9; i++) { /* types no manager knows */
      tw_manager *m;
      unsigned char v[64], end[64];
      tw_stats st;
      int rc;

      if (k != K_CREATE && k <= K_SPEED)
        continue; /* these take a handle: its tween's type is known */
      m = tt_manager(NULL, 0);
      memset(v, 0, sizeof v);
      memset(end, 0, sizeof end);
      rc = call_kind(m, k, unknown[i], v, end);
      ck_assert_msg(rc == TW_ETYPE, "%s on type %d: %s", kind_names[k],
                    unknown[i], tw_err_name(rc));
      ck_assert_int_eq(tw_manager_stats(m, &st), 0);
      ck_assert_uint_eq(st.live, 0);
      tw_manager_free(m);
    }
  }
}
END_TEST

START_TEST(test_errors_retarget_loops) {
  static const int loops[] = {2, 3, -1};
  int i;

  for (i = 0; i < 3; i++) {
    tw_manager *m = tt_manager(NULL, 0);
    float x = 0, y = 0, to = 5;
    tw_handle h, twin;
    int moment;

    for (moment = 0; moment < 2; moment++) { /* before its start, playing */
      ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &h), 0);
      ck_assert_int_eq(tw_float_to(m, &y, 1, 1, &twin), 0);
      ck_assert_int_eq(tw_set_loops(m, h, loops[i], TW_LOOP_RESTART), 0);
      ck_assert_int_eq(tw_set_loops(m, twin, loops[i], TW_LOOP_RESTART), 0);
      if (moment)
        ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
      ck_assert_int_eq(tw_retarget(m, h, &to, 1), TW_ELOOPS);
      ck_assert_int_eq(tw_retarget(m, h, &to, -1), TW_ELOOPS);
      ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
      ck_assert_msg(memcmp(&x, &y, sizeof x) == 0,
                    "loops %d: the refused retarget changed the tween (%g, "
                    "not %g)",
                    loops[i], x, y);
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
      ck_assert_int_eq(tw_kill(m, twin, 0), 0);
    }
    tt_valid(m);
    tw_manager_free(m);
  }
}
END_TEST

/* tw_last_error_detail: the sentence of the last refusal names the call,
 * the argument and the rule; a success leaves it. */
#define DETAIL(m, prefix, part)                                                \
  do {                                                                         \
    const char *d_ = tw_last_error_detail(m);                                  \
    ck_assert_msg(strncmp(d_, prefix, strlen(prefix)) == 0 &&                  \
                      strstr(d_, part) != NULL && strlen(d_) < 160,            \
                  "detail \"%s\", not \"%s...%s...\"", d_, prefix, part);      \
  } while (0)

enum {
  C_FLOAT,
  C_DOUBLE,
  C_INT,
  C_VEC2,
  C_VEC3,
  C_VEC4,
  C_COLOR,
  C_RGBA8,
  C_TO,
  C_TO_FN,
  C_FROM_TO,
  C_FROM_TO_FN,
  C_PUNCH,
  C_SHAKE,
  C_PATH,
  C_COUNT
};
static const char *const create_names[C_COUNT] = {
    "tw_float_to", "tw_double_to",  "tw_int_to",   "tw_vec2_to", "tw_vec3_to",
    "tw_vec4_to",  "tw_color_to",   "tw_rgba8_to", "tw_to",      "tw_to_fn",
    "tw_from_to",  "tw_from_to_fn", "tw_punch",    "tw_shake",   "tw_path"};

/* Creation call c with duration d on v (NULL target if !target). */
static int create_call(tw_manager *m, int c, double d, int target) {
  static float f;
  static double db;
  static int n;
  static tw_vec4 v4;
  static tw_color col;
  static tw_rgba8 rgba;
  static const float pts[4] = {0, 0, 1, 1};
  tw_vec2 e2 = {1, 1};
  tw_vec3 e3 = {1, 1, 1};
  tw_vec4 e4 = {1, 1, 1, 1};
  tw_color ec = {1, 1, 1, 1};
  tw_rgba8 er = {1, 1, 1, 1};
  float fe = 1;
  void *t = target ? (void *)&v4 : NULL;
  tw_handle h;

  switch (c) {
  case C_FLOAT:
    return tw_float_to(m, target ? &f : NULL, 1, d, &h);
  case C_DOUBLE:
    return tw_double_to(m, target ? &db : NULL, 1, d, &h);
  case C_INT:
    return tw_int_to(m, target ? &n : NULL, 1, d, &h);
  case C_VEC2:
    return tw_vec2_to(m, t, e2, d, &h);
  case C_VEC3:
    return tw_vec3_to(m, t, e3, d, &h);
  case C_VEC4:
    return tw_vec4_to(m, t, e4, d, &h);
  case C_COLOR:
    return tw_color_to(m, target ? &col : NULL, ec, d, &h);
  case C_RGBA8:
    return tw_rgba8_to(m, target ? &rgba : NULL, er, d, &h);
  case C_TO:
    return tw_to(m, TW_TYPE_FLOAT, target ? &f : NULL, &fe, d, &h);
  case C_TO_FN: /* no target: no setter */
    return tw_to_fn(m, TW_TYPE_FLOAT, target ? noop_set : NULL, noop_get, NULL,
                    &fe, d, &h);
  case C_FROM_TO:
    return tw_from_to(m, TW_TYPE_FLOAT, target ? &f : NULL, &fe, &fe, d, &h);
  case C_FROM_TO_FN:
    return tw_from_to_fn(m, TW_TYPE_FLOAT, target ? noop_set : NULL, NULL, &fe,
                         &fe, d, &h);
  case C_PUNCH:
    return tw_punch(m, TW_TYPE_FLOAT, target ? &f : NULL, &fe, d, 10, 1, &h);
  case C_SHAKE:
    return tw_shake(m, TW_TYPE_FLOAT, target ? &f : NULL, &fe, d, 10, 90, 1, 1,
                    &h);
  default:
    return tw_path(m, TW_TYPE_VEC2, t, pts, 2, TW_PATH_LINEAR, d, &h);
  }
}

START_TEST(test_errors_detail_create) {
  const double bad[] = {-1, -1e-300, -HUGE_VAL, HUGE_VAL, NAN};
  static const char *const why[] = {"is negative", "is negative",
                                    "is not a number", "is infinite",
                                    "is not a number"};
  tw_manager *m = tt_manager(NULL, 0);
  char prefix[64];
  int c, i;

  ck_assert_str_eq(tw_last_error_detail(m), "");
  ck_assert_str_eq(tw_last_error_detail(NULL), "the manager is NULL");
  for (c = 0; c < C_COUNT; c++) {
    snprintf(prefix, sizeof prefix, "%s: ", create_names[c]);
    for (i = 0; i < 5; i++) {
      const char *w = bad[i] == -HUGE_VAL ? "is negative" : why[i];
      ck_assert_int_eq(create_call(m, c, bad[i], 1), TW_EINVAL);
      DETAIL(m, prefix, "duration");
      DETAIL(m, prefix, w);
    }
    ck_assert_int_eq(create_call(m, c, 1, 0), TW_EINVAL);
    DETAIL(m, prefix,
           c == C_TO_FN || c == C_FROM_TO_FN ? "set is NULL"
                                             : "target is NULL");
    /* a success leaves the sentence */
    ck_assert_int_eq(create_call(m, c, 1, 1), 0);
    DETAIL(m, prefix,
           c == C_TO_FN || c == C_FROM_TO_FN ? "set is NULL"
                                             : "target is NULL");
  }
  ck_assert_int_eq(tw_to(m, 99, &m, &m, 1, NULL), TW_ETYPE);
  DETAIL(m, "tw_to: ", "type 99 is not a value type");
  {
    float x = 0;
    ck_assert_int_eq(
        tw_path(m, TW_TYPE_FLOAT, &x, &x, 2, TW_PATH_LINEAR, 1, NULL),
        TW_EUNSUPPORTED);
    DETAIL(m, "tw_path: ", "type 1 is not one it takes");
    ck_assert_int_eq(tw_float_to(m, &x, NAN, 1, NULL), TW_EINVAL);
    DETAIL(m, "tw_float_to: ", "end value is not finite");
  }
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Every kind of bad handle, on calls of every family. */
START_TEST(test_errors_detail_handle) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0, to = 1;
  tw_handle live, dead, seq, child, never = {999, 1}, even, future;
  char want[160];
  int k;

  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &live), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &dead), 0);
  ck_assert_int_eq(tw_kill(m, dead, 0), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &child), 0);
  ck_assert_int_eq(tw_sequence(m, &seq), 0);
  ck_assert_int_eq(tw_seq_append(m, seq, child), 0);
  even = live;
  even.gen++;
  future = live;
  future.gen += 2;
  for (k = 0; k < 8; k++) {
    static const char *const fns[8] = {
        "tw_pause", "tw_kill",     "tw_set_delay",  "tw_set_ease",
        "tw_goto",  "tw_retarget", "tw_is_playing", "tw_set_snap"};
    tw_handle hs[5];
    int j;

    hs[0] = dead;
    hs[1] = never;
    hs[2] = even;
    hs[3] = future;
    hs[4] = child;
    for (j = 0; j < 5; j++) {
      tw_handle h = hs[j];
      int rc;
      char prefix[40];

      switch (k) {
      case 0:
        rc = tw_pause(m, h);
        break;
      case 1:
        rc = tw_kill(m, h, 0);
        break;
      case 2:
        rc = tw_set_delay(m, h, 1);
        break;
      case 3:
        rc = tw_set_ease(m, h, TW_EASE_LINEAR);
        break;
      case 4:
        rc = tw_goto(m, h, 0.5, 0);
        break;
      case 5:
        rc = tw_retarget(m, h, &to, 1);
        break;
      case 6:
        rc = tw_is_playing(m, h);
        break;
      default:
        rc = tw_set_snap(m, h, 1);
        break;
      }
      ck_assert_int_eq(rc, j == 4 ? TW_ENESTED : TW_ESTALE);
      snprintf(prefix, sizeof prefix, "%s: ", fns[k]);
      if (j == 0) {
        snprintf(want, sizeof want,
                 "handle (%lu, %lu) is stale: slot %lu is at generation %lu",
                 (unsigned long)dead.index, (unsigned long)dead.gen,
                 (unsigned long)dead.index,
                 (unsigned long)m->slots[dead.index - 1].gen);
        DETAIL(m, prefix, want);
      } else if (j == 4) {
        DETAIL(m, prefix, "is a child of a sequence");
      } else {
        DETAIL(m, prefix, "was never given by this manager");
      }
    }
  }
  ck_assert_int_eq(tw_set_delay(m, live, -2), TW_EINVAL);
  DETAIL(m, "tw_set_delay: ", "delay -2 is negative");
  ck_assert_int_eq(tw_set_loops(m, live, 0, TW_LOOP_RESTART), TW_EINVAL);
  DETAIL(m, "tw_set_loops: ", "loops 0");
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  ck_assert_int_eq(tw_set_delay(m, live, 1), TW_ELOCKED);
  DETAIL(m, "tw_set_delay: ", "has started");
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &live), 0);
  ck_assert_int_eq(tw_set_loops(m, live, 3, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_retarget(m, live, &to, 1), TW_ELOOPS);
  DETAIL(m, "tw_retarget: ", "3 loops");
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Every settings refusal writes its sentence, naming its call: a detail
 * left over from an earlier call is not one. */
START_TEST(test_errors_detail_settings) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0, from = 1;
  tw_handle h, z, seq, started;
  int k;

  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &started), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &h), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1, 0, &z), 0);
  ck_assert_int_eq(tw_sequence(m, &seq), 0);
  for (k = 0; k < 11; k++) {
    static const char *const fns[11] = {
        "tw_set_ease",        "tw_set_update_type", "tw_set_overwrite",
        "tw_set_overwrite",   "tw_set_loops",       "tw_set_loops",
        "tw_set_speed_based", "tw_set_from",        "tw_set_relative",
        "tw_set_autokill",    "tw_set_yoyo_ease"};
    static const int codes[11] = {TW_EEASE,  TW_EINVAL,  TW_EINVAL, TW_ELOCKED,
                                  TW_EINVAL, TW_ELOCKED, TW_EINVAL, TW_EINVAL,
                                  TW_EINVAL, TW_ELOCKED, TW_EEASE};
    char prefix[40];
    int rc;

    /* a sentence of another call, which must not stand */
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, -1, 0), TW_EINVAL);
    switch (k) {
    case 0:
      rc = tw_set_ease(m, h, (tw_ease)999);
      break;
    case 1:
      rc = tw_set_update_type(m, h, (tw_update_type)9);
      break;
    case 2:
      rc = tw_set_overwrite(m, h, (tw_overwrite)9);
      break;
    case 3:
      rc = tw_set_overwrite(m, started, TW_OVERWRITE_KILL);
      break;
    case 4:
      rc = tw_set_loops(m, z, -1, TW_LOOP_RESTART);
      break;
    case 5:
      rc = tw_set_loops(m, started, 2, TW_LOOP_RESTART);
      break;
    case 6:
      rc = tw_set_speed_based(m, seq, 1);
      break;
    case 7:
      rc = tw_set_from(m, seq, &from);
      break;
    case 8:
      rc = tw_set_relative(m, seq, 1);
      break;
    case 9:
      rc = tw_set_autokill(m, started, 0);
      break;
    default:
      rc = tw_set_yoyo_ease(m, h, (tw_ease)999);
      break;
    }
    ck_assert_msg(rc == codes[k], "%s (case %d) returned %s, not %s", fns[k], k,
                  tw_err_name(rc), tw_err_name(codes[k]));
    snprintf(prefix, sizeof prefix, "%s: ", fns[k]);
    DETAIL(m, prefix, "");
  }
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* The refusals of the queries and the filtered controls write their
 * sentence too, naming their call. */
START_TEST(test_errors_detail_queries) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0, v = 0;
  tw_handle h, out[2];
  int k;

  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &h), 0);
  for (k = 0; k < 10; k++) {
    static const char *const fns[10] = {
        "tw_elapsed",      "tw_count",  "tw_find_id",   "tw_find_target",
        "tw_writer",       "tw_do_all", "tw_do_target", "tw_kill_all_except",
        "tw_path_tangent", "tw_do_id"};
    char prefix[40];
    int rc;

    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, -1, 0), TW_EINVAL);
    switch (k) {
    case 0:
      rc = tw_elapsed(m, h, NULL);
      break;
    case 1:
      rc = tw_count(m, (tw_count_what)99);
      break;
    case 2:
      rc = tw_find_id(m, 7, NULL, 2);
      break;
    case 3:
      rc = tw_find_target(m, NULL, out, 2);
      break;
    case 4:
      rc = tw_writer(m, NULL, &h);
      break;
    case 5:
      rc = tw_do_all(m, (tw_do)99);
      break;
    case 6:
      rc = tw_do_target(m, NULL, TW_DO_PAUSE);
      break;
    case 7:
      rc = tw_kill_all_except(m, NULL, 2, 0);
      break;
    case 8:
      rc = tw_path_tangent(m, h, &v);
      break;
    default:
      rc = tw_do_id(m, 7, (tw_do)-5);
      break;
    }
    ck_assert_msg(rc == TW_EINVAL, "%s returned %s", fns[k], tw_err_name(rc));
    snprintf(prefix, sizeof prefix, "%s: ", fns[k]);
    DETAIL(m, prefix, "");
  }
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* TW_OK is 0, and its name is "TW_OK". */
START_TEST(test_errors_ok) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0;

  ck_assert_int_eq(TW_OK, 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, NULL), TW_OK);
  ck_assert_str_eq(tw_err_name(TW_OK), "TW_OK");
  ck_assert_str_eq(tw_strerror(TW_OK), "success");
  tw_manager_free(m);
}
END_TEST

/* A refused handle's sentence tells the moment of the refusal, though it
 * is asked later: after the slot took a new tween (a new generation),
 * after calls that succeed, and until a later refusal writes its own. */
START_TEST(test_errors_detail_later) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0, y = 0;
  tw_handle dead, again, h;
  char want[160];
  unsigned long gen_then;

  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &dead), 0);
  ck_assert_int_eq(tw_kill(m, dead, 0), 0);
  ck_assert_int_eq(tw_pause(m, dead), TW_ESTALE);
  snprintf(want, sizeof want,
           "tw_pause: handle (%lu, %lu) is stale: slot %lu is at generation "
           "%lu, its tween was killed",
           (unsigned long)dead.index, (unsigned long)dead.gen,
           (unsigned long)dead.index,
           gen_then = (unsigned long)m->slots[dead.index - 1].gen);
  ck_assert_int_eq(tw_float_to(m, &y, 1, 1, &again), 0);
  ck_assert_uint_eq(again.index, dead.index); /* the slot, taken again */
  ck_assert_uint_ne(again.gen, dead.gen);
  ck_assert_uint_ne(m->slots[dead.index - 1].gen, gen_then); /* moved on */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  ck_assert_str_eq(tw_last_error_detail(m), want);
  ck_assert_str_eq(tw_last_error_detail(m), want); /* asked twice */
  ck_assert_int_eq(tw_set_delay(m, again, -1), TW_EINVAL);
  DETAIL(m, "tw_set_delay: ", "delay -1 is negative");
  h = dead;
  h.index = 0;
  ck_assert_int_eq(tw_kill(m, h, 0), TW_ESTALE);
  DETAIL(m, "tw_kill: ", "names no tween");
  ck_assert_int_eq(tw_set_delay(m, again, -2), TW_EINVAL);
  DETAIL(m, "tw_set_delay: ", "delay -2 is negative");
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_errors_detail_calls) {
  tw_manager *m = tt_manager(NULL, 0), *other = tt_manager(NULL, 0);
  unsigned char buf[4096];
  float x = 0;
  size_t need, used;
  tw_rgba8 c = {0, 0, 0, 0}, ce = {9, 9, 9, 9};
  tw_handle h;

  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, -1, 0), TW_EINVAL);
  DETAIL(m, "tw_update: ", "dt -1 is negative");
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0, NAN), TW_EINVAL);
  DETAIL(m, "tw_update: ", "unscaled_dt");
  ck_assert_int_eq(tw_update(m, (tw_update_type)7, 0, 0), TW_EINVAL);
  DETAIL(m, "tw_update: ", "update type 7");
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, NULL), 0);
  ck_assert_int_eq(tw_snapshot_size(m, &need), 0);
  ck_assert_int_eq(tw_snapshot(m, buf, 8, &used), TW_ERANGE);
  {
    char want[80];
    snprintf(want, sizeof want, "cap 8 is below the %lu bytes",
             (unsigned long)need);
    DETAIL(m, "tw_snapshot: ", want);
  }
  ck_assert_uint_le(need, sizeof buf);
  ck_assert_int_eq(tw_snapshot(m, buf, sizeof buf, &used), 0);
  ck_assert_int_eq(tw_restore(other, buf, used), TW_EFOREIGN);
  DETAIL(other, "tw_restore: ", "another manager");
  buf[0] ^= 1;
  ck_assert_int_eq(tw_restore(m, buf, used), TW_EFORMAT);
  DETAIL(m, "tw_restore: ", "does not start as a snapshot");
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, NULL), 0);
  ck_assert_int_eq(tw_manager_set_capacity(m, 1, 0), TW_ERANGE);
  DETAIL(m, "tw_manager_set_capacity: ", "1 tweens are below the 2 live");
  ck_assert_int_eq(tw_rgba8_to(m, &c, ce, 1, &h), 0);
  ck_assert_int_eq(tw_set_snap(m, h, 1), TW_EUNSUPPORTED);
  DETAIL(m, "tw_set_snap: ", "type 9 is not one it takes");
  tw_manager_free(m);
  tw_manager_free(other);
}
END_TEST

/* The sentences' formatter (tw__fail) writes what snprintf writes, for
 * every conversion the library's sentences use (%d %u %ld %lu %zu %g %s
 * %.40s %%), over edge values and 100,000 doubles of every magnitude
 * (a third of them halfway between two six-digit numbers, but for their
 * binary error),
 * and cuts a long sentence where snprintf cuts it. */
#define FMT_EQ(m, buf, ...)                                                    \
  do {                                                                         \
    tw__fail(m, 0, "f", __VA_ARGS__);                                          \
    ck_assert_int_ge(snprintf(buf, sizeof buf, "f: " __VA_ARGS__), 0);         \
    ck_assert_str_eq(tw_last_error_detail(m), buf);                            \
  } while (0)

START_TEST(test_errors_detail_format) {
  /* not static: HUGE_VAL and NAN are no constant expressions to tcc */
  const double g[] = {0.0,          -0.0,         1.0,
                      -1.5,         0.1,          1e-5,
                      2.5e-4,       1.0 / 3,      100.0,
                      123456.0,     1234567.0,    999999.5,
                      1234565.0,    9999995.0,    0.0001,
                      0.00001,      99999.95,     1e300,
                      -1e-300,      5e-324,       DBL_MAX,
                      DBL_MIN,      HUGE_VAL,     -HUGE_VAL,
                      NAN,          1e22,         1e23,
                      86400.25,     1e15 + 0.3,   9.9999780038362546e-315,
                      4.394775e-21, 7.086715e-19, 1e-314};
  static const long d[] = {0,  1,       -1,      9,        10,
                           42, INT_MAX, INT_MIN, LONG_MAX, LONG_MIN};
  static const char *const s[] = {
      "", "x", "a name of forty characters, exactly....",
      "a name longer than forty characters, cut at forty"};
  char buf[TW__DETAIL_MAX];
  tw_manager *m = tt_manager(NULL, 0);
  uint64_t r = 12345;
  unsigned i;

  for (i = 0; i < sizeof g / sizeof g[0]; i++)
    FMT_EQ(m, buf, "duration %g %s|%g", g[i], "is", -g[i]);
  for (i = 0; i < 100000; i++) {
    double v;

    r = r * 6364136223846793005u + 1442695040888963407u;
    if (i % 3 == 0)
      /* any magnitude: a mantissa of 53 bits, 2^-1074 to 2^1023 */
      v = ldexp((double)(r >> 11), (int)(r % 2098) - 1074 - 53);
    else if (i % 3 == 1)
      /* a few decimal digits, as a program writes them */
      v = (double)(r >> 40) / pow(10, (double)(r % 12));
    else
      /* seven digits, the last a 5: halfway, but for the binary error */
      v = ((double)(r >> 44) * 10 + 5) * pow(10, (double)(r % 60) - 40);
    FMT_EQ(m, buf, "%g", v);
    FMT_EQ(m, buf, "%g", -v);
  }
  for (i = 0; i < sizeof d / sizeof d[0]; i++) {
    FMT_EQ(m, buf, "%d %u %ld %lu %zu", (int)d[i], (unsigned)d[i], d[i],
           (unsigned long)d[i], (size_t)d[i]);
  }
  for (i = 0; i < sizeof s / sizeof s[0]; i++)
    FMT_EQ(m, buf, "[%s] \"%.40s\" 100%%", s[i], s[i]);
  /* longer than the room, in the text, in a number, in a string */
  for (i = 0; i < 120; i++) {
    char pre[120];

    memset(pre, '-', i);
    pre[i] = '\0';
    FMT_EQ(m, buf, "%s%s %g %lu %s", pre, s[3], 1.0 / 7, ULONG_MAX, s[3]);
    FMT_EQ(m, buf, "%s%g %g|%g%g", pre, 1.0 / 3, -2.5e-7, 1e22, 0.5);
  }
  /* a sentence's numbers are written when asked, once: asked again, the
   * same; the next refusal's sentence has none of them */
  FMT_EQ(m, buf, "%g and %g", 0.25, 1e300);
  ck_assert_str_eq(tw_last_error_detail(m), "f: 0.25 and 1e+300");
  tw__fail(m, 0, "f", "%g", 2.0);
  tw__fail(m, 0, "f", "%d", 3);
  ck_assert_str_eq(tw_last_error_detail(m), "f: 3");
  tw__fail(m, 0, "f", "%g", 2.0);
  {
    tw_handle zero;
    memset(&zero, 0, sizeof zero);
    ck_assert_int_ne(tw_kill(m, zero, 0), TW_OK);
  }
  ck_assert_str_eq(tw_last_error_detail(m),
                   "tw_kill: handle (0, 0) names no tween");
  ck_assert_str_eq(tw_last_error_detail(m),
                   "tw_kill: handle (0, 0) names no tween");
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

static Suite *errors_suite(void) {
  Suite *s = suite_create("errors");

#define ADD(name) TT_ADD(s, test_errors_##name, #name, 300);
  ADD(null_manager)
  ADD(null_pointers)
  ADD(durations)
  ADD(loops)
  ADD(ease)
  ADD(update_type)
  ADD(update_dt)
  ADD(locked)
  ADD(infinite)
  ADD(strerror)
  ADD(config) {
    /* An allocation failure at every fault point of a scenario (some
       thousands of runs): tagged "exhaustive", so that a slow run
       (valgrind, qemu) may leave it out with CK_EXCLUDE_TAGS=exhaustive;
       make check runs it, natively and under the sanitizers (LeakSanitizer
       sees a leak on a failure path). */
    TCase *tc = tcase_create("oom");
    tcase_set_tags(tc, "exhaustive");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_errors_oom);
    suite_add_tcase(s, tc);
  }
  ADD(oom_growth_then_record)
  ADD(nonfinite_create)
  ADD(nonfinite_path)
  ADD(nonfinite_live)
  ADD(unsupported_type)
  ADD(retarget_loops)
  ADD(detail_create)
  ADD(detail_handle)
  ADD(detail_later)
  ADD(detail_calls)
  ADD(detail_settings)
  ADD(detail_queries)
  ADD(detail_format)
  ADD(ok)
#undef ADD
  return s;
}

int main(void) { return tt_run(errors_suite()); }

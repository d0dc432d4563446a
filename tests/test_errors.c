/* SPDX-License-Identifier: MIT */
/* Bad input and out of memory: every call refuses bad input with a clear
 * error and changes nothing; every allocation can fail, the call then
 * returns TW_ENOMEM, the manager stays valid and nothing leaks. */
#include "util.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tween-private.h"

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
  ck_assert_ptr_null(tw__lookup(m, k)->rec);
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
  ck_assert_ptr_null(tw__lookup(m, h)->rec);
  ck_assert_int_eq(tw__loops(tw__lookup(m, h)), 1);
  /* infinitely many loops of no time */
  ck_assert_int_eq(tw_float_to(m, &y, 4.0f, 0.0, &z), 0);
  ck_assert_int_eq(tw_set_loops(m, z, -1, TW_LOOP_RESTART), TW_EINVAL);
  ck_assert_int_eq(tw__loops(tw__lookup(m, z)), 1);
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
  ck_assert_ptr_null(tw__lookup(m, h)->rec);
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
  EQF(tw__lookup(m, h)->rec->delay, 0.0);
  ck_assert_int_eq(tw__lookup(m, h)->rec->loop_type, TW_LOOP_RESTART);
  ck_assert_int_eq(tw__loops(tw__lookup(m, h)), 1);
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
      TW_EINVAL,  TW_ENOMEM, TW_ESTALE, TW_ELIMIT,    TW_ERANGE,  TW_EBUSY,
      TW_ELOCKED, TW_ETYPE,  TW_EEASE,  TW_EINFINITE, TW_ENESTED, TW_EINTERNAL};
  static const char *const names[] = {
      "TW_EINVAL", "TW_ENOMEM",    "TW_ESTALE",  "TW_ELIMIT",
      "TW_ERANGE", "TW_EBUSY",     "TW_ELOCKED", "TW_ETYPE",
      "TW_EEASE",  "TW_EINFINITE", "TW_ENESTED", "TW_EINTERNAL"};
  int i, j;

  for (i = 0; i < 12; i++) {
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
  ck_assert_str_eq(tw_err_name(-13), "TW_UNKNOWN");
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
    const tw__record *r0_ = tw__lookup(m, h)->rec;                             \
    size_t f_ = A.failures;                                                    \
    int rc_ = (call);                                                          \
    if (A.failures != f_) {                                                    \
      ck_assert_int_eq(rc_, TW_ENOMEM);                                        \
      ck_assert_ptr_null(r0_);                                                 \
      ck_assert_ptr_null(tw__lookup(m, h)->rec);                               \
      tt_valid(m);                                                             \
      goto failed;                                                             \
    }                                                                          \
    ck_assert_int_eq(rc_, 0);                                                  \
    ck_assert_ptr_nonnull(tw__lookup(m, h)->rec);                              \
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

static Suite *errors_suite(void) {
  Suite *s = suite_create("errors");
  TCase *tc;

#define ADD(name)                                                              \
  tc = tcase_create(#name);                                                    \
  tcase_set_timeout(tc, 300);                                                  \
  tcase_add_test(tc, test_errors_##name);                                      \
  suite_add_tcase(s, tc);
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
  ADD(config)
  ADD(oom)
  ADD(oom_growth_then_record)
#undef ADD
  return s;
}

int main(void) { return tt_run(errors_suite()); }

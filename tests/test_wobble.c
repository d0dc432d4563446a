/* SPDX-License-Identifier: MIT */
/* wobble.c's shaped values: snapping, punch and shake, additive writes,
 * and the saturation of their sums (and of relative ends).
 *
 * Values at chosen times, exact ends, refusals that change nothing, and
 * re-entrancy from callbacks.  Every manager uses the counting allocator
 * and must give back every block when freed. */
#include "util.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

static tt_alloc_state al;
static int hits; /* callbacks that ran */

static tw_manager *mk(void) { return tt_manager(&al, 0); }

static void done(tw_manager *m) { tt_done(&al, m); }

/* ------------------------------------------------------------------ */
/* snapping                                                            */

START_TEST(test_wobble_snap_writes_multiples_of_its_step) {
  tw_manager *m = mk();
  float x = 0;
  int n = 0;
  tw_vec2 v = {0, 0}, to = {10, -4};
  tw_handle h = tt_linear(m, &x, 10, 1), g, k;

  ck_assert_int_eq(tw_set_snap(m, h, 1), 0);
  ck_assert_int_eq(tw_int_to(m, &n, 20, 1, &g), 0);
  ck_assert_int_eq(tw_set_ease(m, g, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_snap(m, g, 5), 0);
  ck_assert_int_eq(tw_vec2_to(m, &v, to, 1, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_snap(m, k, 1.5), 0);
  NOW(m, 0.25);
  EQF(x, 3.0f); /* 2.5, half away from zero */
  ck_assert_int_eq(n, 5);
  EQF(v.x, 3.0f);  /* 2.5 */
  EQF(v.y, -1.5f); /* -1 */
  NOW(m, 0.125);
  EQF(x, 4.0f);                              /* 3.75 */
  ck_assert_int_eq(n, 10);                   /* 7.5 */
  EQF(v.x, 4.5f);                            /* 3.75 */
  EQF(v.y, -1.5f);                           /* -1.5 */
  ck_assert_int_eq(tw_set_snap(m, h, 0), 0); /* off */
  NOW(m, 0.125);
  EQF(x, 5.0f);
  NOW(m, 0.125);
  EQF(x, 6.25f);
  NOW(m, 0.375);
  EQF(x, 10.0f);
  ck_assert_int_eq(n, 20);
  EQF(v.x, 10.5f); /* an end that is no multiple is snapped too */
  EQF(v.y, -4.5f);
  done(m);
}
END_TEST

/* Ends that are multiples stay exact, however the step rounds. */
START_TEST(test_wobble_snap_keeps_ends_that_are_multiples_exact) {
  tw_manager *m = mk();
  static const double steps[] = {0.1, 0.3, 1.0 / 3, 0.05, 0.7};
  size_t i;

  for (i = 0; i < sizeof steps / sizeof *steps; i++) {
    int j;
    for (j = -7; j <= 7; j++) {
      float x = (float)(steps[i] * 3), end = (float)(steps[i] * j);
      double y = steps[i] * 2, dend = steps[i] * j;
      tw_handle h, g;
      ck_assert_int_eq(tw_float_to(m, &x, end, 0.5, &h), 0);
      ck_assert_int_eq(tw_set_snap(m, h, steps[i]), 0);
      ck_assert_int_eq(tw_double_to(m, &y, dend, 0.5, &g), 0);
      ck_assert_int_eq(tw_set_snap(m, g, steps[i]), 0);
      NOW(m, 0.25);
      ck_assert(fabs(x / steps[i] - floor(x / steps[i] + 0.5)) < 1e-5);
      ck_assert(fabs(y / steps[i] - floor(y / steps[i] + 0.5)) < 1e-9);
      NOW(m, 0.25);
      EQF(x, end);
      EQD(y, dend);
    }
  }
  done(m);
}
END_TEST

static float seen;
static int set_seen(void *ud, const void *v) {
  (void)ud;
  memcpy(&seen, v, sizeof seen);
  return 0;
}
static void get_zero(void *ud, void *out) {
  float z = 0;
  (void)ud;
  memcpy(out, &z, sizeof z);
}

static void reg_lerp(void *out, const void *a, const void *b, double e,
                     void *ud) {
  (void)ud;
  (void)e;
  (void)a;
  memcpy(out, b, 4);
}

START_TEST(test_wobble_snap_refused_changes_nothing) {
  tw_manager *m = mk();
  tw_rgba8 rgba = {0, 0, 0, 0}, rgba_end = {9, 9, 9, 9};
  float x = 0;
  int type;
  tw_handle h, s, r;
  char v[4] = {0}, end[4] = {1, 2, 3, 4};

  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_seen, get_zero, NULL, &(float){8}, 1, &h),
      0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_snap(m, h, 4), 0);
  ck_assert_int_eq(tw_set_snap(m, h, -1), TW_EINVAL);
  ck_assert_int_eq(tw_set_snap(m, h, NAN), TW_EINVAL);
  ck_assert_int_eq(tw_set_snap(m, h, HUGE_VAL), TW_EINVAL);
  NOW(m, 0.25); /* through the setter, snapped to 4 still */
  EQF(seen, 4.0f);
  ck_assert_int_eq(tw_register_type(m, 4, reg_lerp, NULL, &type), 0);
  ck_assert_int_eq(tw_to(m, type, v, end, 1, &r), 0);
  ck_assert_int_eq(tw_set_snap(m, r, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_set_snap(m, s, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_rgba8_to(m, &rgba, rgba_end, 1, &r), 0);
  ck_assert_int_eq(tw_set_snap(m, r, 1), TW_EUNSUPPORTED);
  h = tt_linear(m, &x, 1, 1);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_set_snap(m, h, 1), TW_ESTALE);
  done(m);
}
END_TEST

static void snap_on(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  hits++;
  ck_assert_int_eq(tw_set_snap(m, h, 4), 0);
}

START_TEST(test_wobble_snap_set_from_a_callback_applies_at_once) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = tt_linear(m, &x, 16, 1);

  hits = 0;
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, snap_on, NULL), 0);
  NOW(m, 0.125);
  EQF(x, 2.0f); /* written before the callback */
  NOW(m, 0.125);
  EQF(x, 4.0f);
  NOW(m, 0.25);
  EQF(x, 8.0f);
  NOW(m, 0.375);
  EQF(x, 16.0f);
  ck_assert_int_eq(hits, 4);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* punch and shake                                                     */

/* The punch's offset at fraction e from the header's rule (n segments,
 * waypoints 0 and n the start, peak i alternating, decaying). */
static double punch_at(double amount, double elasticity, int n, double e) {
  double p = e * n, j = floor(p), u = p - j, w = u * (2 - u), a, b;
  double wp[64];
  int i;

  for (i = 0; i <= n; i++) {
    int k = i - 1;
    double amp = amount * (n - k) / n;
    wp[i] = i == 0 || i == n ? 0 : k % 2 == 0 ? amp : -amp * elasticity;
  }
  if (e <= 0 || e >= 1)
    return 0;
  a = wp[(int)j];
  b = wp[(int)j + 1];
  return a + (b - a) * w;
}

START_TEST(test_wobble_punch_follows_its_segments_and_returns_to_the_start) {
  tw_manager *m = mk();
  float x = 2;
  float punch = 1;
  tw_handle h;
  int i;

  /* vibrato 4 over 1 s: 4 segments */
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &punch, 1, 4, 0.5, &h), 0);
  for (i = 1; i < 16; i++) {
    NOW(m, 0.0625);
    EQF(x, (float)(2.0 + punch_at(1, 0.5, 4, i / 16.0)));
  }
  EQF(x, (float)(2.0 + punch_at(1, 0.5, 4, 15 / 16.0)));
  NOW(m, 0.0625);
  EQF(x, 2.0f); /* the end: the start, exactly */
  ck_assert(!tw_is_active(m, h));
  /* the waypoints themselves */
  EQD(punch_at(1, 0.5, 4, 0.25), 1.0);
  EQD(punch_at(1, 0.5, 4, 0.5), -0.375);
  EQD(punch_at(1, 0.5, 4, 0.75), 0.5);
  done(m);
}
END_TEST

START_TEST(test_wobble_punch_moves_every_component_of_a_vector) {
  tw_manager *m = mk();
  tw_vec3 v = {1, 2, 3}, punch = {0.5f, -1, 0};
  tw_vec2 w = {0.1f, 0.2f}, wp = {3, 3};
  tw_handle h, g;
  double e;

  /* vibrato 10 over 0.5 s: 5 segments; the default elasticity 1 */
  ck_assert_int_eq(tw_punch(m, TW_TYPE_VEC3, &v, &punch, 0.5, 10, 1, &h), 0);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_VEC2, &w, &wp, 0.5, 0, 1, &g), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  NOW(m, 0.1); /* the first peak */
  e = 0.1 / 0.5;
  EQF(v.x, (float)(1 + punch_at(0.5, 1, 5, e)));
  EQF(v.y, (float)(2 + punch_at(-1, 1, 5, e)));
  EQF(v.z, 3.0f);
  EQF(w.x, (float)(0.1f + punch_at(3, 1, 2, e)));
  NOW(m, 0.4);
  EQF(v.x, 1.0f);
  EQF(v.y, 2.0f);
  EQF(v.z, 3.0f);
  EQF(w.x, (float)0.1f);
  EQF(w.y, (float)0.2f);
  /* a jump lands where the steps landed */
  ck_assert_int_eq(tw_goto(m, h, 0.1, 0), 0);
  EQF(v.x, (float)(1 + punch_at(0.5, 1, 5, e)));
  done(m);
}
END_TEST

/* The shake's offsets at the 1/16 points of 2 s. */
static void shake_run(tw_manager *m, uint32_t seed, int fade, double rnd,
                      tw_vec2 *out) {
  tw_vec2 v = {1, -1}, strength = {2, 1};
  tw_handle h;
  int i;

  ck_assert_int_eq(
      tw_shake(m, TW_TYPE_VEC2, &v, &strength, 2, 4, rnd, seed, fade, &h), 0);
  for (i = 0; i < 16; i++) {
    NOW(m, 0.125);
    out[i].x = v.x - 1;
    out[i].y = v.y + 1;
  }
  EQF(v.x, 1.0f); /* the end: the start, exactly */
  EQF(v.y, -1.0f);
  ck_assert(!tw_is_active(m, h));
}

START_TEST(
    test_wobble_shake_is_the_same_for_a_seed_and_stays_within_its_strength) {
  tw_manager *m = mk(), *m2 = tt_manager(NULL, 0);
  tw_vec2 a[16], b[16];
  int i, differ = 0, moved = 0;

  shake_run(m, 7, 1, 90, a);
  shake_run(m2, 7, 1, 90, b);
  ck_assert(memcmp(a, b, sizeof a) == 0);
  shake_run(m2, 8, 1, 90, b);
  for (i = 0; i < 15; i++) {
    differ += a[i].x != b[i].x;
    moved += a[i].x != 0 && a[i].y != 0;
    /* within the strength, and with fade-out within its decay: at the
     * waypoint 8 segments of 2 s x 4 */
    ck_assert(fabs(a[i].x) <= 2.0f && fabs(a[i].y) <= 1.0f);
  }
  ck_assert_int_gt(differ, 10);
  ck_assert_int_gt(moved, 10);
  /* waypoint j (at j/8 of the time) has |offset| <= (8 - (j - 1)) / 8 */
  for (i = 1; i < 15; i += 2) {
    int j = (i + 1) / 2;
    ck_assert(fabs(a[i].x) <= 2.0 * (8 - (j - 1)) / 8 + 1e-6);
  }
  ck_assert_int_eq(tw_manager_free(m2), 0);
  done(m);
}
END_TEST

START_TEST(test_wobble_shake_without_randomness_alternates_along_the_strength) {
  tw_manager *m = mk();
  tw_vec2 a[16], b[16];
  int i, off_axis = 0;

  /* randomness 0: along the strength (2, 1), signs alternating, full
   * strength without fade-out at every waypoint */
  shake_run(m, 3, 0, 0, a);
  for (i = 1; i < 15; i += 2) {
    int j = (i + 1) / 2;
    EQF(a[i].x, (float)((j % 2 ? 2.0 : -2.0) + 1) - 1);
    EQF(a[i].y, (float)((j % 2 ? 1.0 : -1.0) - 1) + 1);
  }
  /* with fade-out, peak j - 1 keeps (8 - (j - 1)) / 8 of the strength */
  shake_run(m, 3, 1, 0, a);
  for (i = 1; i < 15; i += 2) {
    int j = (i + 1) / 2;
    double f = (8.0 - (j - 1)) / 8.0;
    EQF(a[i].x, (float)((j % 2 ? 2.0 : -2.0) * f + 1) - 1);
    EQF(a[i].y, (float)((j % 2 ? 1.0 : -1.0) * f - 1) + 1);
  }
  /* randomness 180: off the axis */
  shake_run(m, 3, 0, 180, b);
  for (i = 1; i < 15; i += 2)
    off_axis += fabs(b[i].x - 2 * b[i].y) > 1e-3;
  ck_assert_int_gt(off_axis, 3);
  done(m);
}
END_TEST

START_TEST(test_wobble_punch_and_shake_refused_create_nothing) {
  tw_manager *m = mk();
  float x = 0, p = 1, bad = NAN;
  double d = 0;
  int n = 0;
  tw_handle h = {0, 0};

  ck_assert_int_eq(tw_punch(m, TW_TYPE_INT, &n, &p, 1, 10, 1, &h),
                   TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_DOUBLE, &d, &p, 1, 10, 1, &h),
                   TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_shake(m, TW_TYPE_COLOR, &x, &p, 1, 10, 90, 0, 1, &h),
                   TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, NULL, &p, 1, 10, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, NULL, 1, 10, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &bad, 1, 10, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &p, -1, 10, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &p, 1, -1, 1, &h), TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &p, 1, 10, 1.5, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &p, 1, 10, NAN, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_shake(m, TW_TYPE_FLOAT, &x, &p, 1, 10, 181, 0, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_shake(m, TW_TYPE_FLOAT, &x, &p, 1, 10, -1, 0, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_shake(NULL, TW_TYPE_FLOAT, &x, &p, 1, 10, 9, 0, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0); /* nothing created */
  ck_assert(TW_HANDLE_IS_NONE(h));
  NOW(m, 1);
  EQF(x, 0.0f);
  done(m);
}
END_TEST

static void replay(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  if (hits++ == 0)
    ck_assert_int_eq(tw_restart(m, h, 1, -1), 0);
}

/* A COMPLETE callback restarts a shake: it replays the same values. */
START_TEST(
    test_wobble_shake_restarted_by_its_callback_replays_the_same_values) {
  tw_manager *m = mk();
  float x = 5, s = 1, first[8];
  tw_handle h;
  int i;

  hits = 0;
  ck_assert_int_eq(tw_shake(m, TW_TYPE_FLOAT, &x, &s, 1, 8, 90, 42, 1, &h), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, replay, NULL), 0);
  for (i = 0; i < 8; i++) {
    NOW(m, 0.125);
    first[i] = x;
  }
  ck_assert_int_eq(hits, 1);
  EQF(x, 5.0f); /* restarted at its start */
  for (i = 0; i < 8; i++) {
    NOW(m, 0.125);
    EQF(x, first[i]);
  }
  ck_assert_int_eq(hits, 2);
  ck_assert(!tw_is_active(m, h));
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* additive                                                            */

/* An additive "move by" tween of x. */
static tw_handle by(tw_manager *m, float *x, float amount, double d) {
  tw_handle h = tt_linear(m, x, amount, d);

  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
  return h;
}

/* Alone on its value, with steps of every size: the changes it adds sum to
 * end - start exactly, and it ends exactly on its end. */
START_TEST(test_wobble_additive_adds_exactly_end_minus_start) {
  static const double dts[] = {0.013, 0.2, 0.0071, 0.31, 0.05, 0.6};
  tw_manager *m = mk();
  float x = 0.37f, prev;
  double sum = 0;
  tw_handle h = tt_linear(m, &x, 12.71f, 1);
  size_t i = 0;

  ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_OUT_SINE), 0);
  while (tw_is_active(m, h)) {
    prev = x;
    NOW(m, dts[i % 6]);
    i++;
    sum += (double)x - prev;
  }
  {
    /* through variables: x87 may keep float constants wider */
    volatile float end = 12.71f, start = 0.37f;
    EQD(sum, (double)end - (double)start);
  }
  EQF(x, (float)12.71f);
  done(m);
}
END_TEST

/* Additive tweens combine with each other and with the program's writes,
 * in creation order. */
START_TEST(test_wobble_additive_combines_in_creation_order) {
  tw_manager *m = mk();
  float x = 1;
  tw_handle base = tt_linear(m, &x, 11, 1), a, b;
  int i;

  ck_assert_int_eq(tw_set_additive(m, base, 1), 0); /* moves by 10 */
  a = by(m, &x, 4, 0.5);
  b = by(m, &x, -2, 2);
  for (i = 1; i <= 32; i++) {
    double t = i / 16.0;
    NOW(m, 0.0625);
    EQF(x, (float)(1 + 10 * fmin(t, 1) + 4 * fmin(t / 0.5, 1) -
                   2 * fmin(t / 2, 1) + (i > 8 ? 100 : 0)));
    if (i == 8)
      x += 100; /* the program's own write */
  }
  ck_assert(!tw_is_active(m, a) && !tw_is_active(m, b));
  EQF(x, 113.0f);
  done(m);
}
END_TEST

START_TEST(test_wobble_additive_controls_add_only_the_change) {
  tw_manager *m = mk();
  float x = 0;
  int n = 10;
  tw_vec2 v = {1, 1}, to = {2, -2};
  tw_handle h = by(m, &x, 8, 1), g, k;

  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  ck_assert_int_eq(tw_int_to(m, &n, 5, 1, &g), 0);
  ck_assert_int_eq(tw_set_ease(m, g, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_relative(m, g, 1), 0);
  ck_assert_int_eq(tw_set_additive(m, g, 1), 0);
  ck_assert_int_eq(tw_vec2_to(m, &v, to, 1, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_relative(m, k, 1), 0);
  ck_assert_int_eq(tw_set_additive(m, k, 1), 0);
  NOW(m, 0.5);
  EQF(x, 4.0f);
  ck_assert_int_eq(n, 13); /* 12.5, rounded half up */
  EQF(v.x, 2.0f);
  EQF(v.y, 0.0f);
  x += 1;
  ck_assert_int_eq(tw_goto(m, h, 0.25, 0), 0); /* adds -2 */
  EQF(x, 3.0f);
  ck_assert_int_eq(tw_rewind(m, h, 0), 0); /* adds -2 more */
  EQF(x, 1.0f);
  NOW(m, 1);
  ck_assert_int_eq(tw_play(m, h), 0);
  NOW(m, 1);
  EQF(x, 9.0f);
  ck_assert_int_eq(n, 15);
  EQF(v.x, 3.0f);
  EQF(v.y, -1.0f);
  done(m);
}
END_TEST

START_TEST(test_wobble_additive_refused_changes_nothing) {
  tw_manager *m = mk();
  tw_rgba8 rgba = {0, 0, 0, 0}, rgba_end = {9, 9, 9, 9};
  float x = 0;
  int type;
  char v[4] = {0}, end[4] = {1, 2, 3, 4};
  tw_handle h, s, r, f;

  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_seen, get_zero, NULL, &(float){8}, 1, &f),
      0);
  ck_assert_int_eq(tw_set_additive(m, f, 1), TW_EINVAL);
  ck_assert_int_eq(tw_register_type(m, 4, reg_lerp, NULL, &type), 0);
  ck_assert_int_eq(tw_to(m, type, v, end, 1, &r), 0);
  ck_assert_int_eq(tw_set_additive(m, r, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_set_additive(m, s, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_rgba8_to(m, &rgba, rgba_end, 1, &r), 0);
  ck_assert_int_eq(tw_set_additive(m, r, 1), TW_EUNSUPPORTED);
  h = tt_linear(m, &x, 1, 1);
  NOW(m, 0.5);
  EQF(x, 0.5f);
  ck_assert_int_eq(tw_set_additive(m, h, 1), TW_ELOCKED);
  NOW(m, 0.25);
  EQF(x, 0.75f); /* still writing its value */
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_set_additive(m, h, 1), TW_ESTALE);
  done(m);
}
END_TEST

static float *shared;

static void nudge_and_stop(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  *shared += 1; /* the program's write, from the callback */
  if (++hits == 2)
    ck_assert_int_eq(tw_kill(m, h, 0), 0);
}

START_TEST(test_wobble_additive_killed_from_a_callback_stops_adding) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = by(m, &x, 4, 1), g = by(m, &x, 2, 1);

  hits = 0;
  shared = &x;
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, nudge_and_stop, NULL), 0);
  NOW(m, 0.25); /* h +1, nudge +1, g +0.5 */
  EQF(x, 2.5f);
  NOW(m, 0.25); /* h +1, nudge +1 and killed, g +0.5 */
  EQF(x, 5.0f);
  ck_assert(!tw_is_active(m, h));
  NOW(m, 0.5); /* g alone: +1 */
  EQF(x, 6.0f);
  ck_assert(!tw_is_active(m, g));
  done(m);
}
END_TEST

/* A punch, a shake or a path has no end value of its own to set: the
 * calls about it are refused, changing nothing; a path's start is its
 * first point, and a punch's or a shake's start (what it vibrates
 * around) may change. */
START_TEST(test_wobble_shaped_values_refuse_an_end_of_their_own) {
  static const float pts[6] = {0, 0, 4, 0, 4, 4};
  int kind, call;

  for (kind = 0; kind < 3; kind++)
    for (call = 0; call < 7; call++) {
      tw_manager *m = mk();
      tw_vec2 v = {1.5f, 0}, other = {9, 9};
      float five = 5, *fx = &v.x;
      tw_handle h;
      int rc, i, want;

      if (kind == 0)
        ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, fx, &five, 1, 10, 1, &h),
                         0);
      else if (kind == 1)
        ck_assert_int_eq(
            tw_shake(m, TW_TYPE_FLOAT, fx, &five, 1, 10, 90, 3, 1, &h), 0);
      else
        ck_assert_int_eq(
            tw_path(m, TW_TYPE_VEC2, &v, pts, 3, TW_PATH_LINEAR, 1, &h), 0);
      switch (call) {
      case 0:
        rc = tw_set_from(m, h, &other);
        break;
      case 1:
        rc = tw_set_from(m, h, NULL);
        break;
      case 2:
        rc = tw_set_relative(m, h, 1);
        break;
      case 3:
        rc = tw_set_speed_based(m, h, 1);
        break;
      case 4:
        rc = tw_change_end(m, h, &other, 0);
        break;
      case 5:
        rc = tw_change_values(m, h, &other, &other);
        break;
      default:
        rc = tw_change_start(m, h, &other);
        break;
      }
      want = call == 6 && kind < 2 ? 0 : TW_EINVAL;
      ck_assert_msg(rc == want, "kind %d call %d: %d", kind, call, rc);
      for (i = 0; i < 8 && tw_is_active(m, h); i++)
        NOW(m, 0.25);
      ck_assert(!tw_is_active(m, h));
      if (kind == 2) {
        EQF(v.x, 4.0f);
        EQF(v.y, 4.0f);
      } else {
        EQF(v.x, call == 6 ? 9.0f : 1.5f); /* on its (new) start */
      }
      done(m);
    }
}
END_TEST

static const int num_types[] = {TW_TYPE_FLOAT, TW_TYPE_DOUBLE, TW_TYPE_INT,
                                TW_TYPE_VEC2,  TW_TYPE_VEC3,   TW_TYPE_VEC4,
                                TW_TYPE_COLOR};

/* A value of the type with each component c (alternating in sign past
 * the first, for vectors). */
static void num_value(int type, double c, void *out) {
  size_t size = type == TW_TYPE_VEC2 ? 8 : type == TW_TYPE_VEC3 ? 12 : 16;
  float f[4];
  int i;

  if (type == TW_TYPE_DOUBLE) {
    memcpy(out, &c, sizeof c);
  } else if (type == TW_TYPE_INT) {
    i = (int)c;
    memcpy(out, &i, sizeof i);
  } else {
    for (i = 0; i < 4; i++)
      f[i] = (float)(i % 2 ? -c : c);
    memcpy(out, f, type == TW_TYPE_FLOAT ? sizeof *f : size);
  }
}

/* The largest change each type takes. */
static double num_big(int type) {
  return type == TW_TYPE_DOUBLE ? 1e300 : type == TW_TYPE_INT ? 2e9 : 1e30;
}

/* Additive, alone on its value, at magnitudes that dwarf the start: a
 * yoyo to the huge end and back, and a punch of it, end on the start
 * exactly, however the updates fall. */
START_TEST(test_wobble_additive_of_huge_amounts_ends_on_the_start) {
  static const double dts[] = {0.1, 0.013, 0.31, 0.5, 4};
  tw_manager *m = mk();
  size_t ti, di;

  for (ti = 0; ti < sizeof num_types / sizeof num_types[0]; ti++)
    for (di = 0; di < sizeof dts / sizeof dts[0]; di++) {
      int type = num_types[ti], kind, size = tw_type_size(m, type);
      for (kind = 0; kind < 2; kind++) {
        unsigned char x[16], start[16], end[16];
        tw_handle h;
        int i, rc;

        num_value(type, type == TW_TYPE_INT ? 38 : 38.21, start);
        memcpy(x, start, (size_t)size);
        if (kind == 0) { /* there and back */
          num_value(type, num_big(type), end);
          ck_assert_int_eq(tw_to(m, type, x, end, 1, &h), 0);
          ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
        } else { /* a punch of it */
          float amount[4] = {1e30f, -1e30f, 1e30f, -1e30f};
          rc = tw_punch(m, type, x, amount, 1, 10, 1, &h);
          if (rc == TW_EUNSUPPORTED)
            continue; /* punches are of floats and vectors */
          ck_assert_int_eq(rc, 0);
        }
        ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
        for (i = 0; i < 400 && tw_is_active(m, h); i++)
          NOW(m, dts[di]);
        ck_assert(!tw_is_active(m, h));
        ck_assert_msg(memcmp(x, start, (size_t)size) == 0,
                      "type %d, kind %d, dt %g: not back on its start", type,
                      kind, dts[di]);
      }
    }
  done(m);
}
END_TEST

/* A relative end past the type's largest value saturates there, as every
 * other sum does: the values on the way and the end are finite. */
START_TEST(test_wobble_relative_end_saturates_at_the_largest_value) {
  tw_manager *m = mk();
  size_t ti;
  int sign;

  for (ti = 0; ti < sizeof num_types / sizeof num_types[0]; ti++)
    for (sign = -1; sign <= 1; sign += 2) {
      int type = num_types[ti], size = tw_type_size(m, type), i, from;
      double huge = type == TW_TYPE_DOUBLE ? 1e308
                    : type == TW_TYPE_INT  ? 2e9
                                           : 3e38;
      for (from = 0; from < 2; from++) {
        unsigned char x[16], by[16], want[16];
        double c[4];
        unsigned k;
        tw_handle h;

        num_value(type, sign * huge, x);
        num_value(type, sign * huge, by);
        num_value(type,
                  sign * (type == TW_TYPE_DOUBLE ? DBL_MAX
                          : type == TW_TYPE_INT  ? 2147483647.0
                                                 : FLT_MAX),
                  want);
        if (type == TW_TYPE_INT && sign < 0) {
          int lo = INT_MIN;
          memcpy(want, &lo, sizeof lo);
        }
        ck_assert_int_eq(tw_to(m, type, x, by, 1, &h), 0);
        ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
        if (from) /* tw_set_from's relative start: x + by */
          ck_assert_int_eq(tw_set_from(m, h, by), 0);
        for (i = 0; i < 8 && tw_is_active(m, h); i++) {
          NOW(m, 0.25);
          ck_assert_int_gt(tw_manager_validate(m), -1);
          if (type == TW_TYPE_DOUBLE) {
            memcpy(&c[0], x, sizeof c[0]);
            ck_assert(c[0] - c[0] == 0);
          } else if (type != TW_TYPE_INT) {
            float f[4];
            memcpy(f, x, (size_t)size);
            for (k = 0; k < (unsigned)size / sizeof(float); k++)
              ck_assert_msg(f[k] - f[k] == 0, "type %d step %d: %g", type, i,
                            f[k]);
          }
        }
        ck_assert(!tw_is_active(m, h));
        ck_assert_msg(from || memcmp(x, want, (size_t)size) == 0,
                      "type %d sign %d: not on the largest value", type, sign);
      }
    }
  tt_valid(m);
  done(m);
}
END_TEST

START_TEST(test_wobble_additive_sum_saturates_at_the_largest_value) {
  tw_manager *m = mk();
  float f = 3e38f, big = FLT_MAX;
  double d = DBL_MAX;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, &f, &(float){0.0f},
                              &(float){3e38f}, 1.0, &h),
                   0);
  ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
  ck_assert_int_eq(tw_from_to(m, TW_TYPE_DOUBLE, &d, &(double){0.0},
                              &(double){DBL_MAX}, 1.0, &h),
                   0);
  ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
  f = 3e38f; /* from_to wrote the start */
  d = DBL_MAX;
  for (i = 0; i < 8; i++) {
    NOW(m, 0.25);
    ck_assert_msg(f - f == 0 && d - d == 0, "step %d: %g %g", i, f, d);
  }
  EQF(f, big);
  ck_assert(d == DBL_MAX);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* A snap step whose multiples pass the largest float: the values that no
 * float multiple is near are written as they are, never as infinities. */
START_TEST(test_wobble_snap_of_a_huge_step_writes_no_infinity) {
  tw_manager *m = mk();
  float f = 0;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, &f, &(float){0.0f},
                              &(float){3e38f}, 1.0, &h),
                   0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_snap(m, h, 4e38), 0);
  for (i = 0; i < 4; i++) {
    NOW(m, 0.25);
    ck_assert_msg(f - f == 0, "step %d: %g", i, f);
    if (i == 0)
      EQF(f, 0.0f); /* 7.5e37: the multiple 0 */
  }
  EQF(f, (float)3e38f); /* the end: as given */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

static Suite *wobble_suite(void) {
  Suite *s = suite_create("wobble");

#define ADD(name) TT_ADD(s, test_##name, #name, 10);
  ADD(wobble_snap_writes_multiples_of_its_step)
  ADD(wobble_snap_keeps_ends_that_are_multiples_exact)
  ADD(wobble_snap_refused_changes_nothing)
  ADD(wobble_snap_set_from_a_callback_applies_at_once)
  ADD(wobble_punch_follows_its_segments_and_returns_to_the_start)
  ADD(wobble_punch_moves_every_component_of_a_vector)
  ADD(wobble_punch_and_shake_refused_create_nothing)
  ADD(wobble_shake_is_the_same_for_a_seed_and_stays_within_its_strength)
  ADD(wobble_shake_without_randomness_alternates_along_the_strength)
  ADD(wobble_shake_restarted_by_its_callback_replays_the_same_values)
  ADD(wobble_additive_adds_exactly_end_minus_start)
  ADD(wobble_additive_combines_in_creation_order)
  ADD(wobble_additive_controls_add_only_the_change)
  ADD(wobble_additive_refused_changes_nothing)
  ADD(wobble_additive_killed_from_a_callback_stops_adding)
  ADD(wobble_shaped_values_refuse_an_end_of_their_own)
  ADD(wobble_additive_sum_saturates_at_the_largest_value)
  ADD(wobble_additive_of_huge_amounts_ends_on_the_start)
  ADD(wobble_relative_end_saturates_at_the_largest_value)
  ADD(wobble_snap_of_a_huge_step_writes_no_infinity)
#undef ADD
  return s;
}

int main(void) { return tt_run(wobble_suite()); }

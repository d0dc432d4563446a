/* SPDX-License-Identifier: MIT */
/* Settings that shape a tween: from, relative, speed-based, ease
 * parameters, user eases (function, cubic-bezier, steps, keyframe curve),
 * changing the values of a live tween, and which settings lock once the
 * tween has started.
 *
 * Expected values are worked out here: Linear or OutQuad (y = x * (2 - x))
 * over power-of-two durations and steps give exact floats, compared with
 * ==; the eases with transcendental formulas are compared with the
 * library's own tw__ease (the tests link statically) or with a formula of
 * our own, within a tolerance. */
/* The deprecated calls tw_set_target and tw_loops are called here on purpose,
 * without the warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "util.h"

#include "life.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NEAR(x, y, tol)                                                        \
  ck_assert_msg(fabs((double)(x) - (double)(y)) <= (tol),                      \
                "%s == %.17g, expected %.17g (within %g)", #x, (double)(x),    \
                (double)(y), (double)(tol))

#define DEF_OVERSHOOT 1.70158

static tw_handle linear(tw_manager *m, float *v, float end, double dur) {
  tw_handle h;

  ck_assert_int_eq(tw_float_to(m, v, end, dur, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  return h;
}

static double q_duration(tw_manager *m, tw_handle h) {
  double d = -12345;
  ck_assert_int_eq(tw_duration(m, h, 0, &d), 0);
  return d;
}

static double q_elapsed(tw_manager *m, tw_handle h) {
  double d = -12345;
  ck_assert_int_eq(tw_elapsed(m, h, &d), 0);
  return d;
}

static tw_vec3 v3(float x, float y, float z) {
  tw_vec3 v;
  v.x = x;
  v.y = y;
  v.z = z;
  return v;
}

#define EQV3(v, a, b, c)                                                       \
  do {                                                                         \
    EQF((v).x, (a));                                                           \
    EQF((v).y, (b));                                                           \
    EQF((v).z, (c));                                                           \
  } while (0)

static int completes;
static void count_complete(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  completes++;
}

static void noop_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
}

/* A registered type: one float, lerped in float. */
static void lerp_f(void *out, const void *a, const void *b, double t,
                   void *ud) {
  float x = *(const float *)a, y = *(const float *)b;
  (void)ud;
  *(float *)out = x + (y - x) * (float)t;
}

/* ------------------------------------------------------------------ */
/* from                                                                */

START_TEST(
    test_settings_from_writes_the_start_at_once_and_ends_on_the_old_value) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 3.0f, from = 1.0f;
  tw_vec3 p = v3(1, 2, 3), pf = v3(5, 6, 7);
  tw_handle h = linear(m, &v, 10.0f, 8.0), k;

  ck_assert_int_eq(tw_set_from(m, h, &from), 0);
  EQF(v, 1.0f); /* set at once */
  NOW(m, 4.0);
  EQF(v, 2.0f); /* 1 -> 3 */
  NOW(m, 4.0);
  EQF(v, 3.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);

  ck_assert_int_eq(tw_vec3_to(m, &p, v3(9, 9, 9), 8.0, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_from(m, k, &pf), 0);
  EQV3(p, 5.0f, 6.0f, 7.0f);
  NOW(m, 4.0);
  EQV3(p, 3.0f, 4.0f, 5.0f);
  NOW(m, 4.0);
  EQV3(p, 1.0f, 2.0f, 3.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_from_null_starts_at_the_creation_end) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 3.0f;
  tw_handle h = linear(m, &v, 10.0f, 8.0);

  ck_assert_int_eq(tw_set_from(m, h, NULL), 0);
  EQF(v, 10.0f); /* the creation end value is the start, set at once */
  NOW(m, 4.0);
  EQF(v, 6.5f); /* 10 -> 3 */
  NOW(m, 4.0);
  EQF(v, 3.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_from_relative_starts_at_the_value_plus_from) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 3.0f, from = 2.0f;
  tw_handle h = linear(m, &v, 10.0f, 8.0);

  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  ck_assert_int_eq(tw_set_from(m, h, &from), 0);
  EQF(v, 5.0f); /* the target's value plus from */
  NOW(m, 4.0);
  EQF(v, 4.0f); /* 5 -> 3 */
  NOW(m, 4.0);
  EQF(v, 3.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* from on a tween bound by setter and getter */
static float fs_value;
static int fs_sets;
static int fs_set(void *ud, const void *val) {
  (void)ud;
  fs_value = *(const float *)val;
  fs_sets++;
  return 0;
}
static void fs_get(void *ud, void *out) {
  (void)ud;
  *(float *)out = fs_value;
}

START_TEST(test_settings_from_reads_a_setter_tween_through_its_getter) {
  tw_manager *m = tt_manager(NULL, 0);
  float end = 10.0f, from = 1.0f;
  tw_handle h;

  fs_value = 3.0f;
  fs_sets = 0;
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, fs_set, fs_get, NULL, &end, 8.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_from(m, h, &from), 0);
  ck_assert_int_eq(fs_sets, 1);
  EQF(fs_value, 1.0f);
  NOW(m, 4.0);
  EQF(fs_value, 2.0f);
  NOW(m, 4.0);
  EQF(fs_value, 3.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* relative                                                            */

START_TEST(test_settings_relative_adds_the_end_to_the_value_read_at_the_start) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 2.0f;
  int iv = 10;
  tw_handle h = linear(m, &v, 3.0f, 8.0), k;

  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  ck_assert_int_eq(tw_int_to(m, &iv, 6, 8.0, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_relative(m, k, 1), 0);
  v = 4.0f; /* the offset is added to the value read at the start */
  NOW(m, 4.0);
  EQF(v, 5.5f);
  ck_assert_int_eq(iv, 13);
  NOW(m, 4.0);
  EQF(v, 7.0f);
  ck_assert_int_eq(iv, 16);
  /* off again before the start: the end is absolute */
  ck_assert_int_eq(tw_float_to(m, &v, 3.0f, 8.0, &h), 0);
  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  ck_assert_int_eq(tw_set_relative(m, h, 0), 0);
  ck_assert_int_eq(tw_complete(m, h), 0);
  EQF(v, 3.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_relative_adds_every_component_of_a_vector) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_vec3 p = v3(1, 2, 3);
  tw_handle h;

  ck_assert_int_eq(tw_vec3_to(m, &p, v3(4, 8, -4), 8.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  NOW(m, 4.0);
  EQV3(p, 3.0f, 6.0f, 1.0f);
  NOW(m, 4.0);
  EQV3(p, 5.0f, 10.0f, -1.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* relative and speed-based: built-in types only */
START_TEST(test_settings_relative_and_speed_are_refused_for_registered_types) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f, end = 2.0f;
  int type;
  tw_handle h;

  ck_assert_int_eq(tw_register_type(m, sizeof(float), lerp_f, NULL, &type), 0);
  ck_assert_int_eq(tw_to(m, type, &x, &end, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_relative(m, h, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_set_speed_based(m, h, 1), TW_EUNSUPPORTED);
  /* nothing changed: absolute end, duration 1 */
  NOW(m, 0.5);
  EQF(x, 1.5f); /* OutQuad(1/2) = 3/4 of 0 -> 2 */
  EQD(q_duration(m, h), 1.0);
  NOW(m, 0.5);
  EQF(x, 2.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* speed-based                                                         */

START_TEST(test_settings_speed_based_makes_the_duration_distance_over_speed) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0.0f;
  tw_handle h;

  ck_assert_int_eq(tw_float_to(m, &v, 10.0f, 5.0, &h), 0); /* 5 units/s */
  ck_assert_int_eq(tw_set_speed_based(m, h, 1), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, count_complete, NULL), 0);
  completes = 0;
  NOW(m, 0.5); /* distance 10 at 5/s: 2 s; OutQuad */
  EQD(q_duration(m, h), 2.0);
  EQF(v, 4.375f);
  NOW(m, 0.5);
  EQF(v, 7.5f);
  NOW(m, 0.5);
  EQF(v, 9.375f);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ck_assert_int_eq(completes, 0);
  NOW(m, 0.5);
  EQF(v, 10.0f);
  ck_assert_int_eq(completes, 1);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_speed_based_measures_vectors_euclidean) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_vec2 a = {0, 0}, ae = {3, 4};
  tw_vec3 b = v3(0, 0, 0);
  tw_color c = {0, 0, 0, 0}, ce = {1, 2, 2, 4};
  int i = 0;
  tw_handle ha, hb, hc, hi;

  ck_assert_int_eq(tw_vec2_to(m, &a, ae, 5.0, &ha), 0);
  ck_assert_int_eq(tw_vec3_to(m, &b, v3(2, 3, 6), 7.0, &hb), 0);
  ck_assert_int_eq(tw_color_to(m, &c, ce, 5.0, &hc), 0);
  ck_assert_int_eq(tw_int_to(m, &i, 10, 5.0, &hi), 0);
  ck_assert_int_eq(tw_set_speed_based(m, ha, 1), 0);
  ck_assert_int_eq(tw_set_speed_based(m, hb, 1), 0);
  ck_assert_int_eq(tw_set_speed_based(m, hc, 1), 0);
  ck_assert_int_eq(tw_set_speed_based(m, hi, 1), 0);
  NOW(m, 0.5);
  /* Euclidean distances 5, 7, 5 at those speeds: 1 s; 10 at 5/s: 2 s */
  EQD(q_duration(m, ha), 1.0);
  EQD(q_duration(m, hb), 1.0);
  EQD(q_duration(m, hc), 1.0);
  EQD(q_duration(m, hi), 2.0);
  EQF(a.x, 2.25f);
  EQF(a.y, 3.0f);
  EQV3(b, 1.5f, 2.25f, 4.5f);
  EQF(c.r, 0.75f);
  EQF(c.g, 1.5f);
  EQF(c.b, 1.5f);
  EQF(c.a, 3.0f);
  ck_assert_int_eq(i, 4); /* 4.375 */
  NOW(m, 0.5);
  EQF(a.x, 3.0f);
  EQF(a.y, 4.0f);
  EQV3(b, 2.0f, 3.0f, 6.0f);
  EQF(c.a, 4.0f);
  ck_assert_int_eq(tw_is_active(m, ha), 0);
  ck_assert_int_eq(tw_is_active(m, hb), 0);
  ck_assert_int_eq(tw_is_active(m, hc), 0);
  ck_assert_int_eq(tw_is_active(m, hi), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_speed_based_with_relative_no_distance_or_speed_zero) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 2.0f, w = 10.0f, z = 0.0f;
  tw_handle h, k, n;

  /* with relative: the distance is the offset */
  ck_assert_int_eq(tw_float_to(m, &v, 10.0f, 5.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  ck_assert_int_eq(tw_set_speed_based(m, h, 1), 0);
  /* no distance: done on the first update */
  ck_assert_int_eq(tw_float_to(m, &w, 10.0f, 5.0, &k), 0);
  ck_assert_int_eq(tw_set_speed_based(m, k, 1), 0);
  ck_assert_int_eq(tw_on(m, k, TW_ON_COMPLETE, count_complete, NULL), 0);
  /* speed 0 */
  ck_assert_int_eq(tw_float_to(m, &z, 10.0f, 0.0, &n), 0);
  ck_assert_int_eq(tw_set_speed_based(m, n, 1), TW_EINVAL);
  EQD(q_duration(m, n), 0.0);
  completes = 0;
  NOW(m, 1.0);
  EQD(q_duration(m, h), 2.0);
  EQF(v, 7.0f);
  EQF(w, 10.0f);
  ck_assert_int_eq(completes, 1);
  ck_assert_int_eq(tw_is_active(m, k), 0);
  EQF(z, 10.0f); /* the zero-duration tween, unchanged, completed */
  NOW(m, 1.0);
  EQF(v, 12.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ease parameters                                                     */

static const struct {
  int ease;
  double a, p; /* the parameters set */
  double t;    /* when compared (duration 1) */
} param_cases[] = {
    {TW_EASE_IN_BACK, 3.0, 0.0, 0.5},
    {TW_EASE_OUT_BACK, 3.0, 0.0, 0.5},
    {TW_EASE_IN_OUT_BACK, 0.5, 0.0, 0.25},
    {TW_EASE_IN_ELASTIC, 2.0, 0.25, 0.75},
    {TW_EASE_OUT_ELASTIC, 2.0, 0.25, 0.25},
    {TW_EASE_OUT_ELASTIC, 1.0, 0.5, 0.375},
    {TW_EASE_IN_OUT_ELASTIC, 1.5, 0.5, 0.375},
    {TW_EASE_FLASH, 4.0, 0.5, 0.3},
    {TW_EASE_IN_FLASH, 3.0, -0.5, 0.375},
    {TW_EASE_OUT_FLASH, 6.0, 1.0, 0.625},
    {TW_EASE_IN_OUT_FLASH, 4.0, -1.0, 0.375},
};

static tw_handle dtween(tw_manager *m, double *v, double end, double dur) {
  tw_handle h;

  ck_assert_int_eq(tw_double_to(m, v, end, dur, &h), 0);
  return h;
}

START_TEST(test_settings_ease_params_change_the_curve_even_after_the_start) {
  int e = param_cases[_i].ease;
  double a = param_cases[_i].a, p = param_cases[_i].p, t = param_cases[_i].t;
  double want_def = tw__ease(e, t, 1.0, DEF_OVERSHOOT, 0.0);
  double want = tw__ease(e, t, 1.0, a, p);
  double back_tol = TW__FLOAT_EASES ? TW__FLOAT_EASE_TOL : 1e-12;
  tw_manager *m = tt_manager(NULL, 0);
  double vd = 0, vp = 0, vl = 0;
  tw_handle hd = dtween(m, &vd, 1.0, 1.0), hp = dtween(m, &vp, 1.0, 1.0);
  tw_handle hl = dtween(m, &vl, 1.0, 1.0);

  /* the parameters make a difference at t, or the test proves nothing */
  ck_assert_msg(fabs(want - want_def) > 1e-6, "case %d: no difference", _i);
  ck_assert_int_eq(tw_set_ease(m, hd, (tw_ease)e), 0);
  ck_assert_int_eq(tw_set_ease(m, hp, (tw_ease)e), 0);
  ck_assert_int_eq(tw_set_ease_params(m, hp, a, p), 0);
  ck_assert_int_eq(tw_set_ease(m, hl, (tw_ease)e), 0);
  NOW(m, t / 2);
  /* ... and may change after the start */
  ck_assert_int_eq(tw_set_ease_params(m, hl, a, p), 0);
  NOW(m, t / 2);
  NEAR(vd, want_def, 1e-12);
  NEAR(vp, want, 1e-12);
  NEAR(vl, want, 1e-12);
  /* Back, from its formula: (a + 1) x^3 - a x^2 and DOTween's OutBack
   * (where Back is computed in single precision, within its bound) */
  if (e == TW_EASE_IN_BACK) {
    NEAR(vp, (a + 1) * t * t * t - a * t * t, back_tol);
    EQD(vp, -0.25);
    NEAR(vd, (DEF_OVERSHOOT + 1) * t * t * t - DEF_OVERSHOOT * t * t, back_tol);
  }
  if (e == TW_EASE_OUT_BACK) {
    double u = t - 1;
    NEAR(vp, u * u * ((a + 1) * u + a) + 1, back_tol);
    EQD(vp, 1.25);
  }
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_ease_params_refused_change_nothing) {
  tw_manager *m = tt_manager(NULL, 0);
  double v = 0;
  tw_handle h = dtween(m, &v, 1.0, 1.0);

  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_BACK), 0);
  ck_assert_int_eq(tw_set_ease_params(m, h, 3.0, 0.0), 0);
  ck_assert_int_eq(tw_set_ease_params(m, h, NAN, 0.0), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_params(m, h, 1.0, NAN), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_params(m, h, HUGE_VAL, 0.0), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_params(m, h, 1.0, -HUGE_VAL), TW_EINVAL);
  NOW(m, 0.5);
  EQD(v, -0.25); /* still overshoot 3 */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* a user ease                                                         */

typedef struct ease_ud {
  int calls;
  double last_x;
} ease_ud;

static double ease_cube(double x, void *ud) {
  ease_ud *u = ud;
  u->calls++;
  u->last_x = x;
  return x * x * x;
}

static double ease_double(double x, void *ud) {
  ease_ud *u = ud;
  u->calls++;
  u->last_x = x;
  return 2 * x;
}

START_TEST(test_settings_ease_fn_gives_the_eased_fraction) {
  tw_manager *m = tt_manager(NULL, 0);
  ease_ud u = {0, -1}, w = {0, -1};
  double v = 2.0;
  tw_handle h = dtween(m, &v, 10.0, 4.0);

  ck_assert_int_eq(tw_set_ease_fn(m, h, ease_cube, &u), 0);
  NOW(m, 1.0);
  EQD(v, 2.125); /* 2 + 8 * (1/4)^3 */
  EQD(u.last_x, 0.25);
  ck_assert_int_ge(u.calls, 1);
  NOW(m, 1.0);
  EQD(v, 3.0);
  EQD(u.last_x, 0.5);
  /* changed after the start, with another ud; beyond 1 is allowed */
  ck_assert_int_eq(tw_set_ease_fn(m, h, ease_double, &w), 0);
  NOW(m, 1.0);
  EQD(v, 14.0);
  EQD(w.last_x, 0.75);
  EQD(u.last_x, 0.5);
  /* a built-in ease replaces it */
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  w.calls = 0;
  NOW(m, 0.5);
  EQD(v, 9.0);
  ck_assert_int_eq(w.calls, 0);
  NOW(m, 0.5);
  EQD(v, 10.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* cubic-bezier                                                        */

/* CSS cubic-bezier at progress x, by bisection on the x curve: our own. */
static double bez1(double p1, double p2, double s) {
  double r = 1 - s;
  return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s;
}
static double bezier_ref(double x1, double y1, double x2, double y2, double x) {
  double lo = 0, hi = 1, s = x;
  int i;

  for (i = 0; i < 200; i++) {
    s = (lo + hi) / 2;
    if (bez1(x1, x2, s) < x)
      lo = s;
    else
      hi = s;
  }
  return bez1(y1, y2, s);
}

static const double bez_cases[][4] = {
    {0, 0, 1, 1},          /* linear */
    {0.42, 0, 0.58, 1},    /* ease-in-out */
    {0.25, 0.1, 0.25, 1},  /* ease */
    {0.3, -0.5, 0.7, 1.5}, /* y outside [0, 1] is allowed */
    {0, 1, 1, 0},
};

START_TEST(test_settings_bezier_follows_css_cubic_bezier) {
  const double *c = bez_cases[_i];
  tw_manager *m = tt_manager(NULL, 0);
  double v = 0;
  tw_handle h = dtween(m, &v, 1.0, 1.0);
  int k;

  ck_assert_int_eq(tw_set_ease_bezier(m, h, c[0], c[1], c[2], c[3]), 0);
  for (k = 1; k <= 7; k++) {
    double x = k / 8.0;
    NOW(m, 0.125);
    NEAR(v, bezier_ref(c[0], c[1], c[2], c[3], x), 1e-5);
    if (_i == 0)
      NEAR(v, x, 1e-9);
    if (_i == 1 && k == 4)
      NEAR(v, 0.5, 1e-9);
  }
  NOW(m, 0.125);
  EQD(v, 1.0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_bezier_refused_changes_nothing) {
  tw_manager *m = tt_manager(NULL, 0);
  double v = 0;
  tw_handle h = dtween(m, &v, 1.0, 1.0);

  ck_assert_int_eq(tw_set_ease_bezier(m, h, 1.5, 0, 0.5, 1), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_bezier(m, h, -0.1, 0, 0.5, 1), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_bezier(m, h, 0.5, 0, 1.01, 1), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_bezier(m, h, 0.5, 0, -2, 1), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_bezier(m, h, NAN, 0, 0.5, 1), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_bezier(m, h, 0.5, NAN, 0.5, 1), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_bezier(m, h, 0.5, 0, 0.5, NAN), TW_EINVAL);
  /* still OutQuad */
  NOW(m, 0.25);
  EQD(v, 0.4375);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* steps                                                               */

START_TEST(test_settings_steps_follow_css_steps) {
  /* steps(4, jump) at 0.3: floor(1.2) = 1 step taken */
  static const double at03[4] = {2.0 / 4, 1.0 / 4, 1.0 / 3, 2.0 / 5};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 10.0);

  ck_assert_int_eq(tw_set_ease_steps(m, h, 4, (tw_jump)_i), 0);
  NOW(m, 3.0);
  NEAR(v, 8.0 * at03[_i], 1e-6);
  if (_i == TW_JUMP_END)
    EQF(v, 2.0f);
  NOW(m, 7.0);
  EQF(v, 8.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_steps_refused_change_nothing) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 1.0f, 1.0);

  ck_assert_int_eq(tw_set_ease_steps(m, h, 0, TW_JUMP_END), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_steps(m, h, -3, TW_JUMP_START), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_steps(m, h, 1, TW_JUMP_NONE), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_steps(m, h, 4, (tw_jump)7), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_steps(m, h, 2, TW_JUMP_NONE), 0);
  NOW(m, 0.25);
  EQF(v, 0.0f); /* steps(2, jump-none) */
  NOW(m, 0.5);
  EQF(v, 1.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* keyframe curves                                                     */

static double smoothstep(double x) { return 3 * x * x - 2 * x * x * x; }

START_TEST(test_settings_curve_is_hermite_between_keys) {
  static const tw_key flat[2] = {{0, 0, 0, 0}, {1, 1, 0, 0}};
  /* leaving with slope 2, arriving flat: h10 * 2 + h01 = 2x - x^2 */
  static const tw_key sloped[2] = {{0, 0, 0, 2}, {1, 1, 0, 0}};
  tw_manager *m = tt_manager(NULL, 0);
  double a = 0, b = 0;
  tw_handle ha = dtween(m, &a, 1.0, 1.0), hb = dtween(m, &b, 1.0, 1.0);
  int k;

  ck_assert_int_eq(tw_set_ease_curve(m, ha, flat, 2), 0);
  ck_assert_int_eq(tw_set_ease_curve(m, hb, sloped, 2), 0);
  for (k = 1; k <= 7; k++) {
    double x = k / 8.0;
    NOW(m, 0.125);
    NEAR(a, smoothstep(x), 1e-6);
    NEAR(b, 2 * x - x * x, 1e-6);
  }
  NOW(m, 0.125);
  NEAR(a, 1.0, 1e-6);
  ck_assert_int_eq(tw_is_active(m, ha), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_curve_is_clamped_outside_its_keys) {
  static const tw_key keys[2] = {{0.25f, 0.2f, 0, 0}, {0.75f, 0.8f, 0, 0}};
  static const tw_key one[1] = {{0.5f, 0.5f, 0, 0}};
  tw_manager *m = tt_manager(NULL, 0);
  double a = 0, b = 0;
  tw_handle ha = dtween(m, &a, 1.0, 1.0), hb = dtween(m, &b, 1.0, 1.0);

  ck_assert_int_eq(tw_set_ease_curve(m, ha, keys, 2), 0);
  ck_assert_int_eq(tw_set_ease_curve(m, hb, one, 1), 0);
  NOW(m, 0.125);
  NEAR(a, 0.2, 1e-6); /* before the first key */
  NEAR(b, 0.5, 1e-6);
  NOW(m, 0.375);
  NEAR(a, 0.2 + 0.6 * smoothstep(0.5), 1e-6);
  NOW(m, 0.125);
  NEAR(a, 0.2 + 0.6 * smoothstep(0.75), 1e-6);
  NOW(m, 0.25);
  NEAR(a, 0.8, 1e-6); /* after the last key */
  NEAR(b, 0.5, 1e-6);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_curve_refused_changes_nothing) {
  static const tw_key ok[2] = {{0, 0, 0, 0}, {1, 1, 0, 0}};
  static const tw_key unsorted[3] = {
      {0, 0, 0, 0}, {0.5f, 1, 0, 0}, {0.25f, 1, 0, 0}};
  static const tw_key same[2] = {{0.5f, 0, 0, 0}, {0.5f, 1, 0, 0}};
  tw_key bad[2];
  tt_alloc_state al;
  tw_manager *m;
  float v = 0;
  tw_handle h;
  size_t bytes;
  int i;

  memset(&al, 0, sizeof al);
  m = tt_manager(&al, 0);
  h = linear(m, &v, 1.0f, 1.0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_OUT_QUAD), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, noop_cb, NULL), 0);
  bytes = al.live_bytes;
  ck_assert_int_eq(tw_set_ease_curve(m, h, ok, 0), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_curve(m, h, NULL, 2), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_curve(m, h, unsorted, 3), TW_EINVAL);
  ck_assert_int_eq(tw_set_ease_curve(m, h, same, 2), TW_EINVAL);
  for (i = 0; i < 8; i++) {
    memcpy(bad, ok, sizeof bad);
    switch (i & 3) {
    case 0:
      bad[i >> 2].time = NAN;
      break;
    case 1:
      bad[i >> 2].value = NAN;
      break;
    case 2:
      bad[i >> 2].in_tangent = NAN;
      break;
    default:
      bad[i >> 2].out_tangent = NAN;
      break;
    }
    ck_assert_msg(tw_set_ease_curve(m, h, bad, 2) == TW_EINVAL,
                  "NaN in field %d of key %d accepted", i & 3, i >> 2);
  }
  /* nothing changed, nothing kept */
  ck_assert_uint_eq(al.live_bytes, bytes);
  NOW(m, 0.25);
  EQF(v, 0.4375f);
  tt_valid(m);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(al.live_blocks, 0);
}
END_TEST

/* A curve's memory goes back when its tween dies. */
#define CM_KEYS 16
static tw_key cm_keys[CM_KEYS];

static void cm_make_keys(size_t n) {
  size_t i;

  for (i = 0; i < n; i++) {
    cm_keys[i].time = (float)i / (float)(n - 1);
    cm_keys[i].value = cm_keys[i].time;
    cm_keys[i].in_tangent = 1;
    cm_keys[i].out_tangent = 1;
  }
}

static tw_handle cm_tween(tw_manager *m, float *v, size_t n, int recyclable) {
  tw_handle h;

  *v = 0;
  ck_assert_int_eq(tw_float_to(m, v, 1.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_recyclable(m, h, recyclable), 0);
  cm_make_keys(n);
  ck_assert_int_eq(tw_set_ease_curve(m, h, cm_keys, n), 0);
  return h;
}

START_TEST(test_settings_curve_memory_goes_back_with_the_record) {
  tt_alloc_state al;
  tw_manager *m;
  float v;
  tw_handle h;
  size_t base, base_blocks, with_curve, after_first;
  int i;

  memset(&al, 0, sizeof al);
  m = tt_manager(&al, 0);
  /* warm up what the manager keeps (slots), then empty the pool */
  h = cm_tween(m, &v, CM_KEYS, 0);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_manager_clear(m), 0);
  base = al.live_bytes;
  base_blocks = al.live_blocks;

  /* not recyclable: everything back to the allocator at the kill */
  h = cm_tween(m, &v, CM_KEYS, 0);
  with_curve = al.live_bytes;
  ck_assert_uint_gt(with_curve, base);
  ck_assert_uint_ge(with_curve - base, CM_KEYS * sizeof(tw_key));
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_uint_eq(al.live_bytes, base);
  ck_assert_uint_eq(al.live_blocks, base_blocks);
  /* ... and when it dies by completing in an update */
  h = cm_tween(m, &v, CM_KEYS, 0);
  NOW(m, 1.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_uint_eq(al.live_bytes, base);

  /* recyclable: through the pool, never more than one tween's worth */
  h = cm_tween(m, &v, CM_KEYS, 1);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  after_first = al.live_bytes;
  for (i = 0; i < 100; i++) {
    h = cm_tween(m, &v, (i & 1) ? CM_KEYS : 4, 1);
    if (i % 3 == 0) {
      NOW(m, 1.0); /* dies by completing */
      ck_assert_int_eq(tw_is_active(m, h), 0);
    } else {
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
    }
    ck_assert_uint_le(al.live_bytes, after_first);
  }
  tt_valid(m);
  ck_assert_int_eq(tw_manager_clear(m), 0); /* empties the pool */
  ck_assert_uint_eq(al.live_bytes, base);

  /* setting a curve again on one tween keeps one curve */
  h = cm_tween(m, &v, CM_KEYS, 1);
  with_curve = al.live_bytes;
  for (i = 0; i < 50; i++) {
    cm_make_keys((i & 1) ? CM_KEYS : 3);
    ck_assert_int_eq(tw_set_ease_curve(m, h, cm_keys, (i & 1) ? CM_KEYS : 3),
                     0);
    ck_assert_uint_le(al.live_bytes, with_curve);
  }
  tt_valid(m);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(al.live_blocks, 0);
  ck_assert_uint_eq(al.live_bytes, 0);
}
END_TEST

/* A record from the pool brings no ease state of its last tween along. */
START_TEST(test_settings_record_from_the_pool_brings_no_ease_state) {
  static const tw_key keys[2] = {{0.25f, 0.2f, 0, 0}, {0.75f, 0.8f, 0, 0}};
  tw_manager *m = tt_manager(NULL, 0);
  float v[6];
  tw_handle h[6];
  int i;

  for (i = 0; i < 3; i++) {
    v[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &v[i], 1.0f, 1.0, &h[i]), 0);
    ck_assert_int_eq(tw_on(m, h[i], TW_ON_UPDATE, noop_cb, NULL), 0);
  }
  ck_assert_int_eq(tw_set_ease_curve(m, h[0], keys, 2), 0);
  ck_assert_int_eq(tw_set_ease(m, h[1], TW_EASE_IN_BACK), 0);
  ck_assert_int_eq(tw_set_ease_params(m, h[1], 3.0, 0.0), 0);
  ck_assert_int_eq(tw_set_ease_steps(m, h[2], 2, TW_JUMP_START), 0);
  for (i = 0; i < 3; i++)
    ck_assert_int_eq(tw_kill(m, h[i], 0), 0);
  /* new tweens that take records: default ease and parameters */
  for (i = 3; i < 6; i++) {
    v[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &v[i], 1.0f, 1.0, &h[i]), 0);
    ck_assert_int_eq(tw_on(m, h[i], TW_ON_UPDATE, noop_cb, NULL), 0);
  }
  ck_assert_int_eq(tw_set_ease(m, h[4], TW_EASE_IN_BACK), 0);
  NOW(m, 0.5);
  EQF(v[3], 0.75f);
  NEAR(v[4], (float)((DEF_OVERSHOOT + 1) * 0.125 - DEF_OVERSHOOT * 0.25), 1e-6);
  EQF(v[5], 0.75f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* changing the values of a live tween                                 */

START_TEST(test_settings_change_end_rewinds_and_keeps_playing) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, e16 = 16.0f, e12 = 12.0f;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  NOW(m, 2.0);
  EQF(v, 2.0f);
  ck_assert_int_eq(tw_change_end(m, h, &e16, 0), 0);
  EQD(q_elapsed(m, h), 0.0); /* rewound, still playing */
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  NOW(m, 2.0);
  EQF(v, 4.0f); /* 0 -> 16 */
  /* snap_start: the start becomes the value the target holds now */
  v = 5.0f;
  ck_assert_int_eq(tw_change_end(m, h, &e12, 1), 0);
  EQD(q_elapsed(m, h), 0.0);
  NOW(m, 2.0);
  EQF(v, 6.75f); /* 5 -> 12 */
  NOW(m, 6.0);
  EQF(v, 12.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_change_start_and_values_rewind_to_the_new_start) {
  tw_manager *m = tt_manager(NULL, 0);
  float a = 0, b = 0, s4 = 4.0f, s8 = -8.0f, e8 = 8.0f;
  tw_vec3 p = v3(0, 0, 0), ps = v3(1, 1, 1), pe = v3(5, 9, -7);
  tw_handle ha = linear(m, &a, 8.0f, 8.0), hb = linear(m, &b, 8.0f, 8.0), hp;

  ck_assert_int_eq(tw_vec3_to(m, &p, v3(8, 8, 8), 8.0, &hp), 0);
  ck_assert_int_eq(tw_set_ease(m, hp, TW_EASE_LINEAR), 0);
  NOW(m, 2.0);
  ck_assert_int_eq(tw_change_start(m, ha, &s4), 0);
  ck_assert_int_eq(tw_change_values(m, hb, &s8, &e8), 0);
  ck_assert_int_eq(tw_change_values(m, hp, &ps, &pe), 0);
  ck_assert_int_eq(tw_is_playing(m, ha), 1);
  ck_assert_int_eq(tw_is_playing(m, hb), 1);
  EQD(q_elapsed(m, ha), 0.0);
  EQD(q_elapsed(m, hb), 0.0);
  NOW(m, 2.0);
  EQF(a, 5.0f);  /* 4 -> 8 */
  EQF(b, -4.0f); /* -8 -> 8 */
  EQV3(p, 2.0f, 3.0f, -1.0f);
  NOW(m, 6.0);
  EQF(a, 8.0f);
  EQV3(p, 5.0f, 9.0f, -7.0f);
  ck_assert_int_eq(tw_change_start(m, ha, &s4), TW_ESTALE);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Before the start: the new start is used as is, not read later. */
START_TEST(test_settings_change_before_the_start_uses_the_new_start_as_is) {
  tw_manager *m = tt_manager(NULL, 0);
  float a = 0, b = 0, s4 = 4.0f, s2 = 2.0f, e10 = 10.0f;
  tw_handle ha = linear(m, &a, 8.0f, 8.0), hb = linear(m, &b, 8.0f, 8.0);

  ck_assert_int_eq(tw_change_start(m, ha, &s4), 0);
  ck_assert_int_eq(tw_change_values(m, hb, &s2, &e10), 0);
  a = 100.0f;
  b = 100.0f;
  NOW(m, 2.0);
  EQF(a, 5.0f);
  EQF(b, 4.0f);
  ck_assert_int_eq(tw_change_start(m, ha, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_change_end(m, ha, NULL, 0), TW_EINVAL);
  ck_assert_int_eq(tw_change_values(m, ha, NULL, &e10), TW_EINVAL);
  ck_assert_int_eq(tw_change_values(m, ha, &s4, NULL), TW_EINVAL);
  NOW(m, 2.0);
  EQF(a, 6.0f); /* the refused calls changed nothing */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* what locks at the start                                             */

START_TEST(test_settings_start_settings_are_locked_once_started) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, f = 5.0f;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  NOW(m, 1.0);
  EQF(v, 1.0f);
  ck_assert_int_eq(tw_set_delay(m, h, 1.0), TW_ELOCKED);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), TW_ELOCKED);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), TW_ELOCKED);
  ck_assert_int_eq(tw_set_from(m, h, &f), TW_ELOCKED);
  ck_assert_int_eq(tw_set_from(m, h, NULL), TW_ELOCKED);
  ck_assert_int_eq(tw_set_relative(m, h, 1), TW_ELOCKED);
  ck_assert_int_eq(tw_set_speed_based(m, h, 1), TW_ELOCKED);
  /* nothing changed */
  EQF(v, 1.0f);
  ck_assert_int_eq(tw_loops(m, h), 1);
  {
    double d = -1;
    ck_assert_int_eq(tw_delay(m, h, &d), 0);
    EQD(d, 0.0);
  }
  EQD(q_duration(m, h), 8.0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, count_complete, NULL), 0);
  completes = 0;
  NOW(m, 1.0);
  EQF(v, 2.0f);
  NOW(m, 6.0);
  EQF(v, 8.0f);
  ck_assert_int_eq(completes, 1);
  ck_assert_int_eq(tw_is_active(m, h), 0); /* still auto-kill */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_settings_other_settings_change_after_the_start) {
  static const tw_key keys[2] = {{0, 0, 0, 0}, {1, 1, 0, 0}};
  static int key;
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h, out[2];

  ck_assert_int_eq(tw_float_to(m, &v, 8.0f, 8.0, &h), 0);
  NOW(m, 1.0);
  EQF(v, 1.875f); /* OutQuad(1/8) */
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  ck_assert_int_eq(tw_set_id(m, h, 5), 0);
  ck_assert_int_eq(tw_find_id(m, 5, out, 2), 1);
  ck_assert_int_eq(tw_set_target(m, h, &key), 0);
  ck_assert_int_eq(tw_find_target(m, &key, out, 2), 1);
  ck_assert_int_eq(tw_set_timescale(m, h, 2.0), 0);
  NOW(m, 1.0);
  EQF(v, 4.0f);
  ck_assert_int_eq(tw_set_timescale(m, h, 1.0), 0);
  ck_assert_int_eq(tw_set_ease_params(m, h, 2.0, 0.5), 0);
  ck_assert_int_eq(tw_set_ease_bezier(m, h, 0, 0, 1, 1), 0);
  ck_assert_int_eq(tw_set_ease_steps(m, h, 4, TW_JUMP_END), 0);
  ck_assert_int_eq(tw_set_ease_curve(m, h, keys, 2), 0);
  ck_assert_int_eq(tw_set_recyclable(m, h, 0), 0);
  ck_assert_int_eq(tw_set_independent(m, h, 1), 0);
  ck_assert_int_eq(tw_set_update_type(m, h, TW_UPDATE_LATE), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  NOW(m, 1.0);
  EQF(v, 4.0f); /* late now */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_LATE, 0.0, 1.0), 0);
  EQF(v, 5.0f); /* independent: unscaled dt */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* During the delay the tween has not started: nothing is locked yet. */
START_TEST(test_settings_start_settings_lock_only_when_the_delay_ends) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 2.0);

  ck_assert_int_eq(tw_set_delay(m, h, 1.0), 0);
  NOW(m, 0.5);
  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  ck_assert_int_eq(tw_loops(m, h), 2);
  NOW(m, 0.5); /* the delay ends: started */
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_RESTART), TW_ELOCKED);
  ck_assert_int_eq(tw_set_autokill(m, h, 1), TW_ELOCKED);
  ck_assert_int_eq(tw_set_delay(m, h, 0.0), TW_ELOCKED);
  NOW(m, 3.5);
  EQF(v, 2.0f); /* yoyo, 1.5 s into loop 1 going back */
  NOW(m, 0.5);
  EQF(v, 0.0f);
  ck_assert_int_eq(tw_is_complete(m, h), 1);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* from_to: a given start                                              */

/* A tween from 2 to 10 over 8 s, linear, by pointer. */
static tw_handle from_to_float(tw_manager *m, float *v) {
  float start = 2.0f, end = 10.0f;
  tw_handle h;

  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, v, &start, &end, 8.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  return h;
}

/* The target shows the start at once and runs start -> end, whatever it
 * held before. */
START_TEST(test_settings_from_to_writes_its_start_at_once) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = -50.0f;
  tw_vec3 p = v3(-1, -1, -1), ps = v3(1, 2, 3), pe = v3(5, 6, 7);
  tw_handle h = from_to_float(m, &v), k;

  EQF(v, 2.0f); /* set by the call */
  NOW(m, 4.0);
  EQF(v, 6.0f);
  NOW(m, 4.0);
  EQF(v, 10.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);

  ck_assert_int_eq(tw_from_to(m, TW_TYPE_VEC3, &p, &ps, &pe, 2.0, &k), 0);
  EQV3(p, 1.0f, 2.0f, 3.0f);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  NOW(m, 1.0);
  EQV3(p, 3.0f, 4.0f, 5.0f);
  NOW(m, 1.0);
  EQV3(p, 5.0f, 6.0f, 7.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* The target is never read: a change to it after creation (or during a
 * delay) does not move the start. */
START_TEST(test_settings_from_to_never_reads_the_target) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0.0f;
  tw_handle h = from_to_float(m, &v);

  ck_assert_int_eq(tw_set_delay(m, h, 1.0), 0);
  v = 100.0f;
  NOW(m, 1.0); /* the delay ends: starts, no time played */
  v = 200.0f;
  NOW(m, 4.0);
  EQF(v, 6.0f);
  NOW(m, 4.0);
  EQF(v, 10.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* A write-only property: tw_from_to_fn needs no getter, where tw_to_fn
 * does. */
static float wo_value;
static int wo_sets, wo_fail;
static int wo_set(void *ud, const void *val) {
  (void)ud;
  wo_value = *(const float *)val;
  wo_sets++;
  return wo_fail;
}

START_TEST(test_settings_from_to_fn_takes_a_setter_alone) {
  tw_manager *m = tt_manager(NULL, 0);
  float start = 1.0f, end = 5.0f;
  tw_handle h;

  wo_value = -3.0f;
  wo_sets = wo_fail = 0;
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, NULL, &end, 4.0, &h), TW_EINVAL);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, &start, &end, 4.0, &h), 0);
  ck_assert_int_eq(wo_sets, 1); /* the start, at once */
  EQF(wo_value, 1.0f);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  NOW(m, 2.0);
  EQF(wo_value, 3.0f);
  NOW(m, 2.0);
  EQF(wo_value, 5.0f);
  ck_assert_int_eq(wo_sets, 3);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* A setter that fails on the start kills the new tween, as any failed
 * write does; the call still succeeds and stores the handle. */
START_TEST(test_settings_from_to_setter_failing_on_the_start_kills_the_tween) {
  tw_manager *m = tt_manager(NULL, 0);
  float start = 1.0f, end = 5.0f;
  tw_handle h = {0, 0};
  tw_stats st;

  wo_sets = 0;
  wo_fail = 1;
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, &start, &end, 4.0, &h), 0);
  ck_assert_int_eq(wo_sets, 1);
  ck_assert(!TW_HANDLE_IS_NONE(h));
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.setter_failures, 1);
  ck_assert_uint_eq(st.live, 0);
  wo_fail = 0;
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* relative: the end is an offset from the given start. */
START_TEST(test_settings_from_to_relative_end_is_an_offset_from_the_start) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0.0f;
  tw_handle h = from_to_float(m, &v); /* 2, +10 */

  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  EQF(v, 2.0f);
  NOW(m, 4.0);
  EQF(v, 7.0f);
  NOW(m, 4.0);
  EQF(v, 12.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* speed-based: the distance from the given start to the end. */
START_TEST(test_settings_from_to_speed_measures_from_the_given_start) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 1000.0f, start = 2.0f, end = 10.0f;
  tw_handle h;

  /* 4 units per second over 8 units: 2 s */
  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, &v, &start, &end, 4.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_speed_based(m, h, 1), 0);
  NOW(m, 1.0);
  EQD(q_duration(m, h), 2.0);
  EQF(v, 6.0f);
  NOW(m, 1.0);
  EQF(v, 10.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* from is refused (the start is given), changing nothing; so is snapping
 * the start to a target that has no getter. */
START_TEST(test_settings_from_to_refuses_from_changing_nothing) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0.0f, f = 7.0f, start = 1.0f, end = 5.0f;
  tw_handle h = from_to_float(m, &v), k;

  ck_assert_int_eq(tw_set_from(m, h, &f), TW_EINVAL);
  ck_assert_int_eq(tw_set_from(m, h, NULL), TW_EINVAL);
  EQF(v, 2.0f);
  NOW(m, 4.0);
  EQF(v, 6.0f);

  wo_sets = wo_fail = 0;
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, &start, &end, 4.0, &k), 0);
  ck_assert_int_eq(tw_set_from(m, k, &f), TW_EINVAL);
  ck_assert_int_eq(tw_change_end(m, k, &f, 1), TW_EINVAL);
  ck_assert_int_eq(wo_sets, 1);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  NOW(m, 2.0);
  EQF(wo_value, 3.0f); /* 1 -> 5 as created */
  /* without snapping, a new end is fine */
  ck_assert_int_eq(tw_change_end(m, k, &f, 0), 0);
  NOW(m, 2.0);
  EQF(wo_value, 4.0f); /* rewound: 1 -> 7, half way */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Bad input: tw_to's codes, and nothing changes (no tween, no write). */
START_TEST(test_settings_from_to_refused_creates_nothing) {
  const double bad_d[] = {-1.0, NAN, HUGE_VAL, -HUGE_VAL};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 9.0f, start = 1.0f, end = 5.0f;
  tw_handle h = {0, 0};
  size_t i;

  wo_sets = wo_fail = 0;
  ck_assert_int_eq(tw_from_to(NULL, TW_TYPE_FLOAT, &v, &start, &end, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, NULL, &start, &end, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, &v, NULL, &end, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, &v, &start, NULL, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, NULL, NULL, &start, &end, 1, &h),
      TW_EINVAL);
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, NULL, &end, 1, &h),
      TW_EINVAL);
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, &start, NULL, 1, &h),
      TW_EINVAL);
  for (i = 0; i < sizeof bad_d / sizeof bad_d[0]; i++) {
    ck_assert_int_eq(tw_to(m, TW_TYPE_FLOAT, &v, &end, bad_d[i], &h),
                     TW_EINVAL);
    ck_assert_int_eq(
        tw_from_to(m, TW_TYPE_FLOAT, &v, &start, &end, bad_d[i], &h),
        TW_EINVAL);
    ck_assert_int_eq(tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, &start, &end,
                                   bad_d[i], &h),
                     TW_EINVAL);
  }
  for (i = 0; i < 4; i++) {
    static const int bad_t[] = {0, -1, 8, TW_TYPE_FIRST_CUSTOM};
    ck_assert_int_eq(tw_to(m, bad_t[i], &v, &end, 1, &h), TW_ETYPE);
    ck_assert_int_eq(tw_from_to(m, bad_t[i], &v, &start, &end, 1, &h),
                     TW_ETYPE);
    ck_assert_int_eq(
        tw_from_to_fn(m, bad_t[i], wo_set, NULL, &start, &end, 1, &h),
        TW_ETYPE);
  }
  EQF(v, 9.0f);
  ck_assert_int_eq(wo_sets, 0);
  ck_assert(TW_HANDLE_IS_NONE(h));
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Out of memory for the record a setter tween needs: TW_ENOMEM, and
 * nothing written, no tween. */
START_TEST(test_settings_from_to_out_of_memory_creates_nothing) {
  tt_alloc_state a;
  tw_manager *m;
  float start = 1.0f, end = 5.0f;
  tw_handle h = {0, 0};
  tw_stats st;

  memset(&a, 0, sizeof a);
  m = tt_manager(&a, 0);
  wo_sets = wo_fail = 0;
  a.fail_at = a.calls + 1;
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, &start, &end, 1.0, &h),
      TW_ENOMEM);
  ck_assert_uint_eq(a.failures, 1);
  ck_assert_int_eq(wo_sets, 0);
  ck_assert(TW_HANDLE_IS_NONE(h));
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.live, 0);
  tt_valid(m);
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, &start, &end, 1.0, &h), 0);
  ck_assert_int_eq(wo_sets, 1);
  tw_manager_free(m);
  ck_assert_uint_eq(a.live_bytes, 0);
}
END_TEST

static Suite *settings_suite(void) {
  Suite *s = suite_create("settings");

#define ADD(name) TT_ADD(s, test_settings_##name, #name, 0);
#define ADD_LOOP(name, n) TT_ADD_LOOP(s, test_settings_##name, #name, 0, (n));
  ADD(from_writes_the_start_at_once_and_ends_on_the_old_value)
  ADD(from_null_starts_at_the_creation_end)
  ADD(from_relative_starts_at_the_value_plus_from)
  ADD(from_reads_a_setter_tween_through_its_getter)
  ADD(from_to_writes_its_start_at_once)
  ADD(from_to_never_reads_the_target)
  ADD(from_to_fn_takes_a_setter_alone)
  ADD(from_to_setter_failing_on_the_start_kills_the_tween)
  ADD(from_to_relative_end_is_an_offset_from_the_start)
  ADD(from_to_speed_measures_from_the_given_start)
  ADD(from_to_refuses_from_changing_nothing)
  ADD(from_to_refused_creates_nothing)
  ADD(from_to_out_of_memory_creates_nothing)
  ADD(relative_adds_the_end_to_the_value_read_at_the_start)
  ADD(relative_adds_every_component_of_a_vector)
  ADD(relative_and_speed_are_refused_for_registered_types)
  ADD(speed_based_makes_the_duration_distance_over_speed)
  ADD(speed_based_measures_vectors_euclidean)
  ADD(speed_based_with_relative_no_distance_or_speed_zero)
  ADD_LOOP(ease_params_change_the_curve_even_after_the_start,
           (int)(sizeof param_cases / sizeof param_cases[0]))
  ADD(ease_params_refused_change_nothing)
  ADD(ease_fn_gives_the_eased_fraction)
  ADD_LOOP(bezier_follows_css_cubic_bezier,
           (int)(sizeof bez_cases / sizeof bez_cases[0]))
  ADD(bezier_refused_changes_nothing)
  ADD_LOOP(steps_follow_css_steps, 4)
  ADD(steps_refused_change_nothing)
  ADD(curve_is_hermite_between_keys)
  ADD(curve_is_clamped_outside_its_keys)
  ADD(curve_refused_changes_nothing)
  ADD(curve_memory_goes_back_with_the_record)
  ADD(record_from_the_pool_brings_no_ease_state)
  ADD(change_end_rewinds_and_keeps_playing)
  ADD(change_start_and_values_rewind_to_the_new_start)
  ADD(change_before_the_start_uses_the_new_start_as_is)
  ADD(start_settings_are_locked_once_started)
  ADD(other_settings_change_after_the_start)
  ADD(start_settings_lock_only_when_the_delay_ends)
#undef ADD
#undef ADD_LOOP
  return s;
}

int main(void) { return tt_run(settings_suite()); }

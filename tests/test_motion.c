/* SPDX-License-Identifier: MIT */
/* Retarget (value and velocity kept, exact ends) and springs (closed form:
 * slicing invariance, the three damping regimes, resting, retargeting with
 * velocity, sequences). */
#include "util.h"

#include <math.h>
#include <string.h>

static tw_manager *mgr(void) { return tt_manager(NULL, 0); }

static void run(tw_manager *m, double dt) {
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, dt, dt), 0);
}

#define DT 1e-6

/* For every ease: the value and its finite-difference velocity are the
 * same just before and just after a retarget, and the tween ends exactly
 * at its new end after its new duration. */
START_TEST(test_motion_retarget_continuity) {
  int e = _i;
  tw_manager *m = mgr();
  double x = 0, xa, xb, xc, vb, va;
  tw_handle h;

  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)e), 0);
  run(m, 0.4 - DT);
  xa = x;
  run(m, DT);
  xb = x;
  vb = (xb - xa) / DT;
  ck_assert_int_eq(tw_retarget(m, h, &(double){3.0}, 2.0), 0);
  EQD(x, xb); /* no write, no jump */
  run(m, DT);
  xc = x;
  va = (xc - xb) / DT;
  /* OutCirc starts at infinite speed, which no finite velocity can meet
   * (tween.h says so): it keeps its value only */
  if (e != TW_EASE_OUT_CIRC)
    ck_assert_msg(fabs(va - vb) <= 2e-3 * (1 + fabs(vb)),
                  "ease %d: velocity %.9g before, %.9g after", e, vb, va);
  run(m, 1.0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  run(m, 1.0);
  EQD(x, 3.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tw_manager_free(m);
}
END_TEST

/* Component by component, for a vector of floats. */
START_TEST(test_motion_retarget_vector) {
  tw_manager *m = mgr();
  tw_vec2 p = {0, 0}, a, b, c, end = {10, -4}, next = {-5, 20};
  tw_handle h;
  double va[2], vb[2];
  const double dt = 1e-3;
  int k;

  ck_assert_int_eq(tw_vec2_to(m, &p, end, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_OUT_SINE), 0);
  run(m, 0.3 - dt);
  a = p;
  run(m, dt);
  b = p;
  ck_assert_int_eq(tw_retarget(m, h, &next, -1), 0);
  run(m, dt);
  c = p;
  vb[0] = (b.x - a.x) / dt;
  vb[1] = (b.y - a.y) / dt;
  va[0] = (c.x - b.x) / dt;
  va[1] = (c.y - b.y) / dt;
  for (k = 0; k < 2; k++)
    ck_assert_msg(fabs(va[k] - vb[k]) <= 0.05 * (1 + fabs(vb[k])),
                  "component %d: %g before, %g after", k, vb[k], va[k]);
  run(m, 1.0);
  EQF(p.x, -5.0f);
  EQF(p.y, 20.0f);
  tw_manager_free(m);
}
END_TEST

static void lerp_pair(void *out, const void *a, const void *b, double t,
                      void *ud) {
  const double *x = a, *y = b;
  double *o = out;

  (void)ud;
  o[0] = x[0] + (y[0] - x[0]) * t;
  o[1] = x[1] + (y[1] - x[1]) * t;
}

static int logged;

static void log_any(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  logged++;
}

/* Before the start, only the end changes; a registered type keeps its
 * value; no callback fires. */
START_TEST(test_motion_retarget_cases) {
  tw_manager *m = mgr();
  double x = 0, pair[2] = {0, 0}, pend[2] = {1, 1}, pnew[2] = {5, 5}, held;
  tw_handle h, g;
  int type, ev;

  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_retarget(m, h, &(double){4.0}, 2.0), 0);
  run(m, 1.0);
  ck_assert(x > 1.0 && x < 4.0); /* halfway of 2 s, eased */
  run(m, 1.0);
  EQD(x, 4.0);

  ck_assert_int_eq(tw_register_type(m, sizeof pair, lerp_pair, NULL, &type), 0);
  ck_assert_int_eq(tw_to(m, type, pair, pend, 1.0, &g), 0);
  for (ev = 0; ev < TW_ON_COUNT; ev++)
    ck_assert_int_eq(tw_on(m, g, (tw_event)ev, log_any, NULL), 0);
  run(m, 0.5);
  held = pair[0];
  logged = 0;
  ck_assert_int_eq(tw_retarget(m, g, pnew, 1.0), 0);
  ck_assert_int_eq(logged, 0);
  run(m, 1e-9);
  ck_assert(fabs(pair[0] - held) < 1e-6);
  run(m, 1.0);
  EQD(pair[0], 5.0);
  tw_manager_free(m);
}
END_TEST

/* For every ease: a retargeted tween rewound, or sent to 0, writes the value
 * it was retargeted from, exactly (In Expo's jump at 0 is blended out only
 * after 0). */
/* x is p0 exactly, or within rounding for an ease whose formula misses 0
 * at 0 (Out Back, DOTween's, by 2^-52) */
static void at0(double x, double p0, int e) {
  if (tw_ease_eval((tw_ease)e, 0.0, 1.70158, 0.0) == 0.0)
    EQD(x, p0);
  else
    ck_assert(fabs(x - p0) < 1e-12);
}

START_TEST(test_motion_retarget_rewind) {
  int e = _i;
  tw_manager *m = mgr();
  double x = 0, p0;
  tw_handle h;

  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)e), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  run(m, 0.4);
  p0 = x;
  ck_assert_int_eq(tw_retarget(m, h, &(double){3.0}, 2.0), 0);
  run(m, 0.5);
  ck_assert_int_eq(tw_rewind(m, h, 0), 0);
  at0(x, p0, e);
  run(m, 0.5);
  ck_assert_int_eq(tw_goto(m, h, 0.0, 0), 0);
  at0(x, p0, e);
  ck_assert_int_eq(tw_goto(m, h, 2.0, 0), 0);
  EQD(x, 3.0);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_motion_retarget_refusals) {
  tw_manager *m = mgr();
  double x = 0, y = 0, end = 1;
  tw_handle h, s, c;

  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_retarget(m, h, NULL, 1.0), TW_EINVAL);
  ck_assert_int_eq(tw_retarget(m, h, &end, NAN), TW_EINVAL);
  ck_assert_int_eq(tw_retarget(m, h, &end, 1e301), TW_EINVAL);
  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_retarget(m, h, &end, 1.0), TW_EINFINITE);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_retarget(m, s, &end, 1.0), TW_EINVAL);
  ck_assert_int_eq(tw_double_to(m, &y, 1.0, 1.0, &c), 0);
  ck_assert_int_eq(tw_seq_append(m, s, c), 0);
  ck_assert_int_eq(tw_retarget(m, c, &end, 1.0), TW_ENESTED);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_retarget(m, h, &end, 1.0), TW_ESTALE);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

static int completes;
static double retarget_to = 9.0;

static void count_complete(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  completes++;
}

static void retarget_at_end(tw_manager *m, tw_handle h, void *ud) {
  double e;

  (void)ud;
  ck_assert_int_eq(tw_elapsed(m, h, &e), 0);
  if (e >= 1.0)
    ck_assert_int_eq(tw_retarget(m, h, &retarget_to, 1.0), 0);
}

/* From its own last UPDATE: the retarget wins, COMPLETE waits. */
START_TEST(test_motion_retarget_reentrant) {
  tw_manager *m = mgr();
  double x = 0;
  tw_handle h;

  completes = 0;
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, retarget_at_end, NULL), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, count_complete, NULL), 0);
  run(m, 1.5);
  ck_assert_int_eq(completes, 0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, NULL, NULL), 0);
  run(m, 1.5);
  ck_assert_int_eq(completes, 1);
  EQD(x, 9.0);
  tw_manager_free(m);
}
END_TEST

/* Retarget and overwrite from every kind of callback of the tween itself
 * (and from its setter): the manager stays valid, nothing runs twice, and
 * the tween, if it lives, ends exactly at the new end; an overwriting
 * tween made in the callback kills it when it starts. */
static const tw_event kinds[] = {
    TW_ON_START,    TW_ON_PLAY,  TW_ON_UPDATE, TW_ON_STEP_COMPLETE,
    TW_ON_COMPLETE, TW_ON_PAUSE, TW_ON_REWIND, TW_ON_KILL};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]) + 1) /* + setter */

static struct {
  tw_handle h, over;
  double x, y;
  int overwrite, setter, done, kills;
} RE;

static int re_set(void *ud, const void *v);
static void re_get(void *ud, void *out);

static void re_act(tw_manager *m, tw_handle h) {
  double to = 5.0;

  if (RE.done++)
    return;
  if (RE.overwrite) {
    /* the same key: the same bytes, or the same (setter, user data) */
    if (RE.setter)
      ck_assert_int_eq(tw_to_fn(m, TW_TYPE_DOUBLE, re_set, re_get, &RE.x,
                                &(double){7.0}, 0.5, &RE.over),
                       0);
    else
      ck_assert_int_eq(tw_double_to(m, &RE.x, 7.0, 0.5, &RE.over), 0);
    ck_assert_int_eq(tw_set_overwrite(m, RE.over, TW_OVERWRITE_KILL), 0);
  } else {
    int rc = tw_retarget(m, h, &to, 0.5);
    ck_assert(rc == 0 || rc == TW_ESTALE); /* stale inside KILL */
  }
  ck_assert_int_eq(tw_manager_validate(m), 0);
}

static void re_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  re_act(m, h);
}

static void re_kill(tw_manager *m, tw_handle h, void *ud) {
  RE.kills++;
  re_cb(m, h, ud);
}

static tw_manager *re_m;

static int re_set(void *ud, const void *v) {
  *(double *)ud = *(const double *)v;
  if (*(const double *)v > 0.3)
    re_act(re_m, RE.h);
  return 0;
}

static void re_get(void *ud, void *out) { *(double *)out = *(double *)ud; }

START_TEST(test_motion_interrupt_from_callbacks) {
  int kind = _i / 2, i;
  tw_manager *m = mgr();

  memset(&RE, 0, sizeof RE);
  RE.overwrite = _i % 2;
  re_m = m;
  RE.setter = kind == NKINDS - 1;
  if (kind == NKINDS - 1) {
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_DOUBLE, re_set, re_get, &RE.x,
                              &(double){1.0}, 1.0, &RE.h),
                     0);
  } else {
    ck_assert_int_eq(tw_double_to(m, &RE.x, 1.0, 1.0, &RE.h), 0);
    ck_assert_int_eq(tw_set_loops(m, RE.h, 1, TW_LOOP_RESTART), 0);
    if (kinds[kind] == TW_ON_PAUSE)
      ck_assert_int_eq(tw_set_autokill(m, RE.h, 0), 0);
    ck_assert_int_eq(tw_on(m, RE.h, kinds[kind],
                           kinds[kind] == TW_ON_KILL ? re_kill : re_cb, NULL),
                     0);
  }
  for (i = 0; i < 40; i++) {
    run(m, 0.1);
    tt_valid(m);
    if (i == 4 && kinds[kind % (NKINDS - 1)] == TW_ON_REWIND &&
        kind != NKINDS - 1)
      ck_assert_int_eq(tw_smooth_rewind(m, RE.h), 0);
    if (i == 8 && kinds[kind % (NKINDS - 1)] == TW_ON_KILL &&
        kind != NKINDS - 1 && tw_is_active(m, RE.h))
      ck_assert_int_eq(tw_kill(m, RE.h, 0), 0);
  }
  ck_assert_int_le(RE.kills, 1);
  if (RE.overwrite && RE.done) {
    ck_assert_int_eq(tw_is_active(m, RE.h), 0); /* overwritten */
    EQD(RE.x, 7.0);
  } else if (RE.done && RE.kills == 0) {
    EQD(RE.x, 5.0); /* retargeted, and ended at the new end */
  }
  tw_manager_free(m);
}
END_TEST

/* springs */

/* The textbook solution from rest at 0 to 1, with initial velocity v0 (in
 * distances per second). */
static double textbook(double k, double d, double mass, double v0, double t) {
  double w = sqrt(k / mass), z = d / (2 * sqrt(k * mass)), y0 = -1, y;

  if (z < 1 - 1e-9) {
    double wd = w * sqrt(1 - z * z);
    y = exp(-z * w * t) *
        (y0 * cos(wd * t) + (v0 + z * w * y0) / wd * sin(wd * t));
  } else if (fabs(z - 1) < 1e-9) {
    y = exp(-w * t) * (y0 + (v0 + w * y0) * t);
  } else {
    double r1 = -w * (z - sqrt(z * z - 1)), r2 = -w * (z + sqrt(z * z - 1));
    double c2 = (v0 - r1 * y0) / (r2 - r1), c1 = y0 - c2;
    y = c1 * exp(r1 * t) + c2 * exp(r2 * t);
  }
  return 1 + y;
}

static const double ratios[] = {0.3, 1.0, 2.0};

START_TEST(test_motion_spring_regimes) {
  tw_manager *m = mgr();
  tw_spring sp;
  double x = 0, t = 0, dur;
  tw_handle h;
  int i;

  tw_spring_init(&sp);
  sp.stiffness = 170;
  sp.mass = 1.5;
  sp.velocity = 2.0;
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, ratios[_i]), 0);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &(double){1.0}, &sp, &h),
                   0);
  ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
  ck_assert(dur > 0.1 && dur < 60);
  for (i = 0; i < 30; i++) {
    run(m, 0.01);
    t += 0.01;
    ck_assert_msg(fabs(x - textbook(sp.stiffness, sp.damping, sp.mass,
                                    sp.velocity, t)) < 1e-9,
                  "ratio %g at %g: %.12g, textbook %.12g", ratios[_i], t, x,
                  textbook(sp.stiffness, sp.damping, sp.mass, sp.velocity, t));
  }
  /* it rests within epsilon before it ends, then ends exactly */
  run(m, dur - t - 1e-3);
  ck_assert_msg(fabs(x - 1) <= sp.epsilon, "%g before the end", x);
  run(m, 0.01);
  EQD(x, 1.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_motion_spring_slicing) {
  tw_manager *m = mgr();
  tw_spring sp;
  double a = 0, b = 0, end = 10, peak = 0;
  tw_handle ha, hb;
  int i;

  tw_spring_init(&sp);
  ck_assert_int_eq(tw_spring_duration_bounce(&sp, 0.8, 0.4), 0);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &a, &end, &sp, &ha), 0);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &b, &end, &sp, &hb), 0);
  ck_assert_int_eq(tw_set_update_type(m, hb, TW_UPDATE_MANUAL), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.0, 0.0), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_MANUAL, 0.0, 0.0), 0);
  for (i = 0; i < 60; i++) {
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), 0);
    peak = a > peak ? a : peak;
  }
  ck_assert_int_eq(tw_update(m, TW_UPDATE_MANUAL, 1.0, 1.0), 0);
  ck_assert_msg(fabs(a - b) < 1e-9, "%.15g sliced, %.15g at once", a, b);
  ck_assert(peak > 10.0); /* bounce 0.4 overshoots within the first second */
  tw_manager_free(m);
}
END_TEST

START_TEST(test_motion_spring_retarget) {
  tw_manager *m = mgr();
  tw_spring sp;
  double x = 0, xa, xb, xc, vb, va, end = 1, next = -2, dur;
  tw_handle h;

  tw_spring_init(&sp);
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, 0.5), 0);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &end, &sp, &h), 0);
  run(m, 0.1 - DT);
  xa = x;
  run(m, DT);
  xb = x;
  vb = (xb - xa) / DT;
  ck_assert(vb > 1.0); /* moving fast towards 1 */
  ck_assert_int_eq(tw_retarget(m, h, &next, 5.0), 0);
  run(m, DT);
  xc = x;
  va = (xc - xb) / DT;
  ck_assert_msg(fabs(va - vb) <= 1e-3 * (1 + fabs(vb)), "%g before, %g after",
                vb, va);
  ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
  ck_assert(dur > 0.1 && dur < 60);
  run(m, dur);
  EQD(x, -2.0);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_motion_spring_sequence_and_refusals) {
  tw_manager *m = mgr();
  tw_spring sp, bad;
  double x = 0, dur, span, end = 1;
  tw_handle s, h;

  tw_spring_init(&sp);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &end, &sp, &h), 0);
  ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
  ck_assert_int_eq(tw_seq_append(m, s, h), 0);
  ck_assert_int_eq(tw_seq_child_at(m, h, NULL, &span), 0);
  EQD(span, dur);
  ck_assert_int_eq(tw_duration(m, s, 0, &span), 0);
  EQD(span, dur);
  run(m, dur + 0.1);
  EQD(x, 1.0);

  bad = sp;
  bad.stiffness = 0;
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &end, &bad, &h),
                   TW_EINVAL);
  bad = sp;
  bad.damping = NAN;
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &end, &bad, &h),
                   TW_EINVAL);
  bad = sp;
  bad.epsilon = 1;
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &end, &bad, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &end, NULL, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_damping_ratio(&bad, -1), TW_EINVAL);
  ck_assert_int_eq(tw_spring_duration_bounce(&bad, 1.0, 1.0), TW_EINVAL);
  ck_assert_int_eq(tw_spring_duration_bounce(&bad, 0.0, 0.0), TW_EINVAL);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* A growth hook that kills everything, called by the growth that a
 * spring's creation causes: the creation returns 0 with a stale handle, as
 * tw_to does, and nothing is touched after the kill. */
START_TEST(test_motion_spring_killed_by_hook) {
  tw_config c;
  tw_manager *m;
  tw_spring sp;
  double x[3] = {0, 0, 0}, end = 1;
  tw_handle h;

  tw_config_init(&c);
  c.tweens = 1;
  c.warn = tt_kill_all_hook;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  tw_spring_init(&sp);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x[0], &end, &sp, &h), 0);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x[1], &end, &sp, &h), 0);
  ck_assert_int_eq(tw_is_active(m, h), 0); /* the growth's hook killed it */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

static Suite *motion_suite(void) {
  Suite *s = suite_create("motion");
  TCase *tc;

  tc = tcase_create("retarget_continuity");
  tcase_add_loop_test(tc, test_motion_retarget_continuity, 0, TW_EASE_COUNT);
  tcase_add_loop_test(tc, test_motion_retarget_rewind, 0, TW_EASE_COUNT);
  suite_add_tcase(s, tc);
  tc = tcase_create("interrupt_from_callbacks");
  tcase_add_loop_test(tc, test_motion_interrupt_from_callbacks, 0, 2 * NKINDS);
  suite_add_tcase(s, tc);
  tc = tcase_create("spring_regimes");
  tcase_add_loop_test(tc, test_motion_spring_regimes, 0, 3);
  suite_add_tcase(s, tc);
#define ADD(name)                                                              \
  tc = tcase_create(#name);                                                    \
  tcase_add_test(tc, test_motion_##name);                                      \
  suite_add_tcase(s, tc);
  ADD(retarget_vector)
  ADD(retarget_cases)
  ADD(retarget_refusals)
  ADD(retarget_reentrant)
  ADD(spring_slicing)
  ADD(spring_retarget)
  ADD(spring_sequence_and_refusals)
  ADD(spring_killed_by_hook)
#undef ADD
  return s;
}

int main(void) { return tt_run(motion_suite()); }

/* SPDX-License-Identifier: MIT */
/* Retarget (value and velocity kept, exact ends) and springs (closed form:
 * slicing invariance, the three damping regimes, resting, retargeting with
 * velocity, sequences). */
#include "tween-private.h"
#include "util.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* x is finite (not NaN, not an infinity). */
static int finite_d(double x) { return x - x == 0; }

static void run(tw_manager *m, double dt) {
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, dt, dt), 0);
}

#define DT 1e-6

/* For every ease: the value and its finite-difference velocity are the
 * same just before and just after a retarget, and the tween ends exactly
 * at its new end after its new duration. */
START_TEST(test_motion_retarget_continuity) {
  int e = _i;
  tw_manager *m = tt_mgr();
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
  /* OutCirc, ramped in from rest, leaves the velocity kept like sqrt(t),
   * more than this tolerance sees (tests/test_retarget.c bounds it) */
  if (e != TW_EASE_OUT_CIRC && !tt_float_ease(e)) /* see test_ease */
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
  double x = 0, y = 0, end = 1;
  tw_handle h, s, c;

  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_retarget(m, h, NULL, 1.0), TW_EINVAL);
  ck_assert_int_eq(tw_retarget(m, h, &end, NAN), TW_EINVAL);
  ck_assert_int_eq(tw_retarget(m, h, &end, 1e301), TW_EINVAL);
  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_retarget(m, h, &end, 1.0), TW_ELOOPS);
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();

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
  tw_manager *m = tt_mgr();
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
  /* it rests within epsilon of its amplitude at the start by its end
   * (just before it, but for the rounding of the time), then ends
   * exactly */
  run(m, dur * (1 - 1e-9) - t);
  ck_assert_msg(fabs(x - 1) <=
                    sp.epsilon *
                        hypot(1, sp.velocity / sqrt(sp.stiffness / sp.mass)),
                "%g before the end", x);
  run(m, 0.01);
  EQD(x, 1.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_motion_spring_slicing) {
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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
  tw_manager *m = tt_mgr();
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

/* quickTo: tw_go, tw_go_fn, tw_float_go */

/* A seeded generator (xorshift64*), so that a random run repeats. */
static unsigned long long rng;

static double rnd01(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return (double)((rng * 2685821657736338717ull) >> 11) / 9007199254740992.0;
}

/* One follower: the value, read as a double, and a call that sends it. */
typedef struct follower {
  int is_float;
  double xd;
  float xf;
} follower;

static double fval(const follower *f) {
  return f->is_float ? (double)f->xf : f->xd;
}

static int fgo(tw_manager *m, follower *f, double to, double dur,
               tw_handle *h) {
  if (f->is_float)
    return tw_float_go(m, &f->xf, (float)to, dur, h);
  return tw_go(m, TW_TYPE_DOUBLE, &f->xd, &to, dur, h);
}

/* tw_update without a Check assertion (each costs a write): for loops of
 * many thousands. */
static void step(tw_manager *m, double dt) {
  if (tw_update(m, TW_UPDATE_NORMAL, dt, dt) != 0)
    ck_abort_msg("update refused");
}

/* A cursor follower: 10,000 calls at random times (some at one moment,
 * some after the tween has come to rest) to random places, random
 * durations.  At each call that finds a live tween, the value and its
 * velocity go on as they were: the velocity just before and just after
 * the call, each measured over dt and corrected by its own side's
 * acceleration (three samples a side), agree within what the samples can
 * tell (the rounding of the values over dt, and 1e-5 of the speeds for
 * the slope of the ease at 0, which retarget measures over a millionth of
 * the duration).  It ends exactly on the last target.  _i: bit 0 a
 * float (tw_float_go) instead of a double (tw_go); bit 1 auto-kill left
 * on, so that a tween at rest dies and the next call makes a new one
 * (which starts at its ease's speed: no continuity to check there). */
START_TEST(test_motion_go_follower) {
  tw_manager *m = tt_mgr();
  follower f;
  int keep = !(_i & 2), i, made = 0, sent = 0;
  const double dt = _i & 1 ? 1e-4 : 1e-6;
  double last = 0;
  tw_handle h = {0, 0}, prev = {0, 0};

  memset(&f, 0, sizeof f);
  f.is_float = _i & 1;
  rng = 0x9E3779B97F4A7C15ull + (unsigned)_i;
  for (i = 0; i < 10000; i++) {
    double r = rnd01(), gap, to, dur = 0.05 + 0.95 * rnd01(), x[6], vb, va, ab,
           aa, tol, ulp;
    int live, twice = rnd01() < 0.1;
    gap = r < 0.1   ? 0
          : r < 0.5 ? rnd01() / 60
          : r < 0.9 ? 0.2 * rnd01()
                    : 0.5 + rnd01();
    to = -500 + 1000 * rnd01();
    if (gap > 0)
      step(m, gap);
    x[0] = fval(&f);
    step(m, dt);
    x[1] = fval(&f);
    step(m, dt);
    x[2] = fval(&f);
    live = tw_is_active(m, prev) == 1;
    if (fgo(m, &f, to, dur, &h) != 0 || fval(&f) != x[2])
      ck_abort_msg("call %d: refused, or wrote", i); /* it writes nothing */
    if (twice) { /* a second call at the same moment */
      to = -500 + 1000 * rnd01();
      if (fgo(m, &f, to, dur, &h) != 0)
        ck_abort_msg("call %d: refused", i);
    }
    if (i == 0 && keep)
      ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
    if (live) {
      if (h.index != prev.index || h.gen != prev.gen)
        ck_abort_msg("call %d: made a tween, not sent", i);
      sent++;
    } else {
      made++;
    }
    step(m, dt);
    x[3] = fval(&f);
    step(m, dt);
    x[4] = fval(&f);
    step(m, dt);
    x[5] = fval(&f);
    if (live) {
      ab = (x[2] - 2 * x[1] + x[0]) / (dt * dt);
      aa = (x[5] - 2 * x[4] + x[3]) / (dt * dt);
      vb = (x[2] - x[1]) / dt + ab * dt / 2;
      va = (x[3] - x[2]) / dt - aa * dt / 2;
      ulp = nextafter(fabs(x[2]) + 1000, INFINITY) - (fabs(x[2]) + 1000);
      if (f.is_float)
        ulp = nextafterf((float)(fabs(x[2]) + 1000), INFINITY) -
              (float)(fabs(x[2]) + 1000);
      /* where the fractions are floats, a value is off by its fraction's
       * rounding times its ease's slope (2 at most) and its span */
      ulp += 2 * (fabs(x[2]) + 1000) * tt_frac_tol(1.0);
      /* the rounding of 3 samples over dt, of 3 more over dt^2 times dt */
      tol = 1e-5 * (1 + fabs(vb) + 1000 / dur) + 16 * ulp / dt;
      if (!(fabs(va - vb) <= tol))
        ck_abort_msg("call %d (gap %g, dur %g): velocity %.9g before, %.9g "
                     "after (tolerance %g)",
                     i, gap, dur, vb, va, tol);
    }
    prev = h;
    last = to;
  }
  step(m, 2.0);
  if (f.is_float)
    EQF(f.xf, (float)last);
  else
    EQD(f.xd, last);
  if (keep) {
    ck_assert_int_eq(made, 1); /* one tween, sent 9,999 times */
    ck_assert_int_eq(tw_is_complete(m, h), 1);
  } else {
    ck_assert_int_gt(made, 100); /* after each rest, a new one */
    ck_assert_int_gt(sent, 5000);
    ck_assert_int_eq(tw_is_active(m, h), 0);
  }
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), keep);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Which tween a call sends: the newest bound to exactly the target, if it
 * can take a new end; else a new one. */
static double dval(tw_manager *m, tw_handle h) {
  double e;
  ck_assert_int_eq(tw_elapsed(m, h, &e), 0);
  return e;
}

static int made_new(tw_manager *m, tw_handle old, tw_handle h) {
  return tw_is_active(m, h) == 1 && (old.index != h.index || old.gen != h.gen);
}

static int go_set(void *ud, const void *v) {
  *(double *)ud = *(const double *)v;
  return 0;
}

static void go_get(void *ud, void *out) { *(double *)out = *(double *)ud; }

START_TEST(test_motion_go_picks) {
  tw_manager *m = tt_mgr();
  double x = 0, y = 0, d, to = 10;
  float f[2] = {0, 0};
  tw_vec2 v = {0, 0};
  tw_handle a, b, h, s, c, p;
  tw_spring sp;

  /* several: the newest is sent, the older one left as it was */
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &a), 0);
  ck_assert_int_eq(tw_double_to(m, &x, 2.0, 1.0, &b), 0);
  run(m, 0.5);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, 3.0, &h), 0);
  SAME_HANDLE(h, b);
  EQD(dval(m, a), 0.5);
  EQD(dval(m, b), 0.0); /* sent: restarted towards 10 in 3 s */
  ck_assert_int_eq(tw_duration(m, b, 0, &d), 0);
  EQD(d, 3.0);
  /* a paused newest plays again; a killed one is not found */
  ck_assert_int_eq(tw_pause(m, b), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, 1.0, &h), 0);
  SAME_HANDLE(h, b);
  ck_assert_int_eq(tw_is_playing(m, b), 1);
  ck_assert_int_eq(tw_kill(m, b, 0), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, 1.0, &h), 0);
  SAME_HANDLE(h, a);
  /* -0.0 is 0: done on the next update, exactly on the end */
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &(double){4.0}, -0.0, &h), 0);
  run(m, 1e-3);
  EQD(x, 4.0);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  /* none: a new tween with the manager's defaults (OutQuad) */
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  run(m, 0.5);
  ck_assert(fabs(x - (4.0 + 6.0 * 0.75)) < 1e-12);
  /* a finished tween kept by auto-kill off is sent, from rest */
  run(m, 1.0);
  EQD(x, 10.0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &(double){0.0}, 1.0, &a), 0);
  SAME_HANDLE(a, h);
  run(m, 1e-6);
  ck_assert(fabs(x - 10.0) < 1e-9); /* from rest: no speed at once */
  run(m, 1.0);
  EQD(x, 0.0);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);

  /* one not started yet: only its end and duration change */
  ck_assert_int_eq(tw_double_to(m, &y, 1.0, 1.0, &a), 0);
  ck_assert_int_eq(tw_set_delay(m, a, 0.5), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &y, &to, 2.0, &h), 0);
  SAME_HANDLE(h, a);
  run(m, 2.5);
  EQD(y, 10.0);

  /* what cannot take a new end: a new tween writes over it */
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &a), 0);
  ck_assert_int_eq(tw_set_loops(m, a, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  EQD(dval(m, a), 0.0); /* not started, not sent */
  ck_assert_int_eq(tw_kill_target(m, &x, 0), 2);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &c), 0);
  ck_assert_int_eq(tw_seq_append(m, s, c), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, 1.0, &h), 0);
  ck_assert(made_new(m, c, h));
  ck_assert_int_eq(tw_kill_all(m, 0), 2);
  /* newest in the order of updates: a child has its outermost sequence's
   * place.  A tween made after a sequence, and before a child put into
   * it, writes after the child: it is the newest, and it is sent; a
   * sequence made after it (its child made first, nested twice) is newer:
   * a new tween */
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &a), 0);
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &c), 0);
  ck_assert_int_eq(tw_seq_append(m, s, c), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, 1.0, &h), 0);
  SAME_HANDLE(h, a);
  ck_assert_int_eq(tw_kill_all(m, 0), 2);
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &c), 0);
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &a), 0);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_sequence(m, &p), 0);
  ck_assert_int_eq(tw_seq_append(m, p, c), 0);
  ck_assert_int_eq(tw_seq_append(m, s, p), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  ck_assert_int_eq(tw_kill_all(m, 0), 3);
  ck_assert_int_eq(
      tw_punch(m, TW_TYPE_VEC2, &v, &(tw_vec2){1, 1}, 1.0, 10, 1, &p), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_VEC2, &v, &(tw_vec2){5, 5}, 1.0, &h), 0);
  ck_assert(made_new(m, p, h));
  run(m, 1.0);
  EQF(v.x, 5.0f); /* the newer one wrote last */
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  /* another type on the same bytes; a vector over the float; a key of
   * its own: not looked for */
  ck_assert_int_eq(tw_to(m, TW_TYPE_INT, &f[0], &(int){3}, 1.0, &a), 0);
  ck_assert_int_eq(tw_float_go(m, &f[0], 2.0f, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  ck_assert_int_eq(tw_kill_all(m, 0), 2);
  ck_assert_int_eq(tw_to(m, TW_TYPE_VEC2, f, &(tw_vec2){3, 3}, 1.0, &a), 0);
  ck_assert_int_eq(tw_float_go(m, &f[1], 2.0f, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  ck_assert_int_eq(tw_kill_all(m, 0), 2);
  ck_assert_int_eq(tw_float_to(m, &f[0], 3.0f, 1.0, &a), 0);
  ck_assert_int_eq(tw_set_key(m, a, &y), 0);
  ck_assert_int_eq(tw_float_go(m, &f[0], 2.0f, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  ck_assert_int_eq(tw_kill_all(m, 0), 2);
  /* a key of its own is not looked for, even on the target's own bytes */
  ck_assert_int_eq(tw_float_to(m, &f[0], 3.0f, 1.0, &a), 0);
  ck_assert_int_eq(tw_set_key(m, a, &f[0]), 0);
  ck_assert_int_eq(tw_float_go(m, &f[0], 2.0f, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  ck_assert_int_eq(tw_kill_all(m, 0), 2);
  ck_assert_int_eq(tw_float_to(m, &f[0], 3.0f, 1.0, &a), 0);
  ck_assert_int_eq(tw_set_key(m, a, (char *)&f[0] + 1), 0);
  ck_assert_int_eq(tw_float_go(m, &f[0], 2.0f, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  ck_assert_int_eq(tw_kill_all(m, 0), 2);
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &x, &to, 1.0, &a), 0);
  ck_assert_int_eq(tw_set_key(m, a, &x), 0);
  ck_assert_int_eq(
      tw_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &x, &to, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  ck_assert_int_eq(tw_kill_all(m, 0), 2);

  /* a spring keeps its spring, and its own time */
  tw_spring_init(&sp);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &to, &sp, &a), 0);
  run(m, 0.1);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &(double){-3.0}, 100.0, &h), 0);
  SAME_HANDLE(h, a);
  ck_assert_int_eq(tw_duration(m, a, 0, &d), 0);
  ck_assert(d > 0.1 && d < 5);
  run(m, d);
  EQD(x, -3.0);

  /* setters: by (setter, user data) */
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &y, &(double){1.0}, 1.0, &a),
      0);
  ck_assert_int_eq(
      tw_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &y, &to, 1.0, &h), 0);
  SAME_HANDLE(h, a);
  ck_assert_int_eq(
      tw_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &x, &to, 1.0, &h), 0);
  ck_assert(made_new(m, a, h));
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &y, &to, 1.0, &h), 0);
  ck_assert(made_new(m, a, h)); /* a pointer is not the setter's pair */
  run(m, 1.0);
  EQD(y, 10.0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Bad input: an error and nothing changed, the live tween included. */
/* tw_go and its kin find only what the header says, for every value type
 * (the built-in ones, a registered one of 16 bytes and one of 32, which
 * the index keeps on its wide chain) and every call of the family: a
 * started tween bound to exactly the target is sent on, and so is one
 * whose key of its own was put back (tw_set_key NULL); one given a key of
 * its own is not looked for, wherever that key is (on each byte of the
 * target, or elsewhere) and whether the index was built before the key
 * was set or after: a new tween is made, and the old one plays on. */
enum { GO_PTR, GO_FN, GO_FLOAT, GO_SPRING, GO_SPRING_FN, GO_CALLS };
static const char *const go_names[GO_CALLS] = {
    "tw_go", "tw_go_fn", "tw_float_go", "tw_spring_go", "tw_spring_go_fn"};

static size_t any_size;

static int any_set(void *ud, const void *v) {
  memcpy(ud, v, any_size);
  return 0;
}

static void any_get(void *ud, void *out) { memcpy(out, ud, any_size); }

static void lerp_doubles(void *out, const void *a, const void *b, double t,
                         void *ud) {
  const double *x = a, *y = b;
  double *o = out;
  size_t i;

  for (i = 0; i < (size_t)(uintptr_t)ud; i++)
    o[i] = x[i] + (y[i] - x[i]) * t;
}

/* An end of the type (size bytes): each component 1 (a channel 200). */
static void any_end(int type, size_t size, unsigned char *end) {
  size_t i;

  for (i = 0; i < size;
       i += type == TW_TYPE_RGBA8 ? 1
            : type == TW_TYPE_INT ? sizeof(int)
            : type == TW_TYPE_DOUBLE || type >= TW_TYPE_FIRST_CUSTOM
                ? sizeof(double)
                : sizeof(float))
    if (type == TW_TYPE_RGBA8)
      end[i] = 200;
    else if (type == TW_TYPE_INT)
      memcpy(end + i, &(int){1}, sizeof(int));
    else if (type == TW_TYPE_DOUBLE || type >= TW_TYPE_FIRST_CUSTOM)
      memcpy(end + i, &(double){1}, sizeof(double));
    else
      memcpy(end + i, &(float){1}, sizeof(float));
}

/* The call `call` on val, of type, to end: 0 and *out, or its error. */
static int go_call(tw_manager *m, int call, int type, double *val,
                   const void *end, tw_handle *out) {
  tw_spring sp;

  tw_spring_init(&sp);
  switch (call) {
  case GO_PTR:
    return tw_go(m, type, val, end, 1.0, out);
  case GO_FN:
    return tw_go_fn(m, type, any_set, any_get, val, end, 1.0, out);
  case GO_FLOAT:
    return tw_float_go(m, (float *)(void *)val, *(const float *)end, 1.0, out);
  case GO_SPRING:
    return tw_spring_go(m, type, val, end, &sp, out);
  default:
    return tw_spring_go_fn(m, type, any_set, any_get, val, end, &sp, out);
  }
}

START_TEST(test_motion_go_own_keys_every_type) {
  int types[TW_TYPE_RGBA8 + 2], ntypes = 0, call, ti, early;
  double val[4], other;
  unsigned char end[32];

  for (ti = TW_TYPE_FLOAT; ti <= TW_TYPE_COLOR; ti++)
    types[ntypes++] = ti;
  types[ntypes++] = TW_TYPE_RGBA8;
  types[ntypes++] = -2; /* registered: 2 doubles */
  types[ntypes++] = -4; /* registered: 4 doubles, the wide chain */
  for (call = 0; call < GO_CALLS; call++)
    for (ti = 0; ti < ntypes; ti++)
      for (early = 0; early < 2; early++) {
        size_t size = 0;
        long key; /* -2: none; -1: put back; size: elsewhere; else a byte */
        for (key = -2; key <= (long)size; key++) {
          tw_manager *m = tt_mgr();
          int type = types[ti], rc;
          tw_handle a, h, got;
          tw_spring sp;
          const char *what;
          if (type < 0)
            ck_assert_int_eq(tw_register_type(m, sizeof(double) * (size_t)-type,
                                              lerp_doubles,
                                              (void *)(uintptr_t)-type, &type),
                             0);
          size = (size_t)tw_type_size(m, type);
          any_size = size;
          if (call == GO_FLOAT && type != TW_TYPE_FLOAT) {
            tw_manager_free(m);
            break;
          }
          memset(val, 0, sizeof val);
          memset(end, 0, sizeof end);
          any_end(type, size, end);
          if (early) /* the index built before the key is set */
            ck_assert_int_eq(tw_writer(m, val, &got), 0);
          tw_spring_init(&sp);
          if (call == GO_FN || call == GO_SPRING_FN)
            rc = call == GO_FN
                     ? tw_to_fn(m, type, any_set, any_get, val, end, 1.0, &a)
                     : tw_spring_to_fn(m, type, any_set, any_get, val, end, &sp,
                                       &a);
          else
            rc = call == GO_SPRING ? tw_spring_to(m, type, val, end, &sp, &a)
                                   : tw_to(m, type, val, end, 1.0, &a);
          ck_assert_int_eq(rc, 0);
          if (key >= -1)
            ck_assert_int_eq(tw_set_key(m, a,
                                        key == (long)size
                                            ? (const void *)&other
                                            : (const unsigned char *)val +
                                                  (key < 0 ? 0 : key)),
                             0);
          if (key == -1)
            ck_assert_int_eq(tw_set_key(m, a, NULL), 0);
          run(m, 0.1);
          ck_assert_int_eq(tw_is_active(m, a), 1);
          ck_assert_int_eq(go_call(m, call, type, val, end, &h), 0);
          what = key == -2           ? "no key of its own"
                 : key == -1         ? "a key put back"
                 : key == (long)size ? "a key elsewhere"
                                     : "a key on a byte of the target";
          if (key < 0)
            ck_assert_msg(h.index == a.index && h.gen == a.gen,
                          "%s, type %d, %s, index %s: not sent", go_names[call],
                          type, what, early ? "first" : "after");
          else
            ck_assert_msg(made_new(m, a, h) && tw_is_active(m, a) == 1,
                          "%s, type %d, %s (byte %ld), index %s: sent the "
                          "tween with a key of its own",
                          go_names[call], type, what, key,
                          early ? "first" : "after");
          tt_valid(m);
          tw_manager_free(m);
        }
      }
}
END_TEST

START_TEST(test_motion_go_refusals) {
  tw_manager *m = tt_mgr();
  double x = 0, to = 1, e0, e1;
  tw_handle h, out = {7, 7};
  const double bad[] = {NAN, INFINITY, -INFINITY, -1e-300, -1.0, 1.0000001e300};
  size_t i;

  ck_assert_int_eq(tw_double_to(m, &x, 2.0, 1.0, &h), 0);
  run(m, 0.25);
  ck_assert_int_eq(tw_elapsed(m, h, &e0), 0);
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &to, bad[i], &out),
                     TW_EINVAL);
    ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &to, &to, bad[i], &out),
                     TW_EINVAL);
    ck_assert_int_eq(
        tw_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &x, &to, bad[i], &out),
        TW_EINVAL);
    ck_assert_int_eq(tw_float_go(m, (float *)(void *)&to, 1.0f, bad[i], &out),
                     TW_EINVAL);
  }
  ck_assert_int_eq(tw_go(NULL, TW_TYPE_DOUBLE, &x, &to, 1.0, &out), TW_EINVAL);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, NULL, &to, 1.0, &out), TW_EINVAL);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, NULL, 1.0, &out), TW_EINVAL);
  ck_assert_int_eq(tw_float_go(NULL, (float *)(void *)&to, 1, 1.0, &out),
                   TW_EINVAL);
  ck_assert_int_eq(tw_float_go(m, NULL, 1, 1.0, &out), TW_EINVAL);
  for (i = 0; i < 3; i++) { /* a non-finite end, sent or made */
    ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &bad[i], 1.0, &out),
                     TW_EINVAL);
    ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &to, &bad[i], 1.0, &out),
                     TW_EINVAL);
    ck_assert_int_eq(
        tw_float_go(m, (float *)(void *)&to, (float)bad[i], 1.0, &out),
        TW_EINVAL);
  }
  ck_assert_int_eq(tw_go(m, 0, &x, &to, 1.0, &out), TW_ETYPE);
  ck_assert_int_eq(tw_go(m, 99, &x, &to, 1.0, &out), TW_ETYPE);
  ck_assert_int_eq(
      tw_go_fn(NULL, TW_TYPE_DOUBLE, go_set, go_get, &x, &to, 1.0, &out),
      TW_EINVAL);
  ck_assert_int_eq(
      tw_go_fn(m, TW_TYPE_DOUBLE, NULL, go_get, &x, &to, 1.0, &out), TW_EINVAL);
  ck_assert_int_eq(
      tw_go_fn(m, TW_TYPE_DOUBLE, go_set, NULL, &x, &to, 1.0, &out), TW_EINVAL);
  ck_assert_int_eq(
      tw_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, NULL, &to, 1.0, &out),
      TW_EINVAL);
  ck_assert_int_eq(
      tw_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &x, NULL, 1.0, &out),
      TW_EINVAL);
  ck_assert_int_eq(out.index, 7);
  ck_assert_int_eq(out.gen, 7);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 1);
  ck_assert_int_eq(tw_elapsed(m, h, &e1), 0);
  EQD(e1, e0);
  run(m, 0.75);
  EQD(x, 2.0); /* its old end */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Every allocation may fail: TW_ENOMEM and nothing changed (the tween to
 * send too), or done; nothing leaks.  Made, sent, by pointer and by
 * setter. */
static tt_alloc_state go_al;

START_TEST(test_motion_go_nomem) {
  size_t fail;
  int done = 0, seen = 0;

  for (fail = 1; !done && fail < 64; fail++) {
    tw_manager *m = tt_manager(&go_al, 0);
    double x = 0, y = 0, to = 5;
    tw_handle h, g;
    int rc1, rc2, rc3;
    size_t failures = go_al.failures;

    ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
    run(m, 0.5);
    go_al.fail_at = go_al.calls + fail;
    rc1 = tw_go(m, TW_TYPE_DOUBLE, &x, &to, 1.0, &g); /* sends h */
    rc2 = tw_go(m, TW_TYPE_DOUBLE, &y, &to, 1.0, &g); /* makes one */
    rc3 = tw_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &y, &to, 1.0, &g);
    go_al.fail_at = 0;
    ck_assert(rc1 == 0 || rc1 == TW_ENOMEM);
    ck_assert(rc2 == 0 || rc2 == TW_ENOMEM);
    ck_assert(rc3 == 0 || rc3 == TW_ENOMEM);
    seen += (rc1 != 0) + (rc2 != 0) + (rc3 != 0);
    done = go_al.failures == failures; /* past the last allocation */
    if (done)
      ck_assert(rc1 == 0 && rc2 == 0 && rc3 == 0);
    ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 1 + (rc2 == 0) + (rc3 == 0));
    tt_valid(m);
    run(m, 0.5);
    if (rc1 != 0)
      EQD(x, 1.0); /* the old tween, at its old end */
    run(m, 1.0);
    EQD(x, rc1 == 0 ? 5.0 : 1.0);
    EQD(y, rc2 == 0 || rc3 == 0 ? 5.0 : 0.0);
    tt_valid(m);
    ck_assert_int_eq(tw_manager_free(m), 0);
    ck_assert_uint_eq(go_al.live_blocks, 0);
    ck_assert_uint_eq(go_al.live_bytes, 0);
  }
  ck_assert(done);
  ck_assert_int_gt(seen, 2);
}
END_TEST

/* tw_go and tw_spring_go from every kind of callback of the tween they
 * find (and from its setter, with the _fn forms, and from a warning hook): the
 * manager stays valid, and the value ends exactly where the last call sent it.
 */
static int go_cb_set(void *ud, const void *v);

static struct {
  tw_manager *m;
  double x;
  int calls, setter, spring;
} GO;

static void go_again(tw_manager *m) {
  double to = 5.0;
  tw_handle h;

  if (GO.calls++)
    return;
  if (GO.spring) {
    tw_spring sp;
    tw_spring_init(&sp);
    sp.stiffness = 400;
    if (GO.setter)
      ck_assert_int_eq(tw_spring_go_fn(m, TW_TYPE_DOUBLE, go_cb_set, go_get,
                                       &GO.x, &to, &sp, &h),
                       0);
    else
      ck_assert_int_eq(tw_spring_go(m, TW_TYPE_DOUBLE, &GO.x, &to, &sp, &h), 0);
  } else if (GO.setter)
    ck_assert_int_eq(
        tw_go_fn(m, TW_TYPE_DOUBLE, go_cb_set, go_get, &GO.x, &to, 0.5, &h), 0);
  else
    ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &GO.x, &to, 0.5, &h), 0);
  tt_valid(m);
}

static void go_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  go_again(m);
}

static int go_cb_set(void *ud, const void *v) {
  *(double *)ud = *(const double *)v;
  if (*(const double *)v > 0.3)
    go_again(GO.m);
  return 0;
}

static void go_hook(tw_manager *m, tw_warning what, size_t old_cap,
                    size_t new_cap, void *ud) {
  (void)what;
  (void)old_cap;
  (void)new_cap;
  (void)ud;
  go_again(m);
}

/* tw_go_fn and tw_spring_go_fn from the getter of the tween they find,
 * while its start is read: as before its start (the new end, the new
 * duration or spring; the start read stands).  Bitwise the values of the
 * same call made before the first update, frame by frame. */
static struct {
  tw_manager *m;
  double x;
  int calls, spring, updating;
} GG;

static void gg_send(tw_manager *m, tw_handle *out) {
  double to = -3.0;
  tw_spring sp;

  tw_spring_init(&sp);
  sp.stiffness = 250;
  sp.damping = 7;
  if (GG.spring)
    ck_assert_int_eq(tw_spring_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &GG.x,
                                     &to, &sp, out),
                     0);
  else
    ck_assert_int_eq(
        tw_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &GG.x, &to, 0.75, out), 0);
}

static void gg_get(void *ud, void *out) {
  if (GG.updating && GG.calls++ == 0) /* the start's read */
    gg_send(GG.m, NULL);
  go_get(ud, out);
}

START_TEST(test_motion_go_from_getter) {
  double seen[2][90], one = 1.0;
  int run, i;

  for (run = 0; run < 2; run++) {
    tw_manager *m;
    tw_handle h, found;
    tw_spring sp;
    ck_assert_int_eq(tw_manager_new(NULL, &m), 0);
    memset(&GG, 0, sizeof GG);
    GG.m = m;
    GG.spring = _i;
    GG.x = 2.0;
    tw_spring_init(&sp);
    if (_i)
      ck_assert_int_eq(tw_spring_go_fn(m, TW_TYPE_DOUBLE, go_set,
                                       run ? go_get : gg_get, &GG.x, &one, &sp,
                                       &h),
                       0);
    else
      ck_assert_int_eq(tw_go_fn(m, TW_TYPE_DOUBLE, go_set,
                                run ? go_get : gg_get, &GG.x, &one, 2.0, &h),
                       0);
    if (run == 1) { /* the same call, before the start */
      gg_send(m, &found);
      ck_assert(found.index == h.index && found.gen == h.gen);
    }
    GG.updating = 1;
    for (i = 0; i < 90; i++) {
      ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), 0);
      seen[run][i] = GG.x;
      tt_valid(m);
    }
    if (run == 0)
      ck_assert_int_eq(GG.calls, 1);
    ck_assert_int_eq(tw_manager_free(m), 0);
  }
  for (i = 0; i < 90; i++)
    ck_assert_msg(memcmp(&seen[0][i], &seen[1][i], sizeof(double)) == 0,
                  "%s, frame %d: %a from the getter, %a before the start",
                  _i ? "tw_spring_go_fn" : "tw_go_fn", i, seen[0][i],
                  seen[1][i]);
}
END_TEST

START_TEST(test_motion_go_from_callbacks) {
  int kind = _i % (NKINDS + 1), i;
  tw_config c;
  tw_manager *m;
  tw_handle h, other;
  double y = 0, one = 1;

  tw_config_init(&c);
  c.warn = tw_warn_silent;
  memset(&GO, 0, sizeof GO);
  GO.setter = kind == NKINDS - 1;
  GO.spring = _i > NKINDS; /* tw_spring_go */
  if (kind == NKINDS) {    /* the hook of the growth the second tween causes */
    c.tweens = 1;
    c.warn = go_hook;
  }
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  GO.m = m;
  if (GO.setter)
    ck_assert_int_eq(
        tw_go_fn(m, TW_TYPE_DOUBLE, go_cb_set, go_get, &GO.x, &one, 1.0, &h),
        0);
  else
    ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &GO.x, &one, 1.0, &h), 0);
  if (kind < NKINDS - 1) {
    if (kinds[kind] == TW_ON_PAUSE)
      ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
    ck_assert_int_eq(tw_on(m, h, kinds[kind], go_cb, NULL), 0);
  }
  if (kind == NKINDS)
    ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &y, &one, 1.0, &other), 0);
  for (i = 0; i < 40; i++) {
    run(m, 0.1);
    tt_valid(m);
    if (i == 4 && kind < NKINDS - 1 && kinds[kind] == TW_ON_REWIND)
      ck_assert_int_eq(tw_smooth_rewind(m, h), 0);
    if (i == 8 && kind < NKINDS - 1 && kinds[kind] == TW_ON_KILL &&
        tw_is_active(m, h))
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
  }
  ck_assert_int_ge(GO.calls, 1);
  EQD(GO.x, 5.0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* An independent reference for springs: the motion y'' = -2 zeta w0 y' -
 * w0^2 y integrated in long double by Taylor series, in steps of a
 * quarter of the spring's own time unit (no regimes, no closed form). */
typedef struct ref_spring {
  long double z, w0, y, v, t; /* the state (y, y') at time t */
} ref_spring;

/* The state h seconds later (h <= a quarter of 1 / w0 unless the series
 * is long enough: 60 terms of a step of tau 0.25 are exact in long
 * double). */
static void ref_series(const ref_spring *r, long double h, long double *y,
                       long double *v) {
  long double c0 = r->y, c1 = r->v / r->w0, tau = r->w0 * h, p = 1, sy = 0,
              sv = 0, c2;
  int n;

  for (n = 0; n < 60; n++) {
    /* c_n tau^n / n! terms: Y = sum c_n tau^n / n!, Y' = sum c_(n+1) ... */
    sy += c0 * p;
    sv += c1 * p;
    c2 = -2 * r->z * c1 - c0;
    c0 = c1;
    c1 = c2;
    p *= tau / (n + 1);
  }
  *y = sy;
  *v = sv * r->w0;
}

static void ref_to(ref_spring *r, long double t) {
  while (r->t < t) {
    long double h = t - r->t, lim = 0.25L / r->w0;
    if (h > lim)
      h = lim;
    ref_series(r, h, &r->y, &r->v);
    r->t += h;
  }
}

static void ref_init(ref_spring *r, double k, double d, double mass, double y0,
                     double v0) {
  /* the root in a statement of its own: with tcc on x86-64, a long double
   * returned by a call inside a larger expression comes out NaN */
  long double root = sqrtl((long double)k * mass);

  r->w0 = sqrtl((long double)k / mass);
  r->z = (long double)d / (2 * root);
  r->y = y0;
  r->v = v0;
  r->t = 0;
}

/* Near critical damping, and far from it: a double spring tween from 0 to
 * 1 matches the reference to 1e-9 of the distance at every time, for
 * every damping ratio from 0.05 to 10 (1 +- 1e-12 .. 1e-3 among them),
 * with no velocity, with one and against one.  (Before, within 1e-6 of
 * critical the critical formula stood in, off by 2.2e-7 for a ratio of
 * 1 - 5e-7.) */
static const double near_ratios[] = {
    0.05,     0.3,       0.7, 0.99,      1 - 1e-3, 1 - 1e-6, 1 - 5e-7,
    1 - 1e-9, 1 - 1e-12, 1,   1 + 1e-12, 1 + 1e-9, 1 + 1e-6, 1 + 1e-3,
    1.01,     1.5,       2,   6,         10};
static const double near_times[] = {0,   1e-9, 1e-4, 0.01, 0.05,
                                    0.1, 0.3,  0.7,  1.3,  2.9};

START_TEST(test_motion_spring_near_critical) {
  double z = near_ratios[_i / 3], v0 = (_i % 3 - 1) * 3.0;
  size_t i;
  tw_manager *m = tt_mgr();
  ref_spring r;
  tw_spring sp;

  if (z == 1 - 5e-7 && v0 > 0)
    v0 = 0.5; /* k 100, d 20 (1 - 5e-7), v0 0.5: off by 2.2e-7 at 0.3 s */
  tw_spring_init(&sp);
  sp.damping = 20 * z; /* k 100, mass 1 */
  sp.velocity = v0;
  sp.epsilon = 1e-12; /* rests late: every time below is before its end */
  ref_init(&r, sp.stiffness, sp.damping, sp.mass, -1, v0);
  for (i = 0; i < sizeof near_times / sizeof near_times[0]; i++) {
    double x = 0, t = near_times[i], y;
    tw_handle h;
    ck_assert_int_eq(
        tw_spring_to(m, TW_TYPE_DOUBLE, &x, &(double){1.0}, &sp, &h), 0);
    run(m, 0);
    run(m, t);
    ref_to(&r, t);
    y = (double)(1 + r.y);
    ck_assert_msg(fabs(x - y) <= 1e-9,
                  "ratio 1%+.3g, v0 %g, t %g: %.15g, reference %.15g", z - 1,
                  v0, t, x, y);
    ck_assert_int_eq(tw_kill(m, h, 0), 0);
  }
  tw_manager_free(m);
}
END_TEST

/* The settling time: tw_duration against a brute-force scan of the
 * reference, for ratios under, at and over critical (and 6), with no
 * velocity, with one and against one.  The spring's amplitude (the square
 * root of its energy over the stiffness, sqrt(y^2 + (y' / w0)^2)) never
 * grows; the scan finds where it falls to epsilon of its start, in steps
 * of 1/100 of the time unit 1 / w0, and the duration is within a step
 * and 1e-4 of it.  After it the value is within epsilon of its amplitude
 * at the start, and the duration is that of the amplitude, not a bound. */
static const double settle_ratios[] = {0.15, 0.5, 0.9, 1, 1.2, 2.5, 6};

START_TEST(test_motion_spring_settle) {
  double z = settle_ratios[_i / 3], v0 = (_i % 3 - 1) * 25.0, dur, a0, prev,
         last = 0, t, step, eps;
  tw_manager *m = tt_mgr();
  ref_spring r;
  tw_spring sp;
  tw_handle h;
  double x = 0;

  tw_spring_init(&sp);
  sp.stiffness = 250;
  sp.mass = 0.8;
  sp.velocity = v0; /* distances per second */
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, z), 0);
  eps = sp.epsilon;
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &x, &(double){1.0}, &sp, &h),
                   0);
  ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
  ref_init(&r, sp.stiffness, sp.damping, sp.mass, -1, v0);
  step = 1 / (100 * (double)r.w0);
  a0 = hypot(1, v0 / (double)r.w0);
  prev = a0;
  for (t = step; t < 1.5 * dur; t += step) {
    double a;
    ref_to(&r, t);
    a = (double)hypotl(r.y, r.v / r.w0);
    if (!(a <= prev * (1 + 1e-12)))
      ck_abort_msg("the amplitude grew at %g: %.17g -> %.17g", t, prev, a);
    prev = a;
    if (a > eps * a0)
      last = t;
    else if (!(fabs((double)r.y) <= eps * a0))
      ck_abort_msg("strayed at %g", t);
  }
  ck_assert_msg(fabs(dur - last) <= step + 1e-4 * last,
                "ratio %g, v0 %g: duration %.9g, scanned %.9g", z, v0, dur,
                last);
  tw_manager_free(m);
}
END_TEST

/* A spring retargeted to where it is (a drag let go on the spot): at rest
 * it is done at its next update, exactly there; moving, it swings out and
 * back in a finite time.  Every regime, a double and a vector.  (A
 * critically damped one got an infinite duration and never ended.) */
START_TEST(test_motion_spring_retarget_in_place) {
  double z = ratios[_i % 3], x = 0, dur, here;
  int moving = _i / 3 % 2, vector = _i / 6;
  tw_vec2 p = {0, 0}, ph;
  tw_manager *m = tt_mgr();
  tw_spring sp;
  tw_handle h;

  tw_spring_init(&sp);
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, z), 0);
  if (vector)
    ck_assert_int_eq(
        tw_spring_to(m, TW_TYPE_VEC2, &p, &(tw_vec2){3, -4}, &sp, &h), 0);
  else
    ck_assert_int_eq(
        tw_spring_to(m, TW_TYPE_DOUBLE, &x, &(double){1.0}, &sp, &h), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  run(m, moving ? 0.05 : 100.0);
  here = x;
  ph = p;
  ck_assert_int_eq(
      vector ? tw_retarget(m, h, &ph, 1.0) : tw_retarget(m, h, &here, 1.0), 0);
  ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
  ck_assert_msg(finite_d(dur) && dur >= 0 && dur < 10, "duration %g", dur);
  if (!moving)
    EQD(dur, 0.0);
  run(m, dur + 1e-3);
  ck_assert_int_eq(tw_is_complete(m, h), 1);
  if (vector) {
    EQF(p.x, ph.x);
    EQF(p.y, ph.y);
  } else {
    EQD(x, here);
  }
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Every positive, finite stiffness, damping and mass is taken, and
 * handled: a finite duration, finite values on the way, the end exactly
 * at the end; with a velocity of any finite size, an epsilon of any size
 * in (0, 1).  Parameters that are not are refused, and so are the helpers'
 * results that would not be. */
static const double extremes[] = {
    4.9406564584124654e-324, 1e-300, 1e-150, 1e-8, 1, 1e8, 1e150, 1e300,
    1.7976931348623157e308};
#define NEXT ((int)(sizeof extremes / sizeof extremes[0]))

START_TEST(test_motion_spring_parameters) {
  tw_manager *m = tt_mgr();
  int i, j, k;
  tw_spring sp, keep;
  double vels[] = {0, -1e308, 1e308, 3},
         epss[] = {4.9e-324, 1e-300, 0.5, 0.999999};

  for (i = 0; i < NEXT; i++)
    for (j = 0; j < NEXT; j++)
      for (k = 0; k < NEXT; k++) {
        double x = 0, dur, t;
        float f = 0;
        tw_handle h, g;
        tw_spring_init(&sp);
        sp.stiffness = extremes[i];
        sp.damping = extremes[j];
        sp.mass = extremes[k];
        sp.velocity = vels[(i + j + k) % 4];
        sp.epsilon = epss[(i * 3 + k) % 4];
        if (tw_spring_to(m, TW_TYPE_DOUBLE, &x, &(double){1.0}, &sp, &h) != 0 ||
            tw_spring_to(m, TW_TYPE_FLOAT, &f, &(float){1.0f}, &sp, &g) != 0)
          ck_abort_msg("refused %g %g %g", sp.stiffness, sp.damping, sp.mass);
        ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
        if (!(dur >= 0 && dur <= DBL_MAX))
          ck_abort_msg("duration %g for %g %g %g", dur, sp.stiffness,
                       sp.damping, sp.mass);
        for (t = 1e-3; t < 1e3; t *= 10) {
          step(m, t);
          if (!(finite_d(x) && finite_d(f)))
            ck_abort_msg("%g, %g for %g %g %g at %g", x, f, sp.stiffness,
                         sp.damping, sp.mass, t);
        }
        if (dur < 100) { /* the steps above took 111.111 s */
          ck_assert_int_eq(tw_is_active(m, h), 0);
          EQD(x, 1.0);
          EQF(f, 1.0f);
        }
        tw_kill_all(m, 0);
      }
  /* not positive and finite: refused, nothing made */
  for (i = 0; i < 5; i++) {
    double bad[] = {0, -0.0, -1, NAN, INFINITY};
    double x = 0;
    tw_handle h;
    for (j = 0; j < 3; j++) {
      tw_spring_init(&sp);
      if (j == 0)
        sp.stiffness = bad[i];
      else if (j == 1)
        sp.damping = bad[i];
      else
        sp.mass = bad[i];
      ck_assert_int_eq(
          tw_spring_to(m, TW_TYPE_DOUBLE, &x, &(double){1}, &sp, &h),
          TW_EINVAL);
    }
  }
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  /* helpers: a result that is not a positive, finite double is refused,
   * the parameters left as they were */
  tw_spring_init(&sp);
  keep = sp;
  ck_assert_int_eq(tw_spring_duration_bounce(&sp, 1e-300, 0.2), TW_EINVAL);
  ck_assert_int_eq(tw_spring_duration_bounce(&sp, 1e300, 0.2), TW_EINVAL);
  ck_assert(memcmp(&sp, &keep, sizeof sp) == 0);
  ck_assert_int_eq(tw_spring_duration_bounce(&sp, 1e-100, 0.2), 0);
  ck_assert(finite_d(sp.stiffness) && sp.stiffness > 0);
  ck_assert_int_eq(tw_spring_duration_bounce(&sp, 1e100, 0.2), 0);
  ck_assert(finite_d(sp.stiffness) && sp.stiffness > 0);
  sp.stiffness = sp.mass = 1e300;
  keep = sp;
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, 1e10), TW_EINVAL);
  ck_assert(memcmp(&sp, &keep, sizeof sp) == 0);
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, 0.5), 0);
  ck_assert(fabs(sp.damping - 1e300) <= 1e285);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* TW_EASE_SPRING's bounce is held within [-0.95, 0.95] (tween.h): beyond,
 * the ease is that of the nearest bound; a NaN is 0. */
START_TEST(test_motion_spring_ease_bounce) {
  int i;

  for (i = 1; i < 100; i++) {
    double x = i / 100.0;
    EQD(tw_ease_eval(TW_EASE_SPRING, x, 0, 0.99),
        tw_ease_eval(TW_EASE_SPRING, x, 0, 0.95));
    EQD(tw_ease_eval(TW_EASE_SPRING, x, 0, 5.0),
        tw_ease_eval(TW_EASE_SPRING, x, 0, 0.95));
    EQD(tw_ease_eval(TW_EASE_SPRING, x, 0, -0.999),
        tw_ease_eval(TW_EASE_SPRING, x, 0, -0.95));
    EQD(tw_ease_eval(TW_EASE_SPRING, x, 0, NAN),
        tw_ease_eval(TW_EASE_SPRING, x, 0, 0.0));
    ck_assert(tw_ease_eval(TW_EASE_SPRING, x, 0, 0.9) !=
              tw_ease_eval(TW_EASE_SPRING, x, 0, 0.95));
  }
}
END_TEST

/* Vector springs: a velocity per component (tw_spring_to_v). */

/* A straight-down flick goes straight down: each component is its own
 * spring with the spring's parameters, from its own displacement with its
 * own velocity, and matches the reference (to the float's rounding of the
 * way); the value's velocity at the start is the flick's; retargeted
 * mid-way, each component keeps its velocity; it ends exactly home.
 * Every damping regime, flicks with, against and across the way. */
static const tw_vec2 flicks[] = {{0, 900}, {0, -900}, {700, 0}, {-300, 450}};

START_TEST(test_motion_spring_vector) {
  double z = ratios[_i % 3];
  tw_vec2 v0 = flicks[_i / 3], p = {40, -20}, home = {100, 100}, start = p,
          xs[6], next = {-50, 10};
  tw_manager *m = tt_mgr();
  ref_spring rx, ry;
  tw_spring sp;
  tw_handle h;
  double t, dur, dt = 1e-4;
  int k;

  tw_spring_init(&sp);
  sp.stiffness = 300;
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, z), 0);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, &v0, &h), 0);
  ref_init(&rx, sp.stiffness, sp.damping, sp.mass, start.x - home.x, v0.x);
  ref_init(&ry, sp.stiffness, sp.damping, sp.mass, start.y - home.y, v0.y);
  run(m, 0);
  run(m, dt);
  /* over dt the spring's pull adds at most (k 120 + d 900) / m dt / 2 = 5/s,
   * the floats' rounding of 100 over dt 0.08/s */
  ck_assert_msg(fabs((p.x - start.x) / dt - v0.x) < 1e-3 * fabs(v0.x) + 6 &&
                    fabs((p.y - start.y) / dt - v0.y) < 1e-3 * fabs(v0.y) + 6,
                "set off at %g, %g", (p.x - start.x) / dt,
                (p.y - start.y) / dt);
  for (t = dt, k = 0; k < 30; k++) {
    run(m, 0.01);
    t += 0.01;
    ref_to(&rx, t);
    ref_to(&ry, t);
    ck_assert_msg(fabs(p.x - (home.x + (double)rx.y)) < 2e-5 * 200 &&
                      fabs(p.y - (home.y + (double)ry.y)) < 2e-5 * 200,
                  "at %g: %g, %g; reference %g, %g", t, p.x, p.y,
                  home.x + (double)rx.y, home.y + (double)ry.y);
    if (v0.x == 0 && start.x == home.x)
      EQF(p.x, home.x);
  }
  /* retargeted: each component's velocity kept (each side's velocity
   * measured over h = 0.2 ms, corrected by that side's acceleration, from
   * three samples a side: the floats' rounding of 100 over h, twice, is
   * 0.15/s, the jerk w0^3 150 times h^2 0.03/s, on each side) */
  for (k = 0; k < 3; k++) {
    xs[k] = p;
    if (k < 2)
      run(m, 2e-4);
  }
  ck_assert_int_eq(tw_retarget(m, h, &next, -1), 0);
  for (k = 3; k < 6; k++) {
    run(m, 2e-4);
    xs[k] = p;
  }
  for (k = 0; k < 2; k++) {
    double s0 = k ? xs[0].y : xs[0].x, s1 = k ? xs[1].y : xs[1].x,
           s2 = k ? xs[2].y : xs[2].x, s3 = k ? xs[3].y : xs[3].x,
           s4 = k ? xs[4].y : xs[4].x, s5 = k ? xs[5].y : xs[5].x, h2 = 2e-4;
    double vb = (s2 - s1) / h2 + (s2 - 2 * s1 + s0) / (2 * h2),
           va = (s3 - s2) / h2 - (s5 - 2 * s4 + s3) / (2 * h2);
    ck_assert_msg(fabs(va - vb) < 1e-3 * fabs(vb) + 0.5,
                  "component %d: velocity %g before, %g after", k, vb, va);
  }
  ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
  ck_assert(dur > 0 && dur < 30);
  run(m, dur);
  EQF(p.x, next.x);
  EQF(p.y, next.y);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tw_manager_free(m);
}
END_TEST

/* The settling time of a vector spring, against a scan of the reference
 * (the amplitude of both components together): under, at and over
 * critical and 6; no flick, with, against and across; distances of 1e-3,
 * 1 and 1e4 (the time depends on the velocity over the distance).  The
 * duration is computed at start, from where the target is then. */
static const double vratios[] = {0.3, 1, 1.7, 6};
static const tw_vec2 vflicks[] = {{0, 0}, {3, 4}, {-3, -4}, {-4, 3}};
static const double vdists[] = {1e-3, 1, 1e4};

START_TEST(test_motion_spring_vector_settle) {
  int zi = _i / 12, fi = _i / 3 % 4, di = _i % 3;
  double z = vratios[zi], d = vdists[di], dur, dur0, a0, prev, last = 0, t,
         step;
  tw_vec2 p = {0, 0}, home, v, start;
  tw_manager *m = tt_mgr();
  ref_spring rx, ry;
  tw_spring sp;
  tw_handle h;

  /* the way is (0.6, 0.8) d long; a flick of 10 distances per second */
  home.x = (float)(0.6 * d);
  home.y = (float)(0.8 * d);
  v.x = (float)(vflicks[fi].x * 2 * d);
  v.y = (float)(vflicks[fi].y * 2 * d);
  tw_spring_init(&sp);
  sp.stiffness = 150;
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, z), 0);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, &v, &h), 0);
  ck_assert_int_eq(tw_duration(m, h, 0, &dur0), 0);
  /* moved before it starts: the duration is that from where it starts */
  start.x = (float)(-0.3 * d);
  start.y = (float)(0.2 * d);
  p = start;
  run(m, 0);
  ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
  ref_init(&rx, sp.stiffness, sp.damping, sp.mass, start.x - home.x, v.x);
  ref_init(&ry, sp.stiffness, sp.damping, sp.mass, start.y - home.y, v.y);
  step = 1 / (100 * (double)rx.w0);
  a0 = (double)sqrtl(rx.y * rx.y + ry.y * ry.y +
                     (rx.v * rx.v + ry.v * ry.v) / (rx.w0 * rx.w0));
  prev = a0;
  for (t = step; t < 1.5 * dur; t += step) {
    double a;
    ref_to(&rx, t);
    ref_to(&ry, t);
    a = (double)sqrtl(rx.y * rx.y + ry.y * ry.y +
                      (rx.v * rx.v + ry.v * ry.v) / (rx.w0 * rx.w0));
    if (!(a <= prev * (1 + 1e-12)))
      ck_abort_msg("the amplitude grew at %g: %.17g -> %.17g", t, prev, a);
    prev = a;
    if (a > sp.epsilon * a0)
      last = t;
  }
  ck_assert_msg(fabs(dur - last) <= step + 1e-4 * last,
                "ratio %g, flick %d, distance %g: duration %.9g, scanned %.9g",
                z, fi, d, dur, last);
  if (fi != 0 && di == 1)
    ck_assert(fabs(dur - dur0) > 1e-6); /* not the estimate of the call */
  tw_manager_free(m);
}
END_TEST

/* A value of any built-in type. */
typedef union anyval {
  float f[4];
  double d[2];
  int i[4];
} anyval;

/* At its end, let go with a flick: it swings out and comes back, in a
 * finite time, exactly home; with no flick, it stays there.  Every
 * built-in numeric type: the velocity is a value of the type. */
static int vtypes[] = {TW_TYPE_FLOAT, TW_TYPE_DOUBLE, TW_TYPE_INT,
                       TW_TYPE_VEC2,  TW_TYPE_VEC3,   TW_TYPE_VEC4,
                       TW_TYPE_COLOR};

START_TEST(test_motion_spring_vector_in_place) {
  int type = vtypes[_i / 2], flick = _i % 2;
  tw_manager *m = tt_mgr();
  anyval x, home, vel, zero;
  tw_spring sp;
  tw_handle h;
  double dur, peak = 0, t;
  size_t size;

  size = (size_t)tw_type_size(m, type);
  memset(&x, 0, sizeof x);
  memset(&zero, 0, sizeof zero);
  memset(&vel, 0, sizeof vel);
  if (type == TW_TYPE_DOUBLE) {
    x.d[0] = 5;
    vel.d[0] = flick ? 400 : 0;
  } else if (type == TW_TYPE_INT) {
    x.i[0] = 5;
    vel.i[0] = flick ? 400 : 0;
  } else {
    int k;
    for (k = 0; k < 4; k++) {
      x.f[k] = 5;
      vel.f[k] = flick ? 400.0f - 100 * k : 0;
    }
  }
  home = x;
  tw_spring_init(&sp);
  ck_assert_int_eq(tw_spring_to_v(m, type, &x, &home, &sp, &vel, &h), 0);
  ck_assert_int_eq(tw_duration(m, h, 0, &dur), 0);
  ck_assert(dur > 0.1 && dur < 10); /* no flick: tw_spring_to's time */
  for (t = 0; t < dur + 0.1; t += 0.01) {
    double c[1];
    run(m, 0.01);
    if (type == TW_TYPE_DOUBLE)
      c[0] = x.d[0];
    else if (type == TW_TYPE_INT)
      c[0] = x.i[0];
    else
      c[0] = x.f[0];
    peak = fabs(c[0] - 5) > peak ? fabs(c[0] - 5) : peak;
  }
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert(memcmp(&x, &home, size) == 0);
  ck_assert(flick ? peak > 5 : peak == 0);
  tw_manager_free(m);
}
END_TEST

static int vget_calls;

static void vget(void *ud, void *out) {
  vget_calls++;
  memcpy(out, ud, sizeof(tw_vec2));
}

static int vset(void *ud, const void *v) {
  memcpy(ud, v, sizeof(tw_vec2));
  return 0;
}

/* Refusals change nothing; a sequence refuses a spring with a velocity
 * vector (its duration waits for its start), and takes one of zeros; the
 * setter form reads the target through its getter at the call and at
 * start. */
START_TEST(test_motion_spring_vector_refusals) {
  tw_manager *m = tt_mgr();
  tw_vec2 p = {0, 0}, home = {1, 1}, v = {1, 2}, nan = {NAN, 0},
          inf = {0, INFINITY}, zero = {0, 0};
  tw_rgba8 c = {0, 0, 0, 0}, ce = {9, 9, 9, 9}, cv = {1, 1, 1, 1};
  double pair[2] = {0, 0}, pend[2] = {1, 1};
  tw_spring sp, bad;
  tw_handle h, s;
  int type;

  tw_spring_init(&sp);
  bad = sp;
  bad.mass = 0;
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, &nan, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, &inf, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &bad, &v, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, NULL, &v, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_to_v(NULL, TW_TYPE_VEC2, &p, &home, &sp, &v, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, NULL, &home, &sp, &v, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, NULL, &sp, &v, &h),
                   TW_EINVAL);
  ck_assert_int_eq(
      tw_spring_to_v(m, TW_TYPE_VEC2, &p, &(tw_vec2){NAN, 1}, &sp, &v, &h),
      TW_EINVAL);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_RGBA8, &c, &ce, &sp, &cv, &h),
                   TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_spring_to_v(m, 99, &p, &home, &sp, &v, &h), TW_ETYPE);
  ck_assert_int_eq(tw_register_type(m, sizeof pair, lerp_pair, NULL, &type), 0);
  ck_assert_int_eq(tw_spring_to_v(m, type, pair, pend, &sp, pend, &h),
                   TW_EUNSUPPORTED);
  ck_assert_int_eq(
      tw_spring_to_fn_v(m, TW_TYPE_VEC2, NULL, vget, &p, &home, &sp, &v, &h),
      TW_EINVAL);
  vget_calls = 0;
  ck_assert_int_eq(
      tw_spring_to_fn_v(m, TW_TYPE_VEC2, vset, NULL, &p, &home, &sp, &v, &h),
      TW_EINVAL);
  ck_assert_int_eq(
      tw_spring_to_fn_v(m, TW_TYPE_VEC2, vset, vget, &p, &nan, &sp, &v, &h),
      TW_EINVAL);
  ck_assert_int_eq(vget_calls, 0);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  /* a sequence */
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, &v, &h), 0);
  ck_assert_int_eq(tw_seq_append(m, s, h), TW_EINVAL);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, &zero, &h),
                   0);
  ck_assert_int_eq(tw_seq_append(m, s, h), 0);
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, NULL, &h),
                   0);
  ck_assert_int_eq(tw_seq_append(m, s, h), 0);
  ck_assert_int_eq(tw_kill_all(m, 0), 1);
  /* by setter: the getter at the call, and at start */
  ck_assert_int_eq(
      tw_spring_to_fn_v(m, TW_TYPE_VEC2, vset, vget, &p, &home, &sp, &v, &h),
      0);
  ck_assert_int_eq(vget_calls, 1);
  run(m, 0);
  ck_assert_int_eq(vget_calls, 2);
  run(m, 10);
  EQF(p.x, 1.0f);
  EQF(p.y, 1.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Every allocation may fail: TW_ENOMEM and nothing made, or made. */
START_TEST(test_motion_spring_vector_nomem) {
  size_t fail;
  int done = 0, seen = 0;

  for (fail = 1; !done && fail < 64; fail++) {
    tw_manager *m = tt_manager(&go_al, 0);
    tw_vec2 p = {0, 0}, q = {0, 0}, home = {1, 1}, v = {3, -3};
    tw_spring sp;
    tw_handle h;
    size_t failures = go_al.failures;
    int rc1, rc2;

    tw_spring_init(&sp);
    go_al.fail_at = go_al.calls + fail;
    rc1 = tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, &v, &h);
    rc2 =
        tw_spring_to_fn_v(m, TW_TYPE_VEC2, vset, vget, &q, &home, &sp, &v, &h);
    go_al.fail_at = 0;
    ck_assert(rc1 == 0 || rc1 == TW_ENOMEM);
    ck_assert(rc2 == 0 || rc2 == TW_ENOMEM);
    seen += (rc1 != 0) + (rc2 != 0);
    done = go_al.failures == failures;
    ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), (rc1 == 0) + (rc2 == 0));
    tt_valid(m);
    run(m, 0);
    run(m, 10);
    EQF(p.x, rc1 == 0 ? 1.0f : 0.0f);
    EQF(q.y, rc2 == 0 ? 1.0f : 0.0f);
    ck_assert_int_eq(tw_manager_free(m), 0);
    ck_assert_uint_eq(go_al.live_blocks, 0);
  }
  ck_assert(done);
  ck_assert_int_gt(seen, 1);
}
END_TEST

/* tw_spring_go: a cursor follower on a spring.  4,000 calls at seeded
 * random times (some at one moment, some after it has come to rest) to
 * random places: at every call the value and its velocity go on as they
 * were (measured as in the eased follower), even when the call makes a
 * new spring after a rest (a spring sets off at rest); it ends exactly on
 * the last target.  _i: auto-kill on (1) or off (0). */
START_TEST(test_motion_spring_go_follower) {
  tw_manager *m = tt_mgr();
  double x = 0, last = 0;
  const double dt = 1e-6;
  int i, made = 0, keep = _i == 0;
  tw_handle h = {0, 0}, prev = {0, 0};
  tw_spring sp;

  tw_spring_init(&sp);
  sp.stiffness = 200;
  sp.epsilon = 1e-9; /* its end writes within 1e-9 of the distance */
  ck_assert_int_eq(tw_spring_damping_ratio(&sp, 0.6), 0);
  rng = 0xC2B2AE3D27D4EB4Full + (unsigned)_i;
  for (i = 0; i < 4000; i++) {
    double r = rnd01(), gap, to, xs[6], vb, va, ulp, tol;
    int twice = rnd01() < 0.1, before, live;
    gap = r < 0.1   ? 0
          : r < 0.5 ? rnd01() / 60
          : r < 0.9 ? 0.2 * rnd01()
                    : 2 + 2 * rnd01();
    to = -500 + 1000 * rnd01();
    if (gap > 0)
      step(m, gap);
    before = tw_is_active(m, prev) == 1 && tw_is_complete(m, prev) != 1;
    xs[0] = x;
    step(m, dt);
    xs[1] = x;
    step(m, dt);
    xs[2] = x;
    live = tw_is_active(m, prev) == 1;
    if (tw_spring_go(m, TW_TYPE_DOUBLE, &x, &to, &sp, &h) != 0 || x != xs[2])
      ck_abort_msg("call %d: refused, or wrote", i);
    if (twice) {
      to = -500 + 1000 * rnd01();
      if (tw_spring_go(m, TW_TYPE_DOUBLE, &x, &to, &sp, &h) != 0)
        ck_abort_msg("call %d: refused", i);
    }
    if (i == 0 && keep)
      ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
    if (live && (h.index != prev.index || h.gen != prev.gen))
      ck_abort_msg("call %d: made a spring, not sent", i);
    made += !live;
    step(m, dt);
    xs[3] = x;
    step(m, dt);
    xs[4] = x;
    step(m, dt);
    xs[5] = x;
    /* not where a spring ended inside the window before the call (its end
     * is written exactly: a step of up to 1e-9 of its way) */
    if (i > 0 && (before || tw_is_complete(m, prev) != 1 || !live)) {
      vb = (xs[2] - xs[1]) / dt + (xs[2] - 2 * xs[1] + xs[0]) / (2 * dt);
      va = (xs[3] - xs[2]) / dt - (xs[5] - 2 * xs[4] + xs[3]) / (2 * dt);
      ulp = nextafter(fabs(xs[2]) + 1000, INFINITY) - (fabs(xs[2]) + 1000);
      tol = 1e-6 * (1 + fabs(vb)) + 16 * ulp / dt;
      if (!(fabs(va - vb) <= tol))
        ck_abort_msg("call %d (gap %g): velocity %.9g before, %.9g after", i,
                     gap, vb, va);
    }
    prev = h;
    last = to;
  }
  step(m, 10.0);
  EQD(x, last);
  ck_assert_int_eq(made, keep ? 1 : made);
  ck_assert(keep || made > 100);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), keep);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* What tw_spring_go makes of what it finds: an eased tween on its way
 * becomes a spring with its velocity; a spring takes the new parameters;
 * one not started gets the end and the spring; a velocity vector of its
 * own stays; a relative one not started takes the end as an end. */
START_TEST(test_motion_spring_go_picks) {
  tw_manager *m = tt_mgr();
  double x = 0, xa, xb, xc, to = 10, d1, d2;
  tw_vec2 p = {0, 0}, home = {5, 5}, v = {0, 300};
  tw_spring sp, stiff;
  tw_handle h, g;

  tw_spring_init(&sp);
  stiff = sp;
  stiff.stiffness = 900;
  stiff.damping = 60;
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  run(m, 0.3 - DT);
  xa = x;
  run(m, DT);
  xb = x;
  ck_assert_int_eq(tw_spring_go(m, TW_TYPE_DOUBLE, &x, &to, &sp, &g), 0);
  SAME_HANDLE(g, h);
  run(m, DT);
  xc = x;
  /* three values, each off by OutQuad's slope (2 at most) times its
   * fraction's rounding where the fractions are floats */
  ck_assert_msg(fabs((xc - xb) - (xb - xa)) <
                    1e-3 * fabs(xb - xa) + 4 * 2 * tt_frac_tol(1.0),
                "%g before, %g after", (xb - xa) / DT, (xc - xb) / DT);
  ck_assert_int_eq(tw_duration(m, h, 0, &d1), 0);
  ck_assert_int_eq(tw_spring_go(m, TW_TYPE_DOUBLE, &x, &to, &stiff, &g), 0);
  SAME_HANDLE(g, h);
  ck_assert_int_eq(tw_duration(m, h, 0, &d2), 0);
  ck_assert(d2 < d1 / 2); /* three times the frequency */
  run(m, d2);
  EQD(x, 10.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  /* not started: the end and the spring */
  x = 0;
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  ck_assert_int_eq(tw_spring_go(m, TW_TYPE_DOUBLE, &x, &(double){4.0}, &sp, &g),
                   0);
  SAME_HANDLE(g, h);
  ck_assert_int_eq(tw_duration(m, h, 0, &d1), 0);
  ck_assert_int_eq(tw_spring_to(m, TW_TYPE_DOUBLE, &xa, &to, &sp, &g), 0);
  ck_assert_int_eq(tw_duration(m, g, 0, &d2), 0);
  EQD(d1, d2);
  run(m, 0.1);
  ck_assert(x > 0 && x < 4.0);
  run(m, d1);
  EQD(x, 4.0); /* an end, not an offset */
  /* tw_retarget and tw_go too, on a relative one not started */
  ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  ck_assert_int_eq(tw_go(m, TW_TYPE_DOUBLE, &x, &(double){7.0}, 1.0, &g), 0);
  SAME_HANDLE(g, h);
  run(m, 1.0);
  EQD(x, 7.0);
  /* a velocity vector of its own stays */
  ck_assert_int_eq(tw_spring_to_v(m, TW_TYPE_VEC2, &p, &home, &sp, &v, &h), 0);
  ck_assert_int_eq(
      tw_spring_go(m, TW_TYPE_VEC2, &p, &(tw_vec2){-5, 5}, &stiff, &g), 0);
  SAME_HANDLE(g, h);
  run(m, 0);
  run(m, 1e-4);
  ck_assert_msg(fabs(p.y / 1e-4 - 300) < 30, "set off at %g", p.y / 1e-4);
  run(m, 10);
  EQF(p.x, -5.0f);
  EQF(p.y, 5.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Refusals change nothing; every allocation may fail. */
START_TEST(test_motion_spring_go_refusals) {
  tw_manager *m = tt_mgr();
  double x = 0, to = 5, e0, e1, d0, d1;
  tw_spring sp, bad;
  tw_handle h, out = {7, 7};
  int i;

  tw_spring_init(&sp);
  ck_assert_int_eq(tw_double_to(m, &x, 2.0, 1.0, &h), 0);
  run(m, 0.25);
  ck_assert_int_eq(tw_elapsed(m, h, &e0), 0);
  ck_assert_int_eq(tw_duration(m, h, 0, &d0), 0);
  for (i = 0; i < 6; i++) {
    bad = sp;
    if (i == 0)
      bad.stiffness = 0;
    else if (i == 1)
      bad.damping = NAN;
    else if (i == 2)
      bad.mass = -1;
    else if (i == 3)
      bad.velocity = INFINITY;
    else if (i == 4)
      bad.epsilon = 1;
    else
      bad.epsilon = -0.0;
    ck_assert_int_eq(tw_spring_go(m, TW_TYPE_DOUBLE, &x, &to, &bad, &out),
                     TW_EINVAL);
    ck_assert_int_eq(
        tw_spring_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &x, &to, &bad, &out),
        TW_EINVAL);
  }
  ck_assert_int_eq(tw_spring_go(m, TW_TYPE_DOUBLE, &x, &to, NULL, &out),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_go(NULL, TW_TYPE_DOUBLE, &x, &to, &sp, &out),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_go(m, TW_TYPE_DOUBLE, NULL, &to, &sp, &out),
                   TW_EINVAL);
  ck_assert_int_eq(tw_spring_go(m, TW_TYPE_DOUBLE, &x, NULL, &sp, &out),
                   TW_EINVAL);
  ck_assert_int_eq(
      tw_spring_go(m, TW_TYPE_DOUBLE, &x, &(double){NAN}, &sp, &out),
      TW_EINVAL);
  ck_assert_int_eq(
      tw_spring_go(m, TW_TYPE_DOUBLE, &to, &(double){INFINITY}, &sp, &out),
      TW_EINVAL);
  ck_assert_int_eq(tw_spring_go(m, 99, &x, &to, &sp, &out), TW_ETYPE);
  ck_assert_int_eq(
      tw_spring_go_fn(m, TW_TYPE_DOUBLE, NULL, go_get, &x, &to, &sp, &out),
      TW_EINVAL);
  ck_assert_int_eq(
      tw_spring_go_fn(m, TW_TYPE_DOUBLE, go_set, NULL, &x, &to, &sp, &out),
      TW_EINVAL);
  ck_assert_int_eq(
      tw_spring_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, NULL, &to, &sp, &out),
      TW_EINVAL);
  ck_assert_int_eq(out.index, 7);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 1);
  ck_assert_int_eq(tw_elapsed(m, h, &e1), 0);
  ck_assert_int_eq(tw_duration(m, h, 0, &d1), 0);
  EQD(e1, e0);
  EQD(d1, d0);
  run(m, 0.75);
  EQD(x, 2.0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_motion_spring_go_nomem) {
  size_t fail;
  int done = 0, seen = 0;

  for (fail = 1; !done && fail < 64; fail++) {
    tw_manager *m = tt_manager(&go_al, 0);
    double x = 0, y = 0, z = 0, to = 5;
    tw_spring sp;
    tw_handle h, g;
    size_t failures = go_al.failures;
    int rc1, rc2, rc3;

    tw_spring_init(&sp);
    ck_assert_int_eq(tw_double_to(m, &x, 1.0, 1.0, &h), 0);
    run(m, 0.5);
    go_al.fail_at = go_al.calls + fail;
    rc1 = tw_spring_go(m, TW_TYPE_DOUBLE, &x, &to, &sp, &g); /* sends h */
    rc2 = tw_spring_go(m, TW_TYPE_DOUBLE, &y, &to, &sp, &g); /* makes one */
    rc3 = tw_spring_go_fn(m, TW_TYPE_DOUBLE, go_set, go_get, &z, &to, &sp, &g);
    go_al.fail_at = 0;
    ck_assert(rc1 == 0 || rc1 == TW_ENOMEM);
    ck_assert(rc2 == 0 || rc2 == TW_ENOMEM);
    ck_assert(rc3 == 0 || rc3 == TW_ENOMEM);
    seen += (rc1 != 0) + (rc2 != 0) + (rc3 != 0);
    done = go_al.failures == failures;
    ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 1 + (rc2 == 0) + (rc3 == 0));
    tt_valid(m);
    run(m, 10);
    EQD(x, rc1 == 0 ? 5.0 : 1.0);
    EQD(y, rc2 == 0 ? 5.0 : 0.0);
    EQD(z, rc3 == 0 ? 5.0 : 0.0);
    ck_assert_int_eq(tw_manager_free(m), 0);
    ck_assert_uint_eq(go_al.live_blocks, 0);
  }
  ck_assert(done);
  ck_assert_int_gt(seen, 2);
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
  tc = tcase_create("spring_near_critical");
  tcase_add_loop_test(tc, test_motion_spring_near_critical, 0,
                      3 * (int)(sizeof near_ratios / sizeof near_ratios[0]));
  suite_add_tcase(s, tc);
  tc = tcase_create("spring_settle");
  tcase_add_loop_test(
      tc, test_motion_spring_settle, 0,
      3 * (int)(sizeof settle_ratios / sizeof settle_ratios[0]));
  suite_add_tcase(s, tc);
  tc = tcase_create("spring_retarget_in_place");
  tcase_add_loop_test(tc, test_motion_spring_retarget_in_place, 0, 12);
  suite_add_tcase(s, tc);
  tc = tcase_create("spring_vector");
  tcase_add_loop_test(tc, test_motion_spring_vector, 0, 12);
  suite_add_tcase(s, tc);
  tc = tcase_create("spring_vector_settle");
  tcase_add_loop_test(tc, test_motion_spring_vector_settle, 0, 48);
  suite_add_tcase(s, tc);
  tc = tcase_create("spring_vector_in_place");
  tcase_add_loop_test(tc, test_motion_spring_vector_in_place, 0, 14);
  suite_add_tcase(s, tc);
  tc = tcase_create("spring_go_follower");
  tcase_add_loop_test(tc, test_motion_spring_go_follower, 0, 2);
  suite_add_tcase(s, tc);
  tc = tcase_create("go_follower");
  tcase_add_loop_test(tc, test_motion_go_follower, 0, 4);
  suite_add_tcase(s, tc);
  tc = tcase_create("go_from_getter");
  tcase_add_loop_test(tc, test_motion_go_from_getter, 0, 2);
  suite_add_tcase(s, tc);
  tc = tcase_create("go_from_callbacks");
  tcase_add_loop_test(tc, test_motion_go_from_callbacks, 0, 2 * (NKINDS + 1));
  suite_add_tcase(s, tc);
  tc = tcase_create("spring_regimes");
  tcase_add_loop_test(tc, test_motion_spring_regimes, 0, 3);
  suite_add_tcase(s, tc);
#define ADD(name) TT_ADD(s, test_motion_##name, #name, 0);
  ADD(retarget_vector)
  ADD(retarget_cases)
  ADD(retarget_refusals)
  ADD(retarget_reentrant)
  ADD(spring_slicing)
  ADD(spring_retarget)
  ADD(spring_sequence_and_refusals)
  ADD(spring_killed_by_hook)
  ADD(spring_parameters)
  ADD(spring_ease_bounce)
  ADD(spring_vector_refusals)
  ADD(spring_vector_nomem)
  ADD(spring_go_picks)
  ADD(spring_go_refusals)
  ADD(spring_go_nomem)
  ADD(go_picks)
  ADD(go_own_keys_every_type)
  ADD(go_refusals)
  ADD(go_nomem)
#undef ADD
  return s;
}

int main(void) { return tt_run(motion_suite()); }

/* SPDX-License-Identifier: MIT */
/* Retarget: continuity of the value and of its velocity at the moment of
 * the call, for every ease, every built-in type, every direction and
 * every moment, and the new end reached exactly at the new duration; the
 * reported defects first. */
#include "tween-private.h"
#include "util.h"

#include <float.h>
#include <math.h>
#include <string.h>

static void run(tw_manager *m, double dt) {
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, dt, dt), 0);
}

/* the reported cases */

/* OutCirc: no jump, no flight.  Its running motion plays on (upwards, at
 * its speed then) with the difference to the new end added from rest: it
 * never leaves the old end and the new one. */
START_TEST(test_retarget_out_circ) {
  tw_manager *m = tt_mgr();
  float x = 10, x0, lo, hi;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_float_to(m, &x, 110, 1, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_OUT_CIRC), 0);
  run(m, 0.3);
  x0 = x;
  ck_assert(fabsf(x0 - 81.414f) < 1e-3f);
  ck_assert_int_eq(tw_retarget(m, h, &(float){-40}, 0.6), 0);
  run(m, 1e-9);
  /* OutCirc's own way in 1e-9 of 0.6 s: sqrt(2 u) of the distance */
  ck_assert_msg(fabsf(x - x0) <= 121.5f * sqrtf(2e-9f / 0.6f) + 1e-4f,
                "a jump from %.9g to %.9g", x0, x);
  lo = -40 - 1e-4f;
  hi = 110 + 1e-4f;
  for (i = 0; i < 36; i++) {
    ck_assert_msg(x >= lo && x <= hi, "frame %d: %.9g", i, x);
    run(m, 1.0 / 60);
  }
  EQF(x, -40.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tw_manager_free(m);
}
END_TEST

/* Two retargets at one moment on In Expo, which jumps at 0: the second
 * keeps the speed the first kept, and the value stays near its way. */
START_TEST(test_retarget_twice_in_expo) {
  tw_manager *m = tt_mgr();
  double x = 0, x0, before, after, top = 0;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_double_to(m, &x, 1, 1, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_EXPO), 0);
  run(m, 0.3 - 1e-3);
  x0 = x;
  run(m, 1e-3);
  before = (x - x0) / 1e-3;
  x0 = x;
  ck_assert_int_eq(tw_retarget(m, h, &(double){0.4}, 0.5), 0);
  ck_assert_int_eq(tw_retarget(m, h, &(double){0.9}, 0.7), 0);
  run(m, 1e-3);
  after = (x - x0) / 1e-3;
  ck_assert_msg(fabs(after - before) < 0.05 * fabs(before),
                "speed %.9g before, %.9g after", before, after);
  for (i = 0; i < 50; i++) {
    top = x > top ? x : top;
    run(m, 1.0 / 60);
  }
  ck_assert_msg(top <= 0.9 + 1e-9, "peaks at %.9g", top);
  EQD(x, (double)0.9); /* a bare 0.9 is wider with x87 */
  tw_manager_free(m);
}
END_TEST

/* Playing backwards, it keeps its backward velocity. */
START_TEST(test_retarget_backwards) {
  tw_manager *m = tt_mgr();
  double x = 0, x0, before, after;
  tw_handle h;

  ck_assert_int_eq(tw_double_to(m, &x, 1, 1, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  run(m, 0.7);
  ck_assert_int_eq(tw_play_backwards(m, h), 0);
  run(m, 0.25 - 1e-3);
  x0 = x;
  run(m, 1e-3);
  before = (x - x0) / 1e-3;
  /* two values of a fraction within 1, each its rounding off */
  ck_assert(fabs(before + 1) < 1e-9 + 2 * tt_frac_tol(1.0) / 1e-3);
  x0 = x;
  ck_assert_int_eq(tw_retarget(m, h, &(double){3}, 0.8), 0);
  run(m, 1e-3);
  after = (x - x0) / 1e-3;
  ck_assert_msg(fabs(after - before) < 0.05, "speed %.9g before, %.9g after",
                before, after);
  run(m, 0.8);
  EQD(x, 3.0);
  tw_manager_free(m);
}
END_TEST

/* A change of values after a retarget is a motion of its own: the velocity
 * kept at the retarget does not outlive it. */
START_TEST(test_retarget_then_change) {
  tw_manager *m = tt_mgr();
  double x = 0, y = 0;
  tw_handle h, g;
  int i;

  ck_assert_int_eq(tw_double_to(m, &x, 1, 1, &h), 0);
  run(m, 0.5);
  ck_assert_int_eq(tw_retarget(m, h, &(double){-3}, 1), 0);
  run(m, 0.25);
  ck_assert_int_eq(tw_change_values(m, h, &(double){10}, &(double){20}), 0);
  ck_assert_int_eq(
      tw_from_to(m, TW_TYPE_DOUBLE, &y, &(double){10}, &(double){20}, 1, &g),
      0);
  for (i = 0; i < 12; i++) {
    EQD(x, y);
    run(m, 0.1);
  }
  tw_manager_free(m);
}
END_TEST

/* The whole space: every ease (each built-in with its default parameters
 * and with others, CSS curves, steps, keyframe curves, user eases) x
 * every built-in type x every direction and moment. */

enum { K_EASE, K_PARAMS, K_BEZIER, K_STEPS, K_CURVE, K_FN };

/* flags of an ease case */
enum {
  INF0 = 1, /* its slope at 0 is infinite: a fresh tween keeps its value only */
  INF1 = 2, /* its slope at its end is infinite */
  JUMP0 = 4, /* it leaves 0 with a jump of more than 2^-10 */
  UNIT = 8   /* it stays within [0, 1] */
};

typedef struct ecase {
  int kind, ease, flags;
  double p[4];
} ecase;

static double smoothstep(double x, void *ud) {
  (void)ud;
  return x * x * (3.0 - 2.0 * x);
}

static double leap(double x, void *ud) { /* a user ease that jumps at 0 */
  (void)ud;
  return x > 0 ? 0.1 + 0.9 * x * x : 0.0;
}

static const tw_key curve_a[] = {
    {0.0f, 0.0f, 0.0f, 0.5f},
    {0.3f, 0.6f, 2.0f, 0.5f}, /* a key whose two tangents differ */
    {0.7f, 0.9f, 0.2f, 1.0f},
    {1.0f, 1.0f, 0.0f, 0.0f}};
static const tw_key curve_b[] = {/* 0.1 at 0: flat before its first key */
                                 {0.2f, 0.1f, 0.0f, 1.0f},
                                 {0.9f, 1.1f, 0.5f, 0.0f}};

static const ecase ecases[] = {
    /* (the built-ins, each with its default parameters, come first) */
    {K_PARAMS, TW_EASE_IN_ELASTIC, 0, {0.5, 0.25}},
    {K_PARAMS, TW_EASE_OUT_ELASTIC, 0, {0.5, 0.25}},
    {K_PARAMS, TW_EASE_IN_OUT_ELASTIC, 0, {0.5, 0.25}},
    {K_PARAMS, TW_EASE_IN_ELASTIC, 0, {2.5, 0.4}},
    {K_PARAMS, TW_EASE_OUT_ELASTIC, 0, {2.5, 0.4}},
    {K_PARAMS, TW_EASE_IN_OUT_ELASTIC, 0, {2.5, 0.4}},
    {K_PARAMS, TW_EASE_IN_BACK, 0, {3.0, 0}},
    {K_PARAMS, TW_EASE_OUT_BACK, 0, {3.0, 0}},
    {K_PARAMS, TW_EASE_IN_OUT_BACK, 0, {3.0, 0}},
    {K_PARAMS, TW_EASE_FLASH, 0, {4, 0.5}},
    {K_PARAMS, TW_EASE_IN_FLASH, 0, {4, 0.5}},
    {K_PARAMS, TW_EASE_OUT_FLASH, 0, {4, 0.5}},
    {K_PARAMS, TW_EASE_IN_OUT_FLASH, 0, {4, 0.5}},
    {K_PARAMS, TW_EASE_FLASH, 0, {3, -0.5}},
    {K_PARAMS, TW_EASE_IN_FLASH, 0, {3, -0.5}},
    {K_PARAMS, TW_EASE_OUT_FLASH, 0, {3, -0.5}},
    {K_PARAMS, TW_EASE_IN_OUT_FLASH, 0, {3, -0.5}},
    {K_PARAMS, TW_EASE_SPRING, 0, {0, 0.5}},
    {K_PARAMS, TW_EASE_SPRING, 0, {0, -0.5}},
    {K_BEZIER, 0, 0, {0.25, 0.1, 0.25, 1.0}},
    {K_BEZIER, 0, UNIT, {0.42, 0.0, 0.58, 1.0}},
    {K_BEZIER, 0, 0, {0.3, -0.5, 0.7, 1.5}},
    {K_BEZIER, 0, INF0 | UNIT, {0.0, 0.5, 0.5, 1.0}}, /* vertical at 0 */
    {K_STEPS, 4, JUMP0, {TW_JUMP_START}},
    {K_STEPS, 4, 0, {TW_JUMP_END}},
    {K_STEPS, 4, 0, {TW_JUMP_NONE}},
    {K_STEPS, 3, JUMP0, {TW_JUMP_BOTH}},
    {K_CURVE, 0, 0, {0}},
    {K_CURVE, 1, JUMP0, {0}},
    {K_FN, 0, UNIT, {0}},
    {K_FN, 1, JUMP0, {0}}};
#define NBUILTIN ((int)TW_EASE_COUNT)
#define NECASES (NBUILTIN + (int)(sizeof ecases / sizeof ecases[0]))

static ecase ecase_of(int i) {
  ecase c;

  if (i >= NBUILTIN)
    return ecases[i - NBUILTIN];
  memset(&c, 0, sizeof c);
  c.kind = K_EASE;
  c.ease = i;
  if (i == TW_EASE_OUT_CIRC)
    c.flags = INF0 | UNIT;
  else if (i == TW_EASE_IN_CIRC)
    c.flags = INF1 | UNIT;
  return c;
}

static void ease_set(tw_manager *m, tw_handle h, const ecase *c) {
  switch (c->kind) {
  case K_EASE:
    ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)c->ease), 0);
    break;
  case K_PARAMS:
    ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)c->ease), 0);
    ck_assert_int_eq(tw_set_ease_params(m, h, c->p[0], c->p[1]), 0);
    break;
  case K_BEZIER:
    ck_assert_int_eq(
        tw_set_ease_bezier(m, h, c->p[0], c->p[1], c->p[2], c->p[3]), 0);
    break;
  case K_STEPS:
    ck_assert_int_eq(tw_set_ease_steps(m, h, c->ease, (tw_jump)(int)c->p[0]),
                     0);
    break;
  case K_CURVE:
    if (c->ease == 0)
      ck_assert_int_eq(tw_set_ease_curve(m, h, curve_a, 4), 0);
    else
      ck_assert_int_eq(tw_set_ease_curve(m, h, curve_b, 2), 0);
    break;
  default:
    ck_assert_int_eq(
        tw_set_ease_fn(m, h, c->ease == 0 ? smoothstep : leap, NULL), 0);
    break;
  }
}

/* values of every type, read as doubles */

typedef union val {
  float f[4];
  double d[2];
  int i[4];
  unsigned char b[16];
} val;

static const int types[] = {TW_TYPE_FLOAT, TW_TYPE_DOUBLE, TW_TYPE_INT,
                            TW_TYPE_VEC2,  TW_TYPE_VEC3,   TW_TYPE_VEC4,
                            TW_TYPE_COLOR, TW_TYPE_RGBA8};
#define NTYPES ((int)(sizeof types / sizeof types[0]))

static unsigned ncomp(int type) {
  switch (type) {
  case TW_TYPE_FLOAT:
  case TW_TYPE_DOUBLE:
  case TW_TYPE_INT:
    return 1;
  case TW_TYPE_VEC2:
    return 2;
  case TW_TYPE_VEC3:
    return 3;
  default:
    return 4;
  }
}

static double get(int type, const val *v, unsigned k) {
  switch (type) {
  case TW_TYPE_DOUBLE:
    return v->d[0];
  case TW_TYPE_INT:
    return v->i[0];
  case TW_TYPE_RGBA8:
    return v->b[k];
  default:
    return v->f[k];
  }
}

/* Value `which` (0 the start, 1 the end, 2 and 3 new ends), component k
 * going its own way; ints a million times bigger, so that their rounding
 * is small, rgba8's channels within 0..255. */
static val value(int type, int which) {
  static const double base[4][2] = {{1, 1}, {5, -2.5}, {-3, 1.7}, {2, 0.5}};
  val v;
  unsigned k;

  memset(&v, 0, sizeof v);
  for (k = 0; k < ncomp(type); k++) {
    double x = base[which][0] + base[which][1] * k;
    switch (type) {
    case TW_TYPE_DOUBLE:
      v.d[0] = x;
      break;
    case TW_TYPE_INT:
      v.i[0] = (int)(x * 1e6);
      break;
    case TW_TYPE_RGBA8:
      v.b[k] = (unsigned char)(128 + 20 * x);
      break;
    default:
      v.f[k] = (float)x;
      break;
    }
  }
  return v;
}

/* The time step of the differences: small against the eases' own time
 * (the third derivative's term, estimated below, stays small), large
 * against the type's rounding, which a difference divides by it. */
static double step_of(int type) {
  return type == TW_TYPE_DOUBLE ? 1e-5 : type == TW_TYPE_INT ? 1e-4 : 4e-4;
}

/* The rounding of a value of the type: a float's lerp rounds the fraction
 * and the sum in float, an int or a byte to the nearest. */
static double rounding(int type, double size) {
  switch (type) {
  case TW_TYPE_DOUBLE:
    return 4 * size * DBL_EPSILON;
  case TW_TYPE_INT:
  case TW_TYPE_RGBA8:
    return 0.5;
  default:
    return 4 * size * FLT_EPSILON;
  }
}

/* Values of a target a step apart, in time order. */
typedef struct track {
  double x[6][4];
} track;

static void take(int type, const val *v, track *t, int i) {
  unsigned k;

  for (k = 0; k < ncomp(type); k++)
    t->x[i][k] = get(type, v, k);
}

/* The velocity of component k at the moment, x[0][k] (after it) or
 * x[3][k] (before it): the three-point one-sided difference, whose error
 * is dt^2 x''' / 3, estimated by the third difference / (3 dt) (twice
 * that: the estimate is its leading term only), plus the rounding q of
 * the four values, at most 4 q / dt, into *err. */
static double speed_of(const track *t, unsigned k, int after, double dt,
                       double q, double *err) {
  double a = t->x[0][k], b = t->x[1][k], c = t->x[2][k], d = t->x[3][k];

  *err = 2 * fabs(d - 3 * c + 3 * b - a) / (3 * dt) + 4 * q / dt;
  if (after)
    return (-3 * a + 4 * b - c) / (2 * dt);
  return (3 * d - 4 * c + b) / (2 * dt);
}

/* The velocity just after x[0][k], from x[1..4][k] (the twin's motion,
 * whose first step may hold its ease's jump at an end: In Expo's at 0,
 * Out Expo's at 1): the slope at 0 of the cubic through them, whose error
 * is dt^3 x'''' (estimated, twice, by the fourth difference of x[1..5]
 * / dt),
 * plus the rounding, (26 + 57 + 42 + 11) / 6 q / dt at most. */
static double speed_in(const track *t, unsigned k, double dt, double q,
                       double *err) {
  const double *x[6];
  int i;

  for (i = 0; i < 6; i++)
    x[i] = &t->x[i][k];
  *err = 2 * fabs(*x[5] - 4 * *x[4] + 6 * *x[3] - 4 * *x[2] + *x[1]) / dt +
         23 * q / dt;
  return (-26 * *x[1] + 57 * *x[2] - 42 * *x[3] + 11 * *x[4]) / (6 * dt);
}

/* The directions and moments. */
enum {
  F_START,  /* forwards, at elapsed 0 (started by an update of 0) */
  F_MID,    /* forwards, at 0.4 of its way */
  F_LAST,   /* forwards, at its last frame (1/60 s short of its end) */
  F_TWICE,  /* forwards at 0.4, retargeted twice at once */
  F_TWICE0, /* the same at elapsed 0 */
  F_DONE,   /* complete (auto-kill off): it stands */
  B_START,  /* backwards from its end */
  B_MID,    /* backwards, at 0.4 */
  B_LAST,   /* backwards, at its last frame before its start */
  B_TWICE,  /* backwards at 0.4, twice */
  B_DONE,   /* backwards to its start, where it stops */
  PAUSED,   /* paused at 0.4 */
  NSCENES
};

static const char *const scene_names[NSCENES] = {
    "forwards at 0",          "forwards mid",  "forwards last",
    "forwards twice",         "twice at 0",    "complete",
    "backwards from the end", "backwards mid", "backwards last",
    "backwards twice",        "rewound",       "paused"};

/* The tween on a, and its twin on b, both at the moment of scene sc;
 * into *before the values a had just before it (sets *twin when only the
 * twin's just after it tell the velocity, *stands when it stands). */
static void to_moment(tw_manager *m, tw_handle ha, tw_handle hb, int type,
                      int sc, const val *a, track *before, int *twin,
                      int *stands) {
  const double D = 1.0, dt = step_of(type);
  double t0 = -1;
  int i;

  *twin = 0; /* (no moment is told by its twin now: at the start of its
              * way a tween stands) */
  switch (sc) {
  case F_START: /* it stood at its start until now: from rest */
  case F_TWICE0:
    run(m, 0);
    *stands = 1;
    return;
  case F_MID:
  case F_TWICE:
  case F_LAST:
    t0 = sc == F_LAST ? D - 1.0 / 60 : 0.4 * D;
    break;
  case F_DONE:
    run(m, D + 0.5);
    *stands = 1;
    return;
  case B_START:
    run(m, D + 0.5);
    ck_assert_int_eq(tw_play_backwards(m, ha), 0);
    ck_assert_int_eq(tw_play_backwards(m, hb), 0);
    *stands = 1; /* it stood at its end until now */
    return;
  case PAUSED:
    run(m, 0.4 * D);
    ck_assert_int_eq(tw_pause(m, ha), 0);
    ck_assert_int_eq(tw_pause(m, hb), 0);
    *stands = 1;
    return;
  default: /* backwards from 0.7 */
    run(m, 0.7 * D);
    ck_assert_int_eq(tw_play_backwards(m, ha), 0);
    ck_assert_int_eq(tw_play_backwards(m, hb), 0);
    if (sc == B_DONE) {
      run(m, D);
      ck_assert_int_eq(tw_is_playing(m, ha), 0);
      *stands = 1;
      return;
    }
    t0 = sc == B_LAST ? 0.7 * D - 1.0 / 60 : 0.3 * D; /* the way back */
    break;
  }
  run(m, t0 - 3 * dt);
  for (i = 0; i < 4; i++) {
    take(type, a, before, i);
    if (i < 3)
      run(m, dt);
  }
}

/* How far the ease itself goes in its first u of the way (a bound, for
 * the cases that keep their value only). */
static double own_step(const ecase *c, double u) {
  double p = c->kind == K_PARAMS ? c->p[1] / 0.8 : 0.0, o = 1.70158, e;

  if (c->kind == K_PARAMS)
    o = c->p[0];
  if (c->kind == K_EASE || c->kind == K_PARAMS)
    e = tw_ease_eval((tw_ease)c->ease, u, o, p) -
        tw_ease_eval((tw_ease)c->ease, 0, o, p);
  else if (c->kind == K_BEZIER)
    e = tw_ease_eval_bezier(c->p[0], c->p[1], c->p[2], c->p[3], u);
  else /* a curve's slopes are at most 2 here, a user ease's 2 */
    e = 2 * u;
  return fabs(e);
}

/* Where the ease ends: 1 but for a Flash with an even count (0, the
 * start), a weighted one, or a curve whose last key is elsewhere. */
static double ease_end(const ecase *c) {
  if (c->kind == K_CURVE)
    return c->ease == 0 ? curve_a[3].value : curve_b[1].value;
  if (c->kind == K_PARAMS)
    return tw_ease_eval((tw_ease)c->ease, 1.0, c->p[0], c->p[1]);
  if (c->kind == K_EASE)
    return tw_ease_eval((tw_ease)c->ease, 1.0, 1.70158, 0.0);
  return 1.0;
}

/* At the new duration the tween is on its new end exactly (on its start,
 * where its ease ends at 0; within rounding where it ends elsewhere). */
static void end_at(const ecase *ec, int ei, int type, int sc, const val *a,
                   const val *from, const val *to, double q) {
  double e = ease_end(ec);
  unsigned k;

  /* the eases but Flash end at 1 exactly; Flash's flashes at 0 or 1
   * within the rounding of its steps */
  if (e == 1.0 && !(ec->kind <= K_PARAMS && ec->ease >= TW_EASE_FLASH &&
                    ec->ease <= TW_EASE_IN_OUT_FLASH)) {
    ck_assert_msg(memcmp(a, to, sizeof *a) == 0,
                  "ease %d, type %d, %s: ends off its new end", ei, type,
                  scene_names[sc]);
    return;
  }
  for (k = 0; k < ncomp(type); k++) {
    double x = get(type, from, k), y = get(type, to, k), want = x + (y - x) * e;
    if (type == TW_TYPE_RGBA8)
      want = fmin(255, fmax(0, want));
    ck_assert_msg(fabs(get(type, a, k) - want) <=
                      (type == TW_TYPE_RGBA8 ? 1.5 : 2 * q + 1e-9),
                  "ease %d, type %d, %s: ends at %.9g, not %.9g", ei, type,
                  scene_names[sc], get(type, a, k), want);
  }
}

static void scene(const ecase *ec, int ei, int type, int sc) {
  tw_manager *m = tt_mgr();
  const double D = 1.0, D2 = 0.8, dt = step_of(type);
  int twice = sc == F_TWICE || sc == F_TWICE0 || sc == B_TWICE;
  val a = value(type, 0), b = a, at, end = value(type, 1),
      to = value(type, twice ? 3 : 2), first = value(type, 2);
  tw_handle ha, hb;
  track before, after;
  int i, twin = 0, stands = 0, keeps = type != TW_TYPE_RGBA8;
  /* an infinite slope at the moment, or the new ease's at 0 */
  int only = ((ec->flags & INF0) && (sc == F_START || sc == F_TWICE0)) ||
             (sc == B_START && (ec->flags & INF1));
  /* a single-precision form, or any ease where the fractions are floats
   * (user eases too): a velocity over dt sees its rounding (see
   * test_ease_float_forms) */
  int rough =
      TW__FLOAT_FRACTIONS || (ec->kind <= K_PARAMS && tt_float_ease(ec->ease));
  double size = 0, q;
  unsigned k;

  memset(&before, 0, sizeof before);
  ck_assert_int_eq(tw_to(m, type, &a, &end, D, &ha), 0);
  ck_assert_int_eq(tw_to(m, type, &b, &end, D, &hb), 0);
  ease_set(m, ha, ec);
  ease_set(m, hb, ec);
  ck_assert_int_eq(tw_set_autokill(m, ha, 0), 0);
  ck_assert_int_eq(tw_set_autokill(m, hb, 0), 0);
  to_moment(m, ha, hb, type, sc, &a, &before, &twin, &stands);
  at = a;
  if (twice)
    ck_assert_int_eq(tw_retarget(m, ha, &first, 0.5), 0);
  ck_assert_int_eq(tw_retarget(m, ha, &to, D2), 0);
  ck_assert_msg(memcmp(&a, &at, sizeof a) == 0,
                "ease %d, type %d, %s: the retarget wrote", ei, type,
                scene_names[sc]);
  for (i = 0; i < 6; i++) {
    take(type, &a, &after, i);
    if (twin)
      take(type, &b, &before, i);
    if (i < 5)
      run(m, dt);
  }
  for (k = 0; k < ncomp(type); k++) {
    size = fmax(size, fabs(get(type, &end, k)) + fabs(get(type, &at, k)));
    size = fmax(size, fabs(get(type, &to, k)) + fabs(get(type, &at, k)));
  }
  q = rounding(type, size);
  for (k = 0; k < ncomp(type); k++) {
    double eb = 0, ea, vb = 0, va;
    int ok;
    for (i = 0; i < 4; i++)
      ck_assert(isfinite(after.x[i][k]));
    va = speed_of(&after, k, 1, dt, q, &ea);
    if (twin)
      vb = speed_in(&before, k, dt, q, &eb);
    else if (!stands)
      vb = speed_of(&before, k, 0, dt, q, &eb);
    if (!keeps) { /* the value only: no jump but the ease's own */
      ok = (ec->flags & (JUMP0 | INF0)) ||
           fabs(after.x[1][k] - after.x[0][k]) <=
               1 + fabs(get(type, &to, k) - get(type, &at, k)) *
                       own_step(ec, dt / D2);
      ck_assert_msg(ok, "ease %d, type %d, %s: a jump from %g to %g", ei, type,
                    scene_names[sc], after.x[0][k], after.x[1][k]);
      continue;
    }
    if (only || rough)
      continue; /* no speed to keep: the value, bounded below */
    /* an ease that starts like sqrt(u) (OutCirc, a bezier vertical at 0)
     * is ramped from rest into u^(3/2) (1.5 sqrt(2) of it at most): its
     * velocity leaves v0 continuously, but like sqrt(t), which the
     * difference over dt sees as 2 sqrt(dt / D) of its speed, (new end -
     * start) / D, at most */
    if (ec->flags & INF0)
      ea +=
          2 * sqrt(dt / D2) * fabs(get(type, &to, k) - get(type, &at, k)) / D2;
    ok = fabs(va - vb) <= ea + eb + 1e-9 * (1 + fabs(vb));
    ck_assert_msg(ok,
                  "ease %d, type %d, %s, component %u: velocity %.9g before, "
                  "%.9g after (within %.3g)",
                  ei, type, scene_names[sc], k, vb, va, ea + eb);
  }
  /* on to the new end, reached exactly at the new duration; a value-only
   * ease within [0, 1] stays between where it was and the new end */
  run(m, D2 - 5 * dt - 1e-3);
  ck_assert_int_eq(tw_is_complete(m, ha), 0);
  if (only && (ec->flags & UNIT) && keeps)
    for (k = 0; k < ncomp(type); k++) {
      double lo = fmin(get(type, &at, k), get(type, &to, k)),
             hi = fmax(get(type, &at, k), get(type, &to, k));
      ck_assert_msg(get(type, &a, k) >= lo - q && get(type, &a, k) <= hi + q,
                    "ease %d, type %d, %s: flies to %g", ei, type,
                    scene_names[sc], get(type, &a, k));
    }
  run(m, 1e-3);
  ck_assert_int_eq(tw_is_complete(m, ha), 1);
  end_at(ec, ei, type, sc, &a, &at, &to, q);
  tt_valid(m);
  tw_manager_free(m);
}

START_TEST(test_retarget_continuity) {
  ecase ec = ecase_of(_i);
  int ti, sc;

  for (ti = 0; ti < NTYPES; ti++)
    for (sc = 0; sc < NSCENES; sc++)
      scene(&ec, _i, types[ti], sc);
}
END_TEST

/* huge magnitudes: the velocity and the term saturate, every value stays
 * finite, and the new end is reached exactly */

/* A double tween from -1e308 to 1e308 moves faster than a double can say:
 * retargeted mid-way to 0, it stays finite and ends on 0. */
START_TEST(test_retarget_huge_double) {
  tw_manager *m = tt_mgr();
  double x = -1e308;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_double_to(m, &x, 1e308, 1, &h), 0);
  run(m, 0.5);
  ck_assert_int_eq(tw_retarget(m, h, &(double){0}, 1), 0);
  for (i = 0; i < 59; i++) {
    run(m, 1.0 / 60);
    ck_assert_msg(isfinite(x), "frame %d: %g", i, x);
  }
  run(m, 1.0 / 60);
  EQD(x, 0.0);
  tw_manager_free(m);
}
END_TEST

/* A float at 1e9 units/s sent on for 1e300 s: its running motion plays
 * on to its end (1000), and the difference, over 1e300 s, has not moved
 * yet: no jump to FLT_MAX. */
START_TEST(test_retarget_huge_duration) {
  tw_manager *m = tt_mgr();
  float x = 0, x0;
  tw_handle h;

  ck_assert_int_eq(tw_float_to(m, &x, 1000, 1e-6, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  run(m, 0.5e-6);
  x0 = x;
  ck_assert_int_eq(tw_retarget(m, h, &(float){-5}, 1e300), 0);
  run(m, 1e-3);
  ck_assert_msg(x == 1000.0f, "%g after %g", x, x0);
  tw_manager_free(m);
}
END_TEST

/* The class: every numeric type, ends near its largest values and
 * opposite, durations from 1e-300 to 1e300, forwards and backwards. */
START_TEST(test_retarget_huge) {
  static const int kinds[] = {TW_TYPE_FLOAT, TW_TYPE_DOUBLE, TW_TYPE_INT,
                              TW_TYPE_VEC2};
  static const double durations[] = {1e-300, 1e-6, 1, 1e300};
  int type = kinds[_i % 4], back = _i / 4, di, dj, k;

  for (di = 0; di < 4; di++)
    for (dj = 0; dj < 4; dj++) {
      tw_manager *m = tt_mgr();
      double big = type == TW_TYPE_DOUBLE ? DBL_MAX
                   : type == TW_TYPE_INT  ? 2147483647.0
                                          : FLT_MAX;
      val x, a = value(type, 0), e = a, to = a;
      tw_handle h;
      unsigned c;

      for (c = 0; c < ncomp(type); c++) {
        double s = c % 2 ? -1 : 1;
        switch (type) {
        case TW_TYPE_DOUBLE:
          a.d[0] = -big;
          e.d[0] = big;
          to.d[0] = -big;
          break;
        case TW_TYPE_INT:
          a.i[0] = -2147483647;
          e.i[0] = 2147483647;
          to.i[0] = 0;
          break;
        default:
          a.f[c] = (float)(-s * big);
          e.f[c] = (float)(s * big);
          to.f[c] = (float)(s * big / 3);
          break;
        }
      }
      x = a;
      ck_assert_int_eq(tw_to(m, type, &x, &e, durations[di], &h), 0);
      ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_OUT_SINE), 0);
      ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
      run(m, durations[di] * 0.6);
      if (back) {
        ck_assert_int_eq(tw_play_backwards(m, h), 0);
        run(m, durations[di] * 0.2);
      }
      ck_assert_int_eq(tw_retarget(m, h, &to, durations[dj]), 0);
      for (k = 0; k < 30; k++) {
        run(m, k < 10 ? durations[dj] * 1e-3 : 1.0 / 60);
        for (c = 0; c < ncomp(type); c++)
          ck_assert_msg(isfinite(get(type, &x, c)),
                        "type %d, %g s then %g s: %g", type, durations[di],
                        durations[dj], get(type, &x, c));
      }
      ck_assert_int_eq(tw_goto(m, h, durations[dj], 0), 0);
      ck_assert_msg(memcmp(&x, &to, sizeof x) == 0,
                    "type %d, %g s then %g s: not on its end", type,
                    durations[di], durations[dj]);
      tt_valid(m);
      tw_manager_free(m);
    }
}
END_TEST

/* Every path that sets a plain tween's end or start keeps the plain-ends
 * check: a float end or start beyond FLT_MAX / 2 makes it not plain, and
 * the manager valid, before and after its start. */
static void far_value(int how, int started) {
  tw_manager *m = tt_mgr();
  const float far = FLT_MAX * 0.75f;
  float x = 1, y;
  tw_handle h;
  int i, rc = 0;

  ck_assert_int_eq(tw_float_to(m, &x, 2, 1, &h), 0);
  if (how == 5) /* relative: start + end, far */
    ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  if (how == 5)
    x = far / 2;
  if (how == 6) /* from: the end read from the target */
    x = far;
  if (started)
    run(m, 0.25);
  switch (how) {
  case 0:
    rc = tw_retarget(m, h, &far, 1);
    break;
  case 1:
    rc = tw_change_end(m, h, &far, 0);
    break;
  case 2:
    rc = tw_change_start(m, h, &far);
    break;
  case 3:
    rc = tw_change_values(m, h, &far, &far);
    break;
  case 4:
    rc = tw_retarget(m, h, &(float){-far}, 1);
    break;
  case 5: /* the relative end, at the start */
    ck_assert_int_eq(tw_change_end(m, h, &(float){far / 2}, 0), 0);
    ck_assert_int_eq(tw_set_relative(m, h, 1), started ? TW_ELOCKED : 0);
    break;
  default:
    rc = started ? 0 : tw_set_from(m, h, &(float){0});
    break;
  }
  ck_assert_int_eq(rc, 0);
  tt_valid(m);
  for (i = 0; i < 8; i++) {
    run(m, 0.2);
    y = x;
    ck_assert_msg(isfinite(y), "how %d, %s: %g", how,
                  started ? "started" : "not started", y);
    tt_valid(m);
  }
  tw_manager_free(m);
}

START_TEST(test_retarget_plain_far) {
  int how, started;

  for (how = 0; how < 7; how++)
    for (started = 0; started < 2; started++)
      far_value(how, started);
}
END_TEST

/* A float eased by any of the additive eases (not plain: its near-ends
 * flag is kept by the retarget itself) sent on its way to an end beyond
 * FLT_MAX / 2, then again to a near one and to a far one: the manager
 * stays valid (the flag never says near of far ends) and the values
 * finite. */
START_TEST(test_retarget_eased_far) {
  const float far = FLT_MAX * 0.75f, ends[3] = {far, 2, -far};
  tw_manager *m = tt_mgr();
  float x = 1;
  tw_handle h;
  int k, i;

  ck_assert_int_eq(tw_float_to(m, &x, 2, 1, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)_i), 0);
  run(m, 0.25);
  for (k = 0; k < 3; k++) {
    ck_assert_int_eq(tw_retarget(m, h, &ends[k], 1), 0);
    tt_valid(m);
    for (i = 0; i < 2; i++) {
      run(m, 0.1);
      ck_assert_msg(isfinite(x), "ease %d, end %d: %g", _i, k, x);
      tt_valid(m);
    }
  }
  tw_manager_free(m);
}
END_TEST

/* Overwrite: the overwriting tween reads its start before the victims'
 * KILL callbacks run, so a callback that retargets it finds it whole.  At
 * rest at 50 and sent to 0, it never climbs above 50. */
static tw_handle over_h;
static double over_d = 2;

static void over_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  ck_assert_int_eq(tw_retarget(m, over_h, &(float){0}, over_d), 0);
}

static float over_x;

static void over_get(void *ud, void *out) {
  (void)ud;
  memcpy(out, &over_x, sizeof over_x);
}

static int over_set(void *ud, const void *v) {
  (void)ud;
  memcpy(&over_x, v, sizeof over_x);
  return 0;
}

/* from the getter of the tween itself, whose start is being read */
static void over_get_retarget(void *ud, void *out) {
  over_kill(ud, over_h, NULL);
  over_get(NULL, out);
}

START_TEST(test_retarget_overwrite_start) {
  int ease = _i % TW_EASE_COUNT, getter = _i / TW_EASE_COUNT, i;
  tw_manager *m = tt_mgr();
  tw_handle a;
  float top = 0;

  over_x = 50;
  for (i = 0; i < 2; i++) {
    if (i == 0 || !getter)
      ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, over_set, over_get, m,
                                &(float){50}, 1, i ? &over_h : &a),
                       0);
    else
      ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, over_set, over_get_retarget,
                                m, &(float){50}, 1, &over_h),
                       0);
  }
  ck_assert_int_eq(tw_set_key(m, a, &over_x), 0);
  ck_assert_int_eq(tw_set_key(m, over_h, &over_x), 0);
  ck_assert_int_eq(tw_set_ease(m, over_h, (tw_ease)ease), 0);
  ck_assert_int_eq(tw_set_overwrite(m, over_h, TW_OVERWRITE_KILL), 0);
  if (!getter)
    ck_assert_int_eq(tw_on(m, a, TW_ON_KILL, over_kill, NULL), 0);
  for (i = 0; i < 150; i++) {
    run(m, 1.0 / 60);
    top = over_x > top ? over_x : top;
  }
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_msg(top <= 50 + 1e-3f || ease == TW_EASE_IN_BACK ||
                    ease == TW_EASE_IN_OUT_BACK || ease == TW_EASE_IN_ELASTIC ||
                    ease == TW_EASE_IN_OUT_ELASTIC ||
                    ease == TW_EASE_IN_BOUNCE || ease == TW_EASE_IN_OUT_BOUNCE,
                "%s: climbs to %g", getter ? "from the getter" : "from KILL",
                top);
  EQF(over_x, 0.0f);
  tw_manager_free(m);
}
END_TEST

/* Issue: a tween retargeted at elapsed 0 of its first start, from a
 * callback that runs there (a victim's KILL during its overwriting start,
 * its own START or PLAY, its UPDATE of a first step of 0 s), stood at its
 * start until that instant: it moves as one from rest does.  For every
 * ease: an overwriting setter tween 50 -> 100 in 1 s, sent to 0 in 1 s
 * from the callback, stays within the path of a twin paused at 50 and
 * sent to 0 the same way (1e-3 either side), and ends on 0. */
enum { AT_KILL, AT_START, AT_PLAY, AT_UPDATE, NAT };

static tw_handle rest_h;
static float rest_x;
static int rest_sent;

static void rest_send(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  if (rest_sent++ == 0)
    ck_assert_int_eq(tw_retarget(m, rest_h, &(float){0}, 1), 0);
}

static void rest_get(void *ud, void *out) {
  (void)ud;
  memcpy(out, &rest_x, sizeof rest_x);
}

static int rest_set(void *ud, const void *v) {
  (void)ud;
  memcpy(&rest_x, v, sizeof rest_x);
  return 0;
}

/* The twin's lowest and highest values, paused at 50 and sent to 0. */
static void rest_twin(tw_ease ease, float *lo, float *hi) {
  tw_manager *m = tt_mgr();
  float y = 50;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_float_to(m, &y, 100, 1, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, ease), 0);
  run(m, 0);
  ck_assert_int_eq(tw_pause(m, h), 0);
  ck_assert_int_eq(tw_retarget(m, h, &(float){0}, 1), 0);
  *lo = *hi = y;
  for (i = 0; i < 150; i++) {
    run(m, 1.0 / 60);
    *lo = y < *lo ? y : *lo;
    *hi = y > *hi ? y : *hi;
  }
  tw_manager_free(m);
}

START_TEST(test_retarget_start_rest) {
  tw_ease ease = (tw_ease)(_i % TW_EASE_COUNT);
  int at = _i / TW_EASE_COUNT, i;
  static const tw_event evs[NAT] = {TW_ON_KILL, TW_ON_START, TW_ON_PLAY,
                                    TW_ON_UPDATE};
  static const char *const names[NAT] = {"a victim's KILL", "START", "PLAY",
                                         "UPDATE at 0"};
  tw_manager *m = tt_mgr();
  tw_handle a;
  float lo, hi, top, bottom;

  rest_twin(ease, &lo, &hi);
  rest_x = 50;
  rest_sent = 0;
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, rest_set, rest_get, m, &(float){50}, 1, &a),
      0);
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, rest_set, rest_get, m,
                            &(float){100}, 1, &rest_h),
                   0);
  ck_assert_int_eq(tw_set_key(m, a, &rest_x), 0);
  ck_assert_int_eq(tw_set_key(m, rest_h, &rest_x), 0);
  ck_assert_int_eq(tw_set_ease(m, rest_h, ease), 0);
  ck_assert_int_eq(tw_set_overwrite(m, rest_h, TW_OVERWRITE_KILL), 0);
  ck_assert_int_eq(
      tw_on(m, at == AT_KILL ? a : rest_h, evs[at], rest_send, NULL), 0);
  if (at == AT_UPDATE)
    run(m, 0);
  top = bottom = rest_x;
  for (i = 0; i < 150; i++) {
    run(m, 1.0 / 60);
    top = rest_x > top ? rest_x : top;
    bottom = rest_x < bottom ? rest_x : bottom;
  }
  ck_assert_int_ge(rest_sent, 1);
  ck_assert_msg(top <= hi + 1e-3f && bottom >= lo - 1e-3f,
                "ease %d, from %s: [%.9g, %.9g], from rest [%.9g, %.9g]",
                (int)ease, names[at], bottom, top, lo, hi);
  EQF(rest_x, 0.0f);
  tw_manager_free(m);
}
END_TEST

/* Every callback kind that can run while a tween stands at elapsed 0 of
 * its first start (generated from tw_event: a kind without a way to run
 * it there fails), for every ease, at seeded random ends and times: a
 * float tween by pointer, started by an update of 0 s, is sent by
 * tw_retarget from that callback, and moves exactly as a twin paused at
 * its start and sent the same way does, from rest, frame by frame; it
 * ends on its new end.
 *  - START, PLAY, UPDATE: its own, in the update that starts it;
 *  - PAUSE: its own, when its START pauses it;
 *  - KILL: of an older tween on its bytes, which its start overwrites;
 *  - STEP_COMPLETE, COMPLETE: of a newer tween of 0 s, in that update;
 *  - REWIND: of a tween of the late updates that had moved, rewound by
 *    its own UPDATE in a late update of 0 s after the start. */
static struct {
  tw_handle t, helper;
  float end;
  double d;
  int sent, rewound;
} st0;

static void st0_send(tw_manager *m, tw_handle h, void *ud) {
  double e = -1;
  (void)h;
  (void)ud;
  if (st0.sent++ > 0)
    return;
  ck_assert_int_eq(tw_elapsed(m, st0.t, &e), 0);
  ck_assert_msg(e == 0, "sent at elapsed %g", e);
  ck_assert_int_eq(tw_retarget(m, st0.t, &st0.end, st0.d), 0);
}

static void st0_pause(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  ck_assert_int_eq(tw_pause(m, h), 0);
}

static void st0_rewind(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  if (st0.rewound++ == 0)
    ck_assert_int_eq(tw_rewind(m, h, 0), 0);
}

static unsigned long st0_rng;

static double st0_rand(double lo, double hi) {
  st0_rng = st0_rng * 6364136223846793005ul + 1442695040888963407ul;
  return lo + (hi - lo) * (double)(st0_rng >> 11) / 9007199254740992.0;
}

START_TEST(test_retarget_start_rest_every_callback) {
  tw_event ev = (tw_event)(_i % TW_ON_COUNT);
  tw_ease ease = (tw_ease)(_i / TW_ON_COUNT);
  int trial;

  st0_rng = (unsigned long)_i * 7919u + 17u;
  for (trial = 0; trial < 3; trial++) {
    tw_manager *m = tt_mgr(), *m2 = tt_mgr();
    float x = (float)st0_rand(-100, 100), y = x, hx = 0, p1;
    double dur = st0_rand(0.2, 2);
    tw_handle v, twin, on;
    int i, frames;

    p1 = (float)st0_rand(-100, 100);
    st0.end = (float)st0_rand(-100, 100);
    st0.d = st0_rand(0.2, 2);
    st0.sent = st0.rewound = 0;
    memset(&v, 0, sizeof v);
    if (ev == TW_ON_KILL)
      ck_assert_int_eq(tw_float_to(m, &x, p1, 5, &v), 0);
    if (ev == TW_ON_REWIND) { /* it moves before the tween is made */
      ck_assert_int_eq(tw_float_to(m, &hx, 1, 1, &st0.helper), 0);
      ck_assert_int_eq(tw_set_update_type(m, st0.helper, TW_UPDATE_LATE), 0);
      NOW_OF(m, TW_UPDATE_LATE, 0.1);
    }
    ck_assert_int_eq(tw_float_to(m, &x, p1, dur, &st0.t), 0);
    ck_assert_int_eq(tw_set_ease(m, st0.t, ease), 0);
    on = st0.t; /* whose callback of kind ev sends it */
    switch (ev) {
    case TW_ON_START:
    case TW_ON_PLAY:
    case TW_ON_UPDATE:
      break;
    case TW_ON_PAUSE:
      ck_assert_int_eq(tw_on(m, st0.t, TW_ON_START, st0_pause, NULL), 0);
      break;
    case TW_ON_KILL:
      ck_assert_int_eq(tw_set_overwrite(m, st0.t, TW_OVERWRITE_KILL), 0);
      on = v;
      break;
    case TW_ON_STEP_COMPLETE:
    case TW_ON_COMPLETE:
      ck_assert_int_eq(tw_float_to(m, &hx, 1, 0, &st0.helper), 0);
      on = st0.helper;
      break;
    case TW_ON_REWIND:
      ck_assert_int_eq(tw_on(m, st0.helper, TW_ON_UPDATE, st0_rewind, NULL), 0);
      on = st0.helper;
      break;
    default:
      ck_abort_msg("callback kind %d: no way to run it at the start", (int)ev);
    }
    ck_assert_int_eq(tw_on(m, on, ev, st0_send, NULL), 0);
    run(m, 0);
    if (ev == TW_ON_REWIND)
      NOW_OF(m, TW_UPDATE_LATE, 0);
    ck_assert_msg(st0.sent == 1, "callback kind %d ran %d times", (int)ev,
                  st0.sent);
    /* the twin: from rest at the same start */
    ck_assert_int_eq(tw_float_to(m2, &y, p1, dur, &twin), 0);
    ck_assert_int_eq(tw_set_ease(m2, twin, ease), 0);
    run(m2, 0);
    ck_assert_int_eq(tw_pause(m2, twin), 0);
    ck_assert_int_eq(tw_retarget(m2, twin, &st0.end, st0.d), 0);
    ck_assert_int_eq(tw_play(m2, twin), 0);
    frames = (int)(st0.d * 60) + 10;
    for (i = 0; i < frames; i++) {
      run(m, 1.0 / 60);
      run(m2, 1.0 / 60);
      ck_assert_msg(fabsf(x - y) <= 1e-4f * (1 + fabsf(y)),
                    "ease %d, from callback kind %d, trial %d, frame %d: "
                    "%.9g, from rest %.9g",
                    (int)ease, (int)ev, trial, i, x, y);
    }
    EQF(x, st0.end);
    tw_manager_free(m);
    tw_manager_free(m2);
  }
}
END_TEST

/* A retarget on course stays on course: a tween 0 -> 1 in 1 s retargeted
 * at 0.25, 0.5 or 0.75 s to the end it has, in the time it has left, plays
 * on as if nothing happened, bit for bit; to an end 1% further, its
 * motion changes by at most that 1% (and ends there).  Every ease that
 * ends at 1 (the additive retarget's). */
START_TEST(test_retarget_on_course) {
  tw_ease ease = (tw_ease)(_i % TW_EASE_FLASH);
  int when = _i / TW_EASE_FLASH % 3, further = _i / TW_EASE_FLASH / 3, i;
  tw_manager *m = tt_mgr();
  float x = 0, y = 0, end = further ? 1.01f : 1.0f, most = 0;
  double e;
  tw_handle hx, hy;

  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &hx), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1, 1, &hy), 0);
  ck_assert_int_eq(tw_set_ease(m, hx, ease), 0);
  ck_assert_int_eq(tw_set_ease(m, hy, ease), 0);
  for (i = 0; i < 15 * (when + 1); i++)
    run(m, 1.0 / 60);
  ck_assert_int_eq(tw_elapsed(m, hx, &e), 0);
  ck_assert_int_eq(tw_retarget(m, hx, &end, 1.0 - e), 0);
  for (i = 0; i < 80; i++) {
    float d;
    run(m, 1.0 / 60);
    d = fabsf(x - y);
    most = d > most ? d : most;
    if (!further)
      ck_assert_msg(memcmp(&x, &y, sizeof x) == 0,
                    "ease %d at %d: frame %d: %.9g, untouched %.9g", (int)ease,
                    when, i, x, y);
  }
  ck_assert_msg(most <= 0.01f + 1e-6f, "ease %d at %d: off by %.9g", (int)ease,
                when, most);
  EQF(x, end);
  tw_manager_free(m);
}
END_TEST

/* An ease set after an additive retarget is the running motion's from
 * then on, at its end too: a tween retargeted at 0.5 s of its 1 s to 2 in
 * 2 s, then given every ease in turn (with two flashes, for the Flash
 * eases), 1 s later (its running motion at its end) stands at that
 * ease's end value, F, where the same tween left at InOutQuad stands at
 * 1: the two differ by F - 1 (the term of the difference is the same),
 * which the Flash eases make nonzero. */
START_TEST(test_retarget_ease_changed_after) {
  tw_ease ease = (tw_ease)_i;
  tw_manager *m = tt_mgr();
  float x = 0, y = 0, to = 2.0f;
  double f = tw_ease_eval(ease, 1.0, 2.0, 0.0);
  tw_handle hx, hy;

  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &hx), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1, 1, &hy), 0);
  ck_assert_int_eq(tw_set_ease(m, hx, TW_EASE_IN_OUT_QUAD), 0);
  ck_assert_int_eq(tw_set_ease(m, hy, TW_EASE_IN_OUT_QUAD), 0);
  run(m, 0.5);
  ck_assert_int_eq(tw_retarget(m, hx, &to, 2.0), 0);
  ck_assert_int_eq(tw_retarget(m, hy, &to, 2.0), 0);
  ck_assert_int_eq(tw_set_ease(m, hx, ease), 0);
  ck_assert_int_eq(tw_set_ease_params(m, hx, 2.0, 0.0), 0);
  ck_assert_int_eq(tw_set_ease_params(m, hy, 2.0, 0.0), 0);
  run(m, 0.5);
  run(m, 0.5);
  ck_assert_msg(fabs((double)x - (double)y - (f - 1.0)) <= 1e-6,
                "%s: %.9g, at InOutQuad %.9g: a difference of %.9g, not the "
                "ease's end %.9g less 1",
                tw_ease_name(ease), x, y, (double)x - (double)y, f);
  tw_manager_free(m);
}
END_TEST

/* A float retargeted again, against a double's way the same: with times
 * and ends of few bits, on a polynomial ease, every number the two compute
 * is exact, so the float's value equals the double's, bit for bit, frame
 * by frame, after a second and a third retarget, with its running motion
 * short of its end (case 0) or at it (case 1), and a retarget again at
 * the same instant (case 2, the general way's).  The float's retarget
 * takes its shortest way, the double's the general one. */
START_TEST(test_retarget_again_float_double) {
  static const tw_ease eases[] = {TW_EASE_LINEAR, TW_EASE_IN_QUAD,
                                  TW_EASE_OUT_QUAD, TW_EASE_IN_CUBIC};
  tw_ease ease = eases[_i % 4];
  int how = _i / 4, i, k;
  tw_manager *m = tt_mgr();
  float x = 0, to[3] = {2.0f, -1.0f, 0.5f};
  double y = 0, d0 = how == 1 ? 0.5 : 1.0;
  tw_handle hx, hy;

  ck_assert_int_eq(tw_float_to(m, &x, 1, d0, &hx), 0);
  ck_assert_int_eq(tw_double_to(m, &y, 1, d0, &hy), 0);
  ck_assert_int_eq(tw_set_ease(m, hx, ease), 0);
  ck_assert_int_eq(tw_set_ease(m, hy, ease), 0);
  run(m, 0.25);
  for (k = 0; k < 3; k++) {
    ck_assert_int_eq(tw_retarget(m, hx, &to[k], 1.0), 0);
    ck_assert_int_eq(tw_retarget(m, hy, &(double){to[k]}, 1.0), 0);
    if (how == 2 && k == 1)
      continue; /* the third at the same instant */
    for (i = 0; i < 2; i++) {
      run(m, 0.125);
      ck_assert_msg((double)x == y,
                    "ease %d, case %d, retarget %d: %.17g, %.17g", (int)ease,
                    how, k, (double)x, y);
    }
  }
  /* the start the last retarget wrote, back at it */
  ck_assert_int_eq(tw_rewind(m, hx, 0), 0);
  ck_assert_int_eq(tw_rewind(m, hy, 0), 0);
  ck_assert_msg((double)x == y, "ease %d, case %d, its start: %.17g, %.17g",
                (int)ease, how, (double)x, y);
  ck_assert_int_eq(tw_play(m, hx), 0);
  ck_assert_int_eq(tw_play(m, hy), 0);
  for (i = 0; i < 10; i++) {
    run(m, 0.125);
    ck_assert_msg((double)x == y, "ease %d, case %d, at the end: %.17g, %.17g",
                  (int)ease, how, (double)x, y);
  }
  EQF(x, 0.5f);
  tw_manager_free(m);
}
END_TEST

/* A float setter tween retargeted additively, against the same float by
 * pointer: the setters' loop and the loop of floats by pointer write the
 * same value, bit for bit, frame by frame, for every additive ease (Back
 * with an overshoot of its own), with the running motion short of its end
 * and at it (case 1: the new duration outlasts it), played backwards (case
 * 2), retarget after retarget; a setter that fails (case 3, at its fifth
 * call) kills the tween. */
static float set_x;
static int set_calls, set_fail_at;
static int set_float(void *ud, const void *v) {
  (void)ud;
  memcpy(&set_x, v, sizeof set_x);
  return ++set_calls == set_fail_at;
}
static void get_float(void *ud, void *out) {
  (void)ud;
  memcpy(out, &set_x, sizeof set_x);
}

START_TEST(test_retarget_setter_pointer) {
  tw_ease ease = (tw_ease)(_i % (TW_EASE_IN_OUT_BOUNCE + 1));
  int how = _i / (TW_EASE_IN_OUT_BOUNCE + 1), i, k;
  tw_manager *m = tt_mgr();
  float x = 0, to[3] = {2.5f, -1.25f, 0.75f};
  double d = how == 1 ? 3.0 : 0.9;
  tw_handle hx, hs;

  set_x = 0;
  set_calls = 0;
  set_fail_at = how == 3 ? 5 : -1;
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &hx), 0);
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, NULL,
                            &(float){1}, 1, &hs),
                   0);
  ck_assert_int_eq(tw_set_ease(m, hx, ease), 0);
  ck_assert_int_eq(tw_set_ease(m, hs, ease), 0);
  if (ease == TW_EASE_OUT_BACK || ease == TW_EASE_IN_OUT_BACK) {
    ck_assert_int_eq(tw_set_ease_params(m, hx, 2.5, 0.0), 0);
    ck_assert_int_eq(tw_set_ease_params(m, hs, 2.5, 0.0), 0);
  }
  ck_assert_int_eq(tw_set_autokill(m, hx, 0), 0);
  ck_assert_int_eq(tw_set_autokill(m, hs, 0), 0);
  run(m, 0.6);
  if (how == 2) {
    ck_assert_int_eq(tw_play_backwards(m, hx), 0);
    ck_assert_int_eq(tw_play_backwards(m, hs), 0);
    run(m, 0.1);
  }
  for (k = 0; k < 3; k++) {
    ck_assert_int_eq(tw_retarget(m, hx, &to[k], d), 0);
    ck_assert_int_eq(tw_retarget(m, hs, &to[k], d), 0);
    for (i = 0; i < 9; i++) {
      run(m, 1.0 / 30);
      ck_assert_msg(memcmp(&x, &set_x, sizeof x) == 0,
                    "%s, case %d, retarget %d, frame %d: %.9g by pointer, "
                    "%.9g by setter",
                    tw_ease_name(ease), how, k, i, x, set_x);
      if (set_calls == set_fail_at)
        break;
    }
    if (set_calls == set_fail_at) {
      ck_assert_int_eq(tw_is_active(m, hs), 0); /* its setter failed */
      run(m, 1.0 / 30);
      ck_assert_int_eq(set_calls, set_fail_at);
      break;
    }
  }
  ck_assert_int_eq(set_calls == set_fail_at, how == 3);
  tw_manager_free(m);
}
END_TEST

/* A retargeted tween's start is its value at the retarget: after one,
 * two or three retargets (frames between), tw_change_end keeps the start
 * and writes it at once, which is the value the frame before the last
 * retarget wrote, bit for bit.  Every additive ease, a float by pointer and by
 * setter, the running motion short of its end at the last retarget and past it
 * (a new duration that outlasts it). */
START_TEST(test_retarget_start_kept) {
  tw_ease ease = (tw_ease)(_i % (TW_EASE_IN_OUT_BOUNCE + 1));
  int how = _i / (TW_EASE_IN_OUT_BOUNCE + 1) % 4,
      n = _i / (TW_EASE_IN_OUT_BOUNCE + 1) / 4 + 1, i, k;
  int setter = how >= 2;
  tw_manager *m = tt_mgr();
  float x = 0, to[3] = {2.5f, -1.25f, 0.75f}, z = 9.0f, was;
  double d = how % 2 ? 3.0 : 0.9;
  tw_handle h;

  set_x = 0;
  set_calls = 0;
  set_fail_at = -1;
  if (setter)
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, NULL,
                              &(float){1}, 1, &h),
                     0);
  else
    ck_assert_int_eq(tw_float_to(m, &x, 1, 1, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, ease), 0);
  run(m, 0.4);
  for (k = 0; k < n; k++) {
    for (i = 0; k > 0 && i < 7 + 10 * (how % 2); i++)
      run(m, 1.0 / 30);
    was = setter ? set_x : x;
    ck_assert_int_eq(tw_retarget(m, h, &to[k], d), 0);
  }
  ck_assert_int_eq(tw_change_end(m, h, &z, 0), 0);
  ck_assert_msg(memcmp(setter ? &set_x : &x, &was, sizeof was) == 0,
                "%s, case %d, %d retargets: the start %.9g, the value "
                "before the retarget %.9g",
                tw_ease_name(ease), how, n, setter ? set_x : x, was);
  tw_manager_free(m);
}
END_TEST

static Suite *retarget_suite(void) {
  Suite *s = suite_create("retarget");
  TCase *tc;

#define ADD(name) TT_ADD(s, test_retarget_##name, #name, 0);
  ADD(out_circ)
  ADD(twice_in_expo)
  ADD(backwards)
  ADD(then_change)
  ADD(huge_double)
  ADD(huge_duration)
  ADD(plain_far)
  tc = tcase_create("huge");
  tcase_add_loop_test(tc, test_retarget_huge, 0, 8);
  suite_add_tcase(s, tc);
  tc = tcase_create("overwrite_start");
  tcase_add_loop_test(tc, test_retarget_overwrite_start, 0, 2 * TW_EASE_COUNT);
  suite_add_tcase(s, tc);
  tc = tcase_create("start_rest");
  tcase_add_loop_test(tc, test_retarget_start_rest, 0, NAT * TW_EASE_COUNT);
  suite_add_tcase(s, tc);
  tc = tcase_create("start_rest_every_callback");
  tcase_add_loop_test(tc, test_retarget_start_rest_every_callback, 0,
                      TW_ON_COUNT * TW_EASE_COUNT);
  suite_add_tcase(s, tc);
  tc = tcase_create("on_course");
  tcase_add_loop_test(tc, test_retarget_on_course, 0, 6 * TW_EASE_FLASH);
  suite_add_tcase(s, tc);
  tc = tcase_create("ease_changed_after");
  tcase_add_loop_test(tc, test_retarget_ease_changed_after, 0, TW_EASE_COUNT);
  suite_add_tcase(s, tc);
  tc = tcase_create("eased_far"); /* the additive eases */
  tcase_add_loop_test(tc, test_retarget_eased_far, 0,
                      TW_EASE_IN_OUT_BOUNCE + 1);
  suite_add_tcase(s, tc);
  tc = tcase_create("again_float_double");
  tcase_add_loop_test(tc, test_retarget_again_float_double, 0, 12);
  suite_add_tcase(s, tc);

  tc = tcase_create("setter_pointer");
  tcase_add_loop_test(tc, test_retarget_setter_pointer, 0,
                      4 * (TW_EASE_IN_OUT_BOUNCE + 1));
  suite_add_tcase(s, tc);

  tc = tcase_create("start_kept");
  tcase_add_loop_test(tc, test_retarget_start_kept, 0,
                      12 * (TW_EASE_IN_OUT_BOUNCE + 1));
  suite_add_tcase(s, tc);

  tc = tcase_create("continuity");
  tcase_add_loop_test(tc, test_retarget_continuity, 0, NECASES);
  suite_add_tcase(s, tc);
#undef ADD
  return s;
}

int main(void) { return tt_run(retarget_suite()); }

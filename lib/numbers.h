/* SPDX-License-Identifier: MIT */
/* The numbers every part shares: finiteness, saturated times, the snap of
 * boundaries, the default overshoot, OutQuad, and the one interpolation.
 * Included by tween-private.h; not installed. */
#ifndef TWEEN_NUMBERS_H
#define TWEEN_NUMBERS_H

#include <float.h>
#include <stdint.h>
#include <string.h>

/* x is finite (x - x is NaN for NaN and the infinities). */
static inline int tw__finite(double x) { return x - x == 0; }

/* The one check of a time (a duration, a delay, an interval, an insert
 * time, a label, a loop delay, a goto, a dt, a time scale; a speed, given
 * as a duration), of every call that takes one and of the times computed
 * from them: 1 when *t is finite and not negative, and then -0.0 is made
 * +0.0, so that no sum or quotient downstream sees it (x / -0.0 is
 * -inf); 0 for NaN, the infinities and negative numbers, *t left as it
 * is.  -0.0 and 0 are one time everywhere. */
static inline int tw__time_in(double *t) {
  if (*t > 0) /* the common case first: one compare, as before */
    return tw__finite(*t);
  if (!(*t == 0))
    return 0;
  *t = 0.0; /* -0.0 == 0: the positive zero either way */
  return 1;
}

/* Whether t is a time as tw__time_in leaves one: finite, not negative,
 * and not -0.0 (its sign bit clear).  The check of a time a restore takes
 * (tw_manager_validate's).  In one compare of its bits: with the sign
 * clear, those of the finite doubles are below the infinity's, those of
 * NaN above; with the sign set (the negative numbers, -0.0), above too. */
static inline int tw__time_kept(double t) {
  uint64_t bits;

  memcpy(&bits, &t, sizeof bits);
  return bits < 0x7ff0000000000000u;
}

/* pi and its kin, and ln 2, for the eases, springs and wobbles. */
#define TW__PI 3.14159265358979323846
#define TW__TWO_PI (2.0 * TW__PI)
#define TW__HALF_PI (0.5 * TW__PI)
#define TW__LN2 0.69314718055994530942

/* Whether t is in the piece of an ease that ends at b: below it, or at it
 * when the piece before a joint is asked for (the eases' slopes). */
static inline int tw__below(double t, double b, int before) {
  return t < b || (before && t == b);
}

/* DOTween's default overshoot of Back (and flash count, amplitude). */
#define TW__OVERSHOOT 1.70158

/* Whether doubles are software: a Cortex-M4F's FPU has single precision
 * only. */
#if defined(__SOFTFP__) || (defined(__ARM_FP) && !(__ARM_FP & 8))
#define TW__SOFT_DOUBLES 1
#endif

/* Whether the eases are computed in single precision (easeform.h): where
 * doubles are software, or in a test build (TW__FLOAT_EASES_TEST) on any
 * target. */
#if defined(TW__SOFT_DOUBLES) || defined(TW__FLOAT_EASES_TEST)
#define TW__FLOAT_EASES 1
#else
#define TW__FLOAT_EASES 0
#endif

/* OutQuad, the default ease, at fraction x of the time; in single
 * precision (TW__FLOAT_EASES) tw__out_quad_f, within 9e-8 of it on
 * [0, 1] (test_ease_float_forms), 0 and 1 at its ends. */
static inline double tw__out_quad_f(double x) {
  float f = (float)x, y = f * (2.0f - f);

  return (double)y;
}
static inline double tw__out_quad(double x) {
  if (TW__FLOAT_EASES)
    return tw__out_quad_f(x);
  return x * (2.0 - x);
}

/* v within [-max, max]: where a finite value that its type cannot hold is
 * written (a float past FLT_MAX, a double past DBL_MAX), it is written as
 * the largest the type holds. */
static inline double tw__saturate(double v, double max) {
  return v > max ? max : v < -max ? -max : v;
}

/* A value between (or, eased beyond) a and b whose own type cannot hold
 * b - a or the result: computed in double, from a and b apart when even
 * double cannot hold b - a, and saturated at +-max. */
static inline double tw__lerp_far(double a, double b, double e, double max) {
  double v = a + (b - a) * e;

  if (!(v - v == 0))
    v = a * (1.0 - e) + b * e;
  if (v != v) /* a and b huge and alike, e far out: beyond one of them */
    v = (e > 1.0) == (b > a) ? max : -max;
  return tw__saturate(v, max);
}

/* (b - a) r in double, saturated at +-DBL_MAX: finite for finite a, b and
 * r, where b - a or the product would overflow (a double tween from
 * -1e308 to 1e308: then b r - a r, or the sign alone). */
static inline double tw__span(double a, double b, double r) {
  double v = (b - a) * r;

  if (!(v - v == 0)) {
    v = b * r - a * r;
    if (!(v - v == 0))
      v = (b > a) == (r > 0) ? DBL_MAX : -DBL_MAX;
  }
  return tw__saturate(v, DBL_MAX);
}

/* The one interpolation, of a float (tw__lerpf) and of a double
 * (tw__lerpd): exactly the start at e == 0 and exactly the end at e == 1
 * (a + (b - a) * 1 may miss b), so a finished tween holds its end bit for
 * bit on every path; and finite between finite ends (b - a may overflow
 * the type, as may an overshoot past a huge end): then tw__lerp_far. */
#define TW__LERP(name, real, max)                                              \
  static inline real name(real a, real b, double e) {                          \
    real r;                                                                    \
    if (e == 1.0)                                                              \
      return b;                                                                \
    if (e == 0.0)                                                              \
      return a;                                                                \
    r = a + (b - a) * (real)e;                                                 \
    if (r - r == 0)                                                            \
      return r;                                                                \
    return (real)tw__lerp_far(a, b, e, max);                                   \
  }
TW__LERP(tw__lerpf, float, FLT_MAX)
TW__LERP(tw__lerpd, double, DBL_MAX)
#undef TW__LERP

/* tw__lerpf for an e known to be strictly between 0 and 1, where the two
 * ends need no looking out for: what tw__lerpf returns there, for loops
 * over components that test e once. */
static inline float tw__lerpf_in(float a, float b, double e) {
  float r = a + (b - a) * (float)e;

  return r - r == 0 ? r : (float)tw__lerp_far(a, b, e, FLT_MAX);
}

/* The largest eased fraction (see shape.c): past it, values are clamped. */
#define TW__FRACTION_MAX 1e18

/* A sum or product of times, saturated at DBL_MAX (a huge time scale
 * cannot make a time infinite). */
static inline double tw__sat(double x) { return x > DBL_MAX ? DBL_MAX : x; }

/* The longest duration of a retarget or a quickTo, and delay of a
 * restart: 1e300 seconds, as a double (a bare constant is wider where
 * excess precision is, x87's, where 1e300 as a double is above it). */
#define TW__TIME_CAP ((double)1e300)

/* Accumulated time within this fraction of a boundary reaches it. */
#define TW__SNAP 1e-9

/* Whether the fraction x = e / d of a step forwards is short of its end,
 * x < 1 - TW__SNAP: the fast paths' test.  Where doubles are software (a
 * Cortex-M4F's FPU has single precision only), x's bits are compared as an
 * integer (tw__short_bits), a few instructions in place of a call of some
 * 150: a double that is not negative orders as its bits, a NaN's lie
 * above 1's, and a negative x (-0 too) is not short there, so that its
 * step takes the general way, which decides it as the fast paths would.
 * test_update checks both forms (it defines TW__SHORT_BITS_TEST). */
#define TW__SHORT_BITS UINT64_C(0x3FEFFFFFFF768FA1) /* 1 - TW__SNAP's */
/* The bits of a double, for the tests below and any test of a double for
 * one value without a compare of doubles (a call where doubles are
 * software). */
static inline uint64_t tw__bits(double x) {
  uint64_t b;

  memcpy(&b, &x, sizeof b);
  return b;
}
#if defined(TW__SOFT_DOUBLES) || defined(TW__SHORT_BITS_TEST)
static inline int tw__short_bits(double x) {
  return tw__bits(x) < TW__SHORT_BITS;
}
/* The same reading of the bits for two more tests of a running step, in
 * place of two calls of some 30 each: 0 < y < 1 (tw__in_unit: 0's bits
 * are 0, 1's 0x3FF0000000000000, a negative y's or a NaN's above them),
 * and |e| <= max for a positive max (tw__within: without the sign bit, a
 * NaN's lie above infinity's).  test_update checks both forms. */
static inline uint64_t tw__abs_bits(double x) {
  return tw__bits(x) & ~((uint64_t)1 << 63);
}
static inline int tw__in_unit_bits(double y) {
  return tw__bits(y) - 1 < UINT64_C(0x3FF0000000000000) - 1;
}
static inline int tw__within_bits(double e, double max) {
  return tw__abs_bits(e) <= tw__abs_bits(max);
}
#endif
/* Whether 0 < y < 1, and whether -max <= e <= max (max > 0; not for a
 * NaN e): as compares of doubles, or of their bits where doubles are
 * software. */
static inline int tw__in_unit(double y) {
#ifdef TW__SOFT_DOUBLES
  return tw__in_unit_bits(y);
#else
  return y > 0.0 && y < 1.0;
#endif
}
static inline int tw__within(double e, double max) {
#ifdef TW__SOFT_DOUBLES
  return tw__within_bits(e, max);
#else
  return e >= -max && e <= max;
#endif
}
/* The fraction e / d of a time e into a span d (a tween's elapsed time in
 * its duration): the eases' x.  Where doubles are software
 * (TW__SOFT_DOUBLES: a Cortex-M4F, whose FPU divides floats in one
 * instruction and doubles in some 570 of software), it is taken in float
 * when both are within float's range (d a normal float, e finite as a
 * float), and e / d elsewhere: the times stay doubles (the exact end, no
 * drift, huge times), their fraction is a float's.  The float form is
 * within TW__FRAC_REL * e / d of e / d where that is a normal float: three
 * roundings to float (e, d, their quotient), 3 * 2^-24 * (1 + 2^-23), some
 * 1.8e-7; it is exactly 0 at e = 0 and exactly 1 at e = d.  Every fraction
 * an ease is given goes through it, so that the fast and the general ways
 * agree there too; a sequence's is e / d (its eased fraction is a time of
 * its timeline, shape.c).  TW__FLOAT_FRACTIONS_TEST takes the float form
 * on any target, for the tests; test_ease_frac checks the float form on
 * every target. */
#define TW__FRAC_REL (3.0 * FLT_EPSILON / 2 * (1.0 + FLT_EPSILON))
#if defined(TW__SOFT_DOUBLES) || defined(TW__FLOAT_FRACTIONS_TEST)
#define TW__FLOAT_FRACTIONS 1
#else
#define TW__FLOAT_FRACTIONS 0
#endif
/* tw__frac_as with df, d rounded to a float, given. */
static inline double tw__frac_in(double e, double d, float df, int in_float) {
  if (in_float) {
    float ef = (float)e;

    if (df >= FLT_MIN && df <= FLT_MAX && ef >= -FLT_MAX && ef <= FLT_MAX) {
      /* a float's quotient: where floats live in wider registers (x87),
       * the assignment rounds it to a float, which a cast to double of
       * the quotient would not */
      float q = ef / df;
      return (double)q;
    }
  }
  return e / d;
}
/* tw__frac in float if `in_float` (its float form, which the tests take on
 * any target), else e / d. */
static inline double tw__frac_as(double e, double d, int in_float) {
  return tw__frac_in(e, d, in_float ? (float)d : 0.0f, in_float);
}
static inline double tw__frac(double e, double d) {
  return tw__frac_as(e, d, TW__FLOAT_FRACTIONS);
}

static inline int tw__short_of_end(double x) {
#ifdef TW__SOFT_DOUBLES
  return tw__short_bits(x);
#else
  return x < 1.0 - TW__SNAP;
#endif
}

#endif

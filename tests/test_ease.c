/* SPDX-License-Identifier: MIT */
/* Tests for lib/ease.c: DOTween's eases, CSS cubic-bezier() and steps().
 *
 * The reference values are computed here, independently of ease.c: each
 * ease is written from its math on the normalized time t = time/duration
 * (powers, half-angle identities, the bounce as a table of parabolas, the
 * flash as a triangle wave), not from DOTween's time-and-duration code. */
#include "life.h"
#include "util.h"

#include <check.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define DEF_OVERSHOOT 1.70158
/* the eases' tolerance against the references: a target that takes the
 * single-precision forms (TW__FLOAT_EASES) is within TW__FLOAT_EASE_TOL */
#define TOL (TW__FLOAT_EASES ? TW__FLOAT_EASE_TOL + 1e-9 : 1e-9)

/* The eases of TW_EASE_MAP, each with its id and its name as the map
 * writes them: the tests loop over this, so an ease added to the map is
 * tested without an edit here. */
static const struct {
  tw_ease id;
  const char *name;
} eases[] = {
#define TW_EASE_ROW(id) {TW_EASE_##id, "TW_EASE_" #id},
    TW_EASE_MAP(TW_EASE_ROW)
#undef TW_EASE_ROW
};
#define NEASES (sizeof eases / sizeof eases[0])

/* interior sample points, away from the flash step boundaries */
static const double points[] = {0.1, 0.2, 0.3, 0.45, 0.55, 0.7, 0.8, 0.95};
#define NPOINTS (sizeof points / sizeof points[0])

/* reference eases, on normalized t */

/* In, Out and InOut of t^k */
static double r_in_pow(double t, int k) { return pow(t, k); }
static double r_out_pow(double t, int k) { return 1.0 - pow(1.0 - t, k); }
static double r_in_out_pow(double t, int k) {
  double c = pow(2.0, k - 1); /* both halves are scaled copies */
  return t < 0.5 ? c * pow(t, k) : 1.0 - c * pow(1.0 - t, k);
}

/* Penner's bounce: parabolas of curvature (11/4)^2 = 121/16; the first has
 * its vertex at 0 (height 0), the others touch 1 at both ends and dip
 * 1/4, 1/16, 1/64 below it, centred at 6/11, 9/11 and 21/22. */
static double r_bounce_out(double t) {
  static const double ends[] = {4.0 / 11, 8.0 / 11, 10.0 / 11, 2.0};
  static const double centre[] = {0.0, 6.0 / 11, 9.0 / 11, 21.0 / 22};
  static const double dip[] = {1.0, 1.0 / 4, 1.0 / 16, 1.0 / 64};
  int i = 0;
  while (t >= ends[i])
    i++;
  return 1.0 - dip[i] + 121.0 / 16.0 * (t - centre[i]) * (t - centre[i]);
}

/* Elastic on normalized time: np is the period as a fraction of the
 * duration, the shift keeps the curve through its end points. */
static double r_elastic_shift(double *a, double np) {
  if (*a < 1.0) {
    *a = 1.0;
    return np / 4.0;
  }
  return np * asin(1.0 / *a) / (2.0 * PI);
}

static double r_elastic(int ease, double t, double d, double a, double p) {
  double np, sh, u;
  if (t <= 0.0)
    return 0.0;
  if (t >= 1.0)
    return 1.0;
  if (ease == TW_EASE_IN_OUT_ELASTIC) {
    np = p == 0.0 ? 0.45 : p / d;
    sh = r_elastic_shift(&a, np);
    u = 2.0 * t - 1.0; /* -1 .. 1 around the middle */
    if (u < 0.0)
      return -0.5 * a * exp(10.0 * u * log(2.0)) *
             sin(2.0 * PI * (u - sh) / np);
    return 1.0 +
           0.5 * a * exp(-10.0 * u * log(2.0)) * sin(2.0 * PI * (u - sh) / np);
  }
  np = p == 0.0 ? 0.3 : p / d;
  sh = r_elastic_shift(&a, np);
  if (ease == TW_EASE_IN_ELASTIC)
    return -a * exp(10.0 * (t - 1.0) * log(2.0)) *
           sin(2.0 * PI * (t - 1.0 - sh) / np);
  return 1.0 + a * exp(-10.0 * t * log(2.0)) * sin(2.0 * PI * (t - sh) / np);
}

/* DOTween's Flash on normalized t: a triangle wave of n teeth (rising on
 * odd steps, falling on even ones) through the base ease, then scaled by
 * the weight.  Written as a closed form of DOTween's WeightedEase.  The
 * count is whole: DOTween's SetEase truncates it (and below 1 it is 1). */
static double r_flash(int ease, double t, double n, double p) {
  double x, k, u, res, whole, kw, frac;
  int odd;

  n = n >= 1.0 && n < 1e300 ? trunc(n) : 1.0;
  x = t * n;
  k = ceil(x);
  whole = n;
  odd = fmod(k, 2.0) != 0.0;
  u = odd ? x - (k - 1.0) : k - x;
  switch (ease) {
  case TW_EASE_IN_FLASH:
    res = u * u;
    break;
  case TW_EASE_OUT_FLASH:
    res = 1.0 - (1.0 - u) * (1.0 - u);
    break;
  case TW_EASE_IN_OUT_FLASH:
    res = u < 0.5 ? 2.0 * u * u : 1.0 - 2.0 * (1.0 - u) * (1.0 - u);
    break;
  default:
    res = u;
    break;
  }
  /* the weight's step index: one more when step and count differ in
   * parity */
  kw = k + (fmod(fabs(k + whole), 2.0) != 0.0 ? 1.0 : 0.0);
  if (p > 0.0) {
    frac = n - whole;
    if (fmod(whole, 2.0) != 0.0)
      frac = 1.0 - frac;
    res = res * (1.0 - p * kw / n) + frac * kw / n;
  } else if (p < 0.0) {
    res = res * (1.0 + p * (1.0 - kw / n));
  }
  return res > 1.0 ? 1.0 : res;
}

/* The reference for any ease: t normalized, a the overshoot / amplitude /
 * flash count, p the period in seconds, d the duration. */
static double ref_ease(int ease, double t, double d, double a, double p) {
  double b;
  switch (ease) {
  case TW_EASE_LINEAR:
    return t;
  case TW_EASE_IN_SINE:
    return 2.0 * sin(PI * t / 4.0) * sin(PI * t / 4.0);
  case TW_EASE_OUT_SINE:
    return cos(PI * (1.0 - t) / 2.0);
  case TW_EASE_IN_OUT_SINE:
    return sin(PI * t / 2.0) * sin(PI * t / 2.0);
  case TW_EASE_IN_QUAD:
    return r_in_pow(t, 2);
  case TW_EASE_OUT_QUAD:
    return r_out_pow(t, 2);
  case TW_EASE_IN_OUT_QUAD:
    return r_in_out_pow(t, 2);
  case TW_EASE_IN_CUBIC:
    return r_in_pow(t, 3);
  case TW_EASE_OUT_CUBIC:
    return r_out_pow(t, 3);
  case TW_EASE_IN_OUT_CUBIC:
    return r_in_out_pow(t, 3);
  case TW_EASE_IN_QUART:
    return r_in_pow(t, 4);
  case TW_EASE_OUT_QUART:
    return r_out_pow(t, 4);
  case TW_EASE_IN_OUT_QUART:
    return r_in_out_pow(t, 4);
  case TW_EASE_IN_QUINT:
    return r_in_pow(t, 5);
  case TW_EASE_OUT_QUINT:
    return r_out_pow(t, 5);
  case TW_EASE_IN_OUT_QUINT:
    return r_in_out_pow(t, 5);
  case TW_EASE_IN_EXPO:
    return t == 0.0 ? 0.0 : pow(1024.0, t) / 1024.0;
  case TW_EASE_OUT_EXPO:
    return t == 1.0 ? 1.0 : 1.0 - pow(1024.0, -t);
  case TW_EASE_IN_OUT_EXPO:
    if (t == 0.0 || t == 1.0)
      return t;
    return t < 0.5 ? pow(1024.0, 2.0 * t) / 2048.0
                   : 1.0 - pow(1024.0, 1.0 - 2.0 * t) / 2.0;
  case TW_EASE_IN_CIRC:
    return 1.0 - sqrt(1.0 - t * t);
  case TW_EASE_OUT_CIRC:
    return sqrt(t * (2.0 - t));
  case TW_EASE_IN_OUT_CIRC:
    return t < 0.5 ? (1.0 - sqrt(1.0 - 4.0 * t * t)) / 2.0
                   : (1.0 + sqrt(1.0 - 4.0 * (1.0 - t) * (1.0 - t))) / 2.0;
  case TW_EASE_IN_ELASTIC:
  case TW_EASE_OUT_ELASTIC:
  case TW_EASE_IN_OUT_ELASTIC:
    return r_elastic(ease, t, d, a, p);
  case TW_EASE_IN_BACK:
    return (a + 1.0) * t * t * t - a * t * t;
  case TW_EASE_OUT_BACK: /* mirror of InBack: 1 - InBack(1 - t) */
    return 1.0 - ((a + 1.0) * pow(1.0 - t, 3) - a * (1.0 - t) * (1.0 - t));
  case TW_EASE_IN_OUT_BACK:
    b = 1.525 * a;
    if (t < 0.5)
      return 4.0 * (b + 1.0) * t * t * t - 2.0 * b * t * t;
    return 1.0 - 4.0 * (b + 1.0) * pow(1.0 - t, 3) +
           2.0 * b * (1.0 - t) * (1.0 - t);
  case TW_EASE_IN_BOUNCE:
    return 1.0 - r_bounce_out(1.0 - t);
  case TW_EASE_OUT_BOUNCE:
    return r_bounce_out(t);
  case TW_EASE_IN_OUT_BOUNCE:
    return t < 0.5 ? (1.0 - r_bounce_out(1.0 - 2.0 * t)) / 2.0
                   : (1.0 + r_bounce_out(2.0 * t - 1.0)) / 2.0;
  case TW_EASE_FLASH:
  case TW_EASE_IN_FLASH:
  case TW_EASE_OUT_FLASH:
  case TW_EASE_IN_OUT_FLASH:
    return r_flash(ease, t, a, p);
  default:
    return t;
  }
}

/* tw__ease on normalized t with duration d */
static double ease_at(int e, double t, double d, double a, double p) {
  return tw__ease(e, t * d, d, a, p);
}

/* eases: end points */

START_TEST(test_ease_endpoints) {
  static const double durations[] = {1.0, 2.5, 0.125};
  /* DOTween's default of 1.70158 is one flash (the count is truncated),
   * which ends on its peak: every ease ends at 1 */
  size_t i;
  int e;
  for (i = 0; i < 3; i++) {
    double d = durations[i];
    for (e = 0; e < TW_EASE_COUNT; e++) {
      double end = 1.0;
      ck_assert_msg(fabs(tw__ease(e, 0.0, d, DEF_OVERSHOOT, 0.0)) < 1e-12,
                    "%s at 0 (d=%g)", tw_ease_name((tw_ease)e), d);
      ck_assert_msg(fabs(tw__ease(e, d, d, DEF_OVERSHOOT, 0.0) - end) < 1e-12,
                    "%s at end (d=%g): %.17g, want %.17g",
                    tw_ease_name((tw_ease)e), d,
                    tw__ease(e, d, d, DEF_OVERSHOOT, 0.0), end);
    }
  }
  /* exact where DOTween special-cases them */
  ck_assert(tw__ease(TW_EASE_IN_EXPO, 0.0, 3.0, DEF_OVERSHOOT, 0.0) == 0.0);
  ck_assert(tw__ease(TW_EASE_OUT_EXPO, 3.0, 3.0, DEF_OVERSHOOT, 0.0) == 1.0);
  ck_assert(tw__ease(TW_EASE_IN_OUT_EXPO, 0.0, 3.0, DEF_OVERSHOOT, 0.0) == 0.0);
  ck_assert(tw__ease(TW_EASE_IN_OUT_EXPO, 3.0, 3.0, DEF_OVERSHOOT, 0.0) == 1.0);
  for (e = TW_EASE_IN_ELASTIC; e <= TW_EASE_IN_OUT_ELASTIC; e++) {
    ck_assert(tw__ease(e, 0.0, 3.0, 2.0, 0.7) == 0.0);
    ck_assert(tw__ease(e, 3.0, 3.0, 2.0, 0.7) == 1.0);
    ck_assert(tw__ease(e, 0.0, 3.0, 0.5, 0.0) == 0.0);
    ck_assert(tw__ease(e, 3.0, 3.0, 0.5, 0.0) == 1.0);
  }
  /* Back with other overshoots still starts at 0 and ends at 1 */
  for (e = TW_EASE_IN_BACK; e <= TW_EASE_IN_OUT_BACK; e++) {
    ck_assert_double_eq_tol(tw__ease(e, 0.0, 2.0, 4.0, 0.0), 0.0, 1e-12);
    ck_assert_double_eq_tol(tw__ease(e, 2.0, 2.0, 4.0, 0.0), 1.0, 1e-12);
  }
}
END_TEST

/* Flash with whole counts: an odd count ends on the end value, an even one
 * back on the start; with period > 0 and an odd count DOTween starts at
 * 1/n (its weight adds the count's parity share from the first step). */
START_TEST(test_ease_flash_endpoints) {
  static const double periods[] = {0.0, 0.5, 1.0, -0.5, -1.0};
  int e, n;
  size_t i;
  for (e = TW_EASE_FLASH; e <= TW_EASE_IN_OUT_FLASH; e++)
    for (n = 1; n <= 6; n++)
      for (i = 0; i < 5; i++) {
        double p = periods[i];
        double start = (p > 0.0 && n % 2) ? 1.0 / n : 0.0;
        double end = n % 2 ? 1.0 : 0.0;
        ck_assert_msg(fabs(tw__ease(e, 0.0, 2.0, n, p) - start) < 1e-12,
                      "%s n=%d p=%g at 0: %.17g", tw_ease_name((tw_ease)e), n,
                      p, tw__ease(e, 0.0, 2.0, n, p));
        ck_assert_msg(fabs(tw__ease(e, 2.0, 2.0, n, p) - end) < 1e-12,
                      "%s n=%d p=%g at end: %.17g", tw_ease_name((tw_ease)e), n,
                      p, tw__ease(e, 2.0, 2.0, n, p));
      }
}
END_TEST

/* The spring ease: from 0 to exactly 1, resting (within 0.001) by the end
 * (the spring's settling time is the duration: just before it, the
 * spring is within 0.001 but for the rounding of that time); critically damped
 * by default (no overshoot, never decreasing); a bounce overshoots; a negative
 * one is over-damped. */
START_TEST(test_ease_spring) {
  double prev = 0, peak = 0, x;
  int i;

  ck_assert(tw__ease(TW_EASE_SPRING, 0.0, 2.0, DEF_OVERSHOOT, 0.0) == 0.0);
  ck_assert(tw__ease(TW_EASE_SPRING, 2.0, 2.0, DEF_OVERSHOOT, 0.0) == 1.0);
  for (i = 1; i < 1000; i++) {
    x = tw__ease(TW_EASE_SPRING, i / 500.0, 2.0, DEF_OVERSHOOT, 0.0);
    ck_assert_msg(x >= prev && x <= 1.0, "%g at %d after %g", x, i, prev);
    prev = x;
  }
  x = tw__ease(TW_EASE_SPRING, 2.0 * (1 - 1e-9), 2.0, DEF_OVERSHOOT, 0.0);
  ck_assert_msg(fabs(x - 1.0) <= 1e-3, "%g just before the end", x);
  for (i = 1; i < 1000; i++) {
    x = tw__ease(TW_EASE_SPRING, i / 1000.0, 1.0, DEF_OVERSHOOT, 0.5);
    peak = x > peak ? x : peak;
  }
  ck_assert_msg(peak > 1.05, "bounce 0.5 peaks at %g", peak);
  x = tw__ease(TW_EASE_SPRING, 1 - 1e-9, 1.0, DEF_OVERSHOOT, 0.5);
  ck_assert_msg(fabs(x - 1.0) <= 1e-3, "bounce 0.5: %g before the end", x);
  /* over-damped: no overshoot either, and another curve */
  for (i = 1, prev = 0; i < 1000; i++) {
    x = tw__ease(TW_EASE_SPRING, i / 1000.0, 1.0, DEF_OVERSHOOT, -0.5);
    ck_assert(x >= prev && x <= 1.0);
    prev = x;
  }
  ck_assert(fabs(tw__ease(TW_EASE_SPRING, 0.2, 1.0, DEF_OVERSHOOT, -0.5) -
                 tw__ease(TW_EASE_SPRING, 0.2, 1.0, DEF_OVERSHOOT, 0.0)) >
            1e-3);
  /* absurd bounces are clamped, never NaN */
  x = tw__ease(TW_EASE_SPRING, 0.5, 1.0, DEF_OVERSHOOT, 1e300);
  ck_assert(x == x && x > 0);
}
END_TEST

/* eases: interior points, default parameters, several durations */

START_TEST(test_ease_interior) {
  static const double durations[] = {1.0, 2.0, 0.75};
  int e = _i;
  size_t i, j;
  for (j = 0; j < 3; j++)
    for (i = 0; i < NPOINTS; i++) {
      double d = durations[j], t = points[i];
      double got = ease_at(e, t, d, DEF_OVERSHOOT, 0.0);
      double want = ref_ease(e, t, d, DEF_OVERSHOOT, 0.0);
      ck_assert_msg(fabs(got - want) <= TOL,
                    "%s at t=%g d=%g: got %.17g want %.17g",
                    tw_ease_name((tw_ease)e), t, d, got, want);
      ck_assert_double_eq_tol(got, want, TOL);
    }
}
END_TEST

/* a few values known from outside: Penner's tables */
START_TEST(test_ease_known_values) {
  ck_assert_double_eq_tol(ease_at(TW_EASE_OUT_QUAD, 0.5, 1.0, 0, 0), 0.75, TOL);
  ck_assert_double_eq_tol(ease_at(TW_EASE_IN_OUT_CUBIC, 0.25, 4.0, 0, 0),
                          0.0625, TOL);
  ck_assert_double_eq_tol(ease_at(TW_EASE_IN_OUT_SINE, 0.5, 3.0, 0, 0), 0.5,
                          TOL);
  ck_assert_double_eq_tol(ease_at(TW_EASE_IN_EXPO, 0.5, 1.0, 0, 0), 1.0 / 32.0,
                          TOL);
  ck_assert_double_eq_tol(ease_at(TW_EASE_OUT_BOUNCE, 4.0 / 11.0, 1.0, 0, 0),
                          1.0, TOL);
  ck_assert_double_eq_tol(ease_at(TW_EASE_OUT_BOUNCE, 6.0 / 11.0, 1.0, 0, 0),
                          0.75, TOL);
  ck_assert_double_eq_tol(ease_at(TW_EASE_OUT_BOUNCE, 9.0 / 11.0, 2.0, 0, 0),
                          0.9375, TOL);
  ck_assert_double_eq_tol(ease_at(TW_EASE_IN_OUT_BOUNCE, 0.5, 2.0, 0, 0), 0.5,
                          TOL);
  /* OutBack's peak with the default overshoot is 10% past the end */
  ck_assert_double_eq_tol(
      ease_at(TW_EASE_OUT_BACK,
              1.0 - 2.0 * DEF_OVERSHOOT / (3.0 * (DEF_OVERSHOOT + 1.0)), 1.0,
              DEF_OVERSHOOT, 0),
      1.1, 1e-5);
}
END_TEST

/* eases: duration 0 and unknown ids */

START_TEST(test_ease_zero_duration) {
  int e;
  for (e = -2; e < TW_EASE_COUNT + 3; e++) {
    ck_assert_double_eq(tw__ease(e, 0.0, 0.0, DEF_OVERSHOOT, 0.0), 1.0);
    ck_assert_double_eq(tw__ease(e, 0.0, 0.0, 0.0, 0.0), 1.0);
  }
}
END_TEST

START_TEST(test_ease_unknown_id) {
  static const int ids[] = {
      -1, TW_EASE_COUNT, TW_EASE_COUNT + 1, 255, 1000, INT_MIN, INT_MAX};
  size_t i, j;
  for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
    for (j = 0; j < NPOINTS; j++)
      ck_assert_double_eq_tol(
          tw__ease(ids[i], points[j] * 4.0, 4.0, DEF_OVERSHOOT, 0.0), points[j],
          1e-15 + tt_frac_tol(points[j]));
}
END_TEST

/* eases: parameters */

static double peak(int e, double a, double p) {
  double m = -HUGE_VAL;
  int i;
  for (i = 0; i <= 2000; i++) {
    double v = tw__ease(e, i / 2000.0, 1.0, a, p);
    if (v > m)
      m = v;
  }
  return m;
}

static double trough(int e, double a, double p) {
  double m = HUGE_VAL;
  int i;
  for (i = 0; i <= 2000; i++) {
    double v = tw__ease(e, i / 2000.0, 1.0, a, p);
    if (v < m)
      m = v;
  }
  return m;
}

START_TEST(test_ease_back_overshoot) {
  static const double overs[] = {0.0, 0.5, 3.0, 10.0};
  size_t i, j;
  int e;
  /* more overshoot, further past the end / below the start */
  ck_assert(peak(TW_EASE_OUT_BACK, 3.0, 0) >
            peak(TW_EASE_OUT_BACK, DEF_OVERSHOOT, 0) + 0.1);
  ck_assert(trough(TW_EASE_IN_BACK, 3.0, 0) <
            trough(TW_EASE_IN_BACK, DEF_OVERSHOOT, 0) - 0.1);
  ck_assert(peak(TW_EASE_IN_OUT_BACK, 3.0, 0) >
            peak(TW_EASE_IN_OUT_BACK, DEF_OVERSHOOT, 0) + 0.1);
  /* overshoot 0: Back is the cubic */
  for (j = 0; j < NPOINTS; j++) {
    double t = points[j];
    ck_assert_double_eq_tol(ease_at(TW_EASE_IN_BACK, t, 2.0, 0.0, 0),
                            ease_at(TW_EASE_IN_CUBIC, t, 2.0, 0.0, 0), TOL);
    ck_assert_double_eq_tol(ease_at(TW_EASE_OUT_BACK, t, 2.0, 0.0, 0),
                            ease_at(TW_EASE_OUT_CUBIC, t, 2.0, 0.0, 0), TOL);
    ck_assert_double_eq_tol(ease_at(TW_EASE_IN_OUT_BACK, t, 2.0, 0.0, 0),
                            ease_at(TW_EASE_IN_OUT_CUBIC, t, 2.0, 0.0, 0), TOL);
  }
  /* InOutBack is InBack with 1.525 x the overshoot, squeezed in half */
  ck_assert_double_eq_tol(ease_at(TW_EASE_IN_OUT_BACK, 0.2, 1.0, 2.0, 0),
                          0.5 * ease_at(TW_EASE_IN_BACK, 0.4, 1.0, 3.05, 0),
                          TOL);
  /* against the reference at other overshoots */
  for (i = 0; i < 4; i++)
    for (e = TW_EASE_IN_BACK; e <= TW_EASE_IN_OUT_BACK; e++)
      for (j = 0; j < NPOINTS; j++)
        ck_assert_double_eq_tol(ease_at(e, points[j], 3.0, overs[i], 0),
                                ref_ease(e, points[j], 3.0, overs[i], 0), TOL);
}
END_TEST

/* the largest difference between two parametrizations of ease e */
static double max_diff(int e, double d1, double a1, double p1, double d2,
                       double a2, double p2) {
  double m = 0.0;
  int i;
  for (i = 0; i <= 200; i++) {
    double t = i / 200.0;
    double v = fabs(ease_at(e, t, d1, a1, p1) - ease_at(e, t, d2, a2, p2));
    if (v > m)
      m = v;
  }
  return m;
}

START_TEST(test_ease_elastic_params) {
  static const double amps[] = {0.5, 1.0, 1.5, 2.0, 3.0};
  static const double periods[] = {0.0, 0.3, 0.6, 0.9, 1.7};
  size_t i, j, k;
  int e;
  for (e = TW_EASE_IN_ELASTIC; e <= TW_EASE_IN_OUT_ELASTIC; e++) {
    double def = e == TW_EASE_IN_OUT_ELASTIC ? 0.45 : 0.3;
    for (j = 0; j < NPOINTS; j++) {
      double t = points[j];
      /* period 0 is the default, a fraction of the duration (where the
       * eases are floats, the default amplitude and period are computed in
       * float, a period given in double) */
      ck_assert_double_eq_tol(ease_at(e, t, 2.0, DEF_OVERSHOOT, 0.0),
                              ease_at(e, t, 2.0, DEF_OVERSHOOT, def * 2.0),
                              TW__FLOAT_EASES ? TW__FLOAT_ELASTIC_TOL : 1e-12);
      ck_assert_double_eq_tol(ease_at(e, t, 5.0, 2.0, 0.0),
                              ease_at(e, t, 5.0, 2.0, def * 5.0), 1e-12);
      /* amplitudes below 1 behave like 1 */
      ck_assert_double_eq_tol(ease_at(e, t, 2.0, 0.5, 0.0),
                              ease_at(e, t, 2.0, 1.0, 0.0), 1e-12);
      ck_assert_double_eq_tol(ease_at(e, t, 2.0, 0.0, 0.7),
                              ease_at(e, t, 2.0, 1.0, 0.7), 1e-12);
      ck_assert_double_eq_tol(ease_at(e, t, 2.0, -3.0, 0.7),
                              ease_at(e, t, 2.0, 1.0, 0.7), 1e-12);
    }
    /* the period is in seconds: the same number on another duration is a
     * different curve */
    ck_assert(max_diff(e, 2.0, 1.0, 0.3, 1.0, 1.0, 0.3) > 1e-2);
    /* amplitude above 1 changes the curve, as does the period */
    ck_assert(max_diff(e, 1.0, 2.0, 0.0, 1.0, 1.0, 0.0) > 1e-2);
    ck_assert(max_diff(e, 1.0, 1.0, 0.2, 1.0, 1.0, 0.0) > 1e-2);
    /* against the reference over a grid of parameters and durations */
    for (i = 0; i < 5; i++)
      for (k = 0; k < 5; k++)
        for (j = 0; j < NPOINTS; j++) {
          double t = points[j];
          ck_assert_msg(fabs(ease_at(e, t, 2.0, amps[i], periods[k]) -
                             ref_ease(e, t, 2.0, amps[i], periods[k])) <= TOL,
                        "%s a=%g p=%g t=%g", tw_ease_name((tw_ease)e), amps[i],
                        periods[k], t);
          ck_assert_double_eq_tol(ease_at(e, t, 0.5, amps[i], periods[k]),
                                  ref_ease(e, t, 0.5, amps[i], periods[k]),
                                  TOL);
        }
  }
  /* a bigger amplitude swings further past the end */
  ck_assert(peak(TW_EASE_OUT_ELASTIC, 3.0, 0.0) >
            peak(TW_EASE_OUT_ELASTIC, 1.0, 0.0) + 0.1);
  ck_assert(trough(TW_EASE_IN_ELASTIC, 3.0, 0.0) <
            trough(TW_EASE_IN_ELASTIC, 1.0, 0.0) - 0.1);
}
END_TEST

START_TEST(test_ease_flash_params) {
  static const double counts[] = {1.0, 2.0, 3.0, 4.0, 2.5, 5.25, 7.0};
  static const double periods[] = {0.0, 0.3, 0.6, 1.0, -0.3, -0.6, -1.0};
  size_t i, j, k;
  int e;
  /* n flashes: peaks at odd multiples of d/n, back at 0 in between */
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.5, 2.0, 2.0, 0.0), 1.0,
                          1e-12);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.25, 2.0, 2.0, 0.0), 0.5,
                          1e-12);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.75, 2.0, 2.0, 0.0), 0.5,
                          1e-12);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.5, 2.0, 4.0, 0.0), 0.0,
                          1e-12);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.75, 2.0, 4.0, 0.0), 1.0,
                          1e-12);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.375, 2.0, 4.0, 0.0), 0.5,
                          1e-12);
  /* period > 0: the flashes weaken with time; < 0: they grow */
  ck_assert(ease_at(TW_EASE_FLASH, 0.25, 1.0, 4.0, 1.0) >
            ease_at(TW_EASE_FLASH, 0.75, 1.0, 4.0, 1.0) + 0.1);
  ck_assert(ease_at(TW_EASE_FLASH, 0.25, 1.0, 4.0, -1.0) <
            ease_at(TW_EASE_FLASH, 0.75, 1.0, 4.0, -1.0) - 0.1);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.25, 1.0, 4.0, -1.0), 0.5,
                          1e-12);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.75, 1.0, 4.0, -1.0), 1.0,
                          1e-12);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.25, 1.0, 4.0, 1.0), 0.5,
                          1e-12);
  ck_assert_double_eq_tol(ease_at(TW_EASE_FLASH, 0.75, 1.0, 4.0, 1.0), 0.0,
                          1e-12);
  /* the count changes the curve */
  ck_assert(fabs(ease_at(TW_EASE_IN_FLASH, 0.3, 1.0, 3.0, 0.0) -
                 ease_at(TW_EASE_IN_FLASH, 0.3, 1.0, 5.0, 0.0)) > 0.1);
  /* against the reference: every flash ease, count and weight */
  for (e = TW_EASE_FLASH; e <= TW_EASE_IN_OUT_FLASH; e++)
    for (i = 0; i < sizeof counts / sizeof counts[0]; i++)
      for (k = 0; k < sizeof periods / sizeof periods[0]; k++)
        for (j = 0; j < NPOINTS; j++) {
          double t = points[j], n = counts[i], x = t * n, got, want;
          if (fabs(x - floor(x + 0.5)) < 1e-6)
            continue; /* a step boundary */
          got = ease_at(e, t, 2.0, n, periods[k]);
          want = ref_ease(e, t, 2.0, n, periods[k]);
          ck_assert_msg(fabs(got - want) <= TOL,
                        "%s n=%g p=%g t=%g: got %.17g want %.17g",
                        tw_ease_name((tw_ease)e), n, periods[k], t, got, want);
        }
  /* a count DOTween would divide by zero with is taken as 1 */
  for (e = TW_EASE_FLASH; e <= TW_EASE_IN_OUT_FLASH; e++) {
    ck_assert_double_eq_tol(ease_at(e, 0.3, 1.0, 0.0, 0.0),
                            ease_at(e, 0.3, 1.0, 1.0, 0.0), 1e-12);
    ck_assert_double_eq_tol(ease_at(e, 0.3, 1.0, -2.0, 0.5),
                            ease_at(e, 0.3, 1.0, 1.0, 0.5), 1e-12);
    ck_assert(isfinite(ease_at(e, 0.3, 1.0, HUGE_VAL, 0.5)));
    ck_assert(isfinite(ease_at(e, 0.3, 1.0, 1e200, 0.5)));
  }
}
END_TEST

/* cubic-bezier */

/* a coordinate of the curve at s, in Bernstein form */
static double bern(double c1, double c2, double s) {
  double r = 1.0 - s;
  return 3.0 * r * r * s * c1 + 3.0 * r * s * s * c2 + s * s * s;
}

static void check_parametric(const double *cp, double tol) {
  int i;
  for (i = 0; i <= 1000; i++) {
    double s = i / 1000.0;
    double x = bern(cp[0], cp[2], s), y = bern(cp[1], cp[3], s);
    double got = tw__cubic_bezier(cp[0], cp[1], cp[2], cp[3], x);
    ck_assert_msg(fabs(got - y) <= tol,
                  "cubic-bezier(%g,%g,%g,%g) at x=%.17g (s=%g): got %.17g "
                  "want %.17g",
                  cp[0], cp[1], cp[2], cp[3], x, s, got, y);
  }
}

static const double kw_ease[4] = {0.25, 0.1, 0.25, 1.0};
static const double kw_ease_in[4] = {0.42, 0.0, 1.0, 1.0};
static const double kw_ease_out[4] = {0.0, 0.0, 0.58, 1.0};
static const double kw_ease_in_out[4] = {0.42, 0.0, 0.58, 1.0};
static const double kw_linear[4] = {0.0, 0.0, 1.0, 1.0};

START_TEST(test_ease_bezier_keywords) {
  const double *kws[] = {kw_ease, kw_ease_in, kw_ease_out, kw_ease_in_out,
                         kw_linear};
  size_t k;
  int i;
  for (k = 0; k < 5; k++) {
    double prev = 0.0;
    check_parametric(kws[k], 1e-5);
    ck_assert_double_eq(
        tw__cubic_bezier(kws[k][0], kws[k][1], kws[k][2], kws[k][3], 0.0), 0.0);
    ck_assert_double_eq(
        tw__cubic_bezier(kws[k][0], kws[k][1], kws[k][2], kws[k][3], 1.0), 1.0);
    /* the keywords are monotone */
    for (i = 0; i <= 500; i++) {
      double v = tw__cubic_bezier(kws[k][0], kws[k][1], kws[k][2], kws[k][3],
                                  i / 500.0);
      ck_assert(v >= prev - 1e-12);
      prev = v;
    }
  }
  /* ease at the middle, as browsers give it */
  ck_assert_double_eq_tol(tw__cubic_bezier(0.25, 0.1, 0.25, 1, 0.5),
                          0.8024033877, 1e-7);
  /* linear is the identity */
  for (i = 0; i <= 1000; i++)
    ck_assert_double_eq_tol(tw__cubic_bezier(0, 0, 1, 1, i / 1000.0),
                            i / 1000.0, 1e-12);
  /* ease-in-out is symmetric about the middle */
  for (i = 0; i <= 100; i++) {
    double x = i / 100.0;
    ck_assert_double_eq_tol(tw__cubic_bezier(0.42, 0, 0.58, 1, x),
                            1.0 - tw__cubic_bezier(0.42, 0, 0.58, 1, 1.0 - x),
                            1e-9);
  }
  /* ease-in mirrors ease-out */
  for (i = 0; i <= 100; i++) {
    double x = i / 100.0;
    ck_assert_double_eq_tol(tw__cubic_bezier(0.42, 0, 1, 1, x),
                            1.0 - tw__cubic_bezier(0, 0, 0.58, 1, 1.0 - x),
                            1e-9);
  }
}
END_TEST

/* exact to 1e-7 on valid, well-conditioned curves (not where Bx has a
 * zero slope inside (0, 1), whose inverse is a cube root) */
START_TEST(test_ease_bezier_precision) {
  static const double curves[][4] = {
      {0.25, 0.1, 0.25, 1.0}, {0.42, 0.0, 1.0, 1.0}, {0.0, 0.0, 0.58, 1.0},
      {0.42, 0.0, 0.58, 1.0}, {0.0, 0.0, 1.0, 1.0},  {0.68, -0.55, 0.27, 1.55},
      {0.0, 1.0, 0.0, 1.0},   {1.0, 0.0, 1.0, 0.0},  {0.0, 0.0, 0.0, 1.0},
      {0.5, -3.0, 0.5, 4.0},  {0.9, 0.1, 0.1, 0.9},  {0.01, 0.99, 0.99, 0.01}};
  size_t k;
  for (k = 0; k < sizeof curves / sizeof curves[0]; k++)
    check_parametric(curves[k], 1e-7);
}
END_TEST

START_TEST(test_ease_bezier_extrapolate) {
  /* ease: before 0 along P0-P1 (slope 0.1/0.25), after 1 along P2-P3
   * (flat) */
  ck_assert_double_eq_tol(tw__cubic_bezier(0.25, 0.1, 0.25, 1, -0.5), -0.2,
                          1e-12);
  ck_assert_double_eq_tol(tw__cubic_bezier(0.25, 0.1, 0.25, 1, 1.5), 1.0,
                          1e-12);
  /* ease-in: flat before, after along P1-P3 since x2 is 1 */
  ck_assert_double_eq_tol(tw__cubic_bezier(0.42, 0, 1, 1, -1.0), 0.0, 1e-12);
  ck_assert_double_eq_tol(tw__cubic_bezier(0.42, 0, 1, 1, 1.29),
                          1.0 + 0.29 / 0.58, 1e-12);
  /* ease-out: x1 is 0, so before along P0-P2; flat after */
  ck_assert_double_eq_tol(tw__cubic_bezier(0, 0, 0.58, 1, -0.29), -0.29 / 0.58,
                          1e-12);
  ck_assert_double_eq_tol(tw__cubic_bezier(0, 0, 0.58, 1, 2.0), 1.0, 1e-12);
  /* linear continues as the identity */
  ck_assert_double_eq_tol(tw__cubic_bezier(0, 0, 1, 1, -0.7), -0.7, 1e-12);
  ck_assert_double_eq_tol(tw__cubic_bezier(0, 0, 1, 1, 1.7), 1.7, 1e-12);
  /* overshooting y: the tangent's slope, not a clamp */
  ck_assert_double_eq_tol(tw__cubic_bezier(0.68, -0.55, 0.27, 1.55, -0.1),
                          -0.55 / 0.68 * -0.1, 1e-12);
  ck_assert_double_eq_tol(tw__cubic_bezier(0.68, -0.55, 0.27, 1.55, 1.1),
                          1.0 + (0.55 / -0.73) * 0.1, 1e-12);
  /* both control points at x 0: flat before; after along P2-P3 */
  ck_assert_double_eq_tol(tw__cubic_bezier(0, 0.5, 0, 0.5, -3.0), 0.0, 1e-12);
  ck_assert_double_eq_tol(tw__cubic_bezier(0, 0.5, 0, 0.5, 2.0), 1.5, 1e-12);
  /* both at x 1: before along P0-P1; flat after */
  ck_assert_double_eq_tol(tw__cubic_bezier(1, 0.3, 1, 0.7, -2.0), -0.6, 1e-12);
  ck_assert_double_eq_tol(tw__cubic_bezier(1, 0.3, 1, 0.7, 5.0), 1.0, 1e-12);
  /* the tangent lines meet the curve at its ends */
  ck_assert_double_eq_tol(tw__cubic_bezier(0.25, 0.1, 0.25, 1, -1e-9), 0.0,
                          1e-8);
  ck_assert_double_eq_tol(tw__cubic_bezier(0.42, 0, 1, 1, 1.0 + 1e-9), 1.0,
                          1e-8);
}
END_TEST

/* x1 and x2 outside [0, 1] are invalid CSS but must not crash or loop */
START_TEST(test_ease_bezier_robust) {
  static const double curves[][4] = {{-0.5, 0.0, 1.5, 1.0},
                                     {2.0, 0.0, -1.0, 1.0},
                                     {5.0, 5.0, -5.0, -5.0},
                                     {-1e6, 0.0, 1e6, 1.0},
                                     {1.0, 0.0, 0.0, 1.0}};
  size_t k;
  int i;
  for (k = 0; k < sizeof curves / sizeof curves[0]; k++) {
    const double *c = curves[k];
    for (i = -20; i <= 120; i++) {
      double v = tw__cubic_bezier(c[0], c[1], c[2], c[3], i / 100.0);
      ck_assert_msg(isfinite(v), "curve %zu at %g", k, i / 100.0);
    }
    ck_assert_double_eq(tw__cubic_bezier(c[0], c[1], c[2], c[3], 0.0), 0.0);
    ck_assert_double_eq(tw__cubic_bezier(c[0], c[1], c[2], c[3], 1.0), 1.0);
  }
}
END_TEST

/* steps: the examples of CSS Easing Level 1 */

START_TEST(test_ease_steps_jump_start) {
  ck_assert_double_eq(tw__steps(4, 0, 0.0), 0.25);
  ck_assert_double_eq(tw__steps(4, 0, 0.1), 0.25);
  ck_assert_double_eq(tw__steps(4, 0, 0.25), 0.5);
  ck_assert_double_eq(tw__steps(4, 0, 0.3), 0.5);
  ck_assert_double_eq(tw__steps(4, 0, 0.74), 0.75);
  ck_assert_double_eq(tw__steps(4, 0, 0.75), 1.0);
  ck_assert_double_eq(tw__steps(4, 0, 1.0), 1.0);
  ck_assert_double_eq(tw__steps(1, 0, 0.0), 1.0);
  ck_assert_double_eq(tw__steps(1, 0, 0.5), 1.0);
}
END_TEST

START_TEST(test_ease_steps_jump_end) {
  ck_assert_double_eq(tw__steps(4, 1, 0.0), 0.0);
  ck_assert_double_eq(tw__steps(4, 1, 0.24), 0.0);
  ck_assert_double_eq(tw__steps(4, 1, 0.25), 0.25);
  ck_assert_double_eq(tw__steps(4, 1, 0.3), 0.25);
  ck_assert_double_eq(tw__steps(4, 1, 0.6), 0.5);
  ck_assert_double_eq(tw__steps(4, 1, 0.99), 0.75);
  ck_assert_double_eq(tw__steps(4, 1, 1.0), 1.0);
  ck_assert_double_eq(tw__steps(1, 1, 0.99), 0.0);
  ck_assert_double_eq(tw__steps(1, 1, 1.0), 1.0);
}
END_TEST

START_TEST(test_ease_steps_jump_none) {
  /* steps(5, jump-none): 4 jumps, 0 and 1 each held for a fifth */
  ck_assert_double_eq(tw__steps(5, 2, 0.0), 0.0);
  ck_assert_double_eq(tw__steps(5, 2, 0.1), 0.0);
  ck_assert_double_eq(tw__steps(5, 2, 0.2), 0.25);
  ck_assert_double_eq(tw__steps(5, 2, 0.3), 0.25);
  ck_assert_double_eq(tw__steps(5, 2, 0.5), 0.5);
  ck_assert_double_eq(tw__steps(5, 2, 0.79), 0.75);
  ck_assert_double_eq(tw__steps(5, 2, 0.8), 1.0);
  ck_assert_double_eq(tw__steps(5, 2, 0.9), 1.0);
  ck_assert_double_eq(tw__steps(5, 2, 1.0), 1.0);
  ck_assert_double_eq(tw__steps(2, 2, 0.49), 0.0);
  ck_assert_double_eq(tw__steps(2, 2, 0.5), 1.0);
}
END_TEST

START_TEST(test_ease_steps_jump_both) {
  /* steps(3, jump-both): 4 jumps, one at each end */
  ck_assert_double_eq(tw__steps(3, 3, 0.0), 0.25);
  ck_assert_double_eq(tw__steps(3, 3, 0.3), 0.25);
  ck_assert_double_eq(tw__steps(3, 3, 0.34), 0.5);
  ck_assert_double_eq(tw__steps(3, 3, 0.5), 0.5);
  ck_assert_double_eq(tw__steps(3, 3, 0.7), 0.75);
  ck_assert_double_eq(tw__steps(3, 3, 0.99), 0.75);
  ck_assert_double_eq(tw__steps(3, 3, 1.0), 1.0);
  ck_assert_double_eq(tw__steps(1, 3, 0.0), 0.5);
  ck_assert_double_eq(tw__steps(1, 3, 1.0), 1.0);
}
END_TEST

/* The results are stored as doubles before they are compared: on x87 a
 * returned double may keep extended precision in a register, and two
 * equal results would then compare unequal. */
START_TEST(test_ease_steps_clamp) {
  int jump;
  for (jump = 0; jump < 4; jump++) {
    volatile double lo = tw__steps(4, jump, 0.0), hi = tw__steps(4, jump, 1.0);
    volatile double x;
    x = tw__steps(4, jump, -0.5);
    ck_assert_double_eq(x, lo);
    x = tw__steps(4, jump, -1e300);
    ck_assert_double_eq(x, lo);
    x = tw__steps(4, jump, 1.5);
    ck_assert_double_eq(x, hi);
    x = tw__steps(4, jump, 1e300);
    ck_assert_double_eq(x, 1.0);
  }
}
END_TEST

/* no steps to take: the input, clamped */
START_TEST(test_ease_steps_fallback) {
  static const int bad[][2] = {{0, 0}, {0, 1}, {0, 3}, {-3, 1}, {INT_MIN, 0},
                               {1, 2}, {0, 2}, {4, 4}, {4, -1}, {4, 99}};
  size_t i;
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_double_eq(tw__steps(bad[i][0], bad[i][1], 0.3), 0.3);
    ck_assert_double_eq(tw__steps(bad[i][0], bad[i][1], -0.3), 0.0);
    ck_assert_double_eq(tw__steps(bad[i][0], bad[i][1], 1.3), 1.0);
  }
  /* big counts still step */
  ck_assert_double_eq(tw__steps(INT_MAX, 1, 1.0), 1.0);
  ck_assert(tw__steps(INT_MAX, 3, 0.5) <= 0.5 + 1e-9);
}
END_TEST

/* tw_ease_eval and its bezier and steps variants: the values tweens use */

/* Progress points: every 64th (exact times for power-of-two durations),
 * some odd ones, and both ends. */
static double eval_point(int i) {
  static const double odd[] = {0.1, 0.3, 1.0 / 3.0, 0.7, 0.9, 0.999};
  return i <= 64 ? i / 64.0 : odd[i - 65];
}
#define NEVAL (65 + 6)

/* What a double tween from 0 to 1 of duration d, its ease set by `ease`
 * (an ease id, or TW__EASE_BEZIER / TW__EASE_STEPS with p), writes when
 * tw_goto moves it to x * d (the goto starts it, reading the 0). */
static double tween_at(int ease, const double *p, double d, double x) {
  tw_manager *m = NULL;
  tw_handle h;
  double v = 0.0, one = 1.0;

  ck_assert_int_eq(tw_manager_new(NULL, &m), 0);
  ck_assert_int_eq(tw_to(m, TW_TYPE_DOUBLE, &v, &one, d, &h), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  if (ease == TW__EASE_BEZIER)
    ck_assert_int_eq(tw_set_ease_bezier(m, h, p[0], p[1], p[2], p[3]), 0);
  else if (ease == TW__EASE_STEPS)
    ck_assert_int_eq(tw_set_ease_steps(m, h, (int)p[0], (tw_jump)p[1]), 0);
  else {
    ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)ease), 0);
    ck_assert_int_eq(tw_set_ease_params(m, h, p[0], p[1]), 0);
  }
  ck_assert_int_eq(tw_goto(m, h, x * d, 0), 0);
  ck_assert_int_eq(tw_manager_validate(m), 0);
  tw_manager_free(m);
  return v;
}

/* Every ease, at every point, with default and other parameters, against
 * tweens of 1 s and 4 s (Elastic's period scaled with the duration). */
START_TEST(test_ease_eval_matches_tween) {
  static const double params[][2] = {
      {DEF_OVERSHOOT, 0.0}, {3.0, 0.25}, {0.5, -0.5}, {4.0, 1.0}};
  int ease = _i, i;
  size_t k;
  double d;

  for (k = 0; k < sizeof params / sizeof params[0]; k++)
    for (d = 1.0; d <= 4.0; d *= 4.0)
      for (i = 0; i < NEVAL; i++) {
        double x = eval_point(i), p[2], want, got;
        int elastic =
            ease >= TW_EASE_IN_ELASTIC && ease <= TW_EASE_IN_OUT_ELASTIC;
        p[0] = params[k][0];
        p[1] = elastic ? params[k][1] * d : params[k][1];
        if (d != 1.0 && i > 64)
          continue; /* x * d / d is x only for the exact points */
        want = tween_at(ease, p, d, x);
        got = tw_ease_eval((tw_ease)ease, x, params[k][0], params[k][1]);
        ck_assert_msg(got == want && got == got,
                      "%s(%.17g) params %g %g d %g: %.17g, tween %.17g",
                      tw_ease_name((tw_ease)ease), x, params[k][0],
                      params[k][1], d, got, want);
      }
}
END_TEST

/* x outside [0, 1] is clamped, NaN is 0: never a NaN. */
START_TEST(test_ease_eval_clamp) {
  const double below[] = {-1e300, -2.0, -1e-12, -HUGE_VAL};
  const double above[] = {1e300, 2.0, 1.0 + 1e-12, HUGE_VAL};
  int ease;
  size_t k;

  ck_assert_double_eq(tw_ease_eval(TW_EASE_OUT_QUAD, 5.0, DEF_OVERSHOOT, 0),
                      1.0);
  ck_assert_double_eq(tw_ease_eval(TW_EASE_LINEAR, HUGE_VAL, DEF_OVERSHOOT, 0),
                      1.0);
  ck_assert_double_eq(tw_ease_eval(TW_EASE_LINEAR, 0.25, DEF_OVERSHOOT, 0),
                      0.25);
  ck_assert_double_eq(tw_ease_eval(TW_EASE_IN_QUAD, NAN, DEF_OVERSHOOT, 0),
                      0.0);
  for (ease = 0; ease < TW_EASE_COUNT; ease++) {
    double at0 = tw_ease_eval((tw_ease)ease, 0.0, DEF_OVERSHOOT, 0);
    double at1 = tw_ease_eval((tw_ease)ease, 1.0, DEF_OVERSHOOT, 0);
    for (k = 0; k < sizeof below / sizeof below[0]; k++) {
      ck_assert_double_eq(
          tw_ease_eval((tw_ease)ease, below[k], DEF_OVERSHOOT, 0), at0);
      ck_assert_double_eq(
          tw_ease_eval((tw_ease)ease, above[k], DEF_OVERSHOOT, 0), at1);
    }
    ck_assert_double_eq(tw_ease_eval((tw_ease)ease, NAN, DEF_OVERSHOOT, 0),
                        at0);
  }
}
END_TEST

/* A NaN or infinite overshoot or period is the default. */
START_TEST(test_ease_eval_params) {
  const double bad[] = {NAN, HUGE_VAL, -HUGE_VAL};
  double def = tw_ease_eval(TW_EASE_OUT_BACK, 0.5, DEF_OVERSHOOT, 0.0);
  double el = tw_ease_eval(TW_EASE_OUT_ELASTIC, 0.4, DEF_OVERSHOOT, 0.0);
  size_t k;

  ck_assert(def != tw_ease_eval(TW_EASE_OUT_BACK, 0.5, 3.0, 0.0));
  ck_assert(el != tw_ease_eval(TW_EASE_OUT_ELASTIC, 0.4, DEF_OVERSHOOT, 0.1));
  for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    ck_assert_double_eq(tw_ease_eval(TW_EASE_OUT_BACK, 0.5, bad[k], 0.0), def);
    ck_assert_double_eq(
        tw_ease_eval(TW_EASE_OUT_ELASTIC, 0.4, DEF_OVERSHOOT, bad[k]), el);
  }
}
END_TEST

/* A tween to try settings on, in a fresh manager (*m). */
static tw_handle some_tween(tw_manager **m) {
  static double v;
  double one = 1.0;
  tw_handle h;

  ck_assert_int_eq(tw_manager_new(NULL, m), 0);
  ck_assert_int_eq(tw_to(*m, TW_TYPE_DOUBLE, &v, &one, 1.0, &h), 0);
  return h;
}

/* Huge parameters that overflow a curve: the tween's own guard (a NaN
 * counts as 0, magnitudes stop at 1e18), so the result is always finite and
 * still the tween's. */
START_TEST(test_ease_eval_overflow) {
  static const double huge[] = {1e300, -1e300, DBL_MAX, -DBL_MAX};
  static const double bz[4] = {0.5, DBL_MAX, 0.5, DBL_MAX};
  double p[2] = {DBL_MAX, 0.0};
  size_t k;
  int ease, i;

  ck_assert_double_eq(tw_ease_eval(TW_EASE_IN_OUT_BACK, 0.5, DBL_MAX, 0), 0.0);
  ck_assert_double_eq(tw_ease_eval(TW_EASE_IN_OUT_BACK, 0.5, DBL_MAX, 0),
                      tween_at(TW_EASE_IN_OUT_BACK, p, 1.0, 0.5));
  ck_assert_double_eq(tw_ease_eval_bezier(bz[0], bz[1], bz[2], bz[3], 0.25),
                      tween_at(TW__EASE_BEZIER, bz, 1.0, 0.25));
  for (ease = 0; ease < TW_EASE_COUNT; ease++)
    for (k = 0; k < sizeof huge / sizeof huge[0]; k++)
      for (i = 0; i <= 16; i++) {
        double x = i / 16.0;
        double a = tw_ease_eval((tw_ease)ease, x, huge[k], 0.0);
        double b = tw_ease_eval((tw_ease)ease, x, DEF_OVERSHOOT, huge[k]);
        double c = tw_ease_eval((tw_ease)ease, x, huge[k], 1e-300);
        ck_assert_msg(isfinite(a) && isfinite(b) && isfinite(c),
                      "%s(%g) with %g: %g %g %g", tw_ease_name((tw_ease)ease),
                      x, huge[k], a, b, c);
        ck_assert(
            isfinite(tw_ease_eval_bezier(0.3, huge[k], 0.6, -huge[k], x)));
        if (i % 4 == 0) { /* and the tween's */
          p[0] = huge[k];
          p[1] = 0.0;
          ck_assert_double_eq(a, tween_at(ease, p, 1.0, x));
        }
      }
}
END_TEST

/* An ease tw_set_ease refuses is Linear, x clamped. */
START_TEST(test_ease_eval_unknown) {
  static const int bad[] = {TW_EASE_COUNT, -1, 64, 99, INT_MAX, INT_MIN};
  size_t k;

  tw_manager *m;
  tw_handle h = some_tween(&m);

  for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)bad[k]), TW_EEASE);
    ck_assert_double_eq(tw_ease_eval((tw_ease)bad[k], 0.3, 2.0, 0.5), 0.3);
    ck_assert_double_eq(tw_ease_eval((tw_ease)bad[k], -4.0, 2.0, 0.5), 0.0);
    ck_assert_double_eq(tw_ease_eval((tw_ease)bad[k], 4.0, 2.0, 0.5), 1.0);
    ck_assert_double_eq(tw_ease_eval((tw_ease)bad[k], NAN, 2.0, 0.5), 0.0);
  }
  tw_manager_free(m);
}
END_TEST

/* cubic-bezier: the tween's values, x clamped. */
START_TEST(test_ease_eval_bezier_matches_tween) {
  static const double cases[][4] = {{0.25, 0.1, 0.25, 1.0},
                                    {0.42, 0.0, 0.58, 1.0},
                                    {0.68, -0.55, 0.27, 1.55},
                                    {0.0, 0.0, 1.0, 1.0},
                                    {1.0, 2.0, 0.0, -1.0}};
  size_t k;
  int i;
  double d;

  for (k = 0; k < sizeof cases / sizeof cases[0]; k++)
    for (d = 1.0; d <= 4.0; d *= 4.0)
      for (i = 0; i < NEVAL; i++) {
        const double *c = cases[k];
        double x = eval_point(i), want, got;
        if (d != 1.0 && i > 64)
          continue;
        want = tween_at(TW__EASE_BEZIER, c, d, x);
        got = tw_ease_eval_bezier(c[0], c[1], c[2], c[3], x);
        ck_assert_msg(got == want, "bezier %zu at %.17g: %.17g, tween %.17g", k,
                      x, got, want);
      }
  ck_assert_double_eq(tw_ease_eval_bezier(0.68, -0.55, 0.27, 1.55, -3.0), 0.0);
  ck_assert_double_eq(tw_ease_eval_bezier(0.68, -0.55, 0.27, 1.55, 3.0), 1.0);
  ck_assert_double_eq(tw_ease_eval_bezier(0.68, -0.55, 0.27, 1.55, NAN), 0.0);
}
END_TEST

/* Parameters tw_set_ease_bezier refuses give the Linear value. */
START_TEST(test_ease_eval_bezier_invalid) {
  const double bad[][4] = {{-0.1, 0, 1, 1},         {1.5, 0, 1, 1},
                           {0, 0, -0.1, 1},         {0, 0, 1.5, 1},
                           {NAN, 0, 1, 1},          {0, 0, NAN, 1},
                           {0.5, NAN, 0.5, 1},      {0.5, 0, 0.5, NAN},
                           {0.5, HUGE_VAL, 0.5, 1}, {0.5, 0, 0.5, -HUGE_VAL}};
  size_t k;

  tw_manager *m;
  tw_handle h = some_tween(&m);

  for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    const double *b = bad[k];
    ck_assert_int_eq(tw_set_ease_bezier(m, h, b[0], b[1], b[2], b[3]),
                     TW_EINVAL);
    ck_assert_double_eq(tw_ease_eval_bezier(b[0], b[1], b[2], b[3], 0.3), 0.3);
    ck_assert_double_eq(tw_ease_eval_bezier(b[0], b[1], b[2], b[3], -1), 0.0);
    ck_assert_double_eq(tw_ease_eval_bezier(b[0], b[1], b[2], b[3], 2), 1.0);
    ck_assert_double_eq(tw_ease_eval_bezier(b[0], b[1], b[2], b[3], NAN), 0.0);
  }
  tw_manager_free(m);
}
END_TEST

/* steps(n, jump): the tween's values, x clamped, NaN as 0. */
START_TEST(test_ease_eval_steps_matches_tween) {
  int n, jump, i;
  double d;

  for (n = 1; n <= 5; n++)
    for (jump = 0; jump <= TW_JUMP_BOTH; jump++)
      for (d = 1.0; d <= 4.0; d *= 4.0)
        for (i = 0; i < NEVAL; i++) {
          double x = eval_point(i), p[2], want, got;
          if ((jump == TW_JUMP_NONE && n < 2) || (d != 1.0 && i > 64))
            continue;
          p[0] = n;
          p[1] = jump;
          want = tween_at(TW__EASE_STEPS, p, d, x);
          got = tw_ease_eval_steps(n, (tw_jump)jump, x);
          ck_assert_msg(got == want, "steps(%d, %d) at %.17g: %.17g vs %.17g",
                        n, jump, x, got, want);
        }
  ck_assert_double_eq(tw_ease_eval_steps(4, TW_JUMP_START, NAN), 0.25);
  ck_assert_double_eq(tw_ease_eval_steps(4, TW_JUMP_START, -1.0), 0.25);
  ck_assert_double_eq(tw_ease_eval_steps(4, TW_JUMP_END, 7.0), 1.0);
}
END_TEST

/* Counts and jumps tw_set_ease_steps refuses give the Linear value. */
START_TEST(test_ease_eval_steps_invalid) {
  static const int bad[][2] = {{0, 0}, {-3, 1}, {INT_MIN, 3}, {1, 2},
                               {4, 4}, {4, -1}, {4, 99}};
  size_t k;

  tw_manager *m;
  tw_handle h = some_tween(&m);

  for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    tw_jump j = (tw_jump)bad[k][1];
    ck_assert_int_eq(tw_set_ease_steps(m, h, bad[k][0], j), TW_EINVAL);
    ck_assert_double_eq(tw_ease_eval_steps(bad[k][0], j, 0.3), 0.3);
    ck_assert_double_eq(tw_ease_eval_steps(bad[k][0], j, -0.3), 0.0);
    ck_assert_double_eq(tw_ease_eval_steps(bad[k][0], j, 1.3), 1.0);
    ck_assert_double_eq(tw_ease_eval_steps(bad[k][0], j, NAN), 0.0);
  }
  tw_manager_free(m);
}
END_TEST

/* Slopes (ease.c's tw__ease_slope, curves.c's, shape.c's rates): each is
 * the derivative of its ease, checked against differences of the ease's
 * own values on the side asked for, at every ease and parameter set, on a
 * grid that keeps each difference within one piece, at the joints of the
 * pieces from both sides, and at the ends, where it is the limit from
 * inside. */

#define SLOPE_H 1e-5 /* the differences' step, in x */

/* The one-sided three-point difference of f at x, from before or after:
 * errors of h^2 times the third derivative, and of rounding / h. */
static double diff3(double (*f)(double x, const void *ctx), const void *ctx,
                    double x, int before) {
  double h = before ? -SLOPE_H : SLOPE_H;

  return (-3 * f(x, ctx) + 4 * f(x + h, ctx) - f(x + 2 * h, ctx)) / (2 * h);
}

/* A built-in ease with its parameters and duration, as a function of x. */
typedef struct slope_case {
  int ease;
  double d, o, p;
} slope_case;

static double ease_x(double x, const void *ctx) {
  const slope_case *c = ctx;

  return tw__ease(c->ease, x * c->d, c->d, c->o, c->p);
}

/* The one-sided slope of f at x from three values beyond x on that side
 * (x itself left out: a Flash with weights jumps at its joints), the
 * parabola's: errors of h^2 times the third derivative. */
static double diff3_out(double (*f)(double x, const void *ctx), const void *ctx,
                        double x, int before) {
  double h = before ? -SLOPE_H : SLOPE_H;

  return (-5 * f(x + h, ctx) + 8 * f(x + 2 * h, ctx) - 3 * f(x + 3 * h, ctx)) /
         (2 * h);
}

static double slope_x(const slope_case *c, double x, int before) {
  return tw__ease_slope(c->ease, x * c->d, c->d, c->o, c->p, before);
}

/* Where the pieces of an ease meet (x in (0, 1)); returns how many. */
static int joints(const slope_case *c, double *j) {
  static const double b[3] = {1.0 / 2.75, 2.0 / 2.75, 2.5 / 2.75};
  double n = trunc(c->o);
  int k = 0, i;

  if (c->ease == TW_EASE_OUT_BOUNCE || c->ease == TW_EASE_IN_BOUNCE)
    for (i = 0; i < 3; i++)
      j[k++] = c->ease == TW_EASE_OUT_BOUNCE ? b[i] : 1.0 - b[i];
  if (c->ease == TW_EASE_IN_OUT_BOUNCE)
    for (i = 0; i < 3; i++) {
      j[k++] = (1.0 - b[i]) / 2;
      j[k++] = (1.0 + b[i]) / 2;
    }
  if (c->ease >= TW_EASE_FLASH && c->ease <= TW_EASE_IN_OUT_FLASH) {
    if (!(n >= 1))
      n = 1;
    for (i = 1; i < n && k < 30; i++)
      j[k++] = i / n;
    if (c->ease == TW_EASE_IN_OUT_FLASH) /* the halves of each flash */
      for (i = 0; i < n && k < 60; i++)
        j[k++] = (i + 0.5) / n;
  }
  if (c->ease != TW_EASE_LINEAR && c->ease < TW_EASE_FLASH &&
      (c->ease % 3 == 0)) /* the InOut eases: their halves */
    j[k++] = 0.5;
  return k;
}

static void check_slopes(const slope_case *c) {
  double j[64], x, s, n;
  int k, nj = joints(c, j), before, i, kink[64];
  const char *name = tw_ease_name((tw_ease)c->ease);
  int vertical_0 = c->ease == TW_EASE_OUT_CIRC,
      vertical_1 = c->ease == TW_EASE_IN_CIRC,
      vertical_half = c->ease == TW_EASE_IN_OUT_CIRC;

  /* a single-precision form (TW__FLOAT_EASES) is within
   * TW__FLOAT_EASE_TOL of the double one (test_ease_float_forms), whose
   * slopes these are: a difference over SLOPE_H sees that rounding */
  if (tt_float_ease(c->ease))
    return;
  /* the grid: 1/97 apart, away from every joint by 1/485 at least */
  for (k = 1; k < 97; k++)
    for (before = 0; before < 2; before++) {
      x = k / 97.0;
      s = slope_x(c, x, before);
      n = diff3(ease_x, c, x, before);
      ck_assert_msg(fabs(s - n) <= 1e-4 * (1 + fabs(n)),
                    "%s (d %g, %g, %g) at %g from %s: slope %.12g, "
                    "difference %.12g",
                    name, c->d, c->o, c->p, x, before ? "before" : "after", s,
                    n);
    }
  /* the joints, from each side: where x, rounded, meets the joint as the
   * ease computes it (its slopes differ there), within 8 ulps of it */
  for (i = 0; i < nj; i++) {
    double y = j[i];
    for (k = 0; k < 8; k++)
      y = nextafter(y, 0);
    for (k = 0; k < 17 && slope_x(c, y, 1) == slope_x(c, y, 0); k++)
      y = nextafter(y, 1);
    kink[i] = k < 17;
    if (kink[i])
      j[i] = y;
  }
  for (i = 0; i < nj; i++)
    for (before = 0; before < 2; before++) {
      x = j[i];
      s = slope_x(c, x, before);
      /* no x meets the joint exactly: the ease's joint is within an ulp or
       * two of x, on a side unknown, which a difference of that side
       * straddles: the one of the other side is the slope at x */
      if (!kink[i] &&
          fabs(s - diff3_out(ease_x, c, x, !before)) <= 1e-4 * (1 + fabs(s)))
        continue;
      if (vertical_half) {
        ck_assert_msg(isinf(s) && s > 0, "%s: %g halfway", name, s);
        continue;
      }
      n = diff3_out(ease_x, c, x, before);
      ck_assert_msg(fabs(s - n) <= 1e-4 * (1 + fabs(n)),
                    "%s (d %g, %g, %g) at the joint %.17g from %s: slope "
                    "%.12g, difference %.12g",
                    name, c->d, c->o, c->p, x, before ? "before" : "after", s,
                    n);
    }
  /* the ends: the limits from inside, whatever side is asked */
  for (before = 0; before < 2; before++) {
    s = slope_x(c, 0, before);
    if (vertical_0)
      ck_assert_msg(isinf(s) && s > 0, "%s: %g at 0", name, s);
    else
      ck_assert_msg(fabs(s - slope_x(c, 1e-12, 0)) <= 1e-5 * (1 + fabs(s)),
                    "%s (d %g, %g, %g): %.12g at 0, %.12g just after", name,
                    c->d, c->o, c->p, s, slope_x(c, 1e-12, 0));
    s = slope_x(c, 1, before);
    if (vertical_1)
      ck_assert_msg(isinf(s) && s > 0, "%s: %g at 1", name, s);
    else
      ck_assert_msg(fabs(s - slope_x(c, 1 - 1e-12, 1)) <= 1e-5 * (1 + fabs(s)),
                    "%s (d %g, %g, %g): %.12g at 1, %.12g just before", name,
                    c->d, c->o, c->p, s, slope_x(c, 1 - 1e-12, 1));
  }
  /* where its motion starts: its value just after 0 */
  s = tw__ease_origin(c->ease, c->d, c->o, c->p);
  n = ease_x(1e-24, c);
  ck_assert_msg(fabs(s - n) <= 1e-9, "%s (d %g, %g, %g): origin %.12g, %.12g",
                name, c->d, c->o, c->p, s, n);
}

START_TEST(test_ease_slopes) {
  /* parameters: Back's overshoot, Elastic's amplitude and period (seconds),
   * Flash's count and weight, the spring's bounce */
  static const double params[][2] = {{DEF_OVERSHOOT, 0},
                                     {0.5, 0.25},
                                     {2.5, 0.4},
                                     {3, 0},
                                     {0, 0},
                                     {4, 0.5},
                                     {3, -0.5},
                                     {5, 1},
                                     {2, -1},
                                     {7, 0.3},
                                     {DEF_OVERSHOOT, 0.5},
                                     {DEF_OVERSHOOT, -0.5},
                                     {DEF_OVERSHOOT, 0.9}};
  static const double durations[] = {1, 0.37, 3.5};
  slope_case c;
  size_t i, k;

  c.ease = _i;
  for (i = 0; i < sizeof params / sizeof params[0]; i++)
    for (k = 0; k < sizeof durations / sizeof durations[0]; k++) {
      c.d = durations[k];
      c.o = params[i][0];
      c.p = params[i][1];
      check_slopes(&c);
    }
}
END_TEST

/* CSS cubic-bezier and keyframe curves, against their own differences;
 * steps are flat. */
typedef struct bez_case {
  double p[4];
} bez_case;

static double bez_x(double x, const void *ctx) {
  const double *p = ((const bez_case *)ctx)->p;

  return tw__cubic_bezier(p[0], p[1], p[2], p[3], x);
}

typedef struct curve_case {
  const tw_key *k;
  size_t n;
} curve_case;

static double curve_x(double x, const void *ctx) {
  const curve_case *c = ctx;

  return tw__curve(c->k, c->n, x);
}

START_TEST(test_ease_slope_curves) {
  static const bez_case bez[] = {
      {{0.25, 0.1, 0.25, 1.0}}, {{0.42, 0, 0.58, 1}}, {{0.3, -0.5, 0.7, 1.5}},
      {{0, 0, 1, 1}},           {{0, 0, 0.5, 1}},     {{0.5, 0, 1, 1}},
      {{0, 0.5, 0.5, 1}},       {{0.5, 0, 1, 0.5}},   {{1, 0, 0, 1}}};
  static const tw_key keys[] = {{0.0f, 0.0f, 0.0f, 0.5f},
                                {0.3f, 0.6f, 2.0f, 0.5f},
                                {0.7f, 0.9f, 0.2f, 1.0f},
                                {1.0f, 1.0f, 0.0f, 0.0f}};
  static const tw_key late[] = {{0.2f, 0.1f, 0.0f, 1.0f},
                                {0.9f, 1.1f, 0.5f, 0.0f}};
  curve_case cc[2];
  size_t i, k;
  int before, jump;

  for (i = 0; i < sizeof bez / sizeof bez[0]; i++) {
    const double *p = bez[i].p;
    for (k = 1; k < 97; k++) {
      double x = k / 97.0,
             s = tw__cubic_bezier_slope(p[0], p[1], p[2], p[3], x),
             n = (bez_x(x + 1e-6, &bez[i]) - bez_x(x - 1e-6, &bez[i])) / 2e-6;
      if (i == 8 && fabs(x - 0.5) < 0.05)
        continue; /* vertical halfway: below */
      ck_assert_msg(fabs(s - n) <= 1e-4 * (1 + fabs(n)),
                    "bezier %zu at %g: slope %.12g, difference %.12g", i, x, s,
                    n);
    }
    /* the ends: the limits along the curve */
    for (k = 0; k < 2; k++) {
      double s = tw__cubic_bezier_slope(p[0], p[1], p[2], p[3], (double)k),
             in = tw__cubic_bezier_slope(p[0], p[1], p[2], p[3],
                                         k == 0 ? 1e-7 : 1 - 1e-7);
      if (i == 6 && k == 0)
        ck_assert_msg(isinf(s) && s > 0, "bezier %zu: %g at 0", i, s);
      else
        ck_assert_msg(fabs(s - in) <= 1e-3 * (1 + fabs(s)),
                      "bezier %zu: %.12g at %zu, %.12g inside", i, s, k, in);
    }
  }
  ck_assert(tw__cubic_bezier_slope(1, 0, 0, 1, 0.5) > 1e3);
  /* steps: flat, and linear where they have no steps to take */
  for (jump = 0; jump < 4; jump++)
    for (k = 0; k <= 10; k++) {
      ck_assert(tw__steps_slope(4, jump, k / 10.0) == 0.0);
      ck_assert(tw__steps_slope(0, jump, k / 10.0) == 1.0);
    }
  ck_assert(tw__steps_slope(1, TW_JUMP_NONE, 0.5) == 1.0);
  ck_assert(tw__steps_slope(3, 9, 0.5) == 1.0);
  /* keyframe curves: differences on the grid, the tangents at the keys */
  cc[0].k = keys;
  cc[0].n = 4;
  cc[1].k = late;
  cc[1].n = 2;
  for (i = 0; i < 2; i++) {
    for (k = 1; k < 97; k++)
      for (before = 0; before < 2; before++) {
        double x = k / 97.0, s = tw__curve_slope(cc[i].k, cc[i].n, x, before),
               n = diff3(curve_x, &cc[i], x, before);
        ck_assert_msg(fabs(s - n) <= 1e-4 * (1 + fabs(n)),
                      "curve %zu at %g: slope %.12g, difference %.12g", i, x, s,
                      n);
      }
    for (k = 0; k < cc[i].n; k++) {
      const tw_key *key = &cc[i].k[k];
      double l = tw__curve_slope(cc[i].k, cc[i].n, key->time, 1),
             r = tw__curve_slope(cc[i].k, cc[i].n, key->time, 0);
      ck_assert_msg(l == (k == 0 ? 0.0 : key->in_tangent) &&
                        r == (k == cc[i].n - 1 ? 0.0 : key->out_tangent),
                    "curve %zu, key %zu: %g before, %g after", i, k, l, r);
    }
  }
  ck_assert(tw__curve_slope(late, 2, 0.1, 0) == 0.0); /* flat before */
  ck_assert(tw__curve_slope(late, 2, 0.95, 1) == 0.0);
  ck_assert(tw__curve_slope(late, 1, 0.5, 1) == 0.0);
}
END_TEST

/* A tween's rate of fraction (shape.c) is the derivative of its fraction
 * in elapsed time, on the side it comes from: over loops, the backward
 * halves of yoyo loops (with their own yoyo ease too), incremental loops,
 * loop delays, and playing backwards. */
typedef struct rate_case {
  const tw_manager *m;
  const tw__tween *t;
} rate_case;

static double fraction_e(double e, const void *ctx) {
  const rate_case *rc = ctx;

  return tw__fraction_at(rc->m, rc->t, e);
}

START_TEST(test_ease_fraction_rate) {
  int ease = _i, lt, back, k;
  tw_manager *m;
  tw_config cf;

  tw_config_init(&cf);
  ck_assert_int_eq(tw_manager_new(&cf, &m), 0);
  for (lt = 0; lt < 5; lt++)
    for (back = 0; back < 2; back++) {
      double x = 0;
      tw_handle h;
      rate_case rc;
      /* as check_slopes: not where a single-precision form runs */
      if (tt_float_ease(ease) ||
          (lt == 2 && tt_float_ease(TW_EASE_IN_OUT_SINE)))
        continue;
      tw__tween *t;
      ck_assert_int_eq(tw_double_to(m, &x, 1.0, 0.8, &h), 0);
      ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)ease), 0);
      ck_assert_int_eq(tw_set_loops(m, h, 3,
                                    lt == 0   ? TW_LOOP_RESTART
                                    : lt == 4 ? TW_LOOP_INCREMENTAL
                                              : TW_LOOP_YOYO),
                       0);
      if (lt == 2)
        ck_assert_int_eq(tw_set_yoyo_ease(m, h, TW_EASE_IN_OUT_SINE), 0);
      if (lt == 3)
        ck_assert_int_eq(tw_set_loop_delay(m, h, 0.25), 0);
      ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01), 0);
      if (back)
        ck_assert_int_eq(tw_play_backwards(m, h), 0);
      t = tw__lookup(m, h);
      rc.m = m;
      rc.t = t;
      for (k = 1; k < 89; k++) { /* 1/89 of 3 loops apart */
        double e = k * tw__total_time(m, t) / 89,
               r = tw__fraction_rate(m, t, e),
               n = diff3(fraction_e, &rc, e, !back);
        if (ease == TW_EASE_IN_OUT_CIRC && isinf(r))
          continue;
        ck_assert_msg(fabs(r - n) <= 1e-4 * (1 + fabs(n)),
                      "%s, loop type %d, %s at %g: rate %.12g, difference "
                      "%.12g",
                      tw_ease_name((tw_ease)ease), lt,
                      back ? "backwards" : "forwards", e, r, n);
      }
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
    }
  tw_manager_free(m);
}
END_TEST

/* TW__EASE_PARAMS names exactly the eases whose value reads overshoot or
 * period: every other gives the same values for any, so that the running
 * step, which passes it none, draws what the general way draws. */
START_TEST(test_ease_params_bits) {
  static const double xs[] = {0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95};
  size_t i, k;

  ck_assert_int_le(TW_EASE_COUNT, 64);
  for (i = 0; i < NEASES; i++) {
    int e = (int)eases[i].id, reads = 0;

    for (k = 0; k < sizeof xs / sizeof xs[0]; k++) {
      double a = tw__ease(e, xs[k], 1.0, DEF_OVERSHOOT, 0.0),
             b = tw__ease(e, xs[k], 1.0, 3.0, 0.4);
      reads |= memcmp(&a, &b, sizeof a) != 0;
    }
    ck_assert_msg(reads == (int)((TW__EASE_PARAMS >> e) & 1),
                  "%s: reads its parameters %d, TW__EASE_PARAMS says %d",
                  eases[i].name, reads, (int)((TW__EASE_PARAMS >> e) & 1));
  }
}
END_TEST

/* The update's inline eases (easeform.h) against the general way, for
 * every ease of the map: where tw__ease_form or tw__ease_back_form takes
 * an ease, at times short of the end of several durations, its value is
 * tw__ease's, bit for bit, and within [-2 |a| - 2, 2 |a| + 2] (so that the
 * general way's sane() leaves it as it is); the forms take exactly the
 * eases they say (Linear to InOutCirc; Back with an overshoot within
 * TW__BACK_FORM_MAX), and leave the others to the general way. */
START_TEST(test_ease_forms) {
  static const double ds[] = {1.0, 0.7, 3.0, 1e-3, 86400.0};
  static const double overs[] = {DEF_OVERSHOOT, 0.0, -1.5, 5.0, 1e6, -1e6};
  size_t i, j, k;
  double ref_y;
  int n;

  for (i = 0; i < NEASES; i++) {
    int e = (int)eases[i].id;
    int back = e >= TW_EASE_IN_BACK && e <= TW_EASE_IN_OUT_BACK;

    for (j = 0; j < sizeof ds / sizeof ds[0]; j++) {
      double d = ds[j];

      for (n = 0; n <= 201; n++) {
        /* 0, then 200 steps, then the last double short of d */
        double time = n <= 200 ? d * n / 201.0 : nextafter(d, 0.0);
        double x = tw__frac(time, d), y = 0.0, ref; /* as the update's */
        int took = tw__ease_form(e, x, time, d, &y);

        if (!(took == (e <= TW_EASE_IN_OUT_CIRC)))
          ck_abort_msg("%s: tw__ease_form takes it %d", eases[i].name, took);
        if (took) {
          ref = tw__ease(e, time, d, DEF_OVERSHOOT, 0.0);
          if (!(memcmp(&y, &ref, sizeof y) == 0 && fabs(y) <= 2.0))
            ck_abort_msg("%s at %.17g of %g: inline %.17g, row %.17g",
                         eases[i].name, time, d, y, ref);
        }
        for (k = 0; k < sizeof overs / sizeof overs[0]; k++) {
          double a = overs[k];

          took = tw__ease_back_form(e, x, a, &y);
          if (!(took == back))
            ck_abort_msg("%s: tw__ease_back_form takes it %d", eases[i].name,
                         took);
          if (!took)
            continue;
          ref = tw__ease(e, time, d, a, 0.0);
          if (!(memcmp(&y, &ref, sizeof y) == 0 &&
                fabs(y) <= 2.0 * fabs(a) + 2.0))
            ck_abort_msg("%s at %.17g of %g, overshoot %g: inline %.17g, "
                         "row %.17g",
                         eases[i].name, time, d, a, y, ref);
        }
      }
    }
    /* beyond the bound, and NaN: the general way */
    ck_assert_int_eq(tw__ease_back_form(e, 0.5, 1e6 * 1.0000001, &ref_y), 0);
    ck_assert_int_eq(tw__ease_back_form(e, 0.5, -1e6 * 1.0000001, &ref_y), 0);
    ck_assert_int_eq(tw__ease_back_form(e, 0.5, NAN, &ref_y), 0);
  }
}
END_TEST

/* A tween's fraction in float (numbers.h's tw__frac, TW__FLOAT_FRACTIONS:
 * where doubles are software), its float form taken on every target: a
 * float within TW__FRAC_REL * e / d of e / d over durations from 1e-6 to
 * 1e6 s and e from 0 to a little past d, exactly 0 at e = 0 and 1 at
 * e = d, and e / d where d or e is out of float's range; and tw__frac is
 * e / d where the fractions are doubles. */
START_TEST(test_ease_frac) {
  static const double far[][2] = {
      {1.0, 1e-300}, {1.0, 1e39}, {1e39, 2e39}, {-1e39, 1e40}, {0.5, 0.0}};
  double d, worst = 0.0;
  int n;
  size_t i;

  for (d = 1e-6; d <= 1e6; d *= 1.7320508) {
    for (n = 0; n <= 1000; n++) {
      double e = d * n / 997.0, x = e / d, f = tw__frac_as(e, d, 1);

      if (!(fabs(f - x) <= TW__FRAC_REL * x && (double)(float)f == f))
        ck_abort_msg("%.17g / %.17g: %.17g, e / d %.17g", e, d, f, x);
      if (fabs(f - x) > worst * x)
        worst = fabs(f - x) / x;
      if (!TW__FLOAT_FRACTIONS && tw__frac(e, d) != x)
        ck_abort_msg("%.17g / %.17g: %.17g", e, d, tw__frac(e, d));
      if (TW__FLOAT_FRACTIONS && tw__frac(e, d) != f)
        ck_abort_msg("%.17g / %.17g: %.17g", e, d, tw__frac(e, d));
    }
    ck_assert_msg(tw__frac_as(0.0, d, 1) == 0.0, "0 / %g", d);
    ck_assert_msg(tw__frac_as(d, d, 1) == 1.0, "%.17g / itself", d);
    ck_assert_msg(tw__frac(d, d) == 1.0, "%.17g / itself", d);
    ck_assert_msg(tw__frac_as(nextafter(d, 0.0), d, 1) <= 1.0, "%g", d);
  }
  for (i = 0; i < sizeof far / sizeof far[0]; i++) {
    double e = far[i][0], dd = far[i][1], x = e / dd;
    ck_assert_msg(memcmp(&x, &(double){tw__frac_as(e, dd, 1)}, sizeof x) == 0,
                  "%g / %g", e, dd);
  }
  /* the float form is a float's: not e / d on this grid */
  ck_assert_msg(worst > 1e-9, "the float form is e / d (%g)", worst);
}
END_TEST

/* Whether ease e is one of easeform.h's TW__FLOAT_FORMS_MORE (Back,
 * Bounce), which tw__ease_form leaves to others. */
#define ONE_FORM(id, name, args) +1
#define IS_FORM(id, name, args) || e == TW_EASE_##id
static int form_more(int e) { return 0 TW__FLOAT_FORMS_MORE(IS_FORM); }
static int is_elastic(int e) {
  return e == TW_EASE_IN_ELASTIC || e == TW_EASE_OUT_ELASTIC ||
         e == TW_EASE_IN_OUT_ELASTIC;
}
static int is_back(int e) {
  return e == TW_EASE_IN_BACK || e == TW_EASE_OUT_BACK ||
         e == TW_EASE_IN_OUT_BACK;
}

/* The single-precision forms (easeform.h, TW__FLOAT_EASES: a target
 * whose FPU has single precision only takes them) against the double
 * forms, for every ease of the map that has one: within
 * TW__FLOAT_EASE_TOL on a grid of 4,001 points and at the last double
 * short of the end, within [0, 1], and exact at the start and the end
 * (0 and 1, where the running step and the rows take them).  Run on every
 * target: on the host it checks the forms the board takes. */
START_TEST(test_ease_float_forms) {
  static const double ds[] = {1.0, 0.7, 86400.0};
  size_t i, j;
  int n, nforms = 0;
  double worst = 0.0;

  for (i = 0; i < NEASES; i++) {
    int e = (int)eases[i].id, has = 0;

    for (j = 0; j < sizeof ds / sizeof ds[0]; j++) {
      double d = ds[j];

      for (n = 0; n <= 4001; n++) {
        double time = n <= 4000 ? d * n / 4000.0 : nextafter(d, 0.0);
        double x = tw__frac(time, d), yf = -1.0, yd = -1.0;

        if (is_elastic(e)) { /* at a float's fraction, as on the board: its
                              * slope reaches 20, a double's x rounded to
                              * a float would be 6e-7 off */
          x = (double)(float)x;
          time = x * d;
        }
        if (!tt_ease_form_f(e, x, time, d, &yf))
          break;
        has = 1;
        if (is_elastic(e) && !(x > 0.0 && x < 1.0))
          continue; /* its ends and origin are the double forms' */
        if (!tw__ease_form(e, x, time, d, &yd) && !form_more(e))
          ck_abort_msg("%s: a float form but no form", eases[i].name);
        if (form_more(e)) /* Back, Bounce or Elastic: the rows' */
          yd = tw__ease(e, time, d, DEF_OVERSHOOT, 0.0);
        if (!TW__FLOAT_EASES) /* the double form, as the host takes it */
          yd = tw__ease(e, time, d, DEF_OVERSHOOT, 0.0);
        if (fabs(yf - yd) > worst)
          worst = fabs(yf - yd);
        if (!(yf >= 0.0 && yf <= 1.0) && !is_back(e) && !is_elastic(e))
          ck_abort_msg("%s at %.17g of %g: %.17g", eases[i].name, time, d, yf);
        if (!TW__FLOAT_EASES &&
            !(fabs(yf - yd) <=
              (is_elastic(e) ? TW__FLOAT_ELASTIC_TOL : TW__FLOAT_EASE_TOL)))
          ck_abort_msg("%s at %.17g of %g: float %.17g, double %.17g",
                       eases[i].name, time, d, yf, yd);
        if (n == 0 && yf != 0.0)
          ck_abort_msg("%s: %.17g at 0", eases[i].name, yf);
      }
      if (has && is_elastic(e)) { /* the library's ends */
        ck_assert(tw__ease(e, 0.0, d, DEF_OVERSHOOT, 0.0) == 0.0);
        ck_assert(tw__ease(e, d, d, DEF_OVERSHOOT, 0.0) == 1.0);
      } else if (has) {
        double one = -1.0;
        (void)tt_ease_form_f(e, 1.0, d, d, &one);
        ck_assert_msg(one == 1.0, "%s: %.17g at 1", eases[i].name, one);
      }
    }
    nforms += has;
  }
  /* every ease of the lists is in the table */
  ck_assert_int_eq(nforms,
                   0 TW__FLOAT_FORMS(ONE_FORM) TW__FLOAT_FORMS_MORE(ONE_FORM));
  if (!TW__FLOAT_EASES)
    ck_assert_msg(worst > 0.0, "the float forms are the double forms");
}
END_TEST

/* Back's single-precision forms at overshoots across TW__BACK_FLOAT_MAX,
 * against Penner's formulas written here: within TW__FLOAT_EASE_TOL
 * inside the bound, and the double forms (within 1e-12) beyond it, where
 * a float form would be worse; 0 and 1 at the ends.  Run on every
 * target. */
START_TEST(test_ease_float_back) {
  static const double as[] = {-4.0, -2.5, -1.0, 0.0, 0.5, 1.0,  1.70158,
                              2.5,  3.9,  4.0,  4.5, 9.0, -7.0, 100.0};
  size_t i;
  int n, k;

  for (i = 0; i < sizeof as / sizeof as[0]; i++) {
    double a = as[i], s = a * 1.525;
    int in_float = a >= -TW__BACK_FLOAT_MAX && a <= TW__BACK_FLOAT_MAX;

    for (n = 0; n <= 4001; n++) {
      double x = n <= 4000 ? n / 4000.0 : nextafter(1.0, 0.0), t = x * 2.0,
             ref[3], got[3], f[3];

      ref[0] = x * x * ((a + 1.0) * x - a);
      ref[1] = (x - 1.0) * (x - 1.0) * ((a + 1.0) * (x - 1.0) + a) + 1.0;
      ref[2] =
          t < 1.0 ? 0.5 * (t * t * ((s + 1.0) * t - s))
                  : 0.5 * ((t - 2.0) * (t - 2.0) * ((s + 1.0) * (t - 2.0) + s) +
                           2.0);
      got[0] = tw__in_back(x, a);
      got[1] = tw__out_back(x, a);
      got[2] = tw__in_out_back(x, a);
      f[0] = tw__in_back_f(x, a);
      f[1] = tw__out_back_f(x, a);
      f[2] = tw__in_out_back_f(x, a);
      for (k = 0; k < 3; k++) {
        double tol = in_float && TW__FLOAT_EASES ? TW__FLOAT_EASE_TOL : 1e-12;

        if (!(fabs(got[k] - ref[k]) <= tol * (1.0 + fabs(a))))
          ck_abort_msg("Back %d, overshoot %g, at %.17g: %.17g, not %.17g", k,
                       a, x, got[k], ref[k]);
        if (in_float && !(fabs(f[k] - ref[k]) <= TW__FLOAT_EASE_TOL))
          ck_abort_msg("Back %d's float form, overshoot %g, at %.17g: %.17g, "
                       "not %.17g",
                       k, a, x, f[k], ref[k]);
        if (n == 0 && f[k] != 0.0)
          ck_abort_msg("Back %d's float form, overshoot %g: not 0 at 0", k, a);
      }
    }
    for (k = 0; k < 3; k++) {
      double one = k == 0   ? tw__in_back_f(1.0, a)
                   : k == 1 ? tw__out_back_f(1.0, a)
                            : tw__in_out_back_f(1.0, a);
      ck_assert_msg(one == 1.0, "Back %d, overshoot %g: %.17g at 1", k, a, one);
    }
  }
}
END_TEST

/* The table: every ease of TW_EASE_MAP has its name, and its row in
 * ease.c stands at its id and tells the truth.  An ease said to end
 * exactly on 1 ends there and its curve comes to 1 (Out and InOut Elastic
 * within 2^-10 of their amplitude), with the default parameter and with 2
 * (two flashes end on 0); one that is not (the Flash eases) ends elsewhere for
 * some parameters (two flashes end on 0).  An ease with an origin of its
 * own jumps there from 0; the others start their motion at their value
 * at 0. */
START_TEST(test_ease_table) {
  size_t i;
  int id, end1, add, origin;
  double d = 2.0;

  ck_assert_uint_eq(NEASES, TW_EASE_COUNT);
  for (i = 0; i < NEASES; i++) {
    int e = (int)eases[i].id;
    double near;

    ck_assert_int_eq(e, (int)i); /* the map's order is the enum's */
    ck_assert_str_eq(tw_ease_name(eases[i].id), eases[i].name);
    ck_assert_int_eq(tw__test_ease_row(e, &id, &end1, &add, &origin), 0);
    /* the additive retarget takes the Penner eases (tween.h: Linear to
     * InOutBounce) */
    ck_assert_msg(add == (e <= TW_EASE_IN_OUT_BOUNCE),
                  "%s: its row says additive %d", eases[i].name, add);
    ck_assert_msg(id == e, "%s: its row stands for ease %d", eases[i].name, id);
    /* retarget.c takes an additive ease's running motion at its end as 1 */
    ck_assert_msg(!add || end1, "%s: additive, its row does not end on 1",
                  eases[i].name);
    near = tw__ease(e, d * (1.0 - 1e-12), d, DEF_OVERSHOOT, 0.0);
    if (end1) {
      ck_assert_msg(tw__ease(e, d, d, DEF_OVERSHOOT, 0.0) == 1.0 &&
                        tw__ease(e, 2.0 * d, d, DEF_OVERSHOOT, 0.0) == 1.0,
                    "%s does not end exactly on 1", eases[i].name);
      ck_assert_msg(fabs(near - 1.0) < 2e-3, "%s comes to %.17g, not to 1",
                    eases[i].name, near);
      near = tw__ease(e, d * (1.0 - 1e-12), d, 2.0, 0.0);
      ck_assert_msg(fabs(near - 1.0) < 5e-3,
                    "%s comes to %.17g with parameter 2, not to 1",
                    eases[i].name, near);
    } else {
      ck_assert_msg(tw__ease(e, d, d, 2.0, 0.0) != 1.0,
                    "%s ends on 1 with two flashes: its row could say so",
                    eases[i].name);
    }
    if (origin) {
      ck_assert_msg(tw__ease(e, 0.0, d, DEF_OVERSHOOT, 0.0) == 0.0 &&
                        tw__ease_origin(e, d, DEF_OVERSHOOT, 0.0) > 0.0,
                    "%s has an origin but no jump", eases[i].name);
    } else {
      ck_assert_msg(tw__ease_origin(e, d, DEF_OVERSHOOT, 0.0) ==
                        tw__ease(e, 0.0, d, DEF_OVERSHOOT, 0.0),
                    "%s starts elsewhere than at its value at 0",
                    eases[i].name);
    }
  }
  ck_assert_int_eq(tw__test_ease_row(TW_EASE_COUNT, &id, &end1, &add, &origin),
                   -1);
  ck_assert_int_eq(tw__test_ease_row(-1, &id, &end1, &add, &origin), -1);
  ck_assert_str_eq(tw_ease_name(TW_EASE_COUNT), "TW_UNKNOWN");
  ck_assert_str_eq(tw_ease_name((tw_ease)-1), "TW_UNKNOWN");
}
END_TEST

static Suite *ease_suite(void) {
  Suite *s = suite_create("ease");
  TCase *tc;

#define TW_TCASE(name)                                                         \
  tc = tcase_create(#name);                                                    \
  tcase_add_test(tc, test_ease_##name);                                        \
  suite_add_tcase(s, tc)

  TW_TCASE(table);
  TW_TCASE(forms);
  TW_TCASE(endpoints);
  TW_TCASE(flash_endpoints);

  tc = tcase_create("interior");
  /* the DOTween set and Flash: the spring ease has a test of its own */
  tcase_add_loop_test(tc, test_ease_interior, 0, TW_EASE_SPRING);
  suite_add_tcase(s, tc);
  tc = tcase_create("spring");
  tcase_add_test(tc, test_ease_spring);
  tcase_add_test(tc, test_ease_float_forms);
  tcase_add_test(tc, test_ease_float_back);
  tcase_add_test(tc, test_ease_frac);
  suite_add_tcase(s, tc);

  TW_TCASE(known_values);
  TW_TCASE(zero_duration);
  TW_TCASE(unknown_id);
  TW_TCASE(back_overshoot);
  TW_TCASE(elastic_params);
  TW_TCASE(flash_params);
  TW_TCASE(bezier_keywords);
  TW_TCASE(bezier_precision);
  TW_TCASE(bezier_extrapolate);
  TW_TCASE(bezier_robust);
  TW_TCASE(steps_jump_start);
  TW_TCASE(steps_jump_end);
  TW_TCASE(steps_jump_none);
  TW_TCASE(steps_jump_both);
  TW_TCASE(steps_clamp);
  TW_TCASE(steps_fallback);

  tc = tcase_create("eval_matches_tween");
  tcase_add_loop_test(tc, test_ease_eval_matches_tween, 0, TW_EASE_COUNT);
  suite_add_tcase(s, tc);
  TW_TCASE(params_bits);
  TW_TCASE(eval_clamp);
  TW_TCASE(eval_params);
  TW_TCASE(eval_unknown);
  TW_TCASE(eval_overflow);
  TW_TCASE(eval_bezier_matches_tween);
  TW_TCASE(eval_bezier_invalid);
  TW_TCASE(eval_steps_matches_tween);
  TW_TCASE(eval_steps_invalid);

  tc = tcase_create("slopes");
  tcase_add_loop_test(tc, test_ease_slopes, 0, TW_EASE_COUNT);
  suite_add_tcase(s, tc);
  TW_TCASE(slope_curves);
  tc = tcase_create("fraction_rate");
  tcase_add_loop_test(tc, test_ease_fraction_rate, 0, TW_EASE_COUNT);
  suite_add_tcase(s, tc);
#undef TW_TCASE
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(ease_suite());
  int failed;
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* SPDX-License-Identifier: MIT */
/* Curves beyond DOTween's set: CSS cubic-bezier() and steps(), and
 * keyframe curves (Hermite, as Unity's AnimationCurve).  Pure functions of
 * the input progress x in [0, 1]; none divides by zero or leaves the
 * finite numbers on odd input. */
#include "tween-private.h"

#include <math.h>

/* CSS cubic-bezier(x1, y1, x2, y2): P0 = (0, 0), P3 = (1, 1). */

/* One coordinate of the curve at parameter s, with control values a, b. */
static double bez(double a, double b, double s) {
  /* 3(1-s)^2 s a + 3(1-s) s^2 b + s^3, in Horner form */
  double c = 3.0 * a, bb = 3.0 * (b - a) - c, aa = 1.0 - c - bb;
  return ((aa * s + bb) * s + c) * s;
}

static double bez_slope(double a, double b, double s) {
  double c = 3.0 * a, bb = 3.0 * (b - a) - c, aa = 1.0 - c - bb;
  return (3.0 * aa * s + 2.0 * bb) * s + c;
}

/* The parameter s in [0, 1] with Bx(s) = x, for x in [0, 1]: Newton from
 * s = x while it stays in [0, 1] and the slope is usable, else bisection
 * to full precision (a root exists since Bx(0) = 0 and Bx(1) = 1). */
static double bez_solve(double x1, double x2, double x) {
  double s = x, lo = 0.0, hi = 1.0, e, d;
  int i;
  for (i = 0; i < 8; i++) {
    e = bez(x1, x2, s) - x;
    if (fabs(e) < 1e-15)
      return s;
    d = bez_slope(x1, x2, s);
    if (fabs(d) < 1e-6)
      break;
    s -= e / d;
    if (!(s >= 0.0 && s <= 1.0))
      break;
  }
  for (i = 0; i < 200 && hi - lo > 1e-16; i++) {
    s = 0.5 * (lo + hi);
    if (bez(x1, x2, s) < x)
      lo = s;
    else
      hi = s;
  }
  return 0.5 * (lo + hi);
}

double tw__cubic_bezier(double x1, double y1, double x2, double y2, double x) {
  /* Outside [0, 1] the curve continues along its end tangents (CSS Easing
   * Level 1): through P0 and P1 (or P2 when x1 is 0) before the start,
   * through P2 (or P1 when x2 is 1) and P3 after the end, flat when
   * neither control point gives a slope. */
  if (x < 0.0) {
    if (x1 > 0.0)
      return y1 / x1 * x;
    if (x2 > 0.0)
      return y2 / x2 * x;
    return 0.0;
  }
  if (x > 1.0) {
    if (x2 < 1.0)
      return 1.0 + (y2 - 1.0) / (x2 - 1.0) * (x - 1.0);
    if (x1 < 1.0)
      return 1.0 + (y1 - 1.0) / (x1 - 1.0) * (x - 1.0);
    return 1.0;
  }
  if (x == 0.0 || x == 1.0)
    return x;
  if (x != x)
    return x; /* NaN in, NaN out */
  return bez(y1, y2, bez_solve(x1, x2, x));
}

/* CSS steps(n, jump) without the before flag.  x is clamped to [0, 1].
 * n below 1 (below 2 for jump-none, which has n - 1 jumps) or an unknown
 * jump kind has no steps to take: the result is x clamped (linear). */
double tw__steps(int n, int jump, double x) {
  double step, jumps;
  if (x < 0.0)
    x = 0.0;
  else if (x > 1.0)
    x = 1.0;
  switch (jump) {
  case 0: /* jump-start */
  case 1: /* jump-end */
    jumps = n;
    break;
  case 2: /* jump-none */
    jumps = (double)n - 1.0;
    break;
  case 3: /* jump-both */
    jumps = (double)n + 1.0;
    break;
  default:
    return x;
  }
  if (n < 1 || jumps < 1.0 || x != x)
    return x;
  step = floor(x * n);
  if (jump == 0 || jump == 3)
    step += 1.0;
  if (step > jumps)
    step = jumps;
  return step / jumps;
}

/* Keyframe curves */

/* Cubic Hermite between the two keys around x, with slopes out_tangent of
 * the left key and in_tangent of the right one (Unity's AnimationCurve);
 * clamped to the end keys outside them. */
double tw__curve(const tw_key *k, size_t n, double x) {
  size_t lo = 0, hi = n - 1;
  double t0, t1, dt, s, s2, s3;

  if (x <= k[0].time)
    return k[0].value;
  if (x >= k[n - 1].time)
    return k[n - 1].value;
  while (hi - lo > 1) { /* k[lo].time <= x < k[hi].time */
    size_t mid = lo + (hi - lo) / 2;
    if (k[mid].time <= x)
      lo = mid;
    else
      hi = mid;
  }
  t0 = k[lo].time;
  t1 = k[hi].time;
  dt = t1 - t0;
  s = (x - t0) / dt;
  s2 = s * s;
  s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * k[lo].value +
         (s3 - 2 * s2 + s) * dt * k[lo].out_tangent +
         (-2 * s3 + 3 * s2) * k[hi].value + (s3 - s2) * dt * k[hi].in_tangent;
}

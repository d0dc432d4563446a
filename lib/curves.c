/* SPDX-License-Identifier: MIT */
/* Curves beyond DOTween's set: CSS cubic-bezier() and steps(), and
 * keyframe curves (Hermite, as Unity's AnimationCurve).  Pure functions of
 * the input progress x in [0, 1]; none divides by zero or leaves the
 * finite numbers on odd input.  Beside each is its slope in x, in closed
 * form, with one-sided limits at the ends (see ease.c). */
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

/* Its slope at x: y'(s) / x'(s) at the parameter s there.  Where x'(s)
 * vanishes (at an end whose control point lies on it, or where the curve
 * stands vertical) the slope is the ratio of the first derivatives that do
 * not, as the limit along the curve is: infinite, with the sign of y's,
 * where y's come first; at 0 and 1 it is the limit from inside. */
static double bez_tangent(double x1, double y1, double x2, double y2,
                          double s) {
  double cx = 3.0 * x1, bx = 3.0 * (x2 - x1) - cx, ax = 1.0 - cx - bx;
  double cy = 3.0 * y1, by = 3.0 * (y2 - y1) - cy, ay = 1.0 - cy - by;
  /* the first, second and third derivatives of x and y at s */
  double dx[3], dy[3];
  int k;

  dx[0] = (3.0 * ax * s + 2.0 * bx) * s + cx;
  dy[0] = (3.0 * ay * s + 2.0 * by) * s + cy;
  dx[1] = 6.0 * ax * s + 2.0 * bx;
  dy[1] = 6.0 * ay * s + 2.0 * by;
  dx[2] = 6.0 * ax;
  dy[2] = 6.0 * ay;
  for (k = 0; k < 3; k++) {
    if (dx[k] != 0.0)
      return dy[k] / dx[k];
    if (dy[k] != 0.0)
      return dy[k] > 0.0 ? HUGE_VAL : -HUGE_VAL;
  }
  return 1.0; /* x and y both s^3: no cubic stays flat in x */
}

double tw__cubic_bezier_slope(double x1, double y1, double x2, double y2,
                              double x) {
  if (x < 0.0) /* the tangents beyond the ends, as tw__cubic_bezier */
    return x1 > 0.0 ? y1 / x1 : x2 > 0.0 ? y2 / x2 : 0.0;
  if (x > 1.0)
    return x2 < 1.0   ? (y2 - 1.0) / (x2 - 1.0)
           : x1 < 1.0 ? (y1 - 1.0) / (x1 - 1.0)
                      : 0.0;
  if (x != x)
    return x;
  return bez_tangent(x1, y1, x2, y2,
                     x == 0.0 || x == 1.0 ? x : bez_solve(x1, x2, x));
}

/* CSS steps(n, jump) without the before flag.  x is clamped to [0, 1].
 * n below 1 (below 2 for jump-none, which has n - 1 jumps) or an unknown
 * jump kind has no steps to take: the result is x clamped (linear). */
/* The jumps of steps(n, jump); 0 where it has none to take (linear). */
static double steps_jumps(int n, int jump) {
  double jumps;

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
    return 0.0;
  }
  return n < 1 || jumps < 1.0 ? 0.0 : jumps;
}

double tw__steps(int n, int jump, double x) {
  double step, jumps = steps_jumps(n, jump);
  if (x < 0.0)
    x = 0.0;
  else if (x > 1.0)
    x = 1.0;
  if (jumps == 0.0 || x != x)
    return x;
  step = floor(x * n);
  if (jump == 0 || jump == 3)
    step += 1.0;
  if (step > jumps)
    step = jumps;
  return step / jumps;
}

/* Flat between its jumps, from either side of each: 0 (1 where it is
 * linear). */
double tw__steps_slope(int n, int jump, double x) {
  (void)x;
  return steps_jumps(n, jump) == 0.0 ? 1.0 : 0.0;
}

/* Keyframe curves */

/* The piece from key lo (returned) to key lo + 1 around x, within the
 * keys (n >= 2): at a key, the piece before it if `before`, else after;
 * its length into *dt and x's place in it (0 to 1) into *s. */
static size_t curve_piece(const tw_key *k, size_t n, double x, int before,
                          double *dt, double *s) {
  size_t lo = 0, hi = n - 1;

  while (hi - lo > 1) { /* k[lo].time <= x <= k[hi].time */
    size_t mid = lo + (hi - lo) / 2;
    if (k[mid].time < x || (k[mid].time == x && !before))
      lo = mid;
    else
      hi = mid;
  }
  *dt = (double)k[hi].time - k[lo].time;
  *s = (x - k[lo].time) / *dt;
  return lo;
}

/* Cubic Hermite between the two keys around x, with slopes out_tangent of
 * the left key and in_tangent of the right one (Unity's AnimationCurve);
 * clamped to the end keys outside them. */
double tw__curve(const tw_key *k, size_t n, double x) {
  double dt, s, s2, s3;
  size_t lo;

  if (x <= k[0].time)
    return k[0].value;
  if (x >= k[n - 1].time)
    return k[n - 1].value;
  lo = curve_piece(k, n, x, 0, &dt, &s);
  s2 = s * s;
  s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * k[lo].value +
         (s3 - 2 * s2 + s) * dt * k[lo].out_tangent +
         (-2 * s3 + 3 * s2) * k[lo + 1].value +
         (s3 - s2) * dt * k[lo + 1].in_tangent;
}

/* Its slope at x: the Hermite's derivative in the piece around x (at a key,
 * the piece before it if `before`, else after), the key's own tangent at a
 * key; 0 outside the keys, where it is clamped. */
double tw__curve_slope(const tw_key *k, size_t n, double x, int before) {
  double dt, s, s2;
  size_t lo;

  if (n < 2 || x < k[0].time || x > k[n - 1].time ||
      (x == k[0].time && before) || (x == k[n - 1].time && !before))
    return 0.0;
  lo = curve_piece(k, n, x, before, &dt, &s);
  s2 = s * s;
  return ((6 * s2 - 6 * s) * k[lo].value + (6 * s - 6 * s2) * k[lo + 1].value) /
             dt +
         (3 * s2 - 4 * s + 1) * k[lo].out_tangent +
         (3 * s2 - 2 * s) * k[lo + 1].in_tangent;
}

/* The eases kept in a record but the program's function: CSS bezier and
 * steps, keyframe curve (shape.c reaches them through m->fx.ease_kept,
 * which tw_set_ease_bezier, _steps and _curve fill in). */
double tw__ease_kept(const tw__record *r, int ease, double x) {
  switch (ease) {
  case TW__EASE_BEZIER:
    return tw__cubic_bezier(r->ex.bezier[0], r->ex.bezier[1], r->ex.bezier[2],
                            r->ex.bezier[3], x);
  case TW__EASE_STEPS:
    return tw__steps(r->ex.steps.n, r->ex.steps.jump, x);
  default:
    return tw__curve(r->curve, r->ncurve, x);
  }
}

double tw__ease_kept_slope(const tw__record *r, int ease, double x,
                           int before) {
  switch (ease) {
  case TW__EASE_BEZIER:
    return tw__cubic_bezier_slope(r->ex.bezier[0], r->ex.bezier[1],
                                  r->ex.bezier[2], r->ex.bezier[3], x);
  case TW__EASE_STEPS:
    return tw__steps_slope(r->ex.steps.n, r->ex.steps.jump, x);
  default:
    return tw__curve_slope(r->curve, r->ncurve, x, before);
  }
}

void tw__fx_ease_kept(tw_manager *m) {
  m->fx.ease_kept = tw__ease_kept;
  m->fx.ease_kept_slope = tw__ease_kept_slope;
}

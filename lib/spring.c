/* SPDX-License-Identifier: MIT */
/* Springs in closed form.
 *
 * A damped spring m x'' + d x' + k (x - p1) = 0 has natural frequency
 * w0 = sqrt(k / m) and damping ratio zeta = d / (2 sqrt(k m)).  Its
 * displacement y = x - p1 from y(0) = y0 with y'(0) = v0 is
 *     y(t) = y0 A(t) + v0 B(t),
 * with A and B the responses to a unit displacement and to a unit
 * velocity.  In the spring's own time tau = w0 t, with q = sqrt|1 -
 * zeta^2|, they are
 *     A = e^(-zeta tau) (C + zeta S),  w0 B = e^(-zeta tau) S,
 *     A' = -w0^2 B,                    B' = e^(-zeta tau) (C - zeta S),
 * where C = cos(q tau) and S = sin(q tau) / q under-damped (zeta < 1),
 * C = cosh(q tau) and S = sinh(q tau) / q over-damped, and C = 1, S = tau
 * critically damped: one form through zeta = 1, whose terms stay well
 * conditioned as q goes to 0 (sin(q tau) / q is tau sinc(q tau); the
 * hyperbolic ones are written with expm1 and with the slow rate zeta - q
 * as 1 / (zeta + q)), so that every zeta gives the textbook's values to
 * the rounding of a few operations.  Since a value is a function of the
 * elapsed time alone, any slicing of dt gives the same values.
 *
 * Rest.  The spring's amplitude a(t) = sqrt(|y|^2 + |y' / w0|^2) is the
 * square root of its energy (k y^2 + m y'^2) / k, which damping only ever
 * takes away: a never grows, and |y| <= a.  A spring rests once a falls to
 * eps times a(0); found on the closed form (false position on the logarithm
 * of the amplitude, nearly straight in time), so the settling time is the
 * spring's to a millionth, not a bound.  From then on the
 * value stays within eps a(0) of its end. */
#include "tween-private.h"

#include <math.h>

/* The range w0 and zeta are held in: beyond it a spring rests before any
 * frame (w0 > 1e150) or moves only over times no program sees, and its
 * closed form would overflow. */
#define TW__SPRING_MIN 1e-150
#define TW__SPRING_MAX 1e150

static double hold(double x) {
  return x > TW__SPRING_MIN ? (x < TW__SPRING_MAX ? x : TW__SPRING_MAX)
                            : TW__SPRING_MIN;
}

int tw__spring_ok(const tw__spring *s) {
  return s->w0 >= TW__SPRING_MIN && s->w0 <= TW__SPRING_MAX &&
         s->zeta >= TW__SPRING_MIN && s->zeta <= TW__SPRING_MAX &&
         tw__finite(s->v0) && s->eps > 0 && s->eps < 1;
}

void tw__spring_make(tw__spring *s, double k, double d, double mass) {
  /* square roots first: k m or k / m may leave the doubles, their roots'
   * product or quotient only where the result is out of range anyway */
  double sk = sqrt(k), sm = sqrt(mass), p = sk * sm;

  s->w0 = hold(sk / sm);
  s->zeta =
      hold(p >= DBL_MIN && p <= DBL_MAX ? 0.5 * (d / p) : 0.5 * (d / sk / sm));
}

/* The unit responses at tau: a = A, b = w0 B, db = B' (and A' = -w0 b). */
static void unit(double z, double tau, double *a, double *b, double *db) {
  if (z <= 1.0) {
    double q = sqrt((1.0 - z) * (1.0 + z)), x = q * tau, e = exp(-z * tau);
    double c = cos(x),
           sn = fabs(x) < 1e-8 ? tau * (1.0 - x * x / 6.0) : sin(x) / q;
    *a = e * (c + z * sn);
    *b = e * sn;
    *db = e * (c - z * sn);
  } else {
    /* e^(-zeta tau) cosh(q tau) = e1 (1 + x) / 2 and e^(-zeta tau) S =
     * e1 sx, from e1 = e^(-(zeta - q) tau), x = e^(-2 q tau) */
    double q = sqrt((z - 1.0) * (z + 1.0)), slow = 1.0 / (z + q);
    double y = 2.0 * q * tau, e1 = exp(-slow * tau), x = exp(-y);
    double f = y < 1e-8 ? 1.0 - y / 2.0 + y * y / 6.0 : -expm1(-y) / y;
    double sx = tau * f;
    *a = e1 * ((1.0 + x) / 2.0 + z * sx);
    *b = e1 * sx;
    /* (1 + x) / 2 - zeta sx cancels where zeta is large: there, as
     * (x (zeta + q) - (zeta - q)) / (2 q) */
    *db = z < 2.0 ? e1 * ((1.0 + x) / 2.0 - z * sx)
                  : e1 * (x * (z + q) - slow) / (2.0 * q);
  }
}

void tw__spring_ab(const tw__spring *s, double t, double r[4]) {
  double a, b, db;

  unit(s->zeta, s->w0 * t, &a, &b, &db);
  r[0] = a;
  r[1] = b / s->w0;
  r[2] = -s->w0 * b;
  r[3] = db;
}

/* How far above rest a spring of ratio z from the unit state (y0, u0) in
 * n components (u0 the velocity over w0) is at tau: the logarithm of its
 * amplitude over eps (summed over the largest part, so that no square
 * underflows); <= 0 at rest. */
static double excess(double z, double tau, const double *y0, const double *u0,
                     unsigned n, double leps) {
  double a, b, db, y[8], big = 0, e = 0;
  unsigned k;

  unit(z, tau, &a, &b, &db);
  for (k = 0; k < n; k++) {
    y[2 * k] = y0[k] * a + u0[k] * b;
    y[2 * k + 1] = -y0[k] * b + u0[k] * db;
  }
  for (k = 0; k < 2 * n; k++)
    big = fabs(y[k]) > big ? fabs(y[k]) : big;
  if (!(big > 0))
    return -1e300; /* nothing left (or nothing a double holds) */
  for (k = 0; k < 2 * n; k++)
    e += (y[k] / big) * (y[k] / big);
  return log(big) + 0.5 * log(e) - leps;
}

double tw__spring_rest(const tw__spring *s, const double *y0, const double *v0,
                       unsigned n, double eps) {
  double ny[4], nu[4], big = 0, vbig = 0, norm = 0, lo, hi, flo, fhi, at, rate,
                       z = s->zeta, leps = log(eps);
  unsigned k;
  int i, side = 0;

  /* the start as a unit state: each part over the largest, then over the
   * norm (no square overflows); a velocity whose v0 / w0 overflows leaves
   * the displacement nothing */
  for (k = 0; k < n; k++) {
    big = fabs(y0[k]) > big ? fabs(y0[k]) : big;
    vbig = fabs(v0[k]) > vbig ? fabs(v0[k]) : vbig;
  }
  if (vbig / s->w0 > big)
    big = vbig / s->w0;
  if (!(big > 0))
    return 0; /* at its end, at rest */
  for (k = 0; k < n; k++) {
    ny[k] = tw__finite(big) ? y0[k] / big : 0.0;
    nu[k] = tw__finite(big) ? v0[k] / s->w0 / big : v0[k] / vbig;
    norm += ny[k] * ny[k] + nu[k] * nu[k];
  }
  norm = sqrt(norm);
  for (k = 0; k < n; k++) {
    ny[k] /= norm;
    nu[k] /= norm;
  }
  /* bracket in tau from the slowest decay's time, growing or shrinking
   * the step by squares (rest may come many orders sooner, on a fast
   * mode) */
  rate = z <= 1.0 ? z : 1.0 / (z + sqrt((z - 1.0) * (z + 1.0)));
  hi = (1.0 - leps) / rate;
  fhi = excess(z, hi, ny, nu, n, leps);
  if (fhi <= 0) {
    double f = 2.0;
    for (;;) {
      lo = hi / f;
      flo = lo > 0 ? excess(z, lo, ny, nu, n, leps) : -leps;
      if (flo > 0 || !(lo > 0))
        break;
      hi = lo;
      fhi = flo;
      f = f < 1e150 ? f * f : f;
    }
  } else {
    /* a few doublings: past (1 - ln eps) / rate the amplitude falls at
     * that rate; the bound on them only keeps a NaN from looping */
    for (i = 0, lo = hi, flo = fhi; i < 2048 && fhi > 0; i++) {
      lo = hi;
      flo = fhi;
      hi *= 2.0;
      fhi = excess(z, hi, ny, nu, n, leps);
    }
  }
  /* then the root of the log amplitude, nearly straight in tau: by false
   * position (Illinois), by bisection while the bracket is wide; hi stays
   * at rest, and the search ends there within a millionth of the time or
   * a billionth of the amplitude */
  for (i = 0, at = fhi; i < 200 && hi - lo > 1e-6 * hi && at < -1e-9; i++) {
    double mid, fm;
    if (lo > 0 && hi > 4.0 * lo)
      mid = sqrt(lo) * sqrt(hi);
    else if (fhi > -1e299)
      mid = hi - fhi * ((hi - lo) / (fhi - flo));
    else
      mid = lo + (hi - lo) / 2.0;
    if (!(mid > lo && mid < hi))
      mid = lo + (hi - lo) / 2.0;
    fm = excess(z, mid, ny, nu, n, leps);
    if (fm <= 0) {
      hi = mid;
      fhi = at = fm;
      if (side < 0)
        flo /= 2;
      side = -1;
    } else {
      lo = mid;
      flo = fm;
      if (side > 0)
        fhi /= 2;
      side = 1;
    }
  }
  return hi / s->w0;
}

double tw__spring_settle(const tw__spring *s, double y0, double v0,
                         double eps) {
  return tw__spring_rest(s, &y0, &v0, 1, eps);
}

/* x finite: a NaN as 0, an infinity as the largest double. */
static double finite_or(double x) {
  return x == x ? tw__saturate(x, DBL_MAX) : 0.0;
}

double tw__spring_between(const tw__spring *s, int type, const void *start,
                          const void *end, const double *c) {
  double a[4], b[4], y0[4], v0[4];
  unsigned n = tw__components(type, start, a), k;

  if (n == 0) /* no components to read: along the way, as a fraction */
    return tw__spring_settle(s, -1.0, s->v0, s->eps);
  tw__components(type, end, b);
  /* halves, which leave the rest time as it is and cannot overflow */
  for (k = 0; k < n; k++) {
    y0[k] = finite_or(a[k] / 2 - b[k] / 2);
    v0[k] =
        finite_or(s->v0 * (b[k] / 2 - a[k] / 2) + (c != NULL ? c[k] / 2 : 0.0));
  }
  return tw__spring_rest(s, y0, v0, n, s->eps);
}

double tw__spring_span(const tw_manager *m, tw__tween *t) {
  size_t size = m->types[t->type].size;
  const tw__record *r = tw__rec(m, t);

  return tw__spring_between(&r->spring, t->type, tw__val(m, t, size, TW__START),
                            tw__val(m, t, size, TW__END),
                            r->extra == TW__EXTRA_SPRING ? r->extra_c : NULL);
}

/* SPDX-License-Identifier: MIT */
/* Springs in closed form, and the shape that keeps velocity on retarget.
 *
 * A damped spring m x'' + d x' + k (x - p1) = 0 has natural frequency
 * w0 = sqrt(k / m) and damping ratio zeta = d / (2 sqrt(k m)).  Its
 * displacement y = x - p1 from y(0) = y0 with y'(0) = v0 is
 *     y(t) = y0 A(t) + v0 B(t),
 * with A and B the responses to a unit displacement and to a unit
 * velocity, solved in closed form for each regime:
 *  - under-damped (zeta < 1), wd = w0 sqrt(1 - zeta^2):
 *      A = e^(-zeta w0 t) (cos wd t + zeta w0 / wd sin wd t),
 *      B = e^(-zeta w0 t) sin(wd t) / wd;
 *  - critically damped (zeta = 1): A = e^(-w0 t) (1 + w0 t), B = t e^(-w0 t);
 *  - over-damped (zeta > 1), roots r1 > r2 of r^2 + 2 zeta w0 r + w0^2:
 *      A = (r1 e^(r2 t) - r2 e^(r1 t)) / (r1 - r2),
 *      B = (e^(r1 t) - e^(r2 t)) / (r1 - r2).
 * Within 1e-6 of zeta = 1 the critical forms stand in (the others divide
 * by a vanishing wd or r1 - r2).  Since a value is a function of the
 * elapsed time alone, any slicing of dt gives the same values.
 *
 * Retarget keeps velocity with one more shape, h(u) = u (1 - u)^2: 0 at
 * both ends, slope 1 at 0 and 0 at 1 (see retarget.c and DESIGN.md §9);
 * and blends out an ease's jump at 0 with w(u) = (1 - u)^2 (1 + 2 u). */
#include "tween-private.h"

#include <math.h>

#define TW__CRITICAL 1e-6

void tw__spring_ab(const tw__spring *s, double t, double r[4]) {
  double w0 = s->w0, z = s->zeta;

  if (z < 1.0 - TW__CRITICAL) {
    double sg = z * w0, wd = w0 * sqrt(1.0 - z * z), e = exp(-sg * t);
    double c = cos(wd * t), sn = sin(wd * t);
    r[0] = e * (c + sg / wd * sn);
    r[1] = e * sn / wd;
    r[2] = -e * (w0 * w0 / wd) * sn; /* A' */
    r[3] = e * (c - sg / wd * sn);   /* B' */
  } else if (z > 1.0 + TW__CRITICAL) {
    double q = w0 * sqrt(z * z - 1.0), r1 = -z * w0 + q, r2 = -z * w0 - q;
    double e1 = exp(r1 * t), e2 = exp(r2 * t), dr = r1 - r2;
    r[0] = (r1 * e2 - r2 * e1) / dr;
    r[1] = (e1 - e2) / dr;
    r[2] = r1 * r2 * (e2 - e1) / dr;
    r[3] = (r1 * e1 - r2 * e2) / dr;
  } else {
    double e = exp(-w0 * t);
    r[0] = e * (1.0 + w0 * t);
    r[1] = t * e;
    r[2] = -w0 * w0 * t * e;
    r[3] = e * (1.0 - w0 * t);
  }
}

/* When a spring from |y0| <= a with |v0| <= b rests within eps: where an
 * envelope of |y| and |y'| falls to eps, solved for t.  Under- and
 * over-damped, the envelope is K e^(-lambda t); critically damped it is
 * (a + (b + w0 a) t) W (1 + w0 t) e^(-w0 t), solved by iterating
 * t = ln(...) / w0 from its start (the logarithm flattens fast). */
double tw__spring_settle(const tw__spring *s, double a, double b, double eps) {
  double w0 = s->w0, z = s->zeta, k, lambda, t;
  int i;

  if (z < 1.0 - TW__CRITICAL) {
    double sg = z * w0, wd = w0 * sqrt(1.0 - z * z);
    k = sqrt(a * a + ((b + sg * a) / wd) * ((b + sg * a) / wd)) *
        (w0 > 1.0 ? w0 : 1.0);
    lambda = sg;
  } else if (z > 1.0 + TW__CRITICAL) {
    double q = w0 * sqrt(z * z - 1.0), r1 = -z * w0 + q, r2 = -z * w0 - q;
    k = (2.0 * b + (fabs(r1) + fabs(r2)) * a) / (r1 - r2) *
        (fabs(r2) > 1.0 ? fabs(r2) : 1.0);
    lambda = -r1;
  } else {
    double w = w0 > 1.0 ? w0 : 1.0;
    if ((a + b) * w <= eps)
      return 0;
    t = 0;
    for (i = 0; i < 60; i++)
      t = log((a + (b + w0 * a) * t) * w * (1.0 + w0 * t) / eps) / w0;
    return t > 0 ? t : 0;
  }
  if (k <= eps)
    return 0;
  t = log(k / eps) / lambda;
  return t > 0 ? t : 0;
}

double tw__retarget_h(double u, double *dh) {
  double v = 1.0 - u;

  if (dh != NULL)
    *dh = v * v - 2.0 * u * v;
  return u * v * v;
}

double tw__retarget_w(double u, double *dw) {
  double v = 1.0 - u;

  if (dw != NULL)
    *dw = -6.0 * u * v;
  return v * v * (1.0 + 2.0 * u);
}

/* SPDX-License-Identifier: MIT */
/* Paths for vec2 and vec3 tweens: linear, centripetal Catmull-Rom, cubic
 * Bezier; open or closed; parametrised uniformly by segment, or by arc
 * length through a table built once (TW__PATH_SAMPLES chords a segment).
 * Pure functions of the points (tw__choreo, choreo.h): the same fraction
 * gives the same point, and the fractions 0 and 1 give the first and the
 * last point (the first again, closed) exactly. */
#include "tween-private.h"

#include <math.h>

size_t tw__path_segments(const tw__choreo *x) {
  size_t n = x->npts;

  if (x->path == 1 + TW_PATH_BEZIER)
    return x->closed ? n / 3 : (n - 1) / 3;
  return x->closed ? n : n - 1;
}

/* Point i (wrapped for a closed path); an open path's missing neighbours
 * (i = -1 and n) are mirrored, as Catmull-Rom ends want. */
static void pt(const tw__choreo *x, long i, double p[3]) {
  long n = (long)x->npts;
  unsigned c;

  if (x->closed) {
    i = ((i % n) + n) % n;
  } else if (i < 0 || i >= n) {
    long a = i < 0 ? 0 : n - 1, b = i < 0 ? 1 : n - 2;
    for (c = 0; c < x->dims; c++)
      p[c] = 2.0 * x->pts[a * x->dims + c] - x->pts[b * x->dims + c];
    return;
  }
  for (c = 0; c < x->dims; c++)
    p[c] = x->pts[(size_t)i * x->dims + c];
}

static double dist(const double *a, const double *b, unsigned dims) {
  double d = 0;
  unsigned c;

  for (c = 0; c < dims; c++)
    d += (b[c] - a[c]) * (b[c] - a[c]);
  return sqrt(d);
}

/* The knot steps of centripetal Catmull-Rom, the square roots of the
 * distances: never below a millionth of the largest (nor 1e-12), so that a
 * repeated point far from 0 still makes steps that its knots can tell
 * apart (t1 + 1e-12 is t1 past 1e4). */
static void knots(const double p[4][3], unsigned dims, double k[3]) {
  double big = 0, low;
  unsigned i;

  for (i = 0; i < 3; i++) {
    k[i] = sqrt(dist(p[i], p[i + 1], dims));
    big = k[i] > big ? k[i] : big;
  }
  low = big * 1e-6 > 1e-12 ? big * 1e-6 : 1e-12;
  for (i = 0; i < 3; i++)
    k[i] = k[i] > low ? k[i] : low;
}

/* Segment k at u in [0, 1] (Barry and Goldman's pyramid for Catmull-Rom). */
static void seg_at(const tw__choreo *x, size_t k, double u, double out[3]) {
  double p[4][3], k3[3], t1, t2, t3, t;
  unsigned c, i;
  int kind = x->path - 1;

  if (kind == TW_PATH_BEZIER) {
    double v = 1.0 - u;
    for (i = 0; i < 4; i++)
      pt(x, (long)(3 * k + i), p[i]);
    for (c = 0; c < x->dims; c++)
      out[c] = v * v * v * p[0][c] + 3 * v * v * u * p[1][c] +
               3 * v * u * u * p[2][c] + u * u * u * p[3][c];
    return;
  }
  if (kind == TW_PATH_LINEAR) {
    pt(x, (long)k, p[0]);
    pt(x, (long)k + 1, p[1]);
    for (c = 0; c < x->dims; c++)
      out[c] = p[0][c] + (p[1][c] - p[0][c]) * u;
    return;
  }
  for (i = 0; i < 4; i++)
    pt(x, (long)k - 1 + (long)i, p[i]);
  knots((const double(*)[3])p, x->dims, k3);
  t1 = k3[0];
  t2 = t1 + k3[1];
  t3 = t2 + k3[2];
  t = t1 + u * (t2 - t1);
  for (c = 0; c < x->dims; c++) {
    double a1 = ((t1 - t) * p[0][c] + t * p[1][c]) / t1;
    double a2 = ((t2 - t) * p[1][c] + (t - t1) * p[2][c]) / (t2 - t1);
    double a3 = ((t3 - t) * p[2][c] + (t - t2) * p[3][c]) / (t3 - t2);
    double b1 = ((t2 - t) * a1 + t * a2) / t2;
    double b2 = ((t3 - t) * a2 + (t - t1) * a3) / (t3 - t1);
    out[c] = ((t2 - t) * b1 + (t - t1) * b2) / (t2 - t1);
  }
}

void tw__path_table(tw__choreo *x) {
  size_t nseg = tw__path_segments(x), k, j, i = 0;
  double prev[3], cur[3];

  x->arc[0] = 0;
  seg_at(x, 0, 0, prev);
  for (k = 0; k < nseg; k++)
    for (j = 1; j <= TW__PATH_SAMPLES; j++) {
      seg_at(x, k, (double)j / TW__PATH_SAMPLES, cur);
      x->arc[i + 1] = x->arc[i] + dist(prev, cur, x->dims);
      memcpy(prev, cur, sizeof prev);
      i++;
    }
  x->narc = i + 1;
}

/* The segment and its parameter at fraction e in (0, 1). */
static void locate(const tw__choreo *x, double e, size_t *k, double *u) {
  size_t nseg = tw__path_segments(x), lo = 0, hi;
  double g;

  if (x->constant && x->arc[x->narc - 1] > 0) {
    double want = e * x->arc[x->narc - 1], a, b;
    hi = x->narc - 1;
    while (hi - lo > 1) { /* arc[lo] <= want < arc[hi] */
      size_t mid = lo + (hi - lo) / 2;
      if (x->arc[mid] <= want)
        lo = mid;
      else
        hi = mid;
    }
    a = x->arc[lo];
    b = x->arc[lo + 1];
    g = ((double)lo + (b > a ? (want - a) / (b - a) : 0)) / TW__PATH_SAMPLES;
  } else {
    g = e * (double)nseg;
  }
  *k = (size_t)g;
  if (*k >= nseg)
    *k = nseg - 1;
  *u = g - (double)*k;
  if (*u > 1)
    *u = 1;
}

void tw__path_at(const tw__choreo *x, double e, double out[3]) {
  size_t k;
  double u;

  if (!(e > 0)) {
    pt(x, 0, out);
    return;
  }
  if (!(e < 1)) {
    pt(x, x->closed ? 0 : (long)x->npts - 1, out);
    return;
  }
  locate(x, e, &k, &u);
  seg_at(x, k, u, out);
}

void tw__path_value(const tw_manager *m, const tw__tween *t, void *out,
                    double e) {
  const tw__choreo *x = t->rec->ch;
  double p[3];
  float f[3];
  unsigned c;

  (void)m;
  tw__path_at(x, e, p);
  for (c = 0; c < x->dims; c++) /* a curve may swing past the points */
    f[c] = (float)tw__saturate(p[c], FLT_MAX);
  memcpy(out, f, x->dims * sizeof(float));
}

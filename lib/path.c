/* SPDX-License-Identifier: MIT */
/* Paths for vec2 and vec3 tweens: linear, centripetal Catmull-Rom, cubic
 * Bezier; open or closed; parametrised uniformly by segment, or by arc
 * length through a table built once (TW__PATH_SAMPLES chords a segment).
 * Pure functions of the points (tw__choreo, choreo.h): the same fraction
 * gives the same point, and the fractions 0 and 1 give the first and the
 * last point (the first again, closed) exactly. */
#include "tween-private.h"

#include <math.h>

size_t tw__path_nseg(int kind, int closed, size_t n) {
  if (kind == TW_PATH_BEZIER)
    return closed ? n / 3 : (n - 1) / 3;
  return closed ? n : n - 1;
}

size_t tw__path_segments(const tw__choreo *x) {
  return tw__path_nseg(x->path - 1, x->closed, x->npts);
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

static int same(const double *a, const double *b, unsigned dims) {
  unsigned c;

  for (c = 0; c < dims; c++)
    if (a[c] != b[c])
      return 0;
  return 1;
}

/* The points that shape segment k (4 for Bezier and Catmull-Rom, 2 for
 * linear), into p; their count. */
static unsigned seg_points(const tw__choreo *x, size_t k, double p[4][3]) {
  int kind = x->path - 1;
  unsigned i;

  if (kind == TW_PATH_BEZIER) {
    for (i = 0; i < 4; i++)
      pt(x, (long)(3 * k + i), p[i]);
    return 4;
  }
  if (kind == TW_PATH_LINEAR) {
    pt(x, (long)k, p[0]);
    pt(x, (long)k + 1, p[1]);
    return 2;
  }
  for (i = 0; i < 4; i++)
    pt(x, (long)k - 1 + (long)i, p[i]);
  return 4;
}

/* Whether segment k stands still: the points it runs between (and, for
 * Bezier, its controls) are one point. */
static int seg_still(const tw__choreo *x, const double p[4][3]) {
  switch (x->path - 1) {
  case TW_PATH_BEZIER:
    return same(p[0], p[1], x->dims) && same(p[0], p[2], x->dims) &&
           same(p[0], p[3], x->dims);
  case TW_PATH_LINEAR:
    return same(p[0], p[1], x->dims);
  default:
    return same(p[1], p[2], x->dims);
  }
}

/* Segment k at u in [0, 1] into out, and its derivative by u into d (may
 * be NULL): Bernstein's form for Bezier, Barry and Goldman's pyramid for
 * Catmull-Rom, differentiated level by level.  A Catmull-Rom segment
 * between one point twice stands on it (its knots, kept apart, would make
 * it loop a millionth of the path around it). */
static void seg_eval(const tw__choreo *x, size_t k, double u, double out[3],
                     double d[3]) {
  double p[4][3], k3[3], t1, t2, t3, t;
  unsigned c;
  int kind = x->path - 1;

  seg_points(x, k, p);
  if (kind == TW_PATH_BEZIER) {
    double v = 1.0 - u;
    for (c = 0; c < x->dims; c++) {
      out[c] = v * v * v * p[0][c] + 3 * v * v * u * p[1][c] +
               3 * v * u * u * p[2][c] + u * u * u * p[3][c];
      if (d != NULL)
        d[c] =
            3 * (v * v * (p[1][c] - p[0][c]) + 2 * u * v * (p[2][c] - p[1][c]) +
                 u * u * (p[3][c] - p[2][c]));
    }
    return;
  }
  if (kind == TW_PATH_LINEAR) {
    for (c = 0; c < x->dims; c++) {
      out[c] = p[0][c] + (p[1][c] - p[0][c]) * u;
      if (d != NULL)
        d[c] = p[1][c] - p[0][c];
    }
    return;
  }
  if (same(p[1], p[2], x->dims)) {
    for (c = 0; c < x->dims; c++) {
      out[c] = p[1][c];
      if (d != NULL)
        d[c] = 0;
    }
    return;
  }
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
    if (d != NULL) {
      double da1 = (p[1][c] - p[0][c]) / t1;
      double da2 = (p[2][c] - p[1][c]) / (t2 - t1);
      double da3 = (p[3][c] - p[2][c]) / (t3 - t2);
      double db1 = (a2 - a1 + (t2 - t) * da1 + t * da2) / t2;
      double db2 = (a3 - a2 + (t3 - t) * da2 + (t - t1) * da3) / (t3 - t1);
      /* dC/dt, times dt/du */
      d[c] = b2 - b1 + (t2 - t) * db1 + (t - t1) * db2;
    }
  }
}

static void seg_at(const tw__choreo *x, size_t k, double u, double out[3]) {
  seg_eval(x, k, u, out, NULL);
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

/* The length of v. */
static double norm(const double *v, unsigned dims) {
  double z[3] = {0, 0, 0};

  return dist(z, v, dims);
}

int tw__path_tangent(const tw__choreo *x, double e, double out[3]) {
  double p[4][3], at[3], d[3], big = 0, len;
  size_t k;
  unsigned c, i, np;
  double u;

  if (!(e > 0)) {
    k = 0;
    u = 0;
  } else if (!(e < 1)) {
    k = tw__path_segments(x) - 1;
    u = 1;
  } else {
    locate(x, e, &k, &u);
  }
  /* at constant speed no time is spent on a segment that stands still:
   * at the ends too, the way is that of the nearest that moves */
  while (x->constant && !(e > 0) && k + 1 < tw__path_segments(x) &&
         !(x->arc[(k + 1) * TW__PATH_SAMPLES] > 0))
    k++;
  while (x->constant && !(e < 1) && k > 0 &&
         !(x->arc[k * TW__PATH_SAMPLES] < x->arc[x->narc - 1]))
    k--;
  np = seg_points(x, k, p);
  memset(out, 0, 3 * sizeof *out);
  if (seg_still(x, (const double(*)[3])p))
    return 0;
  for (i = 0; i < np; i++)
    for (c = 0; c < x->dims; c++)
      big = fabs(p[i][c]) > big ? fabs(p[i][c]) : big;
  seg_eval(x, k, u, at, d);
  if (!(norm(d, x->dims) > 1e-9 * big)) {
    /* a stop within a moving segment (a Bezier control on its point, a
     * cusp): the way it leaves, or at the end the way it arrives */
    if (x->path - 1 == TW_PATH_BEZIER) {
      double v = 1.0 - u;
      for (c = 0; c < x->dims; c++) /* the second derivative, over 6 */
        d[c] = v * (p[2][c] - 2 * p[1][c] + p[0][c]) +
               u * (p[3][c] - 2 * p[2][c] + p[1][c]);
      if (u >= 1)
        for (c = 0; c < x->dims; c++)
          d[c] = -d[c];
      if (!(norm(d, x->dims) > 1e-9 * big))
        for (c = 0; c < x->dims; c++) /* the third, over 6 */
          d[c] = p[3][c] - 3 * p[2][c] + 3 * p[1][c] - p[0][c];
    } else {
      double h[3];
      seg_at(x, k, u < 0.5 ? u + 1e-3 : u - 1e-3, h);
      for (c = 0; c < x->dims; c++)
        d[c] = u < 0.5 ? h[c] - at[c] : at[c] - h[c];
    }
  }
  len = norm(d, x->dims);
  if (!(len > 1e-9 * big))
    return 0;
  for (c = 0; c < x->dims; c++)
    out[c] = d[c] / len;
  return 1;
}

void tw__path_value(const tw_manager *m, const tw__tween *t, void *out,
                    double e) {
  const tw__choreo *x = tw__rec(m, t)->ch;
  double p[3];
  float f[3];
  unsigned c;

  (void)m;
  tw__path_at(x, e, p);
  for (c = 0; c < x->dims; c++) /* a curve may swing past the points */
    f[c] = (float)tw__saturate(p[c], FLT_MAX);
  memcpy(out, f, x->dims * sizeof(float));
}

/* SPDX-License-Identifier: MIT */
/* The reference model: see model.h.  Written from include/tween.h,
 * DESIGN.md and the top comments of lib/, not from lib/'s code; where those
 * say how a number is computed (elapsed in double, float lerp, the snap to
 * boundaries), the model computes it the same way, so that the tests can
 * compare values exactly. */
#include "model.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* tw__ease, from lib/tween-private.h: the eases other than Linear and
 * OutQuad (see model.h); and beside it their slopes and where they start
 * just after 0, for retarget. */
double tw__ease(int ease, double time, double duration, double overshoot,
                double period);
double tw__ease_slope(int ease, double time, double duration, double overshoot,
                      double period, int before);
double tw__ease_in(int ease, double x, double time, double duration,
                   double overshoot, double period);
double tw__ease_origin(int ease, double duration, double overshoot,
                       double period);

/* tw__span and tw__saturate, lib/numbers.h's arithmetic of saturated
 * sums, which retarget's term uses (see value_at). */
#include "numbers.h"

/* tw__path_table and tw__path_at, from lib/floors.h: a path's point at a
 * fraction (see model.h), pure functions of the tw__choreo of
 * lib/choreo.h, of which they read the points and the kind only. */
#include "choreo.h"
void tw__path_table(tw__choreo *x);
void tw__path_at(const tw__choreo *x, double e, double out[3]);

/* The pure spring functions of lib/floors.h (see model.h), on
 * lib/tween-private.h's tw__spring (w0, zeta, v0, eps): tw__spring_make
 * (w0 and zeta from k, d and m, held in range), tw__spring_ab (the unit
 * responses A and B and their slopes at a time), and the settling times
 * tw__spring_settle (along the way) and tw__spring_between (per
 * component, from two values and a velocity vector). */
#include "tween-private.h"

/* tw__wobble_at, from lib/floors.h, for a shake's random factors (see
 * model.h): a pure function of a tw__choreo, the float count and the start
 * value. */
void tw__wobble_at(const tw__choreo *x, unsigned n, const float *s, void *out,
                   double e);

#define TM_OVERSHOOT 1.70158 /* DOTween's default, tween.h's eases */

/* The built-in value types, one row each, at tween.h's ids (lib/types.c
 * keeps the library's): the size of a value, what it is made of, its
 * float components, and whether a punch or shake takes it.  Every branch
 * of the model on a type reads this (tm_kind); a registered type is bytes
 * that the model only keeps. */
enum { TM_NONE, TM_FLOATS, TM_DOUBLE, TM_INT, TM_BYTES };
typedef struct tm_type_row {
  size_t size;
  unsigned char kind, floats, wobbles;
} tm_type_row;
static const tm_type_row tm_types[TW_TYPE_RGBA8 + 1] = {
    {0, TM_NONE, 0, 0},
    {sizeof(float), TM_FLOATS, 1, 1},
    {sizeof(double), TM_DOUBLE, 0, 0},
    {sizeof(int), TM_INT, 0, 0},
    {sizeof(tw_vec2), TM_FLOATS, 2, 1},
    {sizeof(tw_vec3), TM_FLOATS, 3, 1},
    {sizeof(tw_vec4), TM_FLOATS, 4, 1},
    {sizeof(tw_color), TM_FLOATS, 4, 0},
    {0, TM_NONE, 0, 0}, /* 8: no type */
    {sizeof(tw_rgba8), TM_BYTES, 0, 0},
};

/* What a value of the type is made of: TM_NONE for a registered type. */
static int tm_kind(int type) {
  return type > 0 && type <= TW_TYPE_RGBA8 ? tm_types[type].kind : TM_NONE;
}

/* A double or an int: a value of one number. */
static int tm_number(int type) {
  return tm_kind(type) == TM_DOUBLE || tm_kind(type) == TM_INT;
}

static unsigned components(int type, const void *v, double out[4]);

/* A double's or an int's number, v, written into out: an int's rounded
 * half up, saturated. */
static void put_number(int type, void *out, double v) {
  int k;

  if (tm_kind(type) == TM_DOUBLE) {
    memcpy(out, &v, sizeof v);
    return;
  }
  v = floor(v + 0.5);
  k = v >= (double)INT_MAX ? INT_MAX : v <= (double)INT_MIN ? INT_MIN : (int)v;
  memcpy(out, &k, sizeof k);
}

/* A time a call takes, as the header's "Times" paragraph says: finite and
 * not negative; -0.0 is 0 (made +0.0 here, so that no query answers it). */
static int time_in(double *d) {
  if (!(isfinite(*d) && *d >= 0))
    return 0;
  if (*d == 0)
    *d = 0.0;
  return 1;
}

/* the live array */

/* Index of the tween of serial s among the n of a (in serial order), or
 * -1. */
static int serial_index(const tm_tween *a, int n, int s) {
  int lo = 0, hi = n;

  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid].serial < s)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && a[lo].serial == s ? lo : -1;
}

/* Index of the live tween s, or -1. */
static int index_of(const tm_model *m, int s) {
  return serial_index(m->tw, m->n, s);
}

/* Index of the first live tween created after s (m->n if none). */
static int index_after(const tm_model *m, int s) {
  int lo = 0, hi = m->n;

  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (m->tw[mid].serial <= s)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Index of the child s of a sequence in m->kids, or -1. */
static int kid_index(const tm_model *m, int s) {
  return serial_index(m->kids, m->nkids, s);
}

/* Room for one more tween in the array *a of n, *cap long. */
static void room_for_one(tm_tween **a, int n, int *cap) {
  if (n == *cap) {
    int ncap = *cap < 16 ? 16 : *cap * 2;
    tm_tween *b = realloc(*a, (size_t)ncap * sizeof *b);
    if (b == NULL)
      abort();
    *a = b;
    *cap = ncap;
  }
}

/* The live tween s, in the array or a child of a sequence, or NULL. */
static tm_tween *find(tm_model *m, int s) {
  int i = index_of(m, s);

  if (i < 0)
    return (i = kid_index(m, s)) < 0 ? NULL : &m->kids[i];
  return &m->tw[i];
}

const tm_tween *tm_find(const tm_model *m, int s) {
  return find((tm_model *)m, s);
}

/* the sequence block's, at the end */
static int seq_write(tm_model *m, int s, double e);
static int seq_cross_loops(tm_model *m, int s, int done_old, int n);
static void seq_kill_tree(tm_model *m, tm_tween *dead);
static void kid_kill(tm_model *m, int s);

void tm_init(tm_model *m, size_t max_tweens) {
  int t;

  memset(m, 0, sizeof *m);
  for (t = TW_TYPE_FLOAT; t <= TW_TYPE_RGBA8; t++)
    m->types[t].size = tm_types[t].size;
  m->ntypes = TW_TYPE_FIRST_CUSTOM;
  m->timescale = 1.0;
  m->max_tweens = max_tweens;
}

int tm_register_type(tm_model *m, size_t size, tw_lerp_fn lerp, void *ud,
                     int *out_type) {
  if (size == 0 || size > TM_VALUE_MAX || lerp == NULL || out_type == NULL ||
      m->ntypes >= TM_TYPES)
    return TW_EINVAL;
  m->types[m->ntypes].size = size;
  m->types[m->ntypes].lerp = lerp;
  m->types[m->ntypes].ud = ud;
  *out_type = m->ntypes++;
  return 0;
}

static int type_ok(const tm_model *m, int type) {
  return type > 0 && type < TM_TYPES && m->types[type].size != 0;
}

/* values */

/* Between finite ends, a finite value (include/tween.h): where the type
 * cannot hold b - a or the result, in double, saturated at +-max (see
 * lib/numbers.h). */
static double far_lerp(double a, double b, double e, double max) {
  double v = a + (b - a) * e;

  if (!isfinite(v))
    v = a * (1.0 - e) + b * e;
  if (isnan(v))
    v = (e > 1.0) == (b > a) ? max : -max;
  return v > max ? max : v < -max ? -max : v;
}

static void lerp(const tm_model *m, int type, void *out, const void *a,
                 const void *b, double e) {
  size_t size = m->types[type].size;

  if (m->types[type].lerp != NULL) {
    m->types[type].lerp(out, a, b, e, m->types[type].ud);
    return;
  }
  /* built-ins copy their ends exactly (lib/types.c) */
  if (e == 0.0 || e == 1.0) {
    memcpy(out, e == 0.0 ? a : b, size);
    return;
  }
  if (tm_kind(type) == TM_DOUBLE) {
    double x, y, v;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    v = x + (y - x) * e;
    if (!isfinite(v))
      v = far_lerp(x, y, e, DBL_MAX);
    memcpy(out, &v, sizeof v);
  } else if (tm_kind(type) == TM_INT) {
    int x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    put_number(type, out, (double)x + ((double)y - (double)x) * e);
  } else if (tm_kind(type) == TM_BYTES) {
    /* per channel in float, rounded half up, clamped to 0..255 */
    const unsigned char *x = a, *y = b;
    unsigned char *v = out;
    size_t i;
    for (i = 0; i < 4; i++) {
      float c = (float)x[i] + ((float)y[i] - (float)x[i]) * (float)e;
      double r = floor((double)c + 0.5);
      v[i] = r > 255 ? 255 : r > 0 ? (unsigned char)r : 0;
    }
  } else { /* float components, in float */
    float x[4], y[4], v[4], f = (float)e;
    size_t i;
    memcpy(x, a, size);
    memcpy(y, b, size);
    for (i = 0; i < size / sizeof(float); i++) {
      v[i] = x[i] + (y[i] - x[i]) * f;
      if (!isfinite(v[i]))
        v[i] = (float)far_lerp(x[i], y[i], e, FLT_MAX);
    }
    memcpy(out, v, size);
  }
}

/* tween.h: an eased fraction that is NaN counts as 0, one beyond +-1e18
 * as +-1e18 (an elastic ease over 5e-324 s is NaN at 0). */
static double fraction_in(double e) {
  if (e != e)
    return 0.0;
  return e > TM_FRACTION_MAX    ? TM_FRACTION_MAX
         : e < -TM_FRACTION_MAX ? -TM_FRACTION_MAX
                                : e;
}

/* Ease e at pos of d: its fraction tw__frac(pos, d), a float's where the
 * fractions are floats, but a sequence's (seq) e / d, whose eased fraction
 * is a time of its timeline; the ease's row given it (tw__ease_in) short
 * of the end. */
static double ease_of(int e, double pos, double d, int seq, double a,
                      double p) {
  double x = seq ? pos / d : tw__frac(pos, d);

  switch (e) {
  case TW_EASE_LINEAR:
    return x;
  case TW_EASE_OUT_QUAD: /* the library's single-precision form there */
    return TW__FLOAT_EASES ? tw__out_quad_f(x) : x * (2.0 - x);
  default:
    if (TW__FLOAT_FRACTIONS && seq && d > 0 && pos < d)
      return fraction_in(tw__ease_in(e, x, pos, d, a, p));
    return fraction_in(tw__ease(e, pos, d, a, p));
  }
}

/* A spring's tw__spring. */
static void spring_get(const tm_tween *t, tw__spring *s) {
  s->w0 = t->sp_w0;
  s->zeta = t->sp_zeta;
  s->v0 = t->sp_v0;
  s->eps = t->sp_eps;
}

static void spring_put(tm_tween *t, const tw__spring *s) {
  t->sp_w0 = s->w0;
  t->sp_zeta = s->zeta;
  t->sp_v0 = s->v0;
  t->sp_eps = s->eps;
}

/* A spring's fraction at pos, from include/tween.h: its displacement from
 * the end y0 A(t) + v0 B(t), in units of the way, starts a whole way
 * before it (y0 = -1) with the velocity along the way v0 (in distances
 * per second); the fraction is 1 plus it, and exactly 1 once it has
 * settled (pos at the duration, its settling time).  (Summed left to
 * right, as the library does, so that values compare exactly.) */
static double spring_fraction(const tm_tween *t, double pos, double d) {
  tw__spring s;
  double r[4];

  if (pos >= d)
    return 1.0;
  spring_get(t, &s);
  tw__spring_ab(&s, pos, r);
  return fraction_in(1.0 - r[0] + t->sp_v0 * r[1]);
}

static double ease(const tm_tween *t, double pos, double d) {
  if (t->ease == TM_EASE_SPRING)
    return spring_fraction(t, pos, d);
  return ease_of(t->ease, pos, d, t->seq, t->overshoot, t->period);
}

/* A time that a huge time scale made too large: DBL_MAX. */
static double sat(double x) { return x > DBL_MAX ? DBL_MAX : x; }

/* All loops, and the waits between them. */
static double total_time(const tm_tween *t) {
  if (t->loops < 0)
    return HUGE_VAL;
  if (t->loop_delay == 0)
    return t->duration * (double)t->loops;
  return sat(t->duration * (double)t->loops +
             t->loop_delay * (double)(t->loops - 1));
}

/* From a loop's start to the next one's. */
static double period(const tm_tween *t) {
  return t->loops == 1 ? t->duration : sat(t->duration + t->loop_delay);
}

/* The loop (0-based) elapsed time e is in, and the position in it; within
 * TM_SNAP (relative) of a boundary counts as past it. */
static void locate(const tm_tween *t, double e, double *k, double *pos) {
  double d = t->duration, p = period(t), q, f;

  if (t->loops > 0 && e >= total_time(t)) {
    *k = (double)t->loops - 1;
    *pos = d;
    return;
  }
  if (p <= 0) {
    *k = 0;
    *pos = 0;
    return;
  }
  q = e / p;
  f = floor(q);
  if (f + 1.0 - q <= TM_SNAP)
    f += 1.0;
  if (t->loops > 0 && f >= (double)t->loops) { /* the end, not a new loop */
    *k = (double)t->loops - 1;
    *pos = d;
    return;
  }
  *k = f;
  /* past 2^52 loops, the exact remainder; in the wait, the loop's end */
  *pos = q < 4503599627370496.0 ? e - f * p : fmod(e, p);
  if (*pos < 0)
    *pos = 0;
  else if (*pos > d)
    *pos = d;
}

/* Loops finished at elapsed e.  A zero-duration tween finishes all its
 * loops at once, when it completes. */
static int loops_done(const tm_tween *t, double e) {
  double k, pos;

  if (period(t) <= 0)
    return t->complete ? t->loops : 0;
  if (t->loops > 0 && e >= total_time(t))
    return t->loops;
  locate(t, e, &k, &pos);
  return k < (double)INT_MAX ? (int)k : INT_MAX;
}

/* The interpolation fraction in loop k at position pos. */
static double fraction(const tm_tween *t, double k, double pos) {
  int back = t->loop_type == TW_LOOP_YOYO && fmod(k, 2.0) != 0.0;
  double d = t->duration, e;

  if (d <= 0)
    e = back ? 0.0 : 1.0;
  else if (back && t->yoyo_ease >= 0) /* its own ease, end to start */
    e = pos >= d ? 0.0
                 : 1.0 - ease_of(t->yoyo_ease, pos, d, t->seq, t->overshoot,
                                 t->period);
  else
    e = ease(t, back ? d - pos : pos, d);
  if (t->loop_type == TW_LOOP_INCREMENTAL) {
    e += k; /* clamped as the library clamps fractions */
    e = e > TM_FRACTION_MAX ? TM_FRACTION_MAX : e;
  }
  return e;
}

/* The fraction at the start, where a rewind (or a goto to 0) puts a
 * tween: that of position 0 of loop 0, and for a tween of 0 s its start
 * value, whose end comes only with its instant (tween.h: it "goes back to
 * its start"). */
static double start_fraction(const tm_tween *t) {
  return t->duration > 0 ? fraction(t, 0, 0) : 0.0;
}

/* The fraction where the tween stands: the start once rewound, the end
 * once complete. */
static double now_fraction(const tm_tween *t) {
  double k, pos;

  if (t->elapsed <= 0 && !t->complete)
    return start_fraction(t);
  locate(t, t->elapsed, &k, &pos);
  return fraction(t, k, pos);
}

/* elapsed + dt; a looping tween sums with Kahan's compensation, through
 * memory at each step so that excess precision cannot change it. */
static double add_time(tm_tween *t, double dt, double *c) {
  volatile double y, sum;

  if (t->loops == 1 && t->loop_type == TW_LOOP_RESTART) {
    *c = 0;
    return sat(t->elapsed + dt);
  }
  y = dt - t->elapsed_c;
  sum = t->elapsed + y;
  *c = (sum - t->elapsed) - y;
  return sat(sum);
}

/* callbacks */

/* Runs t's callback for ev, if any; 1 if s lives after it. */
static int fire(tm_model *m, int s, int ev) {
  tm_tween *t = find(m, s);
  tm_callback fn = t->cb[ev];

  if (fn == NULL || m->quiet > 0)
    return 1;
  m->depth++;
  fn(m, s, t->cb_ud[ev]);
  m->depth--;
  return find(m, s) != NULL;
}

/* Whether a control moved t since its move counter read `moves`. */
static int moved(const tm_tween *t, unsigned moves) {
  return t->moves != moves;
}

/* fire, and 1 only if s lives and no callback moved its time. */
static int fire_step(tm_model *m, int s, int ev, unsigned moves) {
  if (moved(find(m, s), moves))
    return 0; /* a setter moved it: the move won */
  return fire(m, s, ev) && !moved(find(m, s), moves);
}

static void free_path(void *p) {
  tw__choreo *x = p;

  if (x == NULL)
    return;
  free(x->pts);
  free(x->arc);
  free(x);
}

/* Removes s now, then runs its KILL callback (the serial already stale). */
static void kill_now(tm_model *m, int s) {
  int i = index_of(m, s);
  tm_callback fn;
  void *ud;
  tm_tween dead;

  if (i < 0) { /* a child of a sequence, alone (its setter failed) */
    kid_kill(m, s);
    return;
  }
  fn = m->tw[i].cb[TW_ON_KILL];
  ud = m->tw[i].cb_ud[TW_ON_KILL];
  dead = m->tw[i];
  free_path(m->tw[i].path);
  memmove(&m->tw[i], &m->tw[i + 1], (size_t)(m->n - i - 1) * sizeof *m->tw);
  m->n--;
  if (dead.seq) /* its children first, each KILL once */
    seq_kill_tree(m, &dead);
  if (fn != NULL) {
    m->depth++;
    fn(m, s, ud);
    m->depth--;
  }
}

/* Writes the value at fraction e; 1 if s lives after it (a failing setter
 * kills its tween). */
/* One number snapped: the nearest multiple of step (half away from zero),
 * or the start or end value when the multiple is within 1e-9 step of it;
 * x itself when the multiple is not finite. */
static double snap_number(double x, double a, double b, double step) {
  double r = round(x / step) * step;

  if (r - r != 0)
    return x;
  if (fabs(r - b) <= step * 1e-9)
    return b;
  if (fabs(r - a) <= step * 1e-9)
    return a;
  return r;
}

/* tw_set_snap on a built-in value of float components, a double or an
 * int. */
static void snap(int type, void *v, const void *a, const void *b, double step) {
  if (tm_number(type)) {
    double x[4], y[4], z[4];
    components(type, v, x);
    components(type, a, y);
    components(type, b, z);
    put_number(type, v, snap_number(x[0], y[0], z[0], step));
  } else {
    float x[4], y[4], z[4];
    size_t i, n = tm_types[type].floats;
    memcpy(x, v, n * sizeof(float));
    memcpy(y, a, n * sizeof(float));
    memcpy(z, b, n * sizeof(float));
    for (i = 0; i < n; i++) { /* no float multiple: as it is */
      double r = snap_number(x[i], y[i], z[i], step);
      x[i] = fabs(r) <= FLT_MAX ? (float)r : x[i];
    }
    memcpy(v, x, n * sizeof(float));
  }
}

/* Retarget's velocity term.  include/tween.h promises continuity of value
 * and velocity and exact ends, which tests/test_retarget.c checks; the
 * model computes the term with the formula of DESIGN.md section 9 as
 * lib/retarget.c's top comment writes it (g(t) = t (1 - u)^2, w(u) =
 * (1 - u)^2 (1 + 2 u), c = v0 - (end - start) e'(0) / d, the velocity read
 * off the tween's motion, 0 where it stands, and no velocity kept where a
 * slope is infinite), with the ease slopes of the library's tw__ease_slope
 * (re-deriving them would only test a copy, as for tw__ease), so that its
 * values can still be compared exactly; what the model checks is all that
 * surrounds it: who is retargeted when, from where, towards what, and what
 * every later control does with it. */

/* The components of a built-in numeric value; 0 for bytes (RGBA8) and
 * registered types, which keep their value only. */
static unsigned components(int type, const void *v, double out[4]) {
  unsigned i, n;

  if (tm_kind(type) == TM_DOUBLE) {
    memcpy(&out[0], v, sizeof out[0]);
    return 1;
  }
  if (tm_kind(type) == TM_INT) {
    int x;
    memcpy(&x, v, sizeof x);
    out[0] = (double)x;
    return 1;
  }
  if (tm_kind(type) != TM_FLOATS)
    return 0;
  n = tm_types[type].floats;
  for (i = 0; i < n; i++) {
    float f;
    memcpy(&f, (const char *)v + i * sizeof f, sizeof f);
    out[i] = f;
  }
  return n;
}

/* A value whose components are all finite (tween.h: a NaN or infinite
 * one is refused); bytes and registered types are not read. */
static int finite_value(int type, const void *v) {
  double c[4];
  unsigned i, n = components(type, v, c);

  for (i = 0; i < n; i++)
    if (!isfinite(c[i]))
      return 0;
  return 1;
}

static float lerp_float(float a, float b, double e) {
  float v;

  if (e == 1.0 || e == 0.0)
    return e == 1.0 ? b : a;
  v = a + (b - a) * (float)e;
  return isfinite(v) ? v : (float)far_lerp(a, b, e, FLT_MAX);
}

static double lerp_double(double a, double b, double e) {
  double v;

  if (e == 1.0 || e == 0.0)
    return e == 1.0 ? b : a;
  v = a + (b - a) * e;
  return isfinite(v) ? v : far_lerp(a, b, e, DBL_MAX);
}

/* A retargeted tween's shapes at elapsed e (lib/retarget.c's top comment):
 * g(t) = t (1 - u)^2, the blend j w(u) and the ramp r(u) = u (2 - u), and
 * their rates per second; past the end, and without a retarget, g 0, the
 * blend 0, the ramp 1.  A spring's velocity term (a velocity vector, or
 * the velocity a retarget kept) is c B(t), the spring's response to a
 * unit velocity, which tween.h's "as physics does" says: g = B, no blend,
 * no ramp. */
typedef struct tm_shapes {
  double g, dg, jw, djw, r, dr;
} tm_shapes;

static void extra_at(const tm_tween *t, double e, tm_shapes *x) {
  double d = t->duration, u, v;

  x->g = x->dg = x->jw = x->djw = x->dr = 0;
  x->r = 1;
  if (!t->extra || !(e < d) || t->extra == TM_EXTRA_ADD)
    return;
  if (t->extra == TM_EXTRA_SPRING) { /* a spring's: g = B, nothing else */
    tw__spring s;
    double r[4];
    spring_get(t, &s);
    tw__spring_ab(&s, e, r);
    x->g = r[1];
    x->dg = r[3];
    return;
  }
  u = e > 0 ? e / d : 0;
  v = 1.0 - u;
  x->g = e * v * v;
  x->dg = v * (1.0 - 3.0 * u);
  x->r = u * (2.0 - u);
  x->dr = 2.0 * v / d;
  if (t->xj != 0.0) {
    x->jw = t->xj * (v * v * (1.0 + 2.0 * u));
    x->djw = t->xj * (-6.0 * u * v) / d;
  }
}

/* Punch and shake, from include/tween.h: waypoint j (0-based) is the
 * start for j = 0 and j = segments; between, peak i = j - 1 has, per
 * component, the amount times (segments - i) / segments (a punch always,
 * a shake with fade-out), its sign alternating (+ first); a punch's
 * backward peaks are scaled by its elasticity.  A shake's every component
 * is also scaled by a factor drawn from its seed in (1 - 2 randomness /
 * 180, 1], which is 1 without randomness; with randomness, the draw is
 * the library's own (see model.h). */
static double peak(const tm_tween *t, double j, unsigned c) {
  double i = j - 1, amp = t->amount[c], s = t->segments;
  int forward = fmod(i, 2.0) == 0.0;

  if (j <= 0 || j >= s)
    return 0.0;
  if (t->wobble == 1 || t->fade_out)
    amp *= (s - i) / s;
  if (t->wobble == 1)
    return forward ? amp : -amp * t->spread;
  return forward ? amp : -amp; /* no randomness: the factor is 1 */
}

/* A shake with randomness at fraction e: the library's tw__wobble_at, for
 * the draw of its factors from the seed, which tween.h leaves to the
 * library. */
static void shake_at(const tm_tween *t, void *out, double e) {
  size_t size = tm_types[t->type].size;
  tw__choreo ch;
  float s[4];

  memcpy(s, t->start, size);
  memset(&ch, 0, sizeof ch);
  ch.wobble = 2;
  ch.fade_out = t->fade_out;
  memcpy(ch.amount, t->amount, sizeof ch.amount);
  ch.segments = t->segments;
  ch.spread = t->spread;
  ch.seed = t->seed;
  tw__wobble_at(&ch, (unsigned)(size / sizeof(float)), s, out, e);
}

/* The punch or shake at fraction e: through the segments, OutQuad within
 * each, from the start value read; outside (0, 1) the start. */
static void wobble_at(const tm_tween *t, void *out, double e) {
  unsigned n = tm_types[t->type].floats, c;
  double p = e * t->segments, j = floor(p), u = p - j, w = u * (2.0 - u);
  float s[4], v[4];

  if (t->wobble == 2 && t->spread != 0) {
    shake_at(t, out, e);
    return;
  }
  memcpy(s, t->start, n * sizeof(float));
  for (c = 0; c < n; c++) {
    double a, b;
    if (!(e > 0 && e < 1)) {
      v[c] = s[c];
      continue;
    }
    a = peak(t, j, c);
    b = peak(t, j + 1, c);
    a = (double)s[c] + a + (b - a) * w; /* saturated, as tween.h says */
    v[c] = a > FLT_MAX ? FLT_MAX : a < -FLT_MAX ? -FLT_MAX : (float)a;
  }
  memcpy(out, v, n * sizeof(float));
}

/* A path's point at fraction e, from the library's tw__path_at, in
 * float. */
static void path_value(const tm_tween *t, void *out, double e) {
  const tw__choreo *x = t->path;
  double p[3];
  float f[3];
  unsigned c;

  tw__path_at(x, e, p);
  for (c = 0; c < x->dims; c++)
    f[c] = (float)p[c];
  memcpy(out, f, x->dims * sizeof(float));
}

/* An additive retarget (lib/retarget.c's top comment, the model playing
 * forwards only): the running motion plays on, on the tween's own clock,
 * plus the difference term c0 (1 - s) + K s + w g, s(u) = u^2 (3 - 2 u),
 * g(t) = t (1 - u)^2, u the time since the retarget over its duration. */
static void add_shapes(double t, double d, double *s, double *ds, double *g,
                       double *dg) {
  double u = t > 0 ? (t < d ? t / d : 1.0) : 0.0, v = 1.0 - u;

  if (t > d)
    t = d;
  *s = u * u * (3.0 - 2.0 * u);
  *ds = d > 0 ? 6.0 * u * v / d : 0.0;
  *g = t > 0 ? t * v * v : 0.0;
  *dg = v * (1.0 - 3.0 * u);
}

/* The running motion's fraction at position pos. */
static double add_fraction(const tm_tween *t, double pos) {
  pos = pos > 0 ? (pos < t->add_d0 ? pos : t->add_d0) : 0.0;
  return t->add_d0 > 0 ? ease(t, pos, t->add_d0) : 1.0;
}

static double add_term(const tm_tween *t, unsigned k, double s, double g) {
  double a = tw__saturate(t->add_c0[k] * (1.0 - s) + t->add_k[k] * s, DBL_MAX);

  return tw__saturate(a + tw__saturate(t->xc[k] * g, DBL_MAX), DBL_MAX);
}

/* The running motion at fraction f plus add (when on), per component: a
 * float's in float, a double's and an int's in double, rounded once. */
static void add_lerp(const tm_tween *t, void *out, double f,
                     const double add[4], int on) {
  unsigned i, n;

  if (tm_number(t->type)) {
    double v = lerp_double(t->add_a[0], t->add_b[0], f);
    if (on)
      v = tw__saturate(v + add[0], DBL_MAX);
    put_number(t->type, out, v);
    return;
  }
  n = tm_types[t->type].floats;
  for (i = 0; i < n; i++) {
    float x = lerp_float((float)t->add_a[i], (float)t->add_b[i], f);
    if (on) {
      double v = (double)x + add[i];
      x = v > FLT_MAX ? FLT_MAX : v < -FLT_MAX ? -FLT_MAX : (float)v;
    }
    memcpy((char *)out + i * sizeof x, &x, sizeof x);
  }
}

static void add_value(const tm_tween *t, void *out, double e) {
  double s = 0, ds, g = 0, dg, add[4] = {0, 0, 0, 0};
  unsigned k;

  if (t->add_on) {
    add_shapes(e - t->add_t0, t->add_d, &s, &ds, &g, &dg);
    for (k = 0; k < 4; k++)
      add[k] = add_term(t, k, s, g);
  }
  add_lerp(t, out, add_fraction(t, t->add_e0 + e), add, t->add_on);
}

/* The value at fraction e: the lerp, plus the velocity term; or the punch,
 * the shake, the path. */
static void value_at(const tm_model *m, const tm_tween *t, void *out,
                     double e) {
  double c[4], y[4], v;
  unsigned i, n = components(t->type, t->start, c);
  tm_shapes x;

  if (t->wobble) {
    wobble_at(t, out, e);
    return;
  }
  if (t->path != NULL) {
    path_value(t, out, e);
    return;
  }
  if (t->extra == TM_EXTRA_ADD && t->elapsed < t->duration) {
    add_value(t, out, t->elapsed);
    return;
  }
  extra_at(t, t->elapsed, &x);
  e = (e - x.jw) * x.r; /* the fraction drawn */
  if (n == 0 || x.g == 0.0) {
    lerp(m, t->type, out, t->start, t->end, e);
    return;
  }
  components(t->type, t->end, y);
  /* finite terms, their sum saturated (tween.h: values stay finite) */
  if (tm_number(t->type)) {
    v = tw__saturate(lerp_double(c[0], y[0], e) + t->xc[0] * x.g, DBL_MAX);
    put_number(t->type, out, v);
    return;
  }
  for (i = 0; i < n; i++) {
    float f;
    v = (double)lerp_float((float)c[i], (float)y[i], e) + t->xc[i] * x.g;
    f = v > FLT_MAX ? FLT_MAX : v < -FLT_MAX ? -FLT_MAX : (float)v;
    memcpy((char *)out + i * sizeof f, &f, sizeof f);
  }
}

/* The value at fraction e, snapped (a punch or a shake ends on its start:
 * that is its end for the snap). */
static void snapped_value(const tm_model *m, const tm_tween *t, void *out,
                          double e) {
  value_at(m, t, out, e);
  if (t->snap > 0)
    snap(t->type, out, t->start, t->wobble ? t->start : t->end, t->snap);
}

/* tw_set_additive: adds to the target the change of the tween's own value
 * since its last write (its start value at its first since it started),
 * in double, component by component; a float component is written in
 * float, an int rounded as ints are. */
static void add_change(const tm_model *m, tm_tween *t, const void *v) {
  double now[4], cur[4];
  unsigned i, n;

  if (!t->primed) {
    components(t->type, t->start, t->last);
    t->primed = 1;
  }
  n = components(t->type, v, now);
  components(t->type, t->target, cur);
  for (i = 0; i < n; i++) {
    double max = tm_number(t->type) ? DBL_MAX : FLT_MAX;
    /* the others' share plus the tween's value (exact for a tween alone),
     * the other orders of the sum where a double overflows; saturated at
     * the type's largest */
    double sum = (cur[i] - t->last[i]) + now[i];
    if (!isfinite(sum))
      sum = cur[i] + (now[i] - t->last[i]);
    if (!isfinite(sum))
      sum = (cur[i] + now[i]) - t->last[i];
    if (!isfinite(sum))
      sum = (cur[i] - t->last[i]) + now[i];
    cur[i] = sum > max ? max : sum < -max ? -max : sum;
    t->last[i] = now[i];
  }
  if (tm_number(t->type)) {
    put_number(t->type, t->target, cur[0]);
  } else {
    float f[4];
    for (i = 0; i < n; i++)
      f[i] = (float)cur[i];
    memcpy(t->target, f, n * sizeof(float));
  }
  (void)m;
}

static int write_value(tm_model *m, int s, double e) {
  tm_tween *t = find(m, s);
  unsigned char v[TM_VALUE_MAX];
  int rc;

  if (t->seq) /* a sequence's fraction warps its timeline */
    return seq_write(m, s, e);
  if (m->keys) /* for tw_writer */
    t->wrote = m->pass != 0 ? m->pass_clock[m->pass - 1] : ++m->wclock;
  snapped_value(m, t, v, e);
  if (t->set == NULL) {
    if (t->additive)
      add_change(m, t, v);
    else
      memcpy(t->target, v, m->types[t->type].size);
    return 1;
  }
  m->depth++;
  rc = t->set(t->target, v);
  m->depth--;
  if (find(m, s) == NULL)
    return 0;
  if (rc != 0) {
    m->setter_failures++;
    kill_now(m, s);
    return 0;
  }
  return 1;
}

/* Whether a and b write overlapping keys: a program key is its one byte,
 * a setter tween's key its (setter, user data) pair, a pointer tween's the
 * bytes it writes. */
static int overlap(const tm_model *m, const tm_tween *a, const tm_tween *b) {
  uintptr_t a0 = (uintptr_t)(a->key != NULL ? a->key : a->target);
  uintptr_t b0 = (uintptr_t)(b->key != NULL ? b->key : b->target);
  size_t an = a->key != NULL ? 1 : a->set != NULL ? 0 : m->types[a->type].size;
  size_t bn = b->key != NULL ? 1 : b->set != NULL ? 0 : m->types[b->type].size;

  if (a->seq || b->seq) /* a sequence has no key */
    return 0;
  if (an == 0 || bn == 0)
    return an == bn && a->set == b->set && a0 == b0;
  return a0 < b0 + bn && b0 < a0 + an;
}

/* Whether the tween plays: it writes at every update of its type. */
static int plays(const tm_tween *t) {
  return t->started && t->playing && !t->complete && !t->delaying;
}

/* The library starts counting writes: those that stand still rank below
 * those that play, and creation order below that. */
static void keys_on(tm_model *m) {
  int i;

  if (m->keys)
    return;
  m->keys = 1;
  for (i = 0; i < m->n; i++)
    m->tw[i].wrote = !m->tw[i].started ? 0 : plays(&m->tw[i]) ? 2 : 1;
  m->wclock = 2;
  for (i = 0; i < 4; i++)
    m->pass_clock[i] = 2;
}

void tm_keys_on(tm_model *m) { keys_on(m); }

/* Overwrite: every older tween on the key of s dies, in creation order;
 * 1 if s lives after their KILL callbacks. */
static int overwrite(tm_model *m, int s) {
  int i;

  keys_on(m);
  for (i = 0; i < m->n && m->tw[i].serial != s;) {
    if (overlap(m, &m->tw[i], find(m, s))) {
      kill_now(m, m->tw[i].serial);
      if (find(m, s) == NULL)
        return 0;
      i = 0; /* a KILL callback may kill or create anything */
      continue;
    }
    i++;
  }
  return 1;
}

/* When a spring tween rests, from its start, its end and its velocity
 * vector (tween.h: "their amplitude together is epsilon of their start's,
 * the distance and velocity / w0 together"), the velocity along the way
 * counted in: the library's tw__spring_between. */
static double spring_rest(const tm_tween *t) {
  tw__spring s;

  spring_get(t, &s);
  return tw__spring_between(&s, t->type, t->start, t->end,
                            t->extra == TM_EXTRA_SPRING ? t->xc : NULL);
}

/* Reads the start value and fires START; 1 if s lives after it. */
/* A start read from the target (tween.h): each component not finite
 * counts as 0. */
static void clean(int type, void *v) {
  double c[4];
  unsigned i, n = components(type, v, c);
  float zero = 0;

  if (tm_number(type)) {
    if (!isfinite(c[0]))
      put_number(type, v, 0.0);
    return;
  }
  for (i = 0; i < n; i++)
    if (!isfinite(c[i]))
      memcpy((char *)v + i * sizeof zero, &zero, sizeof zero);
}

static int start(tm_model *m, int s) {
  tm_tween *t = find(m, s);
  size_t size = m->types[t->type].size;

  /* the start is read before the older tweens on its key are killed
   * (tween.h's overwrite): their KILL callbacks find it whole; while its
   * getter reads it, tm_retarget takes it for not started */
  t->started = 1;
  if (t->given) {
    /* the start was given: nothing to read */
  } else if (t->set != NULL) {
    unsigned char v[TM_VALUE_MAX];
    t->reading = 1;
    m->depth++;
    t->get(t->target, v);
    m->depth--;
    if ((t = find(m, s)) == NULL)
      return 0;
    t->reading = 0;
    memcpy(t->start, v, size);
    clean(t->type, t->start);
  } else {
    memcpy(t->start, t->target, size);
    clean(t->type, t->start);
  }
  if (t->extra == TM_EXTRA_SPRING) /* a velocity vector's spring rests in a
                                      time of the distance (tween.h) */
    t->duration = spring_rest(t);
  if (t->overwrite && !overwrite(m, s))
    return 0;
  return fire(m, s, TW_ON_START);
}

/* After completing: an auto-kill tween dies, the others pause, and PAUSE
 * fires once if it was playing when the completion began (a tw_pause
 * during the completion, on a tween already complete, is silent). */
static void finish(tm_model *m, int s, int was_playing) {
  tm_tween *t = find(m, s);

  if (t->autokill) {
    kill_now(m, s);
    return;
  }
  t->playing = 0;
  t->played = 0;
  if (was_playing)
    fire(m, s, TW_ON_PAUSE);
}

/* One tween's share of an update: dt is already scaled by the manager. */
static void step(tm_model *m, int s, double dt) {
  tm_tween *t = find(m, s);
  double old, e, total, k, c;
  int n, complete;
  double pos;
  unsigned moves;

  if (!t->playing || t->complete)
    return;
  dt = sat(dt * t->timescale);
  if (t->delaying) {
    t->delay_elapsed = sat(t->delay_elapsed + dt);
    if (t->delay_elapsed < t->delay)
      return;
    dt = t->delay_elapsed - t->delay;
    t->delay_elapsed = t->delay;
    t->delaying = 0;
  }
  if (!t->started) {
    moves = t->moves;
    if (!start(m, s))
      return;
    t = find(m, s);
    /* a START callback that paused, moved or completed it: the step stops */
    if (moved(t, moves) || t->complete || !t->playing)
      return;
  }
  if (!t->played) {
    t->played = 1;
    moves = t->moves;
    if (!fire(m, s, TW_ON_PLAY))
      return;
    t = find(m, s);
    if (moved(t, moves) || !t->playing || t->complete)
      return;
  }
  total = total_time(t);
  old = t->elapsed;
  e = add_time(t, dt, &c);
  if (t->loops > 0 && e >= total - total * TM_SNAP) {
    e = total;
    c = 0;
  }
  complete = t->loops > 0 && e >= total;
  n = loops_done(t, old);
  t->elapsed = e;
  t->elapsed_c = c;
  if (complete)
    t->complete = 1;
  n = loops_done(t, e) - n;
  moves = t->moves;
  /* a sequence ends each loop it crossed (the last one below) */
  if (t->seq && n > 0 &&
      !seq_cross_loops(m, s, loops_done(t, e) - n, complete ? n - 1 : n))
    return;
  t = find(m, s);
  locate(t, e, &k, &pos);
  if (!write_value(m, s, fraction(t, k, pos)))
    return;
  if (!fire_step(m, s, TW_ON_UPDATE, moves))
    return;
  /* one STEP_COMPLETE per finished loop (nothing to do without one) */
  while (n-- > 0 && find(m, s)->cb[TW_ON_STEP_COMPLETE] != NULL)
    if (!fire_step(m, s, TW_ON_STEP_COMPLETE, moves))
      return;
  if (complete) {
    if (!fire_step(m, s, TW_ON_COMPLETE, moves))
      return;
    finish(m, s, 1);
  }
}

/* creation */

static int create(tm_model *m, int type, void *target, tw_setter_fn set,
                  tw_getter_fn get, const void *start, const void *end,
                  double duration, int *serial) {
  tm_tween *t;
  int s;

  if (end == NULL || !time_in(&duration) ||
      (set == NULL ? target == NULL : get == NULL && start == NULL))
    return TW_EINVAL;
  if (!type_ok(m, type))
    return TW_ETYPE;
  if (!finite_value(type, end) || (start != NULL && !finite_value(type, start)))
    return TW_EINVAL;
  if (m->dying)
    return TW_EBUSY;
  if (m->max_tweens != 0 && (size_t)m->n >= m->max_tweens)
    return TW_ELIMIT;
  room_for_one(&m->tw, m->n, &m->cap);
  t = &m->tw[m->n++];
  memset(t, 0, sizeof *t);
  t->serial = m->next_serial++;
  t->type = type;
  t->target = target;
  t->set = set;
  t->get = get;
  memcpy(t->end, end, m->types[type].size);
  t->duration = duration;
  t->timescale = 1.0;
  t->ease = TW_EASE_OUT_QUAD;
  t->loops = 1;
  t->loop_type = TW_LOOP_RESTART;
  t->loop_delay = 0;
  t->yoyo_ease = -1;
  t->overshoot = TM_OVERSHOOT;
  t->period = 0.0;
  t->snap = 0;
  t->autokill = 1;
  t->recyclable = 1;
  t->utype = TW_UPDATE_NORMAL;
  t->playing = 1;
  if ((size_t)tm_live(m) > m->peak)
    m->peak = (size_t)tm_live(m);
  s = t->serial;
  if (serial != NULL)
    *serial = s;
  if (start != NULL) { /* the start, at once (a failing setter kills) */
    memcpy(t->start, start, m->types[type].size);
    t->given = 1;
    write_value(m, s, 0.0);
  }
  return 0;
}

int tm_from_to(tm_model *m, int type, void *target, const void *start,
               const void *end, double duration, int *serial) {
  if (start == NULL)
    return TW_EINVAL;
  return create(m, type, target, NULL, NULL, start, end, duration, serial);
}

int tm_from_to_fn(tm_model *m, int type, tw_setter_fn set, void *ud,
                  const void *start, const void *end, double duration,
                  int *serial) {
  if (set == NULL || start == NULL)
    return TW_EINVAL;
  return create(m, type, ud, set, NULL, start, end, duration, serial);
}

int tm_to(tm_model *m, int type, void *target, const void *end, double duration,
          int *serial) {
  return create(m, type, target, NULL, NULL, NULL, end, duration, serial);
}

int tm_to_fn(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
             void *ud, const void *end, double duration, int *serial) {
  if (set == NULL)
    return TW_EINVAL;
  return create(m, type, ud, set, get, NULL, end, duration, serial);
}

/* punch, shake, path (include/tween.h).  The order of the refusals is not
 * the header's to say; the library's: TW_ETYPE first, then TW_EINVAL, then
 * tw_to's (TW_EBUSY, TW_ELIMIT). */

static int float_type(int type) {
  return tm_kind(type) == TM_FLOATS && tm_types[type].wobbles;
}

static int finite_floats(const void *v, size_t n) {
  size_t i;

  for (i = 0; i < n; i++) {
    float f;
    memcpy(&f, (const char *)v + i * sizeof f, sizeof f);
    if (!isfinite(f))
      return 0;
  }
  return 1;
}

/* kind 1: punch, 2: shake; spread: elasticity, or randomness / 180 */
static int wobble_new(tm_model *m, int type, void *target, const void *amount,
                      double duration, int vibrato, double spread,
                      uint32_t seed, int fade, int kind, int *serial) {
  size_t n;
  double segments;
  tm_tween *t;
  int rc, s;

  if (!float_type(type))
    return type_ok(m, type) ? TW_EUNSUPPORTED : TW_ETYPE;
  if (target == NULL || amount == NULL || !time_in(&duration) || vibrato < 0 ||
      !(spread >= 0 && spread <= 1))
    return TW_EINVAL;
  n = tm_types[type].floats;
  if (!finite_floats(amount, n))
    return TW_EINVAL;
  /* its end is not the amount but its start; create() takes the amount
   * for a value of its type, which nothing reads */
  if ((rc = create(m, type, target, NULL, NULL, NULL, amount, duration, &s)) !=
      0)
    return rc;
  if ((t = find(m, s)) == NULL)
    abort(); /* create() made it */
  t->wobble = kind;
  t->fade_out = fade != 0;
  memcpy(t->amount, amount, n * sizeof(float));
  /* max(2, floor(vibrato x duration)), at most 2^31 */
  segments = floor((double)vibrato * duration);
  t->segments = segments < 2              ? 2
                : segments > 2147483648.0 ? 2147483648.0
                                          : segments;
  t->spread = spread;
  t->seed = seed;
  t->ease = TW_EASE_LINEAR;
  if (serial != NULL)
    *serial = s;
  return 0;
}

int tm_punch(tm_model *m, int type, void *target, const void *punch,
             double duration, int vibrato, double elasticity, int *serial) {
  return wobble_new(m, type, target, punch, duration, vibrato, elasticity, 0, 0,
                    1, serial);
}

int tm_shake(tm_model *m, int type, void *target, const void *strength,
             double duration, int vibrato, double randomness, uint32_t seed,
             int fade_out, int *serial) {
  return wobble_new(m, type, target, strength, duration, vibrato,
                    randomness / 180.0, seed, fade_out, 2, serial);
}

/* Whether n points make a path of this kind (tween.h): Bezier takes 3k + 1
 * points open and 3k closed (k >= 1), the others at least 2. */
static int path_count_ok(int kind, int closed, size_t n) {
  if (kind == TW_PATH_BEZIER)
    return closed ? n >= 3 && n % 3 == 0 : n >= 4 && n % 3 == 1;
  return n >= 2;
}

int tm_path(tm_model *m, int type, void *target, const void *points, size_t n,
            int kind, double duration, int *serial) {
  int k = kind & 15, closed = (kind & TW_PATH_CLOSED) != 0, rc, s;
  unsigned dims = type == TW_TYPE_VEC2 ? 2 : 3;
  const float *p = points;
  size_t nseg;
  tw__choreo *x;
  tm_tween *t;

  if (type != TW_TYPE_VEC2 && type != TW_TYPE_VEC3)
    return type_ok(m, type) ? TW_EUNSUPPORTED : TW_ETYPE;
  if (target == NULL || points == NULL || !time_in(&duration) ||
      k > TW_PATH_BEZIER ||
      (kind & ~(15 | TW_PATH_CLOSED | TW_PATH_CONSTANT_SPEED)) != 0 ||
      !path_count_ok(k, closed, n))
    return TW_EINVAL;
  if (!finite_floats(points, n * dims))
    return TW_EINVAL;
  /* it ends on its last point (its first, closed) */
  if ((rc = create(m, type, target, NULL, NULL, NULL,
                   p + (closed ? 0 : (n - 1) * dims), duration, &s)) != 0)
    return rc;
  if ((t = find(m, s)) == NULL)
    abort(); /* create() made it */
  /* it starts on its first point: the target is not read, nor written
   * before its first step */
  memcpy(t->start, p, dims * sizeof *p);
  t->given = 1;
  t->ease = TW_EASE_LINEAR;
  x = calloc(1, sizeof *x);
  if (x == NULL)
    abort();
  x->npts = n;
  x->dims = dims;
  x->path = 1 + k;
  x->closed = closed;
  x->constant = (kind & TW_PATH_CONSTANT_SPEED) != 0;
  nseg = closed ? (k == TW_PATH_BEZIER ? n / 3 : n)
                : (k == TW_PATH_BEZIER ? (n - 1) / 3 : n - 1);
  x->pts = malloc(n * dims * sizeof *x->pts);
  x->arc = malloc((nseg * TW__PATH_SAMPLES + 1) * sizeof *x->arc);
  if (x->pts == NULL || x->arc == NULL)
    abort();
  x->pts_cap = n * dims;
  x->arc_cap = nseg * TW__PATH_SAMPLES + 1;
  memcpy(x->pts, p, n * dims * sizeof *x->pts);
  tw__path_table(x);
  t->path = x;
  if (serial != NULL)
    *serial = s;
  return 0;
}

/* settings: a stale serial is TW_ESTALE before anything else */

#define TM_LIVE(t, m, s)                                                       \
  tm_tween *t = find(m, s);                                                    \
  if (t == NULL)                                                               \
    return TW_ESTALE;                                                          \
  if (t->nested)                                                               \
    return TW_ENESTED;

int tm_set_delay(tm_model *m, int s, double delay) {
  TM_LIVE(t, m, s)
  if (!time_in(&delay))
    return TW_EINVAL;
  if (t->started)
    return TW_ELOCKED;
  t->delay = delay;
  t->delay_elapsed = 0;
  t->delaying = delay > 0;
  return 0;
}

int tm_set_loops(tm_model *m, int s, int loops, int loop_type) {
  TM_LIVE(t, m, s)
  if (loops < -1 || loops == 0 || loop_type < TW_LOOP_RESTART ||
      loop_type > TW_LOOP_INCREMENTAL)
    return TW_EINVAL;
  if (t->started)
    return TW_ELOCKED;
  if (loops == -1 && t->duration == 0)
    return TW_EINVAL; /* infinitely many loops of no time */
  t->loops = loops;
  /* a sequence's incremental loops act as restart */
  t->loop_type =
      t->seq && loop_type == TW_LOOP_INCREMENTAL ? TW_LOOP_RESTART : loop_type;
  return 0;
}

int tm_set_ease(tm_model *m, int s, int e) {
  TM_LIVE(t, m, s)
  if (e < 0 || e >= TW_EASE_COUNT)
    return TW_EEASE;
  t->ease = e;
  return 0;
}

/* tw_set_ease_params: the handle first, then the numbers, which must be
 * finite; at any time, a sequence's too */
int tm_set_ease_params(tm_model *m, int s, double overshoot, double period) {
  TM_LIVE(t, m, s)
  if (!isfinite(overshoot) || !isfinite(period))
    return TW_EINVAL;
  t->overshoot = overshoot;
  t->period = period;
  return 0;
}

int tm_set_autokill(tm_model *m, int s, int on) {
  TM_LIVE(t, m, s)
  if (t->started)
    return TW_ELOCKED;
  t->autokill = on != 0;
  return 0;
}

int tm_set_update_type(tm_model *m, int s, int utype) {
  TM_LIVE(t, m, s)
  if (utype < TW_UPDATE_NORMAL || utype > TW_UPDATE_MANUAL)
    return TW_EINVAL;
  t->utype = utype;
  return 0;
}

int tm_set_independent(tm_model *m, int s, int on) {
  TM_LIVE(t, m, s)
  t->independent = on != 0;
  return 0;
}

int tm_set_id(tm_model *m, int s, int id) {
  TM_LIVE(t, m, s)
  t->has_id = 1;
  t->id = id;
  return 0;
}

int tm_set_target(tm_model *m, int s, const void *key) {
  TM_LIVE(t, m, s)
  if (t->seq) /* a sequence has no key */
    return key != NULL ? TW_EINVAL : 0;
  t->key = key;
  return 0;
}

int tm_set_overwrite(tm_model *m, int s, int mode) {
  TM_LIVE(t, m, s)
  if (mode < 0 || mode > TW_OVERWRITE_KILL)
    return TW_EINVAL;
  if (t->started)
    return TW_ELOCKED;
  t->overwrite = mode;
  return 0;
}

int tm_set_timescale(tm_model *m, int s, double scale) {
  TM_LIVE(t, m, s)
  if (!time_in(&scale))
    return TW_EINVAL;
  t->timescale = scale;
  return 0;
}

int tm_set_loop_delay(tm_model *m, int s, double seconds) {
  TM_LIVE(t, m, s)
  if (!time_in(&seconds))
    return TW_EINVAL;
  if (t->started)
    return TW_ELOCKED;
  t->loop_delay = seconds;
  return 0;
}

int tm_set_yoyo_ease(tm_model *m, int s, int e) {
  TM_LIVE(t, m, s)
  if (e < -1 || e >= TW_EASE_COUNT)
    return TW_EEASE;
  t->yoyo_ease = e;
  return 0;
}

int tm_set_snap(tm_model *m, int s, double step) {
  TM_LIVE(t, m, s)
  if (tm_kind(t->type) == TM_NONE || tm_kind(t->type) == TM_BYTES || t->seq)
    return TW_EUNSUPPORTED;
  if (!time_in(&step))
    return TW_EINVAL;
  t->snap = step;
  return 0;
}

/* Built-in numeric types bound by pointer only: TW_EUNSUPPORTED, then TW_EINVAL
 * for a setter tween, then TW_ELOCKED once started. */
int tm_set_additive(tm_model *m, int s, int on) {
  TM_LIVE(t, m, s)
  if (tm_kind(t->type) == TM_NONE || tm_kind(t->type) == TM_BYTES || t->seq)
    return TW_EUNSUPPORTED;
  if (t->set != NULL)
    return TW_EINVAL;
  if (t->started)
    return TW_ELOCKED;
  t->additive = on != 0;
  t->primed = 0;
  return 0;
}

int tm_set_recyclable(tm_model *m, int s, int on) {
  TM_LIVE(t, m, s)
  t->recyclable = on != 0;
  return 0;
}

int tm_on(tm_model *m, int s, int ev, tm_callback fn, void *ud) {
  TM_LIVE(t, m, s)
  if (ev < 0 || ev >= TW_ON_COUNT)
    return TW_EINVAL;
  t->cb[ev] = fn;
  t->cb_ud[ev] = fn != NULL ? ud : NULL;
  return 0;
}

/* time */

int tm_update(tm_model *m, int utype, double dt, double unscaled_dt) {
  int s = -1, last = m->next_serial - 1;
  double sdt;

  if (utype < TW_UPDATE_NORMAL || utype > TW_UPDATE_MANUAL || !time_in(&dt) ||
      !time_in(&unscaled_dt))
    return TW_EINVAL;
  if (m->depth > 0 || m->walking > 0)
    return TW_EBUSY;
  sdt = sat(dt * m->timescale);
  m->pass_clock[utype] = ++m->wclock;
  m->pass = utype + 1;
  m->walking++;
  /* each tween that lived when the pass began and lives when its turn
   * comes, in creation order */
  for (;;) {
    int i = index_after(m, s);
    if (i >= m->n || m->tw[i].serial > last)
      break;
    s = m->tw[i].serial;
    if (m->tw[i].utype == utype)
      step(m, s, m->tw[i].independent ? unscaled_dt : sdt);
  }
  m->walking--;
  m->pass = 0;
  return 0;
}

/* controls */

/* callbacks 0: tw_complete_silent (no COMPLETE, no PAUSE). */
static int complete_now(tm_model *m, int s, int callbacks) {
  tm_tween *t = find(m, s);
  int was_playing;
  unsigned moves;
  double total;

  if (t->complete)
    return 0;
  if (t->loops < 0)
    return TW_EINFINITE;
  if (!t->started) {
    if (!start(m, s))
      return 0;
    t = find(m, s);
    if (t->complete)
      return 0; /* its START callback completed it */
  }
  was_playing = t->playing;
  t->delaying = 0;
  t->complete = 1;
  t->elapsed = total = total_time(t);
  t->elapsed_c = 0;
  t->moves++;
  moves = t->moves;
  if (!write_value(m, s, fraction(t, t->loops - 1, t->duration)))
    return 0;
  /* a COMPLETE callback that moved it (restart, goto...) wins */
  if (callbacks && !fire_step(m, s, TW_ON_COMPLETE, moves))
    return 0;
  finish(m, s, callbacks && was_playing);
  return 0;
}

static int kill_slot(tm_model *m, int s, int complete_first) {
  if (complete_first) {
    int rc = complete_now(m, s, 1);
    if (rc != 0)
      return rc;
    if (find(m, s) == NULL)
      return 0;
  }
  kill_now(m, s);
  return 0;
}

int tm_kill(tm_model *m, int s, int complete_first) {
  TM_LIVE(t, m, s)
  if (complete_first && t->loops < 0)
    return TW_EINFINITE;
  return kill_slot(m, s, complete_first);
}

int tm_complete(tm_model *m, int s) {
  TM_LIVE(t, m, s)
  (void)t;
  return complete_now(m, s, 1);
}

int tm_play(tm_model *m, int s) {
  TM_LIVE(t, m, s)
  if (!t->complete)
    t->playing = 1;
  return 0;
}

int tm_pause(tm_model *m, int s) {
  TM_LIVE(t, m, s)
  if (!t->playing)
    return 0;
  t->playing = 0;
  t->played = 0;
  /* PAUSE "if it was playing": a complete tween is not (tw_is_playing) */
  if (!t->complete)
    fire(m, s, TW_ON_PAUSE);
  return 0;
}

enum { BY_ALL, BY_ID, BY_KEY, BY_NOT_IDS };

static int in_ids(const tm_tween *t, const int *ids, size_t n) {
  size_t i;

  if (!t->has_id)
    return 0;
  for (i = 0; i < n; i++)
    if (ids[i] == t->id)
      return 1;
  return 0;
}

/* Kills, in creation order, each tween that lived when the call began,
 * still lives when its turn comes and matches then. */
/* tw_kill_target's pick: the tween's key holds the byte at key (a key of
 * the program's own is that one byte; a pointer tween's, the bytes it
 * writes), or a setter tween's user data is key. */
static int key_picks(const tm_model *m, const tm_tween *t, const void *key) {
  uintptr_t k = (uintptr_t)key, a = (uintptr_t)t->target;

  if (t->key != NULL)
    return t->key == key;
  if (t->set != NULL)
    return t->target == key;
  return a <= k && k < a + m->types[t->type].size;
}

static int kill_where(tm_model *m, int by, int id, const void *key,
                      const int *ids, size_t nids, int complete_first) {
  int s = -1, last = m->next_serial - 1, n = 0;

  m->walking++;
  for (;;) {
    int i = index_after(m, s);
    tm_tween *t;
    if (i >= m->n || m->tw[i].serial > last)
      break;
    t = &m->tw[i];
    s = t->serial;
    if (by == BY_ID && !(t->has_id && t->id == id))
      continue;
    if (by == BY_KEY && !key_picks(m, t, key))
      continue;
    if (by == BY_NOT_IDS && in_ids(t, ids, nids))
      continue;
    /* infinitely looping tweens cannot complete: they are just killed */
    kill_slot(m, s, complete_first && t->loops > 0);
    n++;
  }
  m->walking--;
  return n;
}

int tm_kill_all(tm_model *m, int complete_first) {
  return kill_where(m, BY_ALL, 0, NULL, NULL, 0, complete_first);
}

int tm_kill_id(tm_model *m, int id, int complete_first) {
  return kill_where(m, BY_ID, id, NULL, NULL, 0, complete_first);
}

int tm_kill_target(tm_model *m, const void *key, int complete_first) {
  if (key == NULL)
    return TW_EINVAL; /* NULL is "no target", not a target */
  return kill_where(m, BY_KEY, 0, key, NULL, 0, complete_first);
}

int tm_clear(tm_model *m) {
  kill_where(m, BY_ALL, 0, NULL, NULL, 0, 0);
  return 0;
}

int tm_free(tm_model *m) {
  if (m->depth > 0 || m->walking > 0)
    return TW_EBUSY;
  m->dying = 1;
  kill_where(m, BY_ALL, 0, NULL, NULL, 0, 0);
  free(m->tw);
  m->tw = NULL;
  m->n = m->cap = 0;
  free(m->kids);
  m->kids = NULL;
  m->nkids = m->kids_cap = 0;
  return 0;
}

int tm_kill_all_except(tm_model *m, const int *ids, size_t n,
                       int complete_first) {
  if (ids == NULL && n > 0)
    return TW_EINVAL;
  return kill_where(m, BY_NOT_IDS, 0, NULL, ids, n, complete_first);
}

/* the controls added with sequences */

int tm_toggle(tm_model *m, int s) {
  TM_LIVE(t, m, s)
  return t->playing ? tm_pause(m, s) : tm_play(m, s);
}

int tm_complete_silent(tm_model *m, int s) {
  TM_LIVE(t, m, s)
  (void)t;
  return complete_now(m, s, 0);
}

/* Back to elapsed 0 (and to the start of the delay, with include_delay);
 * a started tween gets its start value written and, if it had moved,
 * REWIND.  The play state is the caller's. */
static void rewind_now(tm_model *m, int s, int include_delay) {
  tm_tween *t = find(m, s);
  int moved = t->elapsed > 0 || t->complete;

  t->complete = 0;
  t->played = 0;
  if (include_delay && t->delay > 0) {
    t->delay_elapsed = 0;
    t->delaying = 1;
  } else {
    t->delay_elapsed = t->delay;
    t->delaying = 0;
  }
  t->elapsed = 0;
  t->elapsed_c = 0;
  if (moved)
    t->moves++;
  if (!t->started)
    return;
  if (!write_value(m, s, start_fraction(t)))
    return;
  if (moved)
    fire(m, s, TW_ON_REWIND);
}

int tm_restart(tm_model *m, int s, int include_delay, double new_delay) {
  TM_LIVE(t, m, s)
  if (!(new_delay < 0) && (!time_in(&new_delay) || new_delay > (double)1e300))
    return TW_EINVAL; /* negative: keep */
  if (new_delay >= 0)
    t->delay = new_delay;
  rewind_now(m, s, include_delay);
  if ((t = find(m, s)) != NULL)
    t->playing = 1;
  return 0;
}

int tm_rewind(tm_model *m, int s, int include_delay) {
  TM_LIVE(t, m, s)
  t->playing = 0;
  rewind_now(m, s, include_delay);
  return 0;
}

int tm_goto(tm_model *m, int s, double to, int and_play) {
  double total, k, pos;
  int end;

  TM_LIVE(t, m, s)
  if (!time_in(&to))
    return TW_EINVAL;
  if (!t->started) {
    if (!start(m, s))
      return 0;
    t = find(m, s);
  }
  t->delay_elapsed = t->delay;
  t->delaying = 0;
  total = total_time(t);
  end = t->loops > 0 && to >= total && to > 0; /* 0 is the start */
  if (to > total)
    to = total;
  if (end) { /* the end: complete */
    t->playing = and_play != 0;
    return complete_now(m, s, 1);
  }
  if (t->elapsed != to || t->complete)
    t->moves++;
  t->complete = 0;
  t->elapsed = to;
  t->elapsed_c = 0;
  if (and_play) {
    t->playing = 1;
  } else {
    t->playing = 0;
    t->played = 0;
  }
  if (to <= 0) {
    write_value(m, s, start_fraction(t));
    return 0;
  }
  locate(t, to, &k, &pos);
  write_value(m, s, fraction(t, k, pos));
  return 0;
}

/* The slope of the ease at position pos, per second, from before pos
 * (before: the model's tweens play forwards): Linear's and OutQuad's
 * derived here as their values are, the others' the library's
 * tw__ease_slope. */
static double ease_rate(const tm_tween *t, double pos, double d, int before) {
  /* stored: in double where excess precision; tw__ease_slope's fraction */
  double x = tw__frac(pos, d), slope;

  if (t->ease == TM_EASE_SPRING) {
    /* the slope of 1 - A + v0 B: -A' + v0 B', that of its motion before
     * it rests (the library's A' and B') */
    tw__spring s;
    double r[4];
    spring_get(t, &s);
    tw__spring_ab(&s, pos < d ? pos : d, r);
    return -r[2] + t->sp_v0 * r[3];
  }
  switch (t->ease) {
  case TW_EASE_LINEAR:
    return 1.0 / d;
  case TW_EASE_OUT_QUAD:
    slope = 2.0 - 2.0 * x;
    return slope / d;
  default:
    return tw__ease_slope(t->ease, pos, d, t->overshoot, t->period, before) / d;
  }
}

/* Where the ease starts just after 0: 0 for Linear and OutQuad, the
 * library's tw__ease_origin for the others. */
static double ease_origin(const tm_tween *t, double d) {
  if (t->ease == TW_EASE_LINEAR || t->ease == TW_EASE_OUT_QUAD)
    return 0.0;
  return fraction_in(tw__ease_origin(t->ease, d, t->overshoot, t->period));
}

/* The additive retarget of a moving tween (lib/retarget.c) to end in d
 * seconds: the running motion goes on (a first retarget's is the tween's
 * own), the term starts afresh from where it stands, with its velocity. */
static void send_add(tm_tween *t, const void *end, unsigned n, double d) {
  double e = t->elapsed, c0[4] = {0, 0, 0, 0}, w[4] = {0, 0, 0, 0}, pe, fe;
  double p1[4], pd[4], zero[4] = {0, 0, 0, 0};
  unsigned char v[TM_VALUE_MAX];
  unsigned k;
  int on = 0;

  if (t->extra == TM_EXTRA_ADD) {
    double s, ds, g, dg;
    add_shapes(e - t->add_t0, t->add_d, &s, &ds, &g, &dg);
    for (k = 0; k < n; k++) {
      c0[k] = t->add_on ? add_term(t, k, s, g) : 0.0;
      w[k] = t->add_on ? tw__saturate(tw__span(t->add_c0[k], t->add_k[k], ds) +
                                          tw__saturate(t->xc[k] * dg, DBL_MAX),
                                      DBL_MAX)
                       : 0.0;
    }
    e += t->add_e0; /* its position in the running motion */
    t->add_e0 = e > 0 ? (e < t->add_d0 ? e : t->add_d0) : 0.0;
  } else {
    components(t->type, t->start, t->add_a);
    components(t->type, t->end, t->add_b);
    t->add_d0 = t->duration;
    t->add_e0 = e;
  }
  t->add_t0 = 0; /* it restarts from elapsed 0 */
  t->add_d = d;
  pe = t->add_e0 + d;
  if (pe >= t->add_d0 - t->add_d0 * TM_SNAP)
    pe = t->add_d0;
  else if (pe <= t->add_d0 * TM_SNAP)
    pe = 0;
  fe = add_fraction(t, pe);
  add_lerp(t, v, fe, zero, 0);
  components(t->type, v, pd);
  components(t->type, end, p1);
  for (k = 0; k < 4; k++) {
    t->add_c0[k] = k < n ? c0[k] : 0.0;
    t->xc[k] = k < n ? w[k] : 0.0;
    t->add_k[k] = k < n ? tw__span(pd[k], p1[k], 1.0) : 0.0;
    on |= t->add_c0[k] != 0.0 || t->xc[k] != 0.0 || t->add_k[k] != 0.0;
  }
  t->add_on = on;
  t->xj = 0;
  t->extra = TM_EXTRA_ADD;
  t->duration = t->add_t0 + d;
  t->elapsed = t->add_t0;
}

/* tw_retarget's motion from now, to end: as an eased tween of duration
 * (< 0: its own), or, with as, as a spring of as (tw_spring_go).  A spring
 * stays one (tween.h): a retarget keeps its velocity "as physics does and
 * settles again", a new spring from the value and velocity it has, its
 * velocity along the way 0 since the whole of it is kept in the velocity
 * term, and its duration the time that spring takes to rest. */
static void send(tm_model *m, tm_tween *t, const void *end, double duration,
                 const tw__spring *as) {
  unsigned char cur[TM_VALUE_MAX];
  double a[4], b[4], p0[4], v[4] = {0, 0, 0, 0}, rate = 0, k, pos, f, d;
  unsigned n, i;
  size_t size = m->types[t->type].size;
  tm_shapes x;

  /* where it is, and how fast it goes: its own motion, not its target;
   * standing (paused, complete, waiting for its delay), no speed; the
   * fraction drawn is (f - jw) r, whose slope leaves the ease's out where
   * r is 0; no speed where it is not finite */
  locate(t, t->elapsed, &k, &pos);
  f = now_fraction(t);
  snapped_value(m, t, cur, f);
  n = components(t->type, cur, p0);
  components(t->type, t->start, a);
  components(t->type, t->end, b);
  extra_at(t, t->elapsed, &x);
  if (as == NULL && t->ease != TM_EASE_SPRING && n > 0 && t->playing &&
      !t->complete && !t->delaying &&
      (t->extra ? t->extra == TM_EXTRA_ADD
                : t->ease < TW_EASE_FLASH && t->elapsed > 0)) {
    send_add(t, end, n, duration >= 0 ? duration : t->duration);
    memcpy(t->start, cur, size);
    memcpy(t->end, end, size);
    t->complete = 0;
    t->playing = 1;
    t->moves++;
    t->elapsed_c = 0;
    return;
  }
  /* at the start of its way (elapsed 0: the model plays forwards only) a
   * tween stood until now; an additive one's is its running motion's
   * (until its end) and its term's */
  if (t->extra == TM_EXTRA_ADD && t->playing && !t->complete && !t->delaying) {
    double s, ds, g, dg,
        bp = t->add_e0 + t->elapsed < t->add_d0 ? t->add_e0 + t->elapsed
                                                : t->add_d0;
    rate = 0;
    if (t->add_d0 > 0 && bp < t->add_d0)
      rate = ease_rate(t, bp > 0 ? bp : 0.0, t->add_d0, 1);
    if (!isfinite(rate))
      rate = 0;
    add_shapes(t->elapsed - t->add_t0, t->add_d, &s, &ds, &g, &dg);
    for (i = 0; i < n; i++)
      v[i] = tw__saturate(
          tw__span(t->add_a[i], t->add_b[i], rate) +
              (t->add_on
                   ? tw__saturate(tw__span(t->add_c0[i], t->add_k[i], ds) +
                                      tw__saturate(t->xc[i] * dg, DBL_MAX),
                                  DBL_MAX)
                   : 0.0),
          DBL_MAX);
  } else if (t->playing && !t->complete && !t->delaying &&
             (t->extra || t->ease == TM_EASE_SPRING || t->elapsed > 0)) {
    if (x.r != 0.0 && t->duration > 0) /* r 0: at 0 of a ramp, no slope */
      rate =
          (ease_rate(t, pos, t->duration, 1) - x.djw) * x.r + (f - x.jw) * x.dr;
    for (i = 0; i < n && isfinite(rate); i++)
      v[i] = tw__saturate(tw__span(a[i], b[i], rate) +
                              (t->extra ? t->xc[i] * x.dg : 0.0),
                          DBL_MAX);
  }
  /* from there, to the new end, forwards and playing, from elapsed 0,
   * with that velocity */
  memcpy(t->start, cur, size);
  memcpy(t->end, end, size);
  t->complete = 0;
  t->playing = 1;
  for (i = 0; i < 4; i++)
    t->xc[i] = v[i];
  if (as != NULL) {
    t->ease = TM_EASE_SPRING;
    spring_put(t, as);
  }
  if (t->ease == TM_EASE_SPRING) {
    t->sp_v0 = 0;
    t->xj = 0;
    t->extra = TM_EXTRA_SPRING;
    t->duration = spring_rest(t);
  } else {
    d = duration >= 0 ? duration : t->duration;
    t->duration = d;
    t->xj = d > 0 ? ease_origin(t, d) : 0.0;
    t->extra = 1;
  }
  t->elapsed = 0;
  t->elapsed_c = 0;
  t->moves++;
}

int tm_retarget(tm_model *m, int s, const void *end, double duration) {
  TM_LIVE(t, m, s)
  if (end == NULL ||
      (!(duration < 0) && (!time_in(&duration) || duration > (double)1e300)) ||
      t->wobble != 0 || t->path != NULL || t->seq ||
      !finite_value(t->type, end))
    return TW_EINVAL; /* a punch, a shake, a path: not theirs to send */
  if (t->loops != 1)
    return TW_ELOOPS;
  if (!t->started || t->reading) { /* only the end (and the duration: a
                                      spring's is its own) */
    memcpy(t->end, end, m->types[t->type].size);
    if (duration >= 0 && t->ease != TM_EASE_SPRING)
      t->duration = duration;
    return 0;
  }
  send(m, t, end, duration, NULL);
  return 0;
}

/* the manager */

int tm_manager_set_capacity(tm_model *m, size_t tweens) {
  int i, plain = 0;

  for (i = 0; i < m->n; i++) /* sequences have their own capacity */
    plain += !m->tw[i].seq;
  if (tweens == 0)
    return 0;
  if (tweens < (size_t)plain)
    return TW_ERANGE;
  if (m->max_tweens != 0 && tweens > m->max_tweens)
    return TW_ELIMIT;
  return 0;
}

int tm_manager_set_timescale(tm_model *m, double scale) {
  if (!time_in(&scale))
    return TW_EINVAL;
  m->timescale = scale;
  return 0;
}

/* queries */

int tm_is_active(const tm_model *m, int s) { return tm_find(m, s) != NULL; }

#define TM_QUERY(t, m, s)                                                      \
  const tm_tween *t = tm_find(m, s);                                           \
  if (t == NULL)                                                               \
    return TW_ESTALE;                                                          \
  if (t->nested)                                                               \
    return TW_ENESTED;

int tm_is_playing(const tm_model *m, int s) {
  TM_QUERY(t, m, s)
  return t->playing && !t->complete;
}

int tm_is_complete(const tm_model *m, int s) {
  TM_QUERY(t, m, s)
  return t->complete;
}

int tm_elapsed(const tm_model *m, int s, double *out) {
  TM_QUERY(t, m, s)
  *out = t->elapsed;
  return 0;
}

int tm_loops_done(const tm_model *m, int s) {
  TM_QUERY(t, m, s)
  return loops_done(t, t->elapsed);
}

int tm_loops(const tm_model *m, int s) {
  TM_QUERY(t, m, s)
  return t->loops;
}

int tm_duration(const tm_model *m, int s, int all_loops, double *out) {
  TM_QUERY(t, m, s)
  *out = all_loops ? total_time(t) : t->duration;
  return 0;
}

int tm_delay(const tm_model *m, int s, double *out) {
  TM_QUERY(t, m, s)
  *out = t->delay;
  return 0;
}

int tm_count(const tm_model *m, int what) {
  int i, n = 0;

  if (what == TW_COUNT_ACTIVE)
    return tm_live(m);
  for (i = 0; i < m->n; i++) {
    const tm_tween *t = &m->tw[i];
    if (what == TW_COUNT_PLAYING ? t->playing && !t->complete : !t->playing)
      n++;
  }
  return n;
}

static int find_where(const tm_model *m, int by, int id, const void *key,
                      int *out, int cap) {
  int i, n = 0;

  for (i = 0; i < m->n; i++) {
    const tm_tween *t = &m->tw[i];
    if (by == BY_ID ? !(t->has_id && t->id == id) : !key_picks(m, t, key))
      continue;
    if (n < cap)
      out[n] = t->serial;
    n++;
  }
  return n;
}

int tm_find_id(const tm_model *m, int id, int *out, int cap) {
  return find_where(m, BY_ID, id, NULL, out, cap);
}

int tm_find_target(const tm_model *m, const void *key, int *out, int cap) {
  return find_where(m, BY_KEY, 0, key, out, cap);
}

int tm_writer(tm_model *m, const void *key, int *out) {
  uintptr_t k = (uintptr_t)key;
  int i, best = -1;

  if (key == NULL || out == NULL)
    return TW_EINVAL;
  keys_on(m);
  *out = -1;
  for (i = 0; i < m->n; i++) { /* the last to write; of those alike, the
                                  last created */
    const tm_tween *t = &m->tw[i];
    uintptr_t a = (uintptr_t)t->target;
    int meets = t->key != NULL   ? t->key == key
                : t->set != NULL ? 0
                                 : a <= k && k < a + m->types[t->type].size;
    if (meets && t->started && (best < 0 || t->wrote >= m->tw[best].wrote))
      best = i;
  }
  if (best < 0)
    return 0;
  *out = m->tw[best].serial;
  return 1;
}

/* quickTo, from tween.h's words: the newest live tween bound to exactly
 * target (by pointer, or to this setter and ud; a key of its own aside) is sent
 * as by tw_retarget, if it can take an end of this type (one loop, not a punch,
 * a shake or a path, the same type); else a new tween is made as tw_to makes
 * one. */
/* The index in m->tw of the newest live tween bound to exactly the target
 * (set and target) without a key of its own, which tw_go and tw_spring_go
 * send: newest in the order of updates, where a child of a sequence has
 * its outermost sequence's place (tween.h); -1 for none, or when the
 * newest is a child, which cannot take a new end: then a new one is
 * made. */
static int newest_bound(const tm_model *m, tw_setter_fn set,
                        const void *target) {
  int i, best = -1, kid = -1;

  for (i = 0; i < m->n; i++)
    if (m->tw[i].set == set && m->tw[i].target == target &&
        m->tw[i].key == NULL)
      best = i;
  for (i = 0; i < m->nkids; i++)
    if (m->kids[i].set == set && m->kids[i].target == target &&
        m->kids[i].key == NULL) {
      const tm_tween *top = &m->kids[i];
      while (top->nested)
        top = tm_find(m, top->parent);
      if (top->serial > kid)
        kid = top->serial;
    }
  return best >= 0 && m->tw[best].serial > kid ? best : -1;
}

static int go(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
              void *target, const void *end, double duration, int *out,
              int *made) {
  int best, rc;

  *made = 0;
  /* refused before anything is looked at: no index built */
  if (target == NULL || end == NULL ||
      (type_ok(m, type) && !finite_value(type, end)) || !time_in(&duration) ||
      duration > 1e300)
    return TW_EINVAL;
  keys_on(m); /* tw_go builds the index of keys */
  best = newest_bound(m, set, target);
  if (best >= 0 && m->tw[best].type == type && m->tw[best].loops == 1 &&
      m->tw[best].wobble == 0 && m->tw[best].path == NULL) {
    int s = m->tw[best].serial;
    rc = tm_retarget(m, s, end, duration);
    if (rc == 0 && out != NULL)
      *out = s;
    return rc;
  }
  rc = set == NULL ? tm_to(m, type, target, end, duration, out)
                   : tm_to_fn(m, type, set, get, target, end, duration, out);
  *made = rc == 0;
  return rc;
}

int tm_go(tm_model *m, int type, void *target, const void *end, double duration,
          int *out, int *made) {
  return go(m, type, NULL, NULL, target, end, duration, out, made);
}

/* tw_go_fn: the same, for the tweens bound to this setter and ud. */
int tm_go_fn(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
             void *ud, const void *end, double duration, int *out, int *made) {
  *made = 0;
  if (set == NULL || get == NULL || ud == NULL)
    return TW_EINVAL;
  return go(m, type, set, get, ud, end, duration, out, made);
}

/* springs */

static int positive(double x) { return x > 0 && isfinite(x); }

void tm_spring_init(tw_spring *s) {
  if (s == NULL)
    return;
  s->stiffness = 100.0;
  s->damping = 20.0;
  s->mass = 1.0;
  s->velocity = 0.0;
  s->epsilon = 0.001;
}

/* d = 2 ratio sqrt(k m), its roots taken apart so that k m cannot leave
 * the doubles where d does not. */
int tm_spring_damping_ratio(tw_spring *s, double ratio) {
  double d;

  if (s == NULL || !positive(ratio) || !positive(s->stiffness) ||
      !positive(s->mass))
    return TW_EINVAL;
  d = 2.0 * ratio * sqrt(s->stiffness) * sqrt(s->mass);
  if (!positive(d))
    return TW_EINVAL;
  s->damping = d;
  return 0;
}

/* SwiftUI's: w = 2 pi / duration, stiffness w^2, mass 1, and the damping
 * ratio 1 - bounce for a bounce from 0 up, 1 / (1 + bounce) below: a
 * damping of 2 w times it. */
int tm_spring_duration_bounce(tw_spring *s, double duration, double bounce) {
  double w, k, d;

  if (s == NULL || !positive(duration) || !(bounce > -1.0 && bounce < 1.0))
    return TW_EINVAL;
  w = 2.0 * 3.14159265358979323846 / duration;
  k = w * w;
  d = bounce >= 0 ? 2.0 * w * (1.0 - bounce) : 2.0 * w / (1.0 + bounce);
  if (!positive(k) || !positive(d))
    return TW_EINVAL;
  s->mass = 1.0;
  s->stiffness = k;
  s->damping = d;
  return 0;
}

/* The spring of params and its settling time from the start of the way
 * (a whole way from its end, at its velocity along the way: the amplitude
 * it starts with is the distance's, with velocity / w0); TW_EINVAL for
 * parameters that are not positive and finite (velocity finite, epsilon in
 * (0, 1)), and for a settling time that is no time (tw_to's refusal of
 * its duration). */
static int spring_params(const tw_spring *p, tw__spring *s, double *settle) {
  if (p == NULL || !positive(p->stiffness) || !positive(p->damping) ||
      !positive(p->mass) || !isfinite(p->velocity) ||
      !(p->epsilon > 0 && p->epsilon < 1))
    return TW_EINVAL;
  tw__spring_make(s, p->stiffness, p->damping, p->mass);
  s->v0 = p->velocity;
  s->eps = p->epsilon;
  *settle = tw__spring_settle(s, -1.0, s->v0, s->eps);
  return time_in(settle) ? 0 : TW_EINVAL;
}

/* tw_spring_to and its kin: the parameters first, then a velocity vector's
 * arguments (TW_ETYPE, TW_EUNSUPPORTED for a type without numeric
 * components, TW_EINVAL for a velocity or an end not finite) and, for one
 * that is not all zeros, the settling time from the target's value now
 * (the getter runs before the tween is made); then tw_to's errors. */
static int spring_new(tm_model *m, int type, void *target, tw_setter_fn set,
                      tw_getter_fn get, const void *end,
                      const tw_spring *params, const void *velocity,
                      int *serial) {
  tw__spring sp;
  double c[4] = {0, 0, 0, 0}, settle;
  int rc, s, has_c = 0;
  unsigned i;
  tm_tween *t;

  if ((rc = spring_params(params, &sp, &settle)) != 0)
    return rc;
  if (velocity != NULL) {
    unsigned char cur[TM_VALUE_MAX];
    if (end == NULL || (set == NULL ? target == NULL : get == NULL))
      return TW_EINVAL;
    if (!type_ok(m, type))
      return TW_ETYPE;
    if (components(type, velocity, c) == 0)
      return TW_EUNSUPPORTED;
    if (!finite_value(type, velocity) || !finite_value(type, end))
      return TW_EINVAL;
    for (i = 0; i < 4; i++)
      has_c |= c[i] != 0;
    if (has_c) {
      if (set == NULL) {
        memcpy(cur, target, m->types[type].size);
      } else {
        m->depth++;
        get(target, cur);
        m->depth--;
      }
      settle = tw__spring_between(&sp, type, cur, end, c);
      if (!time_in(&settle))
        return TW_EINVAL;
    }
  }
  rc = create(m, type, target, set, get, NULL, end, settle, &s);
  if (rc != 0)
    return rc;
  if ((t = find(m, s)) == NULL)
    abort(); /* create() made it */
  t->ease = TM_EASE_SPRING;
  spring_put(t, &sp);
  if (has_c) { /* the velocity term of a spring, from the start */
    memcpy(t->xc, c, sizeof c);
    t->xj = 0;
    t->extra = TM_EXTRA_SPRING;
  }
  if (serial != NULL)
    *serial = s;
  return 0;
}

int tm_spring_to(tm_model *m, int type, void *target, const void *end,
                 const tw_spring *params, int *serial) {
  return spring_new(m, type, target, NULL, NULL, end, params, NULL, serial);
}

int tm_spring_to_fn(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
                    void *ud, const void *end, const tw_spring *params,
                    int *serial) {
  if (set == NULL)
    return TW_EINVAL;
  return spring_new(m, type, ud, set, get, end, params, NULL, serial);
}

int tm_spring_to_v(tm_model *m, int type, void *target, const void *end,
                   const tw_spring *params, const void *velocity, int *serial) {
  return spring_new(m, type, target, NULL, NULL, end, params, velocity, serial);
}

int tm_spring_to_fn_v(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
                      void *ud, const void *end, const tw_spring *params,
                      const void *velocity, int *serial) {
  if (set == NULL)
    return TW_EINVAL;
  return spring_new(m, type, ud, set, get, end, params, velocity, serial);
}

/* tw_go for springs: the tween tm_go would find, sent to end as a spring
 * of params whatever it was, its own value and velocity kept (not
 * params->velocity); one not yet started gets the end and the spring (a
 * velocity vector of its own stays, its time computed when it starts);
 * else a new spring, as tm_spring_to makes it. */
static int spring_go(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
                     void *target, const void *end, const tw_spring *params,
                     int *out, int *made) {
  tw__spring sp;
  double settle;
  int best, rc;
  tm_tween *t;

  *made = 0;
  /* refused before anything is looked at: no index built */
  if (target == NULL || end == NULL || (set != NULL && get == NULL) ||
      (type_ok(m, type) && !finite_value(type, end)))
    return TW_EINVAL;
  if ((rc = spring_params(params, &sp, &settle)) != 0)
    return rc;
  keys_on(m); /* as tw_go, it builds the index of keys */
  best = newest_bound(m, set, target);
  if (best < 0 || m->tw[best].type != type || m->tw[best].loops != 1 ||
      m->tw[best].wobble != 0 || m->tw[best].path != NULL) {
    rc = spring_new(m, type, target, set, get, end, params, NULL, out);
    *made = rc == 0;
    return rc;
  }
  t = &m->tw[best];
  if (t->started && !t->reading) {
    send(m, t, end, -1, &sp);
  } else {
    memcpy(t->end, end, m->types[type].size);
    t->ease = TM_EASE_SPRING;
    spring_put(t, &sp);
    t->duration = settle;
  }
  if (out != NULL)
    *out = t->serial;
  return 0;
}

int tm_spring_go(tm_model *m, int type, void *target, const void *end,
                 const tw_spring *params, int *out, int *made) {
  return spring_go(m, type, NULL, NULL, target, end, params, out, made);
}

int tm_spring_go_fn(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
                    void *ud, const void *end, const tw_spring *params,
                    int *out, int *made) {
  *made = 0;
  if (set == NULL)
    return TW_EINVAL;
  return spring_go(m, type, set, get, ud, end, params, out, made);
}

/* ------------------------------------------------------------------ */
/* sequences                                                           */

/* From include/tween.h's section on sequences (and DOTween's Sequence.cs
 * where it says so).  A sequence is a tween of the live array with no
 * value: its fraction, times its duration, is a time of its timeline, and
 * writing it drives the timeline there.  A child leaves the live array for
 * m->kids when it is added and is driven by its sequence only: each child
 * is moved as a goto moves a tween (to its place's local time less its
 * delay), firing what it crossed (UPDATE, REWIND at its start going back,
 * STEP_COMPLETE, COMPLETE; START when first reached; it neither pauses nor
 * dies when complete, nor fires PLAY); a callback item fires when the
 * drive crosses its time, either way.  One drive stops at every child
 * start and callback on its way (so that children read their start values
 * at their own moments and callbacks fire in timeline order), and within
 * a stop the items are handled in the order in which they reach their
 * final state: forwards by min(to, item end), backwards by max(to, item
 * start) descending, ties in timeline order.  Every walk finds the next
 * item again by index after each step and stops when a callback killed
 * the sequence or drove it anew. */

int tm_live(const tm_model *m) { return m->n + m->nkids; }

static tm_tween *kid(tm_model *m, int s) {
  int i = kid_index(m, s);

  return i < 0 ? NULL : &m->kids[i];
}

/* Moves the live tween s out of the array into m->kids. */
static void nest(tm_model *m, int s, int parent) {
  int i = index_of(m, s), j;
  tm_tween t = m->tw[i];

  memmove(&m->tw[i], &m->tw[i + 1], (size_t)(m->n - i - 1) * sizeof *m->tw);
  m->n--;
  room_for_one(&m->kids, m->nkids, &m->kids_cap);
  for (j = m->nkids; j > 0 && m->kids[j - 1].serial > s; j--)
    m->kids[j] = m->kids[j - 1];
  t.nested = 1;
  t.parent = parent;
  t.delaying = 0; /* its delay is part of its place */
  m->kids[j] = t;
  m->nkids++;
}

/* Takes the child s out of m->kids (its tween into *out). */
static void unnest(tm_model *m, int s, tm_tween *out) {
  int i = kid_index(m, s);

  *out = m->kids[i];
  memmove(&m->kids[i], &m->kids[i + 1],
          (size_t)(m->nkids - i - 1) * sizeof *m->kids);
  m->nkids--;
}

static void free_seq(tm_tween *t) {
  int i;

  for (i = 0; i < t->nlabels; i++)
    free(t->labels[i].name);
  free(t->labels);
  free(t->items);
  t->labels = NULL;
  t->items = NULL;
  t->nitems = t->nlabels = 0;
}

/* A KILL to run: its callback and serial. */
typedef struct tm_death {
  int serial;
  tm_callback fn;
  void *ud;
} tm_death;

/* Takes the tree of dead's children out of m->kids, their KILLs into d in
 * the order they run: timeline order, each child's own children first. */
static void release_tree(tm_model *m, tm_tween *dead, tm_death **d, int *n,
                         int *cap) {
  int i;

  for (i = 0; i < dead->nitems; i++) {
    tm_tween c;
    if (dead->items[i].serial < 0)
      continue;
    unnest(m, dead->items[i].serial, &c);
    free_path(c.path);
    if (c.seq)
      release_tree(m, &c, d, n, cap);
    if (*n == *cap) {
      *cap = *cap < 8 ? 8 : *cap * 2;
      if ((*d = realloc(*d, (size_t)*cap * sizeof **d)) == NULL)
        abort();
    }
    (*d)[*n].serial = c.serial;
    (*d)[*n].fn = c.cb[TW_ON_KILL];
    (*d)[*n].ud = c.cb_ud[TW_ON_KILL];
    (*n)++;
  }
  free_seq(dead);
}

/* The sequence dead is out of the array: every child of its tree is
 * released (stale) before the first KILL runs, then the KILLs run. */
static void seq_kill_tree(tm_model *m, tm_tween *dead) {
  tm_death *d = NULL;
  int n = 0, cap = 0, i;

  release_tree(m, dead, &d, &n, &cap);
  for (i = 0; i < n; i++)
    if (d[i].fn != NULL) {
      m->depth++;
      d[i].fn(m, d[i].serial, d[i].ud);
      m->depth--;
    }
  free(d);
}

/* The child s alone (its setter failed): its place empties, the timeline
 * keeps its shape, its KILL runs. */
static void kid_kill(tm_model *m, int s) {
  tm_tween c, *q;
  int i;

  unnest(m, s, &c);
  free_path(c.path);
  if ((q = find(m, c.parent)) != NULL)
    for (i = 0; i < q->nitems; i++)
      if (q->items[i].serial == s)
        q->items[i].serial = TM_ITEM_EMPTY;
  if (c.seq) {
    seq_kill_tree(m, &c);
  }
  if (c.cb[TW_ON_KILL] != NULL) {
    m->depth++;
    c.cb[TW_ON_KILL](m, s, c.cb_ud[TW_ON_KILL]);
    m->depth--;
  }
}

/* driving */

/* Whether the timeline has anything to call: a callback item, or a child
 * with a callback (or a sequence child with such a timeline). */
static int seq_has_callbacks(tm_model *m, const tm_tween *q) {
  int i, ev;

  for (i = 0; i < q->nitems; i++) {
    const tm_tween *c;
    if (q->items[i].serial == TM_ITEM_CALLBACK)
      return 1;
    if (q->items[i].serial < 0)
      continue;
    c = kid(m, q->items[i].serial);
    for (ev = 0; ev < TW_ON_COUNT; ev++)
      if (c->cb[ev] != NULL)
        return 1;
    if (c->seq && seq_has_callbacks(m, c))
      return 1;
  }
  return 0;
}

/* The child s to elapsed e in the given direction, as a goto with
 * callbacks: tween.h's order of events (the value, UPDATE, REWIND, one
 * STEP_COMPLETE per loop crossed, COMPLETE); a child only marks itself
 * complete. */
static void advance_kid(tm_model *m, int s, double e, int back) {
  tm_tween *c = find(m, s);
  double old = c->elapsed, total = total_time(c), k, pos, f;
  int complete, rewound, done_old, n;
  unsigned moves;

  complete = !back && c->loops > 0 && e >= total && !c->complete;
  /* it rewinds when it had moved: some time played, or a 0 s instant */
  rewound = back && e <= 0 && (old > 0 || c->complete);
  if (back)
    c->complete = 0;
  done_old = loops_done(c, old);
  c->elapsed = e;
  c->elapsed_c = 0;
  c->moves++;
  moves = c->moves;
  if (complete)
    c->complete = 1;
  n = loops_done(c, e) - done_old;
  n = n < 0 ? -n : n;
  if (c->seq && !back && n > 0 &&
      !seq_cross_loops(m, s, done_old, complete ? n - 1 : n))
    return;
  c = find(m, s);
  if (back && e <= 0) {
    f = start_fraction(c);
  } else {
    locate(c, e, &k, &pos);
    f = fraction(c, k, pos);
  }
  if (!write_value(m, s, f))
    return;
  if (!fire_step(m, s, TW_ON_UPDATE, moves))
    return;
  if (rewound && !fire_step(m, s, TW_ON_REWIND, moves))
    return;
  if (find(m, s)->cb[TW_ON_STEP_COMPLETE] == NULL || m->quiet > 0)
    n = 0;
  while (n-- > 0)
    if (!fire_step(m, s, TW_ON_STEP_COMPLETE, moves))
      return;
  if (complete)
    fire_step(m, s, TW_ON_COMPLETE, moves);
}

/* The child of an item to local time `local` of its place. */
static void drive_kid(tm_model *m, int s, double local, int back) {
  tm_tween *c = find(m, s);
  double total = total_time(c), e = local - c->delay;

  if (e < 0)
    e = 0;
  if (e > total || e >= total - total * TM_SNAP)
    e = total; /* a hair short of its end, by rounding: the end */
  if (!c->started) {
    if (back || local < c->delay)
      return; /* not reached */
    if (!start(m, s))
      return;
  } else if (e == c->elapsed && !(back && e <= 0 && c->complete) &&
             !(!back && e >= total && !c->complete)) {
    return; /* nothing changes */
  }
  advance_kid(m, s, e, back);
}

/* An item's part of one drive from `from` to `to`: whether it takes part,
 * and its key (when it reaches its final state). */
static int item_key(const tm_item *it, double from, double to, int back,
                    double *key) {
  if (it->serial == TM_ITEM_EMPTY)
    return 0;
  if (it->serial == TM_ITEM_CALLBACK) {
    *key = it->at;
    return back ? to <= it->at && it->at < from : from < it->at && it->at <= to;
  }
  if (!back) {
    *key = it->at + it->span < to ? it->at + it->span : to;
    return it->at <= to;
  }
  *key = it->at > to ? it->at : to;
  return it->at <= from; /* one at from was reached */
}

/* One drive of the sequence s to `to`, with no child start or callback
 * strictly on the way; 0 if a callback killed it or drove it anew. */
static int drive_once(tm_model *m, int s, double to) {
  tm_tween *q = find(m, s);
  double from = q->seq_t, *key;
  int back = to < from, n = 0, i, j, *order, ok = 1;
  unsigned drives;

  if (to == from)
    return 1;
  drives = ++q->drives;
  q->seq_t = to;
  order = malloc((size_t)(q->nitems + 1) * sizeof *order);
  key = malloc((size_t)(q->nitems + 1) * sizeof *key);
  if (order == NULL || key == NULL)
    abort();
  for (i = 0; i < q->nitems; i++) {
    double k;
    if (!item_key(&q->items[i], from, to, back, &k))
      continue;
    key[i] = k;
    for (j = n; j > 0 && (back ? key[order[j - 1]] < k : key[order[j - 1]] > k);
         j--)
      order[j] = order[j - 1];
    order[j] = i;
    n++;
  }
  for (j = 0; j < n && ok; j++) {
    tm_item it = q->items[order[j]];
    if (it.serial == TM_ITEM_CALLBACK) {
      if (m->quiet == 0) {
        m->depth++;
        it.fn(m, s, it.ud);
        m->depth--;
      }
    } else if (it.serial >= 0) {
      drive_kid(m, it.serial, to - it.at, back);
    }
    q = find(m, s);
    ok = q != NULL && q->drives == drives;
  }
  free(order);
  free(key);
  return ok;
}

/* The first moment strictly between from and to at which a child starts
 * (forwards) or a callback fires; `to` if none. */
static double next_stop(tm_model *m, const tm_tween *q, double from, double to,
                        int back) {
  double next = to, ev;
  int i;

  for (i = 0; i < q->nitems; i++) {
    const tm_item *it = &q->items[i];
    if (it->serial == TM_ITEM_EMPTY)
      continue;
    if (it->serial == TM_ITEM_CALLBACK)
      ev = it->at;
    else if (!back && !kid(m, it->serial)->started)
      ev = it->at + kid(m, it->serial)->delay;
    else
      continue;
    if (back ? ev < from && ev > next : ev > from && ev < next)
      next = ev;
  }
  return next;
}

/* Drives the timeline of s to `to`, in stages; 0 if a callback killed the
 * sequence or drove it anew. */
static int seq_drive(tm_model *m, int s, double to) {
  for (;;) {
    tm_tween *q = find(m, s);
    double from = q->seq_t;
    /* a fresh timeline takes what is at 0 in its first stage */
    double stop = next_stop(m, q, from < 0 ? 0 : from, to, to < from);
    if (!drive_once(m, s, stop))
      return 0;
    if (stop == to)
      return 1;
  }
}

/* write_value of a sequence: fraction e of its duration, within it. */
static int seq_write(tm_model *m, int s, double e) {
  double d = find(m, s)->duration, to = e * d;

  return seq_drive(m, s, to < 0 ? 0 : to > d ? d : to);
}

/* The ends of n loops crossed, loop done_old first: each driven to its end
 * (a yoyo's odd loops to 0), a restarting one then silently back to 0 and
 * fresh (callbacks at 0 fire again).  With nothing to call, only the last
 * two can be seen (tween.h: "at the cost of two"). */
static int seq_cross_loops(tm_model *m, int s, int done_old, int n) {
  int yoyo = find(m, s)->loop_type == TW_LOOP_YOYO, i;

  if (n > 2 && !seq_has_callbacks(m, find(m, s))) {
    done_old += n - 2;
    n = 2;
  }
  for (i = 0; i < n; i++) {
    int ended = done_old + i, ok;
    if (!seq_drive(m, s, yoyo && (ended & 1) ? 0 : find(m, s)->duration))
      return 0;
    if (!yoyo) {
      m->quiet++;
      ok = seq_drive(m, s, 0);
      m->quiet--;
      if (!ok)
        return 0;
      find(m, s)->seq_t = -1;
    }
  }
  return 1;
}

/* building */

int tm_sequence(tm_model *m, int *serial) {
  static const float none = 0;
  tm_tween *t;
  int rc, s;

  /* a tween of no value (playing, auto-kill, ease Linear) */
  rc = create(m, TW_TYPE_FLOAT, (void *)&none, NULL, NULL, NULL, &none, 0, &s);
  if (rc != 0)
    return rc;
  t = find(m, s);
  t->seq = 1;
  t->type = 0;
  t->target = NULL;
  t->given = 1;
  t->ease = TW_EASE_LINEAR;
  t->seq_t = -1;
  if (serial != NULL)
    *serial = s;
  return 0;
}

/* The unstarted sequence s, or NULL with *err set. */
static tm_tween *open_seq(tm_model *m, int s, int *err) {
  tm_tween *q = find(m, s);

  *err = q == NULL    ? TW_ESTALE
         : q->nested  ? TW_ENESTED
         : !q->seq    ? TW_EINVAL
         : q->started ? TW_ELOCKED
                      : 0;
  return *err == 0 ? q : NULL;
}

/* Why child c cannot join q, or 0. */
static int child_err(tm_model *m, const tm_tween *q, int c) {
  const tm_tween *t = find(m, c);

  if (t == NULL)
    return TW_ESTALE;
  if (t->nested)
    return TW_ENESTED;
  if (t == q)
    return TW_EINVAL;
  if (t->started)
    return TW_ELOCKED;
  if (t->loops < 0)
    return TW_EINFINITE;
  if (t->extra != 0) /* a spring with a velocity vector: its duration is
                        known when it starts (tween.h) */
    return TW_EINVAL;
  return 0;
}

static double kid_span(const tm_tween *t) { return t->delay + total_time(t); }

/* Whether a time can take `more` seconds: the sum stays finite. */
static int fits(double t, double more) { return t + more <= DBL_MAX; }

/* Whether everything of q (its duration, its labels) can move later by
 * `by`. */
static int shift_fits(const tm_tween *q, double by) {
  int i;

  for (i = 0; i < q->nlabels; i++)
    if (!fits(q->labels[i].at, by))
      return 0;
  return fits(q->duration, by);
}

static void shift(tm_tween *q, double by) {
  int i;

  for (i = 0; i < q->nitems; i++)
    q->items[i].at += by;
  for (i = 0; i < q->nlabels; i++)
    q->labels[i].at += by;
}

/* Puts the item at its place: after every item placed at or before it. */
static void insert_item(tm_tween *q, const tm_item *it) {
  int i;

  q->items = realloc(q->items, (size_t)(q->nitems + 1) * sizeof *q->items);
  if (q->items == NULL)
    abort();
  for (i = q->nitems; i > 0 && q->items[i - 1].at > it->at; i--)
    q->items[i] = q->items[i - 1];
  q->items[i] = *it;
  q->nitems++;
}

/* A child (fn NULL) or a callback item, at the place `where` says. */
static int add(tm_model *m, int s, int where, double at, int c, tm_callback fn,
               void *ud) {
  tm_tween *q;
  tm_item it;
  double delay = 0;
  int err;

  if ((q = open_seq(m, s, &err)) == NULL)
    return err;
  if (where == TM_AT_INSERT && !time_in(&at))
    return TW_EINVAL;
  memset(&it, 0, sizeof it);
  it.serial = TM_ITEM_CALLBACK;
  if (fn == NULL) {
    const tm_tween *t;
    if ((err = child_err(m, q, c)) != 0)
      return err;
    t = find(m, c);
    it.serial = c;
    delay = t->delay;
    it.span = kid_span(t);
  }
  at = where == TM_AT_APPEND    ? q->duration
       : where == TM_AT_JOIN    ? q->last_insert
       : where == TM_AT_PREPEND ? 0
                                : at;
  if (!isfinite(it.span) ||
      !(where == TM_AT_PREPEND ? shift_fits(q, it.span) : fits(at, it.span)))
    return TW_ERANGE;
  if (where == TM_AT_PREPEND) {
    shift(q, it.span);
    q->duration += it.span;
  }
  /* DOTween's join point: where this child starts moving, or this
   * callback fires */
  q->last_insert = at + delay;
  it.at = at;
  it.fn = fn;
  it.ud = ud;
  if (at + it.span > q->duration)
    q->duration = at + it.span;
  insert_item(q, &it);
  if (fn == NULL)
    nest(m, c, s);
  return 0;
}

int tm_seq_add(tm_model *m, int seq, int where, double at, int child) {
  return add(m, seq, where, at, child, NULL, NULL);
}

int tm_seq_interval(tm_model *m, int s, int prepend, double d) {
  tm_tween *q;
  int err;

  if ((q = open_seq(m, s, &err)) == NULL)
    return err;
  if (!time_in(&d))
    return TW_EINVAL;
  if (!(prepend ? shift_fits(q, d) : fits(q->duration, d)))
    return TW_ERANGE;
  /* the join point: where an appended interval starts, or 0 */
  q->last_insert = prepend ? 0.0 : q->duration;
  if (prepend)
    shift(q, d);
  q->duration += d;
  return 0;
}

int tm_seq_callback(tm_model *m, int s, int where, double at, tm_callback fn,
                    void *ud) {
  int err;

  if (open_seq(m, s, &err) == NULL)
    return err;
  if (fn == NULL)
    return TW_EINVAL;
  return add(m, s, where, at, -1, fn, ud);
}

int tm_is_sequence(const tm_model *m, int s) {
  TM_QUERY(t, m, s)
  return t->seq;
}

int tm_seq_child_at(const tm_model *m, int s, double *at, double *span) {
  const tm_tween *t = tm_find(m, s), *q;
  int i;

  if (t == NULL)
    return TW_ESTALE;
  if (!t->nested)
    return TW_EINVAL;
  q = tm_find(m, t->parent);
  for (i = 0; i < q->nitems; i++)
    if (q->items[i].serial == s) {
      if (at != NULL)
        *at = q->items[i].at;
      if (span != NULL)
        *span = q->items[i].span;
      return 0;
    }
  return TW_EINTERNAL;
}

/* staggers: the offsets are tw_stagger_offsets's, a pure function (see
 * model.h), the rest tween.h's: every child inserted, or none */

int tm_seq_stagger(tm_model *m, int s, const int *children, size_t n, double at,
                   const tw_stagger *st) {
  tm_tween *q;
  double *place;
  size_t i, j;
  int err;

  if ((q = open_seq(m, s, &err)) == NULL)
    return err;
  if ((children == NULL && n > 0) || !time_in(&at))
    return TW_EINVAL;
  place = malloc((n + 1) * sizeof *place);
  if (place == NULL)
    abort();
  err = tw_stagger_offsets(st, n, place);
  for (i = 0; i < n && err == 0; i++) {
    const tm_tween *c;
    place[i] += at;
    if ((err = child_err(m, q, children[i])) != 0)
      break;
    for (j = 0; j < i; j++)
      if (children[j] == children[i])
        err = TW_EINVAL; /* given twice */
    c = find(m, children[i]);
    if (err == 0 && (!(place[i] >= 0) || !isfinite(kid_span(c)) ||
                     !fits(place[i], kid_span(c))))
      err = TW_ERANGE;
  }
  for (i = 0; i < n && err == 0; i++)
    if (add(m, s, TM_AT_INSERT, place[i], children[i], NULL, NULL) != 0)
      abort(); /* checked */
  free(place);
  return err;
}

/* labels */

static tm_label *label_of(const tm_tween *q, const char *name) {
  int i;

  for (i = 0; i < q->nlabels; i++)
    if (strcmp(q->labels[i].name, name) == 0)
      return &q->labels[i];
  return NULL;
}

/* The sequence s, started or not, or NULL with *err set. */
static const tm_tween *a_seq(const tm_model *m, int s, int *err) {
  const tm_tween *q = tm_find(m, s);

  *err = q == NULL   ? TW_ESTALE
         : q->nested ? TW_ENESTED
         : !q->seq   ? TW_EINVAL
                     : 0;
  return *err == 0 ? q : NULL;
}

int tm_seq_add_label(tm_model *m, int s, const char *name, double at) {
  tm_tween *q;
  tm_label *l;
  int err;

  if ((q = (tm_tween *)a_seq(m, s, &err)) == NULL)
    return err;
  if (name == NULL || name[0] == 0 || !time_in(&at))
    return TW_EINVAL;
  if ((l = label_of(q, name)) != NULL) { /* added again: it moves */
    l->at = at;
    return 0;
  }
  q->labels = realloc(q->labels, (size_t)(q->nlabels + 1) * sizeof *q->labels);
  if (q->labels == NULL)
    abort();
  l = &q->labels[q->nlabels++];
  l->name = malloc(strlen(name) + 1);
  if (l->name == NULL)
    abort();
  strcpy(l->name, name);
  l->at = at;
  return 0;
}

int tm_seq_label_at(const tm_model *m, int s, const char *name, double *at) {
  const tm_tween *q;
  const tm_label *l;
  int err;

  if ((q = a_seq(m, s, &err)) == NULL)
    return err;
  if (name == NULL || at == NULL || (l = label_of(q, name)) == NULL)
    return TW_EINVAL;
  *at = l->at;
  return 0;
}

int tm_seq_insert_at_label(tm_model *m, int s, const char *name, double offset,
                           int child) {
  double at = 0;
  int rc = tm_seq_label_at(m, s, name, &at);

  if (rc != 0)
    return rc;
  if (!isfinite(offset) || !(at + offset >= 0))
    return TW_EINVAL; /* the sum may not be negative */
  if (!isfinite(at + offset))
    return TW_ERANGE;
  return tm_seq_add(m, s, TM_AT_INSERT, at + offset, child);
}

int tm_goto_label(tm_model *m, int s, const char *name, int and_play) {
  double at = 0;
  int rc = tm_seq_label_at(m, s, name, &at);

  return rc != 0 ? rc : tm_goto(m, s, at, and_play);
}

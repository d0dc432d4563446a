/* SPDX-License-Identifier: MIT */
/* Choreography settings of one tween: the delay between loops, the ease of
 * yoyo loops' backward halves, snapping, additive writes; and punch and
 * shake.  They live in the record's
 * tw__choreo (pool.c), taken on first use; shape.c reads the first two,
 * life.c's write applies the third (types.c's tw__snap). */
#include "life.h"

/* started: the setting may change after the start. */
tw__tween *tw__with_choreo(tw_manager *m, tw_handle h, int started, int *err,
                           const char *fn) {
  tw__tween *t = tw__lookup(m, h);
  int had = t != NULL && tw__rec(m, t) != NULL;

  t = started ? tw__with_record(m, h, err, fn) : tw__unstarted(m, h, err, fn);
  if (t != NULL && tw__choreo_get(m, tw__rec(m, t)) == NULL) {
    if (!had)
      tw__rec_give_back(m, t);
    *err = tw__fail(m, TW_ENOMEM, fn, "no memory for the tween's settings");
    return NULL;
  }
  return t;
}

/* A tween of a built-in type with numeric components (not rgba8, not a
 * registered type, not a sequence): what snapping and additive take. */
static int numeric(const tw__tween *t) {
  tw__value v;
  double c[4];

  memset(&v, 0, sizeof v);
  return tw__components(t->type, &v, c) != 0;
}

int tw_set_loop_delay(tw_manager *m, tw_handle h, double seconds) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_loop_delay"))
    return TW_EBUSY;
  if (!tw__time_in(&seconds))
    return tw__arg_fail(m, h, __func__, "seconds %g %s", seconds,
                        tw__time_why(seconds, 0));
  if ((t = tw__with_choreo(m, h, 0, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->ch->loop_delay = seconds;
  return 0;
}

int tw_set_yoyo_ease(tw_manager *m, tw_handle h, tw_ease ease) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_yoyo_ease"))
    return TW_EBUSY;
  if ((int)ease < -1 || (int)ease >= TW_EASE_COUNT)
    return tw__lookup(m, h) == NULL ? tw__handle_fail(m, h, __func__)
                                    : tw__fail(m, TW_EEASE, __func__,
                                               "ease %d is not one", (int)ease);
  if ((t = tw__with_choreo(m, h, 1, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->ch->yoyo_ease = (int)ease;
  return 0;
}

/* The refusal of snapping or additive for a live tween h names:
 * TW_EUNSUPPORTED for one without numeric values, TW_EINVAL for a setter tween
 * unless setter_ok; else 0 (other errors are the caller's). */
static int value_err(const tw_manager *m, tw_handle h, int setter_ok,
                     const char *fn) {
  const tw__tween *t = tw__lookup(m, h);

  if (t != NULL && !numeric(t))
    return t->flags & TW__F_SEQ
               ? tw__fail(m, TW_EUNSUPPORTED, fn, "a sequence has no value")
               : tw__type_refused(m, t->type, fn);
  if (t != NULL && !setter_ok && (t->flags & TW__F_SETTER))
    return tw__fail(m, TW_EINVAL, fn, "a setter tween cannot add its value");
  return 0;
}

int tw_set_snap(tw_manager *m, tw_handle h, double step) {
  int err;
  tw__tween *t;

  if (tw__door(m, "tw_set_snap"))
    return TW_EBUSY;
  if ((err = value_err(m, h, 1, __func__)) != 0)
    return err;
  if (!tw__time_in(&step))
    return tw__arg_fail(m, h, __func__, "step %g %s", step,
                        tw__time_why(step, 0));
  if ((t = tw__with_choreo(m, h, 1, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->ch->snap = step;
  m->fx.snap_value = tw__snap_value;
  tw__flag(t, TW__F_SNAPPED, step > 0);
  return 0;
}

int tw_set_additive(tw_manager *m, tw_handle h, int on) {
  int err;
  tw__tween *t;

  if (tw__door(m, "tw_set_additive"))
    return TW_EBUSY;
  if ((err = value_err(m, h, 0, __func__)) != 0)
    return err;
  if ((t = tw__with_choreo(m, h, 0, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->ch->primed = 0;
  m->fx.add_change = tw__add_change;
  tw__flag(t, TW__F_ADDITIVE, on);
  return 0;
}

/* punch and shake (their values: wobble.c) */

/* The record of a punch, a shake or a path has its choreography block. */
static int with_block(tw_manager *m, tw__record *r) {
  return tw__choreo_get(m, r) != NULL ? 0 : TW_ENOMEM;
}

static int wobble_prep(tw_manager *m, tw__record *r, void *ctx) {
  (void)ctx;
  return with_block(m, r);
}

/* Linear, the ease a punch, a shake and a path start with. */
static void linear(tw__tween *t) {
  t->ease = TW_EASE_LINEAR;
  t->flags &= ~(uint32_t)TW__F_PLAIN;
}

typedef struct wobble_args {
  float amount[4];
  unsigned n;
  int kind, fade;
  double segments, spread;
  uint32_t seed;
} wobble_args;

static void wobble_shape(tw_manager *m, uint32_t s, void *ctx) {
  const wobble_args *a = ctx;
  tw__tween *t = tw__t(m, s);
  tw__choreo *x = tw__rec(m, t)->ch;

  x->wobble = a->kind;
  x->fade_out = a->fade != 0;
  memset(x->amount, 0, sizeof x->amount);
  memcpy(x->amount, a->amount, a->n * sizeof(float));
  x->segments = a->segments;
  x->spread = a->spread;
  x->seed = a->seed;
  m->fx.wobble = tw__wobble;
  t->flags |= TW__F_WOBBLE;
  linear(t);
}

/* The sentence of a punch's or a shake's refusal of its arguments. */
static TW__NOINLINE int wobble_refused(const tw_manager *m, const void *target,
                                       const void *amount, double duration,
                                       int vibrato, double spread, int kind,
                                       const char *fn) {
  if (target == NULL || amount == NULL)
    return tw__fail(m, TW_EINVAL, fn, "%s is NULL",
                    target == NULL ? "target"
                    : kind == 1    ? "punch"
                                   : "strength");
  if (!tw__time_in(&duration))
    return tw__fail(m, TW_EINVAL, fn, "duration %g %s", duration,
                    tw__time_why(duration, 0));
  if (vibrato < 0)
    return tw__fail(m, TW_EINVAL, fn, "vibrato %d is negative", vibrato);
  if (!(spread >= 0 && spread <= 1))
    return tw__fail(m, TW_EINVAL, fn, "%s %g is outside [%s]",
                    kind == 1 ? "elasticity" : "randomness",
                    kind == 1 ? spread : spread * 180.0,
                    kind == 1 ? "0, 1" : "0, 180");
  return tw__fail(m, TW_EINVAL, fn, "the %s is not finite",
                  kind == 1 ? "punch" : "strength");
}

/* A punch (kind 1) or a shake (kind 2) of a float or vector target. */
static int wobble_new(tw_manager *m, int type, void *target, const void *amount,
                      double duration, int vibrato, double spread,
                      uint32_t seed, int fade, int kind, tw_handle *out) {
  tw__kind how = {wobble_prep, wobble_shape, NULL};
  wobble_args a;
  double segments;

  const char *fn = kind == 1 ? "tw_punch" : "tw_shake";

  if (m == NULL)
    return TW_EINVAL;
  if (type != TW_TYPE_FLOAT && type != TW_TYPE_VEC2 && type != TW_TYPE_VEC3 &&
      type != TW_TYPE_VEC4)
    return tw__type_refused(m, type, fn);
  if (target == NULL || amount == NULL || !tw__time_in(&duration) ||
      vibrato < 0 || !(spread >= 0 && spread <= 1) ||
      !tw__value_finite(type, amount))
    return wobble_refused(m, target, amount, duration, vibrato, spread, kind,
                          fn);
  a.n = m->types[type].floats;
  memcpy(a.amount, amount, a.n * sizeof(float));
  /* DOTween's count: vibrato per second, at least 2 */
  segments = floor((double)vibrato * duration);
  a.segments = segments < 2              ? 2
               : segments > 2147483648.0 ? 2147483648.0
                                         : segments;
  a.kind = kind;
  a.fade = fade;
  a.spread = spread;
  a.seed = seed;
  how.ctx = &a;
  return tw__create(m, type, target, NULL, NULL, amount, duration, &how, fn,
                    out);
}

int tw_punch(tw_manager *m, int type, void *target, const void *punch,
             double duration, int vibrato, double elasticity, tw_handle *out) {
  if (tw__door(m, "tw_punch"))
    return TW_EBUSY;
  return wobble_new(m, type, target, punch, duration, vibrato, elasticity, 0, 0,
                    1, out);
}

int tw_shake(tw_manager *m, int type, void *target, const void *strength,
             double duration, int vibrato, double randomness, uint32_t seed,
             int fade_out, tw_handle *out) {
  if (tw__door(m, "tw_shake"))
    return TW_EBUSY;
  return wobble_new(m, type, target, strength, duration, vibrato,
                    randomness / 180.0, seed, fade_out, 2, out);
}

/* paths (their values: path.c) */

/* Whether n points make a path of this kind: Bezier takes 3k + 1 points
 * open and 3k closed (k >= 1), the others at least 2. */
static int path_count_ok(int kind, int closed, size_t n) {
  if (kind == TW_PATH_BEZIER)
    return closed ? n >= 3 && n % 3 == 0 : n >= 4 && n % 3 == 1;
  return n >= 2;
}

typedef struct path_args {
  const float *p;
  size_t n;
  unsigned dims;
  int kind, closed, constant;
} path_args;

/* The block, and room for the points and the table of lengths. */
static int path_prep(tw_manager *m, tw__record *r, void *ctx) {
  const path_args *a = ctx;
  tw__choreo *x;
  void *buf;

  if (with_block(m, r) != 0)
    return TW_ENOMEM;
  x = r->ch;
  buf = x->pts;
  if (tw__room(m, &buf, &x->pts_cap, a->n * a->dims, sizeof *x->pts) != 0)
    return TW_ENOMEM;
  x->pts = buf;
  buf = x->arc;
  if (tw__room(m, &buf, &x->arc_cap,
               tw__path_nseg(a->kind, a->closed, a->n) * TW__PATH_SAMPLES + 1,
               sizeof *x->arc) != 0)
    return TW_ENOMEM;
  x->arc = buf;
  /* a path only once its buffers are had: a block whose room was refused
   * (and which the pool keeps) names no points it does not hold */
  x->npts = a->n;
  x->dims = a->dims;
  x->path = 1 + a->kind;
  x->closed = a->closed;
  return 0;
}

static void path_shape(tw_manager *m, uint32_t s, void *ctx) {
  const path_args *a = ctx;
  tw__tween *t = tw__t(m, s);
  tw__choreo *x = tw__rec(m, t)->ch;
  size_t size = a->dims * sizeof *a->p;

  memcpy(x->pts, a->p, a->n * size);
  x->constant = a->constant;
  tw__path_table(x);
  /* its start is its first point */
  tw__set_value(m, t, TW__START, a->p);
  m->fx.path_value = tw__path_value;
  t->flags |= TW__F_PATH | TW__F_STARTSET;
  linear(t);
}

/* The most points a path takes: its points and its table of lengths
 * (TW__PATH_SAMPLES + 1 a segment) are sizes that cannot wrap. */
#define PATH_MAX_POINTS (((size_t)-1) / 64 / 3)

/* The sentence of a path's refusal of its arguments. */
static TW__NOINLINE int path_refused(const tw_manager *m, const void *target,
                                     const void *points, double duration,
                                     tw_path_kind kind, size_t n) {
  int k = (int)kind & 15, closed = ((int)kind & TW_PATH_CLOSED) != 0;

  if (target == NULL || points == NULL)
    return tw__fail(m, TW_EINVAL, "tw_path", "%s is NULL",
                    target == NULL ? "target" : "points");
  if (!tw__time_in(&duration))
    return tw__fail(m, TW_EINVAL, "tw_path", "duration %g %s", duration,
                    tw__time_why(duration, 0));
  if (k > TW_PATH_BEZIER ||
      ((int)kind & ~(15 | TW_PATH_CLOSED | TW_PATH_CONSTANT_SPEED)) != 0)
    return tw__fail(m, TW_EINVAL, "tw_path", "kind %d is not a path kind",
                    (int)kind);
  if (n > PATH_MAX_POINTS)
    return tw__fail(m, TW_EINVAL, "tw_path",
                    "%lu points are more than a path takes (%lu)",
                    (unsigned long)n, (unsigned long)PATH_MAX_POINTS);
  if (k == TW_PATH_BEZIER)
    return tw__fail(m, TW_EINVAL, "tw_path",
                    "%lu points do not make a%s Bezier path (%s)",
                    (unsigned long)n, closed ? " closed" : "n open",
                    closed ? "3k, k >= 1" : "3k + 1, k >= 1");
  return tw__fail(m, TW_EINVAL, "tw_path",
                  "%lu points: a path takes 2 at least", (unsigned long)n);
}

int tw_path(tw_manager *m, int type, void *target, const void *points, size_t n,
            tw_path_kind kind, double duration, tw_handle *out) {
  tw__kind how = {path_prep, path_shape, NULL};
  path_args a;
  size_t i;

  if (tw__door(m, "tw_path"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  if (type != TW_TYPE_VEC2 && type != TW_TYPE_VEC3)
    return tw__type_refused(m, type, "tw_path");
  a.p = points;
  a.n = n;
  a.dims = type == TW_TYPE_VEC2 ? 2 : 3;
  a.kind = (int)kind & 15;
  a.closed = ((int)kind & TW_PATH_CLOSED) != 0;
  a.constant = ((int)kind & TW_PATH_CONSTANT_SPEED) != 0;
  if (target == NULL || points == NULL || !tw__time_in(&duration) ||
      a.kind > TW_PATH_BEZIER ||
      ((int)kind & ~(15 | TW_PATH_CLOSED | TW_PATH_CONSTANT_SPEED)) != 0 ||
      !path_count_ok(a.kind, a.closed, n) || n > PATH_MAX_POINTS)
    return path_refused(m, target, points, duration, kind, n);
  for (i = 0; i < n; i++)
    if (!tw__value_finite(type, a.p + i * a.dims))
      return tw__fail(m, TW_EINVAL, "tw_path", "point %lu is not finite",
                      (unsigned long)i);
  how.ctx = &a;
  /* it ends on its last point (its first, closed) */
  return tw__create(m, type, target, NULL, NULL,
                    a.p + (a.closed ? 0 : (n - 1) * a.dims), duration, &how,
                    "tw_path", out);
}

int tw_path_tangent(const tw_manager *m, tw_handle h, void *out) {
  const tw__tween *t;
  double d[3];
  float v[3];
  unsigned c;

  if (tw__door(m, "tw_path_tangent"))
    return TW_EBUSY;
  t = tw__lookup(m, h);
  if (t == NULL)
    return tw__handle_fail(m, h, __func__);
  if (!(t->flags & TW__F_PATH) || out == NULL)
    return tw__fail(m, TW_EINVAL, __func__,
                    out == NULL ? "out is NULL" : "the tween is not a path");
  tw__path_tangent(tw__rec(m, t)->ch,
                   tw__fraction_at(m, t, *tw__elapsed_of(m, t)), d);
  for (c = 0; c < 3; c++)
    v[c] = (float)d[c];
  memcpy(out, v, tw__rec(m, t)->ch->dims * sizeof *v);
  return 0;
}

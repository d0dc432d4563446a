/* SPDX-License-Identifier: MIT */
/* Choreography settings of one tween: the delay between loops, the ease of
 * yoyo loops' backward halves, snapping, additive writes; and punch and
 * shake.  They live in the record's
 * tw__choreo (pool.c), taken on first use; shape.c reads the first two,
 * life.c's write applies the third (types.c's tw__snap). */
#include "tween-private.h"

/* started: the setting may change after the start. */
tw__tween *tw__with_choreo(tw_manager *m, tw_handle h, int started, int *err) {
  tw__tween *t =
      started ? tw__with_record(m, h, err) : tw__unstarted(m, h, err);

  if (t != NULL && tw__choreo_get(m, t->rec) == NULL) {
    *err = TW_ENOMEM;
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

  if (!tw__time_ok(seconds))
    return tw__arg_err(m, h);
  if ((t = tw__with_choreo(m, h, 0, &err)) == NULL)
    return err;
  t->rec->ch->loop_delay = seconds;
  return 0;
}

int tw_set_yoyo_ease(tw_manager *m, tw_handle h, tw_ease ease) {
  int err = 0;
  tw__tween *t;

  if ((int)ease < -1 || (int)ease >= TW_EASE_COUNT)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EEASE;
  if ((t = tw__with_choreo(m, h, 1, &err)) == NULL)
    return err;
  t->rec->ch->yoyo_ease = (int)ease;
  return 0;
}

/* The refusal of snapping or additive for a live tween h names: TW_ETYPE
 * for one without numeric values, TW_EINVAL for a setter tween unless
 * setter_ok; else 0 (other errors are the caller's). */
static int value_err(const tw_manager *m, tw_handle h, int setter_ok) {
  const tw__tween *t = tw__lookup(m, h);

  if (t != NULL && !numeric(t))
    return TW_ETYPE;
  if (t != NULL && !setter_ok && (t->flags & TW__F_SETTER))
    return TW_EINVAL;
  return 0;
}

int tw_set_snap(tw_manager *m, tw_handle h, double step) {
  int err = value_err(m, h, 1);
  tw__tween *t;

  if (err != 0)
    return err;
  if (!tw__time_ok(step))
    return tw__arg_err(m, h);
  if ((t = tw__with_choreo(m, h, 1, &err)) == NULL)
    return err;
  t->rec->ch->snap = step;
  tw__flag(t, TW__F_SNAPPED, step > 0);
  return 0;
}

int tw_set_additive(tw_manager *m, tw_handle h, int on) {
  int err = value_err(m, h, 0);
  tw__tween *t;

  if (err != 0)
    return err;
  if ((t = tw__with_choreo(m, h, 0, &err)) == NULL)
    return err;
  t->rec->ch->primed = 0;
  tw__flag(t, TW__F_ADDITIVE, on);
  return 0;
}

/* punch and shake (their values: wobble.c) */

/* A creation whose growth's warning hook killed the new tween: 0 and the
 * (stale) handle, as tw_to gives. */
static int killed(tw_handle h, tw_handle *out) {
  if (out != NULL)
    *out = h;
  return 0;
}

/* A punch (kind 1) or a shake (kind 2) of a float or vector target. */
static int wobble_new(tw_manager *m, int type, void *target, const void *amount,
                      double duration, int vibrato, double spread,
                      uint32_t seed, int fade, int kind, tw_handle *out) {
  float v[4];
  double segments;
  tw__tween *t;
  tw__choreo *x;
  tw_handle h;
  unsigned c, n;
  int err = 0;

  if (m == NULL)
    return TW_EINVAL;
  if (type != TW_TYPE_FLOAT && type != TW_TYPE_VEC2 && type != TW_TYPE_VEC3 &&
      type != TW_TYPE_VEC4)
    return TW_ETYPE;
  if (target == NULL || amount == NULL || !tw__time_ok(duration) ||
      vibrato < 0 || !(spread >= 0 && spread <= 1))
    return TW_EINVAL;
  n = m->types[type].floats;
  memcpy(v, amount, n * sizeof(float));
  for (c = 0; c < n; c++)
    if (!tw__finite(v[c]))
      return TW_EINVAL;
  if ((err = tw_to(m, type, target, amount, duration, &h)) != 0)
    return err;
  if (tw__lookup(m, h) == NULL)
    return killed(h, out);
  if ((t = tw__with_choreo(m, h, 0, &err)) == NULL) {
    tw_kill(m, h, 0); /* nothing of it was seen */
    return err;
  }
  /* DOTween's count: vibrato per second, at least 2 */
  segments = floor((double)vibrato * duration);
  x = t->rec->ch;
  x->wobble = kind;
  x->fade_out = fade != 0;
  memset(x->amount, 0, sizeof x->amount);
  memcpy(x->amount, v, n * sizeof(float));
  x->segments = segments < 2              ? 2
                : segments > 2147483648.0 ? 2147483648.0
                                          : segments;
  x->spread = spread;
  x->seed = seed;
  t->flags |= TW__F_WOBBLE;
  tw_set_ease(m, h, TW_EASE_LINEAR);
  if (out != NULL)
    *out = h;
  return 0;
}

int tw_punch(tw_manager *m, int type, void *target, const void *punch,
             double duration, int vibrato, double elasticity, tw_handle *out) {
  return wobble_new(m, type, target, punch, duration, vibrato, elasticity, 0, 0,
                    1, out);
}

int tw_shake(tw_manager *m, int type, void *target, const void *strength,
             double duration, int vibrato, double randomness, uint32_t seed,
             int fade_out, tw_handle *out) {
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

int tw_path(tw_manager *m, int type, void *target, const void *points, size_t n,
            tw_path_kind kind, double duration, tw_handle *out) {
  int k = (int)kind & 15, closed = ((int)kind & TW_PATH_CLOSED) != 0, err = 0;
  unsigned dims = type == TW_TYPE_VEC2 ? 2 : 3;
  const float *p = points;
  size_t i, narc;
  tw__choreo *x;
  tw__tween *t;
  tw_handle h;
  void *buf;

  if (m == NULL)
    return TW_EINVAL;
  if (type != TW_TYPE_VEC2 && type != TW_TYPE_VEC3)
    return TW_ETYPE;
  if (target == NULL || points == NULL || !tw__time_ok(duration) ||
      k > TW_PATH_BEZIER ||
      ((int)kind & ~(15 | TW_PATH_CLOSED | TW_PATH_CONSTANT_SPEED)) != 0 ||
      !path_count_ok(k, closed, n) || n > ((size_t)-1) / 64 / 3)
    return TW_EINVAL;
  for (i = 0; i < n * dims; i++)
    if (!tw__finite(p[i]))
      return TW_EINVAL;
  /* it ends on its last point (its first, closed) */
  if ((err = tw_to(m, type, target, p + (closed ? 0 : (n - 1) * dims), duration,
                   &h)) != 0)
    return err;
  if (tw__lookup(m, h) == NULL)
    return killed(h, out);
  t = tw__with_choreo(m, h, 0, &err);
  x = t != NULL ? t->rec->ch : NULL;
  if (x != NULL) {
    x->npts = n;
    x->dims = dims;
    x->path = 1 + k;
    x->closed = closed;
  }
  narc = x != NULL ? tw__path_segments(x) * TW__PATH_SAMPLES + 1 : 0;
  buf = x != NULL ? (void *)x->pts : NULL;
  if (x == NULL ||
      tw__room(m, &buf, &x->pts_cap, n * dims, sizeof *x->pts) != 0 ||
      (x->pts = buf, buf = x->arc,
       tw__room(m, &buf, &x->arc_cap, narc, sizeof *x->arc) != 0)) {
    tw_kill(m, h, 0); /* nothing of it was seen */
    return TW_ENOMEM;
  }
  x->arc = buf;
  memcpy(x->pts, p, n * dims * sizeof *x->pts);
  x->constant = ((int)kind & TW_PATH_CONSTANT_SPEED) != 0;
  tw__path_table(x);
  /* its start is its first point */
  memcpy(tw__val(m, t, dims * sizeof *p, TW__START), p, dims * sizeof *p);
  t->flags |= TW__F_PATH | TW__F_STARTSET;
  tw_set_ease(m, h, TW_EASE_LINEAR);
  if (out != NULL)
    *out = h;
  return 0;
}

int tw_path_tangent(const tw_manager *m, tw_handle h, void *out) {
  const tw__tween *t = tw__lookup(m, h);
  const tw__choreo *x;
  double f, a[3], b[3], len = 0, d = 1e-4;
  float v[3];
  unsigned c;

  if (t == NULL)
    return tw__handle_err(m, h);
  if (!(t->flags & TW__F_PATH) || out == NULL)
    return TW_EINVAL;
  x = t->rec->ch;
  f = tw__fraction_at(t, t->elapsed);
  f = f < 0 ? 0 : f > 1 ? 1 : f;
  tw__path_at(x, f - d < 0 ? 0 : f - d, a);
  tw__path_at(x, f + d > 1 ? 1 : f + d, b);
  for (c = 0; c < x->dims; c++)
    len += (b[c] - a[c]) * (b[c] - a[c]);
  len = sqrt(len);
  for (c = 0; c < x->dims; c++)
    v[c] = len > 0 ? (float)((b[c] - a[c]) / len) : 0.0f;
  memcpy(out, v, x->dims * sizeof *v);
  return 0;
}

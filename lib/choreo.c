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
  double c[4];

  return tw__components(t->type, &t->start, c) != 0;
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

int tw_set_snap(tw_manager *m, tw_handle h, double step) {
  int err = 0;
  tw__tween *t = tw__lookup(m, h);

  if (t != NULL && !numeric(t))
    return TW_ETYPE;
  if (!tw__time_ok(step))
    return tw__arg_err(m, h);
  if ((t = tw__with_choreo(m, h, 1, &err)) == NULL)
    return err;
  t->rec->ch->snap = step;
  tw__flag(t, TW__F_SNAPPED, step > 0);
  return 0;
}

int tw_set_additive(tw_manager *m, tw_handle h, int on) {
  int err = 0;
  tw__tween *t = tw__lookup(m, h);

  if (t != NULL && !numeric(t))
    return TW_ETYPE;
  if (t != NULL && (t->flags & TW__F_SETTER))
    return TW_EINVAL;
  if ((t = tw__with_choreo(m, h, 0, &err)) == NULL)
    return err;
  t->rec->ch->primed = 0;
  tw__flag(t, TW__F_ADDITIVE, on);
  return 0;
}

/* punch and shake (their values: wobble.c) */

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

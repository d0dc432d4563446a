/* SPDX-License-Identifier: MIT */
/* Interruption's public face: retarget, spring tweens and quickTo.
 *
 * A spring tween is a tween whose ease is its spring's motion over the
 * time the spring takes to settle.  With a velocity along the way only,
 * that time is known at creation: the rest threshold and the velocity are
 * relative to the distance, so it does not depend on the values, and the
 * spring fits in sequences and answers tw_duration like any tween.  A
 * velocity vector of its own (tw_spring_to_v) is the velocity term of a
 * retargeted spring from the start (c B(t), per component, spring.c): its
 * settling time depends on the distance, and is computed again when the
 * tween starts (life.c).  Any slicing of time gives the same values (the
 * motion is a closed form of the elapsed time), and at its end a spring
 * writes its end value exactly. */
#include "life.h"

#include <math.h>

void tw_spring_init(tw_spring *s) {
  if (s == NULL)
    return;
  s->stiffness = 100.0;
  s->damping = 20.0; /* critical for mass 1 */
  s->mass = 1.0;
  s->velocity = 0.0;
  s->epsilon = 0.001;
}

static int positive(double x) { return x > 0 && tw__finite(x); }

int tw_spring_damping_ratio(tw_spring *s, double ratio) {
  double d;

  if (s == NULL || !positive(ratio) || !positive(s->stiffness) ||
      !positive(s->mass))
    return TW_EINVAL;
  d = ratio * 2.0 * sqrt(s->stiffness) * sqrt(s->mass);
  if (!positive(d))
    return TW_EINVAL;
  s->damping = d;
  return 0;
}

int tw_spring_duration_bounce(tw_spring *s, double duration, double bounce) {
  double w, k, d;

  if (s == NULL || !positive(duration) || !(bounce > -1.0 && bounce < 1.0))
    return TW_EINVAL;
  w = TW__TWO_PI / duration;
  k = w * w;
  d = bounce >= 0 ? 2.0 * w * (1.0 - bounce) : 2.0 * w / (1.0 + bounce);
  if (!positive(k) || !positive(d))
    return TW_EINVAL;
  s->mass = 1.0;
  s->stiffness = k;
  s->damping = d;
  return 0;
}

/* The spring of p, and how long it takes to settle; TW_EINVAL. */
static int spring_of(const tw_spring *p, tw__spring *s, double *settle) {
  if (p == NULL || !positive(p->stiffness) || !positive(p->damping) ||
      !positive(p->mass) || !tw__finite(p->velocity) ||
      !(p->epsilon > 0 && p->epsilon < 1))
    return TW_EINVAL;
  tw__spring_make(s, p->stiffness, p->damping, p->mass);
  s->v0 = p->velocity;
  s->eps = p->epsilon;
  /* from -1 (the way's start, as a fraction) towards 0, at v0 */
  *settle = tw__spring_settle(s, -1.0, s->v0, s->eps);
  return tw__time_in(settle) ? 0 : TW_EINVAL;
}

/* A spring to make: its spring, and its velocity vector, if any. */
typedef struct spring_kind {
  tw__spring sp;
  double c[4];
  int has_c;
} spring_kind;

/* Makes the tween just created in slot s (with a record) a spring, before
 * anything of it is seen (tw__kind). */
static void spring_shape(tw_manager *m, uint32_t s, void *ctx) {
  const spring_kind *k = ctx;
  tw__tween *t = tw__t(m, s);

  tw__rec(m, t)->spring = k->sp;
  t->ease = TW__EASE_SPRING;
  t->flags &= ~(uint32_t)TW__F_PLAIN;
  if (k->has_c) { /* the velocity term of a retargeted spring, from 0 */
    memcpy(tw__rec(m, t)->extra_c, k->c, sizeof k->c);
    tw__rec(m, t)->extra = TW__EXTRA_SPRING;
    m->fx.spring_span = tw__spring_span;
    m->fx.extra_value = tw__extra_value;
    tw__rec(m, t)->extra_j = 0;
    t->flags |= TW__F_EXTRA;
  }
}

/* Takes the velocity vector (NULL: none) into k; until the spring starts,
 * its duration is that from the target's value now (read through get for
 * a setter).  TW_EINVAL, TW_ETYPE, TW_EUNSUPPORTED. */
static int spring_velocity(tw_manager *m, int type, void *target,
                           tw_setter_fn set, tw_getter_fn get, const void *end,
                           const void *velocity, spring_kind *k,
                           double *settle) {
  tw__value cur;
  unsigned i;

  memset(k->c, 0, sizeof k->c);
  k->has_c = 0;
  if (velocity == NULL)
    return 0;
  if (m == NULL || end == NULL || (set == NULL ? target == NULL : get == NULL))
    return TW_EINVAL;
  if (!tw__type_valid(m, type))
    return TW_ETYPE;
  if (tw__components(type, velocity, k->c) == 0)
    return TW_EUNSUPPORTED; /* a velocity needs components */
  if (!tw__value_finite(type, velocity) || !tw__value_finite(type, end))
    return TW_EINVAL;
  for (i = 0; i < 4; i++)
    k->has_c |= k->c[i] != 0;
  if (!k->has_c)
    return 0; /* no velocity: tw_spring_to's spring */
  if (set == NULL)
    memcpy(&cur, target, m->types[type].size);
  else
    TW__CALL(m, get(target, &cur));
  *settle = tw__spring_between(&k->sp, type, &cur, end, k->c);
  return tw__time_in(settle) ? 0 : TW_EINVAL;
}

/* The refusal of a spring's params by fn (TW_EINVAL), with its sentence. */
static int params_refused(const tw_manager *m, const char *fn) {
  return tw__fail(m, TW_EINVAL, fn,
                  "params are not a spring: stiffness, damping and mass above "
                  "0, a finite velocity, epsilon in (0, 1), and a settling "
                  "time");
}

static int spring_make(tw_manager *m, int type, void *target, tw_setter_fn set,
                       tw_getter_fn get, const void *end,
                       const tw_spring *params, const void *velocity,
                       tw_handle *out, const char *fn) {
  spring_kind k;
  tw__kind how;
  double settle;
  int rc;

  if (spring_of(params, &k.sp, &settle) != 0)
    return params_refused(m, fn);
  rc = spring_velocity(m, type, target, set, get, end, velocity, &k, &settle);
  if (rc == TW_ETYPE || rc == TW_EUNSUPPORTED)
    return tw__type_refused(m, type, fn);
  if (rc != 0)
    return tw__fail(m, rc, fn,
                    "target, end or get NULL, or end or velocity not finite");
  how.prep = NULL;
  how.shape = spring_shape;
  how.ctx = &k;
  if (m != NULL && set != NULL)
    tw__fx_setters(m);
  return tw__create(m, type, target, set, get, end, settle, &how, fn, out);
}

int tw_spring_to(tw_manager *m, int type, void *target, const void *end,
                 const tw_spring *params, tw_handle *out) {
  if (tw__door(m, "tw_spring_to"))
    return TW_EBUSY;
  return spring_make(m, type, target, NULL, NULL, end, params, NULL, out,
                     "tw_spring_to");
}

int tw_spring_to_fn(tw_manager *m, int type, tw_setter_fn set, tw_getter_fn get,
                    void *ud, const void *end, const tw_spring *params,
                    tw_handle *out) {
  if (tw__door(m, "tw_spring_to_fn"))
    return TW_EBUSY;
  if (set == NULL)
    return tw__fail(m, TW_EINVAL, "tw_spring_to_fn", "set is NULL");
  return spring_make(m, type, ud, set, get, end, params, NULL, out,
                     "tw_spring_to_fn");
}

int tw_spring_to_v(tw_manager *m, int type, void *target, const void *end,
                   const tw_spring *params, const void *velocity,
                   tw_handle *out) {
  if (tw__door(m, "tw_spring_to_v"))
    return TW_EBUSY;
  return spring_make(m, type, target, NULL, NULL, end, params, velocity, out,
                     "tw_spring_to_v");
}

int tw_spring_to_fn_v(tw_manager *m, int type, tw_setter_fn set,
                      tw_getter_fn get, void *ud, const void *end,
                      const tw_spring *params, const void *velocity,
                      tw_handle *out) {
  if (tw__door(m, "tw_spring_to_fn_v"))
    return TW_EBUSY;
  if (set == NULL)
    return tw__fail(m, TW_EINVAL, "tw_spring_to_fn_v", "set is NULL");
  return spring_make(m, type, ud, set, get, end, params, velocity, out,
                     "tw_spring_to_fn_v");
}

int tw_retarget(tw_manager *m, tw_handle h, const void *end, double duration) {
  tw__tween *t;

  if (tw__door(m, "tw_retarget"))
    return TW_EBUSY;
  t = tw__lookup(m, h);
  if (t == NULL)
    return tw__handle_fail(m, h, "tw_retarget");
  /* a float on its way: the additive retarget's fast path, which leaves
   * any other case to the general way (a call in tail position: nothing
   * of this one kept across it) */
  if (TW__FAST_PATHS && t->type == TW_TYPE_FLOAT && end != NULL)
    return tw__retarget_float(m, (uint32_t)(t - m->active), end, duration);
  return tw__retarget_general(m, t, end, duration);
}

/* quickTo: tw_go and its kin.
 *
 * The tween a call goes on to is the newest live one bound to exactly its
 * target (the pointer and the type, or the setter and its user data), and
 * without a key of its own (tw_set_key), found through the key index: the
 * tweens whose keys meet the target's first byte (or the setter's pair), in
 * creation order by their outermost sequence's place. */

typedef struct go_find {
  const tw_manager *m;
  const void *target; /* the pointer, or the setter's user data */
  tw_setter_fn set;
  uint32_t best, top;
} go_find;

static int go_newest(void *ctx, uint32_t s) {
  go_find *g = ctx;
  const tw__tween *t = tw__t(g->m, s);
  uint32_t top;

  if (tw__hot_of(g->m, t)->target != g->target ||
      (tw__rec(g->m, t) != NULL && tw__rec(g->m, t)->key != NULL) ||
      (g->set == NULL
           ? (t->flags & TW__F_SETTER) != 0
           : !(t->flags & TW__F_SETTER) || tw__rec(g->m, t)->set != g->set))
    return 0;
  top = tw__top_index(g->m, s);
  if (g->best == TW__NO_SLOT || top > g->top) {
    g->best = s;
    g->top = top;
  }
  return 0;
}

/* The newest live tween bound to target (by set, if not NULL), if it can
 * take a new end of this type: the slot of a tween of the array, or
 * TW__NO_SLOT. */
static uint32_t go_find_slot(tw_manager *m, int type, const void *target,
                             tw_setter_fn set) {
  go_find g;
  tw__key k;
  const tw__tween *t;

  tw__keys_on(m); /* without memory for the index, the slots are scanned */
  k.at = (uintptr_t)target;
  k.len = set == NULL ? 1 : 0;
  k.set = set;
  g.m = m;
  g.target = target;
  g.set = set;
  g.best = TW__NO_SLOT;
  g.top = 0;
  tw__keys_each(m, &k, go_newest, &g);
  if (g.best == TW__NO_SLOT)
    return TW__NO_SLOT;
  t = tw__t(m, g.best);
  if (t->type != type || tw__loops(m, t) != 1 ||
      (t->flags & (TW__F_CHILD | TW__F_SEQ | TW__F_WOBBLE | TW__F_PATH)))
    return TW__NO_SLOT; /* not one to send: a new tween writes over it */
  return g.best;
}

/* The refusal of a tw_go call fn's arguments, before anything is looked
 * at (the key index is built by the search): 0, or TW_EINVAL or TW_ETYPE
 * with its sentence. */
static int go_refused(tw_manager *m, int type, const void *target,
                      tw_setter_fn set, tw_getter_fn get, const void *end,
                      const char *fn) {
  if (m == NULL)
    return TW_EINVAL;
  if (target == NULL || end == NULL || (set != NULL && get == NULL))
    return tw__fail(m, TW_EINVAL, fn, "%s is NULL",
                    target == NULL ? (set != NULL ? "ud" : "target")
                    : end == NULL  ? "end"
                                   : "get");
  if (!tw__type_valid(m, type))
    return tw__type_refused(m, type, fn);
  if (!tw__value_finite(type, end))
    return tw__fail(m, TW_EINVAL, fn, "end is not finite");
  return 0;
}

static int go(tw_manager *m, int type, void *target, tw_setter_fn set,
              tw_getter_fn get, const void *end, double duration,
              tw_handle *out, const char *fn) {
  uint32_t s;
  tw_handle h;
  int rc;

  /* target is the setter's user data for a setter: its key */
  if ((rc = go_refused(m, type, target, set, get, end, fn)) != 0)
    return rc;
  if (!tw__time_in(&duration) || duration > TW__TIME_CAP)
    return tw__fail(m, TW_EINVAL, fn, "duration %g %s", duration,
                    tw__time_why(duration, 1));
  s = go_find_slot(m, type, target, set);
  if (s == TW__NO_SLOT)
    return set == NULL
               ? tw_to(m, type, target, end, duration, out)
               : tw_to_fn(m, type, set, get, target, end, duration, out);
  h = tw__handle_of(m, s);
  rc = tw_retarget(m, h, end, duration);
  if (rc == 0 && out != NULL)
    *out = h;
  return rc;
}

/* tw_spring_go: the tween found sent on as a spring of params, or a new
 * spring. */
static int spring_go(tw_manager *m, int type, void *target, tw_setter_fn set,
                     tw_getter_fn get, const void *end, const tw_spring *params,
                     tw_handle *out, const char *fn) {
  tw__spring sp;
  tw__tween *t;
  double settle;
  uint32_t s;
  int rc;

  if ((rc = go_refused(m, type, target, set, get, end, fn)) != 0)
    return rc;
  if (spring_of(params, &sp, &settle) != 0)
    return params_refused(m, fn);
  s = go_find_slot(m, type, target, set);
  if (s == TW__NO_SLOT)
    return spring_make(m, type, target, set, get, end, params, NULL, out, fn);
  t = tw__t(m, s);
  if (tw__rec_need(m, t) == NULL)
    return tw__fail(m, TW_ENOMEM, fn, "no memory for the tween's record");
  if ((t->flags & TW__F_STARTED) && !(t->flags & TW__F_READING)) {
    tw__fx_retarget(m); /* the update reaches it through m->fx */
    tw__retarget(m, s, end, -1, &sp);
  } else { /* before its start, or while its start is read (its own getter
              calls), as tw_retarget: a new end, and the spring; a velocity
              vector of its own stays (its time comes when it starts) */
    tw__set_value(m, t, TW__END, end);
    tw__rec(m, t)->spring = sp;
    t->ease = TW__EASE_SPRING;
    tw__set_duration(tw__hot_of(m, t), settle);
    t->flags &=
        ~(uint32_t)(TW__F_PLAIN | TW__F_FROM | TW__F_RELATIVE | TW__F_SPEED);
  }
  if (out != NULL)
    *out = tw__handle_of(m, s);
  return 0;
}

int tw_go(tw_manager *m, int type, void *target, const void *end,
          double duration, tw_handle *out) {
  if (tw__door(m, "tw_go"))
    return TW_EBUSY;
  return go(m, type, target, NULL, NULL, end, duration, out, "tw_go");
}

int tw_go_fn(tw_manager *m, int type, tw_setter_fn set, tw_getter_fn get,
             void *ud, const void *end, double duration, tw_handle *out) {
  if (tw__door(m, "tw_go_fn"))
    return TW_EBUSY;
  if (set == NULL)
    return tw__fail(m, TW_EINVAL, "tw_go_fn", "set is NULL");
  return go(m, type, ud, set, get, end, duration, out, "tw_go_fn");
}

int tw_float_go(tw_manager *m, float *target, float end, double duration,
                tw_handle *out) {
  if (tw__door(m, "tw_float_go"))
    return TW_EBUSY;
  return go(m, TW_TYPE_FLOAT, target, NULL, NULL, &end, duration, out,
            "tw_float_go");
}

int tw_spring_go(tw_manager *m, int type, void *target, const void *end,
                 const tw_spring *params, tw_handle *out) {
  if (tw__door(m, "tw_spring_go"))
    return TW_EBUSY;
  return spring_go(m, type, target, NULL, NULL, end, params, out,
                   "tw_spring_go");
}

int tw_spring_go_fn(tw_manager *m, int type, tw_setter_fn set, tw_getter_fn get,
                    void *ud, const void *end, const tw_spring *params,
                    tw_handle *out) {
  if (tw__door(m, "tw_spring_go_fn"))
    return TW_EBUSY;
  if (set == NULL)
    return tw__fail(m, TW_EINVAL, "tw_spring_go_fn", "set is NULL");
  return spring_go(m, type, ud, set, get, end, params, out, "tw_spring_go_fn");
}

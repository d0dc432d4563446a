/* SPDX-License-Identifier: MIT */
/* Interruption's public face: retarget, and spring tweens.
 *
 * A spring tween is a tween whose ease is its spring's motion over the
 * time the spring takes to settle, which is known at creation: the rest
 * threshold and the initial velocity are relative to the distance, so the
 * settling time does not depend on the values.  It therefore fits in
 * sequences and answers tw_duration like any tween, and any slicing of
 * time gives the same values (the motion is a closed form of the elapsed
 * time, spring.c).  At its end it writes its end value exactly. */
#include "tween-private.h"

#include <math.h>

#define TW__TWO_PI 6.28318530717958647692

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
  if (s == NULL || !positive(ratio) || !positive(s->stiffness) ||
      !positive(s->mass))
    return TW_EINVAL;
  s->damping = ratio * 2.0 * sqrt(s->stiffness * s->mass);
  return 0;
}

int tw_spring_duration_bounce(tw_spring *s, double duration, double bounce) {
  double w;

  if (s == NULL || !positive(duration) || !(bounce > -1.0 && bounce < 1.0))
    return TW_EINVAL;
  w = TW__TWO_PI / duration;
  s->mass = 1.0;
  s->stiffness = w * w;
  s->damping =
      bounce >= 0 ? 2.0 * w * (1.0 - bounce) : 2.0 * w / (1.0 + bounce);
  return 0;
}

/* The spring of p, and how long it takes to settle; TW_EINVAL. */
static int spring_of(const tw_spring *p, tw__spring *s, double *settle) {
  if (p == NULL || !positive(p->stiffness) || !positive(p->damping) ||
      !positive(p->mass) || !tw__finite(p->velocity) ||
      !(p->epsilon > 0 && p->epsilon < 1))
    return TW_EINVAL;
  s->w0 = sqrt(p->stiffness / p->mass);
  s->zeta = p->damping / (2.0 * sqrt(p->stiffness * p->mass));
  s->v0 = p->velocity;
  s->eps = p->epsilon;
  if (!positive(s->w0) || !positive(s->zeta))
    return TW_EINVAL;
  *settle = tw__spring_settle(s, 1.0, fabs(s->v0), s->eps);
  return tw__time_ok(*settle) ? 0 : TW_EINVAL;
}

/* Makes the tween just created in h a spring; kills it if it cannot. */
static int springify(tw_manager *m, tw_handle h, const tw__spring *sp,
                     tw_handle *out) {
  tw__tween *t = tw__lookup(m, h);

  if (out != NULL)
    *out = h;
  if (t == NULL)
    return 0; /* the warning hook of its growth killed it: as with tw_to */
  if (t->rec == NULL && (t->rec = tw__record_get(m, t->type)) == NULL) {
    tw__kill(m, tw__slot_of(m, t));
    return TW_ENOMEM;
  }
  t->rec->spring = *sp;
  t->ease = TW__EASE_SPRING;
  t->flags &= ~(uint32_t)TW__F_PLAIN;
  return 0;
}

int tw_spring_to(tw_manager *m, int type, void *target, const void *end,
                 const tw_spring *params, tw_handle *out) {
  tw__spring sp;
  double settle;
  tw_handle h;
  int rc = spring_of(params, &sp, &settle);

  if (rc == 0)
    rc = tw_to(m, type, target, end, settle, &h);
  return rc != 0 ? rc : springify(m, h, &sp, out);
}

int tw_spring_to_fn(tw_manager *m, int type, tw_setter_fn set, tw_getter_fn get,
                    void *ud, const void *end, const tw_spring *params,
                    tw_handle *out) {
  tw__spring sp;
  double settle;
  tw_handle h;
  int rc = spring_of(params, &sp, &settle);

  if (rc == 0)
    rc = tw_to_fn(m, type, set, get, ud, end, settle, &h);
  return rc != 0 ? rc : springify(m, h, &sp, out);
}

int tw_retarget(tw_manager *m, tw_handle h, const void *end, double duration) {
  tw__tween *t = tw__lookup(m, h);
  size_t size;

  if (t == NULL)
    return tw__handle_err(m, h);
  if (end == NULL || duration != duration || duration > 1e300 ||
      (t->flags & (TW__F_SEQ | TW__F_WOBBLE | TW__F_PATH)))
    return TW_EINVAL; /* a punch, a shake, a path: no end to send */
  if (tw__loops(t) != 1)
    return TW_EINFINITE; /* a loop has no single end to send */
  size = m->types[t->type].size;
  if (!(t->flags & TW__F_STARTED)) {
    memcpy(tw__val(m, t, size, TW__END), end, size);
    if (duration >= 0 && t->ease != TW__EASE_SPRING) {
      t->duration = duration;
      t->flags &= ~(uint32_t)TW__F_SPEED;
    }
    t->flags &= ~(uint32_t)TW__F_FROM;
    return 0;
  }
  if (t->rec == NULL && (t->rec = tw__record_get(m, t->type)) == NULL)
    return TW_ENOMEM;
  tw__retarget(m, tw__slot_of(m, t), end, duration);
  return 0;
}

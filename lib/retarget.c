/* SPDX-License-Identifier: MIT */
/* Retarget: a running tween sent to a new end, without a jump or a kink.
 *
 * At the moment of the retarget the tween's value p0 and velocity v0 are
 * read off its own motion (not off the target, which a newer tween may
 * have written).  v0 is the velocity the value has then: the slope of its
 * motion on the side it comes from (tw__fraction_rate, in closed form),
 * negated when it plays backwards, and 0 when it stands (paused, complete,
 * waiting for its delay).  The tween then starts afresh from p0 towards
 * the new end p1, forwards, and per component adds a velocity term v0 g(t)
 * to its eased value:
 *  - an eased tween of D seconds takes g(t) = t (1 - u)^2 with u = t / D
 *    (D h(u), h(u) = u (1 - u)^2: slope 1 at 0, and g and g' vanish at
 *    D), and draws the fraction E(u) = (e(u) - j w(u)) r(u) instead of
 *    its ease e(u): the ramp r(u) = u (2 - u) starts the eased part from
 *    rest (E'(0) = 0 for any ease whose slope grows slower than 1 / u,
 *    OutCirc's too), and ends it whole (r(1) = 1, r'(1) = 0); j w(u), with
 *    w(u) = (1 - u)^2 (1 + 2 u), blends out where the ease starts just
 *    after 0 (In Expo and In Elastic at 2^-10, steps(jump-start) on its
 *    first step), so that E is 0 there with no slope.  So at u = 0 the
 *    value is p0 exactly and its velocity v0; at u = 1 it is p1 exactly,
 *    with the ease's own velocity, and between the ease keeps its shape:
 *    for Linear this is DESIGN.md §9's lerp(p0, p1, u) + (D v0 - (p1 -
 *    p0)) h(u) itself, and unlike cancelling the ease's slope at 0 with
 *    h, a steep start (OutElastic, OutExpo) does not swing back first;
 *  - a spring restarts from p0 with the velocity v0 itself (g the
 *    spring's B(t)), as physics does, and settles again.
 * Where the old motion's slope is not finite (it stands vertical: OutCirc
 * at 0, InCirc at its end, InOutCirc halfway) no velocity can be kept: v0
 * is 0, and the tween keeps its value, setting off from rest.  A velocity
 * too big for a double (a double tween from -1e308 to 1e308 moves faster
 * than that) is saturated at the largest double; since v0 g(t) is a
 * velocity times at most the time played, a long duration (1e300 s)
 * cannot overflow it.  The built-in numeric types (floats, vectors,
 * colours, double, int) keep velocity, component-wise; other types keep
 * their value only, setting off from rest on the same fraction.  A
 * retarget is a move (tw__move): a step running this tween's callbacks
 * stops.  No callback fires. */
#include "life.h"

#include <math.h>

/* The velocity of t's value at fraction f, per component (n of them, from
 * a to b) into v; 0 where it stands.  Returns 0 where its slope is not
 * finite (then v is 0 too: no velocity is kept). */
static int velocity(const tw_manager *m, const tw__tween *t, double f,
                    unsigned n, const double *a, const double *b, double v[4]) {
  double rate = 0.0, sign = (t->flags & TW__F_BACKWARDS) ? -1.0 : 1.0;
  tw__extra x;
  unsigned k;

  if (!(t->flags & TW__F_PLAYING) ||
      (t->flags & (TW__F_COMPLETE | TW__F_DELAYED)))
    return 1; /* it stands */
  tw__extra_at(m, t, tw__hot_of(m, t)->elapsed, &x);
  /* the fraction drawn, (f - jw) r, whose slope is (f' - jw') r + (f -
   * jw) r'; at 0 of a ramp (r 0) that is 0: f just after 0 is where the
   * ease starts, which the blend jw cancels, and f' counts for nothing,
   * even where it is infinite */
  if (x.r != 0.0)
    rate = (tw__fraction_rate(m, t, tw__hot_of(m, t)->elapsed) - x.djw) * x.r +
           (f - x.jw) * x.dr;
  if (!tw__finite(rate))
    return 0;
  for (k = 0; k < n; k++)
    v[k] = sign * tw__saturate(tw__span(a[k], b[k], rate) +
                                   ((t->flags & TW__F_EXTRA)
                                        ? tw__rec(m, t)->extra_c[k] * x.dg
                                        : 0.0),
                               DBL_MAX);
  return 1;
}

void tw__retarget(tw_manager *m, uint32_t s, const void *end, double duration,
                  const tw__spring *as) {
  tw__tween *t = tw__t(m, s);
  tw__record *r = tw__rec(m, t);
  size_t size = m->types[t->type].size;
  unsigned char *cur = tw__val(m, t, size, TW__SCRATCH), inl[TW__INLINE_MAX];
  double a[4], b[4], p0[4], v[4] = {0, 0, 0, 0}, f = tw__fraction_now(m, t);
  unsigned n, k;

  if (!(t->flags & TW__F_BIG))
    cur = inl;
  /* where it is, and how fast it goes */
  tw__value_at(m, t, cur, f);
  n = tw__components(t->type, cur, p0);
  tw__components(t->type, tw__val(m, t, size, TW__START), a);
  tw__components(t->type, tw__val(m, t, size, TW__END), b);
  if (!velocity(m, t, f, n, a, b, v))
    memset(v, 0, sizeof v);
  /* the new motion, from there (a spring's, for tw_spring_go) */
  if (as != NULL) {
    r->spring = *as;
    t->ease = TW__EASE_SPRING;
    t->flags &= ~(uint32_t)TW__F_PLAIN;
  }
  tw__set_value(m, t, TW__START, cur);
  tw__set_value(m, t, TW__END, end);
  t->flags |= TW__F_STARTSET;
  t->flags &= ~(uint32_t)(TW__F_FROM | TW__F_RELATIVE | TW__F_SPEED);
  /* it goes there now: forwards, playing */
  tw__set_off(m, s); /* for tw_writer: it moves without a write */
  t->flags &= ~(uint32_t)(TW__F_COMPLETE | TW__F_BACKWARDS);
  t->flags |= TW__F_PLAYING;
  r->extra_j = 0;
  for (k = 0; k < 4; k++)
    r->extra_c[k] = v[k];
  if (t->ease == TW__EASE_SPRING) {
    r->spring.v0 = 0;
    r->extra = TW__EXTRA_SPRING;
    tw__hot_of(m, t)->duration = tw__spring_span(m, t);
  } else {
    double d = duration >= 0 ? duration : tw__hot_of(m, t)->duration;
    tw__hot_of(m, t)->duration = d;
    r->extra = TW__EXTRA_RETARGET;
    if (d > 0) /* where the ease starts just after 0 */
      r->extra_j = tw__ease_origin_at(m, t, d);
  }
  t->flags |= TW__F_EXTRA;
  tw__move(m, t, 0);
}

/* SPDX-License-Identifier: MIT */
/* Retarget: a running tween sent to a new end, without a jump or a kink.
 *
 * At the moment of the retarget the tween's value p0 and velocity v0 are
 * read off its own motion (not off the target, which a newer tween may
 * have written).  The tween then starts afresh from p0 towards the new end
 * p1 and, per component, adds a velocity term c g to the eased value:
 *  - an eased tween of D seconds uses g = h(u), h(u) = u (1 - u)^2 and
 *    u = t / D, with c = D v0 - (p1 - p0) e'(0): at u = 0 the value is p0
 *    and its velocity v0; at u = 1, h and h' vanish, so it ends exactly at
 *    p1 with the ease's own velocity, and the ease keeps its shape
 *    (DESIGN.md §9);
 *    An ease that jumps at 0 (In Expo, In Elastic start at 2^-10) has the
 *    jump j blended out, - j (p1 - p0) w(u) with w(u) = (1 - u)^2 (1 + 2 u),
 *    which is 1 with no slope at 0 and 0 with no slope at 1; the slope
 *    e'(0) is the one just after 0.  Out Circ alone starts at infinite
 *    speed: its own start dominates, and velocity cannot be kept;
 *  - a spring restarts from p0 with the velocity v0 itself (c = v0, g the
 *    spring's B(t)), as physics does, and settles again.
 * The built-in numeric types (floats, vectors, colours, double, int) keep
 * velocity, component-wise; other types keep their value only.  A retarget
 * is a move (tw__move): a step running this tween's callbacks stops.  No
 * callback fires. */
#include "tween-private.h"

#include <math.h>

void tw__retarget(tw_manager *m, uint32_t s, const void *end, double duration) {
  tw__tween *t = tw__t(m, s);
  tw__record *r = t->rec;
  size_t size = m->types[t->type].size;
  unsigned char *cur = tw__val(m, t, size, TW__SCRATCH), inl[TW__INLINE_MAX];
  double a[4], b[4], p0[4], p1[4], v[4] = {0, 0, 0, 0}, rate, dist = 0,
                                   speed = 0;
  tw__extra x;
  unsigned n, k;

  if (!(t->flags & TW__F_BIG))
    cur = inl;
  /* where it is, and how fast it goes */
  tw__value_at(m, t, cur, tw__fraction_at(t, t->elapsed));
  n = tw__components(t->type, cur, p0);
  tw__components(t->type, tw__val(m, t, size, TW__START), a);
  tw__components(t->type, tw__val(m, t, size, TW__END), b);
  rate = tw__fraction_rate(t, t->elapsed);
  tw__extra_at(t, t->elapsed, &x);
  for (k = 0; k < n && !(t->flags & TW__F_COMPLETE); k++)
    v[k] = (b[k] - a[k]) * rate +
           ((t->flags & TW__F_EXTRA)
                ? r->extra_c[k] * x.dg - r->extra_j * (b[k] - a[k]) * x.dw
                : 0.0);
  /* the new motion, from there */
  memcpy(tw__val(m, t, size, TW__START), cur, size);
  memcpy(tw__val(m, t, size, TW__END), end, size);
  tw__components(t->type, end, p1);
  t->flags |= TW__F_STARTSET;
  t->flags &= ~(uint32_t)(TW__F_FROM | TW__F_RELATIVE | TW__F_SPEED);
  /* it goes there now: forwards, playing */
  t->flags &= ~(uint32_t)(TW__F_COMPLETE | TW__F_BACKWARDS);
  t->flags |= TW__F_PLAYING;
  for (k = 0; k < n; k++) {
    dist += (p1[k] - p0[k]) * (p1[k] - p0[k]);
    speed += v[k] * v[k];
  }
  dist = sqrt(dist);
  speed = sqrt(speed);
  r->extra_j = 0;
  if (t->ease == TW__EASE_SPRING) {
    r->spring.v0 = 0;
    r->extra = TW__EXTRA_SPRING;
    for (k = 0; k < 4; k++)
      r->extra_c[k] = v[k];
    t->duration = tw__spring_settle(
        &r->spring, dist, speed, r->spring.eps * (dist + speed / r->spring.w0));
  } else {
    double d = duration >= 0 ? duration : t->duration, e0 = 0;
    t->duration = d;
    if (d > 0) {
      /* the ease's slope just after 0 (per unit of u), and its jump at 0
       * (DOTween's In Expo and In Elastic start at 2^-10, not 0) */
      double e1 = tw__ease_at(t, d * 1e-6, d), e2 = tw__ease_at(t, d * 2e-6, d);
      e0 = (e2 - e1) / 1e-6;
      r->extra_j = e1 - e0 * 1e-6 - tw__ease_at(t, 0, d);
      if (fabs(r->extra_j) < 1e-7) /* the difference's own error: no jump */
        r->extra_j = 0;
    }
    r->extra = TW__EXTRA_RETARGET;
    for (k = 0; k < 4; k++)
      r->extra_c[k] = k < n && d > 0 ? d * v[k] - (p1[k] - p0[k]) * e0 : 0.0;
    if (n == 0)
      r->extra_j = 0;
  }
  tw__flag(t, TW__F_EXTRA, n > 0);
  tw__plain_check(t);
  tw__move(t, 0);
}

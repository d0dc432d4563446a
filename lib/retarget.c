/* SPDX-License-Identifier: MIT */
/* Retarget: a running tween sent to a new end, without a jump or a kink.
 *
 * A moving tween (playing, short of its end, already on its way: past 0
 * forwards, or short of its end backwards) with a built-in ease that ends
 * at 1 (Linear to In Out Bounce) and a built-in
 * numeric type is retargeted additively (TW__EXTRA_ADD), as UIKit's
 * additive animations are: its running motion P plays on, on its own
 * clock, and a second motion of the difference is added to it, per
 * component, from where the term stands now (c0, 0 at a first retarget)
 * with its velocity now (w, 0 at a first retarget) to K = new end - P(D)
 * after the new duration D:
 *     value = P + c0 (1 - s(u)) + K s(u) + w g(t),   u = t / D,
 * s(u) = u^2 (3 - 2 u) (from rest to rest), g(t) = t (1 - u)^2 (slope 1
 * at 0, and g and g' vanish at D).  So the value and the velocity are
 * continuous at the call whatever the running motion does there (even at
 * an infinite slope), the end is exact at the new time (the end itself is
 * written there), a retarget by d moves the motion by about d, and on
 * course (the same end, in the time left) K is 0 and the motion is the
 * running one, bit for bit but for the rounding of its position e0 + t
 * (the untouched motion's elapsed time was summed frame by frame: they may
 * differ in the last bit, which a double's value shows, a float's next to
 * never).  The tween
 * restarts from elapsed 0; the running motion goes on from where it was
 * (e0), t seconds later at e0 + t, or e0 - t when it played backwards.
 * When D is longer than the time the running motion has left, that motion
 * stands at its end after it, and the difference goes on to the end; when
 * D is shorter, the running motion is cut at D, and K takes what it had
 * left (P(D) is where it would have been then).  A second retarget of such a
 * tween keeps the running motion, and starts the difference afresh from
 * the term's value and velocity then: the record holds one running
 * motion and one difference, whatever the number of retargets.
 *
 * Any other tween (one that stands: paused, complete, waiting for its
 * delay, or at the start of its way in the direction it plays, where it
 * stood until that instant, as a tween retargeted from a callback of its
 * own start is; another type; an ease that does not end at 1; one
 * retargeted from where it stood before, TW__EXTRA_RETARGET) takes the
 * blend: at the moment of the retarget its value p0 and velocity v0 are
 * read off its own motion (not off the target, which a newer tween may
 * have written).  v0 is the velocity the value has then: the slope of its
 * motion on the side it comes from (tw__fraction_rate, in closed form),
 * negated when it plays backwards, and 0 when it stands.  The tween then
 * starts afresh from p0 towards the new end p1, forwards, and per
 * component adds a velocity term v0 g(t) to its eased value:
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
 *    with the ease's own velocity, and between the ease keeps its shape;
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
#include "additive.h"

#include <math.h>

/* Whether t, playing, is on its way: past its start in the direction it
 * plays (a tween at elapsed 0 forwards, or at its end backwards, stood
 * there until this instant: in a callback of its start, say). */
static TW__INLINE int moving(const tw_manager *m, const tw__tween *t) {
  double e = *tw__elapsed_of(m, t);

  return (t->flags & TW__F_BACKWARDS) ? e < tw__hot_of(m, t)->duration : e > 0;
}

/* tw__components, a float's without the call. */
static TW__INLINE unsigned parts(int type, const void *v, double out[4]) {
  if (TW__FAST_PATHS && type == TW_TYPE_FLOAT) {
    float f;
    memcpy(&f, v, sizeof f);
    out[0] = f;
    return 1;
  }
  return tw__components(type, v, out);
}

float tw__add_float(const tw_manager *m, const tw__tween *t,
                    const tw__record *r, double e) {
  return tw__add_float_in(m, t, r, e);
}

void tw__add_value(const tw_manager *m, const tw__tween *t, void *out,
                   double e) {
  const tw__record *r = tw__rec(m, t);
  double s = 0, ds, g = 0, dg, add[4];
  unsigned k, n = m->types[t->type].floats;

  if (t->type == TW_TYPE_FLOAT) {
    float x = tw__add_float(m, t, r, e);
    memcpy(out, &x, sizeof x);
    return;
  }

  if (r->add_on) {
    add_shapes(e, tw__hot_of(m, t)->duration, &s, &ds, &g, &dg);
    for (k = 0; k < (n ? n : 1); k++)
      add[k] = add_term(r, k, s, g);
  }
  tw__lerp_add(t->type, out, r->add_a, r->add_b,
               add_fraction(m, t, r, add_pos(r, e)), add, r->add_on);
}

/* The term's velocity, component k, from its shapes' rates ds and dg. */
static TW__INLINE double add_slope(const tw__record *r, unsigned k, double ds,
                                   double dg) {
  return tw__saturate(tw__span(r->add_c0[k], r->add_k[k], ds) +
                          tw__saturate(r->extra_c[k] * dg, DBL_MAX),
                      DBL_MAX);
}

/* The velocity of the additively retargeted t, playing, per component
 * (n of them) into v: its running motion's (0 once that has ended) plus
 * the term's. */
static void add_velocity(const tw_manager *m, const tw__tween *t, unsigned n,
                         double v[4]) {
  const tw__record *r = tw__rec(m, t);
  double e = *tw__elapsed_of(m, t), pos = add_pos(r, e), rate = 0, s, ds, g, dg;
  unsigned k;

  if (r->add_d0 > 0 && (r->add_back ? pos > 0 : pos < r->add_d0))
    rate = tw__ease_rate(m, t, t->ease, pos, r->add_d0, !r->add_back);
  if (!tw__finite(rate))
    rate = 0;
  if (r->add_back)
    rate = -rate;
  add_shapes(e, tw__hot_of(m, t)->duration, &s, &ds, &g, &dg);
  for (k = 0; k < n; k++)
    v[k] = tw__saturate(tw__span(r->add_a[k], r->add_b[k], rate) +
                            (r->add_on ? add_slope(r, k, ds, dg) : 0.0),
                        DBL_MAX);
}

/* Where the running motion is at the new end, d seconds on: at its own
 * end within TW__SNAP of it, as its step would be. */
static TW__INLINE double add_end(const tw__record *r, double d) {
  double pe = r->add_back ? r->add_e0 - d : r->add_e0 + d;

  if (pe >= r->add_d0 - r->add_d0 * TW__SNAP)
    return r->add_d0;
  return pe <= r->add_d0 * TW__SNAP ? 0.0 : pe;
}

/* The additive retarget of the moving tween t to the n components p1 in
 * d seconds (see the top). */
static void retarget_add(tw_manager *m, tw__tween *t, const double p1[4],
                         unsigned n, double d) {
  tw__record *r = tw__rec(m, t);
  tw__hot *h = tw__hot_of(m, t);
  double e = *tw__elapsed_of(m, t), c0[4] = {0, 0, 0, 0}, w[4] = {0, 0, 0, 0},
         fe;
  double pd[4];
  unsigned k;
  int on = 0;

  if ((t->flags & TW__F_EXTRA) && r->extra == TW__EXTRA_ADD) {
    /* again: the running motion goes on; the term from where it is */
    double s, ds, g, dg;
    add_shapes(e, h->duration, &s, &ds, &g, &dg);
    for (k = 0; k < n; k++) {
      c0[k] = r->add_on ? add_term(r, k, s, g) : 0.0;
      w[k] = r->add_on ? add_slope(r, k, ds, dg) : 0.0;
    }
    r->add_e0 = add_pos(r, e);
  } else { /* the first: the tween's own motion runs on */
    size_t size = m->types[t->type].size;
    parts(t->type, tw__val(m, t, size, TW__START), r->add_a);
    parts(t->type, tw__val(m, t, size, TW__END), r->add_b);
    r->add_d0 = h->duration;
    r->add_e0 = e;
    r->add_back = (t->flags & TW__F_BACKWARDS) != 0;
  }
  fe = add_fraction(m, t, r, add_end(r, d));
  if (TW__FAST_PATHS && t->type == TW_TYPE_FLOAT) { /* tw__lerp_add's */
    pd[0] = tw__lerpf((float)r->add_a[0], (float)r->add_b[0], fe);
  } else {
    unsigned char v[sizeof(tw__value)];
    double zero[4] = {0, 0, 0, 0};
    tw__lerp_add(t->type, v, r->add_a, r->add_b, fe, zero, 0);
    tw__components(t->type, v, pd);
  }
  for (k = 0; k < 4; k++) {
    r->add_c0[k] = k < n ? c0[k] : 0.0;
    r->extra_c[k] = k < n ? w[k] : 0.0;
    r->add_k[k] = k < n ? tw__span(pd[k], p1[k], 1.0) : 0.0;
    on |= r->add_c0[k] != 0.0 || r->extra_c[k] != 0.0 || r->add_k[k] != 0.0;
  }
  r->add_on = (uint8_t)on;
  r->extra_j = 0;
  r->extra = TW__EXTRA_ADD;
  tw__set_duration(h, d); /* the tween restarts from elapsed 0 */
}

/* (a != 0) | (b != 0) | (c != 0), a NaN not 0, from the bits: whether any
 * of them is other than +0 or -0 (a double's bits but for its sign bit). */
static TW__INLINE int any_nonzero(double a, double b, double c) {
  uint64_t x, y, z;

  if (!TW__FAST_PATHS)
    return (a != 0.0) | (b != 0.0) | (c != 0.0);
  memcpy(&x, &a, sizeof x);
  memcpy(&y, &b, sizeof y);
  memcpy(&z, &c, sizeof z);
  return ((x | y | z) << 1) != 0;
}

/* The sentence of tw_retarget's refusal of its arguments (TW_EINVAL). */
static TW__NOINLINE int retarget_refused(const tw_manager *m,
                                         const tw__tween *t, const void *end,
                                         double duration) {
  const char *fn = "tw_retarget";

  if (end == NULL)
    return tw__fail(m, TW_EINVAL, fn, "end is NULL");
  if (!(duration < 0) && (!tw__time_in(&duration) || duration > TW__TIME_CAP))
    return tw__fail(m, TW_EINVAL, fn, "duration %g %s", duration,
                    tw__time_why(duration, 1));
  if (t->flags & TW__F_SEQ)
    return tw__fail(m, TW_EINVAL, fn, "a sequence has no end to send");
  if (t->flags & (TW__F_WOBBLE | TW__F_PATH))
    return tw__fail(m, TW_EINVAL, fn, "a %s has no end to send",
                    t->flags & TW__F_PATH ? "path" : "punch or a shake");
  return tw__fail(m, TW_EINVAL, fn, "end is not finite");
}

/* tw_retarget of the tween t, its handle looked up, the general way (and
 * where tw__retarget_float leaves a call). */
TW__NOINLINE int tw__retarget_general(tw_manager *m, tw__tween *t,
                                      const void *end, double duration) {
  if (end == NULL ||
      (!(duration < 0) &&
       (!tw__time_in(&duration) || duration > TW__TIME_CAP)) ||
      (t->flags & (TW__F_SEQ | TW__F_WOBBLE | TW__F_PATH)) ||
      !tw__value_finite(t->type, end))
    return retarget_refused(m, t, end, duration);
  if (tw__loops(m, t) != 1) /* a loop has no single end to send */
    return tw__fail(m, TW_ELOOPS, "tw_retarget",
                    "the tween has %d loops: a loop has no single end",
                    (int)tw__loops(m, t));
  /* before its start, or while its start is read (a getter of its own
   * calls): only the end, which its start takes as given */
  if (!(t->flags & TW__F_STARTED) || (t->flags & TW__F_READING)) {
    tw__set_value(m, t, TW__END, end);
    if (duration >= 0 && t->ease != TW__EASE_SPRING) {
      tw__set_duration(tw__hot_of(m, t), duration);
      t->flags &= ~(uint32_t)TW__F_SPEED;
    }
    t->flags &= ~(uint32_t)(TW__F_FROM | TW__F_RELATIVE); /* an end */
    return 0;
  }
  if (tw__rec_need(m, t) == NULL)
    return tw__fail(m, TW_ENOMEM, "tw_retarget",
                    "no memory for the tween's record");
  if (m->fx.step_add == NULL) /* the update reaches an additive one */
    tw__fx_retarget(m);       /* through m->fx */
  tw__retarget(m, tw__slot_of(m, t), end, duration, NULL);
  return 0;
}

/* Whether d is a duration tw_retarget takes as it is, in one compare of
 * its bits: finite, not negative and not -0.0 (tw__time_kept's), and at
 * most TW__TIME_CAP; -0.0, which tw__time_in makes +0.0, is left to the
 * general way. */
static TW__INLINE int time_capped(double d) {
  double cap = TW__TIME_CAP;
  uint64_t x, c;

  memcpy(&x, &d, sizeof x);
  memcpy(&c, &cap, sizeof c);
  return x <= c;
}

/* tw__retarget_float's value, term and velocity of a float retargeted
 * additively before, in its commonest cases: the running motion at its
 * end or short of it on an ease of easeform.h (add_fraction's cases but
 * tw__ease_running's calls), the term on and short of its ends (0 < e <
 * d, the tween's duration), the value within a float's range and the velocity
 * finite.  The general way's operations (add_fraction's, tw__lerpf,
 * add_shapes', add_term's and add_slope's) in its order, without their
 * tests of the ends, and without the saturations, which change nothing
 * then: each part of a finite sum is finite.  The same numbers, bit for
 * bit, into *cur, *c0 and *w; returns 0, nothing written, otherwise.  Its
 * caller has tested e < d. */
static TW__INLINE int again_fast(const tw__tween *t, const tw__record *r,
                                 double e, double d, double pos, float *cur,
                                 double *c0, double *w) {
  double f = 1.0, u, s, ds, g, dg, a, y, x;
  float p0, p1, z;

  if (!TW__FAST_PATHS || TW__FOR_SIZE || !r->add_on || !(e > 0))
    return 0; /* e < d: its caller's test */
  if (!(r->add_d0 > 0))
    ; /* add_fraction's 1 */
  else if (pos < r->add_d0) {
    if (!tw__ease_form(t->ease, tw__frac(pos, r->add_d0), pos, r->add_d0, &f))
      return 0;
  } else if ((unsigned)t->ease > (unsigned)TW_EASE_IN_OUT_BOUNCE)
    return 0; /* add_fraction's 1 at its end is for these */
  u = e / d;  /* add_shapes' for 0 < e < d */
  s = add_s(u);
  ds = add_ds(u, d);
  g = add_g(e, u);
  dg = add_dg(u);
  a = add_term_f(r, s, g);
  x = (r->add_k[0] - r->add_c0[0]) * ds + r->extra_c[0] * dg;
  p0 = (float)r->add_a[0];
  p1 = (float)r->add_b[0];
  /* tw__lerpf's, the commonest first, without its test of a value that
   * is not finite: such a value leaves y outside a float's range, which
   * is refused (add_float_fast's) */
  z = f > 0.0 && f < 1.0 ? p0 + (p1 - p0) * (float)f : tw__lerpf(p0, p1, f);
  y = (double)z + a;
  if (!(fabs(y) <= FLT_MAX && fabs(x) <= DBL_MAX))
    return 0;
  *cur = (float)y;
  *c0 = a;
  *w = x;
  return 1;
}

/* tw_retarget's fast path: the additive retarget of a float (see the
 * top), a copy of tw_retarget's checks and tw__retarget's steps for that
 * one case, with retarget_add's and tw__add_float's for one component,
 * the steps' calls written out (tw__rec_need's, tw__set_ends',
 * tw__move's), the running ease read from its row as the update reads it
 * (tw__eased_short), and the tween's parts read at its index i in the
 * array.  Returns 0 when done; any other case goes the general way
 * (tw__retarget_general, whose result it returns), nothing changed but
 * the record taken as tw_retarget takes it first. */
int tw__retarget_float(tw_manager *m, uint32_t i, const void *end,
                       double duration) {
  tw__tween *t = &m->active[i];
  tw__hot *h = &m->hot[i];
  tw__record *r = m->arec != NULL ? m->arec[i] : NULL;
  uint32_t fl = t->flags, tb;
  double e = m->elapsed[i], f, c0 = 0, w = 0, k;
  float cur, to, pd;

  memcpy(&to, end, sizeof to);
  memcpy(&tb, end, sizeof tb); /* its bits: finite unless its exponent's
                                  are all ones (tw__finite's, for a float) */
  /* tw_retarget's refusals and loops, and its tween before its start: not
   * here; then tw__retarget's additive(), its value not snapped */
  if (!(time_capped(duration) || duration < 0) ||
      (tb & UINT32_C(0x7F800000)) == UINT32_C(0x7F800000) ||
      (r != NULL && r->loops != 1) ||
      (fl & (TW__F_STARTED | TW__F_PLAYING | TW__F_READING | TW__F_COMPLETE |
             TW__F_DELAYED | TW__F_SEQ | TW__F_WOBBLE | TW__F_PATH |
             TW__F_SNAPPED | TW__F_BIG)) != (TW__F_STARTED | TW__F_PLAYING) ||
      t->ease == TW__EASE_SPRING)
    goto general;
  if (fl & TW__F_EXTRA) { /* again: its value is of its elapsed time */
    if (r->extra != TW__EXTRA_ADD || !(e < h->duration))
      goto general;
    r->lite = 0; /* tw__rec_need's */
  } else if ((unsigned)t->ease > (unsigned)TW_EASE_IN_OUT_BOUNCE ||
             !moving(m, t)) { /* tw__ease_additive's, as test_ease checks */
    goto general;
  } else if (r != NULL) {
    r->lite = 0;
  } else if (m->arec != NULL) { /* tw__rec_need's, for a tween of the */
    if ((r = tw__record_get(m, t->type)) == NULL) /* array without one */
      goto general;
    m->arec[i] = r;
  } else if ((r = tw__rec_need(m, t)) == NULL) {
    goto general;
  }
  if (m->fx.step_add == NULL) /* tw__retarget_general's: the update */
    tw__fx_retarget(m);       /* reaches an additive one through m->fx */
  if (fl & TW__F_EXTRA) {     /* tw__add_float's value, its term kept */
    double s, ds, g, dg, pos = add_pos(r, e);
    r->add_e0 = pos; /* the running motion's position, read before */
    if (!again_fast(t, r, e, h->duration, pos, &cur, &c0,
                    &w)) { /* else the general */
      cur = tw__lerpf((float)r->add_a[0], (float)r->add_b[0],
                      add_fraction(m, t, r, pos));
      if (r->add_on) {
        add_shapes(m->elapsed[i], h->duration, &s, &ds, &g, &dg);
        c0 = add_term(r, 0, s, g);
        w = add_slope(r, 0, ds, dg);
        cur = (float)tw__saturate((double)cur + c0, FLT_MAX);
      }
    }
  } else { /* tw__value_at's, and the running motion's */
    double x = tw__frac_hot(e, h);
    if (!(e > 0 && tw__short_of_end(x))) /* tw__eased_short's test */
      f = tw__fraction_now(m, t);
    else if (TW__FOR_SIZE || /* its ease, easeform.h's inline */
             !tw__ease_form(t->ease, x, e, h->duration, &f))
      f = t->ease == TW_EASE_OUT_QUAD
              ? tw__out_quad(x)
              : tw__ease_running(m, t, x, e, h->duration);
    /* tw__lerpf's, its ends near when plain or TW__F_NEAR */
    cur = tw__float_at(h->sv.f, h->ev.f, f,
                       (fl & (TW__F_PLAIN | TW__F_NEAR)) != 0);
    r->add_a[0] = h->sv.f;
    r->add_b[0] = h->ev.f;
    r->add_d0 = h->duration;
    r->add_e0 = e;
    r->add_back = (fl & TW__F_BACKWARDS) != 0;
  }
  if (duration < 0)
    duration = h->duration;
  pd = tw__lerpf((float)r->add_a[0], (float)r->add_b[0],
                 add_fraction(m, t, r, add_end(r, duration)));
  memcpy(&to, end, sizeof to);
  /* tw__span's (b - a) * 1, which a finite double leaves as it is, and
   * so does its saturation: the call for any other */
  k = (double)to - (double)pd;
  if (!tw__finite(k))
    k = tw__span(pd, to, 1.0);
  if (!(fl & TW__F_EXTRA)) { /* again, a float's other components are 0 */
    memset(r->add_c0, 0, sizeof r->add_c0);
    memset(r->extra_c, 0, sizeof r->extra_c);
    memset(r->add_k, 0, sizeof r->add_k);
  }
  r->add_c0[0] = c0;
  r->extra_c[0] = w;
  r->add_k[0] = k;
  r->add_on = (uint8_t)any_nonzero(c0, w, k);
  r->extra_j = 0;
  r->extra = TW__EXTRA_ADD;
  tw__set_duration(h, duration); /* the tween restarts from elapsed 0 */
  /* tw__retarget's end: its ends (tw__set_ends' for a float not plain) */
  if (fl & TW__F_PLAIN) { /* tw__set_ends', its memcpy a float's moves */
    h->sv.f = cur;
    if (t->flags & TW__F_PLAIN) /* tw__set_value's check after each end */
      tw__ends_check(m, t);
    h->ev.f = to;
    tw__ends_check(m, t);
  } else {
    h->sv.f = cur;
    h->ev.f = to;
    t->flags = tw__near(cur) && tw__near(to) ? t->flags | TW__F_NEAR
                                             : t->flags & ~(uint32_t)TW__F_NEAR;
  }
  t->flags |= TW__F_STARTSET;
  t->flags &= ~(uint32_t)(TW__F_FROM | TW__F_RELATIVE | TW__F_SPEED);
  if (m->key_nheads != 0) /* tw__set_off's, which else does nothing */
    tw__set_off(m, tw__slot_of(m, t));
  t->flags &= ~(uint32_t)(TW__F_COMPLETE | TW__F_BACKWARDS);
  t->flags |= TW__F_PLAYING | TW__F_EXTRA;
  m->elapsed[i] = 0; /* tw__move's */
  r->moves++;
  r->elapsed_c = 0;
  return 0;
general:
  return tw__retarget_general(m, t, end, duration);
}

/* Whether t takes the additive retarget: moving, a built-in ease that
 * ends at 1 (or retargeted so before), a built-in numeric type. */
static int additive(const tw_manager *m, const tw__tween *t, unsigned n) {
  if (n == 0 || !(t->flags & TW__F_PLAYING) ||
      (t->flags & (TW__F_COMPLETE | TW__F_DELAYED)))
    return 0;
  if (t->flags & TW__F_EXTRA)
    return tw__rec(m, t)->extra == TW__EXTRA_ADD;
  return tw__ease_additive(t->ease) && moving(m, t);
}

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
  if (!(t->flags & TW__F_EXTRA) && t->ease != TW__EASE_SPRING && !moving(m, t))
    return 1; /* at the start of its way: it stood until now */
  if ((t->flags & TW__F_EXTRA) && tw__rec(m, t)->extra == TW__EXTRA_ADD) {
    add_velocity(m, t, n, v);
    return 1;
  }
  tw__extra_at(m, t, *tw__elapsed_of(m, t), &x);
  /* the fraction drawn, (f - jw) r, whose slope is (f' - jw') r + (f -
   * jw) r'; at 0 of a ramp (r 0) that is 0: f just after 0 is where the
   * ease starts, which the blend jw cancels, and f' counts for nothing,
   * even where it is infinite */
  if (x.r != 0.0)
    rate = (tw__fraction_rate(m, t, *tw__elapsed_of(m, t)) - x.djw) * x.r +
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
  double a[4], b[4], p0[4], v[4] = {0, 0, 0, 0}, f = 0, p1[4];
  unsigned n, k;
  int add;

  if (!(t->flags & TW__F_BIG))
    cur = inl;
  /* where it is (an additive retarget's value short of its end is of its
   * elapsed time, and so is its velocity: no fraction) */
  if (!(t->flags & TW__F_EXTRA) || r->extra != TW__EXTRA_ADD ||
      !(*tw__elapsed_of(m, t) < tw__hot_of(m, t)->duration))
    f = tw__fraction_now(m, t);
  tw__value_at(m, t, cur, f);
  n = parts(t->type, cur, p0);
  add = as == NULL && t->ease != TW__EASE_SPRING && additive(m, t, n);
  if (!add) { /* and how fast it goes, for the blend */
    tw__components(t->type, tw__val(m, t, size, TW__START), a);
    tw__components(t->type, tw__val(m, t, size, TW__END), b);
    if (!velocity(m, t, f, n, a, b, v))
      memset(v, 0, sizeof v);
  }
  /* the new motion, from there (a spring's, for tw_spring_go) */
  if (as != NULL) {
    r->spring = *as;
    t->ease = TW__EASE_SPRING;
    t->flags &= ~(uint32_t)TW__F_PLAIN;
  }
  parts(t->type, end, p1);
  if (add) /* before the ends change: the running motion's are kept */
    retarget_add(m, t, p1, n,
                 duration >= 0 ? duration : tw__hot_of(m, t)->duration);
  tw__set_ends(m, t, cur, end);
  t->flags |= TW__F_STARTSET;
  t->flags &= ~(uint32_t)(TW__F_FROM | TW__F_RELATIVE | TW__F_SPEED);
  /* it goes there now: forwards, playing */
  tw__set_off(m, s); /* for tw_writer: it moves without a write */
  t->flags &= ~(uint32_t)(TW__F_COMPLETE | TW__F_BACKWARDS);
  t->flags |= TW__F_PLAYING | TW__F_EXTRA;
  if (add) {
    tw__move(m, t, 0);
    return;
  }
  r->extra_j = 0;
  for (k = 0; k < 4; k++)
    r->extra_c[k] = v[k];
  if (t->ease == TW__EASE_SPRING) {
    r->spring.v0 = 0;
    r->extra = TW__EXTRA_SPRING;
    m->fx.spring_span = tw__spring_span;
    tw__set_duration(tw__hot_of(m, t), tw__spring_span(m, t));
  } else {
    double d = duration >= 0 ? duration : tw__hot_of(m, t)->duration;
    tw__set_duration(tw__hot_of(m, t), d);
    r->extra = TW__EXTRA_RETARGET;
    if (d > 0) /* where the ease starts just after 0 */
      r->extra_j = tw__ease_origin_at(m, t, d);
  }
  tw__move(m, t, 0);
}

#ifdef TW__TEST_HOOKS
size_t tw__test_retarget_state(const tw_manager *m, tw_handle h, double *out,
                               size_t cap) {
  const tw__tween *t = tw__lookup(m, h);
  const tw__record *r = t != NULL ? tw__rec(m, t) : NULL;
  double x[27];
  size_t n = 0;
  unsigned k;

  if (r == NULL || !(t->flags & TW__F_EXTRA))
    return 0;
  x[n++] = r->extra;
  x[n++] = r->extra_j;
  for (k = 0; k < 4; k++) {
    x[n++] = r->extra_c[k];
    x[n++] = r->add_a[k];
    x[n++] = r->add_b[k];
    x[n++] = r->add_c0[k];
    x[n++] = r->add_k[k];
  }
  x[n++] = r->add_e0;
  x[n++] = r->add_d0;
  x[n++] = r->add_back;
  x[n++] = r->add_on;
  x[n++] = tw__hot_of(m, t)->duration;
  memcpy(out, x, (n < cap ? n : cap) * sizeof *x);
  return n;
}
#endif

/* The update's steps of a tween retargeted additively (additive.h's
 * add_advance and add_step), out of line: update.c reaches them through
 * m->fx, which a retarget fills in (the setters' loop takes add_step
 * inline but in a build for size).  tw__run_add_floats: run_inline's
 * run of floats by pointer (see floors.h), each step add_advance's, its
 * commonest case add_float_fast's in the loop, without a call. */
static TW__NOINLINE int step_add_float_gen(tw_manager *m, tw__tween *t,
                                           const tw__hot *h, uint32_t idx,
                                           double dt) {
  tw__value v;

  if (!add_advance(m, t, m->arec[idx], h, idx, dt, &v))
    return 0;
  *(float *)h->target = v.f[0];
  return 1;
}

#if TW__FOR_SIZE
int tw__step_add_float(tw_manager *m, tw__tween *t, const tw__hot *h,
                       uint32_t idx, double dt) {
  return step_add_float_gen(m, t, h, idx, dt);
}
#else
uint32_t tw__run_add_floats(tw_manager *m, uint32_t i, uint32_t end,
                            unsigned type, double sdt) {
  /* the arrays in locals: a write through a target could alias m; no
   * code of the program runs here, and nothing moves them.  Pointers to
   * the heads and the hot parts, as run_inline, and to the records (the
   * caller read the first: the array is there): an elapsed time is at a
   * fixed distance from its head (both 8 bytes, tw__el_stride) */
  tw__tween *a = m->active, *t = a + i, *stop = a + end;
  const tw__hot *h = m->hot + i;
  tw__record *const *rp = m->arec + i;
  uintptr_t off = (uintptr_t)m->elapsed - (uintptr_t)a;
  /* the flags, the value type and the update type in one compare */
  const uint64_t mask = head_mask(TW__ADD_FLOAT_MASK),
                 want = head_want(TW__ADD_RUNNING, TW_TYPE_FLOAT, type);

  for (; t < stop; t++, h++, rp++) {
    double *el = (double *)(void *)((uintptr_t)t + off), e, u;
    tw__record *r;
    float x;
    if ((head_bits(t) & mask) != want) {
      if (t->utype != type)
        continue; /* a hole, or another update type */
      break;
    }
    if ((r = *rp)->extra != TW__EXTRA_ADD)
      break;
    e = *el + sdt;
    u = e / h->duration;
    /* add_advance's for a value that add_float_fast gives, without its
     * test of the type: the general way, out of line, for anything else */
    if (TW__FAST_PATHS && tw__short_of_end(u) &&
        add_float_fast(t, r, e, u, &x)) {
      *el = e; /* add_moved's, through the loop's own pointer */
      r->moves++;
      r->elapsed_c = 0;
      tw__wrote(m, m->aslot[t - a]);
      *(float *)h->target = x;
    } else if (!step_add_float_gen(m, t, h, (uint32_t)(t - a), sdt)) {
      break; /* its step reaches its end */
    }
  }
  return (uint32_t)(t - a);
}
#endif

int tw__step_add(tw_manager *m, tw__walk *w, tw__tween *t, tw__hot *h,
                 uint32_t idx, double dt) {
  return add_step(m, w, t, h, idx, dt);
}

/* Out of line: once in a manager's life, and inline in
 * tw__retarget_float its entries' addresses were made ready before its
 * test, at every call. */
TW__NOINLINE void tw__fx_retarget(tw_manager *m) {
  m->fx.extra_value = tw__extra_value;
  m->fx.add_value = tw__add_value;
#if TW__FOR_SIZE
  m->fx.step_add_float = tw__step_add_float;
#else
  m->fx.run_add_floats = tw__run_add_floats;
#endif
  m->fx.step_add = tw__step_add;
}

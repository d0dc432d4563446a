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
#include "life.h"

#include <math.h>

/* Whether t, playing, is on its way: past its start in the direction it
 * plays (a tween at elapsed 0 forwards, or at its end backwards, stood
 * there until this instant: in a callback of its start, say). */
static int moving(const tw_manager *m, const tw__tween *t) {
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

/* The difference term's shapes t seconds into its d: s(u) = u^2 (3 - 2
 * u) and g(t) = t (1 - u)^2, and their rates per second ds and dg. */
static TW__INLINE void add_shapes(double t, double d, double *s, double *ds,
                                  double *g, double *dg) {
  double u = t > 0 ? (t < d ? t / d : 1.0) : 0.0, v = 1.0 - u;

  if (t > d)
    t = d;
  *s = u * u * (3.0 - 2.0 * u);
  *ds = d > 0 ? 6.0 * u * v / d : 0.0;
  *g = t > 0 ? t * v * v : 0.0;
  *dg = v * (1.0 - 3.0 * u);
}

/* The running motion's position at elapsed e, within [0, its duration]. */
static double add_pos(const tw__record *r, double e) {
  double p = r->add_back ? r->add_e0 - e : r->add_e0 + e;

  return p > 0 ? (p < r->add_d0 ? p : r->add_d0) : 0.0;
}

/* The running motion's fraction at position pos (its ease at 1 at its
 * end: exactly 1 there for an ease that takes the additive way, whose
 * row ends on 1, as test_ease checks; tw_set_ease may have given it
 * another since); r is t's record. */
static TW__INLINE double add_fraction(const tw_manager *m, const tw__tween *t,
                                      const tw__record *r, double pos) {
  if (!(r->add_d0 > 0))
    return 1.0;
  if (pos < r->add_d0)
    return tw__ease_running(m, t, pos, r->add_d0);
  /* tw__ease_at's at the end of an ease that ends on 1: the additive ones
   * (tw__ease_additive), Linear to InOutBounce, as test_ease checks of
   * the table's column, tested here without the call */
  if (TW__FAST_PATHS && (unsigned)t->ease <= (unsigned)TW_EASE_IN_OUT_BOUNCE)
    return 1.0;
  return tw__ease_at(m, t, pos, r->add_d0);
}

/* The term, c0 (1 - s) + K s + w g, saturated. */
static TW__INLINE double add_term(const tw__record *r, unsigned k, double s,
                                  double g) {
  double a = tw__saturate(r->add_c0[k] * (1.0 - s) + r->add_k[k] * s, DBL_MAX);

  return tw__saturate(a + tw__saturate(r->extra_c[k] * g, DBL_MAX), DBL_MAX);
}

float tw__add_float(const tw_manager *m, const tw__tween *t,
                    const tw__record *r, double e) {
  /* tw__lerp_add's float, written out */
  float x = tw__lerpf((float)r->add_a[0], (float)r->add_b[0],
                      add_fraction(m, t, r, add_pos(r, e)));
  double s, ds, g, dg;

  if (r->add_on) {
    add_shapes(e - r->add_t0, r->add_d, &s, &ds, &g, &dg);
    x = (float)tw__saturate((double)x + add_term(r, 0, s, g), FLT_MAX);
  }
  return x;
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
    add_shapes(e - r->add_t0, r->add_d, &s, &ds, &g, &dg);
    for (k = 0; k < (n ? n : 1); k++)
      add[k] = add_term(r, k, s, g);
  }
  tw__lerp_add(t->type, out, r->add_a, r->add_b,
               add_fraction(m, t, r, add_pos(r, e)), add, r->add_on);
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
  add_shapes(e - r->add_t0, r->add_d, &s, &ds, &g, &dg);
  for (k = 0; k < n; k++)
    v[k] = tw__saturate(
        tw__span(r->add_a[k], r->add_b[k], rate) +
            (r->add_on
                 ? tw__saturate(tw__span(r->add_c0[k], r->add_k[k], ds) +
                                    tw__saturate(r->extra_c[k] * dg, DBL_MAX),
                                DBL_MAX)
                 : 0.0),
        DBL_MAX);
}

/* The additive retarget of the moving tween t to the n components p1 in
 * d seconds (see the top). */
static void retarget_add(tw_manager *m, tw__tween *t, const double p1[4],
                         unsigned n, double d) {
  tw__record *r = tw__rec(m, t);
  tw__hot *h = tw__hot_of(m, t);
  double e = *tw__elapsed_of(m, t), c0[4] = {0, 0, 0, 0}, w[4] = {0, 0, 0, 0},
         pe, fe;
  double pd[4];
  unsigned k;
  int on = 0;

  if ((t->flags & TW__F_EXTRA) && r->extra == TW__EXTRA_ADD) {
    /* again: the running motion goes on; the term from where it is */
    double s, ds, g, dg, tt = e - r->add_t0;
    add_shapes(tt, r->add_d, &s, &ds, &g, &dg);
    for (k = 0; k < n; k++) {
      c0[k] = r->add_on ? add_term(r, k, s, g) : 0.0;
      w[k] = r->add_on
                 ? tw__saturate(tw__span(r->add_c0[k], r->add_k[k], ds) +
                                    tw__saturate(r->extra_c[k] * dg, DBL_MAX),
                                DBL_MAX)
                 : 0.0;
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
  r->add_t0 = 0; /* the tween restarts from elapsed 0 */
  r->add_d = d;
  /* where the running motion is at the new end: at its own end within
   * TW__SNAP of it, as its step would be */
  pe = r->add_back ? r->add_e0 - d : r->add_e0 + d;
  if (pe >= r->add_d0 - r->add_d0 * TW__SNAP)
    pe = r->add_d0;
  else if (pe <= r->add_d0 * TW__SNAP)
    pe = 0;
  fe = add_fraction(m, t, r, pe);
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
  h->duration = r->add_t0 + d;
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
    tw__move(m, t, r->add_t0);
    return;
  }
  r->extra_j = 0;
  for (k = 0; k < 4; k++)
    r->extra_c[k] = v[k];
  if (t->ease == TW__EASE_SPRING) {
    r->spring.v0 = 0;
    r->extra = TW__EXTRA_SPRING;
    m->fx.spring_span = tw__spring_span;
    tw__hot_of(m, t)->duration = tw__spring_span(m, t);
  } else {
    double d = duration >= 0 ? duration : tw__hot_of(m, t)->duration;
    tw__hot_of(m, t)->duration = d;
    r->extra = TW__EXTRA_RETARGET;
    if (d > 0) /* where the ease starts just after 0 */
      r->extra_j = tw__ease_origin_at(m, t, d);
  }
  tw__move(m, t, 0);
}

/* The update's steps of a tween retargeted additively (update.c reaches
 * them through m->fx, which retarget_add fills in): copies of tw__step's
 * and tw__advance's, for one case, beside the value they compute. */

/* The time and the value of the step by dt of the tween at index idx,
 * running, retargeted additively, with nothing else for the slow step:
 * what tw__step and tw__advance do for it short of its end (the time
 * added, the value of retarget.c into *v), its record r.  Returns 0
 * (nothing changed) when the step reaches its end, which the slow step
 * decides. */
static TW__INLINE int add_advance(tw_manager *m, tw__tween *t, tw__record *r,
                                  const tw__hot *h, uint32_t idx, double dt,
                                  tw__value *v) {
  double e = m->elapsed[idx] + dt;

  if (!(e / h->duration < 1.0 - TW__SNAP))
    return 0;
  m->elapsed[idx] = e; /* tw__move's */
  r->moves++;
  r->elapsed_c = 0;
  tw__wrote(m, m->aslot[idx]);
  if (t->type == TW_TYPE_FLOAT)
    v->f[0] = tw__add_float(m, t, r, e); /* tw__add_value's float */
  else
    tw__add_value(m, t, v, e);
  return 1;
}

/* The step of a float by pointer retargeted additively (add_advance), its
 * value written: update.c's run_inline's.  Returns 0 (nothing changed) when the
 * step reaches its end. */
int tw__step_add_float(tw_manager *m, tw__tween *t, const tw__hot *h,
                       uint32_t idx, double dt) {
  tw__value v;

  if (!add_advance(m, t, m->arec[idx], h, idx, dt, &v))
    return 0;
  *(float *)h->target = v.f[0];
  return 1;
}

/* The step by dt of the tween at index idx, running, retargeted
 * additively, with nothing else for the slow step, short of its end
 * (add_advance), its value written through its setter if it has one,
 * which kills it if it fails, the walk w's cursor past it before a setter
 * runs.  Returns TW__V_ bits, or -1 (nothing changed) when the step
 * reaches its end, which the slow step decides. */
int tw__step_add(tw_manager *m, tw__walk *w, tw__tween *t, tw__hot *h,
                 uint32_t idx, double dt) {
  uint32_t s = m->aslot[idx], gen;
  tw__value v;

  if (!add_advance(m, t, m->arec[idx], h, idx, dt, &v))
    return -1;
  if (!(t->flags & TW__F_SETTER)) {
    if (t->type == TW_TYPE_FLOAT)
      *(float *)h->target = v.f[0];
    else
      memcpy(h->target, &v, m->types[t->type].size);
    return TW__V_LIVES;
  }
  gen = m->slots[s].gen;
  w->next = idx + 1;
  if (m->arec[idx]->set(h->target, &v) != 0 && tw__alive(m, s, gen))
    tw__setter_failed(m, s); /* a failing setter kills */
  return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
}

void tw__fx_retarget(tw_manager *m) {
  m->fx.extra_value = tw__extra_value;
  m->fx.add_value = tw__add_value;
  m->fx.step_add_float = tw__step_add_float;
  m->fx.step_add = tw__step_add;
}

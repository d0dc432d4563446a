/* SPDX-License-Identifier: MIT */
/* Floor 4, a tween retarget.c retargets additively (the comment at its
 * top gives the construction): its running motion, the difference term
 * and the update's step of it, which retarget.c (the manager's entries
 * m->fx.step_add and .step_add_float) and the setters' loop (steps.h,
 * inline) share. */
#ifndef TWEEN_ADDITIVE_H
#define TWEEN_ADDITIVE_H

#include "life.h"

#include <float.h>

/* The flags of a running tween retargeted additively (rec->extra
 * TW__EXTRA_ADD) with nothing else for the slow step; under
 * TW__ADD_FLOAT_MASK, the same by pointer and of the pass's scaled time
 * (the update's run of such floats, tw__run_add_floats). */
#define TW__ADD_RUNNING (TW__F_RUNNING | TW__F_EXTRA)
#define TW__ADD_FLOAT_MASK                                                     \
  (TW__F_SLOW | TW__F_RUN | TW__F_SETTER | TW__F_INDEPENDENT)

/* The difference term's shapes t seconds into its d, u = t / d of the
 * way (d the tween's duration: the term starts at elapsed 0 and ends at
 * its end): s(u) = u^2 (3 - 2 u) and g(t) = t (1 - u)^2, and their rates
 * per second ds and dg.  add_shapes gives the four at any t, the ends
 * included; the fast paths call the four for 0 < t < d, written once
 * here, so that they compute what add_shapes does, bit for bit. */
static TW__INLINE double add_s(double u) { return u * u * (3.0 - 2.0 * u); }
static TW__INLINE double add_g(double t, double u) {
  double v = 1.0 - u;

  return t * v * v;
}
static TW__INLINE double add_ds(double u, double d) {
  double v = 1.0 - u;

  return 6.0 * u * v / d;
}
static TW__INLINE double add_dg(double u) {
  double v = 1.0 - u;

  return v * (1.0 - 3.0 * u);
}
static TW__INLINE void add_shapes(double t, double d, double *s, double *ds,
                                  double *g, double *dg) {
  double u = t > 0 ? (t < d ? t / d : 1.0) : 0.0;

  if (t > d)
    t = d;
  *s = add_s(u);
  *ds = d > 0 ? add_ds(u, d) : 0.0;
  *g = t > 0 ? add_g(t, u) : 0.0;
  *dg = add_dg(u);
}

/* A float's term, c0 (1 - s) + K s + w g, without add_term's
 * saturations: where its callers test the sum it makes, which an infinite
 * or NaN part leaves outside a float's range. */
static TW__INLINE double add_term_f(const tw__record *r, double s, double g) {
  return (r->add_c0[0] * (1.0 - s) + r->add_k[0] * s) + r->extra_c[0] * g;
}

/* The running motion's position at elapsed e, within [0, its duration]. */
static TW__INLINE double add_pos(const tw__record *r, double e) {
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
    return t->ease == TW_EASE_OUT_QUAD
               ? tw__out_quad(tw__frac(pos, r->add_d0))
               : tw__ease_running(m, t, tw__frac(pos, r->add_d0), pos,
                                  r->add_d0);
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

/* tw__add_float_in's commonest case, for tw__run_add_floats (floats by
 * pointer) on a fast path; the setters' loop takes the general way, whose
 * registers this inline would take (UIr of make bench rose): the running motion
 * short of its ends (0 < its position p < add_d0), an ease of easeform.h,
 * the term on and past its start (0 < e), and the sum within a float's
 * range, at elapsed e, x = e / d short of the tween's end d (the term's
 * u, add_shapes' e / d for 0 < e < d).  The general way's operations
 * there, in its order (add_pos, add_fraction and tw__ease_running's
 * tw__ease_form, add_shapes), without their tests of the ends and without
 * the call: the same float, bit for bit.  tw__lerpf's value without its
 * test of a value that is not finite: such a value leaves the sum outside
 * a float's range, which is refused.  Returns 0, *out untouched,
 * otherwise. */
static TW__INLINE int add_float_fast(const tw__tween *t, const tw__record *r,
                                     double e, double x, float *out) {
  double p = r->add_e0 + e, f, y; /* add_pos' forwards, the commonest */
  float a, b, z;

  if (r->add_back) /* backwards */
    p = r->add_e0 - e;
  if (!(p > 0 && p < r->add_d0 && r->add_on && e > 0) ||
      !tw__ease_form(t->ease, tw__frac(p, r->add_d0), p, r->add_d0, &f))
    return 0;
  a = (float)r->add_a[0];
  b = (float)r->add_b[0];
  if (f > 0.0 && f < 1.0) /* the commonest first: tw__lerpf's a + (b - a) f */
    z = a + (b - a) * (float)f;
  else
    z = tw__lerpf(a, b, f);
  y = (double)z + add_term_f(r, add_s(x), add_g(e, x));
  if (!(fabs(y) <= FLT_MAX)) /* NaN too */
    return 0;
  *out = (float)y;
  return 1;
}

/* tw__add_value's float: t's value at elapsed e, t a float retargeted
 * additively, r its record (tw__lerp_add's float, written out). */
static TW__INLINE float tw__add_float_in(const tw_manager *m,
                                         const tw__tween *t,
                                         const tw__record *r, double e) {
  float x;
  double s, ds, g, dg, y;

  x = tw__lerpf((float)r->add_a[0], (float)r->add_b[0],
                add_fraction(m, t, r, add_pos(r, e)));
  if (r->add_on) {
    add_shapes(e, tw__hot_of(m, t)->duration, &s, &ds, &g, &dg);
    /* the sum without its saturations, which change nothing when it is a
     * float's: then each of its parts was finite (an infinite or NaN part
     * leaves the sum infinite or NaN, which the test refuses) */
    y = (double)x + add_term_f(r, s, g);
    if (y >= -FLT_MAX && y <= FLT_MAX)
      return (float)y;
    x = (float)tw__saturate((double)x + add_term(r, 0, s, g), FLT_MAX);
  }
  return x;
}

/* What the step to elapsed e of the tween at index idx, retargeted
 * additively, its record r, writes besides its value. */
static TW__INLINE void add_moved(tw_manager *m, tw__record *r, uint32_t idx,
                                 double e) {
  m->elapsed[idx] = e; /* tw__move's */
  r->moves++;
  r->elapsed_c = 0;
  tw__wrote(m, m->aslot[idx]);
}

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

  if (!(tw__short_of_end(e / h->duration)))
    return 0;
  add_moved(m, r, idx, e);
  if (t->type == TW_TYPE_FLOAT)
    v->f[0] = tw__add_float_in(m, t, r, e); /* tw__add_value's float */
  else /* tw__add_value, through the entry its retarget filled in */
    m->fx.add_value(m, t, v, e);
  return 1;
}

/* The step by dt of the tween at index idx, running, retargeted
 * additively, with nothing else for the slow step, short of its end
 * (add_advance), its value written through its setter if it has one,
 * which kills it if it fails, the walk w's cursor past it before a setter
 * runs.  Returns TW__V_ bits, or -1 (nothing changed) when the step
 * reaches its end, which the slow step decides. */
static TW__INLINE int add_step(tw_manager *m, tw__walk *w, tw__tween *t,
                               tw__hot *h, uint32_t idx, double dt) {
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

#endif

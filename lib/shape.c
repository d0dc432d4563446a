/* SPDX-License-Identifier: MIT */
/* Where a tween is at a given time: pure functions of its settings.
 *
 * A tween keeps one number, `elapsed`: the seconds it has played over all
 * its loops, delay excluded.  The loop it is in, the position inside that
 * loop and the interpolation fraction are derived from it here, so one
 * update spanning several loops ends exactly where many small updates end.
 * An elapsed time within TW__SNAP (relative) of a loop boundary counts as
 * reaching it.  Nothing here changes a tween or calls the program's code,
 * except a user ease function, which must be pure. */
#include "tween-private.h"

#include <math.h>

/* The eases kept in the record: user function, and CSS and keyframe
 * curve (curves.c, through the manager's entry).  Out of line, so that
 * the built-in eases' way through tw__ease_at keeps its registers. */
static TW__NOINLINE double ease_ex(const tw_manager *m, const tw__record *r,
                                   int ease, double x) {
  if (ease == TW__EASE_FN)
    return r->ex.fn.fn(x, r->ex.fn.ud);
  return m->fx.ease_kept(r, ease, x);
}

/* A user ease is the program's function, of which the library knows
 * values only: its slope is a difference of steps of h = 1e-6, within (0,
 * 1) and off the ease's own ends, where an ease may jump (DOTween's In
 * Expo does).  Inside, the central one; within 2 h of an end, the slope
 * at x of the parabola through three values further in (and its start,
 * tw__ease_origin_at, that parabola's value at 0): errors of h^2 times
 * the third derivative. */
#define TW__FN_H 1e-6

/* The parabola through the ease at a + s h, a + 2 s h, a + 3 s h (s = +-1):
 * its slope at x into *slope, its value at x returned. */
static double fn_parabola(const tw__record *r, double a, double s, double x,
                          double *slope) {
  double t[3], f[3], v = 0, d = 0;
  int i, j, k;

  for (i = 0; i < 3; i++) {
    t[i] = a + s * (i + 1) * TW__FN_H;
    f[i] = r->ex.fn.fn(t[i], r->ex.fn.ud);
  }
  for (i = 0; i < 3; i++) { /* Lagrange's form */
    double den;
    j = (i + 1) % 3;
    k = (i + 2) % 3;
    den = (t[i] - t[j]) * (t[i] - t[k]);
    v += f[i] * (x - t[j]) * (x - t[k]) / den;
    d += f[i] * ((x - t[j]) + (x - t[k])) / den;
  }
  *slope = d;
  return v;
}

static double fn_slope(const tw__record *r, double x) {
  double h = TW__FN_H, d;

  if (x >= 2.0 * h && x <= 1.0 - 2.0 * h)
    return (r->ex.fn.fn(x + h, r->ex.fn.ud) - r->ex.fn.fn(x - h, r->ex.fn.ud)) /
           (2.0 * h);
  fn_parabola(r, x < 0.5 ? 0.0 : 1.0, x < 0.5 ? 1.0 : -1.0, x, &d);
  return d;
}

/* Their slopes in x (see tw__ease_rate). */
static double slope_ex(const tw_manager *m, const tw__record *r, int ease,
                       double x, int before) {
  if (ease == TW__EASE_FN)
    return fn_slope(r, x);
  return m->fx.ease_kept_slope(r, ease, x, before);
}

/* An eased fraction the rest of the library can use: a NaN (a user ease,
 * an absurd parameter) is taken as 0, and magnitudes beyond TW__FRACTION_MAX
 * are clamped, so that no conversion to float or int overflows. */
static double sane(double e) {
  if (tw__within(e, TW__FRACTION_MAX)) /* the usual case, first */
    return e;
  if (!(e == e))
    return 0.0;
  if (e > TW__FRACTION_MAX)
    return TW__FRACTION_MAX;
  if (e < -TW__FRACTION_MAX)
    return -TW__FRACTION_MAX;
  return e;
}

/* A spring's fraction at t seconds: from 0 towards 1, with the initial
 * velocity along the way; exactly 1 once settled. */
static double spring_at(const tw__spring *s, double t, double d) {
  double r[4];

  if (t >= d)
    return 1.0;
  tw__spring_ab(s, t, r);
  return 1.0 - r[0] + s->v0 * r[1];
}

/* The ease parameters of t. */
#define TW__OVERSHOOT_OF(t)                                                    \
  (tw__rec(m, (t)) != NULL ? tw__rec(m, (t))->overshoot : TW__OVERSHOOT)
#define TW__PERIOD_OF(t)                                                       \
  (tw__rec(m, (t)) != NULL ? tw__rec(m, (t))->period : 0.0)

/* The built-in ease `ease` at position pos of a loop of d seconds.  A
 * sequence's eased fraction is a time of its timeline (tw__write_value),
 * which stays a double's where the fractions are floats (tw__frac): its
 * fraction is e / d, its children at their starts and ends exactly. */
static double ease_builtin(const tw_manager *m, const tw__tween *t, int ease,
                           double pos, double d) {
  double x = TW__FLOAT_FRACTIONS && (t->flags & TW__F_SEQ) ? pos / d
                                                           : tw__frac(pos, d);

  if (ease == TW_EASE_OUT_QUAD)
    return tw__out_quad(x);
  if (ease == TW_EASE_LINEAR)
    return x;
  if (TW__FLOAT_FRACTIONS && (t->flags & TW__F_SEQ) && d > 0 && pos < d &&
      (unsigned)ease < (unsigned)TW_EASE_COUNT)
    return sane(
        tw__ease_in(ease, x, pos, d, TW__OVERSHOOT_OF(t), TW__PERIOD_OF(t)));
  return sane(tw__ease(ease, pos, d, TW__OVERSHOOT_OF(t), TW__PERIOD_OF(t)));
}

double tw__ease_at(const tw_manager *m, const tw__tween *t, double pos,
                   double d) {
  if (t->ease == TW__EASE_SPRING)
    return sane(spring_at(&tw__rec(m, t)->spring, pos, d));
  if (t->ease < TW_EASE_COUNT)
    return ease_builtin(m, t, t->ease, pos, d);
  return sane(ease_ex(m, tw__rec(m, t), t->ease, tw__frac(pos, d)));
}

/* tw__ease_running's way for the eases without a form of their own (and
 * Back past its forms' overshoot), and for every ease in the builds
 * without the forms: ease_builtin's, for 0 < d and e < d, where
 * tw__ease's tests all pass. */
static double ease_running_rest(const tw_manager *m, const tw__tween *t,
                                double x, double e, double d) {
  const tw__record *r;

  if (!TW__FAST_PATHS || t->ease >= TW_EASE_COUNT)
    return tw__ease_at(m, t, e, d);
  if (t->ease == TW_EASE_LINEAR)
    return x;
  if (!((TW__EASE_PARAMS >> t->ease) & 1)) /* it reads neither parameter */
    return sane(tw__ease_in(t->ease, x, e, d, TW__OVERSHOOT, 0.0));
  r = tw__rec(m, t);
  return sane(tw__ease_in(t->ease, x, e, d,
                          r != NULL ? r->overshoot : TW__OVERSHOOT,
                          r != NULL ? r->period : 0.0));
}

#if TW__FAST_PATHS && !TW__FOR_SIZE
typedef double (*running_form)(const tw_manager *m, const tw__tween *t,
                               double x, double time, double duration);
/* tw__ease_form's cases, one function each (what its switch returns for
 * the ease, by the same form): tw__ease_running's table, so that a
 * running tween's ease is one indexed call, not a call and a switch. */
static double running_linear(const tw_manager *m, const tw__tween *t, double x,
                             double time, double duration) {
  (void)m;
  (void)t;
  (void)time;
  (void)duration;
  return x;
}
#define TW__RUNNING_FORM(id, name, args)                                       \
  static double running_##name(const tw_manager *m, const tw__tween *t,        \
                               double x, double time, double duration) {       \
    (void)m;                                                                   \
    (void)t;                                                                   \
    (void)x;                                                                   \
    (void)time;                                                                \
    (void)duration;                                                            \
    return tw__##name args;                                                    \
  }
TW__FLOAT_FORMS(TW__RUNNING_FORM)
#undef TW__RUNNING_FORM
/* tw__ease_back_form of the ease (its id a constant: its switch folds)
 * with the overshoot (the record's, else the default), else
 * ease_running_rest's.  While no record of the manager has held another
 * overshoot than the default (tw_manager.custom_overshoot), the default,
 * without a read of the record: a line of memory a tween a frame */
#define TW__RUNNING_BACK(id, name)                                             \
  static double running_##name(const tw_manager *m, const tw__tween *t,        \
                               double x, double time, double duration) {       \
    const tw__record *r =                                                      \
        TW__FAST_PATHS && !m->custom_overshoot ? NULL : tw__rec(m, t);         \
    double y;                                                                  \
                                                                               \
    if (tw__ease_back_form(TW_EASE_##id, x,                                    \
                           r != NULL ? r->overshoot : TW__OVERSHOOT, &y))      \
      return y;                                                                \
    return ease_running_rest(m, t, x, time, duration);                         \
  }
TW__RUNNING_BACK(IN_BACK, in_back)
TW__RUNNING_BACK(OUT_BACK, out_back)
TW__RUNNING_BACK(IN_OUT_BACK, in_out_back)
#undef TW__RUNNING_BACK
#define TW__RUNNING_ENTRY(id, name, args) [TW_EASE_##id] = running_##name,
/* by ease id; the ids with no form of their own (null) take
 * ease_running_rest, as do the ids past the built-in eases */
static const running_form running_forms[128] = {
    [TW_EASE_LINEAR] = running_linear,
    [TW_EASE_IN_BACK] = running_in_back,
    [TW_EASE_OUT_BACK] = running_out_back,
    [TW_EASE_IN_OUT_BACK] = running_in_out_back,
    TW__FLOAT_FORMS(TW__RUNNING_ENTRY)};
#undef TW__RUNNING_ENTRY
#endif

double tw__ease_running(const tw_manager *m, const tw__tween *t, double x,
                        double e, double d) {
#if TW__FAST_PATHS && !TW__FOR_SIZE
  /* easeform.h's, without sane(), which they need not; one indexed call,
   * not a second copy in each loop of the update (whose registers it
   * took: W1s and W6 of make bench-ops rose) */
  running_form f = running_forms[t->ease & 127];

  if (f != NULL)
    return f(m, t, x, e, d);
#endif
  return ease_running_rest(m, t, x, e, d);
}

/* The loop k is a whole double: an infinitely looping tween may be past
 * any integer type's range (a 1 ms loop for a year, a 1e-300 s loop for a
 * frame).  Where e / p is that large, the position within the loop is
 * fmod's exact remainder; it is kept in [0, d] against rounding.  A loop
 * takes its period p, the duration d and then the loop delay, during which
 * the position stays d. */
void tw__locate(const tw_manager *m, const tw__tween *t, double e, double *k,
                double *pos) {
  double d = tw__hot_of(m, t)->duration, p, q, f;

  /* one loop, the commonest: the general way's figures with its loop 0
   * (the period and the total time are d) */
  if (TW__FAST_PATHS && d > 0 && e >= 0 && tw__loops(m, t) == 1) {
    q = e / d;
    *k = q * 0.0; /* floor(q), 0 with its sign (-0 at e = -0) */
    *pos = e >= d || 1.0 - q <= TW__SNAP ? d : e - *k * d;
    return;
  }
  p = tw__period(m, t);

  if (tw__loops(m, t) > 0 && e >= tw__total_time(m, t)) {
    *k = (double)tw__loops(m, t) - 1;
    *pos = d;
    return;
  }
  if (p <= 0) {
    *k = 0;
    *pos = 0;
    return;
  }
  q = e / p;
  f = floor(q);
  if (f + 1.0 - q <= TW__SNAP)
    f += 1.0;
  if (tw__loops(m, t) > 0 && f >= (double)tw__loops(m, t)) {
    /* within the snap of the end of the last loop: the end, not the start
     * of a loop that does not exist (a child's time is a difference of
     * timeline times, a hair short of its end) */
    *k = (double)tw__loops(m, t) - 1;
    *pos = d;
    return;
  }
  *k = f;
  *pos = q < 4503599627370496.0 ? e - f * p : fmod(e, p); /* 2^52 */
  if (*pos < 0)
    *pos = 0;
  else if (*pos > d)
    *pos = d;
}

/* Loops finished at elapsed e.  A zero-duration tween is at its total
 * from the start, so its loops count as finished only once it completes
 * (a step sets TW__F_COMPLETE before asking). */
int32_t tw__loops_done_at(const tw_manager *m, const tw__tween *t, double e) {
  double k, pos, d = tw__hot_of(m, t)->duration;

  if (TW__FAST_PATHS && d > 0 && e >= 0 && tw__loops(m, t) == 1)
    return e >= d; /* one loop: done at its end (tw__locate's loop 0) */
  if (tw__period(m, t) <= 0)
    return (t->flags & TW__F_COMPLETE) ? tw__loops(m, t) : 0;
  if (tw__loops(m, t) > 0 && e >= tw__total_time(m, t))
    return tw__loops(m, t);
  tw__locate(m, t, e, &k, &pos);
  return k < (double)INT32_MAX ? (int32_t)k : INT32_MAX;
}

/* The backward half of a yoyo loop plays its own ease, if set, from the
 * end to the start: 1 - ease(pos), exactly the start at its end. */
double tw__fraction(const tw_manager *m, const tw__tween *t, double k,
                    double pos) {
  int lt = tw__rec(m, t) != NULL ? tw__rec(m, t)->loop_type : TW_LOOP_RESTART;
  int back = lt == TW_LOOP_YOYO && fmod(k, 2.0) != 0.0;
  double d = tw__hot_of(m, t)->duration, e;

  if (d <= 0)
    e = back ? 0.0 : 1.0;
  else if (back && tw__rec(m, t)->ch != NULL &&
           tw__rec(m, t)->ch->yoyo_ease >= 0)
    e = pos >= d
            ? 0.0 /* the start, exactly */
            : 1.0 - ease_builtin(m, t, tw__rec(m, t)->ch->yoyo_ease, pos, d);
  else
    e = tw__ease_at(m, t, back ? d - pos : pos, d);
  if (lt == TW_LOOP_INCREMENTAL)
    e = sane(e + k);
  return e;
}

double tw__fraction_at(const tw_manager *m, const tw__tween *t, double e) {
  double k, pos;

  tw__locate(m, t, e, &k, &pos);
  return tw__fraction(m, t, k, pos);
}

/* Eases for a program's own values: the tween's ease code at progress x
 * of a duration of 1, made sane as a tween's fraction is. */

int tw__bezier_ok(double x1, double y1, double x2, double y2) {
  return x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 && tw__finite(y1) &&
         tw__finite(y2);
}

/* x clamped to [0, 1], NaN as 0. */
static double unit(double x) { return x > 0 ? (x < 1 ? x : 1) : 0; }

double tw_ease_eval(tw_ease ease, double x, double overshoot, double period) {
  x = unit(x);
  if ((unsigned)ease >= TW_EASE_COUNT)
    return x;
  return sane(tw__ease((int)ease, x, 1.0,
                       tw__finite(overshoot) ? overshoot : TW__OVERSHOOT,
                       tw__finite(period) ? period : 0.0));
}

double tw_ease_eval_bezier(double x1, double y1, double x2, double y2,
                           double x) {
  x = unit(x);
  if (!tw__bezier_ok(x1, y1, x2, y2))
    return x;
  /* the fraction a tween of a duration of 1 sees (tw__frac) */
  return sane(tw__cubic_bezier(x1, y1, x2, y2, tw__frac(x, 1.0)));
}

/* tw__steps takes bad counts and jumps as linear itself (its slope 1);
 * good ones see the fraction a tween of a duration of 1 sees (tw__frac). */
double tw_ease_eval_steps(int n, tw_jump jump, double x) {
  x = unit(x);
  if (tw__steps_slope(n, (int)jump, x) != 0.0)
    return x;
  return tw__steps(n, (int)jump, tw__frac(x, 1.0));
}

/* Retarget's shapes (retarget.c): the velocity v0 times g(e) = e (1 -
 * u)^2 with u = e / d (d h(u), h(u) = u (1 - u)^2, written so that a huge
 * d cannot overflow it), of slope g'(e) = (1 - u) (1 - 3 u); the ease's
 * jump at 0 blended out, j w(u) with w(u) = (1 - u)^2 (1 + 2 u), 1 to 0
 * with no slope at either end; and the ramp r(u) = u (2 - u), 0 to 1 with
 * no slope at 1, which starts the eased part from rest. */
void tw__extra_at(const tw_manager *m, const tw__tween *t, double e,
                  tw__extra *x) {
  double d = tw__hot_of(m, t)->duration, u, v;

  x->g = x->dg = x->jw = x->djw = x->dr = 0;
  x->r = 1;
  if (!(t->flags & TW__F_EXTRA) || !(e < d) ||
      tw__rec(m, t)->extra == TW__EXTRA_ADD)
    return;
  if (tw__rec(m, t)->extra == TW__EXTRA_SPRING) {
    double r[4];
    tw__spring_ab(&tw__rec(m, t)->spring, e, r);
    x->g = r[1];
    x->dg = r[3];
    return;
  }
  u = e > 0 ? e / d : 0;
  v = 1.0 - u;
  x->g = e * v * v;
  x->dg = v * (1.0 - 3.0 * u);
  x->r = u * (2.0 - u);
  x->dr = 2.0 * v / d;
  if (tw__rec(m, t)->extra_j != 0.0) {
    x->jw = tw__rec(m, t)->extra_j * (v * v * (1.0 + 2.0 * u));
    x->djw = tw__rec(m, t)->extra_j * (-6.0 * u * v) / d;
  }
}

double tw__ease_rate(const tw_manager *m, const tw__tween *t, int ease,
                     double pos, double d, int before) {
  if (!(d > 0))
    return 0.0;
  if (!(pos > 0)) /* the ends have one side each */
    before = 0;
  else if (pos >= d)
    before = 1;
  if (ease == TW__EASE_SPRING) {
    double r[4];
    tw__spring_ab(&tw__rec(m, t)->spring, pos < d ? pos : d, r);
    return -r[2] + tw__rec(m, t)->spring.v0 * r[3];
  }
  if (ease < TW_EASE_COUNT)
    return tw__ease_slope(ease, pos, d, TW__OVERSHOOT_OF(t), TW__PERIOD_OF(t),
                          before) /
           d;
  return slope_ex(m, tw__rec(m, t), ease, pos / d, before) / d;
}

double tw__ease_origin_at(const tw_manager *m, const tw__tween *t, double d) {
  if (t->ease < TW_EASE_COUNT)
    return sane(
        tw__ease_origin(t->ease, d, TW__OVERSHOOT_OF(t), TW__PERIOD_OF(t)));
  if (t->ease == TW__EASE_FN) { /* from inside, off its value at 0 */
    double slope;
    return sane(fn_parabola(tw__rec(m, t), 0.0, 1.0, 0.0, &slope));
  }
  return tw__ease_at(m, t, 0.0, d); /* spring, CSS, curves: whole at 0 */
}

/* The side the tween comes from is before its position when it plays
 * forwards.  The backward half of a yoyo loop plays its ease backwards
 * (or its yoyo ease, 1 - ease): its slope is minus the ease's, from the
 * other side.  During a loop delay it stands still. */
double tw__fraction_rate(const tw_manager *m, const tw__tween *t, double e) {
  int before = !(t->flags & TW__F_BACKWARDS);
  int lt = tw__rec(m, t) != NULL ? tw__rec(m, t)->loop_type : TW_LOOP_RESTART;
  double d = tw__hot_of(m, t)->duration, p = tw__period(m, t), k, pos;

  if (!(d > 0))
    return 0.0;
  tw__locate(m, t, e, &k, &pos);
  if (p > d && e - k * p > d &&
      !(tw__loops(m, t) > 0 && e >= tw__total_time(m, t)))
    return 0.0; /* waiting between loops */
  if (lt == TW_LOOP_YOYO && fmod(k, 2.0) != 0.0) {
    if (tw__rec(m, t)->ch != NULL && tw__rec(m, t)->ch->yoyo_ease >= 0)
      return -tw__ease_slope(tw__rec(m, t)->ch->yoyo_ease, pos, d,
                             TW__OVERSHOOT_OF(t), TW__PERIOD_OF(t), before) /
             d;
    return -tw__ease_rate(m, t, t->ease, d - pos, d, !before);
  }
  return tw__ease_rate(m, t, t->ease, pos, d, before);
}

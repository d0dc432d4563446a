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

/* The eases kept in the record: user function, CSS, keyframe curve. */
static double ease_ex(const tw__record *r, int ease, double x) {
  switch (ease) {
  case TW__EASE_FN:
    return r->ex.fn.fn(x, r->ex.fn.ud);
  case TW__EASE_BEZIER:
    return tw__cubic_bezier(r->ex.bezier[0], r->ex.bezier[1], r->ex.bezier[2],
                            r->ex.bezier[3], x);
  case TW__EASE_STEPS:
    return tw__steps(r->ex.steps.n, r->ex.steps.jump, x);
  default:
    return tw__curve(r->curve, r->ncurve, x);
  }
}

/* An eased fraction the rest of the library can use: a NaN (a user ease,
 * an absurd parameter) is taken as 0, and magnitudes beyond TW__FRACTION_MAX
 * are clamped, so that no conversion to float or int overflows. */
static double sane(double e) {
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

/* The built-in ease `ease` at position pos of a loop of d seconds. */
static double ease_builtin(const tw__tween *t, int ease, double pos, double d) {
  if (ease == TW_EASE_OUT_QUAD)
    return tw__out_quad(pos / d);
  if (ease == TW_EASE_LINEAR)
    return pos / d;
  return sane(tw__ease(ease, pos, d,
                       t->rec != NULL ? t->rec->overshoot : TW__OVERSHOOT,
                       t->rec != NULL ? t->rec->period : 0.0));
}

double tw__ease_at(const tw__tween *t, double pos, double d) {
  if (t->ease == TW__EASE_SPRING)
    return sane(spring_at(&t->rec->spring, pos, d));
  if (t->ease < TW_EASE_COUNT)
    return ease_builtin(t, t->ease, pos, d);
  return sane(ease_ex(t->rec, t->ease, pos / d));
}

/* The loop k is a whole double: an infinitely looping tween may be past
 * any integer type's range (a 1 ms loop for a year, a 1e-300 s loop for a
 * frame).  Where e / p is that large, the position within the loop is
 * fmod's exact remainder; it is kept in [0, d] against rounding.  A loop
 * takes its period p, the duration d and then the loop delay, during which
 * the position stays d. */
void tw__locate(const tw__tween *t, double e, double *k, double *pos) {
  double d = t->duration, p = tw__period(t), q, f;

  if (tw__loops(t) > 0 && e >= tw__total_time(t)) {
    *k = (double)tw__loops(t) - 1;
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
  if (tw__loops(t) > 0 && f >= (double)tw__loops(t)) {
    /* within the snap of the end of the last loop: the end, not the start
     * of a loop that does not exist (a child's time is a difference of
     * timeline times, a hair short of its end) */
    *k = (double)tw__loops(t) - 1;
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
int32_t tw__loops_done_at(const tw__tween *t, double e) {
  double k, pos;

  if (tw__period(t) <= 0)
    return (t->flags & TW__F_COMPLETE) ? tw__loops(t) : 0;
  if (tw__loops(t) > 0 && e >= tw__total_time(t))
    return tw__loops(t);
  tw__locate(t, e, &k, &pos);
  return k < (double)INT32_MAX ? (int32_t)k : INT32_MAX;
}

/* The backward half of a yoyo loop plays its own ease, if set, from the
 * end to the start: 1 - ease(pos), exactly the start at its end. */
double tw__fraction(const tw__tween *t, double k, double pos) {
  int lt = t->rec != NULL ? t->rec->loop_type : TW_LOOP_RESTART;
  int back = lt == TW_LOOP_YOYO && fmod(k, 2.0) != 0.0;
  double d = t->duration, e;

  if (d <= 0)
    e = back ? 0.0 : 1.0;
  else if (back && t->rec->ch != NULL && t->rec->ch->yoyo_ease >= 0)
    e = pos >= d ? 0.0 /* the start, exactly */
                 : 1.0 - ease_builtin(t, t->rec->ch->yoyo_ease, pos, d);
  else
    e = tw__ease_at(t, back ? d - pos : pos, d);
  if (lt == TW_LOOP_INCREMENTAL)
    e = sane(e + k);
  return e;
}

double tw__fraction_at(const tw__tween *t, double e) {
  double k, pos;

  tw__locate(t, e, &k, &pos);
  return tw__fraction(t, k, pos);
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
  return sane(tw__cubic_bezier(x1, y1, x2, y2, x));
}

/* tw__steps takes bad counts and jumps as linear itself. */
double tw_ease_eval_steps(int n, tw_jump jump, double x) {
  return tw__steps(n, (int)jump, unit(x));
}

void tw__extra_at(const tw__tween *t, double e, tw__extra *x) {
  double d = t->duration, u;

  x->g = x->dg = x->w = x->dw = 0;
  if (!(t->flags & TW__F_EXTRA) || !(e < d))
    return;
  if (t->rec->extra == TW__EXTRA_SPRING) {
    double r[4];
    tw__spring_ab(&t->rec->spring, e, r);
    x->g = r[1];
    x->dg = r[3];
    return;
  }
  u = e > 0 ? e / d : 0;
  x->g = tw__retarget_h(u, &x->dg);
  /* at 0 itself the ease has not jumped yet: nothing to blend out */
  x->w = e > 0 ? tw__retarget_w(u, &x->dw) : 0;
  x->dg /= d;
  x->dw /= d;
}

double tw__fraction_rate(const tw__tween *t, double e) {
  double d = t->duration, h, lo, hi;

  if (!(d > 0) || !(e < d))
    return 0.0;
  if (t->ease == TW__EASE_SPRING) {
    double r[4];
    tw__spring_ab(&t->rec->spring, e, r);
    return -r[2] + t->rec->spring.v0 * r[3];
  }
  /* the ease's slope, by a central difference within the loop */
  h = d * 1e-6;
  lo = e - h < 0 ? 0 : e - h;
  hi = e + h > d ? d : e + h;
  if (!(hi > lo))
    return 0.0;
  return (tw__ease_at(t, hi, d) - tw__ease_at(t, lo, d)) / (hi - lo);
}

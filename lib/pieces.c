/* SPDX-License-Identifier: MIT */
/* The eases made of pieces: DOTween's Bounce (parabolas), Elastic (waves),
 * Flash (steps) and the spring ease, each with the slope of every piece
 * (ease.c's conventions: the eased fraction, and its slope per unit of
 * time / duration; at a joint, the piece before it or after it as asked,
 * tw__below).  ease.c's table calls them through its rows. */
#include "tween-private.h"

#include <math.h>

/* Bounce */

/* DOTween's Bounce.EaseOut at fraction t of the time: four parabolas of
 * curvature 7.5625 touching 1 at their ends, each bounce a quarter the
 * height of the last.  The Bounce eases work on the fraction, so no
 * duration (a denormal one, or DBL_MAX) can overflow or vanish. */
double tw__bounce_out(double t) {
  if (TW__FLOAT_EASES)
    return tw__out_bounce_f(t);
  if (t < 1.0 / 2.75)
    return 7.5625 * t * t;
  if (t < 2.0 / 2.75) {
    t -= 1.5 / 2.75;
    return 7.5625 * t * t + 0.75;
  }
  if (t < 2.5 / 2.75) {
    t -= 2.25 / 2.75;
    return 7.5625 * t * t + 0.9375;
  }
  t -= 2.625 / 2.75;
  return 7.5625 * t * t + 0.984375;
}

double tw__bounce_in(double t) {
  if (TW__FLOAT_EASES)
    return tw__in_bounce_f(t);
  return 1.0 - tw__bounce_out(1.0 - t);
}

double tw__bounce_in_out(double t) {
  if (TW__FLOAT_EASES)
    return tw__in_out_bounce_f(t);
  if (t < 0.5)
    return tw__bounce_in(t * 2.0) * 0.5;
  return tw__bounce_out(t * 2.0 - 1.0) * 0.5 + 0.5;
}

/* The slopes of the three, in the same pieces. */
double tw__bounce_out_slope(double t, int before) {
  if (tw__below(t, 1.0 / 2.75, before))
    return 15.125 * t;
  if (tw__below(t, 2.0 / 2.75, before))
    return 15.125 * (t - 1.5 / 2.75);
  if (tw__below(t, 2.5 / 2.75, before))
    return 15.125 * (t - 2.25 / 2.75);
  return 15.125 * (t - 2.625 / 2.75);
}

/* In runs Out backwards: its piece before t is Out's after 1 - t. */
double tw__bounce_in_slope(double t, int before) {
  return tw__bounce_out_slope(1.0 - t, !before);
}

double tw__bounce_in_out_slope(double t, int before) {
  if (tw__below(t, 0.5, before))
    return tw__bounce_in_slope(t * 2.0, before);
  return tw__bounce_out_slope(t * 2.0 - 1.0, before);
}

/* Elastic */

/* DOTween's phase shift s for amplitude *amp and period p (seconds);
 * amplitudes below 1 become 1. */
static double elastic_shift(double *amp, double p) {
  if (*amp < 1.0) {
    *amp = 1.0;
    return p / 4.0;
  }
  return p / TW__TWO_PI * asin(1.0 / *amp);
}

/* DOTween's Elastic waves, In, Out and InOut, at time of duration with
 * amplitude amp and period (seconds; 0: the default), without their exact
 * ends: In and InOut start at 2^-10 of a wave at 0, not at 0 (their
 * origin), and Out and InOut end 2^-10 short of 1.  The slope in time /
 * duration goes to *slope (if not NULL): a wave a 2^(+-10 t) sin(w (t d -
 * s)) has the slope a 2^(+-10 t) (d w cos +- 10 ln 2 sin) (InOut's halves
 * are half waves run twice as fast), from the half before time when
 * `before` (they meet with different slopes). */
double tw__elastic_wave(int ease, double time, double duration, double amp,
                        double period, int before, double *slope) {
  double t, s, g, r;
  int in;

  if (ease == TW_EASE_IN_OUT_ELASTIC) {
    t = time / duration * 2.0;
    if (period == 0.0)
      period = duration * (0.3 * 1.5);
    s = elastic_shift(&amp, period);
    t -= 1.0;
    in = tw__below(t, 0.0, before);
    g = in ? exp2(10.0 * t) : exp2(-10.0 * t);
    r = in ? -0.5 * (amp * g * sin((t * duration - s) * TW__TWO_PI / period))
           : amp * g * sin((t * duration - s) * TW__TWO_PI / period) * 0.5 +
                 1.0;
    if (in)
      amp = -amp;
  } else {
    t = time / duration;
    if (period == 0.0)
      period = duration * 0.3;
    s = elastic_shift(&amp, period);
    in = ease == TW_EASE_IN_ELASTIC;
    if (in)
      t -= 1.0;
    g = in ? exp2(10.0 * t) : exp2(-10.0 * t);
    r = in ? -(amp * g * sin((t * duration - s) * TW__TWO_PI / period))
           : amp * g * sin((t * duration - s) * TW__TWO_PI / period) + 1.0;
    if (in)
      amp = -amp;
  }
  if (slope != NULL) {
    double w = TW__TWO_PI / period, a = (t * duration - s) * w;
    *slope = amp * g *
             (duration * w * cos(a) + (in ? 10.0 : -10.0) * TW__LN2 * sin(a));
  }
  return r;
}

double tw__elastic(int ease, double time, double duration, double amp,
                   double period) {
  if (time == 0.0)
    return 0.0;
  if (time / duration == 1.0)
    return 1.0;
  return tw__elastic_wave(ease, time, duration, amp, period, 0, NULL);
}

double tw__elastic_at(int ease, double x, double time, double duration,
                      double amp, double period) {
  static const double def = TW__OVERSHOOT;

  /* the defaults' bits (a period of +-0), not compares of doubles */
  if (TW__FLOAT_EASES && tw__in_unit(x) && tw__bits(period) << 1 == 0 &&
      tw__bits(amp) == tw__bits(def)) {
    if (ease == TW_EASE_OUT_ELASTIC)
      return tw__out_elastic_f(x);
    if (ease == TW_EASE_IN_ELASTIC)
      return tw__in_elastic_f(x);
    return tw__in_out_elastic_f(x);
  }
  return tw__elastic(ease, time, duration, amp, period);
}

/* Flash: DOTween's Flash.cs.  The count n of flashes splits the duration
 * into n steps; odd steps rise 0 -> 1, even steps fall 1 -> 0, each shaped
 * by the base ease; then period in [-1, 1] weights them: 0 keeps every
 * flash full, > 0 weakens them with time, < 0 weakens the early ones and
 * lets them grow towards the end.  Indices stay doubles so a huge or odd
 * count cannot overflow an int, and the position within a step is kept
 * in [0, 1] against rounding.  The count is truncated to a whole number,
 * as DOTween's SetEase does (the default overshoot 1.70158 is one flash);
 * a count below 1 or not finite (which DOTween divides by) is taken as
 * 1. */

/* The weighted step, before the clamp at 1 (its caller's), and into
 * *gain its slope per unit of res. */
static double flash_weight(double n, double period, double step, double dir,
                           double res, double *gain) {
  double eased = 0.0, decimals = 0.0, whole = trunc(n), q = 0.0;
  /* DOTween: use the previous step for odd ones so Back is not clamped */
  if (dir > 0.0 && fmod(whole, 2.0) == 0.0)
    step += 1.0;
  else if (dir < 0.0 && fmod(whole, 2.0) != 0.0)
    step += 1.0;
  if (period > 0.0) {
    decimals = n - whole;
    if (fmod(whole, 2.0) > 0.0)
      decimals = 1.0 - decimals;
    decimals = decimals * step / n;
    eased = res * (n - step) / n;
    q = (n - step) / n;
  } else if (period < 0.0) {
    period = -period;
    eased = res * step / n;
    q = step / n;
  }
  res += (eased - res) * period + decimals;
  *gain = 1.0 + (q - 1.0) * period;
  return res;
}

/* The shape of a flash step at u in [0, 1] (InOutFlash: in its first half
 * if `first`), and its slope in u into *ds. */
static double flash_shape(int ease, double u, int first, double *ds) {
  switch (ease) {
  case TW_EASE_IN_FLASH:
    *ds = 2.0 * u;
    return u * u;
  case TW_EASE_OUT_FLASH:
    *ds = 2.0 - 2.0 * u;
    return -u * (u - 2.0);
  case TW_EASE_IN_OUT_FLASH:
    u *= 2.0;
    if (first) {
      *ds = 2.0 * u;
      return 0.5 * u * u;
    }
    u -= 1.0;
    *ds = 2.0 - 2.0 * u;
    return -0.5 * (u * (u - 2.0) - 1.0);
  default:
    *ds = 1.0;
    return u;
  }
}

/* The value of a Flash ease, and its slope in time / duration into *slope
 * (if not NULL), from the step before time when `before` (at a joint the
 * value is the step's before it, whose end it is).  The slope is 0 where
 * the weight clamps the value at 1 just beside time, on the side asked. */
double tw__flash(int ease, double time, double duration, double n,
                 double period, int before, double *slope) {
  double step, step_dur, dir, u, res, x, ds, gain;
  n = trunc(n); /* DOTween counts whole flashes */
  if (!(n >= 1.0) || !tw__finite(n))
    n = 1.0;
  x = time / duration * n;
  step = ceil(x); /* 1 to n */
  if (slope != NULL && !before && step == x)
    step += 1.0; /* the step after the joint */
  step_dur = duration / n;
  time -= step_dur * (step - 1.0);
  dir = fmod(step, 2.0) != 0.0 ? 1.0 : -1.0;
  if (dir < 0.0)
    time -= step_dur;
  u = time * dir / step_dur; /* 0 -> 1 on odd steps, 1 -> 0 on even */
  if (u < 0.0) /* only rounding (or an absurd count) leaves [0, 1] */
    u = 0.0;
  else if (u > 1.0)
    u = 1.0;
  /* u runs backwards on falling steps: its side before is x's after */
  res = flash_shape(ease, u,
                    slope != NULL
                        ? tw__below(u * 2.0, 1.0, (dir > 0.0) == !!before)
                        : u * 2.0 < 1.0,
                    &ds);
  res = flash_weight(n, period, step, dir, res, &gain);
  if (slope != NULL) { /* clamped just beside, in this step (or here, at
                        * its end) */
    double v = u + (before ? -dir : dir) * 1e-9, d2;
    int clamped =
        v < 0.0 || v > 1.0
            ? res > 1.0
            : flash_weight(n, period, step, dir,
                           flash_shape(ease, v, v * 2.0 < 1.0, &d2), &d2) > 1.0;
    *slope = clamped ? 0.0 : gain * ds * dir * n;
  }
  return res > 1.0 ? 1.0 : res;
}

/* The spring ease: a spring from rest, natural frequency 2 pi and damping
 * ratio from the bounce b (SwiftUI: 1 - b, or 1 / (1 + b) below 0), run
 * for the time T it takes to rest within 0.001, squeezed into [0, 1]: 1 -
 * A(x T), whose slope -A'(x T) T goes to *slope (if not NULL). */
double tw__spring_ease(double x, double bounce, double *slope) {
  tw__spring s;
  double r[4], b = bounce > 0.95 ? 0.95 : bounce < -0.95 ? -0.95 : bounce, t;

  if (!(b == b))
    b = 0;
  s.w0 = TW__TWO_PI;
  s.zeta = b >= 0 ? 1.0 - b : 1.0 / (1.0 + b);
  s.v0 = 0;
  s.eps = 1e-3;
  t = tw__spring_settle(&s, 1.0, 0.0, s.eps);
  tw__spring_ab(&s, x * t, r);
  if (slope != NULL)
    *slope = -r[2] * t;
  return 1.0 - r[0];
}

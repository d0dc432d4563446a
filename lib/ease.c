/* SPDX-License-Identifier: MIT */
/* Easing: DOTween's eases (EaseManager.Evaluate, Bounce, Flash) and the
 * spring ease.  The CSS functions and keyframe curves are in curves.c.
 *
 * Conventions: every function is pure and returns the eased fraction, 0 at
 * the start and 1 at the end, which some eases leave (Back, Elastic,
 * cubic-bezier with y outside [0, 1]).  tw__ease takes time and duration in
 * seconds like DOTween (Elastic's period is in seconds too) but computes in
 * double where DOTween uses float.  No function crashes or divides by zero
 * on odd input: an unknown ease id gives the linear value, a zero duration
 * gives 1, out-of-range CSS parameters give a finite curve.
 *
 * Slopes: beside each ease is its derivative in closed form, the slope of
 * the eased fraction per unit of time / duration (tw__ease_slope), and
 * where its motion starts just after 0 (tw__ease_origin), which retarget
 * needs.  Where an ease is made of pieces (Bounce's bounces, the halves of
 * the InOut eases, Flash's flashes) the slope at a joint is the limit from
 * the piece before it or after it, as asked; at 0 it is the limit from
 * after, at the end the limit from before.  Where the ease stands vertical
 * the slope is infinite (OutCirc at 0, InCirc at its end, InOutCirc
 * halfway). */
#include "tween-private.h"

#include <math.h>

#define TW__PI 3.14159265358979323846
#define TW__TWO_PI (2.0 * TW__PI)
#define TW__HALF_PI (0.5 * TW__PI)
#define TW__LN2 0.69314718055994530942

/* Bounce */

/* DOTween's Bounce.EaseOut at fraction t of the time: four parabolas of
 * curvature 7.5625 touching 1 at their ends, each bounce a quarter the
 * height of the last.  The Bounce eases work on the fraction, so no
 * duration (a denormal one, or DBL_MAX) can overflow or vanish. */
static double bounce_out(double t) {
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

static double bounce_in(double t) { return 1.0 - bounce_out(1.0 - t); }

static double bounce_in_out(double t) {
  if (t < 0.5)
    return bounce_in(t * 2.0) * 0.5;
  return bounce_out(t * 2.0 - 1.0) * 0.5 + 0.5;
}

/* Whether t is in the piece that ends at b: below it, or at it when the
 * piece before a joint is asked for. */
static int below(double t, double b, int before) {
  return t < b || (before && t == b);
}

/* The slopes of the three, in the same pieces. */
static double bounce_out_slope(double t, int before) {
  if (below(t, 1.0 / 2.75, before))
    return 15.125 * t;
  if (below(t, 2.0 / 2.75, before))
    return 15.125 * (t - 1.5 / 2.75);
  if (below(t, 2.5 / 2.75, before))
    return 15.125 * (t - 2.25 / 2.75);
  return 15.125 * (t - 2.625 / 2.75);
}

/* In runs Out backwards: its piece before t is Out's after 1 - t. */
static double bounce_in_slope(double t, int before) {
  return bounce_out_slope(1.0 - t, !before);
}

static double bounce_in_out_slope(double t, int before) {
  if (below(t, 0.5, before))
    return bounce_in_slope(t * 2.0, before);
  return bounce_out_slope(t * 2.0 - 1.0, before);
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
static double elastic_wave(int ease, double time, double duration, double amp,
                           double period, int before, double *slope) {
  double t, s, g, r;
  int in;

  if (ease == TW_EASE_IN_OUT_ELASTIC) {
    t = time / duration * 2.0;
    if (period == 0.0)
      period = duration * (0.3 * 1.5);
    s = elastic_shift(&amp, period);
    t -= 1.0;
    in = below(t, 0.0, before);
    g = in ? pow(2.0, 10.0 * t) : pow(2.0, -10.0 * t);
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
    g = in ? pow(2.0, 10.0 * t) : pow(2.0, -10.0 * t);
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

static double elastic(int ease, double time, double duration, double amp,
                      double period) {
  if (time == 0.0)
    return 0.0;
  if (time / duration == 1.0)
    return 1.0;
  return elastic_wave(ease, time, duration, amp, period, 0, NULL);
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
static double flash(int ease, double time, double duration, double n,
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
                    slope != NULL ? below(u * 2.0, 1.0, (dir > 0.0) == !!before)
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
static double spring_ease(double x, double bounce, double *slope) {
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

/* The eases */

double tw__ease(int ease, double time, double duration, double overshoot,
                double period) {
  double t, s;
  /* every ease but Flash ends at 1, and exactly: so a finished tween holds
   * its end value exactly (1 - cos(pi / 2) is not 1 in doubles) */
  if (duration == 0.0 ||
      (time >= duration && (ease < TW_EASE_FLASH || ease == TW_EASE_SPRING)))
    return 1.0;
  switch (ease) {
  case TW_EASE_LINEAR:
    return time / duration;

  case TW_EASE_IN_SINE:
    return 1.0 - cos(time / duration * TW__HALF_PI);
  case TW_EASE_OUT_SINE:
    return sin(time / duration * TW__HALF_PI);
  case TW_EASE_IN_OUT_SINE:
    return -0.5 * (cos(TW__PI * (time / duration)) - 1.0);

  case TW_EASE_IN_QUAD:
    t = time / duration;
    return t * t;
  case TW_EASE_OUT_QUAD:
    return tw__out_quad(time / duration);
  case TW_EASE_IN_OUT_QUAD:
    t = time / duration * 2.0;
    if (t < 1.0)
      return 0.5 * t * t;
    t -= 1.0;
    return -0.5 * (t * (t - 2.0) - 1.0);

  case TW_EASE_IN_CUBIC:
    t = time / duration;
    return t * t * t;
  case TW_EASE_OUT_CUBIC:
    t = time / duration - 1.0;
    return t * t * t + 1.0;
  case TW_EASE_IN_OUT_CUBIC:
    t = time / duration * 2.0;
    if (t < 1.0)
      return 0.5 * t * t * t;
    t -= 2.0;
    return 0.5 * (t * t * t + 2.0);

  case TW_EASE_IN_QUART:
    t = time / duration;
    return t * t * t * t;
  case TW_EASE_OUT_QUART:
    t = time / duration - 1.0;
    return -(t * t * t * t - 1.0);
  case TW_EASE_IN_OUT_QUART:
    t = time / duration * 2.0;
    if (t < 1.0)
      return 0.5 * t * t * t * t;
    t -= 2.0;
    return -0.5 * (t * t * t * t - 2.0);

  case TW_EASE_IN_QUINT:
    t = time / duration;
    return t * t * t * t * t;
  case TW_EASE_OUT_QUINT:
    t = time / duration - 1.0;
    return t * t * t * t * t + 1.0;
  case TW_EASE_IN_OUT_QUINT:
    t = time / duration * 2.0;
    if (t < 1.0)
      return 0.5 * t * t * t * t * t;
    t -= 2.0;
    return 0.5 * (t * t * t * t * t + 2.0);

  case TW_EASE_IN_EXPO:
    return time == 0.0 ? 0.0 : pow(2.0, 10.0 * (time / duration - 1.0));
  case TW_EASE_OUT_EXPO:
    if (time == duration)
      return 1.0;
    return 1.0 - pow(2.0, -10.0 * (time / duration));
  case TW_EASE_IN_OUT_EXPO:
    if (time == 0.0)
      return 0.0;
    if (time == duration)
      return 1.0;
    t = time / duration * 2.0;
    if (t < 1.0)
      return 0.5 * pow(2.0, 10.0 * (t - 1.0));
    return 0.5 * (2.0 - pow(2.0, -10.0 * (t - 1.0)));

  case TW_EASE_IN_CIRC:
    t = time / duration;
    return -(sqrt(1.0 - t * t) - 1.0);
  case TW_EASE_OUT_CIRC:
    t = time / duration - 1.0;
    return sqrt(1.0 - t * t);
  case TW_EASE_IN_OUT_CIRC:
    t = time / duration * 2.0;
    if (t < 1.0)
      return -0.5 * (sqrt(1.0 - t * t) - 1.0);
    t -= 2.0;
    return 0.5 * (sqrt(1.0 - t * t) + 1.0);

  case TW_EASE_IN_ELASTIC:
  case TW_EASE_OUT_ELASTIC:
  case TW_EASE_IN_OUT_ELASTIC:
    return elastic(ease, time, duration, overshoot, period);

  case TW_EASE_IN_BACK:
    t = time / duration;
    return t * t * ((overshoot + 1.0) * t - overshoot);
  case TW_EASE_OUT_BACK:
    t = time / duration - 1.0;
    return t * t * ((overshoot + 1.0) * t + overshoot) + 1.0;
  case TW_EASE_IN_OUT_BACK:
    s = overshoot * 1.525;
    t = time / duration * 2.0;
    if (t < 1.0)
      return 0.5 * (t * t * ((s + 1.0) * t - s));
    t -= 2.0;
    return 0.5 * (t * t * ((s + 1.0) * t + s) + 2.0);

  case TW_EASE_IN_BOUNCE:
    return bounce_in(time / duration);
  case TW_EASE_OUT_BOUNCE:
    return bounce_out(time / duration);
  case TW_EASE_IN_OUT_BOUNCE:
    return bounce_in_out(time / duration);

  case TW_EASE_SPRING:
    return spring_ease(time / duration, period, NULL);
  case TW_EASE_FLASH:
  case TW_EASE_IN_FLASH:
  case TW_EASE_OUT_FLASH:
  case TW_EASE_IN_OUT_FLASH:
    return flash(ease, time, duration, overshoot, period, 0, NULL);

  default: /* unknown id: callers validate; fall back to linear */
    return time / duration;
  }
}

/* The slopes, ease by ease beside the eases above, in time / duration. */
double tw__ease_slope(int ease, double time, double duration, double overshoot,
                      double period, int before) {
  double x, t, s;

  if (!(duration > 0.0))
    return 0.0;      /* no time to move in */
  if (!(time > 0.0)) /* the ends have one side each */
    before = 0;
  else if (time >= duration)
    before = 1;
  x = time / duration;
  switch (ease) {
  case TW_EASE_LINEAR:
    return 1.0;

  case TW_EASE_IN_SINE:
    return TW__HALF_PI * sin(x * TW__HALF_PI);
  case TW_EASE_OUT_SINE:
    return TW__HALF_PI * cos(x * TW__HALF_PI);
  case TW_EASE_IN_OUT_SINE:
    return TW__HALF_PI * sin(TW__PI * x);

  case TW_EASE_IN_QUAD:
    return 2.0 * x;
  case TW_EASE_OUT_QUAD:
    return 2.0 - 2.0 * x;
  case TW_EASE_IN_OUT_QUAD:
    t = x * 2.0;
    return below(t, 1.0, before) ? 2.0 * t : 4.0 - 2.0 * t;

  case TW_EASE_IN_CUBIC:
    return 3.0 * x * x;
  case TW_EASE_OUT_CUBIC:
    t = x - 1.0;
    return 3.0 * t * t;
  case TW_EASE_IN_OUT_CUBIC:
    t = x * 2.0;
    if (!below(t, 1.0, before))
      t -= 2.0;
    return 3.0 * t * t;

  case TW_EASE_IN_QUART:
    return 4.0 * x * x * x;
  case TW_EASE_OUT_QUART:
    t = x - 1.0;
    return -4.0 * t * t * t;
  case TW_EASE_IN_OUT_QUART:
    t = x * 2.0;
    if (below(t, 1.0, before))
      return 4.0 * t * t * t;
    t -= 2.0;
    return -4.0 * t * t * t;

  case TW_EASE_IN_QUINT:
    return 5.0 * x * x * x * x;
  case TW_EASE_OUT_QUINT:
    t = x - 1.0;
    return 5.0 * t * t * t * t;
  case TW_EASE_IN_OUT_QUINT:
    t = x * 2.0;
    if (!below(t, 1.0, before))
      t -= 2.0;
    return 5.0 * t * t * t * t;

  /* the Expo eases jump at their exact ends (0 and 1): their slopes are
   * those of their curves, which reach the ends from inside */
  case TW_EASE_IN_EXPO:
    return 10.0 * TW__LN2 * pow(2.0, 10.0 * (x - 1.0));
  case TW_EASE_OUT_EXPO:
    return 10.0 * TW__LN2 * pow(2.0, -10.0 * x);
  case TW_EASE_IN_OUT_EXPO:
    t = x * 2.0;
    if (below(t, 1.0, before))
      return 10.0 * TW__LN2 * pow(2.0, 10.0 * (t - 1.0));
    return 10.0 * TW__LN2 * pow(2.0, -10.0 * (t - 1.0));

  /* t / sqrt(1 - t^2): infinite where the circle stands vertical */
  case TW_EASE_IN_CIRC:
    return x / sqrt(1.0 - x * x);
  case TW_EASE_OUT_CIRC:
    t = x - 1.0;
    return -t / sqrt(1.0 - t * t);
  case TW_EASE_IN_OUT_CIRC:
    t = x * 2.0;
    if (below(t, 1.0, before))
      return t / sqrt(1.0 - t * t);
    t -= 2.0;
    return -t / sqrt(1.0 - t * t);

  case TW_EASE_IN_ELASTIC:
  case TW_EASE_OUT_ELASTIC:
  case TW_EASE_IN_OUT_ELASTIC:
    elastic_wave(ease, time, duration, overshoot, period, before, &s);
    return s;

  case TW_EASE_IN_BACK:
    return 3.0 * (overshoot + 1.0) * x * x - 2.0 * overshoot * x;
  case TW_EASE_OUT_BACK:
    t = x - 1.0;
    return 3.0 * (overshoot + 1.0) * t * t + 2.0 * overshoot * t;
  case TW_EASE_IN_OUT_BACK:
    s = overshoot * 1.525;
    t = x * 2.0;
    if (below(t, 1.0, before))
      return 3.0 * (s + 1.0) * t * t - 2.0 * s * t;
    t -= 2.0;
    return 3.0 * (s + 1.0) * t * t + 2.0 * s * t;

  case TW_EASE_IN_BOUNCE:
    return bounce_in_slope(x, before);
  case TW_EASE_OUT_BOUNCE:
    return bounce_out_slope(x, before);
  case TW_EASE_IN_OUT_BOUNCE:
    return bounce_in_out_slope(x, before);

  case TW_EASE_SPRING:
    spring_ease(x, period, &s);
    return s;
  case TW_EASE_FLASH:
  case TW_EASE_IN_FLASH:
  case TW_EASE_OUT_FLASH:
  case TW_EASE_IN_OUT_FLASH:
    flash(ease, time, duration, overshoot, period, before, &s);
    return s;

  default: /* unknown id: linear, as tw__ease */
    return 1.0;
  }
}

double tw__ease_origin(int ease, double duration, double overshoot,
                       double period) {
  if (!(duration > 0.0))
    return 1.0;
  switch (ease) {
  case TW_EASE_IN_EXPO:
    return pow(2.0, -10.0);
  case TW_EASE_IN_OUT_EXPO:
    return 0.5 * pow(2.0, -10.0);
  case TW_EASE_IN_ELASTIC:
  case TW_EASE_IN_OUT_ELASTIC:
    return elastic_wave(ease, 0.0, duration, overshoot, period, 0, NULL);
  default:
    return tw__ease(ease, 0.0, duration, overshoot, period);
  }
}

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
 * gives 1, out-of-range CSS parameters give a finite curve. */
#include "tween-private.h"

#include <math.h>

#define TW__PI 3.14159265358979323846
#define TW__TWO_PI (2.0 * TW__PI)
#define TW__HALF_PI (0.5 * TW__PI)

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

static double elastic(int ease, double time, double duration, double amp,
                      double period) {
  double t, s;
  if (time == 0.0)
    return 0.0;
  if (ease == TW_EASE_IN_OUT_ELASTIC) {
    t = time / duration * 2.0;
    if (t == 2.0)
      return 1.0;
    if (period == 0.0)
      period = duration * (0.3 * 1.5);
    s = elastic_shift(&amp, period);
    t -= 1.0;
    if (t < 0.0)
      return -0.5 * (amp * pow(2.0, 10.0 * t) *
                     sin((t * duration - s) * TW__TWO_PI / period));
    return amp * pow(2.0, -10.0 * t) *
               sin((t * duration - s) * TW__TWO_PI / period) * 0.5 +
           1.0;
  }
  t = time / duration;
  if (t == 1.0)
    return 1.0;
  if (period == 0.0)
    period = duration * 0.3;
  s = elastic_shift(&amp, period);
  if (ease == TW_EASE_IN_ELASTIC) {
    t -= 1.0;
    return -(amp * pow(2.0, 10.0 * t) *
             sin((t * duration - s) * TW__TWO_PI / period));
  }
  return amp * pow(2.0, -10.0 * t) *
             sin((t * duration - s) * TW__TWO_PI / period) +
         1.0;
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

static double flash_weight(double n, double period, double step, double dir,
                           double res) {
  double eased = 0.0, decimals = 0.0, whole = trunc(n);
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
  } else if (period < 0.0) {
    period = -period;
    eased = res * step / n;
  }
  res += (eased - res) * period + decimals;
  return res > 1.0 ? 1.0 : res;
}

static double flash(int ease, double time, double duration, double n,
                    double period) {
  double step, step_dur, dir, u, res;
  n = trunc(n); /* DOTween counts whole flashes */
  if (!(n >= 1.0) || !tw__finite(n))
    n = 1.0;
  step = ceil(time / duration * n); /* 1 to n */
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
  switch (ease) {
  case TW_EASE_IN_FLASH:
    res = u * u;
    break;
  case TW_EASE_OUT_FLASH:
    res = -u * (u - 2.0);
    break;
  case TW_EASE_IN_OUT_FLASH:
    u *= 2.0;
    if (u < 1.0) {
      res = 0.5 * u * u;
    } else {
      u -= 1.0;
      res = -0.5 * (u * (u - 2.0) - 1.0);
    }
    break;
  default:
    res = u;
    break;
  }
  return flash_weight(n, period, step, dir, res);
}

/* The spring ease: a spring from rest, natural frequency 2 pi and damping
 * ratio from the bounce b (SwiftUI: 1 - b, or 1 / (1 + b) below 0), run
 * for the time it takes to rest within 0.001, squeezed into [0, 1]. */
static double spring_ease(double x, double bounce) {
  tw__spring s;
  double r[4], b = bounce > 0.95 ? 0.95 : bounce < -0.95 ? -0.95 : bounce;

  if (!(b == b))
    b = 0;
  s.w0 = TW__TWO_PI;
  s.zeta = b >= 0 ? 1.0 - b : 1.0 / (1.0 + b);
  s.v0 = 0;
  s.eps = 1e-3;
  tw__spring_ab(&s, x * tw__spring_settle(&s, 1.0, 0.0, s.eps), r);
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
    return spring_ease(time / duration, period);
  case TW_EASE_FLASH:
  case TW_EASE_IN_FLASH:
  case TW_EASE_OUT_FLASH:
  case TW_EASE_IN_OUT_FLASH:
    return flash(ease, time, duration, overshoot, period);

  default: /* unknown id: callers validate; fall back to linear */
    return time / duration;
  }
}

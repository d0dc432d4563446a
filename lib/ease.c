/* SPDX-License-Identifier: MIT */
/* Easing: DOTween's eases (EaseManager.Evaluate, Bounce, Flash) and the CSS
 * cubic-bezier() and steps() functions.
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

/* CSS cubic-bezier(x1, y1, x2, y2): P0 = (0, 0), P3 = (1, 1). */

/* One coordinate of the curve at parameter s, with control values a, b. */
static double bez(double a, double b, double s) {
  /* 3(1-s)^2 s a + 3(1-s) s^2 b + s^3, in Horner form */
  double c = 3.0 * a, bb = 3.0 * (b - a) - c, aa = 1.0 - c - bb;
  return ((aa * s + bb) * s + c) * s;
}

static double bez_slope(double a, double b, double s) {
  double c = 3.0 * a, bb = 3.0 * (b - a) - c, aa = 1.0 - c - bb;
  return (3.0 * aa * s + 2.0 * bb) * s + c;
}

/* The parameter s in [0, 1] with Bx(s) = x, for x in [0, 1]: Newton from
 * s = x while it stays in [0, 1] and the slope is usable, else bisection
 * to full precision (a root exists since Bx(0) = 0 and Bx(1) = 1). */
static double bez_solve(double x1, double x2, double x) {
  double s = x, lo = 0.0, hi = 1.0, e, d;
  int i;
  for (i = 0; i < 8; i++) {
    e = bez(x1, x2, s) - x;
    if (fabs(e) < 1e-15)
      return s;
    d = bez_slope(x1, x2, s);
    if (fabs(d) < 1e-6)
      break;
    s -= e / d;
    if (!(s >= 0.0 && s <= 1.0))
      break;
  }
  for (i = 0; i < 200 && hi - lo > 1e-16; i++) {
    s = 0.5 * (lo + hi);
    if (bez(x1, x2, s) < x)
      lo = s;
    else
      hi = s;
  }
  return 0.5 * (lo + hi);
}

double tw__cubic_bezier(double x1, double y1, double x2, double y2, double x) {
  /* Outside [0, 1] the curve continues along its end tangents (CSS Easing
   * Level 1): through P0 and P1 (or P2 when x1 is 0) before the start,
   * through P2 (or P1 when x2 is 1) and P3 after the end, flat when
   * neither control point gives a slope. */
  if (x < 0.0) {
    if (x1 > 0.0)
      return y1 / x1 * x;
    if (x2 > 0.0)
      return y2 / x2 * x;
    return 0.0;
  }
  if (x > 1.0) {
    if (x2 < 1.0)
      return 1.0 + (y2 - 1.0) / (x2 - 1.0) * (x - 1.0);
    if (x1 < 1.0)
      return 1.0 + (y1 - 1.0) / (x1 - 1.0) * (x - 1.0);
    return 1.0;
  }
  if (x == 0.0 || x == 1.0)
    return x;
  if (x != x)
    return x; /* NaN in, NaN out */
  return bez(y1, y2, bez_solve(x1, x2, x));
}

/* CSS steps(n, jump) without the before flag.  x is clamped to [0, 1].
 * n below 1 (below 2 for jump-none, which has n - 1 jumps) or an unknown
 * jump kind has no steps to take: the result is x clamped (linear). */
double tw__steps(int n, int jump, double x) {
  double step, jumps;
  if (x < 0.0)
    x = 0.0;
  else if (x > 1.0)
    x = 1.0;
  switch (jump) {
  case 0: /* jump-start */
  case 1: /* jump-end */
    jumps = n;
    break;
  case 2: /* jump-none */
    jumps = (double)n - 1.0;
    break;
  case 3: /* jump-both */
    jumps = (double)n + 1.0;
    break;
  default:
    return x;
  }
  if (n < 1 || jumps < 1.0 || x != x)
    return x;
  step = floor(x * n);
  if (jump == 0 || jump == 3)
    step += 1.0;
  if (step > jumps)
    step = jumps;
  return step / jumps;
}

/* Keyframe curves */

/* Cubic Hermite between the two keys around x, with slopes out_tangent of
 * the left key and in_tangent of the right one (Unity's AnimationCurve);
 * clamped to the end keys outside them. */
double tw__curve(const tw_key *k, size_t n, double x) {
  size_t lo = 0, hi = n - 1;
  double t0, t1, dt, s, s2, s3;

  if (x <= k[0].time)
    return k[0].value;
  if (x >= k[n - 1].time)
    return k[n - 1].value;
  while (hi - lo > 1) { /* k[lo].time <= x < k[hi].time */
    size_t mid = lo + (hi - lo) / 2;
    if (k[mid].time <= x)
      lo = mid;
    else
      hi = mid;
  }
  t0 = k[lo].time;
  t1 = k[hi].time;
  dt = t1 - t0;
  s = (x - t0) / dt;
  s2 = s * s;
  s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * k[lo].value +
         (s3 - 2 * s2 + s) * dt * k[lo].out_tangent +
         (-2 * s3 + 3 * s2) * k[hi].value + (s3 - s2) * dt * k[hi].in_tangent;
}

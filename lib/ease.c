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

/* The eases, one row each
 *
 * Each ease is a value and a slope, side by side; the table below holds,
 * per ease of tween.h's TW_EASE_MAP and in its order, what the library
 * needs of it: the two functions, where its motion starts (NULL: its value
 * at 0), and whether it ends exactly on 1.  A value takes the time and the
 * duration in seconds and the two parameters (Back's overshoot, Elastic's
 * amplitude and period, Flash's count and weight, the spring's bounce); a
 * slope takes them with x = time / duration and the side of a joint asked
 * for (see tw__ease_slope). */

/* The two parameters, for the eases that take none. */
#define NO_PARAMS(a, p) ((void)(a), (void)(p))

typedef struct slope_at {
  double x, time, duration, a, p;
  int before;
} slope_at;

static double linear(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return time / duration;
}
static double linear_slope(const slope_at *q) {
  (void)q;
  return 1.0;
}

static double in_sine(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return 1.0 - cos(time / duration * TW__HALF_PI);
}
static double in_sine_slope(const slope_at *q) {
  return TW__HALF_PI * sin(q->x * TW__HALF_PI);
}
static double out_sine(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return sin(time / duration * TW__HALF_PI);
}
static double out_sine_slope(const slope_at *q) {
  return TW__HALF_PI * cos(q->x * TW__HALF_PI);
}
static double in_out_sine(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return -0.5 * (cos(TW__PI * (time / duration)) - 1.0);
}
static double in_out_sine_slope(const slope_at *q) {
  return TW__HALF_PI * sin(TW__PI * q->x);
}

static double in_quad(double time, double duration, double a, double p) {
  double t = time / duration;
  NO_PARAMS(a, p);
  return t * t;
}
static double in_quad_slope(const slope_at *q) { return 2.0 * q->x; }
static double out_quad(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return tw__out_quad(time / duration);
}
static double out_quad_slope(const slope_at *q) { return 2.0 - 2.0 * q->x; }
static double in_out_quad(double time, double duration, double a, double p) {
  double t = time / duration * 2.0;
  NO_PARAMS(a, p);
  if (t < 1.0)
    return 0.5 * t * t;
  t -= 1.0;
  return -0.5 * (t * (t - 2.0) - 1.0);
}
static double in_out_quad_slope(const slope_at *q) {
  double t = q->x * 2.0;
  return below(t, 1.0, q->before) ? 2.0 * t : 4.0 - 2.0 * t;
}

static double in_cubic(double time, double duration, double a, double p) {
  double t = time / duration;
  NO_PARAMS(a, p);
  return t * t * t;
}
static double in_cubic_slope(const slope_at *q) { return 3.0 * q->x * q->x; }
static double out_cubic(double time, double duration, double a, double p) {
  double t = time / duration - 1.0;
  NO_PARAMS(a, p);
  return t * t * t + 1.0;
}
static double out_cubic_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return 3.0 * t * t;
}
static double in_out_cubic(double time, double duration, double a, double p) {
  double t = time / duration * 2.0;
  NO_PARAMS(a, p);
  if (t < 1.0)
    return 0.5 * t * t * t;
  t -= 2.0;
  return 0.5 * (t * t * t + 2.0);
}
static double in_out_cubic_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (!below(t, 1.0, q->before))
    t -= 2.0;
  return 3.0 * t * t;
}

static double in_quart(double time, double duration, double a, double p) {
  double t = time / duration;
  NO_PARAMS(a, p);
  return t * t * t * t;
}
static double in_quart_slope(const slope_at *q) {
  return 4.0 * q->x * q->x * q->x;
}
static double out_quart(double time, double duration, double a, double p) {
  double t = time / duration - 1.0;
  NO_PARAMS(a, p);
  return -(t * t * t * t - 1.0);
}
static double out_quart_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return -4.0 * t * t * t;
}
static double in_out_quart(double time, double duration, double a, double p) {
  double t = time / duration * 2.0;
  NO_PARAMS(a, p);
  if (t < 1.0)
    return 0.5 * t * t * t * t;
  t -= 2.0;
  return -0.5 * (t * t * t * t - 2.0);
}
static double in_out_quart_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (below(t, 1.0, q->before))
    return 4.0 * t * t * t;
  t -= 2.0;
  return -4.0 * t * t * t;
}

static double in_quint(double time, double duration, double a, double p) {
  double t = time / duration;
  NO_PARAMS(a, p);
  return t * t * t * t * t;
}
static double in_quint_slope(const slope_at *q) {
  return 5.0 * q->x * q->x * q->x * q->x;
}
static double out_quint(double time, double duration, double a, double p) {
  double t = time / duration - 1.0;
  NO_PARAMS(a, p);
  return t * t * t * t * t + 1.0;
}
static double out_quint_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return 5.0 * t * t * t * t;
}
static double in_out_quint(double time, double duration, double a, double p) {
  double t = time / duration * 2.0;
  NO_PARAMS(a, p);
  if (t < 1.0)
    return 0.5 * t * t * t * t * t;
  t -= 2.0;
  return 0.5 * (t * t * t * t * t + 2.0);
}
static double in_out_quint_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (!below(t, 1.0, q->before))
    t -= 2.0;
  return 5.0 * t * t * t * t;
}

/* The Expo eases jump at their exact ends (0 and 1): their slopes are
 * those of their curves, which reach the ends from inside, and In and
 * InOut start their motion at 2^-10 of their curve (their origins). */
static double in_expo(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return time == 0.0 ? 0.0 : pow(2.0, 10.0 * (time / duration - 1.0));
}
static double in_expo_slope(const slope_at *q) {
  return 10.0 * TW__LN2 * pow(2.0, 10.0 * (q->x - 1.0));
}
static double in_expo_origin(double duration, double a, double p) {
  (void)duration;
  NO_PARAMS(a, p);
  return pow(2.0, -10.0);
}
static double out_expo(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  if (time == duration)
    return 1.0;
  return 1.0 - pow(2.0, -10.0 * (time / duration));
}
static double out_expo_slope(const slope_at *q) {
  return 10.0 * TW__LN2 * pow(2.0, -10.0 * q->x);
}
static double in_out_expo(double time, double duration, double a, double p) {
  double t;
  NO_PARAMS(a, p);
  if (time == 0.0)
    return 0.0;
  if (time == duration)
    return 1.0;
  t = time / duration * 2.0;
  if (t < 1.0)
    return 0.5 * pow(2.0, 10.0 * (t - 1.0));
  return 0.5 * (2.0 - pow(2.0, -10.0 * (t - 1.0)));
}
static double in_out_expo_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (below(t, 1.0, q->before))
    return 10.0 * TW__LN2 * pow(2.0, 10.0 * (t - 1.0));
  return 10.0 * TW__LN2 * pow(2.0, -10.0 * (t - 1.0));
}
static double in_out_expo_origin(double duration, double a, double p) {
  (void)duration;
  NO_PARAMS(a, p);
  return 0.5 * pow(2.0, -10.0);
}

/* The Circ eases' slopes, t / sqrt(1 - t^2), are infinite where the circle
 * stands vertical. */
static double in_circ(double time, double duration, double a, double p) {
  double t = time / duration;
  NO_PARAMS(a, p);
  return -(sqrt(1.0 - t * t) - 1.0);
}
static double in_circ_slope(const slope_at *q) {
  return q->x / sqrt(1.0 - q->x * q->x);
}
static double out_circ(double time, double duration, double a, double p) {
  double t = time / duration - 1.0;
  NO_PARAMS(a, p);
  return sqrt(1.0 - t * t);
}
static double out_circ_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return -t / sqrt(1.0 - t * t);
}
static double in_out_circ(double time, double duration, double a, double p) {
  double t = time / duration * 2.0;
  NO_PARAMS(a, p);
  if (t < 1.0)
    return -0.5 * (sqrt(1.0 - t * t) - 1.0);
  t -= 2.0;
  return 0.5 * (sqrt(1.0 - t * t) + 1.0);
}
static double in_out_circ_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (below(t, 1.0, q->before))
    return t / sqrt(1.0 - t * t);
  t -= 2.0;
  return -t / sqrt(1.0 - t * t);
}

/* The eases made of pieces, Elastic and Flash: their functions above give
 * the value and the slope of each of the ease ids of their family. */
typedef double pieces_fn(int ease, double time, double duration, double a,
                         double p, int before, double *slope);

static double slope_of(pieces_fn *f, int ease, const slope_at *q) {
  double s;
  f(ease, q->time, q->duration, q->a, q->p, q->before, &s);
  return s;
}

/* The value and slope functions of ease id, by the family's function f; its
 * value is `value`. */
#define PIECES_EASE(name, id, f, value)                                        \
  static double name(double time, double duration, double a, double p) {       \
    return value;                                                              \
  }                                                                            \
  static double name##_slope(const slope_at *q) { return slope_of(f, id, q); }

/* Elastic: In and InOut start at 2^-10 of a wave (their origins). */
#define ELASTIC_EASE(name, id)                                                 \
  PIECES_EASE(name, id, elastic_wave, elastic(id, time, duration, a, p))
ELASTIC_EASE(in_elastic, TW_EASE_IN_ELASTIC)
ELASTIC_EASE(out_elastic, TW_EASE_OUT_ELASTIC)
ELASTIC_EASE(in_out_elastic, TW_EASE_IN_OUT_ELASTIC)
#undef ELASTIC_EASE
static double in_elastic_origin(double duration, double a, double p) {
  return elastic_wave(TW_EASE_IN_ELASTIC, 0.0, duration, a, p, 0, NULL);
}
static double in_out_elastic_origin(double duration, double a, double p) {
  return elastic_wave(TW_EASE_IN_OUT_ELASTIC, 0.0, duration, a, p, 0, NULL);
}

/* Back: a is the overshoot. */
static double in_back(double time, double duration, double a, double p) {
  double t = time / duration;
  (void)p;
  return t * t * ((a + 1.0) * t - a);
}
static double in_back_slope(const slope_at *q) {
  return 3.0 * (q->a + 1.0) * q->x * q->x - 2.0 * q->a * q->x;
}
static double out_back(double time, double duration, double a, double p) {
  double t = time / duration - 1.0;
  (void)p;
  return t * t * ((a + 1.0) * t + a) + 1.0;
}
static double out_back_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return 3.0 * (q->a + 1.0) * t * t + 2.0 * q->a * t;
}
static double in_out_back(double time, double duration, double a, double p) {
  double s = a * 1.525, t = time / duration * 2.0;
  (void)p;
  if (t < 1.0)
    return 0.5 * (t * t * ((s + 1.0) * t - s));
  t -= 2.0;
  return 0.5 * (t * t * ((s + 1.0) * t + s) + 2.0);
}
static double in_out_back_slope(const slope_at *q) {
  double s = q->a * 1.525, t = q->x * 2.0;
  if (below(t, 1.0, q->before))
    return 3.0 * (s + 1.0) * t * t - 2.0 * s * t;
  t -= 2.0;
  return 3.0 * (s + 1.0) * t * t + 2.0 * s * t;
}

static double in_bounce(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return bounce_in(time / duration);
}
static double in_bounce_slope(const slope_at *q) {
  return bounce_in_slope(q->x, q->before);
}
static double out_bounce(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return bounce_out(time / duration);
}
static double out_bounce_slope(const slope_at *q) {
  return bounce_out_slope(q->x, q->before);
}
static double in_out_bounce(double time, double duration, double a, double p) {
  NO_PARAMS(a, p);
  return bounce_in_out(time / duration);
}
static double in_out_bounce_slope(const slope_at *q) {
  return bounce_in_out_slope(q->x, q->before);
}

/* Flash: a is the count of flashes, p their weight. */
#define FLASH_EASE(name, id)                                                   \
  PIECES_EASE(name, id, flash, flash(id, time, duration, a, p, 0, NULL))
FLASH_EASE(flash_, TW_EASE_FLASH)
FLASH_EASE(in_flash, TW_EASE_IN_FLASH)
FLASH_EASE(out_flash, TW_EASE_OUT_FLASH)
FLASH_EASE(in_out_flash, TW_EASE_IN_OUT_FLASH)
#undef FLASH_EASE
#undef PIECES_EASE

/* The spring ease: p is its bounce. */
static double spring(double time, double duration, double a, double p) {
  (void)a;
  return spring_ease(time / duration, p, NULL);
}
static double spring_slope(const slope_at *q) {
  double s;
  spring_ease(q->x, q->p, &s);
  return s;
}

/* The table.  END: the ease ends exactly on 1, so that a finished tween
 * holds its end value exactly (1 - cos(pi / 2) is not 1 in doubles): every
 * ease but the Flash eases, which end where their last flash leaves
 * them. */
enum { END = 1 };

typedef struct ease_row {
  unsigned char id, flags; /* its tw_ease; END */
  double (*value)(double time, double duration, double a, double p);
  double (*slope)(const slope_at *q);
  /* where its motion starts just after 0, when that is not its value at
   * 0 (the eases that jump there from 0) */
  double (*origin)(double duration, double a, double p);
} ease_row;

#define ROW(id, flags, f, origin)                                              \
  { TW_EASE_##id, flags, f, f##_slope, origin }
static const ease_row ease_rows[] = {
    ROW(LINEAR, END, linear, NULL),
    ROW(IN_SINE, END, in_sine, NULL),
    ROW(OUT_SINE, END, out_sine, NULL),
    ROW(IN_OUT_SINE, END, in_out_sine, NULL),
    ROW(IN_QUAD, END, in_quad, NULL),
    ROW(OUT_QUAD, END, out_quad, NULL),
    ROW(IN_OUT_QUAD, END, in_out_quad, NULL),
    ROW(IN_CUBIC, END, in_cubic, NULL),
    ROW(OUT_CUBIC, END, out_cubic, NULL),
    ROW(IN_OUT_CUBIC, END, in_out_cubic, NULL),
    ROW(IN_QUART, END, in_quart, NULL),
    ROW(OUT_QUART, END, out_quart, NULL),
    ROW(IN_OUT_QUART, END, in_out_quart, NULL),
    ROW(IN_QUINT, END, in_quint, NULL),
    ROW(OUT_QUINT, END, out_quint, NULL),
    ROW(IN_OUT_QUINT, END, in_out_quint, NULL),
    ROW(IN_EXPO, END, in_expo, in_expo_origin),
    ROW(OUT_EXPO, END, out_expo, NULL),
    ROW(IN_OUT_EXPO, END, in_out_expo, in_out_expo_origin),
    ROW(IN_CIRC, END, in_circ, NULL),
    ROW(OUT_CIRC, END, out_circ, NULL),
    ROW(IN_OUT_CIRC, END, in_out_circ, NULL),
    ROW(IN_ELASTIC, END, in_elastic, in_elastic_origin),
    ROW(OUT_ELASTIC, END, out_elastic, NULL),
    ROW(IN_OUT_ELASTIC, END, in_out_elastic, in_out_elastic_origin),
    ROW(IN_BACK, END, in_back, NULL),
    ROW(OUT_BACK, END, out_back, NULL),
    ROW(IN_OUT_BACK, END, in_out_back, NULL),
    ROW(IN_BOUNCE, END, in_bounce, NULL),
    ROW(OUT_BOUNCE, END, out_bounce, NULL),
    ROW(IN_OUT_BOUNCE, END, in_out_bounce, NULL),
    ROW(FLASH, 0, flash_, NULL),
    ROW(IN_FLASH, 0, in_flash, NULL),
    ROW(OUT_FLASH, 0, out_flash, NULL),
    ROW(IN_OUT_FLASH, 0, in_out_flash, NULL),
    ROW(SPRING, END, spring, NULL),
};
#undef ROW

/* A row for every ease of TW_EASE_MAP: an ease added there without one
 * stops the build here (and test_ease checks that each row stands at its
 * id). */
typedef char tw__ease_rows_complete
    [sizeof ease_rows / sizeof ease_rows[0] == TW_EASE_COUNT ? 1 : -1];

/* The ease's row, or NULL for an unknown id. */
static const ease_row *row_of(int ease) {
  return (unsigned)ease < (unsigned)TW_EASE_COUNT ? &ease_rows[ease] : NULL;
}

double tw__ease(int ease, double time, double duration, double overshoot,
                double period) {
  const ease_row *r = row_of(ease);

  if (duration == 0.0)
    return 1.0;
  if (r == NULL) /* unknown id: callers validate; fall back to linear */
    return time / duration;
  if (time >= duration && (r->flags & END))
    return 1.0;
  return r->value(time, duration, overshoot, period);
}

double tw__ease_slope(int ease, double time, double duration, double overshoot,
                      double period, int before) {
  const ease_row *r = row_of(ease);
  slope_at q;

  if (!(duration > 0.0))
    return 0.0;      /* no time to move in */
  if (!(time > 0.0)) /* the ends have one side each */
    before = 0;
  else if (time >= duration)
    before = 1;
  if (r == NULL) /* unknown id: linear, as tw__ease */
    return 1.0;
  q.x = time / duration;
  q.time = time;
  q.duration = duration;
  q.a = overshoot;
  q.p = period;
  q.before = before;
  return r->slope(&q);
}

double tw__ease_origin(int ease, double duration, double overshoot,
                       double period) {
  const ease_row *r = row_of(ease);

  if (!(duration > 0.0))
    return 1.0;
  if (r != NULL && r->origin != NULL)
    return r->origin(duration, overshoot, period);
  return tw__ease(ease, 0.0, duration, overshoot, period);
}

#ifdef TW__TEST_HOOKS
int tw__test_ease_row(int ease, int *id, int *ends_on_one, int *origin) {
  const ease_row *r = row_of(ease);

  if (r == NULL)
    return -1;
  *id = r->id;
  *ends_on_one = (r->flags & END) != 0;
  *origin = r->origin != NULL;
  return 0;
}
#endif

const char *tw_ease_name(tw_ease ease) {
#define TW__EASE_NAME(id) "TW_EASE_" #id,
  static const char *const names[] = {TW_EASE_MAP(TW__EASE_NAME)};
#undef TW__EASE_NAME
  int e = (int)ease;

  return e >= 0 && e < TW_EASE_COUNT ? names[e] : "TW_UNKNOWN";
}

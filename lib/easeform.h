/* SPDX-License-Identifier: MIT */
/* The formulas of the eases that a running step computes inline, written
 * once: ease.c's rows compute their values through these, and the
 * running steps' tw__ease_running (shape.c) calls tw__ease_form and
 * tw__ease_back_form, so that both give the same double, bit for bit, by
 * the same operations in the same order.  x is time / duration as the caller
 * computed it; the Expo eases take time and duration too, for their exact ends.
 * OutQuad is numbers.h's tw__out_quad.  Included by tween-private.h; not
 * installed. */
#ifndef TWEEN_EASEFORM_H
#define TWEEN_EASEFORM_H

/* The Penner eases in single precision, for a target whose
 * FPU has single precision only (TW__FLOAT_EASES: a Cortex-M4F), where a
 * double's product is a call of some 80 instructions in software and its
 * sin, exp2 or sqrt one of thousands, and these are products and
 * polynomials (sqrtf: one FPU instruction) of a few dozen, the same on
 * every target.  They are within TW__FLOAT_EASE_TOL of the double forms
 * below on [0, 1] (test_ease checks it on a grid, on every target;
 * Elastic within TW__FLOAT_ELASTIC_TOL), and keep their ends: 0 at 0 and 1
 * at 1, exactly, within [0, 1] between (Back's and Elastic's overshoots
 * aside). */
#define TW__FLOAT_EASE_TOL 3e-7
#define TW__HALF_PI_F 1.57079632679489661923f

/* sin(pi/2 s) for s in [-1, 1], exactly -1, 0 and 1 at -1, 0 and 1: its
 * Taylor series to s^13 (within 1e-9 of it there), in float.  A
 * polynomial of the library's own, not libm's sinf: a few multiplies on
 * the FPU, no argument reduction linked. */
static TW__INLINE float tw__sin_half_pi_f(float s) {
  float a = s * TW__HALF_PI_F, q = a * a;

  if (s >= 1.0f)
    return 1.0f;
  if (s <= -1.0f)
    return -1.0f;
  return a *
         (1.0f -
          q * (1.666666667e-1f -
               q * (8.333333333e-3f -
                    q * (1.984126984e-4f -
                         q * (2.755731922e-6f -
                              q * (2.505210839e-8f - q * 1.605904384e-10f))))));
}

/* 2^y for y in [-126, 0] (the Expo eases' range is [-10, 0]; above 0 it
 * is 1, below it 0), exactly 1 at 0: 2^n, n = floor(y), from its bits,
 * times 2^f, f = y - n in [0, 1), by its Taylor series to f^9 (within
 * 1e-8 of it). */
static TW__INLINE float tw__exp2_f(float y) {
  int n;
  float f, scale;
  uint32_t bits;

  if (!(y < 0.0f))
    return 1.0f;
  if (y < -126.0f)
    return 0.0f;
  n = (int)y; /* towards 0 */
  if ((float)n > y)
    n--;
  f = y - (float)n;
  bits = (uint32_t)(127 + n) << 23;
  memcpy(&scale, &bits, sizeof scale);
  return scale *
         (1.0f +
          f * (6.931471806e-1f +
               f * (2.402265070e-1f +
                    f * (5.550410866e-2f +
                         f * (9.618129108e-3f +
                              f * (1.333355815e-3f +
                                   f * (1.540353039e-4f +
                                        f * (1.525273380e-5f +
                                             f * (1.321548679e-6f +
                                                  f * 1.017808601e-7f)))))))));
}

/* cos(pi/2 x) is sin(pi/2 (1 - x)), cos(pi x) sin(pi/2 (1 - 2 x)). */
static TW__INLINE double tw__in_sine_f(double x) {
  return (double)(1.0f - tw__sin_half_pi_f(1.0f - (float)x));
}
static TW__INLINE double tw__out_sine_f(double x) {
  return (double)tw__sin_half_pi_f((float)x);
}
static TW__INLINE double tw__in_out_sine_f(double x) {
  return (double)(0.5f * (1.0f - tw__sin_half_pi_f(1.0f - 2.0f * (float)x)));
}
static TW__INLINE double tw__in_expo_f(double x, double time) {
  return time == 0.0 ? 0.0 : (double)tw__exp2_f(10.0f * ((float)x - 1.0f));
}
static TW__INLINE double tw__out_expo_f(double x, double time,
                                        double duration) {
  if (time == duration)
    return 1.0;
  return (double)(1.0f - tw__exp2_f(-10.0f * (float)x));
}
static TW__INLINE double tw__in_out_expo_f(double x, double time,
                                           double duration) {
  float t;

  if (time == 0.0)
    return 0.0;
  if (time == duration)
    return 1.0;
  t = (float)x * 2.0f;
  if (t < 1.0f)
    return (double)(0.5f * tw__exp2_f(10.0f * (t - 1.0f)));
  return (double)(0.5f * (2.0f - tw__exp2_f(-10.0f * (t - 1.0f))));
}
/* The Circ eases' 1 - t^2 as u (2 - u) from u = 1 - t taken in double
 * (t near 1, where the slope is infinite, would lose u's digits in
 * float), and as f (2 - f) for OutCirc's (1 + t) (1 - t), t = f - 1. */
static TW__INLINE double tw__in_circ_f(double x) {
  float u = (float)(1.0 - x);

  return (double)(1.0f - sqrtf(u * (2.0f - u)));
}
static TW__INLINE double tw__out_circ_f(double x) {
  float f = (float)x;

  return (double)sqrtf(f * (2.0f - f));
}
static TW__INLINE double tw__in_out_circ_f(double x) {
  float u;

  if (x < 0.5) {
    u = (float)(1.0 - 2.0 * x);
    return (double)(0.5f * (1.0f - sqrtf(u * (2.0f - u))));
  }
  u = (float)(2.0 * x - 1.0);
  return (double)(0.5f * (sqrtf(u * (2.0f - u)) + 1.0f));
}

/* The power eases (Quad to Quint) in single precision: x^n by the fewest
 * products; Out as 1 - s^n, s = 1 - x taken exactly as sh + sl (sh the
 * float nearest, sl what it lost: exact, as 1 >= x), s^n as sh^n +
 * n sh^(n-1) sl; InOut from 2 x or 2 (1 - x), exact from 1/2 up.  Within
 * 1.5e-7 of the double forms at every float x of [0, 1] (a fraction on a
 * board is a float, numbers.h's tw__frac) and 2.6e-7 at a double x,
 * which rounds to a float first; 0 and 1 at the ends, within [0, 1]
 * between.  n is 1 to 5. */
static TW__INLINE float tw__pow_f(float x, int n) {
  float x2 = x * x;

  switch (n) {
  case 1:
    return x;
  case 2:
    return x2;
  case 3:
    return x2 * x;
  case 4:
    return x2 * x2;
  default:
    return x2 * x2 * x;
  }
}
/* 1 - f for f in [0, 1] as sh + *sl exactly: sh the float nearest, *sl
 * what its rounding lost (Fast2Sum, as 1 >= f). */
static TW__INLINE float tw__one_minus_f(float f, float *sl) {
  float sh = 1.0f - f;

  *sl = (1.0f - sh) - f;
  return sh;
}
static TW__INLINE double tw__in_pow_f(double x, int n) {
  return (double)tw__pow_f((float)x, n);
}
static TW__INLINE double tw__out_pow_f(double x, int n) {
  float sl, sh = tw__one_minus_f((float)x, &sl);

  return (double)(1.0f -
                  (tw__pow_f(sh, n) + (float)n * tw__pow_f(sh, n - 1) * sl));
}
static TW__INLINE double tw__in_out_pow_f(double x, int n) {
  float f = (float)x;

  if (f < 0.5f)
    return (double)(0.5f * tw__pow_f(2.0f * f, n));
  return (double)(1.0f - 0.5f * tw__pow_f(2.0f * (1.0f - f), n));
}
/* tw__in_quad_f to tw__in_out_quint_f (OutQuad's is numbers.h's) */
#define TW__POW_FORMS(name, n)                                                 \
  static TW__INLINE double tw__in_##name##_f(double x) {                       \
    return tw__in_pow_f(x, n);                                                 \
  }                                                                            \
  static TW__INLINE double tw__in_out_##name##_f(double x) {                   \
    return tw__in_out_pow_f(x, n);                                             \
  }
#define TW__POW_FORMS_OUT(name, n)                                             \
  static TW__INLINE double tw__out_##name##_f(double x) {                      \
    return tw__out_pow_f(x, n);                                                \
  }
TW__POW_FORMS(quad, 2)
TW__POW_FORMS(cubic, 3)
TW__POW_FORMS(quart, 4)
TW__POW_FORMS(quint, 5)
TW__POW_FORMS_OUT(cubic, 3)
TW__POW_FORMS_OUT(quart, 4)
TW__POW_FORMS_OUT(quint, 5)
#undef TW__POW_FORMS_OUT
#undef TW__POW_FORMS

/* The Back eases in single precision, for an overshoot a within
 * TW__BACK_FLOAT_MAX (beyond, the double forms): with s = 1 - x (sh + sl,
 * as above), In is x^2 (x - a s), Out 1 + s^2 (a x - s), and InOut's
 * halves the same of 2 x and of u = 2 s, v = 2 x - 1 with A = 1.525 a:
 * 1 + u^2 (A v - u) / 2; no difference of two rounded products, as the
 * double forms' (a + 1) x - a would be in float.  Within 1.4e-7 of the
 * double forms for |a| <= 4 on a grid of every fifth float of [0, 1];
 * 0 and 1 at the ends. */
#define TW__BACK_FLOAT_MAX 4.0
static TW__INLINE double tw__in_back_f(double x, double a) {
  float f = (float)x, af = (float)a, sl, sh = tw__one_minus_f(f, &sl);

  return (double)(f * f * (f - af * sh - af * sl));
}
static TW__INLINE double tw__out_back_f(double x, double a) {
  float f = (float)x, af = (float)a, sl, sh = tw__one_minus_f(f, &sl);
  float g = af * f - sh;

  return (double)(1.0f + sh * sh * g + sl * (2.0f * sh * g - sh * sh));
}
static TW__INLINE double tw__in_out_back_f(double x, double a) {
  float f = (float)x, af = (float)(a * 1.525), t, sh, sl, u;

  if (f < 0.5f) {
    t = 2.0f * f;
    sh = tw__one_minus_f(t, &sl);
    return (double)(0.5f * t * t * (t - af * sh - af * sl));
  }
  u = 2.0f * (1.0f - f);
  return (double)(1.0f + 0.5f * u * u * (af * (2.0f * f - 1.0f) - u));
}
/* Elastic in single precision, at its default amplitude (the overshoot,
 * TW__OVERSHOOT) and period (0: 0.3 of the duration, InOut 0.45): its wave
 * a 2^(-+10 t) sin(2 pi (t q - c)), q = 1 / 0.3 (or 1 / 0.45) waves over
 * the duration and c = asin(1 / a) / (2 pi) the phase, for t = x (Out), x
 * - 1 (In) and 2 x - 1 (InOut's halves).  The phase t q - c is taken to
 * some 2^-40 (q and c each a float and the float that rounding lost, t q
 * exactly by fmaf), brought within half a wave, and its sine is
 * tw__sin_half_pi_f's (sin(pi - y) = sin y beyond a quarter).  Within
 * TW__FLOAT_ELASTIC_TOL of the double forms at every float x in (0, 1)
 * (3.4e-7 measured at every 13th float: the waves reach 1.37, and their
 * roundings are a float's there; a double's x, rounded to a float first,
 * moves them by up to 20 times its rounding); tw__elastic_at leaves the
 * ends, and x = 0 (the origin of In and InOut), to the double forms. */
#define TW__FLOAT_ELASTIC_TOL 5e-7
#define TW__ELASTIC_QH 3.3333332538604736f /* 1 / 0.3 */
#define TW__ELASTIC_QL 7.947286206899662e-08f
#define TW__ELASTIC_IO_QH 2.222222328186035f /* 1 / 0.45 */
#define TW__ELASTIC_IO_QL -1.059638137235197e-07f
#define TW__ELASTIC_CH 0.09998108446598053f /* asin(1 / 1.70158) / 2 pi */
#define TW__ELASTIC_CL -1.507706515191387e-09f
static TW__INLINE float tw__elastic_sin_f(float t, float qh, float ql) {
  float ph = t * qh, pl = fmaf(t, qh, -ph) + t * ql;
  float s = ph - TW__ELASTIC_CH, b = s - ph;
  float err = (ph - (s - b)) + (-TW__ELASTIC_CH - b); /* s's, exactly */
  int n = (int)(s >= 0.0f ? s + 0.5f : s - 0.5f);     /* the nearest wave */
  float r = (s - (float)n) + (err + pl - TW__ELASTIC_CL), u = 4.0f * r;

  if (u > 1.0f)
    u = 2.0f - u;
  else if (u < -1.0f)
    u = -2.0f - u;
  return tw__sin_half_pi_f(u);
}
static TW__INLINE double tw__out_elastic_f(double x) {
  float t = (float)x, g = (float)TW__OVERSHOOT * tw__exp2_f(-10.0f * t);

  return (double)fmaf(g, tw__elastic_sin_f(t, TW__ELASTIC_QH, TW__ELASTIC_QL),
                      1.0f);
}
static TW__INLINE double tw__in_elastic_f(double x) {
  float t = (float)x - 1.0f, g = (float)TW__OVERSHOOT * tw__exp2_f(10.0f * t);

  return (double)-(g * tw__elastic_sin_f(t, TW__ELASTIC_QH, TW__ELASTIC_QL));
}
static TW__INLINE double tw__in_out_elastic_f(double x) {
  float t = 2.0f * (float)x - 1.0f, w, g;

  w = tw__elastic_sin_f(t, TW__ELASTIC_IO_QH, TW__ELASTIC_IO_QL);
  if (t < 0.0f) {
    g = (float)TW__OVERSHOOT * tw__exp2_f(10.0f * t);
    return (double)(-0.5f * (g * w));
  }
  g = (float)TW__OVERSHOOT * tw__exp2_f(-10.0f * t);
  return (double)fmaf(0.5f * g, w, 1.0f);
}

static TW__INLINE int tw__back_in_float(double a) {
  return TW__FLOAT_EASES && tw__within(a, TW__BACK_FLOAT_MAX);
}

/* Bounce in single precision: the same pieces (at floats nearest their
 * joints; the curve is continuous there), within 1.8e-7 of the double
 * forms at every fifth float of [0, 1], 0 and 1 at the ends. */
static TW__INLINE float tw__bounce_out_ff(float t) {
  if (t < (float)(1.0 / 2.75))
    return 7.5625f * t * t;
  if (t < (float)(2.0 / 2.75)) {
    t -= (float)(1.5 / 2.75);
    return 7.5625f * t * t + 0.75f;
  }
  if (t < (float)(2.5 / 2.75)) {
    t -= (float)(2.25 / 2.75);
    return 7.5625f * t * t + 0.9375f;
  }
  t -= (float)(2.625 / 2.75);
  return 7.5625f * t * t + 0.984375f;
}
static TW__INLINE double tw__out_bounce_f(double x) {
  return (double)tw__bounce_out_ff((float)x);
}
static TW__INLINE double tw__in_bounce_f(double x) {
  return (double)(1.0f - tw__bounce_out_ff(1.0f - (float)x));
}
static TW__INLINE double tw__in_out_bounce_f(double x) {
  float f = (float)x;

  if (f < 0.5f)
    return (double)((1.0f - tw__bounce_out_ff(1.0f - f * 2.0f)) * 0.5f);
  return (double)(tw__bounce_out_ff(f * 2.0f - 1.0f) * 0.5f + 0.5f);
}

static TW__INLINE double tw__in_sine(double x) {
  if (TW__FLOAT_EASES)
    return tw__in_sine_f(x);
  return 1.0 - cos(x * TW__HALF_PI);
}
static TW__INLINE double tw__out_sine(double x) {
  if (TW__FLOAT_EASES)
    return tw__out_sine_f(x);
  return sin(x * TW__HALF_PI);
}
static TW__INLINE double tw__in_out_sine(double x) {
  if (TW__FLOAT_EASES)
    return tw__in_out_sine_f(x);
  return -0.5 * (cos(TW__PI * (x)) - 1.0);
}

static TW__INLINE double tw__in_quad(double x) {
  if (TW__FLOAT_EASES)
    return tw__in_quad_f(x);
  return x * x;
}
static TW__INLINE double tw__in_out_quad(double x) {
  double t;

  if (TW__FLOAT_EASES)
    return tw__in_out_quad_f(x);
  t = x * 2.0;
  if (t < 1.0)
    return 0.5 * t * t;
  t -= 1.0;
  return -0.5 * (t * (t - 2.0) - 1.0);
}

static TW__INLINE double tw__in_cubic(double x) {
  if (TW__FLOAT_EASES)
    return tw__in_cubic_f(x);
  return x * x * x;
}
static TW__INLINE double tw__out_cubic(double x) {
  double t;

  if (TW__FLOAT_EASES)
    return tw__out_cubic_f(x);
  t = x - 1.0;
  return t * t * t + 1.0;
}
static TW__INLINE double tw__in_out_cubic(double x) {
  double t;

  if (TW__FLOAT_EASES)
    return tw__in_out_cubic_f(x);
  t = x * 2.0;
  if (t < 1.0)
    return 0.5 * t * t * t;
  t -= 2.0;
  return 0.5 * (t * t * t + 2.0);
}

static TW__INLINE double tw__in_quart(double x) {
  if (TW__FLOAT_EASES)
    return tw__in_quart_f(x);
  return x * x * x * x;
}
static TW__INLINE double tw__out_quart(double x) {
  double t;

  if (TW__FLOAT_EASES)
    return tw__out_quart_f(x);
  t = x - 1.0;
  return -(t * t * t * t - 1.0);
}
static TW__INLINE double tw__in_out_quart(double x) {
  double t;

  if (TW__FLOAT_EASES)
    return tw__in_out_quart_f(x);
  t = x * 2.0;
  if (t < 1.0)
    return 0.5 * t * t * t * t;
  t -= 2.0;
  return -0.5 * (t * t * t * t - 2.0);
}

static TW__INLINE double tw__in_quint(double x) {
  if (TW__FLOAT_EASES)
    return tw__in_quint_f(x);
  return x * x * x * x * x;
}
static TW__INLINE double tw__out_quint(double x) {
  double t;

  if (TW__FLOAT_EASES)
    return tw__out_quint_f(x);
  t = x - 1.0;
  return t * t * t * t * t + 1.0;
}
static TW__INLINE double tw__in_out_quint(double x) {
  double t;

  if (TW__FLOAT_EASES)
    return tw__in_out_quint_f(x);
  t = x * 2.0;
  if (t < 1.0)
    return 0.5 * t * t * t * t * t;
  t -= 2.0;
  return 0.5 * (t * t * t * t * t + 2.0);
}

/* The Expo eases jump at their exact ends, which time and duration tell. */
static TW__INLINE double tw__in_expo(double x, double time) {
  if (TW__FLOAT_EASES)
    return tw__in_expo_f(x, time);
  return time == 0.0 ? 0.0 : exp2(10.0 * (x - 1.0));
}
static TW__INLINE double tw__out_expo(double x, double time, double duration) {
  if (TW__FLOAT_EASES)
    return tw__out_expo_f(x, time, duration);
  if (time == duration)
    return 1.0;
  return 1.0 - exp2(-10.0 * (x));
}
static TW__INLINE double tw__in_out_expo(double x, double time,
                                         double duration) {
  double t;

  if (TW__FLOAT_EASES)
    return tw__in_out_expo_f(x, time, duration);
  if (time == 0.0)
    return 0.0;
  if (time == duration)
    return 1.0;
  t = x * 2.0;
  if (t < 1.0)
    return 0.5 * exp2(10.0 * (t - 1.0));
  return 0.5 * (2.0 - exp2(-10.0 * (t - 1.0)));
}

static TW__INLINE double tw__in_circ(double x) {
  if (TW__FLOAT_EASES)
    return tw__in_circ_f(x);
  return -(sqrt(1.0 - x * x) - 1.0);
}
static TW__INLINE double tw__out_circ(double x) {
  double t = x - 1.0;

  return TW__FLOAT_EASES ? tw__out_circ_f(x) : sqrt(1.0 - t * t);
}
static TW__INLINE double tw__in_out_circ(double x) {
  double t = x * 2.0;

  if (TW__FLOAT_EASES)
    return tw__in_out_circ_f(x);
  if (t < 1.0)
    return -0.5 * (sqrt(1.0 - t * t) - 1.0);
  t -= 2.0;
  return 0.5 * (sqrt(1.0 - t * t) + 1.0);
}

/* Back: a is the overshoot. */
static TW__INLINE double tw__in_back(double x, double a) {
  if (tw__back_in_float(a))
    return tw__in_back_f(x, a);
  return x * x * ((a + 1.0) * x - a);
}
static TW__INLINE double tw__out_back(double x, double a) {
  double t;

  if (tw__back_in_float(a))
    return tw__out_back_f(x, a);
  t = x - 1.0;
  return t * t * ((a + 1.0) * t + a) + 1.0;
}
static TW__INLINE double tw__in_out_back(double x, double a) {
  double s, t;

  if (tw__back_in_float(a))
    return tw__in_out_back_f(x, a);
  s = a * 1.525;
  t = x * 2.0;
  if (t < 1.0)
    return 0.5 * (t * t * ((s + 1.0) * t - s));
  t -= 2.0;
  return 0.5 * (t * t * ((s + 1.0) * t + s) + 2.0);
}

/* The eases that tw__ease_form computes, all of which have a
 * single-precision form (the powers, Sine, Expo, Circ): X(ID, name, args)
 * for TW_EASE_ID, whose double form is tw__name args and single-precision
 * form tw__name_f args (x, time and duration those of tw__ease_form).
 * tw__ease_form's cases for them are made from it, and the tests' list of
 * the single-precision forms (tests/util.h), with TW__FLOAT_FORMS_MORE's:
 * the eases with a single-precision form that tw__ease_form leaves to
 * others (Back, at the overshoot a, Bounce, and Elastic at its defaults). */
#define TW__FLOAT_FORMS(X)                                                     \
  X(IN_QUAD, in_quad, (x))                                                     \
  X(OUT_QUAD, out_quad, (x))                                                   \
  X(IN_OUT_QUAD, in_out_quad, (x))                                             \
  X(IN_CUBIC, in_cubic, (x))                                                   \
  X(OUT_CUBIC, out_cubic, (x))                                                 \
  X(IN_OUT_CUBIC, in_out_cubic, (x))                                           \
  X(IN_QUART, in_quart, (x))                                                   \
  X(OUT_QUART, out_quart, (x))                                                 \
  X(IN_OUT_QUART, in_out_quart, (x))                                           \
  X(IN_QUINT, in_quint, (x))                                                   \
  X(OUT_QUINT, out_quint, (x))                                                 \
  X(IN_OUT_QUINT, in_out_quint, (x))                                           \
  X(IN_SINE, in_sine, (x))                                                     \
  X(OUT_SINE, out_sine, (x))                                                   \
  X(IN_OUT_SINE, in_out_sine, (x))                                             \
  X(IN_EXPO, in_expo, (x, time))                                               \
  X(OUT_EXPO, out_expo, (x, time, duration))                                   \
  X(IN_OUT_EXPO, in_out_expo, (x, time, duration))                             \
  X(IN_CIRC, in_circ, (x))                                                     \
  X(OUT_CIRC, out_circ, (x))                                                   \
  X(IN_OUT_CIRC, in_out_circ, (x))
#define TW__FLOAT_FORMS_MORE(X)                                                \
  X(IN_BACK, in_back, (x, a))                                                  \
  X(OUT_BACK, out_back, (x, a))                                                \
  X(IN_OUT_BACK, in_out_back, (x, a))                                          \
  X(IN_BOUNCE, in_bounce, (x))                                                 \
  X(OUT_BOUNCE, out_bounce, (x))                                               \
  X(IN_OUT_BOUNCE, in_out_bounce, (x))                                         \
  X(IN_ELASTIC, in_elastic, (x))                                               \
  X(OUT_ELASTIC, out_elastic, (x))                                             \
  X(IN_OUT_ELASTIC, in_out_elastic, (x))

/* The built-in ease `ease` of a running tween, short of its end, with x =
 * time / duration in [0, 1] and time < duration, into *y: what tw__ease
 * returns there, and what shape.c's sane() would leave of it, as it needs
 * none: on [0, 1] each of these is finite and within [0, 1] (the
 * polynomials; Sine and Expo; Circ, whose roots see 1 - t^2 >= 0).
 * Returns 1, or 0 for the eases it leaves to tw__ease_back_form (Back,
 * which reads its overshoot) and to the general way (Elastic, Bounce,
 * Flash, the spring ease, and any other id). */
static TW__INLINE int tw__ease_form(int ease, double x, double time,
                                    double duration, double *y) {
  switch (ease) {
  case TW_EASE_LINEAR:
    *y = x;
    return 1;
#define TW__FORM_CASE(id, name, args)                                          \
  case TW_EASE_##id:                                                           \
    *y = tw__##name args;                                                      \
    return 1;
    TW__FLOAT_FORMS(TW__FORM_CASE)
#undef TW__FORM_CASE
  default:
    return 0;
  }
}

/* The largest overshoot of tw__ease_back_form's. */
#define TW__BACK_FORM_MAX 1e6

/* The same of the Back eases with overshoot a: on [0, 1] each is within
 * 2 |a| + 2 of 0, far inside TW__FRACTION_MAX, for |a| <= TW__BACK_FORM_MAX.
 * Returns 0 for the other eases and for a larger or NaN a (the general
 * way's sane() decides). */
static TW__INLINE int tw__ease_back_form(int ease, double x, double a,
                                         double *y) {
  if (!(a >= -TW__BACK_FORM_MAX && a <= TW__BACK_FORM_MAX))
    return 0;
  switch (ease) {
  case TW_EASE_IN_BACK:
    *y = tw__in_back(x, a);
    return 1;
  case TW_EASE_OUT_BACK:
    *y = tw__out_back(x, a);
    return 1;
  case TW_EASE_IN_OUT_BACK:
    *y = tw__in_out_back(x, a);
    return 1;
  default:
    return 0;
  }
}

#endif

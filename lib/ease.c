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
#define NO_TIME(time, duration) ((void)(time), (void)(duration))
#define X_ONLY(time, duration, a, p) (NO_TIME(time, duration), NO_PARAMS(a, p))

typedef struct slope_at {
  double x, time, duration, a, p;
  int before;
} slope_at;

static double linear(double x, double time, double duration, double a,
                     double p) {
  X_ONLY(time, duration, a, p);
  return x;
}
static double linear_slope(const slope_at *q) {
  (void)q;
  return 1.0;
}

static double in_sine(double x, double time, double duration, double a,
                      double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_sine(x);
}
static double in_sine_slope(const slope_at *q) {
  return TW__HALF_PI * sin(q->x * TW__HALF_PI);
}
static double out_sine(double x, double time, double duration, double a,
                       double p) {
  X_ONLY(time, duration, a, p);
  return tw__out_sine(x);
}
static double out_sine_slope(const slope_at *q) {
  return TW__HALF_PI * cos(q->x * TW__HALF_PI);
}
static double in_out_sine(double x, double time, double duration, double a,
                          double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_out_sine(x);
}
static double in_out_sine_slope(const slope_at *q) {
  return TW__HALF_PI * sin(TW__PI * q->x);
}

static double in_quad(double x, double time, double duration, double a,
                      double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_quad(x);
}
static double in_quad_slope(const slope_at *q) { return 2.0 * q->x; }
static double out_quad(double x, double time, double duration, double a,
                       double p) {
  X_ONLY(time, duration, a, p);
  return tw__out_quad(x);
}
static double out_quad_slope(const slope_at *q) { return 2.0 - 2.0 * q->x; }
static double in_out_quad(double x, double time, double duration, double a,
                          double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_out_quad(x);
}
static double in_out_quad_slope(const slope_at *q) {
  double t = q->x * 2.0;
  return tw__below(t, 1.0, q->before) ? 2.0 * t : 4.0 - 2.0 * t;
}

static double in_cubic(double x, double time, double duration, double a,
                       double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_cubic(x);
}
static double in_cubic_slope(const slope_at *q) { return 3.0 * q->x * q->x; }
static double out_cubic(double x, double time, double duration, double a,
                        double p) {
  X_ONLY(time, duration, a, p);
  return tw__out_cubic(x);
}
static double out_cubic_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return 3.0 * t * t;
}
static double in_out_cubic(double x, double time, double duration, double a,
                           double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_out_cubic(x);
}
static double in_out_cubic_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (!tw__below(t, 1.0, q->before))
    t -= 2.0;
  return 3.0 * t * t;
}

static double in_quart(double x, double time, double duration, double a,
                       double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_quart(x);
}
static double in_quart_slope(const slope_at *q) {
  return 4.0 * q->x * q->x * q->x;
}
static double out_quart(double x, double time, double duration, double a,
                        double p) {
  X_ONLY(time, duration, a, p);
  return tw__out_quart(x);
}
static double out_quart_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return -4.0 * t * t * t;
}
static double in_out_quart(double x, double time, double duration, double a,
                           double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_out_quart(x);
}
static double in_out_quart_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (tw__below(t, 1.0, q->before))
    return 4.0 * t * t * t;
  t -= 2.0;
  return -4.0 * t * t * t;
}

static double in_quint(double x, double time, double duration, double a,
                       double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_quint(x);
}
static double in_quint_slope(const slope_at *q) {
  return 5.0 * q->x * q->x * q->x * q->x;
}
static double out_quint(double x, double time, double duration, double a,
                        double p) {
  X_ONLY(time, duration, a, p);
  return tw__out_quint(x);
}
static double out_quint_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return 5.0 * t * t * t * t;
}
static double in_out_quint(double x, double time, double duration, double a,
                           double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_out_quint(x);
}
static double in_out_quint_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (!tw__below(t, 1.0, q->before))
    t -= 2.0;
  return 5.0 * t * t * t * t;
}

/* The Expo eases jump at their exact ends (0 and 1): their slopes are
 * those of their curves, which reach the ends from inside, and In and
 * InOut start their motion at 2^-10 of their curve (their origins). */
static double in_expo(double x, double time, double duration, double a,
                      double p) {
  (void)duration;
  NO_PARAMS(a, p);
  return tw__in_expo(x, time);
}
static double in_expo_slope(const slope_at *q) {
  return 10.0 * TW__LN2 * exp2(10.0 * (q->x - 1.0));
}
static double in_expo_origin(double duration, double a, double p) {
  (void)duration;
  NO_PARAMS(a, p);
  return exp2(-10.0);
}
static double out_expo(double x, double time, double duration, double a,
                       double p) {
  NO_PARAMS(a, p);
  return tw__out_expo(x, time, duration);
}
static double out_expo_slope(const slope_at *q) {
  return 10.0 * TW__LN2 * exp2(-10.0 * q->x);
}
static double in_out_expo(double x, double time, double duration, double a,
                          double p) {
  NO_PARAMS(a, p);
  return tw__in_out_expo(x, time, duration);
}
static double in_out_expo_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (tw__below(t, 1.0, q->before))
    return 10.0 * TW__LN2 * exp2(10.0 * (t - 1.0));
  return 10.0 * TW__LN2 * exp2(-10.0 * (t - 1.0));
}
static double in_out_expo_origin(double duration, double a, double p) {
  (void)duration;
  NO_PARAMS(a, p);
  return 0.5 * exp2(-10.0);
}

/* The Circ eases' slopes, t / sqrt(1 - t^2), are infinite where the circle
 * stands vertical. */
static double in_circ(double x, double time, double duration, double a,
                      double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_circ(x);
}
static double in_circ_slope(const slope_at *q) {
  return q->x / sqrt(1.0 - q->x * q->x);
}
static double out_circ(double x, double time, double duration, double a,
                       double p) {
  X_ONLY(time, duration, a, p);
  return tw__out_circ(x);
}
static double out_circ_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return -t / sqrt(1.0 - t * t);
}
static double in_out_circ(double x, double time, double duration, double a,
                          double p) {
  X_ONLY(time, duration, a, p);
  return tw__in_out_circ(x);
}
static double in_out_circ_slope(const slope_at *q) {
  double t = q->x * 2.0;
  if (tw__below(t, 1.0, q->before))
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
  static double name(double x, double time, double duration, double a,         \
                     double p) {                                               \
    (void)x; /* its pieces take time and duration (Elastic's x too) */         \
    return value;                                                              \
  }                                                                            \
  static double name##_slope(const slope_at *q) { return slope_of(f, id, q); }

/* Elastic: In and InOut start at 2^-10 of a wave (their origins). */
#define ELASTIC_EASE(name, id)                                                 \
  PIECES_EASE(name, id, tw__elastic_wave,                                      \
              tw__elastic_at(id, x, time, duration, a, p))
ELASTIC_EASE(in_elastic, TW_EASE_IN_ELASTIC)
ELASTIC_EASE(out_elastic, TW_EASE_OUT_ELASTIC)
ELASTIC_EASE(in_out_elastic, TW_EASE_IN_OUT_ELASTIC)
#undef ELASTIC_EASE
static double in_elastic_origin(double duration, double a, double p) {
  return tw__elastic_wave(TW_EASE_IN_ELASTIC, 0.0, duration, a, p, 0, NULL);
}
static double in_out_elastic_origin(double duration, double a, double p) {
  return tw__elastic_wave(TW_EASE_IN_OUT_ELASTIC, 0.0, duration, a, p, 0, NULL);
}

/* Back: a is the overshoot. */
static double in_back(double x, double time, double duration, double a,
                      double p) {
  NO_TIME(time, duration);
  (void)p;
  return tw__in_back(x, a);
}
static double in_back_slope(const slope_at *q) {
  return 3.0 * (q->a + 1.0) * q->x * q->x - 2.0 * q->a * q->x;
}
static double out_back(double x, double time, double duration, double a,
                       double p) {
  NO_TIME(time, duration);
  (void)p;
  return tw__out_back(x, a);
}
static double out_back_slope(const slope_at *q) {
  double t = q->x - 1.0;
  return 3.0 * (q->a + 1.0) * t * t + 2.0 * q->a * t;
}
static double in_out_back(double x, double time, double duration, double a,
                          double p) {
  NO_TIME(time, duration);
  (void)p;
  return tw__in_out_back(x, a);
}
static double in_out_back_slope(const slope_at *q) {
  double s = q->a * 1.525, t = q->x * 2.0;
  if (tw__below(t, 1.0, q->before))
    return 3.0 * (s + 1.0) * t * t - 2.0 * s * t;
  t -= 2.0;
  return 3.0 * (s + 1.0) * t * t + 2.0 * s * t;
}

static double in_bounce(double x, double time, double duration, double a,
                        double p) {
  X_ONLY(time, duration, a, p);
  return tw__bounce_in(x);
}
static double in_bounce_slope(const slope_at *q) {
  return tw__bounce_in_slope(q->x, q->before);
}
static double out_bounce(double x, double time, double duration, double a,
                         double p) {
  X_ONLY(time, duration, a, p);
  return tw__bounce_out(x);
}
static double out_bounce_slope(const slope_at *q) {
  return tw__bounce_out_slope(q->x, q->before);
}
static double in_out_bounce(double x, double time, double duration, double a,
                            double p) {
  X_ONLY(time, duration, a, p);
  return tw__bounce_in_out(x);
}
static double in_out_bounce_slope(const slope_at *q) {
  return tw__bounce_in_out_slope(q->x, q->before);
}

/* Flash: a is the count of flashes, p their weight. */
#define FLASH_EASE(name, id)                                                   \
  PIECES_EASE(name, id, tw__flash, tw__flash(id, time, duration, a, p, 0, NULL))
FLASH_EASE(flash_, TW_EASE_FLASH)
FLASH_EASE(in_flash, TW_EASE_IN_FLASH)
FLASH_EASE(out_flash, TW_EASE_OUT_FLASH)
FLASH_EASE(in_out_flash, TW_EASE_IN_OUT_FLASH)
#undef FLASH_EASE
#undef PIECES_EASE

/* The spring ease: p is its bounce. */
static double spring(double x, double time, double duration, double a,
                     double p) {
  NO_TIME(time, duration);
  (void)a;
  return tw__spring_ease(x, p, NULL);
}
static double spring_slope(const slope_at *q) {
  double s;
  tw__spring_ease(q->x, q->p, &s);
  return s;
}

/* The tables.  END: the ease ends exactly on 1, so that a finished tween
 * holds its end value exactly (1 - cos(pi / 2) is not 1 in doubles): every
 * ease but the Flash eases, which end where their last flash leaves
 * them.  ADD: a tween with the ease takes tw_retarget's additive way (its
 * running motion goes on: tween.h, the Penner eases Linear to InOutBounce);
 * the spring ease, whose motion has parameters of its own, restarts from
 * its value instead. */
enum { END = 1, ADD = 2 };

/* Every ease, once: X(id, flags, f, origin), its value f, its slope
 * f##_slope, and its origin (where its motion starts just after 0, when
 * that is not its value at 0: the eases that jump there from 0), or NULL.
 * They make three tables, the values, the slopes and the origins, so that
 * a program that asks for no slope or origin (a retarget's velocity, a
 * yoyo's turn) links none of them. */
#define EASE_ROWS(X)                                                           \
  X(LINEAR, END | ADD, linear, NULL)                                           \
  X(IN_SINE, END | ADD, in_sine, NULL)                                         \
  X(OUT_SINE, END | ADD, out_sine, NULL)                                       \
  X(IN_OUT_SINE, END | ADD, in_out_sine, NULL)                                 \
  X(IN_QUAD, END | ADD, in_quad, NULL)                                         \
  X(OUT_QUAD, END | ADD, out_quad, NULL)                                       \
  X(IN_OUT_QUAD, END | ADD, in_out_quad, NULL)                                 \
  X(IN_CUBIC, END | ADD, in_cubic, NULL)                                       \
  X(OUT_CUBIC, END | ADD, out_cubic, NULL)                                     \
  X(IN_OUT_CUBIC, END | ADD, in_out_cubic, NULL)                               \
  X(IN_QUART, END | ADD, in_quart, NULL)                                       \
  X(OUT_QUART, END | ADD, out_quart, NULL)                                     \
  X(IN_OUT_QUART, END | ADD, in_out_quart, NULL)                               \
  X(IN_QUINT, END | ADD, in_quint, NULL)                                       \
  X(OUT_QUINT, END | ADD, out_quint, NULL)                                     \
  X(IN_OUT_QUINT, END | ADD, in_out_quint, NULL)                               \
  X(IN_EXPO, END | ADD, in_expo, in_expo_origin)                               \
  X(OUT_EXPO, END | ADD, out_expo, NULL)                                       \
  X(IN_OUT_EXPO, END | ADD, in_out_expo, in_out_expo_origin)                   \
  X(IN_CIRC, END | ADD, in_circ, NULL)                                         \
  X(OUT_CIRC, END | ADD, out_circ, NULL)                                       \
  X(IN_OUT_CIRC, END | ADD, in_out_circ, NULL)                                 \
  X(IN_ELASTIC, END | ADD, in_elastic, in_elastic_origin)                      \
  X(OUT_ELASTIC, END | ADD, out_elastic, NULL)                                 \
  X(IN_OUT_ELASTIC, END | ADD, in_out_elastic, in_out_elastic_origin)          \
  X(IN_BACK, END | ADD, in_back, NULL)                                         \
  X(OUT_BACK, END | ADD, out_back, NULL)                                       \
  X(IN_OUT_BACK, END | ADD, in_out_back, NULL)                                 \
  X(IN_BOUNCE, END | ADD, in_bounce, NULL)                                     \
  X(OUT_BOUNCE, END | ADD, out_bounce, NULL)                                   \
  X(IN_OUT_BOUNCE, END | ADD, in_out_bounce, NULL)                             \
  X(FLASH, 0, flash_, NULL)                                                    \
  X(IN_FLASH, 0, in_flash, NULL)                                               \
  X(OUT_FLASH, 0, out_flash, NULL)                                             \
  X(IN_OUT_FLASH, 0, in_out_flash, NULL)                                       \
  X(SPRING, END, spring, NULL)

typedef struct ease_row {
  unsigned char id, flags; /* its tw_ease; END, ADD */
  /* x is time / duration, as the caller computed it */
  double (*value)(double x, double time, double duration, double a, double p);
} ease_row;

#define ROW(id, flags, f, origin) {TW_EASE_##id, flags, f},
#define SLOPE(id, flags, f, origin) f##_slope,
#define ORIGIN(id, flags, f, origin) origin,
static const ease_row ease_rows[] = {EASE_ROWS(ROW)};
static double (*const ease_slopes[])(const slope_at *q) = {EASE_ROWS(SLOPE)};
static double (*const ease_origins[])(double duration, double a,
                                      double p) = {EASE_ROWS(ORIGIN)};
#undef ROW
#undef SLOPE
#undef ORIGIN
#undef EASE_ROWS

/* A row for every ease of TW_EASE_MAP: an ease added there without one
 * stops the build here (and test_ease checks that each row stands at its
 * id). */
typedef char tw__ease_rows_complete
    [sizeof ease_rows / sizeof ease_rows[0] == TW_EASE_COUNT ? 1 : -1];
typedef char tw__ease_slopes_complete
    [sizeof ease_slopes / sizeof ease_slopes[0] == TW_EASE_COUNT ? 1 : -1];
typedef char tw__ease_origins_complete
    [sizeof ease_origins / sizeof ease_origins[0] == TW_EASE_COUNT ? 1 : -1];

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
    return tw__frac(time, duration);
  if (time >= duration && (r->flags & END))
    return 1.0;
  return r->value(tw__frac(time, duration), time, duration, overshoot, period);
}

double tw__ease_in(int ease, double x, double time, double duration,
                   double overshoot, double period) {
  return ease_rows[ease].value(x, time, duration, overshoot, period);
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
  q.x = tw__frac(time, duration);
  q.time = time;
  q.duration = duration;
  q.a = overshoot;
  q.p = period;
  q.before = before;
  return ease_slopes[ease](&q);
}

double tw__ease_origin(int ease, double duration, double overshoot,
                       double period) {
  const ease_row *r = row_of(ease);

  if (!(duration > 0.0))
    return 1.0;
  if (r != NULL && ease_origins[ease] != NULL)
    return ease_origins[ease](duration, overshoot, period);
  return tw__ease(ease, 0.0, duration, overshoot, period);
}

int tw__ease_additive(int ease) {
  const ease_row *r = row_of(ease);

  return r != NULL && (r->flags & ADD) != 0;
}

#ifdef TW__TEST_HOOKS
int tw__test_ease_row(int ease, int *id, int *ends_on_one, int *additive,
                      int *origin) {
  const ease_row *r = row_of(ease);

  if (r == NULL)
    return -1;
  *id = r->id;
  *ends_on_one = (r->flags & END) != 0;
  *additive = (r->flags & ADD) != 0;
  *origin = ease_origins[ease] != NULL;
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

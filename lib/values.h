/* SPDX-License-Identifier: MIT */
/* Floor 2, values and time shapes: the internal functions of its files,
 * file by file, a part of floors.h's map, which includes this header in
 * the floor's place (the rule, and TW__PRIVATE, are there).  Not
 * installed. */
#ifndef TWEEN_VALUES_H
#define TWEEN_VALUES_H

/* types.c */
TW__PRIVATE int tw__types_init(tw_manager *m);
TW__PRIVATE void tw__types_free(tw_manager *m);
TW__PRIVATE int tw__type_valid(const tw_manager *m, int type);
/* Puts the built-in type's lerp (none for another id) in m's type table
 * (tw__type.u.blerp), where tw__lerp finds it: called by the creations that
 * take a type at run time; tw__types_fill puts every built-in's, for a
 * restore. */
TW__PRIVATE void tw__type_fill(tw_manager *m, int type);
TW__PRIVATE void tw__types_fill(tw_manager *m);
/* The refusal of a type by the call fn, which takes only some:
 * TW_EUNSUPPORTED for a type m knows, TW_ETYPE for one it does not; with
 * its sentence (tw__fail). */
TW__PRIVATE int tw__type_refused(const tw_manager *m, int type, const char *fn);
/* Writes into out (a value of the type) the value e of the way from a to
 * b: the registered type's own lerp, or the built-in's. */
TW__PRIVATE void tw__lerp(const tw_manager *m, int type, void *out,
                          const void *a, const void *b, double e);
/* tw__lerp plus the velocity term c * g, per component, for the built-in
 * numeric types (floats, double, int), saturated at the type's largest
 * value; other types get tw__lerp. */
TW__PRIVATE void tw__lerp_extra(const tw_manager *m, int type, void *out,
                                const void *a, const void *b, double e,
                                const double c[4], double g);
/* The value at fraction f from components a to b (the built-in numeric
 * type's own lerp, of floats in float), plus add[k] per component when on,
 * saturated at the type's largest value: an additive retarget's value. */
TW__PRIVATE void tw__lerp_add(int type, void *out, const double a[4],
                              const double b[4], double f, const double add[4],
                              int on);
/* The components of a value of a built-in numeric type as doubles (their
 * count; 0 for other types). */
TW__PRIVATE unsigned tw__components(int type, const void *v, double out[4]);
/* Whether v, a value of the type, is finite: each component of a float,
 * vector, colour or double (an int and an rgba8 always are).  A registered
 * type's value is bytes the library cannot read: 1.  Every call that takes
 * a start, an end or points checks them here. */
TW__PRIVATE int tw__value_finite(int type, const void *v);
/* A value read from a target (a start): each component of v that is not
 * finite becomes 0, as a NaN eased fraction counts as 0, so that no tween
 * holds or writes a value that is not finite.  A registered type's value
 * is left as it is. */
TW__PRIVATE void tw__value_clean(int type, void *v);
/* Built-in types only: out = a + b, and the distance from a to b. */
TW__PRIVATE void tw__add(int type, void *out, const void *a, const void *b);
TW__PRIVATE double tw__distance(int type, const void *a, const void *b);
/* Built-in types only: v rounded component-wise to a multiple of step (>
 * 0), a result next to the start a or the end b being exactly that. */
TW__PRIVATE void tw__snap(int type, void *v, const void *a, const void *b,
                          double step);
/* Types whose tw__components are not 0 only: out += v - last
 * component-wise, last = v (additive writes). */
TW__PRIVATE void tw__accumulate(int type, void *out, const void *v,
                                double *last);

/* spring.c */
/* The spring of stiffness k, damping d and mass (positive, finite): w0
 * and zeta, held within [1e-150, 1e150]. */
TW__PRIVATE void tw__spring_make(tw__spring *s, double k, double d,
                                 double mass);
/* Whether s is a spring as tw_spring_to makes them (tw__spring_make). */
TW__PRIVATE int tw__spring_ok(const tw__spring *s);
/* A, B, A' and B' of the spring at t (seconds), into r[0..3]. */
TW__PRIVATE void tw__spring_ab(const tw__spring *s, double t, double r[4]);
/* When a spring from displacement y0 with velocity v0 (n components each,
 * finite) rests: its amplitude sqrt(|y|^2 + |y' / w0|^2) within eps (in
 * (0, 1)) of its start's, in seconds; 0 for a spring at rest at its end. */
TW__PRIVATE double tw__spring_rest(const tw__spring *s, const double *y0,
                                   const double *v0, unsigned n, double eps);
/* tw__spring_rest in one dimension. */
TW__PRIVATE double tw__spring_settle(const tw__spring *s, double y0, double v0,
                                     double eps);
/* The settling time of spring s from start to end (values of a built-in
 * type), with the velocity along the way (s->v0) and the velocity c per
 * component (NULL: none); along the way only for a type without
 * components. */
TW__PRIVATE double tw__spring_between(const tw__spring *s, int type,
                                      const void *start, const void *end,
                                      const double *c);
/* The settling time of the spring tween t (ease TW__EASE_SPRING) from its
 * start and end, with the velocity along the way (rec->spring.v0) and its
 * velocity term's (rec->extra TW__EXTRA_SPRING); along the way only for a
 * type without components. */
TW__PRIVATE double tw__spring_span(const tw_manager *m, tw__tween *t);

/* pieces.c: the eases made of pieces, each the eased fraction and (the
 * _slope ones, or into *slope when it is not NULL) its slope per unit of
 * time / duration, from the piece before a joint when `before`.  Bounce
 * at the fraction x of the time; Elastic's waves (In and InOut start at
 * 2^-10 of a wave, tw__elastic gives the exact ends) at time of duration,
 * amplitude amp and period (seconds, 0: DOTween's); Flash with n flashes
 * of weight period; the spring ease with its bounce. */
TW__PRIVATE double tw__bounce_out(double x);
TW__PRIVATE double tw__bounce_in(double x);
TW__PRIVATE double tw__bounce_in_out(double x);
TW__PRIVATE double tw__bounce_out_slope(double x, int before);
TW__PRIVATE double tw__bounce_in_slope(double x, int before);
TW__PRIVATE double tw__bounce_in_out_slope(double x, int before);
TW__PRIVATE double tw__elastic_wave(int ease, double time, double duration,
                                    double amp, double period, int before,
                                    double *slope);
TW__PRIVATE double tw__elastic(int ease, double time, double duration,
                               double amp, double period);
/* The same at fraction x = time / duration (tw__frac's): where the eases
 * are floats (TW__FLOAT_EASES), in single precision (easeform.h) for x in
 * (0, 1) at the default amplitude and period. */
TW__PRIVATE double tw__elastic_at(int ease, double x, double time,
                                  double duration, double amp, double period);
TW__PRIVATE double tw__flash(int ease, double time, double duration, double n,
                             double period, int before, double *slope);
TW__PRIVATE double tw__spring_ease(double x, double bounce, double *slope);

/* ease.c: DOTween's EaseManager.Evaluate.  time in [0, duration]; returns
 * the eased fraction (may leave [0, 1]).  overshoot is Back's overshoot,
 * Elastic's amplitude and Flash's flash count (DOTween default 1.70158);
 * period is Elastic's period (0: DOTween's default) and Flash's weight. */
TW__PRIVATE double tw__ease(int ease, double time, double duration,
                            double overshoot, double period);
/* tw__ease of a built-in ease (ease < TW_EASE_COUNT) short of its end (0
 * < duration, time < duration), without its tests: what tw__ease returns
 * there, x being time / duration as the caller computed it (the update's
 * fast paths have it: tw__ease_running). */
TW__PRIVATE double tw__ease_in(int ease, double x, double time, double duration,
                               double overshoot, double period);
/* The built-in eases whose value reads overshoot or period, as bits by
 * id: Elastic, Back, Flash and the spring ease.  Every other ignores
 * both (test_ease checks it of each), so that a running step of one takes
 * no record to find them (tw__ease_running). */
#define TW__EASE_PARAMS                                                        \
  ((UINT64_C(1) << TW_EASE_IN_ELASTIC) |                                       \
   (UINT64_C(1) << TW_EASE_OUT_ELASTIC) |                                      \
   (UINT64_C(1) << TW_EASE_IN_OUT_ELASTIC) |                                   \
   (UINT64_C(1) << TW_EASE_IN_BACK) | (UINT64_C(1) << TW_EASE_OUT_BACK) |      \
   (UINT64_C(1) << TW_EASE_IN_OUT_BACK) | (UINT64_C(1) << TW_EASE_FLASH) |     \
   (UINT64_C(1) << TW_EASE_IN_FLASH) | (UINT64_C(1) << TW_EASE_OUT_FLASH) |    \
   (UINT64_C(1) << TW_EASE_IN_OUT_FLASH) | (UINT64_C(1) << TW_EASE_SPRING))
/* Its slope at time, per unit of time / duration: at a joint of its pieces
 * the limit from the piece before time if `before`, else after; at 0 the
 * limit from after, at duration from before.  Infinite where the ease
 * stands vertical (OutCirc at 0, InCirc at its end, InOutCirc halfway);
 * 0 for a zero duration. */
TW__PRIVATE double tw__ease_slope(int ease, double time, double duration,
                                  double overshoot, double period, int before);
/* Its limit just after 0, where its motion starts: its value at 0 but for
 * the eases that jump there from 0 (In and InOut Expo and Elastic start
 * at 2^-10 of their curve, as DOTween's). */
TW__PRIVATE double tw__ease_origin(int ease, double duration, double overshoot,
                                   double period);
/* Whether a tween with the ease takes tw_retarget's additive way (its
 * running motion goes on: ease.c's table); 0 for an unknown id. */
TW__PRIVATE int tw__ease_additive(int ease);
#ifdef TW__TEST_HOOKS
/* Test hook: the row of ease.c's table for the ease: the id it stands for,
 * whether the ease ends exactly on 1, whether it takes the additive
 * retarget, and whether it has an origin of its own (it jumps from 0); -1
 * for an unknown id. */
TW__PRIVATE int tw__test_ease_row(int ease, int *id, int *ends_on_one,
                                  int *additive, int *origin);
#endif

/* curves.c */
/* CSS cubic-bezier(x1, y1, x2, y2) at input progress x. */
TW__PRIVATE double tw__cubic_bezier(double x1, double y1, double x2, double y2,
                                    double x);
/* CSS steps(n, jump) at input progress x; jump: 0 jump-start, 1 jump-end,
 * 2 jump-none, 3 jump-both. */
TW__PRIVATE double tw__steps(int n, int jump, double x);
/* A keyframe curve at x (keys sorted, n >= 1). */
TW__PRIVATE double tw__curve(const tw_key *keys, size_t n, double x);
/* Their slopes in x (see tw__ease_slope): the bezier's is infinite where
 * it stands vertical; steps are flat between their jumps; a curve's at a
 * key is the limit from the piece before it if `before`, else after. */
TW__PRIVATE double tw__cubic_bezier_slope(double x1, double y1, double x2,
                                          double y2, double x);
TW__PRIVATE double tw__steps_slope(int n, int jump, double x);
TW__PRIVATE double tw__curve_slope(const tw_key *keys, size_t n, double x,
                                   int before);
/* A bezier, steps or curve ease kept in r (ease: its TW__EASE_ id) at x,
 * and its slope. */
TW__PRIVATE double tw__ease_kept(const tw__record *r, int ease, double x);
TW__PRIVATE double tw__ease_kept_slope(const tw__record *r, int ease, double x,
                                       int before);
/* Fills in the manager's entries of those eases (m->fx): their settings,
 * before the ease is seen. */
TW__PRIVATE void tw__fx_ease_kept(tw_manager *m);

/* shape.c */
/* The tween's eased fraction at position pos of a loop of d seconds. */
TW__PRIVATE double tw__ease_at(const tw_manager *m, const tw__tween *t,
                               double pos, double d);
/* tw__ease_at of a running tween short of its end (x = e / d < 1 -
 * TW__SNAP, as the caller computed it), the update's fast paths'
 * (steps.h): easeform.h's eases computed there, the other built-in eases
 * straight from their row, given x. */
TW__PRIVATE double tw__ease_running(const tw_manager *m, const tw__tween *t,
                                    double x, double e, double d);
/* The loop (0-based) and the position in it at elapsed e. */
TW__PRIVATE void tw__locate(const tw_manager *m, const tw__tween *t, double e,
                            double *k, double *pos);
TW__PRIVATE int32_t tw__loops_done_at(const tw_manager *m, const tw__tween *t,
                                      double e);
/* The interpolation fraction at loop k, position pos. */
TW__PRIVATE double tw__fraction(const tw_manager *m, const tw__tween *t,
                                double k, double pos);
/* The fraction at elapsed e. */
TW__PRIVATE double tw__fraction_at(const tw_manager *m, const tw__tween *t,
                                   double e);
/* The velocity term's shapes at elapsed e (all 0 without one). */
TW__PRIVATE void tw__extra_at(const tw_manager *m, const tw__tween *t, double e,
                              tw__extra *x);
/* The slope of t's ease `ease` (its own, or a yoyo ease) at position pos
 * of a loop of d seconds, per second (see tw__ease_slope for `before`):
 * closed forms for every ease but a user ease, a difference. */
TW__PRIVATE double tw__ease_rate(const tw_manager *m, const tw__tween *t,
                                 int ease, double pos, double d, int before);
/* Where t's ease starts just after 0, for a loop of d seconds (see
 * tw__ease_origin). */
TW__PRIVATE double tw__ease_origin_at(const tw_manager *m, const tw__tween *t,
                                      double d);
/* The rate of change of the fraction per second of elapsed at elapsed e,
 * on the side the tween comes from (before e playing forwards, after it
 * backwards; at 0 and at the end the side there is): infinite where the
 * ease stands vertical. */
TW__PRIVATE double tw__fraction_rate(const tw_manager *m, const tw__tween *t,
                                     double e);
/* cubic-bezier parameters tw_set_ease_bezier takes (x1 and x2 in [0, 1],
 * y1 and y2 finite); tw_ease_eval_bezier is Linear for others. */
TW__PRIVATE int tw__bezier_ok(double x1, double y1, double x2, double y2);

/* wobble.c */
/* The value of a punch or shake at fraction e into out. */
TW__PRIVATE void tw__wobble(const tw_manager *m, const tw__tween *t, void *out,
                            double e);
/* The same, a pure function of the punch or shake x, its n float
 * components and its start value s (the reference model's too). */
TW__PRIVATE void tw__wobble_at(const tw__choreo *x, unsigned n, const float *s,
                               void *out, double e);
/* v, a value of t, snapped to t's step. */
TW__PRIVATE void tw__snap_value(const tw_manager *m, tw__tween *t, void *v);
/* An additive write: out += v - the value t wrote last. */
TW__PRIVATE void tw__add_change(const tw_manager *m, tw__tween *t, void *out,
                                const void *v);

/* path.c */
TW__PRIVATE size_t tw__path_segments(const tw__choreo *x);
/* The segments of n points of a path of this kind (TW_PATH_*), closed or
 * not (n a count the kind takes). */
TW__PRIVATE size_t tw__path_nseg(int kind, int closed, size_t n);
/* Fills x->arc (room for segments x TW__PATH_SAMPLES + 1). */
TW__PRIVATE void tw__path_table(tw__choreo *x);
/* The point at fraction e. */
TW__PRIVATE void tw__path_at(const tw__choreo *x, double e, double out[3]);
/* The unit direction of motion at fraction e (clamped to [0, 1]) into out,
 * and 1; or zeros, and 0, where the path stands still. */
TW__PRIVATE int tw__path_tangent(const tw__choreo *x, double e, double out[3]);
TW__PRIVATE void tw__path_value(const tw_manager *m, const tw__tween *t,
                                void *out, double e);

#endif

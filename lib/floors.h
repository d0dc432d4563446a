/* SPDX-License-Identifier: MIT */
/* The internal functions of libtween, floor by floor.  Not installed.
 *
 * The files of lib/ stand in floors; each calls only the floors below it
 * (and the files before it in its own floor), so the library reads
 * bottom-up.  The order is that of lib_libtween_la_SOURCES in Makefile.am,
 * which the amalgamation follows:
 *
 *  1. ground: tween-private.h (the structs; choreo.h, the choreography
 *     part of a record), this header, alloc.c, error.c, version.c;
 *  2. values and time shapes: types.c (the table of value types),
 *     spring.c (springs in closed form), ease.c (DOTween's eases), curves.c
 *     (CSS bezier and steps, keyframe curves), shape.c (where a tween is at
 *     a time: loop, position, fraction), wobble.c (values shaped: punch,
 *     shake, snapping, additive writes), path.c (paths);
 *  3. storage: handle.c (slots, generations), pool.c (records), keys.c
 *     (what a tween animates, and the index of keys), manager.c (the
 *     active array, compaction, capacity, the nested table); storage knows
 *     nothing of callbacks or time;
 *  4. one tween's life, the only floor that changes a tween's state and
 *     runs the program's code: kill.c (the end: vacate, kill, dispose,
 *     overwrite),
 *     life.c (the protocol: start, step, fire, finish), moves.c (what a
 *     control does to one tween: pause, rewind, goto, complete...),
 *     retarget.c (a new end, with value and velocity kept);
 *  5. drivers over it: timeline.c (driving and killing a sequence's
 *     children; the one tie back up, since a sequence's step drives its
 *     children's steps: life.c calls tw__seq_drive, kill.c the kills of
 *     children), update.c (the pass), query.c, control.c (the controls),
 *     debug.c (validate, dump, order), tween.c (creation), settings.c,
 *     choreo.c (loop delay, yoyo ease, snapping, additive, punch and
 *     shake), sequence.c (building timelines, stagger), labels.c,
 *     motion.c (retarget and springs), setup.c (a manager's public face:
 *     new, free, clear). */
#ifndef TWEEN_FLOORS_H
#define TWEEN_FLOORS_H

/* Marks every internal declaration.  Empty in the library, where
 * -fvisibility=hidden keeps tw__ names out of the shared object; the
 * amalgamation defines it as `static`, and since a function's first
 * declaration gives its linkage, the definitions that follow become static
 * too (C99 6.2.2).  Test hooks exist only where TW__TEST_HOOKS is defined:
 * in the library, and in the amalgamation built for the tests. */
#ifndef TW__PRIVATE
#define TW__PRIVATE
#define TW__TEST_HOOKS 1 /* the library build: tests reach the hooks */
#endif

/* The internal functions below name a tween by its slot, since a callback
 * may move it in the array (outside an update pass) or grow the array. */

/* 1. ground */

/* alloc.c */
TW__PRIVATE void *tw__alloc(tw_manager *m, size_t n);
TW__PRIVATE void *tw__realloc(tw_manager *m, void *p, size_t old_n,
                              size_t new_n);
TW__PRIVATE void tw__free(tw_manager *m, void *p, size_t n);
/* n * size, or 0 when it would wrap size_t (no allocation is that big). */
TW__PRIVATE size_t tw__mul(size_t n, size_t size);
/* Grows *buf, of *cap elements of `size` bytes, to hold `need` (doubling,
 * at least 8); TW_ENOMEM leaves it as it was. */
TW__PRIVATE int tw__room(tw_manager *m, void **buf, size_t *cap, size_t need,
                         size_t size);

/* 2. values and time shapes */

/* types.c */
TW__PRIVATE int tw__types_init(tw_manager *m);
TW__PRIVATE void tw__types_free(tw_manager *m);
TW__PRIVATE int tw__type_valid(const tw_manager *m, int type);
/* Writes into out (a value of the type) the value e of the way from a to
 * b: the registered type's own lerp, or the built-in's. */
TW__PRIVATE void tw__lerp(const tw_manager *m, int type, void *out,
                          const void *a, const void *b, double e);
/* tw__lerp plus the velocity term c * g - jw * (b - a), per component,
 * for the built-in numeric types (floats, double, int); other types get
 * tw__lerp. */
TW__PRIVATE void tw__lerp_extra(const tw_manager *m, int type, void *out,
                                const void *a, const void *b, double e,
                                const double c[4], double g, double jw);
/* The components of a value of a built-in numeric type as doubles (their
 * count; 0 for other types). */
TW__PRIVATE unsigned tw__components(int type, const void *v, double out[4]);
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
/* A, B, A' and B' of the spring at t (seconds), into r[0..3]. */
TW__PRIVATE void tw__spring_ab(const tw__spring *s, double t, double r[4]);
/* When a spring from |y0| <= a with |v0| <= b rests within eps (both its
 * displacement and its speed), in seconds. */
TW__PRIVATE double tw__spring_settle(const tw__spring *s, double a, double b,
                                     double eps);
/* Retarget's shape h(u) = u (1 - u)^2, and its slope into *dh. */
TW__PRIVATE double tw__retarget_h(double u, double *dh);
/* The blend w(u) = (1 - u)^2 (1 + 2 u): 1 to 0 with no slope at either
 * end; its slope into *dw. */
TW__PRIVATE double tw__retarget_w(double u, double *dw);

/* ease.c: DOTween's EaseManager.Evaluate.  time in [0, duration]; returns
 * the eased fraction (may leave [0, 1]).  overshoot is Back's overshoot,
 * Elastic's amplitude and Flash's flash count (DOTween default 1.70158);
 * period is Elastic's period (0: DOTween's default) and Flash's weight. */
TW__PRIVATE double tw__ease(int ease, double time, double duration,
                            double overshoot, double period);

/* curves.c */
/* CSS cubic-bezier(x1, y1, x2, y2) at input progress x. */
TW__PRIVATE double tw__cubic_bezier(double x1, double y1, double x2, double y2,
                                    double x);
/* CSS steps(n, jump) at input progress x; jump: 0 jump-start, 1 jump-end,
 * 2 jump-none, 3 jump-both. */
TW__PRIVATE double tw__steps(int n, int jump, double x);
/* A keyframe curve at x (keys sorted, n >= 1). */
TW__PRIVATE double tw__curve(const tw_key *keys, size_t n, double x);

/* shape.c */
/* The tween's eased fraction at position pos of a loop of d seconds. */
TW__PRIVATE double tw__ease_at(const tw__tween *t, double pos, double d);
/* The loop (0-based) and the position in it at elapsed e. */
TW__PRIVATE void tw__locate(const tw__tween *t, double e, double *k,
                            double *pos);
TW__PRIVATE int32_t tw__loops_done_at(const tw__tween *t, double e);
/* The interpolation fraction at loop k, position pos. */
TW__PRIVATE double tw__fraction(const tw__tween *t, double k, double pos);
/* The fraction at elapsed e. */
TW__PRIVATE double tw__fraction_at(const tw__tween *t, double e);
/* The velocity term's shapes at elapsed e (all 0 without one). */
TW__PRIVATE void tw__extra_at(const tw__tween *t, double e, tw__extra *x);
/* The rate of change of the fraction per second at elapsed e. */
TW__PRIVATE double tw__fraction_rate(const tw__tween *t, double e);
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
/* Fills x->arc (room for segments x TW__PATH_SAMPLES + 1). */
TW__PRIVATE void tw__path_table(tw__choreo *x);
/* The point at fraction e. */
TW__PRIVATE void tw__path_at(const tw__choreo *x, double e, double out[3]);
TW__PRIVATE void tw__path_value(const tw_manager *m, const tw__tween *t,
                                void *out, double e);

/* 3. storage */

/* handle.c */
TW__PRIVATE int tw__slots_reserve(tw_manager *m);
/* tw__slot_take, tw__slot_release: inline, after this map */
#ifdef TW__TEST_HOOKS
/* Test hook: set a free slot's generation (to force wrap-around). */
TW__PRIVATE int tw__test_set_generation(tw_manager *m, uint32_t slot,
                                        uint32_t gen);
#endif

/* pool.c */
TW__PRIVATE tw__record *tw__record_get(tw_manager *m, int type);
TW__PRIVATE void tw__record_put(tw_manager *m, tw__record *r);
TW__PRIVATE void tw__record_drop(tw_manager *m, tw__record *r);
TW__PRIVATE void tw__pool_drain(tw_manager *m);
/* r's choreography settings, allocated on first use; NULL without memory. */
TW__PRIVATE tw__choreo *tw__choreo_get(tw_manager *m, tw__record *r);

/* keys.c */
TW__PRIVATE void tw__key_of(const tw_manager *m, const tw__tween *t,
                            tw__key *k);
TW__PRIVATE int tw__key_overlap(const tw__key *a, const tw__key *b);
/* Builds the index if it is not (1: it is there now, 0: out of memory). */
TW__PRIVATE int tw__keys_on(tw_manager *m);
/* Room for one more tween in a built index (call before taking a slot). */
TW__PRIVATE int tw__keys_reserve(tw_manager *m);
/* A tween joins or leaves a built index (no-ops without one). */
TW__PRIVATE void tw__keys_add(tw_manager *m, uint32_t s);
/* tw__keys_add of a fresh pointer tween whose key is [at, at + len), len
 * at most 16, in a built index with room (tw__keys_room). */
TW__PRIVATE void tw__keys_add_range(tw_manager *m, uint32_t s, const void *at,
                                    size_t len);
TW__PRIVATE void tw__keys_remove(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__keys_free(tw_manager *m);
/* tw_manager_validate's share: every keyed live tween indexed once under its
 * key, in its chain, the chains well linked; 0 or TW_EINTERNAL. */
TW__PRIVATE int tw__keys_check(const tw_manager *m);
/* Calls fn(ctx, slot) for each live tween whose key overlaps k, until fn
 * returns non-zero (then returns 1).  fn must not change the manager. */
TW__PRIVATE int tw__keys_each(const tw_manager *m, const tw__key *k,
                              int (*fn)(void *ctx, uint32_t s), void *ctx);
/* The array index of the tween in slot s, or of the outermost sequence
 * that holds it: its place in creation order. */
TW__PRIVATE uint32_t tw__top_index(const tw_manager *m, uint32_t s);
/* Whether an older live tween's key overlaps that of the tween in slot s:
 * one that its overwrite would kill.  1 when the index is not built (not
 * known without it). */
TW__PRIVATE int tw__keys_older(const tw_manager *m, uint32_t s);

/* manager.c */
TW__PRIVATE size_t tw__array_len(const tw_manager *m);
/* Allocates the array and the type table of a fresh manager. */
TW__PRIVATE int tw__storage_init(tw_manager *m);
/* Frees every buffer of a manager with no live tween. */
TW__PRIVATE void tw__storage_free(tw_manager *m);
/* Allocates the wide values beside the array (tw__wide), for the first
 * tween whose values take 5 to 16 bytes.  TW_ENOMEM. */
TW__PRIVATE int tw__wide_init(tw_manager *m);
/* Allocates the setters beside the array (tw_manager.aset), for the first
 * tween bound by a setter.  TW_ENOMEM. */
TW__PRIVATE int tw__aset_init(tw_manager *m);
TW__PRIVATE int tw__grow(tw_manager *m, int sequence);
TW__PRIVATE void tw__compact(tw_manager *m);
/* After a compacting walk of [0, end): [dst, end) are holes; drops them,
 * and the holes just below, unless tweens were appended past end
 * meanwhile.  Counts one compaction if the walk closed or dropped any. */
TW__PRIVATE void tw__drop_tail(tw_manager *m, uint32_t dst, uint32_t end);
/* A walk begins at index 0 of the array as it is, and ends; between the
 * two, busy is up. */
TW__PRIVATE void tw__walk_begin(tw_manager *m, tw__walk *w);
TW__PRIVATE void tw__walk_end(tw_manager *m);
/* The nested table: where the children of sequences are found. */
TW__PRIVATE int tw__nested_reserve(tw_manager *m);
TW__PRIVATE int tw__nested_room(tw_manager *m, size_t more);
TW__PRIVATE uint32_t tw__nested_take(tw_manager *m, tw__tween *t,
                                     uint32_t owner);
TW__PRIVATE void tw__nested_release(tw_manager *m, uint32_t i);

/* 4. one tween's life */

/* kill.c */
TW__PRIVATE void tw__vacate(tw_manager *m, uint32_t idx);
TW__PRIVATE void tw__dispose(tw_manager *m, tw_handle h, tw__record *rec,
                             int recycle);
/* tw__kill (inline, after this map) for a tween with a record, or a child
 * of a sequence. */
TW__PRIVATE void tw__kill_recorded(tw_manager *m, uint32_t slot);
/* Kills every older live tween whose key overlaps that of the tween in
 * slot s, in creation order; 1 if that tween lives after their KILLs. */
TW__PRIVATE int tw__overwrite(tw_manager *m, uint32_t s, uint32_t gen);

/* life.c */
/* Moves the tween to elapsed e and bumps its move counter. */
TW__PRIVATE void tw__move(tw__tween *t, double e);
TW__PRIVATE int tw__fire(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev);
TW__PRIVATE int tw__fire_step(tw_manager *m, uint32_t s, uint32_t gen,
                              tw_event ev, uint32_t moves);
TW__PRIVATE void tw__flush_warnings(tw_manager *m);
TW__PRIVATE int tw__read_target(tw_manager *m, uint32_t s, uint32_t gen,
                                void *out);
/* The tween's value at fraction e (and its elapsed time, for the velocity
 * term) into out. */
TW__PRIVATE void tw__value_at(const tw_manager *m, tw__tween *t, void *out,
                              double e);
TW__PRIVATE int tw__write_value(tw_manager *m, uint32_t s, double e);
TW__PRIVATE void tw__setter_failed(tw_manager *m, uint32_t s);
TW__PRIVATE int tw__start(tw_manager *m, uint32_t s, uint32_t gen);
TW__PRIVATE void tw__step(tw_manager *m, uint32_t s, double dt);
TW__PRIVATE void tw__advance(tw_manager *m, uint32_t s, uint32_t gen, double e,
                             double c, int back, int nested);
TW__PRIVATE void tw__halt(tw_manager *m, uint32_t s, int fire);
TW__PRIVATE void tw__finish(tw_manager *m, uint32_t s, int fire);

/* retarget.c */
/* Sends the started tween in slot s to `end` in `duration` seconds (< 0:
 * keep; a spring computes its own), keeping its value and its velocity. */
TW__PRIVATE void tw__retarget(tw_manager *m, uint32_t s, const void *end,
                              double duration);

/* moves.c */
TW__PRIVATE void tw__play(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__pause(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__rewind(tw_manager *m, uint32_t s, int include_delay);
TW__PRIVATE void tw__rewind_in_place(tw_manager *m, uint32_t s);
TW__PRIVATE int tw__goto(tw_manager *m, uint32_t s, double to, int and_play);
TW__PRIVATE int tw__restart(tw_manager *m, uint32_t s, int include_delay,
                            double new_delay);
TW__PRIVATE void tw__smooth_rewind(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__direction(tw_manager *m, uint32_t s, int backwards,
                               int play);
TW__PRIVATE int tw__complete(tw_manager *m, uint32_t s, int callbacks);
TW__PRIVATE int tw__complete_kill(tw_manager *m, uint32_t s);

/* 5. drivers */

/* timeline.c */
/* Drives a sequence's timeline to time `to`; returns 0, or -1 if the
 * sequence died or a callback moved it. */
TW__PRIVATE int tw__seq_drive(tw_manager *m, uint32_t s, double to);
/* Whether anything in r's timeline (nested ones too) has a callback. */
TW__PRIVATE int tw__seq_has_callbacks(const tw__record *r);
/* Kills a sequence's children, each KILL callback once, in order. */
TW__PRIVATE void tw__seq_kill_children(tw_manager *m, tw__record *r);
TW__PRIVATE void tw__seq_kill_nested(tw_manager *m, uint32_t s);

/* query.c: which tweens a filtered control or find picks */
enum { TW__BY_ALL, TW__BY_ID, TW__BY_KEY, TW__BY_NOT_IDS };

typedef struct tw__pick {
  int by, id;
  const void *key;
  const int *ids;
  size_t nids;
} tw__pick;

TW__PRIVATE int tw__picked(const tw_manager *m, const tw__tween *t,
                           const tw__pick *p);

/* control.c */
/* Applies `what` to the picked tweens among those alive when it starts,
 * in creation order; returns how many, or TW_EINVAL. */
TW__PRIVATE int tw__do_where(tw_manager *m, const tw__pick *p, tw_do what);

/* settings.c: the tween h names, with a record (tw__with_record), and
 * unstarted too (tw__unstarted); NULL with *err set if not. */
TW__PRIVATE tw__tween *tw__with_record(tw_manager *m, tw_handle h, int *err);
TW__PRIVATE tw__tween *tw__unstarted(tw_manager *m, tw_handle h, int *err);

/* choreo.c: the tween h names, with its record's choreography settings;
 * NULL with *err set if not. */
TW__PRIVATE tw__tween *tw__with_choreo(tw_manager *m, tw_handle h, int started,
                                       int *err);

#endif

/* SPDX-License-Identifier: MIT */
/* A reference model of a libtween manager's observable behaviour, for the
 * model-based random tests (tests/test_model.c).
 *
 * It mirrors the public API call for call, with one difference: a tween is
 * named by its serial, the number of tweens created before it in this
 * model (0, 1, 2...), instead of a handle.  A serial names its tween while
 * it lives; afterwards every call on it returns TW_ESTALE, as a stale handle
 * does.  Return codes, callbacks, values written and queries are meant to be
 * exactly the library's, as include/tween.h, DESIGN.md and the top
 * comments of lib/ describe them.
 *
 * It is deliberately simple, so that it is obviously right: the live tweens
 * are one plain array in creation order; a kill removes its tween at once
 * with memmove; walks (an update, a kill by filter) find the next tween by
 * serial after every step, so nothing a callback does can confuse them.  No
 * pool, no handles, no holes, no capacity (capacity only shows in
 * TW_ERANGE and TW_ELIMIT, which the model computes from the live count).
 *
 * Eases: Linear and OutQuad are computed here, with the formulas of
 * lib/update.c (pos / d, and x * (2 - x) with x = pos / d); the others call
 * the library's own tw__ease (the tests link libtween statically), since
 * re-deriving DOTween's curves would only test our copy of them.
 *
 * Shaped values (tw_punch, tw_shake, tw_path) and additive writes
 * (tw_set_additive): their lifecycle (refusals and their codes, the
 * duration, the start read when it starts or given, the end, callbacks,
 * controls, loops) is the model's like any tween's.  The value at a
 * fraction:
 *  - a punch, and a shake without randomness, are computed here from
 *    include/tween.h's words (segments, waypoints, OutQuad within each,
 *    the peaks' amplitudes and signs), which say all of it;
 *  - a shake with randomness (> 0) is the library's own tw__wobble_at,
 *    whose draw of the factors from the seed tween.h leaves to the
 *    library: a pure function of a tw__choreo of plain data (lib/choreo.h),
 *    the float count and the start value, as tw__ease is of its numbers;
 *  - a path's point is the library's own tw__path_at (with the table of
 *    tw__path_table), pure functions of a tw__choreo of plain data
 *    (lib/choreo.h) that the model fills with the points, as it takes
 *    eases from tw__ease: re-deriving centripetal Catmull-Rom and its
 *    arc-length table would only test a copy.
 * An additive tween's write adds, in double per component, its value less
 * its value at its last write (its start value at the first since it
 * started) to what the target holds, written back in float (an int rounded
 * as ints are), as tween.h says.
 * tw_retarget of a punch, a shake or a path is refused (TW_EINVAL, as
 * tween.h says: their ends are not theirs to send).
 * tw_go, tw_go_fn and tw_float_go (quickTo): the newest live tween bound
 * to exactly the target (the pointer; the setter and its ud), without a
 * key of its own, newest in the order of updates (a child of a sequence
 * at its outermost sequence's place), is sent as by tw_retarget if it can
 * take an end of this type (a child cannot); else tw_to (tw_to_fn) makes
 * one.
 *
 * Springs (tw_spring_to, _fn, _v, _fn_v, tw_spring_go, _go_fn, and
 * tw_spring_init, tw_spring_damping_ratio, tw_spring_duration_bounce):
 * their lifecycle (refusals and their codes, the duration that is the
 * settling time, computed when it starts for a velocity vector's, the end
 * written exactly at the end, controls, loops, callbacks, every setting,
 * an ease that turns one into an eased tween) is the model's like any
 * tween's, and so is how a value is made: the fraction 1 - A(t) + v0 B(t)
 * of a spring a whole way from its end with the velocity v0 along the
 * way, exactly 1 once it rests, plus a velocity vector's c B(t) per
 * component; what tw_retarget and tw_spring_go keep (the value and the
 * velocity of its motion then, a new spring from there, along-the-way
 * velocity 0, settling in its own time; for tw_spring_go one not started
 * gets the end and the spring).  The spring itself is the library's own:
 * tw__spring_make (w0 and the damping ratio from k, d and m, held in
 * range), tw__spring_ab (A, B and their slopes at t) and the settling
 * times tw__spring_settle and tw__spring_between, pure functions of
 * lib/tween-private.h's tw__spring of plain data, as it takes eases from
 * tw__ease: re-deriving the closed forms through critical damping and
 * the search for the rest would only test a copy.
 *
 * Sequences (include/tween.h's section; the block at the end of model.c
 * says how): a sequence is a tween of no value in the live array, whose
 * fraction times its duration is the time its timeline is driven to; its
 * children leave the array for tm_model.kids and answer TW_ENESTED to
 * every call but tw_is_active; building (append, join, insert, prepend,
 * intervals, callback items, labels, staggers), its refusals (the order of the
 * codes is the library's: the header gives none), the drive (children moved as
 * a goto moves a tween, in the order they reach their final state, stopping at
 * every child start and callback item), its loops (a restarting one rewinds
 * its children silently at each new loop; without anything to call, only
 * the last two loop ends are driven), nesting, and the kill of a sequence
 * (its whole tree released, then the KILLs, children first).  What tween.h
 * leaves open the model takes from the library: a child fires no PLAY, nor
 * PAUSE, and stays alive when complete; tw_set_key on a sequence is taken
 * (0) and changes nothing.  A stagger's offsets are the library's own
 * tw_stagger_offsets (a pure function of the tw_stagger, as tw__ease is of
 * its numbers: GSAP's distribution, re-derived, would only test a copy);
 * which children go where, the refusals and the all-or-none are the
 * model's.
 *
 * Not modelled: overwrite and tw_writer with sequences (runs with
 * sequences set no overwrite and call no tw_writer: see gen_op), the sequence
 * capacity (no sequences in runs with a hard limit on tweens); tw_set_relative,
 * tw_set_from, speed-based tweens, tw_change_*, ease curves and
 * parameters, tw_path_tangent.
 *
 * To add a control (restart, goto, rewind...): add its tm_ function here,
 * written from the spec, and bump t->moves wherever it moves a tween's time,
 * so that a step in progress stops as the library's does. */
#ifndef TESTS_MODEL_H
#define TESTS_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "tween.h"

#define TM_VALUE_MAX 64      /* the largest value type the model takes */
#define TM_TYPES 32          /* type ids 1 .. TM_TYPES - 1 */
#define TM_SNAP 1e-9         /* lib/tween-private.h's TW__SNAP: see shape.c */
#define TM_FRACTION_MAX 1e18 /* TW__FRACTION_MAX: see shape.c */
#define TM_EASE_SPRING (-2)  /* tm_tween.ease of a spring */
#define TM_EXTRA_SPRING 2    /* tm_tween.extra of a spring's velocity term */
#define TM_EXTRA_ADD 3       /* tm_tween.extra of an additive retarget */

typedef struct tm_model tm_model;

/* A callback, as tw_callback with a serial for the handle. */
typedef void (*tm_callback)(tm_model *m, int serial, void *ud);

/* An item of a sequence's timeline: a child (its serial), or a callback
 * (serial TM_ITEM_CALLBACK), or the place of a child killed alone
 * (TM_ITEM_EMPTY), which keeps the timeline's shape. */
#define TM_ITEM_CALLBACK (-1)
#define TM_ITEM_EMPTY (-2)
typedef struct tm_item {
  int serial;
  double at, span; /* its place: from at, for span (delay and all loops) */
  tm_callback fn;  /* a callback item's */
  void *ud;
} tm_item;

/* A label of a sequence: a name (copied) and a time. */
typedef struct tm_label {
  char *name;
  double at;
} tm_label;

typedef struct tm_tween {
  int serial;
  int type;
  void *target;     /* by pointer: the value; by setter: the ud */
  tw_setter_fn set; /* NULL: bound by pointer */
  tw_getter_fn get;
  unsigned char start[TM_VALUE_MAX], end[TM_VALUE_MAX];
  double duration;
  double elapsed;   /* seconds played over all loops, delay excluded */
  double elapsed_c; /* compensation of a looping tween's sum (Kahan) */
  int overwrite;    /* TW_OVERWRITE_KILL: kills the older on its key */
  double delay, delay_elapsed;
  int delaying; /* still waiting for its delay */
  double timescale;
  int ease, loops, loop_type;
  double loop_delay; /* waited between loops */
  int yoyo_ease;     /* the backward halves of yoyo loops; -1: the ease */
  double overshoot, period; /* tw_set_ease_params' */
  double snap;              /* written values rounded to multiples; 0: off */
  int autokill, independent, recyclable, utype;
  int has_id, id;
  const void *key;
  tm_callback cb[TW_ON_COUNT];
  void *cb_ud[TW_ON_COUNT];
  int playing; /* not paused */
  int played;  /* PLAY fired since the last pause */
  int started; /* start value read, START fired */
  int reading; /* its getter is reading its start value */
  int complete;
  unsigned moves; /* bumped by every control that moves its time */
  int given;      /* start given at creation (tm_from_to): never read */
  /* retarget: the velocity term c g(t) - j (end - start) w(u) of
   * lib/retarget.c, per component (c a velocity); extra 0: none, 1: an
   * eased tween's (g(t) = t (1 - u)^2), TM_EXTRA_SPRING: a spring's
   * (g(t) = B(t), no blend) */
  int extra;
  double xc[4], xj;
  /* an additive retarget (extra TM_EXTRA_ADD, lib/retarget.c's top
   * comment): the running motion's start and end components, its
   * duration and where it was; the difference term from add_c0 (with the
   * velocity xc) to add_k over add_d seconds from elapsed add_t0; add_on:
   * a term not all zeros (the model plays forwards only) */
  double add_a[4], add_b[4], add_c0[4], add_k[4];
  double add_e0, add_d0, add_d, add_t0;
  int add_on;
  /* a spring (tw_spring_to, tw_spring_go): its w0 and zeta, its velocity
   * along the way v0 and its rest threshold eps, lib/tween-private.h's
   * tw__spring; its ease is TM_EASE_SPRING while it is one */
  double sp_w0, sp_zeta, sp_v0, sp_eps;
  /* tw_set_additive: the tween's own value at its last write, per
   * component; primed: last set since it started */
  int additive, primed;
  double last[4];
  /* punch (1) or shake (2): the start plus an offset through `segments`
   * waypoints; 0: none */
  int wobble, fade_out;
  float amount[4];
  double segments, spread; /* spread: elasticity, or randomness / 180 */
  uint32_t seed;
  /* a path: lib/choreo.h's tw__choreo, owned by the tween; NULL: none */
  void *path;
  /* tw_writer: when it last wrote, counted once the library knows (see
   * tm_model.keys) */
  uint64_t wrote;
  /* sequences (the block at the end of model.c): a sequence's timeline,
   * items in order of place, then of insertion; the time last driven to
   * (-1: fresh, before 0); the join point; a count of its drives */
  int seq;
  tm_item *items;
  int nitems;
  tm_label *labels;
  int nlabels;
  double seq_t, last_insert;
  unsigned drives;
  /* a child of a sequence: out of the live array, in tm_model.kids */
  int nested, parent;
} tm_tween;

typedef struct tm_type {
  size_t size;     /* 0: no such type */
  tw_lerp_fn lerp; /* registered types; NULL for the built-ins */
  void *ud;
} tm_type;

struct tm_model {
  tm_tween *tw; /* the live tweens, in creation order */
  int n, cap;
  int next_serial;
  tm_type types[TM_TYPES];
  int ntypes; /* next registered type id */
  double timescale;
  int depth;   /* user callbacks (tween, setter, getter) running */
  int walking; /* update passes and kills by filter running */
  /* tw_writer, as tween.h says it: writes are counted from the first
   * tw_writer call or overwriting start (keys 1), the started tweens then
   * ranked as their last update left them; a write in an update pass
   * counts at the pass (pass: its update type + 1), where creation order
   * tells who wrote last */
  int keys, pass;
  uint64_t wclock, pass_clock[4];
  int dying;         /* tm_free running */
  size_t max_tweens; /* tw_config.max_tweens; 0: none */
  size_t peak, setter_failures;
  unsigned quirks; /* TM_QUIRK_*: known library bugs to copy */
  /* the children of sequences, by serial; quiet: a restarting sequence
   * rewinds its children silently (no callback fires) */
  tm_tween *kids;
  int nkids, kids_cap;
  int quiet;
};

/* Known library bugs the model can copy, so that random runs find other
 * things while one is being fixed (tests/test_model.c turns each on only
 * while its reproducer still fails).  None is known now; B1 and B4 were
 * the last (see test_model_fixed). */

void tm_init(tm_model *m, size_t max_tweens);
/* The library builds its index of keys (tw_manager_set_parallel does, or a
 * hook in tw_config): from here on every write counts for tm_writer. */
void tm_keys_on(tm_model *m);
/* Kills every tween (KILL callbacks run; creation is refused meanwhile)
 * and frees the model's memory. */
int tm_free(tm_model *m);

int tm_register_type(tm_model *m, size_t size, tw_lerp_fn lerp, void *ud,
                     int *out_type);

/* creation: *serial is set on success (serial may be NULL) */
int tm_to(tm_model *m, int type, void *target, const void *end, double duration,
          int *serial);
int tm_to_fn(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
             void *ud, const void *end, double duration, int *serial);
/* With a given start: written at once, the target never read. */
int tm_from_to(tm_model *m, int type, void *target, const void *start,
               const void *end, double duration, int *serial);
int tm_from_to_fn(tm_model *m, int type, tw_setter_fn set, void *ud,
                  const void *start, const void *end, double duration,
                  int *serial);

/* Punch and shake (float and vectors, by pointer), and paths (vec2,
 * vec3): see the top comment. */
int tm_punch(tm_model *m, int type, void *target, const void *punch,
             double duration, int vibrato, double elasticity, int *serial);
int tm_shake(tm_model *m, int type, void *target, const void *strength,
             double duration, int vibrato, double randomness, uint32_t seed,
             int fade_out, int *serial);
int tm_path(tm_model *m, int type, void *target, const void *points, size_t n,
            int kind, double duration, int *serial);

/* settings */
int tm_set_additive(tm_model *m, int s, int on);
int tm_set_delay(tm_model *m, int s, double delay);
int tm_set_loops(tm_model *m, int s, int loops, int loop_type);
int tm_set_ease(tm_model *m, int s, int ease);
int tm_set_autokill(tm_model *m, int s, int on);
int tm_set_update_type(tm_model *m, int s, int utype);
int tm_set_independent(tm_model *m, int s, int on);
int tm_set_id(tm_model *m, int s, int id);
int tm_set_target(tm_model *m, int s, const void *key);
int tm_set_timescale(tm_model *m, int s, double scale);
int tm_set_overwrite(tm_model *m, int s, int mode);
int tm_set_loop_delay(tm_model *m, int s, double seconds);
int tm_set_yoyo_ease(tm_model *m, int s, int ease);
int tm_set_ease_params(tm_model *m, int s, double overshoot, double period);
int tm_set_snap(tm_model *m, int s, double step);
int tm_set_recyclable(tm_model *m, int s, int on);
int tm_on(tm_model *m, int s, int ev, tm_callback fn, void *ud);

/* time and controls */
int tm_update(tm_model *m, int utype, double dt, double unscaled_dt);
int tm_kill(tm_model *m, int s, int complete_first);
int tm_complete(tm_model *m, int s);
int tm_play(tm_model *m, int s);
int tm_pause(tm_model *m, int s);
int tm_kill_all(tm_model *m, int complete_first);
int tm_kill_id(tm_model *m, int id, int complete_first);
int tm_kill_target(tm_model *m, const void *key, int complete_first);
int tm_clear(tm_model *m);
/* the controls added with sequences (tween.h) */
int tm_toggle(tm_model *m, int s);
int tm_complete_silent(tm_model *m, int s);
int tm_restart(tm_model *m, int s, int include_delay, double new_delay);
int tm_rewind(tm_model *m, int s, int include_delay);
int tm_goto(tm_model *m, int s, double to, int and_play);
/* tw_retarget: the value and the velocity kept (velocity only for the
 * built-in numeric types), a new end after duration (< 0: the same); a
 * spring settles again, a new spring from there, in its own time. */
int tm_retarget(tm_model *m, int s, const void *end, double duration);
int tm_kill_all_except(tm_model *m, const int *ids, size_t n,
                       int complete_first);

/* the manager: tw_manager_set_capacity (tweens only), tw_manager_set_timescale
 */
int tm_manager_set_capacity(tm_model *m, size_t tweens);
int tm_manager_set_timescale(tm_model *m, double scale);

/* queries, as the library's */
int tm_is_active(const tm_model *m, int s);
int tm_is_playing(const tm_model *m, int s);
int tm_is_complete(const tm_model *m, int s);
int tm_elapsed(const tm_model *m, int s, double *out);
int tm_loops_done(const tm_model *m, int s);
int tm_loops(const tm_model *m, int s);
int tm_duration(const tm_model *m, int s, int all_loops, double *out);
int tm_delay(const tm_model *m, int s, double *out);
/* TW_COUNT_ACTIVE, _PLAYING, _PAUSED */
int tm_count(const tm_model *m, int what);
/* The serials with this id / key, in creation order (at most cap of them
 * into out); returns how many there are. */
int tm_find_id(const tm_model *m, int id, int *out, int cap);
int tm_find_target(const tm_model *m, const void *key, int *out, int cap);
/* tw_writer: the last-created live, started tween whose key meets the one
 * byte at key (setter tweens only through a key of their own): 1 and its
 * serial in *out, or 0 and -1; TW_EINVAL for a NULL key or out. */
int tm_writer(tm_model *m, const void *key, int *out);
/* tw_go: the serial of the tween sent or made into *out; *made 1 when a
 * new tween was made (its serial the next one). */
int tm_go(tm_model *m, int type, void *target, const void *end, double duration,
          int *out, int *made);
int tm_go_fn(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
             void *ud, const void *end, double duration, int *out, int *made);
/* Springs, as include/tween.h's: tm_spring_init, tm_spring_damping_ratio
 * and tm_spring_duration_bounce fill a tw_spring; tm_spring_to and
 * tm_spring_to_fn make a spring tween, tm_spring_to_v and
 * tm_spring_to_fn_v one with a velocity vector of its own (NULL or all
 * zeros: tm_spring_to); tm_spring_go and tm_spring_go_fn send the tween
 * tm_go would find on as a spring of params, or make one (*made 1). */
void tm_spring_init(tw_spring *s);
int tm_spring_damping_ratio(tw_spring *s, double ratio);
int tm_spring_duration_bounce(tw_spring *s, double duration, double bounce);
int tm_spring_to(tm_model *m, int type, void *target, const void *end,
                 const tw_spring *params, int *serial);
int tm_spring_to_fn(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
                    void *ud, const void *end, const tw_spring *params,
                    int *serial);
int tm_spring_to_v(tm_model *m, int type, void *target, const void *end,
                   const tw_spring *params, const void *velocity, int *serial);
int tm_spring_to_fn_v(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
                      void *ud, const void *end, const tw_spring *params,
                      const void *velocity, int *serial);
int tm_spring_go(tm_model *m, int type, void *target, const void *end,
                 const tw_spring *params, int *out, int *made);
int tm_spring_go_fn(tm_model *m, int type, tw_setter_fn set, tw_getter_fn get,
                    void *ud, const void *end, const tw_spring *params,
                    int *out, int *made);
/* The live tween s (a child of a sequence too), or NULL. */
const tm_tween *tm_find(const tm_model *m, int s);

/* sequences (include/tween.h's section): the calls, as the library's.
 * where: TM_AT_APPEND, _JOIN, _INSERT (at), _PREPEND. */
enum { TM_AT_APPEND, TM_AT_JOIN, TM_AT_INSERT, TM_AT_PREPEND };
int tm_sequence(tm_model *m, int *serial);
int tm_seq_add(tm_model *m, int seq, int where, double at, int child);
int tm_seq_interval(tm_model *m, int seq, int prepend, double d);
/* where: TM_AT_APPEND, _JOIN or _INSERT */
int tm_seq_callback(tm_model *m, int seq, int where, double at, tm_callback fn,
                    void *ud);
int tm_is_sequence(const tm_model *m, int s);
int tm_seq_child_at(const tm_model *m, int s, double *at, double *span);
int tm_seq_stagger(tm_model *m, int seq, const int *children, size_t n,
                   double at, const tw_stagger *st);
int tm_seq_add_label(tm_model *m, int seq, const char *name, double at);
int tm_seq_label_at(const tm_model *m, int seq, const char *name, double *at);
int tm_seq_insert_at_label(tm_model *m, int seq, const char *name,
                           double offset, int child);
int tm_goto_label(tm_model *m, int seq, const char *name, int and_play);
/* Live tweens and sequences, children included (tw_stats.live). */
int tm_live(const tm_model *m);

#endif

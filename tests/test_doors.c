/* SPDX-License-Identifier: MIT */
/* Every exported function, at its door.  One table holds a row per
 * function of include/tween.h, with a call that uses good arguments but
 * for the manager and the handle the test gives it; the first test reads
 * the header and fails when an exported function has no row (or a row no
 * function), so that a new call cannot miss the others:
 *  - from the parallel-for hook, while the update's chunks run, every call
 *    that takes the manager refuses with TW_EBUSY and a sentence naming
 *    it, and changes nothing (but the few the header lets through);
 *  - with a NULL manager, every call refuses (TW_EINVAL, or its documented
 *    answer) and touches nothing;
 *  - with a stale handle, the none handle, a handle made by hand and a
 *    sequence's child, every call on a handle refuses with its code and a
 *    sentence naming it, and changes nothing;
 *  - with each class of bad argument a call takes (its row wraps them: a
 *    NULL it needs, NaN, infinities, negatives, -0.0 and huge doubles,
 *    ints at their limits, enums that are not one, unknown types, the
 *    other kind of handle, a tween that loops forever), every call
 *    refuses with a documented code, a sentence naming it and no change,
 *    or takes it and leaves a manager that validates and writes nothing
 *    that is not finite;
 *  - with the allocator failing at each of its allocations in turn, and
 *    from inside a callback, every refusal says so in a sentence naming
 *    the call. */
#include "util.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TT_SRCDIR
#define TT_SRCDIR "."
#endif

/* What a row's function takes and answers. */
enum {
  NOM = 1,     /* takes no manager */
  FREE = 2,    /* takes one but may be called from the hook: answers 1 */
  H = 4,       /* takes a handle of a tween (the class tests give it) */
  S = 8,       /* that handle is a sequence's */
  ZERO = 16,   /* refuses with 0, not an error code (tw_is_active) */
  NULLOK = 32, /* a NULL manager is a documented no-op answering 0 */
  KID = 64,    /* a sequence's child is accepted: a query of its place */
  T = 128,     /* takes a time, C.t: NaN, infinite and negative refused */
  TK = 256,    /* a time where a negative means "keep": NaN and above 1e300
                  refused */
  TH = 512,    /* a time refused when NaN, negative or above 1e300 */
  V = 1024,    /* takes a value of the type, C.fe: NaN and infinite refused */
  LOOPN = 2048 /* answers -1 for a tween that loops forever (deprecated) */
};

/* The calls' arguments: good values, kept between calls. */
typedef struct ctx {
  tw_manager *m;  /* the manager of the test, for rows that need two */
  tw_handle free; /* a free tween that a sequence may take */
  float x[4], fs, fe;
  double d, at, span, t;
  int i, type;
  size_t n, used;
  tw_handle out, many[4];
  tw_stats st;
  tw_spring sp;
  tw_stagger sg;
  tw_key keys[2];
  float pts[6]; /* three points of a vec2 path */
  unsigned char buf[8192];
  tw_config cfg;
  FILE *sink;
} ctx;

static ctx C;

static int set_cb(void *ud, const void *v) {
  (void)ud;
  (void)v;
  return 0;
}
static void get_cb(void *ud, void *out) {
  (void)ud;
  memset(out, 0, sizeof(float));
}
static void lerp_cb(void *out, const void *a, const void *b, double t,
                    void *ud) {
  (void)b;
  (void)t;
  (void)ud;
  memcpy(out, a, 4);
}
static void event_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
}
static double ease_cb(double x, void *ud) {
  (void)ud;
  return x;
}
static void hook_none(void *pool, tw_job_fn job, void *arg, size_t n,
                      size_t grain) {
  (void)pool;
  (void)grain;
  job(arg, 0, n);
}

/* The classes of bad argument, and the wrappers the rows put around the
 * arguments of each: the k-th argument of the class the test chose takes
 * the bad value (bad_arg.seen says that the row has a k-th one). */
enum { CL_NONE, CL_PTR, CL_DBL, CL_INT, CL_ENUM, CL_TYPE, CL_KIND, CL_FOREVER };
static struct {
  int cls, k, seen;
  double d; /* CL_DBL's value */
  int i;    /* CL_INT's, CL_ENUM's and CL_TYPE's */
} bad_arg;

static int bad_at(int cls, int k) {
  if (bad_arg.cls != cls || bad_arg.k != k)
    return 0;
  bad_arg.seen = 1;
  return 1;
}
/* a pointer the call needs: NULL */
#define P(k, p) (bad_at(CL_PTR, k) ? NULL : (p))
/* a double: NaN, the infinities, -1, -0.0, huge */
#define D(k, v) (bad_at(CL_DBL, k) ? bad_arg.d : (v))
/* an int: negative, INT_MIN, INT_MAX */
#define I(k, v) (bad_at(CL_INT, k) ? bad_arg.i : (v))
/* an enum: a value that is not one */
#define E(k, v) (bad_at(CL_ENUM, k) ? bad_arg.i : (int)(v))
/* a type: one that is not registered */
#define Y(k, v) (bad_at(CL_TYPE, k) ? bad_arg.i : (v))

/* The spring's parameters, each a double of the class. */
static const tw_spring *spring_arg(void) {
  C.sp.stiffness = D(1, C.sp.stiffness);
  C.sp.damping = D(2, C.sp.damping);
  C.sp.mass = D(3, C.sp.mass);
  C.sp.velocity = D(4, C.sp.velocity);
  C.sp.epsilon = D(5, C.sp.epsilon);
  return &C.sp;
}
#define SPRING() spring_arg()

typedef int (*call_fn)(tw_manager *m, tw_handle h);
typedef struct row {
  const char *name;
  unsigned flags;
  call_fn call;
  const char *expr; /* the call as written: its wrapped arguments */
} row;

/* Deprecated calls are called here on purpose. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

/* One row: the function's name, its flags, and an expression of m and h
 * that calls it (an int, or a comma expression for the others). */
#define ROWS(X)                                                                \
  X(tw_version_string, NOM, (tw_version_string() != NULL))                     \
  X(tw_version, NOM, (int)(tw_version() != 0))                                 \
  X(tw_strerror, NOM, (tw_strerror(TW_EINVAL) != NULL))                        \
  X(tw_err_name, NOM, (tw_err_name(TW_EINVAL) != NULL))                        \
  X(tw_last_error_detail, FREE, (tw_last_error_detail(m) != NULL))             \
  X(tw_config_init, NOM, (tw_config_init(&C.cfg), 0))                          \
  X(tw_manager_new, NOM, tw_manager_new(NULL, NULL))                           \
  X(tw_manager_free, NULLOK, tw_manager_free(m))                               \
  X(tw_warn_stderr, FREE,                                                      \
    (tw_warn_stderr(m, TW_WARN_GROW_TWEENS, 1, 1, NULL), 1))                   \
  X(tw_warn_silent, FREE,                                                      \
    (tw_warn_silent(m, TW_WARN_GROW_TWEENS, 1, 1, NULL), 1))                   \
  X(tw_manager_set_warn, 0, tw_manager_set_warn(m, tw_warn_silent, NULL))      \
  X(tw_default, NOM, (tw_default() != NULL))                                   \
  X(tw_default_free, NOM, tw_default_free())                                   \
  X(tw_manager_clear, 0, tw_manager_clear(m))                                  \
  X(tw_manager_set_capacity, 0, tw_manager_set_capacity(m, 5000, 10))          \
  X(tw_manager_set_timescale, 0, tw_manager_set_timescale(m, D(1, 2.0)))       \
  X(tw_manager_timescale, FREE, (tw_manager_timescale(m) > 0))                 \
  X(tw_manager_stats, 0, tw_manager_stats(m, P(1, &C.st)))                     \
  X(tw_manager_validate, 0, tw_manager_validate(m))                            \
  X(tw_manager_dump, 0, tw_manager_dump(m, P(1, C.sink)))                      \
  X(tw_manager_order, 0, tw_manager_order(m, P(1, C.many), 4))                 \
  X(tw_register_type, 0,                                                       \
    tw_register_type(m, 4, P(1, lerp_cb), NULL, P(2, &C.type)))                \
  X(tw_type_size, 0, tw_type_size(m, Y(1, TW_TYPE_FLOAT)))                     \
  X(tw_to, T | V,                                                              \
    tw_to(m, Y(1, TW_TYPE_FLOAT), P(1, &C.x[1]), P(2, &C.fe), D(1, C.t),       \
          &C.out))                                                             \
  X(tw_to_fn, T | V,                                                           \
    tw_to_fn(m, Y(1, TW_TYPE_FLOAT), P(1, set_cb), get_cb, NULL, P(2, &C.fe),  \
             D(1, C.t), &C.out))                                               \
  X(tw_float_to, T | V,                                                        \
    tw_float_to(m, P(1, &C.x[1]), C.fe, D(1, C.t), &C.out))                    \
  X(tw_double_to, T,                                                           \
    tw_double_to(m, P(1, &C.d), D(1, 2.0), D(2, C.t), &C.out))                 \
  X(tw_int_to, T, tw_int_to(m, P(1, &C.i), I(1, 2), D(1, C.t), &C.out))        \
  X(tw_vec2_to, T,                                                             \
    tw_vec2_to(m, P(1, (tw_vec2 *)C.x), *(tw_vec2 *)C.x, D(1, C.t), &C.out))   \
  X(tw_vec3_to, T,                                                             \
    tw_vec3_to(m, P(1, (tw_vec3 *)C.x), *(tw_vec3 *)C.x, D(1, C.t), &C.out))   \
  X(tw_vec4_to, T,                                                             \
    tw_vec4_to(m, P(1, (tw_vec4 *)C.x), *(tw_vec4 *)C.x, D(1, C.t), &C.out))   \
  X(tw_color_to, T,                                                            \
    tw_color_to(m, P(1, (tw_color *)C.x), *(tw_color *)C.x, D(1, C.t),         \
                &C.out))                                                       \
  X(tw_rgba8_to, T,                                                            \
    tw_rgba8_to(m, P(1, (tw_rgba8 *)C.buf), *(tw_rgba8 *)C.buf, D(1, C.t),     \
                &C.out))                                                       \
  X(tw_from_to, T | V,                                                         \
    tw_from_to(m, Y(1, TW_TYPE_FLOAT), P(1, &C.x[1]), P(2, &C.fs),             \
               P(3, &C.fe), D(1, C.t), &C.out))                                \
  X(tw_from_to_fn, T | V,                                                      \
    tw_from_to_fn(m, Y(1, TW_TYPE_FLOAT), P(1, set_cb), NULL, P(2, &C.fs),     \
                  P(3, &C.fe), D(1, C.t), &C.out))                             \
  X(tw_set_delay, H | T, tw_set_delay(m, h, D(1, C.t)))                        \
  X(tw_set_loops, H, tw_set_loops(m, h, I(1, 2), E(1, TW_LOOP_YOYO)))          \
  X(tw_set_ease, H, tw_set_ease(m, h, E(1, TW_EASE_IN_QUAD)))                  \
  X(tw_set_autokill, H, tw_set_autokill(m, h, I(1, 0)))                        \
  X(tw_set_update_type, H, tw_set_update_type(m, h, E(1, TW_UPDATE_LATE)))     \
  X(tw_set_independent, H, tw_set_independent(m, h, I(1, 1)))                  \
  X(tw_set_id, H, tw_set_id(m, h, I(1, 7)))                                    \
  X(tw_set_key, H, tw_set_key(m, h, &C.x[2]))                                  \
  X(tw_set_target, H, tw_set_target(m, h, &C.x[2]))                            \
  X(tw_set_overwrite, H, tw_set_overwrite(m, h, E(1, TW_OVERWRITE_KILL)))      \
  X(tw_set_timescale, H, tw_set_timescale(m, h, D(1, 2.0)))                    \
  X(tw_set_recyclable, H, tw_set_recyclable(m, h, I(1, 0)))                    \
  X(tw_set_from, H, tw_set_from(m, h, &C.fs))                                  \
  X(tw_set_relative, H, tw_set_relative(m, h, I(1, 1)))                        \
  X(tw_set_speed_based, H, tw_set_speed_based(m, h, I(1, 1)))                  \
  X(tw_set_ease_params, H, tw_set_ease_params(m, h, D(1, 1.5), D(2, 0.3)))     \
  X(tw_set_ease_fn, H, tw_set_ease_fn(m, h, ease_cb, NULL))                    \
  X(tw_set_ease_bezier, H,                                                     \
    tw_set_ease_bezier(m, h, D(1, 0.25), D(2, 0.1), D(3, 0.25), D(4, 1.0)))    \
  X(tw_set_ease_steps, H, tw_set_ease_steps(m, h, I(1, 4), E(1, TW_JUMP_END))) \
  X(tw_ease_name, NOM, (tw_ease_name(TW_EASE_LINEAR) != NULL))                 \
  X(tw_ease_eval, NOM, (tw_ease_eval(TW_EASE_LINEAR, 0.5, 1.7, 0.3) == 0.5))   \
  X(tw_ease_eval_bezier, NOM, (tw_ease_eval_bezier(0, 0, 1, 1, 0.5) > 0))      \
  X(tw_ease_eval_steps, NOM, (tw_ease_eval_steps(4, TW_JUMP_END, 0.5) > 0))    \
  X(tw_set_ease_curve, H, tw_set_ease_curve(m, h, P(1, C.keys), 2))            \
  X(tw_change_start, H | V, tw_change_start(m, h, P(1, &C.fe)))                \
  X(tw_change_end, H | V, tw_change_end(m, h, P(1, &C.fe), I(1, 0)))           \
  X(tw_change_values, H | V, tw_change_values(m, h, P(1, &C.fs), P(2, &C.fe))) \
  X(tw_set_loop_delay, H | T, tw_set_loop_delay(m, h, D(1, C.t)))              \
  X(tw_set_yoyo_ease, H, tw_set_yoyo_ease(m, h, E(1, TW_EASE_LINEAR)))         \
  X(tw_set_snap, H, tw_set_snap(m, h, D(1, 1.0)))                              \
  X(tw_set_additive, H, tw_set_additive(m, h, I(1, 1)))                        \
  X(tw_punch, T | V,                                                           \
    tw_punch(m, Y(1, TW_TYPE_FLOAT), P(1, &C.x[1]), P(2, &C.fe), D(1, C.t),    \
             I(1, 10), D(2, 1.0), &C.out))                                     \
  X(tw_shake, T | V,                                                           \
    tw_shake(m, Y(1, TW_TYPE_FLOAT), P(1, &C.x[1]), P(2, &C.fe), D(1, C.t),    \
             I(1, 10), D(2, 90), 1u, I(2, 1), &C.out))                         \
  X(tw_path, T,                                                                \
    tw_path(m, Y(1, TW_TYPE_VEC2), P(1, C.x), P(2, C.pts), 3,                  \
            E(1, TW_PATH_LINEAR), D(1, C.t), &C.out))                          \
  X(tw_path_tangent, H, tw_path_tangent(m, h, P(1, &C.fs)))                    \
  X(tw_on, H, tw_on(m, h, E(1, TW_ON_COMPLETE), event_cb, NULL))               \
  X(tw_sequence, 0, tw_sequence(m, &C.out))                                    \
  X(tw_seq_append, H | S, tw_seq_append(m, h, C.free))                         \
  X(tw_seq_join, H | S, tw_seq_join(m, h, C.free))                             \
  X(tw_seq_insert, H | S | T, tw_seq_insert(m, h, D(1, C.t), C.free))          \
  X(tw_seq_prepend, H | S, tw_seq_prepend(m, h, C.free))                       \
  X(tw_seq_append_interval, H | S | T,                                         \
    tw_seq_append_interval(m, h, D(1, C.t)))                                   \
  X(tw_seq_prepend_interval, H | S | T,                                        \
    tw_seq_prepend_interval(m, h, D(1, C.t)))                                  \
  X(tw_seq_append_callback, H | S,                                             \
    tw_seq_append_callback(m, h, P(1, event_cb), NULL))                        \
  X(tw_seq_join_callback, H | S,                                               \
    tw_seq_join_callback(m, h, P(1, event_cb), NULL))                          \
  X(tw_seq_insert_callback, H | S | T,                                         \
    tw_seq_insert_callback(m, h, D(1, C.t), P(1, event_cb), NULL))             \
  X(tw_is_sequence, H | S, tw_is_sequence(m, h))                               \
  X(tw_seq_child_at, H | KID, tw_seq_child_at(m, h, &C.at, &C.span))           \
  X(tw_stagger_init, NOM, (tw_stagger_init(&C.sg), 0))                         \
  X(tw_stagger_offsets, NOM, tw_stagger_offsets(&C.sg, 4, &C.span))            \
  X(tw_seq_stagger_with, H | S | T,                                            \
    tw_seq_stagger_with(m, h, P(1, &C.free), 1, D(1, C.t), P(2, &C.sg)))       \
  X(tw_seq_stagger, H | S | T,                                                 \
    tw_seq_stagger(m, h, P(1, &C.free), 1, D(1, C.t), D(2, 0.1),               \
                   E(1, TW_STAGGER_START), I(1, 0)))                           \
  X(tw_seq_add_label, H | S | T, tw_seq_add_label(m, h, P(1, "a"), D(1, C.t))) \
  X(tw_seq_label_at, H | S, tw_seq_label_at(m, h, P(1, "a"), P(2, &C.at)))     \
  X(tw_seq_insert_at_label, H | S,                                             \
    tw_seq_insert_at_label(m, h, P(1, "a"), D(1, 0.0), C.free))                \
  X(tw_goto_label, H | S, tw_goto_label(m, h, P(1, "a"), I(1, 1)))             \
  X(tw_update, T, tw_update(m, E(1, TW_UPDATE_NORMAL), D(1, C.t), D(2, C.t)))  \
  X(tw_manager_set_parallel, 0,                                                \
    tw_manager_set_parallel(m, hook_none, NULL, 1, 0))                         \
  X(tw_threads_new, NOM, tw_threads_new(0, NULL))                              \
  X(tw_threads_free, NOM, tw_threads_free(NULL))                               \
  X(tw_threads_parallel_for, NOM, 0)                                           \
  X(tw_kill, H, tw_kill(m, h, I(1, 0)))                                        \
  X(tw_complete, H, tw_complete(m, h))                                         \
  X(tw_complete_silent, H, tw_complete_silent(m, h))                           \
  X(tw_play, H, tw_play(m, h))                                                 \
  X(tw_pause, H, tw_pause(m, h))                                               \
  X(tw_toggle, H, tw_toggle(m, h))                                             \
  X(tw_restart, H | TK, tw_restart(m, h, I(1, 1), D(1, C.t)))                  \
  X(tw_rewind, H, tw_rewind(m, h, I(1, 1)))                                    \
  X(tw_smooth_rewind, H, tw_smooth_rewind(m, h))                               \
  X(tw_goto, H | T, tw_goto(m, h, D(1, C.t), I(1, 1)))                         \
  X(tw_flip, H, tw_flip(m, h))                                                 \
  X(tw_play_forward, H, tw_play_forward(m, h))                                 \
  X(tw_play_backwards, H, tw_play_backwards(m, h))                             \
  X(tw_do_all, 0, tw_do_all(m, E(1, TW_DO_PAUSE)))                             \
  X(tw_do_id, 0, tw_do_id(m, I(1, 7), E(1, TW_DO_PAUSE)))                      \
  X(tw_do_target, 0, tw_do_target(m, P(1, &C.x[0]), E(1, TW_DO_PAUSE)))        \
  X(tw_kill_all, 0, tw_kill_all(m, I(1, 0)))                                   \
  X(tw_kill_all_except, 0, tw_kill_all_except(m, P(1, &C.i), 1, I(1, 0)))      \
  X(tw_kill_id, 0, tw_kill_id(m, I(1, 7), I(2, 0)))                            \
  X(tw_kill_target, 0, tw_kill_target(m, P(1, &C.x[0]), I(1, 0)))              \
  X(tw_is_active, H | ZERO | KID, tw_is_active(m, h))                          \
  X(tw_is_playing, H, tw_is_playing(m, h))                                     \
  X(tw_is_complete, H, tw_is_complete(m, h))                                   \
  X(tw_elapsed, H, tw_elapsed(m, h, P(1, &C.d)))                               \
  X(tw_loops_done, H, tw_loops_done(m, h))                                     \
  X(tw_loops_get, H, tw_loops_get(m, h, P(1, &C.i)))                           \
  X(tw_loops, H | LOOPN, tw_loops(m, h))                                       \
  X(tw_is_backwards, H, tw_is_backwards(m, h))                                 \
  X(tw_position, H, tw_position(m, h, P(1, &C.d)))                             \
  X(tw_elapsed_percentage, H,                                                  \
    tw_elapsed_percentage(m, h, I(1, 1), P(1, &C.d)))                          \
  X(tw_duration, H, tw_duration(m, h, I(1, 1), P(1, &C.d)))                    \
  X(tw_delay, H, tw_delay(m, h, P(1, &C.d)))                                   \
  X(tw_elapsed_delay, H, tw_elapsed_delay(m, h, P(1, &C.d)))                   \
  X(tw_count, 0, tw_count(m, E(1, TW_COUNT_ACTIVE)))                           \
  X(tw_find_id, 0, tw_find_id(m, I(1, 7), P(1, C.many), 4))                    \
  X(tw_find_target, 0, tw_find_target(m, P(1, &C.x[0]), P(2, C.many), 4))      \
  X(tw_retarget, H | TK | V, tw_retarget(m, h, P(1, &C.fe), D(1, C.t)))        \
  X(tw_go, TH | V,                                                             \
    tw_go(m, Y(1, TW_TYPE_FLOAT), P(1, &C.x[0]), P(2, &C.fe), D(1, C.t),       \
          &C.out))                                                             \
  X(tw_go_fn, TH | V,                                                          \
    tw_go_fn(m, Y(1, TW_TYPE_FLOAT), P(1, set_cb), get_cb, NULL, P(2, &C.fe),  \
             D(1, C.t), &C.out))                                               \
  X(tw_float_go, TH | V,                                                       \
    tw_float_go(m, P(1, &C.x[0]), C.fe, D(1, C.t), &C.out))                    \
  X(tw_spring_init, NOM, (tw_spring_init(&C.sp), 0))                           \
  X(tw_spring_damping_ratio, NOM, tw_spring_damping_ratio(&C.sp, 0.5))         \
  X(tw_spring_duration_bounce, NOM, tw_spring_duration_bounce(&C.sp, 1, 0.2))  \
  X(tw_spring_to, V,                                                           \
    tw_spring_to(m, Y(1, TW_TYPE_FLOAT), P(1, &C.x[1]), P(2, &C.fe),           \
                 P(3, SPRING()), &C.out))                                      \
  X(tw_spring_to_fn, V,                                                        \
    tw_spring_to_fn(m, Y(1, TW_TYPE_FLOAT), P(1, set_cb), P(2, get_cb), NULL,  \
                    P(3, &C.fe), P(4, SPRING()), &C.out))                      \
  X(tw_spring_to_v, V,                                                         \
    tw_spring_to_v(m, Y(1, TW_TYPE_FLOAT), P(1, &C.x[1]), P(2, &C.fe),         \
                   P(3, SPRING()), &C.fs, &C.out))                             \
  X(tw_spring_to_fn_v, V,                                                      \
    tw_spring_to_fn_v(m, Y(1, TW_TYPE_FLOAT), P(1, set_cb), P(2, get_cb),      \
                      NULL, P(3, &C.fe), P(4, SPRING()), &C.fs, &C.out))       \
  X(tw_spring_go, V,                                                           \
    tw_spring_go(m, Y(1, TW_TYPE_FLOAT), P(1, &C.x[0]), P(2, &C.fe),           \
                 P(3, SPRING()), &C.out))                                      \
  X(tw_spring_go_fn, V,                                                        \
    tw_spring_go_fn(m, Y(1, TW_TYPE_FLOAT), P(1, set_cb), P(2, get_cb), NULL,  \
                    P(3, &C.fe), P(4, SPRING()), &C.out))                      \
  X(tw_writer, 0, tw_writer(m, P(1, &C.x[0]), P(2, &C.out)))                   \
  X(tw_snapshot_size, 0, tw_snapshot_size(m, P(1, &C.n)))                      \
  X(tw_snapshot, 0, tw_snapshot(m, P(1, C.buf), sizeof C.buf, &C.used))        \
  X(tw_restore, 0, tw_restore(m, P(1, C.buf), C.used))

#define TT_CALL_FN(name, flags, expr)                                          \
  static int call_##name(tw_manager *m, tw_handle h) {                         \
    (void)m;                                                                   \
    (void)h;                                                                   \
    return (int)(expr);                                                        \
  }
ROWS(TT_CALL_FN)
#undef TT_CALL_FN

static const row rows[] = {
#define TT_ROW(name, flags, expr) {#name, flags, call_##name, #expr},
    ROWS(TT_ROW)
#undef TT_ROW
};
#define NROWS (sizeof rows / sizeof rows[0])

/* The names of the functions include/tween.h exports (TW_EXTERN), read
 * from the header itself.  Returns how many, at most cap. */
static size_t exported(char names[][64], size_t cap) {
  FILE *f = fopen(TT_SRCDIR "/include/tween.h", "r");
  char line[512], decl[2048];
  size_t n = 0;

  ck_assert_msg(f != NULL, "cannot read %s/include/tween.h", TT_SRCDIR);
  while (fgets(line, sizeof line, f) != NULL) {
    char *p, *q;
    if (strncmp(line, "TW_EXTERN ", 10) != 0)
      continue;
    strcpy(decl, line);
    while (strstr(decl, ");") == NULL && strlen(decl) < sizeof decl - 1 &&
           fgets(line, sizeof line, f) != NULL)
      if (strlen(decl) + strlen(line) < sizeof decl)
        strcat(decl, line);
    /* the first "tw_name(" that starts a word (TW_DEPRECATED("...")
     * may stand before it) */
    for (q = decl; (q = strstr(q, "tw_")) != NULL; q++) {
      if (q > decl && (q[-1] == '_' || (q[-1] >= 'a' && q[-1] <= 'z') ||
                       (q[-1] >= 'A' && q[-1] <= 'Z')))
        continue;
      for (p = q;
           *p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9');
           p++)
        ;
      if (*p == '(')
        break;
    }
    ck_assert_msg(q != NULL, "no function in %s", decl);
    ck_assert_msg(p - q > 0 && p - q < 64 && n < cap, "a name in %s", decl);
    memcpy(names[n], q, (size_t)(p - q));
    names[n][p - q] = '\0';
    n++;
  }
  fclose(f);
  return n;
}

START_TEST(test_doors_every_export_has_a_row) {
  static char names[512][64];
  size_t n = exported(names, 512), i, j;

  ck_assert_uint_gt(n, 100);
  for (i = 0; i < n; i++) {
    for (j = 0; j < NROWS && strcmp(rows[j].name, names[i]) != 0; j++)
      ;
    ck_assert_msg(j < NROWS, "%s is exported but has no row in test_doors.c",
                  names[i]);
  }
  for (j = 0; j < NROWS; j++) {
    for (i = 0; i < n && strcmp(rows[j].name, names[i]) != 0; i++)
      ;
    ck_assert_msg(i < n, "row %s names no exported function", rows[j].name);
  }
  ck_assert_uint_eq(n, NROWS);
}
END_TEST

/* The setting: a manager with tweens of several kinds, a sequence that
 * has not started (so that it takes children), a free tween for it and a
 * sequence's child.  The handles the class tests use are in *good. */
typedef struct scene {
  tw_manager *m;
  tw_handle tween, seq, child;
  tw_handle plain;   /* a tween with no record (nothing set on it) */
  tw_handle forever; /* a tween that loops forever */
  tt_alloc_state a;
  float v[6];
} scene;

static void scene_init(scene *sc) {
  tw_handle seq2;

  memset(&C, 0, sizeof C);
  memset(sc, 0, sizeof *sc);
  C.fs = 1.0f;
  C.fe = 5.0f;
  C.t = 1.0;
  C.keys[1].time = 1.0f;
  C.keys[1].value = 1.0f;
  C.pts[2] = 1.0f;
  C.pts[5] = 2.0f;
  C.i = 3;
  tw_spring_init(&C.sp);
  tw_stagger_init(&C.sg);
  tw_config_init(&C.cfg);
  C.sink = tmpfile();
  ck_assert_ptr_nonnull(C.sink);
  sc->m = tt_manager(&sc->a, 0);
  C.m = sc->m;
  ck_assert_int_eq(tw_float_to(sc->m, &C.x[0], 10.0f, 2.0, &sc->tween), 0);
  ck_assert_int_eq(tw_set_id(sc->m, sc->tween, 7), 0);
  ck_assert_int_eq(tw_float_to(sc->m, &sc->v[0], 4.0f, 1.0, &sc->plain), 0);
  ck_assert_int_eq(tw_sequence(sc->m, &sc->seq), 0);
  ck_assert_int_eq(tw_seq_add_label(sc->m, sc->seq, "a", 0.0), 0);
  ck_assert_int_eq(tw_sequence(sc->m, &seq2), 0);
  ck_assert_int_eq(tw_float_to(sc->m, &sc->v[1], 3.0f, 1.0, &sc->child), 0);
  ck_assert_int_eq(tw_seq_append(sc->m, seq2, sc->child), 0);
  ck_assert_int_eq(tw_float_to(sc->m, &sc->v[2], 3.0f, 1.0, &C.free), 0);
  ck_assert_int_eq(tw_float_to(sc->m, &sc->v[3], 3.0f, 1.0, &sc->forever), 0);
  ck_assert_int_eq(
      tw_set_loops(sc->m, sc->forever, TW_LOOPS_INFINITE, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_snapshot(sc->m, C.buf, sizeof C.buf, &C.used), 0);
}

static void scene_free(scene *sc) {
  tt_done(&sc->a, sc->m);
  fclose(C.sink);
}

/* What a manager looks like from outside: its live tweens in order (the
 * holes left out: a compaction moves them), each one's times and state,
 * its statistics and the values it writes. */
typedef struct look {
  int n;
  tw_handle order[16];
  double el[16], pos[16];
  int playing[16], loops[16];
  tw_stats st;
  float v[6], x[4];
  size_t snap_n; /* its snapshot, where the look asks for one */
  unsigned char snap[4096];
} look;

static void look_at_as(const scene *sc, look *l, int snap) {
  tw_handle all[16];
  int i, n;

  memset(l, 0, sizeof *l);
  n = tw_manager_order(sc->m, all, 16);
  ck_assert_int_ge(n, 0);
  ck_assert_int_le(n, 16);
  for (i = 0; i < n; i++)
    if (all[i].index != 0)
      l->order[l->n++] = all[i];
  for (i = 0; i < l->n; i++) {
    tw_elapsed(sc->m, l->order[i], &l->el[i]);
    tw_position(sc->m, l->order[i], &l->pos[i]);
    l->playing[i] = tw_is_playing(sc->m, l->order[i]);
    l->loops[i] = tw_loops_done(sc->m, l->order[i]);
  }
  ck_assert_int_eq(tw_manager_stats(sc->m, &l->st), 0);
  memcpy(l->v, sc->v, sizeof l->v);
  memcpy(l->x, C.x, sizeof l->x);
  if (snap) /* every byte of its state, pointers included */
    ck_assert_int_eq(tw_snapshot(sc->m, l->snap, sizeof l->snap, &l->snap_n),
                     0);
}

/* The look of a scene, its snapshot included: for two looks of one
 * manager (another's holds other pointers). */
static void look_at(const scene *sc, look *l) { look_at_as(sc, l, 1); }

static void same_look(const look *a, const look *b, const char *fn) {
  ck_assert_msg(memcmp(a, b, sizeof *a) == 0,
                "%s changed the manager as it refused", fn);
}

/* From the hook: every call on the manager refuses. */
static scene *hook_scene;
static int hook_calls;

static void hook_all(void *pool, tw_job_fn job, void *arg, size_t n,
                     size_t grain) {
  scene *sc = hook_scene;
  size_t j, k;

  (void)pool;
  (void)grain;
  hook_calls++;
  for (j = 0; j < NROWS; j++) {
    const row *r = &rows[j];
    /* a call on a handle is tried on a tween with a record and on one
     * without (a call that took a record first would allocate) */
    for (k = 0; k < ((r->flags & H) && !(r->flags & S) ? 2u : 1u); k++) {
      tw_handle h = (r->flags & S) ? sc->seq : k ? sc->plain : sc->tween;
      size_t calls = sc->a.calls, frees = sc->a.frees;
      const char *d;
      size_t len = strlen(r->name);
      int rc;
      if (r->flags & NOM)
        continue;
      if (r->flags & FREE) { /* the header lets it through: it answers */
        ck_assert_msg(r->call(sc->m, h) == 1,
                      "%s from the parallel hook did not answer", r->name);
        continue;
      }
      rc = r->call(sc->m, h);
      ck_assert_msg(rc == ((r->flags & ZERO) ? 0 : TW_EBUSY),
                    "%s from the parallel hook returned %d (%s)", r->name, rc,
                    tw_err_name(rc));
      ck_assert_msg(sc->a.calls == calls && sc->a.frees == frees,
                    "%s from the parallel hook allocated or freed", r->name);
      d = tw_last_error_detail(sc->m);
      ck_assert_msg(strncmp(d, r->name, len) == 0 && d[len] == ':',
                    "%s from the hook: detail \"%s\"", r->name, d);
    }
  }
  job(arg, 0, n);
}

START_TEST(test_doors_hook_refuses_every_call) {
  scene a, b;
  look la, lb;

  /* the same scene updated once with a hook that calls nothing; each
   * scene's hole (the child that went into its sequence) closed first by
   * an update of another type, so that the update runs the parallel
   * phase (with holes to close, it is serial) */
  scene_init(&b);
  ck_assert_int_eq(tw_update(b.m, TW_UPDATE_MANUAL, 0, 0), 0);
  ck_assert_int_eq(tw_manager_set_parallel(b.m, hook_none, NULL, 1, 0), 0);
  ck_assert_int_eq(tw_update(b.m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  look_at_as(&b, &lb, 0);
  scene_free(&b);

  scene_init(&a);
  ck_assert_int_eq(tw_update(a.m, TW_UPDATE_MANUAL, 0, 0), 0);
  ck_assert_int_eq(tw_manager_set_parallel(a.m, hook_all, NULL, 1, 0), 0);
  hook_scene = &a;
  hook_calls = 0;
  ck_assert_int_eq(tw_update(a.m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  ck_assert_int_eq(hook_calls, 1);
  tt_valid(a.m);
  look_at_as(&a, &la, 0);
  same_look(&la, &lb, "a call from the hook");
  scene_free(&a);
}
END_TEST

/* A NULL manager: refused, nothing written. */
START_TEST(test_doors_null_manager) {
  scene sc;
  look before, after;
  size_t j;

  scene_init(&sc);
  for (j = 0; j < NROWS; j++) {
    const row *r = &rows[j];
    int rc;
    if (r->flags & (NOM | FREE))
      continue;
    look_at(&sc, &before);
    rc = r->call(NULL, sc.tween);
    ck_assert_msg(rc == ((r->flags & (ZERO | NULLOK)) ? 0 : TW_EINVAL),
                  "%s with a NULL manager returned %d", r->name, rc);
    look_at(&sc, &after);
    same_look(&before, &after, r->name);
  }
  scene_free(&sc);
}
END_TEST

/* Bad handles: each call on a handle refuses with the code of the class,
 * a sentence that names it, and no change. */
static void bad_handles(int which) {
  scene sc;
  look before, after;
  tw_handle dead, bad;
  float y = 0;
  size_t j;

  scene_init(&sc);
  ck_assert_int_eq(tw_float_to(sc.m, &y, 1.0f, 1.0, &dead), 0);
  ck_assert_int_eq(tw_kill(sc.m, dead, 0), 0);
  switch (which) {
  case 0:
    bad = dead;
    break;
  case 1:
    bad.index = 0;
    bad.gen = 0;
    break;
  case 2:
    bad.index = 999;
    bad.gen = 1;
    break;
  default:
    bad = sc.child;
    break;
  }
  for (j = 0; j < NROWS; j++) {
    const row *r = &rows[j];
    int rc, want;
    char d[512];
    size_t k = strlen(r->name);
    if (!(r->flags & H))
      continue;
    if (which == 3 && (r->flags & KID))
      continue; /* a child's place is a query it answers */
    look_at(&sc, &before);
    rc = r->call(sc.m, bad);
    strcpy(d, tw_last_error_detail(sc.m));
    want = (r->flags & ZERO) ? 0 : which == 3 ? TW_ENESTED : TW_ESTALE;
    ck_assert_msg(rc == want,
                  "%s with a bad handle (class %d) returned %d (%s)", r->name,
                  which, rc, tw_err_name(rc));
    look_at(&sc, &after);
    same_look(&before, &after, r->name);
    if (r->flags & ZERO)
      continue;
    ck_assert_msg(strncmp(d, r->name, k) == 0 && d[k] == ':',
                  "%s with a bad handle (class %d): detail \"%s\"", r->name,
                  which, d);
  }
  scene_free(&sc);
}

START_TEST(test_doors_stale_handle) { bad_handles(0); }
END_TEST
START_TEST(test_doors_none_handle) { bad_handles(1); }
END_TEST
START_TEST(test_doors_foreign_handle) { bad_handles(2); }
END_TEST
START_TEST(test_doors_child_handle) { bad_handles(3); }
END_TEST

/* Bad numbers: each call that takes a time (C.t) or a value (C.fe)
 * refuses NaN, the infinities and the negatives or huge times its class
 * refuses, with TW_EINVAL, a sentence naming it, and no change. */
static void bad_numbers(int which) {
  const double times[] = {NAN, INFINITY, -INFINITY, -1.0, 1e301};
  const float values[] = {NAN, INFINITY, -INFINITY};
  scene sc;
  look before, after;
  size_t j, k;

  for (j = 0; j < NROWS; j++) {
    const row *r = &rows[j];
    size_t n = which == 0 ? sizeof times / sizeof *times
                          : sizeof values / sizeof *values;
    if (!(r->flags & (which == 0 ? (T | TK | TH) : V)))
      continue;
    for (k = 0; k < n; k++) {
      tw_handle h;
      char d[512];
      size_t len = strlen(r->name);
      int rc;
      if (which == 0) {
        double t = times[k];
        if ((r->flags & T) && t > 1e300 && t < INFINITY)
          continue; /* huge times are taken */
        if ((r->flags & TK) && t < 0 && t > -INFINITY)
          continue; /* "keep" */
        if ((r->flags & TK) && t == -INFINITY)
          continue; /* negative: "keep" too */
      }
      scene_init(&sc);
      h = (r->flags & S) ? sc.seq : sc.tween;
      look_at(&sc, &before);
      if (which == 0)
        C.t = times[k];
      else
        C.fe = values[k];
      rc = r->call(sc.m, h);
      strcpy(d, tw_last_error_detail(sc.m));
      C.t = 1.0;
      C.fe = 5.0f;
      ck_assert_msg(rc == TW_EINVAL, "%s with %s %g returned %d (%s)", r->name,
                    which == 0 ? "time" : "value",
                    which == 0 ? times[k] : (double)values[k], rc,
                    tw_err_name(rc));
      look_at(&sc, &after);
      same_look(&before, &after, r->name);
      ck_assert_msg(strncmp(d, r->name, len) == 0 && d[len] == ':',
                    "%s with a bad %s: detail \"%s\"", r->name,
                    which == 0 ? "time" : "value", d);
      scene_free(&sc);
    }
  }
}

START_TEST(test_doors_bad_times) { bad_numbers(0); }
END_TEST
START_TEST(test_doors_bad_values) { bad_numbers(1); }
END_TEST

/* Every call on a manager x every class of bad argument it takes: each
 * argument its row wraps (P: a pointer it needs, D: a double, I: an int,
 * E: an enum, Y: a type), the handle of the other kind (a sequence's
 * for a call on a tween, a tween's for a call on a sequence) and that of
 * a tween that loops forever.  A NULL it
 * needs, a NaN or infinite double, an enum that is not one and a type
 * that is not registered are refused; a negative, -0.0 or huge number, an
 * int at its limits and the other kind of handle may be taken.  A refusal
 * is a documented code (TW_E*), a sentence naming the call, and the
 * manager as it was (its looks, and no allocation); a call that takes the
 * argument leaves a manager that validates and, after an update, no
 * value that is not finite. */
static int has_arg(const row *r, int cls, int k) {
  static const char letter[] = " PDIEY";
  char pat[16];
  const char *p;

  if (cls == CL_KIND)
    return k == 1 && (r->flags & H) && !(r->flags & KID);
  if (cls == CL_FOREVER)
    return k == 1 && (r->flags & H) && !(r->flags & S);
  if (cls == CL_DBL && k <= 5 && strstr(r->expr, "SPRING()") != NULL)
    return 1;
  sprintf(pat, "%c(%d,", letter[cls], k);
  for (p = r->expr; (p = strstr(p, pat)) != NULL; p++)
    if (p == r->expr || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
                          (p[-1] >= 'A' && p[-1] <= 'Z')))
      return 1;
  return 0;
}

/* The targets the scene's tweens write, and C.d where a tween writes it
 * (for the others it is a query's answer: a duration may be infinite). */
static int all_finite(const scene *sc, const row *r) {
  size_t i;

  for (i = 0; i < 4; i++)
    if (!isfinite(C.x[i]))
      return 0;
  for (i = 0; i < 6; i++)
    if (!isfinite(sc->v[i]))
      return 0;
  return (r->call != call_tw_double_to || isfinite(C.d)) && isfinite(C.fs);
}

static int list_mode;
#define BAD_CHECK(c, ...)                                                      \
  do {                                                                         \
    if (!(c)) {                                                                \
      if (!list_mode)                                                          \
        ck_abort_msg(__VA_ARGS__);                                             \
      printf(__VA_ARGS__);                                                     \
      printf("\n");                                                            \
      goto next;                                                               \
    }                                                                          \
  } while (0)

static void bad_args(int cls) {
  double dv[] = {NAN, INFINITY, -INFINITY, -1.0, -0.0, 1e301, -1e301, DBL_MAX};
  int iv[] = {-1, INT_MIN, INT_MAX};
  int ev[] = {-2, 999, INT_MAX}; /* -1: tw_set_yoyo_ease's default */
  int tv[] = {-1, 99, 1000};
  size_t nv = cls == CL_DBL   ? sizeof dv / sizeof *dv
              : cls == CL_INT ? sizeof iv / sizeof *iv
                              : 3;
  size_t j, v;
  int k, tried = 0;

  list_mode = getenv("TT_DOORS_LIST") != NULL;
  if (cls == CL_PTR || cls == CL_KIND || cls == CL_FOREVER)
    nv = 1;
  for (j = 0; j < NROWS; j++) {
    const row *r = &rows[j];
    if (r->flags & (NOM | FREE))
      continue;
    for (k = 1; has_arg(r, cls, k); k++) {
      for (v = 0; v < nv; v++) {
        scene sc;
        look before, after;
        tw_handle h;
        size_t calls, len = strlen(r->name);
        char d[512];
        int rc, strict;
        scene_init(&sc);
        h = (r->flags & S) ? sc.seq : sc.tween;
        if (cls == CL_KIND)
          h = (r->flags & S) ? sc.tween : sc.seq;
        if (cls == CL_FOREVER)
          h = sc.forever;
        look_at(&sc, &before);
        /* a sentence of another call first, which must not stand */
        if (strcmp(r->name, "tw_update") != 0)
          ck_assert_int_eq(tw_update(sc.m, TW_UPDATE_NORMAL, -1, 0), TW_EINVAL);
        else
          ck_assert_int_eq(tw_set_delay(sc.m, sc.tween, -1), TW_EINVAL);
        calls = sc.a.calls;
        bad_arg.cls = cls;
        bad_arg.k = k;
        bad_arg.seen = 0;
        /* each list read within its length (v runs over the class's) */
        bad_arg.d = dv[v % (sizeof dv / sizeof *dv)];
        bad_arg.i = cls == CL_INT    ? iv[v % (sizeof iv / sizeof *iv)]
                    : cls == CL_ENUM ? ev[v % (sizeof ev / sizeof *ev)]
                                     : tv[v % (sizeof tv / sizeof *tv)];
        rc = r->call(sc.m, h);
        bad_arg.cls = CL_NONE;
        strcpy(d, tw_last_error_detail(sc.m));
        BAD_CHECK(bad_arg.seen || cls >= CL_KIND,
                  "%s: argument %d of class %d not reached", r->name, k, cls);
        strict = cls == CL_PTR || cls == CL_ENUM || cls == CL_TYPE ||
                 (cls == CL_DBL && !isfinite(bad_arg.d) &&
                  !((r->flags & TK) && bad_arg.d < 0)); /* negative: keep */
        if (cls == CL_FOREVER && (r->flags & LOOPN) && rc == -1)
          rc = 0; /* its answer for infinite loops */
        if (rc >= 0 && !strict) {
          tt_valid(sc.m);
          ck_assert_int_eq(tw_update(sc.m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
          ck_assert_int_eq(tw_update(sc.m, TW_UPDATE_NORMAL, 10, 10), 0);
          BAD_CHECK(all_finite(&sc, r),
                    "%s took argument %d of class %d (value %d) and "
                    "wrote a value that is not finite",
                    r->name, k, cls, (int)v);
          tt_valid(sc.m);
          tried++;
          scene_free(&sc);
          continue;
        }
        BAD_CHECK(rc < 0 && strcmp(tw_err_name(rc), "TW_UNKNOWN") != 0,
                  "%s with argument %d of class %d bad (value %d) "
                  "returned %d (%s)",
                  r->name, k, cls, (int)v, rc, tw_err_name(rc));
        BAD_CHECK(strncmp(d, r->name, len) == 0 && d[len] == ':',
                  "%s with argument %d of class %d bad (value %d), %s: "
                  "detail \"%s\"",
                  r->name, k, cls, (int)v, tw_err_name(rc), d);
        look_at(&sc, &after);
        BAD_CHECK(memcmp(&before, &after, sizeof before) == 0,
                  "%s with argument %d of class %d bad (value %d) changed "
                  "the manager as it refused",
                  r->name, k, cls, (int)v);
        BAD_CHECK(sc.a.calls == calls, "%s allocated as it refused", r->name);
      next:
        tried++;
        scene_free(&sc);
      }
    }
  }
  ck_assert_int_gt(tried, 0);
}

START_TEST(test_doors_bad_args) { bad_args(_i); }
END_TEST

/* Memory: every call on a manager, with the allocator failing at each of
 * its allocations in turn, refuses (TW_ENOMEM, a sentence naming it, the
 * manager as it was, snapshot included, but for the memory it had by then,
 * which may stay: room, a record in the pool) or goes on without what it
 * could not have (a manager that validates). */
START_TEST(test_doors_no_memory) {
  size_t j, f;
  int refused = 0;

  list_mode = getenv("TT_DOORS_LIST") != NULL;
  for (j = 0; j < NROWS * 2; j++) {
    const row *r = &rows[j / 2];
    if ((r->flags & (NOM | FREE)) || (j % 2 == 1 && !(r->flags & H)))
      continue;
    for (f = 1;; f++) {
      scene sc;
      look before, after;
      tw_handle h;
      size_t len = strlen(r->name);
      char d[512];
      int rc;
      scene_init(&sc);
      /* a call on a tween: on one with a record, then on one without */
      h = (r->flags & S) ? sc.seq : j % 2 ? sc.plain : sc.tween;
      look_at_as(&sc, &before, 1);
      if (strcmp(r->name, "tw_update") != 0)
        ck_assert_int_eq(tw_update(sc.m, TW_UPDATE_NORMAL, -1, 0), TW_EINVAL);
      else
        ck_assert_int_eq(tw_set_delay(sc.m, sc.tween, -1), TW_EINVAL);
      sc.a.fail_at = sc.a.calls + f;
      sc.a.failures = 0;
      rc = r->call(sc.m, h);
      sc.a.fail_at = 0;
      if (rc >= 0 && r->call == call_tw_manager_free) {
        ck_assert_uint_eq(sc.a.live_blocks, 0); /* freed: nothing to read */
        fclose(C.sink);
        break;
      }
      strcpy(d, tw_last_error_detail(sc.m));
      if (sc.a.failures == 0) { /* no f-th allocation: all were tried */
        scene_free(&sc);
        break;
      }
      if (rc >= 0 || (r->flags & ZERO)) {
        tt_valid(sc.m);
        scene_free(&sc);
        continue;
      }
      BAD_CHECK(rc == TW_ENOMEM,
                "%s without its allocation %d returned %d (%s)", r->name,
                (int)f, rc, tw_err_name(rc));
      BAD_CHECK(strncmp(d, r->name, len) == 0 && d[len] == ':',
                "%s without its allocation %d: detail \"%s\"", r->name, (int)f,
                d);
      /* a tween without a record gives back the one it took: its
       * snapshot too is the one before */
      look_at_as(&sc, &after, 1);
      /* the memory it had by then may stay with the manager (a buffer's
       * room, a record in the pool), and a creation compacts first */
      after.st.bytes = before.st.bytes;
      after.st.pool_size = before.st.pool_size;
      after.st.pool_misses = before.st.pool_misses;
      after.st.compactions = before.st.compactions;
      BAD_CHECK(memcmp(&before, &after, sizeof before) == 0,
                "%s without its allocation %d changed the manager as it "
                "refused",
                r->name, (int)f);
    next:
      refused++;
      scene_free(&sc);
    }
  }
  ck_assert_int_gt(refused, 0);
}
END_TEST

/* From inside a callback: every call on the manager either runs (a
 * callback may do anything but the few the header names) or refuses with
 * a documented code and a sentence naming it. */
static const row *cb_row;
static scene *cb_scene;
static int cb_rc, cb_ran;
static char cb_detail[512];

static void cb_call(tw_manager *m, tw_handle self, void *ud) {
  const row *r = cb_row;
  tw_handle h;

  (void)self;
  (void)ud;
  if (cb_ran++ > 0)
    return;
  h = (r->flags & S) ? cb_scene->seq : cb_scene->plain;
  cb_rc = r->call(m, h);
  strcpy(cb_detail, tw_last_error_detail(m));
}

START_TEST(test_doors_from_callback) {
  size_t j;
  int refused = 0;

  for (j = 0; j < NROWS; j++) {
    const row *r = &rows[j];
    scene sc;
    size_t len = strlen(r->name);
    if (r->flags & (NOM | FREE))
      continue;
    scene_init(&sc);
    ck_assert_int_eq(tw_update(sc.m, TW_UPDATE_NORMAL, -1, 0), TW_EINVAL);
    ck_assert_int_eq(tw_on(sc.m, sc.tween, TW_ON_UPDATE, cb_call, NULL), 0);
    cb_row = r;
    cb_scene = &sc;
    cb_ran = 0;
    ck_assert_int_eq(tw_update(sc.m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
    ck_assert_msg(cb_ran > 0, "%s: the callback did not run", r->name);
    if (cb_rc < 0 && !(r->flags & ZERO)) {
      ck_assert_msg(strcmp(tw_err_name(cb_rc), "TW_UNKNOWN") != 0,
                    "%s from a callback returned %d", r->name, cb_rc);
      ck_assert_msg(strncmp(cb_detail, r->name, len) == 0 &&
                        cb_detail[len] == ':',
                    "%s from a callback, %s: detail \"%s\"", r->name,
                    tw_err_name(cb_rc), cb_detail);
      refused++;
    }
    scene_free(&sc);
  }
  ck_assert_int_ge(refused, 5); /* tw_update, tw_manager_free, ... */
}
END_TEST

/* The same from a hook whose chunks run on another thread while the
 * hook's own thread calls every function: under ThreadSanitizer (make
 * check-tsan), a call that reads or writes what the worker steps is a
 * reported race.  The ready pool runs the two chunks: the calls, and the
 * whole of the update's job. */
typedef struct split {
  tw_job_fn job;
  void *arg;
  size_t n;
} split;

static void split_job(void *data, size_t begin, size_t end) {
  split *sp = data;
  size_t j;

  if (begin == 0 && end == 1) {
    scene *sc = hook_scene;
    for (j = 0; j < NROWS; j++) {
      const row *r = &rows[j];
      tw_handle h = (r->flags & S) ? sc->seq : sc->tween;
      if (!(r->flags & (NOM | FREE)))
        r->call(sc->m, h);
    }
    hook_calls++;
  } else {
    sp->job(sp->arg, 0, sp->n);
  }
}

static void hook_threads(void *pool, tw_job_fn job, void *arg, size_t n,
                         size_t grain) {
  split sp;

  (void)grain;
  sp.job = job;
  sp.arg = arg;
  sp.n = n;
  tw_threads_parallel_for(pool, split_job, &sp, 2, 1);
}

START_TEST(test_doors_hook_threads) {
  tw_threads *pool;
  scene a;
  int i;

  if (tw_threads_new(2, &pool) == TW_ENOTSUP)
    return; /* built without threads: nothing runs beside the hook */
  scene_init(&a);
  ck_assert_int_eq(tw_manager_set_parallel(a.m, hook_threads, pool, 1, 0), 0);
  hook_scene = &a;
  hook_calls = 0;
  for (i = 0; i < 20; i++)
    ck_assert_int_eq(tw_update(a.m, TW_UPDATE_NORMAL, 0.01, 0.01), 0);
  ck_assert_int_ge(hook_calls, 19); /* the first compacts: serial */
  tt_valid(a.m);
  scene_free(&a);
  tw_threads_free(pool);
}
END_TEST

static Suite *doors_suite(void) {
  Suite *s = suite_create("doors");
  TCase *tc = tcase_create("doors");

  tcase_add_test(tc, test_doors_every_export_has_a_row);
  tcase_add_test(tc, test_doors_hook_refuses_every_call);
  tcase_add_test(tc, test_doors_null_manager);
  tcase_add_test(tc, test_doors_stale_handle);
  tcase_add_test(tc, test_doors_none_handle);
  tcase_add_test(tc, test_doors_foreign_handle);
  tcase_add_test(tc, test_doors_child_handle);
  tcase_add_test(tc, test_doors_bad_times);
  tcase_add_test(tc, test_doors_bad_values);
  tcase_add_loop_test(tc, test_doors_bad_args, CL_PTR, CL_FOREVER + 1);
  tcase_add_test(tc, test_doors_no_memory);
  tcase_add_test(tc, test_doors_from_callback);
  suite_add_tcase(s, tc);
  tc = tcase_create("threads");
  tcase_add_test(tc, test_doors_hook_threads);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tt_run(doors_suite()); }

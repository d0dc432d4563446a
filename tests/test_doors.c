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
 *    sentence naming it, and changes nothing. */
#include "util.h"

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
  FREE = 2,    /* takes one but may be called from the hook */
  H = 4,       /* takes a handle of a tween (the class tests give it) */
  S = 8,       /* that handle is a sequence's */
  ZERO = 16,   /* refuses with 0, not an error code (tw_is_active) */
  NULLOK = 32, /* a NULL manager is a documented no-op answering 0 */
  KID = 64,    /* a sequence's child is accepted: a query of its place */
  T = 128,     /* takes a time, C.t: NaN, infinite and negative refused */
  TK = 256,    /* a time where a negative means "keep": NaN and above 1e300
                  refused */
  TH = 512,    /* a time refused when NaN, negative or above 1e300 */
  V = 1024     /* takes a value of the type, C.fe: NaN and infinite refused */
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

typedef int (*call_fn)(tw_manager *m, tw_handle h);
typedef struct row {
  const char *name;
  unsigned flags;
  call_fn call;
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
    (tw_warn_stderr(m, TW_WARN_GROW_TWEENS, 1, 1, NULL), 0))                   \
  X(tw_warn_silent, FREE,                                                      \
    (tw_warn_silent(m, TW_WARN_GROW_TWEENS, 1, 1, NULL), 0))                   \
  X(tw_manager_set_warn, 0, tw_manager_set_warn(m, tw_warn_silent, NULL))      \
  X(tw_default, NOM, (tw_default() != NULL))                                   \
  X(tw_default_free, NOM, tw_default_free())                                   \
  X(tw_manager_clear, 0, tw_manager_clear(m))                                  \
  X(tw_manager_set_capacity, 0, tw_manager_set_capacity(m, 5000, 10))          \
  X(tw_manager_set_timescale, 0, tw_manager_set_timescale(m, 2.0))             \
  X(tw_manager_timescale, FREE, (tw_manager_timescale(m) > 0))                 \
  X(tw_manager_stats, 0, tw_manager_stats(m, &C.st))                           \
  X(tw_manager_validate, 0, tw_manager_validate(m))                            \
  X(tw_manager_dump, 0, tw_manager_dump(m, C.sink))                            \
  X(tw_manager_order, 0, tw_manager_order(m, C.many, 4))                       \
  X(tw_register_type, 0, tw_register_type(m, 4, lerp_cb, NULL, &C.type))       \
  X(tw_type_size, 0, tw_type_size(m, TW_TYPE_FLOAT))                           \
  X(tw_to, T | V, tw_to(m, TW_TYPE_FLOAT, &C.x[1], &C.fe, C.t, &C.out))        \
  X(tw_to_fn, T | V,                                                           \
    tw_to_fn(m, TW_TYPE_FLOAT, set_cb, get_cb, NULL, &C.fe, C.t, &C.out))      \
  X(tw_float_to, T | V, tw_float_to(m, &C.x[1], C.fe, C.t, &C.out))            \
  X(tw_double_to, T, tw_double_to(m, &C.d, 2.0, C.t, &C.out))                  \
  X(tw_int_to, T, tw_int_to(m, &C.i, 2, C.t, &C.out))                          \
  X(tw_vec2_to, T,                                                             \
    tw_vec2_to(m, (tw_vec2 *)C.x, *(tw_vec2 *)C.x, C.t, &C.out))               \
  X(tw_vec3_to, T,                                                             \
    tw_vec3_to(m, (tw_vec3 *)C.x, *(tw_vec3 *)C.x, C.t, &C.out))               \
  X(tw_vec4_to, T,                                                             \
    tw_vec4_to(m, (tw_vec4 *)C.x, *(tw_vec4 *)C.x, C.t, &C.out))               \
  X(tw_color_to, T,                                                            \
    tw_color_to(m, (tw_color *)C.x, *(tw_color *)C.x, C.t, &C.out))            \
  X(tw_rgba8_to, T,                                                            \
    tw_rgba8_to(m, (tw_rgba8 *)C.buf, *(tw_rgba8 *)C.buf, C.t, &C.out))        \
  X(tw_from_to, T | V,                                                         \
    tw_from_to(m, TW_TYPE_FLOAT, &C.x[1], &C.fs, &C.fe, C.t, &C.out))          \
  X(tw_from_to_fn, T | V,                                                      \
    tw_from_to_fn(m, TW_TYPE_FLOAT, set_cb, NULL, &C.fs, &C.fe, C.t, &C.out))  \
  X(tw_set_delay, H | T, tw_set_delay(m, h, C.t))                              \
  X(tw_set_loops, H, tw_set_loops(m, h, 2, TW_LOOP_YOYO))                      \
  X(tw_set_ease, H, tw_set_ease(m, h, TW_EASE_IN_QUAD))                        \
  X(tw_set_autokill, H, tw_set_autokill(m, h, 0))                              \
  X(tw_set_update_type, H, tw_set_update_type(m, h, TW_UPDATE_LATE))           \
  X(tw_set_independent, H, tw_set_independent(m, h, 1))                        \
  X(tw_set_id, H, tw_set_id(m, h, 7))                                          \
  X(tw_set_key, H, tw_set_key(m, h, &C.x[2]))                                  \
  X(tw_set_target, H, tw_set_target(m, h, &C.x[2]))                            \
  X(tw_set_overwrite, H, tw_set_overwrite(m, h, TW_OVERWRITE_KILL))            \
  X(tw_set_timescale, H, tw_set_timescale(m, h, 2.0))                          \
  X(tw_set_recyclable, H, tw_set_recyclable(m, h, 0))                          \
  X(tw_set_from, H, tw_set_from(m, h, &C.fs))                                  \
  X(tw_set_relative, H, tw_set_relative(m, h, 1))                              \
  X(tw_set_speed_based, H, tw_set_speed_based(m, h, 1))                        \
  X(tw_set_ease_params, H, tw_set_ease_params(m, h, 1.5, 0.3))                 \
  X(tw_set_ease_fn, H, tw_set_ease_fn(m, h, ease_cb, NULL))                    \
  X(tw_set_ease_bezier, H, tw_set_ease_bezier(m, h, 0.25, 0.1, 0.25, 1.0))     \
  X(tw_set_ease_steps, H, tw_set_ease_steps(m, h, 4, TW_JUMP_END))             \
  X(tw_ease_name, NOM, (tw_ease_name(TW_EASE_LINEAR) != NULL))                 \
  X(tw_ease_eval, NOM, (tw_ease_eval(TW_EASE_LINEAR, 0.5, 1.7, 0.3) == 0.5))   \
  X(tw_ease_eval_bezier, NOM, (tw_ease_eval_bezier(0, 0, 1, 1, 0.5) > 0))      \
  X(tw_ease_eval_steps, NOM, (tw_ease_eval_steps(4, TW_JUMP_END, 0.5) > 0))    \
  X(tw_set_ease_curve, H, tw_set_ease_curve(m, h, C.keys, 2))                  \
  X(tw_change_start, H | V, tw_change_start(m, h, &C.fe))                      \
  X(tw_change_end, H | V, tw_change_end(m, h, &C.fe, 0))                       \
  X(tw_change_values, H | V, tw_change_values(m, h, &C.fs, &C.fe))             \
  X(tw_set_loop_delay, H | T, tw_set_loop_delay(m, h, C.t))                    \
  X(tw_set_yoyo_ease, H, tw_set_yoyo_ease(m, h, TW_EASE_LINEAR))               \
  X(tw_set_snap, H, tw_set_snap(m, h, 1.0))                                    \
  X(tw_set_additive, H, tw_set_additive(m, h, 1))                              \
  X(tw_punch, T | V,                                                           \
    tw_punch(m, TW_TYPE_FLOAT, &C.x[1], &C.fe, C.t, 10, 1.0, &C.out))          \
  X(tw_shake, T | V,                                                           \
    tw_shake(m, TW_TYPE_FLOAT, &C.x[1], &C.fe, C.t, 10, 90, 1, 1, &C.out))     \
  X(tw_path, T,                                                                \
    tw_path(m, TW_TYPE_VEC2, C.x, C.pts, 3, TW_PATH_LINEAR, C.t, &C.out))      \
  X(tw_path_tangent, H, tw_path_tangent(m, h, &C.fs))                          \
  X(tw_on, H, tw_on(m, h, TW_ON_COMPLETE, event_cb, NULL))                     \
  X(tw_sequence, 0, tw_sequence(m, &C.out))                                    \
  X(tw_seq_append, H | S, tw_seq_append(m, h, C.free))                         \
  X(tw_seq_join, H | S, tw_seq_join(m, h, C.free))                             \
  X(tw_seq_insert, H | S | T, tw_seq_insert(m, h, C.t, C.free))                \
  X(tw_seq_prepend, H | S, tw_seq_prepend(m, h, C.free))                       \
  X(tw_seq_append_interval, H | S | T, tw_seq_append_interval(m, h, C.t))      \
  X(tw_seq_prepend_interval, H | S | T, tw_seq_prepend_interval(m, h, C.t))    \
  X(tw_seq_append_callback, H | S,                                             \
    tw_seq_append_callback(m, h, event_cb, NULL))                              \
  X(tw_seq_join_callback, H | S, tw_seq_join_callback(m, h, event_cb, NULL))   \
  X(tw_seq_insert_callback, H | S | T,                                         \
    tw_seq_insert_callback(m, h, C.t, event_cb, NULL))                         \
  X(tw_is_sequence, H | S, tw_is_sequence(m, h))                               \
  X(tw_seq_child_at, H | KID, tw_seq_child_at(m, h, &C.at, &C.span))           \
  X(tw_stagger_init, NOM, (tw_stagger_init(&C.sg), 0))                         \
  X(tw_stagger_offsets, NOM, tw_stagger_offsets(&C.sg, 4, &C.span))            \
  X(tw_seq_stagger_with, H | S | T,                                            \
    tw_seq_stagger_with(m, h, &C.free, 1, C.t, &C.sg))                         \
  X(tw_seq_stagger, H | S | T,                                                 \
    tw_seq_stagger(m, h, &C.free, 1, C.t, 0.1, TW_STAGGER_START, 0))           \
  X(tw_seq_add_label, H | S | T, tw_seq_add_label(m, h, "a", C.t))             \
  X(tw_seq_label_at, H | S, tw_seq_label_at(m, h, "a", &C.at))                 \
  X(tw_seq_insert_at_label, H | S,                                             \
    tw_seq_insert_at_label(m, h, "a", 0.0, C.free))                            \
  X(tw_goto_label, H | S, tw_goto_label(m, h, "a", 1))                         \
  X(tw_update, T, tw_update(m, TW_UPDATE_NORMAL, C.t, C.t))                    \
  X(tw_manager_set_parallel, 0, tw_manager_set_parallel(m, NULL, NULL, 1, 0))  \
  X(tw_threads_new, NOM, tw_threads_new(0, NULL))                              \
  X(tw_threads_free, NOM, tw_threads_free(NULL))                               \
  X(tw_threads_parallel_for, NOM, 0)                                           \
  X(tw_kill, H, tw_kill(m, h, 0))                                              \
  X(tw_complete, H, tw_complete(m, h))                                         \
  X(tw_complete_silent, H, tw_complete_silent(m, h))                           \
  X(tw_play, H, tw_play(m, h))                                                 \
  X(tw_pause, H, tw_pause(m, h))                                               \
  X(tw_toggle, H, tw_toggle(m, h))                                             \
  X(tw_restart, H | TK, tw_restart(m, h, 1, C.t))                              \
  X(tw_rewind, H, tw_rewind(m, h, 1))                                          \
  X(tw_smooth_rewind, H, tw_smooth_rewind(m, h))                               \
  X(tw_goto, H | T, tw_goto(m, h, C.t, 1))                                     \
  X(tw_flip, H, tw_flip(m, h))                                                 \
  X(tw_play_forward, H, tw_play_forward(m, h))                                 \
  X(tw_play_backwards, H, tw_play_backwards(m, h))                             \
  X(tw_do_all, 0, tw_do_all(m, TW_DO_PAUSE))                                   \
  X(tw_do_id, 0, tw_do_id(m, 7, TW_DO_PAUSE))                                  \
  X(tw_do_target, 0, tw_do_target(m, &C.x[0], TW_DO_PAUSE))                    \
  X(tw_kill_all, 0, tw_kill_all(m, 0))                                         \
  X(tw_kill_all_except, 0, tw_kill_all_except(m, &C.i, 1, 0))                  \
  X(tw_kill_id, 0, tw_kill_id(m, 7, 0))                                        \
  X(tw_kill_target, 0, tw_kill_target(m, &C.x[0], 0))                          \
  X(tw_is_active, H | ZERO | KID, tw_is_active(m, h))                          \
  X(tw_is_playing, H, tw_is_playing(m, h))                                     \
  X(tw_is_complete, H, tw_is_complete(m, h))                                   \
  X(tw_elapsed, H, tw_elapsed(m, h, &C.d))                                     \
  X(tw_loops_done, H, tw_loops_done(m, h))                                     \
  X(tw_loops_get, H, tw_loops_get(m, h, &C.i))                                 \
  X(tw_loops, H, tw_loops(m, h))                                               \
  X(tw_is_backwards, H, tw_is_backwards(m, h))                                 \
  X(tw_position, H, tw_position(m, h, &C.d))                                   \
  X(tw_elapsed_percentage, H, tw_elapsed_percentage(m, h, 1, &C.d))            \
  X(tw_duration, H, tw_duration(m, h, 1, &C.d))                                \
  X(tw_delay, H, tw_delay(m, h, &C.d))                                         \
  X(tw_elapsed_delay, H, tw_elapsed_delay(m, h, &C.d))                         \
  X(tw_count, 0, tw_count(m, TW_COUNT_ACTIVE))                                 \
  X(tw_find_id, 0, tw_find_id(m, 7, C.many, 4))                                \
  X(tw_find_target, 0, tw_find_target(m, &C.x[0], C.many, 4))                  \
  X(tw_retarget, H | TK | V, tw_retarget(m, h, &C.fe, C.t))                    \
  X(tw_go, TH | V, tw_go(m, TW_TYPE_FLOAT, &C.x[0], &C.fe, C.t, &C.out))       \
  X(tw_go_fn, TH | V,                                                          \
    tw_go_fn(m, TW_TYPE_FLOAT, set_cb, get_cb, NULL, &C.fe, C.t, &C.out))      \
  X(tw_float_go, TH | V, tw_float_go(m, &C.x[0], C.fe, C.t, &C.out))           \
  X(tw_spring_init, NOM, (tw_spring_init(&C.sp), 0))                           \
  X(tw_spring_damping_ratio, NOM, tw_spring_damping_ratio(&C.sp, 0.5))         \
  X(tw_spring_duration_bounce, NOM, tw_spring_duration_bounce(&C.sp, 1, 0.2))  \
  X(tw_spring_to, V,                                                           \
    tw_spring_to(m, TW_TYPE_FLOAT, &C.x[1], &C.fe, &C.sp, &C.out))             \
  X(tw_spring_to_fn, V,                                                        \
    tw_spring_to_fn(m, TW_TYPE_FLOAT, set_cb, get_cb, NULL, &C.fe, &C.sp,      \
                    &C.out))                                                   \
  X(tw_spring_to_v, V,                                                         \
    tw_spring_to_v(m, TW_TYPE_FLOAT, &C.x[1], &C.fe, &C.sp, &C.fs, &C.out))    \
  X(tw_spring_to_fn_v, V,                                                      \
    tw_spring_to_fn_v(m, TW_TYPE_FLOAT, set_cb, get_cb, NULL, &C.fe, &C.sp,    \
                      &C.fs, &C.out))                                          \
  X(tw_spring_go, V,                                                           \
    tw_spring_go(m, TW_TYPE_FLOAT, &C.x[0], &C.fe, &C.sp, &C.out))             \
  X(tw_spring_go_fn, V,                                                        \
    tw_spring_go_fn(m, TW_TYPE_FLOAT, set_cb, get_cb, NULL, &C.fe, &C.sp,      \
                    &C.out))                                                   \
  X(tw_writer, 0, tw_writer(m, &C.x[0], &C.out))                               \
  X(tw_snapshot_size, 0, tw_snapshot_size(m, &C.n))                            \
  X(tw_snapshot, 0, tw_snapshot(m, C.buf, sizeof C.buf, &C.used))              \
  X(tw_restore, 0, tw_restore(m, C.buf, C.used))

#define TT_CALL_FN(name, flags, expr)                                          \
  static int call_##name(tw_manager *m, tw_handle h) {                         \
    (void)m;                                                                   \
    (void)h;                                                                   \
    return (int)(expr);                                                        \
  }
ROWS(TT_CALL_FN)
#undef TT_CALL_FN

static const row rows[] = {
#define TT_ROW(name, flags, expr) {#name, flags, call_##name},
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
  tw_handle plain; /* a tween with no record (nothing set on it) */
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
  ck_assert_int_eq(tw_snapshot(sc->m, C.buf, sizeof C.buf, &C.used), 0);
}

static void scene_free(scene *sc) {
  tt_done(&sc->a, sc->m);
  fclose(C.sink);
}

/* What a manager looks like from outside: its order, each tween's times
 * and state, its statistics and the values it writes. */
typedef struct look {
  int n;
  tw_handle order[16];
  double el[16], pos[16];
  int playing[16], loops[16];
  tw_stats st;
  float v[6], x[4];
} look;

static void look_at(const scene *sc, look *l) {
  int i;

  memset(l, 0, sizeof *l);
  l->n = tw_manager_order(sc->m, l->order, 16);
  ck_assert_int_ge(l->n, 0);
  for (i = 0; i < l->n && i < 16; i++) {
    tw_elapsed(sc->m, l->order[i], &l->el[i]);
    tw_position(sc->m, l->order[i], &l->pos[i]);
    l->playing[i] = tw_is_playing(sc->m, l->order[i]);
    l->loops[i] = tw_loops_done(sc->m, l->order[i]);
  }
  ck_assert_int_eq(tw_manager_stats(sc->m, &l->st), 0);
  memcpy(l->v, sc->v, sizeof l->v);
  memcpy(l->x, C.x, sizeof l->x);
}

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
      if (r->flags & (NOM | FREE))
        continue;
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
  look_at(&b, &lb);
  scene_free(&b);

  scene_init(&a);
  ck_assert_int_eq(tw_update(a.m, TW_UPDATE_MANUAL, 0, 0), 0);
  ck_assert_int_eq(tw_manager_set_parallel(a.m, hook_all, NULL, 1, 0), 0);
  hook_scene = &a;
  hook_calls = 0;
  ck_assert_int_eq(tw_update(a.m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  ck_assert_int_eq(hook_calls, 1);
  tt_valid(a.m);
  look_at(&a, &la);
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
  suite_add_tcase(s, tc);
  tc = tcase_create("threads");
  tcase_add_test(tc, test_doors_hook_threads);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tt_run(doors_suite()); }

/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: every kind of state survives (a replay after a
 * restore writes bit for bit what the first run wrote and fires the same
 * callbacks in the same order), handles across restores, sizes, every
 * refusal, allocation failures, and callbacks of every kind (TW_EBUSY). */
#include "util.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "life.h"
#include "snaprestore.h" /* tw__test_snapshot_parts */

/* Check marks every passing ck_assert in a file: the loops here test
 * thousands of things, with REQUIRE, which only fails. */
#define REQUIRE(c, ...)                                                        \
  do {                                                                         \
    if (!(c))                                                                  \
      ck_abort_msg(__VA_ARGS__);                                               \
  } while (0)
#define REQUIRE_RC(rc, want)                                                   \
  do {                                                                         \
    int rc_ = (rc), want_ = (want);                                            \
    REQUIRE(rc_ == want_, "%s: %d, expected %d", #rc, rc_, want_);             \
  } while (0)
#define ok(rc) REQUIRE_RC(rc, 0)

/* ------------------------------------------------------------------ */
/* the program: its values, its handles and its log                    */

typedef struct small_t { /* a registered type of 8 bytes (wide) */
  float a, b;
} small_t;
typedef struct big_t { /* and of 64 (big: kept in the record) */
  double v[8];
} big_t;

typedef struct targets {
  float f[64];
  double d[4];
  int i[4];
  tw_vec2 v2[6];
  tw_vec3 v3[6];
  tw_vec4 v4[4];
  tw_color c[4];
  tw_rgba8 r8[4];
  small_t sm[4];
  big_t bg[4];
  float set[8]; /* written through setters */
} targets;

#define MAXH 256
#define MAXLOG 8192

typedef struct world {
  targets t;
  tw_handle h[MAXH];
  int nh;
  int log[MAXLOG][3]; /* event, tag, frame */
  int nlog;
  int frame;
  int busy_checks; /* callbacks that found tw_snapshot, tw_restore busy */
} world;

static world W;
static int tags[MAXH];
static int small_type, big_type;
static unsigned char scratch_buf[16];

static void small_lerp(void *out, const void *a, const void *b, double t,
                       void *ud) {
  const small_t *x = a, *y = b;
  small_t *o = out;
  (void)ud;
  o->a = (float)(x->a + (y->a - x->a) * t);
  o->b = (float)(x->b + (y->b - x->b) * t);
}

static void big_lerp(void *out, const void *a, const void *b, double t,
                     void *ud) {
  const big_t *x = a, *y = b;
  big_t *o = out;
  int k;
  (void)ud;
  for (k = 0; k < 8; k++)
    o->v[k] = x->v[k] + (y->v[k] - x->v[k]) * t;
}

static double cubic(double x, void *ud) {
  (void)ud;
  return x * x * x;
}

static int set_float(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  return 0;
}

static void get_float(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

static void add(tw_handle h) {
  REQUIRE(W.nh < MAXH, "too many handles");
  W.h[W.nh++] = h;
}

static void logev(int ev, int tag) {
  if (W.nlog < MAXLOG) {
    W.log[W.nlog][0] = ev;
    W.log[W.nlog][1] = tag;
    W.log[W.nlog][2] = W.frame;
  }
  W.nlog++;
}

/* Every callback: logs, finds snapshot and restore refused, and now and
 * then acts on the manager as a program would. */
static void act(tw_manager *m, int ev, int tag);

#define CB(ev)                                                                 \
  static void cb_##ev(tw_manager *m, tw_handle h, void *ud) {                  \
    (void)h;                                                                   \
    act(m, ev, *(int *)ud);                                                    \
  }
CB(0)
CB(1)
CB(2)
CB(3)
CB(4)
CB(5)
CB(6)
CB(7)
#undef CB

static const tw_callback cbs[TW_ON_COUNT] = {cb_0, cb_1, cb_2, cb_3,
                                             cb_4, cb_5, cb_6, cb_7};

static void on_all(tw_manager *m, tw_handle h, int tag) {
  int ev;

  for (ev = 0; ev < TW_ON_COUNT; ev++)
    ok(tw_on(m, h, (tw_event)ev, cbs[ev], &tags[tag]));
}

static void busy_checks(tw_manager *m) {
  size_t used = 1;

  REQUIRE_RC(tw_snapshot(m, scratch_buf, sizeof scratch_buf, &used), TW_EBUSY);
  REQUIRE_RC(tw_restore(m, scratch_buf, sizeof scratch_buf), TW_EBUSY);
  W.busy_checks++;
}

static void act(tw_manager *m, int ev, int tag) {
  logev(ev, tag);
  busy_checks(m);
  if (ev == TW_ON_COMPLETE && tag % 5 == 0 && W.nh < MAXH - 8) {
    tw_handle h;
    if (tw_float_to(m, &W.t.f[56 + tag % 8], (float)tag, 0.3, &h) == 0) {
      tw_on(m, h, TW_ON_COMPLETE, cbs[TW_ON_COMPLETE], &tags[tag + 1]);
      add(h);
    }
  } else if (ev == TW_ON_STEP_COMPLETE && tag % 5 == 1 && W.nh > 0) {
    tw_kill(m, W.h[(tag * 7 + W.frame) % W.nh], W.frame & 1);
  } else if (ev == TW_ON_UPDATE && tag % 5 == 2 && W.frame % 4 == 0) {
    tw_toggle(m, W.h[(tag * 3) % W.nh]);
  } else if (ev == TW_ON_PLAY && tag % 5 == 3) {
    tw_set_timescale(m, W.h[(tag * 11) % W.nh], 0.5 + (W.frame % 3) * 0.25);
  }
}

static void seq_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  logev(100, *(int *)ud);
  busy_checks(m);
}

/* ------------------------------------------------------------------ */
/* a manager with every kind of state                                  */

/* Named handles the frames control (indexes into W.h). */
static int H_RETARGET, H_PAUSE, H_BACK, H_FLIP, H_SPRING, H_SEQ, H_NEST, H_GOTO,
    H_SETTER;

static tw_manager *new_manager(tt_alloc_state *a) {
  tw_manager *m = tt_manager(a, 0);

  ok(tw_register_type(m, sizeof(small_t), small_lerp, NULL, &small_type));
  ok(tw_register_type(m, sizeof(big_t), big_lerp, NULL, &big_type));
  return m;
}

/* Every ease, every value type, every setting, callback, choreography and
 * interruption feature, sequences nested with labels, callbacks,
 * intervals and stagger. */
static void build(tw_manager *m) {
  static const tw_key keys[3] = {
      {0, 0, 0, 2}, {0.5f, 0.8f, 1, 1}, {1, 1, 0, 0}};
  tw_handle h, s, s2, c[8];
  tw_spring sp;
  tw_stagger st;
  float pts2[10] = {0, 0, 1, 2, 3, 1, 4, 4, 2, 5};
  float pts3[12] = {0, 0, 0, 1, 2, 3, 2, 0, 1, 5, 5, 5};
  float amount[3] = {2, 3, 1};
  small_t se = {4, -4};
  big_t be;
  int e, k;

  memset(&W, 0, sizeof W);
  for (k = 0; k < MAXH; k++)
    tags[k] = k;
  for (k = 0; k < 8; k++)
    be.v[k] = k * 1.5;
  /* every ease, some looping, delayed, with parameters or callbacks */
  for (e = 0; e < TW_EASE_COUNT; e++) {
    ok(tw_float_to(m, &W.t.f[e], (float)(e + 1), 0.4 + 0.03 * e, &h));
    ok(tw_set_ease(m, h, (tw_ease)e));
    if (e % 3 == 0)
      ok(tw_set_loops(m, h, 3, e % 2 ? TW_LOOP_YOYO : TW_LOOP_INCREMENTAL));
    if (e % 4 == 1)
      ok(tw_set_loops(m, h, -1, TW_LOOP_RESTART));
    if (e % 5 == 2)
      ok(tw_set_delay(m, h, 0.2));
    if (e % 6 == 3)
      ok(tw_set_ease_params(m, h, 2.5, 0.3));
    if (e % 7 == 4)
      on_all(m, h, W.nh);
    add(h);
  }
  /* the eases beyond the set */
  ok(tw_float_to(m, &W.t.f[36], 3, 0.7, &h));
  ok(tw_set_ease_fn(m, h, cubic, NULL));
  add(h);
  ok(tw_float_to(m, &W.t.f[37], 3, 0.7, &h));
  ok(tw_set_ease_bezier(m, h, 0.2, 1.4, 0.6, -0.3));
  add(h);
  ok(tw_float_to(m, &W.t.f[38], 3, 0.7, &h));
  ok(tw_set_ease_steps(m, h, 4, TW_JUMP_BOTH));
  add(h);
  ok(tw_float_to(m, &W.t.f[39], 3, 0.7, &h));
  ok(tw_set_ease_curve(m, h, keys, 3));
  ok(tw_set_loops(m, h, 4, TW_LOOP_YOYO));
  add(h);
  /* every value type */
  ok(tw_double_to(m, &W.t.d[0], 7.5, 0.6, &h));
  add(h);
  ok(tw_int_to(m, &W.t.i[0], 100, 0.6, &h));
  add(h);
  ok(tw_vec2_to(m, &W.t.v2[0], (tw_vec2){3, 4}, 0.6, &h));
  add(h);
  ok(tw_vec3_to(m, &W.t.v3[0], (tw_vec3){3, 4, 5}, 0.6, &h));
  ok(tw_set_loops(m, h, 2, TW_LOOP_YOYO));
  add(h);
  ok(tw_vec4_to(m, &W.t.v4[0], (tw_vec4){3, 4, 5, 6}, 0.6, &h));
  add(h);
  ok(tw_color_to(m, &W.t.c[0], (tw_color){1, 0.5f, 0.25f, 1}, 0.6, &h));
  add(h);
  ok(tw_rgba8_to(m, &W.t.r8[0], (tw_rgba8){255, 128, 7, 9}, 0.6, &h));
  add(h);
  ok(tw_to(m, small_type, &W.t.sm[0], &se, 0.6, &h));
  on_all(m, h, W.nh);
  add(h);
  ok(tw_to(m, big_type, &W.t.bg[0], &be, 0.6, &h));
  ok(tw_set_loops(m, h, 3, TW_LOOP_RESTART));
  add(h);
  /* by setter, read by a getter or given a start */
  ok(tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &W.t.set[0], &amount[0],
              0.5, &h));
  H_SETTER = W.nh;
  add(h);
  ok(tw_from_to_fn(m, TW_TYPE_FLOAT, set_float, &W.t.set[1], &amount[1],
                   &amount[2], 0.5, &h));
  on_all(m, h, W.nh);
  add(h);
  /* settings */
  ok(tw_float_to(m, &W.t.f[40], 9, 0.5, &h));
  ok(tw_set_independent(m, h, 1));
  ok(tw_set_timescale(m, h, 1.7));
  add(h);
  for (k = 0; k < 3; k++) {
    ok(tw_float_to(m, &W.t.f[41 + k], 9, 0.5, &h));
    ok(tw_set_update_type(m, h, (tw_update_type)(k + 1)));
    ok(tw_set_id(m, h, k + 1));
    add(h);
  }
  ok(tw_float_to(m, &W.t.f[44], 2, 0.5, &h));
  ok(tw_set_from(m, h, &amount[0]));
  add(h);
  ok(tw_float_to(m, &W.t.f[45], 2, 0.5, &h));
  ok(tw_set_relative(m, h, 1));
  ok(tw_set_autokill(m, h, 0));
  add(h);
  ok(tw_float_to(m, &W.t.f[46], 20, 8, &h)); /* 8 units per second */
  ok(tw_set_speed_based(m, h, 1));
  ok(tw_set_recyclable(m, h, 0));
  add(h);
  ok(tw_float_to(m, &W.t.f[47], 2, 0.9, &h));
  ok(tw_set_key(m, h, &W.t.f[63]));
  add(h);
  ok(tw_float_to(m, &W.t.f[48], 2, 0.9, &h));
  add(h);
  ok(tw_float_to(m, &W.t.f[48], -2, 0.9, &h)); /* kills the one before */
  ok(tw_set_overwrite(m, h, TW_OVERWRITE_KILL));
  ok(tw_set_delay(m, h, 0.3));
  add(h);
  /* controlled by the frames */
  ok(tw_float_to(m, &W.t.f[49], 5, 1.5, &h));
  H_RETARGET = W.nh;
  add(h);
  ok(tw_float_to(m, &W.t.f[50], 5, 1.5, &h));
  H_PAUSE = W.nh;
  add(h);
  ok(tw_float_to(m, &W.t.f[51], 5, 1.5, &h));
  ok(tw_set_loops(m, h, 3, TW_LOOP_YOYO));
  on_all(m, h, W.nh);
  H_BACK = W.nh;
  add(h);
  ok(tw_float_to(m, &W.t.f[52], 5, 1.5, &h));
  H_FLIP = W.nh;
  add(h);
  tw_spring_init(&sp);
  sp.velocity = 3;
  ok(tw_spring_to(m, TW_TYPE_FLOAT, &W.t.f[53], &amount[0], &sp, &h));
  H_SPRING = W.nh;
  add(h);
  /* choreography */
  ok(tw_float_to(m, &W.t.f[54], 5, 0.3, &h));
  ok(tw_set_loops(m, h, 5, TW_LOOP_YOYO));
  ok(tw_set_loop_delay(m, h, 0.1));
  ok(tw_set_yoyo_ease(m, h, TW_EASE_IN_CUBIC));
  ok(tw_set_snap(m, h, 0.5));
  add(h);
  ok(tw_float_to(m, &W.t.f[55], 5, 0.8, &h));
  ok(tw_set_additive(m, h, 1));
  add(h);
  ok(tw_float_to(m, &W.t.f[55], -3, 1.1, &h));
  ok(tw_set_additive(m, h, 1));
  add(h);
  ok(tw_punch(m, TW_TYPE_VEC3, &W.t.v3[1], amount, 1.0, 6, 0.5, &h));
  add(h);
  ok(tw_shake(m, TW_TYPE_VEC2, &W.t.v2[1], amount, 1.0, 8, 40, 1234u, 1, &h));
  add(h);
  ok(tw_path(m, TW_TYPE_VEC2, &W.t.v2[2], pts2, 5,
             TW_PATH_CATMULL_ROM | TW_PATH_CLOSED | TW_PATH_CONSTANT_SPEED, 1.2,
             &h));
  ok(tw_set_loops(m, h, -1, TW_LOOP_RESTART));
  add(h);
  ok(tw_path(m, TW_TYPE_VEC3, &W.t.v3[2], pts3, 4, TW_PATH_BEZIER, 1.2, &h));
  add(h);
  /* sequences: a child sequence inside, labels, callbacks, intervals */
  ok(tw_sequence(m, &s));
  H_SEQ = W.nh;
  add(s);
  ok(tw_sequence(m, &s2));
  H_NEST = W.nh;
  add(s2);
  for (k = 0; k < 3; k++) {
    ok(tw_vec2_to(m, &W.t.v2[3 + k], (tw_vec2){(float)k, 1}, 0.2, &c[k]));
    add(c[k]);
  }
  on_all(m, c[1], W.nh - 2);
  ok(tw_seq_append(m, s2, c[0]));
  ok(tw_seq_join(m, s2, c[1]));
  ok(tw_seq_append_interval(m, s2, 0.1));
  ok(tw_seq_append(m, s2, c[2]));
  ok(tw_seq_add_label(m, s2, "inner", 0.15));
  ok(tw_float_to(m, &W.t.f[57], 1, 0.3, &h));
  ok(tw_set_delay(m, h, 0.05));
  add(h);
  ok(tw_seq_append(m, s, h));
  ok(tw_seq_append(m, s, s2));
  ok(tw_seq_append_callback(m, s, seq_cb, &tags[7]));
  ok(tw_float_to(m, &W.t.f[58], 1, 0.3, &h));
  add(h);
  ok(tw_seq_prepend(m, s, h));
  ok(tw_seq_insert_callback(m, s, 0.25, seq_cb, &tags[8]));
  ok(tw_seq_add_label(m, s, "start", 0));
  ok(tw_seq_add_label(m, s, "mid", 0.5));
  ok(tw_set_loops(m, s, 3, TW_LOOP_YOYO));
  on_all(m, s, W.nh);
  /* a staggered sequence */
  ok(tw_sequence(m, &s));
  H_GOTO = W.nh;
  add(s);
  for (k = 0; k < 5; k++) {
    ok(tw_float_to(m, &W.t.f[59 + k % 4], (float)k, 0.25, &c[k]));
    add(c[k]);
  }
  tw_stagger_init(&st);
  st.each = 0.07;
  st.from = TW_STAGGER_RANDOM;
  st.seed = 99;
  ok(tw_seq_stagger_with(m, s, c, 5, 0.1, &st));
  ok(tw_seq_add_label(m, s, "late", 0.3));
  ok(tw_set_loops(m, s, -1, TW_LOOP_RESTART));
  tt_valid(m);
}

/* The program's inputs at frame f, then the frame's updates of every
 * update type. */
static void frame(tw_manager *m, int f) {
  double dt = (1.0 + (f % 3) * 0.5) / 60;
  tw_handle h;
  float end = (float)f;

  W.frame = f;
  if (f == 3 || f == 27 || f == 41)
    tw_retarget(m, W.h[H_RETARGET], &end, 0.7);
  if (f == 4)
    tw_pause(m, W.h[H_PAUSE]);
  if (f == 30)
    tw_play(m, W.h[H_PAUSE]);
  if (f == 6 || f == 33)
    tw_play_backwards(m, W.h[H_BACK]);
  if (f == 8 || f == 35)
    tw_flip(m, W.h[H_FLIP]);
  if (f % 9 == 2)
    tw_retarget(m, W.h[H_SPRING], &end, -1);
  if (f == 10 || f == 38)
    tw_goto_label(m, W.h[H_GOTO], "late", 1);
  if (f == 12 || f == 29)
    tw_goto_label(m, W.h[H_SEQ], "mid", 1);
  if (f % 7 == 0 && W.nh < MAXH - 8) {
    ok(tw_float_to(m, &W.t.f[60 + f % 4], end, 0.2 + (f % 5) * 0.1, &h));
    on_all(m, h, W.nh);
    add(h);
  }
  if (f % 11 == 5 && W.nh > 0)
    tw_kill(m, W.h[(f * 13) % W.nh], f & 1);
  if (f % 13 == 0)
    tw_float_go(m, &W.t.f[48], end, 0.3, NULL);
  if (f == 20)
    tw_manager_set_timescale(m, 1.5);
  if (f == 32)
    tw_set_ease(m, W.h[H_SETTER], TW_EASE_IN_OUT_BACK);
  ok(tw_update(m, TW_UPDATE_NORMAL, dt, dt));
  ok(tw_update(m, TW_UPDATE_LATE, dt, dt * 0.5));
  ok(tw_update(m, TW_UPDATE_FIXED, 1.0 / 50, 1.0 / 50));
  if (f % 2 == 0)
    ok(tw_update(m, TW_UPDATE_MANUAL, dt * 2, dt * 2));
}

/* The frames [from, to), each frame's targets kept in rec. */
static void run(tw_manager *m, int from, int to, targets *rec) {
  int f;

  for (f = from; f < to; f++) {
    frame(m, f);
    if (rec != NULL)
      rec[f - from] = W.t;
    REQUIRE_RC(tw_manager_validate(m), 0);
  }
}

/* ------------------------------------------------------------------ */
/* observing: every query of a handle                                  */

#define NOBS 16

static void observe(const tw_manager *m, tw_handle h, double o[NOBS]) {
  int k = 0, n = 0;

  memset(o, 0, NOBS * sizeof *o);
  o[k++] = tw_is_active(m, h);
  o[k++] = tw_is_playing(m, h);
  o[k++] = tw_is_complete(m, h);
  o[k++] = tw_loops_done(m, h);
  o[k++] = tw_is_backwards(m, h);
  o[k++] = tw_is_sequence(m, h);
  o[k++] = tw_loops_get(m, h, &n);
  o[k++] = n;
  o[k] = tw_elapsed(m, h, &o[k + 1]);
  k += 2;
  o[k] = tw_position(m, h, &o[k + 1]);
  k += 2;
  tw_duration(m, h, 1, &o[k++]);
  tw_delay(m, h, &o[k++]);
  tw_elapsed_delay(m, h, &o[k++]);
  tw_seq_child_at(m, h, &o[k], NULL);
}

/* All handles in W.h, with the counts and the order. */
typedef struct view {
  double o[MAXH][NOBS];
  tw_handle order[MAXH * 2];
  int norder, count[3];
  size_t live;
} view;

static void view_of(const tw_manager *m, view *v) {
  tw_stats st;
  tw_handle all[MAXH * 4];
  int i, n;

  memset(v, 0, sizeof *v);
  for (i = 0; i < W.nh; i++)
    observe(m, W.h[i], v->o[i]);
  n = tw_manager_order(m, all, MAXH * 4);
  ck_assert_int_le(n, MAXH * 4);
  for (i = 0; i < n; i++) /* holes are no promise */
    if (!TW_HANDLE_IS_NONE(all[i]))
      v->order[v->norder++] = all[i];
  for (i = 0; i < 3; i++)
    v->count[i] = tw_count(m, (tw_count_what)i);
  ok(tw_manager_stats(m, &st));
  v->live = st.live;
}

static void same_view(const view *a, const view *b) {
  int i, k;

  REQUIRE(a->norder == b->norder, "%d live, then %d", a->norder, b->norder);
  for (i = 0; i < a->norder; i++)
    REQUIRE(a->order[i].index == b->order[i].index &&
                a->order[i].gen == b->order[i].gen,
            "order %d: %u:%u, then %u:%u", i, (unsigned)a->order[i].index,
            (unsigned)a->order[i].gen, (unsigned)b->order[i].index,
            (unsigned)b->order[i].gen);
  for (i = 0; i < 3; i++)
    REQUIRE(a->count[i] == b->count[i], "count %d", i);
  REQUIRE(a->live == b->live, "live");
  for (i = 0; i < W.nh; i++)
    for (k = 0; k < NOBS; k++)
      REQUIRE(memcmp(&a->o[i][k], &b->o[i][k], sizeof(double)) == 0,
              "handle %d, query %d: %.17g then %.17g", i, k, a->o[i][k],
              b->o[i][k]);
}

/* ------------------------------------------------------------------ */
/* snapshots                                                           */

static unsigned char *snap(const tw_manager *m, size_t *n) {
  size_t size = 0, used = 0;
  unsigned char *buf;

  ok(tw_snapshot_size(m, &size));
  buf = malloc(size);
  ck_assert_ptr_nonnull(buf);
  ok(tw_snapshot(m, buf, size, &used));
  ck_assert_uint_eq(used, size);
  *n = size;
  return buf;
}

#define WARM 25 /* frames before the snapshot */
#define SPAN 30 /* frames replayed */

/* What a program keeps beside a snapshot: its own state. */
typedef struct saved {
  targets t;
  tw_handle h[MAXH];
  int nh, nlog;
} saved;

static void save(saved *s) {
  s->t = W.t;
  memcpy(s->h, W.h, sizeof s->h);
  s->nh = W.nh;
  s->nlog = W.nlog;
}

static void load(const saved *s) {
  W.t = s->t;
  memcpy(W.h, s->h, sizeof s->h);
  W.nh = s->nh;
  W.nlog = s->nlog;
}

/* What happens between a run and the restore: nothing; a clear and new
 * tweens; kills (KILL callbacks), a smaller capacity, a new type, the key
 * index built. */
enum { SPOIL_NONE, SPOIL_CLEAR, SPOIL_KILL, SPOIL_COUNT };

static void spoil(tw_manager *m, int how) {
  tw_handle h, s;
  int k, type;

  if (how == SPOIL_CLEAR) {
    ok(tw_manager_clear(m));
  } else if (how == SPOIL_KILL) {
    ck_assert_int_ge(tw_kill_all(m, 1), 0); /* their COMPLETEs create */
    ck_assert_int_ge(tw_kill_all(m, 0), 0);
    ok(tw_manager_set_capacity(m, 1, 1));
    ok(tw_register_type(m, 12, small_lerp, NULL, &type));
    ck_assert_int_ge(tw_writer(m, &W.t.f[0], &h), 0);
  }
  if (how == SPOIL_NONE)
    return;
  for (k = 0; k < 40; k++) { /* records of every kind, reused slots */
    ok(tw_float_to(m, &W.t.f[k], 1, 1, &h));
    if (k % 2)
      ok(tw_set_loops(m, h, 2, TW_LOOP_YOYO));
    if (k % 3 == 0)
      ok(tw_set_ease_curve(m, h, (const tw_key[]){{0, 0, 0, 0}, {1, 1, 0, 0}},
                           2));
  }
  ok(tw_sequence(m, &s));
  ok(tw_seq_add_label(m, s, "junk", 1));
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
}

/* The whole test: warm up, snapshot, run, spoil, restore, observe, run
 * again (twice), each run's targets and log the first's. */
START_TEST(test_snapshot_replay) {
  static targets first[SPAN], again[SPAN];
  static int log1[MAXLOG][3];
  static view before, after;
  static saved at;
  tw_manager *m = new_manager(NULL);
  unsigned char *buf;
  size_t n;
  int nlog1, round, f;

  build(m);
  run(m, 0, WARM, NULL);
  view_of(m, &before);
  buf = snap(m, &n);
  save(&at);
  run(m, WARM, WARM + SPAN, first);
  nlog1 = W.nlog;
  ck_assert_int_le(nlog1, MAXLOG);
  memcpy(log1, W.log, sizeof log1);
  ck_assert_int_gt(nlog1 - at.nlog, 10); /* callbacks ran in the window */
  for (round = 0; round < 2; round++) {
    spoil(m, _i);
    ok(tw_restore(m, buf, n));
    tt_valid(m);
    load(&at);
    view_of(m, &after);
    same_view(&before, &after);
    run(m, WARM, WARM + SPAN, again);
    for (f = 0; f < SPAN; f++)
      ck_assert_msg(memcmp(&first[f], &again[f], sizeof first[f]) == 0,
                    "round %d: the targets differ at frame %d", round,
                    WARM + f);
    ck_assert_int_eq(W.nlog, nlog1);
    ck_assert_msg(memcmp(log1, W.log, (size_t)nlog1 * sizeof *log1) == 0,
                  "round %d: the callbacks differ", round);
  }
  ck_assert_int_gt(W.busy_checks, 0);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* The restored state is the snapshot's, not the live one's: a tween
 * changed in every way after the snapshot is as it was. */
START_TEST(test_snapshot_state) {
  static view before, after;
  static saved at;
  tw_manager *m = new_manager(NULL);
  unsigned char *buf;
  size_t n;
  tw_handle h;
  int i;
  float end[16]; /* room for the end of every type build() makes */

  for (i = 0; i < 16; i++)
    end[i] = 42;
  build(m);
  run(m, 0, WARM, NULL);
  view_of(m, &before);
  buf = snap(m, &n);
  save(&at);
  for (i = 0; i < W.nh; i++) { /* every setting changed, or a refusal */
    h = W.h[i];
    tw_set_ease(m, h, TW_EASE_IN_BOUNCE);
    tw_set_loops(m, h, 7, TW_LOOP_YOYO);
    tw_set_delay(m, h, 3);
    tw_set_timescale(m, h, 9);
    tw_set_id(m, h, 77);
    tw_set_loop_delay(m, h, 0.5);
    tw_set_snap(m, h, 0.1);
    tw_retarget(m, h, end, 2);
    tw_goto(m, h, 0.1, 0);
    tw_flip(m, h);
    tw_pause(m, h);
    tw_seq_add_label(m, h, "mid", 9);
  }
  tw_manager_set_timescale(m, 3);
  run(m, WARM, WARM + 5, NULL);
  ok(tw_restore(m, buf, n));
  tt_valid(m);
  load(&at);
  view_of(m, &after);
  same_view(&before, &after);
  EQD(tw_manager_timescale(m), 1.5); /* set at frame 20 */
  {
    double t = -1;
    ok(tw_seq_label_at(m, W.h[H_SEQ], "mid", &t));
    EQD(t, 0.5); /* the label added again after the snapshot moved */
  }
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* The first word of the body of three snapshots a, b and c (all n bytes)
 * that is memory never written: a word where a and b agree (no address)
 * and c differs, after the header; 0 when there is none. */
static size_t written_only(const unsigned char *a, const unsigned char *b,
                           const unsigned char *c, size_t n) {
  size_t w;

  for (w = 6; w < n / 8; w++)
    if (memcmp(a + 8 * w, b + 8 * w, 8) == 0 &&
        memcmp(a + 8 * w, c + 8 * w, 8) != 0)
      return w;
  return 0;
}

/* No byte of a snapshot is memory the library never wrote.  Three
 * managers, alive at once, are built and run alike: a and b on memory
 * filled with one pattern, c on another.  A word where a and b differ
 * holds an address (theirs are distinct) and is left out; every other
 * word of c's snapshot must be a's, at every frame, the first (no tween
 * started: a big value's start not yet read) included. */
START_TEST(test_snapshot_bytes) {
  static const int fills[3] = {0x5a, 0x5a, 0xa5};
  static const int at[4] = {0, 1, 7, WARM};
  static unsigned char *bufs[3][4];
  static size_t ns[3][4];
  tt_alloc_state a[3];
  tw_manager *m[3];
  int i, k, f;
  size_t w;

  for (i = 0; i < 3; i++) {
    memset(&a[i], 0, sizeof a[i]);
    a[i].fill = fills[i];
    m[i] = new_manager(&a[i]);
    build(m[i]);
    for (k = 0, f = 0; k < 4; k++) {
      run(m[i], f, at[k], NULL);
      f = at[k];
      bufs[i][k] = snap(m[i], &ns[i][k]);
    }
  }
  for (k = 0; k < 4; k++) {
    ck_assert_uint_eq(ns[0][k], ns[2][k]);
    ck_assert_uint_eq(ns[0][k] % 8, 0);
    w = written_only(bufs[0][k], bufs[1][k], bufs[2][k], ns[0][k]);
    if (w != 0)
      ck_abort_msg("frame %d: word %zu of %zu is memory never written", at[k],
                   w, ns[0][k] / 8);
    for (i = 0; i < 3; i++)
      free(bufs[i][k]);
  }
  for (i = 0; i < 3; i++)
    ok(tw_manager_free(m[i]));
}
END_TEST

/* The same after a path refused for want of memory, whose record (with
 * its block and an unwritten buffer of points) the pool keeps and a punch
 * takes next: at each allocation of the path failed in turn, the
 * snapshot holds no byte never written. */
START_TEST(test_snapshot_bytes_failed_path) {
  static const int fills[3] = {0x5a, 0x5a, 0xa5};
  static const tw_vec3 pts[4] = {{0, 0, 0}, {1, 2, 3}, {4, 0, 1}, {2, 2, 2}};
  static unsigned char *bufs[3];
  static tw_vec3 v[3], u[3];
  tw_vec3 amount = {1, 2, 3};
  tt_alloc_state a[3];
  tw_manager *m[3];
  size_t ns[3], w, k;
  tw_handle h;
  int i, rc[3], failed = 0;

  for (k = 1; k < 24; k++) {
    for (i = 0; i < 3; i++) {
      memset(&a[i], 0, sizeof a[i]);
      a[i].fill = fills[i];
      m[i] = tt_manager(&a[i], 0);
      a[i].fail_at = a[i].calls + k;
      rc[i] = tw_path(m[i], TW_TYPE_VEC3, &v[i], pts, 4,
                      TW_PATH_CATMULL_ROM | TW_PATH_CONSTANT_SPEED, 1.0, &h);
      a[i].fail_at = 0;
      ck_assert_int_eq(rc[i], rc[0]);
      ok(tw_punch(m[i], TW_TYPE_VEC3, &u[i], &amount, 1.0, 5, 0.5, &h));
      bufs[i] = snap(m[i], &ns[i]);
    }
    failed += rc[0] != 0;
    ck_assert_uint_eq(ns[0], ns[2]);
    w = written_only(bufs[0], bufs[1], bufs[2], ns[0]);
    if (w != 0)
      ck_abort_msg("allocation %zu failed: word %zu of %zu is memory never "
                   "written",
                   k, w, ns[0] / 8);
    for (i = 0; i < 3; i++) {
      free(bufs[i]);
      ok(tw_manager_free(m[i]));
    }
  }
  ck_assert_int_gt(failed, 0); /* some allocation of the path failed */
}
END_TEST

/* A restore writes no target; the next update does. */
START_TEST(test_snapshot_writes_nothing) {
  tw_manager *m = new_manager(NULL);
  unsigned char *buf;
  size_t n;
  targets t;

  build(m);
  run(m, 0, WARM, NULL);
  buf = snap(m, &n);
  run(m, WARM, WARM + 10, NULL);
  memset(&W.t, 0x5a, sizeof W.t);
  t = W.t;
  ok(tw_restore(m, buf, n));
  ck_assert(memcmp(&t, &W.t, sizeof t) == 0);
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01));
  ck_assert(memcmp(&t, &W.t, sizeof t) != 0);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* A manager of the defaults has no array until its first tween: the
 * snapshot of such a manager restores into it, twice, and it takes its
 * first tween after (a restore that copied its empty columns into the
 * array it does not have passed memcpy a null pointer, which UBSan
 * reports). */
START_TEST(test_snapshot_empty_no_array) {
  tw_manager *m = NULL;
  unsigned char buf[4096];
  size_t n = 0;
  float v = 0;

  ok(tw_manager_new(NULL, &m));
  ok(tw_snapshot_size(m, &n));
  ck_assert_uint_le(n, sizeof buf);
  ok(tw_snapshot(m, buf, sizeof buf, &n));
  ok(tw_restore(m, buf, n));
  ok(tw_restore(m, buf, n));
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  ok(tw_float_to(m, &v, 1.0f, 1.0, NULL));
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5));
  ck_assert(v > 0.0f);
  ok(tw_manager_free(m));
}
END_TEST

/* Tweens created after the snapshot die without their KILL callbacks;
 * their records go to the pool. */
START_TEST(test_snapshot_silent) {
  tw_manager *m = tt_manager(NULL, 0);
  static float v[8];
  unsigned char *buf;
  size_t n;
  tw_handle h, k;
  tw_stats st;
  int tag = 5;

  ok(tw_float_to(m, &v[0], 1, 1, &h));
  buf = snap(m, &n);
  tt_log_reset();
  ok(tw_float_to(m, &v[1], 1, 1, &k));
  tt_on(m, k, TW_ON_KILL, &tag);
  tt_on(m, h, TW_ON_KILL, &tag); /* h's record: not in the snapshot */
  ok(tw_restore(m, buf, n));
  ck_assert_int_eq(tt_nlog, 0);
  ck_assert_int_eq(tw_is_active(m, k), 0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ok(tw_manager_stats(m, &st));
  ck_assert_uint_eq(st.live, 1);
  ck_assert_uint_eq(st.pool_size, 2);
  ok(tw_kill(m, h, 0)); /* and h has no callback again */
  ck_assert_int_eq(tt_nlog, 0);
  tt_valid(m);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* ------------------------------------------------------------------ */
/* sizes                                                               */

START_TEST(test_snapshot_size) {
  tw_manager *m = tt_manager(NULL, 2000);
  static float v[1000];
  static tw_vec3 w[10];
  size_t base, n, used;
  unsigned char *buf;
  tw_handle h;
  int i;

  ok(tw_snapshot_size(m, &base));
  ck_assert_uint_eq(base, 88);
  for (i = 0; i < 1000; i++)
    ok(tw_float_to(m, &v[i], 1, 1, NULL));
  ok(tw_snapshot_size(m, &n));
  ck_assert_uint_eq(n - base, 1000 * 48); /* 48 bytes per plain float */
  printf("snapshot: %lu bytes per plain float tween\n",
         (unsigned long)((n - base) / 1000));
  for (i = 0; i < 10; i++)
    ok(tw_vec3_to(m, &w[i], (tw_vec3){1, 2, 3}, 1, NULL));
  ok(tw_snapshot_size(m, &base));
  ck_assert_uint_eq(base - n, 10 * 80);
  ok(tw_float_to(m, &v[0], 1, 1, &h));
  ok(tw_set_delay(m, h, 1));
  ok(tw_snapshot_size(m, &n));
  ck_assert_uint_eq(n - base, 48 + ((sizeof(tw__record) + 7) & ~(size_t)7));
  /* every hole left out */
  ck_assert_int_eq(tw_kill_all(m, 0), 1011);
  ok(tw_snapshot_size(m, &n));
  ck_assert_uint_eq(n, 88);
  buf = malloc(16);
  ck_assert_int_eq(tw_snapshot(m, buf, 16, &used), TW_ERANGE);
  ck_assert_uint_eq(used, 88);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* The header's rule of a snapshot's size (tween.h, "snapshot and
 * restore"): 48 bytes per plain float tween, 80 per tween of values of 5
 * to 16 bytes without a record, plus 88; once the index of keys is built,
 * 24 bytes more per live tween and 72. */
static size_t documented_size(size_t plain, size_t wide, int index) {
  return 48 * plain + 80 * wide + 88 + (index ? 24 * (plain + wide) + 72 : 0);
}

static void serial_for(void *pool, tw_job_fn job, void *arg, size_t n,
                       size_t grain) {
  (void)pool;
  (void)grain;
  job(arg, 0, n);
}

/* Whatever built the key index (tw_writer, tw_go, an overwriting start, a
 * parallel hook), a buffer of the documented size takes the snapshot, and
 * the restore of it replays as the first run did. */
START_TEST(test_snapshot_size_documented) {
  static float v[128];
  static tw_vec2 v2[4];
  int how = _i, i;
  tw_manager *m = tt_manager(NULL, 256);
  tw_handle h, none;
  float first[64];
  size_t size, used, want;
  unsigned char *buf;

  for (i = 0; i < 100; i++)
    ok(tw_float_to(m, &v[i], (float)i, 0.5 + 0.01 * i, NULL));
  for (i = 0; i < 4; i++)
    ok(tw_vec2_to(m, &v2[i], (tw_vec2){1, (float)i}, 0.5, NULL));
  ok(tw_float_to(m, &v[100], 3, 1, &h));
  if (how == 1) {
    ck_assert_int_eq(tw_writer(m, &v[3], &none), 0);
  } else if (how == 2) {
    ck_assert_int_ge(tw_float_go(m, &v[100], 7, 1, &h), 0);
  } else if (how == 3) {
    ok(tw_set_overwrite(m, h, TW_OVERWRITE_KILL));
  } else if (how == 4) {
    ok(tw_manager_set_parallel(m, serial_for, NULL, 1, 1));
  }
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  want = documented_size(101, 4, how != 0);
  ok(tw_snapshot_size(m, &size));
  REQUIRE(size == want, "way %d: %lu bytes, the header says %lu", how,
          (unsigned long)size, (unsigned long)want);
  buf = malloc(want);
  ck_assert_ptr_nonnull(buf);
  ok(tw_snapshot(m, buf, want, &used));
  ck_assert_uint_eq(used, want);
  for (i = 0; i < 3; i++)
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  memcpy(first, v, sizeof first);
  ck_assert_int_ge(tw_writer(m, &v[100], &none), 0);
  ok(tw_restore(m, buf, used));
  tt_valid(m);
  for (i = 0; i < 3; i++)
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  ck_assert_int_eq(memcmp(first, v, sizeof first), 0);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* Why the stamps are in the image (tween.h: the size once the index is
 * built): two paused tweens on one value, the older sent by tw_goto after
 * the newer, are the same state whichever went last but for the stamps;
 * tw_writer after a restore answers as it did at the snapshot. */
START_TEST(test_snapshot_writer_order) {
  static float x;
  tw_manager *m = tt_manager(NULL, 4);
  tw_handle a, b, w;
  unsigned char *buf;
  size_t n;

  ok(tw_float_to(m, &x, 1, 1, &a));
  ok(tw_float_to(m, &x, 2, 1, &b));
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  ok(tw_pause(m, a));
  ok(tw_pause(m, b));
  ck_assert_int_eq(tw_writer(m, &x, &w), 1);
  ok(tw_goto(m, b, 0.5, 0));
  ok(tw_goto(m, a, 0.5, 0)); /* the older wrote last */
  ck_assert_int_eq(tw_writer(m, &x, &w), 1);
  ck_assert(w.index == a.index && w.gen == a.gen);
  buf = snap(m, &n);
  ok(tw_goto(m, b, 0.5, 0)); /* now the newer */
  ck_assert_int_eq(tw_writer(m, &x, &w), 1);
  ck_assert(w.index == b.index && w.gen == b.gen);
  ok(tw_restore(m, buf, n));
  ck_assert_int_eq(tw_writer(m, &x, &w), 1);
  ck_assert(w.index == a.index && w.gen == a.gen);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* ------------------------------------------------------------------ */
/* handles                                                             */

static void stale_everywhere(tw_manager *m, tw_handle h) {
  double d = 5;

  REQUIRE_RC(tw_is_active(m, h), 0);
  REQUIRE_RC(tw_pause(m, h), TW_ESTALE);
  REQUIRE_RC(tw_set_delay(m, h, 1), TW_ESTALE);
  REQUIRE_RC(tw_elapsed(m, h, &d), TW_ESTALE);
  REQUIRE_RC(tw_kill(m, h, 0), TW_ESTALE);
  REQUIRE(d == 5, "elapsed written");
}

/* A handle of a tween alive at the snapshot works again, even killed in
 * between; one of a tween made after it is stale for ever, through slot
 * reuse and more restores. */
START_TEST(test_snapshot_handles) {
  tw_manager *m = tt_manager(NULL, 0);
  static float v[64];
  static tw_handle later[4000];
  tw_handle a, b, c, before[8];
  unsigned char *buf;
  size_t n;
  int i, j, nl = 0, round;

  for (i = 0; i < 8; i++)
    ok(tw_float_to(m, &v[i], 1, 1, &before[i]));
  ok(tw_kill(m, before[7], 0)); /* a slot free at the snapshot */
  buf = snap(m, &n);
  for (round = 0; round < 6; round++) {
    /* churn: the snapshot's tweens killed, their slots reused, new ones */
    for (i = 0; i < 7; i++)
      tw_kill(m, before[i], 0);
    for (i = 0; i < 40; i++) {
      ok(tw_float_to(m, &v[8 + i % 40], 1, 1, &later[nl]));
      if (i % 3 == 0)
        ok(tw_kill(m, later[nl], 0));
      nl++;
    }
    ok(tw_restore(m, buf, n));
    tt_valid(m);
    for (i = 0; i < 7; i++) {
      ck_assert_int_eq(tw_is_active(m, before[i]), 1);
      ok(tw_set_delay(m, before[i], 0.5));
    }
    stale_everywhere(m, before[7]);
    for (j = 0; j < nl; j++)
      stale_everywhere(m, later[j]);
    /* the slots of the snapshot's tweens, released, skip what they
     * issued: no later handle names a new tween */
    for (i = 0; i < 3; i++)
      ok(tw_kill(m, before[i], 0));
    for (i = 0; i < 20; i++) {
      ok(tw_float_to(m, &v[i], 1, 1, &a));
      for (j = 0; j < nl; j++)
        REQUIRE(a.index != later[j].index || a.gen != later[j].gen,
                "a new tween has the handle of a killed one");
      for (j = 0; j < 8; j++)
        REQUIRE(a.index != before[j].index || a.gen != before[j].gen,
                "a new tween has the handle of a killed one");
      later[nl++] = a;
    }
    tt_valid(m);
  }
  /* and a handle of then still reaches its tween after all of it */
  ok(tw_restore(m, buf, n));
  b = before[0];
  ok(tw_float_to(m, &v[0], 1, 1, &c));
  ck_assert_int_eq(tw_is_active(m, b), 1);
  ck_assert_int_eq(tw_is_active(m, c), 1);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* A slot near the end of its generations: restored, its next release
 * retires it, whatever it issued in between. */
START_TEST(test_snapshot_retire) {
  tw_manager *m = tt_manager(NULL, 0);
  static float v[4];
  tw_handle h, k, x;
  unsigned char *buf;
  size_t n;
  int i;

  ok(tw_float_to(m, &v[0], 1, 1, &h));
  ok(tw_kill(m, h, 0));
  ok(tw__test_set_generation(m, 0, UINT32_MAX - 5));
  ok(tw_float_to(m, &v[0], 1, 1, &h)); /* gen UINT32_MAX - 4 */
  ck_assert_uint_eq(h.index, 1);
  buf = snap(m, &n);
  ok(tw_kill(m, h, 0));
  ok(tw_float_to(m, &v[0], 1, 1, &k)); /* gen UINT32_MAX - 2, the last */
  ck_assert_uint_eq(k.index, 1);
  ok(tw_restore(m, buf, n));
  ck_assert_int_eq(tw_is_active(m, h), 1);
  stale_everywhere(m, k);
  ok(tw_kill(m, h, 0)); /* retired: its generations are used up */
  for (i = 0; i < 100; i++) {
    ok(tw_float_to(m, &v[1], 1, 1, &x));
    ck_assert_uint_ne(x.index, 1);
  }
  stale_everywhere(m, h);
  stale_everywhere(m, k);
  /* restored again, it lives; killed, it retires again */
  ok(tw_restore(m, buf, n));
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ok(tw_kill(m, h, 0));
  ok(tw_float_to(m, &v[1], 1, 1, &x));
  ck_assert_uint_ne(x.index, 1);
  tt_valid(m);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* ------------------------------------------------------------------ */
/* refusals                                                            */

/* What a refusal must leave as it was: every observation, the bytes
 * held, validity. */
typedef struct state {
  view v;
  size_t bytes, pool;
} state;

static void state_of(const tw_manager *m, state *s) {
  tw_stats st;

  view_of(m, &s->v);
  ok(tw_manager_stats(m, &st));
  s->bytes = st.bytes;
  s->pool = st.pool_size;
}

static void same_state(const tw_manager *m, const state *s) {
  static state now;

  REQUIRE_RC(tw_manager_validate(m), 0);
  state_of(m, &now);
  same_view(&s->v, &now.v);
  REQUIRE(s->bytes == now.bytes, "%lu bytes, then %lu", (unsigned long)s->bytes,
          (unsigned long)now.bytes);
  REQUIRE(s->pool == now.pool, "pool");
}

/* A few tweens with a record of each kind of buffer: a curve, a
 * sequence with a child sequence and labels, a path, a big value. */
static void build_small(tw_manager *m) {
  static const tw_key keys[2] = {{0, 0, 0, 2}, {1, 1, 0, 0}};
  float pts[6] = {0, 0, 1, 2, 3, 1};
  big_t be = {{1, 2, 3, 4, 5, 6, 7, 8}};
  tw_handle h, s, s2, c;

  memset(&W, 0, sizeof W);
  ok(tw_float_to(m, &W.t.f[0], 1, 1, &h));
  add(h);
  ok(tw_float_to(m, &W.t.f[1], 1, 1, &h));
  ok(tw_set_ease_curve(m, h, keys, 2));
  add(h);
  ok(tw_vec3_to(m, &W.t.v3[0], (tw_vec3){1, 2, 3}, 1, &h));
  add(h);
  ok(tw_to(m, big_type, &W.t.bg[0], &be, 1, &h));
  add(h);
  ok(tw_path(m, TW_TYPE_VEC2, &W.t.v2[0], pts, 3, TW_PATH_LINEAR, 1, &h));
  add(h);
  ok(tw_sequence(m, &s));
  add(s);
  ok(tw_sequence(m, &s2));
  add(s2);
  ok(tw_float_to(m, &W.t.f[2], 1, 1, &c));
  add(c);
  ok(tw_set_delay(m, c, 0.1));
  ok(tw_seq_append(m, s2, c));
  ok(tw_float_to(m, &W.t.f[3], 1, 1, &c));
  add(c);
  ok(tw_seq_add_label(m, s2, "bc", 0.25));
  ok(tw_seq_append(m, s, c));
  ok(tw_seq_append(m, s, s2));
  ok(tw_seq_append_callback(m, s, seq_cb, &tags[1]));
  ok(tw_seq_add_label(m, s, "a", 0.5));
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.3, 0.3));
}

START_TEST(test_snapshot_refusals) {
  static state st;
  tw_manager *m = new_manager(NULL), *o = new_manager(NULL);
  unsigned char *buf, *big;
  size_t n, used, i;
  int rc;

  build_small(m);
  buf = snap(m, &n);
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.3, 0.3));
  state_of(m, &st);
  /* NULL, n = 0 */
  ck_assert_int_eq(tw_restore(NULL, buf, n), TW_EINVAL);
  ck_assert_int_eq(tw_restore(m, NULL, n), TW_EINVAL);
  ck_assert_int_eq(tw_restore(m, buf, 0), TW_EINVAL);
  ck_assert_int_eq(tw_snapshot(NULL, buf, n, &used), TW_EINVAL);
  ck_assert_int_eq(tw_snapshot(m, NULL, n, &used), TW_EINVAL);
  ck_assert_int_eq(tw_snapshot_size(m, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_snapshot_size(NULL, &used), TW_EINVAL);
  /* another manager's, even with the same tweens */
  ck_assert_int_eq(tw_restore(o, buf, n), TW_EFOREIGN);
  /* truncated: every length */
  for (i = 1; i < n; i++)
    REQUIRE_RC(tw_restore(m, buf, i), TW_ECORRUPT);
  same_state(m, &st);
  /* longer is fine */
  big = malloc(n + 100);
  memcpy(big, buf, n);
  memset(big + n, 0xee, 100);
  /* any byte flipped: every bit of the header's, a bit of each of the
   * body's (the checksum sees any change of one word: snapshot.h) */
  for (i = 0; i < n; i++) {
    int b;
    for (b = i < 48 ? 0 : (int)(i % 8); b < 8; b += i < 48 ? 1 : 8) {
      buf[i] ^= (unsigned char)(1u << b);
      rc = tw_restore(m, buf, n);
      REQUIRE(rc == (i < 24   ? TW_EFORMAT
                     : i < 32 ? TW_EFOREIGN
                              : TW_ECORRUPT),
              "byte %lu bit %d: %d", (unsigned long)i, b, rc);
      buf[i] ^= (unsigned char)(1u << b);
    }
  }
  same_state(m, &st);
  ok(tw_restore(m, big, n + 100));
  tt_valid(m);
  /* too small a buffer: nothing of use written */
  for (i = 0; i < n; i++) {
    memcpy(big, buf, n);
    used = 0;
    REQUIRE_RC(tw_snapshot(m, big, i, &used), TW_ERANGE);
    REQUIRE(used == n, "used");
    if (i < 88)
      REQUIRE(memcmp(big, buf, n) == 0, "cap %lu: written", (unsigned long)i);
    else
      REQUIRE_RC(tw_restore(m, big, n), TW_EFORMAT);
  }
  ck_assert_int_eq(tw_snapshot(m, big, 10, NULL), TW_ERANGE);
  ok(tw_manager_free(m));
  ok(tw_manager_free(o));
  free(buf);
  free(big);
}
END_TEST

/* The format's version is 3: the elapsed times are a column of their own,
 * after the heads and before the hot parts (which hold the duration, the
 * target and the small values), as the array keeps them.  A snapshot of
 * version 2, whose hot parts began with the elapsed time, is refused
 * (TW_EFORMAT, the sentence saying why) and changes nothing, as is any
 * other version. */
START_TEST(test_snapshot_version) {
  static state st;
  tw_manager *m = new_manager(NULL);
  tw_handle h[4];
  tw_vec3 v3 = {1, 2, 3};
  unsigned char *buf;
  uint64_t word, bits;
  size_t n, j;
  double e;
  uint32_t v;

  ok(tw_float_to(m, &W.t.f[0], 1, 1, &h[0]));
  ok(tw_float_to(m, &W.t.f[1], 2, 3, &h[1]));
  ok(tw_set_delay(m, h[1], 0.05)); /* a record: an image of its own */
  ok(tw_vec3_to(m, &W.t.v3[0], v3, 2, &h[2]));
  ok(tw_float_to(m, &W.t.f[2], 3, 0.5, &h[3]));
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.2, 0.2));
  buf = snap(m, &n);
  ok(tw_restore(m, buf, n)); /* the first restore may allocate */
  state_of(m, &st);
  memcpy(&word, buf + 8, 8);
  ck_assert_uint_eq((uint32_t)word, 3);
  /* each tween's elapsed time in the elapsed column, in array order */
  for (j = 0; j < 4; j++) {
    ok(tw_elapsed(m, h[j], &e));
    memcpy(&bits, buf + tw__test_snapshot_field(buf, n, j, TW__SNAP_HOT), 8);
    ck_assert(memcmp(&bits, &e, 8) == 0);
    ck_assert_uint_eq(tw__test_snapshot_field(buf, n, j, TW__SNAP_HOT),
                      48 + 8 * (2 * 4 + j));
  }
  ok(tw_restore(m, buf, n));
  same_state(m, &st);
  /* every other version, the last one first */
  for (v = 2; v < 6; v++) {
    uint64_t old = word;
    if (v == 3)
      continue;
    memcpy(buf + 8, &(uint64_t){(old & ~(uint64_t)0xffffffffu) | v}, 8);
    REQUIRE_RC(tw_restore(m, buf, n), TW_EFORMAT);
    ck_assert_ptr_nonnull(strstr(tw_last_error_detail(m), "format version"));
    same_state(m, &st);
    memcpy(buf + 8, &old, 8);
  }
  ok(tw_restore(m, buf, n));
  same_state(m, &st);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* The longest times a manager holds: a sequence of DBL_MAX seconds with
 * loops, whose time played over them all is past any double (inf):
 * complete and kept by auto-kill off, and at the end of its first loop.
 * Its snapshot restores, and the manager is as it was (its first restore
 * may allocate: its bytes are not compared). */
START_TEST(test_snapshot_longest) {
  int k;

  for (k = 0; k < 2; k++) {
    tw_manager *m = new_manager(NULL);
    unsigned char *buf;
    size_t n;
    tw_handle s;
    double e0, e1;
    static view before, after;

    ok(tw_sequence(m, &s));
    ok(tw_seq_append_interval(m, s, DBL_MAX));
    ok(tw_set_loops(m, s, 3, TW_LOOP_RESTART));
    ok(tw_set_autokill(m, s, 0));
    if (k == 0)
      ok(tw_complete(m, s));
    else
      ok(tw_goto(m, s, DBL_MAX, 0));
    ok(tw_elapsed(m, s, &e0));
    buf = snap(m, &n);
    view_of(m, &before);
    REQUIRE_RC(tw_restore(m, buf, n), 0);
    tt_valid(m);
    view_of(m, &after);
    same_view(&before, &after);
    ok(tw_elapsed(m, s, &e1));
    REQUIRE(memcmp(&e0, &e1, sizeof e0) == 0, "elapsed %g, then %g", e0, e1);
    ok(tw_manager_free(m));
    free(buf);
  }
}
END_TEST

/* Nested sequences made after the snapshot go at the restore, their
 * records dropped (not recyclable) or pooled, the innermost first: the
 * child table, whose entries are reused, may list a sequence before its
 * own children, whose items its record holds.  Made over entries that
 * earlier sequences freed, in either order; under valgrind and ASan a
 * record freed before its children are read is caught. */
START_TEST(test_snapshot_nested_gone) {
  static float v[8];
  int k;

  for (k = 0; k < 4; k++) {
    tw_manager *m = new_manager(NULL);
    unsigned char *buf;
    size_t n;
    tw_handle a, b, c1, c2, s, s2, c;
    static view before, after;

    ok(tw_float_to(m, &v[0], 1, 1, NULL));
    buf = snap(m, &n);
    view_of(m, &before);
    /* entries of the child table freed, to be reused */
    ok(tw_sequence(m, &a));
    ok(tw_sequence(m, &b));
    ok(tw_float_to(m, &v[1], 1, 1, &c1));
    ok(tw_float_to(m, &v[2], 1, 1, &c2));
    if (k & 1) { /* a holds c1, b holds c2: killed one after the other */
      ok(tw_seq_append(m, a, c1));
      ok(tw_seq_append(m, b, c2));
      ok(tw_kill(m, a, 0));
      ok(tw_kill(m, b, 0));
    } else { /* a holds c1, c2 and b */
      ok(tw_seq_append(m, a, c1));
      ok(tw_seq_append(m, a, c2));
      ok(tw_seq_append(m, a, b));
      ok(tw_kill(m, a, 0));
    }
    /* s holds s2, which holds c: each with a record */
    ok(tw_sequence(m, &s));
    ok(tw_sequence(m, &s2));
    ok(tw_float_to(m, &v[3], 1, 1, &c));
    ok(tw_set_delay(m, c, 0.25));
    ok(tw_set_recyclable(m, c, (k & 2) != 0));
    ok(tw_set_recyclable(m, s2, (k & 2) != 0));
    ok(tw_set_recyclable(m, s, (k & 2) != 0));
    ok(tw_seq_append(m, s2, c));
    ok(tw_seq_append(m, s, s2));
    REQUIRE_RC(tw_restore(m, buf, n), 0);
    tt_valid(m);
    view_of(m, &after);
    same_view(&before, &after);
    ok(tw_manager_free(m));
    free(buf);
  }
}
END_TEST

/* A freed manager's snapshot, given to a new one (which may sit at the
 * same address): another manager's. */
START_TEST(test_snapshot_foreign_freed) {
  static float v[4];
  unsigned char *buf;
  size_t n;
  int i;

  for (i = 0; i < 20; i++) {
    tw_manager *m = tt_manager(NULL, 0), *o;
    ok(tw_float_to(m, &v[0], 1, 1, NULL));
    buf = snap(m, &n);
    ok(tw_manager_free(m));
    o = tt_manager(NULL, 0);
    ck_assert_int_eq(tw_restore(o, buf, n), TW_EFOREIGN);
    ok(tw_manager_free(o));
    free(buf);
  }
}
END_TEST

/* Every word of buf (n bytes) from byte `from` to `to` changed by each of
 * the masks in turn, sealed past the checksum and restored into m: each
 * restore refused (TW_ECORRUPT), changing nothing of *st, or taken into a
 * valid manager that buf then brings back (*st taken again, since the pool
 * may hold more); counted in *accepted and *refused. */
static void forge_words(tw_manager *m, const unsigned char *buf, size_t n,
                        size_t from, size_t to, const uint64_t *masks,
                        size_t nmasks, state *st, int *accepted, int *refused) {
  unsigned char *f = malloc(n);
  size_t i, k;

  ck_assert_ptr_nonnull(f);
  for (i = from; i < to && i + 8 <= n; i += 8)
    for (k = 0; k < nmasks; k++) {
      uint64_t x;
      int rc;
      memcpy(f, buf, n);
      memcpy(&x, f + i, 8);
      x ^= masks[k];
      memcpy(f + i, &x, 8);
      ok(tw__test_snapshot_seal(f, n));
      rc = tw_restore(m, f, n);
      if (rc == 0) {
        static view now;
        (*accepted)++;
        tt_valid(m);
        ok(tw_restore(m, buf, n));
        tt_valid(m);
        view_of(m, &now);
        same_view(&st->v, &now);
        state_of(m, st);
      } else {
        REQUIRE_RC(rc, TW_ECORRUPT);
        (*refused)++;
        same_state(m, st);
      }
    }
  free(f);
}

/* A snapshot forged past its checksum, any word of it changed: refused,
 * or restored into a valid manager. */
START_TEST(test_snapshot_forged) {
  static const uint64_t masks[] = {1, 0x80, (uint64_t)1 << 32,
                                   (uint64_t)1 << 63, ~(uint64_t)0};
  static state st;
  tw_manager *m = new_manager(NULL);
  unsigned char *buf;
  size_t n;
  int accepted = 0, refused = 0;

  build_small(m);
  buf = snap(m, &n);
  state_of(m, &st);
  forge_words(m, buf, n, 48, n, masks, sizeof masks / sizeof *masks, &st,
              &accepted, &refused);
  ck_assert_int_gt(refused, 0);
  ck_assert_int_gt(accepted, 0);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* Plain floats forged past the checksum, the images most snapshots hold:
 * one given the slot of another, one a slot past the table, one a
 * generation above any its slot issued, one a record it does not have:
 * each refused, nothing changed; and any word of them changed (the masks
 * of test_snapshot_forged), refused or restored into a valid manager.
 * The plain floats come first, last and between other tweens, and six of
 * them in a row. */
START_TEST(test_snapshot_forged_plain) {
  static const uint64_t masks[] = {
      1, 2, 0x80, (uint64_t)1 << 32, (uint64_t)2 << 32, (uint64_t)1 << 63};
  static float v[10];
  static state st;
  tw_manager *m = new_manager(NULL);
  unsigned char *buf, *f;
  size_t n, i, j, k;
  tw_handle h;
  uint64_t w0, w1;
  int accepted = 0, refused = 0;

  for (i = 0; i < 10; i++) {
    ok(tw_float_to(m, &v[i], (float)i + 1, 1, &h));
    if (i == 6) /* not plain: its image is apart */
      ok(tw_set_delay(m, h, 0.5));
  }
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  buf = snap(m, &n);
  f = malloc(n);
  ck_assert_ptr_nonnull(f);
  state_of(m, &st);
  /* tweens 0 to 5, the first six of the array, are plain floats: each
   * id word (slot and generation) forged */
  for (j = 0; j < 6; j++) {
    size_t at = tw__test_snapshot_field(buf, n, j, TW__SNAP_ID);
    ck_assert_uint_gt(at, 0);
    for (k = 0; k < 4; k++) {
      memcpy(f, buf, n);
      memcpy(&w0, f + at, 8);
      memcpy(&w1, f + tw__test_snapshot_field(buf, n, (j + 1) % 6, TW__SNAP_ID),
             8);
      switch (k) {
      case 0: /* another's slot, its own generation */
        w0 = (w0 & ~(uint64_t)0xffffffffu) | (w1 & 0xffffffffu);
        break;
      case 1: /* a slot past the table */
        w0 = (w0 & ~(uint64_t)0xffffffffu) | 0x7fffffffu;
        break;
      case 2: /* a generation its slot never issued */
        w0 += (uint64_t)2 << 32;
        break;
      default: /* a record it does not have */
        w0 |= (uint64_t)1 << 32;
        break;
      }
      memcpy(f + at, &w0, 8);
      ok(tw__test_snapshot_seal(f, n));
      REQUIRE_RC(tw_restore(m, f, n), TW_ECORRUPT);
      same_state(m, &st);
    }
  }
  /* every word of the ten tweens' ids, heads and hot parts */
  forge_words(m, buf, n, tw__test_snapshot_field(buf, n, 0, TW__SNAP_ID),
              tw__test_snapshot_field(buf, n, 9, TW__SNAP_HOT + 3) + 8, masks,
              sizeof masks / sizeof *masks, &st, &accepted, &refused);
  ck_assert_int_gt(accepted, 0);
  ok(tw_manager_free(m));
  free(buf);
  free(f);
}
END_TEST

/* A run of plain floats only, whose chunks the check takes whole (two
 * at a time, then the odd one): a bad duration (-0.0, inf, NaN, -1,
 * -inf), a bad elapsed time (inf, NaN, -1, -inf), a slot past the table,
 * another's slot and a generation its slot never issued, each at a tween first,
 * second, last of a chunk, first of the next and last of all: refused,
 * nothing changed. */
START_TEST(test_snapshot_forged_plain_run) {
  static float v[301];
  static state st;
  static const size_t where[] = {0, 1, 254, 255, 256, 257, 299, 300};
  static const uint64_t bad_du[] = {(uint64_t)1 << 63, 0x7ff0000000000000u,
                                    0x7ff8000000000000u, 0xbff0000000000000u,
                                    0xfff0000000000000u};
  tw_manager *m = new_manager(NULL);
  unsigned char *buf, *f;
  size_t n, i, j, k, at;
  tw_handle h;
  uint64_t w;

  for (i = 0; i < 301; i++)
    ok(tw_float_to(m, &v[i], (float)i + 1, 1, &h));
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  buf = snap(m, &n);
  f = malloc(n);
  ck_assert_ptr_nonnull(f);
  state_of(m, &st);
  for (i = 0; i < sizeof where / sizeof *where; i++) {
    j = where[i];
    for (k = 0; k < 14; k++) {
      memcpy(f, buf, n);
      if (k < 5) { /* its duration */
        at = tw__test_snapshot_field(buf, n, j, TW__SNAP_HOT + 1);
        memcpy(f + at, &bad_du[k], 8);
      } else if (k < 9) { /* its elapsed time */
        at = tw__test_snapshot_field(buf, n, j, TW__SNAP_HOT);
        memcpy(f + at, &bad_du[k - 4], 8);
      } else { /* its id */
        at = tw__test_snapshot_field(buf, n, j, TW__SNAP_ID);
        memcpy(&w, f + at, 8);
        if (k == 9) /* a slot past the table */
          w = (w & ~(uint64_t)0xffffffffu) | 0x7fffffffu;
        else if (k == 10)
          w = (w & ~(uint64_t)0xffffffffu) | 0xffffffffu;
        else if (k == 11)
          w = (w & ~(uint64_t)0xffffffffu) | 0x80000000u;
        else if (k == 12) /* another's slot */
          memcpy(
              &w,
              f + tw__test_snapshot_field(buf, n, (j + 3) % 301, TW__SNAP_ID),
              8);
        else /* a generation never issued */
          w += (uint64_t)2 << 32;
        memcpy(f + at, &w, 8);
      }
      ck_assert_uint_gt(at, 0);
      ok(tw__test_snapshot_seal(f, n));
      REQUIRE_RC(tw_restore(m, f, n), TW_ECORRUPT);
      same_state(m, &st);
    }
  }
  ok(tw_restore(m, buf, n)); /* the true one is taken */
  tt_valid(m);
  ok(tw_manager_free(m));
  free(buf);
  free(f);
}
END_TEST

/* Bad numbers, each set in place of a word of a record's image: the
 * word whole (a double: NaN, the infinities, -1, huge, -0.0; a count:
 * huge, all ones), or either half (a float: NaN, inf, -1, FLT_MAX; an int or
 * count: all ones, the sign alone, the largest). */
static const uint64_t bad_words[] = {
    0x7ff8000000000000u, 0x7ff0000000000000u, 0xfff0000000000000u,
    0xbff0000000000000u, 0x7e37e43c8800759cu, /* 1e300 */
    (uint64_t)1 << 62,   ~(uint64_t)0,        (uint64_t)1 << 63 /* -0.0 */};
static const uint32_t bad_halves[] = {0x7fc00000u, 0x7f800000u, 0xbf800000u,
                                      0x7f7fffffu, 0xffffffffu, 0x80000000u,
                                      0x7fffffffu};
#define NBAD                                                                   \
  (sizeof bad_words / sizeof *bad_words +                                      \
   2 * sizeof bad_halves / sizeof *bad_halves)

/* Bad number k in place of the word at byte i of f. */
static void set_bad(unsigned char *f, size_t i, size_t k) {
  size_t nw = sizeof bad_words / sizeof *bad_words,
         nh = sizeof bad_halves / sizeof *bad_halves;

  if (k < nw) {
    memcpy(f + i, &bad_words[k], 8);
    return;
  }
  k -= nw;
  memcpy(f + i + 4 * (k / nh), &bad_halves[k % nh], 4);
}

static int overlaps(size_t at, size_t n, size_t lo, size_t len) {
  return at < lo + len && lo < at + n;
}

/* Whether the word at byte w of part p of buf is no number of the
 * library's: a pointer it calls or hands to the program's code (a
 * setter, a getter, a callback and its data, an ease function, a target),
 * or a value of the program's, written as it is.  A forged one is the
 * program's own doing; every other word is a number the restore checks. */
static int not_a_number(const unsigned char *buf, const tw__part *p, size_t w) {
  size_t in = w - p->at;

  switch (p->kind) {
  case TW__PART_WIDE:
  case TW__PART_BIG:
    return 1;
  case TW__PART_RECORD: {
    tw__record r;
    memcpy(&r, buf + p->at, sizeof r);
    return overlaps(in, 8, offsetof(tw__record, set), sizeof r.set) ||
           overlaps(in, 8, offsetof(tw__record, get), sizeof r.get) ||
           overlaps(in, 8, offsetof(tw__record, cb), sizeof r.cb) ||
           (r.ex.fn.fn == cubic &&
            overlaps(in, 8, offsetof(tw__record, ex), sizeof r.ex));
  }
  case TW__PART_ITEMS:
    in %= sizeof(tw__item);
    return overlaps(in, 8, offsetof(tw__item, fn), sizeof(tw_callback)) ||
           overlaps(in, 8, offsetof(tw__item, ud), sizeof(void *)) ||
           overlaps(in, 8, offsetof(tw__item, elapsed), sizeof(double)) ||
           overlaps(in, 8, offsetof(tw__item, hot), sizeof(tw__hot)) ||
           overlaps(in, 8, offsetof(tw__item, w), sizeof(tw__wide));
  default:
    return 0;
  }
}

/* Every float and double of the program's targets is finite. */
static int targets_finite(void) {
  const targets *t = &W.t;
  size_t i;

  for (i = 0; i < sizeof t->f / sizeof *t->f; i++)
    if (!isfinite(t->f[i]))
      return 0;
  for (i = 0; i < 4; i++) {
    int k;
    if (!isfinite(t->d[i]) || !isfinite(t->c[i].r) || !isfinite(t->c[i].a) ||
        !isfinite(t->v4[i].x) || !isfinite(t->v4[i].w) ||
        !isfinite(t->sm[i].a) || !isfinite(t->sm[i].b))
      return 0;
    for (k = 0; k < 8; k++)
      if (!isfinite(t->bg[i].v[k]))
        return 0;
  }
  for (i = 0; i < 6; i++)
    if (!isfinite(t->v2[i].x) || !isfinite(t->v2[i].y) ||
        !isfinite(t->v3[i].x) || !isfinite(t->v3[i].z))
      return 0;
  for (i = 0; i < 8; i++)
    if (!isfinite(t->set[i]))
      return 0;
  return 1;
}

#define FORGE_SLICES 8

/* f, a snapshot of n bytes forged past its checksum (what, the forgery,
 * for the messages), sealed again and restored into m: either refused
 * with TW_ECORRUPT, m valid and unchanged (its snapshot the bytes of
 * ref), and 0 returned; or taken into a manager that validates, and 1
 * returned. */
static int restore_forged(tw_manager *m, unsigned char *f,
                          const unsigned char *ref, size_t n,
                          const char *what) {
  unsigned char *again = malloc(n);
  size_t used = 0;
  int rc;

  ck_assert_ptr_nonnull(again);
  ok(tw__test_snapshot_seal(f, n));
  rc = tw_restore(m, f, n);
  if (rc == 0) {
    free(again);
    REQUIRE(tw_manager_validate(m) == 0, "%s: restored, invalid", what);
    return 1;
  }
  REQUIRE(rc == TW_ECORRUPT, "%s: %d", what, rc);
  REQUIRE_RC(tw_manager_validate(m), 0);
  ok(tw_snapshot(m, again, n, &used));
  REQUIRE(used == n && memcmp(again, ref, n) == 0,
          "%s: refused, but the manager changed", what);
  free(again);
  return 0;
}

/* The frames a forged snapshot taken runs (restore_forged), each update
 * type's, writing only finite values, the program's state keep given
 * back before and after. */
static void run_forged(tw_manager *m, const saved *keep, const char *what) {
  int fr;

  load(keep);
  for (fr = 0; fr < 3; fr++) {
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.05, 0.05));
    ok(tw_update(m, TW_UPDATE_LATE, 0.05, 0.05));
    ok(tw_update(m, TW_UPDATE_FIXED, 0.02, 0.02));
    ok(tw_update(m, TW_UPDATE_MANUAL, 0.1, 0.1));
    REQUIRE(targets_finite(), "%s: restored, then wrote a value not finite",
            what);
  }
  REQUIRE(tw_manager_validate(m) == 0, "%s: restored, updated, invalid", what);
  load(keep);
}

/* The key index's section forged (its clocks and each tween's stamps,
 * which tw_writer reads): a clock or a stamp past the write clock, a
 * pass's clock past it or below the pass before, the clock past any a
 * manager reaches, each resealed, is
 * refused with nothing changed, as tw_manager_validate refuses them in a
 * live manager. */
START_TEST(test_snapshot_forged_stamps) {
  static float v[8];
  tw_manager *m = tt_manager(NULL, 16);
  unsigned char *buf, *f;
  size_t n, keys, w, nwords;
  tw_handle h, none;
  uint64_t x;
  int i, refused = 0;
  char what[96];

  for (i = 0; i < 8; i++)
    ok(tw_float_to(m, &v[i], (float)i, 1, &h));
  ck_assert_int_eq(tw_writer(m, &v[0], &none), 0); /* the index built */
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  ok(tw_goto(m, h, 0.5, 0));
  buf = snap(m, &n);
  f = malloc(n);
  ck_assert_ptr_nonnull(f);
  /* the section: 9 clock words and 3 a tween, before the trailer's 5 */
  nwords = 9 + 3 * 8;
  keys = n - 5 * 8 - nwords * 8;
  for (w = 0; w < nwords; w++) {
    int k;
    for (k = 0; k < 2; k++) {
      memcpy(f, buf, n);
      memcpy(&x, f + keys + 8 * w, 8);
      x = k == 0 ? ~(uint64_t)0 : x + ((uint64_t)1 << 40);
      memcpy(f + keys + 8 * w, &x, 8);
      snprintf(what, sizeof what,
               "word %lu of the key index's section, forged %d",
               (unsigned long)w, k);
      if (w == 0 && k == 1) { /* a later clock: a state a manager has */
        REQUIRE(restore_forged(m, f, buf, n, what), "%s: refused", what);
        ok(tw_restore(m, buf, n));
        continue;
      }
      REQUIRE(!restore_forged(m, f, buf, n, what), "%s: taken", what);
      refused++;
    }
  }
  ok(tw_restore(m, buf, n));
  tt_valid(m);
  ck_assert_int_eq(refused, 2 * (int)nwords - 1);
  ok(tw_manager_free(m));
  free(buf);
  free(f);
}
END_TEST

/* Every kind of record build() makes is alive in m, from the library's
 * lists: each ease whose data a record holds (TW__EASE_FN to
 * TW__EASE_SPRING), each kind of path (TW_PATH_LINEAR to TW_PATH_BEZIER)
 * and both wobbles (a punch, a shake). */
static void every_record_kind(const tw_manager *m) {
  int ease[TW__EASE_SPRING + 1] = {0}, path[TW_PATH_BEZIER + 1] = {0},
                             wobble[3] = {0}, k;
  uint32_t i;

  for (i = m->begin; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    const tw__record *r;
    if (m->aslot[i] == TW__EMPTY || (r = tw__rec(m, t)) == NULL)
      continue;
    ease[t->ease] = 1;
    if (r->ch != NULL && r->ch->path >= 1 && r->ch->path <= TW_PATH_BEZIER + 1)
      path[r->ch->path - 1] = 1;
    if (r->ch != NULL && r->ch->wobble >= 1 && r->ch->wobble <= 2)
      wobble[r->ch->wobble] = 1;
  }
  for (k = TW__EASE_FN; k <= TW__EASE_SPRING; k++)
    REQUIRE(ease[k], "no tween of ease %d in the snapshot forged", k);
  for (k = TW_PATH_LINEAR; k <= TW_PATH_BEZIER; k++)
    REQUIRE(path[k], "no path of kind %d in the snapshot forged", k);
  for (k = 1; k <= 2; k++)
    REQUIRE(wobble[k], "no wobble of kind %d in the snapshot forged", k);
}

/* A snapshot of build() after WARM frames, its parts (as the restore
 * reads them) and the program's state beside it, with room for a forged
 * copy (f) and the snapshot the manager's state is compared to (ref). */
typedef struct forgery {
  tw_manager *m;
  unsigned char *buf, *f, *ref;
  size_t n, np;
  tw__part parts[4096];
  saved keep;
} forgery;

/* A tween of each ease whose data a record holds (TW__EASE_FN to
 * TW__EASE_SPRING), a path of each kind and a punch and a shake, made
 * afresh (build's may have ended): every_record_kind finds them. */
static void one_of_each(tw_manager *m) {
  static const tw_key keys[2] = {{0, 0, 0, 1}, {1, 1, 1, 0}};
  static const float to = 4, amount[3] = {1, 2, 3},
                     pts[12] = {0, 0, 0, 1, 2, 3, 3, 1, 2, 4, 4, 0};
  tw_spring sp;
  tw_handle h;
  int k;

  for (k = TW__EASE_FN; k <= TW__EASE_SPRING; k++) {
    float *x = &W.t.f[36 + (k - TW__EASE_FN) % 4];
    if (k == TW__EASE_SPRING) {
      tw_spring_init(&sp);
      sp.velocity = -2;
      ok(tw_spring_to(m, TW_TYPE_FLOAT, &W.t.f[56], &to, &sp, &h));
      add(h);
      continue;
    }
    ok(tw_float_to(m, x, to, 2, &h));
    add(h);
    switch (k) {
    case TW__EASE_FN:
      ok(tw_set_ease_fn(m, h, cubic, NULL));
      break;
    case TW__EASE_BEZIER:
      ok(tw_set_ease_bezier(m, h, 0.3, -0.4, 0.7, 1.6));
      break;
    case TW__EASE_STEPS:
      ok(tw_set_ease_steps(m, h, 3, TW_JUMP_END));
      break;
    case TW__EASE_CURVE:
      ok(tw_set_ease_curve(m, h, keys, 2));
      break;
    default:
      REQUIRE(0, "ease %d: no case here", k);
    }
  }
  for (k = TW_PATH_LINEAR; k <= TW_PATH_BEZIER; k++) {
    ok(tw_path(m, TW_TYPE_VEC3, &W.t.v3[3 + k], pts,
               k == TW_PATH_BEZIER ? 4 : 3, k, 2, &h));
    add(h);
  }
  ok(tw_punch(m, TW_TYPE_VEC2, &W.t.v2[4], amount, 2, 5, 0.4, &h));
  add(h);
  ok(tw_shake(m, TW_TYPE_VEC2, &W.t.v2[5], amount, 2, 9, 60, 77u, 0, &h));
  add(h);
}

static void forgery_begin(forgery *g) {
  g->m = new_manager(NULL);
  build(g->m);
  run(g->m, 0, WARM, NULL);
  one_of_each(g->m);
  ok(tw_update(g->m, TW_UPDATE_NORMAL, 0.05, 0.05));
  g->buf = snap(g->m, &g->n);
  save(&g->keep);
  g->np = tw__test_snapshot_parts(g->m, g->buf, g->n, g->parts, 4096);
  ck_assert_uint_gt(g->np, 0);
  ck_assert_uint_le(g->np, 4096);
  g->f = malloc(g->n);
  g->ref = malloc(g->n);
  ck_assert_ptr_nonnull(g->f);
  ck_assert_ptr_nonnull(g->ref);
  memcpy(g->ref, g->buf, g->n);
}

static void forgery_end(forgery *g) {
  ok(tw_manager_free(g->m));
  free(g->buf);
  free(g->f);
  free(g->ref);
}

/* The snapshot with bad number k at byte `at`, restored (restore_forged):
 * refused, or taken and then, if runs, updated (run_forged); the true
 * snapshot restored again after.  1 if taken. */
static int forge_bad(forgery *g, size_t at, size_t k, int runs,
                     const char *what) {
  size_t used;

  memcpy(g->f, g->buf, g->n);
  set_bad(g->f, at, k);
  if (!restore_forged(g->m, g->f, g->ref, g->n, what))
    return 0;
  if (runs)
    run_forged(g->m, &g->keep, what);
  ok(tw_restore(g->m, g->buf, g->n));
  ok(tw_snapshot(g->m, g->ref, g->n, &used)); /* its records may be others */
  return 1;
}

/* Every number of every record kind forged (build: every ease, type,
 * setting, spring, path, punch, shake, sequence, stagger and label),
 * part by part as the restore reads them (tw__test_snapshot_parts), each
 * word of each set to each bad number, the checksum sealed again: each
 * restore refused with TW_ECORRUPT, the manager unchanged (its snapshot
 * the same bytes as before the forged one), or restored into a manager that
 * validates and then updates, writing only finite values.  A slice of the parts
 * per run. */
START_TEST(test_snapshot_forged_numbers) {
  static forgery g;
  size_t j, i, k;
  int accepted = 0, refused = 0, ran = 0, kind;
  char what[128];

  forgery_begin(&g);
  every_record_kind(g.m);
  /* every kind of part the restore reads is in the snapshot */
  for (kind = 0; kind < TW__PART_COUNT; kind++) {
    for (j = 0; j < g.np && g.parts[j].kind != kind; j++)
      ;
    REQUIRE(j < g.np, "no part of kind %d in the snapshot forged", kind);
  }
  for (j = (size_t)_i; j < g.np; j += FORGE_SLICES)
    for (i = g.parts[j].at & ~(size_t)7; i < g.parts[j].at + g.parts[j].bytes;
         i += 8)
      for (k = 0; k < NBAD; k++) {
        int runs = !not_a_number(g.buf, &g.parts[j], i);
        snprintf(what, sizeof what, "part %lu (kind %d), byte %lu, bad %lu",
                 (unsigned long)j, g.parts[j].kind, (unsigned long)i,
                 (unsigned long)k);
        if (!forge_bad(&g, i, k, runs, what)) {
          refused++;
          continue;
        }
        accepted++;
        ran += runs;
      }
  printf("forged numbers, slice %d: %d refused, %d restored (%d run)\n", _i,
         refused, accepted, ran);
  forgery_end(&g);
}
END_TEST

/* The numbers outside the records forged as test_snapshot_forged_numbers
 * forges theirs: each top-level tween's id, head, elapsed time, duration
 * and small values (its target is the program's), and every word after
 * the records (the key index's clocks and stamps, the trailer's scalars
 * and counts), each set to each bad number, sealed again: refused with
 * nothing changed, or restored into a manager that validates and updates
 * writing only finite values.  A slice of the words per run.  The
 * manager's time scale is taken as tw_manager_set_timescale takes it, any
 * finite one: the frames are not run after it, since at 1e300 an update
 * fires a tween's STEP_COMPLETE once per loop crossed, 2^31 times, as it
 * does for a program that sets that scale itself. */
START_TEST(test_snapshot_forged_columns) {
  static const int fields[] = {TW__SNAP_ID, TW__SNAP_HEAD, TW__SNAP_HOT,
                               TW__SNAP_HOT + 1, TW__SNAP_HOT + 3};
  static forgery g;
  static size_t at[4096];
  size_t j, i, k, after, nat = 0;
  int accepted = 0, refused = 0;
  char what[128];

  forgery_begin(&g);
  for (j = 0; tw__test_snapshot_field(g.buf, g.n, j, TW__SNAP_ID) != 0; j++)
    for (k = 0; k < sizeof fields / sizeof *fields; k++)
      at[nat++] = tw__test_snapshot_field(g.buf, g.n, j, fields[k]);
  ck_assert_uint_gt(j, 50);
  after = (g.parts[g.np - 1].at + g.parts[g.np - 1].bytes + 7) & ~(size_t)7;
  ck_assert_uint_ge(g.n - after, 5 * 8 + 9 * 8); /* the index is built */
  for (i = after; i < g.n; i += 8)
    at[nat++] = i;
  for (j = (size_t)_i; j < nat; j += FORGE_SLICES)
    for (k = 0; k < NBAD; k++) {
      snprintf(what, sizeof what, "byte %lu (%s), bad %lu",
               (unsigned long)at[j], at[j] >= after ? "after" : "columns",
               (unsigned long)k);
      /* the manager's time scale: see above */
      if (forge_bad(&g, at[j], k, at[j] != g.n - 5 * 8, what))
        accepted++;
      else
        refused++;
    }
  printf("forged columns, slice %d: %d refused, %d restored\n", _i, refused,
         accepted);
  forgery_end(&g);
}
END_TEST

/* A refused restore after a successful one changes nothing: a forged
 * head (a top-level tween marked a child) at tweens all through the
 * columns, each chunk the check reads among them, from the first to the
 * last, is refused and the manager's snapshot after is byte for byte the
 * one before; the true snapshot is then taken as before. */
START_TEST(test_snapshot_refused_after_restore) {
  static float vals[1200];
  tw_manager *m = new_manager(NULL);
  unsigned char *buf, *before, *after, *f, *again;
  size_t n, nb, used, j, ntop = 0;
  tw_handle h;
  int refused = 0;

  build(m);
  for (j = 0; j < sizeof vals / sizeof *vals; j++)
    ok(tw_float_to(m, &vals[j], (float)j, 1 + (double)j / 100, &h));
  run(m, 0, WARM, NULL);
  buf = snap(m, &n);
  ok(tw_restore(m, buf, n));
  again = snap(m, &nb); /* the manager as that restore left it */
  ck_assert_uint_eq(nb, n);
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.05, 0.05)); /* then moved on */
  before = snap(m, &nb);
  after = malloc(nb);
  f = malloc(n);
  ck_assert_ptr_nonnull(after);
  ck_assert_ptr_nonnull(f);
  while (tw__test_snapshot_field(buf, n, ntop, TW__SNAP_ID) != 0)
    ntop++;
  ck_assert_uint_gt(ntop, 1000);
  for (j = 0; j < ntop;
       j = j + 97 < ntop || j == ntop - 1 ? j + 97 : ntop - 1) {
    size_t at = tw__test_snapshot_field(buf, n, j, TW__SNAP_HEAD);
    uint32_t flags;
    memcpy(f, buf, n);
    memcpy(&flags, f + at, 4); /* the head's first 4 bytes: its flags */
    flags |= TW__F_CHILD;
    memcpy(f + at, &flags, 4);
    ok(tw__test_snapshot_seal(f, n));
    REQUIRE_RC(tw_restore(m, f, n), TW_ECORRUPT);
    tt_valid(m);
    ok(tw_snapshot(m, after, nb, &used));
    REQUIRE(used == nb && memcmp(before, after, nb) == 0,
            "tween %lu of %lu forged: refused, but the manager changed",
            (unsigned long)j, (unsigned long)ntop);
    refused++;
  }
  ck_assert_int_gt(refused, 10);
  ok(tw_restore(m, buf, n));
  tt_valid(m);
  ok(tw_snapshot(m, f, n, &used));
  ck_assert(used == n && memcmp(f, again, n) == 0);
  ok(tw_manager_free(m));
  free(buf);
  free(before);
  free(after);
  free(again);
  free(f);
}
END_TEST

/* The near-ends flag (the update interpolates a vector's components, or
 * a float that is not plain, unchecked) forged past the checksum: set on
 * a vector whose ends are far, kept on one whose end is made far, set on
 * a plain float (whose image the restore checks the short way; it never
 * carries the flag), kept on a float not plain whose end is made far, set
 * on one whose end is far: refused, nothing changed; the true snapshot,
 * its flag with it, is taken. */
START_TEST(test_snapshot_forged_near) {
  static tw_vec2 v;
  static float fx;
  int k;

  for (k = 0; k < 5; k++) {
    tw_manager *m = tt_manager(NULL, 0);
    tw_vec2 end = {k == 0 ? FLT_MAX : 1.0f, k == 0 ? -FLT_MAX : 2.0f}, was;
    unsigned char *buf, *f;
    uint32_t flags;
    float x, fwas;
    size_t n, head, ends, wide;
    tw_handle h;

    v.x = -FLT_MAX / 2;
    v.y = FLT_MAX / 2;
    fx = 0;
    if (k < 2) {
      ok(tw_vec2_to(m, &v, end, 1, NULL));
    } else {
      ok(tw_float_to(m, &fx, k == 4 ? FLT_MAX : 1, 1, &h));
      if (k >= 3) /* not plain */
        ok(tw_set_ease(m, h, TW_EASE_LINEAR));
    }
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25));
    buf = snap(m, &n);
    f = malloc(n);
    ck_assert_ptr_nonnull(f);
    memcpy(f, buf, n);
    /* the one tween's head, the word of its small values, its wide ones */
    head = tw__test_snapshot_field(buf, n, 0, TW__SNAP_HEAD);
    ends = tw__test_snapshot_field(buf, n, 0, TW__SNAP_HOT + 3);
    wide = tw__test_snapshot_field(buf, n, 0, TW__SNAP_EXTRAS);
    ck_assert(head > 0 && ends > 0 && wide > 0);
    memcpy(&flags, f + head + offsetof(tw__tween, flags), 4);
    if (k == 1) { /* near ends, flagged: an end forged far */
      ck_assert(flags & TW__F_NEAR);
      x = FLT_MAX;
      memcpy(f + wide + offsetof(tw__wide, end), &x, 4);
    } else if (k == 3) { /* a float not plain, near ends: its end forged */
      ck_assert(flags & TW__F_NEAR);
      x = FLT_MAX;
      memcpy(f + ends + 4, &x, 4); /* the word: start, end */
    } else { /* far ends, or a plain float: no flag, and one forged */
      ck_assert(!(flags & TW__F_NEAR));
      flags |= TW__F_NEAR;
      memcpy(f + head + offsetof(tw__tween, flags), &flags, 4);
    }
    ok(tw__test_snapshot_seal(f, n));
    was = v;
    fwas = fx;
    REQUIRE_RC(tw_restore(m, f, n), TW_ECORRUPT);
    tt_valid(m);
    ok(tw_restore(m, buf, n)); /* the true one is taken */
    tt_valid(m);
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25));
    if (k < 2) {
      ck_assert(isfinite(v.x) && isfinite(v.y));
      ck_assert(v.x != was.x || v.y != was.y);
    } else {
      ck_assert(fx > fwas && (k == 4 || fx < 1));
    }
    tt_valid(m);
    ok(tw_manager_free(m));
    free(buf);
    free(f);
  }
}
END_TEST

/* Plain floats with a record (an id), whose check takes its own way: a
 * given start not yet read forged NaN, a record forged to hold a setter
 * the tween does not have, a record's number forged not finite (each
 * word of its velocity's and additive retarget's numbers in turn): each
 * refused, nothing changed, as for any other tween; the true snapshot is
 * taken. */
START_TEST(test_snapshot_forged_plain_record) {
  static float v[3];
  static state st;
  static const float from = 1, to = 2;
  const uint64_t inf = 0x7ff0000000000000u;
  const float nan_start = NAN;
  tw_manager *m = new_manager(NULL);
  tw_setter_fn setter = set_float;
  unsigned char *buf, *f;
  size_t n, rec, at, k;
  uint32_t flags;
  tw_handle h;

  /* 0: a given start, not started (its update type is not run) */
  ok(tw_from_to(m, TW_TYPE_FLOAT, &v[0], &from, &to, 1, &h));
  ok(tw_set_update_type(m, h, TW_UPDATE_MANUAL));
  ok(tw_set_id(m, h, 1));
  /* 1, 2: started */
  ok(tw_float_to(m, &v[1], 3, 1, &h));
  ok(tw_set_id(m, h, 2));
  ok(tw_float_to(m, &v[2], 4, 1, &h));
  ok(tw_set_id(m, h, 3));
  ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  buf = snap(m, &n);
  f = malloc(n);
  ck_assert_ptr_nonnull(f);
  state_of(m, &st);
  memcpy(&flags, buf + tw__test_snapshot_field(buf, n, 0, TW__SNAP_HEAD), 4);
  ck_assert(flags & TW__F_PLAIN);
  ck_assert(flags & TW__F_STARTSET);
  ck_assert(!(flags & TW__F_STARTED));
  memcpy(&flags, buf + tw__test_snapshot_field(buf, n, 1, TW__SNAP_HEAD), 4);
  ck_assert(flags & TW__F_PLAIN);
  ck_assert(flags & TW__F_STARTED);
  /* tween 1's record image, after tween 0's */
  rec = tw__test_snapshot_field(buf, n, 0, TW__SNAP_EXTRAS) +
        ((sizeof(tw__record) + 7) & ~(size_t)7);
  for (k = 0; k < 2 + 5 * 4 + 1; k++) {
    memcpy(f, buf, n);
    if (k == 0) { /* tween 0's start, the first half of the word */
      at = tw__test_snapshot_field(buf, n, 0, TW__SNAP_HOT + 3);
      memcpy(f + at, &nan_start, 4);
    } else if (k == 1) {
      memcpy(f + rec + offsetof(tw__record, set), &setter, sizeof setter);
    } else if (k < 6) {
      memcpy(f + rec + offsetof(tw__record, extra_c) + 8 * (k - 2), &inf, 8);
    } else if (k == 6) {
      memcpy(f + rec + offsetof(tw__record, extra_j), &inf, 8);
    } else {
      static const size_t add[4] = {
          offsetof(tw__record, add_a), offsetof(tw__record, add_b),
          offsetof(tw__record, add_c0), offsetof(tw__record, add_k)};
      memcpy(f + rec + add[(k - 7) / 4] + 8 * ((k - 7) % 4), &inf, 8);
    }
    ok(tw__test_snapshot_seal(f, n));
    REQUIRE(tw_restore(m, f, n) == TW_ECORRUPT, "forgery %lu taken",
            (unsigned long)k);
    same_state(m, &st);
  }
  ok(tw_restore(m, buf, n)); /* the true one is taken */
  tt_valid(m);
  ok(tw_manager_free(m));
  free(buf);
  free(f);
}
END_TEST

/* A value's start or end not finite, forged past the checksum into a
 * started tween of every built-in type whose values have float or double
 * components (in the hot part's word for a value of 4 bytes, in the wide
 * values for 5 to 16): refused, nothing changed, since the update would
 * write it; the true snapshot is taken.  (Int and rgba8 values are always
 * finite.)  The fuzzer found a double's end forged NaN restored, then
 * written. */
START_TEST(test_snapshot_forged_ends) {
  static unsigned char target[16];
  int type, which, bad;

  for (type = 1; type < TW_TYPE_FIRST_CUSTOM; type++)
    for (which = 0; which < 2; which++)
      for (bad = 0; bad < 3; bad++) {
        tw_manager *m = tt_manager(NULL, 0);
        unsigned char end[16], *buf, *f;
        size_t n, size = 0, at;
        char what[96];
        double d = bad == 0 ? NAN : bad == 1 ? INFINITY : -INFINITY;
        float x = (float)d;
        tw_handle h;

        if (type == TW_TYPE_INT || type == TW_TYPE_RGBA8 ||
            tw_type_size(m, type) <= 0) {
          ok(tw_manager_free(m));
          continue;
        }
        size = (size_t)tw_type_size(m, type);
        memset(target, 0, sizeof target);
        memset(end, 0, sizeof end);
        ok(tw_to(m, type, target, end, 1, &h));
        ok(tw_set_ease(m, h, TW_EASE_LINEAR)); /* a float: not plain */
        ok(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25));
        buf = snap(m, &n);
        f = malloc(n);
        ck_assert_ptr_nonnull(f);
        memcpy(f, buf, n);
        if (size <= 4) /* the word of the hot part: start, end */
          at = tw__test_snapshot_field(buf, n, 0, TW__SNAP_HOT + 3) + 4 * which;
        else
          at = tw__test_snapshot_field(buf, n, 0, TW__SNAP_EXTRAS) +
               (which ? offsetof(tw__wide, end) : offsetof(tw__wide, start));
        ck_assert_uint_gt(at, 0);
        if (type == TW_TYPE_DOUBLE)
          memcpy(f + at, &d, sizeof d);
        else
          memcpy(f + at, &x, sizeof x);
        snprintf(what, sizeof what, "type %d, its %s forged %g", type,
                 which ? "end" : "start", d);
        REQUIRE(!restore_forged(m, f, buf, n, what), "%s: restored", what);
        ok(tw_restore(m, buf, n)); /* the true one is taken */
        tt_valid(m);
        ok(tw_manager_free(m));
        free(buf);
        free(f);
      }
}
END_TEST

/* A record's overshoot forged in a snapshot, where the manager's records
 * have held none but the default: the restore takes it (it is finite),
 * the manager stays valid, and every ease that reads its parameters
 * (TW__EASE_PARAMS) then plays with it, as a tween given it by
 * tw_set_ease_params plays, bit for bit (a running Back ease reads its
 * record's overshoot only once one has held another). */
START_TEST(test_snapshot_forged_overshoot) {
  int e;

  for (e = 0; e < TW_EASE_COUNT; e++) {
    tw_manager *m, *m2;
    static float x, x2;
    const double forged = 3.0;
    unsigned char *buf, *f;
    size_t n, at;
    tw_handle h, h2;
    char what[64];

    if (!((TW__EASE_PARAMS >> e) & 1))
      continue; /* it reads no parameter */
    m = tt_manager(NULL, 0);
    m2 = tt_manager(NULL, 0);
    x = x2 = 0;
    ok(tw_float_to(m, &x, 10.0f, 1.0, &h));
    ok(tw_set_ease(m, h, (tw_ease)e));
    ok(tw_set_ease_params(m, h, TW__OVERSHOOT, 0)); /* a record, default */
    ok(tw_float_to(m2, &x2, 10.0f, 1.0, &h2));
    ok(tw_set_ease(m2, h2, (tw_ease)e));
    ok(tw_set_ease_params(m2, h2, forged, 0));
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25));
    ok(tw_update(m2, TW_UPDATE_NORMAL, 0.25, 0.25));
    buf = snap(m, &n);
    f = malloc(n);
    ck_assert_ptr_nonnull(f);
    memcpy(f, buf, n);
    at = tw__test_snapshot_field(buf, n, 0, TW__SNAP_EXTRAS);
    ck_assert_uint_gt(at, 0);
    at += offsetof(tw__record, overshoot);
    memcpy(f + at, &forged, sizeof forged);
    snprintf(what, sizeof what, "%s, overshoot forged",
             tw_ease_name((tw_ease)e));
    REQUIRE(restore_forged(m, f, buf, n, what), "%s: refused", what);
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25));
    ok(tw_update(m2, TW_UPDATE_NORMAL, 0.25, 0.25));
    REQUIRE(memcmp(&x, &x2, sizeof x) == 0, "%s: %.9g, given it %.9g", what,
            (double)x, (double)x2);
    tt_valid(m);
    ok(tw_manager_free(m));
    ok(tw_manager_free(m2));
    free(buf);
    free(f);
  }
}
END_TEST

/* ------------------------------------------------------------------ */
/* allocation failures                                                 */

/* Each allocation of a restore fails in turn: TW_ENOMEM, nothing changed;
 * then it succeeds, and the replay is the first run.  From a live state
 * (records kept), after a clear (every record new) and after kills with
 * the capacity lowered (the capacity grows back). */
START_TEST(test_snapshot_alloc_fail) {
  static targets first[SPAN], again[SPAN];
  static state st;
  static saved at;
  tt_alloc_state a;
  tw_manager *m;
  unsigned char *buf;
  size_t n, k;
  int rc = TW_ENOMEM, failures = 0, f;

  memset(&a, 0, sizeof a);
  m = new_manager(&a);
  build(m);
  run(m, 0, WARM, NULL);
  buf = snap(m, &n);
  save(&at);
  run(m, WARM, WARM + SPAN, first);
  spoil(m, _i);
  state_of(m, &st);
  for (k = 1; rc == TW_ENOMEM; k++) {
    a.fail_at = a.calls + k;
    rc = tw_restore(m, buf, n);
    if (rc == TW_ENOMEM) {
      failures++;
      ck_assert_uint_eq(a.failures, (size_t)failures);
      same_state(m, &st);
    }
    ck_assert_uint_lt(k, 100000);
  }
  a.fail_at = 0;
  ok(rc);
  printf("restore after spoil %d: %d allocations\n", _i, failures);
  ck_assert_int_ge(failures, 1);
  load(&at);
  run(m, WARM, WARM + SPAN, again);
  for (f = 0; f < SPAN; f++)
    ck_assert(memcmp(&first[f], &again[f], sizeof first[f]) == 0);
  ok(tw_manager_free(m));
  ck_assert_uint_eq(a.live_bytes, 0);
  free(buf);
}
END_TEST

/* tw_snapshot never allocates. */
START_TEST(test_snapshot_no_alloc) {
  tt_alloc_state a;
  tw_manager *m;
  unsigned char *buf;
  size_t n, used, calls;

  memset(&a, 0, sizeof a);
  m = new_manager(&a);
  build(m);
  run(m, 0, WARM, NULL);
  ok(tw_snapshot_size(m, &n));
  buf = malloc(n);
  calls = a.calls;
  ok(tw_snapshot(m, buf, n, &used));
  ck_assert_int_eq(tw_snapshot(m, buf, n / 2, &used), TW_ERANGE);
  ck_assert_uint_eq(a.calls, calls);
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* ------------------------------------------------------------------ */
/* callbacks: TW_EBUSY from every kind                                 */

static tw_manager *busy_m;
static int busy_seen;

static void busy_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  ck_assert_ptr_eq(m, busy_m);
  busy_checks(m);
  busy_seen++;
}

static int busy_set(void *ud, const void *v) {
  busy_checks(busy_m);
  busy_seen++;
  return set_float(ud, v);
}

static void busy_get(void *ud, void *out) {
  busy_checks(busy_m);
  busy_seen++;
  get_float(ud, out);
}

static void busy_warn(tw_manager *m, tw_warning what, size_t o, size_t n,
                      void *ud) {
  (void)what;
  (void)o;
  (void)n;
  (void)ud;
  busy_checks(m);
  busy_seen++;
}

/* _i: an event (TW_ON_*), then a sequence's callback, a setter, a getter,
 * the warning hook. */
START_TEST(test_snapshot_busy) {
  tw_config c;
  tw_manager *m;
  static float v[300];
  tw_handle h, s;
  unsigned char *buf;
  size_t n;
  int i;

  tw_config_init(&c);
  c.tweens = 1;
  c.warn = busy_warn;
  ok(tw_manager_new(&c, &m));
  busy_m = m;
  busy_seen = 0;
  buf = snap(m, &n);
  if (_i < TW_ON_COUNT) {
    ok(tw_float_to(m, &v[0], 1, 0.5, &h));
    ok(tw_set_loops(m, h, 2, TW_LOOP_YOYO));
    ok(tw_on(m, h, (tw_event)_i, busy_cb, NULL));
    if (_i == TW_ON_PAUSE) {
      ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
      ok(tw_pause(m, h));
    } else if (_i == TW_ON_REWIND) {
      ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
      ok(tw_rewind(m, h, 1));
    } else if (_i == TW_ON_KILL) {
      ok(tw_kill(m, h, 0));
    }
    for (i = 0; i < 20 && tw_is_active(m, h) == 1; i++)
      ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  } else if (_i == TW_ON_COUNT) {
    ok(tw_sequence(m, &s));
    ok(tw_seq_append_callback(m, s, busy_cb, NULL));
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  } else if (_i == TW_ON_COUNT + 1) {
    ok(tw_to_fn(m, TW_TYPE_FLOAT, busy_set, get_float, &v[0], &v[1], 1, &h));
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  } else if (_i == TW_ON_COUNT + 2) {
    ok(tw_to_fn(m, TW_TYPE_FLOAT, set_float, busy_get, &v[0], &v[1], 1, &h));
    ok(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
  } else {
    for (i = 0; i < 300; i++) /* grows: the hook runs */
      ok(tw_float_to(m, &v[i], 1, 1, NULL));
  }
  ck_assert_int_gt(busy_seen, 0);
  ok(tw_restore(m, buf, n)); /* outside: fine */
  ok(tw_manager_free(m));
  free(buf);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *snapshot_suite(void) {
  Suite *s = suite_create("snapshot");
  TCase *tc;

  tc = tcase_create("replay");
  tcase_add_loop_test(tc, test_snapshot_replay, 0, SPOIL_COUNT);
  suite_add_tcase(s, tc);
  tc = tcase_create("state");
  tcase_add_test(tc, test_snapshot_state);
  tcase_add_test(tc, test_snapshot_bytes);
  tcase_add_test(tc, test_snapshot_bytes_failed_path);
  tcase_add_test(tc, test_snapshot_writes_nothing);
  tcase_add_test(tc, test_snapshot_empty_no_array);
  tcase_add_test(tc, test_snapshot_silent);
  suite_add_tcase(s, tc);
  tc = tcase_create("size");
  tcase_add_test(tc, test_snapshot_size);
  tcase_add_loop_test(tc, test_snapshot_size_documented, 0, 5);
  tcase_add_test(tc, test_snapshot_writer_order);
  suite_add_tcase(s, tc);
  tc = tcase_create("handles");
  tcase_add_test(tc, test_snapshot_handles);
  tcase_add_test(tc, test_snapshot_retire);
  suite_add_tcase(s, tc);
  tc = tcase_create("refusals");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_snapshot_refusals);
  tcase_add_test(tc, test_snapshot_version);
  tcase_add_test(tc, test_snapshot_foreign_freed);
  tcase_add_test(tc, test_snapshot_forged);
  tcase_add_test(tc, test_snapshot_forged_plain);
  tcase_add_test(tc, test_snapshot_forged_plain_run);
  tcase_add_test(tc, test_snapshot_forged_plain_record);
  tcase_add_test(tc, test_snapshot_forged_near);
  tcase_add_test(tc, test_snapshot_refused_after_restore);
  tcase_add_test(tc, test_snapshot_forged_ends);
  tcase_add_test(tc, test_snapshot_forged_stamps);
  tcase_add_test(tc, test_snapshot_forged_overshoot);
  tcase_add_test(tc, test_snapshot_longest);
  tcase_add_test(tc, test_snapshot_nested_gone);
  suite_add_tcase(s, tc);

  /* Every number and every column of a snapshot forged in turn (about
     110,000 restores): tagged "exhaustive", so that a slow run (valgrind,
     qemu) may leave it out with CK_EXCLUDE_TAGS=exhaustive; make check
     runs it, natively and under the sanitizers. */
  tc = tcase_create("forgery");
  tcase_set_tags(tc, "exhaustive");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, test_snapshot_forged_numbers, 0, FORGE_SLICES);
  tcase_add_loop_test(tc, test_snapshot_forged_columns, 0, FORGE_SLICES);
  suite_add_tcase(s, tc);
  tc = tcase_create("alloc");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, test_snapshot_alloc_fail, 0, SPOIL_COUNT);
  tcase_add_test(tc, test_snapshot_no_alloc);
  suite_add_tcase(s, tc);
  tc = tcase_create("busy");
  tcase_add_loop_test(tc, test_snapshot_busy, 0, TW_ON_COUNT + 4);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tt_run(snapshot_suite()); }

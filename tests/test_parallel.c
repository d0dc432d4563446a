/* SPDX-License-Identifier: MIT */
/* The parallel update (tw_manager_set_parallel, tw_threads_*): the same
 * program run serially and with the hook set compares bitwise (every
 * value, every event, tw_manager_order, tw_stats but its bytes), for the
 * ready pool on 1, 2, 3 and 8 threads and for a hook that runs its chunks
 * backwards, over grains from 1 to 4096 with the threshold 0; the newer
 * tween on a value wins; the manager refuses the calling thread during the
 * parallel phase; bad input is refused, changing nothing.
 *
 * make check-tsan runs this file under ThreadSanitizer too. */
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "life.h" /* tw__test_share_looks */

#define NF 600
#define NV 80
#define NH 4096
#define ROUNDS 10

/* A hook of the program's own: the chunks of [0, n), grain long, from the
 * last to the first. */
static void backwards(void *pool, tw_job_fn job, void *arg, size_t n,
                      size_t grain) {
  size_t k = (n + grain - 1) / grain;

  (void)pool;
  while (k-- > 0)
    job(arg, k * grain, (k + 1) * grain < n ? (k + 1) * grain : n);
}

typedef struct world {
  tw_manager *m;
  uint64_t rng;
  float f[NF];
  tw_vec3 v[NV];
  double d[NV];
  tw_handle rec[NH]; /* tweens with a record: callbacks aim at them */
  int nrec;
  int tags[NH];
  int ntags;
  /* what the run saw */
  unsigned char *out;
  size_t nout, capout;
} world;

static uint32_t rnd(world *w) {
  w->rng = w->rng * 6364136223846793005u + 1442695040888963407u;
  return (uint32_t)(w->rng >> 33);
}

static void put(world *w, const void *p, size_t n) {
  if (w->nout + n > w->capout) {
    w->capout = (w->nout + n) * 2;
    w->out = realloc(w->out, w->capout);
    ck_assert_ptr_nonnull(w->out);
  }
  memcpy(w->out + w->nout, p, n);
  w->nout += n;
}

static world *cur; /* the world the callbacks act on */

static void plain_tween(world *w);

/* A callback: logs, and now and then creates, kills, completes, grows. */
static void on_event(tw_manager *m, tw_handle h, void *ud) {
  int tag = *(int *)ud;
  uint32_t r = rnd(cur);
  int e[2];

  e[0] = tag;
  e[1] = (int)h.index;
  put(cur, e, sizeof e);
  switch (r % 8) {
  case 0:
    plain_tween(cur);
    break;
  case 1:
    if (cur->nrec > 0)
      (void)tw_kill(m, cur->rec[rnd(cur) % (uint32_t)cur->nrec], 0);
    break;
  case 2:
    if (cur->nrec > 0)
      (void)tw_complete(m, cur->rec[rnd(cur) % (uint32_t)cur->nrec]);
    break;
  case 3: {
    tw_stats st;
    tw_manager_stats(m, &st);
    (void)tw_manager_set_capacity(m, st.tweens_capacity + 100, 0);
    break;
  }
  default:
    break;
  }
}

static int *new_tag(world *w) {
  if (w->ntags == NH)
    w->ntags = 0;
  w->tags[w->ntags] = w->ntags;
  return &w->tags[w->ntags++];
}

static void keep(world *w, tw_handle h) {
  if (w->nrec < NH)
    w->rec[w->nrec++] = h;
}

static void plain_tween(world *w) {
  float *x = &w->f[rnd(w) % NF];
  (void)tw_float_to(w->m, x, (float)(rnd(w) % 1000) / 7.0f,
                    0.05 + (rnd(w) % 100) / 50.0, NULL);
}

/* One random creation of any kind. */
static void create(world *w) {
  tw_manager *m = w->m;
  tw_handle h;
  uint32_t k = rnd(w) % 16;
  tw_vec3 e3;
  double dur = (rnd(w) % 5 == 0) ? 0.0 : 0.02 + (rnd(w) % 200) / 100.0;

  e3.x = (float)(rnd(w) % 100);
  e3.y = (float)(rnd(w) % 100) / 3.0f;
  e3.z = -(float)(rnd(w) % 100);
  if (k < 7) {
    plain_tween(w);
  } else if (k < 9) {
    if (tw_vec3_to(m, &w->v[rnd(w) % NV], e3, dur, &h) == 0 && (rnd(w) & 1))
      tw_set_ease(m, h, (tw_ease)(rnd(w) % TW_EASE_COUNT));
  } else if (k == 9) {
    if (tw_double_to(m, &w->d[rnd(w) % NV], rnd(w) % 50, dur, &h) == 0)
      tw_set_ease(m, h, (tw_ease)(rnd(w) % TW_EASE_COUNT));
  } else if (k == 10) { /* a float inside a vec3 */
    tw_vec3 *v = &w->v[rnd(w) % NV];
    (void)tw_float_to(m, &v->y, (float)(rnd(w) % 100), dur, NULL);
  } else if (k == 11) { /* delayed, looping: a record */
    if (tw_float_to(m, &w->f[rnd(w) % NF], 5.0f, dur, &h) == 0) {
      tw_set_delay(m, h, (rnd(w) % 10) / 20.0);
      tw_set_loops(m, h, 1 + (int)(rnd(w) % 3), TW_LOOP_YOYO);
      keep(w, h);
    }
  } else if (k == 12 || k == 13) { /* callbacks */
    if (tw_float_to(m, &w->f[rnd(w) % NF], 9.0f, dur, &h) == 0) {
      tw_on(m, h, TW_ON_COMPLETE, on_event, new_tag(w));
      tw_on(m, h, TW_ON_START, on_event, new_tag(w));
      if (k == 13)
        tw_on(m, h, TW_ON_UPDATE, on_event, new_tag(w));
      keep(w, h);
    }
  } else if (k == 14) { /* a sequence of two */
    tw_handle s, a, b;
    if (tw_sequence(m, &s) == 0) {
      if (tw_float_to(m, &w->f[rnd(w) % NF], 1.0f, dur, &a) == 0)
        tw_seq_append(m, s, a);
      if (tw_vec3_to(m, &w->v[rnd(w) % NV], e3, dur, &b) == 0)
        tw_seq_append(m, s, b);
      keep(w, s);
    }
  } else if (tw_float_to(m, &w->f[rnd(w) % NF], 2.0f, dur, &h) == 0) {
    tw_pause(m, h); /* paused, played again later */
    keep(w, h);
  }
}

/* What a run shows after each update: values, the order, the stats. */
static void observe(world *w) {
  tw_handle order[8192];
  tw_stats st;
  int n = tw_manager_order(w->m, order, 8192);

  ck_assert_int_ge(n, 0);
  ck_assert_int_le(n, 8192);
  put(w, w->f, sizeof w->f);
  put(w, w->v, sizeof w->v);
  put(w, w->d, sizeof w->d);
  put(w, order, (size_t)n * sizeof *order);
  ck_assert_int_eq(tw_manager_stats(w->m, &st), 0);
  st.bytes = 0; /* the hook's own memory and the key index */
  put(w, &st, sizeof st);
}

/* Runs the seeded program: hook NULL is serial. */
static void run(world *w, uint64_t seed, tw_parallel_fn hook, void *pool,
                size_t grain) {
  static const double dts[] = {0.0, 1.0 / 60, 1.0 / 30, 0.25, 1e-9, 3.0};
  int r, i;

  memset(w, 0, sizeof *w);
  cur = w;
  w->rng = seed;
  w->m = tt_manager(NULL, 0);
  for (i = 0; i < NF; i++)
    w->f[i] = (float)i;
  if (hook != NULL)
    ck_assert_int_eq(tw_manager_set_parallel(w->m, hook, pool, grain, 0), 0);
  for (i = 0; i < 300; i++)
    create(w);
  for (r = 0; r < ROUNDS; r++) {
    double dt = dts[rnd(w) % 6];
    for (i = (int)(rnd(w) % 60); i > 0; i--)
      create(w);
    if (w->nrec > 0 && (rnd(w) & 1)) {
      tw_handle h = w->rec[rnd(w) % (uint32_t)w->nrec];
      switch (rnd(w) % 4) {
      case 0:
        tw_kill(w->m, h, 0);
        break;
      case 1:
        tw_play(w->m, h);
        break;
      case 2:
        tw_rewind(w->m, h, 1);
        break;
      default:
        tw_pause(w->m, h);
      }
    }
    ck_assert_int_eq(tw_update(w->m, TW_UPDATE_NORMAL, dt, dt * 0.5), 0);
    if (r % 7 == 0)
      tw_update(w->m, TW_UPDATE_LATE, dt, dt);
    tt_valid(w->m);
    observe(w);
  }
  tw_manager_free(w->m);
  w->m = NULL;
}

static void same_runs(world *a, world *b) {
  size_t i;

  ck_assert_uint_eq(a->nout, b->nout);
  for (i = 0; i < a->nout && a->out[i] == b->out[i]; i++)
    ;
  ck_assert_msg(i == a->nout, "the runs part at byte %lu of %lu",
                (unsigned long)i, (unsigned long)a->nout);
}

static world serial_w, par_w;

static const size_t grains[] = {1, 2, 3, 5, 16, 100, 1024, 4096};
#define NGRAINS (sizeof grains / sizeof grains[0])

START_TEST(test_parallel_same_as_serial_pool) {
  static const unsigned threads[] = {1, 2, 3, 8};
  tw_threads *pool;
  size_t g;

  run(&serial_w, 0x5eed + (uint64_t)_i, NULL, NULL, 1);
  if (tw_threads_new(threads[_i % 4], &pool) == TW_ENOTSUP)
    return; /* built without threads: the hook's own test stands */
  for (g = (size_t)(_i % 2); g < NGRAINS; g += 2) { /* half the grains,
                                                       the others next */
    run(&par_w, 0x5eed + (uint64_t)_i, tw_threads_parallel_for, pool,
        grains[g]);
    same_runs(&serial_w, &par_w);
    free(par_w.out);
  }
  ck_assert_int_eq(tw_threads_free(pool), 0);
  free(serial_w.out);
}
END_TEST

START_TEST(test_parallel_same_as_serial_hook) {
  size_t g;

  run(&serial_w, 0xabc + (uint64_t)_i, NULL, NULL, 1);
  for (g = 0; g < NGRAINS; g++) {
    run(&par_w, 0xabc + (uint64_t)_i, backwards, NULL, grains[g]);
    same_runs(&serial_w, &par_w);
    free(par_w.out);
  }
  free(serial_w.out);
}
END_TEST

/* Two plain tweens on one float, and a float inside a vec3, with many
 * tweens between them (other chunks): the newer wins at every update. */
START_TEST(test_parallel_last_writer) {
  static float fill[2][600];
  size_t g;
  int k, r, i;

  for (g = 0; g < NGRAINS; g++) {
    float x[2] = {0, 0};
    tw_vec3 v[2] = {{0, 0, 0}, {0, 0, 0}};
    tw_manager *m[2];
    for (k = 0; k < 2; k++) { /* k 0: serial, 1: the hook */
      m[k] = tt_manager(NULL, 0);
      if (k == 1)
        ck_assert_int_eq(
            tw_manager_set_parallel(m[k], backwards, NULL, grains[g], 0), 0);
      ck_assert_int_eq(tw_float_to(m[k], &x[k], 100.0f, 1.0, NULL), 0);
      ck_assert_int_eq(
          tw_vec3_to(m[k], &v[k], (tw_vec3){10, 20, 30}, 1.5, NULL), 0);
      for (i = 0; i < 600; i++)
        ck_assert_int_eq(tw_float_to(m[k], &fill[k][i], (float)i, 3.0, NULL),
                         0);
      ck_assert_int_eq(tw_float_to(m[k], &x[k], -50.0f, 1.9, NULL), 0);
      ck_assert_int_eq(tw_float_to(m[k], &v[k].y, -7.0f, 1.9, NULL), 0);
    }
    for (r = 0; r < 40; r++) {
      for (k = 0; k < 2; k++)
        ck_assert_int_eq(tw_update(m[k], TW_UPDATE_NORMAL, 0.05, 0.05), 0);
      ck_assert(memcmp(&x[0], &x[1], sizeof x[0]) == 0);
      ck_assert(memcmp(&v[0], &v[1], sizeof v[0]) == 0);
      ck_assert(memcmp(fill[0], fill[1], sizeof fill[0]) == 0);
    }
    EQF(x[1], -50.0f); /* the newer ended last: it stands */
    EQF(v[1].y, -7.0f);
    EQF(v[1].x, 10.0f);
    for (k = 0; k < 2; k++)
      tw_manager_free(m[k]);
  }
}
END_TEST

/* A pointer tween with a key of its own (tw_set_key) writes its bytes
 * all the same: a plain tween on them stays in order, whether it is older
 * or newer, and whether the key was set before or after it came, a float
 * in a vec3 with a key of its own too, after the key changed, after it
 * was put back (NULL), after the keyed tween was killed; with many keyed
 * tweens about (their index grows meanwhile), with the hook set before
 * the tweens came and after (the newer tweens in lower slots), and turned
 * off and on again. */
typedef struct keyed {
  float z[8], fill[600], more[300], junk[32];
  tw_vec3 v[2];
} keyed;

static void keyed_world(tw_manager *m, keyed *w, char *keys) {
  tw_handle c[32];
  int i;

  memset(w, 0, sizeof *w);
  for (i = 0; i < 32; i++) /* freed slots: the newer take the lower */
    ck_assert_int_eq(tw_float_to(m, &w->junk[i], 1.0f, 1.0, &c[i]), 0);
  for (i = 0; i < 32; i++)
    ck_assert_int_eq(tw_kill(m, c[i], 0), 0);
  /* z[0]: plain, keyed (key at once), plain */
  ck_assert_int_eq(tw_float_to(m, &w->z[0], 100.0f, 1.0, NULL), 0);
  ck_assert_int_eq(tw_float_to(m, &w->z[0], -5.0f, 2.0, &c[0]), 0);
  ck_assert_int_eq(tw_set_key(m, c[0], &keys[0]), 0);
  ck_assert_int_eq(tw_float_to(m, &w->z[0], 30.0f, 1.0, NULL), 0);
  /* z[1]: keyed, the plain one far after (below) */
  ck_assert_int_eq(tw_float_to(m, &w->z[1], 7.0f, 2.0, &c[1]), 0);
  ck_assert_int_eq(tw_set_key(m, c[1], &keys[1]), 0);
  /* z[2]: keyed, plain, then the key set */
  ck_assert_int_eq(tw_float_to(m, &w->z[2], 8.0f, 2.0, &c[2]), 0);
  ck_assert_int_eq(tw_float_to(m, &w->z[2], 80.0f, 1.0, NULL), 0);
  ck_assert_int_eq(tw_set_key(m, c[2], &keys[2]), 0);
  /* v[0]: a keyed vec3, then a float on its y */
  ck_assert_int_eq(tw_vec3_to(m, &w->v[0], (tw_vec3){1, 2, 3}, 2.0, &c[3]), 0);
  ck_assert_int_eq(tw_set_key(m, c[3], &keys[3]), 0);
  ck_assert_int_eq(tw_float_to(m, &w->v[0].y, 50.0f, 1.0, NULL), 0);
  /* v[1]: a vec3, a float on its z, then the vec3's key set */
  ck_assert_int_eq(tw_vec3_to(m, &w->v[1], (tw_vec3){4, 5, 6}, 2.0, &c[4]), 0);
  ck_assert_int_eq(tw_float_to(m, &w->v[1].z, 60.0f, 1.0, NULL), 0);
  ck_assert_int_eq(tw_set_key(m, c[4], &keys[4]), 0);
  /* z[3]: keyed, its key changed, then a plain one */
  ck_assert_int_eq(tw_float_to(m, &w->z[3], 9.0f, 2.0, &c[5]), 0);
  ck_assert_int_eq(tw_set_key(m, c[5], &keys[5]), 0);
  ck_assert_int_eq(tw_set_key(m, c[5], &keys[6]), 0);
  ck_assert_int_eq(tw_float_to(m, &w->z[3], 90.0f, 1.0, NULL), 0);
  /* z[4]: keyed, its key put back, then a plain one */
  ck_assert_int_eq(tw_float_to(m, &w->z[4], 11.0f, 2.0, &c[6]), 0);
  ck_assert_int_eq(tw_set_key(m, c[6], &keys[7]), 0);
  ck_assert_int_eq(tw_set_key(m, c[6], NULL), 0);
  ck_assert_int_eq(tw_float_to(m, &w->z[4], 110.0f, 1.0, NULL), 0);
  /* z[5]: keyed, killed, then a plain one */
  ck_assert_int_eq(tw_float_to(m, &w->z[5], 12.0f, 2.0, &c[7]), 0);
  ck_assert_int_eq(tw_set_key(m, c[7], &keys[8]), 0);
  ck_assert_int_eq(tw_kill(m, c[7], 0), 0);
  ck_assert_int_eq(tw_float_to(m, &w->z[5], 120.0f, 1.0, NULL), 0);
  for (i = 0; i < 300; i++) { /* keyed tweens about */
    ck_assert_int_eq(tw_float_to(m, &w->more[i], (float)i, 2.0, &c[0]), 0);
    ck_assert_int_eq(tw_set_key(m, c[0], &keys[10 + i]), 0);
    if (i == 150)
      ck_assert_int_eq(tw_float_to(m, &w->z[6], 13.0f, 2.0, &c[8]), 0);
  }
  /* z[6]: keyed among them, a plain one after */
  ck_assert_int_eq(tw_set_key(m, c[8], &keys[9]), 0);
  for (i = 0; i < 600; i++)
    ck_assert_int_eq(tw_float_to(m, &w->fill[i], (float)i, 3.0, NULL), 0);
  ck_assert_int_eq(tw_float_to(m, &w->z[1], 60.0f, 1.0, NULL), 0);
  ck_assert_int_eq(tw_float_to(m, &w->z[6], 130.0f, 1.0, NULL), 0);
  tt_valid(m);
}

START_TEST(test_parallel_own_key) {
  static keyed w[3];
  static char keys[310];
  int k, r;
  tw_manager *m[3];

  for (k = 0; k < 3; k++) { /* serial; the hook first; the hook after */
    m[k] = tt_manager(NULL, 0);
    if (k == 1)
      ck_assert_int_eq(tw_manager_set_parallel(m[k], backwards, NULL, 16, 0),
                       0);
    keyed_world(m[k], &w[k], keys);
    if (k == 2)
      ck_assert_int_eq(tw_manager_set_parallel(m[k], backwards, NULL, 16, 0),
                       0);
  }
  for (r = 0; r < 50; r++) {
    if (r == 25) { /* turned off and on again */
      ck_assert_int_eq(tw_manager_set_parallel(m[1], NULL, NULL, 0, 0), 0);
      ck_assert_int_eq(tw_manager_set_parallel(m[1], backwards, NULL, 5, 0), 0);
      tt_valid(m[1]);
    }
    for (k = 0; k < 3; k++)
      ck_assert_int_eq(tw_update(m[k], TW_UPDATE_NORMAL, 0.05, 0.05), 0);
    for (k = 1; k < 3; k++)
      ck_assert_msg(memcmp(&w[0], &w[k], sizeof w[0]) == 0, "%d, round %d", k,
                    r);
  }
  for (k = 0; k < 3; k++)
    tw_manager_free(m[k]);
}
END_TEST

/* Their cost: a creation with a hook set looks at a bounded number of
 * tweens, however many have keys of their own: creating them, plain ones
 * beside them, changing their keys, killing them. */
START_TEST(test_parallel_own_key_cost) {
  enum { N = 1000 };
  static float v[2 * N];
  static char keys[2 * N];
  static tw_handle h[N];
  tw_manager *m = tt_manager(NULL, 0);
  size_t looks;
  int i;

  ck_assert_int_eq(tw_manager_set_parallel(m, backwards, NULL, 16, 0), 0);
  for (i = 0; i < N; i++) {
    ck_assert_int_eq(tw_float_to(m, &v[i], 1.0f, 1.0, &h[i]), 0);
    ck_assert_int_eq(tw_set_key(m, h[i], &keys[i]), 0);
  }
  for (i = 0; i < N; i++)
    ck_assert_int_eq(tw_float_to(m, &v[N + i], 1.0f, 1.0, NULL), 0);
  for (i = 0; i < N; i++)
    ck_assert_int_eq(tw_set_key(m, h[i], &keys[N + i]), 0);
  for (i = 0; i < N; i += 2)
    ck_assert_int_eq(tw_kill(m, h[i], 0), 0);
  for (i = 0; i < N; i += 2)
    ck_assert_int_eq(tw_float_to(m, &v[i], 1.0f, 1.0, NULL), 0);
  tt_valid(m);
  looks = tw__test_share_looks(m);
  ck_assert_msg(looks <= 16 * 4 * N, "%lu looks for %d creations",
                (unsigned long)looks, 4 * N);
  tw_manager_free(m);
}
END_TEST

/* The hook may not use the manager from the calling thread. */
static tw_handle busy_h;
static int busy_calls;

static void busy_hook(void *pool, tw_job_fn job, void *arg, size_t n,
                      size_t grain) {
  tw_manager *m = pool;
  tw_handle h;
  float y = 0;

  (void)grain;
  busy_calls++;
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), TW_EBUSY);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_LATE, 0.1, 0.1), TW_EBUSY);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &h), TW_EBUSY);
  ck_assert_int_eq(tw_kill(m, busy_h, 0), TW_EBUSY);
  ck_assert_int_eq(tw_complete(m, busy_h), TW_EBUSY);
  ck_assert_int_eq(tw_pause(m, busy_h), TW_EBUSY);
  ck_assert_int_eq(tw_kill_all(m, 0), TW_EBUSY);
  ck_assert_int_eq(tw_manager_clear(m), TW_EBUSY);
  ck_assert_int_eq(tw_manager_set_capacity(m, 5000, 0), TW_EBUSY);
  ck_assert_int_eq(tw_manager_set_parallel(m, NULL, NULL, 1, 0), TW_EBUSY);
  ck_assert_int_eq(tw_manager_free(m), TW_EBUSY);
  EQF(y, 0.0f);
  job(arg, 0, n);
}

START_TEST(test_parallel_busy) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0;
  tw_stats before, after;

  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 1.0, &busy_h), 0);
  ck_assert_int_eq(tw_manager_set_parallel(m, busy_hook, m, 1, 0), 0);
  busy_calls = 0;
  tw_manager_stats(m, &before);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  ck_assert_int_eq(busy_calls, 1);
  tw_manager_stats(m, &after);
  ck_assert_uint_eq(after.live, before.live);
  EQF(x, 10.0f * (1.0f - 0.25f));           /* OutQuad at 0.5: the one step */
  ck_assert_int_eq(tw_pause(m, busy_h), 0); /* and it lives */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Callbacks in the ordered phase that kill, complete and create, and grow
 * the array: against the serial update, tween by tween. */
static tw_handle victims[64];
static float vx[2][64];
static int which;

static void wrecker(tw_manager *m, tw_handle h, void *ud) {
  static float y[2000]; /* they outlive the callback */
  int i;

  (void)h;
  (void)ud;
  for (i = 0; i < 64; i += 3)
    tw_kill(m, victims[i], 0);
  for (i = 1; i < 64; i += 3)
    tw_complete(m, victims[i]);
  for (i = 0; i < 2000; i++) /* grows the array: the pass goes on */
    tw_float_to(m, &y[i], 1.0f, 1.0, NULL);
}

START_TEST(test_parallel_reentrant_callbacks) {
  int k, r, i;
  unsigned char seen[2][64 * sizeof(float) * 12];

  for (k = 0; k < 2; k++) {
    tw_manager *m = tt_manager(NULL, 0);
    tw_handle c;
    which = k;
    if (k == 1)
      ck_assert_int_eq(tw_manager_set_parallel(m, backwards, NULL, 7, 0), 0);
    for (i = 0; i < 64; i++) { /* ordered: each has a callback */
      vx[k][i] = (float)i;
      ck_assert_int_eq(tw_float_to(m, &vx[k][i], 100.0f, 1.0, &victims[i]), 0);
      tw_set_id(m, victims[i], i);
    }
    ck_assert_int_eq(tw_float_to(m, &vx[k][0], 3.0f, 0.3, &c), 0);
    tw_set_id(m, c, 99); /* a record: ordered, shared with victims[0] */
    tw_on(m, c, TW_ON_COMPLETE, wrecker, NULL);
    for (r = 0; r < 12; r++) {
      ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
      memcpy(seen[k] + (size_t)r * sizeof vx[k], vx[k], sizeof vx[k]);
      tt_valid(m);
    }
    tw_manager_free(m);
  }
  ck_assert(memcmp(seen[0], seen[1], sizeof seen[0]) == 0);
}
END_TEST

/* Bad input, and memory that fails: refused, nothing changed. */
START_TEST(test_parallel_bad_input) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_config c;
  tw_manager *n = NULL;
  tw_threads *p = (tw_threads *)&c;
  int pool;

  ck_assert_int_eq(tw_manager_set_parallel(NULL, backwards, NULL, 1, 0),
                   TW_EINVAL);
  ck_assert_int_eq(tw_manager_set_parallel(m, NULL, &pool, 1, 0), TW_EINVAL);
  ck_assert_int_eq(tw_manager_set_parallel(m, backwards, NULL, 0, 0),
                   TW_EINVAL);
  ck_assert_int_eq(tw_manager_set_parallel(m, NULL, NULL, 0, 0), 0);
  tw_config_init(&c);
  ck_assert_uint_eq(c.parallel_grain, TW_DEFAULT_PARALLEL_GRAIN);
  ck_assert_uint_eq(c.parallel_threshold, TW_DEFAULT_PARALLEL_THRESHOLD);
  ck_assert(c.parallel == NULL);
  c.parallel_pool = &pool;
  ck_assert_int_eq(tw_manager_new(&c, &n), TW_EINVAL);
  ck_assert_ptr_null(n);
  c.parallel_pool = NULL;
  c.parallel = backwards;
  c.parallel_grain = 0;
  ck_assert_int_eq(tw_manager_new(&c, &n), TW_EINVAL);
  ck_assert_ptr_null(n);
  c.parallel_grain = 1;
  ck_assert_int_eq(tw_manager_new(&c, &n), 0);
  tt_valid(n);
  tw_manager_free(n);

  ck_assert_int_eq(tw_threads_new(2, NULL), TW_EINVAL);
  if (tw_threads_new(1, &p) != TW_ENOTSUP) {
    ck_assert_int_eq(tw_threads_free(p), 0);
    ck_assert_int_eq(tw_threads_new(0, &p), TW_EINVAL);
    ck_assert_int_eq(tw_threads_new(257, &p), TW_EINVAL);
  }
  ck_assert_int_eq(tw_threads_free(NULL), 0);
  tw_manager_free(m);
}
END_TEST

/* Every allocation of tw_manager_set_parallel and of the update's lists
 * fails in turn: refused or serial, the same values. */
static float fail_a[600], fail_b[600];

/* Runs build(m, s, st, at) on a manager m whose allocation `at` from where
 * build says fails (st->fail_at), for each at in turn until none is left
 * to fail, and s, a serial one without failures: then updates both,
 * fail_a (m's values) and fail_b (s's) the same after each. */
static void fail_each(void (*build)(tw_manager *m, tw_manager *s,
                                    tt_alloc_state *st, size_t at)) {
  size_t at;
  int i;

  for (at = 1;; at++) {
    tt_alloc_state st;
    tw_manager *m, *s;
    memset(&st, 0, sizeof st);
    memset(fail_a, 0, sizeof fail_a);
    memset(fail_b, 0, sizeof fail_b);
    m = tt_manager(&st, 0);
    s = tt_manager(NULL, 0);
    build(m, s, &st, at);
    tt_valid(m);
    for (i = 0; i < 8; i++) {
      ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
      ck_assert_int_eq(tw_update(s, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
      ck_assert(memcmp(fail_a, fail_b, sizeof fail_a) == 0);
    }
    tt_valid(m);
    tw_manager_free(m);
    tw_manager_free(s);
    ck_assert_uint_eq(st.live_bytes, 0);
    if (st.failures == 0)
      break;
  }
}

/* tw_manager_set_parallel fails at each allocation in turn. */
static void fail_set(tw_manager *m, tw_manager *s, tt_alloc_state *st,
                     size_t at) {
  int i, rc;

  for (i = 0; i < 600; i++) {
    ck_assert_int_eq(tw_float_to(m, &fail_a[i], (float)i, 1.0, NULL), 0);
    ck_assert_int_eq(tw_float_to(s, &fail_b[i], (float)i, 1.0, NULL), 0);
  }
  st->fail_at = st->calls + at;
  rc = tw_manager_set_parallel(m, backwards, NULL, 64, 0);
  ck_assert(rc == 0 || rc == TW_ENOMEM);
}

START_TEST(test_parallel_alloc_fail) { fail_each(fail_set); }
END_TEST

/* Tweens with keys of their own, the hook set: a creation or a tw_set_key
 * refused with TW_ENOMEM changes nothing, and when the chains of their
 * bytes cannot grow, the updates stay serial. */
static void fail_own_keys(tw_manager *m, tw_manager *s, tt_alloc_state *st,
                          size_t at) {
  static char keys[60];
  int i;

  ck_assert_int_eq(tw_manager_set_parallel(m, backwards, NULL, 8, 0), 0);
  st->fail_at = st->calls + at;
  for (i = 0; i < 60; i++) { /* their chains grow twice */
    tw_handle hm, hs;
    int rc = tw_float_to(m, &fail_a[i / 2], (float)i, 0.5 + i % 3, &hm);
    ck_assert(rc == 0 || rc == TW_ENOMEM);
    if (rc != 0)
      continue;
    ck_assert_int_eq(tw_float_to(s, &fail_b[i / 2], (float)i, 0.5 + i % 3, &hs),
                     0);
    if (i % 2 == 0) { /* a key of its own; the next one plain, newer */
      rc = tw_set_key(m, hm, &keys[i]);
      ck_assert(rc == 0 || rc == TW_ENOMEM);
      if (rc == 0)
        ck_assert_int_eq(tw_set_key(s, hs, &keys[i]), 0);
    }
  }
}

START_TEST(test_parallel_own_key_alloc_fail) { fail_each(fail_own_keys); }
END_TEST

/* A pool: tw_threads_free from inside one of its jobs is refused; a call
 * from inside a job runs inline. */
static tw_threads *the_pool;
static int nested_ok, free_rc;

static void inner(void *arg, size_t b, size_t e) {
  (void)arg;
  nested_ok += (int)(e - b);
}

static void outer(void *arg, size_t b, size_t e) {
  (void)arg;
  if (b == 0) {
    free_rc = tw_threads_free(the_pool);
    tw_threads_parallel_for(the_pool, inner, NULL, 10, 1);
  }
  (void)e;
}

START_TEST(test_parallel_pool) {
  if (tw_threads_new(1, &the_pool) == TW_ENOTSUP)
    return;
  nested_ok = 0;
  free_rc = 0;
  tw_threads_parallel_for(the_pool, outer, NULL, 100, 200);
  ck_assert_int_eq(free_rc, TW_EBUSY);
  ck_assert_int_eq(nested_ok, 10);
  ck_assert_int_eq(tw_threads_free(the_pool), 0);
}
END_TEST

/* tw_manager_set_parallel refuses from inside every kind of the
 * program's code the manager runs: each tween event (TW_ON_START up to
 * TW_ON_KILL), whatever call ran it (tw_update, tw_kill, tw_pause ...), a
 * setter, a getter and the warning hook.  One rule: the header's "from
 * inside a callback of this manager". */
static int sp_calls[TW_ON_COUNT + 3], sp_bad[TW_ON_COUNT + 3];

static void sp_try(tw_manager *m, int kind) {
  int rc = tw_manager_set_parallel(m, backwards, NULL, 1, 0);
  sp_calls[kind]++;
  if (rc != TW_EBUSY)
    sp_bad[kind]++;
}
static void sp_event(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  sp_try(m, *(int *)ud);
}
static tw_manager *sp_m;
static int sp_set(void *ud, const void *v) {
  (void)ud;
  (void)v;
  sp_try(sp_m, TW_ON_COUNT);
  return 0;
}
static void sp_get(void *ud, void *out) {
  (void)ud;
  memset(out, 0, sizeof(float));
  sp_try(sp_m, TW_ON_COUNT + 1);
}
static void sp_warn(tw_manager *m, tw_warning what, size_t o, size_t n,
                    void *ud) {
  (void)what;
  (void)o;
  (void)n;
  (void)ud;
  sp_try(m, TW_ON_COUNT + 2);
}

START_TEST(test_parallel_set_from_callbacks) {
  static int tags[TW_ON_COUNT];
  tw_config cfg;
  tw_manager *m;
  tw_handle h, k;
  float x = 0, end = 1;
  int ev;

  tw_config_init(&cfg);
  cfg.tweens = 2;
  cfg.warn = sp_warn;
  ck_assert_int_eq(tw_manager_new(&cfg, &m), 0);
  sp_m = m;
  memset(sp_calls, 0, sizeof sp_calls);
  memset(sp_bad, 0, sizeof sp_bad);
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, sp_set, sp_get, NULL, &end, 1.0, &h), 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  for (ev = 0; ev < TW_ON_COUNT; ev++) {
    tags[ev] = ev;
    ck_assert_int_eq(tw_on(m, h, (tw_event)ev, sp_event, &tags[ev]), 0);
    ck_assert_int_eq(tw_on(m, k, (tw_event)ev, sp_event, &tags[ev]), 0);
  }
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1.0, NULL), 0); /* a growth */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  ck_assert_int_eq(tw_pause(m, h), 0);
  ck_assert_int_eq(tw_play(m, h), 0);
  ck_assert_int_eq(tw_rewind(m, h, 1), 0);
  ck_assert_int_eq(tw_play(m, h), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 5.0, 5.0), 0);
  ck_assert_int_eq(tw_kill(m, h, 0), 0); /* a KILL outside any pass */
  for (ev = 0; ev < TW_ON_COUNT + 3; ev++) {
    ck_assert_msg(sp_calls[ev] > 0, "kind %d never ran", ev);
    ck_assert_msg(sp_bad[ev] == 0, "kind %d: %d of %d calls not refused", ev,
                  sp_bad[ev], sp_calls[ev]);
  }
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* tw_manager_set_parallel from a KILL callback refuses with TW_EBUSY
 * whichever way the tween dies: one rule for every kill path (a plain
 * tw_kill, completing first, the filtered kills and controls, a clear, the
 * manager's free, an auto-kill at the end of an update, tw_complete, an
 * overwriting start, a sequence that takes its child with it). */
enum {
  KP_KILL,
  KP_KILL_COMPLETE,
  KP_KILL_ID,
  KP_KILL_TARGET,
  KP_KILL_ALL,
  KP_KILL_ALL_EXCEPT,
  KP_DO_ALL_KILL,
  KP_DO_ALL_KILL_COMPLETE,
  KP_DO_ID_KILL,
  KP_DO_TARGET_KILL,
  KP_CLEAR,
  KP_FREE,
  KP_AUTOKILL,
  KP_COMPLETE,
  KP_COMPLETE_SILENT,
  KP_OVERWRITE,
  KP_SEQUENCE,
  KP_COUNT
};
static int kp_calls, kp_rc;

static void kp_on_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  kp_calls++;
  kp_rc = tw_manager_set_parallel(m, backwards, NULL, 1, 0);
}

START_TEST(test_parallel_set_from_every_kill) {
  tw_manager *m = tt_mgr();
  tw_handle h, seq, other;
  float x = 0, y = 0, spare = 0;
  int path = _i, keep = 8;

  kp_calls = 0;
  kp_rc = 12345;
  ck_assert_int_eq(tw_float_to(m, &x, 1, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_id(m, h, 7), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_KILL, kp_on_kill, NULL), 0);
  ck_assert_int_eq(tw_float_to(m, &spare, 1, 1.0, &other), 0);
  ck_assert_int_eq(tw_set_id(m, other, 8), 0);
  switch (path) {
  case KP_KILL:
    ck_assert_int_eq(tw_kill(m, h, 0), 0);
    break;
  case KP_KILL_COMPLETE:
    ck_assert_int_eq(tw_kill(m, h, 1), 0);
    break;
  case KP_KILL_ID:
    ck_assert_int_eq(tw_kill_id(m, 7, 0), 1);
    break;
  case KP_KILL_TARGET:
    ck_assert_int_eq(tw_kill_target(m, &x, 0), 1);
    break;
  case KP_KILL_ALL:
    ck_assert_int_eq(tw_kill_all(m, 0), 2);
    break;
  case KP_KILL_ALL_EXCEPT:
    ck_assert_int_eq(tw_kill_all_except(m, &keep, 1, 0), 1);
    break;
  case KP_DO_ALL_KILL:
    ck_assert_int_eq(tw_do_all(m, TW_DO_KILL), 2);
    break;
  case KP_DO_ALL_KILL_COMPLETE:
    ck_assert_int_eq(tw_do_all(m, TW_DO_KILL_COMPLETE), 2);
    break;
  case KP_DO_ID_KILL:
    ck_assert_int_eq(tw_do_id(m, 7, TW_DO_KILL), 1);
    break;
  case KP_DO_TARGET_KILL:
    ck_assert_int_eq(tw_do_target(m, &x, TW_DO_KILL), 1);
    break;
  case KP_CLEAR:
    ck_assert_int_eq(tw_manager_clear(m), 0);
    break;
  case KP_FREE:
    tw_manager_free(m);
    m = NULL;
    break;
  case KP_AUTOKILL:
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 2.0, 2.0), 0);
    break;
  case KP_COMPLETE:
    ck_assert_int_eq(tw_complete(m, h), 0);
    break;
  case KP_COMPLETE_SILENT:
    ck_assert_int_eq(tw_complete_silent(m, h), 0);
    break;
  case KP_OVERWRITE:
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
    ck_assert_int_eq(tw_float_to(m, &x, 5, 1.0, &other), 0);
    ck_assert_int_eq(tw_set_overwrite(m, other, TW_OVERWRITE_KILL), 0);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
    break;
  case KP_SEQUENCE:
    ck_assert_int_eq(tw_sequence(m, &seq), 0);
    ck_assert_int_eq(tw_float_to(m, &y, 1, 1.0, &other), 0);
    ck_assert_int_eq(tw_seq_append(m, seq, h), 0);
    ck_assert_int_eq(tw_seq_append(m, seq, other), 0);
    ck_assert_int_eq(tw_kill(m, seq, 0), 0);
    break;
  default:
    ck_abort_msg("kill path %d has no case", path);
  }
  ck_assert_msg(kp_calls == 1, "kill path %d: KILL ran %d times", path,
                kp_calls);
  ck_assert_msg(kp_rc == TW_EBUSY,
                "kill path %d: tw_manager_set_parallel from KILL returned %d",
                path, kp_rc);
  if (m != NULL) {
    tt_valid(m);
    tw_manager_free(m);
  }
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("parallel");
  TCase *tc;

  tc = tcase_create("same_as_serial_pool");
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, test_parallel_same_as_serial_pool, 0, 4);
  suite_add_tcase(s, tc);
  tc = tcase_create("same_as_serial_hook");
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, test_parallel_same_as_serial_hook, 0, 2);
  suite_add_tcase(s, tc);
  tc = tcase_create("last_writer");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_parallel_last_writer);
  suite_add_tcase(s, tc);
  tc = tcase_create("own_key");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, test_parallel_own_key);
  tcase_add_test(tc, test_parallel_own_key_cost);
  suite_add_tcase(s, tc);
  tc = tcase_create("busy");
  tcase_add_test(tc, test_parallel_busy);
  suite_add_tcase(s, tc);
  tc = tcase_create("set_from_callbacks");
  tcase_add_test(tc, test_parallel_set_from_callbacks);
  tcase_add_loop_test(tc, test_parallel_set_from_every_kill, 0, KP_COUNT);
  suite_add_tcase(s, tc);
  tc = tcase_create("reentrant_callbacks");
  tcase_add_test(tc, test_parallel_reentrant_callbacks);
  suite_add_tcase(s, tc);
  tc = tcase_create("bad_input");
  tcase_add_test(tc, test_parallel_bad_input);
  suite_add_tcase(s, tc);
  tc = tcase_create("alloc_fail");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_parallel_alloc_fail);
  tcase_add_test(tc, test_parallel_own_key_alloc_fail);
  suite_add_tcase(s, tc);
  tc = tcase_create("pool");
  tcase_add_test(tc, test_parallel_pool);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tt_run(suite()); }

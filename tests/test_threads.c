/* SPDX-License-Identifier: MIT */
/* Threads: "managers share no state, so several threads may each use their
 * own manager at once" (tween.h).  Several pthreads each churn their own
 * manager (creation of every kind of tween, registered types, callbacks
 * that create, kill and complete, updates of every type, kills by id, by
 * target and all, clears, capacity changes, a counting allocator) and
 * validate it throughout.  Every thread runs the same seeded workload, so
 * every thread must end with exactly the result a lone run computes first:
 * the same values, callback counts and bytes.
 *
 * make check-tsan builds this file with -fsanitize=thread from the library
 * sources and runs it; ThreadSanitizer must report nothing.
 *
 * TW_THREADS_ROUNDS=N: each churning thread's rounds (15,000 by default;
 * the mixed workloads scale with it), for the slow runs of CI (valgrind's
 * memcheck and helgrind, which run the threads one at a time).
 *
 * Threads never call Check's assertions (Check is not thread-safe): each
 * records the first thing that went wrong, and the main thread asserts. */
/* The deprecated call tw_set_target is called here on purpose, without the
 * warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "util.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NVAL 64
#define NHANDLE 256

typedef struct pair {
  float a, b;
} pair;

typedef struct job {
  uint64_t seed;
  int rounds;
  /* results */
  const char *error; /* first failure, or NULL */
  int error_line;
  uint64_t checksum; /* of the values and the callback counts */
  long events, created;
  size_t bytes_before_free, bytes_after_free;
  /* state */
  tw_manager *m;
  tt_alloc_state alloc;
  uint64_t rng;
  int pair_type;
  float f[NVAL];
  tw_vec3 v3[NVAL];
  tw_color col[NVAL];
  pair p[NVAL];
  int ints[NVAL];
  tw_handle h[NHANDLE];
  int nh;
  long counts[TW_ON_COUNT];
  int depth;
  int dying; /* in tw_manager_free: creation is refused */
} job;

#define FAIL(j, what)                                                          \
  do {                                                                         \
    if ((j)->error == NULL) {                                                  \
      (j)->error = (what);                                                     \
      (j)->error_line = __LINE__;                                              \
    }                                                                          \
  } while (0)

#define EXPECT(j, cond)                                                        \
  do {                                                                         \
    if (!(cond))                                                               \
      FAIL(j, #cond);                                                          \
  } while (0)

static uint32_t next(job *j) {
  j->rng = j->rng * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(j->rng >> 33);
}

static int pick(job *j, int n) { return (int)(next(j) % (uint32_t)n); }

static void pair_lerp(void *out, const void *a, const void *b, double t,
                      void *ud) {
  const pair *x = a, *y = b;
  pair v;

  (void)ud;
  v.a = x->a + (y->a - x->a) * (float)t;
  v.b = x->b + (y->b - x->b) * (float)t;
  memcpy(out, &v, sizeof v);
}

static int int_setter(void *ud, const void *value) {
  memcpy(ud, value, sizeof(int));
  return 0;
}

static void int_getter(void *ud, void *out) { memcpy(out, ud, sizeof(int)); }

static void create_one(job *j);

/* Every callback: count it, and now and then do something reentrant. */
static void on_any(job *j, tw_manager *m, tw_handle h, int ev) {
  int r;

  j->counts[ev]++;
  j->events++;
  EXPECT(j, m == j->m);
  EXPECT(j, tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == TW_EBUSY);
  if (j->depth > 1)
    return;
  j->depth++;
  r = pick(j, 16);
  if (r == 0 && j->nh < NHANDLE && !j->dying)
    create_one(j);
  else if (r == 1 && j->nh > 0) {
    tw_handle k = j->h[pick(j, j->nh)];
    tw_kill(m, k, pick(j, 2));
  } else if (r == 2 && j->nh > 0)
    tw_complete(m, j->h[pick(j, j->nh)]);
  else if (r == 3 && ev != TW_ON_KILL)
    tw_kill(m, h, 0);
  j->depth--;
}

#define CB(ev)                                                                 \
  static void cb_##ev(tw_manager *m, tw_handle h, void *ud) {                  \
    on_any(ud, m, h, ev);                                                      \
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

static void create_one(job *j) {
  tw_manager *m = j->m;
  double d = 0.05 * (1 + pick(j, 40));
  int k = pick(j, NVAL), rc, ev;
  tw_handle h;

  switch (pick(j, 5)) {
  case 0:
    rc = tw_float_to(m, &j->f[k], (float)pick(j, 100), d, &h);
    break;
  case 1: {
    tw_vec3 v = {(float)pick(j, 9), 1.5f, -2.0f};
    rc = tw_vec3_to(m, &j->v3[k], v, d, &h);
    break;
  }
  case 2: {
    tw_color c = {0.25f, 0.5f, (float)pick(j, 4), 1.0f};
    rc = tw_color_to(m, &j->col[k], c, d, &h);
    break;
  }
  case 3: {
    pair p = {(float)pick(j, 50), -1.0f};
    rc = tw_to(m, j->pair_type, &j->p[k], &p, d, &h);
    break;
  }
  default: {
    int end = pick(j, 1000);
    rc = tw_to_fn(m, TW_TYPE_INT, int_setter, int_getter, &j->ints[k], &end, d,
                  &h);
    break;
  }
  }
  EXPECT(j, rc == 0);
  if (rc != 0)
    return;
  j->created++;
  if (pick(j, 3) == 0) {
    int loops = pick(j, 3) == 0 ? -1 : 1 + pick(j, 3);
    EXPECT(j, tw_set_loops(m, h, loops, (tw_loop_type)pick(j, 3)) == 0);
  }
  if (pick(j, 4) == 0)
    EXPECT(j, tw_set_delay(m, h, 0.05 * pick(j, 4)) == 0);
  if (pick(j, 3) == 0)
    EXPECT(j, tw_set_ease(m, h, (tw_ease)pick(j, TW_EASE_COUNT)) == 0);
  if (pick(j, 4) == 0)
    EXPECT(j, tw_set_update_type(m, h, (tw_update_type)pick(j, 4)) == 0);
  if (pick(j, 2) == 0)
    EXPECT(j, tw_set_id(m, h, pick(j, 8)) == 0);
  if (pick(j, 3) == 0)
    EXPECT(j, tw_set_target(m, h, &j->f[pick(j, 4)]) == 0);
  if (pick(j, 5) == 0)
    EXPECT(j, tw_set_autokill(m, h, 0) == 0);
  if (pick(j, 2) == 0)
    for (ev = 0; ev < TW_ON_COUNT; ev++)
      if (pick(j, 3) == 0)
        EXPECT(j, tw_on(m, h, (tw_event)ev, cbs[ev], j) == 0);
  j->h[j->nh++] = h;
}

static uint64_t mix(uint64_t c, const void *p, size_t n) {
  const unsigned char *b = p;
  size_t i;

  for (i = 0; i < n; i++)
    c = (c ^ b[i]) * 1099511628211ull;
  return c;
}

static void *run_job(void *arg) {
  job *j = arg;
  tw_config c;
  int round, i;
  uint64_t sum = 1469598103934665603ull;

  j->rng = j->seed;
  tw_config_init(&c);
  c.tweens = 16;
  c.alloc = tt_alloc;
  c.alloc_ud = &j->alloc;
  c.warn = tw_warn_silent;
  if (tw_manager_new(&c, &j->m) != 0) {
    FAIL(j, "tw_manager_new");
    return NULL;
  }
  EXPECT(j, tw_register_type(j->m, sizeof(pair), pair_lerp, NULL,
                             &j->pair_type) == 0);
  for (round = 0; round < j->rounds && j->error == NULL; round++) {
    int n = pick(j, 8), id;
    tw_stats st;
    for (i = 0; i < n && j->nh < NHANDLE; i++)
      create_one(j);
    int utype = pick(j, 4);
    EXPECT(j, tw_update(j->m, (tw_update_type)utype, 0.01 * pick(j, 20),
                        0.02) == 0);
    switch (pick(j, 24)) {
    case 0:
      id = pick(j, 8);
      EXPECT(j, tw_kill_id(j->m, id, pick(j, 2)) >= 0);
      break;
    case 1:
      EXPECT(j, tw_kill_target(j->m, &j->f[pick(j, 4)], 0) >= 0);
      break;
    case 2:
      EXPECT(j, tw_kill_all(j->m, pick(j, 2)) >= 0);
      break;
    case 3:
      EXPECT(j, tw_manager_clear(j->m) == 0);
      break;
    case 4:
      EXPECT(j,
             tw_manager_set_capacity(j->m, 600 + (size_t)pick(j, 400), 0) == 0);
      break;
    case 5:
      if (j->nh > 0)
        tw_pause(j->m, j->h[pick(j, j->nh)]);
      break;
    case 6:
      if (j->nh > 0)
        tw_play(j->m, j->h[pick(j, j->nh)]);
      break;
    default:
      break;
    }
    if (j->nh >= NHANDLE - 8) /* forget the oldest handles */
      j->nh = 0;
    EXPECT(j, tw_manager_validate(j->m) == 0);
    EXPECT(j, tw_manager_stats(j->m, &st) == 0);
    EXPECT(j, st.bytes == j->alloc.live_bytes);
    EXPECT(j, tw_strerror(TW_ESTALE) != NULL && tw_version() != 0);
  }
  sum = mix(sum, j->f, sizeof j->f);
  sum = mix(sum, j->v3, sizeof j->v3);
  sum = mix(sum, j->col, sizeof j->col);
  sum = mix(sum, j->p, sizeof j->p);
  sum = mix(sum, j->ints, sizeof j->ints);
  j->bytes_before_free = j->alloc.live_bytes;
  j->dying = 1;
  EXPECT(j, tw_manager_free(j->m) == 0);
  sum = mix(sum, j->counts, sizeof j->counts); /* KILL callbacks included */
  j->checksum = sum;
  j->bytes_after_free = j->alloc.live_bytes;
  EXPECT(j, j->alloc.live_bytes == 0 && j->alloc.live_blocks == 0);
  return NULL;
}

static void check_job(const job *j) {
  ck_assert_msg(j->error == NULL, "thread failed at line %d: %s", j->error_line,
                j->error);
}

/* n threads, each its own manager, the same workload; each must end as a
 * lone run does. */
static void run_threads(int n, int rounds, uint64_t seed) {
  job *ref = calloc(1, sizeof *ref), *jobs = calloc((size_t)n, sizeof *jobs);
  pthread_t *tid = calloc((size_t)n, sizeof *tid);
  int i;

  ck_assert_ptr_nonnull(ref);
  ck_assert_ptr_nonnull(jobs);
  ck_assert_ptr_nonnull(tid);
  ref->seed = seed;
  ref->rounds = rounds;
  run_job(ref);
  check_job(ref);
  ck_assert_int_gt(ref->created, rounds);
  ck_assert_int_gt(ref->events, 0);
  for (i = 0; i < n; i++) {
    jobs[i].seed = seed;
    jobs[i].rounds = rounds;
    ck_assert_int_eq(pthread_create(&tid[i], NULL, run_job, &jobs[i]), 0);
  }
  for (i = 0; i < n; i++)
    ck_assert_int_eq(pthread_join(tid[i], NULL), 0);
  for (i = 0; i < n; i++) {
    check_job(&jobs[i]);
    ck_assert_msg(jobs[i].checksum == ref->checksum &&
                      jobs[i].events == ref->events &&
                      jobs[i].created == ref->created &&
                      jobs[i].bytes_before_free == ref->bytes_before_free,
                  "thread %d ended unlike the lone run", i);
  }
  printf("threads: %d x %ld tweens, %ld callbacks each\n", n, ref->created,
         ref->events);
  free(ref);
  free(jobs);
  free(tid);
}

/* TW_THREADS_ROUNDS, else 15,000 */
static int churn_rounds(void) {
  const char *e = getenv("TW_THREADS_ROUNDS");
  long n = e != NULL ? atol(e) : 0;

  return n >= 100 && n <= 1000000 ? (int)n : 15000;
}

START_TEST(test_threads_churn) {
  static const int nthreads[] = {2, 4, 8};

  run_threads(nthreads[_i], churn_rounds(), 0x7eed + (uint64_t)_i);
}
END_TEST

/* Different workloads at once, each against its own lone run. */
START_TEST(test_threads_mixed) {
  enum { N = 4 };
  job *ref = calloc(N, sizeof *ref), *jobs = calloc(N, sizeof *jobs);
  pthread_t tid[N];
  int i;

  ck_assert_ptr_nonnull(ref);
  ck_assert_ptr_nonnull(jobs);
  for (i = 0; i < N; i++) {
    ref[i].seed = jobs[i].seed = 1000 + (uint64_t)i * 77;
    ref[i].rounds = jobs[i].rounds = (2 + i) * churn_rounds() / 6;
    run_job(&ref[i]);
    check_job(&ref[i]);
  }
  for (i = 0; i < N; i++)
    ck_assert_int_eq(pthread_create(&tid[i], NULL, run_job, &jobs[i]), 0);
  for (i = 0; i < N; i++)
    ck_assert_int_eq(pthread_join(tid[i], NULL), 0);
  for (i = 0; i < N; i++) {
    check_job(&jobs[i]);
    ck_assert_msg(jobs[i].checksum == ref[i].checksum &&
                      jobs[i].events == ref[i].events,
                  "thread %d ended unlike its lone run", i);
  }
  free(ref);
  free(jobs);
}
END_TEST

static Suite *threads_suite(void) {
  Suite *s = suite_create("threads");
  TCase *tc = tcase_create("threads");

  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, test_threads_churn, 0, 3);
  tcase_add_test(tc, test_threads_mixed);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tt_run(threads_suite()); }

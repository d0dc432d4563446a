/* SPDX-License-Identifier: MIT */
/* Model-based random testing: libtween against the reference model of
 * tests/model.c.
 *
 * Two "worlds" run the same operations: the library (a tw_manager) and the
 * model (a tm_model), each with its own copy of the target values.  An
 * operation (struct op) is one public call with all its arguments; a
 * creation (tw_to, tw_from_to with a given start, a punch, a shake, a
 * path, a spring with its parameters) carries every setting and a seed
 * (cbseed) from which the new tween's callbacks decide, call by call,
 * what to do inside the callback:
 * nothing, or one more operation (create, kill, complete, pause, play,
 * kill by id or target, kill all, clear, grow the capacity, update or free
 * the manager (both refused), change a setting).  Both worlds run the same
 * code (apply), which calls the library or the model, and log every return
 * code, every callback (event, serial, whether the tween is alive, the
 * value of its target) and every setter failure.  After each top-level
 * operation the two logs, every target value, the live count, peak and
 * setter failures, the order of the live tweens, tw_is_active,
 * tw_is_playing, tw_is_complete, tw_elapsed and tw_loops_done of every
 * handle ever issued, the bytes the allocator holds and
 * tw_manager_validate are compared, exactly (floats with ==).
 *
 * Half the runs with a small array give the library's world a warning
 * hook (w_warn) that acts on the tween whose creation grew the array:
 * kills it (or completes it first), pauses it, sends it to a time, or
 * completes it, from inside the creation call.  tween.h says the hook
 * sees the tween whole, after the call's work, so the model does the same
 * right after its own creation (hook_acts carries what the hook did).
 *
 * On a mismatch the test prints the seed and the operation list shrunk by
 * delta debugging (removing chunks, then single operations, while the run
 * still fails), as C initializers that can be pasted into regress_ops
 * below, then fails.
 *
 * The rollback mode (see "rollback") runs the same operations with
 * snapshots and restores in between: replays must be the first runs.
 * The parallel mode (see "parallel") runs the library's managers with the
 * ready pool as their parallel update, against the same serial model.
 *
 * Environment:
 *   TW_MODEL_OPS=N     run about N operations in all (default 1,000,000;
 *                      the rollback mode runs half as many);
 *   TW_MODEL_OPS=xK    K times the default;
 *   TW_MODEL_SEED=S    run seed S only (with TW_MODEL_LEN=N operations),
 *                      in the random and the rollback modes;
 *   TW_MODEL_VERBOSE=1 print each seed's counts;
 *   TW_MODEL_PARALLEL=N the ready pool of N threads as every manager's
 *                      parallel update in every mode (default: the
 *                      "parallel" mode only, with 3);
 *   TW_MODEL_STRICT=1  copy no known library bug (see known_bugs): the
 *                      random runs then find and shrink them;
 *   TW_SOAK=N          soak: N million tweens through churn, checking that
 *                      the bytes the manager holds stay flat (default: a
 *                      tiny run).
 *
 * This file holds the modes; the harness they share is in
 * tests/model-harness.h, which lists its files.
 *
 * To add an operation: an OP_ constant (model-harness.h), a case in
 * apply() (model-world.c) calling a w_ wrapper (model-calls.c: library
 * and model side by side), and a line in gen_op() (model-gen.c; and in
 * gen_cb_op() if callbacks may do it); op_names (model-values.c) for the
 * listing. */
#include "model-harness.h"

START_TEST(test_model_fixed) {
  ck_assert_msg(!bug_double_pause(), "B2 is back: PAUSE fires twice");
  ck_assert_msg(!bug_start_pause_play(),
                "B1 is back: a START callback that pauses its tween: PLAY "
                "fires anyway, and not on resume");
  ck_assert_msg(!bug_limit_holes(),
                "B5 is back: with max_tweens, creating during an update pass "
                "after kills fails below the limit");
  ck_assert_msg(!bug_late_play(),
                "B6 is back: a resume without callbacks fires its PLAY late");
  ck_assert_msg(!bug_retarget_shaped(),
                "B11 is back: tw_retarget of a path or a punch is taken, and "
                "it stays a path or a punch");
  ck_assert_msg(!bug_zero_complete_play(),
                "B4 is back: a step misses controls from its callbacks that "
                "leave elapsed as it was");
}
END_TEST

START_TEST(test_model_bugs) {
  const known_bug *b = &known_bugs[_i];
  const char *strict = getenv("TW_MODEL_BUGS");

  if (!b->present())
    return;
  printf("known library bug %s, still present: %s\n", b->name, b->what);
  if (strict != NULL && *strict != 0 && *strict != '0')
    ck_abort_msg("library bug %s: %s", b->name, b->what);
}
END_TEST

/* ------------------------------------------------------------------ */
/* the tests                                                           */

#define DEFAULT_OPS 1000000L
#define OPS_PER_SEED 600
#define BATCHES 8

static long total_ops(void) {
  const char *e = getenv("TW_MODEL_OPS");
  long n;

  if (e == NULL || *e == 0)
    return DEFAULT_OPS;
  if (*e == 'x' || *e == 'X') {
    n = atol(e + 1);
    return n > 0 ? DEFAULT_OPS * n : DEFAULT_OPS;
  }
  n = atol(e);
  return n > 0 ? n : DEFAULT_OPS;
}

static int verbose(void) {
  const char *e = getenv("TW_MODEL_VERBOSE");
  return e != NULL && *e != 0 && *e != '0';
}

/* Runs one generated seed; on a mismatch prints it, shrunk, and fails. */
static long check_seed(uint64_t seed, int len) {
  static op ops[TT_MODEL_MAXOPS];
  outcome o;
  int n;

  if (len > TT_MODEL_MAXOPS)
    len = TT_MODEL_MAXOPS;
  run(seed, ops, len, 1, 0, &o);
  if (verbose())
    printf("seed %" PRIu64 ": %ld operations\n", seed, o.ops);
  if (!o.failed)
    return o.ops;
  fprintf(stderr, "model mismatch, seed %" PRIu64 ", operation %d: %s\n", seed,
          o.failed, o.msg);
  n = shrink(seed, ops, o.failed, 0);
  fprintf(stderr, "shrunk to %d operations; the logs of each:\n", n);
  trace = 1;
  run(seed, ops, n, 0, 0, &o);
  trace = 0;
  fprintf(stderr, "mismatch: %s\n", o.msg);
  print_ops(stderr, seed, ops, n);
  ck_abort_msg("model mismatch, seed %" PRIu64 ": %s", seed, o.msg);
  return 0;
}

/* Generated random runs: BATCHES loop iterations share the total (each
 * `per` of it), from seed i * 1000003 + base. */
static void random_batch(int i, long per, uint64_t base, const char *what) {
  const char *one = getenv("TW_MODEL_SEED");
  long done = 0;
  uint64_t seed = (uint64_t)i * 1000003u + base;
  clock_t t0 = clock();

  hook_count = setter_act_count = 0;
  spring_count = spring_refused = 0;
  detect_bugs();
  digest = 0xcbf29ce484222325ull;
  if (one != NULL && *one != 0) {
    const char *len = getenv("TW_MODEL_LEN");
    if (i == 0)
      check_seed(strtoull(one, NULL, 10),
                 len != NULL && atoi(len) > 0 ? atoi(len) : OPS_PER_SEED);
    return;
  }
  while (done < per)
    done += check_seed(seed++, OPS_PER_SEED);
  printf("%s batch %d: %ld operations, seeds %" PRIu64 "..%" PRIu64
         ", %ld acts of a warning hook, %ld setters acting,"
         " %ld springs (%ld refused), %.1f s, digest %016" PRIx64 "\n",
         what, i, done, (uint64_t)i * 1000003u + base, seed - 1, hook_count,
         setter_act_count, spring_count, spring_refused,
         (double)(clock() - t0) / CLOCKS_PER_SEC, digest);
}

START_TEST(test_model_random) {
  parallel_on(0);
  random_batch(_i, total_ops() / BATCHES, 0,
               par_threads ? "model (parallel)" : "model");
  if (par_threads)
    parallel_off();
}
END_TEST

/* The random runs with the parallel update on (TW_MODEL_PARALLEL's
 * threads, else 3), on seeds of their own: a quarter of the random runs'
 * operations.  The model is the serial update; the generator steers
 * around what tween.h names as the parallel update's one difference (the
 * eligible tweens' writes land before any callback of the update runs):
 * a callback acts on its own tween only and creates none with a given
 * start (gen_cb_op), setters write targets no pointer tween writes
 * (par_target, w_go), and no sequences are made (seq_run). */
START_TEST(test_model_parallel) {
  parallel_on(3);
  random_batch(_i, total_ops() / BATCHES / 4, 500000000u,
               par_threads ? "parallel" : "parallel (serial: no pool)");
  if (par_threads)
    parallel_off();
}
END_TEST

/* The shrinker finds a short list for a planted bug (the model ignoring
 * complete_first in tw_kill).  A failure that hangs on what callbacks do
 * may not shrink far (their operations are drawn from their tween's count
 * of calls, which the removal of an earlier operation can change): of the
 * first four seeds that find it, one must shrink to 8 operations or
 * fewer, and every shrunk list must still fail, and pass without the
 * bug. */
START_TEST(test_model_shrink) {
  static op ops[TT_MODEL_MAXOPS];
  outcome o;
  uint64_t seed;
  int n = 0, found = 0, best = TT_MODEL_MAXOPS;

  detect_bugs();
  for (seed = 1; seed < 200 && found < 4 && best > 8; seed++) {
    run(seed, ops, 400, 1, 1, &o);
    if (!o.failed)
      continue;
    found++;
    n = shrink(seed, ops, o.failed, 1);
    print_ops(stdout, seed, ops, n);
    ck_assert(fails(seed, ops, n, 1));
    ck_assert(!fails(seed, ops, n, 0));
    best = n < best ? n : best;
  }
  ck_assert_msg(found > 0, "the planted bug was not found");
  ck_assert_int_le(best, 8);
}
END_TEST

/* Lists found by the random runs, shrunk, pasted from their output; each
 * once failed.  A creation's callbacks act through gen_cb_op from their
 * seed: if gen_cb_op changes, a list may no longer do what it did, and
 * should be found again (TW_MODEL_STRICT=1 finds the known bugs). */

/* B1 (a START callback pauses its tween; PLAY fired anyway): passes while
 * the model copies B1, and guards the fix once it is fixed. */
static const op regress_b1[] = {
    {OP_CREATE,
     0,
     0,
     0,
     0x0p+0,
     0x0p+0,
     {0,
      2,
      0,
      0,
      18,
      0,
      0,
      -1,
      -1,
      -1,
      -1,
      0,
      -1,
      0xbf,
      0,
      0x1.1426c18a6b3ffp+0,
      0x0p+0,
      0x1p+0,
      {-0x1p+2, 0x1.cp+2, 0x1.bcf2907e3606ep+4, 0x1.2c75357793034p+3},
      0x8c9448bde2c40a1bu,
      0,
      {0, 0, 0, 0},
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0}}},
    {OP_UPDATE, 0, 0, 0, 0x1.cp-1, 0x1.cp-1, {0}},
};

static const struct {
  const op *ops;
  int n;
  uint64_t seed;
} regress[] = {
    {regress_b1, 2, 2000006},
};

START_TEST(test_model_regress) {
  op ops[64];
  outcome o;
  int n = regress[_i].n;

  detect_bugs();
  ck_assert_int_le(n, 64);
  memcpy(ops, regress[_i].ops, (size_t)n * sizeof *ops);
  run(regress[_i].seed, ops, n, 0, 0, &o);
  if (o.failed) {
    print_ops(stderr, regress[_i].seed, ops, n);
    ck_abort_msg("regression list %d, operation %d: %s", _i, o.failed, o.msg);
  }
}
END_TEST

/* ------------------------------------------------------------------ */
/* soak                                                                */

/* TW_SOAK=N: N million tweens through churn (create with loops, ids and
 * delays, update, kill by id, kill all when crowded, clear every 4096
 * tweens).  After warm-up (the first 10%) the bytes the allocator holds
 * must be flat: the same after every clear, and never more than that plus
 * what the live and pooled tweens account for.  Default: 50,000 tweens. */
#define SOAK_RECORD_MAX 512 /* bytes one live or pooled tween may hold */

START_TEST(test_model_soak) {
  const char *e = getenv("TW_SOAK");
  double millions = e != NULL && *e != 0 ? atof(e) : 0.05;
  long total = (long)(millions * 1e6), created = 0, warm = total / 10;
  long next_clear = 4096, clears = 0;
  size_t base = 0, worst = 0;
  tt_alloc_state a;
  tw_manager *m;
  static float vals[256];
  rng r;
  tw_stats st;
  clock_t t0 = clock();

  memset(&a, 0, sizeof a);
  m = tt_manager(&a, 64);
  r.s = 42;
  while (created < total) {
    int burst = 1 + rnd(&r, 40), i;
    for (i = 0; i < burst && created < total; i++) {
      tw_handle h;
      float *v = &vals[rnd(&r, 256)];
      ck_assert_int_eq(tw_float_to(m, v, (float)i, 0.05 + runif(&r), &h), 0);
      if (chance(&r, 30))
        ck_assert_int_eq(tw_set_loops(m, h, 1 + rnd(&r, 3), TW_LOOP_YOYO), 0);
      if (chance(&r, 20))
        ck_assert_int_eq(tw_set_id(m, h, rnd(&r, 8)), 0);
      if (chance(&r, 10))
        ck_assert_int_eq(tw_set_delay(m, h, 0.1), 0);
      created++;
    }
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, runif(&r) * 0.1, 0.1), 0);
    if (chance(&r, 20)) {
      int id = rnd(&r, 8);
      ck_assert_int_ge(tw_kill_id(m, id, chance(&r, 50)), 0);
    }
    ck_assert_int_eq(tw_manager_stats(m, &st), 0);
    if (st.live > 500)
      ck_assert_int_ge(tw_kill_all(m, 0), 0);
    if (created >= next_clear) {
      next_clear += 4096;
      ck_assert_int_eq(tw_manager_clear(m), 0);
      if (created >= warm) {
        if (clears++ == 0)
          base = a.live_bytes;
        ck_assert_msg(a.live_bytes == base,
                      "after %ld tweens a clear leaves %lu bytes, %lu before",
                      created, (unsigned long)a.live_bytes,
                      (unsigned long)base);
      }
    }
    ck_assert_int_eq(tw_manager_stats(m, &st), 0);
    ck_assert_uint_eq(st.bytes, a.live_bytes);
    if (clears > 0) {
      size_t bound = base + (st.live + st.pool_size) * SOAK_RECORD_MAX;
      ck_assert_msg(a.live_bytes <= bound,
                    "after %ld tweens %lu bytes held, %lu live and %lu "
                    "pooled account for %lu at most",
                    created, (unsigned long)a.live_bytes,
                    (unsigned long)st.live, (unsigned long)st.pool_size,
                    (unsigned long)bound);
      if (a.live_bytes > worst)
        worst = a.live_bytes;
    }
  }
  tt_valid(m);
  printf("soak: %ld tweens, %ld clears after warm-up leaving %lu bytes, at "
         "most %lu bytes, %.1f s\n",
         created, clears, (unsigned long)base, (unsigned long)worst,
         (double)(clock() - t0) / CLOCKS_PER_SEC);
  ck_assert_int_gt(clears, 0);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(a.live_bytes, 0);
  ck_assert_uint_eq(a.live_blocks, 0);
}
END_TEST

START_TEST(test_model_rollback) {
  const char *one = getenv("TW_MODEL_SEED");
  long total = total_ops() / 2, done = 0, per = total / BATCHES;
  uint64_t seed = (uint64_t)_i * 7000003u + 11;
  clock_t t0 = clock();
  outcome o;

  parallel_on(0);
  detect_bugs();
  digest = 0xcbf29ce484222325ull;
  if (one != NULL && *one != 0) { /* that seed only, as the random runs */
    const char *len = getenv("TW_MODEL_LEN");
    if (_i != 0)
      return;
    seed = strtoull(one, NULL, 10);
    run_rollback(seed, len != NULL && atoi(len) > 0 ? atoi(len) : OPS_PER_SEED,
                 &o);
    if (o.failed)
      ck_abort_msg("rollback, seed %" PRIu64 ", operation %d: %s", seed,
                   o.failed, o.msg);
    return;
  }
  while (done < per) {
    run_rollback(seed, OPS_PER_SEED, &o);
    if (o.failed)
      ck_abort_msg("rollback, seed %" PRIu64 ", operation %d: %s", seed,
                   o.failed, o.msg);
    done += o.ops;
    seed++;
  }
  printf("rollback%s batch %d: %ld operations, seeds %" PRIu64 "..%" PRIu64
         ", %.1f s, digest %016" PRIx64 "\n",
         par_threads ? " (parallel)" : "", _i, done,
         (uint64_t)_i * 7000003u + 11, seed - 1,
         (double)(clock() - t0) / CLOCKS_PER_SEC, digest);
  if (par_threads)
    parallel_off();
}
END_TEST

static Suite *model_suite(void) {
  Suite *s = suite_create("model");
  TCase *tc;

  tc = tcase_create("random");
  tcase_set_timeout(tc, 1200);
  tcase_add_loop_test(tc, test_model_random, 0, BATCHES);
  suite_add_tcase(s, tc);

  tc = tcase_create("parallel");
  tcase_set_timeout(tc, 1200);
  tcase_add_loop_test(tc, test_model_parallel, 0, BATCHES);
  suite_add_tcase(s, tc);

  tc = tcase_create("rollback");
  tcase_set_timeout(tc, 1200);
  tcase_add_loop_test(tc, test_model_rollback, 0, BATCHES);
  suite_add_tcase(s, tc);

  tc = tcase_create("shrink");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_model_shrink);
  suite_add_tcase(s, tc);

  tc = tcase_create("regress");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, test_model_regress, 0,
                      (int)(sizeof regress / sizeof *regress));
  suite_add_tcase(s, tc);

  tc = tcase_create("fixed");
  tcase_add_test(tc, test_model_fixed);
  suite_add_tcase(s, tc);

  tc = tcase_create("bugs");
  tcase_add_loop_test(tc, test_model_bugs, 0, known_bug_count());
  suite_add_tcase(s, tc);

  tc = tcase_create("soak");
  tcase_set_timeout(tc, 3600);
  tcase_add_test(tc, test_model_soak);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tt_run(model_suite()); }

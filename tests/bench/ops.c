/* SPDX-License-Identifier: MIT */
/* make bench-ops: instructions per operation, counted by callgrind.
 *
 * Each measured operation runs in a function of its own, op_*, which
 * make bench-ops finds in callgrind's inclusive counts; this program
 * prints, for each, the number of operations it ran and what they are
 * (the divisor), and tests/bench/ops.awk divides.  Unlike the times of
 * make bench, these counts repeat exactly from run to run on one build.
 * TW_OPS_N sets the number of tweens (default 10000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tween.h"

#if defined(__GNUC__)
#define OPS_NOINLINE __attribute__((noinline))
#else
#define OPS_NOINLINE
#endif

enum { UPDATES = 20 };

static size_t n = 10000;
static float *vals;
static tw_handle *handles;

/* A distinct mark per function, so that no compiler folds two op_
 * functions into one symbol. */
static volatile unsigned marks[32];

static int set_float(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  return 0;
}

static void get_float(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

static void updates(tw_manager *m, size_t k) {
  size_t u;

  for (u = 0; u < UPDATES; u++)
    tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  marks[k]++;
}

static void creations(tw_manager *m, size_t k) {
  size_t i;

  for (i = 0; i < n; i++)
    tw_float_to(m, &vals[i], 1.0f, 1.0, NULL);
  marks[k]++;
}

static OPS_NOINLINE void op_w1(tw_manager *m) { updates(m, 0); }
static OPS_NOINLINE void op_w1s(tw_manager *m) { updates(m, 1); }
static OPS_NOINLINE void op_w6(tw_manager *m) { updates(m, 2); }
static OPS_NOINLINE void op_create_cold(tw_manager *m) { creations(m, 3); }
static OPS_NOINLINE void op_create_warm(tw_manager *m) { creations(m, 4); }
static OPS_NOINLINE void op_create_index(tw_manager *m) { creations(m, 5); }

static OPS_NOINLINE void op_start_plain(tw_manager *m) {
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  marks[6]++;
}

static OPS_NOINLINE void op_start_overwrite(tw_manager *m) {
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  marks[7]++;
}

static OPS_NOINLINE void op_kill(tw_manager *m) {
  size_t i;

  for (i = 0; i < n; i += 2)
    tw_kill(m, handles[i], 0);
  marks[8]++;
}

static OPS_NOINLINE void op_compact(tw_manager *m) {
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  marks[9]++;
}

/* n / 50 new 0.5 s tweens per update, 300 updates */
static OPS_NOINLINE void op_churn(tw_manager *m) {
  size_t per = n / 50 ? n / 50 : 1, live = per * 31, k = 0, u, i;

  for (u = 0; u < 300; u++) {
    for (i = 0; i < per; i++, k++)
      tw_float_to(m, &vals[k % live], 1.0f, 0.5, NULL);
    tw_update(m, TW_UPDATE_NORMAL, 1 / 60.0, 1 / 60.0);
  }
  marks[10]++;
}

/* Floats with a key of their own (tw_set_key), with a parallel hook set:
 * count of them, then as many plain floats beside them.  The cost of one
 * must not grow with how many there are: op_own_key_small makes n / 10,
 * op_own_key n. */
static char *keys; /* n distinct keys */

static void serial(void *pool, tw_job_fn job, void *arg, size_t count,
                   size_t grain) {
  (void)pool;
  (void)grain;
  job(arg, 0, count);
}

static void own_keys(tw_manager *m, size_t count, size_t k) {
  size_t i;

  for (i = 0; i < count; i++) {
    tw_handle h;
    tw_float_to(m, &vals[i], 1.0f, 1.0, &h);
    tw_set_key(m, h, &keys[i]);
  }
  marks[k]++;
}

static void beside(tw_manager *m, size_t count, size_t k) {
  size_t i;

  for (i = 0; i < count; i++)
    tw_float_to(m, &vals[n + i], 1.0f, 1.0, NULL);
  marks[k]++;
}

static OPS_NOINLINE void op_own_key_small(tw_manager *m) {
  own_keys(m, n / 10, 11);
}
static OPS_NOINLINE void op_own_key(tw_manager *m) { own_keys(m, n, 12); }
static OPS_NOINLINE void op_beside_own_small(tw_manager *m) {
  beside(m, n / 10, 13);
}
static OPS_NOINLINE void op_beside_own(tw_manager *m) { beside(m, n, 14); }

/* the operations where a UI spends its time */
static OPS_NOINLINE void op_eased(tw_manager *m) { updates(m, 15); }
static OPS_NOINLINE void op_retargeted(tw_manager *m) { updates(m, 16); }

/* every tween of handles retargeted to `to`, mark k */
static void retargets(tw_manager *m, float to, size_t k) {
  size_t i;

  for (i = 0; i < n; i++)
    tw_retarget(m, handles[i], &to, 1e6);
  marks[k]++;
}

static OPS_NOINLINE void op_retarget(tw_manager *m) { retargets(m, 2.0f, 17); }

/* the same tweens again: each has its record and is retargeted already */
static OPS_NOINLINE void op_retarget_again(tw_manager *m) {
  retargets(m, 3.0f, 23);
}

/* the first retarget of plain floats again, their records from the pool
 * (as in a UI that kills and makes anew: the records of the tweens that
 * died) */
static OPS_NOINLINE void op_retarget_pool(tw_manager *m) {
  retargets(m, 2.0f, 26);
}

static void fn_creations(tw_manager *m, size_t k) {
  float end = 1.0f;
  size_t i;

  for (i = 0; i < n; i++)
    tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &vals[i], &end, 1e6, NULL);
  marks[k]++;
}

static OPS_NOINLINE void op_create_fn(tw_manager *m) { fn_creations(m, 18); }

/* the same with the records of floats in the pool, as a UI that kills
 * and makes anew has them */
static OPS_NOINLINE void op_create_fn_warm(tw_manager *m) {
  fn_creations(m, 24);
}

static OPS_NOINLINE void op_start_fn(tw_manager *m) {
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  marks[19]++;
}

/* the update in which each setter tween reaches its end: its value at
 * its end through the setter, complete, killed, its record to the pool */
static OPS_NOINLINE void op_end_fn(tw_manager *m) {
  tw_update(m, TW_UPDATE_NORMAL, 2e6, 2e6);
  marks[25]++;
}

static OPS_NOINLINE void op_seq_drive(tw_manager *m) { updates(m, 20); }

static OPS_NOINLINE void op_kill_rec(tw_manager *m) {
  size_t i;

  for (i = 0; i < n; i++)
    tw_kill(m, handles[i], 0);
  marks[21]++;
}

/* the setter's own cost in W1s: called as the update calls it */
static int (*volatile set_ptr)(void *, const void *) = set_float;
static OPS_NOINLINE void op_setter(void) {
  size_t i, u;
  float v = 0.5f;

  for (u = 0; u < UPDATES; u++)
    for (i = 0; i < n; i++)
      set_ptr(&vals[i], &v);
  marks[22]++;
}

static tw_manager *manager_of(int overwrite, size_t tweens) {
  tw_config c;
  tw_manager *m = NULL;

  tw_config_init(&c);
  c.tweens = tweens;
  c.warn = tw_warn_silent;
  c.overwrite = overwrite;
  if (tw_manager_new(&c, &m) != 0) {
    fprintf(stderr, "ops: no manager\n");
    exit(1);
  }
  return m;
}

static tw_manager *manager(int overwrite) {
  return manager_of(overwrite, n + 16);
}

int main(void) {
  const char *e = getenv("TW_OPS_N");
  tw_vec2 e2 = {1, 2};
  tw_vec3 e3 = {1, 2, 3};
  tw_vec4 e4 = {1, 2, 3, 4};
  tw_color ec = {1, 1, 1, 1};
  tw_manager *m;
  tw_handle none;
  float end = 1.0f;
  size_t i, per;

  if (e != NULL && atol(e) >= 100)
    n = (size_t)atol(e);
  per = n / 50 ? n / 50 : 1;
  vals = calloc(4 * n + 4, sizeof *vals);
  handles = calloc(n, sizeof *handles);
  keys = malloc(n);
  if (vals == NULL || handles == NULL || keys == NULL)
    return 1;

  m = manager(TW_OVERWRITE_NONE); /* plain floats: update, kill, compact */
  for (i = 0; i < n; i++)
    tw_float_to(m, &vals[i], 1.0f, 1e6, &handles[i]);
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  op_w1(m);
  op_kill(m);
  op_compact(m);
  tw_manager_free(m);

  m = manager(TW_OVERWRITE_NONE); /* floats by setter */
  for (i = 0; i < n; i++)
    tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &vals[i], &end, 1e6, NULL);
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  op_w1s(m);
  tw_manager_free(m);

  m = manager(TW_OVERWRITE_NONE); /* five value types */
  for (i = 0; i < n; i++) {
    void *v = &vals[4 * i];
    switch (i % 5) {
    case 0:
      tw_float_to(m, v, 1.0f, 1e6, NULL);
      break;
    case 1:
      tw_vec2_to(m, v, e2, 1e6, NULL);
      break;
    case 2:
      tw_vec3_to(m, v, e3, 1e6, NULL);
      break;
    case 3:
      tw_vec4_to(m, v, e4, 1e6, NULL);
      break;
    default:
      tw_color_to(m, v, ec, 1e6, NULL);
      break;
    }
  }
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  op_w6(m);
  tw_manager_free(m);

  m = manager(TW_OVERWRITE_NONE); /* creation, cold then warm; the start */
  op_create_cold(m);
  tw_kill_all(m, 0);
  tw_update(m, TW_UPDATE_NORMAL, 0, 0);
  op_create_warm(m);
  op_start_plain(m);
  tw_manager_free(m);

  m = manager(TW_OVERWRITE_KILL); /* the same with the key index built */
  tw_writer(m, &vals[4 * n], &none);
  op_create_index(m);
  op_start_overwrite(m);
  tw_manager_free(m);

  m = manager(TW_OVERWRITE_NONE);
  op_churn(m);
  tw_manager_free(m);

  /* own keys with a hook, n / 10 then n, in room for them all */
  m = manager_of(TW_OVERWRITE_NONE, 2 * n + 16);
  tw_manager_set_parallel(m, serial, NULL, 64, 0);
  op_own_key_small(m);
  op_beside_own_small(m);
  tw_manager_free(m);
  m = manager_of(TW_OVERWRITE_NONE, 2 * n + 16);
  tw_manager_set_parallel(m, serial, NULL, 64, 0);
  op_own_key(m);
  op_beside_own(m);
  tw_manager_free(m);

  /* eased floats, then the same retargeted once (on course: the same
   * end and the time left) */
  m = manager(TW_OVERWRITE_NONE);
  for (i = 0; i < n; i++) {
    tw_float_to(m, &vals[i], 1.0f, 1e6, &handles[i]);
    tw_set_ease(m, handles[i], TW_EASE_IN_OUT_CUBIC);
  }
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  op_eased(m);
  op_retarget(m);
  op_retargeted(m);
  op_retarget_again(m);
  tw_kill_all(m, 0); /* their records to the pool */
  tw_update(m, TW_UPDATE_NORMAL, 0, 0);
  for (i = 0; i < n; i++) {
    tw_float_to(m, &vals[i], 1.0f, 1e6, &handles[i]);
    tw_set_ease(m, handles[i], TW_EASE_IN_OUT_CUBIC);
  }
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  op_retarget_pool(m);
  tw_manager_free(m);

  m = manager(TW_OVERWRITE_NONE); /* setter tweens: creation, start */
  op_create_fn(m);
  op_start_fn(m);
  op_setter();
  tw_kill_all(m, 0);
  tw_update(m, TW_UPDATE_NORMAL, 0, 0);
  op_create_fn_warm(m);
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01); /* started, running */
  op_end_fn(m);
  tw_manager_free(m);

  m = manager(TW_OVERWRITE_NONE); /* n / 10 sequences of 3 setter tweens */
  for (i = 0; i < n / 10; i++) {
    tw_handle q, c;
    int k;
    tw_sequence(m, &q);
    for (k = 0; k < 3; k++) {
      tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &vals[3 * i + k], &end,
               1.0, &c);
      tw_seq_append(m, q, c);
    }
  }
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  op_seq_drive(m);
  tw_manager_free(m);

  m = manager(TW_OVERWRITE_NONE); /* kill of tweens with a record */
  for (i = 0; i < n; i++) {
    tw_float_to(m, &vals[i], 1.0f, 1e6, &handles[i]);
    tw_set_id(m, handles[i], 1);
  }
  tw_update(m, TW_UPDATE_NORMAL, 0.01, 0.01);
  op_kill_rec(m);
  tw_manager_free(m);

  printf("op_w1 %lu - W1 plain float, one update\n",
         (unsigned long)(n * UPDATES));
  printf("op_w1s %lu - W1s float by setter, one update\n",
         (unsigned long)(n * UPDATES));
  printf("op_w6 %lu - W6 five value types, one update\n",
         (unsigned long)(n * UPDATES));
  printf("op_create_cold %lu - W0 tw_float_to, cold\n", (unsigned long)n);
  printf("op_create_warm %lu - W0 tw_float_to, warm\n", (unsigned long)n);
  printf("op_create_index %lu - W0o tw_float_to, key index built\n",
         (unsigned long)n);
  printf("op_start_plain %lu - W0 first update (start), plain\n",
         (unsigned long)n);
  printf("op_start_overwrite %lu - W0o first update (start), overwrite\n",
         (unsigned long)n);
  printf("op_kill %lu - W3 tw_kill of a plain tween\n", (unsigned long)(n / 2));
  printf("op_compact %lu - W3 compacting update, per entry\n",
         (unsigned long)n);
  printf("op_churn %lu - W2 a tween's whole life (0.5 s)\n",
         (unsigned long)(per * 300));
  printf("op_own_key_small %lu - own-key float, hook set, n / 10 of them\n",
         (unsigned long)(n / 10));
  printf("op_own_key %lu - own-key float, hook set, n of them\n",
         (unsigned long)n);
  printf("op_beside_own_small %lu - tw_float_to beside n / 10 own-key floats\n",
         (unsigned long)(n / 10));
  printf("op_beside_own %lu - tw_float_to beside n own-key floats\n",
         (unsigned long)n);
  printf("op_eased %lu - eased float (InOutCubic), one update\n",
         (unsigned long)(n * UPDATES));
  printf("op_retargeted %lu 1.3x@op_eased the same retargeted, one update\n",
         (unsigned long)(n * UPDATES));
  printf("op_retarget %lu 300 tw_retarget\n", (unsigned long)n);
  printf("op_retarget_again %lu 300 tw_retarget again (record held)\n",
         (unsigned long)n);
  printf("op_retarget_pool %lu 300 tw_retarget, first, records from the pool\n",
         (unsigned long)n);
  printf("op_create_fn %lu 150 tw_to_fn (setter tween)\n", (unsigned long)n);
  printf("op_create_fn_warm %lu 150 tw_to_fn, records from the pool\n",
         (unsigned long)n);
  printf("op_start_fn %lu 250 setter tween's first update\n", (unsigned long)n);
  printf("op_end_fn %lu - a setter tween's end (the update it ends in)\n",
         (unsigned long)n);
  printf("op_setter %lu - the setter alone, called through a pointer\n",
         (unsigned long)(n * UPDATES));
  printf("op_seq_drive %lu 300 a frame's drive of a sequence of 3\n",
         (unsigned long)(n / 10 * UPDATES));
  printf("op_kill_rec %lu 100 tw_kill of a tween with a record\n",
         (unsigned long)n);
  free(vals);
  free(handles);
  free(keys);
  return 0;
}

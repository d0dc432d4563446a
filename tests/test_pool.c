/* SPDX-License-Identifier: MIT */
/* The recycle pool: which tweens own a record, reuse without allocating,
 * the type keys, the bound, non-recyclable tweens, big registered types,
 * clear, and leaks. */
/* The deprecated call tw_set_target is called here on purpose, without the
 * warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "util.h"

#include <string.h>

#include "life.h"

static tt_alloc_state A;

/* A manager on the counting allocator A with this tween capacity (0:
 * default) and pool bound (0: default). */
static tw_manager *mk(size_t tweens, size_t pool_bound) {
  return tt_manager_cfg(&A, tweens, 0, pool_bound, NULL, NULL);
}

static tw_stats stats(const tw_manager *m) {
  tw_stats st;

  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  return st;
}

/* The library's byte count agrees with the allocator's. */
static void bytes_agree(const tw_manager *m) {
  ck_assert_uint_eq(stats(m).bytes, A.live_bytes);
}

static void free_and_check_leaks(tw_manager *m) {
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(A.live_blocks, 0);
  ck_assert_uint_eq(A.live_bytes, 0);
}

static const tw__record *rec_of(const tw_manager *m, tw_handle h) {
  const tw__tween *t = tw__lookup(m, h);

  ck_assert_ptr_nonnull(t);
  return tw__rec(m, t);
}

static int kills;
static void count_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  kills++;
}

static float fval;
static int fset(void *ud, const void *v) {
  (void)ud;
  memcpy(&fval, v, sizeof fval);
  return 0;
}
static void fget(void *ud, void *out) {
  (void)ud;
  memcpy(out, &fval, sizeof fval);
}

/* a 16-byte and a 17-byte registered type */
typedef struct small16 {
  float v[4];
} small16;
typedef struct odd17 {
  unsigned char b[17];
} odd17;
static void lerp_bytes(void *out, const void *a, const void *b, double t,
                       void *ud) {
  (void)a;
  (void)ud;
  (void)t;
  memcpy(out, b, 17);
}
static void lerp_small16(void *out, const void *a, const void *b, double t,
                         void *ud) {
  const small16 *x = a, *y = b;
  small16 *o = out;
  int i;

  (void)ud;
  for (i = 0; i < 4; i++)
    o->v[i] = x->v[i] + (y->v[i] - x->v[i]) * (float)t;
}

/* a 64-byte registered type */
typedef struct big64 {
  float v[16];
} big64;
static void lerp_big64(void *out, const void *a, const void *b, double t,
                       void *ud) {
  const big64 *x = a, *y = b;
  big64 *o = out;
  int i;

  (void)ud;
  for (i = 0; i < 16; i++)
    o->v[i] = x->v[i] + (y->v[i] - x->v[i]) * (float)t;
}

/* which tweens own a record */

/* Checks that `make` (creating a tween, maybe setting something) takes
 * exactly `want` records (0 or 1) and allocates exactly that many blocks. */
#define EXPECT_RECORDS(m, want, h, code)                                       \
  do {                                                                         \
    tw_stats b_ = stats(m), a_;                                                \
    size_t al_ = A.allocs;                                                     \
    code;                                                                      \
    a_ = stats(m);                                                             \
    ck_assert_uint_eq(a_.pool_misses - b_.pool_misses, (want));                \
    ck_assert_uint_eq(a_.pool_hits, b_.pool_hits);                             \
    ck_assert_uint_eq(A.allocs - al_, (want));                                 \
    if ((want) != 0)                                                           \
      ck_assert_ptr_nonnull(rec_of(m, h));                                     \
    else                                                                       \
      ck_assert_ptr_null(rec_of(m, h));                                        \
    tt_valid(m);                                                               \
  } while (0)

START_TEST(test_pool_only_a_tween_that_needs_a_record_takes_one) {
  tw_manager *m;
  float x[16] = {0};
  int key, t16, t17;
  small16 s16 = {{0}}, e16 = {{1, 2, 3, 4}};
  odd17 s17, e17;
  tw_vec2 v2 = {0, 0}, e2 = {1, 2};
  tw_handle h;
  size_t allocs;

  memset(&A, 0, sizeof A);
  memset(&s17, 0, sizeof s17);
  memset(&e17, 7, sizeof e17);
  m = mk(0, 0);
  ck_assert_int_eq(
      tw_register_type(m, sizeof(small16), lerp_small16, NULL, &t16), 0);
  ck_assert_int_eq(tw_register_type(m, sizeof(odd17), lerp_bytes, NULL, &t17),
                   0);
  ck_assert_int_eq(tw_type_size(m, t16), 16);
  ck_assert_int_eq(tw_type_size(m, t17), 17);
  /* the first tween allocates the slot table (not a record) */
  ck_assert_int_eq(tw_float_to(m, &x[0], 1, 1, &h), 0);
  ck_assert_ptr_null(rec_of(m, h));
  ck_assert_uint_eq(stats(m).pool_misses, 0);

  /* no record: plain tweens and settings kept in the slot */
  EXPECT_RECORDS(m, 0, h, ck_assert_int_eq(tw_float_to(m, &x[1], 1, 1, &h), 0));
  EXPECT_RECORDS(m, 0, h, {
    ck_assert_int_eq(tw_float_to(m, &x[2], 1, 1, &h), 0);
    ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_SINE), 0);
    ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
    ck_assert_int_eq(tw_set_update_type(m, h, TW_UPDATE_LATE), 0);
    ck_assert_int_eq(tw_set_recyclable(m, h, 0), 0);
    ck_assert_int_eq(tw_set_independent(m, h, 1), 0);
  });
  /* the first value of 5 to 16 bytes allocates the array of wide values
   * (test_pool_wide_values_are_allocated_on_first_use_and_move_with_the_array);
   * no record */
  allocs = A.allocs;
  ck_assert_int_eq(tw_vec2_to(m, &v2, e2, 1, &h), 0);
  ck_assert_uint_eq(A.allocs, allocs + 1);
  ck_assert_ptr_null(rec_of(m, h));
  EXPECT_RECORDS(m, 0, h, ck_assert_int_eq(tw_vec2_to(m, &v2, e2, 1, &h), 0));
  EXPECT_RECORDS(m, 0, h,
                 ck_assert_int_eq(tw_to(m, t16, &s16, &e16, 1, &h), 0));

  /* a record: callbacks, delay, loops, id, key, setter, > 16 bytes; the
   * first one also allocates the array of records beside the array */
  allocs = A.allocs;
  ck_assert_int_eq(tw_float_to(m, &x[3], 1, 1, &h), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, count_kill, NULL), 0);
  ck_assert_uint_eq(A.allocs, allocs + 2);
  ck_assert_ptr_nonnull(rec_of(m, h));
  EXPECT_RECORDS(m, 1, h, {
    ck_assert_int_eq(tw_float_to(m, &x[9], 1, 1, &h), 0);
    ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, count_kill, NULL), 0);
  });
  ck_assert_uint_ne(tw__lookup(m, h)->flags & TW__F_CALLBACKS, 0);
  EXPECT_RECORDS(m, 1, h, {
    ck_assert_int_eq(tw_float_to(m, &x[4], 1, 1, &h), 0);
    ck_assert_int_eq(tw_set_delay(m, h, 0.5), 0);
  });
  EQF(rec_of(m, h)->delay, 0.5);
  EXPECT_RECORDS(m, 1, h, {
    ck_assert_int_eq(tw_float_to(m, &x[5], 1, 1, &h), 0);
    ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), 0);
  });
  ck_assert_int_eq(rec_of(m, h)->loop_type, TW_LOOP_YOYO);
  EXPECT_RECORDS(m, 1, h, {
    ck_assert_int_eq(tw_float_to(m, &x[6], 1, 1, &h), 0);
    ck_assert_int_eq(tw_set_id(m, h, 42), 0);
  });
  ck_assert_int_eq(rec_of(m, h)->id, 42);
  EXPECT_RECORDS(m, 1, h, {
    ck_assert_int_eq(tw_float_to(m, &x[7], 1, 1, &h), 0);
    ck_assert_int_eq(tw_set_target(m, h, &key), 0);
  });
  ck_assert_ptr_eq(rec_of(m, h)->key, &key);
  EXPECT_RECORDS(m, 1, h, {
    ck_assert_int_eq(tw_float_to(m, &x[8], 1, 1, &h), 0);
    ck_assert_int_eq(tw_set_timescale(m, h, 2.0), 0);
  });
  {
    /* the first setter tween also allocates the setters beside the array
     * (test_pool_setters_are_copied_beside_the_array_on_first_use) */
    float e = 3.0f;
    allocs = A.allocs;
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, fset, fget, NULL, &e, 1, &h),
                     0);
    ck_assert_uint_eq(A.allocs, allocs + 2);
  }
  EXPECT_RECORDS(m, 1, h, {
    float e = 3.0f;
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, fset, fget, NULL, &e, 1, &h),
                     0);
  });
  EXPECT_RECORDS(m, 1, h,
                 ck_assert_int_eq(tw_to(m, t17, &s17, &e17, 1, &h), 0));
  ck_assert_ptr_nonnull(rec_of(m, h)->big);
  /* a second setting on a tween with a record takes no other record */
  {
    const tw__record *r = rec_of(m, h);
    tw_stats b = stats(m);
    size_t al = A.allocs;
    ck_assert_int_eq(tw_set_id(m, h, 1), 0);
    ck_assert_int_eq(tw_set_delay(m, h, 1), 0);
    ck_assert_int_eq(tw_on(m, h, TW_ON_KILL, count_kill, NULL), 0);
    ck_assert_ptr_eq(rec_of(m, h), r);
    ck_assert_uint_eq(stats(m).pool_misses, b.pool_misses);
    ck_assert_uint_eq(A.allocs, al);
  }
  ck_assert_uint_eq(stats(m).live, 16);
  bytes_agree(m);
  free_and_check_leaks(m);
}
END_TEST

/* reuse without allocating */

START_TEST(test_pool_record_of_the_same_type_is_reused_without_allocation) {
  tw_manager *m;
  float x = 0.0f, y = 0.0f;
  tw_handle h, k;
  const tw__record *r;
  tw_stats st;
  size_t allocs, calls, live_blocks;

  memset(&A, 0, sizeof A);
  kills = 0;
  m = mk(0, 0);
  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_id(m, h, 5), 0);
  ck_assert_int_eq(tw_set_delay(m, h, 1.0), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_KILL, count_kill, NULL), 0);
  r = rec_of(m, h);
  ck_assert_ptr_nonnull(r);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(kills, 1);
  st = stats(m);
  ck_assert_uint_eq(st.pool_size, 1);
  ck_assert_uint_eq(st.pool_hits, 0);
  ck_assert_uint_eq(st.pool_misses, 1);
  tt_valid(m);

  allocs = A.allocs;
  calls = A.calls;
  live_blocks = A.live_blocks;
  ck_assert_int_eq(tw_float_to(m, &y, 20.0f, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_id(m, k, 6), 0);
  ck_assert_uint_eq(A.allocs, allocs); /* zero allocations */
  ck_assert_uint_eq(A.calls, calls);   /* nor reallocations */
  ck_assert_uint_eq(A.live_blocks, live_blocks);
  st = stats(m);
  ck_assert_uint_eq(st.pool_hits, 1);
  ck_assert_uint_eq(st.pool_misses, 1);
  ck_assert_uint_eq(st.pool_size, 0);
  ck_assert_uint_eq(st.pool_last_probes, 1);
  ck_assert_ptr_eq(rec_of(m, k), r); /* the very record */
  tt_valid(m);

  /* it comes back clean: the old delay and KILL callback are gone */
  ck_assert_int_eq(rec_of(m, k)->id, 6);
  EQF(rec_of(m, k)->delay, 0.0);
  ck_assert(rec_of(m, k)->cb[TW_ON_KILL].fn == NULL);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(y, 15.0f);
  EQF(x, 0.0f);
  ck_assert_int_eq(tw_kill_id(m, 5, 0), 0);
  ck_assert_int_eq(tw_kill_id(m, 6, 0), 1);
  ck_assert_int_eq(kills, 1);
  ck_assert_uint_eq(stats(m).pool_size, 1);
  bytes_agree(m);
  free_and_check_leaks(m);
}
END_TEST

START_TEST(test_pool_tween_of_another_type_misses) {
  tw_manager *m;
  float x = 0.0f;
  tw_vec3 v = {0, 0, 0}, ve = {1, 2, 3};
  tw_handle h, k;
  tw_stats st;
  size_t allocs;

  memset(&A, 0, sizeof A);
  m = mk(0, 0);
  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_id(m, h, 1), 0);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_uint_eq(stats(m).pool_size, 1);

  allocs = A.allocs;
  ck_assert_int_eq(tw_vec3_to(m, &v, ve, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_id(m, k, 2), 0);
  st = stats(m);
  ck_assert_uint_eq(st.pool_hits, 0);
  ck_assert_uint_eq(st.pool_misses, 2);
  ck_assert_uint_eq(st.pool_size, 1); /* the float record stays */
  ck_assert_uint_eq(st.pool_last_probes, 1);
  ck_assert_uint_eq(A.allocs, allocs + 2); /* the record, the wide values */
  ck_assert_int_eq(rec_of(m, k)->type, TW_TYPE_VEC3);
  ck_assert_uint_eq(m->types[TW_TYPE_FLOAT].pooled, 1);
  ck_assert_uint_eq(m->types[TW_TYPE_VEC3].pooled, 0);
  tt_valid(m);

  /* the float record goes to the next float request */
  allocs = A.allocs;
  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, count_kill, NULL), 0);
  st = stats(m);
  ck_assert_uint_eq(st.pool_hits, 1);
  ck_assert_uint_eq(st.pool_size, 0);
  ck_assert_uint_eq(A.allocs, allocs);
  ck_assert_int_eq(rec_of(m, h)->type, TW_TYPE_FLOAT);
  tt_valid(m);
  bytes_agree(m);
  free_and_check_leaks(m);
}
END_TEST

/* one key examined, however many records of other types are pooled */

#define MANY 100000

START_TEST(test_pool_probes_stay_constant_however_full) {
  static tw_vec3 v[MANY];
  tw_vec3 ve = {1, 2, 3};
  tw_manager *m;
  float x = 0.0f;
  tw_handle h;
  tw_stats st;
  int i;

  memset(&A, 0, sizeof A);
  m = mk(0, 200000);
  for (i = 0; i < MANY; i++) {
    ck_assert_int_eq(tw_vec3_to(m, &v[i], ve, 1.0, &h), 0);
    ck_assert_int_eq(tw_set_id(m, h, i), 0);
  }
  st = stats(m);
  ck_assert_uint_eq(st.live, MANY);
  ck_assert_uint_eq(st.pool_misses, MANY);
  ck_assert_int_eq(tw_kill_all(m, 0), MANY);
  st = stats(m);
  ck_assert_uint_eq(st.pool_size, MANY);
  ck_assert_uint_eq(st.live, 0);
  tt_valid(m);

  /* a float request looks at the float key only, finds nothing */
  ck_assert_int_eq(tw_float_to(m, &x, 8.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_id(m, h, -1), 0);
  st = stats(m);
  ck_assert_uint_eq(st.pool_last_probes, 1);
  ck_assert_uint_eq(st.pool_misses, MANY + 1);
  ck_assert_uint_eq(st.pool_hits, 0);
  ck_assert_uint_eq(st.pool_size, MANY);
  ck_assert_int_eq(rec_of(m, h)->id, -1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 6.0f);
  ck_assert_int_eq(tw_kill_id(m, -1, 0), 1);

  /* a vec3 request takes one of them, also in one probe */
  ck_assert_int_eq(tw_vec3_to(m, &v[0], ve, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_id(m, h, 7), 0);
  st = stats(m);
  ck_assert_uint_eq(st.pool_last_probes, 1);
  ck_assert_uint_eq(st.pool_hits, 1);
  ck_assert_uint_eq(st.pool_size, MANY); /* -1 vec3, +1 float */
  ck_assert_uint_eq(m->types[TW_TYPE_VEC3].pooled, MANY - 1);
  ck_assert_uint_eq(m->types[TW_TYPE_FLOAT].pooled, 1);
  tt_valid(m);
  bytes_agree(m);
  free_and_check_leaks(m);
}
END_TEST

/* the bound */

START_TEST(test_pool_keeps_no_more_than_its_bound) {
  tw_manager *m;
  float x[60];
  tw_handle h[60];
  size_t blocks, frees, allocs;
  tw_stats st;
  int i;

  memset(&A, 0, sizeof A);
  m = mk(0, 10);
  for (i = 0; i < 50; i++) {
    x[i] = 0.0f;
    ck_assert_int_eq(tw_float_to(m, &x[i], 1.0f, 1.0, &h[i]), 0);
    ck_assert_int_eq(tw_set_id(m, h[i], i), 0);
  }
  blocks = A.live_blocks;
  frees = A.frees;
  for (i = 0; i < 50; i++) {
    ck_assert_int_eq(tw_kill(m, h[i], 0), 0);
    ck_assert_uint_eq(stats(m).pool_size, i < 10 ? (size_t)i + 1 : 10);
  }
  st = stats(m);
  ck_assert_uint_eq(st.pool_size, 10);
  ck_assert_uint_eq(blocks - A.live_blocks, 40);
  ck_assert_uint_eq(A.frees - frees, 40);
  tt_valid(m);
  bytes_agree(m);

  /* ten come back free of charge, the eleventh is allocated */
  allocs = A.allocs;
  for (i = 0; i < 11; i++) {
    ck_assert_int_eq(tw_float_to(m, &x[i], 1.0f, 1.0, &h[i]), 0);
    ck_assert_int_eq(tw_set_id(m, h[i], i), 0);
  }
  st = stats(m);
  ck_assert_uint_eq(st.pool_hits, 10);
  ck_assert_uint_eq(st.pool_misses, 51);
  ck_assert_uint_eq(st.pool_size, 0);
  ck_assert_uint_eq(A.allocs - allocs, 1);
  tt_valid(m);
  free_and_check_leaks(m);
}
END_TEST

/* pool_bound 0 means the tween capacity (tw_config's contract) */
START_TEST(test_pool_bound_zero_is_the_tween_capacity) {
  tw_manager *m;
  float x[10];
  tw_vec3 v[10], ve = {1, 1, 1};
  tw_handle h[10];
  size_t blocks;
  int i;

  memset(&A, 0, sizeof A);
  m = mk(10, 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 10);
  for (i = 0; i < 10; i++) {
    x[i] = 0.0f;
    ck_assert_int_eq(tw_float_to(m, &x[i], 1.0f, 1.0, &h[i]), 0);
    ck_assert_int_eq(tw_set_id(m, h[i], i), 0);
  }
  ck_assert_int_eq(tw_kill_all(m, 0), 10);
  ck_assert_uint_eq(stats(m).pool_size, 10);
  /* ten vec3 records: the pool is full, so they are freed */
  for (i = 0; i < 10; i++) {
    ck_assert_int_eq(tw_vec3_to(m, &v[i], ve, 1.0, &h[i]), 0);
    ck_assert_int_eq(tw_set_id(m, h[i], i), 0);
  }
  ck_assert_uint_eq(stats(m).tweens_capacity, 10);
  blocks = A.live_blocks;
  ck_assert_int_eq(tw_kill_all(m, 0), 10);
  ck_assert_uint_eq(stats(m).pool_size, 10);
  ck_assert_uint_eq(blocks - A.live_blocks, 10);
  ck_assert_uint_eq(m->types[TW_TYPE_VEC3].pooled, 0);
  tt_valid(m);
  free_and_check_leaks(m);
}
END_TEST

/* non-recyclable tweens free their records */

START_TEST(test_pool_record_of_a_tween_not_recyclable_is_freed) {
  tw_manager *m;
  float x = 0.0f, y = 0.0f;
  tw_handle h, k;
  size_t blocks, frees;

  memset(&A, 0, sizeof A);
  m = mk(0, 0);
  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_id(m, h, 1), 0);
  ck_assert_int_eq(tw_set_recyclable(m, h, 0), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_id(m, k, 2), 0);
  ck_assert_int_eq(tw_set_recyclable(m, k, 0), 0);
  ck_assert_int_eq(tw_set_recyclable(m, k, 1), 0); /* changed its mind */
  blocks = A.live_blocks;
  frees = A.frees;
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_uint_eq(stats(m).pool_size, 0);
  ck_assert_uint_eq(blocks - A.live_blocks, 1);
  ck_assert_uint_eq(A.frees - frees, 1);
  ck_assert_int_eq(tw_kill(m, k, 0), 0);
  ck_assert_uint_eq(stats(m).pool_size, 1);
  ck_assert_uint_eq(blocks - A.live_blocks, 1);
  tt_valid(m);

  /* a non-recyclable tween completed by time frees its record too */
  ck_assert_int_eq(tw_float_to(m, &x, 2.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_id(m, h, 3), 0); /* takes the pooled record */
  ck_assert_int_eq(tw_set_recyclable(m, h, 0), 0);
  ck_assert_uint_eq(stats(m).pool_size, 0);
  blocks = A.live_blocks;
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(x, 2.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_uint_eq(stats(m).pool_size, 0);
  ck_assert_uint_eq(blocks - A.live_blocks, 1);
  tt_valid(m);
  bytes_agree(m);
  free_and_check_leaks(m);
}
END_TEST

/* big registered types keep their buffers in the pooled record */

START_TEST(test_pool_big_type_record_keeps_its_buffers) {
  tw_manager *m;
  big64 a, b, ea, eb;
  tw_handle h, k;
  const tw__record *r;
  size_t allocs, calls, bytes;
  int big, i;
  tw_stats st;

  memset(&A, 0, sizeof A);
  m = mk(0, 0);
  ck_assert_int_eq(tw_register_type(m, sizeof(big64), lerp_big64, NULL, &big),
                   0);
  ck_assert_int_eq(tw_type_size(m, big), 64);
  for (i = 0; i < 16; i++) {
    a.v[i] = 0.0f;
    ea.v[i] = (float)i;
    b.v[i] = 100.0f;
    eb.v[i] = 100.0f + 2.0f * (float)i;
  }
  bytes = A.live_bytes;
  allocs = A.allocs;
  ck_assert_int_eq(tw_to(m, big, &a, &ea, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  r = rec_of(m, h);
  ck_assert_ptr_nonnull(r);
  ck_assert_ptr_eq(r->big, (const unsigned char *)(r + 1));
  /* the array's four blocks (the first tween takes them), the slot
   * table, the array of records and the record */
  ck_assert_uint_eq(A.allocs - allocs, 7);
  ck_assert_uint_ge(A.live_bytes - bytes, sizeof(tw__record) + 3 * 64);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  for (i = 0; i < 16; i++)
    EQF(a.v[i], (float)i * 0.5f);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_uint_eq(stats(m).pool_size, 1);
  ck_assert_uint_eq(m->types[big].pooled, 1);

  /* the next tween of the type takes the record and its buffers */
  allocs = A.allocs;
  calls = A.calls;
  ck_assert_int_eq(tw_to(m, big, &b, &eb, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_id(m, k, 9), 0);
  ck_assert_uint_eq(A.allocs, allocs);
  ck_assert_uint_eq(A.calls, calls);
  st = stats(m);
  ck_assert_uint_eq(st.pool_hits, 1);
  ck_assert_uint_eq(st.pool_misses, 1);
  ck_assert_uint_eq(st.pool_size, 0);
  ck_assert_ptr_eq(rec_of(m, k), r);
  ck_assert_ptr_eq(rec_of(m, k)->big, (const unsigned char *)(r + 1));
  tt_valid(m);
  /* and animates from its own start to its own end */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  for (i = 0; i < 16; i++)
    EQF(b.v[i], 100.0f + (2.0f * (float)i) * 0.25f);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.75, 0.75), 0);
  for (i = 0; i < 16; i++) {
    EQF(b.v[i], eb.v[i]);
    EQF(a.v[i], (float)i * 0.5f); /* the old target untouched */
  }
  ck_assert_int_eq(tw_is_active(m, k), 0);
  ck_assert_uint_eq(stats(m).pool_size, 1);
  /* a float request does not take the big record */
  {
    float x = 0.0f;
    ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &h), 0);
    ck_assert_int_eq(tw_set_id(m, h, 1), 0);
    ck_assert_uint_eq(stats(m).pool_hits, 1);
    ck_assert_uint_eq(m->types[big].pooled, 1);
  }
  tt_valid(m);
  bytes_agree(m);
  free_and_check_leaks(m);
}
END_TEST

/* clear empties the pool */

START_TEST(test_pool_clear_frees_every_record) {
  tw_manager *m;
  float x[20];
  tw_vec3 v = {0, 0, 0}, ve = {1, 1, 1};
  tw_handle h[20], k;
  size_t blocks;
  tw_stats st;
  int i;

  memset(&A, 0, sizeof A);
  m = mk(0, 0);
  for (i = 0; i < 20; i++) {
    x[i] = 0.0f;
    ck_assert_int_eq(tw_float_to(m, &x[i], 1.0f, 1.0, &h[i]), 0);
    if (i % 2 == 0)
      ck_assert_int_eq(tw_set_id(m, h[i], i), 0);
  }
  for (i = 0; i < 5; i++)
    ck_assert_int_eq(tw_kill(m, h[i], 0), 0);
  ck_assert_int_eq(tw_vec3_to(m, &v, ve, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_delay(m, k, 1.0), 0);
  ck_assert_int_eq(tw_kill(m, k, 0), 0);
  st = stats(m);
  ck_assert_uint_eq(st.pool_size, 4); /* floats 0, 2, 4 and the vec3 */
  ck_assert_uint_eq(st.pool_misses, 11);
  ck_assert_uint_eq(st.live, 15);
  blocks = A.live_blocks;
  ck_assert_int_eq(tw_manager_clear(m), 0);
  st = stats(m);
  ck_assert_uint_eq(st.pool_size, 0);
  ck_assert_uint_eq(st.live, 0);
  /* 4 pooled + 7 live records (ids on 6..18) all freed */
  ck_assert_uint_eq(blocks - A.live_blocks, 11);
  ck_assert_uint_eq(m->types[TW_TYPE_FLOAT].pooled, 0);
  ck_assert_uint_eq(m->types[TW_TYPE_VEC3].pooled, 0);
  tt_valid(m);
  bytes_agree(m);
  /* the next request allocates */
  ck_assert_int_eq(tw_float_to(m, &x[0], 1.0f, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_id(m, k, 0), 0);
  st = stats(m);
  ck_assert_uint_eq(st.pool_misses, 12);
  ck_assert_uint_eq(st.pool_hits, 0);
  ck_assert_uint_eq(st.pool_size, 0);
  free_and_check_leaks(m);
}
END_TEST

/* nothing leaks */

START_TEST(test_pool_gives_back_every_block) {
  tw_manager *m;
  static float x[700];
  big64 b, eb;
  tw_color c = {0, 0, 0, 0}, ce = {1, 1, 1, 1};
  tw_handle h;
  int big, i;

  memset(&A, 0, sizeof A);
  memset(&b, 0, sizeof b);
  memset(&eb, 0, sizeof eb);
  m = mk(0, 0);
  ck_assert_int_eq(tw_register_type(m, sizeof(big64), lerp_big64, NULL, &big),
                   0);
  for (i = 0; i < 700; i++) {
    ck_assert_int_eq(tw_float_to(m, &x[i], 1.0f, 1.0, &h), 0);
    if (i % 3 == 0)
      ck_assert_int_eq(tw_set_id(m, h, i), 0);
    if (i % 5 == 0)
      ck_assert_int_eq(tw_set_recyclable(m, h, 0), 0);
    if (i % 7 == 0)
      ck_assert_int_eq(tw_to(m, big, &b, &eb, 1.0, NULL), 0);
    if (i % 11 == 0)
      ck_assert_int_eq(tw_color_to(m, &c, ce, 0.5, NULL), 0);
    if (i % 2 == 0)
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
  }
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  tt_valid(m);
  bytes_agree(m);
  ck_assert_uint_gt(A.live_blocks, 5);
  free_and_check_leaks(m);
}
END_TEST

/* The values of 5 to 16 bytes live in an array beside the active one,
 * allocated for the first such tween: a manager of floats never has it,
 * its allocation failing refuses the creation and changes nothing, and it
 * grows and moves with the array. */
START_TEST(
    test_pool_wide_values_are_allocated_on_first_use_and_move_with_the_array) {
  tw_manager *m;
  float x[150];
  tw_vec3 v[150], e = {1, 2, 3};
  tw_vec2 w = {0, 0}, we = {4, 8};
  tw_handle h, k;
  size_t allocs;
  int i;

  memset(&A, 0, sizeof A);
  memset(x, 0, sizeof x);
  memset(v, 0, sizeof v);
  m = mk(8, 0);
  for (i = 0; i < 20; i++) /* grows once */
    ck_assert_int_eq(tw_float_to(m, &x[i], 1, 1, &h), 0);
  ck_assert_ptr_null(m->wide);
  ck_assert_int_eq(tw_kill_all(m, 0), 20);

  allocs = A.allocs;
  A.fail_at = A.calls + 1;
  ck_assert_int_eq(tw_vec3_to(m, &v[0], e, 1, &h), TW_ENOMEM);
  ck_assert_uint_eq(A.allocs, allocs);
  ck_assert_ptr_null(m->wide);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  tt_valid(m);
  A.fail_at = 0;

  ck_assert_int_eq(tw_vec2_to(m, &w, we, 1, &k), 0);
  ck_assert_uint_eq(A.allocs, allocs + 1);
  ck_assert_ptr_nonnull(m->wide);
  for (i = 0; i < 150; i++) { /* grows past 208, with floats between */
    ck_assert_int_eq(tw_vec3_to(m, &v[i], e, 2, &h), 0);
    ck_assert_int_eq(tw_float_to(m, &x[i], 5, 2, &h), 0);
    if (i % 3 == 0)
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
  }
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1, 1), 0); /* compacts */
  tt_valid(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1, 1), 0);
  ck_assert_uint_gt(stats(m).tweens_capacity, 208);
  for (i = 0; i < 150; i++) {
    ck_assert(v[i].x == 1 && v[i].y == 2 && v[i].z == 3);
    ck_assert(x[i] == (i % 3 == 0 ? 0.0f : 5.0f));
  }
  ck_assert(w.x == 4 && w.y == 8);
  bytes_agree(m);
  free_and_check_leaks(m);
}
END_TEST

/* Setters writing into one of two arrays, by the index in their ud. */
static float sa[150], sb[150];
static int set_a(void *ud, const void *v) {
  memcpy(&sa[(size_t)ud], v, sizeof(float));
  return 0;
}
static int set_b(void *ud, const void *v) {
  memcpy(&sb[(size_t)ud], v, sizeof(float));
  return 0;
}

/* The setters of tweens bound by one are copied beside the array, for
 * the update: allocated for the first such tween (its failure refuses the
 * creation and changes nothing), never for a manager without one, and
 * moved with the array when it grows and compacts. */
START_TEST(test_pool_setters_are_copied_beside_the_array_on_first_use) {
  tw_manager *m;
  float x[20], e = 5.0f, s0 = 0.0f;
  tw_handle h;
  size_t allocs, i;

  memset(&A, 0, sizeof A);
  memset(x, 0, sizeof x);
  memset(sa, 0, sizeof sa);
  memset(sb, 0, sizeof sb);
  m = mk(8, 0);
  for (i = 0; i < 20; i++)
    ck_assert_int_eq(tw_float_to(m, &x[i], 1, 1, &h), 0);
  ck_assert_ptr_null(m->aset);
  ck_assert_int_eq(tw_kill_all(m, 0), 20);

  allocs = A.allocs;
  A.fail_at = A.calls + 1; /* the setters, before the record */
  ck_assert_int_eq(tw_from_to_fn(m, TW_TYPE_FLOAT, set_a, NULL, &s0, &e, 1, &h),
                   TW_ENOMEM);
  ck_assert_uint_eq(A.failures, 1);
  ck_assert_ptr_null(m->aset);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  tt_valid(m);
  A.fail_at = 0;

  for (i = 0; i < 150; i++) { /* grows past 208, with kills between */
    ck_assert_int_eq(tw_from_to_fn(m, TW_TYPE_FLOAT, i % 2 ? set_b : set_a,
                                   (void *)i, &s0, &e, 2, &h),
                     0);
    ck_assert_int_eq(tw_float_to(m, &x[i % 20], 5, 2, &h), 0);
    if (i % 3 == 0)
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
  }
  ck_assert_ptr_nonnull(m->aset);
  ck_assert_uint_gt(stats(m).tweens_capacity, 208);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0); /* compacts */
  tt_valid(m);
  memset(sa, 0, sizeof sa);
  memset(sb, 0, sizeof sb);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0); /* inline */
  for (i = 0; i < 150; i++) {
    ck_assert(i % 2 ? sb[i] > 0 && sa[i] == 0 : sa[i] > 0 && sb[i] == 0);
    ck_assert(sb[i] < 5 && sa[i] < 5);
  }
  bytes_agree(m);
  ck_assert_uint_gt(A.allocs, allocs);
  free_and_check_leaks(m);
}
END_TEST

/* A record tw__record_get gives holds the same fields made new (the pool
 * empty) as taken back from the pool: every field 0 but seq_t, loops,
 * type, timescale, overshoot and big, its big values 0; none left from
 * the record's last life. */
static void record_is_fresh(const tw__record *r, int type, size_t size) {
  tw__record d;
  size_t i;

  memset(&d, 0, sizeof d);
  d.seq_t = -1;
  d.loops = 1;
  d.type = (uint16_t)type;
  d.timescale = 1.0;
  d.overshoot = TW__OVERSHOOT;
  d.big = size > TW__INLINE_MAX ? (unsigned char *)(uintptr_t)(r + 1) : NULL;
  ck_assert_int_eq(memcmp(r, &d, sizeof d), 0);
  if (size > TW__INLINE_MAX)
    for (i = 0; i < 3 * size; i++)
      ck_assert_uint_eq(r->big[i], 0);
}

/* Every byte of r but its pool key, buffers and big pointer made stale. */
static void soil(tw__record *r, size_t size) {
  unsigned char *big = r->big;
  uint16_t type = r->type;

  memset(r, 0xa5, sizeof *r);
  r->next = NULL;
  r->type = type;
  r->curve = NULL;
  r->curve_cap = 0;
  r->items = NULL;
  r->order = NULL;
  r->items_cap = 0;
  r->ch = NULL;
  r->big = big;
  if (size > TW__INLINE_MAX)
    memset(big, 0x5a, 3 * size);
}

START_TEST(test_pool_record_new_or_reused_holds_the_same_fields) {
  tw_manager *m = mk(0, 0);
  int big, k;

  ck_assert_ptr_nonnull(m);
  ck_assert_int_eq(tw_register_type(m, sizeof(big64), lerp_big64, NULL, &big),
                   0);
  for (k = 0; k < 2; k++) {
    int type = k == 0 ? TW_TYPE_FLOAT : big;
    size_t size = (size_t)tw_type_size(m, type);
    tw_stats b = stats(m), st;
    tw__record *r = tw__record_get(m, type), *q;

    st = stats(m);
    ck_assert_ptr_nonnull(r);
    ck_assert_uint_eq(st.pool_misses, b.pool_misses + 1);
    bytes_agree(m);
    record_is_fresh(r, type, size);
    soil(r, size);
    tw__record_put(m, r);
    q = tw__record_get(m, type);
    ck_assert_ptr_eq(q, r);
    ck_assert_uint_eq(stats(m).pool_hits, st.pool_hits + 1);
    record_is_fresh(q, type, size);
    /* made new again, over the stale bytes the allocator gives back */
    soil(q, size);
    tw__record_drop(m, q);
    r = tw__record_get(m, type);
    ck_assert_ptr_nonnull(r);
    record_is_fresh(r, type, size);
    bytes_agree(m);
    tw__record_drop(m, r);
  }
  free_and_check_leaks(m);
}
END_TEST

static Suite *pool_suite(void) {
  Suite *s = suite_create("pool");

#define ADD(name) TT_ADD(s, test_pool_##name, #name, 60);
  ADD(only_a_tween_that_needs_a_record_takes_one)
  ADD(record_of_the_same_type_is_reused_without_allocation)
  ADD(tween_of_another_type_misses)
  ADD(probes_stay_constant_however_full)
  ADD(keeps_no_more_than_its_bound)
  ADD(bound_zero_is_the_tween_capacity)
  ADD(record_of_a_tween_not_recyclable_is_freed)
  ADD(big_type_record_keeps_its_buffers)
  ADD(clear_frees_every_record)
  ADD(gives_back_every_block)
  ADD(wide_values_are_allocated_on_first_use_and_move_with_the_array)
  ADD(setters_are_copied_beside_the_array_on_first_use)
  ADD(record_new_or_reused_holds_the_same_fields)
#undef ADD
  return s;
}

int main(void) { return tt_run(pool_suite()); }

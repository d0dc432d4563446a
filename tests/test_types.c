/* SPDX-License-Identifier: MIT */
/* Value types: the built-ins by pointer, binding by setter and getter,
 * registered small and big types, type ids and sizes, incremental loops
 * of a registered type. */
#include "util.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "life.h"

static void step(tw_manager *m, double dt) {
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, dt, dt), 0);
  tt_valid(m);
}

/* float-based built-ins */

/* The fractions the value is at after updates of 0.25, 0.25, 0.5 s of a
 * 1 s tween: linear, and OutQuad x (2 - x). */
static const float lin_frac[3] = {0.25f, 0.5f, 1.0f};
static const float quad_frac[3] = {0.4375f, 0.75f, 1.0f};
static const double dts[3] = {0.25, 0.25, 0.5};

/* Animates a value of n floats of built-in type `type` (by pointer) from
 * s to e, the target holding junk until it is set after creation (the
 * start value is read at the first update), and checks every component
 * after each step against s + (e - s) * fraction. */
static void run_floats(int type, int n, const float *s, const float *e,
                       int linear) {
  tw_manager *m = tt_manager(NULL, 0);
  float target[4], endv[4];
  const float *frac = linear ? lin_frac : quad_frac;
  tw_handle h;
  int i, k;

  for (i = 0; i < 4; i++) {
    target[i] = -999.0f;
    endv[i] = i < n ? e[i] : 0.0f;
  }
  ck_assert_int_eq(tw_type_size(m, type), n * (int)sizeof(float));
  ck_assert_int_eq(tw_to(m, type, target, endv, 1.0, &h), 0);
  if (linear)
    ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  for (i = 0; i < n; i++)
    target[i] = s[i];
  for (k = 0; k < 3; k++) {
    step(m, dts[k]);
    for (i = 0; i < n; i++)
      EQF(target[i], s[i] + (e[i] - s[i]) * frac[k]);
    for (i = n; i < 4; i++)
      EQF(target[i], -999.0f); /* nothing written past the value */
  }
  for (i = 0; i < n; i++)
    EQF(target[i], e[i]);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}

START_TEST(test_types_float) {
  static const float s[1] = {2.0f}, e[1] = {10.0f};
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f;
  tw_handle h;

  run_floats(TW_TYPE_FLOAT, 1, s, e, 1);
  run_floats(TW_TYPE_FLOAT, 1, s, e, 0);
  /* tw_float_to, literal values */
  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  x = 2.0f;
  step(m, 0.25);
  EQF(x, 4.0f);
  step(m, 0.25);
  EQF(x, 6.0f);
  step(m, 0.25);
  EQF(x, 8.0f);
  step(m, 0.25);
  EQF(x, 10.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  /* default ease OutQuad */
  ck_assert_int_eq(tw_float_to(m, &x, 18.0f, 1.0, &h), 0);
  step(m, 0.25);
  EQF(x, 13.5f); /* 10 + 8 * 0.4375 */
  step(m, 0.25);
  EQF(x, 16.0f); /* 10 + 8 * 0.75 */
  step(m, 0.5);
  EQF(x, 18.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_types_double) {
  tw_manager *m = tt_manager(NULL, 0);
  double x = 0.0;
  tw_handle h;

  ck_assert_int_eq(tw_type_size(m, TW_TYPE_DOUBLE), (int)sizeof(double));
  ck_assert_int_eq(tw_double_to(m, &x, 3.0, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  x = 1.0;
  step(m, 0.25);
  EQF(x, 1.5);
  step(m, 0.25);
  EQF(x, 2.0);
  step(m, 0.5);
  EQF(x, 3.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  /* OutQuad, and a value float could not hold */
  x = 1e10;
  ck_assert_int_eq(tw_double_to(m, &x, 1e10 + 16.0, 1.0, &h), 0);
  step(m, 0.25);
  EQF(x, 1e10 + 7.0); /* 16 * 0.4375 */
  step(m, 0.25);
  EQF(x, 1e10 + 12.0);
  step(m, 0.5);
  EQF(x, 1e10 + 16.0);
  /* by tw_to */
  {
    double y = 0.0, e = -1.0;
    ck_assert_int_eq(tw_to(m, TW_TYPE_DOUBLE, &y, &e, 2.0, &h), 0);
    ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
    step(m, 0.5);
    EQF(y, -0.25);
    step(m, 1.5);
    EQF(y, -1.0);
  }
  tw_manager_free(m);
}
END_TEST

START_TEST(test_types_int) {
  tw_manager *m = tt_manager(NULL, 0);
  int x = 0, y = 0, z = 0;
  tw_handle h, k, q;

  ck_assert_int_eq(tw_type_size(m, TW_TYPE_INT), (int)sizeof(int));
  /* rounding is floor(v + 0.5): halves go up */
  ck_assert_int_eq(tw_int_to(m, &x, 10, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_int_to(m, &y, -10, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_int_to(m, &z, 10, 1.0, &q), 0); /* OutQuad */
  step(m, 0.25);
  ck_assert_int_eq(x, 3);  /* 2.5 */
  ck_assert_int_eq(y, -2); /* -2.5 */
  ck_assert_int_eq(z, 4);  /* 4.375 */
  step(m, 0.25);
  ck_assert_int_eq(x, 5);
  ck_assert_int_eq(y, -5);
  ck_assert_int_eq(z, 8); /* 7.5 */
  step(m, 0.25);
  ck_assert_int_eq(x, 8);  /* 7.5 */
  ck_assert_int_eq(y, -7); /* -7.5 */
  ck_assert_int_eq(z, 9);  /* 9.375 */
  step(m, 0.25);
  ck_assert_int_eq(x, 10);
  ck_assert_int_eq(y, -10);
  ck_assert_int_eq(z, 10);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  /* from a non-zero start set before the first update */
  ck_assert_int_eq(tw_int_to(m, &x, 4, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  x = 100;
  step(m, 0.5);
  ck_assert_int_eq(x, 52);
  step(m, 0.5);
  ck_assert_int_eq(x, 4);
  /* overshooting eases clamp to the int range */
  x = 0;
  y = 0;
  ck_assert_int_eq(tw_int_to(m, &x, INT_MAX, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_OUT_BACK), 0);
  ck_assert_int_eq(tw_int_to(m, &y, INT_MIN, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_OUT_BACK), 0);
  step(m, 0.5);
  ck_assert_int_eq(x, INT_MAX);
  ck_assert_int_eq(y, INT_MIN);
  step(m, 0.5);
  ck_assert_int_eq(x, INT_MAX);
  ck_assert_int_eq(y, INT_MIN);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_types_vec2) {
  static const float s[2] = {1.0f, -2.0f}, e[2] = {5.0f, 6.0f};
  tw_manager *m = tt_manager(NULL, 0);
  tw_vec2 v = {0, 0}, end = {5.0f, 6.0f};
  tw_handle h;

  run_floats(TW_TYPE_VEC2, 2, s, e, 1);
  run_floats(TW_TYPE_VEC2, 2, s, e, 0);
  ck_assert_int_eq(tw_vec2_to(m, &v, end, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  v.x = 1.0f;
  v.y = -2.0f;
  step(m, 0.25);
  EQF(v.x, 2.0f);
  EQF(v.y, 0.0f);
  step(m, 0.75);
  EQF(v.x, 5.0f);
  EQF(v.y, 6.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_types_vec3) {
  static const float s[3] = {1.0f, -2.0f, 4.0f}, e[3] = {5.0f, 6.0f, -4.0f};
  tw_manager *m = tt_manager(NULL, 0);
  tw_vec3 v = {1.0f, -2.0f, 4.0f}, end = {5.0f, 6.0f, -4.0f};
  tw_handle h;

  run_floats(TW_TYPE_VEC3, 3, s, e, 1);
  run_floats(TW_TYPE_VEC3, 3, s, e, 0);
  ck_assert_int_eq(tw_vec3_to(m, &v, end, 1.0, &h), 0); /* OutQuad */
  step(m, 0.25);
  EQF(v.x, 2.75f);
  EQF(v.y, 1.5f);
  EQF(v.z, 0.5f);
  step(m, 0.25);
  EQF(v.x, 4.0f);
  EQF(v.y, 4.0f);
  EQF(v.z, -2.0f);
  step(m, 0.5);
  EQF(v.x, 5.0f);
  EQF(v.y, 6.0f);
  EQF(v.z, -4.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_types_vec4) {
  static const float s[4] = {0.0f, 8.0f, -8.0f, 1.0f},
                     e[4] = {8.0f, 0.0f, 8.0f, 1.0f};
  tw_manager *m = tt_manager(NULL, 0);
  tw_vec4 v = {0.0f, 8.0f, -8.0f, 1.0f}, end = {8.0f, 0.0f, 8.0f, 1.0f};
  tw_handle h;

  run_floats(TW_TYPE_VEC4, 4, s, e, 1);
  run_floats(TW_TYPE_VEC4, 4, s, e, 0);
  ck_assert_int_eq(tw_vec4_to(m, &v, end, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  step(m, 0.25);
  EQF(v.x, 2.0f);
  EQF(v.y, 6.0f);
  EQF(v.z, -4.0f);
  EQF(v.w, 1.0f);
  step(m, 0.75);
  EQF(v.x, 8.0f);
  EQF(v.y, 0.0f);
  EQF(v.z, 8.0f);
  EQF(v.w, 1.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_types_color) {
  static const float s[4] = {1.0f, 0.0f, 0.5f, 0.0f},
                     e[4] = {0.0f, 1.0f, 0.5f, 1.0f};
  tw_manager *m = tt_manager(NULL, 0);
  tw_color c = {1.0f, 0.0f, 0.5f, 0.0f}, end = {0.0f, 1.0f, 0.5f, 1.0f};
  tw_handle h;

  run_floats(TW_TYPE_COLOR, 4, s, e, 1);
  run_floats(TW_TYPE_COLOR, 4, s, e, 0);
  ck_assert_int_eq(tw_color_to(m, &c, end, 1.0, &h), 0); /* OutQuad */
  step(m, 0.25);
  EQF(c.r, 0.5625f);
  EQF(c.g, 0.4375f);
  EQF(c.b, 0.5f);
  EQF(c.a, 0.4375f);
  step(m, 0.75);
  EQF(c.r, 0.0f);
  EQF(c.g, 1.0f);
  EQF(c.b, 0.5f);
  EQF(c.a, 1.0f);
  tw_manager_free(m);
}
END_TEST

/* setter and getter with user data */

typedef struct binding {
  unsigned char cur[64]; /* the value the program holds */
  unsigned char last[64];
  size_t size;
  int gets, sets;
  int fail_at; /* the setter fails on this call (1-based); 0: never */
} binding;

static int bset(void *ud, const void *v) {
  binding *b = ud;

  b->sets++;
  memcpy(b->last, v, b->size);
  if (b->fail_at != 0 && b->sets == b->fail_at)
    return -1;
  memcpy(b->cur, v, b->size);
  return 0;
}

static void bget(void *ud, void *out) {
  binding *b = ud;

  b->gets++;
  memcpy(out, b->cur, b->size);
}

START_TEST(test_types_setter_builtin) {
  tw_manager *m = tt_manager(NULL, 0);
  binding b;
  tw_vec3 start = {1.0f, -2.0f, 4.0f}, end = {5.0f, 6.0f, -4.0f}, v;
  tw_handle h;
  tw_stats st;

  memset(&b, 0, sizeof b);
  b.size = sizeof(tw_vec3);
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_VEC3, bset, bget, &b, &end, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(b.gets, 0); /* not read at creation */
  memcpy(b.cur, &start, sizeof start);
  step(m, 0.25);
  ck_assert_int_eq(b.gets, 1);
  ck_assert_int_eq(b.sets, 1);
  memcpy(&v, b.cur, sizeof v);
  EQF(v.x, 2.0f);
  EQF(v.y, 0.0f);
  EQF(v.z, 2.0f);
  step(m, 0.25);
  ck_assert_int_eq(b.gets, 1); /* read once */
  ck_assert_int_eq(b.sets, 2);
  memcpy(&v, b.cur, sizeof v);
  EQF(v.x, 3.0f);
  EQF(v.y, 2.0f);
  EQF(v.z, 0.0f);
  step(m, 0.5);
  ck_assert_int_eq(b.sets, 3);
  memcpy(&v, b.cur, sizeof v);
  EQF(v.x, 5.0f);
  EQF(v.y, 6.0f);
  EQF(v.z, -4.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  step(m, 0.5);
  ck_assert_int_eq(b.sets, 3);

  /* a float through callbacks, default ease */
  {
    float f = 10.0f, fe = 18.0f;
    memset(&b, 0, sizeof b);
    b.size = sizeof(float);
    memcpy(b.cur, &f, sizeof f);
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, bset, bget, &b, &fe, 1.0, &h),
                     0);
    step(m, 0.25);
    memcpy(&f, b.cur, sizeof f);
    EQF(f, 13.5f);
    step(m, 0.75);
    memcpy(&f, b.cur, sizeof f);
    EQF(f, 18.0f);
    ck_assert_int_eq(b.gets, 1);
    ck_assert_int_eq(b.sets, 2);
  }
  /* an int */
  {
    int i = 0, ie = 10;
    memset(&b, 0, sizeof b);
    b.size = sizeof(int);
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_INT, bset, bget, &b, &ie, 1.0, &h), 0);
    ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
    step(m, 0.25);
    memcpy(&i, b.cur, sizeof i);
    ck_assert_int_eq(i, 3);
  }
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.setter_failures, 0);
  tw_manager_free(m);
}
END_TEST

static int kill_count;
static void on_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  kill_count++;
}

/* A setter on the update's fast path that registers types until their
 * table moves, with a float vector by pointer after it in the same pass:
 * the vector is written by the moved table, its two floats and no more.
 * The allocator never reuses a block: a moved block keeps its bytes,
 * spoiled, until the test ends, so a read of the old table sees them. */
#define MOVED_MAX 64
static void *moved[MOVED_MAX];
static int nmoved;

static void *moving_alloc(void *ud, void *p, size_t old_size, size_t new_size) {
  void *q;

  (void)ud;
  if (new_size == 0) {
    free(p);
    return NULL;
  }
  q = malloc(new_size);
  if (q == NULL)
    return NULL;
  if (p != NULL) {
    memcpy(q, p, old_size < new_size ? old_size : new_size);
    memset(p, 0xa5, old_size);
    ck_assert_int_lt(nmoved, MOVED_MAX);
    moved[nmoved++] = p; /* freed at the end */
  }
  return q;
}

static int reg_armed, reg_count;
static tw_manager *reg_m;

static void reg_lerp(void *out, const void *a, const void *b, double t,
                     void *ud) {
  (void)ud;
  (void)a;
  (void)b;
  (void)t;
  memset(out, 0, 4);
}

static int reg_set(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  if (reg_armed) {
    tw_manager *m = reg_m;
    int k, type;
    reg_armed = 0;
    for (k = 0; k < 300; k++) {
      ck_assert_int_eq(tw_register_type(m, 4, reg_lerp, NULL, &type), 0);
      reg_count++;
    }
  }
  return 0;
}

static void reg_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

START_TEST(test_types_setter_moves_types) {
  static float sx;
  static struct {
    tw_vec2 v;
    float canary[2];
  } tv;
  tw_config c;
  tw_manager *m;
  float end = 8.0f;
  tw_vec2 to = {8.0f, -8.0f};
  int k;

  tw_config_init(&c);
  c.alloc = moving_alloc;
  c.warn = tw_warn_silent;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  reg_m = m;
  sx = 0;
  tv.v.x = tv.v.y = 0;
  tv.canary[0] = tv.canary[1] = 42.0f;
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, reg_set, reg_get, &sx, &end, 8.0, NULL), 0);
  ck_assert_int_eq(tw_vec2_to(m, &tv.v, to, 8.0, NULL), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.0, 0.0), 0); /* started */
  reg_armed = 1;
  reg_count = 0;
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  ck_assert_int_eq(reg_count, 300);
  ck_assert(nmoved > 0); /* the table moved */
  /* OutQuad at 1/8: 0.234375, exact in float */
  ck_assert(sx == 1.875f);
  ck_assert(tv.v.x == 1.875f && tv.v.y == -1.875f);
  ck_assert(tv.canary[0] == 42.0f && tv.canary[1] == 42.0f);
  tt_valid(m);
  ck_assert_int_eq(tw_manager_free(m), 0);
  for (k = 0; k < nmoved; k++)
    free(moved[k]);
  nmoved = 0;
}
END_TEST

START_TEST(test_types_setter_failure) {
  tw_manager *m = tt_manager(NULL, 0);
  binding b, c;
  float fe = 8.0f, f;
  tw_handle h, k;
  tw_stats st;

  memset(&b, 0, sizeof b);
  memset(&c, 0, sizeof c);
  b.size = c.size = sizeof(float);
  b.fail_at = 2;
  kill_count = 0;
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, bset, bget, &b, &fe, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_KILL, on_kill, NULL), 0);
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, bset, bget, &c, &fe, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  step(m, 0.25);
  ck_assert_int_eq(b.sets, 1);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  step(m, 0.25); /* b's setter fails */
  ck_assert_int_eq(b.sets, 2);
  memcpy(&f, b.last, sizeof f);
  EQF(f, 4.0f); /* it was offered the right value */
  memcpy(&f, b.cur, sizeof f);
  EQF(f, 2.0f); /* and refused it */
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(kill_count, 1);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.setter_failures, 1);
  ck_assert_uint_eq(st.live, 1);
  /* the other tween goes on; the dead one is not called again */
  step(m, 0.5);
  ck_assert_int_eq(b.sets, 2);
  ck_assert_int_eq(c.sets, 3);
  memcpy(&f, c.cur, sizeof f);
  EQF(f, 8.0f);
  ck_assert_int_eq(kill_count, 1);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.setter_failures, 1);
  ck_assert_uint_eq(st.live, 0);

  /* failing on the very first write */
  memset(&b, 0, sizeof b);
  b.size = sizeof(float);
  b.fail_at = 1;
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, bset, bget, &b, &fe, 1.0, &h), 0);
  step(m, 0.25);
  ck_assert_int_eq(b.gets, 1);
  ck_assert_int_eq(b.sets, 1);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.setter_failures, 2);
  /* failing on tw_complete's write */
  memset(&b, 0, sizeof b);
  b.size = sizeof(float);
  b.fail_at = 1;
  ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, bset, bget, &b, &fe, 1.0, &h), 0);
  ck_assert_int_eq(tw_complete(m, h), 0);
  ck_assert_int_eq(b.sets, 1);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.setter_failures, 3);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* registered types */

typedef struct lerp_log {
  double t[16];
  int n;
  int calls_with_wrong_ud;
  unsigned char a[64]; /* the last start value the lerp saw */
} lerp_log;

static lerp_log LOG;

/* small: 2 + 2 + 4 bytes */
typedef struct small8 {
  int16_t a, b;
  float c;
} small8;

static void lerp_small8(void *out, const void *pa, const void *pb, double t,
                        void *ud) {
  const small8 *x = pa, *y = pb;
  small8 *o = out;

  if (ud != &LOG)
    LOG.calls_with_wrong_ud++;
  if (LOG.n < 16)
    LOG.t[LOG.n] = t;
  LOG.n++;
  memcpy(LOG.a, pa, sizeof *x);
  o->a = (int16_t)(x->a + (y->a - x->a) * t);
  o->b = (int16_t)(x->b + (y->b - x->b) * t);
  o->c = x->c + (y->c - x->c) * (float)t;
}

/* big: 40 bytes */
typedef struct big40 {
  double v[5];
} big40;

static void lerp_big40(void *out, const void *pa, const void *pb, double t,
                       void *ud) {
  const big40 *x = pa, *y = pb;
  big40 *o = out;
  int i;

  if (ud != &LOG)
    LOG.calls_with_wrong_ud++;
  if (LOG.n < 16)
    LOG.t[LOG.n] = t;
  LOG.n++;
  memcpy(LOG.a, pa, sizeof *x);
  for (i = 0; i < 5; i++)
    o->v[i] = x->v[i] + (y->v[i] - x->v[i]) * t;
}

START_TEST(test_types_registered_small) {
  tw_manager *m = tt_manager(NULL, 0);
  small8 v = {0, 0, 0.0f}, s = {10, -20, 1.0f}, e = {50, 20, 3.0f}, a0;
  tw_handle h;
  int type;

  memset(&LOG, 0, sizeof LOG);
  ck_assert_int_eq(sizeof(small8), 8);
  ck_assert_int_eq(
      tw_register_type(m, sizeof(small8), lerp_small8, &LOG, &type), 0);
  ck_assert_int_eq(type, TW_TYPE_FIRST_CUSTOM);
  ck_assert_int_eq(tw_type_size(m, type), 8);
  ck_assert_int_eq(tw_to(m, type, &v, &e, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_ptr_null(tw__rec(m, tw__lookup(m, h))); /* inline, no record */
  v = s;
  step(m, 0.25);
  ck_assert_int_eq(LOG.n, 1);
  EQF(LOG.t[0], 0.25);
  memcpy(&a0, LOG.a, sizeof a0);
  ck_assert_int_eq(a0.a, 10);
  ck_assert_int_eq(a0.b, -20);
  EQF(a0.c, 1.0f);
  ck_assert_int_eq(v.a, 20);
  ck_assert_int_eq(v.b, -10);
  EQF(v.c, 1.5f);
  step(m, 0.25);
  ck_assert_int_eq(LOG.n, 2);
  EQF(LOG.t[1], 0.5);
  ck_assert_int_eq(v.a, 30);
  ck_assert_int_eq(v.b, 0);
  EQF(v.c, 2.0f);
  step(m, 0.5);
  ck_assert_int_eq(LOG.n, 3);
  EQF(LOG.t[2], 1.0);
  ck_assert_int_eq(v.a, 50);
  ck_assert_int_eq(v.b, 20);
  EQF(v.c, 3.0f);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  step(m, 0.5);
  ck_assert_int_eq(LOG.n, 3);

  /* default OutQuad */
  LOG.n = 0;
  v = s;
  ck_assert_int_eq(tw_to(m, type, &v, &e, 1.0, &h), 0);
  step(m, 0.25);
  step(m, 0.25);
  step(m, 0.5);
  ck_assert_int_eq(LOG.n, 3);
  EQF(LOG.t[0], 0.4375);
  EQF(LOG.t[1], 0.75);
  EQF(LOG.t[2], 1.0);
  EQF(v.c, 3.0f);
  ck_assert_int_eq(LOG.calls_with_wrong_ud, 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_types_registered_big) {
  tw_manager *m = tt_manager(NULL, 0);
  big40 v, s, e, a0;
  tw_handle h;
  int type, i;

  memset(&LOG, 0, sizeof LOG);
  for (i = 0; i < 5; i++) {
    v.v[i] = -1.0;
    s.v[i] = (double)i;
    e.v[i] = (double)(10 * i) + 4.0;
  }
  ck_assert_int_eq(tw_register_type(m, sizeof(big40), lerp_big40, &LOG, &type),
                   0);
  ck_assert_int_eq(tw_type_size(m, type), 40);
  ck_assert_int_eq(tw_to(m, type, &v, &e, 2.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_ptr_nonnull(tw__rec(m, tw__lookup(m, h)));
  ck_assert_uint_ne(tw__lookup(m, h)->flags & TW__F_BIG, 0);
  e.v[0] = 1e9; /* the end value was copied at creation */
  v = s;
  step(m, 0.5);
  ck_assert_int_eq(LOG.n, 1);
  EQF(LOG.t[0], 0.25);
  memcpy(&a0, LOG.a, sizeof a0);
  for (i = 0; i < 5; i++) {
    EQF(a0.v[i], (double)i);
    EQF(v.v[i], (double)i + (9.0 * i + 4.0) * 0.25);
  }
  step(m, 1.0);
  EQF(LOG.t[1], 0.75);
  step(m, 0.5);
  ck_assert_int_eq(LOG.n, 3);
  EQF(LOG.t[2], 1.0);
  for (i = 0; i < 5; i++)
    EQF(v.v[i], (double)(10 * i) + 4.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(LOG.calls_with_wrong_ud, 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_types_registered_setter) {
  tw_manager *m = tt_manager(NULL, 0);
  binding b;
  small8 s = {10, -20, 1.0f}, e = {50, 20, 3.0f}, sv;
  big40 bs, be, bv;
  tw_handle h;
  int small, big, i;

  memset(&LOG, 0, sizeof LOG);
  ck_assert_int_eq(
      tw_register_type(m, sizeof(small8), lerp_small8, &LOG, &small), 0);
  ck_assert_int_eq(tw_register_type(m, sizeof(big40), lerp_big40, &LOG, &big),
                   0);
  ck_assert_int_eq(big, small + 1);

  /* small */
  memset(&b, 0, sizeof b);
  b.size = sizeof(small8);
  ck_assert_int_eq(tw_to_fn(m, small, bset, bget, &b, &e, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  memcpy(b.cur, &s, sizeof s);
  step(m, 0.5);
  ck_assert_int_eq(b.gets, 1);
  ck_assert_int_eq(b.sets, 1);
  memcpy(&sv, b.cur, sizeof sv);
  ck_assert_int_eq(sv.a, 30);
  ck_assert_int_eq(sv.b, 0);
  EQF(sv.c, 2.0f);
  step(m, 0.5);
  memcpy(&sv, b.cur, sizeof sv);
  ck_assert_int_eq(sv.a, 50);
  ck_assert_int_eq(sv.b, 20);
  EQF(sv.c, 3.0f);
  ck_assert_int_eq(b.gets, 1);
  ck_assert_int_eq(b.sets, 2);

  /* big */
  for (i = 0; i < 5; i++) {
    bs.v[i] = 100.0 + i;
    be.v[i] = 200.0 + i;
  }
  memset(&b, 0, sizeof b);
  b.size = sizeof(big40);
  memcpy(b.cur, &bs, sizeof bs);
  LOG.n = 0;
  ck_assert_int_eq(tw_to_fn(m, big, bset, bget, &b, &be, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(b.gets, 0);
  step(m, 0.25);
  ck_assert_int_eq(b.gets, 1);
  ck_assert_int_eq(b.sets, 1);
  memcpy(&bv, b.cur, sizeof bv);
  for (i = 0; i < 5; i++)
    EQF(bv.v[i], 125.0 + i);
  step(m, 0.75);
  memcpy(&bv, b.cur, sizeof bv);
  for (i = 0; i < 5; i++)
    EQF(bv.v[i], 200.0 + i);
  ck_assert_int_eq(b.gets, 1);
  ck_assert_int_eq(b.sets, 2);
  ck_assert_int_eq(LOG.n, 2);
  ck_assert_int_eq(tw_is_active(m, h), 0);

  /* a big setter that fails */
  memset(&b, 0, sizeof b);
  b.size = sizeof(big40);
  b.fail_at = 1;
  ck_assert_int_eq(tw_to_fn(m, big, bset, bget, &b, &be, 1.0, &h), 0);
  step(m, 0.25);
  ck_assert_int_eq(tw_is_active(m, h), 0);
  {
    tw_stats st;
    ck_assert_int_eq(tw_manager_stats(m, &st), 0);
    ck_assert_uint_eq(st.setter_failures, 1);
  }
  ck_assert_int_eq(LOG.calls_with_wrong_ud, 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* many registered types: the table grows and keeps every type */

static void lerp_tag(void *out, const void *pa, const void *pb, double t,
                     void *ud) {
  int tag = *(const int *)ud;
  double x, y, v;

  memcpy(&x, pa, sizeof x);
  memcpy(&y, pb, sizeof y);
  v = x + (y - x) * t + (double)tag * 1000.0;
  memcpy(out, &v, sizeof v);
}

START_TEST(test_types_many_registered) {
  tw_manager *m = tt_manager(NULL, 0);
  static int tags[100];
  double vals[100];
  int ids[100], i;
  tw_handle h;

  for (i = 0; i < 100; i++) {
    tags[i] = i;
    ck_assert_int_eq(tw_register_type(m, sizeof(double) + (size_t)(i % 3) * 8,
                                      lerp_tag, &tags[i], &ids[i]),
                     0);
    ck_assert_int_eq(ids[i], TW_TYPE_FIRST_CUSTOM + i);
  }
  for (i = 0; i < 100; i++) {
    ck_assert_int_eq(tw_type_size(m, ids[i]),
                     (int)(sizeof(double) + (size_t)(i % 3) * 8));
  }
  for (i = 0; i < 100; i++) {
    double e[3] = {4.0, 0.0, 0.0};
    vals[i] = 0.0;
    ck_assert_int_eq(tw_to(m, ids[i], &vals[i], e, 1.0, &h), 0);
    ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
    /* sizes 16 and 24 read more than a double from vals; keep those
     * tweens pointed at a buffer that large */
    if (i % 3 != 0)
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
  }
  step(m, 0.25);
  for (i = 0; i < 100; i += 3)
    EQF(vals[i], 1.0 + (double)i * 1000.0);
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_FIRST_CUSTOM + 100), TW_ETYPE);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* sizes and ids */

START_TEST(test_types_sizes_and_ids) {
  tw_manager *m = tt_manager(NULL, 0);
  static const int bad[] = {
      0,  -1,  8,     10,    15,      TW_TYPE_FIRST_CUSTOM,
      17, 255, 65535, 65536, INT_MAX, INT_MIN};
  float x = 0.0f, fe = 1.0f;
  double big[8] = {0};
  tw_handle h = {77, 77};
  tw_stats st;
  binding b;
  int t, i;

  ck_assert_int_eq(tw_type_size(m, TW_TYPE_FLOAT), 4);
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_DOUBLE), 8);
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_INT), (int)sizeof(int));
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_VEC2), 8);
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_VEC3), 12);
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_VEC4), 16);
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_COLOR), 16);
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_RGBA8), 4);
  ck_assert_int_eq(tw_type_size(NULL, TW_TYPE_FLOAT), TW_EINVAL);
  memset(&b, 0, sizeof b);
  b.size = 4;
  for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
    ck_assert_int_eq(tw_type_size(m, bad[i]), TW_ETYPE);
    ck_assert_int_eq(tw_to(m, bad[i], big, big, 1.0, &h), TW_ETYPE);
    ck_assert_int_eq(tw_to_fn(m, bad[i], bset, bget, &b, big, 1.0, &h),
                     TW_ETYPE);
  }
  ck_assert_uint_eq(h.index, 77); /* untouched */
  ck_assert_uint_eq(h.gen, 77);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.live, 0);

  /* registration errors */
  ck_assert_int_eq(tw_register_type(m, 0, lerp_big40, NULL, &t), TW_EINVAL);
  ck_assert_int_eq(tw_register_type(m, 8, NULL, NULL, &t), TW_EINVAL);
  ck_assert_int_eq(tw_register_type(m, 8, lerp_big40, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_register_type(NULL, 8, lerp_big40, NULL, &t), TW_EINVAL);
  ck_assert_int_eq(tw_type_size(m, TW_TYPE_FIRST_CUSTOM), TW_ETYPE);
  /* registering makes exactly that id valid */
  ck_assert_int_eq(tw_register_type(m, 24, lerp_big40, NULL, &t), 0);
  ck_assert_int_eq(t, TW_TYPE_FIRST_CUSTOM);
  ck_assert_int_eq(tw_type_size(m, t), 24);
  ck_assert_int_eq(tw_type_size(m, t + 1), TW_ETYPE);
  ck_assert_int_eq(tw_to(m, t + 1, big, big, 1.0, &h), TW_ETYPE);
  ck_assert_int_eq(tw_to(m, t, big, big, 1.0, &h), 0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  /* the typed creators use their own type */
  ck_assert_int_eq(tw_float_to(m, &x, fe, 1.0, &h), 0);
  ck_assert_int_eq(tw__lookup(m, h)->type, TW_TYPE_FLOAT);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* incremental loops use t > 1 */

START_TEST(test_types_incremental_registered) {
  tw_manager *m = tt_manager(NULL, 0);
  big40 v, e;
  small8 sv = {0, 0, 1.0f}, se = {0, 0, 3.0f};
  float f = 0.0f;
  tw_handle h, hs, hf;
  int big, small, i;

  memset(&LOG, 0, sizeof LOG);
  ck_assert_int_eq(tw_register_type(m, sizeof(big40), lerp_big40, &LOG, &big),
                   0);
  ck_assert_int_eq(
      tw_register_type(m, sizeof(small8), lerp_small8, &LOG, &small), 0);
  for (i = 0; i < 5; i++) {
    v.v[i] = 1.0;
    e.v[i] = 3.0;
  }
  ck_assert_int_eq(tw_to(m, big, &v, &e, 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_INCREMENTAL), 0);
  step(m, 0.5);
  ck_assert_int_eq(LOG.n, 1);
  EQF(LOG.t[0], 0.5);
  EQF(v.v[0], 2.0);
  step(m, 1.0);
  ck_assert_int_eq(LOG.n, 2);
  EQF(LOG.t[1], 1.5);
  EQF(v.v[0], 4.0);
  ck_assert_int_eq(tw_loops_done(m, h), 1);
  step(m, 1.0);
  EQF(LOG.t[2], 2.5);
  EQF(v.v[4], 6.0);
  ck_assert_int_eq(tw_loops_done(m, h), 2);
  step(m, 0.5);
  ck_assert_int_eq(LOG.n, 4);
  EQF(LOG.t[3], 3.0);
  for (i = 0; i < 5; i++)
    EQF(v.v[i], 7.0);
  ck_assert_int_eq(tw_is_active(m, h), 0);

  /* small registered and float: one update across all loops */
  LOG.n = 0;
  ck_assert_int_eq(tw_to(m, small, &sv, &se, 1.0, &hs), 0);
  ck_assert_int_eq(tw_set_ease(m, hs, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_loops(m, hs, 4, TW_LOOP_INCREMENTAL), 0);
  ck_assert_int_eq(tw_float_to(m, &f, 10.0f, 1.0, &hf), 0);
  ck_assert_int_eq(tw_set_ease(m, hf, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_loops(m, hf, 2, TW_LOOP_INCREMENTAL), 0);
  step(m, 1.25);
  ck_assert_int_eq(LOG.n, 1);
  EQF(LOG.t[0], 1.25);
  EQF(sv.c, 3.5f);
  EQF(f, 12.5f);
  step(m, 10.0);
  ck_assert_int_eq(LOG.n, 2);
  EQF(LOG.t[1], 4.0);
  EQF(sv.c, 9.0f);
  EQF(f, 20.0f);
  ck_assert_int_eq(tw_is_active(m, hs), 0);
  ck_assert_int_eq(tw_is_active(m, hf), 0);
  ck_assert_int_eq(LOG.calls_with_wrong_ud, 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* TW_TYPE_RGBA8 */

#define DEF_OVERSHOOT 1.70158

static tw_rgba8 rgba(int r, int g, int b, int a) {
  tw_rgba8 c;
  c.r = (uint8_t)r;
  c.g = (uint8_t)g;
  c.b = (uint8_t)b;
  c.a = (uint8_t)a;
  return c;
}

/* One channel from a to b at fraction f: in float, rounded half up,
 * clamped to 0..255 (written here from the header's words). */
static int channel(int a, int b, double f) {
  float x = (float)a + ((float)b - (float)a) * (float)f;
  double r = floor((double)x + 0.5);
  return r < 0 ? 0 : r > 255 ? 255 : (int)r;
}

#define EQ_RGBA(c, s, e, f)                                                    \
  do {                                                                         \
    ck_assert_int_eq((c).r, channel((s).r, (e).r, (f)));                       \
    ck_assert_int_eq((c).g, channel((s).g, (e).g, (f)));                       \
    ck_assert_int_eq((c).b, channel((s).b, (e).b, (f)));                       \
    ck_assert_int_eq((c).a, channel((s).a, (e).a, (f)));                       \
  } while (0)

/* A target with guards around it: nothing is written past its 4 bytes. */
typedef struct guarded {
  unsigned char before[4];
  tw_rgba8 c;
  unsigned char after[12];
} guarded;

static void check_guards(const guarded *g) {
  int i;
  for (i = 0; i < 4; i++)
    ck_assert_int_eq(g->before[i], 0xA5);
  for (i = 0; i < 12; i++)
    ck_assert_int_eq(g->after[i], 0x5A);
}

/* Per channel in float, rounded to nearest; linear and OutQuad, by
 * pointer (the update's fast path after the first step) and by setter. */
START_TEST(test_types_rgba8_lerp) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_rgba8 s = rgba(0, 255, 10, 100), e = rgba(255, 0, 11, 50);
  guarded g;
  binding b;
  tw_handle h, k;
  int i, lin;

  ck_assert_int_eq(tw_type_size(m, TW_TYPE_RGBA8), 4);
  for (lin = 0; lin < 2; lin++) {
    memset(&g, 0xA5, sizeof g.before);
    memset(g.after, 0x5A, sizeof g.after);
    g.c = s;
    memset(&b, 0, sizeof b);
    b.size = sizeof(tw_rgba8);
    memcpy(b.cur, &s, sizeof s);
    ck_assert_int_eq(tw_rgba8_to(m, &g.c, e, 1.0, &h), 0);
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_RGBA8, bset, bget, &b, &e, 1.0, &k),
                     0);
    if (lin) {
      ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
      ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
    }
    for (i = 0; i < 3; i++) {
      double f = lin ? lin_frac[i] : quad_frac[i];
      tw_rgba8 last;
      step(m, dts[i]);
      EQ_RGBA(g.c, s, e, f);
      memcpy(&last, b.last, sizeof last);
      EQ_RGBA(last, s, e, f);
      check_guards(&g);
    }
    ck_assert(memcmp(&g.c, &e, sizeof e) == 0);
  }
  /* worked by hand: a quarter of 0 -> 255 is 63.75, of 100 -> 50 87.5 */
  g.c = rgba(0, 0, 100, 0);
  ck_assert_int_eq(tw_rgba8_to(m, &g.c, rgba(255, 0, 50, 0), 1.0, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  step(m, 0.25);
  ck_assert_int_eq(g.c.r, 64);
  ck_assert_int_eq(g.c.b, 88);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* An ease that overshoots saturates at 0 and 255. */
START_TEST(test_types_rgba8_overshoot) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_rgba8 s = rgba(5, 250, 128, 0), e = rgba(250, 5, 130, 255), c;
  int eases[2] = {TW_EASE_IN_BACK, TW_EASE_OUT_BACK}, i, j, low = 0, high = 0;
  tw_handle h;

  for (i = 0; i < 2; i++) {
    for (j = 1; j < 16; j++) {
      double x = j / 16.0, f = tw_ease_eval((tw_ease)eases[i], x, 3.0, 0.0);
      c = s;
      ck_assert_int_eq(tw_rgba8_to(m, &c, e, 1.0, &h), 0);
      ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
      ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)eases[i]), 0);
      ck_assert_int_eq(tw_set_ease_params(m, h, 3.0, 0.0), 0);
      ck_assert_int_eq(tw_goto(m, h, x, 0), 0);
      EQ_RGBA(c, s, e, f);
      low += c.r == 0 || c.g == 0;
      high += c.r == 255 || c.g == 255;
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
    }
  }
  ck_assert_int_gt(low, 0); /* the eases did leave [0, 1] */
  ck_assert_int_gt(high, 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* The start and the end are exact, whatever the ease (that ends at 1). */
START_TEST(test_types_rgba8_exact_ends) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_rgba8 s = rgba(1, 2, 3, 4), e = rgba(254, 253, 252, 251), c = s;
  int ease;
  tw_handle h;

  for (ease = 0; ease < TW_EASE_COUNT; ease++) {
    if (tw_ease_eval((tw_ease)ease, 1.0, DEF_OVERSHOOT, 0.0) != 1.0)
      continue; /* the flashes end where they started */
    c = rgba(9, 9, 9, 9);
    ck_assert_int_eq(tw_from_to(m, TW_TYPE_RGBA8, &c, &s, &e, 1.0, &h), 0);
    ck_assert(memcmp(&c, &s, sizeof c) == 0);
    ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)ease), 0);
    step(m, 0.5);
    step(m, 0.5);
    ck_assert_msg(memcmp(&c, &e, sizeof c) == 0, "ease %d ends at %d %d %d %d",
                  ease, c.r, c.g, c.b, c.a);
  }
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Relative adds saturate; speed-based measures Euclidean over the four
 * channels. */
START_TEST(test_types_rgba8_relative_speed) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_rgba8 c = rgba(100, 200, 0, 255);
  double d = 0;
  tw_handle h;

  ck_assert_int_eq(tw_rgba8_to(m, &c, rgba(100, 100, 7, 1), 1.0, &h), 0);
  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  step(m, 1.0);
  ck_assert_int_eq(c.r, 200);
  ck_assert_int_eq(c.g, 255); /* 300 saturates */
  ck_assert_int_eq(c.b, 7);
  ck_assert_int_eq(c.a, 255);

  c = rgba(0, 0, 0, 0);
  ck_assert_int_eq(tw_rgba8_to(m, &c, rgba(30, 40, 0, 0), 10.0, &h), 0);
  ck_assert_int_eq(tw_set_speed_based(m, h, 1), 0);
  step(m, 0.0);
  ck_assert_int_eq(tw_duration(m, h, 0, &d), 0);
  EQD(d, 5.0); /* 50 at 10 per second */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* The near-ends promise of float vectors (vec2, vec3, vec4, colour): a
 * vector whose start and end components are all within FLT_MAX / 2 is
 * interpolated unchecked on the update's fast path; every path that sets
 * a vector's values keeps the promise.  Each path below writes a value
 * that is near (the boundary, +-FLT_MAX / 2) or far (+-FLT_MAX) against
 * an other end at -+FLT_MAX / 2, so that a far value makes end - start
 * overflow: the manager must stay valid, and each update write what the
 * checked interpolation gives (finite), for a tween that then runs
 * OutQuad from a to b (`exact`), or at least a finite value. */
enum {
  NP_CREATE,         /* the end given at creation */
  NP_GIVEN,          /* a given start (tw_from_to) */
  NP_READ,           /* the start read from the target */
  NP_GETTER,         /* the start read through a getter */
  NP_GIVEN_FN,       /* a given start of a setter tween */
  NP_CHANGE_END,     /* tw_change_end, started */
  NP_CHANGE_START,   /* tw_change_start, started */
  NP_CHANGE_VALUES,  /* tw_change_values, started */
  NP_CHANGE_SNAP,    /* tw_change_end with the start read from the target */
  NP_CHANGE_EARLY,   /* tw_change_end before the start */
  NP_FROM,           /* tw_set_from, the from given */
  NP_FROM_TARGET,    /* tw_set_from, the end read from the target */
  NP_FROM_RELATIVE,  /* tw_set_from of a relative tween: from + target */
  NP_RELATIVE,       /* a relative end, added to the start at the start */
  NP_RETARGET_EARLY, /* tw_retarget before the start: the end only */
  NP_RETARGET,       /* tw_retarget, started */
  NP_GO,             /* tw_go onto a running tween */
  NP_SPRING_EARLY,   /* tw_spring_go before the start: the end only */
  NP_SPRING,         /* tw_spring_go onto a running tween */
  NP_SNAPSHOT,       /* a snapshot restored */
  NP_SEQUENCE,       /* a child of a sequence */
  NP_PATH,           /* a path's points (vec2, vec3) */
  NP_COUNT
};

static const int near_types[4] = {TW_TYPE_VEC2, TW_TYPE_VEC3, TW_TYPE_VEC4,
                                  TW_TYPE_COLOR};

typedef struct near_case {
  float x[4];       /* the target */
  float a[4], b[4]; /* the start and end the tween runs between */
  int exact;
} near_case;

static near_case NC;

static int near_set(void *ud, const void *v) {
  memcpy(ud, v, sizeof NC.x);
  return 0;
}

static void near_get(void *ud, void *out) { memcpy(out, ud, sizeof NC.x); }

static void near_update(tw_manager *m, double dt) {
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, dt, dt), 0);
}

/* The parallel update's hook, serial: the parallel phase's step writes. */
static void near_hook(void *pool, tw_job_fn job, void *arg, size_t count,
                      size_t grain) {
  (void)pool;
  (void)grain;
  job(arg, 0, count);
}

/* The steps a near-ends case runs, the edge moments among them: its
 * moment 0 (dt 0, its start), three of an eighth, the same moment twice
 * (dt 0), three more, then past its end (the last, NEAR_STEPS - 1). */
#define NEAR_STEPS 9
static const double near_dt[NEAR_STEPS] = {0.0,   0.125, 0.125, 0.125, 0.0,
                                           0.125, 0.125, 0.125, 1.0};

/* mode: 0 the serial pass's inner loop; 1 the tween independent (the
 * pass's visit); 2 the parallel phase. */
static void near_path(int type, int path, int far, int mode) {
  tw_manager *m = tt_manager(NULL, 0);
  int n = tw_type_size(m, type) / (int)sizeof(float), k, u;
  float w[4], o[4], mid[4], small[4], half[4], pts[8];
  unsigned char *buf = NULL;
  size_t used = 0;
  tw_handle h, g;
  tw_spring sp;

  memset(&NC, 0, sizeof NC);
  tw_spring_init(&sp);
  if (mode == 2)
    ck_assert_int_eq(tw_manager_set_parallel(m, near_hook, NULL, 1, 0), 0);
  /* per component, opposite signs in turn: w the value the path writes,
   * o the other end, small a near value to start from */
  for (k = 0; k < 4; k++) {
    float sg = k % 2 ? -1.0f : 1.0f;
    w[k] = sg * (far ? FLT_MAX : FLT_MAX / 2);
    o[k] = -sg * (FLT_MAX / 2);
    mid[k] = far ? sg * (FLT_MAX / 2) : 0.0f; /* mid + half is w */
    half[k] = sg * (FLT_MAX / 2);
    small[k] = sg * (float)(k + 1);
  }
  NC.exact = 1;
  switch (path) {
  case NP_CREATE:
    memcpy(NC.x, o, sizeof o);
    ck_assert_int_eq(tw_to(m, type, NC.x, w, 1.0, &h), 0);
    memcpy(NC.a, o, sizeof o), memcpy(NC.b, w, sizeof w);
    break;
  case NP_GIVEN:
    ck_assert_int_eq(tw_from_to(m, type, NC.x, w, o, 1.0, &h), 0);
    memcpy(NC.a, w, sizeof w), memcpy(NC.b, o, sizeof o);
    break;
  case NP_READ:
    ck_assert_int_eq(tw_to(m, type, NC.x, o, 1.0, &h), 0);
    tt_valid(m);
    memcpy(NC.x, w, sizeof w);
    memcpy(NC.a, w, sizeof w), memcpy(NC.b, o, sizeof o);
    break;
  case NP_GETTER:
    ck_assert_int_eq(tw_to_fn(m, type, near_set, near_get, NC.x, o, 1.0, &h),
                     0);
    tt_valid(m);
    memcpy(NC.x, w, sizeof w);
    memcpy(NC.a, w, sizeof w), memcpy(NC.b, o, sizeof o);
    break;
  case NP_GIVEN_FN:
    ck_assert_int_eq(tw_from_to_fn(m, type, near_set, NC.x, w, o, 1.0, &h), 0);
    memcpy(NC.a, w, sizeof w), memcpy(NC.b, o, sizeof o);
    break;
  case NP_CHANGE_END:
  case NP_CHANGE_START:
  case NP_CHANGE_VALUES:
  case NP_CHANGE_SNAP:
  case NP_RETARGET:
  case NP_GO:
  case NP_SPRING:
    memcpy(NC.x, o, sizeof o);
    ck_assert_int_eq(tw_to(m, type, NC.x, small, 1.0, &h), 0);
    near_update(m, 0.125); /* started, its ends near */
    tt_valid(m);
    memcpy(NC.a, o, sizeof o), memcpy(NC.b, w, sizeof w);
    if (path == NP_CHANGE_END) {
      ck_assert_int_eq(tw_change_end(m, h, w, 0), 0);
    } else if (path == NP_CHANGE_START) {
      ck_assert_int_eq(tw_change_end(m, h, o, 0), 0);
      tt_valid(m);
      ck_assert_int_eq(tw_change_start(m, h, w), 0);
      memcpy(NC.a, w, sizeof w), memcpy(NC.b, o, sizeof o);
    } else if (path == NP_CHANGE_VALUES) {
      ck_assert_int_eq(tw_change_values(m, h, o, w), 0);
    } else if (path == NP_CHANGE_SNAP) {
      memcpy(NC.x, w, sizeof w); /* the program moved it */
      ck_assert_int_eq(tw_change_end(m, h, o, 1), 0);
      memcpy(NC.a, w, sizeof w), memcpy(NC.b, o, sizeof o);
    } else if (path == NP_RETARGET) {
      ck_assert_int_eq(tw_retarget(m, h, w, 1.0), 0);
      NC.exact = 0; /* it keeps its velocity */
    } else if (path == NP_GO) {
      ck_assert_int_eq(tw_go(m, type, NC.x, w, 1.0, &g), 0);
      NC.exact = 0;
    } else {
      ck_assert_int_eq(tw_spring_go(m, type, NC.x, w, &sp, &g), 0);
      NC.exact = 0;
    }
    break;
  case NP_CHANGE_EARLY:
  case NP_RETARGET_EARLY:
  case NP_SPRING_EARLY:
    memcpy(NC.x, o, sizeof o);
    ck_assert_int_eq(tw_to(m, type, NC.x, small, 1.0, &h), 0);
    tt_valid(m);
    memcpy(NC.a, o, sizeof o), memcpy(NC.b, w, sizeof w);
    if (path == NP_CHANGE_EARLY) {
      ck_assert_int_eq(tw_change_end(m, h, w, 0), 0);
    } else if (path == NP_RETARGET_EARLY) {
      ck_assert_int_eq(tw_retarget(m, h, w, 1.0), 0);
    } else {
      ck_assert_int_eq(tw_spring_go(m, type, NC.x, w, &sp, &g), 0);
      NC.exact = 0; /* eased by the spring */
    }
    break;
  case NP_FROM:
    memcpy(NC.x, o, sizeof o);
    ck_assert_int_eq(tw_to(m, type, NC.x, small, 1.0, &h), 0);
    tt_valid(m);
    ck_assert_int_eq(tw_set_from(m, h, w), 0);
    memcpy(NC.a, w, sizeof w), memcpy(NC.b, o, sizeof o);
    break;
  case NP_FROM_TARGET:
    memcpy(NC.x, w, sizeof w);
    ck_assert_int_eq(tw_to(m, type, NC.x, o, 1.0, &h), 0);
    tt_valid(m);
    ck_assert_int_eq(tw_set_from(m, h, NULL), 0);
    memcpy(NC.a, o, sizeof o), memcpy(NC.b, w, sizeof w);
    break;
  case NP_FROM_RELATIVE:
    memcpy(NC.x, mid, sizeof mid);
    ck_assert_int_eq(tw_to(m, type, NC.x, small, 1.0, &h), 0);
    ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
    tt_valid(m);
    ck_assert_int_eq(tw_set_from(m, h, half), 0); /* from mid + half */
    memcpy(NC.a, w, sizeof w), memcpy(NC.b, mid, sizeof mid);
    break;
  case NP_RELATIVE:
    memcpy(NC.x, small, sizeof small);
    ck_assert_int_eq(tw_to(m, type, NC.x, half, 1.0, &h), 0);
    ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
    tt_valid(m);
    memcpy(NC.x, mid, sizeof mid); /* the end, mid + half, at the start */
    memcpy(NC.a, mid, sizeof mid), memcpy(NC.b, w, sizeof w);
    break;
  case NP_SNAPSHOT:
    memcpy(NC.x, o, sizeof o);
    ck_assert_int_eq(tw_to(m, type, NC.x, w, 1.0, &h), 0);
    near_update(m, 0.125);
    ck_assert_int_eq(tw_snapshot_size(m, &used), 0);
    buf = malloc(used);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(tw_snapshot(m, buf, used, &used), 0);
    near_update(m, 0.25);
    ck_assert_int_eq(tw_restore(m, buf, used), 0);
    memcpy(NC.a, o, sizeof o), memcpy(NC.b, w, sizeof w);
    break;
  case NP_SEQUENCE:
    memcpy(NC.x, o, sizeof o);
    ck_assert_int_eq(tw_to(m, type, NC.x, w, 1.0, &h), 0);
    ck_assert_int_eq(tw_sequence(m, &g), 0);
    ck_assert_int_eq(tw_seq_append(m, g, h), 0);
    memcpy(NC.a, o, sizeof o), memcpy(NC.b, w, sizeof w);
    NC.exact = 0; /* stepped by its sequence */
    break;
  default: /* NP_PATH: from o to w */
    if (type != TW_TYPE_VEC2 && type != TW_TYPE_VEC3) {
      tw_manager_free(m);
      return;
    }
    memcpy(pts, o, (size_t)n * sizeof(float)); /* two points of n floats */
    memcpy(pts + n, w, (size_t)n * sizeof(float));
    ck_assert_int_eq(tw_path(m, type, NC.x, pts, 2, TW_PATH_LINEAR, 1.0, &h),
                     0);
    NC.exact = 0;
    break;
  }
  if (mode == 1 && path != NP_SEQUENCE)
    ck_assert_int_eq(tw_set_independent(m, h, 1), 0);
  tt_valid(m);
  for (u = 0; u < NEAR_STEPS; u++) {
    double pos = 0, y;
    near_update(m, near_dt[u]);
    tt_valid(m);
    for (k = 0; k < n; k++)
      ck_assert_msg(isfinite(NC.x[k]),
                    "type %d, path %d, %s, mode %d: x[%d] = %g", type, path,
                    far ? "far" : "near", mode, k, (double)NC.x[k]);
    if (!NC.exact)
      continue;
    if (u == NEAR_STEPS - 1) { /* past its end: the end, exactly */
      for (k = 0; k < n; k++)
        ck_assert_msg(NC.x[k] == NC.b[k],
                      "type %d, path %d, %s, mode %d, the end: x[%d] = %.9g, "
                      "not %.9g",
                      type, path, far ? "far" : "near", mode, k,
                      (double)NC.x[k], (double)NC.b[k]);
      break;
    }
    ck_assert_int_eq(tw_position(m, h, &pos), 0);
    ck_assert(pos >= 0 && pos < 1);
    y = tw__out_quad(pos);
    for (k = 0; k < n; k++)
      ck_assert_msg(
          NC.x[k] == tw__lerpf(NC.a[k], NC.b[k], y),
          "type %d, path %d, %s, mode %d, %g s: x[%d] = %.9g, not %.9g", type,
          path, far ? "far" : "near", mode, pos, k, (double)NC.x[k],
          (double)tw__lerpf(NC.a[k], NC.b[k], y));
  }
  tw_manager_free(m);
  free(buf);
}

START_TEST(test_types_vector_near) {
  int type = near_types[_i % 4], path = _i / 4, mode;

  for (mode = 0; mode < 3; mode++) {
    near_path(type, path, 0, mode);
    near_path(type, path, 1, mode);
  }
}
END_TEST

/* The near-ends promise of a float bound by a setter: its start and end
 * near (TW__F_NEAR), the update writes it unchecked between its ends.
 * Each path of near_path above that sets a setter float's values, with
 * the setter and getter moving exactly one float (the value's size), the
 * value near or far against the other end on either side of 0; the
 * written value is what tw__lerpf gives, bit for bit, and the manager is
 * valid after every step. */
static float FX;     /* the target */
static float FA, FB; /* the start and end the tween runs between */
static int fnear_exact;

static int fnear_set(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  return 0;
}

static void fnear_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

static void float_near_path(int path, int far, int sg, int mode) {
  tw_manager *m = tt_manager(NULL, 0);
  float w = (float)sg * (far ? FLT_MAX : FLT_MAX / 2),
        o = -(float)sg * (FLT_MAX / 2),
        mid = far ? (float)sg * (FLT_MAX / 2) : 0,
        half = (float)sg * (FLT_MAX / 2), small = (float)sg;
  unsigned char *buf = NULL;
  size_t used = 0;
  tw_handle h, g;
  tw_spring sp;
  int u;

  tw_spring_init(&sp);
  FX = FA = FB = 0;
  fnear_exact = 1;
  if (mode == 2)
    ck_assert_int_eq(tw_manager_set_parallel(m, near_hook, NULL, 1, 0), 0);
  switch (path) {
  case NP_CREATE:
    FX = o;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &w, 1.0, &h), 0);
    FA = o, FB = w;
    break;
  case NP_GIVEN:
  case NP_GIVEN_FN:
    ck_assert_int_eq(
        tw_from_to_fn(m, TW_TYPE_FLOAT, fnear_set, &FX, &w, &o, 1.0, &h), 0);
    FA = w, FB = o;
    break;
  case NP_READ:
  case NP_GETTER:
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &o, 1.0, &h), 0);
    tt_valid(m);
    FX = w;
    FA = w, FB = o;
    break;
  case NP_CHANGE_END:
  case NP_CHANGE_START:
  case NP_CHANGE_VALUES:
  case NP_CHANGE_SNAP:
  case NP_RETARGET:
  case NP_GO:
  case NP_SPRING:
    FX = o;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &small, 1.0, &h),
        0);
    near_update(m, 0.125); /* started, its ends near */
    tt_valid(m);
    FA = o, FB = w;
    if (path == NP_CHANGE_END) {
      ck_assert_int_eq(tw_change_end(m, h, &w, 0), 0);
    } else if (path == NP_CHANGE_START) {
      ck_assert_int_eq(tw_change_end(m, h, &o, 0), 0);
      tt_valid(m);
      ck_assert_int_eq(tw_change_start(m, h, &w), 0);
      FA = w, FB = o;
    } else if (path == NP_CHANGE_VALUES) {
      ck_assert_int_eq(tw_change_values(m, h, &o, &w), 0);
    } else if (path == NP_CHANGE_SNAP) {
      FX = w; /* the program moved it */
      ck_assert_int_eq(tw_change_end(m, h, &o, 1), 0);
      FA = w, FB = o;
    } else if (path == NP_RETARGET) {
      ck_assert_int_eq(tw_retarget(m, h, &w, 1.0), 0);
      fnear_exact = 0; /* it keeps its velocity */
    } else if (path == NP_GO) {
      ck_assert_int_eq(
          tw_go_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &w, 1.0, &g),
          0);
      fnear_exact = 0;
    } else {
      ck_assert_int_eq(tw_spring_go_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get,
                                       &FX, &w, &sp, &g),
                       0);
      fnear_exact = 0;
    }
    break;
  case NP_CHANGE_EARLY:
  case NP_RETARGET_EARLY:
  case NP_SPRING_EARLY:
    FX = o;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &small, 1.0, &h),
        0);
    tt_valid(m);
    FA = o, FB = w;
    if (path == NP_CHANGE_EARLY) {
      ck_assert_int_eq(tw_change_end(m, h, &w, 0), 0);
    } else if (path == NP_RETARGET_EARLY) {
      ck_assert_int_eq(tw_retarget(m, h, &w, 1.0), 0);
    } else {
      ck_assert_int_eq(tw_spring_go_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get,
                                       &FX, &w, &sp, &g),
                       0);
      fnear_exact = 0; /* eased by the spring */
    }
    break;
  case NP_FROM:
    FX = o;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &small, 1.0, &h),
        0);
    tt_valid(m);
    ck_assert_int_eq(tw_set_from(m, h, &w), 0);
    FA = w, FB = o;
    break;
  case NP_FROM_TARGET:
    FX = w;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &o, 1.0, &h), 0);
    tt_valid(m);
    ck_assert_int_eq(tw_set_from(m, h, NULL), 0);
    FA = o, FB = w;
    break;
  case NP_FROM_RELATIVE:
    FX = mid;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &small, 1.0, &h),
        0);
    ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
    tt_valid(m);
    ck_assert_int_eq(tw_set_from(m, h, &half), 0); /* from mid + half */
    FA = w, FB = mid;
    break;
  case NP_RELATIVE:
    FX = small;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &half, 1.0, &h),
        0);
    ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
    tt_valid(m);
    FX = mid; /* the end, mid + half, at the start */
    FA = mid, FB = w;
    break;
  case NP_SNAPSHOT:
    FX = o;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &w, 1.0, &h), 0);
    near_update(m, 0.125);
    tt_valid(m);
    ck_assert_int_eq(tw_snapshot_size(m, &used), 0);
    buf = malloc(used);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(tw_snapshot(m, buf, used, &used), 0);
    near_update(m, 0.25);
    ck_assert_int_eq(tw_restore(m, buf, used), 0);
    FA = o, FB = w;
    break;
  case NP_SEQUENCE:
    FX = o;
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, fnear_set, fnear_get, &FX, &w, 1.0, &h), 0);
    ck_assert_int_eq(tw_sequence(m, &g), 0);
    ck_assert_int_eq(tw_seq_append(m, g, h), 0);
    FA = o, FB = w;
    fnear_exact = 0; /* stepped by its sequence */
    break;
  default: /* NP_PATH: no path of one float */
    tw_manager_free(m);
    return;
  }
  if (mode == 1 && path != NP_SEQUENCE)
    ck_assert_int_eq(tw_set_independent(m, h, 1), 0);
  tt_valid(m);
  for (u = 0; u < NEAR_STEPS; u++) {
    double pos = 0, y;
    near_update(m, near_dt[u]);
    tt_valid(m);
    ck_assert_msg(isfinite(FX), "path %d, %s, sign %d, mode %d: x = %g", path,
                  far ? "far" : "near", sg, mode, (double)FX);
    if (!fnear_exact)
      continue;
    if (u == NEAR_STEPS - 1) { /* past its end: the end, exactly */
      ck_assert_msg(FX == FB,
                    "path %d, %s, sign %d, mode %d, the end: x = %.9g", path,
                    far ? "far" : "near", sg, mode, (double)FX);
      break;
    }
    /* near ends: the flag, so that the update takes them unchecked */
    ck_assert(far || (tw__lookup(m, h)->flags & TW__F_NEAR));
    ck_assert_int_eq(tw_position(m, h, &pos), 0);
    ck_assert(pos >= 0 && pos < 1);
    y = tw__out_quad(pos);
    ck_assert_msg(FX == tw__lerpf(FA, FB, y),
                  "path %d, %s, sign %d, mode %d, %g s: x = %.9g, not %.9g",
                  path, far ? "far" : "near", sg, mode, pos, (double)FX,
                  (double)tw__lerpf(FA, FB, y));
  }
  tw_manager_free(m);
  free(buf);
}

START_TEST(test_types_float_near) {
  int mode;

  for (mode = 0; mode < 3; mode++) {
    float_near_path(_i, 0, 1, mode);
    float_near_path(_i, 1, 1, mode);
    float_near_path(_i, 0, -1, mode);
    float_near_path(_i, 1, -1, mode);
  }
}
END_TEST

/* Moment 0 again (dt 0 twice) on the fast paths, the ends near and the
 * start -0: a float by setter and each float vector by pointer hold the
 * start bit for bit, sign of zero included (fraction 0 is no fraction
 * strictly between the ends, where the unchecked formula would give +0).
 * Each of the three update modes. */
START_TEST(test_types_near_moment_zero) {
  static const int types[5] = {TW_TYPE_FLOAT, TW_TYPE_VEC2, TW_TYPE_VEC3,
                               TW_TYPE_VEC4, TW_TYPE_COLOR};
  int ti, mode, k;

  for (ti = 0; ti < 5; ti++)
    for (mode = 0; mode < 3; mode++) {
      tw_manager *m = tt_manager(NULL, 0);
      int type = types[ti], n = tw_type_size(m, type) / (int)sizeof(float);
      float start[4] = {-0.0f, -0.0f, -0.0f, -0.0f}, end[4] = {1, 2, 3, 4};
      tw_handle h;
      if (mode == 2)
        ck_assert_int_eq(tw_manager_set_parallel(m, near_hook, NULL, 1, 0), 0);
      memset(NC.x, 0x7f, sizeof NC.x);
      FX = 5.0f;
      if (type == TW_TYPE_FLOAT)
        ck_assert_int_eq(
            tw_from_to_fn(m, type, fnear_set, &FX, start, end, 1.0, &h), 0);
      else
        ck_assert_int_eq(tw_from_to(m, type, NC.x, start, end, 1.0, &h), 0);
      if (mode == 1)
        ck_assert_int_eq(tw_set_independent(m, h, 1), 0);
      near_update(m, 0.0); /* its start */
      near_update(m, 0.0); /* the same moment, running */
      tt_valid(m);
      ck_assert(tw__lookup(m, h)->flags & TW__F_NEAR);
      if (type == TW_TYPE_FLOAT)
        ck_assert_msg(FX == 0 && signbit(FX), "float, mode %d: x = %g", mode,
                      (double)FX);
      for (k = 0; type != TW_TYPE_FLOAT && k < n; k++)
        ck_assert_msg(NC.x[k] == 0 && signbit(NC.x[k]),
                      "type %d, mode %d: x[%d] = %g", type, mode, k,
                      (double)NC.x[k]);
      tw_manager_free(m);
    }
}
END_TEST

/* A float by pointer is plain (its own promise) or, its ends near, not
 * plain and flagged near; an ease that makes it plain again takes the
 * flag away, one that makes it not plain gives it back, and a far end
 * takes it away. */
START_TEST(test_types_float_near_plain) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0, far = FLT_MAX;
  tw_handle h;
  tw__tween *t;
  int k;

  ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &h), 0);
  for (k = 0; k < 2; k++) {
    t = tw__lookup(m, h);
    ck_assert((t->flags & TW__F_PLAIN) && !(t->flags & TW__F_NEAR));
    ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
    ck_assert(!(t->flags & TW__F_PLAIN) && (t->flags & TW__F_NEAR));
    tt_valid(m);
    ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_OUT_QUAD), 0);
    tt_valid(m);
    step(m, 0.25); /* and again, started */
  }
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_change_end(m, h, &far, 0), 0);
  t = tw__lookup(m, h);
  ck_assert(!(t->flags & (TW__F_PLAIN | TW__F_NEAR)));
  tt_valid(m);
  step(m, 0.25);
  ck_assert(isfinite(x));
  tw_manager_free(m);
}
END_TEST

static Suite *types_suite(void) {
  Suite *s = suite_create("types");
  TCase *tc;

#define ADD(name) TT_ADD(s, test_types_##name, #name, 0);
  ADD(float)
  ADD(double)
  ADD(int)
  ADD(vec2)
  ADD(vec3)
  ADD(vec4)
  ADD(color)
  ADD(rgba8_lerp)
  ADD(rgba8_overshoot)
  ADD(rgba8_exact_ends)
  ADD(rgba8_relative_speed)
  ADD(setter_builtin)
  ADD(setter_failure)
  ADD(setter_moves_types)
  ADD(registered_small)
  ADD(registered_big)
  ADD(registered_setter)
  ADD(many_registered)
  ADD(sizes_and_ids)
  ADD(incremental_registered)
  ADD(float_near_plain)
  ADD(near_moment_zero)
#undef ADD
  tc = tcase_create("vector_near");
  tcase_add_loop_test(tc, test_types_vector_near, 0, 4 * NP_COUNT);
  suite_add_tcase(s, tc);
  tc = tcase_create("float_near");
  tcase_add_loop_test(tc, test_types_float_near, 0, NP_COUNT);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tt_run(types_suite()); }

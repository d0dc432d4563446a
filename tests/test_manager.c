/* SPDX-License-Identifier: MIT */
/* The manager: capacity growth and its warning hook (also from inside
 * callbacks, and a hook that uses the manager), setting the capacity, the
 * hard limit, clear, stats, dump, order, validate, the default manager,
 * the version and the error strings. */
#define _POSIX_C_SOURCE 200809L

#include "life.h" /* sizeof(tw__tween) */
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* exact float comparison with the values in the message */
static tw_stats stats(tw_manager *m) {
  tw_stats st;

  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  return st;
}

static tw_handle none(void) {
  tw_handle h;

  h.index = 0;
  h.gen = 0;
  return h;
}

#define MAXT 4000
static float val[MAXT];
static tw_handle hs[MAXT];

/* Creates tweens [from, to) on val[], 8 s each. */
static void make(tw_manager *m, int from, int to) {
  int i;

  ck_assert_int_le(to, MAXT);
  for (i = from; i < to; i++) {
    val[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &val[i], 1.0f, 8.0, &hs[i]), 0);
  }
}

/* ------------------------------------------------------------------ */
/* the warning hook                                                    */

#define WREC_MAX 16
typedef struct wrec {
  int n;
  tw_manager *m[WREC_MAX];
  tw_warning what[WREC_MAX];
  size_t old_cap[WREC_MAX], new_cap[WREC_MAX];
  size_t live[WREC_MAX]; /* live tweens when the hook ran */
  int (*also)(tw_manager *m, struct wrec *r); /* then do this */
} wrec;

static void rec_warn(tw_manager *m, tw_warning what, size_t old_cap,
                     size_t new_cap, void *ud) {
  wrec *r = ud;
  tw_stats st;

  if (r->n < WREC_MAX) {
    r->m[r->n] = m;
    r->what[r->n] = what;
    r->old_cap[r->n] = old_cap;
    r->new_cap[r->n] = new_cap;
    tw_manager_stats(m, &st);
    r->live[r->n] = st.live;
  }
  r->n++;
  if (r->also != NULL)
    r->also(m, r);
}

static void expect_warn(const wrec *r, int i, tw_manager *m, size_t o,
                        size_t n) {
  ck_assert_int_gt(r->n, i);
  ck_assert_ptr_eq(r->m[i], m);
  ck_assert_int_eq(r->what[i], TW_WARN_GROW_TWEENS);
  ck_assert_uint_eq(r->old_cap[i], o);
  ck_assert_uint_eq(r->new_cap[i], n);
}

static tw_manager *rec_manager(wrec *r, size_t tweens, size_t max) {
  tw_config c;
  tw_manager *m = NULL;

  memset(r, 0, sizeof *r);
  tw_config_init(&c);
  if (tweens != 0)
    c.tweens = tweens;
  c.max_tweens = max;
  c.warn = rec_warn;
  c.warn_ud = r;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  return m;
}

START_TEST(test_manager_growth) {
  wrec r;
  tw_manager *m = rec_manager(&r, 0, 0);

  /* nothing reserved; the first tween takes the default, unreported */
  ck_assert_uint_eq(stats(m).tweens_capacity, 0);
  ck_assert_uint_eq(stats(m).sequences_capacity, 0);
  make(m, 0, 200);
  ck_assert_uint_eq(stats(m).tweens_capacity, 200);
  ck_assert_int_eq(r.n, 0);
  ck_assert_uint_eq(stats(m).growths, 0);
  make(m, 200, 201);
  ck_assert_int_eq(r.n, 1);
  expect_warn(&r, 0, m, 200, 500);
  ck_assert_uint_eq(r.live[0], 201); /* after the call did its work */
  ck_assert_uint_eq(stats(m).growths, 1);
  ck_assert_uint_eq(stats(m).tweens_capacity, 500);
  make(m, 201, 500);
  ck_assert_int_eq(r.n, 1);
  make(m, 500, 501);
  ck_assert_int_eq(r.n, 2);
  expect_warn(&r, 1, m, 500, 1250);
  make(m, 501, 1250);
  ck_assert_int_eq(r.n, 2);
  make(m, 1250, 1251);
  ck_assert_int_eq(r.n, 3);
  expect_warn(&r, 2, m, 1250, 3125);
  ck_assert_uint_eq(stats(m).growths, 3);
  ck_assert_uint_eq(stats(m).tweens_capacity, 3125);
  ck_assert_uint_eq(stats(m).sequences_capacity, 0); /* none made */
  ck_assert_uint_eq(stats(m).live, 1251);
  tt_valid(m);
  /* the array survived the moves: every tween still runs, in order */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(val[0], 0.234375f);
  EQF(val[1250], 0.234375f);
  ck_assert_int_eq(tw_manager_free(m), 0);
}
END_TEST

START_TEST(test_manager_growth_set_warn) {
  wrec r;
  tw_manager *m = NULL;

  memset(&r, 0, sizeof r);
  ck_assert_int_eq(tw_manager_new(NULL, &m), 0);
  ck_assert_int_eq(tw_manager_set_warn(m, rec_warn, &r), 0);
  ck_assert_int_eq(tw_manager_set_warn(NULL, rec_warn, &r), TW_EINVAL);
  make(m, 0, 501);
  ck_assert_int_eq(r.n, 2);
  expect_warn(&r, 0, m, 200, 500);
  expect_warn(&r, 1, m, 500, 1250);
  ck_assert_uint_eq(stats(m).growths, 2);
  tw_manager_free(m);
}
END_TEST

/* A manager of the defaults reserves nothing for tweens or sequences: it
 * holds itself and its type table, so a microcontroller pays for the
 * tweens it makes.  TW_DEFAULT_TWEENS and TW_DEFAULT_SEQUENCES are taken
 * by the first tween and the first sequence; what a program asks for is
 * reserved at once. */
#define DEFAULT_MANAGER_BYTES 2048

START_TEST(test_manager_default_holds_little) {
  tt_alloc_state a;
  wrec r;
  tw_config c;
  tw_manager *m = NULL;
  tw_handle h, seq;
  float v = 0;

  memset(&a, 0, sizeof a);
  memset(&r, 0, sizeof r);
  tw_config_init(&c);
  c.alloc = tt_alloc;
  c.alloc_ud = &a;
  c.warn = rec_warn;
  c.warn_ud = &r;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  ck_assert_msg(a.live_bytes <= DEFAULT_MANAGER_BYTES,
                "a manager of the defaults holds %lu bytes",
                (unsigned long)a.live_bytes);
  ck_assert_uint_eq(stats(m).bytes, a.live_bytes);
  ck_assert_uint_eq(stats(m).tweens_capacity, 0);
  ck_assert_uint_eq(stats(m).sequences_capacity, 0);
  tt_valid(m);
  /* what a manager with nothing in it does, it does without memory */
  a.fail_at = a.calls + 1;
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  ck_assert_int_eq(tw_manager_clear(m), 0);
  ck_assert_int_eq(tw_manager_set_capacity(m, 0, 0), 0);
  ck_assert_int_eq(tw_kill_all(m, 0), 0);
  ck_assert_uint_eq(a.failures, 0);
  a.fail_at = 0;

  /* the first tween takes the default capacity: no growth, no warning */
  ck_assert_int_eq(tw_float_to(m, &v, 8.0f, 8.0, &h), 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, TW_DEFAULT_TWEENS);
  ck_assert_uint_eq(stats(m).sequences_capacity, 0);
  ck_assert_uint_eq(stats(m).growths, 0);
  ck_assert_int_eq(r.n, 0);
  tt_valid(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(v, 8.0f * 0.234375f);
  /* the first sequence the default sequence capacity, its tween kept */
  ck_assert_int_eq(tw_sequence(m, &seq), 0);
  ck_assert_uint_eq(stats(m).sequences_capacity, TW_DEFAULT_SEQUENCES);
  ck_assert_uint_eq(stats(m).tweens_capacity, TW_DEFAULT_TWEENS);
  ck_assert_uint_eq(stats(m).growths, 0);
  ck_assert_int_eq(r.n, 0);
  tt_valid(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(v, 8.0f * 0.4375f);
  /* then the capacity grows by the rule, with its warning */
  make(m, 0, TW_DEFAULT_TWEENS);
  ck_assert_int_eq(r.n, 1);
  expect_warn(&r, 0, m, 200, 500);
  ck_assert_uint_eq(stats(m).growths, 1);
  tt_valid(m);
  tt_done(&a, m);

  /* room for sequences set up front: the first tween still takes the
   * default tween capacity, unreported, the sequences' room kept */
  memset(&a, 0, sizeof a);
  memset(&r, 0, sizeof r);
  m = tt_manager_cfg(&a, 0, 0, 0, rec_warn, &r);
  ck_assert_int_eq(tw_manager_set_capacity(m, 0, 10), 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 0);
  ck_assert_uint_eq(stats(m).sequences_capacity, 10);
  tt_valid(m);
  ck_assert_int_eq(tw_sequence(m, &seq), 0);
  ck_assert_int_eq(tw_float_to(m, &v, 8.0f, 8.0, &h), 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, TW_DEFAULT_TWEENS);
  ck_assert_uint_eq(stats(m).sequences_capacity, 10);
  ck_assert_uint_eq(stats(m).growths, 0);
  ck_assert_int_eq(r.n, 0);
  tt_valid(m);
  tt_done(&a, m);

  /* a capacity asked for is reserved by tw_manager_new */
  memset(&a, 0, sizeof a);
  m = tt_manager_cfg(&a, 100, 10, 0, NULL, NULL);
  ck_assert_uint_eq(stats(m).tweens_capacity, 100);
  ck_assert_uint_eq(stats(m).sequences_capacity, 10);
  ck_assert_uint_ge(a.live_bytes, 110 * sizeof(tw__tween));
  ck_assert_int_eq(tw_float_to(m, &v, 8.0f, 8.0, &h), 0);
  ck_assert_int_eq(tw_sequence(m, &seq), 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 100);
  ck_assert_uint_eq(stats(m).sequences_capacity, 10);
  ck_assert_uint_eq(tw__test_moved(m), 0); /* the array never moved */
  tt_done(&a, m);
}
END_TEST

static int set_f(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  return 0;
}

static void get_f(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

/* The first creation of each kind on a manager of the defaults, refused
 * for want of memory at each allocation it makes in turn: TW_ENOMEM, a
 * sentence naming the call, no capacity, no tween, no warning; then the
 * same creation succeeds. */
static tw_vec4 first_v4;

static int first_make(tw_manager *m, int kind, float *v, tw_handle *h) {
  static const float end = 8.0f;
  tw_vec4 e4 = {1, 2, 3, 4};

  switch (kind) {
  case 0:
    return tw_float_to(m, v, 8.0f, 8.0, h);
  case 1: /* a record, the setters and the records beside the array */
    return tw_to_fn(m, TW_TYPE_FLOAT, set_f, get_f, v, &end, 8.0, h);
  case 2: /* the wide values beside the array */
    return tw_vec4_to(m, &first_v4, e4, 8.0, h);
  default:
    return tw_sequence(m, h);
  }
}

static const char *const first_names[] = {"tw_float_to", "tw_to_fn",
                                          "tw_vec4_to", "tw_sequence"};
#define FIRST_KINDS 4

START_TEST(test_manager_first_creation_without_memory) {
  int kind;

  for (kind = 0; kind < FIRST_KINDS; kind++) {
    size_t k, fails = 0;

    for (k = 1;; k++) {
      tt_alloc_state a;
      wrec r;
      tw_manager *m;
      tw_handle h = {0, 0};
      float v = 3.0f;
      int rc;

      memset(&first_v4, 0, sizeof first_v4);

      memset(&a, 0, sizeof a);
      memset(&r, 0, sizeof r);
      m = tt_manager_cfg(&a, 0, 0, 0, rec_warn, &r);
      a.fail_at = a.calls + k;
      rc = first_make(m, kind, &v, &h);
      if (a.failures == 0) { /* past the creation's last allocation */
        ck_assert_int_eq(rc, 0);
        tt_done(&a, m);
        break;
      }
      fails++;
      ck_assert_msg(rc == TW_ENOMEM, "%s, allocation %lu failing: %d",
                    first_names[kind], (unsigned long)k, rc);
      ck_assert_msg(strstr(tw_last_error_detail(m), first_names[kind]) != NULL,
                    "allocation %lu: \"%s\"", (unsigned long)k,
                    tw_last_error_detail(m));
      ck_assert_uint_eq(h.index, 0);
      EQF(v, 3.0f);
      EQF(first_v4.x, 0.0f);
      ck_assert_uint_eq(stats(m).live, 0);
      ck_assert_uint_eq(stats(m).tweens_capacity, 0);
      ck_assert_uint_eq(stats(m).sequences_capacity, 0);
      ck_assert_uint_eq(stats(m).growths, 0);
      ck_assert_int_eq(r.n, 0);
      tt_valid(m);
      a.fail_at = 0;
      ck_assert_int_eq(first_make(m, kind, &v, &h), 0);
      ck_assert_uint_eq(stats(m).live, 1);
      ck_assert_int_eq(r.n, 0);
      tt_valid(m);
      ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 8.0, 8.0), 0);
      if (kind < 2)
        EQF(v, 8.0f);
      if (kind == 2)
        EQF(first_v4.w, 4.0f);
      tt_done(&a, m);
    }
    ck_assert_uint_gt(fails, 0);
  }
}
END_TEST

/* stderr, redirected into a temporary file */
static int saved_fd = -1;
static FILE *cap_file;

static void capture_begin(void) {
  fflush(stderr);
  cap_file = tmpfile();
  ck_assert_ptr_nonnull(cap_file);
  saved_fd = dup(2);
  ck_assert_int_ge(saved_fd, 0);
  ck_assert_int_ge(dup2(fileno(cap_file), 2), 0);
}

static size_t capture_end(char *buf, size_t size) {
  size_t n;

  fflush(stderr);
  ck_assert_int_ge(dup2(saved_fd, 2), 0);
  close(saved_fd);
  rewind(cap_file);
  n = fread(buf, 1, size - 1, cap_file);
  buf[n] = '\0';
  fclose(cap_file);
  return n;
}

static int count_lines(const char *s) {
  int n = 0;

  for (; *s != '\0'; s++)
    if (*s == '\n')
      n++;
  return n;
}

START_TEST(test_manager_growth_silent) {
  char buf[4096];
  tw_manager *m = NULL;

  ck_assert_int_eq(tw_manager_new(NULL, &m), 0);
  ck_assert_int_eq(tw_manager_set_warn(m, tw_warn_silent, NULL), 0);
  capture_begin();
  make(m, 0, 1251);
  ck_assert_uint_eq(capture_end(buf, sizeof buf), 0);
  ck_assert_uint_eq(stats(m).growths, 3);
  ck_assert_uint_eq(stats(m).tweens_capacity, 3125);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_manager_growth_stderr) {
  char buf[4096];
  tw_manager *m = NULL;
  wrec r;

  /* the default hook: one line per growth, with both capacities */
  ck_assert_int_eq(tw_manager_new(NULL, &m), 0);
  capture_begin();
  make(m, 0, 201);
  capture_end(buf, sizeof buf);
  ck_assert_int_eq(count_lines(buf), 1);
  ck_assert_ptr_nonnull(strstr(buf, "200"));
  ck_assert_ptr_nonnull(strstr(buf, "500"));
  capture_begin();
  make(m, 201, 500);
  ck_assert_uint_eq(capture_end(buf, sizeof buf), 0);
  tw_manager_free(m);

  /* tw_manager_set_warn(m, NULL) brings it back */
  m = rec_manager(&r, 0, 0);
  ck_assert_int_eq(tw_manager_set_warn(m, NULL, NULL), 0);
  capture_begin();
  make(m, 0, 201);
  capture_end(buf, sizeof buf);
  ck_assert_int_eq(r.n, 0);
  ck_assert_int_eq(count_lines(buf), 1);
  ck_assert_ptr_nonnull(strstr(buf, "200"));
  ck_assert_ptr_nonnull(strstr(buf, "500"));
  tw_manager_free(m);

  /* and so does calling it directly */
  capture_begin();
  tw_warn_stderr(NULL, TW_WARN_GROW_TWEENS, 1250, 3125, NULL);
  capture_end(buf, sizeof buf);
  ck_assert_int_eq(count_lines(buf), 1);
  ck_assert_ptr_nonnull(strstr(buf, "1250"));
  ck_assert_ptr_nonnull(strstr(buf, "3125"));
}
END_TEST

/* growth inside a callback of an update pass */
static struct {
  int fired;
  int created;
  int rc_update;
  int rc_free;
  tw_handle victim; /* a later tween the hook kills */
  tw_handle made;   /* a tween the hook creates */
  float made_v;
  int hook_rc[2];
} cb;

static void grow_cb(tw_manager *m, tw_handle h, void *ud) {
  int i;

  (void)h;
  (void)ud;
  if (cb.fired++)
    return;
  for (i = 150; i < 250; i++) {
    val[i] = 0;
    if (tw_float_to(m, &val[i], 1.0f, 8.0, &hs[i]) == 0)
      cb.created++;
  }
}

/* the hook uses the manager: update is refused, create and kill work */
static int hook_acts(tw_manager *m, wrec *r) {
  if (r->n != 1)
    return 0;
  cb.rc_update = tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0);
  cb.rc_free = tw_manager_free(m);
  cb.hook_rc[0] = tw_kill(m, cb.victim, 0);
  cb.made_v = 0;
  cb.hook_rc[1] = tw_float_to(m, &cb.made_v, 8.0f, 8.0, &cb.made);
  return 0;
}

START_TEST(test_manager_growth_in_callback) {
  wrec r;
  tw_manager *m = rec_manager(&r, 0, 0);
  int i;

  memset(&cb, 0, sizeof cb);
  make(m, 0, 150);
  cb.victim = hs[100];
  r.also = hook_acts;
  ck_assert_int_eq(tw_on(m, hs[10], TW_ON_UPDATE, grow_cb, NULL), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  tt_valid(m);
  ck_assert_int_eq(cb.created, 100);
  ck_assert_int_eq(r.n, 1);
  expect_warn(&r, 0, m, 200, 500);
  ck_assert_uint_eq(r.live[0], 201);
  ck_assert_int_eq(cb.rc_update, TW_EBUSY);
  ck_assert_int_eq(cb.rc_free, TW_EBUSY);
  ck_assert_int_eq(cb.hook_rc[0], 0);
  ck_assert_int_eq(cb.hook_rc[1], 0);
  ck_assert_int_eq(tw_is_active(m, cb.victim), 0);
  ck_assert_int_eq(tw_is_active(m, cb.made), 1);
  EQF(val[100], 0.0f); /* killed before its turn */
  EQF(cb.made_v, 0.0f);
  for (i = 0; i < 150; i++)
    if (i != 100)
      EQF(val[i], 0.234375f);
  for (i = 150; i < 250; i++)
    EQF(val[i], 0.0f); /* created during the pass */
  ck_assert_uint_eq(stats(m).live, 150 - 1 + 100 + 1);
  ck_assert_uint_eq(stats(m).growths, 1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(val[200], 0.234375f);
  EQF(cb.made_v, 8.0f * 0.234375f);
  EQF(val[0], 0.4375f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* a hook that creates enough tweens to grow again, and kills one */
static int hook_grows(tw_manager *m, wrec *r) {
  int i;

  if (r->n != 1)
    return 0;
  cb.hook_rc[0] = tw_kill(m, cb.victim, 0);
  for (i = 300; i < 700; i++) {
    val[i] = 0;
    if (tw_float_to(m, &val[i], 1.0f, 8.0, &hs[i]) == 0)
      cb.created++;
  }
  return 0;
}

START_TEST(test_manager_growth_hook_reenters) {
  wrec r;
  tw_manager *m = rec_manager(&r, 0, 0);

  memset(&cb, 0, sizeof cb);
  make(m, 0, 200);
  cb.victim = hs[3];
  r.also = hook_grows;
  make(m, 200, 201); /* 200 -> 500; the hook grows 500 -> 1250 */
  tt_valid(m);
  ck_assert_int_eq(cb.created, 400);
  ck_assert_int_eq(cb.hook_rc[0], 0);
  ck_assert_int_eq(r.n, 2);
  expect_warn(&r, 0, m, 200, 500);
  expect_warn(&r, 1, m, 500, 1250);
  ck_assert_uint_eq(stats(m).growths, 2);
  ck_assert_uint_eq(stats(m).tweens_capacity, 1250);
  ck_assert_uint_eq(r.live[1], 500 + 1);
  ck_assert_uint_eq(stats(m).live, 201 - 1 + 400);
  ck_assert_int_eq(tw_is_active(m, hs[3]), 0);
  ck_assert_int_eq(tw_is_active(m, hs[699]), 1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(val[3], 0.0f);
  EQF(val[699], 0.234375f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* capacity                                                            */

START_TEST(test_manager_capacity_up_front) {
  wrec r;
  tw_manager *m = rec_manager(&r, 0, 0);

  ck_assert_int_eq(tw_manager_set_capacity(m, 2000, 0), 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 2000);
  ck_assert_uint_eq(stats(m).sequences_capacity, 0);
  ck_assert_int_eq(tw_manager_set_capacity(m, 0, 0), 0); /* keeps both */
  ck_assert_uint_eq(stats(m).tweens_capacity, 2000);
  ck_assert_uint_eq(stats(m).sequences_capacity, 0);
  make(m, 0, 2000);
  ck_assert_int_eq(r.n, 0); /* setting it never warns, nor did filling */
  ck_assert_uint_eq(stats(m).growths, 0);
  make(m, 2000, 2001);
  ck_assert_int_eq(r.n, 1);
  expect_warn(&r, 0, m, 2000, 5000);
  tt_valid(m);
  ck_assert_int_eq(tw_manager_set_capacity(NULL, 10, 0), TW_EINVAL);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_manager_capacity_below_live) {
  wrec r;
  tw_manager *m = rec_manager(&r, 0, 0);
  tw_handle order[32];
  int i;

  make(m, 0, 10);
  ck_assert_int_eq(tw_manager_set_capacity(m, 9, 0), TW_ERANGE);
  ck_assert_uint_eq(stats(m).tweens_capacity, 200);
  ck_assert_uint_eq(stats(m).live, 10);
  tt_valid(m);
  /* exactly the live count is fine; the next one grows from there */
  ck_assert_int_eq(tw_manager_set_capacity(m, 10, 0), 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 10);
  ck_assert_int_eq(r.n, 0);
  make(m, 10, 11);
  ck_assert_int_eq(r.n, 1);
  expect_warn(&r, 0, m, 10, 210);
  tt_valid(m);
  tw_manager_free(m);

  /* shrinking under holes compacts first, keeping the order */
  m = rec_manager(&r, 0, 0);
  make(m, 0, 100);
  for (i = 0; i < 100; i++)
    if (i % 5 != 0)
      ck_assert_int_eq(tw_kill(m, hs[i], 0), 0);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 100);
  ck_assert_int_eq(tw_manager_set_capacity(m, 19, 0), TW_ERANGE);
  ck_assert_int_eq(tw_manager_set_capacity(m, 20, 0), 0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).tweens_capacity, 20);
  ck_assert_int_eq(tw_manager_order(m, order, 32), 20);
  for (i = 0; i < 20; i++)
    SAME_HANDLE(order[i], hs[i * 5]);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(val[95], 0.234375f);
  EQF(val[96], 0.0f);
  tw_manager_free(m);
}
END_TEST

/* shrinking that would move tweens during a pass is refused */
static int shrink_rc;
static void shrink_cb(tw_manager *m, tw_handle h, void *ud) {
  int i;

  (void)h;
  (void)ud;
  for (i = 0; i < 60; i++)
    tw_kill(m, hs[i], 0);
  shrink_rc = tw_manager_set_capacity(m, 40, 0);
}

START_TEST(test_manager_capacity_busy) {
  tw_manager *m = tt_manager(NULL, 0);

  make(m, 0, 100);
  ck_assert_int_eq(tw_on(m, hs[99], TW_ON_UPDATE, shrink_cb, NULL), 0);
  shrink_rc = 12345;
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  ck_assert_int_eq(shrink_rc, TW_EBUSY);
  ck_assert_uint_eq(stats(m).tweens_capacity, 200);
  ck_assert_uint_eq(stats(m).live, 40);
  tt_valid(m);
  /* outside the pass it works */
  ck_assert_int_eq(tw_manager_set_capacity(m, 40, 0), 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 40);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 40);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_manager_hard_limit) {
  wrec r;
  tw_manager *m = rec_manager(&r, 10, 10);
  tw_handle h, sentinel;
  float extra = 0;
  tw_stats before;

  make(m, 0, 10);
  sentinel.index = 123;
  sentinel.gen = 457;
  h = sentinel;
  before = stats(m);
  ck_assert_int_eq(tw_float_to(m, &extra, 1.0f, 1.0, &h), TW_ELIMIT);
  SAME_HANDLE(h, sentinel);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).live, 10);
  ck_assert_uint_eq(stats(m).peak, before.peak);
  ck_assert_uint_eq(stats(m).growths, 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 10);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 10);
  ck_assert_int_eq(r.n, 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(extra, 0.0f);
  /* above the limit, setting the capacity is refused too */
  ck_assert_int_eq(tw_manager_set_capacity(m, 11, 0), TW_ELIMIT);
  ck_assert_uint_eq(stats(m).tweens_capacity, 10);
  /* a kill makes room again */
  ck_assert_int_eq(tw_kill(m, hs[4], 0), 0);
  ck_assert_int_eq(tw_float_to(m, &extra, 1.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_float_to(m, &extra, 1.0f, 1.0, NULL), TW_ELIMIT);
  tt_valid(m);
  tw_manager_free(m);

  /* growth stops at the limit: 200 -> 300, then TW_ELIMIT */
  m = rec_manager(&r, 0, 300);
  make(m, 0, 300);
  ck_assert_int_eq(r.n, 1);
  expect_warn(&r, 0, m, 200, 300);
  ck_assert_int_eq(tw_float_to(m, &extra, 1.0f, 1.0, NULL), TW_ELIMIT);
  ck_assert_int_eq(r.n, 1);
  ck_assert_uint_eq(stats(m).live, 300);
  ck_assert_uint_eq(stats(m).growths, 1);
  tt_valid(m);
  tw_manager_free(m);

  /* a start-up capacity above the limit is refused */
  {
    tw_config c;
    tw_manager *bad = NULL;
    tw_config_init(&c);
    c.tweens = 20;
    c.max_tweens = 10;
    ck_assert_int_eq(tw_manager_new(&c, &bad), TW_EINVAL);
    ck_assert_ptr_null(bad);
  }
}
END_TEST

/* ------------------------------------------------------------------ */
/* clear                                                               */

static int tags[MAXT];
static int kill_creates;
static tw_handle kill_made;
static float kill_made_v;
static void kill_then_create(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  tt_log_add(TW_ON_KILL, *(int *)ud);
  if (kill_creates++ == 0)
    ck_assert_int_eq(tw_float_to(m, &kill_made_v, 1.0f, 8.0, &kill_made), 0);
}

START_TEST(test_manager_clear) {
  tt_alloc_state a;
  tw_manager *m;
  static tw_handle old[600];
  int i, n;

  memset(&a, 0, sizeof a);
  m = tt_manager(&a, 0);
  make(m, 0, 600); /* grows to 1250 */
  for (i = 0; i < 600; i++) {
    tags[i] = i;
    tt_on(m, hs[i], TW_ON_KILL, &tags[i]);
    old[i] = hs[i];
  }
  /* some records in the pool, some holes */
  for (i = 0; i < 600; i += 7)
    ck_assert_int_eq(tw_kill(m, hs[i], 0), 0);
  ck_assert_uint_gt(stats(m).pool_size, 0);
  tt_log_reset();
  ck_assert_int_eq(tw_manager_clear(m), 0);
  tt_valid(m);
  /* every KILL once, in creation order */
  n = 0;
  for (i = 0; i < 600; i++) {
    if (i % 7 == 0)
      continue;
    ck_assert_int_lt(n, tt_nlog);
    ck_assert_int_eq(tt_log[n].event, TW_ON_KILL);
    ck_assert_int_eq(tt_log[n].tag, i);
    n++;
  }
  ck_assert_int_eq(tt_nlog, n);
  ck_assert_uint_eq(stats(m).live, 0);
  ck_assert_uint_eq(stats(m).pool_size, 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 1250);
  ck_assert_uint_eq(stats(m).sequences_capacity, 0);
  ck_assert_int_eq(tw_manager_clear(m), 0); /* clearing nothing is fine */
  ck_assert_int_eq(tt_nlog, n);

  /* the slots are reused many times over; old handles stay stale */
  for (n = 0; n < 5; n++) {
    make(m, 0, 1000);
    tt_valid(m);
    for (i = 0; i < 600; i++) {
      ck_assert_int_eq(tw_is_active(m, old[i]), 0);
      ck_assert_int_eq(tw_kill(m, old[i], 0), TW_ESTALE);
      ck_assert_int_eq(tw_pause(m, old[i]), TW_ESTALE);
      ck_assert_int_eq(tw_complete(m, old[i]), TW_ESTALE);
      ck_assert_int_eq(tw_set_delay(m, old[i], 1.0), TW_ESTALE);
    }
    ck_assert_uint_eq(stats(m).live, 1000);
    ck_assert_int_eq(tw_is_playing(m, hs[0]), 1);
    if (n % 2 == 0)
      ck_assert_int_eq(tw_manager_clear(m), 0);
    else
      ck_assert_int_eq(tw_kill_all(m, 0), 1000);
    tt_valid(m);
  }
  ck_assert_uint_eq(stats(m).tweens_capacity, 1250);
  ck_assert_int_eq(tw_manager_clear(NULL), TW_EINVAL);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(a.live_blocks, 0);
  ck_assert_uint_eq(a.live_bytes, 0);
}
END_TEST

START_TEST(test_manager_clear_kill_creates) {
  tw_manager *m = tt_manager(NULL, 0);
  int i;

  /* a tween created by a KILL callback during the clear survives it */
  make(m, 0, 5);
  for (i = 0; i < 5; i++) {
    tags[i] = i;
    ck_assert_int_eq(tw_on(m, hs[i], TW_ON_KILL, kill_then_create, &tags[i]),
                     0);
  }
  kill_creates = 0;
  kill_made_v = 0;
  tt_log_reset();
  ck_assert_int_eq(tw_manager_clear(m), 0);
  tt_valid(m);
  ck_assert_int_eq(kill_creates, 5);
  ck_assert_int_eq(tt_nlog, 5);
  for (i = 0; i < 5; i++)
    ck_assert_int_eq(tt_log[i].tag, i);
  ck_assert_uint_eq(stats(m).live, 1);
  ck_assert_int_eq(tw_is_active(m, kill_made), 1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(kill_made_v, 0.234375f);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* stats, dump, order, validate                                        */

START_TEST(test_manager_stats) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_stats st;

  st = stats(m);
  ck_assert_uint_eq(st.live, 0);
  ck_assert_uint_eq(st.peak, 0);
  ck_assert_uint_eq(st.tweens_capacity, 0); /* taken by the first tween */
  ck_assert_uint_eq(st.sequences_capacity, 0);
  ck_assert_uint_eq(st.growths, 0);
  ck_assert_uint_eq(st.compactions, 0);
  ck_assert_uint_eq(st.last_visited, 0);
  ck_assert_uint_gt(st.bytes, 0);
  make(m, 0, 5);
  ck_assert_int_eq(tw_kill(m, hs[1], 0), 0);
  ck_assert_int_eq(tw_kill(m, hs[3], 0), 0);
  st = stats(m);
  ck_assert_uint_eq(st.live, 3);
  ck_assert_uint_eq(st.peak, 5);
  make(m, 5, 6);
  st = stats(m);
  ck_assert_uint_eq(st.live, 4);
  ck_assert_uint_eq(st.peak, 5);
  make(m, 6, 8);
  ck_assert_uint_eq(stats(m).peak, 6);
  ck_assert_int_eq(tw_kill_all(m, 0), 6);
  st = stats(m);
  ck_assert_uint_eq(st.live, 0);
  ck_assert_uint_eq(st.peak, 6);
  ck_assert_int_eq(tw_manager_stats(NULL, &st), TW_EINVAL);
  ck_assert_int_eq(tw_manager_stats(m, NULL), TW_EINVAL);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_manager_dump) {
  tw_manager *m = tt_manager(NULL, 0);
  char buf[8192];
  FILE *f;
  size_t n;

  make(m, 0, 6);
  ck_assert_int_eq(tw_kill(m, hs[2], 0), 0);
  ck_assert_int_eq(tw_kill(m, hs[5], 0), 0);
  f = tmpfile();
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(tw_manager_dump(m, f), 0);
  rewind(f);
  n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  /* a header, then one line per slot of the prefix, holes included */
  ck_assert_int_eq(count_lines(buf), 1 + 6);
  ck_assert_int_eq(tw_manager_dump(NULL, stderr), TW_EINVAL);
  ck_assert_int_eq(tw_manager_dump(m, NULL), TW_EINVAL);
  /* after compaction, one line per live tween */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  f = tmpfile();
  ck_assert_int_eq(tw_manager_dump(m, f), 0);
  rewind(f);
  n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  ck_assert_int_eq(count_lines(buf), 1 + 4);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_manager_order) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle out[8], sentinel;
  int i;

  ck_assert_int_eq(tw_manager_order(m, out, 8), 0);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 0);
  make(m, 0, 5);
  ck_assert_int_eq(tw_kill(m, hs[1], 0), 0);
  ck_assert_int_eq(tw_kill(m, hs[3], 0), 0);
  ck_assert_int_eq(tw_manager_order(m, out, 8), 5);
  for (i = 0; i < 5; i++)
    SAME_HANDLE(out[i], (i == 1 || i == 3) ? none() : hs[i]);
  /* cap below the prefix: writes cap, returns the whole length */
  sentinel.index = 77;
  sentinel.gen = 99;
  for (i = 0; i < 8; i++)
    out[i] = sentinel;
  ck_assert_int_eq(tw_manager_order(m, out, 2), 5);
  SAME_HANDLE(out[0], hs[0]);
  SAME_HANDLE(out[1], none());
  SAME_HANDLE(out[2], sentinel);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 5);
  ck_assert_int_eq(tw_manager_order(NULL, out, 8), TW_EINVAL);
  ck_assert_int_eq(tw_manager_order(m, NULL, 3), TW_EINVAL);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_manager_validate) {
  tw_manager *m = NULL;
  tw_config c;

  ck_assert_int_eq(tw_manager_new(NULL, &m), 0);
  tt_valid(m);
  tw_manager_free(m);
  tw_config_init(&c);
  ck_assert_uint_eq(c.tweens, 0); /* the defaults, taken on first use */
  ck_assert_uint_eq(c.sequences, 0);
  ck_assert_uint_eq(c.max_tweens, 0);
  ck_assert(c.alloc == NULL);
  ck_assert(c.warn == NULL);
  c.tweens = 1;
  m = NULL;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).tweens_capacity, 1);
  tw_manager_free(m);
  ck_assert_int_eq(tw_manager_validate(NULL), TW_EINVAL);
  ck_assert_int_eq(tw_manager_new(NULL, NULL), TW_EINVAL);
}
END_TEST

/* ------------------------------------------------------------------ */
/* the default manager, free, version, errors                          */

START_TEST(test_manager_default) {
  tw_manager *d = tw_default(), *d2;
  float v = 0;
  tw_handle h;

  ck_assert_ptr_nonnull(d);
  ck_assert_ptr_eq(tw_default(), d);
  tt_valid(d);
  ck_assert_uint_eq(stats(d).tweens_capacity, 0);
  ck_assert_int_eq(tw_float_to(d, &v, 8.0f, 8.0, &h), 0);
  ck_assert_uint_eq(stats(d).tweens_capacity, TW_DEFAULT_TWEENS);
  ck_assert_int_eq(tw_update(d, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(v, 8.0f * 0.234375f);
  ck_assert_int_eq(tw_default_free(), 0);
  ck_assert_int_eq(tw_default_free(), 0); /* none left: a no-op */
  d2 = tw_default();
  ck_assert_ptr_nonnull(d2);
  ck_assert_uint_eq(stats(d2).live, 0);
  ck_assert_int_eq(tw_manager_order(d2, NULL, 0), 0);
  tt_valid(d2);
  ck_assert_int_eq(tw_default_free(), 0);
}
END_TEST

static int free_rc = 12345;
static void free_in_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  free_rc = tw_manager_free(m);
}

START_TEST(test_manager_free) {
  tt_alloc_state a;
  tw_manager *m;
  int i;

  ck_assert_int_eq(tw_manager_free(NULL), 0);
  /* free kills every tween (KILL once each) and releases everything */
  memset(&a, 0, sizeof a);
  m = tt_manager(&a, 0);
  make(m, 0, 300);
  for (i = 0; i < 300; i++) {
    tags[i] = i;
    tt_on(m, hs[i], TW_ON_KILL, &tags[i]);
  }
  /* from inside a KILL callback outside an update: still busy */
  ck_assert_int_eq(tw_on(m, hs[0], TW_ON_KILL, free_in_kill, NULL), 0);
  ck_assert_int_eq(tw_kill(m, hs[0], 0), 0);
  ck_assert_int_eq(free_rc, TW_EBUSY);
  tt_valid(m);
  tt_log_reset();
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_int_eq(tt_nlog, 299);
  for (i = 0; i < 299; i++)
    ck_assert_int_eq(tt_log[i].tag, i + 1);
  ck_assert_uint_eq(a.live_blocks, 0);
  ck_assert_uint_eq(a.live_bytes, 0);
}
END_TEST

START_TEST(test_manager_version) {
  char buf[64];

  ck_assert_str_eq(tw_version_string(), TW_VERSION_STRING);
  ck_assert_uint_eq(tw_version(), TW_VERSION_HEX);
  snprintf(buf, sizeof buf, "%d.%d.%d", TW_VERSION_MAJOR, TW_VERSION_MINOR,
           TW_VERSION_PATCH);
  ck_assert_str_eq(tw_version_string(), buf);
  ck_assert_uint_eq(tw_version(), ((unsigned)TW_VERSION_MAJOR << 16) |
                                      ((unsigned)TW_VERSION_MINOR << 8) |
                                      (unsigned)TW_VERSION_PATCH);
}
END_TEST

START_TEST(test_manager_errors) {
  static const struct {
    int code;
    const char *name, *text;
  } map[] = {
#define XX(name, code, text) {TW_##name, "TW_" #name, text},
      TW_ERRNO_MAP(XX)
#undef XX
  };
  static const int unknown[] = {TW__ERR_LAST, -100, 1, 42, INT_MIN, INT_MAX};
  int n = (int)(sizeof map / sizeof map[0]), i, j;

  ck_assert_int_eq(n,
                   -TW__ERR_LAST - 1); /* -1 .. TW__ERR_LAST + 1, each once */
  for (i = 0; i < n; i++) {
    ck_assert_int_lt(map[i].code, 0);
    ck_assert_int_gt(map[i].code, TW__ERR_LAST);
    ck_assert_str_eq(tw_strerror(map[i].code), map[i].text);
    ck_assert_str_eq(tw_err_name(map[i].code), map[i].name);
    for (j = 0; j < i; j++)
      ck_assert_int_ne(map[i].code, map[j].code);
  }
  ck_assert_int_eq(TW_ESTALE, -3);
  ck_assert_str_eq(tw_err_name(TW_EBUSY), "TW_EBUSY");
  for (i = 0; i < (int)(sizeof unknown / sizeof unknown[0]); i++) {
    ck_assert_str_eq(tw_strerror(unknown[i]), "unknown error");
    ck_assert_str_eq(tw_err_name(unknown[i]), "TW_UNKNOWN");
  }
  ck_assert_ptr_nonnull(tw_strerror(0));
  ck_assert_ptr_nonnull(tw_err_name(0));
}
END_TEST

/* Capacities whose sums or byte sizes wrap size_t are refused (TW_EINVAL
 * or TW_ENOMEM), and nothing changes: no double free at tw_manager_free,
 * no array shorter than the live tweens. */
static int refused(int rc) { return rc == TW_EINVAL || rc == TW_ENOMEM; }

START_TEST(test_manager_capacity_overflow) {
  static const size_t big[] = {(size_t)-1 - 49, (size_t)-1 - 44,
                               (size_t)-1 - 41, (size_t)-1 / 2,
                               (size_t)-1 / sizeof(tw__tween) + 1};
  tw_manager *m = NULL;
  tw_config c;
  tw_stats st;
  size_t i;
  int k;

  for (i = 0; i < sizeof big / sizeof *big; i++) {
    tw_config_init(&c);
    c.tweens = big[i];
    m = NULL;
    ck_assert_msg(refused(tw_manager_new(&c, &m)), "tweens %zu accepted",
                  big[i]);
    ck_assert_ptr_null(m);
    tw_config_init(&c);
    c.sequences = big[i];
    ck_assert(refused(tw_manager_new(&c, &m)));
    ck_assert_ptr_null(m);
  }

  ck_assert_int_eq(tw_manager_new(NULL, &m), 0);
  for (i = 0; i < sizeof big / sizeof *big; i++) {
    ck_assert(refused(tw_manager_set_capacity(m, big[i], 0)));
    ck_assert(refused(tw_manager_set_capacity(m, 0, big[i])));
  }
  ck_assert_int_eq(tw_manager_validate(m), 0);
  ck_assert_int_eq(tw_manager_free(m), 0);

  /* with live tweens the array keeps its length and the tweens run on */
  ck_assert_int_eq(tw_manager_new(NULL, &m), 0);
  make(m, 0, 20);
  for (i = 0; i < sizeof big / sizeof *big; i++) {
    ck_assert(refused(tw_manager_set_capacity(m, big[i], 0)));
    ck_assert(refused(tw_manager_set_capacity(m, 0, big[i])));
  }
  st = stats(m);
  ck_assert_uint_eq(st.tweens_capacity, TW_DEFAULT_TWEENS);
  ck_assert_uint_eq(st.sequences_capacity, 0);
  ck_assert_int_eq(tw_manager_validate(m), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 8.0, 8.0), 0);
  for (k = 0; k < 20; k++)
    ck_assert_float_eq(val[k], 1.0f);
  ck_assert_int_eq(tw_manager_validate(m), 0);
  ck_assert_int_eq(tw_manager_free(m), 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* creation's room: tw_float_to's short path is taken only where the  */
/* general one would have nothing to do first (but for a compaction   */
/* of holes, which it leaves to the next update)                       */

static tw_manager *room_m;
static float room_v[8];
static tw_vec2 room_v2;

/* The array's end within its length, its tweens within the capacity. */
static void room_within(const tw_manager *m) {
  ck_assert_uint_le(m->end, m->cap_tweens + m->cap_sequences);
  ck_assert_uint_le(m->live - m->live_sequences, m->cap_tweens);
}

/* That, and every invariant. */
static void room_ok(tw_manager *m) {
  room_within(m);
  tt_valid(m);
}

/* A setter that creates plain tweens while its own tween is being made. */
static int set_and_create(void *ud, const void *v) {
  int i;

  memcpy(ud, v, sizeof(float));
  for (i = 0; i < 8; i++) {
    ck_assert_int_eq(tw_float_to(room_m, &room_v[i], 1.0f, 1.0, NULL), 0);
    room_within(room_m);
  }
  return 0;
}

/* A growth copies what is used, not what was reserved: with room for
 * 200,000 sequences and 16 tweens, 2,000 float tweens grow the tween
 * capacity several times, and the bytes copied or written follow the live
 * tweens (each growth copies the entries in use, not the sequences' empty
 * room, and with a record among them does not clear the record array's
 * empty room either).  The same for tw_manager_set_capacity. */
START_TEST(test_manager_growth_copies_what_is_used) {
  static float x[2000];
  tw_config cfg;
  tw_manager *m;
  tw_stats st;
  size_t i, per = 96; /* an entry's bytes in all its arrays, at most */
  tw_handle h;
  int rec;

  for (rec = 0; rec < 2; rec++) {
    tw_config_init(&cfg);
    cfg.tweens = 16;
    cfg.sequences = 200000;
    cfg.warn = tw_warn_silent;
    ck_assert_int_eq(tw_manager_new(&cfg, &m), 0);
    for (i = 0; i < 2000; i++) {
      ck_assert_int_eq(tw_float_to(m, &x[i], 1, 1, &h), 0);
      if (rec && i == 0) /* the records' array is made */
        ck_assert_int_eq(tw_set_id(m, h, 1), 0);
    }
    ck_assert_int_eq(tw_manager_stats(m, &st), 0);
    ck_assert_uint_ge(st.growths, 3);
    ck_assert_msg(tw__test_moved(m) <= st.growths * 2000 * per,
                  "%s: %lu bytes moved by %lu growths for 2000 tweens",
                  rec ? "a record" : "no record",
                  (unsigned long)tw__test_moved(m), (unsigned long)st.growths);
    i = tw__test_moved(m);
    ck_assert_int_eq(tw_manager_set_capacity(m, 40000, 300000), 0);
    ck_assert_msg(tw__test_moved(m) - i <= 2000 * per,
                  "%s: %lu bytes moved by a set_capacity for 2000 tweens",
                  rec ? "a record" : "no record",
                  (unsigned long)(tw__test_moved(m) - i));
    tt_valid(m);
    tw_manager_free(m);
  }
}
END_TEST

/* Frames of churn: 8 floats of two and a half frames made, and an
 * update, `frames` times: 16 to 24 live.  The dead are the oldest: their
 * holes gather below the window, which climbs the array. */
static void churn(tw_manager *m, float *x, int frames) {
  int f, i;

  for (f = 0; f < frames; f++) {
    for (i = 0; i < 8; i++)
      ck_assert_int_eq(tw_float_to(m, &x[i], 1, 2.5 / 60, NULL), 0);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), 0);
  }
}

/* The holes below the window are not copied either: after 40,000
 * tweens of churn (the window near entry 40,000 of an array with room for
 * 200,000 sequences), a growth, a tw_manager_set_capacity and a restore
 * that needs room each copy the live entries, not the 40,000 below them. */
START_TEST(test_manager_growth_skips_the_front_holes) {
  static float x[400];
  tw_config cfg;
  tw_manager *m;
  tw_stats st;
  size_t i, n, moved, growths, per = 96; /* an entry's bytes, at most */
  void *buf;

  tw_config_init(&cfg);
  cfg.tweens = 16;
  cfg.sequences = 200000;
  cfg.warn = tw_warn_silent;
  ck_assert_int_eq(tw_manager_new(&cfg, &m), 0);
  churn(m, x, 5000);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  growths = st.growths;
  moved = tw__test_moved(m);
  for (i = 0; i < 300; i++) /* a burst: the tweens' capacity grows */
    ck_assert_int_eq(tw_float_to(m, &x[i], 1, 1, NULL), 0);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_gt(st.growths, growths);
  ck_assert_msg(tw__test_moved(m) - moved <= (st.growths - growths) * 324 * per,
                "%lu bytes copied by %lu growths for at most 324 tweens",
                (unsigned long)(tw__test_moved(m) - moved),
                (unsigned long)(st.growths - growths));
  tt_valid(m);
  ck_assert_int_eq(tw_kill_all(m, 0), 316);
  churn(m, x, 5000);
  moved = tw__test_moved(m);
  ck_assert_int_eq(tw_manager_set_capacity(m, 1000, 300000), 0);
  ck_assert_msg(tw__test_moved(m) - moved <= 24 * per,
                "%lu bytes copied by a set_capacity for 16 tweens",
                (unsigned long)(tw__test_moved(m) - moved));
  tt_valid(m);
  /* a restore of 2,000 tweens after the capacity went down: it needs
   * room */
  for (i = 0; i < 2000; i++)
    ck_assert_int_eq(tw_float_to(m, &x[i % 400], 1, 1, NULL), 0);
  ck_assert_int_eq(tw_snapshot_size(m, &n), 0);
  ck_assert_ptr_nonnull(buf = malloc(n));
  ck_assert_int_eq(tw_snapshot(m, buf, n, &n), 0);
  ck_assert_int_eq(tw_kill_all(m, 0), 2016);
  moved = tw__test_moved(m);
  ck_assert_int_eq(tw_manager_set_capacity(m, 16, 200000), 0);
  ck_assert_msg(tw__test_moved(m) == moved,
                "%lu bytes copied by a set_capacity with no tween alive",
                (unsigned long)(tw__test_moved(m) - moved));
  churn(m, x, 5000);
  moved = tw__test_moved(m);
  ck_assert_int_eq(tw_restore(m, buf, n), 0);
  ck_assert_msg(tw__test_moved(m) - moved <= 24 * per,
                "%lu bytes copied by a restore's room for 16 tweens",
                (unsigned long)(tw__test_moved(m) - moved));
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 2016);
  tt_valid(m);
  free(buf);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_manager_creation_room) {
  tw_manager *m;
  tw_stats st;
  float v = 0, s0 = 0, e1 = 1;
  int i, j, k;

  /* a smaller capacity: the creations after it grow the array again */
  m = tt_manager(NULL, 64);
  make(m, 0, 10);
  ck_assert_int_eq(tw_manager_set_capacity(m, 12, 0), 0);
  st = stats(m);
  make(m, 10, 40);
  room_ok(m);
  ck_assert_uint_gt(stats(m).growths, st.growths);
  ck_assert_uint_ge(m->cap_tweens, 40);
  tw_manager_free(m);

  /* kills that make a compaction due: a kill counts no hole, the short
   * creation leaves them, and the next update compacts; a creation the
   * general way compacts first */
  m = tt_manager(NULL, 128);
  make(m, 0, 64);
  k = (int)tw__holes_allowed(64) + 1; /* more holes than the rule allows */
  for (i = 1; i <= k; i++)
    ck_assert_int_eq(tw_kill(m, hs[i], 0), 0);
  st = stats(m);
  make(m, 64, 65);
  ck_assert_uint_eq(stats(m).compactions, st.compactions + !TT_FAST);
  room_ok(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0, 0), 0);
  ck_assert_uint_eq(stats(m).compactions, st.compactions + 1);
  ck_assert_uint_eq(m->end, 65 - (uint32_t)k);
  room_ok(m);
  /* as many holes as the rule allows in the window after one creation
   * more: they stay */
  j = (int)tw__holes_allowed(m->end + 1);
  for (i = k + 1; i <= k + j; i++)
    ck_assert_int_eq(tw_kill(m, hs[i], 0), 0);
  st = stats(m);
  make(m, 65, 66);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0, 0), 0);
  ck_assert_uint_eq(stats(m).compactions, st.compactions);
  room_ok(m);
  for (i = k + j + 1; i <= k + j + 2; i++) /* two more: too many */
    ck_assert_int_eq(tw_kill(m, hs[i], 0), 0);
  ck_assert_int_eq(tw_vec2_to(m, &room_v2, (tw_vec2){1, 2}, 1.0, NULL), 0);
  ck_assert_uint_eq(stats(m).compactions, st.compactions + 1);
  room_ok(m);
  tw_manager_free(m);

  /* the program's code run by a creation (a setter writing a given start)
   * creates more, the array full with slots to spare: each grows it */
  m = room_m = tt_manager(NULL, 200);
  make(m, 0, 70); /* slots for 128 */
  ck_assert_int_eq(tw_manager_set_capacity(m, 72, 0), 0);
  make(m, 70, 71); /* room for one more only */
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, set_and_create, &v, &s0, &e1, 1.0, NULL),
      0);
  room_ok(m);
  ck_assert_uint_eq(stats(m).live, 80);
  make(m, 71, 400);
  room_ok(m);
  tw_manager_free(m);

  /* the key index built after the room was counted, then filled past the
   * chains it was sized for */
  m = tt_manager(NULL, 16);
  make(m, 0, 8);
  {
    tw_handle w;
    ck_assert_int_eq(tw_writer(m, &val[0], &w), 0); /* builds the index */
  }
  make(m, 8, 400);
  room_ok(m);
  tw_manager_free(m);
}
END_TEST

static Suite *manager_suite(void) {
  Suite *s = suite_create("manager");

#define ADD(name) TT_ADD(s, test_manager_##name, #name, 60);
  ADD(growth)
  ADD(growth_set_warn)
  ADD(default_holds_little)
  ADD(first_creation_without_memory)
  ADD(growth_silent)
  ADD(growth_stderr)
  ADD(growth_in_callback)
  ADD(growth_hook_reenters)
  ADD(capacity_up_front)
  ADD(capacity_below_live)
  ADD(capacity_busy)
  ADD(capacity_overflow)
  ADD(hard_limit)
  ADD(clear)
  ADD(clear_kill_creates)
  ADD(stats)
  ADD(dump)
  ADD(order)
  ADD(validate)
  ADD(default)
  ADD(free)
  ADD(creation_room)
  ADD(growth_copies_what_is_used)
  ADD(growth_skips_the_front_holes)
  ADD(version)
  ADD(errors)
#undef ADD
  return s;
}

int main(void) { return tt_run(manager_suite()); }

/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <stdlib.h>
#include <string.h>

tt_entry tt_log[TT_LOG_MAX];
int tt_nlog;

void *tt_alloc(void *ud, void *p, size_t old_size, size_t new_size) {
  tt_alloc_state *a = ud;
  void *q;

  if (new_size == 0) {
    if (p != NULL) {
      a->frees++;
      a->live_blocks--;
      a->live_bytes -= old_size;
      free(p);
    }
    return NULL;
  }
  a->calls++;
  if (a->fail_at != 0 && a->calls == a->fail_at) {
    a->failures++;
    return NULL;
  }
  q = realloc(p, new_size);
  if (q == NULL)
    return NULL;
  if (a->fill != 0 && new_size > old_size)
    memset((unsigned char *)q + old_size, a->fill, new_size - old_size);
  if (p == NULL) {
    a->allocs++;
    a->live_blocks++;
  } else {
    a->reallocs++;
  }
  a->live_bytes += new_size - old_size;
  return q;
}

tw_manager *tt_manager_cfg(tt_alloc_state *a, size_t tweens, size_t sequences,
                           size_t pool_bound, tw_warn_fn warn, void *wud) {
  tw_config c;
  tw_manager *m = NULL;

  tw_config_init(&c);
  if (tweens != 0)
    c.tweens = tweens;
  if (sequences != 0)
    c.sequences = sequences;
  c.pool_bound = pool_bound;
  if (a != NULL) {
    c.alloc = tt_alloc;
    c.alloc_ud = a;
  }
  c.warn = warn != NULL ? warn : tw_warn_silent;
  c.warn_ud = wud;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  ck_assert_ptr_nonnull(m);
  return m;
}

tw_manager *tt_manager(tt_alloc_state *a, size_t tweens) {
  return tt_manager_cfg(a, tweens, 0, 0, NULL, NULL);
}

tw_manager *tt_mgr(void) { return tt_manager(NULL, 0); }

void tt_done(tt_alloc_state *a, tw_manager *m) {
  tt_valid(m);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(a->live_blocks, 0);
  ck_assert_uint_eq(a->live_bytes, 0);
}

tw_handle tt_linear(tw_manager *m, float *x, float to, double d) {
  tw_handle h;

  ck_assert_int_eq(tw_float_to(m, x, to, d, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  return h;
}

void tt_kill_all_hook(tw_manager *m, tw_warning what, size_t old_cap,
                      size_t new_cap, void *ud) {
  (void)what;
  (void)old_cap;
  (void)new_cap;
  (void)ud;
  tw_kill_all(m, 0);
}

void tt_log_reset(void) { tt_nlog = 0; }

void tt_log_add(int event, int tag) {
  ck_assert_int_lt(tt_nlog, TT_LOG_MAX);
  tt_log[tt_nlog].event = event;
  tt_log[tt_nlog].tag = tag;
  tt_nlog++;
}

#define TT_CB(ev)                                                              \
  static void tt_cb_##ev(tw_manager *m, tw_handle h, void *ud) {               \
    (void)m;                                                                   \
    (void)h;                                                                   \
    tt_log_add(ev, *(int *)ud);                                                \
  }
TT_CB(0)
TT_CB(1)
TT_CB(2)
TT_CB(3)
TT_CB(4)
TT_CB(5)
TT_CB(6)
TT_CB(7)

void tt_on(tw_manager *m, tw_handle h, tw_event ev, int *tag) {
  static const tw_callback cbs[TW_ON_COUNT] = {
      tt_cb_0, tt_cb_1, tt_cb_2, tt_cb_3, tt_cb_4, tt_cb_5, tt_cb_6, tt_cb_7};
  ck_assert_int_eq(tw_on(m, h, ev, cbs[ev], tag), 0);
}

int tt_run(Suite *s) {
  SRunner *sr = srunner_create(s);
  int failed;

  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

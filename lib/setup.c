/* SPDX-License-Identifier: MIT */
/* A manager's public face: configuration, new and free, clear, the warning
 * hook, the time scale, statistics and the default manager.  Free and
 * clear kill every tween through the internal kill-all of control.c (each
 * KILL callback once, in creation order) before storage lets go. */
#include "life.h"

#include <stdlib.h>

/* Kills every tween, in creation order; the count, or a negative error. */
static int kill_all(tw_manager *m) {
  tw__pick p = {TW__BY_ALL, 0, NULL, NULL, 0};
  /* not tw__do_where, whose actions (every control) a program that
   * frees its manager need not link */
  return tw__each_where(m, &p, tw__kill_slot, TW_DO_KILL);
}

static void *default_alloc(void *ud, void *p, size_t old_n, size_t new_n) {
  (void)ud;
  (void)old_n;
  if (new_n == 0) {
    free(p);
    return NULL;
  }
  /* malloc for a new block: realloc(NULL, n) passes through it anyway */
  return p == NULL ? malloc(new_n) : realloc(p, new_n);
}

void tw_config_init(tw_config *c) {
  if (c == NULL)
    return;
  memset(c, 0, sizeof *c);
  c->parallel_grain = TW_DEFAULT_PARALLEL_GRAIN;
  c->parallel_threshold = TW_DEFAULT_PARALLEL_THRESHOLD;
}

int tw_manager_new(const tw_config *c, tw_manager **out) {
  tw_config def;
  tw_manager tmp, *m;
  int rc;

  if (out == NULL)
    return TW_EINVAL;
  if (c == NULL) {
    tw_config_init(&def);
    c = &def;
  }
  memset(&tmp, 0, sizeof tmp);
  tmp.cap_tweens = c->tweens; /* 0: taken by the first tween (tw__grow) */
  tmp.cap_sequences = c->sequences;
  tmp.max_tweens = c->max_tweens;
  tmp.max_sequences = c->max_sequences;
  if ((tmp.max_tweens != 0 && tmp.cap_tweens > tmp.max_tweens) ||
      (tmp.max_sequences != 0 && tmp.cap_sequences > tmp.max_sequences) ||
      (unsigned)c->overwrite > TW_OVERWRITE_KILL)
    return TW_EINVAL;
  if ((c->parallel == NULL && c->parallel_pool != NULL) ||
      (c->parallel != NULL && c->parallel_grain == 0))
    return TW_EINVAL; /* as tw_manager_set_parallel */
  tmp.overwrite = c->overwrite;
  tmp.pool_bound = c->pool_bound;
  tmp.alloc = c->alloc != NULL ? c->alloc : default_alloc;
  tmp.alloc_ud = c->alloc_ud;
  tmp.warn = c->warn != NULL ? c->warn : tw_warn_stderr;
  tmp.warn_ud = c->warn_ud;
  tmp.timescale = 1.0;
  tmp.free_slot = TW__NO_SLOT;
  tmp.gen_limit = TW__GEN_RETIRE;
  tmp.nested_free = TW__NO_SLOT;

  m = tmp.alloc(tmp.alloc_ud, NULL, 0, sizeof *m);
  if (m == NULL)
    return TW_ENOMEM;
  *m = tmp;
  m->tag = tw__manager_tag(m);
  tw__pool_most(m);
  m->st.bytes = sizeof *m;
  rc = tw__storage_init(m);
  if (rc == 0 && c->parallel != NULL) {
    rc = tw_manager_set_parallel(m, c->parallel, c->parallel_pool,
                                 c->parallel_grain, c->parallel_threshold);
    if (rc != 0)
      tw__storage_free(m);
  }
  if (rc != 0) {
    m->alloc(m->alloc_ud, m, sizeof *m, 0);
    return rc;
  }
  *out = m;
  return 0;
}

int tw_manager_free(tw_manager *m) {
  tw_alloc_fn alloc;
  void *ud;

  if (tw__door(m, "tw_manager_free"))
    return TW_EBUSY;
  if (m == NULL)
    return 0;
  if (m->depth > 0 || m->busy > 0)
    return tw__fail(m, TW_EBUSY, "tw_manager_free",
                    "called from inside a callback of this manager");
  m->dying = 1; /* KILL callbacks cannot create tweens now */
  m->plain_room = 0;
  kill_all(m);
  tw__restore_free(m);
  tw__par_free(m);
  tw__storage_free(m);
  alloc = m->alloc;
  ud = m->alloc_ud;
  alloc(ud, m, sizeof *m, 0);
  return 0;
}

/* warnings */

/* The line is written by the sentences' formatter and fputs: a program
 * that keeps this default hook links no printf for it. */
void tw_warn_stderr(tw_manager *m, tw_warning what, size_t old_cap,
                    size_t new_cap, void *ud) {
  int seq = what == TW_WARN_GROW_SEQUENCES;
  char line[200];

  (void)m;
  (void)ud;
  tw__format(line, sizeof line,
             "libtween: %s capacity grew from %lu to %lu; to avoid growth, "
             "set tw_config.%s (or call tw_manager_set_capacity) at "
             "start-up\n",
             seq ? "sequence" : "tween", (unsigned long)old_cap,
             (unsigned long)new_cap, seq ? "sequences" : "tweens");
  fputs(line, stderr);
}

void tw_warn_silent(tw_manager *m, tw_warning what, size_t old_cap,
                    size_t new_cap, void *ud) {
  (void)m;
  (void)what;
  (void)old_cap;
  (void)new_cap;
  (void)ud;
}

int tw_manager_set_warn(tw_manager *m, tw_warn_fn fn, void *ud) {
  if (tw__door(m, "tw_manager_set_warn"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  m->warn = fn != NULL ? fn : tw_warn_stderr;
  m->warn_ud = ud;
  return 0;
}

/* clear, time scale */

int tw_manager_clear(tw_manager *m) {
  int rc;

  if (tw__door(m, "tw_manager_clear"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  rc = kill_all(m);
  if (rc < 0)
    return rc;
  tw__pool_drain(m);
  return 0;
}

int tw_manager_set_timescale(tw_manager *m, double scale) {
  if (tw__door(m, "tw_manager_set_timescale"))
    return TW_EBUSY;
  if (m == NULL || !tw__time_in(&scale))
    return tw__fail(m, TW_EINVAL, "tw_manager_set_timescale", "scale %g %s",
                    scale, tw__time_why(scale, 0));
  m->timescale = scale;
  return 0;
}

double tw_manager_timescale(const tw_manager *m) {
  return m != NULL ? m->timescale : 0.0;
}

/* the default manager */

static tw_manager *default_manager;

tw_manager *tw_default(void) {
  if (default_manager == NULL && tw_manager_new(NULL, &default_manager) != 0)
    default_manager = NULL;
  return default_manager;
}

int tw_default_free(void) {
  int rc = tw_manager_free(default_manager);

  if (rc == 0)
    default_manager = NULL;
  return rc;
}

/* introspection */

int tw_manager_stats(const tw_manager *m, tw_stats *out) {
  if (tw__door(m, "tw_manager_stats"))
    return TW_EBUSY;
  if (m == NULL || out == NULL)
    return tw__fail(m, TW_EINVAL, "tw_manager_stats", "out is NULL");
  *out = m->st;
  out->live = m->live + m->live_nested;
  out->tweens_capacity = m->cap_tweens;
  out->sequences_capacity = m->cap_sequences;
  out->pool_size = m->pool_size;
  return 0;
}

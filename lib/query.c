/* SPDX-License-Identifier: MIT */
/* Queries: what a program can ask of a handle, counts, and finding tweens
 * by id or target.  Nothing here changes a tween.  Children of sequences
 * answer tw_is_active only; the filters see the active array. */
#include "life.h"

/* filters */

/* The key of a query by target: the one byte at `key`. */
static void query_key(const void *key, tw__key *k) {
  k->at = (uintptr_t)key;
  k->len = 1;
  k->set = NULL;
}

int tw__picked(const tw_manager *m, const tw__tween *t, const tw__pick *p) {
  tw__key a, b;
  size_t i;

  switch (p->by) {
  case TW__BY_ID:
    return tw__rec(m, t) != NULL && tw__rec(m, t)->has_id &&
           tw__rec(m, t)->id == p->id;
  case TW__BY_KEY:
    tw__key_of(m, t, &a);
    if (a.len == 0) /* a setter's pair: picked by its user data */
      return a.at == (uintptr_t)p->key;
    query_key(p->key, &b);
    return tw__key_overlap(&a, &b);
  case TW__BY_NOT_IDS:
    if (tw__rec(m, t) == NULL || !tw__rec(m, t)->has_id)
      return 1;
    for (i = 0; i < p->nids; i++)
      if (p->ids[i] == tw__rec(m, t)->id)
        return 0;
    return 1;
  default:
    return 1;
  }
}

/* on a handle */

/* tw_is_active the general way: the door first.  Out of line, so that
 * tw_is_active's short way needs no stack frame: it jumps here. */
static TW__NOINLINE int is_active_general(const tw_manager *m, tw_handle h) {
  if (tw__door(m, "tw_is_active"))
    return 0;
  return tw__lookup(m, h) != NULL || tw__handle_err(m, h) == TW_ENESTED;
}

/* A tween of the array or a child of a sequence is active while its
 * handle names it: the handle's test alone (tw__handle_slot), what
 * tw__lookup and tw__handle_err's TW_ENESTED say together.  The door's
 * test first (tw__door_shut): during the parallel phase, the general
 * way. */
int tw_is_active(const tw_manager *m, tw_handle h) {
  if (tw__door_shut(m) || !TW__FAST_PATHS)
    return is_active_general(m, h);
  return tw__handle_slot(m, h) != TW__NO_SLOT;
}

/* The query prologue: the tween h names, or the handle's error. */
#define TW__QUERY(t, m, h)                                                     \
  const tw__tween *t = tw__lookup(m, h);                                       \
  if (t == NULL)                                                               \
    return tw__handle_fail(m, h, __func__);

/* The same for a query that writes to out. */
#define TW__QUERY_OUT(t, m, h, out)                                            \
  TW__QUERY(t, m, h)                                                           \
  if (out == NULL)                                                             \
    return tw__fail(m, TW_EINVAL, __func__, "out is NULL");

int tw_is_playing(const tw_manager *m, tw_handle h) {
  if (tw__door(m, "tw_is_playing"))
    return TW_EBUSY;
  TW__QUERY(t, m, h)
  return (t->flags & TW__F_PLAYING) != 0 && !(t->flags & TW__F_COMPLETE);
}

int tw_is_complete(const tw_manager *m, tw_handle h) {
  if (tw__door(m, "tw_is_complete"))
    return TW_EBUSY;
  TW__QUERY(t, m, h)
  return (t->flags & TW__F_COMPLETE) != 0;
}

int tw_is_backwards(const tw_manager *m, tw_handle h) {
  if (tw__door(m, "tw_is_backwards"))
    return TW_EBUSY;
  TW__QUERY(t, m, h)
  return (t->flags & TW__F_BACKWARDS) != 0;
}

int tw_is_sequence(const tw_manager *m, tw_handle h) {
  if (tw__door(m, "tw_is_sequence"))
    return TW_EBUSY;
  TW__QUERY(t, m, h)
  return (t->flags & TW__F_SEQ) != 0;
}

int tw_loops_done(const tw_manager *m, tw_handle h) {
  if (tw__door(m, "tw_loops_done"))
    return TW_EBUSY;
  TW__QUERY(t, m, h)
  return (int)tw__loops_done_at(m, t, *tw__elapsed_of(m, t));
}

/* A tween's loops as tw_loops_get answers them. */
static int loops_of(const tw_manager *m, const tw__tween *t) {
  return tw__loops(m, t) < 0 ? TW_LOOPS_INFINITE : (int)tw__loops(m, t);
}

int tw_loops_get(const tw_manager *m, tw_handle h, int *out) {
  if (tw__door(m, "tw_loops_get"))
    return TW_EBUSY;
  TW__QUERY_OUT(t, m, h, out)
  *out = loops_of(m, t);
  return 0;
}

/* Deprecated: -1 is both infinite and TW_EINVAL. */
int tw_loops(const tw_manager *m, tw_handle h) {
  const tw__tween *t;

  if (tw__door(m, "tw_loops"))
    return TW_EBUSY;
  if ((t = tw__lookup(m, h)) == NULL)
    return tw__handle_fail(m, h, "tw_loops");
  return loops_of(m, t);
}

int tw_elapsed(const tw_manager *m, tw_handle h, double *out) {
  if (tw__door(m, "tw_elapsed"))
    return TW_EBUSY;
  TW__QUERY_OUT(t, m, h, out)
  *out = *tw__elapsed_of(m, t);
  return 0;
}

int tw_position(const tw_manager *m, tw_handle h, double *out) {
  double k;
  if (tw__door(m, "tw_position"))
    return TW_EBUSY;
  TW__QUERY_OUT(t, m, h, out)
  tw__locate(m, t, *tw__elapsed_of(m, t), &k, out);
  return 0;
}

int tw_elapsed_percentage(const tw_manager *m, tw_handle h, int all_loops,
                          double *out) {
  double whole, pos;
  double k;
  if (tw__door(m, "tw_elapsed_percentage"))
    return TW_EBUSY;
  TW__QUERY_OUT(t, m, h, out)
  if (all_loops) {
    whole = tw__total_time(m, t);
    *out = tw__loops(m, t) < 0 ? 0.0
           : whole > 0         ? *tw__elapsed_of(m, t) / whole
                               : 1.0;
    return 0;
  }
  tw__locate(m, t, *tw__elapsed_of(m, t), &k, &pos);
  *out =
      tw__hot_of(m, t)->duration > 0 ? pos / tw__hot_of(m, t)->duration : 1.0;
  return 0;
}

int tw_duration(const tw_manager *m, tw_handle h, int all_loops, double *out) {
  if (tw__door(m, "tw_duration"))
    return TW_EBUSY;
  TW__QUERY_OUT(t, m, h, out)
  *out = all_loops ? tw__total_time(m, t) : tw__hot_of(m, t)->duration;
  return 0;
}

int tw_delay(const tw_manager *m, tw_handle h, double *out) {
  if (tw__door(m, "tw_delay"))
    return TW_EBUSY;
  TW__QUERY_OUT(t, m, h, out)
  *out = tw__rec(m, t) != NULL ? tw__rec(m, t)->delay : 0.0;
  return 0;
}

int tw_elapsed_delay(const tw_manager *m, tw_handle h, double *out) {
  if (tw__door(m, "tw_elapsed_delay"))
    return TW_EBUSY;
  TW__QUERY_OUT(t, m, h, out)
  *out = tw__rec(m, t) != NULL ? tw__rec(m, t)->delay_elapsed : 0.0;
  return 0;
}

/* over the array */

int tw_count(const tw_manager *m, tw_count_what what) {
  uint32_t i;
  int n = 0;

  if (tw__door(m, "tw_count"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  if ((unsigned)what > TW_COUNT_PAUSED)
    return tw__fail(m, TW_EINVAL, "tw_count", "what %d is not one", (int)what);
  if (what == TW_COUNT_ACTIVE)
    return (int)(m->live + m->live_nested);
  for (i = 0; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    int playing = (t->flags & TW__F_PLAYING) && !(t->flags & TW__F_COMPLETE);
    if (m->aslot[i] == TW__EMPTY)
      continue;
    if (what == TW_COUNT_PLAYING ? playing : !(t->flags & TW__F_PLAYING))
      n++;
  }
  return n;
}

static int find(const tw_manager *m, const tw__pick *p, tw_handle *out,
                size_t cap, const char *fn) {
  uint32_t i;
  size_t n = 0;

  if (m == NULL)
    return TW_EINVAL;
  if (out == NULL && cap > 0)
    return tw__fail(m, TW_EINVAL, fn, "out is NULL, cap %lu",
                    (unsigned long)cap);
  for (i = 0; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    if (m->aslot[i] == TW__EMPTY || !tw__picked(m, t, p))
      continue;
    if (n < cap)
      out[n] = tw__handle_of(m, m->aslot[i]);
    n++;
  }
  return (int)n;
}

int tw_find_id(const tw_manager *m, int id, tw_handle *out, size_t cap) {
  tw__pick p = {TW__BY_ID, 0, NULL, NULL, 0};
  if (tw__door(m, "tw_find_id"))
    return TW_EBUSY;
  p.id = id;
  return find(m, &p, out, cap, __func__);
}

int tw_find_target(const tw_manager *m, const void *key, tw_handle *out,
                   size_t cap) {
  tw__pick p = {TW__BY_KEY, 0, NULL, NULL, 0};

  if (tw__door(m, "tw_find_target"))
    return TW_EBUSY;
  if (key == NULL)
    return m == NULL ? TW_EINVAL
                     : tw__fail(m, TW_EINVAL, "tw_find_target", "key is NULL");
  p.key = key;
  return find(m, &p, out, cap, __func__);
}

/* tw_writer: the started candidate that wrote last by the write clock
 * (keys.c, tw__write_stamp); of those alike (the writes of one pass), the
 * last by creation order, the outermost sequence's place; and of the
 * children of one sequence, the last to write.  Without the index (no
 * memory for it), creation order alone, then the item's place in its
 * timeline. */
typedef struct writer {
  const tw_manager *m;
  uint32_t best, top;
  uint64_t wrote, sub;
} writer;

static int better_writer(void *ctx, uint32_t s) {
  writer *w = ctx;
  const tw_manager *m = w->m;
  uint32_t i = m->slots[s].index, top = tw__top_index(m, s);
  uint64_t wrote = 0, sub = 0;
  const tw__tween *t = tw__t(m, s);

  if (!(t->flags & TW__F_STARTED))
    return 0;
  if (m->key_nheads != 0) {
    wrote = tw__write_stamp(m, s);
    sub = m->key_stamps[s].at;
  } else if (i & TW__NESTED) {
    const tw__nest *n = &m->nested[i & ~TW__NESTED];
    const tw__record *r = tw__rec(m, tw__t(m, n->owner));
    sub = (uint64_t)(tw__item_of(n->t) - r->items);
  }
  if (w->best == TW__NO_SLOT || wrote > w->wrote ||
      (wrote == w->wrote &&
       (top > w->top || (top == w->top && sub >= w->sub)))) {
    w->best = s;
    w->wrote = wrote;
    w->top = top;
    w->sub = sub;
  }
  return 0;
}

int tw_writer(tw_manager *m, const void *key, tw_handle *out) {
  writer w;
  tw__key k;

  if (tw__door(m, "tw_writer"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  if (key == NULL || out == NULL)
    return tw__fail(m, TW_EINVAL, "tw_writer", "%s is NULL",
                    key == NULL ? "key" : "out");
  tw__keys_on(m);
  query_key(key, &k);
  w.m = m;
  w.best = TW__NO_SLOT;
  w.top = 0;
  w.wrote = w.sub = 0;
  tw__keys_each(m, &k, better_writer, &w);
  if (w.best == TW__NO_SLOT) {
    out->index = 0;
    out->gen = 0;
    return 0;
  }
  *out = tw__handle_of(m, w.best);
  return 1;
}

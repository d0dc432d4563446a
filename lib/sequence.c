/* SPDX-License-Identifier: MIT */
/* Sequences: building timelines of tweens, intervals and callbacks.
 *
 * A sequence is a tween of the active array (flag TW__F_SEQ) whose record
 * holds its timeline: items sorted by start time, then by insertion order.
 * A child tween leaves the active array when it is added and lives, by
 * value, in its item; its slot then points into the nested table
 * (manager.c), so its handle stays valid (and refuses direct control with
 * TW_ENESTED).  Items never move once the sequence has started: adding is
 * refused then.  Where a child goes follows DOTween's Sequence.cs: one
 * "last insert time" is the join point.  Driving and killing a timeline
 * are in timeline.c. */
#include "tween-private.h"

/* Points the nested entries of r's children at their items again, after
 * the items moved. */
static void renest(tw_manager *m, tw__record *r) {
  size_t i;

  for (i = 0; i < r->nitems; i++) {
    tw__item *it = &r->items[i];
    if (it->slot != TW__EMPTY)
      m->nested[m->slots[it->slot].index & ~TW__NESTED].t = &it->tw;
  }
}

/* building */

/* The sequence h names, unstarted, or NULL with *err set. */
static tw__tween *open_seq(tw_manager *m, tw_handle h, int *err) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    *err = tw__handle_err(m, h);
  else if (!(t->flags & TW__F_SEQ))
    *err = TW_EINVAL;
  else if (t->flags & TW__F_STARTED)
    *err = TW_ELOCKED;
  else
    return t;
  return NULL;
}

/* Room for `more` items. */
static int items_reserve(tw_manager *m, tw__record *r, size_t more) {
  size_t ncap;
  tw__item *items;
  uint32_t *order;

  if (more <= r->items_cap - r->nitems)
    return 0;
  if (more > ((size_t)-1) / 2 / sizeof *items - r->nitems)
    return TW_ENOMEM;
  ncap = r->items_cap < 4 ? 4 : r->items_cap * 2;
  while (ncap - r->nitems < more)
    ncap *= 2;
  items = tw__alloc(m, ncap * sizeof *items);
  if (items == NULL)
    return TW_ENOMEM;
  order = tw__realloc(m, r->order, r->items_cap * sizeof *order,
                      ncap * sizeof *order);
  if (order == NULL) {
    tw__free(m, items, ncap * sizeof *items);
    return TW_ENOMEM;
  }
  r->order = order;
  if (r->nitems > 0)
    memcpy(items, r->items, r->nitems * sizeof *items);
  tw__free(m, r->items, r->items_cap * sizeof *items);
  r->items = items;
  r->items_cap = ncap;
  renest(m, r);
  return 0;
}

/* Inserts item at its place by (at, order) and returns it. */
static tw__item *insert_sorted(tw__record *r, const tw__item *item) {
  size_t i = r->nitems;

  while (i > 0 && r->items[i - 1].at > item->at)
    i--;
  memmove(&r->items[i + 1], &r->items[i], (r->nitems - i) * sizeof *item);
  r->items[i] = *item;
  r->nitems++;
  return &r->items[i];
}

/* Moves every item, and every label, later by `by`. */
static void shift_items(tw__record *r, double by) {
  size_t i;

  for (i = 0; i < r->nitems; i++)
    r->items[i].at += by;
  for (i = 0; r->ch != NULL && i < r->ch->nlabels; i++)
    r->ch->labels[i].at += by;
}

/* Whether a timeline of `duration` can take `more` seconds: its length
 * stays a finite time. */
static int fits(double duration, double more) {
  return duration + more <= DBL_MAX;
}

/* Why ch cannot join the sequence seq, or 0. */
static int child_err(const tw_manager *m, const tw__tween *seq, tw_handle ch) {
  const tw__tween *child = tw__lookup(m, ch);

  if (child == NULL)
    return tw__handle_err(m, ch);
  if (child == seq)
    return TW_EINVAL;
  if (child->flags & TW__F_STARTED)
    return TW_ELOCKED;
  if (tw__loops(child) < 0)
    return TW_EINFINITE;
  if (child->flags & TW__F_SPEED)
    return TW_EINVAL; /* its duration is not known before it starts */
  return 0;
}

/* A child's place in a timeline: its delay, then all its loops. */
static double child_span(const tw__tween *child) {
  return (child->rec != NULL ? child->rec->delay : 0) + tw__total_time(child);
}

enum { AT_APPEND, AT_JOIN, AT_INSERT, AT_PREPEND };

static int add(tw_manager *m, tw_handle sh, tw_handle ch, int where, double at,
               tw_callback fn, void *ud) {
  tw__tween *seq, *child = NULL;
  tw__record *r;
  tw__item item;
  uint32_t s, cs = TW__EMPTY, idx;
  double delay = 0;
  int err = 0;

  if ((seq = open_seq(m, sh, &err)) == NULL)
    return err;
  if (where == AT_INSERT && !(at >= 0 && at <= 1e300))
    return TW_EINVAL;
  memset(&item, 0, sizeof item);
  item.slot = TW__EMPTY;
  if (fn == NULL) {
    if ((err = child_err(m, seq, ch)) != 0)
      return err;
    child = tw__lookup(m, ch);
    cs = tw__slot_of(m, child);
    item.slot = cs;
    delay = child->rec != NULL ? child->rec->delay : 0;
    item.span = child_span(child);
  }
  s = tw__slot_of(m, seq);
  r = seq->rec;
  switch (where) {
  case AT_APPEND:
    at = seq->duration;
    break;
  case AT_JOIN:
    at = r->last_insert;
    break;
  case AT_PREPEND:
    at = 0;
    break;
  default:
    break;
  }
  if (!tw__finite(item.span) ||
      !fits(where == AT_PREPEND ? seq->duration : at, item.span))
    return TW_ERANGE;
  if (items_reserve(m, r, 1) != 0 || (fn == NULL && tw__nested_reserve(m) != 0))
    return TW_ENOMEM;
  seq = tw__t(m, s);
  if (where == AT_PREPEND) {
    shift_items(r, item.span);
    seq->duration += item.span;
  }
  /* DOTween's join point: where this child starts moving (after its
   * delay), or this callback's time */
  r->last_insert = at + delay;
  item.at = at;
  item.order = r->next_order++;
  item.fn = fn;
  item.ud = ud;
  if (at + item.span > seq->duration)
    seq->duration = at + item.span;
  if (fn == NULL) {
    /* the child leaves the active array for its item */
    child = tw__t(m, cs);
    idx = m->slots[cs].index;
    item.tw = *child;
    item.tw.flags &= ~(uint32_t)TW__F_DELAYED; /* its delay is in `at` */
    item.tw.flags |= TW__F_CHILD;
    if (m->wide != NULL)
      item.w = m->wide[idx];
    tw__vacate(m, idx);
    m->live_nested++;
    m->slots[cs].index = TW__NESTED | tw__nested_take(m, NULL, s);
  }
  insert_sorted(r, &item);
  renest(m, r);
  return 0;
}

int tw_seq_append(tw_manager *m, tw_handle seq, tw_handle child) {
  return add(m, seq, child, AT_APPEND, 0, NULL, NULL);
}

int tw_seq_join(tw_manager *m, tw_handle seq, tw_handle child) {
  return add(m, seq, child, AT_JOIN, 0, NULL, NULL);
}

int tw_seq_insert(tw_manager *m, tw_handle seq, double at, tw_handle child) {
  return add(m, seq, child, AT_INSERT, at, NULL, NULL);
}

int tw_seq_prepend(tw_manager *m, tw_handle seq, tw_handle child) {
  return add(m, seq, child, AT_PREPEND, 0, NULL, NULL);
}

/* stagger */

/* How many steps of `each` child i of n waits: children as far from the
 * centre go together for the centre and the edges, and perm is the random
 * order. */
static uint32_t stagger_rank(uint32_t i, uint32_t n, tw_stagger_from from,
                             const uint32_t *perm) {
  uint32_t ring = (2 * i > n - 1 ? 2 * i - (n - 1) : (n - 1) - 2 * i) / 2;

  switch (from) {
  case TW_STAGGER_END:
    return n - 1 - i;
  case TW_STAGGER_CENTER:
    return ring;
  case TW_STAGGER_EDGES:
    return (n - 1) / 2 - ring;
  case TW_STAGGER_RANDOM:
    return perm[i];
  default:
    return i;
  }
}

/* Whether the children can all join seq, each at most `last` seconds into
 * the timeline, and no child comes twice (marked while checked). */
static int stagger_check(tw_manager *m, const tw__tween *seq,
                         const tw_handle *ch, size_t n, double last) {
  int err = 0;
  size_t i, j;

  for (i = 0; i < n && err == 0; i++) {
    tw__tween *c = tw__lookup(m, ch[i]);
    if ((err = child_err(m, seq, ch[i])) != 0)
      break;
    if (c->flags & TW__F_MARK)
      err = TW_EINVAL; /* twice */
    else if (!tw__finite(child_span(c)) || !fits(last, child_span(c)))
      err = TW_ERANGE;
    c->flags |= TW__F_MARK;
  }
  for (j = 0; j < i && j < n; j++)
    tw__lookup(m, ch[j])->flags &= ~(uint32_t)TW__F_MARK;
  return err;
}

int tw_seq_stagger(tw_manager *m, tw_handle sh, const tw_handle *children,
                   size_t n, double at, double each, tw_stagger_from from,
                   uint32_t seed) {
  tw__tween *seq;
  uint32_t *perm, i, k, st = seed;
  double last = at + each * (double)(n > 0 ? n - 1 : 0);
  int err = 0;

  if ((seq = open_seq(m, sh, &err)) == NULL)
    return err;
  if ((children == NULL && n > 0) || !(at >= 0 && at <= 1e300) ||
      !tw__time_ok(each) || (unsigned)from > TW_STAGGER_RANDOM ||
      n > UINT32_MAX / 4)
    return TW_EINVAL;
  if (!(last <= 1e300))
    return TW_ERANGE;
  if ((err = stagger_check(m, seq, children, n, last)) != 0)
    return err;
  if (items_reserve(m, seq->rec, n) != 0 || tw__nested_room(m, n) != 0)
    return TW_ENOMEM;
  perm = seq->rec->order; /* drive scratch, items_cap >= n long */
  for (k = 0; k < n; k++)
    perm[k] = k;
  for (k = (uint32_t)n; from == TW_STAGGER_RANDOM && k > 1; k--) {
    uint32_t j = tw__random_below(&st, k), x = perm[k - 1];
    perm[k - 1] = perm[j];
    perm[j] = x;
  }
  for (i = 0; i < n; i++) {
    double place = at + each * stagger_rank(i, (uint32_t)n, from, perm);
    add(m, sh, children[i], AT_INSERT, place, NULL, NULL); /* cannot fail */
  }
  return 0;
}

static int callback_ok(tw_manager *m, tw_handle seq, tw_callback fn) {
  int err = 0;

  if (open_seq(m, seq, &err) == NULL)
    return err;
  return fn == NULL ? TW_EINVAL : 0;
}

int tw_seq_append_callback(tw_manager *m, tw_handle seq, tw_callback fn,
                           void *ud) {
  int rc = callback_ok(m, seq, fn);
  tw_handle none = {0, 0};
  return rc != 0 ? rc : add(m, seq, none, AT_APPEND, 0, fn, ud);
}

int tw_seq_join_callback(tw_manager *m, tw_handle seq, tw_callback fn,
                         void *ud) {
  int rc = callback_ok(m, seq, fn);
  tw_handle none = {0, 0};
  return rc != 0 ? rc : add(m, seq, none, AT_JOIN, 0, fn, ud);
}

int tw_seq_insert_callback(tw_manager *m, tw_handle seq, double at,
                           tw_callback fn, void *ud) {
  int rc = callback_ok(m, seq, fn);
  tw_handle none = {0, 0};
  return rc != 0 ? rc : add(m, seq, none, AT_INSERT, at, fn, ud);
}

static int interval(tw_manager *m, tw_handle seq, double d, int prepend) {
  int err = 0;
  tw__tween *t = open_seq(m, seq, &err);

  if (t == NULL)
    return err;
  if (!tw__time_ok(d))
    return TW_EINVAL;
  if (!fits(t->duration, d))
    return TW_ERANGE;
  /* DOTween's join point: where an appended interval starts, or 0 */
  t->rec->last_insert = prepend ? 0.0 : t->duration;
  if (prepend)
    shift_items(t->rec, d);
  t->duration += d;
  return 0;
}

int tw_seq_append_interval(tw_manager *m, tw_handle seq, double d) {
  return interval(m, seq, d, 0);
}

int tw_seq_prepend_interval(tw_manager *m, tw_handle seq, double d) {
  return interval(m, seq, d, 1);
}

int tw_seq_child_at(const tw_manager *m, tw_handle child, double *at,
                    double *span) {
  const tw__item *it;
  int err = tw__handle_err(m, child);

  if (err != TW_ENESTED)
    return tw__lookup(m, child) != NULL ? TW_EINVAL : err;
  it = tw__item_of(tw__t(m, child.index - 1));
  if (at != NULL)
    *at = it->at;
  if (span != NULL)
    *span = it->span;
  return 0;
}

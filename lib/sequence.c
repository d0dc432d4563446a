/* SPDX-License-Identifier: MIT */
/* Sequences: timelines of tweens, intervals and callbacks.
 *
 * A sequence is a tween of the active array (flag TW__F_SEQ) whose record
 * holds its timeline: items sorted by start time, then by insertion order.
 * A child tween leaves the active array when it is added and lives, by
 * value, in its item; its slot then points into manager.nested, so its
 * handle stays valid (and refuses direct control with TW_ENESTED).  Items
 * never move once the sequence has started: adding is refused then.
 *
 * Time.  The sequence advances like any tween (delay, loops, ease, time
 * scale); its eased position is a time on the timeline, and a drive takes
 * the timeline from the time last applied to the new one.  Each child is
 * moved as a goto would move it, firing its callbacks for what it crossed;
 * a callback item fires when the drive crosses its time.
 *
 * Order.  Within one drive, items are handled in the order in which they
 * reach their final state during the motion: forwards by min(to, item end),
 * backwards by max(to, item start) descending, ties by timeline order.  So
 * a jump over several children leaves every value as many small updates
 * would: the last writer in time writes last, of two children overlapping
 * at the end the later one in the timeline wins, and going backwards the
 * earliest child writes its start value last.  Callbacks therefore fire
 * child by child in that order, not interleaved between children.
 *
 * A restarting sequence, at each loop boundary, drives to its end and then
 * silently (no callbacks) back to 0, so children start each loop from
 * their start values; yoyo loops simply drive backwards. */
#include "tween-private.h"

#include <stddef.h>

/* the nested table */

static int nested_reserve(tw_manager *m) {
  uint32_t ncap;
  tw__nest *n;

  if (m->nested_free != TW__NO_SLOT || m->nnested < m->nested_cap)
    return 0;
  if (m->nested_cap >= TW__NESTED / 2)
    return TW_ENOMEM;
  ncap = m->nested_cap < 16 ? 16 : m->nested_cap * 2;
  n = tw__realloc(m, m->nested, m->nested_cap * sizeof *n, ncap * sizeof *n);
  if (n == NULL)
    return TW_ENOMEM;
  m->nested = n;
  m->nested_cap = ncap;
  return 0;
}

static uint32_t nested_take(tw_manager *m, tw__tween *t) {
  uint32_t i;

  if (m->nested_free != TW__NO_SLOT) {
    i = m->nested_free;
    m->nested_free = m->nested[i].next;
  } else {
    i = m->nnested++;
  }
  m->nested[i].t = t;
  m->nested[i].next = TW__NO_SLOT;
  return i;
}

static void nested_release(tw_manager *m, uint32_t i) {
  m->nested[i].t = NULL;
  m->nested[i].next = m->nested_free;
  m->nested_free = i;
}

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

static int items_reserve(tw_manager *m, tw__record *r) {
  size_t ncap;
  tw__item *items;
  uint32_t *order;

  if (r->nitems < r->items_cap)
    return 0;
  ncap = r->items_cap < 4 ? 4 : r->items_cap * 2;
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

/* Moves every item (and the join point) later by `by`. */
static void shift_items(tw__record *r, double by) {
  size_t i;

  for (i = 0; i < r->nitems; i++)
    r->items[i].at += by;
  r->last_insert += by;
}

enum { AT_APPEND, AT_JOIN, AT_INSERT, AT_PREPEND };

static int add(tw_manager *m, tw_handle sh, tw_handle ch, int where, double at,
               tw_callback fn, void *ud) {
  tw__tween *seq, *child = NULL;
  tw__record *r;
  tw__item item;
  uint32_t s, cs = TW__EMPTY, idx;
  int err = 0;

  if ((seq = open_seq(m, sh, &err)) == NULL)
    return err;
  if (where == AT_INSERT && !(at >= 0 && at <= 1e300))
    return TW_EINVAL;
  memset(&item, 0, sizeof item);
  item.slot = TW__EMPTY;
  if (fn == NULL) {
    child = tw__lookup(m, ch);
    if (child == NULL)
      return tw__handle_err(m, ch);
    if (child == seq)
      return TW_EINVAL;
    if (child->flags & TW__F_STARTED)
      return TW_ELOCKED;
    if (child->loops < 0)
      return TW_EINFINITE;
    if (child->flags & TW__F_SPEED)
      return TW_EINVAL; /* its duration is not known before it starts */
    cs = child->slot;
    item.slot = cs;
    item.span =
        (child->rec != NULL ? child->rec->delay : 0) + tw__total_time(child);
  }
  s = seq->slot;
  r = seq->rec;
  if (items_reserve(m, r) != 0 || (fn == NULL && nested_reserve(m) != 0))
    return TW_ENOMEM;
  seq = TW__T(m, s);
  switch (where) {
  case AT_APPEND:
    at = seq->duration;
    break;
  case AT_JOIN:
    at = r->last_insert;
    break;
  case AT_PREPEND:
    shift_items(r, item.span);
    seq->duration += item.span;
    at = 0;
    break;
  default:
    break;
  }
  r->last_insert = at;
  item.at = at;
  item.order = r->next_order++;
  item.fn = fn;
  item.ud = ud;
  if (at + item.span > seq->duration)
    seq->duration = at + item.span;
  if (fn == NULL) {
    /* the child leaves the active array for its item */
    child = TW__T(m, cs);
    idx = m->slots[cs].index;
    item.tw = *child;
    item.tw.flags &= ~(uint32_t)TW__F_DELAYED; /* its delay is in `at` */
    tw__vacate(m, idx);
    m->live_nested++;
    m->slots[cs].index = TW__NESTED | nested_take(m, NULL);
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

int tw_is_sequence(const tw_manager *m, tw_handle h) {
  const tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return tw__handle_err(m, h);
  return (t->flags & TW__F_SEQ) != 0;
}

int tw_seq_child_at(const tw_manager *m, tw_handle child, double *at,
                    double *span) {
  const tw__item *it;
  int err = tw__handle_err(m, child);

  if (err != TW_ENESTED)
    return tw__lookup(m, child) != NULL ? TW_EINVAL : err;
  it =
      (const tw__item *)(const void *)((const char *)tw__t(m, child.index - 1) -
                                       offsetof(tw__item, tw));
  if (at != NULL)
    *at = it->at;
  if (span != NULL)
    *span = it->span;
  return 0;
}

/* driving */

/* Moves the child of item `it` to local time `local` of its item. */
static void drive_child(tw_manager *m, tw__item *it, double local, int back) {
  uint32_t s = it->slot, gen = m->slots[s].gen;
  tw__tween *t = &it->tw;
  double delay = t->rec != NULL ? t->rec->delay : 0;
  double total = tw__total_time(t), e = local - delay;

  if (e < 0)
    e = 0;
  if (e > total)
    e = total;
  if (!(t->flags & TW__F_STARTED)) {
    if (back || local < delay)
      return; /* not reached yet */
    if (!tw__start(m, s, gen))
      return;
  } else if (e == t->elapsed &&
             !(back && e <= 0 && (t->flags & TW__F_COMPLETE)) &&
             !(!back && e >= total && !(t->flags & TW__F_COMPLETE))) {
    return; /* nothing changes */
  }
  tw__advance(m, s, gen, e, back, 1);
}

static int before(const tw__item *items, uint32_t a, uint32_t b, int back) {
  double ka = items[a].key, kb = items[b].key;

  if (ka != kb)
    return back ? ka > kb : ka < kb;
  return a < b;
}

/* One drive with no start or callback strictly inside (from, to). */
static int drive_once(tw_manager *m, uint32_t s, double to) {
  tw__tween *st = TW__T(m, s);
  tw__record *r = st->rec;
  uint32_t gen = m->slots[s].gen, epoch, n = 0, i, j;
  double from = r->seq_t;
  int back = to < from;
  tw_handle h;

  if (to == from)
    return 0;
  epoch = ++r->epoch;
  r->seq_t = to;
  for (i = 0; i < r->nitems; i++) {
    tw__item *it = &r->items[i];
    if (it->slot == TW__EMPTY && it->fn == NULL)
      continue; /* a child killed on its own (its setter failed) */
    if (it->slot == TW__EMPTY) { /* a callback fires when crossed */
      if (back ? !(to <= it->at && it->at < from)
               : !(from < it->at && it->at <= to))
        continue;
      it->key = it->at;
    } else if (!back) {
      if (it->at > to)
        continue;
      it->key = it->at + it->span < to ? it->at + it->span : to;
    } else {
      if (it->at >= from)
        continue;
      it->key = it->at > to ? it->at : to;
    }
    /* insertion sort: a timeline has a handful of items */
    for (j = n; j > 0 && before(r->items, i, r->order[j - 1], back); j--)
      r->order[j] = r->order[j - 1];
    r->order[j] = i;
    n++;
  }
  h = tw__handle_of(m, s);
  for (i = 0; i < n; i++) {
    tw__item *it = &r->items[r->order[i]];
    if (it->slot == TW__EMPTY && it->fn == NULL) {
      /* killed by an earlier item's callback: nothing to do */
    } else if (it->slot != TW__EMPTY) {
      drive_child(m, it, to - it->at, back);
    } else if (m->quiet == 0) {
      m->depth++;
      it->fn(m, h, it->ud);
      m->depth--;
    }
    /* a callback may have killed the sequence or moved it */
    if (!tw__alive(m, s, gen) || r->epoch != epoch)
      return -1;
  }
  return 0;
}

/* The first moment strictly between from and to at which a child starts
 * or a callback fires, in the direction of the motion; `to` if none. */
static double next_event(const tw__record *r, double from, double to,
                         int back) {
  double next = to, ev;
  size_t i;

  for (i = 0; i < r->nitems; i++) {
    const tw__item *it = &r->items[i];
    if (it->slot == TW__EMPTY && it->fn == NULL)
      continue;
    if (it->slot == TW__EMPTY)
      ev = it->at;
    else if (!back && !(it->tw.flags & TW__F_STARTED))
      ev = it->at + (it->tw.rec != NULL ? it->tw.rec->delay : 0);
    else
      continue;
    if (back ? (ev < from && ev > next) : (ev > from && ev < next))
      next = ev;
  }
  return next;
}

/* Drives in stages, stopping at every child start and callback on the way,
 * so that a child reads its start value at its own moment and callbacks
 * fire in timeline order: a jump then ends as many small steps would. */
int tw__seq_drive(tw_manager *m, uint32_t s, double to) {
  tw__record *r = TW__T(m, s)->rec;

  for (;;) {
    double from = r->seq_t;
    /* a fresh timeline (from < 0) handles what starts at 0 in its first
     * stage: stopping at 0 would only add an empty step */
    double stop = next_event(r, from < 0 ? 0 : from, to, to < from);
    if (drive_once(m, s, stop) != 0)
      return -1;
    if (stop == to)
      return 0;
  }
}

/* killing */

/* Releases the child of item it (and, for a nested sequence, its whole
 * tree) without any callback: its handle is stale from here on.  The
 * record stays in the item for dispose(). */
static void release_item(tw_manager *m, tw__item *it) {
  tw__tween *t = &it->tw;
  uint32_t s = it->slot;

  if (t->rec != NULL && (t->flags & TW__F_SEQ)) {
    size_t i;
    for (i = 0; i < t->rec->nitems; i++)
      if (t->rec->items[i].slot != TW__EMPTY && t->rec->items[i].gen == 0)
        release_item(m, &t->rec->items[i]);
  }
  it->gen = m->slots[s].gen; /* odd: never 0 */
  nested_release(m, m->slots[s].index & ~TW__NESTED);
  tw__slot_release(m, s);
  m->live_nested--;
  it->fn = NULL;
}

/* Then the KILL callbacks of a released item's tree, children first. */
static void dispose_item(tw_manager *m, tw__item *it) {
  tw__tween *t = &it->tw;
  tw__record *rec = t->rec;
  tw_handle h;

  h.index = it->slot + 1;
  h.gen = it->gen;
  it->slot = TW__EMPTY;
  t->rec = NULL;
  if (rec != NULL && (t->flags & TW__F_SEQ))
    tw__seq_kill_children(m, rec);
  tw__dispose(m, h, rec, (t->flags & TW__F_RECYCLABLE) != 0);
}

/* Kills the child of item it: released (with its tree), then its
 * children's KILLs and its own; the item empties. */
static void kill_item(tw_manager *m, tw__item *it) {
  release_item(m, it);
  dispose_item(m, it);
}

/* Kills the child in slot s alone (its setter failed): its item empties
 * and the timeline keeps its shape. */
void tw__seq_kill_nested(tw_manager *m, uint32_t s) {
  tw__tween *t = TW__T(m, s);

  kill_item(m, (tw__item *)(void *)((char *)t - offsetof(tw__item, tw)));
}

/* The sequence owning r is dead already (its slot released, r detached):
 * no callback can reach r or its items while this runs.  Every child is
 * released before the first KILL runs, so that a KILL callback finds the
 * manager consistent; then the KILLs run in timeline order, each child's
 * own children first. */
void tw__seq_kill_children(tw_manager *m, tw__record *r) {
  size_t i;

  for (i = 0; i < r->nitems; i++)
    if (r->items[i].slot != TW__EMPTY && r->items[i].gen == 0)
      release_item(m, &r->items[i]); /* gen != 0: released already */
  for (i = 0; i < r->nitems; i++)
    if (r->items[i].slot != TW__EMPTY && r->items[i].gen != 0)
      dispose_item(m, &r->items[i]);
  r->nitems = 0;
}

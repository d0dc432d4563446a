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
#include "life.h"

#include <math.h>

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

/* The sequence h names, unstarted, or NULL with *err set to fn's
 * refusal. */
static tw__tween *open_seq(tw_manager *m, tw_handle h, int *err,
                           const char *fn) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    *err = tw__handle_fail(m, h, fn);
  else if (!(t->flags & TW__F_SEQ))
    *err = tw__fail(m, TW_EINVAL, fn,
                    "the handle names a tween, not a "
                    "sequence");
  else if (t->flags & TW__F_STARTED)
    *err = tw__fail(m, TW_ELOCKED, fn,
                    "the sequence has started: it takes no more items");
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
  ncap = tw__grown(r->items_cap, 4, r->nitems + more, (size_t)-1);
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

/* Whether a prepend can move everything of r, a timeline of `duration`,
 * later by `by`: the timeline and every label (which may lie past its
 * end) stay finite. */
static int shift_fits(const tw__record *r, double duration, double by) {
  size_t i;

  for (i = 0; r->ch != NULL && i < r->ch->nlabels; i++)
    if (!fits(r->ch->labels[i].at, by))
      return 0;
  return fits(duration, by);
}

/* Why ch cannot join the sequence seq, or 0. */
static int child_err(const tw_manager *m, const tw__tween *seq, tw_handle ch,
                     const char *fn) {
  const tw__tween *child = tw__lookup(m, ch);

  if (child == NULL)
    return tw__handle_fail(m, ch, fn);
  if (child == seq)
    return tw__fail(m, TW_EINVAL, fn, "a sequence cannot hold itself");
  if (child->flags & TW__F_STARTED)
    return tw__fail(m, TW_ELOCKED, fn, "the child has started");
  if (tw__loops(m, child) < 0)
    return tw__fail(m, TW_EINFINITE, fn, "the child loops forever");
  if (child->flags & (TW__F_SPEED | TW__F_EXTRA))
    return tw__fail(m, TW_EINVAL, fn,
                    "the child's duration is not known before it starts "
                    "(speed based, or a spring with a velocity)");
  return 0;
}

/* A child's place in a timeline: its delay, then all its loops. */
static double child_span(const tw_manager *m, const tw__tween *child) {
  return (tw__rec(m, child) != NULL ? tw__rec(m, child)->delay : 0) +
         tw__total_time(m, child);
}

enum { AT_APPEND, AT_JOIN, AT_INSERT, AT_PREPEND };

/* Adds the child ch (or, with fn, a callback) to the sequence sh; the
 * refusals are the call's, named name. */
static int add(tw_manager *m, tw_handle sh, tw_handle ch, int where, double at,
               tw_callback fn, void *ud, const char *name) {
  tw__tween *seq, *child = NULL;
  tw__record *r;
  tw__item item;
  uint32_t s, cs = TW__EMPTY, idx;
  double delay = 0;
  int err = 0;

  if ((seq = open_seq(m, sh, &err, name)) == NULL)
    return err;
  if (where == AT_INSERT && !tw__time_in(&at))
    return tw__fail(m, TW_EINVAL, name, "at %g %s", at, tw__time_why(at, 0));
  memset(&item, 0, sizeof item);
  item.slot = TW__EMPTY;
  if (fn == NULL) {
    if ((err = child_err(m, seq, ch, name)) != 0)
      return err;
    child = tw__lookup(m, ch);
    cs = tw__slot_of(m, child);
    item.slot = cs;
    delay = tw__rec(m, child) != NULL ? tw__rec(m, child)->delay : 0;
    item.span = child_span(m, child);
  }
  s = tw__slot_of(m, seq);
  r = tw__rec(m, seq);
  switch (where) {
  case AT_APPEND:
    at = tw__hot_of(m, seq)->duration;
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
      !(where == AT_PREPEND
            ? shift_fits(r, tw__hot_of(m, seq)->duration, item.span)
            : fits(at, item.span)))
    return tw__fail(m, TW_ERANGE, name,
                    "the timeline would be longer than the largest double");
  if (items_reserve(m, r, 1) != 0 || (fn == NULL && tw__nested_reserve(m) != 0))
    return tw__fail(m, TW_ENOMEM, name, "no memory for the item");
  seq = tw__t(m, s);
  if (where == AT_PREPEND) {
    shift_items(r, item.span);
    tw__set_duration(tw__hot_of(m, seq),
                     tw__hot_of(m, seq)->duration + item.span);
  }
  /* DOTween's join point: where this child starts moving (after its
   * delay), or this callback's time */
  r->last_insert = at + delay;
  item.at = at;
  item.order = r->next_order++;
  item.fn = fn;
  item.ud = ud;
  if (at + item.span > tw__hot_of(m, seq)->duration)
    tw__set_duration(tw__hot_of(m, seq), at + item.span);
  if (fn == NULL) {
    /* the child leaves the active array for its item */
    child = tw__t(m, cs);
    idx = m->slots[cs].index;
    item.tw = *child;
    { /* field by field: where doubles align to 8 and pointers are 4
       * bytes, tw__hot ends in padding the allocator filled, and the
       * item's bytes go into snapshots as they are */
      const tw__hot *h = tw__hot_of(m, child);
      item.elapsed = *tw__elapsed_of(m, child);
      tw__set_duration(&item.hot, h->duration);
      item.hot.target = h->target;
      item.hot.sv = h->sv;
      item.hot.ev = h->ev;
    }
    item.rec = tw__rec(m, child);
    item.tw.flags &= ~(uint32_t)TW__F_DELAYED; /* its delay is in `at` */
    item.tw.flags |= TW__F_CHILD;
    if (m->wide != NULL && m->types[item.tw.type].size > TW__SMALL_MAX &&
        !(item.tw.flags & TW__F_BIG)) /* else item.w stays 0: a snapshot */
      item.w = m->wide[idx];          /* copies no stale bytes */
    tw__vacate(m, idx);
    m->live_nested++;
    m->slots[cs].index = TW__NESTED | tw__nested_take(m, NULL, s);
  }
  insert_sorted(r, &item);
  r->seq_lo = 0; /* the items from 0 on are not known settled */
  renest(m, r);
  return 0;
}

int tw_seq_append(tw_manager *m, tw_handle seq, tw_handle child) {
  if (tw__door(m, "tw_seq_append"))
    return TW_EBUSY;
  return add(m, seq, child, AT_APPEND, 0, NULL, NULL, "tw_seq_append");
}

int tw_seq_join(tw_manager *m, tw_handle seq, tw_handle child) {
  if (tw__door(m, "tw_seq_join"))
    return TW_EBUSY;
  return add(m, seq, child, AT_JOIN, 0, NULL, NULL, "tw_seq_join");
}

int tw_seq_insert(tw_manager *m, tw_handle seq, double at, tw_handle child) {
  if (tw__door(m, "tw_seq_insert"))
    return TW_EBUSY;
  return add(m, seq, child, AT_INSERT, at, NULL, NULL, "tw_seq_insert");
}

int tw__seq_insert(tw_manager *m, tw_handle seq, double at, tw_handle child,
                   const char *fn) {
  return add(m, seq, child, AT_INSERT, at, NULL, NULL, fn);
}

int tw_seq_prepend(tw_manager *m, tw_handle seq, tw_handle child) {
  if (tw__door(m, "tw_seq_prepend"))
    return TW_EBUSY;
  return add(m, seq, child, AT_PREPEND, 0, NULL, NULL, "tw_seq_prepend");
}

/* stagger: GSAP 3's distribute() (the rule is in tween.h) */

void tw_stagger_init(tw_stagger *st) {
  if (st == NULL)
    return;
  memset(st, 0, sizeof *st);
  st->from = TW_STAGGER_START;
  st->axis = TW_AXIS_BOTH;
  st->ease = TW_EASE_LINEAR;
}

/* Whether st describes a distribution of n children (n below 2^30, which
 * the seeded shuffle takes): then *c is a copy of it, its times checked
 * (-0.0 made 0) as every time is. */
static int stagger_ok(const tw_stagger *st, size_t n, tw_stagger *c) {
  if (st == NULL)
    return 0;
  *c = *st;
  st = c;
  if (!tw__time_in(&c->each) || !tw__time_in(&c->amount) ||
      (unsigned)st->from > TW_STAGGER_INDEX || (unsigned)st->axis > TW_AXIS_Y ||
      (unsigned)st->ease >= TW_EASE_COUNT || n > UINT32_MAX / 4)
    return 0;
  if (st->from == TW_STAGGER_INDEX && n > 0 && st->index >= n)
    return 0;
  if (st->cols == 0)
    return st->rows == 0;
  return st->rows == 0 || st->rows >= n / st->cols + (n % st->cols != 0);
}

/* The offsets of n > 0 children into off (st checked): GSAP's distances
 * from the origin, their fractions of the spread, eased, times the
 * total.  TW_ERANGE for an offset that is not finite. */
static int stagger_offsets(const tw_stagger *st, size_t n, double *off) {
  double r = st->from == TW_STAGGER_END ? 1.0
             : st->from == TW_STAGGER_CENTER || st->from == TW_STAGGER_EDGES
                 ? 0.5
                 : 0.0;
  double dn = (double)n, cols = (double)st->cols, ox, oy = 0, lo = 0, hi = 0,
         spread, total, k;
  size_t j;

  if (st->from == TW_STAGGER_INDEX) {
    ox = (double)(st->cols > 0 ? st->index % st->cols : st->index);
    oy = st->cols > 0 ? (double)(st->index / st->cols) : 0.0;
  } else if (st->cols > 0) {
    ox = (st->cols < n ? cols : dn) * r - 0.5;
    oy = dn * r / cols - 0.5;
  } else {
    ox = dn * r - 0.5;
  }
  for (j = 0; j < n; j++) {
    double x = (double)(st->cols > 0 ? j % st->cols : j) - ox,
           y = oy - (st->cols > 0 ? (double)(j / st->cols) : 0.0);
    double d = st->axis == TW_AXIS_X   ? fabs(x)
               : st->axis == TW_AXIS_Y ? fabs(y)
                                       : sqrt(x * x + y * y);
    off[j] = d;
  }
  for (j = 0; j < n; j++) { /* from memory: x87 keeps d wider */
    lo = j == 0 || off[j] < lo ? off[j] : lo;
    hi = off[j] > hi ? off[j] : hi;
  }
  if (st->from == TW_STAGGER_RANDOM) { /* a seeded Fisher-Yates shuffle */
    uint32_t state = st->seed, i;
    for (i = (uint32_t)n; i > 1; i--) {
      uint32_t x = tw__random_below(&state, i);
      double d = off[i - 1];
      off[i - 1] = off[x];
      off[x] = d;
    }
  }
  /* GSAP's steps: n - 1 on a line (or a row longer than n), else the
   * longer side of the grid, or the side along the axis */
  k = st->cols == 0 || st->cols > n ? dn - 1
      : st->axis == TW_AXIS_X       ? cols
      : st->axis == TW_AXIS_Y       ? dn / cols
      : cols > dn / cols            ? cols
                                    : dn / cols;
  total = st->amount > 0 ? st->amount : st->each * k;
  spread = hi - lo;
  for (j = 0; j < n; j++) {
    double f;
    if (!(spread > 0)) { /* all as far from the origin: all at once */
      off[j] = 0;
      continue;
    }
    /* the ends exactly, wherever x87 keeps a difference wider */
    f = off[j] <= lo ? 0.0 : off[j] >= hi ? 1.0 : (off[j] - lo) / spread;
    if (st->from == TW_STAGGER_EDGES)
      f = 1.0 - f; /* the edges first */
    if (st->ease != TW_EASE_LINEAR)
      f = tw_ease_eval(st->ease, f, TW__OVERSHOOT, 0);
    off[j] = f * total + 0.0; /* an ease's -0 at 0 is 0 */
    if (!tw__finite(off[j]))
      return TW_ERANGE;
  }
  return 0;
}

int tw_stagger_offsets(const tw_stagger *st, size_t n, double *out) {
  tw_stagger c;

  if (!stagger_ok(st, n, &c) || (out == NULL && n > 0))
    return TW_EINVAL;
  return n > 0 ? stagger_offsets(&c, n, out) : 0;
}

/* Whether the children can all join seq, child i at place[i], and no
 * child comes twice (marked while checked). */
static int stagger_check(tw_manager *m, const tw__tween *seq,
                         const tw_handle *ch, size_t n, const double *place,
                         const char *fn) {
  int err = 0;
  size_t i, j;

  for (i = 0; i < n && err == 0; i++) {
    tw__tween *c = tw__lookup(m, ch[i]);
    if ((err = child_err(m, seq, ch[i], fn)) != 0)
      break;
    if (c->flags & TW__F_MARK)
      err =
          tw__fail(m, TW_EINVAL, fn, "child %lu comes twice", (unsigned long)i);
    else if (!(place[i] >= 0) || !tw__finite(child_span(m, c)) ||
             !fits(place[i], child_span(m, c)))
      err = tw__fail(m, TW_ERANGE, fn,
                     "child %lu's place is before 0 or past the longest "
                     "timeline",
                     (unsigned long)i);
    c->flags |= TW__F_MARK;
  }
  for (j = 0; j < i && j < n; j++)
    tw__lookup(m, ch[j])->flags &= ~(uint32_t)TW__F_MARK;
  return err;
}

/* tw_seq_stagger_with, whose refusals are the call fn's. */
static int stagger_with(tw_manager *m, tw_handle sh, const tw_handle *children,
                        size_t n, double at, const tw_stagger *st,
                        const char *fn) {
  tw__tween *seq;
  tw_stagger c;
  double *place;
  void *buf;
  size_t i;
  int err = 0;

  if ((seq = open_seq(m, sh, &err, fn)) == NULL)
    return err;
  if ((children == NULL && n > 0) || !tw__time_in(&at) ||
      !stagger_ok(st, n, &c))
    return tw__fail(m, TW_EINVAL, fn,
                    "children NULL, at not a time, or a bad stagger");
  if (n == 0)
    return 0;
  /* the places in a buffer the manager keeps: no allocation once warm */
  buf = m->stagger;
  if (tw__room(m, &buf, &m->stagger_cap, n, sizeof *place) != 0)
    return tw__fail(m, TW_ENOMEM, fn, "no memory for %lu places",
                    (unsigned long)n);
  m->stagger = place = buf;
  err = stagger_offsets(&c, n, place);
  for (i = 0; i < n && err == 0; i++)
    place[i] += at; /* -0 + 0 is 0 */
  if (err == 0)
    err = stagger_check(m, seq, children, n, place, fn);
  else
    err = tw__fail(m, err, fn, "a place is past the longest timeline");
  if (err == 0 &&
      (items_reserve(m, tw__rec(m, seq), n) != 0 || tw__nested_room(m, n) != 0))
    err = tw__fail(m, TW_ENOMEM, fn, "no memory for the items");
  for (i = 0; i < n && err == 0; i++) /* cannot fail */
    add(m, sh, children[i], AT_INSERT, place[i], NULL, NULL, fn);
  return err;
}

int tw_seq_stagger_with(tw_manager *m, tw_handle sh, const tw_handle *children,
                        size_t n, double at, const tw_stagger *st) {
  if (tw__door(m, "tw_seq_stagger_with"))
    return TW_EBUSY;
  return stagger_with(m, sh, children, n, at, st, "tw_seq_stagger_with");
}

int tw_seq_stagger(tw_manager *m, tw_handle sh, const tw_handle *children,
                   size_t n, double at, double each, tw_stagger_from from,
                   uint32_t seed) {
  tw_stagger st;

  if (tw__door(m, "tw_seq_stagger"))
    return TW_EBUSY;
  tw_stagger_init(&st);
  st.each = each;
  st.from = (unsigned)from <= TW_STAGGER_RANDOM ? from : (tw_stagger_from)-1;
  st.seed = seed;
  return stagger_with(m, sh, children, n, at, &st, "tw_seq_stagger");
}

static int callback_ok(tw_manager *m, tw_handle seq, tw_callback fn,
                       const char *name) {
  int err = 0;

  if (open_seq(m, seq, &err, name) == NULL)
    return err;
  return fn == NULL ? tw__fail(m, TW_EINVAL, name, "fn is NULL") : 0;
}

int tw_seq_append_callback(tw_manager *m, tw_handle seq, tw_callback fn,
                           void *ud) {
  tw_handle none = {0, 0};
  int rc;

  if (tw__door(m, "tw_seq_append_callback"))
    return TW_EBUSY;
  if ((rc = callback_ok(m, seq, fn, "tw_seq_append_callback")) != 0)
    return rc;
  return add(m, seq, none, AT_APPEND, 0, fn, ud, "tw_seq_append_callback");
}

int tw_seq_join_callback(tw_manager *m, tw_handle seq, tw_callback fn,
                         void *ud) {
  tw_handle none = {0, 0};
  int rc;

  if (tw__door(m, "tw_seq_join_callback"))
    return TW_EBUSY;
  if ((rc = callback_ok(m, seq, fn, "tw_seq_join_callback")) != 0)
    return rc;
  return add(m, seq, none, AT_JOIN, 0, fn, ud, "tw_seq_join_callback");
}

int tw_seq_insert_callback(tw_manager *m, tw_handle seq, double at,
                           tw_callback fn, void *ud) {
  tw_handle none = {0, 0};
  int rc;

  if (tw__door(m, "tw_seq_insert_callback"))
    return TW_EBUSY;
  if ((rc = callback_ok(m, seq, fn, "tw_seq_insert_callback")) != 0)
    return rc;
  return add(m, seq, none, AT_INSERT, at, fn, ud, "tw_seq_insert_callback");
}

static int interval(tw_manager *m, tw_handle seq, double d, int prepend,
                    const char *name) {
  int err = 0;
  tw__tween *t = open_seq(m, seq, &err, name);

  if (t == NULL)
    return err;
  if (!tw__time_in(&d))
    return tw__fail(m, TW_EINVAL, name, "d %g %s", d, tw__time_why(d, 0));
  if (!(prepend ? shift_fits(tw__rec(m, t), tw__hot_of(m, t)->duration, d)
                : fits(tw__hot_of(m, t)->duration, d)))
    return tw__fail(m, TW_ERANGE, name,
                    "the timeline would be longer than the largest double");
  /* DOTween's join point: where an appended interval starts, or 0 */
  tw__rec(m, t)->last_insert = prepend ? 0.0 : tw__hot_of(m, t)->duration;
  if (prepend)
    shift_items(tw__rec(m, t), d);
  tw__set_duration(tw__hot_of(m, t), tw__hot_of(m, t)->duration + d);
  return 0;
}

int tw_seq_append_interval(tw_manager *m, tw_handle seq, double d) {
  if (tw__door(m, "tw_seq_append_interval"))
    return TW_EBUSY;
  return interval(m, seq, d, 0, "tw_seq_append_interval");
}

int tw_seq_prepend_interval(tw_manager *m, tw_handle seq, double d) {
  if (tw__door(m, "tw_seq_prepend_interval"))
    return TW_EBUSY;
  return interval(m, seq, d, 1, "tw_seq_prepend_interval");
}

int tw_seq_child_at(const tw_manager *m, tw_handle child, double *at,
                    double *span) {
  const tw__item *it;

  if (tw__door(m, "tw_seq_child_at"))
    return TW_EBUSY;
  if (tw__lookup(m, child) != NULL)
    return tw__fail(m, TW_EINVAL, "tw_seq_child_at",
                    "the tween is not a child of a sequence");
  if (tw__handle_fail(m, child, "tw_seq_child_at") != TW_ENESTED)
    return tw__handle_fail(m, child, "tw_seq_child_at");
  it = tw__item_of(tw__t(m, child.index - 1));
  if (at != NULL)
    *at = it->at;
  if (span != NULL)
    *span = it->span;
  return 0;
}

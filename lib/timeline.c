/* SPDX-License-Identifier: MIT */
/* Timelines: driving a sequence's children, and killing them.
 *
 * A sequence (see sequence.c) holds its children by value in the items of
 * its record.
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
 * their start values; yoyo loops simply drive backwards.
 *
 * Floors.  This file drives its children through the life of a tween
 * (life.c: tw__start, tw__advance, tw__dispose), and life.c calls back up
 * here in two places only: writing a sequence's value drives its timeline
 * (tw__seq_drive), and killing a sequence kills its children.  That is the
 * one tie upward in lib/.  A drive that another drive interrupts (a
 * callback's control on the sequence) is noticed through `epoch`, which
 * every drive bumps. */
#include "life.h"

/* driving */

int tw__seq_has_callbacks(const tw__record *r) {
  size_t i;

  for (i = 0; i < r->nitems; i++) {
    const tw__item *it = &r->items[i];
    if (it->slot == TW__EMPTY ? it->fn != NULL
                              : (it->tw.flags & TW__F_CALLBACKS) ||
                                    ((it->tw.flags & TW__F_SEQ) &&
                                     tw__seq_has_callbacks(tw__item_rec(it))))
      return 1;
  }
  return 0;
}

/* The elapsed time of the child of item `it` at local time `local` of
 * its item: its delay off, within [0, its total time], which goes into
 * *total. */
static TW__INLINE double child_time(const tw_manager *m, const tw__item *it,
                                    double local, double *total) {
  const tw__tween *t = &it->tw;
  double e = local - (tw__rec(m, t) != NULL ? tw__rec(m, t)->delay : 0);

  *total = tw__total_time(m, t);
  if (e < 0)
    e = 0;
  if (e > *total || e >= *total - *total * TW__SNAP)
    e = *total; /* a difference of timeline times, a hair short: the end */
  return e;
}

int tw__item_settled(const tw_manager *m, const tw__item *it, double t) {
  double total;

  if (it->slot == TW__EMPTY) /* killed, or a callback passed */
    return it->fn == NULL || it->at <= t;
  /* a child that ended before t, one loop (its total time its duration),
   * at its end: a child's time at a later time of the timeline is no
   * smaller (child_time is monotonic) and no larger than its total, so
   * every drive forwards from t finds it ended, standing at its end */
  return (it->tw.flags & TW__F_COMPLETE) && tw__loops(m, &it->tw) == 1 &&
         it->at + it->span < t &&
         child_time(m, it, t - it->at, &total) == total &&
         *tw__elapsed_of(m, &it->tw) == total;
}

/* child_on's general way (tw__child_move): tw__advance's move and write of the
 * child of item `it` to e short of its end.  Out of line: the short ways inline
 * child_on's test and leave this to a call. */
TW__NOINLINE void tw__child_move(tw_manager *m, tw__item *it, double e) {
  tw__move(m, &it->tw, e);
  tw__write_value(m, it->slot, tw__fraction_at(m, &it->tw, e));
}

/* The child of item `it`, started, not complete, with nothing to call,
 * moved to e short of its end (playing on): what tw__advance does for it
 * (its value written; no loop crossed, no end, no UPDATE).  A float with
 * nothing else set takes a free tween's running step (life.h's, as
 * steps.h's set_fast writes it), its setter called as tw__write_value
 * calls it. */
static void child_on(tw_manager *m, tw__item *it, double e) {
  const tw__tween *t = &it->tw;
  double y;

  if (!TW__FAST_PATHS || t->type != TW_TYPE_FLOAT || (t->flags & TW__F_SLOW) ||
      !tw__eased_short(m, t, e, it->hot.duration, &y))
    tw__child_move(m, it, e);
  else
    tw__child_float(m, it, e, y);
}

/* Moves the child of item `it` to local time `local` of its item. */
static void drive_child(tw_manager *m, tw__item *it, double local, int back) {
  uint32_t s = it->slot, gen = m->slots[s].gen;
  tw__tween *t = &it->tw;
  double delay = tw__rec(m, t) != NULL ? tw__rec(m, t)->delay : 0, total;
  double e = child_time(m, it, local, &total);

  if (!(t->flags & TW__F_STARTED)) {
    if (back || local < delay)
      return; /* not reached yet */
    if (!tw__start(m, s, gen))
      return;
    t = tw__t(m, s); /* where its getter left it */
    if (TW__FAST_PATHS && e < tw__total_time(m, t) &&
        !(t->flags & TW__CHILD_SLOW)) {
      child_on(m, tw__item_of(t), e); /* started: plays on, as below */
      return;
    }
  } else if (e == *tw__elapsed_of(m, t) &&
             !(back && e <= 0 && (t->flags & TW__F_COMPLETE)) &&
             !(!back && e >= total && !(t->flags & TW__F_COMPLETE))) {
    return; /* nothing changes */
  } else if (TW__FAST_PATHS && !back && e < total &&
             !(t->flags & TW__CHILD_SLOW)) {
    child_on(m, it, e); /* playing on short of its end, nothing to call */
    return;
  } else if (TW__FAST_PATHS && !back && e >= total &&
             !(t->flags & TW__CHILD_SLOW)) {
    tw__end_child(m, s, gen, e); /* at its end, e its total: nothing to call */
    return;
  }
  tw__advance(m, s, gen, e, 0, back, 1);
}

static int before(const tw__item *items, uint32_t a, uint32_t b, int back) {
  double ka = items[a].key, kb = items[b].key;

  if (ka != kb)
    return back ? ka > kb : ka < kb;
  return a < b;
}

/* One drive with no start or callback strictly inside (from, to). */
static int drive_once(tw_manager *m, uint32_t s, double to) {
  tw__tween *st = tw__t(m, s);
  tw__record *r = tw__rec(m, st);
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
    } else { /* one at `from` was reached: a child of 0 s there played */
      if (it->at > from)
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
      TW__CALL(m, it->fn(m, h, it->ud));
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
      ev = it->at + (tw__item_rec(it) != NULL ? tw__item_rec(it)->delay : 0);
    else
      continue;
    if (back ? (ev < from && ev > next) : (ev > from && ev < next))
      next = ev;
  }
  return next;
}

/* The drive forwards of the sequence in slot s (record r) from its time
 * to a later one `to`, the short way, when it is one stage that moves one
 * child at most: no callback item to fire in (from, to], no child to
 * start, every other child ended before `to` and standing at its end
 * (drive_child leaves it), and that one child playing on short of its end
 * with nothing to call, which drive_child's short branch moves (it comes
 * last in drive_once's order: its key is `to`, the others' less).  It
 * looks at the items active at `to` only: from r->seq_lo, the first not
 * settled (tw__item_settled), up to the first that starts after `to`
 * (the items are sorted by start), and moves seq_lo past those settled
 * at `to`.  Returns 1 when it does not apply (nothing changed), else
 * drive_once's result. */
static int drive_short(tw_manager *m, uint32_t s, tw__record *r, double to) {
  uint32_t gen = m->slots[s].gen, epoch, lo = r->seq_lo, i, n;
  double from = r->seq_t, e = 0, total;
  tw__item *one = NULL;

  if (!(from >= 0 && to > from))
    return 1;
  for (i = lo, n = (uint32_t)r->nitems; i < n; i++) {
    tw__item *it = &r->items[i];
    double ei;
    if (it->at > to)
      break; /* not reached, nor any after it */
    if (it->slot == TW__EMPTY) {
      if (it->fn != NULL && from < it->at)
        return 1; /* a callback to fire */
    } else {
      if (!(it->tw.flags & TW__F_STARTED))
        return 1; /* a child to start */
      ei = child_time(m, it, to - it->at, &total);
      if (!((it->tw.flags & TW__F_COMPLETE) && it->at + it->span < to &&
            ei == *tw__elapsed_of(m, &it->tw))) { /* not ended */
        if (one != NULL || ei >= total || (it->tw.flags & TW__CHILD_SLOW) ||
            ei == *tw__elapsed_of(m, &it->tw))
          return 1;
        one = it;
        e = ei;
        continue;
      }
    }
    if (lo == i && tw__item_settled(m, it, to))
      lo++;
  }
  epoch = ++r->epoch; /* drive_once's */
  r->seq_t = to;
  r->seq_lo = lo;
  if (one == NULL)
    return 0;
  child_on(m, one, e); /* drive_child's short branch */
  return !tw__alive(m, s, gen) || r->epoch != epoch ? -1 : 0;
}

void tw__fx_seq(tw_manager *m) {
  m->fx.seq_drive = tw__seq_drive;
  m->fx.seq_drive_rec = tw__seq_drive_rec;
  m->fx.seq_has_callbacks = tw__seq_has_callbacks;
  m->fx.seq_kill_children = tw__seq_kill_children;
  m->fx.seq_kill_nested = tw__seq_kill_nested;
}

/* Drives in stages, stopping at every child start and callback on the way,
 * so that a child reads its start value at its own moment and callbacks
 * fire in timeline order: a jump then ends as many small steps would. */
int tw__seq_drive(tw_manager *m, uint32_t s, double to) {
  return tw__seq_drive_rec(m, s, tw__rec(m, tw__t(m, s)), to);
}

/* tw__seq_running's case where its child (the item at r->seq_lo, started,
 * one loop, nothing to call, the next item starting after `to`) reaches
 * its end at `to` (child_time's e, a hair short or past: its total, its
 * duration): drive_once's one stage, the items before seq_lo settled (no
 * change), moves it alone, and drive_child ends it (not complete:
 * tw__end_child, e its total).  Returns 1 when it does not apply (nothing
 * changed), else drive_once's result. */
static int drive_end(tw_manager *m, uint32_t s, tw__record *r, double to) {
  uint32_t gen, epoch;
  double e, d;
  tw__item *it;

  if (!tw__lo_child(r, to, &it, &e, &d))
    return 1;
  if (!(e > d || e >= d - d * TW__SNAP))
    return 1; /* short of its end: drive_short's, or the stages' */
  gen = m->slots[s].gen;
  epoch = ++r->epoch; /* drive_once's */
  r->seq_t = to;
  tw__end_child(m, it->slot, m->slots[it->slot].gen, d);
  return !tw__alive(m, s, gen) || r->epoch != epoch ? -1 : 0;
}

/* One stage of drive_pair to `stop`, its drive_once: the child of item a
 * (unless killed, or NULL: it rests at its end, where drive_child leaves
 * it), then item x (unless NULL: its stage has passed) whose key is no
 * smaller (drive_once's order), the sequence of slot s, generation gen,
 * handle h, checked after each. */
static int pair_stage(tw_manager *m, uint32_t s, uint32_t gen, tw_handle h,
                      tw__record *r, tw__item *a, tw__item *x, double stop) {
  uint32_t epoch = ++r->epoch;

  r->seq_t = stop;
  if (a != NULL && a->slot != TW__EMPTY) {
    drive_child(m, a, stop - a->at, 0);
    if (!tw__alive(m, s, gen) || r->epoch != epoch)
      return -1;
  }
  if (x == NULL)
    return 0;
  if (x->slot != TW__EMPTY)
    drive_child(m, x, stop - x->at, 0);
  else if (x->fn == NULL)
    return 0; /* a child killed on its own */
  else if (m->quiet == 0)
    TW__CALL(m, x->fn(m, h, x->ud));
  return !tw__alive(m, s, gen) || r->epoch != epoch ? -1 : 0;
}

/* The drive forwards of the sequence in slot s (record r) from its time
 * to a later one `to`, the short way, when its one event is that of the
 * item x after the item a at r->seq_lo: x a child to start, or a callback
 * to fire, at ev within (from, to], a a started child, the items before a
 * settled (every drive leaves them), those after x starting after `to`.
 * The stages of the general way: next_event stops at ev (unless ev is
 * `to`), where drive_once drives a, then x (its key ev, a's no larger,
 * the tie to a, first in the timeline); then drive_once to `to` drives a,
 * then a child x (when a's key is no larger; a callback fired).  The
 * items from seq_lo on settled at `to` then move seq_lo past them.
 * Returns 1 when it does not apply (nothing changed), else the stages'
 * result. */
static int drive_pair(tw_manager *m, uint32_t s, tw__record *r, double to) {
  uint32_t lo = r->seq_lo, gen;
  double from = r->seq_t, ev, total;
  tw__item *a, *x, *rest;
  tw_handle h;

  if (!(from >= 0 && to > from) || (size_t)lo + 1 >= r->nitems)
    return 1;
  a = &r->items[lo];
  x = a + 1;
  if (a->slot == TW__EMPTY || !(a->tw.flags & TW__F_STARTED) ||
      ((size_t)lo + 2 < r->nitems && x[1].at <= to))
    return 1;
  if (x->slot == TW__EMPTY) {
    if (x->fn == NULL)
      return 1;
    ev = x->at;
  } else {
    if (x->tw.flags & TW__F_STARTED)
      return 1;
    ev = x->at + (tw__item_rec(x) != NULL ? tw__item_rec(x)->delay : 0);
    if (ev < to && !((a->at + a->span < to ? a->at + a->span : to) <=
                     (x->at + x->span < to ? x->at + x->span : to)))
      return 1; /* x before a in the stage to `to` */
  }
  if (!(from < ev && ev <= to))
    return 1;
  gen = m->slots[s].gen;
  h = tw__handle_of(m, s);
  rest = a;
  /* a complete child standing at its end at ev stands there at every
   * later stop (child_time rises to its total and no further) */
  if ((a->tw.flags & TW__F_COMPLETE) &&
      child_time(m, a, ev - a->at, &total) == total &&
      *tw__elapsed_of(m, &a->tw) == total)
    rest = NULL;
  if (ev < to && pair_stage(m, s, gen, h, r, rest, x, ev) != 0)
    return -1;
  if (pair_stage(m, s, gen, h, r, rest,
                 ev == to || x->slot != TW__EMPTY ? x : NULL, to) != 0)
    return -1;
  while (lo < r->nitems && tw__item_settled(m, &r->items[lo], to))
    lo++;
  r->seq_lo = lo;
  return 0;
}

/* The first drive of a fresh timeline (its time below 0) to `to`, the
 * short way, when it moves the first item alone, a child at or before
 * `to`, the next item after `to`, no start strictly inside (0, to): the
 * stages' one drive_once, which drives that child. */
static int drive_fresh(tw_manager *m, uint32_t s, tw__record *r, double to) {
  uint32_t gen, epoch;
  tw__item *x;

  if (!(r->seq_t < 0 && to >= 0) || r->nitems == 0)
    return 1;
  x = &r->items[0];
  if (x->slot == TW__EMPTY || x->at > to || (r->nitems > 1 && x[1].at <= to))
    return 1;
  if (!(x->tw.flags & TW__F_STARTED)) { /* next_event's, from 0 */
    double ev = x->at + (tw__item_rec(x) != NULL ? tw__item_rec(x)->delay : 0);
    if (ev > 0 && ev < to)
      return 1;
  }
  gen = m->slots[s].gen;
  r->seq_lo = 0; /* the stages' */
  epoch = ++r->epoch;
  r->seq_t = to;
  drive_child(m, x, to - x->at, 0);
  return !tw__alive(m, s, gen) || r->epoch != epoch ? -1 : 0;
}

/* tw__seq_drive_rec but for tw__seq_running: the short ways (drive_end,
 * drive_pair, drive_short; drive_fresh), else the drive in stages.  Out of
 * line, so that the drive of every frame does not save the registers of this
 * one. */
TW__NOINLINE int tw__seq_drive_stages(tw_manager *m, uint32_t s, tw__record *r,
                                      double to) {
  int rc;

  if (TW__FAST_PATHS && r->seq_t >= 0 && to > r->seq_t) {
    if ((rc = drive_end(m, s, r, to)) != 1 ||
        (rc = drive_pair(m, s, r, to)) != 1 ||
        (rc = drive_short(m, s, r, to)) != 1)
      return rc;
  } else if (TW__FAST_PATHS && (rc = drive_fresh(m, s, r, to)) != 1) {
    return rc;
  }
  r->seq_lo = 0; /* the children move as they may: none is known settled */
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

int tw__seq_drive_rec(tw_manager *m, uint32_t s, tw__record *r, double to) {
  int rc;

  if (TW__FAST_PATHS && (rc = tw__seq_running(m, s, r, to)) != 1)
    return rc;
  return tw__seq_drive_stages(m, s, r, to);
}

/* killing */

/* Releases the child of item it (and, for a nested sequence, its whole
 * tree) without any callback: its handle is stale from here on.  The
 * record stays in the item for dispose(). */
static void release_item(tw_manager *m, tw__item *it) {
  tw__tween *t = &it->tw;
  uint32_t s = it->slot;

  if (tw__rec(m, t) != NULL && (t->flags & TW__F_SEQ)) {
    size_t i;
    for (i = 0; i < tw__rec(m, t)->nitems; i++)
      if (tw__rec(m, t)->items[i].slot != TW__EMPTY &&
          tw__rec(m, t)->items[i].gen == 0)
        release_item(m, &tw__rec(m, t)->items[i]);
  }
  tw__keys_drop(m, s);
  it->gen = m->slots[s].gen; /* odd: never 0 */
  tw__nested_release(m, m->slots[s].index & ~TW__NESTED);
  tw__slot_release(m, s);
  m->live_nested--;
  it->fn = NULL;
}

/* Then the KILL callbacks of a released item's tree, children first. */
static void dispose_item(tw_manager *m, tw__item *it) {
  tw__tween *t = &it->tw;
  tw__record *rec = tw__rec(m, t);
  tw_handle h;

  h.index = it->slot + 1;
  h.gen = it->gen;
  it->slot = TW__EMPTY;
  tw__set_rec(m, t, NULL);
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
  tw__tween *t = tw__t(m, s);

  kill_item(m, tw__item_of(t));
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
  r->seq_lo = 0;
}

/* SPDX-License-Identifier: MIT */
/* Floor 4, one tween's life: the inline part of the end of a tween
 * (kill.c), the shortest path of a kill, a few stores that a call would
 * cost as much as, and the arithmetic of a running tween's fast step,
 * which the update pass (steps.h) and a sequence's drive (timeline.c)
 * share.  Files of floor 4 and above include this header. */
#ifndef TWEEN_LIFE_H
#define TWEEN_LIFE_H

#include "storage.h"

/* Life (kill.c): empties entry idx of the active array, a tween's that is
 * not a sequence and whose record entry is NULL: a hole until the next
 * compaction.  Nothing else: the next update pass (or creation the general
 * way) moves the window over it if it is at the front, and counts it
 * towards a compaction (storage.h). */
static inline void tw__vacate_plain(tw_manager *m, tw__tween *t, uint32_t idx) {
  m->aslot[idx] = TW__EMPTY;
  t->utype = TW__HOLE;
  m->live--;
}

/* Life (kill.c): empties entry idx of the active array, whose record
 * entry is NULL. */
static inline void tw__vacate_bare(tw_manager *m, tw__tween *t, uint32_t idx) {
  if (t->flags & TW__F_SEQ)
    m->live_sequences--;
  tw__vacate_plain(m, t, idx);
}

/* Life (kill.c): empties entry idx of the active array (a kill, or a
 * child leaving for its sequence), its record entry cleared. */
static inline void tw__vacate_entry(tw_manager *m, tw__tween *t, uint32_t idx) {
  if (m->arec != NULL)
    m->arec[idx] = NULL;
  tw__vacate_bare(m, t, idx);
}

/* Whether the tween of the array at index idx has a record. */
static inline int tw__has_rec(const tw_manager *m, uint32_t idx) {
  return m->arec != NULL && m->arec[idx] != NULL;
}

/* The kill of a tween of the array at index idx, slot s, without a record
 * (so not a sequence: a sequence always has one) and out of the key index:
 * vacated, its slot released.  Nothing runs. */
static inline void tw__kill_plain(tw_manager *m, uint32_t s, uint32_t idx) {
  tw__vacate_plain(m, &m->active[idx], idx);
  tw__slot_release(m, s);
}

/* The short kill of a tween of the array at index idx, slot s, with a
 * record (tw__has_rec), when no key index is built: a copy of
 * tw__kill_recorded (kill.c) for the case with nothing to call and
 * nothing to unlink (no KILL callback, not a sequence, no parallel hook's
 * chains) and its record recyclable with room in the pool.  Then it is
 * vacated, its record pooled and its slot released, and 1 is returned;
 * else 0, nothing changed. */
static inline int tw__kill_pooled(tw_manager *m, uint32_t s, uint32_t idx) {
  tw__tween *t = &m->active[idx];
  tw__record *rec = m->arec[idx];

  if (!TW__FAST_PATHS || m->par != NULL ||
      (t->flags & (TW__F_SEQ | TW__F_RECYCLABLE)) != TW__F_RECYCLABLE ||
      rec->cb[TW_ON_KILL].fn != NULL || !tw__pool_room(m))
    return 0;
  m->arec[idx] = NULL;
  tw__vacate_plain(m, t, idx);
  tw__pool_push(m, rec);
  tw__slot_release(m, s);
  return 1;
}

/* Kills the tween in slot s (kill.c): the handle is stale at once, then
 * the KILL callbacks run, a sequence's children first.  A tween of the
 * array without a record runs nothing: it is only vacated, here. */
static inline void tw__kill(tw_manager *m, uint32_t s) {
  uint32_t idx = m->slots[s].index;

  if (TW__FAST_PATHS && !(idx & TW__NESTED) && !tw__has_rec(m, idx)) {
    if (m->key_nheads != 0) /* the index, once it is built: out of it, */
      tw__keys_drop(m, s);  /* and the slot's stamps cleared */
    tw__kill_plain(m, s, idx);
    return;
  }
  tw__kill_recorded(m, s);
}

/* A running tween's eased fraction at elapsed e, on a fast path: one
 * loop of d seconds, short of its end (x = e / d < 1 - TW__SNAP), what
 * tw__fraction_at gives there (OutQuad inline).  Returns 0, *y not set,
 * when e reaches the end (a zero duration gives inf or NaN: the same),
 * which the general step decides. */
static TW__INLINE int tw__eased_short(const tw_manager *m, const tw__tween *t,
                                      double e, double d, double *y) {
  double x = tw__frac(e, d);

  if (!(tw__short_of_end(x)))
    return 0;
  *y = t->ease == TW_EASE_OUT_QUAD ? tw__out_quad(x)
                                   : tw__ease_running(m, t, x, e, d);
  return 1;
}

/* A float at fraction y from a to b, what tw__lerpf gives: strictly
 * between the ends and with both ends near (near: TW__F_NEAR, see
 * tw__ends_near), without looking, since a + (b - a) y cannot overflow
 * there. */
static TW__INLINE float tw__float_at(float a, float b, double y, int near) {
  if (tw__in_unit(y) && near)
    return a + (b - a) * (float)y;
  return tw__lerpf(a, b, y);
}

/* What the update's visit of a tween returns (update.c, and the steps of
 * retarget.c it reaches through m->fx): bits. */
enum {
  TW__V_LIVES = 1, /* the tween lives after its update */
  TW__V_RAN = 2    /* the program's code ran: the array may have moved */
};

/* A sequence's drive of every frame, its running child moved alone (the
 * short way of timeline.c's tw__seq_drive_rec, which the update's step of
 * a sequence, steps.h's seq_on, runs inline; the names of the comments
 * below are timeline.c's). */

/* The flags that keep a child playing on from drive_child's short way. */
#define TW__CHILD_SLOW                                                         \
  (TW__F_CALLBACKS | TW__F_LOOPS | TW__F_SEQ | TW__F_COMPLETE)

/* child_on's short way: the child of item `it`, a float with none of
 * TW__F_SLOW, moved to e, its eased fraction y (tw__eased_short's). */
static TW__INLINE void tw__child_float(tw_manager *m, tw__item *it, double e,
                                       double y) {
  const tw__tween *t = &it->tw;
  tw__record *r = tw__item_rec(it);
  const tw__hot *h = &it->hot;
  uint32_t s = it->slot, gen;
  tw__value v;
  int rc;

  it->elapsed = e; /* tw__move's */
  if (r != NULL) {
    r->moves++;
    r->elapsed_c = 0;
  }
  tw__wrote(m, s);
  v.f[0] = tw__float_at(h->sv.f, h->ev.f, y, (t->flags & TW__F_NEAR) != 0);
  if (!(t->flags & TW__F_SETTER)) {
    memcpy(h->target, &v, sizeof v.f[0]);
    return;
  }
  gen = m->slots[s].gen;
  TW__CALL(m, rc = r->set(h->target, &v));
  if (rc != 0 && tw__alive(m, s, gen))
    tw__setter_failed(m, s); /* a failing setter kills */
}

/* tw__seq_running's and drive_end's test of the sequence r driven forwards
 * to `to`: the item at r->seq_lo holds a child started, one loop, with
 * nothing to call (TW__CHILD_SLOW), the next item (if any) starting after
 * `to`.  Then the item goes to *itp, the child's time at `to` to *e
 * (child_time's: its total time its duration, e within it) and its
 * duration to *d, and 1 is returned; else 0, nothing changed. */
static TW__INLINE int tw__lo_child(tw__record *r, double to, tw__item **itp,
                                   double *e, double *d) {
  uint32_t lo = r->seq_lo;
  double from = r->seq_t;
  const tw__record *cr;
  tw__item *it;

  if (!(from >= 0 && to > from) || lo >= r->nitems)
    return 0;
  it = &r->items[lo];
  if (it->slot == TW__EMPTY || it->at > to ||
      (it->tw.flags & (TW__F_STARTED | TW__CHILD_SLOW)) != TW__F_STARTED ||
      (lo + 1 < r->nitems && it[1].at <= to))
    return 0;
  cr = tw__item_rec(it);
  if (cr != NULL && cr->loops != 1)
    return 0;
  *d = it->hot.duration;
  /* child_time's: the local time rounded to a double first, as its
   * argument is (x87 keeps to - it->at wider within one expression) */
  *e = to - it->at;
  *e -= cr != NULL ? cr->delay : 0;
  if (*e < 0)
    *e = 0;
  *itp = it;
  return 1;
}

/* The drive forwards of the sequence in slot s (record r) to `to` in its
 * every frame, drive_short's case where the item at r->seq_lo (the first
 * not settled) holds the one child moving, the next item (if any) starts
 * after `to`: that child started, not complete, one loop, with nothing to
 * call (TW__CHILD_SLOW), playing on short of its end to a new time (at
 * its end: drive_end).  Every item before it settled, drive_short would
 * move that child alone, seq_lo left where it is (a child not complete is
 * not settled): this does so, the child's times read from its item and
 * record (a child's accessors, child_time's arithmetic), child_on's test
 * and short way inline.  Returns 1 when it does not apply (nothing
 * changed), else drive_once's result. */
static TW__INLINE int tw__seq_running(tw_manager *m, uint32_t s, tw__record *r,
                                      double to) {
  uint32_t gen, epoch;
  double e, d, y;
  tw__item *it;

  if (!tw__lo_child(r, to, &it, &e, &d))
    return 1;
  /* at its end (drive_end), or nothing changes: drive_child's other ways */
  if (e > d || e >= d - d * TW__SNAP || e == it->elapsed)
    return 1;
  epoch = ++r->epoch; /* drive_once's */
  r->seq_t = to;
  gen = m->slots[s].gen;
  if (it->tw.type != TW_TYPE_FLOAT || (it->tw.flags & TW__F_SLOW) ||
      !tw__eased_short(m, &it->tw, e, d, &y))
    tw__child_move(m, it, e); /* child_on's */
  else
    tw__child_float(m, it, e, y);
  return !tw__alive(m, s, gen) || r->epoch != epoch ? -1 : 0;
}

#endif

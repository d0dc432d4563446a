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

#endif

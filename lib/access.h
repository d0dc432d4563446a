/* SPDX-License-Identifier: MIT */
/* The ground floor's inline accessors: a tween's record, hot part,
 * elapsed time, wide values, slot, loops and values, read and written
 * through here so that where each is kept can change without touching
 * their users; and the small inline helpers on them (near ends, a
 * period, a total time, a tween alive).  Included by tween-private.h
 * only, after the structs and its macros; not installed. */
#ifndef TWEEN_ACCESS_H
#define TWEEN_ACCESS_H

/* The record of t (NULL when it has none).  Every read of a tween's
 * record goes through here, and every write through tw__set_rec, so that
 * where records are kept can change without touching their users. */
static inline tw__record *tw__rec(const tw_manager *m, const tw__tween *t) {
  if (t->flags & TW__F_CHILD)
    return tw__item_rec(tw__item_of((tw__tween *)t));
  return m->arec != NULL ? m->arec[t - m->active] : NULL;
}

/* The hot part of t: its duration, target and small values. */
static inline tw__hot *tw__hot_of(const tw_manager *m, const tw__tween *t) {
  if (t->flags & TW__F_CHILD)
    return &tw__item_of((tw__tween *)t)->hot;
  return &m->hot[t - m->active];
}

/* A head and an elapsed time have the same size, so that the update's
 * inner loop finds an entry's elapsed time at a fixed distance from its
 * head (update.c's run_inline). */
typedef char tw__el_stride[sizeof(tw__tween) == sizeof(double) ? 1 : -1];

/* The elapsed time of t: seconds played, all loops, delay excluded. */
static inline double *tw__elapsed_of(const tw_manager *m, const tw__tween *t) {
  if (t->flags & TW__F_CHILD)
    return &tw__item_of((tw__tween *)t)->elapsed;
  return &m->elapsed[t - m->active];
}

/* Sets the record of t; returns it.  A record for a tween of the array
 * needs the array of records (tw__arec_init, or tw__rec_need). */
static inline tw__record *tw__set_rec(const tw_manager *m, tw__tween *t,
                                      tw__record *r) {
  if (t->flags & TW__F_CHILD)
    tw__item_set_rec(tw__item_of(t), r);
  else if (m->arec != NULL)
    m->arec[t - m->active] = r;
  return r;
}

/* A plain tween's ends are near: within half the largest float of 0, so
 * that b - a and a + (b - a) e (e in [0, 1]) cannot overflow, and the
 * update's shortest path can interpolate without looking (update.c).  A
 * plain tween whose ends are not near is no longer plain, and the ends of
 * a float vector or of a float not plain are near while TW__F_NEAR is
 * set: every place that sets a tween's start or end calls
 * tw__ends_check. */
static inline int tw__near(float x) {
  return x >= -FLT_MAX / 2 && x <= FLT_MAX / 2;
}

/* A start a plain float may take: near, and not -0.0.  The shortest
 * path writes a + (b - a) y even at y == 0, which is a but for a = -0.0
 * (-0.0 + 0.0 is +0.0), where the general path writes the start itself
 * (tw__lerpf): a tween that starts from -0.0 takes the general path, so
 * that both write the same bits. */
static inline int tw__plain_start(float x) {
  uint32_t b;

  memcpy(&b, &x, sizeof b);
  return tw__near(x) && b != 0x80000000u;
}

/* A float tween's start and end (in its hot part) are both near. */
static inline int tw__float_ends_near(const tw_manager *m, const tw__tween *t) {
  return tw__near(tw__hot_of(m, t)->sv.f) && tw__near(tw__hot_of(m, t)->ev.f);
}

/* The wide values of t (a value of 5 to 16 bytes). */
static inline tw__wide *tw__wide_of(const tw_manager *m, tw__tween *t) {
  if (t->flags & TW__F_CHILD)
    return &tw__item_of(t)->w;
  return &m->wide[t - m->active];
}

/* A float vector's ends are near: t is a built-in vector of floats (in
 * its wide values), or a float that is not plain (in its hot part), and
 * every component of its start and end is near (tw__near), so that the
 * update's fast path can interpolate them as a plain float's, without
 * looking (update.c).  What TW__F_NEAR says; never of a plain float. */
static inline int tw__ends_near(const tw_manager *m, const tw__tween *t) {
  unsigned n, k;
  const tw__wide *w;

  if (t->flags & (TW__F_BIG | TW__F_SEQ | TW__F_PLAIN))
    return 0;
  if (t->type == TW_TYPE_FLOAT) /* one float, in the tween */
    return tw__float_ends_near(m, t);
  n = m->types[t->type].floats;
  if (n < 2)
    return 0;
  w = tw__wide_of(m, (tw__tween *)t);
  for (k = 0; k < n; k++)
    if (!(tw__near(w->start.f[k]) && tw__near(w->end.f[k])))
      return 0;
  return 1;
}

/* After t's start or end was set: a plain tween whose ends are not near
 * is plain no more, and TW__F_NEAR says again whether the ends of a float
 * vector, or of a float not plain, are near (a plain float's never). */
static inline void tw__ends_check(const tw_manager *m, tw__tween *t) {
  if (t->flags & TW__F_PLAIN) { /* a plain float: never TW__F_NEAR */
    t->flags &= ~(uint32_t)TW__F_NEAR;
    if (!tw__float_ends_near(m, t) || !tw__plain_start(tw__hot_of(m, t)->sv.f))
      t->flags &= ~(uint32_t)TW__F_PLAIN;
  } else if (tw__ends_near(m, t)) {
    t->flags |= TW__F_NEAR;
  } else {
    t->flags &= ~(uint32_t)TW__F_NEAR;
  }
}

/* The handle slot of t, a live tween in the array or in a sequence. */
static inline uint32_t tw__slot_of(const tw_manager *m, const tw__tween *t) {
  if (t->flags & TW__F_CHILD) /* read only */
    return tw__item_of((tw__tween *)t)->slot;
  return m->aslot[t - m->active];
}

/* The loops of t: >= 1, or -1 for infinite. */
static inline int32_t tw__loops(const tw_manager *m, const tw__tween *t) {
  return tw__rec(m, t) != NULL ? tw__rec(m, t)->loops : 1;
}

/* Whether the tween plays: it writes at every update of its type. */
static inline int tw__plays(const tw__tween *t) {
  return (t->flags & (TW__F_STARTED | TW__F_PLAYING | TW__F_COMPLETE |
                      TW__F_DELAYED)) == (TW__F_STARTED | TW__F_PLAYING);
}

/* The live tween in slot s, in the array or in a sequence. */
static inline tw__tween *tw__t(const tw_manager *m, uint32_t s) {
  uint32_t i = m->slots[s].index;

  return (i & TW__NESTED) ? m->nested[i & ~TW__NESTED].t : &m->active[i];
}

static inline tw_handle tw__handle_of(const tw_manager *m, uint32_t s) {
  tw_handle h;

  h.index = s + 1;
  h.gen = m->slots[s].gen;
  return h;
}
/* Sets or clears flags of t. */
static inline void tw__flag(tw__tween *t, uint32_t flags, int on) {
  if (on)
    t->flags |= flags;
  else
    t->flags &= ~flags;
}

/* Which of a tween's values tw__val returns. */
enum { TW__START, TW__END, TW__SCRATCH };

/* A tween's start or end value; for big types also the scratch buffer.
 * Values of up to 4 bytes are in the tween, of up to 16 beside it
 * (tw__wide_of), bigger ones in its record. */
static inline unsigned char *tw__val(const tw_manager *m, tw__tween *t,
                                     size_t size, int which) {
  tw__wide *w;

  if (t->flags & TW__F_BIG)
    return tw__rec(m, t)->big + (size_t)which * size;
  if (size <= TW__SMALL_MAX)
    return which == TW__START ? tw__hot_of(m, t)->sv.b : tw__hot_of(m, t)->ev.b;
  w = tw__wide_of(m, t);
  return which == TW__START ? w->start.b : w->end.b;
}

/* Writes t's start or end (which: TW__START, TW__END) from v.  Every place
 * that sets a start or an end after creation goes through here, so that
 * none skips the near-ends check (tw__ends_check). */
static inline void tw__set_value(const tw_manager *m, tw__tween *t, int which,
                                 const void *v) {
  size_t size = m->types[t->type].size;
  unsigned char *p = tw__val(m, t, size, which);

  if (size == TW__SMALL_MAX) /* a float's: a move, not a call */
    memcpy(p, v, TW__SMALL_MAX);
  else
    memcpy(p, v, size);
  tw__ends_check(m, t);
}

/* tw__set_value of t's start, then of its end.  For a tween that is not
 * plain, the check after the second alone decides (TW__F_NEAR is of the
 * ends as they are then), so it runs once. */
static inline void tw__set_ends(const tw_manager *m, tw__tween *t,
                                const void *start, const void *end) {
  size_t size = m->types[t->type].size;

  if (t->flags & TW__F_PLAIN) {
    tw__set_value(m, t, TW__START, start);
    tw__set_value(m, t, TW__END, end);
    return;
  }
  if (size == TW__SMALL_MAX) { /* a float's: moves, not calls */
    memcpy(tw__val(m, t, size, TW__START), start, TW__SMALL_MAX);
    memcpy(tw__val(m, t, size, TW__END), end, TW__SMALL_MAX);
  } else {
    memcpy(tw__val(m, t, size, TW__START), start, size);
    memcpy(tw__val(m, t, size, TW__END), end, size);
  }
  tw__ends_check(m, t);
}

/* Seconds from one loop's start to the next: the duration and the loop
 * delay (a tween with loops != 1 has a record). */
static inline double tw__period(const tw_manager *m, const tw__tween *t) {
  if (tw__loops(m, t) == 1 || tw__rec(m, t)->ch == NULL)
    return tw__hot_of(m, t)->duration;
  return tw__sat(tw__hot_of(m, t)->duration + tw__rec(m, t)->ch->loop_delay);
}

/* Seconds over all loops, loop delays between them included (infinite for
 * infinite loops). */
static inline double tw__total_time(const tw_manager *m, const tw__tween *t) {
  int32_t n = tw__loops(m, t);

  if (n < 0)
    return HUGE_VAL;
  if (n == 1 || tw__rec(m, t)->ch == NULL || tw__rec(m, t)->ch->loop_delay == 0)
    return tw__hot_of(m, t)->duration * (double)n;
  return tw__sat(tw__hot_of(m, t)->duration * (double)n +
                 tw__rec(m, t)->ch->loop_delay * (double)(n - 1));
}

static inline int tw__alive(const tw_manager *m, uint32_t s, uint32_t gen) {
  return m->slots[s].gen == gen;
}

/* The move counter of a tween: 0 for a tween without a record, which runs
 * no code of the program and so cannot be moved in the middle of its own
 * step. */
static inline uint32_t tw__moves(const tw_manager *m, const tw__tween *t) {
  return tw__rec(m, t) != NULL ? tw__rec(m, t)->moves : 0;
}

#endif

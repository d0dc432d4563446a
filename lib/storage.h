/* SPDX-License-Identifier: MIT */
/* Floor 3, storage: its inline helpers, beside the declarations of
 * floors.h: the handles' slots (handle.c), the write marks of the key
 * index (keys.c), the moves of the active array and its window
 * (manager.c).  Inline where a call would cost as much as the few loads
 * and stores they are.  Files of floor 3 and above include this header
 * (floor 4 and above through life.h); the ground header holds the structs
 * and the accessors every floor reads. */
#ifndef TWEEN_STORAGE_H
#define TWEEN_STORAGE_H

#include "tween-private.h"

/* Storage (keys.c): the tween in slot s wrote its value, counted once the
 * index of keys is built, for tw_writer.  A write during a pass counts at the
 * pass's clock: within it, creation order tells, and among the children
 * of one sequence, the time of the write. */
static inline void tw__wrote(tw_manager *m, uint32_t s) {
  if (m->key_nheads != 0) {
    tw__stamp *st = &m->key_stamps[s];
    st->at = ++m->wclock;
    st->wrote = m->pass != 0 ? m->pass_clock[m->pass - 1] : st->at;
  }
}

/* Records: whether overshoot o is TW__OVERSHOOT, bit for bit. */
static inline int tw__default_overshoot(double o) {
  const double d = TW__OVERSHOOT;

  return memcmp(&o, &d, sizeof d) == 0;
}

/* Records (settings.c, snapcommit.c): a record of m now holds overshoot o;
 * tw_manager.custom_overshoot goes to 1 when o is not the default
 * (tw_manager_validate checks every record against it). */
static inline void tw__note_overshoot(tw_manager *m, double o) {
  if (!tw__default_overshoot(o))
    m->custom_overshoot = 1;
}

/* The pool (pool.c), for the short creation of a setter tween (tw_to_fn):
 * the first pooled record of floats r, lite (tw__record.lite: lent to
 * such a tween and asked for by no setting since), taken as
 * tw__record_get takes it, and what tw__record_get gives: the fields its
 * life wrote reset, not the whole record cleared. */
static inline tw__record *tw__record_relend(tw_manager *m, tw__record *r) {
  tw__type *ty = &m->types[TW_TYPE_FLOAT];

  ty->pool = r->next;
  ty->pooled--;
  m->pool_size--;
  m->st.pool_last_probes = 1;
  m->st.pool_hits++;
  r->next = NULL;
  r->moves = 0;
  r->elapsed_c = 0;
  r->delay_elapsed = 0;
  return r;
}

/* Whether the built key index takes one more tween as it is (links for
 * every slot, chains not too full): then adding one needs no memory. */
static inline int tw__keys_room(const tw_manager *m) {
  return m->key_links_cap >= m->slots_cap && m->key_count < m->key_nheads / 2;
}

/* Handles (handle.c): the slot of the live tween h names (a child of a
 * sequence too), or TW__NO_SLOT: the handle's test, written here only.  h
 * names it while its slot's generation is h's, odd (taken).  Index 0, the
 * none handle, wraps to a slot above every slot there is (nslots stays
 * below 2^31). */
static inline uint32_t tw__handle_slot(const tw_manager *m, tw_handle h) {
  uint32_t s = h.index - 1;

  if (m == NULL || (h.gen & 1u) == 0 || s >= m->nslots ||
      m->slots[s].gen != h.gen)
    return TW__NO_SLOT;
  return s;
}

/* The tween h names, or NULL (for children of sequences too, which cannot
 * be controlled).  Inline: every call on a handle starts here. */
static inline tw__tween *tw__lookup(const tw_manager *m, tw_handle h) {
  uint32_t s = tw__handle_slot(m, h);

  if (s == TW__NO_SLOT || (m->slots[s].index & TW__NESTED))
    return NULL;
  return &m->active[m->slots[s].index];
}

/* Why tw__lookup(m, h) failed: TW_EINVAL, TW_ENESTED or TW_ESTALE. */
static inline int tw__handle_err(const tw_manager *m, tw_handle h) {
  uint32_t s = tw__handle_slot(m, h);

  if (m == NULL)
    return TW_EINVAL;
  if (s != TW__NO_SLOT && (m->slots[s].index & TW__NESTED))
    return TW_ENESTED;
  return TW_ESTALE;
}

/* Storage (pool.c): whether the pool takes one more record: it holds at
 * most pool_most records (tw__pool_most: tw_config.pool_bound, or (0) the
 * current tween capacity, as tween.h says).  Beyond that, records are
 * freed. */
static inline int tw__pool_room(const tw_manager *m) {
  return m->pool_size < m->pool_most;
}

/* Storage (pool.c): record r onto the free list of its value type. */
static inline void tw__pool_push(tw_manager *m, tw__record *r) {
  tw__type *ty = &m->types[r->type];

  r->next = ty->pool;
  ty->pool = r;
  ty->pooled++;
  m->pool_size++;
}

/* Storage (manager.c): moves the tween at index `from` down to the hole
 * `to` (every index in [to, from) a hole), leaving a hole behind.  Inline:
 * the update pass shifts every survivor it passes over a hole. */
static inline void tw__shift(tw_manager *m, uint32_t from, uint32_t to) {
  tw__tween *a = m->active;

  a[to] = a[from];
  m->elapsed[to] = m->elapsed[from];
  m->hot[to] = m->hot[from];
  m->aslot[to] = m->aslot[from];
  if (m->arec != NULL) {
    m->arec[to] = m->arec[from];
    m->arec[from] = NULL;
  }
  if (m->wide != NULL)
    m->wide[to] = m->wide[from];
  if (m->aset != NULL)
    m->aset[to] = m->aset[from];
  m->slots[m->aslot[to]].index = to;
  m->aslot[from] = TW__EMPTY;
  a[from].utype = TW__HOLE;
}

/* Storage (manager.c): the compaction rule, the one place it is written:
 * the holes a window of `span` entries may hold before a compaction is
 * due, a quarter of it (DESIGN.md section 1 says why).  tw__compact_due
 * tests it. */
static inline uint32_t tw__holes_allowed(uint32_t span) { return span / 4u; }

/* Storage (manager.c): whether the holes are many enough to compact:
 * the holes in the window [begin, end) more than tw__holes_allowed.  The
 * holes below begin do not count: they cost no walk anything.  Every
 * live tween is in the window, so its holes are span - live. */
static inline int tw__compact_due(const tw_manager *m) {
  uint32_t span = m->end - m->begin;
  return span - m->live > tw__holes_allowed(span);
}

/* Storage (manager.c): moves begin over the holes at its place.  Only
 * begin moves: no tween, and not end (a pass drops the holes at the top,
 * tw__drop_tail).  Every update pass does, at its start and its end, and
 * a creation the general way with no walk in progress, before it decides
 * whether to compact: a kill does not. */
static inline void tw__window(tw_manager *m) {
  while (m->begin < m->end && m->aslot[m->begin] == TW__EMPTY)
    m->begin++;
}

/* Storage (manager.c): the index of the entry the walk w is at, the one
 * before its cursor, which the walk set past it before the program's code
 * ran; TW__NO_SLOT when that tween has died since.  During a walk nothing
 * but a compaction moves an entry, and it moves the cursor with it; a
 * vacated entry stays a hole until a compaction, which marks the walk
 * lost when the tween it is at has died (move_walks).  So the entry
 * before the cursor is that tween, or a hole, or, lost, another's.  For
 * the setters' loop (steps.h), which keeps neither the slot nor the
 * generation of the tween whose setter it calls. */
static inline uint32_t tw__walk_at(const tw_manager *m, const tw__walk *w) {
  uint32_t x = w->next;

  if (x == 0 || x == w->lost || m->aslot[x - 1] == TW__EMPTY)
    return TW__NO_SLOT;
  return x - 1;
}

/* Handles (handle.c): the last generation a slot may reach before
 * retiring (even: free). */
#define TW__GEN_RETIRE (UINT32_MAX - 1u)

/* Takes a slot for the tween at active index `index`.  Call
 * tw__slots_reserve first. */
static inline uint32_t tw__slot_take(tw_manager *m, uint32_t index) {
  uint32_t s;

  if (m->free_slot != TW__NO_SLOT) {
    s = m->free_slot;
    m->free_slot = m->slots[s].index;
  } else {
    s = m->nslots++;
    m->slots[s].gen = 0;
  }
  m->slots[s].gen++;
  m->slots[s].index = index;
  return s;
}

/* tw__slot_release of slot s whose generation is gen, known to the
 * caller (the handle's, which tw__handle_slot compared): the new
 * generation is computed from it, not read again. */
static inline void tw__slot_release_gen(tw_manager *m, uint32_t s,
                                        uint32_t gen) {
  tw__slot *sl = &m->slots[s];

  sl->gen = ++gen;
  if (gen >= m->gen_limit) {
    tw__slot_release_slow(m, s);
    return;
  }
  sl->index = m->free_slot;
  m->free_slot = s;
}

/* Frees slot s: its generation rises (its handles are stale), and it
 * joins the free list; a generation used up, or a slot a restore gave
 * back an older generation, goes through handle.c (gen_limit). */
static inline void tw__slot_release(tw_manager *m, uint32_t s) {
  tw__slot_release_gen(m, s, m->slots[s].gen);
}

#endif

/* SPDX-License-Identifier: MIT */
/* Storage: the active array, its compaction and capacity, and the nested
 * table.
 *
 * Every live tween and sequence of a manager has one slot in `active`, a
 * single array shared by all update types.  New tweens are appended at
 * `end`, so the array order is creation order, and every walk (an update,
 * a kill-all, a clear) goes from index 0 upwards: creation order is update
 * order, and the last-created of two tweens writing one value writes last.
 *
 * `active` holds each entry's 8-byte head (flags, type, ease, update
 * type), the bytes an update tests first.  Arrays of the same length sit
 * beside it and move with it, entry for entry: `elapsed`, each entry's
 * elapsed time (8 bytes); `hot`, its duration, target and small values
 * (tw__hot, 24 bytes on 64-bit machines); `aslot`, its handle slot;
 * `arec`, its record; `wide`, the start and end of values of 5 to 16
 * bytes; and `aset`, the setter of a tween bound by one (a copy of its
 * record's, read by the update's shortest path).  The last three are
 * allocated when the first tween that needs them is made, so that a
 * manager of floats by pointer has none of them.
 *
 * Why this layout.  The update's shortest path reads the head, the
 * elapsed time and the hot part, 40 bytes a tween, and writes the elapsed
 * time and the target: of the tween's own bytes, 8 are written back, the
 * elapsed time's, where the 32-byte hot part with the elapsed time in it
 * dirtied all 32 (at 1M tweens the update streams at the memory's speed,
 * and the bytes moved are its cost: 56 a tween with the target's 8, the
 * hand-written loop's 56, against 80 before).  The compare that skips
 * holes and other update types reads 8 bytes only.  The duration stays an
 * exact double, so that the fraction is elapsed / duration as before, to
 * the bit; a start time on a clock per update type (the hot part read
 * only, 48 bytes) was not taken: it changes the fractions by up to 2.6e-10
 * s of time, where this changes no result.  An entry of 32 bytes with a
 * float inverse of the duration in it was rejected: it changes every
 * plain tween's fraction by up to 6e-8 (and so the frame a tween ends
 * on), and needs the exact duration beside it anyway.  The record, the
 * elapsed time and the hot part are reached only through tw__rec,
 * tw__elapsed_of and tw__hot_of (tween-private.h), which also find a
 * child of a sequence's in its item.
 *
 * Invariants (tw_manager_validate checks each):
 *  - slots [0, end) hold `live` tweens and end - live holes; a hole has
 *    aslot[i] == TW__EMPTY and no record; nothing lives at or beyond end;
 *  - begin <= end, and every index below begin is a hole (the window);
 *  - for a live tween at index i, slots[aslot[i]].index == i and that
 *    slot's generation is odd;
 *  - end <= cap_tweens + cap_sequences, the array's length.
 *
 * A kill only marks its slot as a hole (and frees the handle's slot):
 * nothing it does counts or looks for holes.  Holes stay
 * until they are more than a quarter of the window [begin, end)
 * (tw__compact_due); a walk skips them with the compare it makes anyway.
 * Then the next update pass compacts as it goes: each survivor is shifted left
 * over the holes (tw__shift) just before its update, so it is written once, to
 * its new place, and the holes left at the top are dropped when the pass ends
 * (tw__drop_tail).  Tweens appended during the pass, and holes the
 * program's callbacks make behind it, wait for a later pass.  An append
 * the general way with no walk in progress compacts first (tw__compact,
 * one pass from the first hole, shifting each survivor the same way) when
 * the holes are that many, or when they are all that keeps it from room;
 * the short creation of a plain float (plain_room) leaves them to the
 * next pass.  Either way
 * relative order is kept and each survivor's slot index is fixed; a
 * compaction from the first hole closes the front holes too (begin is 0
 * after it), the in-pass one those of the window only; a
 * shifted tween leaves a hole behind, so a walk started inside a callback
 * sees every tween once.  A hundred kills cost one pass.
 *
 * The window.  Every walk starts at begin.  The start and the end of each
 * update pass, and an append the general way with no walk in progress,
 * move begin over the holes there (tw__window): in churn the oldest die first,
 * and their holes, below the window, cost no walk anything and count for
 * no compaction, until an append finds the array full to its end; so
 * each survivor moves once per capacity's worth of appends instead of
 * once per quarter of the array.  Only begin moves then, so a walk in
 * progress keeps its cursor.
 *
 * During a walk, tw__compact runs only when a callback creates a tween and
 * finds the array full up to its end while holes remain (kills and
 * creations in the callbacks of one pass): then the holes close as above,
 * so that the capacity is what counts, not the slots the pass has used.
 * Every walk registers its cursor (tw__walk): the index of the next entry
 * it visits, and its end.  The walk moves its cursor past an entry before
 * it runs any of the program's code for it, so both are counts of the
 * entries below them, and the compaction moves each to the number of
 * survivors below it: the next entry is then the first survivor the walk
 * has not visited, whether the tween it was at lives or died, however
 * many compactions (and growths) one callback forces.  A walk therefore
 * goes on over the same tweens in the same order.  The tween it was at is
 * the entry before the cursor, or a hole if it died, unless it died before
 * a compaction, which then marks the walk lost (tw__walk_at).  Walks
 * nested deeper than TW__WALKS are not registered; while one runs, the
 * array waits.
 *
 * Growth moves the array to new blocks, copying only the entries in use
 * (the window [begin, end), moved to the blocks' start, with no walk in
 * progress; [0, end) within a walk, whose cursors count entries): a
 * capacity reserved and unused, and the holes below the window, cost no
 * copy; walks index it afresh after every user callback, so a growth
 * inside a callback loses nothing.
 *
 * Sizes.  Every size computed here is checked against wrapping size_t and
 * the 31 bits a slot's index has (tw__mul), so an absurd capacity is
 * refused before anything changes.
 *
 * The nested table.  A child of a sequence lives, by value, in an item of
 * its sequence's record; its slot's index then has TW__NESTED set and the
 * rest names an entry here, which points at the child.  Entries are
 * recycled through a free list threaded through `next`.
 *
 * Storage knows nothing of callbacks or time: it moves bytes, and the
 * floors above decide when. */
#include "storage.h"

size_t tw__array_len(const tw_manager *m) {
  return m->cap_tweens + m->cap_sequences;
}

/* The array's length for these capacities, or 0 if it cannot be had. */
static size_t array_bytes(size_t tweens, size_t sequences) {
  if (tweens >= UINT32_MAX / 2 || sequences >= UINT32_MAX / 2 ||
      tweens + sequences >= UINT32_MAX / 2)
    return 0;
  return tw__mul(tweens + sequences, sizeof(tw__tween));
}

/* The bytes of the arrays beside `active` for this length. */
static size_t el_bytes(size_t len) { return len * sizeof(double); }
static size_t hot_bytes(size_t len) { return len * sizeof(tw__hot); }
static size_t aslot_bytes(size_t len) { return len * sizeof(uint32_t); }
static size_t arec_bytes(size_t len) { return len * sizeof(tw__record *); }
static size_t wide_bytes(size_t len) { return len * sizeof(tw__wide); }
static size_t aset_bytes(size_t len) { return len * sizeof(tw_setter_fn); }

int tw__storage_init(tw_manager *m) {
  size_t n = array_bytes(m->cap_tweens, m->cap_sequences);
  size_t len = m->cap_tweens + m->cap_sequences;

  if (len == 0) /* nothing asked for: the first creation takes it */
    return tw__types_init(m);
  if (n == 0)
    return TW_EINVAL;
  m->active = tw__alloc(m, n);
  m->elapsed = m->active != NULL ? tw__alloc(m, el_bytes(len)) : NULL;
  m->hot = m->elapsed != NULL ? tw__alloc(m, hot_bytes(len)) : NULL;
  m->aslot = m->hot != NULL ? tw__alloc(m, aslot_bytes(len)) : NULL;
  if (m->aslot == NULL || tw__types_init(m) != 0) {
    tw__array_drop(m);
    return TW_ENOMEM;
  }
  return 0;
}

int tw__wide_init(tw_manager *m) {
  m->wide = tw__alloc(m, wide_bytes(tw__array_len(m)));
  return m->wide != NULL ? 0 : TW_ENOMEM;
}

int tw__aset_init(tw_manager *m) {
  m->aset = tw__alloc(m, aset_bytes(tw__array_len(m)));
  return m->aset != NULL ? 0 : TW_ENOMEM;
}

int tw__arec_init(tw_manager *m) {
  uint32_t i;

  m->arec = tw__alloc(m, arec_bytes(tw__array_len(m)));
  if (m->arec == NULL)
    return TW_ENOMEM;
  for (i = 0; i < m->end; i++) /* the rest as creations reach it */
    m->arec[i] = NULL;
  m->arec_clean = m->end;
  m->plain_room = 0; /* its room counts the clear entries */
  return 0;
}

void tw__arec_ready(tw_manager *m) {
  size_t len = tw__array_len(m),
         to = (size_t)m->end + (m->end - m->begin) + 256;

  if (to > len)
    to = len;
  /* all bits 0 is NULL, as the restore's clearing of arec takes it */
  memset(m->arec + m->arec_clean, 0, arec_bytes(to - m->arec_clean));
  m->arec_clean = (uint32_t)to;
}

tw__record *tw__rec_need(tw_manager *m, tw__tween *t) {
  tw__record *r = tw__rec(m, t);

  if (r != NULL) {
    r->lite = 0; /* a setting may write any of its fields */
    return r;
  }
  if (!(t->flags & TW__F_CHILD) && m->arec == NULL && tw__arec_init(m) != 0)
    return NULL;
  return tw__set_rec(m, t, tw__record_get(m, t->type));
}

void tw__rec_give_back(tw_manager *m, tw__tween *t) {
  tw__record *r = tw__rec(m, t);

  tw__set_rec(m, t, NULL);
  tw__record_put(m, r);
}

void tw__array_drop(tw_manager *m) {
  size_t len = tw__array_len(m);

  tw__free(m, m->active, len * sizeof *m->active);
  tw__free(m, m->elapsed, el_bytes(len));
  tw__free(m, m->hot, hot_bytes(len));
  tw__free(m, m->aslot, aslot_bytes(len));
  tw__free(m, m->arec, arec_bytes(len));
  tw__free(m, m->wide, wide_bytes(len)); /* NULL if never needed */
  tw__free(m, m->aset, aset_bytes(len));
  m->active = NULL;
  m->elapsed = NULL;
  m->hot = NULL;
  m->aslot = NULL;
  m->arec = NULL;
  m->wide = NULL;
  m->aset = NULL;
  m->arec_clean = 0;
  m->cap_tweens = 0;
  m->cap_sequences = 0;
  m->plain_room = 0;
  tw__pool_most(m);
}

void tw__storage_free(tw_manager *m) {
  tw__pool_drain(m);
  tw__keys_free(m);
  tw__array_drop(m);
  tw__free(m, m->slots, m->slots_cap * sizeof *m->slots);
  tw__free(m, m->nested, m->nested_cap * sizeof *m->nested);
  tw__free(m, m->stagger, m->stagger_cap * sizeof *m->stagger);
  tw__types_free(m);
}

/* capacity */

/* A new block for a side array (bytes of each length), its bytes [skip,
 * skip + keep) copied to the start of `to`, the old block freed; `to` as
 * it is where there was no block (NULL for a side array not allocated,
 * the new block for a manager's first array).  The caller has allocated
 * `to`.  Counts the bytes copied (tw_manager.moved: a growth costs what
 * is used, not what was reserved). */
static void *side_move(tw_manager *m, void *from, void *to, size_t old_bytes,
                       size_t skip_bytes, size_t keep_bytes) {
  if (from == NULL)
    return to;
  memcpy(to, (unsigned char *)from + skip_bytes, keep_bytes);
  m->moved += keep_bytes;
  tw__free(m, from, old_bytes);
  return to;
}

/* Resizes the array and the arrays beside it, all or none: the new
 * blocks are all allocated before the old ones are freed.  Only the
 * entries in use are copied: room reserved for one kind (the sequences,
 * say) is not copied at each growth of the other, and the holes below the
 * window are not either.  With no walk in progress, the window [begin,
 * end) moves to the start of the new blocks (begin is 0 after it, as
 * after a compaction, and each tween's slot follows it); a walk's cursors
 * count the entries below them, so within a walk the entries keep their
 * places and [0, end) is copied. */
static int resize_array(tw_manager *m, size_t tweens, size_t sequences) {
  size_t old_len = tw__array_len(m), new_len = tweens + sequences;
  size_t old_n = old_len * sizeof *m->active;
  size_t new_n = array_bytes(tweens, sequences);
  size_t keep, skip;
  tw__tween *a;
  double *el = NULL;
  tw__hot *h = NULL;
  uint32_t *as = NULL;
  tw__record **ar = NULL;
  tw__wide *w = NULL;
  tw_setter_fn *fs = NULL;
  size_t i;
  int ok;

  if (new_n == 0)
    return TW_ENOMEM;
  ok = (el = tw__alloc(m, el_bytes(new_len))) != NULL;
  if (ok)
    ok = (h = tw__alloc(m, hot_bytes(new_len))) != NULL;
  if (ok)
    ok = (as = tw__alloc(m, aslot_bytes(new_len))) != NULL;
  if (ok && m->arec != NULL)
    ok = (ar = tw__alloc(m, arec_bytes(new_len))) != NULL;
  if (ok && m->wide != NULL)
    ok = (w = tw__alloc(m, wide_bytes(new_len))) != NULL;
  if (ok && m->aset != NULL)
    ok = (fs = tw__alloc(m, aset_bytes(new_len))) != NULL;
  if (ok)
    ok = (a = tw__alloc(m, new_n)) != NULL;
  if (!ok) { /* tw__free takes NULL */
    tw__free(m, el, el_bytes(new_len));
    tw__free(m, h, hot_bytes(new_len));
    tw__free(m, as, aslot_bytes(new_len));
    tw__free(m, ar, arec_bytes(new_len));
    tw__free(m, w, wide_bytes(new_len));
    tw__free(m, fs, aset_bytes(new_len));
    return TW_ENOMEM;
  }
  if (m->busy == 0)
    tw__window(m); /* past the tweens killed at the front since */
  keep = m->end < new_len ? m->end : new_len;
  skip = m->busy == 0 && m->begin <= keep ? m->begin : 0;
  keep -= skip;
  m->active =
      side_move(m, m->active, a, old_n, skip * sizeof *a, keep * sizeof *a);
  m->elapsed = side_move(m, m->elapsed, el, el_bytes(old_len), el_bytes(skip),
                         el_bytes(keep));
  m->hot = side_move(m, m->hot, h, hot_bytes(old_len), hot_bytes(skip),
                     hot_bytes(keep));
  m->aslot = side_move(m, m->aslot, as, aslot_bytes(old_len), aslot_bytes(skip),
                       aslot_bytes(keep));
  m->arec = side_move(m, m->arec, ar, arec_bytes(old_len), arec_bytes(skip),
                      arec_bytes(keep));
  m->arec_clean = (uint32_t)keep; /* the rest as creations reach it */
  m->wide = side_move(m, m->wide, w, wide_bytes(old_len), wide_bytes(skip),
                      wide_bytes(keep));
  m->aset = side_move(m, m->aset, fs, aset_bytes(old_len), aset_bytes(skip),
                      aset_bytes(keep));
  if (skip > 0) { /* the window moved down: its tweens' slots follow */
    for (i = 0; i < keep; i++)
      if (m->aslot[i] != TW__EMPTY)
        m->slots[m->aslot[i]].index = (uint32_t)i;
    m->end = (uint32_t)keep;
    m->begin = 0;
  }
  m->cap_tweens = tweens;
  m->cap_sequences = sequences;
  tw__pool_most(m);
  m->plain_room = 0; /* a smaller capacity may have less */
  return 0;
}

uint32_t tw__room_most(const tw_manager *m) {
  size_t len = tw__array_len(m), n = len - m->end;
  size_t t = m->cap_tweens - (m->live - m->live_sequences);

  if (m->dying || m->end > len)
    return 0;
  if (t < n)
    n = t;
  if (m->arec != NULL && (t = m->arec_clean - m->end) < n)
    n = t;                  /* the records' entries cleared */
  if (m->key_nheads != 0) { /* tw__keys_room, for n more */
    t = tw__keys_room(m) ? m->key_nheads / 2 - m->key_count : 0;
    if (t < n)
      n = t;
  }
  return n < UINT32_MAX ? (uint32_t)n : UINT32_MAX;
}

void tw__room_reset(tw_manager *m) {
  /* a compaction due: the next creation goes the general way, which
   * compacts first */
  m->plain_room = tw__compact_due(m) ? 0 : tw__room_most(m);
}

/* Grows the tween (or sequence) capacity by max(1.5 x, the default) and
 * queues a warning (reported by tw__flush_warnings when the call that grew
 * ends).  From none (a manager asked for no capacity), it takes the
 * default, up to the hard limit: the first reservation, not counted as a
 * growth and not reported.  TW_ELIMIT at the hard limit, TW_ENOMEM. */
int tw__grow(tw_manager *m, int sequence) {
  size_t old = sequence ? m->cap_sequences : m->cap_tweens;
  size_t lim = sequence ? m->max_sequences : m->max_tweens;
  size_t def = tw__cap_default(m, sequence);
  size_t add = old + old / 2 > def ? old + old / 2 : def, cap;
  int rc;

  if (lim != 0 && old >= lim)
    return TW_ELIMIT;
  cap = old + add;
  if (lim != 0 && cap > lim)
    cap = lim;
  rc = sequence ? resize_array(m, m->cap_tweens, cap)
                : resize_array(m, cap, m->cap_sequences);
  if (rc != 0 || old == 0)
    return rc;
  m->st.growths++;
  if (m->pending_warn < 4) {
    int i = m->pending_warn++;
    m->warn_what[i] = sequence ? TW_WARN_GROW_SEQUENCES : TW_WARN_GROW_TWEENS;
    m->warn_old[i] = old;
    m->warn_new[i] = cap;
  }
  return 0;
}

int tw_manager_set_capacity(tw_manager *m, size_t tweens, size_t sequences) {
  if (tw__door(m, "tw_manager_set_capacity"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  if (tweens == 0)
    tweens = m->cap_tweens;
  if (sequences == 0)
    sequences = m->cap_sequences;
  if (tweens + sequences == 0) /* nothing reserved, nothing asked */
    return 0;
  if (tweens < m->live - m->live_sequences || sequences < m->live_sequences)
    return tw__fail(
        m, TW_ERANGE, "tw_manager_set_capacity",
        "%lu %s are below the %lu live",
        (unsigned long)(tweens < m->live - m->live_sequences ? tweens
                                                             : sequences),
        tweens < m->live - m->live_sequences ? "tweens" : "sequences",
        (unsigned long)(tweens < m->live - m->live_sequences
                            ? m->live - m->live_sequences
                            : m->live_sequences));
  if ((m->max_tweens != 0 && tweens > m->max_tweens) ||
      (m->max_sequences != 0 && sequences > m->max_sequences))
    return tw__fail(m, TW_ELIMIT, "tw_manager_set_capacity",
                    "above the hard limit (max_tweens %lu, max_sequences %lu)",
                    (unsigned long)m->max_tweens,
                    (unsigned long)m->max_sequences);
  if (array_bytes(tweens, sequences) == 0)
    return tw__fail(m, TW_ENOMEM, "tw_manager_set_capacity",
                    "%lu tweens and %lu sequences need more memory than "
                    "there is",
                    (unsigned long)tweens, (unsigned long)sequences);
  if (tweens + sequences < m->end) {
    if (m->busy > 0)
      return tw__fail(m, TW_EBUSY, "tw_manager_set_capacity",
                      "shrinking would move tweens an update is walking");
    tw__compact(m);
  }
  if (resize_array(m, tweens, sequences) != 0)
    return tw__fail(m, TW_ENOMEM, "tw_manager_set_capacity",
                    "no memory for %lu tweens and %lu sequences",
                    (unsigned long)tweens, (unsigned long)sequences);
  return 0;
}

/* compaction */

void tw__drop_tail(tw_manager *m, uint32_t dst, uint32_t end) {
  uint32_t top = dst;

  if (m->end != end) { /* tweens appended above: the next pass */
    if (dst < end)
      m->st.compactions++;
    return;
  }
  while (top > 0 && m->aslot[top - 1] == TW__EMPTY)
    top--; /* callbacks killed the last survivors */
  if (top == end)
    return;
  m->st.compactions++;
  m->end = top;
  if (m->begin > top)
    m->begin = top;
}

void tw__walk_begin(tw_manager *m, tw__walk *w) {
  w->next = m->begin;
  w->end = m->end;
  w->lost = TW__NO_SLOT;
  if (m->busy < TW__WALKS)
    m->walks[m->busy] = w;
  m->busy++;
}

void tw__walk_end(tw_manager *m) { m->busy--; }

/* The survivors below x (x at most end): what x becomes when the array
 * is compacted.  Every entry below begin is a hole. */
static uint32_t survivors_below(const tw_manager *m, uint32_t x) {
  uint32_t i, n = 0;

  if (x <= m->begin)
    return 0;
  for (i = m->begin; i < x; i++)
    n += m->aslot[i] != TW__EMPTY;
  return n;
}

/* Moves the cursor of every walk in progress to where its tweens go.
 * When the tween the walk is at has died (tw__walk_at), the entry before
 * the moved cursor is another's: lost says so (tw__walk). */
static void move_walks(tw_manager *m) {
  int k;

  for (k = 0; k < m->busy; k++) {
    tw__walk *w = m->walks[k];
    int lost = tw__walk_at(m, w) == TW__NO_SLOT;
    w->next = survivors_below(m, w->next);
    w->end = survivors_below(m, w->end);
    w->lost = lost ? w->next : TW__NO_SLOT;
  }
}

void tw__compact(tw_manager *m) {
  uint32_t i, dst;

  if (m->live == m->end || m->busy > TW__WALKS)
    return; /* no hole */
  if (m->busy > 0)
    move_walks(m);
  m->st.compactions++;
  /* the first hole: 0 when the window has moved, else the first in it */
  for (dst = 0; m->aslot[dst] != TW__EMPTY;)
    dst++;
  for (i = dst + 1; i < m->end; i++)
    if (m->aslot[i] != TW__EMPTY)
      tw__shift(m, i, dst++);
  m->end = dst;
  m->begin = 0;
}

/* the nested table */

int tw__nested_reserve(tw_manager *m) {
  if (m->nested_free != TW__NO_SLOT)
    return 0;
  return tw__nested_room(m, 1);
}

/* Room for `more` entries past nnested, the free list aside. */
int tw__nested_room(tw_manager *m, size_t more) {
  void *buf = m->nested;
  int rc;

  if (more <= m->nested_cap - m->nnested)
    return 0;
  if (more >= TW__NESTED / 2 - m->nnested)
    return TW_ENOMEM;
  rc = tw__resize(
      m, &buf, &m->nested_cap,
      (uint32_t)tw__grown(m->nested_cap, 16, m->nnested + more, TW__NESTED / 2),
      sizeof *m->nested);
  m->nested = buf;
  return rc;
}

/* Call tw__nested_reserve first. */
uint32_t tw__nested_take(tw_manager *m, tw__tween *t, uint32_t owner) {
  uint32_t i;

  if (m->nested_free != TW__NO_SLOT) {
    i = m->nested_free;
    m->nested_free = m->nested[i].next;
  } else {
    i = m->nnested++;
  }
  m->nested[i].t = t;
  m->nested[i].next = TW__NO_SLOT;
  m->nested[i].owner = owner;
  return i;
}

void tw__nested_release(tw_manager *m, uint32_t i) {
  m->nested[i].t = NULL;
  m->nested[i].next = m->nested_free;
  m->nested_free = i;
}

#ifdef TW__TEST_HOOKS
size_t tw__test_moved(const tw_manager *m) { return m->moved; }
#endif

/* SPDX-License-Identifier: MIT */
/* Versioned handles.
 *
 * A handle is (slot + 1, generation).  Each slot's generation is odd while
 * a tween holds the slot and even while it is free; it rises by one at
 * every take and every release and is never reset, so a handle names its
 * tween only while that very tween lives.  Free slots form a LIFO list
 * threaded through `index`.  A slot whose generation would wrap around is
 * retired: it never rejoins the free list, so no stale handle can ever
 * match a later tween.
 *
 * A restore (snapcommit.c) gives each slot alive at its snapshot that
 * snapshot's generation back, so that the handles of then work again;
 * the slot may have issued higher ones since.  Its highest is kept in
 * slot_top, and when the slot is next released it jumps past it, so a
 * tween made after the snapshot keeps a stale handle forever.  Until
 * every such slot has jumped, gen_limit is 0 and every release comes
 * here; a manager that never restored only meets the retirement here. */
#include "storage.h"

int tw__slots_reserve(tw_manager *m) {
  uint32_t ncap;
  size_t len;
  void *buf;
  int rc;

  if (m->free_slot != TW__NO_SLOT || m->nslots < m->slots_cap)
    return 0;
  if (m->slots_cap >= UINT32_MAX / 2)
    return TW_ENOMEM;
  ncap = (uint32_t)tw__grown(m->slots_cap, 64, m->slots_cap + 1, UINT32_MAX);
  /* no more slots than the array can hold tweens, unless retired slots
   * have used them up */
  len = m->cap_tweens + m->cap_sequences;
  if (ncap > len && len > m->slots_cap)
    ncap = (uint32_t)len;
  buf = m->slots;
  rc = tw__resize(m, &buf, &m->slots_cap, ncap, sizeof *m->slots);
  m->slots = buf;
  return rc;
}

int tw__handle_fail(const tw_manager *m, tw_handle h, const char *fn) {
  int err = tw__handle_err(m, h);
  uint32_t s = h.index - 1;

  if (m == NULL)
    return err;
  if (err == TW_ENESTED)
    return tw__fail_handle(m, err, fn, TW__DETAIL_NESTED, h, 0);
  if (h.index == 0)
    return tw__fail_handle(m, err, fn, TW__DETAIL_ZERO, h, 0);
  if (s >= m->nslots || (h.gen & 1u) == 0 ||
      (h.gen > m->slots[s].gen &&
       !(s < m->slot_top_cap && h.gen <= m->slot_top[s])))
    return tw__fail_handle(m, err, fn, TW__DETAIL_FOREIGN, h, 0);
  return tw__fail_handle(m, err, fn, TW__DETAIL_STALE, h, m->slots[s].gen);
}

#ifdef TW_TERSE_ERRORS
int tw__arg_fail_terse(const tw_manager *m, tw_handle h, const char *fn) {
  if (tw__lookup(m, h) == NULL)
    return tw__handle_fail(m, h, fn);
  return tw__fail_terse(m, TW_EINVAL, fn);
}
#else
int tw__arg_fail(const tw_manager *m, tw_handle h, const char *fn,
                 const char *fmt, ...) {
  va_list ap;
  int err;

  if (tw__lookup(m, h) == NULL)
    return tw__handle_fail(m, h, fn);
  va_start(ap, fmt);
  err = tw__vfail(m, TW_EINVAL, fn, fmt, ap);
  va_end(ap);
  return err;
}
#endif

/* tw__slot_take and tw__slot_release are inline, in storage.h: a
 * creation and a kill each run one. */

void tw__slot_release_slow(tw_manager *m, uint32_t s) {
  tw__slot *sl = &m->slots[s];

  if (m->lowered > 0 && s < m->slot_top_cap && m->slot_top[s] >= sl->gen) {
    uint32_t top = m->slot_top[s]; /* the first even one above it */
    sl->gen = top >= TW__GEN_RETIRE ? TW__GEN_RETIRE : (top | 1u) + 1u;
    m->slot_top[s] = sl->gen;
    if (--m->lowered == 0)
      m->gen_limit = TW__GEN_RETIRE;
  }
  if (sl->gen >= TW__GEN_RETIRE) {
    sl->gen = TW__GEN_RETIRE;
    sl->index = TW__NO_SLOT;
    return;
  }
  sl->index = m->free_slot;
  m->free_slot = s;
}

#ifdef TW__TEST_HOOKS
int tw__test_set_generation(tw_manager *m, uint32_t s, uint32_t gen) {
  if (m == NULL || s >= m->nslots || (m->slots[s].gen & 1u) != 0 ||
      (gen & 1u) != 0 || gen >= TW__GEN_RETIRE ||
      m->slots[s].gen == TW__GEN_RETIRE)
    return TW_EINVAL;
  m->slots[s].gen = gen;
  if (s < m->slot_top_cap) /* its history rewritten: none above gen */
    m->slot_top[s] = gen;
  return 0;
}
#endif

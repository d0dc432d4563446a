/* SPDX-License-Identifier: MIT */
/* Versioned handles.
 *
 * A handle is (slot + 1, generation).  Each slot's generation is odd while
 * a tween holds the slot and even while it is free; it rises by one at
 * every take and every release and is never reset, so a handle names its
 * tween only while that very tween lives.  Free slots form a LIFO list
 * threaded through `index`.  A slot whose generation would wrap around is
 * retired: it never rejoins the free list, so no stale handle can ever
 * match a later tween. */
#include "tween-private.h"

int tw__slots_reserve(tw_manager *m) {
  uint32_t ncap;
  size_t len;
  tw__slot *s;

  if (m->free_slot != TW__NO_SLOT || m->nslots < m->slots_cap)
    return 0;
  if (m->slots_cap >= UINT32_MAX / 2)
    return TW_ENOMEM;
  ncap = m->slots_cap < 64 ? 64 : m->slots_cap * 2;
  /* no more slots than the array can hold tweens, unless retired slots
   * have used them up */
  len = m->cap_tweens + m->cap_sequences;
  if (ncap > len && len > m->slots_cap)
    ncap = (uint32_t)len;
  s = tw__realloc(m, m->slots, m->slots_cap * sizeof *s, ncap * sizeof *s);
  if (s == NULL)
    return TW_ENOMEM;
  m->slots = s;
  m->slots_cap = ncap;
  return 0;
}

/* tw__slot_take and tw__slot_release are inline, in tween-private.h: a
 * creation and a kill each run one. */

#ifdef TW__TEST_HOOKS
int tw__test_set_generation(tw_manager *m, uint32_t s, uint32_t gen) {
  if (m == NULL || s >= m->nslots || (m->slots[s].gen & 1u) != 0 ||
      (gen & 1u) != 0 || gen >= TW__GEN_RETIRE ||
      m->slots[s].gen == TW__GEN_RETIRE)
    return TW_EINVAL;
  m->slots[s].gen = gen;
  return 0;
}
#endif

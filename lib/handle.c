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

/* The last generation a slot may reach before retiring (even: free). */
#define TW__GEN_RETIRE (UINT32_MAX - 1u)

int tw__slots_reserve(tw_manager *m) {
  uint32_t ncap;
  tw__slot *s;

  if (m->free_slot != TW__NO_SLOT || m->nslots < m->slots_cap)
    return 0;
  if (m->slots_cap >= UINT32_MAX / 2)
    return TW_ENOMEM;
  ncap = m->slots_cap < 64 ? 64 : m->slots_cap * 2;
  s = tw__realloc(m, m->slots, m->slots_cap * sizeof *s, ncap * sizeof *s);
  if (s == NULL)
    return TW_ENOMEM;
  m->slots = s;
  m->slots_cap = ncap;
  return 0;
}

/* Call tw__slots_reserve first. */
uint32_t tw__slot_take(tw_manager *m, uint32_t index) {
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

void tw__slot_release(tw_manager *m, uint32_t s) {
  m->slots[s].gen++;
  if (m->slots[s].gen >= TW__GEN_RETIRE) {
    m->slots[s].gen = TW__GEN_RETIRE;
    m->slots[s].index = TW__NO_SLOT;
    return;
  }
  m->slots[s].index = m->free_slot;
  m->free_slot = s;
}

tw__tween *tw__lookup(const tw_manager *m, tw_handle h) {
  uint32_t s;

  if (m == NULL || h.index == 0 || (h.gen & 1u) == 0)
    return NULL;
  s = h.index - 1;
  if (s >= m->nslots || m->slots[s].gen != h.gen)
    return NULL;
  return &m->active[m->slots[s].index];
}

tw_handle tw__handle_of(const tw_manager *m, uint32_t s) {
  tw_handle h;

  h.index = s + 1;
  h.gen = m->slots[s].gen;
  return h;
}

/* gen must be even and below TW__GEN_RETIRE: a free-listed slot at the
 * retirement generation would be handed out at UINT32_MAX and wrap to 0 on
 * release, reviving the oldest handles. */
int tw__test_set_generation(tw_manager *m, uint32_t s, uint32_t gen) {
  if (m == NULL || s >= m->nslots || (m->slots[s].gen & 1u) != 0 ||
      (gen & 1u) != 0 || gen >= TW__GEN_RETIRE ||
      m->slots[s].gen == TW__GEN_RETIRE)
    return TW_EINVAL;
  m->slots[s].gen = gen;
  return 0;
}

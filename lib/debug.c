/* SPDX-License-Identifier: MIT */
/* Debugging: tw_manager_validate checks every invariant of manager.c,
 * handle.c, pool.c and sequence.c that can be checked from the outside in;
 * tw_manager_order and tw_manager_dump show the active array as it is. */
#include "life.h"

static int check_tween(const tw_manager *m, const tw__tween *tw, int depth,
                       uint32_t *nested, uint32_t *seqs);

/* A sequence's timeline: sorted items, each child valid and nested. */
static int check_items(const tw_manager *m, const tw__record *r, int depth,
                       uint32_t *nested) {
  size_t i;
  uint32_t seqs = 0;

  if (r->nitems > r->items_cap || depth > 1000)
    return TW_EINTERNAL;
  for (i = 0; i < r->nitems; i++) {
    const tw__item *it = &r->items[i];
    if (i > 0 && it->at < r->items[i - 1].at)
      return TW_EINTERNAL;
    if (it->slot == TW__EMPTY)
      continue; /* a callback, or a child killed on its own */
    if (it->slot >= m->nslots || (m->slots[it->slot].gen & 1u) == 0 ||
        !(m->slots[it->slot].index & TW__NESTED) ||
        (m->slots[it->slot].index & ~TW__NESTED) >= m->nnested ||
        m->nested[m->slots[it->slot].index & ~TW__NESTED].t != &it->tw ||
        !(it->tw.flags & TW__F_CHILD))
      return TW_EINTERNAL;
    (*nested)++;
    if (check_tween(m, &it->tw, depth + 1, nested, &seqs) != 0)
      return TW_EINTERNAL;
  }
  return 0;
}

int tw__tween_ok(const tw_manager *m, const tw__tween *tw) {
  int seq = (tw->flags & TW__F_SEQ) != 0;

  if (tw->ease >= TW_EASE_COUNT &&
      (tw->ease < TW__EASE_FN || tw->ease > TW__EASE_SPRING ||
       tw__rec(m, tw) == NULL ||
       (tw->ease == TW__EASE_CURVE && tw__rec(m, tw)->ncurve == 0)))
    return TW_EINTERNAL;
  if (seq ? (tw->type != TW__TYPE_SEQ || tw__rec(m, tw) == NULL)
          : !tw__type_valid(m, tw->type))
    return TW_EINTERNAL;
  if (!seq && ((tw->flags & TW__F_BIG) != 0) !=
                  (m->types[tw->type].size > TW__INLINE_MAX))
    return TW_EINTERNAL; /* values where their size puts them */
  if (tw->utype > TW_UPDATE_MANUAL || !(tw__hot_of(m, tw)->duration >= 0) ||
      (tw__loops(m, tw) < 1 && tw__loops(m, tw) != -1))
    return TW_EINTERNAL;
  if (tw__rec(m, tw) != NULL && tw__rec(m, tw)->type != tw->type)
    return TW_EINTERNAL;
  if ((tw->flags & TW__F_PLAIN) &&
      (tw->type != TW_TYPE_FLOAT || (tw->flags & TW__F_SETTER) ||
       tw->ease != TW_EASE_OUT_QUAD || !tw__near(tw__hot_of(m, tw)->ev.f) ||
       ((tw->flags & TW__F_STARTED) && !tw__near(tw__hot_of(m, tw)->sv.f))))
    return TW_EINTERNAL;
  if ((tw->flags & TW__F_NEAR) && !tw__ends_near(m, tw))
    return TW_EINTERNAL; /* unchecked, its ends not near; or plain */
  if (((tw->flags & TW__F_SETTER) != 0) !=
      (tw__rec(m, tw) != NULL && tw__rec(m, tw)->set != NULL))
    return TW_EINTERNAL;
  if ((tw->flags & TW__F_GIVEN) && !(tw->flags & TW__F_STARTSET))
    return TW_EINTERNAL; /* a given start is never read */
  if ((tw->flags & (TW__F_SETTER | TW__F_BIG | TW__F_CALLBACKS | TW__F_DELAYED |
                    TW__F_LOOPS | TW__F_SCALED)) != 0 &&
      tw__rec(m, tw) == NULL)
    return TW_EINTERNAL;
  return 0;
}

static int check_tween(const tw_manager *m, const tw__tween *tw, int depth,
                       uint32_t *nested, uint32_t *seqs) {
  if (tw__tween_ok(m, tw) != 0)
    return TW_EINTERNAL;
  if (tw->flags & TW__F_SEQ) {
    (*seqs)++;
    return check_items(m, tw__rec(m, tw), depth, nested);
  }
  return 0;
}

int tw_manager_validate(const tw_manager *m) {
  uint32_t i, live = 0, first = TW__EMPTY, s, nfree = 0, nested = 0, seqs = 0;
  size_t pooled = 0;
  int t;

  if (tw__door(m, "tw_manager_validate"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  if (m->end > tw__array_len(m) || m->nslots > m->slots_cap ||
      m->nnested > m->nested_cap || m->begin > m->end)
    return TW_EINTERNAL;
  for (i = 0; i < m->end; i++) {
    const tw__tween *tw = &m->active[i];
    if (i < m->begin && m->aslot[i] != TW__EMPTY)
      return TW_EINTERNAL; /* a tween below the window */
    if (m->aslot[i] == TW__EMPTY) {
      if (tw->utype != TW__HOLE || tw__has_rec(m, i))
        return TW_EINTERNAL;
      if (first == TW__EMPTY)
        first = i;
      continue;
    }
    live++;
    if (m->aslot[i] >= m->nslots || (m->slots[m->aslot[i]].gen & 1u) == 0 ||
        m->slots[m->aslot[i]].index != i || (tw->flags & TW__F_CHILD))
      return TW_EINTERNAL;
    if ((tw->flags & TW__F_SETTER) &&
        (m->aset == NULL || tw__rec(m, tw) == NULL ||
         m->aset[i] != tw__rec(m, tw)->set))
      return TW_EINTERNAL;
    if (check_tween(m, tw, 0, &nested, &seqs) != 0)
      return TW_EINTERNAL;
  }
  if (live != m->live || first != m->first_hole || nested != m->live_nested ||
      seqs != m->live_sequences)
    return TW_EINTERNAL;
  if (m->plain_room != 0 && tw__compact_due(m))
    return TW_EINTERNAL; /* the short creation would skip a compaction */
  live += nested;
  for (s = 0; s < m->nslots; s++)
    if ((m->slots[s].gen & 1u) != 0)
      live--;
  if (live != 0)
    return TW_EINTERNAL;
  for (s = m->free_slot; s != TW__NO_SLOT; s = m->slots[s].index) {
    if (s >= m->nslots || (m->slots[s].gen & 1u) != 0 || ++nfree > m->nslots)
      return TW_EINTERNAL;
  }
  for (t = 1; t < m->ntypes; t++) {
    const tw__record *r;
    size_t n = 0;
    for (r = m->types[t].pool; r != NULL; r = r->next) {
      if (r->type != t || ++n > m->pool_size)
        return TW_EINTERNAL;
    }
    if (n != m->types[t].pooled)
      return TW_EINTERNAL;
    pooled += n;
  }
  if (pooled != m->pool_size)
    return TW_EINTERNAL;
  return tw__keys_check(m);
}

int tw_manager_order(const tw_manager *m, tw_handle *out, size_t cap) {
  uint32_t i;

  if (tw__door(m, "tw_manager_order"))
    return TW_EBUSY;
  if (m == NULL || (out == NULL && cap > 0))
    return TW_EINVAL;
  for (i = 0; i < m->end - m->begin && i < cap; i++) {
    uint32_t s = m->aslot[m->begin + i];
    if (s == TW__EMPTY) {
      out[i].index = 0;
      out[i].gen = 0;
    } else {
      out[i] = tw__handle_of(m, s);
    }
  }
  return (int)(m->end - m->begin);
}

int tw_manager_dump(const tw_manager *m, FILE *out) {
  if (tw__door(m, "tw_manager_dump"))
    return TW_EBUSY;
  static const char *const utype[] = {"normal", "late", "fixed", "manual"};
  uint32_t i;

  if (m == NULL || out == NULL)
    return TW_EINVAL;
  fprintf(out,
          "manager: %lu live, begin %lu, end %lu, first hole %ld, "
          "capacity %lu+%lu\n",
          (unsigned long)m->live, (unsigned long)m->begin,
          (unsigned long)m->end,
          m->first_hole == TW__EMPTY ? -1L : (long)m->first_hole,
          (unsigned long)m->cap_tweens, (unsigned long)m->cap_sequences);
  for (i = m->begin; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    if (m->aslot[i] == TW__EMPTY) {
      fprintf(out, "%6lu  -\n", (unsigned long)i);
      continue;
    }
    fprintf(
        out,
        "%6lu  handle %lu:%lu type %u %s ease %u %.6g/%.6g s loops %ld%s%s\n",
        (unsigned long)i, (unsigned long)m->aslot[i] + 1,
        (unsigned long)m->slots[m->aslot[i]].gen, (unsigned)t->type,
        utype[t->utype & 3], (unsigned)t->ease, tw__hot_of(m, t)->elapsed,
        tw__hot_of(m, t)->duration, (long)tw__loops(m, t),
        (t->flags & TW__F_PLAYING) ? "" : " paused",
        (t->flags & TW__F_COMPLETE) ? " complete" : "");
  }
  return 0;
}

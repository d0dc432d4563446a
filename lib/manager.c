/* SPDX-License-Identifier: MIT */
/* The manager and its active array.
 *
 * Every live tween and sequence of a manager has one slot in `active`, a
 * single array shared by all update types.  New tweens are appended at
 * `end`, so the array order is creation order, and every walk (an update,
 * a kill-all, a clear) goes from index 0 upwards: creation order is update
 * order, and the last-created of two tweens writing one value writes last.
 *
 * Invariants (tw_manager_validate checks each):
 *  - slots [0, end) hold `live` tweens and end - live holes; a hole has
 *    slot == TW__EMPTY; nothing lives at or beyond end;
 *  - first_hole is the lowest hole, or TW__EMPTY when there is none;
 *  - for a live tween at index i, slots[tween.slot].index == i and that
 *    slot's generation is odd;
 *  - end <= cap_tweens + cap_sequences, the array's length.
 *
 * A kill only marks its slot as a hole and lowers first_hole.  Nothing moves
 * until the next update starts or the next tween is appended while no walk
 * is in progress (busy == 0); then one pass from first_hole shifts each
 * survivor left over the holes, keeping relative order, and fixes its
 * slot's index.  When the only hole is the last slot, end just shrinks.  A
 * hundred kills cost one pass; a walk never sees the array move under it.
 *
 * Growth reallocates the array; walks index it afresh after every user
 * callback, so a growth inside a callback loses nothing. */
#include "tween-private.h"

#include <math.h>
#include <stdlib.h>

static void *default_alloc(void *ud, void *p, size_t old_n, size_t new_n) {
  (void)ud;
  (void)old_n;
  if (new_n == 0) {
    free(p);
    return NULL;
  }
  return realloc(p, new_n);
}

void tw_config_init(tw_config *c) {
  if (c == NULL)
    return;
  memset(c, 0, sizeof *c);
  c->tweens = TW_DEFAULT_TWEENS;
  c->sequences = TW_DEFAULT_SEQUENCES;
}

static size_t array_len(const tw_manager *m) {
  return m->cap_tweens + m->cap_sequences;
}

int tw_manager_new(const tw_config *c, tw_manager **out) {
  tw_config def;
  tw_manager tmp, *m;
  size_t n;

  if (out == NULL)
    return TW_EINVAL;
  if (c == NULL) {
    tw_config_init(&def);
    c = &def;
  }
  memset(&tmp, 0, sizeof tmp);
  tmp.cap_tweens = c->tweens != 0 ? c->tweens : TW_DEFAULT_TWEENS;
  tmp.cap_sequences = c->sequences != 0 ? c->sequences : TW_DEFAULT_SEQUENCES;
  tmp.max_tweens = c->max_tweens;
  tmp.max_sequences = c->max_sequences;
  if ((tmp.max_tweens != 0 && tmp.cap_tweens > tmp.max_tweens) ||
      (tmp.max_sequences != 0 && tmp.cap_sequences > tmp.max_sequences) ||
      tmp.cap_tweens + tmp.cap_sequences >= UINT32_MAX / 2)
    return TW_EINVAL;
  tmp.pool_bound = c->pool_bound;
  tmp.alloc = c->alloc != NULL ? c->alloc : default_alloc;
  tmp.alloc_ud = c->alloc_ud;
  tmp.warn = c->warn != NULL ? c->warn : tw_warn_stderr;
  tmp.warn_ud = c->warn_ud;
  tmp.timescale = 1.0;
  tmp.first_hole = TW__EMPTY;
  tmp.free_slot = TW__NO_SLOT;
  tmp.nested_free = TW__NO_SLOT;

  m = tmp.alloc(tmp.alloc_ud, NULL, 0, sizeof *m);
  if (m == NULL)
    return TW_ENOMEM;
  *m = tmp;
  m->st.bytes = sizeof *m;
  n = array_len(m) * sizeof *m->active;
  m->active = tw__alloc(m, n);
  if (m->active == NULL || tw__types_init(m) != 0) {
    tw__free(m, m->active, n);
    m->alloc(m->alloc_ud, m, sizeof *m, 0);
    return TW_ENOMEM;
  }
  *out = m;
  return 0;
}

int tw_manager_free(tw_manager *m) {
  tw_alloc_fn alloc;
  void *ud;

  if (m == NULL)
    return 0;
  if (m->depth > 0 || m->busy > 0)
    return TW_EBUSY;
  m->dying = 1; /* KILL callbacks cannot create tweens now */
  tw_kill_all(m, 0);
  tw__pool_drain(m);
  tw__free(m, m->active, array_len(m) * sizeof *m->active);
  tw__free(m, m->slots, m->slots_cap * sizeof *m->slots);
  tw__free(m, m->nested, m->nested_cap * sizeof *m->nested);
  tw__types_free(m);
  alloc = m->alloc;
  ud = m->alloc_ud;
  alloc(ud, m, sizeof *m, 0);
  return 0;
}

/* warnings */

void tw_warn_stderr(tw_manager *m, tw_warning what, size_t old_cap,
                    size_t new_cap, void *ud) {
  int seq = what == TW_WARN_GROW_SEQUENCES;

  (void)m;
  (void)ud;
  fprintf(stderr,
          "libtween: %s capacity grew from %lu to %lu; to avoid growth, set "
          "tw_config.%s (or call tw_manager_set_capacity) at start-up\n",
          seq ? "sequence" : "tween", (unsigned long)old_cap,
          (unsigned long)new_cap, seq ? "sequences" : "tweens");
}

void tw_warn_silent(tw_manager *m, tw_warning what, size_t old_cap,
                    size_t new_cap, void *ud) {
  (void)m;
  (void)what;
  (void)old_cap;
  (void)new_cap;
  (void)ud;
}

int tw_manager_set_warn(tw_manager *m, tw_warn_fn fn, void *ud) {
  if (m == NULL)
    return TW_EINVAL;
  m->warn = fn != NULL ? fn : tw_warn_stderr;
  m->warn_ud = ud;
  return 0;
}

/* Reports growths queued by tw__grow.  Called at the end of the public call
 * that grew, when the manager is consistent; a hook that grows again queues
 * and reports its own growth. */
void tw__flush_warnings(tw_manager *m) {
  while (m->pending_warn > 0) {
    tw_warning what = m->warn_what[0];
    size_t o = m->warn_old[0], n = m->warn_new[0];
    int i;

    m->pending_warn--;
    for (i = 0; i < m->pending_warn; i++) {
      m->warn_what[i] = m->warn_what[i + 1];
      m->warn_old[i] = m->warn_old[i + 1];
      m->warn_new[i] = m->warn_new[i + 1];
    }
    m->depth++;
    m->warn(m, what, o, n, m->warn_ud);
    m->depth--;
  }
}

/* capacity */

static int resize_array(tw_manager *m, size_t tweens, size_t sequences) {
  size_t old_n = array_len(m), new_n = tweens + sequences;
  tw__tween *a;

  if (new_n >= UINT32_MAX / 2)
    return TW_ENOMEM;
  a = tw__realloc(m, m->active, old_n * sizeof *a, new_n * sizeof *a);
  if (a == NULL)
    return TW_ENOMEM;
  m->active = a;
  m->cap_tweens = tweens;
  m->cap_sequences = sequences;
  return 0;
}

/* Grows the tween (or sequence) capacity by max(1.5 x, the default) and
 * queues a warning.  TW_ELIMIT at the hard limit, TW_ENOMEM. */
int tw__grow(tw_manager *m, int sequence) {
  size_t old = sequence ? m->cap_sequences : m->cap_tweens;
  size_t lim = sequence ? m->max_sequences : m->max_tweens;
  size_t def = sequence ? TW_DEFAULT_SEQUENCES : TW_DEFAULT_TWEENS;
  size_t add = old + old / 2 > def ? old + old / 2 : def, cap;
  int rc;

  if (lim != 0 && old >= lim)
    return TW_ELIMIT;
  cap = old + add;
  if (lim != 0 && cap > lim)
    cap = lim;
  rc = sequence ? resize_array(m, m->cap_tweens, cap)
                : resize_array(m, cap, m->cap_sequences);
  if (rc != 0)
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
  if (m == NULL)
    return TW_EINVAL;
  if (tweens == 0)
    tweens = m->cap_tweens;
  if (sequences == 0)
    sequences = m->cap_sequences;
  if (tweens < m->live - m->live_sequences || sequences < m->live_sequences)
    return TW_ERANGE;
  if ((m->max_tweens != 0 && tweens > m->max_tweens) ||
      (m->max_sequences != 0 && sequences > m->max_sequences))
    return TW_ELIMIT;
  if (tweens + sequences < m->end) {
    if (m->busy > 0)
      return TW_EBUSY;
    tw__compact(m);
  }
  return resize_array(m, tweens, sequences);
}

/* Empties slot idx of the active array (a kill, or a child leaving for its
 * sequence): a hole until the next compaction. */
void tw__vacate(tw_manager *m, uint32_t idx) {
  tw__tween *t = &m->active[idx];

  if (t->flags & TW__F_SEQ)
    m->live_sequences--;
  t->slot = TW__EMPTY;
  t->utype = TW__HOLE;
  t->rec = NULL;
  if (idx < m->first_hole)
    m->first_hole = idx;
  m->live--;
}

/* compaction */

void tw__compact(tw_manager *m) {
  uint32_t i, dst;

  if (m->first_hole == TW__EMPTY)
    return;
  m->st.compactions++;
  if (m->first_hole == m->end - 1) {
    m->end--; /* the only hole is the last slot */
  } else {
    dst = m->first_hole;
    for (i = m->first_hole + 1; i < m->end; i++) {
      if (m->active[i].slot == TW__EMPTY)
        continue;
      m->active[dst] = m->active[i];
      m->slots[m->active[dst].slot].index = dst;
      dst++;
    }
    m->end = dst;
  }
  m->first_hole = TW__EMPTY;
}

/* clear, time scale */

int tw_manager_clear(tw_manager *m) {
  int rc;

  if (m == NULL)
    return TW_EINVAL;
  rc = tw_kill_all(m, 0);
  if (rc < 0)
    return rc;
  tw__pool_drain(m);
  return 0;
}

int tw_manager_set_timescale(tw_manager *m, double scale) {
  if (m == NULL || !isfinite(scale) || scale < 0)
    return TW_EINVAL;
  m->timescale = scale;
  return 0;
}

double tw_manager_timescale(const tw_manager *m) {
  return m != NULL ? m->timescale : 0.0;
}

/* the default manager */

static tw_manager *default_manager;

tw_manager *tw_default(void) {
  if (default_manager == NULL && tw_manager_new(NULL, &default_manager) != 0)
    default_manager = NULL;
  return default_manager;
}

int tw_default_free(void) {
  int rc = tw_manager_free(default_manager);

  if (rc == 0)
    default_manager = NULL;
  return rc;
}

/* introspection */

int tw_manager_stats(const tw_manager *m, tw_stats *out) {
  if (m == NULL || out == NULL)
    return TW_EINVAL;
  *out = m->st;
  out->live = m->live + m->live_nested;
  out->tweens_capacity = m->cap_tweens;
  out->sequences_capacity = m->cap_sequences;
  out->pool_size = m->pool_size;
  return 0;
}

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
        it->tw.slot != it->slot)
      return TW_EINTERNAL;
    (*nested)++;
    if (check_tween(m, &it->tw, depth + 1, nested, &seqs) != 0)
      return TW_EINTERNAL;
  }
  return 0;
}

static int check_tween(const tw_manager *m, const tw__tween *tw, int depth,
                       uint32_t *nested, uint32_t *seqs) {
  int seq = (tw->flags & TW__F_SEQ) != 0;

  if (tw->ease >= TW_EASE_COUNT &&
      (tw->ease < TW__EASE_FN || tw->ease > TW__EASE_CURVE || tw->rec == NULL ||
       (tw->ease == TW__EASE_CURVE && tw->rec->ncurve == 0)))
    return TW_EINTERNAL;
  if (seq ? (tw->type != TW__TYPE_SEQ || tw->rec == NULL)
          : !tw__type_valid(m, tw->type))
    return TW_EINTERNAL;
  if (tw->utype > TW_UPDATE_MANUAL || !(tw->duration >= 0) ||
      (tw->loops < 1 && tw->loops != -1))
    return TW_EINTERNAL;
  if (tw->rec != NULL && tw->rec->type != tw->type)
    return TW_EINTERNAL;
  if ((tw->flags & TW__F_PLAIN) &&
      (tw->type != TW_TYPE_FLOAT || tw->set != NULL ||
       tw->ease != TW_EASE_OUT_QUAD))
    return TW_EINTERNAL;
  if (((tw->flags & TW__F_SETTER) != 0) != (tw->set != NULL))
    return TW_EINTERNAL;
  if ((tw->flags & (TW__F_SETTER | TW__F_BIG | TW__F_CALLBACKS | TW__F_DELAYED |
                    TW__F_LOOPS | TW__F_SCALED)) != 0 &&
      tw->rec == NULL)
    return TW_EINTERNAL;
  if (seq) {
    (*seqs)++;
    return check_items(m, tw->rec, depth, nested);
  }
  return 0;
}

int tw_manager_validate(const tw_manager *m) {
  uint32_t i, live = 0, first = TW__EMPTY, s, nfree = 0, nested = 0, seqs = 0;
  size_t pooled = 0;
  int t;

  if (m == NULL)
    return TW_EINVAL;
  if (m->end > array_len(m) || m->nslots > m->slots_cap ||
      m->nnested > m->nested_cap)
    return TW_EINTERNAL;
  for (i = 0; i < m->end; i++) {
    const tw__tween *tw = &m->active[i];
    if (tw->slot == TW__EMPTY) {
      if (tw->utype != TW__HOLE)
        return TW_EINTERNAL;
      if (first == TW__EMPTY)
        first = i;
      continue;
    }
    live++;
    if (tw->slot >= m->nslots || (m->slots[tw->slot].gen & 1u) == 0 ||
        m->slots[tw->slot].index != i)
      return TW_EINTERNAL;
    if (check_tween(m, tw, 0, &nested, &seqs) != 0)
      return TW_EINTERNAL;
  }
  if (live != m->live || first != m->first_hole || nested != m->live_nested ||
      seqs != m->live_sequences)
    return TW_EINTERNAL;
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
  return 0;
}

int tw_manager_order(const tw_manager *m, tw_handle *out, size_t cap) {
  uint32_t i;

  if (m == NULL || (out == NULL && cap > 0))
    return TW_EINVAL;
  for (i = 0; i < m->end && i < cap; i++) {
    if (m->active[i].slot == TW__EMPTY) {
      out[i].index = 0;
      out[i].gen = 0;
    } else {
      out[i] = tw__handle_of(m, m->active[i].slot);
    }
  }
  return (int)m->end;
}

int tw_manager_dump(const tw_manager *m, FILE *out) {
  static const char *const utype[] = {"normal", "late", "fixed", "manual"};
  uint32_t i;

  if (m == NULL || out == NULL)
    return TW_EINVAL;
  fprintf(out, "manager: %lu live, end %lu, first hole %ld, capacity %lu+%lu\n",
          (unsigned long)m->live, (unsigned long)m->end,
          m->first_hole == TW__EMPTY ? -1L : (long)m->first_hole,
          (unsigned long)m->cap_tweens, (unsigned long)m->cap_sequences);
  for (i = 0; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    if (t->slot == TW__EMPTY) {
      fprintf(out, "%6lu  -\n", (unsigned long)i);
      continue;
    }
    fprintf(
        out,
        "%6lu  handle %lu:%lu type %u %s ease %u %.6g/%.6g s loops %ld%s%s\n",
        (unsigned long)i, (unsigned long)t->slot + 1,
        (unsigned long)m->slots[t->slot].gen, (unsigned)t->type,
        utype[t->utype & 3], (unsigned)t->ease, t->elapsed, t->duration,
        (long)t->loops, (t->flags & TW__F_PLAYING) ? "" : " paused",
        (t->flags & TW__F_COMPLETE) ? " complete" : "");
  }
  return 0;
}

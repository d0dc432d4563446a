/* SPDX-License-Identifier: MIT */
/* Debugging: tw_manager_validate checks every invariant of manager.c,
 * handle.c, pool.c and sequence.c that can be checked from the outside in;
 * tw_manager_order and tw_manager_dump show the active array as it is. */
#include "life.h"

static int check_tween(const tw_manager *m, const tw__tween *tw, int depth,
                       uint32_t *nested, uint32_t *seqs);

/* A sequence's timeline: sorted items, each child valid and nested, the
 * first r->seq_lo of them settled at its time. */
static int check_items(const tw_manager *m, const tw__record *r, int depth,
                       uint32_t *nested) {
  size_t i;
  uint32_t seqs = 0;

  if (r->nitems > r->items_cap || depth > 1000)
    return TW_EINTERNAL;
  for (i = 0; i < r->nitems; i++) {
    const tw__item *it = &r->items[i];
    if (tw__item_ok(it, i > 0 ? r->items[i - 1].at : 0) != 0 ||
        (i < r->seq_lo && !tw__item_settled(m, it, r->seq_t)))
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

/* The values of t are finite where it holds them: its end always, its
 * start once read or given (every value taken is checked, and a start
 * read from the target is made finite, tw__value_clean). */
static int ends_finite(const tw_manager *m, const tw__tween *t) {
  size_t size = m->types[t->type].size;
  tw__tween *w = (tw__tween *)t; /* tw__val reads it only */

  if (t->flags & TW__F_BIG)
    return 1; /* a registered type's (over 16 bytes): bytes, not read; and
                 in a restore's check its record's buffer is the image's,
                 not yet a place to read */
  return tw__value_finite(t->type, tw__val(m, w, size, TW__END)) &&
         (!(t->flags & (TW__F_STARTED | TW__F_STARTSET)) ||
          tw__value_finite(t->type, tw__val(m, w, size, TW__START)));
}

/* The elapsed time of t: not negative, and finite (the update saturates
 * its sums at DBL_MAX) but at the end of a tween of finite loops whose
 * total time is past any double, where a move to the end puts it. */
static int elapsed_ok(const tw_manager *m, const tw__tween *t) {
  double e = *tw__elapsed_of(m, t);

  return e >= 0 && (e <= DBL_MAX ||
                    (tw__loops(m, t) >= 1 && tw__total_time(m, t) > DBL_MAX));
}

/* Whether h's float of its duration is the duration's (tw__set_duration),
 * bit for bit, where it is kept. */
static int duration_f_ok(const tw__hot *h) {
#ifdef TW__SOFT_DOUBLES
  float f = (float)h->duration;

  return memcmp(&f, &h->duration_f, sizeof f) == 0;
#else
  (void)h;
  return 1;
#endif
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
  if (!duration_f_ok(tw__hot_of(m, tw)))
    return TW_EINTERNAL;
  if (tw->utype > TW_UPDATE_MANUAL ||
      !tw__time_kept(tw__hot_of(m, tw)->duration) ||
      (tw__loops(m, tw) < 1 && tw__loops(m, tw) != -1))
    return TW_EINTERNAL;
  if (!elapsed_ok(m, tw))
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
  if (!seq && !ends_finite(m, tw))
    return TW_EINTERNAL; /* the update would write them */
  if ((tw->flags & (TW__F_SETTER | TW__F_BIG | TW__F_CALLBACKS | TW__F_DELAYED |
                    TW__F_LOOPS | TW__F_SCALED | TW__F_EXTRA | TW__F_SNAPPED |
                    TW__F_WOBBLE | TW__F_ADDITIVE | TW__F_PATH)) != 0 &&
      tw__rec(m, tw) == NULL)
    return TW_EINTERNAL;
  return 0;
}

/* the numbers of a record, one check per kind: tw__record_ok */

/* A time as tw__time_in leaves it: finite, not negative, not -0.0. */
static int time_ok(double x) { return tw__time_kept(x); }

static double dbl_at(const unsigned char *p, size_t i) {
  double d;

  memcpy(&d, p + i * sizeof d, sizeof d);
  return d;
}

/* A keyframe curve as tw_set_ease_curve takes it: n >= 1 keys, finite, in
 * strictly increasing time. */
static int curve_ok(const unsigned char *keys, size_t n) {
  size_t i;
  float prev = 0;

  for (i = 0; i < n; i++) {
    tw_key k;
    memcpy(&k, keys + i * sizeof k, sizeof k);
    if (!tw__finite(k.time) || !tw__finite(k.value) ||
        !tw__finite(k.in_tangent) || !tw__finite(k.out_tangent) ||
        (i > 0 && !(k.time > prev)))
      return 0;
    prev = k.time;
  }
  return n >= 1;
}

/* The data of t's ease, where the record holds it. */
static int ease_data_ok(const tw__tween *t, const tw__record *r,
                        const tw__bufs *b) {
  switch (t->ease) {
  case TW__EASE_FN:
    return r->ex.fn.fn != NULL;
  case TW__EASE_BEZIER:
    return tw__bezier_ok(r->ex.bezier[0], r->ex.bezier[1], r->ex.bezier[2],
                         r->ex.bezier[3]);
  case TW__EASE_STEPS:
    return (unsigned)r->ex.steps.jump <= TW_JUMP_BOTH &&
           r->ex.steps.n >= (r->ex.steps.jump == TW_JUMP_NONE ? 2 : 1);
  case TW__EASE_CURVE:
    return curve_ok(b->curve, r->ncurve);
  case TW__EASE_SPRING:
    return tw__spring_ok(&r->spring);
  default:
    return 1;
  }
}

/* A path: its kind, its points (finite, a count its kind takes) and its
 * table of lengths (one per sample, from 0, never falling). */
static int path_ok(const tw__tween *t, const tw__choreo *x, const tw__bufs *b) {
  size_t seg, i, n;
  int kind;

  if (x->path < 1 || x->path > TW_PATH_BEZIER + 1)
    return 0;
  kind = x->path - 1;
  if ((unsigned)x->closed > 1 || (unsigned)x->constant > 1 ||
      (x->dims != 2 && x->dims != 3) ||
      ((t->flags & TW__F_PATH) &&
       t->type != (x->dims == 2 ? TW_TYPE_VEC2 : TW_TYPE_VEC3)) ||
      x->npts > ((size_t)-1) / 64 / 3 || x->npts * x->dims > x->pts_cap)
    return 0;
  if (kind == TW_PATH_BEZIER ? (x->closed ? x->npts < 3 || x->npts % 3 != 0
                                          : x->npts < 4 || x->npts % 3 != 1)
                             : x->npts < 2)
    return 0;
  seg = tw__path_segments(x);
  if (seg == 0 || seg > ((size_t)-1) / TW__PATH_SAMPLES - 1 ||
      x->narc != seg * TW__PATH_SAMPLES + 1 || x->narc > x->arc_cap)
    return 0;
  for (i = 0, n = x->npts * x->dims; i < n; i++) {
    float f;
    memcpy(&f, b->pts + i * sizeof f, sizeof f);
    if (!tw__finite(f))
      return 0;
  }
  if (dbl_at(b->arc, 0) != 0)
    return 0;
  for (i = 1; i < x->narc; i++)
    if (!(dbl_at(b->arc, i) >= dbl_at(b->arc, i - 1)) ||
        !tw__finite(dbl_at(b->arc, i)))
      return 0;
  return 1;
}

/* A punch or a shake as tw_punch and tw_shake make them. */
static int wobble_ok(const tw__choreo *x) {
  int k;

  if ((x->wobble != 1 && x->wobble != 2) || (unsigned)x->fade_out > 1 ||
      !(x->segments >= 2 && x->segments <= 2147483648.0) ||
      x->segments != (double)(int64_t)x->segments ||
      !(x->spread >= 0 && x->spread <= 1))
    return 0;
  for (k = 0; k < 4; k++)
    if (!tw__finite(x->amount[k]))
      return 0;
  return 1;
}

/* A sequence's labels: each a time and a name inside the names, which end
 * in NUL. */
static int labels_ok(const tw__choreo *x, const tw__bufs *b) {
  size_t i;

  if (x->nlabels > x->labels_cap || x->names_len > x->names_cap ||
      (x->names_len > 0 && b->names[x->names_len - 1] != '\0'))
    return 0;
  for (i = 0; i < x->nlabels; i++) {
    tw__label l;
    memcpy(&l, b->labels + i * sizeof l, sizeof l);
    if (!time_ok(l.at) || l.name >= x->names_len)
      return 0;
  }
  return 1;
}

/* The choreography block x of t (NULL: none), and what t's flags read of
 * it. */
static int choreo_ok(const tw__tween *t, const tw__choreo *x,
                     const tw__bufs *b) {
  int k;

  if (x == NULL)
    return !(t->flags &
             (TW__F_SNAPPED | TW__F_WOBBLE | TW__F_ADDITIVE | TW__F_PATH));
  if (!time_ok(x->loop_delay) || !time_ok(x->snap) || x->yoyo_ease < -1 ||
      x->yoyo_ease >= TW_EASE_COUNT || (unsigned)x->primed > 1 ||
      ((t->flags & TW__F_SNAPPED) && !(x->snap > 0)) ||
      ((t->flags & TW__F_WOBBLE) && !wobble_ok(x)) ||
      ((t->flags & TW__F_PATH) && x->path == 0) ||
      (x->path != 0 && !path_ok(t, x, b)) || !labels_ok(x, b))
    return 0;
  for (k = 0; (t->flags & TW__F_ADDITIVE) && k < 4; k++)
    if (!tw__finite(x->last[k]))
      return 0;
  return 1;
}

/* A double's exponent bits plus one: the top bit set if it is not finite
 * (inf, NaN: every exponent bit set), clear if it is, so that the tests
 * of many are or'ed without a branch (tw__finite, several at once). */
static TW__INLINE uint64_t not_finite_bit(double d) {
  uint64_t x;

  memcpy(&x, &d, 8);
  return (x & (uint64_t)0x7ff << 52) + ((uint64_t)1 << 52);
}

static TW__INLINE uint64_t not_finite4(const double d[4]) {
  return not_finite_bit(d[0]) | not_finite_bit(d[1]) | not_finite_bit(d[2]) |
         not_finite_bit(d[3]);
}

int tw__record_ok(const tw_manager *m, const tw__tween *t, const tw__record *r,
                  const tw__choreo *x, const tw__bufs *b) {

  /* the compensation of elapsed's sum: below an ulp of the sums it has
   * been part of (life.c), so a second at most but for times past 2^50 s;
   * anything once elapsed has saturated (the sum overflowed) */
  double e = *tw__elapsed_of(m, t), c_most = 1 + e * (4 * DBL_EPSILON);
  int c_ok =
      e >= DBL_MAX || (r->elapsed_c >= -c_most && r->elapsed_c <= c_most);

  if (r->loop_type > TW_LOOP_INCREMENTAL || r->has_id > 1 ||
      !time_ok(r->delay) || !time_ok(r->delay_elapsed) || !c_ok ||
      !time_ok(r->timescale) ||
      (not_finite_bit(r->overshoot) | not_finite_bit(r->period) |
       not_finite_bit(r->last_insert) | not_finite_bit(r->extra_j)) >>
          63 ||
      r->ncurve > r->curve_cap || r->nitems > r->items_cap ||
      r->seq_lo > r->nitems || !(r->seq_t <= DBL_MAX) ||
      r->extra > TW__EXTRA_ADD || (r->loops < 1 && r->loops != -1) ||
      !ease_data_ok(t, r, b) || !choreo_ok(t, x, b))
    return TW_EINTERNAL;
  if ((not_finite4(r->extra_c) | not_finite4(r->add_a) | not_finite4(r->add_b) |
       not_finite4(r->add_c0) | not_finite4(r->add_k)) >>
      63)
    return TW_EINTERNAL;
  /* an additive retarget's times (retarget.c) */
  if (r->add_back > 1 || r->add_on > 1 || !time_ok(r->add_e0) ||
      !time_ok(r->add_d0))
    return TW_EINTERNAL;
  return 0;
}

int tw__item_ok(const tw__item *it, double prev) {
  return it->at >= prev && it->at <= DBL_MAX && it->span >= 0 ? 0
                                                              : TW_EINTERNAL;
}

/* the key index's write clocks and stamps (keys.c) */

/* No clock goes past 2^62 (a write a nanosecond for a century), so that
 * none wraps. */
#define CLOCK_MOST ((uint64_t)1 << 62)

int tw__clocks_ok(uint64_t wclock, const uint64_t pass[4],
                  const uint64_t prev[4], uint64_t room) {
  int u;

  for (u = 0; u < 4; u++)
    if (prev[u] > pass[u] || pass[u] > wclock)
      return TW_EINTERNAL;
  return wclock <= CLOCK_MOST - room ? 0 : TW_EINTERNAL;
}

int tw__stamp_ok(uint64_t wclock, const tw__stamp *st) {
  return st->wrote <= wclock && st->at <= wclock && st->run <= wclock
             ? 0
             : TW_EINTERNAL;
}

/* The clocks, and the stamps of every slot. */
static int stamps_ok(const tw_manager *m) {
  uint32_t s;

  if (m->key_nheads == 0)
    return 0;
  if (tw__clocks_ok(m->wclock, m->pass_clock, m->prev_clock, 0) != 0)
    return TW_EINTERNAL;
  for (s = 0; s < m->nslots; s++)
    if (tw__stamp_ok(m->wclock, &m->key_stamps[s]) != 0)
      return TW_EINTERNAL;
  return 0;
}

/* tw__record_ok of a live tween's record, if it has one. */
/* A lite record (tw__record.lite) of floats holds tw__record_get's fields
 * but for set, get, next, the life floor's moves, elapsed_c and
 * delay_elapsed, and the buffers it keeps (its choreography block's
 * settings reset). */
static int lite_ok(const tw__record *r) {
  tw__record c, d;

  if (!r->lite)
    return 0;
  if (r->type != TW_TYPE_FLOAT ||
      (r->ch != NULL &&
       (r->ch->loop_delay != 0 || r->ch->snap != 0 || r->ch->yoyo_ease != -1 ||
        r->ch->wobble != 0 || r->ch->path != 0 || r->ch->npts != 0 ||
        r->ch->narc != 0 || r->ch->nlabels != 0 || r->ch->names_len != 0)))
    return TW_EINTERNAL;
  memcpy(&c, r, sizeof c);
  c.next = NULL;
  c.set = NULL;
  c.get = NULL;
  c.moves = 0;
  c.elapsed_c = 0;
  c.delay_elapsed = 0;
  c.curve = NULL;
  c.curve_cap = 0;
  c.items = NULL;
  c.order = NULL;
  c.items_cap = 0;
  c.ch = NULL;
  memset(&d, 0, sizeof d);
  d.seq_t = -1;
  d.loops = 1;
  d.type = TW_TYPE_FLOAT;
  d.timescale = 1.0;
  d.overshoot = TW__OVERSHOOT;
  d.lite = 1;
  return memcmp(&c, &d, sizeof c) == 0 ? 0 : TW_EINTERNAL;
}

static int live_record_ok(const tw_manager *m, const tw__tween *t) {
  const tw__record *r = tw__rec(m, t);
  tw__bufs b;

  if (r == NULL)
    return 0;
  if (lite_ok(r) != 0 ||
      (!m->custom_overshoot && !tw__default_overshoot(r->overshoot)))
    return TW_EINTERNAL;
  b.curve = (const unsigned char *)r->curve;
  b.pts = b.arc = b.labels = b.names = NULL;
  if (r->ch != NULL) {
    b.pts = (const unsigned char *)r->ch->pts;
    b.arc = (const unsigned char *)r->ch->arc;
    b.labels = (const unsigned char *)r->ch->labels;
    b.names = (const unsigned char *)r->ch->names;
  }
  return tw__record_ok(m, t, r, r->ch, &b);
}

static int check_tween(const tw_manager *m, const tw__tween *tw, int depth,
                       uint32_t *nested, uint32_t *seqs) {
  if (tw__tween_ok(m, tw) != 0 || live_record_ok(m, tw) != 0)
    return TW_EINTERNAL;
  if (tw->flags & TW__F_SEQ) {
    (*seqs)++;
    return check_items(m, tw__rec(m, tw), depth, nested);
  }
  return 0;
}

int tw_manager_validate(const tw_manager *m) {
  uint32_t i, live = 0, s, nfree = 0, nested = 0, seqs = 0;
  size_t pooled = 0;
  int t;

  if (tw__door(m, "tw_manager_validate"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  if (m->end > tw__array_len(m) || m->nslots > m->slots_cap ||
      m->nnested > m->nested_cap || m->begin > m->end ||
      (m->active == NULL) != (tw__array_len(m) == 0))
    return TW_EINTERNAL; /* an array whenever it has a length */
  for (i = 0; i < m->end; i++) {
    const tw__tween *tw = &m->active[i];
    if (i < m->begin && m->aslot[i] != TW__EMPTY)
      return TW_EINTERNAL; /* a tween below the window */
    if (m->aslot[i] == TW__EMPTY) {
      if (tw->utype != TW__HOLE || tw__has_rec(m, i))
        return TW_EINTERNAL;
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
  if (live != m->live || nested != m->live_nested || seqs != m->live_sequences)
    return TW_EINTERNAL;
  if (m->arec != NULL &&
      (m->arec_clean < m->end || m->arec_clean > tw__array_len(m)))
    return TW_EINTERNAL; /* the cleared records below end, or past the array */
  if (m->plain_room > tw__room_most(m))
    return TW_EINTERNAL; /* the short creation would overrun its room */
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
      if (r->type != t || ++n > m->pool_size || lite_ok(r) != 0)
        return TW_EINTERNAL;
    }
    if (n != m->types[t].pooled)
      return TW_EINTERNAL;
    pooled += n;
  }
  if (pooled != m->pool_size || stamps_ok(m) != 0)
    return TW_EINTERNAL;
  return tw__keys_check(m);
}

/* Where the occupied part starts: the window's begin, past the holes the
 * oldest left when killed with no walk in progress (a kill leaves the
 * window to the next pass, manager.c); during a walk, the window's begin,
 * as the pass that kills the oldest leaves them to its end. */
static uint32_t oldest(const tw_manager *m) {
  uint32_t b = m->begin;

  while (m->busy == 0 && b < m->end && m->aslot[b] == TW__EMPTY)
    b++;
  return b;
}

int tw_manager_order(const tw_manager *m, tw_handle *out, size_t cap) {
  uint32_t i, b;

  if (tw__door(m, "tw_manager_order"))
    return TW_EBUSY;
  if (m == NULL || (out == NULL && cap > 0))
    return tw__fail(m, TW_EINVAL, "tw_manager_order", "out is NULL, cap %lu",
                    (unsigned long)cap);
  b = oldest(m);
  for (i = 0; i < m->end - b && i < cap; i++) {
    uint32_t s = m->aslot[b + i];
    if (s == TW__EMPTY) {
      out[i].index = 0;
      out[i].gen = 0;
    } else {
      out[i] = tw__handle_of(m, s);
    }
  }
  return (int)(m->end - b);
}

int tw_manager_dump(const tw_manager *m, FILE *out) {
  if (tw__door(m, "tw_manager_dump"))
    return TW_EBUSY;
  static const char *const utype[] = {"normal", "late", "fixed", "manual"};
  uint32_t i;

  if (m == NULL || out == NULL)
    return tw__fail(m, TW_EINVAL, "tw_manager_dump", "out is NULL");
  fprintf(out,
          "manager: %lu live, begin %lu, end %lu, %lu holes, "
          "capacity %lu+%lu\n",
          (unsigned long)m->live, (unsigned long)m->begin,
          (unsigned long)m->end, (unsigned long)(m->end - m->live),
          (unsigned long)m->cap_tweens, (unsigned long)m->cap_sequences);
  for (i = oldest(m); i < m->end; i++) {
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
        utype[t->utype & 3], (unsigned)t->ease, *tw__elapsed_of(m, t),
        tw__hot_of(m, t)->duration, (long)tw__loops(m, t),
        (t->flags & TW__F_PLAYING) ? "" : " paused",
        (t->flags & TW__F_COMPLETE) ? " complete" : "");
  }
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* A tween's birth: creation of tweens and sequences.
 *
 * A new tween is appended at the end of the active array (manager.c) with
 * its hot fields set, so creation order is array order.  A record
 * (pool.c) is taken only when the tween needs one: a setter binding or a
 * value too big to live inline.  Everything that can fail (a slot, the
 * record, growth) is taken before anything changes, growth last since it
 * cannot be undone (but a manager's first array, which has nothing in it
 * to move, is taken first and given back); a refused creation leaves the
 * manager as it was.  A growth's warning hook runs at the end of the call, when
 * the new tween is in place and whole (a tween of a kind of its own, tw__kind,
 * has its memory taken before the growth and its fields set before the hook),
 * so the hook may use the manager and the tween.  The plain flag marks the
 * commonest tween (a float by pointer, eased OutQuad), which the update's
 * fast path advances in the fewest instructions.  A tween with a given
 * start (tw_from_to) never reads its target and writes the start at once,
 * through the one write of life.c. */
#include "life.h"

/* creation */

/* A slot can be taken without growing the slot table. */
static int slot_ready(const tw_manager *m) {
  return m->free_slot != TW__NO_SLOT || m->nslots < m->slots_cap;
}

/* An append compacts first when the holes are many and no walk is in
 * progress, or when the holes are all that keeps the array from room
 * (then during a walk too, see manager.c). */
static int compact_first(const tw_manager *m) {
  return m->live < m->end && /* a hole */
         (m->end >= m->cap_tweens + m->cap_sequences ||
          (m->busy == 0 && tw__compact_due(m)));
}

/* The array has room for one more tween (or sequence). */
static int room(const tw_manager *m, int seq) {
  return m->end < m->cap_tweens + m->cap_sequences &&
         (seq ? m->live_sequences < m->cap_sequences
              : m->live - m->live_sequences < m->cap_tweens);
}

/* The flags of a new tween, before any setting. */
#define TW__F_NEW (TW__F_PLAYING | TW__F_AUTOKILL | TW__F_RECYCLABLE)

/* Takes a slot for a new tween at the end of the array and writes its
 * fields, with default settings and flags `flags` (TW__F_NEW and what the
 * caller knows already), its target and duration; all is checked and
 * reserved.  Returns its hot part. */
static inline tw__hot *place(tw_manager *m, int type, int seq, tw__record *rec,
                             void *target, double duration, uint32_t flags,
                             uint32_t *out) {
  uint32_t idx = m->end++, s = tw__slot_take(m, idx);
  tw__tween *t = &m->active[idx];
  tw__hot *h = &m->hot[idx];

#if defined(__GNUC__)
  /* Creation in bulk is bound by the writes to fresh lines of the array:
   * ask for the lines a few tweens ahead before they are needed (past
   * the array's end, a prefetch is a no-op: it never faults) */
  __builtin_prefetch(h + 8, 1);
#endif
  /* every field written once (a memset here compiles to rep stos, which
   * costs more than the rest of the creation); the entry's record is
   * NULL already (a hole's, or a fresh entry's) unless it has one */
  m->elapsed[idx] = 0;
  tw__set_duration(h, duration);
  h->target = target;
  h->sv.i = 0;
  h->ev.i = 0;
  m->aslot[idx] = s;
  t->flags = flags;
  t->type = (uint16_t)type;
  t->ease = TW_EASE_OUT_QUAD;
  t->utype = TW_UPDATE_NORMAL;
  if (rec != NULL)
    m->arec[idx] = rec;
  m->live++;
  if (seq)
    m->live_sequences++;
  if (m->live + m->live_nested > m->st.peak)
    m->st.peak = m->live + m->live_nested;
  *out = s;
  return h;
}

/* Appends a new tween of `type` (a sequence if seq) with default settings
 * and returns its slot.  Takes everything that can fail before anything
 * changes (growth last, since it cannot be undone). */
static int append(tw_manager *m, int type, int seq, int need_rec, int wide,
                  int set, const tw__kind *kind, void *target, double duration,
                  uint32_t *out, const char *fn) {
  tw__record *rec = NULL;
  int rc, first = 0;

  if (m->dying)
    return tw__fail(m, TW_EBUSY, fn, "the manager is being freed");
  /* until the creation is done (tw__room_reset): the program's code it
   * runs (a setter, a hook) creates the general way */
  m->plain_room = 0;
  if (m->busy == 0)
    tw__window(m); /* past the tweens killed at the front since */
  if (compact_first(m))
    tw__compact(m);
  rc = slot_ready(m) ? 0 : tw__slots_reserve(m);
  if (rc == 0 && m->key_nheads != 0)
    rc = tw__keys_reserve(m);
  /* a manager that reserved nothing takes its array now, before the
   * arrays beside it, which have its length: nothing to move, and given
   * back below if the rest is refused */
  if (rc == 0 && m->active == NULL && (rc = tw__grow(m, seq)) == 0)
    first = 1;
  if (rc == 0 && wide && m->wide == NULL)
    rc = tw__wide_init(m);
  if (rc == 0 && set && m->aset == NULL)
    rc = tw__aset_init(m);
  if (rc == 0 && (need_rec || kind != NULL) && m->arec == NULL)
    rc = tw__arec_init(m);
  if (rc == 0 && (need_rec || kind != NULL)) {
    rec = tw__record_get(m, type);
    if (rec == NULL)
      rc = TW_ENOMEM;
    else if (kind != NULL && kind->prep != NULL)
      rc = kind->prep(m, rec, kind->ctx);
  }
  if (rc == 0 && !room(m, seq))
    rc = tw__grow(m, seq);
  if (rc != 0) {
    if (first)
      tw__array_drop(m);
    tw__record_put(m, rec);
    return tw__fail(m, rc, fn, "%s",
                    rc == TW_ELIMIT ? "the capacity's hard limit is reached"
                                    : "no memory for the tween");
  }
  if (m->arec != NULL && m->end >= m->arec_clean)
    tw__arec_ready(m);
  place(m, type, seq, rec, target, duration, TW__F_NEW, out);
  return 0;
}

/* The sentence of create's first refusal (TW_EINVAL). */
static TW__NOINLINE int create_refused(const tw_manager *m, const void *target,
                                       tw_setter_fn set, const void *end,
                                       double duration, const char *fn) {
  if (end == NULL)
    return tw__fail(m, TW_EINVAL, fn, "end is NULL");
  if (!tw__time_in(&duration))
    return tw__fail(m, TW_EINVAL, fn, "duration %g %s", duration,
                    tw__time_why(duration, 0));
  if (set == NULL && target == NULL)
    return tw__fail(m, TW_EINVAL, fn, "target is NULL");
  return tw__fail(m, TW_EINVAL, fn,
                  "a setter tween needs a getter, or a start given");
}

/* A tween to end (from start, if given: then the target is not read, a
 * setter needs no getter, and the start is written at once). */
static int create_as(tw_manager *m, int type, void *target, tw_setter_fn set,
                     tw_getter_fn get, const void *start, const void *end,
                     double duration, const tw__kind *kind, const char *fn,
                     tw_handle *out) {
  tw__tween *t;
  size_t size;
  uint32_t s;
  int rc, big, wide;

  if (m == NULL || end == NULL || !tw__time_in(&duration) ||
      (set == NULL ? target == NULL : get == NULL && start == NULL))
    return create_refused(m, target, set, end, duration, fn);
  if (type <= 0 || type >= m->ntypes || m->types[type].size == 0)
    return tw__fail(m, TW_ETYPE, fn,
                    "type %d is not a value type of this "
                    "manager",
                    type);
  if (!tw__value_finite(type, end) ||
      (start != NULL && !tw__value_finite(type, start)))
    return tw__fail(m, TW_EINVAL, fn, "the %s value is not finite",
                    tw__value_finite(type, end) ? "start" : "end");
  size = m->types[type].size;
  big = size > TW__INLINE_MAX;
  wide = !big && size > TW__SMALL_MAX;
  rc = append(m, type, 0, big || set != NULL, wide, set != NULL, kind, target,
              duration, &s, fn);
  if (rc != 0) {
    if (m->pending_warn > 0)
      tw__flush_warnings(m);
    return rc;
  }
  t = tw__t(m, s);
  if (big) {
    t->flags |= TW__F_BIG;
    memcpy(tw__rec(m, t)->big + size, end, size);
  } else if (!wide) {
    memcpy(tw__hot_of(m, t)->ev.b, end,
           size); /* at most 4 bytes: a move, not a call */
  } else {
    tw__wide *w = tw__wide_of(m, t);
    memset(w, 0, sizeof *w);
    memcpy(w->end.b, end, size);
  }
  if (set == NULL && type == TW_TYPE_FLOAT && tw__near(tw__hot_of(m, t)->ev.f))
    t->flags |= TW__F_PLAIN;
  if (tw__ends_near(m, t)) /* its start is 0 yet */
    t->flags |= TW__F_NEAR;
  if (set != NULL) {
    t->flags |= TW__F_SETTER;
    tw__rec(m, t)->set = set;
    m->aset[m->slots[s].index] = set;
    tw__rec(m, t)->get = get;
  }
  if (m->overwrite == TW_OVERWRITE_KILL)
    t->flags |= TW__F_OVERWRITE;
  tw__keys_add(m, s);
  if (kind != NULL)
    kind->shape(m, s, kind->ctx); /* whole before anyone sees it */
  if (out != NULL)
    *out = tw__handle_of(m, s);
  if (start != NULL) {
    tw__set_value(m, t, TW__START, start);
    t->flags |= TW__F_STARTSET | TW__F_GIVEN;
    tw__write_value(m, s, 0.0); /* a failing setter kills it */
  }
  tw__room_reset(m);
  if (m->pending_warn > 0)
    tw__flush_warnings(m);
  return 0;
}

/* create_as for a type given at run time: the type's lerp put where
 * tw__lerp finds it first (tw__type_fill), which links every built-in's;
 * tw_float_to's general path calls create_as, and links float's only. */
static int create(tw_manager *m, int type, void *target, tw_setter_fn set,
                  tw_getter_fn get, const void *start, const void *end,
                  double duration, const tw__kind *kind, const char *fn,
                  tw_handle *out) {
  if (m != NULL)
    tw__type_fill(m, type);
  return create_as(m, type, target, set, get, start, end, duration, kind, fn,
                   out);
}

int tw__create(tw_manager *m, int type, void *target, tw_setter_fn set,
               tw_getter_fn get, const void *end, double duration,
               const tw__kind *kind, const char *fn, tw_handle *out) {
  return create(m, type, target, set, get, NULL, end, duration, kind, fn, out);
}

int tw_sequence(tw_manager *m, tw_handle *out) {
  tw__tween *t;
  uint32_t s;
  int rc;

  if (tw__door(m, "tw_sequence"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  rc = append(m, TW__TYPE_SEQ, 1, 1, 0, 0, NULL, NULL, 0, &s, "tw_sequence");
  if (rc == 0) {
    tw__fx_sequences(m); /* the update reaches sequences through m->fx */
    t = tw__t(m, s);
    t->flags |= TW__F_SEQ | TW__F_STARTSET;
    t->ease = TW_EASE_LINEAR; /* DOTween's default for sequences */
    if (out != NULL)
      *out = tw__handle_of(m, s);
    tw__room_reset(m);
  }
  if (m->pending_warn > 0)
    tw__flush_warnings(m);
  return rc;
}

int tw_to(tw_manager *m, int type, void *target, const void *end,
          double duration, tw_handle *out) {
  if (tw__door(m, "tw_to"))
    return TW_EBUSY;
  return create(m, type, target, NULL, NULL, NULL, end, duration, NULL, "tw_to",
                out);
}

/* Whether a float tween through a setter and its getter (a UI's
 * property) can be made the short way: its duration a time (tw__time_in,
 * which makes a -0.0 +0), nothing to be done first (plain_room and the
 * slot table's room, as tw_float_to's), the arrays of records and setters
 * there, the key index not built, and its end (into *e) near, then
 * finite. */
static inline int to_fn_ready(const tw_manager *m, int type, tw_getter_fn get,
                              const void *end, double *duration, float *e) {
  if (m == NULL || type != TW_TYPE_FLOAT || get == NULL || end == NULL ||
      !tw__time_in(duration))
    return 0;
  memcpy(e, end, sizeof *e);
  return tw__near(*e) && m->plain_room != 0 && slot_ready(m) &&
         m->arec != NULL && m->aset != NULL && m->key_nheads == 0;
}

/* That tween made the short way, as create makes it, with its record rec
 * (lent to it, lite): placed with the flags create gives it (its
 * start 0 and its end near: TW__F_NEAR), its setter and getter. */
static inline int to_fn_short(tw_manager *m, tw__record *rec, tw_setter_fn set,
                              tw_getter_fn get, void *ud, float end,
                              double duration, tw_handle *out) {
  uint32_t s, f = TW__F_NEW | TW__F_NEAR | TW__F_SETTER;

  m->plain_room--;
  if (m->overwrite == TW_OVERWRITE_KILL)
    f |= TW__F_OVERWRITE;
  rec->set = set;
  rec->get = get;
  m->aset[m->end] = set; /* the index place() takes */
  place(m, TW_TYPE_FLOAT, 0, rec, ud, duration, f, &s)->ev.f = end;
  if (out != NULL)
    *out = tw__handle_of(m, s);
  return 0;
}

/* tw_to_fn the general way.  Out of line, so that tw_to_fn's short way
 * needs no stack frame: it jumps here. */
static TW__NOINLINE int to_fn_general(tw_manager *m, int type, tw_setter_fn set,
                                      tw_getter_fn get, void *ud,
                                      const void *end, double duration,
                                      tw_handle *out) {
  if (m != NULL && m->fx.run_setters == NULL)
    tw__fx_setters(m);
  return create(m, type, ud, set, get, NULL, end, duration, NULL, "tw_to_fn",
                out);
}

/* to_fn_record's end in a manager whose setter tweens the update does not
 * reach yet (m->fx): tw_to_fn's short way with a record lent before to a
 * setter tween skips it. */
static TW__NOINLINE int to_fn_first(tw_manager *m, tw__record *rec,
                                    tw_setter_fn set, tw_getter_fn get,
                                    void *ud, float end, double duration,
                                    tw_handle *out) {
  tw__fx_setters(m);
  rec->lite = 1; /* lent */
  return to_fn_short(m, rec, set, get, ud, end, duration, out);
}

/* tw_to_fn the short way with a record tw__record_get gives (refused, the
 * general way reports it).  Out of line, as to_fn_general. */
static TW__NOINLINE int to_fn_record(tw_manager *m, tw_setter_fn set,
                                     tw_getter_fn get, void *ud, float end,
                                     double duration, tw_handle *out) {
  tw__record *rec = tw__record_get(m, TW_TYPE_FLOAT);

  if (rec == NULL)
    return to_fn_general(m, TW_TYPE_FLOAT, set, get, ud, &end, duration, out);
  if (m->fx.run_setters == NULL) /* a jump, not a call */
    return to_fn_first(m, rec, set, get, ud, end, duration, out);
  rec->lite = 1; /* lent */
  return to_fn_short(m, rec, set, get, ud, end, duration, out);
}

/* tw_to_fn's door and its first refusal, then the general way.  Out of
 * line, as to_fn_general: tw_to_fn's short way calls nothing that returns
 * to it, so that it needs no stack frame. */
static TW__NOINLINE int to_fn_door(tw_manager *m, int type, tw_setter_fn set,
                                   tw_getter_fn get, void *ud, const void *end,
                                   double duration, tw_handle *out) {
  if (tw__door(m, "tw_to_fn"))
    return TW_EBUSY;
  if (set == NULL)
    return tw__fail(m, TW_EINVAL, "tw_to_fn", "set is NULL");
  return to_fn_general(m, type, set, get, ud, end, duration, out);
}

/* tw_to_fn, the short way when it can be (outside the parallel phase, the
 * door's test tw__door_shut, a setter given, and to_fn_ready): with the first
 * pooled record of floats when it was lent to such a tween before
 * (tw__record_relend), else with tw__record_get's (to_fn_record); else
 * the general way, the door first. */
int tw_to_fn(tw_manager *m, int type, tw_setter_fn set, tw_getter_fn get,
             void *ud, const void *end, double duration, tw_handle *out) {
  tw__record *rec;
  float e;

  if (tw__door_shut(m) || !TW__FAST_PATHS || set == NULL ||
      !to_fn_ready(m, type, get, end, &duration, &e))
    return to_fn_door(m, type, set, get, ud, end, duration, out);
  rec = m->types[TW_TYPE_FLOAT].pool;
  if (rec == NULL || !rec->lite)
    return to_fn_record(m, set, get, ud, e, duration, out);
  return to_fn_short(m, tw__record_relend(m, rec), set, get, ud, e, duration,
                     out);
}

/* tw_float_to the general way.  Out of line, so that tw_float_to's short
 * path needs no stack frame: it jumps here. */
static TW__NOINLINE int float_to_general(tw_manager *m, float *target,
                                         float end, double duration,
                                         tw_handle *out) {
  return create_as(m, TW_TYPE_FLOAT, target, NULL, NULL, NULL, &end, duration,
                   NULL, "tw_float_to", out);
}

/* tw_float_to, the commonest creation, in the fewest steps when nothing
 * is to be done first (no compaction, no growth, no record, no memory for
 * the key index: the count plain_room says so, with the slot table's
 * room) and the end is near (tw__near: then the tween is plain, and
 * finite: the general way refuses a NaN or an infinity); else the general
 * way.  The key index, when built, is told last, so that its call ends
 * the function. */
int tw_float_to(tw_manager *m, float *target, float end, double duration,
                tw_handle *out) {
  uint32_t s, f = TW__F_NEW | TW__F_PLAIN;

  if (tw__door(m, "tw_float_to"))
    return TW_EBUSY;
  if (!TW__FAST_PATHS || m == NULL || target == NULL ||
      !tw__time_in(&duration) || !tw__near(end) || m->plain_room == 0 ||
      !slot_ready(m))
    return float_to_general(m, target, end, duration, out);
  m->plain_room--;
  if (m->overwrite == TW_OVERWRITE_KILL)
    f |= TW__F_OVERWRITE;
  place(m, TW_TYPE_FLOAT, 0, NULL, target, duration, f, &s)->ev.f = end;
  if (out != NULL)
    *out = tw__handle_of(m, s);
  if (m->key_nheads != 0) /* a jump, not a call */
    return tw__keys_add_range(m, s, target, sizeof *target);
  return 0;
}

#define TW__TYPED_TO(name, ctype, id)                                          \
  int name(tw_manager *m, ctype *target, ctype end, double duration,           \
           tw_handle *out) {                                                   \
    if (tw__door(m, #name))                                                    \
      return TW_EBUSY;                                                         \
    return create(m, id, target, NULL, NULL, NULL, &end, duration, NULL,       \
                  #name, out);                                                 \
  }
TW__TYPED_TO(tw_double_to, double, TW_TYPE_DOUBLE)
TW__TYPED_TO(tw_int_to, int, TW_TYPE_INT)
TW__TYPED_TO(tw_vec2_to, tw_vec2, TW_TYPE_VEC2)
TW__TYPED_TO(tw_vec3_to, tw_vec3, TW_TYPE_VEC3)
TW__TYPED_TO(tw_vec4_to, tw_vec4, TW_TYPE_VEC4)
TW__TYPED_TO(tw_color_to, tw_color, TW_TYPE_COLOR)
TW__TYPED_TO(tw_rgba8_to, tw_rgba8, TW_TYPE_RGBA8)
#undef TW__TYPED_TO

int tw_from_to(tw_manager *m, int type, void *target, const void *start,
               const void *end, double duration, tw_handle *out) {
  if (tw__door(m, "tw_from_to"))
    return TW_EBUSY;
  if (start == NULL)
    return tw__fail(m, TW_EINVAL, "tw_from_to", "start is NULL");
  return create(m, type, target, NULL, NULL, start, end, duration, NULL,
                "tw_from_to", out);
}

int tw_from_to_fn(tw_manager *m, int type, tw_setter_fn set, void *ud,
                  const void *start, const void *end, double duration,
                  tw_handle *out) {
  if (tw__door(m, "tw_from_to_fn"))
    return TW_EBUSY;
  if (set == NULL || start == NULL)
    return tw__fail(m, TW_EINVAL, "tw_from_to_fn", "%s is NULL",
                    set == NULL ? "set" : "start");
  if (m != NULL)
    tw__fx_setters(m);
  return create(m, type, ud, set, NULL, start, end, duration, NULL,
                "tw_from_to_fn", out);
}

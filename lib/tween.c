/* SPDX-License-Identifier: MIT */
/* A tween's birth: creation and settings.
 *
 * A new tween is appended at the end of the active array (see manager.c)
 * with its hot fields set; a record (pool.c) is taken only when the tween
 * needs one.  Settings that change how a tween starts (delay, loops,
 * auto-kill) are locked once it has started, as in DOTween. */
#include "tween-private.h"

#include <math.h>

/* creation */

/* Appends a new tween of `type` (a sequence if seq) with default settings
 * and returns its slot.  Takes everything that can fail before anything
 * changes (growth last, since it cannot be undone). */
static int append(tw_manager *m, int type, int seq, int need_rec,
                  uint32_t *out) {
  tw__record *rec = NULL;
  tw__tween *t;
  uint32_t idx, s;
  int rc, full;

  if (m->dying)
    return TW_EBUSY;
  if (m->busy == 0 && m->first_hole != TW__EMPTY)
    tw__compact(m);
  rc = m->free_slot != TW__NO_SLOT || m->nslots < m->slots_cap
           ? 0
           : tw__slots_reserve(m);
  if (rc == 0 && need_rec) {
    rec = tw__record_get(m, type);
    if (rec == NULL)
      rc = TW_ENOMEM;
  }
  full = m->end >= m->cap_tweens + m->cap_sequences ||
         (seq ? m->live_sequences >= m->cap_sequences
              : m->live - m->live_sequences >= m->cap_tweens);
  if (rc == 0 && full)
    rc = tw__grow(m, seq);
  if (rc != 0) {
    tw__record_put(m, rec);
    return rc;
  }
  idx = m->end++;
  s = tw__slot_take(m, idx);
  t = &m->active[idx];
#if defined(__GNUC__)
  /* Creation in bulk is bound by the writes to fresh lines of the array:
   * ask for the lines a few tweens ahead before they are needed. */
  if (idx + 8 < m->cap_tweens + m->cap_sequences)
    __builtin_prefetch(t + 8, 1);
#endif
  /* every field written once (a memset here compiles to rep stos, which
   * costs more than the rest of the creation) */
  t->elapsed = 0;
  t->duration = 0;
  t->target = NULL;
  t->set = NULL;
  t->rec = rec;
  memset(&t->start, 0, sizeof t->start);
  memset(&t->end, 0, sizeof t->end);
  t->slot = s;
  t->flags = TW__F_PLAYING | TW__F_AUTOKILL | TW__F_RECYCLABLE;
  t->type = (uint16_t)type;
  t->ease = TW_EASE_OUT_QUAD;
  t->utype = TW_UPDATE_NORMAL;
  t->loops = 1;
  m->live++;
  if (seq)
    m->live_sequences++;
  if (m->live + m->live_nested > m->st.peak)
    m->st.peak = m->live + m->live_nested;
  *out = s;
  return 0;
}

static int create(tw_manager *m, int type, void *target, tw_setter_fn set,
                  tw_getter_fn get, const void *end, double duration,
                  tw_handle *out) {
  tw__tween *t;
  size_t size;
  uint32_t s;
  int rc, big;

  if (m == NULL || end == NULL || !tw__time_ok(duration) ||
      (set == NULL ? target == NULL : get == NULL))
    return TW_EINVAL;
  if (type <= 0 || type >= m->ntypes || m->types[type].size == 0)
    return TW_ETYPE;
  size = m->types[type].size;
  big = size > TW__INLINE_MAX;
  rc = append(m, type, 0, big || set != NULL, &s);
  if (rc != 0) {
    if (m->pending_warn > 0)
      tw__flush_warnings(m);
    return rc;
  }
  t = TW__T(m, s);
  t->duration = duration;
  t->target = target;
  if (big) {
    t->flags |= TW__F_BIG;
    memcpy(t->rec->big + size, end, size);
  } else {
    memcpy(&t->end, end, size);
  }
  if (set == NULL && type == TW_TYPE_FLOAT)
    t->flags |= TW__F_PLAIN;
  if (set != NULL) {
    t->flags |= TW__F_SETTER;
    t->set = set;
    t->rec->get = get;
  }
  if (out != NULL)
    *out = tw__handle_of(m, s);
  if (m->pending_warn > 0)
    tw__flush_warnings(m);
  return 0;
}

int tw_sequence(tw_manager *m, tw_handle *out) {
  tw__tween *t;
  uint32_t s;
  int rc;

  if (m == NULL)
    return TW_EINVAL;
  rc = append(m, TW__TYPE_SEQ, 1, 1, &s);
  if (rc == 0) {
    t = TW__T(m, s);
    t->flags |= TW__F_SEQ | TW__F_STARTSET;
    t->ease = TW_EASE_LINEAR; /* DOTween's default for sequences */
    if (out != NULL)
      *out = tw__handle_of(m, s);
  }
  if (m->pending_warn > 0)
    tw__flush_warnings(m);
  return rc;
}

int tw_to(tw_manager *m, int type, void *target, const void *end,
          double duration, tw_handle *out) {
  return create(m, type, target, NULL, NULL, end, duration, out);
}

int tw_to_fn(tw_manager *m, int type, tw_setter_fn set, tw_getter_fn get,
             void *ud, const void *end, double duration, tw_handle *out) {
  if (set == NULL)
    return TW_EINVAL;
  return create(m, type, ud, set, get, end, duration, out);
}

#define TW__TYPED_TO(name, ctype, id)                                          \
  int name(tw_manager *m, ctype *target, ctype end, double duration,           \
           tw_handle *out) {                                                   \
    return create(m, id, target, NULL, NULL, &end, duration, out);             \
  }
TW__TYPED_TO(tw_float_to, float, TW_TYPE_FLOAT)
TW__TYPED_TO(tw_double_to, double, TW_TYPE_DOUBLE)
TW__TYPED_TO(tw_int_to, int, TW_TYPE_INT)
TW__TYPED_TO(tw_vec2_to, tw_vec2, TW_TYPE_VEC2)
TW__TYPED_TO(tw_vec3_to, tw_vec3, TW_TYPE_VEC3)
TW__TYPED_TO(tw_vec4_to, tw_vec4, TW_TYPE_VEC4)
TW__TYPED_TO(tw_color_to, tw_color, TW_TYPE_COLOR)
#undef TW__TYPED_TO

/* settings */

/* The tween h names, with its record; NULL and *err set if there is none. */
static tw__tween *with_record(tw_manager *m, tw_handle h, int *err) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL) {
    *err = tw__handle_err(m, h);
    return NULL;
  }
  if (t->rec == NULL) {
    t->rec = tw__record_get(m, t->type);
    if (t->rec == NULL) {
      *err = TW_ENOMEM;
      return NULL;
    }
  }
  return t;
}

static tw__tween *unstarted(tw_manager *m, tw_handle h, int *err) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    *err = tw__handle_err(m, h);
  else if (t->flags & TW__F_STARTED)
    *err = TW_ELOCKED;
  else
    return with_record(m, h, err);
  return NULL;
}

int tw_set_delay(tw_manager *m, tw_handle h, double delay) {
  tw__tween *t;
  int err = 0;

  if (!tw__time_ok(delay))
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = unstarted(m, h, &err)) == NULL)
    return err;
  t->rec->delay = delay;
  t->rec->delay_elapsed = 0;
  if (delay > 0)
    t->flags |= TW__F_DELAYED;
  else
    t->flags &= ~(uint32_t)TW__F_DELAYED;
  return 0;
}

int tw_set_loops(tw_manager *m, tw_handle h, int loops, tw_loop_type type) {
  tw__tween *t;
  int err = 0;

  if (loops < -1 || loops == 0 || (unsigned)type > TW_LOOP_INCREMENTAL)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = tw__lookup(m, h)) != NULL && !(t->flags & TW__F_STARTED) &&
      loops == -1 && t->duration == 0)
    return TW_EINVAL; /* infinitely many loops of no time */
  if ((t = unstarted(m, h, &err)) == NULL)
    return err;
  t->loops = loops;
  if ((t->flags & TW__F_SEQ) && type == TW_LOOP_INCREMENTAL)
    type = TW_LOOP_RESTART; /* a timeline has nothing to increment */
  t->rec->loop_type = (uint8_t)type;
  if (loops != 1 || type != TW_LOOP_RESTART)
    t->flags |= TW__F_LOOPS;
  else
    t->flags &= ~(uint32_t)TW__F_LOOPS;
  return 0;
}

int tw_set_ease(tw_manager *m, tw_handle h, tw_ease ease) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return tw__handle_err(m, h);
  if ((unsigned)ease >= TW_EASE_COUNT)
    return TW_EEASE;
  t->ease = (uint8_t)ease;
  if (ease == TW_EASE_OUT_QUAD && t->type == TW_TYPE_FLOAT && t->set == NULL)
    t->flags |= TW__F_PLAIN;
  else
    t->flags &= ~(uint32_t)TW__F_PLAIN;
  return 0;
}

static int set_flag(tw_manager *m, tw_handle h, uint32_t flag, int on,
                    int locks) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return tw__handle_err(m, h);
  if (locks && (t->flags & TW__F_STARTED))
    return TW_ELOCKED;
  if (on)
    t->flags |= flag;
  else
    t->flags &= ~flag;
  return 0;
}

int tw_set_autokill(tw_manager *m, tw_handle h, int on) {
  return set_flag(m, h, TW__F_AUTOKILL, on, 1);
}

int tw_set_independent(tw_manager *m, tw_handle h, int on) {
  return set_flag(m, h, TW__F_INDEPENDENT, on, 0);
}

int tw_set_recyclable(tw_manager *m, tw_handle h, int on) {
  return set_flag(m, h, TW__F_RECYCLABLE, on, 0);
}

int tw_set_update_type(tw_manager *m, tw_handle h, tw_update_type type) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return tw__handle_err(m, h);
  if ((unsigned)type > TW_UPDATE_MANUAL)
    return TW_EINVAL;
  t->utype = (uint8_t)type;
  return 0;
}

int tw_set_id(tw_manager *m, tw_handle h, int id) {
  int err = 0;
  tw__tween *t = with_record(m, h, &err);

  if (t == NULL)
    return err;
  t->rec->id = id;
  t->rec->has_id = 1;
  return 0;
}

int tw_set_target(tw_manager *m, tw_handle h, const void *key) {
  int err = 0;
  tw__tween *t = with_record(m, h, &err);

  if (t == NULL)
    return err;
  t->rec->key = key;
  return 0;
}

int tw_set_timescale(tw_manager *m, tw_handle h, double scale) {
  int err = 0;
  tw__tween *t;

  if (!isfinite(scale) || scale < 0)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->timescale = scale;
  if (scale != 1.0)
    t->flags |= TW__F_SCALED;
  else
    t->flags &= ~(uint32_t)TW__F_SCALED;
  return 0;
}

int tw_on(tw_manager *m, tw_handle h, tw_event ev, tw_callback fn, void *ud) {
  int err = 0, i;
  tw__tween *t;

  if ((unsigned)ev >= TW_ON_COUNT)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->cb[ev].fn = fn;
  t->rec->cb[ev].ud = fn != NULL ? ud : NULL;
  t->flags &= ~(uint32_t)TW__F_CALLBACKS;
  for (i = 0; i < TW_ON_COUNT; i++)
    if (t->rec->cb[i].fn != NULL)
      t->flags |= TW__F_CALLBACKS;
  return 0;
}

/* how a tween starts */

int tw_set_from(tw_manager *m, tw_handle h, const void *from) {
  int err = 0;
  tw__tween *t = unstarted(m, h, &err);
  size_t size;
  uint32_t s;
  tw__value v;
  void *cur;

  if (t == NULL)
    return err;
  if (t->flags & TW__F_SEQ)
    return TW_EINVAL; /* a sequence has no value of its own */
  size = m->types[t->type].size;
  s = t->slot;
  /* the start: the value given, or the end given at creation */
  memcpy(tw__val(t, size, 0), from != NULL ? from : tw__val(t, size, 1), size);
  /* the end: the target's value now, before it moves (DOTween's From) */
  cur = (t->flags & TW__F_BIG) ? (void *)tw__val(t, size, 2) : (void *)&v;
  if (!tw__read_target(m, s, h.gen, cur))
    return 0; /* the getter killed it */
  t = TW__T(m, s);
  memcpy(tw__val(t, size, 1), cur, size);
  if (t->flags & TW__F_RELATIVE)
    tw__add(t->type, tw__val(t, size, 0), tw__val(t, size, 1),
            tw__val(t, size, 0));
  t->flags |= TW__F_FROM | TW__F_STARTSET;
  /* and the target jumps to the start at once */
  if (t->flags & TW__F_SETTER) {
    tw_setter_fn set = t->set;
    memcpy(cur, tw__val(t, size, 0), size);
    m->depth++;
    set(t->target, cur);
    m->depth--;
  } else {
    memcpy(t->target, tw__val(t, size, 0), size);
  }
  return 0;
}

int tw_set_relative(tw_manager *m, tw_handle h, int on) {
  int err = 0;
  tw__tween *t = tw__lookup(m, h);

  if (t != NULL && t->type >= TW_TYPE_FIRST_CUSTOM &&
      !(t->flags & TW__F_STARTED))
    return on ? TW_ETYPE : 0;
  if ((t = unstarted(m, h, &err)) == NULL)
    return err;
  if (t->flags & (TW__F_SEQ | TW__F_FROM))
    return TW_EINVAL; /* a from-tween takes relative when from is set */
  if (on)
    t->flags |= TW__F_RELATIVE;
  else
    t->flags &= ~(uint32_t)TW__F_RELATIVE;
  return 0;
}

int tw_set_speed_based(tw_manager *m, tw_handle h, int on) {
  int err = 0;
  tw__tween *t = tw__lookup(m, h);

  if (t != NULL && !(t->flags & TW__F_STARTED) && on) {
    if (t->type >= TW_TYPE_FIRST_CUSTOM)
      return TW_ETYPE;
    if (t->duration == 0)
      return TW_EINVAL;
  }
  if ((t = unstarted(m, h, &err)) == NULL)
    return err;
  if (t->flags & TW__F_SEQ)
    return TW_EINVAL;
  if (on)
    t->flags |= TW__F_SPEED;
  else
    t->flags &= ~(uint32_t)TW__F_SPEED;
  return 0;
}

/* eases beyond the enum */

static int is_finite(double x) { return x - x == 0; }

int tw_set_ease_params(tw_manager *m, tw_handle h, double overshoot,
                       double period) {
  int err = 0;
  tw__tween *t;

  if (!is_finite(overshoot) || !is_finite(period))
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->overshoot = overshoot;
  t->rec->period = period;
  return 0;
}

/* Sets an ease kept in the record; the caller has filled r->ex. */
static void set_ease_ex(tw__tween *t, int ease) {
  t->ease = (uint8_t)ease;
  t->flags &= ~(uint32_t)TW__F_PLAIN;
}

int tw_set_ease_fn(tw_manager *m, tw_handle h, tw_ease_fn fn, void *ud) {
  int err = 0;
  tw__tween *t;

  if (fn == NULL)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->ex.fn.fn = fn;
  t->rec->ex.fn.ud = ud;
  set_ease_ex(t, TW__EASE_FN);
  return 0;
}

int tw_set_ease_bezier(tw_manager *m, tw_handle h, double x1, double y1,
                       double x2, double y2) {
  int err = 0;
  tw__tween *t;

  if (!(x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1) || !is_finite(y1) ||
      !is_finite(y2))
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->ex.bezier[0] = x1;
  t->rec->ex.bezier[1] = y1;
  t->rec->ex.bezier[2] = x2;
  t->rec->ex.bezier[3] = y2;
  set_ease_ex(t, TW__EASE_BEZIER);
  return 0;
}

int tw_set_ease_steps(tw_manager *m, tw_handle h, int n, tw_jump jump) {
  int err = 0;
  tw__tween *t;

  if ((unsigned)jump > TW_JUMP_BOTH || n < 1 || (jump == TW_JUMP_NONE && n < 2))
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->ex.steps.n = n;
  t->rec->ex.steps.jump = (int)jump;
  set_ease_ex(t, TW__EASE_STEPS);
  return 0;
}

int tw_set_ease_curve(tw_manager *m, tw_handle h, const tw_key *keys,
                      size_t n) {
  int err = 0;
  tw__tween *t;
  tw__record *r;
  size_t i;

  for (i = 0; keys != NULL && i < n; i++) {
    const tw_key *k = &keys[i];
    if (!is_finite(k->time) || !is_finite(k->value) ||
        !is_finite(k->in_tangent) || !is_finite(k->out_tangent) ||
        (i > 0 && !(k->time > keys[i - 1].time)))
      break;
  }
  if (keys == NULL || n == 0 || i < n || n > ((size_t)-1) / sizeof *keys)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  r = t->rec;
  if (r->curve_cap < n) {
    tw_key *k =
        tw__realloc(m, r->curve, r->curve_cap * sizeof *k, n * sizeof *k);
    if (k == NULL)
      return TW_ENOMEM;
    r->curve = k;
    r->curve_cap = n;
  }
  memcpy(r->curve, keys, n * sizeof *keys);
  r->ncurve = n;
  set_ease_ex(t, TW__EASE_CURVE);
  return 0;
}

/* changing values */

/* Rewinds a started tween to its start without pausing it, writing the
 * start value; no callbacks but a setter's. */
static int rewind_in_place(tw_manager *m, uint32_t s) {
  tw__tween *t = TW__T(m, s);

  if (!(t->flags & TW__F_STARTED))
    return 0;
  t->elapsed = 0;
  t->flags &= ~(uint32_t)TW__F_COMPLETE;
  tw__write_value(m, s, tw__fraction(t, 0, 0));
  return 0;
}

static int change(tw_manager *m, tw_handle h, const void *start,
                  const void *end, int snap_start) {
  tw__tween *t = tw__lookup(m, h);
  size_t size;
  uint32_t s;

  if (t == NULL)
    return tw__handle_err(m, h);
  if (start == NULL && end == NULL)
    return TW_EINVAL;
  if (t->flags & TW__F_SEQ)
    return TW_EINVAL;
  s = t->slot;
  size = m->types[t->type].size;
  if (end != NULL)
    memcpy(tw__val(t, size, 1), end, size);
  if (snap_start) {
    tw__value v;
    void *cur = (t->flags & TW__F_BIG) ? (void *)tw__val(t, size, 2) : &v;
    if (!tw__read_target(m, s, h.gen, cur))
      return 0;
    t = TW__T(m, s);
    memcpy(tw__val(t, size, 0), cur, size);
    start = NULL;
  }
  if (start != NULL)
    memcpy(tw__val(t, size, 0), start, size);
  if (start != NULL || snap_start)
    t->flags = (t->flags | TW__F_STARTSET) & ~(uint32_t)TW__F_FROM;
  if (end != NULL)
    t->flags &= ~(uint32_t)TW__F_FROM;
  t->flags &= ~(uint32_t)(TW__F_RELATIVE | TW__F_SPEED);
  return rewind_in_place(m, s);
}

int tw_change_start(tw_manager *m, tw_handle h, const void *start) {
  if (start == NULL)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  return change(m, h, start, NULL, 0);
}

int tw_change_end(tw_manager *m, tw_handle h, const void *end, int snap_start) {
  if (end == NULL)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  return change(m, h, NULL, end, snap_start);
}

int tw_change_values(tw_manager *m, tw_handle h, const void *start,
                     const void *end) {
  if (start == NULL || end == NULL)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
  return change(m, h, start, end, 0);
}

/* SPDX-License-Identifier: MIT */
/* Settings of a live tween: delay, loops, ease, flags, id and target,
 * callbacks, how it starts (from, relative, speed-based), and changes of
 * its values.  Settings that change how a tween starts (delay, loops,
 * auto-kill, from, relative, speed-based) are locked once it has started
 * (TW_ELOCKED), as in DOTween.  A setting that needs the cold part takes a
 * record from the pool; none fires a callback. */
#include "tween-private.h"

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
    return tw__arg_err(m, h);
  if ((t = unstarted(m, h, &err)) == NULL)
    return err;
  t->rec->delay = delay;
  t->rec->delay_elapsed = 0;
  tw__flag(t, TW__F_DELAYED, delay > 0);
  return 0;
}

int tw_set_loops(tw_manager *m, tw_handle h, int loops, tw_loop_type type) {
  tw__tween *t;
  int err = 0;

  if (loops < TW_LOOPS_INFINITE || loops == 0 ||
      (unsigned)type > TW_LOOP_INCREMENTAL)
    return tw__arg_err(m, h);
  if ((t = tw__lookup(m, h)) != NULL && !(t->flags & TW__F_STARTED) &&
      loops == TW_LOOPS_INFINITE && t->duration == 0)
    return TW_EINVAL; /* infinitely many loops of no time */
  if ((t = unstarted(m, h, &err)) == NULL)
    return err;
  t->rec->loops = loops;
  if ((t->flags & TW__F_SEQ) && type == TW_LOOP_INCREMENTAL)
    type = TW_LOOP_RESTART; /* a timeline has nothing to increment */
  t->rec->loop_type = (uint8_t)type;
  tw__flag(t, TW__F_LOOPS, loops != 1 || type != TW_LOOP_RESTART);
  return 0;
}

int tw_set_ease(tw_manager *m, tw_handle h, tw_ease ease) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return tw__handle_err(m, h);
  if ((unsigned)ease >= TW_EASE_COUNT)
    return TW_EEASE;
  t->ease = (uint8_t)ease;
  tw__flag(t, TW__F_PLAIN,
           ease == TW_EASE_OUT_QUAD && t->type == TW_TYPE_FLOAT &&
               !(t->flags & TW__F_SETTER));
  tw__plain_check(t);
  return 0;
}

static int set_flag(tw_manager *m, tw_handle h, uint32_t flag, int on,
                    int locks) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return tw__handle_err(m, h);
  if (locks && (t->flags & TW__F_STARTED))
    return TW_ELOCKED;
  tw__flag(t, flag, on);
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

int tw_set_key(tw_manager *m, tw_handle h, const void *key) {
  int err = 0;
  tw__tween *t = with_record(m, h, &err);

  if (t == NULL)
    return err;
  tw__keys_remove(m, tw__slot_of(m, t));
  t->rec->key = key;
  tw__keys_add(m, tw__slot_of(m, t));
  return 0;
}

int tw_set_target(tw_manager *m, tw_handle h, const void *key) {
  return tw_set_key(m, h, key);
}

int tw_set_overwrite(tw_manager *m, tw_handle h, tw_overwrite mode) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return tw__handle_err(m, h);
  if ((unsigned)mode > TW_OVERWRITE_KILL)
    return TW_EINVAL;
  if (t->flags & TW__F_STARTED)
    return TW_ELOCKED;
  tw__flag(t, TW__F_OVERWRITE, mode == TW_OVERWRITE_KILL);
  return 0;
}

int tw_set_timescale(tw_manager *m, tw_handle h, double scale) {
  int err = 0;
  tw__tween *t;

  if (!tw__time_ok(scale))
    return tw__arg_err(m, h);
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->timescale = scale;
  tw__flag(t, TW__F_SCALED, scale != 1.0);
  return 0;
}

int tw_on(tw_manager *m, tw_handle h, tw_event ev, tw_callback fn, void *ud) {
  int err = 0, i;
  tw__tween *t;

  if ((unsigned)ev >= TW_ON_COUNT)
    return tw__arg_err(m, h);
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
  if (t->flags & (TW__F_SEQ | TW__F_GIVEN))
    return TW_EINVAL; /* a sequence has no value; a given start stays */
  size = m->types[t->type].size;
  s = tw__slot_of(m, t);
  /* the start: the value given, or the end given at creation */
  memcpy(tw__val(m, t, size, TW__START),
         from != NULL ? from : tw__val(m, t, size, TW__END), size);
  /* the end: the target's value now, before it moves (DOTween's From) */
  cur = (t->flags & TW__F_BIG) ? (void *)tw__val(m, t, size, TW__SCRATCH)
                               : (void *)&v;
  if (!tw__read_target(m, s, h.gen, cur))
    return 0; /* the getter killed it */
  t = tw__t(m, s);
  memcpy(tw__val(m, t, size, TW__END), cur, size);
  if (t->flags & TW__F_RELATIVE)
    tw__add(t->type, tw__val(m, t, size, TW__START),
            tw__val(m, t, size, TW__END), tw__val(m, t, size, TW__START));
  t->flags |= TW__F_FROM | TW__F_STARTSET;
  tw__plain_check(t);
  /* and the target jumps to the start at once */
  if (t->flags & TW__F_SETTER) {
    tw_setter_fn set = t->rec->set;
    memcpy(cur, tw__val(m, t, size, TW__START), size);
    TW__CALL(m, set(t->target, cur));
  } else {
    memcpy(t->target, tw__val(m, t, size, TW__START), size);
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
  tw__flag(t, TW__F_RELATIVE, on);
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
  tw__flag(t, TW__F_SPEED, on);
  return 0;
}

/* eases beyond the enum */

int tw_set_ease_params(tw_manager *m, tw_handle h, double overshoot,
                       double period) {
  int err = 0;
  tw__tween *t;

  if (!tw__finite(overshoot) || !tw__finite(period))
    return tw__arg_err(m, h);
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
    return tw__arg_err(m, h);
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

  if (!tw__bezier_ok(x1, y1, x2, y2))
    return tw__arg_err(m, h);
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
    return tw__arg_err(m, h);
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
    if (!tw__finite(k->time) || !tw__finite(k->value) ||
        !tw__finite(k->in_tangent) || !tw__finite(k->out_tangent) ||
        (i > 0 && !(k->time > keys[i - 1].time)))
      break;
  }
  if (keys == NULL || n == 0 || i < n || n > ((size_t)-1) / sizeof *keys)
    return tw__arg_err(m, h);
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

static int change(tw_manager *m, tw_handle h, const void *start,
                  const void *end, int snap_start) {
  tw__tween *t = tw__lookup(m, h);
  size_t size;
  uint32_t s;

  if (t == NULL)
    return tw__handle_err(m, h);
  if (start == NULL && end == NULL)
    return TW_EINVAL;
  if ((t->flags & TW__F_SEQ) ||
      (snap_start && (t->flags & TW__F_SETTER) && t->rec->get == NULL))
    return TW_EINVAL; /* no value, or none to read */
  s = tw__slot_of(m, t);
  size = m->types[t->type].size;
  if (end != NULL)
    memcpy(tw__val(m, t, size, TW__END), end, size);
  if (snap_start) {
    tw__value v;
    void *cur =
        (t->flags & TW__F_BIG) ? (void *)tw__val(m, t, size, TW__SCRATCH) : &v;
    if (!tw__read_target(m, s, h.gen, cur))
      return 0;
    t = tw__t(m, s);
    memcpy(tw__val(m, t, size, TW__START), cur, size);
    start = NULL;
  }
  if (start != NULL)
    memcpy(tw__val(m, t, size, TW__START), start, size);
  if (start != NULL || snap_start)
    t->flags = (t->flags | TW__F_STARTSET) & ~(uint32_t)TW__F_FROM;
  if (end != NULL)
    t->flags &= ~(uint32_t)TW__F_FROM;
  t->flags &= ~(uint32_t)(TW__F_RELATIVE | TW__F_SPEED);
  tw__plain_check(t);
  tw__rewind_in_place(m, s);
  return 0;
}

int tw_change_start(tw_manager *m, tw_handle h, const void *start) {
  if (start == NULL)
    return tw__arg_err(m, h);
  return change(m, h, start, NULL, 0);
}

int tw_change_end(tw_manager *m, tw_handle h, const void *end, int snap_start) {
  if (end == NULL)
    return tw__arg_err(m, h);
  return change(m, h, NULL, end, snap_start);
}

int tw_change_values(tw_manager *m, tw_handle h, const void *start,
                     const void *end) {
  if (start == NULL || end == NULL)
    return tw__arg_err(m, h);
  return change(m, h, start, end, 0);
}

/* for the settings of choreo.c */

tw__tween *tw__with_record(tw_manager *m, tw_handle h, int *err) {
  return with_record(m, h, err);
}

tw__tween *tw__unstarted(tw_manager *m, tw_handle h, int *err) {
  return unstarted(m, h, err);
}

/* SPDX-License-Identifier: MIT */
/* Settings of a live tween: delay, loops, ease, flags, id and target,
 * callbacks, how it starts (from, relative, speed-based), and changes of
 * its values.  Settings that change how a tween starts (delay, loops,
 * auto-kill, from, relative, speed-based) are locked once it has started
 * (TW_ELOCKED), as in DOTween.  A setting that needs the cold part takes a
 * record from the pool; none fires a callback. */
#include "life.h"

/* The tween h names, with its record; NULL and *err set if there is none. */
static tw__tween *with_record(tw_manager *m, tw_handle h, int *err,
                              const char *fn) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL) {
    *err = tw__handle_fail(m, h, fn);
    return NULL;
  }
  if (tw__rec_need(m, t) == NULL) {
    *err = tw__fail(m, TW_ENOMEM, fn, "no memory for the tween's record");
    return NULL;
  }
  return t;
}

static tw__tween *unstarted(tw_manager *m, tw_handle h, int *err,
                            const char *fn) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    *err = tw__handle_fail(m, h, fn);
  else if (t->flags & TW__F_STARTED)
    *err = tw__fail(m, TW_ELOCKED, fn,
                    "the tween has started: the setting is locked");
  else
    return with_record(m, h, err, fn);
  return NULL;
}

int tw_set_delay(tw_manager *m, tw_handle h, double delay) {
  tw__tween *t;
  int err = 0;

  if (tw__door(m, "tw_set_delay"))
    return TW_EBUSY;
  if (!tw__time_in(&delay))
    return tw__arg_fail(m, h, __func__, "delay %g %s", delay,
                        tw__time_why(delay, 0));
  if ((t = unstarted(m, h, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->delay = delay;
  tw__rec(m, t)->delay_elapsed = 0;
  tw__flag(t, TW__F_DELAYED, delay > 0);
  return 0;
}

int tw_set_loops(tw_manager *m, tw_handle h, int loops, tw_loop_type type) {
  tw__tween *t;
  int err = 0;

  if (tw__door(m, "tw_set_loops"))
    return TW_EBUSY;
  if (loops < TW_LOOPS_INFINITE || loops == 0 ||
      (unsigned)type > TW_LOOP_INCREMENTAL)
    return (unsigned)type > TW_LOOP_INCREMENTAL
               ? tw__arg_fail(m, h, __func__, "loop type %d is not one",
                              (int)type)
               : tw__arg_fail(m, h, __func__,
                              "loops %d: a count >= 1, or TW_LOOPS_INFINITE",
                              loops);
  if ((t = tw__lookup(m, h)) != NULL && !(t->flags & TW__F_STARTED) &&
      loops == TW_LOOPS_INFINITE && tw__hot_of(m, t)->duration == 0)
    return tw__fail(m, TW_EINVAL, __func__,
                    "infinite loops of a tween of no time would never end");
  if ((t = unstarted(m, h, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->loops = loops;
  if ((t->flags & TW__F_SEQ) && type == TW_LOOP_INCREMENTAL)
    type = TW_LOOP_RESTART; /* a timeline has nothing to increment */
  tw__rec(m, t)->loop_type = (uint8_t)type;
  tw__flag(t, TW__F_LOOPS, loops != 1 || type != TW_LOOP_RESTART);
  return 0;
}

/* tw_set_ease the general way.  Out of line, so that tw_set_ease's short
 * way needs no stack frame: it jumps here. */
static TW__NOINLINE int set_ease_general(tw_manager *m, tw_handle h,
                                         tw_ease ease) {
  tw__tween *t;
  int plain;

  if (tw__door(m, "tw_set_ease"))
    return TW_EBUSY;
  t = tw__lookup(m, h);
  if (t == NULL)
    return tw__handle_fail(m, h, "tw_set_ease");
  if ((unsigned)ease >= TW_EASE_COUNT)
    return tw__fail(m, TW_EEASE, "tw_set_ease", "ease %d is not one",
                    (int)ease);
  t->ease = (uint8_t)ease;
  plain = ease == TW_EASE_OUT_QUAD && t->type == TW_TYPE_FLOAT &&
          !(t->flags & TW__F_SETTER);
  /* the ends were checked when they were set (tw__ends_check): only a
   * tween that becomes plain, or plain no more, is to be checked again */
  if (TW__FAST_PATHS && !plain == !(t->flags & TW__F_PLAIN))
    return 0;
  tw__flag(t, TW__F_PLAIN, plain);
  tw__ends_check(m, t);
  return 0;
}

/* tw_set_ease, the short way for a setter tween of the array (a UI's
 * property, just made): the general way's for a tween that is not plain
 * and stays so (a setter's), the ease stored and nothing checked again.
 * During the parallel phase (the door's test, tw__door_shut), and for
 * anything else, the general way. */
int tw_set_ease(tw_manager *m, tw_handle h, tw_ease ease) {
  uint32_t s, idx;
  tw__tween *t;

  if (tw__door_shut(m) || !TW__FAST_PATHS ||
      (s = tw__handle_slot(m, h)) == TW__NO_SLOT ||
      ((idx = m->slots[s].index) & TW__NESTED) ||
      (unsigned)ease >= TW_EASE_COUNT)
    return set_ease_general(m, h, ease);
  t = &m->active[idx];
  if ((t->flags & (TW__F_SETTER | TW__F_PLAIN)) != TW__F_SETTER)
    return set_ease_general(m, h, ease);
  t->ease = (uint8_t)ease;
  return 0;
}

static int set_flag(tw_manager *m, tw_handle h, uint32_t flag, int on,
                    int locks, const char *fn) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return tw__handle_fail(m, h, fn);
  if (locks && (t->flags & TW__F_STARTED))
    return tw__fail(m, TW_ELOCKED, fn,
                    "the tween has started: the setting is locked");
  tw__flag(t, flag, on);
  return 0;
}

int tw_set_autokill(tw_manager *m, tw_handle h, int on) {
  if (tw__door(m, "tw_set_autokill"))
    return TW_EBUSY;
  return set_flag(m, h, TW__F_AUTOKILL, on, 1, __func__);
}

int tw_set_independent(tw_manager *m, tw_handle h, int on) {
  if (tw__door(m, "tw_set_independent"))
    return TW_EBUSY;
  return set_flag(m, h, TW__F_INDEPENDENT, on, 0, __func__);
}

int tw_set_recyclable(tw_manager *m, tw_handle h, int on) {
  if (tw__door(m, "tw_set_recyclable"))
    return TW_EBUSY;
  return set_flag(m, h, TW__F_RECYCLABLE, on, 0, __func__);
}

int tw_set_update_type(tw_manager *m, tw_handle h, tw_update_type type) {
  tw__tween *t;

  if (tw__door(m, "tw_set_update_type"))
    return TW_EBUSY;
  t = tw__lookup(m, h);
  if (t == NULL)
    return tw__handle_fail(m, h, __func__);
  if ((unsigned)type > TW_UPDATE_MANUAL)
    return tw__fail(m, TW_EINVAL, __func__, "update type %d is not one",
                    (int)type);
  tw__write_settle(m, h.index - 1); /* it wrote in its old type's pass, */
  t->utype = (uint8_t)type;
  tw__write_rest(m, h.index - 1); /* and not yet in one of the new type */
  return 0;
}

int tw_set_id(tw_manager *m, tw_handle h, int id) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_id"))
    return TW_EBUSY;
  t = with_record(m, h, &err, __func__);
  if (t == NULL)
    return err;
  tw__rec(m, t)->id = id;
  tw__rec(m, t)->has_id = 1;
  return 0;
}

/* tw_set_key, whose refusals are the call fn's. */
static int set_key(tw_manager *m, tw_handle h, const void *key,
                   const char *fn) {
  int err = 0;
  tw__tween *t = tw__lookup(m, h);

  if (t != NULL && (t->flags & TW__F_SEQ) && key != NULL)
    return tw__fail(m, TW_EINVAL, fn, "a sequence has no key");
  if ((t = with_record(m, h, &err, fn)) == NULL)
    return err;
  tw__keys_remove(m, tw__slot_of(m, t));
  tw__rec(m, t)->key = key;
  tw__keys_add(m, tw__slot_of(m, t));
  return 0;
}

int tw_set_key(tw_manager *m, tw_handle h, const void *key) {
  if (tw__door(m, "tw_set_key"))
    return TW_EBUSY;
  return set_key(m, h, key, "tw_set_key");
}

int tw_set_target(tw_manager *m, tw_handle h, const void *key) {
  if (tw__door(m, "tw_set_target"))
    return TW_EBUSY;
  return set_key(m, h, key, "tw_set_target");
}

int tw_set_overwrite(tw_manager *m, tw_handle h, tw_overwrite mode) {
  tw__tween *t;

  if (tw__door(m, "tw_set_overwrite"))
    return TW_EBUSY;
  t = tw__lookup(m, h);
  if (t == NULL)
    return tw__handle_fail(m, h, __func__);
  if ((unsigned)mode > TW_OVERWRITE_KILL)
    return tw__fail(m, TW_EINVAL, __func__, "mode %d is not one", (int)mode);
  if (t->flags & TW__F_STARTED)
    return tw__fail(m, TW_ELOCKED, __func__,
                    "the tween has started: the setting is locked");
  tw__flag(t, TW__F_OVERWRITE, mode == TW_OVERWRITE_KILL);
  return 0;
}

int tw_set_timescale(tw_manager *m, tw_handle h, double scale) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_timescale"))
    return TW_EBUSY;
  if (!tw__time_in(&scale))
    return tw__arg_fail(m, h, __func__, "scale %g %s", scale,
                        tw__time_why(scale, 0));
  if ((t = with_record(m, h, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->timescale = scale;
  tw__flag(t, TW__F_SCALED, scale != 1.0);
  return 0;
}

int tw_on(tw_manager *m, tw_handle h, tw_event ev, tw_callback fn, void *ud) {
  int err = 0, i;
  tw__tween *t;

  if (tw__door(m, "tw_on"))
    return TW_EBUSY;
  if ((unsigned)ev >= TW_ON_COUNT)
    return tw__arg_fail(m, h, __func__, "event %d is not one", (int)ev);
  if ((t = with_record(m, h, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->cb[ev].fn = fn;
  tw__rec(m, t)->cb[ev].ud = fn != NULL ? ud : NULL;
  t->flags &= ~(uint32_t)TW__F_CALLBACKS;
  for (i = 0; i < TW_ON_COUNT; i++)
    if (tw__rec(m, t)->cb[i].fn != NULL)
      t->flags |= TW__F_CALLBACKS;
  return 0;
}

/* how a tween starts */

/* A punch, a shake, a path: values of their own, no end to set. */
#define SHAPED (TW__F_WOBBLE | TW__F_PATH)

int tw_set_from(tw_manager *m, tw_handle h, const void *from) {
  int err = 0;
  tw__tween *t;
  size_t size;
  uint32_t s;
  tw__value v;
  void *cur;

  if (tw__door(m, "tw_set_from"))
    return TW_EBUSY;
  t = unstarted(m, h, &err, __func__);
  if (t == NULL)
    return err;
  if ((t->flags & (TW__F_SEQ | TW__F_GIVEN | SHAPED)) ||
      (from != NULL && !tw__value_finite(t->type, from)))
    return tw__fail(m, TW_EINVAL, __func__,
                    (t->flags & TW__F_SEQ) ? "a sequence has no value"
                    : (t->flags & (TW__F_GIVEN | SHAPED))
                        ? "the tween has a given start, or no end of its own"
                        : "from is not finite");
  size = m->types[t->type].size;
  s = tw__slot_of(m, t);
  /* the end: the target's value now, before it moves (DOTween's From) */
  cur = (t->flags & TW__F_BIG) ? (void *)tw__val(m, t, size, TW__SCRATCH)
                               : (void *)&v;
  if (!tw__read_target(m, s, h.gen, cur))
    return 0; /* the getter killed it */
  t = tw__t(m, s);
  if (!tw__value_finite(t->type, cur))
    return tw__fail(m, TW_EINVAL, __func__, "the target's value is not finite");
  /* the start: the value given, or the end given at creation */
  tw__set_value(m, t, TW__START,
                from != NULL ? from : tw__val(m, t, size, TW__END));
  tw__set_value(m, t, TW__END, cur);
  if (t->flags & TW__F_RELATIVE)
    tw__add(t->type, tw__val(m, t, size, TW__START),
            tw__val(m, t, size, TW__END), tw__val(m, t, size, TW__START));
  t->flags |= TW__F_FROM | TW__F_STARTSET;
  tw__ends_check(m, t);
  /* and the target jumps to the start at once */
  if (t->flags & TW__F_SETTER) {
    tw_setter_fn set = tw__rec(m, t)->set;
    memcpy(cur, tw__val(m, t, size, TW__START), size);
    TW__CALL(m, set(tw__hot_of(m, t)->target, cur));
  } else {
    memcpy(tw__hot_of(m, t)->target, tw__val(m, t, size, TW__START), size);
  }
  return 0;
}

int tw_set_relative(tw_manager *m, tw_handle h, int on) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_relative"))
    return TW_EBUSY;
  t = tw__lookup(m, h);
  if (t != NULL && t->type >= TW_TYPE_FIRST_CUSTOM &&
      !(t->flags & TW__F_STARTED))
    return on ? tw__type_refused(m, t->type, __func__) : 0;
  if ((t = unstarted(m, h, &err, __func__)) == NULL)
    return err;
  if (t->flags & (TW__F_SEQ | TW__F_FROM | SHAPED))
    return tw__fail(m, TW_EINVAL, __func__,
                    (t->flags & TW__F_SEQ) ? "a sequence has no value"
                    : (t->flags & TW__F_FROM)
                        ? "a from-tween takes relative when from is set"
                        : "the tween has no end of its own");
  tw__flag(t, TW__F_RELATIVE, on);
  if (on)
    tw__fx_start_ends(m);
  return 0;
}

int tw_set_speed_based(tw_manager *m, tw_handle h, int on) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_speed_based"))
    return TW_EBUSY;
  t = tw__lookup(m, h);
  if (t != NULL && !(t->flags & TW__F_STARTED) && on) {
    if (t->type >= TW_TYPE_FIRST_CUSTOM)
      return tw__type_refused(m, t->type, __func__);
    if (tw__hot_of(m, t)->duration == 0)
      return tw__fail(m, TW_EINVAL, __func__,
                      "the tween's speed (its duration) is 0");
  }
  if ((t = unstarted(m, h, &err, __func__)) == NULL)
    return err;
  if (t->flags & (TW__F_SEQ | SHAPED))
    return tw__fail(m, TW_EINVAL, __func__,
                    (t->flags & TW__F_SEQ)
                        ? "a sequence has no distance to run"
                        : "the tween has no distance from start to end");
  tw__flag(t, TW__F_SPEED, on);
  if (on)
    tw__fx_start_ends(m);
  return 0;
}

/* eases beyond the enum */

int tw_set_ease_params(tw_manager *m, tw_handle h, double overshoot,
                       double period) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_ease_params"))
    return TW_EBUSY;
  if (!tw__finite(overshoot) || !tw__finite(period))
    return tw__arg_fail(m, h, __func__, "%s %g is not finite",
                        tw__finite(overshoot) ? "period" : "overshoot",
                        tw__finite(overshoot) ? period : overshoot);
  if ((t = with_record(m, h, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->overshoot = overshoot;
  tw__rec(m, t)->period = period;
  tw__note_overshoot(m, overshoot);
  return 0;
}

/* Sets an ease kept in the record; the caller has filled r->ex.  A CSS or
 * curve ease is reached through the manager's entries: filled in here. */
static void set_ease_ex(tw_manager *m, tw__tween *t, int ease) {
  if (ease != TW__EASE_FN)
    tw__fx_ease_kept(m);
  t->ease = (uint8_t)ease;
  t->flags &= ~(uint32_t)TW__F_PLAIN;
}

int tw_set_ease_fn(tw_manager *m, tw_handle h, tw_ease_fn fn, void *ud) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_ease_fn"))
    return TW_EBUSY;
  if (fn == NULL)
    return tw__arg_fail(m, h, __func__, "fn is NULL");
  if ((t = with_record(m, h, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->ex.fn.fn = fn;
  tw__rec(m, t)->ex.fn.ud = ud;
  set_ease_ex(m, t, TW__EASE_FN);
  return 0;
}

int tw_set_ease_bezier(tw_manager *m, tw_handle h, double x1, double y1,
                       double x2, double y2) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_ease_bezier"))
    return TW_EBUSY;
  if (!tw__bezier_ok(x1, y1, x2, y2))
    return tw__arg_fail(m, h, __func__,
                        "(%g, %g, %g, %g): x1 and x2 in [0, 1], all finite", x1,
                        y1, x2, y2);
  if ((t = with_record(m, h, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->ex.bezier[0] = x1;
  tw__rec(m, t)->ex.bezier[1] = y1;
  tw__rec(m, t)->ex.bezier[2] = x2;
  tw__rec(m, t)->ex.bezier[3] = y2;
  set_ease_ex(m, t, TW__EASE_BEZIER);
  return 0;
}

int tw_set_ease_steps(tw_manager *m, tw_handle h, int n, tw_jump jump) {
  int err = 0;
  tw__tween *t;

  if (tw__door(m, "tw_set_ease_steps"))
    return TW_EBUSY;
  if ((unsigned)jump > TW_JUMP_BOTH || n < 1 || (jump == TW_JUMP_NONE && n < 2))
    return (unsigned)jump > TW_JUMP_BOTH
               ? tw__arg_fail(m, h, __func__, "jump %d is not one", (int)jump)
               : tw__arg_fail(m, h, __func__, "%d steps: %s", n,
                              jump == TW_JUMP_NONE
                                  ? "jump-none takes 2 at least"
                                  : "1 at least");
  if ((t = with_record(m, h, &err, __func__)) == NULL)
    return err;
  tw__rec(m, t)->ex.steps.n = n;
  tw__rec(m, t)->ex.steps.jump = (int)jump;
  set_ease_ex(m, t, TW__EASE_STEPS);
  return 0;
}

int tw_set_ease_curve(tw_manager *m, tw_handle h, const tw_key *keys,
                      size_t n) {
  int err = 0;
  tw__tween *t;
  tw__record *r;
  size_t i;
  int had;

  if (tw__door(m, "tw_set_ease_curve"))
    return TW_EBUSY;
  for (i = 0; keys != NULL && i < n; i++) {
    const tw_key *k = &keys[i];
    if (!tw__finite(k->time) || !tw__finite(k->value) ||
        !tw__finite(k->in_tangent) || !tw__finite(k->out_tangent) ||
        (i > 0 && !(k->time > keys[i - 1].time)))
      break;
  }
  if (keys == NULL || n == 0 || i < n || n > ((size_t)-1) / sizeof *keys)
    return keys == NULL || n == 0
               ? tw__arg_fail(m, h, __func__, "no keys")
               : tw__arg_fail(m, h, __func__,
                              "key %lu is not finite or not after the one "
                              "before",
                              (unsigned long)i);
  t = tw__lookup(m, h);
  had = t != NULL && tw__rec(m, t) != NULL;
  if ((t = with_record(m, h, &err, __func__)) == NULL)
    return err;
  r = tw__rec(m, t);
  if (r->curve_cap < n) {
    tw_key *k =
        tw__realloc(m, r->curve, r->curve_cap * sizeof *k, n * sizeof *k);
    if (k == NULL) {
      if (!had)
        tw__rec_give_back(m, t);
      return tw__fail(m, TW_ENOMEM, __func__, "no memory for %lu keys",
                      (unsigned long)n);
    }
    r->curve = k;
    r->curve_cap = n;
  }
  memcpy(r->curve, keys, n * sizeof *keys);
  r->ncurve = n;
  set_ease_ex(m, t, TW__EASE_CURVE);
  return 0;
}

/* changing values */

static int change(tw_manager *m, tw_handle h, const void *start,
                  const void *end, int snap_start, const char *fn) {
  tw__tween *t = tw__lookup(m, h);
  size_t size;
  uint32_t s;
  tw__value v;

  if (t == NULL)
    return tw__handle_fail(m, h, fn);
  if (start == NULL && end == NULL)
    return tw__fail(m, TW_EINVAL, fn, "start and end are NULL");
  if ((t->flags & (TW__F_SEQ | TW__F_PATH)) ||
      ((t->flags & TW__F_WOBBLE) && end != NULL) ||
      (snap_start && (t->flags & TW__F_SETTER) && tw__rec(m, t)->get == NULL) ||
      (start != NULL && !tw__value_finite(t->type, start)) ||
      (end != NULL && !tw__value_finite(t->type, end)))
    return tw__fail(m, TW_EINVAL, fn,
                    "no value to change (a sequence or a path), no end of its "
                    "own (a punch, a shake), no getter, or a value not "
                    "finite");
  s = tw__slot_of(m, t);
  size = m->types[t->type].size;
  if (snap_start) {
    void *cur =
        (t->flags & TW__F_BIG) ? (void *)tw__val(m, t, size, TW__SCRATCH) : &v;
    if (!tw__read_target(m, s, h.gen, cur))
      return 0;
    t = tw__t(m, s);
    if (!tw__value_finite(t->type, cur))
      return tw__fail(m, TW_EINVAL, fn, "the target's value is not finite");
    start = cur;
  }
  if (end != NULL)
    tw__set_value(m, t, TW__END, end);
  if (start != NULL)
    tw__set_value(m, t, TW__START, start);
  if (start != NULL)
    t->flags = (t->flags | TW__F_STARTSET) & ~(uint32_t)TW__F_FROM;
  if (end != NULL)
    t->flags &= ~(uint32_t)TW__F_FROM;
  /* a motion of its own: the velocity a retarget kept goes */
  t->flags &= ~(uint32_t)(TW__F_RELATIVE | TW__F_SPEED | TW__F_EXTRA);
  tw__rewind_in_place(m, s);
  return 0;
}

int tw_change_start(tw_manager *m, tw_handle h, const void *start) {
  if (tw__door(m, "tw_change_start"))
    return TW_EBUSY;
  if (start == NULL)
    return tw__arg_fail(m, h, __func__, "start is NULL");
  return change(m, h, start, NULL, 0, __func__);
}

int tw_change_end(tw_manager *m, tw_handle h, const void *end, int snap_start) {
  if (tw__door(m, "tw_change_end"))
    return TW_EBUSY;
  if (end == NULL)
    return tw__arg_fail(m, h, __func__, "end is NULL");
  return change(m, h, NULL, end, snap_start, __func__);
}

int tw_change_values(tw_manager *m, tw_handle h, const void *start,
                     const void *end) {
  if (tw__door(m, "tw_change_values"))
    return TW_EBUSY;
  if (start == NULL || end == NULL)
    return tw__arg_fail(m, h, __func__, "%s is NULL",
                        start == NULL ? "start" : "end");
  return change(m, h, start, end, 0, __func__);
}

/* for the settings of choreo.c */

tw__tween *tw__with_record(tw_manager *m, tw_handle h, int *err,
                           const char *fn) {
  return with_record(m, h, err, fn);
}

tw__tween *tw__unstarted(tw_manager *m, tw_handle h, int *err, const char *fn) {
  return unstarted(m, h, err, fn);
}

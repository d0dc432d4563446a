/* SPDX-License-Identifier: MIT */
/* One tween's life: start, step, fire, finish, complete, kill, dispose.
 *
 * This is the only file that changes a tween's state or runs the
 * program's code on a tween's behalf.  The drivers above it (the update
 * pass, sequences, the controls, creation and settings) call these
 * functions; none of them sets elapsed or fires an event itself.  The one
 * tie back up is to timeline.c: the value of a sequence is its timeline,
 * so writing it drives the timeline (tw__seq_drive), and killing one kills
 * its children.
 *
 * Events.  Within one step the order is START, PLAY, (value written),
 * UPDATE, REWIND, STEP_COMPLETE per finished loop, COMPLETE, then PAUSE or
 * the kill (KILL).  Every function names the tween by its slot and finds
 * it again (tw__t) after running any code of the program, since a callback
 * may grow the array, or, outside an update pass, compact it.
 *
 * Re-entrancy.  A callback may do anything.  Four counters of the manager
 * say what is running:
 *  - busy: walks of the active array in progress (an update pass, a
 *    filtered control).  While it is up nothing moves in the array:
 *    compaction waits, and the walk can trust indices;
 *  - depth: pieces of the program's code in progress (TW__CALL); calls
 *    that cannot run inside a callback, such as tw_update, refuse;
 *  - quiet: while up, events are not fired (a restarting sequence rewinds
 *    its children silently);
 *  - dying: tw_manager_free is killing everything; nothing may be created.
 *
 * The move counter.  After each callback a step goes on only if the tween
 * lives (its slot's generation is the one it had) and no callback moved
 * it.  "Moved" is counted, never inferred from values: every change of a
 * tween's position (tw__move: a step, complete, goto, rewind, a change of
 * values) bumps the counter in its record, and a step compares the counter
 * with the one it read.  Comparing doubles instead would fail where a
 * register holds more precision than memory (x87), and would miss a
 * complete then restart that lands where the tween was.  A tween without
 * a record has no callbacks and no setter, so no code runs during its step
 * and its counter can stay 0. */
#include "life.h"

void tw__move(const tw_manager *m, tw__tween *t, double e) {
  *tw__elapsed_of(m, t) = e;
  if (tw__rec(m, t) != NULL) {
    tw__rec(m, t)->moves++;
    tw__rec(m, t)->elapsed_c = 0;
  }
}

/* elapsed + dt, saturated.  A looping tween (which always has a record)
 * sums with Kahan's compensation, so that an hour of 60 Hz updates ends
 * every loop on its frame: *c is the new compensation.  The sum goes
 * through memory at each step (volatile), so that a register's excess
 * precision (x87) cannot change it. */
static double add_time(const tw_manager *m, const tw__tween *t, double dt,
                       double *c) {
  volatile double y, sum;

  if (!(t->flags & TW__F_LOOPS)) {
    *c = 0;
    return tw__sat(*tw__elapsed_of(m, t) + dt);
  }
  y = dt - tw__rec(m, t)->elapsed_c;
  sum = *tw__elapsed_of(m, t) + y;
  *c = (sum - *tw__elapsed_of(m, t)) - y;
  return tw__sat(sum);
}

/* events */

/* Fires ev if set; returns 1 if the tween is still alive after it. */
int tw__fire(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev) {
  tw__tween *t = tw__t(m, s);
  tw_callback fn;
  void *ud;
  tw_handle h;

  if (tw__rec(m, t) == NULL || tw__rec(m, t)->cb[ev].fn == NULL || m->quiet > 0)
    return 1;
  fn = tw__rec(m, t)->cb[ev].fn;
  ud = tw__rec(m, t)->cb[ev].ud;
  h.index = s + 1;
  h.gen = gen;
  TW__CALL(m, fn(m, h, ud));
  return tw__alive(m, s, gen);
}

/* Fires ev and tells whether the step may go on: the tween lives and no
 * code of the program (a callback, or the setter before it) moved it since
 * its move counter read `moves`.  A moved tween's event does not fire: the
 * move won. */
int tw__fire_step(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev,
                  uint32_t moves) {
  if (tw__moves(m, tw__t(m, s)) != moves)
    return 0;
  return tw__fire(m, s, gen, ev) && tw__moves(m, tw__t(m, s)) == moves;
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
    TW__CALL(m, m->warn(m, what, o, n, m->warn_ud));
  }
}

/* values */

/* Reads the target's current value (through the getter for setter
 * tweens) into out, which must not be reachable by callbacks.  Returns 1 if
 * the tween still lives after the getter. */
int tw__read_target(tw_manager *m, uint32_t s, uint32_t gen, void *out) {
  tw__tween *t = tw__t(m, s);

  if (!(t->flags & TW__F_SETTER)) {
    memcpy(out, tw__hot_of(m, t)->target, m->types[t->type].size);
    return 1;
  }
  TW__CALL(m, tw__rec(m, t)->get(tw__hot_of(m, t)->target, out));
  return tw__alive(m, s, gen);
}

double tw__fraction_to(const tw_manager *m, const tw__tween *t, double e,
                       int back) {
  if (back && e <= 0) /* the start, before the instant of a 0 s tween */
    return tw__hot_of(m, t)->duration > 0 ? tw__fraction(m, t, 0, 0) : 0.0;
  return tw__fraction_at(m, t, e);
}

double tw__fraction_now(const tw_manager *m, const tw__tween *t) {
  return tw__fraction_to(m, t, *tw__elapsed_of(m, t),
                         !(t->flags & TW__F_COMPLETE));
}

void tw__extra_value(const tw_manager *m, tw__tween *t, void *out, double e) {
  size_t size = m->types[t->type].size;
  tw__extra x;

  tw__extra_at(m, t, *tw__elapsed_of(m, t), &x);
  tw__lerp_extra(m, t->type, out, tw__val(m, t, size, TW__START),
                 tw__val(m, t, size, TW__END), (e - x.jw) * x.r,
                 tw__rec(m, t)->extra_c, x.g);
}

void tw__value_at(const tw_manager *m, tw__tween *t, void *out, double e) {
  size_t size = m->types[t->type].size;

  if (TW__FAST_PATHS && t->type == TW_TYPE_FLOAT &&
      !(t->flags & (TW__F_WOBBLE | TW__F_PATH | TW__F_EXTRA | TW__F_SNAPPED |
                    TW__F_BIG))) {
    /* a float: tw__lerp's, without its table */
    float v = tw__lerpf(tw__hot_of(m, t)->sv.f, tw__hot_of(m, t)->ev.f, e);
    memcpy(out, &v, sizeof v);
    return;
  }
  if (t->flags & TW__F_WOBBLE) {
    m->fx.wobble(m, t, out, e); /* punch, shake */
  } else if (t->flags & TW__F_PATH) {
    m->fx.path_value(m, t, out, e);
  } else if ((t->flags & TW__F_EXTRA) &&
             tw__rec(m, t)->extra == TW__EXTRA_ADD) {
    if (*tw__elapsed_of(m, t) < tw__hot_of(m, t)->duration)
      m->fx.add_value(m, t, out, *tw__elapsed_of(m, t));
    else /* its end, exactly */
      tw__lerp(m, t->type, out, tw__val(m, t, size, TW__START),
               tw__val(m, t, size, TW__END), e);
  } else if (t->flags & TW__F_EXTRA) {
    m->fx.extra_value(m, t, out, e);
  } else
    tw__lerp(m, t->type, out, tw__val(m, t, size, TW__START),
             tw__val(m, t, size, TW__END), e);
  if (t->flags & TW__F_SNAPPED)
    m->fx.snap_value(m, t, out);
}

/* Writes the value at fraction e (through the setter for setter tweens;
 * a setter that fails kills its tween; an additive tween adds its change).  A
 * sequence's fraction is a time on its timeline, which is driven there. Returns
 * 0, or -1 if the tween died or, for a sequence, a callback moved it. */
int tw__write_value(tw_manager *m, uint32_t s, double e) {
  tw__tween *t = tw__t(m, s);
  size_t size = m->types[t->type].size;
  uint32_t gen = m->slots[s].gen;
  tw_setter_fn set;
  tw__value tmp;
  void *out = &tmp;
  int rc;

  if (t->flags & TW__F_SEQ) { /* e warps the timeline */
    double to = e * tw__hot_of(m, t)->duration;
    return m->fx.seq_drive(m, s,
                           to < 0 ? 0
                           : to > tw__hot_of(m, t)->duration
                               ? tw__hot_of(m, t)->duration
                               : to);
  }
  tw__wrote(m, s);
  if (!(t->flags & TW__F_SETTER)) {
    tw__value_at(
        m, t, (t->flags & TW__F_ADDITIVE) ? out : tw__hot_of(m, t)->target, e);
    if (t->flags & TW__F_ADDITIVE)
      m->fx.add_change(m, t, tw__hot_of(m, t)->target, out);
    return 0;
  }
  if (t->flags & TW__F_BIG)
    out = tw__val(m, t, size, TW__SCRATCH);
  tw__value_at(m, t, out, e);
  set = tw__rec(m, t)->set;
  TW__CALL(m, rc = set(tw__hot_of(m, t)->target, out));
  if (!tw__alive(m, s, gen))
    return -1;
  if (rc != 0) {
    tw__setter_failed(m, s);
    return -1;
  }
  return 0;
}

/* Safe mode: a setter that returns non-zero kills its tween. */
void tw__setter_failed(tw_manager *m, uint32_t s) {
  m->st.setter_failures++;
  tw__kill(m, s);
}

/* starting and stepping */

/* Starts the tween: reads its start value from the target (unless it was
 * given; a component not finite counts as 0: tw__value_clean), applies relative
 * and speed-based, kills the older tweens on its key (with overwrite), and
 * fires START.  Returns 1 if the tween lives. The tween is whole before any
 * code of the program runs but its own getter, which is the read: the victims'
 * KILL callbacks see it started, from where it starts (a retarget from one sets
 * off from there).  While the getter runs it is marked as reading
 * (TW__F_READING), which a retarget takes for not started: the end changes, the
 * start read then stands; and what the getter did to it (a change of values)
 * stands too, since the flags are read again after it. */
/* The flags that keep a float's start from start_float_short: what
 * tw__start_rest would do besides taking the start (a start given, a
 * relative or speed-based end, a spring, an overwrite's victims, START),
 * and the values not in the hot part or a plain float's check. */
#define TW__START_SLOW                                                         \
  (TW__F_STARTSET | TW__F_FROM | TW__F_RELATIVE | TW__F_SPEED | TW__F_BIG |    \
   TW__F_SEQ | TW__F_PLAIN | TW__F_EXTRA | TW__F_OVERWRITE | TW__F_CALLBACKS)

/* tw__start of the float tween in slot s (generation gen), in the array
 * or a child, none of TW__START_SLOW set, so that nothing runs but its
 * getter: tw__start's steps for it, written out (the target read once, a
 * value not finite as 0, the start taken, whether its ends are near), as
 * steps.h's first_float writes them for a setter tween of the array.
 * When the getter changed it (its flags, its move counter),
 * tw__start_rest does the rest the general way.  Returns 1 if the tween
 * lives. */
static int start_float_short(tw_manager *m, uint32_t s, uint32_t gen) {
  tw__tween *t = tw__t(m, s);
  uint32_t f = t->flags | TW__F_STARTED | TW__F_READING, moves;
  tw__hot *h;
  tw__value v;

  if (m->key_nheads != 0)
    tw__write_rest(m, s); /* for tw_writer */
  t->flags = f;
  if (!(f & TW__F_SETTER)) { /* tw__read_target's copy: no code runs */
    memcpy(&v, tw__hot_of(m, t)->target, sizeof v.f[0]);
  } else {
    moves = tw__rec(m, t)->moves;
    TW__CALL(m, tw__rec(m, t)->get(tw__hot_of(m, t)->target, &v));
    if (!tw__alive(m, s, gen))
      return 0;
    t = tw__t(m, s);
    if (t->flags != f || tw__moves(m, t) != moves) {
      if (!tw__finite(v.f[0])) /* tw__value_clean's, for a float */
        v.f[0] = 0;
      return tw__start_rest(m, s, gen, &v);
    }
  }
  if (!tw__finite(v.f[0])) /* tw__value_clean's, for a float */
    v.f[0] = 0;
  h = tw__hot_of(m, t);
  memcpy(&h->sv.f, &v, sizeof h->sv.f);
  f &= ~(uint32_t)TW__F_READING;
  /* tw__ends_check's, for a float that is not plain */
  t->flags =
      tw__near(h->sv.f) && tw__near(h->ev.f) ? f | TW__F_NEAR : f & ~TW__F_NEAR;
  return 1;
}

int tw__start(tw_manager *m, uint32_t s, uint32_t gen) {
  tw__tween *t = tw__t(m, s);
  size_t size = m->types[t->type].size;
  tw__value v;
  void *cur = NULL;

  if (TW__FAST_PATHS && !TW__FOR_SIZE && t->type == TW_TYPE_FLOAT &&
      !(t->flags & TW__START_SLOW))
    return start_float_short(m, s, gen);

  /* for tw_writer: it has played in no pass yet, and no code of the
   * program (its getter, its victims' KILL, its START) finds it has */
  tw__write_rest(m, s);
  t->flags |= TW__F_STARTED;
  if (!(t->flags & TW__F_STARTSET)) {
    cur = (t->flags & TW__F_BIG) ? (void *)tw__val(m, t, size, TW__SCRATCH)
                                 : (void *)&v;
    t->flags |= TW__F_READING;
    if (!tw__read_target(m, s, gen, cur))
      return 0;
    tw__value_clean(tw__t(m, s)->type, cur);
  }
  return tw__start_rest(m, s, gen, cur);
}

/* The relative end (unless the tween is a from-tween, whose relative
 * tw_set_from applied) and the speed-based duration of tween t, of flags
 * f, at its start: reached through m->fx.start_ends, which only
 * tw_set_relative and tw_set_speed_based (and a restore) fill in, so that
 * a program that calls neither links no type's add or distance. */
static void start_ends(const tw_manager *m, tw__tween *t, uint32_t f) {
  size_t size = m->types[t->type].size;
  unsigned char *a = tw__val(m, t, size, TW__START);
  unsigned char *b = tw__val(m, t, size, TW__END);

  if ((f & TW__F_RELATIVE) && !(f & TW__F_FROM)) /* from did its own */
    tw__add(t->type, b, a, b);
  if (f & TW__F_SPEED) {
    double speed = tw__hot_of(m, t)->duration;
    tw__set_duration(tw__hot_of(m, t), tw__distance(t->type, a, b) / speed);
    if (!tw__time_in(&tw__hot_of(m, t)->duration))
      tw__set_duration(tw__hot_of(m, t), 0); /* a NaN or infinite value goes
                                                nowhere */
    t->flags &= ~(uint32_t)TW__F_SPEED;
  }
}

void tw__fx_start_ends(tw_manager *m) { m->fx.start_ends = start_ends; }

/* tw__start once the start value was read into cur (NULL: it was given),
 * the getter having run and the tween living: the read taken unless the
 * getter gave a start, relative and speed-based applied, the older tweens
 * on its key killed, START fired.  Returns 1 if the tween lives. */
int tw__start_rest(tw_manager *m, uint32_t s, uint32_t gen, const void *cur) {
  tw__tween *t = tw__t(m, s);
  uint32_t f;

  if (cur != NULL) {
    t->flags &= ~(uint32_t)TW__F_READING;
    if (!(t->flags & TW__F_STARTSET)) /* the getter gave none */
      tw__set_value(m, t, TW__START, cur);
  }
  f = t->flags;
  if (f & (TW__F_RELATIVE | TW__F_SPEED))
    m->fx.start_ends(m, t, f);
  if ((f & TW__F_EXTRA) && tw__rec(m, t)->extra == TW__EXTRA_SPRING)
    /* a velocity vector's spring rests after a time that depends on the
     * distance */
    tw__set_duration(tw__hot_of(m, t), m->fx.spring_span(m, t));
  tw__ends_check(m, t);
  if ((f & TW__F_OVERWRITE) && !tw__overwrite(m, s, gen))
    return 0;
  return tw__fire(m, s, gen, TW_ON_START);
}

/* After a START or PLAY callback of a step: whether the step must stop,
 * because the callback moved, paused or completed the tween. */
static int stopped(const tw_manager *m, uint32_t s, uint32_t moves) {
  const tw__tween *t = tw__t(m, s);

  return tw__moves(m, t) != moves || !(t->flags & TW__F_PLAYING) ||
         (t->flags & TW__F_COMPLETE);
}

/* The slow step: everything the update's fast path leaves out (delay,
 * start, PLAY, loops, callbacks, the end).  dt is already scaled by the
 * manager. */
void tw__step(tw_manager *m, uint32_t s, double dt) {
  uint32_t gen = m->slots[s].gen, moves;
  tw__tween *t = tw__t(m, s);

  if (!(t->flags & TW__F_PLAYING) || (t->flags & TW__F_COMPLETE))
    return;
  if (t->flags & TW__F_SCALED)
    dt = tw__sat(dt * tw__rec(m, t)->timescale);
  if (t->flags & TW__F_DELAYED) {
    tw__record *r = tw__rec(m, t);
    r->delay_elapsed = tw__sat(r->delay_elapsed + dt);
    if (r->delay_elapsed < r->delay)
      return;
    dt = r->delay_elapsed - r->delay;
    r->delay_elapsed = r->delay;
    t->flags &= ~(uint32_t)TW__F_DELAYED;
  }
  if (!(t->flags & TW__F_STARTED)) {
    moves = tw__moves(m, t);
    /* a START callback that paused, moved or completed it: the step stops
     * (and PLAY waits for the tween to play) */
    if (!tw__start(m, s, gen) || stopped(m, s, moves))
      return;
  }
  tw__step_on(m, s, gen, dt);
}

void tw__step_on(tw_manager *m, uint32_t s, uint32_t gen, double dt) {
  tw__tween *t = tw__t(m, s);
  double e, c, total;
  uint32_t moves;
  int back;

  if (!(t->flags & TW__F_PLAYED)) {
    moves = tw__moves(m, t);
    t->flags |= TW__F_PLAYED;
    if (!tw__fire(m, s, gen, TW_ON_PLAY) || stopped(m, s, moves))
      return;
  }
  t = tw__t(m, s);

  total = tw__total_time(m, t);
  back = (t->flags & TW__F_BACKWARDS) != 0;
  e = add_time(m, t, back ? -dt : dt, &c);
  if (!back && tw__loops(m, t) > 0 && e >= total - total * TW__SNAP) {
    e = total;
    c = 0;
  } else if (back && e <= tw__hot_of(m, t)->duration * TW__SNAP) {
    e = 0;
    c = 0;
  }
  tw__advance(m, s, gen, e, c, back, 0);
}

/* Stops the tween playing; PAUSE fires if asked. */
void tw__halt(tw_manager *m, uint32_t s, int fire) {
  tw__write_settle(m, s); /* it writes no more: since when, for tw_writer */
  tw__t(m, s)->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
  if (fire)
    tw__fire(m, s, m->slots[s].gen, TW_ON_PAUSE);
}

/* After a complete: an auto-kill tween dies, the others stop playing
 * (PAUSE fires if asked). */
void tw__finish(tw_manager *m, uint32_t s, int fire) {
  if (tw__t(m, s)->flags & TW__F_AUTOKILL)
    tw__kill(m, s);
  else
    tw__halt(m, s, fire);
}

/* A sequence ends each loop it crosses, as small steps would: a restarting
 * one then rewinds its children silently, and comes back to its timeline as
 * new (callbacks at 0 fire again).  With nothing in its timeline to call,
 * only the last two loop ends can be seen (their values, and a yoyo's
 * direction), so many loops cost two.  Returns 0, or -1 if a callback
 * killed or moved it. */
static int seq_cross_loops(tw_manager *m, uint32_t s, int32_t done_old,
                           int32_t n) {
  int yoyo = tw__rec(m, tw__t(m, s))->loop_type == TW_LOOP_YOYO;
  int32_t i;

  if (n > 2 && !m->fx.seq_has_callbacks(tw__rec(m, tw__t(m, s)))) {
    done_old += n - 2;
    n = 2;
  }

  for (i = 0; i < n; i++) {
    int rc;
    int32_t ended = done_old + i;
    tw__tween *t = tw__t(m, s);
    if (m->fx.seq_drive(
            m, s, yoyo && (ended & 1) ? 0 : tw__hot_of(m, t)->duration) != 0)
      return -1;
    if (!yoyo) {
      m->quiet++;
      rc = m->fx.seq_drive(m, s, 0);
      m->quiet--;
      if (rc != 0)
        return -1;
      tw__rec(m, tw__t(m, s))->seq_t = -1;
    }
  }
  return 0;
}

static void advance_events(tw_manager *m, uint32_t s, uint32_t gen,
                           uint32_t moves, int32_t n, int rewound, int complete,
                           int nested);

/* Moves the tween in slot s to elapsed e (within [0, total]) in the given
 * direction: writes the value, then fires UPDATE, REWIND (reaching the
 * start backwards), STEP_COMPLETE once per loop crossed and COMPLETE
 * (reaching the end forwards).  A tween of the array then finishes (killed
 * or paused) and one that reached the start backwards pauses; a child of a
 * sequence (nested) is only marked complete, and only when it moved.  c is
 * the compensation of elapsed's sum (see add_time). */
void tw__advance(tw_manager *m, uint32_t s, uint32_t gen, double e, double c,
                 int back, int nested) {
  tw__tween *t = tw__t(m, s);
  double old = *tw__elapsed_of(m, t), total = tw__total_time(m, t);
  int32_t done_old, done_new, n;
  uint32_t moves;
  int complete, rewound;

  complete = !back && tw__loops(m, t) > 0 && e >= total &&
             !(nested && (t->flags & TW__F_COMPLETE));
  /* a child rewinds when it moved: played some time, or a 0 s one's
   * instant */
  rewound =
      back && e <= 0 && (!nested || old > 0 || (t->flags & TW__F_COMPLETE));
  if (back)
    t->flags &= ~(uint32_t)TW__F_COMPLETE;
  done_old = tw__loops_done_at(m, t, old);
  tw__move(m, t, e);
  if (tw__rec(m, t) != NULL)
    tw__rec(m, t)->elapsed_c = c;
  moves = tw__moves(m, t);
  if (complete)
    t->flags |= TW__F_COMPLETE;
  done_new = tw__loops_done_at(m, t, e);
  n = done_new > done_old ? done_new - done_old : done_old - done_new;
  if ((t->flags & TW__F_SEQ) && !back && n > 0 &&
      seq_cross_loops(m, s, done_old, complete ? n - 1 : n) != 0)
    return;
  t = tw__t(m, s);
  if (tw__write_value(m, s, tw__fraction_to(m, t, e, back)) != 0)
    return;
  advance_events(m, s, gen, moves, n, rewound, complete, nested);
}

/* tw__advance forwards to e, the end of the tween in slot s (generation
 * gen), of one loop, not complete, neither a sequence nor with callbacks
 * (the callers' tests): for this case (c 0, no rewind, complete), its
 * value at its end written, through its setter if it has one; then, when
 * the setter gave it no callback and moved it not (nothing for the events
 * to fire), a tween of the array finishes (tw__finish), else the events. */
/* Loops finished at elapsed e of t, of one loop (TW__F_LOOPS clear):
 * tw__loops_done_at's, its short case inline. */
static int32_t one_loop_done(const tw_manager *m, const tw__tween *t,
                             double e) {
  double d = tw__hot_of(m, t)->duration;

  if (d > 0 && e >= 0)
    return e >= d;
  return tw__loops_done_at(m, t, e);
}

/* tw__fraction_at of t, of one loop (TW__F_LOOPS clear), at e, its
 * total or beyond: tw__locate's loop 0 at its end (the position d), then
 * tw__fraction's ease there, the two commonest eases inline (an
 * incremental loop, which adds its loop, the general way). */
static double end_fraction(const tw_manager *m, const tw__tween *t, double e) {
  double d = tw__hot_of(m, t)->duration;

  if (d > 0 && e >= d &&
      (tw__rec(m, t) == NULL ||
       tw__rec(m, t)->loop_type != TW_LOOP_INCREMENTAL)) {
    if (t->ease == TW_EASE_OUT_QUAD)
      return tw__out_quad(d / d);
    if (t->ease == TW_EASE_LINEAR)
      return d / d;
    return tw__ease_at(m, t, d, d);
  }
  return tw__fraction_at(m, t, e);
}

/* After an end's write (end_plain, end_float): a tween that nothing
 * moved and that has no callbacks finishes (its UPDATE and COMPLETE:
 * none); else its events, as tw__advance's. */
static TW__INLINE void end_events(tw_manager *m, uint32_t s, uint32_t gen,
                                  uint32_t moves, int32_t done_old,
                                  int32_t done_new, int nested) {
  const tw__tween *t = tw__t(m, s);

  if (tw__moves(m, t) == moves && !(t->flags & TW__F_CALLBACKS)) {
    if (!nested)
      tw__finish(m, s, 1);
    return;
  }
  advance_events(m, s, gen, moves,
                 done_new > done_old ? done_new - done_old
                                     : done_old - done_new,
                 0, 1, nested);
}

/* The flags that keep a float's end from end_float: values written other
 * than by tw__lerpf of the hot part's ends (tw__value_at's float case),
 * loops, callbacks. */
#define TW__END_SLOW                                                           \
  (TW__F_WOBBLE | TW__F_PATH | TW__F_EXTRA | TW__F_SNAPPED | TW__F_BIG |       \
   TW__F_ADDITIVE | TW__F_SEQ | TW__F_LOOPS | TW__F_CALLBACKS)

/* end_plain of a float tween none of TW__END_SLOW set: the same steps,
 * tw__move's and tw__write_value's written out (its value at its end
 * through tw__lerpf, to the target or through its setter).  A tween by
 * pointer runs no code: it finishes at once (a child: nothing more). */
static void end_float(tw_manager *m, uint32_t s, uint32_t gen, double e,
                      int nested) {
  tw__tween *t = tw__t(m, s);
  tw__record *r = tw__rec(m, t);
  const tw__hot *h = tw__hot_of(m, t);
  int32_t done_old = one_loop_done(m, t, *tw__elapsed_of(m, t)), done_new;
  uint32_t moves = 0;
  tw__value v;
  int rc;

  *tw__elapsed_of(m, t) = e; /* tw__move's, elapsed_c 0 */
  if (r != NULL) {
    moves = ++r->moves;
    r->elapsed_c = 0;
  }
  t->flags |= TW__F_COMPLETE;
  done_new = one_loop_done(m, t, e);
  tw__wrote(m, s);
  v.f[0] = tw__lerpf(h->sv.f, h->ev.f, end_fraction(m, t, e));
  if (!(t->flags & TW__F_SETTER)) {
    memcpy(h->target, &v, sizeof v.f[0]);
    if (!nested)
      tw__finish(m, s, 1);
    return;
  }
  TW__CALL(m, rc = r->set(h->target, &v));
  if (!tw__alive(m, s, gen))
    return;
  if (rc != 0) {
    tw__setter_failed(m, s);
    return;
  }
  end_events(m, s, gen, moves, done_old, done_new, nested);
}

static void end_plain(tw_manager *m, uint32_t s, uint32_t gen, double e,
                      int nested) {
  tw__tween *t = tw__t(m, s);
  int32_t done_old, done_new;
  uint32_t moves;

  if (TW__FAST_PATHS && !TW__FOR_SIZE && t->type == TW_TYPE_FLOAT &&
      !(t->flags & TW__END_SLOW)) {
    end_float(m, s, gen, e, nested);
    return;
  }

  done_old = tw__loops_done_at(m, t, *tw__elapsed_of(m, t));
  tw__move(m, t, e); /* elapsed_c 0: tw__advance's c */
  moves = tw__moves(m, t);
  t->flags |= TW__F_COMPLETE;
  done_new = tw__loops_done_at(m, t, e);
  if (tw__write_value(m, s, tw__fraction_at(m, t, e)) != 0)
    return;
  end_events(m, s, gen, moves, done_old, done_new, nested);
}

/* The end of the running tween of the array in slot s (generation gen)
 * with nothing for the slow step (TW__F_SLOW clear: one loop, forwards, no
 * callbacks), or of such a sequence (TW__F_SEQ the one bit of TW__F_SLOW
 * set), when its step by dt reaches its end: what tw__step_on does for it
 * (the time added, at its end), then end_plain, tw__advance's for it (a
 * sequence of one loop crosses no loop but its last, which
 * seq_cross_loops leaves to the drive to its end that end_plain's write
 * is).  Returns 0, nothing changed, when its step does not reach its end,
 * which tw__step decides. */
int tw__end_step(tw_manager *m, uint32_t s, uint32_t gen, double dt) {
  tw__tween *t = tw__t(m, s);
  double d = tw__hot_of(m, t)->duration;
  double e = tw__sat(*tw__elapsed_of(m, t) + dt); /* add_time's, one loop */

  /* running, nothing of TW__F_SLOW but TW__F_SEQ: one mask, one compare;
   * a build for size keeps the general way alone (its flash) */
  if (!TW__FAST_PATHS || TW__FOR_SIZE ||
      (t->flags & ((TW__F_SLOW | TW__F_RUN) & ~(uint32_t)TW__F_SEQ)) !=
          TW__F_RUNNING ||
      !(e >= d - d * TW__SNAP))
    return 0;
  end_plain(m, s, gen, d, 0); /* at its total, of one loop */
  return 1;
}

void tw__end_child(tw_manager *m, uint32_t s, uint32_t gen, double e) {
  end_plain(m, s, gen, e, 1);
}

/* tw__advance's events once the value is written: UPDATE, REWIND,
 * STEP_COMPLETE, COMPLETE, each while the tween lives and no code of the
 * program moved it since its counter read moves; then a tween of the array
 * that completed finishes. */
static void advance_events(tw_manager *m, uint32_t s, uint32_t gen,
                           uint32_t moves, int32_t n, int rewound, int complete,
                           int nested) {
  tw__tween *t;

  if (!tw__fire_step(m, s, gen, TW_ON_UPDATE, moves))
    return;
  if (rewound) {
    if (!nested)
      tw__t(m, s)->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
    if (!tw__fire_step(m, s, gen, TW_ON_REWIND, moves))
      return;
  }
  t = tw__t(m, s);
  if (tw__rec(m, t) == NULL ||
      tw__rec(m, t)->cb[TW_ON_STEP_COMPLETE].fn == NULL || m->quiet > 0)
    n = 0; /* nothing to call: a year of 10 ms loops costs nothing */
  while (n-- > 0)
    if (!tw__fire_step(m, s, gen, TW_ON_STEP_COMPLETE, moves))
      return;
  if (complete) {
    if (!tw__fire_step(m, s, gen, TW_ON_COMPLETE, moves))
      return;
    if (!nested)
      tw__finish(m, s, 1);
  }
}

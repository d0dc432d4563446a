/* SPDX-License-Identifier: MIT */
/* The public controls: on a handle, and filtered (all, by id, by target).
 * Each checks its arguments and calls one move of moves.c (or kill.c);
 * the filtered ones walk the active array in creation order, with busy up
 * so that nothing moves under the walk. */
#include "life.h"

/* The slot of the tween h names, or the handle's error.  *s is written
 * either way, so that no caller reads it unset. */
static inline int slot_of(const tw_manager *m, tw_handle h, uint32_t *s,
                          const char *fn) {
  *s = h.index - 1;
  if (m == NULL)
    return TW_EINVAL;
  if (tw__lookup(m, h) == NULL)
    return tw__handle_fail(m, h, fn);
  return 0;
}

/* The prologue of a control on a handle, fn's: the door, then the
 * handle; 0 with *s its slot, or the refusal's code. */
static inline int on_handle(tw_manager *m, tw_handle h, const char *fn,
                            uint32_t *s) {
  if (tw__door(m, fn))
    return TW_EBUSY;
  return slot_of(m, h, s, fn);
}

/* A control, fn, that cannot fail once its handle is good: move on the
 * tween's slot. */
static inline int move_slot(tw_manager *m, tw_handle h, const char *fn,
                            void (*move)(tw_manager *m, uint32_t s)) {
  uint32_t s;
  int rc = on_handle(m, h, fn, &s);

  if (rc == 0)
    move(m, s);
  return rc;
}

/* on a handle */

/* A completion's refusal by fn: a tween that loops forever has no end. */
static int completion(const tw_manager *m, int rc, const char *fn) {
  if (rc == TW_EINFINITE)
    return tw__fail(m, rc, fn, "the tween loops forever: it has no end");
  return rc;
}

/* tw_kill the general way: the door first.  Out of line, so that
 * tw_kill's short path needs no stack frame: it jumps here. */
static TW__NOINLINE int kill_general(tw_manager *m, tw_handle h,
                                     int complete_first) {
  uint32_t s;
  int rc;

  if (tw__door(m, "tw_kill"))
    return TW_EBUSY;
  if ((rc = slot_of(m, h, &s, "tw_kill")) != 0)
    return rc;
  if (!complete_first) {
    tw__kill(m, s);
    return 0;
  }
  return completion(m, tw__complete_kill(m, s), "tw_kill");
}

/* tw_kill of a tween of the array with a record, its handle good and no
 * key index, that tw__kill_pooled did not end: kill.c's way.  Out of
 * line, as kill_general. */
static TW__NOINLINE int kill_recorded(tw_manager *m, uint32_t s) {
  tw__kill_recorded(m, s);
  return 0;
}

/* The same: the short way (tw__kill_pooled), or a jump to kill.c's. */
static TW__NOINLINE int kill_record(tw_manager *m, uint32_t s) {
  if (tw__kill_pooled(m, s, m->slots[s].index))
    return 0;
  return kill_recorded(m, s);
}

/* The handle's test (tw__handle_slot), then a plain tween of the array:
 * its entry emptied and its slot freed, nothing else (no hole counted, no
 * window moved: the update pass does that, manager.c), and nothing runs;
 * a tween with a record and nothing to call the same, its record pooled
 * (tw__kill_pooled).
 * The door comes first on every other way; here the key index's test
 * stands for it: the parallel phase runs only with the key index built
 * (tw__par_update builds it first), so that while it runs key_nheads is
 * not 0 and every kill goes the general way, to the door.
 * Every other way is a jump, so that this one needs no stack frame. */
int tw_kill(tw_manager *m, tw_handle h, int complete_first) {
  uint32_t s = tw__handle_slot(m, h), idx;

  if (!TW__FAST_PATHS || s == TW__NO_SLOT ||
      ((unsigned)complete_first | m->key_nheads) != 0 ||
      ((idx = m->slots[s].index) & TW__NESTED))
    return kill_general(m, h, complete_first);
  if (tw__has_rec(m, idx))
    return kill_record(m, s);
  /* tw__kill_plain, the slot's generation known: the handle's */
  tw__vacate_plain(m, &m->active[idx], idx);
  tw__slot_release_gen(m, s, h.gen);
  return 0;
}

/* tw_complete and tw_complete_silent, fn, with callbacks or without. */
static int complete(tw_manager *m, tw_handle h, const char *fn, int callbacks) {
  uint32_t s;
  int rc = on_handle(m, h, fn, &s);

  return rc != 0 ? rc : completion(m, tw__complete(m, s, callbacks), fn);
}

int tw_complete(tw_manager *m, tw_handle h) {
  return complete(m, h, __func__, 1);
}

int tw_complete_silent(tw_manager *m, tw_handle h) {
  return complete(m, h, __func__, 0);
}

int tw_play(tw_manager *m, tw_handle h) {
  return move_slot(m, h, __func__, tw__play);
}
int tw_pause(tw_manager *m, tw_handle h) {
  return move_slot(m, h, __func__, tw__pause);
}

static void toggle(tw_manager *m, uint32_t s) {
  if (tw__t(m, s)->flags & TW__F_PLAYING)
    tw__pause(m, s);
  else
    tw__play(m, s);
}

int tw_toggle(tw_manager *m, tw_handle h) {
  return move_slot(m, h, __func__, toggle);
}

static void flip(tw_manager *m, uint32_t s) {
  tw__direction(m, s, !(tw__t(m, s)->flags & TW__F_BACKWARDS), 0);
}

int tw_flip(tw_manager *m, tw_handle h) {
  return move_slot(m, h, __func__, flip);
}

/* A rewind leaves the tween paused. */
static void rewind_paused(tw_manager *m, uint32_t s, int include_delay) {
  tw__t(m, s)->flags &= ~(uint32_t)TW__F_PLAYING;
  tw__rewind(m, s, include_delay);
}

int tw_rewind(tw_manager *m, tw_handle h, int include_delay) {
  uint32_t s;
  int rc = on_handle(m, h, __func__, &s);

  if (rc == 0)
    rewind_paused(m, s, include_delay);
  return rc;
}

int tw_smooth_rewind(tw_manager *m, tw_handle h) {
  return move_slot(m, h, __func__, tw__smooth_rewind);
}

static void forward(tw_manager *m, uint32_t s) { tw__direction(m, s, 0, 1); }

int tw_play_forward(tw_manager *m, tw_handle h) {
  return move_slot(m, h, __func__, forward);
}

static void backwards(tw_manager *m, uint32_t s) { tw__direction(m, s, 1, 1); }

int tw_play_backwards(tw_manager *m, tw_handle h) {
  return move_slot(m, h, __func__, backwards);
}

int tw_restart(tw_manager *m, tw_handle h, int include_delay,
               double new_delay) {
  uint32_t s;
  int rc = on_handle(m, h, __func__, &s);

  if (rc != 0)
    return rc;
  if (!(new_delay < 0) &&
      (!tw__time_in(&new_delay) || new_delay > TW__TIME_CAP))
    return tw__fail(m, TW_EINVAL, "tw_restart", "new_delay %g %s", new_delay,
                    tw__time_why(new_delay, 1)); /* negative: keep */
  return tw__restart(m, s, include_delay, new_delay);
}

int tw_goto(tw_manager *m, tw_handle h, double to, int and_play) {
  uint32_t s;
  int rc = on_handle(m, h, __func__, &s);

  if (rc != 0)
    return rc;
  if (!tw__time_in(&to))
    return tw__fail(m, TW_EINVAL, "tw_goto", "to %g %s", to,
                    tw__time_why(to, 0));
  return tw__goto(m, s, to, and_play);
}

/* on many tweens */

static void do_slot(tw_manager *m, uint32_t s, tw_do what) {
  tw__tween *t = tw__t(m, s);

  switch (what) {
  case TW_DO_PLAY:
    tw__play(m, s);
    break;
  case TW_DO_PAUSE:
    tw__pause(m, s);
    break;
  case TW_DO_TOGGLE:
    toggle(m, s);
    break;
  case TW_DO_RESTART:
    tw__restart(m, s, 1, -1);
    break;
  case TW_DO_REWIND:
    rewind_paused(m, s, 1);
    break;
  case TW_DO_SMOOTH_REWIND:
    tw__smooth_rewind(m, s);
    break;
  case TW_DO_COMPLETE:
    if (tw__loops(m, t) > 0)
      tw__complete(m, s, 1);
    break;
  case TW_DO_FLIP:
    flip(m, s);
    break;
  case TW_DO_PLAY_FORWARD:
    tw__direction(m, s, 0, 1);
    break;
  case TW_DO_PLAY_BACKWARDS:
    tw__direction(m, s, 1, 1);
    break;
  case TW_DO_KILL:
    tw__kill(m, s);
    break;
  default: /* TW_DO_KILL_COMPLETE; infinite loops are just killed */
    if (tw__loops(m, t) > 0)
      tw__complete_kill(m, s);
    else
      tw__kill(m, s);
    break;
  }
}

int tw__each_where(tw_manager *m, const tw__pick *p,
                   void (*act)(tw_manager *m, uint32_t s, tw_do what),
                   tw_do what) {
  tw__walk w;
  int n = 0;

  for (tw__walk_begin(m, &w); w.next < w.end;) {
    uint32_t i = w.next++; /* before any callback: see manager.c */
    if (m->aslot[i] == TW__EMPTY || !tw__picked(m, &m->active[i], p))
      continue;
    act(m, m->aslot[i], what);
    n++;
  }
  tw__walk_end(m);
  return n;
}

int tw__do_where(tw_manager *m, const tw__pick *p, tw_do what) {
  if (m == NULL || (unsigned)what >= TW_DO_COUNT)
    return TW_EINVAL;
  return tw__each_where(m, p, do_slot, what);
}

void tw__kill_slot(tw_manager *m, uint32_t s, tw_do what) {
  (void)what;
  tw__kill(m, s);
}

/* The refusal of an action `what` that is not one, by fn: 0 or TW_EINVAL
 * with its sentence. */
static int what_refused(const tw_manager *m, tw_do what, const char *fn) {
  if (m != NULL && (unsigned)what >= TW_DO_COUNT)
    return tw__fail(m, TW_EINVAL, fn, "what %d is not an action", (int)what);
  return 0;
}

int tw_do_all(tw_manager *m, tw_do what) {
  tw__pick p = {TW__BY_ALL, 0, NULL, NULL, 0};
  if (tw__door(m, "tw_do_all"))
    return TW_EBUSY;
  if (what_refused(m, what, "tw_do_all"))
    return TW_EINVAL;
  return tw__do_where(m, &p, what);
}

int tw_do_id(tw_manager *m, int id, tw_do what) {
  tw__pick p = {TW__BY_ID, 0, NULL, NULL, 0};
  if (tw__door(m, "tw_do_id"))
    return TW_EBUSY;
  if (what_refused(m, what, "tw_do_id"))
    return TW_EINVAL;
  p.id = id;
  return tw__do_where(m, &p, what);
}

/* tw_do_target for the call fn, past its door. */
static int do_target(tw_manager *m, const void *key, tw_do what,
                     const char *fn) {
  tw__pick p = {TW__BY_KEY, 0, NULL, NULL, 0};

  if (what_refused(m, what, fn))
    return TW_EINVAL;
  if (key == NULL) /* NULL is "no target", not a target */
    return tw__fail(m, TW_EINVAL, fn, "key is NULL");
  p.key = key;
  return tw__do_where(m, &p, what);
}

int tw_do_target(tw_manager *m, const void *key, tw_do what) {
  if (tw__door(m, "tw_do_target"))
    return TW_EBUSY;
  return do_target(m, key, what, "tw_do_target");
}

static tw_do kill_op(int complete_first) {
  return complete_first ? TW_DO_KILL_COMPLETE : TW_DO_KILL;
}

int tw_kill_all(tw_manager *m, int complete_first) {
  if (tw__door(m, "tw_kill_all"))
    return TW_EBUSY;
  return tw_do_all(m, kill_op(complete_first));
}

int tw_kill_id(tw_manager *m, int id, int complete_first) {
  if (tw__door(m, "tw_kill_id"))
    return TW_EBUSY;
  return tw_do_id(m, id, kill_op(complete_first));
}

int tw_kill_target(tw_manager *m, const void *key, int complete_first) {
  if (tw__door(m, "tw_kill_target"))
    return TW_EBUSY;
  return do_target(m, key, kill_op(complete_first), "tw_kill_target");
}

int tw_kill_all_except(tw_manager *m, const int *ids, size_t n,
                       int complete_first) {
  tw__pick p = {TW__BY_NOT_IDS, 0, NULL, NULL, 0};

  if (tw__door(m, "tw_kill_all_except"))
    return TW_EBUSY;
  if (ids == NULL && n > 0)
    return m == NULL ? TW_EINVAL
                     : tw__fail(m, TW_EINVAL, "tw_kill_all_except",
                                "ids is NULL, n %lu", (unsigned long)n);
  p.ids = ids;
  p.nids = n;
  return tw__do_where(m, &p, kill_op(complete_first));
}

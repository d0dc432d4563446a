/* SPDX-License-Identifier: MIT */
/* Moves: what a control does to one tween (play, pause, rewind, restart,
 * goto, complete, direction), built on life.c's protocol.  Every change of
 * position goes through tw__move, so a step that is running the tween's
 * callbacks sees the change and stops.  The controls of control.c check
 * their arguments and call these; so do the filtered controls, once per
 * tween picked.  The last file of the life floor. */
#include "life.h"

/* The tween in slot s, started (which may fire START), or NULL if its
 * START callback killed it. */
static tw__tween *started(tw_manager *m, uint32_t s) {
  if (!(tw__t(m, s)->flags & TW__F_STARTED) &&
      !tw__start(m, s, m->slots[s].gen))
    return NULL;
  return tw__t(m, s);
}

/* tw__set_off (keys.c), for tw_writer, comes first in the moves that set
 * a tween playing or turn it without a write. */
void tw__play(tw_manager *m, uint32_t s) {
  tw__tween *t = tw__t(m, s);

  tw__set_off(m, s);
  if (!(t->flags & TW__F_COMPLETE))
    t->flags |= TW__F_PLAYING;
}

/* Pauses a playing tween; PAUSE fires unless it has completed. */
void tw__pause(tw_manager *m, uint32_t s) {
  tw__tween *t = tw__t(m, s);

  if (t->flags & TW__F_PLAYING)
    tw__halt(m, s, !(t->flags & TW__F_COMPLETE));
}

/* Back to elapsed 0 (and the delay, with include_delay); writes the start
 * value of a started tween and fires REWIND if it had moved.  Leaves the
 * play state as it was. */
void tw__rewind(tw_manager *m, uint32_t s, int include_delay) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = tw__t(m, s);
  int moved = *tw__elapsed_of(m, t) > 0 || (t->flags & TW__F_COMPLETE);

  t->flags &= ~(uint32_t)(TW__F_COMPLETE | TW__F_PLAYED);
  if (tw__rec(m, t) != NULL) {
    tw__record *r = tw__rec(m, t);
    if (include_delay && r->delay > 0) {
      r->delay_elapsed = 0;
      t->flags |= TW__F_DELAYED;
    } else {
      r->delay_elapsed = r->delay;
      t->flags &= ~(uint32_t)TW__F_DELAYED;
    }
  }
  if (moved)
    tw__move(m, t, 0);
  if (!(t->flags & TW__F_STARTED))
    return;
  if (tw__write_value(m, s, tw__fraction_to(m, t, 0, 1)) != 0)
    return;
  if (moved)
    tw__fire(m, s, gen, TW_ON_REWIND);
}

/* Back to the start in place, after its values changed: a started tween
 * writes its start value (through its setter, the only code that runs);
 * the play state, PLAY and the delay stay as they were. */
void tw__rewind_in_place(tw_manager *m, uint32_t s) {
  tw__tween *t = tw__t(m, s);

  if (!(t->flags & TW__F_STARTED))
    return;
  tw__move(m, t, 0);
  t->flags &= ~(uint32_t)TW__F_COMPLETE;
  tw__write_value(m, s, tw__fraction_to(m, t, 0, 1));
}

/* Jumps to elapsed `to` (the end completes), playing or paused.  0 is the
 * start, even of a tween of 0 s, whose end is there too: a goto to 0
 * arrives backwards (tw__fraction_to), and only a later time completes. */
int tw__goto(tw_manager *m, uint32_t s, double to, int and_play) {
  tw__tween *t = started(m, s);
  double total;
  int end;

  if (t == NULL)
    return 0;
  if (tw__rec(m, t) != NULL)
    tw__rec(m, t)->delay_elapsed = tw__rec(m, t)->delay;
  t->flags &= ~(uint32_t)TW__F_DELAYED;
  total = tw__total_time(m, t);
  end = tw__loops(m, t) > 0 && to >= total && to > 0;
  if (to > total)
    to = total;
  if (and_play)
    t->flags |= TW__F_PLAYING;
  else
    t->flags &= ~(uint32_t)TW__F_PLAYING;
  if (end)
    return tw__complete(m, s, 1);
  if (!and_play)
    t->flags &= ~(uint32_t)TW__F_PLAYED;
  /* both are stored doubles: a goto to where it stands moves nothing */
  if (*tw__elapsed_of(m, t) != to || (t->flags & TW__F_COMPLETE))
    tw__move(m, t, to);
  t->flags &= ~(uint32_t)TW__F_COMPLETE;
  tw__write_value(m, s, tw__fraction_to(m, t, to, to <= 0));
  return 0;
}

int tw__restart(tw_manager *m, uint32_t s, int include_delay,
                double new_delay) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = tw__t(m, s);

  if (new_delay >= 0) {
    if (tw__rec_need(m, t) == NULL)
      return tw__fail(m, TW_ENOMEM, "tw_restart",
                      "no memory for the tween's record");
    tw__rec(m, t)->delay = new_delay;
  }
  t->flags &= ~(uint32_t)TW__F_BACKWARDS;
  tw__rewind(m, s, include_delay);
  if (tw__alive(m, s, gen))
    tw__t(m, s)->flags |= TW__F_PLAYING;
  return 0;
}

void tw__smooth_rewind(tw_manager *m, uint32_t s) {
  tw__tween *t = tw__t(m, s);

  tw__set_off(m, s);
  if (!(t->flags & TW__F_STARTED) || *tw__elapsed_of(m, t) <= 0) {
    t->flags &= ~(uint32_t)TW__F_PLAYING;
    tw__rewind(m, s, 1);
    return;
  }
  if (!(t->flags & TW__F_BACKWARDS) || (t->flags & TW__F_COMPLETE))
    tw__move(m, t, *tw__elapsed_of(m, t)); /* it turns around */
  t->flags &= ~(uint32_t)(TW__F_COMPLETE | TW__F_DELAYED);
  t->flags |= TW__F_BACKWARDS | TW__F_PLAYING;
}

/* Sets the direction (backwards or forwards), and plays if asked.  A turn
 * counts as a move: a step that is firing this tween's callbacks stops (a
 * tween turned back in its last UPDATE does not complete). */
void tw__direction(tw_manager *m, uint32_t s, int backwards, int play) {
  tw__tween *t = tw__t(m, s);

  tw__set_off(m, s);
  if (!(t->flags & TW__F_BACKWARDS) != !backwards)
    tw__move(m, t, *tw__elapsed_of(m, t));
  if (backwards) {
    t->flags |= TW__F_BACKWARDS;
    if (*tw__elapsed_of(m, t) > 0 ||
        tw__hot_of(m, t)->duration <= 0)     /* a 0 s one: its instant */
      t->flags &= ~(uint32_t)TW__F_COMPLETE; /* it can move back now */
  } else {
    t->flags &= ~(uint32_t)TW__F_BACKWARDS;
  }
  if (play && !(t->flags & TW__F_COMPLETE))
    t->flags |= TW__F_PLAYING;
}

/* Completes the tween in slot s: the end of its last loop, COMPLETE (with
 * callbacks), then the kill or the pause. */
int tw__complete(tw_manager *m, uint32_t s, int callbacks) {
  uint32_t gen = m->slots[s].gen, moves;
  tw__tween *t = tw__t(m, s);
  int was_playing;
  double total;

  if (t->flags & TW__F_COMPLETE)
    return 0;
  if (tw__loops(m, t) < 0)
    return TW_EINFINITE;
  if ((t = started(m, s)) == NULL || (t->flags & TW__F_COMPLETE))
    return 0; /* a START callback killed or completed it */
  total = tw__total_time(m, t);
  was_playing = (t->flags & TW__F_PLAYING) != 0;
  t->flags &= ~(uint32_t)TW__F_DELAYED;
  t->flags |= TW__F_COMPLETE;
  tw__move(m, t, total);
  moves = tw__moves(m, t);
  if (tw__write_value(m, s,
                      tw__fraction(m, t, tw__loops(m, t) - 1,
                                   tw__hot_of(m, t)->duration)) != 0)
    return 0;
  /* a COMPLETE callback that moved it (restart, goto...) wins */
  if (callbacks && !tw__fire_step(m, s, gen, TW_ON_COMPLETE, moves))
    return 0;
  tw__finish(m, s, callbacks && was_playing);
  return 0;
}

/* Completes the tween with its callbacks, then kills it, if it lives. */
int tw__complete_kill(tw_manager *m, uint32_t s) {
  uint32_t gen = m->slots[s].gen;
  int rc = tw__complete(m, s, 1);

  if (rc == 0 && tw__alive(m, s, gen))
    tw__kill(m, s);
  return rc;
}

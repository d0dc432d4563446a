/* SPDX-License-Identifier: MIT */
/* Choreography settings of one tween: the delay between loops, the ease of
 * yoyo loops' backward halves, snapping.  They live in the record's
 * tw__extra (pool.c), taken on first use; shape.c reads the first two,
 * life.c's write applies the third (types.c's tw__snap). */
#include "tween-private.h"

/* started: the setting may change after the start. */
tw__tween *tw__with_extra(tw_manager *m, tw_handle h, int started, int *err) {
  tw__tween *t =
      started ? tw__with_record(m, h, err) : tw__unstarted(m, h, err);

  if (t != NULL && tw__extra_get(m, t->rec) == NULL) {
    *err = TW_ENOMEM;
    return NULL;
  }
  return t;
}

int tw_set_loop_delay(tw_manager *m, tw_handle h, double seconds) {
  int err = 0;
  tw__tween *t;

  if (!tw__time_ok(seconds))
    return tw__arg_err(m, h);
  if ((t = tw__with_extra(m, h, 0, &err)) == NULL)
    return err;
  t->rec->x->loop_delay = seconds;
  return 0;
}

int tw_set_yoyo_ease(tw_manager *m, tw_handle h, tw_ease ease) {
  int err = 0;
  tw__tween *t;

  if ((int)ease < -1 || (int)ease >= TW_EASE_COUNT)
    return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EEASE;
  if ((t = tw__with_extra(m, h, 1, &err)) == NULL)
    return err;
  t->rec->x->yoyo_ease = (int)ease;
  return 0;
}

int tw_set_snap(tw_manager *m, tw_handle h, double step) {
  int err = 0;
  tw__tween *t = tw__lookup(m, h);

  if (t != NULL && (t->type >= TW_TYPE_FIRST_CUSTOM || (t->flags & TW__F_SEQ)))
    return TW_ETYPE;
  if (!tw__time_ok(step))
    return tw__arg_err(m, h);
  if ((t = tw__with_extra(m, h, 1, &err)) == NULL)
    return err;
  t->rec->x->snap = step;
  tw__flag(t, TW__F_SNAPPED, step > 0);
  return 0;
}

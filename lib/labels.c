/* SPDX-License-Identifier: MIT */
/* Labels: named times of a sequence's timeline.  A label's name is copied
 * into the names buffer of the record's choreography block (pool.c keeps
 * it with the record); a prepend moves labels with the items
 * (sequence.c). */
#include "life.h"

/* The sequence h names, or NULL with *err set. */
static const tw__tween *a_seq(const tw_manager *m, tw_handle h, int *err,
                              const char *fn) {
  const tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    *err = tw__handle_fail(m, h, fn);
  else if (!(t->flags & TW__F_SEQ))
    *err =
        tw__fail(m, TW_EINVAL, fn, "the handle names a tween, not a sequence");
  else
    return t;
  return NULL;
}

/* The label called name, or NULL. */
static tw__label *find(const tw__record *r, const char *name) {
  size_t i;

  for (i = 0; r->ch != NULL && i < r->ch->nlabels; i++)
    if (strcmp(r->ch->names + r->ch->labels[i].name, name) == 0)
      return &r->ch->labels[i];
  return NULL;
}

int tw_seq_add_label(tw_manager *m, tw_handle seq, const char *name,
                     double at) {
  int err = 0;
  const tw__tween *t;
  tw__choreo *x;
  tw__label *l;
  size_t len;
  void *buf;

  if (tw__door(m, "tw_seq_add_label"))
    return TW_EBUSY;
  if ((t = a_seq(m, seq, &err, "tw_seq_add_label")) == NULL)
    return err;
  if (name == NULL || name[0] == '\0')
    return tw__fail(m, TW_EINVAL, "tw_seq_add_label", "name is %s",
                    name == NULL ? "NULL" : "empty");
  if (!tw__time_in(&at))
    return tw__fail(m, TW_EINVAL, "tw_seq_add_label", "at %g %s", at,
                    tw__time_why(at, 0));
  if ((l = find(tw__rec(m, t), name)) != NULL) {
    l->at = at; /* a label set again moves */
    return 0;
  }
  if ((x = tw__choreo_get(m, tw__rec(m, t))) == NULL)
    return tw__fail(m, TW_ENOMEM, "tw_seq_add_label", "no memory");
  len = strlen(name) + 1;
  buf = x->labels;
  if (len > ((size_t)-1) / 4 - x->names_len ||
      tw__room(m, &buf, &x->labels_cap, x->nlabels + 1, sizeof *x->labels) != 0)
    return tw__fail(m, TW_ENOMEM, "tw_seq_add_label", "no memory");
  x->labels = buf;
  buf = x->names;
  if (tw__room(m, &buf, &x->names_cap, x->names_len + len, 1) != 0)
    return tw__fail(m, TW_ENOMEM, "tw_seq_add_label", "no memory");
  x->names = buf;
  memcpy(x->names + x->names_len, name, len);
  x->labels[x->nlabels].at = at;
  x->labels[x->nlabels].name = x->names_len;
  x->nlabels++;
  x->names_len += len;
  return 0;
}

/* Where the label name of the sequence seq stands, into *at; the
 * refusals are the call fn's. */
static int label_at(const tw_manager *m, tw_handle seq, const char *name,
                    double *at, const char *fn) {
  int err = 0;
  const tw__tween *t = a_seq(m, seq, &err, fn);
  const tw__label *l;

  if (t == NULL)
    return err;
  if (name == NULL || at == NULL)
    return tw__fail(m, TW_EINVAL, fn, "%s is NULL", name ? "at" : "name");
  if ((l = find(tw__rec(m, t), name)) == NULL)
    return tw__fail(m, TW_EINVAL, fn, "the sequence has no label \"%.40s\"",
                    name);
  *at = l->at;
  return 0;
}

int tw_seq_label_at(const tw_manager *m, tw_handle seq, const char *name,
                    double *at) {
  if (tw__door(m, "tw_seq_label_at"))
    return TW_EBUSY;
  return label_at(m, seq, name, at, "tw_seq_label_at");
}

int tw_seq_insert_at_label(tw_manager *m, tw_handle seq, const char *name,
                           double offset, tw_handle child) {
  double at = 0;
  int rc;

  if (tw__door(m, "tw_seq_insert_at_label"))
    return TW_EBUSY;
  if ((rc = label_at(m, seq, name, &at, "tw_seq_insert_at_label")) != 0)
    return rc;
  if (!tw__finite(offset) || !(at + offset >= 0))
    return tw__fail(m, TW_EINVAL, "tw_seq_insert_at_label",
                    "offset %g from the label at %g is not a time", offset, at);
  if (!tw__finite(at + offset))
    return tw__fail(m, TW_ERANGE, "tw_seq_insert_at_label",
                    "the label plus offset is past the longest timeline");
  return tw__seq_insert(m, seq, at + offset, child, "tw_seq_insert_at_label");
}

int tw_goto_label(tw_manager *m, tw_handle seq, const char *name,
                  int and_play) {
  double at = 0;
  int rc;

  if (tw__door(m, "tw_goto_label"))
    return TW_EBUSY;
  if ((rc = label_at(m, seq, name, &at, "tw_goto_label")) != 0)
    return rc;
  return tw_goto(m, seq, at, and_play);
}

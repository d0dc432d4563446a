/* SPDX-License-Identifier: MIT */
/* Labels: named times of a sequence's timeline.  A label's name is copied
 * into the names buffer of the record's choreography block (pool.c keeps
 * it with the record); a prepend moves labels with the items
 * (sequence.c). */
#include "life.h"

/* The sequence h names, or NULL with *err set. */
static const tw__tween *a_seq(const tw_manager *m, tw_handle h, int *err) {
  const tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    *err = tw__handle_err(m, h);
  else if (!(t->flags & TW__F_SEQ))
    *err = TW_EINVAL;
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
  const tw__tween *t = a_seq(m, seq, &err);
  tw__choreo *x;
  tw__label *l;
  size_t len;
  void *buf;

  if (t == NULL)
    return err;
  if (name == NULL || name[0] == '\0' || !tw__time_in(&at))
    return TW_EINVAL;
  if ((l = find(tw__rec(m, t), name)) != NULL) {
    l->at = at; /* a label set again moves */
    return 0;
  }
  if ((x = tw__choreo_get(m, tw__rec(m, t))) == NULL)
    return TW_ENOMEM;
  len = strlen(name) + 1;
  buf = x->labels;
  if (len > ((size_t)-1) / 4 - x->names_len ||
      tw__room(m, &buf, &x->labels_cap, x->nlabels + 1, sizeof *x->labels) != 0)
    return TW_ENOMEM;
  x->labels = buf;
  buf = x->names;
  if (tw__room(m, &buf, &x->names_cap, x->names_len + len, 1) != 0)
    return TW_ENOMEM;
  x->names = buf;
  memcpy(x->names + x->names_len, name, len);
  x->labels[x->nlabels].at = at;
  x->labels[x->nlabels].name = x->names_len;
  x->nlabels++;
  x->names_len += len;
  return 0;
}

int tw_seq_label_at(const tw_manager *m, tw_handle seq, const char *name,
                    double *at) {
  int err = 0;
  const tw__tween *t = a_seq(m, seq, &err);
  const tw__label *l;

  if (t == NULL)
    return err;
  if (name == NULL || at == NULL || (l = find(tw__rec(m, t), name)) == NULL)
    return TW_EINVAL;
  *at = l->at;
  return 0;
}

int tw_seq_insert_at_label(tw_manager *m, tw_handle seq, const char *name,
                           double offset, tw_handle child) {
  double at = 0;
  int rc = tw_seq_label_at(m, seq, name, &at);

  if (rc != 0)
    return rc;
  if (!tw__finite(offset) || !(at + offset >= 0))
    return TW_EINVAL;
  if (!tw__finite(at + offset))
    return TW_ERANGE; /* past the longest timeline */
  return tw_seq_insert(m, seq, at + offset, child);
}

int tw_goto_label(tw_manager *m, tw_handle seq, const char *name,
                  int and_play) {
  double at = 0;
  int rc = tw_seq_label_at(m, seq, name, &at);

  return rc != 0 ? rc : tw_goto(m, seq, at, and_play);
}

/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: a restore in progress, which its steps share:
 * the check (snapcheck.c), the allocations (snapalloc.c) and the commit
 * (snapcommit.c), of the image's format (snapshot.h).  Not installed. */
#ifndef TWEEN_SNAPRESTORE_H
#define TWEEN_SNAPRESTORE_H

#include "snapshot.h"

/* The parts of a snapshot's extras, by kind, as the check reads them (a
 * test's log: tw__test_snapshot_parts). */
enum {
  TW__PART_WIDE,   /* a top-level tween's values of 5 to 16 bytes */
  TW__PART_RECORD, /* a record's own bytes (a tw__record) */
  TW__PART_BIG,    /* its big values, start and end */
  TW__PART_CURVE,  /* its buffers: its curve's keys */
  TW__PART_CHOREO, /* its choreography block (a tw__choreo) */
  TW__PART_PTS,    /* its path's points */
  TW__PART_ARC,    /* its path's table of lengths */
  TW__PART_LABELS, /* its labels (tw__label) */
  TW__PART_NAMES,  /* their names */
  TW__PART_ITEMS,  /* its timeline (tw__item) */
  TW__PART_CHILD,  /* a child's word: its generation, whether a record */
  TW__PART_COUNT
};
typedef struct tw__part {
  size_t at, bytes;
  int kind;
} tw__part;

/* tw__test_snapshot_parts names buffer k TW__PART_CURVE + k. */
typedef char
    tw__snap_parts[TW__PART_CURVE + OWN_ITEMS == TW__PART_ITEMS &&
                           TW__PART_CURVE + OWN_CH == TW__PART_CHOREO &&
                           TW__PART_CURVE + OWN_NAMES == TW__PART_NAMES
                       ? 1
                       : -1];

/* restoring */

/* Where a record image goes: the record of the same tween, alive with one
 * now; a pooled record; a new one. */
enum { SRC_KEPT, SRC_POOL, SRC_NEW };

typedef struct plan {
  tw__record *r;
  size_t img; /* its image's offset in the body */
  uint32_t slot, gen;
  uint16_t type;
  uint8_t src;
  uint8_t owns; /* whether its image holds any owned buffer */
} plan;

/* A buffer allocated for record j's buffer k, which lacked room. */
typedef struct newbuf {
  uint32_t j;
  int k;
  void *p;
  uint32_t *order; /* the items' drive scratch */
  size_t cap, size;
} newbuf;

/* A restore in progress. */
typedef struct tw__snap_rs {
  tw_manager *m;
  const unsigned char *body;
  size_t nbody;
  /* the trailer */
  double timescale;
  int overwrite;
  int keys; /* the key index was built: its section is there */
  const unsigned char *stamps; /* that section */
  uint32_t ntop, nseq, nnested, nrec;
  /* found by the check */
  uint32_t nplans, children, seqs;
  int wide, aset, arec;
  /* the scratch: two bitmaps by slot and the plans */
  void *scratch;
  size_t scratch_bytes;
  uint64_t *seen, *kept;
  plan *plans;
  uint32_t assigned; /* plans given a record so far */
  newbuf *nb;
  size_t nnb, nb_cap, nb_at;
  /* blocks that replace the manager's at the commit */
  uint32_t *top;
  tw__nest *nested;
  uint32_t nested_cap;
  int made_wide, made_aset, made_arec, made_keys;
  uint32_t nested_at;
  /* tw__test_snapshot_parts's log of what the check reads; NULL */
  tw__part *parts;
  size_t nparts, parts_cap;
} rs;

static TW__INLINE int bit(const uint64_t *b, uint32_t i) {
  return (b[i / 64] >> i % 64) & 1;
}
static TW__INLINE void set_bit(uint64_t *b, uint32_t i) {
  b[i / 64] |= (uint64_t)1 << i % 64;
}

/* The highest generation slot s ever had. */
static TW__INLINE uint32_t highest(const tw_manager *m, uint32_t s) {
  uint32_t g = m->slots[s].gen;

  if (s < m->slot_top_cap && m->slot_top[s] > g)
    g = m->slot_top[s];
  return g;
}

/* snapcheck.c, snapalloc.c: the steps of a restore in progress x (a
 * struct tw__snap_rs, above), which snapcommit.c's tw_restore takes
 * in turn.  tw__snap_trailer reads the trailer's scalars and counts,
 * tw__snap_check the body against them and its checksum h (1 if they
 * hold, changing nothing of the manager); tw__snap_allocate takes every
 * allocation the commit needs (1, or 0 for out of memory: then
 * tw__snap_undo gives them back); tw__snap_done frees the temporaries. */
TW__PRIVATE int tw__snap_trailer(struct tw__snap_rs *x, uint32_t *nslots);
TW__PRIVATE int tw__snap_check(struct tw__snap_rs *x, uint64_t h);
TW__PRIVATE int tw__snap_allocate(struct tw__snap_rs *x);
TW__PRIVATE void tw__snap_undo(struct tw__snap_rs *x);
TW__PRIVATE void tw__snap_done(struct tw__snap_rs *x);

#endif

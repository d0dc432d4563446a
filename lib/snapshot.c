/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: the manager's tag, the build's signature and the
 * sizes of an image (its format: snapshot.h), and the test hooks that read
 * an image's words. */
#include "snapshot.h"

/* the manager's tag */

/* A process-wide count of managers made, so that no two share a tag.
 * Atomic where the compiler has the builtins, since managers may be made
 * on several threads at once; elsewhere the address keeps two managers
 * alive at once apart. */
static uint32_t managers_made;

static uint32_t mix32(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdu;
  x ^= x >> 33;
  return (uint32_t)x;
}

uint64_t tw__manager_tag(const tw_manager *m) {
  uint32_t n;

#if defined(__GNUC__)
  n = __atomic_add_fetch(&managers_made, 1u, __ATOMIC_RELAXED);
#else
  n = ++managers_made;
#endif
  return (uint64_t)n << 32 | mix32((uint64_t)(uintptr_t)m);
}

void tw__restore_free(tw_manager *m) {
  tw__free(m, m->slot_top, (size_t)m->slot_top_cap * sizeof *m->slot_top);
  m->slot_top = NULL;
  m->slot_top_cap = 0;
}

/* What a snapshot of another build would differ in. */
uint64_t tw__snap_signature(void) {
  static const size_t v[] = {sizeof(void *),
                             sizeof(size_t),
                             sizeof(double),
                             sizeof(tw__tween),
                             sizeof(tw__wide),
                             sizeof(tw__record),
                             sizeof(tw__item),
                             sizeof(tw__choreo),
                             sizeof(tw__label),
                             sizeof(tw_key),
                             sizeof(tw__stamp),
                             offsetof(tw__record, curve),
                             offsetof(tw__record, items),
                             offsetof(tw__record, ch),
                             offsetof(tw__record, cb),
                             sizeof(tw__hot),
                             offsetof(tw__item, tw),
                             offsetof(tw__item, elapsed),
                             offsetof(tw__item, hot),
                             offsetof(tw__item, w),
                             offsetof(tw__choreo, pts),
                             offsetof(tw__choreo, labels),
                             TW_ON_COUNT,
                             TW_VERSION_HEX};
  const uint32_t one = 1;
  unsigned char first;
  uint64_t h = 0xcbf29ce484222325u;
  size_t i;

  memcpy(&first, &one, 1); /* the byte order */
  h = (h ^ first) * 0x100000001b3u;
  for (i = 0; i < sizeof v / sizeof *v; i++)
    h = (h ^ (uint64_t)v[i]) * 0x100000001b3u;
  return h;
}

/* sizes */

/* The bytes of r's image: itself, its big values, its buffers, and its
 * children's words and records. */
size_t tw__snap_record_bytes(const tw_manager *m, const tw__record *r) {
  size_t n = pad8(sizeof *r), size = m->types[r->type].size, i;
  own o[OWN_COUNT];
  int k;

  if (size > TW__INLINE_MAX)
    n += pad8(2 * size);
  own_list(r, r->ch, o);
  for (k = 0; k < OWN_COUNT; k++)
    n += pad8(o[k].n * o[k].size);
  for (i = 0; i < r->nitems; i++) {
    const tw__item *it = &r->items[i];
    if (it->slot == TW__EMPTY)
      continue;
    n += 8;
    if (rec_of(&it->tw) != NULL)
      n += tw__snap_record_bytes(m, rec_of(&it->tw));
  }
  return n;
}

size_t tw__snap_bytes(const tw_manager *m) {
  size_t n = HEAD_BYTES + TRAILER_WORDS * 8 + keys_bytes(m);
  uint32_t i;

  for (i = 0; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    if (m->aslot[i] == TW__EMPTY)
      continue;
    n += TWEEN_WORDS * 8;
    if (!(t->flags & TW__F_PLAIN) && has_wide(m, t))
      n += sizeof(tw__wide);
    if (tw__rec(m, t) != NULL)
      n += tw__snap_record_bytes(m, tw__rec(m, t));
  }
  return n;
}

int tw_snapshot_size(const tw_manager *m, size_t *bytes) {
  if (tw__door(m, "tw_snapshot_size"))
    return TW_EBUSY;
  if (m == NULL || bytes == NULL)
    return tw__fail(m, TW_EINVAL, "tw_snapshot_size", "bytes is NULL");
  *bytes = tw__snap_bytes(m);
  return 0;
}

#ifdef TW__TEST_HOOKS
int tw__test_snapshot_seal(void *buf, size_t n) {
  unsigned char *p = buf;
  uint64_t head[HEAD_WORDS], x;
  wr w;
  size_t i;

  if (buf == NULL || n < HEAD_BYTES)
    return TW_EINVAL;
  memcpy(head, p, HEAD_BYTES);
  if (head[4] > n - HEAD_BYTES || head[4] % 8 != 0)
    return TW_EINVAL;
  w.a = w.b = 0;
  for (i = 0; i < head[4]; i += 8) {
    memcpy(&x, p + HEAD_BYTES + i, 8);
    w.a += x;
    w.b += w.a;
  }
  head[5] = checksum(w.a, w.b);
  memcpy(p, head, HEAD_BYTES);
  return 0;
}

size_t tw__test_snapshot_field(const void *buf, size_t n, size_t j, int which) {
  const unsigned char *p = buf;
  uint64_t head[HEAD_WORDS], ntop;

  if (buf == NULL || n < HEAD_BYTES)
    return 0;
  memcpy(head, p, HEAD_BYTES);
  if (head[4] > n - HEAD_BYTES || head[4] < TRAILER_WORDS * 8)
    return 0;
  memcpy(&ntop, p + HEAD_BYTES + head[4] - 3 * 8, 8);
  ntop = (uint32_t)ntop; /* the trailer's third word: live | sequences */
  if (ntop > head[4] / (TWEEN_WORDS * 8) ||
      (which != TW__SNAP_EXTRAS && j >= ntop))
    return 0;
  if (which == TW__SNAP_ID)
    return HEAD_BYTES + 8 * j;
  if (which == TW__SNAP_HEAD)
    return HEAD_BYTES + 8 * (ntop + j);
  if (which == TW__SNAP_HOT) /* the elapsed time, in its own column */
    return HEAD_BYTES + 8 * (2 * ntop + j);
  if (which > TW__SNAP_HOT && which < TW__SNAP_HOT + 4)
    return HEAD_BYTES + 24 * ntop + 8 * HOT_WORDS * j +
           8 * (size_t)(which - TW__SNAP_HOT - 1);
  if (which == TW__SNAP_EXTRAS)
    return HEAD_BYTES + TWEEN_WORDS * 8 * ntop;
  return 0;
}
#endif

/* SPDX-License-Identifier: MIT */
/* The allocator hook: every byte the library holds goes through here, so
 * a manager's memory can be counted, limited and made to fail in tests. */
#include "tween-private.h"

#include <stdlib.h>
#include <string.h>

void *tw__alloc(tw_manager *m, size_t n) { return tw__realloc(m, NULL, 0, n); }

void *tw__realloc(tw_manager *m, void *p, size_t old_n, size_t new_n) {
  void *q = m->alloc(m->alloc_ud, p, old_n, new_n);
  if (q != NULL) {
    m->st.bytes -= old_n;
    m->st.bytes += new_n;
  }
  return q;
}

void tw__free(tw_manager *m, void *p, size_t n) {
  if (p == NULL)
    return;
  m->alloc(m->alloc_ud, p, n, 0);
  m->st.bytes -= n;
}

size_t tw__mul(size_t n, size_t size) {
  if (size != 0 && n > (size_t)-1 / size)
    return 0;
  return n * size;
}

/* The one rule of growth: a buffer of cap elements that must hold need
 * gets cap, or least if cap is smaller, doubled until it holds need; 0 if
 * that would pass most elements. */
size_t tw__grown(size_t cap, size_t least, size_t need, size_t most) {
  size_t ncap = cap < least ? least : cap;

  while (ncap < need) {
    if (ncap > most / 2)
      return 0;
    ncap *= 2;
  }
  return ncap;
}

size_t tw__cap_default(const tw_manager *m, int sequence) {
  size_t lim = sequence ? m->max_sequences : m->max_tweens;
  size_t def = sequence ? TW_DEFAULT_SEQUENCES : TW_DEFAULT_TWEENS;

  return lim != 0 && lim < def ? lim : def;
}

/* Moves a table of 32-bit count to its grown capacity. */
int tw__resize(tw_manager *m, void **buf, uint32_t *cap, uint32_t ncap,
               size_t size) {
  void *p;

  if (ncap == 0 || (p = tw__realloc(m, *buf, *cap * size, ncap * size)) == NULL)
    return TW_ENOMEM;
  *buf = p;
  *cap = ncap;
  return 0;
}

/* Grows a buffer of *cap elements of `size` bytes to hold `need`. */
int tw__room(tw_manager *m, void **buf, size_t *cap, size_t need, size_t size) {
  size_t ncap = tw__grown(*cap, 8, need, ((size_t)-1) / 2 / size);
  void *p;

  if (ncap == 0)
    return TW_ENOMEM;
  if (ncap == *cap)
    return 0;
  if ((p = tw__realloc(m, *buf, *cap * size, ncap * size)) == NULL)
    return TW_ENOMEM;
  /* the new part zeroed: the padding of the structs it will hold, which
   * their writers do not touch, goes into snapshots as it is */
  memset((char *)p + *cap * size, 0, (ncap - *cap) * size);
  *buf = p;
  *cap = ncap;
  return 0;
}

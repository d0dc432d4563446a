/* SPDX-License-Identifier: MIT */
/* Keys: what a tween animates, and the index that finds overlapping ones.
 *
 * A tween animates a key.  A pointer tween's key is the bytes it writes,
 * [target, target + size); a setter tween's is its (setter, user data)
 * pair; a program may set a key of its own (tw_set_key), which stands for
 * the one byte at that address.  Two keys overlap when their byte ranges
 * meet, or when they are the same pair.  A sequence has no key.
 *
 * The index answers "which live tweens overlap this key" in time that does
 * not grow with the number of live tweens, for overwrite and tw_writer.
 * It hashes a range by the 16-byte block its first byte is in: a range of
 * at most 16 bytes that meets [b, b + n) starts in a block from that of
 * b - 15 to that of b + n - 1, so a query of up to 16 bytes looks at three
 * chains at most.  A pair is hashed by its user data.  A range wider than
 * 16 bytes (a big registered type) goes to one more chain, which every
 * query walks.  Chains are doubly linked through two links per slot, so a tween
 * leaves in constant time.
 *
 * The index is built the first time it is needed, from the tweens alive
 * then, and kept from there on at every creation, kill and change of key;
 * a manager that never asks pays nothing.  Where it cannot be built (out
 * of memory), queries scan the slots instead: slower, never wrong.  This
 * is storage: nothing here runs the program's code. */
#include "tween-private.h"

#define TW__LINK_NONE UINT32_MAX

void tw__key_of(const tw_manager *m, const tw__tween *t, tw__key *k) {
  k->set = NULL;
  k->len = 0;
  k->at = 0;
  if (t->flags & TW__F_SEQ)
    return;
  if (t->rec != NULL && t->rec->key != NULL) {
    k->at = (uintptr_t)t->rec->key;
    k->len = 1;
  } else if (t->flags & TW__F_SETTER) {
    k->at = (uintptr_t)t->target;
    k->set = t->rec->set;
  } else {
    k->at = (uintptr_t)t->target;
    k->len = m->types[t->type].size;
  }
}

int tw__key_overlap(const tw__key *a, const tw__key *b) {
  if (a->at == 0 || b->at == 0)
    return 0;
  if (a->len == 0 || b->len == 0) /* pairs */
    return a->len == b->len && a->set == b->set && a->at == b->at;
  return a->at < b->at + b->len && b->at < a->at + a->len;
}

static uint32_t mix(uintptr_t x) {
  uint64_t h = (uint64_t)x * 0x9E3779B97F4A7C15u;

  return (uint32_t)(h >> 32);
}

/* The chain of a range starting in `block`, or of a pair: 64 neighbouring
 * blocks (a KiB) go to 64 neighbouring chains, so that tweens on an array
 * of values touch the chains in order, and KiBs are scattered by a hash
 * (values far apart, such as those of separate allocations, do not
 * crowd). */
static uint32_t chain_of_block(const tw_manager *m, uintptr_t block) {
  return ((mix(block >> 6) << 6) | (uint32_t)(block & 63)) &
         (m->key_nheads - 1);
}

/* The wide chain is the one past the key_nheads hashed ones. */
static uint32_t chain_of(const tw_manager *m, const tw__key *k) {
  if (k->len > 16)
    return m->key_nheads;
  return chain_of_block(m, k->len == 0 ? k->at : k->at >> 4);
}

/* Links slot s, keyed [at, at + len) (len 0: a pair), at the head of
 * chain c. */
static void link_at(tw_manager *m, uint32_t s, uint32_t c, uintptr_t at,
                    size_t len) {
  uint32_t head = m->key_heads[c];
  tw__link *l = &m->key_links[s];

  l->prev = TW__LINK_NONE;
  l->next = head;
  l->at = at;
  l->len = len;
  if (head != TW__LINK_NONE)
    m->key_links[head].prev = s;
  m->key_heads[c] = s;
  m->key_count++;
}

static void link_in(tw_manager *m, uint32_t s, const tw__key *k) {
  link_at(m, s, chain_of(m, k), k->at, k->len);
}

/* The slots of live tweens that have a key, through tw__t. */
static int has_key(const tw_manager *m, uint32_t s, tw__key *k) {
  if ((m->slots[s].gen & 1u) == 0 || m->slots[s].index == TW__NO_SLOT)
    return 0;
  tw__key_of(m, tw__t(m, s), k);
  return k->at != 0;
}

/* Rebuilds the chains for nheads heads (a power of 2, at least 2). */
static int rehash(tw_manager *m, uint32_t nheads) {
  uint32_t *heads = tw__alloc(m, tw__mul(nheads + 1, sizeof *heads)), s;
  tw__key k;

  if (heads == NULL)
    return TW_ENOMEM;
  if (m->key_heads != NULL)
    tw__free(m, m->key_heads, (m->key_nheads + 1) * sizeof *m->key_heads);
  m->key_heads = heads;
  m->key_nheads = nheads;
  for (s = 0; s <= nheads; s++)
    heads[s] = TW__LINK_NONE;
  m->key_count = 0;
  for (s = 0; s < m->key_links_cap; s++)
    m->key_links[s].at = 0;
  for (s = 0; s < m->nslots; s++)
    if (has_key(m, s, &k))
      link_in(m, s, &k);
  return 0;
}

int tw__keys_reserve(tw_manager *m) {
  uint32_t want = m->slots_cap, entries;

  if (m->key_links_cap < want) {
    tw__link *l =
        tw__realloc(m, m->key_links, tw__mul(m->key_links_cap, sizeof *l),
                    tw__mul(want, sizeof *l));
    uint32_t i;
    if (l == NULL)
      return TW_ENOMEM;
    for (i = m->key_links_cap; i < want; i++)
      l[i].at = 0;
    m->key_links = l;
    m->key_links_cap = want;
  }
  /* the first build sizes the chains for every live tween (key_count
   * counts only what is in the index already), and for the array's
   * capacity, so that creations up to it never rehash */
  entries = (m->key_nheads == 0 ? m->live + m->live_nested : m->key_count) + 1;
  if (entries < m->cap_tweens + m->cap_sequences &&
      m->cap_tweens + m->cap_sequences < UINT32_MAX / 4)
    entries = (uint32_t)(m->cap_tweens + m->cap_sequences);
  if (entries > m->key_nheads / 2) {
    uint32_t n = m->key_nheads < 16 ? 16 : m->key_nheads * 2;
    while (n / 2 < entries)
      n *= 2;
    return rehash(m, n);
  }
  return 0;
}

int tw__keys_on(tw_manager *m) {
  if (m->key_nheads != 0)
    return 1;
  return tw__keys_reserve(m) == 0;
}

void tw__keys_add(tw_manager *m, uint32_t s) {
  tw__key k;

  if (m->key_nheads != 0 && has_key(m, s, &k))
    link_in(m, s, &k);
}

void tw__keys_add_range(tw_manager *m, uint32_t s, const void *at, size_t len) {
  /* at most 16 bytes: a hashed chain */
  link_at(m, s, chain_of_block(m, (uintptr_t)at >> 4), (uintptr_t)at, len);
}

void tw__keys_remove(tw_manager *m, uint32_t s) {
  tw__link *l;
  tw__key k;

  if (m->key_nheads == 0 || s >= m->key_links_cap || m->key_links[s].at == 0)
    return;
  l = &m->key_links[s];
  k.at = l->at;
  k.len = l->len;
  if (l->prev != TW__LINK_NONE)
    m->key_links[l->prev].next = l->next;
  else
    m->key_heads[chain_of(m, &k)] = l->next;
  if (l->next != TW__LINK_NONE)
    m->key_links[l->next].prev = l->prev;
  l->at = 0;
  m->key_count--;
}

void tw__keys_free(tw_manager *m) {
  if (m->key_heads != NULL)
    tw__free(m, m->key_heads, (m->key_nheads + 1) * sizeof *m->key_heads);
  tw__free(m, m->key_links, m->key_links_cap * sizeof *m->key_links);
  m->key_heads = NULL;
  m->key_links = NULL;
  m->key_nheads = m->key_links_cap = m->key_count = 0;
}

/* Calls fn on the slot of every chain entry overlapping k. */
static int walk_chain(const tw_manager *m, uint32_t c, const tw__key *k,
                      int (*fn)(void *ctx, uint32_t s), void *ctx) {
  uint32_t s;

  for (s = m->key_heads[c]; s != TW__LINK_NONE; s = m->key_links[s].next) {
    const tw__link *l = &m->key_links[s];
    tw__key o;
    int meets;
    if (k->len == 0) /* a pair: the same user data, then the setter */
      meets = l->len == 0 && l->at == k->at && has_key(m, s, &o) &&
              tw__key_overlap(k, &o);
    else
      meets = l->len != 0 && k->at < l->at + l->len && l->at < k->at + k->len;
    if (meets && (m->slots[s].gen & 1u) != 0 && fn(ctx, s) != 0)
      return 1;
  }
  return 0;
}

int tw__keys_each(const tw_manager *m, const tw__key *k,
                  int (*fn)(void *ctx, uint32_t s), void *ctx) {
  uint32_t s, c[3], n = 0, i, j;

  if (m->key_nheads == 0) { /* no index: every slot */
    for (s = 0; s < m->nslots; s++) {
      tw__key o;
      if (has_key(m, s, &o) && tw__key_overlap(k, &o) && fn(ctx, s) != 0)
        return 1;
    }
    return 0;
  }
  if (walk_chain(m, m->key_nheads, k, fn, ctx))
    return 1;
  if (k->len == 0 || k->len > 16) { /* a pair; a wide range: every chain */
    if (k->len == 0)
      return walk_chain(m, chain_of(m, k), k, fn, ctx);
    for (i = 0; i < m->key_nheads; i++)
      if (walk_chain(m, i, k, fn, ctx))
        return 1;
    return 0;
  }
  /* the chains of the blocks a short range that meets k may start in,
   * each once */
  for (s = 0; s < 3; s++) {
    uintptr_t b = s == 0   ? (k->at - 15) >> 4
                  : s == 1 ? k->at >> 4
                           : (k->at + k->len - 1) >> 4;
    uint32_t ch = chain_of_block(m, b);
    for (j = 0; j < n && c[j] != ch; j++)
      ;
    if (j == n)
      c[n++] = ch;
  }
  for (i = 0; i < n; i++)
    if (walk_chain(m, c[i], k, fn, ctx))
      return 1;
  return 0;
}

typedef struct older {
  const tw_manager *m;
  uint32_t self, top;
} older;

static int is_older(void *ctx, uint32_t s) {
  older *o = ctx;

  return s != o->self && tw__top_index(o->m, s) < o->top;
}

int tw__keys_older(const tw_manager *m, uint32_t s) {
  older o;
  tw__key k;

  if (m->key_nheads == 0)
    return 1; /* not known here */
  tw__key_of(m, tw__t(m, s), &k);
  o.m = m;
  o.self = s;
  o.top = tw__top_index(m, s);
  return tw__keys_each(m, &k, is_older, &o);
}

uint32_t tw__top_index(const tw_manager *m, uint32_t s) {
  while (m->slots[s].index & TW__NESTED)
    s = m->nested[m->slots[s].index & ~TW__NESTED].owner;
  return m->slots[s].index;
}

int tw__keys_check(const tw_manager *m) {
  uint32_t s, c, n = 0, seen = 0;
  tw__key k;

  if (m->key_nheads == 0)
    return 0;
  if (m->key_links_cap < m->nslots)
    return TW_EINTERNAL;
  for (s = 0; s < m->nslots; s++) {
    const tw__link *l = &m->key_links[s];
    if (!has_key(m, s, &k)) {
      if (l->at != 0)
        return TW_EINTERNAL; /* linked without a key */
      continue;
    }
    if (l->at != k.at || l->len != k.len)
      return TW_EINTERNAL; /* indexed under another key */
    n++;
  }
  if (n != m->key_count)
    return TW_EINTERNAL;
  for (c = 0; c <= m->key_nheads; c++) {
    uint32_t prev = TW__LINK_NONE;
    for (s = m->key_heads[c]; s != TW__LINK_NONE; s = m->key_links[s].next) {
      const tw__link *l = &m->key_links[s];
      if (s >= m->nslots || l->prev != prev || ++seen > n)
        return TW_EINTERNAL;
      k.at = l->at;
      k.len = l->len;
      if (chain_of(m, &k) != c)
        return TW_EINTERNAL; /* in another chain */
      prev = s;
    }
  }
  return seen == n ? 0 : TW_EINTERNAL;
}

/* SPDX-License-Identifier: MIT */
/* The chains of keys.c's index, and of the parallel update's chains of
 * bytes: the hashing of a key to its chain, linking and unlinking a slot,
 * and the walk that finds the entries overlapping a key.  Shared by
 * keys.c, which keeps the index, and keycheck.c, which checks it; not
 * installed.  See keys.c's opening note for the design. */
#ifndef TWEEN_CHAINS_H
#define TWEEN_CHAINS_H

#include "storage.h"

#define TW__LINK_NONE UINT32_MAX

static inline uint32_t mix(uintptr_t x) {
  uint64_t h = (uint64_t)x * 0x9E3779B97F4A7C15u;

  return (uint32_t)(h >> 32);
}

/* Chains of slots by key: the index's (of_index), or the parallel
 * update's, of the bytes of the tweens with a key of their own (of_bytes,
 * below).  nheads hashed chains (a power of 2), then the wide one; two
 * links per slot; looks, when not NULL, counts the entries walked. */
typedef struct chains {
  uint32_t *heads;
  tw__link *links;
  uint32_t nheads;
  size_t *looks;
} chains;

static inline chains of_index(const tw_manager *m) {
  chains c;

  c.heads = m->key_heads;
  c.links = m->key_links;
  c.nheads = m->key_nheads;
  c.looks = NULL;
  return c;
}

/* The chain of a range starting in `block`, or of a pair: 64 neighbouring
 * blocks (a KiB) go to 64 neighbouring chains, so that tweens on an array
 * of values touch the chains in order, and KiBs are scattered by a hash
 * (values far apart, such as those of separate allocations, do not
 * crowd). */
static inline uint32_t chain_of_block(uint32_t nheads, uintptr_t block) {
  return ((mix(block >> 6) << 6) | (uint32_t)(block & 63)) & (nheads - 1);
}

/* The wide chain is the one past the nheads hashed ones. */
static inline uint32_t chain_of(uint32_t nheads, const tw__key *k) {
  if (k->len > 16)
    return nheads;
  return chain_of_block(nheads, k->len == 0 ? k->at : k->at >> 4);
}

/* Links slot s, keyed [at, at + len) (len 0: a pair), at the head of
 * chain ch. */
static inline void link_at(chains c, uint32_t s, uint32_t ch, uintptr_t at,
                           size_t len) {
  uint32_t head = c.heads[ch];
  tw__link *l = &c.links[s];

  l->prev = TW__LINK_NONE;
  l->next = head;
  l->at = at;
  l->len = len;
  if (head != TW__LINK_NONE)
    c.links[head].prev = s;
  c.heads[ch] = s;
}

static inline void link_in(tw_manager *m, uint32_t s, const tw__key *k) {
  link_at(of_index(m), s, chain_of(m->key_nheads, k), k->at, k->len);
  m->key_count++;
}

/* Takes the linked slot s out of its chain. */
static inline void unlink_at(chains c, uint32_t s) {
  tw__link *l = &c.links[s];
  tw__key k;

  k.at = l->at;
  k.len = l->len;
  if (l->prev != TW__LINK_NONE)
    c.links[l->prev].next = l->next;
  else
    c.heads[chain_of(c.nheads, &k)] = l->next;
  if (l->next != TW__LINK_NONE)
    c.links[l->next].prev = l->prev;
  l->at = 0;
}

/* The slots of live tweens that have a key, through tw__t. */
static inline int has_key(const tw_manager *m, uint32_t s, tw__key *k) {
  if ((m->slots[s].gen & 1u) == 0 || m->slots[s].index == TW__NO_SLOT)
    return 0;
  tw__key_of(m, tw__t(m, s), k);
  return k->at != 0;
}

/* Calls fn on the slot of every entry of chain ch overlapping k. */
static TW__INLINE int walk_chain(const tw_manager *m, chains c, uint32_t ch,
                                 const tw__key *k,
                                 int (*fn)(void *ctx, uint32_t s), void *ctx) {
  uint32_t s;

  for (s = c.heads[ch]; s != TW__LINK_NONE; s = c.links[s].next) {
    const tw__link *l = &c.links[s];
    tw__key o;
    int meets;
    if (c.looks != NULL)
      ++*c.looks;
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

/* walk_chain for a range k (len > 0) when nothing counts the entries:
 * the loop of the commonest query, with nothing in it but the test. */
static TW__INLINE int walk_range(const tw_manager *m, chains c, uint32_t ch,
                                 const tw__key *k,
                                 int (*fn)(void *ctx, uint32_t s), void *ctx) {
  uintptr_t at = k->at, top = k->at + k->len;
  uint32_t s;

  for (s = c.heads[ch]; s != TW__LINK_NONE; s = c.links[s].next) {
    const tw__link *l = &c.links[s];
    if (l->len != 0 && at < l->at + l->len && l->at < top &&
        (m->slots[s].gen & 1u) != 0 && fn(ctx, s) != 0)
      return 1;
  }
  return 0;
}

/* Calls fn on the slot of every entry of the chains c overlapping k,
 * until fn returns non-zero (then returns 1). */
static TW__INLINE int each_in(const tw_manager *m, chains c, const tw__key *k,
                              int (*fn)(void *ctx, uint32_t s), void *ctx) {
  uint32_t s, ch[3], n = 0, i, j;

  if (walk_chain(m, c, c.nheads, k, fn, ctx))
    return 1;
  if (k->len == 0 || k->len > 16) { /* a pair; a wide range: every chain */
    if (k->len == 0)
      return walk_chain(m, c, chain_of(c.nheads, k), k, fn, ctx);
    for (i = 0; i < c.nheads; i++)
      if (walk_chain(m, c, i, k, fn, ctx))
        return 1;
    return 0;
  }
  /* the chains of the blocks a short range that meets k may start in,
   * each once, in this order */
  ch[0] = chain_of_block(c.nheads, (k->at - 15) >> 4);
  ch[1] = chain_of_block(c.nheads, k->at >> 4);
  ch[2] = chain_of_block(c.nheads, (k->at + k->len - 1) >> 4);
  if (c.looks == NULL) {
    if (walk_range(m, c, ch[0], k, fn, ctx))
      return 1;
    if (ch[1] != ch[0] && walk_range(m, c, ch[1], k, fn, ctx))
      return 1;
    return ch[2] != ch[0] && ch[2] != ch[1] &&
           walk_range(m, c, ch[2], k, fn, ctx);
  }
  for (s = 0; s < 3; s++) {
    for (j = 0; j < n && ch[j] != ch[s]; j++)
      ;
    if (j == n)
      ch[n++] = ch[s];
  }
  for (i = 0; i < n; i++)
    if (walk_chain(m, c, ch[i], k, fn, ctx))
      return 1;
  return 0;
}

/* The bytes a pointer tween writes, into k (at 0: a setter tween or a
 * sequence, which writes none the index can know). */
static inline void bytes_of(const tw_manager *m, const tw__tween *t,
                            tw__key *k) {
  k->set = NULL;
  k->at = 0;
  k->len = m->types[t->type].size;
  if (!(t->flags & (TW__F_SEQ | TW__F_SETTER)))
    k->at = (uintptr_t)tw__hot_of(m, t)->target;
}

/* Whether t has a key of its own. */
static inline int custom(const tw_manager *m, const tw__tween *t) {
  return !(t->flags & (TW__F_SEQ | TW__F_SETTER)) && tw__rec(m, t) != NULL &&
         tw__rec(m, t)->key != NULL;
}

static inline chains of_bytes(struct tw__par *p) {
  chains c;

  c.heads = p->bheads;
  c.links = p->blinks;
  c.nheads = p->nbheads;
  c.looks = &p->looks;
  return c;
}

#endif

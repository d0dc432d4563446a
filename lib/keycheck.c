/* SPDX-License-Identifier: MIT */
/* The check of keys.c's index and of the parallel update's chains of
 * bytes, for tw_manager_validate: every live tween with a key in its
 * chain, under its key, once, well linked, and nothing else. */
#include "chains.h"

/* Whether the chains c hold the n linked slots, each in its own chain,
 * once, well linked: 0 or TW_EINTERNAL. */
static int chains_check(chains c, uint32_t n, uint32_t nslots) {
  uint32_t s, ch, seen = 0;
  tw__key k;

  for (ch = 0; ch <= c.nheads; ch++) {
    uint32_t prev = TW__LINK_NONE;
    for (s = c.heads[ch]; s != TW__LINK_NONE; s = c.links[s].next) {
      const tw__link *l = &c.links[s];
      if (s >= nslots || l->prev != prev || ++seen > n)
        return TW_EINTERNAL;
      k.at = l->at;
      k.len = l->len;
      if (chain_of(c.nheads, &k) != ch)
        return TW_EINTERNAL; /* in another chain */
      prev = s;
    }
  }
  return seen == n ? 0 : TW_EINTERNAL;
}

/* The bytes chains: every live tween with a key of its own in them (but
 * when lost), under its bytes, and no other. */
static int bytes_check(const tw_manager *m) {
  struct tw__par *p = m->par;
  uint32_t s, n = 0,
              end = m->nslots > p->blinks_cap ? m->nslots : p->blinks_cap;
  tw__key k;

  for (s = 0; s < end; s++) {
    int linked = s < p->blinks_cap && p->blinks[s].at != 0;
    int want = s < m->nslots && has_key(m, s, &k) && custom(m, tw__t(m, s));
    if (linked != want && (linked || !p->lost))
      return TW_EINTERNAL;
    if (!linked)
      continue;
    bytes_of(m, tw__t(m, s), &k);
    if (p->blinks[s].at != k.at || p->blinks[s].len != k.len)
      return TW_EINTERNAL; /* chained under other bytes */
    n++;
  }
  if (n != p->nbytes)
    return TW_EINTERNAL;
  return p->bheads != NULL ? chains_check(of_bytes(p), n, m->nslots) : 0;
}

int tw__keys_check(const tw_manager *m) {
  uint32_t s, n = 0;
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
  if (n != m->key_count || chains_check(of_index(m), n, m->nslots) != 0)
    return TW_EINTERNAL;
  return m->par != NULL ? bytes_check(m) : 0;
}

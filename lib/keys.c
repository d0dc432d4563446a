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
 * a manager that never asks pays nothing.
 *
 * Writes, for tw_writer.  Beside each link, a stamp of the manager's
 * write clock: when the tween last wrote its value through life.c, and
 * when it last set off playing (tw__wrote, tw__set_off; its start counts,
 * tw__write_rest), all 0 for a tween new in its slot (tw__keys_drop clears
 * them at every kill, a plain tween's too).  The update's
 * shortest paths write without a stamp, so the clock is taken at the
 * start of each pass, per update type, and every write in a pass counts
 * at that time: a tween that plays (started, playing, not complete, past
 * its delay, and playing since before that pass) wrote at its type's last
 * pass (the one before, while that pass has not reached it yet), and
 * within one pass creation order says who wrote last.  The
 * writes before the index was built are not known: the build stamps the
 * started tweens as their last update left them, those that stand still
 * below those that play.  Where it cannot be built (out
 * of memory), queries scan the slots instead: slower, never wrong.  This
 * is storage: nothing here runs the program's code. */
#include "chains.h"

void tw__key_of(const tw_manager *m, const tw__tween *t, tw__key *k) {
  k->set = NULL;
  k->len = 0;
  k->at = 0;
  if (t->flags & TW__F_SEQ)
    return;
  if (tw__rec(m, t) != NULL && tw__rec(m, t)->key != NULL) {
    k->at = (uintptr_t)tw__rec(m, t)->key;
    k->len = 1;
  } else if (t->flags & TW__F_SETTER) {
    k->at = (uintptr_t)tw__hot_of(m, t)->target;
    k->set = tw__rec(m, t)->set;
  } else {
    k->at = (uintptr_t)tw__hot_of(m, t)->target;
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

/* Rebuilds the chains for twice the entries, or more: nheads heads (a
 * power of 2, at least 16).  Out of line: creations call the test above it
 * and rarely come here. */
static TW__NOINLINE int rehash(tw_manager *m, uint32_t entries) {
  uint32_t nheads =
      (uint32_t)tw__grown(m->key_nheads, 16, (size_t)entries * 2, UINT32_MAX);
  uint32_t *heads;

  if (nheads == 0 ||
      (heads = tw__alloc(m, tw__mul(nheads + 1, sizeof *heads))) == NULL)
    return TW_ENOMEM;
  if (m->key_heads != NULL)
    tw__free(m, m->key_heads, (m->key_nheads + 1) * sizeof *m->key_heads);
  m->key_heads = heads;
  m->key_nheads = nheads;
  m->plain_room = 0; /* tween.c: its room counts the index's */
  tw__keys_rebuild(m);
  return 0;
}

void tw__keys_rebuild(tw_manager *m) {
  uint32_t s;
  tw__key k;

  for (s = 0; s <= m->key_nheads; s++)
    m->key_heads[s] = TW__LINK_NONE;
  m->key_count = 0;
  for (s = 0; s < m->key_links_cap; s++)
    m->key_links[s].at = 0;
  for (s = 0; s < m->nslots; s++)
    if (has_key(m, s, &k))
      link_in(m, s, &k);
  if (m->par != NULL)
    tw__keys_share_all(m);
}

/* The links of cap slots and, after them, their stamps: one block, whose
 * bytes these are (0 if they would wrap), the stamps at stamps_at. */
static size_t stamps_at(uint32_t cap) {
  size_t n = tw__mul(cap, sizeof(tw__link));

  return n + (8 - n % 8) % 8; /* the stamps' 64-bit alignment */
}

static size_t links_bytes(uint32_t cap) {
  size_t a = stamps_at(cap), b = tw__mul(cap, sizeof(tw__stamp));

  return a == 0 && cap != 0 ? 0 : a + b < a ? 0 : a + b;
}

int tw__keys_reserve(tw_manager *m) {
  uint32_t want = m->slots_cap, old = m->key_links_cap, entries;
  size_t cap = m->cap_tweens + m->cap_sequences;

  /* the first build takes links for the array's capacity too, as it sizes
   * the chains below: creations up to it never copy them */
  if (m->key_nheads == 0 && cap > want && cap < UINT32_MAX / 4)
    want = (uint32_t)cap;
  if (old < want) {
    unsigned char *p;
    tw__link *l;
    uint32_t i;
    if (links_bytes(want) == 0 || tw__mul(want, sizeof(tw__stamp)) == 0 ||
        (p = tw__realloc(m, m->key_links, links_bytes(old),
                         links_bytes(want))) == NULL)
      return TW_ENOMEM;
    l = (tw__link *)(void *)p;
    m->key_stamps = (tw__stamp *)(void *)(p + stamps_at(want));
    memmove(m->key_stamps, p + stamps_at(old), old * sizeof(tw__stamp));
    memset(m->key_stamps + old, 0, (want - old) * sizeof(tw__stamp));
    for (i = old; i < want; i++)
      l[i].at = 0;
    m->key_links = l;
    m->key_links_cap = want;
  }
  /* the first build sizes the chains for every live tween (key_count
   * counts only what is in the index already), and for the array's
   * capacity, so that creations up to it never rehash */
  entries = (m->key_nheads == 0 ? m->live + m->live_nested : m->key_count) + 1;
  if (entries < cap && cap < UINT32_MAX / 4)
    entries = (uint32_t)cap;
  if (entries > m->key_nheads / 2)
    return rehash(m, entries);
  return 0;
}

uint64_t tw__write_stamp(const tw_manager *m, uint32_t s) {
  const tw__tween *t = tw__t(m, s);
  const tw__stamp *st = &m->key_stamps[s];
  uint32_t i = m->slots[s].index;
  unsigned u = t->utype & 3;
  uint64_t pass = m->pass_clock[u];

  if ((i & TW__NESTED) || !tw__plays(t))
    return st->wrote; /* every write of theirs is stamped */
  if (m->pass == (int)u + 1 && i + 1 >= m->walks[0]->next) {
    if (i + 1 == m->walks[0]->next)
      return st->wrote;      /* the pass is at it: its code runs, before or
                                after its write, which is stamped */
    pass = m->prev_clock[u]; /* not there yet */
  }
  /* it played at that pass, unless it set off since */
  return st->run < pass && st->wrote < pass ? pass : st->wrote;
}

void tw__write_settle(tw_manager *m, uint32_t s) {
  if (m->key_nheads != 0)
    m->key_stamps[s].wrote = tw__write_stamp(m, s);
}

void tw__set_off(tw_manager *m, uint32_t s) {
  tw__write_settle(m, s);
  tw__write_rest(m, s);
}

void tw__write_rest(tw_manager *m, uint32_t s) {
  uint32_t i = m->slots[s].index;
  unsigned u;

  if (m->key_nheads == 0)
    return;
  u = tw__t(m, s)->utype & 3;
  /* a pass not yet at it will be: that pass counts */
  m->key_stamps[s].run =
      m->pass == (int)u + 1 && !(i & TW__NESTED) && i + 1 > m->walks[0]->next
          ? m->prev_clock[u]
          : m->pass_clock[u];
}

/* The stamps of a fresh index: 1 for a started tween that stands still,
 * 2 for one that plays, as the clock and every pass clock. */
static void stamp_all(tw_manager *m) {
  uint32_t s;
  int u;

  for (s = 0; s < m->nslots; s++) {
    tw__key k;
    const tw__tween *t;
    m->key_stamps[s].run = m->key_stamps[s].at = 0;
    m->key_stamps[s].wrote = 0;
    if (!has_key(m, s, &k))
      continue;
    t = tw__t(m, s);
    if (t->flags & TW__F_STARTED)
      m->key_stamps[s].wrote = tw__plays(t) ? 2 : 1;
  }
  m->wclock = 2;
  for (u = 0; u < 4; u++)
    m->pass_clock[u] = m->prev_clock[u] = 2;
}

int tw__keys_on(tw_manager *m) {
  if (m->key_nheads != 0)
    return 1;
  if (tw__keys_reserve(m) != 0)
    return 0;
  stamp_all(m);
  return 1;
}

void tw__keys_add(tw_manager *m, uint32_t s) {
  tw__key k;

  if (m->key_nheads != 0 && has_key(m, s, &k)) {
    link_in(m, s, &k);
    if (m->par != NULL)
      tw__keys_share(m, s);
    m->plain_room = 0; /* tween.c: its room counts the index's */
  }
}

int tw__keys_add_range(tw_manager *m, uint32_t s, const void *at, size_t len) {
  /* at most 16 bytes: a hashed chain */
  link_at(of_index(m), s, chain_of_block(m->key_nheads, (uintptr_t)at >> 4),
          (uintptr_t)at, len);
  m->key_count++;
  if (m->par != NULL)
    tw__keys_share(m, s);
  return 0;
}

/* Sharing, for the parallel update: a tween whose key another live tween
 * overlaps is marked, and so is each of those, when it joins the index
 * (the walk of its chains that overwrite's query makes, no scan).  The
 * mark stays while the tween lives, even once the other has gone: it
 * only keeps the tween in the ordered phase, which is always right.
 *
 * What the index does not find: a pointer tween with a key of its own
 * (tw_set_key) is indexed by that key, yet writes its bytes.  Such tweens
 * are chained by their bytes too, in chains of the parallel update's
 * (tw__par's bytes: the index's hashing, links per slot up to the highest
 * slot of such a tween, half as many of them as chains): one joining
 * looks up its bytes in the index and in those chains, and every pointer
 * tween joining looks up its bytes in those chains, each a walk of three
 * chains at most, as a query of the index.  A tween leaves them when it
 * leaves the index (tw__keys_remove); they are made afresh with the marks
 * (tw__keys_share_all).  Without memory for them, lost is set, and
 * updates stay serial until the marks are made afresh. */
typedef struct sharing {
  tw_manager *m;
  uint32_t self;
  int found;
} sharing;

static int share_one(void *ctx, uint32_t s) {
  sharing *c = ctx;

  if (s != c->self) { /* a flag, not the chains: the walk is not changed */
    tw__t(c->m, s)->flags |= TW__F_SHARED;
    c->found = 1;
  }
  return 0;
}

/* Room in the bytes chains for one more tween, in slot s: 0, or
 * TW_ENOMEM with nothing changed. */
static int bytes_room(tw_manager *m, struct tw__par *p, uint32_t s) {
  uint32_t n, ch, i, *heads;
  chains c;

  if (s >= p->blinks_cap) {
    /* s < slots_cap, below 2^31 */
    uint32_t cap = (uint32_t)tw__grown(p->blinks_cap, 64, s + 1, UINT32_MAX);
    tw__link *l;
    if (tw__mul(cap, sizeof *l) == 0 ||
        (l = tw__realloc(m, p->blinks, p->blinks_cap * sizeof *l,
                         cap * sizeof *l)) == NULL)
      return TW_ENOMEM;
    for (i = p->blinks_cap; i < cap; i++)
      l[i].at = 0;
    p->blinks = l;
    p->blinks_cap = cap;
  }
  if (p->nbytes < p->nbheads / 2)
    return 0;
  n = (uint32_t)tw__grown(p->nbheads, 16, (size_t)p->nbheads + 1, UINT32_MAX);
  if (n >= UINT32_MAX / 2 ||
      (heads = tw__alloc(m, tw__mul(n + 1, sizeof *heads))) == NULL)
    return TW_ENOMEM;
  for (i = 0; i <= n; i++)
    heads[i] = TW__LINK_NONE;
  c = of_bytes(p);
  c.heads = heads;
  c.nheads = n;
  for (ch = 0; p->bheads != NULL && ch <= p->nbheads; ch++) {
    uint32_t next;
    for (i = p->bheads[ch]; i != TW__LINK_NONE; i = next) {
      tw__key k;
      next = p->blinks[i].next;
      k.at = p->blinks[i].at;
      k.len = p->blinks[i].len;
      link_at(c, i, chain_of(n, &k), k.at, k.len);
    }
  }
  tw__free(m, p->bheads, (p->nbheads + 1) * sizeof *p->bheads);
  p->bheads = heads;
  p->nbheads = n;
  return 0;
}

/* The tween in slot s, of bytes b, joins the bytes chains (lost if there
 * is no room). */
static void bytes_link(tw_manager *m, uint32_t s, const tw__key *b) {
  struct tw__par *p = m->par;

  if (bytes_room(m, p, s) != 0) {
    p->lost = 1;
    return;
  }
  link_at(of_bytes(p), s, chain_of(p->nbheads, b), b->at, b->len);
  p->nbytes++;
}

void tw__keys_bytes_free(tw_manager *m) {
  struct tw__par *p = m->par;

  if (p->bheads != NULL)
    tw__free(m, p->bheads, (p->nbheads + 1) * sizeof *p->bheads);
  tw__free(m, p->blinks, p->blinks_cap * sizeof *p->blinks);
  p->bheads = NULL;
  p->blinks = NULL;
  p->nbheads = p->blinks_cap = p->nbytes = 0;
}

static void bytes_unlink(struct tw__par *p, uint32_t s) {
  if (s < p->blinks_cap && p->blinks[s].at != 0) {
    unlink_at(of_bytes(p), s);
    p->nbytes--;
  }
}

void tw__keys_share(tw_manager *m, uint32_t s) {
  struct tw__par *p = m->par;
  tw__tween *t;
  sharing c;
  tw__key k, b;

  if (m->key_nheads == 0 || !has_key(m, s, &k))
    return;
  t = tw__t(m, s);
  c.m = m;
  c.self = s;
  c.found = 0;
  tw__keys_each(m, &k, share_one, &c);
  bytes_of(m, t, &b);
  /* those with keys of their own on its bytes */
  if (b.at != 0 && p->nbytes != 0)
    each_in(m, of_bytes(p), &b, share_one, &c);
  if (b.at != 0 && custom(m, t)) {
    tw__keys_each(m, &b, share_one, &c); /* the others on its bytes */
    c.found = 1; /* it is never computed in parallel itself */
    if (s >= p->blinks_cap || p->blinks[s].at == 0)
      bytes_link(m, s, &b);
  }
  if (c.found)
    t->flags |= TW__F_SHARED;
}

void tw__keys_share_all(tw_manager *m) {
  struct tw__par *p = m->par;
  uint32_t s;

  if (p->bheads != NULL)
    for (s = 0; s <= p->nbheads; s++)
      p->bheads[s] = TW__LINK_NONE;
  for (s = 0; s < p->blinks_cap; s++)
    p->blinks[s].at = 0;
  p->nbytes = 0;
  p->lost = 0;
  for (s = 0; s < m->nslots; s++)
    if ((m->slots[s].gen & 1u) != 0 && m->slots[s].index != TW__NO_SLOT)
      tw__t(m, s)->flags &= ~(uint32_t)TW__F_SHARED;
  for (s = 0; s < m->nslots; s++)
    if ((m->slots[s].gen & 1u) != 0 && m->slots[s].index != TW__NO_SLOT)
      tw__keys_share(m, s); /* marked or not: its others may not be */
}

void tw__keys_remove(tw_manager *m, uint32_t s) {
  if (m->par != NULL)
    bytes_unlink(m->par, s);
  if (m->key_nheads == 0 || s >= m->key_links_cap || m->key_links[s].at == 0)
    return;
  unlink_at(of_index(m), s);
  m->key_count--;
}

void tw__keys_drop(tw_manager *m, uint32_t s) {
  tw__keys_remove(m, s);
  if (m->key_nheads != 0) { /* the slot's next tween has written nothing */
    m->key_stamps[s].wrote = m->key_stamps[s].at = 0;
    m->key_stamps[s].run = 0;
  }
}

void tw__keys_free(tw_manager *m) {
  if (m->key_heads != NULL)
    tw__free(m, m->key_heads, (m->key_nheads + 1) * sizeof *m->key_heads);
  tw__free(m, m->key_links, links_bytes(m->key_links_cap));
  m->key_heads = NULL;
  m->key_links = NULL;
  m->key_stamps = NULL;
  m->key_nheads = m->key_links_cap = m->key_count = 0;
}

int tw__keys_each(const tw_manager *m, const tw__key *k,
                  int (*fn)(void *ctx, uint32_t s), void *ctx) {
  uint32_t s;

  if (m->key_nheads == 0) { /* no index: every slot */
    for (s = 0; s < m->nslots; s++) {
      tw__key o;
      if (has_key(m, s, &o) && tw__key_overlap(k, &o) && fn(ctx, s) != 0)
        return 1;
    }
    return 0;
  }
  return each_in(m, of_index(m), k, fn, ctx);
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

#ifdef TW__TEST_HOOKS
size_t tw__test_share_looks(const tw_manager *m) {
  return m->par != NULL ? m->par->looks : 0;
}
#endif

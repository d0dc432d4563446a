/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the input bytes are a program of public API calls.
 *
 * Built by `make fuzz` with clang -fsanitize=fuzzer,address,undefined from
 * the library sources, and run for FUZZ_SECONDS on a copy of
 * tests/fuzz/corpus.  A crash, a sanitizer report, a leak, a broken
 * invariant (tw_manager_validate), the bytes held disagreeing with the
 * allocator, or a call answering what tween.h forbids (tw_update inside a
 * callback not TW_EBUSY, an error code out of range, a stale handle
 * reaching a tween) aborts.
 *
 * The first bytes set up the manager (capacities, hard limit, pool bound);
 * then each operation is one byte (which call) and its arguments from the
 * following bytes; running out of bytes reads zeros.  Covered: creation of
 * every value type by pointer and by setter, registered types of every
 * size, NaN / negative / infinite durations and dt, invalid enums, stale
 * and forged handles, every setting, every control, kills by id, target
 * and all, clear, capacity changes (up, down, below the live count, above
 * the limit), time scales, warning hooks, freeing and recreating the
 * manager, the controls (toggle, restart, rewind, smooth rewind, goto,
 * flip, play forwards and backwards, complete silently, the tw_do_ family,
 * kill all except), from / relative / speed-based tweens, every kind of
 * ease (parameters, user function, cubic-bezier, steps, keyframe curves),
 * changed start and end values, sequences (built from any handles, with
 * intervals and callbacks), every query, and a failing allocator (one byte
 * picks which allocation fails, or every n-th).  Snapshots, restores of
 * them, of them damaged and of them forged past their checksum (every
 * result a refusal changing nothing, or a valid manager), and both refused
 * in callbacks.  The choreography too:
 * staggers (every order, seeds, repeated and bad children), labels (copied
 * names, unknown ones, inserts at labels, gotos, prepends moving them),
 * loop delays, yoyo eases, snapping, additive tweens, punches and shakes
 * (bad vibrato, elasticity, randomness and amounts), and paths of every
 * kind (closed, constant speed, 0 to 8 points, NaN and huge points) with
 * their tangents; a refused call must change nothing, a target of theirs
 * fed only moderate values must stay finite, and at COMPLETE a punch or a
 * shake must sit on its start, a path on its end.  The interruption calls
 * (tw_go, tw_go_fn, tw_float_go, tw_spring_to_v and _fn_v, tw_spring_go
 * and _fn, tw_retarget, tw_stagger_offsets, tw_seq_stagger_with) at
 * hostile magnitudes (+-0, denormals, 1e+-300, the largest floats and
 * doubles and their halves, spring parameters of 1e-300 and 1e300): the
 * targets only they write must stay finite, offsets accepted must be
 * finite.  The warning hook uses the tween whose creation ran it (starts,
 * sends, moves, sequences or kills it).  Callbacks, setters,
 * getters and the warning hook read their own operation from the input and
 * run it, nested up to a depth.
 *
 * To replay a crash: tests/fuzz/fuzz crash-<hash> */
/* The deprecated calls tw_set_target and tw_loops are called here on purpose,
 * without the warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tween.h"
/* the test hooks of the snapshot (floors.h): its parts and its seal */
#include "snaprestore.h"

/* ------------------------------------------------------------------ */
/* input                                                               */

static const uint8_t *in;
static size_t in_len, in_pos;

static uint8_t byte(void) { return in_pos < in_len ? in[in_pos++] : 0; }

static uint16_t u16(void) {
  uint16_t a = byte();
  return (uint16_t)(a | (uint16_t)(byte() << 8));
}

static uint32_t u32(void) {
  uint32_t a = u16();
  return a | ((uint32_t)u16() << 16);
}

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "fuzz: %s:%d: %s\n", __FILE__, __LINE__, #cond);         \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* every return code is a count, 0, or one of tween.h's */
#define RC(call)                                                               \
  do {                                                                         \
    int rc_ = (call);                                                          \
    CHECK(rc_ >= TW__ERR_LAST + 1);                                            \
  } while (0)

/* Known bug B8 (see tests/model-bugs.c): a speed-based tween whose values are
 * NaN gets a NaN duration, and tw_manager_validate fails.  Until it is
 * fixed, value bytes are made finite and moderate (as floats and as
 * doubles) unless FUZZ_NAN_VALUES is defined. */
static void finite_values(unsigned char *p, size_t n) {
#ifndef FUZZ_NAN_VALUES
  size_t i;

  for (i = 0; i + sizeof(double) <= n; i += sizeof(double)) {
    double d;
    memcpy(&d, p + i, sizeof d);
    if (!(fabs(d) <= 1e30)) {
      d = 1.0;
      memcpy(p + i, &d, sizeof d);
    }
  }
  for (i = 0; i + sizeof(float) <= n; i += sizeof(float)) {
    float f;
    memcpy(&f, p + i, sizeof f);
    if (!(fabsf(f) <= 1e30f)) {
      f = 1.0f;
      memcpy(p + i, &f, sizeof f);
    }
  }
#else
  (void)p;
  (void)n;
#endif
}

/* a time: nice values, bad ones, and raw doubles */
static double time_arg(void) {
  static const double t[] = {0,   1.0 / 60, 0.1,  0.25,  0.5, 1,
                             2,   0.001,    1e-9, 10,    100, -1,
                             NAN, INFINITY, -0.0, 1e300, 0.3, 3.0};
  uint8_t b = byte();
  double d;

  if (b < 200)
    return t[b % (sizeof t / sizeof *t)];
  d = (double)u32() / 65536.0; /* 0 .. 65536 in fine steps */
  return b & 1 ? -d : d;
}

/* Known bug P1 (tests/model-bugs.c): an update steps an infinitely looping
 * tween once per loop its dt spans, even without a STEP_COMPLETE callback,
 * so a loop of 1e-9 s and a dt of 100 s spin 2^31 times.  Until it is
 * fixed, loops are kept long against the dt: durations and sequence spans
 * are at least 10 ms (or 0), an update's dt at most 10 s, time scales at
 * most 4 (at most 16,000 loops in one update), and no tween is both
 * speed-based (its duration becomes distance / speed at its start, which
 * may be tiny) and infinite. */
static double span_arg(void) {
  double d = time_arg();

  return d > 0 && d < 0.01 ? 0.01 : d;
}

enum { F_SPEED = 1, F_INFINITE = 2 };
static struct {
  uint32_t gen;
  unsigned flags;
} hflags[4096];

static void flag(tw_handle h, unsigned f) {
  if (h.index >= 4096)
    return;
  if (hflags[h.index].gen != h.gen) {
    hflags[h.index].gen = h.gen;
    hflags[h.index].flags = 0;
  }
  hflags[h.index].flags |= f;
}

static unsigned flag_of(tw_handle h, unsigned f) {
  return h.index < 4096 && hflags[h.index].gen == h.gen
             ? hflags[h.index].flags & f
             : 0;
}

/* a dt that cannot make an infinitely looping tween spin for minutes */
static double dt_arg(void) {
  double d = time_arg();

  return d > 10 ? 10 : d;
}

/* time scales: at most 4 (see span_arg) */
static double scale_arg(void) {
  static const double t[] = {1, 0, 0.5, 2, -1, NAN, INFINITY, 4};
  return t[byte() % 8];
}

/* ------------------------------------------------------------------ */
/* the allocator                                                       */

static size_t a_calls, a_live, a_blocks;
static unsigned a_fail_at;    /* fail the a_fail_at-th call from now */
static unsigned a_fail_every; /* fail every n-th call; 0: never */

static void *fz_alloc(void *ud, void *p, size_t old_size, size_t new_size) {
  void *q;

  (void)ud;
  if (new_size == 0) {
    if (p != NULL) {
      CHECK(a_blocks > 0 && a_live >= old_size);
      a_blocks--;
      a_live -= old_size;
      free(p);
    }
    return NULL;
  }
  CHECK(p != NULL || old_size == 0);
  a_calls++;
  if (a_fail_at != 0 && --a_fail_at == 0)
    return NULL;
  if (a_fail_every != 0 && a_calls % a_fail_every == 0)
    return NULL;
  q = realloc(p, new_size);
  if (q == NULL)
    return NULL;
  if (p == NULL)
    a_blocks++;
  a_live += new_size - old_size;
  return q;
}

/* ------------------------------------------------------------------ */
/* the world                                                           */

#define NTARGET 8
#define NHANDLE 64
#define MAXTYPES 8
#define MAXDEPTH 4
#define MAXNESTED 400 /* operations run by callbacks per input */

static tw_manager *m;
static float f_t[NTARGET];
static double d_t[NTARGET];
static int i_t[NTARGET];
static tw_vec2 v2_t[NTARGET];
static tw_vec3 v3_t[NTARGET];
static tw_vec4 v4_t[NTARGET];
static tw_color c_t[NTARGET];
static tw_rgba8 c8_t[NTARGET];
static unsigned char big_t[NTARGET][256];
static tw_handle handles[NHANDLE];
static int nhandles;
static int types[MAXTYPES], ntypes;
static int depth, nested;
static int setter_fail;
static FILE *devnull;

static void op(void);
static int trace = -1; /* FUZZ_TRACE=1: print each operation */

/* Runs one operation from the input inside a callback, within limits. */
static void nested_op(void) {
  if (depth >= MAXDEPTH || nested >= MAXNESTED)
    return;
  nested++;
  depth++;
  op();
  depth--;
}

static tw_handle pick_handle(void) {
  uint8_t b = byte();
  tw_handle h;

  if (b < 200 && nhandles > 0)
    return handles[b % nhandles];
  switch (b % 4) {
  case 0: /* none */
    h.index = 0;
    h.gen = 0;
    break;
  case 1: /* forged */
    h.index = u32();
    h.gen = u32();
    break;
  case 2: /* a real index, a later generation */
    h.index = 1;
    h.gen = 1;
    if (nhandles > 0)
      h = handles[byte() % nhandles];
    h.gen += 2;
    break;
  default: /* small index, even generation */
    h.index = byte() % 8;
    h.gen = (uint32_t)(byte() & ~1u);
    break;
  }
  return h;
}

static void remember(tw_handle h) {
  if (nhandles < NHANDLE)
    handles[nhandles++] = h;
  else
    handles[byte() % NHANDLE] = h;
}

/* handles added to sequences */
#define NCHILD 64
static tw_handle children[NCHILD];
static int nchildren;

static void add_child(tw_handle h) { children[nchildren++ % NCHILD] = h; }

static int is_child(tw_handle h) {
  int i;

  for (i = 0; i < nchildren && i < NCHILD; i++)
    if (children[i].index == h.index && children[i].gen == h.gen)
      return 1;
  return 0;
}

/* callbacks: each may run one more operation; ud: the event + 1 (0 for a
 * sequence callback) */
static void on_event(tw_manager *mm, tw_handle h, void *ud) {
  int ev = (int)(uintptr_t)ud - 1;

  CHECK(mm == m);
  CHECK(tw_update(mm, TW_UPDATE_NORMAL, 0.1, 0.1) == TW_EBUSY);
  CHECK(tw_manager_free(mm) == TW_EBUSY);
  if (tw_manager_validate(mm) != 0) {
#ifndef FUZZ_STRICT_B9
    /* known bug B9 (tests/model-bugs.c): in the KILL callback of a child killed
     * with its sequence, the other children still count as nested */
    if (ev == TW_ON_KILL && is_child(h))
      goto valid;
#endif
    tw_manager_dump(mm, stderr);
    CHECK(tw_manager_validate(mm) == 0);
  }
#ifndef FUZZ_STRICT_B9
valid:
#endif
  if (byte() & 1)
    remember(h);
  nested_op();
}

static int setter(void *ud, const void *value) {
  (void)value;
  (void)ud;
  if (byte() < 16)
    nested_op();
  return setter_fail && (byte() < 32);
}

static void getter(void *ud, void *out) {
  int t = *(int *)ud;
  uint8_t b = byte();
  /* 0xff bytes make NaNs (see finite_values) */
  memset(out, b == 0xff ? 0xfe : b,
         tw_type_size(m, t) > 0 ? (size_t)tw_type_size(m, t) : 1);
  if (byte() < 16)
    nested_op();
}

static void lerp(void *out, const void *a, const void *b, double t, void *ud) {
  size_t n = (size_t)(uintptr_t)ud, i;
  const unsigned char *x = a, *y = b;
  unsigned char *o = out;

  for (i = 0; i < n; i++)
    o[i] = (unsigned char)(x[i] + (int)((y[i] - x[i]) * (t > 2    ? 2
                                                         : t < -2 ? -2
                                                                  : t)));
}

/* The warning hook uses the tween whose creation grew the array: the
 * newest in the order, whole by then (tween.h), and free to be started,
 * sent, moved, added to a sequence or killed. */
static void hook_uses_newest(void) {
  static tw_handle ord[1024];
  int n = tw_manager_order(m, ord, sizeof ord / sizeof *ord), i;
  tw_handle h, s;
  unsigned char v[256]; /* the largest type registered */
  float f = (float)(int8_t)byte();

  memset(v, 0, sizeof v); /* an end of any type: 0 but its first float */
  memcpy(v, &f, sizeof f);
  if (depth >= MAXDEPTH || n <= 0 || n > (int)(sizeof ord / sizeof *ord))
    return;
  for (i = n - 1; i >= 0 && ord[i].index == 0; i--)
    ;
  if (i < 0)
    return;
  h = ord[i];
  remember(h);
  depth++;
  switch (byte() % 6) {
  case 0:
    RC(tw_play(m, h));
    break;
  case 1:
    RC(tw_goto(m, h, time_arg(), byte() & 1));
    break;
  case 2:
    RC(tw_retarget(m, h, v, time_arg()));
    break;
  case 3:
    if (tw_sequence(m, &s) == 0) {
      remember(s);
      RC(tw_seq_append(m, s, h));
    }
    break;
  case 4:
    RC(tw_kill(m, h, byte() & 1));
    break;
  default:
    RC(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1));
    break;
  }
  depth--;
}

static void warn_hook(tw_manager *mm, tw_warning what, size_t o, size_t n,
                      void *ud) {
  (void)ud;
  CHECK(mm == m);
  CHECK(what == TW_WARN_GROW_TWEENS || what == TW_WARN_GROW_SEQUENCES);
  CHECK(n > o);
  if (byte() < 96)
    hook_uses_newest();
  nested_op();
}

/* the type id (one of ours or a bad one) and the target for it */
static int pick_type(void **target, void **end_buf) {
  static unsigned char end[256];
  uint8_t b = byte() % 12;
  int k = byte() % NTARGET, type;
  size_t i;

  for (i = 0; i < 32; i++)
    end[i] = byte();
  finite_values(end, 32);
  *end_buf = end;
  switch (b) {
  case 0:
    *target = &f_t[k];
    return TW_TYPE_FLOAT;
  case 1:
    *target = &d_t[k];
    return TW_TYPE_DOUBLE;
  case 2:
    *target = &i_t[k];
    return TW_TYPE_INT;
  case 3:
    *target = &v2_t[k];
    return TW_TYPE_VEC2;
  case 4:
    *target = &v3_t[k];
    return TW_TYPE_VEC3;
  case 5:
    *target = &v4_t[k];
    return TW_TYPE_VEC4;
  case 6: /* colours: floats for even targets, bytes for odd */
    if (k & 1) {
      *target = &c8_t[k];
      return TW_TYPE_RGBA8;
    }
    *target = &c_t[k];
    return TW_TYPE_COLOR;
  case 7:
  case 8:
  case 9:
    if (ntypes > 0) {
      type = types[byte() % ntypes];
      *target = big_t[k];
      return type;
    }
    *target = &f_t[k];
    return TW_TYPE_FLOAT;
  case 10: /* any id, most unknown; a target big enough for any type */
    *target = big_t[k];
    return (int)byte();
  default:
    *target = NULL;
    return TW_TYPE_FLOAT;
  }
}

static int type_ud[256];

static void create(void) {
  static unsigned char start[256];
  void *target, *end;
  int type = pick_type(&target, &end);
  double d = time_arg();
  uint8_t how = byte();
  tw_handle h = {0, 0};
  int rc, before = nested, may_fail = 0;

  /* no loops shorter than 10 ms (see span_arg) */
  if (d > 0 && d < 0.01)
    d = 0.01;

  /* doubles and registered values: finite bytes are fine, NaN too */
  if (how < 40) {
    type_ud[type & 255] = type;
    rc = tw_to_fn(m, type, (how & 1) ? setter : NULL, (how & 2) ? getter : NULL,
                  &type_ud[type & 255], end, d, &h);
  } else if (how < 56) { /* a given start: written at once */
    size_t i;
    for (i = 0; i < 32; i++)
      start[i] = byte();
    finite_values(start, 32);
    type_ud[type & 255] = type;
    if (how & 4) {
      rc = tw_from_to_fn(m, type, (how & 1) ? setter : NULL,
                         &type_ud[type & 255], (how & 2) ? start : NULL, end, d,
                         &h);
      may_fail = 1; /* the setter may fail on the start */
    } else {
      rc = tw_from_to(m, type, target, (how & 2) ? start : NULL, end, d, &h);
    }
  } else if (type == TW_TYPE_RGBA8 && how < 120) {
    tw_rgba8 v;
    memcpy(&v, end, sizeof v);
    rc = tw_rgba8_to(m, target, v, d, &h);
  } else if (type == TW_TYPE_FLOAT && how < 120) {
    float v;
    memcpy(&v, end, sizeof v);
    rc = tw_float_to(m, target, v, d, &h);
  } else if (type == TW_TYPE_INT && how < 120) {
    static const int ends[] = {0, 1, -1, 2147483647, -2147483647 - 1, 1000};
    rc = tw_int_to(m, target, ends[how % 6], d, &h);
  } else if (type == TW_TYPE_VEC3 && how < 120) {
    tw_vec3 v;
    memcpy(&v, end, sizeof v);
    rc = tw_vec3_to(m, target, v, d, &h);
  } else if (type == TW_TYPE_COLOR && how < 120) {
    tw_color v;
    memcpy(&v, end, sizeof v);
    rc = tw_color_to(m, target, v, d, &h);
  } else if (how >= 240 && how < 250) { /* a spring */
    tw_spring sp;
    tw_spring_init(&sp);
    sp.stiffness = time_arg() * 50;
    sp.damping = time_arg() * 5;
    sp.velocity = (double)(int8_t)byte() / 16;
    if (byte() & 1)
      RC(tw_spring_duration_bounce(&sp, d, (double)(int8_t)byte() / 128));
    rc = tw_spring_to(m, type, target, end, &sp, &h);
  } else {
    rc = tw_to(m, type, target, how == 255 ? NULL : end, d, &h);
  }
  RC(rc);
  if (rc == 0) {
    if (nested == before && !(may_fail && setter_fail)) {
      /* else the warning hook, or a failing setter, may have killed it */
      CHECK(tw_is_active(m, h) == 1);
      CHECK(tw_is_complete(m, h) == 0);
    }
    remember(h);
  } else {
    CHECK(rc == TW_EINVAL || rc == TW_ETYPE || rc == TW_ENOMEM ||
          rc == TW_ELIMIT || rc == TW_EBUSY);
  }
}

/* ------------------------------------------------------------------ */
/* choreography: stagger, labels, loop delay, yoyo ease, snap, additive,
 * punch, shake, paths                                                 */

/* The targets of punches, shakes and paths: no other operation writes
 * them, so what they hold is the choreography's alone.  Slot s is type
 * s / NCHOR (float, vec2, vec3, vec4), target s % NCHOR. */
#define NCHOR 4
#define NSLOT (4 * NCHOR)
static float cf_t[NCHOR];
static tw_vec2 cv2_t[NCHOR];
static tw_vec3 cv3_t[NCHOR];
static tw_vec4 cv4_t[NCHOR];

static void ctrace(const char *what, int rc) {
  if (trace > 0)
    fprintf(stderr, "%*s%s: %d\n", 2 * depth + 2, "", what, rc);
}

static void *slot_ptr(int s) {
  int k = s % NCHOR;

  switch (s / NCHOR) {
  case 0:
    return &cf_t[k];
  case 1:
    return &cv2_t[k];
  case 2:
    return &cv3_t[k];
  default:
    return &cv4_t[k];
  }
}

static unsigned slot_floats(int s) { return (unsigned)(s / NCHOR) + 1; }

static int slot_type(int s) {
  static const int t[] = {TW_TYPE_FLOAT, TW_TYPE_VEC2, TW_TYPE_VEC3,
                          TW_TYPE_VEC4};
  return t[s / NCHOR];
}

/* the choreography's tweens: what the checks at their end need */
enum { K_PUNCH = 1, K_SHAKE, K_PATH };
#define NCHT 32
static struct cht {
  tw_handle h;
  int slot, kind;
  int checked;   /* 0: another tween shares the slot, or a value changed */
  int additive;  /* set additive */
  int loops, lt; /* loops and loop type set */
  int started;   /* START seen: start holds the target's value then */
  float start[4];
  float first[3], end[3]; /* a path's first point and its end */
  int moderate;           /* a path whose points are all moderate */
} cht[NCHT];
static int ncht;

static struct cht *cht_of(tw_handle h) {
  int i;

  for (i = 0; i < ncht; i++)
    if (cht[i].h.index == h.index && cht[i].h.gen == h.gen)
      return &cht[i];
  return NULL;
}

/* A setting of values (from, change_*, retarget, a keyframe curve, snap)
 * on h: its end is no longer the one the header describes (its values
 * must still be finite). */
static void chor_touch(tw_handle h) {
  struct cht *c = cht_of(h);

  if (c != NULL)
    c->checked = 0;
}

static void chor_loops(tw_handle h, int loops, int lt) {
  struct cht *c = cht_of(h);

  if (c != NULL) {
    c->loops = loops;
    c->lt = lt;
  }
}

static void chor_start(tw_manager *mm, tw_handle h, void *ud) {
  struct cht *c = cht_of(h);

  if (c != NULL && !c->started) {
    memcpy(c->start, slot_ptr(c->slot), slot_floats(c->slot) * sizeof(float));
    c->started = 1;
  }
  on_event(mm, h, ud);
}

/* At COMPLETE a punch or a shake sits exactly on its start, a path on its
 * end (its last point, its first closed; the first after an even number of
 * yoyo loops) when nothing else wrote the slot. */
static void chor_complete(tw_manager *mm, tw_handle h, void *ud) {
  struct cht *c = cht_of(h);

  if (c != NULL)
    ctrace(c->checked ? "complete, checked" : "complete, unchecked",
           c->started);
  if (c != NULL && c->checked) {
    const float *v = slot_ptr(c->slot);
    unsigned n = slot_floats(c->slot), i;

    if ((c->kind == K_PUNCH || c->kind == K_SHAKE) && c->started) {
      for (i = 0; i < n; i++)
        if (memcmp(&v[i], &c->start[i], sizeof(float)) != 0) {
          fprintf(stderr, "fuzz: %s ends at %.9g, started at %.9g\n",
                  c->kind == K_PUNCH ? "punch" : "shake", (double)v[i],
                  (double)c->start[i]);
          CHECK(!"a punch or a shake ends on its start");
        }
    } else if (c->kind == K_PATH && !c->additive) {
      const float *e =
          c->lt == TW_LOOP_YOYO && c->loops % 2 == 0 ? c->first : c->end;
      for (i = 0; i < n; i++)
        if (memcmp(&v[i], &e[i], sizeof(float)) != 0) {
          fprintf(stderr, "fuzz: path ends at %.9g, not %.9g\n", (double)v[i],
                  (double)e[i]);
          CHECK(!"a path ends on its end");
        }
    }
  }
  on_event(mm, h, ud);
}

/* A new choreography tween on slot s: it and every live one on the slot
 * share it. */
static void chor_new(tw_handle h, int s, int kind, int moderate) {
  struct cht *c;
  int i, shared = 0;

  for (i = 0; i < ncht; i++)
    if (cht[i].slot == s && tw_is_active(m, cht[i].h) == 1) {
      cht[i].checked = 0;
      shared = 1;
    }
  (void)moderate;
  if (ncht < NCHT) {
    c = &cht[ncht++];
  } else { /* reuse a dead one, else the first */
    c = &cht[0];
    for (i = 0; i < NCHT; i++)
      if (tw_is_active(m, cht[i].h) != 1) {
        c = &cht[i];
        break;
      }
  }
  memset(c, 0, sizeof *c);
  c->h = h;
  c->slot = s;
  c->kind = kind;
  c->checked = !shared;
  c->loops = 1;
  c->lt = TW_LOOP_RESTART;
  c->moderate = moderate;
  RC(tw_on(m, h, TW_ON_START, chor_start,
           (void *)(uintptr_t)(TW_ON_START + 1)));
  RC(tw_on(m, h, TW_ON_COMPLETE, chor_complete,
           (void *)(uintptr_t)(TW_ON_COMPLETE + 1)));
  remember(h);
}

/* every slot holds finite values, whatever finite values the tweens on it
 * were given (huge ones saturate at FLT_MAX) */
static void chor_finite(void) {
  int s;
  unsigned i;

  for (s = 0; s < NSLOT; s++) {
    const float *v = slot_ptr(s);
    for (i = 0; i < slot_floats(s); i++)
      if (!(fabsf(v[i]) <= FLT_MAX)) {
        fprintf(stderr, "fuzz: slot %d component %u is %g\n", s, i,
                (double)v[i]);
        CHECK(!"finite input, finite values");
      }
  }
}

/* a component of an amount or a point: moderate ones mostly, then zero,
 * negative, huge, NaN and infinite */
static float comp_arg(int *moderate) {
  static const float t[] = {
      0.0f,  1.0f,   -1.0f, 0.5f,  100.0f, -250.0f,  1e-30f,    3.0f,
      1e18f, -1e18f, 1e30f, 3e38f, NAN,    INFINITY, -INFINITY, -3.4e38f};
  uint8_t b = byte();
  float f;

  if (b < 128)
    return (float)(int8_t)byte() / 8.0f;
  f = t[b % 16];
  if (!(fabsf(f) <= 1e18f))
    *moderate = 0;
  return f;
}

static int chor_slot(int vec_only) {
  int s = byte() % NSLOT;

  return vec_only ? NCHOR + s % (2 * NCHOR) : s; /* vec2 or vec3 */
}

/* What a refused creation must leave: no tween more, the target as it was */
static size_t live_now(void) {
  tw_stats st;

  CHECK(tw_manager_stats(m, &st) == 0);
  return st.live;
}

static void chor_wobble(void) {
  float amount[4];
  int s = chor_slot(0), moderate = 1, rc, before = nested, type;
  double d = span_arg();
  int vibrato;
  unsigned i;
  uint8_t how = byte();
  tw_handle h = {0, 0};
  float old[4];
  size_t live = live_now();
  void *target = how & 64 ? NULL : slot_ptr(s);

  for (i = 0; i < 4; i++)
    amount[i] = comp_arg(&moderate);
  {
    static const int vib[] = {10, 0, 1, 2, 30, -1, 1000000, 2147483647};
    vibrato = vib[byte() % 8];
  }
  type = how & 32 ? (how & 16 ? TW_TYPE_DOUBLE : TW_TYPE_COLOR) : slot_type(s);
  memset(old, 0, sizeof old);
  memcpy(old, slot_ptr(s), slot_floats(s) * sizeof(float));
  if (how & 1) {
    static const double el[] = {1, 0, 0.5, -0.1, 1.5, NAN, INFINITY, 1e-300};
    rc = tw_punch(m, type, target, how & 128 ? NULL : amount, d, vibrato,
                  el[byte() % 8], &h);
  } else {
    static const double ra[] = {90, 0, 180, 45, -1, 181, NAN, INFINITY};
    rc = tw_shake(m, type, target, how & 128 ? NULL : amount, d, vibrato,
                  ra[byte() % 8], u32(), byte() & 1, &h);
  }
  ctrace(how & 1 ? "punch" : "shake", rc);
  RC(rc);
  if (rc == 0) {
    CHECK(target != NULL && !(how & 128) && type == slot_type(s));
    if (nested == before) {
      CHECK(tw_is_active(m, h) == 1);
      CHECK(tw_is_complete(m, h) == 0);
    }
    chor_new(h, s, how & 1 ? K_PUNCH : K_SHAKE, moderate);
  } else {
    /* TW_ESTALE: the warning hook, run by the growth the creation made,
     * killed the new tween (tween.h does not list it) */
    CHECK(rc == TW_EINVAL || rc == TW_ETYPE || rc == TW_EUNSUPPORTED ||
          rc == TW_ENOMEM || rc == TW_ELIMIT || rc == TW_EBUSY ||
          (rc == TW_ESTALE && nested != before));
    if (type != slot_type(s))
      CHECK(rc == TW_ETYPE || rc == TW_EUNSUPPORTED);
    else if (target == NULL || (how & 128) || !(d >= 0 && d <= DBL_MAX) ||
             vibrato < 0)
      CHECK(rc == TW_EINVAL);
    if (nested == before) /* refused: nothing made, nothing written */
      CHECK(live_now() == live &&
            memcmp(old, slot_ptr(s), slot_floats(s) * sizeof(float)) == 0);
  }
}

static void chor_path(void) {
  float pts[8 * 3];
  int s = chor_slot(1), moderate = 1, rc, before = nested, huge;
  unsigned dims = slot_floats(s), i;
  size_t n = byte() % 9, live = live_now();
  uint8_t how = byte();
  int kind = how % 4 | (how & 4 ? TW_PATH_CLOSED : 0) |
             (how & 8 ? TW_PATH_CONSTANT_SPEED : 0) | (how == 255 ? 64 : 0);
  int type = how & 16 && how & 32 ? TW_TYPE_VEC4 : slot_type(s);
  double d = span_arg();
  int closed = (kind & TW_PATH_CLOSED) != 0, finite = 1;
  tw_handle h = {0, 0};
  float old[4];
  void *target = how & 64 && how & 128 ? NULL : slot_ptr(s);

  for (i = 0; i < n * dims; i++) {
    uint8_t b = byte();
    if (b < 160 && i >= dims) /* mostly near the point before */
      pts[i] = pts[i - dims] + (float)(int8_t)b / 16.0f;
    else
      pts[i] = comp_arg(&moderate);
    if (!(fabsf(pts[i]) <= FLT_MAX))
      finite = 0;
  }
  memcpy(old, slot_ptr(s), sizeof(float) * dims);
  /* now and then a count past what a path takes (SIZE_MAX / 192): refused
   * before a point is read, so the 8 here are enough */
  huge = n == 8 && (byte() & 7) == 0;
  rc = tw_path(m, type, target, n > 0 && how != 254 ? pts : NULL,
               huge ? ((size_t)-1) / 192 + 1 + byte() % 3 : n,
               (tw_path_kind)kind, d, &h);
  ctrace("path", rc);
  RC(rc);
  if (rc == 0) {
    struct cht *c;
    int k = kind & 15;
    CHECK(type == slot_type(s) && target != NULL && finite && how != 254 &&
          !huge);
    CHECK(d >= 0 && d <= DBL_MAX);
    CHECK(k <= TW_PATH_BEZIER && kind < 64);
    CHECK(k == TW_PATH_BEZIER
              ? (closed ? n >= 3 && n % 3 == 0 : n >= 4 && n % 3 == 1)
              : n >= 2);
    if (nested == before) {
      CHECK(tw_is_active(m, h) == 1);
      CHECK(tw_is_complete(m, h) == 0);
    }
    chor_new(h, s, K_PATH, moderate);
    c = cht_of(h);
    if (c != NULL) {
      memcpy(c->first, pts, dims * sizeof(float));
      memcpy(c->end, closed ? pts : pts + (n - 1) * dims, dims * sizeof(float));
    }
  } else {
    CHECK(rc == TW_EINVAL || rc == TW_ETYPE || rc == TW_EUNSUPPORTED ||
          rc == TW_ENOMEM || rc == TW_ELIMIT || rc == TW_EBUSY ||
          (rc == TW_ESTALE && nested != before)); /* see chor_wobble */
    if (type != slot_type(s))
      CHECK(rc == TW_ETYPE || rc == TW_EUNSUPPORTED);
    else if (!finite || n < 2 || target == NULL || kind % 16 > 2 || huge)
      CHECK(rc == TW_EINVAL);
    if (nested == before)
      CHECK(live_now() == live &&
            memcmp(old, slot_ptr(s), sizeof(float) * dims) == 0);
  }
}

static tw_handle pick_chor_handle(void) {
  if ((byte() & 1) && ncht > 0)
    return cht[byte() % ncht].h;
  return pick_handle();
}

/* the settings: loop delay, yoyo ease, snap, additive */
static void chor_setting(void) {
  tw_handle h = pick_chor_handle();
  uint8_t what = byte();
  int active = tw_is_active(m, h), p = tw_is_playing(m, h), rc;
  int live = active == 1 && (p == 0 || p == 1); /* not a child */
  double before = -1, after = -1, t;

  switch (what % 4) {
  case 0:
    t = time_arg();
    RC(tw_duration(m, h, 1, &before));
    rc = tw_set_loop_delay(m, h, t);
    RC(rc);
    if (!(t >= 0 && t <= DBL_MAX))
      CHECK(rc != 0);
    if (rc != 0) { /* refused: nothing changes */
      RC(tw_duration(m, h, 1, &after));
      CHECK(memcmp(&before, &after, sizeof before) == 0);
    }
    break;
  case 1: {
    int e = (int)(int8_t)byte() % (TW_EASE_COUNT + 4);
    rc = tw_set_yoyo_ease(m, h, (tw_ease)e);
    RC(rc);
    if (e < -1 || e >= TW_EASE_COUNT) {
      CHECK(rc != 0);
      if (live)
        CHECK(rc == TW_EEASE);
    }
    break;
  }
  case 2: {
    static const double st[] = {0,  1,   0.5,      0.25,  10,     1e-9,
                                -1, NAN, INFINITY, 1e30,  3.4e38, 1e300,
                                2,  0.1, -0.0,     1e-300};
    t = st[byte() % 16];
    rc = tw_set_snap(m, h, t);
    RC(rc);
    if (!(t >= 0 && t <= DBL_MAX))
      CHECK(rc != 0);
    if (rc == 0 && t != 0)
      chor_touch(h); /* snapped: not exactly the start or the end */
    break;
  }
  default: {
    int on = byte() & 1;
    rc = tw_set_additive(m, h, on);
    RC(rc);
    if (rc == 0) {
      struct cht *c = cht_of(h);
      if (c != NULL)
        c->additive = on;
    }
    break;
  }
  }
  ctrace(what % 4 == 0   ? "loop_delay"
         : what % 4 == 1 ? "yoyo_ease"
         : what % 4 == 2 ? "snap"
                         : "additive",
         rc);
}

static const char *label_name(char *buf) {
  static const char *names[] = {"a", "b", "intro", "", NULL, "zz-never-added"};
  uint8_t b = byte();

  if (b < 200) {
    strcpy(buf, names[b % 6] == NULL ? "a" : names[b % 6]);
    return b % 6 == 4 ? NULL : buf;
  }
  memset(buf, 'x', 200); /* a long one */
  buf[200] = '\0';
  return buf;
}

static void chor_label(void) {
  char buf[256], copy[256];
  tw_handle s = pick_handle();
  const char *name = label_name(buf);
  uint8_t what = byte();
  double at = -7, at2 = -7;
  int rc, r0, seq = tw_is_sequence(m, s) == 1;

  if (name != NULL)
    strcpy(copy, name);
  switch (what % 5) {
  case 0: {
    double t = span_arg();
    if (name != NULL && strcmp(copy, "zz-never-added") ==
                            0) { /* never added: it stays the unknown name */
      strcpy(buf, "a");
      strcpy(copy, "a");
    }
    r0 = tw_seq_label_at(m, s, name, &at);
    rc = tw_seq_add_label(m, s, name, t);
    RC(rc);
    if (!(t >= 0 && t <= DBL_MAX) || name == NULL || *copy == '\0' || !seq)
      CHECK(rc != 0);
    if (name != NULL)
      memset(buf, '?', strlen(copy)); /* the name was copied */
    if (rc == 0) {
      RC(tw_seq_label_at(m, s, copy, &at2));
      CHECK(at2 == t);
    } else if (name != NULL) { /* refused: the label is as it was */
      rc = tw_seq_label_at(m, s, copy, &at2);
      CHECK(rc == r0);
      if (rc == 0)
        CHECK(at2 == at);
    }
    break;
  }
  case 1:
    rc = tw_seq_label_at(m, s, name, &at);
    RC(rc);
    if (rc == 0)
      CHECK(at >= 0 && at <= DBL_MAX && seq);
    if (name != NULL && strcmp(copy, "zz-never-added") == 0)
      CHECK(rc != 0 && (!seq || rc == TW_EINVAL));
    break;
  case 2: {
    tw_handle c = pick_handle();
    double off = byte() & 1 ? -time_arg() : span_arg();
    rc = tw_seq_insert_at_label(m, s, name, off, c);
    RC(rc);
    if (name != NULL && strcmp(copy, "zz-never-added") == 0)
      CHECK(rc != 0);
    if (rc == 0) {
      add_child(c);
      CHECK(tw_is_active(m, c) == 1);
      CHECK(tw_is_playing(m, c) == TW_ENESTED);
    }
    break;
  }
  case 3:
    rc = tw_goto_label(m, s, name, byte() & 1);
    RC(rc);
    break;
  default: { /* a prepended interval moves the label later by it */
    double d = span_arg();
    r0 = tw_seq_label_at(m, s, name, &at);
    rc = tw_seq_prepend_interval(m, s, d);
    RC(rc);
    if (r0 == 0 && rc == 0) {
      CHECK(tw_seq_label_at(m, s, name, &at2) == 0);
      CHECK(at2 >= at && fabs(at2 - (at + d)) <= 1e-9 * (at + d));
    }
    break;
  }
  }
  ctrace(what % 5 == 0   ? "add_label"
         : what % 5 == 1 ? "label_at"
         : what % 5 == 2 ? "insert_at_label"
         : what % 5 == 3 ? "goto_label"
                         : "prepend, label",
         rc);
}

static void chor_stagger(void) {
  tw_handle s = pick_handle(), kids[8];
  int nestedb[8], rc, before = nested, nokids;
  double atb[8], spanb[8], durb = -1, dura = -1;
  size_t n = byte() % 9, i, live = live_now();
  double at = byte() & 1 ? span_arg() : 0, each = span_arg();
  int from = byte() % 7 - 1;
  uint32_t seed = u32();
  uint8_t how = byte();

  if (how & 1)
    each = -each;
  for (i = 0; i < n; i++) {
    kids[i] =
        i > 0 && (how & 2) && byte() < 32 ? kids[byte() % i] : pick_handle();
    nestedb[i] = tw_is_playing(m, kids[i]) == TW_ENESTED;
    atb[i] = spanb[i] = -1;
    (void)tw_seq_child_at(m, kids[i], &atb[i], &spanb[i]);
  }
  RC(tw_duration(m, s, 1, &durb));
  nokids = (how & 4) && n > 0 && byte() < 16;
  rc = tw_seq_stagger(m, s, nokids ? NULL : kids, n, at, each,
                      (tw_stagger_from)from, seed);
  ctrace("stagger", rc);
  RC(rc);
  if (nokids)
    CHECK(rc != 0);
  if (n > 0 &&
      (!(at >= 0 && at <= DBL_MAX) || !(each >= 0 && each <= DBL_MAX) ||
       from < 0 || from > TW_STAGGER_RANDOM))
    CHECK(rc != 0);
  if (nested != before)
    return;
  if (rc != 0) { /* refused: nothing changes */
    RC(tw_duration(m, s, 1, &dura));
    CHECK(memcmp(&durb, &dura, sizeof durb) == 0);
    CHECK(live_now() == live);
    for (i = 0; i < n; i++) {
      double a = -1, sp = -1;
      CHECK((tw_is_playing(m, kids[i]) == TW_ENESTED) == nestedb[i]);
      (void)tw_seq_child_at(m, kids[i], &a, &sp);
      CHECK(memcmp(&a, &atb[i], sizeof a) == 0 &&
            memcmp(&sp, &spanb[i], sizeof sp) == 0);
    }
    return;
  }
  for (i = 0; i < n; i++) {
    double a = -1, sp = -1;
    add_child(kids[i]);
    CHECK(tw_is_active(m, kids[i]) == 1);
    CHECK(tw_is_playing(m, kids[i]) == TW_ENESTED);
    CHECK(tw_seq_child_at(m, kids[i], &a, &sp) == 0);
    if (from == TW_STAGGER_START || from == TW_STAGGER_END) {
      double k = (double)(from == TW_STAGGER_START ? i : n - 1 - i);
      double want = at + k * each;
      CHECK(fabs(a - want) <= 1e-9 * want);
    }
  }
}

static void chor_tangent(void) {
  tw_handle h = pick_chor_handle();
  struct cht *c = cht_of(h);
  float out[4] = {-7, -7, -7, -7};
  int rc = tw_path_tangent(m, h, byte() < 8 ? NULL : out);
  unsigned i, dims;
  double len = 0;

  RC(rc);
  if (rc != 0 || c == NULL)
    return;
  CHECK(c->kind == K_PATH);
  dims = slot_floats(c->slot);
  CHECK(out[3] == -7 && (dims == 3 || out[2] == -7));
  for (i = 0; i < dims; i++)
    len += (double)out[i] * out[i];
  for (i = 0; i < dims; i++)
    CHECK(out[i] == out[i]);
  CHECK(len == 0 || fabs(sqrt(len) - 1) <= 1e-3); /* a unit vector, or 0 */
}

static void chor_op(void) {
  switch (byte() % 8) {
  case 0:
  case 1:
    chor_wobble();
    break;
  case 2:
    chor_path();
    break;
  case 3:
    chor_stagger();
    break;
  case 4:
  case 5:
    chor_label();
    break;
  case 6:
    chor_setting();
    break;
  default:
    chor_tangent();
    break;
  }
}

static void set_something(void) {
  tw_handle h = pick_handle();
  uint8_t what = byte() % 12;
  int v = (int)(int8_t)byte();

  switch (what) {
  case 0:
    RC(tw_set_delay(m, h, time_arg()));
    break;
  case 1:
    if (v % 6 - 2 == -1 && flag_of(h, F_SPEED))
      break; /* see span_arg */
    {
      int lt = byte() % 5;
      if (tw_set_loops(m, h, v % 6 - 2, (tw_loop_type)lt) == 0) {
        chor_loops(h, v % 6 - 2, lt);
        if (v % 6 - 2 == -1)
          flag(h, F_INFINITE);
      }
    }
    break;
  case 2:
    RC(tw_set_ease(m, h, (tw_ease)(byte() % (TW_EASE_COUNT + 3))));
    break;
  case 3:
    RC(tw_set_autokill(m, h, v & 1));
    break;
  case 4:
    RC(tw_set_update_type(m, h, (tw_update_type)(byte() % 6)));
    break;
  case 5:
    RC(tw_set_independent(m, h, v & 1));
    break;
  case 6:
    RC(tw_set_id(m, h, v % 4));
    break;
  case 7:
    RC(tw_set_target(m, h, v & 1 ? NULL : &f_t[v & 3]));
    break;
  case 8:
    RC(tw_set_timescale(m, h, scale_arg()));
    break;
  case 9:
    RC(tw_set_recyclable(m, h, v & 1));
    break;
  default: {
    int ev = byte() % (TW_ON_COUNT + 2);
    RC(tw_on(m, h, (tw_event)ev, v & 1 ? NULL : on_event,
             (void *)(uintptr_t)(ev + 1)));
    break;
  }
  }
}

static double ease_user(double x, void *ud) {
  (void)ud;
  return x * x * (3 - 2 * x);
}

/* the controls added with sequences: one of them on a picked handle */
static void control(void) {
  tw_handle h = pick_handle();
  uint8_t what = byte();
  int rc;

  switch (what % 12) {
  case 0:
    rc = tw_toggle(m, h);
    break;
  case 1:
    rc = tw_restart(m, h, byte() & 1, byte() < 128 ? -1.0 : time_arg());
    break;
  case 2:
    rc = tw_rewind(m, h, byte() & 1);
    break;
  case 3:
    rc = tw_smooth_rewind(m, h);
    break;
  case 4:
    rc = tw_goto(m, h, time_arg(), byte() & 1);
    break;
  case 5:
    rc = tw_flip(m, h);
    break;
  case 6:
    rc = tw_play_forward(m, h);
    break;
  case 7:
    rc = tw_play_backwards(m, h);
    break;
  case 8:
    rc = tw_complete_silent(m, h);
    break;
  case 9:
    rc = tw_do_all(m, (tw_do)(byte() % (TW_DO_COUNT + 2)));
    break;
  case 10:
    rc = tw_do_id(m, byte() % 4, (tw_do)(byte() % (TW_DO_COUNT + 2)));
    break;
  default: {
    int ids[3];
    ids[0] = byte() % 4;
    ids[1] = byte() % 4;
    ids[2] = byte() % 4;
    rc = tw_kill_all_except(m, byte() & 1 ? ids : NULL, byte() % 4, byte() & 1);
    break;
  }
  }
  RC(rc);
}

/* value settings added with sequences: from, relative, speed, ease
 * variants, change_* */
static void set_more(void) {
  static unsigned char value[512]; /* two values of up to 256 bytes */
  tw_handle h = pick_handle();
  uint8_t what = byte();
  size_t i;

  for (i = 0; i < sizeof value; i++)
    value[i] = i < 32 ? byte() : value[i % 32];
  finite_values(value, sizeof value);
  switch (what % 13) { /* from, curves and changes of values: see chor_touch */
  case 0:
  case 7:
  case 8:
  case 9:
  case 12:
    chor_touch(h);
    break;
  default:
    break;
  }
  switch (what % 13) {
  case 0:
    RC(tw_set_from(m, h, byte() & 1 ? NULL : value));
    break;
  case 1:
    RC(tw_set_relative(m, h, byte() & 1));
    break;
  case 2:
    if (flag_of(h, F_INFINITE))
      break; /* see span_arg */
    if (tw_set_speed_based(m, h, 1) == 0)
      flag(h, F_SPEED);
    break;
  case 3:
    RC(tw_set_ease_params(m, h, time_arg(), time_arg()));
    break;
  case 4:
    RC(tw_set_ease_fn(m, h, byte() & 1 ? ease_user : NULL, NULL));
    break;
  case 5:
    RC(tw_set_ease_bezier(m, h, time_arg(), time_arg(), time_arg(),
                          time_arg()));
    break;
  case 6:
    RC(tw_set_ease_steps(m, h, (int)(int8_t)byte(), (tw_jump)(byte() % 5)));
    break;
  case 7: {
    tw_key keys[4];
    size_t n = byte() % 5, k;
    for (k = 0; k < 4; k++) {
      keys[k].time = (float)k / 3.0f + (byte() & 1 ? 0.0f : -0.5f);
      keys[k].value = (float)(int8_t)byte() / 64.0f;
      keys[k].in_tangent = (float)(int8_t)byte() / 32.0f;
      keys[k].out_tangent = (float)(int8_t)byte() / 32.0f;
    }
    RC(tw_set_ease_curve(m, h, byte() & 1 ? NULL : keys, n));
    break;
  }
  case 8:
    RC(tw_change_end(m, h, byte() & 1 ? NULL : value, byte() & 1));
    break;
  case 9:
    RC(tw_retarget(m, h, byte() & 1 ? value : NULL,
                   byte() & 1 ? -1.0 : time_arg()));
    break;
  case 10: {
    tw_handle w;
    RC(tw_set_overwrite(m, h, (tw_overwrite)(byte() % 3)));
    RC(tw_writer(m,
                 byte() & 1 ? (void *)&f_t[byte() % NTARGET]
                            : (void *)&d_t[byte() % NTARGET],
                 &w));
    break;
  }
  case 11:
    RC(tw_set_key(m, h, byte() & 1 ? NULL : &d_t[byte() % NTARGET]));
    break;
  default:
    if (byte() & 1)
      RC(tw_change_start(m, h, value));
    else
      RC(tw_change_values(m, h, value, byte() & 1 ? NULL : value + 256));
    break;
  }
}

static void on_seq_callback(tw_manager *mm, tw_handle h, void *ud) {
  on_event(mm, h, ud);
}

/* sequences: create one, or build one from picked handles */
static void sequence_op(void) {
  uint8_t what = byte();
  tw_handle s, c;
  int rc;

  if (what % 9 == 0) {
    rc = tw_sequence(m, &s);
    RC(rc);
    if (rc == 0)
      remember(s);
    else
      CHECK(rc == TW_ENOMEM || rc == TW_ELIMIT || rc == TW_EBUSY);
    return;
  }
  s = pick_handle();
  c = pick_handle();
  rc = 1;
  switch (what % 9) {
  case 1:
    rc = tw_seq_append(m, s, c);
    break;
  case 2:
    rc = tw_seq_join(m, s, c);
    break;
  case 3:
    rc = tw_seq_insert(m, s, span_arg(), c);
    break;
  case 4:
    rc = tw_seq_prepend(m, s, c);
    break;
  case 5:
    RC(tw_seq_append_interval(m, s, span_arg()));
    break;
  case 6:
    RC(tw_seq_prepend_interval(m, s, span_arg()));
    break;
  case 7:
    switch (byte() % 3) {
    case 0:
      RC(tw_seq_append_callback(m, s, on_seq_callback, NULL));
      break;
    case 1:
      RC(tw_seq_join_callback(m, s, byte() & 1 ? on_seq_callback : NULL, NULL));
      break;
    default:
      RC(tw_seq_insert_callback(m, s, span_arg(), on_seq_callback, NULL));
      break;
    }
    break;
  default: {
    double at = -1, span = -1;
    int r = tw_is_sequence(m, s);
    CHECK(r == 0 || r == 1 || r < 0);
    r = tw_seq_child_at(m, c, &at, &span);
    RC(r);
    if (r == 0)
      CHECK(at >= 0 && span >= 0);
    break;
  }
  }
  if (rc != 1) {
    RC(rc);
    if (rc == 0) {
      add_child(c);
      CHECK(tw_is_active(m, c) == 1);
      CHECK(tw_is_playing(m, c) == TW_ENESTED);
    }
  }
}

static void query(void) {
  tw_handle h = pick_handle();
  int a = tw_is_active(m, h), p = tw_is_playing(m, h), c = tw_is_complete(m, h);
  int l = tw_loops_done(m, h);
  double e = -1;
  int r = tw_elapsed(m, h, &e);
  tw_stats st;
  static tw_handle order[8192];

  CHECK(a == 0 || a == 1);
  if (a && p != TW_ENESTED) {
    CHECK(p == 0 || p == 1);
    CHECK(c == 0 || c == 1);
    CHECK(r == 0 && e >= 0);
    CHECK(l >= 0);
  } else if (a) { /* a sequence's child */
    CHECK(c == TW_ENESTED && r == TW_ENESTED && l == TW_ENESTED);
  } else {
    CHECK(p < 0 && p == c && c == r && r == l);
  }
  {
    double x;
    int n = -12345, rl = tw_loops_get(m, h, &n);
    RC(rl);
    if (rl == 0)
      CHECK((n == TW_LOOPS_INFINITE || n >= 1) && tw_loops(m, h) == n);
    else
      CHECK(n == -12345 && tw_loops(m, h) == rl);
    RC(tw_is_backwards(m, h));
    RC(tw_position(m, h, &x));
    RC(tw_elapsed_percentage(m, h, byte() & 1, &x));
    RC(tw_duration(m, h, byte() & 1, &x));
    RC(tw_delay(m, h, &x));
    RC(tw_elapsed_delay(m, h, &x));
    RC(tw_count(m, (tw_count_what)(byte() % 4)));
    RC(tw_find_id(m, byte() % 4, order, byte() % 8));
    RC(tw_find_target(m, &f_t[byte() & 3], order, byte() % 8));
    RC(tw_do_target(m, byte() & 1 ? NULL : &f_t[byte() & 3],
                    (tw_do)(byte() % TW_DO_COUNT)));
  }
  CHECK(tw_manager_stats(m, &st) == 0);
  CHECK(tw_manager_order(m, order, sizeof order / sizeof *order) >= 0);
  if (byte() < 8 && devnull != NULL)
    CHECK(tw_manager_dump(m, devnull) == 0);
  CHECK(tw_type_size(m, TW_TYPE_VEC3) == (int)sizeof(tw_vec3));
  { /* the eases for a program's values: finite whatever the input */
    double x = time_arg(), a = time_arg(), b = time_arg();
    int e = (int)(int8_t)byte();
    double y = tw_ease_eval((tw_ease)e, x, a, b);
    CHECK(y - y == 0);
    y = tw_ease_eval_bezier(a, b, x, a, b);
    CHECK(y - y == 0);
    y = tw_ease_eval_steps(e, (tw_jump)(byte() % 5), x);
    CHECK(y >= 0 && y <= 1);
  }
}

/* snapshots: one buffer, the manager (its instance) it came from, and
 * what this program knows of its tweens then, which a restore brings back
 * as the program's own state */
static unsigned char snap_buf[1 << 16], snap_mut[1 << 16], snap_a[1 << 16],
    snap_b[1 << 16];
static size_t snap_len;
static unsigned snap_of, managers; /* the manager instance that wrote it */
static struct {
  struct cht cht[NCHT];
  int ncht, nchildren;
  tw_handle children[NCHILD];
  float cf[NCHOR]; /* the choreography targets, which the checks read */
  tw_vec2 cv2[NCHOR];
  tw_vec3 cv3[NCHOR];
  tw_vec4 cv4[NCHOR];
} snap_prog;

/* The program's state at a snapshot, and back at its restore, as a
 * rollback program keeps its own with the manager's: the shadows of the
 * checks and the targets they read (an additive tween adds to its
 * target as it finds it, tween.h, so its checks hold only when the
 * target comes back with the manager). */
static void prog_save(void) {
  memcpy(snap_prog.cht, cht, sizeof cht);
  snap_prog.ncht = ncht;
  memcpy(snap_prog.children, children, sizeof children);
  snap_prog.nchildren = nchildren;
  memcpy(snap_prog.cf, cf_t, sizeof cf_t);
  memcpy(snap_prog.cv2, cv2_t, sizeof cv2_t);
  memcpy(snap_prog.cv3, cv3_t, sizeof cv3_t);
  memcpy(snap_prog.cv4, cv4_t, sizeof cv4_t);
}

static void prog_load(void) {
  memcpy(cht, snap_prog.cht, sizeof cht);
  ncht = snap_prog.ncht;
  memcpy(children, snap_prog.children, sizeof children);
  nchildren = snap_prog.nchildren;
  memcpy(cf_t, snap_prog.cf, sizeof cf_t);
  memcpy(cv2_t, snap_prog.cv2, sizeof cv2_t);
  memcpy(cv3_t, snap_prog.cv3, sizeof cv3_t);
  memcpy(cv4_t, snap_prog.cv4, sizeof cv4_t);
}

/* The manager's state as a snapshot into out (0 when it does not fit):
 * two equal snapshots are the same state. */
static size_t state_of(unsigned char *out) {
  size_t used = 0;

  return tw_snapshot(m, out, sizeof snap_a, &used) == 0 ? used : 0;
}

/* Whether the word at byte w of part p of snapshot buf holds no number
 * of the library's: a pointer it calls or hands to the program's code (a
 * setter, a getter, a callback and its data, an ease's function, which
 * shares its place with the other eases' data, a child's target).  A
 * forged one is the program's own doing, not a number the restore can
 * check; every other word is one. */
static int not_a_number(const tw__part *p, size_t w) {
  size_t in = w - p->at;

#define OVER(type, field, n)                                                   \
  (in < offsetof(type, field) + (n) && offsetof(type, field) < in + 8)
  if (p->kind == TW__PART_RECORD)
    return OVER(tw__record, set, sizeof(tw_setter_fn)) ||
           OVER(tw__record, get, sizeof(tw_getter_fn)) ||
           OVER(tw__record, cb, sizeof(tw__cb) * TW_ON_COUNT) ||
           OVER(tw__record, ex, sizeof(((tw__record *)0)->ex));
  if (p->kind == TW__PART_ITEMS) {
    in %= sizeof(tw__item);
    return OVER(tw__item, fn, sizeof(tw_callback)) ||
           OVER(tw__item, ud, sizeof(void *)) ||
           (in < offsetof(tw__item, hot) + offsetof(tw__hot, target) +
                     sizeof(void *) &&
            offsetof(tw__item, hot) + offsetof(tw__hot, target) < in + 8);
  }
#undef OVER
  return 0;
}

/* Forges the snapshot of n bytes at buf as a program could, past its
 * checksum: one number (a word whole or half of one: NaN, the infinities,
 * negative, -0.0, the largest, denormal, huge, all ones) of a record, of a
 * top-level tween's columns or of what follows them (the key index's clocks and
 * stamps, the trailer), then the checksum computed afresh
 * (tw__test_snapshot_seal), so that what the restore meets is its per-field
 * checks.  0 if there was no number to forge. */
static int forge(unsigned char *buf, size_t n) {
  static const uint64_t words[] = {
      0x7ff8000000000000u,
      0x7ff0000000000000u,
      0xfff0000000000000u,
      0xbff0000000000000u,
      0x7e37e43c8800759cu,
      (uint64_t)1 << 62,
      ~(uint64_t)0,
      0,
      (uint64_t)1 << 63, /* -0.0 */
      0x7fefffffffffffffu,
      0xffefffffffffffffu, /* +-DBL_MAX */
      1,
      0x8000000000000001u, /* +-the least denormal */
      0x3ff0000000000000u,
      (uint64_t)1 << 32,
      0x7fffffffffffffffu};
  static const uint32_t halves[] = {
      0x7fc00000u, 0x7f800000u, 0xbf800000u, 0x7f7fffffu,
      0xffffffffu, 0x80000000u, 0x7fffffffu, 0,
      0xff800000u, 0xff7fffffu, 1,           0x80000001u,
      0x3f800000u, 0x00800000u, 0x4f000000u, 0xfffffffeu};
  static tw__part parts[1024];
  unsigned fail_at = a_fail_at, fail_every = a_fail_every;
  size_t calls = a_calls, np, top, j, w,
         extras = tw__test_snapshot_field(buf, n, 0, TW__SNAP_EXTRAS);
  uint8_t v = byte();
  int which;

  /* the parts, listed by a test hook that allocates: not a call of the
   * program's, so no failure injected into it (a failed listing made the
   * forge take a record, callback pointers and all, for what follows
   * the records, and forge a KILL callback the restore cannot check) */
  a_fail_at = a_fail_every = 0;
  np = m != NULL ? tw__test_snapshot_parts(m, buf, n, parts, 1024) : 0;
  a_fail_at = fail_at;
  a_fail_every = fail_every;
  a_calls = calls;

  if (np > 1024 || extras < 48 || (np == 0 && v >> 6 < 2))
    return 0;
  if (v >> 6 < 2) { /* a number of a record */
    j = u16() % np;
    w = parts[j].at + (u16() % ((parts[j].bytes + 7) / 8)) * 8;
    if (not_a_number(&parts[j], w))
      return 0;
  } else if (v >> 6 == 2) { /* of a top-level tween: its id, head, hot part */
    if ((extras - 48) / 48 == 0)
      return 0;
    j = u16() % ((extras - 48) / 48);
    which = u16() % 6;
    if (which == TW__SNAP_HOT + 2) /* its target */
      return 0;
    w = tw__test_snapshot_field(buf, n, j, which);
  } else { /* after the extras: the key index's clocks and stamps, the
              trailer */
    top = np > 0 ? parts[np - 1].at + ((parts[np - 1].bytes + 7) & ~(size_t)7)
                 : extras;
    if (top >= n)
      return 0;
    w = top + 8 * (u16() % ((n - top) / 8));
  }
  if (w < 48 || w + 8 > n)
    return 0;
  /* v's bits: 0 to 3 the number, 4 a half, 5 which half, 6 and 7 where */
  if (v & 16)
    memcpy(buf + w + 4 * (v >> 5 & 1), &halves[v % 16], 4);
  else
    memcpy(buf + w, &words[v % 16], 8);
  CHECK(tw__test_snapshot_seal(buf, n) == 0);
  return 1;
}

/* Inside a callback both calls are refused.  Else: a snapshot (into room
 * too small: TW_ERANGE, with the size needed), its restore (the same
 * manager: done, or TW_ENOMEM changing nothing; another manager's:
 * TW_EFOREIGN), or the restore of it damaged (bytes changed, cut short)
 * or forged (a number of a record changed, the checksum recomputed):
 * refused, changing nothing, or a valid manager, which the loop checks and
 * updates on. */
/* ------------------------------------------------------------------ */
/* interruption: quickTo, springs, retargets and staggers at hostile
 * magnitudes                                                          */

/* The targets of tw_go and the springs: the values that only they (and
 * whatever is done to their tweens) write, which must stay finite, as the
 * values they are given are. */
#define NGO 4
static float gf_t[NGO];
static double gd_t[NGO];
static tw_vec2 gv2_t[NGO];
static int gi_t[NGO];
static int go_ud[4] = {TW_TYPE_FLOAT, TW_TYPE_DOUBLE, TW_TYPE_VEC2,
                       TW_TYPE_INT};

/* finite, at the edges: +-0, denormals, 1e+-300, the largest and half
 * the largest of float and double, and moderate ones */
static double hostile_double(void) {
  static const double t[] = {0.0,   -0.0,   5e-324,      1e-300,
                             1e300, -1e300, DBL_MAX,     -DBL_MAX,
                             1e308, -1e308, FLT_MAX / 2, -FLT_MAX / 2,
                             3e38,  1e30,   1.0,         -1.0};
  uint8_t b = byte();

  return b < 96 ? (double)(int8_t)byte() / 4.0 : t[b % 16];
}

static float hostile_float(void) {
  static const float t[] = {
      0.0f,   -0.0f,   1e-45f,   1e-40f, FLT_MAX / 2, -FLT_MAX / 2,    3e38f,
      -3e38f, FLT_MAX, -FLT_MAX, 1e30f,  -1e30f,      1.17549435e-38f, 1.0f,
      -1.0f,  0.5f};
  uint8_t b = byte();

  return b < 96 ? (float)(int8_t)byte() / 4.0f : t[b % 16];
}

/* hostile times: -0.0, denormals, 1e-300, 1e300 and the bad ones */
static double hostile_time(void) {
  static const double t[] = {-0.0,  5e-324, 1e-300,  1e-9,
                             1e300, 1e301,  -1e-300, NAN};
  uint8_t b = byte();

  return b < 128 ? time_arg() : t[b % 8];
}

/* A finite hostile value of a go target's type into v. */
static void hostile_value(int type, unsigned char *v) {
  static const int ints[] = {0, 1, -1, INT32_MAX, INT32_MIN, 1000};
  float f[2];
  double d;
  int i;

  switch (type) {
  case TW_TYPE_FLOAT:
  case TW_TYPE_VEC2:
    f[0] = hostile_float();
    f[1] = hostile_float();
    memcpy(v, f, (type == TW_TYPE_FLOAT ? 1 : 2) * sizeof(float));
    break;
  case TW_TYPE_DOUBLE:
    d = hostile_double();
    memcpy(v, &d, sizeof d);
    break;
  default:
    i = ints[byte() % 6];
    memcpy(v, &i, sizeof i);
    break;
  }
}

/* A go target: its type and the pointer, and a finite hostile value of
 * that type in v. */
static int go_target(void **target, unsigned char *v, int *k) {
  static const int types_of[] = {TW_TYPE_FLOAT, TW_TYPE_DOUBLE, TW_TYPE_VEC2,
                                 TW_TYPE_INT};
  int which = byte() % 4;

  *k = byte() % NGO;
  *target = which == 0   ? (void *)&gf_t[*k]
            : which == 1 ? (void *)&gd_t[*k]
            : which == 2 ? (void *)&gv2_t[*k]
                         : (void *)&gi_t[*k];
  hostile_value(types_of[which], v);
  return types_of[which];
}

/* spring parameters, positive and finite at the edges mostly */
static void hostile_spring(tw_spring *sp) {
  static const double k[] = {100, 1e-300, 1e300, 5e-324, 1, 0.01, 1e150, -1};
  uint8_t b = byte();

  tw_spring_init(sp);
  if (b & 1)
    sp->stiffness = k[byte() % 8];
  if (b & 2)
    sp->damping = k[byte() % 8];
  if (b & 4)
    sp->mass = k[byte() % 8];
  if (b & 8)
    sp->velocity = hostile_double();
  if (b & 16)
    sp->epsilon = byte() & 1 ? 1e-300 : 0.5;
  if (b & 32) {
    tw_spring before = *sp;
    int rc = tw_spring_damping_ratio(sp, hostile_double());
    RC(rc);
    if (rc != 0)
      CHECK(memcmp(&before, sp, sizeof before) == 0);
  }
  if (b & 64) {
    tw_spring before = *sp;
    int rc = tw_spring_duration_bounce(sp, hostile_time(),
                                       (double)(int8_t)byte() / 100.0);
    RC(rc);
    if (rc != 0)
      CHECK(memcmp(&before, sp, sizeof before) == 0);
  }
}

static void go_setter_target(int type, int k, const void *value) {
  size_t n = (size_t)tw_type_size(m, type);

  switch (type) {
  case TW_TYPE_FLOAT:
    memcpy(&gf_t[k], value, n);
    break;
  case TW_TYPE_DOUBLE:
    memcpy(&gd_t[k], value, n);
    break;
  case TW_TYPE_VEC2:
    memcpy(&gv2_t[k], value, n);
    break;
  default:
    memcpy(&gi_t[k], value, n);
    break;
  }
}

/* A setter and a getter on the go targets: ud is go_ud[type index], the
 * target the one of index 0 of that type. */
static int go_setter(void *ud, const void *value) {
  go_setter_target(*(int *)ud, 0, value);
  if (byte() < 8)
    nested_op();
  return 0;
}

static void go_getter(void *ud, void *out) {
  int type = *(int *)ud;

  memcpy(out,
         type == TW_TYPE_FLOAT    ? (void *)&gf_t[0]
         : type == TW_TYPE_DOUBLE ? (void *)&gd_t[0]
         : type == TW_TYPE_VEC2   ? (void *)&gv2_t[0]
                                  : (void *)&gi_t[0],
         (size_t)tw_type_size(m, type));
  if (byte() < 8)
    nested_op();
}

static int *go_ud_of(int type) {
  return &go_ud[type == TW_TYPE_FLOAT    ? 0
                : type == TW_TYPE_DOUBLE ? 1
                : type == TW_TYPE_VEC2   ? 2
                                         : 3];
}

/* every go target holds a finite value */
static void go_finite(void) {
  int k;

  for (k = 0; k < NGO; k++)
    if (!(fabsf(gf_t[k]) <= FLT_MAX && fabs(gd_t[k]) <= DBL_MAX &&
          fabsf(gv2_t[k].x) <= FLT_MAX && fabsf(gv2_t[k].y) <= FLT_MAX)) {
      fprintf(stderr, "fuzz: go target %d: %g %g %g %g\n", k, (double)gf_t[k],
              gd_t[k], (double)gv2_t[k].x, (double)gv2_t[k].y);
      CHECK(!"finite ends, finite values");
    }
}

/* A tween of an interruption call: no infinite loops for it (its
 * duration may be 1e-300: see span_arg). */
static void go_made(tw_handle h) {
  flag(h, F_SPEED);
  remember(h);
}

static void interrupt_op(void) {
  static unsigned char v[256], vel[256]; /* the largest type registered */
  void *target;
  int k, type = go_target(&target, v, &k), rc, before = nested;
  uint8_t what = byte();
  tw_handle h = {0, 0};
  double d = hostile_time();
  int *ud = go_ud_of(type);
  int nullarg = byte() < 16;
  tw_spring sp;

  switch (what % 8) {
  case 0: /* tw_go */
    rc = tw_go(m, type, nullarg ? NULL : target, v, d, &h);
    if (nullarg || !(d >= 0 && d <= 1e300))
      CHECK(rc == TW_EINVAL);
    break;
  case 1: /* tw_go_fn: the setter's key is its ud */
    rc = tw_go_fn(m, type, nullarg && (byte() & 1) ? NULL : go_setter,
                  go_getter, nullarg ? NULL : ud, v, d, &h);
    if (nullarg || !(d >= 0 && d <= 1e300))
      CHECK(rc == TW_EINVAL);
    break;
  case 2: { /* tw_float_go */
    float f;
    memcpy(&f, v, sizeof f);
    rc = tw_float_go(m, nullarg ? NULL : &gf_t[k], f, d, &h);
    if (nullarg || !(d >= 0 && d <= 1e300))
      CHECK(rc == TW_EINVAL);
    break;
  }
  case 3: /* tw_spring_to_v (a velocity of the type) */
    hostile_spring(&sp);
    hostile_value(type, vel);
    rc = byte() & 1 ? tw_spring_to_v(m, type, target, v, &sp,
                                     byte() & 1 ? NULL : vel, &h)
                    : tw_spring_to_fn_v(m, type, go_setter, go_getter, ud, v,
                                        &sp, byte() & 1 ? NULL : vel, &h);
    break;
  case 4: /* tw_spring_go */
    hostile_spring(&sp);
    rc = byte() & 1 ? tw_spring_go(m, type, nullarg ? NULL : target, v, &sp, &h)
                    : tw_spring_go_fn(m, type, go_setter, go_getter,
                                      nullarg ? NULL : ud, v, &sp, &h);
    if (nullarg)
      CHECK(rc == TW_EINVAL);
    break;
  case 5: /* tw_retarget of any handle, to a hostile end */
    rc = tw_retarget(m, pick_handle(), v, byte() & 1 ? -1.0 : d);
    break;
  case 6: { /* tw_stagger_offsets: finite offsets or a refusal */
    tw_stagger st;
    double out[9];
    size_t n = byte() % 10, i;
    tw_stagger_init(&st);
    st.each = hostile_double();
    st.amount = byte() & 1 ? hostile_double() : 0;
    st.from = (tw_stagger_from)(byte() % 7);
    st.index = byte() % 10;
    st.seed = u32();
    st.cols = byte() % 4;
    st.rows = byte() % 4;
    st.axis = (tw_stagger_axis)(byte() % 4);
    st.ease = (tw_ease)(byte() % (TW_EASE_COUNT + 2));
    rc = tw_stagger_offsets(&st, n, n > 0 && nullarg ? NULL : out);
    if (rc == 0)
      for (i = 0; i < n; i++)
        CHECK(isfinite(out[i]));
    break;
  }
  default: { /* tw_seq_stagger_with at hostile times */
    tw_stagger st;
    tw_handle kids[4];
    size_t n = byte() % 5, i;
    tw_stagger_init(&st);
    st.each = byte() & 1 ? hostile_double() : span_arg();
    st.amount = byte() & 1 ? hostile_double() : 0;
    st.from = (tw_stagger_from)(byte() % 7);
    st.index = byte() % 5;
    st.seed = u32();
    st.cols = byte() % 3;
    st.ease = (tw_ease)(byte() % TW_EASE_COUNT);
    for (i = 0; i < n; i++)
      kids[i] = pick_handle();
    rc = tw_seq_stagger_with(m, pick_handle(), kids, n,
                             byte() & 1 ? hostile_time() : 0, &st);
    break;
  }
  }
  ctrace("interrupt", rc);
  RC(rc);
  if (rc == 0 && what % 8 <= 4) {
    if (nested == before) /* else a hook may have killed it */
      CHECK(tw_is_active(m, h) == 1);
    go_made(h);
  }
}

static void snapshot_op(void) {
  uint8_t b = byte();
  size_t need = 0, used = 0, cap, n, a, k;
  int rc, same;

  if (depth > 0) {
    CHECK(tw_snapshot(m, snap_a, sizeof snap_a, &used) == TW_EBUSY);
    CHECK(tw_restore(m, snap_buf, snap_len > 0 ? snap_len : 1) == TW_EBUSY);
    return;
  }
  CHECK(tw_snapshot_size(m, &need) == 0);
  if (b % 3 == 0) {
    cap = byte() < 32 ? (size_t)u16() % (need + 1) : sizeof snap_buf;
    rc = tw_snapshot(m, snap_buf, cap, &used);
    if (trace > 0)
      fprintf(stderr, "  snapshot cap %zu need %zu rc %d\n", cap, need, rc);
    CHECK(used == need);
    if (need <= cap) {
      CHECK(rc == 0);
      snap_len = used;
      snap_of = managers;
      prog_save();
    } else {
      CHECK(rc == TW_ERANGE);
      snap_len = 0;
    }
    return;
  }
  if (snap_len == 0) {
    CHECK(tw_restore(m, snap_buf, 0) == TW_EINVAL);
    return;
  }
  a = state_of(snap_a);
  n = snap_len;
  memcpy(snap_mut, snap_buf, n);
  if (b % 3 == 2) { /* damaged: bytes changed, or cut short; or forged */
    uint8_t how = byte();
    if (how & 1) {
      n = u16() % n;
    } else if (how & 2) {
      forge(snap_mut, n);
    } else {
      for (k = 1 + byte() % 4; k > 0; k--)
        snap_mut[u16() % n] ^= (unsigned char)(1 + byte() % 255);
    }
  }
  rc = tw_restore(m, snap_mut, n);
  same = n == snap_len && memcmp(snap_mut, snap_buf, n) == 0;
  if (trace > 0)
    fprintf(stderr, "  restore kind %d n %zu of %zu: rc %d same %d\n", b % 3, n,
            snap_len, rc, same);
  if (rc == 0) {
    /* the snapshot itself (its damage, if any, undone by a second
     * change at the same byte): the program's state comes back with the
     * manager's; a damaged buffer the checks could not tell from a
     * snapshot (two changes whose sums cancel): a valid manager, in a
     * state that the checks' shadows do not know */
    if (same) {
      if (snap_of != managers)
        CHECK(!"another manager's snapshot restored");
      prog_load();
    } else {
      for (k = 0; k < (size_t)ncht; k++)
        cht[k].checked = 0;
    }
    return;
  }
  CHECK(rc == TW_ENOMEM || rc == TW_EFOREIGN || rc == TW_EFORMAT ||
        rc == TW_ECORRUPT || (rc == TW_EINVAL && n == 0));
  if (b % 3 == 1 && rc != TW_ENOMEM)
    CHECK(rc == TW_EFOREIGN && snap_of != managers);
  if (a > 0) /* nothing changed */
    CHECK(state_of(snap_b) == a && memcmp(snap_a, snap_b, a) == 0);
}

static void new_manager(void) {
  tw_config c;
  uint8_t b = byte();

  tw_config_init(&c);
  c.tweens = (size_t)(b & 7) * (b & 8 ? 100 : 1);
  c.sequences = (size_t)(byte() % 4);
  c.max_tweens = b & 16 ? c.tweens + (size_t)(byte() % 8) : 0;
  c.pool_bound = (size_t)(byte() % 4);
  c.alloc = fz_alloc;
  c.warn = b & 32 ? warn_hook : tw_warn_silent;
  m = NULL;
  if (tw_manager_new(&c, &m) != 0)
    m = NULL;
  managers++;
  nhandles = 0;
  ntypes = 0;
  ncht = 0;
}

static void op(void) {
  uint8_t b = byte();
  tw_handle h;

  if (m == NULL)
    return;
  if (trace < 0)
    trace = getenv("FUZZ_TRACE") != NULL;
  if (trace)
    fprintf(stderr, "%*sop %d at byte %lu\n", 2 * depth, "", b % 32,
            (unsigned long)in_pos - 1);
  switch (b % 32) {
  case 0:
  case 1:
  case 2:
  case 3:
    create();
    break;
  case 4:
  case 5:
  case 6: {
    uint8_t t = byte();
    double dt = dt_arg();
    double udt = (t & 8) ? dt : dt_arg();
    int rc = tw_update(m, (tw_update_type)(t % 6), dt, udt);
    RC(rc);
    if (depth > 0)
      CHECK(rc == TW_EBUSY || rc == TW_EINVAL);
    break;
  }
  case 7:
    h = pick_handle();
    RC(tw_kill(m, h, byte() & 1));
    CHECK(tw_is_active(m, h) == 0 || tw_is_active(m, h) == 1);
    break;
  case 8:
    RC(tw_complete(m, pick_handle()));
    break;
  case 9:
    RC(tw_pause(m, pick_handle()));
    break;
  case 10:
    RC(tw_play(m, pick_handle()));
    break;
  case 11:
  case 12:
    set_something();
    break;
  case 13:
    RC(tw_kill_id(m, byte() % 4, byte() & 1));
    break;
  case 14:
    RC(tw_kill_target(m, byte() & 1 ? NULL : &f_t[byte() & 3], byte() & 1));
    break;
  case 15:
    if (byte() < 64)
      RC(tw_kill_all(m, byte() & 1));
    else if (byte() < 32)
      RC(tw_manager_clear(m));
    break;
  case 16: {
    static const size_t caps[] = {0, 1, 2, 5, 50, 200, 1000, 5000};
    size_t t = caps[byte() % 8], s = caps[byte() % 8];
    int rc = tw_manager_set_capacity(m, t, s);
    CHECK(rc == 0 || rc == TW_ERANGE || rc == TW_ELIMIT || rc == TW_ENOMEM ||
          rc == TW_EBUSY);
    break;
  }
  case 17:
    RC(tw_manager_set_timescale(m, scale_arg()));
    break;
  case 18:
    if (ntypes < MAXTYPES) {
      static const size_t sizes[] = {1, 4, 12, 16, 17, 32, 100, 256};
      size_t size = sizes[byte() % 8];
      int id,
          rc = tw_register_type(m, size, lerp, (void *)(uintptr_t)size, &id);
      if (rc == 0) {
        CHECK(tw_type_size(m, id) == (int)size);
        types[ntypes++] = id;
      } else {
        CHECK(rc == TW_ENOMEM);
      }
    }
    break;
  case 19:
    query();
    break;
  case 20: /* the allocator */
    b = byte();
    if (b < 128)
      a_fail_at = b % 16;
    else
      a_fail_every = (b & 3) == 0 ? 0 : 2 + b % 13;
    break;
  case 21:
    setter_fail = byte() & 1;
    break;
  case 22:
    RC(tw_manager_set_warn(m, byte() & 1 ? warn_hook : tw_warn_silent, NULL));
    break;
  case 23:
    chor_op();
    break;
  case 24:
  case 25:
    control();
    break;
  case 26:
    set_more();
    break;
  case 27:
  case 28:
    sequence_op();
    break;
  case 29:
    snapshot_op();
    break;
  case 30:
    interrupt_op();
    break;
  default:
    if (depth > 0) {
      CHECK(tw_manager_free(m) == TW_EBUSY);
    } else if (byte() < 16) {
      /* free and start again: every byte goes back */
      a_fail_at = a_fail_every = 0;
      CHECK(tw_manager_free(m) == 0);
      CHECK(a_live == 0 && a_blocks == 0);
      a_fail_at = byte() % 4; /* 1..3: tw_manager_new runs out of memory */
      new_manager();
      a_fail_at = 0;
      if (m == NULL)
        CHECK(a_live == 0 && a_blocks == 0);
    }
    break;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tw_stats st;

  in = data;
  in_len = size;
  in_pos = 0;
  a_calls = a_live = a_blocks = 0;
  a_fail_at = a_fail_every = 0;
  depth = nested = 0;
  setter_fail = 0;
  nchildren = 0;
  memset(hflags, 0, sizeof hflags);
  memset(f_t, 0, sizeof f_t);
  memset(d_t, 0, sizeof d_t);
  memset(i_t, 0, sizeof i_t);
  memset(big_t, 0, sizeof big_t);
  memset(cf_t, 0, sizeof cf_t);
  memset(cv2_t, 0, sizeof cv2_t);
  memset(cv3_t, 0, sizeof cv3_t);
  memset(cv4_t, 0, sizeof cv4_t);
  memset(gf_t, 0, sizeof gf_t);
  memset(gd_t, 0, sizeof gd_t);
  memset(gv2_t, 0, sizeof gv2_t);
  memset(gi_t, 0, sizeof gi_t);
  ncht = 0;
  snap_len = 0;
  if (devnull == NULL)
    devnull = fopen("/dev/null", "w");
  new_manager();
  while (in_pos < in_len && m != NULL) {
    op();
    if (m == NULL) /* recreated with a bad config or no memory */
      break;
    if (tw_manager_validate(m) != 0)
      tw_manager_dump(m, stderr);
    CHECK(tw_manager_validate(m) == 0);
    CHECK(tw_manager_stats(m, &st) == 0);
    CHECK(st.bytes == a_live);
    CHECK(depth == 0);
    chor_finite();
    go_finite();
  }
  if (m != NULL) {
    a_fail_at = a_fail_every = 0;
    CHECK(tw_manager_free(m) == 0);
    m = NULL;
  }
  CHECK(a_live == 0 && a_blocks == 0);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* The internal functions of libtween, floor by floor.  Not installed.
 *
 * The files of lib/ stand in floors, in the order of
 * lib_libtween_la_SOURCES in Makefile.am, which the amalgamation follows.
 * The rule: a file calls only the files before it in that order (the
 * floors below it, and the files before it in its own floor), so the
 * library reads bottom-up; but for two kinds of call, each named here:
 *
 *  - the inline headers.  storage.h and life.h stand at the head of their
 *    floors, since the files of the floor include them, and some of their
 *    inline functions end in an out-of-line slow path of a file of their
 *    own floor: storage.h's tw__slot_release in handle.c's
 *    tw__slot_release_slow, life.h's tw__kill in kill.c's
 *    tw__kill_recorded.  An inline function is compiled into the file that
 *    calls it, and each caller of these stands after the slow path's
 *    file, so the rule holds for every file's object;
 *  - the upward ties, calls from a file to one after it, each listed in a
 *    "tie:" line below, the caller's file, the callee's, and the
 *    functions: tw_update hands its pass to the parallel update when a
 *    hook is set.  The life floor reaches the features above it (a
 *    sequence's timeline, an additive retarget's value) through the
 *    manager's entries (tw__fx, tween-private.h), which their creations
 *    fill in: those are no calls, and no ties.
 *
 *    tie: update.c -> parallel.c tw__par_update
 *
 * tests/check-floors.sh (make check) reads the built objects with nm, in
 * this order, and fails on a call to a file after the caller's that is
 * not a tie listed here, and on a tie listed here that is not made.
 *
 * The floors:
 *
 *  1. ground: tween-private.h (the structs; choreo.h, the choreography
 *     part of a record; access.h, the inline accessors), this header,
 *     alloc.c, error.c, version.c;
 *  2. values and time shapes (their files' functions declared in
 *     values.h, which this header includes in the floor's place):
 *     types.c (the table of value types),
 *     spring.c (springs in closed form), pieces.c (the eases made of
 *     pieces: Bounce, Elastic, Flash, the spring ease), ease.c (DOTween's
 *     eases, one table), curves.c
 *     (CSS bezier and steps, keyframe curves), shape.c (where a tween is at
 *     a time: loop, position, fraction), wobble.c (values shaped: punch,
 *     shake, snapping, additive writes), path.c (paths);
 *  3. storage: storage.h (its inline helpers), handle.c (slots,
 *     generations), pool.c (records), keys.c (what a tween animates, and
 *     the index of keys, with chains.h, its chains' inline part),
 *     keycheck.c (the index's check), manager.c (the active array, compaction,
 *     capacity, the nested table); storage knows nothing of callbacks or
 *     time;
 *  4. one tween's life, the only floor that changes a tween's state and
 *     runs the program's code: life.h (the inline part of a kill), kill.c
 *     (the end: vacate, kill, dispose, overwrite),
 *     life.c (the protocol: start, step, fire, finish), moves.c (what a
 *     control does to one tween: pause, rewind, goto, complete...),
 *     retarget.c (a new end, with value and velocity kept; additive.h,
 *     the inline part of an additive one: its value and its step, which
 *     the update's loop of setter tweens takes too);
 *  5. drivers over it: timeline.c (driving and killing a sequence's
 *     children: the ties up from life.c and kill.c), update.c (the pass,
 *     with steps.h, the steps of its fast paths),
 *     parallel.c (the pass on the program's threads: the tie up from
 *     update.c), query.c, control.c (the controls),
 *     debug.c (validate, dump, order), tween.c (creation), settings.c,
 *     choreo.c (loop delay, yoyo ease, snapping, additive, punch and
 *     shake), sequence.c (building timelines, stagger), labels.c,
 *     motion.c (retarget and springs), snapshot and restore (snapshot.h,
 *     the image's format; snapshot.c, its sizes; snapwrite.c, the writer;
 *     snaprestore.h, a restore in progress; snapcheck.c, its check;
 *     snapalloc.c, its allocations; snapcommit.c, its commit and
 *     tw_restore; the functions they share are declared in those two
 *     headers), setup.c (a manager's public face: new, free, clear),
 *     threads.c (the ready pool, on POSIX threads where it is built; it
 *     calls nothing of the library). */
#ifndef TWEEN_FLOORS_H
#define TWEEN_FLOORS_H

/* Marks every internal declaration.  Empty in the library, where
 * -fvisibility=hidden keeps tw__ names out of the shared object; the
 * amalgamation defines it as `static`, and since a function's first
 * declaration gives its linkage, the definitions that follow become static
 * too (C99 6.2.2).  Test hooks exist only where TW__TEST_HOOKS is defined:
 * in the library, and in the amalgamation built for the tests. */
#ifndef TW__PRIVATE
#define TW__PRIVATE
#define TW__TEST_HOOKS 1 /* the library build: tests reach the hooks */
#endif

/* The internal functions below name a tween by its slot, since a callback
 * may move it in the array (outside an update pass) or grow the array. */

/* 1. ground */

/* alloc.c */
TW__PRIVATE void *tw__alloc(tw_manager *m, size_t n);
TW__PRIVATE void *tw__realloc(tw_manager *m, void *p, size_t old_n,
                              size_t new_n);
TW__PRIVATE void tw__free(tw_manager *m, void *p, size_t n);
/* n * size, or 0 when it would wrap size_t (no allocation is that big). */
TW__PRIVATE size_t tw__mul(size_t n, size_t size);
/* How far growth takes a buffer of cap elements that must hold need: cap,
 * or least if cap is smaller, doubled until it holds need; 0 if that would
 * pass most.  Every buffer of the library grows by it. */
TW__PRIVATE size_t tw__grown(size_t cap, size_t least, size_t need,
                             size_t most);
/* The default capacity of tweens (or sequences), up to the hard limit: the
 * first a manager takes when it asked for none. */
TW__PRIVATE size_t tw__cap_default(const tw_manager *m, int sequence);
/* Moves *buf, of *cap elements of `size` bytes, to a block of ncap of them
 * (from tw__grown; the new part not zeroed), for the tables whose counts
 * are 32-bit; TW_ENOMEM, ncap 0 included, leaves it as it was. */
TW__PRIVATE int tw__resize(tw_manager *m, void **buf, uint32_t *cap,
                           uint32_t ncap, size_t size);
/* Grows *buf, of *cap elements of `size` bytes, to hold `need` (doubling,
 * at least 8), its new part zeroed; TW_ENOMEM leaves it as it was. */
TW__PRIVATE int tw__room(tw_manager *m, void **buf, size_t *cap, size_t need,
                         size_t size);

/* error.c */
#ifdef TW_TERSE_ERRORS
/* The terse build (TW_TERSE_ERRORS defined where the library is built):
 * a refusal writes "fn: " and its code's tw_strerror text into m's detail
 * and returns code.  The sentence's format and its arguments stand only in
 * sizeof, never evaluated, so neither they nor the formatter reach the
 * object; the format is still checked.  tw__terse_args is never defined:
 * sizeof does not call it. */
int tw__terse_args(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
TW__PRIVATE int tw__fail_terse(const tw_manager *m, int code, const char *fn);
#define tw__fail(m, code, fn, ...)                                             \
  ((void)sizeof tw__terse_args(__VA_ARGS__), tw__fail_terse(m, code, fn))
#else
/* Writes the sentence of a refusal into m's detail, "fn: " and then fmt
 * with its arguments, as printf does (cut to fit), and returns code.  For
 * error paths only; m NULL writes nothing. */
TW__PRIVATE int tw__fail(const tw_manager *m, int code, const char *fn,
                         const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
#endif
/* fmt with its arguments into buf (size > 0 bytes, cut to fit and
 * ended), with the sentences' own formatter: no printf is linked for it.
 * A %g writes nothing here: numbers are a refusal's own, kept for
 * tw_last_error_detail to write in (error.c). */
TW__PRIVATE void tw__format(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The refusal of fn from the parallel-for hook during an update's
 * parallel phase (tw__door): TW_EBUSY, with its sentence. */
TW__PRIVATE int tw__busy(const tw_manager *m, const char *fn);
#ifndef TW_TERSE_ERRORS
/* tw__fail with its arguments in ap. */
TW__PRIVATE int tw__vfail(const tw_manager *m, int code, const char *fn,
                          const char *fmt, va_list ap);
#endif
/* The refusal of handle h by fn, of kind TW__DETAIL_* (its slot's
 * generation gen, for a stale one): keeps the numbers only, and
 * tw_last_error_detail writes the sentence when asked.  Returns code. */
TW__PRIVATE int tw__fail_handle(const tw_manager *m, int code, const char *fn,
                                int kind, tw_handle h, uint32_t gen);
/* Why the time t is refused, for a detail: "is negative", "is not a
 * number", "is infinite" or "is above 1e300" (cap: 0 for none). */
#ifdef TW_TERSE_ERRORS
#define tw__time_why(t, cap) "" /* only in a sentence: never evaluated */
#else
TW__PRIVATE const char *tw__time_why(double t, int cap);
#endif

/* 2. values and time shapes: declared in values.h */
#include "values.h"

/* 3. storage */

/* handle.c */
TW__PRIVATE int tw__slots_reserve(tw_manager *m);
/* tw__handle_err(m, h), with its sentence written for the call fn. */
TW__PRIVATE int tw__handle_fail(const tw_manager *m, tw_handle h,
                                const char *fn);
/* The refusal of a call fn whose arguments are bad: the handle's error if
 * it names no tween (it comes first: tw__handle_fail), else TW_EINVAL with
 * fmt and its arguments for its sentence. */
#ifdef TW_TERSE_ERRORS
TW__PRIVATE int tw__arg_fail_terse(const tw_manager *m, tw_handle h,
                                   const char *fn);
#define tw__arg_fail(m, h, fn, ...)                                            \
  ((void)sizeof tw__terse_args(__VA_ARGS__), tw__arg_fail_terse(m, h, fn))
#else
TW__PRIVATE int tw__arg_fail(const tw_manager *m, tw_handle h, const char *fn,
                             const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
#endif
/* tw__slot_take, tw__slot_release: inline, after this map */
/* tw__slot_release past gen_limit: slot s, its generation raised, skips
 * those it issued before a restore gave it an older one, and retires if
 * its generations are used up. */
TW__PRIVATE void tw__slot_release_slow(tw_manager *m, uint32_t s);
#ifdef TW__TEST_HOOKS
/* Test hook: set a free slot's generation (to force wrap-around). */
TW__PRIVATE int tw__test_set_generation(tw_manager *m, uint32_t slot,
                                        uint32_t gen);
#endif

/* pool.c */
TW__PRIVATE tw__record *tw__record_get(tw_manager *m, int type);
TW__PRIVATE void tw__record_put(tw_manager *m, tw__record *r);
TW__PRIVATE void tw__record_drop(tw_manager *m, tw__record *r);
TW__PRIVATE void tw__pool_drain(tw_manager *m);
/* Sets tw_manager.pool_most, the records the pool keeps at most:
 * tw_config.pool_bound, or (0) the tween capacity, TW_DEFAULT_TWEENS
 * while that is 0, as tween.h says.  Called whenever the capacity
 * changes. */
TW__PRIVATE void tw__pool_most(tw_manager *m);
/* A record of the type, zeroed but for its type and big values: NULL
 * without memory (restores). */
TW__PRIVATE tw__record *tw__record_new(tw_manager *m, int type);
/* A pooled record of the type as it was pooled, or NULL; unpop puts it
 * back where it was (restores, which may have to undo). */
TW__PRIVATE tw__record *tw__record_pop(tw_manager *m, int type);
TW__PRIVATE void tw__record_unpop(tw_manager *m, tw__record *r);
/* r's choreography settings, allocated on first use; NULL without memory. */
TW__PRIVATE tw__choreo *tw__choreo_get(tw_manager *m, tw__record *r);

/* keys.c */
TW__PRIVATE void tw__key_of(const tw_manager *m, const tw__tween *t,
                            tw__key *k);
TW__PRIVATE int tw__key_overlap(const tw__key *a, const tw__key *b);
/* Builds the index if it is not (1: it is there now, 0: out of memory). */
TW__PRIVATE int tw__keys_on(tw_manager *m);
/* Room for one more tween in a built index (call before taking a slot). */
TW__PRIVATE int tw__keys_reserve(tw_manager *m);
/* A tween joins or leaves a built index (no-ops without one). */
TW__PRIVATE void tw__keys_add(tw_manager *m, uint32_t s);
/* tw__keys_add of a fresh pointer tween whose key is [at, at + len), len
 * at most 16, in a built index with room (tw__keys_room).  Returns 0, so
 * that a creation that ends with it returns what it returns. */
TW__PRIVATE int tw__keys_add_range(tw_manager *m, uint32_t s, const void *at,
                                   size_t len);
TW__PRIVATE void tw__keys_remove(tw_manager *m, uint32_t s);
/* tw__keys_remove of a tween that dies: its writes are forgotten. */
TW__PRIVATE void tw__keys_drop(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__keys_free(tw_manager *m);
/* Indexes the live tweens afresh in a built index, in its chains as they
 * are (no memory: a restore). */
TW__PRIVATE void tw__keys_rebuild(tw_manager *m);
/* tw_manager_validate's share: every keyed live tween indexed once under its
 * key, in its chain, the chains well linked; 0 or TW_EINTERNAL. */
TW__PRIVATE int tw__keys_check(const tw_manager *m);
/* Calls fn(ctx, slot) for each live tween whose key overlaps k, until fn
 * returns non-zero (then returns 1).  fn must not change the manager. */
TW__PRIVATE int tw__keys_each(const tw_manager *m, const tw__key *k,
                              int (*fn)(void *ctx, uint32_t s), void *ctx);
/* The array index of the tween in slot s, or of the outermost sequence
 * that holds it: its place in creation order. */
TW__PRIVATE uint32_t tw__top_index(const tw_manager *m, uint32_t s);
/* When the tween in slot s (the index built) wrote last, on the write
 * clock: its stamp, or for one that plays, the pass of its type that it
 * played in (see keys.c).  tw__write_settle keeps that in its stamp, for a
 * tween about to stop playing or to change its update type. */
TW__PRIVATE uint64_t tw__write_stamp(const tw_manager *m, uint32_t s);
TW__PRIVATE void tw__write_settle(tw_manager *m, uint32_t s);
/* The tween in slot s is about to set off, or to move, without a write
 * (a play, a turn, a retarget): it has not played in a pass from here
 * until its type's next pass reaches it.  Call before the change. */
TW__PRIVATE void tw__set_off(tw_manager *m, uint32_t s);
/* Its second half: from here on it has not played in a pass of its
 * (new) update type until the next one reaches it. */
TW__PRIVATE void tw__write_rest(tw_manager *m, uint32_t s);
/* Whether an older live tween's key overlaps that of the tween in slot s:
 * one that its overwrite would kill.  1 when the index is not built (not
 * known without it). */
TW__PRIVATE int tw__keys_older(const tw_manager *m, uint32_t s);
/* With a parallel update set (tw_manager.par) and the index built: marks
 * the tween in slot s, and every other live tween whose key overlaps its
 * own, TW__F_SHARED.  tw__keys_share_all marks them all afresh. */
TW__PRIVATE void tw__keys_share(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__keys_share_all(tw_manager *m);
/* Frees the chains of the bytes of tweens with keys of their own
 * (tw__par's bheads and blinks), which keys.c grows: tw__par_free. */
TW__PRIVATE void tw__keys_bytes_free(tw_manager *m);
#ifdef TW__TEST_HOOKS
/* Test hook: how many entries the sharing has walked in the chains of the
 * bytes of tweens with keys of their own (0 without a hook). */
TW__PRIVATE size_t tw__test_share_looks(const tw_manager *m);
/* Test hook (manager.c): the bytes the resizes of m's array have copied. */
TW__PRIVATE size_t tw__test_moved(const tw_manager *m);
#endif

/* manager.c */
TW__PRIVATE size_t tw__array_len(const tw_manager *m);
/* Allocates the type table of a fresh manager, and its array for the
 * capacities it was asked for (none: none). */
TW__PRIVATE int tw__storage_init(tw_manager *m);
/* Frees every buffer of a manager with no live tween. */
TW__PRIVATE void tw__storage_free(tw_manager *m);
/* Frees the array and the arrays beside it, the capacities back to 0: a
 * manager's first array given back when the creation or the restore that
 * took it is refused (nothing in it). */
TW__PRIVATE void tw__array_drop(tw_manager *m);
/* Allocates the wide values beside the array (tw__wide), for the first
 * tween whose values take 5 to 16 bytes.  TW_ENOMEM. */
TW__PRIVATE int tw__wide_init(tw_manager *m);
/* Allocates the setters beside the array (tw_manager.aset), for the first
 * tween bound by a setter.  TW_ENOMEM. */
TW__PRIVATE int tw__aset_init(tw_manager *m);
/* Allocates the records beside the array (tw_manager.arec), for the first
 * tween of the array with a record.  TW_ENOMEM. */
TW__PRIVATE int tw__arec_init(tw_manager *m);
/* Clears the records' array past end for a stretch (the window's length
 * and 256 more, up to the array's length), for the creations to come: so
 * each pays a constant for it.  Call it before a creation at end when
 * arec is not NULL and end has reached tw_manager.arec_clean. */
TW__PRIVATE void tw__arec_ready(tw_manager *m);
/* The record of t, a record (and the array of records) taken first if it
 * has none; NULL without memory, nothing changed. */
TW__PRIVATE tw__record *tw__rec_need(tw_manager *m, tw__tween *t);
/* The record t took in a call that then refuses (it had none before),
 * given back to the pool, so that the refusal changes nothing. */
TW__PRIVATE void tw__rec_give_back(tw_manager *m, tw__tween *t);
TW__PRIVATE int tw__grow(tw_manager *m, int sequence);
/* How many plain floats the array, the tween capacity and the key index
 * have room for now (0 while dying): what tw_manager.plain_room may be at
 * most. */
TW__PRIVATE uint32_t tw__room_most(const tw_manager *m);
/* Computes tw_manager.plain_room afresh: tw__room_most, or 0 while a
 * compaction is due. */
TW__PRIVATE void tw__room_reset(tw_manager *m);
TW__PRIVATE void tw__compact(tw_manager *m);
/* After a compacting walk of [0, end): [dst, end) are holes; drops them,
 * and the holes just below, unless tweens were appended past end
 * meanwhile.  Counts one compaction if the walk closed or dropped any. */
TW__PRIVATE void tw__drop_tail(tw_manager *m, uint32_t dst, uint32_t end);
/* A walk begins at index 0 of the array as it is, and ends; between the
 * two, busy is up. */
TW__PRIVATE void tw__walk_begin(tw_manager *m, tw__walk *w);
TW__PRIVATE void tw__walk_end(tw_manager *m);
/* The nested table: where the children of sequences are found. */
TW__PRIVATE int tw__nested_reserve(tw_manager *m);
TW__PRIVATE int tw__nested_room(tw_manager *m, size_t more);
TW__PRIVATE uint32_t tw__nested_take(tw_manager *m, tw__tween *t,
                                     uint32_t owner);
TW__PRIVATE void tw__nested_release(tw_manager *m, uint32_t i);

/* 4. one tween's life */

/* kill.c */
TW__PRIVATE void tw__vacate(tw_manager *m, uint32_t idx);
TW__PRIVATE void tw__dispose(tw_manager *m, tw_handle h, tw__record *rec,
                             int recycle);
/* tw__kill (inline, after this map) for a tween with a record, or a child
 * of a sequence. */
TW__PRIVATE void tw__kill_recorded(tw_manager *m, uint32_t slot);
/* Kills every older live tween whose key overlaps that of the tween in
 * slot s, in creation order; 1 if that tween lives after their KILLs. */
TW__PRIVATE int tw__overwrite(tw_manager *m, uint32_t s, uint32_t gen);

/* life.c */
/* Moves the tween to elapsed e and bumps its move counter. */
TW__PRIVATE void tw__move(const tw_manager *m, tw__tween *t, double e);
TW__PRIVATE int tw__fire(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev);
TW__PRIVATE int tw__fire_step(tw_manager *m, uint32_t s, uint32_t gen,
                              tw_event ev, uint32_t moves);
TW__PRIVATE void tw__flush_warnings(tw_manager *m);
TW__PRIVATE int tw__read_target(tw_manager *m, uint32_t s, uint32_t gen,
                                void *out);
/* The fraction at elapsed e reached in this direction: going backwards,
 * at 0 it is the start of the first loop, which for a tween of 0 s is its
 * start value (its one instant undone), where tw__fraction_at gives its
 * end; a rewind and a goto to 0 arrive there backwards. */
TW__PRIVATE double tw__fraction_to(const tw_manager *m, const tw__tween *t,
                                   double e, int back);
/* The fraction where the tween stands: at its start once rewound to 0
 * (not complete), at its end once complete. */
TW__PRIVATE double tw__fraction_now(const tw_manager *m, const tw__tween *t);
/* The tween's value at fraction e (and its elapsed time, for the velocity
 * term) into out. */
TW__PRIVATE void tw__value_at(const tw_manager *m, tw__tween *t, void *out,
                              double e);
/* tw__value_at's of a tween with a velocity term (TW__F_EXTRA, not
 * additive: a retarget, a spring's velocity), reached through m->fx. */
TW__PRIVATE void tw__extra_value(const tw_manager *m, tw__tween *t, void *out,
                                 double e);
TW__PRIVATE int tw__write_value(tw_manager *m, uint32_t s, double e);
TW__PRIVATE void tw__setter_failed(tw_manager *m, uint32_t s);
TW__PRIVATE int tw__start(tw_manager *m, uint32_t s, uint32_t gen);
TW__PRIVATE int tw__start_rest(tw_manager *m, uint32_t s, uint32_t gen,
                               const void *cur);
/* Puts the start's relative end and speed-based duration in m->fx (the
 * calls that set them): a program that calls neither links no built-in
 * type's add or distance. */
TW__PRIVATE void tw__fx_start_ends(tw_manager *m);
TW__PRIVATE void tw__step(tw_manager *m, uint32_t s, double dt);
/* tw__step's part after the start (PLAY, the time added, tw__advance), for
 * the started tween in slot s of generation gen; dt scaled by its own
 * time scale already. */
TW__PRIVATE void tw__step_on(tw_manager *m, uint32_t s, uint32_t gen,
                             double dt);
TW__PRIVATE void tw__advance(tw_manager *m, uint32_t s, uint32_t gen, double e,
                             double c, int back, int nested);
/* tw__step's end of a running tween of the array with nothing for the
 * slow step, its step by dt reaching its end (a fast path): 0, nothing
 * changed, when it does not. */
TW__PRIVATE int tw__end_step(tw_manager *m, uint32_t s, uint32_t gen,
                             double dt);
/* tw__advance forwards to e, its total time, of the child of a sequence in
 * slot s, started, not complete, of one loop, neither a sequence nor with
 * callbacks (a fast path). */
TW__PRIVATE void tw__end_child(tw_manager *m, uint32_t s, uint32_t gen,
                               double e);
TW__PRIVATE void tw__halt(tw_manager *m, uint32_t s, int fire);
TW__PRIVATE void tw__finish(tw_manager *m, uint32_t s, int fire);

/* retarget.c */
/* Sends the started tween in slot s to `end` in `duration` seconds (< 0:
 * keep; a spring computes its own), keeping its value and its velocity;
 * as a spring of its own, as (NULL: as it is). */
TW__PRIVATE void tw__retarget(tw_manager *m, uint32_t s, const void *end,
                              double duration, const tw__spring *as);
/* tw_retarget of the float at index i of the active array, by its fast
 * path (TW__FAST_PATHS) when it takes the call (an additive retarget, see
 * retarget.c), else by tw__retarget_general: tw_retarget's result. */
TW__PRIVATE int tw__retarget_float(tw_manager *m, uint32_t i, const void *end,
                                   double duration);
/* tw_retarget of the tween t, its handle looked up, the general way (its
 * refusals' sentences too). */
TW__PRIVATE int tw__retarget_general(tw_manager *m, tw__tween *t,
                                     const void *end, double duration);
/* The value at elapsed e of a tween retargeted additively (rec->extra
 * TW__EXTRA_ADD), e short of its duration, into out (a built-in numeric
 * type's value). */
TW__PRIVATE void tw__add_value(const tw_manager *m, const tw__tween *t,
                               void *out, double e);
#ifdef TW__TEST_HOOKS
/* Test hook: the numbers of the retarget's state of the live tween h of
 * the array (its record's velocity term and additive motion, and its
 * duration), the first cap of them into out; returns how many there are
 * (0: no term).  Both builds, with and without the fast paths, give the
 * same, bit for bit (the model digests them). */
TW__PRIVATE size_t tw__test_retarget_state(const tw_manager *m, tw_handle h,
                                           double *out, size_t cap);
#endif
/* tw__add_value's float (t a float, r its record), returned. */
TW__PRIVATE float tw__add_float(const tw_manager *m, const tw__tween *t,
                                const tw__record *r, double e);
/* The update's steps of tweens retargeted additively, running, with
 * nothing else for the slow step, short of their end; update.c's, through
 * m->fx.  tw__run_add_floats: the run of floats by pointer (their flags
 * TW__ADD_RUNNING under TW__ADD_FLOAT_MASK) from index i, the first of
 * them, to end, the entries of other update types and the holes skipped,
 * each value written; returns the index of the first entry it leaves (or
 * end): another tween, or one whose step reaches its end (then nothing
 * changed of it); in a build for size, tw__step_add_float in its place:
 * the step by dt of one, at index idx (h its hot part), its value
 * written (returns 0, nothing changed, at its end).  tw__step_add: the
 * step by dt of the tween at index idx (h its hot part), of any type, its
 * value written through its setter if it has one, the walk w's cursor
 * past it first: returns TW__V_ bits, or -1 at its end. */
#if TW__FOR_SIZE /* the step of one such float, as the update takes it */
TW__PRIVATE int tw__step_add_float(tw_manager *m, tw__tween *t,
                                   const tw__hot *h, uint32_t idx, double dt);
#else
TW__PRIVATE uint32_t tw__run_add_floats(tw_manager *m, uint32_t i, uint32_t end,
                                        unsigned type, double sdt);
#endif
TW__PRIVATE int tw__step_add(tw_manager *m, tw__walk *w, tw__tween *t,
                             tw__hot *h, uint32_t idx, double dt);
/* Fills in the manager's entries of a retarget (m->fx): the value of a
 * retargeted tween, an additive one's and those steps (tw_retarget,
 * tw_spring_go, a spring with a velocity, before the tween is seen). */
TW__PRIVATE void tw__fx_retarget(tw_manager *m);

/* moves.c */
TW__PRIVATE void tw__play(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__pause(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__rewind(tw_manager *m, uint32_t s, int include_delay);
TW__PRIVATE void tw__rewind_in_place(tw_manager *m, uint32_t s);
TW__PRIVATE int tw__goto(tw_manager *m, uint32_t s, double to, int and_play);
TW__PRIVATE int tw__restart(tw_manager *m, uint32_t s, int include_delay,
                            double new_delay);
TW__PRIVATE void tw__smooth_rewind(tw_manager *m, uint32_t s);
TW__PRIVATE void tw__direction(tw_manager *m, uint32_t s, int backwards,
                               int play);
TW__PRIVATE int tw__complete(tw_manager *m, uint32_t s, int callbacks);
TW__PRIVATE int tw__complete_kill(tw_manager *m, uint32_t s);

/* 5. drivers */

/* update.c, for parallel.c: the parallel phase's step of [i, end), which
 * lists the tweens it leaves in out (their count returned), and the
 * ordered phase's visit of one entry, the serial pass's. */
TW__PRIVATE uint32_t tw__par_step(tw_manager *m, uint32_t i, uint32_t end,
                                  unsigned type, double sdt, double unscaled_dt,
                                  tw__mark *out);
TW__PRIVATE void tw__par_visit(tw_manager *m, tw__walk *w, uint32_t idx,
                               double sdt, double unscaled_dt);
/* update.c: fills in the manager's entries of sequences (m->fx): the
 * update's steps of them, and timeline.c's (tw__fx_seq): tw_sequence,
 * before the sequence is seen. */
TW__PRIVATE void tw__fx_sequences(tw_manager *m);
/* update.c: fills in the manager's entries of the update's steps of setter
 * tweens (m->fx), which only setter tweens take: the creations of setter
 * tweens, before the tween is seen. */
TW__PRIVATE void tw__fx_setters(tw_manager *m);
/* parallel.c: runs the pass of tw_update (walk w begun, the clocks taken)
 * in the parallel and the ordered phase, and returns 1; or returns 0,
 * having changed nothing, when it is to be serial.  tw_update's one tie
 * up to it. */
TW__PRIVATE int tw__par_update(tw_manager *m, tw__walk *w, unsigned type,
                               double sdt, double unscaled_dt);
/* Frees the parallel update's state (tw_manager_free). */
TW__PRIVATE void tw__par_free(tw_manager *m);

/* timeline.c */
/* Fills in the manager's entries of sequences (m->fx): a sequence's
 * creation, before the sequence is seen. */
TW__PRIVATE void tw__fx_seq(tw_manager *m);
/* Drives a sequence's timeline to time `to`; returns 0, or -1 if the
 * sequence died or a callback moved it. */
TW__PRIVATE int tw__seq_drive(tw_manager *m, uint32_t s, double to);
/* tw__seq_drive, r the sequence's record. */
TW__PRIVATE int tw__seq_drive_rec(tw_manager *m, uint32_t s, tw__record *r,
                                  double to);
/* tw__seq_drive_rec but for its drive of every frame (life.h's
 * tw__seq_running, which the update's step of a sequence runs inline). */
TW__PRIVATE int tw__seq_drive_stages(tw_manager *m, uint32_t s, tw__record *r,
                                     double to);
/* Moves the child of item it to e short of its end, the general way:
 * tw__advance's move and write (tw__seq_running's). */
TW__PRIVATE void tw__child_move(tw_manager *m, tw__item *it, double e);
/* Whether item it of a timeline is settled at its time t: a drive
 * forwards from t finds nothing to do for it, whatever its end (a
 * callback passed or a child killed, or a child of one loop that ended
 * before t, standing at its end).  A drive's short way (timeline.c) does
 * not look at the settled items in front, r->seq_lo of them. */
TW__PRIVATE int tw__item_settled(const tw_manager *m, const tw__item *it,
                                 double t);
/* Whether anything in r's timeline (nested ones too) has a callback. */
TW__PRIVATE int tw__seq_has_callbacks(const tw__record *r);
/* Kills a sequence's children, each KILL callback once, in order. */
TW__PRIVATE void tw__seq_kill_children(tw_manager *m, tw__record *r);
TW__PRIVATE void tw__seq_kill_nested(tw_manager *m, uint32_t s);

/* query.c: which tweens a filtered control or find picks */
enum { TW__BY_ALL, TW__BY_ID, TW__BY_KEY, TW__BY_NOT_IDS };

typedef struct tw__pick {
  int by, id;
  const void *key;
  const int *ids;
  size_t nids;
} tw__pick;

TW__PRIVATE int tw__picked(const tw_manager *m, const tw__tween *t,
                           const tw__pick *p);

/* control.c */
/* Applies `what` to the picked tweens among those alive when it starts,
 * in creation order; returns how many, or TW_EINVAL. */
TW__PRIVATE int tw__do_where(tw_manager *m, const tw__pick *p, tw_do what);
/* Its walk (m not NULL), each picked tween's slot given to act with
 * `what`; and the action of a kill, for a walk that must not link every
 * control (tw_manager_free's and tw_manager_clear's kill of all). */
TW__PRIVATE int
tw__each_where(tw_manager *m, const tw__pick *p,
               void (*act)(tw_manager *m, uint32_t s, tw_do what), tw_do what);
TW__PRIVATE void tw__kill_slot(tw_manager *m, uint32_t s, tw_do what);

/* tween.c */
/* What makes a tween of a kind of its own (a punch, a shake, a path, a
 * spring): prep takes into r, the record the new tween is to have, the
 * memory the kind needs (0, or TW_ENOMEM: the creation is then refused,
 * changing nothing); shape finishes the tween just made in slot s, and
 * cannot fail.  Both run before anything of the tween is seen: the
 * warning hook of a growth runs after them. */
typedef struct tw__kind {
  int (*prep)(tw_manager *m, tw__record *r, void *ctx);
  void (*shape)(tw_manager *m, uint32_t s, void *ctx);
  void *ctx;
} tw__kind;
/* tw_to (set NULL), or tw_to_fn (target: the setter's user data), of a
 * kind (NULL: a plain creation). */
TW__PRIVATE int tw__create(tw_manager *m, int type, void *target,
                           tw_setter_fn set, tw_getter_fn get, const void *end,
                           double duration, const tw__kind *kind,
                           const char *fn, tw_handle *out);

/* debug.c */
/* tw_manager_validate's checks of one tween's own fields (and its record's
 * that they need), not of its place or its timeline: 0 or TW_EINTERNAL. */
TW__PRIVATE int tw__tween_ok(const tw_manager *m, const tw__tween *t);
/* A record's buffers as bytes, maybe unaligned (a snapshot's): its curve,
 * its path's points and table, its labels and their names. */
typedef struct tw__bufs {
  const unsigned char *curve, *pts, *arc, *labels, *names;
} tw__bufs;
/* Every number of record r of t as the calls that set it take it, of its
 * choreography block x (r->ch or a copy; NULL: none) and its buffers b:
 * tw_manager_validate's check and tw_restore's, 0 or TW_EINTERNAL. */
TW__PRIVATE int tw__record_ok(const tw_manager *m, const tw__tween *t,
                              const tw__record *r, const tw__choreo *x,
                              const tw__bufs *b);
/* The numbers of timeline item `it`, after one at prev (0 for the first);
 * the key index's clocks as keys.c keeps them, with room for `room` more
 * writes below the most a clock reaches (0 for a live manager; a restore
 * asks for TW__CLOCK_ROOM, so that the clocks it takes never pass that
 * most), and a stamp by them. */
#define TW__CLOCK_ROOM ((uint64_t)1 << 61)
TW__PRIVATE int tw__item_ok(const tw__item *it, double prev);
TW__PRIVATE int tw__clocks_ok(uint64_t wclock, const uint64_t pass[4],
                              const uint64_t prev[4], uint64_t room);
TW__PRIVATE int tw__stamp_ok(uint64_t wclock, const tw__stamp *st);

/* settings.c: the tween h names, with a record (tw__with_record), and
 * unstarted too (tw__unstarted); NULL with *err set if not. */
TW__PRIVATE tw__tween *tw__with_record(tw_manager *m, tw_handle h, int *err,
                                       const char *fn);
TW__PRIVATE tw__tween *tw__unstarted(tw_manager *m, tw_handle h, int *err,
                                     const char *fn);

/* sequence.c: tw_seq_insert past its door, its refusals the call fn's. */
TW__PRIVATE int tw__seq_insert(tw_manager *m, tw_handle seq, double at,
                               tw_handle child, const char *fn);

/* choreo.c: the tween h names, with its record's choreography settings;
 * NULL with *err set if not. */
TW__PRIVATE tw__tween *tw__with_choreo(tw_manager *m, tw_handle h, int started,
                                       int *err, const char *fn);

/* snapshot.c */
/* A tag no other manager of the process has (tw_manager.tag). */
TW__PRIVATE uint64_t tw__manager_tag(const tw_manager *m);
/* Frees what restores left in the manager (tw_manager_free). */
TW__PRIVATE void tw__restore_free(tw_manager *m);

#ifdef TW__TEST_HOOKS
/* Test hook: computes a snapshot's checksum afresh, so that a test can
 * forge its structure. */
TW__PRIVATE int tw__test_snapshot_seal(void *buf, size_t n);
/* Test hook: where in a snapshot (n bytes at buf) top-level tween j's id
 * word is (which TW__SNAP_ID), its head's (TW__SNAP_HEAD), its time's
 * word k (TW__SNAP_HOT + k, k < 4: elapsed, in its column, then its hot
 * part's duration, target and small values), or where the extras begin, the
 * first values of 5 to 16 bytes or record image (TW__SNAP_EXTRAS, j aside): its
 * offset in bytes from buf, or 0 if the snapshot has no such tween. */
enum { TW__SNAP_ID, TW__SNAP_HEAD, TW__SNAP_HOT, TW__SNAP_EXTRAS = 6 };
TW__PRIVATE size_t tw__test_snapshot_field(const void *buf, size_t n, size_t j,
                                           int which);
/* The parts of the extras of m's snapshot buf (n bytes) as tw_restore's
 * check reads them, at most cap into out: how many (0 if it refuses). */
struct tw__part; /* snaprestore.h */
TW__PRIVATE size_t tw__test_snapshot_parts(tw_manager *m, const void *buf,
                                           size_t n, struct tw__part *out,
                                           size_t cap);
#endif

#endif

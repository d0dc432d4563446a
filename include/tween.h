/* SPDX-License-Identifier: MIT */
/*
 * libtween - an ordered tween manager for C programs.
 *
 * A manager keeps every live tween in one array in creation order and
 * updates them in that order, so when two tweens write the same value in
 * one frame, the one created last wins, every frame.
 *
 * Threads: a manager is one thread's.  Managers share no state, so
 * several threads may each use their own manager at once; one manager must
 * not be used by two threads without the caller's own locking.  The
 * default manager (tw_default) is a single global: use it from one thread.
 *
 * Errors: every call that can fail returns 0 (or a count) on success and a
 * negative TW_E* code on failure; tw_strerror() and tw_err_name() describe
 * a code.  A call that fails changes nothing, unless its comment says so.
 *
 * Handles: a tween is named by a tw_handle, a small value to copy freely.
 * A handle stays valid while its tween lives and becomes stale the moment
 * the tween is killed; a stale handle is detected forever (calls on it
 * return TW_ESTALE and touch nothing) and never reaches a newer tween.  The
 * all-zero handle is "none" and is never valid.  A handle belongs to the
 * manager that issued it; using it with another manager is not detected.
 *
 * Times: every argument that is a time (a duration, a delay, an interval,
 * an insert time, a label, a loop delay, a goto, a dt, a time scale, a
 * speed given as a duration) is in seconds, or a factor of them, and is
 * refused with TW_EINVAL when it is NaN, infinite or negative, unless its
 * comment says otherwise.  -0.0 is 0 everywhere: it is accepted wherever
 * 0 is, behaves exactly as 0 (a duration of -0.0 is done on the first
 * update, exactly on its end), and no query answers -0.0; where a
 * negative time means "keep" (tw_restart's new_delay, tw_retarget's
 * duration), -0.0 is 0, not negative.  Denormals and huge finite times are
 * accepted and handled: sums of times saturate at DBL_MAX.  tw_restart's
 * new_delay and the durations of tw_retarget and tw_go are also refused
 * above 1e300.
 *
 * Callbacks: any callback (tween callbacks, setters and getters, the
 * warning hook) may call back into the library on the same manager: create,
 * kill, complete, clear, change capacity.  The exceptions are tw_update,
 * tw_manager_free, tw_snapshot and tw_restore on the manager running the
 * callback, which return TW_EBUSY, and so does tw_manager_set_parallel.
 */
/* Contents: the sections of this header, in order.  Each is one page of
 * the manual, tw_SECTION(3) (its words joined by _, up to any colon);
 * libtween(3) lists them all.
 *
 *   version                  tw_version_string, tw_version
 *   errors                   the TW_E* codes, tw_strerror, tw_err_name
 *   plain values             handles, vectors, colours and the enums;
 *                            the callback, setter and getter types
 *   manager                  tw_config, tw_manager_new and _free, the
 *                            default manager, capacity, time scale, stats
 *   value types              tw_register_type, tw_type_size
 *   creation                 tw_float_to and the other tw_*_to, tw_to,
 *                            tw_to_fn, tw_from_to, tw_from_to_fn
 *   settings                 tw_set_*: delay, loops, keys, overwrite,
 *                            from, relative, speed; tw_change_*
 *   eases                    tw_set_ease and its parameters, user eases,
 *                            bezier, steps and curves; tw_ease_eval,
 *                            tw_ease_name
 *   choreography             loop delay, yoyo ease, snap, additive,
 *                            punch, shake, paths
 *   callbacks                tw_on
 *   sequences                tw_sequence, tw_seq_*, staggers, labels
 *   time                     tw_update
 *   threads                  tw_manager_set_parallel, the tw_threads pool
 *   controls                 play, pause, kill, goto... on one tween
 *   controls on many tweens  tw_do_*, tw_kill_*
 *   queries                  tw_is_*, tw_elapsed and the others, tw_count,
 *                            tw_find_*
 *   interruption             tw_retarget, tw_go, springs, tw_writer
 *   snapshot and restore     tw_snapshot_size, tw_snapshot, tw_restore
 */
#ifndef TWEEN_H
#define TWEEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tween-version.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(TW_BUILDING_DLL)
#define TW_EXTERN __declspec(dllexport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define TW_EXTERN __attribute__((visibility("default")))
#else
#define TW_EXTERN
#endif

/* TW_DEPRECATED(msg) marks a call kept for old programs: the compiler
 * warns where it is used, where it has the attribute (gcc, clang, MSVC),
 * and the next minor version may remove it.  A program that must go on
 * using the old names quietly defines TW_DISABLE_DEPRECATION_WARNINGS
 * before it includes this header (the library's own tests do). */
#ifndef TW_DEPRECATED
#if defined(TW_DISABLE_DEPRECATION_WARNINGS)
#define TW_DEPRECATED(msg)
#elif defined(__clang__) ||                                                    \
    (defined(__GNUC__) && !defined(__TINYC__) &&                               \
     (__GNUC__ > 4 || (__GNUC__ == 4 && __GNUC_MINOR__ >= 5)))
#define TW_DEPRECATED(msg) __attribute__((deprecated(msg)))
#elif defined(_MSC_VER) && _MSC_VER >= 1400
#define TW_DEPRECATED(msg) __declspec(deprecated(msg))
#else
#define TW_DEPRECATED(msg)
#endif
#endif

/* version */

/* The version this library was built as, "MAJOR.MINOR.PATCH". */
TW_EXTERN const char *tw_version_string(void);
/* The same as TW_VERSION_HEX: 0xMMmmpp. */
TW_EXTERN unsigned tw_version(void);

/* errors */

/* The last member of every public enum: INT_MIN, so that the enum has the
 * room of an int even where enums are only as wide as their members
 * (arm-none-eabi, -fshort-enums).  A value out of range that a caller
 * passes then stays out of range and is refused, never cut down to a
 * valid member. */
#define TW__ENUM_INT(name) TW__##name##_INT = -0x7fffffff - 1

#define TW_ERRNO_MAP(XX)                                                       \
  XX(EINVAL, -1, "invalid argument")                                           \
  XX(ENOMEM, -2, "out of memory")                                              \
  XX(ESTALE, -3, "stale handle: the tween was killed or never existed")        \
  XX(ELIMIT, -4, "capacity hard limit reached")                                \
  XX(ERANGE, -5,                                                               \
     "out of range: a capacity below the live tweens, a timeline longer "      \
     "than the largest double, or a buffer too small")                         \
  XX(EBUSY, -6, "not allowed from inside a callback of this manager")          \
  XX(ELOCKED, -7, "not allowed once the tween or sequence has started")        \
  XX(ETYPE, -8, "unknown value type")                                          \
  XX(EEASE, -9, "unknown ease")                                                \
  XX(EINFINITE, -10, "the tween loops forever")                                \
  XX(ENESTED, -11, "the tween is controlled by its sequence")                  \
  XX(EINTERNAL, -12, "internal invariant broken")                              \
  XX(EFOREIGN, -13, "the snapshot is of another manager")                      \
  XX(EFORMAT, -14,                                                             \
     "not a snapshot of this format version and build of libtween")            \
  XX(ECORRUPT, -15, "the snapshot is truncated or damaged")                    \
  XX(EUNSUPPORTED, -16, "not supported for this value type")                   \
  XX(ELOOPS, -17, "the tween loops: its loops have no single end")             \
  XX(ENOTSUP, -18, "not built into this library")

typedef enum tw_errno {
  TW_OK = 0, /* success: what every call that can fail returns on success */
#define TW__ERR_ENUM(name, code, text) TW_##name = code,
  TW_ERRNO_MAP(TW__ERR_ENUM)
#undef TW__ERR_ENUM
      TW__ERR_LAST = -19,
  TW__ENUM_INT(ERRNO)
} tw_errno;

/* A sentence for an error code ("unknown error" for anything else). */
TW_EXTERN const char *tw_strerror(int err);
/* The code's name, such as "TW_ESTALE" ("TW_UNKNOWN" for anything else). */
TW_EXTERN const char *tw_err_name(int err);

/* plain values */

typedef struct tw_handle {
  uint32_t index; /* slot + 1; 0 means none */
  uint32_t gen;   /* slot generation; odd while the tween lives */
} tw_handle;

/* 1 when h is the all-zero "none" handle. */
#define TW_HANDLE_IS_NONE(h) ((h).index == 0 && (h).gen == 0)

typedef struct tw_vec2 {
  float x, y;
} tw_vec2;
typedef struct tw_vec3 {
  float x, y, z;
} tw_vec3;
typedef struct tw_vec4 {
  float x, y, z, w;
} tw_vec4;
typedef struct tw_color {
  float r, g, b, a;
} tw_color;
/* A colour of four 8-bit channels (TW_TYPE_RGBA8). */
typedef struct tw_rgba8 {
  uint8_t r, g, b, a;
} tw_rgba8;

/* value types: built-in ids; tw_register_type hands out ids from
 * TW_TYPE_FIRST_CUSTOM on. */
enum {
  TW_TYPE_FLOAT = 1,
  TW_TYPE_DOUBLE,
  TW_TYPE_INT, /* int; interpolated in double, rounded to nearest */
  TW_TYPE_VEC2,
  TW_TYPE_VEC3,
  TW_TYPE_VEC4,
  TW_TYPE_COLOR,
  /* 8 is reserved.  tw_rgba8: each channel interpolated in float, rounded
   * to nearest and clamped to 0..255 (an ease that overshoots saturates);
   * the start and end are exact.  Relative adds saturate at 255; the speed
   * distance is Euclidean over the four channels. */
  TW_TYPE_RGBA8 = 9,
  TW_TYPE_FIRST_CUSTOM = 16
};

typedef enum tw_update_type {
  TW_UPDATE_NORMAL = 0,
  TW_UPDATE_LATE,
  TW_UPDATE_FIXED,
  TW_UPDATE_MANUAL,
  TW__ENUM_INT(UPDATE)
} tw_update_type;

/* eases: DOTween's set.  TW_EASE_OUT_QUAD is the default.  TW_EASE_MAP
 * lists them in order, XX(id) for TW_EASE_id, so that a program's tables
 * of eases can be made from it, as the library's are; tw_ease_name gives
 * each one's name.
 *
 * Where the FPU has single precision only (a Cortex-M4F, whose doubles are
 * software), the Penner eases are computed in single precision: the
 * powers (Quad to Quint), Back (for an overshoot within +-4; beyond, in
 * double) and Bounce by products, Sine, Expo and Circ by polynomials of
 * the library's own, within 3e-7 of the double forms of every other
 * target, and Elastic at its default amplitude and period (others in
 * double) by the same sine and power of 2, within 5e-7; all exactly 0 and
 * 1 at their ends.  OutQuad's is 1 over the last 2^-12 of a tween's
 * time.  There too,
 * the fraction every ease is given (a tween's elapsed time over its
 * duration, user eases', bezier's, steps' and curves' too, and the x of
 * tw_ease_eval and its kind, as a tween of a duration of 1 sees it) is a
 * float's: within 1.8e-7 of it, relatively (three roundings to float),
 * exactly 0 at the start and exactly 1 at the end.  The times stay
 * doubles: the exact end, no drift, huge times, every promise of time; a
 * sequence's fraction, a time of its timeline, stays a double's, its
 * children at their starts and ends exactly.  A velocity read off values a
 * few microseconds apart sees that rounding; the eases' values otherwise
 * are the same doubles as everywhere.
 *
 * TW_EASE_SPRING is a spring's motion from rest (SwiftUI's spring with a
 * bounce) fitted into the duration: critically damped by default; its
 * bounce is the period of tw_set_ease_params, in (-1, 1): above 0 it
 * overshoots, below it is over-damped.  Bounces beyond +-0.95 are taken as
 * +-0.95 (0.95 already swings some twenty times before it rests), a NaN as
 * 0.  Its settling time (see tw_spring, epsilon 0.001) is the duration: it
 * rests at the end, and ends at exactly 1. */
#define TW_EASE_MAP(XX)                                                        \
  XX(LINEAR)                                                                   \
  XX(IN_SINE)                                                                  \
  XX(OUT_SINE)                                                                 \
  XX(IN_OUT_SINE)                                                              \
  XX(IN_QUAD)                                                                  \
  XX(OUT_QUAD)                                                                 \
  XX(IN_OUT_QUAD)                                                              \
  XX(IN_CUBIC)                                                                 \
  XX(OUT_CUBIC)                                                                \
  XX(IN_OUT_CUBIC)                                                             \
  XX(IN_QUART)                                                                 \
  XX(OUT_QUART)                                                                \
  XX(IN_OUT_QUART)                                                             \
  XX(IN_QUINT)                                                                 \
  XX(OUT_QUINT)                                                                \
  XX(IN_OUT_QUINT)                                                             \
  XX(IN_EXPO)                                                                  \
  XX(OUT_EXPO)                                                                 \
  XX(IN_OUT_EXPO)                                                              \
  XX(IN_CIRC)                                                                  \
  XX(OUT_CIRC)                                                                 \
  XX(IN_OUT_CIRC)                                                              \
  XX(IN_ELASTIC)                                                               \
  XX(OUT_ELASTIC)                                                              \
  XX(IN_OUT_ELASTIC)                                                           \
  XX(IN_BACK)                                                                  \
  XX(OUT_BACK)                                                                 \
  XX(IN_OUT_BACK)                                                              \
  XX(IN_BOUNCE)                                                                \
  XX(OUT_BOUNCE)                                                               \
  XX(IN_OUT_BOUNCE)                                                            \
  XX(FLASH)                                                                    \
  XX(IN_FLASH)                                                                 \
  XX(OUT_FLASH)                                                                \
  XX(IN_OUT_FLASH)                                                             \
  XX(SPRING)

typedef enum tw_ease {
#define TW__EASE_ENUM(id) TW_EASE_##id,
  TW_EASE_MAP(TW__EASE_ENUM)
#undef TW__EASE_ENUM
      TW_EASE_COUNT,
  TW__ENUM_INT(EASE)
} tw_ease;

typedef enum tw_loop_type {
  TW_LOOP_RESTART = 0, /* each loop runs start -> end */
  TW_LOOP_YOYO,        /* odd loops run end -> start */
  TW_LOOP_INCREMENTAL, /* each loop starts where the last one ended */
  TW__ENUM_INT(LOOP)
} tw_loop_type;

/* The events a tween can call back on, in the order they fire within one
 * update: START and PLAY on the first step that moves the tween (START once
 * per life, PLAY each time it resumes), then the value is written, then
 * UPDATE, REWIND, STEP_COMPLETE once per finished loop, COMPLETE, and
 * PAUSE when a tween that is not auto-killed completes.  KILL runs exactly
 * once, at the kill.
 *
 * After each callback (and after a setter), the step goes on only if the
 * tween lives and nothing moved it: a complete, restart, rewind, goto, a
 * change of values, or a turn (tw_play_backwards, tw_flip,
 * tw_smooth_rewind) made from the program's code wins, and the step's
 * later events do not fire.  A START callback that pauses its tween stops
 * the step too; PLAY then fires when the tween plays again.
 *
 * The recursion is the program's own: a callback that creates and
 * completes a tween, whose callback does the same, nests one level of the
 * library per tween, about 200 bytes of stack each (x86-64, -O2) plus the
 * callback's own frame.  The library sets no limit; with an 8 MiB stack,
 * some 30,000 levels are safe. */
typedef enum tw_event {
  TW_ON_START = 0,
  TW_ON_PLAY,
  TW_ON_PAUSE,
  TW_ON_REWIND,
  TW_ON_UPDATE,
  TW_ON_STEP_COMPLETE,
  TW_ON_COMPLETE,
  TW_ON_KILL,
  TW_ON_COUNT,
  TW__ENUM_INT(EVENT)
} tw_event;

typedef struct tw_manager tw_manager;

/* A tween callback.  h is the tween's handle (already stale inside a KILL
 * callback). */
typedef void (*tw_callback)(tw_manager *m, tw_handle h, void *ud);

/* Writes a new value; return 0, or non-zero to report failure, which kills
 * the tween and counts in tw_stats.setter_failures ("safe mode").  value
 * is good until the setter returns or calls the library: a write that
 * call makes through the same setter (tw_complete of its own tween, say)
 * may compute its value in the same place (a registered type bigger than
 * 16 bytes keeps its values in the tween's record), so copy what you need
 * of it first. */
typedef int (*tw_setter_fn)(void *ud, const void *value);
/* Reads the current value into out (read once, when the tween starts). */
typedef void (*tw_getter_fn)(void *ud, void *out);

/* Interpolates a registered type: writes into out the value t of the way
 * from a to b.  t is 0 at the start and 1 at the end; eases such as Back
 * and Elastic, and incremental loops, pass t outside [0, 1].  out never
 * overlaps a or b. */
typedef void (*tw_lerp_fn)(void *out, const void *a, const void *b, double t,
                           void *ud);

/* The allocator hook, in Lua's shape: new_size 0 frees ptr (old_size bytes)
 * and returns NULL; otherwise it returns a block of new_size bytes holding
 * the first min(old_size, new_size) bytes of ptr (ptr may be NULL, then
 * old_size is 0), or NULL on failure, leaving ptr as it was. */
typedef void *(*tw_alloc_fn)(void *ud, void *ptr, size_t old_size,
                             size_t new_size);

/* What a warning is about. */
typedef enum tw_warning {
  TW_WARN_GROW_TWEENS = 1,    /* tween capacity grew */
  TW_WARN_GROW_SEQUENCES = 2, /* sequence capacity grew */
  TW__ENUM_INT(WARN)
} tw_warning;

/* The warning hook: called once per capacity growth, after the call that
 * caused it has done its work (so the hook may use the manager freely).
 * A creation's hook sees its new tween whole, whatever its kind (a punch,
 * a shake, a path, a spring): it may start it, put it in a sequence, kill
 * it, as any tween; and a creation refused for memory (TW_ENOMEM) grows
 * nothing and calls no hook. */
typedef void (*tw_warn_fn)(tw_manager *m, tw_warning what, size_t old_capacity,
                           size_t new_capacity, void *ud);

/* manager */

/* What the last refusal of a call on m said, in one sentence naming the
 * call, the argument and the rule: "tw_float_to: duration -1 is
 * negative", "tw_pause: handle (3, 8) is stale: slot 3 is at generation
 * 10", "tw_snapshot: cap 64 is below the 1328 bytes the snapshot needs".
 * Written only when a call fails (a success costs nothing and leaves it
 * as it was), so read it right after the failure, as errno; "" until a
 * call on m has failed.  Every refusal of a call on m writes it, naming
 * the call that refused (not one it made inside): of a bad argument
 * (NULL, a number, an enum, a type, a handle), TW_EBUSY, TW_ENOMEM,
 * TW_ELIMIT and the others alike.  The calls that make a manager, and the
 * ones that take none (the eases, tw_strerror), have no manager to write
 * to: for m NULL the sentence is "the manager is NULL".  Meant for people
 * (logs, asserts): the code is what a program tests, and the wording may
 * change.  Valid until the next call on m; at most 159 bytes.  In a
 * library built with TW_TERSE_ERRORS defined (for small flash: the
 * sentences' formats and formatter left out), the sentence is the call's
 * name and the code's tw_strerror text, "tw_float_to: invalid argument";
 * the codes, and what a refusal leaves, are the same. */
TW_EXTERN const char *tw_last_error_detail(const tw_manager *m);

/* The capacities a manager takes when it was asked for none: the first
 * tween takes room for TW_DEFAULT_TWEENS, the first sequence for
 * TW_DEFAULT_SEQUENCES (each up to its hard limit).  They are also the
 * least step of a growth. */
#define TW_DEFAULT_TWEENS 200
#define TW_DEFAULT_SEQUENCES 50

/* A piece of an update's parallel phase: runs the entries [begin, end) of
 * the work arg stands for.  It runs no code of the program. */
typedef void (*tw_job_fn)(void *arg, size_t begin, size_t end);
/* The program's parallel-for, the hook of the parallel update: runs
 * job(arg, b, e) over chunks [b, e) that cover [0, n) exactly once each,
 * in any order, on any threads (the calling one too), each chunk at least
 * grain long but the last, and returns when every chunk has run: a
 * synchronous fork-join, as LitMotion's Schedule(n, grain).Complete().
 * pool is the program's own pointer, handed back.  tw_threads_parallel_for
 * is one. */
typedef void (*tw_parallel_fn)(void *pool, tw_job_fn job, void *arg, size_t n,
                               size_t grain);

/* The threshold by measurement (make bench's P rows at other sizes): on
 * two cores, the ready pool's update of 4,096 plain floats took 1.5 times
 * the serial update's time, of 8,192 about as long, of 16,384 and more
 * 0.97 times and less (0.78 at 32,768). */
#define TW_DEFAULT_PARALLEL_GRAIN 1024
#define TW_DEFAULT_PARALLEL_THRESHOLD 16384

typedef struct tw_config {
  /* The tween capacity, reserved by tw_manager_new, so that creations up
   * to it never allocate the array (no allocation in a frame later).  0
   * (tw_config_init's and a NULL config's): nothing reserved, and the
   * first tween takes TW_DEFAULT_TWEENS (up to max_tweens) where a growth
   * would: neither counted as a growth nor reported to the warning hook.
   * A manager of the defaults holds itself and its type table only: 1,896
   * bytes on x86-64, 1,256 of heap on a Cortex-M4F (newlib-nano), where
   * the array for the defaults made it 12,696 and 12,168.  Its first
   * float tween takes 9,312 bytes more (room for 200 tweens at 44 bytes,
   * 64 handle slots at 8); each tween of room costs 52 bytes with its
   * handle slot, a tween with a record (callbacks, loops, a setter...)
   * its record too. */
  size_t tweens;
  size_t sequences;     /* the same for sequences (TW_DEFAULT_SEQUENCES) */
  size_t max_tweens;    /* hard limit on tween capacity; 0: none.  At the
                           limit creation fails with TW_ELIMIT instead of
                           growing.  Set it equal to tweens for fixed memory */
  size_t max_sequences; /* the same for sequences */
  size_t pool_bound;    /* recycled records kept at most; 0: the tween
                           capacity (TW_DEFAULT_TWEENS before the first
                           tween); beyond it killed records are freed */
  tw_alloc_fn alloc;    /* NULL: malloc/realloc/free */
  void *alloc_ud;
  tw_warn_fn warn; /* NULL: tw_warn_stderr.  Install tw_warn_silent to
                      silence */
  void *warn_ud;
  int overwrite; /* a tw_overwrite: the mode of every new tween (default
                    TW_OVERWRITE_NONE) */
  /* The parallel update (see tw_manager_set_parallel): the program's
   * parallel-for and its pool (parallel NULL: every update is serial), the
   * smallest chunk in array entries (tw_config_init:
   * TW_DEFAULT_PARALLEL_GRAIN) and the live tweens below which an update
   * stays serial (TW_DEFAULT_PARALLEL_THRESHOLD).  tw_manager_new refuses
   * what tw_manager_set_parallel refuses, with its codes. */
  tw_parallel_fn parallel;
  void *parallel_pool;
  size_t parallel_grain;
  size_t parallel_threshold;
} tw_config;

/* Fills c with the defaults above: every field 0 or NULL (no capacity
 * reserved) but the parallel update's grain and threshold. */
TW_EXTERN void tw_config_init(tw_config *c);

/* Creates a manager (c NULL: defaults), with the capacities c asks for
 * reserved (none: the first tween and the first sequence take the
 * defaults).  Capacity grows on demand by max(1.5 x current, the
 * default) (200 -> 500 -> 1250 -> 3125), each growth reported to the
 * warning hook.  A growth costs what is in use, not what was reserved: it
 * copies the live tweens and sequences (and the holes among them), not
 * the room reserved for either kind, nor the holes of dead tweens in
 * front of them; so do tw_manager_set_capacity and a restore that needs
 * room.  Errors: TW_EINVAL (out NULL, a capacity above its limit, an
 * unknown overwrite mode), TW_ENOMEM. */
TW_EXTERN int tw_manager_new(const tw_config *c, tw_manager **out);

/* Kills every tween (KILL callbacks run) and frees the manager.  NULL is a
 * no-op.  Returns TW_EBUSY, freeing nothing, from inside one of its own
 * callbacks. */
TW_EXTERN int tw_manager_free(tw_manager *m);

/* The default warning hook: one line on stderr saying how to set the
 * capacity at start-up.  tw_warn_silent does nothing. */
TW_EXTERN void tw_warn_stderr(tw_manager *m, tw_warning what, size_t old_cap,
                              size_t new_cap, void *ud);
TW_EXTERN void tw_warn_silent(tw_manager *m, tw_warning what, size_t old_cap,
                              size_t new_cap, void *ud);
/* Replaces the warning hook (fn NULL: tw_warn_stderr). */
TW_EXTERN int tw_manager_set_warn(tw_manager *m, tw_warn_fn fn, void *ud);

/* A process-wide manager with the default config, created on first use
 * (NULL if that allocation fails).  tw_default_free frees it (the next
 * tw_default makes a new one).  One thread only. */
TW_EXTERN tw_manager *tw_default(void);
TW_EXTERN int tw_default_free(void);

/* Kills every tween in creation order, each KILL callback once, and
 * empties the recycle pool.  Capacity and registered types stay.  Handles
 * issued before stay stale forever: generations are never reset.  Tweens
 * created by KILL callbacks during the clear survive it. */
TW_EXTERN int tw_manager_clear(tw_manager *m);

/* Sets the capacities (0 keeps one as it is).  Refused with TW_ERANGE if
 * below the live count of that kind, with TW_ELIMIT if above its hard
 * limit; with TW_EBUSY if shrinking would need to move tweens while an
 * update pass is walking them.  Never calls the warning hook. */
TW_EXTERN int tw_manager_set_capacity(tw_manager *m, size_t tweens,
                                      size_t sequences);

/* Manager time scale, multiplied into every scaled dt (default 1).
 * TW_EINVAL for NaN, infinite or negative.  A scaled time that would be
 * infinite (a scale of 1e308) is DBL_MAX seconds; so are times scaled by
 * a tween's own time scale. */
TW_EXTERN int tw_manager_set_timescale(tw_manager *m, double scale);
TW_EXTERN double tw_manager_timescale(const tw_manager *m);

typedef struct tw_stats {
  size_t live;               /* live tweens and sequences */
  size_t peak;               /* most live at once */
  size_t tweens_capacity;    /* 0 until the first tween of a manager
                                asked for none */
  size_t sequences_capacity; /* the same for sequences */
  size_t growths;            /* capacity growths, both kinds */
  size_t pool_size;          /* records in the recycle pool */
  size_t pool_hits;          /* records taken from the pool */
  size_t pool_misses;        /* records allocated because the pool had none */
  size_t pool_last_probes;   /* pool keys examined by the last request */
  size_t last_visited;       /* array slots the last update walked */
  size_t compactions;        /* compaction passes run */
  size_t setter_failures;    /* tweens killed because their setter failed */
  size_t bytes;              /* bytes held through the allocator */
} tw_stats;

TW_EXTERN int tw_manager_stats(const tw_manager *m, tw_stats *out);

/* Checks every internal invariant; 0 or TW_EINTERNAL. */
TW_EXTERN int tw_manager_validate(const tw_manager *m);

/* Writes the active array in order, one line per slot (holes included),
 * from its oldest tween to its newest. */
TW_EXTERN int tw_manager_dump(const tw_manager *m, FILE *out);

/* Copies the active array's handles in order into out (holes as none
 * handles), at most cap of them; returns how many slots the occupied part
 * has (which may exceed cap).  The occupied part runs from the oldest live
 * tween to the newest: the holes the oldest leave when they die are not
 * listed, and a pass that kills the oldest leaves them to its end.
 * Positions in it are not a promise (compactions move tweens); the order
 * of the live tweens is. */
TW_EXTERN int tw_manager_order(const tw_manager *m, tw_handle *out, size_t cap);

/* value types */

/* Registers a value type of size bytes interpolated by lerp (with ud) and
 * stores its id in *out_type.  Types belong to the manager and live as long
 * as it does.  Errors: TW_EINVAL (size 0, lerp NULL), TW_ENOMEM. */
TW_EXTERN int tw_register_type(tw_manager *m, size_t size, tw_lerp_fn lerp,
                               void *ud, int *out_type);

/* Size of a type's value in bytes, or TW_ETYPE. */
TW_EXTERN int tw_type_size(const tw_manager *m, int type);

/* creation
 *
 * Each creates a tween that animates *target from its current value (read
 * when the tween starts, after its delay) to end over duration seconds,
 * with ease OutQuad, one loop, auto-kill on, update type normal, playing.
 * The tween first moves on the next tw_update of its type.  out may be NULL.
 * Errors: TW_EINVAL (m or target NULL, duration NaN, negative or infinite,
 * an end not finite), TW_ETYPE, TW_ELIMIT, TW_ENOMEM.
 *
 * Finite values.  Every call that takes a value (an end, a start, a punch,
 * a shake's strength, a path's points: these, tw_from_to, tw_set_from,
 * tw_change_start, tw_change_end, tw_change_values, tw_retarget,
 * tw_spring_to, tw_punch, tw_shake and tw_path) refuses one with a NaN or
 * an infinite component with TW_EINVAL, changing nothing; so do tw_set_from
 * and tw_change_end (snap_start) when the value they read from the target
 * is not finite.  A start a tween reads from its target when it starts
 * (by pointer or getter) is not refused: each component of it that is not
 * finite counts as 0, so that no tween writes NaN.  Int and rgba8 values
 * are always finite.  A registered
 * type's values are bytes the library cannot read, so they are not
 * checked: that is the program's part. */

/* By pointer: target points to a value of the type; it must stay valid
 * while the tween lives. */
TW_EXTERN int tw_to(tw_manager *m, int type, void *target, const void *end,
                    double duration, tw_handle *out);
/* By callbacks: set writes each new value, get reads the start value, both
 * with ud. */
TW_EXTERN int tw_to_fn(tw_manager *m, int type, tw_setter_fn set,
                       tw_getter_fn get, void *ud, const void *end,
                       double duration, tw_handle *out);

TW_EXTERN int tw_float_to(tw_manager *m, float *target, float end,
                          double duration, tw_handle *out);
TW_EXTERN int tw_double_to(tw_manager *m, double *target, double end,
                           double duration, tw_handle *out);
TW_EXTERN int tw_int_to(tw_manager *m, int *target, int end, double duration,
                        tw_handle *out);
TW_EXTERN int tw_vec2_to(tw_manager *m, tw_vec2 *target, tw_vec2 end,
                         double duration, tw_handle *out);
TW_EXTERN int tw_vec3_to(tw_manager *m, tw_vec3 *target, tw_vec3 end,
                         double duration, tw_handle *out);
TW_EXTERN int tw_vec4_to(tw_manager *m, tw_vec4 *target, tw_vec4 end,
                         double duration, tw_handle *out);
TW_EXTERN int tw_color_to(tw_manager *m, tw_color *target, tw_color end,
                          double duration, tw_handle *out);
TW_EXTERN int tw_rgba8_to(tw_manager *m, tw_rgba8 *target, tw_rgba8 end,
                          double duration, tw_handle *out);

/* With a given start (GSAP's fromTo, DOTween's From with a start value):
 * the tween runs from start to end, both values of the type, and never
 * reads the target, so tw_from_to_fn needs no getter (a write-only
 * property).  The target is set to the start at once, by this call (as
 * the first update would write it; through the setter for tw_from_to_fn,
 * whose failure kills the new tween as any failed write does: the call
 * still returns 0 and stores the handle, now stale).  The tween is
 * otherwise as tw_to's.  Later settings: tw_set_relative makes end an
 * offset from the given start; tw_set_speed_based takes the distance
 * from start to end; tw_set_from is refused (TW_EINVAL: the start is
 * given; tw_change_start changes it), and so is tw_change_end with
 * snap_start on a tween without a getter.  Errors as tw_to (TW_EINVAL
 * also for start NULL, or set NULL), and a refused call changes
 * nothing. */
TW_EXTERN int tw_from_to(tw_manager *m, int type, void *target,
                         const void *start, const void *end, double duration,
                         tw_handle *out);
TW_EXTERN int tw_from_to_fn(tw_manager *m, int type, tw_setter_fn set, void *ud,
                            const void *start, const void *end, double duration,
                            tw_handle *out);

/* settings
 *
 * Delay, loops, auto-kill, from, relative and speed-based shape how a tween
 * starts: they are refused with TW_ELOCKED once it has started (its first
 * update after the delay), as in DOTween.  The others may change at any
 * time. */

/* Seconds to wait before starting (default 0). */
TW_EXTERN int tw_set_delay(tw_manager *m, tw_handle h, double delay);
/* Loops forever: tw_set_loops takes it, tw_loops_get gives it. */
#define TW_LOOPS_INFINITE (-1)
/* loops: 1 or more, or TW_LOOPS_INFINITE (default 1).  A looping tween
 * sums its time with compensation (Kahan's), so that loops do not drift:
 * an hour of 1 s loops updated at 1/60 s ends every loop on its 60th
 * frame. */
TW_EXTERN int tw_set_loops(tw_manager *m, tw_handle h, int loops,
                           tw_loop_type type);
/* Default 1: the tween is killed when it completes. */
TW_EXTERN int tw_set_autokill(tw_manager *m, tw_handle h, int on);
TW_EXTERN int tw_set_update_type(tw_manager *m, tw_handle h,
                                 tw_update_type type);
/* 1: the tween runs on unscaled_dt and ignores the manager time scale. */
TW_EXTERN int tw_set_independent(tw_manager *m, tw_handle h, int on);
/* These may change at any time. */
TW_EXTERN int tw_set_id(tw_manager *m, tw_handle h, int id);
/* The key the tween animates, which the controls and queries by target
 * (tw_kill_target, tw_do_target, tw_find_target), overwrite and tw_writer
 * use.  By default a pointer tween's key is the bytes it writes, [target,
 * target + size of its type), and a setter tween's is its (setter, user
 * data) pair, which a query by target reaches through the user data.  A
 * key of the program's own (key not NULL) stands for the one byte at key,
 * instead; NULL puts the default back.  Keys overlap when their bytes
 * meet: a vec3 tween on &p and a float tween on &p.y overlap, &p.x and
 * &q.x do not.  A sequence has no key: it refuses one (TW_EINVAL, changing
 * nothing). */
TW_EXTERN int tw_set_key(tw_manager *m, tw_handle h, const void *key);
/* Deprecated: the name tw_set_key had before keys covered targets. */
TW_EXTERN TW_DEPRECATED("use tw_set_key") int tw_set_target(tw_manager *m,
                                                            tw_handle h,
                                                            const void *key);

/* What a tween does to older tweens on its key when it starts. */
typedef enum tw_overwrite {
  /* DOTween's way (the default): every tween writes, in creation order,
   * and the last created wins while it runs */
  TW_OVERWRITE_NONE = 0,
  /* GSAP's "auto", LVGL's replace: when the tween starts (its first step
   * after its delay, or a control that starts it), every older live tween
   * whose key overlaps its own is killed, their KILL callbacks once each,
   * in creation order; the starting tween has read its start value
   * before, so that a KILL callback finds it started whole (a retarget
   * from one sets off from there).  The children of one sequence never
   * overwrite each other; a child counts at its sequence's place in creation
   * order, and overwrites tweens outside its sequence.  The cost does not grow
   * with the number of live tweens: the first use builds an index of keys, kept
   * from then on. */
  TW_OVERWRITE_KILL,
  TW__ENUM_INT(OVERWRITE)
} tw_overwrite;
/* The overwrite mode of one tween (the default: tw_config.overwrite).
 * TW_EINVAL for an unknown mode, TW_ELOCKED once the tween has started. */
TW_EXTERN int tw_set_overwrite(tw_manager *m, tw_handle h, tw_overwrite mode);
TW_EXTERN int tw_set_timescale(tw_manager *m, tw_handle h, double scale);
/* Default 1: a killed tween's record goes to the recycle pool. */
TW_EXTERN int tw_set_recyclable(tw_manager *m, tw_handle h, int on);

/* DOTween's From(): the tween ends at the target's value as it is now (read
 * by this call, through the getter for setter tweens) and starts at `from`
 * (a value of its type; NULL: the end value given at creation); the target
 * jumps to the start value at once.  With relative on (set it before), the
 * start is the target's value plus from.  TW_EINVAL for a tween whose
 * start was given (tw_from_to), and for a from or a target's value that is
 * not finite (see creation), changing nothing. */
TW_EXTERN int tw_set_from(tw_manager *m, tw_handle h, const void *from);
/* 1: the end value given is an offset from the start value (added when the
 * tween starts).  A sum past the largest value of its type saturates
 * there, as every sum of the library does (a float 3e38 + 3e38 is
 * FLT_MAX, a double 1e308 + 1e308 DBL_MAX; so is tw_set_from's relative
 * start).  Built-in types only (TW_EUNSUPPORTED for registered types);
 * TW_EINVAL after tw_set_from, which applies relative when it runs. */
TW_EXTERN int tw_set_relative(tw_manager *m, tw_handle h, int on);
/* 1: the duration given at creation is a speed in units per second; the
 * tween's duration becomes distance / speed when it starts (distance:
 * |end - start|, Euclidean for vectors and colours).  Built-in types only
 * (TW_EUNSUPPORTED for registered types); TW_EINVAL when the speed is 0. */
TW_EXTERN int tw_set_speed_based(tw_manager *m, tw_handle h, int on);

/* Changes the values of a live tween and rewinds it to its start without
 * pausing it (DOTween's ChangeStartValue / ChangeEndValue / ChangeValues):
 * a started tween gets its start value written at once; no callback fires.
 * The new start is used as is, not read from the target.  snap_start: the
 * start becomes the target's current value (TW_EINVAL for a setter tween
 * without a getter).  A value given or read that is not finite is refused
 * with TW_EINVAL, changing nothing (see creation). */
TW_EXTERN int tw_change_start(tw_manager *m, tw_handle h, const void *start);
TW_EXTERN int tw_change_end(tw_manager *m, tw_handle h, const void *end,
                            int snap_start);
TW_EXTERN int tw_change_values(tw_manager *m, tw_handle h, const void *start,
                               const void *end);

/* eases */

TW_EXTERN int tw_set_ease(tw_manager *m, tw_handle h, tw_ease ease);

/* Ease parameters: overshoot is Back's overshoot (default 1.70158),
 * Elastic's amplitude and the number of flashes of the Flash eases; period
 * is Elastic's period in seconds (0: DOTween's default, 0.3 of the duration,
 * 0.45 for InOut) and Flash's weight in [-1, 1].  TW_EINVAL for NaN or
 * infinite.  The flash count is whole, as in DOTween: it is truncated (the
 * default 1.70158 is one flash, 5.7 is five), and below 1 it is 1.
 *
 * Whatever the parameters, an eased fraction that is NaN (an absurd curve,
 * or a user ease that returns NaN) counts as 0, and one beyond +-1e18 as
 * +-1e18, so that no value conversion overflows; the end of a tween is
 * still its end value exactly. */
TW_EXTERN int tw_set_ease_params(tw_manager *m, tw_handle h, double overshoot,
                                 double period);

/* A user ease: returns the eased fraction for progress x in [0, 1].  It
 * is a pure function: unlike callbacks it must not call into the library. */
typedef double (*tw_ease_fn)(double x, void *ud);
TW_EXTERN int tw_set_ease_fn(tw_manager *m, tw_handle h, tw_ease_fn fn,
                             void *ud);
/* CSS cubic-bezier(x1, y1, x2, y2); x1 and x2 must be in [0, 1]. */
TW_EXTERN int tw_set_ease_bezier(tw_manager *m, tw_handle h, double x1,
                                 double y1, double x2, double y2);

/* CSS steps(n, jump). */
typedef enum tw_jump {
  TW_JUMP_START = 0,
  TW_JUMP_END,
  TW_JUMP_NONE, /* needs n >= 2 */
  TW_JUMP_BOTH,
  TW__ENUM_INT(JUMP)
} tw_jump;
TW_EXTERN int tw_set_ease_steps(tw_manager *m, tw_handle h, int n,
                                tw_jump jump);

/* Eases for a program's own values: the eased fraction at progress x,
 * exactly the fraction a tween with that ease and those parameters uses at
 * time x of a duration of 1 (a double tween from 0 to 1 writes it), and at
 * time x * d of any power-of-two duration d, Elastic's period (seconds for
 * a tween) then given here as a fraction of d.  Some eases leave [0, 1] (Back,
 * Elastic, bezier with y outside [0, 1]).  Bad input never gives NaN: x is
 * clamped to [0, 1], NaN counting as 0; a NaN or infinite overshoot or period
 * is its default (1.70158, 0).  An ease that tw_set_ease would refuse
 * (TW_EEASE), and bezier or steps parameters that tw_set_ease_bezier or
 * tw_set_ease_steps would refuse (TW_EINVAL), give the Linear value, x clamped.
 * The result is always finite: where a huge parameter overflows the curve,
 * a NaN counts as 0 and a magnitude beyond 1e18 is 1e18, as in a tween
 * (see tw_set_ease_params). */
TW_EXTERN double tw_ease_eval(tw_ease ease, double x, double overshoot,
                              double period);
TW_EXTERN double tw_ease_eval_bezier(double x1, double y1, double x2, double y2,
                                     double x);
TW_EXTERN double tw_ease_eval_steps(int n, tw_jump jump, double x);

/* The ease's name, such as "TW_EASE_IN_SINE" (TW_EASE_MAP's; "TW_UNKNOWN"
 * for anything else). */
TW_EXTERN const char *tw_ease_name(tw_ease ease);

/* A keyframe of an ease curve: at time `time` (0..1) the curve is `value`,
 * leaving with slope out_tangent and arriving with in_tangent. */
typedef struct tw_key {
  float time, value, in_tangent, out_tangent;
} tw_key;
/* A keyframe curve: cubic Hermite between keys, clamped to the first and
 * last key outside them.  Keys must be in strictly increasing time; n >= 1.
 * The keys are copied: the copy belongs to the tween and goes back to the
 * pool (or the allocator) with its record when the tween dies. */
TW_EXTERN int tw_set_ease_curve(tw_manager *m, tw_handle h, const tw_key *keys,
                                size_t n);

/* choreography: loops and values
 *
 * These settings take a record's cold memory on first use (TW_ENOMEM if
 * none), which goes back to the pool with the record; bad arguments are
 * refused with TW_EINVAL, changing nothing. */

/* Seconds waited between two loops (GSAP's repeatDelay; default 0), not
 * after the last: all loops take duration x loops + seconds x (loops - 1),
 * which tw_duration(all_loops), tw_elapsed_percentage, the end of the tween
 * and a sequence's place for it (tw_seq_child_at's span) count.  During the
 * wait the tween holds the value at the end of the loop it finished (for
 * yoyo loops, the end or the start), tw_position answers the duration, and
 * the loop counts as done once the wait is over.  seconds: finite, >= 0.
 * Locked once the tween has started (TW_ELOCKED), like tw_set_loops. */
TW_EXTERN int tw_set_loop_delay(tw_manager *m, tw_handle h, double seconds);
/* The ease of the backward halves of yoyo loops (default: the tween's own
 * ease played in reverse).  Such a half goes from the end value to the
 * start value as a tween with this ease would: the fraction is 1 -
 * ease(position / duration), exactly the start value at the half's end.
 * Built-in eases only (TW_EEASE otherwise); (tw_ease)-1 goes back to the
 * default.  May change at any time; the next write uses it. */
TW_EXTERN int tw_set_yoyo_ease(tw_manager *m, tw_handle h, tw_ease ease);
/* Snapping (DOTween's snapping, to any step): every value written is
 * rounded, component by component, to the nearest multiple of step (half
 * away from zero; an int's multiple then rounded as ints are).  A rounded
 * component within 1e-9 x step of the start or end value is written as
 * that value, so a tween whose end is a multiple of step ends exactly on
 * its end; a component with no multiple its type can hold (a float near
 * FLT_MAX, step 4e38) is written as it is.  step: finite, >= 0 (0: off, the
 * default).  Built-in numeric types only (TW_EUNSUPPORTED for
 * TW_TYPE_RGBA8, registered types and sequences).  May change at any time;
 * the next write uses it. */
TW_EXTERN int tw_set_snap(tw_manager *m, tw_handle h, double step);

/* Additive (DOTween's blendable tweens): instead of writing its value,
 * each write adds to the target the change of the tween's own value since
 * its last write (from its start value at its first), so several additive
 * tweens on one value, and the program's own writes to it, add up, applied
 * in creation order like every write.  Use it with tw_set_relative for
 * "move by": an additive tween from the target's value to end moves it by
 * end - start whatever else moves it.  Each write, in double, sets the
 * target to what the others made of it (its value less the tween's value
 * at its last write) plus the tween's value now: so a tween alone on its
 * value writes its own values exactly, and ends exactly on its end (a
 * yoyo or a punch back on its start) at any magnitude, for every numeric
 * type; with other writers the changes of all sum at the precision of the
 * target's type, write by write (a float far above 38.21 cannot keep
 * that 38.21).  A rewind, a goto or a yoyo loop adds the change back.  A sum
 * past the largest value of its type saturates there.  A tween that is not
 * additive still writes its value over the target, dropping what was added
 * before it: to combine a base motion with additive ones, make the base tween
 * additive too.  Built-in numeric types bound by pointer only
 * (TW_EUNSUPPORTED for TW_TYPE_RGBA8, registered types and sequences,
 * TW_EINVAL for setter tweens); locked once the tween has started
 * (TW_ELOCKED). */
TW_EXTERN int tw_set_additive(tw_manager *m, tw_handle h, int on);

/* Punch and shake (DOTween's DOPunch and DOShake, LitMotion's Punch and
 * Shake), for TW_TYPE_FLOAT, TW_TYPE_VEC2, TW_TYPE_VEC3 and TW_TYPE_VEC4
 * targets bound by pointer (TW_EUNSUPPORTED for other types, TW_ETYPE for
 * a type the manager does not know).  The tween reads
 * the target's value when it starts, vibrates around it, and ends on it
 * exactly (with an ease that ends at 1: one that ends elsewhere, a keyframe
 * curve, ends elsewhere, as on any tween); values past the largest float
 * saturate there.  It runs through max(2, floor(vibrato x duration)) equal
 * segments (DOTween's count: vibrato is vibrations per second, DOTween's
 * default 10), at most 2^31 (a vibration a millisecond for 24 days, more
 * than frames can show), between waypoints, eased OutQuad within each;
 * the first and the last waypoint are the start value, and peak i (0-based) is,
 * per component, the amount (punch, or strength) times (segments - i) /
 * segments, its sign alternating.  Its ease (default Linear) maps time to
 * the fraction that runs through the segments; fractions outside (0, 1)
 * give the start value.  Having no end value of their own, they refuse
 * with TW_EINVAL, changing nothing, tw_set_from, tw_set_relative,
 * tw_set_speed_based, tw_change_end and tw_change_values (tw_change_start
 * moves the value they vibrate around); every other setting works as on
 * any tween.
 * Refused with TW_EINVAL, creating nothing: a NULL target or amount, a
 * component of it NaN or infinite, a bad duration, vibrato < 0, or a
 * parameter out of its range.  The handle goes to *out (may be NULL); as
 * with tw_to, a warning hook (which sees the tween whole) that kills the
 * new tween during the call leaves 0 and a stale handle. */

/* Punch: the peaks go towards the punch and, scaled by elasticity (in [0,
 * 1], DOTween's default 1), beyond the start the other way; 0 vibrates
 * between the punch and the start only. */
TW_EXTERN int tw_punch(tw_manager *m, int type, void *target, const void *punch,
                       double duration, int vibrato, double elasticity,
                       tw_handle *out);
/* Shake: each component of peak i is also scaled by a factor drawn from
 * the seed, in (1 - 2 x randomness / 180, 1]: randomness in [0, 180]
 * degrees (DOTween's default 90) turns the shake away from the strength's
 * direction, 0 shaking along it and 180 in any direction.  With fade_out
 * 0 (DOTween's default is 1) the peaks keep the whole strength instead of
 * decaying.  The same seed gives the same shake on every platform, however
 * the updates fall. */
TW_EXTERN int tw_shake(tw_manager *m, int type, void *target,
                       const void *strength, double duration, int vibrato,
                       double randomness, uint32_t seed, int fade_out,
                       tw_handle *out);

/* Paths (DOTween's DOPath): a TW_TYPE_VEC2 or TW_TYPE_VEC3 target bound
 * by pointer (TW_EUNSUPPORTED for other types, TW_ETYPE for a type the
 * manager does not know) follows the n points given (tw_vec2 or
 * tw_vec3 each), which are copied and kept with the tween's record (and
 * its pool).  The kind:
 *  - TW_PATH_LINEAR: straight segments between points (n >= 2);
 *  - TW_PATH_CATMULL_ROM: a centripetal Catmull-Rom spline through the
 *    points (n >= 2), which has no cusps or loops within a segment; an open
 *    path's ends mirror their neighbours; between a point and itself (a
 *    point given twice in a row) it stays on the point;
 *  - TW_PATH_BEZIER: cubic Bezier segments, the points being point,
 *    control, control, point, control, control, point... (n = 3k + 1, or 3k
 *    closed, the last segment's end being the first point; k >= 1);
 * or'ed with TW_PATH_CLOSED (the path returns to its first point) and
 * TW_PATH_CONSTANT_SPEED (equal times cover equal lengths; else each
 * segment takes an equal share of the time).  Constant speed reads a table
 * of lengths built once at creation, 32 chords a segment: where a segment
 * turns through less than a half-turn between chords, the length travelled
 * at fraction e is e x length to within 0.1% of the path's length.  The tween
 * starts on the first point (the target is not read) and ends exactly on the
 * last (the first, closed); its ease (default Linear) maps time to the fraction
 * along the path, and fractions outside [0, 1] stay at the ends.  Refused with
 * TW_EINVAL, creating nothing: a NULL target or points, a bad duration, an
 * unknown kind, a count the kind does not take or more than SIZE_MAX / 192
 * (no point is read then), or a point NaN or infinite.
 * Its values are its points': tw_set_from, tw_set_relative,
 * tw_set_speed_based and every tw_change_* refuse a path with TW_EINVAL,
 * changing nothing (tw_retarget too).
 * Values past the largest float (a curve swinging beyond huge points)
 * saturate there; a warning hook (which sees the tween whole) that kills
 * the new tween during the call leaves 0 and a stale handle, as with
 * tw_to. */
typedef enum tw_path_kind {
  TW_PATH_LINEAR = 0,
  TW_PATH_CATMULL_ROM = 1,
  TW_PATH_BEZIER = 2,
  TW_PATH_CLOSED = 16,
  TW_PATH_CONSTANT_SPEED = 32,
  TW__ENUM_INT(PATH)
} tw_path_kind;
TW_EXTERN int tw_path(tw_manager *m, int type, void *target, const void *points,
                      size_t n, tw_path_kind kind, double duration,
                      tw_handle *out);
/* The direction of the path where the tween is (a unit tw_vec2 or tw_vec3
 * into out, towards the path's end), for orienting a sprite: the
 * derivative of the segment there, exact for each kind.  Zeros where the
 * path stands still: on a segment whose points are one point (two equal
 * points of a linear or Catmull-Rom path, whose value stays on that point;
 * four of a Bezier segment), where the tween waits without constant
 * speed; constant speed spends no time there, and at its ends takes the
 * way of the nearest segment that moves.  Where a moving segment stops for
 * an instant (a Bezier control on its point, a cusp), the direction is the
 * way it leaves (at the path's end, the way it arrives); a speed below
 * 1e-9 of the segment's largest coordinate counts as such a stop, so that
 * rounding never turns the direction.  TW_EINVAL for a tween that is not a
 * path. */
TW_EXTERN int tw_path_tangent(const tw_manager *m, tw_handle h, void *out);

/* callbacks */

/* Sets (fn NULL: removes) the callback for an event. */
TW_EXTERN int tw_on(tw_manager *m, tw_handle h, tw_event ev, tw_callback fn,
                    void *ud);

/* sequences
 *
 * A sequence is a tween whose timeline holds other tweens, intervals and
 * callbacks; it lives in the active array like any tween and is controlled
 * as one (every setting, control and query above works on it, except those
 * about values: from, relative, speed-based, change_*).  Its duration is
 * the end of its latest item; its own delay acts as a prepended interval;
 * its ease warps the whole timeline (default Linear, as in DOTween);
 * incremental loops act as restart.  Sequences have their own capacity.
 *
 * A child leaves the active array when added: only the sequence is updated
 * by the manager, and it drives its children.  The child's handle stays
 * valid, and every call on it but tw_is_active returns TW_ENESTED.  The
 * child's delay becomes part of its place in the timeline.  Children are
 * ordered by start time, then by insertion: of two overlapping children
 * writing one value, the one inserted last wins.  A child starts (reads
 * its start value, fires START) when the timeline first reaches it.
 *
 * One update may jump across several children: every child ends as many
 * small updates would leave it, and callbacks fire child by child in the
 * order the children reach their final state.  Going backwards re-applies
 * values in reverse, so earlier children end at their start values (a
 * child of duration 0 too, when the timeline goes back to or past its
 * place).  A
 * restarting sequence puts its children back to their start values
 * (silently) at each new loop.  Killing a sequence kills its children
 * first, each KILL callback once, then the sequence's own.
 *
 * Building is refused, changing nothing, with TW_ELOCKED once the sequence
 * (or the child) has started (its sentence: "not allowed once the tween or
 * sequence has started"), TW_ENESTED for a child already in a sequence
 * (or a sequence that is one: add children to a sequence before adding it
 * to another), TW_ESTALE for a dead one, TW_EINVAL for a sequence added to
 * itself, a speed-based child or a spring with a velocity vector
 * (tw_spring_to_v), TW_EINFINITE for an infinitely looping
 * child, TW_ERANGE for a timeline that would be longer than DBL_MAX
 * seconds (or a prepend that would move a label past DBL_MAX).
 *
 * Times.  Every time a building call takes (an insert's `at`, an
 * interval, a stagger's at, each and amount, a label's time, a label's
 * offset added to it) is a finite number of seconds >= 0, -0 counting as
 * 0 (TW_EINVAL otherwise), with no cap below DBL_MAX: TW_ERANGE is the
 * only limit, and tw_goto and tw_goto_label take any such time.  At huge
 * times a double tells apart only times some 2.2e-16 of their size apart:
 * a child much shorter than that (a second at 1e300) takes no time there,
 * and the timeline may pass its end without reaching it.
 *
 * A sequence with nothing to call in its timeline (no callback items, no
 * child with a callback) crosses any number of loops in one update at the
 * cost of two; with callbacks, each loop crossed is driven, and fires
 * them. */

/* Creates an empty sequence (playing, auto-kill, ease Linear). */
TW_EXTERN int tw_sequence(tw_manager *m, tw_handle *out);
/* Adds child at the current end of the timeline. */
TW_EXTERN int tw_seq_append(tw_manager *m, tw_handle seq, tw_handle child);
/* Adds child at the join point, DOTween's "last insert time" (Sequence.cs):
 * where the last child added starts moving (its place plus its delay),
 * where the last callback added fires, where the last interval appended
 * starts, or 0 after a prepend of an undelayed child or of an interval (a
 * delayed child prepended: its delay). */
TW_EXTERN int tw_seq_join(tw_manager *m, tw_handle seq, tw_handle child);
/* Adds child at time `at` (seconds). */
TW_EXTERN int tw_seq_insert(tw_manager *m, tw_handle seq, double at,
                            tw_handle child);
/* Adds child at 0 and moves everything else later by its length. */
TW_EXTERN int tw_seq_prepend(tw_manager *m, tw_handle seq, tw_handle child);
/* Adds d seconds of nothing at the end / at the start.  Any addition
 * that would make the timeline longer than DBL_MAX seconds is refused with
 * TW_ERANGE, changing nothing. */
TW_EXTERN int tw_seq_append_interval(tw_manager *m, tw_handle seq, double d);
TW_EXTERN int tw_seq_prepend_interval(tw_manager *m, tw_handle seq, double d);
/* A callback at the end / where the last item was added / at `at`; it
 * fires, with the sequence's handle, whenever the timeline crosses its
 * time, in either direction. */
TW_EXTERN int tw_seq_append_callback(tw_manager *m, tw_handle seq,
                                     tw_callback fn, void *ud);
TW_EXTERN int tw_seq_join_callback(tw_manager *m, tw_handle seq, tw_callback fn,
                                   void *ud);
TW_EXTERN int tw_seq_insert_callback(tw_manager *m, tw_handle seq, double at,
                                     tw_callback fn, void *ud);
/* 1 for a sequence, 0 for a tween, or an error. */
TW_EXTERN int tw_is_sequence(const tw_manager *m, tw_handle h);
/* Where a child's place starts in its sequence's timeline (seconds; its
 * own delay runs from there), and how long the place lasts (its delay plus
 * all its loops).  TW_EINVAL for a tween that is not in a sequence. */
TW_EXTERN int tw_seq_child_at(const tw_manager *m, tw_handle child, double *at,
                              double *span);

/* Stagger (GSAP 3's stagger, its utils.distribute()): inserts n children
 * at `at` plus an offset each, from the distribution a tw_stagger
 * describes.  Each child has a distance from an origin: on a line, child i
 * sits at x = i; in a grid of cols columns (GSAP's grid: [rows, cols]),
 * child i sits at column x = i % cols, row y = i / cols.  The origin
 * (`from`) is, with r = 0 for TW_STAGGER_START and TW_STAGGER_RANDOM, 1
 * for TW_STAGGER_END, 0.5 for TW_STAGGER_CENTER and TW_STAGGER_EDGES:
 * x = r x n - 0.5 on a line, and in a grid x = r x min(cols, n) - 0.5,
 * y = r x n / cols - 0.5 (so START is half a step before the first child,
 * END half a step past the last, CENTER the middle; a grid's rows are
 * those the children fill, fractions of a row included, as in GSAP).
 * TW_STAGGER_INDEX puts it on child `index`.  TW_STAGGER_RANDOM then
 * shuffles the distances among the children with a generator seeded with
 * `seed` (the same seed gives the same order on every platform and run).
 * A distance is Euclidean, or along one axis (TW_AXIS_X: columns only,
 * TW_AXIS_Y: rows only).  With dmin and dmax the least and the largest
 * distance, a child's fraction is f = (d - dmin) / (dmax - dmin), and its
 * offset is ease(f) x total (EDGES: ease(1 - f) x total, the edges first),
 * where ease is the stagger's own ease (default Linear, with the default
 * overshoot and period) and total is `amount` when it is above 0, else
 * `each` times n - 1 on a line (or in a grid whose row is longer than n),
 * times max(cols, n / cols) in a grid, cols along x, n / cols along y.  So
 * on a line, from the start, child i starts i x each after `at`; from the
 * centre with each 0.1, five children start 0.4 0.2 0 0.2 0.4 after it,
 * four 0.3 0 0 0.3.  These are GSAP's start times, computed in double,
 * except that:
 *  - GSAP rounds each to 1e-7 s; libtween does not;
 *  - where every child is as far from the origin as every other (n = 2
 *    from the centre or the edges, a 2 x 2 grid from its centre), every
 *    child starts at `at`: GSAP's formula divides 0 by 0 there, and
 *    starts them at 0 for the centre but at the whole total for the
 *    edges (n = 2, each 0.1: both at 0.1), where the edges should go
 *    first;
 *  - a negative each or amount (GSAP's reverse order) is refused: use
 *    TW_STAGGER_END; GSAP's grid "auto" (measured from the page) and its
 *    from as a ratio have no counterpart; a random order is seeded.
 * A stagger's ease that leaves [0, 1] (Back, Elastic) can place a child
 * before `at` or past at + total: a place before 0 is TW_ERANGE. */
typedef enum tw_stagger_from {
  TW_STAGGER_START = 0,
  TW_STAGGER_END,
  TW_STAGGER_CENTER,
  TW_STAGGER_EDGES,
  TW_STAGGER_RANDOM,
  TW_STAGGER_INDEX,
  TW__ENUM_INT(STAGGER)
} tw_stagger_from;
typedef enum tw_stagger_axis {
  TW_AXIS_BOTH = 0, /* Euclidean */
  TW_AXIS_X,
  TW_AXIS_Y,
  TW__ENUM_INT(AXIS)
} tw_stagger_axis;
typedef struct tw_stagger {
  double each;          /* seconds per step (>= 0, finite) */
  double amount;        /* > 0: the whole spread, instead of each */
  tw_stagger_from from; /* where the distances are measured from */
  size_t index;         /* TW_STAGGER_INDEX: the child that starts first */
  uint32_t seed;        /* TW_STAGGER_RANDOM: the order's seed */
  size_t rows, cols;    /* a grid of cols columns (0, 0: a line) */
  tw_stagger_axis axis; /* the distance: Euclidean, or along one axis */
  tw_ease ease;         /* the ease over the distribution */
} tw_stagger;
/* Defaults: each 0, amount 0, from START, index 0, seed 0, no grid, axis
 * BOTH, ease Linear. */
TW_EXTERN void tw_stagger_init(tw_stagger *st);
/* The offsets of n children (seconds after `at`) into out[0..n-1], for a
 * program's own use (delays of separate tweens, say).  TW_EINVAL for st
 * NULL, out NULL with n > 0, each or amount negative, NaN or infinite, an
 * unknown from, axis or ease, an index not below n (n > 0), cols 0 with
 * rows not 0, or rows too few to hold n children in cols columns (rows 0:
 * as many as they fill; more are ignored, as GSAP ignores them: the
 * origin's row counts only the rows the children fill); TW_ERANGE when an
 * offset is not a finite number of seconds (each 1e308 over many
 * children).  n == 0 does nothing. */
TW_EXTERN int tw_stagger_offsets(const tw_stagger *st, size_t n, double *out);
/* Inserts the n children at at + their offsets, as tw_seq_insert inserts
 * each (their own delay runs from there).  Either every child is inserted
 * or none: st's refusals as tw_stagger_offsets's, TW_EINVAL also for a
 * bad at (NaN, negative or infinite), children NULL with n > 0, or a child
 * given twice; a child's own refusal (TW_ESTALE, TW_ENESTED, TW_ELOCKED,
 * TW_EINFINITE, TW_EINVAL), TW_ERANGE for a place before 0 or a timeline
 * longer than DBL_MAX seconds, and TW_ENOMEM, all change nothing.  The
 * join point (tw_seq_join) is then where the last child of the array
 * starts moving.  n == 0 does nothing. */
TW_EXTERN int tw_seq_stagger_with(tw_manager *m, tw_handle seq,
                                  const tw_handle *children, size_t n,
                                  double at, const tw_stagger *st);
/* tw_seq_stagger_with with each, from and seed set on tw_stagger_init's
 * defaults (from: START, END, CENTER, EDGES or RANDOM; TW_EINVAL for
 * others). */
TW_EXTERN int tw_seq_stagger(tw_manager *m, tw_handle seq,
                             const tw_handle *children, size_t n, double at,
                             double each, tw_stagger_from from, uint32_t seed);

/* Labels: named times of a sequence's timeline (seconds: finite, >= 0;
 * past the timeline's end too).  The name (a non-empty string) is copied;
 * a name added again moves its label.  A prepend (of a child or an
 * interval) moves every label later with everything else.  Labels may be added
 * at any time, even to a started sequence.  An unknown name, or a handle that
 * is not a sequence, is TW_EINVAL. */
TW_EXTERN int tw_seq_add_label(tw_manager *m, tw_handle seq, const char *name,
                               double at);
TW_EXTERN int tw_seq_label_at(const tw_manager *m, tw_handle seq,
                              const char *name, double *at);
/* Inserts child at the label's time plus offset (may be negative, as long
 * as the sum is not: TW_EINVAL), as tw_seq_insert does; a sum past DBL_MAX
 * is TW_ERANGE. */
TW_EXTERN int tw_seq_insert_at_label(tw_manager *m, tw_handle seq,
                                     const char *name, double offset,
                                     tw_handle child);
/* tw_goto(m, seq, the label's time, and_play): a time of the first loop of
 * the sequence's timeline (with a non-linear ease on the sequence, its
 * elapsed time, like tw_goto's). */
TW_EXTERN int tw_goto_label(tw_manager *m, tw_handle seq, const char *name,
                            int and_play);

/* time */

/* Advances every playing tween of update type `type`, in creation order,
 * by dt seconds times the time scales (or unscaled_dt for independent
 * tweens).  Tweens created during the pass first move on the next update
 * of their type.  Errors: TW_EINVAL (m NULL, an unknown type, dt or
 * unscaled_dt NaN, infinite or negative), TW_EBUSY (from a callback of m).
 *
 * Kills and creations in the callbacks of one pass leave holes that the
 * array closes later (an update closes them as it walks once they are
 * more than a quarter of its occupied part, from the oldest live tween to
 * the newest; the holes the oldest leave behind them are stepped over,
 * and close only when appends reach the array's end); should creation
 * during the pass find
 * the array full to its end, the holes close then (the pass goes on over
 * the same tweens), so only the capacity limits creation, never the holes:
 * a program at its hard limit may kill one tween and create another in
 * any callback. */
TW_EXTERN int tw_update(tw_manager *m, tw_update_type type, double dt,
                        double unscaled_dt);

/* threads: the parallel update and the ready pool */

/* The parallel update (DESIGN.md section 11).  The library starts no
 * thread: the program hands a manager its own parallel-for (hook, with its
 * pool; see tw_parallel_fn), or the ready pool below.  Then an update of a
 * manager with at least `threshold` live tweens in its array (0: every
 * update) runs in two phases:
 *
 *  - the parallel phase: the hook runs over the array in chunks of at
 *    least `grain` entries; each chunk advances, eases and writes its
 *    eligible tweens: those of the update's type that run (started,
 *    playing, past their delay, short of their end) with no record (no
 *    callback, setter, id, delay, loops, own time scale, choreography, big
 *    or registered type) and whose key no other live tween overlaps (found
 *    when a tween is created, or its key set, through the key index,
 *    which tw_manager_set_parallel builds; a tween once found sharing its
 *    key stays ordered while it lives).  A pointer tween with a key of its
 *    own (tw_set_key) counts as overlapping its bytes too (found the same
 *    way, in a cost per creation that does not grow with the number of
 *    such tweens).  No code of the program runs in it but the hook;
 *  - the ordered phase, on the calling thread: every other tween of the
 *    array, those that end in this update too, in creation order, exactly
 *    as the serial update runs them: records, callbacks, setters,
 *    sequences, shared keys, kills, slot releases and generations.
 *
 * Every value written is bit for bit the one the serial update writes
 * (the same code computes it), and handles, the order, the pool and
 * tw_stats come out the same.  The one difference: an eligible tween's
 * write of this update has landed before any callback of this update
 * runs, as if the eligible tweens came first in the array for this
 * update.  So a callback that reads an eligible tween's target sees its
 * new value, and one that kills, pauses, rewinds or moves an eligible
 * tween later in the array acts on it after its step of this update, not
 * before (serial: it would not step); a tween a callback creates with a
 * given start (tw_from_to) writes that start after the eligible tweens'
 * writes too.  Writes the library cannot see are
 * the program's to order: a setter or a callback that writes an eligible
 * tween's target writes after it, whatever their places in the array.
 *
 * During the parallel phase the calling thread may not use the manager:
 * from the hook, every call that takes the manager refuses at its door,
 * before it looks up a handle or reads anything of the manager, with
 * TW_EBUSY (tw_is_active answers 0) and a sentence naming it, and
 * changes nothing (no allocation either); only tw_last_error_detail,
 * tw_manager_timescale and the warning hooks tw_warn_stderr and tw_warn_silent
 * answer as usual. Any call at all from the pool's other threads is a data race
 * like any other unsynchronised use of a manager.  An update refused before it
 * started (TW_EINVAL, TW_EBUSY) does not call the hook.  When the hook's memory
 * (16 bytes per array entry, kept and grown with the array) cannot be
 * had, or when the array's holes are due to be closed (a quarter of it),
 * that update runs serially, with the same results.
 *
 * tw_manager_set_parallel sets the hook (NULL: serial from here on; pool,
 * grain and threshold are then ignored).  Errors, changing nothing:
 * TW_EINVAL (m NULL, a NULL hook with a non-NULL pool, grain 0 with a
 * hook), TW_EBUSY (from inside any callback, setter, getter or hook of
 * m, whatever call ran it: the KILL callback of a tw_kill as of a
 * tw_kill_all, a clear or an overwrite), TW_ENOMEM (the key index). */
TW_EXTERN int tw_manager_set_parallel(tw_manager *m, tw_parallel_fn hook,
                                      void *pool, size_t grain,
                                      size_t threshold);

/* The ready pool: nthreads threads in all, the calling one included
 * (nthreads - 1 workers, which sleep on a condition variable between
 * calls; they never spin).  Built on POSIX threads where configure found
 * them (or, in the amalgamation, where TW_THREADS is defined to 1 and the
 * program links with -pthread); otherwise tw_threads_new returns
 * TW_ENOTSUP.  Errors: TW_EINVAL (out NULL, nthreads 0 or above 256),
 * TW_ENOMEM (memory, or a thread that could not start: none is left
 * running).
 *
 *   tw_threads *pool;
 *   tw_threads_new(2, &pool);
 *   tw_manager_set_parallel(m, tw_threads_parallel_for, pool,
 *                           TW_DEFAULT_PARALLEL_GRAIN,
 *                           TW_DEFAULT_PARALLEL_THRESHOLD);
 *
 * One pool may serve several managers, on several threads: it runs one
 * call at a time, and a call that comes while another runs waits for it.
 * A call from inside one of its own jobs runs that job on its thread,
 * in one piece.  The pool must outlive the managers that use it.
 * tw_threads_free stops the workers and frees it (NULL: a no-op);
 * TW_EBUSY from inside one of its jobs (freeing nothing); called from
 * another thread during a call, it waits for that call. */
typedef struct tw_threads tw_threads;
TW_EXTERN int tw_threads_new(unsigned nthreads, tw_threads **out);
TW_EXTERN int tw_threads_free(tw_threads *pool);
/* A tw_parallel_fn: pool is a tw_threads.  Chunks are at least grain
 * long (grain 0 is 1), and as many as four per thread when n allows. */
TW_EXTERN void tw_threads_parallel_for(void *pool, tw_job_fn job, void *arg,
                                       size_t n, size_t grain);

/* controls */

/* Kills the tween: its slot empties at once, its KILL callback runs once,
 * the handle goes stale.  complete_first: complete it first (COMPLETE
 * callback, end value), which TW_EINFINITE refuses for infinite loops. */
TW_EXTERN int tw_kill(tw_manager *m, tw_handle h, int complete_first);
/* Jumps to the end of the last loop, writes the end value, fires the
 * COMPLETE callback once (PAUSE too unless auto-kill), and kills the tween
 * if it is auto-kill.  A tween that is already complete is left alone.
 * TW_EINFINITE for an infinitely looping tween. */
TW_EXTERN int tw_complete(tw_manager *m, tw_handle h);
/* As tw_complete, without COMPLETE or PAUSE; the KILL callback of an
 * auto-kill tween still runs, once, at its kill. */
TW_EXTERN int tw_complete_silent(tw_manager *m, tw_handle h);
/* Play resumes (PLAY fires on the next step); pause stops (PAUSE fires now
 * if it was playing); toggle does whichever applies.  Playing a complete
 * tween does nothing: restart or rewind it first. */
TW_EXTERN int tw_play(tw_manager *m, tw_handle h);
TW_EXTERN int tw_pause(tw_manager *m, tw_handle h);
TW_EXTERN int tw_toggle(tw_manager *m, tw_handle h);
/* Going back to the start (tw_restart, tw_rewind, tw_smooth_rewind, a goto
 * to 0, playing backwards to the start) writes the start value, for a
 * tween of duration 0 too: its end comes with its one instant, on its
 * next step forwards, and a goto past 0 (or tw_complete) completes it; a
 * turn backwards (tw_play_backwards, tw_flip) takes a complete one back on
 * its next step.  Its REWIND fires if it had completed.
 *
 * Back to the start, playing forwards: writes the start value (once the
 * tween has started), fires REWIND if it moved, and PLAY on its next step.
 * include_delay: wait the delay again; new_delay >= 0 replaces the delay
 * (negative: keep). */
TW_EXTERN int tw_restart(tw_manager *m, tw_handle h, int include_delay,
                         double new_delay);
/* Back to the start and paused; REWIND fires if it moved (PAUSE does
 * not). */
TW_EXTERN int tw_rewind(tw_manager *m, tw_handle h, int include_delay);
/* Plays backwards from where it is to the start, then pauses (REWIND). */
TW_EXTERN int tw_smooth_rewind(tw_manager *m, tw_handle h);
/* Jumps to `to` seconds (all loops, delay excluded; `to` finite and >= 0,
 * else TW_EINVAL; past the end it is the end), writes the value there and
 * plays or pauses.  Reaching the end completes a tween that was not
 * complete (COMPLETE, and the kill if auto-kill).  Fires no UPDATE or
 * STEP_COMPLETE. */
TW_EXTERN int tw_goto(tw_manager *m, tw_handle h, double to, int and_play);
/* Reverses the direction of play. */
TW_EXTERN int tw_flip(tw_manager *m, tw_handle h);
/* Plays forwards (or backwards) from where the tween is.  Backwards, a
 * complete tween plays back from its end, and reaching the start pauses
 * it and fires REWIND. */
TW_EXTERN int tw_play_forward(tw_manager *m, tw_handle h);
TW_EXTERN int tw_play_backwards(tw_manager *m, tw_handle h);

/* controls on many tweens */

/* What tw_do_all, tw_do_id and tw_do_target do to each tween they pick, in
 * creation order.  Each is its single-handle control with default
 * arguments (restart and rewind include the delay).  Infinitely looping
 * tweens are picked (and counted) but left alone by TW_DO_COMPLETE, and
 * killed without completing by TW_DO_KILL_COMPLETE (and by the kills with
 * complete_first). */
typedef enum tw_do {
  TW_DO_PLAY = 0,
  TW_DO_PAUSE,
  TW_DO_TOGGLE,
  TW_DO_RESTART,
  TW_DO_REWIND,
  TW_DO_SMOOTH_REWIND,
  TW_DO_COMPLETE,
  TW_DO_FLIP,
  TW_DO_PLAY_FORWARD,
  TW_DO_PLAY_BACKWARDS,
  TW_DO_KILL,
  TW_DO_KILL_COMPLETE,
  TW_DO_COUNT,
  TW__ENUM_INT(DO)
} tw_do;

/* Apply `what` to every tween / those with this id / this target key.
 * Returns how many tweens were picked.  Tweens created by callbacks during
 * the call are not picked. */
TW_EXTERN int tw_do_all(tw_manager *m, tw_do what);
TW_EXTERN int tw_do_id(tw_manager *m, int id, tw_do what);
TW_EXTERN int tw_do_target(tw_manager *m, const void *key, tw_do what);

/* Kills every tween; returns how many. */
TW_EXTERN int tw_kill_all(tw_manager *m, int complete_first);
/* Kills every tween whose id is not one of ids[0..n) (tweens without an id
 * are killed); returns how many. */
TW_EXTERN int tw_kill_all_except(tw_manager *m, const int *ids, size_t n,
                                 int complete_first);
/* Kills the tweens with this id / target key; returns how many.  A tween
 * is picked by target when its key (see tw_set_key) holds the byte at key,
 * or, for a setter tween without a key of its own, when key is its user
 * data: after tw_float_to(m, &x, ...), tw_kill_target(m, &x, 0) kills it.
 * A NULL key is "no target", refused with TW_EINVAL (here, in tw_do_target
 * and in tw_find_target). */
TW_EXTERN int tw_kill_id(tw_manager *m, int id, int complete_first);
TW_EXTERN int tw_kill_target(tw_manager *m, const void *key,
                             int complete_first);

/* queries */

/* 1 while h names a live tween of m, else 0 (never an error). */
TW_EXTERN int tw_is_active(const tw_manager *m, tw_handle h);
/* 1 or 0, or TW_ESTALE. */
TW_EXTERN int tw_is_playing(const tw_manager *m, tw_handle h);
TW_EXTERN int tw_is_complete(const tw_manager *m, tw_handle h);
/* Seconds played, all loops, delay excluded. */
TW_EXTERN int tw_elapsed(const tw_manager *m, tw_handle h, double *out);
/* Loops finished so far (an infinitely looping tween past INT_MAX loops
 * answers INT_MAX). */
TW_EXTERN int tw_loops_done(const tw_manager *m, tw_handle h);
/* Loops set, into *out (TW_LOOPS_INFINITE for infinite).  Returns 0, or
 * TW_EINVAL (m or out NULL), TW_ESTALE, TW_ENESTED. */
TW_EXTERN int tw_loops_get(const tw_manager *m, tw_handle h, int *out);
/* Deprecated: use tw_loops_get.  The loops set, or -1 for infinite, which
 * is also TW_EINVAL (m NULL): the two cannot be told apart. */
TW_EXTERN TW_DEPRECATED("use tw_loops_get") int tw_loops(const tw_manager *m,
                                                         tw_handle h);
/* 1 while playing backwards. */
TW_EXTERN int tw_is_backwards(const tw_manager *m, tw_handle h);
/* Seconds into the current loop. */
TW_EXTERN int tw_position(const tw_manager *m, tw_handle h, double *out);
/* Elapsed as a fraction of the whole (all_loops; for infinite loops that is
 * 0) or of the current loop. */
TW_EXTERN int tw_elapsed_percentage(const tw_manager *m, tw_handle h,
                                    int all_loops, double *out);
/* Seconds of one loop, or of all loops (HUGE_VAL for infinite loops). */
TW_EXTERN int tw_duration(const tw_manager *m, tw_handle h, int all_loops,
                          double *out);
/* The delay, and how much of it has passed. */
TW_EXTERN int tw_delay(const tw_manager *m, tw_handle h, double *out);
TW_EXTERN int tw_elapsed_delay(const tw_manager *m, tw_handle h, double *out);

typedef enum tw_count_what {
  TW_COUNT_ACTIVE = 0, /* live tweens */
  TW_COUNT_PLAYING,    /* live, playing, not complete */
  TW_COUNT_PAUSED,     /* live and not playing */
  TW__ENUM_INT(COUNT)
} tw_count_what;
TW_EXTERN int tw_count(const tw_manager *m, tw_count_what what);

/* Writes the handles of the tweens with this id / target key into out (at
 * most cap, in creation order) and returns how many there are in all. */
TW_EXTERN int tw_find_id(const tw_manager *m, int id, tw_handle *out,
                         size_t cap);
TW_EXTERN int tw_find_target(const tw_manager *m, const void *key,
                             tw_handle *out, size_t cap);

/* interruption: retarget and springs */

/* Sends a running tween to a new end (a value of its type) in `duration`
 * seconds (negative: keep its duration), without a jump and without a
 * kink: at the moment of the call its value and its velocity stay what
 * they were, and it then ends exactly at the new end after the duration
 * (GSAP's quickTo, and what DOTween's tweens cannot).  Two ways:
 *  - a tween on its way (playing, past the start of its way in the
 *    direction it plays, short of its end) with an ease that ends at 1
 *    (TW_EASE_LINEAR to TW_EASE_IN_OUT_BOUNCE) and a built-in numeric type
 *    (float, double, int, vectors, colours) is retargeted additively, as
 *    UIKit's additive animations are: its running motion goes on, and a
 *    second motion of the difference (the new end less where the running
 *    motion is after the duration) is added, per component, from 0 with
 *    zero velocity to all of it, as a smooth step (3 u^2 - 2 u^3 of u, the
 *    fraction of the duration played).  So a retarget on course (the end
 *    it has, in the time it has left) changes nothing, bit for bit, and
 *    one by d changes the motion by about d.  The two motions are timed
 *    so: the tween restarts from elapsed 0 and plays forwards, its
 *    duration the new one, and the running motion goes on in its own
 *    direction from where it was, t seconds later at its own position
 *    plus (or, playing backwards, less) t.  When the new duration is
 *    longer than the time the running motion has left, it stands at its
 *    end after that time (the difference goes on to the new end); when
 *    shorter, it is cut at the new duration, the difference taking what it
 *    had left.  On course, the values are the untouched motion's, bit for
 *    bit but for the rounding of the running motion's position (where it
 *    was plus the time since, which may differ from the untouched elapsed
 *    time in its last bit: seen in a double's values, next to never in a
 *    float's).  A second retarget keeps the running motion
 *    and starts the difference afresh from its value and velocity then;
 *    rewound (or sent to 0), the tween is where it was retargeted from;
 *  - any other tween restarts from elapsed 0, forwards: its velocity is
 *    carried on, fading out by the end, plus its ease from rest (the eased
 *    part ramped in from 0 speed, an ease's jump at 0 blended out), ending
 *    with its ease's own velocity: so an ease that starts fast (OutExpo,
 *    OutElastic, even OutCirc's infinite speed) does not swing back first,
 *    one that jumps at 0 (In Expo, In Elastic, steps(jump-start)) does not
 *    jump, and two retargets at one moment keep the velocity the first
 *    kept.
 * The value and the velocity are the tween's own, not read from the
 * target: the velocity is the one its value has at that moment, from the
 * side it comes from (the slope of its ease in closed form, a user ease's
 * by a difference), backwards for a tween playing backwards, and 0 for one
 * that stands (paused, complete, waiting for its delay, or at the start of
 * its way in the direction it plays: at elapsed 0 forwards, at its end
 * backwards, where it stood until that instant, as in a callback of its
 * start, a victim's KILL of its overwriting start among them: it sets
 * off from rest).  Where the tween's motion stands vertical at that
 * moment (OutCirc at 0, InCirc at its end, InOutCirc halfway, a
 * cubic-bezier vertical there) its velocity is infinite, which only the
 * additive way keeps (the running motion goes on); the other keeps its
 * value, and sets off from rest.  A velocity too big for a double (a
 * double tween from -1e308 to 1e308 moves faster than that) is taken as
 * the largest double, and the values of the new motion saturate at the
 * largest value of their type: they stay finite, and a long duration (up
 * to 1e300 s) keeps the velocity exactly.  Velocity is kept for the
 * built-in numeric types, component by component; TW_TYPE_RGBA8 and
 * registered types keep their value only, and set off from rest.  A
 * spring tween keeps its velocity as physics does and settles again
 * (duration is ignored: it is the spring's).  A tween that has not
 * started (or whose start value its own getter is reading) just gets its
 * new end (and duration): an end, even if relative was set.  Fires no
 * callback; the handle stays.  Errors: TW_EINVAL (end NULL or not finite,
 * duration NaN or above 1e300, a sequence, a punch, a shake or a path:
 * their ends are not theirs to send), TW_ELOOPS (a tween with more than
 * one loop: loops have no single end), the handle's error, TW_ENOMEM. */
TW_EXTERN int tw_retarget(tw_manager *m, tw_handle h, const void *end,
                          double duration);

/* quickTo (GSAP's): sends the value at target to end, whatever is going
 * on, for a value a program moves many times a second (a hover, a slider,
 * a cursor follower).  If a live tween is bound to exactly this target
 * (tw_go: the pointer, with this type; tw_go_fn: this setter with this
 * user data), the newest such (in the order of updates, where a child of
 * a sequence has its outermost sequence's place: the one whose write
 * stands) is sent there as by tw_retarget: its value and velocity kept,
 * its ease and settings its own, duration its new duration (a spring
 * settles in its own time); a paused one plays again
 * and, like a complete one kept by auto-kill off, sets off from rest; one
 * not yet started just gets the new end and duration.  Otherwise a new tween is
 * made, as tw_to makes one: the manager's defaults (OutQuad, auto-kill
 * on, tw_config.overwrite), starting at its ease's own speed.  A new one
 * is made too when the newest cannot take a new end (a child of a
 * sequence, a punch, a shake, a path, a tween with loops, a tween of
 * another type on these bytes): being newer, it writes over that one.
 * Tweens whose keys merely overlap the target (a vector holding the float
 * at target) and tweens given a key of their own (tw_set_key) are not
 * looked for, even when newer: the newest of the others is sent, though
 * such a newer tween on the same bytes writes over it.  The search goes
 * through the key index (the first call builds it): its cost does not
 * grow with the number of live tweens.  Writes the handle of the tween
 * sent or made to out (may be NULL).  Turn auto-kill off on that handle,
 * and every later call sends the same tween: even a value at rest then
 * sets off without a kink.  duration: 0 to 1e300 (-0.0 is 0).  Errors:
 * TW_EINVAL (m, target or end NULL, duration NaN, negative or above
 * 1e300; for tw_go_fn, set or get NULL, or ud NULL: it is the key),
 * tw_retarget's and tw_to's errors; a refused call changes
 * nothing.  Callbacks may call it, as they may call tw_to and tw_retarget. */
TW_EXTERN int tw_go(tw_manager *m, int type, void *target, const void *end,
                    double duration, tw_handle *out);
TW_EXTERN int tw_go_fn(tw_manager *m, int type, tw_setter_fn set,
                       tw_getter_fn get, void *ud, const void *end,
                       double duration, tw_handle *out);
TW_EXTERN int tw_float_go(tw_manager *m, float *target, float end,
                          double duration, tw_handle *out);

/* A spring (libadwaita's AdwSpringAnimation): stiffness k, damping d and
 * mass m, an initial velocity and a rest threshold.  velocity is along the
 * way, in distances per second (1: the whole way in one second at the
 * start).  Solved in closed form, under-, critically (d = 2 sqrt(k m)) and
 * over-damped alike, through critical damping without a seam, so any
 * slicing of time gives the same values (those of the textbook's solution,
 * to the rounding of a few operations).
 * Rest: with w0 = sqrt(k / m), a spring at distance y from its end moving
 * at speed v has the amplitude sqrt(y^2 + (v / w0)^2), the square root of
 * its energy over k: damping only takes it away, and the value never
 * strays farther than it from the end.  The spring rests once its
 * amplitude is epsilon (default 0.001) of the amplitude it started with
 * (the distance, for one that starts at rest): from then on the value is
 * within that of its end, and too slow to leave it.  The settling time is
 * when that happens, computed on the closed form to a millionth (the
 * value alone enters that band a few percent sooner, up to a third sooner
 * for a heavily damped spring flicked hard, but is still moving then).
 * Every positive, finite k, d and m is taken: w0 and the damping ratio
 * d / (2 sqrt(k m)) are computed without overflow and held within [1e-150,
 * 1e150], beyond which a spring rests before any frame or moves only over
 * times no program sees. */
typedef struct tw_spring {
  double stiffness, damping, mass, velocity, epsilon;
} tw_spring;
/* Defaults: stiffness 100, damping 20 (critical), mass 1, velocity 0,
 * epsilon 0.001. */
TW_EXTERN void tw_spring_init(tw_spring *s);
/* Sets the damping from a damping ratio (1: critical; < 1 bounces).
 * TW_EINVAL, s unchanged, for s NULL, a ratio, stiffness or mass that is
 * not positive and finite, or a damping that would not be (2 ratio
 * sqrt(k m) past the largest double, or below the smallest). */
TW_EXTERN int tw_spring_damping_ratio(tw_spring *s, double ratio);
/* SwiftUI's parameters: mass 1, a perceptual duration in seconds and a
 * bounce in (-1, 1) (0: critical, > 0 bounces, < 0 over-damped): stiffness
 * (2 pi / duration)^2.  TW_EINVAL, s unchanged, for s NULL, a bounce out
 * of (-1, 1), a duration that is not positive and finite, or one whose
 * stiffness is not a positive, finite double (durations below about
 * 4.7e-154 s or above about 2.8e162 s). */
TW_EXTERN int tw_spring_duration_bounce(tw_spring *s, double duration,
                                        double bounce);
/* A spring tween from the target's value (at start) to end.  Its duration
 * is the time the spring takes to rest, known at creation, which
 * tw_duration reports and a sequence takes as its span; at its end it
 * writes end exactly.  Every setting and control works as on any tween; a
 * new ease turns it into an eased tween of that duration.  TW_EINVAL for
 * parameters that are not positive and finite (velocity: finite; epsilon:
 * in (0, 1)), and tw_to's errors (an end not finite among them). */
TW_EXTERN int tw_spring_to(tw_manager *m, int type, void *target,
                           const void *end, const tw_spring *params,
                           tw_handle *out);
TW_EXTERN int tw_spring_to_fn(tw_manager *m, int type, tw_setter_fn set,
                              tw_getter_fn get, void *ud, const void *end,
                              const tw_spring *params, tw_handle *out);
/* A spring tween with a velocity of its own, per component (react-spring's
 * and Motion's springs): velocity is a value of the tween's type (a
 * tw_vec2 for a TW_TYPE_VEC2 tween, a double for a double), in units per
 * second, which adds to params->velocity's along the way; a drag's flick
 * passes as it is.  Each component is its own spring, all of them with
 * the spring's parameters, and it rests when their amplitude together is
 * epsilon of their start's (the distance and velocity / w0 together): a
 * spring let go at its end with a flick swings out and back.  Its
 * duration depends on the distance, so it is computed when it starts;
 * until then tw_duration reports it for the target's value at this call
 * (read by it, through get for tw_spring_to_fn_v), and a sequence refuses
 * it (TW_EINVAL), as it does a speed-based tween.  A tw_retarget keeps the
 * velocity it has then, component by component.  velocity NULL, or all
 * zeros, is tw_spring_to (and tw_spring_to_fn).  Errors: TW_EUNSUPPORTED for a
 * velocity of a type without numeric components (TW_TYPE_RGBA8, a
 * registered type), TW_EINVAL for a velocity that is not finite, and
 * tw_spring_to's errors; a refused call changes nothing (for valid
 * arguments, the getter runs before the tween is made). */
TW_EXTERN int tw_spring_to_v(tw_manager *m, int type, void *target,
                             const void *end, const tw_spring *params,
                             const void *velocity, tw_handle *out);
TW_EXTERN int tw_spring_to_fn_v(tw_manager *m, int type, tw_setter_fn set,
                                tw_getter_fn get, void *ud, const void *end,
                                const tw_spring *params, const void *velocity,
                                tw_handle *out);

/* tw_go for springs: the newest live tween bound to exactly the target
 * (as tw_go finds it) is sent to end as a spring of params, whatever it
 * was (an eased tween, another spring): its value and velocity kept (its
 * own velocity, not params->velocity), settling in the spring's time; one
 * not yet started (or whose start value its own getter is reading) gets
 * the new end and the spring (a velocity vector of its own stays).  With none,
 * or one that cannot take a new end, a new spring is made, as tw_spring_to
 * makes it.  Errors: tw_spring_to's, and tw_go's (TW_EINVAL for m, target or
 * end NULL, and for tw_spring_go_fn set, get or ud NULL); a refused call
 * changes nothing. */
TW_EXTERN int tw_spring_go(tw_manager *m, int type, void *target,
                           const void *end, const tw_spring *params,
                           tw_handle *out);
TW_EXTERN int tw_spring_go_fn(tw_manager *m, int type, tw_setter_fn set,
                              tw_getter_fn get, void *ud, const void *end,
                              const tw_spring *params, tw_handle *out);

/* Which tween wins: of the live, started tweens whose keys hold the byte
 * at key, the one that wrote its value last, whose write stands.  At an
 * update, every tween that plays (started, playing, not complete, past
 * its delay) writes, in creation order (a child of a sequence at its
 * sequence's place, and among the children of one sequence, the one that
 * wrote last in its drive); a paused tween, or a complete one kept by
 * auto-kill off, writes no more, so an older one that plays on wins over
 * it from the next update.  A control that writes a value (a goto, a
 * rewind, a restart, a completion, a change of values) writes at once and
 * wins until the next update of a tween that plays; one that only sets a
 * tween playing (tw_play, a turn, tw_retarget) writes nothing: that tween
 * wins from its next update.  A write made by a callback during an update
 * counts as one of that update's, in creation order.  Writes are known from
 * the first call to tw_writer or tw_go (which build the index of keys),
 * the first start of an overwriting tween or a parallel hook set
 * (tw_manager_set_parallel, or tw_config's), whichever comes first; at that
 * moment, tweens that play count as having written after those that stand
 * still, and creation order ranks each group.  Writes its handle to out
 * and returns 1, or writes the none handle and returns 0 when no started
 * tween writes there; TW_EINVAL for a NULL m, key or out.  Setter tweens
 * are reached through a key of their own (tw_set_key). */
TW_EXTERN int tw_writer(tw_manager *m, const void *key, tw_handle *out);

/* snapshot and restore
 *
 * A snapshot is a manager's whole state at a frame boundary, in a buffer
 * of the program's: every live tween and sequence with its time, loops,
 * direction, paused state, delay and speed, values, ease and curve, keys,
 * settings of interruption and choreography (overwrite, retarget state,
 * spring, loop delay, yoyo ease, punch, shake, path, snapping, additive,
 * labels), callbacks and user data, sequences with their children, and
 * the order of them all; and the manager's time scale and overwrite mode.
 * tw_restore brings the manager back to it, in the same process: rollback
 * netcode restores and replays frames, an editor undoes, a test replays.
 * Restored and then given the same updates and calls, a manager writes bit
 * for bit the same values and fires the same callbacks in the same order
 * as it did the first time.
 *
 * Not in a snapshot, and left as they are by a restore: the capacities (a
 * restore grows them where the snapshot needs more, without the warning
 * hook, and never shrinks them, so a replay does not repeat the growths
 * and warnings of the first run), the hard limits, the recycle pool, the
 * allocator, the warning hook and the registered types.  The statistics
 * stay cumulative: a replay adds its setter failures, growths and pool
 * counts to those of the first run (live follows the restore).  Targets
 * are the program's: a restore writes none, the next update does.  An
 * additive tween adds to its target as it finds it, so its replay writes
 * the same values when the program brings its targets back with the
 * manager, as a rollback program restores the rest of its state.
 *
 * Handles: a handle to a tween alive at the snapshot works again after a
 * restore, even if the tween was killed in between; a handle to a tween
 * created after the snapshot is stale forever, and no handle ever names a
 * tween it did not name, however often one snapshot is restored.
 *
 * A snapshot holds pointers (targets, callbacks, user data) and is meant
 * for the manager that wrote it in the process that wrote it; the format
 * is versioned so that a portable form can grow from it.  Its size is 48
 * bytes per plain float tween (80 with values of 5 to 16 bytes), plus each
 * record's bytes and buffers where a tween has one (about 470 bytes on
 * 64-bit machines), plus 88 bytes; and once the index of keys is built
 * (the first tw_writer or tw_go, the first start of an overwriting tween
 * or a parallel hook set: see tw_writer), 24 bytes more per live tween
 * (sequences and their children counted) and 72 bytes: the order of the
 * writes tw_writer answers from, which the tweens' state does not hold
 * (two paused tweens on one value, each sent by tw_goto, look the same
 * whichever went last; a replay's answers would differ without them).  A
 * program that sizes its buffers once (a rollback ring) counts them with
 * the index built: 72 bytes per plain float tween, 104 per tween of 5 to
 * 16 bytes, 24 more per other tween or child beside its record's, and
 * 160.  tw_snapshot_size gives the exact figure. */

/* The bytes a snapshot of m needs now, into *bytes.  Allowed anywhere,
 * callbacks included.  TW_EINVAL for a NULL m or bytes. */
TW_EXTERN int tw_snapshot_size(const tw_manager *m, size_t *bytes);

/* Writes a snapshot of m into buf (cap bytes) and the bytes written into
 * *used (used may be NULL).  Never allocates.  Errors, each writing
 * nothing a restore would take (a buffer that held a snapshot holds none
 * after a refusal that wrote into it): TW_ERANGE when cap is too small,
 * with the bytes needed in *used; TW_EINVAL for a NULL m, or a NULL buf
 * with cap > 0; TW_EBUSY inside one of m's callbacks, setters, getters or
 * its warning hook, or during an update pass: a snapshot is of a frame
 * boundary. */
TW_EXTERN int tw_snapshot(const tw_manager *m, void *buf, size_t cap,
                          size_t *used);

/* Brings m back to the snapshot in buf (n: at least the bytes tw_snapshot
 * wrote).  Every tween alive at the snapshot is alive again as it was,
 * at its place in the order; every other tween is gone, killed silently:
 * no KILL callback runs, since a rollback is not an event of the program
 * but the undoing of some.  Their records go to the recycle pool.  May
 * allocate (capacity, records and their buffers); all of it is taken
 * before anything changes.  Errors, each changing nothing: TW_EINVAL for
 * a NULL m or buf or n 0; TW_EBUSY as for tw_snapshot; TW_EFOREIGN for a
 * snapshot of another manager (freed or alive); TW_EFORMAT for a buffer
 * that is no snapshot of this format version and this build (pointer
 * size, byte order, the layout of the library's structures); TW_ECORRUPT
 * for a truncated snapshot or one whose bytes changed (it carries a
 * checksum); TW_ENOMEM. */
TW_EXTERN int tw_restore(tw_manager *m, const void *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* TWEEN_H */

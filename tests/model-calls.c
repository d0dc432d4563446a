/* SPDX-License-Identifier: MIT */
/* tests/test_model.c's harness (model-harness.h): each call, on the library or
 * on the model. */
/* The deprecated calls tw_set_target and tw_loops are called here on purpose,
 * without the warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "model-harness.h"

int w_set(world *w, int s, int what, int b, double x) {
  tw_manager *m = w->m;
  tm_model *t = &w->tm;
  tw_handle h = handle_of(w, s);
  int rc;

  switch (what) {
  case SET_DELAY:
    rc = w->model ? tm_set_delay(t, s, x) : tw_set_delay(m, h, x);
    logw(w, L_RC, C_DELAY, s, rc, x);
    break;
  case SET_LOOPS:
    rc = w->model ? tm_set_loops(t, s, b, (int)x)
                  : tw_set_loops(m, h, b, (tw_loop_type)(int)x);
    logw(w, L_RC, C_LOOPS, s, rc, b);
    break;
  case SET_EASE:
    rc = w->model ? tm_set_ease(t, s, b) : tw_set_ease(m, h, (tw_ease)b);
    logw(w, L_RC, C_EASE, s, rc, b);
    break;
  case SET_AUTOKILL:
    rc = w->model ? tm_set_autokill(t, s, b) : tw_set_autokill(m, h, b);
    logw(w, L_RC, C_AUTOKILL, s, rc, b);
    break;
  case SET_UTYPE:
    rc = w->model ? tm_set_update_type(t, s, b)
                  : tw_set_update_type(m, h, (tw_update_type)b);
    logw(w, L_RC, C_UTYPE, s, rc, b);
    break;
  case SET_INDEPENDENT:
    rc = w->model ? tm_set_independent(t, s, b) : tw_set_independent(m, h, b);
    logw(w, L_RC, C_INDEP, s, rc, b);
    break;
  case SET_ID:
    rc = w->model ? tm_set_id(t, s, b) : tw_set_id(m, h, b);
    logw(w, L_RC, C_ID, s, rc, b);
    break;
  case SET_KEY:
    rc = w->model ? tm_set_target(t, s, key_of(b))
                  : tw_set_target(m, h, key_of(b));
    logw(w, L_RC, C_KEY, s, rc, b);
    break;
  case SET_TIMESCALE:
    rc = w->model ? tm_set_timescale(t, s, x) : tw_set_timescale(m, h, x);
    logw(w, L_RC, C_TSCALE, s, rc, x);
    break;
  case SET_RECYCLABLE:
    rc = w->model ? tm_set_recyclable(t, s, b) : tw_set_recyclable(m, h, b);
    logw(w, L_RC, C_RECYC, s, rc, b);
    break;
  case SET_OVERWRITE:
    rc = w->model ? tm_set_overwrite(t, s, b)
                  : tw_set_overwrite(m, h, (tw_overwrite)b);
    logw(w, L_RC, C_OVERWRITE, s, rc, b);
    break;
  case SET_LOOP_DELAY:
    rc = w->model ? tm_set_loop_delay(t, s, x) : tw_set_loop_delay(m, h, x);
    logw(w, L_RC, C_LOOP_DELAY, s, rc, x);
    break;
  case SET_YOYO_EASE:
    rc = w->model ? tm_set_yoyo_ease(t, s, b)
                  : tw_set_yoyo_ease(m, h, (tw_ease)b);
    logw(w, L_RC, C_YOYO_EASE, s, rc, b);
    break;
  case SET_SNAP:
    rc = w->model ? tm_set_snap(t, s, x) : tw_set_snap(m, h, x);
    logw(w, L_RC, C_SNAP, s, rc, x);
    break;
  case SET_ADDITIVE:
    rc = w->model ? tm_set_additive(t, s, b) : tw_set_additive(m, h, b);
    logw(w, L_RC, C_ADDITIVE, s, rc, b);
    break;
  case SET_EASE_PARAMS: { /* b: the period's index, 3 a NaN */
    static const double periods[] = {0.0, 0.3, 0.5};
    double y = (b & 3) == 3 ? NAN : periods[b & 3];
    rc = w->model ? tm_set_ease_params(t, s, x, y)
                  : tw_set_ease_params(m, h, x, y);
    logw(w, L_RC, C_EASE_PARAMS, s, rc, x);
    break;
  }
  default: { /* SET_ON */
    int ev = b, on = x != 0, ok = ev >= 0 && ev < TW_ON_COUNT;
    meta *mt = s >= 0 && s < w->nserial ? &w->meta[s] : &w->meta[0];
    if (w->model)
      rc = tm_on(t, s, ev, on && ok ? model_cbs[ev] : NULL, mt);
    else
      rc = tw_on(m, h, (tw_event)ev, on && ok ? lib_cbs[ev] : NULL, mt);
    logw(w, L_RC, C_ON, s, rc, ev * 2 + on);
    break;
  }
  }
  return rc;
}

/* A path's points (MAXPTS x 3 floats) from its seed. */
static void path_points(const params *p, float *pts) {
  rng r;
  int i;

  r.s = p->pseed;
  for (i = 0; i < MAXPTS * 3; i++)
    pts[i] = (float)((runif(&r) - 0.5) * 100.0);
}

/* tw_punch, tw_shake, tw_path (p->shape) in world w: the return code, and
 * the handle (library) or serial (model). */
int w_create_shape(world *w, const params *p, int type, void *target,
                   const void *amount, double d, tw_handle *h, int *serial) {
  /* amounts whose first component is not finite, all four components
   * there (a vector's are read) and alive through the call */
  static const float amount_nan[4] = {NAN, 0, 0, 0},
                     amount_inf[4] = {INFINITY, 0, 0, 0};
  float pts[MAXPTS * 3];
  const void *pp = pts;
  double spread = p->spread;
  int vibrato = p->vibrato, kind = p->pkind;
  size_t n = (size_t)p->npts;

  path_points(p, pts);
  switch (p->sbad) {
  case SBAD_VIBRATO:
    vibrato = -1 - vibrato;
    break;
  case SBAD_SPREAD: {
    /* just past either end of [0, 1] (elasticity) or [0, 180] (randomness),
     * well past, or NaN */
    double hi = p->shape == SHAPE_PUNCH ? 1.0 : 180.0;
    switch (p->pseed >> 8 & 3) {
    case 0:
      spread = nextafter(hi, 1e9);
      break;
    case 1:
      spread = -0x1p-60;
      break;
    case 2:
      spread = hi + 1.0 + spread;
      break;
    default:
      spread = NAN;
      break;
    }
    break;
  }
  case SBAD_NAN:
    /* a component the type has: the first */
    pts[p->npts > 1 ? 3 : 0] = (p->pseed & 1) ? NAN : -INFINITY;
    if (p->shape != SHAPE_PATH)
      amount =
          (p->pseed & 1) ? (const void *)amount_nan : (const void *)amount_inf;
    break;
  case SBAD_KIND:
    if (p->shape == SHAPE_PATH)
      kind = (p->pseed & 1) ? 3 + (kind & 16) : kind | 64;
    else
      spread = NAN;
    break;
  case SBAD_NPTS:
    if (p->shape == SHAPE_PATH)
      n = (kind & 15) == TW_PATH_BEZIER ? n + 1 : (size_t)(p->pseed & 1);
    else
      amount = NULL;
    break;
  default:
    break;
  }
  if (p->bad == BAD_NULL && p->shape == SHAPE_PATH && (p->pseed & 2))
    pp = NULL; /* the points NULL, not the target */
  else if (p->bad == BAD_NULL && (p->pseed & 2))
    amount = NULL;
  else if (p->bad == BAD_NULL)
    target = NULL;
  switch (p->shape) {
  case SHAPE_PUNCH:
    return w->model
               ? tm_punch(&w->tm, type, target, amount, d, vibrato, spread,
                          serial)
               : tw_punch(w->m, type, target, amount, d, vibrato, spread, h);
  case SHAPE_SHAKE:
    return w->model ? tm_shake(&w->tm, type, target, amount, d, vibrato, spread,
                               (uint32_t)p->pseed, p->fade, serial)
                    : tw_shake(w->m, type, target, amount, d, vibrato, spread,
                               (uint32_t)p->pseed, p->fade, h);
  default:
    return w->model
               ? tm_path(&w->tm, type, target, pp, n, kind, d, serial)
               : tw_path(w->m, type, target, pp, n, (tw_path_kind)kind, d, h);
  }
}

/* The spring parameters of p in world w (the library's tw_spring_init,
 * tw_spring_damping_ratio and tw_spring_duration_bounce, or the model's),
 * its bad argument applied; logs the return code and the numbers made. */
static void w_spring_params(world *w, const params *p, tw_spring *sp) {
  int rc = 0;

  if (w->model)
    tm_spring_init(sp);
  else
    tw_spring_init(sp);
  switch (p->spmake) {
  case SPMAKE_FIELDS:
    sp->stiffness = p->sp[0];
    sp->damping = p->sp[1];
    sp->mass = p->sp[2];
    sp->epsilon = p->sp[4];
    break;
  case SPMAKE_RATIO:
    sp->stiffness = p->sp[0];
    sp->mass = p->sp[2];
    rc = w->model ? tm_spring_damping_ratio(sp, p->sp[1])
                  : tw_spring_damping_ratio(sp, p->sp[1]);
    sp->epsilon = p->sp[4];
    break;
  case SPMAKE_BOUNCE:
    rc = w->model ? tm_spring_duration_bounce(sp, p->sp[0], p->sp[1])
                  : tw_spring_duration_bounce(sp, p->sp[0], p->sp[1]);
    sp->epsilon = p->sp[4];
    break;
  default:
    break;
  }
  sp->velocity = p->sp[3];
  logw(w, L_RC, C_SPRING_PARAMS, p->spmake, rc, sp->damping);
  logw(w, L_RC, C_SPRING_PARAMS, p->spmake, rc, sp->stiffness);
  logw(w, L_RC, C_SPRING_PARAMS, p->spmake, rc, sp->mass);
  switch (p->bad) {
  case BAD_NAN:
    sp->damping = NAN;
    break;
  case BAD_NEG:
    sp->mass = -sp->mass;
    break;
  case BAD_INF:
    sp->velocity = p->pseed & 1 ? -INFINITY : INFINITY;
    break;
  default:
    break;
  }
}

/* A value that is not finite in its first component, for the kinds that
 * have one to hold it (ints and bytes do not). */
static void poison(int kind, void *v, uint64_t seed) {
  double d = (seed & 4) ? NAN : (seed & 8) ? INFINITY : -INFINITY;
  float f = (float)d;

  if (kind == K_DOUBLE || kind == K_BIG)
    memcpy(v, &d, sizeof d);
  else if (kind != K_INT && kind != K_RGBA8)
    memcpy(v, &f, sizeof f);
}

/* tw_spring_to and its kin (p->spring) in world w: the return code, and
 * the handle (library) or serial (model). */
static int w_create_spring(world *w, const params *p, int type, void *target,
                           meta *mt, const void *end0, tw_handle *h,
                           int *serial) {
  tw_spring sp;
  const tw_spring *pp = &sp;
  unsigned char vel[TM_VALUE_MAX], endv[TM_VALUE_MAX];
  const void *v = p->spring == SPRING_V_NULL ? NULL : vel, *end = endv;
  tw_setter_fn set = w_setter;
  tw_getter_fn get = w_getter;
  int fn = p->bind;

  w_spring_params(w, p, &sp);
  memset(vel, 0, sizeof vel);
  make_value(p->kind, p->svel, vel);
  memcpy(endv, end0, sizeof endv);
  if (p->sbad == SBAD_NAN)
    poison(p->kind, endv, p->pseed);
  if (p->bad == BAD_NULL) {
    switch (p->pseed & 3) {
    case 0:
      if (fn)
        get = NULL;
      else
        target = NULL;
      break;
    case 1:
      pp = NULL;
      break;
    case 2:
      end = NULL;
      break;
    default:
      if (fn)
        set = NULL;
      else
        target = NULL;
      break;
    }
  }
  if (p->spring == SPRING_TO) {
    if (w->model)
      return fn ? tm_spring_to_fn(&w->tm, type, set, get, mt, end, pp, serial)
                : tm_spring_to(&w->tm, type, target, end, pp, serial);
    return fn ? tw_spring_to_fn(w->m, type, set, get, mt, end, pp, h)
              : tw_spring_to(w->m, type, target, end, pp, h);
  }
  if (w->model)
    return fn ? tm_spring_to_fn_v(&w->tm, type, set, get, mt, end, pp, v,
                                  serial)
              : tm_spring_to_v(&w->tm, type, target, end, pp, v, serial);
  return fn ? tw_spring_to_fn_v(w->m, type, set, get, mt, end, pp, v, h)
            : tw_spring_to_v(w->m, type, target, end, pp, v, h);
}

/* p's settings on the new tween s, in a fixed order, only where not the
 * default; a sequence (seq) takes no key and no recyclable setting (an
 * additive one it refuses: TW_EUNSUPPORTED). */
void w_settings(world *w, int s, const params *p, int seq) {
  int ev;

  if (p->delay != 0)
    w_set(w, s, SET_DELAY, 0, p->delay);
  if (p->loops != 0)
    w_set(w, s, SET_LOOPS, p->loops, p->loop_type);
  if (p->ease >= 0)
    w_set(w, s, SET_EASE, p->ease, 0);
  if (p->autokill >= 0)
    w_set(w, s, SET_AUTOKILL, p->autokill, 0);
  if (p->utype >= 0)
    w_set(w, s, SET_UTYPE, p->utype, 0);
  if (p->independent >= 0)
    w_set(w, s, SET_INDEPENDENT, p->independent, 0);
  if (p->id >= 0)
    w_set(w, s, SET_ID, p->id, 0);
  if (!seq && p->key >= 0)
    w_set(w, s, SET_KEY, p->key, 0);
  if (p->timescale != 1)
    w_set(w, s, SET_TIMESCALE, 0, p->timescale);
  if (!seq && p->recyclable >= 0)
    w_set(w, s, SET_RECYCLABLE, p->recyclable, 0);
  if (p->additive != 0)
    w_set(w, s, SET_ADDITIVE, p->additive - 1, 0);
  for (ev = 0; ev < TW_ON_COUNT; ev++)
    if (p->cbmask & (1 << ev))
      w_set(w, s, SET_ON, ev, 1);
}

void w_create(world *w, const params *p, int depth) {
  int s = w->nserial, type = w->types[p->kind], rc;
  meta *mt = &w->meta[s];
  unsigned char end[TM_VALUE_MAX], startv[TM_VALUE_MAX];
  const void *start = startv;
  void *target = target_of(&w->tg, p->kind, p->tgt);
  double d = p->duration;

  if (s >= MAXSER) {
    logw(w, L_RC, C_CREATE, -1, 0, 0);
    return;
  }
  memset(mt, 0, sizeof *mt);
  mt->w = w;
  mt->serial = s;
  mt->kind = p->kind;
  mt->tgt = p->tgt;
  mt->depth = depth;
  mt->cbseed = p->cbseed;
  mt->fail_at = p->bind ? p->fail_at : 0;
  memset(end, 0, sizeof end);
  make_value(p->kind, p->end, end);
  memset(startv, 0, sizeof startv);
  make_value(p->kind, p->start, startv);
  switch (p->bad) {
  case BAD_NAN:
    d = NAN;
    break;
  case BAD_NEG:
    d = -d - 1;
    break;
  case BAD_INF:
    d = INFINITY;
    break;
  case BAD_NULL:
    if (p->shape || p->spring) /* w_create_shape's, w_create_spring's */
      break;
    if (p->from_to)
      start = NULL;
    else
      target = NULL;
    break;
  case BAD_TYPE:
    type = 99;
    break;
  default:
    break;
  }
  hook_begin(w, s, depth);
  if (p->spring) {
    int serial = -1;
    tw_handle h = {0, 0};
    rc = w_create_spring(w, p, type, target, mt, end, &h, &serial);
    if (w->model && rc == 0 && serial != s)
      rc = -1000;
    if (!w->model)
      w->h[s] = h;
  } else if (p->shape) {
    int serial = -1;
    tw_handle h = {0, 0};
    rc = w_create_shape(w, p, type, target, end, d, &h, &serial);
    if (w->model && rc == 0 && serial != s)
      rc = -1000;
    if (!w->model)
      w->h[s] = h;
  } else if (w->model) {
    int serial = -1;
    if (p->from_to && p->bind)
      rc = tm_from_to_fn(&w->tm, type, w_setter, mt, start, end, d, &serial);
    else if (p->from_to)
      rc = tm_from_to(&w->tm, type, target, start, end, d, &serial);
    else if (p->bind)
      rc = tm_to_fn(&w->tm, type, w_setter,
                    p->bad == BAD_NULL ? NULL : w_getter, mt, end, d, &serial);
    else
      rc = tm_to(&w->tm, type, target, end, d, &serial);
    if (rc == 0 && serial != s)
      rc = -1000; /* the model and the harness disagree on serials */
  } else {
    tw_handle h = {0, 0};
    if (p->from_to && p->bind) {
      rc = tw_from_to_fn(w->m, type, w_setter, mt, start, end, d, &h);
    } else if (p->from_to) {
      rc = tw_from_to(w->m, type, target, start, end, d, &h);
    } else if (p->bind) {
      /* a NULL getter is the bad argument for setter tweens */
      rc = tw_to_fn(w->m, type, w_setter, p->bad == BAD_NULL ? NULL : w_getter,
                    mt, end, d, &h);
    } else {
      switch (p->cbseed % 4 == 0 ? 0 : type) { /* 0: tw_to for all */
      case TW_TYPE_FLOAT:
        rc = tw_float_to(w->m, target, *(float *)(void *)end, d, &h);
        break;
      case TW_TYPE_VEC3: {
        tw_vec3 v;
        memcpy(&v, end, sizeof v);
        rc = tw_vec3_to(w->m, target, v, d, &h);
        break;
      }
      case TW_TYPE_COLOR: {
        tw_color v;
        memcpy(&v, end, sizeof v);
        rc = tw_color_to(w->m, target, v, d, &h);
        break;
      }
      case TW_TYPE_INT: {
        int v;
        memcpy(&v, end, sizeof v);
        rc = tw_int_to(w->m, target, v, d, &h);
        break;
      }
      case TW_TYPE_DOUBLE: {
        double v;
        memcpy(&v, end, sizeof v);
        rc = tw_double_to(w->m, target, v, d, &h);
        break;
      }
      case TW_TYPE_VEC2: {
        tw_vec2 v;
        memcpy(&v, end, sizeof v);
        rc = tw_vec2_to(w->m, target, v, d, &h);
        break;
      }
      case TW_TYPE_VEC4: {
        tw_vec4 v;
        memcpy(&v, end, sizeof v);
        rc = tw_vec4_to(w->m, target, v, d, &h);
        break;
      }
      case TW_TYPE_RGBA8: {
        tw_rgba8 v;
        memcpy(&v, end, sizeof v);
        rc = tw_rgba8_to(w->m, target, v, d, &h);
        break;
      }
      default:
        rc = tw_to(w->m, type, target, end, d, &h);
        break;
      }
    }
    w->h[s] = h;
  }
  hook_end(w, s, rc, depth);
  logw(w, L_RC,
       p->spring == SPRING_TO    ? C_SPRING
       : p->spring               ? C_SPRING_V
       : p->shape == SHAPE_PUNCH ? C_PUNCH
       : p->shape == SHAPE_SHAKE ? C_SHAKE
       : p->shape == SHAPE_PATH  ? C_PATH
                                 : C_CREATE,
       s, rc, 0);
  if (p->spring && w->model) {
    spring_count++;
    spring_refused += rc != 0;
  }
  if (rc != 0)
    return;
  w->nserial++;
  w_settings(w, s, p, 0);
}

/* tw_go (or tw_spring_go, for OP_SPRING_GO): the tween sent, or a new one
 * (the next serial, registered as a creation registers its own, with
 * every setting at its default). */
void w_go(world *w, const op *o, int depth) {
  int s = w->nserial, kind = o->p.kind, tgt = o->p.tgt, made = 0, who = -1, rc,
      i, fn = o->a == 2, spring = o->kind == OP_SPRING_GO;
  void *target = o->b ? NULL : target_of(&w->tg, kind, o->p.tgt);
  meta *ud = NULL; /* tw_go_fn: the ud of tween o->s, its kind and target */
  unsigned char end[TM_VALUE_MAX];
  tw_spring sp;
  const tw_spring *pp = &sp;
  meta *mt;

  if (fn && o->s >= 0 && o->s < w->nserial && !o->b) {
    ud = &w->meta[o->s];
    kind = ud->kind;
    tgt = ud->tgt;
  }
  /* with the parallel update on, a setter writes only the targets kept
   * for setters (par_target): the ud of a pointer tween is refused */
  if (ud != NULL && tgt != par_target(tgt, 1))
    ud = NULL;

  if (s >= MAXSER) {
    logw(w, L_RC, C_GO, -1, 0, 0);
    return;
  }
  memset(end, 0, sizeof end);
  make_value(kind, o->p.end, end);
  if (spring) {
    w_spring_params(w, &o->p, &sp);
    if (o->p.bad == BAD_NULL)
      pp = NULL;
    if (o->p.sbad == SBAD_NAN)
      poison(kind, end, o->p.pseed);
  }
  hook_begin(w, s, depth);
  if (w->model) {
    if (spring)
      rc = fn ? tm_spring_go_fn(&w->tm, w->types[kind], w_setter, w_getter, ud,
                                end, pp, &who, &made)
              : tm_spring_go(&w->tm, w->types[kind], target, end, pp, &who,
                             &made);
    else
      rc = fn ? tm_go_fn(&w->tm, w->types[kind], w_setter, w_getter, ud, end,
                         o->x, &who, &made)
              : tm_go(&w->tm, w->types[kind], target, end, o->x, &who, &made);
  } else {
    tw_handle h = {0, 0};
    rc = spring && fn ? tw_spring_go_fn(w->m, w->types[kind], w_setter,
                                        w_getter, ud, end, pp, &h)
         : spring     ? tw_spring_go(w->m, w->types[kind], target, end, pp, &h)
         : fn ? tw_go_fn(w->m, w->types[kind], w_setter, w_getter, ud, end,
                         o->x, &h)
         : o->a && kind == K_FLOAT
             ? tw_float_go(w->m, target, *(float *)(void *)end, o->x, &h)
             : tw_go(w->m, w->types[kind], target, end, o->x, &h);
    for (i = 0; rc == 0 && i < w->nserial; i++)
      if (w->h[i].index == h.index && w->h[i].gen == h.gen)
        who = i;
    if (rc == 0 && who < 0) { /* made */
      made = 1;
      who = s;
      w->h[s] = h;
    }
  }
  hook_end(w, s, made ? rc : -1, depth);
  logw(w, L_RC, spring ? C_SPRING_GO : C_GO, who, rc, made);
  if (spring && w->model) {
    spring_count++;
    spring_refused += rc != 0;
  }
  if (!made)
    return;
  mt = &w->meta[s];
  memset(mt, 0, sizeof *mt);
  mt->w = w;
  mt->serial = s;
  mt->kind = kind;
  mt->tgt = tgt;
  mt->depth = depth;
  w->nserial++;
}

/* ------------------------------------------------------------------ */

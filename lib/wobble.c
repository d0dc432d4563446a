/* SPDX-License-Identifier: MIT */
/* Shaped values: punch and shake (DOTween's DOPunch and DOShake),
 * snapping, and additive writes, applied where a tween's value is written
 * (life.c).  An additive tween (DOTween's blendable tweens) adds to the
 * target the change of its own value since its last write, computed in
 * double from the values it reached, so its changes telescope to end -
 * start.
 *
 * A punch or a shake is a pure function of the fraction: the start value
 * plus an offset that runs through `segments` equal segments between
 * waypoints, OutQuad within each (as DOTween's segments are), the first and
 * the last waypoint being the start itself.  So one jump lands where many
 * small steps land, and the end is the start value exactly.  A shake's
 * waypoints are drawn from its seed by waypoint and component, not from a
 * running generator: the same seed gives the same shake whatever the
 * updates, on every platform. */
#include "tween-private.h"

#include <math.h>

/* The offset of component c at waypoint j (0 and segments: the start).
 * Peak i = j - 1 has the amplitude (segments - i) / segments of the amount
 * (always for a punch, with fade-out for a shake) and alternates in sign;
 * a punch's backward peaks are scaled by its elasticity, a shake's every
 * component by a random factor in (1 - 2 spread, 1]. */
static double peak(const tw__choreo *x, double j, unsigned c) {
  double i = j - 1, amp = x->amount[c], sign;
  uint32_t st;

  if (j <= 0 || j >= x->segments)
    return 0.0;
  if (x->wobble == 1 || x->fade_out)
    amp *= (x->segments - i) / x->segments;
  sign = fmod(i, 2.0) == 0.0 ? 1.0 : -1.0;
  if (x->wobble == 1)
    return sign > 0 ? amp : -amp * x->spread;
  st = x->seed + (uint32_t)fmod(j, 4294967296.0) * 0x9E3779B9u +
       (c + 1u) * 0x632BE5ABu;
  (void)tw__random(&st);
  return sign * amp *
         (1.0 - 2.0 * x->spread * ((double)tw__random(&st) / 4294967296.0));
}

/* The punch or shake at fraction e into out; outside (0, 1) it is the
 * start. */
void tw__wobble(const tw_manager *m, const tw__tween *t, void *out, double e) {
  float s[4];

  memcpy(s, tw__val(m, (tw__tween *)t, m->types[t->type].size, TW__START),
         m->types[t->type].floats * sizeof(float));
  tw__wobble_at(tw__rec(m, t)->ch, m->types[t->type].floats, s, out, e);
}

void tw__wobble_at(const tw__choreo *x, unsigned n, const float *s, void *out,
                   double e) {
  double p = e * x->segments, j = floor(p), u = p - j, w = u * (2.0 - u);
  float v[4];
  unsigned c;

  for (c = 0; c < n; c++) {
    double a, b;
    if (!(e > 0 && e < 1)) {
      v[c] = s[c];
      continue;
    }
    a = peak(x, j, c);
    b = peak(x, j + 1, c);
    v[c] = (float)tw__saturate((double)s[c] + a + (b - a) * w, FLT_MAX);
  }
  memcpy(out, v, n * sizeof(float));
}

void tw__snap_value(const tw_manager *m, tw__tween *t, void *v) {
  size_t size = m->types[t->type].size;
  const unsigned char *a = tw__val(m, t, size, TW__START);

  /* a punch or a shake ends on its start */
  tw__snap(t->type, v, a,
           (t->flags & TW__F_WOBBLE) ? a : tw__val(m, t, size, TW__END),
           tw__rec(m, t)->ch->snap);
}

void tw__add_change(const tw_manager *m, tw__tween *t, void *out,
                    const void *v) {
  tw__choreo *x = tw__rec(m, t)->ch;

  if (!x->primed) { /* its first write since it started: from the start */
    tw__components(t->type, tw__val(m, t, m->types[t->type].size, TW__START),
                   x->last);
    x->primed = 1;
  }
  tw__accumulate(t->type, out, v, x->last);
}

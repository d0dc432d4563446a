/* SPDX-License-Identifier: MIT */
/* The ease gallery: every ease of libtween drawn as a small curve with its
 * name, all in one PNG (make gallery writes docs/eases.png).
 *
 * Each curve is sampled through the public API only: a double tween from 0
 * to 1 over one second with that ease, moved with tw_goto to each sample
 * time and read back.  Nothing here computes an ease itself, so the picture
 * shows what the library does.  Every panel uses the same vertical scale,
 * wide enough for the lowest and highest value of any curve, so the
 * overshoot of Back and Elastic shows against the dashed lines at 0 and 1.
 *
 * Two more panels show a punch and a shake (tw_punch, tw_shake) of a float
 * that rests at 0.5, by 0.5, over one second, with a fixed seed for the
 * shake: those are played by tw_update in even steps and read after each,
 * as a program would see them, and dotted lines mark the rest value.
 *
 *   tools/gallery FILE.png */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cairo.h>

#include "tween.h"

enum kind { PLAIN, PARAMS, BEZIER, STEPS, CURVE, USER, PUNCH, SHAKE };

struct panel {
  const char *name;
  enum kind kind;
  tw_ease ease;
  double a, b, c, d; /* the parameters of the kind */
};

#define E(name, ease)                                                          \
  { name, PLAIN, ease, 0, 0, 0, 0 }

/* Six columns: two families of In, Out, InOut per row, then the Flash
 * eases, then the shaped eases.  Springs go in a row of their own here
 * once the library has them. */
static const struct panel panels[] = {
    E("InSine", TW_EASE_IN_SINE),
    E("OutSine", TW_EASE_OUT_SINE),
    E("InOutSine", TW_EASE_IN_OUT_SINE),
    E("InQuad", TW_EASE_IN_QUAD),
    E("OutQuad", TW_EASE_OUT_QUAD),
    E("InOutQuad", TW_EASE_IN_OUT_QUAD),
    E("InCubic", TW_EASE_IN_CUBIC),
    E("OutCubic", TW_EASE_OUT_CUBIC),
    E("InOutCubic", TW_EASE_IN_OUT_CUBIC),
    E("InQuart", TW_EASE_IN_QUART),
    E("OutQuart", TW_EASE_OUT_QUART),
    E("InOutQuart", TW_EASE_IN_OUT_QUART),
    E("InQuint", TW_EASE_IN_QUINT),
    E("OutQuint", TW_EASE_OUT_QUINT),
    E("InOutQuint", TW_EASE_IN_OUT_QUINT),
    E("InExpo", TW_EASE_IN_EXPO),
    E("OutExpo", TW_EASE_OUT_EXPO),
    E("InOutExpo", TW_EASE_IN_OUT_EXPO),
    E("InCirc", TW_EASE_IN_CIRC),
    E("OutCirc", TW_EASE_OUT_CIRC),
    E("InOutCirc", TW_EASE_IN_OUT_CIRC),
    E("InElastic", TW_EASE_IN_ELASTIC),
    E("OutElastic", TW_EASE_OUT_ELASTIC),
    E("InOutElastic", TW_EASE_IN_OUT_ELASTIC),
    E("InBack", TW_EASE_IN_BACK),
    E("OutBack", TW_EASE_OUT_BACK),
    E("InOutBack", TW_EASE_IN_OUT_BACK),
    E("InBounce", TW_EASE_IN_BOUNCE),
    E("OutBounce", TW_EASE_OUT_BOUNCE),
    E("InOutBounce", TW_EASE_IN_OUT_BOUNCE),
    E("Linear", TW_EASE_LINEAR),
    /* Flash: overshoot is the number of flashes, period the weight */
    {"Flash, 4 flashes", PARAMS, TW_EASE_FLASH, 4, 0, 0, 0},
    {"Flash, 5 flashes", PARAMS, TW_EASE_FLASH, 5, 0, 0, 0},
    {"InFlash, 5", PARAMS, TW_EASE_IN_FLASH, 5, 0, 0, 0},
    {"OutFlash, 5", PARAMS, TW_EASE_OUT_FLASH, 5, 0, 0, 0},
    {"InOutFlash, 5", PARAMS, TW_EASE_IN_OUT_FLASH, 5, 0, 0, 0},
    /* Spring: period is the bounce */
    {"Spring", PARAMS, TW_EASE_SPRING, 1.70158, 0, 0, 0},
    {"Spring, bounce 0.5", PARAMS, TW_EASE_SPRING, 1.70158, 0.5, 0, 0},
    {"bezier(.25,.1,.25,1)", BEZIER, TW_EASE_LINEAR, .25, .1, .25, 1},
    {"bezier(.68,-.6,.32,1.6)", BEZIER, TW_EASE_LINEAR, .68, -.6, .32, 1.6},
    {"steps(5, end)", STEPS, TW_EASE_LINEAR, 5, TW_JUMP_END, 0, 0},
    {"steps(4, both)", STEPS, TW_EASE_LINEAR, 4, TW_JUMP_BOTH, 0, 0},
    {"keyframe curve", CURVE, TW_EASE_LINEAR, 0, 0, 0, 0},
    {"user fn: smootherstep", USER, TW_EASE_LINEAR, 0, 0, 0, 0},
    /* punch: amount, vibrato, elasticity; shake: strength, vibrato,
     * randomness, seed (fading out) */
    {"punch, vibrato 10", PUNCH, TW_EASE_LINEAR, 0.5, 10, 1, 0},
    {"shake, seed 7", SHAKE, TW_EASE_LINEAR, 0.5, 10, 90, 7},
};

/* Where the punch and the shake rest. */
#define REST 0.5f

#define NPANELS (sizeof panels / sizeof panels[0])
#define NSAMPLES 480
#define COLS 6
#define PANEL_W 200
#define PANEL_H 176
#define HEADER 44
#define FOOTER 26

static const tw_key curve_keys[] = {
    {0.0f, 0.0f, 0.0f, 3.0f},
    {0.35f, 0.75f, 0.0f, 0.0f},
    {0.6f, 0.45f, 0.0f, 0.0f},
    {1.0f, 1.0f, 2.5f, 0.0f},
};

static double smootherstep(double x, void *ud) {
  (void)ud;
  return x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
}

static int fail(const char *what, int rc) {
  fprintf(stderr, "gallery: %s: %s\n", what, tw_strerror(rc));
  return -1;
}

/* Shapes tween h as panel p says. */
static int shape(tw_manager *m, tw_handle h, const struct panel *p) {
  switch (p->kind) {
  case PLAIN:
    return tw_set_ease(m, h, p->ease);
  case PARAMS: {
    int rc = tw_set_ease(m, h, p->ease);
    return rc < 0 ? rc : tw_set_ease_params(m, h, p->a, p->b);
  }
  case BEZIER:
    return tw_set_ease_bezier(m, h, p->a, p->b, p->c, p->d);
  case STEPS:
    return tw_set_ease_steps(m, h, (int)p->a, (tw_jump)(int)p->b);
  case CURVE:
    return tw_set_ease_curve(m, h, curve_keys,
                             sizeof curve_keys / sizeof curve_keys[0]);
  case USER:
    return tw_set_ease_fn(m, h, smootherstep, NULL);
  case PUNCH:
  case SHAKE:
    break;
  }
  return TW_EINVAL;
}

/* Plays panel p's punch or shake of a float at REST with NSAMPLES even
 * updates over its second, reading the float before the first and after
 * each into y; it must have ended (and been killed) by the last. */
static int play(tw_manager *m, const struct panel *p, double *y) {
  float v = REST, amount = (float)p->a;
  tw_handle h;
  int i, rc;

  if (p->kind == PUNCH)
    rc = tw_punch(m, TW_TYPE_FLOAT, &v, &amount, 1.0, (int)p->b, p->c, &h);
  else
    rc = tw_shake(m, TW_TYPE_FLOAT, &v, &amount, 1.0, (int)p->b, p->c,
                  (uint32_t)p->d, 1, &h);
  if (rc < 0)
    return fail(p->name, rc);
  y[0] = v;
  for (i = 1; i <= NSAMPLES; i++) {
    if ((rc = tw_update(m, TW_UPDATE_NORMAL, 1.0 / NSAMPLES, 1.0 / NSAMPLES)) <
        0)
      return fail("tw_update", rc);
    y[i] = v;
  }
  if (tw_is_active(m, h) == 1) {
    fprintf(stderr, "gallery: %s: still running after its second\n", p->name);
    return -1;
  }
  return 0;
}

/* Samples panel p's ease at NSAMPLES + 1 even times from 0 to 1 into y. */
static int sample(tw_manager *m, const struct panel *p, double *y) {
  double v = 0.0;
  tw_handle h;
  int i, rc;

  if (p->kind == PUNCH || p->kind == SHAKE)
    return play(m, p, y);
  if ((rc = tw_double_to(m, &v, 1.0, 1.0, &h)) < 0)
    return fail("tw_double_to", rc);
  /* kept alive at its end, so that it can be moved there and read */
  if ((rc = tw_set_autokill(m, h, 0)) < 0 || (rc = shape(m, h, p)) < 0)
    return fail(p->name, rc);
  for (i = 0; i <= NSAMPLES; i++) {
    if ((rc = tw_goto(m, h, (double)i / NSAMPLES, 0)) < 0)
      return fail("tw_goto", rc);
    y[i] = v;
  }
  tw_kill(m, h, 0);
  return 0;
}

static void draw_panel(cairo_t *cr, const struct panel *p, const double *y,
                       double x0, double y0, double lo, double hi) {
  const double pad = 12.0, top = 26.0;
  double w = PANEL_W - 2 * pad, h = PANEL_H - top - pad;
  double sy = h / (hi - lo);
  double dashes[] = {4.0, 3.0}, dots[] = {1.0, 3.0};
  int i;

#define PX(t) (x0 + pad + (t)*w)
#define PY(v) (y0 + top + (hi - (v)) * sy)

  /* the card */
  cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
  cairo_rectangle(cr, x0 + 4, y0 + 4, PANEL_W - 8, PANEL_H - 8);
  cairo_fill(cr);

  /* the unit square: time 0..1 across, value 0..1 up */
  cairo_set_line_width(cr, 1.0);
  cairo_set_source_rgb(cr, 0.93, 0.94, 0.97);
  cairo_rectangle(cr, PX(0), PY(1), w, PY(0) - PY(1));
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 0.62, 0.65, 0.72);
  cairo_set_dash(cr, dashes, 2, 0);
  cairo_move_to(cr, PX(0), floor(PY(0)) + 0.5);
  cairo_line_to(cr, PX(1), floor(PY(0)) + 0.5);
  cairo_move_to(cr, PX(0), floor(PY(1)) + 0.5);
  cairo_line_to(cr, PX(1), floor(PY(1)) + 0.5);
  cairo_stroke(cr);
  if (p->kind == PUNCH || p->kind == SHAKE) { /* the rest value */
    cairo_set_dash(cr, dots, 2, 0);
    cairo_move_to(cr, PX(0), floor(PY(REST)) + 0.5);
    cairo_line_to(cr, PX(1), floor(PY(REST)) + 0.5);
    cairo_stroke(cr);
  }
  cairo_set_dash(cr, NULL, 0, 0);

  /* the curve */
  cairo_set_source_rgb(cr, 0.85, 0.22, 0.25);
  cairo_set_line_width(cr, 2.0);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (i = 0; i <= NSAMPLES; i++) {
    double t = (double)i / NSAMPLES;
    if (i == 0)
      cairo_move_to(cr, PX(t), PY(y[i]));
    else
      cairo_line_to(cr, PX(t), PY(y[i]));
  }
  cairo_stroke(cr);

  /* the name */
  cairo_set_source_rgb(cr, 0.12, 0.13, 0.17);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                         CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size(cr, 13.0);
  cairo_move_to(cr, x0 + pad, y0 + 20);
  cairo_show_text(cr, p->name);
#undef PX
#undef PY
}

/* 0 when every ease of tw_ease has a panel of its own, so that an ease
 * added to the library cannot be left out of the picture. */
static int covers_every_ease(void) {
  int e, missing = 0;
  size_t i;
  for (e = 0; e < TW_EASE_COUNT; e++) {
    for (i = 0; i < NPANELS; i++)
      if ((panels[i].kind == PLAIN || panels[i].kind == PARAMS) &&
          (int)panels[i].ease == e)
        break;
    if (i == NPANELS) {
      fprintf(stderr, "gallery: ease %d has no panel in tools/gallery.c\n", e);
      missing = 1;
    }
  }
  return missing ? -1 : 0;
}

int main(int argc, char **argv) {
  static double ys[NPANELS][NSAMPLES + 1];
  tw_manager *m;
  cairo_surface_t *s;
  cairo_t *cr;
  double lo = 0.0, hi = 1.0, margin, tx, ty;
  int rows = (int)((NPANELS + COLS - 1) / COLS), width, height, rc;
  size_t i, j;
  char footer[160];

  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE.png\n", argv[0]);
    return 2;
  }
  if (covers_every_ease() < 0)
    return 1;
  if ((rc = tw_manager_new(NULL, &m)) < 0) {
    fail("tw_manager_new", rc);
    return 1;
  }
  for (i = 0; i < NPANELS; i++) {
    if (sample(m, &panels[i], ys[i]) < 0)
      return 1;
    for (j = 0; j <= NSAMPLES; j++) {
      lo = ys[i][j] < lo ? ys[i][j] : lo;
      hi = ys[i][j] > hi ? ys[i][j] : hi;
    }
  }
  tw_manager_free(m);
  margin = 0.06 * (hi - lo);
  lo -= margin;
  hi += margin;

  width = COLS * PANEL_W;
  height = HEADER + rows * PANEL_H + FOOTER;
  s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create(s);
  cairo_set_source_rgb(cr, 0.88, 0.89, 0.92);
  cairo_paint(cr);

  cairo_set_source_rgb(cr, 0.12, 0.13, 0.17);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                         CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size(cr, 18.0);
  cairo_move_to(cr, 16, 29);
  cairo_show_text(cr, "libtween eases, punch and shake");
  cairo_get_current_point(cr, &tx, &ty);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                         CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 13.0);
  cairo_move_to(cr, tx + 14, 29);
  cairo_show_text(cr, "value over time from 0 to 1; dashed lines: values 0 "
                      "and 1; one vertical scale for all; punch and shake "
                      "around 0.5 (dotted)");

  for (i = 0; i < NPANELS; i++)
    draw_panel(cr, &panels[i], ys[i], (double)(i % COLS) * PANEL_W,
               HEADER + (double)(i / COLS) * PANEL_H, lo, hi);

  snprintf(footer, sizeof footer,
           "drawn by tools/gallery (make gallery) from libtween %s tweens, "
           "sampled with tw_goto; punch and shake played by tw_update",
           tw_version_string());
  cairo_set_source_rgb(cr, 0.35, 0.37, 0.42);
  cairo_set_font_size(cr, 11.0);
  cairo_move_to(cr, 16, height - 9);
  cairo_show_text(cr, footer);

  cairo_destroy(cr);
  if (cairo_surface_write_to_png(s, argv[1]) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "gallery: cannot write %s\n", argv[1]);
    cairo_surface_destroy(s);
    return 1;
  }
  cairo_surface_destroy(s);
  printf("gallery: %s: %zu panels, %dx%d, values %.2f to %.2f\n", argv[1],
         NPANELS, width, height, lo + margin, hi - margin);
  return 0;
}

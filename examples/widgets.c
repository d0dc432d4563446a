/* SPDX-License-Identifier: MIT */
/* A small "UI" of 20 widgets animated by libtween, drawn as text: the
 * bare-metal example (tools/m4f/run.sh runs it on a Cortex-M4F under
 * qemu, printing over semihosting, and checks that it prints what it
 * prints here).  It uses only what a microcontroller's UI uses most:
 * float tweens with eases, delays, loops and a kill, one tw_update a
 * frame at 60 frames a second, and printf.
 *
 * The widgets: 8 list rows that slide in one after the other, 4 progress
 * bars, 4 toggles that switch on, a spinner that turns forever, a
 * notification that drops in, a dimmer that breathes (yoyo, forever) and
 * a loading bar that is cancelled halfway. */
#include <stdio.h>
#include <tween.h>

#define NW 20
#define WIDTH 24 /* a bar's cells */

typedef struct widget {
  const char *name;
  float v; /* 0..1: how far in, how full, how on; the spinner's turns */
} widget;

static widget ui[NW] = {
    {"row 1", 0},   {"row 2", 0},     {"row 3", 0},  {"row 4", 0},
    {"row 5", 0},   {"row 6", 0},     {"row 7", 0},  {"row 8", 0},
    {"cpu", 0},     {"memory", 0},    {"disk", 0},   {"battery", 0},
    {"wifi", 0},    {"bluetooth", 0}, {"sound", 0},  {"alarm", 0},
    {"spinner", 0}, {"notice", 0},    {"dimmer", 0}, {"loading", 0}};

/* v (0..1) as a number of cells, 0 to WIDTH */
static int cells(float v) {
  int n = (int)(v * WIDTH + 0.5f);

  return n < 0 ? 0 : n > WIDTH ? WIDTH : n;
}

/* v (0..1) as a bar of WIDTH cells */
static void bar(char *s, float v) {
  int i, n = cells(v);

  for (i = 0; i < WIDTH; i++)
    s[i] = i < n ? '#' : '.';
  s[WIDTH] = 0;
}

static void draw(int frame) {
  static const char spin[4] = {'|', '/', '-', '\\'};
  char s[WIDTH + 1];
  int i;

  printf("-- frame %d (%.2f s)\n", frame, frame / 60.0);
  for (i = 0; i < NW; i++) {
    float v = ui[i].v;

    if (i < 8) /* a row slides in from the right */
      printf("  %-10s %*s%s\n", ui[i].name, cells(1 - v), "", ui[i].name);
    else if (i < 12 || i == 19) {
      bar(s, v);
      printf("  %-10s [%s] %3d%%\n", ui[i].name, s, (int)(v * 100 + 0.5f));
    } else if (i < 16)
      printf("  %-10s %s\n", ui[i].name, v > 0.5f ? "[ on]" : "[off]");
    else if (i == 16)
      printf("  %-10s %c\n", ui[i].name, spin[(int)(v * 4) % 4]);
    else if (i == 17) /* the notice drops in from the right */
      printf("  %-10s %*s%s\n", ui[i].name, v > 0 ? cells(1 - v) : 0, "",
             v > 0 ? "(!) 1 new message" : "");
    else {
      bar(s, v);
      printf("  %-10s %s\n", ui[i].name, s);
    }
  }
}

int main(void) {
  static const float full[4] = {0.62f, 0.35f, 0.81f, 1.0f};
  tw_manager *m;
  tw_handle h, loading = {0, 0};
  int i, frame;

  if (tw_manager_new(NULL, &m) != TW_OK)
    return 1;
  for (i = 0; i < NW; i++) {
    float end = 1.0f, d = 0.4f, delay = 0.0f;
    tw_ease e = TW_EASE_OUT_CUBIC;

    if (i < 8) {
      delay = 0.05f * (float)i; /* one after the other */
      e = TW_EASE_OUT_BACK;
    } else if (i < 12) {
      end = full[i - 8];
      d = 1.2f;
      e = TW_EASE_IN_OUT_QUAD;
    } else if (i < 16) {
      delay = 0.1f * (float)(i - 12);
      d = 0.2f;
    } else if (i == 16) {
      d = 1.0f;
      e = TW_EASE_LINEAR;
    } else if (i == 17) {
      delay = 0.5f;
      e = TW_EASE_OUT_BOUNCE;
      d = 0.6f;
    } else if (i == 18) {
      d = 0.75f;
      e = TW_EASE_IN_OUT_SINE;
    } else {
      d = 2.0f;
      e = TW_EASE_LINEAR;
    }
    if (tw_float_to(m, &ui[i].v, end, d, &h) != TW_OK)
      return 2;
    tw_set_ease(m, h, e);
    tw_set_delay(m, h, delay);
    if (i == 16)
      tw_set_loops(m, h, TW_LOOPS_INFINITE, TW_LOOP_INCREMENTAL);
    if (i == 18)
      tw_set_loops(m, h, TW_LOOPS_INFINITE, TW_LOOP_YOYO);
    if (i == 19)
      loading = h;
  }
  for (frame = 0; frame <= 90; frame++) {
    if (frame > 0)
      tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60);
    if (frame == 60)
      tw_kill(m, loading, 0); /* cancelled: the bar stays where it is */
    if (frame % 15 == 0)
      draw(frame);
  }
  tw_manager_free(m);
  return 0;
}

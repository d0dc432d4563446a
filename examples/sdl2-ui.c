/* SPDX-License-Identifier: MIT */
/* A settings screen in an 800x600 SDL2 window, animated with libtween.
 *
 *   - the panel slides in with OutBack;
 *   - three buttons fade and rise in, one after the other;
 *   - a button's colour (TW_TYPE_RGBA8) tweens on hover; moving on and off
 *     quickly retargets the running tween, so the colour turns back from
 *     wherever it is, without a jump;
 *   - a card drops in on a bouncy TW_EASE_SPRING; drag it and it follows
 *     the mouse, let go and a spring (tw_spring_to) takes it home with the
 *     speed the hand gave it; grab it on its way and it stops under the
 *     hand;
 *   - a progress bar is an int tween, the status dot pulses forever (yoyo);
 *   - a toast is a sequence: slide in, wait, slide out.
 *
 * Mouse: hover and click the buttons, drag the card.  Keys: Up/Down/Tab
 * move the focus, Enter or Space toggles, R restarts the progress bar,
 * Escape or Q quits.
 *
 *   examples/sdl2-ui
 *   examples/sdl2-ui --screenshot FILE.png --frames N
 *                    [--mouse X,Y@F] [--down X,Y@F] [--up X,Y@F]...
 *
 * The second form opens no window: it renders N frames at 60 Hz with SDL's
 * software renderer into a surface and writes the last one to FILE.png
 * with SDL2_image (for CI: SDL_VIDEODRIVER=dummy).  Before frame F, --mouse
 * moves the mouse to X,Y, --down presses the left button there and --up
 * releases it, in the order given, through the same event handler as the
 * window (a drag is a --down, some --mouse and an --up).  It prints the
 * resting rectangles of the panel, the buttons and the card, which
 * tests/sdl2-ui.sh compares between screenshots, and what the card does. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <SDL_image.h>

#include "tween.h"

#define WIN_W 800
#define WIN_H 600
#define PANEL_X 180
#define PANEL_Y 90
#define PANEL_W 440
#define PANEL_H 400
#define NBUTTONS 3
#define BUTTON_H 56
#define CARD_X 645 /* the card's home, right of the panel */
#define CARD_Y (PANEL_Y + 86)
#define CARD_W 130
#define CARD_H 100

static const tw_rgba8 button_idle = {54, 62, 86, 255};
static const tw_rgba8 button_hover = {66, 124, 226, 255};
static const tw_rgba8 card_idle = {132, 86, 204, 255};
static const tw_rgba8 card_held = {170, 128, 240, 255};
static const tw_vec2 card_home = {CARD_X, CARD_Y};

struct button {
  const char *label;
  int on;
  float alpha, rise; /* fade and rise in */
  tw_rgba8 color;    /* tweened on hover */
  tw_handle hover;   /* the colour's tween, retargeted on hover */
};

/* The draggable card. */
struct card {
  tw_vec2 pos; /* top left */
  tw_rgba8 color;
  int held;
  tw_vec2 grab;   /* the pointer's offset from pos while held */
  tw_vec2 sample; /* the pointer's last sample, at sample_ms */
  Uint32 sample_ms;
  tw_vec2 vel;    /* the pointer's velocity, pixels per second */
  tw_handle home; /* the spring home */
};

struct ui {
  tw_manager *m;
  float panel_x;
  struct button buttons[NBUTTONS];
  int hot; /* the hovered or focused button, -1 none */
  struct card card;
  SDL_Window *window; /* NULL when headless */
  int log;            /* headless: say what the card does */
  int frame;
  int percent;
  tw_handle progress;
  float dot;
  float toast_y;
  tw_handle toast;
  char toast_text[40];
  int quit;
};

static int check(int rc, const char *what) {
  if (rc < 0)
    fprintf(stderr, "sdl2-ui: %s: %s\n", what, tw_strerror(rc));
  return rc;
}

/* A 5x7 font for capitals, digits and a few signs (lower case is drawn as
 * upper case), so that the example needs nothing but SDL2. */
static const char glyph_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%.:-!/";
static const uint8_t glyphs[][7] = {
    {14, 17, 17, 31, 17, 17, 17}, {30, 17, 17, 30, 17, 17, 30},
    {14, 17, 16, 16, 16, 17, 14}, {30, 17, 17, 17, 17, 17, 30},
    {31, 16, 16, 30, 16, 16, 31}, {31, 16, 16, 30, 16, 16, 16},
    {14, 17, 16, 23, 17, 17, 15}, {17, 17, 17, 31, 17, 17, 17},
    {14, 4, 4, 4, 4, 4, 14},      {7, 2, 2, 2, 2, 18, 12},
    {17, 18, 20, 24, 20, 18, 17}, {16, 16, 16, 16, 16, 16, 31},
    {17, 27, 21, 21, 17, 17, 17}, {17, 17, 25, 21, 19, 17, 17},
    {14, 17, 17, 17, 17, 17, 14}, {30, 17, 17, 30, 16, 16, 16},
    {14, 17, 17, 17, 21, 18, 13}, {30, 17, 17, 30, 20, 18, 17},
    {15, 16, 16, 14, 1, 1, 30},   {31, 4, 4, 4, 4, 4, 4},
    {17, 17, 17, 17, 17, 17, 14}, {17, 17, 17, 17, 17, 10, 4},
    {17, 17, 17, 21, 21, 21, 10}, {17, 17, 10, 4, 10, 17, 17},
    {17, 17, 17, 10, 4, 4, 4},    {31, 1, 2, 4, 8, 16, 31},
    {14, 17, 19, 21, 25, 17, 14}, {4, 12, 4, 4, 4, 4, 14},
    {14, 17, 1, 2, 4, 8, 31},     {31, 2, 4, 2, 1, 17, 14},
    {2, 6, 10, 18, 31, 2, 2},     {31, 16, 30, 1, 1, 17, 14},
    {6, 8, 16, 30, 17, 17, 14},   {31, 1, 2, 4, 8, 8, 8},
    {14, 17, 17, 14, 17, 17, 14}, {14, 17, 17, 15, 1, 2, 12},
    {24, 25, 2, 4, 8, 19, 3},     {0, 0, 0, 0, 0, 12, 12},
    {0, 12, 12, 0, 12, 12, 0},    {0, 0, 0, 31, 0, 0, 0},
    {4, 4, 4, 4, 4, 0, 4},        {0, 1, 2, 4, 8, 16, 0},
};

static int text_width(const char *s, int scale) {
  return (int)strlen(s) * 6 * scale - scale;
}

static void draw_text(SDL_Renderer *r, const char *s, int x, int y, int scale,
                      SDL_Color c) {
  SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
  for (; *s; s++, x += 6 * scale) {
    const char *p;
    int ch = *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s, row, col;
    if (ch == ' ' || !(p = strchr(glyph_chars, ch)))
      continue;
    for (row = 0; row < 7; row++)
      for (col = 0; col < 5; col++)
        if (glyphs[p - glyph_chars][row] & (16 >> col)) {
          SDL_Rect px = {x + col * scale, y + row * scale, scale, scale};
          SDL_RenderFillRect(r, &px);
        }
  }
}

static void fill(SDL_Renderer *r, int x, int y, int w, int h, tw_rgba8 c) {
  SDL_Rect rect = {x, y, w, h};
  SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
  SDL_RenderFillRect(r, &rect);
}

static void fill_circle(SDL_Renderer *r, int cx, int cy, float radius,
                        tw_rgba8 c) {
  int dy, ir = (int)ceilf(radius);
  SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
  for (dy = -ir; dy <= ir; dy++) {
    float half = radius * radius - (float)(dy * dy);
    if (half >= 0.0f) {
      int dx = (int)sqrtf(half);
      SDL_RenderDrawLine(r, cx - dx, cy + dy, cx + dx, cy + dy);
    }
  }
}

static SDL_Rect button_rect(const struct ui *ui, int i) {
  SDL_Rect b = {(int)ui->panel_x + 24, PANEL_Y + 86 + i * 72, PANEL_W - 48,
                BUTTON_H};
  b.y += (int)ui->buttons[i].rise;
  return b;
}

static void button_text(const struct button *b, char *out, size_t n) {
  snprintf(out, n, "%s: %s", b->label, b->on ? "on" : "off");
}

/* A toast: a new sequence slides it in from below the window, waits and
 * slides it out.  A toast that is still showing is replaced: its sequence
 * is killed and the new one slides in from where the old one left it. */
static void toast(struct ui *ui, const char *text, double after) {
  tw_handle in, out;
  tw_manager *m = ui->m;

  snprintf(ui->toast_text, sizeof ui->toast_text, "%s", text);
  if (tw_is_active(m, ui->toast))
    tw_kill(m, ui->toast, 0);
  if (check(tw_sequence(m, &ui->toast), "toast") < 0)
    return;
  check(tw_float_to(m, &ui->toast_y, WIN_H - 74, 0.45, &in), "toast in");
  tw_set_ease(m, in, TW_EASE_OUT_BACK);
  check(tw_float_to(m, &ui->toast_y, WIN_H + 10, 0.3, &out), "toast out");
  tw_set_ease(m, out, TW_EASE_IN_QUAD);
  if (after > 0.0)
    tw_seq_append_interval(m, ui->toast, after);
  check(tw_seq_append(m, ui->toast, in), "toast append");
  tw_seq_append_interval(m, ui->toast, 1.6);
  check(tw_seq_append(m, ui->toast, out), "toast append");
}

static void progress_done(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  toast(ud, "update downloaded", 0.0);
}

static void start_progress(struct ui *ui) {
  tw_manager *m = ui->m;
  if (tw_is_active(m, ui->progress))
    tw_kill(m, ui->progress, 0);
  ui->percent = 0;
  check(tw_int_to(m, &ui->percent, 100, 4.0, &ui->progress), "progress");
  tw_set_ease(m, ui->progress, TW_EASE_IN_OUT_SINE);
  tw_set_delay(m, ui->progress, 0.8);
  tw_on(m, ui->progress, TW_ON_COMPLETE, progress_done, ui);
}

/* Hover: the button that stops being hot goes back to idle, the new one
 * to the hover colour.  Each colour has one tween at most: while it runs,
 * a hover on or off retargets it (tw_retarget), which turns it round from
 * the value it has now, so moving on and off quickly never makes the
 * colour jump.  (An 8-bit colour keeps its value, not its speed: it may
 * turn sharply, never jump.)  Only once it has finished and is gone is a
 * new tween made.  Starting a second tween on the running one instead
 * would leave two tweens writing: the newest wins only while both run,
 * so an older, longer one would take the colour back once the new one
 * ended; killing the old one first is right but throws its state away. */
static void hover_to(struct ui *ui, struct button *b, const tw_rgba8 *to,
                     double duration) {
  tw_manager *m = ui->m;
  if (tw_is_active(m, b->hover)) {
    if (check(tw_retarget(m, b->hover, to, duration), "hover") == 0)
      return;
    tw_kill(m, b->hover, 0); /* cannot happen; but never two tweens */
  }
  check(tw_rgba8_to(m, &b->color, *to, duration, &b->hover), "hover");
}

static void set_hot(struct ui *ui, int hot) {
  if (hot == ui->hot)
    return;
  if (ui->hot >= 0)
    hover_to(ui, &ui->buttons[ui->hot], &button_idle, 0.35);
  if (hot >= 0)
    hover_to(ui, &ui->buttons[hot], &button_hover, 0.25);
  ui->hot = hot;
}

/* The card's colour: lighter while held.  Overwrite, the other cure for
 * two tweens on one value: when the new tween starts it kills the older
 * one, from the value that one left. */
static void card_color(struct ui *ui, const tw_rgba8 *to, double duration) {
  tw_handle h;
  if (check(tw_rgba8_to(ui->m, &ui->card.color, *to, duration, &h), "card") ==
      0)
    check(tw_set_overwrite(ui->m, h, TW_OVERWRITE_KILL), "card");
}

static int on_card(const struct ui *ui, int x, int y) {
  const struct card *c = &ui->card;
  return x >= c->pos.x && x < c->pos.x + CARD_W && y >= c->pos.y &&
         y < c->pos.y + CARD_H;
}

/* A grab stops whatever moves the card (its entrance, or the spring on its
 * way home) where it is, and the card follows the hand from there: the
 * offset of the pointer is kept, so nothing jumps.  The spring is killed,
 * not retargeted: while held, the card is where the hand is, and the
 * hand's speed replaces the spring's. */
static void grab(struct ui *ui, int x, int y, Uint32 ms) {
  struct card *c = &ui->card;
  tw_kill_target(ui->m, &c->pos, 0);
  c->held = 1;
  c->grab.x = (float)x - c->pos.x;
  c->grab.y = (float)y - c->pos.y;
  c->sample.x = (float)x;
  c->sample.y = (float)y;
  c->sample_ms = ms;
  c->vel.x = c->vel.y = 0.0f;
  card_color(ui, &card_held, 0.12);
  if (ui->window)
    SDL_CaptureMouse(SDL_TRUE); /* the release may come outside */
  if (ui->log)
    printf("sdl2-ui: frame %d: card grabbed at %d,%d\n", ui->frame, x, y);
}

/* The card follows the pointer; its velocity is measured over at least
 * 8 ms, since the events of one frame may come at one time. */
static void drag(struct ui *ui, int x, int y, Uint32 ms) {
  struct card *c = &ui->card;
  Uint32 dms = ms - c->sample_ms;
  c->pos.x = (float)x - c->grab.x;
  c->pos.y = (float)y - c->grab.y;
  if (dms >= 8) {
    c->vel.x = ((float)x - c->sample.x) * 1000.0f / (float)dms;
    c->vel.y = ((float)y - c->sample.y) * 1000.0f / (float)dms;
    c->sample.x = (float)x;
    c->sample.y = (float)y;
    c->sample_ms = ms;
  }
}

/* Let go: a spring takes the card home, starting at the hand's speed.  A
 * spring's velocity is along its way, in distances per second: the
 * pointer's velocity projected on the way home, over the distance.  A
 * hand that stood still for 50 ms before letting go gives no speed. */
static void release(struct ui *ui, int x, int y, Uint32 ms) {
  struct card *c = &ui->card;
  tw_spring spring;
  float dx, dy, d2, speed;
  double settle = 0.0;

  if ((float)x - c->grab.x != c->pos.x || (float)y - c->grab.y != c->pos.y)
    drag(ui, x, y, ms);
  if (ms - c->sample_ms > 50)
    c->vel.x = c->vel.y = 0.0f;
  speed = sqrtf(c->vel.x * c->vel.x + c->vel.y * c->vel.y);
  if (speed > 2500.0f) { /* a flick, not a throw out of the window */
    c->vel.x *= 2500.0f / speed;
    c->vel.y *= 2500.0f / speed;
  }
  c->held = 0;
  if (ui->window)
    SDL_CaptureMouse(SDL_FALSE);
  card_color(ui, &card_idle, 0.3);
  dx = card_home.x - c->pos.x;
  dy = card_home.y - c->pos.y;
  d2 = dx * dx + dy * dy;
  if (d2 < 0.25f) {
    c->pos = card_home;
  } else {
    tw_spring_init(&spring);
    tw_spring_duration_bounce(&spring, 0.5, 0.3);
    spring.velocity = (c->vel.x * dx + c->vel.y * dy) / d2;
    if (check(tw_spring_to(ui->m, TW_TYPE_VEC2, &c->pos, &card_home, &spring,
                           &c->home),
              "spring") == 0)
      tw_duration(ui->m, c->home, 0, &settle);
  }
  if (ui->log)
    printf("sdl2-ui: frame %d: card released at %d,%d at %.0f,%.0f px/s, "
           "home in %.2f s\n",
           ui->frame, x, y, c->vel.x, c->vel.y, settle);
}

static void press(struct ui *ui, int i) {
  char text[40];
  struct button *b = &ui->buttons[i];
  b->on = !b->on;
  button_text(b, text, sizeof text);
  toast(ui, text, 0.0);
}

static int hit(const struct ui *ui, int x, int y) {
  int i;
  if (on_card(ui, x, y)) /* the card is above the buttons */
    return -1;
  for (i = 0; i < NBUTTONS; i++) {
    SDL_Rect b = button_rect(ui, i);
    SDL_Point p = {x, y};
    if (ui->buttons[i].alpha > 0.5f && SDL_PointInRect(&p, &b))
      return i;
  }
  return -1;
}

static void handle(struct ui *ui, const SDL_Event *e) {
  switch (e->type) {
  case SDL_QUIT:
    ui->quit = 1;
    break;
  case SDL_MOUSEMOTION:
    if (ui->card.held) /* no hover while dragging */
      drag(ui, e->motion.x, e->motion.y, e->motion.timestamp);
    else
      set_hot(ui, hit(ui, e->motion.x, e->motion.y));
    break;
  case SDL_MOUSEBUTTONDOWN:
    if (e->button.button == SDL_BUTTON_LEFT && !ui->card.held) {
      int i = hit(ui, e->button.x, e->button.y);
      if (on_card(ui, e->button.x, e->button.y))
        grab(ui, e->button.x, e->button.y, e->button.timestamp);
      else if (i >= 0)
        press(ui, i);
    }
    break;
  case SDL_MOUSEBUTTONUP:
    if (e->button.button == SDL_BUTTON_LEFT && ui->card.held) {
      release(ui, e->button.x, e->button.y, e->button.timestamp);
      set_hot(ui, hit(ui, e->button.x, e->button.y));
    }
    break;
  case SDL_WINDOWEVENT: /* a drag ends when the window loses the mouse */
    if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST && ui->card.held)
      release(ui, (int)(ui->card.pos.x + ui->card.grab.x),
              (int)(ui->card.pos.y + ui->card.grab.y), e->window.timestamp);
    break;
  case SDL_KEYDOWN:
    switch (e->key.keysym.sym) {
    case SDLK_ESCAPE:
    case SDLK_q:
      ui->quit = 1;
      break;
    case SDLK_UP:
      set_hot(ui, ui->hot <= 0 ? NBUTTONS - 1 : ui->hot - 1);
      break;
    case SDLK_DOWN:
    case SDLK_TAB:
      set_hot(ui, (ui->hot + 1) % NBUTTONS);
      break;
    case SDLK_RETURN:
    case SDLK_SPACE:
      if (ui->hot >= 0)
        press(ui, ui->hot);
      break;
    case SDLK_r:
      start_progress(ui);
      break;
    default:
      break;
    }
    break;
  default:
    break;
  }
}

static void draw(SDL_Renderer *r, const struct ui *ui) {
  static const SDL_Color white = {236, 239, 246, 255};
  static const SDL_Color grey = {150, 158, 178, 255};
  static const tw_rgba8 bg = {24, 27, 38, 255}, panel = {36, 41, 58, 255};
  static const tw_rgba8 edge = {66, 124, 226, 255}, track = {24, 27, 38, 255};
  static const tw_rgba8 bar = {88, 200, 140, 255},
                        toast_bg = {240, 196, 72, 255};
  int px = (int)ui->panel_x, i;
  char text[64];

  SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
  fill(r, 0, 0, WIN_W, WIN_H, bg);
  draw_text(r, "libtween sdl2-ui", 16, 14, 2, grey);
  draw_text(r, "arrows/tab, enter, r, esc",
            WIN_W - 16 - text_width("arrows/tab, enter, r, esc", 2), 14, 2,
            grey);

  /* the panel and its status dot */
  fill(r, px, PANEL_Y, PANEL_W, PANEL_H, panel);
  fill(r, px, PANEL_Y, PANEL_W, 4, edge);
  draw_text(r, "Settings", px + 24, PANEL_Y + 30, 4, white);
  {
    tw_rgba8 halo = {88, 200, 140, (uint8_t)(40 + 60 * (1.0f - ui->dot))};
    int cx = px + PANEL_W - 40, cy = PANEL_Y + 44;
    fill_circle(r, cx, cy, 8.0f + 10.0f * ui->dot, halo);
    fill_circle(r, cx, cy, 7.0f, bar);
    draw_text(r, "online", cx - 18 - text_width("online", 2), cy - 7, 2, grey);
  }

  /* the buttons */
  for (i = 0; i < NBUTTONS; i++) {
    const struct button *b = &ui->buttons[i];
    SDL_Rect br = button_rect(ui, i);
    tw_rgba8 c = b->color;
    SDL_Color tc = white;
    uint8_t a = (uint8_t)(b->alpha < 0.0f   ? 0
                          : b->alpha > 1.0f ? 255
                                            : b->alpha * 255.0f + 0.5f);
    c.a = (uint8_t)(c.a * a / 255);
    tc.a = a;
    fill(r, br.x, br.y, br.w, br.h, c);
    if (i == ui->hot) {
      tw_rgba8 mark = {236, 239, 246, a};
      fill(r, br.x, br.y, 4, br.h, mark);
    }
    button_text(b, text, sizeof text);
    draw_text(r, text, br.x + 20, br.y + (BUTTON_H - 21) / 2, 3, tc);
  }

  /* the progress bar */
  snprintf(text, sizeof text, "update %d%%", ui->percent);
  draw_text(r, text, px + 24, PANEL_Y + 316, 2, grey);
  fill(r, px + 24, PANEL_Y + 340, PANEL_W - 48, 18, track);
  fill(r, px + 24, PANEL_Y + 340, (PANEL_W - 48) * ui->percent / 100, 18, bar);

  /* the card, above the panel; lifted (a shadow) while held */
  {
    const struct card *c = &ui->card;
    int x = (int)lroundf(c->pos.x), y = (int)lroundf(c->pos.y);
    tw_rgba8 shadow = {0, 0, 0, 110}, grip = {236, 239, 246, 120};
    SDL_Color label = {246, 244, 255, 255};
    if (c->held)
      fill(r, x + 6, y + 8, CARD_W, CARD_H, shadow);
    fill(r, x, y, CARD_W, CARD_H, c->color);
    for (i = 0; i < 3; i++)
      fill(r, x + CARD_W / 2 - 18, y + 16 + 6 * i, 36, 2, grip);
    draw_text(r, "drag me", x + (CARD_W - text_width("drag me", 2)) / 2,
              y + CARD_H - 36, 2, label);
  }

  /* the toast */
  if (ui->toast_y < WIN_H) {
    int w = text_width(ui->toast_text, 3) + 48;
    SDL_Color dark = {24, 27, 38, 255};
    fill(r, (WIN_W - w) / 2, (int)ui->toast_y, w, 52, toast_bg);
    draw_text(r, ui->toast_text, (WIN_W - w) / 2 + 24, (int)ui->toast_y + 15, 3,
              dark);
  }
}

/* The opening: panel, buttons (staggered), progress, pulse, a welcome. */
static void open_screen(struct ui *ui) {
  tw_manager *m = ui->m;
  tw_handle h;
  int i;

  /* the card drops in from above the window on a spring ease, which
   * overshoots with a bounce of 0.4 and rests by the end; tw_from_to puts
   * it up there at once */
  {
    tw_vec2 above = {CARD_X, -CARD_H - 20};
    ui->card.color = card_idle;
    check(
        tw_from_to(m, TW_TYPE_VEC2, &ui->card.pos, &above, &card_home, 0.9, &h),
        "card");
    tw_set_ease(m, h, TW_EASE_SPRING);
    tw_set_ease_params(m, h, 1.70158, 0.4);
    tw_set_delay(m, h, 0.55);
  }

  ui->panel_x = -PANEL_W - 20;
  check(tw_float_to(m, &ui->panel_x, PANEL_X, 0.7, &h), "panel");
  tw_set_ease(m, h, TW_EASE_OUT_BACK);

  for (i = 0; i < NBUTTONS; i++) {
    struct button *b = &ui->buttons[i];
    double delay = 0.45 + 0.12 * i;
    b->alpha = 0.0f;
    b->rise = 28.0f;
    b->color = button_idle;
    check(tw_float_to(m, &b->alpha, 1.0f, 0.4, &h), "fade");
    tw_set_delay(m, h, delay);
    check(tw_float_to(m, &b->rise, 0.0f, 0.5, &h), "rise");
    tw_set_ease(m, h, TW_EASE_OUT_CUBIC);
    tw_set_delay(m, h, delay);
  }

  start_progress(ui);

  check(tw_float_to(m, &ui->dot, 1.0f, 0.8, &h), "pulse");
  tw_set_ease(m, h, TW_EASE_IN_OUT_SINE);
  tw_set_loops(m, h, -1, TW_LOOP_YOYO);

  ui->toast_y = WIN_H + 10;
  toast(ui, "welcome", 1.0);
}

#define MAX_MOVES 32

/* A scripted mouse event of the headless mode: SDL_MOUSEMOTION,
 * SDL_MOUSEBUTTONDOWN or SDL_MOUSEBUTTONUP. */
struct move {
  Uint32 type;
  int x, y, frame;
};

static int screenshot(struct ui *ui, const char *file, int frames,
                      const struct move *moves, int nmoves) {
  SDL_Surface *s;
  SDL_Renderer *r;
  int i, j, rc = 0;

  s = SDL_CreateRGBSurfaceWithFormat(0, WIN_W, WIN_H, 32,
                                     SDL_PIXELFORMAT_ARGB8888);
  if (!s || !(r = SDL_CreateSoftwareRenderer(s))) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    SDL_FreeSurface(s);
    return 1;
  }
  for (i = 0; i < frames; i++) {
    ui->frame = i;
    for (j = 0; j < nmoves; j++)
      if (moves[j].frame == i) {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = moves[j].type;
        if (e.type == SDL_MOUSEMOTION) {
          e.motion.timestamp = (Uint32)(i * 1000 / 60);
          e.motion.x = moves[j].x;
          e.motion.y = moves[j].y;
        } else {
          e.button.timestamp = (Uint32)(i * 1000 / 60);
          e.button.button = SDL_BUTTON_LEFT;
          e.button.x = moves[j].x;
          e.button.y = moves[j].y;
        }
        handle(ui, &e);
      }
    check(tw_update(ui->m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), "update");
    draw(r, ui);
    SDL_RenderPresent(r);
  }
  SDL_RenderFlush(r);
  if (IMG_SavePNG(s, file) != 0) {
    fprintf(stderr, "sdl2-ui: %s: %s\n", file, IMG_GetError());
    rc = 1;
  } else {
    printf("sdl2-ui: %s: %d frames (%.2f s); panel %d %d %d %d\n", file, frames,
           frames / 60.0, PANEL_X, PANEL_Y, PANEL_W, PANEL_H);
    for (j = 0; j < NBUTTONS; j++) /* where the buttons come to rest */
      printf("sdl2-ui: button %d %d %d %d %d\n", j, PANEL_X + 24,
             PANEL_Y + 86 + j * 72, PANEL_W - 48, BUTTON_H);
    printf("sdl2-ui: card %d %d %d %d\n", CARD_X, CARD_Y, CARD_W, CARD_H);
  }
  SDL_DestroyRenderer(r);
  SDL_FreeSurface(s);
  return rc;
}

static int run_window(struct ui *ui) {
  SDL_Window *w;
  SDL_Renderer *r;
  SDL_RendererInfo info;
  Uint64 last, now, freq = SDL_GetPerformanceFrequency();
  int vsync;

  w = SDL_CreateWindow("libtween sdl2-ui", SDL_WINDOWPOS_CENTERED,
                       SDL_WINDOWPOS_CENTERED, WIN_W, WIN_H, 0);
  if (!w) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    return 1;
  }
  r = SDL_CreateRenderer(w, -1, SDL_RENDERER_PRESENTVSYNC);
  if (!r)
    r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE);
  if (!r) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    SDL_DestroyWindow(w);
    return 1;
  }
  ui->window = w;
  vsync = SDL_GetRendererInfo(r, &info) == 0 &&
          (info.flags & SDL_RENDERER_PRESENTVSYNC);
  last = SDL_GetPerformanceCounter();
  while (!ui->quit) {
    SDL_Event e;
    double dt;
    while (SDL_PollEvent(&e))
      handle(ui, &e);
    now = SDL_GetPerformanceCounter();
    dt = (double)(now - last) / (double)freq;
    last = now;
    if (dt > 0.1) /* after a stall, move on rather than jump */
      dt = 0.1;
    check(tw_update(ui->m, TW_UPDATE_NORMAL, dt, dt), "update");
    draw(r, ui);
    SDL_RenderPresent(r);
    if (!vsync)
      SDL_Delay(10);
  }
  SDL_DestroyRenderer(r);
  SDL_DestroyWindow(w);
  return 0;
}

static int usage(void) {
  fprintf(stderr, "usage: sdl2-ui [--screenshot FILE.png --frames N "
                  "[--mouse|--down|--up X,Y@FRAME]...]\n");
  return 2;
}

int main(int argc, char **argv) {
  static const char *labels[NBUTTONS] = {"Sound", "Music", "Fullscreen"};
  struct ui ui;
  const char *shot = NULL;
  struct move moves[MAX_MOVES];
  int frames = -1, nmoves = 0, i, rc;
  Uint32 type;

  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--screenshot") && i + 1 < argc)
      shot = argv[++i];
    else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
      frames = atoi(argv[++i]);
    else if ((type = !strcmp(argv[i], "--mouse")  ? SDL_MOUSEMOTION
                     : !strcmp(argv[i], "--down") ? SDL_MOUSEBUTTONDOWN
                     : !strcmp(argv[i], "--up")   ? SDL_MOUSEBUTTONUP
                                                  : 0) != 0 &&
             i + 1 < argc && nmoves < MAX_MOVES &&
             sscanf(argv[++i], "%d,%d@%d", &moves[nmoves].x, &moves[nmoves].y,
                    &moves[nmoves].frame) == 3) {
      moves[nmoves].type = type;
      nmoves++;
    } else
      return usage();
  }
  if ((shot != NULL) != (frames >= 0) || (nmoves > 0 && !shot))
    return usage();

  memset(&ui, 0, sizeof ui);
  ui.hot = -1;
  ui.log = shot != NULL;
  for (i = 0; i < NBUTTONS; i++) {
    ui.buttons[i].label = labels[i];
    ui.buttons[i].on = i == 0;
  }
  if (check(tw_manager_new(NULL, &ui.m), "manager") < 0)
    return 1;

  /* Headless, nothing but the software renderer is needed. */
  if (SDL_Init(shot ? 0 : SDL_INIT_VIDEO) != 0) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    tw_manager_free(ui.m);
    return 1;
  }
  open_screen(&ui);
  rc = shot ? screenshot(&ui, shot, frames, moves, nmoves) : run_window(&ui);
  tw_manager_free(ui.m);
  SDL_Quit();
  return rc;
}

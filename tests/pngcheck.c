/* SPDX-License-Identifier: MIT */
/* The picture checker of tests/sdl2-ui.sh: checks screenshots without Python.
 *
 *   pngcheck A.png                  A is not blank
 *   pngcheck A.png B.png X Y W H    both are not blank, have one size, and
 *                                   differ in the rectangle X Y W H
 *   pngcheck --same A.png B.png X Y W H
 *                                   the same, but they must be alike there
 *
 * Not blank: at least 5% of the pixels differ from the top-left one and
 * there are at least 4 distinct colours.  Differ: at least 20% of the
 * rectangle's pixels differ by more than 48 (sum over R, G, B); alike: under
 * 1% do.  Prints
 * what it measured; exits 0 when the checks pass, 1 when one fails, 99
 * when a file cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <SDL_image.h>

static SDL_Surface *load(const char *file) {
  SDL_Surface *raw = IMG_Load(file), *s;
  if (!raw) {
    fprintf(stderr, "pngcheck: %s: %s\n", file, IMG_GetError());
    return NULL;
  }
  s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
  SDL_FreeSurface(raw);
  if (!s)
    fprintf(stderr, "pngcheck: %s: %s\n", file, SDL_GetError());
  return s;
}

static const Uint8 *pixel(const SDL_Surface *s, int x, int y) {
  return (const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch +
         (size_t)x * 4;
}

static int distance(const Uint8 *a, const Uint8 *b) {
  return abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2]);
}

/* 1 when s is not blank. */
static int not_blank(const char *file, const SDL_Surface *s) {
  static unsigned char seen[1 << 15]; /* colours at 5 bits per channel */
  const Uint8 *corner = pixel(s, 0, 0);
  long other = 0, total = (long)s->w * s->h;
  int x, y, colours = 0;

  memset(seen, 0, sizeof seen);
  for (y = 0; y < s->h; y++)
    for (x = 0; x < s->w; x++) {
      const Uint8 *p = pixel(s, x, y);
      int key = (p[0] >> 3) << 10 | (p[1] >> 3) << 5 | p[2] >> 3;
      if (distance(p, corner) > 16)
        other++;
      if (!seen[key]) {
        seen[key] = 1;
        colours++;
      }
    }
  printf("pngcheck: %s: %dx%d, %.1f%% of pixels unlike the corner, "
         "%d colours\n",
         file, s->w, s->h, 100.0 * (double)other / (double)total, colours);
  if (other * 20 < total || colours < 4) {
    printf("pngcheck: FAIL: %s is blank\n", file);
    return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  SDL_Surface *a, *b;
  int ok, x, y, rx, ry, rw, rh, same = 0;
  long differ = 0;

  if (argc == 8 && !strcmp(argv[1], "--same")) {
    same = 1;
    argc--;
    argv++;
  }
  if (argc != 2 && argc != 7) {
    fprintf(stderr, "usage: pngcheck [--same] A.png [B.png X Y W H]\n");
    return 99;
  }
  if (!(a = load(argv[1])))
    return 99;
  ok = not_blank(argv[1], a);
  if (argc == 2) {
    SDL_FreeSurface(a);
    return ok ? 0 : 1;
  }
  if (!(b = load(argv[2]))) {
    SDL_FreeSurface(a);
    return 99;
  }
  ok = not_blank(argv[2], b) && ok;
  rx = atoi(argv[3]);
  ry = atoi(argv[4]);
  rw = atoi(argv[5]);
  rh = atoi(argv[6]);
  if (a->w != b->w || a->h != b->h) {
    printf("pngcheck: FAIL: sizes differ\n");
    ok = 0;
  } else if (rw <= 0 || rh <= 0 || rx < 0 || ry < 0 || rx + rw > a->w ||
             ry + rh > a->h) {
    printf("pngcheck: FAIL: rectangle %d %d %d %d is not inside %dx%d\n", rx,
           ry, rw, rh, a->w, a->h);
    ok = 0;
  } else {
    for (y = ry; y < ry + rh; y++)
      for (x = rx; x < rx + rw; x++)
        if (distance(pixel(a, x, y), pixel(b, x, y)) > 48)
          differ++;
    printf("pngcheck: %.1f%% of the rectangle %d %d %d %d differs\n",
           100.0 * (double)differ / ((double)rw * rh), rx, ry, rw, rh);
    if (same && differ * 100 >= (long)rw * rh) {
      printf("pngcheck: FAIL: the pictures differ there\n");
      ok = 0;
    } else if (!same && differ * 5 < (long)rw * rh) {
      printf("pngcheck: FAIL: the pictures do not differ there\n");
      ok = 0;
    }
  }
  SDL_FreeSurface(a);
  SDL_FreeSurface(b);
  return ok ? 0 : 1;
}

/* SPDX-License-Identifier: MIT */
/* Error codes: names and sentences, from the one map in tween.h. */
#include "tween-private.h"

const char *tw_strerror(int err) {
  switch (err) {
#define TW__ERR_TEXT(name, code, text)                                         \
  case TW_##name:                                                              \
    return text;
    TW_ERRNO_MAP(TW__ERR_TEXT)
#undef TW__ERR_TEXT
  case 0:
    return "success";
  default:
    return "unknown error";
  }
}

const char *tw_err_name(int err) {
  switch (err) {
#define TW__ERR_NAME(name, code, text)                                         \
  case TW_##name:                                                              \
    return "TW_" #name;
    TW_ERRNO_MAP(TW__ERR_NAME)
#undef TW__ERR_NAME
  case 0:
    return "TW_OK";
  default:
    return "TW_UNKNOWN";
  }
}

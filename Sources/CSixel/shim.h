#ifndef GCVIEW_CSIXEL_SHIM_H
#define GCVIEW_CSIXEL_SHIM_H
#include <sixel.h>

/// SIXEL_FAILED is a macro, which Swift cannot import; this wraps it.
static inline int gcview_sixel_failed(SIXELSTATUS status) { return SIXEL_FAILED(status); }
#endif

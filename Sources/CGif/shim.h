#ifndef GCVIEW_CGIF_SHIM_H
#define GCVIEW_CGIF_SHIM_H
// giflib (Debian libgif-dev). Debian 12 shipped it without a pkg-config file until a point
// release, so the header is found in the system include path and the library by name.
#include <gif_lib.h>
#endif

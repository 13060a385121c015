#ifndef GCVIEW_CZLIB_SHIM_H
#define GCVIEW_CZLIB_SHIM_H
#include <zlib.h>
#endif

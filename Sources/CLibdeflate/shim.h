#ifndef GCVIEW_CLIBDEFLATE_SHIM_H
#define GCVIEW_CLIBDEFLATE_SHIM_H
#include <libdeflate.h>
#endif

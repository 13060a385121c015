#ifndef GCVIEW_CLAPACKE_SHIM_H
#define GCVIEW_CLAPACKE_SHIM_H
// LAPACK's C interface (Debian liblapacke-dev, over the reference LAPACK or whichever
// liblapack.so the alternatives system provides).
#include <lapacke.h>
#endif

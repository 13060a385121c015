#ifndef GCVIEW_CMINPACK_SHIM_H
#define GCVIEW_CMINPACK_SHIM_H
// MINPACK in C (Debian libcminpack-dev), double precision: lmdif is Levenberg–Marquardt with a
// forward-difference Jacobian, the routine scipy's curve_fit calls.
#include <cminpack.h>
#endif

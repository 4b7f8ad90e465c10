// CPython's hash() of a float, which random.seed(x) uses for a float x.
#pragma once

#include <cstdint>

namespace backstep::pyrandom {

// hash(x) as CPython 3.11 computes it on a 64-bit build: the value of x
// reduced modulo the Mersenne prime 2**61 - 1 (so hash(2.0) == hash(2)),
// carrying x's sign; +-inf give +-314159 and -1 becomes -2.
// NaN: CPython 3.10+ hashes each NaN object by its address, so seed(nan) is
// unrepeatable there; here it hashes to 0 (CPython 3.9's answer).
int64_t python_float_hash(double x);

}  // namespace backstep::pyrandom

// Python's text for numbers: repr(float), repr(int), and the digit engine
// that format(x, spec) uses underneath (CPython's PyOS_double_to_string).
#pragma once

#include <cstdint>
#include <string>

namespace backstep::format {

// Flags of PyOS_double_to_string (Include/pystrtod.h), same meaning.
enum DoubleFlags : unsigned {
  kAddSign = 1u,    // always write a sign ('+' for non-negative)
  kAddDot0 = 2u,    // integers in fixed notation get ".0" (repr, empty type)
  kAlt = 4u,        // '#': keep the point and trailing zeros
  kNoNegZero = 8u,  // 'z': a result that rounds to zero loses its '-'
};

// CPython's PyOS_double_to_string(val, code, precision, flags): `code` is one
// of e E f F g G r ('r' = repr, precision must be 0). The result is what
// '%'-style formatting gives before width, fill and grouping are applied.
std::string double_to_string(double value, char code, int precision,
                             unsigned flags = 0);

// repr(x) / str(x) for a Python float: shortest round-trip digits, fixed
// notation for 1e-4 <= |x| < 1e16, else "1e-05" / "1e+16" style.
std::string float_repr(double value);

// repr(x) / str(x) for a Python int.
std::string int_repr(int64_t value);

}  // namespace backstep::format

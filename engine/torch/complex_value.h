// Python complex numbers from ATen's: what item(), tolist() and operators
// returning a complex scalar give. `complex` is a class of backstep's library
// (pylib _complex.py) that install_complex_builtin makes a builtin.
#pragma once

#include "engine/runtime/interpreter.h"

#include <c10/util/complex.h>

#include <optional>

namespace backstep::torchb {

void install_complex_builtin(rt::Interpreter& in);
rt::Value complex_value(c10::complex<double> z);
// The number a Python complex stands for; nullopt for anything else.
std::optional<c10::complex<double>> complex_of(const rt::Value& v);

}  // namespace backstep::torchb

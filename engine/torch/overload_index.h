// Building OpFamily objects from libtorch's operator registry (internal to
// engine/torch).
#pragma once

#include "engine/torch/bridge.h"

#include <string_view>

namespace backstep::torchb::detail {

// The family for an aten base name ("add", "linalg_norm"), built on first
// use and cached for the process; nullptr when aten has no such operator or
// PyTorch exposes none of its overloads to Python.
const OpFamily* family_for(std::string_view aten_name);

// All aten base names that produce a family with functions in `module` /
// with methods (for completion and for tests).
std::vector<std::string> family_names(bool methods, OpModule module);

// The order PyTorch's generated bindings try overloads in
// (gen_python_functions.py's sort_overloads): sorted by signature text,
// then Tensor before Scalar, int before int[], other lists before Tensor[],
// int[] before SymInt[], Tensor before int or SymInt (2.x has no Dimname
// overloads left to order).
void sort_overloads(std::vector<Signature>& sigs);

// Sets fam.py_function / py_method for the operators PyTorch wraps in
// Python (python_level.cpp).
void install_python_level(OpFamily& fam);

}  // namespace backstep::torchb::detail

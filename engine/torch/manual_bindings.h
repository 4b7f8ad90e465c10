// Signatures PyTorch writes by hand rather than generating from the schema:
// the Tensor methods of python_variable_methods.cpp (to, cpu, cuda, double,
// size, dim, ...) and the deprecated overloads of tools/autograd/deprecated.yaml
// (torch.add(x, 2, y) meaning alpha=2). Internal to engine/torch.
#pragma once

#include "engine/torch/bridge.h"

namespace backstep::torchb::detail {

// Fills fam.functions (method=false) or fam.methods from the hand-written
// table; true when the table covers that namespace for fam.name (then the
// generated signatures are not used).
bool apply_manual_bindings(OpFamily& fam, bool method);

// Appends the deprecated signatures for fam.name, bound to `ops`.
void add_deprecated_signatures(OpFamily& fam, bool method, const std::vector<c10::OperatorHandle>& ops);

// Names with hand-written signatures that have no aten operator (cpu, dim, ...).
std::vector<std::string> manual_binding_names();

}  // namespace backstep::torchb::detail

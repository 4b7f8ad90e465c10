// In-place operations, as the language sees them: every operator that
// writes into a tensor reports it here before it runs (through the operator
// bridge's mutation observer, and from index assignment). Two users:
//  - the in-place tracker below, always on, remembers which program line
//    bumped which storage's version, so a "modified by an inplace operation"
//    error can name the line;
//  - allow_mutation_on_saved_tensors clones saved originals.
#pragma once

#include "engine/autograd/graph_model.h"
#include "engine/lang/source.h"

#include <ATen/core/Tensor.h>

#include <functional>
#include <string>
#include <vector>

namespace backstep::api {

void install_mutation_tracking();
// Index assignment and other writes made outside the bridge call this.
void notify_mutation(const at::Tensor& t);
// The handler allow_mutation_on_saved_tensors installs while active.
void set_saved_mutation_handler(std::function<void(const at::Tensor&)> handler);

// Where in-place operations on a storage happened while its version moved
// from `from` (inclusive) to `to` (exclusive).
std::vector<lang::Span> inplace_sites(const void* storage, int64_t from, int64_t to);

// Where a saved tensor of `node` named `field` was modified in place since
// it was saved ("prog.py:14:1  `z.add_(2)`" per site); empty when it was
// not, or the field is not a saved tensor.
std::vector<std::string> saved_field_mutation_sites(torch::autograd::Node& node, const std::string& field);

// The explanation backstep adds to PyTorch's in-place error: which saved
// tensors of which nodes (reachable from `roots`) changed version since they
// were saved, and the program lines that changed them. One note per line.
std::vector<std::string> explain_inplace_error(autograd::NodeIds& ids,
                                               const std::vector<c10::intrusive_ptr<torch::autograd::Node>>& roots);

}  // namespace backstep::api

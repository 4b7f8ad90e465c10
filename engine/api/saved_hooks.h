// Saved-tensor hooks in the language (see saved_hooks.cpp).
#pragma once

#include "engine/runtime/module.h"

#include <torch/csrc/autograd/function.h>

namespace backstep::api {

// Makes libtorch ask this interpreter's saved_tensors_hooks stack whenever
// it saves a tensor for backward.
void install_saved_hooks_provider(rt::Interpreter& in);
// saved_tensors_hooks, save_on_cpu, disable_saved_tensors_hooks.
void install_saved_hooks_functions(rt::ModuleObject& graph);
// A saved_tensors_hooks(pack, unpack) context object.
rt::Value make_saved_tensors_hooks(rt::Interpreter& in, rt::Value pack, rt::Value unpack);
// torch.autograd.graph.allow_mutation_on_saved_tensors (mutation_on_saved.cpp).
void install_mutation_on_saved(rt::ModuleObject& graph);
// The torch.autograd.graph module (graph_module.cpp).
rt::Value make_graph_module(rt::Interpreter& in);

// The object for grad_fn._raw_saved_<field> (owner keeps the variable alive).
rt::Value raw_saved_object(const c10::intrusive_ptr<torch::autograd::Node>& owner, torch::autograd::SavedVariable* sv);

}  // namespace backstep::api

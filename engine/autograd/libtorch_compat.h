// Everything backstep needs from libtorch that differs between releases or
// is not public API, behind one small interface. When libtorch changes
// (1.13 on Debian 12, 2.x elsewhere), this file and its .cpp are the only
// place to touch.
//
// - SavedVariable keeps the version counter values private (libtorch uses
//   them only to raise "modified by an inplace operation"); the debugger
//   shows them and the in-place diagnosis names the culprit with them.
// - InputMetadata's shape accessor is private in 1.13 and public in 2.x.
#pragma once

#include <torch/csrc/autograd/input_metadata.h>
#include <torch/csrc/autograd/saved_variable.h>

#include <cstdint>
#include <vector>

namespace backstep::autograd {

struct SavedVariableState {
  bool empty = true;            // default-constructed or saved an undefined tensor
  bool released = false;        // freed by backward (data gone)
  bool packed = false;          // held by a saved_tensors_hooks pack hook
  int64_t saved_version = -1;   // the tensor's version when it was saved
  int64_t current_version = -1; // its version now (-1 when released)
  bool is_output = false;       // saved output of the node itself
  const void* storage = nullptr; // the saved tensor's storage (shared with its views)
  c10::ScalarType dtype = c10::ScalarType::Undefined;  // of the saved tensor, while it is held
  std::vector<int64_t> shape;
};

SavedVariableState state_of(const torch::autograd::SavedVariable& sv);

// The shape of the gradient a node expects at one input (empty for nested
// tensors, which have no single shape).
std::vector<int64_t> input_shape(const torch::autograd::InputMetadata& m);

}  // namespace backstep::autograd

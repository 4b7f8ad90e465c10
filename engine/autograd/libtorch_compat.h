// Everything backstep needs from libtorch that differs between releases or
// is not public API, behind one small interface. When libtorch changes
// (1.13 on Debian 12, 2.x elsewhere), this file and its .cpp are the only
// place to touch.
//
// - SavedVariable keeps the version counter values private (libtorch uses
//   them only to raise "modified by an inplace operation"); the debugger
//   shows them and the in-place diagnosis names the culprit with them.
// - InputMetadata's shape accessor is private in 1.13 and public in 2.x.
// - What a hook may do with the gradient list it is given (hand_back).
// - How nodes are owned (Note [node ownership]).
#pragma once

#include <c10/util/intrusive_ptr.h>
#include <torch/csrc/autograd/function.h>

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

// The list a node hook returns, for a hook that changes nothing. The engine
// calls each hook as `list = (*hook)(list)` (call_pre_hooks and
// call_post_hooks in engine.cpp, 1.13 through 2.x) and never reads the list
// it passed in again, so the hook can hand that very list back instead of a
// copy: no allocation and no reference count per tensor, twice per node of a
// watched backward. Only for hooks the engine calls; a caller that reads
// its list after the call must not use it.
inline torch::autograd::variable_list hand_back(const torch::autograd::variable_list& list) {
  return std::move(const_cast<torch::autograd::variable_list&>(list));
}

// Note [node ownership]
// libtorch 2.15 owns autograd nodes through c10::intrusive_ptr (1.13 used
// std::shared_ptr with enable_shared_from_this). backstep never keeps a
// c10::weak_intrusive_ptr to a node for long: c10 runs an object's
// destructor only when its *weak* count reaches zero, so a weak reference
// would keep a dead node -- its saved tensors and its edges to the rest of
// the graph -- alive. Tables that outlive nodes keep raw pointers cleared by
// ~NodeMetadata instead (graph_model.h, NodeIds).
using NodePtr = c10::intrusive_ptr<torch::autograd::Node>;

// A new strong reference to a node the caller knows is alive (it holds a
// reference, or the graph it walks does).
inline NodePtr share_node(torch::autograd::Node& node) {
  return NodePtr::unsafe_reclaim_from_nonowning(&node);
}

// A strong reference to a node that may be dying on another thread: null
// once its last strong reference is gone. Relies on c10's combined
// reference count (strong count in the low 32 bits; checked against 2.15):
// the count is raised only while it is not zero, as weak_intrusive_ptr::lock
// does. The caller must know the memory is still there (NodeIds holds the
// ownership mutex that ~NodeMetadata takes before the node's memory goes).
NodePtr try_share_node(torch::autograd::Node& node);

// One forward-mode AD level for as long as the object lives (what
// torch.autograd.forward_ad.dual_level does): tangents made with
// at::_make_dual at index() are cleared when it ends. Relies on
// ForwardADLevel::get_next_idx / release_idx (torch/csrc/autograd/
// forward_grad.h, exported; checked against 2.15). libtorch allows one level
// at a time: a nested one throws libtorch's c10::Error.
class ForwardLevel {
 public:
  ForwardLevel();
  ~ForwardLevel();
  ForwardLevel(const ForwardLevel&) = delete;
  ForwardLevel& operator=(const ForwardLevel&) = delete;
  int64_t index() const { return static_cast<int64_t>(index_); }

 private:
  uint64_t index_;
};

}  // namespace backstep::autograd

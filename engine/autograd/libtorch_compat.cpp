#include "engine/autograd/libtorch_compat.h"

#include <torch/csrc/autograd/forward_grad.h>

// Reading private members through explicit template instantiation: the
// standard lets an explicit instantiation name any member, and the friend
// function it defines hands out the member pointer.
namespace torch::autograd::backstep_access {
template <class Tag, typename Tag::type M>
struct Access {
  friend typename Tag::type get(Tag) { return M; }
};
struct SavedVersion {
  using type = uint32_t SavedVariable::*;
  friend type get(SavedVersion);
};
struct Data {
  using type = at::Tensor SavedVariable::*;
  friend type get(Data);
};
struct DefaultConstructed {
  using type = bool SavedVariable::*;
  friend type get(DefaultConstructed);
};
struct IsOutput {
  using type = bool SavedVariable::*;
  friend type get(IsOutput);
};
template struct Access<SavedVersion, &SavedVariable::saved_version_>;
template struct Access<Data, &SavedVariable::data_>;
template struct Access<DefaultConstructed, &SavedVariable::was_default_constructed_>;
template struct Access<IsOutput, &SavedVariable::is_output_>;
struct Hooks {
  using type = std::unique_ptr<SavedVariableHooks> SavedVariable::*;
  friend type get(Hooks);
};
template struct Access<Hooks, &SavedVariable::hooks_>;
}  // namespace torch::autograd::backstep_access

namespace c10::backstep_access {
template <class Tag, typename Tag::type M>
struct Access {
  friend typename Tag::type get(Tag) { return M; }
};
struct CombinedRefcount {
  using type = std::atomic<uint64_t> intrusive_ptr_target::*;
  friend type get(CombinedRefcount);
};
template struct Access<CombinedRefcount, &intrusive_ptr_target::combined_refcount_>;
}  // namespace c10::backstep_access

namespace backstep::autograd {

SavedVariableState state_of(const torch::autograd::SavedVariable& sv) {
  namespace acc = torch::autograd::backstep_access;
  SavedVariableState s;
  const at::Tensor& data = sv.*get(acc::Data{});
  bool default_constructed = sv.*get(acc::DefaultConstructed{});
  s.is_output = sv.*get(acc::IsOutput{});
  s.saved_version = sv.*get(acc::SavedVersion{});
  if (default_constructed) return s;
  s.empty = false;
  if (sv.*get(acc::Hooks{})) {
    // A saved_tensors_hooks pack hook holds it: only its unpack hook could
    // give it back, and calling that has the script's side effects. (What
    // data_ holds then is not the saved tensor.) release_variables() drops
    // the hooks, so a released tensor is never "packed".
    s.packed = true;
    return s;
  }
  if (!data.defined()) {
    s.released = true;  // release_variables() freed it
    return s;
  }
  s.current_version = data._version();
  s.dtype = data.scalar_type();
  s.shape.assign(data.sizes().begin(), data.sizes().end());
  if (data.has_storage()) s.storage = data.storage().unsafeGetStorageImpl();
  return s;
}

NodePtr try_share_node(torch::autograd::Node& node) {
  auto& count = static_cast<c10::intrusive_ptr_target&>(node).*get(c10::backstep_access::CombinedRefcount{});
  uint64_t combined = count.load(std::memory_order_relaxed);
  do {
    if (static_cast<uint32_t>(combined) == 0) return NodePtr();  // dying
  } while (!count.compare_exchange_weak(combined, combined + 1, std::memory_order_acq_rel,
                                        std::memory_order_relaxed));
  return NodePtr::reclaim(&node);  // adopts the reference just taken
}

std::vector<int64_t> input_shape(const torch::autograd::InputMetadata& m) {
  std::vector<int64_t> out;
  if (m.is_nested_tensor()) return out;  // no single shape
  for (const auto& s : m.shape_as_dim_vector()) out.push_back(s.expect_int());
  return out;
}

ForwardLevel::ForwardLevel() : index_(torch::autograd::ForwardADLevel::get_next_idx()) {}

ForwardLevel::~ForwardLevel() { torch::autograd::ForwardADLevel::release_idx(index_); }

}  // namespace backstep::autograd

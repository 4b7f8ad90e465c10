#include "engine/api/tensor_registry.h"

namespace backstep::api {

TensorRegistry& TensorRegistry::instance() {
  static TensorRegistry* r = new TensorRegistry();  // outlives tensors destroyed at exit
  return *r;
}

const TensorRegistry::Entry* TensorRegistry::find(const at::Tensor& t) const {
  if (!t.defined()) return nullptr;
  auto it = entries_.find(t.unsafeGetTensorImpl());
  if (it == entries_.end() || it->second.impl.expired()) return nullptr;
  // The address may have been reused by a new tensor: compare identities.
  auto live = it->second.impl.lock();
  return live.get() == t.unsafeGetTensorImpl() ? &it->second : nullptr;
}

TensorRegistry::Entry& TensorRegistry::slot(const at::Tensor& t) {
  if (entries_.size() >= next_sweep_) sweep();
  auto fresh = [&] { return Entry{c10::weak_intrusive_ptr<c10::TensorImpl>(t.getIntrusivePtr()), false, {}, {}, {}}; };
  auto it = entries_.find(t.unsafeGetTensorImpl());
  if (it == entries_.end()) return entries_.emplace(t.unsafeGetTensorImpl(), fresh()).first->second;
  // A dead tensor's entry at a reused address starts over.
  if (it->second.impl.expired()) it->second = fresh();
  return it->second;
}

// Drops entries of dead tensors; runs when the table doubles, so the cost
// per insertion stays constant.
void TensorRegistry::sweep() {
  for (auto it = entries_.begin(); it != entries_.end();)
    it = it->second.impl.expired() ? entries_.erase(it) : std::next(it);
  next_sweep_ = std::max<size_t>(1024, entries_.size() * 2);
}

bool TensorRegistry::is_parameter(const at::Tensor& t) const {
  const Entry* e = find(t);
  return e && e->parameter;
}

std::weak_ptr<void>& TensorRegistry::script_hooks(const at::Tensor& t) { return slot(t).hooks; }

void TensorRegistry::mark_parameter(const at::Tensor& t) { slot(t).parameter = true; }

std::string TensorRegistry::name_of(const at::Tensor& t) const {
  const Entry* e = find(t);
  return e ? e->name : std::string();
}

void TensorRegistry::set_name(const at::Tensor& t, const std::string& name) { slot(t).name = name; }

std::string TensorRegistry::module_path_of(const at::Tensor& t) const {
  const Entry* e = find(t);
  return e ? e->module_path : std::string();
}

void TensorRegistry::set_module_path(const at::Tensor& t, const std::string& path) { slot(t).module_path = path; }

}  // namespace backstep::api

#include "engine/api/uninitialized_tensors.h"

#include <mutex>
#include <unordered_map>

namespace backstep::api {

namespace {

struct Marks {
  std::mutex mutex;
  std::unordered_map<const c10::TensorImpl*, std::pair<c10::weak_intrusive_ptr<c10::TensorImpl>, Uninitialized>> by_impl;
};

Marks& marks() {
  static Marks m;
  return m;
}

}  // namespace

void mark_uninitialized(const at::Tensor& t, Uninitialized kind) {
  Marks& m = marks();
  std::lock_guard<std::mutex> lock(m.mutex);
  // Entries of dead tensors go first: a placeholder lives until the first
  // forward, so there are never many.
  for (auto it = m.by_impl.begin(); it != m.by_impl.end();)
    it = it->second.first.expired() ? m.by_impl.erase(it) : std::next(it);
  m.by_impl.insert_or_assign(t.unsafeGetTensorImpl(),
                             std::make_pair(c10::weak_intrusive_ptr<c10::TensorImpl>(t.getIntrusivePtr()), kind));
}

Uninitialized uninitialized_kind(const at::Tensor& t) {
  if (!t.defined()) return Uninitialized::No;
  Marks& m = marks();
  std::lock_guard<std::mutex> lock(m.mutex);
  if (m.by_impl.empty()) return Uninitialized::No;
  auto it = m.by_impl.find(t.unsafeGetTensorImpl());
  if (it == m.by_impl.end() || it->second.first.expired()) return Uninitialized::No;
  return it->second.second;
}

}  // namespace backstep::api

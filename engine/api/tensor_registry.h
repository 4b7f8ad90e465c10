// What the language knows about a tensor beyond what libtorch stores: whether
// it is an nn.Parameter (PyTorch's Parameter is a Python subclass, so the
// flag lives with the Python object, not the TensorImpl) and the script
// variable names it was bound to (for graph rendering and the debugger).
//
// Entries are keyed by TensorImpl and hold a weak reference, so a dead
// tensor's entry is recognised (and dropped) even when its address is reused.
#pragma once

#include <ATen/core/Tensor.h>

#include <string>

namespace backstep::api {

class TensorRegistry {
 public:
  static TensorRegistry& instance();

  bool is_parameter(const at::Tensor& t) const;
  void mark_parameter(const at::Tensor& t);

  // The script hooks registered on this tensor (a ScriptHookList, opaque
  // here). Held weakly: the libtorch hook that runs them owns them, so they
  // die with the tensor's autograd state (and the cycle collector sees every
  // owner).
  std::weak_ptr<void>& script_hooks(const at::Tensor& t);

  // The most recent script name bound to this tensor ("" if none).
  std::string name_of(const at::Tensor& t) const;
  void set_name(const at::Tensor& t, const std::string& name);

  // The parameter or buffer path a module gave this tensor
  // ("encoder.layers.0.linear1.weight"; "" if none). A leaf is named by it
  // ahead of any script variable, as dynamo names its sources.
  std::string module_path_of(const at::Tensor& t) const;
  void set_module_path(const at::Tensor& t, const std::string& path);

 private:
  struct Entry {
    c10::weak_intrusive_ptr<c10::TensorImpl> impl;
    bool parameter = false;
    std::string name;
    std::string module_path;
    std::weak_ptr<void> hooks;
  };
  const Entry* find(const at::Tensor& t) const;
  Entry& slot(const at::Tensor& t);
  void sweep();

  std::unordered_map<const c10::TensorImpl*, Entry> entries_;
  size_t next_sweep_ = 1024;
};

}  // namespace backstep::api

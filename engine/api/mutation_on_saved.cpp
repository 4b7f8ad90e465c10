// torch.autograd.graph.allow_mutation_on_saved_tensors(): inside it, a
// tensor saved for backward may be modified in place; the original is
// cloned just before the first modification, and backward uses the clone.
//
// As in graph.py, it is two mechanisms together: saved-tensor hooks that
// pack every saved tensor as a handle (remembering the original), and an
// observer of in-place operations (graph.py uses a TorchDispatchMode; we
// ask the operator bridge, through which every script operation passes)
// that clones the original of any handle whose storage is about to change.
#include "engine/api/mutations.h"
#include "engine/api/saved_hooks.h"
#include "engine/runtime/context_manager.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/torch/bridge.h"

#include <fmt/format.h>

#include <map>

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

namespace {

const char* kOutsideContext =
    "Trying to backward outside of the 'allow_mutation_on_saved_tensors' contextin which the graph was originally "
    "recorded.";

// What one packed tensor became: its original, and a clone once mutated.
struct SavedHandle : rt::Object {
  SavedHandle() : Object(rt::ObjKind::Other) {}
  static bool is_instance(const rt::Object& o) { return dynamic_cast<const SavedHandle*>(&o) != nullptr; }
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  at::Tensor original, cloned;
};

class MutationContext : public rt::Object, public rt::ContextManager {
 public:
  MutationContext() : Object(rt::ObjKind::Other) {}
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  std::string repr(Interpreter&) const override {
    return fmt::format("<torch.autograd.graph._AllowMutationOnSavedContext object at {:#x}>", address());
  }

  Value enter(Interpreter& in) override {
    if (active_) rt::raise_runtime_error("allow_mutation_on_saved_tensors contexts cannot be nested");
    active_ = true;
    auto self = std::static_pointer_cast<MutationContext>(shared_from_this());
    // The hooks hold the context weakly: it holds them (hooks_), and a
    // strong capture made a cycle through C++ the collector cannot see
    // (LeakSanitizer reported it at every exit). A graph that outlives the
    // context unpacks through a dead one: outside the context, as PyTorch.
    std::weak_ptr<MutationContext> weak = self;
    Value pack = rt::make_builtin("pack_hook", [weak](Interpreter&, rt::Args& a) {
      auto ctx = weak.lock();
      if (!ctx) rt::raise(*rt::exc_types().assertion_error, kOutsideContext);
      return ctx->pack(a.pos.at(0));
    });
    Value unpack = rt::make_builtin("unpack_hook", [weak](Interpreter&, rt::Args& a) {
      auto ctx = weak.lock();
      if (!ctx) rt::raise(*rt::exc_types().assertion_error, kOutsideContext);
      return ctx->unpack(a.pos.at(0));
    });
    hooks_ = make_saved_tensors_hooks(in, pack, unpack);
    hooks_enter_ = dynamic_cast<rt::ContextManager*>(hooks_.object_ptr());
    hooks_enter_->enter(in);
    set_saved_mutation_handler([self](const at::Tensor& t) { self->before_mutation(t); });
    return Value(self);
  }

  bool exit(Interpreter& in, const rt::ScriptError* e) override {
    set_saved_mutation_handler(nullptr);
    if (hooks_enter_) hooks_enter_->exit(in, e);
    by_storage_.clear();
    active_ = false;
    return false;
  }

 private:
  // Saved tensors are grouped by storage and version: an in-place op on any
  // view of that storage changes what backward would read.
  using Key = std::pair<const void*, int64_t>;
  static Key key_of(const at::Tensor& t) { return {t.storage().unsafeGetStorageImpl(), t._version()}; }

  Value pack(const Value& v) {
    const at::Tensor& t = v.as_tensor();
    auto h = std::make_shared<SavedHandle>();
    h->original = t;
    by_storage_[key_of(t)].push_back(h);
    return Value(h);
  }

  Value unpack(const Value& v) {
    auto* h = v.as<SavedHandle>();
    if (!active_ || !h) rt::raise(*rt::exc_types().assertion_error, kOutsideContext);
    return Value(h->cloned.defined() ? h->cloned : h->original);
  }

  void before_mutation(const at::Tensor& t) {
    auto it = by_storage_.find(key_of(t));
    if (it == by_storage_.end()) return;
    for (auto& weak : it->second)
      if (auto h = weak.lock(); h && !h->cloned.defined()) h->cloned = h->original.clone();
    by_storage_.erase(it);
  }

  bool active_ = false;
  Value hooks_;
  rt::ContextManager* hooks_enter_ = nullptr;
  std::map<Key, std::vector<std::weak_ptr<SavedHandle>>> by_storage_;
};

}  // namespace

void install_mutation_on_saved(rt::ModuleObject& graph) {
  graph.def("allow_mutation_on_saved_tensors", [](Interpreter&, rt::Args& a) {
    rt::expect_args(a, "allow_mutation_on_saved_tensors", 0, 0);
    return Value(std::make_shared<MutationContext>());
  });
}

}  // namespace backstep::api

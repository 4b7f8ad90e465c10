#include "engine/api/script_hooks.h"

#include "engine/api/tensor_protocol.h"
#include "engine/api/tensor_registry.h"
#include "engine/autograd/graph_model.h"
#include "engine/autograd/node_metadata.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <c10/core/GradMode.h>
#include <fmt/format.h>
#include <torch/csrc/autograd/function_hook.h>

namespace backstep::api {

namespace ag = torch::autograd;

namespace {

NodeScriptData& script_data(ag::Node& node) {
  auto& slot = autograd::ensure_metadata(node).script_data();
  if (!slot) slot = std::make_shared<NodeScriptData>();
  return *static_cast<NodeScriptData*>(slot.get());
}

std::string hook_name(Interpreter& in, const Value& fn) {
  if (auto n = rt::try_get_attr(in, fn, "__name__"))
    if (auto* s = n->as<rt::StrObject>()) return s->value;
  return rt::type_name(fn);
}

using rt::tensor_or_none;

Value as_tuple(const ag::variable_list& v) {
  std::vector<Value> items;
  for (const auto& t : v) items.push_back(tensor_or_none(t));
  return rt::make_tuple(std::move(items));
}

// check_single_result / check_variable_result of python_hook.cpp.
at::Tensor checked_single(Interpreter& in, const at::Tensor& original, const Value& result, const Value& hook) {
  if (result.is_none()) return original;
  if (!original.defined()) rt::raise_runtime_error("can't replace a None gradient with a non-None value");
  if (!result.is_tensor())
    rt::raise_type_error(fmt::format("expected Variable, but hook returned '{}'", rt::type_name(result)));
  const at::Tensor& r = result.as_tensor();
  std::string name = hook_name(in, hook);
  if (!original.options().type_equal(r.options()) || original.is_cuda() != r.is_cuda())
    rt::raise_runtime_error(fmt::format("hook '{}' has changed the type of value (was {} got {})", name,
                                        format_tensor_type(original), format_tensor_type(r)));
  if (!original.sizes().equals(r.sizes()))
    rt::raise_runtime_error(fmt::format("hook '{}' has changed the size of value", name));
  return r;
}

ag::variable_list checked_tuple(Interpreter& in, const ag::variable_list& prev, const Value& result, const Value& hook) {
  if (!result.as<rt::TupleObject>() && !result.as<rt::ListObject>())
    rt::raise_type_error(fmt::format("expected tuple, but hook returned '{}'", rt::type_name(result)));
  auto items = rt::to_vector(in, result);
  if (items.size() != prev.size())
    rt::raise_runtime_error(fmt::format("hook '{}' has returned an incorrect number of values (got {}, but expected {})",
                                        hook_name(in, hook), items.size(), prev.size()));
  ag::variable_list out;
  for (size_t i = 0; i < prev.size(); ++i) out.push_back(checked_single(in, prev[i], items[i], hook));
  return out;
}

// Runs `body` on the interpreter thread with the engine thread's grad mode
// (the engine disables it in hooks unless create_graph is set).
template <class F>
void on_interpreter(Interpreter& in, F body) {
  bool grad_mode = c10::GradMode::is_enabled();
  in.run_on_interpreter_thread([&] {
    c10::AutoGradMode mode(grad_mode);
    body();
  });
}

// A snapshot of the list, so a hook that removes itself (or registers
// another) does not disturb the iteration, as with Python's dict copy.
std::vector<Value> hooks_of(const ScriptHookList& list) {
  std::vector<Value> out;
  for (const auto& [id, fn] : list.hooks) out.push_back(fn);
  return out;
}

class TensorPreHook : public ag::FunctionPreHook, public autograd::HookGroup, public ScriptHookHolder {
 public:
  const std::shared_ptr<ScriptHookList>& script_list() const override { return list_; }
  size_t hook_count() const override { return list_->hooks.size(); }
  TensorPreHook(Interpreter& in, std::shared_ptr<ScriptHookList> list, size_t index)
      : in_(in), list_(std::move(list)), index_(index) {}
  // The node dies with its hooks: the list then no longer names it, so no
  // later node at the same address is mistaken for it.
  ~TensorPreHook() override {
    if (list_->node == owner_) list_->node = nullptr;
  }
  void set_owner(const ag::Node* node) { owner_ = list_->node = node; }
  ag::variable_list operator()(const ag::variable_list& grads) override {
    ag::variable_list out = grads;
    if (index_ >= out.size()) return out;
    on_interpreter(in_, [&] {
      for (const auto& fn : hooks_of(*list_)) {
        Value r = in_.call(fn, {tensor_or_none(out[index_])});
        out[index_] = checked_single(in_, out[index_], r, fn);
      }
    });
    return out;
  }

 private:
  Interpreter& in_;
  std::shared_ptr<ScriptHookList> list_;
  size_t index_;
  const ag::Node* owner_ = nullptr;
};

class NodePreHook : public ag::FunctionPreHook, public autograd::HookGroup, public ScriptHookHolder {
 public:
  const std::shared_ptr<ScriptHookList>& script_list() const override { return list_; }
  size_t hook_count() const override { return list_->hooks.size(); }
  NodePreHook(Interpreter& in, std::shared_ptr<ScriptHookList> list) : in_(in), list_(std::move(list)) {}
  ag::variable_list operator()(const ag::variable_list& grad_outputs) override {
    ag::variable_list out = grad_outputs;
    on_interpreter(in_, [&] {
      for (const auto& fn : hooks_of(*list_)) {
        Value r = in_.call(fn, {as_tuple(out)});
        if (!r.is_none()) out = checked_tuple(in_, out, r, fn);
      }
    });
    return out;
  }

 private:
  Interpreter& in_;
  std::shared_ptr<ScriptHookList> list_;
};

class NodePostHook : public ag::FunctionPostHook, public autograd::HookGroup, public ScriptHookHolder {
 public:
  const std::shared_ptr<ScriptHookList>& script_list() const override { return list_; }
  size_t hook_count() const override { return list_->hooks.size(); }
  NodePostHook(Interpreter& in, std::shared_ptr<ScriptHookList> list) : in_(in), list_(std::move(list)) {}
  ag::variable_list operator()(const ag::variable_list& grad_inputs, const ag::variable_list& grad_outputs) override {
    ag::variable_list out = grad_inputs;
    on_interpreter(in_, [&] {
      for (const auto& fn : hooks_of(*list_)) {
        Value r = in_.call(fn, {as_tuple(out), as_tuple(grad_outputs)});
        if (!r.is_none()) out = checked_tuple(in_, out, r, fn);
      }
    });
    return out;
  }

 private:
  Interpreter& in_;
  std::shared_ptr<ScriptHookList> list_;
};

class HandleObject : public rt::Object {
 public:
  explicit HandleObject(std::function<void()> on_remove, uint64_t id, std::shared_ptr<ScriptHookList> list = nullptr)
      : Object(rt::ObjKind::Other), on_remove_(std::move(on_remove)), id_(id), list_(std::move(list)) {
    if (list_) rt::gc_track(*this);
  }
  // The list a removable handle edits (the collector sees the reference).
  void gc_traverse(rt::GcVisitor& v) const override {
    Object::gc_traverse(v);
    if (list_) gc_visit_hook_list(v, list_);
  }
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  std::string repr(Interpreter&) const override {
    return fmt::format("<torch.utils.hooks.RemovableHandle object at {:#x}>", address());
  }
  std::optional<Value> call_method(Interpreter&, std::string_view name, rt::Args& args) override {
    if (name != "remove") return std::nullopt;
    rt::expect_args(args, "remove", 0, 0);
    remove();
    return Value();
  }
  std::optional<Value> get_attr(Interpreter&, std::string_view name) override {
    if (name == "id") return Value(static_cast<int64_t>(id_));
    if (name != "remove") return std::nullopt;
    auto self = std::static_pointer_cast<HandleObject>(shared_from_this());
    return rt::make_builtin("remove", [self](Interpreter&, rt::Args&) {
      self->remove();
      return Value();
    });
  }

 private:
  void remove() {
    if (on_remove_) on_remove_();
    on_remove_ = nullptr;
  }
  std::function<void()> on_remove_;
  uint64_t id_;
  std::shared_ptr<ScriptHookList> list_;
};

Value add_to(const std::shared_ptr<ScriptHookList>& list, const Value& fn) {
  uint64_t id = list->next_id++;
  list->hooks.emplace_back(id, fn);
  return removable_handle(list, id);
}

void check_callable(const Value& fn) {
  rt::Object* o = fn.object_ptr();
  if (!o || !o->callable()) rt::raise_type_error(fmt::format("'{}' object is not callable", rt::type_name(fn)));
}

}  // namespace

Value removable_handle(std::shared_ptr<ScriptHookList> list, uint64_t id) {
  ScriptHookList* raw = list.get();  // the handle holds `list` itself
  return Value(std::make_shared<HandleObject>(
      [raw, id] {
        auto& hooks = raw->hooks;
        hooks.erase(std::remove_if(hooks.begin(), hooks.end(), [&](const auto& h) { return h.first == id; }), hooks.end());
      },
      id, std::move(list)));
}

Value callback_handle(std::function<void()> on_remove) {
  static uint64_t next = 1;
  return Value(std::make_shared<HandleObject>(std::move(on_remove), next++));
}

Value register_node_prehook(Interpreter& in, ag::Node& node, const Value& fn) {
  check_callable(fn);
  auto& data = script_data(node);
  if (!data.pre) {
    data.pre = std::make_shared<ScriptHookList>();
    node.add_pre_hook(std::make_unique<NodePreHook>(in, data.pre));
  }
  return add_to(data.pre, fn);
}

Value register_node_posthook(Interpreter& in, ag::Node& node, const Value& fn) {
  check_callable(fn);
  auto& data = script_data(node);
  if (!data.post) {
    data.post = std::make_shared<ScriptHookList>();
    node.add_post_hook(std::make_unique<NodePostHook>(in, data.post));
  }
  return add_to(data.post, fn);
}

Value register_tensor_hook(Interpreter& in, const at::Tensor& t, const Value& fn) {
  if (!t.requires_grad()) rt::raise_runtime_error("cannot register a hook on a tensor that doesn't require gradient");
  check_callable(fn);
  auto& slot = TensorRegistry::instance().script_hooks(t);
  auto list = std::static_pointer_cast<ScriptHookList>(slot.lock());
  const auto& fn_node = t.grad_fn();
  // An in-place operation (or a view's refreshed grad_fn) gives the tensor a
  // new grad_fn: PyTorch 2.x then starts a new hook dict, and hooks
  // registered before stay on the old node (update_tensor_hooks_on_new_gradfn).
  if (list && list->node != fn_node.get()) list.reset();
  if (!list) {
    // First hook on this tensor (since its grad_fn changed): one libtorch
    // hook for all of its script hooks, as Tensor.register_hook does through
    // _backward_hooks: a tensor pre-hook of its grad_fn (non-leaf), which
    // the engine runs even when it only captures the gradient, or a hook of
    // the tensor that its grad accumulator runs (leaf).
    list = std::make_shared<ScriptHookList>();
    slot = list;
    if (fn_node) {
      auto hook = std::make_unique<TensorPreHook>(in, list, t.output_nr());
      hook->set_owner(fn_node.get());
      fn_node->add_tensor_pre_hook(std::move(hook));
    } else {
      ag::impl::add_hook(t, std::make_unique<TensorPreHook>(in, list, 0));
    }
  }
  return add_to(list, fn);
}

Value node_metadata_dict(ag::Node& node) {
  auto& data = script_data(node);
  if (data.metadata_dict.is_none()) data.metadata_dict = Value(std::make_shared<rt::DictObject>());
  return data.metadata_dict;
}

}  // namespace backstep::api

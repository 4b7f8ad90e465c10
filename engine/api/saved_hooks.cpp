// Saved-tensor hooks: torch.autograd.graph.saved_tensors_hooks(pack, unpack),
// save_on_cpu, disable_saved_tensors_hooks, and the SavedVariable objects
// behind grad_fn._raw_saved_<field> with their register_hooks().
//
// The default hooks reach libtorch through backstep's engine
// (get_default_saved_variable_hooks): the innermost active pair wins, as in
// PyTorch. Pack and unpack always run on the interpreter thread.
#include "engine/api/saved_hooks.h"

#include "engine/autograd/backstep_engine.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/context_manager.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <fmt/format.h>
#include <torch/csrc/autograd/saved_variable_hooks.h>

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

namespace ag = torch::autograd;

namespace {

struct HooksState {
  std::vector<std::pair<Value, Value>> stack;  // (pack, unpack), innermost last
  std::optional<std::string> disabled_message;
  // The engine is process-wide and outlives interpreters (tests and
  // benchmarks make several), so a provider is withdrawn with its interpreter.
  // Interpreters replace each other's provider, so only the latest may withdraw it.
  const Interpreter* provider_owner = nullptr;
  ~HooksState() {
    if (provider_owner != nullptr && provider_owner == current_provider_owner()) {
      autograd::set_saved_hooks_provider(nullptr);
      autograd::set_saved_hooks_active(false);
      current_provider_owner() = nullptr;
    }
  }
  static const Interpreter*& current_provider_owner() {
    static const Interpreter* owner = nullptr;
    return owner;
  }
};

HooksState& hooks_state(Interpreter& in) { return in.state<HooksState>(); }

// One saved tensor's script hooks: what PySavedVariableHooks is in PyTorch.
class ScriptSavedHooks : public ag::SavedVariableHooks {
 public:
  ScriptSavedHooks(Interpreter& in, Value pack, Value unpack) : in_(in), pack_(std::move(pack)), unpack_(std::move(unpack)) {}

  void call_pack_hook(const at::Tensor& tensor) override {
    in_.run_on_interpreter_thread([&] { packed_ = in_.call(pack_, {Value(tensor)}); });
  }

  at::Tensor call_unpack_hook() override {
    at::Tensor out;
    in_.run_on_interpreter_thread([&] {
      Value r = in_.call(unpack_, {packed_});
      if (!r.is_tensor())
        rt::raise_type_error(fmt::format("Output of saved tensor unpack_hook expected to be a Tensor but got result of type {}",
                                         rt::type_name(r)));
      out = r.as_tensor();
    });
    return out;
  }

 private:
  Interpreter& in_;
  Value pack_, unpack_, packed_;
};

// `with saved_tensors_hooks(pack, unpack):` pushes the pair for the body.
class SavedTensorsHooksContext : public rt::Object, public rt::ContextManager {
 public:
  SavedTensorsHooksContext(Value pack, Value unpack, std::string kind)
      : Object(rt::ObjKind::Other), pack_(std::move(pack)), unpack_(std::move(unpack)), kind_(std::move(kind)) {}
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  std::string repr(Interpreter&) const override {
    return fmt::format("<torch.autograd.graph.{} object at {:#x}>", kind_, address());
  }
  Value enter(Interpreter& in) override {
    HooksState& s = hooks_state(in);
    if (s.disabled_message) rt::raise_runtime_error(*s.disabled_message);
    s.stack.emplace_back(pack_, unpack_);
    autograd::set_saved_hooks_active(true);
    return Value(std::static_pointer_cast<rt::Object>(shared_from_this()));
  }
  bool exit(Interpreter& in, const rt::ScriptError*) override {
    HooksState& s = hooks_state(in);
    if (!s.stack.empty()) s.stack.pop_back();
    autograd::set_saved_hooks_active(!s.stack.empty());
    return false;
  }

 private:
  Value pack_, unpack_;
  std::string kind_;
};

class DisableHooksContext : public rt::Object, public rt::ContextManager {
 public:
  explicit DisableHooksContext(std::string message) : Object(rt::ObjKind::Other), message_(std::move(message)) {}
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  Value enter(Interpreter& in) override {
    HooksState& s = hooks_state(in);
    previous_ = s.disabled_message;
    s.disabled_message = message_;
    if (!s.stack.empty()) rt::raise_runtime_error(message_);
    return Value();
  }
  bool exit(Interpreter& in, const rt::ScriptError*) override {
    hooks_state(in).disabled_message = previous_;
    return false;
  }

 private:
  std::string message_;
  std::optional<std::string> previous_;
};

// save_on_cpu: pack moves the tensor to the CPU (remembering its device),
// unpack moves it back.
Value save_on_cpu(Interpreter& in, rt::Args& a) {
  auto b = rt::bind_args(a, "save_on_cpu", {"pin_memory"});
  bool pin = rt::bool_arg(in, b[0], false);
  Value pack = rt::make_builtin("pack_to_cpu", [pin](Interpreter&, rt::Args& args) {
    const at::Tensor& t = args.pos.at(0).as_tensor();
    at::Tensor cpu = t.cpu();
    if (pin && torchb::cuda_usable() && !t.is_sparse()) cpu = cpu.pin_memory();
    return rt::make_tuple({torchb::device_object(t.device()), Value(cpu)});
  });
  Value unpack = rt::make_builtin("unpack_from_cpu", [pin](Interpreter& inner, rt::Args& args) {
    auto parts = rt::to_vector(inner, args.pos.at(0));
    c10::Device device = torchb::parse_device(parts.at(0));
    return Value(parts.at(1).as_tensor().to(device, /*non_blocking=*/pin));
  });
  return Value(std::make_shared<SavedTensorsHooksContext>(pack, unpack, "save_on_cpu"));
}

}  // namespace

void install_saved_hooks_provider(Interpreter& in) {
  Interpreter* interp = &in;
  hooks_state(in).provider_owner = interp;
  HooksState::current_provider_owner() = interp;
  autograd::set_saved_hooks_provider([interp]() -> std::unique_ptr<ag::SavedVariableHooks> {
    HooksState& s = hooks_state(*interp);
    if (s.stack.empty()) return nullptr;
    return std::make_unique<ScriptSavedHooks>(*interp, s.stack.back().first, s.stack.back().second);
  });
}

Value make_saved_tensors_hooks(Interpreter&, Value pack, Value unpack) {
  return Value(std::make_shared<SavedTensorsHooksContext>(std::move(pack), std::move(unpack), "saved_tensors_hooks"));
}

void install_saved_hooks_functions(rt::ModuleObject& graph) {
  graph.def("saved_tensors_hooks", [](Interpreter&, rt::Args& a) {
    auto b = rt::bind_args(a, "saved_tensors_hooks", {"pack_hook", "unpack_hook"}, 2);
    return Value(std::make_shared<SavedTensorsHooksContext>(*b[0], *b[1], "saved_tensors_hooks"));
  });
  graph.def("save_on_cpu", save_on_cpu);
  graph.def("disable_saved_tensors_hooks", [](Interpreter& in, rt::Args& a) {
    auto b = rt::bind_args(a, "disable_saved_tensors_hooks", {"error_message"}, 1);
    return Value(std::make_shared<DisableHooksContext>(rt::str(in, *b[0])));
  });
}

// --- grad_fn._raw_saved_<field> ------------------------------------------------

namespace {

class SavedVariableObject : public rt::Object {
 public:
  SavedVariableObject(c10::intrusive_ptr<ag::Node> owner, ag::SavedVariable* sv)
      : Object(rt::ObjKind::Other), owner_(std::move(owner)), sv_(sv) {}
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  std::string repr(Interpreter&) const override {
    return fmt::format("<torch._C._functions.SavedVariable object at {:#x}>", address());
  }
  std::optional<Value> call_method(Interpreter& in, std::string_view name, rt::Args& args) override {
    if (name != "register_hooks") return std::nullopt;
    auto b = rt::bind_args(args, "register_hooks", {"pack_hook", "unpack_hook"}, 2);
    sv_->register_hooks(std::make_unique<ScriptSavedHooks>(in, *b[0], *b[1]));
    return Value();
  }
  std::optional<Value> get_attr(Interpreter&, std::string_view name) override {
    if (name != "register_hooks") return std::nullopt;
    auto self = std::static_pointer_cast<SavedVariableObject>(shared_from_this());
    return rt::make_builtin("register_hooks", [self](Interpreter& in, rt::Args& a) {
      return *self->call_method(in, "register_hooks", a);
    });
  }

 private:
  c10::intrusive_ptr<ag::Node> owner_;  // keeps the SavedVariable alive
  ag::SavedVariable* sv_;
};

}  // namespace

Value raw_saved_object(const c10::intrusive_ptr<ag::Node>& owner, ag::SavedVariable* sv) {
  return Value(std::make_shared<SavedVariableObject>(owner, sv));
}

}  // namespace backstep::api

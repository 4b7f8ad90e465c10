// Gradient-mode context managers: torch.no_grad(), enable_grad(),
// set_grad_enabled(mode), inference_mode(mode). Each is also a decorator
// (`@torch.no_grad()`), as in PyTorch.
#include "engine/api/autograd_api.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/context_manager.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <c10/core/GradMode.h>
#include <c10/core/InferenceMode.h>

#include <fmt/format.h>

namespace backstep::api {

namespace {

class GradModeContext : public rt::Object, public rt::ContextManager {
 public:
  enum class Kind { NoGrad, EnableGrad, SetGradEnabled, InferenceMode };
  GradModeContext(Kind kind, bool mode) : Object(rt::ObjKind::Other), kind_(kind), mode_(mode) {
    // set_grad_enabled(False) as a plain call switches the mode at once;
    // __exit__ restores what was there before.
    if (kind_ == Kind::SetGradEnabled) {
      previous_ = c10::GradMode::is_enabled();
      c10::GradMode::set_enabled(mode_);
    }
  }
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  std::string repr(Interpreter&) const override {
    static const char* names[] = {"no_grad", "enable_grad", "set_grad_enabled", "inference_mode"};
    return fmt::format("<torch.autograd.grad_mode.{} object at {:#x}>", names[static_cast<int>(kind_)], address());
  }

  Value enter(Interpreter&) override {
    switch (kind_) {
      case Kind::NoGrad:
      case Kind::EnableGrad:
        saved_.push_back(c10::GradMode::is_enabled());
        c10::GradMode::set_enabled(kind_ == Kind::EnableGrad);
        break;
      case Kind::SetGradEnabled: break;
      case Kind::InferenceMode: inference_.push_back(std::make_unique<c10::InferenceMode>(mode_)); break;
    }
    return Value();
  }

  bool exit(Interpreter&, const rt::ScriptError*) override {
    switch (kind_) {
      case Kind::NoGrad:
      case Kind::EnableGrad:
        if (!saved_.empty()) {
          c10::GradMode::set_enabled(saved_.back());
          saved_.pop_back();
        }
        break;
      case Kind::SetGradEnabled: c10::GradMode::set_enabled(previous_); break;
      case Kind::InferenceMode:
        if (!inference_.empty()) inference_.pop_back();
        break;
    }
    return false;
  }

  // Used as a decorator: pylib's torch/_grad_decorator.py wraps the
  // function (functools.wraps, so it keeps its name and docstring) to run
  // inside this mode.
  bool callable() const override { return true; }
  Value call(Interpreter& in, Args& args) override {
    rt::expect_args(args, "__call__", 1, 1);
    Value decorate = rt::get_attr(in, in.import_module("torch._grad_decorator"), "decorate");
    return rt::call(in, decorate, {Value(shared_from_this()), args.pos[0]});
  }

 private:
  Kind kind_;
  bool mode_;
  bool previous_ = true;
  std::vector<bool> saved_;  // a stack: the same object may be entered recursively
  std::vector<std::unique_ptr<c10::InferenceMode>> inference_;
};

Value make_context(GradModeContext::Kind kind, bool mode) {
  return Value(std::make_shared<GradModeContext>(kind, mode));
}

}  // namespace

void install_grad_modes(rt::ModuleObject& m) {
  using K = GradModeContext::Kind;
  m.set("no_grad", rt::make_builtin("no_grad", [](Interpreter&, Args& a) {
          rt::expect_args(a, "no_grad", 0, 0);
          return make_context(K::NoGrad, false);
        }));
  m.set("enable_grad", rt::make_builtin("enable_grad", [](Interpreter&, Args& a) {
          rt::expect_args(a, "enable_grad", 0, 0);
          return make_context(K::EnableGrad, true);
        }));
  m.set("set_grad_enabled", rt::make_builtin("set_grad_enabled", [](Interpreter& in, Args& a) {
          auto b = rt::bind_args(a, "set_grad_enabled", {"mode"}, 1);
          if (!b[0]->is_bool()) rt::raise_type_error("set_grad_enabled(): argument 'mode' must be bool");
          return make_context(K::SetGradEnabled, rt::truthy(in, *b[0]));
        }));
  m.set("inference_mode", rt::make_builtin("inference_mode", [](Interpreter& in, Args& a) {
          auto b = rt::bind_args(a, "inference_mode", {"mode"});
          return make_context(K::InferenceMode, rt::bool_arg(in, b[0], true));
        }));
  m.set("is_grad_enabled", rt::make_builtin("is_grad_enabled", [](Interpreter&, Args& a) {
          rt::expect_args(a, "is_grad_enabled", 0, 0);
          return Value(c10::GradMode::is_enabled());
        }));
  m.set("is_inference_mode_enabled", rt::make_builtin("is_inference_mode_enabled", [](Interpreter&, Args&) {
          return Value(c10::InferenceMode::is_enabled());
        }));
}

}  // namespace backstep::api

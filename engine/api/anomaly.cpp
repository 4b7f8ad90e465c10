// Anomaly detection in the language: torch.autograd.set_detect_anomaly and
// detect_anomaly, with PyTorch's NaN check (done by libtorch's engine) and,
// when a backward fails, the traceback of the forward call that created the
// failing node -- printed with the script's frames, from the origin every
// node carries.
#include "engine/api/anomaly.h"

#include "engine/autograd/backstep_engine.h"
#include "engine/autograd/node_metadata.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/context_manager.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

std::vector<rt::TraceFrame> origin_frames(const autograd::Origin& o) {
  std::vector<rt::TraceFrame> inner_first;
  if (!o.valid()) return inner_first;
  inner_first.push_back(rt::TraceFrame{o.span, o.call ? o.call->function : "<module>"});
  for (auto c = o.call; c && c->parent; c = c->parent)
    inner_first.push_back(rt::TraceFrame{c->call_site, c->parent->function});
  return {inner_first.rbegin(), inner_first.rend()};
}

namespace {

// set_detect_anomaly(mode) takes effect at once; used in `with`, it
// restores the previous mode on exit. detect_anomaly() only acts in `with`.
class AnomalyContext : public rt::Object, public rt::ContextManager {
 public:
  AnomalyContext(bool immediate, bool mode, bool check_nan)
      : Object(rt::ObjKind::Other), immediate_(immediate), mode_(mode), check_nan_(check_nan) {
    if (immediate_) apply();
  }
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  std::string repr(Interpreter&) const override {
    return fmt::format("<torch.autograd.anomaly_mode.{} object at {:#x}>",
                       immediate_ ? "set_detect_anomaly" : "detect_anomaly", address());
  }
  Value enter(Interpreter& in) override {
    if (!immediate_) {
      in.warn("UserWarning",
              "Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled for "
              "debugging.");
      apply();
    }
    return Value();
  }
  bool exit(Interpreter&, const rt::ScriptError*) override {
    autograd::set_user_anomaly_mode(prev_mode_, prev_check_nan_);
    return false;
  }

 private:
  void apply() {
    prev_mode_ = autograd::user_anomaly_mode();
    prev_check_nan_ = autograd::user_anomaly_check_nan();
    autograd::set_user_anomaly_mode(mode_, check_nan_);
  }
  bool immediate_, mode_, check_nan_;
  bool prev_mode_ = false, prev_check_nan_ = true;
};

}  // namespace

void install_anomaly_functions(rt::ModuleObject& autograd_module) {
  autograd_module.def("set_detect_anomaly", [](Interpreter& interp, rt::Args& a) {
    auto b = rt::bind_args(a, "set_detect_anomaly", {"mode", "check_nan"}, 1);
    return Value(std::make_shared<AnomalyContext>(true, rt::truthy(interp, *b[0]), rt::bool_arg(interp, b[1], true)));
  });
  autograd_module.def("detect_anomaly", [](Interpreter& interp, rt::Args& a) {
    auto b = rt::bind_args(a, "detect_anomaly", {"check_nan"});
    return Value(std::make_shared<AnomalyContext>(false, true, rt::bool_arg(interp, b[0], true)));
  });
}

void install_anomaly_queries(rt::ModuleObject& torch_module) {
  torch_module.def("is_anomaly_enabled", [](Interpreter&, rt::Args&) { return Value(autograd::user_anomaly_mode()); });
  torch_module.def("is_anomaly_check_nan_enabled",
                   [](Interpreter&, rt::Args&) { return Value(autograd::user_anomaly_check_nan()); });
}

void install_anomaly_printer(Interpreter& in) {
  // When a backward fails and the script asked for anomaly detection, show
  // where the failing node was made, as PyTorch's warning does.
  Interpreter* interp = &in;
  autograd::set_traceback_printer([interp](const std::string& node_name, const autograd::NodeMetadata& md) {
    if (!autograd::user_anomaly_mode()) return;
    auto frames = origin_frames(md.origin());
    interp->run_on_interpreter_thread([&] {
      interp->warn("UserWarning", fmt::format("Error detected in {}. Traceback of forward call that caused the error:\n{}",
                                              node_name, rt::format_frames(frames)));
    });
  });
}

}  // namespace backstep::api

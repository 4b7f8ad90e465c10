// libtorch's warnings (TORCH_WARN, TORCH_WARN_ONCE) as PyTorch turns them
// into Python warnings: through the script's `warnings` module, with the
// C++ location appended to the message unless the warning is verbatim
// (then it is issued for that location). A filter that says "error" makes
// the torch call raise the Warning, as in PyTorch.
//
// c10's warning handler is per thread: the handler goes on the interpreter
// thread; warnings on other threads keep c10's default (printed).
#include "engine/api/install.h"

#include "engine/runtime/interpreter.h"
#include "engine/runtime/warning_hook.h"

#include <c10/util/Exception.h>
#include <fmt/format.h>

#include <variant>

namespace backstep::api {
namespace {

// PyTorch's build names its sources by their path in its CI checkout;
// headers compiled into backstep name the wheel's include folder instead.
std::string pytorch_file_name(const char* file) {
  std::string f = file ? file : "";
  const std::string include = "/torch/include/";
  size_t at = f.find(include);
  if (at == std::string::npos) return f;
  std::string rel = f.substr(at + include.size());
  if (rel.rfind("ATen/core/TensorBody.h", 0) == 0) return "/__w/pytorch/pytorch/build/aten/src/" + rel;
  if (rel.rfind("ATen/", 0) == 0) return "/__w/pytorch/pytorch/aten/src/" + rel;
  return "/__w/pytorch/pytorch/" + rel;
}

class ScriptWarningHandler : public c10::WarningHandler {
 public:
  explicit ScriptWarningHandler(rt::Interpreter& in) : in_(in) {}

  void process(const c10::Warning& w) override {
    // Warnings raised while the warnings module runs (or off the
    // interpreter thread) cannot re-enter it: c10 prints them.
    if (busy_ || !in_.on_interpreter_thread()) return c10::WarningHandler::process(w);
    busy_ = true;
    struct Reset {
      bool& flag;
      ~Reset() { flag = false; }
    } reset{busy_};
    const rt::TypeObject& category = std::holds_alternative<c10::Warning::DeprecationWarning>(w.type())
                                         ? rt::warning_category("DeprecationWarning")
                                         : rt::warning_category("UserWarning");
    const c10::SourceLocation& at = w.source_location();
    std::string file = pytorch_file_name(at.file);
    if (!at.file) {
      rt::warn_from_native(in_, category, w.msg());
    } else if (w.verbatim()) {
      rt::warn_explicit_from_native(in_, category, w.msg(), file, at.line);
    } else {
      rt::warn_from_native(in_, category, fmt::format("{} (Triggered internally at {}:{}.)", w.msg(), file, at.line));
    }
  }

 private:
  rt::Interpreter& in_;
  bool busy_ = false;
};

// Owned by the interpreter: puts the handler on the thread and takes it off
// when the interpreter goes.
struct WarningRouting {
  std::unique_ptr<ScriptWarningHandler> handler;
  c10::WarningHandler* previous = nullptr;
  ~WarningRouting() {
    if (handler && c10::WarningUtils::get_warning_handler() == handler.get())
      c10::WarningUtils::set_warning_handler(previous);
  }
};

}  // namespace

void install_torch_warnings(rt::Interpreter& in) {
  WarningRouting& r = in.state<WarningRouting>();
  if (r.handler) return;
  r.handler = std::make_unique<ScriptWarningHandler>(in);
  r.previous = c10::WarningUtils::get_warning_handler();
  c10::WarningUtils::set_warning_handler(r.handler.get());
}

}  // namespace backstep::api

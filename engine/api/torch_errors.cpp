// How libtorch's C++ errors read to a Python user: PyTorch's exception
// classes (c10::IndexError is IndexError, ...) and the message PyTorch
// shows, without the C++ backtrace. Registered with the runtime, which
// calls it for every C++ exception that is not already a script error.
#include "engine/api/torch_errors.h"

#include "engine/autograd/backstep_engine.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"

#include <c10/util/Exception.h>

#include <string>
#include <utility>
#include <vector>

namespace backstep::api {

using rt::ScriptError;
using rt::Value;

namespace {

// PyTorch's Python layer rewrites ATen's type names in every error message
// (torch/csrc/Exceptions.cpp, processErrorMsg): "CPUFloatType" reads
// "torch.FloatTensor" to a Python user. Longest names first, so that
// "SparseCPUFloatType" is not caught by the "CPUFloatType" rule.
std::string python_type_names(std::string msg) {
  static const std::vector<std::pair<std::string, std::string>> changes = [] {
    std::vector<std::pair<std::string, std::string>> out;
    const char* scalars[] = {"Byte", "Char", "Short", "Int", "Long", "Half", "Float", "Double",
                             "Bool", "BFloat16", "ComplexHalf", "ComplexFloat", "ComplexDouble"};
    const std::pair<const char*, const char*> backends[] = {
        {"SparseCUDA", "torch.cuda.sparse."}, {"SparseCPU", "torch.sparse."}, {"CUDA", "torch.cuda."}, {"CPU", "torch."}};
    for (const auto& [backend, prefix] : backends)
      for (const char* s : scalars) out.emplace_back(std::string(backend) + s + "Type", std::string(prefix) + s + "Tensor");
    return out;
  }();
  if (msg.find("Type") == std::string::npos) return msg;
  for (const auto& [from, to] : changes) {
    for (size_t pos = msg.find(from); pos != std::string::npos; pos = msg.find(from, pos + to.size()))
      msg.replace(pos, from.size(), to);
  }
  return msg;
}

// backstep keeps libtorch's anomaly mode on to record node origins (see
// backstep_engine.h), which makes SavedVariable give its anomaly-mode hint.
// Unless the script itself asked for anomaly detection, show the hint
// PyTorch shows without it.
std::string anomaly_hint(std::string msg) {
  static const std::string with =
      "Hint: the backtrace further above shows the operation that failed to compute its gradient. The variable in "
      "question was changed in there or anywhere later. Good luck!";
  static const std::string without =
      "Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
      "torch.autograd.set_detect_anomaly(True, check_nan=False).";
  if (autograd::user_anomaly_mode()) return msg;
  size_t pos = msg.find(with);
  if (pos != std::string::npos) msg.replace(pos, with.size(), without);
  return msg;
}

std::optional<ScriptError> translate(const std::exception& e) {
  auto* c10e = dynamic_cast<const c10::Error*>(&e);
  if (!c10e) return std::nullopt;
  const auto& t = rt::exc_types();
  const rt::TypeObject* cls = t.runtime_error;
  if (dynamic_cast<const c10::IndexError*>(&e)) cls = t.index_error;
  else if (dynamic_cast<const c10::ValueError*>(&e)) cls = t.value_error;
  else if (dynamic_cast<const c10::TypeError*>(&e)) cls = t.type_error;
  else if (dynamic_cast<const c10::NotImplementedError*>(&e)) cls = t.not_implemented_error;
  std::string msg = anomaly_hint(python_type_names(c10e->what_without_backtrace()));
  return ScriptError(std::make_shared<rt::ExceptionObject>(*cls, std::vector<Value>{rt::make_str(std::move(msg))}));
}

}  // namespace

void install_torch_error_translation() {
  static bool done = [] {
    rt::add_foreign_error_translator(&translate);
    return true;
  }();
  (void)done;
}

}  // namespace backstep::api

#include "engine/runtime/exceptions.h"

#include "engine/autograd/backstep_engine.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <c10/util/Exception.h>
#include <fmt/format.h>

namespace backstep::rt {
namespace {

// The exception tree. Each class is a TypeObject whose constructor makes an
// ExceptionObject holding the call's arguments, as BaseException does.
struct ExceptionRegistry {
  ExceptionTypes t{};
  std::vector<TypeObject*> all;

  TypeObject* make(const char* name, TypeObject* base) {
    TypeObject* type = new_exception_type(name, "", base ? *base : *types().object);
    all.push_back(type);
    return type;
  }

  ExceptionRegistry() {
    t.base_exception = make("BaseException", nullptr);
    t.system_exit = make("SystemExit", t.base_exception);
    t.keyboard_interrupt = make("KeyboardInterrupt", t.base_exception);
    t.exception = make("Exception", t.base_exception);
    t.stop_iteration = make("StopIteration", t.exception);
    t.arithmetic_error = make("ArithmeticError", t.exception);
    t.zero_division_error = make("ZeroDivisionError", t.arithmetic_error);
    t.overflow_error = make("OverflowError", t.arithmetic_error);
    t.assertion_error = make("AssertionError", t.exception);
    t.attribute_error = make("AttributeError", t.exception);
    t.lookup_error = make("LookupError", t.exception);
    t.index_error = make("IndexError", t.lookup_error);
    t.key_error = make("KeyError", t.lookup_error);
    t.name_error = make("NameError", t.exception);
    t.unbound_local_error = make("UnboundLocalError", t.name_error);
    t.runtime_error = make("RuntimeError", t.exception);
    t.not_implemented_error = make("NotImplementedError", t.runtime_error);
    t.recursion_error = make("RecursionError", t.runtime_error);
    t.type_error = make("TypeError", t.exception);
    t.value_error = make("ValueError", t.exception);
    t.os_error = make("OSError", t.exception);
    t.file_not_found_error = make("FileNotFoundError", t.os_error);
    t.import_error = make("ImportError", t.exception);
    t.module_not_found_error = make("ModuleNotFoundError", t.import_error);
    t.syntax_error = make("SyntaxError", t.exception);
    t.warning = make("Warning", t.exception);
    t.user_warning = make("UserWarning", t.warning);
  }
};

ExceptionRegistry& registry() {
  static ExceptionRegistry* r = new ExceptionRegistry();
  return *r;
}

}  // namespace

TypeObject* new_exception_type(std::string name, std::string module, const TypeObject& base) {
  TypeObject* type = new_type(std::move(name), std::move(module), &base);
  type->set_constructor([type](Interpreter&, Args& a) {
    return Value(std::make_shared<ExceptionObject>(*type, std::vector<Value>(a.pos.begin(), a.pos.end())));
  });
  return type;
}

const ExceptionTypes& exc_types() { return registry().t; }
const std::vector<TypeObject*>& all_exception_types() { return registry().all; }

std::string ExceptionObject::str(Interpreter& in) const {
  if (args.empty()) return "";
  // KeyError shows its key's repr, as CPython does.
  if (args.size() == 1) return cls_->is_subtype_of(*exc_types().key_error) ? rt::repr(in, args[0]) : rt::str(in, args[0]);
  return rt::repr(in, make_tuple(args));
}

std::string ExceptionObject::repr(Interpreter& in) const {
  std::string inner;
  for (size_t i = 0; i < args.size(); ++i) inner += (i ? ", " : "") + rt::repr(in, args[i]);
  return cls_->name() + "(" + inner + ")";
}

std::optional<Value> ExceptionObject::get_attr(Interpreter&, std::string_view name) {
  if (name == "args") return make_tuple(args);
  if (name == "__cause__") return cause;
  if (name == "__context__") return context;
  if (name == "__class__") return type_value(*cls_);
  if (name == "__notes__") {
    std::vector<Value> out;
    for (const auto& n : notes) out.push_back(make_str(n));
    return make_list(std::move(out));
  }
  if (name == "add_note") {
    auto self = std::static_pointer_cast<ExceptionObject>(shared_from_this());
    return make_builtin("add_note", [self](Interpreter& in, Args& a) {
      expect_args(a, "add_note", 1, 1);
      auto* s = a.pos[0].as<StrObject>();
      if (!s) raise_type_error(fmt::format("note must be a str, not '{}'", type_name(a.pos[0])));
      self->notes.push_back(s->value);
      (void)in;
      return Value();
    });
  }
  return std::nullopt;
}

std::string ScriptError::message() const {
  const auto& args = exc_->args;
  if (args.empty()) return "";
  const Value& a = args[0];
  if (auto* s = a.as<StrObject>()) {
    if (args.size() == 1 && exc_->type().is_subtype_of(*exc_types().key_error)) return "'" + s->value + "'";
    return s->value;
  }
  if (a.is_int()) return std::to_string(a.as_int());
  return "<exception>";
}

const char* ScriptError::what() const noexcept {
  if (what_.empty()) what_ = exc_->type().name() + ": " + message();
  return what_.c_str();
}

void raise(const TypeObject& cls, std::string message) {
  throw ScriptError(std::make_shared<ExceptionObject>(cls, std::vector<Value>{make_str(std::move(message))}));
}
void raise_type_error(std::string m) { raise(*exc_types().type_error, std::move(m)); }
void raise_value_error(std::string m) { raise(*exc_types().value_error, std::move(m)); }
void raise_runtime_error(std::string m) { raise(*exc_types().runtime_error, std::move(m)); }
void raise_index_error(std::string m) { raise(*exc_types().index_error, std::move(m)); }
void raise_attribute_error(std::string m) { raise(*exc_types().attribute_error, std::move(m)); }
void raise_attribute_error(std::string m, const Value& obj, std::string_view name) {
  auto exc = std::make_shared<ExceptionObject>(*exc_types().attribute_error, std::vector<Value>{make_str(std::move(m))});
  exc->attr_name = std::string(name);
  exc->attr_obj = obj;
  throw ScriptError(std::move(exc));
}
void raise_name_error(std::string m) { raise(*exc_types().name_error, std::move(m)); }
void raise_zero_division(std::string m) { raise(*exc_types().zero_division_error, std::move(m)); }
void raise_overflow(std::string m) { raise(*exc_types().overflow_error, std::move(m)); }
void raise_not_implemented(std::string m) { raise(*exc_types().not_implemented_error, std::move(m)); }
void raise_key_error(const Value& key) {
  throw ScriptError(std::make_shared<ExceptionObject>(*exc_types().key_error, std::vector<Value>{key}));
}

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

}  // namespace

ScriptError translate_torch_error(const std::exception& e) {
  if (auto* script = dynamic_cast<const ScriptError*>(&e)) return *script;
  const auto& t = exc_types();
  const TypeObject* cls = t.runtime_error;
  std::string msg;
  if (auto* c10e = dynamic_cast<const c10::Error*>(&e)) {
    msg = anomaly_hint(python_type_names(c10e->what_without_backtrace()));
    if (dynamic_cast<const c10::IndexError*>(&e)) cls = t.index_error;
    else if (dynamic_cast<const c10::ValueError*>(&e)) cls = t.value_error;
    else if (dynamic_cast<const c10::TypeError*>(&e)) cls = t.type_error;
    else if (dynamic_cast<const c10::NotImplementedError*>(&e)) cls = t.not_implemented_error;
  } else if (dynamic_cast<const std::bad_alloc*>(&e)) {
    msg = "out of memory";
  } else {
    msg = e.what();
  }
  return ScriptError(std::make_shared<ExceptionObject>(*cls, std::vector<Value>{make_str(std::move(msg))}));
}

}  // namespace backstep::rt

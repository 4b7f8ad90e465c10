#include "engine/runtime/exceptions.h"

#include "engine/runtime/descriptors.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <mutex>

namespace backstep::rt {
namespace {

// The exception tree. Each class is a TypeObject whose constructor makes an
// ExceptionObject holding the call's arguments, as BaseException does.
struct ExceptionRegistry {
  ExceptionTypes t{};
  std::vector<TypeObject*> all;

  TypeObject* make(const char* name, TypeObject* base) {
    TypeObject* type = base ? new_exception_type(name, "", *base) : new_type(name, "", mutable_types().object);
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
    t.deprecation_warning = make("DeprecationWarning", t.warning);
    t.runtime_warning = make("RuntimeWarning", t.warning);
    t.future_warning = make("FutureWarning", t.warning);
    t.generator_exit = make("GeneratorExit", t.base_exception);
    t.permission_error = make("PermissionError", t.os_error);
    t.file_exists_error = make("FileExistsError", t.os_error);
    t.is_a_directory_error = make("IsADirectoryError", t.os_error);
    t.not_a_directory_error = make("NotADirectoryError", t.os_error);
    t.eof_error = make("EOFError", t.exception);
    t.memory_error = make("MemoryError", t.exception);
    t.indentation_error = make("IndentationError", t.syntax_error);
    for (const char* w : {"PendingDeprecationWarning", "SyntaxWarning", "ImportWarning", "UnicodeWarning",
                          "BytesWarning", "ResourceWarning", "EncodingWarning"})
      make(w, t.warning);
    make("TabError", t.indentation_error);
    make("SystemError", t.exception);
    make("ReferenceError", t.exception);
    make("BufferError", t.exception);
    make("FloatingPointError", t.arithmetic_error);
    make("TimeoutError", t.os_error);
    make("ChildProcessError", t.os_error);
    TypeObject* conn = make("ConnectionError", t.os_error);
    make("BrokenPipeError", conn);
    make("ConnectionAbortedError", conn);
    make("ConnectionRefusedError", conn);
    make("ConnectionResetError", conn);
    make("InterruptedError", t.os_error);
    make("ProcessLookupError", t.os_error);
    make("BlockingIOError", t.os_error);
    make("StopAsyncIteration", t.exception);
    TypeObject* unicode = make("UnicodeError", t.value_error);
    make("UnicodeDecodeError", unicode);
    make("UnicodeEncodeError", unicode);
    make("UnicodeTranslateError", unicode);
  }
};

ExceptionRegistry& registry() {
  static ExceptionRegistry* r = new ExceptionRegistry();
  return *r;
}

}  // namespace

TypeObject* new_exception_type(std::string name, std::string module, const TypeObject& base) {
  return new_type(std::move(name), std::move(module), const_cast<TypeObject*>(&base));
}

const ExceptionTypes& exc_types() { return registry().t; }
const std::vector<TypeObject*>& all_exception_types() { return registry().all; }

namespace {
// A SyntaxError's attributes (msg, filename, lineno, ...), as the parser
// (syntax_error_from) or SyntaxError.__init__ set them; null when unset.
const Value* syntax_attr(const ExceptionObject& e, std::string_view name) {
  const DictObject* d = e.instance_dict();
  return d ? d->find_str(name) : nullptr;
}

bool is_syntax_error(const ExceptionObject& e) { return e.type().is_subtype_of(*exc_types().syntax_error); }
}  // namespace

std::string ExceptionObject::str(Interpreter& in) const {
  // CPython's SyntaxError.__str__: "msg (file, line N)", the file's base
  // name; a msg never set reads as None.
  if (is_syntax_error(*this)) {
    const Value* msg = syntax_attr(*this, "msg");
    std::string out = msg ? rt::str(in, *msg) : "None";
    const Value* file = syntax_attr(*this, "filename");
    const Value* line = syntax_attr(*this, "lineno");
    const auto* f = file ? file->as<StrObject>() : nullptr;
    bool has_line = line && line->is_int();
    std::string base = f ? f->value.substr(f->value.find_last_of('/') + 1) : "";
    if (f && has_line) return out + " (" + base + ", line " + std::to_string(line->as_int()) + ")";
    if (f) return out + " (" + base + ")";
    if (has_line) return out + " (line " + std::to_string(line->as_int()) + ")";
    return out;
  }
  if (args.empty()) return "";
  // KeyError shows its key's repr, as CPython does.
  if (args.size() == 1) return type().is_subtype_of(*exc_types().key_error) ? rt::repr(in, args[0]) : rt::str(in, args[0]);
  return rt::repr(in, make_tuple(args));
}

std::string ExceptionObject::display_message(Interpreter& in) const {
  if (is_syntax_error(*this))
    if (const Value* msg = syntax_attr(*this, "msg")) return rt::str(in, *msg);
  return str(in);
}

std::string ExceptionObject::repr(Interpreter& in) const {
  std::string inner;
  for (size_t i = 0; i < args.size(); ++i) inner += (i ? ", " : "") + rt::repr(in, args[i]);
  return type().name() + "(" + inner + ")";
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
void raise_import_error(const TypeObject& cls, std::string message, const std::string& name,
                        const std::string& path) {
  Value msg = make_str(std::move(message));
  auto exc = std::make_shared<ExceptionObject>(cls, std::vector<Value>{msg});
  auto& d = exc->ensure_instance_dict();
  d.set_str("name", name.empty() ? Value() : make_str(name));
  d.set_str("path", path.empty() ? Value() : make_str(path));
  d.set_str("msg", msg);
  throw ScriptError(std::move(exc));
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
std::mutex& translators_mutex() {
  static std::mutex m;
  return m;
}
std::vector<ForeignErrorTranslator>& translators() {
  static std::vector<ForeignErrorTranslator> t;
  return t;
}
}  // namespace

void add_foreign_error_translator(ForeignErrorTranslator t) {
  std::lock_guard<std::mutex> lock(translators_mutex());
  translators().push_back(t);
}

ScriptError translate_foreign_error(const std::exception& e) {
  if (auto* script = dynamic_cast<const ScriptError*>(&e)) return *script;
  std::vector<ForeignErrorTranslator> ts;
  {
    std::lock_guard<std::mutex> lock(translators_mutex());
    ts = translators();
  }
  for (auto t : ts)
    if (auto r = t(e)) return *r;
  // CPython's MemoryError carries no message (PyErr_NoMemory).
  if (dynamic_cast<const std::bad_alloc*>(&e))
    return ScriptError(std::make_shared<ExceptionObject>(*exc_types().memory_error, std::vector<Value>{}));
  return ScriptError(std::make_shared<ExceptionObject>(*exc_types().runtime_error, std::vector<Value>{make_str(e.what())}));
}

}  // namespace backstep::rt

// Python exceptions: the classes (BaseException and its tree), the objects
// scripts catch, and the C++ exception that carries one through the
// interpreter's C++ stack.
//
// Runtime errors travel as C++ exceptions (ScriptError) rather than as
// returned values: script code can fail in any of thousands of places, most
// of them deep inside the operator bridge, and unwinding is the cheap path
// when nothing fails. Each ScriptError collects the script frames it passes
// through, which become the traceback.
#pragma once

#include "engine/lang/source.h"
#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <exception>
#include <optional>
#include <vector>

namespace backstep::rt {

// The exception classes scripts can name. Created once at start-up.
struct ExceptionTypes {
  TypeObject* base_exception;
  TypeObject* exception;
  TypeObject* keyboard_interrupt;
  TypeObject* system_exit;
  TypeObject* stop_iteration;
  TypeObject* arithmetic_error;
  TypeObject* zero_division_error;
  TypeObject* overflow_error;
  TypeObject* assertion_error;
  TypeObject* attribute_error;
  TypeObject* lookup_error;
  TypeObject* index_error;
  TypeObject* key_error;
  TypeObject* name_error;
  TypeObject* unbound_local_error;
  TypeObject* runtime_error;
  TypeObject* not_implemented_error;
  TypeObject* recursion_error;
  TypeObject* type_error;
  TypeObject* value_error;
  TypeObject* os_error;
  TypeObject* file_not_found_error;
  TypeObject* import_error;
  TypeObject* module_not_found_error;
  TypeObject* syntax_error;
  TypeObject* warning;
  TypeObject* user_warning;
  TypeObject* deprecation_warning;
  TypeObject* runtime_warning;
  TypeObject* future_warning;
  TypeObject* generator_exit;
  TypeObject* permission_error;
  TypeObject* file_exists_error;
  TypeObject* is_a_directory_error;
  TypeObject* not_a_directory_error;
  TypeObject* eof_error;
  TypeObject* memory_error;
  TypeObject* indentation_error;
};
const ExceptionTypes& exc_types();
// All exception classes by name, for the builtins table.
const std::vector<TypeObject*>& all_exception_types();
// An exception class that a library module defines (GradcheckError of
// torch.autograd.gradcheck): not a builtin name; `module` is what repr and
// tracebacks show before its name.
TypeObject* new_exception_type(std::string name, std::string module, const TypeObject& base);

// One script frame of a traceback, innermost last.
struct TraceFrame {
  lang::Span span;        // the expression that was executing in that frame
  std::string function;   // "<module>", "f", "<lambda>"
};

// An exception instance: of a builtin exception class or a user subclass
// (whose attributes live in the instance __dict__, as in CPython).
class ExceptionObject : public Object, public KindTag<ObjKind::Exception> {
 public:
  ExceptionObject(const TypeObject& cls, std::vector<Value> args)
      : Object(ObjKind::Exception, &cls), args(std::move(args)) {}
  std::string repr(Interpreter& in) const override;  // RuntimeError('msg')
  std::string str(Interpreter& in) const override;   // msg
  // What a traceback prints after "Type: ": str(), except for a located
  // SyntaxError, whose own message is printed (its file and line are
  // printed above it, where str() would append them).
  std::string display_message(Interpreter& in) const;
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;

  std::vector<Value> args;
  Value cause;    // raise ... from cause
  Value context;  // the exception being handled when this one was raised
  bool suppress_context = false;  // set by `raise ... from ...`
  // PEP 678 notes: printed after the message in a traceback, not part of
  // str(e) (so scripts that print their exceptions see PyTorch's text).
  std::vector<std::string> notes;
  // A SyntaxError raised for code being imported: where in that code, shown
  // as the last entry of the traceback.
  lang::Span syntax_span;
  // AttributeError's `name` and `obj` (Python 3.10+), set when an attribute
  // lookup failed: an uncaught one then suggests a close name, as Python does.
  std::string attr_name;
  Value attr_obj;
  // Where it was raised, outermost first, from the frame that caught it:
  // printed above a later exception it caused or was the context of.
  std::vector<TraceFrame> caught_traceback;
};

// A script exception in flight through C++ code.
class ScriptError : public std::exception {
 public:
  explicit ScriptError(std::shared_ptr<ExceptionObject> exc) : exc_(std::move(exc)) {}
  const char* what() const noexcept override;

  const std::shared_ptr<ExceptionObject>& exception() const { return exc_; }
  const TypeObject& type() const { return exc_->type(); }
  std::string message() const;  // str(exception) without an interpreter

  // Frames are added innermost first while unwinding; traceback() returns
  // them outermost first, as Python prints them.
  void add_frame(TraceFrame f) { frames_.push_back(std::move(f)); }
  std::vector<TraceFrame> traceback() const { return {frames_.rbegin(), frames_.rend()}; }
  bool has_frames() const { return !frames_.empty(); }
  // The innermost span the error was raised at, once known.
  const lang::Span* origin() const { return frames_.empty() ? nullptr : &frames_.front().span; }

 private:
  std::shared_ptr<ExceptionObject> exc_;
  std::vector<TraceFrame> frames_;
  mutable std::string what_;
};

// Python's traceback lines for frames (outermost first): File "...", line,
// column and function, then the source line with carets under the span.
std::string format_frames(const std::vector<TraceFrame>& frames);

[[noreturn]] void raise(const TypeObject& cls, std::string message);
// ImportError / ModuleNotFoundError with the attributes CPython sets:
// name (the module), path (its file, or None) and msg.
[[noreturn]] void raise_import_error(const TypeObject& cls, std::string message, const std::string& name,
                                     const std::string& path = "");
[[noreturn]] void raise_type_error(std::string message);
[[noreturn]] void raise_value_error(std::string message);
[[noreturn]] void raise_runtime_error(std::string message);
[[noreturn]] void raise_index_error(std::string message);
[[noreturn]] void raise_key_error(const Value& key);
[[noreturn]] void raise_attribute_error(std::string message);
// The same for a failed lookup of `name` on `obj` (recorded for the suggestion).
[[noreturn]] void raise_attribute_error(std::string message, const Value& obj, std::string_view name);
[[noreturn]] void raise_name_error(std::string message);
[[noreturn]] void raise_zero_division(std::string message);
[[noreturn]] void raise_overflow(std::string message);
[[noreturn]] void raise_not_implemented(std::string message);

// Translates a C++ exception that is not a ScriptError (thrown by libtorch,
// the standard library, ...) into a Python exception. The torch layer
// registers how libtorch's errors read (PyTorch's exception classes and
// messages, no C++ backtrace); anything else becomes RuntimeError(what()).
ScriptError translate_foreign_error(const std::exception& e);
using ForeignErrorTranslator = std::optional<ScriptError> (*)(const std::exception& e);
void add_foreign_error_translator(ForeignErrorTranslator t);
// The name older code uses.
inline ScriptError translate_torch_error(const std::exception& e) { return translate_foreign_error(e); }

// Installs the slots of the exception classes (args, str, repr, ...).
void install_exception_slots();
// StopIteration's value (None when it has no arguments).
Value stop_iteration_value(const ExceptionObject& e);

}  // namespace backstep::rt

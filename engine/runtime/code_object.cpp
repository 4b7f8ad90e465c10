// function.__code__: a read-only code object with the co_* attributes
// scripts and libraries read (co_name, co_qualname, co_filename,
// co_firstlineno, co_varnames, co_argcount, co_kwonlyargcount, ...), laid
// out as CPython 3.11 lays them out; and compile()'s code objects, which
// carry their source (code_object.h).
#include "engine/runtime/code_object.h"

#include "engine/lang/source.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/script_function.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {
namespace {

TypeObject* code_type() {
  static TypeObject* t = [] {
    TypeObject* c = new_type("code", "", mutable_types().object);
    c->set_final(true);
    return c;
  }();
  return t;
}

// A compile() result has a FunctionCode of its own too (named <module>,
// no parameters, line 1), so the co_* attributes read the same for both.
class CodeObject : public Object {
 public:
  CodeObject(std::shared_ptr<lang::FunctionCode> c, std::string file)
      : Object(ObjKind::Other), code(std::move(c)), filename(std::move(file)) {}
  static bool is_instance(const Object& o) { return &o.type() == code_type(); }
  const TypeObject& native_type() const override { return *code_type(); }
  std::string repr(Interpreter&) const override {
    int line = source ? 1 : code->span.line;
    return fmt::format("<code object {} at {:#x}, file \"{}\", line {}>", code->name, address(), filename, line);
  }

  const std::shared_ptr<lang::FunctionCode> code;
  const std::string filename;
  std::optional<CompiledSource> source;  // compile()'s
};

const lang::FunctionCode& code_of(const Value& v) { return *static_cast<CodeObject*>(v.object_ptr())->code; }

int64_t count_params(const lang::FunctionCode& c, lang::Param::Kind kind) {
  return std::count_if(c.params.begin(), c.params.end(), [kind](const lang::Param& p) { return p.kind == kind; });
}

// CPython's CO_* bits that say what a function is (inspect.isgeneratorfunction
// reads CO_GENERATOR): OPTIMIZED | NEWLOCALS always, VARARGS, VARKEYWORDS,
// NESTED inside another function, GENERATOR.
int64_t code_flags(const Value& v) {
  if (static_cast<CodeObject*>(v.object_ptr())->source) return 0;  // module code: no CO_* bits
  const lang::FunctionCode& c = code_of(v);
  int64_t flags = 0x1 | 0x2;
  if (count_params(c, lang::Param::Kind::VarArgs)) flags |= 0x4;
  if (count_params(c, lang::Param::Kind::KwArgs)) flags |= 0x8;
  if (c.qualname.find("<locals>") != std::string::npos) flags |= 0x10;
  if (c.is_generator) flags |= 0x20;
  return flags;
}

// CPython's order: positional parameters, keyword-only ones, *args,
// **kwargs, then the other locals (captured ones are cell variables).
std::vector<std::string> varnames(const lang::FunctionCode& c) {
  std::vector<std::string> out;
  for (auto kind : {lang::Param::Kind::Positional, lang::Param::Kind::KwOnly, lang::Param::Kind::VarArgs,
                    lang::Param::Kind::KwArgs})
    for (const auto& p : c.params)
      if (p.kind == kind) out.push_back(p.name);
  for (const auto& n : c.scope.local_names)
    if (std::find(out.begin(), out.end(), n) == out.end() &&
        std::find(c.scope.cell_names.begin(), c.scope.cell_names.end(), n) == c.scope.cell_names.end())
      out.push_back(n);
  return out;
}

Value str_tuple(const std::vector<std::string>& names) {
  std::vector<Value> items;
  for (const auto& n : names) items.push_back(make_str(n));
  return make_tuple(std::move(items));
}

}  // namespace

// Registered by install_builtins (builtins.cpp): the code type and function.__code__.
void install_code_objects() {
  TypeObject& t = *code_type();
  t.slots.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
  add_getset(t, "co_name", [](Interpreter&, const Value& s) { return make_str(code_of(s).name); });
  add_getset(t, "co_qualname", [](Interpreter&, const Value& s) { return make_str(code_of(s).qualname); });
  add_getset(t, "co_filename", [](Interpreter&, const Value& s) {
    return make_str(static_cast<CodeObject*>(s.object_ptr())->filename);
  });
  add_getset(t, "co_firstlineno", [](Interpreter&, const Value& s) {
    return Value(int64_t(static_cast<CodeObject*>(s.object_ptr())->source ? 1 : code_of(s).span.line));
  });
  add_getset(t, "co_varnames", [](Interpreter&, const Value& s) { return str_tuple(varnames(code_of(s))); });
  add_getset(t, "co_nlocals", [](Interpreter&, const Value& s) { return Value(int64_t(varnames(code_of(s)).size())); });
  add_getset(t, "co_cellvars", [](Interpreter&, const Value& s) { return str_tuple(code_of(s).scope.cell_names); });
  add_getset(t, "co_freevars", [](Interpreter&, const Value& s) { return str_tuple(code_of(s).scope.free_names); });
  add_getset(t, "co_argcount",
             [](Interpreter&, const Value& s) { return Value(count_params(code_of(s), lang::Param::Kind::Positional)); });
  add_getset(t, "co_kwonlyargcount",
             [](Interpreter&, const Value& s) { return Value(count_params(code_of(s), lang::Param::Kind::KwOnly)); });
  add_getset(t, "co_posonlyargcount", [](Interpreter&, const Value&) { return Value(int64_t(0)); });
  add_getset(t, "co_flags", [](Interpreter&, const Value& s) { return Value(code_flags(s)); });

  add_getset(*mutable_types().function, "__code__", [](Interpreter&, const Value& self) -> Value {
    auto* f = static_cast<ScriptFunction*>(self.object_ptr());
    // co_filename is the module's __file__ (absolute for the program, as CPython's).
    std::string file = lang::file_name_of(f->code->span);
    if (f->globals)
      if (auto path = f->globals->get("__file__"); path && path->as<StrObject>()) file = path->as<StrObject>()->value;
    return Value(std::make_shared<CodeObject>(f->code, std::move(file)));
  });
}

Value make_compiled_code(CompiledSource source) {
  auto code = std::make_shared<lang::FunctionCode>();
  code->name = code->qualname = "<module>";
  std::string file = source.filename;
  auto obj = std::make_shared<CodeObject>(std::move(code), std::move(file));
  obj->source = std::move(source);
  return Value(std::move(obj));
}

const CompiledSource* compiled_source_of(const Value& v) {
  auto* o = v.as<CodeObject>();
  return o && o->source ? &*o->source : nullptr;
}

bool is_code_object(const Value& v) { return v.as<CodeObject>() != nullptr; }

}  // namespace backstep::rt

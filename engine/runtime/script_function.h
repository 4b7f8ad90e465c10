// Functions written in the script: def and lambda.
#pragma once

#include "engine/lang/ast.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"

namespace backstep::rt {

class ScriptFunction : public Object, public KindTag<ObjKind::Function> {
 public:
  ScriptFunction(std::shared_ptr<lang::FunctionCode> code, std::vector<Value> defaults,
                 std::vector<std::shared_ptr<CellObject>> free_cells, std::shared_ptr<ModuleGlobals> globals,
                 Value module_name)
      : Object(ObjKind::Function), code(std::move(code)), defaults(std::move(defaults)),
        free_cells(std::move(free_cells)), globals(std::move(globals)), name(this->code->name),
        qualname(this->code->qualname), module(std::move(module_name)) {}

  const TypeObject& native_type() const override { return *types().function; }
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  std::string repr(Interpreter& in) const override;
  bool callable() const override { return true; }
  Value call(Interpreter& in, Args& args) override;

  const std::shared_ptr<lang::FunctionCode> code;
  // One entry per parameter: its default value, or unbound() when it has none.
  std::vector<Value> defaults;
  // The cells of the enclosing scopes this function's free names refer to.
  const std::vector<std::shared_ptr<CellObject>> free_cells;
  // The globals of the module that defined it (__globals__).
  const std::shared_ptr<ModuleGlobals> globals;
  // __name__, __qualname__, __module__, __doc__: assignable, as in Python.
  std::string name;
  std::string qualname;
  Value module;
  Value doc;
  // __annotations__: a dict, or None until asked for (a fresh {} then).
  Value annotations;
};

// The function class's slots and attributes (__name__, __defaults__, ...).
void install_script_function_type();

}  // namespace backstep::rt

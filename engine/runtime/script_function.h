// Functions written in the script: def and lambda.
#pragma once

#include "engine/lang/ast.h"
#include "engine/runtime/objects.h"

namespace backstep::rt {

class ScriptFunction : public Object, public KindTag<ObjKind::Function> {
 public:
  ScriptFunction(std::shared_ptr<lang::FunctionCode> code, std::vector<Value> defaults,
                 std::vector<std::shared_ptr<CellObject>> free_cells)
      : Object(ObjKind::Function), code(std::move(code)), defaults(std::move(defaults)),
        free_cells(std::move(free_cells)) {}

  const TypeObject& type() const override { return *types().function; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  bool set_attr(Interpreter& in, std::string_view name, const Value& v) override;
  bool callable() const override { return true; }
  Value call(Interpreter& in, Args& args) override;

  const std::shared_ptr<lang::FunctionCode> code;
  // One entry per parameter: its default value, or unbound() when it has none.
  const std::vector<Value> defaults;
  // The cells of the enclosing scopes this function's free names refer to.
  const std::vector<std::shared_ptr<CellObject>> free_cells;
  // Attributes scripts set on functions (f.calls = 0), rare but legal.
  std::shared_ptr<DictObject> attributes;
};

}  // namespace backstep::rt

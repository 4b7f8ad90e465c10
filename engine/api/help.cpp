// help(x) in the shell: the operator's Python signatures (one line per
// overload, as PyTorch's generated bindings accept them), a script
// function's parameters, a module's names.
#include "engine/api/help.h"

#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"
#include "engine/torch/bridge.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

namespace {

std::string function_signature(const rt::ScriptFunction& fn) {
  std::string params;
  for (const auto& p : fn.code->params) {
    if (!params.empty()) params += ", ";
    static const char* prefix[] = {"", "*", "", "**"};
    params += prefix[static_cast<int>(p.kind)] + p.name;
    if (p.default_value) params += "=...";
  }
  return fn.code->name + "(" + params + ")";
}

std::string help_text(Interpreter& in, const Value& v) {
  if (const torchb::OpFamily* family = torchb::op_family_of(v)) {
    std::string out = fmt::format("Help on built-in function {}:\n\n", family->name);
    for (const auto& line : torchb::op_schemas_text(*family)) out += "    " + line + "\n";
    return out;
  }
  if (auto* fn = v.as<rt::ScriptFunction>()) {
    // The module it says it belongs to (pylib's F functions say
    // torch.nn.functional), as pydoc reads __module__.
    std::string module = "__main__";
    if (auto m = rt::try_get_attr(in, v, "__module__"); m && m->as<rt::StrObject>())
      module = m->as<rt::StrObject>()->value;
    return fmt::format("Help on function {} in module {}:\n\n{}\n", fn->code->name, module, function_signature(*fn));
  }
  if (auto* m = v.as<rt::ModuleObject>()) {
    auto names = m->attr_names();
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::string out = fmt::format("Help on module {}:\n\n", m->name());
    size_t col = 0;
    for (const auto& n : names) {
      if (n.empty() || n[0] == '_') continue;
      if (col + n.size() > 76) {
        out += "\n";
        col = 0;
      }
      out += (col ? " " : "    ") + n;
      col += n.size() + (col ? 1 : 4);
    }
    return out + "\n";
  }
  // Tensor methods: x.add is an OpMethod whose __name__ names the family.
  if (auto name = rt::try_get_attr(in, v, "__name__")) {
    if (auto* s = name->as<rt::StrObject>())
      if (const torchb::OpFamily* family = torchb::find_method(s->value)) {
        std::string out = fmt::format("Help on built-in method {} of Tensor:\n\n", family->name);
        for (const auto& line : torchb::op_schemas_text(*family)) out += "    " + line + "\n";
        return out;
      }
  }
  return fmt::format("Help on {} object:\n\n{}\n", rt::type_name(v), rt::repr(in, v));
}

}  // namespace

void install_help(Interpreter& in) {
  in.set_builtin("help", rt::make_builtin("help", [](Interpreter& interp, rt::Args& a) {
                   rt::expect_args(a, "help", 1, 1);
                   interp.sink().out(help_text(interp, a.pos[0]));
                   return Value();
                 }));
}

}  // namespace backstep::api

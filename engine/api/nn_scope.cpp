// `_backstep_nn`: what the language's torch.nn (engine/pylib/torch/nn) tells
// the autograd side, so that every node records the module call that made it
// and every parameter leaf is named by its path (see
// engine/autograd/module_scope.h). Internal, as `_backstep_re` is: programs
// use torch.nn, never this.
//
//   enter_module(path, type_name)  push a module call (nn.Module.__call__)
//   exit_module()                  pop it (in a finally: exceptions unwind it)
//   module_path()                  the innermost path, None outside modules
//   name_parameter(tensor, path)   the leaf's name in graphs and traces
#include "engine/api/tensor_registry.h"
#include "engine/autograd/graph_model.h"
#include "engine/autograd/module_names.h"
#include "engine/autograd/module_scope.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

namespace {

std::string str_arg(const Value* v, const char* what) {
  auto* s = v ? v->as<rt::StrObject>() : nullptr;
  if (!s) rt::raise_type_error(std::string(what) + " must be a str");
  return s->value;
}

Value enter_module(Interpreter&, rt::Args& a) {
  auto b = rt::bind_args(a, "enter_module", {"path", "type_name"}, 2);
  auto& scope = autograd::current_module_scope();
  scope = std::make_shared<const autograd::ModuleScope>(
      autograd::ModuleScope{str_arg(b[0], "path"), str_arg(b[1], "type_name"), scope});
  autograd::note_module(scope->path, scope->type_name);  // for `:break module` to check specs against
  return Value();
}

Value exit_module(Interpreter&, rt::Args&) {
  auto& scope = autograd::current_module_scope();
  if (!scope) rt::raise_runtime_error("exit_module() outside any module");
  scope = scope->parent;
  return Value();
}

Value module_path(Interpreter&, rt::Args&) {
  const auto& scope = autograd::current_module_scope();
  return scope ? rt::make_str(scope->path) : Value();
}

Value name_parameter(Interpreter&, rt::Args& a) {
  auto b = rt::bind_args(a, "name_parameter", {"tensor", "path"}, 2);
  if (!b[0]->is_tensor()) rt::raise_type_error("name_parameter() expects a tensor");
  std::string path = str_arg(b[1], "path");
  TensorRegistry::instance().set_module_path(b[0]->as_tensor(), path);
  // The owning module is known (by path) before it is ever called.
  if (size_t dot = path.rfind('.'); dot != std::string::npos) autograd::note_module(path.substr(0, dot), "");
  return Value();
}

Value make_nn_scope_module(Interpreter&) {
  auto m = rt::make_module("_backstep_nn");
  m->def("enter_module", enter_module);
  m->def("exit_module", exit_module);
  m->def("module_path", module_path);
  m->def("name_parameter", name_parameter);
  return Value(m);
}

}  // namespace

void install_nn_scope_module(Interpreter& in) {
  in.register_module("_backstep_nn", make_nn_scope_module);
  // Graph snapshots name a parameter leaf by its path (read on the thread
  // that takes the snapshot; the table is only written by the interpreter
  // thread, which waits while a snapshot is taken).
  autograd::set_parameter_namer([](const at::Tensor& t) { return TensorRegistry::instance().module_path_of(t); });
}

}  // namespace backstep::api

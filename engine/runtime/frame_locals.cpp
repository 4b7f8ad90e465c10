#include "engine/runtime/frame_locals.h"

#include "engine/lang/ast.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/module_mirror.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

namespace backstep::rt {

Value module_namespace(Interpreter& in) {
  ModuleGlobals& g = in.current_globals();
  std::shared_ptr<DictObject> d = module_live_dict(g);
  if (!d->find_str("__name__"))
    if (const Value* name = in.builtin("__name__")) g.set("__name__", *name);
  return Value(d);
}

namespace {

void put_cell(DictObject& d, const std::string& name, const CellObject* cell) {
  if (cell && cell->bound && !d.find_str(name)) d.set_str(name, cell->value);
}

}  // namespace

Value current_locals(Interpreter& in) {
  Frame* f = in.current_frame();
  if (f && f->class_ns) return Value(f->class_ns->shared_from_this());
  if (!f || !f->scope) return module_namespace(in);
  const lang::ScopeInfo& scope = *f->scope;
  auto d = std::make_shared<DictObject>();
  for (size_t i = 0; i < scope.local_names.size() && i < f->locals.size(); ++i) {
    int32_t cell = i < scope.param_cells.size() ? scope.param_cells[i] : -1;
    if (cell >= 0 && static_cast<size_t>(cell) < f->cells.size()) {
      put_cell(*d, scope.local_names[i], f->cells[cell].get());
    } else if (!is_unbound(f->locals[i])) {
      d->set_str(scope.local_names[i], f->locals[i]);
    }
  }
  size_t c = 0;
  for (const auto& name : scope.cell_names) {
    if (c < f->cells.size()) put_cell(*d, name, f->cells[c].get());
    ++c;
  }
  for (const auto& name : scope.free_names) {
    if (c < f->cells.size()) put_cell(*d, name, f->cells[c].get());
    ++c;
  }
  return Value(std::move(d));
}

}  // namespace backstep::rt

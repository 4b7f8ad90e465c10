#include "engine/debug/frames.h"

#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"

namespace backstep::debug {

std::shared_ptr<rt::Frame> snapshot_frame(const rt::Frame& f) {
  auto copy = std::make_shared<rt::Frame>();
  copy->scope = f.scope;
  copy->locals = f.locals;
  copy->cells = f.cells;
  copy->function = f.function;
  copy->statement = f.statement;
  copy->globals = f.globals;
  copy->current = f.current;
  copy->call = f.call;
  return copy;
}

std::vector<StackFrame> live_stack(rt::Interpreter& in) {
  std::vector<StackFrame> out;
  for (rt::Frame* f = in.current_frame(); f; f = f->parent)
    out.push_back(StackFrame{f->current, std::string(f->function), f, nullptr});
  return out;
}

namespace {

rt::Frame* live_frame_of(rt::Interpreter& in, const lang::CallRecord* call) {
  for (rt::Frame* f = in.current_frame(); f; f = f->parent)
    if (f->call.get() == call) return f;
  return nullptr;
}

}  // namespace

std::vector<StackFrame> creating_stack(rt::Interpreter& in, const autograd::Origin& origin) {
  std::vector<StackFrame> out;
  lang::Span at = origin.span;
  for (const lang::CallRecord* call = origin.call.get(); call; call = call->parent.get()) {
    StackFrame sf{at, call->function, nullptr, nullptr};
    if (rt::Frame* live = live_frame_of(in, call)) {
      sf.frame = live;
    } else if (call->frame_snapshot) {
      sf.keep = std::static_pointer_cast<rt::Frame>(std::const_pointer_cast<void>(call->frame_snapshot));
      sf.frame = sf.keep.get();
    } else if (!call->parent) {  // the program's module level: its globals
      sf.keep = std::make_shared<rt::Frame>();
      sf.keep->function = "<module>";
      sf.keep->globals = &in.main_globals();
      sf.frame = sf.keep.get();
    }
    out.push_back(std::move(sf));
    at = call->call_site;
  }
  if (out.empty() && origin.valid()) out.push_back(StackFrame{origin.span, "<module>", nullptr, nullptr});
  return out;
}

std::vector<rt::Interpreter::Binding> frame_bindings(const rt::Frame& f) {
  std::vector<rt::Interpreter::Binding> out;
  if (!f.scope) return out;
  for (size_t i = 0; i < f.locals.size() && i < f.scope->local_names.size(); ++i)
    if (!rt::is_unbound(f.locals[i])) out.push_back({f.scope->local_names[i], f.locals[i]});
  size_t own = f.scope->cell_names.size();
  for (size_t i = 0; i < f.cells.size() && i < f.scope->cell_count(); ++i) {
    const auto& cell = f.cells[i];
    if (!cell || !cell->bound) continue;
    out.push_back({i < own ? f.scope->cell_names[i] : f.scope->free_names[i - own], cell->value});
  }
  return out;
}

std::vector<rt::Interpreter::Binding> nested_scope_bindings(rt::Interpreter& in, const rt::Frame& f) {
  std::vector<rt::Interpreter::Binding> out;
  for (auto& b : frame_bindings(f))
    if (!in.global(b.name)) out.push_back(std::move(b));
  return out;
}

}  // namespace backstep::debug

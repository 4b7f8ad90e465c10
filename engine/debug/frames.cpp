#include "engine/debug/frames.h"

#include "engine/runtime/call_records.h"
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
  copy->call = rt::frame_call(f);  // Note [Call records on demand]
  return copy;
}

// Note [A returned frame holds its tensors weakly]: the record of a call
// is held by every node made in it (the node's origin), and the snapshot of
// the call's variables hangs on that record. A local that is a result of the
// call's operations (`h = self.fc(x)`) holds its grad_fn node; had the
// snapshot held it strongly, tensor -> node -> record -> snapshot -> tensor
// would be a cycle through libtorch that no collector sees, and under the
// debugger every forward's graph would outlive its step (LeakSanitizer found
// it at the end of the debugger transcripts). So such a tensor is kept as
// a weak reference and a detached alias of its data: at a pause the prompt
// sees the tensor itself while it lives (the graph saved it, or the
// program still holds it), else its values without a grad_fn. (A weak
// reference to the node instead would keep a dead node's edges alive: see
// Note [node ownership] in libtorch_compat.h.)
namespace {

struct WeakLocal {
  size_t index;
  c10::weak_intrusive_ptr<c10::TensorImpl, c10::UndefinedTensorImpl> tensor;
};

struct ReturnedFrame {
  std::shared_ptr<rt::Frame> frame;  // tensors with a grad_fn replaced by detached aliases
  std::vector<WeakLocal> weak_locals;
};

}  // namespace

std::shared_ptr<const void> snapshot_returned_frame(const rt::Frame& f) {
  auto out = std::make_shared<ReturnedFrame>();
  out->frame = snapshot_frame(f);
  out->frame->call = nullptr;  // the record holds this snapshot: not back
  auto& locals = out->frame->locals;
  for (size_t i = 0; i < locals.size(); ++i) {
    if (!locals[i].is_tensor()) continue;
    const at::Tensor& t = locals[i].as_tensor();
    if (!t.defined() || !t.grad_fn()) continue;
    out->weak_locals.push_back(WeakLocal{i, c10::weak_intrusive_ptr<c10::TensorImpl, c10::UndefinedTensorImpl>(t.getIntrusivePtr())});
    locals[i] = rt::Value(t.detach());
  }
  return out;
}

namespace {

// The frame to evaluate in: the snapshot with each tensor still alive back.
std::shared_ptr<rt::Frame> revive(const ReturnedFrame& r) {
  auto copy = snapshot_frame(*r.frame);
  for (const auto& weak : r.weak_locals)
    if (auto impl = weak.tensor.lock()) copy->locals[weak.index] = rt::Value(at::Tensor(std::move(impl)));
  return copy;
}

}  // namespace

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
      sf.keep = revive(*std::static_pointer_cast<const ReturnedFrame>(call->frame_snapshot));
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

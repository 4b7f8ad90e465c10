#include "engine/runtime/generator.h"

#include "engine/runtime/call_records.h"

#include "engine/runtime/descriptors.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"
#include "engine/runtime/tracer.h"

#include <fmt/format.h>

namespace backstep::rt {

void bind_call_arguments(Interpreter& in, const ScriptFunction& fn, Args& args, Frame& f);  // interpreter.cpp
void setup_call_cells(const ScriptFunction& fn, Frame& f);

namespace {

bool is_a(const ScriptError& e, const TypeObject* t) { return e.type().is_subtype_of(*t); }

ScriptError make_error(const TypeObject* cls, std::vector<Value> args = {}) {
  return ScriptError(std::make_shared<ExceptionObject>(*cls, std::move(args)));
}

}  // namespace

GeneratorObject::GeneratorObject(Interpreter& in, std::string name, std::string qualname,
                                 std::function<void(GeneratorObject&)> body)
    : Object(ObjKind::Generator), in_(in), name_(std::move(name)), qualname_(std::move(qualname)),
      co_([this, body = std::move(body)](Coroutine&) { body(*this); }) {}

GeneratorObject::~GeneratorObject() {
  if (!co_.started() || co_.finished()) return;
  // A suspended generator is closed: its finally blocks run and its frame's
  // C++ stack unwinds. What close() raises is reported, not propagated.
  try {
    close(in_);
  } catch (const ScriptError& e) {
    in_.sink().err(fmt::format("Exception ignored in: <generator object {} at {:#x}>\n", qualname_, address()));
    in_.sink().err(in_.format_error(e));
  } catch (...) {
  }
}

std::string GeneratorObject::repr(Interpreter&) const {
  return fmt::format("<generator object {} at {:#x}>", qualname_, address());
}

std::optional<Value> GeneratorObject::run(Interpreter& in) {
  if (co_.running()) raise_value_error("generator already executing");
  Interpreter::ThreadState caller = in.save_thread_state();
  if (co_.started()) {
    if (frame) frame->parent = caller.frame;
    in.restore_thread_state({inner_frame_, caller.depth + 1, static_cast<const lang::OriginContext*>(inner_origin_), this});
  } else {
    in.restore_thread_state({caller.frame, caller.depth, caller.origin, this});
  }
  bool suspended;
  try {
    suspended = co_.resume();
  } catch (...) {
    in.restore_thread_state(caller);
    throw;
  }
  if (suspended) {
    Interpreter::ThreadState mine = in.save_thread_state();
    inner_frame_ = mine.frame;
    inner_origin_ = mine.origin;
  }
  in.restore_thread_state(caller);
  if (suspended) return std::move(yielded_);
  return std::nullopt;
}

std::optional<Value> GeneratorObject::send(Interpreter& in, Value v) {
  if (finished()) {
    if (co_.running()) raise_value_error("generator already executing");
    return std::nullopt;
  }
  if (!co_.started() && !v.is_none()) raise_type_error("can't send non-None value to a just-started generator");
  sent_ = std::move(v);
  return run(in);
}

std::optional<Value> GeneratorObject::throw_in(Interpreter& in, const ScriptError& exc) {
  if (!co_.started() || finished()) {
    closed_ = true;  // a generator never started ends without running
    throw exc;
  }
  throw_ = exc;
  return run(in);
}

void GeneratorObject::close(Interpreter& in) {
  if (!co_.started() || finished()) {
    closed_ = true;
    return;
  }
  throw_ = make_error(exc_types().generator_exit);
  try {
    if (run(in)) raise_runtime_error("generator ignored GeneratorExit");
  } catch (ScriptError& e) {
    if (is_a(e, exc_types().generator_exit) || is_a(e, exc_types().stop_iteration)) return;
    throw;
  }
}

Value GeneratorObject::yield_value(Interpreter&, Value v) {
  yielded_ = std::move(v);
  co_.suspend();
  if (throw_) {
    ScriptError e = std::move(*throw_);
    throw_.reset();
    throw e;
  }
  Value sent = std::move(sent_);
  sent_ = Value();
  return sent;
}

// --- yield from ------------------------------------------------------------------

Value yield_from(Interpreter& in, GeneratorObject& g, const Value& source) {
  Value it = make_iterator(in, source);
  auto* sub = it.as<GeneratorObject>();
  std::optional<Value> r = sub ? sub->send(in, Value()) : iterator_next(in, it);
  while (r) {
    std::optional<ScriptError> thrown;
    Value sent;
    try {
      sent = g.yield_value(in, std::move(*r));
    } catch (ScriptError& e) {
      thrown = e;
    }
    if (thrown) {
      if (is_a(*thrown, exc_types().generator_exit)) {
        if (sub) sub->close(in);
        else if (auto close = try_get_attr(in, it, "close")) call(in, *close, {});
        throw *thrown;
      }
      if (sub) {
        r = sub->throw_in(in, *thrown);
      } else if (auto t = try_get_attr(in, it, "throw")) {
        r = call(in, *t, {Value(thrown->exception())});
      } else {
        throw *thrown;
      }
      continue;
    }
    if (sub) r = sub->send(in, std::move(sent));
    else if (sent.is_none()) r = iterator_next(in, it);
    else {
      Args a{sent};
      r = call_method(in, it, "send", a);
    }
  }
  return sub ? sub->return_value() : Value();
}

// --- the interpreter's side ----------------------------------------------------------

Interpreter::ThreadState Interpreter::save_thread_state() const {
  return ThreadState{frame_, depth_, lang::current_origin_context(), current_generator_};
}

void Interpreter::restore_thread_state(const ThreadState& s) {
  frame_ = s.frame;
  depth_ = s.depth;
  lang::current_origin_context() = s.origin;
  current_generator_ = s.generator;
}

Value Interpreter::make_generator(ScriptFunction& fn, Args& args) {
  // Arguments are bound at the call, as CPython does (a bad call raises
  // here, not at the first next()).
  Frame scratch;
  scratch.globals = fn.globals.get();
  bind_call_arguments(*this, fn, args, scratch);
  auto keep = std::static_pointer_cast<ScriptFunction>(fn.shared_from_this());
  auto gen = std::make_shared<GeneratorObject>(*this, fn.name, fn.qualname, [this, keep](GeneratorObject& g) {
    c10::SmallVector<Value, 8> locals = std::move(g.pending_locals);
    g.pending_locals.clear();
    run_generator_function(g, *keep, std::move(locals));
  });
  gen->pending_locals = std::move(scratch.locals);
  return Value(std::move(gen));
}

void Interpreter::run_generator_function(GeneratorObject& g, ScriptFunction& fn, c10::SmallVector<Value, 8> locals) {
  Frame f;
  init_frame(fn, f);
  make_pending_call_now(f);  // its caller changes with every resume (Note [Call records on demand])
  f.locals = std::move(locals);
  setup_call_cells(fn, f);
  lang::OriginScope origin(&f.origin);
  g.frame = &f;
  frame_ = &f;
  ++depth_;
  try {
    exec_block(fn.code->body, f);
  } catch (ScriptError& e) {
    g.frame = nullptr;
    e.add_frame(TraceFrame{f.current, std::string(f.function)});
    if (!is_a(e, exc_types().stop_iteration)) {
      // A post-mortem shows the generator's frame; not for close()'s
      // GeneratorExit, which may run while another exception unwinds.
      if (tracer_ && !is_a(e, exc_types().generator_exit)) tracer_->on_unwind(*this, f, e);
      throw;
    }
    // PEP 479: a StopIteration leaking out of a generator is a bug.
    ScriptError wrapped = make_error(exc_types().runtime_error, {make_str("generator raised StopIteration")});
    wrapped.exception()->cause = Value(e.exception());
    wrapped.exception()->context = wrapped.exception()->cause;
    wrapped.exception()->suppress_context = true;
    if (tracer_) tracer_->on_unwind(*this, f, wrapped);
    throw wrapped;
  } catch (const std::exception& e) {
    g.frame = nullptr;
    ScriptError se = translate_foreign_error(e);
    se.add_frame(TraceFrame{f.current, std::string(f.function)});
    if (tracer_) tracer_->on_unwind(*this, f, se);
    throw se;
  }
  g.frame = nullptr;
  if (tracer_) tracer_->on_return(*this, f);
  g.set_return_value(std::move(f.return_value));
}

Value Interpreter::eval_yield(const lang::Expr& e, Frame& f) {
  GeneratorObject* g = current_generator_;
  if (!g) raise(*exc_types().syntax_error, "'yield' outside function");
  if (e.kind == lang::ExprKind::Yield) {
    const auto& y = static_cast<const lang::YieldExpr&>(e);
    Value v = y.value ? eval(*y.value, f) : Value();
    f.current = e.span;
    return g->yield_value(*this, std::move(v));
  }
  Value source = eval(*static_cast<const lang::YieldFromExpr&>(e).value, f);
  f.current = e.span;
  return yield_from(*this, *g, source);
}

// --- the generator class -------------------------------------------------------------

namespace {

GeneratorObject& gen(const Value& v) { return *static_cast<GeneratorObject*>(v.object_ptr()); }

// gen.throw(type[, value[, tb]]) / gen.throw(instance).
ScriptError thrown_exception(Interpreter& in, Args& a) {
  if (a.pos.empty()) raise_type_error("throw expected at least 1 argument, got 0");
  Value exc = a.pos[0];
  if (auto* t = exc.as<TypeObject>()) {
    if (!t->is_subtype_of(*exc_types().base_exception))
      raise_type_error("exceptions must be classes or instances deriving from BaseException, not type");
    exc = a.pos.size() > 1 && !a.pos[1].is_none() ? call(in, exc, {a.pos[1]}) : call(in, exc, {});
  }
  auto e = exc.as_shared<ExceptionObject>();
  if (!e)
    raise_type_error(fmt::format("exceptions must be classes or instances deriving from BaseException, not {}",
                                 type_name(exc)));
  return ScriptError(e);
}

[[noreturn]] void stop(GeneratorObject& g) {
  std::vector<Value> args;
  if (Value v = g.take_return_value(); !v.is_none()) args.push_back(std::move(v));
  throw ScriptError(std::make_shared<ExceptionObject>(*exc_types().stop_iteration, std::move(args)));
}

}  // namespace

void install_generator_type() {
  TypeObject& t = *mutable_types().generator;
  t.slots.iter = [](Interpreter&, const Value& v) { return v; };
  t.slots.next = [](Interpreter& in, const Value& v) { return gen(v).send(in, Value()); };
  t.slots.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
  add_method(t, "send", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "send", 1, 1);
    if (auto v = gen(self).send(in, a.pos[0])) return *v;
    stop(gen(self));
  });
  add_method(t, "throw", [](Interpreter& in, const Value& self, Args& a) -> Value {
    ScriptError e = thrown_exception(in, a);
    if (auto v = gen(self).throw_in(in, e)) return *v;
    stop(gen(self));
  });
  add_method(t, "close", [](Interpreter& in, const Value& self, Args&) -> Value {
    gen(self).close(in);
    return Value();
  });
  add_getset(t, "gi_running", [](Interpreter&, const Value& self) { return Value(gen(self).running()); });
  add_getset(t, "gi_frame", [](Interpreter&, const Value& self) -> Value {
    return gen(self).finished() ? Value() : Value(true);  // no frame objects: a stand-in that is not None
  });
  add_getset(
      t, "__name__", [](Interpreter&, const Value& self) { return make_str(gen(self).name()); },
      [](Interpreter&, const Value& self, const Value* v) {
        if (auto* s = v ? v->as<StrObject>() : nullptr) gen(self).set_name(s->value);
      });
  add_getset(
      t, "__qualname__", [](Interpreter&, const Value& self) { return make_str(gen(self).qualname()); },
      [](Interpreter&, const Value& self, const Value* v) {
        if (auto* s = v ? v->as<StrObject>() : nullptr) gen(self).set_qualname(s->value);
      });
}

}  // namespace backstep::rt

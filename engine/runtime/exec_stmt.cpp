// Statement execution.
#include "engine/runtime/attr_cache.h"
#include "engine/runtime/context_manager.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/evaluator.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/set_store.h"
#include "engine/runtime/script_function.h"

#include <fmt/format.h>

namespace backstep::rt {

using namespace lang;

Interpreter::Flow Interpreter::exec_block(const StmtList& body, Frame& f) {
  for (const auto& s : body) {
    Flow flow = exec(*s, f);
    if (flow != Flow::Normal) return flow;
  }
  return Flow::Normal;
}

// Only the dispatch (Note [Small dispatchers], eval_expr.cpp).
Interpreter::Flow Interpreter::exec(const Stmt& s, Frame& f) {
  f.statement = &s;
  f.current = s.span;
  if (interrupt_.load(std::memory_order_relaxed) || gc_pending() || trace_lines_) [[unlikely]]
    Evaluator::before_statement(*this, s, f);
  switch (s.kind) {
    case StmtKind::Expr: return Evaluator::expression_statement(*this, static_cast<const ExprStmt&>(s), f);
    case StmtKind::Assign: return Evaluator::assign_statement(*this, static_cast<const Assign&>(s), f);
    case StmtKind::AugAssign: return Evaluator::augmented_assign(*this, static_cast<const AugAssign&>(s), f);
    case StmtKind::AnnAssign: exec_annotation(static_cast<const AnnAssign&>(s), f); return Flow::Normal;
    case StmtKind::ClassDef: exec_class(static_cast<const ClassDef&>(s), f); return Flow::Normal;
    case StmtKind::If: return Evaluator::if_statement(*this, static_cast<const If&>(s), f);
    case StmtKind::While: return Evaluator::while_statement(*this, static_cast<const While&>(s), f);
    case StmtKind::For: return exec_for(static_cast<const For&>(s), f);
    case StmtKind::Break: return Flow::Break;
    case StmtKind::Continue: return Flow::Continue;
    case StmtKind::Pass: return Flow::Normal;
    case StmtKind::Return: return Evaluator::return_statement(*this, static_cast<const Return&>(s), f);
    case StmtKind::FunctionDef: return Evaluator::function_definition(*this, static_cast<const FunctionDef&>(s), f);
    case StmtKind::Global:
    case StmtKind::Nonlocal: return Flow::Normal;
    case StmtKind::Del: return Evaluator::delete_statement(*this, static_cast<const Del&>(s), f);
    case StmtKind::Assert: return Evaluator::assert_statement(*this, static_cast<const Assert&>(s), f);
    case StmtKind::Raise: exec_raise(static_cast<const Raise&>(s), f);
    case StmtKind::Try: return exec_try(static_cast<const Try&>(s), f);
    case StmtKind::With: return exec_with(static_cast<const With&>(s), f);
    case StmtKind::Import:
    case StmtKind::ImportFrom: exec_import(s, f); return Flow::Normal;
  }
  return Flow::Normal;
}

// An interrupt, a collection that is due, or line tracing: what runs
// before a statement only now and then.
void Evaluator::before_statement(Interpreter& in, const Stmt& s, Frame& f) {
  in.check_interrupt();
  if (gc_pending()) gc_collect_pending(in);
  if (in.trace_lines_) in.trace_line(f, s);
}

Interpreter::Flow Evaluator::expression_statement(Interpreter& in, const ExprStmt& s, Frame& f) {
  Value v = in.eval(*s.value, f);
  if (in.echo_frame_ == &f && !v.is_none()) [[unlikely]] {
    // sys.displayhook: echo the value and remember it as `_`.
    in.sink_->out(repr(in, v) + "\n");
    in.set_builtin("_", v);
  }
  return Interpreter::Flow::Normal;
}

Interpreter::Flow Evaluator::assign_statement(Interpreter& in, const Assign& a, Frame& f) {
  Value v = in.eval(*a.value, f);
  if (a.targets.size() == 1 && a.targets[0]->kind == ExprKind::Name) {  // `x = ...`: the value moves in
    const auto& n = static_cast<const Name&>(*a.targets[0]);
    in.store_slot(n.slot, n.id, std::move(v), f);
    return Interpreter::Flow::Normal;
  }
  for (const auto& t : a.targets) in.assign(*t, v, f);
  return Interpreter::Flow::Normal;
}

Interpreter::Flow Evaluator::augmented_assign(Interpreter& in, const AugAssign& a, Frame& f) {
  if (a.target->kind == ExprKind::Name) {
    Value cur = in.load_name(static_cast<const Name&>(*a.target), f);
    Value rhs = in.eval(*a.value, f);
    f.current = a.span;
    in.assign(*a.target, inplace_binary(in, a.op, cur, rhs, &a.cache), f);
  } else if (a.target->kind == ExprKind::Attribute) {
    const auto& t = static_cast<const Attribute&>(*a.target);
    Value obj = in.eval(*t.value, f);
    f.current = t.span;
    Value cur = cached_get_attr(in, obj, t.attr, t.cache);  // Note [Attribute call-site caches]
    Value rhs = in.eval(*a.value, f);
    f.current = a.span;
    cached_set_attr(in, obj, t.attr, inplace_binary(in, a.op, cur, rhs, &a.cache), t.cache);
  } else {
    // x[i] += v is: tmp = x[i]; tmp = tmp.__iadd__(v); x[i] = tmp
    const auto& t = static_cast<const Subscript&>(*a.target);
    Value obj = in.eval(*t.value, f);
    Value key = in.eval(*t.index, f);
    f.current = t.span;
    Value cur = get_item(in, obj, key);
    Value rhs = in.eval(*a.value, f);
    f.current = a.span;
    set_item(in, obj, key, inplace_binary(in, a.op, cur, rhs, &a.cache));
  }
  return Interpreter::Flow::Normal;
}

Interpreter::Flow Evaluator::if_statement(Interpreter& in, const If& i, Frame& f) {
  return truthy(in, in.eval(*i.test, f)) ? in.exec_block(i.body, f) : in.exec_block(i.orelse, f);
}

Interpreter::Flow Evaluator::while_statement(Interpreter& in, const While& w, Frame& f) {
  while (true) {
    f.statement = &w;
    f.current = w.span;
    if (!truthy(in, in.eval(*w.test, f))) return in.exec_block(w.orelse, f);
    in.check_interrupt();
    Interpreter::Flow flow = in.exec_block(w.body, f);
    if (flow == Interpreter::Flow::Break) return Interpreter::Flow::Normal;
    if (flow == Interpreter::Flow::Return) return flow;
  }
}

Interpreter::Flow Evaluator::return_statement(Interpreter& in, const Return& r, Frame& f) {
  f.return_value = r.value ? in.eval(*r.value, f) : Value();
  return Interpreter::Flow::Return;
}

Interpreter::Flow Evaluator::function_definition(Interpreter& in, const FunctionDef& d, Frame& f) {
  std::vector<Value> decorators;
  for (const auto& dec : d.decorators) decorators.push_back(in.eval(*dec, f));
  Value fn = in.make_function(d.code, f);
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) fn = in.call(*it, {fn});
  in.store_slot(d.slot, d.stored_name, fn, f);
  return Interpreter::Flow::Normal;
}

Interpreter::Flow Evaluator::delete_statement(Interpreter& in, const Del& d, Frame& f) {
  for (const auto& t : d.targets) {
    if (t->kind == ExprKind::Name) {
      const auto& n = static_cast<const Name&>(*t);
      in.delete_slot(n.slot, n.id, f);
    } else if (t->kind == ExprKind::Subscript) {
      const auto& sub = static_cast<const Subscript&>(*t);
      Value obj = in.eval(*sub.value, f);
      Value key = in.eval(*sub.index, f);
      f.current = t->span;
      del_item(in, obj, key);
    } else if (t->kind == ExprKind::Attribute) {
      const auto& at = static_cast<const Attribute&>(*t);
      Value obj = in.eval(*at.value, f);
      f.current = t->span;
      del_attr(in, obj, at.attr);
    } else if (t->kind == ExprKind::Tuple || t->kind == ExprKind::List) {
      for (const auto& e : static_cast<const SequenceExpr&>(*t).elts) {
        if (e->kind == ExprKind::Name) in.delete_slot(static_cast<const Name&>(*e).slot, static_cast<const Name&>(*e).id, f);
        else raise_type_error("cannot delete this target");
      }
    } else {
      raise_type_error("cannot delete this target");
    }
  }
  return Interpreter::Flow::Normal;
}

Interpreter::Flow Evaluator::assert_statement(Interpreter& in, const Assert& a, Frame& f) {
  if (truthy(in, in.eval(*a.test, f))) return Interpreter::Flow::Normal;
  f.current = a.test->span;
  std::vector<Value> args;
  if (a.msg) args.push_back(in.eval(*a.msg, f));
  throw ScriptError(std::make_shared<ExceptionObject>(*exc_types().assertion_error, std::move(args)));
}

Interpreter::Flow Interpreter::exec_for(const For& s, Frame& f) {
  Value iterable = eval_loop_iterable(*this, *s.iter, f);
  Flow result = Flow::Normal;
  bool broke = false;
  auto body = [&](const Value& v) {
    f.statement = &s;
    f.current = s.target->span;
    assign(*s.target, v, f);
    check_interrupt();
    Flow flow = exec_block(s.body, f);
    if (flow == Flow::Break) {
      broke = true;
      return false;
    }
    if (flow == Flow::Return) {
      result = flow;
      return false;
    }
    return true;
  };
  // range() is the common loop; iterate it without materialising values.
  if (auto* r = iterable.as<RangeObject>()) {
    for (int64_t i = 0, n = r->length(); i < n; ++i)
      if (!body(Value(r->at(i)))) break;
  } else {
    f.current = s.iter->span;
    for_each(*this, iterable, body);
  }
  if (result == Flow::Return) return result;
  if (!broke) return exec_block(s.orelse, f);
  return Flow::Normal;
}

namespace {
// CPython's "exception being handled" (sys.exc_info()): the innermost
// `except` block running in this frame or in any frame that called it, so a
// function called from an except block chains to (and bare-raises) the
// caller's exception.
std::shared_ptr<ExceptionObject> handled_exception(const Frame& f) {
  for (const Frame* p = &f; p; p = p->parent)
    if (p->handling) return p->handling;
  return nullptr;
}
}  // namespace

void Interpreter::exec_raise(const Raise& s, Frame& f) {
  if (!s.exc) {
    auto handled = handled_exception(f);
    if (!handled) raise_runtime_error("No active exception to reraise");
    throw ScriptError(handled);
  }
  Value v = eval(*s.exc, f);
  f.current = s.span;
  std::shared_ptr<ExceptionObject> exc;
  if (auto* t = v.as<TypeObject>()) {
    if (t->is_subtype_of(*exc_types().base_exception)) exc = call(v, {}).as_shared<ExceptionObject>();
  } else {
    exc = v.as_shared<ExceptionObject>();
  }
  if (!exc) raise_type_error("exceptions must derive from BaseException");
  if (s.cause) {
    Value cause = eval(*s.cause, f);
    if (auto* t = cause.as<TypeObject>(); t && t->is_subtype_of(*exc_types().base_exception)) cause = call(cause, {});
    if (!cause.is_none() && !cause.as<ExceptionObject>())
      raise_type_error("exception causes must derive from BaseException");
    exc->cause = cause;
    exc->suppress_context = true;
  }
  if (auto handled = handled_exception(f); handled && handled != exc) exc->context = Value(handled);
  throw ScriptError(exc);
}

namespace {
bool exception_matches(Interpreter& in, const Value& spec, const ExceptionObject& exc) {
  if (auto* t = spec.as<TypeObject>()) return exc.type().is_subtype_of(*t);
  if (auto* tuple = spec.as<TupleObject>()) {
    for (const auto& item : tuple->items)
      if (exception_matches(in, item, exc)) return true;
    return false;
  }
  raise_type_error("catching classes that do not inherit from BaseException is not allowed");
}
}  // namespace

Interpreter::Flow Interpreter::exec_try(const Try& s, Frame& f) {
  Flow flow = Flow::Normal;
  auto run_finally = [&] {
    if (s.finalbody.empty()) return;
    Flow fin = exec_block(s.finalbody, f);
    if (fin != Flow::Normal) flow = fin;  // a return/break in finally wins
  };
  std::optional<ScriptError> pending;
  try {
    try {
      flow = exec_block(s.body, f);
    } catch (const ScriptError&) {
      throw;
    } catch (const std::exception& e) {
      // libtorch errors become script exceptions here so `except
      // RuntimeError` sees them exactly as Python code sees PyTorch's.
      throw translate_torch_error(e);
    }
  } catch (ScriptError& e) {
    // An error the interpreter or libtorch raised (not a `raise` statement)
    // chains to the exception being handled when it is first caught.
    if (!e.exception()->context.is_object())
      if (auto handled = handled_exception(f); handled && handled != e.exception())
        e.exception()->context = Value(handled);
    const ExceptHandler* handler = nullptr;
    for (const auto& h : s.handlers) {
      if (!h.type || exception_matches(*this, eval(*h.type, f), *e.exception())) {
        handler = &h;
        break;
      }
    }
    if (!handler) {
      pending = std::move(e);
    } else {
      auto caught = e.traceback();
      caught.insert(caught.begin(), TraceFrame{f.current, std::string(f.function)});
      e.exception()->caught_traceback = std::move(caught);
      auto saved = f.handling;
      f.handling = e.exception();
      try {
        if (!handler->name.empty()) store_slot(handler->slot, handler->name, Value(e.exception()), f);
        flow = exec_block(handler->body, f);
        if (!handler->name.empty()) delete_slot(handler->slot, handler->name, f);  // as Python does
      } catch (ScriptError& inner) {
        f.handling = saved;
        if (!inner.exception()->context.is_object() && inner.exception() != e.exception())
          inner.exception()->context = Value(e.exception());
        pending = std::move(inner);
      }
      f.handling = saved;
    }
    if (pending) {
      // The traceback points where the exception was raised, not at the
      // last line the finally block ran.
      lang::Span raised_at = f.current;
      run_finally();
      f.current = raised_at;
      if (flow == Flow::Normal) throw *pending;
      return flow;
    }
    run_finally();
    return flow;
  }
  if (flow == Flow::Normal) flow = exec_block(s.orelse, f);
  run_finally();
  return flow;
}

namespace {

// One entered context manager: a C++ one (torch.no_grad(), ...) called
// directly, or any object through its class's __exit__.
struct Entered {
  Value manager;
  ContextManager* native = nullptr;
  Value exit;  // the bound __exit__ for a script-level manager
};

// Calls __exit__ with the exception (type, value, traceback) or three Nones;
// true when it asks for the exception to be swallowed.
bool exit_one(Interpreter& in, Entered& e, const ScriptError* err) {
  if (e.native) return e.native->exit(in, err);
  Value exc = err ? Value(err->exception()) : Value();
  Value type = err ? type_value(err->exception()->type()) : Value();
  return truthy(in, in.call(e.exit, {type, exc, Value()}));
}

}  // namespace

Interpreter::Flow Interpreter::exec_with(const With& s, Frame& f) {
  // Nested items behave as nested with statements.
  std::vector<Entered> entered;
  Flow flow = Flow::Normal;
  auto exit_all = [&](const ScriptError* err) {
    bool swallowed = false;
    std::optional<ScriptError> raised;
    for (auto it = entered.rbegin(); it != entered.rend(); ++it) {
      const ScriptError* current = raised ? &*raised : (swallowed ? nullptr : err);
      try {
        if (exit_one(*this, *it, current)) {
          swallowed = true;
          raised.reset();
        }
      } catch (ScriptError& e) {
        // An __exit__ that raises replaces the exception in flight.
        if (current && e.exception() != current->exception() && e.exception()->context.is_none())
          e.exception()->context = Value(current->exception());
        raised = e;
        swallowed = false;
      }
    }
    entered.clear();
    if (raised) throw *raised;
    return swallowed;
  };
  try {
    for (const auto& item : s.items) {
      Value cm = eval(*item.context, f);
      f.current = item.context->span;
      Entered e{cm, nullptr, Value()};
      Value value;
      if (auto* native = dynamic_cast<ContextManager*>(cm.object_ptr())) {
        e.native = native;
        value = native->enter(*this);
      } else {
        auto enter = lookup_special(*this, cm, "__enter__");
        auto exit = lookup_special(*this, cm, "__exit__");
        if (!enter || !exit)
          raise_type_error(fmt::format("'{}' object does not support the context manager protocol", type_name(cm)));
        e.exit = *exit;
        value = call(*enter, {});
      }
      entered.push_back(std::move(e));
      if (item.target) assign(*item.target, value, f);
    }
    flow = exec_block(s.body, f);
  } catch (ScriptError& e) {
    if (!exit_all(&e)) throw;
    return Flow::Normal;
  } catch (const std::exception& e) {
    ScriptError se = translate_foreign_error(e);
    if (!exit_all(&se)) throw se;
    return Flow::Normal;
  }
  exit_all(nullptr);
  return flow;
}
namespace {

// getattr(mod, name) with an AttributeError (from a module __getattr__) as
// nothing, as hasattr and IMPORT_FROM take it.
std::optional<Value> attr_or_nothing(Interpreter& in, const Value& mod, const std::string& name) {
  try {
    return try_get_attr(in, mod, name);
  } catch (const ScriptError& e) {
    if (!e.type().is_subtype_of(*exc_types().attribute_error)) throw;
    return std::nullopt;
  }
}

// importlib's _handle_fromlist for a package with a module-level __getattr__
// (PEP 562): each name is first probed with hasattr (which calls
// __getattr__), a missing one imported as a submodule if there is one; only
// then is each name read. The probe is what a program's __getattr__ sees.
void handle_package_fromlist(Interpreter& in, const Value& mod, const std::string& module_name,
                             const lang::ImportFrom& from, Frame& f) {
  auto* m = mod.as<ModuleObject>();
  if (!m || !m->ns() || !m->ns()->get("__path__") || !m->ns()->get("__getattr__")) return;
  for (const auto& a : from.names) {
    if (a.name == "*") continue;
    f.current = a.span;
    if (attr_or_nothing(in, mod, a.name)) continue;
    try {
      in.import_module(module_name + "." + a.name);
    } catch (const ScriptError& e) {
      if (&e.type() != exc_types().module_not_found_error) throw;
    }
  }
}

}  // namespace


void Interpreter::exec_import(const Stmt& s, Frame& f) {
  if (s.kind == StmtKind::Import) {
    for (const auto& a : static_cast<const Import&>(s).names) {
      f.current = a.span;
      Value mod = import_module(a.name);
      if (a.asname.empty()) mod = import_module(a.name.substr(0, a.name.find('.')));
      store_slot(a.slot, a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname, mod, f);
    }
    return;
  }
  const auto& from = static_cast<const ImportFrom&>(s);
  f.current = s.span;
  const std::string module_name = resolve_relative(from.module);
  Value mod = import_module(module_name);
  handle_package_fromlist(*this, mod, module_name, from, f);
  for (const auto& a : from.names) {
    f.current = a.span;
    if (a.name == "*") {
      import_star(mod, f);
      continue;
    }
    std::optional<Value> v = attr_or_nothing(*this, mod, a.name);
    if (!v) v = import_submodule(mod, module_name, a.name);
    store_slot(a.slot, a.asname.empty() ? a.name : a.asname, *v, f);
  }
}

// `from m import *`: the names in m.__all__, or else every public one.
void Interpreter::import_star(const Value& mod, Frame& f) {
  std::vector<std::string> names;
  if (auto all = try_get_attr(*this, mod, "__all__")) {
    for_each(*this, *all, [&](const Value& v) {
      auto* s = v.as<StrObject>();
      if (!s) raise_type_error(fmt::format("Item in {}.__all__ must be str, not {}", str(*this, get_attr(*this, mod, "__name__")), type_name(v)));
      names.push_back(s->value);
      return true;
    });
  } else {
    for (auto& name : attr_names(*this, mod))
      if (!name.empty() && name[0] != '_') names.push_back(std::move(name));
  }
  for (const auto& name : names) f.globals->set(name, get_attr(*this, mod, name));
}

// `from pkg import name` where name is not bound in pkg: a submodule not
// imported yet (`from torch import nn`), or CPython's ImportError.
Value Interpreter::import_submodule(const Value& mod, const std::string& module_name, const std::string& name) {
  try {
    return import_module(module_name + "." + name);
  } catch (const ScriptError& e) {
    // Only "this very submodule does not exist" means the name is missing;
    // a submodule that fails to import for its own reasons says so itself.
    if (&e.type() != exc_types().module_not_found_error ||
        e.message().rfind(fmt::format("No module named '{}.{}'", module_name, name), 0) != 0)
      throw;
  }
  auto* m = mod.as<ModuleObject>();
  if (!m || !m->ns())  // a native module: no file to name
    raise_import_error(*exc_types().import_error, fmt::format("cannot import name '{}' from '{}'", name, module_name),
                       module_name);
  std::string file = m->file();
  if (m->ns()->initializing)
    raise_import_error(
        *exc_types().import_error,
        fmt::format("cannot import name '{}' from partially initialized module '{}' (most likely due to a circular import) ({})",
                    name, module_name, file),
        module_name, file);
  raise_import_error(*exc_types().import_error, fmt::format("cannot import name '{}' from '{}' ({})", name, module_name, file),
                     module_name, file);
}

}  // namespace backstep::rt

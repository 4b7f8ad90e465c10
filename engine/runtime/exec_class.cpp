// The class statement, as CPython's __build_class__ runs it: decorators,
// bases (with __mro_entries__), the metaclass that wins, __prepare__, the
// body run in its own namespace, the metaclass call, the __class__ cell for
// zero-argument super(), then the decorators applied. Also annotated
// assignments, which fill __annotations__ at module and class level.
#include "engine/runtime/call_records.h"
#include "engine/runtime/class_builder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/unparse.h"

#include <fmt/format.h>

namespace backstep::rt {

using namespace lang;

namespace {

// PEP 560: a base that is not a class may stand for others (typing.Generic[T],
// typing.NamedTuple) through __mro_entries__.
std::vector<Value> resolve_bases(Interpreter& in, const std::vector<Value>& bases, bool& changed) {
  std::vector<Value> out;
  changed = false;
  Value original = make_tuple(bases);
  for (const Value& b : bases) {
    if (b.as<TypeObject>()) {
      out.push_back(b);
      continue;
    }
    auto entries = try_get_attr(in, b, "__mro_entries__");
    if (!entries) {
      out.push_back(b);
      continue;
    }
    Value r = call(in, *entries, {original});
    auto* t = r.as<TupleObject>();
    if (!t) raise_type_error("__mro_entries__ must return a tuple");
    out.insert(out.end(), t->items.begin(), t->items.end());
    changed = true;
  }
  return out;
}

}  // namespace

Value Interpreter::run_class_body(const ClassDef& c, Frame& outer, const Value& ns) {
  Frame f;
  f.scope = &c.scope;
  f.globals = outer.globals;
  f.function = c.name;
  f.parent = &outer;
  f.current = c.span;
  f.call = frame_call(outer);  // the class body is part of the enclosing call
  f.class_ns = ns.as<DictObject>();
  lang::OriginScope origin(&f.origin);
  f.locals.assign(c.scope.local_names.size(), unbound());
  for (size_t i = 0; i < c.scope.cell_names.size(); ++i) f.cells.push_back(std::make_shared<CellObject>());
  for (uint32_t src : c.scope.free_sources) f.cells.push_back(outer.cells[src]);
  // Not echoed: shell input echoes only its module frame's expressions.
  run_in_own_frame(f, false, false, [&] {
    // A leading string literal is the class's docstring.
    if (!c.body.empty() && c.body[0]->kind == StmtKind::Expr) {
      const auto& first = static_cast<const ExprStmt&>(*c.body[0]);
      if (first.value->kind == ExprKind::Constant && static_cast<const Constant&>(*first.value).type == Constant::Type::Str)
        f.class_ns->set_str("__doc__", make_str(static_cast<const Constant&>(*first.value).str_value));
    }
    exec_block(c.body, f);
  });
  if (c.class_cell >= 0) return Value(f.cells[static_cast<size_t>(c.class_cell)]);
  return Value();
}

void Interpreter::exec_class(const ClassDef& c, Frame& f) {
  std::vector<Value> decorators;
  for (const auto& d : c.decorators) decorators.push_back(eval(*d, f));
  std::vector<Value> bases;
  for (const auto& b : c.bases) {
    if (b->kind == ExprKind::Starred) {
      auto more = to_vector(*this, eval(*static_cast<const Starred&>(*b).value, f));
      bases.insert(bases.end(), more.begin(), more.end());
    } else {
      bases.push_back(eval(*b, f));
    }
  }
  Args kwargs;
  Value meta;
  for (const auto& k : c.keywords) {
    Value v = eval(*k.value, f);
    if (k.name.empty()) {
      auto* d = v.as<DictObject>();
      if (!d) raise_type_error(fmt::format("argument after ** must be a mapping, not {}", type_name(v)));
      d->for_each([&](const Value& key, const Value& val) {
        if (auto* s = key.as<StrObject>()) kwargs.kw.push_back(Kwarg{s->value, val});
      });
    } else if (k.name == "metaclass") {
      meta = v;
    } else {
      kwargs.kw.push_back(Kwarg{k.name, v});
    }
  }
  f.current = c.span;
  bool changed = false;
  std::vector<Value> resolved = resolve_bases(*this, bases, changed);
  if (meta.is_none()) meta = resolved.empty() ? type_value(*types().type) : type_value(type_of(resolved[0]));
  if (auto* m = meta.as<TypeObject>()) meta = type_value(winning_metaclass(*m, resolved));

  Value ns;
  if (auto prepare = try_get_attr(*this, meta, "__prepare__")) {
    Args a = kwargs;
    a.pos = {make_str(c.name), make_tuple(resolved)};
    ns = call(*prepare, a);
    if (!ns.as<DictObject>())
      raise_type_error(fmt::format("{}.__prepare__() must return a mapping, not {}", repr(*this, meta), type_name(ns)));
  } else {
    ns = Value(std::make_shared<DictObject>());
  }
  auto* d = ns.as<DictObject>();
  d->set_str("__module__", module_name());
  d->set_str("__qualname__", make_str(c.qualname));
  if (c.has_annotations) d->set_str("__annotations__", Value(std::make_shared<DictObject>()));
  if (changed) d->set_str("__orig_bases__", make_tuple(bases));
  Value cell = run_class_body(c, f, ns);
  if (!cell.is_none()) d->set_str("__classcell__", cell);

  f.current = c.span;
  Args a = kwargs;
  a.pos = {make_str(c.name), make_tuple(resolved), ns};
  Value cls = call(meta, a);
  for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) cls = call(*it, {cls});
  store_slot(c.slot, c.stored_name, cls, f);
}

void Interpreter::exec_annotation(const AnnAssign& a, Frame& f) {
  if (a.value) assign(*a.target, eval(*a.value, f), f);
  // Only simple names at module and class level are recorded (and their
  // annotations evaluated); elsewhere annotations are not evaluated.
  if (a.target->kind != ExprKind::Name || (f.scope && !f.class_ns)) return;
  const auto& name = static_cast<const Name&>(*a.target).id;
  const Module* module = nullptr;
  (void)module;
  Value annotation = a.future_annotations ? make_str(unparse(*a.annotation)) : eval(*a.annotation, f);
  Value dict;
  if (f.class_ns) {
    if (const Value* v = f.class_ns->find_str("__annotations__")) dict = *v;
  } else {
    dict = global("__annotations__").value_or(Value());
    if (dict.is_none()) {
      dict = Value(std::make_shared<DictObject>());
      set_global("__annotations__", dict);
    }
  }
  if (!dict.is_none()) set_item(*this, dict, make_str(name), annotation);
}

}  // namespace backstep::rt

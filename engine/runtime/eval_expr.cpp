// Expression evaluation.
//
// Each operation that can fail or create an autograd node first records its
// span in the frame (`f.current`): that is what a traceback's caret points
// at, and what the autograd side records as the line that created a node.
#include "engine/runtime/attr_cache.h"
#include "engine/runtime/big_int.h"
#include "engine/runtime/call_records.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/evaluator.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/generator.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module_mirror.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/set_store.h"
#include "engine/runtime/script_function.h"
#include "engine/runtime/str_format.h"
#include "engine/runtime/suggestions.h"
#include "engine/runtime/unparse.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {

using namespace lang;

namespace {

Value constant_value(const Constant& c) {
  switch (c.type) {
    case Constant::Type::None: return Value();
    case Constant::Type::True: return Value(true);
    case Constant::Type::False: return Value(false);
    case Constant::Type::Int: return c.str_value.empty() ? Value(c.int_value) : big_int_literal(c.str_value);
    case Constant::Type::Float: return Value(c.float_value);
    case Constant::Type::Str: return make_str(c.str_value);
    case Constant::Type::Ellipsis: return ellipsis();
    case Constant::Type::Imaginary: {
      // `complex` is a library class (pylib _complex.py) the torch layer
      // installs as a builtin.
      Interpreter& in = Interpreter::current();
      if (const Value* cls = in.builtin("complex")) return in.call(*cls, {Value(0.0), Value(c.float_value)});
      raise_not_implemented("complex numbers are not supported by backstep yet");
    }
    case Constant::Type::Bytes: return make_bytes(c.str_value);
  }
  return Value();
}

}  // namespace

// A bound local or global is the fast path (Note [Small dispatchers]).
Value Interpreter::load_name(const Name& n, Frame& f) {
  if (n.slot.scope == NameSlot::Scope::Local) {
    const Value& v = f.locals[n.slot.index];
    if (!is_unbound(v)) [[likely]] return v;
  } else if (n.slot.scope == NameSlot::Scope::Global) {
    const auto& globals = f.globals->values;
    if (n.slot.index < globals.size() && !is_unbound(globals[n.slot.index])) [[likely]] return globals[n.slot.index];
  }
  return Evaluator::load_name_slow(*this, n, f);
}

Value Evaluator::load_name_slow(Interpreter& in, const Name& n, Frame& f) {
  switch (n.slot.scope) {
    case NameSlot::Scope::Local:
      f.current = n.span;
      raise(*exc_types().unbound_local_error,
            fmt::format("cannot access local variable '{}' where it is not associated with a value", n.id));
    case NameSlot::Scope::Cell: {
      const auto& cell = f.cells[n.slot.index];
      if (!cell->bound) {
        f.current = n.span;
        raise_name_error(fmt::format("cannot access free variable '{}' where it is not associated with a value in enclosing scope", n.id));
      }
      return cell->value;
    }
    case NameSlot::Scope::Global: {
      if (const Value* b = in.builtin_at(n)) return *b;
      f.current = n.span;
      raise_undefined_name(in, n.id, f);
    }
    case NameSlot::Scope::ClassBody:
    case NameSlot::Scope::ClassBodyFree: {
      // The class namespace first, then (CPython's LOAD_NAME) globals and
      // builtins, or (LOAD_CLASSDEREF) the enclosing function's cell.
      if (f.class_ns)
        if (const Value* v = f.class_ns->find_str(n.id)) return *v;
      if (n.slot.scope == NameSlot::Scope::ClassBodyFree) {
        const auto& cell = f.cells[n.slot.index];
        if (cell->bound) return cell->value;
        f.current = n.span;
        raise_name_error(fmt::format("cannot access free variable '{}' where it is not associated with a value in enclosing scope", n.id));
      }
      if (std::optional<Value> g = in.global(n.id)) return *g;
      if (const Value* b = in.builtin(n.id)) return *b;
      f.current = n.span;
      raise_undefined_name(in, n.id, f);
    }
    case NameSlot::Scope::Unresolved: break;
  }
  raise_runtime_error("internal error: unresolved name " + n.id);
}

// `v` by value: a caller done with its value moves it in, which spares a
// tensor two atomic reference-count updates per assignment.
// A bound local variable's value where it lives, for an operator to read
// without a copy. Safe while the operator runs: only statements of this
// frame assign its locals (closures share cells, not locals), and none run
// until the operator returns. Null for anything else.
const Value* Interpreter::local_in_place(const Expr& e, Frame& f) {
  if (e.kind != ExprKind::Name) return nullptr;
  const auto& n = static_cast<const Name&>(e);
  if (n.slot.scope != NameSlot::Scope::Local) return nullptr;
  const Value& v = f.locals[n.slot.index];
  return is_unbound(v) ? nullptr : &v;
}

// A local or a global is the fast path (Note [Small dispatchers]).
void Interpreter::store_slot(const NameSlot& slot, const std::string& name, Value v, Frame& f) {
  if (slot.scope == NameSlot::Scope::Local) {
    f.locals[slot.index] = std::move(v);
    return;
  }
  if (slot.scope == NameSlot::Scope::Global) {
    ModuleGlobals& g = *f.globals;
    if (slot.index < g.values.size() && !t_module_mirrors) [[likely]] {
      g.values[slot.index] = std::move(v);
      return;
    }
  }
  Evaluator::store_slot_slow(slot, name, std::move(v), f);
}

void Evaluator::store_slot_slow(const NameSlot& slot, const std::string& name, Value v, Frame& f) {
  switch (slot.scope) {
    case NameSlot::Scope::Local: f.locals[slot.index] = std::move(v); return;
    case NameSlot::Scope::Cell: {
      auto& cell = *f.cells[slot.index];
      cell.value = std::move(v);
      cell.bound = true;
      return;
    }
    case NameSlot::Scope::Global: {
      ModuleGlobals& g = *f.globals;
      if (slot.index >= g.values.size()) g.grow();
      if (t_module_mirrors) [[unlikely]]
        mirror_store(g, slot.index, v);  // Note [globals() is live]
      g.values[slot.index] = std::move(v);
      return;
    }
    case NameSlot::Scope::ClassBody:
      f.class_ns->set_str(name, std::move(v));
      return;
    case NameSlot::Scope::ClassBodyFree: {  // `nonlocal x` in a class body
      auto& cell = *f.cells[slot.index];
      cell.value = std::move(v);
      cell.bound = true;
      return;
    }
    case NameSlot::Scope::Unresolved: break;
  }
  raise_runtime_error("internal error: unresolved name " + name);
}

void Interpreter::delete_slot(const NameSlot& slot, const std::string& name, Frame& f) {
  bool was_bound = true;
  switch (slot.scope) {
    case NameSlot::Scope::Local:
      was_bound = !is_unbound(f.locals[slot.index]);
      f.locals[slot.index] = unbound();
      break;
    case NameSlot::Scope::Cell:
      was_bound = f.cells[slot.index]->bound;
      f.cells[slot.index]->bound = false;
      f.cells[slot.index]->value = Value();
      break;
    case NameSlot::Scope::Global:
      was_bound = slot.index < f.globals->values.size() && !is_unbound(f.globals->values[slot.index]);
      if (was_bound) {
        if (t_module_mirrors) mirror_erase(*f.globals, slot.index);
        f.globals->values[slot.index] = unbound();
      }
      break;
    case NameSlot::Scope::ClassBody: was_bound = f.class_ns->erase_str(name); break;
    case NameSlot::Scope::ClassBodyFree:
      was_bound = f.cells[slot.index]->bound;
      f.cells[slot.index]->bound = false;
      f.cells[slot.index]->value = Value();
      break;
    default: break;
  }
  if (!was_bound) raise_name_error(fmt::format("name '{}' is not defined", name));
}

void Interpreter::assign(const Expr& target, const Value& v, Frame& f) {
  if (target.kind == ExprKind::Name) [[likely]] {
    const auto& n = static_cast<const Name&>(target);
    store_slot(n.slot, n.id, v, f);
    return;
  }
  Evaluator::assign_to(*this, target, v, f);
}

void Evaluator::assign_to(Interpreter& in, const Expr& target, const Value& v, Frame& f) {
  switch (target.kind) {
    case ExprKind::Attribute: {
      const auto& a = static_cast<const Attribute&>(target);
      Value obj = in.eval(*a.value, f);
      f.current = target.span;
      cached_set_attr(in, obj, a.attr, v, a.cache);
      return;
    }
    case ExprKind::Subscript: {
      const auto& s = static_cast<const Subscript&>(target);
      Value obj = in.eval(*s.value, f);
      Value key = in.eval(*s.index, f);
      f.current = target.span;
      set_item(in, obj, key, v);
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
      const auto& elts = static_cast<const SequenceExpr&>(target).elts;
      f.current = target.span;
      std::vector<Value> items = to_vector(in, v);
      size_t star = elts.size();
      for (size_t i = 0; i < elts.size(); ++i)
        if (elts[i]->kind == ExprKind::Starred) star = i;
      if (star == elts.size()) {
        if (items.size() > elts.size())
          raise_value_error(fmt::format("too many values to unpack (expected {})", elts.size()));
        if (items.size() < elts.size())
          raise_value_error(fmt::format("not enough values to unpack (expected {}, got {})", elts.size(), items.size()));
        for (size_t i = 0; i < elts.size(); ++i) in.assign(*elts[i], items[i], f);
        return;
      }
      size_t after = elts.size() - star - 1;
      if (items.size() < elts.size() - 1)
        raise_value_error(fmt::format("not enough values to unpack (expected at least {}, got {})", elts.size() - 1, items.size()));
      for (size_t i = 0; i < star; ++i) in.assign(*elts[i], items[i], f);
      std::vector<Value> middle(items.begin() + static_cast<std::ptrdiff_t>(star),
                                items.end() - static_cast<std::ptrdiff_t>(after));
      in.assign(*static_cast<const Starred&>(*elts[star]).value, make_list(std::move(middle)), f);
      for (size_t i = 0; i < after; ++i) in.assign(*elts[star + 1 + i], items[items.size() - after + i], f);
      return;
    }
    default: raise_runtime_error("internal error: invalid assignment target");
  }
}

// Note [Small dispatchers]
// eval() and exec() run once per node of the tree, so what they cost on
// entry and exit counts as much as what they do. A function gets the
// prologue its most demanding path needs: with every case's body inside
// the switch, each call saved and restored the callee-saved registers and
// set up a frame for the biggest case (~20 instructions per eval, ~50 per
// exec, callgrind on method_calls, stop 30). So the dispatchers only
// switch, and each case is a function of its own (Evaluator, evaluator.h):
// the dispatcher's jump to it is a tail call, and a case pays only for
// itself. Error paths leave the hot functions for cold ones likewise.
Value Interpreter::eval(const Expr& e, Frame& f) {
  switch (e.kind) {
    case ExprKind::Constant:
      if (e.cache) [[likely]] return *static_cast<const Value*>(e.cache.get());
      return Evaluator::first_constant(e);
    case ExprKind::Name: return load_name(static_cast<const Name&>(e), f);
    case ExprKind::Attribute: return Evaluator::attribute(*this, static_cast<const Attribute&>(e), f);
    case ExprKind::Subscript: return Evaluator::subscript(*this, static_cast<const Subscript&>(e), f);
    case ExprKind::Slice: return Evaluator::slice(*this, static_cast<const Slice&>(e), f);
    case ExprKind::Call: return eval_call(static_cast<const Call&>(e), f);
    case ExprKind::BinOp: return Evaluator::binop(*this, static_cast<const BinOpExpr&>(e), f);
    case ExprKind::UnaryOp: return Evaluator::unaryop(*this, static_cast<const UnaryOpExpr&>(e), f);
    case ExprKind::BoolOp: return Evaluator::boolop(*this, static_cast<const BoolOpExpr&>(e), f);
    case ExprKind::Compare: return Evaluator::compare(*this, static_cast<const Compare&>(e), f);
    case ExprKind::IfExp: return Evaluator::ifexp(*this, static_cast<const IfExp&>(e), f);
    case ExprKind::Lambda: return make_function(static_cast<const Lambda&>(e).code, f);
    case ExprKind::List:
    case ExprKind::Tuple:
    case ExprKind::Set: return Evaluator::display(*this, static_cast<const SequenceExpr&>(e), f);
    case ExprKind::Dict: return Evaluator::dict(*this, static_cast<const DictExpr&>(e), f);
    case ExprKind::Comprehension: return eval_comprehension(static_cast<const Comprehension&>(e), f);
    case ExprKind::FString: return eval_fstring(static_cast<const FString&>(e), f);
    case ExprKind::Starred: Evaluator::misplaced_starred(e, f);
    case ExprKind::NamedExpr: return Evaluator::named(*this, static_cast<const NamedExpr&>(e), f);
    case ExprKind::Yield:
    case ExprKind::YieldFrom: return eval_yield(e, f);
  }
  raise_runtime_error("internal error: unknown expression");
}

Value Evaluator::first_constant(const Expr& e) {
  e.cache = std::make_shared<Value>(constant_value(static_cast<const Constant&>(e)));
  return *static_cast<const Value*>(e.cache.get());
}

Value Evaluator::attribute(Interpreter& in, const Attribute& a, Frame& f) {
  Value obj = in.eval(*a.value, f);
  f.current = a.span;
  return cached_get_attr(in, obj, a.attr, a.cache);  // Note [Attribute call-site caches]
}

Value Evaluator::subscript(Interpreter& in, const Subscript& s, Frame& f) {
  Value obj = in.eval(*s.value, f);
  Value key = in.eval(*s.index, f);
  f.current = s.span;
  return get_item(in, obj, key);
}

Value Evaluator::slice(Interpreter& in, const Slice& s, Frame& f) {
  auto part = [&](const ExprPtr& p) { return p ? in.eval(*p, f) : Value(); };
  Value lo = part(s.lower), hi = part(s.upper), st = part(s.step);
  return Value(std::make_shared<SliceObject>(std::move(lo), std::move(hi), std::move(st)));
}

Value Evaluator::binop(Interpreter& in, const BinOpExpr& b, Frame& f) {
  // Local variables are read in place, not copied (a tensor copy is two
  // atomic reference-count updates, a tenth of a tiny op's overhead).
  // The left one only when the right operand cannot assign to it
  // (`x * (x := y)` must see the old x).
  Value left_copy, right_copy;
  bool right_is_plain = b.right->kind == ExprKind::Name || b.right->kind == ExprKind::Constant;
  const Value* l = right_is_plain ? in.local_in_place(*b.left, f) : nullptr;
  if (!l) l = &(left_copy = in.eval(*b.left, f));
  const Value* r = in.local_in_place(*b.right, f);
  if (!r) r = &(right_copy = in.eval(*b.right, f));
  f.current = b.span;
  return binary(in, b.op, *l, *r, &b.cache);
}

Value Evaluator::unaryop(Interpreter& in, const UnaryOpExpr& u, Frame& f) {
  Value v = in.eval(*u.operand, f);
  f.current = u.span;
  return unary(in, u.op, v);
}

Value Evaluator::boolop(Interpreter& in, const BoolOpExpr& b, Frame& f) {
  // The last operand is the result as it is, never tested for truth
  // (`ready and tensor` is the tensor, not bool(tensor), which raises).
  Value v;
  for (size_t i = 0; i < b.values.size(); ++i) {
    v = in.eval(*b.values[i], f);
    if (i + 1 == b.values.size()) break;
    bool t = truthy(in, v);
    if (b.is_and ? !t : t) return v;
  }
  return v;
}

Value Evaluator::compare(Interpreter& in, const Compare& c, Frame& f) {
  Value left = in.eval(*c.left, f);
  Value result;
  for (size_t i = 0; i < c.ops.size(); ++i) {
    Value right = in.eval(*c.comparators[i], f);
    f.current = c.span;
    result = rt::compare(in, c.ops[i], left, right);
    if (i + 1 < c.ops.size() && !truthy(in, result)) return result;
    left = std::move(right);
  }
  return result;
}

Value Evaluator::ifexp(Interpreter& in, const IfExp& i, Frame& f) {
  return truthy(in, in.eval(*i.test, f)) ? in.eval(*i.body, f) : in.eval(*i.orelse, f);
}

Value Evaluator::display(Interpreter& in, const SequenceExpr& display, Frame& f) {
  auto is_starred = [](const ExprPtr& x) { return x->kind == ExprKind::Starred; };
  if (display.kind == ExprKind::Set && std::any_of(display.elts.begin(), display.elts.end(), is_starred))
    return eval_starred_set_display(in, display, f);
  std::vector<Value> items;
  for (const auto& x : display.elts) {
    if (x->kind == ExprKind::Starred) {
      auto more = to_vector(in, in.eval(*static_cast<const Starred&>(*x).value, f));
      items.insert(items.end(), more.begin(), more.end());
    } else {
      items.push_back(in.eval(*x, f));
    }
  }
  if (display.kind == ExprKind::List) return make_list(std::move(items));
  if (display.kind == ExprKind::Tuple) return make_tuple(std::move(items));
  return make_set_display(display, items);
}

Value Evaluator::dict(Interpreter& in, const DictExpr& d, Frame& f) {
  auto dict = std::make_shared<DictObject>();
  for (size_t i = 0; i < d.values.size(); ++i) {
    if (!d.keys[i]) {
      Value m = in.eval(*d.values[i], f);
      auto* other = m.as<DictObject>();
      if (!other) raise_type_error(fmt::format("'{}' object is not a mapping", type_name(m)));
      other->for_each([&](const Value& k, const Value& v) { dict->set(k, v); });
      continue;
    }
    Value k = in.eval(*d.keys[i], f);
    Value v = in.eval(*d.values[i], f);
    f.current = d.keys[i]->span;
    dict->set(k, v);
  }
  return Value(dict);
}

void Evaluator::misplaced_starred(const Expr& e, Frame& f) {
  f.current = e.span;
  raise(*exc_types().syntax_error, "can't use starred expression here");
}

Value Evaluator::named(Interpreter& in, const NamedExpr& n, Frame& f) {
  Value v = in.eval(*n.value, f);
  in.assign(*n.target, v, f);
  return v;
}

// Note [f-string error spans]
// CPython 3.11 gives an f-string's conversion (!r/!s/!a) and formatting
// steps the position of the whole f-string (its FORMAT_VALUE instruction
// belongs to the JoinedStr node), while the replacement field's expression
// keeps its own: `f"val {x:d}"` with a float x underlines all of
// `f"val {x:d}"`, `f"{y/0}"` only `y/0`. A nested format spec's fields
// format at the outermost f-string's position too.
static void append_fstring(Interpreter& in, const FString& s, Frame& f, const lang::Span& whole, std::string& out) {
  for (const auto& part : s.parts) {
    out += part.literal;
    if (!part.expr) continue;
    out += part.debug_text;
    Value v = in.eval(*part.expr, f);
    f.current = whole;
    if (part.conversion == 'r' || part.conversion == 'a') v = make_str(repr(in, v));
    else if (part.conversion == 's') v = make_str(str(in, v));
    std::string spec;
    if (part.format_spec && part.format_spec->kind == ExprKind::FString)
      append_fstring(in, static_cast<const FString&>(*part.format_spec), f, whole, spec);
    else if (part.format_spec)
      spec = str(in, in.eval(*part.format_spec, f));
    f.current = whole;
    out += format_value(in, v, spec);
  }
}

Value Interpreter::eval_fstring(const FString& s, Frame& f) {
  std::string out;
  append_fstring(*this, s, f, s.span, out);
  return make_str(std::move(out));
}

void Interpreter::collect_args(const Call& c, Frame& f, Args& args) {
  for (const auto& a : c.args) {
    if (a->kind == ExprKind::Starred) {
      auto more = to_vector(*this, eval(*static_cast<const Starred&>(*a).value, f));
      args.pos.append(more.begin(), more.end());
    } else {
      args.pos.push_back(eval(*a, f));
    }
  }
  for (const auto& k : c.keywords) {
    Value v = eval(*k.value, f);
    if (!k.name.empty()) {
      args.kw.push_back(Kwarg{k.name, std::move(v)});
      continue;
    }
    auto* d = v.as<DictObject>();
    if (!d) raise_type_error(fmt::format("argument after ** must be a mapping, not {}", type_name(v)));
    d->for_each([&](const Value& key, const Value& val) {
      auto* s = key.as<StrObject>();
      if (!s) raise_type_error("keywords must be strings");
      args.kw.push_back(Kwarg{s->value, val});
    });
  }
}

namespace {
// A call Interpreter::direct_call can make (Note [Calls without an argument list]).
inline bool direct_call_fits(const ScriptFunction& fn, const lang::Call& c, size_t receivers) {
  const lang::FunctionCode& code = *fn.code;
  return !code.is_generator && c.positional_only_args() && code.params.size() == c.args.size() + receivers &&
         code.only_positional_params();
}
}  // namespace

Value Interpreter::eval_call(const Call& c, Frame& f) {
  // obj.method(args): look the method up and call it in one step, so that
  // tensor methods and list.append do not allocate a bound-method object.
  if (c.func->kind == ExprKind::Attribute) {
    const auto& a = static_cast<const Attribute&>(*c.func);
    Value obj = eval(*a.value, f);
    // A plain function of the class: called with obj first, without a bound
    // method (looked up before the arguments are evaluated, as CPython's
    // LOAD_METHOD does).
    if (const Value* method = cached_method(obj, a.attr, a.cache)) {
      Value keep = *method;  // the class may let go of it during the call
      auto* fn = static_cast<ScriptFunction*>(keep.object_ptr());
      if (direct_call_fits(*fn, c, 1)) return direct_call(*fn, &obj, c, f);  // Note [Calls without an argument list]
      Args args;
      args.pos.push_back(std::move(obj));
      collect_args(c, f, args);
      f.current = c.span;
      check_interrupt();
      SiteScope scope(&c.cache);
      return call_function(*fn, args);
    }
    Args args;
    collect_args(c, f, args);
    f.current = c.span;
    check_interrupt();
    return call_method(*this, obj, a.attr, args, &c.cache);
  }
  Value callee = eval(*c.func, f);
  if (Object* o = callee.object_ptr(); o && o->kind() == ObjKind::Function && &o->type() == types().function) {
    auto& fn = static_cast<ScriptFunction&>(*o);
    if (direct_call_fits(fn, c, 0)) return direct_call(fn, nullptr, c, f);  // Note [Calls without an argument list]
  }
  Args args;
  collect_args(c, f, args);
  f.current = c.span;
  check_interrupt();
  return rt::call(*this, callee, args, &c.cache);
}

// A def's __annotations__ (None when it has none): each annotated parameter
// in order, then 'return', evaluated after the defaults as CPython does; as
// text (CPython's unparsed form) under `from __future__ import annotations`.
Value Interpreter::function_annotations(const FunctionCode& code, Frame& f) {
  std::shared_ptr<DictObject> d;
  auto add = [&](const std::string& name, const lang::Expr& e) {
    if (!d) d = std::make_shared<DictObject>();
    d->set_str(name, code.future_annotations ? make_str(unparse(e)) : eval(e, f));
  };
  for (const auto& p : code.params)
    if (p.annotation) add(p.name, *p.annotation);
  if (code.returns) add("return", *code.returns);
  return d ? Value(std::move(d)) : Value();
}

Value Interpreter::make_function(const std::shared_ptr<FunctionCode>& code, Frame& f) {
  std::vector<Value> defaults;
  defaults.reserve(code->params.size());
  for (const auto& p : code->params) defaults.push_back(p.default_value ? eval(*p.default_value, f) : unbound());
  Value annotations = function_annotations(*code, f);
  std::vector<std::shared_ptr<CellObject>> free;
  for (uint32_t src : code->scope.free_sources) free.push_back(f.cells[src]);
  auto globals = f.globals ? f.globals->shared_from_this() : main_globals_;
  auto fn = std::make_shared<ScriptFunction>(code, std::move(defaults), std::move(free), std::move(globals), module_name());
  fn->annotations = std::move(annotations);
  // The docstring: a string literal as the body's first statement.
  if (!code->body.empty() && code->body[0]->kind == StmtKind::Expr) {
    const auto& first = static_cast<const ExprStmt&>(*code->body[0]);
    if (first.value->kind == ExprKind::Constant && static_cast<const Constant&>(*first.value).type == Constant::Type::Str)
      fn->doc = make_str(static_cast<const Constant&>(*first.value).str_value);
  }
  return Value(fn);
}

namespace {

// A comprehension's own frame: its locals and cells, the enclosing
// function's cells it reads, and the enclosing call's record.
void init_comprehension_frame(const Comprehension& c, Frame& outer, Frame& f) {
  f.scope = &c.scope;
  f.globals = outer.globals;
  f.function = c.type == Comprehension::Type::List ? "<listcomp>"
               : c.type == Comprehension::Type::Dict ? "<dictcomp>"
               : c.type == Comprehension::Type::Set ? "<setcomp>" : "<genexpr>";
  f.locals.assign(c.scope.local_names.size(), unbound());
  for (size_t i = 0; i < c.scope.cell_names.size(); ++i) f.cells.push_back(std::make_shared<CellObject>());
  for (uint32_t src : c.scope.free_sources) f.cells.push_back(outer.cells[src]);
  f.parent = &outer;
  f.current = c.span;
  f.call = frame_call(outer);  // a comprehension is part of its function's call
}

}  // namespace

// The loops and conditions of a comprehension; `emit` gets each element
// (and the value, for a dict comprehension).
void Interpreter::run_comprehension(const Comprehension& c, Frame& f, const Value& first_iter,
                                    const std::function<void(const Value&, const Value*)>& emit) {
  std::function<void(size_t, const Value&)> loop = [&](size_t level, const Value& iterable) {
    const auto& gen = c.generators[level];
    for_each(*this, iterable, [&](const Value& v) {
      check_interrupt();
      assign(*gen.target, v, f);
      for (const auto& cond : gen.ifs)
        if (!truthy(*this, eval(*cond, f))) return true;
      if (level + 1 < c.generators.size()) {
        loop(level + 1, eval_loop_iterable(*this, *c.generators[level + 1].iter, f));
      } else if (c.value) {
        Value k = eval(*c.elt, f);
        Value v2 = eval(*c.value, f);
        emit(k, &v2);
      } else {
        emit(eval(*c.elt, f), nullptr);
      }
      return true;
    });
  };
  loop(0, first_iter);
}

Value Interpreter::make_generator_expression(const Comprehension& c, Frame& outer, Value first_iter) {
  // The frame is made on the generator's own stack when it first runs; the
  // enclosing frame's cells are captured now.
  Frame proto;
  init_comprehension_frame(c, outer, proto);
  auto cells = std::make_shared<decltype(proto.cells)>(std::move(proto.cells));
  auto call_record = proto.call;
  auto globals = outer.globals->shared_from_this();
  std::string qualname = outer.scope ? std::string(outer.function) + ".<locals>.<genexpr>" : "<genexpr>";
  return Value(std::make_shared<GeneratorObject>(
      *this, "<genexpr>", qualname, [this, &c, cells, call_record, globals, first_iter](GeneratorObject& gen) {
        Frame f;
        f.scope = &c.scope;
        f.globals = globals.get();
        f.function = "<genexpr>";
        f.locals.assign(c.scope.local_names.size(), unbound());
        f.cells = *cells;
        f.parent = frame_;
        f.current = c.span;
        f.call = call_record;
        lang::OriginScope origin(&f.origin);
        gen.frame = &f;
        frame_ = &f;
        ++depth_;
        try {
          run_comprehension(c, f, first_iter, [&](const Value& v, const Value*) { gen.yield_value(*this, v); });
        } catch (ScriptError& e) {
          gen.frame = nullptr;
          e.add_frame(TraceFrame{f.current, "<genexpr>"});
          throw;
        }
        gen.frame = nullptr;
      }));
}

Value Interpreter::eval_comprehension(const Comprehension& c, Frame& outer) {
  // The first iterable is evaluated in the enclosing scope; the rest runs
  // in the comprehension's own frame, as in Python 3.
  Value first_iter = eval_loop_iterable(*this, *c.generators.front().iter, outer);
  if (c.type == Comprehension::Type::Generator) {
    outer.current = c.span;
    return make_generator_expression(c, outer, make_iterator(*this, first_iter));
  }
  Frame f;
  init_comprehension_frame(c, outer, f);
  lang::OriginScope origin(&f.origin);
  std::vector<Value> items;
  auto dict = c.type == Comprehension::Type::Dict ? std::make_shared<DictObject>() : nullptr;
  auto set = c.type == Comprehension::Type::Set ? std::make_shared<SetObject>() : nullptr;
  Frame* saved = frame_;
  frame_ = &f;
  try {
    run_comprehension(c, f, first_iter, [&](const Value& k, const Value* v) {
      if (dict) dict->set(k, *v);
      else if (set) set->add(k);
      else items.push_back(k);
    });
  } catch (...) {
    frame_ = saved;
    outer.current = c.span;
    throw;
  }
  frame_ = saved;
  if (dict) return Value(dict);
  if (set) return Value(set);
  return make_list(std::move(items));
}

}  // namespace backstep::rt

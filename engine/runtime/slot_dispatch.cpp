// The slots of user classes (Note [slots] in type_object.h): for each
// protocol operation, the dunder the class's MRO provides -- a builtin's own
// slot function when the dunder is a builtin's slot wrapper, else a
// trampoline that calls the dunder (CPython's slot_tp_*/slot_nb_*).
#include "engine/runtime/big_int.h"
#include "engine/runtime/class_builder.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"

#include <fmt/format.h>

namespace backstep::rt {

std::optional<Value> call_dunder(Interpreter& in, const Value& self, std::string_view name, Args& args) {
  const TypeObject& t = type_of(self);
  const Value* f = t.lookup(name);
  if (!f) return std::nullopt;
  if (f->is_none()) return std::nullopt;  // `__hash__ = None` and friends
  if (auto* fn = f->as<ScriptFunction>(); fn && &type_of(*f) == types().function) {
    args.pos.insert(args.pos.begin(), self);
    return in.call_function(*fn, args);
  }
  Value bound = bind_descriptor(in, *f, self, t);
  return call(in, bound, args);
}

namespace {

Value dunder(Interpreter& in, const Value& self, std::string_view name, std::initializer_list<Value> rest) {
  Args a(rest);
  if (auto v = call_dunder(in, self, name, a)) return std::move(*v);
  return not_implemented();
}

std::string checked_str(Interpreter& in, const Value& self, const char* name) {
  Value v = dunder(in, self, name, {});
  auto* s = v.as<StrObject>();
  if (!s) raise_type_error(fmt::format("{} returned non-string (type {})", name, type_name(v)));
  return s->value;
}

std::string slot_repr(Interpreter& in, const Value& self) { return checked_str(in, self, "__repr__"); }
std::string slot_str(Interpreter& in, const Value& self) { return checked_str(in, self, "__str__"); }
std::string slot_format(Interpreter& in, const Value& self, std::string_view spec) {
  Value v = dunder(in, self, "__format__", {make_str(std::string(spec))});
  auto* s = v.as<StrObject>();
  if (!s) raise_type_error(fmt::format("__format__ must return a str, not {}", type_name(v)));
  return s->value;
}

int64_t slot_hash(Interpreter& in, const Value& self) {
  Value v = dunder(in, self, "__hash__", {});
  auto n = unbox_number(v);
  if (!n || n->is_float()) raise_type_error("__hash__ method should return an integer");
  if (const mpz_class* b = big_int_of(*n)) return big_hash(*b);
  int64_t h = n->to_int();
  return h == -1 ? -2 : h;
}

bool slot_bool(Interpreter& in, const Value& self) {
  Value v = dunder(in, self, "__bool__", {});
  if (!v.is_bool()) raise_type_error(fmt::format("__bool__ should return bool, returned {}", type_name(v)));
  return v.as_bool();
}

int64_t slot_len(Interpreter& in, const Value& self) {
  Value v = dunder(in, self, "__len__", {});
  auto n = unbox_number(v);
  if (!n || n->is_float())
    raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  if (is_big_int(*n)) {
    if (sgn(*big_int_of(*n)) < 0) raise_value_error("__len__() should return >= 0");
    raise_overflow("cannot fit 'int' into an index-sized integer");
  }
  if (n->to_int() < 0) raise_value_error("__len__() should return >= 0");
  return n->to_int();
}

bool is_attribute_error(const ScriptError& e) { return e.type().is_subtype_of(*exc_types().attribute_error); }

// __getattribute__ (or the generic lookup), then __getattr__ when that fails.
template <std::optional<Value> (*Lookup)(Interpreter&, const Value&, std::string_view)>
std::optional<Value> getattr_then_hook(Interpreter& in, const Value& self, std::string_view name) {
  std::optional<Value> v;
  try {
    v = Lookup(in, self, name);
  } catch (ScriptError& e) {
    if (!is_attribute_error(e)) throw;
  }
  if (v) return v;
  Value r = dunder(in, self, "__getattr__", {make_str(std::string(name))});
  return r;
}

std::optional<Value> slot_getattr_hook(Interpreter& in, const Value& self, std::string_view name) {
  return getattr_then_hook<&generic_getattr>(in, self, name);
}

// A metaclass's __getattr__: a class's attributes come first from type's own
// lookup (its MRO, then the metaclass's), as CPython's type_getattro.
std::optional<Value> type_lookup(Interpreter& in, const Value& self, std::string_view name) {
  return types().type->slots.getattr(in, self, name);
}
std::optional<Value> slot_type_getattr_hook(Interpreter& in, const Value& self, std::string_view name) {
  return getattr_then_hook<&type_lookup>(in, self, name);
}

std::optional<Value> slot_getattribute(Interpreter& in, const Value& self, std::string_view name) {
  Value key = make_str(std::string(name));
  try {
    return dunder(in, self, "__getattribute__", {key});
  } catch (ScriptError& e) {
    if (!is_attribute_error(e) || !type_of(self).lookup("__getattr__")) throw;
  }
  return dunder(in, self, "__getattr__", {key});
}

void slot_setattr(Interpreter& in, const Value& self, std::string_view name, const Value* v) {
  Value key = make_str(std::string(name));
  if (v) dunder(in, self, "__setattr__", {key, *v});
  else dunder(in, self, "__delattr__", {key});
}

// CPython's SLOT1BINFULL: this slot is reached for either operand; call
// the left one's __op__ and/or the right one's __rop__ as Python specifies.
template <int Op>
Value slot_binary(Interpreter& in, const Value& a, const Value& b) {
  const auto op = static_cast<BinOp>(Op);
  const TypeObject& ta = type_of(a);
  const TypeObject& tb = type_of(b);
  auto self_slot = &slot_binary<Op>;
  bool do_other = &ta != &tb && tb.slots.binary[Op] == self_slot;
  if (ta.slots.binary[Op] == self_slot) {
    // A subclass that overrides the reflected method goes first.
    if (do_other && tb.is_subtype_of(ta) &&
        tb.lookup(binop_reflected_dunder(op)) != ta.lookup(binop_reflected_dunder(op))) {
      Value r = dunder(in, b, binop_reflected_dunder(op), {a});
      if (!is_not_implemented(r)) return r;
      do_other = false;
    }
    Value r = dunder(in, a, binop_dunder(op), {b});
    if (!is_not_implemented(r) || &ta == &tb) return r;
  }
  if (do_other) return dunder(in, b, binop_reflected_dunder(op), {a});
  return not_implemented();
}

template <int Op>
Value slot_inplace(Interpreter& in, const Value& a, const Value& b) {
  return dunder(in, a, binop_inplace_dunder(static_cast<BinOp>(Op)), {b});
}

const char* kCompareDunders[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};

Value slot_compare(Interpreter& in, const Value& self, const Value& other, CmpOp op) {
  const char* name = kCompareDunders[static_cast<int>(op)];
  const Value* f = type_of(self).lookup(name);
  const MethodDescriptor* w = f ? as_slot_wrapper(*f) : nullptr;
  if (w && w->name == name)
    return w->owner->slots.compare ? w->owner->slots.compare(in, self, other, op) : not_implemented();
  return dunder(in, self, name, {other});
}

template <int I>
Value slot_unary(Interpreter& in, const Value& self) {
  static const char* names[] = {"__neg__", "__pos__", "__invert__"};
  return dunder(in, self, names[I], {});
}

Value slot_call(Interpreter& in, const Value& self, Args& args) {
  if (auto v = call_dunder(in, self, "__call__", args)) return std::move(*v);
  raise_type_error(fmt::format("'{}' object is not callable", type_name(self)));
}

Value slot_iter(Interpreter& in, const Value& self) {
  const Value* f = type_of(self).lookup("__iter__");
  if (!f || f->is_none()) raise_type_error(fmt::format("'{}' object is not iterable", type_name(self)));
  Value it = dunder(in, self, "__iter__", {});
  if (!type_of(it).slots.next)
    raise_type_error(fmt::format("iter() returned non-iterator of type '{}'", type_name(it)));
  return it;
}

std::optional<Value> slot_next(Interpreter& in, const Value& self) {
  try {
    return dunder(in, self, "__next__", {});
  } catch (ScriptError& e) {
    if (e.type().is_subtype_of(*exc_types().stop_iteration)) return std::nullopt;
    throw;
  }
}

bool slot_contains(Interpreter& in, const Value& self, const Value& item) {
  return truthy(in, dunder(in, self, "__contains__", {item}));
}

Value slot_getitem(Interpreter& in, const Value& self, const Value& key) {
  return dunder(in, self, "__getitem__", {key});
}

void slot_setitem(Interpreter& in, const Value& self, const Value& key, const Value* v) {
  const char* name = v ? "__setitem__" : "__delitem__";
  Args a = v ? Args{key, *v} : Args{key};
  if (!call_dunder(in, self, name, a))
    raise_type_error(fmt::format("'{}' object does not support item {}", type_name(self), v ? "assignment" : "deletion"));
}

Value slot_descr_get(Interpreter& in, const Value& descr, const Value& obj, const TypeObject& owner) {
  return dunder(in, descr, "__get__", {is_unbound(obj) ? Value() : obj, type_value(owner)});
}

void slot_descr_set(Interpreter& in, const Value& descr, const Value& obj, const Value* v) {
  if (v) dunder(in, descr, "__set__", {obj, *v});
  else dunder(in, descr, "__delete__", {obj});
}

Value checked_int(Interpreter& in, const Value& self, const char* name) {
  Value v = dunder(in, self, name, {});
  auto n = unbox_number(v);
  if (!n || n->is_float()) raise_type_error(fmt::format("{} returned non-int (type {})", name, type_name(v)));
  return n->is_object() ? *n : Value(n->to_int());
}
Value slot_index(Interpreter& in, const Value& self) { return checked_int(in, self, "__index__"); }
Value slot_int(Interpreter& in, const Value& self) { return checked_int(in, self, "__int__"); }
Value slot_float(Interpreter& in, const Value& self) {
  Value v = dunder(in, self, "__float__", {});
  auto n = unbox_number(v);
  if (!n || !n->is_float()) raise_type_error(fmt::format("__float__ returned non-float (type {})", type_name(v)));
  return *n;
}

// Slots leave the caller's arguments alone, except __init__, the last to
// see them (type_call passes the same arguments to __new__ and __init__).
Value slot_new(Interpreter& in, TypeObject& cls, Args& args) {
  const Value* f = cls.lookup("__new__");
  Value fn = bind_descriptor(in, *f, unbound(), cls);  // a staticmethod: the function
  Args a = args;
  a.pos.insert(a.pos.begin(), type_value(cls));
  return call(in, fn, a);
}

void slot_init(Interpreter& in, const Value& self, Args& args) {
  Value r = call_dunder(in, self, "__init__", args).value_or(Value());
  if (!r.is_none()) raise_type_error(fmt::format("__init__() should return None, not '{}'", type_name(r)));
}

// --- choosing slots ------------------------------------------------------------

// The builtin slot wrapper found for `name` in the class's MRO (inherit the
// builtin's slot), null when the MRO has a user definition (trampoline), and
// `missing` when nothing defines it.
struct Found {
  const MethodDescriptor* wrapper = nullptr;
  bool user = false;
  bool none = false;  // set to None (`__hash__ = None`)
};
Found find(const TypeObject& t, std::string_view name) {
  Found f;
  if (const Value* v = t.lookup(name)) {
    if (v->is_none()) f.none = true;
    // A builtin's wrapper stands for its own slot only under its own name
    // (`__str__ = int.__repr__` calls the wrapper, as CPython's update_one_slot).
    else if ((f.wrapper = as_slot_wrapper(*v)) == nullptr || f.wrapper->name != name) {
      f.wrapper = nullptr;
      f.user = true;
    }
  }
  return f;
}

template <class Slot>
void choose(Slot& slot, const Found& f, Slot trampoline, Slot inherited) {
  if (f.user) slot = trampoline;
  else if (f.wrapper) slot = inherited;
  else slot = nullptr;
}

template <size_t... I>
void choose_binary(TypeObject& t, std::index_sequence<I...>) {
  ((void)[&] {
    const BinOp op = static_cast<BinOp>(I);
    Found l = find(t, binop_dunder(op)), r = find(t, binop_reflected_dunder(op));
    if (l.user || r.user) t.slots.binary[I] = &slot_binary<static_cast<int>(I)>;
    else if (l.wrapper) t.slots.binary[I] = l.wrapper->owner->slots.binary[I];
    else if (r.wrapper) t.slots.binary[I] = r.wrapper->owner->slots.binary[I];
    else t.slots.binary[I] = nullptr;
    Found ip = find(t, binop_inplace_dunder(op));
    choose(t.slots.inplace[I], ip, &slot_inplace<static_cast<int>(I)>,
           ip.wrapper ? ip.wrapper->owner->slots.inplace[I] : nullptr);
  }(), ...);
}

void choose_attribute_slots(TypeObject& t) {
  Found ga = find(t, "__getattribute__"), gh = find(t, "__getattr__");
  if (ga.user) t.slots.getattr = &slot_getattribute;
  else if (gh.user)
    t.slots.getattr = t.is_subtype_of(*types().type) ? &slot_type_getattr_hook : &slot_getattr_hook;
  else t.slots.getattr = ga.wrapper ? ga.wrapper->owner->slots.getattr : &generic_getattr;
  bool generic = t.slots.getattr == &generic_getattr || t.slots.getattr == &slot_getattr_hook;
  const TypeObject* layout = t.layout_base();
  t.slots.call_method = generic ? &generic_call_method : (layout ? layout->slots.call_method : nullptr);
  Found sa = find(t, "__setattr__"), da = find(t, "__delattr__");
  if (sa.user || da.user) t.slots.setattr = &slot_setattr;
  else t.slots.setattr = sa.wrapper ? sa.wrapper->owner->slots.setattr : &generic_setattr;
}

void choose_protocol_slots(TypeObject& t) {
  auto inherit = [&](const Found& f, auto member) { return f.wrapper ? f.wrapper->owner->slots.*member : nullptr; };
  Found f = find(t, "__repr__");
  choose(t.slots.repr, f, &slot_repr, inherit(f, &TypeSlots::repr));
  f = find(t, "__str__");
  choose(t.slots.str, f, &slot_str, inherit(f, &TypeSlots::str));
  f = find(t, "__format__");
  choose(t.slots.format, f, &slot_format, inherit(f, &TypeSlots::format));
  f = find(t, "__hash__");
  choose(t.slots.hash, f, &slot_hash, inherit(f, &TypeSlots::hash));
  t.slots.unhashable = f.none;
  f = find(t, "__bool__");
  choose(t.slots.truth, f, &slot_bool, inherit(f, &TypeSlots::truth));
  f = find(t, "__len__");
  choose(t.slots.len, f, &slot_len, inherit(f, &TypeSlots::len));
  f = find(t, "__call__");
  choose(t.slots.call, f, &slot_call, inherit(f, &TypeSlots::call));
  if (!t.slots.call && t.is_subtype_of(*types().type)) t.slots.call = &type_call;
  f = find(t, "__iter__");
  choose(t.slots.iter, f, &slot_iter, inherit(f, &TypeSlots::iter));
  if (f.none) t.slots.iter = &slot_iter;  // __iter__ = None: "not iterable"
  f = find(t, "__next__");
  choose(t.slots.next, f, &slot_next, inherit(f, &TypeSlots::next));
  f = find(t, "__contains__");
  choose(t.slots.contains, f, &slot_contains, inherit(f, &TypeSlots::contains));
  f = find(t, "__getitem__");
  choose(t.slots.getitem, f, &slot_getitem, inherit(f, &TypeSlots::getitem));
  Found s = find(t, "__setitem__"), d = find(t, "__delitem__");
  if (s.user || d.user) t.slots.setitem = &slot_setitem;
  else t.slots.setitem = s.wrapper ? s.wrapper->owner->slots.setitem : (d.wrapper ? d.wrapper->owner->slots.setitem : nullptr);
}

void choose_other_slots(TypeObject& t) {
  auto inherit = [&](const Found& f, auto member) { return f.wrapper ? f.wrapper->owner->slots.*member : nullptr; };
  Found f = find(t, "__eq__");
  Found any_cmp = f;
  for (const char* n : kCompareDunders)
    if (Found g = find(t, n); g.user) any_cmp = g;
  if (any_cmp.user) t.slots.compare = &slot_compare;
  else t.slots.compare = inherit(f, &TypeSlots::compare);
  static const char* unary[] = {"__neg__", "__pos__", "__invert__"};
  Value (*trampolines[])(Interpreter&, const Value&) = {&slot_unary<0>, &slot_unary<1>, &slot_unary<2>};
  for (size_t i = 0; i < kUnaryOpCount; ++i) {
    f = find(t, unary[i]);
    choose(t.slots.unary[i], f, trampolines[i], f.wrapper ? f.wrapper->owner->slots.unary[i] : nullptr);
  }
  f = find(t, "__get__");
  choose(t.slots.descr_get, f, &slot_descr_get, inherit(f, &TypeSlots::descr_get));
  Found s = find(t, "__set__"), d = find(t, "__delete__");
  if (s.user || d.user) t.slots.descr_set = &slot_descr_set;
  else t.slots.descr_set = s.wrapper ? s.wrapper->owner->slots.descr_set : nullptr;
  f = find(t, "__index__");
  choose(t.slots.index, f, &slot_index, inherit(f, &TypeSlots::index));
  f = find(t, "__int__");
  choose(t.slots.to_int, f, &slot_int, inherit(f, &TypeSlots::to_int));
  f = find(t, "__float__");
  choose(t.slots.to_float, f, &slot_float, inherit(f, &TypeSlots::to_float));
  f = find(t, "__new__");
  choose(t.slots.new_, f, &slot_new, inherit(f, &TypeSlots::new_));
  f = find(t, "__init__");
  choose(t.slots.init, f, &slot_init, inherit(f, &TypeSlots::init));
}

}  // namespace

bool has_generic_getattr(const TypeObject& t) {
  return t.slots.getattr == &generic_getattr || t.slots.getattr == &slot_getattr_hook;
}

void TypeObject::refresh_slots() {
  choose_protocol_slots(*this);
  choose_attribute_slots(*this);
  choose_binary(*this, std::make_index_sequence<kBinOpCount>());
  choose_other_slots(*this);
}

}  // namespace backstep::rt

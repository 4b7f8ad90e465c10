// Set operations on dict keys()/items() views, built as CPython 3.11's
// dictobject.c builds them so the resulting set's order is CPython's
// (Note [CPython set order]): a keys view becomes set(dict) (the dict's
// stored hashes), an items view set(iterable); `&` iterates the smaller side.
#include "engine/lang/ast.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/set_store.h"

namespace backstep::rt {

namespace {

using lang::BinOp;

bool is_view_set(const Value& v) {
  auto* d = v.as<DictViewObject>();
  return d && d->which != DictViewObject::Which::Values;
}

// dictviews_to_set
std::shared_ptr<SetObject> view_to_set(Interpreter& in, const Value& v) {
  auto out = std::make_shared<SetObject>(types().set, false);
  auto* view = v.as<DictViewObject>();
  if (view && view->which == DictViewObject::Which::Keys) {
    set_update_from(in, *out, Value(std::static_pointer_cast<Object>(view->dict)));
  } else {
    set_update_from(in, *out, v);
  }
  return out;
}

// _PyDictView_Intersect
Value view_intersect(Interpreter& in, Value self, Value other) {
  if (!is_view_set(self)) std::swap(self, other);
  int64_t len_self = length(in, self);
  auto* other_set = other.as<SetObject>();
  if (other_set && &other_set->type() == types().set && len_self <= length(in, other)) {
    return set_and(in, *other_set, self);
  }
  if (is_view_set(other) && length(in, other) > len_self) std::swap(self, other);
  auto result = std::make_shared<SetObject>(types().set, false);
  for_each(in, other, [&](const Value& key) {
    if (contains(in, self, key)) result->add(key);
    return true;
  });
  return Value(result);
}

// dictitems_xor: the pairs of either dict whose key is missing from, or has
// a different value in, the other.
Value items_xor(Interpreter& in, const DictObject& d1, const DictObject& d2) {
  DictObject remaining;
  d1.for_each([&](const Value& k, const Value& v) { remaining.set(k, v); });
  auto result = std::make_shared<SetObject>(types().set, false);
  d2.for_each([&](const Value& key, const Value& val2) {
    const Value* val1 = remaining.find(key);
    if (val1 && equals(in, *val1, val2)) {
      remaining.erase(key);
    } else {
      result->add(make_tuple({key, val2}));
    }
  });
  remaining.for_each([&](const Value& k, const Value& v) { result->add(make_tuple({k, v})); });
  return Value(result);
}

}  // namespace

Value dict_view_binary(Interpreter& in, const Value& a, const Value& b, int op) {
  switch (static_cast<BinOp>(op)) {
    case BinOp::BitAnd: return view_intersect(in, a, b);
    case BinOp::BitOr: {
      auto result = view_to_set(in, a);
      set_update_from(in, *result, b);
      return Value(result);
    }
    case BinOp::Sub: {
      auto result = view_to_set(in, a);
      set_difference_update_with(in, *result, b);
      return Value(result);
    }
    default: {
      auto* va = a.as<DictViewObject>();
      auto* vb = b.as<DictViewObject>();
      if (va && vb && va->which == DictViewObject::Which::Items && vb->which == DictViewObject::Which::Items)
        return items_xor(in, *va->dict, *vb->dict);
      auto result = view_to_set(in, a);
      set_symmetric_difference_update_with(in, *result, b);
      return Value(result);
    }
  }
}

}  // namespace backstep::rt

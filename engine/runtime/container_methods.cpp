// Methods of list, tuple (and torch.Size, named tuples), dict and set.
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc_captures.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/set_store.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {

Value call_builtin_sorted(Interpreter& in, Args& a);

namespace {

// A view holds its dict: `d["keys"] = d.keys()` is a cycle the collector
// must see (Note [captures of C++ closures] in gc_captures.cpp).
Value dict_view(std::shared_ptr<DictObject> d, DictViewObject::Which which) {
  auto view = std::make_shared<DictViewObject>(std::move(d), which);
  gc_track_dict_view(*view);
  return Value(view);
}

std::shared_ptr<DictObject> self_ref(DictObject& d) { return std::static_pointer_cast<DictObject>(d.shared_from_this()); }

int64_t find_index(Interpreter& in, const std::vector<Value>& items, const Value& x, const char* what) {
  for (size_t i = 0; i < items.size(); ++i)
    if (equals(in, items[i], x)) return static_cast<int64_t>(i);
  if (std::string(what) == "list") raise_value_error(fmt::format("{} is not in list", repr(in, x)));
  raise_value_error("tuple.index(x): x not in tuple");
}

int64_t count_of(Interpreter& in, const std::vector<Value>& items, const Value& x) {
  int64_t n = 0;
  for (const auto& v : items) n += equals(in, v, x);
  return n;
}

const MethodTable<ListObject>& list_methods() {
  static const MethodTable<ListObject> table{
      {"append", [](Interpreter&, ListObject& self, Args& a) -> Value {
         expect_args(a, "list.append", 1, 1);
         self.items.push_back(a.pos[0]);
         return Value();
       }},
      {"extend", [](Interpreter& in, ListObject& self, Args& a) -> Value {
         expect_args(a, "list.extend", 1, 1);
         auto more = to_vector(in, a.pos[0]);
         self.items.insert(self.items.end(), more.begin(), more.end());
         return Value();
       }},
      {"insert", [](Interpreter& in, ListObject& self, Args& a) -> Value {
         expect_args(a, "insert", 2, 2);
         int64_t n = static_cast<int64_t>(self.items.size());
         int64_t i = to_index(in, a.pos[0]);
         if (i < 0) i = std::max<int64_t>(0, i + n);
         self.items.insert(self.items.begin() + std::min(i, n), a.pos[1]);
         return Value();
       }},
      {"pop", [](Interpreter& in, ListObject& self, Args& a) -> Value {
         expect_args(a, "pop", 0, 1);
         if (self.items.empty()) raise_index_error("pop from empty list");
         int64_t i = a.pos.empty() ? -1 : to_index(in, a.pos[0]);
         i = normalize_index(i, static_cast<int64_t>(self.items.size()), "pop");
         Value v = self.items[static_cast<size_t>(i)];
         self.items.erase(self.items.begin() + i);
         return v;
       }},
      {"remove", [](Interpreter& in, ListObject& self, Args& a) -> Value {
         expect_args(a, "list.remove", 1, 1);
         for (size_t i = 0; i < self.items.size(); ++i)
           if (equals(in, self.items[i], a.pos[0])) {
             self.items.erase(self.items.begin() + static_cast<std::ptrdiff_t>(i));
             return Value();
           }
         raise_value_error("list.remove(x): x not in list");
       }},
      {"index", [](Interpreter& in, ListObject& self, Args& a) -> Value {
         expect_args(a, "index", 1, 3);
         return find_index(in, self.items, a.pos[0], "list");
       }},
      {"count", [](Interpreter& in, ListObject& self, Args& a) -> Value { return count_of(in, self.items, a.pos.at(0)); }},
      {"reverse", [](Interpreter&, ListObject& self, Args&) -> Value {
         std::reverse(self.items.begin(), self.items.end());
         return Value();
       }},
      {"sort", [](Interpreter& in, ListObject& self, Args& a) -> Value {
         Args call;
         call.pos.push_back(make_list(self.items));
         call.kw = a.kw;
         self.items = call_builtin_sorted(in, call).as<ListObject>()->items;
         return Value();
       }},
      {"copy", [](Interpreter&, ListObject& self, Args&) -> Value { return make_list(self.items); }},
      {"clear", [](Interpreter&, ListObject& self, Args&) -> Value {
         self.items.clear();
         return Value();
       }},
  };
  return table;
}

const MethodTable<TupleObject>& tuple_methods() {
  static const MethodTable<TupleObject> table{
      {"index", [](Interpreter& in, TupleObject& self, Args& a) -> Value { return find_index(in, self.items, a.pos.at(0), "tuple"); }},
      {"count", [](Interpreter& in, TupleObject& self, Args& a) -> Value { return count_of(in, self.items, a.pos.at(0)); }},
  };
  return table;
}

const MethodTable<DictObject>& dict_methods() {
  static const MethodTable<DictObject> table{
      {"keys", [](Interpreter&, DictObject& self, Args&) -> Value {
         return dict_view(self_ref(self), DictViewObject::Which::Keys);
       }},
      {"values", [](Interpreter&, DictObject& self, Args&) -> Value {
         return dict_view(self_ref(self), DictViewObject::Which::Values);
       }},
      {"items", [](Interpreter&, DictObject& self, Args&) -> Value {
         return dict_view(self_ref(self), DictViewObject::Which::Items);
       }},
      {"get", [](Interpreter&, DictObject& self, Args& a) -> Value {
         expect_args(a, "get", 1, 2);
         const Value* v = self.find(a.pos[0]);
         return v ? *v : (a.pos.size() > 1 ? a.pos[1] : Value());
       }},
      {"pop", [](Interpreter&, DictObject& self, Args& a) -> Value {
         expect_args(a, "pop", 1, 2);
         const Value* v = self.find(a.pos[0]);
         if (!v) {
           if (a.pos.size() > 1) return a.pos[1];
           raise_key_error(a.pos[0]);
         }
         Value out = *v;
         self.erase(a.pos[0]);
         return out;
       }},
      {"popitem", [](Interpreter&, DictObject& self, Args&) -> Value {
         auto keys = self.keys();
         if (keys.empty()) raise(*exc_types().key_error, "popitem(): dictionary is empty");
         Value k = keys.back();
         Value v = *self.find(k);
         self.erase(k);
         return make_tuple({k, v});
       }},
      {"setdefault", [](Interpreter&, DictObject& self, Args& a) -> Value {
         expect_args(a, "setdefault", 1, 2);
         if (const Value* v = self.find(a.pos[0])) return *v;
         Value d = a.pos.size() > 1 ? a.pos[1] : Value();
         self.set(a.pos[0], d);
         return d;
       }},
      {"update", [](Interpreter& in, DictObject& self, Args& a) -> Value {
         if (a.pos.size() > 1) raise_type_error(fmt::format("update expected at most 1 argument, got {}", a.pos.size()));
         update_dict(in, self, a.pos.empty() ? nullptr : &a.pos[0], a);
         return Value();
       }},
      {"copy", [](Interpreter&, DictObject& self, Args&) -> Value {
         auto out = std::make_shared<DictObject>();
         self.for_each([&](const Value& k, const Value& v) { out->set(k, v); });
         return Value(out);
       }},
      {"clear", [](Interpreter&, DictObject& self, Args&) -> Value {
         self.clear();
         return Value();
       }},
  };
  return table;
}

Value self_value(SetObject& self) { return Value(self.shared_from_this()); }
Value set_copy(Interpreter& in, SetObject& self) {
  Value v = self_value(self);
  return Value(new_set_basetype(in, self, &v));
}

// set_union / set_intersection_multi / set_difference_multi (setobject.c).
Value set_union(Interpreter& in, SetObject& self, Args& a) {
  Value result = set_copy(in, self);
  for (const auto& other : a.pos)
    if (other.as<SetObject>() != &self) set_update_from(in, *result.as<SetObject>(), other);
  return result;
}
Value set_intersection(Interpreter& in, SetObject& self, Args& a) {
  if (a.pos.empty()) return set_copy(in, self);
  Value result = self_value(self);
  for (const auto& other : a.pos) result = set_and(in, *result.as<SetObject>(), other);
  return result;
}
Value set_difference(Interpreter& in, SetObject& self, Args& a) {
  if (a.pos.empty()) return set_copy(in, self);
  Value result = set_sub(in, self, a.pos[0]);
  for (size_t i = 1; i < a.pos.size(); ++i) set_difference_update_with(in, *result.as<SetObject>(), a.pos[i]);
  return result;
}
Value set_symmetric_difference(Interpreter& in, SetObject& self, Args& a) {
  expect_args(a, "symmetric_difference", 1, 1);
  return set_xor(in, self, a.pos[0]);
}

const MethodTable<SetObject>& frozenset_methods() {
  static const MethodTable<SetObject> table{
      {"union", set_union},
      {"intersection", set_intersection},
      {"difference", set_difference},
      {"symmetric_difference", set_symmetric_difference},
      {"issubset", [](Interpreter& in, SetObject& self, Args& a) -> Value {
         expect_args(a, "issubset", 1, 1);
         return set_issubset_of(in, self, a.pos[0]);
       }},
      {"issuperset", [](Interpreter& in, SetObject& self, Args& a) -> Value {
         expect_args(a, "issuperset", 1, 1);
         return set_issuperset_of(in, self, a.pos[0]);
       }},
      {"isdisjoint", [](Interpreter& in, SetObject& self, Args& a) -> Value {
         expect_args(a, "isdisjoint", 1, 1);
         return set_isdisjoint_with(in, self, a.pos[0]);
       }},
      {"copy", [](Interpreter& in, SetObject& self, Args&) -> Value {
         if (&self.type() == types().frozenset) return self_value(self);
         return set_copy(in, self);
       }},
  };
  return table;
}

const MethodTable<SetObject>& set_methods() {
  static const MethodTable<SetObject> table = [] {
    std::vector<std::pair<const std::string_view, MethodTable<SetObject>::Method>> entries{
        {"add", [](Interpreter&, SetObject& self, Args& a) -> Value {
           expect_args(a, "set.add", 1, 1);
           self.add(a.pos[0]);
           return Value();
         }},
        {"remove", [](Interpreter&, SetObject& self, Args& a) -> Value {
           expect_args(a, "set.remove", 1, 1);
           if (!self.remove(a.pos[0])) raise_key_error(a.pos[0]);
           return Value();
         }},
        {"discard", [](Interpreter&, SetObject& self, Args& a) -> Value {
           expect_args(a, "set.discard", 1, 1);
           self.remove(a.pos[0]);
           return Value();
         }},
        {"pop", [](Interpreter&, SetObject& self, Args& a) -> Value {
           expect_args(a, "set.pop", 0, 0);
           std::optional<Value> v = table_of(self).pop();
           if (!v) raise(*exc_types().key_error, "pop from an empty set");
           return *v;
         }},
        {"clear", [](Interpreter&, SetObject& self, Args&) -> Value {
           self.clear();
           return Value();
         }},
        {"update", [](Interpreter& in, SetObject& self, Args& a) -> Value {
           for (const auto& other : a.pos) set_update_from(in, self, other);
           return Value();
         }},
        {"intersection_update", [](Interpreter& in, SetObject& self, Args& a) -> Value {
           Value result = set_intersection(in, self, a);
           table_of(self).swap_bodies(table_of(*result.as<SetObject>()));
           return Value();
         }},
        {"difference_update", [](Interpreter& in, SetObject& self, Args& a) -> Value {
           for (const auto& other : a.pos) set_difference_update_with(in, self, other);
           return Value();
         }},
        {"symmetric_difference_update", [](Interpreter& in, SetObject& self, Args& a) -> Value {
           expect_args(a, "symmetric_difference_update", 1, 1);
           set_symmetric_difference_update_with(in, self, a.pos[0]);
           return Value();
         }},
    };
    for (const auto& [name, method] : frozenset_methods().entries()) entries.emplace_back(name, method);
    return MethodTable<SetObject>(entries);
  }();
  return table;
}

template <class T>
void register_methods(TypeObject& t, const MethodTable<T>& table) {
  for (const auto& name : table.names()) {
    auto m = table.find(name);
    add_method(t, name, [m](Interpreter& in, const Value& self, Args& a) { return m(in, *self.as<T>(), a); });
  }
}

}  // namespace

std::optional<Value> TupleObject::get_attr(Interpreter&, std::string_view name) {
  for (size_t i = 0; i < field_names.size() && i < items.size(); ++i)
    if (field_names[i] == name) return items[i];
  return std::nullopt;
}
std::vector<std::string> TupleObject::attr_names() const { return field_names; }

void install_container_methods() {
  auto& t = mutable_types();
  register_methods(*t.list, list_methods());
  register_methods(*t.tuple, tuple_methods());
  register_methods(*t.dict, dict_methods());
  register_methods(*t.set, set_methods());
  register_methods(*t.frozenset, frozenset_methods());
  // dict.fromkeys(iterable, value=None): a classmethod, so a subclass makes
  // an instance of itself (its __init__ and __setitem__ run).
  t.dict->dict().set_str(
      "fromkeys", Value(std::make_shared<ClassMethodObject>(t.classmethod, make_builtin("fromkeys", [](Interpreter& in, Args& a) -> Value {
        expect_no_kwargs(a, "fromkeys");
        if (a.pos.size() < 2) raise_type_error(fmt::format("fromkeys expected at least 1 argument, got {}", a.pos.size() - std::min<size_t>(a.pos.size(), 1)));
        if (a.pos.size() > 3) raise_type_error(fmt::format("fromkeys expected at most 2 arguments, got {}", a.pos.size() - 1));
        Value value = a.pos.size() > 2 ? a.pos[2] : Value();
        Value d = call(in, a.pos[0], {});
        for_each(in, a.pos[1], [&](const Value& k) {
          set_item(in, d, k, value);
          return true;
        });
        return d;
      }))));
  // slice.indices(length): (start, stop, step) clamped to a sequence of that length.
  add_method(*t.slice, "indices", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_no_kwargs(a, "indices");
    expect_args(a, "indices", 1, 1);
    int64_t length = to_index(in, a.pos[0]);
    if (length < 0) raise_value_error("length should not be negative");
    auto b = self.as<SliceObject>()->indices(length);
    return make_tuple({Value(b.start), Value(b.stop), Value(b.step)});
  });
  add_method(*t.size, "numel", [](Interpreter&, const Value& self, Args&) -> Value {
    int64_t n = 1;
    for (const auto& v : self.as<TupleObject>()->items) n *= v.to_int();
    return n;
  });
}

}  // namespace backstep::rt

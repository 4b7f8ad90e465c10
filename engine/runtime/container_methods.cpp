// Methods of list, tuple (and torch.Size, named tuples), dict and set.
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {

Value call_builtin_sorted(Interpreter& in, Args& a);

namespace {

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
      {"numel", [](Interpreter&, TupleObject& self, Args&) -> Value {  // torch.Size.numel()
         int64_t n = 1;
         for (const auto& v : self.items) n *= v.to_int();
         return n;
       }},
  };
  return table;
}

const MethodTable<DictObject>& dict_methods() {
  static const MethodTable<DictObject> table{
      {"keys", [](Interpreter&, DictObject& self, Args&) -> Value {
         return Value(std::make_shared<DictViewObject>("dict_keys", self.keys()));
       }},
      {"values", [](Interpreter&, DictObject& self, Args&) -> Value {
         std::vector<Value> out;
         self.for_each([&](const Value&, const Value& v) { out.push_back(v); });
         return Value(std::make_shared<DictViewObject>("dict_values", std::move(out)));
       }},
      {"items", [](Interpreter&, DictObject& self, Args&) -> Value {
         std::vector<Value> out;
         self.for_each([&](const Value& k, const Value& v) { out.push_back(make_tuple({k, v})); });
         return Value(std::make_shared<DictViewObject>("dict_items", std::move(out)));
       }},
      {"get", [](Interpreter&, DictObject& self, Args& a) -> Value {
         expect_args(a, "get", 1, 2);
         check_hashable(a.pos[0]);
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
         if (!a.pos.empty()) {
           if (auto* other = a.pos[0].as<DictObject>()) {
             other->for_each([&](const Value& k, const Value& v) { self.set(k, v); });
           } else {
             for_each(in, a.pos[0], [&](const Value& item) {
               auto pair = to_vector(in, item);
               if (pair.size() != 2) raise_value_error("dictionary update sequence element has wrong length");
               self.set(pair[0], pair[1]);
               return true;
             });
           }
         }
         for (const auto& kw : a.kw) self.set(make_str(kw.name), kw.value);
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

const MethodTable<SetObject>& set_methods() {
  static const MethodTable<SetObject> table{
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
      {"update", [](Interpreter& in, SetObject& self, Args& a) -> Value {
         for (const auto& it : a.pos)
           for (const auto& v : to_vector(in, it)) self.add(v);
         return Value();
       }},
      {"union", [](Interpreter& in, SetObject& self, Args& a) -> Value {
         auto out = std::make_shared<SetObject>();
         for (const auto& v : self.items()) out->add(v);
         for (const auto& it : a.pos)
           for (const auto& v : to_vector(in, it)) out->add(v);
         return Value(out);
       }},
      {"intersection", [](Interpreter& in, SetObject& self, Args& a) -> Value {
         auto out = std::make_shared<SetObject>();
         auto other = to_vector(in, a.pos.at(0));
         for (const auto& v : other)
           if (self.contains(v)) out->add(v);
         return Value(out);
       }},
      {"difference", [](Interpreter& in, SetObject& self, Args& a) -> Value {
         auto out = std::make_shared<SetObject>();
         SetObject other;
         for (const auto& v : to_vector(in, a.pos.at(0))) other.add(v);
         for (const auto& v : self.items())
           if (!other.contains(v)) out->add(v);
         return Value(out);
       }},
      {"copy", [](Interpreter&, SetObject& self, Args&) -> Value {
         auto out = std::make_shared<SetObject>();
         for (const auto& v : self.items()) out->add(v);
         return Value(out);
       }},
  };
  return table;
}

}  // namespace

std::optional<Value> ListObject::get_attr(Interpreter&, std::string_view name) { return list_methods().bind(*this, name, "list"); }
std::vector<std::string> ListObject::attr_names() const { return list_methods().names(); }
std::optional<Value> ListObject::call_method(Interpreter& in, std::string_view name, Args& args) {
  auto m = list_methods().find(name);
  if (!m) return std::nullopt;
  return m(in, *this, args);
}

std::optional<Value> TupleObject::get_attr(Interpreter&, std::string_view name) {
  for (size_t i = 0; i < field_names.size() && i < items.size(); ++i)
    if (field_names[i] == name) return items[i];
  if (name == "numel" && flavour != Flavour::Size) return std::nullopt;
  return tuple_methods().bind(*this, name, flavour == Flavour::Size ? "Size" : "tuple");
}
std::vector<std::string> TupleObject::attr_names() const {
  auto names = tuple_methods().names();
  names.insert(names.end(), field_names.begin(), field_names.end());
  return names;
}

std::optional<Value> DictObject::get_attr(Interpreter&, std::string_view name) { return dict_methods().bind(*this, name, "dict"); }
std::vector<std::string> DictObject::attr_names() const { return dict_methods().names(); }
std::optional<Value> DictObject::call_method(Interpreter& in, std::string_view name, Args& args) {
  auto m = dict_methods().find(name);
  if (!m) return std::nullopt;
  return m(in, *this, args);
}

std::optional<Value> SetObject::get_attr(Interpreter&, std::string_view name) { return set_methods().bind(*this, name, "set"); }

}  // namespace backstep::rt

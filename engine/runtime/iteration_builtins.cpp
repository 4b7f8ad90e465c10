// iter, next, enumerate, zip, map, filter and reversed: lazy, as in Python 3
// (zip(a_generator, b) pulls one item from each per step, and stops early).
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc_captures.h"
#include "engine/runtime/generator.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/iterator_types.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

namespace {

Value iterator(std::string name, IteratorObject::Next next) {
  return named_iterator(std::make_shared<IteratorObject>(std::move(name), std::move(next)));
}

// An iterator whose next function reads its values from `box` (Note
// [captures of C++ closures] in gc_captures.cpp): `next` gets them, and is
// not called once the collector emptied the box.
template <class F>
Value boxed_iterator(std::string name, std::vector<Value> values, F next) {
  auto box = make_gc_captures(std::move(values));
  auto it = std::make_shared<IteratorObject>(std::move(name), [box, next](Interpreter& in) -> std::optional<Value> {
    if (box->released()) return std::nullopt;
    return next(in, box->values);
  });
  gc_register_captures(*it, std::move(box));
  return named_iterator(std::move(it));
}

Value b_iter(Interpreter& in, Args& a) {
  expect_args(a, "iter", 1, 2);
  if (a.pos.size() == 1) return make_iterator(in, a.pos[0]);
  // iter(callable, sentinel): call until the sentinel comes back.
  Value fn = a.pos[0], sentinel = a.pos[1];
  if (!is_callable(fn)) raise_type_error("iter(v, w): v must be callable");
  return boxed_iterator("callable_iterator", {fn, sentinel}, [](Interpreter& in, std::vector<Value>& held) -> std::optional<Value> {
    Value fn = held[0], sentinel = held[1];
    Value v = in.call(fn, {});
    if (equals(in, v, sentinel)) return std::nullopt;
    return v;
  });
}

Value b_next(Interpreter& in, Args& a) {
  expect_args(a, "next", 1, 2);
  if (!type_of(a.pos[0]).slots.next)
    raise_type_error(fmt::format("'{}' object is not an iterator", type_name(a.pos[0])));
  if (auto v = iterator_next(in, a.pos[0])) return *v;
  if (a.pos.size() > 1) return a.pos[1];
  std::vector<Value> args;
  if (auto* g = a.pos[0].as<GeneratorObject>())  // a generator's return value rides on StopIteration
    if (Value r = g->take_return_value(); !r.is_none()) args.push_back(std::move(r));
  throw ScriptError(std::make_shared<ExceptionObject>(*exc_types().stop_iteration, std::move(args)));
}

Value b_enumerate(Interpreter& in, Args& a) {
  const Value* iterable = a.pos.empty() ? a.find_kw("iterable") : &a.pos[0];
  if (!iterable) raise_type_error("enumerate() missing required argument 'iterable' (pos 1)");
  const Value* start = a.pos.size() > 1 ? &a.pos[1] : a.find_kw("start");
  int64_t i = start ? to_index(in, *start) : 0;
  Value it = make_iterator(in, *iterable);
  auto n = std::make_shared<int64_t>(i);
  return boxed_iterator("enumerate", {it}, [n](Interpreter& in, std::vector<Value>& held) -> std::optional<Value> {
    Value it = held[0];
    auto v = iterator_next(in, it);
    if (!v) return std::nullopt;
    return make_tuple({Value((*n)++), *v});
  });
}

Value b_zip(Interpreter& in, Args& a) {
  const Value* strict_arg = a.find_kw("strict");
  bool strict = strict_arg && truthy(in, *strict_arg);
  std::vector<Value> iterators;
  for (const auto& v : a.pos) iterators.push_back(make_iterator(in, v));
  if (iterators.empty()) return iterator("zip", [](Interpreter&) -> std::optional<Value> { return std::nullopt; });
  return boxed_iterator("zip", std::move(iterators), [strict](Interpreter& in, std::vector<Value>& held) -> std::optional<Value> {
    const std::vector<Value>* its = &held;  // not emptied meanwhile: a running iterator is held by its caller
    std::vector<Value> row;
    for (size_t k = 0; k < its->size(); ++k) {
      auto v = iterator_next(in, (*its)[k]);
      if (!v) {
        if (strict && k > 0)
          raise_value_error(fmt::format("zip() argument {} is shorter than argument{} {}", k + 1, k > 1 ? "s 1-" : " ",
                                        k));
        if (strict && k == 0)
          for (size_t j = 1; j < its->size(); ++j)
            if (iterator_next(in, (*its)[j]))
              raise_value_error(fmt::format("zip() argument {} is longer than argument{} {}", j + 1,
                                            j > 1 ? "s 1-" : " ", j));
        return std::nullopt;
      }
      row.push_back(std::move(*v));
    }
    return make_tuple(std::move(row));
  });
}

Value b_map(Interpreter& in, Args& a) {
  if (a.pos.size() < 2) raise_type_error("map() must have at least two arguments.");
  std::vector<Value> held{a.pos[0]};  // the function, then the iterators
  for (size_t i = 1; i < a.pos.size(); ++i) held.push_back(make_iterator(in, a.pos[i]));
  return boxed_iterator("map", std::move(held), [](Interpreter& in, std::vector<Value>& box) -> std::optional<Value> {
    const Value& fn = box[0];  // not emptied meanwhile: a running iterator is held by its caller
    Args call_args;
    for (size_t i = 1; i < box.size(); ++i) {
      const Value& it = box[i];
      auto v = iterator_next(in, it);
      if (!v) return std::nullopt;
      call_args.pos.push_back(std::move(*v));
    }
    return in.call(fn, call_args);
  });
}

Value b_filter(Interpreter& in, Args& a) {
  expect_args(a, "filter", 2, 2);
  Value fn = a.pos[0];
  Value it = make_iterator(in, a.pos[1]);
  return boxed_iterator("filter", {fn, it}, [](Interpreter& in, std::vector<Value>& held) -> std::optional<Value> {
    Value fn = held[0], it = held[1];
    while (auto v = iterator_next(in, it))
      if (truthy(in, fn.is_none() ? *v : in.call(fn, {*v}))) return v;
    return std::nullopt;
  });
}

Value b_reversed(Interpreter& in, Args& a) {
  expect_args(a, "reversed", 1, 1);
  const Value& seq = a.pos[0];
  const TypeObject& t = type_of(seq);
  // `__reversed__ = None` (collections.abc.Mapping) says "not reversible".
  if (const Value* m = t.lookup("__reversed__"); m && m->is_none())
    raise_type_error(fmt::format("'{}' object is not reversible", t.name()));
  if (auto r = lookup_special(in, seq, "__reversed__")) return call(in, *r, {});
  if (!t.slots.len || !t.slots.getitem || seq.as<DictObject>())
    raise_type_error(fmt::format("'{}' object is not reversible", t.name()));
  auto i = std::make_shared<int64_t>(length(in, seq));
  std::string name = seq.as<ListObject>() ? "list_reverseiterator" : seq.as<RangeObject>() ? "range_iterator" : "reversed";
  return boxed_iterator(name, {seq}, [i](Interpreter& in, std::vector<Value>& held) -> std::optional<Value> {
    Value seq = held[0];
    if (*i <= 0) return std::nullopt;
    int64_t n = length(in, seq);
    if (*i > n) *i = n;
    if (*i <= 0) return std::nullopt;
    return get_item(in, seq, Value(--*i));
  });
}

}  // namespace

void install_iteration_builtins(Interpreter& in) {
  static const std::pair<const char*, Value (*)(Interpreter&, Args&)> functions[] = {
      {"iter", b_iter}, {"next", b_next},     {"enumerate", b_enumerate}, {"zip", b_zip},
      {"map", b_map},   {"filter", b_filter}, {"reversed", b_reversed},
  };
  for (const auto& [name, fn] : functions) in.set_builtin(name, make_builtin(name, fn));
}

}  // namespace backstep::rt

// Callables implemented in C++: builtin functions and methods of builtin
// objects. Script functions (def, lambda) live in script_function.h.
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <functional>
#include <unordered_map>

namespace backstep::rt {

class BuiltinFunction : public Object, public KindTag<ObjKind::Builtin> {
 public:
  using Fn = std::function<Value(Interpreter&, Args&)>;
  // `owner` is what repr names for a method ("list" in
  // <built-in method append of list object at 0x...>); empty for functions.
  BuiltinFunction(std::string name, Fn fn, std::string owner = {}, uintptr_t owner_id = 0)
      : Object(ObjKind::Builtin), name_(std::move(name)), fn_(std::move(fn)),
        owner_(std::move(owner)), owner_id_(owner_id) {}

  const TypeObject& native_type() const override { return *types().builtin_function; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;
  bool callable() const override { return true; }
  Value call(Interpreter& in, Args& args) override { return fn_(in, args); }
  const std::string& name() const { return name_; }

  // What the function answers for __self__ (the object a builtin method is
  // bound to), __module__ and __doc__; unset: None, "builtins" for a plain
  // function, and CPython's docstring for the functions in builtins.
  void set_self(Value self) { self_ = std::move(self); }
  void set_module(std::string module) { module_ = std::move(module); }
  void set_doc(Value doc) { doc_ = std::move(doc); }
  // A method of a builtin class: its __qualname__ is "list.append".
  void set_defining_class(const TypeObject* t) { defining_class_ = t; }

 private:
  std::string name_;
  Fn fn_;
  std::string owner_;
  uintptr_t owner_id_;
  Value self_;
  std::optional<std::string> module_;
  std::optional<Value> doc_;
  const TypeObject* defining_class_ = nullptr;
};

Value make_builtin(std::string name, BuiltinFunction::Fn fn);

// A callable with its first argument bound: what `obj.method` evaluates to
// when the method is itself a callable value (tensor methods, script
// callables stored on objects).
class BoundMethod : public Object, public KindTag<ObjKind::BoundMethod> {
 public:
  BoundMethod(Value self, Value func, std::string name)
      : Object(ObjKind::BoundMethod), self(std::move(self)), func(std::move(func)), name(std::move(name)) {}
  const TypeObject& native_type() const override { return *types().method; }
  void gc_traverse(GcVisitor& v) const override;
  std::string repr(Interpreter& in) const override;
  bool callable() const override { return true; }
  Value call(Interpreter& in, Args& args) override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;

  const Value self;
  const Value func;
  const std::string name;
};

// A table of methods of a builtin object type T, looked up by name. Used
// both for `obj.method` (which makes a bound BuiltinFunction) and the
// allocation-free `obj.method(...)` path.
template <class T>
class MethodTable {
 public:
  using Method = Value (*)(Interpreter&, T&, Args&);
  MethodTable(std::initializer_list<std::pair<const std::string_view, Method>> entries) : map_(entries) {}
  explicit MethodTable(const std::vector<std::pair<const std::string_view, Method>>& entries)
      : map_(entries.begin(), entries.end()) {}
  Method find(std::string_view name) const {
    auto it = map_.find(name);
    return it == map_.end() ? nullptr : it->second;
  }
  // The entries, keyed by views of the literals the table was made from.
  const std::unordered_map<std::string_view, Method>& entries() const { return map_; }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [k, v] : map_) out.emplace_back(k);
    return out;
  }
 private:
  std::unordered_map<std::string_view, Method> map_;
};

// Argument checking for builtins, with CPython's messages.
void expect_args(const Args& a, const char* fn, size_t min, size_t max);
void expect_no_kwargs(const Args& a, const char* fn);
// Positional-or-keyword lookup: a.pos[index] or a.kw[name], else nullptr.
const Value* arg_or_kw(const Args& a, size_t index, std::string_view name);

}  // namespace backstep::rt

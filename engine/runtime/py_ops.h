// Python's object protocol over Values: repr/str, truthiness, hashing,
// equality, operators, indexing, attributes, calls and iteration. Each
// operation asks the operand's type (its slots, type_object.h); nothing here
// knows any particular class beyond the cheap paths for ints and floats.
#pragma once

#include "engine/lang/ast.h"
#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

namespace backstep::rt {

const char* binop_symbol(BinOp op);  // "+", "@", ...
const char* cmpop_symbol(CmpOp op);
const char* binop_dunder(BinOp op);          // "__add__"
const char* binop_reflected_dunder(BinOp op);  // "__radd__"
const char* binop_inplace_dunder(BinOp op);    // "__iadd__"

// Which class a tensor value is (torch.Tensor, nn.Parameter, a subclass):
// the torch layer knows, and registers how to ask.
using TensorClassHook = const TypeObject& (*)(const Value&);
void set_tensor_class_hook(TensorClassHook hook);
namespace detail {
extern TensorClassHook g_tensor_class;
}  // namespace detail
// Inline: the first step of every operation.
inline const TypeObject& type_of(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Object: return v.object_ptr()->type();
    case Value::Kind::None: return *types().none;
    case Value::Kind::Bool: return *types().bool_;
    case Value::Kind::Int: return *types().int_;
    case Value::Kind::Float: return *types().float_;
    case Value::Kind::Tensor: return detail::g_tensor_class ? detail::g_tensor_class(v) : *types().tensor;
  }
  return *types().object;
}
std::string type_name(const Value& v);  // "int", "Tensor", "list"
inline bool isinstance(const Value& v, const TypeObject& t) { return type_of(v).is_subtype_of(t); }

std::string repr(Interpreter& in, const Value& v);
std::string str(Interpreter& in, const Value& v);
bool truthy(Interpreter& in, const Value& v);
// hash(); raises TypeError("unhashable type: 'list'").
int64_t hash_value(Interpreter& in, const Value& v);

// Python `==` reduced to a bool (for containers, `in`, dict keys):
// identity first, then value equality.
bool equals(Interpreter& in, const Value& a, const Value& b);
bool is_same(const Value& a, const Value& b);  // Python `is`
uintptr_t identity(const Value& v);            // id()

// `site` is the operator's AST cache slot (tensor operands cache their
// overload there), or null. The slot is passed through a thread-local
// (current_site()) to the tensor type's slots, which own what is cached.
Value binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site = nullptr);
// a op= b: __iadd__ and friends (in place for tensors and lists), else binary().
Value inplace_binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site = nullptr);
Value compare(Interpreter& in, CmpOp op, const Value& a, const Value& b);
Value unary(Interpreter& in, UnaryOp op, const Value& v);
// The call-site cache slot of the operation being dispatched (see binary()).
namespace detail {
extern thread_local constinit std::shared_ptr<void>* t_site;  // py_ops.cpp
}  // namespace detail
inline std::shared_ptr<void>* current_site() { return detail::t_site; }
// Publishes an operation's call-site cache while its slot runs (inline:
// every call and operator makes one).
class SiteScope {
 public:
  explicit SiteScope(std::shared_ptr<void>* site) : saved_(detail::t_site) { detail::t_site = site; }
  ~SiteScope() { detail::t_site = saved_; }
  SiteScope(const SiteScope&) = delete;
  SiteScope& operator=(const SiteScope&) = delete;

 private:
  std::shared_ptr<void>* saved_;
};

int64_t length(Interpreter& in, const Value& v);
bool contains(Interpreter& in, const Value& container, const Value& item);
Value get_item(Interpreter& in, const Value& obj, const Value& key);
void set_item(Interpreter& in, const Value& obj, const Value& key, const Value& v);
void del_item(Interpreter& in, const Value& obj, const Value& key);

Value get_attr(Interpreter& in, const Value& obj, std::string_view name);
std::optional<Value> try_get_attr(Interpreter& in, const Value& obj, std::string_view name);
void set_attr(Interpreter& in, const Value& obj, std::string_view name, const Value& v);
void del_attr(Interpreter& in, const Value& obj, std::string_view name);
[[noreturn]] void raise_no_attribute(const Value& obj, std::string_view name);
std::vector<std::string> attr_names(Interpreter& in, const Value& obj);
// A special method looked up on the type only, as CPython does for dunders
// (instance attributes never count): the bound callable, or nullopt.
std::optional<Value> lookup_special(Interpreter& in, const Value& obj, std::string_view name);

// `site`: the call's AST cache slot; operator calls (torch.add(...)) keep
// their chosen overload there.
Value call(Interpreter& in, const Value& callee, Args& args, std::shared_ptr<void>* site = nullptr);
inline Value call(Interpreter& in, const Value& callee, std::initializer_list<Value> args) {
  Args a(args);
  return call(in, callee, a);
}
bool is_callable(const Value& v);
// obj.name(args) without materialising a bound method when avoidable.
Value call_method(Interpreter& in, const Value& obj, std::string_view name, Args& args,
                  std::shared_ptr<void>* site = nullptr);
// A descriptor's value for `obj` (None: looked up on the class `owner`).
Value bind_descriptor(Interpreter& in, const Value& descr, const Value& obj, const TypeObject& owner);

// Iteration. for_each stops early when the callback returns false.
void for_each(Interpreter& in, const Value& iterable, const std::function<bool(const Value&)>& f);
std::vector<Value> to_vector(Interpreter& in, const Value& iterable);
Value make_iterator(Interpreter& in, const Value& iterable);  // iter(x)
// next(it): nullopt when exhausted.
std::optional<Value> iterator_next(Interpreter& in, const Value& iterator);

// Converting Python numbers: raises TypeError with Python's message.
int64_t to_index(Interpreter& in, const Value& v, const char* what = "indices");
double to_double(Interpreter& in, const Value& v);

// Normalises a Python index for a sequence of `length` items; raises
// IndexError("<what> index out of range") when out of bounds.
int64_t normalize_index(int64_t index, int64_t length, const char* what);

// Guards repr() of containers against themselves: `l = [1]; l.append(l)`
// prints [1, [...]], as Py_ReprEnter does.
// Counts one level of C++ recursion on data (Note [Recursion in native code]).
class NativeRecursion {
 public:
  NativeRecursion(Interpreter& in, const char* where);
  ~NativeRecursion();
  NativeRecursion(const NativeRecursion&) = delete;
  NativeRecursion& operator=(const NativeRecursion&) = delete;

 private:
  Interpreter& in_;
};

class ReprGuard {
 public:
  ReprGuard(Interpreter& in, const void* obj);
  ~ReprGuard();
  ReprGuard(const ReprGuard&) = delete;
  ReprGuard& operator=(const ReprGuard&) = delete;
  bool recursive() const { return recursive_; }

 private:
  Interpreter& in_;
  const void* obj_;
  bool recursive_;
};

}  // namespace backstep::rt

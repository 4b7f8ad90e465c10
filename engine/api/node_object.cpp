#include "engine/api/node_object.h"

#include "engine/api/function_api.h"
#include "engine/api/saved_hooks.h"
#include "engine/api/script_hooks.h"
#include "engine/autograd/saved_fields.h"
#include "engine/runtime/big_int.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/torch/torch_objects.h"

#include <torch/csrc/autograd/functions/accumulate_grad.h>

#include <fmt/format.h>

#include <mutex>
#include <unordered_map>

namespace backstep::api {

namespace ag = torch::autograd;

namespace {

// Node -> its live script object. Weak, so a node's object dies with the
// last script reference (and the node can be freed with its graph).
std::unordered_map<const ag::Node*, std::weak_ptr<NodeObject>>& node_cache() {
  static auto* cache = new std::unordered_map<const ag::Node*, std::weak_ptr<NodeObject>>();
  return *cache;
}

// A Scalar as Python shows it: bool, int or float, as the Scalar holds it.
// PyTorch's generated `_saved_*` properties convert saved ints, int lists
// and SymInts as unsigned 64-bit (saved Scalars keep their sign): a saved
// dim of -1 reads as 18446744073709551615 there, so it does here.
Value saved_int(int64_t x) {
  if (x >= 0) return Value(x);
  mpz_class u;
  mpz_set_ui(u.get_mpz_t(), static_cast<unsigned long>(static_cast<uint64_t>(x)));
  return rt::make_int(u);
}

Value scalar_to_script(const c10::IValue& v) {
  if (v.isBool()) return Value(v.toBool());
  if (v.isInt()) return Value(v.toInt());
  return Value(v.toDouble());
}

Value saved_value_to_script(const autograd::SavedValue& sv) {
  using autograd::SavedKind;
  const c10::IValue& v = sv.value;
  if (v.isNone()) return Value();
  switch (sv.kind) {
    case SavedKind::Tensor: return Value(v.toTensor());
    case SavedKind::TensorList: {
      std::vector<Value> out;
      for (const auto& t : v.toList()) {
        const c10::IValue& item = t;
        out.push_back(item.isNone() ? Value() : Value(item.toTensor()));
      }
      return rt::make_tuple(std::move(out));
    }
    case SavedKind::Int:
    case SavedKind::SymInt: return saved_int(v.toInt());
    case SavedKind::IntList:
    case SavedKind::SymIntList: {
      std::vector<Value> out;
      for (int64_t x : v.toIntVector()) out.push_back(saved_int(x));
      return rt::make_tuple(std::move(out));
    }
    case SavedKind::Float: return Value(v.toDouble());
    case SavedKind::FloatList: {
      std::vector<Value> out;
      for (double x : v.toDoubleVector()) out.emplace_back(x);
      return rt::make_tuple(std::move(out));
    }
    case SavedKind::Bool: return Value(v.toBool());
    case SavedKind::Scalar: return scalar_to_script(v);
    case SavedKind::ScalarList: {
      std::vector<Value> out;
      for (const auto& x : v.toListRef()) out.push_back(scalar_to_script(x));
      return rt::make_tuple(std::move(out));
    }
    case SavedKind::ScalarType: return torchb::dtype_object(static_cast<c10::ScalarType>(v.toInt()));
    case SavedKind::String: return rt::make_str(v.toStringRef());
    case SavedKind::Opaque: return rt::make_str(sv.text);
  }
  return Value();
}

}  // namespace

bool NodeObject::is_instance(const rt::Object& o) { return dynamic_cast<const NodeObject*>(&o) != nullptr; }

std::string node_name(const ag::Node& node) { return node.name(); }

std::string python_type_name(const ag::Node& node) {
  std::string name = node.name();
  if (autograd::saved_fields_of(node)) return autograd::has_python_class(node) ? name : "CppFunction";
  // libtorch's own nodes: the class PyTorch registers is named without the namespace
  const std::string_view ns = "torch::autograd::";
  return name.rfind(ns, 0) == 0 ? name.substr(ns.size()) : name;
}

// Note [node classes]: PyTorch gives each kind of node a class of its own:
// type(fn).__name__ is "MulBackward0" (module builtins), and graph walkers
// such as torchviz's make_dot label nodes with it. Each is made here on first
// sight, once per process (classes are immortal), as a subclass of
// torch.autograd.graph.Node: PyTorch's Node is an ABC that claims these
// classes through __subclasshook__, so isinstance and issubclass answer as
// there; only __mro__ shows Node between the class and object.
const rt::TypeObject& NodeObject::native_type() const {
  static std::mutex mutex;
  static std::unordered_map<std::string, rt::TypeObject*> classes;
  std::string name = python_type_name(*node_);
  std::lock_guard<std::mutex> lock(mutex);
  rt::TypeObject*& type = classes[name];
  if (!type) type = rt::new_type(name, "builtins", rt::mutable_types().node);
  return *type;
}

std::string NodeObject::repr(Interpreter&) const {
  return fmt::format("<{} object at {:#x}>", python_type_name(*node_), address());
}

std::string NodeObject::attr_error_message(std::string_view name) const {
  return fmt::format("'{}' object has no attribute '{}'", python_type_name(*node_), name);
}

Value node_object(const c10::intrusive_ptr<ag::Node>& node) {
  if (!node) return Value();
  if (auto ctx = function_ctx_of(*node)) return *ctx;  // a custom Function's node is its ctx, as in PyTorch
  auto& cache = node_cache();
  auto it = cache.find(node.get());
  if (it != cache.end())
    if (auto live = it->second.lock(); live && live->shared_node() == node) return Value(live);
  auto obj = std::make_shared<NodeObject>(node);
  cache[node.get()] = obj;
  if (cache.size() > 4096 && cache.size() % 4096 == 0)  // occasionally drop dead entries
    for (auto i = cache.begin(); i != cache.end();) i = i->second.expired() ? cache.erase(i) : std::next(i);
  return Value(obj);
}

std::optional<Value> NodeObject::call_method(Interpreter& in, std::string_view name, rt::Args& args) {
  if (name == "name") {
    rt::expect_args(args, "name", 0, 0);
    return rt::make_str(node_name(*node_));
  }
  if (name == "register_hook") {
    rt::expect_args(args, "register_hook", 1, 1);
    return register_node_posthook(in, *node_, args.pos[0]);
  }
  if (name == "register_prehook") {
    rt::expect_args(args, "register_prehook", 1, 1);
    return register_node_prehook(in, *node_, args.pos[0]);
  }
  return std::nullopt;
}

std::optional<Value> NodeObject::get_attr(Interpreter& in, std::string_view name) {
  if (name == "name" || name == "register_hook" || name == "register_prehook") {
    auto self = std::static_pointer_cast<NodeObject>(shared_from_this());
    std::string method(name);
    return rt::make_builtin(method, [self, method](Interpreter& inner, rt::Args& a) {
      return *self->call_method(inner, method, a);
    });
  }
  if (name == "metadata") return node_metadata_dict(*node_);
  if (name == "next_functions") {
    std::vector<Value> out;
    for (const auto& edge : node_->next_edges())
      out.push_back(rt::make_tuple({node_object(edge.function), Value(static_cast<int64_t>(edge.input_nr))}));
    return rt::make_tuple(std::move(out));
  }
  if (name == "variable") {
    if (auto* acc = dynamic_cast<ag::AccumulateGrad*>(node_.get())) return Value(acc->variable);
    return std::nullopt;
  }
  // _saved_<field> and _raw_saved_<field>: generated accessors for every node type.
  if (name.rfind("_raw_saved_", 0) == 0) {
    std::string field(name.substr(11));
    const auto* fields = autograd::saved_fields_of(*node_);
    if (!fields) return std::nullopt;
    for (const auto& f : *fields) {
      if (f.name != field || !f.has_raw || !f.python_visible) continue;
      if (auto* sv = autograd::raw_saved_variable(*node_, field)) return raw_saved_object(node_, sv);
      if (auto* list = autograd::raw_saved_variable_list(*node_, field)) {
        std::vector<Value> items;
        for (auto& v : *list) items.push_back(raw_saved_object(node_, &v));
        return rt::make_tuple(std::move(items));
      }
    }
    return std::nullopt;
  }
  if (name.rfind("_saved_", 0) == 0) {
    std::string field(name.substr(7));
    const auto* fields = autograd::saved_fields_of(*node_);
    if (!fields) return std::nullopt;
    for (const auto& f : *fields) {
      if (f.name != field || !f.python_visible) continue;
      return saved_value_to_script(autograd::read_saved_field(*node_, field));
    }
    return std::nullopt;
  }
  (void)in;
  return std::nullopt;
}

std::vector<std::string> NodeObject::attr_names() const {
  std::vector<std::string> out = {"name", "next_functions", "metadata", "register_hook", "register_prehook"};
  if (const auto* fields = autograd::saved_fields_of(*node_))
    for (const auto& f : *fields) {
      if (f.python_visible) out.push_back("_saved_" + f.name);
      if (f.python_visible && f.has_raw) out.push_back("_raw_saved_" + f.name);
    }
  return out;
}

}  // namespace backstep::api

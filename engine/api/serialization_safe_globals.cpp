// torch.serialization: save, load, and the weights_only allowlist a script
// extends (add_safe_globals, safe_globals, get_safe_globals,
// clear_safe_globals). A global is named as PyTorch names it,
// f"{obj.__module__}.{obj.__qualname__}", or given as (obj, "full.name").
#include "engine/api/serialization.h"

#include "engine/runtime/context_manager.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <map>

namespace backstep::api::serial {

namespace {

using rt::Args;
using rt::Interpreter;
using rt::Value;

// Full name -> the object, in the order they were added.
std::vector<std::pair<std::string, Value>>& user_globals() {
  static std::vector<std::pair<std::string, Value>> g;
  return g;
}

std::string str_attr(Interpreter& in, const Value& v, const char* name) {
  auto a = rt::try_get_attr(in, v, name);
  return a && a->as<rt::StrObject>() ? a->as<rt::StrObject>()->value : "";
}

std::pair<std::string, Value> named_global(Interpreter& in, const Value& item) {
  if (auto* t = item.as<rt::TupleObject>()) {
    if (t->items.size() != 2)
      rt::raise_value_error(fmt::format(
          "Expected tuple of length 2 (global, str of callable full path), but got tuple of length: {}",
          t->items.size()));
    auto* name = t->items[1].as<rt::StrObject>();
    if (!name)
      rt::raise_type_error(fmt::format("Expected second item in tuple to be str of callable full path, but got: {}",
                                       rt::repr(in, rt::type_value(rt::type_of(t->items[1])))));
    return {name->value, t->items[0]};
  }
  std::string module = str_attr(in, item, "__module__");
  if (module.empty()) module = "builtins";
  return {module + "." + str_attr(in, item, "__qualname__"), item};
}

void add_globals(Interpreter& in, const Value& list) {
  for (const Value& item : rt::to_vector(in, list)) {
    auto entry = named_global(in, item);
    bool known = false;
    for (auto& g : user_globals())
      if (g.first == entry.first) known = true;
    if (!known) user_globals().push_back(std::move(entry));
  }
}

// with torch.serialization.safe_globals([...]): the allowlist as it was is put back on exit.
class SafeGlobals : public rt::Object, public rt::ContextManager {
 public:
  explicit SafeGlobals(Value list) : Object(rt::ObjKind::Other), list_(std::move(list)) {}
  Value enter(Interpreter& in) override {
    saved_ = user_globals();
    add_globals(in, list_);
    return Value();
  }
  bool exit(Interpreter&, const rt::ScriptError*) override {
    user_globals() = saved_;
    return false;
  }

 private:
  Value list_;
  std::vector<std::pair<std::string, Value>> saved_;
};

Value make_serialization_module(Interpreter& in) {
  auto m = rt::make_module("torch.serialization");
  Value torch = in.import_module("torch");
  m->set("save", rt::get_attr(in, torch, "save"));
  m->set("load", rt::get_attr(in, torch, "load"));
  m->set("DEFAULT_PROTOCOL", Value(int64_t(2)));
  m->def("add_safe_globals", [](Interpreter& in, Args& a) {
    if (a.pos.size() != 1) rt::raise_type_error("add_safe_globals() takes 1 positional argument");
    add_globals(in, a.pos[0]);
    return Value();
  });
  m->def("get_safe_globals", [](Interpreter&, Args&) {
    std::vector<Value> out;
    for (auto& g : user_globals()) out.push_back(g.second);
    return rt::make_list(std::move(out));
  });
  m->def("clear_safe_globals", [](Interpreter&, Args&) {
    user_globals().clear();
    return Value();
  });
  m->def("safe_globals", [](Interpreter&, Args& a) -> Value {
    if (a.pos.size() != 1) rt::raise_type_error("safe_globals() takes 1 positional argument");
    return Value(std::make_shared<SafeGlobals>(a.pos[0]));
  });
  return Value(m);
}

}  // namespace

const Value* user_safe_global(const std::string& full_name) {
  for (auto& g : user_globals())
    if (g.first == full_name) return &g.second;
  return nullptr;
}

void install_serialization_module(Interpreter& in) { in.register_module("torch.serialization", make_serialization_module); }

}  // namespace backstep::api::serial

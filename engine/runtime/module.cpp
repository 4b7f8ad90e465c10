#include "engine/runtime/module.h"

#include "engine/runtime/function.h"
#include "engine/runtime/module_mirror.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

std::optional<Value> ModuleGlobals::get(std::string_view name) const {
  const uint32_t* slot = names.find(name);
  if (!slot || *slot >= values.size() || is_unbound(values[*slot])) return std::nullopt;
  return values[*slot];
}

void ModuleGlobals::set(std::string_view name, Value v) {
  uint32_t slot = names.intern(name);
  if (slot >= values.size()) grow();
  if (t_module_mirrors) mirror_store(*this, slot, v);  // Note [globals() is live]
  values[slot] = std::move(v);
}

bool ModuleGlobals::erase(std::string_view name) {
  const uint32_t* slot = names.find(name);
  if (!slot || *slot >= values.size() || is_unbound(values[*slot])) return false;
  if (t_module_mirrors) mirror_erase(*this, *slot);
  values[*slot] = unbound();
  return true;
}

std::vector<std::string> ModuleGlobals::bound_names() const {
  std::vector<std::string> out;
  for (size_t i = 0; i < values.size(); ++i)
    if (!is_unbound(values[i])) out.push_back(names.name(static_cast<uint32_t>(i)));
  return out;
}

std::string ModuleObject::repr(Interpreter&) const {
  if (ns_) return "<module '" + name_ + "' from '" + file_ + "'>";
  return "<module '" + name_ + "' (built-in)>";
}

std::optional<Value> ModuleObject::get_attr(Interpreter& in, std::string_view name) {
  if (ns_) {
    if (auto v = ns_->get(name)) return v;
  }
  auto it = attrs_.find(name);
  if (it != attrs_.end()) return it->second;
  if (name == "__name__") return make_str(name_);
  if (name == "__dict__") return namespace_dict();
  if (fallback_) {
    auto v = fallback_(in, name);
    if (v) attrs_.emplace(std::string(name), *v);  // later lookups are a map hit
    if (v) return v;
  }
  // PEP 562: a module-level __getattr__(name) answers for names the module
  // lacks; what it raises (AttributeError or anything else) propagates.
  std::optional<Value> hook = ns_ ? ns_->get("__getattr__") : std::nullopt;
  if (!hook) {
    auto h = attrs_.find("__getattr__");
    if (h == attrs_.end()) return std::nullopt;
    hook = h->second;
  }
  Args args{make_str(std::string(name))};
  return rt::call(in, *hook, args);
}

bool ModuleObject::set_attr(Interpreter&, std::string_view name, const Value& v) {
  if (ns_) ns_->set(name, v);
  else attrs_[std::string(name)] = v;
  return true;
}

std::string ModuleObject::attr_error_message(std::string_view name) const {
  return fmt::format("module '{}' has no attribute '{}'", name_, name);
}

std::vector<std::string> ModuleObject::attr_names() const {
  std::vector<std::string> out = ns_ ? ns_->bound_names() : std::vector<std::string>{};
  for (const auto& [k, v] : attrs_) out.push_back(k);
  if (fallback_names_)
    for (auto& n : fallback_names_()) out.push_back(std::move(n));
  return out;
}

// A module written in Python: its live namespace (Note [globals() is live]
// in module_mirror.h). A native module: a snapshot of its attributes.
Value ModuleObject::namespace_dict() const {
  if (ns_) {
    std::shared_ptr<DictObject> live = module_live_dict(*ns_);
    if (!live->find_str("__name__")) live->set_str("__name__", make_str(name_));
    return Value(std::move(live));
  }
  auto d = std::make_shared<DictObject>();
  if (!attrs_.count("__name__") && !(ns_ && ns_->get("__name__"))) d->set_str("__name__", make_str(name_));
  if (ns_)
    for (size_t i = 0; i < ns_->values.size(); ++i)
      if (!is_unbound(ns_->values[i])) d->set_str(ns_->names.name(static_cast<uint32_t>(i)), ns_->values[i]);
  for (const auto& [k, v] : attrs_) d->set_str(k, v);
  return Value(std::move(d));
}

void ModuleObject::def(std::string name, std::function<Value(Interpreter&, Args&)> fn) {
  std::string n = name;
  attrs_[std::move(name)] = make_builtin(std::move(n), std::move(fn));
}

std::shared_ptr<ModuleObject> make_module(std::string name) { return std::make_shared<ModuleObject>(std::move(name)); }

}  // namespace backstep::rt

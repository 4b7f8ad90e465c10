// Modules. Native ones (torch, torch.nn.functional, math, ...) have a name,
// fixed attributes, and optionally a fallback that produces attributes on
// demand (torch.<any aten operator>), cached after the first lookup. A module
// written in Python (the program's own files, backstep's pylib) has its
// global namespace as its attributes: the module object and the code running
// in it read and write the same ModuleGlobals.
#pragma once

#include "engine/lang/resolver.h"
#include "engine/runtime/objects.h"

#include <functional>
#include <map>

namespace backstep::rt {

// A value stored in a global slot that was declared but never assigned.
const Value& unbound();
namespace detail {
// unbound()'s object, set when unbound() first runs (before anything can
// hold it): is_unbound is a pointer compare, no guarded static.
extern const Object* g_unbound_object;
}  // namespace detail
inline bool is_unbound(const Value& v) {
  const Object* o = v.object_ptr();
  return o && o == detail::g_unbound_object;
}

// One module's globals. The resolver numbers the module's global names once
// (`names`), so code reads a global by index; the values are a vector
// indexed the same way, unbound() where a name is known but not bound.
struct ModuleGlobals : std::enable_shared_from_this<ModuleGlobals> {
  lang::GlobalNames names;
  std::vector<Value> values;
  bool initializing = false;  // its module's body is still running

  std::optional<Value> get(std::string_view name) const;
  void set(std::string_view name, Value v);
  bool erase(std::string_view name);  // false when it was not bound
  std::vector<std::string> bound_names() const;
  // After resolving new code against `names`: room for its new slots.
  void grow() { values.resize(names.size(), unbound()); }
};

class ModuleObject : public Object, public KindTag<ObjKind::Module> {
 public:
  using Fallback = std::function<std::optional<Value>(Interpreter&, std::string_view)>;
  using Names = std::function<std::vector<std::string>()>;

  explicit ModuleObject(std::string name) : Object(ObjKind::Module), name_(std::move(name)) {}
  const TypeObject& native_type() const override { return *types().module; }
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  bool set_attr(Interpreter& in, std::string_view name, const Value& v) override;
  std::string attr_error_message(std::string_view name) const override;
  std::vector<std::string> attr_names() const override;

  const std::string& name() const { return name_; }
  // module.__dict__
  Value namespace_dict() const;
  void set(std::string name, Value v) { attrs_[std::move(name)] = std::move(v); }
  void set_fallback(Fallback f, Names names = nullptr) {
    fallback_ = std::move(f);
    fallback_names_ = std::move(names);
  }
  // Adds a builtin function attribute.
  void def(std::string name, std::function<Value(Interpreter&, Args&)> fn);

  // A module made from Python source: its attributes are its globals.
  void set_namespace(std::shared_ptr<ModuleGlobals> ns, std::string file) {
    ns_ = std::move(ns);
    file_ = std::move(file);
  }
  const std::shared_ptr<ModuleGlobals>& ns() const { return ns_; }
  const std::string& file() const { return file_; }

 private:
  std::string name_;
  std::shared_ptr<ModuleGlobals> ns_;
  std::string file_;
  std::map<std::string, Value, std::less<>> attrs_;
  Fallback fallback_;
  Names fallback_names_;
};

std::shared_ptr<ModuleObject> make_module(std::string name);

}  // namespace backstep::rt

// Native modules (torch, torch.nn.functional, math, ...): a name, fixed
// attributes, and optionally a fallback that produces attributes on demand
// (torch.<any aten operator>), cached after the first lookup.
#pragma once

#include "engine/runtime/objects.h"

#include <functional>
#include <map>

namespace backstep::rt {

class ModuleObject : public Object, public KindTag<ObjKind::Module> {
 public:
  using Fallback = std::function<std::optional<Value>(Interpreter&, std::string_view)>;
  using Names = std::function<std::vector<std::string>()>;

  explicit ModuleObject(std::string name) : Object(ObjKind::Module), name_(std::move(name)) {}
  const TypeObject& native_type() const override { return *types().module; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  bool set_attr(Interpreter& in, std::string_view name, const Value& v) override;
  std::string attr_error_message(std::string_view name) const override;
  std::vector<std::string> attr_names() const override;

  const std::string& name() const { return name_; }
  void set(std::string name, Value v) { attrs_[std::move(name)] = std::move(v); }
  void set_fallback(Fallback f, Names names = nullptr) {
    fallback_ = std::move(f);
    fallback_names_ = std::move(names);
  }
  // Adds a builtin function attribute.
  void def(std::string name, std::function<Value(Interpreter&, Args&)> fn);

 private:
  std::string name_;
  std::map<std::string, Value, std::less<>> attrs_;
  Fallback fallback_;
  Names fallback_names_;
};

std::shared_ptr<ModuleObject> make_module(std::string name);

}  // namespace backstep::rt

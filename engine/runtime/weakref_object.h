// Weak references: what weakref.ref and weakref.proxy make (weakref_module.cpp).
// A weak reference does not keep its referent alive; it goes dead when the
// referent is freed, and its callback (if any) then runs with it as the
// argument (Note [finalizers] in gc_finalizers.cpp).
#pragma once

#include "engine/runtime/object.h"

#include <optional>

namespace backstep::rt {

class WeakRefObject : public Object {
 public:
  enum class Kind : uint8_t { Ref, Proxy, CallableProxy };
  // Registers itself with `target` (register_weakref).
  WeakRefObject(const TypeObject& cls, Object& target, Value callback, Kind kind);
  ~WeakRefObject() override;
  const TypeObject& native_type() const override;
  static const TypeObject& native_type_of(Kind k);
  std::string repr(Interpreter& in) const override;
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;

  // The referent, null once it is gone (or while it waits for its __del__).
  Ref referent() const;
  bool is_proxy() const { return kind != Kind::Ref; }

  Value callback;  // None: no callback
  const Kind kind;
  std::optional<int64_t> hash;  // the referent's, kept once asked for
  // Set and cleared under the weakref registry's lock (gc_finalizers.cpp).
  Object* target = nullptr;
};

const TypeObject* weakref_type();         // weakref.ReferenceType
const TypeObject* weakproxy_type();       // weakref.ProxyType
const TypeObject* weakcallableproxy_type();  // weakref.CallableProxyType

}  // namespace backstep::rt

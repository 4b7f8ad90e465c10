// Per-call-site caches for attribute reads, attribute stores and method
// calls (`obj.x`, `obj.x = v`, `obj.m(...)`).
//
// Note [Attribute call-site caches]
// The generic attribute protocol (generic_getattr, instance.h) first looks
// the name up along the class's MRO. An attribute node remembers, for the
// last class seen there, where that lookup found the name (a pointer to the
// value in a class namespace) or that it found none, valid under the same
// rule as the type attribute cache's entries (Note [The type attribute
// cache] in type_object.cpp): the class's version is the same (class
// attribute assignment and deletion, a new MRO bump it) and no namespace on
// the MRO gained or lost a key since. A value replaced in place keeps its
// entry, so the pointer reads the new value. Everything else is decided
// afresh on each use, in generic_getattr's order: whether the class
// attribute is a descriptor and of which kind (the value, or its type's
// slots, may have changed), the instance __dict__, whether the class still
// uses the generic protocol (__getattribute__ or __setattr__ assigned later
// change its slot), and the object's class (`obj.__class__ = C`: the cache
// is keyed on the class, not the object). Dunder names (__class__ and
// __dict__ are special-cased) always take the full path.
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <memory>
#include <string_view>

namespace backstep::rt {

class ScriptFunction;

// obj.name through the site's cache (same result as get_attr).
Value cached_get_attr(Interpreter& in, const Value& obj, std::string_view name, std::shared_ptr<void>& site);
// obj.name = v through the site's cache (same effect as set_attr).
void cached_set_attr(Interpreter& in, const Value& obj, std::string_view name, const Value& v,
                     std::shared_ptr<void>& site);
// For obj.name(...): the plain function the class provides when calling it
// is calling that function with obj first (no __getattribute__, no instance
// attribute shadowing it), as the class namespace holds it; null otherwise,
// with nothing evaluated or called.
const Value* cached_method(const Value& obj, std::string_view name, std::shared_ptr<void>& site);

}  // namespace backstep::rt

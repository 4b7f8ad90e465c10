// The classes of builtin iterators, named as CPython names them:
// type(iter([])) is <class 'list_iterator'>, type(iter(b'')) is
// <class 'bytes_iterator'>, type(zip()) is <class 'zip'>, ...
#pragma once

#include "engine/runtime/objects.h"

#include <memory>
#include <string_view>

namespace backstep::rt {

// The class for an iterator called `name`: a subclass of the generic
// iterator class (so it shares its slots and __length_hint__), made once per
// name. "iterator" is the generic class itself.
const TypeObject* iterator_class(std::string_view name);

// Gives `it` the class its type name says and returns it as a Value.
Value named_iterator(std::shared_ptr<IteratorObject> it);

}  // namespace backstep::rt

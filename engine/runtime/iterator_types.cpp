// Note [iterator classes]
// Every builtin iterator is one C++ IteratorObject (a next function and a
// length hint); what tells them apart in Python is the class. Each name gets
// its own class the first time an iterator of that name is made, a final
// subclass of the generic `iterator` class: its slots and methods are the
// generic ones, and isinstance(it, type(iter([]))) works. (CPython's MRO is
// (list_iterator, object); ours has `iterator` between them.)
#include "engine/runtime/iterator_types.h"

#include <mutex>
#include <string>
#include <unordered_map>

namespace backstep::rt {

const TypeObject* iterator_class(std::string_view name) {
  if (name == "iterator") return types().iterator;
  // Loops make many iterators of one kind: remember the last class per thread.
  thread_local const TypeObject* last = nullptr;
  if (last && last->name() == name) return last;
  static std::mutex mutex;
  static std::unordered_map<std::string, TypeObject*> classes;
  std::lock_guard<std::mutex> lock(mutex);
  TypeObject*& cls = classes[std::string(name)];
  if (!cls) {
    cls = new_type(std::string(name), "", mutable_types().iterator);
    cls->set_final(true);
  }
  last = cls;
  return cls;
}

Value named_iterator(std::shared_ptr<IteratorObject> it) {
  it->set_class(iterator_class(it->type_name()));
  return Value(std::move(it));
}

}  // namespace backstep::rt

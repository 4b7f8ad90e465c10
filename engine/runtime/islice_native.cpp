// Note [itertools.islice's native step]
// islice is a pylib class (engine/pylib/itertools/_terminating.py): its
// __init__ checks the arguments with CPython's messages, isinstance and
// subclassing work as for any class. Its per-item step is native: the class
// derives from `_backstep.islice_base`, whose __iter__/__next__ are slots
// (a subclass inherits a builtin's slot, not a trampoline), and __next__
// steps the state __init__ made with `_backstep.islice_state(iterator,
// start, stop, step)`: CPython's islice_next, without a script call per item.
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc_captures.h"
#include "engine/runtime/iterator_types.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

namespace backstep::rt {

namespace {

// CPython's islice object fields: items consumed so far, the index of the
// next item to return, the stop (-1: none) and the step.
struct IsliceCounters {
  int64_t consumed = 0;
  int64_t next = 0;
  int64_t stop = -1;
  int64_t step = 1;
};

std::optional<Value> islice_step(Interpreter& in, const Value& source, IsliceCounters& c) {
  while (c.consumed < c.next) {
    if (!iterator_next(in, source)) return std::nullopt;
    ++c.consumed;
  }
  if (c.stop != -1 && c.consumed >= c.stop) return std::nullopt;
  std::optional<Value> item = iterator_next(in, source);
  if (!item) return std::nullopt;
  ++c.consumed;
  int64_t following = c.next + c.step;
  if (following < c.next || (c.stop != -1 && following > c.stop)) following = c.stop;  // never past stop
  c.next = following;
  return item;
}

int64_t int_arg(const Value& v, const char* what) {
  if (!v.is_int()) raise_type_error(std::string("islice_state: ") + what + " must be an int");
  return v.as_int();
}

// islice_state(iterator, start, stop_or_None, step): the checked values.
Value islice_state(Interpreter&, Args& a) {
  expect_args(a, "islice_state", 4, 4);
  IsliceCounters c;
  c.next = int_arg(a.pos[1], "start");
  c.stop = a.pos[2].is_none() ? -1 : int_arg(a.pos[2], "stop");
  c.step = int_arg(a.pos[3], "step");
  auto box = make_gc_captures({a.pos[0]});  // Note [captures of C++ closures]
  auto it = std::make_shared<IteratorObject>("islice_state", [box, c](Interpreter& in) mutable -> std::optional<Value> {
    if (box->released()) return std::nullopt;
    Value source = box->values[0];
    return islice_step(in, source, c);
  });
  gc_register_captures(*it, std::move(box));
  return named_iterator(std::move(it));
}

// islice_base.__next__: steps the instance's `_native` state.
std::optional<Value> islice_next(Interpreter& in, const Value& self) {
  Object* o = self.object_ptr();
  DictObject* d = o ? o->instance_dict() : nullptr;
  const Value* found = d ? d->find_str("_native") : nullptr;
  if (!found) return std::nullopt;
  Value state = *found;  // held while the source runs script code
  auto* it = state.as<IteratorObject>();
  if (!it) return std::nullopt;
  return it->next(in);
}

TypeObject* islice_base() {
  static TypeObject* t = [] {
    TypeObject* made = new_type("islice_base", "_backstep", mutable_types().object);
    made->slots.iter = [](Interpreter&, const Value& v) { return v; };
    made->slots.next = &islice_next;
    add_slot_wrappers(*made);
    return made;
  }();
  return t;
}

}  // namespace

void add_islice_primitives(ModuleObject& m) {
  m.def("islice_state", islice_state);
  m.set("islice_base", type_value(*islice_base()));
}

}  // namespace backstep::rt

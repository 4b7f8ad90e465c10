// Heap objects of the script language and the call convention.
//
// Every value has a type object (type_object.h), and every protocol
// operation -- attribute access, operators, len, iteration, calls, repr --
// goes through that type's slots, for builtin classes, torch classes and
// user classes alike (CPython's tp_* slots, pocketpy's bind__add__).
//
// Objects defined in C++ still describe themselves with a few virtual
// functions (repr, native attributes, calls): those are what the *default*
// slots of their type call. A user class that derives from a builtin one
// (class Config(dict)) gets slots that call its dunder methods where it
// defines them and the builtin's slots elsewhere.
#pragma once

#include "engine/runtime/gc_header.h"
#include "engine/runtime/value.h"

#include <c10/util/SmallVector.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::rt {

class Interpreter;
class TypeObject;
class DictObject;
class GcVisitor;
class Object;

// Puts a new object of a container kind on the cycle collector's youngest
// generation (gc.cpp); objects of other kinds are tracked once they get a
// __dict__.
void gc_on_create(Object& o);

// The C++ layout of an object: what a static_cast may assume. A user class
// instance has the layout of its builtin base (Instance for plain classes,
// List for subclasses of list, ...), so `as<ListObject>()` accepts them, as
// PyList_Check accepts subclasses.
enum class ObjKind : uint8_t {
  Str,
  List,
  Tuple,  // also torch.Size and named tuples (torch.return_types.*)
  Dict,
  Set,
  Slice,
  Ellipsis,
  Range,
  Iterator,
  Function,     // a script function or lambda
  Builtin,      // a function implemented in C++
  BoundMethod,  // a callable with a bound first argument
  Module,
  Type,
  Exception,
  Cell,
  Instance,     // an instance of a user class deriving from object
  BoxedInt,     // an instance of a subclass of int (IntEnum members)
  BoxedFloat,   // an instance of a subclass of float
  Generator,
  Descriptor,   // property, staticmethod, classmethod, method descriptors
  Other,        // torch objects: dtype, device, grad_fn nodes, handles, context managers, ...
};

// One keyword argument of a call.
struct Kwarg {
  std::string name;
  Value value;
};

// The arguments of a call, after *args and **kwargs were expanded.
struct Args {
  c10::SmallVector<Value, 6> pos;
  c10::SmallVector<Kwarg, 2> kw;

  Args() = default;
  Args(std::initializer_list<Value> values) : pos(values.begin(), values.end()) {}

  size_t size() const { return pos.size(); }
  const Value* find_kw(std::string_view name) const {
    for (const auto& k : kw)
      if (k.name == name) return &k.value;
    return nullptr;
  }
};

class Object : public GcHeader, public std::enable_shared_from_this<Object> {
 public:
  explicit Object(ObjKind kind) : kind_(kind) { gc_on_create(*this); }
  Object(ObjKind kind, const TypeObject* cls) : kind_(kind), cls_(cls) { gc_on_create(*this); }
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object();  // leaves the collector's list (gc.cpp)

  ObjKind kind() const { return kind_; }
  // The script-visible class (what type(x) returns): the class the object
  // was made as (a user subclass), else what its C++ class says it is.
  const TypeObject& type() const { return cls_ ? *cls_ : native_type(); }
  // `obj.__class__ = C` (checked by the caller for a compatible layout).
  void set_class(const TypeObject* cls) { cls_ = cls; }

  // The instance __dict__ (null until something is stored, and for objects
  // whose class gives them none).
  DictObject* instance_dict() const { return dict_.get(); }
  const std::shared_ptr<DictObject>& instance_dict_ref() const { return dict_; }
  DictObject& ensure_instance_dict();
  void set_instance_dict(std::shared_ptr<DictObject> d);

  // --- the cycle collector (Note [cycle collection] in gc.h)
  // Reports each strong reference this object holds to another object (or
  // to a C++ holder of script values) exactly once; references it does not
  // report make their targets live, which is always safe.
  virtual void gc_traverse(GcVisitor& v) const;
  // Drops the references that may form cycles (an unreachable object's).
  virtual void gc_clear();

  // --- what a C++-defined object says about itself (its type's default slots use these)
  virtual const TypeObject& native_type() const;
  virtual std::string repr(Interpreter& in) const;
  virtual std::string str(Interpreter& in) const { return repr(in); }
  // Attributes computed by the object itself (x.shape of a dtype, a
  // module's members): nullopt when it has no such attribute.
  virtual std::optional<Value> get_attr(Interpreter& in, std::string_view name);
  // x.name = v: false when the object does not take the attribute.
  virtual bool set_attr(Interpreter& in, std::string_view name, const Value& v);
  virtual std::string attr_error_message(std::string_view name) const;
  // Attribute names for dir() and tab completion (besides the type's).
  virtual std::vector<std::string> attr_names() const { return {}; }
  virtual bool callable() const { return false; }
  virtual Value call(Interpreter& in, Args& args);
  // obj.name(args) in one step, skipping the bound-method object; nullopt
  // when the object has no such method of its own.
  virtual std::optional<Value> call_method(Interpreter& in, std::string_view name, Args& args);

  // Identity address as Python's id() shows it.
  uintptr_t address() const { return reinterpret_cast<uintptr_t>(this); }

 private:
  ObjKind kind_;
  const TypeObject* cls_ = nullptr;  // classes are immortal: a raw pointer is safe
  std::shared_ptr<DictObject> dict_;
};

// Checked downcast helpers: every concrete object class defines
// `static bool is_instance(const Object&)` so Value::as<T>() works.
template <ObjKind K>
struct KindTag {
  static bool is_instance(const Object& o) { return o.kind() == K; }
};

}  // namespace backstep::rt

// Classes: what type(x) returns, what isinstance() tests, what `except
// ValueError` matches -- and the slot table every operation dispatches
// through.
//
// Note [classes are immortal]
// Classes, builtin and user-defined, are never freed: values on the
// autograd engine's threads, node metadata and call-site caches point at
// them by raw pointer, and a program makes a bounded number of them. (A
// program that makes classes in an unbounded loop leaks them.)
//
// Note [slots]
// Each class has a table of C++ function pointers, one per protocol
// operation (CPython's tp_*/nb_*/sq_*). Builtin classes fill theirs in C++;
// the tensor class gets its slots from the torch layer, which registers
// them at start-up (so this layer never calls up into it). A user class gets
// a slot wherever its MRO defines the matching dunder: a trampoline that
// looks the dunder up and calls it, or, when the dunder is a builtin class's
// own, that class's slot itself. refresh_slots() recomputes them after the
// class is made and whenever a dunder is assigned on it or a base.
#pragma once

#include "engine/lang/ast.h"
#include "engine/runtime/object.h"

#include <functional>

namespace backstep::rt {

using lang::BinOp;
using lang::CmpOp;
using lang::UnaryOp;

constexpr size_t kBinOpCount = 13;   // lang::BinOp values
constexpr size_t kUnaryOpCount = 3;  // Neg, Pos, Invert (Not is truth)

// Results a binary or comparison slot returns when it does not handle the
// operand types (Python's NotImplemented): the other operand's reflected
// slot is tried next.
const Value& not_implemented();
inline bool is_not_implemented(const Value& v) { return v.object_ptr() == not_implemented().object_ptr(); }

struct TypeSlots {
  std::string (*repr)(Interpreter&, const Value&) = nullptr;
  std::string (*str)(Interpreter&, const Value&) = nullptr;
  std::string (*format)(Interpreter&, const Value&, std::string_view spec) = nullptr;
  // Null with `unhashable` set: hash() raises "unhashable type".
  int64_t (*hash)(Interpreter&, const Value&) = nullptr;
  bool unhashable = false;
  bool (*truth)(Interpreter&, const Value&) = nullptr;  // null: len() if any, else true
  int64_t (*len)(Interpreter&, const Value&) = nullptr;

  // Attribute access with the class's full rules (descriptors, instance
  // dict, __getattr__): nullopt when there is no such attribute.
  std::optional<Value> (*getattr)(Interpreter&, const Value&, std::string_view) = nullptr;
  // Attribute names a getattr produces besides the class dict's (a
  // tensor's operators): for dir() and completion.
  std::vector<std::string> (*extra_names)() = nullptr;
  // Set (v non-null) or delete (v null); raises AttributeError itself.
  void (*setattr)(Interpreter&, const Value&, std::string_view, const Value* v) = nullptr;

  // Binary operators handle either operand order (CPython's nb_add): the
  // type of one of the two operands owns the slot. NotImplemented when the
  // combination is not theirs.
  Value (*binary[kBinOpCount])(Interpreter&, const Value&, const Value&) = {};
  Value (*inplace[kBinOpCount])(Interpreter&, const Value&, const Value&) = {};
  // Rich comparison (Eq, Ne, Lt, Le, Gt, Ge); NotImplemented when not handled.
  Value (*compare)(Interpreter&, const Value&, const Value&, CmpOp) = nullptr;
  Value (*unary[kUnaryOpCount])(Interpreter&, const Value&) = {};

  Value (*call)(Interpreter&, const Value&, Args&) = nullptr;
  // obj.name(args) without a bound-method object: nullopt when the type
  // has no fast path for it (the caller then does getattr and call).
  std::optional<Value> (*call_method)(Interpreter&, const Value&, std::string_view, Args&) = nullptr;
  Value (*iter)(Interpreter&, const Value&) = nullptr;
  // The next item, nullopt when exhausted (StopIteration).
  std::optional<Value> (*next)(Interpreter&, const Value&) = nullptr;
  // x in container; null: iterate and compare.
  bool (*contains)(Interpreter&, const Value&, const Value&) = nullptr;
  Value (*getitem)(Interpreter&, const Value&, const Value&) = nullptr;
  // Set (v non-null) or delete (v null).
  void (*setitem)(Interpreter&, const Value&, const Value&, const Value* v) = nullptr;

  // Descriptors: __get__ (obj is None for access through the class) and
  // __set__/__delete__ (a data descriptor has descr_set).
  Value (*descr_get)(Interpreter&, const Value& descr, const Value& obj, const TypeObject& owner) = nullptr;
  void (*descr_set)(Interpreter&, const Value& descr, const Value& obj, const Value* v) = nullptr;

  // Conversions: __index__ (an int), __int__, __float__.
  Value (*index)(Interpreter&, const Value&) = nullptr;
  Value (*to_int)(Interpreter&, const Value&) = nullptr;
  Value (*to_float)(Interpreter&, const Value&) = nullptr;

  // Construction: __new__ makes the object (of class `cls`, a subclass of
  // the slot's owner), __init__ initialises it.
  Value (*new_)(Interpreter&, TypeObject& cls, Args&) = nullptr;
  void (*init)(Interpreter&, const Value& self, Args&) = nullptr;
};

class TypeObject : public Object, public KindTag<ObjKind::Type> {
 public:
  // `module` is what repr shows before the name ("torch" for torch.Tensor);
  // empty for Python builtins (<class 'int'>).
  TypeObject(std::string name, std::string module, std::vector<TypeObject*> bases);

  const TypeObject& native_type() const override;
  const std::string& name() const { return name_; }
  const std::string& qualname() const { return qualname_; }
  void set_qualname(std::string q) { qualname_ = std::move(q); }
  const std::string& module() const { return module_; }
  void set_module(std::string m) { module_ = std::move(m); }
  std::string qualified_name() const;  // "torch.Tensor", "int", "__main__.Net"
  void set_name(std::string n) { name_ = std::move(n); }

  // The first base (Python's __base__ is the "solid" one; for messages and
  // the layout this is close enough) and all of them.
  const TypeObject* base() const { return bases_.empty() ? nullptr : bases_.front(); }
  const std::vector<TypeObject*>& bases() const { return bases_; }
  const std::vector<TypeObject*>& mro() const { return mro_; }
  void set_mro(std::vector<TypeObject*> mro);
  // `C.__bases__ = ...` once checked (type_bases.cpp): the MROs of this
  // class and its subclasses recomputed, all or none (a TypeError leaves
  // them as they were), subclass lists, caches and slots updated.
  void set_bases(std::vector<TypeObject*> bases);
  bool is_subtype_of(const TypeObject& other) const;

  // The class namespace (__dict__): methods, class attributes.
  DictObject& dict() const { return *dict_; }
  // Looks `name` up along the MRO (CPython's _PyType_Lookup): the value in
  // the first class that defines it, or null.
  const Value* lookup(std::string_view name) const;
  // The class that defines `name` (for super() and slot inheritance).
  const TypeObject* lookup_owner(std::string_view name) const;
  // Stores into the namespace and keeps slots and caches in step.
  void set_class_attr(std::string_view name, Value v);
  void del_class_attr(std::string_view name);

  TypeSlots slots;
  // Bumped whenever this class's or a base's namespace changes: call sites
  // cache lookups against it.
  uint64_t version() const { return version_; }
  void invalidate();  // this class and its subclasses

  // --- properties of the class ------------------------------------------
  // A class made by a `class` statement or type(name, bases, dict).
  bool is_heap_type() const { return heap_; }
  void set_heap_type(bool h) { heap_ = h; }
  // What instances are in C++ (the layout of the builtin class they derive from).
  ObjKind instance_kind() const { return instance_kind_; }
  // A builtin class that brings a layout of its own (list, dict, ...).
  void set_instance_kind(ObjKind k) {
    instance_kind_ = k;
    layout_base_ = this;
  }
  // The builtin class whose C++ layout instances have (object, list, ...).
  const TypeObject* layout_base() const { return layout_base_; }
  void set_layout_base(const TypeObject* t) { layout_base_ = t; }
  // Instances carry a __dict__ (user classes).
  bool instances_have_dict() const { return instances_have_dict_; }
  void set_instances_have_dict(bool b) { instances_have_dict_ = b; }
  // Classes that may not be subclassed (bool, NoneType, function, ...).
  bool is_final() const { return final_; }
  void set_final(bool b) { final_ = b; }
  // Names of abstract methods (__abstractmethods__): instantiating raises.
  const std::vector<std::string>& abstract_methods() const { return abstract_; }
  void set_abstract_methods(std::vector<std::string> names) { abstract_ = std::move(names); }

  std::vector<TypeObject*> subclasses() const { return subclasses_; }
  void add_subclass(TypeObject* t) { subclasses_.push_back(t); }

  // Recomputes the slots of a user class from its MRO (Note [slots]).
  void refresh_slots();

  std::string repr(Interpreter& in) const override;
  std::vector<std::string> attr_names() const override;

 private:
  std::string name_;
  std::string qualname_;
  std::string module_;
  std::vector<TypeObject*> bases_;
  std::vector<TypeObject*> mro_;
  std::shared_ptr<DictObject> dict_;
  std::vector<TypeObject*> subclasses_;
  std::vector<std::string> abstract_;
  uint64_t version_ = 1;
  ObjKind instance_kind_ = ObjKind::Other;
  const TypeObject* layout_base_ = nullptr;
  bool heap_ = false;
  bool instances_have_dict_ = false;
  bool final_ = false;
};

// The builtin classes. Filled once by init_builtin_types() before any script
// runs; read-only afterwards.
struct BuiltinTypes {
  TypeObject* object;
  TypeObject* type;
  TypeObject* none;
  TypeObject* not_implemented;
  TypeObject* bool_;
  TypeObject* int_;
  TypeObject* float_;
  TypeObject* str;
  TypeObject* list;
  TypeObject* tuple;
  TypeObject* dict;
  TypeObject* set;
  TypeObject* frozenset;
  TypeObject* slice;
  TypeObject* ellipsis;
  TypeObject* range;
  TypeObject* iterator;
  TypeObject* function;
  TypeObject* builtin_function;
  TypeObject* method;
  TypeObject* method_descriptor;
  TypeObject* module;
  TypeObject* cell;
  TypeObject* property;
  TypeObject* staticmethod;
  TypeObject* classmethod;
  TypeObject* super;
  TypeObject* generator;
  TypeObject* dict_keys;
  TypeObject* dict_values;
  TypeObject* dict_items;
  // torch classes (their slots come from the torch layer)
  TypeObject* tensor;
  TypeObject* parameter;
  TypeObject* size;
  TypeObject* dtype;
  TypeObject* device;
  TypeObject* layout;
  TypeObject* memory_format;
  TypeObject* node;       // torch.autograd.graph.Node (grad_fn objects)
  TypeObject* generic;    // other torch helper objects (handles, context managers)
};

// Creates a class that lives for the rest of the process (Note [classes are
// immortal]). Builtin classes: instances use `kind`'s layout.
TypeObject* new_type(std::string name, std::string module, std::vector<TypeObject*> bases);
TypeObject* new_type(std::string name, std::string module, TypeObject* base);
// Every class made so far, in the order they were made (bases first).
const std::vector<std::shared_ptr<TypeObject>>& all_types();
// A class as a script value (for type(x), isinstance's argument, ...).
Value type_value(const TypeObject& t);

// Inline: every operation asks types() (type_of, slot checks); the table is
// made by the first call and read through a plain pointer afterwards.
namespace detail {
extern BuiltinTypes* g_builtin_types;
BuiltinTypes& make_builtin_types();
}  // namespace detail
inline const BuiltinTypes& types() {
  BuiltinTypes* t = detail::g_builtin_types;
  return t ? *t : detail::make_builtin_types();
}
inline BuiltinTypes& mutable_types() {  // only for start-up registration
  BuiltinTypes* t = detail::g_builtin_types;
  return t ? *t : detail::make_builtin_types();
}

// `cls.__bases__ = v` (v null: del) with CPython's checks and messages.
void assign_bases(TypeObject& cls, const Value* v);

// C3 linearisation of `bases` for a new class `cls` (CPython's mro());
// raises TypeError("Cannot create a consistent method resolution order (MRO)
// for bases A, B") when there is none.
std::vector<TypeObject*> compute_mro(TypeObject* cls, const std::vector<TypeObject*>& bases);

}  // namespace backstep::rt

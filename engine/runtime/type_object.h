// Script-visible classes: what type(x) returns, what isinstance() tests,
// what `except ValueError` matches. Builtin classes are created once at
// start-up and live for the whole process (they are never freed, so raw
// pointers to them are safe everywhere, also on the autograd engine thread).
#pragma once

#include "engine/runtime/object.h"

#include <functional>
#include <unordered_map>

namespace backstep::rt {

class TypeObject : public Object, public KindTag<ObjKind::Type> {
 public:
  using Constructor = std::function<Value(Interpreter&, Args&)>;

  // `module` is what repr shows before the name ("torch" for torch.Tensor);
  // empty for Python builtins (<class 'int'>).
  TypeObject(std::string name, std::string module, const TypeObject* base,
             Constructor ctor = nullptr);

  const TypeObject& type() const override;
  const std::string& name() const { return name_; }
  std::string qualified_name() const;  // "torch.Tensor", "int"
  const TypeObject* base() const { return base_; }
  bool is_subtype_of(const TypeObject& other) const;

  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;
  bool callable() const override { return true; }
  Value call(Interpreter& in, Args& args) override;

  void set_constructor(Constructor ctor) { ctor_ = std::move(ctor); }
  // Class attributes (e.g. torch.Tensor.add, torch.float32.is_floating_point).
  void set_class_attr(std::string name, Value v) { class_attrs_[std::move(name)] = std::move(v); }

 private:
  std::string name_;
  std::string module_;
  const TypeObject* base_;
  Constructor ctor_;
  std::unordered_map<std::string, Value> class_attrs_;
};

// The builtin classes. Filled once by init_builtin_types() before any script
// runs; read-only afterwards.
struct BuiltinTypes {
  TypeObject* object;
  TypeObject* type;
  TypeObject* none;
  TypeObject* bool_;
  TypeObject* int_;
  TypeObject* float_;
  TypeObject* str;
  TypeObject* list;
  TypeObject* tuple;
  TypeObject* dict;
  TypeObject* set;
  TypeObject* slice;
  TypeObject* ellipsis;
  TypeObject* range;
  TypeObject* iterator;
  TypeObject* function;
  TypeObject* builtin_function;
  TypeObject* method;
  TypeObject* module;
  TypeObject* cell;
  // torch classes
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

// Creates a class that lives for the rest of the process (classes are
// referenced by raw pointer from values that may outlive any owner).
TypeObject* new_type(std::string name, std::string module, const TypeObject* base,
                     TypeObject::Constructor ctor = nullptr);
// A class as a script value (for type(x), isinstance's argument, ...).
Value type_value(const TypeObject& t);

const BuiltinTypes& types();
BuiltinTypes& mutable_types();  // only for start-up registration

}  // namespace backstep::rt

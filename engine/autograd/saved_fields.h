// Saved state of backward nodes, by field name, for every node type libtorch
// generates (the C++ side of PyTorch's `grad_fn._saved_<field>` and
// `grad_fn._raw_saved_<field>`).
//
// The per-type accessors are generated at build time by
// scripts/gen_saved_accessors.py from the installed
// torch/csrc/autograd/generated/Functions.h; only that generated file includes
// the header. This interface needs none of it.
//
// Field names are PyTorch's property names without the `_saved_` prefix:
// the C++ member `self_` is "self", `self_sym_sizes` is "self_sym_sizes".
#pragma once

#include <ATen/core/ivalue.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/saved_variable.h>

#include <string>
#include <string_view>
#include <vector>

namespace backstep::autograd {

enum class SavedKind {
  Tensor,      // value: Tensor, or None for an undefined (absent optional) tensor
  TensorList,  // value: List[Optional[Tensor]] (None for undefined entries); Python shows a tuple
  Int,         // value: int
  IntList,     // value: List[int]; Python shows a tuple of ints
  SymInt,      // value: int (a symbolic SymInt stays a SymInt IValue)
  SymIntList,  // value: List[int]; Python shows a tuple of ints
  Float,       // value: double
  FloatList,   // value: List[float]; Python shows a tuple of floats (upsample's scale_factors)
  Bool,        // value: bool
  Scalar,      // value: int, double, bool or complex, as the Scalar holds it
  ScalarList,  // value: List[Any] of Scalar values; Python shows a tuple (the foreach ops' `scalars`)
  ScalarType,  // value: int holding the at::ScalarType (IValue has no dtype tag); Python: a dtype
  String,      // value: str
  Opaque,      // value: None; `text` shows the value (operator<< where there is one) or the C++ type name
};

// "Tensor", "IntList", ... (the enumerator's name).
const char* to_string(SavedKind kind);

struct SavedFieldInfo {
  std::string name;      // property name without `_saved_` ("self", "self_sym_sizes")
  SavedKind kind;
  bool optional;         // c10::optional<...> / OptionalArray<...>: the value may be None
  std::string cpp_type;  // the member's type as the header spells it
  // Whether PyTorch 2.x has a `_saved_<name>` property for it. Fields without one
  // (ScalarType, TensorOptions, TypeAndSize, TensorGeometry, Layout, nested lists,
  // optional<bool>, size_t list lengths, and every field of a node type without
  // a Python class) are real saved state shown by the debugger, but
  // `dir(grad_fn)` and `grad_fn._saved_<name>` must not list them.
  bool python_visible;
  // A SavedVariable (or a vector of them): has `_raw_saved_<name>`.
  bool has_raw;
};

struct SavedValue {
  SavedKind kind;
  c10::IValue value;  // None for an empty optional or an undefined tensor
  std::string text;   // for Opaque
};

// Field descriptions of a node type by its name() ("MulBackward0"), in the
// header's declaration order; nullptr for unknown types (AccumulateGrad,
// custom and Python-defined nodes). An empty vector for known types that save nothing.
const std::vector<SavedFieldInfo>* saved_fields_of(std::string_view node_name);
// The same for a live node, without calling name() for generated types.
const std::vector<SavedFieldInfo>* saved_fields_of(const torch::autograd::Node& node);

// All node type names the generator saw, in the header's order.
std::vector<std::string_view> known_node_types();

// Whether PyTorch gives the node's type a Python class of its name (with the
// `_saved_*` properties). The foreach nodes PyTorch's codegen derives from the
// per-tensor formulas (ForeachAbsBackward0 ...) have none: Python shows them
// as `CppFunction` objects. False for types without generated accessors.
bool has_python_class(std::string_view node_name);
bool has_python_class(const torch::autograd::Node& node);

// Reads one field of a live node. Tensors are unpacked with the node as owner,
// so saved outputs (`result`) come back with their grad_fn. After the graph was
// released, reading a saved tensor or tensor list throws the c10::Error PyTorch
// throws ("Trying to backward through the graph a second time ..."); other
// kinds stay readable. Throws std::out_of_range for an unknown field (or a node
// type without generated accessors).
SavedValue read_saved_field(torch::autograd::Node& node, std::string_view name);

// All fields of a node, parallel to *saved_fields_of(node); empty for unknown
// types. A field whose read throws (released tensors) is not caught.
std::vector<SavedValue> read_saved_fields(torch::autograd::Node& node);

// The SavedVariable behind `_raw_saved_<name>`; nullptr when the field is not a
// single SavedVariable. Throws std::out_of_range for an unknown field.
torch::autograd::SavedVariable* raw_saved_variable(torch::autograd::Node& node, std::string_view name);
// The vector behind a tensor-list field; nullptr when the field is not one.
// Throws like read_saved_field after release, std::out_of_range for an unknown field.
std::vector<torch::autograd::SavedVariable>* raw_saved_variable_list(torch::autograd::Node& node,
                                                                     std::string_view name);

}  // namespace backstep::autograd

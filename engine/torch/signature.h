// The Python-visible signature of one ATen overload, as PyTorch's generated
// bindings see it.
//
// PyTorch's codegen (torchgen/api/python.py) turns each native function into
// a signature string such as
//   "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"
// and python_arg_parser parses that string into typed parameters. We do the
// same in two steps: python_signature_text() derives the string from the
// c10::FunctionSchema in libtorch's registry (the string is also the first
// sort key of the overload order), and parse_signature() turns a string into
// a Signature. Hand-written strings (deprecated overloads, the few manual
// bindings such as Tensor.to) go through the same parser.
#pragma once

#include "engine/runtime/value.h"

#include <ATen/core/dispatch/Dispatcher.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::torchb {

namespace detail {
struct UnboxedCall;  // unboxed_call.h
}

// python_arg_parser's parameter types.
enum class PType : uint8_t {
  Tensor,
  Scalar,
  Int,
  SymInt,
  Double,
  Complex,
  TensorList,     // Tensor[]
  OptTensorList,  // Tensor?[] (c10::List<c10::optional<Tensor>>)
  IntList,
  SymIntList,
  FloatList,
  ScalarList,
  Generator,
  Bool,
  Storage,
  PyObject,
  ScalarType,
  Layout,
  MemoryFormat,
  QScheme,
  Device,
  Stream,
  String,
};

// The name python_arg_parser shows for a type in error messages ("Number").
const char* ptype_display_name(PType t);

struct Param {
  std::string name;  // Python name ("input" for a function's self)
  PType type = PType::Tensor;
  uint8_t size = 0;          // the N of int[N]: a single int broadcasts
  bool optional = false;     // has a default
  bool allow_none = false;   // '?' or a None default
  bool nullable = false;     // the type itself has '?' (for overload ordering)
  bool keyword_only = false;
  std::string default_text;  // as written in the signature ("False", "None")
  // python_arg_parser reads int defaults with atol(), so the generated
  // "int64_t reduction=at::Reduction::Mean" is 0 (none) when omitted.
  bool zero_default = false;
};

// How a signature's parameters reach the operator's schema arguments.
struct SchemaBinding {
  c10::OperatorHandle op;
  // For each schema argument: the Param index that supplies it, or
  // kSelf (the bound tensor of a method), or kDefault (schema default),
  // or kOutBase + k (element k of a TensorList `out`).
  std::vector<int16_t> arg_source;
  static constexpr int16_t kSelf = -1;
  static constexpr int16_t kDefault = -2;
  static constexpr int16_t kOutBase = 1000;
  // The unboxed path when the schema has a shape it covers, else null.
  std::shared_ptr<const detail::UnboxedCall> unboxed;
};

struct Signature {
  std::string name;  // "add", "add_"
  std::vector<Param> params;
  size_t min_args = 0, max_args = 0, max_pos_args = 0;
  bool hidden = false;      // deprecated signatures never show in errors
  bool deprecated = false;  // and are tried after all others
  bool allow_numbers_as_tensors = false;
  std::string text;  // the full signature string (sort key, debugging)

  // What to call: the functional overload, and the out= overload used when
  // `out` is given (out_param >= 0).
  std::optional<SchemaBinding> base;
  std::optional<SchemaBinding> out;
  int out_param = -1;            // index of the `out` Param
  int requires_grad_param = -1;  // factories: set_requires_grad on the result
  // Manual bindings: values for base-schema arguments (by index) that the
  // call left out or passed as None (Tensor.cuda() means device='cuda').
  std::vector<std::pair<int, c10::IValue>> implicit_args;
  // The few Tensor methods that are not dispatcher operators (size(),
  // dim(), numel(): tensor metadata) run this instead of an operator; `args`
  // holds one converted IValue per Param.
  rt::Value (*native)(const at::Tensor& self, const c10::IValue* args) = nullptr;

  // "(Tensor input, Tensor other, *, Number alpha)" as errors list it.
  std::string display() const;
  bool is_noarg() const { return params.empty(); }
};

// Parses python_arg_parser's signature syntax; suffixes "|deprecated" and
// "|hidden" mark hidden signatures. Throws std::runtime_error on bad input.
Signature parse_signature(std::string_view text);

// The signature string torchgen would generate for `schema` as a function
// (method=false) or as a Tensor method. nullopt when the schema has types
// the Python bindings cannot express (e.g. bool[3]).
// `factory` says whether to add the factory keywords (dtype, layout, device,
// pin_memory, requires_grad); by default is_factory_schema decides.
std::optional<std::string> python_signature_text(const c10::FunctionSchema& schema, bool method,
                                                 bool skip_outputs = false,
                                                 std::optional<bool> factory = std::nullopt);

// Whether torchgen gives `schema` the factory keywords: tensor factories and
// the new_*/ *_like functions. An out= overload has no TensorOptions of its
// own: its functional twin decides for it.
bool is_factory_schema(const c10::FunctionSchema& schema);

// True for overloads whose outputs are kwarg-only mutable arguments (out=).
bool is_out_schema(const c10::FunctionSchema& schema);

// Connects a parsed signature to an operator: each schema argument is
// matched by name ("input" is the schema's "self"); `renames` ("tensor:other")
// maps hand-written parameter names to schema names.
SchemaBinding bind_schema(const Signature& sig, const c10::OperatorHandle& op, bool method,
                          std::string_view renames = {});

}  // namespace backstep::torchb

// Matching call arguments against signatures, as PyTorch's
// torch/csrc/utils/python_arg_parser.cpp (2.x) does, with its error
// messages. Internal to engine/torch.
#pragma once

#include "engine/runtime/object.h"
#include "engine/torch/signature.h"

#include <vector>

namespace backstep::torchb::detail {

namespace rt = backstep::rt;

// Where one Param's value comes from after a successful match.
struct Slot {
  const rt::Value* value = nullptr;  // nullptr: not given, or None
  bool varargs = false;              // int[] made of all positional arguments
};

// FunctionSignature::parse: fills dst (one Slot per Param) and returns true
// when `args` fit `sig`. With raise=true a mismatch raises the TypeError
// PyTorch gives for this one signature. A non-Tensor element in a Tensor
// list raises even with raise=false, as in PyTorch.
bool parse_args(const Signature& sig, const rt::Args& args, Slot* dst, bool raise);

// PythonArgParser::raw_parse: tries the signatures in order and returns the
// index of the first that matches; raises TypeError (PyTorch's "received an
// invalid combination of arguments" or a single-signature message)
// otherwise. `method_owner` ("TensorBase") enables the METH_NOARGS
// messages for methods that take no arguments.
size_t match_signature(const std::vector<Signature>& sigs, const rt::Args& args, const char* method_owner,
                       Slot* dst);

// PythonArgParser::print_error: raises the TypeError for a call no
// signature accepted.
[[noreturn]] void raise_no_match(const std::vector<Signature>& sigs, const rt::Args& args, Slot* scratch);

// The list/tuple items of v, or nullptr (torch.Size is a tuple).
const std::vector<rt::Value>* sequence_items(const rt::Value& v);

// What overload matching asks of a tensor argument, read in one look.
struct TensorTraits {
  bool index = false;       // a one-element integer (or bool) tensor
  bool scalar = false;      // 0-dim and not requiring grad: passes as a Python number
  bool int_scalar = false;  // ... of an integer type (not bool): passes as an int
};
TensorTraits tensor_traits(const at::Tensor& t);

// THPUtils_checkIndex: an int (not bool) or a one-element integer tensor.
bool is_index(const rt::Value& v);
// 0-dim tensors that do not require grad pass as Python numbers.
bool is_scalar_tensor(const rt::Value& v);
// ... and those of an integer type (not bool) as ints.
bool is_int_tensor(const rt::Value& v);

}  // namespace backstep::torchb::detail

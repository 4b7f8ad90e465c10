// The operator bridge: every ATen operator callable by name with PyTorch's
// Python argument rules, through libtorch's dispatcher.
//
// A Python name (`add`, `sum`, `linear`) maps to one OpFamily: the
// Python-visible overloads of `aten::<name>` as torch.X function signatures
// and as Tensor.X method signatures, in the order PyTorch's generated
// bindings try them. call_op() matches the arguments exactly as
// torch/csrc/utils/python_arg_parser.cpp does, converts them to an IValue
// stack, runs the overload with a boxed dispatcher call and converts the
// results back (named tuples as torch.return_types.*).
//
// Cost: matching runs once per call site and argument "shape" (the kind of
// each positional value plus the keyword names); CallSiteCache remembers the
// outcome, so a repeated call only checks the shape, builds the stack and
// dispatches.
#pragma once

#include "engine/runtime/object.h"
#include "engine/torch/signature.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::rt {
class Interpreter;
}

namespace backstep::torchb {

namespace rt = backstep::rt;

// Where a family's function signatures live in Python.
enum class OpModule : char {
  Torch = 'F',    // torch.X (torch._C._VariableFunctions)
  NN = 'n',       // torch._C._nn.X (what torch.nn.functional calls)
  Linalg = 'l',   // torch.linalg.X   (aten::linalg_X)
  Special = 's',  // torch.special.X  (aten::special_X)
  FFT = 'f',      // torch.fft.X      (aten::fft_X)
  Sparse = 'p',
  Nested = 't',
};

struct CallSiteCache;
struct OpFamily;
// A function PyTorch writes in Python over the generated binding
// (torch.norm, torch.einsum(*operands), Tensor.norm): see python_level.cpp.
using PythonLevelFn = rt::Value (*)(rt::Interpreter& in, const OpFamily& family, const rt::Value* self,
                                    rt::Args& args, CallSiteCache* cache);

struct OpFamily {
  std::string name;  // Python name as the bindings spell it: "add", "linalg_norm"
  OpModule module = OpModule::Torch;
  std::vector<Signature> functions;  // torch.X (or module) signatures, in parse order
  std::vector<Signature> methods;    // Tensor.X signatures, in parse order
  PythonLevelFn py_function = nullptr;  // when set, torch.X runs this instead
  PythonLevelFn py_method = nullptr;    // when set, Tensor.X runs this instead
  bool has_function() const { return !functions.empty() || py_function; }
  bool has_method() const { return !methods.empty() || py_method; }
};

// Remembers, for one call site, the overload chosen for one argument shape.
// Owned by the caller (an AST node); not thread-safe (the interpreter
// thread is the only one that runs script code).
struct CallSiteCache {
  CallSiteCache();
  ~CallSiteCache();
  CallSiteCache(CallSiteCache&&) noexcept;
  CallSiteCache& operator=(CallSiteCache&&) noexcept;
  struct Entry;
  std::unique_ptr<Entry> entry;
  uint32_t hits = 0, misses = 0;  // for tests and benchmarks
};

// torch.X: nullptr when there is no such function.
const OpFamily* find_op(std::string_view python_name);
// Tensor.X: nullptr when there is no such method.
const OpFamily* find_method(std::string_view python_name);
// torch._C._nn.X, torch.linalg.X (pass "norm", finds aten::linalg_norm), ...
const OpFamily* find_module_op(OpModule module, std::string_view python_name);

// Runs a family: as a method when `self` is a tensor (bound), else as a
// function. Raises TypeError with PyTorch's messages when nothing matches,
// and the translated libtorch error when the operator fails.
rt::Value call_op(rt::Interpreter& in, const OpFamily& family, const rt::Value* self, rt::Args& args,
                  CallSiteCache* cache);

// call_op without the Python-level layer: the generated binding itself (what
// PyTorch's Python code reaches as torch._C._VariableFunctions.X / _VF.X).
rt::Value call_generated(rt::Interpreter& in, const OpFamily& family, const rt::Value* self, rt::Args& args,
                         CallSiteCache* cache);

// The family behind a torch.X function object, or null for any other value
// (lets the interpreter call it with the call site's own cache).
const OpFamily* op_family_of(const rt::Value& v);

// The callable object for torch.X (cached: the same object each time).
// repr: <built-in method add of type object at 0x...>.
rt::Value op_function_object(const OpFamily& family);

// x.add as a value (a new object each time, as in Python):
// <built-in method add of Tensor object at 0x...>; calling it runs the
// family as a method of `self` (a tensor).
rt::Value bound_method_object(const OpFamily& family, const rt::Value& self);

// The schemas behind a family, for help(torch.add): the Python signatures
// ("torch.add(Tensor input, Tensor other, *, Number alpha=1, Tensor out=None)",
// "Tensor.add(...)"), then the aten schemas they call.
std::vector<std::string> op_schemas_text(const OpFamily& family);

// Every torch.X / Tensor.X name, for tab completion. Sorted, no duplicates.
std::vector<std::string> all_op_names();
std::vector<std::string> all_method_names();

// Called with each tensor an operator is about to modify in place, before
// the call (torch.autograd.graph.allow_mutation_on_saved_tensors clones
// saved originals there). Empty: no observer. Set from the interpreter thread.
using MutationObserver = std::function<void(const at::Tensor&)>;
MutationObserver& mutation_observer();

}  // namespace backstep::torchb

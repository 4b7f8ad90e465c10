#include "engine/torch/unboxed_call.h"

#include <ATen/core/Tensor.h>
#include <ATen/core/jit_type.h>

#include <string>
#include <variant>

namespace backstep::torchb::detail {

namespace {

using T = const at::Tensor&;
using S = const at::Scalar&;

// The shapes, as C++ function types: the handles are typed once, when the
// schema is bound, and checked against the operator's registered signature
// then (typed() throws on a mismatch, and the operator stays boxed).
using FnT = at::Tensor(T);
using FnTT = at::Tensor(T, T);
using FnTTS = at::Tensor(T, T, S);
using FnTS = at::Tensor(T, S);
using FnTSS = at::Tensor(T, S, S);

}  // namespace

struct UnboxedCall {
  std::variant<c10::TypedOperatorHandle<FnT>, c10::TypedOperatorHandle<FnTT>, c10::TypedOperatorHandle<FnTTS>,
               c10::TypedOperatorHandle<FnTS>, c10::TypedOperatorHandle<FnTSS>>
      handle;
};

namespace {

// "TT S": one letter per argument, T for Tensor and S for Scalar; empty
// when the schema has anything else.
std::string shape_of(const c10::FunctionSchema& schema) {
  if (schema.is_vararg() || schema.is_varret() || schema.returns().size() != 1 ||
      schema.returns()[0].type()->kind() != c10::TypeKind::TensorType)
    return "";
  std::string shape;
  for (const auto& arg : schema.arguments()) {
    if (arg.alias_info() && arg.alias_info()->isWrite()) return "";  // in-place and out= stay boxed
    if (arg.kwarg_only() && arg.type()->kind() != c10::TypeKind::NumberType) return "";
    switch (arg.type()->kind()) {
      case c10::TypeKind::TensorType: shape += 'T'; break;
      case c10::TypeKind::NumberType: shape += 'S'; break;
      default: return "";
    }
  }
  return shape;
}

template <class Fn>
std::shared_ptr<const UnboxedCall> typed(const c10::OperatorHandle& op) {
  try {
    return std::make_shared<const UnboxedCall>(UnboxedCall{op.typed<Fn>()});
  } catch (const std::exception&) {
    return nullptr;  // registered with another C++ signature (SymInt, ...): stay boxed
  }
}

}  // namespace

std::shared_ptr<const UnboxedCall> unboxed_call_for(const c10::OperatorHandle& op) {
  if (!op.hasSchema()) return nullptr;
  std::string shape = shape_of(op.schema());
  if (shape == "T") return typed<FnT>(op);
  if (shape == "TT") return typed<FnTT>(op);
  if (shape == "TTS") return typed<FnTTS>(op);
  if (shape == "TS") return typed<FnTS>(op);
  if (shape == "TSS") return typed<FnTSS>(op);
  return nullptr;
}

at::Tensor call_unboxed(const UnboxedCall& call, const torch::jit::Stack& s) {
  // toScalar() builds a Scalar from the IValue (a double, an int, a bool):
  // the same conversion the boxed wrapper makes.
  switch (call.handle.index()) {
    case 0: return std::get<0>(call.handle).call(s[0].toTensor());
    case 1: return std::get<1>(call.handle).call(s[0].toTensor(), s[1].toTensor());
    case 2: return std::get<2>(call.handle).call(s[0].toTensor(), s[1].toTensor(), s[2].toScalar());
    case 3: return std::get<3>(call.handle).call(s[0].toTensor(), s[1].toScalar());
    default: return std::get<4>(call.handle).call(s[0].toTensor(), s[1].toScalar(), s[2].toScalar());
  }
}

}  // namespace backstep::torchb::detail

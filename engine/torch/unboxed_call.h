// The unboxed path into the dispatcher for the commonest operator shapes.
//
// A boxed call (OperatorHandle::callBoxed) hands the kernel a stack of
// IValues that its boxed wrapper unpacks again; for a tiny tensor that
// round trip is a large part of an operator's cost. Operators whose schema
// has one of a few shapes — Tensor and Scalar arguments only, one Tensor
// returned, nothing written in place — are called the way C++'s at::mul
// calls them, through a TypedOperatorHandle. Which shape applies is read
// from the schema, never listed per operator. Internal to engine/torch.
#pragma once

#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/stack.h>

#include <memory>
#include <optional>

namespace backstep::torchb::detail {

struct UnboxedCall;

// The fast path for `op`, or null when its schema has no supported shape.
std::shared_ptr<const UnboxedCall> unboxed_call_for(const c10::OperatorHandle& op);

// Runs the operator with the IValues of `stack` (one per schema argument,
// as a boxed call would take them) and returns its result.
at::Tensor call_unboxed(const UnboxedCall& call, const torch::jit::Stack& stack);

}  // namespace backstep::torchb::detail

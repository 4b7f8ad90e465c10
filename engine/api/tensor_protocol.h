// The Python protocol of torch.Tensor: what the language does when a tensor
// is printed, indexed, iterated, compared, used with an operator, or asked
// for an attribute. py_ops.cpp calls these for tensor operands; the rules
// are PyTorch's (torch/_tensor.py and the C++ Python bindings), implemented
// on top of the operator bridge.
#pragma once

#include "engine/lang/ast.h"
#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <functional>
#include <optional>
#include <string>

namespace backstep::api {

using rt::Args;
using rt::Interpreter;
using rt::Value;

std::string tensor_repr(Interpreter& in, const at::Tensor& t);
const rt::TypeObject& tensor_type(const at::Tensor& t);  // Tensor or Parameter

std::optional<Value> tensor_get_attr(Interpreter& in, const Value& self, std::string_view name);
bool tensor_set_attr(Interpreter& in, const Value& self, std::string_view name, const Value& v);
std::vector<std::string> tensor_attr_names();
// self.name(args): nullopt when tensors have no such method. `site` is the
// call's AST cache slot (see op_site.h), or null.
std::optional<Value> tensor_call_method(Interpreter& in, const Value& self, std::string_view name, Args& args,
                                        std::shared_ptr<void>* site = nullptr);

// Operators with at least one tensor operand. Reflected forms (2 - t) follow
// torch/_tensor.py (__rsub__ is torch.rsub, __rtruediv__ is reciprocal * x).
Value tensor_binary(Interpreter& in, lang::BinOp op, const Value& a, const Value& b,
                    std::shared_ptr<void>* site = nullptr);
Value tensor_inplace(Interpreter& in, lang::BinOp op, const Value& a, const Value& b,
                     std::shared_ptr<void>* site = nullptr);
Value tensor_compare(Interpreter& in, lang::CmpOp op, const Value& a, const Value& b);
Value tensor_unary(Interpreter& in, lang::UnaryOp op, const Value& v);

bool tensor_truthy(const at::Tensor& t);
int64_t tensor_len(const at::Tensor& t);
bool tensor_contains(Interpreter& in, const at::Tensor& t, const Value& item);
Value tensor_get_item(Interpreter& in, const Value& self, const Value& index);
void tensor_set_item(Interpreter& in, const Value& self, const Value& index, const Value& v);
void tensor_for_each(Interpreter& in, const Value& self, const std::function<bool(const Value&)>& f);
// format(t, spec): a 0-d tensor formats its item, as Tensor.__format__ does.
std::string tensor_format(Interpreter& in, const at::Tensor& t, std::string_view spec);
// int(t), float(t), bool(t) of a one-element tensor (Tensor.__int__ ...).
Value tensor_item(Interpreter& in, const at::Tensor& t);
// Calls `callee` with the site's cache when it is an operator function
// (torch.add and friends); nullopt for any other callee.
std::optional<Value> call_operator_at_site(Interpreter& in, const Value& callee, Args& args,
                                           std::shared_ptr<void>* site);

// The legacy type name PyTorch uses in messages: "torch.FloatTensor".
std::string format_tensor_type(const at::Tensor& t);

}  // namespace backstep::api

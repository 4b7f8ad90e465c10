// Python's object protocol over Values: repr/str, truthiness, equality,
// arithmetic and comparison, indexing, attributes, calls and iteration.
// Tensor operands are handed to the torch layer (engine/api/), everything
// else follows CPython's rules and messages.
#pragma once

#include "engine/lang/ast.h"
#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <functional>
#include <string>
#include <vector>

namespace backstep::rt {

using lang::BinOp;
using lang::CmpOp;
using lang::UnaryOp;

const char* binop_symbol(BinOp op);  // "+", "@", ...
const char* cmpop_symbol(CmpOp op);

const TypeObject& type_of(const Value& v);
std::string type_name(const Value& v);  // "int", "Tensor", "list"

std::string repr(Interpreter& in, const Value& v);
std::string str(Interpreter& in, const Value& v);
bool truthy(Interpreter& in, const Value& v);

// Python `==` reduced to a bool (for containers, `in`, dict keys):
// identity first, then value equality; tensors compare by identity here.
bool equals(Interpreter& in, const Value& a, const Value& b);
bool is_same(const Value& a, const Value& b);  // Python `is`
uintptr_t identity(const Value& v);            // id()

// `site` is the operator's AST cache slot (tensor operands cache their
// overload there), or null.
Value binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site = nullptr);
// a op= b: in place for tensors (add_, mul_, ...) and lists, else binary().
Value inplace_binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site = nullptr);
Value compare(Interpreter& in, CmpOp op, const Value& a, const Value& b);
Value unary(Interpreter& in, UnaryOp op, const Value& v);

int64_t length(Interpreter& in, const Value& v);
bool contains(Interpreter& in, const Value& container, const Value& item);
Value get_item(Interpreter& in, const Value& obj, const Value& key);
void set_item(Interpreter& in, const Value& obj, const Value& key, const Value& v);
void del_item(Interpreter& in, const Value& obj, const Value& key);

Value get_attr(Interpreter& in, const Value& obj, std::string_view name);
std::optional<Value> try_get_attr(Interpreter& in, const Value& obj, std::string_view name);
void set_attr(Interpreter& in, const Value& obj, std::string_view name, const Value& v);
std::vector<std::string> attr_names(Interpreter& in, const Value& obj);

// `site`: the call's AST cache slot; operator calls (torch.add(...)) keep
// their chosen overload there.
Value call(Interpreter& in, const Value& callee, Args& args, std::shared_ptr<void>* site = nullptr);
// obj.name(args) without materialising a bound method when avoidable.
Value call_method(Interpreter& in, const Value& obj, std::string_view name, Args& args,
                  std::shared_ptr<void>* site = nullptr);

// Iteration. for_each stops early when the callback returns false.
void for_each(Interpreter& in, const Value& iterable, const std::function<bool(const Value&)>& f);
std::vector<Value> to_vector(Interpreter& in, const Value& iterable);
Value make_iterator(Interpreter& in, const Value& iterable);  // iter(x)

// Converting Python numbers: raises TypeError with Python's message.
int64_t to_index(Interpreter& in, const Value& v, const char* what = "indices");
double to_double(Interpreter& in, const Value& v);

// Normalises a Python index for a sequence of `length` items; raises
// IndexError("<what> index out of range") when out of bounds.
int64_t normalize_index(int64_t index, int64_t length, const char* what);

}  // namespace backstep::rt

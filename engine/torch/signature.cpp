#include "engine/torch/signature.h"

#include "engine/format/float_repr.h"
#include "engine/torch/unboxed_call.h"

#include <ATen/core/function_schema.h>
#include <ATen/core/jit_type.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

namespace backstep::torchb {

const char* ptype_display_name(PType t) {
  switch (t) {
    case PType::Tensor: return "Tensor";
    case PType::Scalar: return "Number";
    case PType::Int: return "int";
    case PType::SymInt: return "int";  // 2.x shows SymInt as int
    case PType::Double: return "float";
    case PType::Complex: return "complex";
    case PType::TensorList:
    case PType::OptTensorList: return "tuple of Tensors";
    case PType::IntList: return "tuple of ints";
    case PType::SymIntList: return "tuple of ints";
    case PType::FloatList: return "tuple of floats";
    case PType::ScalarList: return "tuple of Scalars";
    case PType::Generator: return "torch.Generator";
    case PType::Bool: return "bool";
    case PType::Storage: return "torch.Storage";
    case PType::PyObject: return "object";
    case PType::ScalarType: return "torch.dtype";
    case PType::Layout: return "torch.layout";
    case PType::MemoryFormat: return "torch.memory_format";
    case PType::QScheme: return "torch.qscheme";
    case PType::Device: return "torch.device";
    case PType::Stream: return "torch.Stream";
    case PType::String: return "str";
  }
  return "?";
}

std::string Signature::display() const {
  // python_arg_parser's FunctionSignature::toString: '*' once, and each
  // default as the signature string spells it ("Number alpha = 1").
  std::string s = "(";
  bool kw = false;
  for (size_t i = 0; i < params.size(); ++i) {
    if (i) s += ", ";
    if (params[i].keyword_only && !kw) {
      s += "*, ";
      kw = true;
    }
    s += ptype_display_name(params[i].type);
    s += ' ';
    s += params[i].name;
    if (params[i].optional) s += " = " + params[i].default_text;
  }
  return s + ")";
}

namespace {

const std::unordered_map<std::string_view, PType>& type_map() {
  static const std::unordered_map<std::string_view, PType> m = {
      {"Tensor", PType::Tensor},
      {"Scalar", PType::Scalar},
      {"int64_t", PType::Int},
      {"SymInt", PType::SymInt},
      {"double", PType::Double},
      {"complex", PType::Complex},
      {"TensorList", PType::TensorList},
      {"c10::List<c10::optional<Tensor>>", PType::OptTensorList},
      {"IntArrayRef", PType::IntList},
      {"SymIntArrayRef", PType::SymIntList},
      {"ArrayRef<double>", PType::FloatList},
      {"Generator", PType::Generator},
      {"bool", PType::Bool},
      {"Storage", PType::Storage},
      {"PyObject*", PType::PyObject},
      {"ScalarType", PType::ScalarType},
      {"Layout", PType::Layout},
      {"MemoryFormat", PType::MemoryFormat},
      {"QScheme", PType::QScheme},
      {"Device", PType::Device},
      {"Stream", PType::Stream},
      {"std::string", PType::String},
      {"c10::string_view", PType::String},
      {"ScalarList", PType::ScalarList},
  };
  return m;
}

// Python numbers bind to Tensor parameters only for these (python_arg_parser's
// should_allow_numbers_as_tensors): the binary ops whose Scalar overloads the
// bindings hide, so `x * 2` finds the Tensor overload.
bool allow_numbers_as_tensors(std::string_view name) {
  static const char* const names[] = {
      "add", "add_", "add_out", "div", "div_", "div_out", "divide", "divide_", "divide_out",
      "mul", "mul_", "mul_out", "multiply", "multiply_", "multiply_out", "sub", "sub_", "sub_out",
      "subtract", "subtract_", "subtract_out", "true_divide", "true_divide_", "true_divide_out",
      "to", "_to_copy", "copy_", "floor_divide", "floor_divide_", "floor_divide_out"};
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

Param parse_param(std::string_view fmt, bool keyword_only) {
  auto space = fmt.find(' ');
  if (space == std::string_view::npos) throw std::runtime_error("missing type: " + std::string(fmt));
  std::string_view type = fmt.substr(0, space);
  Param p;
  p.keyword_only = keyword_only;
  if (auto q = type.find('?'); q != std::string_view::npos) {
    p.allow_none = p.nullable = true;
    type = type.substr(0, q);
  }
  if (auto b = type.find('['); b != std::string_view::npos) {
    p.size = static_cast<uint8_t>(std::stoi(std::string(type.substr(b + 1))));
    type = type.substr(0, b);
  }
  auto it = type_map().find(type);
  if (it == type_map().end()) throw std::runtime_error("invalid type: " + std::string(type));
  p.type = it->second;
  std::string_view name = fmt.substr(space + 1);
  if (auto eq = name.find('='); eq != std::string_view::npos) {
    p.optional = true;
    p.default_text = std::string(name.substr(eq + 1));
    if (p.default_text == "None") p.allow_none = true;
    if (p.type == PType::Int && !p.default_text.empty() && p.default_text != "None") {
      char* end = nullptr;
      std::strtol(p.default_text.c_str(), &end, 10);
      p.zero_default = *end != 0;
    }
    name = name.substr(0, eq);
  }
  p.name = std::string(name);
  return p;
}

}  // namespace

Signature parse_signature(std::string_view text) {
  Signature sig;
  sig.text = std::string(text);
  auto open = text.find('(');
  auto close = text.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    throw std::runtime_error("malformed signature: " + sig.text);
  sig.name = std::string(text.substr(0, open));
  sig.allow_numbers_as_tensors = allow_numbers_as_tensors(sig.name);
  std::string_view body = text.substr(open + 1, close - open - 1);
  bool keyword_only = false;
  while (!body.empty()) {
    auto comma = body.find(", ");
    std::string_view item = body.substr(0, comma);
    body = comma == std::string_view::npos ? std::string_view() : body.substr(comma + 2);
    if (item == "*") {
      keyword_only = true;
      continue;
    }
    sig.params.push_back(parse_param(item, keyword_only));
  }
  std::string_view suffix = text.substr(close + 1);
  sig.deprecated = suffix == "|deprecated";
  sig.hidden = sig.deprecated || suffix == "|hidden";
  sig.max_args = sig.params.size();
  for (const auto& p : sig.params) {
    if (!p.optional) ++sig.min_args;
    if (!p.keyword_only) ++sig.max_pos_args;
  }
  return sig;
}

// ---------------------------------------------------------------------------
// From c10::FunctionSchema to torchgen's signature string.

namespace {

using c10::TypeKind;

// torchgen's argument_type_str (with const/& stripped); empty if unsupported.
std::string type_text(const c10::TypePtr& t, const c10::Argument& a) {
  std::string size = a.N() ? "[" + std::to_string(*a.N()) + "]" : "";
  switch (t->kind()) {
    case TypeKind::TensorType: return "Tensor";
    case TypeKind::IntType: return "int64_t";
    case TypeKind::SymIntType: return "SymInt";
    case TypeKind::FloatType: return "double";
    case TypeKind::ComplexType: return "complex";
    case TypeKind::BoolType: return "bool";
    case TypeKind::NumberType: return "Scalar";
    case TypeKind::StringType: return "c10::string_view";
    case TypeKind::ScalarTypeType: return "ScalarType";
    case TypeKind::LayoutType: return "Layout";
    case TypeKind::MemoryFormatType: return "MemoryFormat";
    case TypeKind::DeviceObjType: return "Device";
    case TypeKind::GeneratorType: return "Generator";
    case TypeKind::StorageType: return "Storage";
    case TypeKind::StreamObjType: return "Stream";
    case TypeKind::QSchemeType: return "QScheme";
    case TypeKind::OptionalType: {
      auto elem = t->castRaw<c10::OptionalType>()->getElementType();
      std::string inner = type_text(elem, a);
      return inner.empty() ? inner : inner + "?";
    }
    case TypeKind::ListType: {
      auto elem = t->castRaw<c10::ListType>()->getElementType();
      switch (elem->kind()) {
        case TypeKind::IntType: return "IntArrayRef" + size;
        case TypeKind::SymIntType: return "SymIntArrayRef" + size;
        case TypeKind::TensorType: return "TensorList" + size;
        case TypeKind::NumberType: return "ScalarList" + size;
        case TypeKind::FloatType: return "ArrayRef<double>";
        case TypeKind::OptionalType:
          if (elem->castRaw<c10::OptionalType>()->getElementType()->kind() == TypeKind::TensorType)
            return "c10::List<c10::optional<Tensor>>";
          return "";
        default: return "";  // bool[3] and friends have no Python binding
      }
    }
    default: return "";
  }
}

// The float defaults native_functions.yaml writes as integers ("float
// std=1"): error listings show the yaml's text, which the schema's double
// cannot tell from "1.0" (float_defaults.inc, generated from the yaml).
bool int_written_float(const c10::FunctionSchema& s, std::string_view arg) {
  struct Row {
    const char* overload;
    const char* arg;
  };
  static const Row rows[] = {
#include "engine/torch/float_defaults.inc"
  };
  std::string name = s.name().substr(s.name().find("::") + 2);
  if (!s.overload_name().empty()) name += "." + s.overload_name();
  for (const Row& r : rows)
    if (name == r.overload && arg == r.arg) return true;
  return false;
}

// torchgen's default text: cpp.default_expr, then nullptr/{} -> None.
std::string default_text(const c10::FunctionSchema& s, const c10::Argument& a) {
  const c10::IValue& v = *a.default_value();
  if (v.isNone()) return "None";
  if (v.isBool()) return v.toBool() ? "True" : "False";
  if (v.isInt()) {
    if (a.name() == "reduction") {
      static const char* const r[] = {"None", "Mean", "Sum"};
      int64_t i = v.toInt();
      if (i >= 0 && i < 3) return std::string("at::Reduction::") + r[i];
    }
    return std::to_string(v.toInt());
  }
  if (v.isDouble()) {
    double d = v.toDouble();
    // Otherwise the yaml spells floats as Python prints them (0.5, 1e-05, 10.0).
    if (d == std::trunc(d) && int_written_float(s, a.name())) return std::to_string(int64_t(d));
    return format::float_repr(d);
  }
  if (v.isString()) return "\"" + v.toStringRef() + "\"";
  if (v.isIntList()) {
    auto l = v.toIntVector();
    if (l.empty()) return "None";
    bool same = a.N() && std::all_of(l.begin(), l.end(), [&](int64_t x) { return x == l[0]; });
    if (same) return std::to_string(l[0]);
    std::string s = "{";
    for (size_t i = 0; i < l.size(); ++i) s += (i ? "," : "") + std::to_string(l[i]);
    return s + "}";
  }
  if (v.isList() && v.toListRef().empty()) return "None";
  return "None";
}

bool is_tensor_like(const c10::TypePtr& t) {
  auto k = t->kind();
  if (k == TypeKind::OptionalType) return is_tensor_like(t->castRaw<c10::OptionalType>()->getElementType());
  if (k == TypeKind::ListType) return is_tensor_like(t->castRaw<c10::ListType>()->getElementType());
  return k == TypeKind::TensorType;
}

std::string op_base_name(const c10::FunctionSchema& s) {
  const std::string& n = s.name();
  auto colons = n.find("::");
  return colons == std::string::npos ? n : n.substr(colons + 2);
}

// The index of the first of dtype/layout/device/pin_memory when the schema
// has them as consecutive kwarg-only arguments (torchgen's TensorOptions).
int tensor_options_start(const c10::FunctionSchema& s) {
  static const char* const names[] = {"dtype", "layout", "device", "pin_memory"};
  const auto& args = s.arguments();
  for (size_t i = 0; i + 4 <= args.size(); ++i) {
    bool all = true;
    for (size_t k = 0; k < 4 && all; ++k) all = args[i + k].kwarg_only() && args[i + k].name() == names[k];
    if (all) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

// "tensor:other,x:y" maps a Python parameter name to a schema argument name.
static std::string_view renamed(std::string_view name, std::string_view renames) {
  while (!renames.empty()) {
    auto comma = renames.find(',');
    std::string_view item = renames.substr(0, comma);
    auto colon = item.find(':');
    if (item.substr(0, colon) == name) return item.substr(colon + 1);
    renames = comma == std::string_view::npos ? std::string_view() : renames.substr(comma + 1);
  }
  return name;
}

bool is_out_schema(const c10::FunctionSchema& schema) {
  for (const auto& a : schema.arguments())
    if (a.is_out()) return true;
  return false;
}

bool is_factory_schema(const c10::FunctionSchema& schema) {
  bool tensor_input = false, tensor_return = false;
  for (const auto& a : schema.arguments())
    tensor_input = tensor_input || (!a.is_out() && is_tensor_like(a.real_type()));
  for (const auto& r : schema.returns()) tensor_return = tensor_return || is_tensor_like(r.real_type());
  // The yaml's `category_override: factory` (not in the schema) marks the
  // few with tensor inputs, which all have TensorOptions (linspace.Tensor_Tensor).
  if (tensor_return && (!tensor_input || tensor_options_start(schema) >= 0)) return true;
  std::string name = op_base_name(schema);
  return name.rfind("new_", 0) == 0 || (name.size() > 5 && name.compare(name.size() - 5, 5, "_like") == 0);
}

std::optional<std::string> python_signature_text(const c10::FunctionSchema& schema, bool method,
                                                 bool skip_outputs, std::optional<bool> factory) {
  const auto& args = schema.arguments();
  int topt = tensor_options_start(schema);
  std::vector<std::string> positional, kwargs, outs;
  std::vector<const c10::Argument*> out_args;
  for (size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    if (topt >= 0 && static_cast<int>(i) >= topt && static_cast<int>(i) < topt + 4) continue;
    if (method && a.name() == "self" && !a.kwarg_only()) continue;  // bound
    std::string type = type_text(a.real_type(), a);
    if (type.empty()) return std::nullopt;
    std::string name = a.name();
    if (name == "self" && type == "Tensor" && !method) name = "input";
    std::string formal = type + " " + name;
    if (a.default_value()) formal += "=" + default_text(schema, a);
    if (a.is_out()) {
      out_args.push_back(&a);
      continue;
    }
    (a.kwarg_only() ? kwargs : positional).push_back(std::move(formal));
  }
  if (out_args.size() == 1) {
    std::string type = type_text(out_args[0]->real_type(), *out_args[0]);
    outs.push_back(type + " " + out_args[0]->name() + "=None");
  } else if (out_args.size() > 1) {
    outs.push_back("TensorList[" + std::to_string(out_args.size()) + "] out=None");
  }
  std::string name = op_base_name(schema);
  std::vector<std::string> rest = kwargs;
  if (!skip_outputs) rest.insert(rest.end(), outs.begin(), outs.end());
  if (factory.value_or(is_factory_schema(schema))) {
    for (const char* t : {"ScalarType? dtype=None", "Layout? layout=None", "Device? device=None",
                          "bool? pin_memory=False", "bool? requires_grad=False"})
      rest.push_back(t);
  }
  std::vector<std::string> formals = positional;
  if (!rest.empty()) formals.push_back("*");
  formals.insert(formals.end(), rest.begin(), rest.end());
  std::string text = name + "(";
  for (size_t i = 0; i < formals.size(); ++i) text += (i ? ", " : "") + formals[i];
  return text + ")";
}

SchemaBinding bind_schema(const Signature& sig, const c10::OperatorHandle& op, bool method,
                           std::string_view renames) {
  SchemaBinding b{op, {}, nullptr};
  const auto& args = op.schema().arguments();
  int out_k = 0;
  size_t n_out = 0;
  for (const auto& a : args) n_out += a.is_out();
  for (const auto& a : args) {
    int16_t src = SchemaBinding::kDefault;
    if (a.is_out() && sig.out_param >= 0) {
      src = n_out > 1 ? static_cast<int16_t>(SchemaBinding::kOutBase + out_k++)
                      : static_cast<int16_t>(sig.out_param);
    } else if (method && a.name() == "self") {
      src = SchemaBinding::kSelf;
    } else {
      for (size_t i = 0; i < sig.params.size(); ++i) {
        std::string_view pn = renamed(sig.params[i].name, renames);
        if (pn == a.name() || (pn == "input" && a.name() == "self")) {
          src = static_cast<int16_t>(i);
          break;
        }
      }
    }
    b.arg_source.push_back(src);
  }
  b.unboxed = detail::unboxed_call_for(op);
  return b;
}

}  // namespace backstep::torchb

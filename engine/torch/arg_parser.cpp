#include "engine/torch/arg_parser.h"

#include "engine/runtime/big_int.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/torch/generator_object.h"
#include "engine/torch/torch_objects.h"

#include <fmt/format.h>

namespace backstep::torchb::detail {

using rt::Value;

const std::vector<Value>* sequence_items(const Value& v) {
  if (auto* l = v.as<rt::ListObject>()) return &l->items;
  if (auto* t = v.as<rt::TupleObject>()) return &t->items;
  return nullptr;
}

TensorTraits tensor_traits(const at::Tensor& t) {
  TensorTraits r;
  if (!t.defined()) return r;
  c10::ScalarType type = t.scalar_type();
  r.index = c10::isIntegralType(type, /*includeBool=*/true) && t.numel() == 1;
  r.scalar = t.dim() == 0 && !t.requires_grad();
  r.int_scalar = r.scalar && c10::isIntegralType(type, /*includeBool=*/false);
  return r;
}

bool is_index(const Value& v) { return v.is_int() || (v.is_tensor() && tensor_traits(v.as_tensor()).index); }

bool is_scalar_tensor(const Value& v) { return v.is_tensor() && tensor_traits(v.as_tensor()).scalar; }

bool is_int_tensor(const Value& v) { return v.is_tensor() && tensor_traits(v.as_tensor()).int_scalar; }

namespace {

bool is_str(const Value& v) { return v.as<rt::StrObject>() != nullptr; }

// The first element decides: later elements are checked when the list is
// converted ("failed to unpack the object at pos N").
bool is_int_list(const Value& v, int broadcast_size) {
  if (const auto* items = sequence_items(v)) return items->empty() || is_index((*items)[0]);
  return broadcast_size > 0 && is_index(v);
}

bool is_int_list_of(const rt::Args& args) {
  return args.pos.empty() || is_index(args.pos[0]);
}

// FunctionParameter::check.
bool check(const Signature& sig, const Param& p, const Value& v, int argnum) {
  switch (p.type) {
    case PType::Tensor:
      return v.is_tensor() || (sig.allow_numbers_as_tensors && (v.is_number() || rt::is_big_int(v)));
    case PType::Scalar:
    case PType::Complex:
    case PType::Double: return v.is_number() || is_scalar_tensor(v) || rt::is_big_int(v);
    case PType::Int: return v.is_int() || is_int_tensor(v);
    case PType::SymInt: return is_index(v);
    case PType::TensorList:
    case PType::OptTensorList: {
      const auto* items = sequence_items(v);
      if (!items) return false;
      for (size_t i = 0; i < items->size(); ++i)
        if (!(*items)[i].is_tensor())
          rt::raise_type_error(fmt::format("expected Tensor as element {} in argument {}, but got {}", i,
                                           argnum, py_type_name((*items)[i])));
      return true;
    }
    case PType::IntList:
    case PType::SymIntList: return is_int_list(v, p.size);
    case PType::FloatList: {
      const auto* items = sequence_items(v);
      return items && (items->empty() || (*items)[0].is_number());
    }
    case PType::ScalarList: {
      const auto* items = sequence_items(v);
      if (!items) return false;
      for (const auto& item : *items)
        if (!item.is_number()) return false;
      return true;
    }
    case PType::Bool: return v.is_bool();
    case PType::PyObject: return true;
    case PType::ScalarType: return as_dtype(v).has_value();
    case PType::Layout: return v.as<LayoutObject>() != nullptr;
    case PType::MemoryFormat: return v.as<MemoryFormatObject>() != nullptr;
    case PType::Device: return v.is_int() || is_str(v) || v.as<DeviceObject>() != nullptr;
    case PType::String: return is_str(v);
    case PType::Generator: return v.as<GeneratorObject>() != nullptr;
    case PType::Storage:
    case PType::QScheme:
    case PType::Stream: return false;
  }
  return false;
}

// NumPy-compatible keyword aliases python_arg_parser also accepts.
const Value* find_kwarg(const rt::Args& args, const std::string& name) {
  if (const Value* v = args.find_kw(name)) return v;
  static const std::pair<const char*, std::vector<const char*>> aliases[] = {
      {"dim", {"axis"}}, {"keepdim", {"keepdims"}}, {"input", {"x", "a", "x1"}}, {"other", {"x2"}}};
  for (const auto& [n, alts] : aliases)
    if (name == n)
      for (const char* a : alts)
        if (const Value* v = args.find_kw(a)) return v;
  return nullptr;
}

[[noreturn]] void extra_args(const Signature& sig, size_t nargs) {
  if (sig.min_args != sig.max_pos_args)
    rt::raise_type_error(fmt::format("{}() takes from {} to {} positional arguments but {} were given",
                                     sig.name, sig.min_args, sig.max_pos_args, nargs));
  rt::raise_type_error(fmt::format("{}() takes {} positional argument{} but {} {} given", sig.name,
                                   sig.max_pos_args, sig.max_pos_args == 1 ? "" : "s", nargs,
                                   nargs == 1 ? "was" : "were"));
}

[[noreturn]] void missing_args(const Signature& sig, size_t idx) {
  int missing = 0;
  std::string names;
  for (size_t i = idx; i < sig.params.size(); ++i) {
    if (sig.params[i].optional) continue;
    names += (missing++ ? ", \"" : "\"") + sig.params[i].name + "\"";
  }
  // (sic) PyTorch pluralises when exactly one argument is missing.
  rt::raise_type_error(fmt::format("{}() missing {} required positional argument{}: {}", sig.name, missing,
                                   missing == 1 ? "s" : "", names));
}

[[noreturn]] void extra_kwargs(const Signature& sig, const rt::Args& args, size_t nargs) {
  for (const auto& kw : args.kw) {
    int index = -1;
    for (size_t i = 0; i < sig.params.size(); ++i)
      if (sig.params[i].name == kw.name) index = int(i);
    if (index < 0)
      rt::raise_type_error(fmt::format("{}() got an unexpected keyword argument '{}'", sig.name, kw.name));
    if (size_t(index) < nargs)
      rt::raise_type_error(fmt::format("{}() got multiple values for argument '{}'", sig.name, kw.name));
  }
  rt::raise_type_error("invalid keyword arguments");
}

// An int[] given as a list whose first element is not an int: the only
// element the matcher looks at (the rest fail when converted).
const Value* bad_first_int(const Param& p, const Value& v) {
  if (p.type != PType::IntList && p.type != PType::SymIntList) return nullptr;
  const auto* items = sequence_items(v);
  if (!items || items->empty() || is_index((*items)[0])) return nullptr;
  return &(*items)[0];
}

[[noreturn]] void wrong_type(const Signature& sig, const Param& p, const Value& v, bool is_kwd, size_t pos) {
  if (is_kwd)
    rt::raise_type_error(fmt::format("{}(): argument '{}' must be {}, not {}", sig.name, p.name,
                                     ptype_display_name(p.type), py_type_name(v)));
  if (const Value* first = bad_first_int(p, v))
    rt::raise_type_error(fmt::format("{}(): argument '{}' (position {}) must be {}, but found element of type {} "
                                     "at pos 0",
                                     sig.name, p.name, pos + 1, ptype_display_name(p.type), py_type_name(*first)));
  rt::raise_type_error(fmt::format("{}(): argument '{}' (position {}) must be {}, not {}", sig.name, p.name,
                                   pos + 1, ptype_display_name(p.type), py_type_name(v)));
}

}  // namespace

bool parse_args(const Signature& sig, const rt::Args& args, Slot* dst, bool raise) {
  const size_t nargs = args.pos.size();
  size_t remaining_kwargs = args.kw.size();
  // A single positional int[] also takes var-args: view(2, 3) is view((2, 3)).
  const bool varargs_intlist =
      sig.max_pos_args == 1 && (sig.params[0].type == PType::IntList || sig.params[0].type == PType::SymIntList);
  if (nargs > sig.max_pos_args && !varargs_intlist) {
    if (raise) extra_args(sig, nargs);
    return false;
  }
  size_t arg_pos = 0;
  for (size_t i = 0; i < sig.params.size(); ++i) {
    const Param& p = sig.params[i];
    const Value* obj = nullptr;
    bool is_kwd = false;
    if (arg_pos < nargs) {
      if (p.keyword_only) {  // extra positionals after a var-args int[]
        if (raise) extra_args(sig, nargs);
        return false;
      }
      obj = &args.pos[arg_pos];
    } else if (!args.kw.empty()) {
      obj = find_kwarg(args, p.name);
      is_kwd = true;
    }
    const bool varargs_eligible = varargs_intlist && arg_pos == 0 && !is_kwd;
    if ((!obj && p.optional) || (obj && obj->is_none() && p.allow_none)) {
      dst[i] = Slot{};
    } else if (!obj) {
      if (raise) missing_args(sig, i);
      return false;
    } else if (check(sig, p, *obj, int(i))) {
      dst[i] = Slot{obj, false};
    } else if (varargs_eligible && is_int_list_of(args)) {
      dst[i] = Slot{nullptr, true};
      arg_pos = nargs;
      continue;
    } else if (raise) {
      // Positionals the var-args int[] did not take are extra arguments.
      if (varargs_eligible && nargs > sig.max_pos_args) extra_args(sig, nargs);
      wrong_type(sig, p, *obj, is_kwd, arg_pos);
    } else {
      return false;
    }
    if (!is_kwd) ++arg_pos;
    else if (obj) --remaining_kwargs;
  }
  if (remaining_kwargs > 0) {
    if (raise) extra_kwargs(sig, args, nargs);
    return false;
  }
  return true;
}

size_t match_signature(const std::vector<Signature>& sigs, const rt::Args& args, const char* method_owner,
                       Slot* dst) {
  if (method_owner && sigs.size() == 1 && sigs[0].params.empty()) {
    // METH_NOARGS: CPython's own messages.
    if (!args.kw.empty())
      rt::raise_type_error(fmt::format("{}.{}() takes no keyword arguments", method_owner, sigs[0].name));
    if (!args.pos.empty())
      rt::raise_type_error(fmt::format("{}.{}() takes no arguments ({} given)", method_owner, sigs[0].name,
                                       args.pos.size()));
    return 0;
  }
  if (sigs.size() == 1) {
    parse_args(sigs[0], args, dst, /*raise=*/true);
    return 0;
  }
  for (size_t i = 0; i < sigs.size(); ++i)
    if (parse_args(sigs[i], args, dst, /*raise=*/false)) return i;
  raise_no_match(sigs, args, dst);
}

}  // namespace backstep::torchb::detail

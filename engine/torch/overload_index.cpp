#include "engine/torch/overload_index.h"

#include "engine/torch/manual_bindings.h"

#include <ATen/core/dispatch/Dispatcher.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <unordered_map>

namespace backstep::torchb::detail {

namespace {

// --- which namespaces expose an operator ------------------------------------

struct VariantRow {
  const char* name;
  const char* code;
};
const VariantRow kVariants[] = {
#include "engine/torch/op_variants.inc"
};

std::string_view table_code(std::string_view name) {
  auto end = std::end(kVariants);
  auto it = std::lower_bound(std::begin(kVariants), end, name,
                             [](const VariantRow& r, std::string_view n) { return r.name < n; });
  return it != end && it->name == name ? std::string_view(it->code) : std::string_view();
}

bool has_tensor_self(const c10::FunctionSchema& s) {
  for (const auto& a : s.arguments())
    if (a.name() == "self" && !a.kwarg_only() && a.type()->kind() == c10::TypeKind::TensorType) return true;
  return false;
}

// "F" torch function, "M" Tensor method, a module letter: see op_variants.inc.
// The table lists only operators that are not plain torch functions, so
// anything missing (including operators newer than the table) is "F".
std::string variant_code(std::string_view base, const c10::FunctionSchema& s) {
  std::string full = std::string(base) + (s.overload_name().empty() ? "" : "." + s.overload_name());
  std::string_view code = table_code(full);
  if (code.empty()) code = table_code(base);
  std::string out = code.empty() ? "F" : std::string(code);
  if (!has_tensor_self(s) || is_out_schema(s)) out.erase(std::remove(out.begin(), out.end(), 'M'), out.end());
  return out;
}

// --- operators PyTorch does not expose --------------------------------------

// gen_python_functions.py's SKIP_PYTHON_BINDINGS, minus the operators it
// skips only because they have hand-written bindings that behave like the
// generated ones would (arange, full, randint, linspace, contiguous, item,
// requires_grad_, nonzero): those we bind from their schemas.
bool skipped(const std::string& name) {
  static const std::regex skip(
      "alias|is_cuda|is_sparse|is_sparse_csr|size|stride|.*_backward|"
      ".*_backward_(out|input|weight|bias)|.*_forward|.*_forward_out|_unsafe_view|tensor|"
      "_?sparse_coo_tensor.*|_?sparse_csr_tensor.*|sparse_(compressed|csc|bsr|bsc)_tensor.*|_arange.*|_range.*|_sparse_add_out|_sparse_div.*|"
      "_sparse_mul.*|_sparse_sub.*|_sparse_dense_add_out|index|unique_dim_consecutive|_cumsum.*|"
      "_cumprod.*|_sum.*|_prod.*|_th_.*|_thnn_.*|_solve.*|_inverse.*|_cholesky.*|"
      "_triangular_solve.*|_qr.*|_symeig.*|_svd.*|slice|_local_scalar_dense|to|_to_copy|"
      "copy_sparse_to_sparse_|copy_|numpy_T|matrix_H|mT|mH|nonzero_(out|numpy)|set_data|"
      ".*_overrideable|data|is_leaf|output_nr|_version|retains_grad|set_|_fw_primal|"
      "fake_quantize_per_tensor_affine_cachemask|fake_quantize_per_channel_affine_cachemask|"
      "_new_zeros_with_same_feature_meta|_has_same_storage_numel|_reshape_alias|replace_");
  return std::regex_match(name, skip);
}

// SKIP_PYTHON_BINDINGS_SIGNATURES: Python numbers convert to tensors for
// these ops (allow_numbers_as_tensors), so their Scalar overloads would only
// add ambiguity.
bool hidden_overload(std::string_view base, std::string_view overload) {
  static const char* const names[] = {"add", "add_", "sub", "sub_", "mul", "mul_", "div", "div_"};
  if (overload != "Scalar") return false;
  for (const char* n : names)
    if (base == n) return true;
  return false;
}

// --- the registry, grouped by base name -------------------------------------

using OpIndex = std::unordered_map<std::string, std::vector<c10::OperatorHandle>>;

const OpIndex& op_index() {
  static const OpIndex index = [] {
    OpIndex idx;
    auto& d = c10::Dispatcher::singleton();
    for (const auto& n : d.getAllOpNames()) {
      if (n.name.rfind("aten::", 0) != 0) continue;
      auto op = d.findOp(n);
      if (op && op->hasSchema()) idx[n.name.substr(6)].push_back(*op);
    }
    return idx;
  }();
  return index;
}

// --- grouping functional and out= overloads ---------------------------------

struct Pair {
  std::optional<c10::OperatorHandle> base, out;
};

// The signature text of a group: the out= overload's when there is one,
// with the factory keywords its functional twin has (out= overloads have
// no TensorOptions to tell).
std::optional<std::string> group_text(const Pair& p, bool method) {
  if (!p.out) return python_signature_text(p.base->schema(), method);
  return python_signature_text(p.out->schema(), method, false, is_factory_schema(p.base->schema()));
}

std::vector<Signature> build_signatures(std::string_view base, const std::vector<c10::OperatorHandle>& ops,
                                        bool method, OpModule* module) {
  std::map<std::string, Pair> groups;  // keyed by the signature without outputs
  std::vector<std::string> order;
  for (const auto& op : ops) {
    const auto& s = op.schema();
    if (hidden_overload(base, s.overload_name())) continue;
    std::string code = variant_code(base, s);
    char mod = 0;
    for (char c : code)
      if (c != 'F' && c != 'M' && c != '-') mod = c;  // '-': not exposed
    bool wanted = method ? code.find('M') != std::string::npos
                         : (code.find('F') != std::string::npos || mod);
    if (!wanted) continue;
    if (!method && module) *module = mod ? static_cast<OpModule>(mod) : OpModule::Torch;
    // Keyed without outputs and factory keywords, which only one of a
    // functional/out= pair has.
    auto key = python_signature_text(s, method, /*skip_outputs=*/true, /*factory=*/false);
    if (!key) continue;
    auto [it, fresh] = groups.try_emplace(*key);
    if (fresh) order.push_back(*key);
    (is_out_schema(s) ? it->second.out : it->second.base) = op;
  }
  std::vector<Signature> sigs;
  for (const auto& key : order) {
    const Pair& p = groups[key];
    if (!p.base) continue;  // an out= overload without its functional twin
    auto text = group_text(p, method);
    if (!text) continue;
    Signature sig = parse_signature(*text);
    for (size_t i = 0; i < sig.params.size(); ++i) {
      if (sig.params[i].name == "requires_grad" && sig.params[i].keyword_only) sig.requires_grad_param = int(i);
    }
    if (p.out) {
      // The out formal is the one the functional signature lacks.
      Signature plain = parse_signature(*python_signature_text(p.base->schema(), method));
      for (size_t i = 0; i < sig.params.size(); ++i)
        if (i >= plain.params.size() || plain.params[i].name != sig.params[i].name) {
          sig.out_param = int(i);
          break;
        }
      sig.out = bind_schema(sig, *p.out, method);
    }
    sig.base = bind_schema(sig, *p.base, method);
    sigs.push_back(std::move(sig));
  }
  return sigs;
}

// --- overload order ----------------------------------------------------------

// The schema-level type name torchgen compares in sort_overloads.
std::string sort_type(const Param& p) {
  std::string n = p.size ? "[" + std::to_string(p.size) + "]" : "[]";
  std::string t;
  switch (p.type) {
    case PType::Tensor: t = "Tensor"; break;
    case PType::Scalar: t = "Scalar"; break;
    case PType::Int: t = "int"; break;
    case PType::SymInt: t = "SymInt"; break;
    case PType::Double: t = "float"; break;
    case PType::TensorList: t = "Tensor" + n; break;
    case PType::OptTensorList: t = "Tensor?[]"; break;
    case PType::IntList: t = "int" + n; break;
    case PType::SymIntList: t = "SymInt" + n; break;
    case PType::FloatList: t = "float[]"; break;
    case PType::ScalarList: t = "Scalar[]"; break;
    default: t = ptype_display_name(p.type); break;
  }
  return p.nullable ? t + "?" : t;
}

bool arg_smaller(const std::string& t1, const std::string& t2) {
  auto has = [](const std::string& s, const char* x) { return s.find(x) != std::string::npos; };
  return (t1 == "Scalar" && t2 == "Tensor") || (t1 == "Scalar?" && t2 == "Tensor?") ||
         (t1 == "int[]" && (t2 == "int" || t2 == "int?")) || (t1 == "Tensor[]" && has(t2, "[]")) ||
         (t1 == "SymInt[]" && t2 == "int[]") || ((t1 == "SymInt" || t1 == "int") && t2 == "Tensor");
}

std::vector<std::string> sort_types(const Signature& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.params.size(); ++i)
    if (int(i) != s.out_param) out.push_back(sort_type(s.params[i]));
  return out;
}

bool sig_smaller(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.size() != b.size()) return false;
  bool equal = true, smaller_or_equal = true;
  for (size_t i = 0; i < a.size(); ++i) {
    equal = equal && a[i] == b[i];
    smaller_or_equal = smaller_or_equal && (a[i] == b[i] || arg_smaller(a[i], b[i]));
  }
  return smaller_or_equal && !equal;
}

// --- families ----------------------------------------------------------------

std::unique_ptr<OpFamily> build_family(const std::string& name) {
  const auto& idx = op_index();
  auto it = idx.find(name);
  const std::vector<c10::OperatorHandle> none;
  const auto& ops = it == idx.end() ? none : it->second;
  auto fam = std::make_unique<OpFamily>();
  fam->name = name;
  // Only registry names are matched: a script's attribute name can be any
  // length, and std::regex recurses once per character (issue 16).
  bool skip = !ops.empty() && skipped(name);
  for (bool method : {false, true}) {
    auto& sigs = method ? fam->methods : fam->functions;
    if (apply_manual_bindings(*fam, method)) continue;
    if (skip || ops.empty()) continue;
    sigs = build_signatures(name, ops, method, &fam->module);
    sort_overloads(sigs);
    add_deprecated_signatures(*fam, method, ops);
  }
  install_python_level(*fam);
  if (!fam->has_function() && !fam->has_method()) return nullptr;
  return fam;
}

}  // namespace

void sort_overloads(std::vector<Signature>& sigs) {
  std::stable_sort(sigs.begin(), sigs.end(), [](const Signature& a, const Signature& b) {
    if (a.deprecated != b.deprecated) return b.deprecated;  // deprecated last
    return a.text < b.text;
  });
  size_t n = 0;
  while (n < sigs.size() && !sigs[n].deprecated) ++n;
  std::vector<std::vector<std::string>> types;
  for (size_t i = 0; i < n; ++i) types.push_back(sort_types(sigs[i]));
  std::map<size_t, std::set<size_t>> larger_than;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (sig_smaller(types[i], types[j])) larger_than[i].insert(j);
  if (larger_than.empty()) return;
  // Kahn-style linear extension, exactly as sort_overloads walks it.
  std::vector<size_t> ids;
  for (size_t i = 0; i < n; ++i)
    if (!larger_than.count(i)) ids.push_back(i);
  for (size_t k = 0; k < n && k < ids.size(); ++k) {
    size_t i = ids[k];
    std::vector<size_t> keys;
    for (const auto& [j, s] : larger_than) keys.push_back(j);
    for (size_t j : keys) {
      auto& larger = larger_than[j];
      larger.erase(i);
      if (larger.empty()) {
        larger_than.erase(j);
        ids.push_back(j);
      }
    }
  }
  std::vector<Signature> out;
  for (size_t i : ids) out.push_back(std::move(sigs[i]));
  for (size_t i = n; i < sigs.size(); ++i) out.push_back(std::move(sigs[i]));
  sigs = std::move(out);
}

const OpFamily* family_for(std::string_view aten_name) {
  static std::mutex mu;
  static std::unordered_map<std::string, std::unique_ptr<OpFamily>> cache;
  std::lock_guard<std::mutex> lock(mu);
  std::string key(aten_name);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, build_family(key)).first;
  return it->second.get();
}

std::vector<std::string> family_names(bool methods, OpModule module) {
  std::set<std::string> names;
  for (const auto& [name, ops] : op_index()) {
    const OpFamily* f = family_for(name);
    if (!f) continue;
    if (methods ? f->has_method() : (f->has_function() && f->module == module)) names.insert(name);
  }
  for (const auto& name : manual_binding_names()) {
    const OpFamily* f = family_for(name);
    if (f && (methods ? f->has_method() : (f->has_function() && f->module == module))) names.insert(name);
  }
  return {names.begin(), names.end()};
}

}  // namespace backstep::torchb::detail

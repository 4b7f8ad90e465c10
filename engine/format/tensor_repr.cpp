// Port of torch._tensor_str._str_intern (PyTorch 2.15): which of the
// layouts a tensor has, what goes inside "tensor(...)", and the suffixes
// (device, size, dtype, layout, grad_fn) with their line breaking.
#include "engine/format/tensor_repr.h"

#include <c10/core/DefaultDtype.h>
#include <c10/core/QScheme.h>
#include <torch/csrc/autograd/function.h>

#include <limits>
#include <stdexcept>
#include <vector>

#include "engine/format/float_repr.h"
#include "engine/format/tensor_body.h"

namespace backstep::format {

PrintOptions& print_options() {
  static PrintOptions options;
  return options;
}

void set_printoptions(const PrintOptionsUpdate& u) {
  PrintOptions& o = print_options();
  if (u.profile == "default") {
    o.precision = 4, o.threshold = 1000, o.edgeitems = 3, o.linewidth = 80;
  } else if (u.profile == "short") {
    o.precision = 2, o.threshold = 1000, o.edgeitems = 2, o.linewidth = 80;
  } else if (u.profile == "full") {
    o.precision = 4, o.threshold = std::numeric_limits<int64_t>::max(), o.edgeitems = 3,
    o.linewidth = 80;
  }
  if (u.precision) o.precision = *u.precision;
  if (u.threshold) o.threshold = *u.threshold;
  if (u.edgeitems) o.edgeitems = *u.edgeitems;
  if (u.linewidth) o.linewidth = *u.linewidth;
  o.sci_mode = u.sci_mode;  // PyTorch assigns it unconditionally
}

namespace {

// str(tuple(t.shape)): "()", "(3,)", "(2, 3)".
std::string shape_text(at::IntArrayRef sizes) {
  std::string s = "(";
  for (size_t i = 0; i < sizes.size(); ++i) s += (i ? ", " : "") + int_repr(sizes[i]);
  return s + (sizes.size() == 1 ? ",)" : ")");
}

at::ScalarType default_dtype() { return c10::get_default_dtype_as_scalartype(); }

// PyTorch omits "dtype=" for the default float dtype, its complex
// counterpart, int64 and bool (the dtypes torch.tensor infers from literals).
bool has_default_dtype(at::ScalarType dtype) {
  const at::ScalarType def = default_dtype();
  const at::ScalarType def_complex = def == at::kDouble ? at::kComplexDouble : at::kComplexFloat;
  return dtype == def || dtype == def_complex || dtype == at::kLong || dtype == at::kBool;
}

std::string layout_name(at::Layout layout) {
  switch (layout) {
    case at::kStrided: return "torch.strided";
    case at::kSparse: return "torch.sparse_coo";
    case at::kSparseCsr: return "torch.sparse_csr";
    case at::kSparseCsc: return "torch.sparse_csc";
    case at::kSparseBsr: return "torch.sparse_bsr";
    case at::kSparseBsc: return "torch.sparse_bsc";
    case at::kMkldnn: return "torch._mkldnn";
    default: return "torch.strided";
  }
}

// The Python class name of a grad_fn. Generated nodes' name() is that name
// already ("MulBackward0"); hand-written ones return the qualified C++ name
// ("torch::autograd::CopySlices"), which PyTorch also cuts at the last "::".
std::string grad_fn_name(const torch::autograd::Node& node) {
  std::string name = node.name();
  const size_t colons = name.rfind("::");
  return colons == std::string::npos ? name : name.substr(colons + 2);
}


// One "name=tensor(...)" member of a sparse repr; empty members show a size.
std::string member(const std::string& name, const at::Tensor& t, int64_t indent,
                   const PrintOptions& o) {
  const std::string prefix = name + "=tensor(";
  std::string s = prefix + detail::tensor_body(t.detach(), indent + static_cast<int64_t>(prefix.size()), o);
  if (t.numel() == 0) s += ", size=" + shape_text(t.sizes());
  return s + ")";
}

std::string sparse_coo_body(const at::Tensor& self, int64_t indent, const PrintOptions& o) {
  const std::string pad = ",\n" + std::string(static_cast<size_t>(indent), ' ');
  return member("indices", self._indices(), indent, o) + pad + member("values", self._values(), indent, o);
}

std::string sparse_compressed_body(const at::Tensor& self, int64_t indent, const PrintOptions& o) {
  const bool rows = self.layout() == at::kSparseCsr || self.layout() == at::kSparseBsr;
  const at::Tensor compressed = rows ? self.crow_indices() : self.ccol_indices();
  const at::Tensor plain = rows ? self.col_indices() : self.row_indices();
  const std::string pad = ",\n" + std::string(static_cast<size_t>(indent), ' ');
  return member(rows ? "crow_indices" : "ccol_indices", compressed, indent, o) + pad +
         member(rows ? "col_indices" : "row_indices", plain, indent, o) + pad +
         member("values", self.values(), indent, o);
}

void quantized_suffixes(const at::Tensor& self, std::vector<std::string>& suffixes) {
  const at::QScheme scheme = self.qscheme();
  suffixes.push_back("quantization_scheme=torch." + c10::toString(scheme));
  if (scheme == at::kPerTensorAffine || scheme == at::kPerTensorSymmetric) {
    suffixes.push_back("scale=" + float_repr(self.q_scale()));
    suffixes.push_back("zero_point=" + int_repr(self.q_zero_point()));
  } else if (scheme == at::kPerChannelAffine || scheme == at::kPerChannelSymmetric ||
             scheme == at::kPerChannelAffineFloatQParams) {
    suffixes.push_back("scale=" + tensor_repr(self.q_per_channel_scales()));
    suffixes.push_back("zero_point=" + tensor_repr(self.q_per_channel_zero_points()));
    suffixes.push_back("axis=" + int_repr(self.q_per_channel_axis()));
  }
}

// nested_tensor([\n  tensor(...),\n  tensor(...)\n]): each member's repr
// indented by two spaces.
std::string nested_body(const at::Tensor& self) {
  std::string s = "[\n";
  const auto members = self.unbind(0);
  for (size_t i = 0; i < members.size(); ++i) {
    if (i) s += ",\n";
    const std::string text = tensor_repr(members[i]);
    s += "  ";
    for (char c : text) s += c == '\n' ? std::string("\n  ") : std::string(1, c);
  }
  return s + "\n]";
}

// The contents for a strided tensor (or anything that becomes one via
// to_dense), with the size/dtype suffixes that go before layout.
std::string plain_body(const at::Tensor& self, int64_t indent, const PrintOptions& o,
                       std::vector<std::string>& suffixes) {
  if (self.is_meta()) {
    suffixes.push_back("size=" + shape_text(self.sizes()));
    if (self.scalar_type() != default_dtype()) suffixes.push_back("dtype=" + dtype_name(self.scalar_type()));
    return "...";  // a meta tensor has no data
  }
  if (self.numel() == 0) {
    // NumPy-like: the shape is shown unless it is (0,); and with no
    // elements to infer int64 from, only the default dtype goes unsaid.
    if (self.dim() != 1) suffixes.push_back("size=" + shape_text(self.sizes()));
    if (self.scalar_type() != default_dtype()) suffixes.push_back("dtype=" + dtype_name(self.scalar_type()));
    return "[]";
  }
  // With no edge items the elements never show, so the size does (2.x).
  if (o.edgeitems == 0) suffixes.push_back("size=" + shape_text(self.sizes()));
  if (!has_default_dtype(self.scalar_type())) suffixes.push_back("dtype=" + dtype_name(self.scalar_type()));
  return detail::tensor_body(self.layout() == at::kStrided ? self : self.to_dense(), indent, o);
}

// _add_suffixes: each suffix goes on the current line if it fits within
// linewidth (counting ", " and the closing parenthesis), else on a new line
// indented to just after "tensor(".
std::string add_suffixes(const std::string& text, const std::vector<std::string>& suffixes,
                         int64_t indent, bool force_newline, int linewidth) {
  std::string out = text;
  const size_t nl = text.rfind('\n');
  int64_t last_line_len = static_cast<int64_t>(text.size()) -
                          (nl == std::string::npos ? -1 : static_cast<int64_t>(nl)) + 1;
  for (const std::string& suffix : suffixes) {
    const auto len = static_cast<int64_t>(suffix.size());
    if (force_newline || last_line_len + len + 2 > linewidth) {
      out += ",\n" + std::string(static_cast<size_t>(indent), ' ') + suffix;
      last_line_len = indent + len;
      force_newline = false;
    } else {
      out += ", " + suffix;
      last_line_len += len + 2;
    }
  }
  return out + ")";
}

}  // namespace

std::string tensor_repr(const at::Tensor& self, const TensorReprExtras& extras) {
  if (!self.defined()) throw std::invalid_argument("tensor_repr: undefined tensor");
  at::NoGradGuard no_grad;  // PyTorch prints under torch.no_grad()
  const PrintOptions& o = print_options();
  const std::string prefix = self.is_nested() ? "nested_tensor(" : "tensor(";
  const auto indent = static_cast<int64_t>(prefix.size());
  std::vector<std::string> suffixes;

  // Only a device other than the default (CPU) is shown.
  if (self.device().type() != c10::DeviceType::CPU)
    suffixes.push_back("device='" + self.device().str() + "'");

  std::string body;
  const at::Layout layout = self.layout();
  const bool compressed = layout == at::kSparseCsr || layout == at::kSparseCsc ||
                          layout == at::kSparseBsr || layout == at::kSparseBsc;
  if (self.is_sparse() || compressed) {
    suffixes.push_back("size=" + shape_text(self.sizes()));
    if (!(self.is_sparse() && self.is_meta())) suffixes.push_back("nnz=" + int_repr(self._nnz()));
    if (!has_default_dtype(self.scalar_type())) suffixes.push_back("dtype=" + dtype_name(self.scalar_type()));
    body = self.is_sparse() ? sparse_coo_body(self, indent, o) : sparse_compressed_body(self, indent, o);
  } else if (self.is_quantized()) {
    suffixes.push_back("size=" + shape_text(self.sizes()));
    suffixes.push_back("dtype=" + dtype_name(self.scalar_type()));  // never a default dtype
    quantized_suffixes(self, suffixes);
    body = detail::tensor_body(self.dequantize(), indent, o);
  } else if (self.is_nested()) {
    body = nested_body(self);
  } else {
    body = plain_body(self, indent, o, suffixes);
  }
  if (layout != at::kStrided) suffixes.push_back("layout=" + layout_name(layout));

  if (const auto& fn = self.grad_fn()) suffixes.push_back("grad_fn=<" + grad_fn_name(*fn) + ">");
  else if (self.requires_grad()) suffixes.push_back("requires_grad=True");

  std::string text = add_suffixes(prefix + body, suffixes, indent, self.is_sparse(), o.linewidth);
  return extras.is_parameter ? "Parameter containing:\n" + text : text;
}

}  // namespace backstep::format

// Port of torch/_tensor_str.py (2.15): _Formatter, get_summarized_data,
// _vector_str, _tensor_str_with_formatter and _tensor_str.
//
// Python walks the tensor with indexing ops; here the elements that will be
// shown (all of them, or the edges when summarising) are copied once into a
// flat array of doubles / int64s and walked with index arithmetic. The
// values, and therefore every width and decision, are the same as Python's:
// Python also formats `tensor.tolist()` / `.item()` values, i.e. doubles for
// floating tensors (half and bfloat16 go through float32 first, as there).
#include "engine/format/tensor_body.h"

#include <cmath>
#include <stdexcept>
#include <vector>

#include "engine/format/float_repr.h"
#include "engine/format/format_spec.h"

namespace backstep::format::detail {
namespace {

enum class Kind { Floating, Integer, Boolean };

std::string pad_left(std::string s, int64_t width) {
  if (static_cast<int64_t>(s.size()) < width) s.insert(0, static_cast<size_t>(width) - s.size(), ' ');
  return s;
}

int checked_precision(int precision) {
  // Python builds "{:.-1f}" from a negative precision and fails parsing it.
  if (precision < 0) throw FormatError("Format specifier missing precision");
  return precision;
}

std::string fixed(double v, int precision) {  // "{:.Nf}".format(v)
  return double_to_string(v, 'f', checked_precision(precision));
}

std::string scientific(double v, int precision) {  // "{:.Ne}".format(v)
  return double_to_string(v, 'e', checked_precision(precision));
}

// _Formatter: one per tensor (two for complex: real and imaginary parts).
// It sees the summarised values, so hidden elements never widen columns.
class Formatter {
 public:
  Formatter(Kind kind, const std::vector<double>& floats, const std::vector<int64_t>& ints,
            const PrintOptions& options)
      : kind_(kind), precision_(options.precision) {
    if (kind_ == Kind::Floating) init_floating(floats, options);
    else
      for (int64_t v : ints) max_width_ = std::max(max_width_, static_cast<int64_t>(integer_text(v).size()));
  }

  int64_t width() const { return max_width_; }

  std::string format_float(double v) const {
    std::string ret;
    if (sci_mode_) {
      ret = scientific(v, precision_);
    } else if (int_mode_) {
      ret = fixed(v, 0);  // integral floats print as "3." (and "nan", "inf")
      if (std::isfinite(v)) ret += '.';
    } else {
      ret = fixed(v, precision_);
    }
    return pad_left(std::move(ret), max_width_);
  }

  std::string format_integer(int64_t v) const { return pad_left(integer_text(v), max_width_); }

 private:
  std::string integer_text(int64_t v) const {
    if (kind_ == Kind::Boolean) return v ? "True" : "False";
    return int_repr(v);
  }

  void widen(const std::string& text, int64_t extra = 0) {
    max_width_ = std::max(max_width_, static_cast<int64_t>(text.size()) + extra);
  }

  void init_floating(const std::vector<double>& values, const PrintOptions& options) {
    std::vector<double> nonzero_finite;
    for (double v : values)
      if (std::isfinite(v) && v != 0) nonzero_finite.push_back(v);
    // Nothing to measure: PyTorch returns early here, before even looking at
    // the sci_mode option, so all-zero / all-nan tensors never use sci mode.
    if (nonzero_finite.empty()) return;
    double min_abs = INFINITY, max_abs = 0;
    for (double v : nonzero_finite) {
      min_abs = std::min(min_abs, std::fabs(v));
      max_abs = std::max(max_abs, std::fabs(v));
    }
    for (double v : nonzero_finite)
      if (v != std::ceil(v)) {
        int_mode_ = false;
        break;
      }
    // The columns are as wide as the notation the tensor is printed in: the
    // automatic choice, or the one set_printoptions(sci_mode=...) forces
    // (2.x; 1.13 measured in the automatic one whatever was forced). Integral
    // values are >= 1 in magnitude, so the 1e-4 rule never picks sci for them.
    const bool automatic = max_abs / min_abs > 1000.0 || max_abs > 1.0e8 || min_abs < 1.0e-4;
    sci_mode_ = options.sci_mode ? *options.sci_mode : automatic;
    if (sci_mode_) {
      for (double v : nonzero_finite) widen(scientific(v, precision_));
    } else if (int_mode_) {
      for (double v : nonzero_finite) widen(fixed(v, 0), 1);  // +1 for the '.'
    } else {
      for (double v : nonzero_finite) widen(fixed(v, precision_));
    }
  }

  Kind kind_;
  int precision_;
  bool int_mode_ = true;
  bool sci_mode_ = false;
  int64_t max_width_ = 1;
};

// The elements that get printed, flattened row-major, plus the shape they
// came from (which decides where "..." goes).
struct Grid {
  std::vector<int64_t> sizes;       // shape of the (summarised) data
  std::vector<int64_t> full_sizes;  // shape of the tensor being printed
  Kind kind = Kind::Floating;
  bool complex = false;
  std::vector<double> re, im;   // floating and complex tensors
  std::vector<int64_t> ints;    // integral and bool tensors
};

// get_summarized_data: keep the first and last `edgeitems` entries of every
// dimension longer than 2 * edgeitems. (edgeitems == 0 prints "[...]" and
// never reads the data, see tensor_body.)
at::Tensor summarized_data(const at::Tensor& self, int64_t edgeitems) {
  if (edgeitems < 0) throw std::invalid_argument("print options: edgeitems must be >= 0");
  at::Tensor data = self;
  for (int64_t d = 0; d < self.dim(); ++d) {
    const int64_t n = self.size(d);
    if (n <= 2 * edgeitems) continue;
    std::vector<int64_t> keep;
    for (int64_t i = 0; i < edgeitems; ++i) keep.push_back(i);
    for (int64_t i = n - edgeitems; i < n; ++i) keep.push_back(i);
    data = data.index_select(d, at::tensor(keep, at::kLong).to(data.device()));
  }
  return data;
}

std::vector<double> doubles_of(const at::Tensor& t) {
  at::Tensor c = t.to(at::kDouble).contiguous();
  const double* p = c.data_ptr<double>();
  return std::vector<double>(p, p + c.numel());
}

Grid make_grid(const at::Tensor& self, const at::Tensor& data_in) {
  Grid g;
  g.full_sizes = self.sizes().vec();
  at::Tensor data = data_in.to(at::kCPU);
  g.sizes = data.sizes().vec();
  if (data.is_complex()) {
    g.complex = true;
    g.re = doubles_of(at::real(data));
    g.im = doubles_of(at::imag(data));
  } else if (data.is_floating_point()) {
    g.re = doubles_of(data);
  } else {
    g.kind = data.scalar_type() == at::kBool ? Kind::Boolean : Kind::Integer;
    at::Tensor c = data.to(at::kLong).contiguous();
    const int64_t* p = c.data_ptr<int64_t>();
    g.ints.assign(p, p + c.numel());
  }
  return g;
}

// _tensor_str_with_formatter / _vector_str over a Grid.
class Printer {
 public:
  Printer(const Grid& g, const Formatter& f1, const Formatter* f2, bool summarize,
          const PrintOptions& o)
      : g_(g), f1_(f1), f2_(f2), summarize_(summarize), o_(o) {}

  std::string print(int64_t indent) const { return sub(0, 0, indent); }

 private:
  // Whether dimension `d` shows "..." (Python: summarize and size > 2*edgeitems).
  bool elided(size_t d) const { return summarize_ && g_.full_sizes[d] > 2 * o_.edgeitems; }

  std::string element(int64_t i) const {
    if (!g_.complex) {
      return g_.kind == Kind::Floating ? f1_.format_float(g_.re[i]) : f1_.format_integer(g_.ints[i]);
    }
    std::string real = f1_.format_float(g_.re[i]);
    std::string imag = f2_->format_float(g_.im[i]) + "j";
    imag.erase(0, imag.find_first_not_of(' '));
    // The imaginary part brings its own sign ("-2.j") or gets a '+' ("+nanj").
    return imag[0] == '+' || imag[0] == '-' ? real + imag : real + "+" + imag;
  }

  std::string vector(int64_t offset, int64_t indent) const {
    int64_t element_length = f1_.width() + 2;  // ", " between elements
    if (f2_) element_length += f2_->width() + 1;  // the imaginary part and its 'j'
    const auto fit = static_cast<int64_t>(
        std::floor(static_cast<double>(o_.linewidth - indent) / static_cast<double>(element_length)));
    const int64_t per_line = std::max<int64_t>(1, fit);
    const size_t last = g_.sizes.size() - 1;
    std::vector<std::string> data;
    for (int64_t i = 0; i < g_.sizes[last]; ++i) {
      if (elided(last) && i == o_.edgeitems) data.push_back(" ...");
      data.push_back(element(offset + i));
    }
    std::string out = "[";
    const std::string line_break = ",\n" + std::string(static_cast<size_t>(indent + 1), ' ');
    for (size_t i = 0; i < data.size(); ++i) {
      if (i > 0) out += static_cast<int64_t>(i) % per_line == 0 ? line_break : ", ";
      out += data[i];
    }
    return out + "]";
  }

  std::string sub(size_t dim, int64_t offset, int64_t indent) const {
    const size_t left = g_.sizes.size() - dim;
    if (left == 0) return element(offset);
    if (left == 1) return vector(offset, indent);
    int64_t stride = 1;
    for (size_t d = dim + 1; d < g_.sizes.size(); ++d) stride *= g_.sizes[d];
    // Rows are separated by one newline per remaining dimension beyond one,
    // so matrices inside a 3-d tensor get a blank line between them.
    const std::string sep = "," + std::string(left - 1, '\n') + std::string(static_cast<size_t>(indent + 1), ' ');
    std::string out = "[";
    for (int64_t i = 0; i < g_.sizes[dim]; ++i) {
      if (i > 0) out += sep;
      if (elided(dim) && i == o_.edgeitems) out += "..." + sep;
      out += sub(dim + 1, offset + i * stride, indent + 1);
    }
    return out + "]";
  }

  const Grid& g_;
  const Formatter& f1_;
  const Formatter* f2_;
  bool summarize_;
  const PrintOptions& o_;
};

}  // namespace

std::string tensor_body(const at::Tensor& input, int64_t indent, const PrintOptions& options) {
  at::Tensor self = input;
  if (self.numel() == 0) return "[]";
  const bool summarize = self.numel() > options.threshold;
  // A summary with no edge items shows nothing but the ellipsis (the repr
  // adds the size); any dimension, since its first one is not empty.
  if (summarize && options.edgeitems == 0 && self.dim() > 0) return "[...]";
  if (self._is_zerotensor()) self = self.clone();
  if (self.is_neg()) self = self.resolve_neg();
  const auto dtype = self.scalar_type();
  if (dtype == at::kHalf || dtype == at::kBFloat16) self = self.to(at::kFloat);
  if (dtype == at::kComplexHalf) self = self.to(at::kComplexFloat);
  if (self.is_complex()) self = self.resolve_conj();

  const at::Tensor data = summarize ? summarized_data(self, options.edgeitems) : self;
  const Grid grid = make_grid(self, data);
  const std::vector<int64_t> no_ints;
  const Formatter f1(grid.kind, grid.re, grid.ints, options);
  if (!grid.complex) return Printer(grid, f1, nullptr, summarize, options).print(indent);
  const Formatter f2(Kind::Floating, grid.im, no_ints, options);
  return Printer(grid, f1, &f2, summarize, options).print(indent);
}

}  // namespace backstep::format::detail

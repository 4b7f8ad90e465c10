// repr(tensor) against PyTorch 1.13: each fixture is rebuilt here with the
// same ATen operations make_fixtures.py used, then printed.
#include <doctest/doctest.h>

#include <c10/core/DefaultDtype.h>
#include <torch/csrc/autograd/variable.h>

#include <map>
#include <vector>

#include "engine/format/tensor_repr.h"
#include "fixtures.h"

using namespace backstep::format;
using nlohmann::json;

namespace {

at::ScalarType dtype_of(const std::string& name) {
  static const std::map<std::string, at::ScalarType> table = {
      {"float32", at::kFloat}, {"float64", at::kDouble}, {"float16", at::kHalf},
      {"bfloat16", at::kBFloat16}, {"int8", at::kChar}, {"int16", at::kShort},
      {"int32", at::kInt}, {"int64", at::kLong}, {"uint8", at::kByte}, {"bool", at::kBool},
      {"complex64", at::kComplexFloat}, {"complex128", at::kComplexDouble},
      {"quint8", at::kQUInt8}, {"qint8", at::kQInt8}, {"qint32", at::kQInt32}};
  return table.at(name);
}

std::vector<double> doubles(const json& values) {
  std::vector<double> out;
  for (const auto& v : values) out.push_back(test::parse_double(v.get<std::string>()));
  return out;
}

at::Tensor double_tensor(const std::vector<double>& v) {
  return at::tensor(v, at::kDouble).reshape({static_cast<int64_t>(v.size())});
}

// decode_base() of make_fixtures.py.
at::Tensor base_tensor(const json& c) {
  const at::ScalarType dtype = dtype_of(c.at("dtype"));
  const std::vector<int64_t> shape = c.at("shape").get<std::vector<int64_t>>();
  at::Tensor t;
  if (c.contains("gen")) {
    const auto& g = c.at("gen");
    t = at::arange(g[0].get<int64_t>(), at::kDouble).mul(g[1].get<double>());
    if (g[2].get<double>() != 0) t = t.fmod(g[2].get<double>());
    t = t.add(g[3].get<double>()).div(g[4].get<double>()).to(dtype);
  } else if (at::isComplexType(dtype)) {
    std::vector<double> re, im;
    for (const auto& p : c.at("values")) {
      re.push_back(test::parse_double(p[0].get<std::string>()));
      im.push_back(test::parse_double(p[1].get<std::string>()));
    }
    t = at::complex(double_tensor(re), double_tensor(im)).to(dtype);
  } else if (at::isFloatingType(dtype)) {
    t = double_tensor(doubles(c.at("values"))).to(dtype);
  } else {
    std::vector<int64_t> ints;
    for (const auto& v : c.at("values")) ints.push_back(v.is_boolean() ? v.get<bool>() : v.get<int64_t>());
    t = at::tensor(ints, at::kLong).reshape({static_cast<int64_t>(ints.size())}).to(dtype);
  }
  return t.reshape(shape);
}

// A Python number in `x * 2`: PyTorch wraps it into a 0-dim tensor and calls
// the Tensor overload (MulBackward0); x.mul(2) would pick mul.Scalar
// (MulBackward1). A 0-dim tensor of x's dtype promotes the same way.
at::Tensor number(const at::Tensor& x, double v) { return at::scalar_tensor(v, x.scalar_type()); }

// apply_op() of make_fixtures.py.
at::Tensor apply_op(const at::Tensor& x, const std::string& op) {
  if (op == "mul2") return x.mul(number(x, 2));
  if (op == "add1") return x.add(number(x, 1));
  if (op == "sum") return x.sum();
  if (op == "mean") return x.mean();
  if (op == "pow2") return x.pow(2);
  if (op == "neg") return x.neg();
  if (op == "div4") return x.div(number(x, 4));
  if (op == "view") return x.view({-1});
  if (op == "select0") return x.select(0, 0);
  if (op == "t") return x.t();
  if (op == "clone") return x.clone();
  if (op == "to_double") return x.to(at::kDouble);
  if (op == "detach") return x.detach();
  if (op == "unsqueeze") return x.unsqueeze(0);
  if (op == "copyslices") {
    at::Tensor y = x.clone();
    y.select(0, 0).mul_(number(y, 2));
    return y;
  }
  if (op == "conj") return x.conj();
  if (op == "conj_imag") return at::imag(x.conj());
  throw std::runtime_error("unknown op " + op);
}

at::Tensor quantize(const at::Tensor& x, const json& q) {
  if (q.size() == 3)
    return at::quantize_per_tensor(x, q[0].get<double>(), q[1].get<int64_t>(), dtype_of(q[2]));
  const auto scales = q[0].get<std::vector<double>>();
  const auto points = q[1].get<std::vector<int64_t>>();
  return at::quantize_per_channel(x, double_tensor(scales),
                                  at::tensor(points, at::kLong).reshape({static_cast<int64_t>(points.size())}),
                                  q[2].get<int64_t>(), dtype_of(q[3]));
}

// build() of make_fixtures.py; sets `extras` for parameters.
at::Tensor build(const json& c, TensorReprExtras& extras) {
  if (c.value("device", "") == "meta") {
    return at::empty(c.at("shape").get<std::vector<int64_t>>(),
                     at::TensorOptions().dtype(dtype_of(c.at("dtype"))).device(at::kMeta));
  }
  at::Tensor x;
  if (c.contains("nested")) {
    std::vector<at::Tensor> members;
    for (json m : c.at("nested")) {
      m["dtype"] = c.at("dtype");
      members.push_back(base_tensor(m));
    }
    x = at::_nested_tensor_from_tensor_list(members);
  } else {
    x = base_tensor(c);
  }
  if (c.contains("quant")) x = quantize(x, c.at("quant"));
  if (c.value("layout", "") == "sparse_coo") x = x.to_sparse();
  if (c.value("layout", "") == "sparse_csr") x = x.to_sparse_csr();
  if (c.value("requires_grad", false)) x.requires_grad_(true);
  if (c.contains("op")) x = apply_op(x, c.at("op"));
  if (c.contains("parameter")) {  // nn.Parameter(x, requires_grad): a detached alias
    x = x.detach().requires_grad_(c.at("parameter").get<bool>());
    extras.is_parameter = true;
  }
  return x;
}

PrintOptionsUpdate profile(const std::string& name) {
  PrintOptionsUpdate u;
  u.profile = name;
  return u;
}

PrintOptionsUpdate options_of(const json& opts) {
  PrintOptionsUpdate u;
  if (opts.contains("precision")) u.precision = opts.at("precision").get<int>();
  if (opts.contains("threshold")) u.threshold = opts.at("threshold").get<int64_t>();
  if (opts.contains("edgeitems")) u.edgeitems = opts.at("edgeitems").get<int64_t>();
  if (opts.contains("linewidth")) u.linewidth = opts.at("linewidth").get<int>();
  if (opts.contains("profile")) u.profile = opts.at("profile").get<std::string>();
  if (opts.contains("sci_mode")) u.sci_mode = opts.at("sci_mode").get<bool>();
  return u;
}

// Runs one fixture case with its print options and default dtype, restoring both.
std::string repr_of_case(const json& c) {
  set_printoptions(profile("default"));
  set_printoptions(options_of(c.value("opts", json::object())));
  if (c.value("default_dtype", "") == "float64") c10::set_default_dtype(caffe2::TypeMeta::Make<double>());
  std::string out;
  try {
    TensorReprExtras extras;
    const at::Tensor t = build(c, extras);
    out = tensor_repr(t, extras);
  } catch (const std::exception& e) {
    out = std::string("exception: ") + e.what();
  }
  c10::set_default_dtype(caffe2::TypeMeta::Make<float>());
  set_printoptions(profile("default"));
  return out;
}

}  // namespace

TEST_CASE("tensor_repr matches PyTorch on every recorded case") {
  const auto& cases = test::fixtures().at("tensor");
  REQUIRE(cases.size() >= 150);
  size_t passed = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const json& c = cases[i];
    json description = c;
    description.erase("repr");
    if (description.contains("values") && description["values"].size() > 12) description["values"] = "...";
    INFO("case " << i << ": " << description.dump());
    const std::string got = repr_of_case(c);
    CHECK(got == c.at("repr").get<std::string>());
    passed += got == c.at("repr").get<std::string>();
  }
  MESSAGE("tensor fixtures: " << passed << " of " << cases.size() << " pass");
}

TEST_CASE("set_printoptions follows torch.set_printoptions") {
  set_printoptions(profile("short"));
  CHECK(print_options().precision == 2);
  CHECK(print_options().edgeitems == 2);
  PrintOptionsUpdate u;
  u.precision = 6;
  u.sci_mode = true;
  set_printoptions(u);
  CHECK(print_options().precision == 6);
  CHECK(print_options().edgeitems == 2);  // untouched fields stay
  CHECK(print_options().sci_mode == true);
  PrintOptionsUpdate wide;
  wide.linewidth = 100;
  set_printoptions(wide);
  CHECK_FALSE(print_options().sci_mode.has_value());  // always assigned, so reset
  set_printoptions(profile("no such profile"));
  CHECK(print_options().precision == 6);  // unknown profiles are ignored
  set_printoptions(profile("full"));
  CHECK(print_options().threshold == std::numeric_limits<int64_t>::max());
  set_printoptions(profile("default"));
  CHECK(print_options().precision == 4);
  CHECK(print_options().threshold == 1000);
  CHECK(print_options().linewidth == 80);
}

TEST_CASE("dtype names are Python's") {
  // str(torch.<dtype>) in PyTorch 1.13.
  CHECK(dtype_name(at::kFloat) == "torch.float32");
  CHECK(dtype_name(at::kLong) == "torch.int64");
  CHECK(dtype_name(at::kBool) == "torch.bool");
  CHECK(dtype_name(at::kHalf) == "torch.float16");
  CHECK(dtype_name(at::kBFloat16) == "torch.bfloat16");
  CHECK(dtype_name(at::kByte) == "torch.uint8");
  CHECK(dtype_name(at::kComplexHalf) == "torch.complex32");
  CHECK(dtype_name(at::kComplexDouble) == "torch.complex128");
  CHECK(dtype_name(at::kQUInt8) == "torch.quint8");
  // torch.testing._internal.common_utils.dtype_abbrs
  CHECK(dtype_abbrev(at::kFloat) == "f32");
  CHECK(dtype_abbrev(at::kDouble) == "f64");
  CHECK(dtype_abbrev(at::kHalf) == "f16");
  CHECK(dtype_abbrev(at::kBFloat16) == "bf16");
  CHECK(dtype_abbrev(at::kLong) == "i64");
  CHECK(dtype_abbrev(at::kInt) == "i32");
  CHECK(dtype_abbrev(at::kShort) == "i16");
  CHECK(dtype_abbrev(at::kChar) == "i8");
  CHECK(dtype_abbrev(at::kByte) == "u8");
  CHECK(dtype_abbrev(at::kBool) == "b8");
  CHECK(dtype_abbrev(at::kComplexFloat) == "c64");
  CHECK(dtype_abbrev(at::kComplexDouble) == "c128");
}

TEST_CASE("tensor_repr refuses an undefined tensor") {
  CHECK_THROWS_AS(tensor_repr(at::Tensor()), std::invalid_argument);
}

TEST_CASE("tensor_repr leaves grad mode as it was") {
  at::Tensor x = at::ones({2}).requires_grad_(true);
  const std::string text = tensor_repr(x);
  CHECK(text == "tensor([1., 1.], requires_grad=True)");
  CHECK(x.mul(2).requires_grad());  // printing did not switch autograd off
}

// Saved-field accessors: coverage of the real Functions.h, and names and values
// against what real PyTorch 2.15 shows (saved_fixture.json, recorded by
// collect_saved_fixture.py under the oracle; each case below builds the same
// graph in C++, calling the ATen ops PyTorch's Python calls).
#include "engine/autograd/saved_fields.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace ba = backstep::autograd;
using torch::autograd::Node;
using json = nlohmann::json;

namespace {

json load_fixture() {
  std::ifstream in(BACKSTEP_SAVED_FIXTURE);
  REQUIRE_MESSAGE(in.good(), "cannot open " BACKSTEP_SAVED_FIXTURE);
  return json::parse(in);
}

const json& fixture() {
  static const json j = load_fixture();
  return j;
}

std::string read_file(const char* path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// ---- the graphs, mirroring collect_saved_fixture.py -------------------------

std::pair<at::Tensor, at::Tensor> inputs() {
  auto base = at::arange(12, at::kFloat).reshape({3, 4});
  auto a = (base / 10 + 0.1).requires_grad_();
  auto b = (base / 7 - 0.5).requires_grad_();
  return {a, b};
}

at::Tensor longs(std::vector<int64_t> v) { return at::tensor(v, at::kLong); }
at::Tensor floats(std::vector<float> v) { return at::tensor(v, at::kFloat); }
using OptTensorList = c10::List<c10::optional<at::Tensor>>;
// Python passes a number given for a Tensor argument as a wrapped-number
// tensor (so `b + 2` is add.Tensor, AddBackward0, not add.Scalar).
at::Tensor wrapped(const at::Scalar& s) {
  auto t = at::scalar_to_tensor(s);
  t.unsafeGetTensorImpl()->set_wrapped_number(true);
  return t;
}

const std::map<std::string, std::function<at::Tensor()>>& cases() {
  static const std::map<std::string, std::function<at::Tensor()>> m = {
      {"mul", [] { auto [a, b] = inputs(); return a * b; }},
      {"mul_scalar_inplace", [] { auto [a, b] = inputs(); return a.clone().mul_(at::scalar_tensor(2.5, at::kFloat)); }},
      {"div", [] { auto [a, b] = inputs(); return a / (b + wrapped(2)); }},
      {"div_floor", [] { auto [a, b] = inputs(); return a.div(b + wrapped(2), c10::string_view("floor")); }},
      {"pow_scalar", [] { auto [a, b] = inputs(); return a.pow(2); }},
      {"pow_tensor", [] { auto [a, b] = inputs(); return a.pow(b); }},
      {"exp", [] { auto [a, b] = inputs(); return a.exp(); }},
      {"sigmoid", [] { auto [a, b] = inputs(); return at::sigmoid(a); }},
      {"tanh", [] { auto [a, b] = inputs(); return at::tanh(a); }},
      {"addcmul", [] { auto [a, b] = inputs(); return at::addcmul(a, a, b, 0.5); }},
      {"sum", [] { auto [a, b] = inputs(); return a.sum(); }},
      {"sum_dim", [] { auto [a, b] = inputs(); return at::sum(a, at::IntArrayRef{1}, true); }},
      {"mean", [] { auto [a, b] = inputs(); return a.mean(); }},
      {"mean_dim", [] { auto [a, b] = inputs(); return at::mean(a, at::IntArrayRef{0}, false); }},
      {"max_dim", [] { auto [a, b] = inputs(); return std::get<0>(at::max(a, 1)); }},
      // Tensor.norm() is torch.linalg.vector_norm(a, 2) in PyTorch 2.x's Python
      {"norm", [] { auto [a, b] = inputs(); return at::linalg_vector_norm(a, 2, c10::nullopt, false, c10::nullopt); }},
      {"vector_norm_dim", [] { auto [a, b] = inputs(); return at::linalg_vector_norm(a, 1, at::IntArrayRef{1}, false, c10::nullopt); }},
      {"var_dim", [] { auto [a, b] = inputs(); return at::var(a, at::IntArrayRef{1}, true, false); }},
      {"mm", [] { auto [a, b] = inputs(); return a.mm(b.t()); }},
      {"addmm", [] {
         auto [a, b] = inputs();
         auto c = at::arange(9, at::kFloat).reshape({3, 3});
         return at::addmm(c, a, b.t(), 0.5, 2);
       }},
      {"linear", [] {
         auto [a, b] = inputs();
         auto w = (at::arange(8, at::kFloat).reshape({2, 4}) / 5).requires_grad_();
         auto bias = floats({0.5f, -0.5f}).requires_grad_();
         return at::linear(a, w, bias);
       }},
      {"bmm", [] { auto [a, b] = inputs(); return at::bmm(a.reshape({3, 2, 2}), b.reshape({3, 2, 2})); }},
      {"matmul", [] { auto [a, b] = inputs(); return at::matmul(a.reshape({3, 2, 2}), b.select(0, 0).reshape({2, 2})); }},
      {"conv2d", [] {
         auto x = (at::arange(50, at::kFloat).reshape({1, 2, 5, 5}) / 50).requires_grad_();
         auto w = (at::arange(54, at::kFloat).reshape({3, 2, 3, 3}) / 54 - 0.5).requires_grad_();
         auto bias = floats({0.1f, 0.2f, 0.3f}).requires_grad_();
         return at::conv2d(x, w, bias, {1, 1}, {1, 1}, {1, 1}, 1);  // Python expands int to int[2]
       }},
      {"index", [] { auto [a, b] = inputs(); return a.index(OptTensorList({longs({0, 2})})); }},
      {"index_put", [] {
         auto [a, b] = inputs();
         return a.clone().index_put(OptTensorList({longs({0, 2})}), at::scalar_tensor(7.0, at::kFloat), false);
       }},
      {"index_select", [] { auto [a, b] = inputs(); return a.index_select(1, longs({3, 1})); }},
      {"gather", [] { auto [a, b] = inputs(); return a.gather(1, longs({0, 1, 2, 3, 1, 1}).reshape({3, 2})); }},
      {"view", [] { auto [a, b] = inputs(); return a.view({4, 3}); }},
      {"transpose", [] { auto [a, b] = inputs(); return a.transpose(0, 1); }},
      {"expand", [] { auto [a, b] = inputs(); return a.unsqueeze(0).expand({2, 3, 4}); }},
      {"permute", [] { auto [a, b] = inputs(); return a.reshape({3, 2, 2}).permute({2, 0, 1}); }},
      {"narrow", [] { auto [a, b] = inputs(); return a.narrow(1, 1, 2); }},
      {"mse_loss", [] { auto [a, b] = inputs(); return at::mse_loss(a, b); }},
      {"bce_with_logits", [] {
         auto [a, b] = inputs();
         auto target = at::remainder(at::arange(12, at::kFloat).reshape({3, 4}), 2);
         return at::binary_cross_entropy_with_logits(a, target, {}, {}, at::Reduction::Mean);
       }},
      {"nll_loss", [] { auto [a, b] = inputs(); return at::nll_loss_nd(a, longs({0, 3, 1}), {}, at::Reduction::Mean, -100); }},
      {"cross_entropy", [] {
         auto [a, b] = inputs();
         return at::cross_entropy_loss(a, longs({0, 3, 1}), {}, at::Reduction::Mean, -100, 0.0);
       }},
      {"cat", [] { auto [a, b] = inputs(); return at::cat({a, b}, 1); }},
      {"stack", [] { auto [a, b] = inputs(); return at::stack({a, b}); }},
      {"softmax", [] { auto [a, b] = inputs(); return at::softmax(a, 1); }},
      {"log_softmax", [] { auto [a, b] = inputs(); return at::log_softmax(a, 0); }},
      {"clamp_min", [] { auto [a, b] = inputs(); return a.clamp(c10::optional<at::Scalar>(0.3), c10::optional<at::Scalar>()); }},
      {"clamp_both", [] { auto [a, b] = inputs(); return a.clamp(c10::optional<at::Scalar>(0.2), c10::optional<at::Scalar>(0.8)); }},
      {"clamp_tensor", [] { auto [a, b] = inputs(); return a.clamp(c10::optional<at::Tensor>(b), c10::optional<at::Tensor>()); }},
      {"to_double", [] { auto [a, b] = inputs(); return a.to(at::kDouble); }},
      {"relu", [] { auto [a, b] = inputs(); return at::relu(a - wrapped(0.5)); }},
      {"upsample_nearest", [] {
         auto x = at::arange(8, at::kFloat).reshape({1, 2, 2, 2}).requires_grad_();
         std::vector<double> scales{2.0, 2.0};
         return at::upsample_nearest2d(x, c10::nullopt, c10::optional<at::ArrayRef<double>>(scales));
       }},
      {"layer_norm", [] {
         auto [a, b] = inputs();
         auto w = floats({1, 2, 3, 4}).requires_grad_();
         auto bias = floats({0.0f, 0.1f, 0.2f, 0.3f}).requires_grad_();
         return at::layer_norm(a, {4}, w, bias, 1e-5);
       }},
      {"embedding", [] {
         auto w = at::arange(12, at::kFloat).reshape({4, 3}).requires_grad_();
         return at::embedding(w, longs({0, 2, 3, 3}).reshape({2, 2}), 1, false, false);
       }},
  };
  return m;
}

// Breadth-first from the root, as next_functions lists the edges.
std::vector<c10::intrusive_ptr<Node>> walk(const c10::intrusive_ptr<Node>& root) {
  std::vector<c10::intrusive_ptr<Node>> order;
  std::set<Node*> seen;
  std::vector<c10::intrusive_ptr<Node>> queue{root};
  for (size_t i = 0; i < queue.size(); ++i) {
    auto fn = queue[i];
    if (!fn || !seen.insert(fn.get()).second) continue;
    order.push_back(fn);
    for (const auto& e : fn->next_edges()) queue.push_back(e.function);
  }
  return order;
}

std::string python_dtype(at::ScalarType t) {
  switch (t) {
    case at::kFloat: return "float32";
    case at::kDouble: return "float64";
    case at::kHalf: return "float16";
    case at::kBFloat16: return "bfloat16";
    case at::kLong: return "int64";
    case at::kInt: return "int32";
    case at::kShort: return "int16";
    case at::kChar: return "int8";
    case at::kByte: return "uint8";
    case at::kBool: return "bool";
    default: return c10::toString(t);
  }
}

// PyTorch (1.13 and 2.15 alike) shows saved int64 values through PyLong_FromUnsignedLong:
// compare modulo 2**64.
bool same_int(int64_t ours, const json& theirs) {
  if (theirs.is_number_unsigned()) return static_cast<uint64_t>(ours) == theirs.get<uint64_t>();
  return ours == theirs.get<int64_t>();
}

bool close(double x, double y) { return std::fabs(x - y) <= 1e-6 * std::max(1.0, std::fabs(y)); }

void check_ivalue(const c10::IValue& v, const json& d, const std::string& where);

void check_tensor(const c10::IValue& v, const json& d, const std::string& where) {
  INFO(where);
  REQUIRE(v.isTensor());
  at::Tensor t = v.toTensor();
  CHECK(t.sizes().vec() == d["shape"].get<std::vector<int64_t>>());
  CHECK(python_dtype(t.scalar_type()) == d["dtype"].get<std::string>());
  CHECK(t.requires_grad() == d["requires_grad"].get<bool>());
  if (d["grad_fn"].is_null())
    CHECK(t.grad_fn() == nullptr);
  else {
    REQUIRE(t.grad_fn() != nullptr);
    CHECK(t.grad_fn()->name() == d["grad_fn"].get<std::string>());
  }
  if (d.contains("values")) {
    auto flat = t.detach().to(at::kDouble).contiguous().view(-1);
    const json& vals = d["values"];
    REQUIRE(flat.numel() == static_cast<int64_t>(vals.size()));
    auto acc = flat.accessor<double, 1>();
    for (size_t i = 0; i < vals.size(); ++i) {
      double want = vals[i].is_boolean() ? (vals[i].get<bool>() ? 1.0 : 0.0) : vals[i].get<double>();
      CHECK_MESSAGE(close(acc[static_cast<int64_t>(i)], want), "element " << i);
    }
  }
}

void check_ivalue(const c10::IValue& v, const json& d, const std::string& where) {
  INFO(where);
  const std::string kind = d["kind"];
  if (kind == "none") {
    CHECK(v.isNone());
  } else if (kind == "tensor") {
    check_tensor(v, d, where);
  } else if (kind == "tensor_list") {
    REQUIRE(v.isList());
    auto items = v.toListRef();
    REQUIRE(items.size() == d["items"].size());
    for (size_t i = 0; i < items.size(); ++i) check_ivalue(items[i], d["items"][i], where + "[" + std::to_string(i) + "]");
  } else if (kind == "bool") {
    REQUIRE(v.isBool());
    CHECK(v.toBool() == d["value"].get<bool>());
  } else if (kind == "int") {
    REQUIRE(v.isInt());
    CHECK(same_int(v.toInt(), d["value"]));
  } else if (kind == "float") {
    REQUIRE(v.isDouble());
    CHECK(close(v.toDouble(), d["value"].get<double>()));
  } else if (kind == "string") {
    REQUIRE(v.isString());
    CHECK(v.toStringRef() == d["value"].get<std::string>());
  } else if (kind == "int_list") {
    REQUIRE(v.isIntList());
    auto l = v.toIntVector();
    REQUIRE(l.size() == d["value"].size());
    for (size_t i = 0; i < l.size(); ++i) CHECK(same_int(l[i], d["value"][i]));
  } else if (kind == "float_list") {
    REQUIRE(v.isDoubleList());
    auto l = v.toDoubleVector();
    REQUIRE(l.size() == d["value"].size());
    for (size_t i = 0; i < l.size(); ++i) CHECK(close(l[i], d["value"][i].get<double>()));
  } else if (kind == "tuple") {
    REQUIRE(v.isList());
    CHECK(v.toListRef().size() == d["items"].size());
  } else {
    FAIL("unexpected kind in fixture: " << kind);
  }
}

// The SavedKinds that may carry each fixture kind.
bool kind_fits(ba::SavedKind k, const std::string& fixture_kind, bool optional) {
  using K = ba::SavedKind;
  if (fixture_kind == "none") return optional || k == K::Tensor;
  if (fixture_kind == "tensor") return k == K::Tensor;
  if (fixture_kind == "tensor_list") return k == K::TensorList;
  if (fixture_kind == "bool") return k == K::Bool || k == K::Scalar;
  if (fixture_kind == "int") return k == K::Int || k == K::SymInt || k == K::Scalar;
  if (fixture_kind == "float") return k == K::Float || k == K::Scalar;
  if (fixture_kind == "string") return k == K::String;
  if (fixture_kind == "int_list" || fixture_kind == "tuple") return k == K::IntList || k == K::SymIntList || k == K::FloatList;
  if (fixture_kind == "float_list") return k == K::FloatList;
  if (fixture_kind == "dtype") return k == K::ScalarType;
  return false;
}

c10::intrusive_ptr<Node> grad_fn_of(const std::string& case_name) {
  auto it = cases().find(case_name);
  REQUIRE_MESSAGE(it != cases().end(), "no C++ graph for case " << case_name);
  at::Tensor y = it->second();
  REQUIRE(y.grad_fn());
  return y.grad_fn();
}

}  // namespace

TEST_CASE("every node struct in Functions.h has accessors") {
  const std::string header = read_file(BACKSTEP_FUNCTIONS_H);
  REQUIRE(!header.empty());
  std::set<std::string> structs;
  size_t saved_variables = 0, saved_lists = 0;
  std::regex struct_re(R"(^struct TORCH_API (\w+) : public (?:TraceableFunction|Node)\b)");
  std::regex var_re(R"(^\s+SavedVariable \w+;)");
  std::regex list_re(R"(^\s+std::vector<SavedVariable> \w+;)");
  std::istringstream lines(header);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_search(line, m, struct_re)) structs.insert(m[1]);
    if (std::regex_search(line, var_re)) ++saved_variables;
    if (std::regex_search(line, list_re)) ++saved_lists;
  }
  auto known = ba::known_node_types();
  std::set<std::string> known_set(known.begin(), known.end());
  CHECK(known.size() == known_set.size());
  CHECK(structs.size() >= 500);
  CHECK(known_set == structs);

  size_t tensors = 0, lists = 0, total = 0;
  for (auto name : known) {
    const auto* fields = ba::saved_fields_of(name);
    REQUIRE(fields != nullptr);
    for (const auto& f : *fields) {
      ++total;
      if (f.kind == ba::SavedKind::Tensor && f.has_raw) ++tensors;
      if (f.kind == ba::SavedKind::TensorList && f.has_raw) ++lists;
      CHECK_MESSAGE(f.name.find("released") == std::string::npos, name << "." << f.name);
    }
  }
  CHECK(tensors == saved_variables);
  CHECK(lists == saved_lists);
  MESSAGE(known.size() << " node types, " << total << " saved fields");

  CHECK(ba::saved_fields_of("torch::autograd::AccumulateGrad") == nullptr);
  CHECK(ba::saved_fields_of("NoSuchBackward0") == nullptr);
  const auto* mul = ba::saved_fields_of("MulBackward0");
  REQUIRE(mul);
  std::set<std::string> mul_names;
  for (const auto& f : *mul) mul_names.insert(f.name);
  CHECK(mul_names.count("self"));
  CHECK(mul_names.count("other"));
}

TEST_CASE("python_visible matches PyTorch's properties for every node type") {
  const json& fx = fixture();
  REQUIRE(fx.contains("python_properties"));
  const json& props = fx["python_properties"];
  CHECK(props.size() == ba::known_node_types().size());
  size_t visible_total = 0;
  for (auto it = props.begin(); it != props.end(); ++it) {
    INFO(it.key());
    const auto* fields = ba::saved_fields_of(it.key());
    REQUIRE(fields);
    std::set<std::string> visible, raw;
    for (const auto& f : *fields) {
      if (f.python_visible) visible.insert(f.name);
      if (f.python_visible && f.has_raw) raw.insert(f.name);
    }
    visible_total += visible.size();
    CHECK(ba::has_python_class(it.key()) == it.value()["class"].get<bool>());
    CHECK(visible == it.value()["saved"].get<std::set<std::string>>());
    CHECK(raw == it.value()["raw"].get<std::set<std::string>>());
  }
  MESSAGE(visible_total << " fields with a Python property");
}

TEST_CASE("saved fields match real PyTorch") {
  const json& fx = fixture();
  REQUIRE(fx["cases"].size() == cases().size());
  for (const json& c : fx["cases"]) {
    const std::string case_name = c["case"];
    SUBCASE(case_name.c_str()) {
      auto nodes = walk(grad_fn_of(case_name));
      const json& want = c["nodes"];
      REQUIRE(nodes.size() == want.size());
      for (size_t i = 0; i < nodes.size(); ++i) {
        Node& node = *nodes[i];
        const json& w = want[i];
        const std::string where = case_name + " #" + std::to_string(i) + " " + node.name();
        INFO(where);
        REQUIRE(node.name() == w["name"].get<std::string>());

        std::set<std::string> visible, raw, want_visible, want_raw;
        const auto* fields = ba::saved_fields_of(node);
        if (fields) {
          CHECK(fields == ba::saved_fields_of(node.name()));
          for (const auto& f : *fields) {
            if (f.python_visible) visible.insert(f.name);
            if (f.python_visible && f.has_raw) raw.insert(f.name);
          }
        }
        for (auto it = w["saved"].begin(); it != w["saved"].end(); ++it) want_visible.insert(it.key());
        for (const auto& r : w["raw"]) want_raw.insert(r.get<std::string>());
        CHECK(visible == want_visible);
        CHECK(raw == want_raw);

        for (auto it = w["saved"].begin(); it != w["saved"].end(); ++it) {
          const std::string field = it.key();
          const ba::SavedFieldInfo* info = nullptr;
          for (const auto& f : *fields)
            if (f.name == field) info = &f;
          REQUIRE(info);
          ba::SavedValue v = ba::read_saved_field(node, field);
          CHECK(v.kind == info->kind);
          CHECK_MESSAGE(kind_fits(info->kind, it.value()["kind"], info->optional),
                        field << " is " << ba::to_string(info->kind) << ", Python shows " << it.value()["kind"].dump());
          check_ivalue(v.value, it.value(), where + "._saved_" + field);
        }
        // Every field reads (hidden ones too), and read_saved_fields agrees.
        if (fields) {
          auto all = ba::read_saved_fields(node);
          REQUIRE(all.size() == fields->size());
          for (size_t k = 0; k < all.size(); ++k) {
            CHECK(all[k].kind == (*fields)[k].kind);
            if (all[k].kind == ba::SavedKind::Opaque) CHECK(!all[k].text.empty());
          }
        }
      }
    }
  }
}

TEST_CASE("reading saved tensors after the graph was freed") {
  const json& after = fixture()["after_release"];
  auto [a, b] = inputs();
  {
    at::Tensor y = a * b;
    y.sum().backward();
    try {
      ba::read_saved_field(*y.grad_fn(), "self");
      FAIL("no error");
    } catch (const c10::Error& e) {
      CHECK(std::string(e.what_without_backtrace()) == after["tensor"].get<std::string>());
    }
    // the SavedVariable is still there, only its data is gone
    CHECK(ba::raw_saved_variable(*y.grad_fn(), "self") != nullptr);
  }
  {
    at::Tensor y = a.index(OptTensorList({longs({0, 2})}));
    CHECK(ba::raw_saved_variable_list(*y.grad_fn(), "indices")->size() == 1);
    CHECK(ba::read_saved_field(*y.grad_fn(), "indices").value.toListRef().size() == 1);
    y.sum().backward();
    try {
      ba::read_saved_field(*y.grad_fn(), "indices");
      FAIL("no error");
    } catch (const c10::Error& e) {
      CHECK(std::string(e.what_without_backtrace()) == after["tensor_list"].get<std::string>());
    }
    CHECK_THROWS_AS(ba::raw_saved_variable_list(*y.grad_fn(), "indices"), c10::Error);
    // non-tensor fields survive
    CHECK(ba::read_saved_field(*y.grad_fn(), "self_sym_sizes").value.toIntVector() == std::vector<int64_t>{3, 4});
  }
  {
    at::Tensor y = at::sum(a, at::IntArrayRef{1}, true);
    y.sum().backward();
    check_ivalue(ba::read_saved_field(*y.grad_fn(), "dim").value, after["int_after_release"], "dim");
  }
}

TEST_CASE("a saved output is the output itself") {
  const json& want = fixture()["exp_result"];
  auto [a, b] = inputs();
  at::Tensor y = a.exp();
  ba::SavedValue v = ba::read_saved_field(*y.grad_fn(), "result");
  REQUIRE(v.kind == ba::SavedKind::Tensor);
  at::Tensor r = v.value.toTensor();
  CHECK(at::equal(r, y) == want["equal"].get<bool>());
  CHECK((r.grad_fn() == y.grad_fn()) == want["same_grad_fn"].get<bool>());
  CHECK((r.data_ptr() == y.data_ptr()) == want["same_storage"].get<bool>());
  CHECK(ba::raw_saved_variable(*y.grad_fn(), "result") != nullptr);
}

TEST_CASE("fields Python does not show: ScalarType and Opaque") {
  auto [a, b] = inputs();
  {
    at::Tensor y = a + b;
    const auto* fields = ba::saved_fields_of(*y.grad_fn());
    REQUIRE(fields);
    bool found = false;
    for (const auto& f : *fields)
      if (f.name == "other_scalar_type") {
        found = true;
        CHECK(f.kind == ba::SavedKind::ScalarType);
        CHECK_FALSE(f.python_visible);
      }
    CHECK(found);
    auto v = ba::read_saved_field(*y.grad_fn(), "other_scalar_type");
    CHECK(v.kind == ba::SavedKind::ScalarType);
    CHECK(v.value.toInt() == static_cast<int64_t>(at::kFloat));
  }
  {
    at::Tensor y = at::cat({a, b}, 0);
    auto sizes = ba::read_saved_field(*y.grad_fn(), "tensors_args_sizes_symint");
    CHECK(sizes.kind == ba::SavedKind::Opaque);
    CHECK(sizes.value.isNone());
    CHECK(sizes.text == "[[3, 4], [3, 4]]");
    CHECK(ba::read_saved_field(*y.grad_fn(), "tensors_args_scalartypes").text == "[Float, Float]");
  }
  {
    at::Tensor y = a.to(at::kDouble);
    auto opts = ba::read_saved_field(*y.grad_fn(), "self_options");
    CHECK(opts.kind == ba::SavedKind::Opaque);
    CHECK(opts.text.find("TensorOptions(dtype=float") == 0);
  }
  {
    // TypeAndSize keeps its members private; shown through them all the same
    at::Tensor y = at::copysign(a, b);
    const auto* fields = ba::saved_fields_of(*y.grad_fn());
    REQUIRE(fields);
    std::string info_field;
    for (const auto& f : *fields)
      if (f.cpp_type.find("TypeAndSize") != std::string::npos) info_field = f.name;
    REQUIRE(!info_field.empty());
    {
      auto v = ba::read_saved_field(*y.grad_fn(), info_field);
      CHECK(v.kind == ba::SavedKind::Opaque);
      CHECK(v.text.find("TypeAndSize(sym_sizes=[3, 4], options=TensorOptions(dtype=float") == 0);
    }
  }
  {
    at::Tensor y = at::addmm(at::zeros({3, 3}), a, b.t());
    auto layout = ba::read_saved_field(*y.grad_fn(), "mat2_layout");
    CHECK(layout.kind == ba::SavedKind::Opaque);
    CHECK(layout.text == "Strided");
  }
}

TEST_CASE("unknown nodes and fields") {
  auto [a, b] = inputs();
  at::Tensor y = a * b;
  CHECK_THROWS_AS(ba::read_saved_field(*y.grad_fn(), "nope"), std::out_of_range);
  CHECK_THROWS_AS(ba::raw_saved_variable(*y.grad_fn(), "nope"), std::out_of_range);
  auto leaf = torch::autograd::impl::grad_accumulator(a);
  REQUIRE(leaf);
  CHECK(ba::saved_fields_of(*leaf) == nullptr);
  CHECK(ba::read_saved_fields(*leaf).empty());
  CHECK_THROWS_AS(ba::read_saved_field(*leaf, "variable"), std::out_of_range);
  CHECK(ba::raw_saved_variable(*y.grad_fn(), "self") != nullptr);
  CHECK(ba::raw_saved_variable_list(*y.grad_fn(), "self") == nullptr);
  at::Tensor s = at::sum(a, at::IntArrayRef{1}, true);
  CHECK(ba::raw_saved_variable(*s.grad_fn(), "dim") == nullptr);
}

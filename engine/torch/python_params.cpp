// CPython's binding of a call's arguments to a Python function's parameters
// (positional-or-keyword, *args, keyword-only), with its TypeError messages,
// for the torch.X functions PyTorch writes in Python (python_level.cpp).
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <unordered_map>

namespace backstep::torchb {

using rt::Value;

namespace {

struct PyParam {
  std::string name;
  bool has_default = false;
  Value default_value;
};

Value parse_default(std::string_view text) {
  if (text == "None") return Value();
  if (text == "True") return Value(true);
  if (text == "False") return Value(false);
  if (text.front() == '\'') return rt::make_str(std::string(text.substr(1, text.size() - 2)));
  std::string s(text);
  if (s.find_first_of(".e") != std::string::npos) return Value(std::stod(s));
  return Value(int64_t(std::stoll(s)));
}

// "input, p=0.5" -> parameters; parsed once per spec string.
const std::vector<PyParam>& parse_params(std::string_view spec) {
  static std::mutex mu;
  static auto* cache = new std::unordered_map<const char*, std::vector<PyParam>>();
  std::lock_guard<std::mutex> lock(mu);
  auto& params = (*cache)[spec.data()];
  if (!params.empty()) return params;
  while (!spec.empty()) {
    auto comma = spec.find(", ");
    std::string_view item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 2);
    PyParam p;
    auto eq = item.find('=');
    p.name = std::string(item.substr(0, eq));
    if (eq != std::string_view::npos) p.has_default = true, p.default_value = parse_default(item.substr(eq + 1));
    params.push_back(std::move(p));
  }
  return params;
}

// CPython's "'a', 'b' and 'c'" list of missing names.
std::string quoted_list(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) s += names.size() > 2 ? (i + 1 == names.size() ? ", and " : ", ") : " and ";
    s += "'" + names[i] + "'";
  }
  return s;
}

}  // namespace

void bind_python_params(std::string_view function, std::string_view spec, const rt::Args& args, Value* out) {
  const auto& params = parse_params(spec);
  size_t n = params.size(), given = args.pos.size(), required = 0;
  // A "*name" parameter takes the remaining positionals as a tuple; the
  // parameters after it are keyword-only.
  size_t star = n;
  for (size_t i = 0; i < n; ++i)
    if (params[i].name[0] == '*') star = i;
  size_t positional = star;
  for (size_t i = 0; i < positional; ++i) required += !params[i].has_default;
  if (given > positional && star == n) {
    if (required == positional)
      rt::raise_type_error(fmt::format("{}() takes {} positional argument{} but {} {} given", function, positional,
                                       positional == 1 ? "" : "s", given, given == 1 ? "was" : "were"));
    rt::raise_type_error(fmt::format("{}() takes from {} to {} positional arguments but {} were given", function,
                                     required, positional, given));
  }
  std::vector<bool> set(n, false);
  for (size_t i = 0; i < std::min(given, positional); ++i) out[i] = args.pos[i], set[i] = true;
  if (star < n) {
    std::vector<Value> rest;
    for (size_t i = positional; i < given; ++i) rest.push_back(args.pos[i]);
    out[star] = rt::make_tuple(std::move(rest));
    set[star] = true;
  }
  for (const auto& kw : args.kw) {
    size_t i = 0;
    while (i < n && (params[i].name != kw.name || i == star)) ++i;
    if (i == n) rt::raise_type_error(fmt::format("{}() got an unexpected keyword argument '{}'", function, kw.name));
    if (set[i]) rt::raise_type_error(fmt::format("{}() got multiple values for argument '{}'", function, kw.name));
    out[i] = kw.value, set[i] = true;
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < n; ++i) {
    if (set[i]) continue;
    if (params[i].has_default) out[i] = params[i].default_value;
    else missing.push_back(params[i].name);
  }
  if (!missing.empty())
    rt::raise_type_error(fmt::format("{}() missing {} required positional argument{}: {}", function, missing.size(),
                                     missing.size() == 1 ? "" : "s", quoted_list(missing)));
}

}  // namespace backstep::torchb

#include "engine/runtime/suggestions.h"

#include "engine/lang/ast.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <algorithm>
#include <cstddef>
#include <fmt/format.h>

namespace backstep::rt {

namespace {

constexpr std::size_t kMaxCandidates = 750;  // CPython gives up on larger dir() lists
constexpr std::size_t kMaxLength = 40;       // ... and on longer names (after common affixes)
constexpr std::size_t kMoveCost = 2;
constexpr std::size_t kCaseCost = 1;

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::size_t substitution_cost(char a, char b) {
  if (a == b) return 0;
  return lower(a) == lower(b) ? kCaseCost : kMoveCost;
}

// The weighted edit distance of a and b, or any value above max_cost once it
// is certain to exceed it.
std::size_t distance(std::string_view a, std::string_view b, std::size_t max_cost) {
  // Common prefixes and suffixes cost nothing; the length cap applies to the rest.
  while (!a.empty() && !b.empty() && a.front() == b.front()) a.remove_prefix(1), b.remove_prefix(1);
  while (!a.empty() && !b.empty() && a.back() == b.back()) a.remove_suffix(1), b.remove_suffix(1);
  if (a.empty() || b.empty()) return (a.size() + b.size()) * kMoveCost;
  if (a.size() > kMaxLength || b.size() > kMaxLength) return max_cost + 1;
  if (b.size() < a.size()) std::swap(a, b);
  if ((b.size() - a.size()) * kMoveCost > max_cost) return max_cost + 1;
  // One row of the dynamic programme over a, updated for each letter of b.
  std::vector<std::size_t> row(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) row[i] = (i + 1) * kMoveCost;
  std::size_t result = 0;
  for (std::size_t j = 0; j < b.size(); ++j) {
    std::size_t diagonal = j * kMoveCost;
    result = diagonal;
    std::size_t row_min = max_cost + 1;
    for (std::size_t i = 0; i < a.size(); ++i) {
      std::size_t substitute = diagonal + substitution_cost(b[j], a[i]);
      diagonal = row[i];
      result = std::min(std::min(result, row[i]) + kMoveCost, substitute);
      row[i] = result;
      row_min = std::min(row_min, result);
    }
    if (row_min > max_cost) return max_cost + 1;  // no path can come back under the limit
  }
  return result;
}

}  // namespace

std::optional<std::string> closest_name(std::string_view wrong, std::vector<std::string> candidates, bool sort) {
  if (candidates.size() >= kMaxCandidates) return std::nullopt;
  if (sort) std::sort(candidates.begin(), candidates.end());
  std::optional<std::string> best;
  std::size_t best_distance = static_cast<std::size_t>(-1);
  for (const auto& c : candidates) {
    if (c == wrong) continue;
    std::size_t limit = std::min((wrong.size() + c.size() + 3) * kMoveCost / 6, best_distance - 1);
    std::size_t d = distance(wrong, c, limit);
    if (d > limit) continue;
    if (!best || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

// CPython 3.11's NameError hint: the first of the frame's local variable
// names, its globals, the builtins that has a close name, each list taken
// in its own order (no sorting, unlike dir()).
std::string name_suggestion(const ExceptionObject& exc) {
  const auto* lists = exc.attr_obj.as<TupleObject>();
  if (!lists) return "";
  for (const Value& list : lists->items) {
    std::vector<std::string> names;
    for (const Value& v : list.as<ListObject>()->items) names.push_back(v.as<StrObject>()->value);
    if (auto best = closest_name(exc.attr_name, std::move(names), /*sort=*/false))
      return ". Did you mean: '" + *best + "'?";
  }
  return "";
}

std::string attribute_suggestion(Interpreter& in, const ExceptionObject& exc) {
  if (exc.attr_name.empty()) return "";
  if (&exc.type() == exc_types().name_error) return name_suggestion(exc);
  // dir() of a torch.Tensor lists more than 750 names, so Python never suggests one.
  if (exc.attr_obj.is_tensor()) return "";
  std::vector<std::string> names;
  try {
    names = attr_names(in, exc.attr_obj);
  } catch (const std::exception&) {
    return "";  // as CPython: a dir() that fails gives no suggestion, the error still prints
  }
  auto best = closest_name(exc.attr_name, std::move(names));
  return best ? ". Did you mean: '" + *best + "'?" : "";
}

// NameError for a name found nowhere, carrying what CPython 3.11 looks in
// for its "Did you mean" (suggestions.cpp): the frame's local variable
// names, then its globals, then the builtins; and `name`, as CPython sets.
void raise_undefined_name(Interpreter& in, const std::string& id, const Frame& f) {
  auto names = [](std::vector<std::string> v) {
    std::vector<Value> out;
    for (auto& s : v) out.push_back(make_str(std::move(s)));
    return Value(std::make_shared<ListObject>(std::move(out)));
  };
  std::vector<std::string> builtins = in.builtin_names();
  std::sort(builtins.begin(), builtins.end());
  auto exc = std::make_shared<ExceptionObject>(*exc_types().name_error,
                                               std::vector<Value>{make_str(fmt::format("name '{}' is not defined", id))});
  exc->ensure_instance_dict().set_str("name", make_str(id));
  exc->attr_name = id;
  exc->attr_obj = make_tuple({names(f.scope ? f.scope->local_names : std::vector<std::string>{}),
                              names(f.globals ? f.globals->bound_names() : std::vector<std::string>{}),
                              names(std::move(builtins))});
  throw ScriptError(std::move(exc));
}

}  // namespace backstep::rt

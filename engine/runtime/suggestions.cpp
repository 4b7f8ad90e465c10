#include "engine/runtime/suggestions.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/py_ops.h"

#include <algorithm>
#include <cstddef>

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

std::optional<std::string> closest_name(std::string_view wrong, std::vector<std::string> candidates) {
  if (candidates.size() >= kMaxCandidates) return std::nullopt;
  std::sort(candidates.begin(), candidates.end());
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

std::string attribute_suggestion(Interpreter& in, const ExceptionObject& exc) {
  if (exc.attr_name.empty()) return "";
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

}  // namespace backstep::rt

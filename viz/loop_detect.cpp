#include "viz/loop_detect.h"

#include <algorithm>
#include <array>
#include <map>
#include <queue>
#include <unordered_map>

namespace backstep::viz {

namespace {

constexpr size_t kSmallPeriods = 16;  // always tried: cheap, and catches bodies whose keys all recur
constexpr size_t kMaxPeriods = 64;
constexpr size_t kLookBack = 3;       // distances to the 3 previous equal keys find a body like [A B B A]

// Periods worth scanning: all short ones, then the distances that occur
// most often between equal keys (a loop of period p leaves about p×(K-1)
// of them, so the true body length stands out however long it is).
std::vector<size_t> candidate_periods(const std::vector<uint64_t>& keys, size_t begin, size_t end,
                                      size_t min_count) {
  std::vector<size_t> periods;
  size_t max_period = (end - begin) / min_count;
  for (size_t p = 1; p <= std::min(kSmallPeriods, max_period); ++p) periods.push_back(p);
  if (max_period <= kSmallPeriods) return periods;

  std::unordered_map<uint64_t, std::array<size_t, kLookBack + 1>> last;  // [0] = how many stored
  std::unordered_map<size_t, size_t> frequency;
  last.reserve(end - begin);
  for (size_t i = begin; i < end; ++i) {
    auto& ring = last[keys[i]];
    for (size_t k = 1; k <= ring[0]; ++k) {
      size_t d = i - ring[k];
      if (d > kSmallPeriods && d <= max_period) ++frequency[d];
    }
    // Keep the newest kLookBack positions, newest first.
    size_t stored = std::min(ring[0] + 1, kLookBack);
    for (size_t k = stored; k > 1; --k) ring[k] = ring[k - 1];
    ring[1] = i;
    ring[0] = stored;
  }
  std::vector<std::pair<size_t, size_t>> ranked;  // (frequency, period)
  for (auto [d, n] : frequency)
    if (n + 1 >= min_count) ranked.emplace_back(n, d);
  std::sort(ranked.begin(), ranked.end(), [](auto a, auto b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  for (size_t i = 0; i < ranked.size() && periods.size() < kMaxPeriods; ++i) periods.push_back(ranked[i].second);
  return periods;
}

// Maximal runs of period p: keys[i] == keys[i + p] for every i in a run.
void runs_of_period(const std::vector<uint64_t>& keys, size_t begin, size_t end, size_t p, size_t min_count,
                    std::vector<Repeat>& out) {
  size_t i = begin;
  while (i + p < end) {
    if (keys[i] != keys[i + p]) {
      ++i;
      continue;
    }
    size_t a = i;
    while (i + p < end && keys[i] == keys[i + p]) ++i;
    size_t count = (i + p - a) / p;
    if (count >= min_count) out.push_back(Repeat{a, p, count});
  }
}

struct Better {
  bool operator()(const Repeat& a, const Repeat& b) const {  // true when a ranks below b
    size_t ca = a.period * a.count, cb = b.period * b.count;
    if (ca != cb) return ca < cb;
    if (a.period != b.period) return a.period > b.period;
    return a.start > b.start;
  }
};

// The part of r that avoids every committed interval, keeping r's phase
// (iterations start at r.start + k × period); count 0 when nothing is left.
Repeat trim(const Repeat& r, const std::map<size_t, size_t>& committed) {
  Repeat best{r.start, r.period, 0};
  size_t cursor = r.start;
  auto consider_gap = [&](size_t gap_begin, size_t gap_end) {
    size_t skip = (gap_begin - r.start + r.period - 1) / r.period;
    size_t start = r.start + skip * r.period;
    if (start >= gap_end) return;
    size_t count = (gap_end - start) / r.period;
    if (count > best.count) best = Repeat{start, r.period, count};
  };
  auto it = committed.upper_bound(r.start);
  if (it != committed.begin() && std::prev(it)->second > r.start) --it;
  for (; it != committed.end() && it->first < r.end(); ++it) {
    if (it->first > cursor) consider_gap(cursor, it->first);
    cursor = std::max(cursor, it->second);
  }
  if (cursor < r.end()) consider_gap(cursor, r.end());
  return best;
}

}  // namespace

std::vector<Repeat> find_repeats(const std::vector<uint64_t>& keys, size_t begin, size_t end, size_t min_count) {
  min_count = std::max<size_t>(min_count, 2);
  end = std::min(end, keys.size());
  if (begin >= end || end - begin < min_count) return {};
  std::priority_queue<Repeat, std::vector<Repeat>, Better> queue;
  std::vector<Repeat> found;
  for (size_t p : candidate_periods(keys, begin, end, min_count)) {
    found.clear();
    runs_of_period(keys, begin, end, p, min_count, found);
    for (const auto& r : found) queue.push(r);
  }
  std::map<size_t, size_t> committed;  // start -> end
  std::vector<Repeat> result;
  while (!queue.empty()) {
    Repeat r = queue.top();
    queue.pop();
    Repeat t = trim(r, committed);
    if (t.count < min_count) continue;
    if (t.start != r.start || t.count != r.count) {
      queue.push(t);  // ranks lower now; let better ones go first
      continue;
    }
    committed[r.start] = r.end();
    result.push_back(r);
  }
  std::sort(result.begin(), result.end(), [](const Repeat& a, const Repeat& b) { return a.start < b.start; });
  return result;
}

}  // namespace backstep::viz

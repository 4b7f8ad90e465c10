// Finding loop bodies in a sequence of keys: a block of `period` keys
// repeated `count` times in a row (a tandem repeat).
//
// The keys are what a loop iteration leaves behind in creation order: one
// per autograd node (its op and creating source span) or per script call
// (its call site and content), so two iterations match exactly when they
// created the same nodes from the same source lines in the same order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace backstep::viz {

struct Repeat {
  size_t start = 0;   // first key of the first iteration
  size_t period = 0;  // keys per iteration
  size_t count = 0;   // iterations
  size_t end() const { return start + period * count; }
};

// Non-overlapping repeats inside keys[begin, end) with at least `min_count`
// iterations, ordered by start. Larger coverage wins where candidates
// overlap (ties: the shorter period, so [A B A B A B] is (A B) ×3, not
// (A B A B) ×1.5); a candidate cut by a winner keeps its remaining whole
// iterations when they still repeat often enough.
//
// Cost: O((end - begin) × P) for P candidate periods (at most 64): every
// period up to 16, then the most frequent distances between equal keys.
std::vector<Repeat> find_repeats(const std::vector<uint64_t>& keys, size_t begin, size_t end, size_t min_count);

}  // namespace backstep::viz

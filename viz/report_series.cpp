#include "viz/report_series.h"

#include <algorithm>
#include <cmath>

namespace backstep::viz {

void StepBucket::add(double v) {
  if (!std::isfinite(v)) {
    ++nonfinite;
    return;
  }
  sum += v;
  min = std::min(min, v);
  max = std::max(max, v);
  ++count;
}

void StepBucket::merge(const StepBucket& other) {
  sum += other.sum;
  min = std::min(min, other.min);
  max = std::max(max, other.max);
  count += other.count;
  nonfinite += other.nonfinite;
}

size_t StepSeries::find(const std::string& name) const {
  for (size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return i;
  return names_.size();
}

size_t StepSeries::series(const std::string& name) {
  if (size_t i = find(name); i < names_.size()) return i;
  names_.push_back(name);
  buckets_.emplace_back(length_);
  return names_.size() - 1;
}

// Halves the resolution until `step` has a bucket.
void StepSeries::make_room(uint64_t step) {
  while (step / width_ >= capacity_) {
    for (auto& b : buckets_) {
      size_t half = (b.size() + 1) / 2;
      for (size_t i = 0; i < half; ++i) {
        StepBucket merged = b[2 * i];
        if (2 * i + 1 < b.size()) merged.merge(b[2 * i + 1]);
        b[i] = merged;
      }
      b.resize(half);
    }
    length_ = (length_ + 1) / 2;
    width_ *= 2;
  }
}

void StepSeries::add(size_t index, uint64_t step, double value) {
  make_room(step);
  size_t bucket = static_cast<size_t>(step / width_);
  if (bucket >= length_) {
    length_ = bucket + 1;
    for (auto& b : buckets_) b.resize(length_);
  }
  buckets_[index][bucket].add(value);
}

}  // namespace backstep::viz

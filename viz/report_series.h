// The plotted series of a training report (--report): per-step values
// (the loss, each parameter's and each module's gradient norm and update
// ratio) kept in at most `capacity` buckets each. A bucket covers `width`
// consecutive steps; when a step falls past the last bucket, every series
// merges its buckets in pairs and the width doubles. So a 10,000-step loop
// costs the same memory as a 1,000-step one, and the x axis of every
// series is the same (bucket i covers steps [i * width, (i + 1) * width)).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace backstep::viz {

struct StepBucket {
  double sum = 0;  // of the finite values
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
  uint32_t count = 0;     // finite values
  uint32_t nonfinite = 0; // NaN or Inf values (left out of sum, min, max)
  bool empty() const { return count == 0 && nonfinite == 0; }
  void add(double v);
  void merge(const StepBucket& other);
};

class StepSeries {
 public:
  explicit StepSeries(size_t capacity = 1000) : capacity_(capacity < 2 ? 2 : capacity) {}

  // The series named `name` (made, empty, on first use); its index stays.
  size_t series(const std::string& name);
  // The index of the series named `name`; names().size() when there is none.
  size_t find(const std::string& name) const;
  // A value of series `index` at `step` (steps come in increasing order).
  void add(size_t index, uint64_t step, double value);

  uint64_t width() const { return width_; }
  size_t capacity() const { return capacity_; }
  // Buckets up to the last step seen (every series as long; missing ones empty).
  size_t length() const { return length_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<StepBucket>& buckets(size_t index) const { return buckets_[index]; }

 private:
  void make_room(uint64_t step);

  size_t capacity_;
  uint64_t width_ = 1;
  size_t length_ = 0;
  std::vector<std::string> names_;
  std::vector<std::vector<StepBucket>> buckets_;
};

}  // namespace backstep::viz

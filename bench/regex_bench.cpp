// backstep's regex engine (engine/regex, behind `re`) against std::regex on
// the same work in one run: a literal after ten million characters, and
// findall/split/sub over a 20,000-line training log. Prints seconds and the
// ratio (ours / std::regex; below 1 is faster). std::regex is the baseline
// every C++ user has; Python's _sre is measured by bench/language_bench.py.
//
//   bench_regex
#include "engine/regex/regex.h"

#include <fmt/format.h>

#include <chrono>
#include <regex>
#include <string>

namespace rx = backstep::regex;

namespace {

template <class F>
double seconds(F f) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void report(const char* what, double ours, double baseline) {
  fmt::print("{:<44} ours {:8.4f} s   std::regex {:8.4f} s   ratio {:6.2f}\n", what, ours, baseline, ours / baseline);
}

void literal_search() {
  std::string haystack(10'000'000, 'x');
  haystack += "needle!";
  const rx::Text text(haystack);
  size_t ours_at = 0, std_at = 0;
  double ours = seconds([&] { ours_at = rx::Pattern::compile("needle(!)")->search(text)->span(1).start; });
  double baseline = seconds([&] {
    std::smatch m;
    std::regex_search(haystack, m, std::regex("needle(!)"));
    std_at = m.position(1);
  });
  if (ours_at != std_at) fmt::print("MISMATCH: {} vs {}\n", ours_at, std_at);
  report("literal after 10M characters", ours, baseline);
}

void training_log() {
  std::string log;
  for (int i = 0; i < 20000; ++i) log += "epoch " + std::to_string(i) + ": loss=0." + std::to_string(i % 997) + "\n";
  const rx::Text text(log);
  size_t ours_found = 0, std_found = 0;
  double ours = seconds([&] {
    auto pattern = rx::Pattern::compile(R"(^epoch (\d+): loss=([\d.]+)$)", rx::kMultiline);
    ours_found = rx::findall(*pattern, text).size();
    rx::split(*rx::Pattern::compile(R"(\W+)"), text);
    rx::sub(*rx::Pattern::compile(R"(\d+)"), text, "<\\g<0>>");
  });
  double baseline = seconds([&] {
    std::regex line(R"(^epoch (\d+): loss=([\d.]+)$)", std::regex::multiline);
    for (auto it = std::sregex_iterator(log.begin(), log.end(), line); it != std::sregex_iterator(); ++it) ++std_found;
    std::regex words(R"(\W+)");
    std::vector<std::string> pieces(std::sregex_token_iterator(log.begin(), log.end(), words, -1), {});
    std::regex_replace(log, std::regex(R"(\d+)"), "<$&>");
  });
  if (ours_found != std_found) fmt::print("MISMATCH: {} vs {} lines\n", ours_found, std_found);
  report("findall + split + sub, 20k-line log", ours, baseline);
}

}  // namespace

int main() {
  literal_search();
  training_log();
}

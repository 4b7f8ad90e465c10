// The backtracking machine that runs a Program over a string.
//
// Backtracking uses two explicit stacks instead of C++ recursion, so input
// length never threatens the native stack: a stack of choice points (where
// to resume, and at which position) and a trail of register writes (undone
// when resuming an older choice point). Atomic groups and lookarounds cut
// the choice stack back to where they began, as _sre's nested sub-matches
// discard their own backtracking state.
//
// Which register writes backtracking undoes follows _sre (see program.h):
// marks are restored only by choice points that restore marks; lastmark,
// lastindex and scratch registers always are.
//
// A Matcher keeps its stacks between calls, so running it repeatedly (as
// finditer, sub and split do) allocates nothing once they have grown.
#pragma once

#include "engine/regex/program.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace backstep::regex {

class Matcher {
 public:
  explicit Matcher(const Program& program);

  // Matches starting exactly at `start`, seeing text[0, end) (lookbehind and
  // ^ may look before `start`). `match_all` demands the match end at `end`
  // (fullmatch); `must_advance` rejects an empty match at `start` (the rule
  // that keeps finditer, sub and split from repeating an empty match).
  bool match_at(std::u32string_view text, int64_t start, int64_t end, bool match_all, bool must_advance);
  // The leftmost match starting in [start, end].
  bool search(std::u32string_view text, int64_t start, int64_t end, bool must_advance);

  // After a success: the match's bounds, and group g's (g >= 1) as _sre
  // reports them: (-1, -1) when the group did not take part. A start after
  // the end is possible (see group_span_is_wrong).
  int64_t match_start() const { return match_start_; }
  int64_t match_end() const { return match_end_; }
  bool group_valid(uint32_t group) const;
  int64_t group_start(uint32_t group) const { return group_valid(group) ? registers_[2 * group - 2] : -1; }
  int64_t group_end(uint32_t group) const { return group_valid(group) ? registers_[2 * group - 1] : -1; }
  // _sre raises SystemError("The span of capturing group is wrong, ...")
  // when reporting such a group: its marks went stale on a failed path.
  bool group_span_is_wrong(uint32_t group) const { return group_start(group) > group_end(group); }
  int64_t lastindex() const { return registers_[program_.lastindex_register]; }

 private:
  enum class ChoiceKind : uint8_t { kResume, kRepeatOneGreedy, kRepeatOneLazy, kUntilLazy };
  struct Choice {
    ChoiceKind kind;
    uint32_t pc;      // where to continue
    int64_t pos;      // position (for repeats: where the repeat began)
    int64_t count;    // repeats: how many iterations this choice stands for
    size_t trail;     // trail height when the choice was made
    bool restores_marks;
  };
  struct TrailEntry {
    uint32_t reg;
    int64_t old_value;
  };

  bool run(int64_t start);
  bool backtrack(uint32_t& pc, int64_t& pos);
  void unwind(Choice& choice);
  void set_mark(uint32_t index, int64_t pos);
  bool resume_repeat_one_greedy(Choice& choice, uint32_t& pc, int64_t& pos);
  bool resume_repeat_one_lazy(Choice& choice, uint32_t& pc, int64_t& pos);
  bool resume_until_lazy(const Choice& choice, uint32_t& pc, int64_t& pos);

  bool test(const Inst& inst, char32_t c) const;
  bool at(uint32_t test, int64_t pos) const;
  bool is_word_at(int64_t index, bool unicode) const;
  bool backref(const Inst& inst, int64_t& pos) const;
  bool group_matched(uint32_t group) const;
  int64_t count_run(const Inst& item, int64_t pos, uint64_t max) const;

  void set_register(uint32_t reg, int64_t value);
  void push_choice(ChoiceKind kind, uint32_t pc, int64_t pos, bool restores_marks, int64_t count = 0);
  void cut_choices(int64_t height) { choices_.resize(static_cast<size_t>(height)); }

  const Program& program_;
  std::u32string_view text_;
  int64_t end_ = 0;
  bool match_all_ = false;
  bool must_advance_ = false;
  int64_t match_start_ = -1, match_end_ = -1;
  std::vector<int64_t> registers_;
  std::vector<Choice> choices_;
  std::vector<TrailEntry> trail_;
  uint32_t backtracks_ = 0;  // counts to the next poll_interrupt()
};

}  // namespace backstep::regex

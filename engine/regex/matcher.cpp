// The instruction loop and backtracking of Matcher. The character and
// position tests, and search(), are in matcher_tests.cpp.
#include "engine/regex/matcher.h"

#include "engine/regex/interrupt.h"

#include <algorithm>

namespace backstep::regex {

Matcher::Matcher(const Program& program) : program_(program), registers_(program.register_count, -1) {}

void Matcher::set_register(uint32_t reg, int64_t value) {
  // With no choice point left nothing can be undone, so nothing is logged.
  if (!choices_.empty()) trail_.push_back({reg, registers_[reg]});
  registers_[reg] = value;
}

void Matcher::push_choice(ChoiceKind kind, uint32_t pc, int64_t pos, bool restores_marks, int64_t count) {
  choices_.push_back({kind, pc, pos, count, trail_.size(), restores_marks});
}

// _sre's MARK: raising lastmark clears the marks it skips over.
void Matcher::set_mark(uint32_t index, int64_t pos) {
  if (index & 1) set_register(program_.lastindex_register, index / 2 + 1);
  const int64_t lastmark = registers_[program_.lastmark_register];
  if (static_cast<int64_t>(index) > lastmark) {
    for (int64_t skipped = lastmark + 1; skipped < static_cast<int64_t>(index); ++skipped) {
      set_register(static_cast<uint32_t>(skipped), -1);
    }
    set_register(program_.lastmark_register, index);
  }
  set_register(index, pos);
}

bool Matcher::group_valid(uint32_t group) const {
  const int64_t end_mark = 2 * static_cast<int64_t>(group) - 1;
  return end_mark <= registers_[program_.lastmark_register] && registers_[end_mark - 1] >= 0 &&
         registers_[end_mark] >= 0;
}

bool Matcher::match_at(std::u32string_view text, int64_t start, int64_t end, bool match_all,
                       bool must_advance) {
  text_ = text;
  end_ = end;
  match_all_ = match_all;
  must_advance_ = must_advance;
  return run(start);
}

bool Matcher::run(int64_t start) {
  std::fill(registers_.begin(), registers_.end(), -1);
  choices_.clear();
  trail_.clear();
  const std::vector<Inst>& code = program_.code;
  uint32_t pc = 0;
  int64_t pos = start;
  for (;;) {
    const Inst& in = code[pc];
    switch (in.op) {
      case Op::kChar:
      case Op::kNotChar:
      case Op::kCharFold:
      case Op::kNotCharFold:
      case Op::kCharFoldAscii:
      case Op::kNotCharFoldAscii:
      case Op::kAny:
      case Op::kAnyAll:
      case Op::kSet:
        if (pos < end_ && test(in, text_[static_cast<size_t>(pos)])) {
          ++pos;
          ++pc;
          continue;
        }
        break;
      case Op::kAt:
        if (at(in.a, pos)) {
          ++pc;
          continue;
        }
        break;
      case Op::kSplit:
        push_choice(ChoiceKind::kResume, in.a, pos, in.restores_marks);
        ++pc;
        continue;
      case Op::kFail:
        break;
      case Op::kJump:
        pc = in.a;
        continue;
      case Op::kMark:
        set_mark(in.a, pos);
        ++pc;
        continue;
      case Op::kMatch:
        if ((match_all_ && pos != end_) || (must_advance_ && pos == start)) break;
        match_start_ = start;
        match_end_ = pos;
        return true;
      // Like _sre, single-character repeats fail outright past `end`
      // (possible when pos > endpos), even when they could match nothing.
      case Op::kRepeatOneGreedy: {
        const int64_t count = count_run(code[pc + 1], pos, in.b);
        if (pos > end_ || count < in.a) break;
        push_choice(ChoiceKind::kRepeatOneGreedy, pc + 2, pos, in.restores_marks, count);
        pos += count;
        pc += 2;
        continue;
      }
      case Op::kRepeatOneLazy: {
        const int64_t count = count_run(code[pc + 1], pos, in.a);
        if (pos > end_ || count < in.a) break;
        push_choice(ChoiceKind::kRepeatOneLazy, pc + 2, pos, in.restores_marks, count);
        pos += count;
        pc += 2;
        continue;
      }
      case Op::kRepeatOnePossessive: {
        const int64_t count = count_run(code[pc + 1], pos, in.b);
        if (pos > end_ || count < in.a) break;
        pos += count;
        pc += 2;
        continue;
      }
      case Op::kRepeatInit: {
        const RepeatInfo& repeat = program_.repeats[in.a];
        set_register(repeat.count_register, -1);
        set_register(repeat.last_pos_register, -1);
        pc = in.b;
        continue;
      }
      case Op::kUntilGreedy: {
        // _sre's MAX_UNTIL: iterate while below min; then try one more
        // iteration unless at max or the last iteration matched empty,
        // falling back to the rest of the pattern.
        const RepeatInfo& repeat = program_.repeats[in.a];
        const int64_t done = registers_[repeat.count_register] + 1;
        if (done < repeat.min) {
          set_register(repeat.count_register, done);
          pc = in.b;
          continue;
        }
        if ((done < repeat.max || repeat.max == kMaxRepeat) && pos != registers_[repeat.last_pos_register]) {
          // _sre saves all marks around an extra iteration of any repeat.
          push_choice(ChoiceKind::kResume, pc + 1, pos, /*restores_marks=*/true);
          set_register(repeat.count_register, done);
          set_register(repeat.last_pos_register, pos);
          pc = in.b;
          continue;
        }
        ++pc;
        continue;
      }
      case Op::kUntilLazy: {
        // _sre's MIN_UNTIL: below min iterate; otherwise try the rest of the
        // pattern first and keep another iteration as the fallback.
        const RepeatInfo& repeat = program_.repeats[in.a];
        const int64_t done = registers_[repeat.count_register] + 1;
        if (done < repeat.min) {
          set_register(repeat.count_register, done);
          pc = in.b;
          continue;
        }
        push_choice(ChoiceKind::kUntilLazy, pc, pos, in.restores_marks, done);
        ++pc;
        continue;
      }
      case Op::kAtomicBegin:
        // The height and saved position need no trail: the group's end
        // cuts every choice made after its beginning, so no backtracking
        // can re-enter the group and read them again.
        registers_[in.a] = static_cast<int64_t>(choices_.size());
        ++pc;
        continue;
      case Op::kAtomicEnd:
        cut_choices(registers_[in.a]);
        ++pc;
        continue;
      case Op::kLookBegin:
        if (pos < in.b) break;
        registers_[in.a] = static_cast<int64_t>(choices_.size());
        registers_[in.a + 1] = pos;
        pos -= in.b;
        ++pc;
        continue;
      case Op::kLookEnd:
        cut_choices(registers_[in.a]);
        pos = registers_[in.a + 1];
        ++pc;
        continue;
      case Op::kNegLookBegin:
        if (pos < in.b) {  // nothing behind to match: the assertion holds
          pc = in.c;
          continue;
        }
        // If the body fails, this choice continues after the assertion.
        push_choice(ChoiceKind::kResume, in.c, pos, in.restores_marks);
        registers_[in.a] = static_cast<int64_t>(choices_.size()) - 1;
        pos -= in.b;
        ++pc;
        continue;
      case Op::kNegLookEnd:
        cut_choices(registers_[in.a]);  // the body matched: the assertion fails
        break;
      case Op::kBackref:
      case Op::kBackrefFold:
      case Op::kBackrefFoldAscii:
        if (backref(in, pos)) {
          ++pc;
          continue;
        }
        break;
      case Op::kIfGroup:
        pc = group_matched(in.a) ? pc + 1 : in.b;
        continue;
    }
    if (!backtrack(pc, pos)) return false;
  }
}

// Resumes the newest choice point (undoing register writes made since),
// or returns false when there is none left.
bool Matcher::backtrack(uint32_t& pc, int64_t& pos) {
  // Only backtracking can make a match run for long (every forward step
  // consumes text or a bounded loop), so this is where it may be stopped.
  if ((++backtracks_ & 0xFFFF) == 0) poll_interrupt();
  while (!choices_.empty()) {
    Choice& choice = choices_.back();
    unwind(choice);
    switch (choice.kind) {
      case ChoiceKind::kResume:
        pc = choice.pc;
        pos = choice.pos;
        choices_.pop_back();
        return true;
      case ChoiceKind::kRepeatOneGreedy:
        if (resume_repeat_one_greedy(choice, pc, pos)) return true;
        break;
      case ChoiceKind::kRepeatOneLazy:
        if (resume_repeat_one_lazy(choice, pc, pos)) return true;
        break;
      case ChoiceKind::kUntilLazy: {
        const Choice copy = choice;
        choices_.pop_back();
        if (resume_until_lazy(copy, pc, pos)) return true;
        continue;
      }
    }
    choices_.pop_back();
  }
  return false;
}

// Undoes the register writes made since `choice`. A choice that does not
// restore marks leaves them as they are, but keeps their trail entries (in
// order) for older choices that do.
void Matcher::unwind(Choice& choice) {
  if (choice.restores_marks) {
    while (trail_.size() > choice.trail) {
      registers_[trail_.back().reg] = trail_.back().old_value;
      trail_.pop_back();
    }
    return;
  }
  for (size_t i = trail_.size(); i-- > choice.trail;) {
    if (trail_[i].reg >= program_.mark_count) registers_[trail_[i].reg] = trail_[i].old_value;
  }
  size_t kept = choice.trail;
  for (size_t i = choice.trail; i < trail_.size(); ++i) {
    if (trail_[i].reg < program_.mark_count) trail_[kept++] = trail_[i];
  }
  trail_.resize(kept);
  choice.trail = kept;
}

// Gives back one more character (skipping counts after which the next
// literal cannot match, as _sre does).
bool Matcher::resume_repeat_one_greedy(Choice& choice, uint32_t& pc, int64_t& pos) {
  const std::vector<Inst>& code = program_.code;
  const int64_t min = code[choice.pc - 2].a;
  const Inst& next = code[choice.pc];
  int64_t count = choice.count - 1;
  if (next.op == Op::kChar) {
    while (count >= min) {
      const int64_t at = choice.pos + count;
      if (at < end_ && text_[static_cast<size_t>(at)] == next.a) break;
      --count;
    }
  }
  if (count < min) return false;
  // The choice stays until exhausted, so that the last failure restores
  // marks too (as _sre does after every try).
  pc = choice.pc;
  pos = choice.pos + count;
  choice.count = count;
  return true;
}

// Takes one more character, if the item matches it and max allows.
bool Matcher::resume_repeat_one_lazy(Choice& choice, uint32_t& pc, int64_t& pos) {
  const std::vector<Inst>& code = program_.code;
  const uint32_t max = code[choice.pc - 2].b;
  const int64_t at = choice.pos + choice.count;
  if (max != kMaxRepeat && choice.count >= max) return false;
  if (at >= end_ || !test(code[choice.pc - 1], text_[static_cast<size_t>(at)])) return false;
  pc = choice.pc;
  pos = at + 1;
  ++choice.count;
  return true;
}

// The rest of the pattern failed after a lazy repeat: iterate once more,
// unless at max or the last iteration matched empty.
bool Matcher::resume_until_lazy(const Choice& choice, uint32_t& pc, int64_t& pos) {
  const Inst& until = program_.code[choice.pc];
  const RepeatInfo& repeat = program_.repeats[until.a];
  if (repeat.max != kMaxRepeat && choice.count >= repeat.max) return false;
  if (choice.pos == registers_[repeat.last_pos_register]) return false;
  set_register(repeat.count_register, choice.count);
  set_register(repeat.last_pos_register, choice.pos);
  pc = until.b;
  pos = choice.pos;
  return true;
}

}  // namespace backstep::regex

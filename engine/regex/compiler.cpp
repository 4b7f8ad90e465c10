#include "engine/regex/compiler.h"

#include "engine/regex/error.h"
#include "engine/regex/flags.h"
#include "engine/regex/unicode.h"
#include "engine/regex/width.h"

#include <algorithm>
#include <optional>

namespace backstep::regex {
namespace {

// _compiler._combine_flags: a scoped type flag replaces the inherited one.
int combine_flags(int flags, int add_flags, int del_flags) {
  if (add_flags & kTypeFlags) flags &= ~kTypeFlags;
  return (flags | add_flags) & ~del_flags;
}

class Compiler {
 public:
  explicit Compiler(const ParsedPattern& parsed) : parsed_(parsed) {
    for (const Width& width : parsed.group_widths) group_widths_.emplace_back(width);
    program_.groups = static_cast<uint32_t>(parsed.groups);
    program_.mark_count = 2 * program_.groups;
    program_.lastmark_register = program_.mark_count;
    program_.lastindex_register = program_.mark_count + 1;
    program_.register_count = program_.mark_count + 2;
  }

  Program run() {
    compile(parsed_.root, parsed_.flags);
    emit(Op::kMatch);
    find_search_hints();
    find_prefix_filter();
    return std::move(program_);
  }

 private:
  size_t emit(Op op, uint32_t a = 0, uint32_t b = 0, uint32_t c = 0) {
    program_.code.push_back({op, a, b, c, false});
    return program_.code.size() - 1;
  }
  // Emits an instruction whose choice point restores marks as _sre would
  // here: fully inside a repeat's body, else only lastmark.
  size_t emit_choice(Op op, uint32_t a = 0, uint32_t b = 0, uint32_t c = 0) {
    const size_t at = emit(op, a, b, c);
    program_.code[at].restores_marks = repeat_depth_ > 0;
    return at;
  }
  uint32_t here() const { return static_cast<uint32_t>(program_.code.size()); }
  uint32_t allocate_registers(uint32_t count) {
    const uint32_t first = program_.register_count;
    program_.register_count += count;
    return first;
  }

  void compile(const Sequence& sequence, int flags) {
    for (const Node& node : sequence) compile_node(node, flags);
  }

  void compile_node(const Node& node, int flags) {
    using Kind = Node::Kind;
    switch (node.kind) {
      case Kind::kLiteral:
      case Kind::kNotLiteral:
      case Kind::kAny:
      case Kind::kSet:
        emit_single(node, flags);
        return;
      case Kind::kAt:
        emit(Op::kAt, static_cast<uint32_t>(at_test(node.at, flags)));
        return;
      case Kind::kGroup: {
        const uint32_t group = static_cast<uint32_t>(node.group);
        if (group != 0) emit(Op::kMark, 2 * (group - 1));
        compile(node.body(), combine_flags(flags, node.add_flags, node.del_flags));
        if (group != 0) emit(Op::kMark, 2 * (group - 1) + 1);
        return;
      }
      case Kind::kAtomic: {
        const uint32_t reg = allocate_registers(2);
        emit(Op::kAtomicBegin, reg);
        compile(node.body(), flags);
        emit(Op::kAtomicEnd, reg);
        return;
      }
      case Kind::kRepeat:
        compile_repeat(node, flags);
        return;
      case Kind::kBranch:
        compile_branch(node, flags);
        return;
      case Kind::kAssert:
        compile_assert(node, flags);
        return;
      case Kind::kGroupRef:
        emit(backref_op(flags), static_cast<uint32_t>(node.group));
        return;
      case Kind::kGroupRefExists: {
        const size_t test = emit(Op::kIfGroup, static_cast<uint32_t>(node.group));
        compile(node.children[0], flags);
        if (node.children.size() > 1) {
          const size_t skip = emit(Op::kJump);
          program_.code[test].b = here();
          compile(node.children[1], flags);
          program_.code[skip].a = here();
        } else {
          program_.code[test].b = here();
        }
        return;
      }
    }
  }

  // _compiler._simple: one character test, possibly inside a scoped-flags group.
  static bool is_single_char(const Sequence& sequence) {
    if (sequence.size() != 1) return false;
    const Node& node = sequence[0];
    using Kind = Node::Kind;
    if (node.kind == Kind::kGroup) return node.group == 0 && is_single_char(node.body());
    return node.kind == Kind::kLiteral || node.kind == Kind::kNotLiteral || node.kind == Kind::kAny ||
           node.kind == Kind::kSet;
  }

  // Emits exactly one character-test instruction.
  void emit_single(const Node& node, int flags) {
    switch (node.kind) {
      case Node::Kind::kGroup:
        emit_single(node.body()[0], combine_flags(flags, node.add_flags, node.del_flags));
        return;
      case Node::Kind::kAny:
        emit(flags & kDotAll ? Op::kAnyAll : Op::kAny);
        return;
      case Node::Kind::kSet:
        program_.sets.push_back(CharSet::from_items(node.items, node.negate, flags));
        emit(Op::kSet, static_cast<uint32_t>(program_.sets.size() - 1));
        return;
      default:
        emit_literal(node.ch, node.kind == Node::Kind::kNotLiteral, flags);
        return;
    }
  }

  // The LITERAL cases of _compiler._compile.
  void emit_literal(char32_t c, bool negated, int flags) {
    const bool unicode = (flags & kUnicode) != 0;
    const bool cased = unicode ? unicode::is_cased(c) : unicode::ascii_is_cased(c);
    if (!(flags & kIgnoreCase) || !cased) {
      emit(negated ? Op::kNotChar : Op::kChar, c);
    } else if (!unicode) {
      emit(negated ? Op::kNotCharFoldAscii : Op::kCharFoldAscii, unicode::ascii_to_lower(c));
    } else if (const char32_t lowered = unicode::to_lower(c); unicode::extra_cases(lowered).empty()) {
      emit(negated ? Op::kNotCharFold : Op::kCharFold, lowered);
    } else {
      program_.sets.push_back(CharSet::folded_literal(lowered, negated));
      emit(Op::kSet, static_cast<uint32_t>(program_.sets.size() - 1));
    }
  }

  void compile_repeat(const Node& node, int flags) {
    using RepeatKind = Node::RepeatKind;
    if (is_single_char(node.body())) {
      const Op op = node.repeat == RepeatKind::kGreedy ? Op::kRepeatOneGreedy
                    : node.repeat == RepeatKind::kLazy ? Op::kRepeatOneLazy
                                                       : Op::kRepeatOnePossessive;
      emit_choice(op, node.min, node.max);
      emit_single(node.body()[0], flags);
      return;
    }
    // A possessive repeat is a greedy one whose iterations and whole are
    // atomic, as _sre's POSSESSIVE_REPEAT runs each iteration to completion.
    const bool possessive = node.repeat == RepeatKind::kPossessive;
    const uint32_t outer = possessive ? allocate_registers(2) : 0;
    if (possessive) emit(Op::kAtomicBegin, outer);
    const uint32_t repeat = static_cast<uint32_t>(program_.repeats.size());
    const uint32_t counters = allocate_registers(2);
    program_.repeats.push_back({node.min, node.max, counters, counters + 1});
    const size_t init = emit(Op::kRepeatInit, repeat);
    const uint32_t body = here();
    const uint32_t inner = possessive ? allocate_registers(2) : 0;
    if (possessive) emit(Op::kAtomicBegin, inner);
    // _sre's possessive repeat keeps no repeat context, so it does not
    // make the marks inside it restorable.
    if (!possessive) ++repeat_depth_;
    compile(node.body(), flags);
    if (!possessive) --repeat_depth_;
    if (possessive) emit(Op::kAtomicEnd, inner);
    program_.code[init].b = here();
    // A lazy repeat's choice point is made when trying the rest of the
    // pattern, which _sre does in the enclosing repeat's context.
    emit_choice(node.repeat == RepeatKind::kLazy ? Op::kUntilLazy : Op::kUntilGreedy, repeat, body);
    if (possessive) emit(Op::kAtomicEnd, outer);
  }

  // Every alternative gets a choice point, the last one's leading to kFail,
  // so that a branch whose alternatives all failed restores the marks
  // before failing, as _sre's BRANCH does.
  void compile_branch(const Node& node, int flags) {
    std::vector<size_t> exits;
    for (const Sequence& alternative : node.children) {
      const size_t split = emit_choice(Op::kSplit);
      compile(alternative, flags);
      exits.push_back(emit(Op::kJump));
      program_.code[split].a = here();
    }
    emit(Op::kFail);
    for (size_t exit : exits) program_.code[exit].a = here();
  }

  void compile_assert(const Node& node, int flags) {
    uint32_t width = 0;
    if (node.behind) {
      const Width w = sequence_width(node.body(), group_widths_);
      if (w.lo != w.hi) throw Error(ErrorKind::kPatternError, "look-behind requires fixed-width pattern");
      width = static_cast<uint32_t>(w.lo);
    }
    const uint32_t reg = allocate_registers(2);
    if (!node.negative) {
      emit(Op::kLookBegin, reg, width);
      compile(node.body(), flags);
      emit(Op::kLookEnd, reg);
      return;
    }
    const size_t begin = emit_choice(Op::kNegLookBegin, reg, width);
    compile(node.body(), flags);
    emit(Op::kNegLookEnd, reg);
    program_.code[begin].c = here();
  }

  static AtTest at_test(AtKind at, int flags) {
    const bool multiline = (flags & kMultiline) != 0;
    const bool unicode = (flags & kUnicode) != 0;
    switch (at) {
      case AtKind::kBeginning: return multiline ? AtTest::kBeginningLine : AtTest::kBeginning;
      case AtKind::kBeginningString: return AtTest::kBeginning;
      case AtKind::kEnd: return multiline ? AtTest::kEndLine : AtTest::kEnd;
      case AtKind::kEndString: return AtTest::kEndString;
      case AtKind::kBoundary: return unicode ? AtTest::kBoundary : AtTest::kBoundaryAscii;
      case AtKind::kNonBoundary: return unicode ? AtTest::kNonBoundary : AtTest::kNonBoundaryAscii;
    }
    return AtTest::kBeginning;
  }

  static Op backref_op(int flags) {
    if (!(flags & kIgnoreCase)) return Op::kBackref;
    return flags & kUnicode ? Op::kBackrefFold : Op::kBackrefFoldAscii;
  }

  // What every match must begin with, so that search can skip ahead.
  void find_search_hints() {
    const std::vector<Inst>& code = program_.code;
    size_t pc = 0;
    while (code[pc].op == Op::kMark) ++pc;
    if (code[pc].op == Op::kAt && code[pc].a == static_cast<uint32_t>(AtTest::kBeginning)) {
      program_.anchored = true;
      return;
    }
    const size_t first = pc;
    for (; code[pc].op == Op::kChar || code[pc].op == Op::kMark; ++pc) {
      if (code[pc].op == Op::kChar) program_.literal_prefix += static_cast<char32_t>(code[pc].a);
    }
    if (!program_.literal_prefix.empty()) return;
    const Op op = code[first].op;
    if (op <= Op::kSet && op != Op::kAny && op != Op::kAnyAll) {
      program_.first_test = static_cast<int32_t>(first);
    } else if ((op == Op::kRepeatOneGreedy || op == Op::kRepeatOneLazy || op == Op::kRepeatOnePossessive) &&
               code[first].a >= 1) {
      program_.first_test = static_cast<int32_t>(first + 1);
    }
  }

  // _compile_info's charset prefix: the first set of the pattern (looking
  // into groups), compiled with the global flags rather than the group's.
  void find_prefix_filter() {
    const Sequence* sequence = &parsed_.root;
    int flags = parsed_.flags;
    while (!sequence->empty() && sequence->front().kind == Node::Kind::kGroup) {
      const Node& group = sequence->front();
      flags = combine_flags(flags, group.add_flags, group.del_flags);
      sequence = &group.body();
    }
    if (sequence->empty() || sequence->front().kind != Node::Kind::kSet) return;
    const Node& set = sequence->front();
    const bool has_category = std::any_of(set.items.begin(), set.items.end(), [](const SetItem& item) {
      return item.kind == SetItem::Kind::kCategory;
    });
    // Cased members make _sre skip the prefix; only categories can differ.
    const bool same_classes = (flags & kUnicode) == (parsed_.flags & kUnicode);
    if (!has_category || same_classes || has_cased_member(set, flags)) return;
    program_.prefix_filter = CharSet::from_items(set.items, set.negate, parsed_.flags & ~kIgnoreCase);
  }

  static bool has_cased_member(const Node& set, int flags) {
    if (!(flags & kIgnoreCase)) return false;
    const bool unicode = (flags & kUnicode) != 0;
    const auto cased = [&](char32_t c) { return unicode ? unicode::is_cased(c) : unicode::ascii_is_cased(c); };
    for (const SetItem& item : set.items) {
      if (item.kind == SetItem::Kind::kLiteral && cased(item.lo)) return true;
      if (item.kind == SetItem::Kind::kRange) {
        if (item.hi > 0xFFFF) return true;
        for (char32_t c = item.lo; c <= item.hi; ++c) {
          if (cased(c)) return true;
        }
      }
    }
    return false;
  }

  const ParsedPattern& parsed_;
  std::vector<std::optional<Width>> group_widths_;
  Program program_;
  int repeat_depth_ = 0;  // enclosing greedy or lazy repeats of many-char bodies
};

}  // namespace

Program compile_program(const ParsedPattern& parsed) { return Compiler(parsed).run(); }

}  // namespace backstep::regex

// Everything that starts with '(' (re._parser._parse's "(" branch and
// _parse_flags), and the group bookkeeping of re._parser.State.
#include "engine/regex/flags.h"
#include "engine/regex/parser_impl.h"
#include "engine/regex/python_text.h"
#include "engine/regex/text.h"
#include "engine/regex/unicode.h"
#include "engine/regex/width.h"

namespace backstep::regex {
namespace {


int flag_for(char32_t c) {
  switch (c) {
    case U'i': return kIgnoreCase;
    case U'L': return kLocale;
    case U'm': return kMultiline;
    case U's': return kDotAll;
    case U'x': return kVerbose;
    case U'a': return kAscii;
    case U't': return kTemplate;
    case U'u': return kUnicode;
    default: return 0;
  }
}

int flag_for(const std::u32string& token) { return token.size() == 1 ? flag_for(token[0]) : 0; }

// str.isalpha() of a token (a two-character escape token never is).
bool token_is_alpha(const std::u32string& token) {
  if (token.size() != 1) return false;
  const char32_t c = token[0];
  if (c < 0x80) return unicode::ascii_is_alpha(c);
  return is_identifier(token) && c != U'_';
}


}  // namespace

void Parser::parse_paren(Sequence& sequence, bool& verbose, int nested, bool first) {
  const int64_t start = source_.tell() - 1;
  bool capture = true, atomic = false;
  std::optional<std::u32string> name;
  int add_flags = 0, del_flags = 0;
  if (source_.match(U'?')) {
    const std::u32string token = source_.get();
    if (token.empty()) source_.fail("unexpected end of pattern");
    if (token == U"P") {
      if (source_.match(U'<')) {
        name = source_.get_until(U'>', "group name");
        check_group_name(*name, 1);
      } else if (source_.match(U'=')) {
        const std::u32string ref = source_.get_until(U')', "group name");
        check_group_name(ref, 1);
        const int64_t offset = static_cast<int64_t>(ref.size()) + 1;
        const std::optional<int> group = group_named(ref);
        if (!group) source_.fail("unknown group name " + python_repr(ref), offset);
        if (!group_is_closed(*group)) source_.fail("cannot refer to an open group", offset);
        check_lookbehind_group(*group);
        Node node;
        node.kind = Node::Kind::kGroupRef;
        node.group = *group;
        sequence.push_back(std::move(node));
        return;
      } else {
        const std::u32string next = source_.get();
        if (next.empty()) source_.fail("unexpected end of pattern");
        source_.fail("unknown extension ?P" + encode_utf8(next), static_cast<int64_t>(next.size()) + 2);
      }
    } else if (token == U":") {
      capture = false;
    } else if (token == U"#") {
      for (;;) {
        if (source_.at_end()) source_.fail("missing ), unterminated comment", source_.tell() - start);
        if (source_.get() == U")") break;
      }
      return;
    } else if (token == U"=" || token == U"!" || token == U"<") {
      parse_lookaround(sequence, token, verbose, nested, start);
      return;
    } else if (token == U"(") {
      parse_conditional(sequence, verbose, nested, start);
      return;
    } else if (token == U">") {
      capture = false;
      atomic = true;
    } else if (flag_for(token) != 0 || token == U"-") {
      const std::optional<std::pair<int, int>> scoped = parse_flags(token);
      if (!scoped) {
        if (!first || !sequence.empty()) {
          source_.fail("global flags not at the start of the expression", source_.tell() - start);
        }
        verbose = (flags_ & kVerbose) != 0;
        return;
      }
      add_flags = scoped->first;
      del_flags = scoped->second;
      capture = false;
    } else {
      source_.fail("unknown extension ?" + encode_utf8(token), static_cast<int64_t>(token.size()) + 1);
    }
  }
  const int group = capture ? open_group(name ? &*name : nullptr, name ? static_cast<int64_t>(name->size()) + 1 : 1) : 0;
  const bool sub_verbose = (verbose || (add_flags & kVerbose)) && !(del_flags & kVerbose);
  Sequence body = parse_alternation(sub_verbose, nested + 1);
  if (!source_.match(U')')) source_.fail("missing ), unterminated subpattern", source_.tell() - start);
  if (group != 0) close_group(group, body);
  Node node;
  node.kind = atomic ? Node::Kind::kAtomic : Node::Kind::kGroup;
  node.group = group;
  node.add_flags = add_flags;
  node.del_flags = del_flags;
  node.children.push_back(std::move(body));
  sequence.push_back(std::move(node));
}

void Parser::parse_lookaround(Sequence& sequence, std::u32string kind, bool verbose, int nested,
                              int64_t start) {
  bool behind = false;
  const std::optional<int> outer_lookbehind = lookbehind_groups_;
  if (kind == U"<") {
    kind = source_.get();
    if (kind.empty()) source_.fail("unexpected end of pattern");
    if (kind != U"=" && kind != U"!") {
      source_.fail("unknown extension ?<" + encode_utf8(kind), static_cast<int64_t>(kind.size()) + 2);
    }
    behind = true;
    if (!lookbehind_groups_) lookbehind_groups_ = group_count();
  }
  Sequence body = parse_alternation(verbose, nested + 1);
  if (behind && !outer_lookbehind) lookbehind_groups_.reset();
  if (!source_.match(U')')) source_.fail("missing ), unterminated subpattern", source_.tell() - start);
  Node node;
  node.kind = Node::Kind::kAssert;
  node.negative = kind == U"!";
  node.behind = behind;
  node.children.push_back(std::move(body));
  sequence.push_back(std::move(node));
}

void Parser::parse_conditional(Sequence& sequence, bool verbose, int nested, int64_t start) {
  const std::u32string name = source_.get_until(U')', "group name");
  const int64_t offset = static_cast<int64_t>(name.size()) + 1;
  int group = 0;
  if (is_identifier(name)) {
    check_group_name(name, 1);
    const std::optional<int> named = group_named(name);
    if (!named) source_.fail("unknown group name " + python_repr(name), offset);
    group = *named;
  } else {
    const std::optional<ParsedInt> number = parse_python_int(name);
    if (!number || number->negative) {
      source_.fail("bad character in group name " + python_repr(name), offset);
    }
    if (number->value == 0) source_.fail("bad group number", offset);
    if (number->value >= kMaxGroups) source_.fail("invalid group reference " + number->digits, offset);
    group = static_cast<int>(number->value);
    const int64_t name_position = source_.tell() - offset;
    bool seen = false;
    for (const auto& entry : groupref_positions_) seen = seen || entry.first == group;
    if (!seen) groupref_positions_.emplace_back(group, name_position);
    if (!is_ascii_decimal(name)) {
      warn("DeprecationWarning", "bad character in group name " + python_repr(name) +
                                     " at position " + std::to_string(name_position));
    }
  }
  check_lookbehind_group(group);
  Node node;
  node.kind = Node::Kind::kGroupRefExists;
  node.group = group;
  node.children.push_back(parse_sequence(verbose, nested + 1, false));
  if (source_.match(U'|')) {
    node.children.push_back(parse_sequence(verbose, nested + 1, false));
    if (source_.next_is(U'|')) source_.fail("conditional backref with more than two branches");
  }
  if (!source_.match(U')')) source_.fail("missing ), unterminated subpattern", source_.tell() - start);
  sequence.push_back(std::move(node));
}

std::optional<std::pair<int, int>> Parser::parse_flags(std::u32string token) {
  int add_flags = 0, del_flags = 0;
  if (token != U"-") {
    for (;;) {
      const int flag = flag_for(token);
      if (token == U"L") source_.fail("bad inline flags: cannot use 'L' flag with a str pattern");
      add_flags |= flag;
      if ((flag & kTypeFlags) && (add_flags & kTypeFlags) != flag) {
        source_.fail("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
      }
      token = source_.get();
      if (token.empty()) source_.fail("missing -, : or )");
      if (token == U")" || token == U"-" || token == U":") break;
      if (flag_for(token) == 0) {
        source_.fail(token_is_alpha(token) ? "unknown flag" : "missing -, : or )",
                     static_cast<int64_t>(token.size()));
      }
    }
  }
  if (token == U")") {
    flags_ |= add_flags;
    return std::nullopt;
  }
  if (add_flags & kGlobalFlags) source_.fail("bad inline flags: cannot turn on global flag", 1);
  if (token == U"-") {
    token = source_.get();
    if (token.empty()) source_.fail("missing flag");
    if (flag_for(token) == 0) {
      source_.fail(token_is_alpha(token) ? "unknown flag" : "missing flag", static_cast<int64_t>(token.size()));
    }
    for (;;) {
      const int flag = flag_for(token);
      if (flag & kTypeFlags) source_.fail("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
      del_flags |= flag;
      token = source_.get();
      if (token.empty()) source_.fail("missing :");
      if (token == U":") break;
      if (flag_for(token) == 0) {
        source_.fail(token_is_alpha(token) ? "unknown flag" : "missing :", static_cast<int64_t>(token.size()));
      }
    }
  }
  if (del_flags & kGlobalFlags) source_.fail("bad inline flags: cannot turn off global flag", 1);
  if (add_flags & del_flags) source_.fail("bad inline flags: flag turned on and off", 1);
  return std::make_pair(add_flags, del_flags);
}

int Parser::open_group(const std::u32string* name, int64_t name_offset) {
  const int group = group_count();
  group_widths_.emplace_back(std::nullopt);
  if (name) {
    if (const std::optional<int> previous = group_named(*name)) {
      source_.fail("redefinition of group name " + python_repr(*name) + " as group " +
                       std::to_string(group) + "; was group " + std::to_string(*previous),
                   name_offset);
    }
    names_.emplace_back(*name, group);
  }
  return group;
}

void Parser::close_group(int group, const Sequence& body) {
  group_widths_[static_cast<size_t>(group)] = sequence_width(body, group_widths_);
}

bool Parser::group_is_closed(int group) const {
  return group < group_count() && group_widths_[static_cast<size_t>(group)].has_value();
}

void Parser::check_lookbehind_group(int group) {
  if (!lookbehind_groups_) return;
  if (!group_is_closed(group)) source_.fail("cannot refer to an open group");
  if (group >= *lookbehind_groups_) {
    source_.fail("cannot refer to group defined in the same lookbehind subpattern");
  }
}

void Parser::check_group_name(const std::u32string& name, int offset) {
  if (!is_identifier(name)) {
    source_.fail("bad character in group name " + python_repr(name),
                 static_cast<int64_t>(name.size()) + offset);
  }
}

std::optional<int> Parser::group_named(const std::u32string& name) const {
  for (const auto& [known, group] : names_) {
    if (known == name) return group;
  }
  return std::nullopt;
}

void Parser::warn(std::string category, std::string message) {
  warnings_.push_back({std::move(category), std::move(message)});
}

}  // namespace backstep::regex

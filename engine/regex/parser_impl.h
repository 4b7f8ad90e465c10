// The recursive-descent parser behind parse_pattern(), split over
// parser.cpp (sequences, groups, repeats), parse_escape.cpp and
// parse_set.cpp. Each method mirrors one routine of re._parser so that
// checks happen in the same order and errors carry the same positions.
#pragma once

#include "engine/regex/ast.h"
#include "engine/regex/tokenizer.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace backstep::regex {

class Parser {
 public:
  Parser(std::u32string_view pattern, std::string_view pattern_utf8, int flags);
  ParsedPattern run();
  // The warnings issued so far (for an error that ends the parse).
  std::vector<Warning> take_warnings() { return std::move(warnings_); }

 private:
  // _parse_sub: alternatives separated by '|'.
  Sequence parse_alternation(bool verbose, int nested);
  // _parse: items up to '|' or ')'.
  Sequence parse_sequence(bool verbose, int nested, bool first);
  void parse_repeat(Sequence& sequence, char32_t quantifier);
  // '(' has been read. May change `verbose` (global (?x)).
  void parse_paren(Sequence& sequence, bool& verbose, int nested, bool first);
  void parse_lookaround(Sequence& sequence, std::u32string kind, bool verbose, int nested,
                        int64_t start);
  void parse_conditional(Sequence& sequence, bool verbose, int nested, int64_t start);
  // _parse_flags: returns nullopt for global flags "(?i)".
  std::optional<std::pair<int, int>> parse_flags(std::u32string token);

  // _escape and _class_escape.
  Node parse_escape(std::u32string escape);
  struct ClassMember {
    bool is_category = false;
    SetItem item;
  };
  ClassMember parse_class_escape(std::u32string escape);
  // Escapes shared by both: \x \u \U \N. Returns false if not one of them.
  bool parse_code_escape(std::u32string& escape, char32_t& value);
  Node parse_set();

  // State: groups, names, lookbehind bookkeeping.
  int open_group(const std::u32string* name, int64_t name_offset);
  void close_group(int group, const Sequence& body);
  bool group_is_closed(int group) const;
  void check_lookbehind_group(int group);
  void check_group_name(const std::u32string& name, int offset);
  std::optional<int> group_named(const std::u32string& name) const;
  int group_count() const { return static_cast<int>(group_widths_.size()); }  // incl. group 0
  void warn(std::string category, std::string message);

  void enter();  // depth guard: CPython hits its recursion limit
  void leave() { --depth_; }

  Tokenizer source_;
  int flags_;
  int depth_ = 0;
  std::vector<std::pair<std::u32string, int>> names_;
  std::vector<std::optional<Width>> group_widths_{std::nullopt};  // [0]: group 0
  std::optional<int> lookbehind_groups_;
  std::vector<std::pair<int, int64_t>> groupref_positions_;  // conditionals' numbers
  std::vector<Warning> warnings_;
};

// Node builders (parse_escape.cpp).
Node category_node(Category category);  // \d \w \s and their negations
Node at_node(AtKind at);
Node literal_node(char32_t c);

}  // namespace backstep::regex

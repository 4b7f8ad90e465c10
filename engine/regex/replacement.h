// Replacement templates of re.sub and Match.expand: "\1", "\g<name>",
// "\g<0>", "\n" and friends (re._parser.parse_template / expand_template).
#pragma once

#include "engine/regex/ast.h"
#include "engine/regex/pattern.h"

#include <string>
#include <string_view>
#include <vector>

namespace backstep::regex {

class ReplacementTemplate {
 public:
  // Throws Error: kPatternError with the template's positions, or
  // kIndexError for "unknown group name 'x'", as CPython does.
  static ReplacementTemplate parse(const Pattern& pattern, std::string_view template_utf8);

  // The replacement for one match of `text`; groups that did not take part
  // expand to nothing.
  std::string expand(const Match& match, const Text& text) const;
  void expand_into(std::string& out, const Match& match, const Text& text) const;
  const std::vector<Warning>& warnings() const { return warnings_; }
  // A template without group references is plain text (re._subx then
  // passes _sre a string, and no Match objects are made).
  bool has_group_references() const;
  std::string literal_text() const;  // the text, when there are no references

 private:
  struct Piece {
    std::string literal;  // used when group < 0
    int group = -1;
  };
  std::vector<Piece> pieces_;
  std::vector<Warning> warnings_;
};

}  // namespace backstep::regex

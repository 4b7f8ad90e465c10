// The recursive-descent parser shared by parse_stmt.cpp and parse_expr.cpp.
// Errors unwind as ParseFailure to the entry point, which returns them as a
// Diagnostic value: the grammar has hundreds of failure points and threading
// a Result through each would bury the grammar.
#pragma once

#include "engine/lang/ast.h"
#include "engine/lang/diagnostic.h"
#include "engine/lang/token.h"

#include <algorithm>
#include <vector>

namespace backstep::lang {

struct ParseFailure {
  Diagnostic diag;
  // Where the parser stood when it gave up: the line of the token it had
  // reached, and whether that was the end of the input (Note [An unclosed
  // bracket and the parser's error], parse_stmt.cpp).
  uint32_t reached_line = 0;
  bool reached_end = false;
};

class Parser {
 public:
  Parser(uint32_t file, std::vector<Token> tokens) : file_(file), toks_(std::move(tokens)) {}

  std::unique_ptr<Module> parse_module();
  // For f-string fields: one expression, then end of input.
  ExprPtr parse_fragment_expression();

 private:
  // --- token access ---
  const Token& peek(size_t ahead = 0) const {
    size_t i = std::min(pos_ + ahead, toks_.size() - 1);
    if (i > furthest_) furthest_ = i;
    return toks_[i];
  }
  bool at(Tok k) const { return peek().kind == k; }
  bool accept(Tok k) {
    if (!at(k)) return false;
    ++pos_;
    return true;
  }
  const Token& advance() { return toks_[pos_ < toks_.size() - 1 ? pos_++ : pos_]; }
  const Token& expect(Tok k, const char* what);
  const Token& previous() const { return toks_[pos_ > 0 ? pos_ - 1 : 0]; }
  [[noreturn]] void fail(const Span& span, std::string message, const char* type = "SyntaxError");
  [[noreturn]] void fail_here(std::string message = "invalid syntax");
  void read_past_expression();
  bool side_by_side() const;

  // --- statements (parse_stmt.cpp) ---
  void parse_statement(StmtList& out);
  void parse_simple_statements(StmtList& out);
  StmtPtr parse_simple_statement();
  StmtPtr parse_expression_statement();
  StmtList parse_block(const char* header, const Span& header_span);
  StmtPtr parse_if();
  StmtPtr parse_while();
  StmtPtr parse_for();
  StmtPtr parse_try();
  StmtPtr parse_with();
  StmtPtr parse_import();
  StmtPtr parse_from_import();
  ExprPtr parse_assigned_value();  // the right side of `=`: yield or star expressions
  void check_assign_target(const Expr& e, const char* verb);
  void check_future_imports(Module& m);

  // --- definitions (parse_def.cpp) ---
  void parse_decorated(StmtList& out);
  StmtPtr parse_def(ExprList decorators);
  StmtPtr parse_class(ExprList decorators);
  std::shared_ptr<FunctionCode> parse_parameters(std::string name, Tok closing);
  // Qualified names follow CPython's compiler: a def in a function gets
  // "f.<locals>." in front, one in a class "C.", one in a comprehension
  // "<listcomp>." -- unless the enclosing scope declared the name global.
  struct QualFrame {
    std::string prefix;                // what nested definitions get in front
    std::vector<std::string> globals;  // names declared `global` so far
  };
  std::string qualify(const std::string& name, bool can_be_global) const;
  void push_qual(std::string prefix) { qual_frames_.push_back(QualFrame{std::move(prefix), {}}); }
  void pop_qual() { qual_frames_.pop_back(); }
  void register_qualname(std::string* q) { qualnames_.push_back(q); }
  size_t qual_mark() const { return qualnames_.size(); }
  void requalify_since(size_t mark, size_t end, const char* comp_name);

  // --- expressions (parse_expr.cpp) ---
 public:
  ExprPtr parse_expression();      // expression (no bare tuple)
  ExprPtr parse_star_expressions();  // a, b, *c  -> tuple
 private:
  ExprPtr parse_named_expression();
  ExprPtr parse_disjunction();
  ExprPtr parse_conjunction();
  ExprPtr parse_inversion();
  ExprPtr parse_comparison();
  ExprPtr parse_binary(int level);
  ExprPtr parse_factor();
  ExprPtr parse_power();
  ExprPtr parse_primary();
  ExprPtr parse_atom();
  ExprPtr parse_paren();
  ExprPtr parse_list();
  ExprPtr parse_brace();
  ExprPtr parse_lambda();
  ExprPtr parse_yield();
  ExprPtr parse_strings();
  ExprPtr parse_fstring(const Token& t, const Span& error_at);
  ExprPtr parse_subscript_index();
  ExprPtr parse_slice_item();
  // Call arguments, or a class's bases and keywords (no bare generator
  // expression there).
  void parse_arguments(ExprList& args, std::vector<Keyword>& keywords, bool is_class);
  // `mark`: qual_mark() taken before the element was parsed, so that lambdas
  // in it are renamed into the comprehension's scope.
  ExprPtr parse_comprehension_tail(Comprehension::Type type, ExprPtr elt, ExprPtr value, const Span& start,
                                   size_t mark);
  ExprPtr parse_target_list();  // for-loop / comprehension targets
  ExprPtr parse_star_or_expression();

  // Records a finished node's depth and refuses one too deep to walk
  // (Note [expression depth] in expr_depth.h). Every composite node passes
  // through here before it becomes another node's child.
  template <class T>
  std::unique_ptr<T> finish(std::unique_ptr<T> e) {
    check_depth(*e);
    return e;
  }
  void check_depth(Expr& e);
  // Counts the parser's own recursion (unary chains, `lambda: lambda: ...`,
  // `a if c else b if ...`), which nests without brackets.
  class NestingGuard {
   public:
    NestingGuard(Parser& p, const Span& where);
    ~NestingGuard() { --p_.nesting_; }
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;

   private:
    Parser& p_;
  };

  uint32_t file_;
  uint32_t nesting_ = 0;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  // The furthest token looked at: CPython's parser pulls tokens lazily, and
  // how far it got decides between its error and an unclosed bracket's.
  mutable size_t furthest_ = 0;
  std::vector<QualFrame> qual_frames_{QualFrame{}};  // the module's frame first
  std::vector<std::string*> qualnames_;               // every def/class/lambda qualname, in order
};

// CPython's find_ann: does the body (not nested defs or classes) hold an
// annotated assignment? Then the frame needs __annotations__.
bool has_annotated_assignment(const StmtList& body);

std::unique_ptr<Expr> make_tuple_expr(Span span, ExprList elts);

}  // namespace backstep::lang

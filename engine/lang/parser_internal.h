// The recursive-descent parser shared by parse_stmt.cpp and parse_expr.cpp.
// Errors unwind as ParseFailure to the entry point, which returns them as a
// Diagnostic value: the grammar has hundreds of failure points and threading
// a Result through each would bury the grammar.
#pragma once

#include "engine/lang/ast.h"
#include "engine/lang/diagnostic.h"
#include "engine/lang/token.h"

#include <vector>

namespace backstep::lang {

struct ParseFailure {
  Diagnostic diag;
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
    size_t i = pos_ + ahead;
    return toks_[i < toks_.size() ? i : toks_.size() - 1];
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
  StmtPtr parse_def(ExprList decorators);
  StmtPtr parse_import();
  StmtPtr parse_from_import();
  std::shared_ptr<FunctionCode> parse_parameters(std::string name, Tok closing);
  void check_assign_target(const Expr& e, const char* verb);

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
  ExprPtr parse_strings();
  ExprPtr parse_fstring(const Token& t);
  ExprPtr parse_subscript_index();
  ExprPtr parse_slice_item();
  void parse_call_arguments(Call& call);
  ExprPtr parse_comprehension_tail(Comprehension::Type type, ExprPtr elt, ExprPtr value, const Span& start);
  ExprPtr parse_target_list();  // for-loop / comprehension targets
  ExprPtr parse_star_or_expression();

  uint32_t file_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  std::vector<std::string> function_names_;  // for qualnames
};

std::unique_ptr<Expr> make_tuple_expr(Span span, ExprList elts);

}  // namespace backstep::lang

// Argument lists (of calls and of class statements) and yield expressions.
#include "engine/lang/parser_internal.h"

#include <fmt/format.h>

namespace backstep::lang {

namespace {
// Tokens that can begin an expression: after `yield`, they mean a value.
bool starts_expression(Tok t) {
  switch (t) {
    case Tok::Name: case Tok::Int: case Tok::Float: case Tok::Imaginary: case Tok::String:
    case Tok::LParen: case Tok::LBracket: case Tok::LBrace: case Tok::Minus: case Tok::Plus:
    case Tok::Tilde: case Tok::Star: case Tok::Ellipsis: case Tok::KwNot: case Tok::KwLambda:
    case Tok::KwNone: case Tok::KwTrue: case Tok::KwFalse: case Tok::KwAwait:
      return true;
    default: return false;
  }
}
}  // namespace

// `yield`, `yield value`, `yield a, b` (a tuple), `yield from value`. Only
// reached where the grammar allows a yield: a statement, the right side of
// an assignment, or directly inside parentheses.
ExprPtr Parser::parse_yield() {
  Span start = advance().span;
  if (accept(Tok::KwFrom)) {
    ExprPtr v = parse_expression();
    Span span = Span::cover(start, v->span);
    return finish(std::make_unique<YieldFromExpr>(span, std::move(v)));
  }
  if (!starts_expression(peek().kind)) return std::make_unique<YieldExpr>(start, nullptr);
  ExprPtr v = parse_star_expressions();
  Span span = Span::cover(start, v->span);
  return finish(std::make_unique<YieldExpr>(span, std::move(v)));
}

namespace {
bool has_mapping_unpack(const std::vector<Keyword>& keywords) {
  for (const auto& k : keywords)
    if (k.name.empty()) return true;
  return false;
}
}  // namespace

// f(a, *b, k=1, **c) and class C(Base, metaclass=M). A generator expression
// may stand alone in a call's parentheses, `sum(x for x in y)`, but needs
// its own parentheses next to other arguments and in a class's bases.
void Parser::parse_arguments(ExprList& args, std::vector<Keyword>& keywords, bool is_class) {
  const Expr* bare_genexp = nullptr;
  const Expr* last = nullptr;  // the argument parsed last, for the missing-comma message
  std::string misplaced;       // a class's positional-after-keyword error, reported at its ')'
  size_t count = 0;
  while (!at(Tok::RParen)) {
    ++count;
    if (at(Tok::Name) && peek(1).kind == Tok::Assign) {
      const Token& name = advance();
      advance();
      ExprPtr v = parse_expression();
      Span span = Span::cover(name.span, v->span);
      last = v.get();
      keywords.push_back(Keyword{name.text, std::move(v), span});
    } else if (at(Tok::DoubleStar)) {
      Span start = advance().span;
      ExprPtr v = parse_expression();
      Span span = Span::cover(start, v->span);
      last = v.get();
      keywords.push_back(Keyword{"", std::move(v), span});
    } else if (at(Tok::Star)) {
      Span start = advance().span;
      if (has_mapping_unpack(keywords))
        fail(start, "iterable argument unpacking follows keyword argument unpacking");
      ExprPtr v = parse_expression();
      last = v.get();
      args.push_back(finish(std::make_unique<Starred>(Span::cover(start, v->span), std::move(v))));
    } else {
      Span arg_start = peek().span;
      size_t mark = qual_mark();
      ExprPtr v = parse_named_expression();
      if (at(Tok::KwFor)) {  // f(x for x in y): a generator expression argument
        if (is_class) fail_here("invalid syntax");
        Span start = v->span;
        v = parse_comprehension_tail(Comprehension::Type::Generator, std::move(v), nullptr, start, mark);
        bare_genexp = v.get();
        if (count > 1) fail(bare_genexp->span, "Generator expression must be parenthesized");
      }
      if (!keywords.empty() && misplaced.empty()) {
        misplaced = has_mapping_unpack(keywords) ? "positional argument follows keyword argument unpacking"
                                                 : "positional argument follows keyword argument";
        if (!is_class) fail(arg_start, misplaced);
      }
      last = v.get();
      args.push_back(std::move(v));
    }
    if (!accept(Tok::Comma)) break;
    if (bare_genexp) fail(bare_genexp->span, "Generator expression must be parenthesized");
  }
  if (!at(Tok::RParen)) {
    if (at(Tok::Assign) && !args.empty())
      fail(args.back()->span, "expression cannot contain assignment, perhaps you meant \"==\"?");
    // `f(a b)`: CPython marks from the first of the two expressions
    if (last && starts_expression(peek().kind)) {
      read_past_expression();
      fail(Span::cover(last->span, peek().span), "invalid syntax. Perhaps you forgot a comma?");
    }
    fail_here("invalid syntax. Perhaps you forgot a comma?");
  }
  if (!misplaced.empty()) fail(peek().span, misplaced);
}

}  // namespace backstep::lang

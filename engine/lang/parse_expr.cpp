// Expressions, by precedence climbing from lambda down to atoms.
#include "engine/lang/expr_depth.h"
#include "engine/lang/lexer.h"
#include "engine/lang/parser_internal.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <optional>

namespace backstep::lang {

std::unique_ptr<Expr> make_tuple_expr(Span span, ExprList elts) {
  auto t = std::make_unique<SequenceExpr>(ExprKind::Tuple, span);
  t->elts = std::move(elts);
  return t;
}

void Parser::check_depth(Expr& e) {
  e.depth = direct_depth(e);
  if (e.depth > kMaxExpressionDepth)
    fail(e.span, "maximum recursion depth exceeded during compilation", "RecursionError");
}

Parser::NestingGuard::NestingGuard(Parser& p, const Span& where) : p_(p) {
  if (p_.nesting_ >= kMaxExpressionDepth)
    p_.fail(where, "maximum recursion depth exceeded during compilation", "RecursionError");
  ++p_.nesting_;
}

bool Call::has_star_args() const {
  for (const auto& a : args)
    if (a->kind == ExprKind::Starred) return true;
  for (const auto& k : keywords)
    if (k.name.empty()) return true;
  return false;
}

ExprPtr Parser::parse_star_or_expression() {
  if (at(Tok::Star)) {
    Span start = advance().span;
    ExprPtr v = parse_binary(0);
    return finish(std::make_unique<Starred>(Span::cover(start, v->span), std::move(v)));
  }
  return parse_named_expression();
}

ExprPtr Parser::parse_star_expressions() {
  ExprPtr first = parse_star_or_expression();
  if (!at(Tok::Comma)) return first;
  Span span = first->span;
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(Tok::Comma)) {
    span = Span::cover(span, previous().span);
    if (at(Tok::Newline) || at(Tok::Assign) || at(Tok::RParen) || at(Tok::Semicolon) || at(Tok::End) ||
        at(Tok::Colon) || at(Tok::KwIn) || at(Tok::RBracket) || at(Tok::RBrace) ||
        (peek().kind >= Tok::PlusEq && peek().kind <= Tok::DoubleStarEq))
      break;
    elts.push_back(parse_star_or_expression());
    span = Span::cover(span, elts.back()->span);
  }
  return finish(make_tuple_expr(span, std::move(elts)));
}

ExprPtr Parser::parse_named_expression() {
  if (at(Tok::Name) && peek(1).kind == Tok::Walrus) {
    const Token& name = advance();
    advance();
    ExprPtr value = parse_expression();
    Span span = Span::cover(name.span, value->span);
    return finish(std::make_unique<NamedExpr>(span, std::make_unique<Name>(name.span, name.text), std::move(value)));
  }
  return parse_expression();
}

ExprPtr Parser::parse_expression() {
  NestingGuard guard(*this, peek().span);
  if (at(Tok::KwLambda)) return parse_lambda();
  ExprPtr body = parse_disjunction();
  if (!at(Tok::KwIf)) return body;
  // `a if cond else b` -- but not in a comprehension's `for x in y if cond`,
  // where the `if` belongs to the comprehension: that case never reaches here
  // because comprehension iterables are parsed with parse_disjunction().
  advance();
  auto e = std::make_unique<IfExp>(body->span);
  e->body = std::move(body);
  e->test = parse_disjunction();
  if (!accept(Tok::KwElse)) fail(Span::cover(e->body->span, e->test->span), "expected 'else' after 'if' expression");
  e->orelse = parse_expression();
  e->span = Span::cover(e->body->span, e->orelse->span);
  return finish(std::move(e));
}

ExprPtr Parser::parse_lambda() {
  Span start = advance().span;
  auto code = parse_parameters("<lambda>", Tok::Colon);
  expect(Tok::Colon, "':'");
  push_qual(code->qualname + ".<locals>.");
  code->lambda_body = parse_expression();
  pop_qual();
  code->span = Span::cover(start, code->lambda_body->span);
  return finish(std::make_unique<Lambda>(code->span, std::move(code)));
}

ExprPtr Parser::parse_disjunction() {
  ExprPtr first = parse_conjunction();
  if (!at(Tok::KwOr)) return first;
  auto e = std::make_unique<BoolOpExpr>(first->span, false);
  e->values.push_back(std::move(first));
  while (accept(Tok::KwOr)) e->values.push_back(parse_conjunction());
  e->span = Span::cover(e->span, e->values.back()->span);
  return finish(std::move(e));
}

ExprPtr Parser::parse_conjunction() {
  ExprPtr first = parse_inversion();
  if (!at(Tok::KwAnd)) return first;
  auto e = std::make_unique<BoolOpExpr>(first->span, true);
  e->values.push_back(std::move(first));
  while (accept(Tok::KwAnd)) e->values.push_back(parse_inversion());
  e->span = Span::cover(e->span, e->values.back()->span);
  return finish(std::move(e));
}

ExprPtr Parser::parse_inversion() {
  if (at(Tok::KwNot)) {
    NestingGuard guard(*this, peek().span);
    Span start = advance().span;
    ExprPtr v = parse_inversion();
    Span span = Span::cover(start, v->span);
    return finish(std::make_unique<UnaryOpExpr>(span, UnaryOp::Not, std::move(v)));
  }
  return parse_comparison();
}

ExprPtr Parser::parse_comparison() {
  ExprPtr left = parse_binary(0);
  auto comparison_op = [&]() -> std::optional<CmpOp> {
    switch (peek().kind) {
      case Tok::Eq: advance(); return CmpOp::Eq;
      case Tok::Ne: advance(); return CmpOp::Ne;
      case Tok::Lt: advance(); return CmpOp::Lt;
      case Tok::Le: advance(); return CmpOp::Le;
      case Tok::Gt: advance(); return CmpOp::Gt;
      case Tok::Ge: advance(); return CmpOp::Ge;
      case Tok::KwIn: advance(); return CmpOp::In;
      case Tok::KwNot:
        if (peek(1).kind != Tok::KwIn) return std::nullopt;
        advance();
        advance();
        return CmpOp::NotIn;
      case Tok::KwIs:
        advance();
        return accept(Tok::KwNot) ? CmpOp::IsNot : CmpOp::Is;
      default: return std::nullopt;
    }
  };
  auto op = comparison_op();
  if (!op) return left;
  auto e = std::make_unique<Compare>(left->span, std::move(left));
  while (op) {
    e->ops.push_back(*op);
    e->comparators.push_back(parse_binary(0));
    op = comparison_op();
  }
  e->span = Span::cover(e->span, e->comparators.back()->span);
  return finish(std::move(e));
}

namespace {
// Binary operator levels, loosest first: | ^ & shifts additive multiplicative.
struct Level {
  Tok toks[5];
  BinOp ops[5];
  int count;
};
const Level kLevels[] = {
    {{Tok::Pipe}, {BinOp::BitOr}, 1},
    {{Tok::Caret}, {BinOp::BitXor}, 1},
    {{Tok::Amp}, {BinOp::BitAnd}, 1},
    {{Tok::LShift, Tok::RShift}, {BinOp::LShift, BinOp::RShift}, 2},
    {{Tok::Plus, Tok::Minus}, {BinOp::Add, BinOp::Sub}, 2},
    {{Tok::Star, Tok::Slash, Tok::DoubleSlash, Tok::Percent, Tok::At},
     {BinOp::Mul, BinOp::Div, BinOp::FloorDiv, BinOp::Mod, BinOp::MatMul},
     5},
};
constexpr int kLevelCount = sizeof(kLevels) / sizeof(kLevels[0]);
}  // namespace

ExprPtr Parser::parse_binary(int level) {
  if (level == kLevelCount) return parse_factor();
  ExprPtr left = parse_binary(level + 1);
  const Level& L = kLevels[level];
  while (true) {
    int which = -1;
    for (int i = 0; i < L.count; ++i)
      if (at(L.toks[i])) which = i;
    if (which < 0) return left;
    advance();
    ExprPtr right = parse_binary(level + 1);
    Span span = Span::cover(left->span, right->span);
    left = finish(std::make_unique<BinOpExpr>(span, L.ops[which], std::move(left), std::move(right)));
  }
}

ExprPtr Parser::parse_factor() {
  UnaryOp op;
  switch (peek().kind) {
    case Tok::Minus: op = UnaryOp::Neg; break;
    case Tok::Plus: op = UnaryOp::Pos; break;
    case Tok::Tilde: op = UnaryOp::Invert; break;
    default: return parse_power();
  }
  NestingGuard guard(*this, peek().span);
  Span start = advance().span;
  ExprPtr v = parse_factor();
  Span span = Span::cover(start, v->span);
  return finish(std::make_unique<UnaryOpExpr>(span, op, std::move(v)));
}

ExprPtr Parser::parse_power() {
  ExprPtr base = parse_primary();
  if (!accept(Tok::DoubleStar)) return base;
  NestingGuard guard(*this, previous().span);  // `2 ** 2 ** ...` nests to the right
  ExprPtr exp = parse_factor();  // right-associative, binds tighter than unary minus on the left
  Span span = Span::cover(base->span, exp->span);
  return finish(std::make_unique<BinOpExpr>(span, BinOp::Pow, std::move(base), std::move(exp)));
}

ExprPtr Parser::parse_primary() {
  ExprPtr e = parse_atom();
  while (true) {
    if (accept(Tok::Dot)) {
      const Token& name = expect(Tok::Name, "attribute name");
      auto a = std::make_unique<Attribute>(Span::cover(e->span, name.span), std::move(e), name.text);
      a->attr_span = name.span;
      e = finish(std::move(a));
    } else if (at(Tok::LParen)) {
      advance();
      auto call = std::make_unique<Call>(e->span, std::move(e));
      parse_arguments(call->args, call->keywords, false);
      call->span = Span::cover(call->span, expect(Tok::RParen, "')'").span);
      e = finish(std::move(call));
    } else if (at(Tok::LBracket)) {
      advance();
      ExprPtr index = parse_subscript_index();
      Span end = expect(Tok::RBracket, "']'").span;
      e = finish(std::make_unique<Subscript>(Span::cover(e->span, end), std::move(e), std::move(index)));
    } else {
      return e;
    }
  }
}

ExprPtr Parser::parse_slice_item() {
  Span start = peek().span;
  ExprPtr lower;
  if (!at(Tok::Colon)) {
    lower = parse_star_or_expression();
    if (!at(Tok::Colon)) return lower;
  }
  auto s = std::make_unique<Slice>(start);
  s->lower = std::move(lower);
  expect(Tok::Colon, "':'");
  if (!at(Tok::Colon) && !at(Tok::Comma) && !at(Tok::RBracket)) s->upper = parse_expression();
  if (accept(Tok::Colon) && !at(Tok::Comma) && !at(Tok::RBracket)) s->step = parse_expression();
  s->span = Span::cover(start, previous().span);
  return finish(std::move(s));
}

ExprPtr Parser::parse_subscript_index() {
  ExprPtr first = parse_slice_item();
  if (!at(Tok::Comma)) return first;
  Span span = first->span;
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(Tok::Comma) && !at(Tok::RBracket)) {
    elts.push_back(parse_slice_item());
    span = Span::cover(span, elts.back()->span);
  }
  return finish(make_tuple_expr(span, std::move(elts)));
}

ExprPtr Parser::parse_atom() {
  const Token& t = peek();
  switch (t.kind) {
    case Tok::Name: advance(); return std::make_unique<Name>(t.span, t.text);
    case Tok::KwTrue: advance(); return std::make_unique<Constant>(t.span, Constant::Type::True);
    case Tok::KwFalse: advance(); return std::make_unique<Constant>(t.span, Constant::Type::False);
    case Tok::KwNone: advance(); return std::make_unique<Constant>(t.span, Constant::Type::None);
    case Tok::Ellipsis: advance(); return std::make_unique<Constant>(t.span, Constant::Type::Ellipsis);
    case Tok::Int: {
      advance();
      auto c = std::make_unique<Constant>(t.span, Constant::Type::Int);
      int base = 10;
      std::string digits = t.text;
      if (digits.size() > 2 && digits[0] == '0' && std::isalpha(static_cast<unsigned char>(digits[1]))) {
        char b = static_cast<char>(std::tolower(digits[1]));
        base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
        digits = digits.substr(2);
      } else if (digits.size() > 1 && digits[0] == '0' && digits.find_first_not_of('0') != std::string::npos) {
        fail(t.span, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
      }
      errno = 0;
      c->int_value = static_cast<int64_t>(std::strtoull(digits.c_str(), nullptr, base));
      if (errno == ERANGE || c->int_value < 0) {
        // Beyond 64 bits: the runtime makes a big int of the literal's text.
        c->int_value = 0;
        c->str_value = t.text;
      }
      return c;
    }
    case Tok::Float:
    case Tok::Imaginary: {
      advance();
      auto c = std::make_unique<Constant>(t.span, t.kind == Tok::Float ? Constant::Type::Float : Constant::Type::Imaginary);
      c->float_value = std::strtod(t.text.c_str(), nullptr);
      return c;
    }
    case Tok::String: return parse_strings();
    case Tok::LParen: return parse_paren();
    case Tok::LBracket: return parse_list();
    case Tok::LBrace: return parse_brace();
    case Tok::KwLambda: return parse_lambda();
    case Tok::Newline:
    case Tok::End:
      fail(t.span, "invalid syntax", "SyntaxError");
    case Tok::Indent:
      fail(t.span, "unexpected indent", "IndentationError");
    default:
      if (t.kind >= Tok::KwFalse && t.kind <= Tok::KwYield && t.kind != Tok::KwNot)
        fail(t.span, "invalid syntax");
      fail(t.span, "invalid syntax");
  }
}

ExprPtr Parser::parse_paren() {
  Span start = advance().span;
  if (at(Tok::RParen)) {
    Span end = advance().span;
    return make_tuple_expr(Span::cover(start, end), {});
  }
  if (at(Tok::KwYield)) {  // `(yield x)`: keeps the yield's own span, as CPython reports it
    ExprPtr y = parse_yield();
    expect(Tok::RParen, "')'");
    return y;
  }
  size_t mark = qual_mark();
  ExprPtr first = parse_star_or_expression();
  if (at(Tok::KwFor)) {
    ExprPtr gen = parse_comprehension_tail(Comprehension::Type::Generator, std::move(first), nullptr, start, mark);
    gen->span = Span::cover(start, expect(Tok::RParen, "')'").span);
    return gen;
  }
  if (accept(Tok::RParen)) {
    // A parenthesised expression keeps its inner span for carets, but we
    // widen it so that `(a + b)` marks the parentheses too.
    first->span = Span::cover(start, previous().span);
    return first;
  }
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(Tok::Comma) && !at(Tok::RParen)) elts.push_back(parse_star_or_expression());
  Span end = expect(Tok::RParen, "')'").span;
  return finish(make_tuple_expr(Span::cover(start, end), std::move(elts)));
}

ExprPtr Parser::parse_list() {
  Span start = advance().span;
  auto list = std::make_unique<SequenceExpr>(ExprKind::List, start);
  if (!at(Tok::RBracket)) {
    size_t mark = qual_mark();
    ExprPtr first = parse_star_or_expression();
    if (at(Tok::KwFor)) {
      ExprPtr comp = parse_comprehension_tail(Comprehension::Type::List, std::move(first), nullptr, start, mark);
      comp->span = Span::cover(start, expect(Tok::RBracket, "']'").span);
      return comp;
    }
    list->elts.push_back(std::move(first));
    while (accept(Tok::Comma) && !at(Tok::RBracket)) list->elts.push_back(parse_star_or_expression());
  }
  list->span = Span::cover(start, expect(Tok::RBracket, "']'").span);
  return finish(std::move(list));
}

ExprPtr Parser::parse_brace() {
  Span start = advance().span;
  if (accept(Tok::RBrace)) return std::make_unique<DictExpr>(Span::cover(start, previous().span));
  // dict: key: value / **mapping; set: elements
  ExprPtr key;
  ExprPtr value;
  size_t mark = qual_mark();
  if (accept(Tok::DoubleStar)) {
    value = parse_binary(0);
  } else {
    key = parse_star_or_expression();
    if (!accept(Tok::Colon)) {  // a set
      auto set = std::make_unique<SequenceExpr>(ExprKind::Set, start);
      if (at(Tok::KwFor)) {
        ExprPtr comp = parse_comprehension_tail(Comprehension::Type::Set, std::move(key), nullptr, start, mark);
        comp->span = Span::cover(start, expect(Tok::RBrace, "'}'").span);
        return comp;
      }
      set->elts.push_back(std::move(key));
      while (accept(Tok::Comma) && !at(Tok::RBrace)) set->elts.push_back(parse_star_or_expression());
      set->span = Span::cover(start, expect(Tok::RBrace, "'}'").span);
      return finish(std::move(set));
    }
    value = parse_expression();
    if (at(Tok::KwFor)) {
      ExprPtr comp = parse_comprehension_tail(Comprehension::Type::Dict, std::move(key), std::move(value), start, mark);
      comp->span = Span::cover(start, expect(Tok::RBrace, "'}'").span);
      return comp;
    }
  }
  auto dict = std::make_unique<DictExpr>(start);
  dict->keys.push_back(std::move(key));
  dict->values.push_back(std::move(value));
  while (accept(Tok::Comma) && !at(Tok::RBrace)) {
    if (accept(Tok::DoubleStar)) {
      dict->keys.push_back(nullptr);
      dict->values.push_back(parse_binary(0));
    } else {
      dict->keys.push_back(parse_expression());
      expect(Tok::Colon, "':'");
      dict->values.push_back(parse_expression());
    }
  }
  dict->span = Span::cover(start, expect(Tok::RBrace, "'}'").span);
  return finish(std::move(dict));
}

ExprPtr Parser::parse_target_list() {
  // Targets of `for` and comprehensions: bitwise-level expressions, so that
  // the `in` keyword is not taken as a comparison.
  auto one = [&]() -> ExprPtr {
    if (at(Tok::Star)) {
      Span s = advance().span;
      ExprPtr v = parse_binary(0);
      return finish(std::make_unique<Starred>(Span::cover(s, v->span), std::move(v)));
    }
    return parse_binary(0);
  };
  ExprPtr first = one();
  if (!at(Tok::Comma)) return first;
  Span span = first->span;
  ExprList elts;
  elts.push_back(std::move(first));
  while (accept(Tok::Comma) && !at(Tok::KwIn)) {
    elts.push_back(one());
    span = Span::cover(span, elts.back()->span);
  }
  return finish(make_tuple_expr(span, std::move(elts)));
}

ExprPtr Parser::parse_comprehension_tail(Comprehension::Type type, ExprPtr elt, ExprPtr value, const Span& start,
                                         size_t mark) {
  static const char* const kNames[] = {"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"};
  const char* name = kNames[static_cast<int>(type)];
  auto comp = std::make_unique<Comprehension>(start, type);
  comp->elt = std::move(elt);
  comp->value = std::move(value);
  size_t element_end = qual_mark();
  bool inside = false;  // the first iterable belongs to the enclosing scope
  while (accept(Tok::KwFor)) {
    ComprehensionFor gen;
    gen.target = parse_target_list();
    check_assign_target(*gen.target, "assign to");
    expect(Tok::KwIn, "'in'");
    gen.iter = parse_disjunction();
    if (!inside) {
      requalify_since(mark, element_end, name);
      push_qual(qual_frames_.back().prefix + name + ".");
      inside = true;
    }
    while (accept(Tok::KwIf)) gen.ifs.push_back(parse_disjunction());
    comp->generators.push_back(std::move(gen));
  }
  if (inside) pop_qual();
  comp->span = Span::cover(start, previous().span);
  return finish(std::move(comp));
}

ExprPtr Parser::parse_strings() {
  // Adjacent literals concatenate ("a" "b", or "a" f"{x}").
  std::vector<const Token*> parts;
  while (at(Tok::String)) parts.push_back(&advance());
  Span span = Span::cover(parts.front()->span, parts.back()->span);
  bool any_f = false;
  for (auto* p : parts) any_f |= p->is_fstring;
  if (!any_f) {
    auto c = std::make_unique<Constant>(span, parts.front()->is_bytes ? Constant::Type::Bytes : Constant::Type::Str);
    for (auto* p : parts) c->str_value += p->text;
    return c;
  }
  auto f = std::make_unique<FString>(span);
  for (auto* p : parts) {
    if (!p->is_fstring) {
      FStringPart part;
      part.literal = p->text;
      f->parts.push_back(std::move(part));
      continue;
    }
    ExprPtr sub = parse_fstring(*p, peek().span);
    for (auto& part : static_cast<FString&>(*sub).parts) f->parts.push_back(std::move(part));
  }
  return finish(std::move(f));
}

}  // namespace backstep::lang

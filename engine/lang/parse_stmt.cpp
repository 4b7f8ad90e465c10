// Statements, blocks and the parser's entry point.
#include "engine/lang/lexer.h"
#include "engine/lang/parser.h"
#include "engine/lang/parser_internal.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace backstep::lang {

void Parser::fail(const Span& span, std::string message, const char* type) {
  Diagnostic d{span, type, std::move(message), false};
  // Errors found at the very end of the input mean "more input needed" to
  // the shell (a block header with nothing after it, say).
  d.incomplete = peek().kind == Tok::End;
  const Token& reached = toks_[furthest_];
  throw ParseFailure{std::move(d), reached.span.line, reached.kind == Tok::End};
}

// CPython's invalid_expression rule, which makes the "Perhaps you forgot a
// comma?" hint, parses the second expression whole and looks at the token
// after it: that moves how far its parser got, which matters when a bracket
// is never closed (Note [An unclosed bracket and the parser's error]).
void Parser::read_past_expression() {
  size_t save = pos_;
  try {
    parse_expression();
    peek();
  } catch (ParseFailure&) {
  }
  pos_ = save;
}

// The token just read ends an expression and the next begins one.
bool Parser::side_by_side() const {
  auto starts = [](Tok t) {
    return t == Tok::Name || t == Tok::Int || t == Tok::Float || t == Tok::String || t == Tok::LParen ||
           t == Tok::LBracket || t == Tok::LBrace || t == Tok::KwNone || t == Tok::KwTrue || t == Tok::KwFalse;
  };
  auto ends = [](Tok t) {
    return t == Tok::Name || t == Tok::Int || t == Tok::Float || t == Tok::String || t == Tok::RParen ||
           t == Tok::RBracket || t == Tok::RBrace || t == Tok::KwNone || t == Tok::KwTrue || t == Tok::KwFalse;
  };
  return starts(peek().kind) && ends(previous().kind);
}

void Parser::fail_here(std::string message) { fail(peek().span, std::move(message)); }

const Token& Parser::expect(Tok k, const char* what) {
  if (at(k)) return advance();
  if (k == Tok::Colon) fail(previous().span.valid() ? Span{previous().span.file, previous().span.end_line,
                                                             previous().span.end_col, previous().span.end_line,
                                                             previous().span.end_col + 1}
                                                      : peek().span,
                            "expected ':'");
  if (peek().kind == Tok::End || peek().kind == Tok::Newline) fail(peek().span, "invalid syntax");
  // `[1, 2 3]`: two expressions side by side inside brackets. CPython
  // suggests the missing comma and marks both.
  if ((k == Tok::RParen || k == Tok::RBracket || k == Tok::RBrace) && side_by_side()) {
    read_past_expression();
    fail(Span::cover(previous().span, peek().span), "invalid syntax. Perhaps you forgot a comma?");
  }
  (void)what;
  fail_here("invalid syntax");
}

std::unique_ptr<Module> Parser::parse_module() {
  auto m = std::make_unique<Module>();
  m->file = file_;
  while (at(Tok::Newline)) advance();
  while (!at(Tok::End)) {
    if (at(Tok::Indent)) fail(peek().span, "unexpected indent", "IndentationError");
    parse_statement(m->body);
    while (at(Tok::Newline)) advance();
  }
  check_future_imports(*m);
  m->has_annotations = has_annotated_assignment(m->body);
  return m;
}

namespace {
bool is_future_import(const Stmt& s) {
  return s.kind == StmtKind::ImportFrom && static_cast<const ImportFrom&>(s).module == "__future__";
}
}  // namespace

// CPython's future.c: the `from __future__` imports leading the module (a
// docstring may precede them) name known features. A later one is the
// compiler's error, reported by the resolver.
void Parser::check_future_imports(Module& m) {
  // Raised after the whole module parsed: never "incomplete" to the shell.
  auto error = [](const Span& span, std::string message) {
    throw ParseFailure{Diagnostic{span, "SyntaxError", std::move(message), false}, span.line, false};
  };
  static const char* const kFeatures[] = {"nested_scopes",  "generators",     "division",
                                          "absolute_import", "with_statement", "print_function",
                                          "unicode_literals", "barry_as_FLUFL", "generator_stop",
                                          "annotations"};
  for (size_t i = 0; i < m.body.size(); ++i) {
    const Stmt& s = *m.body[i];
    if (i == 0 && is_docstring(s)) continue;
    if (!is_future_import(s)) return;
    for (const auto& a : static_cast<const ImportFrom&>(s).names) {
      if (a.name == "braces") error(s.span, "not a chance");
      if (std::find(std::begin(kFeatures), std::end(kFeatures), a.name) == std::end(kFeatures))
        error(s.span, fmt::format("future feature {} is not defined", a.name));
      if (a.name == "annotations") m.future_annotations = true;
    }
  }
}

void Parser::parse_statement(StmtList& out) {
  switch (peek().kind) {
    case Tok::KwIf: out.push_back(parse_if()); return;
    case Tok::KwWhile: out.push_back(parse_while()); return;
    case Tok::KwFor: out.push_back(parse_for()); return;
    case Tok::KwTry: out.push_back(parse_try()); return;
    case Tok::KwWith: out.push_back(parse_with()); return;
    case Tok::KwDef: out.push_back(parse_def({})); return;
    case Tok::KwClass: out.push_back(parse_class({})); return;
    case Tok::At: parse_decorated(out); return;
    case Tok::KwAsync: fail(peek().span, "async code is not supported by backstep");
    default: parse_simple_statements(out);
  }
}

void Parser::parse_simple_statements(StmtList& out) {
  out.push_back(parse_simple_statement());
  while (accept(Tok::Semicolon)) {
    if (at(Tok::Newline) || at(Tok::End)) break;
    out.push_back(parse_simple_statement());
  }
  if (!accept(Tok::Newline) && !at(Tok::End)) {
    // Python 2's `print "x"` / `exec "code"`: CPython's hint, marking the
    // statement to the end of its line.
    const Stmt& last = *out.back();
    if (last.kind == StmtKind::Expr) {
      const Expr& e = *static_cast<const ExprStmt&>(last).value;
      if (e.kind == ExprKind::Name) {
        const std::string& name = static_cast<const Name&>(e).id;
        if (name == "print" || name == "exec") {
          size_t ahead = 0;
          while (peek(ahead + 1).kind != Tok::Newline && peek(ahead + 1).kind != Tok::End &&
                 peek(ahead + 1).kind != Tok::Semicolon)
            ++ahead;
          fail(Span::cover(e.span, peek(ahead).span),
               fmt::format("Missing parentheses in call to '{}'. Did you mean {}(...)?", name, name));
        }
      }
    }
    // Two expressions side by side at statement level (`x = 1 2`): CPython
    // suggests a comma only inside brackets, and here marks the second.
    fail_here("invalid syntax");
  }
}

StmtPtr Parser::parse_simple_statement() {
  const Token& t = peek();
  switch (t.kind) {
    case Tok::KwPass: advance(); return std::make_unique<SimpleStmt>(StmtKind::Pass, t.span);
    case Tok::KwBreak: advance(); return std::make_unique<SimpleStmt>(StmtKind::Break, t.span);
    case Tok::KwContinue: advance(); return std::make_unique<SimpleStmt>(StmtKind::Continue, t.span);
    case Tok::KwReturn: {
      advance();
      auto r = std::make_unique<Return>(t.span);
      if (!at(Tok::Newline) && !at(Tok::Semicolon) && !at(Tok::End)) {
        r->value = parse_star_expressions();
        r->span = Span::cover(t.span, r->value->span);
      }
      return r;
    }
    case Tok::KwRaise: {
      advance();
      auto r = std::make_unique<Raise>(t.span);
      if (!at(Tok::Newline) && !at(Tok::Semicolon) && !at(Tok::End)) {
        r->exc = parse_expression();
        if (accept(Tok::KwFrom)) r->cause = parse_expression();
        r->span = Span::cover(t.span, previous().span);
      }
      return r;
    }
    case Tok::KwGlobal:
    case Tok::KwNonlocal: {
      advance();
      auto s = std::make_unique<NamesStmt>(t.kind == Tok::KwGlobal ? StmtKind::Global : StmtKind::Nonlocal, t.span);
      do {
        s->names.push_back(expect(Tok::Name, "name").text);
      } while (accept(Tok::Comma));
      s->span = Span::cover(t.span, previous().span);
      if (t.kind == Tok::KwGlobal)  // for qualnames of later defs of these names
        for (const auto& n : s->names) qual_frames_.back().globals.push_back(n);
      return s;
    }
    case Tok::KwDel: {
      advance();
      auto d = std::make_unique<Del>(t.span);
      ExprPtr targets = parse_target_list();
      if (targets->kind == ExprKind::Tuple) {
        for (auto& e : static_cast<SequenceExpr&>(*targets).elts) d->targets.push_back(std::move(e));
      } else {
        d->targets.push_back(std::move(targets));
      }
      for (auto& e : d->targets) check_assign_target(*e, "delete");
      d->span = Span::cover(t.span, previous().span);
      return d;
    }
    case Tok::KwAssert: {
      advance();
      auto a = std::make_unique<Assert>(t.span);
      a->test = parse_expression();
      if (accept(Tok::Comma)) a->msg = parse_expression();
      a->span = Span::cover(t.span, previous().span);
      return a;
    }
    case Tok::KwImport: return parse_import();
    case Tok::KwFrom: return parse_from_import();
    default: return parse_expression_statement();
  }
}

ExprPtr Parser::parse_assigned_value() {
  return at(Tok::KwYield) ? parse_yield() : parse_star_expressions();
}

StmtPtr Parser::parse_expression_statement() {
  bool bare_yield = at(Tok::KwYield);
  ExprPtr first = parse_assigned_value();
  Span start = first->span;
  if (at(Tok::Assign)) {
    auto a = std::make_unique<Assign>(start);
    ExprPtr value = std::move(first);
    while (accept(Tok::Assign)) {
      // `x = yield = 3`; a parenthesised `(yield) = 3` gets the generic message
      if (bare_yield) fail(value->span, "assignment to yield expression not possible");
      check_assign_target(*value, "assign to");
      a->targets.push_back(std::move(value));
      bare_yield = at(Tok::KwYield);
      value = parse_assigned_value();
    }
    a->value = std::move(value);
    a->span = Span::cover(start, a->value->span);
    return a;
  }
  static const std::pair<Tok, BinOp> aug[] = {
      {Tok::PlusEq, BinOp::Add},       {Tok::MinusEq, BinOp::Sub},      {Tok::StarEq, BinOp::Mul},
      {Tok::SlashEq, BinOp::Div},      {Tok::DoubleSlashEq, BinOp::FloorDiv}, {Tok::PercentEq, BinOp::Mod},
      {Tok::AtEq, BinOp::MatMul},      {Tok::AmpEq, BinOp::BitAnd},     {Tok::PipeEq, BinOp::BitOr},
      {Tok::CaretEq, BinOp::BitXor},   {Tok::LShiftEq, BinOp::LShift},  {Tok::RShiftEq, BinOp::RShift},
      {Tok::DoubleStarEq, BinOp::Pow},
  };
  for (const auto& [tok, op] : aug) {
    if (!at(tok)) continue;
    advance();
    if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute && first->kind != ExprKind::Subscript)
      fail(first->span, fmt::format("'{}' is an illegal expression for augmented assignment",
                                    first->kind == ExprKind::Tuple ? "tuple" : "expression"));
    ExprPtr value = parse_assigned_value();
    Span span = Span::cover(start, value->span);
    return std::make_unique<AugAssign>(span, std::move(first), op, std::move(value));
  }
  if (at(Tok::Colon) && (first->kind == ExprKind::Name || first->kind == ExprKind::Attribute ||
                         first->kind == ExprKind::Subscript)) {
    advance();
    auto a = std::make_unique<AnnAssign>(start);
    a->target = std::move(first);
    a->annotation = parse_expression();
    if (accept(Tok::Assign)) a->value = parse_assigned_value();
    a->span = Span::cover(start, previous().span);
    return a;
  }
  return std::make_unique<ExprStmt>(start, std::move(first));
}

void Parser::check_assign_target(const Expr& e, const char* verb) {
  switch (e.kind) {
    case ExprKind::Name:
    case ExprKind::Attribute:
    case ExprKind::Subscript: return;
    case ExprKind::Starred: check_assign_target(*static_cast<const Starred&>(e).value, verb); return;
    case ExprKind::Tuple:
    case ExprKind::List:
      for (const auto& x : static_cast<const SequenceExpr&>(e).elts) check_assign_target(*x, verb);
      return;
    case ExprKind::Call:
      fail(e.span, fmt::format("cannot {} function call here. Maybe you meant '==' instead of '='?", verb));
    case ExprKind::Constant:
      fail(e.span, fmt::format("cannot {} literal here. Maybe you meant '==' instead of '='?", verb));
    case ExprKind::Compare:
      fail(e.span, fmt::format("cannot {} comparison", verb));
    case ExprKind::Yield:
    case ExprKind::YieldFrom:
      if (std::string_view(verb) == "assign to")
        fail(e.span, "cannot assign to yield expression here. Maybe you meant '==' instead of '='?");
      fail(e.span, fmt::format("cannot {} yield expression", verb));
    default: fail(e.span, fmt::format("cannot {} expression", verb));
  }
}

StmtList Parser::parse_block(const char* header, const Span& header_span) {
  expect(Tok::Colon, "':'");
  StmtList body;
  if (!at(Tok::Newline)) {  // `if x: y = 1` on one line
    parse_simple_statements(body);
    return body;
  }
  advance();
  if (!accept(Tok::Indent))
    fail(peek().span,
         fmt::format("expected an indented block after {} on line {}", header, header_span.line),
         "IndentationError");
  while (!at(Tok::Dedent) && !at(Tok::End)) {
    parse_statement(body);
    while (at(Tok::Newline)) advance();
  }
  accept(Tok::Dedent);
  return body;
}

StmtPtr Parser::parse_if() {
  const Token& kw = advance();
  auto s = std::make_unique<If>(kw.span);
  s->test = parse_named_expression();
  s->span = Span::cover(kw.span, s->test->span);
  s->body = parse_block(kw.kind == Tok::KwIf ? "'if' statement" : "'elif' statement", kw.span);
  if (at(Tok::KwElif)) {
    s->orelse.push_back(parse_if());
  } else if (at(Tok::KwElse)) {
    const Token& e = advance();
    s->orelse = parse_block("'else' statement", e.span);
  }
  return s;
}

StmtPtr Parser::parse_while() {
  const Token& kw = advance();
  auto s = std::make_unique<While>(kw.span);
  s->test = parse_named_expression();
  s->span = Span::cover(kw.span, s->test->span);
  s->body = parse_block("'while' statement", kw.span);
  if (at(Tok::KwElse)) {
    const Token& e = advance();
    s->orelse = parse_block("'else' statement", e.span);
  }
  return s;
}

StmtPtr Parser::parse_for() {
  const Token& kw = advance();
  auto s = std::make_unique<For>(kw.span);
  s->target = parse_target_list();
  check_assign_target(*s->target, "assign to");
  if (!accept(Tok::KwIn)) fail_here("invalid syntax");
  s->iter = parse_star_expressions();
  s->span = Span::cover(kw.span, s->iter->span);
  s->body = parse_block("'for' statement", kw.span);
  if (at(Tok::KwElse)) {
    const Token& e = advance();
    s->orelse = parse_block("'else' statement", e.span);
  }
  return s;
}

StmtPtr Parser::parse_try() {
  const Token& kw = advance();
  auto s = std::make_unique<Try>(kw.span);
  s->body = parse_block("'try' statement", kw.span);
  while (at(Tok::KwExcept)) {
    const Token& ex = advance();
    ExceptHandler h;
    h.span = ex.span;
    if (!at(Tok::Colon)) {
      h.type = parse_expression();
      if (at(Tok::Comma)) fail_here("multiple exception types must be parenthesized");
      if (accept(Tok::KwAs)) h.name = expect(Tok::Name, "name").text;
      h.span = Span::cover(ex.span, previous().span);
    }
    h.body = parse_block("'except' statement", ex.span);
    s->handlers.push_back(std::move(h));
  }
  if (at(Tok::KwElse)) {
    const Token& e = advance();
    if (s->handlers.empty()) fail(e.span, "expected 'except' or 'finally' block");
    s->orelse = parse_block("'else' statement", e.span);
  }
  if (at(Tok::KwFinally)) {
    const Token& f = advance();
    s->finalbody = parse_block("'finally' statement", f.span);
  }
  if (s->handlers.empty() && s->finalbody.empty()) fail_here("expected 'except' or 'finally' block");
  return s;
}

StmtPtr Parser::parse_with() {
  const Token& kw = advance();
  auto s = std::make_unique<With>(kw.span);
  bool parenthesised = at(Tok::LParen) && peek(1).kind != Tok::RParen;
  (void)parenthesised;
  do {
    WithItem item;
    item.context = parse_expression();
    if (accept(Tok::KwAs)) {
      item.target = parse_target_list();
      check_assign_target(*item.target, "assign to");
    }
    s->items.push_back(std::move(item));
  } while (accept(Tok::Comma));
  s->span = Span::cover(kw.span, previous().span);
  s->body = parse_block("'with' statement", kw.span);
  return s;
}

StmtPtr Parser::parse_import() {
  const Token& kw = advance();
  auto s = std::make_unique<Import>(kw.span);
  do {
    ImportAlias a;
    a.span = peek().span;
    a.name = expect(Tok::Name, "module name").text;
    while (accept(Tok::Dot)) a.name += "." + expect(Tok::Name, "module name").text;
    if (accept(Tok::KwAs)) a.asname = expect(Tok::Name, "name").text;
    a.span = Span::cover(a.span, previous().span);
    s->names.push_back(std::move(a));
  } while (accept(Tok::Comma));
  s->span = Span::cover(kw.span, previous().span);
  return s;
}

StmtPtr Parser::parse_from_import() {
  const Token& kw = advance();
  auto s = std::make_unique<ImportFrom>(kw.span);
  while (at(Tok::Dot) || at(Tok::Ellipsis)) s->module += advance().text;
  if (at(Tok::Name)) {
    s->module += advance().text;
    while (accept(Tok::Dot)) s->module += "." + expect(Tok::Name, "module name").text;
  }
  if (!accept(Tok::KwImport)) fail_here("invalid syntax");
  bool paren = accept(Tok::LParen);
  do {
    if (paren && at(Tok::RParen)) break;
    ImportAlias a;
    a.span = peek().span;
    if (accept(Tok::Star)) {
      a.name = "*";
    } else {
      a.name = expect(Tok::Name, "name").text;
      if (accept(Tok::KwAs)) a.asname = expect(Tok::Name, "name").text;
    }
    a.span = Span::cover(a.span, previous().span);
    s->names.push_back(std::move(a));
  } while (accept(Tok::Comma));
  // Imported names are not expressions: no comma hint, as CPython.
  if (paren && !accept(Tok::RParen)) fail_here("invalid syntax");
  s->span = Span::cover(kw.span, previous().span);
  return s;
}

// Note [An unclosed bracket and the parser's error]
// CPython's parser pulls tokens one at a time, so in `def f(:` it fails at
// the colon ("invalid syntax") long before its tokenizer reaches the end and
// finds the `(` still open. Only then does it look further: after a parser
// error it tokenizes the rest of the file, and reports "'(' was never
// closed" instead when the bracket was opened on a line before the one the
// parser failed on (pegen_errors.c, _PyPegen_tokenize_full_source_to_check_
// for_errors), or when the parser itself ran into the end of the input.
// Our lexer runs to the end first; so it hands the open bracket over instead
// of failing, and the parser's failure point decides between the two. Other
// tokenizer errors still win outright, as CPython's do over a parser error.
namespace {
bool unclosed_bracket_wins(const ParseFailure& f, const Diagnostic& unclosed) {
  return f.reached_end || f.reached_line > unclosed.span.line;
}
}  // namespace

Result<std::unique_ptr<Module>> parse_module(uint32_t file) {
  std::optional<Diagnostic> unclosed;
  auto toks = tokenize(file, &unclosed);
  if (!toks.ok()) return toks.error();
  try {
    Parser p(file, std::move(toks.value()));
    auto module = p.parse_module();
    // Tokens with a bracket never closed cannot form a module; kept so that
    // a grammar that one day accepts them still reports the bracket.
    if (unclosed) return *unclosed;
    return module;
  } catch (ParseFailure& f) {
    if (unclosed && unclosed_bracket_wins(f, *unclosed)) return *unclosed;
    return f.diag;
  }
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string out = fmt::format("  File \"{}\", line {}, col {}\n", file_name_of(d.span), d.span.line, d.span.col);
  // Python marks syntax errors with one caret (or a run of them under a
  // token); keep the whole first line of the span.
  Span s = d.span;
  if (s.end_line != s.line) s.end_col = s.col + 1;
  out += format_caret(s, 4);
  out += d.type + ": " + d.message + "\n";
  return out;
}

}  // namespace backstep::lang

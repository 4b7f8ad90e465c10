// Definitions: decorators, `def`, `class`, parameter lists, and the
// qualified names CPython gives functions and classes.
#include "engine/lang/parser_internal.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::lang {

std::string Parser::qualify(const std::string& name, bool can_be_global) const {
  const QualFrame& f = qual_frames_.back();
  // `global g` then `def g` in a function: CPython names it plain "g".
  if (can_be_global && std::find(f.globals.begin(), f.globals.end(), name) != f.globals.end()) return name;
  return f.prefix + name;
}

// A lambda inside a comprehension's element is parsed before the parser
// knows it is in a comprehension (`[lambda: i for i in r]`); once the `for`
// shows up, the qualnames made since `mark` move into the comprehension:
// "f.<locals>.<lambda>" becomes "f.<locals>.<listcomp>.<lambda>".
void Parser::requalify_since(size_t mark, size_t end, const char* comp_name) {
  const std::string& prefix = qual_frames_.back().prefix;
  for (size_t i = mark; i < end && i < qualnames_.size(); ++i) {
    std::string& q = *qualnames_[i];
    if (q.compare(0, prefix.size(), prefix) == 0) q.insert(prefix.size(), std::string(comp_name) + ".");
  }
}

void Parser::parse_decorated(StmtList& out) {
  ExprList decorators;
  while (accept(Tok::At)) {
    decorators.push_back(parse_named_expression());
    expect(Tok::Newline, "NEWLINE");
    while (at(Tok::Newline)) advance();
  }
  if (at(Tok::KwDef)) {
    out.push_back(parse_def(std::move(decorators)));
  } else if (at(Tok::KwClass)) {
    out.push_back(parse_class(std::move(decorators)));
  } else if (at(Tok::KwAsync)) {
    fail(peek().span, "async code is not supported by backstep");
  } else {
    fail_here("invalid syntax");  // CPython: `@d` then `x = 1`
  }
}

StmtPtr Parser::parse_def(ExprList decorators) {
  const Token& kw = advance();
  const Token& name = expect(Tok::Name, "function name");
  expect(Tok::LParen, "'('");
  auto code = parse_parameters(name.text, Tok::RParen);
  expect(Tok::RParen, "')'");
  if (accept(Tok::Arrow)) code->returns = parse_expression();
  code->span = Span::cover(kw.span, name.span);
  auto def = std::make_unique<FunctionDef>(code->span, code);
  def->decorators = std::move(decorators);
  push_qual(code->qualname + ".<locals>.");
  code->body = parse_block("function definition", kw.span);
  pop_qual();
  return def;
}

StmtPtr Parser::parse_class(ExprList decorators) {
  const Token& kw = advance();
  const Token& name = expect(Tok::Name, "class name");
  auto c = std::make_unique<ClassDef>(kw.span);
  c->name = name.text;
  c->name_span = name.span;
  c->qualname = qualify(name.text, true);
  register_qualname(&c->qualname);
  c->decorators = std::move(decorators);
  if (accept(Tok::LParen)) {
    parse_arguments(c->bases, c->keywords, true);
    expect(Tok::RParen, "')'");
  }
  c->span = Span::cover(kw.span, previous().span);
  // Methods are "C.m", not "C.<locals>.m": a class body is a namespace.
  push_qual(c->qualname + ".");
  c->body = parse_block("class definition", kw.span);
  pop_qual();
  c->has_annotations = has_annotated_assignment(c->body);
  return c;
}

std::shared_ptr<FunctionCode> Parser::parse_parameters(std::string name, Tok closing) {
  auto code = std::make_shared<FunctionCode>();
  code->name = name;
  code->qualname = qualify(name, closing == Tok::RParen);
  register_qualname(&code->qualname);
  bool kw_only = false;
  bool seen_default = false;
  while (!at(closing)) {
    Param p;
    p.span = peek().span;
    if (accept(Tok::Slash)) {  // positional-only marker: accepted, no effect here
      if (!accept(Tok::Comma)) break;
      continue;
    }
    if (accept(Tok::DoubleStar)) {
      p.kind = Param::Kind::KwArgs;
    } else if (accept(Tok::Star)) {
      kw_only = true;
      if (at(Tok::Comma) || at(closing)) {  // bare `*`
        if (!accept(Tok::Comma)) break;
        continue;
      }
      p.kind = Param::Kind::VarArgs;
    } else {
      p.kind = kw_only ? Param::Kind::KwOnly : Param::Kind::Positional;
    }
    p.name = expect(Tok::Name, "parameter name").text;
    for (const auto& other : code->params)
      if (other.name == p.name) fail(p.span, fmt::format("duplicate argument '{}' in function definition", p.name));
    if (closing == Tok::RParen && accept(Tok::Colon)) p.annotation = parse_expression();
    if (accept(Tok::Assign)) {
      p.default_value = parse_expression();
      if (p.kind == Param::Kind::Positional) seen_default = true;
    } else if (p.kind == Param::Kind::Positional && seen_default) {
      fail(p.span, "non-default argument follows default argument");
    }
    code->params.push_back(std::move(p));
    if (code->params.back().kind == Param::Kind::KwArgs) {
      accept(Tok::Comma);
      break;
    }
    // `def f(a b)`, `lambda a b: 0`: a bare parameter name is not an
    // expression, so CPython has no comma hint here (it has one after an
    // annotation or a default: `b=1 2`).
    const Param& last = code->params.back();
    if (!at(Tok::Comma) && !at(closing) && !last.annotation && !last.default_value) fail_here("invalid syntax");
    if (!accept(Tok::Comma)) break;
  }
  return code;
}

bool has_annotated_assignment(const StmtList& body) {
  for (const auto& st : body) {
    switch (st->kind) {
      case StmtKind::AnnAssign: return true;
      case StmtKind::If: {
        const auto& s = static_cast<const If&>(*st);
        if (has_annotated_assignment(s.body) || has_annotated_assignment(s.orelse)) return true;
        break;
      }
      case StmtKind::For: {
        const auto& s = static_cast<const For&>(*st);
        if (has_annotated_assignment(s.body) || has_annotated_assignment(s.orelse)) return true;
        break;
      }
      case StmtKind::While: {
        const auto& s = static_cast<const While&>(*st);
        if (has_annotated_assignment(s.body) || has_annotated_assignment(s.orelse)) return true;
        break;
      }
      case StmtKind::With:
        if (has_annotated_assignment(static_cast<const With&>(*st).body)) return true;
        break;
      case StmtKind::Try: {
        const auto& s = static_cast<const Try&>(*st);
        for (const auto& h : s.handlers)
          if (has_annotated_assignment(h.body)) return true;
        if (has_annotated_assignment(s.body) || has_annotated_assignment(s.orelse) ||
            has_annotated_assignment(s.finalbody))
          return true;
        break;
      }
      default: break;
    }
  }
  return false;
}

}  // namespace backstep::lang

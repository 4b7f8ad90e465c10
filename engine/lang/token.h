// Tokens of the Python subset, as the lexer produces them.
#pragma once

#include "engine/lang/source.h"

#include <string>

namespace backstep::lang {

enum class Tok : uint8_t {
  // structure
  Newline,
  Indent,
  Dedent,
  End,
  // atoms
  Name,
  Int,
  Float,
  Imaginary,
  String,  // one literal; adjacent literals are joined by the parser
  // keywords
  KwFalse, KwNone, KwTrue, KwAnd, KwAs, KwAssert, KwAsync, KwAwait, KwBreak, KwClass,
  KwContinue, KwDef, KwDel, KwElif, KwElse, KwExcept, KwFinally, KwFor, KwFrom, KwGlobal,
  KwIf, KwImport, KwIn, KwIs, KwLambda, KwNonlocal, KwNot, KwOr, KwPass, KwRaise,
  KwReturn, KwTry, KwWhile, KwWith, KwYield,
  // operators and delimiters
  LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  Comma, Colon, Semicolon, Dot, Ellipsis, Arrow, At, Assign, Walrus,
  Plus, Minus, Star, DoubleStar, Slash, DoubleSlash, Percent,
  Amp, Pipe, Caret, Tilde, LShift, RShift,
  Eq, Ne, Lt, Le, Gt, Ge,
  PlusEq, MinusEq, StarEq, SlashEq, DoubleSlashEq, PercentEq, AtEq,
  AmpEq, PipeEq, CaretEq, LShiftEq, RShiftEq, DoubleStarEq,
};



struct Token {
  Tok kind;
  Span span;
  std::string text;  // names: the name; numbers: the literal; strings: the decoded value
  // String literals: f-string bodies are kept raw (decoded later by the
  // parser, which needs the positions of the {expressions}).
  bool is_fstring = false;
  bool is_bytes = false;
  uint32_t body_offset = 0;  // column offset of the string body from span.col (after prefix and quote)
};

}  // namespace backstep::lang

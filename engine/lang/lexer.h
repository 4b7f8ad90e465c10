// The scanner: source text to tokens, with Python's indentation rules
// (INDENT/DEDENT), implicit line joining inside brackets and explicit
// joining with a backslash.
#pragma once

#include "engine/lang/diagnostic.h"
#include "engine/lang/token.h"

#include <optional>
#include <vector>

namespace backstep::lang {

// Tokenizes a whole registered source. `file` is its SourceRegistry index.
// A bracket still open at the end is an error, unless `unclosed` is given:
// then the tokens end there (no NEWLINE) and `*unclosed` holds the error, for
// the parser to weigh against its own (Note [An unclosed bracket and the
// parser's error], parse_stmt.cpp).
Result<std::vector<Token>> tokenize(uint32_t file, std::optional<Diagnostic>* unclosed = nullptr);

// Tokenizes a piece of text that sits inside a source at (line, col) — the
// expressions inside f-string replacement fields — without INDENT/NEWLINE.
Result<std::vector<Token>> tokenize_fragment(uint32_t file, std::string_view text, uint32_t line, uint32_t col);

// Decodes the escape sequences of a (non-raw) string literal body.
// Returns false and sets `error` on a malformed escape.
bool decode_string_escapes(std::string_view body, std::string& out, std::string& error);

}  // namespace backstep::lang

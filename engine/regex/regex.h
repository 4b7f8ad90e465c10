// backstep::regex — Python 3.11's `re` for str patterns, as a standalone
// C++ library (standard library only) for the interpreter's `re` module.
//
//   Pattern::compile(pattern_utf8, flags)  re.compile; throws regex::Error
//   Text(subject_utf8)                     a str decoded once for matching
//   pattern->match / fullmatch / search    -> std::optional<Match>
//   Scanner(*pattern, text).next()         finditer
//   findall / split / sub / escape         operations.h
//   ReplacementTemplate                    Match.expand and sub templates
//
// Positions are code-point indices; strings go in and come out as UTF-8.
#pragma once

#include "engine/regex/error.h"
#include "engine/regex/flags.h"
#include "engine/regex/operations.h"
#include "engine/regex/pattern.h"
#include "engine/regex/replacement.h"
#include "engine/regex/text.h"

// Text for the debugger's commands: gradient summaries, source positions,
// node lines. Deterministic (no addresses, no times unless asked), so that
// command-file transcripts can be compared in tests.
#pragma once

#include "engine/debug/debugger.h"

#include <string>

namespace backstep::repl {

// "f32[3, 4]  norm 3.464  min 1  max 1", with "  NaN 2" / "  Inf 1" when
// present; "None" for an undefined gradient.
std::string summary_text(const debug::Summary& s);
// "prog.py:12  y = x * w" (the source line, trimmed); "" for no position.
std::string position_text(const lang::Span& span);
// Up to `context` lines either side of the span's line, numbered, with an
// arrow on it.
std::string listing(const lang::Span& span, int context);
// A short number: 4 significant digits, as %g.
std::string number_text(double v);

}  // namespace backstep::repl

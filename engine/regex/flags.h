// The flags of Python's `re` module, with the values Python gives them, so
// that `re.I | re.M` computed by a script can be passed straight through.
#pragma once

namespace backstep::regex {

enum Flag : int {
  kTemplate = 1,     // re.T (deprecated; accepted and otherwise ignored)
  kIgnoreCase = 2,   // re.I
  kLocale = 4,       // re.L (bytes patterns only; rejected for str)
  kMultiline = 8,    // re.M
  kDotAll = 16,      // re.S
  kUnicode = 32,     // re.U (the default for str patterns)
  kVerbose = 64,     // re.X
  kDebug = 128,      // re.DEBUG (the dump is not implemented)
  kAscii = 256,      // re.A
};

// Flags that choose the character model; a scoped (?a:...) replaces them.
constexpr int kTypeFlags = kAscii | kLocale | kUnicode;
// Flags that can only be given for the whole pattern.
constexpr int kGlobalFlags = kDebug | kTemplate;

}  // namespace backstep::regex

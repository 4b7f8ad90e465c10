// "Did you mean" for an uncaught AttributeError, as CPython 3.11 prints it
// after the message: `AttributeError: 'MeanBackward0' object has no attribute
// '_saved_self_sizes'. Did you mean: '_saved_self_sym_sizes'?`. The hint is
// part of the printed traceback only, never of str(e).
#pragma once

#include "engine/runtime/value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::rt {

class Interpreter;
class ExceptionObject;
struct Frame;

// NameError "name 'x' is not defined", carrying the names CPython 3.11
// searches for its hint.
[[noreturn]] void raise_undefined_name(Interpreter& in, const std::string& id, const Frame& f);

// The candidate closest to `wrong` by CPython's rule: an edit distance where a
// change of letter case costs 1 and any other insertion, deletion or
// substitution 2, accepted when within a third of the two names' lengths
// (plus one); ties go to the first candidate in sorted order, as dir() lists
// them (sort=false: in the order given, as CPython's NameError hint). None
// when there are 750 candidates or more (CPython's cap), or none is close
// enough.
std::optional<std::string> closest_name(std::string_view wrong, std::vector<std::string> candidates,
                                        bool sort = true);

// ". Did you mean: 'x'?" for an AttributeError raised by a failed attribute
// lookup (one that recorded its object and name), or a NameError raised by
// raise_undefined_name, else "".
std::string attribute_suggestion(Interpreter& in, const ExceptionObject& exc);

}  // namespace backstep::rt

// libFuzzer target: the language front end alone (no libtorch). Each input
// is a program's text: it is tokenized, parsed, resolved, its tree dumped,
// and a syntax error formatted with its caret -- everything the front end
// does before the interpreter sees a tree. Any crash, sanitizer report,
// escaped exception or input that takes longer than -timeout is a bug: bad
// source must always end as a Diagnostic (docs/fuzzing.md).
#include "engine/lang/ast_dump.h"
#include "engine/lang/parser.h"
#include "engine/lang/resolver.h"
#include "engine/lang/source.h"
#include "tests/fuzz/big_stack.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace lang = backstep::lang;

namespace {

void front_end(std::string text) {
  uint32_t file = lang::SourceRegistry::instance().add("<fuzz>.py", std::move(text));
  auto parsed = lang::parse_module(file);
  if (!parsed.ok()) {
    (void)lang::format_diagnostic(parsed.error());
    return;
  }
  lang::GlobalNames globals;
  auto resolved = lang::resolve(*parsed.value(), globals);
  if (!resolved.ok()) {
    (void)lang::format_diagnostic(resolved.error());
    return;
  }
  (void)lang::dump(*parsed.value());
}

}  // namespace

// On a big stack: big_stack.h, Note [stack under ASan].
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  backstep::fuzz::run_on_big_stack([&] { front_end(std::move(text)); });
  return 0;
}

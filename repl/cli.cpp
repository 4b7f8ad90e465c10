#include "repl/cli.h"

#include "repl/version.h"

#include <CLI/CLI.hpp>
#include <cstdio>

namespace backstep::repl {
namespace {

// One line per form, for usage errors (the full text is --help's).
const char* const kUsage =
    "usage: backstep [--help] [--version] [FILE]\n"
    "       backstep run FILE\n";

const char* const kExitStatuses =
    "Exit status: 0 ok, 1 the program raised, 2 usage error, 3 FILE cannot be read,\n"
    "130 interrupted (Ctrl-C).";

void add_run_command(CLI::App& app, Invocation& inv) {
  CLI::App* run = app.add_subcommand("run", "Run a program (the same as `backstep FILE`)");
  run->add_option("FILE", inv.file, "The program")->required()->type_name("");
  run->footer(kExitStatuses);
  run->callback([&inv] { inv.action = Invocation::Action::Run; });
}

void describe(CLI::App& app) {
  app.footer(std::string("Without FILE, backstep starts an interactive shell (:help lists its "
                         "commands).\n") + kExitStatuses);
  app.set_version_flag("--version", version_string(), "Print the version and exit");
  app.require_subcommand(0, 1);
}

}  // namespace

std::optional<int> parse_command_line(int argc, char** argv, Invocation& inv) {
  CLI::App app("backstep: an interactive REPL and debugger for PyTorch autograd graphs",
               "backstep");
  describe(app);
  std::string file;
  app.add_option("FILE", file, "A program to run")->type_name("");
  add_run_command(app, inv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "%sbackstep: error: %s\n", kUsage, e.what());
    return kExitUsage;
  }
  if (!file.empty()) {
    inv.action = Invocation::Action::Run;
    inv.file = file;
  }
  return std::nullopt;
}

}  // namespace backstep::repl

#include "repl/cli.h"

#include "repl/version.h"

#include <CLI/CLI.hpp>
#include <cstdio>

namespace backstep::repl {
namespace {

// One line per form, for usage errors (the full text is --help's).
const char* const kUsage =
    "usage: backstep [--help] [--version] [FILE]\n"
    "       backstep run FILE [--log-backward [LOGFILE]]\n"
    "       backstep debug FILE [-x CMDFILE] [--break SPEC]...\n";

const char* const kExitStatuses =
    "Exit status: 0 ok, 1 the program raised, 2 usage error, 3 FILE cannot be read,\n"
    "130 interrupted (Ctrl-C).";

void add_run_command(CLI::App& app, Invocation& inv) {
  CLI::App* run = app.add_subcommand("run", "Run a program (the same as `backstep FILE`)");
  run->add_option("FILE", inv.file, "The program")->required()->type_name("");
  auto* log = run->add_option("--log-backward", "Log every backward node as it runs (to LOGFILE, or stderr)")
                  ->expected(0, 1)
                  ->type_name("[LOGFILE]");
  run->footer(kExitStatuses);
  run->callback([&inv, log] {
    inv.action = Invocation::Action::Run;
    if (log->count() > 0) {
      std::string target = log->results().empty() ? std::string() : log->results().front();
      inv.log_backward = target.empty() ? std::string("-") : target;
    }
  });
}

void add_debug_command(CLI::App& app, Invocation& inv) {
  CLI::App* debug = app.add_subcommand("debug", "Run a program under the debugger");
  debug->add_option("FILE", inv.debug.file, "The program")->required()->type_name("");
  debug->add_option("-x", inv.debug.command_file, "Read the debugger's commands from CMDFILE")->type_name("CMDFILE");
  debug->add_option("--break", inv.debug.breakpoints, "Set a breakpoint (MulBackward0, #ID, FILE:LINE, LINE, nan, inf)")
      ->type_name("SPEC");
  debug->footer(kExitStatuses);
  debug->callback([&inv] { inv.action = Invocation::Action::Debug; });
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
  add_debug_command(app, inv);
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

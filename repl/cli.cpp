#include "repl/cli.h"

#include "repl/version.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>

namespace backstep::repl {
namespace {

// One line per form, for usage errors (the full text is --help's).
const char* const kUsage =
    "usage: backstep [--help] [--version] [FILE [RUN OPTIONS]]\n"
    "       backstep run FILE [--trace OUT.json [--trace-mode full|summary]] [--graph-json OUT.json]\n"
    "                         [--render-dir DIR]\n"
    "                         [--format svg|png|pdf|html] [--log-backward [LOGFILE]]\n"
    "                         [--json-errors] [--timeout SECONDS] [-W ARG]...\n"
    "       backstep debug FILE [-x CMDFILE] [--break SPEC]...\n"
    "       backstep render FILE -o OUT [--var NAME]... [--saved] [--grads] [--depth N]\n"
    "                         [--around #ID] [--radius R] [--rankdir LR]\n";

const char* const kExitStatuses =
    "Exit status: 0 ok, 1 the program raised, 2 usage error, 3 a file cannot be read or\n"
    "written, 124 --timeout ran out, 130 interrupted (Ctrl-C).";

// The options of `run`; `backstep FILE` takes them too.
void add_run_options(CLI::App& app, RunOptions& o, CLI::Option** log) {
  *log = app.add_option("--log-backward", "Log every backward node as it runs (to LOGFILE, or stderr)")
             ->expected(0, 1)
             ->type_name("[LOGFILE]");
  app.add_option("--trace", o.trace, "Write a trace of every backward (backstep.trace/v1 JSON)")->type_name("OUT.json");
  app.add_option("--trace-mode", o.trace_mode, "What --trace records: every node (full) or one line per optimizer step (summary)")
      ->check(CLI::IsMember({"full", "summary"}));
  app.add_option("--graph-json", o.graph_json, "Write the graph of every backward (backstep.graph/v1 JSON)")
      ->type_name("OUT.json");
  app.add_option("--render-dir", o.render_dir, "Draw every backward's graph into DIR (backward-001.svg, ...)")
      ->type_name("DIR");
  app.add_option("--format", o.format, "Picture format for --render-dir")
      ->check(CLI::IsMember({"svg", "png", "pdf", "html", "dot"}));
  app.add_flag("--json-errors", o.json_errors, "Print an uncaught error as one JSON object on stderr");
  app.add_option("-W", o.warnoptions, "Warning control, as python -W (error, ignore, default::DeprecationWarning, ...)")
      ->type_name("ARG")
      ->allow_extra_args(false);
  app.add_option("--timeout", o.timeout, "Stop the program after SECONDS")
      ->type_name("SECONDS")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            char* end = nullptr;
            double v = std::strtod(text.c_str(), &end);
            if (text.empty() || *end != '\0' || !(v > 0))
              return "takes a number of seconds greater than 0, not '" + text + "'";
            return "";
          },
          "SECONDS"));
}

void take_log_option(CLI::Option* log, RunOptions& o) {
  if (log->count() == 0) return;
  std::string target = log->results().empty() ? std::string() : log->results().front();
  o.log_backward = target.empty() ? std::string("-") : target;
}

void add_run_command(CLI::App& app, Invocation& inv) {
  CLI::App* run = app.add_subcommand("run", "Run a program (the same as `backstep FILE`)");
  run->add_option("FILE", inv.file, "The program")->required()->type_name("");
  CLI::Option* log = nullptr;
  add_run_options(*run, inv.run, &log);
  run->footer(kExitStatuses);
  run->callback([&inv, log] {
    inv.action = Invocation::Action::Run;
    take_log_option(log, inv.run);
  });
}

void add_render_command(CLI::App& app, Invocation& inv) {
  CLI::App* render = app.add_subcommand("render", "Run a program, then draw the graph of its variables");
  render->add_option("FILE", inv.render.file, "The program")->required()->type_name("");
  render->add_option("-o", inv.render.output, "The picture (.svg .png .pdf .dot .json .html)")->required()->type_name("OUT");
  render->add_option("--var", inv.render.vars, "A variable to draw (default: the roots of the last backward)")
      ->type_name("NAME");
  render->allow_extras();  // the drawing options go to the renderer's own parser
  render->footer(kExitStatuses);
  render->callback([&inv, render] {
    inv.action = Invocation::Action::Render;
    inv.render.flags = render->remaining();
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
  // A function: the CUDA line loads libtorch_cuda to see whether it loads.
  app.set_version_flag("--version", std::function<std::string()>(version_report), "Print the version and exit");
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
  add_render_command(app, inv);
  CLI::Option* top_log = nullptr;
  add_run_options(app, inv.run, &top_log);
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
    take_log_option(top_log, inv.run);
  }
  return std::nullopt;
}

}  // namespace backstep::repl

#include "repl/cli.h"

#include "repl/cli_errors.h"
#include "repl/version.h"
#include "viz/render_options.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace backstep::repl {
namespace {

// One line per form, for usage errors (the full text is --help's).
const char* const kUsage =
    "usage: backstep [--help] [--version] [FILE [RUN OPTIONS]]\n"
    "       backstep run FILE [--trace OUT.json [--trace-mode full|summary]] [--graph-json OUT.json]\n"
    "                         [--report OUT.html] [--render-dir DIR] [--format svg|png|pdf|html|dot] [--log-backward [LOGFILE]]\n"
    "                         [--json-errors] [--timeout SECONDS] [-W ARG]...\n"
    "       backstep debug FILE [-x CMDFILE] [--break SPEC]...\n"
    "       backstep render FILE -o OUT [--var NAME]... [--saved[=all]] [--grads] [--depth N]\n"
    "                         [--around #ID] [--radius R] [--rankdir LR] [...]\n"
    "       backstep help [run|debug|render]\n";

// The statuses each command can end with: `debug` and `render` have no
// --timeout, so no 124.
const char* const kRunExitStatuses =
    "Exit status: 0 ok, 1 the program raised, 2 usage error, 3 a file cannot be read or\n"
    "written, 124 --timeout ran out, 130 interrupted (Ctrl-C), N sys.exit(N).";
const char* const kOtherExitStatuses =
    "Exit status: 0 ok, 1 the program raised, 2 usage error, 3 a file cannot be read or\n"
    "written, 130 interrupted (Ctrl-C), N sys.exit(N).";

// A validator whose name stays out of the help (CLI11 would otherwise
// print "SECONDS:SECONDS" or "TEXT:{svg,png,...}"); `option_text` gives
// each option the metavar a person reads.
CLI::Validator quiet_check(std::function<std::string(std::string&)> check) {
  return CLI::Validator(std::move(check), "");
}

CLI::Validator one_of(std::vector<std::string> choices, std::string what) {
  return quiet_check([choices, what](std::string& text) -> std::string {
    for (const auto& c : choices)
      if (c == text) return "";
    std::string list;
    for (size_t i = 0; i < choices.size(); ++i)
      list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    return what + " takes " + list + ", not '" + text + "'";
  });
}

// The options of `run`; `backstep FILE` takes them too.
void add_run_options(CLI::App& app, RunOptions& o, CLI::Option** log) {
  *log = app.add_option("--log-backward", "Log every backward node as it runs, to LOGFILE or (without it) stderr")
             ->expected(0, 1)
             ->option_text("[LOGFILE]");
  app.add_option("--trace", o.trace, "Write a trace of every backward, node by node (backstep.trace/v1 JSON)")
      ->option_text("OUT.json");
  app.add_option("--trace-mode", o.trace_mode,
                 "What --trace records: every node (full, the default) or one line per optimizer step (summary)")
      ->option_text("MODE")
      ->check(one_of({"full", "summary"}, "--trace-mode"));
  app.add_option("--graph-json", o.graph_json, "Write the graph of every backward (backstep.graphs/v1 JSON)")
      ->option_text("OUT.json");
  app.add_option("--report", o.report,
                 "Write a training report: loss, per-layer gradient norms and updates over the steps, with graphs "
                 "(self-contained HTML)")
      ->option_text("OUT.html");
  app.add_option("--render-dir", o.render_dir,
                 "Draw every backward's graph into DIR (backward-001.svg, ...); missing folders are made")
      ->option_text("DIR");
  app.add_option("--format", o.format, "Picture format for --render-dir: svg (default), png, pdf, html or dot")
      ->option_text("FORMAT")
      ->check(one_of({"svg", "png", "pdf", "html", "dot"}, "--format"));
  app.add_flag("--json-errors", o.json_errors,
               "Report an uncaught error, a usage error or a file error as one JSON object on stderr");
  app.add_option("-W", o.warnoptions, "Warning control, as python -W (error, ignore, default::DeprecationWarning, ...)")
      ->option_text("ARG")
      ->allow_extra_args(false);
  app.add_option("--timeout", o.timeout, "Stop the program after SECONDS (exit status 124)")
      ->option_text("SECONDS")
      ->check(quiet_check([](std::string& text) -> std::string {
        char* end = nullptr;
        double v = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !(v > 0))
          return "--timeout takes a number of seconds greater than 0, not '" + text + "'";
        return "";
      }));
}

void take_log_option(CLI::Option* log, RunOptions& o) {
  if (log->count() == 0) return;
  std::string target = log->results().empty() ? std::string() : log->results().front();
  o.log_backward = target.empty() ? std::string("-") : target;
}

void add_run_command(CLI::App& app, Invocation& inv) {
  CLI::App* run = app.add_subcommand("run", "Run a program (the same as `backstep FILE`)");
  run->add_option("FILE", inv.file, "The program to run")->required()->type_name("");
  CLI::Option* log = nullptr;
  add_run_options(*run, inv.run, &log);
  run->footer(kRunExitStatuses);
  run->callback([&inv, log] {
    inv.action = Invocation::Action::Run;
    take_log_option(log, inv.run);
  });
}

// The drawing options are declared here one by one, so --help lists them,
// and handed back as words to viz::parse_render_flags, the one parser that
// `:render` in the shell shares.
struct RenderOptionValues {
  std::vector<std::pair<std::string, CLI::Option*>> options;  // flag, its option
  std::vector<std::string> values;  // storage, one per option
};

void add_render_command(CLI::App& app, Invocation& inv) {
  CLI::App* render = app.add_subcommand("render", "Run a program, then draw the graph of its last backward");
  render->add_option("FILE", inv.render.file, "The program to run")->required()->type_name("");
  render->add_option("-o,--output", inv.render.output,
                     "The picture to write; its extension says the format (.svg .png .pdf .dot .json .html .txt)")
      ->required()
      ->option_text("OUT");
  render->add_option("--var", inv.render.vars, "Draw the graph of this variable instead of the last backward (repeatable)")
      ->option_text("NAME")
      ->allow_extra_args(false);
  auto values = std::make_shared<RenderOptionValues>();
  const auto& specs = viz::render_flag_specs();
  values->values.resize(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    const viz::RenderFlagSpec& spec = specs[i];
    CLI::Option* opt;
    if (*spec.metavar == '\0' || *spec.metavar == '[') {
      opt = render->add_flag(spec.flag, values->values[i], spec.help);
      if (*spec.metavar) opt->option_text(spec.metavar);
    } else {
      opt = render->add_option(spec.flag, values->values[i], spec.help)->option_text(spec.metavar);
    }
    values->options.emplace_back(spec.flag, opt);
  }
  render->footer(kOtherExitStatuses);
  render->callback([&inv, values] {
    inv.action = Invocation::Action::Render;
    for (size_t i = 0; i < values->options.size(); ++i) {
      const auto& [flag, opt] = values->options[i];
      if (opt->count() == 0) continue;
      const std::string& v = values->values[i];
      if (opt->get_expected_min() == 0) {  // a flag: "true", or its attached value (--saved=all)
        inv.render.flags.push_back(v == "true" ? flag : flag + "=" + v);
      } else {
        inv.render.flags.push_back(flag);
        inv.render.flags.push_back(v);
      }
    }
  });
}

void add_debug_command(CLI::App& app, Invocation& inv) {
  CLI::App* debug = app.add_subcommand("debug", "Run a program under the debugger");
  debug->add_option("FILE", inv.debug.file, "The program to debug")->required()->type_name("");
  debug->add_option("-x", inv.debug.command_file, "Read the debugger's commands from CMDFILE (as gdb -x)")
      ->option_text("CMDFILE");
  debug->add_option("--break", inv.debug.breakpoints,
                    "Set a breakpoint before the program starts: MulBackward0, #ID, FILE:LINE, LINE, nan, inf, "
                    "module:PATH (repeatable)")
      ->option_text("SPEC")
      ->allow_extra_args(false);
  debug->footer(kOtherExitStatuses);
  debug->callback([&inv] { inv.action = Invocation::Action::Debug; });
}

// `backstep help [COMMAND]`: the same text as `backstep [COMMAND] --help`.
void add_help_command(CLI::App& app, std::string& topic) {
  CLI::App* help = app.add_subcommand("help", "Show this help, or a command's: backstep help render");
  help->add_option("COMMAND", topic, "run, debug or render")->type_name("");
}

void describe(CLI::App& app) {
  app.footer(std::string("Without FILE, backstep starts an interactive shell (:help lists its "
                         "commands).\n") + kRunExitStatuses);
  app.set_help_flag("-h,--help", "Print this help and exit");
  // A function: the CUDA line loads libtorch_cuda to see whether it loads.
  app.set_version_flag("--version", std::function<std::string()>(version_report), "Print the version and exit");
  app.require_subcommand(0, 1);
}

bool asks_for_json_errors(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--json-errors") == 0) return true;
  return false;
}

int print_help(CLI::App& app, const std::string& topic, bool json) {
  if (topic.empty()) {  // app.help() would show the `help` command's own help, the one parsed
    std::cout << app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal);
    return kExitOk;
  }
  CLI::App* sub = nullptr;
  try {
    sub = app.get_subcommand(topic);
  } catch (const CLI::OptionNotFound&) {
  }
  if (!sub) {
    report_cli_error(json, CliError::Usage, "no command '" + topic + "' (the commands are run, debug, render and help)",
                     kUsage);
    return kExitUsage;
  }
  std::cout << sub->help("backstep");
  return kExitOk;
}

}  // namespace

std::optional<int> parse_command_line(int argc, char** argv, Invocation& inv) {
  CLI::App app("backstep: an interactive REPL and debugger for PyTorch autograd graphs", "backstep");
  describe(app);
  std::string file, help_topic;
  app.add_option("FILE", file, "A program to run (as `backstep run FILE`)")->type_name("");
  add_run_command(app, inv);
  add_debug_command(app, inv);
  add_render_command(app, inv);
  add_help_command(app, help_topic);
  CLI::Option* top_log = nullptr;
  add_run_options(app, inv.run, &top_log);
  bool json = asks_for_json_errors(argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    report_cli_error(json, CliError::Usage, e.what(), kUsage);
    return kExitUsage;
  }
  if (app.got_subcommand("help")) return print_help(app, help_topic, json);
  if (!file.empty()) {
    inv.action = Invocation::Action::Run;
    inv.file = file;
    take_log_option(top_log, inv.run);
  }
  return std::nullopt;
}

}  // namespace backstep::repl

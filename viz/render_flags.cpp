// The flags `:render` and `backstep render` share, parsed in one place so
// the shell and the command line cannot drift apart.
#include "viz/render_options.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>

namespace backstep::viz {

namespace {

bool parse_int(std::string text, int& out, bool allow_hash) {
  if (allow_hash && !text.empty() && text[0] == '#') text.erase(0, 1);
  if (text.empty() || text.size() > 9) return false;
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  out = std::atoi(text.c_str());
  return true;
}

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
  return s;
}

}  // namespace

std::string parse_render_flags(const std::vector<std::string>& args, RenderRequest& request,
                               std::vector<std::string>* rest) {
  RenderOptions& o = request.options;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i], value;
    bool inline_value = false;
    if (flag.rfind("--", 0) == 0) {
      if (size_t eq = flag.find('='); eq != std::string::npos) {
        value = flag.substr(eq + 1);
        flag = flag.substr(0, eq);
        inline_value = true;
      }
    }
    auto take = [&](std::string& out) -> bool {
      if (inline_value) {
        out = value;
        return true;
      }
      if (i + 1 >= args.size()) return false;
      out = args[++i];
      return true;
    };
    auto missing = [&] { return flag + " needs a value"; };
    bool alone = flag == "--grads" || flag == "--no-fold" || flag == "--no-fit" || flag == "--no-legend";
    if (alone && inline_value) return flag + " takes no value, not '" + value + "'";
    if (flag == "-o" || flag == "--output") {
      if (!take(request.output)) return missing();
    } else if (flag == "--saved") {
      o.show_saved = true;
      if (inline_value && value != "all") return "--saved takes no value or =all, not '" + value + "'";
      o.show_internal_saved = inline_value;
    } else if (flag == "--grads") {
      o.show_grads = true;
    } else if (flag == "--no-fold") {
      o.fold_loops = false;
    } else if (flag == "--no-fit") {
      o.fit = false;
    } else if (flag == "--no-legend") {
      o.legend = false;
    } else if (flag == "--depth" || flag == "--radius" || flag == "--module-depth") {
      int n = 0;
      if (!take(value)) return missing();
      if (!parse_int(value, n, false)) return flag + " takes a number, not '" + value + "'";
      (flag == "--depth" ? o.depth : flag == "--radius" ? o.radius : o.module_depth) = n;
    } else if (flag == "--around") {
      int id = 0;
      if (!take(value)) return missing();
      if (!parse_int(value, id, true)) return "--around takes a node id like #12, not '" + value + "'";
      o.around = id;
    } else if (flag == "--rankdir") {
      if (!take(value)) return missing();
      value = upper(value);
      if (value != "TB" && value != "BT" && value != "LR" && value != "RL")
        return "--rankdir takes TB, BT, LR or RL, not '" + value + "'";
      o.rankdir = value;
    } else if (flag == "--layout") {
      if (!take(value)) return missing();
      if (value == "dot") o.layout = Layout::Dot;
      else if (value == "sfdp") o.layout = Layout::Sfdp;
      else if (value == "auto") o.layout = Layout::Auto;
      else return "--layout takes dot, sfdp or auto, not '" + value + "'";
    } else if (flag == "--title") {
      if (!take(o.title)) return missing();
    } else if (flag == "--format") {
      if (!take(value)) return missing();
      request.format = format_from_path("x." + value);
      if (!request.format) return "--format takes svg, png, pdf, dot, json, html or txt, not '" + value + "'";
    } else if (rest) {
      rest->push_back(args[i]);
    } else {
      return "unknown option '" + args[i] + "'";
    }
  }
  return "";
}

const std::vector<RenderFlagSpec>& render_flag_specs() {
  static const std::vector<RenderFlagSpec> specs = {
      {"--saved", "[=all]", "Show saved tensors (orange) and saved values; =all also libtorch's internal fields "
                            "(self_sym_sizes, mat2_layout, ...)"},
      {"--grads", "", "Colour nodes by the norm of the gradient they receive; mark where a NaN/Inf is born"},
      {"--depth", "N", "Draw script calls nested deeper than N as one box each"},
      {"--module-depth", "N", "Draw nn.Modules nested deeper than N as one box each"},
      {"--around", "#ID", "Draw only the neighbourhood of node #ID (see --radius)"},
      {"--radius", "R", "With --around: how many edges away from the node to draw (default 2)"},
      {"--rankdir", "DIRECTION", "Direction of the drawing: TB (default), BT, LR or RL"},
      {"--layout", "ENGINE", "Graphviz layout: dot, sfdp or auto (default: dot while fast, sfdp beyond)"},
      {"--no-fold", "", "Do not fold repeated loop iterations into one box"},
      {"--no-fit", "", "Draw everything asked for, however long Graphviz takes"},
      {"--no-legend", "", "Leave out the legend of colours and marks below the drawing"},
      {"--title", "CAPTION", "A caption (and the HTML page's title)"},
      {"--format", "FORMAT", "svg, png, pdf, dot, json, html or txt, when the file name does not say"},
  };
  return specs;
}

const char* render_flags_help() {
  static const std::string text = [] {
    std::string t = "  -o FILE               The output file; its extension says the format\n"
                    "                        (.svg .png .pdf .dot .json .html .txt)\n";
    for (const auto& spec : render_flag_specs()) {
      std::string head = std::string("  ") + spec.flag + (*spec.metavar == '[' ? "" : *spec.metavar ? " " : "") + spec.metavar;
      if (head.size() < 24) head.resize(24, ' ');
      else head += "\n" + std::string(24, ' ');
      t += head + spec.help + "\n";
    }
    return t;
  }();
  return text.c_str();
}

}  // namespace backstep::viz

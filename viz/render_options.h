// Options and results of backstep_viz's renderers, without libtorch (see
// render.h for the entry points that take a graph snapshot).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::viz {

enum class Format { Dot, Svg, Png, Pdf, Json, Text, Html };

// "dot", "svg", ... (also the file extension).
const char* to_string(Format format);
// The format a file name asks for by its extension (".gv" is DOT, ".htm" HTML).
std::optional<Format> format_from_path(std::string_view path);

enum class Layout { Auto, Dot, Sfdp };

// Reported while a render takes longer than a second: first after one
// second, then every half second, and once with `finished` when it ends.
// Called from a helper thread (never two calls at once), so a terminal can
// redraw a status line while Graphviz works.
struct ProgressEvent {
  std::string stage;  // "laying out 412 nodes with dot"
  double elapsed = 0; // seconds since the render started
  bool finished = false;
};
using ProgressCallback = std::function<void(const ProgressEvent&)>;

struct RenderOptions {
  bool show_saved = false;  // saved tensors as orange nodes, other saved values in the label
  // --saved=all: also the fields libtorch saves for its own bookkeeping
  // (self_sym_sizes, mat2_layout, ...), hidden otherwise (see saved_fields.h).
  bool show_internal_saved = false;
  bool show_grads = false;  // gradient norms as colour (needs annotations)
  int depth = -1;           // collapse script calls nested deeper than this (0: every call); -1: none
  // When nodes know the nn.Module calls that made them, clusters are those
  // modules (labelled "fc1: Linear (12 params)"), and modules nested deeper
  // than this collapse into one box each (0: every module); -1: none.
  int module_depth = -1;
  bool fold_loops = true;   // fold repeated loop bodies into one box marked ×K
  int loop_min_repeats = 3;
  std::optional<int> around;  // draw only the neighbourhood of this node id ...
  int radius = 2;             // ... up to this many edges away
  std::string rankdir = "TB"; // TB (torchviz's), BT, LR, RL
  Layout layout = Layout::Auto;
  // Fold further (calls, loops, then a cut-off) until the layout is fast.
  // Off: draw exactly what was asked, however long Graphviz takes.
  bool fit = true;
  std::string title;          // caption and HTML page title ("" none)
  bool legend = true;         // what each colour and mark means, below the drawing (--no-legend: none)
  // JSON on one line (a graphs file's record) instead of indented for reading.
  bool compact_json = false;
  ProgressCallback progress;
  // JSON only: called every 1024 nodes written, for a caller that must stay
  // interruptible (it throws; nothing is returned).
  std::function<void()> check;
};

// What a render drew, for a one-line summary ("10000 nodes as 14 boxes, dot").
struct RenderStats {
  size_t graph_nodes = 0;  // nodes in the snapshot
  size_t drawn = 0;        // boxes in the picture (nodes, folded boxes, tensors)
  std::string engine;      // "dot" or "sfdp" ("" for formats without layout)
  std::vector<std::string> folding;  // what was folded, in words
  double seconds = 0;
};

// "10,004 nodes as 10 boxes (dot, 0.03 s): 1 loop folded (×2,000)"
// — a line for the shell to print after a render.
std::string summary(const RenderStats& stats);

struct RenderResult {
  bool ok = false;
  std::string error;  // when !ok: what went wrong, as a sentence for the user
  std::string data;   // render(): the output bytes (SVG text, PNG bytes, ...)
  RenderStats stats;
  explicit operator bool() const { return ok; }
};

// ---- the text tree (`:graph EXPR`) -----------------------------------------

struct TextTreeOptions {
  size_t max_lines = 400;  // then "… N more nodes"
  int max_depth = 24;      // deeper subtrees continue in their own section (no runaway indent)
  bool color = false;      // ANSI colours for states, NaN/Inf and ids
  std::optional<int> around;
  int radius = 2;
};

// ---- flags shared by `:render` and `backstep render` ------------------------

struct RenderRequest {
  RenderOptions options;
  std::string output;  // -o FILE ("" when not given)
  std::optional<Format> format;  // --format, else from the output's extension
};

// Parses "-o FILE --saved --grads --depth N --module-depth N --around #ID --radius R
// --rankdir LR --layout dot|sfdp --no-fold --no-fit --title T" into `request`.
// Returns "" or an error message naming the bad flag. Arguments it does not
// know are returned in `rest` (the expression, --var NAME, ...).
std::string parse_render_flags(const std::vector<std::string>& args, RenderRequest& request,
                               std::vector<std::string>* rest = nullptr);
// One line per flag, for :help and --help.
const char* render_flags_help();

// The drawing flags one by one, for the command line's --help: the flag,
// what follows it ("" for a flag alone; "[=all]" when a value is optional
// and must be attached) and a sentence.
struct RenderFlagSpec {
  const char* flag;
  const char* metavar;
  const char* help;
};
const std::vector<RenderFlagSpec>& render_flag_specs();

}  // namespace backstep::viz

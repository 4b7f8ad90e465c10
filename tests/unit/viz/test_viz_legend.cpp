// Pictures say what they mean: the node where a NaN/Inf is born is marked
// apart from the nodes that only carry it, every colour and mark has a
// legend entry, the HTML page can be searched, and libtorch's internal
// saved fields stay out of the labels unless asked for (--saved=all).
#include "script_graphs.h"
#include "test_support.h"
#include "viz/render.h"
#include "viz/saved_fields.h"

#include <doctest/doctest.h>

namespace bv = backstep::viz;
namespace ba = backstep::autograd;
using namespace backstep::viz::testing;

namespace {

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t p = text.find(part); p != std::string::npos; p = text.find(part, p + part.size())) ++n;
  return n;
}

// The DOT statement of one node ("  n1 [...];").
std::string node_line(const std::string& dot, int id) {
  size_t start = dot.find("  n" + std::to_string(id) + " [");
  REQUIRE(start != std::string::npos);
  return dot.substr(start, dot.find(";\n", start) - start);
}

// small.py: loss = (a * b).sum(). Sum receives a finite gradient and passes
// it on; Mul receives it finite and produces NaN (where it is born); the
// leaves receive NaN (they carry it).
bv::Annotations nan_born_in_mul() {
  ba::TensorSummary fine;
  fine.meta = ba::TensorMeta{"float32", {3, 4}, true, ""};
  fine.norm = 0.5;
  ba::TensorSummary nan = fine;
  nan.nan = 2;
  bv::Annotations notes;
  notes[0].incoming = {fine};
  notes[0].produced = {fine};
  notes[1].incoming = {fine};
  notes[1].produced = {nan, nan};
  notes[2].incoming = {nan};
  notes[3].incoming = {nan};
  return notes;
}

}  // namespace

TEST_CASE("the node where a NaN is born is the only one marked as its origin") {
  ba::NodeIds ids;
  Built b = small(ids);
  bv::RenderOptions opt;
  opt.show_grads = true;
  std::string dot = rendered(b, bv::Format::Dot, opt, nan_born_in_mul());
  std::string mul = node_line(dot, 1);
  CHECK(has(mul, "NaN born here"));
  CHECK(has(mul, "shape=\"doubleoctagon\""));
  CHECK(has(mul, "color=\"#ff3b30\""));
  CHECK(!has(mul, "fillcolor=\"#ff3b30\""));  // what it received was finite
  CHECK(count(dot, "shape=\"doubleoctagon\"") == 1);
  CHECK(count(dot, "born here\\n") + count(dot, "born here\"") == 1);  // the label; the legend says it once more
  for (int carrier : {2, 3}) {
    std::string leaf = node_line(dot, carrier);
    CHECK(has(leaf, "fillcolor=\"#ff3b30\""));  // carries the NaN
    CHECK(!has(leaf, "born here"));
  }
  CHECK(!has(node_line(dot, 0), "born here"));
  // The legend tells the two apart.
  CHECK(has(dot, "NaN/Inf born here: finite gradients in, NaN/Inf out"));
  CHECK(has(dot, "receives a NaN/Inf gradient (carries it on)"));
}

TEST_CASE("the legend lists every colour and mark the picture uses, and only those") {
  ba::NodeIds ids;
  Built b = small(ids);
  std::string plain = rendered(b, bv::Format::Dot);
  CHECK(has(plain, "graph [label=<<TABLE"));
  CHECK(has(plain, "backward node: its type, #id and the line that created it"));
  CHECK(has(plain, "leaf tensor (AccumulateGrad)"));
  CHECK(has(plain, "output tensor"));
  CHECK(!has(plain, "norm of the gradient"));
  CHECK(!has(plain, "already ran"));
  CHECK(!has(plain, "born here"));

  bv::Annotations notes = nan_born_in_mul();
  notes[0].state = bv::ExecState::Done;
  notes[1].state = bv::ExecState::Current;
  notes[2].state = bv::ExecState::Pending;
  notes[3].breakpoint = true;
  bv::RenderOptions opt;
  opt.show_grads = true;
  std::string annotated = rendered(b, bv::Format::Dot, opt, notes);
  CHECK(has(annotated, "norm of the gradient a node receives, |g|=0.5"));  // the colour scale
  CHECK(has(annotated, "already ran in this backward"));                   // ✓, green border
  CHECK(has(annotated, "the node the debugger is paused at"));             // ▶
  CHECK(has(annotated, "will run in this backward"));                      // dashed
  CHECK(has(annotated, "a breakpoint matches it"));

  opt.legend = false;
  CHECK(!has(rendered(b, bv::Format::Dot, opt, notes), "<TABLE"));
}

TEST_CASE("the legend is a valid Graphviz label: the SVG shows it below the drawing") {
  ba::NodeIds ids;
  Built b = rnn(ids, 5, true);
  bv::RenderOptions opt;
  opt.title = "rnn & <cell>";
  std::string svg = rendered(b, bv::Format::Svg, opt);
  CHECK(has(svg, "rnn &amp; &lt;cell&gt;"));
  CHECK(has(svg, "repeated loop iterations, folded: the last one drawn"));
  CHECK(has(svg, "call of a function of the program"));
}

TEST_CASE("internal saved fields are hidden unless --saved=all") {
  CHECK(bv::is_internal_saved_field("self_sym_sizes"));
  CHECK(bv::is_internal_saved_field("mat2_sym_strides"));
  CHECK(bv::is_internal_saved_field("self_layout"));
  CHECK(bv::is_internal_saved_field("self_options"));
  CHECK(bv::is_internal_saved_field("self_scalar_type"));
  CHECK(!bv::is_internal_saved_field("self"));
  CHECK(!bv::is_internal_saved_field("mat2"));
  CHECK(!bv::is_internal_saved_field("dim"));
  CHECK(!bv::is_internal_saved_field("keepdim"));
  CHECK(!bv::is_internal_saved_field("result"));

  ba::NodeIds ids;
  Built b = small(ids);
  bv::RenderRequest req;
  REQUIRE(bv::parse_render_flags({"--saved"}, req) == "");
  std::string dot = rendered(b, bv::Format::Dot, req.options);
  CHECK(!has(dot, "self_sym_sizes"));
  CHECK(has(dot, "saved1_0 [label=\"other\\n(3, 4)\""));  // a saved tensor still shows
  std::string page = rendered(b, bv::Format::Html, req.options);
  CHECK(!has(page, "self_sym_sizes"));

  bv::RenderRequest all;
  REQUIRE(bv::parse_render_flags({"--saved=all"}, all) == "");
  CHECK(all.options.show_internal_saved);
  CHECK(has(rendered(b, bv::Format::Dot, all.options), "self_sym_sizes=(3, 4)"));
  CHECK(has(rendered(b, bv::Format::Json, req.options), "self_sym_sizes"));  // the data format keeps every field
  bv::RenderRequest bad;
  CHECK(bv::parse_render_flags({"--saved=some"}, bad) == "--saved takes no value or =all, not 'some'");
}

TEST_CASE("the HTML page has a search box and the legend beside the graph, not inside it") {
  ba::NodeIds ids;
  Built b = small(ids);
  bv::RenderOptions opt;
  opt.show_grads = true;
  std::string page = rendered(b, bv::Format::Html, opt, nan_born_in_mul());
  CHECK(has(page, "<input id=\"search\" type=\"search\""));
  CHECK(has(page, "<section id=\"legend\">"));
  CHECK(has(page, "\"legend\":[{\"fills\":[\"lightgrey\"]"));
  CHECK(has(page, "NaN/Inf born here: finite gradients in, NaN/Inf out"));
  CHECK(has(page, "\"born\":true"));
  CHECK(count(page, "\"born\":true") == 1);
  std::string svg = page.substr(page.find("<svg"), page.find("</svg>") - page.find("<svg"));
  CHECK(!has(svg, "backward node: its type"));  // the side panel shows the legend, not the SVG
}

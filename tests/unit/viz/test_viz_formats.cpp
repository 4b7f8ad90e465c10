// JSON against its schema, the text tree, Graphviz output (SVG, PNG, PDF),
// the HTML page, files written whole or not at all, and the shared flags.
#include "script_graphs.h"
#include "test_support.h"
#include "viz/render.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <dirent.h>
#include <sys/stat.h>

namespace bv = backstep::viz;
namespace ba = backstep::autograd;
using namespace backstep::viz::testing;
using json = nlohmann::json;

namespace {

void check_schema(const std::string& text) {
  static const json schema = json::parse(read_text(BACKSTEP_GRAPH_SCHEMA));
  json doc = json::parse(text);
  auto errors = schema_errors(schema, doc);
  for (const auto& e : errors) MESSAGE(e);
  CHECK(errors.empty());
}

}  // namespace

TEST_CASE("JSON: backstep.graph/v1, valid against docs/graph.schema.json, edges in next_functions order") {
  ba::NodeIds ids;
  for (Built b : {small(ids), rnn(ids, 4), mlp(ids, 3), rnn(ids, 3, true)}) {
    std::string text = rendered(b, bv::Format::Json);
    check_schema(text);
    json doc = json::parse(text);
    CHECK(doc["format"] == "backstep.graph/v1");
    REQUIRE(doc["nodes"].size() == b.snapshot.nodes.size());
    REQUIRE(doc["edges"].size() == b.snapshot.edges.size());
    for (size_t i = 0; i < b.snapshot.edges.size(); ++i) {
      CHECK(doc["edges"][i]["from"] == b.snapshot.edges[i].from);
      CHECK(doc["edges"][i]["to"] == b.snapshot.edges[i].to);
    }
    CHECK(doc["roots"][0] == b.snapshot.roots[0].node);
  }
  ba::NodeIds ids2;
  json doc = json::parse(rendered(small(ids2), bv::Format::Json));
  CHECK(doc["nodes"][1]["name"] == "MulBackward0");
  CHECK(doc["nodes"][1]["source"]["file"] == "small.py");
  CHECK(doc["nodes"][1]["source"]["line"] == 3);
  CHECK(doc["nodes"][1]["source"]["function"] == "<module>");
  // saved fields in Functions.h's order: MulBackward0 declares other_ first in 2.15
  CHECK(doc["nodes"][1]["saved"][0]["name"] == "other");
  CHECK(doc["nodes"][1]["saved"][0]["shape"] == json::array({3, 4}));
  CHECK(doc["nodes"][1]["saved"][0]["dtype"] == "float32");
  CHECK(doc["nodes"][2]["leaf"]["var"] == "a");
  CHECK(doc["nodes"][2]["seq"].is_null());
}

TEST_CASE("the schema checker itself rejects what it should") {
  json schema = json::parse(read_text(BACKSTEP_GRAPH_SCHEMA));
  json doc = json::parse(R"({"format": "backstep.graph/v1", "roots": [0], "nodes": [
      {"id": 0, "name": "X", "seq": "1", "source": null, "saved": [], "hooks": {"pre": 0, "post": 0},
       "leaf": null, "extra": 1}], "edges": [{"from": 0, "to": 0}]})");
  auto errors = schema_errors(schema, doc);
  CHECK(errors.size() == 3);  // seq's type, the extra property, the edge's missing input_nr
}

TEST_CASE("text tree: ids, names, lines, states; shared nodes printed once; deep chains in sections") {
  ba::NodeIds ids;
  Built b = rnn(ids, 40);
  bv::Annotations notes;
  notes[0].state = bv::ExecState::Done;
  notes[1].state = bv::ExecState::Current;
  std::string tree = bv::text_tree(b.snapshot, notes);
  MESSAGE(tree.substr(0, 600));
  CHECK(tree.rfind("loss = #0 SumBackward0  rnn.py:4  [done]\n", 0) == 0);
  CHECK(has(tree, "\u2514\u2500 #1 TanhBackward0  rnn.py:3  [\u25b6 current]"));
  CHECK(has(tree, "AccumulateGrad  b f32[4]"));
  CHECK(has(tree, "(above)"));            // W, U and b are shared by every step
  CHECK(has(tree, "(continued below)"));  // 40 steps are deeper than 24 levels
  CHECK(has(tree, "(continued) #"));
  bv::TextTreeOptions short_tree;
  short_tree.max_lines = 10;
  std::string cut = bv::text_tree(b.snapshot, {}, short_tree);
  CHECK(has(cut, "more nodes not shown"));
}

TEST_CASE("SVG, PNG and PDF render in-process") {
  ba::NodeIds ids;
  Built b = mlp(ids, 3);
  bv::RenderOptions opt;
  opt.show_saved = true;
  std::string svg = rendered(b, bv::Format::Svg, opt);
  CHECK(has(svg, "<svg"));
  CHECK(has(svg, "id=\"n0\""));
  std::string png = rendered(b, bv::Format::Png, opt);
  REQUIRE(png.size() > 5000);
  CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  std::string pdf = rendered(b, bv::Format::Pdf, opt);
  CHECK(pdf.compare(0, 5, "%PDF-") == 0);
  CHECK(pdf.size() > 2000);
  write_text("viz_mlp3.png", png);  // left in the build folder to look at
}

TEST_CASE("files are written whole or not at all, with clear errors") {
  ba::NodeIds ids;
  Built b = small(ids);
  std::string dir = "viz_out_test";
  ::mkdir(dir.c_str(), 0755);
  bv::RenderResult ok = bv::render_to_file(b.snapshot, {}, dir + "/g.svg");
  REQUIRE_MESSAGE(ok.ok, ok.error);
  CHECK(has(read_text(dir + "/g.svg"), "<svg"));
  bv::RenderResult missing = bv::render_to_file(b.snapshot, {}, dir + "/no/such/g.svg");
  CHECK(!missing.ok);
  CHECK(missing.error == "cannot write '" + dir + "/no/such/g.svg': folder '" + dir + "/no/such' does not exist");
  bv::RenderResult bad_ext = bv::render_to_file(b.snapshot, {}, dir + "/g.bmp");
  CHECK(!bad_ext.ok);
  CHECK(has(bad_ext.error, "cannot tell the format"));
  bv::RenderResult is_dir = bv::render_to_file(b.snapshot, {}, dir);
  CHECK(!is_dir.ok);
  // No temporary file is left behind.
  DIR* d = ::opendir(dir.c_str());
  REQUIRE(d);
  int entries = 0;
  while (dirent* e = ::readdir(d))
    if (e->d_name[0] != '.' || std::string(e->d_name).find(".tmp.") != std::string::npos) ++entries;
  ::closedir(d);
  CHECK(entries == 1);
  ba::GraphSnapshot empty;
  bv::RenderResult nothing = bv::render(empty, {}, bv::Format::Svg);
  CHECK(!nothing.ok);
  CHECK(has(nothing.error, "nothing to draw"));
}

TEST_CASE("the HTML page is self-contained: inline SVG, node details, no network resources") {
  ba::NodeIds ids;
  Built b = rnn(ids, 6, true);
  bv::RenderOptions opt;
  opt.title = "rnn <cell>";
  std::string page = rendered(b, bv::Format::Html, opt);
  CHECK(has(page, "<title>rnn &lt;cell&gt;</title>"));
  CHECK(has(page, "<svg"));
  CHECK(!has(page, "<!DOCTYPE svg"));
  CHECK(has(page, "\"n1\":{\"kind\":\"node\",\"title\":\"TanhBackward0 #1\""));
  CHECK(!has(page, "src=\"http"));
  CHECK(!has(page, "href=\"http"));
  CHECK(!has(page, "@import"));
  if (const char* out = std::getenv("BACKSTEP_VIZ_HTML_OUT")) {  // for tests/viz_html/run_html_test.sh
    bv::RenderOptions saved = opt;
    saved.show_saved = true;
    bv::RenderResult r = bv::render_to_file(b.snapshot, {}, out, saved);
    REQUIRE_MESSAGE(r.ok, r.error);
  }
}

TEST_CASE("flags shared by :render and backstep render") {
  bv::RenderRequest req;
  std::vector<std::string> rest;
  std::string err = bv::parse_render_flags({"loss", "-o", "g.png", "--saved", "--grads", "--depth", "1", "--around",
                                            "#12", "--radius=3", "--rankdir", "lr", "--layout", "sfdp", "--no-fold"},
                                           req, &rest);
  CHECK(err == "");
  CHECK(rest == std::vector<std::string>{"loss"});
  CHECK(req.output == "g.png");
  CHECK(req.options.show_saved);
  CHECK(req.options.show_grads);
  CHECK(req.options.depth == 1);
  CHECK(req.options.around == 12);
  CHECK(req.options.radius == 3);
  CHECK(req.options.rankdir == "LR");
  CHECK(req.options.layout == bv::Layout::Sfdp);
  CHECK(!req.options.fold_loops);
  CHECK(bv::parse_render_flags({"--depth", "x"}, req) == "--depth takes a number, not 'x'");
  CHECK(bv::parse_render_flags({"--rankdir", "up"}, req) == "--rankdir takes TB, BT, LR or RL, not 'UP'");
  CHECK(bv::parse_render_flags({"-o"}, req) == "-o needs a value");
  CHECK(bv::parse_render_flags({"--bogus"}, req) == "unknown option '--bogus'");
  CHECK(bv::format_from_path("a/b.PNG") == bv::Format::Png);
  CHECK(bv::format_from_path("a.b/c") == std::nullopt);
}

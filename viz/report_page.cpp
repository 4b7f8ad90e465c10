#include "viz/report_page.h"
#include "viz/html_text.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace backstep::viz {

namespace {

using json = nlohmann::ordered_json;

// Six significant digits: the plot needs no more, and a long run's page
// stays small.
json number(double v) {
  if (!std::isfinite(v)) return nullptr;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return json::parse(buf);
}

json optional_number(const std::optional<double>& v) { return v ? number(*v) : json(nullptr); }

// A loss that may not be finite: "nan", "inf" and "-inf" as text.
json loss_json(const std::optional<double>& v) {
  if (!v || std::isfinite(*v)) return optional_number(v);
  return std::isnan(*v) ? "nan" : *v > 0 ? "inf" : "-inf";
}

// One series: the mean of each bucket's finite values (null for a bucket
// with none), and with `band`, each bucket's min and max; `bad` lists the
// buckets that held a NaN or an Inf.
json series_json(const StepSeries& s, const std::string& name, bool band) {
  json mean = json::array(), lo = json::array(), hi = json::array(), bad = json::array();
  size_t index = s.find(name);
  const std::vector<StepBucket> none(s.length());
  const auto& buckets = index < s.names().size() ? s.buckets(index) : none;
  for (size_t i = 0; i < buckets.size(); ++i) {
    const StepBucket& b = buckets[i];
    mean.push_back(b.count ? number(b.sum / b.count) : json(nullptr));
    if (band) {
      lo.push_back(b.count ? number(b.min) : json(nullptr));
      hi.push_back(b.count ? number(b.max) : json(nullptr));
    }
    if (b.nonfinite) bad.push_back(i);
  }
  json j{{"mean", std::move(mean)}, {"bad", std::move(bad)}};
  if (band) {
    j["min"] = std::move(lo);
    j["max"] = std::move(hi);
  }
  return j;
}

json named_series(const StepSeries& s, const std::vector<std::string>& names, const std::string& grad_prefix,
                  const std::string& ratio_prefix) {
  json out = json::array();
  for (const auto& name : names)
    out.push_back(json{{"name", name},
                       {"grad", series_json(s, grad_prefix + name, false)},
                       {"ratio", series_json(s, ratio_prefix + name, false)}});
  return out;
}

json data_json(const ReportData& d) {
  json anomalies = json::array();
  for (const auto& a : d.anomalies)
    anomalies.push_back(json{{"step", a.step}, {"loss", loss_json(a.loss)}, {"nan", a.nan}, {"inf", a.inf},
                             {"params", a.params}});
  json graphs = json::array();
  for (const auto& g : d.graphs)
    graphs.push_back(json{{"step", g.step}, {"backward", g.backward}, {"loss", loss_json(g.loss)},
                          {"href", g.href}, {"why", g.why}});
  return json{{"program", d.program},
              {"steps", d.steps},
              {"width", d.series.width()},
              {"length", d.series.length()},
              {"loss", series_json(d.series, "loss", d.series.width() > 1)},
              {"params", named_series(d.series, d.params, "grad:", "ratio:")},
              {"modules", named_series(d.series, d.modules, "mgrad:", "mratio:")},
              {"anomalies", std::move(anomalies)},
              {"anomalies_total", d.anomalies_total},
              {"graphs", std::move(graphs)},
              {"policy", d.graph_policy}};
}

}  // namespace

std::string report_page(const ReportData& data) {
  std::string title = "Training report: " + data.program;
  std::string payload = data_json(data).dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>";
  out += escaped_html(title);
  out += "</title>\n<style>\n";
  out += kReportStyle;
  out += "</style>\n</head>\n<body>\n<h1>";
  out += escaped_html(title);
  out += "</h1>\n<p id=\"summary\"></p>\n"
         "<section><h2>Loss</h2><div class=\"controls\" data-for=\"loss\"></div><div class=\"plot\" id=\"plot-loss\"></div></section>\n"
         "<section><h2>Gradient norm</h2><div class=\"controls\" data-for=\"grad\"></div>"
         "<div class=\"plot\" id=\"plot-grad\"></div><div class=\"legend\" id=\"legend-grad\"></div></section>\n"
         "<section><h2>Update ratio |\u0394w| / |w|</h2><div class=\"controls\" data-for=\"ratio\"></div>"
         "<div class=\"plot\" id=\"plot-ratio\"></div><div class=\"legend\" id=\"legend-ratio\"></div></section>\n"
         "<section><h2>Steps with NaN or Inf</h2><div id=\"anomalies\"></div></section>\n"
         "<section><h2>Graphs</h2><p id=\"policy\"></p><div id=\"graphs\"></div></section>\n"
         "<div id=\"tip\" hidden></div>\n"
         "<script type=\"application/json\" id=\"report-data\">";
  out += script_safe(payload);
  out += "</script>\n<script>\n";
  out += kReportScript;
  out += "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace backstep::viz

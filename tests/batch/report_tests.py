"""`backstep run FILE --report OUT.html` (docs/report.md), for run_batch_tests.py:
the page's data against the program's own losses and the summary trace of the
same run, and the page in headless Chromium: it loads with no error and no
network request, each plot has one point per step (per group of steps when
downsampled), NaN/Inf steps are marked, and a click on a step's graph link
opens that step's graph page. Fails when Chromium is not installed.
"""
import html
import json
import math
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# First thing in <head>: record every error and console.error (the same
# catcher as the graph page's browser test).
sys.path.insert(0, os.path.join(HERE, "..", "viz_html"))
from probe import CATCHER  # noqa: E402

# After the page's script: what was drawn, into the DOM; with `click`, then
# a click on the first graph link of the NaN/Inf table.
PROBE = """<script>
(function () {
  var result = {plots: {}};
  try {
    document.querySelectorAll('svg.plot-svg').forEach(function (svg) {
      var paths = Array.prototype.map.call(svg.querySelectorAll('path.series'), function (p) {
        return {name: p.getAttribute('data-series'), points: Number(p.getAttribute('data-points')),
                commands: (p.getAttribute('d').match(/[ML]/g) || []).length};
      });
      result.plots[svg.getAttribute('data-plot')] = {
        paths: paths, anomalies: svg.querySelectorAll('line.anomaly').length,
        width: svg.getBoundingClientRect().width};
    });
    result.links = Array.prototype.map.call(document.querySelectorAll('a.graph-link'), function (a) {
      return a.getAttribute('href'); });
    result.anomaly_links = Array.prototype.map.call(document.querySelectorAll('#anomalies a.graph-link'), function (a) {
      return a.getAttribute('href'); });
    result.summary = document.getElementById('summary').textContent;
    result.policy = document.getElementById('policy').textContent;
    var modules = document.querySelector('.controls[data-for=grad] button:not(.on)');
    if (modules) {
      modules.click();
      result.grad_after_toggle = document.querySelectorAll('svg[data-plot=grad] path.series').length;
    }
  } catch (e) {
    window.__errors.push('probe: ' + e);
  }
  result.errors = window.__errors;
  var out = document.createElement('pre');
  out.id = 'probe-result';
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
  if (CLICK) {
    var a = document.querySelector('#anomalies a.graph-link');
    if (a) a.click();
  }
})();
</script>
"""

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                  "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0"]


def chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


def page_data(page):
    m = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S)
    return json.loads(m.group(1).replace("<\\/", "</")) if m else None


def probe(page_path, click=False):
    """Loads a copy of the page with the probe in Chromium; (result, dom, log)."""
    page = open(page_path, encoding="utf-8").read()
    page = page.replace("<head>", "<head>\n" + CATCHER, 1)
    cut = page.rindex("</body>")
    page = page[:cut] + PROBE.replace("CLICK", "true" if click else "false") + page[cut:]
    probed = page_path[:-5] + ".probe.html"  # beside it, so relative links resolve
    open(probed, "w", encoding="utf-8").write(page)
    p = subprocess.run([chromium(), *CHROMIUM_FLAGS, "--virtual-time-budget=3000", "--window-size=1100,900",
                        "--dump-dom", "file://" + probed], capture_output=True, text=True, timeout=90)
    os.remove(probed)
    m = re.search(r'<pre id="probe-result">(.*?)</pre>', p.stdout, re.S)
    result = json.loads(html.unescape(m.group(1))) if m else None
    return result, p.stdout, p.stderr


def network_references(page):
    refs = re.findall(r'''(?:src|href)\s*=\s*["']((?:https?:)?//[^"']+)''', page)
    refs += re.findall(r'''url\(\s*["']?((?:https?:)?//[^)"']+)''', page)
    return refs


def finite(v):
    return v is not None and math.isfinite(v)


def test_report(r, check):
    if not chromium():
        check("report: chromium is installed (scripts/setup --tests installs it)", False)
        return
    prog = os.path.join(HERE, "programs", "report_diverge.py")
    out, summary = r.path("out/report.html"), r.path("s.jsonl")
    p = r.run("run", prog, "--report", out, "--trace", summary, "--trace-mode", "summary")
    check("report: the run succeeds and writes the page", p.returncode == 0 and os.path.isfile(out), p.stderr)
    if p.returncode != 0 or not os.path.isfile(out):
        return
    losses = eval(p.stdout.strip(), {"nan": float("nan"), "inf": float("inf")})
    page = open(out, encoding="utf-8").read()
    data = page_data(page)
    check("report: no reference to the network", not network_references(page), network_references(page))
    records = [json.loads(line) for line in open(summary).read().splitlines()[1:]]
    records = [x for x in records if x["params"] is not None]
    means = data["loss"]["mean"]
    check("report: one loss value per step, the program's own (NaN/Inf steps have none)",
          data["steps"] == 60 and data["width"] == 1 and len(means) == 60
          and all((m is None) if not math.isfinite(l) else abs(m - l) <= 1e-5 * abs(l) for m, l in zip(means, losses)),
          json.dumps(means)[:400])
    bad_steps = [x["step"] for x in records if x["nan"] or x["inf"] or not finite(x["loss"])]
    check("report: the NaN/Inf steps are the summary trace's",
          bad_steps and [a["step"] for a in data["anomalies"]] == bad_steps and data["anomalies_total"] == len(bad_steps),
          f"{[a['step'] for a in data['anomalies']]} vs {bad_steps}")
    first = records[0]["params"]
    grads = {x["name"]: x["grad"]["mean"][0] for x in data["params"]}
    check("report: step 0's gradient norms are the summary trace's, by parameter",
          [x["name"] for x in data["params"]] == [x["name"] for x in first] == ["0.weight", "0.bias", "2.weight", "2.bias"]
          and all(abs(grads[x["name"]] - x["grad"]["norm"]) <= 1e-5 * x["grad"]["norm"] for x in first)
          and [m["name"] for m in data["modules"]] == ["0", "2"], json.dumps(data["params"])[:300])
    folder = r.path("out/report_graphs")
    files = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    kept = [g["step"] for g in data["graphs"]]
    check("report: graphs kept for the first step, every Nth, the first 8 NaN/Inf steps and the last, as pages beside it",
          kept[0] == 0 and kept[-1] == 59 and bad_steps[:8] == [g["step"] for g in data["graphs"] if g["why"] == "NaN/Inf"]
          and sorted(f"step-{s}.html" for s in kept) == files and len(kept) <= 1 + 16 + 8 + 1,
          f"{kept} {files}")
    result, dom, log = probe(out)
    check("report: the page runs in Chromium without errors", result is not None and not result["errors"],
          (result or {}).get("errors") or log[-1500:])
    if result is None:
        return
    plots = result["plots"]
    finite_losses = sum(1 for l in losses if math.isfinite(l))
    check("report: the loss plot has one point per finite loss",
          [p["points"] for p in plots["loss"]["paths"]] == [finite_losses] == [p["commands"] for p in plots["loss"]["paths"]],
          json.dumps(plots.get("loss")))
    grad_points = [sum(1 for v in m["grad"]["mean"] if v is not None) for m in data["modules"]]
    check("report: the gradient plot has a line per module, a point per step with finite gradients",
          [p["points"] for p in plots["grad"]["paths"]] == grad_points and result.get("grad_after_toggle") == 4,
          json.dumps(plots.get("grad")))
    check("report: every plot marks each NaN/Inf step",
          all(plots[k]["anomalies"] == len(bad_steps) for k in ("loss", "grad", "ratio")),
          json.dumps({k: plots[k]["anomalies"] for k in plots}))
    check("report: the page says which steps have graphs",
          "kept for the first step, every" in result["policy"] and "NaN or an Inf" in result["policy"]
          and f"{len(bad_steps)} steps with NaN or Inf (the first: step {bad_steps[0]})" in result["summary"],
          result["summary"] + " / " + result["policy"])
    _, dom, log = probe(out, click=True)
    step = bad_steps[0]
    check("report: a click on a NaN step's graph link opens that step's graph page",
          f"step {step} (backward #{step + 1})" in dom and 'class="node' in dom and "probe-result" not in dom,
          dom[:600] + log[-800:])
    long_out = r.path("long.html")
    p = r.run("run", os.path.join(HERE, "programs", "report_long.py"), "--report", long_out)
    data = page_data(open(long_out, encoding="utf-8").read()) if p.returncode == 0 else None
    check("report: a 2,500-step run is downsampled to 625 points of 4 steps",
          data and data["steps"] == 2500 and data["width"] == 4 and data["length"] == 625, p.stderr)
    if not data:
        return
    kept = [g["step"] for g in data["graphs"]]
    check("report: a long run keeps few graphs, spaced ever wider",
          kept[0] == 0 and kept[-1] == 2499 and 10 <= len(kept) <= 18
          and len(os.listdir(r.path("long_graphs"))) == len(kept), str(kept))
    result, _, log = probe(long_out)
    check("report: the downsampled loss plot has 625 points",
          result and not result["errors"] and [p["points"] for p in result["plots"]["loss"]["paths"]] == [625],
          json.dumps(result)[:500] + log[-500:])

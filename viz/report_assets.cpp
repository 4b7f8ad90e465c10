// The training report's style and script (report_page.h). The script reads
// the data the page embeds (#report-data) and draws every plot as inline
// SVG; it loads nothing.
#include "viz/report_page.h"

namespace backstep::viz {

const char* const kReportStyle = R"CSS(
body { font: 14px/1.4 system-ui, sans-serif; margin: 16px 24px; color: #222; max-width: 1000px; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 20px 0 4px; }
#summary, #policy { color: #444; }
.plot svg { display: block; background: #fff; border: 1px solid #ddd; cursor: crosshair; }
.axis text { font-size: 11px; fill: #555; }
.axis line, .axis path { stroke: #999; }
.grid line { stroke: #eee; }
.series { fill: none; stroke-width: 1.5; }
.band { stroke: none; opacity: 0.18; }
.anomaly { stroke: #d00; stroke-width: 1; opacity: 0.55; }
.reference { stroke: #888; stroke-dasharray: 4 3; }
.guide { stroke: #555; stroke-dasharray: 2 2; }
.dot { stroke: none; }
.controls button { font: inherit; font-size: 12px; margin: 0 4px 4px 0; padding: 1px 8px; border: 1px solid #aaa;
  background: #f6f6f6; border-radius: 3px; cursor: pointer; }
.controls button.on { background: #333; color: #fff; border-color: #333; }
.legend { font-size: 12px; margin-top: 4px; }
.legend span { display: inline-block; margin: 0 12px 2px 0; cursor: pointer; white-space: nowrap; }
.legend span.off { opacity: 0.35; text-decoration: line-through; }
.legend i { display: inline-block; width: 14px; height: 3px; vertical-align: middle; margin-right: 4px; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border-bottom: 1px solid #e4e4e4; padding: 2px 10px 2px 0; text-align: left; vertical-align: top; }
th { font-weight: 600; }
td.num { font-variant-numeric: tabular-nums; text-align: right; }
.bad { color: #c00; font-weight: 600; }
#tip { position: fixed; pointer-events: none; background: rgba(255,255,255,0.96); border: 1px solid #999;
  padding: 4px 8px; font-size: 12px; white-space: pre; box-shadow: 0 1px 4px rgba(0,0,0,0.2); }
)CSS";

const char* const kReportScript = R"JS(
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var W = 960, H = 260, M = { l: 70, r: 16, t: 10, b: 32 };
  var PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22',
                 '#7f7f7f', '#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173', '#3182bd', '#e6550d'];
  var tip = document.getElementById('tip');

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(name, text, parent, cls) {
    var e = document.createElement(name);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    if (parent) parent.appendChild(e);
    return e;
  }
  function fmt(v) {
    if (v === null || v === undefined) return 'none';
    if (typeof v === 'string') return v;  // nan, inf
    if (v === 0) return '0';
    var a = Math.abs(v);
    if (a >= 1e5 || a < 1e-3) return v.toExponential(3).replace(/\.?0+e/, 'e');
    return String(parseFloat(v.toPrecision(4)));
  }
  // Bucket i covers steps [first, last].
  function stepsOf(i) {
    var first = i * data.width;
    return [first, Math.max(first, Math.min(first + data.width, data.steps) - 1)];
  }
  function stepText(i) {
    var s = stepsOf(i);
    return s[0] === s[1] ? 'step ' + s[0] : 'steps ' + s[0] + '\u2013' + s[1];
  }
  var lastStep = Math.max(data.steps - 1, 1);
  function xOfStep(step) { return M.l + (W - M.l - M.r) * step / lastStep; }
  function xOf(i) { var s = stepsOf(i); return xOfStep((s[0] + s[1]) / 2); }

  // The graph nearest to a step (graphs are sorted by step).
  function nearestGraph(step) {
    var best = null;
    data.graphs.forEach(function (g) {
      if (best === null || Math.abs(g.step - step) < Math.abs(best.step - step)) best = g;
    });
    return best;
  }
  function graphOf(step) {
    for (var i = 0; i < data.graphs.length; ++i) if (data.graphs[i].step === step) return data.graphs[i];
    return null;
  }
  function link(g, text, parent) {
    var a = html('a', text, parent, 'graph-link');
    a.href = g.href;
    a.setAttribute('data-step', g.step);
    return a;
  }

  function niceTicks(lo, hi, count) {
    var span = hi - lo, step = Math.pow(10, Math.floor(Math.log10(span / count)));
    var err = span / count / step;
    if (err >= 7.5) step *= 10; else if (err >= 3.5) step *= 5; else if (err >= 1.5) step *= 2;
    var ticks = [];
    for (var v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) ticks.push(Math.abs(v) < step * 1e-9 ? 0 : v);
    return ticks;
  }

  // Log scale (lo and hi are exponents): powers of ten, or 1-2-5 steps
  // when the range spans less than two decades.
  function logTicks(lo, hi) {
    var powers = [], fine = [];
    for (var k = Math.floor(lo); k <= Math.ceil(hi); ++k) {
      if (k >= lo && k <= hi) powers.push(k);
      [1, 2, 5].forEach(function (m) {
        var t = k + Math.log10(m);
        if (t >= lo && t <= hi) fine.push(t);
      });
    }
    if (powers.length < 3) return fine;
    var every = Math.ceil(powers.length / 7);
    return powers.filter(function (k, i) { return i % every === 0; });
  }

  // series: [{name, color, values, min, max, bad}]; opts: {id, log, reference, label}.
  function plot(container, series, opts) {
    container.textContent = '';
    var svg = el('svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, 'class': 'plot-svg', 'data-plot': opts.id });
    container.appendChild(svg);
    var shown = series.filter(function (s) { return !s.hidden; });
    var lo = Infinity, hi = -Infinity, floor = Infinity;
    shown.forEach(function (s) {
      [s.values, s.min || [], s.max || []].forEach(function (arr) {
        arr.forEach(function (v) {
          if (v === null) return;
          if (opts.log && v <= 0) return;
          lo = Math.min(lo, v); hi = Math.max(hi, v);
        });
      });
    });
    if (opts.reference !== undefined && opts.log) { lo = Math.min(lo, opts.reference); hi = Math.max(hi, opts.reference); }
    if (lo === Infinity) { lo = opts.log ? 1e-3 : 0; hi = opts.log ? 1 : 1; }
    if (opts.log) { floor = lo; lo = Math.log10(lo); hi = Math.log10(hi); }
    if (hi - lo < 1e-12) { lo -= 0.5; hi += 0.5; }
    var pad = (hi - lo) * 0.05; lo -= pad; hi += pad;
    function y(v) {
      if (opts.log) v = Math.log10(v > 0 ? v : floor);
      return M.t + (H - M.t - M.b) * (hi - v) / (hi - lo);
    }
    // Grid and axes.
    var grid = el('g', { 'class': 'grid' }, svg), axis = el('g', { 'class': 'axis' }, svg);
    var yt = opts.log ? logTicks(lo, hi) : niceTicks(lo, hi, 5);
    yt.forEach(function (t) {
      var yy = M.t + (H - M.t - M.b) * (hi - t) / (hi - lo);
      el('line', { x1: M.l, x2: W - M.r, y1: yy, y2: yy }, grid);
      var label = el('text', { x: M.l - 6, y: yy + 4, 'text-anchor': 'end' }, axis);
      label.textContent = opts.log ? fmt(Math.pow(10, t)) : fmt(t);
    });
    niceTicks(0, lastStep, 8).forEach(function (t) {
      if (t !== Math.round(t)) return;
      var xx = xOfStep(t);
      el('line', { x1: xx, x2: xx, y1: H - M.b, y2: H - M.b + 4 }, axis);
      var label = el('text', { x: xx, y: H - M.b + 16, 'text-anchor': 'middle' }, axis);
      label.textContent = String(t);
    });
    el('line', { x1: M.l, x2: W - M.r, y1: H - M.b, y2: H - M.b }, axis);
    el('line', { x1: M.l, x2: M.l, y1: M.t, y2: H - M.b }, axis);
    var xl = el('text', { x: W - M.r, y: H - 4, 'text-anchor': 'end' }, axis);
    xl.textContent = 'step';
    if (opts.reference !== undefined) {
      var ry = y(opts.reference);
      el('line', { x1: M.l, x2: W - M.r, y1: ry, y2: ry, 'class': 'reference' }, svg);
    }
    // NaN / Inf: a red line at each such step (and bucket).
    var marked = {};
    data.anomalies.forEach(function (a) { marked[a.step] = true; });
    shown.forEach(function (s) { s.bad.forEach(function (i) { marked[stepsOf(i)[0]] = true; }); });
    Object.keys(marked).forEach(function (step) {
      var xx = xOfStep(Number(step));
      el('line', { x1: xx, x2: xx, y1: M.t, y2: H - M.b, 'class': 'anomaly', 'data-step': step }, svg);
    });
    // Bands (min to max of each bucket), then one path per series.
    shown.forEach(function (s) {
      if (!s.min) return;
      var top = [], bottom = [];
      s.values.forEach(function (v, i) {
        if (s.min[i] === null) return;
        top.push(xOf(i).toFixed(1) + ',' + y(s.max[i]).toFixed(1));
        bottom.unshift(xOf(i).toFixed(1) + ',' + y(s.min[i]).toFixed(1));
      });
      if (top.length) el('polygon', { points: top.concat(bottom).join(' '), 'class': 'band', fill: s.color }, svg);
    });
    shown.forEach(function (s) {
      var d = '', points = 0, pen = false;
      s.values.forEach(function (v, i) {
        if (v === null) { pen = false; return; }
        d += (pen ? 'L' : 'M') + xOf(i).toFixed(1) + ',' + y(v).toFixed(1);
        pen = true;
        ++points;
      });
      el('path', { d: d, 'class': 'series', stroke: s.color, 'data-series': s.name, 'data-points': points }, svg);
      // A lone point between gaps draws no line: a dot shows it.
      s.values.forEach(function (v, i) {
        var before = i > 0 ? s.values[i - 1] : null, after = i + 1 < s.values.length ? s.values[i + 1] : null;
        if (v !== null && before === null && after === null)
          el('circle', { cx: xOf(i), cy: y(v), r: 2.5, fill: s.color, 'class': 'dot' }, svg);
      });
    });
    var guide = el('line', { x1: 0, x2: 0, y1: M.t, y2: H - M.b, 'class': 'guide', visibility: 'hidden' }, svg);
    function bucketAt(evt) {
      var box = svg.getBoundingClientRect();
      var x = (evt.clientX - box.left) * W / box.width;
      var step = (x - M.l) / (W - M.l - M.r) * lastStep;
      var i = Math.round(step / data.width - 0.5 + (data.width === 1 ? 0.5 : 0));
      return Math.max(0, Math.min(data.length - 1, i));
    }
    svg.addEventListener('mousemove', function (evt) {
      if (!data.length) return;
      var i = bucketAt(evt), lines = [stepText(i) + (data.width > 1 ? ' (mean)' : '')];
      shown.forEach(function (s) {
        var v = s.values[i], bad = s.bad.indexOf(i) >= 0;
        lines.push(s.name + ': ' + fmt(v) + (bad ? '  NaN/Inf' : ''));
      });
      var g = nearestGraph(stepsOf(i)[0]);
      if (g) lines.push('click: graph of step ' + g.step);
      tip.textContent = lines.slice(0, 14).join('\n') + (lines.length > 14 ? '\n\u2026' : '');
      tip.hidden = false;
      tip.style.left = (evt.clientX + 14) + 'px';
      tip.style.top = (evt.clientY + 10) + 'px';
      guide.setAttribute('x1', xOf(i)); guide.setAttribute('x2', xOf(i));
      guide.setAttribute('visibility', 'visible');
    });
    svg.addEventListener('mouseleave', function () { tip.hidden = true; guide.setAttribute('visibility', 'hidden'); });
    svg.addEventListener('click', function (evt) {
      if (!data.length) return;
      var g = nearestGraph(stepsOf(bucketAt(evt))[0]);
      if (g) window.location.href = g.href;
    });
  }

  function colour(i) { return PALETTE[i % PALETTE.length]; }

  // Loss: linear, or log when it spans more than three decades (a loss
  // that explodes would flatten the rest of the run at the bottom).
  var lossLog = (function () {
    var lo = Infinity, hi = 0;
    data.loss.mean.forEach(function (v) { if (v !== null && v > 0) { lo = Math.min(lo, v); hi = Math.max(hi, v); } });
    return hi / lo > 1e3;
  })();
  function drawLoss() {
    var s = { name: 'loss', color: '#222', values: data.loss.mean, min: data.loss.min, max: data.loss.max, bad: data.loss.bad };
    plot(document.getElementById('plot-loss'), [s], { id: 'loss', log: lossLog });
  }
  function buttons(box, names, current, onpick) {
    box.textContent = '';
    names.forEach(function (n) {
      var b = html('button', n, box, n === current ? 'on' : '');
      b.addEventListener('click', function () { onpick(n); });
    });
  }
  function lossControls() {
    buttons(document.querySelector('.controls[data-for=loss]'), ['linear', 'log'], lossLog ? 'log' : 'linear',
            function (n) { lossLog = n === 'log'; lossControls(); drawLoss(); });
  }

  // Gradient norms and update ratios: by parameter or by module.
  function perLayer(kind, reference) {
    var by = data.modules.length < data.params.length ? 'module' : 'parameter';
    var hidden = {};
    function rows() { return by === 'module' ? data.modules : data.params; }
    function draw() {
      var series = rows().map(function (r, i) {
        return { name: r.name, color: colour(i), values: r[kind].mean, bad: r[kind].bad, hidden: !!hidden[by + ':' + r.name] };
      });
      plot(document.getElementById('plot-' + kind), series, { id: kind, log: true, reference: reference });
      var legend = document.getElementById('legend-' + kind);
      legend.textContent = '';
      series.forEach(function (s) {
        var span = html('span', null, legend, s.hidden ? 'off' : '');
        var sw = html('i', null, span);
        sw.style.background = s.color;
        span.appendChild(document.createTextNode(s.name));
        span.title = 'show or hide ' + s.name;
        span.addEventListener('click', function () { hidden[by + ':' + s.name] = !hidden[by + ':' + s.name]; draw(); });
      });
    }
    function controls() {
      buttons(document.querySelector('.controls[data-for=' + kind + ']'), ['by module', 'by parameter'], 'by ' + by,
              function (n) { by = n.slice(3); controls(); draw(); });
    }
    controls();
    draw();
  }

  function summary() {
    var p = document.getElementById('summary'), parts = [];
    parts.push(data.steps + ' optimizer step' + (data.steps === 1 ? '' : 's') + ' of ' + data.program + '.');
    var m = data.loss.mean, first = null, last = null;
    for (var i = 0; i < m.length; ++i) if (m[i] !== null) { if (first === null) first = m[i]; last = m[i]; }
    if (first !== null) parts.push('Loss ' + fmt(first) + ' \u2192 ' + fmt(last) + '.');
    if (data.anomalies_total) {
      parts.push(data.anomalies_total + ' step' + (data.anomalies_total === 1 ? '' : 's') +
                 ' with NaN or Inf (the first: step ' + data.anomalies[0].step + '), marked red on the plots.');
    } else {
      parts.push('No NaN or Inf in any loss or gradient.');
    }
    if (data.width > 1) parts.push('Each point is the mean of ' + data.width + ' steps (' + data.length + ' points; the loss shows each group\u2019s min to max as a band).');
    parts.push('Click a plot to open the graph of the nearest step that has one.');
    p.textContent = parts.join(' ');
  }

  function anomalies() {
    var box = document.getElementById('anomalies');
    if (!data.anomalies.length) { html('p', 'None.', box); return; }
    var t = html('table', null, box), head = html('tr', null, t);
    ['step', 'loss', 'NaN', 'Inf', 'gradients holding them', 'graph'].forEach(function (h) { html('th', h, head); });
    data.anomalies.forEach(function (a) {
      var tr = html('tr', null, t);
      html('td', String(a.step), tr, 'num');
      html('td', fmt(a.loss), tr, typeof a.loss === 'string' ? 'num bad' : 'num');
      html('td', String(a.nan), tr, a.nan ? 'num bad' : 'num');
      html('td', String(a.inf), tr, a.inf ? 'num bad' : 'num');
      html('td', a.params.join(', '), tr);
      var g = graphOf(a.step), td = html('td', g ? null : '\u2014', tr);
      if (g) link(g, 'graph', td);
    });
    if (data.anomalies_total > data.anomalies.length)
      html('p', 'The first ' + data.anomalies.length + ' of ' + data.anomalies_total + ' such steps.', box);
  }

  function graphs() {
    document.getElementById('policy').textContent = data.policy;
    var box = document.getElementById('graphs');
    if (!data.graphs.length) { html('p', 'None.', box); return; }
    var t = html('table', null, box), head = html('tr', null, t);
    ['step', 'backward', 'loss', 'kept as', 'graph'].forEach(function (h) { html('th', h, head); });
    data.graphs.forEach(function (g) {
      var tr = html('tr', null, t);
      html('td', String(g.step), tr, 'num');
      html('td', '#' + g.backward, tr, 'num');
      html('td', fmt(g.loss), tr, typeof g.loss === 'string' ? 'num bad' : 'num');
      html('td', g.why, tr);
      link(g, 'step ' + g.step, html('td', null, tr));
    });
  }

  summary();
  lossControls();
  drawLoss();
  perLayer('grad');
  perLayer('ratio', 1e-3);
  anomalies();
  graphs();
})();
)JS";

}  // namespace backstep::viz

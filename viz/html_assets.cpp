// The HTML page's style and script: vanilla CSS and JavaScript, inline, no
// libraries and no network (the page must open from a CI artifact offline).
#include "viz/html_page.h"

namespace backstep::viz {

const char* const kHtmlStyle = R"CSS(
html, body { margin: 0; height: 100%; font: 13px/1.4 system-ui, sans-serif; color: #222; }
body { display: flex; flex-direction: column; }
header { padding: 6px 10px; border-bottom: 1px solid #ddd; background: #fafafa; display: flex; gap: 10px; align-items: baseline; }
header #summary { color: #666; flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
header button { font: inherit; min-width: 2.2em; margin-left: 2px; }
main { flex: 1; display: flex; min-height: 0; }
#view { flex: 1; overflow: hidden; cursor: grab; background: white; }
#view.dragging { cursor: grabbing; }
#view svg { width: 100%; height: 100%; display: block; user-select: none; }
#view g.node, #view g.cluster { cursor: pointer; }
#view g.selected polygon, #view g.selected path, #view g.selected ellipse { stroke: #d81b60; stroke-width: 3px; }
aside { width: 340px; overflow: auto; border-left: 1px solid #ddd; padding: 10px 12px; background: #fcfcfc; }
aside h2 { font-size: 15px; margin: 0 0 6px; font-family: ui-monospace, monospace; }
aside h3 { font-size: 12px; margin: 12px 0 4px; color: #555; text-transform: uppercase; letter-spacing: .04em; }
aside table { border-collapse: collapse; width: 100%; font-family: ui-monospace, monospace; font-size: 12px; }
aside td { padding: 2px 4px; border-bottom: 1px solid #eee; vertical-align: top; word-break: break-word; }
aside td:first-child { color: #555; white-space: nowrap; }
aside pre { background: #f3f3f3; padding: 4px 6px; white-space: pre-wrap; margin: 4px 0; }
aside .bad { color: #c62828; font-weight: bold; }
aside .hint { color: #777; }
header #search { font: inherit; width: 24em; padding: 1px 4px; }
header #search-count { color: #666; min-width: 7em; }
#view g.dim { opacity: 0.25; }
#view g.match polygon, #view g.match path, #view g.match ellipse { stroke: #ff9800; stroke-width: 4px; }
#legend { margin-top: 16px; border-top: 1px solid #ddd; }
#legend .row { display: flex; align-items: center; gap: 8px; margin: 4px 0; font-size: 12px; }
#legend .sw { display: inline-flex; flex: none; }
#legend .sw span { display: inline-block; height: 12px; min-width: 12px; text-align: center; font-size: 10px; line-height: 12px; }
)CSS";

const char* const kHtmlScript = R"JS(
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('backstep-data').textContent);
  var view = document.getElementById('view');
  var svg = view.querySelector('svg');
  var panel = document.getElementById('details');
  if (!svg) return;

  // Graphviz names each element in its <title> ("n12"), which is what a
  // browser shows on hover; show the node's tooltip text instead.
  Array.prototype.forEach.call(svg.querySelectorAll('g.node, g.edge, g.cluster'), function (g) {
    var link = g.querySelector('a');
    var title = g.querySelector('title');
    var text = link && (link.getAttribute('xlink:title') || link.getAttribute('title'));
    if (title && text) title.textContent = text;
  });

  // ---- pan and zoom: the SVG's viewBox is the camera ----------------------
  var base = svg.viewBox.baseVal;
  var home = { x: base.x, y: base.y, w: base.width, h: base.height };
  var cam = { x: home.x, y: home.y, w: home.w, h: home.h };
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  function apply() { svg.setAttribute('viewBox', cam.x + ' ' + cam.y + ' ' + cam.w + ' ' + cam.h); }
  function toSvg(clientX, clientY) {
    var p = svg.createSVGPoint();
    p.x = clientX; p.y = clientY;
    return p.matrixTransform(svg.getScreenCTM().inverse());
  }
  function zoom(factor, clientX, clientY) {
    var r = svg.getBoundingClientRect();
    var at = toSvg(clientX === undefined ? r.left + r.width / 2 : clientX,
                   clientY === undefined ? r.top + r.height / 2 : clientY);
    var w = Math.min(Math.max(cam.w * factor, home.w / 200), home.w * 20);
    var f = w / cam.w;
    cam.x = at.x - (at.x - cam.x) * f;
    cam.y = at.y - (at.y - cam.y) * f;
    cam.w *= f; cam.h *= f;
    apply();
  }
  function fit() { cam = { x: home.x, y: home.y, w: home.w, h: home.h }; apply(); }
  view.addEventListener('wheel', function (e) {
    e.preventDefault();
    zoom(Math.exp(e.deltaY * 0.0015), e.clientX, e.clientY);
  }, { passive: false });
  var drag = null;
  view.addEventListener('mousedown', function (e) {
    drag = { x: e.clientX, y: e.clientY, moved: false };
    view.classList.add('dragging');
  });
  window.addEventListener('mousemove', function (e) {
    if (!drag) return;
    var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    var scale = cam.w / svg.getBoundingClientRect().width;
    cam.x -= dx * scale; cam.y -= dy * scale;
    drag.x = e.clientX; drag.y = e.clientY;
    apply();
  });
  window.addEventListener('mouseup', function () { view.classList.remove('dragging'); setTimeout(function () { drag = null; }, 0); });
  document.getElementById('zoom-in').addEventListener('click', function () { zoom(1 / 1.25); });
  document.getElementById('zoom-out').addEventListener('click', function () { zoom(1.25); });
  document.getElementById('zoom-fit').addEventListener('click', fit);
  window.addEventListener('keydown', function (e) {
    if (e.key === '+' || e.key === '=') zoom(1 / 1.25);
    else if (e.key === '-') zoom(1.25);
    else if (e.key === '0') fit();
  });

  // ---- details panel ------------------------------------------------------
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function table(rows) {
    var t = el('table');
    rows.forEach(function (r) {
      var tr = el('tr');
      tr.appendChild(el('td', r[0]));
      tr.appendChild(el('td', r[1], r[2]));
      t.appendChild(tr);
    });
    return t;
  }
  function section(title, node) { panel.appendChild(el('h3', title)); panel.appendChild(node); }
  function shape(s) { return s ? '(' + s.shape.join(', ') + ')' : ''; }
  function grad(g) {
    if (!g) return ['None', ''];
    if (g.nan || g.inf) return [(g.nan ? 'NaN\u00d7' + g.nan + ' ' : '') + (g.inf ? 'Inf\u00d7' + g.inf : ''), 'bad'];
    return ['norm ' + g.norm.toPrecision(3) + '  min ' + g.min.toPrecision(3) + '  max ' + g.max.toPrecision(3) +
            '  ' + g.dtype + shape(g), ''];
  }
  function show(id) {
    var d = data.items[id];
    panel.textContent = '';
    if (!d) { panel.appendChild(el('p', 'No details for ' + id + '.', 'hint')); return; }
    panel.appendChild(el('h2', d.title));
    var facts = [];
    if (d.kind) facts.push(['kind', d.kind]);
    if (d.location) facts.push(['line', d.location]);
    if (d.module) facts.push(['module', d.module]);
    if (d.state) facts.push(['state', d.state]);
    if (d.breakpoint) facts.push(['breakpoint', 'yes', 'bad']);
    if (d.born) facts.push(['NaN/Inf', 'born here: finite gradients in, NaN/Inf out', 'bad']);
    if (d.stands_for) facts.push(['folded', d.stands_for + ' nodes, one per iteration']);
    if (d.leaf) facts.push(['leaf', (d.leaf['var'] || 'tensor') + ' ' + d.leaf.tensor]);
    if (d.tensor) facts.push(['tensor', typeof d.tensor === 'string' ? d.tensor : d.tensor.text]);
    if (d.value !== undefined) facts.push(['value', d.value]);
    if (d.modified) facts.push(['modified in place', d.modified, 'bad']);
    if (d.hooks && (d.hooks.pre || d.hooks.post || d.hooks.tensor))
      facts.push(['hooks', d.hooks.pre + ' pre, ' + d.hooks.post + ' post, ' + d.hooks.tensor + ' tensor']);
    if (d.note) facts.push(['note', d.note]);
    panel.appendChild(table(facts));
    if (d.source) section('source', el('pre', d.source));
    if (d.calls && d.calls.length) section('called from', table(d.calls.map(function (c, i) { return [i ? 'in' : 'in', c]; })));
    if (d.inputs && d.inputs.length) section('gradient inputs', table(d.inputs.map(function (m, i) { return ['input ' + i, m]; })));
    if (d.saved && d.saved.length)
      section('saved', table(d.saved.map(function (s) {
        return [s.name, s.tensor !== undefined ? s.tensor + (s.modified ? '  (modified: ' + s.modified + ')' : '') : s.value,
                s.modified ? 'bad' : ''];
      })));
    if (d.grads && (d.grads.incoming.length || d.grads.produced.length)) {
      var rows = [];
      d.grads.incoming.forEach(function (g, i) { var t = grad(g); rows.push(['in ' + i, t[0], t[1]]); });
      d.grads.produced.forEach(function (g, i) { var t = grad(g); rows.push(['out ' + i, t[0], t[1]]); });
      section('gradients', table(rows));
    }
    if (d.members && d.members.length) section('nodes inside', table(d.members.map(function (m) { return ['', m]; })));
  }
  var selected = null;
  function select(g) {
    if (selected) selected.classList.remove('selected');
    selected = g;
    g.classList.add('selected');
    show(g.id);
  }
  svg.addEventListener('click', function (e) {
    if (drag && drag.moved) return;
    var g = e.target.closest('g.node, g.cluster');
    if (g) select(g);
  });

  // ---- search: name, #id, file:line, source text, module path -------------
  var search = document.getElementById('search');
  var count = document.getElementById('search-count');
  var matches = [], at = -1;
  function element(id) {
    var e = document.getElementById(id);
    return e && svg.contains(e) ? e : null;
  }
  function found(d, q) {
    var id = /^#(\d+)$/.exec(q);
    if (id) return d.id === Number(id[1]);
    if (d.kind === 'saved') return d.name.toLowerCase() === q;  // not every node's name again
    var where = (d.location || '').toLowerCase();
    if (/:\d+$/.test(q) && (where + ':').indexOf(q + ':') >= 0) return true;
    var text = [d.title, d.name, d.location, d.source, d.module, d.leaf && d.leaf['var'],
                (d.calls || []).join(' '), (d.members || []).join(' ')];
    return text.filter(Boolean).join('\n').toLowerCase().indexOf(q) >= 0;
  }
  function centre(g) {
    var r = g.getBoundingClientRect();
    var c = toSvg(r.left + r.width / 2, r.top + r.height / 2);
    cam.x = c.x - cam.w / 2; cam.y = c.y - cam.h / 2;
    apply();
  }
  function find() {
    var q = search.value.trim().toLowerCase();
    matches = []; at = -1;
    Object.keys(data.items).forEach(function (key) {
      var g = element(key);
      if (!g) return;
      var hit = q !== '' && found(data.items[key], q);
      g.classList.toggle('match', hit);
      g.classList.toggle('dim', q !== '' && !hit && !g.classList.contains('cluster'));
      if (hit) matches.push(g);
    });
    count.textContent = q === '' ? '' : matches.length + (matches.length === 1 ? ' match' : ' matches');
  }
  search.addEventListener('input', find);
  search.addEventListener('keydown', function (e) {
    e.stopPropagation();  // typing + or 0 here is text, not zoom
    if (e.key !== 'Enter' || !matches.length) return;
    at = (at + 1) % matches.length;
    select(matches[at]);
    centre(matches[at]);
    count.textContent = (at + 1) + ' of ' + matches.length;
  });

  // ---- legend ------------------------------------------------------------
  var legend = document.getElementById('legend');
  if (data.legend && data.legend.length) {
    legend.appendChild(el('h3', 'legend'));
    data.legend.forEach(function (e) {
      var row = el('div', null, 'row');
      var sw = el('span', null, 'sw');
      e.fills.forEach(function (fill) {
        var one = e.fills.length === 1;
        var c = el('span', one ? e.mark : '');
        c.style.background = fill;
        c.style.border = e.width + 'px ' + (e.dashed ? 'dashed ' : 'solid ') + e.border;
        if (one) c.style.minWidth = '26px';
        if (e.rounded) c.style.borderRadius = '4px';
        sw.appendChild(c);
      });
      row.appendChild(sw);
      row.appendChild(el('span', e.text));
      legend.appendChild(row);
    });
  }
})();
)JS";

}  // namespace backstep::viz

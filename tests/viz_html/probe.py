#!/usr/bin/env python3
"""Helpers for run_html_test.sh (Python standard library only).

  probe.py inject PAGE OUT      copy PAGE with the probe scripts added
  probe.py check DOM LOG PAGE   judge what the probe saw; exit 1 on failure
"""
import html
import json
import re
import sys

# First thing in <head>: record every error and console.error.
CATCHER = """<script>
window.__errors = [];
window.addEventListener('error', function (e) { window.__errors.push('error: ' + e.message); });
(function () {
  var original = console.error;
  console.error = function () {
    window.__errors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
    original.apply(console, arguments);
  };
})();
</script>
"""

# After the page's own script: click a node, zoom, report into the DOM.
PROBE = """<script>
(function () {
  var result = {};
  try {
    var node = document.querySelector('#view g.node#n1') || document.querySelector('#view g.node');
    result.clicked = node ? node.id : null;
    var shape = node.querySelector('polygon, path, text');
    shape.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    var panel = document.getElementById('details');
    var h2 = panel.querySelector('h2');
    result.title = h2 ? h2.textContent : null;
    result.panel = panel.textContent;
    result.selected = node.classList.contains('selected');
    var svg = document.querySelector('#view svg');
    var before = svg.getAttribute('viewBox');
    document.getElementById('view').dispatchEvent(
        new WheelEvent('wheel', { deltaY: -300, clientX: 300, clientY: 300, bubbles: true, cancelable: true }));
    result.zoomed = svg.getAttribute('viewBox') !== before;
    // The search box: by #id, by name, by creating line, and nothing.
    var search = document.getElementById('search');
    function find(text) {
      search.value = text;
      search.dispatchEvent(new Event('input', { bubbles: true }));
      var hits = Array.prototype.map.call(document.querySelectorAll('#view g.match'), function (g) { return g.id; });
      var dimmed = document.querySelectorAll('#view g.node.dim').length;
      return { hits: hits, dimmed: dimmed, count: document.getElementById('search-count').textContent };
    }
    result.search_id = find('#1');
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    result.search_enter_title = (panel.querySelector('h2') || {}).textContent || null;
    result.search_name = find('tanhbackward0');
    result.search_line = find('rnn_cell.py:6');
    result.search_none = find('no-such-node');
    result.search_cleared = find('');
    result.legend_rows = document.querySelectorAll('#legend .row').length;
    result.legend_text = document.getElementById('legend').textContent;
  } catch (e) {
    window.__errors.push('probe: ' + e);
  }
  result.errors = window.__errors;
  var out = document.createElement('pre');
  out.id = 'probe-result';
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
})();
</script>
"""


def inject(page_path, out_path):
    page = open(page_path, encoding='utf-8').read()
    if '<head>' not in page or '</body>' not in page:
        sys.exit('viz_html: the page has no <head> or </body>')
    page = page.replace('<head>', '<head>\n' + CATCHER, 1)
    page = page[:page.rindex('</body>')] + PROBE + page[page.rindex('</body>'):]
    open(out_path, 'w', encoding='utf-8').write(page)


def network_references(page):
    """URLs the page would load (xmlns namespace names are not loads)."""
    refs = re.findall(r'''(?:src|href)\s*=\s*["']((?:https?:)?//[^"']+)''', page)
    refs += re.findall(r'''url\(\s*["']?((?:https?:)?//[^)"']+)''', page)
    refs += re.findall(r'''@import\s+["']([^"']+)''', page)
    return refs


def check(dom_path, log_path, page_path):
    failures = []
    dom = open(dom_path, encoding='utf-8', errors='replace').read()
    log = open(log_path, encoding='utf-8', errors='replace').read()
    page = open(page_path, encoding='utf-8').read()
    match = re.search(r'<pre id="probe-result">(.*?)</pre>', dom, re.S)
    if not match:
        print(log[-2000:])
        sys.exit('viz_html: FAILED: the probe did not run (page script broken?)')
    result = json.loads(html.unescape(match.group(1)))
    if result.get('errors'):
        failures.append('errors on the page: %s' % result['errors'])
    console = [l for l in log.splitlines() if 'CONSOLE' in l]
    if console:
        failures.append('console messages: %s' % console)
    if network_references(page):
        failures.append('the page loads from the network: %s' % network_references(page))
    title = result.get('title') or ''
    panel = result.get('panel') or ''
    if not re.match(r'^\S+ #\d+$', title):
        failures.append('clicking %s showed the title %r, not "Name #id"' % (result.get('clicked'), title))
    for expected in ('line', '.py:', 'saved'):
        if expected not in panel:
            failures.append('the details panel lacks %r: %r' % (expected, panel[:300]))
    if not result.get('selected'):
        failures.append('the clicked node is not highlighted')
    if not result.get('zoomed'):
        failures.append('the mouse wheel did not zoom')
    sid = result.get('search_id') or {}
    if sid.get('hits') != ['n1'] or sid.get('count') != '1 match' or not sid.get('dimmed'):
        failures.append('searching #1 found %r, not n1 alone with the rest dimmed' % sid)
    if not re.match(r'^\S+ #1$', result.get('search_enter_title') or ''):
        failures.append('Enter in the search box did not show #1: %r' % result.get('search_enter_title'))
    name = result.get('search_name') or {}
    if not name.get('hits') or not all(h.startswith('n') for h in name['hits']):
        failures.append('searching a node name found %r' % name)
    line = result.get('search_line') or {}
    if not line.get('hits'):
        failures.append('searching a creating line (rnn_cell.py:6) found nothing: %r' % line)
    none = result.get('search_none') or {}
    if none.get('hits') or none.get('count') != '0 matches':
        failures.append('searching nonsense found %r' % none)
    cleared = result.get('search_cleared') or {}
    if cleared.get('hits') or cleared.get('dimmed') or cleared.get('count') != '':
        failures.append('clearing the search left %r' % cleared)
    if not result.get('legend_rows') or 'leaf tensor' not in (result.get('legend_text') or ''):
        failures.append('the legend is missing beside the graph: %r' % result.get('legend_text'))
    if failures:
        for f in failures:
            print('viz_html: FAILED: ' + f)
        sys.exit(1)
    print('viz_html: ok: clicked %s, panel shows "%s"; search by id, name and line; legend; no errors, no network'
          % (result['clicked'], title))


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'inject':
        inject(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == 'check':
        check(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)

/* dubbo-stress flame graphs: one canvas, no library, no network. Reads data.flamegraphs from #report-data (per
   scenario, JVM and kind a call tree: [name index, total, self, [children]], root first) and draws the chosen one with
   the root at the top. Click a frame to zoom into it (its callers stay, full width, above it); click the root or
   "reset zoom" to zoom out. Search takes text or /regex/: matching frames turn magenta and the share of the whole they
   stand for is shown (a frame inside another match is counted once). The address's hash chooses too:
   report.html#flame=hop-1k/consumer/cpu&search=Http11&zoom=org.apache.coyote.http11.Http11Processor.service.
   What was drawn is recorded on <html data-flamegraphs="N" data-flame-shown="..." data-flame-frames="N"
   data-flame-matched="..." data-flame-zoom="..."> for the headless-browser test. */
(function () {
  'use strict';

  var ROW = 17;
  var state = {graph: null, zoom: null, search: null};

  function byId(id) { return document.getElementById(id); }

  function hashParams() {
    var out = {};
    (window.location.hash || '').replace(/^#/, '').split('&').forEach(function (kv) {
      var i = kv.indexOf('=');
      if (i > 0) { out[decodeURIComponent(kv.substring(0, i))] = decodeURIComponent(kv.substring(i + 1)); }
    });
    return out;
  }

  /* The tree as objects with their place: x0/x1 in [0, 1] of the whole, depth, parent. */
  function layout(graph) {
    var nodes = [];
    var maxDepth = 0;
    function walk(n, x0, depth, parent) {
      var node = {name: graph.names[n[0]], total: n[1], self: n[2], x0: x0, x1: x0 + n[1] / graph.total,
                  depth: depth, parent: parent, children: []};
      nodes.push(node);
      maxDepth = Math.max(maxDepth, depth);
      var x = x0;
      n[3].forEach(function (c) {
        var child = walk(c, x, depth + 1, node);
        node.children.push(child);
        x = child.x1;
      });
      return node;
    }
    var root = walk(graph.tree, 0, 0, null);
    return {root: root, nodes: nodes, depth: maxDepth};
  }

  function hash(s) {
    var h = 0;
    for (var i = 0; i < s.length; i++) { h = (h * 31 + s.charCodeAt(i)) | 0; }
    return Math.abs(h);
  }

  function color(node) {
    var name = node.name;
    var v = hash(name) % 40;
    if (/ \[kernel\]$/.test(name)) { return 'rgb(' + (225 + v % 30) + ',' + (140 + v) + ',40)'; }
    if (/ \[[^\]]*\]$/.test(name)) { return 'rgb(' + (215 + v % 40) + ',' + (80 + v) + ',' + (60 + v) + ')'; }
    if (/^(new |lock )/.test(name)) { return 'rgb(' + (90 + v) + ',' + (150 + v) + ',225)'; }
    return 'rgb(' + (60 + v) + ',' + (170 + v) + ',' + (60 + v % 20) + ')';
  }

  function matcher(text) {
    if (!text) { return null; }
    var m = /^\/(.*)\/$/.exec(text);
    if (m) {
      try { var re = new RegExp(m[1]); return function (s) { return re.test(s); }; } catch (e) { return null; }
    }
    return function (s) { return s.indexOf(text) >= 0; };
  }

  function perCall(graph, weight) {
    return graph.perUnit === null ? '' : ', ' + (weight * graph.perUnit).toFixed(weight * graph.perUnit >= 10 ? 1 : 2)
        + ' ' + graph.unit;
  }

  function describe(graph, node) {
    return node.name + ' \u2014 ' + (100 * node.total / graph.total).toFixed(2) + ' % (self '
        + (100 * node.self / graph.total).toFixed(2) + ' %)' + perCall(graph, node.total);
  }

  function draw() {
    var canvas = byId('flame-canvas');
    var graph = state.graph;
    var lay = state.layout;
    var width = Math.max(600, byId('flame-box').clientWidth || 1200);
    var ratio = window.devicePixelRatio || 1;
    var height = (lay.depth + 1) * ROW;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    canvas.style.width = width + 'px';
    canvas.style.height = height + 'px';
    var g = canvas.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    g.font = '11px Menlo, Consolas, monospace';
    g.textBaseline = 'middle';
    var zoom = state.zoom || lay.root;
    var z0 = zoom.x0, z1 = zoom.x1;
    var match = matcher(state.search);
    var drawnFrames = 0;
    var matched = 0;
    var ancestors = [];
    for (var a = zoom.parent; a; a = a.parent) { ancestors.push(a); }
    lay.nodes.forEach(function (node) {
      var isMatch = match && match(node.name);
      if (isMatch) {
        var counted = false;
        for (var p = node.parent; p; p = p.parent) { if (match(p.name)) { counted = true; break; } }
        if (!counted) { matched += node.total; }
      }
      var x, w;
      if (ancestors.indexOf(node) >= 0) {
        x = 0; w = width;
      } else if (node.x1 <= z0 || node.x0 >= z1 || node.depth < zoom.depth) {
        return;
      } else {
        x = (node.x0 - z0) / (z1 - z0) * width;
        w = (node.x1 - node.x0) / (z1 - z0) * width;
      }
      if (w < 0.4) { return; }
      var y = node.depth * ROW;
      g.fillStyle = isMatch ? '#e040e0' : ancestors.indexOf(node) >= 0 ? '#d8dce4' : color(node);
      g.fillRect(x, y, Math.max(w - 0.5, 0.4), ROW - 1);
      drawnFrames++;
      if (w > 28) {
        g.fillStyle = '#111';
        var label = node.name;
        var fits = Math.floor((w - 6) / 6.7);
        if (label.length > fits) { label = label.substring(0, Math.max(0, fits - 1)) + '\u2026'; }
        g.fillText(label, x + 3, y + ROW / 2);
      }
    });
    var root = document.documentElement;
    root.setAttribute('data-flame-frames', String(drawnFrames));
    root.setAttribute('data-flame-zoom', zoom === lay.root ? '' : zoom.name);
    var info = byId('flame-matched');
    if (match) {
      var share = (100 * matched / graph.total).toFixed(2);
      info.textContent = 'matched: ' + share + ' %' + perCall(graph, matched);
      root.setAttribute('data-flame-matched', share);
    } else {
      info.textContent = zoom === lay.root ? '' : 'zoomed into ' + zoom.name;
      root.removeAttribute('data-flame-matched');
    }
  }

  function nodeAt(ev) {
    var canvas = byId('flame-canvas');
    var rect = canvas.getBoundingClientRect();
    var px = ev.clientX - rect.left, py = ev.clientY - rect.top;
    var depth = Math.floor(py / ROW);
    var zoom = state.zoom || state.layout.root;
    var width = rect.width;
    var found = null;
    state.layout.nodes.forEach(function (node) {
      if (node.depth !== depth) { return; }
      if (node.depth < zoom.depth) {
        if (node === zoom.parent || (zoom.parent && isAncestor(node, zoom))) { found = node; }
        return;
      }
      var x = (node.x0 - zoom.x0) / (zoom.x1 - zoom.x0) * width;
      var w = (node.x1 - node.x0) / (zoom.x1 - zoom.x0) * width;
      if (px >= x && px < x + w) { found = node; }
    });
    return found;
  }

  function isAncestor(a, node) {
    for (var p = node.parent; p; p = p.parent) { if (p === a) { return true; } }
    return false;
  }

  function show(index) {
    var graphs = state.graphs;
    state.graph = graphs[index];
    state.layout = layout(state.graph);
    state.zoom = null;
    document.documentElement.setAttribute('data-flame-shown', key(state.graph));
    byId('flame-unit').textContent = state.graph.perUnit === null ? '' : 'widths: share of the whole; figures in '
        + state.graph.unit;
    draw();
  }

  function key(graph) { return graph.scenario + '/' + graph.service + '/' + graph.kind; }

  function zoomTo(name) {
    var best = null;
    state.layout.nodes.forEach(function (n) { if (n.name === name && (!best || n.total > best.total)) { best = n; } });
    state.zoom = best;
    draw();
    return best !== null;
  }

  function main() {
    var box = byId('flamegraphs');
    if (!box) { return; }
    var data = JSON.parse(byId('report-data').textContent);
    var graphs = data.flamegraphs || [];
    state.graphs = graphs;
    document.documentElement.setAttribute('data-flamegraphs', String(graphs.length));
    if (graphs.length === 0) { return; }
    var select = byId('flame-select');
    var kinds = {cpu: 'CPU', alloc: 'allocations', lock: 'lock contention'};
    graphs.forEach(function (graph, i) {
      var option = document.createElement('option');
      option.value = String(i);
      option.textContent = graph.scenario + ' \u00b7 ' + graph.service + ' \u00b7 ' + (kinds[graph.kind] || graph.kind);
      select.appendChild(option);
    });
    var params = hashParams();
    var start = 0;
    graphs.forEach(function (graph, i) { if (params.flame === key(graph)) { start = i; } });
    select.value = String(start);
    select.addEventListener('change', function () { show(Number(select.value)); });
    var search = byId('flame-search');
    search.addEventListener('input', function () { state.search = search.value; draw(); });
    byId('flame-reset').addEventListener('click', function () { state.zoom = null; draw(); });
    var canvas = byId('flame-canvas');
    var tip = byId('flame-tip');
    canvas.addEventListener('click', function (ev) {
      var node = nodeAt(ev);
      if (node) { state.zoom = node.parent ? node : null; draw(); }
    });
    canvas.addEventListener('mousemove', function (ev) {
      var node = nodeAt(ev);
      tip.textContent = node ? describe(state.graph, node) : '';
    });
    window.addEventListener('resize', function () { if (state.graph) { draw(); } });
    show(start);
    if (params.search) { search.value = params.search; state.search = params.search; }
    if (params.zoom) { zoomTo(params.zoom); } else { draw(); }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', main);
  } else {
    main();
  }
}());

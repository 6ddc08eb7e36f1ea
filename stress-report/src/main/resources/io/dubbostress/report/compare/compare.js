/* dubbo-stress comparison charts: plain SVG, no library, no network. Reads the JSON in #compare-data and draws
   (1) every figure's change NEW vs BASE with its interval, the smallest detectable change shaded around zero, and
   (2) per scenario the latencies of BASE and NEW side by side, each trial a dot. Records what it drew on
   <html data-charts-drawn="N" data-charts="..."> (the headless-browser test reads it back). */
(function () {
  'use strict';

  var SVG = 'http://www.w3.org/2000/svg';
  var BASE = '#1f77b4', NEW = '#ff7f0e', WORSE = '#d62728', BETTER = '#2ca02c', SAME = '#5b6474';
  var drawn = [];

  function el(tag, attrs, parent) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (parent) { parent.appendChild(node); }
    return node;
  }

  function text(parent, x, y, value, attrs) {
    var t = el('text', Object.assign({x: x, y: y}, attrs || {}), parent);
    t.textContent = value;
    return t;
  }

  function tip(node, value) {
    var t = el('title', {}, node);
    t.textContent = value;
  }

  function fmt(v) {
    var a = Math.abs(v);
    if (a >= 1e6) { return (v / 1e6).toFixed(1) + 'M'; }
    if (a >= 1e4) { return (v / 1e3).toFixed(0) + 'k'; }
    if (a >= 100 || a === 0) { return v.toFixed(0); }
    if (a >= 1) { return v.toFixed(1).replace(/\.0$/, ''); }
    return v.toPrecision(2);
  }

  // with its sign, 1 decimal; what rounds to zero is +0.0 (as in compare.md), never -0.0
  function signed(v) { var a = Math.abs(v).toFixed(1); return (v < 0 && a !== '0.0' ? '-' : '+') + a; }

  function niceStep(span, count) {
    var raw = span / Math.max(1, count);
    var power = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
    var n = raw / power;
    return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * power;
  }

  function colorOf(f) {
    // no change, not detectable, not measured: grey; only a detected change is red or green
    if (f.verdict === 'no change' || f.verdict.indexOf('not ') === 0) { return SAME; }
    return f.worse ? WORSE : BETTER;
  }

  /* (1) The change of every figure measured as a ratio, one row each, its interval drawn. */
  function changeChart(data) {
    var container = document.getElementById('chart-change');
    var rows = [];
    data.scenarios.forEach(function (s) {
      s.figures.forEach(function (f) {
        if (f.changeUnit === '%' && f.low !== null && f.high !== null) { rows.push({s: s, f: f}); }
      });
    });
    if (rows.length === 0) {
      container.textContent = 'No change to draw: no figure was measured on both sides.';
      container.className += ' no-data';
      return;
    }
    var W = 900, rowH = 22, M = {top: 44, right: 30, bottom: 40, left: 190};
    var H = M.top + M.bottom + rows.length * rowH;
    // the axis spans the intervals, but not the widest few (a p99.9 of few samples): those run off its edge
    var ends = rows.map(function (r) { return Math.max(Math.abs(r.f.low), Math.abs(r.f.high), Math.abs(r.f.change)); });
    var sorted = ends.slice().sort(function (a, b) { return a - b; });
    var typical = sorted[Math.floor(sorted.length / 2)];
    var reach = Math.max(5, Math.min(sorted[sorted.length - 1], 4 * typical)) * 1.1;
    var step = niceStep(2 * reach, 8);
    reach = Math.ceil(reach / step) * step;
    function x(v) { return M.left + (Math.max(-reach, Math.min(reach, v)) + reach) / (2 * reach) * (W - M.left - M.right); }
    var svg = el('svg', {viewBox: '0 0 ' + W + ' ' + H, width: '100%', role: 'img', 'class': 'chart-svg',
                         'aria-label': 'Change NEW vs BASE'}, container);
    text(svg, M.left, 16, 'Change NEW vs BASE, ' + (Math.round(data.confidence * 1000) / 10) + ' % interval '
         + '(grey: smaller than the data could detect)', {'class': 'chart-title'});
    var axes = el('g', {'class': 'axes'}, svg);
    for (var v = -reach; v <= reach + step / 2; v += step) {
      var px = x(v);
      el('line', {x1: px, x2: px, y1: M.top - 6, y2: H - M.bottom, 'class': v === 0 ? 'axis' : 'grid'}, axes);
      text(axes, px, H - M.bottom + 16, signed(v) + ' %', {'text-anchor': 'middle', 'class': 'tick'});
    }
    text(axes, M.left + (W - M.left - M.right) / 2, H - 6, 'NEW / BASE - 1 (latency up is slower; TPS up is faster)',
         {'text-anchor': 'middle', 'class': 'axis-label'});
    var plot = el('g', {'class': 'plot'}, svg);
    var last = null;
    rows.forEach(function (r, i) {
      var cy = M.top + i * rowH + rowH / 2;
      if (r.s.name !== last) {
        if (last !== null) {
          el('line', {x1: 8, x2: W - M.right, y1: cy - rowH / 2, y2: cy - rowH / 2, 'class': 'grid'}, plot);
        }
        last = r.s.name;
      }
      text(plot, M.left - 8, cy + 4, r.s.name + '  ' + r.f.title, {'text-anchor': 'end', 'class': 'tick'});
      if (r.f.mde) {
        el('rect', {x: x(-r.f.mde), y: cy - 7, width: Math.max(0, x(r.f.mde) - x(-r.f.mde)), height: 14,
                    fill: '#e6e9ef', 'class': 'mde'}, plot);
      }
      var color = colorOf(r.f);
      var g = el('g', {'class': 'interval'}, plot);
      el('line', {x1: x(r.f.low), x2: x(r.f.high), y1: cy, y2: cy, stroke: color, 'stroke-width': 3}, g);
      el('line', {x1: x(r.f.low), x2: x(r.f.low), y1: cy - 5, y2: cy + 5, stroke: color, 'stroke-width': 2}, g);
      el('line', {x1: x(r.f.high), x2: x(r.f.high), y1: cy - 5, y2: cy + 5, stroke: color, 'stroke-width': 2}, g);
      el('circle', {cx: x(r.f.change), cy: cy, r: 4.5, fill: color, 'class': 'point'}, g);
      tip(g, r.s.name + ' ' + r.f.title + ': ' + signed(r.f.change) + ' % [' + signed(r.f.low) + ', '
          + signed(r.f.high) + '], smallest detectable ' + r.f.mde.toFixed(1) + ' %: ' + r.f.verdict);
      text(plot, W - M.right + 4, cy + 4, '', {'class': 'tick'});
    });
    drawn.push('chart-change');
  }

  /* (2) Per scenario, the latencies side by side: BASE left, NEW right of each figure; each trial a dot, the side's
     value a bar. */
  function sideBySide(data) {
    var container = document.getElementById('chart-side-by-side');
    var any = false;
    data.scenarios.forEach(function (s) {
      var figures = s.figures.filter(function (f) { return f.unit === 'us' && f.base !== null && f.new !== null; });
      if (figures.length === 0) { return; }
      any = true;
      var W = 900, H = 300, M = {top: 28, right: 24, bottom: 44, left: 72};
      var svg = el('svg', {viewBox: '0 0 ' + W + ' ' + H, width: '100%', role: 'img', 'class': 'chart-svg',
                           'aria-label': s.name + ' latency, BASE and NEW'}, container);
      var ms = s.unit !== 'us';
      text(svg, M.left, 16, s.name + ': latency, BASE (blue) and NEW (orange), each trial a dot', {'class': 'chart-title'});
      var lo = Infinity, hi = -Infinity;
      figures.forEach(function (f) {
        f.baseTrials.concat(f.newTrials).concat([f.base, f.new]).forEach(function (v) {
          if (v !== null && v > 0) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
        });
      });
      lo = Math.max(lo, 1e-3);
      var e0 = Math.floor(Math.log(lo) / Math.LN10), e1 = Math.ceil(Math.log(hi) / Math.LN10);
      if (e1 === e0) { e1 = e0 + 1; }
      function y(v) { return H - M.bottom - (Math.log(Math.max(v, Math.pow(10, e0))) / Math.LN10 - e0) / (e1 - e0) * (H - M.top - M.bottom); }
      var axes = el('g', {'class': 'axes'}, svg);
      for (var e = e0; e <= e1; e++) {
        [1, 2, 5].forEach(function (m) {
          var v = m * Math.pow(10, e);
          if (v < Math.pow(10, e0) || v > Math.pow(10, e1)) { return; }
          var py = y(v);
          el('line', {x1: M.left, x2: W - M.right, y1: py, y2: py, 'class': 'grid'}, axes);
          text(axes, M.left - 6, py + 4, fmt(ms ? v / 1000 : v), {'text-anchor': 'end', 'class': 'tick'});
        });
      }
      text(axes, 14, M.top + (H - M.top - M.bottom) / 2, ms ? 'ms' : '\u00b5s',
           {'class': 'axis-label', transform: 'rotate(-90 14 ' + (M.top + (H - M.top - M.bottom) / 2) + ')'});
      var slot = (W - M.left - M.right) / figures.length;
      var plot = el('g', {'class': 'plot'}, svg);
      figures.forEach(function (f, i) {
        var cx = M.left + slot * (i + 0.5);
        text(plot, cx, H - M.bottom + 18, f.title, {'text-anchor': 'middle', 'class': 'tick'});
        text(plot, cx, H - M.bottom + 32, f.verdict, {'text-anchor': 'middle', 'class': 'tick',
                                                      fill: colorOf(f)});
        [[f.baseTrials, f.base, BASE, -1, 'BASE'], [f.newTrials, f.new, NEW, 1, 'NEW']].forEach(function (side) {
          var sx = cx + side[3] * slot * 0.18;
          var g = el('g', {'class': 'side'}, plot);
          el('line', {x1: sx - 12, x2: sx + 12, y1: y(side[1]), y2: y(side[1]), stroke: side[2], 'stroke-width': 3}, g);
          side[0].forEach(function (v, k) {
            if (v === null) { return; }
            var dot = el('circle', {cx: sx + (k - (side[0].length - 1) / 2) * 5, cy: y(v), r: 3, fill: side[2],
                                    'fill-opacity': 0.7, 'class': 'point'}, g);
            tip(dot, side[4] + ' trial ' + (k + 1) + ' ' + f.title + ': ' + fmt(ms ? v / 1000 : v) + (ms ? ' ms' : ' \u00b5s'));
          });
          tip(g, side[4] + ' ' + f.title + ': ' + fmt(ms ? side[1] / 1000 : side[1]) + (ms ? ' ms' : ' \u00b5s'));
        });
      });
      drawn.push('chart-side-by-side/' + s.name);
    });
    if (!any) {
      container.textContent = 'No latency measured on both sides.';
      container.className += ' no-data';
    }
  }

  var data = JSON.parse(document.getElementById('compare-data').textContent);
  changeChart(data);
  sideBySide(data);
  var root = document.documentElement;
  root.setAttribute('data-charts-drawn', String(drawn.length));
  root.setAttribute('data-charts', drawn.join(','));
  document.getElementById('chart-status').textContent = drawn.length + ' charts drawn';
}());

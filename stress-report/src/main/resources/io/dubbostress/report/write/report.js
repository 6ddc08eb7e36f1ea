/* dubbo-stress report charts: plain SVG, no library, no network. Reads the JSON in #report-data, draws every chart
   into its .chart element, then records what it drew on <html data-charts-drawn="N" data-charts="a,b,...">
   (the headless-browser test reads that back). */
(function () {
  'use strict';

  var SVG = 'http://www.w3.org/2000/svg';
  var W = 900, H = 320, M = {top: 24, right: 24, bottom: 44, left: 72};
  var PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
                 '#bcbd22', '#17becf'];
  var drawn = [];
  var empty = [];

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

  function pad2(n) { return (n < 10 ? '0' : '') + n; }

  function clock(ms) {
    var d = new Date(ms);
    return pad2(d.getHours()) + ':' + pad2(d.getMinutes()) + ':' + pad2(d.getSeconds());
  }

  function fmt(v) {
    var a = Math.abs(v);
    if (a >= 1e9) { return (v / 1e9).toFixed(a >= 1e10 ? 0 : 1) + 'G'; }
    if (a >= 1e6) { return (v / 1e6).toFixed(a >= 1e7 ? 0 : 1) + 'M'; }
    if (a >= 1e4) { return (v / 1e3).toFixed(0) + 'k'; }
    if (a >= 100 || a === 0) { return v.toFixed(0); }
    if (a >= 1) { return v.toFixed(1).replace(/\.0$/, ''); }
    return v.toPrecision(2);
  }

  function niceStep(span, count) {
    var raw = span / Math.max(1, count);
    var power = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
    var n = raw / power;
    return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * power;
  }

  /* A scale maps a data value to a pixel; ticks() gives [value, label] pairs. */
  function linearScale(min, max, from, to, labeler) {
    if (!(max > min)) { max = min + 1; }
    var step = niceStep(max - min, 6);
    var lo = Math.floor(min / step) * step;
    var hi = Math.ceil(max / step) * step;
    return {
      map: function (v) { return from + (v - lo) / (hi - lo) * (to - from); },
      ticks: function () {
        var out = [];
        for (var v = lo; v <= hi + step / 2; v += step) { out.push([v, (labeler || fmt)(v)]); }
        return out;
      }
    };
  }

  function logScale(min, max, from, to) {
    min = Math.max(min, 1e-3);
    if (!(max > min)) { max = min * 10; }
    var lo = Math.floor(Math.log(min) / Math.LN10);
    var hi = Math.ceil(Math.log(max) / Math.LN10);
    if (hi === lo) { hi = lo + 1; }
    return {
      map: function (v) {
        var l = Math.log(Math.max(v, Math.pow(10, lo))) / Math.LN10;
        return from + (l - lo) / (hi - lo) * (to - from);
      },
      ticks: function () {
        var out = [];
        for (var e = lo; e <= hi; e++) {
          out.push([Math.pow(10, e), fmt(Math.pow(10, e))]);
          if (hi - lo <= 3 && e < hi) {
            out.push([2 * Math.pow(10, e), fmt(2 * Math.pow(10, e))]);
            out.push([5 * Math.pow(10, e), fmt(5 * Math.pow(10, e))]);
          }
        }
        return out;
      }
    };
  }

  /* Percentile axis: x = log10(1 / (1 - p)), so 90 %, 99 %, 99.9 % are evenly spaced. */
  function percentileScale(maxP, from, to) {
    function t(p) { return Math.log(1 / Math.max(1e-9, 1 - p / 100)) / Math.LN10; }
    var hi = Math.max(1, Math.ceil(t(Math.min(maxP, 99.99999))));
    return {
      map: function (p) { return from + Math.min(t(p), hi) / hi * (to - from); },
      ticks: function () {
        var out = [[0, '0%'], [50, '50%']];
        var p = 90;
        for (var k = 1; k <= hi; k++) {
          out.push([p, p + '%']);
          p = +(100 - (100 - p) / 10).toFixed(k + 1);
        }
        return out;
      }
    };
  }

  function frame(container, title, yLabel) {
    var svg = el('svg', {viewBox: '0 0 ' + W + ' ' + H, width: '100%', role: 'img', 'aria-label': title,
                         'class': 'chart-svg'});
    container.appendChild(svg);
    text(svg, M.left, 16, title, {'class': 'chart-title'});
    text(svg, 14, M.top + (H - M.top - M.bottom) / 2, yLabel,
         {'class': 'axis-label', transform: 'rotate(-90 14 ' + (M.top + (H - M.top - M.bottom) / 2) + ')',
          'text-anchor': 'middle'});
    return svg;
  }

  function axes(svg, x, y, xLabel) {
    var g = el('g', {'class': 'axes'}, svg);
    y.ticks().forEach(function (t) {
      var py = y.map(t[0]);
      if (py < M.top - 1 || py > H - M.bottom + 1) { return; }
      el('line', {x1: M.left, x2: W - M.right, y1: py, y2: py, 'class': 'grid'}, g);
      text(g, M.left - 6, py + 4, t[1], {'text-anchor': 'end', 'class': 'tick'});
    });
    x.ticks().forEach(function (t) {
      var px = x.map(t[0]);
      if (px < M.left - 1 || px > W - M.right + 1) { return; }
      el('line', {x1: px, x2: px, y1: H - M.bottom, y2: H - M.bottom + 5, 'class': 'axis'}, g);
      text(g, px, H - M.bottom + 18, t[1], {'text-anchor': 'middle', 'class': 'tick'});
    });
    el('line', {x1: M.left, x2: W - M.right, y1: H - M.bottom, y2: H - M.bottom, 'class': 'axis'}, g);
    el('line', {x1: M.left, x2: M.left, y1: M.top, y2: H - M.bottom, 'class': 'axis'}, g);
    text(g, M.left + (W - M.left - M.right) / 2, H - 6, xLabel, {'text-anchor': 'middle', 'class': 'axis-label'});
  }

  function timeScale(min, max) {
    if (!(max > min)) { max = min + 1000; }
    var steps = [1e3, 2e3, 5e3, 1e4, 15e3, 3e4, 6e4, 12e4, 3e5, 6e5, 9e5, 18e5, 36e5];
    var step = steps[steps.length - 1];
    for (var i = 0; i < steps.length; i++) { if ((max - min) / steps[i] <= 8) { step = steps[i]; break; } }
    return {
      map: function (v) { return M.left + (v - min) / (max - min) * (W - M.left - M.right); },
      ticks: function () {
        var out = [];
        for (var v = Math.ceil(min / step) * step; v <= max; v += step) { out.push([v, clock(v)]); }
        return out;
      }
    };
  }

  function bands(svg, x, windows) {
    var g = el('g', {'class': 'bands'}, svg);
    windows.forEach(function (w, i) {
      var x0 = x.map(w.start), xs = x.map(w.steadyStart), x1 = x.map(w.end);
      el('rect', {x: x0, y: M.top, width: Math.max(0, xs - x0), height: H - M.top - M.bottom, 'class': 'warmup'}, g);
      el('rect', {x: xs, y: M.top, width: Math.max(0, x1 - xs), height: H - M.top - M.bottom,
                  'class': i % 2 ? 'band odd' : 'band'}, g);
      text(g, (x0 + x1) / 2, M.top + 12, w.name, {'text-anchor': 'middle', 'class': 'band-label'});
    });
  }

  function legend(container, series) {
    var div = document.createElement('div');
    div.className = 'legend';
    series.forEach(function (s) {
      var item = document.createElement('span');
      var swatch = document.createElement('i');
      swatch.style.background = s.color;
      if (s.dash) { swatch.className = 'dashed'; }
      item.appendChild(swatch);
      item.appendChild(document.createTextNode(s.name));
      div.appendChild(item);
    });
    container.appendChild(div);
  }

  function defined(p) { return p[1] !== null && p[1] !== undefined && !isNaN(p[1]); }

  /* The typical step between a series' points; a step much longer is a gap (between two scenarios, an agent that
     stopped answering) that a line must not bridge. */
  function gapOf(points) {
    var steps = [];
    for (var i = 1; i < points.length; i++) {
      var d = points[i][0] - points[i - 1][0];
      if (d > 0) { steps.push(d); }
    }
    if (steps.length === 0) { return Infinity; }
    steps.sort(function (a, b) { return a - b; });
    return 3 * steps[Math.floor(steps.length / 2)];
  }

  /* Line segments through the points, broken at missing values and at gaps; returns the path and the points that
     stand alone (no neighbour to draw a line to: a lone slow bucket must still show). */
  function pathOf(points, x, y) {
    var d = '', pen = false, gap = gapOf(points), alone = [], run = [];
    function endRun() { if (run.length === 1) { alone.push(run[0]); } run = []; }
    points.forEach(function (p, i) {
      if (!defined(p) || (pen && p[0] - points[i - 1][0] > gap)) { pen = false; endRun(); }
      if (!defined(p)) { return; }
      d += (pen ? 'L' : 'M') + x.map(p[0]).toFixed(1) + ' ' + y.map(p[1]).toFixed(1);
      pen = true;
      run.push(p);
    });
    endRun();
    return {d: d, alone: alone};
  }

  function extent(series, index) {
    var lo = Infinity, hi = -Infinity;
    series.forEach(function (s) {
      s.points.forEach(function (p) {
        var v = p[index];
        if (v !== null && v !== undefined && !isNaN(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      });
    });
    return [lo, hi];
  }

  /* Draws a chart of lines (or points) into the element with id `id`. */
  function chart(id, options) {
    var container = document.getElementById(id);
    if (!container) { return; }
    var series = options.series.filter(function (s) { return s.points.length > 0; });
    if (series.length === 0) {
      var p = document.createElement('p');
      p.className = 'no-data';
      p.textContent = options.title + ': no data';
      container.appendChild(p);
      empty.push(id);
      return;
    }
    var svg = frame(container, options.title, options.yLabel);
    var xs = extent(series, 0), ys = extent(series, 1);
    if (options.xMin !== undefined) { xs[0] = Math.min(xs[0], options.xMin); }
    if (options.xMax !== undefined) { xs[1] = Math.max(xs[1], options.xMax); }
    var x;
    if (options.xType === 'percentile') {
      // the 100 % point (the max) sits on the right edge; the axis ends at the finest percentile measured
      var finest = 90;
      series.forEach(function (s) {
        s.points.forEach(function (pt) { if (pt[0] < 100) { finest = Math.max(finest, pt[0]); } });
      });
      x = percentileScale(finest, M.left, W - M.right);
    } else {
      x = timeScale(xs[0], xs[1]);
    }
    var y = options.yLog ? logScale(ys[0], ys[1], H - M.bottom, M.top)
        : linearScale(Math.min(0, ys[0]), ys[1], H - M.bottom, M.top, options.yLabeler);
    if (options.windows) { bands(svg, x, options.windows); }
    axes(svg, x, y, options.xLabel);
    var plot = el('g', {'class': 'plot'}, svg);
    series.forEach(function (s) {
      if (options.points) {
        s.points.forEach(function (pt) {
          var c = el('circle', {cx: x.map(pt[0]).toFixed(1), cy: y.map(pt[1]).toFixed(1), r: pt[2] ? 4 : 2.5,
                                fill: s.color, 'fill-opacity': pt[2] ? 0.9 : 0.6, 'class': 'point'}, plot);
          var tip = el('title', {}, c);
          tip.textContent = s.name + ' ' + clock(pt[0]) + ': ' + fmt(pt[1]) + ' ms' + (pt[2] ? ' (full GC)' : '');
        });
      } else {
        var path = pathOf(s.points, x, y);
        var line = el('path', {d: path.d, stroke: s.color, fill: 'none', 'stroke-width': s.width || 1.8,
                    'stroke-dasharray': s.dash ? '5 4' : 'none', 'class': 'line'}, plot);
        el('title', {}, line).textContent = s.name;
        path.alone.forEach(function (pt) {
          el('circle', {cx: x.map(pt[0]).toFixed(1), cy: y.map(pt[1]).toFixed(1), r: 2.5, fill: s.color,
                        'class': 'point alone'}, plot);
        });
        // hover targets: each value with its time, the line alone says only which series it is
        s.points.forEach(function (pt) {
          if (!defined(pt)) { return; }
          var hit = el('circle', {cx: x.map(pt[0]).toFixed(1), cy: y.map(pt[1]).toFixed(1), r: 4, fill: s.color,
                                  'fill-opacity': 0, 'class': 'hover'}, plot);
          el('title', {}, hit).textContent = s.name + ' ' + (options.xType === 'percentile'
              ? 'p' + fmt(pt[0]) : clock(pt[0])) + ': ' + fmt(pt[1]) + (options.unit ? ' ' + options.unit : '');
        });
      }
    });
    legend(container, series);
    drawn.push(id);
  }

  function colorFor(i) { return PALETTE[i % PALETTE.length]; }

  function draw(data) {
    var scenarios = data.scenarios || [];
    var windows = scenarios.map(function (s) {
      return {name: s.name, start: s.start, steadyStart: s.steadyStart, end: s.end};
    });
    var span = {min: Infinity, max: -Infinity};
    scenarios.forEach(function (s) { span.min = Math.min(span.min, s.start); span.max = Math.max(span.max, s.end); });

    chart('chart-percentiles', {
      title: 'Latency by percentile (log scales)', xType: 'percentile', yLog: true, unit: '\u00b5s',
      xLabel: 'percentile', yLabel: 'latency (\u00b5s)',
      series: scenarios.map(function (s, i) {
        return {name: s.name, color: colorFor(i),
                points: s.curve.map(function (p) { return [p[0], Math.max(p[1] * s.micros, 0.5)]; })};
      })
    });

    // rate-driven scenarios only: service time (solid) against the response time from the due time (dashed); the
    // chart's container is added when there is one, so a closed-model report keeps its charts as they were
    var paced = scenarios.filter(function (s) { return s.dueCurve; });
    if (paced.length > 0) {
      var charts = document.querySelector('.charts');
      var box = document.createElement('div');
      box.className = 'chart';
      box.id = 'chart-from-due';
      charts.insertBefore(box, charts.children[1] || null);
      var dueSeries = [];
      paced.forEach(function (s) {
        var i = scenarios.indexOf(s);
        dueSeries.push({name: s.name + ' service time', color: colorFor(i),
                        points: s.curve.map(function (p) { return [p[0], Math.max(p[1] * s.micros, 0.5)]; })});
        dueSeries.push({name: s.name + ' from due time', color: colorFor(i), dash: true,
                        points: s.dueCurve.map(function (p) { return [p[0], Math.max(p[1], 0.5)]; })});
      });
      chart('chart-from-due', {
        title: 'At the target rate: service time (solid) vs response time from the due time (dashed)',
        xType: 'percentile', yLog: true, unit: '\u00b5s', xLabel: 'percentile', yLabel: 'latency (\u00b5s)',
        series: dueSeries
      });
    }

    var latencySeries = [];
    scenarios.forEach(function (s, i) {
      var t = s.timeline;
      function pts(values) {
        return values.map(function (v, k) {
          return [t.start + (k + 0.5) * t.bucketMs, v === null ? null : Math.max(v * s.micros, 0.5)];
        });
      }
      latencySeries.push({name: s.name + ' p99', color: colorFor(i), points: pts(t.p99)});
      latencySeries.push({name: s.name + ' mean', color: colorFor(i), dash: true, width: 1.2, points: pts(t.mean)});
    });
    chart('chart-latency-time', {title: 'Latency over time: p99 (solid) and mean (dashed)', yLog: true, unit: '\u00b5s',
      xLabel: 'time', yLabel: 'latency (\u00b5s)', windows: windows, xMin: span.min, xMax: span.max,
      series: latencySeries});

    chart('chart-tps-time', {title: 'Throughput over time', xLabel: 'time', yLabel: 'samples/s', unit: 'samples/s',
      windows: windows,
      xMin: span.min, xMax: span.max,
      series: scenarios.map(function (s, i) {
        var t = s.timeline;
        return {name: s.name, color: colorFor(i), points: t.tps.map(function (v, k) {
          return [t.start + (k + 0.5) * t.bucketMs, v];
        })};
      })
    });

    function serverChart(id, title, yLabel, kinds, scale) {
      var list = (data.server || []).filter(function (m) { return kinds.indexOf(m.kind) >= 0; });
      chart(id, {title: title, xLabel: 'time', yLabel: yLabel, unit: yLabel, windows: windows, xMin: span.min,
        xMax: span.max,
        series: list.map(function (m, i) {
          return {name: m.label, color: colorFor(i), points: m.points.map(function (p) { return [p[0], p[1] * scale]; })};
        })
      });
    }
    serverChart('chart-cpu-memory', 'Server CPU and memory', 'percent', ['cpuPercent', 'memoryPercent'], 1);
    serverChart('chart-network', 'Server network', 'KiB/s', ['networkReceivedBytesPerSec', 'networkSentBytesPerSec'],
                1 / 1024);
    serverChart('chart-disk', 'Server disk', 'KiB/s', ['diskReadBytesPerSec', 'diskWriteBytesPerSec'], 1 / 1024);

    chart('chart-gc', {title: 'GC pauses over time (large dots: full GC)', points: true, yLog: true,
      xLabel: 'time', yLabel: 'pause (ms)', windows: windows, xMin: span.min, xMax: span.max,
      series: (data.gc || []).map(function (g, i) {
        return {name: g.service, color: colorFor(i + 3), points: g.points};
      })
    });
  }

  /**
   * Records how the tables fit the window: <html data-tables="N" data-tables-wider="id:width,...">, each table whose
   * width (its scroll width) is beyond the window's (the test at 1,400 px reads it back).
   */
  function measureTables() {
    var root = document.documentElement;
    var viewport = root.clientWidth;
    var tables = document.querySelectorAll('section.table table');
    var wider = [];
    for (var i = 0; i < tables.length; i++) {
      var width = Math.max(tables[i].scrollWidth, Math.ceil(tables[i].getBoundingClientRect().right));
      if (width > viewport) {
        wider.push(tables[i].closest('section').id + ':' + width);
      }
    }
    root.setAttribute('data-viewport', String(viewport));
    root.setAttribute('data-tables', String(tables.length));
    root.setAttribute('data-tables-wider', wider.join(','));
  }

  function main() {
    var root = document.documentElement;
    measureTables();
    try {
      var data = JSON.parse(document.getElementById('report-data').textContent);
      draw(data);
      root.setAttribute('data-charts', drawn.join(','));
      root.setAttribute('data-charts-empty', empty.join(','));
      root.setAttribute('data-charts-drawn', String(drawn.length));
      var status = document.getElementById('chart-status');
      if (status) { status.textContent = drawn.length + ' charts drawn' + (empty.length ? ', ' + empty.length + ' without data' : ''); }
    } catch (e) {
      root.setAttribute('data-chart-error', String(e && e.message || e));
      throw e;
    }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', main);
  } else {
    main();
  }
}());

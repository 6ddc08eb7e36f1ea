/* The words the page's scripts draw (chart titles, axes, legends, the flame graph's controls) in the report's language:
   the JSON in #report-text (or #compare-text), keys as in ReportText.properties without their "js." prefix, {0}, {1}
   filled in from the arguments. A key the page does not carry is shown as it is (the bundle test keeps that from
   happening). */
var reportText = (function () {
  'use strict';
  var words = null;
  function load() {
    var node = document.getElementById('report-text') || document.getElementById('compare-text');
    try { return node ? JSON.parse(node.textContent) : {}; } catch (e) { return {}; }
  }
  return function (key) {
    if (words === null) { words = load(); }
    var text = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : key;
    var args = arguments;
    return text.replace(/\{(\d)\}/g, function (m, i) { return String(args[Number(i) + 1]); });
  };
}());

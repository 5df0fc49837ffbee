/* Filters the story table of index.html as the reader types. No network; reads the JSON data island. */
(function () {
  "use strict";
  var island = document.getElementById("search-data");
  var box = document.getElementById("q");
  var shown = document.getElementById("shown");
  if (!island || !box) { return; }
  var hay = JSON.parse(island.textContent || "[]");
  var rows = Array.prototype.slice.call(document.querySelectorAll("tr[data-i]"));
  var changed = document.getElementById("changed");

  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function apply() {
    var terms = fold(box.value).split(/\s+/).filter(function (t) { return t.length > 0; });
    var n = 0;
    rows.forEach(function (row) {
      var text = hay[Number(row.getAttribute("data-i"))] || "";
      var hit = terms.every(function (t) { return text.indexOf(t) !== -1; });
      if (changed && changed.checked) {
        var status = row.getAttribute("data-status");
        hit = hit && (status === "new" || status === "updated");
      }
      row.hidden = !hit;
      if (hit) { n += 1; }
    });
    if (shown) { shown.textContent = n + " of " + rows.length; }
  }

  // grouped: each storyline's stories together, where its first story stands; else the table's own order
  var byLine = document.getElementById("by-storyline");
  function arrange() {
    var grouped = byLine && byLine.checked;
    var first = {};
    rows.forEach(function (row, k) {
      var line = row.getAttribute("data-storyline") || "row" + k;
      if (!(line in first)) { first[line] = k; }
    });
    var order = rows.map(function (row, k) {
      var line = row.getAttribute("data-storyline") || "row" + k;
      return [grouped ? first[line] : k, k, row];
    });
    order.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    order.forEach(function (item) { item[2].parentNode.appendChild(item[2]); });
  }

  box.addEventListener("input", apply);
  if (changed) { changed.addEventListener("change", apply); }
  if (byLine) { byLine.addEventListener("change", arrange); }
  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) { box.value = params.get("q"); }
  if (changed && params.get("changed")) { changed.checked = true; }
  apply();
}());

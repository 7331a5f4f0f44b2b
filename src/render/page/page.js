// Steps a page: shows the board pieces drawn for the step (each carries the
// steps it shows at in data-v, runs "a-b" joined by spaces) and writes in
// the step's words, clause links, scores and hands from the page's data.
// Text from input files only ever goes in through textContent.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("page-data").textContent);
  var total = data.steps.length;
  if (total === 0) return;
  var slider = document.getElementById("slider");
  var counter = document.getElementById("counter");
  var buttons = {
    first: document.getElementById("first"),
    prev: document.getElementById("prev"),
    next: document.getElementById("next"),
    last: document.getElementById("last")
  };
  var pieces = Array.prototype.map.call(document.querySelectorAll("[data-v]"), function (el) {
    var runs = el.getAttribute("data-v").split(" ").filter(Boolean).map(function (r) {
      var ab = r.split("-");
      return [Number(ab[0]), Number(ab[1])];
    });
    return { el: el, runs: runs };
  });
  // A hand left out of a frame is the same as the frame before.
  data.columns.forEach(function (column) {
    var hands = null;
    column.frames.forEach(function (frame) {
      if (frame.hands) hands = frame.hands; else frame.hands = hands;
    });
  });
  var logItems = document.querySelectorAll(".log li[data-step]");
  var current = -1;

  function shows(runs, k) {
    for (var i = 0; i < runs.length; i++) {
      if (k >= runs[i][0] && k <= runs[i][1]) return true;
    }
    return false;
  }

  function text(id, value) {
    var el = document.getElementById(id);
    if (el) el.textContent = value;
    return el;
  }

  function clauseLinks(el, clauses) {
    el.textContent = "";
    clauses.forEach(function (id, i) {
      if (i > 0) el.appendChild(document.createTextNode(", "));
      var a = document.createElement("a");
      a.href = "#rule-" + id;
      a.className = "clause";
      a.textContent = id;
      el.appendChild(a);
    });
    if (clauses.length === 0) el.textContent = "none";
  }

  function showColumn(c, frame) {
    var lines = document.getElementById("c" + c + "-lines");
    lines.textContent = "";
    frame.lines.forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      lines.appendChild(p);
    });
    clauseLinks(document.getElementById("c" + c + "-clauses"), frame.clauses);
    var note = document.getElementById("c" + c + "-note");
    var words = document.getElementById("c" + c + "-words");
    words.className = "words" + (frame.note ? " " + frame.note.kind : "");
    note.hidden = !frame.note;
    note.textContent = frame.note ? frame.note.text : "";
    text("c" + c + "-round", frame.round ? "round " + frame.round : "");
    frame.scores.forEach(function (score, r) {
      var row = document.getElementById("c" + c + "-r" + r);
      row.className = frame.acting === r ? "acting" : "";
      text("c" + c + "-r" + r + "-score", score === null ? "" : String(score));
      var hand = frame.hands ? frame.hands[r] : null;
      text("c" + c + "-r" + r + "-count", hand === null ? "" : hand.count + (hand.count === 1 ? " tile" : " tiles"));
      text("c" + c + "-r" + r + "-tiles", hand === null ? "" : hand.tiles);
    });
    var scenes = document.querySelectorAll("#c" + c + " svg.board");
    Array.prototype.forEach.call(scenes, function (svg) {
      if (!svg.classList.contains("off")) svg.setAttribute("aria-label", frame.alt);
    });
  }

  function show(k) {
    k = Math.max(0, Math.min(total - 1, k));
    if (k === current) return;
    current = k;
    pieces.forEach(function (p) {
      p.el.classList.toggle("off", !shows(p.runs, k));
    });
    data.columns.forEach(function (column, c) {
      showColumn(c, column.frames[k]);
    });
    slider.value = String(k);
    slider.setAttribute("aria-valuetext", data.steps[k]);
    counter.textContent = "Step " + (k + 1) + " of " + total + ": " + data.steps[k];
    buttons.first.disabled = buttons.prev.disabled = k === 0;
    buttons.next.disabled = buttons.last.disabled = k === total - 1;
    Array.prototype.forEach.call(logItems, function (li) {
      if (Number(li.getAttribute("data-step")) === k) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
    document.body.setAttribute("data-step", String(k));
    // The address names the step (#step-N, N as the counter counts), so
    // that a step can be linked to and reopened.
    if (location.hash === "" || /^#step-\d+$/.test(location.hash)) {
      try { history.replaceState(null, "", "#step-" + (k + 1)); } catch (err) { /* a browser that refuses it */ }
    }
  }

  buttons.first.addEventListener("click", function () { show(0); });
  buttons.prev.addEventListener("click", function () { show(current - 1); });
  buttons.next.addEventListener("click", function () { show(current + 1); });
  buttons.last.addEventListener("click", function () { show(total - 1); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  Array.prototype.forEach.call(document.querySelectorAll("[data-jump]"), function (b) {
    b.addEventListener("click", function () { show(Number(b.getAttribute("data-jump"))); });
  });
  Array.prototype.forEach.call(logItems, function (li) {
    li.addEventListener("click", function () { show(Number(li.getAttribute("data-step"))); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // The slider steps itself with the arrow keys and says so by "input".
    if (e.target === slider) return;
    var moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    if (e.key in moves) show(current + moves[e.key]);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(total - 1);
    else return;
    e.preventDefault();
  });
  var asked = /^#step-(\d+)$/.exec(location.hash);
  show(asked ? Number(asked[1]) - 1 : data.start);
})();

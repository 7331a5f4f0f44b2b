// Steps a page: shows the board pieces drawn for the step (each carries the
// steps it shows at in data-v, runs "a-b" joined by spaces) and writes in
// the step's words, clause links, scores and hands from the page's data.
// Text from input files only ever goes in through textContent.
//
// Steps are numbered from 0, as events, plays and actions are (step 40 is
// the table after event 40), in the counter, the list and the address
// (#step-40).
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
    last: document.getElementById("last"),
    play: document.getElementById("play")
  };
  var speed = document.getElementById("speed");
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
  var list = document.getElementById("log-list");
  var options = list ? list.querySelectorAll("[data-step]") : [];
  var current = -1;
  var timer = null;

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

  // The list shows its current row, scrolling itself only (never the
  // page, so that the board stays where the reader is looking).
  function reveal(option) {
    if (!list || !option) return;
    var top = option.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + option.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + option.offsetHeight - list.clientHeight;
    }
  }

  function show(k) {
    // A page opened at a clause's entry keeps that address until the
    // reader steps.
    var opening = current === -1 && asked() === null && location.hash !== "";
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
    slider.setAttribute("aria-valuetext", "step " + k + ": " + data.steps[k]);
    counter.textContent = "Step " + k + " of 0\u2013" + (total - 1) + ": " + data.steps[k];
    buttons.first.disabled = buttons.prev.disabled = k === 0;
    buttons.next.disabled = buttons.last.disabled = k === total - 1;
    var chosen = null;
    Array.prototype.forEach.call(options, function (o) {
      var here = Number(o.getAttribute("data-step")) === k;
      o.setAttribute("aria-selected", here ? "true" : "false");
      o.tabIndex = here ? 0 : -1;
      if (here) chosen = o;
    });
    reveal(chosen);
    document.body.setAttribute("data-step", String(k));
    // The address names the step, so that a step can be linked to and
    // reopened; it replaces a clause's address too, since the reader has
    // gone on stepping.
    if (!opening && location.hash !== "#step-" + k) {
      try { history.replaceState(null, "", "#step-" + k); } catch (err) { /* a browser that refuses it */ }
    }
  }

  function asked() {
    var m = /^#step-(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  function play(on) {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    if (on && current === total - 1) show(0);
    buttons.play.setAttribute("aria-pressed", on ? "true" : "false");
    buttons.play.textContent = on ? "Pause" : "Play";
    if (!on) return;
    (function tick() {
      timer = setTimeout(function () {
        show(current + 1);
        if (current === total - 1) play(false); else tick();
      }, Number(speed.value) || 1000);
    })();
  }

  function playing() {
    return timer !== null;
  }

  buttons.first.addEventListener("click", function () { show(0); });
  buttons.prev.addEventListener("click", function () { show(current - 1); });
  buttons.next.addEventListener("click", function () { show(current + 1); });
  buttons.last.addEventListener("click", function () { show(total - 1); });
  buttons.play.addEventListener("click", function () { play(!playing()); });
  speed.addEventListener("change", function () { if (playing()) play(true); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  Array.prototype.forEach.call(document.querySelectorAll("[data-jump]"), function (b) {
    b.addEventListener("click", function () { show(Number(b.getAttribute("data-jump"))); });
  });
  Array.prototype.forEach.call(options, function (o) {
    o.addEventListener("click", function () { show(Number(o.getAttribute("data-step"))); o.focus({ preventScroll: true }); });
  });
  // The page follows its address: a typed step, Back and Forward.
  function follow() {
    var k = asked();
    if (k !== null) show(k);
  }
  window.addEventListener("hashchange", follow);
  window.addEventListener("popstate", follow);
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target;
    var inList = list && list.contains(t);
    if (e.key === " " || e.key === "Spacebar") {
      // Space presses a focused button or link itself; elsewhere it plays.
      var own = t && t.closest && t.closest("button, a, select, summary");
      if (own) return;
      if (inList) show(Number(t.getAttribute("data-step")));
      else play(!playing());
      e.preventDefault();
      return;
    }
    if (t === speed) return;
    // The same keys everywhere, the slider included (its own Page Up and
    // Page Down go the other way round and by a tenth of the game).
    var moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    if (inList) { moves.ArrowUp = -1; moves.ArrowDown = 1; }
    if (e.key in moves) show(current + moves[e.key]);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(total - 1);
    else if (inList && e.key === "Enter") show(Number(t.getAttribute("data-step")));
    else return;
    e.preventDefault();
    if (inList) {
      var o = options[current];
      if (o) o.focus({ preventScroll: true });
    }
  });
  var k = asked();
  show(k !== null ? k : data.start);
})();

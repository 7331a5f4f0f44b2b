// Steps a page: shows the board pieces drawn for the step (each carries the
// steps it shows at in data-v, runs "a-b" joined by spaces, and a placement
// the steps it is drawn in red at in data-l), draws the open cells of the
// tiles shown (S10: the empty cells beside them), and writes in the step's
// words, clause links, scores and hands from the page's data, in which a
// round or a hand is written only where it changes. Text from input files
// only ever goes in through textContent.
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
  function runs(el, name) {
    var v = el.getAttribute(name);
    return v === null ? [] : v.split(" ").filter(Boolean).map(function (r) {
      var ab = r.split("-");
      return [Number(ab[0]), Number(ab[1])];
    });
  }
  var pieces = Array.prototype.map.call(document.querySelectorAll("[data-v]"), function (el) {
    return { el: el, runs: runs(el, "data-v"), red: runs(el, "data-l") };
  });
  // A round or a hand left out of a step is the step before's; a hand's
  // change takes out the first of each tile named and adds the others at
  // the end.
  data.columns.forEach(function (column) {
    var round = null;
    var hands = null;
    column.frames.forEach(function (frame) {
      if ("r" in frame) round = frame.r; else frame.r = round;
      if (frame.h) {
        hands = frame.h.map(function (h) { return h === null ? null : h.split(" ").filter(Boolean); });
      } else if (hands) {
        hands = hands.slice();
        (frame.d || []).forEach(function (change) {
          var hand = (hands[change[0]] || []).slice();
          change[1].split(" ").filter(Boolean).forEach(function (t) {
            var i = hand.indexOf(t);
            if (i >= 0) hand.splice(i, 1);
          });
          hands[change[0]] = hand.concat(change[2].split(" ").filter(Boolean));
        });
      }
      frame.hands = hands ? hands.map(function (h) {
        return h === null ? null : { count: h.length, tiles: h.join(" ") };
      }) : null;
    });
  });
  // The list of every step: a row a step, its number, its name and its
  // words.
  (function () {
    var ol = document.getElementById("log-list");
    if (!ol) return;
    var marked = {};
    data.marked.forEach(function (k) { marked[k] = true; });
    var first = data.columns.length ? data.columns[0].frames : [];
    var rows = document.createDocumentFragment();
    data.steps.forEach(function (name, k) {
      var li = document.createElement("li");
      li.setAttribute("role", "option");
      li.setAttribute("data-step", String(k));
      li.setAttribute("aria-selected", "false");
      li.tabIndex = -1;
      if (marked[k]) li.className = "marked";
      var b = document.createElement("b");
      b.textContent = String(k);
      li.appendChild(b);
      var words = data.log[k];
      if (typeof words !== "string") words = first[k] && first[k].l.length ? first[k].l[0] : "";
      li.appendChild(document.createTextNode(" " + name + ": " + words));
      rows.appendChild(li);
    });
    ol.appendChild(rows);
  })();
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
    frame.l.forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      lines.appendChild(p);
    });
    clauseLinks(document.getElementById("c" + c + "-clauses"), data.clauses[frame.c] || []);
    var note = document.getElementById("c" + c + "-note");
    var words = document.getElementById("c" + c + "-words");
    words.className = "words" + (frame.n ? " " + frame.n.kind : "");
    note.hidden = !frame.n;
    note.textContent = frame.n ? frame.n.text : "";
    text("c" + c + "-round", frame.round ? "round " + frame.round : "");
    frame.s.forEach(function (score, r) {
      var row = document.getElementById("c" + c + "-r" + r);
      row.className = frame.a === r ? "acting" : "";
      text("c" + c + "-r" + r + "-score", score === null ? "" : String(score));
      var hand = frame.hands ? frame.hands[r] : null;
      text("c" + c + "-r" + r + "-count", hand === null ? "" : hand.count + (hand.count === 1 ? " tile" : " tiles"));
      text("c" + c + "-r" + r + "-tiles", hand === null ? "" : hand.tiles);
    });
    var scenes = document.querySelectorAll("#c" + c + " svg.board");
    Array.prototype.forEach.call(scenes, function (svg) {
      if (!svg.classList.contains("off")) {
        svg.setAttribute("aria-label", frame.t);
        crop(svg);
        openCells(svg);
      }
    });
  }

  // A scene is drawn over every tile of its steps (a whole round); at each
  // step it is cropped to the tiles shown so far, with the rim of open
  // cells around them, as the picture code draws a board: the view, the
  // axes' labels, the grid's outline and the legend follow the tiles shown.
  // Before the first tile, the cell of the scene's first placement.
  function crop(svg) {
    var grid = (svg.getAttribute("data-grid") || "").split(",").map(Number);
    var m = (svg.getAttribute("data-margins") || "").split(",").map(Number);
    if (grid.length !== 3 || m.length !== 5) return;
    var size = grid[2];
    var all = svg.querySelectorAll("g.placed");
    if (all.length === 0) return;
    if (!svg.hasAttribute("data-full")) svg.setAttribute("data-full", svg.getAttribute("height"));
    var cells = Array.prototype.filter.call(all, function (g) {
      return !g.classList.contains("off");
    });
    if (cells.length === 0) cells = [all[0]];
    var lo = null;
    var hi = null;
    cells.forEach(function (g) {
      var xy = g.getAttribute("data-cell").split(",").map(Number);
      lo = lo ? [Math.min(lo[0], xy[0]), Math.min(lo[1], xy[1])] : xy;
      hi = hi ? [Math.max(hi[0], xy[0]), Math.max(hi[1], xy[1])] : xy;
    });
    lo = [lo[0] - 1, lo[1] - 1];
    hi = [hi[0] + 1, hi[1] + 1];
    var cols = hi[0] - lo[0] + 1;
    var rows = hi[1] - lo[1] + 1;
    var left = grid[0] + lo[0] * size;
    var top = grid[1] + lo[1] * size;
    var x0 = left - m[0];
    var y0 = top - m[1];
    var width = Math.max(m[0] + cols * size + m[2], m[4]);
    var height = m[1] + rows * size + m[3];
    svg.setAttribute("viewBox", x0 + " " + y0 + " " + width + " " + height);
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    var ground = svg.querySelector("rect.ground");
    if (ground) {
      ground.setAttribute("x", String(x0));
      ground.setAttribute("y", String(y0));
      ground.setAttribute("width", String(width));
      ground.setAttribute("height", String(height));
    }
    var axes = svg.querySelector("g.axes");
    if (axes) {
      axes.textContent = "";
      var label = function (x, y, value) {
        var t = document.createElementNS(svg.namespaceURI, "text");
        t.setAttribute("x", String(x));
        t.setAttribute("y", String(y));
        t.textContent = String(value);
        axes.appendChild(t);
      };
      for (var x = lo[0]; x <= hi[0]; x++) label(grid[0] + x * size + size / 2, top - 8, x);
      for (var y = lo[1]; y <= hi[1]; y++) label(x0 + m[0] / 2, grid[1] + y * size + size / 2 + 5, y);
      var outline = axes.nextElementSibling;
      if (outline && outline.tagName === "rect") {
        outline.setAttribute("x", String(left));
        outline.setAttribute("y", String(top));
        outline.setAttribute("width", String(cols * size));
        outline.setAttribute("height", String(rows * size));
      }
    }
    // The legend was drawn below the whole scene's grid, from x 0.
    var legend = svg.querySelector("g.legend");
    if (legend) {
      var fullRows = (Number(svg.getAttribute("data-full")) - m[1] - m[3]) / size;
      legend.setAttribute("transform", "translate(" + x0 + " " + (y0 + (rows - fullRows) * size) + ")");
    }
  }

  // The open cells of the tiles shown: each empty cell beside one (S10),
  // drawn as the picture code draws them, a dashed outline.
  function openCells(svg) {
    var layer = svg.querySelector(".open-cells");
    var grid = (svg.getAttribute("data-grid") || "").split(",").map(Number);
    if (!layer || grid.length !== 3) return;
    var size = grid[2];
    var taken = {};
    var placed = Array.prototype.filter.call(svg.querySelectorAll("g.placed"), function (g) {
      return !g.classList.contains("off");
    }).map(function (g) {
      var xy = g.getAttribute("data-cell").split(",").map(Number);
      taken[xy[0] + "," + xy[1]] = true;
      return xy;
    });
    var open = {};
    placed.forEach(function (xy) {
      [[1, 0], [-1, 0], [0, 1], [0, -1]].forEach(function (d) {
        var key = (xy[0] + d[0]) + "," + (xy[1] + d[1]);
        if (!taken[key]) open[key] = [xy[0] + d[0], xy[1] + d[1]];
      });
    });
    layer.textContent = "";
    Object.keys(open).forEach(function (key) {
      var xy = open[key];
      var r = document.createElementNS(svg.namespaceURI, "rect");
      r.setAttribute("class", "open");
      r.setAttribute("data-cell", key);
      r.setAttribute("x", String(grid[0] + xy[0] * size + 3));
      r.setAttribute("y", String(grid[1] + xy[1] * size + 3));
      r.setAttribute("width", String(size - 6));
      r.setAttribute("height", String(size - 6));
      r.setAttribute("fill", "none");
      r.setAttribute("stroke", "#888");
      r.setAttribute("stroke-width", "1.5");
      r.setAttribute("stroke-dasharray", "5,4");
      layer.appendChild(r);
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

  // The boards' scale, one for every column so that their tiles compare:
  // as large as fits the space beside the scores and the first screen, but
  // never so small that a corner value (16 units) reads under 11 CSS px;
  // a board larger than its space then scrolls in its frame, which follows
  // the tile drawn in red. Zoom in and out choose a scale of their own, Fit
  // goes back to fitting (however small).
  var SMALLEST = 0.7;
  var zoom = null;
  var fitting = true;
  var zoomButtons = {
    out: document.getElementById("zoom-out"),
    fit: document.getElementById("zoom-fit"),
    "in": document.getElementById("zoom-in")
  };
  document.body.classList.add("scaled");
  function size(svg) {
    return [Number(svg.getAttribute("width")) || 1, Number(svg.getAttribute("height")) || 1];
  }
  function displayed() {
    return Array.prototype.filter.call(document.querySelectorAll("svg.board"), function (svg) {
      return !svg.classList.contains("off");
    });
  }
  // The width a board may take: its frame's, or where the words stand
  // beside it (one column of a game or a puzzle), what the column leaves
  // beside their narrowest width; the frame itself is only as wide as the
  // board, so that the words stand right beside it.
  function room(frame) {
    var column = frame.parentNode;
    var side = column.querySelector(".side");
    var style = getComputedStyle(column);
    if (!side || style.display !== "grid" || style.gridTemplateColumns.split(" ").length < 2) return frame.clientWidth;
    return column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) -
      (parseFloat(style.columnGap) || 0) - parseFloat(getComputedStyle(side).minWidth);
  }
  function fitScale() {
    var scale = 1;
    displayed().forEach(function (svg) {
      var frame = svg.parentNode;
      var wh = size(svg);
      var width = room(frame) - 2;
      var height = parseFloat(getComputedStyle(frame).maxHeight) - 2;
      if (width > 0) scale = Math.min(scale, width / wh[0]);
      if (height > 0) scale = Math.min(scale, height / wh[1]);
    });
    return scale;
  }
  function scaleBoards() {
    var scale = zoom !== null ? zoom : Math.max(fitScale(), fitting ? SMALLEST : 0);
    Array.prototype.forEach.call(document.querySelectorAll("svg.board"), function (svg) {
      var wh = size(svg);
      svg.style.width = (wh[0] * scale) + "px";
      svg.style.height = (wh[1] * scale) + "px";
    });
    document.body.setAttribute("data-scale", String(scale));
    pan();
  }
  // Each frame scrolls to the tile drawn in red when it is out of view
  // (the frame only, never the page).
  function pan() {
    displayed().forEach(function (svg) {
      var lit = svg.querySelector("g.placed.lit:not(.off)");
      if (!lit) return;
      var frame = svg.parentNode;
      var t = lit.getBoundingClientRect();
      var f = frame.getBoundingClientRect();
      if (t.left < f.left || t.right > f.right) frame.scrollLeft += (t.left + t.right - f.left - f.right) / 2;
      if (t.top < f.top || t.bottom > f.bottom) frame.scrollTop += (t.top + t.bottom - f.top - f.bottom) / 2;
    });
  }
  if (zoomButtons.out && zoomButtons.fit && zoomButtons["in"]) {
    zoomButtons.out.addEventListener("click", function () {
      zoom = Number(document.body.getAttribute("data-scale")) / 1.25;
      scaleBoards();
    });
    zoomButtons["in"].addEventListener("click", function () {
      zoom = Math.min(4, Number(document.body.getAttribute("data-scale")) * 1.25);
      scaleBoards();
    });
    zoomButtons.fit.addEventListener("click", function () {
      // Fit shows each board whole, however small; pressed again, the
      // values' smallest readable size holds again.
      zoom = null;
      fitting = !fitting;
      zoomButtons.fit.setAttribute("aria-pressed", fitting ? "false" : "true");
      scaleBoards();
    });
  }
  window.addEventListener("resize", scaleBoards);

  function show(k) {
    // A page opened at a clause's entry keeps that address until the
    // reader steps.
    var opening = current === -1 && asked() === null && location.hash !== "";
    k = Math.max(0, Math.min(total - 1, k));
    if (k === current) return;
    current = k;
    pieces.forEach(function (p) {
      p.el.classList.toggle("off", !shows(p.runs, k));
      var red = shows(p.red, k);
      p.el.classList.toggle("lit", red);
      // Drawn last, so that no neighbour's edge is drawn over its red one.
      if (red && p.el.parentNode.lastElementChild !== p.el) p.el.parentNode.insertBefore(p.el, null);
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
    scaleBoards();
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

// Steps a page: shows the board pieces drawn for the step (each carries the
// steps it shows at in data-v, runs "a-b" joined by spaces, and a placement
// the steps it is drawn in red at in data-l), draws the open cells of the
// tiles shown (S10: the empty cells beside them), and writes in the step's
// words, clause links, scores, their changes and hands from the page's
// data, in which a round or a hand is written only where it changes. Text
// from input files only ever goes in through textContent.
//
// A step costs the same at the end of a long game as at its start: it
// touches the pieces of the one scene (a round) displayed, the two rows of
// the list that change, and the texts that change; the boards are scaled
// only when the scene displayed changes (a new round) or the window does.
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
    play: document.getElementById("play"),
    prevRound: document.getElementById("prev-round"),
    nextRound: document.getElementById("next-round")
  };
  var speed = document.getElementById("speed");
  function runs(el, name) {
    var v = el.getAttribute(name);
    return v === null ? [] : v.split(" ").filter(Boolean).map(function (r) {
      var ab = r.split("-");
      return [Number(ab[0]), Number(ab[1])];
    });
  }
  function shows(rs, k) {
    for (var i = 0; i < rs.length; i++) {
      if (k >= rs[i][0] && k <= rs[i][1]) return true;
    }
    return false;
  }
  function signed(n) {
    return n > 0 ? "+" + n : String(n);
  }
  function numbers(text) {
    return (text || "").split(",").map(Number);
  }

  // A round or a hand left out of a step is the step before's; a hand's
  // change takes out the first of each tile named and adds the others at
  // the end. Each score's change is the step before's score to this one's.
  data.columns.forEach(function (column) {
    var round = null;
    var hands = null;
    var before = null;
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
      frame.hands = hands;
      frame.ds = frame.s.map(function (s, r) {
        var b = before ? before.s[r] : null;
        return s === null || b === null || b === undefined || s === b ? "" : signed(s - b);
      });
      before = frame;
    });
  });
  // Where each round starts, by the first column: the round jumps and the
  // list's headings.
  var first = data.columns.length ? data.columns[0].frames : [];
  var roundStarts = [];
  first.forEach(function (frame, k) {
    if (frame.r !== null && (k === 0 || first[k - 1].r !== frame.r)) roundStarts.push(k);
  });

  // Words with each tile name and short bracketed list kept on one line,
  // as the page's own markup writes them.
  var UNBROKEN = /(\b\d-\d-\d-\d\b|\[[^\[\]]{1,24}\])/;
  function words(el, text) {
    el.textContent = "";
    text.split(UNBROKEN).forEach(function (part, i) {
      if (part === "") return;
      if (i % 2 === 1) {
        var span = document.createElement("span");
        span.className = "nw";
        span.textContent = part;
        el.appendChild(span);
      } else {
        el.appendChild(document.createTextNode(part));
      }
    });
  }

  // The list of every step: a row a step, its number and its words, under
  // its round's heading where the page has rounds.
  var list = document.getElementById("log-list");
  var rows = [];
  if (list) {
    var marked = {};
    data.marked.forEach(function (k) { marked[k] = true; });
    var starts = {};
    if (roundStarts.length > 1) roundStarts.forEach(function (k) { starts[k] = true; });
    var all = document.createDocumentFragment();
    var group = all;
    data.steps.forEach(function (name, k) {
      if (starts[k]) {
        group = document.createElement("div");
        group.setAttribute("role", "group");
        group.setAttribute("aria-label", "round " + first[k].r);
        var head = document.createElement("div");
        head.className = "round-head";
        head.setAttribute("aria-hidden", "true");
        head.textContent = "Round " + first[k].r;
        group.appendChild(head);
        all.appendChild(group);
      }
      var row = document.createElement("div");
      row.setAttribute("role", "option");
      row.setAttribute("data-step", String(k));
      row.setAttribute("aria-selected", "false");
      row.tabIndex = -1;
      if (marked[k]) row.className = "marked";
      var b = document.createElement("b");
      b.textContent = String(k);
      row.appendChild(b);
      var line = data.log[k];
      if (typeof line !== "string") line = first[k] && first[k].l.length ? first[k].l[0] : "";
      row.appendChild(document.createTextNode(" " + line));
      group.appendChild(row);
      rows.push(row);
    });
    list.appendChild(all);
  }

  // Each column: its frame, the stage the scenes stand on, the rulers,
  // its scenes (each with its pieces, read once), the table's cells, and
  // what was last written in each, so that a step writes only what
  // changes.
  var columns = data.columns.map(function (column, c) {
    var section = document.getElementById("c" + c);
    var frame = section.querySelector(".scenes");
    var stage = frame.querySelector(".stage");
    var scenes = Array.prototype.map.call(section.querySelectorAll("svg.board"), function (svg) {
      var r = runs(svg, "data-v");
      var grid = numbers(svg.getAttribute("data-grid"));
      var m = numbers(svg.getAttribute("data-margins"));
      var cells = numbers(svg.getAttribute("data-cells"));
      var axes = svg.querySelector("g.axes");
      // The axes' labels stand in the rulers, which stay in view.
      if (axes) axes.textContent = "";
      var pieces = Array.prototype.map.call(svg.querySelectorAll("[data-v]"), function (el) {
        var cell = el.getAttribute("data-cell");
        return {
          el: el, runs: runs(el, "data-v"), red: runs(el, "data-l"),
          placed: el.classList.contains("placed"), cell: cell === null ? null : numbers(cell),
          on: !el.classList.contains("off"), lit: el.classList.contains("lit")
        };
      });
      return {
        svg: svg, from: r.length ? r[0][0] : 0, to: r.length ? r[r.length - 1][1] : 0,
        grid: grid.length === 3 && cells.length === 4 ? grid : null, m: m.length === 5 ? m : null,
        cells: cells.length === 4 ? cells : null,
        width: Number(svg.getAttribute("width")) || 1, height: Number(svg.getAttribute("height")) || 1,
        pieces: pieces, placed: pieces.filter(function (p) { return p.placed; }),
        layer: svg.querySelector(".open-cells"), ground: svg.querySelector("rect.ground"),
        outline: axes ? axes.nextElementSibling : null, legend: svg.querySelector("g.legend"),
        open: {}, crop: null, step: -1, maxHands: null
      };
    });
    var rowsOf = column.frames.length ? column.frames[0].s.map(function (_, r) {
      var id = "c" + c + "-r" + r;
      return {
        tr: document.getElementById(id), score: document.getElementById(id + "-score"),
        change: document.getElementById(id + "-change"), count: document.getElementById(id + "-count"),
        tiles: document.getElementById(id + "-tiles"), box: document.getElementById(id + "-hand"), hand: undefined
      };
    }) : [];
    return {
      section: section, frame: frame, stage: stage,
      rulerX: stage.querySelector(".ruler.x"), rulerY: stage.querySelector(".ruler.y"),
      scenes: scenes, shown: null, rows: rowsOf,
      lines: document.getElementById("c" + c + "-lines"), clauses: document.getElementById("c" + c + "-clauses"),
      note: document.getElementById("c" + c + "-note"), words: document.getElementById("c" + c + "-words"),
      status: document.getElementById("c" + c + "-status"),
      outcome: document.getElementById("o" + c), written: {}
    };
  });
  columns.forEach(function (col) {
    col.frame.addEventListener("scroll", function () { rulers(col); }, { passive: true });
  });

  // The scene of column `col` that shows step k: scenes are runs of steps
  // in order, so a binary search finds it.
  function sceneAt(col, k) {
    var lo = 0;
    var hi = col.scenes.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (col.scenes[mid].from <= k) lo = mid; else hi = mid - 1;
    }
    return col.scenes[lo] || null;
  }

  // Writes `value` into `el` where it differs from what was written last.
  function put(col, key, el, value) {
    if (!el || col.written[key] === value) return;
    col.written[key] = value;
    el.textContent = value;
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

  function handTiles(el, hand) {
    el.textContent = "";
    hand.forEach(function (t, i) {
      if (i > 0) el.appendChild(document.createTextNode(" "));
      var span = document.createElement("span");
      span.className = "tn";
      span.textContent = t;
      el.appendChild(span);
    });
  }

  var STATUS = "\u00b7";
  function showColumn(col, c, frame, k) {
    var w = col.written;
    if (w.lines !== frame.l) {
      w.lines = frame.l;
      col.lines.textContent = "";
      frame.l.forEach(function (line) {
        var p = document.createElement("p");
        words(p, line);
        col.lines.appendChild(p);
      });
    }
    if (w.clauses !== frame.c) {
      w.clauses = frame.c;
      clauseLinks(col.clauses, data.clauses[frame.c] || []);
    }
    var kind = "words" + (frame.n ? " " + frame.n.kind : "");
    if (w.kind !== kind) {
      w.kind = kind;
      col.words.className = kind;
    }
    var noteText = frame.n ? frame.n.text : "";
    if (w.note !== noteText) {
      w.note = noteText;
      col.note.hidden = !frame.n;
      words(col.note, noteText);
    }
    var status = [];
    if (frame.r) status.push("round " + frame.r);
    if (frame.m !== undefined && col.rows[frame.m]) {
      status.push(col.rows[frame.m].tr.querySelector("th").textContent + " to move");
    }
    put(col, "status", col.status, status.join(" " + STATUS + " "));
    frame.s.forEach(function (score, r) {
      var row = col.rows[r];
      if (!row) return;
      var cls = (frame.a === r ? "acting" : "") + (frame.m === r ? (frame.a === r ? " to-move" : "to-move") : "");
      if (w["class" + r] !== cls) {
        w["class" + r] = cls;
        row.tr.className = cls;
      }
      put(col, "score" + r, row.score, score === null ? "" : String(score));
      put(col, "change" + r, row.change, frame.ds[r]);
      var hand = frame.hands ? frame.hands[r] : null;
      if (row.hand !== hand) {
        var was = row.hand;
        row.hand = hand;
        put(col, "count" + r, row.count, hand === null || hand === undefined ? "" :
          hand.length + (hand.length === 1 ? " tile" : " tiles"));
        var text = hand ? hand.join(" ") : "";
        if (!was || was.join(" ") !== text) handTiles(row.tiles, hand || []);
        if (row.box) row.box.hidden = !hand;
      }
    });
    if (col.outcome) outcomeRow(col, c, frame, k);
    showScene(col, k, frame);
  }
  // The comparison's table of outcomes: the fields of the column's step,
  // each marked where it differs from the baseline's (the first column).
  function outcomeRow(col, c, frame, k) {
    var base = data.columns[0].frames[k];
    var cells = col.written.cells || (col.written.cells = col.outcome.querySelectorAll("td"));
    var mine = (frame.o || ["", "", "", ""]).concat([frame.s.join(", ")]);
    var theirs = (base.o || ["", "", "", ""]).concat([base.s.join(", ")]);
    for (var i = 0; i < cells.length; i++) {
      var differs = c > 0 && mine[i] !== theirs[i];
      put(col, "o" + i, cells[i], mine[i]);
      if (col.written["m" + i] !== differs) {
        col.written["m" + i] = differs;
        cells[i].className = differs ? "differs" : "";
        if (differs) cells[i].setAttribute("aria-description", "differs from the baseline");
        else cells[i].removeAttribute("aria-description");
      }
    }
  }

  // Shows the scene of step k in its column, its pieces as at k: a scene
  // is one round at most, so this touches that round's pieces only.
  var relayout = true;
  function showScene(col, k, frame) {
    var scene = sceneAt(col, k);
    if (col.shown !== scene) {
      if (col.shown) col.shown.svg.classList.add("off");
      if (scene) scene.svg.classList.remove("off");
      col.shown = scene;
      relayout = true;
      if (scene) handLines(col, scene);
    }
    if (!scene || scene.step === k) return;
    scene.step = k;
    var p;
    for (var i = 0; i < scene.pieces.length; i++) {
      p = scene.pieces[i];
      var on = shows(p.runs, k);
      if (on !== p.on) {
        p.on = on;
        p.el.classList.toggle("off", !on);
      }
      var red = on && shows(p.red, k);
      if (red !== p.lit) {
        p.lit = red;
        p.el.classList.toggle("lit", red);
        // Drawn last, so that no neighbour's edge is drawn over its red one.
        if (red && p.el.parentNode.lastElementChild !== p.el) p.el.parentNode.insertBefore(p.el, null);
      }
    }
    if (scene.svg.getAttribute("aria-label") !== frame.t) scene.svg.setAttribute("aria-label", frame.t);
    crop(col, scene);
    openCells(scene);
  }

  // The hands keep the height of the round's largest hand, so that the
  // table does not grow and shrink under the reader's eye as tiles go.
  function handLines(col, scene) {
    if (!scene.maxHands) {
      var frames = data.columns[columns.indexOf(col)].frames;
      scene.maxHands = col.rows.map(function (_, r) {
        var most = 0;
        for (var k = scene.from; k <= scene.to && k < frames.length; k++) {
          var h = frames[k].hands ? frames[k].hands[r] : null;
          if (h && h.length > most) most = h.length;
        }
        return most;
      });
    }
    col.rows.forEach(function (row, r) {
      if (!row.tiles) return;
      row.most = scene.maxHands[r];
    });
    sizeHands(col);
  }
  function sizeHands(col) {
    col.rows.forEach(function (row) {
      if (!row.tiles) return;
      var style = getComputedStyle(row.tiles);
      var across = style.gridTemplateColumns.split(" ").filter(Boolean).length || 1;
      var line = parseFloat(style.lineHeight) || 18;
      var lines = Math.ceil((row.most || 0) / across);
      row.tiles.style.minHeight = (lines * line) + "px";
    });
  }

  // A scene is drawn over every tile of its steps (a whole round); at each
  // step it is cropped to the tiles shown so far, with the rim of open
  // cells around them, as the picture code draws a board: the view, the
  // grid's outline and the legend follow the tiles shown. Before the first
  // tile, the cell of the scene's first placement. The scene keeps its
  // place on the stage, which is as large as the whole round: the tiles
  // already down never move as the board grows.
  function crop(col, scene) {
    if (!scene.grid || !scene.m || scene.placed.length === 0) {
      scene.crop = { x0: 0, y0: 0, width: scene.width, height: scene.height, lo: null, hi: null };
      return;
    }
    var lo = null;
    var hi = null;
    scene.placed.forEach(function (p) {
      if (!p.on) return;
      var xy = p.cell;
      lo = lo ? [Math.min(lo[0], xy[0]), Math.min(lo[1], xy[1])] : [xy[0], xy[1]];
      hi = hi ? [Math.max(hi[0], xy[0]), Math.max(hi[1], xy[1])] : [xy[0], xy[1]];
    });
    if (!lo) {
      lo = scene.placed[0].cell.slice();
      hi = lo.slice();
    }
    lo = [lo[0] - 1, lo[1] - 1];
    hi = [hi[0] + 1, hi[1] + 1];
    var was = scene.crop;
    if (was && was.lo && was.lo[0] === lo[0] && was.lo[1] === lo[1] && was.hi[0] === hi[0] && was.hi[1] === hi[1]) {
      return;
    }
    var grid = scene.grid;
    var m = scene.m;
    var size = grid[2];
    var cols = hi[0] - lo[0] + 1;
    var rowsN = hi[1] - lo[1] + 1;
    var left = grid[0] + lo[0] * size;
    var top = grid[1] + lo[1] * size;
    var x0 = left - m[0];
    var y0 = top - m[1];
    var width = Math.max(m[0] + cols * size + m[2], m[4]);
    var height = m[1] + rowsN * size + m[3];
    var svg = scene.svg;
    svg.setAttribute("viewBox", x0 + " " + y0 + " " + width + " " + height);
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    if (scene.ground) {
      scene.ground.setAttribute("x", String(x0));
      scene.ground.setAttribute("y", String(y0));
      scene.ground.setAttribute("width", String(width));
      scene.ground.setAttribute("height", String(height));
    }
    if (scene.outline && scene.outline.tagName === "rect") {
      scene.outline.setAttribute("x", String(left));
      scene.outline.setAttribute("y", String(top));
      scene.outline.setAttribute("width", String(cols * size));
      scene.outline.setAttribute("height", String(rowsN * size));
    }
    // The legend was drawn below the whole scene's grid, from x 0.
    if (scene.legend) {
      var fullRows = (scene.height - m[1] - m[3]) / size;
      scene.legend.setAttribute("transform", "translate(" + x0 + " " + (y0 + (rowsN - fullRows) * size) + ")");
    }
    scene.crop = { x0: x0, y0: y0, width: width, height: height, lo: lo, hi: hi };
    if (!relayout) place(col);
  }

  // The open cells of the tiles shown: each empty cell beside one (S10),
  // drawn as the picture code draws them, a dashed outline; only the cells
  // that open or close at the step are drawn or taken away.
  function openCells(scene) {
    var layer = scene.layer;
    if (!layer || !scene.grid) return;
    var grid = scene.grid;
    var size = grid[2];
    var taken = {};
    scene.placed.forEach(function (p) {
      if (p.on) taken[p.cell[0] + "," + p.cell[1]] = true;
    });
    var open = {};
    scene.placed.forEach(function (p) {
      if (!p.on) return;
      var xy = p.cell;
      [[1, 0], [-1, 0], [0, 1], [0, -1]].forEach(function (d) {
        var key = (xy[0] + d[0]) + "," + (xy[1] + d[1]);
        if (!taken[key]) open[key] = [xy[0] + d[0], xy[1] + d[1]];
      });
    });
    Object.keys(scene.open).forEach(function (key) {
      if (!open[key]) {
        layer.removeChild(scene.open[key]);
        delete scene.open[key];
      }
    });
    Object.keys(open).forEach(function (key) {
      if (scene.open[key]) return;
      var xy = open[key];
      var r = document.createElementNS(scene.svg.namespaceURI, "rect");
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
      scene.open[key] = r;
    });
  }

  // The boards' scale, one for every column so that their tiles compare,
  // chosen when the scenes displayed change (a new round) or the window
  // does, never within a round: each round's whole board, as large as
  // fits the space beside the scores and the first screen, but never so
  // small that a corner value (16 units) reads under 11 CSS px; a board
  // larger than its space then scrolls in its frame, which follows the
  // tile drawn in red. Zoom in and out choose a scale of their own, Fit
  // goes back to fitting (however small).
  var SMALLEST = 0.7;
  var zoom = null;
  var fitting = true;
  var scale = 1;
  var zoomButtons = {
    out: document.getElementById("zoom-out"),
    fit: document.getElementById("zoom-fit"),
    "in": document.getElementById("zoom-in")
  };
  document.body.classList.add("scaled");
  // The width a column's board may take: its frame's, or where the words
  // stand beside it (one column of a game or a puzzle), what the column
  // leaves beside them.
  var single = columns.length === 1;
  var phone = window.matchMedia ? window.matchMedia("(max-width: 48rem)") : { matches: false };
  function pads(el) {
    var style = getComputedStyle(el);
    return parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + parseFloat(style.borderLeftWidth) +
      parseFloat(style.borderRightWidth);
  }
  // Compared columns share the row: four on a laptop's screen, two on a
  // phone's, each as wide as its board at the scale; more scroll sideways.
  function shared(col) {
    var row = col.section.parentNode;
    var style = getComputedStyle(row);
    var gap = parseFloat(style.columnGap) || 0;
    var across = Math.min(columns.length, phone.matches ? 2 : 4);
    return (row.clientWidth - gap * (across - 1)) / across;
  }
  function room(col) {
    if (!single) return shared(col) - pads(col.section);
    var column = col.section;
    var side = column.querySelector(".side");
    var style = getComputedStyle(column);
    if (!side || style.display !== "grid" || style.gridTemplateColumns.split(" ").length < 2) {
      return column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    }
    return column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) -
      (parseFloat(style.columnGap) || 0) - side.getBoundingClientRect().width;
  }
  // The stage a column's boards stand on: the cells its displayed scene
  // spans (a round's whole board), so that a board never moves on its
  // stage within a round; on a comparison the rows every column's scene
  // spans, so that compared boards stand level, row for row.
  function stages() {
    var top = null;
    var bottom = null;
    columns.forEach(function (col) {
      var c = col.shown && col.shown.grid ? col.shown.cells : null;
      if (!c) return;
      top = top === null ? c[1] : Math.min(top, c[1]);
      bottom = bottom === null ? c[3] : Math.max(bottom, c[3]);
    });
    columns.forEach(function (col) {
      var scene = col.shown;
      if (!scene) return;
      if (!scene.grid) {
        col.box = { lo: null, width: scene.width, height: scene.height };
        return;
      }
      var c = scene.cells;
      var m = scene.m;
      var size = scene.grid[2];
      col.box = {
        lo: [c[0], top], m: m, size: size,
        width: Math.max(m[0] + (c[2] - c[0] + 1) * size + m[2], m[4]),
        height: m[1] + (bottom - top + 1) * size + m[3]
      };
    });
  }
  // Where a scene's own drawing units put its stage's top left corner.
  function origin(col, scene) {
    var box = col.box;
    if (!box || !box.lo || !scene.grid) return [0, 0];
    return [scene.grid[0] + box.lo[0] * box.size - box.m[0], scene.grid[1] + box.lo[1] * box.size - box.m[1]];
  }
  function fitScale() {
    var s = 1;
    columns.forEach(function (col) {
      if (!col.shown) return;
      var width = room(col) - 2;
      var height = parseFloat(getComputedStyle(col.frame).maxHeight) - 2;
      if (width > 0) s = Math.min(s, width / col.box.width);
      if (height > 0) s = Math.min(s, height / col.box.height);
    });
    return s;
  }
  function scaleBoards() {
    stages();
    scale = zoom !== null ? zoom : Math.max(fitScale(), fitting ? SMALLEST : 0);
    if (zoom === null && fitting) scale = Math.min(1, scale);
    document.body.setAttribute("data-scale", String(scale));
    columns.forEach(function (col) {
      place(col);
      sizeHands(col);
    });
    relayout = false;
  }
  // The stage is as large as the whole scene at the scale; the scene's
  // board, cropped to the step's tiles, stands on it where those tiles
  // are; the frame is the stage's size, up to the room it has, and
  // scrolls a larger one.
  function place(col) {
    var scene = col.shown;
    if (!scene || !col.box) return;
    var width = col.box.width * scale;
    var height = col.box.height * scale;
    col.stage.style.width = width + "px";
    col.stage.style.height = height + "px";
    if (!single) {
      // On a laptop a compared column is as wide as its board, so that
      // no board scrolls in a frame of its own; on a phone two share the
      // screen, and a board wider than its half scrolls in its frame.
      col.section.style.width = phone.matches ? "" : Math.max(256 - pads(col.section), width) + "px";
    }
    var o = origin(col, scene);
    col.origin = o;
    var crop = scene.crop || { x0: 0, y0: 0, width: scene.width, height: scene.height };
    var svg = scene.svg;
    svg.style.left = ((crop.x0 - o[0]) * scale) + "px";
    svg.style.top = ((crop.y0 - o[1]) * scale) + "px";
    svg.style.width = (crop.width * scale) + "px";
    svg.style.height = (crop.height * scale) + "px";
    writeRulers(col, scene);
    rulers(col);
  }
  // The axes' labels for the tiles shown, in CSS pixels that do not
  // shrink with the board: a row of column numbers over the board and a
  // column of row numbers beside it.
  function writeRulers(col, scene) {
    var crop = scene.crop;
    var o = col.origin;
    var key = crop && crop.lo ? crop.lo.join(",") + ":" + crop.hi.join(",") + "@" + scale + "/" + o.join(",") : "";
    if (col.rulerKey === key) return;
    col.rulerKey = key;
    col.rulerX.textContent = "";
    col.rulerY.textContent = "";
    if (!crop || !crop.lo || !scene.grid) {
      col.rulerX.hidden = col.rulerY.hidden = true;
      return;
    }
    col.rulerX.hidden = col.rulerY.hidden = false;
    var grid = scene.grid;
    var size = grid[2];
    var label = function (parent, value, x, y) {
      var s = document.createElement("span");
      s.textContent = String(value);
      if (x !== null) s.style.left = x + "px";
      if (y !== null) s.style.top = y + "px";
      parent.appendChild(s);
    };
    for (var x = crop.lo[0]; x <= crop.hi[0]; x++) {
      label(col.rulerX, x, (grid[0] + x * size + size / 2 - o[0]) * scale, null);
    }
    for (var y = crop.lo[1]; y <= crop.hi[1]; y++) {
      label(col.rulerY, y, null, (grid[1] + y * size + size / 2 - o[1]) * scale);
    }
    col.rulerX.style.height = (scene.m[1] * scale) + "px";
    col.rulerY.style.width = (scene.m[0] * scale) + "px";
  }
  // The rulers stand at the board's top and left edges, or at the frame's
  // when the board is scrolled past them.
  function rulers(col) {
    var scene = col.shown;
    if (!scene || !scene.crop || !col.origin) return;
    var top = Math.max((scene.crop.y0 - col.origin[1]) * scale, col.frame.scrollTop);
    var left = Math.max((scene.crop.x0 - col.origin[0]) * scale, col.frame.scrollLeft);
    col.rulerX.style.transform = "translateY(" + top + "px)";
    col.rulerY.style.transform = "translateX(" + left + "px)";
  }
  // Each frame scrolls (the frame only, never the page) as little as
  // brings the tile drawn in red into view, a cell's margin around it; a
  // scene just shown is first scrolled to its tiles.
  function pan() {
    columns.forEach(function (col) {
      var scene = col.shown;
      if (!scene || !scene.grid || !scene.crop || !col.origin) return;
      var frame = col.frame;
      var w = frame.clientWidth;
      var h = frame.clientHeight;
      var o = col.origin;
      var size = scene.grid[2] * scale;
      if (col.panned !== scene) {
        col.panned = scene;
        var c = scene.crop;
        var cw = c.width * scale;
        var ch = c.height * scale;
        frame.scrollLeft = cw <= w ? (c.x0 - o[0]) * scale + cw / 2 - w / 2 : (c.x0 - o[0]) * scale;
        frame.scrollTop = ch <= h ? (c.y0 - o[1]) * scale + ch / 2 - h / 2 : (c.y0 - o[1]) * scale;
      }
      var lit = null;
      for (var i = 0; i < scene.placed.length; i++) {
        if (scene.placed[i].lit) { lit = scene.placed[i]; break; }
      }
      if (!lit) return;
      var left = (scene.grid[0] + lit.cell[0] * scene.grid[2] - o[0]) * scale;
      var top = (scene.grid[1] + lit.cell[1] * scene.grid[2] - o[1]) * scale;
      var mx = Math.min(size, Math.max(0, (w - size) / 2));
      var my = Math.min(size, Math.max(0, (h - size) / 2));
      if (left - mx < frame.scrollLeft) frame.scrollLeft = left - mx;
      else if (left + size + mx > frame.scrollLeft + w) frame.scrollLeft = left + size + mx - w;
      if (top - my < frame.scrollTop) frame.scrollTop = top - my;
      else if (top + size + my > frame.scrollTop + h) frame.scrollTop = top + size + my - h;
    });
  }
  if (zoomButtons.out && zoomButtons.fit && zoomButtons["in"]) {
    zoomButtons.out.addEventListener("click", function () {
      zoom = scale / 1.25;
      columns.forEach(function (col) { col.panned = null; });
      scaleBoards();
      pan();
    });
    zoomButtons["in"].addEventListener("click", function () {
      zoom = Math.min(4, scale * 1.25);
      columns.forEach(function (col) { col.panned = null; });
      scaleBoards();
      pan();
    });
    zoomButtons.fit.addEventListener("click", function () {
      // Fit shows each board whole, however small; pressed again, the
      // values' smallest readable size holds again.
      zoom = null;
      fitting = !fitting;
      zoomButtons.fit.setAttribute("aria-pressed", fitting ? "false" : "true");
      columns.forEach(function (col) { col.panned = null; });
      scaleBoards();
      pan();
    });
  }
  window.addEventListener("resize", function () {
    viewport = innerWidth + "x" + innerHeight;
    columns.forEach(function (col) { col.panned = null; });
    scaleBoards();
    pan();
    bar();
  });
  // The sticky controls' height, so that an entry reached by a link is
  // not hidden under them.
  var controls = document.querySelector(".controls");
  function bar() {
    if (controls) document.documentElement.style.setProperty("--bar", controls.offsetHeight + "px");
  }
  if (controls && window.ResizeObserver) new ResizeObserver(bar).observe(controls);
  // A link within the page measures the controls as they are now, before
  // the browser scrolls to its target (a tab in the background may not
  // have run the observer since the window changed).
  document.addEventListener("click", function (e) {
    var a = e.target && e.target.closest ? e.target.closest("a[href^='#']") : null;
    if (a) bar();
  }, true);

  // The list shows its current row, scrolling itself only (never the
  // page, so that the board stays where the reader is looking), once the
  // step is laid out, below the round's heading that sticks at its top.
  function reveal(row) {
    if (!list || !row) return;
    var box = list.getBoundingClientRect();
    var r = row.getBoundingClientRect();
    var head = row.parentNode.querySelector(".round-head");
    var above = head && head.parentNode !== list ? head.getBoundingClientRect().height : 0;
    var inner = box.top + list.clientTop;
    var bottom = inner + list.clientHeight;
    if (r.top < inner + above) list.scrollTop -= inner + above - r.top;
    else if (r.bottom > bottom) list.scrollTop += r.bottom - bottom;
  }

  var current = -1;
  var timer = null;
  var viewport = "";
  function show(k) {
    // A page opened at a clause's entry keeps that address until the
    // reader steps.
    var opening = current === -1 && asked() === null && location.hash !== "";
    k = Math.max(0, Math.min(total - 1, k));
    if (k === current) return;
    var was = current;
    current = k;
    columns.forEach(function (col, c) {
      showColumn(col, c, data.columns[c].frames[k], k);
    });
    slider.value = String(k);
    slider.setAttribute("aria-valuetext", "step " + k + ": " + data.steps[k]);
    counter.textContent = "Step " + k + " of " + (total - 1) + ": " + data.steps[k];
    buttons.first.disabled = buttons.prev.disabled = k === 0;
    buttons.next.disabled = buttons.last.disabled = k === total - 1;
    if (buttons.prevRound) buttons.prevRound.disabled = k === 0;
    if (buttons.nextRound) buttons.nextRound.disabled = nextRound(k) === null;
    if (rows[was]) {
      rows[was].setAttribute("aria-selected", "false");
      rows[was].tabIndex = -1;
    }
    if (rows[k]) {
      rows[k].setAttribute("aria-selected", "true");
      rows[k].tabIndex = 0;
    }
    // A window resized since the boards were scaled (its resize event
    // may come after the step) scales them again first.
    if (viewport !== innerWidth + "x" + innerHeight) relayout = true;
    if (relayout) {
      viewport = innerWidth + "x" + innerHeight;
      scaleBoards();
    }
    pan();
    reveal(rows[k]);
    document.body.setAttribute("data-step", String(k));
    if (!opening) address();
  }

  // The address names the step, so that a step can be linked to and
  // reopened; it replaces a clause's address too, since the reader has
  // gone on stepping. Rewriting it asks the browser, which may take some
  // milliseconds: while the reader steps fast it is rewritten at most every
  // quarter of a second, and always for the step they stop at.
  var addressTimer = null;
  var addressAt = 0;
  function writeAddress() {
    addressAt = Date.now();
    if (location.hash === "#step-" + current) return;
    try { history.replaceState(null, "", "#step-" + current); } catch (err) { /* a browser that refuses it */ }
  }
  function address() {
    if (addressTimer !== null) return;
    var wait = 250 - (Date.now() - addressAt);
    if (wait <= 0) {
      writeAddress();
      return;
    }
    addressTimer = setTimeout(function () {
      addressTimer = null;
      writeAddress();
    }, wait);
  }

  // The round jumps: back to the start of the round shown (or of the one
  // before, from its start), forward to the next round's.
  function roundOf(k) {
    var lo = -1;
    for (var i = 0; i < roundStarts.length && roundStarts[i] <= k; i++) lo = i;
    return lo;
  }
  function nextRound(k) {
    var i = roundOf(k) + 1;
    return i < roundStarts.length ? roundStarts[i] : null;
  }
  function previousRound(k) {
    var i = roundOf(k);
    if (i < 0) return 0;
    if (roundStarts[i] < k) return roundStarts[i];
    return i > 0 ? roundStarts[i - 1] : 0;
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
  if (buttons.prevRound) buttons.prevRound.addEventListener("click", function () { show(previousRound(current)); });
  if (buttons.nextRound) {
    buttons.nextRound.addEventListener("click", function () {
      var n = nextRound(current);
      if (n !== null) show(n);
    });
  }
  buttons.play.addEventListener("click", function () { play(!playing()); });
  speed.addEventListener("change", function () { if (playing()) play(true); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  Array.prototype.forEach.call(document.querySelectorAll("[data-jump]"), function (b) {
    b.addEventListener("click", function () { show(Number(b.getAttribute("data-jump"))); });
  });
  if (list) {
    list.addEventListener("click", function (e) {
      var row = e.target.closest ? e.target.closest("[data-step]") : null;
      if (!row) return;
      show(Number(row.getAttribute("data-step")));
      row.focus({ preventScroll: true });
    });
  }
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
    var inList = list && list.contains(t) && t.hasAttribute && t.hasAttribute("data-step");
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
    if (e.shiftKey && (e.key === "PageUp" || e.key === "PageDown")) {
      if (e.key === "PageUp") show(previousRound(current));
      else {
        var n = nextRound(current);
        if (n !== null) show(n);
      }
      e.preventDefault();
      return;
    }
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
    if (inList && rows[current]) rows[current].focus({ preventScroll: true });
  });
  bar();
  var start = asked();
  show(start !== null ? start : data.start);
})();

//! A prototype, not part of the solver: Nested Rollout Policy Adaptation
//! (NRPA, Rosin 2011) over the lattice points, to look for a heavy fill of
//! a large region (the English 7x7) faster than the lattice search finds
//! one. A rollout sets the points one at a time in a fixed order; at each
//! point the values it may take are those whose completed cells each get
//! a free tile (as the lattice search checks them), optionally with a look
//! ahead (the open cells on the point still have a free tile that fits, or
//! the search's own bound), and one is drawn by a softmax over the policy's
//! weights for (point, value), or for (point, value, the values of the
//! point's neighbours set before it). A rollout that reaches a point with
//! no value left is dead and scores its weight so far less a penalty. Each
//! level runs the level below a number of times, keeps the best sequence
//! and moves the policy towards it. After each run the lattice search
//! may be run too, cut at a number of nodes, trying each point's values in
//! the order of the run's policy and asking only for a fill heavier than
//! the best so far: that found the heavier fills. The tests that measure
//! it (`nrpa/tests.rs`) are ignored; run them by hand (see `NRPA_*` there).

// Indexing here cannot panic on input: point, cell and tile indices come from the view and tables the search is built on.
#![allow(clippy::indexing_slicing)]

use std::sync::Mutex;
use std::time::{Duration, Instant};

use quadominos::solve::lab::{LatticeSearch, NONE, Tables};

/// How NRPA runs.
#[derive(Clone, Debug)]
pub struct NrpaOptions {
    /// The nesting level of each run (1 is rollouts adapting one policy).
    pub level: usize,
    /// Iterations at each level.
    pub iterations: usize,
    /// The policy's step towards the best sequence.
    pub alpha: f64,
    /// What the policy's weights are for: 0 (point, value), 1 (point, value,
    /// the value of the first neighbour set), 2 (point, value, the values of
    /// the first two neighbours set).
    pub context: u8,
    /// The check on each value: 0 the cells it completes each get a free
    /// tile; 1 also the open cells on the point each still have a free tile
    /// fitting; 2 also, after the value is chosen, the search's bound (a
    /// rollout with no completion left is dead at once, and the next
    /// point's values are those the bound leaves); 3 the bound for every
    /// value.
    pub check: u8,
    /// What a dead rollout loses off its weight so far.
    pub penalty: i64,
    /// A bias added to each value's weight in the softmax: this times the
    /// weight the value puts on the fill (value times the point's cells),
    /// as generalised NRPA adds a prior.
    pub beta: f64,
    /// With check 3: a bias of this times how far each value's bound (its
    /// score and the search's bound on the rest) falls short of the best
    /// value's, so that values the bound favours are drawn more.
    pub gamma: f64,
    /// When above 0, the guided search is a limited discrepancy search
    /// over the first this many points (each value after the policy's
    /// first a discrepancy), in rounds of growing discrepancies, each
    /// subtree from there searched depth first and cut at `sub_nodes`.
    pub lds_free: usize,
    pub sub_nodes: u64,
}

/// One rollout: the values it gave the points set (`len` of them), the
/// values each could take, and its score (less the penalty when dead).
#[derive(Clone)]
pub struct Sequence {
    pub values: Vec<u8>,
    legal: Vec<u8>,
    /// The bias each value had at each point.
    bias: Vec<[f64; 6]>,
    len: usize,
    pub score: i64,
    /// Whether every point got a value (a legal fill).
    pub complete: bool,
}

impl Sequence {
    fn new(n: usize) -> Sequence {
        Sequence {
            values: vec![NONE; n],
            legal: vec![0; n],
            bias: vec![[0.0; 6]; n],
            len: 0,
            score: i64::MIN,
            complete: false,
        }
    }
}

/// The best fills found by all runs, each when it was found.
#[derive(Default)]
pub struct Found {
    pub best: Option<(i64, Vec<u8>)>,
    /// (seconds since the start, score, values, whether the guided search
    /// found it) of each improvement.
    pub events: Vec<(f64, i64, Vec<u8>, bool)>,
}

/// One run's rollouts over the search's tables.
pub struct Nrpa<'t> {
    search: LatticeSearch<'t>,
    n: usize,
    options: NrpaOptions,
    /// By point: the open cells on it that it does not complete.
    touching: Vec<Vec<usize>>,
    /// By point: up to two lattice neighbours set before it, first set
    /// first (`usize::MAX` for none).
    context: Vec<[usize; 2]>,
    rng: u64,
    /// The rollouts run.
    pub rollouts: u64,
    started: Instant,
    deadline: Instant,
    found: &'t Mutex<Found>,
    /// The best this run has found, to learn from across restarts.
    pub best: Option<(i64, Vec<u8>)>,
}

impl<'t> Nrpa<'t> {
    pub fn new(
        tables: &'t Tables<'t>,
        options: NrpaOptions,
        seed: u64,
        started: Instant,
        deadline: Instant,
        found: &'t Mutex<Found>,
    ) -> Nrpa<'t> {
        let view = tables.view;
        let n = view.points.len();
        let mut touching = vec![Vec::new(); n];
        for (j, (_, ps)) in view.cells.iter().enumerate() {
            let last = *ps.iter().max().unwrap_or(&0);
            for &p in ps {
                if p != last {
                    touching[p].push(j);
                }
            }
        }
        let context = (0..n)
            .map(|p| {
                let at = view.points[p];
                let mut before: Vec<usize> = (0..p)
                    .filter(|&q| {
                        let o = view.points[q];
                        (o.x - at.x).abs() + (o.y - at.y).abs() == 1
                    })
                    .collect();
                before.sort_unstable();
                [before.first().copied().unwrap_or(usize::MAX), before.get(1).copied().unwrap_or(usize::MAX)]
            })
            .collect();
        Nrpa {
            search: LatticeSearch::alone(tables, started),
            n,
            options,
            touching,
            context,
            rng: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
            rollouts: 0,
            started,
            deadline,
            found,
            best: None,
        }
    }

    /// The size of a policy (weights by code).
    pub fn policy_len(&self) -> usize {
        self.n * 7 * 7 * 6
    }

    fn uniform(&mut self) -> f64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng >> 11) as f64 / (1u64 << 53) as f64
    }

    /// The policy's code for value `v` at point `p`, the points before it
    /// holding `values`.
    fn code(&self, p: usize, v: u8, values: &[u8]) -> usize {
        let of = |q: usize| if q == usize::MAX { 6 } else { usize::from(values[q]).min(6) };
        let [a, b] = self.context[p];
        let (a, b) = match self.options.context {
            0 => (6, 6),
            1 => (of(a), 6),
            _ => (of(a), of(b)),
        };
        ((p * 7 + a) * 7 + b) * 6 + usize::from(v)
    }

    /// Whether the open cells on point `p` (just given a value) that it does
    /// not complete each still have a free tile fitting their known corners.
    fn forward(&self, p: usize) -> bool {
        let s = &self.search;
        let free = s.t.all & !s.used;
        self.touching[p].iter().all(|&j| {
            let code = s.t.view.cells[j].1.iter().fold(0, |a, &q| {
                let v = s.values[q];
                a * 7 + if v == NONE { 6 } else { usize::from(v) }
            });
            s.t.fits[code] & free != 0
        })
    }

    /// The softmax weights of the values in `legal` at point `p`.
    fn weights(&self, policy: &[f64], p: usize, legal: u8, values: &[u8], bias: &[f64; 6], out: &mut [f64; 6]) -> f64 {
        let mut top = f64::NEG_INFINITY;
        for v in 0..6u8 {
            if legal & (1 << v) != 0 {
                out[usize::from(v)] = policy[self.code(p, v, values)] + bias[usize::from(v)];
                top = top.max(out[usize::from(v)]);
            }
        }
        let mut z = 0.0;
        for (v, w) in out.iter_mut().enumerate() {
            if legal & (1 << v) != 0 {
                *w = (*w - top).exp();
                z += *w;
            } else {
                *w = 0.0;
            }
        }
        z
    }

    /// One rollout under `policy` into `out`.
    fn rollout(&mut self, policy: &[f64], out: &mut Sequence) {
        self.rollouts += 1;
        self.search.values.fill(NONE);
        self.search.used = 0;
        let mut score = 0;
        let mut ahead = 0x3fu8;
        let mut probs = [0.0; 6];
        out.complete = false;
        for p in 0..self.n {
            let mut legal = 0u8;
            let mut gains = [0i64; 6];
            let mut aheads = [0u8; 6];
            // By value: its score and the bound on the rest (check 3 only).
            let mut reach = [i64::MIN; 6];
            let before = self.search.used;
            for v in (0..6u8).filter(|v| ahead & (1 << v) != 0) {
                if let Some(g) = self.search.assign(p, v) {
                    let ok = match self.options.check {
                        0 | 2 => true,
                        1 => self.forward(p),
                        _ => {
                            let rest = self.search.bound(p + 1, i64::MIN);
                            aheads[usize::from(v)] = self.search.ahead;
                            reach[usize::from(v)] = rest.map_or(i64::MIN, |r| score + g + r);
                            rest.is_some()
                        }
                    };
                    if ok {
                        legal |= 1 << v;
                        gains[usize::from(v)] = g;
                    }
                }
                self.search.used = before;
            }
            out.legal[p] = legal;
            if legal == 0 {
                self.search.values[p] = NONE;
                out.len = p;
                out.score = score - self.options.penalty;
                return;
            }
            let degree = self.search.t.view.degree[p] as f64;
            let top = reach.iter().copied().max().unwrap_or(0);
            for (v, (&r, b)) in reach.iter().zip(out.bias[p].iter_mut()).enumerate() {
                let short = if legal & (1 << v) != 0 && r > i64::MIN { (r - top) as f64 } else { 0.0 };
                *b = self.options.beta * v as f64 * degree + self.options.gamma * short;
            }
            let z = self.weights(policy, p, legal, &self.search.values, &out.bias[p], &mut probs);
            let mut r = self.uniform() * z;
            let mut v = 0u8;
            for u in 0..6u8 {
                if legal & (1 << u) != 0 {
                    v = u;
                    r -= probs[usize::from(u)];
                    if r <= 0.0 {
                        break;
                    }
                }
            }
            self.search.assign(p, v);
            score += gains[usize::from(v)];
            out.values[p] = v;
            ahead = match self.options.check {
                2 => match self.search.bound(p + 1, i64::MIN) {
                    Some(_) => self.search.ahead,
                    None => {
                        out.len = p + 1;
                        out.score = score - self.options.penalty;
                        return;
                    }
                },
                3 => aheads[usize::from(v)],
                _ => 0x3f,
            };
        }
        out.len = self.n;
        out.score = score;
        out.complete = true;
    }

    /// Moves `policy` towards `seq`: the chosen value's weight up by alpha,
    /// every legal value's down by alpha times its probability.
    fn adapt(&self, policy: &mut [f64], seq: &Sequence) {
        let mut probs = [0.0; 6];
        for p in 0..seq.len {
            let legal = seq.legal[p];
            let z = self.weights(policy, p, legal, &seq.values, &seq.bias[p], &mut probs);
            for v in 0..6u8 {
                if legal & (1 << v) != 0 {
                    let c = self.code(p, v, &seq.values);
                    policy[c] -= self.options.alpha * probs[usize::from(v)] / z;
                }
            }
            let c = self.code(p, seq.values[p], &seq.values);
            policy[c] += self.options.alpha;
        }
    }

    /// Whether the time is up.
    pub fn over(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// Keeps a complete rollout that beats this run's best, and the best
    /// of all runs.
    fn offer(&mut self, seq: &Sequence) {
        if !seq.complete || self.best.as_ref().is_some_and(|b| b.0 >= seq.score) {
            return;
        }
        let fill = (seq.score, seq.values.clone());
        self.best = Some(fill.clone());
        let mut found = self.found.lock().expect("the best fills");
        if found.best.as_ref().is_none_or(|b| seq.score > b.0) {
            found.events.push((self.started.elapsed().as_secs_f64(), seq.score, fill.1.clone(), seq.legal[0] == 0));
            found.best = Some(fill);
        }
    }

    /// The lattice search (its checks and bound) from the first `depth`
    /// values of `seq`, trying each point's values in the order of
    /// `policy`'s weights, heaviest weight first, asking only for fills
    /// heavier than the best any run has found, cut at `nodes` nodes.
    pub fn guided(&mut self, policy: &[f64], seq: &Sequence, depth: usize, nodes: u64) {
        let depth = depth.min(seq.len);
        self.search.values.fill(NONE);
        self.search.used = 0;
        let mut score = 0;
        for p in 0..depth {
            match self.search.assign(p, seq.values[p]) {
                Some(g) => score += g,
                None => return,
            }
        }
        let floor = self.floor();
        if self.search.bound(depth, floor.saturating_add(1).saturating_sub(score)).is_none() {
            return;
        }
        let mut left = nodes;
        if self.options.lds_free == 0 {
            self.dfs(policy, depth, score, &mut left);
            return;
        }
        let ahead = self.search.ahead;
        for k in 0.. {
            let mut cut = false;
            self.search.ahead = ahead;
            self.ldfs(policy, depth, score, k, &mut left, &mut cut);
            if !cut || left == 0 || self.over() {
                break;
            }
        }
    }

    /// The guided search with `k` discrepancies left at the first
    /// `lds_free` points, depth first after them.
    fn ldfs(&mut self, policy: &[f64], next: usize, score: i64, k: u32, left: &mut u64, cut: &mut bool) {
        if next >= self.options.lds_free || next == self.n {
            let mut sub = self.options.sub_nodes.min(*left);
            let had = sub;
            self.dfs(policy, next, score, &mut sub);
            *left -= had - sub;
            if sub == 0 {
                *cut = true;
            }
            return;
        }
        if *left == 0 {
            return;
        }
        *left -= 1;
        let order = self.policy_order(policy, next);
        let mut taken = 0;
        for v in order {
            let before = self.search.used;
            if let Some(score) = self.enter(next, v, score) {
                let cost = u32::from(taken > 0);
                if cost > k {
                    *cut = true;
                    self.search.used = before;
                    break;
                }
                taken += 1;
                self.ldfs(policy, next + 1, score, k - cost, left, cut);
            }
            self.search.used = before;
            if *left == 0 || self.over() {
                break;
            }
        }
        self.search.values[next] = NONE;
    }

    /// The values the search's bound leaves at point `next`, the policy's
    /// heaviest weight first (ties to the higher value).
    fn policy_order(&self, policy: &[f64], next: usize) -> Vec<u8> {
        let ahead = self.search.ahead;
        let mut order: Vec<(f64, u8)> = (0..6u8)
            .filter(|v| ahead & (1 << v) != 0)
            .map(|v| (policy[self.code(next, v, &self.search.values)], v))
            .collect();
        order.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
        order.into_iter().map(|(_, v)| v).collect()
    }

    /// Gives point `next` the value `v`: the score with it, where the cells
    /// it completes each get a free tile and the search's bound still
    /// reaches past the best any run has found.
    fn enter(&mut self, next: usize, v: u8, score: i64) -> Option<i64> {
        let score = score + self.search.assign(next, v)?;
        let need = self.floor().saturating_add(1).saturating_sub(score);
        self.search.bound(next + 1, need).map(|_| score)
    }

    /// The best any run has found (a fill must beat it).
    fn floor(&self) -> i64 {
        let mine = self.best.as_ref().map_or(i64::MIN, |b| b.0);
        let theirs = self.found.lock().expect("the best fills").best.as_ref().map_or(i64::MIN, |b| b.0);
        mine.max(theirs)
    }

    fn dfs(&mut self, policy: &[f64], next: usize, score: i64, left: &mut u64) {
        if *left == 0 {
            return;
        }
        *left -= 1;
        if next == self.n {
            // No values' choices kept: `offer` reads a first point
            // without any as the guided search's fill.
            let seq = Sequence {
                values: self.search.values.clone(),
                legal: vec![0; self.n],
                bias: Vec::new(),
                len: self.n,
                score,
                complete: true,
            };
            self.offer(&seq);
            return;
        }
        let order = self.policy_order(policy, next);
        for v in order {
            let before = self.search.used;
            if let Some(score) = self.enter(next, v, score) {
                self.dfs(policy, next + 1, score, left);
            }
            self.search.used = before;
            if *left == 0 || self.over() {
                break;
            }
        }
        self.search.values[next] = NONE;
    }

    /// NRPA at `level` from `policy`: its best sequence.
    pub fn nested(&mut self, level: usize, policy: &mut [f64]) -> Sequence {
        let mut best = Sequence::new(self.n);
        if level == 0 {
            self.rollout(policy, &mut best);
            self.offer(&best);
            return best;
        }
        let mut scratch = Sequence::new(self.n);
        for _ in 0..self.options.iterations {
            if self.over() {
                break;
            }
            if level == 1 {
                self.rollout(policy, &mut scratch);
                self.offer(&scratch);
                if scratch.score >= best.score {
                    std::mem::swap(&mut best, &mut scratch);
                }
            } else {
                let mut inner = policy.to_vec();
                let seq = self.nested(level - 1, &mut inner);
                if seq.score >= best.score {
                    best = seq;
                }
            }
            self.adapt(policy, &best);
        }
        best
    }
}

/// Runs `threads` independent NRPA runs, each restarting from a fresh
/// policy whenever its top level ends (at most `restarts` times), until
/// `time` has passed.
pub fn run(
    tables: &Tables<'_>,
    options: &NrpaOptions,
    threads: usize,
    seed: u64,
    time: Duration,
    restarts: usize,
    guide: Option<(usize, u64)>,
) -> (Found, u64) {
    let started = Instant::now();
    let deadline = started + time;
    let found = Mutex::new(Found::default());
    let rollouts = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|scope| {
        for t in 0..threads.max(1) {
            let (found, rollouts) = (&found, &rollouts);
            scope.spawn(move || {
                let mut run = Nrpa::new(tables, options.clone(), seed + t as u64, started, deadline, found);
                for _ in 0..=restarts {
                    if run.over() {
                        break;
                    }
                    let mut policy = vec![0.0; run.policy_len()];
                    let best = run.nested(options.level, &mut policy);
                    // The search guided by what this run learned.
                    if let Some((depth, nodes)) = guide {
                        run.guided(&policy, &best, depth, nodes);
                    }
                }
                rollouts.fetch_add(run.rollouts, std::sync::atomic::Ordering::Relaxed);
            });
        }
    });
    (found.into_inner().expect("the best fills"), rollouts.into_inner())
}

#[cfg(test)]
mod tests;

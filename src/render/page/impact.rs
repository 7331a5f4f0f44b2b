//! The page of a measurement of how much each reading matters (`impact
//! --html`): a bar chart of how often each value changed the winner, each
//! bar with its 95% interval; the table of every figure; the distribution
//! of the score change per value; for each value that changed a winner, a
//! link to the page of one such game beside the base's game of the same
//! deal, opened where the two first part; and the rules text of every
//! reading measured. The bar chart alone is `impact --svg`. The page has no
//! script; its head is the other pages', with the same
//! Content-Security-Policy that forbids every fetch.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::play::impact::{ArmReport, Report, Rounding, change_words, percent, points, rate_words};
use crate::rules::Clause;

use super::super::svg::escape;
use super::html::{clause_links, head_with, rules_section};

/// Where the page of one game whose winner a value changed is: a file
/// beside the page, the seed, and the step it opens at (the first action
/// where the two games part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLink {
    /// The page's file name, relative to the impact page.
    pub href: String,
    /// The game's seed.
    pub seed: u64,
    /// The first action where the two games part.
    pub step: usize,
}

const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// The charts' colours in light: the SVG's own attributes, which a page's
/// styles override in dark.
const BAR: &str = "#b00018";
const INK: &str = "#1a1a1a";
const MUTED: &str = "#5a5a5a";
const GRID: &str = "#d0d0c8";

/// The page's own styles, after the other pages': the charts take the
/// page's colours (light or dark), the table its lines.
const IMPACT_STYLE: &str = "
figure.chart { margin: 0.8rem 0; overflow-x: auto; }
figure.chart svg { display: block; max-width: 100%; height: auto; }
figure.chart figcaption { color: var(--muted); font-size: 0.9rem; margin-top: 0.3rem; }
svg.chart text { fill: var(--fg); }
svg.chart text.muted { fill: var(--muted); }
svg.chart .bar, svg.chart .box { fill: var(--accent); }
svg.chart .interval, svg.chart .whisker, svg.chart .median { stroke: var(--fg); }
svg.chart .grid { stroke: var(--line); }
svg.chart .zero { stroke: var(--muted); }
svg.chart .mean { fill: var(--fg); }
table.figures { border-collapse: collapse; font-size: 0.92rem; margin: 0.6rem 0; }
table.figures th, table.figures td { text-align: left; vertical-align: top; padding: 0.25rem 0.5rem;
  border-top: 1px solid var(--line); }
table.figures td.n { font-variant-numeric: tabular-nums; white-space: nowrap; }
.impact p, .impact li { overflow-wrap: anywhere; }
";

/// A value's name on the charts and in the table: `R13 blocked-round =
/// lowest-collects`.
fn arm_label(a: &ArmReport) -> String {
    format!("{} {} = {}", a.reading, a.name, a.value)
}

/// The values a chart draws: those games were played under.
fn drawn(report: &Report) -> Vec<&ArmReport> {
    report.readings.iter().filter(|a| a.unplayable.is_none() && a.figures.is_some()).collect()
}

/// The least of 1, 2, 2.5 and 5 times a power of ten that is at least `x`
/// (and at least `floor`): an axis's end.
fn nice(x: f64, floor: f64) -> f64 {
    let x = x.max(floor);
    let mut unit = 10f64.powi(x.log10().floor() as i32);
    loop {
        for m in [1.0, 2.0, 2.5, 5.0, 10.0] {
            if m * unit >= x * (1.0 - 1e-12) {
                return m * unit;
            }
        }
        unit *= 10.0;
    }
}

/// The chart's opening tag, with a title and a description for readers
/// who cannot see it.
fn svg_open(out: &mut String, width: i32, height: i32, title: &str, desc: &str) {
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" aria-label=\"{}\" width=\"{width}\" \
height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\" font-size=\"13\">\n<title>{}</title>\n\
<desc>{}</desc>",
        escape(title),
        escape(title),
        escape(desc)
    );
}

/// The bar chart of how often each value changed the winner, with each
/// rate's 95% interval, the values in the report's order (most decisive
/// first): what `--svg` writes, and the page's first chart. `standalone`
/// gives it a white background of its own.
pub fn winner_chart(report: &Report, standalone: bool) -> String {
    let arms = drawn(report);
    let (left, plot, right, top, row) = (330, 340, 170, 46, 26);
    let width = left + plot + right;
    let height = top + row * (arms.len().max(1) as i32) + 16;
    let scale = nice(arms.iter().filter_map(|a| a.figures).map(|f| f.winner_changed.high).fold(0.0, f64::max), 0.01);
    let x = |rate: f64| f64::from(left) + rate / scale * f64::from(plot);
    let mut out = String::new();
    let title = format!(
        "How often each reading value changed the winner: {}, {} players, {} strategy, {} games each",
        report.variant, report.players, report.strategy, report.played
    );
    let desc = arms
        .iter()
        .map(|a| format!("{}: {}", arm_label(a), a.figures.map(|f| rate_words(&f.winner_changed)).unwrap_or_default()))
        .collect::<Vec<_>>()
        .join("; ");
    svg_open(&mut out, width, height, &title, &desc);
    if standalone {
        let _ = writeln!(out, "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>");
    }
    let _ = writeln!(
        out,
        "<text x=\"{left}\" y=\"16\" fill=\"{INK}\" font-weight=\"bold\">winner changed, with its 95% interval</text>"
    );
    // The axis: five ticks from 0 to the scale, a grid line each.
    for k in 0..=4 {
        let rate = scale * f64::from(k) / 4.0;
        let at = x(rate);
        let bottom = height - 12;
        let _ = writeln!(
            out,
            "<line class=\"grid\" x1=\"{at:.1}\" y1=\"{}\" x2=\"{at:.1}\" y2=\"{bottom}\" stroke=\"{GRID}\"/>\n\
<text class=\"tick muted\" x=\"{at:.1}\" y=\"{}\" text-anchor=\"middle\" fill=\"{MUTED}\">{}</text>",
            top - 8,
            top - 12,
            percent(rate, Rounding::Nearest)
        );
    }
    for (i, a) in arms.iter().enumerate() {
        let Some(f) = a.figures else { continue };
        let r = f.winner_changed;
        let y = top + row * i as i32;
        let label = arm_label(a);
        let sentence = format!(
            "{label} changed the winner in {} of {} games: {}",
            r.count,
            r.games,
            if r.count == 0 {
                format!("under {} at 95%", percent(r.high, Rounding::Up))
            } else {
                format!(
                    "{} ({} to {} at 95%)",
                    percent(r.rate, Rounding::Nearest),
                    percent(r.low, Rounding::Down),
                    percent(r.high, Rounding::Up)
                )
            }
        );
        let (x0, x1, xr) = (x(0.0), x(r.low), x(r.high));
        let mid = y + row / 2;
        let _ = writeln!(
            out,
            "<g class=\"arm\">\n<title>{}</title>\n\
<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"{INK}\">{}</text>\n\
<rect class=\"bar\" x=\"{x0:.1}\" y=\"{}\" width=\"{:.2}\" height=\"{}\" fill=\"{BAR}\"/>\n\
<path class=\"interval\" d=\"M{x1:.2},{mid} H{xr:.2} M{x1:.2},{} V{} M{xr:.2},{} V{}\" stroke=\"{INK}\" \
stroke-width=\"1.5\" fill=\"none\"/>\n\
<text class=\"figure\" x=\"{}\" y=\"{}\" fill=\"{INK}\">{}</text>\n</g>",
            escape(&sentence),
            left - 8,
            mid + 4,
            escape(&label),
            y + 6,
            x(r.rate) - x0,
            row - 12,
            mid - 5,
            mid + 5,
            mid - 5,
            mid + 5,
            left + plot + 8,
            mid + 4,
            escape(&rate_words(&r))
        );
    }
    if arms.is_empty() {
        let _ = writeln!(out, "<text x=\"{left}\" y=\"{}\" fill=\"{INK}\">no value was played</text>", top + 16);
    }
    out.push_str("</svg>\n");
    out
}

/// The distribution of the score change per value: the change of a seat's
/// final score (under the value, less under the base) over the games, drawn
/// as a box from the first to the third quartile, a line at the median,
/// whiskers to the least and the greatest change, and a dot at the mean
/// with its 95% interval.
fn score_chart(report: &Report) -> String {
    let arms = drawn(report);
    let (left, plot, right, top, row) = (330, 420, 90, 46, 26);
    let width = left + plot + right;
    let height = top + row * (arms.len().max(1) as i32) + 16;
    let reach = arms
        .iter()
        .filter_map(|a| a.figures.and_then(|f| f.score_change))
        .map(|s| s.min.abs().max(s.max.abs()))
        .fold(0.0, f64::max);
    let half = nice(reach, 1.0);
    let x = |v: f64| f64::from(left) + (v + half) / (2.0 * half) * f64::from(plot);
    let mut out = String::new();
    let title = format!(
        "The change of a seat's final score per reading value, against {}'s own: quartiles, range and mean",
        report.variant
    );
    let desc = arms
        .iter()
        .map(|a| format!("{}: mean {}", arm_label(a), change_words(&a.figures.and_then(|f| f.score_change))))
        .collect::<Vec<_>>()
        .join("; ");
    svg_open(&mut out, width, height, &title, &desc);
    let _ = writeln!(
        out,
        "<text x=\"{left}\" y=\"16\" fill=\"{INK}\" font-weight=\"bold\">change of a seat's final score, in points</text>"
    );
    for k in -2..=2 {
        let v = half * f64::from(k) / 2.0;
        let at = x(v);
        let class = if k == 0 { "zero" } else { "grid" };
        let _ = writeln!(
            out,
            "<line class=\"{class}\" x1=\"{at:.1}\" y1=\"{}\" x2=\"{at:.1}\" y2=\"{}\" stroke=\"{GRID}\"/>\n\
<text class=\"tick muted\" x=\"{at:.1}\" y=\"{}\" text-anchor=\"middle\" fill=\"{MUTED}\">{}</text>",
            top - 8,
            height - 12,
            top - 12,
            points(v, Rounding::Nearest)
        );
    }
    for (i, a) in arms.iter().enumerate() {
        let Some(s) = a.figures.and_then(|f| f.score_change) else { continue };
        let y = top + row * i as i32;
        let mid = y + row / 2;
        let label = arm_label(a);
        let sentence = format!(
            "{label}: mean change {} points a seat; quartiles {}, {}, {}; from {} to {}",
            change_words(&Some(s)),
            points(s.q1, Rounding::Nearest),
            points(s.median, Rounding::Nearest),
            points(s.q3, Rounding::Nearest),
            points(s.min, Rounding::Nearest),
            points(s.max, Rounding::Nearest)
        );
        let (lo, hi) = (s.low.unwrap_or(s.mean), s.high.unwrap_or(s.mean));
        let _ = writeln!(
            out,
            "<g class=\"spread\">\n<title>{}</title>\n\
<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"{INK}\">{}</text>\n\
<path class=\"whisker\" d=\"M{:.2},{mid} H{:.2}\" stroke=\"{INK}\" fill=\"none\"/>\n\
<rect class=\"box\" x=\"{:.2}\" y=\"{}\" width=\"{:.2}\" height=\"{}\" fill=\"{BAR}\" fill-opacity=\"0.55\"/>\n\
<path class=\"median\" d=\"M{:.2},{} V{}\" stroke=\"{INK}\" stroke-width=\"2\" fill=\"none\"/>\n\
<path class=\"interval\" d=\"M{:.2},{mid} H{:.2}\" stroke=\"{INK}\" stroke-width=\"3\" fill=\"none\"/>\n\
<circle class=\"mean\" cx=\"{:.2}\" cy=\"{mid}\" r=\"3.5\" fill=\"{INK}\"/>\n\
<text class=\"figure\" x=\"{}\" y=\"{}\" fill=\"{INK}\">{}</text>\n</g>",
            escape(&sentence),
            left - 8,
            mid + 4,
            escape(&label),
            x(s.min),
            x(s.max),
            x(s.q1),
            y + 6,
            (x(s.q3) - x(s.q1)).max(1.0),
            row - 12,
            x(s.median),
            y + 4,
            y + row - 4,
            x(lo),
            x(hi),
            x(s.mean),
            left + plot + 8,
            mid + 4,
            points(s.mean, Rounding::Nearest)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// What the games were: the variant, the table, the strategy and the seeds.
pub fn games_words(report: &Report) -> String {
    let part = report.part.as_ref().map(|p| format!(", part {p} of the range")).unwrap_or_default();
    format!(
        "{}: {} games of {} players, every seat the {} strategy, seeds {} to {}{part}; each played under {} and \
again under every value below, with the same deal and well",
        report.variant,
        report.played,
        report.players,
        report.strategy,
        report.first_seed,
        report.last_seed(),
        report.variant
    )
}

/// The page: `links` holds, for each value in the report's order, the page
/// of one game whose winner it changed, if one was written.
pub fn impact_page(report: &Report, links: &[Option<GameLink>]) -> String {
    let title = format!("How much each reading matters under {}", report.variant);
    let mut out = String::new();
    head_with(&mut out, &title, IMPACT_STYLE);
    let _ = writeln!(out, "<header class=\"impact\">\n<h1>{}</h1>\n<div class=\"summary\">", escape(&title));
    let _ = writeln!(out, "<p>{}.</p>", escape(&games_words(report)));
    out.push_str(
        "<p>Every figure is given with its 95% interval: a Wilson score interval for a rate (so that a value that \
changed no winner gets a true upper bound, never \u{201c}never\u{201d}), a Student's t interval for a mean. A \
value is <em>used</em> in a game when an event of either game of the pair cites its reading.</p>\n",
    );
    if report.base_no_winner > 0 {
        let _ = writeln!(
            out,
            "<p>{} of the games under {} stopped at the round limit ({} rounds) with no winner; there, no winner is \
the outcome compared.</p>",
            report.base_no_winner,
            escape(&report.variant),
            report.max_rounds
        );
    }
    out.push_str("</div>\n</header>\n<main class=\"impact\">\n");
    let _ = writeln!(
        out,
        "<section aria-labelledby=\"winner-h\">\n<h2 id=\"winner-h\">How often the winner changed</h2>\n\
<figure class=\"chart\" id=\"winner-chart\">\n{}<figcaption>Each bar is the share of the games whose winner changed \
under the value, against {}'s own value of the reading; the line across it, its 95% interval. Most decisive first.\
</figcaption>\n</figure>\n</section>",
        winner_chart(report, false),
        escape(&report.variant)
    );
    figures_table(&mut out, report, links);
    let _ = writeln!(
        out,
        "<section aria-labelledby=\"score-h\">\n<h2 id=\"score-h\">How the final scores moved</h2>\n\
<figure class=\"chart\" id=\"score-chart\">\n{}<figcaption>For each value, the change of a seat's final score \
(under the value, less under {}'s own), over the games: the box runs from the first to the third quartile, the \
upright line is the median, the whiskers reach the least and the greatest change, and the dot is the mean with its \
95% interval.</figcaption>\n</figure>\n</section>",
        score_chart(report),
        escape(&report.variant)
    );
    games_section(&mut out, report, links);
    out.push_str("</main>\n");
    let cited: BTreeSet<Clause> = report.readings.iter().map(|a| a.reading).collect();
    rules_section(&mut out, &cited);
    out.push_str("</body>\n</html>\n");
    out
}

/// The table of every figure, in the report's order.
fn figures_table(out: &mut String, report: &Report, links: &[Option<GameLink>]) {
    out.push_str(
        "<section aria-labelledby=\"table-h\">\n<h2 id=\"table-h\">Every figure</h2>\n<table class=\"figures\">\n\
<thead><tr><th scope=\"col\">reading</th><th scope=\"col\">value (against)</th><th scope=\"col\">winner changed</th>\
<th scope=\"col\">rounds changed</th><th scope=\"col\">score change a seat</th><th scope=\"col\">used</th>\
<th scope=\"col\">games</th><th scope=\"col\">a game</th></tr></thead>\n<tbody>\n",
    );
    for (i, a) in report.readings.iter().enumerate() {
        let reading = format!("{} {}", clause_links(&[a.reading]), escape(&a.name));
        let value = format!("{} ({})", escape(&a.value), escape(&a.base_value));
        match (&a.unplayable, a.figures) {
            (Some(why), _) => {
                let _ = writeln!(
                    out,
                    "<tr><td>{reading}</td><td>{value}</td><td colspan=\"6\">not played: {}</td></tr>",
                    escape(why)
                );
            }
            (None, Some(f)) => {
                let game = match links.get(i).and_then(Option::as_ref) {
                    Some(l) => format!("<a href=\"{}#step-{}\">seed {}</a>", escape(&l.href), l.step, l.seed),
                    None => String::new(),
                };
                let _ = writeln!(
                    out,
                    "<tr><td>{reading}</td><td>{value}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{game}</td></tr>",
                    escape(&rate_words(&f.winner_changed)),
                    escape(&rate_words(&f.rounds_changed)),
                    escape(&change_words(&f.score_change)),
                    escape(&rate_words(&f.used)),
                    a.counts.games
                );
            }
            (None, None) => {}
        }
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

/// One game per value that changed a winner, linked; and each value that
/// changed none, with its bound.
fn games_section(out: &mut String, report: &Report, links: &[Option<GameLink>]) {
    out.push_str(
        "<section aria-labelledby=\"games-h\">\n<h2 id=\"games-h\">One game where the winner changed</h2>\n\
<p>Each link opens the game under the base and under the value side by side, stepping together from the same \
deal, at the first action where the two games part.</p>\n<ul>\n",
    );
    let mut none = Vec::new();
    for (i, a) in report.readings.iter().enumerate() {
        let Some(f) = a.figures.filter(|_| a.unplayable.is_none()) else { continue };
        match links.get(i).and_then(Option::as_ref) {
            Some(l) => {
                let _ = writeln!(
                    out,
                    "<li><a href=\"{}#step-{}\">{}: the game of seed {}</a>, parting at action {}</li>",
                    escape(&l.href),
                    l.step,
                    escape(&arm_label(a)),
                    l.seed,
                    l.step
                );
            }
            None if f.winner_changed.count == 0 => none.push(format!(
                "{} changed the winner in 0 of {} games: under {} at 95%.",
                arm_label(a),
                f.winner_changed.games,
                percent(f.winner_changed.high, Rounding::Up)
            )),
            None => {
                if let Some(seed) = a.counts.example_seed {
                    let _ = writeln!(
                        out,
                        "<li>{}: the game of seed {seed} (its page is written beside a page saved to a file)</li>",
                        escape(&arm_label(a))
                    );
                }
            }
        }
    }
    out.push_str("</ul>\n");
    if !none.is_empty() {
        out.push_str("<h3>Values that changed no winner</h3>\n<ul>\n");
        for line in none {
            let _ = writeln!(out, "<li>{}</li>", escape(&line));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n");
}

#[cfg(test)]
mod tests {
    use super::nice;

    #[test]
    fn an_axis_ends_at_a_round_number_at_or_above_the_data() {
        assert_eq!(nice(0.122, 0.01), 0.2);
        assert_eq!(nice(0.0038, 0.01), 0.01);
        assert_eq!(nice(0.21, 0.01), 0.25);
        assert_eq!(nice(0.6, 0.01), 1.0);
        assert_eq!(nice(1.0, 0.01), 1.0);
        assert_eq!(nice(37.0, 1.0), 50.0);
    }
}

//! `quadominos bonuses`: without a position, the catalogue of every
//! neighbourhood a tile may be placed into, up to rotation and reflection,
//! with what the variant makes of it (computed from the rule options by
//! [`Catalogue`]); with a position, every bonus placement of the hand,
//! grouped by catalogue class, with its best follow-up.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;
use quadominos::formats::{LoadedPosition, load_position, notation};
use quadominos::model::{Cell, Corners, Direction, TileId};
use quadominos::render::page::{
    BonusClassView, BonusPlacementView, BonusesView, Page, bonuses_page, catalogue_page, page_html,
};
use quadominos::render::{Marks, board_svg, board_text, catalogue_svg};
use quadominos::rules::{BonusClass, Catalogue, Clause, Example, Neighbourhood, WITNESS_BUDGET};
use quadominos::solve::native::best_bonus_tiles;
use quadominos::solve::{Choice, Limits, Play};
use serde::Serialize;

use super::shared::picture::PictureArgs;
use super::shared::{Failure, Format, RuleArgs, parse_seconds, position_moves, serialize};

/// The output formats of `bonuses`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BonusFormat {
    /// A readable report.
    Text,
    /// JSON, for tools.
    Json,
    /// YAML, for tools and people.
    Yaml,
    /// An SVG picture.
    Svg,
}

/// Every bonus situation: without a position, the catalogue of every
/// neighbourhood a tile may be placed into, up to rotation and
/// reflection, with the corners touched, the most that can be matched and
/// whether a bonus is possible, each shown by a real position of the
/// variant; with one, every bonus placement of the hand by catalogue
/// class, with its best follow-up.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos bonuses
  quadominos bonuses --rule R4=no --format json
  \
quadominos bonuses --format svg > catalogue.svg
  quadominos bonuses --variant serbian --html catalogue.html
  quadominos bonuses puzzles/bonus-corner.yaml --svg bonuses.svg
  quadominos bonuses puzzles/bonus-corner.yaml --html bonuses.html
The picture (--svg, --png) is the catalogue, or with a position its board with a star and the class
on each cell where a bonus placement exists. --html FILE writes a page (one HTML file, nothing
fetched): the catalogue with every class's example board, what it touches and whether a bonus is
possible; with a position, the position and then each bonus placement in turn, with its class,
points, follow-up and clauses.")]
pub struct Args {
    /// A position or puzzle file: list its bonus placements. Without one,
    /// the catalogue of bonus situations.
    pub position: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = BonusFormat::Text)]
    pub format: BonusFormat,
    #[command(flatten)]
    pub pictures: PictureArgs,
    /// With a position: stop each search for the best two bonus tiles after
    /// this many seconds (chained bonuses, R8, can take long); such a
    /// follow-up is marked as not proven.
    #[arg(long, value_name = "SECONDS", default_value = "2", value_parser = parse_seconds)]
    pub timeout: Duration,
    /// With a position: print only its bonus placements, for scripts, one
    /// a line as `TILE X,Y NW,NE,SE,SW` (the form `moves -q` writes), in
    /// the report's order; nothing when there is none.
    #[arg(short, long, conflicts_with = "format", requires = "position")]
    pub quiet: bool,
}

/// The catalogue as printed.
#[derive(Serialize)]
struct CatalogueReport<'a> {
    variant: String,
    classes: &'a [BonusClass],
}

/// What follows a bonus placement at best (E11, E12, S15).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct FollowUp {
    /// `points` (the 25) or `tiles` (two bonus tiles).
    take: &'static str,
    /// What it adds.
    score: i64,
    /// The two bonus tiles that score most, when they can be played (E14):
    /// listed even when the 25 is worth more.
    #[serde(skip_serializing_if = "Option::is_none")]
    tiles_score: Option<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tiles: Vec<Play>,
    /// False when the time limit stopped the search for the bonus tiles:
    /// the best found is shown, and a better one may exist.
    proven: bool,
}

/// One bonus placement.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
struct BonusPlacement {
    tile: TileId,
    at: Cell,
    corners: Corners,
    points: u32,
    matched: u8,
    follow_up: FollowUp,
    /// The placement's points and its best follow-up.
    total: i64,
}

/// The bonus placements in one catalogue class.
#[derive(Clone, Debug, Serialize)]
struct ClassPlacements {
    class: usize,
    neighbours: Vec<Direction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    example: Option<Example>,
    clauses: Vec<Clause>,
    placements: Vec<BonusPlacement>,
}

/// The bonus placements of a position.
#[derive(Serialize)]
struct PositionReport {
    variant: String,
    placements: usize,
    classes: Vec<ClassPlacements>,
}

/// Runs `bonuses`.
pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let choice = args.rules.choice();
    match &args.position {
        None => {
            let variant = choice.resolve(None, None)?;
            args.pictures.check()?;
            let catalogue = Catalogue::new(&variant);
            let report = CatalogueReport { variant: variant.label(), classes: catalogue.classes() };
            let page = || {
                let positions: Vec<Option<String>> = catalogue
                    .classes()
                    .iter()
                    .map(|c| c.witness.as_ref().map(|w| notation::write(&w.board(), &[w.tile.id()], None)))
                    .collect();
                catalogue_page(&catalogue, &variant, &positions)
            };
            output(
                &args,
                &report,
                || catalogue_text(&report, &variant),
                || catalogue_svg(&catalogue, &report.variant),
                page,
            )
        }
        Some(path) => {
            let loaded = load_position(path, &choice)?;
            // Refused before the follow-ups are searched, not after.
            args.pictures.check()?;
            let catalogue = Catalogue::new(&loaded.variant);
            let limits = super::shared::solve_limits(Some(args.timeout));
            let report = position_report(&loaded, &catalogue, &limits)?;
            super::shared::within_printed("bonus placements", report.placements)?;
            // The page's steps: the position, each bonus placement and each
            // bonus tile its follow-up places, known before it is drawn.
            let steps: usize = 1 + report
                .classes
                .iter()
                .flat_map(|c| &c.placements)
                .map(|b| 1 + b.follow_up.tiles.len())
                .sum::<usize>();
            super::shared::pages::within_page_steps(
                &args.pictures.html,
                &loaded.source.name,
                steps,
                "the position, then one for each bonus placement and each bonus tile it leads to",
            )?;
            let text = || match args.quiet {
                true => report
                    .classes
                    .iter()
                    .flat_map(|c| &c.placements)
                    .map(|p| super::shared::move_line(p.tile, p.at, p.corners) + "\n")
                    .collect(),
                false => position_text(&loaded, &report),
            };
            let page = || page_html(&position_page(&loaded, &report));
            output(&args, &report, text, || position_svg(&loaded, &report), page)
        }
    }
}

/// A report in the format asked for, its picture written to `--svg` and
/// `--png`, and its page to `--html`.
fn output<R: Serialize>(
    args: &Args,
    report: &R,
    text: impl FnOnce() -> String,
    svg: impl Fn() -> String,
    page: impl FnOnce() -> String,
) -> Result<(String, u8), Failure> {
    let out = match args.format {
        BonusFormat::Text => text(),
        BonusFormat::Json => serialize(report, Format::Json)?,
        BonusFormat::Yaml => serialize(report, Format::Yaml)?,
        BonusFormat::Svg => svg(),
    };
    args.pictures.write(|| Ok(page()), svg)?;
    Ok((out, 0))
}

/// The 3×3 picture of a neighbourhood: `+` the cell, `#` a neighbour that
/// counts for the corners, `o` one that does not (a diagonal under R4 = no),
/// `.` an empty cell.
fn picture(n: Neighbourhood, diagonals_count: bool) -> [String; 3] {
    let at = |d: Direction| match (n.has(d), d.is_edge() || diagonals_count) {
        (false, _) => '.',
        (true, true) => '#',
        (true, false) => 'o',
    };
    use Direction::*;
    [
        format!("{} {} {}", at(NW), at(N), at(NE)),
        format!("{} + {}", at(W), at(E)),
        format!("{} {} {}", at(SW), at(S), at(SE)),
    ]
}

fn names<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

fn example_note(e: Option<Example>) -> &'static str {
    match e {
        Some(Example::E) => "  (Example E: two sides of an enclosure, E11)",
        Some(Example::F) => "  (Example F: one side and the corner across, E12)",
        None => "",
    }
}

fn catalogue_text(report: &CatalogueReport<'_>, variant: &quadominos::rules::Variant) -> String {
    let rules = variant.rules();
    let mut out = String::new();
    let bonus = report.classes.iter().filter(|c| c.bonus == Some(true)).count();
    let unshown = report.classes.iter().filter(|c| c.witness.is_none()).count();
    let _ = writeln!(out, "variant: {}", report.variant);
    let _ = writeln!(
        out,
        "{} classes of the 240 neighbourhoods a tile may be placed into (a side neighbour, S10), up to rotation \
and reflection;\na bonus is possible in {bonus} (R7: {} or more matched corners; R4 diagonal neighbours count: {}; \
R2 corner match: {}).",
        report.classes.len(),
        rules.bonus_threshold.corners(),
        rules.diagonal_neighbours,
        rules.corner_match
    );
    let _ = writeln!(
        out,
        "Each class is shown by a real position of the variant: one group of tiles through sides (S10), tiles outside \
the\nneighbourhood joining neighbours that share no side; each tile once (S1); each legal as if placed last. Its\n\
`position:` line is that position in the one-line notation, with the tile placed on [0, 0] as the hand."
    );
    if unshown > 0 {
        let _ = writeln!(out, "{unshown} class(es) show no real board: nothing is claimed for their matches or bonus.");
    }
    let _ = writeln!(out, "Picture: + the new tile, # a neighbour that counts, o one that does not (R4), . empty.");
    for c in report.classes {
        let pic = picture(c.representative(), rules.diagonal_neighbours.yes());
        let _ = writeln!(out);
        let _ = writeln!(out, "{}  class {}: {}{}", pic[0], c.class, names(&c.neighbours), example_note(c.example));
        let found = match (c.max_matched, c.bonus) {
            (Some(max), Some(bonus)) => {
                // Not proven: the search, stopped at its budget or through
                // its boards, found no real board matching more.
                let cut = if c.proven {
                    String::new()
                } else {
                    format!(
                        " (the best found on a real board, at most {WITNESS_BUDGET} tiles tried per new tile; not \
proven)"
                    )
                };
                format!("; max matched: {max}; bonus: {}{cut}", if bonus { "yes" } else { "no" })
            }
            _ => String::new(),
        };
        let _ = writeln!(out, "{}  touched: {}{found}", pic[1], names(&c.touched));
        let _ = writeln!(out, "{}  {} of 240; clauses: {}", pic[2], c.size, names(&c.clauses));
        match (&c.witness, &c.unshown) {
            (Some(w), _) => {
                let around: Vec<String> = w.neighbours.iter().map(|n| format!("{} {}", n.at, n.tile)).collect();
                let joining = match w.joining.len() {
                    0 => String::new(),
                    1 => ", and 1 tile joining them through sides".to_string(),
                    n => format!(", and {n} tiles joining them through sides"),
                };
                let _ = writeln!(out, "       e.g. {} on [0, 0] among {}{joining}", w.tile, around.join(", "));
                let _ = writeln!(out, "       position: {}", notation::write(&w.board(), &[w.tile.id()], None));
            }
            (None, Some(why)) => {
                let _ = writeln!(out, "       {why}");
            }
            (None, None) => {}
        }
    }
    out
}

fn position_report(loaded: &LoadedPosition, catalogue: &Catalogue, limits: &Limits) -> Result<PositionReport, Failure> {
    let variant = &loaded.variant;
    let p = &loaded.position;
    let records = position_moves(loaded)?;
    let mut found: Vec<(usize, BonusPlacement)> = Vec::new();
    for m in records.into_iter().filter(|m| m.bonus) {
        let class = catalogue
            .class_of(Neighbourhood::around(&p.board, m.at))
            .ok_or_else(|| Failure::Bug(format!("a legal placement at {} with no side neighbour", m.at)))?;
        let mut board = p.board.clone();
        board.insert(m.at, m.corners);
        let hand: Vec<TileId> = p.hand.iter().copied().filter(|&t| t != m.tile).collect();
        // Going out on a bonus leaves nothing to play: the 25 (E6, E10).
        let (tiles, proven) =
            if hand.is_empty() { (None, true) } else { best_bonus_tiles(variant, &board, &hand, limits) };
        let follow_up = match tiles {
            Some((value, plays)) if value > 25 => {
                FollowUp { take: "tiles", score: value, tiles_score: Some(value), tiles: plays, proven }
            }
            Some((value, plays)) => {
                FollowUp { take: "points", score: 25, tiles_score: Some(value), tiles: plays, proven }
            }
            None => FollowUp { take: "points", score: 25, tiles_score: None, tiles: Vec::new(), proven },
        };
        let total = i64::from(m.points) + follow_up.score;
        found.push((
            class.class,
            BonusPlacement {
                tile: m.tile,
                at: m.at,
                corners: m.corners,
                points: m.points,
                matched: m.matched,
                follow_up,
                total,
            },
        ));
    }
    found.sort_by_key(|(class, b)| (*class, b.tile, b.at.y, b.at.x, b.corners));
    let placements = found.len();
    let mut classes: Vec<ClassPlacements> = Vec::new();
    for (number, b) in found {
        match classes.last_mut() {
            Some(c) if c.class == number => c.placements.push(b),
            _ => {
                let class = catalogue
                    .classes()
                    .get(number - 1)
                    .ok_or_else(|| Failure::Bug(format!("no catalogue class {number}")))?;
                classes.push(ClassPlacements {
                    class: number,
                    neighbours: class.neighbours.clone(),
                    example: class.example,
                    clauses: class.clauses.clone(),
                    placements: vec![b],
                });
            }
        }
    }
    Ok(PositionReport { variant: variant.label(), placements, classes })
}

fn follow_up_text(f: &FollowUp) -> String {
    let line = |plays: &[Play]| {
        let choice = |p: &Play| match (p.bonus, p.choice) {
            (true, Some(Choice::Points)) => " (its own bonus, R8: +25)",
            (true, Some(Choice::Tiles)) => " (its own bonus, R8: two more tiles)",
            _ => "",
        };
        plays
            .iter()
            .map(|p| format!("{} as {} at {}{}", p.tile, p.corners, p.at, choice(p)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let text = match (f.take, f.tiles_score) {
        ("tiles", _) if f.tiles.len() > 2 => {
            format!("bonus tiles, two and more by their own bonuses (R8), for {}: {}", f.score, line(&f.tiles))
        }
        ("tiles", _) => format!("two bonus tiles for {}: {}", f.score, line(&f.tiles)),
        (_, Some(v)) => format!("25 points (two bonus tiles would score {v}: {})", line(&f.tiles)),
        (_, None) if f.proven => "25 points (two bonus tiles cannot both be played, E14)".to_string(),
        (_, None) => "25 points (no two bonus tiles found)".to_string(),
    };
    if f.proven { text } else { format!("{text} [best found in the time limit, not proven]") }
}

fn position_text(loaded: &LoadedPosition, r: &PositionReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", r.variant);
    out.push_str(&board_text(&loaded.position.board));
    let hand: Vec<String> = loaded.position.hand.iter().map(|t| t.to_string()).collect();
    let _ = writeln!(out, "hand: {}", if hand.is_empty() { "(empty)".to_string() } else { hand.join(", ") });
    for c in &r.classes {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "class {}: {}{}  [{}]",
            c.class,
            names(&c.neighbours),
            example_note(c.example),
            names(&c.clauses)
        );
        for b in &c.placements {
            let _ = writeln!(
                out,
                "  {} as {} at {}: {}, {} matched; then {}; total {}",
                b.tile,
                b.corners,
                b.at,
                super::shared::counted(b.points, "point"),
                b.matched,
                follow_up_text(&b.follow_up),
                b.total
            );
        }
    }
    let _ = writeln!(
        out,
        "\n{} bonus placement{} in {} class{}",
        r.placements,
        if r.placements == 1 { "" } else { "s" },
        r.classes.len(),
        if r.classes.len() == 1 { "" } else { "es" }
    );
    out
}

/// The board with a star on every cell where a bonus placement exists,
/// labelled with its catalogue class.
fn position_svg(loaded: &LoadedPosition, r: &PositionReport) -> String {
    let marks = Marks {
        title: Some(format!(
            "{}: {}, {}",
            loaded.source.name,
            super::shared::counted(r.placements, "bonus placement"),
            r.variant
        )),
        ..position_marks(r)
    };
    board_svg(&loaded.position.board, &marks)
}

/// A star and the class on every cell where a bonus placement exists.
fn position_marks(r: &PositionReport) -> Marks {
    let mut cells: Vec<(Cell, usize)> =
        r.classes.iter().flat_map(|c| c.placements.iter().map(move |b| (b.at, c.class))).collect();
    cells.sort_unstable_by_key(|(c, _)| (c.y, c.x));
    cells.dedup();
    Marks {
        title: None,
        highlights: Vec::new(),
        bonus_cells: cells.iter().map(|(c, _)| *c).collect(),
        labels: cells.iter().map(|(c, k)| (*c, format!("class {k}"))).collect(),
    }
}

/// The page of a position's bonus placements, from the report.
fn position_page(loaded: &LoadedPosition, r: &PositionReport) -> Page {
    let classes = r
        .classes
        .iter()
        .map(|c| BonusClassView {
            heading: format!("class {}: {}{}", c.class, names(&c.neighbours), example_note(c.example)),
            class: c.class,
            clauses: c.clauses.clone(),
            placements: c
                .placements
                .iter()
                .map(|b| BonusPlacementView {
                    tile: b.tile,
                    at: b.at,
                    corners: b.corners,
                    points: b.points,
                    matched: b.matched,
                    then: follow_up_text(&b.follow_up),
                    total: b.total,
                    tiles: &b.follow_up.tiles,
                    taken: b.follow_up.take == "tiles",
                })
                .collect(),
        })
        .collect();
    bonuses_page(&BonusesView {
        name: &loaded.source.name,
        variant: &r.variant,
        board: &loaded.position.board,
        hand: &loaded.position.hand,
        marks: position_marks(r),
        placements: r.placements,
        classes,
    })
}

//! The `quadominos` command: a thin shell over the library. Exit status 0 on
//! success, 1 when `explain` judges a placement illegal, 2 on bad input.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use quadominos::formats::{
    BUILTIN_VARIANTS, InputError, LoadedPosition, MoveRecord, MovesReport, VariantChoice, VerdictReport, load_position,
    load_puzzle, notation,
};
use quadominos::model::{Cell, Corners, TileId};
use quadominos::render::board_text;
use quadominos::render::comparison_text;
use quadominos::rules::{Placement, READINGS, Reading, Variant};
use quadominos::scenario::{LoadedScenario, load_scenario, reading_variants};
use quadominos::solve::native::Native;
use quadominos::solve::{Answer, Choice, Goal, Limits, PlayKind, Puzzle, Solver, Stats, verify};
use serde::Serialize;

mod cli;

use cli::{Failure, Format, RuleArgs, SolverChoice, parse_cell, parse_corners, parse_seconds, serialize};

/// Quad-Ominos rules, executable: list legal moves, judge placements, and
/// show the rule variants, under either rule source and any reading.
#[derive(Parser)]
#[command(name = "quadominos", version, about, long_about = None)]
#[command(after_help = "Rules digest with clause ids E1-E19, S1-S19 and readings R1-R16: RULES.md.\n\
Exit status: 0 success; 1 an illegal placement (explain), a failed expectation (check, solve);\n\
2 bad input; 3 an internal error (a solver answer the rules refuse, solvers that disagree).")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: cli::LimitArgs,
}

#[derive(Subcommand)]
enum Command {
    /// List every legal placement of every hand tile on a position's board.
    #[command(after_help = "Example:\n  quadominos moves puzzles/bonus-corner.yaml --format json\n  \
quadominos moves puzzles/bonus-corner.yaml --variant serbian --rule R4=no")]
    Moves {
        /// A position or puzzle file (YAML: variant, board, hand).
        position: PathBuf,
        #[command(flatten)]
        rules: RuleArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also draw the board as SVG into FILE: each open cell with its
        /// number of moves, a star where one earns a bonus.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Judge one placement and give the verdict with its reasons and clause ids.
    #[command(
        after_help = "Example:\n  quadominos explain puzzles/bonus-corner.yaml --tile 1-4-5-5 --at 1,-1 --corners 1,4,5,5\n\
Exit status 0 when the placement is legal, 1 when it is not."
    )]
    Explain {
        /// A position or puzzle file (YAML: variant, board, hand).
        position: PathBuf,
        /// The tile's id, e.g. 1-4-5-5 (defaults to the corners' tile).
        #[arg(long)]
        tile: Option<TileId>,
        /// The cell, X,Y (e.g. 1,-1).
        #[arg(long, allow_hyphen_values = true, value_parser = parse_cell)]
        at: Cell,
        /// The corners clockwise from north-west, NW,NE,SE,SW (e.g. 1,4,5,5).
        #[arg(long, value_parser = parse_corners)]
        corners: Corners,
        /// Do not require the tile to be in the position's hand.
        #[arg(long)]
        any_tile: bool,
        #[command(flatten)]
        rules: RuleArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Run rule scenarios and check them against their expectations.
    #[command(after_help = "Example:\n  quadominos check specs/scenarios/*.yaml\n\
Exit status 0 when every expectation holds, 1 when one does not, 2 on bad input.")]
    Check {
        /// Scenario files (YAML, as under specs/scenarios/).
        #[arg(required = true)]
        scenarios: Vec<PathBuf>,
        #[command(flatten)]
        rules: RuleArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Run one scenario under several variants, or every value of some
    /// readings, and show only where the outcomes differ.
    #[command(after_help = "Examples:\n  quadominos compare specs/scenarios/example-f-side-and-corner-bonus.yaml\n  \
quadominos compare SCENARIO --variants english,serbian\n  \
quadominos compare SCENARIO --variant english --readings R2,R3\n\
Exit status 0 whatever it finds; 2 on bad input.")]
    Compare {
        /// A scenario file.
        scenario: PathBuf,
        /// Variants to compare (shipped names or spec files), comma-separated
        /// [default: the scenario's own variants].
        #[arg(long, value_delimiter = ',', conflicts_with = "readings")]
        variants: Vec<String>,
        /// Readings to vary (R1-R16 or option names), comma-separated: every
        /// combination of their values is run on the base variant (--variant,
        /// --spec, or the scenario's first).
        #[arg(long, value_delimiter = ',')]
        readings: Vec<String>,
        #[command(flatten)]
        rules: RuleArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Solve a puzzle: the best turn, the best sequence of placements, or a
    /// region fill, proven optimal; every answer is replayed through the rules
    /// before it is printed.
    #[command(after_help = "Examples:\n  quadominos solve puzzles/bonus-corner.yaml\n  \
quadominos solve puzzles/bonus-corner.yaml --solver both --format json\n\
Exit status 0 when solved (and any `expect:` holds), 1 when a proven answer contradicts `expect:`,\n\
2 on bad input, 3 when the solvers disagree or the rules refuse an answer (a bug).")]
    Solve {
        /// A puzzle file: a position with `goal:` (and optionally `expect:`).
        puzzle: PathBuf,
        #[command(flatten)]
        rules: RuleArgs,
        /// Which solver: the native search, the z3 encoding, or both (they
        /// must agree).
        #[arg(long, value_enum, default_value_t = SolverChoice::Native)]
        solver: SolverChoice,
        /// List every optimal answer (up to 1000).
        #[arg(long)]
        all: bool,
        /// Stop after this many seconds; the answer is then marked unproven,
        /// with the best found and the bound.
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<std::time::Duration>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also draw the board after the answer as SVG into FILE, its plays
        /// numbered in order.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Write a seeded random position (YAML): a board grown by legal
    /// placements from a random first tile, and a hand of unused tiles.
    #[command(after_help = "Example:\n  quadominos generate --seed 2026 --tiles 60 --hand 15 > position.yaml")]
    Generate {
        /// The seed; the same seed and variant always give the same position.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Tiles on the board (fewer when no legal placement is left).
        #[arg(long, default_value_t = 20)]
        tiles: usize,
        /// Tiles in the hand.
        #[arg(long, default_value_t = 6)]
        hand: usize,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Count the sequences of D successive placements from the hand (each
    /// legal when made), with the bonus placements per depth; --divide splits
    /// the count by first placement, so two implementations can find where
    /// they disagree.
    #[command(after_help = "Example:\n  quadominos perft puzzles/bonus-corner.yaml --depth 3 --divide --format json")]
    Perft {
        /// A position or puzzle file.
        position: PathBuf,
        /// How many placements deep.
        #[arg(long)]
        depth: usize,
        /// Give the count under each first placement.
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        rules: RuleArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print a position as one line of the position notation (board, hand,
    /// variant), the form fixture files use; a `.qpn` file holding such a
    /// line is accepted wherever a position file is.
    #[command(after_help = "Example:\n  quadominos notation puzzles/bonus-corner.yaml\n  \
quadominos notation puzzles/bonus-corner.yaml > corner.qpn && quadominos moves corner.qpn\n\n\
Notation: BOARD HAND [VARIANT]; BOARD is X,Y:ABCD entries (corners NW,NE,SE,SW) joined by `;`,\n\
HAND tile ids joined by `,`, `-` for either when empty. Details: docs/FIXTURES.md.")]
    Notation {
        /// A position or puzzle file (YAML or .qpn).
        position: PathBuf,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Show the shipped variants, or every reading R1-R16 a variant chooses.
    #[command(after_help = "Example:\n  quadominos variants\n  quadominos variants --variant serbian --rule R4=no")]
    Variants {
        #[command(flatten)]
        rules: RuleArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Every bonus situation: without a position, the catalogue of every
    /// neighbourhood a tile may be placed into, up to rotation and
    /// reflection, with the corners touched, the most that can be matched and
    /// whether a bonus is possible; with one, every bonus placement of the
    /// hand by catalogue class, with its best follow-up.
    #[command(after_help = "Examples:\n  quadominos bonuses\n  quadominos bonuses --rule R4=no --format json\n  \
quadominos bonuses --format svg > catalogue.svg\n  quadominos bonuses puzzles/bonus-corner.yaml --svg bonuses.svg")]
    Bonuses(cli::bonuses::Args),
    /// Draw a position or a puzzle as SVG (or PNG): tiles with their corner
    /// values, open cells outlined, a puzzle's answer numbered in play order,
    /// bonus placements starred.
    #[command(after_help = "Examples:\n  quadominos render puzzles/bonus-corner.yaml > answer.svg\n  \
quadominos render puzzles/bonus-corner.yaml --highlight none --svg position.svg\n  \
quadominos render puzzles/mixed-corner.yaml --highlight 0,0 --format text")]
    Render(cli::render::Args),
    /// Play a whole game (or its first rounds), every seat with one
    /// strategy, and write the transcript: the variant and its readings, the
    /// seed, every deal, then every event with its score change, running
    /// totals and clauses.
    #[command(after_help = "Examples:\n  quadominos play --players 2 --seed 7 > game.yaml\n  \
quadominos play --players 3 --seed 1 --variant serbian --strategy best --rounds 1 --format json")]
    Play(cli::play::Args),
    /// Check a transcript written by anyone against the rules, event by
    /// event: exit 0 when every event, score change, total and clause list
    /// is right, else the first wrong event with what the rules give and
    /// why, exit 1.
    #[command(after_help = "Example:\n  quadominos replay game.yaml\n\
Exit status 0 when the transcript is right, 1 when an event is wrong, 2 on bad input.\n\
Checked: every event, its score change, totals and clauses (clauses only where the variant's \
citations are known: a shipped variant, or --spec), the final scores and the winner. \
Recorded but not checked (informative, and said so in the output): seed, strategy, variant.label.")]
    Replay(cli::replay::Args),
    /// Write a fixture suite for other implementations: positions with their
    /// legal moves under every variant, perft counts, scenario outcomes and
    /// full-game transcripts, with a manifest of SHA-256 digests.
    #[command(after_help = "Example:\n  quadominos fixtures --out fixtures --seed 1 --count 12")]
    Fixtures(cli::fixtures::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    quadominos::limits::set(cli.limits.limits());
    match run(cli.command) {
        Ok((text, code)) => {
            // A reader that stops early (`| head`) closes the pipe: the rest
            // of the output is not wanted, which is not an error.
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("error: cannot write the output: {e}");
                    ExitCode::from(2)
                }
                _ => ExitCode::from(code),
            }
        }
        Err(Failure::Input(e)) => {
            for p in &e.problems {
                eprintln!("error: {p}");
            }
            ExitCode::from(2)
        }
        Err(Failure::Bug(message)) => {
            eprintln!("internal error (please report): {message}");
            ExitCode::from(3)
        }
    }
}

/// Runs one command, returning its whole output and exit status; nothing is
/// printed until the command has succeeded.
fn run(command: Command) -> Result<(String, u8), Failure> {
    match command {
        Command::Play(args) => cli::play::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Fixtures(args) => cli::fixtures::run(args),
        Command::Moves { position, rules, format, svg } => {
            let loaded = load_position(&position, &rules.choice())?;
            let moves = cli::position_moves(&loaded)?;
            cli::within_printed("moves", moves.len())?;
            let report = MovesReport { variant: loaded.variant.label(), moves };
            let text = match format {
                Format::Text => moves_text(&loaded, &report.moves),
                _ => serialize(&report, format)?,
            };
            if let Some(path) = &svg {
                cli::render::write_file(path, cli::render::moves_svg(&loaded, &report.moves).as_bytes())?;
            }
            Ok((text, 0))
        }
        Command::Explain { position, tile, at, corners, any_tile, rules, format } => {
            let loaded = load_position(&position, &rules.choice())?;
            let tile = tile.unwrap_or_else(|| corners.id());
            let p = Placement { tile, at, corners };
            let hand = (!any_tile).then_some(&loaded.position.hand[..]);
            let report = VerdictReport::new(&loaded.position.board, &loaded.variant, p, hand);
            let code = if report.legal { 0 } else { 1 };
            let text = match format {
                Format::Text => explain_text(&loaded, &report),
                _ => serialize(&report, format)?,
            };
            Ok((text, code))
        }
        Command::Check { scenarios, rules, format } => check(&scenarios, &rules.choice(), format),
        Command::Compare { scenario, variants, readings, rules, format } => {
            compare(&scenario, &variants, &readings, &rules.choice(), format)
        }
        Command::Solve { puzzle, rules, solver, all, timeout, format, svg } => {
            solve(&puzzle, &rules.choice(), solver, all, timeout, format, svg.as_deref())
        }
        Command::Bonuses(args) => cli::bonuses::run(args),
        Command::Render(args) => cli::render::run(args),
        Command::Generate { seed, tiles, hand, rules } => {
            let variant = rules.choice().resolve(None, None)?;
            let position = quadominos::rules::random_position(&variant, seed, tiles, hand);
            let mut out = format!(
                "# quadominos generate --seed {seed} --tiles {tiles} --hand {hand} --variant {}\nvariant: {}\nboard:\n",
                variant.label(),
                variant.name()
            );
            for (cell, corners) in position.board.tiles() {
                let _ = writeln!(out, "  - {{at: [{}, {}], tile: {corners}}}", cell.x, cell.y);
            }
            let _ = writeln!(out, "hand: [{}]", hand_line(&position.hand).replace("(empty)", ""));
            Ok((out, 0))
        }
        Command::Perft { position, depth, divide, rules, format } => {
            let loaded = load_position(&position, &rules.choice())?;
            let p = &loaded.position;
            let count = quadominos::perft::perft(&loaded.variant, &p.board, &p.hand, depth, divide);
            let text = match format {
                Format::Text => {
                    let mut out = String::new();
                    for d in &count.divide {
                        let _ = writeln!(out, "{} {} at {}: {}", d.tile, d.corners, d.at, d.nodes);
                    }
                    if !count.divide.is_empty() {
                        out.push('\n');
                    }
                    let _ = writeln!(out, "variant: {}", loaded.variant.label());
                    let _ = writeln!(out, "depth {}: {} sequences", count.depth, count.nodes);
                    for (i, b) in count.bonus.iter().enumerate() {
                        let _ = writeln!(out, "  bonus placements at depth {}: {b}", i + 1);
                    }
                    out
                }
                _ => serialize(&count, format)?,
            };
            Ok((text, 0))
        }
        Command::Notation { position, rules } => {
            let loaded = load_position(&position, &rules.choice())?;
            let p = &loaded.position;
            Ok((notation::write(&p.board, &p.hand, Some(loaded.variant.name())) + "\n", 0))
        }
        Command::Variants { rules, format } => {
            let explicit = rules.variant.is_some() || rules.spec.is_some() || !rules.rules.is_empty();
            if explicit {
                let variant = rules.choice().resolve(None, None)?;
                let text = match format {
                    Format::Text => variant_text(&variant),
                    _ => serialize(&variant_summary(&variant), format)?,
                };
                return Ok((text, 0));
            }
            let all: Vec<Variant> = BUILTIN_VARIANTS
                .iter()
                .map(|(name, _)| {
                    VariantChoice { variant: Some((*name).to_string()), ..Default::default() }.resolve(None, None)
                })
                .collect::<Result<_, _>>()?;
            let text = match format {
                Format::Text => variants_table(&all),
                _ => serialize(&all.iter().map(variant_summary).collect::<Vec<_>>(), format)?,
            };
            Ok((text, 0))
        }
    }
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn hand_line(hand: &[TileId]) -> String {
    if hand.is_empty() { "(empty)".into() } else { hand.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ") }
}

fn moves_text(loaded: &LoadedPosition, moves: &[MoveRecord]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", loaded.variant.label());
    out.push_str(&board_text(&loaded.position.board));
    let _ = writeln!(out, "hand: {}\n", hand_line(&loaded.position.hand));
    if !moves.is_empty() {
        let _ = writeln!(
            out,
            "{:<8} {:<10} {:<13} {:>6} {:>7}  {:<5}  by weight",
            "tile", "at", "corners", "points", "matched", "bonus"
        );
        for m in moves {
            let _ = writeln!(
                out,
                "{:<8} {:<10} {:<13} {:>6} {:>7}  {:<5}  {}",
                m.tile.to_string(),
                m.at.to_string(),
                m.corners.to_string(),
                m.points,
                m.matched,
                yes(m.bonus),
                yes(m.by_weight)
            );
        }
        out.push('\n');
    }
    let bonus = moves.iter().filter(|m| m.bonus).count();
    let _ =
        writeln!(out, "{} legal move{}, {bonus} with a bonus", moves.len(), if moves.len() == 1 { "" } else { "s" });
    out
}

fn explain_text(loaded: &LoadedPosition, r: &VerdictReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", r.variant);
    out.push_str(&board_text(&loaded.position.board));
    let _ = writeln!(out, "placement: {} as {} at {}", r.tile, r.corners, r.at);
    if r.legal {
        let _ = writeln!(out, "verdict: legal{}", if r.by_weight == Some(true) { " by equal weight (R5)" } else { "" });
        for c in &r.contacts {
            let found: Vec<String> = c.found.iter().map(|(d, v)| format!("{v} from {d}")).collect();
            let _ = writeln!(
                out,
                "  {} = {} at ({}, {}): {} ({})",
                c.corner,
                c.value,
                c.point[0],
                c.point[1],
                if c.matched { "matched" } else { "unmatched" },
                found.join(", ")
            );
        }
        let _ = writeln!(out, "matched corners: {}", r.matched.unwrap_or(0));
        let _ = writeln!(out, "points: {}", r.points.unwrap_or(0));
        let _ =
            writeln!(out, "bonus: {}", if r.bonus == Some(true) { "yes: 25 points or two bonus tiles" } else { "no" });
        let clauses: Vec<String> = r.clauses.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "clauses: {}", clauses.join(", "));
    } else {
        let _ = writeln!(out, "verdict: illegal");
        for reason in &r.reasons {
            let clauses: Vec<String> = reason.clauses.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(out, "  - {} [{}]", reason.reason, clauses.join(", "));
        }
    }
    out
}

#[derive(Serialize)]
struct VariantSummary {
    name: String,
    description: String,
    tile_set: String,
    tiles: usize,
    target: u32,
    readings: Vec<ReadingChoice>,
}

#[derive(Serialize)]
struct ReadingChoice {
    id: String,
    name: &'static str,
    value: String,
    clauses: Vec<String>,
}

fn variant_summary(v: &Variant) -> VariantSummary {
    VariantSummary {
        name: v.label(),
        description: v.description().to_string(),
        tile_set: v.tile_set().name().to_string(),
        tiles: v.tile_set().len(),
        target: v.target(),
        readings: v
            .rules()
            .choices()
            .into_iter()
            .map(|(r, value)| ReadingChoice {
                id: r.id.to_string(),
                name: r.name,
                value,
                clauses: v.cite(r.id).iter().skip(1).map(|c| c.to_string()).collect(),
            })
            .collect(),
    }
}

fn variant_text(v: &Variant) -> String {
    let s = variant_summary(v);
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", s.name, s.description);
    let _ = writeln!(out, "tile set: {} ({} tiles); target: {}\n", s.tile_set, s.tiles, s.target);
    for (c, reading) in s.readings.iter().zip(READINGS.iter()) {
        let _ = writeln!(out, "{:<4} {:<24} {:<22} [{}]", c.id, c.name, c.value, c.clauses.join(", "));
        let _ = writeln!(out, "     {}", reading.question);
    }
    out
}

fn variants_table(all: &[Variant]) -> String {
    let mut out = String::new();
    let _ = write!(out, "{:<4} {:<24}", "", "reading");
    for v in all {
        let _ = write!(out, " {:<20}", v.name());
    }
    out.push('\n');
    for r in &READINGS {
        let _ = write!(out, "{:<4} {:<24}", r.id.to_string(), r.name);
        for v in all {
            let _ = write!(out, " {:<20}", v.rules().get(r.name).unwrap_or_default());
        }
        out.push('\n');
    }
    let _ = write!(out, "{:<4} {:<24}", "", "tile set");
    for v in all {
        let _ = write!(out, " {:<20}", format!("{} ({})", v.tile_set().name(), v.tile_set().len()));
    }
    out.push('\n');
    let _ = write!(out, "{:<4} {:<24}", "", "target");
    for v in all {
        let _ = write!(out, " {:<20}", v.target());
    }
    out.push_str("\n\nShow one variant's choices and the clauses behind them: quadominos variants --variant NAME\n");
    out.lines().map(|l| format!("{}\n", l.trim_end())).collect()
}

#[derive(Serialize)]
struct CheckedRun {
    file: String,
    scenario: String,
    variant: String,
    actions: usize,
    failures: Vec<String>,
}

/// `check`: every scenario is read first, so bad input prints nothing but the error.
fn check(paths: &[PathBuf], choice: &VariantChoice, format: Format) -> Result<(String, u8), Failure> {
    let loaded: Vec<LoadedScenario> = paths.iter().map(|p| load_scenario(p, choice)).collect::<Result<_, _>>()?;
    let mut runs = Vec::new();
    for scenario in &loaded {
        for variant in &scenario.variants {
            let run = scenario.run(variant)?;
            runs.push(CheckedRun {
                file: scenario.source.name.clone(),
                scenario: scenario.file.name.clone(),
                variant: run.variant.clone(),
                actions: run.steps.len(),
                failures: scenario.check(variant, &run),
            });
        }
    }
    let failed = runs.iter().filter(|r| !r.failures.is_empty()).count();
    let text = match format {
        Format::Text => {
            let mut out = String::new();
            let mut last = String::new();
            for r in &runs {
                if r.file != last {
                    let _ = writeln!(out, "{}  ({})", r.file, r.scenario);
                    last.clone_from(&r.file);
                }
                if r.failures.is_empty() {
                    let _ = writeln!(out, "  ok    {} ({} actions)", r.variant, r.actions);
                } else {
                    let _ = writeln!(out, "  FAIL  {}", r.variant);
                    for f in &r.failures {
                        let _ = writeln!(out, "        {f}");
                    }
                }
            }
            let _ = writeln!(
                out,
                "\n{} scenario{}, {} run{}: {} hold, {failed} fail",
                loaded.len(),
                if loaded.len() == 1 { "" } else { "s" },
                runs.len(),
                if runs.len() == 1 { "" } else { "s" },
                runs.len() - failed
            );
            out
        }
        _ => serialize(&runs, format)?,
    };
    Ok((text, if failed > 0 { 1 } else { 0 }))
}

/// `compare`: one scenario under several variants or readings.
fn compare(
    path: &std::path::Path,
    variants: &[String],
    readings: &[String],
    choice: &VariantChoice,
    format: Format,
) -> Result<(String, u8), Failure> {
    let loaded = load_scenario(path, choice)?;
    let list: Vec<Variant> = if !readings.is_empty() {
        let chosen: Vec<&'static Reading> = readings
            .iter()
            .map(|r| Reading::find(r.trim()).map_err(|e| InputError::whole_file("--readings", e.to_string())))
            .collect::<Result<_, _>>()?;
        let base = loaded.variants.first().ok_or_else(|| Failure::Bug("a scenario without variants".into()))?;
        reading_variants(base, &chosen)
    } else if !variants.is_empty() {
        variants
            .iter()
            .map(|v| {
                VariantChoice { variant: Some(v.trim().to_string()), spec: None, rules: choice.rules.clone() }
                    .resolve(None, None)
            })
            .collect::<Result<_, _>>()?
    } else {
        loaded.variants.clone()
    };
    let comparison = quadominos::scenario::compare(&loaded, &list)?;
    let text = match format {
        Format::Text => comparison_text(&comparison),
        _ => serialize(&comparison, format)?,
    };
    Ok((text, 0))
}

#[derive(Serialize)]
struct ExpectCheck {
    score: i64,
    holds: bool,
}

#[derive(Serialize)]
struct SolveReport {
    variant: String,
    goal: String,
    #[serde(flatten)]
    answer: Answer,
    #[serde(skip_serializing_if = "Option::is_none")]
    expect: Option<ExpectCheck>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    agreement: Vec<Stats>,
}

fn goal_name(goal: &Goal) -> String {
    match goal {
        Goal::BestTurn => "best-turn".into(),
        Goal::BestSequence { plays } => format!("best-sequence of up to {plays} plays"),
        Goal::Fill(f) => format!("fill of {} cells ({:?})", f.region.len(), f.objective).to_lowercase(),
    }
}

fn run_solver(solver: &dyn Solver, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, Failure> {
    let answer =
        solver.solve(puzzle, limits).map_err(|e| Failure::Input(InputError::whole_file("--solver", e.to_string())))?;
    verify(puzzle, &answer).map_err(|why| {
        Failure::Bug(format!("the {} solver's answer (score {}) fails the rules: {why}", solver.name(), answer.score))
    })?;
    Ok(answer)
}

fn solvers(choice: SolverChoice) -> Result<Vec<Box<dyn Solver>>, Failure> {
    let native: Box<dyn Solver> = Box::new(Native);
    #[cfg(feature = "smt")]
    let smt = || -> Result<Box<dyn Solver>, Failure> { Ok(Box::new(quadominos::solve::smt::Smt)) };
    #[cfg(not(feature = "smt"))]
    let smt = || -> Result<Box<dyn Solver>, Failure> {
        Err(Failure::Input(InputError::whole_file("--solver", "this build has no SMT solver (cargo feature `smt`)")))
    };
    Ok(match choice {
        SolverChoice::Native => vec![native],
        SolverChoice::Smt => vec![smt()?],
        SolverChoice::Both => vec![native, smt()?],
    })
}

/// `solve`: every answer is verified before anything is printed.
fn solve(
    path: &std::path::Path,
    choice: &VariantChoice,
    solver: SolverChoice,
    all: bool,
    timeout: Option<std::time::Duration>,
    format: Format,
    svg: Option<&std::path::Path>,
) -> Result<(String, u8), Failure> {
    let loaded = load_puzzle(path, choice)?;
    let budget = quadominos::limits::current();
    // One answer past the printed limit tells a list that is too long.
    let limits = Limits { all, max_answers: budget.printed.saturating_add(1), ..cli::solve_limits(timeout) };
    let mut answers = Vec::new();
    for s in solvers(solver)? {
        // A spinner for solves longer than a moment; indicatif draws nothing
        // when standard error is not a terminal.
        let spinner = indicatif::ProgressBar::new_spinner();
        if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
            spinner.set_style(style);
        }
        spinner.set_message(format!("solving with the {} solver", s.name()));
        let shown = std::time::Instant::now() + std::time::Duration::from_millis(300);
        let (finished, wait) = std::sync::mpsc::channel::<()>();
        let answer = std::thread::scope(|scope| {
            let spinner = &spinner;
            scope.spawn(move || {
                // Ticks every 100 ms until the solver is done (or gone).
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    wait.recv_timeout(std::time::Duration::from_millis(100))
                {
                    if std::time::Instant::now() >= shown {
                        spinner.tick();
                    }
                }
            });
            let answer = run_solver(s.as_ref(), &loaded.puzzle, &limits);
            let _ = finished.send(());
            answer
        });
        spinner.finish_and_clear();
        answers.push(answer?);
    }
    if let [a, b] = &answers[..]
        && a.proven
        && b.proven
        && a.score != b.score
    {
        return Err(Failure::Bug(format!(
            "the solvers disagree: {} proves {}, {} proves {}",
            a.stats.solver, a.score, b.stats.solver, b.score
        )));
    }
    let agreement: Vec<Stats> =
        if answers.len() > 1 { answers.iter().map(|a| a.stats.clone()).collect() } else { Vec::new() };
    let answer = answers.swap_remove(0);
    if answer.all.len() > budget.printed {
        return Err(Failure::Input(InputError::whole_file(
            "--max-printed",
            format!(
                "more than {} optimal answers (--all), the limit printed; raise it with --max-printed",
                budget.printed
            ),
        )));
    }
    // `expect: {count: N}` is checked against the count, `{score: N}` against the score.
    let expect = match (loaded.expect.score, loaded.expect.count) {
        (Some(score), _) => Some(ExpectCheck { score, holds: !answer.proven || answer.score == score }),
        (None, Some(count)) => {
            // Neither conversion fails: the puzzle reader refuses a count
            // above i64::MAX, and a solver counts solutions one by one.
            let count = i64::try_from(count).unwrap_or(i64::MAX);
            let got = answer.count.and_then(|c| i64::try_from(c).ok());
            Some(ExpectCheck { score: count, holds: !answer.proven || got == Some(count) })
        }
        (None, None) => None,
    };
    let failed = expect.as_ref().is_some_and(|e| !e.holds);
    let report = SolveReport {
        variant: loaded.puzzle.variant.label(),
        goal: goal_name(&loaded.puzzle.goal),
        answer,
        expect,
        agreement,
    };
    let text = match format {
        Format::Text => solve_text(&loaded.puzzle, &report),
        _ => serialize(&report, format)?,
    };
    if let Some(svg) = svg {
        let title = format!("{}: {}, {}", loaded.source.name, report.goal, report.variant);
        let (board, marks) = cli::render::answer_picture(&loaded.puzzle, &report.answer, &title);
        cli::render::write_file(svg, quadominos::render::board_svg(&board, &marks).as_bytes())?;
    }
    Ok((text, if failed { 1 } else { 0 }))
}

fn solve_text(puzzle: &Puzzle, r: &SolveReport) -> String {
    let a = &r.answer;
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", r.variant);
    out.push_str(&board_text(&puzzle.board));
    let _ = writeln!(out, "hand: {}", hand_line(&puzzle.hand));
    let _ = writeln!(out, "goal: {}\n", r.goal);
    let proof = if a.proven {
        "proven optimal".to_string()
    } else {
        let limit = if a.stats.out_of_memory { "the memory limit (--max-memory)" } else { "the time limit" };
        match a.bound {
            Some(bound) => format!("best found, not proven: stopped by {limit}; no answer scores more than {bound}"),
            None => format!("best found, not proven: stopped by {limit}"),
        }
    };
    let _ = writeln!(out, "score: {} ({proof})", a.score);
    if a.plays.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            match (&puzzle.goal, a.proven) {
                (Goal::Fill(_), true) => "no fill of the region exists",
                (Goal::Fill(_), false) => "no fill found before the time limit",
                (_, _) => "no tile can be played",
            }
        );
    }
    for (i, p) in a.plays.iter().enumerate() {
        let kind = match p.kind {
            PlayKind::Turn => "",
            PlayKind::BonusTile => " (bonus tile)",
            PlayKind::Fill => "",
        };
        let bonus = match (p.bonus, p.choice) {
            (true, Some(Choice::Points)) => ", bonus: +25 points",
            (true, Some(Choice::Tiles)) => ", bonus: two bonus tiles",
            (true, None) => ", bonus",
            _ => "",
        };
        let _ = writeln!(out, "  {}. {} as {} at {}: {} points{kind}{bonus}", i + 1, p.tile, p.corners, p.at, p.points);
    }
    if !a.plays.is_empty() {
        let mut board = puzzle.board.clone();
        for p in &a.plays {
            board.insert(p.at, p.corners);
        }
        let _ = writeln!(out, "\nafter the plays:");
        out.push_str(&board_text(&board));
    }
    if a.all.len() > 1 {
        let _ = writeln!(out, "\n{} optimal answers (--all)", a.all.len());
        for (i, line) in a.all.iter().enumerate() {
            let plays: Vec<String> = line.iter().map(|p| format!("{} {} at {}", p.tile, p.corners, p.at)).collect();
            let _ = writeln!(out, "  {}. {}", i + 1, plays.join(" / "));
        }
    }
    let _ = writeln!(
        out,
        "\nsolver: {}, {} nodes, {:.3} ms",
        a.stats.solver,
        a.stats.nodes,
        a.stats.micros as f64 / 1000.0
    );
    for s in r.agreement.iter().skip(1) {
        let _ = writeln!(out, "agrees: {}, {} nodes, {:.3} ms", s.solver, s.nodes, s.micros as f64 / 1000.0);
    }
    if let Some(e) = &r.expect {
        let _ = writeln!(out, "expect: {} {}", e.score, if e.holds { "holds" } else { "DOES NOT HOLD" });
    }
    out
}

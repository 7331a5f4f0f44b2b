//! The `quadominos` command: a thin shell over the library. Exit status 0 on
//! success, 1 when `explain` judges a placement illegal, 2 on bad input.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use quadominos::formats::{
    BUILTIN_VARIANTS, InputError, LoadedPosition, MoveRecord, MovesReport, VariantChoice, VerdictReport, load_position,
    notation,
};
use quadominos::model::{Cell, Corners, TileId};
use quadominos::render::board_text;
use quadominos::rules::{Placement, READINGS, Variant};
use quadominos::scenario::{LoadedScenario, load_scenario};
use serde::Serialize;

mod cli;

use cli::{Failure, Format, RuleArgs, hand_line, parse_cell, parse_corners, serialize};

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
        /// number of moves, a star where one earns a bonus. FILE is never
        /// an input of the command, nor a device or FIFO.
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
Exit status 0 whatever it finds; 2 on bad input or a limit reached (--max-combinations,\n\
--timeout, --max-memory).")]
    Compare(cli::compare::Args),
    /// Solve a puzzle: the best turn, the best sequence of placements, or a
    /// region fill, proven optimal; every answer is replayed through the rules
    /// before it is printed.
    #[command(after_help = "Examples:\n  quadominos solve puzzles/bonus-corner.yaml\n  \
quadominos solve puzzles/bonus-corner.yaml --solver both --format json\n\
Ctrl-C stops the search and prints the best answer found, marked unproven (exit 130).\n\
Exit status 0 when solved (and any `expect:` holds), 1 when `expect:` does not hold or could not\n\
be confirmed (the answer is not proven), 2 on bad input, 3 when the solvers contradict each\n\
other or the rules refuse an answer (a bug), 130 after Ctrl-C.")]
    Solve(cli::solve::Args),
    /// Write a seeded random position (YAML): a board grown by legal
    /// placements from a random first tile, and a hand of unused tiles.
    #[command(after_help = "Example:\n  quadominos generate --seed 2026 --tiles 60 --hand 15 > position.yaml")]
    Generate {
        /// The seed; the same seed and variant always give the same position.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Tiles on the board; fewer when no legal placement is left or the
        /// set runs out, which is said on standard error and in the file.
        #[arg(long, default_value_t = 20)]
        tiles: usize,
        /// Tiles in the hand, from those not on the board; fewer when the
        /// set runs out, which is said on standard error and in the file.
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
        /// How many placements deep. A sequence is at most as long as the
        /// hand: past its size there are 0 sequences, counted at no extra
        /// cost, and bonus counts are given up to the hand's size.
        #[arg(long)]
        depth: usize,
        /// Give the count under each first placement (one line each, bounded
        /// by --max-printed).
        #[arg(long)]
        divide: bool,
        /// Stop after this many seconds; a count not finished is not
        /// printed at all (exit 2), never a partial one.
        #[arg(long, value_name = "SECONDS", value_parser = cli::parse_seconds)]
        timeout: Option<std::time::Duration>,
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
    #[command(after_help = "Example:\n  quadominos fixtures --out fixtures --seed 1 --count 12\n  \
quadominos fixtures --out fixtures --seed 2 --force   (replace the old suite whole)")]
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
            cli::output::check(&svg.iter().map(|p| ("--svg", p.as_path())).collect::<Vec<_>>())?;
            let moves = cli::position_moves(&loaded)?;
            cli::within_printed("moves", moves.len())?;
            let report = MovesReport { variant: loaded.variant.label(), moves };
            let text = match format {
                Format::Text => moves_text(&loaded, &report.moves),
                _ => serialize(&report, format)?,
            };
            if let Some(path) = &svg {
                cli::output::write_files(&[(
                    "--svg",
                    path,
                    cli::render::moves_svg(&loaded, &report.moves).as_bytes(),
                )])?;
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
        Command::Compare(args) => cli::compare::run(args),
        Command::Solve(args) => cli::solve::run(args),
        Command::Bonuses(args) => cli::bonuses::run(args),
        Command::Render(args) => cli::render::run(args),
        Command::Generate { seed, tiles, hand, rules } => {
            let variant = rules.choice().resolve(None, None)?;
            let position = quadominos::rules::random_position(&variant, seed, tiles, hand);
            let mut out = format!(
                "# quadominos generate --seed {seed} --tiles {tiles} --hand {hand} --variant {}\n",
                variant.label()
            );
            // Fewer tiles than asked is said, with why: on standard error and
            // in the file, so that the position is not taken for what was asked.
            let set = variant.tile_set().len();
            let placed = position.board.len();
            if placed < tiles {
                let why = if placed == set {
                    format!("the {} set has only {set} tiles", variant.tile_set().name())
                } else {
                    format!("after {placed} no unused tile had a legal placement left")
                };
                let note = format!("the board has {placed} tiles, not the {tiles} asked (--tiles): {why}");
                eprintln!("note: {note}");
                let _ = writeln!(out, "# note: {note}");
            }
            if position.hand.len() < hand {
                let note = format!(
                    "the hand has {} tiles, not the {hand} asked (--hand): only {} of the set's {set} tiles are not on \
the board",
                    position.hand.len(),
                    set - placed
                );
                eprintln!("note: {note}");
                let _ = writeln!(out, "# note: {note}");
            }
            let _ = write!(out, "variant: {}\nboard:\n", variant.name());
            for (cell, corners) in position.board.tiles() {
                let _ = writeln!(out, "  - {{at: [{}, {}], tile: {corners}}}", cell.x, cell.y);
            }
            let _ = writeln!(out, "hand: [{}]", hand_line(&position.hand).replace("(empty)", ""));
            Ok((out, 0))
        }
        Command::Perft { position, depth, divide, timeout, rules, format } => {
            let deadline = timeout.map(|t| std::time::Instant::now() + t);
            let loaded = load_position(&position, &rules.choice())?;
            let p = &loaded.position;
            if divide && depth > 0 {
                // One line per first placement: refused before the walk,
                // not after it.
                let first = quadominos::rules::MoveGen::new(&loaded.variant, &p.board, &p.hand).count_moves();
                cli::within_printed("first placements (--divide)", first)?;
            }
            let count = quadominos::perft::perft_until(&loaded.variant, &p.board, &p.hand, depth, divide, deadline)
                .ok_or_else(|| {
                    let seconds = timeout.map_or(0.0, |t| t.as_secs_f64());
                    Failure::Input(InputError::whole_file(
                        "--timeout",
                        format!("stopped by the time limit of {seconds:.3} s before the count was done; raise it with --timeout"),
                    ))
                })?;
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
                    if count.depth > p.hand.len() {
                        let tiles = p.hand.len();
                        let _ = writeln!(
                            out,
                            "  past depth {tiles}: nothing, every sequence is at most the hand's {tiles} tile{} long",
                            if tiles == 1 { "" } else { "s" }
                        );
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

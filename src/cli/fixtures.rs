//! `quadominos fixtures`: a fixture suite for other implementations, written
//! to a folder only once all of it has been generated, and moved into place
//! whole ([`super::shared::output::write_folder`]).

use std::path::PathBuf;

use quadominos::error::{DocPath, Problem};
use quadominos::formats::{BUILTIN_VARIANTS, InputError, Located, Source, load_variant, notation, split_label};
use quadominos::suite::{FixtureError, MAX_CHECK_DEPTH, Scenarios, SuiteOptions, SuiteVariant, generate};

use super::shared::{Failure, counted};

/// Write a fixture suite for other implementations: positions with their
/// legal moves under every variant, a position for every value of every
/// reading that decides a move list, perft counts, scenario outcomes and
/// full-game transcripts of 2 to 8 players, with a manifest of SHA-256
/// digests.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos fixtures --out fixtures --seed 1 --count 12
  quadominos fixtures --out fixtures --seed 2 --force   (replace the old suite whole)
  quadominos fixtures --out fixtures --scenarios my-scenarios
  quadominos fixtures --check their-positions.json
  quadominos perft pos.qpn --depth 3 --format json > count.json && quadominos fixtures --check count.json

The scenarios played are those built into quadominos, the same wherever it runs, unless \
--scenarios names a folder; the manifest says which, with their digest.

--check: exit 0 when every answer is right, 1 at the first wrong one, 2 when the file cannot be \
checked, or would check nothing (an empty list, a position without a move list).")]
pub struct Args {
    /// The folder to write the suite into: a new folder (created with its
    /// parents) or an empty one, never the current folder or one holding
    /// it. The suite is built beside it in `.DIR.partial-XXXXXX` and moved
    /// into place only when complete.
    #[arg(long, value_name = "DIR", required_unless_present = "check")]
    pub out: Option<PathBuf>,
    /// Replace a suite already in DIR (a folder with the manifest.json of
    /// one) whole with the new suite, nothing of the old one staying, never
    /// leaving DIR missing or mixed. A non-empty folder that holds no suite
    /// is refused, --force or not.
    #[arg(long, requires = "out")]
    pub force: bool,
    /// Instead of writing a suite, check answers another implementation
    /// wrote in the format of `positions.json` (move lists) or `perft.json`
    /// (perft counts, a list or one as `perft --format json` prints it):
    /// exit 0 when every one is right, 1 with the first wrong one.
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    pub check: Option<PathBuf>,
    /// With --check: stop after this many seconds (a perft count deep on a
    /// large hand can take hours); nothing is judged but the answers
    /// checked by then, and the limit is said (exit 2).
    #[arg(long, value_name = "SECONDS", value_parser = super::shared::parse_seconds, requires = "check")]
    pub timeout: Option<std::time::Duration>,
    /// The seed every position and game derives from.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many full-game transcripts, at most 1000.
    #[arg(long, default_value_t = 12, value_parser = super::shared::count_from_to(0, super::shared::MAX_SUITE_GAMES))]
    pub count: usize,
    /// Variants (shipped names or spec files), comma-separated [default:
    /// every shipped variant].
    #[arg(long, value_delimiter = ',')]
    pub variants: Vec<String>,
    /// Seeded positions per variant, at most 1000.
    #[arg(long, default_value_t = 6, value_parser = super::shared::count_from_to(0, super::shared::MAX_SUITE_POSITIONS))]
    pub positions: usize,
    /// The depth of the perft counts.
    #[arg(long, default_value_t = 3)]
    pub perft_depth: usize,
    /// A folder of scenario files to play (its `*.yaml`) instead of the
    /// shipped ones [default: the scenarios built into quadominos, those of
    /// its specs/scenarios, wherever it runs].
    #[arg(long, value_name = "DIR")]
    pub scenarios: Option<PathBuf>,
    /// With --check: print only a wrong answer, for scripts; nothing when
    /// every one is right. The exit status is unchanged.
    #[arg(short, long, requires = "check")]
    pub quiet: bool,
}

/// A variant by its label, e.g. `english+R4=no`.
fn by_label(label: &str) -> Option<quadominos::rules::Variant> {
    let (name, overrides) = split_label(label).ok()?;
    overrides.iter().try_fold(load_variant(&name, None).ok()?, |v, o| v.with_rule(&o.name, &o.value).ok())
}

/// The answers checked before `--timeout` stopped the check: a limit
/// reached, said with what was checked (exit 2).
fn stopped(timeout: Option<std::time::Duration>, checked: usize, of: usize, what: &str) -> Failure {
    let seconds = timeout.map_or(0.0, |t| t.as_secs_f64());
    Failure::Input(InputError::whole_file(
        "--timeout",
        format!(
            "stopped by the time limit of {seconds:.3} s after {checked} of {of} {what}, all right so far; \
             the rest are not checked; raise it with --timeout"
        ),
    ))
}

/// The problem of an answer whose notation names another variant than its
/// `variant` (both are read; neither is taken over the other). Two labels
/// name the same variant when they give the same tile set, target and
/// value of every reading (`english+R4=yes` is `english`).
fn variant_disagrees(read: &notation::NotatedPosition, variant: &str, at: &DocPath) -> Option<Problem> {
    let named = read.variant.as_deref()?;
    let same = match (by_label(named), by_label(variant)) {
        (Some(a), Some(b)) => {
            a.rules() == b.rules() && a.tile_set().name() == b.tile_set().name() && a.target() == b.target()
        }
        _ => named == variant,
    };
    (!same).then(|| {
        let message = format!(
            "the notation names the variant `{named}`, not `{variant}` as `variant:` does; make the two the same"
        );
        Problem::new(at.key("notation"), message)
    })
}

fn check(path: &std::path::Path, timeout: Option<std::time::Duration>, quiet: bool) -> Result<(String, u8), Failure> {
    let deadline = timeout.map(|t| std::time::Instant::now() + t);
    let source = Source::read(path)?;
    // A perft answer has `nodes`; a move-list answer has `moves`. Told by
    // the document's first entry, however the text is laid out; a perft
    // count alone (as `perft --format json` prints it) is a list of one.
    let doc: serde_yaml::Value = source.parse("a list of positions or of perft counts")?;
    let single = doc.as_mapping().is_some_and(|m| m.contains_key("nodes"));
    let first = doc.as_sequence().and_then(|entries| entries.first());
    if doc.as_sequence().is_some_and(Vec::is_empty) {
        return Err(Failure::Input(source.problems(vec![Problem::new(
            DocPath::root(),
            "the list is empty: there is nothing to check; write at least one position (as positions.json) or perft count (as perft.json)",
        )])));
    }
    let is_perft = single || first.is_some_and(|entry| entry.get("nodes").is_some());
    let entry_path = |index: usize| if single { DocPath::root() } else { DocPath::root().index(index) };
    let place = |index: usize| {
        let (l, c) = source.locate(&entry_path(index));
        format!("{}:{l}:{c}", source.name)
    };
    if is_perft {
        let answers: Vec<quadominos::suite::PerftFixture> = if single {
            vec![source.parse("perft count, as perft --format json prints it")?]
        } else {
            source.parse("list of perft counts, as perft.json")?
        };
        // What cannot be checked at all is bad input, at its place; only a
        // count the rules disagree with is a wrong answer.
        let mut problems = Vec::new();
        for (i, a) in answers.iter().enumerate() {
            let at = entry_path(i);
            if by_label(&a.variant).is_none() {
                problems.push(Problem::new(at.key("variant"), quadominos::suite::unknown_variant(&a.variant)));
            }
            if a.depth > MAX_CHECK_DEPTH {
                let message = format!("depth {} is more than this check counts ({MAX_CHECK_DEPTH})", a.depth);
                problems.push(Problem::new(at.key("depth"), message));
            }
            match notation::parse(&a.notation) {
                Err(e) => return Err(Failure::Input(inside_string(&source, &at.key("notation"), e))),
                Ok(read) => problems.extend(variant_disagrees(&read, &a.variant, &at)),
            }
        }
        if !problems.is_empty() {
            return Err(Failure::Input(source.problems(problems)));
        }
        return Ok(match quadominos::suite::check_perft_until(&answers, by_label, deadline) {
            Ok(c) if c.stopped => return Err(stopped(timeout, c.checked, answers.len(), "perft counts")),
            Ok(_) if quiet => (String::new(), 0),
            Ok(c) => (format!("{}: ok: {} right\n", source.name, are(c.checked, "perft count")), 0),
            Err(m) => {
                let mut out = format!("{}: count {} ({}) is wrong\n", place(m.index), m.index, m.position);
                for w in &m.wrong {
                    out.push_str(&format!("  - {w}\n"));
                }
                out.push_str(&more(m.wrong_count, m.wrong.len(), "differences"));
                (out, 1)
            }
        });
    }
    let answers: Vec<quadominos::suite::PositionFixture> =
        source.parse("list of positions with their moves, as positions.json")?;
    let mut problems = Vec::new();
    for (i, p) in answers.iter().enumerate() {
        // The position's own fields are checked too: its variant must be
        // one, and its notation must say the same board, hand and variant
        // (a reader may take either; neither is taken over the other). The
        // seed is what it was grown from, for information.
        let at = DocPath::root().index(i);
        if by_label(&p.variant).is_none() {
            problems.push(Problem::new(at.key("variant"), quadominos::suite::unknown_variant(&p.variant)));
        }
        match notation::parse(&p.notation) {
            Err(e) => return Err(Failure::Input(inside_string(&source, &at.key("notation"), e))),
            Ok(mut read) => {
                let mut board: Vec<_> = p.board.iter().map(|e| (e.at, e.tile)).collect();
                board.sort_by_key(|&(c, _)| (c.y, c.x));
                read.board.sort_by_key(|&(c, _)| (c.y, c.x));
                if read.board != board || read.hand != p.hand {
                    let message = "the notation is not the same position as `board:` and `hand:`";
                    problems.push(Problem::new(at.key("notation"), message));
                }
                problems.extend(variant_disagrees(&read, &p.variant, &at));
            }
        }
        if p.moves.is_empty() {
            let message = "no move list: nothing would be checked for this position; give at least one `{variant, count, bonus, moves}`";
            problems.push(Problem::new(at.key("moves"), message));
        }
        for (j, listed) in p.moves.iter().enumerate() {
            if by_label(&listed.variant).is_none() {
                let at = DocPath::root().index(i).key("moves").index(j).key("variant");
                problems.push(Problem::new(at, quadominos::suite::unknown_variant(&listed.variant)));
            }
        }
    }
    if !problems.is_empty() {
        return Err(Failure::Input(source.problems(problems)));
    }
    let lists: usize = answers.iter().map(|p| p.moves.len()).sum();
    Ok(match quadominos::suite::check_moves_until(&answers, by_label, deadline) {
        Ok(c) if c.stopped => return Err(stopped(timeout, c.checked, lists, "move lists")),
        Ok(_) if quiet => (String::new(), 0),
        Ok(c) => (
            format!(
                "{}: ok: {} over {} {} right\n",
                source.name,
                counted(c.checked, "move list"),
                counted(answers.len(), "position"),
                if c.checked == 1 { "is" } else { "are" }
            ),
            0,
        ),
        Err(m) => {
            let mut out = format!(
                "{}: position {} ({}) under {}: the move list is wrong\n",
                place(m.index),
                m.index,
                m.id,
                m.variant
            );
            let show = |x: &quadominos::formats::MoveRecord| format!("{} as {} at {}", x.tile, x.corners, x.at);
            for x in &m.missing {
                out.push_str(&format!("  missing (legal): {}\n", show(x)));
            }
            out.push_str(&more(m.missing_count, m.missing.len(), "missing (legal)"));
            for x in &m.extra {
                out.push_str(&format!("  extra (not legal): {}\n", show(x)));
            }
            out.push_str(&more(m.extra_count, m.extra.len(), "extra (not legal)"));
            for w in &m.wrong {
                out.push_str(&format!("  - {w}\n"));
            }
            out.push_str(&more(m.wrong_count, m.wrong.len(), "differences"));
            (out, 1)
        }
    })
}

/// `1 position is`, `3 positions are`.
fn are(n: usize, noun: &str) -> String {
    format!("{} {}", counted(n, noun), if n == 1 { "is" } else { "are" })
}

/// The line saying how many more a list cut at [`quadominos::suite::SHOWN`]
/// holds (nothing when it is whole).
fn more(count: usize, shown: usize, what: &str) -> String {
    if count > shown { format!("  ... and {} more {what} ({count} in all)\n", count - shown) } else { String::new() }
}

/// A notation error inside a string value, located at its column within
/// the string (one past an opening quote).
fn inside_string(source: &Source, at: &DocPath, e: notation::NotationError) -> InputError {
    let (line, col) = source.locate(at);
    let quoted =
        source.text.lines().nth(line - 1).and_then(|l| l.chars().nth(col - 1)).is_some_and(|c| c == '"' || c == '\'');
    let position = Some((line, col + e.column - usize::from(!quoted)));
    InputError {
        problems: vec![Located { file: source.name.clone(), position, message: format!("notation: {}", e.message) }],
    }
}

/// The scenario files of `--scenarios DIR`: its `*.yaml`, sorted.
fn scenario_files(dir: &std::path::Path) -> Result<Vec<PathBuf>, Failure> {
    // The folder is read as a whole: --force never replaces it.
    quadominos::formats::inputs::note(dir);
    let name = dir.display().to_string();
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Failure::Input(InputError::whole_file(&name, format!("cannot read: {e}"))))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| Failure::Input(InputError::whole_file(&name, e.to_string())))?.path();
        if path.extension().is_some_and(|x| x == "yaml") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let out_dir = match (&args.check, &args.out) {
        (Some(file), _) => return check(file, args.timeout, args.quiet),
        (None, Some(dir)) => dir.clone(),
        (None, None) => return Err(Failure::Input(InputError::whole_file("--out", "give --out DIR or --check FILE"))),
    };
    let names: Vec<String> = if args.variants.is_empty() {
        BUILTIN_VARIANTS.iter().map(|(n, _)| n.to_string()).collect()
    } else {
        args.variants.iter().map(|v| v.trim().to_string()).collect()
    };
    let mut variants = Vec::new();
    // The spec file of each variant that is not a shipped one, to locate a
    // problem with it.
    let mut spec_files: Vec<Option<Source>> = Vec::new();
    for name in &names {
        let variant = load_variant(name, None)?;
        let spec = match BUILTIN_VARIANTS.iter().find(|(n, _)| n == name) {
            Some((_, text)) => {
                spec_files.push(None);
                text.to_string()
            }
            None => {
                let source = Source::read(std::path::Path::new(name))?;
                let text = source.text.clone();
                spec_files.push(Some(source));
                text
            }
        };
        if variants.iter().any(|v: &SuiteVariant| v.variant.label() == variant.label()) {
            return Err(Failure::Input(InputError::whole_file(
                "--variants",
                format!("variant `{}` is named twice", variant.label()),
            )));
        }
        variants.push(SuiteVariant { variant, spec });
    }
    if args.perft_depth > 5 {
        return Err(Failure::Input(InputError::whole_file(
            "--perft-depth",
            format!("depth {} is more than the suite allows (5)", args.perft_depth),
        )));
    }
    let scenarios = match args.scenarios {
        None => Scenarios::Shipped,
        Some(dir) => Scenarios::Files { files: scenario_files(&dir)?, folder: dir },
    };
    // Refused before the suite is generated, not after.
    let folder = super::shared::output::check_folder("--out", &out_dir, args.force)?;
    let options = SuiteOptions {
        seed: args.seed,
        count: args.count,
        positions: args.positions,
        perft_depth: args.perft_depth,
        variants,
        readings: true,
        scenarios,
    };
    super::shared::within_memory(
        &format!(
            "a suite of {} under each of {} and {}",
            super::shared::counted(options.positions, "position"),
            super::shared::counted(options.variants.len(), "variant"),
            super::shared::counted(options.count, "game")
        ),
        options.estimated_bytes(),
        "fewer --positions or --count",
    )?;
    let suite = generate(&options).map_err(|e| match e {
        FixtureError::Input(e) => Failure::Input(e),
        // The spec chose the tile set: the problem is at its `tile-set`.
        FixtureError::Undealable { variant, message } => match spec_files.get(variant).and_then(Option::as_ref) {
            Some(spec) => {
                Failure::Input(spec.problems(vec![Problem::new(DocPath::from("tile-set").key("value"), message)]))
            }
            None => Failure::Input(InputError::whole_file("--variants", message)),
        },
        FixtureError::Internal(m) => Failure::Bug(m),
    })?;
    let placed = super::shared::output::write_folder(&folder, &suite.files)?;
    let out = out_dir.display().to_string();
    let total: usize = suite.files.iter().map(|(_, b)| b.len()).sum();
    let replaced = if placed.replaced { ", replacing the folder's old content" } else { "" };
    Ok((format!("wrote {} files ({total} bytes) to {out}{replaced}; see {out}/manifest.json\n", suite.files.len()), 0))
}

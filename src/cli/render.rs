//! `quadominos render`: a position, a puzzle or a game transcript drawn as
//! SVG or PNG, or as a page to step through (`--html FILE`), and the
//! pictures `moves`, `solve` and `bonuses` draw with `--svg FILE` and
//! `--png FILE`. Output files are written only once the command has
//! succeeded, by [`super::shared::picture`]: never over an input, all of
//! them whole or none.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use quadominos::error::{DocPath, Problem};
use quadominos::formats::{InputError, LoadedPosition, MoveRecord, Source, VariantChoice, load_position, load_puzzle};
use quadominos::game::EventKind;
use quadominos::model::{Board, Cell};
use quadominos::play::replay_checking;
use quadominos::play::transcript::{LoadedTranscript, load_transcript};
use quadominos::puzzle::goal_words;
use quadominos::render::answer::{answer_picture, result_text};
use quadominos::render::page::{
    PositionView, PuzzleView, SheetPuzzle, page_html, position_page, puzzle_page, sheet_page, transcript_page,
};
use quadominos::render::{Highlight, Marks, board_svg, board_text_marked};
use quadominos::rules::MoveGen;
use quadominos::solve::native::Native;
use quadominos::solve::{Goal, Puzzle, Request, Solved, Unsolved, solve_checked};

use super::shared::picture::PictureArgs;
use super::shared::{Failure, RuleArgs, counted, hand_line, pages, parse_cell, parse_seconds};

/// What `render` prints on standard output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RenderFormat {
    /// The SVG picture.
    Svg,
    /// The text picture every command prints, with the highlights listed.
    Text,
}

/// Draw a position, a puzzle or a game transcript as SVG (or PNG): tiles
/// with their corner values, open cells outlined, a puzzle's answer
/// numbered in play order, bonus placements starred. Or write a page to
/// step through (`--html FILE`): a game event by event, a puzzle's answer
/// play by play.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos render puzzles/bonus-corner.yaml > answer.svg
  \
quadominos render puzzles/bonus-corner.yaml --highlight none --svg position.svg
  \
quadominos render puzzles/bonus-corner.yaml --png answer.png
  \
quadominos render puzzles/mixed-corner.yaml --highlight 0,0 --format text
  \
quadominos render game.yaml --html game.html
  \
quadominos render puzzles/bonus-corner.yaml --html answer.html
  \
quadominos render --html sheet.html puzzles/book/english-turn-easy-a.yaml puzzles/book/english-seq2-medium.yaml
\
A page (--html) is one HTML file that needs nothing else: the boards inline, a step control
\
(buttons, a slider, the arrow keys), each step's words, clause ids linked to the rules text it
\
embeds. A transcript's page shows the table after every event, the running scores, every hand
\
and what a replay through the rules found; a puzzle's page the position, then each play of the
\
answer with its points, bonus choice, the other choice and the total, proven or with its bound.
\
A scenario's page is `quadominos compare SCENARIO --html FILE`.
\
Several puzzle files, or a folder of them, with --html make a puzzle sheet to print: every puzzle
\
numbered (board, hand, goal, level), then from a new page every solution (score and plays).")]
pub struct Args {
    /// A position, puzzle or transcript file (YAML; a transcript as
    /// `quadominos play` writes it). With --html, several puzzle files, or
    /// a folder of them (its `.yaml` files in name order), make one puzzle
    /// sheet to print: every puzzle numbered, then their solutions from a
    /// new page.
    #[arg(required = true, num_args = 1.., value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub pictures: PictureArgs,
    /// What to highlight: `solution` (a puzzle's proven answer, solved and
    /// replayed through the rules; the default for puzzles), `last` (the
    /// last tile of the file's `board:` list, or a transcript's last
    /// placement, its default), `none`, or a cell X,Y (repeatable; numbered
    /// in the order given).
    #[arg(long, value_name = "WHAT", allow_hyphen_values = true)]
    pub highlight: Vec<String>,
    /// For a transcript: draw the board after event K (numbered from 0, as
    /// `replay` numbers them) [default: the last event].
    #[arg(long, value_name = "K")]
    pub step: Option<usize>,
    /// Stop solving a puzzle after this many seconds and draw the best
    /// answer found (marked as not proven).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<std::time::Duration>,
    /// What to print on standard output [default: svg, or nothing when
    /// --svg or --png writes a file].
    #[arg(long, value_enum)]
    pub format: Option<RenderFormat>,
}

/// What to highlight, as asked.
enum Asked {
    Solution,
    Last,
    Nothing,
    Cells(Vec<Cell>),
}

fn asked(list: &[String]) -> Result<Option<Asked>, Failure> {
    let mut cells = Vec::new();
    let mut named = None;
    for item in list {
        match item.trim() {
            "solution" => named = Some(Asked::Solution),
            "last" => named = Some(Asked::Last),
            "none" => named = Some(Asked::Nothing),
            text => cells.push(parse_cell(text).map_err(|e| {
                InputError::whole_file("--highlight", format!("`{text}`: {e}; or use solution, last or none"))
            })?),
        }
    }
    match (named, cells.is_empty()) {
        (Some(_), false) => {
            Err(InputError::whole_file("--highlight", "give either cells or one of solution, last, none").into())
        }
        (Some(a), true) => Ok(Some(a)),
        (None, false) => Ok(Some(Asked::Cells(cells))),
        (None, true) => Ok(None),
    }
}

/// Runs `render`.
pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let choice = args.rules.choice();
    let file = match args.files.as_slice() {
        [one] if !one.is_dir() => one.clone(),
        _ => return sheet(&args, &choice),
    };
    match file_kind(&file) {
        Kind::Transcript => return transcript(&args, &file, &choice),
        Kind::Scenario => {
            let name = file.display().to_string();
            return Err(pages::no_page(
                &name,
                "a rule scenario is not drawn by render: `quadominos compare SCENARIO --html FILE` writes its page, \
its variants side by side",
            ));
        }
        Kind::Other => {}
    }
    if args.step.is_some() {
        return Err(
            InputError::whole_file("--step", "--step K draws a transcript after event K; this is not one").into()
        );
    }
    let loaded = load_position(&file, &choice)?;
    // Refused before a puzzle is solved, not after.
    args.pictures.check()?;
    let is_puzzle = loaded.file.goal.is_some();
    let asked = asked(&args.highlight)?;
    // `--highlight none` asks for the position bare: a star on the cell
    // where a bonus can be earned gives a puzzle's answer away.
    let stars = !matches!(asked, Some(Asked::Nothing));
    let asked = asked.unwrap_or(if is_puzzle { Asked::Solution } else { Asked::Nothing });
    let label = loaded.variant.label();
    let board = match asked {
        Asked::Solution if is_puzzle => {
            let puzzle = load_puzzle(&file, &choice)?.puzzle;
            let name = &loaded.source.name;
            // The other choice at each bonus is searched for the page alone.
            let solved = solved(name, &puzzle, args.timeout, args.pictures.html.is_some())?;
            let view = PuzzleView { name, puzzle: &puzzle, answer: &solved.answer, others: &solved.others };
            let page = pages::page_output(&args.pictures.html, || Ok(page_html(&puzzle_page(&view))))?;
            let (board, marks) = answer_picture(&puzzle, &solved.answer, &format!("{name}: the answer, {label}"));
            return finish(&args, &board, &marks, &label, page);
        }
        Asked::Solution => {
            return Err(InputError::whole_file(
                &loaded.source.name,
                "--highlight solution needs a puzzle (a position with `goal:`)",
            )
            .into());
        }
        Asked::Last => loaded.file.board.last().map(|e| e.at).into_iter().collect(),
        Asked::Nothing => Vec::new(),
        Asked::Cells(cells) => {
            if let Some(c) = cells.iter().find(|c| !loaded.position.board.is_occupied(**c)) {
                return Err(InputError::whole_file("--highlight", format!("cell {c} holds no tile")).into());
            }
            cells
        }
    };
    let view = PositionView {
        name: &loaded.source.name,
        variant: &loaded.variant,
        board: &loaded.position.board,
        hand: &loaded.position.hand,
        cells: &board,
    };
    let page = pages::page_output(&args.pictures.html, || Ok(page_html(&position_page(&view))))?;
    let (board, mut marks) = position_picture(&loaded, &board);
    if !stars {
        marks.bonus_cells.clear();
    }
    finish(&args, &board, &marks, &label, page)
}

/// `puzzle` solved by the native solver and replayed through the rules,
/// with the other choice at each bonus where `others` asks for it.
fn solved(name: &str, puzzle: &Puzzle, timeout: Option<std::time::Duration>, others: bool) -> Result<Solved, Failure> {
    let request = Request { solvers: &[&Native], limits: super::shared::solve_limits(timeout), others };
    solve_checked(puzzle, &request).map_err(|e| match e {
        Unsolved::Unsupported(e) => Failure::Input(InputError::whole_file(name, e.to_string())),
        Unsolved::Contradiction(why) => Failure::Bug(format!("{name}: {why}")),
    })
}

/// `render` of a transcript: the picture after event K, the page of every
/// event.
fn transcript(args: &Args, file: &Path, choice: &VariantChoice) -> Result<(String, u8), Failure> {
    let loaded = load_transcript(file, choice)?;
    args.pictures.check()?;
    // A page draws the table after every event: its size is known from
    // the count of events, before the transcript is replayed or drawn.
    let events = loaded.transcript.events.len();
    pages::within_page_steps(&args.pictures.html, &loaded.source.name, events, "one for each event")?;
    let asked = asked(&args.highlight)?.unwrap_or(Asked::Last);
    let (board, marks) = transcript_picture(&loaded, args.step, &asked)?;
    let label = loaded.variant.label();
    let page = pages::page_output(&args.pictures.html, || {
        // What the page says of the transcript is what a replay through the
        // rules establishes, as `quadominos replay` reports it.
        let replayed = replay_checking(&loaded.transcript, &loaded.variant, loaded.checks);
        let mut page = transcript_page(&loaded.transcript, &loaded.source.name, &label, &replayed);
        page.start = args.step.unwrap_or(0);
        Ok(page_html(&page))
    })?;
    finish(args, &board, &marks, &label, page)
}

/// The files of a puzzle sheet: each file given, and each folder's `.yaml`
/// files in name order.
fn sheet_files(given: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    let mut files = Vec::new();
    for path in given {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let name = path.display().to_string();
        let entries =
            std::fs::read_dir(path).map_err(|e| InputError::whole_file(&name, format!("cannot read: {e}")))?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
            .collect();
        if found.is_empty() {
            return Err(InputError::whole_file(&name, "the folder holds no puzzle files (`.yaml`)").into());
        }
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// `render --html OUT` of several puzzle files or a folder: one sheet to
/// print, every puzzle then every solution, each solution solved, verified
/// and replayed through the rules as `--highlight solution` does for one.
fn sheet(args: &Args, choice: &VariantChoice) -> Result<(String, u8), Failure> {
    let Some(html) = &args.pictures.html else {
        return Err(InputError::whole_file(
            "--html",
            "several files (or a folder) make a puzzle sheet, which is a page: give --html FILE, or render one file \
at a time",
        )
        .into());
    };
    let alone = [
        (args.pictures.svg.is_some(), "--svg"),
        (args.pictures.png.is_some(), "--png"),
        (args.step.is_some(), "--step"),
        (!args.highlight.is_empty(), "--highlight"),
        (args.format.is_some(), "--format"),
    ];
    if let Some((_, flag)) = alone.iter().find(|(given, _)| *given) {
        let message = format!("{flag} draws one file; a puzzle sheet of several is written only as a page (--html)");
        return Err(InputError::whole_file(flag, message).into());
    }
    let files = sheet_files(&args.files)?;
    // A sheet draws two boards for each puzzle, as a page draws one for
    // each step: its size is known from the count of files, before any is
    // read or solved.
    let steps = files.len().saturating_mul(2);
    pages::within_page_steps(&args.pictures.html, "--html", steps, "two for each puzzle: its position and its answer")?;
    // Every file is read, and a file that is not a puzzle refused, before
    // any puzzle is solved.
    let mut loaded = Vec::with_capacity(files.len());
    for file in &files {
        let name = file.display().to_string();
        let not_puzzle = |what: &str| {
            InputError::whole_file(
                &name,
                format!(
                    "{what}, and a puzzle sheet holds puzzles only (files with `goal:`): leave it out, or draw it \
on its own page with `quadominos render {name} --html FILE`"
                ),
            )
        };
        match file_kind(file) {
            Kind::Transcript => return Err(not_puzzle("this is a game transcript").into()),
            Kind::Scenario => return Err(not_puzzle("this is a rule scenario").into()),
            Kind::Other => {}
        }
        if load_position(file, choice)?.file.goal.is_none() {
            return Err(not_puzzle("this is a position without `goal:`").into());
        }
        loaded.push(quadominos::formats::load_puzzle(file, choice)?);
    }
    args.pictures.check()?;
    let mut puzzles = Vec::with_capacity(loaded.len());
    for l in &loaded {
        let name = &l.source.name;
        let puzzle = &l.puzzle;
        let answer = solved(name, puzzle, args.timeout, false)?.answer;
        // The answer as its page tells it, replayed through the rules.
        let page = puzzle_page(&PuzzleView { name, puzzle, answer: &answer, others: &[] });
        let frames = page.columns.first().map(|c| c.frames.as_slice()).unwrap_or_default();
        let plays = frames.iter().skip(1).filter_map(|f| f.lines.first()).map(|l| play_words(l)).collect();
        let (after, marks) = answer_picture(puzzle, &answer, "");
        let marks = quadominos::render::Marks { title: None, ..marks };
        let mut details = Vec::new();
        let mut labels = Vec::new();
        if let Goal::Fill(f) = &puzzle.goal {
            let cells: Vec<String> = f.region.iter().map(|c| c.to_string()).collect();
            details.push(format!("The region: {} ({}).", counted(f.region.len(), "cell"), cells.join(", ")));
            // The picture spans the tiles and one cell around them: the
            // region is labelled there when it lies inside, else told in
            // words alone.
            let inside = puzzle.board.bounds().is_some_and(|(lo, hi)| {
                f.region.iter().all(|c| (lo.x - 1..=hi.x + 1).contains(&c.x) && (lo.y - 1..=hi.y + 1).contains(&c.y))
            });
            if inside {
                labels = f.region.iter().map(|&c| (c, "fill".to_string())).collect();
            }
        }
        let position = quadominos::render::Marks { labels, ..Default::default() };
        puzzles.push(SheetPuzzle {
            name: name.clone(),
            variant: puzzle.variant.label(),
            goal: goal_words(&puzzle.goal),
            level: l.difficulty.as_ref().map(|d| d.level.to_string()),
            details,
            hand: hand_line(&puzzle.hand),
            board: board_svg(&puzzle.board, &position),
            board_alt: format!("The position: {} on the board.", counted(puzzle.board.len(), "tile")),
            result: result_text(&puzzle.goal, &answer),
            plays,
            answer: board_svg(&after, &marks),
            answer_alt: format!(
                "After the answer: {} on the board, the answer's {} numbered in play order.",
                counted(after.len(), "tile"),
                counted(answer.plays.len(), "play")
            ),
        });
    }
    let title = format!("A puzzle sheet: {}", counted(puzzles.len(), "puzzle"));
    let page = sheet_page(&title, &puzzles);
    super::shared::picture::write_with_page(&None, &None, Some((html.as_path(), page)), String::new)?;
    Ok((String::new(), 0))
}

/// A play's line of a puzzle page (`play 2 of 3: 1-1-2-2 as [1, 2, 2, 1] at
/// [0, 1]: 6 points`) without its number, which the sheet's list gives.
fn play_words(line: &str) -> String {
    match line.split_once(": ") {
        Some((head, rest)) if head.starts_with("play ") => rest.to_string(),
        _ => line.to_string(),
    }
}

/// Prints and writes the picture and the page as asked.
fn finish(
    args: &Args,
    board: &Board,
    marks: &Marks,
    label: &str,
    page: Option<(&Path, String)>,
) -> Result<(String, u8), Failure> {
    let svg = board_svg(board, marks);
    let files = args.pictures.svg.is_some() || args.pictures.png.is_some() || page.is_some();
    let text = match args.format.unwrap_or(if files { RenderFormat::Text } else { RenderFormat::Svg }) {
        RenderFormat::Svg => svg.clone(),
        RenderFormat::Text if files && args.format.is_none() => String::new(),
        RenderFormat::Text => picture_text(board, marks, label),
    };
    super::shared::picture::write_with_page(&args.pictures.svg, &args.pictures.png, page, || svg)?;
    Ok((text, 0))
}

/// What a file given to `render` is.
enum Kind {
    /// A YAML mapping with `events:`.
    Transcript,
    /// A YAML mapping with `actions:` and `start:`.
    Scenario,
    /// Anything else, read as a position, which reports what is wrong.
    Other,
}

fn file_kind(path: &Path) -> Kind {
    let Ok(source) = Source::read(path) else { return Kind::Other };
    match source.parse::<serde_yaml::Value>("file") {
        Ok(v) if v.get("events").is_some() => Kind::Transcript,
        Ok(v) if v.get("actions").is_some() && v.get("start").is_some() => Kind::Scenario,
        _ => Kind::Other,
    }
}

/// The board of the round in play after event `step` (default: the last),
/// every placement of that round numbered in play order and starred when it
/// earned a bonus; the last one (or the cells asked for) in red.
fn transcript_picture(
    loaded: &LoadedTranscript,
    step: Option<usize>,
    asked: &Asked,
) -> Result<(Board, Marks), Failure> {
    let events = &loaded.transcript.events;
    let name = &loaded.source.name;
    let Some(last) = events.len().checked_sub(1) else {
        return Err(InputError::whole_file(name, "the transcript has no events to draw").into());
    };
    let step = step.unwrap_or(last);
    if step > last {
        let message = format!("event {step} does not exist; the transcript has events 0 to {last}");
        return Err(InputError::whole_file("--step", message).into());
    }
    let mut board = Board::new();
    let mut plays: Vec<Highlight> = Vec::new();
    let mut round = 0;
    for (i, event) in events.iter().enumerate().take(step + 1) {
        match &event.kind {
            EventKind::Deal { round: r, .. } => {
                // A new round starts on an empty table.
                board = Board::new();
                plays.clear();
                round = *r;
            }
            EventKind::Place { at, corners, bonus, .. } => {
                if board.is_occupied(*at) {
                    let at_path = DocPath::from("events").index(i).key("at");
                    let message = format!("cell {at} already holds a tile in this round");
                    return Err(loaded.source.problems(vec![Problem::new(at_path, message)]).into());
                }
                board.insert(*at, *corners);
                plays.push(Highlight { cell: *at, number: Some(plays.len() + 1), bonus: *bonus, lit: false });
            }
            _ => {}
        }
    }
    match asked {
        Asked::Last => {
            if let Some(h) = plays.last_mut() {
                h.lit = true;
            }
        }
        Asked::Nothing => {}
        Asked::Cells(cells) => {
            for &cell in cells {
                let h = plays.iter_mut().find(|h| h.cell == cell).ok_or_else(|| {
                    InputError::whole_file("--highlight", format!("cell {cell} holds no tile after event {step}"))
                })?;
                h.lit = true;
            }
        }
        Asked::Solution => {
            return Err(
                InputError::whole_file("--highlight", "solution is for puzzles; a transcript has its plays").into()
            );
        }
    }
    // In the words of the page's list of steps.
    let what =
        events.get(step).map(|e| quadominos::render::page::event_brief(&e.kind, e.seat, e.score)).unwrap_or_default();
    let title = format!("{name}: after event {step} of {last} (round {round}: {what}), {}", loaded.variant.label());
    Ok((board, Marks { title: Some(title), highlights: plays, bonus_cells: Vec::new(), labels: Vec::new() }))
}

/// The board with its open cells, the given cells highlighted and numbered,
/// and a star on every open cell where a hand tile earns a bonus.
fn position_picture(loaded: &LoadedPosition, cells: &[Cell]) -> (Board, Marks) {
    let p = &loaded.position;
    let highlights = cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| Highlight { cell, number: Some(i + 1), bonus: false, lit: true })
        .collect();
    let generator = MoveGen::new(&loaded.variant, &p.board, &p.hand);
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    let mut bonus_cells: Vec<Cell> = moves.iter().filter(|m| generator.is_bonus(**m)).map(|m| m.at).collect();
    bonus_cells.sort_unstable_by_key(|c| (c.y, c.x));
    bonus_cells.dedup();
    let title = format!("{}: {}", loaded.source.name, loaded.variant.label());
    (p.board.clone(), Marks { title: Some(title), highlights, bonus_cells, labels: Vec::new() })
}

/// The picture `moves --svg` draws: every open cell labelled with the number
/// of legal moves there, a star where one of them earns a bonus.
pub fn moves_svg(loaded: &LoadedPosition, moves: &[MoveRecord]) -> String {
    let mut per_cell: BTreeMap<(i32, i32), (usize, bool)> = BTreeMap::new();
    for m in moves {
        let entry = per_cell.entry((m.at.y, m.at.x)).or_default();
        entry.0 += 1;
        entry.1 |= m.bonus;
    }
    let cell = |&(y, x): &(i32, i32)| Cell::new(x, y);
    let marks = Marks {
        title: Some(format!("{}: {} legal moves, {}", loaded.source.name, moves.len(), loaded.variant.label())),
        highlights: Vec::new(),
        bonus_cells: per_cell.iter().filter(|(_, v)| v.1).map(|(k, _)| cell(k)).collect(),
        labels: per_cell
            .iter()
            .map(|(k, v)| (cell(k), format!("{} move{}", v.0, if v.0 == 1 { "" } else { "s" })))
            .collect(),
    };
    board_svg(&loaded.position.board, &marks)
}

/// The text version of a picture: the board as every command prints it, then
/// the highlights and the bonus cells.
fn picture_text(board: &Board, marks: &Marks, variant: &str) -> String {
    let mut out = String::new();
    match &marks.title {
        Some(title) => {
            let _ = writeln!(out, "{title}");
        }
        None => {
            let _ = writeln!(out, "variant: {variant}");
        }
    }
    // The numbered highlights (an answer's plays) carry their number on
    // the board, as in the SVG picture.
    let numbers: BTreeMap<Cell, usize> = marks.highlights.iter().filter_map(|h| Some((h.cell, h.number?))).collect();
    out.push_str(&board_text_marked(board, &numbers));
    for h in &marks.highlights {
        let corners = board.get(h.cell).map(|c| c.to_string()).unwrap_or_default();
        let number = h.number.map(|n| format!("{n}. ")).unwrap_or_default();
        let _ = writeln!(out, "  {number}{corners} at {}{}", h.cell, if h.bonus { " (bonus)" } else { "" });
    }
    if !marks.bonus_cells.is_empty() {
        let cells: Vec<String> = marks.bonus_cells.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "bonus placements at: {}", cells.join(", "));
    }
    out
}

//! The protocol's lines: each request, the closing line of every response,
//! and the data lines of each answer (the handshake, a move, a verdict,
//! perft counts, a divide entry), each written by one function and read by
//! its inverse, so that the reference engine and the client cannot drift
//! apart. Tokens are separated by spaces; cells are `X,Y` and corners
//! `NW,NE,SE,SW`, as `moves -q` writes them.
//!
//! This file is long because it is the protocol's one grammar: every
//! request and answer line, the game actions' included, is written and read
//! here side by side, so that a change to one side of a line cannot miss the
//! other.

use std::fmt;

use crate::formats::MoveRecord;
use crate::game::Event;
use crate::model::{Cell, Corners, MAX_VALUE, TileId};
use crate::rules::{Clause, Placement};
use crate::suite::DivideEntry;

/// The protocol's version, sent in the handshake: version 2 adds the game
/// actions (`newgame`, `start`, `deal`, `place`, `take`, `draw`, `pass`),
/// offered as `game`.
pub const PROTOCOL_VERSION: u32 = 2;

/// The first version, without game actions: an engine that speaks only it
/// is still an engine, and is told that it does not offer `game`.
pub const PROTOCOL_VERSION_1: u32 = 1;

/// An explicit start of a game (`start HANDS WELL BOARD SCORES TO-MOVE`):
/// each seat's hand, the well in drawing order, the tiles already placed,
/// the scores so far (empty: all zero) and whose turn it is on a board with
/// tiles (none: seat 0, or on an empty board the opener the rules choose).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameStart {
    /// Each seat's hand.
    pub hands: Vec<Vec<TileId>>,
    /// The well, drawn front first.
    pub well: Vec<TileId>,
    /// Tiles already placed.
    pub board: Vec<(Cell, Corners)>,
    /// Scores so far; empty for all zero.
    pub scores: Vec<i64>,
    /// The seat to move on a board with tiles.
    pub to_move: Option<usize>,
}

/// A request, one line from the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `protocol N`: the handshake; the engine answers with what it offers.
    Protocol(u32),
    /// `variant LABEL`: the rules for what follows, e.g. `english+R4=no`.
    Variant(String),
    /// `position BOARD HAND [VARIANT]`: the position, in the one-line
    /// notation.
    Position(String),
    /// `moves`: every legal placement of the hand.
    Moves,
    /// `judge X,Y NW,NE,SE,SW`: the verdict on one placement of a hand tile
    /// (the tile is the corners' tile).
    Judge(Cell, Corners),
    /// `perft D`: sequences of D placements, with bonus placements per depth.
    Perft(usize),
    /// `divide D`: `perft D` split by first placement.
    Divide(usize),
    /// `play SEED PLAYERS`: a whole game, as a transcript.
    Play {
        /// The seed the engine deals from (its own shuffle).
        seed: u64,
        /// The number of players.
        players: usize,
    },
    /// `newgame PLAYERS [SEED]`: a new game under the variant in force; with
    /// a seed the first round is dealt by the engine's own shuffle, without
    /// one nothing is dealt until `deal`.
    NewGame {
        /// The number of players.
        players: usize,
        /// The seed of the engine's own shuffle.
        seed: Option<u64>,
    },
    /// `start HANDS WELL BOARD SCORES TO-MOVE`: a game from an explicit state.
    Start(GameStart),
    /// `deal [HANDS WELL]`: the next round (or the first of a `newgame`
    /// without a seed) dealt from these tiles, or by the engine's own
    /// shuffle.
    Deal(Option<(Vec<Vec<TileId>>, Vec<TileId>)>),
    /// `place TILE X,Y NW,NE,SE,SW`: the seat to act places a tile.
    Place(Placement),
    /// `take points` or `take tiles`: the bonus choice (true: two bonus
    /// tiles).
    Take(bool),
    /// `draw`: the seat to act draws from the well.
    Draw,
    /// `pass`: the seat to act passes.
    Pass,
    /// `quit`: the engine answers `ok` and exits.
    Quit,
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Protocol(v) => write!(f, "protocol {v}"),
            Request::Variant(label) => write!(f, "variant {label}"),
            Request::Position(line) => write!(f, "position {line}"),
            Request::Moves => f.write_str("moves"),
            Request::Judge(at, corners) => write!(f, "judge {} {}", cell_token(*at), corners_token(*corners)),
            Request::Perft(d) => write!(f, "perft {d}"),
            Request::Divide(d) => write!(f, "divide {d}"),
            Request::Play { seed, players } => write!(f, "play {seed} {players}"),
            Request::NewGame { players, seed: Some(seed) } => write!(f, "newgame {players} {seed}"),
            Request::NewGame { players, seed: None } => write!(f, "newgame {players}"),
            Request::Start(g) => write!(
                f,
                "start {} {} {} {} {}",
                hands_token(&g.hands),
                tiles_token(&g.well),
                board_token(&g.board),
                if g.scores.is_empty() {
                    "-".to_string()
                } else {
                    g.scores.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
                },
                g.to_move.map_or("-".to_string(), |s| s.to_string())
            ),
            Request::Deal(Some((hands, well))) => write!(f, "deal {} {}", hands_token(hands), tiles_token(well)),
            Request::Deal(None) => f.write_str("deal"),
            Request::Place(p) => write!(f, "place {} {} {}", p.tile, cell_token(p.at), corners_token(p.corners)),
            Request::Take(true) => f.write_str("take tiles"),
            Request::Take(false) => f.write_str("take points"),
            Request::Draw => f.write_str("draw"),
            Request::Pass => f.write_str("pass"),
            Request::Quit => f.write_str("quit"),
        }
    }
}

impl Request {
    /// Reads one request line; the error says what is wrong, in words.
    pub fn parse(line: &str) -> Result<Request, String> {
        let line = line.trim();
        let (word, rest) = line.split_once(' ').map_or((line, ""), |(w, r)| (w, r.trim()));
        let args: Vec<&str> = rest.split_whitespace().collect();
        let usage = |usage: &str| Err(format!("`{word}` takes {usage}"));
        Ok(match (word, &args[..]) {
            ("protocol", [v]) => Request::Protocol(number(v, "the protocol version")?),
            ("protocol", _) => return usage("the protocol version, e.g. `protocol 1`"),
            ("variant", [label]) => Request::Variant(label.to_string()),
            ("variant", _) => return usage("a variant's label, e.g. `variant english+R4=no`"),
            ("position", [_, ..]) => Request::Position(rest.to_string()),
            ("position", []) => return usage("a line of notation: BOARD HAND [VARIANT]"),
            ("moves", []) => Request::Moves,
            ("quit", []) => Request::Quit,
            ("moves" | "quit", _) => return usage("nothing"),
            ("judge", [at, corners]) => Request::Judge(parse_cell(at)?, parse_corners(corners)?),
            ("judge", _) => return usage("a cell and corners, e.g. `judge 1,-1 1,4,5,5`"),
            ("perft", [d]) => Request::Perft(number(d, "the depth")?),
            ("divide", [d]) => Request::Divide(number(d, "the depth")?),
            ("perft" | "divide", _) => return usage("a depth, e.g. `perft 3`"),
            ("play", [seed, players]) => {
                Request::Play { seed: number(seed, "the seed")?, players: number(players, "the players")? }
            }
            ("play", _) => return usage("a seed and the number of players, e.g. `play 7 2`"),
            ("newgame", [players]) => Request::NewGame { players: number(players, "the players")?, seed: None },
            ("newgame", [players, seed]) => {
                Request::NewGame { players: number(players, "the players")?, seed: Some(number(seed, "the seed")?) }
            }
            ("newgame", _) => return usage("the number of players and maybe a seed, e.g. `newgame 2 7`"),
            ("start", [hands, well, board, scores, to_move]) => Request::Start(GameStart {
                hands: parse_hands(hands)?,
                well: parse_tiles(well)?,
                board: parse_board(board)?,
                scores: if *scores == "-" {
                    Vec::new()
                } else {
                    scores.split(',').map(|v| number(v, "a score")).collect::<Result<_, _>>()?
                },
                to_move: if *to_move == "-" { None } else { Some(number(to_move, "the seat to move")?) },
            }),
            ("start", _) => {
                return usage(
                    "HANDS WELL BOARD SCORES TO-MOVE, `-` for each left empty, e.g. `start 1-2-3-4,0-0-1-1/3-5-5-5,0-1-1-2 0-0-0-1 - - -`",
                );
            }
            ("deal", []) => Request::Deal(None),
            ("deal", [hands, well]) => Request::Deal(Some((parse_hands(hands)?, parse_tiles(well)?))),
            ("deal", _) => return usage("nothing, or the hands and the well, e.g. `deal 1-2-3-4/0-0-1-1 -`"),
            ("place", [tile, at, corners]) => {
                let corners = parse_corners(corners)?;
                let tile = TileId::read(tile).map_err(|e| format!("`{}`: {}", shorten(tile), e.error))?;
                Request::Place(Placement { tile, at: parse_cell(at)?, corners })
            }
            ("place", _) => return usage("a tile, a cell and corners, e.g. `place 1-4-5-5 1,-1 1,4,5,5`"),
            ("take", ["points"]) => Request::Take(false),
            ("take", ["tiles"]) => Request::Take(true),
            ("take", _) => return usage("`points` or `tiles`"),
            ("draw", []) => Request::Draw,
            ("pass", []) => Request::Pass,
            ("draw" | "pass", _) => return usage("nothing"),
            ("", _) => return Err("an empty line is no request".into()),
            (other, _) => return Err(format!("unknown request `{}`", shorten(other))),
        })
    }
}

impl Request {
    /// Whether `line` can be a data line of this request's answer: the
    /// client checks each line as it arrives, so that an engine printing
    /// what no answer holds fails at once, not at the time limit.
    pub fn data_line(&self, line: &str) -> Result<(), String> {
        let word = line.split_whitespace().next().unwrap_or_default();
        match self {
            Request::Protocol(_) => match word {
                "protocol" | "engine" | "offers" | "variants" | "readings" => Ok(()),
                _ => Err(format!("`{}` is no line of a handshake", shorten(line))),
            },
            Request::Variant(_) | Request::Position(_) | Request::Quit => {
                Err(format!("`{}`: the answer to `{}` has no data lines", shorten(line), self.word()))
            }
            Request::Moves => parse_move_line(line).map(|_| ()),
            Request::Judge(..) => JudgeLine::parse(line).map(|_| ()),
            Request::Perft(_) => match word {
                "nodes" | "bonus" => Ok(()),
                _ => Err(format!("`{}` is not `nodes N` or `bonus B1 B2 ...`", shorten(line))),
            },
            Request::Divide(_) => parse_divide_line(line).map(|_| ()),
            Request::Play { .. } if line.trim_start().starts_with('{') => Ok(()),
            Request::Play { .. } => Err(format!("`{}` is not a transcript, one line of JSON", shorten(line))),
            _ if line.trim_start().starts_with('{') || matches!(word, "scores" | "phase") => Ok(()),
            _ => Err(format!("`{}` is not an event (one line of JSON), `scores ...` or `phase ...`", shorten(line))),
        }
    }

    /// The request's first word.
    pub fn word(&self) -> &'static str {
        match self {
            Request::Protocol(_) => "protocol",
            Request::Variant(_) => "variant",
            Request::Position(_) => "position",
            Request::Moves => "moves",
            Request::Judge(..) => "judge",
            Request::Perft(_) => "perft",
            Request::Divide(_) => "divide",
            Request::Play { .. } => "play",
            Request::NewGame { .. } => "newgame",
            Request::Start(_) => "start",
            Request::Deal(_) => "deal",
            Request::Place(_) => "place",
            Request::Take(_) => "take",
            Request::Draw => "draw",
            Request::Pass => "pass",
            Request::Quit => "quit",
        }
    }
}

/// What an engine may offer beyond `variant`, `position` and `quit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Capability {
    /// `moves`.
    Moves,
    /// `judge`.
    Judge,
    /// `perft`.
    Perft,
    /// `divide`.
    Divide,
    /// `play`.
    Play,
    /// The game actions (protocol 2): `newgame`, `start`, `deal`, `place`,
    /// `take`, `draw`, `pass`.
    Game,
}

impl Capability {
    /// Every capability, in the order the handshake lists them.
    pub const ALL: [Capability; 6] = [
        Capability::Moves,
        Capability::Judge,
        Capability::Perft,
        Capability::Divide,
        Capability::Play,
        Capability::Game,
    ];

    /// Whether a request is one of the game actions.
    pub fn of(request: &Request) -> Option<Capability> {
        Some(match request {
            Request::Moves => Capability::Moves,
            Request::Judge(..) => Capability::Judge,
            Request::Perft(_) => Capability::Perft,
            Request::Divide(_) => Capability::Divide,
            Request::Play { .. } => Capability::Play,
            Request::NewGame { .. }
            | Request::Start(_)
            | Request::Deal(_)
            | Request::Place(_)
            | Request::Take(_)
            | Request::Draw
            | Request::Pass => Capability::Game,
            Request::Protocol(_) | Request::Variant(_) | Request::Position(_) | Request::Quit => return None,
        })
    }

    /// The request's name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Capability::Moves => "moves",
            Capability::Judge => "judge",
            Capability::Perft => "perft",
            Capability::Divide => "divide",
            Capability::Play => "play",
            Capability::Game => "game",
        }
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a response ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// `ok`: the data lines before it are the answer.
    Ok,
    /// `error MESSAGE`: the request was refused; nothing changed.
    Error(String),
}

impl End {
    /// The closing line a line is, if it is one: `ok`, `error` or `error
    /// MESSAGE`. No data line is one of these.
    pub fn of(line: &str) -> Option<End> {
        let line = line.trim_end();
        if line == "ok" {
            return Some(End::Ok);
        }
        if line == "error" {
            return Some(End::Error(String::new()));
        }
        line.strip_prefix("error ").map(|m| End::Error(m.trim().to_string()))
    }

    /// The line.
    pub fn line(&self) -> String {
        match self {
            End::Ok => "ok".into(),
            // A message is one line: a line break inside it would end the
            // response early.
            End::Error(m) => format!("error {}", m.replace(['\n', '\r'], " ")),
        }
    }
}

/// The handshake's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// The protocol version the engine speaks.
    pub version: u32,
    /// The engine's name and version, free text.
    pub engine: String,
    /// What it offers.
    pub offers: Vec<Capability>,
    /// The variants it knows, by name (`english`, ...).
    pub variants: Vec<String>,
    /// The readings it can change on top of a variant (`+R4=no`), any
    /// value.
    pub readings: Vec<Clause>,
}

impl Hello {
    /// The data lines: `protocol`, `engine`, `offers`, `variants`, `readings`.
    pub fn lines(&self) -> Vec<String> {
        let join = |items: Vec<String>| items.iter().map(|s| format!(" {s}")).collect::<String>();
        vec![
            format!("protocol {}", self.version),
            format!("engine {}", self.engine),
            format!("offers{}", join(self.offers.iter().map(|c| c.to_string()).collect())),
            format!("variants{}", join(self.variants.clone())),
            format!("readings{}", join(self.readings.iter().map(|c| c.to_string()).collect())),
        ]
    }

    /// Reads the data lines of a handshake answer; `protocol` is required,
    /// every other line optional (absent, nothing is offered), each once.
    pub fn parse(lines: &[String]) -> Result<Hello, String> {
        let mut hello =
            Hello { version: 0, engine: String::new(), offers: Vec::new(), variants: Vec::new(), readings: Vec::new() };
        let mut seen: Vec<&str> = Vec::new();
        for line in lines {
            let (word, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
            if seen.contains(&word) {
                return Err(format!("`{}` is given twice", shorten(word)));
            }
            let items = rest.split_whitespace();
            match word {
                "protocol" => hello.version = number(rest.trim(), "the protocol version")?,
                "engine" => hello.engine = rest.trim().to_string(),
                "offers" => {
                    for item in items {
                        let found = Capability::ALL.into_iter().find(|c| c.as_str() == item);
                        hello.offers.push(found.ok_or_else(|| format!("`{}` is no capability", shorten(item)))?);
                    }
                }
                "variants" => hello.variants = items.map(str::to_string).collect(),
                "readings" => {
                    for item in items {
                        let reading =
                            crate::rules::Reading::find(item).map_err(|e| crate::error::excerpts(&e.to_string()))?;
                        hello.readings.push(reading.id);
                    }
                }
                _ => return Err(format!("`{}` is no line of a handshake", shorten(line))),
            }
            seen.push(word);
        }
        if !seen.contains(&"protocol") {
            return Err("no `protocol N` line".into());
        }
        if hello.version < PROTOCOL_VERSION && hello.offers.contains(&Capability::Game) {
            return Err(format!(
                "protocol {} has no game actions to offer; `game` is offered from protocol 2",
                hello.version
            ));
        }
        Ok(hello)
    }

    /// Whether the engine offers `c`.
    pub fn offers(&self, c: Capability) -> bool {
        self.offers.contains(&c)
    }
}

/// A line, or any other words the other side of the protocol wrote, as a
/// message quotes it: cut as every echo of input is
/// ([`crate::error::excerpt`]), so an engine or a client that writes a
/// megabyte gets it back as one short quote.
pub fn shorten(line: &str) -> String {
    crate::error::excerpt(line)
}

/// `X,Y`.
pub fn cell_token(at: Cell) -> String {
    format!("{},{}", at.x, at.y)
}

/// `NW,NE,SE,SW`.
pub fn corners_token(c: Corners) -> String {
    let [a, b, d, e] = c.0;
    format!("{a},{b},{d},{e}")
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn parse_yes_no(token: &str, what: &str) -> Result<bool, String> {
    match token {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(format!("{what}: `{}` is not `yes` or `no`", shorten(token))),
    }
}

/// Whether a number is written in the protocol's one form: decimal digits
/// without a leading zero (`0` itself aside), a minus sign only before a
/// negative value; never `+1`, `01` or `-0`.
fn plain_number(token: &str) -> bool {
    let digits = token.strip_prefix('-').unwrap_or(token);
    let zero_led = digits.len() > 1 && digits.starts_with('0');
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && !zero_led && token != "-0"
}

fn number<T: std::str::FromStr>(token: &str, what: &str) -> Result<T, String> {
    if !plain_number(token) {
        return Err(format!(
            "{what}: `{}` is not a whole number written plainly (decimal digits, no `+`, no leading zero)",
            shorten(token)
        ));
    }
    token.parse().map_err(|_| format!("{what}: `{}` is not a whole number in range", shorten(token)))
}

/// A variant's label as `variant` and `position` read it: the variant's
/// name and each reading changed on top of it, in order. Refused: a
/// malformed override, a reading no rule set has, a value the reading does
/// not have, and a reading given twice (`english+R4=no+R4=yes`, or by id
/// and by option name), as `quadominos moves` refuses it.
pub fn read_label(label: &str) -> Result<(String, Vec<(String, String)>), String> {
    let (name, overrides) = crate::formats::split_label(label)
        .map_err(|(at, m)| format!("label `{}`: {m} at character {}", shorten(label), at + 1))?;
    let rules = crate::formats::RuleOverrides(overrides.into_iter().map(|o| (o.name, o.value)).collect());
    if let Some((_, p)) = rules.entry_problems(&crate::error::DocPath::from("rules")).into_iter().next() {
        return Err(format!("label `{}`: {}", shorten(label), p.message));
    }
    Ok((name, rules.0))
}

/// Reads `X,Y`.
pub fn parse_cell(token: &str) -> Result<Cell, String> {
    let (x, y) = token.split_once(',').ok_or_else(|| format!("`{}` is not a cell X,Y", shorten(token)))?;
    Ok(Cell::new(number(x, "the cell's x")?, number(y, "the cell's y")?))
}

/// Reads `NW,NE,SE,SW`, each value 0-5.
pub fn parse_corners(token: &str) -> Result<Corners, String> {
    let values: Vec<&str> = token.split(',').collect();
    let mut out = [0u8; 4];
    if values.len() != 4 {
        return Err(format!("`{}` is not four corner values NW,NE,SE,SW", shorten(token)));
    }
    for (slot, v) in out.iter_mut().zip(values) {
        *slot = Some(v)
            .filter(|v| plain_number(v))
            .and_then(|v| v.parse::<u8>().ok())
            .filter(|&v| v <= MAX_VALUE)
            .ok_or_else(|| format!("`{}` is not a corner value 0-{MAX_VALUE}", shorten(v)))?;
    }
    Ok(Corners(out))
}

/// Reads a tile id and checks it is the tile of `corners`.
fn parse_tile(token: &str, corners: Corners) -> Result<TileId, String> {
    let tile = TileId::read(token).map_err(|e| format!("`{}`: {}", shorten(token), e.error))?;
    if tile != corners.id() {
        return Err(format!("tile {tile} is not the tile of corners {corners} ({})", corners.id()));
    }
    Ok(tile)
}

/// A move as `moves` answers it: `TILE X,Y NW,NE,SE,SW POINTS MATCHED BONUS
/// BY-WEIGHT`, e.g. `1-4-5-5 1,-1 1,4,5,5 15 3 yes no`.
pub fn move_line(m: &MoveRecord) -> String {
    format!(
        "{} {} {} {} {} {} {}",
        m.tile,
        cell_token(m.at),
        corners_token(m.corners),
        m.points,
        m.matched,
        yes_no(m.bonus),
        yes_no(m.by_weight)
    )
}

/// Reads a [`move_line`].
pub fn parse_move_line(line: &str) -> Result<MoveRecord, String> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let [tile, at, corners, points, matched, bonus, by_weight] = t[..] else {
        return Err(format!("`{}` is not a move `TILE X,Y NW,NE,SE,SW POINTS MATCHED BONUS BY-WEIGHT`", shorten(line)));
    };
    let corners = parse_corners(corners)?;
    Ok(MoveRecord {
        tile: parse_tile(tile, corners)?,
        at: parse_cell(at)?,
        corners,
        points: number(points, "the points")?,
        matched: number::<u8>(matched, "the matched corners")
            .and_then(|m| if m <= 4 { Ok(m) } else { Err(format!("{m} matched corners: a tile has 4")) })?,
        bonus: parse_yes_no(bonus, "the bonus")?,
        by_weight: parse_yes_no(by_weight, "by weight")?,
    })
}

/// The verdict on one placement, as `judge` answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeLine {
    /// `legal POINTS MATCHED BONUS BY-WEIGHT`.
    Legal {
        /// What it scores by itself (R9).
        points: u32,
        /// Matched touching corners.
        matched: u8,
        /// Whether it earns the bonus (R7).
        bonus: bool,
        /// Whether only equal weight (R5) makes it legal.
        by_weight: bool,
    },
    /// `illegal [WHY]`: the reason in words is optional and free text.
    Illegal(String),
}

impl JudgeLine {
    /// The line.
    pub fn line(&self) -> String {
        match self {
            JudgeLine::Legal { points, matched, bonus, by_weight } => {
                format!("legal {points} {matched} {} {}", yes_no(*bonus), yes_no(*by_weight))
            }
            JudgeLine::Illegal(why) if why.is_empty() => "illegal".into(),
            JudgeLine::Illegal(why) => format!("illegal {}", why.replace(['\n', '\r'], " ")),
        }
    }

    /// Reads a [`JudgeLine::line`].
    pub fn parse(line: &str) -> Result<JudgeLine, String> {
        let t: Vec<&str> = line.split_whitespace().collect();
        match t[..] {
            ["legal", points, matched, bonus, by_weight] => Ok(JudgeLine::Legal {
                points: number(points, "the points")?,
                matched: number(matched, "the matched corners")?,
                bonus: parse_yes_no(bonus, "the bonus")?,
                by_weight: parse_yes_no(by_weight, "by weight")?,
            }),
            ["illegal", ..] => Ok(JudgeLine::Illegal(line.trim()["illegal".len()..].trim().to_string())),
            _ => Err(format!(
                "`{}` is not a verdict `legal POINTS MATCHED BONUS BY-WEIGHT` or `illegal [WHY]`",
                shorten(line)
            )),
        }
    }
}

/// `TILE,TILE,...`, or `-` for none.
pub fn tiles_token(tiles: &[TileId]) -> String {
    if tiles.is_empty() { "-".into() } else { tiles.iter().map(TileId::to_string).collect::<Vec<_>>().join(",") }
}

/// Each seat's tiles as [`tiles_token`], seats separated by `/`.
pub fn hands_token(hands: &[Vec<TileId>]) -> String {
    hands.iter().map(|h| tiles_token(h)).collect::<Vec<_>>().join("/")
}

/// The board field of the position notation: `X,Y:NWNESESW;...`, or `-`.
pub fn board_token(board: &[(Cell, Corners)]) -> String {
    if board.is_empty() {
        return "-".into();
    }
    let entries: Vec<String> =
        board.iter().map(|(at, c)| format!("{},{}:{}{}{}{}", at.x, at.y, c.0[0], c.0[1], c.0[2], c.0[3])).collect();
    entries.join(";")
}

/// Reads a [`tiles_token`].
pub fn parse_tiles(token: &str) -> Result<Vec<TileId>, String> {
    if token == "-" {
        return Ok(Vec::new());
    }
    token.split(',').map(|t| TileId::read(t).map_err(|e| format!("`{}`: {}", shorten(t), e.error))).collect()
}

/// Reads a [`hands_token`].
pub fn parse_hands(token: &str) -> Result<Vec<Vec<TileId>>, String> {
    token.split('/').map(parse_tiles).collect()
}

/// Reads a [`board_token`].
pub fn parse_board(token: &str) -> Result<Vec<(Cell, Corners)>, String> {
    let read = crate::formats::notation::parse(&format!("{token} -")).map_err(|e| format!("the board: {e}"))?;
    Ok(read.board)
}

/// The answer to a game action: the events it caused, each one line of
/// JSON as transcripts record events, then `scores S0 S1 ...` (every
/// seat's score after it) and `phase NAME SEAT` (where play stands, and the
/// seat to act, `-` for none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLines {
    /// The events, in order.
    pub events: Vec<Event>,
    /// Every seat's score after the action.
    pub scores: Vec<i64>,
    /// The phase's name as scenarios write it (`turn`, `bonus-choice`, ...).
    pub phase: String,
    /// The seat to act, if any.
    pub seat: Option<usize>,
}

impl GameLines {
    /// The lines.
    pub fn lines(&self) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        for e in &self.events {
            out.push(serde_json::to_string(e).map_err(|e| format!("internal error: {e}"))?);
        }
        out.push(format!("scores{}", self.scores.iter().map(|s| format!(" {s}")).collect::<String>()));
        out.push(format!("phase {} {}", self.phase, self.seat.map_or("-".to_string(), |s| s.to_string())));
        Ok(out)
    }

    /// Reads the lines: events first, then one `scores` and one `phase`.
    pub fn parse(lines: &[String]) -> Result<GameLines, String> {
        let mut out = GameLines { events: Vec::new(), scores: Vec::new(), phase: String::new(), seat: None };
        let (mut scores, mut phase) = (false, false);
        for line in lines {
            let mut t = line.split_whitespace();
            match t.next() {
                Some(w) if w.starts_with('{') && !scores && !phase => out
                    .events
                    .push(serde_json::from_str(line).map_err(|e| format!("`{}` is not an event: {e}", shorten(line)))?),
                Some("scores") if !scores => {
                    out.scores = t.map(|v| number(v, "a score")).collect::<Result<_, _>>()?;
                    scores = true;
                }
                Some("phase") if !phase => {
                    let rest: Vec<&str> = t.collect();
                    let [name, seat] = rest[..] else {
                        return Err(format!("`{}` is not `phase NAME SEAT`", shorten(line)));
                    };
                    out.phase = name.to_string();
                    out.seat = if seat == "-" { None } else { Some(number(seat, "the seat to act")?) };
                    phase = true;
                }
                _ => {
                    return Err(format!(
                        "`{}`: a game action's answer is its events, then `scores ...` and `phase NAME SEAT`, each once",
                        shorten(line)
                    ));
                }
            }
        }
        if !(scores && phase) {
            return Err("a game action's answer ends with a `scores` line and a `phase` line".into());
        }
        Ok(out)
    }
}

/// The answer to `perft D`: `nodes N` and `bonus B1 B2 ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftLines {
    /// Sequences of D placements.
    pub nodes: u64,
    /// Bonus placements at each depth from 1 (to D, or to the hand's size).
    pub bonus: Vec<u64>,
}

impl PerftLines {
    /// The two lines.
    pub fn lines(&self) -> Vec<String> {
        let bonus: String = self.bonus.iter().map(|b| format!(" {b}")).collect();
        vec![format!("nodes {}", self.nodes), format!("bonus{bonus}")]
    }

    /// Reads the two lines, in either order.
    pub fn parse(lines: &[String]) -> Result<PerftLines, String> {
        let (mut nodes, mut bonus) = (None, None);
        for line in lines {
            let mut t = line.split_whitespace();
            match t.next() {
                Some("nodes") if nodes.is_none() => {
                    let n: Vec<&str> = t.collect();
                    let [n] = n[..] else { return Err(format!("`{}` is not `nodes N`", shorten(line))) };
                    nodes = Some(number(n, "nodes")?);
                }
                Some("bonus") if bonus.is_none() => {
                    bonus = Some(t.map(|b| number(b, "a bonus count")).collect::<Result<Vec<u64>, _>>()?);
                }
                _ => return Err(format!("`{}` is not `nodes N` or `bonus B1 B2 ...` (each once)", shorten(line))),
            }
        }
        match (nodes, bonus) {
            (Some(nodes), Some(bonus)) => Ok(PerftLines { nodes, bonus }),
            _ => Err("a perft answer has a `nodes` line and a `bonus` line".into()),
        }
    }
}

/// A divide entry as `divide` answers it: `TILE X,Y NW,NE,SE,SW NODES`.
pub fn divide_line(d: &DivideEntry) -> String {
    format!("{} {} {} {}", d.tile, cell_token(d.at), corners_token(d.corners), d.nodes)
}

/// Reads a [`divide_line`].
pub fn parse_divide_line(line: &str) -> Result<DivideEntry, String> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let [tile, at, corners, nodes] = t[..] else {
        return Err(format!("`{}` is not a divide entry `TILE X,Y NW,NE,SE,SW NODES`", shorten(line)));
    };
    let corners = parse_corners(corners)?;
    Ok(DivideEntry { tile: parse_tile(tile, corners)?, at: parse_cell(at)?, corners, nodes: number(nodes, "nodes")? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_request_reads_back_from_its_line() {
        let requests = [
            Request::Protocol(1),
            Request::Variant("serbian+R4=no".into()),
            Request::Position("0,0:5555 1-4-5-5 english".into()),
            Request::Moves,
            Request::Judge(Cell::new(1, -1), Corners([1, 4, 5, 5])),
            Request::Perft(3),
            Request::Divide(2),
            Request::Play { seed: 7, players: 3 },
            Request::NewGame { players: 3, seed: Some(7) },
            Request::NewGame { players: 2, seed: None },
            Request::Start(GameStart {
                hands: vec![vec!["1-2-3-4".parse().unwrap()], Vec::new()],
                well: vec!["0-0-0-1".parse().unwrap()],
                board: vec![(Cell::new(0, 0), Corners([5, 5, 5, 5]))],
                scores: vec![-20, 5],
                to_move: Some(1),
            }),
            Request::Deal(Some((vec![vec!["1-2-3-4".parse().unwrap()], vec!["0-0-1-1".parse().unwrap()]], Vec::new()))),
            Request::Deal(None),
            Request::Place(Placement {
                tile: "1-4-5-5".parse().unwrap(),
                at: Cell::new(1, -1),
                corners: Corners([1, 4, 5, 5]),
            }),
            Request::Take(true),
            Request::Take(false),
            Request::Draw,
            Request::Pass,
            Request::Quit,
        ];
        for r in requests {
            assert_eq!(Request::parse(&r.to_string()), Ok(r.clone()), "{r}");
        }
        let bad_forms =
            ["perft +1", "perft 01", "divide -0", "judge 01,1 1,1,1,1", "judge +1,1 1,1,1,1", "judge 1,1 1,1,1,01"];
        for bad in [
            "",
            "moves 3",
            "perft",
            "perft -1",
            "judge 1,1",
            "judge 1,1 1,2,3,6",
            "fly",
            "position",
            "take",
            "take bonus",
            "deal 1-2-3-4",
            "newgame 01",
        ]
        .iter()
        .chain(&bad_forms)
        {
            assert!(Request::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn data_lines_read_back_and_refuse_what_they_are_not() {
        let m = MoveRecord {
            tile: "1-4-5-5".parse().unwrap(),
            at: Cell::new(1, -1),
            corners: Corners([1, 4, 5, 5]),
            points: 15,
            matched: 3,
            bonus: true,
            by_weight: false,
        };
        assert_eq!(move_line(&m), "1-4-5-5 1,-1 1,4,5,5 15 3 yes no");
        assert_eq!(parse_move_line(&move_line(&m)), Ok(m));
        // The tile must be the corners' tile.
        assert!(parse_move_line("1-4-5-5 1,-1 1,4,5,4 15 3 yes no").is_err());
        assert!(parse_move_line("1-4-5-5 1,-1 1,4,5,5 15 5 yes no").is_err());
        let legal = JudgeLine::Legal { points: 9, matched: 2, bonus: false, by_weight: true };
        assert_eq!(JudgeLine::parse(&legal.line()), Ok(legal));
        assert_eq!(JudgeLine::parse("illegal no side contact"), Ok(JudgeLine::Illegal("no side contact".into())));
        let p = PerftLines { nodes: 18, bonus: vec![0, 2, 0] };
        assert_eq!(PerftLines::parse(&p.lines()), Ok(p));
        assert!(PerftLines::parse(&["nodes 3".to_string()]).is_err());
        assert_eq!(End::of("ok"), Some(End::Ok));
        assert_eq!(End::of("error no such variant"), Some(End::Error("no such variant".into())));
        assert_eq!(End::of("okay"), None);
        assert_eq!(End::of("errors"), None);
    }

    #[test]
    fn a_handshake_reads_back_and_refuses_unknown_lines() {
        let hello = Hello {
            version: 1,
            engine: "quadominos 0.1.0".into(),
            offers: vec![Capability::Moves, Capability::Perft],
            variants: vec!["english".into()],
            readings: vec![crate::rules::ids::r(4)],
        };
        assert_eq!(Hello::parse(&hello.lines()), Ok(hello));
        assert!(Hello::parse(&["protocol 1".into(), "hello".into()]).is_err());
        assert!(Hello::parse(&["engine x".into()]).is_err());
    }
}

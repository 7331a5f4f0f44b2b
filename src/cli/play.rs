//! `quadominos play`: a whole game (or its first rounds) played by one
//! strategy for every seat, written as a transcript.

use clap::ValueEnum;
use quadominos::formats::InputError;
use quadominos::play::transcript::Ended;
use quadominos::play::{MAX_ROUND_LIMIT, MAX_ROUNDS, Stop, Strategy, play};

use super::shared::{Failure, RuleArgs};

/// How every seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StrategyArg {
    /// Uniformly among the legal actions (seeded).
    Random,
    /// The highest immediate score, bonus choice included.
    Greedy,
    /// The native solver's best turn.
    Best,
}

/// A transcript's file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TranscriptFormat {
    /// YAML.
    Yaml,
    /// JSON.
    Json,
}

/// Play a whole game (or its first rounds), every seat with one
/// strategy, and write the transcript: the variant and its readings, the
/// seed, every deal, then every event with its score change, running
/// totals and clauses.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos play --players 2 --seed 7 > game.yaml
  \
quadominos play --players 3 --seed 1 --variant serbian --strategy best --rounds 1 --format json")]
pub struct Args {
    /// Number of players, 2 to 8.
    #[arg(long)]
    pub players: usize,
    /// The seed of the deals (and of the random strategy).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// How every seat chooses its actions.
    #[arg(long, value_enum, default_value_t = StrategyArg::Greedy)]
    pub strategy: StrategyArg,
    /// Stop after this many rounds (the transcript says `ended:
    /// rounds-asked`), at most 10000.
    #[arg(long, conflicts_with = "to_end", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_ROUND_LIMIT)))]
    pub rounds: Option<u32>,
    /// Play to the end of the game (the default).
    #[arg(long)]
    pub to_end: bool,
    /// The most rounds played, so that a game nobody wins still stops;
    /// reaching it is said on standard error and in the transcript (`ended:
    /// round-limit`, no winner); at most 10000.
    #[arg(long, value_name = "N", default_value_t = MAX_ROUNDS,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_ROUND_LIMIT)))]
    pub max_rounds: u32,
    /// The transcript's format.
    #[arg(long, value_enum, default_value_t = TranscriptFormat::Yaml)]
    pub format: TranscriptFormat,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let variant = args.rules.choice().resolve(None, None)?;
    let strategy = match args.strategy {
        StrategyArg::Random => Strategy::Random,
        StrategyArg::Greedy => Strategy::Greedy,
        StrategyArg::Best => Strategy::Best,
    };
    let stop = match args.rounds {
        Some(0) => return Err(Failure::Input(InputError::whole_file("--rounds", "play at least one round"))),
        Some(k) => Stop::Rounds(k),
        None => Stop::End,
    };
    let played = play(&variant, args.players, args.seed, strategy, stop, args.max_rounds).map_err(|m| {
        if m.starts_with("internal error") {
            Failure::Bug(m)
        } else if m.starts_with("round ") {
            // The variant's tile set ties at every deal: no round can start.
            Failure::Input(InputError::whole_file("play", m))
        } else {
            Failure::Input(InputError::whole_file("--players", m))
        }
    })?;
    if played.ended == Ended::RoundLimit {
        eprintln!(
            "note: the game stopped at the round limit, {} round{} (--max-rounds), with nobody at the target of {}: \
no winner; the transcript says `ended: round-limit`",
            args.max_rounds,
            if args.max_rounds == 1 { "" } else { "s" },
            variant.target()
        );
    }
    let transcript = played.transcript(Some(args.seed), Some(strategy.as_str()));
    let text = match args.format {
        TranscriptFormat::Json => super::shared::serialize(&transcript, super::shared::Format::Json)?,
        TranscriptFormat::Yaml => super::shared::serialize(&transcript, super::shared::Format::Yaml)?,
    };
    Ok((text, 0))
}

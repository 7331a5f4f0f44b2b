//! `quadominos play`: a whole game (or its first rounds) played by one
//! strategy for every seat, written as a transcript.

use clap::ValueEnum;
use quadominos::formats::InputError;
use quadominos::play::{Stop, Strategy, play};
use quadominos::transcript::record;

use super::{Failure, RuleArgs};

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

#[derive(clap::Args)]
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
    /// Stop after this many rounds.
    #[arg(long, conflicts_with = "to_end")]
    pub rounds: Option<u32>,
    /// Play to the end of the game (the default).
    #[arg(long)]
    pub to_end: bool,
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
    let game = play(&variant, args.players, args.seed, strategy, stop).map_err(|m| {
        if m.starts_with("internal error") {
            Failure::Bug(m)
        } else {
            Failure::Input(InputError::whole_file("--players", m))
        }
    })?;
    let transcript = record(&game, Some(args.seed), Some(strategy.as_str()));
    let text = match args.format {
        TranscriptFormat::Json => super::serialize(&transcript, super::Format::Json)?,
        TranscriptFormat::Yaml => super::serialize(&transcript, super::Format::Yaml)?,
    };
    Ok((text, 0))
}

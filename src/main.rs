//! The `quadominos` command: parses the arguments and hands them to the
//! command's own module under `cli/`. Exit status 0 on success, 1 when a
//! verdict or expectation is negative, 2 on bad input, 3 on an internal
//! contradiction.

use std::io::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{CommandFactory, Parser, Subcommand};

mod cli;

use cli::shared::Failure;

/// Quad-Ominos rules, executable: list legal moves, judge placements, and
/// show the rule variants, under either rule source and any reading.
#[derive(Parser)]
#[command(name = "quadominos", version, about, long_about = None)]
#[command(after_help = "Rules digest with clause ids E1-E19, S1-S19 and readings R1-R32: docs/RULES.md.\n\
Exit status: 0 success; 1 an illegal placement (explain), a failed expectation (check, solve);\n\
2 bad input; 3 an internal error (a solver answer the rules refuse, solvers that disagree).")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: cli::shared::LimitArgs,
    /// When to colour the text reports (verdicts, FAIL, proven or not) and
    /// `error:`: auto, only on a terminal and when NO_COLOR is not set;
    /// always; never. JSON and YAML are never coloured.
    #[arg(long, global = true, value_name = "WHEN", value_enum, default_value_t)]
    color: cli::shared::colour::ColorChoice,
}

/// Every command, in the order `--help` lists them; each one's help text
/// is on its arguments in `cli/`.
#[derive(Subcommand)]
enum Command {
    Moves(cli::moves::Args),
    Explain(cli::explain::Args),
    Check(cli::check::Args),
    Compare(cli::compare::Args),
    Solve(cli::solve::Args),
    Generate(cli::generate::Args),
    Puzzle(cli::puzzle::Args),
    Perft(cli::perft::Args),
    Notation(cli::notation::Args),
    Variants(cli::variants::Args),
    Bonuses(cli::bonuses::Args),
    Render(cli::render::Args),
    Play(cli::play::Args),
    Impact(cli::impact::Args),
    Replay(cli::replay::Args),
    Fixtures(cli::fixtures::Args),
    Engine(cli::engine::Args),
    Conform(cli::conform::Args),
    Completions(cli::completions::Args),
    Man(cli::man::Args),
}

/// Runs one command, returning its whole output and exit status; nothing is
/// printed until the command has succeeded.
fn run(command: Command) -> Result<(String, u8), Failure> {
    let clap_command = Cli::command;
    match command {
        Command::Moves(args) => cli::moves::run(args),
        Command::Explain(args) => cli::explain::run(args),
        Command::Check(args) => cli::check::run(args),
        Command::Compare(args) => cli::compare::run(args),
        Command::Solve(args) => cli::solve::run(args, &interrupt_flag()),
        Command::Conform(args) => {
            end_engines_on_signals();
            cli::conform::run(args)
        }
        Command::Generate(args) => cli::generate::run(args),
        Command::Puzzle(args) => cli::puzzle::run(args),
        Command::Perft(args) => cli::perft::run(args),
        Command::Notation(args) => cli::notation::run(args),
        Command::Variants(args) => cli::variants::run(args),
        Command::Bonuses(args) => cli::bonuses::run(args),
        Command::Render(args) => cli::render::run(args),
        Command::Play(args) => cli::play::run(args),
        Command::Impact(args) => cli::impact::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Fixtures(args) => cli::fixtures::run(args),
        Command::Engine(args) => cli::engine::run(args),
        Command::Completions(args) => cli::completions::run(args, clap_command()),
        Command::Man(args) => cli::man::run(args, clap_command()),
    }
}

/// The flag Ctrl-C (and SIGTERM, SIGHUP) sets for a command that stops
/// with what it has: its search ends and its best answer is printed,
/// marked as interrupted. A second signal ends the process at once (exit
/// 130). Signals are handled here alone; the library only watches the
/// flag it is given.
fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let seen = flag.clone();
    // Installing fails only when a handler is already set: the default,
    // ending the process, then stays.
    let _ = ctrlc::set_handler(move || {
        if seen.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(cli::solve::INTERRUPTED));
        }
    });
    flag
}

/// The signals `conform` ends its engines on: every one that would end the
/// process and can be caught (KILL cannot; PIPE is ignored by Rust's
/// runtime, a closed pipe then an error where written).
#[cfg(unix)]
const ENDING_SIGNALS: [i32; 7] = {
    use signal_hook::consts::signal::{SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2};
    [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]
};

/// A `conform` run ended by a signal ends every engine it started, each
/// with its process group, then exits as a shell reports a process the
/// signal ended (128 + its number: 130 for Ctrl-C, 143 for TERM, 131 for
/// QUIT): an engine that hangs is never left running alone.
fn end_engines_on_signals() {
    #[cfg(unix)]
    if let Ok(mut signals) = signal_hook::iterator::Signals::new(ENDING_SIGNALS) {
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                quadominos::protocol::client::end_every_engine();
                std::process::exit(128 + signal);
            }
        });
    }
}

/// The command line read. An option's value may be a negative number
/// (`--threads -1`, `--timeout -3`): it reaches the option's own parser,
/// which says what to write, where clap would take it for an unknown flag.
fn parse(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let negatives = |a: clap::Arg| if a.get_action().takes_values() { a.allow_negative_numbers(true) } else { a };
    let mut command = Cli::command().mut_args(negatives).mut_subcommands(|s| s.mut_args(negatives));
    let mut matches = command.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))
}

fn main() -> ExitCode {
    cli::shared::colour::set(cli::shared::colour::early_choice(std::env::args_os().skip(1)));
    let cli = match parse(std::env::args_os()) {
        Ok(cli) => cli,
        // A value an option cannot take, and a command word that is one of
        // a command's options (`hint`), are told in the toolkit's words, like
        // every other bad input; any other parse error (a missing argument,
        // an unknown flag, and `--help` itself) keeps clap's message.
        Err(e) => match cli::shared::arg_words::value_in_words(&e)
            .or_else(|| cli::shared::arg_words::command_in_words(&e, &Cli::command()))
        {
            Some(words) => {
                eprintln!("{} {words}", cli::shared::colour::err(cli::shared::colour::BAD, "error:"));
                return ExitCode::from(2);
            }
            None => e.exit(),
        },
    };
    cli::shared::colour::set(cli.color);
    quadominos::limits::set(cli.limits.limits());
    match run(cli.command) {
        Ok((text, code)) => {
            // A reader that stops early (`| head`) closes the pipe: the rest
            // of the output is not wanted, which is not an error.
            // An output file named `-` (`--svg -`) is standard output: it
            // is printed instead of the command's text.
            let bytes = cli::shared::output::take_standard_output().unwrap_or_else(|| text.into_bytes());
            let mut out = std::io::stdout().lock();
            match out.write_all(&bytes).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!(
                        "{} cannot write the output: {e}",
                        cli::shared::colour::err(cli::shared::colour::BAD, "error:")
                    );
                    ExitCode::from(2)
                }
                _ => ExitCode::from(code),
            }
        }
        Err(Failure::Input(e)) => {
            let prefix = cli::shared::colour::err(cli::shared::colour::BAD, "error:");
            for p in &e.problems {
                eprintln!("{prefix} {p}");
            }
            ExitCode::from(2)
        }
        Err(Failure::Bug(message)) => {
            let prefix = cli::shared::colour::err(cli::shared::colour::BAD, "internal error (please report):");
            eprintln!("{prefix} {message}");
            ExitCode::from(3)
        }
    }
}

//! `quadominos completions SHELL`: the shell's completion script, made by
//! clap_complete from the same definition as `--help`, so that every
//! command, flag and value it completes is one the binary takes.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap_complete::Shell;
use quadominos::formats::BUILTIN_VARIANTS;
use quadominos::rules::READINGS;

use super::shared::Failure;

/// Print a completion script for a shell: commands, flags and their values
/// (the shipped variants, each reading with each of its values, the goals).
#[derive(clap::Args)]
#[command(after_help = "Install it where the shell looks, e.g.:
  quadominos completions bash > ~/.local/share/bash-completion/completions/quadominos
  \
quadominos completions zsh > ~/.zfunc/_quadominos      # with fpath+=~/.zfunc before compinit
  \
quadominos completions fish > ~/.config/fish/completions/quadominos.fish")]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Runs `completions` on the command line's own definition.
pub fn run(args: Args, command: clap::Command) -> Result<(String, u8), Failure> {
    let mut command = with_value_words(command);
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "quadominos", &mut script);
    let mut script = String::from_utf8(script).map_err(|e| Failure::Bug(format!("the completion script: {e}")))?;
    if args.shell == Shell::Bash {
        // A variant may also be a spec file: bash offers the files beside
        // the shipped names.
        let names = BUILTIN_VARIANTS.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(" ");
        let only_names = format!("$(compgen -W \"{names}\" -- \"${{cur}}\")");
        let and_files = format!("$(compgen -W \"{names}\" -- \"${{cur}}\"; compgen -f -- \"${{cur}}\")");
        script = script.replace(&only_names, &and_files);
    }
    Ok((script, 0))
}

/// The definition the scripts are made from: the parser's own, with the
/// words a value may be offered from. `--variant` and `--variants` take a
/// shipped variant's name (or a spec file), `--rule` a reading with one of
/// its values (by id or by option name), `--readings` a reading. The parser
/// itself keeps taking any word and says what is wrong with a bad one, so
/// these lists only feed the completion.
fn with_value_words(command: clap::Command) -> clap::Command {
    let variants: Vec<&'static str> = BUILTIN_VARIANTS.iter().map(|(name, _)| *name).collect();
    let readings: Vec<String> = READINGS.iter().flat_map(|r| [r.id.to_string(), r.name.to_string()]).collect();
    let rules: Vec<String> = READINGS
        .iter()
        .flat_map(|r| {
            r.values.iter().flat_map(move |(value, _)| [format!("{}={value}", r.id), format!("{}={value}", r.name)])
        })
        .collect();
    offer(
        command,
        &[
            ("variant", variants.iter().map(|v| v.to_string()).collect()),
            ("variants", variants.iter().map(|v| v.to_string()).collect()),
            ("rules", rules),
            ("readings", readings),
        ],
    )
}

/// Gives each named argument of `command` and of every subcommand the words
/// it completes to.
fn offer(command: clap::Command, words: &[(&str, Vec<String>)]) -> clap::Command {
    let mut command = command;
    for (id, values) in words {
        if command.get_arguments().any(|a| a.get_id() == *id) {
            let values: Vec<PossibleValue> =
                // clap keeps a value's name as a static string; the script is made
            // once, just before the process ends.
            values.iter().map(|v| PossibleValue::new(&*v.clone().leak())).collect();
            command = command.mut_arg(*id, |arg| arg.value_parser(PossibleValuesParser::new(values)));
        }
    }
    let names: Vec<String> = command.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        command = command.mut_subcommand(name, |sub| offer(sub, words));
    }
    command
}

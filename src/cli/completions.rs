//! `quadominos completions SHELL`: the shell's completion script, made by
//! clap_complete from the same definition as `--help`, so that every
//! command, flag and value it completes is one the binary takes.

use clap_complete::Shell;

use super::shared::Failure;

/// Print a completion script for a shell: commands, flags and their values.
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
pub fn run(args: Args, mut command: clap::Command) -> Result<(String, u8), Failure> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "quadominos", &mut script);
    let script = String::from_utf8(script).map_err(|e| Failure::Bug(format!("the completion script: {e}")))?;
    Ok((script, 0))
}

//! `quadominos man`: the manual pages, made by clap_mangen from the same
//! definition as `--help`. On standard output, the page of `quadominos`
//! itself (as `rg --generate man` does); with `--out DIR`, one page per
//! command as well, named as git's and cargo's are (`quadominos-solve.1`),
//! written whole or not at all like every other output file.

use std::path::PathBuf;

use super::shared::Failure;

/// Print the man page (roff) of `quadominos`, or write every command's page
/// into a folder.
#[derive(clap::Args)]
#[command(after_help = "As `rg --generate man` does, the page goes to standard output; --out DIR writes
\
every page, named as git's and cargo's are (man quadominos-solve).
Examples:
  quadominos man > quadominos.1 && man ./quadominos.1
  \
quadominos man --out ~/.local/share/man/man1        # then `man quadominos-solve`")]
pub struct Args {
    /// Write quadominos.1 and one page per command (quadominos-moves.1,
    /// quadominos-solve.1, ...) into DIR, made if missing, instead of
    /// printing the top page; pages already there are replaced.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Runs `man` on the command line's own definition.
pub fn run(args: Args, command: clap::Command) -> Result<(String, u8), Failure> {
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let Some(dir) = args.out else {
        let roff = render(&clap_mangen::Man::new(command))?;
        return Ok((String::from_utf8(roff).map_err(|e| Failure::Bug(format!("the man page: {e}")))?, 0));
    };
    let mut pages = Vec::new();
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let page = clap_mangen::Man::new(sub.clone());
        pages.push((page.get_filename(), render(&page)?));
    }
    let top = clap_mangen::Man::new(command);
    pages.insert(0, (top.get_filename(), render(&top)?));
    super::shared::output::write_into_folder("--out", &dir, &pages)?;
    Ok((String::new(), 0))
}

/// A page as roff.
fn render(page: &clap_mangen::Man) -> Result<Vec<u8>, Failure> {
    let mut roff = Vec::new();
    page.render(&mut roff).map_err(|e| Failure::Bug(format!("the man page: {e}")))?;
    Ok(roff)
}

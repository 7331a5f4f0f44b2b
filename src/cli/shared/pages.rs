//! What `render`, `solve` and `bonuses` share about `--html FILE`: the
//! page written only when asked, a page too long refused before it is
//! built, and the refusal for a file no page is made of. The pages
//! themselves are built in the library (`quadominos::render::page`).

use std::path::{Path, PathBuf};

use quadominos::formats::InputError;

use super::Failure;

/// The page's path and text for [`super::picture::write_with_page`].
pub fn page_output(
    html: &Option<PathBuf>,
    page: impl FnOnce() -> Result<String, Failure>,
) -> Result<Option<(&Path, String)>, Failure> {
    match html {
        Some(path) => Ok(Some((path.as_path(), page()?))),
        None => Ok(None),
    }
}

/// Refuses a page of more than `--max-page-steps` steps, counted from
/// `file` before any of the page is built (nothing is written): `steps`
/// steps, `each` saying what they are ("one for each event").
pub fn within_page_steps(html: &Option<PathBuf>, file: &str, steps: usize, each: &str) -> Result<(), Failure> {
    let limit = quadominos::limits::current().page_steps;
    if html.is_none() || steps <= limit {
        return Ok(());
    }
    Err(Failure::Input(InputError::whole_file(
        file,
        format!(
            "the page would hold {steps} steps ({each}), more than the limit of {} a page holds; \
             raise it with --max-page-steps, or leave out --html",
            super::counted(limit, "step")
        ),
    )))
}

/// The refusal for `--html` on a file no page is made of.
pub fn no_page(file: &str, why: &str) -> Failure {
    Failure::Input(InputError::whole_file(file, why.to_string()))
}

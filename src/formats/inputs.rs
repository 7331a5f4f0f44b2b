//! The files this process has read as input: every file read through
//! [`crate::formats::Source::read`] (positions, puzzles, scenarios,
//! transcripts, variant specs, tile sets, fixture answers) is noted here, so
//! that a command can refuse to write an output over one of its own inputs
//! (`--svg`, `--png`, `fixtures --out`), whichever file led to reading it.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

static READ: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Notes that `path` is read as input (each path once).
pub fn note(path: &Path) {
    // A thread that panicked while noting cannot have left the list half
    // changed: a push is whole or not made.
    let mut read = READ.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !read.iter().any(|p| p == path) {
        read.push(path.to_path_buf());
    }
}

/// Every path noted so far, in the order first read, as it was given.
pub fn read() -> Vec<PathBuf> {
    READ.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_path_is_noted_once() {
        let path = Path::new("a path no other test reads.yaml");
        note(path);
        note(path);
        assert_eq!(read().iter().filter(|p| p.as_path() == path).count(), 1);
    }
}

//! Reading input files and reporting what is wrong with them: every error
//! names the file and, where there is one, the line and column.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::locate::SourceMap;
use crate::error::Problem;

/// A text read from a file (or built in), with the name errors show for it.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name to show: the path as given, or `<builtin>/NAME`.
    pub name: String,
    /// Where the file is, for resolving relative paths inside it.
    pub path: Option<PathBuf>,
    /// The whole text.
    pub text: String,
}

/// One located message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The file's name as given.
    pub file: String,
    /// Line and column, both from 1, where known.
    pub position: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

/// Why an input could not be used: one or more located messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// Every problem found, in document order where it is known.
    pub problems: Vec<Located>,
}

impl InputError {
    /// A single problem in `file`, without a position.
    pub fn whole_file(file: &str, message: impl Into<String>) -> InputError {
        InputError { problems: vec![Located { file: file.to_string(), position: None, message: message.into() }] }
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for InputError {}

impl Source {
    /// Reads a file; a missing file or one that is not UTF-8 is an error
    /// naming it.
    pub fn read(path: &Path) -> Result<Source, InputError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| InputError::whole_file(&name, format!("cannot read: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let valid = &e.as_bytes()[..at];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let col = valid.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
            InputError {
                problems: vec![Located {
                    file: name.clone(),
                    position: Some((line, col)),
                    message: "the file is not valid UTF-8".into(),
                }],
            }
        })?;
        Ok(Source { name, path: Some(path.to_path_buf()), text })
    }

    /// A text that is not a file (a built-in spec).
    pub fn builtin(name: &str, text: &str) -> Source {
        Source { name: format!("<builtin>/{name}"), path: None, text: text.to_string() }
    }

    /// Deserializes the YAML text; a syntax or type error is located.
    pub fn parse<T: DeserializeOwned>(&self, what: &str) -> Result<T, InputError> {
        // Only blank lines, comments and document markers: no document at all.
        let empty = self.text.lines().map(str::trim).all(|l| l.is_empty() || l.starts_with('#') || l == "---");
        if empty {
            return Err(InputError {
                problems: vec![Located {
                    file: self.name.clone(),
                    position: Some((1, 1)),
                    message: format!("the file is empty; expected a {what}"),
                }],
            });
        }
        serde_yaml::from_str(&self.text).map_err(|e| {
            let position = e.location().map(|l| (l.line(), l.column()));
            let mut message = e.to_string();
            // serde_yaml puts the position in its message; it is shown in front
            // instead. A syntax error may name a second position (where the
            // construct being parsed began), which stays.
            if let Some((line, col)) = position {
                message = message.replacen(&format!(" at line {line} column {col}"), "", 1);
            }
            InputError { problems: vec![Located { file: self.name.clone(), position, message }] }
        })
    }

    /// Locates problems found in the parsed document by their paths.
    pub fn problems(&self, problems: Vec<Problem>) -> InputError {
        let map = SourceMap::new(&self.text);
        let mut located: Vec<Located> = problems
            .into_iter()
            .map(|p| Located { file: self.name.clone(), position: map.locate(&p.at), message: p.to_string() })
            .collect();
        located.sort_by_key(|l| l.position);
        InputError { problems: located }
    }

    /// Resolves a path written inside this file relative to the file.
    pub fn relative(&self, written: &str) -> PathBuf {
        match self.path.as_ref().and_then(|p| p.parent()) {
            Some(dir) => dir.join(written),
            None => PathBuf::from(written),
        }
    }
}

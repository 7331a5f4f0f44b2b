//! The pictures of `--svg FILE` and `--png FILE`, on every command that
//! draws one (`render`, `moves`, `solve`, `bonuses`): the SVG, and the PNG
//! resvg draws from that same SVG, so the two never differ; and the page of
//! `--html FILE` (`render`, `solve`, `bonuses`, `compare`). All are written
//! together by [`super::output`]: checked first, whole or not at all, never
//! over an input.

use std::path::{Path, PathBuf};

use quadominos::formats::InputError;

use super::Failure;
use super::output;

/// The most pixels a PNG may have (400 MB to draw it in): a board of the
/// whole 125-tile set laid out as widely as it can be is about 16 million.
/// A board with more tiles (`--max-tiles`) may be drawn as SVG instead.
#[cfg_attr(not(feature = "png"), allow(dead_code))]
const MAX_PIXELS: u64 = 100_000_000;

/// `--svg FILE`, `--png FILE` and `--html FILE`, as `render`, `solve` and
/// `bonuses` take them: each command's help says what its picture and its
/// page show.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct PictureArgs {
    /// Also draw the picture as SVG into FILE (never an input of the
    /// command, nor a device or FIFO); `-` prints it on standard output, in
    /// place of the command's text.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also draw that picture as PNG into FILE (never an input of the
    /// command, nor a device or FIFO; `-`: standard output, in place of the
    /// command's text).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Also write a page to FILE: one HTML file, nothing fetched, to step
    /// through (never an input of the command, nor a device or FIFO; `-`
    /// prints the page on standard output, in place of the command's text).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

impl PictureArgs {
    /// Checks every file asked for before the command's work, as
    /// [`check_with_page`].
    pub fn check(&self) -> Result<(), Failure> {
        check_with_page(&self.svg, &self.png, &self.html)
    }

    /// Writes the picture and the page asked for, all of them or none:
    /// `page` is built only when `--html` is given, `picture` only when
    /// `--svg` or `--png` is.
    pub fn write(
        &self,
        page: impl FnOnce() -> Result<String, Failure>,
        picture: impl FnOnce() -> String,
    ) -> Result<(), Failure> {
        let page = match &self.html {
            Some(path) => Some((path.as_path(), page()?)),
            None => None,
        };
        write_with_page(&self.svg, &self.png, page, picture)
    }
}

/// The files asked for, with their flags.
pub fn outputs<'a>(
    svg: &'a Option<PathBuf>,
    png: &'a Option<PathBuf>,
    html: &'a Option<PathBuf>,
) -> Vec<(&'static str, &'a Path)> {
    [("--svg", svg), ("--png", png), ("--html", html)]
        .into_iter()
        .filter_map(|(flag, path)| path.as_deref().map(|p| (flag, p)))
        .collect()
}

/// Checks the picture files before the command's work, as
/// [`output::check`]; a build without PNG output refuses `--png` here too.
pub fn check(svg: &Option<PathBuf>, png: &Option<PathBuf>) -> Result<(), Failure> {
    check_with_page(svg, png, &None)
}

/// [`check`], with the page of `--html` too.
pub fn check_with_page(svg: &Option<PathBuf>, png: &Option<PathBuf>, html: &Option<PathBuf>) -> Result<(), Failure> {
    if png.is_some() && !cfg!(feature = "png") {
        png_bytes("")?;
    }
    output::check(&outputs(svg, png, html))
}

/// Writes the picture to the files asked for, if any: `picture` is drawn
/// only then, and the PNG is drawn from it before anything is written.
pub fn write(svg: &Option<PathBuf>, png: &Option<PathBuf>, picture: impl FnOnce() -> String) -> Result<(), Failure> {
    write_with_page(svg, png, None, picture)
}

/// [`write`], with the page of `--html` (its path and its text) written
/// in the same step: all of the files or none.
pub fn write_with_page(
    svg: &Option<PathBuf>,
    png: &Option<PathBuf>,
    page: Option<(&Path, String)>,
    picture: impl FnOnce() -> String,
) -> Result<(), Failure> {
    if svg.is_none() && png.is_none() && page.is_none() {
        return Ok(());
    }
    let text = if svg.is_some() || png.is_some() { picture() } else { String::new() };
    let png = match png {
        Some(path) => Some((path, png_bytes(&text)?)),
        None => None,
    };
    let mut files: Vec<(&str, &Path, &[u8])> = Vec::new();
    if let Some(path) = svg {
        files.push(("--svg", path, text.as_bytes()));
    }
    if let Some((path, bytes)) = &png {
        files.push(("--png", path, bytes));
    }
    if let Some((path, html)) = &page {
        files.push(("--html", path, html.as_bytes()));
    }
    output::write_files(&files)
}

/// The PNG of an SVG picture, drawn by resvg at the SVG's size.
#[cfg(feature = "png")]
fn png_bytes(svg: &str) -> Result<Vec<u8>, Failure> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| Failure::Bug(format!("the SVG does not parse: {e}")))?;
    let size = tree.size().to_int_size();
    let pixels = u64::from(size.width()) * u64::from(size.height());
    if pixels > MAX_PIXELS {
        let message = format!(
            "the picture would be {}x{} pixels, more than the {} million a PNG may have; write it with --svg",
            size.width(),
            size.height(),
            MAX_PIXELS / 1_000_000
        );
        return Err(InputError::whole_file("--png", message).into());
    }
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| Failure::Bug(format!("a {}x{} picture cannot be drawn", size.width(), size.height())))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| Failure::Bug(format!("cannot encode the PNG: {e}")))
}

#[cfg(not(feature = "png"))]
fn png_bytes(_svg: &str) -> Result<Vec<u8>, Failure> {
    Err(InputError::whole_file("--png", "this build has no PNG output: build with the cargo feature `png`").into())
}

//! Resource limits: how large an input may be, how deeply it may nest, how
//! many tiles a board or hand may list, how many lines an answer may print
//! and how much memory a solver may take. Every limit has a default that a
//! person does not reach by accident and is said plainly when reached, with
//! the command-line flag that raises it; nothing is cut short silently.
//!
//! The limits are one process-wide setting: the `quadominos` command sets
//! them once from its flags ([`set`]) before it reads anything; a program
//! using the library gets [`ResourceLimits::default`] unless it sets them.
//!
//! May use: nothing else of the crate (every part checks its limits).

use std::sync::OnceLock;

/// The words every message of an input limit passed ends with; a file that
/// passes one is not read further, not even for its other mistakes.
pub const RAISE_THE_LIMIT: &str = "raise the limit with --max-";

/// The limits in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceLimits {
    /// The largest input file read, in bytes (`--max-input-bytes`).
    pub input_bytes: u64,
    /// The deepest nesting of mappings and sequences in a YAML or JSON
    /// input (`--max-nesting`), the document's own collection being level
    /// one. The toolkit's own formats nest at most 6 deep. Enforced while the
    /// YAML reader reads the file, before anything is built from it.
    pub nesting: usize,
    /// The most tiles a board, a hand or a tile-set file may list
    /// (`--max-tiles`). Each tile exists once (S1), so a valid position
    /// never lists more than the tile set's 125; the limit stops a huge
    /// list while the file is first read, before a YAML reader builds it
    /// or any entry is checked.
    pub tiles: usize,
    /// The most events the YAML reader may read in one input file
    /// (`--max-events`): every scalar, alias and collection start or end.
    /// The reader holds all of a document's events at once before anything
    /// is deserialized, so this bounds the memory a file of tiny entries
    /// (`[0,0,0,…]`) takes, whatever its keys.
    pub events: usize,
    /// The most moves, answers or other lines a command prints
    /// (`--max-printed`); a longer answer is refused whole, never cut.
    pub printed: usize,
    /// The most steps a page (`--html`) may hold (`--max-page-steps`):
    /// one for each event of a transcript, each action of a compared
    /// scenario. Every step is a drawing of the whole table, so a page
    /// grows with steps times tiles; the count is checked from the file
    /// before any of the page is built.
    pub page_steps: usize,
    /// The memory a solver may use, in bytes (`--max-memory`): z3's
    /// `memory_max_size`, the size of the native solver's table of
    /// positions already searched (which stops growing, not searching), and
    /// of the move generators' pattern tables (which let go of those no
    /// cell uses).
    pub memory: u64,
}

impl ResourceLimits {
    /// The part of [`ResourceLimits::memory`] a native search's table of
    /// positions leaves for what grows beside it once it has stopped
    /// growing (the move generators' pattern tables, the lines read back):
    /// a quarter, at least 32 MiB and at most 256 MiB.
    pub fn kept_back(&self) -> u64 {
        kept_back(self.memory)
    }

    /// The bytes the pattern tables of every move generator in the process
    /// may take together: half of [`ResourceLimits::kept_back`]. Past it, a
    /// generator lets go of the tables none of its cells uses, and computes
    /// one again when it meets that pattern again.
    pub fn pattern_table_bytes(&self) -> u64 {
        self.kept_back() / 2
    }

    /// The bytes the pattern tables a variant's generators share may take:
    /// an eighth of [`ResourceLimits::kept_back`]; past it the cache starts
    /// afresh.
    pub fn shared_pattern_bytes(&self) -> u64 {
        self.kept_back() / 8
    }
}

/// [`ResourceLimits::kept_back`] of a memory limit of `memory` bytes.
pub fn kept_back(memory: u64) -> u64 {
    (memory / 4).clamp(32 * MIB, 256 * MIB)
}

/// The default of [`ResourceLimits::events`].
pub const DEFAULT_EVENTS: usize = 2_000_000;

/// The default of [`ResourceLimits::page_steps`]: over ten times the
/// longest game a test or example draws.
pub const DEFAULT_PAGE_STEPS: usize = 20_000;

/// One mebibyte.
pub const MIB: u64 = 1 << 20;

impl Default for ResourceLimits {
    fn default() -> ResourceLimits {
        ResourceLimits {
            input_bytes: 64 * MIB,
            nesting: 64,
            tiles: 1000,
            events: DEFAULT_EVENTS,
            printed: 100_000,
            page_steps: DEFAULT_PAGE_STEPS,
            memory: 4096 * MIB,
        }
    }
}

/// Process-wide, and why it must be for now: the limits guard every read
/// of an input, deep in the loaders that every command and the library's
/// own readers share, and the flags that set them are global to every
/// command. It is set once, by `main` before a command runs, and only read
/// after; a library caller that never sets it reads the defaults. (A
/// search's own limits, its time, memory and stop, travel in
/// `solve::Limits`, passed in, so two solves in one process keep theirs.)
static LIMITS: OnceLock<ResourceLimits> = OnceLock::new();

/// Sets the limits for the rest of the process; the first call wins (the
/// command sets them once, at its start). Returns whether this call set them.
pub fn set(limits: ResourceLimits) -> bool {
    LIMITS.set(limits).is_ok()
}

/// The limits in force: those [`set`], else the defaults.
pub fn current() -> ResourceLimits {
    LIMITS.get().copied().unwrap_or_default()
}

/// A byte count for messages: `64 MiB`, `1.5 MiB`, `900 bytes`.
pub fn bytes(n: u64) -> String {
    if n >= MIB && n.is_multiple_of(MIB) {
        format!("{} MiB", n / MIB)
    } else if n >= MIB {
        format!("{:.1} MiB", n as f64 / MIB as f64)
    } else {
        format!("{n} bytes")
    }
}

/// Reads a size such as `64M`, `2G`, `4096K`, `100000` (bytes), for the
/// command line.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, unit) = match t.find(|c: char| !c.is_ascii_digit()) {
        Some(k) => t.split_at(k),
        None => (t, ""),
    };
    let n: u64 =
        digits.parse().map_err(|_| format!("`{t}` is not a size: write a whole number, then K, M or G, e.g. 512M"))?;
    let scale: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => MIB,
        "G" | "GB" | "GIB" => 1 << 30,
        _ => return Err(format!("`{t}`: the unit must be K, M or G: write a whole number before it, e.g. 512M")),
    };
    let size = n.checked_mul(scale).ok_or_else(|| format!("`{t}` is too large: write a smaller size, e.g. 16G"))?;
    if size == 0 {
        return Err("a limit of 0 allows nothing: write a positive size, e.g. 64M".into());
    }
    Ok(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_their_units_and_print_back() {
        assert_eq!(parse_bytes("64M"), Ok(64 * MIB));
        assert_eq!(parse_bytes("2g"), Ok(2 << 30));
        assert_eq!(parse_bytes("4096 KiB"), Ok(4 * MIB));
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert!(parse_bytes("0").is_err());
        assert!(parse_bytes("12X").unwrap_err().contains("K, M or G"));
        assert!(parse_bytes("-5").is_err());
        assert!(parse_bytes("99999999999999999999G").is_err());
        assert!(parse_bytes("99999999999G").unwrap_err().contains("too large"));
        assert_eq!(bytes(64 * MIB), "64 MiB");
        assert_eq!(bytes(MIB + MIB / 2), "1.5 MiB");
        assert_eq!(bytes(900), "900 bytes");
    }

    #[test]
    fn the_defaults_are_above_anything_a_valid_game_needs() {
        let d = ResourceLimits::default();
        // 125 tiles in the full set (S1); nesting of the toolkit's formats 6.
        assert!(d.tiles > 125 && d.nesting > 6 && d.input_bytes >= 16 * MIB);
    }
}

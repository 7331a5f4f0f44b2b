//! The files built into the binary: the shipped variants' specs, and the
//! rule scenarios, every `specs/scenarios/*.yaml` with the variant specs
//! they name (`specs/scenarios/variants/*.yaml`), so that an installed
//! `quadominos fixtures` plays the same scenarios wherever it runs. A test
//! holds the list to the folder. Both the spec reader and the messages that
//! list the shipped names read them here, from below both.

/// The shipped variants, built into the binary: name and spec text.
pub const BUILTIN_VARIANTS: [(&str, &str); 4] = [
    ("english", include_str!("../../specs/variants/english.yaml")),
    ("english-beginner", include_str!("../../specs/variants/english-beginner.yaml")),
    ("serbian", include_str!("../../specs/variants/serbian.yaml")),
    ("serbian-chain", include_str!("../../specs/variants/serbian-chain.yaml")),
];

/// The shipped variants' names, as messages list them: `english,
/// english-beginner, serbian, serbian-chain`.
pub fn shipped_variant_names() -> String {
    BUILTIN_VARIANTS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// Each file's path under `specs/scenarios/` with its text.
macro_rules! shipped {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!("../../specs/scenarios/", $path)))),*]
    };
}

/// The shipped scenario files and the spec files they name: path relative
/// to `specs/scenarios/` (`e9-draw-until-playable.yaml`,
/// `variants/english-r18-not-paid.yaml`) and text, sorted by path.
pub const SHIPPED_SCENARIO_FILES: &[(&str, &str)] = shipped![
    "e10-going-out-collects-the-other-hands.yaml",
    "e10-going-out-on-a-bonus.yaml",
    "e10-going-out-on-the-second-bonus-tile.yaml",
    "e10-opener-goes-out-with-the-quad.yaml",
    "e12-diagonal-corner-bonus.yaml",
    "e13-four-corner-hole-bonus.yaml",
    "e13-fully-enclosed-hole.yaml",
    "e14-bonus-tile-never-played-alone.yaml",
    "e14-bonus-tiles-refused-when-only-one-fits.yaml",
    "e14-no-going-out-on-a-first-bonus-tile.yaml",
    "e15-a-pass-after-a-draw-counts-toward-a-blocked-round.yaml",
    "e15-pass-with-empty-well.yaml",
    "e16-no-deal-after-the-game-is-over.yaml",
    "e16-reaching-the-target-ends-the-game.yaml",
    "e19-beginner-deal.yaml",
    "e19-beginner-game-to-600.yaml",
    "e19-the-beginner-game-ends-at-exactly-600.yaml",
    "e3-the-opening-tile-goes-to-the-origin.yaml",
    "e6-zero-quad-opening-no-two-tiles.yaml",
    "e7-heaviest-tile-opener-goes-out.yaml",
    "e9-draw-until-playable.yaml",
    "example-a-zero-quad-opening.yaml",
    "example-b-quad-opening-two-bonus-tiles.yaml",
    "example-c-heaviest-tile-opens.yaml",
    "example-d-plain-match.yaml",
    "example-e-enclosure-bonus.yaml",
    "example-e-two-sides-of-an-enclosure.yaml",
    "example-f-side-and-corner-bonus.yaml",
    "r1-any-order-tiles.yaml",
    "r1-counter-clockwise-tiles.yaml",
    "r1-side-contact-and-orientation.yaml",
    "r1-tile-set-file-full-set.yaml",
    "r1-tile-set-file-refuses-the-mirror-arrangement.yaml",
    "r10-lone-zero-quad-is-no-opening-quad.yaml",
    "r10-zero-quad-as-the-only-quad.yaml",
    "r11-opening-tie.yaml",
    "r12-after-a-voluntary-draw.yaml",
    "r13-blocked-after-the-last-draw.yaml",
    "r13-blocked-round-each-loses-own.yaml",
    "r13-blocked-round-lowest-collects.yaml",
    "r13-blocked-round.yaml",
    "r13-passes-must-be-in-a-row.yaml",
    "r14-target-passed-mid-round.yaml",
    "r14-target-reached-during-bonus-tiles.yaml",
    "r15-seat-order.yaml",
    "r16-deal-eight-players.yaml",
    "r16-deal-five-players.yaml",
    "r16-deal-four-players.yaml",
    "r16-deal-seven-players.yaml",
    "r16-deal-six-players.yaml",
    "r16-deal-three-players.yaml",
    "r16-deal-two-players.yaml",
    "r17-a-bonus-tile-that-blocks-the-next.yaml",
    "r18-going-out-on-a-bonus-pays-or-not.yaml",
    "r19-a-light-opening-tile.yaml",
    "r19-no-quad-opening-with-any-tile.yaml",
    "r2-mixed-corner.yaml",
    "r2-three-values-at-one-corner.yaml",
    "r20-a-later-tie-counted-after-the-previous-opener.yaml",
    "r20-opening-tie-in-a-later-round.yaml",
    "r21-a-second-round-opened-by-5-5-5-5.yaml",
    "r21-opening-bonus-in-a-later-round.yaml",
    "r22-last-draw-then-pass.yaml",
    "r23-a-seat-at-the-target-from-the-start.yaml",
    "r23-two-players-past-the-target.yaml",
    "r23-two-seats-tie-past-the-target.yaml",
    "r24-lowest-hands-tie.yaml",
    "r25-going-out-at-the-target.yaml",
    "r25-the-opener-goes-out-past-the-target.yaml",
    "r26-one-corner-meets-two-equal-values.yaml",
    "r27-drawing-with-a-play-in-hand.yaml",
    "r3-r7-three-of-four-corners.yaml",
    "r3-unmatched-corner.yaml",
    "r4-diagonal-corner-mismatch.yaml",
    "r4-r7-example-f-without-diagonals-or-at-four.yaml",
    "r8-bonus-tile-earns-a-bonus.yaml",
    "r8-second-take-tiles-three-owed.yaml",
    "s11-equal-weight-diagonal-neighbour.yaml",
    "s15-r9-ordinary-plays-score-nothing.yaml",
    "s19-going-out-past-the-target.yaml",
    "s7-quad-opening-nothing-to-play.yaml",
    "s7-r9-bonus-tiles-score-their-weight-or-nothing.yaml",
    "variants/english-r1-any-order.yaml",
    "variants/english-r1-counter-clockwise.yaml",
    "variants/english-r1-tile-set-file.yaml",
    "variants/english-r10-only-instead-of-higher.yaml",
    "variants/english-r11-redeal.yaml",
    "variants/english-r13-each-loses-own.yaml",
    "variants/english-r13-lowest-collects.yaml",
    "variants/english-r14-end-of-round.yaml",
    "variants/english-r17-not-required.yaml",
    "variants/english-r18-not-paid.yaml",
    "variants/english-r19-any-tile.yaml",
    "variants/english-r20-after-previous-opener.yaml",
    "variants/english-r21-first-round-only.yaml",
    "variants/english-r22-draw-only.yaml",
    "variants/english-r23-first-to-reach.yaml",
    "variants/english-r23-highest-then-first.yaml",
    "variants/english-r23-shared.yaml",
    "variants/english-r24-lowest-collects-nobody-on-a-tie.yaml",
    "variants/english-r25-collects.yaml",
    "variants/english-r27-voluntary-draw.yaml",
    "variants/english-r4-no.yaml",
    "variants/english-r7-4.yaml",
    "variants/serbian-r2-every-value.yaml",
    "variants/serbian-r26-values.yaml",
    "variants/serbian-r6-edge-only.yaml",
    "variants/serbian-r9-opening-only.yaml",
    "variants/serbian-r9-weight.yaml",
];

/// Where the shipped scenarios' files stand inside a built-in source's
/// name (`<builtin>/specs/scenarios/NAME`).
pub const SHIPPED_SCENARIO_FOLDER: &str = "specs/scenarios";

/// The shipped scenarios: each scenario file's path (no spec files) and
/// text, sorted by path.
pub fn shipped_scenarios() -> impl Iterator<Item = (&'static str, &'static str)> {
    SHIPPED_SCENARIO_FILES.iter().copied().filter(|(path, _)| !path.contains('/'))
}

/// The text of a shipped file by its path under `specs/scenarios/`, after
/// `.` and `..` are taken out (`variants/../x.yaml` is `x.yaml`).
pub fn shipped_scenario_file(path: &str) -> Option<&'static str> {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(part),
        }
    }
    let path = parts.join("/");
    SHIPPED_SCENARIO_FILES.iter().find(|(p, _)| *p == path).map(|(_, text)| *text)
}

//! The readings R1–R32: every point where the two rule sources disagree or
//! are silent, each a named option with documented values (docs/RULES.md,
//! "Readings"). A [`RuleSet`] holds one value of each; the engine asks the
//! rule set, never a variant's name.
//!
//! This file is long because it is the one table of the readings: a value
//! type per reading, each value with its meaning, and the readings' ids,
//! names, questions and sources, kept together so that a reading is added
//! in one place.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::clause::{Clause, LAST_READING, e, r, s};

/// Declares the value type of one reading: a fieldless enum whose serde and
/// display names are the option values written in specs and on the command
/// line, with a description of each value.
macro_rules! values {
    ($(#[doc = $doc:literal])* $name:ident {
        $( $variant:ident = $text:literal : $meaning:literal ),+ $(,)?
    }) => {
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
        pub enum $name {
            $( #[doc = $meaning] #[serde(rename = $text)] $variant ),+
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                const TEXTS: &[&str] = &[$($text),+];
                let text = d.deserialize_any(ValueText(TEXTS))?;
                match text.as_str() {
                    $( $text => Ok($name::$variant), )+
                    other => Err(serde::de::Error::unknown_variant(other, TEXTS)),
                }
            }
        }

        impl $name {
            /// Every value, with what it means, in the order docs/RULES.md lists them.
            pub const VALUES: &'static [(&'static str, &'static str)] = &[$(($text, $meaning)),+];

            /// The value as written in specs and on the command line.
            pub const fn as_str(self) -> &'static str {
                match self { $( $name::$variant => $text ),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// A reading's value as written: a word, or what a YAML reader took for
/// another type, read back as the word (`R7: 3`, and `false` for `no` from a
/// file a YAML 1.1 tool such as PyYAML wrote back), as spec files and
/// `rules:` read them.
struct ValueText(&'static [&'static str]);

impl serde::de::Visitor<'_> for ValueText {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "one of `{}`", self.0.join("`, `"))
    }

    // Each value is checked here, not by the caller, so that the reader
    // places an error at the value itself.
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<String, E> {
        if self.0.contains(&v) { Ok(v.to_string()) } else { Err(E::unknown_variant(v, self.0)) }
    }

    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<String, E> {
        let word = if v { "yes" } else { "no" };
        if self.0.contains(&word) {
            Ok(word.to_string())
        } else {
            Err(E::invalid_type(serde::de::Unexpected::Bool(v), &self))
        }
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<String, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<String, E> {
        self.visit_str(&v.to_string())
    }
}

values! {
    /// A yes-or-no reading.
    YesNo {
        Yes = "yes": "yes",
        No = "no": "no",
    }
}

impl YesNo {
    /// True for `yes`.
    pub const fn yes(self) -> bool {
        matches!(self, YesNo::Yes)
    }
}

values! {
    /// R1: how a tile's values are arranged around it, and so which
    /// orientations of a tile can be played.
    Arrangement {
        AscendingClockwise = "ascending-clockwise":
            "values ascend clockwise from nw in rotation 0 (S2 \"most often\"); the four rotations of that",
        AscendingCounterClockwise = "ascending-counter-clockwise":
            "values ascend counter-clockwise from nw (some makers); the four rotations of that",
        AnyOrder = "any-order":
            "any arrangement of the four values may be played (S2 \"does not matter\")",
        TileSetFile = "tile-set-file":
            "the rotations of the order the tile-set file prints on each tile",
    }
}

values! {
    /// R2: what a touching corner must equal where several placed tiles meet.
    CornerMatch {
        EveryValue = "every-value": "the corner must equal every value on that lattice point (implied by E17)",
        AtLeastOne = "at-least-one": "the corner must equal at least one value on that lattice point (S12)",
    }
}

values! {
    /// R7: how many matched corners earn the bonus.
    BonusThreshold {
        Three = "3": "three or more matched corners (S15, E11, E12)",
        Four = "4": "all four corners matched",
    }
}

impl BonusThreshold {
    /// The least number of matched corners that earns the bonus.
    pub const fn corners(self) -> u8 {
        match self {
            BonusThreshold::Three => 3,
            BonusThreshold::Four => 4,
        }
    }
}

values! {
    /// R6: which neighbours count for the equal-weight alternative (R5).
    WeightNeighbours {
        EdgeAndDiagonal = "edge-and-diagonal": "edge and diagonal neighbours (S12)",
        EdgeOnly = "edge-only": "edge neighbours only",
    }
}

values! {
    /// R9: what an ordinary play scores.
    PlayScore {
        Weight = "weight": "the tile's weight (E8; S18 \"points earned during the game\")",
        Nothing = "nothing": "nothing: only the opening tile, bonus tiles, bonuses and penalties score",
        OpeningOnly = "opening-only":
            "nothing, and bonus tiles nothing either: of the tiles only the opening tile scores its weight (S6)",
    }
}

values! {
    /// R10: what opening with 0-0-0-0 earns.
    ZeroQuadOpening {
        Always = "always": "always 25 points and two bonus tiles (S8 \"then and only then\")",
        InsteadOfHigher = "instead-of-higher":
            "25 and two bonus tiles only when chosen instead of a higher quad; otherwise like any quad opening (E5)",
        OnlyInsteadOfHigher = "only-instead-of-higher":
            "0-0-0-0 opens only instead of a higher quad, with 25 and two bonus tiles (E5); dealt as the only quad it is no opening quad and the heaviest tile opens (E7)",
    }
}

values! {
    /// R11: who opens when the heaviest tiles tie.
    OpeningTie {
        FirstInPlayOrder = "first-in-play-order": "the first of them in play order (R15) from seat 0",
        Redeal = "redeal": "the tiles are dealt again",
    }
}

values! {
    /// R12: which tile must be played after drawing a playable one.
    AfterDraw {
        AnyPlayable = "any-playable": "any playable tile in the hand (E9 \"until a match can be made\")",
        DrawnTile = "drawn-tile": "the tile just drawn (S13 \"plays it\")",
    }
}

values! {
    /// R13: how a blocked round ends (every player passes with the well empty).
    BlockedRound {
        NobodyCollects = "nobody-collects": "the round ends and nobody collects hands",
        LowestCollects = "lowest-collects":
            "the lowest hand collects the others' totals minus its own (Tri-Ominos custom)",
        EachLosesOwn = "each-loses-own": "every player loses their own hand total",
    }
}

values! {
    /// R14: when the target score is checked.
    TargetCheck {
        AtOnce = "at-once": "after every scoring event: the game ends at once (E16 \"first to reach\")",
        EndOfRound = "end-of-round":
            "only when a round ends; of several players then at or past the target, R23 says who wins",
    }
}

values! {
    /// R15: the order of play around the table.
    SeatOrder {
        Clockwise = "clockwise": "clockwise, seat 0 → 1 → 2 (E8)",
        CounterClockwise = "counter-clockwise": "to the right, seat 0 → n-1 → n-2 (S9)",
    }
}

values! {
    /// R16: how many tiles each player is dealt.
    Deal {
        English = "english": "2 → 15, 3 → 10, 4 → 8, 5 → 7, 6-8 → 6 (E2, E19)",
        Serbian = "serbian": "2 → 30, 3 → 20, 4 → 15, 5 → 12, 6-8 → 10 (S3)",
    }
}

impl Deal {
    /// Tiles dealt to each of `players`, or `None` when the table does not
    /// allow that many players (both allow 2 to 8).
    pub const fn hand_size(self, players: usize) -> Option<usize> {
        let size = match (self, players) {
            (Deal::English, 2) => 15,
            (Deal::English, 3) => 10,
            (Deal::English, 4) => 8,
            (Deal::English, 5) => 7,
            (Deal::English, 6..=8) => 6,
            (Deal::Serbian, 2) => 30,
            (Deal::Serbian, 3) => 20,
            (Deal::Serbian, 4) => 15,
            (Deal::Serbian, 5) => 12,
            (Deal::Serbian, 6..=8) => 10,
            _ => return None,
        };
        Some(size)
    }
}

values! {
    /// R17: must a bonus tile leave the bonus tiles still owed playable?
    BonusFollowUp {
        Required = "required":
            "a bonus tile after which the tiles still owed could not all be played is refused (E14 \"cannot play only 1 tile\" binds each tile)",
        NotRequired = "not-required":
            "any legal placement may be a bonus tile (E14 asks only that two can be played when they are chosen); an owed tile that then has no legal placement is forfeited",
    }
}

values! {
    /// R18: is a bonus earned by the last tile of a hand paid?
    GoingOutBonus {
        Paid = "paid": "the 25 is paid on top of the hands collected (E6 \"just collect 25\")",
        NotPaid = "not-paid": "going out collects the hands only (E10 \"There is no additional bonus\")",
    }
}

values! {
    /// R19: with no quad dealt, which tile does the opener play?
    NoQuadOpening {
        HeaviestTile = "heaviest-tile": "one of the opener's heaviest tiles (the tile that made them the opener)",
        AnyTile = "any-tile": "any tile of the opener's hand (E7 and S5 say only who starts)",
    }
}

values! {
    /// R20: from which seat are ties for the heaviest tile counted (R11)?
    OpeningTieStart {
        Seat0 = "seat-0": "from seat 0 in every round",
        AfterPreviousOpener = "after-previous-opener":
            "from the seat after the previous round's opener (seat 0 in the first round)",
    }
}

values! {
    /// R21: is the opening quad's bonus paid in every round, or only in the
    /// round that starts the game?
    OpeningBonus {
        EveryRound = "every-round":
            "the quad that opens any round earns 25 or two bonus tiles (E3 has every round opened by the highest quad; S6-S7 speak of the first move)",
        FirstRoundOnly = "first-round-only":
            "only the opening of the game's first round earns it (E4 \"The player who starts the game\"); a later round's opening tile scores as R9 says of an opening",
    }
}

values! {
    /// R22: a player draws the well's last tile and still cannot play: one
    /// penalty or two?
    LastDrawPass {
        DrawAndPass = "draw-and-pass":
            "two: -20 for the tile drawn and -20 for the pass that follows (E15 charges each tile picked and the pass)",
        DrawOnly = "draw-only": "one: the draw's -20; the pass that follows in the same turn costs nothing more",
    }
}

values! {
    /// R23: more than one player at or past the target when the game ends:
    /// who wins?
    TargetTie {
        FirstToReach = "first-to-reach":
            "the first player to reach the target wins, whatever the scores at the end (E16 \"The first player to reach\", S19)",
        HighestThenFirst = "highest-then-first":
            "the highest score wins; of equal highest scores, the first to reach the target",
        HighestThenSeat = "highest-then-seat":
            "the highest score wins; of equal highest scores, the first in seat order",
        Shared = "shared": "the highest score wins; equal highest scores share the win",
    }
}

values! {
    /// R24: under R13 = lowest-collects, two or more hands tie for the
    /// lowest total: who collects?
    LowestHandTie {
        FirstInPlayOrder = "first-in-play-order":
            "the first of the tied players in play order (R15) collects",
        NobodyCollects = "nobody-collects": "nobody collects: the round ends as under R13 = nobody-collects",
    }
}

values! {
    /// R25: under R14 = at-once, a player's last tile reaches the target:
    /// are the other hands still collected before the game ends?
    GoingOutAtTarget {
        EndsAtOnce = "ends-at-once":
            "the game ends the moment the target is reached (E16); the other hands are not collected",
        Collects = "collects":
            "the player still collects the other hands (E10 \"He will receive the total\"), then the game ends",
    }
}

values! {
    /// R26: does the bonus count matched corners or matched neighbouring
    /// values?
    BonusCount {
        Corners = "corners":
            "matched corners, at most four (E11's \"3 numbers\" on the tile; S15's \"all 4\")",
        Values = "values":
            "matched neighbouring values: a corner counts once for each neighbouring tile whose value there it equals (S15 \"3, or all 4 values of the neighbouring tiles\")",
    }
}

values! {
    /// R28: where the opener holds a quad, must they open with it?
    QuadOpeningTile {
        TheQuad = "the-quad":
            "the opener lays the quad that made them the opener (E3 \"starts the round by playing the Quad-Omino\"), or 0-0-0-0 in its place (E5, R10)",
        AnyTile = "any-tile":
            "the opener may lay any tile of their hand; only a quad laid earns the opening bonus (S7 \"If the first tile is a Quad\")",
    }
}

values! {
    /// R29: where may bonus tiles be laid?
    BonusTilePlace {
        Anywhere = "anywhere": "anywhere a tile may be laid (E4, E11 and S15 say only that two more are played)",
        TouchingTheEarner = "touching-the-earner":
            "each sharing a side with a tile that earned a bonus this turn (the opening quad, or the play or bonus tile that earned it)",
    }
}

values! {
    /// R30: may a player who can lay only one of the two bonus tiles lay it?
    SingleBonusTile {
        No = "no": "no: two tiles or the 25 (E14 \"he cannot play only 1 tile\")",
        Yes = "yes": "yes: the tiles may be taken when one can be laid; it is laid and the other is forfeited",
    }
}

values! {
    /// R31: does an opening quad score its weight when the opener takes the
    /// two bonus tiles?
    OpeningQuadWeight {
        Always = "always": "the quad scores its weight whichever bonus follows (S6 \"immediately\")",
        WithThePoints = "with-the-points":
            "the quad's weight comes with the 25 (E4 \"the total of the four numbers ... plus a 25 point bonus\"); taking the tiles, the opener adds the tiles instead",
    }
}

values! {
    /// R32: with no quad dealt, who opens?
    NoQuadOpener {
        HeaviestTile = "heaviest-tile": "the holder of the heaviest tile (S5; E7 \"the one with the highest total points\" read as the tile's)",
        HighestHandTotal = "highest-hand-total":
            "the player whose hand totals the most (E7's \"highest total points\" read as the hand's)",
    }
}

/// One value for every reading R1–R32. Field names are the option names used
/// in variant specs and by `--rule NAME=VALUE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RuleSet {
    /// R1.
    pub arrangement: Arrangement,
    /// R2.
    pub corner_match: CornerMatch,
    /// R3: may a touching corner stay unmatched when at least two match?
    pub unmatched_corners: YesNo,
    /// R4: do diagonal-only neighbours count as touching?
    pub diagonal_neighbours: YesNo,
    /// R5: is equal weight with a neighbour an alternative to matching?
    pub equal_weight: YesNo,
    /// R6.
    pub equal_weight_neighbours: WeightNeighbours,
    /// R7.
    pub bonus_threshold: BonusThreshold,
    /// R8: may bonus tiles earn bonuses themselves?
    pub bonus_chain: YesNo,
    /// R9.
    pub play_score: PlayScore,
    /// R10.
    pub zero_quad_opening: ZeroQuadOpening,
    /// R11.
    pub opening_tie: OpeningTie,
    /// R12.
    pub after_draw: AfterDraw,
    /// R13.
    pub blocked_round: BlockedRound,
    /// R14.
    pub target_check: TargetCheck,
    /// R15.
    pub seat_order: SeatOrder,
    /// R16.
    pub deal: Deal,
    /// R17. Readings from R17 on were choices the engine made before they
    /// were readings: a record that predates them (a transcript) played
    /// under the choice, which is their default.
    #[serde(default = "BonusFollowUp::engine_default")]
    pub bonus_tile_follow_up: BonusFollowUp,
    /// R18.
    #[serde(default = "GoingOutBonus::engine_default")]
    pub going_out_bonus: GoingOutBonus,
    /// R19.
    #[serde(default = "NoQuadOpening::engine_default")]
    pub no_quad_opening_tile: NoQuadOpening,
    /// R20.
    #[serde(default = "OpeningTieStart::engine_default")]
    pub opening_tie_start: OpeningTieStart,
    /// R21.
    #[serde(default = "OpeningBonus::engine_default")]
    pub opening_bonus: OpeningBonus,
    /// R22.
    #[serde(default = "LastDrawPass::engine_default")]
    pub last_draw_pass: LastDrawPass,
    /// R23.
    #[serde(default = "TargetTie::engine_default")]
    pub target_tie: TargetTie,
    /// R24.
    #[serde(default = "LowestHandTie::engine_default")]
    pub lowest_hand_tie: LowestHandTie,
    /// R25.
    #[serde(default = "GoingOutAtTarget::engine_default")]
    pub going_out_at_target: GoingOutAtTarget,
    /// R26.
    #[serde(default = "BonusCount::engine_default")]
    pub bonus_count: BonusCount,
    /// R27: may a player draw from the well when a play exists?
    #[serde(default = "YesNo::engine_default_no")]
    pub voluntary_draw: YesNo,
    /// R28.
    #[serde(default = "QuadOpeningTile::engine_default")]
    pub quad_opening_tile: QuadOpeningTile,
    /// R29.
    #[serde(default = "BonusTilePlace::engine_default")]
    pub bonus_tile_place: BonusTilePlace,
    /// R30.
    #[serde(default = "SingleBonusTile::engine_default")]
    pub single_bonus_tile: SingleBonusTile,
    /// R31.
    #[serde(default = "OpeningQuadWeight::engine_default")]
    pub opening_quad_weight: OpeningQuadWeight,
    /// R32.
    #[serde(default = "NoQuadOpener::engine_default")]
    pub no_quad_opener: NoQuadOpener,
}

impl QuadOpeningTile {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> QuadOpeningTile {
        QuadOpeningTile::TheQuad
    }
}

impl BonusTilePlace {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> BonusTilePlace {
        BonusTilePlace::Anywhere
    }
}

impl SingleBonusTile {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> SingleBonusTile {
        SingleBonusTile::No
    }

    /// True for `yes`.
    pub const fn yes(self) -> bool {
        matches!(self, SingleBonusTile::Yes)
    }
}

impl OpeningQuadWeight {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> OpeningQuadWeight {
        OpeningQuadWeight::Always
    }
}

impl NoQuadOpener {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> NoQuadOpener {
        NoQuadOpener::HeaviestTile
    }
}

impl BonusFollowUp {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> BonusFollowUp {
        BonusFollowUp::Required
    }
}

impl GoingOutBonus {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> GoingOutBonus {
        GoingOutBonus::Paid
    }
}

impl NoQuadOpening {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> NoQuadOpening {
        NoQuadOpening::HeaviestTile
    }
}

impl OpeningTieStart {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> OpeningTieStart {
        OpeningTieStart::Seat0
    }
}

impl OpeningBonus {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> OpeningBonus {
        OpeningBonus::EveryRound
    }
}

impl LastDrawPass {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> LastDrawPass {
        LastDrawPass::DrawAndPass
    }
}

impl TargetTie {
    /// The value of records that predate the reading: the engine's choice
    /// before it was named.
    pub const fn engine_default() -> TargetTie {
        TargetTie::HighestThenSeat
    }
}

impl LowestHandTie {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> LowestHandTie {
        LowestHandTie::FirstInPlayOrder
    }
}

impl GoingOutAtTarget {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> GoingOutAtTarget {
        GoingOutAtTarget::EndsAtOnce
    }
}

impl BonusCount {
    /// The value of records that predate the reading.
    pub const fn engine_default() -> BonusCount {
        BonusCount::Corners
    }
}

impl YesNo {
    /// `no`: the value of records that predate a yes-or-no reading whose
    /// `yes` the engine never allowed (R27).
    pub const fn engine_default_no() -> YesNo {
        YesNo::No
    }
}

/// What docs/RULES.md says about one reading: its id, option name, question,
/// values and the clauses it is drawn from.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// `R1` … `R32`.
    pub id: Clause,
    /// The option name, a field of [`RuleSet`].
    pub name: &'static str,
    /// The question the reading answers.
    pub question: &'static str,
    /// Each value and what it means.
    pub values: &'static [(&'static str, &'static str)],
    /// The source clauses the values are drawn from.
    pub sources: &'static [Clause],
}

/// Every reading, R1 to R32.
pub const READINGS: [Reading; LAST_READING as usize] = [
    Reading {
        id: r(1),
        name: "arrangement",
        question: "How are a tile's values arranged around it?",
        values: Arrangement::VALUES,
        sources: &[s(2)],
    },
    Reading {
        id: r(2),
        name: "corner-match",
        question: "A touching corner where several placed tiles meet: what must it equal?",
        values: CornerMatch::VALUES,
        sources: &[e(17), s(12)],
    },
    Reading {
        id: r(3),
        name: "unmatched-corners",
        question: "May a touching corner stay unmatched if at least two others match?",
        values: YesNo::VALUES,
        sources: &[e(17), s(11), s(12), s(15)],
    },
    Reading {
        id: r(4),
        name: "diagonal-neighbours",
        question: "Do diagonal-only neighbours count as touching?",
        values: YesNo::VALUES,
        sources: &[s(12), e(12)],
    },
    Reading {
        id: r(5),
        name: "equal-weight",
        question: "Is equal weight with a neighbouring tile an alternative to matching?",
        values: YesNo::VALUES,
        sources: &[s(11)],
    },
    Reading {
        id: r(6),
        name: "equal-weight-neighbours",
        question: "Which neighbours count for the equal-weight alternative (R5)?",
        values: WeightNeighbours::VALUES,
        sources: &[s(12)],
    },
    Reading {
        id: r(7),
        name: "bonus-threshold",
        question: "How many matched corners earn the bonus?",
        values: BonusThreshold::VALUES,
        sources: &[s(15), e(11), e(12)],
    },
    Reading {
        id: r(8),
        name: "bonus-chain",
        question: "May bonus tiles earn bonuses themselves?",
        values: YesNo::VALUES,
        sources: &[s(16), s(17)],
    },
    Reading {
        id: r(9),
        name: "play-score",
        question: "What does an ordinary play score?",
        values: PlayScore::VALUES,
        sources: &[e(8), s(18)],
    },
    Reading {
        id: r(10),
        name: "zero-quad-opening",
        question: "What does opening with 0-0-0-0 earn?",
        values: ZeroQuadOpening::VALUES,
        sources: &[e(5), s(8)],
    },
    Reading {
        id: r(11),
        name: "opening-tie",
        question: "Who opens when the heaviest tiles tie?",
        values: OpeningTie::VALUES,
        sources: &[e(7), s(5)],
    },
    Reading {
        id: r(12),
        name: "after-draw",
        question: "After drawing a playable tile, which tile must be played?",
        values: AfterDraw::VALUES,
        sources: &[e(9), s(13)],
    },
    Reading {
        id: r(13),
        name: "blocked-round",
        question: "A round where every player passes in turn with the well empty?",
        values: BlockedRound::VALUES,
        sources: &[e(15), s(14)],
    },
    Reading {
        id: r(14),
        name: "target-check",
        question: "When is the target score checked?",
        values: TargetCheck::VALUES,
        sources: &[e(16), s(19)],
    },
    Reading {
        id: r(15),
        name: "seat-order",
        question: "In which order do the seats play?",
        values: SeatOrder::VALUES,
        sources: &[e(8), s(9)],
    },
    Reading {
        id: r(16),
        name: "deal",
        question: "How many tiles is each player dealt?",
        values: Deal::VALUES,
        sources: &[e(2), e(19), s(3)],
    },
    Reading {
        id: r(17),
        name: "bonus-tile-follow-up",
        question: "Must a bonus tile leave the bonus tiles still owed playable?",
        values: BonusFollowUp::VALUES,
        sources: &[e(6), e(14)],
    },
    Reading {
        id: r(18),
        name: "going-out-bonus",
        question: "Is a bonus earned by the last tile of a hand paid?",
        values: GoingOutBonus::VALUES,
        sources: &[e(6), e(10), s(18)],
    },
    Reading {
        id: r(19),
        name: "no-quad-opening-tile",
        question: "With no quad dealt, which tile does the opener play?",
        values: NoQuadOpening::VALUES,
        sources: &[e(7), s(5)],
    },
    Reading {
        id: r(20),
        name: "opening-tie-start",
        question: "From which seat are ties for the heaviest tile counted?",
        values: OpeningTieStart::VALUES,
        sources: &[e(7), s(5)],
    },
    Reading {
        id: r(21),
        name: "opening-bonus",
        question: "Is the opening quad's bonus paid in every round, or only in the game's first?",
        values: OpeningBonus::VALUES,
        sources: &[e(3), e(4), s(6), s(7)],
    },
    Reading {
        id: r(22),
        name: "last-draw-pass",
        question: "A player draws the well's last tile and still cannot play: one penalty or two?",
        values: LastDrawPass::VALUES,
        sources: &[e(15), s(13), s(14)],
    },
    Reading {
        id: r(23),
        name: "target-tie",
        question: "More than one player at or past the target when the game ends: who wins?",
        values: TargetTie::VALUES,
        sources: &[e(16), s(19)],
    },
    Reading {
        id: r(24),
        name: "lowest-hand-tie",
        question: "Under R13 = lowest-collects, hands tie for the lowest total: who collects?",
        values: LowestHandTie::VALUES,
        sources: &[e(15), s(14)],
    },
    Reading {
        id: r(25),
        name: "going-out-at-target",
        question: "Under R14 = at-once, a last tile reaches the target: are the other hands still collected?",
        values: GoingOutAtTarget::VALUES,
        sources: &[e(10), e(16), s(18), s(19)],
    },
    Reading {
        id: r(26),
        name: "bonus-count",
        question: "Does the bonus count matched corners or matched neighbouring values?",
        values: BonusCount::VALUES,
        sources: &[e(11), s(15)],
    },
    Reading {
        id: r(27),
        name: "voluntary-draw",
        question: "May a player draw from the well when a play exists?",
        values: YesNo::VALUES,
        sources: &[e(9), s(13)],
    },
    Reading {
        id: r(28),
        name: "quad-opening-tile",
        question: "Where the opener holds a quad, must they open with it?",
        values: QuadOpeningTile::VALUES,
        sources: &[e(3), e(5), s(5), s(7), s(8)],
    },
    Reading {
        id: r(29),
        name: "bonus-tile-place",
        question: "Where may bonus tiles be laid?",
        values: BonusTilePlace::VALUES,
        sources: &[e(4), e(11), s(15)],
    },
    Reading {
        id: r(30),
        name: "single-bonus-tile",
        question: "May a player who can lay only one of the two bonus tiles lay it?",
        values: SingleBonusTile::VALUES,
        sources: &[e(6), e(14)],
    },
    Reading {
        id: r(31),
        name: "opening-quad-weight",
        question: "Does an opening quad score its weight when the opener takes the bonus tiles?",
        values: OpeningQuadWeight::VALUES,
        sources: &[e(4), e(5), s(6)],
    },
    Reading {
        id: r(32),
        name: "no-quad-opener",
        question: "With no quad dealt, who opens?",
        values: NoQuadOpener::VALUES,
        sources: &[e(7), s(5)],
    },
];

/// Why `--rule NAME=VALUE` (or a spec entry) could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// NAME is neither an option name nor a reading id.
    #[error(
        "unknown rule option `{written}`{hint}; options are R1-R{LAST_READING} or their names: {names}",
        written = crate::error::excerpt(.0),
        hint = option_hint(.0),
        names = option_names()
    )]
    UnknownOption(String),
    /// VALUE is not one of the option's values.
    #[error(
        "`{written}` is not a value of {id} ({name}){hint}; use one of: {allowed}",
        written = crate::error::excerpt(value),
        hint = crate::error::suggest::did_you_mean(value, allowed.split(", "))
    )]
    UnknownValue {
        /// The reading.
        id: Clause,
        /// Its option name.
        name: &'static str,
        /// The value given.
        value: String,
        /// The values allowed, comma-separated.
        allowed: String,
    },
    /// Not of the form NAME=VALUE.
    #[error("`{written}` is not NAME=VALUE (e.g. R4=no or diagonal-neighbours=no)", written = crate::error::excerpt(.0))]
    Malformed(String),
}

/// The option name or reading id nearest to one written, if close.
fn option_hint(written: &str) -> String {
    let ids: Vec<String> = READINGS.iter().map(|r| r.id.to_string()).collect();
    let names = READINGS.iter().map(|r| r.name);
    // An id is suggested only for what looks like one (`R44`); a word gets
    // a name.
    if written.starts_with(['R', 'r']) && written[1..].chars().all(|c| c.is_ascii_digit()) {
        crate::error::suggest::did_you_mean(written, ids.iter().map(String::as_str))
    } else {
        crate::error::suggest::did_you_mean(written, names)
    }
}

fn option_names() -> String {
    READINGS.iter().map(|r| r.name).collect::<Vec<_>>().join(", ")
}

impl Reading {
    /// The reading named by its option name or its id (`R4`).
    pub fn find(name_or_id: &str) -> Result<&'static Reading, RuleError> {
        READINGS
            .iter()
            .find(|r| r.name == name_or_id || r.id.to_string() == name_or_id)
            .ok_or_else(|| RuleError::UnknownOption(name_or_id.to_string()))
    }

    /// Checks that `value` is one of this reading's values.
    pub fn check_value(&self, value: &str) -> Result<(), RuleError> {
        if self.values.iter().any(|(v, _)| *v == value) {
            return Ok(());
        }
        Err(RuleError::UnknownValue {
            id: self.id,
            name: self.name,
            value: value.to_string(),
            allowed: self.values.iter().map(|(v, _)| *v).collect::<Vec<_>>().join(", "),
        })
    }
}

impl RuleSet {
    /// The value of the option `name` (an option name), as written.
    pub fn get(&self, name: &str) -> Option<String> {
        let map = serde_yaml::to_value(self).ok()?;
        map.get(name)?.as_str().map(str::to_string)
    }

    /// Sets one option: `name_or_id` is an option name or `R1`–`R32`, `value`
    /// one of its values. On an error the rule set is unchanged.
    pub fn set(&mut self, name_or_id: &str, value: &str) -> Result<&'static Reading, RuleError> {
        let reading = Reading::find(name_or_id)?;
        reading.check_value(value)?;
        // The serde names are the option names and values, so the change is a
        // round trip through the same mapping a spec file is read from.
        let mut map = serde_yaml::to_value(*self).unwrap_or_default();
        if let Some(m) = map.as_mapping_mut() {
            m.insert(reading.name.into(), value.into());
        }
        *self = serde_yaml::from_value(map).map_err(|_| RuleError::UnknownOption(name_or_id.to_string()))?;
        Ok(reading)
    }

    /// Each reading with the value this rule set chooses, R1 to R32.
    pub fn choices(&self) -> Vec<(&'static Reading, String)> {
        READINGS.iter().map(|r| (r, self.get(r.name).unwrap_or_default())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english() -> RuleSet {
        RuleSet {
            arrangement: Arrangement::AscendingClockwise,
            corner_match: CornerMatch::EveryValue,
            unmatched_corners: YesNo::No,
            diagonal_neighbours: YesNo::Yes,
            equal_weight: YesNo::No,
            equal_weight_neighbours: WeightNeighbours::EdgeAndDiagonal,
            bonus_threshold: BonusThreshold::Three,
            bonus_chain: YesNo::No,
            play_score: PlayScore::Weight,
            zero_quad_opening: ZeroQuadOpening::InsteadOfHigher,
            opening_tie: OpeningTie::FirstInPlayOrder,
            after_draw: AfterDraw::AnyPlayable,
            blocked_round: BlockedRound::NobodyCollects,
            target_check: TargetCheck::AtOnce,
            seat_order: SeatOrder::Clockwise,
            deal: Deal::English,
            bonus_tile_follow_up: BonusFollowUp::Required,
            going_out_bonus: GoingOutBonus::Paid,
            no_quad_opening_tile: NoQuadOpening::HeaviestTile,
            opening_tie_start: OpeningTieStart::Seat0,
            opening_bonus: OpeningBonus::EveryRound,
            last_draw_pass: LastDrawPass::DrawAndPass,
            target_tie: TargetTie::HighestThenSeat,
            lowest_hand_tie: LowestHandTie::FirstInPlayOrder,
            going_out_at_target: GoingOutAtTarget::EndsAtOnce,
            bonus_count: BonusCount::Corners,
            voluntary_draw: YesNo::No,
            quad_opening_tile: QuadOpeningTile::TheQuad,
            bonus_tile_place: BonusTilePlace::Anywhere,
            single_bonus_tile: SingleBonusTile::No,
            opening_quad_weight: OpeningQuadWeight::Always,
            no_quad_opener: NoQuadOpener::HeaviestTile,
        }
    }

    #[test]
    fn the_readings_table_names_every_rule_set_field_in_order() {
        let map = serde_yaml::to_value(english()).unwrap();
        let keys: Vec<&str> = map.as_mapping().unwrap().keys().map(|k| k.as_str().unwrap()).collect();
        let names: Vec<&str> = READINGS.iter().map(|r| r.name).collect();
        assert_eq!(keys, names);
        for (i, r) in READINGS.iter().enumerate() {
            assert_eq!(r.id.to_string(), format!("R{}", i + 1));
        }
    }

    #[test]
    fn a_yes_no_reading_is_read_from_a_yaml_boolean_and_a_number_from_a_number() {
        let text = serde_yaml::to_string(&english()).unwrap();
        assert!(text.contains("unmatched-corners: no\n") && text.contains("bonus-threshold: '3'\n"), "{text}");
        // As a YAML 1.1 tool writes them back: booleans, and a plain number.
        let typed = text
            .replace("unmatched-corners: no", "unmatched-corners: false")
            .replace("diagonal-neighbours: yes", "diagonal-neighbours: true")
            .replace("bonus-threshold: '3'", "bonus-threshold: 3");
        assert_eq!(serde_yaml::from_str::<RuleSet>(&typed).unwrap(), english());
        let json = serde_json::to_value(english()).unwrap().to_string().replace("\"no\"", "false");
        assert_eq!(serde_json::from_str::<RuleSet>(&json).unwrap(), english());
        // A word that is no value, or a boolean where no value is yes or no,
        // is still refused, naming the values.
        let maybe = text.replace("unmatched-corners: no", "unmatched-corners: maybe");
        let err = serde_yaml::from_str::<RuleSet>(&maybe).unwrap_err().to_string();
        assert!(err.contains("unknown variant `maybe`, expected `yes` or `no`"), "{err}");
        let boolean = text.replace("play-score: weight", "play-score: true");
        let err = serde_yaml::from_str::<RuleSet>(&boolean).unwrap_err().to_string();
        assert!(err.contains("invalid type: boolean `true`, expected one of `weight`"), "{err}");
    }

    #[test]
    fn every_value_of_every_reading_can_be_set_by_name_and_by_id() {
        for reading in &READINGS {
            for (value, _) in reading.values {
                let mut rules = english();
                rules.set(reading.name, value).unwrap();
                assert_eq!(rules.get(reading.name).as_deref(), Some(*value));
                let mut by_id = english();
                by_id.set(&reading.id.to_string(), value).unwrap();
                assert_eq!(by_id, rules);
            }
        }
    }

    #[test]
    fn setting_a_rule_changes_only_that_option() {
        let mut rules = english();
        rules.set("R4", "no").unwrap();
        assert_eq!(rules.diagonal_neighbours, YesNo::No);
        assert_eq!(RuleSet { diagonal_neighbours: YesNo::Yes, ..rules }, english());
        rules.set("bonus-threshold", "4").unwrap();
        assert_eq!(rules.bonus_threshold, BonusThreshold::Four);
    }

    #[test]
    fn unknown_options_and_values_are_refused_with_the_choices() {
        let mut rules = english();
        let err = rules.set("R99", "yes").unwrap_err();
        assert!(matches!(err, RuleError::UnknownOption(_)));
        let err = rules.set("R2", "most").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`most` is not a value of R2 (corner-match); use one of: every-value, at-least-one"
        );
        assert_eq!(rules, english());
    }

    #[test]
    fn deal_tables_follow_e2_and_s3() {
        assert_eq!(Deal::English.hand_size(2), Some(15));
        assert_eq!(Deal::English.hand_size(8), Some(6));
        assert_eq!(Deal::Serbian.hand_size(2), Some(30));
        assert_eq!(Deal::Serbian.hand_size(7), Some(10));
        assert_eq!(Deal::Serbian.hand_size(9), None);
        assert_eq!(Deal::English.hand_size(1), None);
    }
}

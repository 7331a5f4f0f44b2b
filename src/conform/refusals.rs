//! A second refusal of each kind the fixtures' own refusals ask
//! ([`crate::suite::edges::REFUSALS`]), in another position, so that an
//! engine that takes what it must refuse fails two independent cases: a
//! board touching only across a corner, a third tile in a taken cell, a
//! tile with a 5 on the beginner board, a board tile turned against R1, a
//! variant that no longer fits a hand tile.

use crate::suite::edges::Refusal;

/// The second refusals, put to the engine after the fixtures' own.
pub const MORE_REFUSALS: [Refusal; 5] = [
    Refusal {
        id: "refuse-corner-contact-only",
        why: "a board whose second tile touches the first only across a corner, not through a side (S10)",
        label: "english",
        line: "0,0:5555;1,1:4444 1-1-1-1",
        then_variant: None,
    },
    Refusal {
        id: "refuse-third-tile-in-a-taken-cell",
        why: "a third tile in the cell of the second (S10: one tile to a cell)",
        label: "serbian",
        line: "0,0:5555;1,0:4444;1,0:3333 1-1-1-1",
        then_variant: None,
    },
    Refusal {
        id: "refuse-five-on-the-beginner-board",
        why: "a tile with a 5 on the board under the beginner set, the 70 tiles without a 5 (E19)",
        label: "english-beginner",
        line: "0,0:4445 1-1-1-1",
        then_variant: None,
    },
    Refusal {
        id: "refuse-alternating-orientation",
        why: "a board tile in an orientation R1 forbids (2-2-3-3 as 2,3,2,3: its 2s apart, no turn of 2,2,3,3, S2)",
        label: "serbian",
        line: "0,0:2222;1,0:2323 1-1-1-1",
        then_variant: None,
    },
    Refusal {
        id: "refuse-variant-no-longer-fitting-the-hand",
        why: "a variant set after the position whose tile set lacks a hand tile (E19: no 5 in the beginner set)",
        label: "english",
        line: "0,0:4444 1-1-1-5",
        then_variant: Some("english-beginner"),
    },
];

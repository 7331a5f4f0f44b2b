//! A fill of the English 7x7 weighing 605, the heaviest the experiments
//! found within a minute on two shared cores (NRPA with a context code and
//! the guided search; docs/SOLVERS.md, and `lab/` for the code), its values
//! by lattice point row by row from the north-west. The product's tests
//! hold the bounds of the 7x7 against it (no bound may fall under it), and
//! replay it through the rules; the experiments read the same file.

/// The values, `[y][x]`.
pub const FOUND_605: [[u8; 8]; 8] = [
    [3, 3, 4, 5, 5, 0, 3, 5],
    [1, 1, 4, 4, 5, 0, 3, 3],
    [5, 1, 4, 4, 5, 3, 3, 4],
    [4, 4, 4, 2, 5, 5, 5, 5],
    [3, 3, 4, 2, 2, 5, 5, 0],
    [1, 3, 2, 2, 2, 1, 5, 2],
    [5, 3, 3, 2, 1, 1, 5, 2],
    [4, 3, 3, 2, 1, 0, 5, 3],
];

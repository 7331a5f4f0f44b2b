//! Another implementation held to the rules: placeholder.
//!
//! May use: model, rules, game, formats, play, fixtures, protocol.

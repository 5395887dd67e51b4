//! A player's number (issue 49): the number of the card a Spanish casino gives every
//! player at the door, which the croupier may give when he seats him (`3 sienta
//! 4711`). Pseudonymous (a number, never a name) and bounded: digits only, from
//! [`PlayerNumber::MIN_DIGITS`] to [`PlayerNumber::MAX_DIGITS`]. Kept in the log with
//! the seating, and so in the pit's copy; game protection weighs who gains by player,
//! across seats, tables and days.

use serde::{Deserialize, Serialize};

/// A player's card number: 3 to 12 digits, leading zeros kept.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PlayerNumber(String);

/// Why a text is no player's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadPlayerNumber {
    #[error("a player's number is digits only")]
    NotDigits,
    #[error("a player's number has from 3 to 12 digits")]
    Length,
}

impl PlayerNumber {
    /// The fewest digits: fewer would read as a section on the entry line.
    pub const MIN_DIGITS: usize = 3;
    /// The most digits.
    pub const MAX_DIGITS: usize = 12;

    /// `text` as a player's number, or why not.
    pub fn parse(text: &str) -> Result<PlayerNumber, BadPlayerNumber> {
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadPlayerNumber::NotDigits);
        }
        if !(Self::MIN_DIGITS..=Self::MAX_DIGITS).contains(&text.len()) {
            return Err(BadPlayerNumber::Length);
        }
        Ok(PlayerNumber(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for PlayerNumber {
    type Error = BadPlayerNumber;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        PlayerNumber::parse(&s)
    }
}

impl From<PlayerNumber> for String {
    fn from(n: PlayerNumber) -> String {
        n.0
    }
}

impl std::fmt::Display for PlayerNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digits only, 3 to 12 of them; anything else refused, said why.
    #[test]
    fn a_player_s_number_is_three_to_twelve_digits() {
        assert_eq!(PlayerNumber::parse("4711").map(|n| n.to_string()), Ok("4711".into()));
        assert_eq!(PlayerNumber::parse("007").map(|n| n.to_string()), Ok("007".into()));
        assert_eq!(PlayerNumber::parse("471a"), Err(BadPlayerNumber::NotDigits));
        assert_eq!(PlayerNumber::parse("Ana"), Err(BadPlayerNumber::NotDigits));
        assert_eq!(PlayerNumber::parse("12"), Err(BadPlayerNumber::Length));
        assert_eq!(PlayerNumber::parse("1234567890123"), Err(BadPlayerNumber::Length));
        assert_eq!(PlayerNumber::parse(""), Err(BadPlayerNumber::Length));
        assert_eq!(PlayerNumber::parse("٤٧١١"), Err(BadPlayerNumber::NotDigits));
        // In RON, a string; one that is no number is refused as the record is read.
        let n: PlayerNumber = ron::from_str("\"4711\"").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ron::to_string(&n).ok().as_deref(), Some("\"4711\""));
        assert!(ron::from_str::<PlayerNumber>("\"47x1\"").is_err());
    }
}

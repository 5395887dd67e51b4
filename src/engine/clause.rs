//! The numbered clauses of `docs/RULES.md`. A refusal, an infraction and an
//! obligation each name the clause they rest on, so that a croupier (and a test)
//! can go from what Sabot says to the rule and back.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

macro_rules! clauses {
    ($($variant:ident => $id:literal,)*) => {
        /// One clause of RULES.md, e.g. `Clause::BQ13` is `R-BQ-13`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Clause { $($variant,)* }

        impl Clause {
            /// Every clause, in the order of RULES.md.
            pub const ALL: &'static [Clause] = &[$(Clause::$variant,)*];

            /// The clause's identifier as RULES.md writes it (`R-BQ-13`).
            pub const fn id(self) -> &'static str {
                match self { $(Clause::$variant => $id,)* }
            }
        }

        impl FromStr for Clause {
            type Err = UnknownClause;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s.trim() {
                    $($id => Ok(Clause::$variant),)*
                    other => Err(UnknownClause(other.to_string())),
                }
            }
        }
    };
}

clauses! {
    C1 => "R-C-1", C2 => "R-C-2", C3 => "R-C-3", C4 => "R-C-4",
    C5 => "R-C-5", C6 => "R-C-6", C7 => "R-C-7", C8 => "R-C-8",
    BQ1 => "R-BQ-1", BQ2 => "R-BQ-2", BQ3 => "R-BQ-3", BQ4 => "R-BQ-4",
    BQ5 => "R-BQ-5", BQ6 => "R-BQ-6", BQ7 => "R-BQ-7", BQ8 => "R-BQ-8",
    BQ9 => "R-BQ-9", BQ10 => "R-BQ-10", BQ11 => "R-BQ-11", BQ12 => "R-BQ-12",
    BQ13 => "R-BQ-13", BQ14 => "R-BQ-14", BQ15 => "R-BQ-15", BQ16 => "R-BQ-16",
    BQ17 => "R-BQ-17",
    BQE1 => "R-BQ-E1", BQE2 => "R-BQ-E2", BQE3 => "R-BQ-E3", BQE4 => "R-BQ-E4",
    BQE5 => "R-BQ-E5", BQE6 => "R-BQ-E6", BQE7 => "R-BQ-E7", BQE8 => "R-BQ-E8",
    BQE9 => "R-BQ-E9", BQE10 => "R-BQ-E10", BQE11 => "R-BQ-E11", BQE12 => "R-BQ-E12",
    BQE13 => "R-BQ-E13", BQE14 => "R-BQ-E14", BQE15 => "R-BQ-E15", BQE16 => "R-BQ-E16",
    BQE17 => "R-BQ-E17", BQE18 => "R-BQ-E18",
    CF1 => "R-CF-1", CF2 => "R-CF-2", CF3 => "R-CF-3", CF4 => "R-CF-4",
    CF5 => "R-CF-5", CF6 => "R-CF-6", CF7 => "R-CF-7", CF8 => "R-CF-8",
    CF9 => "R-CF-9", CF10 => "R-CF-10",
    PB1 => "R-PB-1", PB2 => "R-PB-2", PB3 => "R-PB-3", PB4 => "R-PB-4",
    PB5 => "R-PB-5", PB6 => "R-PB-6", PB7 => "R-PB-7", PB8 => "R-PB-8",
}

/// A clause identifier that RULES.md does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule clause `{0}` (RULES.md has R-C-1…8, R-BQ-1…17, R-BQ-E1…E18, R-CF-1…10, R-PB-1…8)")]
pub struct UnknownClause(pub String);

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Clause {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Clause {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for c in Clause::ALL {
            assert!(seen.insert(c.id()), "duplicate {}", c.id());
            assert_eq!(c.id().parse::<Clause>(), Ok(*c));
        }
        assert_eq!(Clause::ALL.len(), 8 + 17 + 18 + 10 + 8);
        assert!("R-BQ-99".parse::<Clause>().is_err());
    }
}

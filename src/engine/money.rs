//! Money: exact decimals, checked arithmetic, a named rounding rule (R-C-8).
//!
//! Amounts are `rust_decimal::Decimal` behind a newtype. Every operation that can
//! overflow is checked and says so; nothing here is ever a float. Amounts read from
//! people are bounded (`Money::MAX`) and have at most two decimals, so sums of a
//! whole shift stay far inside `Decimal`'s range.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// An exact amount of money, in the table's currency (euros and cents, or chips).
/// Signed: a seat's net result can be negative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Money(Decimal);

/// Why an amount could not be read or computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("`{0}` is not an amount: write it like 100 or 12.50")]
    NotANumber(String),
    #[error("`{0}` has more than two decimals")]
    TooManyDecimals(String),
    #[error("`{0}` is larger than the largest amount Sabot keeps (1,000,000,000,000)")]
    TooLarge(String),
    #[error("the amount overflowed")]
    Overflow,
    /// Half of the amount is not a whole number of cents (half of 0,03).
    #[error("half of {0} is not a whole number of cents")]
    HalfNotInCents(Money),
    /// The amount is not a whole number of the unit (a bet a caballo, R-BQ-7).
    #[error("{amount} is not a whole number of units of {unit}")]
    NotWholeUnits { amount: Money, unit: Money },
}

/// An amount above zero: a stake, a bank taken or set aside, a bid. Made only by
/// `Positive::new` (in the engine, `decide::checks::positive`, which refuses the rest
/// under R-C-8), so that a decision holding one checks nothing again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Positive(Money);

impl Positive {
    /// The amount, if it is above zero.
    pub fn new(amount: Money) -> Option<Positive> {
        amount.is_positive().then_some(Positive(amount))
    }

    pub fn money(self) -> Money {
        self.0
    }
}

/// Amounts are kept with at least two decimals (cents), so that sums of amounts
/// usually share a scale and add on the fast path.
fn cents_scale(mut d: Decimal) -> Decimal {
    if d.scale() < 2 {
        d.rescale(2);
    }
    d
}

impl Money {
    pub const ZERO: Money = Money(Decimal::from_parts(0, 0, 0, false, 2));
    /// The largest amount read from outside: a trillion.
    pub const MAX_UNITS: i64 = 1_000_000_000_000;

    /// An amount from a decimal: refused past the bound (`MAX_UNITS`) or with more
    /// than two decimals, as an amount read from outside is.
    pub fn from_decimal(d: Decimal) -> Result<Money, MoneyError> {
        if d.abs() > Decimal::from(Money::MAX_UNITS) {
            return Err(MoneyError::TooLarge(d.to_string()));
        }
        if d.normalize().scale() > 2 {
            return Err(MoneyError::TooManyDecimals(d.to_string()));
        }
        Ok(Money(cents_scale(d)))
    }

    /// `n` whole units (an `i32`: inside the bound by its type).
    pub fn units(n: i32) -> Money {
        Money(cents_scale(Decimal::from(n)))
    }

    /// `n` cents (an `i32`: inside the bound by its type).
    pub fn cents(n: i32) -> Money {
        Money(Decimal::new(i64::from(n), 2))
    }

    pub const fn decimal(self) -> Decimal {
        self.0
    }

    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }

    pub fn is_positive(self) -> bool {
        self.0.is_sign_positive() && !self.0.is_zero()
    }

    pub fn is_negative(self) -> bool {
        self.0.is_sign_negative() && !self.0.is_zero()
    }

    pub fn checked_add(self, other: Money) -> Result<Money, MoneyError> {
        // Fast path: the same scale (the usual case, cents with cents) adds mantissas.
        if self.0.scale() == other.0.scale()
            && let Some(sum) = self.0.mantissa().checked_add(other.0.mantissa())
            && let Ok(d) = Decimal::try_from_i128_with_scale(sum, self.0.scale())
        {
            return Ok(Money(d));
        }
        self.0.checked_add(other.0).map(Money).ok_or(MoneyError::Overflow)
    }

    pub fn checked_sub(self, other: Money) -> Result<Money, MoneyError> {
        self.0.checked_sub(other.0).map(Money).ok_or(MoneyError::Overflow)
    }

    /// A sum that stops at `Decimal`'s bound (about 7.9 × 10²⁸) instead of failing:
    /// only for running totals that the engine checked when it made the event (a
    /// coup is refused before its settlement would pass the bound), so that applying
    /// an event from a log never fails.
    pub fn saturating_add(self, other: Money) -> Money {
        Money(self.0.saturating_add(other.0))
    }

    /// As `saturating_add`, for a difference.
    pub fn saturating_sub(self, other: Money) -> Money {
        Money(self.0.saturating_sub(other.0))
    }

    /// The opposite amount; never a "minus zero".
    pub fn checked_neg(self) -> Money {
        let mut d = -self.0;
        if d.is_zero() {
            d.set_sign_positive(true);
        }
        Money(d)
    }

    /// Exact half of the amount (a bet on a line, R-BQ-6; half a bank, R-CF-4), when
    /// it is a whole number of cents; never a third decimal.
    pub fn half(self) -> Result<Money, MoneyError> {
        let half = (self.0 / Decimal::TWO).normalize();
        if half.scale() > 2 {
            return Err(MoneyError::HalfNotInCents(self));
        }
        Ok(Money(cents_scale(half)))
    }

    /// The amount times a whole number.
    pub fn checked_mul_int(self, n: i64) -> Result<Money, MoneyError> {
        self.0.checked_mul(Decimal::from(n)).map(|d| Money(cents_scale(d))).ok_or(MoneyError::Overflow)
    }

    /// `rate` of the amount, rounded by `rounding` (the cagnotte, the commission).
    pub fn take(self, rate: Rate, rounding: Rounding) -> Result<Money, MoneyError> {
        match self.take_in_cents(rate, rounding) {
            Some(m) => Ok(m),
            None => self.take_decimal(rate, rounding),
        }
    }

    /// `take` in whole numbers, for the usual case: a positive amount in cents, a rate
    /// of at most 18 decimals, rounded to the cent. The product of the mantissas is
    /// exact (as `Decimal`'s is while it fits in 96 bits); dividing it back to cents
    /// with the rule's rounding gives what `Decimal`'s rounding gives. `None`: another
    /// case, left to `Decimal`.
    fn take_in_cents(self, rate: Rate, rounding: Rounding) -> Option<Money> {
        let (a, r, q) = (self.0, rate.0, rounding.quantum.0);
        let cent = q.scale() == 2 && q.mantissa() == 1;
        if !(cent && a.scale() == 2 && a.is_sign_positive() && r.is_sign_positive() && r.scale() <= 18) {
            return None;
        }
        // In 64 bits: the product is then exact as a Decimal's too (96 bits, a scale
        // of at most 20).
        let product = u64::try_from(a.mantissa()).ok()?.checked_mul(u64::try_from(r.mantissa()).ok()?)?;
        let div = 10u64.checked_pow(r.scale())?;
        let (whole, rest) = (product / div, product % div);
        let up = match rounding.mode {
            RoundingMode::HalfUp => 2 * rest >= div,
            RoundingMode::HalfEven => 2 * rest > div || (2 * rest == div && whole % 2 == 1),
            RoundingMode::Down => false,
            RoundingMode::Up => rest > 0,
        };
        let cents = whole.checked_add(u64::from(up))?;
        Decimal::try_from_i128_with_scale(i128::from(cents), 2).ok().map(Money)
    }

    fn take_decimal(self, rate: Rate, rounding: Rounding) -> Result<Money, MoneyError> {
        let raw = self.0.checked_mul(rate.0).ok_or(MoneyError::Overflow)?;
        rounding.apply(Money(raw))
    }

    /// Whole number of times `unit` goes into the amount, if it goes exactly.
    pub fn units_of(self, unit: Money) -> Option<i64> {
        if unit.0.is_zero() {
            return None;
        }
        let q = self.0.checked_div(unit.0)?;
        if q.fract().is_zero() { i64::try_from(q).ok() } else { None }
    }

    /// True when the amount is a whole number of `quantum` (e.g. whole cents).
    pub fn is_multiple_of(self, quantum: Money) -> bool {
        self.units_of(quantum).is_some() || self.is_zero()
    }

    /// Sums amounts, checked.
    pub fn sum<I: IntoIterator<Item = Money>>(items: I) -> Result<Money, MoneyError> {
        items.into_iter().try_fold(Money::ZERO, Money::checked_add)
    }
}

impl FromStr for Money {
    type Err = MoneyError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let ok_chars =
            !t.is_empty() && t.chars().enumerate().all(|(i, c)| c.is_ascii_digit() || c == '.' || (i == 0 && c == '-'));
        if !ok_chars {
            return Err(MoneyError::NotANumber(t.to_string()));
        }
        let d = Decimal::from_str_exact(t).map_err(|_| MoneyError::NotANumber(t.to_string()))?;
        if d.scale() > 2 && d.normalize().scale() > 2 {
            return Err(MoneyError::TooManyDecimals(t.to_string()));
        }
        if d.abs() > Decimal::from(Money::MAX_UNITS) {
            return Err(MoneyError::TooLarge(t.to_string()));
        }
        Ok(Money(cents_scale(d)))
    }
}

impl fmt::Display for Money {
    /// Two decimals: `1047.50`, `-100.00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = self.0;
        // Cents (the usual scale) written directly, as `Decimal` writes them: the sign
        // (even of a negative zero), the units, two decimals.
        if d.scale() == 2
            && let Ok(m) = u64::try_from(d.mantissa().unsigned_abs())
        {
            // 20 digits, the point and the sign.
            let mut buf = [0u8; 22];
            let mut i = buf.len();
            let mut rest = m;
            loop {
                i -= 1;
                buf[i] = b'0' + (rest % 10) as u8;
                rest /= 10;
                if i == buf.len() - 2 {
                    i -= 1;
                    buf[i] = b'.';
                }
                if rest == 0 && i < buf.len() - 3 {
                    break;
                }
            }
            if d.is_sign_negative() {
                i -= 1;
                buf[i] = b'-';
            }
            return f.write_str(std::str::from_utf8(&buf[i..]).map_err(|_| fmt::Error)?);
        }
        if d.scale() < 2 {
            d.rescale(2);
        }
        // Zero is written without a sign, however it came.
        if d.is_zero() {
            d.set_sign_positive(true);
        }
        write!(f, "{d}")
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A fraction between 0 and 1: the cagnotte (R-BQ-16, R-CF-9), the commission (R-PB-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rate(Decimal);

/// Why a rate could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a rate: write a fraction from 0 to 1, such as 0.05 for 5 %")]
pub struct BadRate(pub String);

impl Rate {
    pub const ZERO: Rate = Rate(Decimal::ZERO);

    /// Five per cent, the default cagnotte and commission.
    pub fn five_percent() -> Rate {
        Rate(Decimal::new(5, 2))
    }

    pub fn decimal(self) -> Decimal {
        self.0
    }

    pub fn new(d: Decimal) -> Result<Rate, BadRate> {
        if d.is_sign_negative() || d >= Decimal::ONE { Err(BadRate(d.to_string())) } else { Ok(Rate(d)) }
    }
}

impl FromStr for Rate {
    type Err = BadRate;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let d = Decimal::from_str_exact(s.trim()).map_err(|_| BadRate(s.trim().to_string()))?;
        Rate::new(d).map_err(|_| BadRate(s.trim().to_string()))
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Rate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Which way a rounded amount goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum RoundingMode {
    /// To the nearest; a half goes away from zero (0.625 → 0.63).
    #[default]
    HalfUp,
    /// To the nearest; a half goes to the even neighbour (banker's rounding).
    HalfEven,
    /// Toward zero: the player keeps the fraction (0.629 → 0.62).
    Down,
    /// Away from zero: the house takes the fraction (0.621 → 0.63).
    Up,
}

/// The named rounding rule of a table: a quantum (the smallest amount paid,
/// default one cent) and a mode. The default rule is "to the cent, half up".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rounding {
    pub quantum: Money,
    pub mode: RoundingMode,
}

impl Default for Rounding {
    fn default() -> Self {
        Rounding { quantum: Money::cents(1), mode: RoundingMode::HalfUp }
    }
}

impl Rounding {
    /// Rounds to a whole number of quanta.
    pub fn apply(self, x: Money) -> Result<Money, MoneyError> {
        let q = self.quantum.0;
        if q.is_zero() || q.is_sign_negative() {
            return Ok(x);
        }
        let strategy = match self.mode {
            RoundingMode::HalfUp => RoundingStrategy::MidpointAwayFromZero,
            RoundingMode::HalfEven => RoundingStrategy::MidpointNearestEven,
            RoundingMode::Down => RoundingStrategy::ToZero,
            RoundingMode::Up => RoundingStrategy::AwayFromZero,
        };
        // A quantum of one unit of a decimal place (0.01, 1, 0.5 is not) rounds in place.
        if q.mantissa() == 1 {
            return Ok(Money(cents_scale(x.0.round_dp_with_strategy(q.scale(), strategy))));
        }
        let n = x.0.checked_div(q).ok_or(MoneyError::Overflow)?;
        let n = n.round_dp_with_strategy(0, strategy);
        n.checked_mul(q).map(|d| Money(cents_scale(d.normalize()))).ok_or(MoneyError::Overflow)
    }

    /// A short name of the rule, for reports: `0.01 HalfUp`.
    pub fn name(self) -> String {
        format!("{} {:?}", self.quantum, self.mode)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn zero_has_no_sign_r_bq_16() {
        let z = Money::units(0);
        assert_eq!(z.checked_neg().to_string(), "0.00");
        let minus_zero = Money::units(5).checked_sub(Money::units(5)).map(Money::checked_neg);
        assert_eq!(minus_zero.map(|m| m.to_string()).as_deref(), Ok("0.00"));
    }

    use super::*;

    fn m(s: &str) -> Money {
        s.parse().unwrap()
    }

    #[test]
    fn parses_exact_amounts_r_c_8() {
        // R-C-8: money is exact decimal, never a float.
        assert_eq!(m("12.50"), m("12.5"));
        assert_eq!(m("0.1").checked_add(m("0.2")).unwrap(), m("0.3"));
        assert_eq!(m("-100").to_string(), "-100.00");
        assert!("1.005".parse::<Money>().is_err());
        assert!("1e3".parse::<Money>().is_err());
        assert!("NaN".parse::<Money>().is_err());
        assert!("".parse::<Money>().is_err());
        assert!("2000000000000".parse::<Money>().is_err());
        assert!("1.2.3".parse::<Money>().is_err());
    }

    #[test]
    fn rounding_rules_are_named_and_applied() {
        let r = Rounding::default();
        assert_eq!(m("12.50").take(Rate::five_percent(), r).unwrap(), m("0.63"));
        let down = Rounding { mode: RoundingMode::Down, ..r };
        assert_eq!(m("12.50").take(Rate::five_percent(), down).unwrap(), m("0.62"));
        let even = Rounding { mode: RoundingMode::HalfEven, ..r };
        assert_eq!(m("12.50").take(Rate::five_percent(), even).unwrap(), m("0.62"));
        let up = Rounding { mode: RoundingMode::Up, ..r };
        assert_eq!(m("12.10").take(Rate::five_percent(), up).unwrap(), m("0.61"));
        let whole = Rounding { quantum: m("1"), mode: RoundingMode::HalfUp };
        assert_eq!(m("50").take(Rate::five_percent(), whole).unwrap(), m("3"));
    }

    #[test]
    fn cents_are_written_as_decimal_writes_them() {
        let mut values: Vec<Decimal> = vec![
            Decimal::new(0, 2),
            -Decimal::new(0, 2),
            Decimal::new(5, 2),
            Decimal::new(-5, 2),
            Decimal::new(99, 2),
            Decimal::new(100, 2),
            Decimal::new(-12345, 2),
            Decimal::new(i64::MAX, 2),
            Decimal::new(i64::MIN, 2),
            Decimal::from_i128_with_scale(u64::MAX as i128, 2),
            Decimal::from_i128_with_scale(u64::MAX as i128 + 1, 2),
            Decimal::from_i128_with_scale(-(u64::MAX as i128) - 7, 2),
            Decimal::new(125, 3),
            Decimal::new(7, 0),
        ];
        values.extend((-1000..1000).map(|n| Decimal::new(n * 37, 2)));
        for d in values {
            let want = if d.scale() < 2 {
                let mut r = d;
                r.rescale(2);
                r.to_string()
            } else {
                d.to_string()
            };
            assert_eq!(Money(d).to_string(), want, "{d:?}");
        }
    }

    #[test]
    fn taking_in_cents_is_taking_in_decimals() {
        let rates = ["0", "0.05", "0.025", "0.0125", "0.5", "0.333333333333333333", "0.999", "0.1"];
        let modes = [RoundingMode::HalfUp, RoundingMode::HalfEven, RoundingMode::Down, RoundingMode::Up];
        let mut amounts: Vec<Money> = (0..3000).map(|n| Money::cents(n * 7 + n / 13)).collect();
        amounts.extend([
            Money::from_decimal(Decimal::from(Money::MAX_UNITS)).unwrap(),
            Money::units(10),
            Money::cents(50),
            Money::cents(10),
        ]);
        let mut fast = 0;
        for r in rates {
            let rate: Rate = r.parse().unwrap();
            for mode in modes {
                let rounding = Rounding { quantum: Money::cents(1), mode };
                for a in &amounts {
                    let want = a.take_decimal(rate, rounding).unwrap();
                    let got = a.take(rate, rounding).unwrap();
                    assert_eq!((got, got.decimal().scale()), (want, want.decimal().scale()), "{a} × {r} {mode:?}");
                    assert_eq!(got.to_string(), want.to_string());
                    fast += usize::from(a.take_in_cents(rate, rounding).is_some());
                }
            }
        }
        assert!(fast > 80_000, "{fast}");
        // Not in cents, negative, another quantum: Decimal's way.
        let whole = Rounding { quantum: Money::units(1), mode: RoundingMode::HalfUp };
        assert!(Money::units(50).take_in_cents(Rate::five_percent(), whole).is_none());
        assert!(Money::cents(-50).take_in_cents(Rate::five_percent(), Rounding::default()).is_none());
        assert!(Money(Decimal::new(1255, 3)).take_in_cents(Rate::five_percent(), Rounding::default()).is_none());
    }

    /// Only an amount above zero is a `Positive` (R-C-8's one check).
    #[test]
    fn only_an_amount_above_zero_is_positive() {
        assert_eq!(Positive::new(m("0")), None);
        assert_eq!(Positive::new(m("-5")), None);
        assert_eq!(Positive::new(m("0.01")).map(Positive::money), Some(m("0.01")));
    }

    #[test]
    fn units_and_halves() {
        assert_eq!(m("30").units_of(m("10")), Some(3));
        assert_eq!(m("35").units_of(m("10")), None);
        assert_eq!(m("25").half(), Ok(m("12.5")));
        assert_eq!(m("0.02").half(), Ok(m("0.01")));
        // Never a third decimal: half of 3 cents is no amount.
        assert_eq!(m("0.03").half(), Err(MoneyError::HalfNotInCents(m("0.03"))));
        assert_eq!(m("100.01").half(), Err(MoneyError::HalfNotInCents(m("100.01"))));
        // The bound and the cents hold for an amount made from a decimal.
        assert!(Money::from_decimal(Decimal::new(125, 3)).is_err());
        assert!(Money::from_decimal(Decimal::from(Money::MAX_UNITS) + Decimal::ONE).is_err());
        assert_eq!(Money::from_decimal(Decimal::new(1250, 2)), Ok(m("12.5")));
        assert!("1.5".parse::<Rate>().is_err());
        assert!("-0.1".parse::<Rate>().is_err());
        assert_eq!("0.05".parse::<Rate>().unwrap(), Rate::five_percent());
    }
}

//! The verdicts (issues 38, 49): one per chooser and one per beneficiary. A name is
//! evidence: each party named carries its own figure and its own threshold.
//!
//! # The chooser's own choices (notes, never a name)
//! 1. **Departures** from the table that gave money away: of the `n` cells the table
//!    decided with its option the chooser's better, how many he left; the exact
//!    binomial chance at the lapse rate of the honest reference (a table-follower who
//!    slips [`Options::lapse`], 1 in 100).
//! 2. **Free choices** weighed against the exact expectation: the money given away
//!    where the table leaves the choice, against a coin's there (exact up to 16
//!    choices, a Chernoff bound beyond).
//! 3. **Habits**: a situation (the bank's total and what a paño showed, or both) in
//!    which he departed from the table in at least 9 of 10 choices, at least three
//!    times, where elsewhere he seldom does (less than 1 in 1,000 at his rate in his
//!    other choices; or he departs nearly everywhere): the same cell, whoever bets.
//!    Said as a habit, never as an accusation.
//!
//! In Banque the banker's own bad play costs his own bank; a banco caller's costs his
//! own hand. These are said, with their chances, and name nobody.
//!
//! # Who was served (the figures that name)
//! For every party (a seat, seated or standing; a banco caller, his bancos also apart;
//! the banker, for a player's choices) and every chooser whose choices mattered to
//! him: in how many of the choices where the option better for him was the chooser's
//! worse he was served (`served`): departures from the table against the chooser's
//! own departures elsewhere ([`Directed`]: a banker free of the table may leave it on
//! a whim, but his whims do not know who bets), free choices weighed within each
//! situation against the reference's coin. Choices in the
//! situations where the chooser keeps a habit are left out of the figure (the habit
//! serves whoever bets). The same over every chooser together, for a party who
//! mattered to several. Money beside it: what he gained against the chooser's best
//! options, and what a table-follower gives him on average.
//!
//! A third figure is the first's where the table leaves the choice ([`super::directed`]):
//! given how many times the chooser left his better option, how many of those
//! departures fell where they served the party rather than elsewhere. It sees the
//! chooser who plays the exact odds and leaves them only for his friend, less often
//! than a coin would.
//!
//! # Corrected for every figure weighed
//! Holm's step-down over the figures that could reach the threshold at all (Tarone: a
//! figure whose every choice served would still be above `alpha / K` is not counted
//! in `K`). A party is named when his own figure, corrected, is under `alpha`, and,
//! where a party named before him shared his side, his figure over the choices where
//! it did not still passes (a seat that bets on the friend's paño is not named for the
//! friend's service). So an honest table's shift names anyone with chance at most
//! `alpha`; for a day of `k` shifts the report multiplies again by `k`.

use super::decision::{Decider, Decision, Options, Situation};
use super::directed::{Directed, Sides};
use super::served::{FreeCell, Gathered, Stratum};
use super::tail::{Chance, Tail, binomial_tail};
use crate::engine::{BankDuty, PlayerNumber, PlayerRef};
use std::collections::BTreeMap;

/// A habit: at least this many departures in a situation…
pub use super::served::HABIT_LEAST;
/// …and in at least this share of its decided choices…
pub const HABIT_SHARE: f64 = 0.9;
/// …as he seldom leaves it elsewhere: that many departures or more in the situation
/// have less than this chance at his rate in his other decided choices (at least
/// [`HABIT_FLOOR`]); or he leaves it nearly everywhere (at least [`HABIT_SHARE`] of
/// his other choices), and every such situation is his way. A banker who tosses a coin
/// at every cell leaves it 3 times in 3 somewhere in most shifts: his coin, not a
/// habit (issue 49).
pub const HABIT_CHANCE: f64 = 1e-3;
/// His rate elsewhere, for a habit, taken at least this (the reference's slip).
pub const HABIT_FLOOR: f64 = 0.01;

/// The role in which a party was served, for who reads the verdict (issue 48).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A seat's bets (seated or standing).
    Seat,
    /// A seat who called banco in most of the choices that mattered to him.
    Banco,
    /// The banker, served by a player's choices (Chemin de fer).
    Banker,
}

/// A party's figure under one chooser, or under every chooser together.
#[derive(Clone, Debug, PartialEq)]
pub struct Gainer {
    pub player: PlayerRef,
    pub role: Role,
    /// The figure of his bancos alone (by banco caller, issue 49), beside his seat's,
    /// which weighs them too: not to be added to it.
    pub bancos: bool,
    /// Choices where the option better for him was the chooser's worse (those in the
    /// chooser's habits included), and how many times it was taken.
    pub mattered: u32,
    pub served: u32,
    /// How many a table-follower serves him there, on average.
    pub honest: f64,
    /// Of those, in situations where the chooser keeps a habit: left out of the figure.
    pub in_habits: u32,
    /// The figure's three parts, habits left out: departures from the table that
    /// served him (of the choices where leaving it served him; placed where the
    /// chooser's departures from the table fell if they did not know who bets,
    /// [`Directed`]), free choices his way (of those that mattered; against the
    /// reference's coin), and the chooser's departures from his better option in free
    /// choices that served him (of all he made there, [`Directed`]); each (served, of
    /// how many), what an honest chooser gives on average, and the chance of this many
    /// or more (not corrected).
    pub parts: [(u32, u32); 3],
    pub parts_honest: [f64; 3],
    pub chances: [Chance; 3],
    /// The smallest of the three.
    pub chance: Chance,
    /// What the second part weighed (habits left out), for whoever recomputes it…
    pub figure: Gathered,
    /// …the first…
    pub bound_directed: Directed,
    /// …and the third.
    pub directed: Directed,
    /// The least chance each part could have had (Tarone).
    pub least: [f64; 3],
    /// Each part corrected (Holm) for every figure that could reach the threshold
    /// (1 for a part not weighed), and the least of them.
    pub p_parts: [f64; 3],
    pub p_value: f64,
    /// Named: his own figure passes, and not only where a party named before him
    /// shared his side.
    pub named: bool,
    /// The parts whose corrected chance named him (all false when he is not named).
    pub named_on: [bool; 3],
    /// Money beside the counts: the expectation gained against the chooser's best
    /// options, and what a table-follower gives him on average at the same choices.
    pub gained: f64,
    pub expected: f64,
}

impl Gainer {
    /// Whether part `part` has anything to weigh: one figure of the correction.
    pub fn weighs(&self, part: usize) -> bool {
        match part {
            0 => self.bound_directed.informative(),
            2 => self.directed.informative(),
            _ => self.parts.get(part).is_some_and(|p| p.1 > 0),
        }
    }
}

/// A situation where the chooser departs from the table nearly every time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Habit {
    pub stratum: Stratum,
    pub choices: u32,
    pub departures: u32,
}

/// One chooser's shift: his choices, the evidence apart, and the parties he served.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub decider: Decider,
    pub decisions: u32,
    pub against_best: u32,
    pub given_away: f64,
    pub honest_given: f64,
    pub bound: u32,
    pub departures: u32,
    pub departed_given: f64,
    pub departures_chance: Chance,
    pub free: u32,
    pub free_given: f64,
    pub free_honest: f64,
    pub free_chance: Chance,
    pub habits: Vec<Habit>,
    /// The smallest of his parties' figures, corrected.
    pub p_value: f64,
    /// The figures the correction counted (Tarone's `K`), and all weighed.
    pub tests: u32,
    pub weighed: u32,
    /// He served a party who is named.
    pub flagged: bool,
    /// Every party his choices mattered to, the least likely first.
    pub gainers: Vec<Gainer>,
}

impl Verdict {
    /// The party named first (the least likely), if any.
    pub fn named(&self) -> Option<&Gainer> {
        self.gainers.iter().find(|g| g.named)
    }

    /// Every party named.
    pub fn all_named(&self) -> impl Iterator<Item = &Gainer> {
        self.gainers.iter().filter(|g| g.named)
    }

    /// Which evidence stands out at `alpha` (uncorrected notes for his own choices):
    /// departures, free choices, a party named.
    pub fn grounds(&self, alpha: f64) -> [bool; 3] {
        [self.departures_chance.p < alpha, self.free_chance.p < alpha, self.flagged]
    }
}

/// One choice as a party's books read it.
#[derive(Clone, Copy)]
struct Row {
    /// Serving him was a departure from the table (else the table left the choice).
    bound: bool,
    /// It mattered to him: the option better for him was the chooser's worse.
    mattered: bool,
    his_draw: bool,
    drew: bool,
    /// Decided or free, the situation and the chooser's better option, and whether he
    /// left it.
    key: SideKey,
    departed: bool,
}

/// What the filter of a party named after another reads of the free-choice count: the
/// free choices that mattered, pooled (no situations). Departures from the table are
/// read by the departures figure ([`SideMap`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Flat {
    free: FreeCell,
}

impl Flat {
    fn add(&mut self, r: &Row) {
        if r.mattered && !r.bound {
            self.free.add(r.his_draw, r.drew);
        }
    }

    fn merge(&mut self, o: &Flat) {
        self.free.merge(&o.free);
    }

    /// These choices as a figure.
    fn gathered(&self) -> Gathered {
        self.without(&Flat::default())
    }

    /// What is left of `self` once the choices of `o` (a part of it) are taken out.
    fn without(&self, o: &Flat) -> Gathered {
        let (f, g) = (&self.free, &o.free);
        let free = FreeCell {
            his_draw: f.his_draw - g.his_draw,
            his_stand: f.his_stand - g.his_stand,
            drew_his_draw: f.drew_his_draw - g.drew_his_draw,
            drew_his_stand: f.drew_his_stand - g.drew_his_stand,
            p_draw: 0.5,
            ..FreeCell::default()
        };
        Gathered { free: vec![free], ..Gathered::default() }
    }
}

/// Where a choice is booked for the departures figures: whether the table decided it
/// (with its option the chooser's better), the situation, the chooser's better option.
type SideKey = (bool, Stratum, usize);

/// A party's choices where leaving the chooser's better option served him (the option
/// better for him the chooser's worse), and the chooser's departures there, by
/// [`SideKey`] (only `could_serve` and `served` are kept: the rest of the chooser's
/// choices there, his [`Books::totals`] less these, are the other side): the
/// departures figures' books ([`Directed`]).
type SideMap = BTreeMap<SideKey, Sides>;

/// The departures figures' books of a party: all his choices, those where another
/// party preferred the same option, those where no other did.
#[derive(Clone, Debug, Default, PartialEq)]
struct SideBooks {
    all: SideMap,
    shared: BTreeMap<PlayerRef, SideMap>,
    alone: SideMap,
}

fn side_add(m: &mut SideMap, r: &Row) {
    if r.mattered {
        m.entry(r.key).or_default().add(true, r.departed);
    }
}

/// A party's books under one chooser.
#[derive(Clone, Debug, Default, PartialEq)]
struct PartyBook {
    /// Decided choices that mattered, by situation (to count those in habits).
    bound: BTreeMap<Stratum, u32>,
    free: BTreeMap<Stratum, FreeCell>,
    mattered: u32,
    served: u32,
    honest: f64,
    bancos: u32,
    banker: u32,
    money: (f64, f64),
    flat: Flat,
    /// The same, over the choices where another party preferred the same option…
    shared: BTreeMap<PlayerRef, Flat>,
    /// …and over those where no other party did (he alone stood to gain).
    alone: Flat,
    /// Where he sat when it mattered (a numbered player may move).
    places: std::collections::BTreeSet<PlayerRef>,
    /// Free choices either way, for the departures figure.
    sides: SideBooks,
}

/// One chooser's running books: flat in the shift's length.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Books {
    decisions: u32,
    against_best: u32,
    given: f64,
    honest_given: f64,
    bound: u32,
    departures: u32,
    departed_given: f64,
    free: Tail,
    free_count: u32,
    /// Decided choices with the table's option his better, by situation at each of its
    /// three readings: (choices, departures).
    cells: BTreeMap<Stratum, (u32, u32)>,
    /// Free choices by situation (its whole reading): (choices, draws, the reference's
    /// chance of drawing there).
    open: BTreeMap<Stratum, (u32, u32, f64)>,
    /// Every choice the departures figures weigh (decided with the table's option his
    /// better, or free), by [`SideKey`]: (choices, departures from his better option).
    /// A party's side is his [`SideMap`]; the rest, where leaving it did not serve him
    /// (it hurt him, it did not matter to him, he had no bet), is the other.
    totals: BTreeMap<SideKey, (u32, u32)>,
    parties: BTreeMap<PlayerRef, PartyBook>,
    /// The same, over the choices where the party had called banco (issue 49: a
    /// beneficiary by banco caller, beside the seat whose bets they are).
    bancos: BTreeMap<PlayerRef, PartyBook>,
    /// The same, for the parties seated with a card number, by number.
    by_number: BTreeMap<PlayerNumber, PartyBook>,
}

/// One choice as each party's book reads it.
struct Seen<'a> {
    d: &'a Decision,
    best: usize,
    table: Option<usize>,
    honest: [f64; 2],
    fine: Stratum,
    prefs: &'a [(PlayerRef, Option<usize>)],
}

impl Seen<'_> {
    /// Party `p`'s side of the choice, his two options `v`, into `book`.
    fn book(&self, book: &mut PartyBook, p: PlayerRef, v: [f64; 2]) {
        let (d, best, honest) = (self.d, self.best, self.honest);
        book.money.0 += v[d.chosen] - v[best];
        book.money.1 += honest[0] * (v[0] - v[best]) + honest[1] * (v[1] - v[best]);
        let Some(his) = preference(v) else { return };
        // Serving him is a departure where the table's option is the chooser's better;
        // where it is the worse, following the table serves him: left out.
        let bound = match self.table {
            Some(t) if t == best => true,
            Some(_) => return,
            None => false,
        };
        let mattered = his != best;
        if bound && !mattered {
            return;
        }
        let row = Row {
            bound,
            mattered,
            his_draw: his == 0,
            drew: d.chosen == 0,
            key: (bound, self.fine, best),
            departed: d.chosen != best,
        };
        if mattered {
            book.mattered += 1;
            book.served += u32::from(d.chosen == his);
            book.honest += honest[his];
            book.bancos += u32::from(d.banco == Some(p));
            book.banker += u32::from(d.banker == Some(p) && matches!(d.decider, Decider::Player(_)));
            book.places.insert(p);
            if bound {
                *book.bound.entry(self.fine).or_default() += 1;
            } else {
                book.free.entry(self.fine).or_default().add(his == 0, d.chosen == 0);
            }
        }
        book.flat.add(&row);
        side_add(&mut book.sides.all, &row);
        let mut alone = true;
        for (q, pref) in self.prefs {
            if *q != p && *pref == Some(his) {
                book.shared.entry(*q).or_default().add(&row);
                side_add(book.sides.shared.entry(*q).or_default(), &row);
                alone = false;
            }
        }
        if alone {
            book.alone.add(&row);
            side_add(&mut book.sides.alone, &row);
        }
    }
}

/// The three readings of a situation: the whole (the bank's total and both hands), and
/// the bank's total with each hand alone; a player's total once.
pub fn readings(s: &Situation) -> [Stratum; 3] {
    let seen = |x: Option<super::Seen>| -> u32 {
        match x {
            None => 13,
            Some(super::Seen::Natural) => 10,
            Some(super::Seen::Stood) => 11,
            Some(super::Seen::Drew(c)) => u32::from(c),
        }
    };
    match s {
        Situation::Bank { total, panos } => {
            let (t, a, b) = (u32::from(*total), seen(panos[0]), seen(panos[1]));
            [1 << 24 | t << 16 | a << 8 | b, 2 << 24 | t << 16 | a << 8 | 0xff, 3 << 24 | t << 16 | 0xff << 8 | b]
        }
        Situation::Player { total, .. } => [4 << 24 | u32::from(*total); 3],
    }
}

/// A reading's parts: the bank's total (or the player's), and what each hand showed
/// (`None` where the reading leaves it out), for words.
pub fn reading_parts(s: Stratum) -> (bool, u8, [Option<u8>; 2]) {
    let part = |x: u32| if x == 0xff { None } else { Some(x as u8) };
    let level = s >> 24;
    let total = ((s >> 16) & 0xff) as u8;
    if level == 4 {
        return (false, (s & 0xff) as u8, [None, None]);
    }
    (true, total, [part((s >> 8) & 0xff), part(s & 0xff)])
}

impl Books {
    /// One more choice of this chooser.
    pub fn add(&mut self, d: &Decision, opts: Options) {
        let honest = d.honest(opts.lapse);
        let given = [d.given_by(0), d.given_by(1)];
        self.decisions += 1;
        self.against_best += u32::from(d.against_best());
        self.given += d.given_away();
        self.honest_given += honest[0] * given[0] + honest[1] * given[1];
        let table = match d.table {
            BankDuty::MustDraw => Some(0),
            BankDuty::MustStand => Some(1),
            BankDuty::Chooses => None,
        };
        if let Some(best) = d.best() {
            let bound = match table {
                Some(t) if t == best => Some(true),
                Some(_) => None,
                None => Some(false),
            };
            if let Some(bound) = bound {
                let c = self.totals.entry((bound, readings(&d.situation)[0], best)).or_default();
                c.0 += 1;
                c.1 += u32::from(d.chosen != best);
            }
        }
        match table {
            Some(t) if d.best() == Some(t) => {
                self.bound += 1;
                let departed = d.chosen != t;
                if departed {
                    self.departures += 1;
                    self.departed_given += d.given_away();
                }
                for r in readings(&d.situation) {
                    let c = self.cells.entry(r).or_default();
                    c.0 += 1;
                    c.1 += u32::from(departed);
                }
            }
            Some(_) => {}
            None => {
                self.free_count += 1;
                self.free.add(d.given_away(), given, honest);
                let c = self.open.entry(readings(&d.situation)[0]).or_default();
                c.0 += 1;
                c.1 += u32::from(d.chosen == 0);
                c.2 = d.free[0];
            }
        }
        self.add_parties(d, table, honest);
    }

    /// Each party's side of the choice: whether it mattered to him, whether he was
    /// served; the money beside. A party seated with a card number is also booked
    /// under it (issue 49), for the report that weighs by player.
    fn add_parties(&mut self, d: &Decision, table: Option<usize>, honest: [f64; 2]) {
        let Some(best) = d.best() else { return };
        let prefs: Vec<(PlayerRef, Option<usize>)> = d.parties.iter().map(|(p, v)| (*p, preference(*v))).collect();
        let seen = Seen { d, best, table, honest, fine: readings(&d.situation)[0], prefs: &prefs };
        for (p, v) in &d.parties {
            if d.decider.is(*p) {
                continue;
            }
            seen.book(self.parties.entry(*p).or_default(), *p, *v);
            if d.banco == Some(*p) {
                seen.book(self.bancos.entry(*p).or_default(), *p, *v);
            }
            if let Some((_, n)) = d.numbers.iter().find(|(q, _)| q == p) {
                seen.book(self.by_number.entry(n.clone()).or_default(), *p, *v);
            }
        }
    }

    /// The situations of his habits, found once for all the figures of a shift.
    fn habit_strata(&self) -> Vec<Stratum> {
        self.habits().iter().map(|h| h.stratum).collect()
    }

    /// The situations where he keeps a habit.
    pub fn habits(&self) -> Vec<Habit> {
        self.cells
            .iter()
            .filter(|(_, (n, dep))| *dep >= HABIT_LEAST && f64::from(*dep) >= HABIT_SHARE * f64::from(*n))
            .filter(|(_, (n, dep))| self.unlike_elsewhere(*n, *dep))
            .map(|(s, (n, dep))| Habit { stratum: *s, choices: *n, departures: *dep })
            .collect()
    }

    /// Whether `departed` departures in `n` decided choices of one situation stand
    /// apart from his play in his other decided choices ([`HABIT_CHANCE`]).
    fn unlike_elsewhere(&self, n: u32, departed: u32) -> bool {
        let (others, left) = (self.bound.saturating_sub(n), self.departures.saturating_sub(departed));
        if others == 0 {
            return false;
        }
        let rate = f64::from(left) / f64::from(others);
        rate >= HABIT_SHARE || binomial_tail(n, departed, rate.max(HABIT_FLOOR)).p < HABIT_CHANCE
    }

    /// Whether the chooser took the same option at every free choice of this situation
    /// (at least [`HABIT_LEAST`] times): his way there, whoever bets.
    fn free_habit(&self, s: Stratum) -> bool {
        let (n, drew, _) = self.open.get(&s).copied().unwrap_or((0, 0, 0.5));
        FreeCell { n, drew, ..FreeCell::default() }.constant()
    }

    /// A party's departures figure under this chooser, over the decided choices
    /// (`bound`) or the free ones, his habits' situations left out: two strata, by the
    /// option the odds favoured (draw, stand). His side: the choices of `mine` (all of
    /// his where leaving the better option served him, or a part of them); the other:
    /// the chooser's other choices there, where leaving it did not serve him, read
    /// against `all` (his whole side), or none without it (a part to be taken away).
    /// `habits`: his habits' situations ([`Books::habit_strata`], found once a shift).
    fn sides(&self, bound: bool, habits: &[Stratum], mine: Option<&SideMap>, all: Option<&SideMap>) -> [Sides; 2] {
        let habitual = |fine: Stratum| {
            if bound { fine_readings(fine).iter().any(|r| habits.contains(r)) } else { self.free_habit(fine) }
        };
        let mut out = [Sides::default(); 2];
        for (key, (n, departed)) in self.totals.range((bound, 0, 0)..=(bound, Stratum::MAX, usize::MAX)) {
            let Some(o) = out.get_mut(key.2).filter(|_| !habitual(key.1)) else { continue };
            let his = |m: Option<&SideMap>| m.and_then(|m| m.get(key)).copied().unwrap_or_default();
            let part = his(mine);
            let (other, other_departed) = match all.map(|_| his(all)) {
                Some(whole) => (n.saturating_sub(whole.could_serve), departed.saturating_sub(whole.served)),
                None => (0, 0),
            };
            o.merge(&Sides {
                could_serve: part.could_serve,
                served: part.served,
                could_hurt: other,
                hurt: other_departed,
            });
        }
        out
    }

    /// A party's free-choice count under this chooser, outside the habits; and how many
    /// of his choices that mattered were in the habits, decided and free.
    fn gathered(&self, book: &PartyBook, habits: &[Stratum]) -> (Gathered, u32) {
        let mut g = Gathered::default();
        let mut in_habits = 0;
        for (fine, n) in &book.bound {
            if fine_readings(*fine).iter().any(|s| habits.contains(s)) {
                in_habits += n;
            }
        }
        for (s, c) in &book.free {
            let (n, drew, p_draw) = self.open.get(s).copied().unwrap_or((0, 0, 0.5));
            let cell = FreeCell { n, drew, p_draw, ..*c };
            if cell.constant() {
                in_habits += cell.mattered();
            } else {
                g.free.push(cell);
            }
        }
        (g, in_habits)
    }
}

/// The three readings of a whole situation's number.
fn fine_readings(fine: Stratum) -> [Stratum; 3] {
    if fine >> 24 == 4 {
        return [fine; 3];
    }
    let (t, a, b) = ((fine >> 16) & 0xff, (fine >> 8) & 0xff, fine & 0xff);
    [fine, 2 << 24 | t << 16 | a << 8 | 0xff, 3 << 24 | t << 16 | 0xff << 8 | b]
}

/// The option better for a party, if his two differ.
fn preference(v: [f64; 2]) -> Option<usize> {
    let scale = 1e-9 * (1.0 + v[0].abs().max(v[1].abs()));
    if (v[0] - v[1]).abs() <= scale {
        None
    } else if v[0] > v[1] {
        Some(0)
    } else {
        Some(1)
    }
}

/// Every party these verdicts name, each once in his role, the least likely first
/// within each verdict; a seat named on his bancos alone is said so only where his
/// seat's own figure did not name him too (one alarm line, not two for one friend).
pub fn parties_named(verdicts: &[Verdict]) -> Vec<(PlayerRef, Role)> {
    let all: Vec<&Gainer> = verdicts.iter().flat_map(|v| v.all_named()).collect();
    let on_seat = |p: PlayerRef| all.iter().any(|g| g.player == p && !g.bancos);
    let mut named: Vec<(PlayerRef, Role)> = Vec::new();
    for g in all.iter().filter(|g| !g.bancos || !on_seat(g.player)) {
        if !named.contains(&(g.player, g.role)) {
            named.push((g.player, g.role));
        }
    }
    named
}

#[path = "verdict_ledger.rs"]
mod ledger;
pub use ledger::{Judged, Ledger, Numbered, PlayerFigure, judge_numbered, verdicts};

//! The shift between coups (R-C-4…6, R-BQ-2…9, R-BQ-17, R-CF-1…10, R-PB-1…5).
//! Its facts, as the coup's: the sabot's life (`Sabot`), who is at the table, the
//! bank's state (`Bank`: vacant, offered, held) and each paño's cards, banca seguida; and the questions they answer
//! (the betting order, the priorities, the next section round the table). The
//! decisions between coups are `decide::between`'s; the table applies their events.

use super::bet::Bet;
use super::hand::PlayerRef;
use super::legacy::Reading;
use super::money::Money;
use super::settings::{Game, TableSettings};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The shoe's life (R-C-3…6, R-PB-5): one state at a time, where seven flags and the
/// cut card's place stood (they only made sense together).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sabot {
    /// No shoe on the table yet: the decks are shown complete first (R-C-5).
    #[default]
    Closed,
    /// The decks shown and the shoe being prepared: shuffled yet, and whether the last
    /// shuffle was the croupier's (R-C-5); in Chemin de fer the players who declined
    /// the cut, in order.
    Preparing { shuffled: bool, croupier_last: bool, cut_declined: Vec<u8> },
    /// Cut with `below` cards under the cut card (R-C-4; `None` for a table set up ready
    /// to deal, as from a script); Punto y Banca burns before its first coup (R-PB-5).
    Cut { below: Option<u32>, burned: bool },
    /// The cut card came out: the coup in progress is the shoe's last (R-C-4).
    LastCoup { below: Option<u32>, burned: bool },
    /// The shoe is over; `checked` once the cards were checked (R-C-6).
    Ended { checked: bool },
}

impl Sabot {
    /// Ready for coups: shown, shuffled, cut (and burned in Punto y Banca), not over.
    pub fn ready(&self, game: Game) -> bool {
        matches!(self, Sabot::Cut { burned, .. } | Sabot::LastCoup { burned, .. } if *burned || game != Game::PuntoBanca)
    }

    /// A sabot ready to deal (a table made from a script starts so).
    pub fn prepared() -> Sabot {
        Sabot::Cut { below: None, burned: true }
    }

    /// The decks were shown for this shoe (R-C-5).
    pub fn opened(&self) -> bool {
        !matches!(self, Sabot::Closed)
    }

    /// Shuffled at least once since the decks were shown (R-C-5).
    pub fn shuffled(&self) -> bool {
        !matches!(self, Sabot::Closed | Sabot::Preparing { shuffled: false, .. })
    }

    /// The last shuffle was the croupier's (Chemin de fer, R-C-5).
    pub fn croupier_shuffled_last(&self) -> bool {
        !matches!(self, Sabot::Closed | Sabot::Preparing { croupier_last: false, .. })
    }

    /// Chemin de fer: the players who declined the cut, in order (R-C-5).
    pub fn cut_declined(&self) -> &[u8] {
        match self {
            Sabot::Preparing { cut_declined, .. } => cut_declined,
            _ => &[],
        }
    }

    /// The cut card is in the shoe and the shoe not over (R-C-4).
    pub fn cut(&self) -> bool {
        matches!(self, Sabot::Cut { .. } | Sabot::LastCoup { .. })
    }

    /// Cards below the cut card, when the cut was entered (R-C-4).
    pub fn cut_below(&self) -> Option<u32> {
        match self {
            Sabot::Cut { below, .. } | Sabot::LastCoup { below, .. } => *below,
            _ => None,
        }
    }

    /// Punto y Banca: the first card turned and its count burned (R-PB-5).
    pub fn burned(&self) -> bool {
        matches!(self, Sabot::Cut { burned: true, .. } | Sabot::LastCoup { burned: true, .. })
    }

    /// The cut card came out (R-C-4): the coup in progress is the last, or the shoe is over.
    pub fn cut_out(&self) -> bool {
        matches!(self, Sabot::LastCoup { .. } | Sabot::Ended { .. })
    }

    /// The shoe is over.
    pub fn ended(&self) -> bool {
        matches!(self, Sabot::Ended { .. })
    }

    /// The cards were checked at the end (R-C-6).
    pub fn checked(&self) -> bool {
        matches!(self, Sabot::Ended { checked: true })
    }
}

/// The bank between and during coups (R-BQ-3, R-BQ-17, R-CF-2, R-CF-10): one state at
/// a time, where six fields stood (a banker, an announcement, an offer at an amount, an
/// offer to a section, the amount a banker may keep it at, whether it won the last
/// coup; an offered bank has no banker and no announcement, and only a named banker
/// wins a coup to keep it by).
/// The amount the bank holds is the table's (`Table::bank`): a held bank at 0 is broken.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bank {
    /// Nobody holds the bank and it is offered to nobody: a player buys it, or it is
    /// auctioned (R-BQ-3). Punto y Banca's, always: the casino banks.
    #[default]
    Vacant,
    /// Banque: the banker left, taking back this amount; the bank is offered at it, or
    /// else auctioned (R-BQ-3). At 0 he left a broken bank: bought or auctioned.
    OfferedAt(Money),
    /// Chemin de fer: the passing bank is offered to this section, who takes or
    /// declines it (R-CF-10).
    OfferedTo(u8),
    /// A bank at the table whose banker is not named (a table set up from a script, or
    /// a bank announced with nobody named to hold it); `announced` this coup.
    Unnamed { announced: bool },
    /// A banker holds the bank.
    Held(Holding),
}

/// A bank held by a banker (`Bank::Held`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holding {
    pub banker: PlayerRef,
    /// The bank announced its amount this coup (R-BQ-17, R-CF-2).
    pub announced: bool,
    /// The bank won the last coup settled (R-CF-10: its banker may keep it at a new shoe).
    pub won_last: bool,
    /// Chemin de fer: the banker won the shoe's last coup and keeps the bank by
    /// announcing exactly this (R-CF-10).
    pub keep_at: Option<Money>,
}

impl Bank {
    /// A bank taken by `banker`: not yet announced, nothing won, nothing to keep.
    pub fn taken_by(banker: PlayerRef) -> Bank {
        Bank::Held(Holding { banker, announced: false, won_last: false, keep_at: None })
    }

    /// Who holds the bank (`None` when nobody does, or a banker not named).
    pub fn banker(&self) -> Option<PlayerRef> {
        match self {
            Bank::Held(h) => Some(h.banker),
            _ => None,
        }
    }

    /// The bank announced its amount this coup (R-BQ-17, R-CF-2).
    pub fn announced(&self) -> bool {
        matches!(self, Bank::Held(Holding { announced: true, .. }) | Bank::Unnamed { announced: true })
    }

    /// The announcement is owed again (a new coup, R-BQ-17).
    pub(crate) fn unannounce(&mut self) {
        match self {
            Bank::Held(Holding { announced, .. }) | Bank::Unnamed { announced } => *announced = false,
            Bank::Vacant | Bank::OfferedAt(_) | Bank::OfferedTo(_) => {}
        }
    }

    /// Banque: the amount the bank is offered at after its banker left (R-BQ-3).
    pub fn offered_at(&self) -> Option<Money> {
        match self {
            Bank::OfferedAt(at) => Some(*at),
            _ => None,
        }
    }

    /// Chemin de fer: the section the passing bank is offered to (R-CF-10).
    pub fn offered_to(&self) -> Option<u8> {
        match self {
            Bank::OfferedTo(seat) => Some(*seat),
            _ => None,
        }
    }

    /// Chemin de fer: the amount a banker who won the shoe's last coup keeps the bank
    /// at, announcing exactly it (R-CF-10).
    pub fn keep_at(&self) -> Option<Money> {
        match self {
            Bank::Held(h) => h.keep_at,
            _ => None,
        }
    }

    /// A bank at the table: held by a banker, or standing with its banker not named
    /// (given the amount the table holds, `Table::bank`).
    pub fn stands(&self, amount: Money) -> bool {
        self.banker().is_some() || amount.is_positive()
    }

    /// Broken (R-BQ-3, R-CF-10): its banker still there, the bank at 0.
    pub fn broken(&self, amount: Money) -> bool {
        self.banker().is_some() && !amount.is_positive()
    }
}

/// How the shift knows who is at the table (R-BQ-1, R-BQ-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seating {
    /// Nobody seated by the croupier yet: a player comes to the table by acting (his
    /// bet, his banco, the bank he takes, the shuffle he makes) and is at it from then
    /// on, until he leaves. A section nobody acted from may hold a player who has not
    /// acted yet: the engine cannot tell, so R-BQ-2's count is not made (`players_on`
    /// says `None`), and roles pass by section number, skipping only those who left.
    #[default]
    ByActing,
    /// The croupier keeps the seating (from his first `Join`): at the table are those
    /// he seated and those who had acted before; nobody else. R-BQ-2 is counted.
    Kept,
}

/// Where one player stands with the table (`Shift::presence`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Seated, or standing behind a section: at the table.
    Here,
    /// Not at the table: he left, or the croupier keeps the seating and did not seat him.
    Gone,
    /// Not seen yet, while players come to the table by acting (`Seating::ByActing`).
    Unseen,
}

/// A player the one presence check found at the table (or come to it by this act):
/// the only way to name a player to whom a role is given (the bank, banca seguida, the
/// cards). Built by `decide::checks::present`, nowhere else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Present(PlayerRef);

impl Present {
    /// Only the presence check builds one.
    pub(in crate::engine) fn checked(player: PlayerRef) -> Present {
        Present(player)
    }

    pub fn player(self) -> PlayerRef {
        self.0
    }
}

/// The shift's state beyond the coup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shift {
    /// The current coup's number (1 for the first); 0 before any.
    pub coup_number: u32,
    /// A coup is open (from "next coup" until the following one).
    pub coup_open: bool,
    pub shoe_number: u32,
    pub sabot: Sabot,
    /// Who is at the table, always: the players the croupier seated (`Join`) and, until
    /// he seats anyone, every player who came to act (a bet, a banco, the bank taken…);
    /// a player who leaves is taken off (R-BQ-1). `seating` says how sure that is.
    pub roster: BTreeSet<PlayerRef>,
    /// Whether the croupier keeps the seating, or players come to the table by acting.
    #[serde(default)]
    pub seating: Seating,
    /// Players who left this shift and have not sat again: the one check of presence
    /// refuses them everything (R-BQ-1), the bank included; a player who never sat may
    /// come to the table to take the bank (`between::take_bank`).
    #[serde(default)]
    pub left: BTreeSet<PlayerRef>,
    /// The card numbers of the players seated with one (issue 49), while they sit.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub numbers: BTreeMap<PlayerRef, super::player_number::PlayerNumber>,
    /// Who holds the bank, or how it is offered (R-BQ-3, R-BQ-17, R-CF-2, R-CF-10).
    pub bank: Bank,
    /// Banque: the sections holding each paño's cards (R-BQ-9).
    pub holders: [u8; 2],
    /// Punto y Banca: the section dealing (R-PB-1).
    pub dealer: u8,
    /// Chemin de fer: the right of banca seguida, and one abandoned (R-CF-6).
    pub suivi: Option<PlayerRef>,
    pub suivi_abandoned: Option<PlayerRef>,
    /// Chemin de fer: winnings set aside by the banker (R-CF-9).
    pub set_aside: Money,
    /// The bets of the last coup, when it was void (R-BQ-E3, E8, E11; a Punto y Banca
    /// tie, R-PB-4): they stand for the next coup.
    pub void_bets: Vec<Bet>,
}

impl Shift {
    /// A shift whose first coup is open and whose sabot is ready (a table from a script).
    /// `bank_announced`: a bank stands at the table, its banker not named.
    pub fn ready(sections: u8, bank_announced: bool) -> Shift {
        Shift {
            coup_number: 1,
            coup_open: true,
            bank: if bank_announced { Bank::Unnamed { announced: true } } else { Bank::Vacant },
            shoe_number: 1,
            sabot: Sabot::prepared(),
            ..Shift::start(sections)
        }
    }

    /// A shift at its start: no shoe ready, no coup, no bank.
    pub fn start(sections: u8) -> Shift {
        Shift {
            coup_number: 0,
            coup_open: false,
            shoe_number: 0,
            sabot: Sabot::default(),
            roster: BTreeSet::new(),
            seating: Seating::ByActing,
            left: BTreeSet::new(),
            numbers: BTreeMap::new(),
            bank: Bank::Vacant,
            holders: [1, sections / 2 + 1],
            dealer: 1,
            suivi: None,
            suivi_abandoned: None,
            set_aside: Money::ZERO,
            void_bets: Vec::new(),
        }
    }
}

impl Shift {
    /// Who holds the bank (`Bank::banker`).
    pub fn banker(&self) -> Option<PlayerRef> {
        self.bank.banker()
    }

    /// The bank announced its amount this coup (`Bank::announced`).
    pub fn bank_announced(&self) -> bool {
        self.bank.announced()
    }

    /// Where a player stands with the table: at it, gone, or (while players come to the
    /// table by acting) not seen yet.
    pub fn presence(&self, player: PlayerRef) -> Presence {
        if self.roster.contains(&player) {
            Presence::Here
        } else if self.left.contains(&player) {
            Presence::Gone
        } else {
            match self.seating {
                Seating::Kept => Presence::Gone,
                Seating::ByActing => Presence::Unseen,
            }
        }
    }

    /// Whether a player may act at the table now: he is at it, or, while players come
    /// to the table by acting, he has not left it (his act brings him: `Table::apply`).
    pub fn is_present(&self, player: PlayerRef) -> bool {
        self.presence(player) != Presence::Gone
    }

    /// Players present at a paño (Banque), seated and standing (R-BQ-2). The banker is
    /// none of them: he plays the bank against the paños, never holds a paño's cards and
    /// does not bet (000 §11 «dos jugadores por paño»); logs of an earlier reading
    /// counted him (`Reading::BeforePresence`).
    pub fn players_on(&self, s: &TableSettings, tableau: u8, reading: Reading) -> Option<u8> {
        if self.seating != Seating::Kept {
            return None;
        }
        let roster = &self.roster;
        let banker = self.banker().filter(|_| reading.presence());
        let n = roster.iter().filter(|p| s.tableau_of_section(p.seat) == Some(tableau) && Some(**p) != banker).count();
        Some(n.min(255) as u8)
    }

    /// The next occupied section after `seat`, going round (by number when the shift
    /// does not track who is there); `within` a paño's sections when it is given. A
    /// paño's cards never go to the banker's own section: he plays against the paños
    /// (R-BQ-9).
    pub fn next_section(&self, s: &TableSettings, seat: u8, within: Option<u8>) -> u8 {
        let n = s.sections;
        let (lo, hi) = match within {
            Some(1) => (1, s.sections_per_tableau()),
            Some(_) => (s.sections_per_tableau() + 1, n),
            None => (1, n),
        };
        let banker = |x: u8| within.is_some() && self.banker() == Some(PlayerRef::seated(x));
        let mut x = seat;
        for _ in 0..n {
            x = if x >= hi || x < lo { lo } else { x + 1 };
            if self.is_present(PlayerRef::seated(x)) && !banker(x) {
                return x;
            }
        }
        seat
    }

    /// The section holding paño `tableau`'s cards (R-BQ-9): the one the cards passed
    /// to, or the next after it when the banker sits there or (`reading.first_seat()`)
    /// nobody does: at the start of a shift the first section of the paño with a player
    /// (001 «el primero en ocuparse de gestionar las cartas será aquel sentado en la
    /// sección 1»; a section nobody holds cannot hold cards).
    pub fn pano_holder(&self, s: &TableSettings, tableau: u8, reading: Reading) -> u8 {
        let held = self.holders[usize::from(tableau.clamp(1, 2) - 1)];
        let empty = reading.first_seat() && !self.is_present(PlayerRef::seated(held));
        if empty || self.banker() == Some(PlayerRef::seated(held)) {
            // The section before `held`, so that the next one is `held`'s successor.
            return self.next_section(s, held, Some(tableau));
        }
        held
    }

    /// Punto y Banca: the section dealing (R-PB-1): the one the sabot passed to, or
    /// (`reading.first_seat()`) the next player after it when nobody holds it: at the
    /// start of a shift the first department with a player (002 «desde el jugador
    /// situado en el departamento 1»).
    pub fn dealer_seat(&self, s: &TableSettings, reading: Reading) -> u8 {
        if reading.first_seat() && !self.is_present(PlayerRef::seated(self.dealer)) {
            return self.next_section(s, self.dealer, None);
        }
        self.dealer
    }

    /// At the deal the roles are with the players who hold them: a role read at the
    /// next player (`pano_holder`, `dealer_seat`) stays with him from then on, so that a
    /// player who sits at an earlier section later does not take it (R-BQ-9, R-PB-1).
    pub(crate) fn pin_roles(&mut self, s: &TableSettings, reading: Reading) {
        if !reading.first_seat() {
            return;
        }
        match s.game {
            Game::Banque => self.holders = [1, 2].map(|n| self.pano_holder(s, n, reading)),
            Game::PuntoBanca => self.dealer = self.dealer_seat(s, reading),
            Game::ChemindeFer => {}
        }
    }

    /// The betting order (R-BQ-5): paño 1's seated players by section number, then its
    /// standing players; then paño 2 the same way. Other games: by section. The banker
    /// plays the bank; he is not asked for a bet.
    pub fn betting_order(&self, s: &TableSettings) -> Vec<PlayerRef> {
        let everyone: Vec<PlayerRef> = match self.seating {
            Seating::Kept => self.roster.iter().copied().collect(),
            Seating::ByActing => (1..=s.sections).map(PlayerRef::seated).filter(|p| self.is_present(*p)).collect(),
        };
        let everyone: Vec<PlayerRef> = everyone.into_iter().filter(|p| Some(*p) != self.banker()).collect();
        let group = |t: Option<u8>| {
            let on = |p: &&PlayerRef| t.is_none() || s.tableau_of_section(p.seat) == t;
            let mut seated: Vec<PlayerRef> = everyone.iter().filter(|p| !p.standing).filter(on).copied().collect();
            let mut standing: Vec<PlayerRef> = everyone.iter().filter(|p| p.standing).filter(on).copied().collect();
            seated.sort();
            standing.sort();
            seated.extend(standing);
            seated
        };
        if s.game == Game::Banque {
            let mut v = group(Some(1));
            v.extend(group(Some(2)));
            v
        } else {
            group(None)
        }
    }

    /// Chemin de fer's order of priorities (R-CF-3, house rule): the holder of banca
    /// seguida, then seated players from the banker's right (the next sections by
    /// number, going round), then standing players in the same order.
    pub fn priority_order(&self, s: &TableSettings) -> Vec<PlayerRef> {
        let n = u16::from(s.sections.max(1));
        let start = u16::from(self.banker().map_or(0, |b| b.seat));
        let seats: Vec<u8> = (1..=n).map(|i| ((start + i - 1) % n + 1) as u8).collect();
        let mut out = Vec::new();
        if let Some(x) = self.suivi {
            out.push(x);
        }
        for standing in [false, true] {
            for seat in &seats {
                let p = PlayerRef { seat: *seat, standing };
                if !out.contains(&p) && Some(p) != self.banker() {
                    out.push(p);
                }
            }
        }
        out
    }

    /// Where a player stands in Chemin de fer's priorities (lower first).
    pub fn priority_rank(&self, s: &TableSettings, p: PlayerRef) -> usize {
        self.priority_order(s).iter().position(|q| *q == p).unwrap_or(usize::MAX)
    }

    /// The order the cut is offered in Chemin de fer: from the croupier's left onwards
    /// (house layout: sections are numbered from the croupier's right, so his left is
    /// the highest section), seated players only when the shift tracks who is there.
    pub fn cut_offer_order(&self, s: &TableSettings) -> Vec<u8> {
        (1..=s.sections).rev().filter(|x| self.is_present(PlayerRef::seated(*x))).collect()
    }

    /// The section the cut is offered to now (Chemin de fer), `None` when all declined.
    pub fn cut_offered_to(&self, s: &TableSettings) -> Option<u8> {
        self.cut_offer_order(s).into_iter().find(|x| !self.sabot.cut_declined().contains(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Op, Shoe, Table};

    fn m(s: &str) -> Money {
        s.parse().expect("money")
    }

    /// The bank goes from one state to the next: held, left (R-BQ-3: offered at what
    /// its banker took back, in Banque; R-CF-10: offered to the next section, in
    /// Chemin de fer), taken again; never two of them at once.
    #[test]
    fn the_bank_is_one_state_at_a_time_r_bq_3_r_cf_10() {
        let mut t = Table::new(TableSettings::new(Game::Banque), m("1000"), Shoe::decks(6)).expect("table");
        assert_eq!(t.shift().bank, Bank::Unnamed { announced: true });
        t.play(&Op::LeaveBank).expect("leaves");
        assert_eq!(t.shift().bank, Bank::OfferedAt(m("1000")));
        assert_eq!((t.shift().banker(), t.shift().bank_announced()), (None, false));
        assert!(t.play(&Op::TakeBank { player: PlayerRef::seated(3), amount: m("900") }).is_err(), "R-BQ-3");
        t.play(&Op::TakeBank { player: PlayerRef::seated(3), amount: m("1000") }).expect("takes");
        assert_eq!(t.shift().bank, Bank::taken_by(PlayerRef::seated(3)));
        assert_eq!(t.shift().bank.offered_at(), None);

        let mut t = Table::new(TableSettings::new(Game::ChemindeFer), m("500"), Shoe::decks(6)).expect("table");
        t.play(&Op::LeaveBank).expect("leaves");
        assert_eq!(t.shift().bank, Bank::OfferedTo(1));
        t.play(&Op::DeclineBank { player: PlayerRef::seated(1) }).expect("declines");
        assert_eq!(t.shift().bank.offered_to(), Some(2));
        t.play(&Op::TakeBank { player: PlayerRef::seated(2), amount: m("200") }).expect("takes");
        assert_eq!(t.shift().banker(), Some(PlayerRef::seated(2)));
        assert_eq!((t.shift().bank.offered_to(), t.shift().bank.keep_at()), (None, None));
    }
}

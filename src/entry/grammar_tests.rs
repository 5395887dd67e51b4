//! Unit tests of `grammar` (a file of their own: the module stays under 800 lines).

use super::*;
use crate::engine::TableSettings;

fn g(game: Game) -> Grammar {
    Grammar::of(&TableSettings::new(game))
}
fn m(s: &str) -> Money {
    s.parse().expect("amount")
}
fn c(s: &str) -> Card {
    s.parse().expect("card")
}
fn ops(text: &str, game: Game) -> Vec<Entry> {
    let p = parse(text, &g(game), true);
    assert_eq!(p.tail, Tail::Empty, "{text}");
    p.entries.into_iter().map(|(e, _)| e).collect()
}
fn bet(seat: u8, standing: bool, spot: Spot, amount: &str) -> Entry {
    Entry::Op(Op::Bet { player: PlayerRef { seat, standing }, spot, amount: m(amount) })
}

#[test]
fn every_error_word_reads_with_its_arguments_r_bq_e10_r_cf_7() {
    let bq = Game::Banque;
    let h1 = HandId::Tableau(1);
    assert_eq!(ops("e10 1 9h kd", bq), vec![Entry::Op(Op::Exposed { hand: h1, cards: vec![c("9h"), c("Kd")] })]);
    assert_eq!(ops("e14 1", bq), vec![Entry::Op(Op::PlayerError { clause: Clause::BQE14, hand: h1, by: None })]);
    assert_eq!(ops("e3 ok", bq), vec![Entry::Op(Op::StuckCards), Entry::Op(Op::Confirm)]);
    assert_eq!(
        ops("tarde 3 100", Game::ChemindeFer),
        vec![Entry::Op(Op::LateBet { player: PlayerRef::seated(3), amount: m("100") })]
    );
    // Every word of every game reads, typed as the menu shows it.
    for game in Game::ALL {
        for ew in ErrorWord::of_game(game) {
            let usage = ew.usage(game);
            assert_eq!(ops(&usage, game).len(), 1, "{usage}");
        }
    }
    // A missing or wrong argument says how the word is typed.
    let p = parse("e10 1 9h", &g(bq), true);
    assert!(
        matches!(&p.tail, Tail::Error(EntryError { kind: EntryErrorKind::ErrorArgs(w, u), .. }) if w == "e10" && u == "e10 1 9h Kd")
    );
    let p = parse("e9 x 9h", &g(bq), true);
    assert!(matches!(&p.tail, Tail::Error(EntryError { kind: EntryErrorKind::ErrorArgs(..), .. })));
    // Punto y Banca has no holder's word: the menu leaves those errors out.
    assert!(ErrorWord::of_game(Game::PuntoBanca).all(|e| !matches!(e.word, "e14" | "e12" | "tarde")));
}

#[test]
fn banque_bets_on_every_spot_r_bq_6_r_bq_7() {
    let bq = Game::Banque;
    assert_eq!(ops("3 40", bq), vec![bet(3, false, Spot::Tableau(1), "40")]);
    assert_eq!(ops("9 40", bq), vec![bet(9, false, Spot::Tableau(2), "40")]);
    assert_eq!(ops("3 c 40", bq), vec![bet(3, false, Spot::Cheval, "40")]);
    assert_eq!(ops("7 h2 50", bq), vec![bet(7, false, Spot::Half(2), "50")]);
    assert_eq!(ops("7 H 50", bq), vec![bet(7, false, Spot::Half(2), "50")]);
    assert_eq!(ops("2 m 12,50", bq), vec![bet(2, false, Spot::Half(1), "12.50")]);
    assert_eq!(ops("3p p2 20", bq), vec![bet(3, true, Spot::Tableau(2), "20")]);
    assert_eq!(
        ops("4 b", bq),
        vec![Entry::Op(Op::Banco { player: PlayerRef::seated(4), on: Some(HandId::Tableau(1)) })]
    );
    assert_eq!(
        ops("4p b2", bq),
        vec![Entry::Op(Op::Banco { player: PlayerRef::standing(4), on: Some(HandId::Tableau(2)) })]
    );
}

#[test]
fn several_entries_on_one_line() {
    let e = ops("3 c 40 7 h2 50 1 100 .", Game::Banque);
    assert_eq!(
        e,
        vec![
            bet(3, false, Spot::Cheval, "40"),
            bet(7, false, Spot::Half(2), "50"),
            bet(1, false, Spot::Tableau(1), "100"),
            Entry::Op(Op::NoMoreBets),
        ]
    );
}

#[test]
fn cards_calls_shows_and_the_table() {
    let bq = Game::Banque;
    assert_eq!(ops("9h Td 10s", bq), vec![Entry::Card(c("9h")), Entry::Card(c("Td")), Entry::Card(c("Ts"))]);
    assert_eq!(ops("+ - *", bq), vec![Entry::Call(Call::Draw), Entry::Call(Call::Stand), Entry::Call(Call::Natural)]);
    assert_eq!(
        ops("1+ 2- b+", bq),
        vec![
            Entry::Op(Op::Say { hand: HandId::Tableau(1), call: Call::Draw }),
            Entry::Op(Op::Say { hand: HandId::Tableau(2), call: Call::Stand }),
            Entry::Op(Op::Say { hand: HandId::Bank, call: Call::Draw }),
        ]
    );
    assert_eq!(
        ops("1 2h Qs b kd 4c", bq),
        vec![
            Entry::Op(Op::Show { hand: HandId::Tableau(1), cards: vec![c("2h"), c("Qs")] }),
            Entry::Op(Op::Show { hand: HandId::Bank, cards: vec![c("Kd"), c("4c")] }),
        ]
    );
    assert_eq!(ops("/", bq), vec![Entry::Op(Op::AskTable)]);
    assert_eq!(ops(",", bq), vec![Entry::Op(Op::NoMoreBets)]);
    assert_eq!(ops("= =1200", bq), vec![Entry::NextCoup(None), Entry::NextCoup(Some(m("1200")))]);
}

#[test]
fn chemin_de_fer_and_punto_banca_words() {
    let cf = Game::ChemindeFer;
    assert_eq!(ops("2 100", cf), vec![bet(2, false, Spot::Player, "100")]);
    assert_eq!(ops("2 b", cf), vec![Entry::Op(Op::Banco { player: PlayerRef::seated(2), on: None })]);
    assert_eq!(ops("2p bm", cf), vec![Entry::Op(Op::BancoWithTable { player: PlayerRef::standing(2) })]);
    assert_eq!(ops("j-", cf), vec![Entry::Op(Op::Say { hand: HandId::Player, call: Call::Stand })]);
    let pb = Game::PuntoBanca;
    assert_eq!(ops("4 p 20 5 b 30", pb), vec![bet(4, false, Spot::Punto, "20"), bet(5, false, Spot::Banca, "30")]);
    assert_eq!(ops("p 2h ac", pb), vec![Entry::Op(Op::Show { hand: HandId::Punto, cards: vec![c("2h"), c("Ac")] })]);
    let p = parse("4 20", &g(pb), true);
    assert!(matches!(p.tail, Tail::Error(EntryError { kind: EntryErrorKind::NeedPuntoOrBanca, .. })));
}

#[test]
fn entries_complete_with_a_space_while_typing() {
    let bq = g(Game::Banque);
    // The amount is still being typed: no chip yet.
    let p = parse("3 c 4", &bq, false);
    assert!(p.entries.is_empty());
    assert_eq!(p.tail, Tail::Incomplete(0..5));
    let p = parse("3 c 40 ", &bq, false);
    assert_eq!(p.entries.len(), 1);
    assert_eq!(p.entries[0].1, 0..6);
    assert_eq!(p.tail, Tail::Empty);
    // One-key words are complete at once.
    let p = parse("9h .", &bq, false);
    assert_eq!(p.entries.len(), 2);
    // After Enter, what is missing is an error.
    let p = parse("3 c", &bq, true);
    assert!(matches!(p.tail, Tail::Error(EntryError { kind: EntryErrorKind::NeedAmount, .. })));
    let p = parse("1 2h", &bq, true);
    assert!(matches!(p.tail, Tail::Error(EntryError { kind: EntryErrorKind::NeedTwoCards, .. })));
}

#[test]
fn cards_and_one_key_words_need_no_space_between_them() {
    let bq = Game::Banque;
    let cards = |s: &str| s.split(' ').map(|x| Entry::Card(c(x))).collect::<Vec<_>>();
    assert_eq!(ops("7hKc6dKs5cQd", bq), cards("7h Kc 6d Ks 5c Qd"));
    assert_eq!(ops("10h9c td", bq), cards("10h 9c Td"));
    assert_eq!(
        ops("-+8c-", bq),
        vec![Entry::Call(Call::Stand), Entry::Call(Call::Draw), Entry::Card(c("8c")), Entry::Call(Call::Stand)]
    );
    assert_eq!(ops("/+", bq), vec![Entry::Op(Op::AskTable), Entry::Call(Call::Draw)]);
    let show = Entry::Op(Op::Show { hand: HandId::Tableau(2), cards: vec![c("9c"), c("Jd")] });
    assert_eq!(ops("2 9cJd", bq), vec![show]);
    // Words that are not wholly cards and one-key words are read as typed.
    assert_eq!(ops("1+", bq), vec![Entry::Op(Op::Say { hand: HandId::Tableau(1), call: Call::Draw })]);
    assert_eq!(ops("=1200", bq), vec![Entry::NextCoup(Some(m("1200")))]);
    let p = parse("2hx", &g(bq), true);
    assert!(matches!(&p.tail, Tail::Error(EntryError { kind: EntryErrorKind::Unknown(w), .. }) if w == "2hx"));
    // While typing, the complete cards of the word are chips; a rank waits for its suit.
    let p = parse("2hQ", &g(bq), false);
    assert_eq!(p.entries.iter().map(|e| e.0.clone()).collect::<Vec<_>>(), cards("2h"));
    assert_eq!(p.tail, Tail::Incomplete(2..3));
    let p = parse("kd4c", &g(bq), false);
    assert_eq!(p.entries.len(), 2);
    assert_eq!(p.tail, Tail::Empty);
    // `as` may become `aside`: no card while it may still be the word.
    let p = parse("as", &g(Game::ChemindeFer), false);
    assert!(p.entries.is_empty());
    assert_eq!(ops("as", bq), cards("As"));
    assert_eq!(ops("aside 200", Game::ChemindeFer), vec![Entry::Op(Op::SetAside { amount: m("200") })]);
    // An amount being typed is no card: `10` may become `10h`, `100` an amount.
    assert!(parse("1 10", &g(bq), false).entries.is_empty());
}

#[test]
fn corrections_withdraw_change_and_the_bank_auctioned_r_pb_4_r_bq_3() {
    let bq = Game::Banque;
    let p3 = PlayerRef::seated(3);
    assert_eq!(ops("quita 3", bq), vec![Entry::Withdraw { player: p3, spot: None }]);
    assert_eq!(
        ops("quita 3 c 7 40", bq),
        vec![Entry::Withdraw { player: p3, spot: Some(Spot::Cheval) }, bet(7, false, Spot::Tableau(2), "40")]
    );
    assert_eq!(
        ops("remove 3p b2", bq),
        vec![Entry::Withdraw { player: PlayerRef::standing(3), spot: Some(Spot::Tableau(2)) }]
    );
    assert_eq!(ops("cambia 3 c 60", bq), vec![Entry::Change { player: p3, spot: Spot::Cheval, amount: m("60") }]);
    assert_eq!(
        ops("change 4 b 30", Game::PuntoBanca),
        vec![Entry::Change { player: PlayerRef::seated(4), spot: Spot::Banca, amount: m("30") }]
    );
    let bid = |seat, a: &str| crate::engine::Bid { player: PlayerRef::seated(seat), amount: m(a) };
    assert_eq!(
        ops("subasta 3 1200 5 1500 =", bq),
        vec![Entry::Op(Op::Auction { bids: vec![bid(3, "1200"), bid(5, "1500")], lot: None }), Entry::NextCoup(None)]
    );
    assert_eq!(
        ops("auction 3 1200 5 1200 lot 5", bq),
        vec![Entry::Op(Op::Auction { bids: vec![bid(3, "1200"), bid(5, "1200")], lot: Some(PlayerRef::seated(5)) })]
    );
    // Cut short or mistyped: how the word is typed.
    for text in ["quita", "quita x", "cambia 3", "cambia 3 c", "subasta", "subasta 3 x", "subasta 3 100 sorteo"] {
        let p = parse(text, &g(bq), true);
        assert!(matches!(&p.tail, Tail::Error(EntryError { kind: EntryErrorKind::WordArgs(..), .. })), "{text}: {p:?}");
    }
}

#[test]
fn a_bet_is_typed_again_as_it_reads_r_bq_6_r_bq_7() {
    use crate::engine::{Bet, BetKind};
    for (game, text) in [
        (Game::Banque, "3 c 40 7p h2 12,50 1 100 9 b2"),
        (Game::ChemindeFer, "2 j 100 4p b"),
        (Game::PuntoBanca, "4 p 20 5 b 30"),
    ] {
        let gr = g(game);
        let entries = ops(text, game);
        let bets: Vec<Bet> = entries
            .iter()
            .map(|e| match e {
                Entry::Op(Op::Bet { player, spot, amount }) => {
                    Bet { player: *player, spot: *spot, amount: *amount, kind: BetKind::Plain }
                }
                Entry::Op(Op::Banco { player, on }) => Bet {
                    player: *player,
                    spot: match on {
                        Some(HandId::Tableau(n)) => Spot::Tableau(*n),
                        _ => Spot::Player,
                    },
                    amount: m("1000"),
                    kind: BetKind::Banco,
                },
                other => panic!("{other:?}"),
            })
            .collect();
        let again: Vec<String> = bets.iter().map(|b| gr.typed(b).expect("typed")).collect();
        assert_eq!(ops(&again.join(" "), game), entries, "{again:?}");
    }
}

#[test]
fn mistakes_are_named() {
    let bq = g(Game::Banque);
    let err = |s: &str| match parse(s, &bq, true).tail {
        Tail::Error(e) => e.kind,
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(err("x"), EntryErrorKind::Unknown("x".into()));
    assert_eq!(err("3 z 40"), EntryErrorKind::NeedSpotOrAmount("z".into()));
    assert_eq!(err("3 c 1.005"), EntryErrorKind::BadAmount("1.005".into()));
    assert_eq!(err("3 c zz"), EntryErrorKind::NeedAmount);
    assert_eq!(err("=abc"), EntryErrorKind::BadAmount("abc".into()));
    assert_eq!(err("b 40"), EntryErrorKind::NeedTwoCards);
    // The entries before a mistake are kept.
    let p = parse("3 40 x", &bq, true);
    assert_eq!(p.entries.len(), 1);
}

/// A Banque table of unit 10, its amounts typed in units.
fn bq_in_units() -> Grammar {
    let mut settings = TableSettings::new(Game::Banque);
    settings.unit = m("10");
    Grammar::of(&settings).in_units(&settings)
}

#[test]
fn amounts_in_units_are_the_tables_unit_times_the_number_typed_r_bq_7() {
    let gr = bq_in_units();
    let read = |text: &str| {
        let p = parse(text, &gr, true);
        assert_eq!(p.tail, Tail::Empty, "{text}");
        p.entries.into_iter().map(|(e, _)| e).collect::<Vec<_>>()
    };
    assert_eq!(
        read("1 10 3 c 4 8 h 2,5"),
        vec![
            bet(1, false, Spot::Tableau(1), "100"),
            bet(3, false, Spot::Cheval, "40"),
            bet(8, false, Spot::Half(2), "25"),
        ]
    );
    // Every amount on the line: the bank announced, a bank taken, a change, a bid.
    assert_eq!(read("=120"), vec![Entry::NextCoup(Some(m("1200")))]);
    assert_eq!(read("5 banca 100"), vec![Entry::TakeBank { player: PlayerRef::seated(5), amount: m("1000") }]);
    assert_eq!(
        read("cambia 3 c 6"),
        vec![Entry::Change { player: PlayerRef::seated(3), spot: Spot::Cheval, amount: m("60") }]
    );
    assert_eq!(
        read("subasta 3 120"),
        vec![Entry::Op(Op::Auction {
            bids: vec![crate::engine::Bid { player: PlayerRef::seated(3), amount: m("1200") }],
            lot: None
        })]
    );
    // A number of units that is not a whole number of cents is not an amount.
    assert_eq!(
        parse("3 c 0.0001", &gr, true).tail,
        Tail::Error(EntryError { range: 0..10, kind: EntryErrorKind::BadAmount("0.0001".into()) })
    );
    // The same words without units are the amounts as typed.
    assert_eq!(ops("1 10", Game::Banque), vec![bet(1, false, Spot::Tableau(1), "10")]);
}

#[test]
fn a_bet_repeated_in_units_is_typed_in_units_and_reads_back_the_same() {
    use crate::engine::{Bet, BetKind};
    let gr = bq_in_units();
    let b = |amount: &str, spot| Bet { player: PlayerRef::seated(3), spot, amount: m(amount), kind: BetKind::Plain };
    assert_eq!(gr.typed(&b("40", Spot::Cheval)).as_deref(), Some("3 c 4"));
    assert_eq!(gr.typed(&b("25", Spot::Tableau(1))).as_deref(), Some("3 p1 2.5"));
    assert_eq!(gr.typed(&b("12.34", Spot::Tableau(1))).as_deref(), Some("3 p1 1.234"));
    let p = parse("3 p1 1.234", &gr, true);
    assert_eq!(p.entries.first().map(|(e, _)| e.clone()), Some(bet(3, false, Spot::Tableau(1), "12.34")));
    // Without units, as before.
    assert_eq!(g(Game::Banque).typed(&b("40", Spot::Cheval)).as_deref(), Some("3 c 40"));
    assert_eq!(g(Game::Banque).typed(&b("12.50", Spot::Cheval)).as_deref(), Some("3 c 12.5"));
}

#[test]
fn a_seat_and_equals_names_the_player_whose_bets_come_again() {
    assert_eq!(repeat_seat("3="), Some(PlayerRef::seated(3)));
    assert_eq!(repeat_seat("4p="), Some(PlayerRef { seat: 4, standing: true }));
    assert_eq!(repeat_seat("="), None);
    assert_eq!(repeat_seat("=1200"), None);
    assert_eq!(repeat_seat("3"), None);
    assert_eq!(repeat_seat("c="), None);
}

/// R-BQ-4: a free bank's banker accepts or refuses each bet offered, typed on the line:
/// `acepta 3`, `rechaza 8p` (English `accept`, `decline`); `ac…` being typed is the
/// word, not the ace of clubs.
#[test]
fn the_banker_accepts_or_refuses_an_offer_r_bq_4() {
    let bq = Game::Banque;
    assert_eq!(
        ops("acepta 3 rechaza 8p accept 5", bq),
        vec![
            Entry::Op(Op::AcceptBet { player: PlayerRef::seated(3) }),
            Entry::Op(Op::DeclineBet { player: PlayerRef { seat: 8, standing: true } }),
            Entry::Op(Op::AcceptBet { player: PlayerRef::seated(5) }),
        ]
    );
    assert_eq!(ops("decline 4", bq), vec![Entry::Op(Op::DeclineBet { player: PlayerRef::seated(4) })]);
    let open = parse("ac", &g(bq), false);
    assert!(open.entries.is_empty() && matches!(open.tail, Tail::Incomplete(_)), "{open:?}");
    let p = parse("acepta x", &g(bq), true);
    assert!(
        matches!(&p.tail, Tail::Error(EntryError { kind: EntryErrorKind::WordArgs(w, u), .. }) if w == "acepta" && u == "acepta 3")
    );
}

#[test]
fn a_player_sits_and_leaves_on_the_entry_line_r_bq_1() {
    for game in Game::ALL {
        let join = |seat, standing| Entry::Op(Op::Join { player: PlayerRef { seat, standing }, number: None });
        let leave = |seat, standing| Entry::Op(Op::Leave { player: PlayerRef { seat, standing } });
        assert_eq!(ops("3 sienta", game), vec![join(3, false)], "{game:?}");
        assert_eq!(ops("4p sit", game), vec![join(4, true)], "{game:?}");
        assert_eq!(ops("3 sale", game), vec![leave(3, false)], "{game:?}");
        assert_eq!(ops("3 levanta 5 out", game), vec![leave(3, false), leave(5, false)], "{game:?}");
    }
}

/// Issue 49: the croupier may give a player's card number as he seats him (`3 sienta
/// 4711`): 3 to 12 digits after `sienta`, kept with the seating. A number of one or two
/// digits is the next entry's section, as before; a word that is no number is the next
/// entry, and a number too long is no card number.
#[test]
fn a_player_is_seated_with_his_card_number_r_bq_1() {
    use crate::engine::PlayerNumber;
    let number = |n: &str| PlayerNumber::parse(n).ok();
    for game in Game::ALL {
        let join = |seat, standing, n: Option<PlayerNumber>| {
            Entry::Op(Op::Join { player: PlayerRef { seat, standing }, number: n })
        };
        assert_eq!(ops("3 sienta 4711", game), vec![join(3, false, number("4711"))], "{game:?}");
        assert_eq!(ops("4p sit 007", game), vec![join(4, true, number("007"))], "{game:?}");
        assert_eq!(
            ops("3 sienta 4711 5 sienta", game),
            vec![join(3, false, number("4711")), join(5, false, None)],
            "{game:?}"
        );
        assert_eq!(ops("3 sienta 4 sienta", game), vec![join(3, false, None), join(4, false, None)], "{game:?}");
        // Thirteen digits are no card number, nor anything else: said, not taken.
        assert!(matches!(parse("3 sienta 1234567890123", &g(game), true).tail, Tail::Error(_)), "{game:?}");
    }
}

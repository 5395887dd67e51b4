//! The training module against the engine: every right answer is what the engine
//! says, sessions are the same for the same seed, wrong answers score wrong, and
//! each injected error or infraction asks for its ruling under its clause.

use super::*;
use crate::engine::{Call, Clause, Event, Game, HandId, Money, Op, Owed, Table};
use crate::i18n::Lang;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Whether a question's right answer is the engine's (`owed()`, the ruling
/// proposed, the infraction or error recorded, the settlement).
pub(super) fn check(q: &Question) -> Result<(), String> {
    let t = &q.table;
    match &q.ask {
        Ask::Choose { choices, right } => check_choose(q, choices, *right)?,
        Ask::Total { cards, right, .. } => {
            // The engine's count of the cards (R-C-1), and no card on the table shown.
            if crate::engine::card::total(cards) != *right {
                return Err(format!("total {right} of {cards:?}"));
            }
            if t.coup().play.hands.of_game(q.game()).any(|(_, h)| h.cards.total().is_some()) {
                return Err("a total asked on a table that shows cards".into());
            }
        }
        Ask::Amount { target, right, .. } => {
            let s = t.settlement().ok_or("an amount asked before the settlement")?;
            let engine = match target {
                PayTarget::Bet(b) => s.bets.iter().find(|r| r.bet == *b).map(|r| r.net).ok_or("no such bet")?,
                PayTarget::Seat(p) => s.net_of(*p),
                PayTarget::Cagnotte => s.cagnotte,
                PayTarget::Commission => s.commission,
            };
            if engine != *right {
                return Err(format!("{target:?}: {right}, the engine says {engine}"));
            }
        }
    }
    Ok(())
}

/// A question with choices: two to four, none reading as another, and the right one
/// the engine's.
fn check_choose(q: &Question, choices: &[Choice], right: usize) -> Result<(), String> {
    let c = choices.get(right).ok_or("no right choice")?;
    let texts: Vec<String> = choices.iter().map(|c| words::choice_text(Lang::Es, q.game(), c)).collect();
    for (i, a) in texts.iter().enumerate() {
        if texts[..i].contains(a) {
            return Err(format!("two choices read the same: {a}"));
        }
    }
    if !(2..=4).contains(&choices.len()) {
        return Err(format!("{} choices", choices.len()));
    }
    check_chosen(q, c)
}

/// Whether the right choice is the engine's: what is owed, the ruling proposed, the
/// infraction recorded without a ruling, or the error recorded and its effect.
fn check_chosen(q: &Question, c: &Choice) -> Result<(), String> {
    let t = &q.table;
    match (q.kind, c) {
        (Kind::Owed, Choice::Owed(o)) => {
            let duty = t.owed();
            let want = match duty.owed {
                Owed::Decide { hand, .. } => OwedChoice { hand, must: Must::Choose, clause: duty.clause },
                Owed::Card { hand, forced: true, .. } => OwedChoice { hand, must: Must::Draw, clause: duty.clause },
                other => return Err(format!("asked what is owed at {other:?}")),
            };
            if *o != want {
                return Err(format!("owed: {o:?}, the engine says {want:?}"));
            }
        }
        (Kind::Ruling, Choice::Verdict(Verdict::Ruling(p))) => {
            if t.owed().owed != (Owed::Confirm { ruling: *p }) {
                return Err(format!("ruling {p:?}, the engine owes {:?}", t.owed()));
            }
            if t.owed().clause != p.clause() {
                return Err("the ruling's clause differs".into());
            }
        }
        (Kind::Ruling, Choice::Verdict(Verdict::Recorded(inf))) => {
            if !t.coup().infractions.contains(inf) || t.coup().play.pending.is_some() {
                return Err(format!("{inf:?} is not an infraction recorded without a ruling"));
            }
        }
        (Kind::Ruling, Choice::Verdict(Verdict::Error { record, effect })) => {
            // Asked on the table as it was before the error op: the op and
            // the events the engine made of it close the story.
            let events = q.story.last().map(|(_, e)| e.as_slice()).unwrap_or(&[]);
            if !events.iter().any(|e| *e == Event::Error(record.clone())) {
                return Err(format!("{record:?} is not the error the engine recorded"));
            }
            if t.coup().errors.contains(record) {
                return Err("the table shown already has the error".into());
            }
            if Effect::of(events) != *effect {
                return Err("the effect differs from the events".into());
            }
        }
        (k, c) => return Err(format!("{k:?} question with the choice {c:?}")),
    }
    Ok(())
}

#[test]
fn every_right_answer_is_the_engines_in_every_game_r_bq_11_r_bq_15_r_bq_16_r_pb_4() {
    for game in Game::ALL {
        let mut kinds = [0u32; 4];
        for seed in 0..20 {
            let s = Session::from_seed(game, 12, seed).unwrap_or_else(|e| panic!("{game:?} seed {seed}: {e:?}"));
            assert_eq!(s.drills().len(), 12);
            for (i, d) in s.drills().iter().enumerate() {
                assert!(!d.questions.is_empty(), "{game:?} seed {seed} drill {i}: no question");
                // An error or infraction staged is always asked about.
                if d.inject.is_some() {
                    assert!(
                        d.questions.iter().any(|q| q.kind == Kind::Ruling),
                        "{game:?} seed {seed} drill {i}: {:?} staged, no ruling asked",
                        d.inject
                    );
                }
                for q in &d.questions {
                    kinds[q.kind.index()] += 1;
                    if let Err(e) = check(q) {
                        panic!("{game:?} seed {seed} drill {}: {e}", d.number);
                    }
                }
            }
        }
        assert!(kinds[..3].iter().all(|k| *k > 10), "{game:?}: questions by kind {kinds:?}");
    }
}

#[test]
fn the_drills_are_the_coups_of_one_table_and_replay() {
    for game in Game::ALL {
        let s = Session::from_seed(game, 15, 7).expect("session");
        let mut t = Table::start(s.settings().clone()).expect("table");
        for d in s.drills() {
            for (op, events) in &d.ops {
                assert_eq!(&t.play(op).expect("the engine takes the op again"), events, "{game:?} {op:?}");
            }
            assert!(t.settlement().is_some(), "every drill ends settled");
        }
        assert_eq!(t.totals().coups, 15);
    }
}

#[test]
fn the_same_seed_stages_the_same_session() {
    let a = Session::from_seed(Game::Banque, 8, 42).expect("a");
    let b = Session::from_seed(Game::Banque, 8, 42).expect("b");
    assert_eq!(a.drills(), b.drills());
    let c = Session::from_seed(Game::Banque, 8, 43).expect("c");
    assert_ne!(a.drills(), c.drills());
}

fn wrong(q: &Question) -> Answer {
    match &q.ask {
        Ask::Choose { right, choices } => Answer::Choice((right + 1) % choices.len()),
        Ask::Amount { right, .. } => Answer::Amount(right.checked_add(Money::units(10)).expect("amount")),
        Ask::Total { right, .. } => Answer::Total((right + 1) % 10),
    }
}

#[test]
fn a_wrong_answer_is_scored_wrong_and_the_right_one_right() {
    let mut s = Session::from_seed(Game::ChemindeFer, 3, 5).expect("session");
    let q = s.current().cloned().expect("a question");
    let scored = s.answer(wrong(&q)).expect("scored");
    assert!(!scored.right);
    assert_eq!(scored.expected, q.right_answer());
    assert_eq!(s.score.of(q.kind), (0, 1));
    let q2 = s.current().cloned().expect("a second question");
    let scored = s.answer(q2.right_answer()).expect("scored");
    assert!(scored.right);
    assert_eq!((s.score.right(), s.score.asked()), (1, 2));
    // The verdict says which answer was right, with its clause.
    let fb = words::feedback(Lang::En, &q, &s.history[0]);
    assert!(fb.starts_with("Wrong") && fb.contains(q.clause().id()), "{fb}");
    let fb = words::feedback(Lang::Es, &q2, &s.history[1]);
    assert!(fb.starts_with("Correcto"), "{fb}");
    // To the end: every question answered, then nothing more is asked.
    while let Some(q) = s.current().cloned() {
        s.answer(q.right_answer());
    }
    assert!(s.is_over());
    assert_eq!(s.answer(Answer::Choice(0)), None);
    assert_eq!(s.score.right() + 1, s.score.asked());
}

#[test]
fn bad_answers_are_not_scored_and_say_why() {
    let s = Session::from_seed(Game::Banque, 6, 11).expect("session");
    let choose = s.questions().find(|q| matches!(q.ask, Ask::Choose { .. })).expect("a choice question");
    let amount = s.questions().find(|q| matches!(q.ask, Ask::Amount { .. })).expect("an amount question");
    assert_eq!(choose.parse(""), Err(BadAnswer::Empty));
    let count = match &choose.ask {
        Ask::Choose { choices, .. } => choices.len(),
        Ask::Amount { .. } | Ask::Total { .. } => 0,
    };
    for bad in ["0", "9", "x", "-1", "1.5", "99999999999999999999999"] {
        assert_eq!(choose.parse(bad), Err(BadAnswer::NotAChoice { count }), "{bad}");
    }
    assert_eq!(choose.parse(" 1 "), Ok(Answer::Choice(0)));
    assert_eq!(amount.parse("cuarenta"), Err(BadAnswer::NotAnAmount));
    assert_eq!(amount.parse("1.000"), Err(BadAnswer::NotAnAmount));
    assert_eq!(amount.parse("-12,50"), Ok(Answer::Amount("-12.50".parse().expect("m"))));
    for lang in Lang::ALL {
        assert!(words::bad_answer(lang, &BadAnswer::NotAChoice { count: 4 }).contains('4'));
    }
}

/// The first ruling question of a drill staged with `inject`, over seeds, whose
/// clause is `want` (every ruling question of such drills must be one of `allowed`).
fn ruling_for(game: Game, inject: Inject, allowed: &[Clause], want: Clause) -> Question {
    for seed in 0..80 {
        let mut stager = Stager::new(training_settings(game)).expect("stager");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let d = stager.drill(Some(inject), &mut rng).expect("drill");
        for q in d.questions.iter().filter(|q| q.kind == Kind::Ruling) {
            check(q).unwrap_or_else(|e| panic!("{game:?} {inject:?} seed {seed}: {e}"));
            assert!(allowed.contains(&q.engine_clause()), "{game:?} {inject:?} seed {seed}: {}", q.engine_clause());
            if q.engine_clause() == want {
                return q.clone();
            }
        }
    }
    panic!("{game:?} {inject:?}: no ruling under {want} in 80 seeds");
}

#[test]
fn pano_1_says_no_with_4_after_pano_2_drew_r_bq_e14() {
    let q = ruling_for(Game::Banque, Inject::StoodOnDraw, &[Clause::BQE14, Clause::BQ11], Clause::BQE14);
    let Ask::Choose { choices, right } = &q.ask else { panic!("a choice") };
    let Choice::Verdict(Verdict::Ruling(crate::engine::Pending::PutRight { hand, fix, .. })) = &choices[*right] else {
        panic!("a ruling put right: {:?}", choices[*right]);
    };
    assert_eq!(*fix, Call::Draw);
    // The hand said "no", and a later hand (the other paño or the bank) took a card.
    let said_no = q.story.iter().position(|(op, _)| *op == Op::Say { hand: *hand, call: Call::Stand });
    let later_card = q
        .story
        .iter()
        .rposition(|(_, ev)| ev.iter().any(|e| matches!(e, Event::CardOut { hand: h, slot: 2, .. } if h != hand)));
    assert!(said_no.is_some() && later_card > said_no, "{:?}", q.story);
    assert!(words::choice_text(Lang::Es, q.game(), &choices[*right]).starts_with("R-BQ-E14 — "));
}

#[test]
fn every_injection_asks_its_ruling_under_its_clause() {
    use Clause as C;
    use Inject as I;
    let cases: &[(Game, Inject, &[Clause], Clause)] = &[
        (Game::Banque, I::StoodOnDraw, &[C::BQE14, C::BQ11], C::BQ11),
        (Game::Banque, I::DrewOnStand, &[C::BQE15], C::BQE15),
        (Game::Banque, I::NaturalSaidNo, &[C::BQE17], C::BQE17),
        (Game::Banque, I::DrewOnNatural, &[C::BQE17], C::BQE17),
        (Game::Banque, I::FalseNatural, &[C::BQ11], C::BQ11),
        (Game::Banque, I::BankAgainstTable, &[C::BQ14], C::BQ14),
        (Game::Banque, I::WrongAnnouncement, &[C::BQE12], C::BQE12),
        (Game::Banque, I::EarlyCards, &[C::BQE1], C::BQE1),
        (Game::Banque, I::DeadCard, &[C::BQE2], C::BQE2),
        (Game::Banque, I::StuckCards, &[C::BQE3], C::BQE3),
        (Game::Banque, I::CardOnFloor, &[C::BQE4], C::BQE4),
        (Game::Banque, I::Discarded, &[C::BQE6], C::BQE6),
        (Game::Banque, I::Exposed, &[C::BQE10], C::BQE10),
        (Game::Banque, I::LostInDiscard, &[C::BQE11], C::BQE11),
        (Game::ChemindeFer, I::StoodOnDraw, &[C::BQE14, C::CF8], C::CF8),
        (Game::ChemindeFer, I::DrewOnStand, &[C::BQE15], C::BQE15),
        (Game::ChemindeFer, I::NaturalSaidNo, &[C::BQE17], C::BQE17),
        (Game::ChemindeFer, I::BankAgainstTable, &[C::CF8], C::CF8),
        (Game::ChemindeFer, I::WrongAnnouncement, &[C::BQE12], C::BQE12),
        (Game::ChemindeFer, I::Exposed, &[C::BQE10], C::BQE10),
        (Game::ChemindeFer, I::LostInDiscard, &[C::BQE11], C::BQE11),
        (Game::PuntoBanca, I::StuckCards, &[C::BQE3], C::BQE3),
        (Game::PuntoBanca, I::DeadCard, &[C::BQE2], C::BQE2),
        (Game::PuntoBanca, I::Discarded, &[C::BQE6], C::BQE6),
        (Game::PuntoBanca, I::LostInDiscard, &[C::BQE11], C::BQE11),
    ];
    for (game, inject, allowed, want) in cases {
        ruling_for(*game, *inject, allowed, *want);
    }
}

#[test]
fn no_injection_is_refused_by_the_engine() {
    for game in Game::ALL {
        for inject in Inject::ALL.into_iter().filter(|i| i.applies(game)) {
            let mut stager = Stager::new(training_settings(game)).expect("stager");
            let mut rng = ChaCha8Rng::seed_from_u64(9);
            for _ in 0..25 {
                stager.drill(Some(inject), &mut rng).expect("drill");
            }
            assert_eq!(stager.fallbacks(), 0, "{game:?} {inject:?}: the engine refused a staged op");
        }
    }
}

/// The clause an error is recorded under is its operation's procedure
/// (`engine::procedure`, which staging reads for where an error applies), and every
/// error and wrong word staged in a game is ruled by the engine under some clause
/// there (`Stager::ruled_under`, what practice weighs it by).
#[test]
fn each_staged_error_is_recorded_under_its_procedure_and_ruled_by_the_engine() {
    let mut checked = 0;
    for game in Game::ALL {
        let stager = Stager::new(training_settings(game)).expect("stager");
        for inject in Inject::ALL.into_iter().filter(|i| i.applies(game)) {
            let ruled = stager.ruled_under(inject);
            assert!(!ruled.is_empty(), "{game:?} {inject:?}: never ruled in 12 staged coups");
            let mut s = stager.clone();
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            for _ in 0..6 {
                let d = s.drill(Some(inject), &mut rng).expect("drill");
                for (op, events) in &d.ops {
                    let Some(procedure) = crate::engine::procedure(op) else { continue };
                    let recorded: Vec<Clause> = events
                        .iter()
                        .filter_map(|e| match e {
                            Event::Error(r) => Some(r.clause),
                            _ => None,
                        })
                        .collect();
                    // An announcement records an error only when it is wrong.
                    if let Some(first) = recorded.first() {
                        assert_eq!(*first, procedure, "{game:?} {op:?}: {recorded:?}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked >= 100, "{checked} errors recorded by staged drills");
}

#[test]
fn stuck_cards_void_the_coup_and_every_bet_stays_r_bq_e3() {
    let q = ruling_for(Game::Banque, Inject::StuckCards, &[Clause::BQE3], Clause::BQE3);
    let Ask::Choose { choices, right } = &q.ask else { panic!("a choice") };
    assert!(matches!(&choices[*right], Choice::Verdict(Verdict::Error { effect: Effect::Void, .. })));
    for lang in Lang::ALL {
        // The words of the verdict are the consequence, not the situation.
        let text = words::choice_text(lang, q.game(), &choices[*right]);
        assert!(text.starts_with("R-BQ-E3 — ") && !text.contains("pegadas") && !text.contains("stuck"), "{text}");
    }
}

#[test]
fn punto_y_banca_stages_no_error_of_words_r_pb_7() {
    for i in Inject::ALL {
        let takes = crate::engine::error_applies(
            Game::PuntoBanca,
            match i {
                Inject::EarlyCards => Clause::BQE1,
                Inject::DeadCard => Clause::BQE2,
                Inject::StuckCards => Clause::BQE3,
                Inject::CardOnFloor => Clause::BQE4,
                Inject::Discarded => Clause::BQE6,
                Inject::LostInDiscard => Clause::BQE11,
                Inject::Exposed => Clause::BQE10,
                Inject::WrongAnnouncement => Clause::BQE12,
                _ => Clause::BQE14,
            },
        );
        assert_eq!(i.applies(Game::PuntoBanca), takes, "{i:?}");
    }
    let _ = HandId::Punto;
}

/// Every argument a training text takes, each given `1` to read the texts.
const SAMPLE_ARGS: &[&str] = &[
    "mean",
    "target",
    "hand",
    "card",
    "cards",
    "count",
    "total",
    "call",
    "player",
    "amount",
    "spot",
    "bets",
    "right",
    "asked",
    "owed",
    "ruling",
    "payout",
    "answer",
    "n",
    "game",
    "drills",
    "seed",
    "path",
    "kind",
    "prompt",
    "op",
    "refusal",
    "why",
    "words",
    "parts",
    "sum",
    "one",
    "two",
    "first",
    "second",
    "units",
    "unit",
    "half",
    "parts",
    "net",
    "rate",
    "exact",
    "quantum",
    "cagnotte",
    "commission",
    "clause",
    "section",
];

#[test]
fn every_training_text_reads_in_both_languages() {
    let args: Vec<(&str, String)> = SAMPLE_ARGS.iter().map(|k| (*k, "1".to_string())).collect();
    for id in words::all_message_ids() {
        let es = crate::i18n::try_tr_args(Lang::Es, id, &args);
        let en = crate::i18n::try_tr_args(Lang::En, id, &args);
        assert!(es.is_some() && en.is_some(), "{id} missing");
        // `train-third` is a card and a hand (`9♥ → Paño 1`): no words of its own.
        if id != "train-third" {
            assert_ne!(es, en, "{id}: the same in both languages");
        }
    }
    for c in cite::WORDED {
        let id = cite::clause_message_id(*c);
        let es = crate::i18n::try_tr_args(Lang::Es, &id, &args);
        let en = crate::i18n::try_tr_args(Lang::En, &id, &args);
        assert!(es.is_some() && en.is_some() && es != en, "{id}");
        assert!(es.is_some_and(|t| t.starts_with(c.id())), "{id} names its clause");
    }
    // And every question of a session renders without a raw id or a brace.
    for lang in Lang::ALL {
        let s = Session::from_seed(Game::Banque, 10, 3).expect("session");
        for q in s.questions() {
            let mut all = vec![words::prompt(lang, q)];
            all.extend(words::choice_lines(lang, q));
            all.extend(words::table_lines(lang, &q.table));
            all.extend(words::story_lines(lang, &q.story));
            all.push(words::answer_text(lang, q, &q.right_answer()));
            for t in all {
                assert!(!t.contains("train-") && !t.contains('{') && !t.contains("««"), "{t}");
            }
        }
    }
}

//! Unit tests of `start` (a file of their own: the module stays under 800 lines).

use super::*;

#[test]
fn the_form_reads_into_settings_r_bq_4_r_bq_16() {
    let mut f = StartForm {
        table_name: "Mesa 3".into(),
        croupier: "Ana".into(),
        unit: "10".into(),
        banker: "5".into(),
        bank: "1000".into(),
        bank_limit: BankLimit::Free,
        ..StartForm::default()
    };
    let c = f.read(Lang::Es).expect("reads");
    assert_eq!(c.settings.game, Game::Banque);
    assert_eq!(c.settings.cagnotte, Rate::five_percent());
    assert_eq!(c.settings.unit, "10".parse::<Money>().expect("m"));
    assert_eq!(c.settings.bank_limit, BankLimit::Free);
    assert_eq!(c.banker, Some((PlayerRef::seated(5), "1000".parse::<Money>().expect("m"))));
    f.bank = "0".into();
    assert!(f.read(Lang::Es).is_err());
    f.bank.clear();
    f.banker.clear();
    assert_eq!(f.read(Lang::Es).expect("reads").banker, None);
    f.set_game(Game::PuntoBanca);
    assert_eq!(f.rate_percent, "5");
    f.banker = "3".into();
    let c = f.read(Lang::En).expect("reads");
    assert_eq!(c.banker, None);
    f.sections = "40".into();
    assert!(f.read(Lang::En).unwrap_err().contains("R-C-3"));
}

#[test]
fn a_house_file_fills_the_form_and_a_bad_one_stops_the_shift_r_bq_16() {
    let dir = tempfile::tempdir().expect("dir");
    let france = dir.path().join("france.ron");
    std::fs::write(&france, include_str!("../../assets/house/france.ron")).expect("write");
    let mut f = StartForm {
        table_name: "Mesa 3".into(),
        croupier: "Ana".into(),
        house_path: france.display().to_string(),
        ..StartForm::default()
    };
    f.load_house();
    assert_eq!(f.house_problem, None);
    // Banque at a limited bank: 2 %; the free bank: 1.25 %; the rounding to ten cents.
    assert_eq!(f.rate_percent, "2");
    f.set_bank_limit(BankLimit::Free);
    assert_eq!(f.rate_percent, "1.25");
    let c = f.read(Lang::Es).expect("reads");
    assert_eq!(c.settings.cagnotte, "0.0125".parse().expect("rate"));
    assert_eq!(c.settings.rounding.quantum, "0.10".parse::<Money>().expect("m"));
    f.set_game(Game::ChemindeFer);
    assert_eq!(f.rate_percent, "5");
    // A bad file: said with its line and column, and no shift opens.
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "House(\n  name: \"x\",\n  banque: (cagnote: \"0.02\"),\n)").expect("write");
    f.house_path = bad.display().to_string();
    f.load_house();
    let e = f.read(Lang::Es).unwrap_err();
    assert!(e.contains("bad.ron:3:"), "{e}");
    assert!(e.contains("cagnote"), "{e}");
    // Emptying the field goes back to Sabot's defaults.
    f.house_path.clear();
    f.load_house();
    assert!(f.read(Lang::Es).is_ok());
}

/// Issue 51: a table's or croupier's name longer than a log (and the pit) takes is
/// refused on the form, naming its field, before any log is made.
#[test]
fn a_name_longer_than_a_log_takes_is_refused_on_the_form() {
    let max = crate::journal::bounds::MAX_NAME;
    let mut f = StartForm { table_name: "Mesa 3".into(), croupier: "Ñ".repeat(max), ..StartForm::default() };
    assert!(f.read(Lang::En).is_ok(), "the longest name is taken");
    f.croupier.push('a');
    let (field, why) = f.read_field(Lang::En).err().unwrap_or((Field::House, String::new()));
    assert_eq!(field, Field::Croupier);
    assert!(why.contains(&format!("longer than {max} characters")), "{why}");
    f.croupier = "Ana".into();
    f.table_name = "M".repeat(max + 1);
    assert_eq!(f.read_field(Lang::Es).err().map(|e| e.0), Some(Field::Table));
}

//! Unit tests of `house` (a file of their own: the module stays under 800 lines).

use super::*;

#[test]
fn locate_finds_a_key_under_its_parents_not_in_strings_or_comments() {
    let text = "// banque: not here\nHouse(\n  name: \"banque: no\",\n  unit: \"1\",\n  banque: (\n    unit: \"0\",\n    house: (table_min: \"5\"),\n  ),\n)";
    assert_eq!(locate(text, &["unit"]), Some((4, 3)));
    assert_eq!(locate(text, &["banque"]), Some((5, 3)));
    assert_eq!(locate(text, &["banque", "unit"]), Some((6, 5)));
    assert_eq!(locate(text, &["banque", "house", "table_min"]), Some((7, 13)));
    assert_eq!(locate(text, &["punto_banca"]), None);
}

#[test]
fn a_free_bank_takes_its_own_cagnotte_r_bq_16() {
    let h =
        parse("House(name: \"x\", banque: (cagnotte: \"0.02\", cagnotte_free_bank: \"0.0125\"))", Path::new("x.ron"))
            .expect("reads");
    assert_eq!(h.settings(Game::Banque, None).cagnotte, "0.02".parse().expect("rate"));
    assert_eq!(h.settings(Game::Banque, Some(BankLimit::Free)).cagnotte, "0.0125".parse().expect("rate"));
    // Chemin de fer keeps the default.
    assert_eq!(h.settings(Game::ChemindeFer, None).cagnotte, Rate::five_percent());
}

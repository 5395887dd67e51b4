//! Shift summaries put together by table, croupier, day or game (`sabot report --by`).

use super::*;

/// What shifts are grouped by, across logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupBy {
    Table,
    Croupier,
    /// The day the shift started (its own local date).
    Day,
    /// A banker: his table and seat.
    Banker,
}

/// Shifts' totals together.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Group {
    pub key: String,
    pub shifts: u32,
    pub coups: u32,
    pub void_coups: u32,
    pub brought_in: Money,
    pub taken_out: Money,
    pub bank_net: Money,
    pub cagnotte: Money,
    pub commission: Money,
    pub house_net: Money,
    pub errors: u32,
    pub infractions: u32,
    pub amendments: u32,
    /// Times the croupier took back his own entries before payment.
    pub corrections: u32,
    /// A sum passed what an amount can hold: the group's amounts are not to be shown.
    pub overflow: bool,
}

/// Adds `b` to a group's total; a sum past what an amount can hold marks the group
/// (`Group::overflow`) instead of being clipped.
fn add_to(a: &mut Money, b: Money, overflow: &mut bool) {
    match a.checked_add(b) {
        Ok(sum) => *a = sum,
        Err(_) => *overflow = true,
    }
}

/// Totals per table, croupier, day or banker across `shifts`, in key order.
pub fn groups(shifts: &[Summary], by: GroupBy) -> Vec<Group> {
    let mut map: BTreeMap<String, Group> = BTreeMap::new();
    for s in shifts {
        if by == GroupBy::Banker {
            for b in &s.bankers {
                let seat = b.player.map_or_else(|| "-".to_string(), |p| p.to_string());
                let key = format!("{} · {seat}", s.table);
                // In seat order within a table (the bank the log began with first).
                let order = format!(
                    "{}\u{0}{:04}",
                    s.table,
                    b.player.map_or(0, |p| u32::from(p.seat) * 2 + 1 + u32::from(p.standing))
                );
                let g = map.entry(order).or_insert_with(|| Group { key, ..Default::default() });
                g.shifts += 1;
                g.coups += b.coups;
                add_to(&mut g.brought_in, b.brought_in, &mut g.overflow);
                add_to(&mut g.taken_out, b.taken_out, &mut g.overflow);
                add_to(&mut g.bank_net, b.bank_net, &mut g.overflow);
                add_to(&mut g.cagnotte, b.cagnotte, &mut g.overflow);
            }
            continue;
        }
        let key = match by {
            GroupBy::Croupier => s.croupier.clone(),
            GroupBy::Day => s.started.format("%Y-%m-%d").to_string(),
            GroupBy::Table | GroupBy::Banker => s.table.clone(),
        };
        let g = map.entry(key.clone()).or_insert_with(|| Group { key, ..Default::default() });
        g.shifts += 1;
        g.coups += s.coups;
        g.void_coups += s.void_coups;
        let r = &s.reconciliation;
        add_to(&mut g.brought_in, r.brought_in, &mut g.overflow);
        add_to(&mut g.taken_out, r.taken_out, &mut g.overflow);
        add_to(&mut g.bank_net, r.bank_net, &mut g.overflow);
        add_to(&mut g.cagnotte, r.cagnotte, &mut g.overflow);
        add_to(&mut g.commission, s.commission, &mut g.overflow);
        add_to(&mut g.house_net, s.house_net, &mut g.overflow);
        g.errors += s.errors_total();
        g.infractions += s.infractions_total();
        g.amendments += s.amendments.len() as u32;
        g.corrections += s.corrections;
    }
    map.into_values().collect()
}

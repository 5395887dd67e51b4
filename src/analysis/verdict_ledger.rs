//! The shift's books and its correction: every chooser's books, each party's figures
//! under each chooser and over every chooser together, Holm's step-down over the
//! figures that could pass (Tarone), and who is named.

use super::*;

/// Every chooser's books, in the order they first chose.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ledger {
    books: Vec<(Decider, Books)>,
}

/// Where a figure was weighed: under one chooser (his index), or every chooser together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    One(usize),
    All,
}

/// A party's choices under a figure's choosers, as the naming filter reads them: the
/// choices that mattered pooled, and the two departures figures' strata, decided and
/// free (two per chooser each, in the same order in every view of a figure).
#[derive(Clone, Debug, Default)]
struct View {
    flat: Flat,
    bound: Vec<Sides>,
    strata: Vec<Sides>,
}

/// A view as figures: the pooled counts, where the departures from the table fell,
/// where the departures in free choices fell.
type Parts = (Gathered, Directed, Directed);

impl View {
    /// One chooser's books of these choices (none: nothing of his): `mine` his side
    /// of them, `all` his whole side (the other side is the chooser's other choices),
    /// or none for a part to be taken away.
    fn push(
        &mut self,
        (books, habits): (&Books, &[Stratum]),
        flat: Option<&Flat>,
        mine: Option<&SideMap>,
        all: Option<&SideMap>,
    ) {
        if let Some(f) = flat {
            self.flat.merge(f);
        }
        self.bound.extend(books.sides(true, habits, mine, all));
        self.strata.extend(books.sides(false, habits, mine, all));
    }

    /// These choices as figures.
    fn whole(&self) -> Parts {
        (self.flat.gathered(), Directed::of(self.bound.iter().copied()), Directed::of(self.strata.iter().copied()))
    }

    /// What is left once the choices of `o` (a part of his side) are taken out.
    fn without(&self, o: &View) -> Parts {
        let less = |a: &[Sides], b: &[Sides]| Directed::of(a.iter().zip(b).map(|(a, b)| a.without(b)));
        (self.flat.without(&o.flat), less(&self.bound, &o.bound), less(&self.strata, &o.strata))
    }
}

/// A figure before the correction.
struct Figure {
    scope: Scope,
    gainer: Gainer,
    /// The filter's views: all his choices, those a party shared, those he alone
    /// stood to gain from.
    all: View,
    shared: BTreeMap<PlayerRef, View>,
    alone: View,
}

impl Ledger {
    pub fn add(&mut self, d: &Decision, opts: Options) {
        let i = match self.books.iter().position(|(k, _)| *k == d.decider) {
            Some(i) => i,
            None => {
                self.books.push((d.decider, Books::default()));
                self.books.len() - 1
            }
        };
        if let Some((_, b)) = self.books.get_mut(i) {
            b.add(d, opts);
        }
    }

    /// A party's figure over these choosers' books of him (`banco`: of his bancos
    /// alone): the counts' parts (habits left out), and the filter's views.
    fn figure(
        &self,
        scope: Scope,
        (p, banco): (PlayerRef, bool),
        list: &[(usize, &PartyBook)],
        habits: &[Vec<Stratum>],
        opts: Options,
    ) -> Figure {
        let (mut g, mut in_habits) = (Gathered::default(), 0);
        let (mut all, mut alone) = (View::default(), View::default());
        let mut shared: BTreeMap<PlayerRef, View> =
            list.iter().flat_map(|(_, b)| b.shared.keys()).map(|q| (*q, View::default())).collect();
        for (i, book) in list {
            let b = (&self.books[*i].1, habits[*i].as_slice());
            let (gi, hi) = b.0.gathered(book, b.1);
            g.free.extend(gi.free);
            in_habits += hi;
            let whole = Some(&book.sides.all);
            all.push(b, Some(&book.flat), whole, whole);
            alone.push(b, Some(&book.alone), Some(&book.sides.alone), whole);
            for (q, v) in shared.iter_mut() {
                v.push(b, book.shared.get(q), book.sides.shared.get(q), None);
            }
        }
        let books: Vec<&PartyBook> = list.iter().map(|(_, b)| *b).collect();
        let (_, bound, directed) = all.whole();
        let gainer = gainer((p, banco), &books, &g, [bound, directed], in_habits, opts);
        Figure { scope, gainer, all, shared, alone }
    }

    /// Every party's figures: under each chooser, and together where several choosers
    /// mattered to him; and beside a seat's, the figures of his bancos alone, where
    /// they were not all his choices that mattered (a colluder may serve a friend only
    /// when he calls banco: by banco caller, issue 49).
    fn figures(&self, opts: Options) -> Vec<Figure> {
        let mut out = Vec::new();
        let mut together: BTreeMap<(PlayerRef, bool), Vec<(usize, &PartyBook)>> = BTreeMap::new();
        let habits: Vec<Vec<Stratum>> = self.books.iter().map(|(_, b)| b.habit_strata()).collect();
        for (i, (_, b)) in self.books.iter().enumerate() {
            let seats = b.parties.iter().map(|(p, book)| ((*p, false), book));
            let bancos = b.bancos.iter().map(|(p, book)| ((*p, true), book));
            for (key, book) in seats.chain(bancos) {
                if book.mattered == 0 && book.money.0 <= 0.0 {
                    continue;
                }
                together.entry(key).or_default().push((i, book));
                if !key.1 || book.mattered < b.parties.get(&key.0).map_or(0, |s| s.mattered) {
                    out.push(self.figure(Scope::One(i), key, &[(i, book)], &habits, opts));
                }
            }
        }
        let mattered = |list: &[(usize, &PartyBook)]| list.iter().map(|(_, b)| b.mattered).sum::<u32>();
        for (key, list) in &together {
            if list.iter().filter(|(_, b)| b.mattered > 0).count() < 2 {
                continue;
            }
            if key.1 && mattered(list) >= together.get(&(key.0, false)).map_or(0, |l| mattered(l)) {
                continue;
            }
            out.push(self.figure(Scope::All, *key, list, &habits, opts));
        }
        out
    }

    /// Every figure corrected and who is named; with Tarone's `K` and all weighed.
    /// Each party's figure is three: departures from the table that served him, free
    /// choices his way, and where the chooser's departures fell, weighed apart (a free
    /// choice's shortfall cannot hide departures, nor the reverse), each one figure of
    /// the correction.
    fn corrected(&self, opts: Options) -> (Vec<Figure>, u32, u32) {
        let mut figs = self.figures(opts);
        // (figure, part) for every part with something to weigh.
        let mut parts: Vec<(usize, usize)> = Vec::new();
        for (i, f) in figs.iter().enumerate() {
            for part in 0..3 {
                if f.gainer.weighs(part) {
                    parts.push((i, part));
                }
            }
        }
        let weighed = parts.len() as u32;
        let least: Vec<f64> = parts.iter().map(|(i, part)| figs[*i].gainer.least[*part]).collect();
        let k = tarone(&least, opts.alpha);
        let chance = |(i, part): (usize, usize)| figs[i].gainer.chances[part].p;
        parts.sort_by(|a, b| chance(*a).total_cmp(&chance(*b)));
        // Holm: the j-th smallest (from 0) of the K counted against alpha / (K − j).
        let (mut running, mut step) = (0.0f64, 0u32);
        for &(i, part) in &parts {
            let g = &mut figs[i].gainer;
            let counted = g.least[part] <= opts.alpha / f64::from(k);
            let factor = f64::from(if counted { k.saturating_sub(step).max(1) } else { k });
            running = running.max((g.chances[part].p * factor).min(1.0));
            g.p_parts[part] = running;
            g.p_value = g.p_value.min(running);
            step += u32::from(counted);
        }
        let mut order: Vec<usize> = (0..figs.len()).collect();
        // The least likely first; of chances alike (both under what a float holds), the
        // more served.
        order.sort_by(|a, b| {
            let (x, y) = (&figs[*a].gainer, &figs[*b].gainer);
            x.p_value.total_cmp(&y.p_value).then(y.served.cmp(&x.served))
        });
        name(&mut figs, &order, opts.alpha, k, opts.lapse);
        (figs, k, weighed)
    }

    /// Every verdict and every party's figure over the choosers together, corrected
    /// once.
    pub fn judge(&self, opts: Options) -> Judged {
        let (figs, k, weighed) = self.corrected(opts);
        let verdicts = self
            .books
            .iter()
            .enumerate()
            .map(|(i, (decider, b))| {
                let mut gainers: Vec<Gainer> =
                    figs.iter().filter(|f| f.scope == Scope::One(i)).map(|f| f.gainer.clone()).collect();
                sort(&mut gainers);
                verdict_of(*decider, b, gainers, k, weighed, opts)
            })
            .collect();
        let mut seats: Vec<Gainer> = figs.into_iter().filter(|f| f.scope == Scope::All).map(|f| f.gainer).collect();
        sort(&mut seats);
        Judged { verdicts, seats, tests: k, weighed }
    }

    /// Each chooser's verdict, with the parties his choices mattered to.
    pub fn verdicts(&self, opts: Options) -> Vec<Verdict> {
        self.judge(opts).verdicts
    }
}

/// A shift judged: each chooser's verdict, each party's figure over every chooser
/// together (only for a party several choosers' choices mattered to), the figures
/// the correction counted (Tarone's `K`) and all those weighed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Judged {
    pub verdicts: Vec<Verdict>,
    pub seats: Vec<Gainer>,
    pub tests: u32,
    pub weighed: u32,
}

/// The least likely first; of equal chances, the more served.
fn sort(g: &mut [Gainer]) {
    g.sort_by(|a, b| a.chance.p.total_cmp(&b.chance.p).then(b.served.cmp(&a.served)));
}

/// Tarone's `K`: the least `k` such that at most `k` figures could reach `alpha / k`.
fn tarone(least: &[f64], alpha: f64) -> u32 {
    let mut k = 1u32;
    loop {
        let could = least.iter().filter(|l| **l <= alpha / f64::from(k)).count() as u32;
        if could <= k {
            return k;
        }
        k += 1;
    }
}

/// Names the parties whose figure passes, the least likely first. Where a party named
/// before him shared his side in some of his choices, he is named only if his figure
/// over the other choices still passes, at `alpha / K` (a seat that bets on the
/// friend's paño is not named for the friend's service); where two or more did, only
/// if it passes too over the choices he alone stood to gain from (a seat among two
/// friends served in turn). Each of his three parts counts: the least of them.
fn name(figs: &mut [Figure], order: &[usize], alpha: f64, k: u32, lapse: f64) {
    let passes = |(g, b, d): Parts| {
        let least = g.chance(lapse).p.min(b.chance().p).min(d.chance().p);
        least * f64::from(k.max(1)) < alpha
    };
    let mut named: Vec<PlayerRef> = Vec::new();
    for &i in order {
        let f = &figs[i];
        if f.gainer.p_value >= alpha {
            continue;
        }
        let me = f.gainer.player;
        let sharing: Vec<&View> = named.iter().filter(|q| **q != me).filter_map(|q| f.shared.get(q)).collect();
        let apart = sharing.iter().all(|shared| passes(f.all.without(shared)));
        let alone = sharing.len() < 2 || passes(f.alone.whole());
        if apart && alone {
            let g = &mut figs[i].gainer;
            g.named = true;
            g.named_on = g.p_parts.map(|p| p < alpha);
            if !named.contains(&me) {
                named.push(me);
            }
        }
    }
}

/// A party's figure, before the correction.
fn gainer(
    (player, bancos): (PlayerRef, bool),
    books: &[&PartyBook],
    g: &Gathered,
    [bound_directed, directed]: [Directed; 2],
    in_habits: u32,
    opts: Options,
) -> Gainer {
    let sum = |f: fn(&PartyBook) -> u32| books.iter().map(|b| f(b)).sum::<u32>();
    let mattered = sum(|b| b.mattered);
    let role = if bancos {
        Role::Banco
    } else if sum(|b| b.banker) * 2 > mattered {
        Role::Banker
    } else if sum(|b| b.bancos) * 2 > mattered && mattered > 0 {
        Role::Banco
    } else {
        Role::Seat
    };
    let free = g;
    let (bound, weighed) = (bound_directed.weighed(), directed.weighed());
    let chances = [bound_directed.chance(), free.chance(opts.lapse), directed.chance()];
    let chance = chances.iter().copied().fold(Chance::ONE, |a, c| if c.p < a.p { c } else { a });
    Gainer {
        player,
        role,
        bancos,
        mattered,
        served: sum(|b| b.served),
        honest: books.iter().map(|b| b.honest).sum(),
        in_habits,
        parts: [
            (bound.served, bound.could_serve),
            (free.served(), free.mattered()),
            (weighed.served, weighed.departures()),
        ],
        parts_honest: [bound_directed.honest(), free.honest(opts.lapse), directed.honest()],
        chances,
        chance,
        figure: g.clone(),
        least: [bound_directed.least_chance(), free.least_chance(opts.lapse), directed.least_chance()],
        bound_directed,
        directed,
        p_parts: [1.0; 3],
        p_value: 1.0,
        named: false,
        named_on: [false; 3],
        gained: books.iter().map(|b| b.money.0).sum(),
        expected: books.iter().map(|b| b.money.1).sum(),
    }
}

/// A chooser's verdict from his books and his parties' corrected figures.
fn verdict_of(decider: Decider, b: &Books, gainers: Vec<Gainer>, k: u32, weighed: u32, opts: Options) -> Verdict {
    let p_value = gainers.iter().map(|g| g.p_value).fold(1.0, f64::min);
    Verdict {
        decider,
        decisions: b.decisions,
        against_best: b.against_best,
        given_away: b.given,
        honest_given: b.honest_given,
        bound: b.bound,
        departures: b.departures,
        departed_given: b.departed_given,
        departures_chance: binomial_tail(b.bound, b.departures, opts.lapse),
        free: b.free_count,
        free_given: b.free.observed,
        free_honest: b.free.expected,
        free_chance: b.free.chance(),
        habits: b.habits(),
        p_value,
        tests: k,
        weighed,
        flagged: gainers.iter().any(|g| g.named),
        gainers,
    }
}

/// Each chooser's verdict from a shift's choices, in the order they first chose.
pub fn verdicts(decisions: &[Decision], opts: Options) -> Vec<Verdict> {
    let mut l = Ledger::default();
    for d in decisions {
        l.add(d, opts);
    }
    l.verdicts(opts)
}

/// A player seated with a card number (issue 49): his figure's parts from one ledger,
/// to be pooled with his parts from others (other tables, other days).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Numbered {
    pub gathered: Gathered,
    /// Where the choosers' departures from the table fell, and their departures in
    /// free choices (each ledger's strata beside the others').
    pub bound_directed: Directed,
    pub directed: Directed,
    pub mattered: u32,
    pub served: u32,
    pub honest: f64,
    pub in_habits: u32,
    pub gained: f64,
    pub expected: f64,
    /// Where he sat when it mattered.
    pub places: Vec<PlayerRef>,
}

impl Numbered {
    pub fn merge(&mut self, o: &Numbered) {
        self.gathered.free.extend(o.gathered.free.iter().copied());
        self.bound_directed.extend(&o.bound_directed);
        self.directed.extend(&o.directed);
        self.mattered += o.mattered;
        self.served += o.served;
        self.honest += o.honest;
        self.in_habits += o.in_habits;
        self.gained += o.gained;
        self.expected += o.expected;
        for p in &o.places {
            if !self.places.contains(p) {
                self.places.push(*p);
            }
        }
    }
}

/// A numbered player's figure, pooled and corrected.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerFigure {
    pub number: PlayerNumber,
    pub parts: Numbered,
    pub chance: Chance,
    pub p_value: f64,
    pub named: bool,
}

impl Ledger {
    /// Every numbered player's parts in this ledger, each chooser's habits left out.
    pub fn numbered(&self) -> BTreeMap<PlayerNumber, Numbered> {
        let mut out: BTreeMap<PlayerNumber, Numbered> = BTreeMap::new();
        for (_, b) in &self.books {
            let habits = b.habit_strata();
            for (n, book) in &b.by_number {
                let (g, in_habits) = b.gathered(book, &habits);
                let whole = Some(&book.sides.all);
                let part = Numbered {
                    gathered: g,
                    bound_directed: Directed::of(b.sides(true, &habits, whole, whole)),
                    directed: Directed::of(b.sides(false, &habits, whole, whole)),
                    mattered: book.mattered,
                    served: book.served,
                    honest: book.honest,
                    in_habits,
                    gained: book.money.0,
                    expected: book.money.1,
                    places: book.places.iter().copied().collect(),
                };
                out.entry(n.clone()).or_default().merge(&part);
            }
        }
        out
    }
}

/// Each numbered player's pooled figure, corrected by Holm over those that could reach
/// `alpha` (Tarone), the least likely first; named when his own passes.
pub fn judge_numbered(pooled: BTreeMap<PlayerNumber, Numbered>, opts: Options) -> (Vec<PlayerFigure>, u32) {
    let mut figs: Vec<(PlayerFigure, f64)> = pooled
        .into_iter()
        .map(|(number, parts)| {
            // The three parts apart, the smallest tripled (Bonferroni).
            let free = &parts.gathered;
            let (b, d) = (&parts.bound_directed, &parts.directed);
            let p = free.chance(opts.lapse).p.min(b.chance().p).min(d.chance().p);
            let chance = Chance::bound((3.0 * p).min(1.0));
            let least = 3.0 * free.least_chance(opts.lapse).min(b.least_chance()).min(d.least_chance());
            (PlayerFigure { number, parts, chance, p_value: 1.0, named: false }, least)
        })
        .collect();
    let k = tarone(&figs.iter().map(|f| f.1).collect::<Vec<_>>(), opts.alpha);
    figs.sort_by(|a, b| a.0.chance.p.total_cmp(&b.0.chance.p));
    let (mut running, mut step) = (0.0f64, 0u32);
    for (f, least) in &mut figs {
        let counted = *least <= opts.alpha / f64::from(k);
        let factor = f64::from(if counted { k.saturating_sub(step).max(1) } else { k });
        running = running.max((f.chance.p * factor).min(1.0));
        f.p_value = running;
        f.named = counted && running < opts.alpha;
        step += u32::from(counted);
    }
    (figs.into_iter().map(|f| f.0).collect(), k)
}

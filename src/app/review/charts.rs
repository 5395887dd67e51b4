//! The review's charts: the bank over the shift, the cumulative cagnotte, coups per
//! hour; drawn with egui_plot on screen and as a PNG (`image`) for export. The
//! amounts become floating point only to be drawn; every figure shown in words
//! comes from the summary's `Money`.

use super::Loaded;
use crate::engine::Money;
use rust_decimal::prelude::ToPrimitive;

/// Which chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    Bank,
    Cagnotte,
    PerHour,
}

impl Chart {
    pub const ALL: [Chart; 3] = [Chart::Bank, Chart::Cagnotte, Chart::PerHour];

    pub fn title_id(self) -> &'static str {
        match self {
            Chart::Bank => "review-chart-bank",
            Chart::Cagnotte => "review-chart-cagnotte",
            Chart::PerHour => "review-chart-per-hour",
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            Chart::Bank => "bank",
            Chart::Cagnotte => "cagnotte",
            Chart::PerHour => "coups-per-hour",
        }
    }
}

fn f(m: Money) -> f64 {
    m.decimal().to_f64().unwrap_or(0.0)
}

/// The points of a line chart (x: the coup's number), or the bars of coups per hour
/// (x: hours from the first coup's hour).
pub fn points(chart: Chart, s: &Loaded) -> Vec<[f64; 2]> {
    match chart {
        // Punto y Banca has no bank: no line (never a flat zero).
        Chart::Bank if !s.summary.game.has_bank() => Vec::new(),
        Chart::Bank => {
            let mut v = vec![[0.0, f(s.summary.reconciliation.bank_start)]];
            v.extend(s.coups.iter().map(|c| [f64::from(c.number), f(c.bank_after)]));
            v
        }
        Chart::Cagnotte => {
            // A chart's points are floats: summed as such, never clipped as money.
            let mut sum = 0.0;
            let mut v = vec![[0.0, 0.0]];
            for c in &s.coups {
                sum += f(c.cagnotte) + f(c.commission);
                v.push([f64::from(c.number), sum]);
            }
            v
        }
        Chart::PerHour => per_hour(s).into_iter().enumerate().map(|(i, (_, n))| [i as f64, f64::from(n)]).collect(),
    }
}

/// Coups settled in each hour of the shift, from the first coup's hour to the last's
/// (hours without a coup included): the hour's label (`22:00`) and the count.
pub fn per_hour(s: &Loaded) -> Vec<(String, u32)> {
    let (labels, mut counts) = per_hour_together(&[s]);
    labels.into_iter().zip(counts.pop().unwrap_or_default()).collect()
}

/// A round step (1, 2 or 5 times a power of ten) near `raw`; a whole number when
/// `whole`.
pub fn nice_step(raw: f64, whole: bool) -> f64 {
    if !raw.is_finite() || raw <= 0.0 {
        return 1.0;
    }
    let mag = 10f64.powf(raw.log10().floor());
    let n = raw / mag;
    let step = mag
        * if n <= 1.0 {
            1.0
        } else if n <= 2.0 {
            2.0
        } else if n <= 5.0 {
            5.0
        } else {
            10.0
        };
    if whole { step.max(1.0) } else { step }
}

/// Colours of the shifts drawn together, in the order they are listed.
const PALETTE: [egui::Color32; 6] = [
    egui::Color32::from_rgb(230, 120, 100),
    egui::Color32::from_rgb(110, 170, 230),
    egui::Color32::from_rgb(150, 200, 110),
    egui::Color32::from_rgb(220, 180, 80),
    egui::Color32::from_rgb(190, 140, 220),
    egui::Color32::from_rgb(120, 200, 190),
];

fn colour(i: usize) -> egui::Color32 {
    PALETTE[i % PALETTE.len()]
}

/// Each shift's name on the charts: its table, croupier and the time it started
/// (`Mesa 3 · Ana · 22:00`), and its place in the list when two still read alike (two
/// copies of a table's shifts started the same minute): a legend never merges two
/// shifts into one entry.
pub fn names(shifts: &[&Loaded]) -> Vec<String> {
    let base: Vec<String> = shifts
        .iter()
        .map(|s| format!("{} · {} · {}", s.summary.table, s.summary.croupier, s.summary.started.format("%H:%M")))
        .collect();
    base.iter()
        .enumerate()
        .map(|(i, b)| if base.iter().filter(|o| *o == b).count() > 1 { format!("{b} ({})", i + 1) } else { b.clone() })
        .collect()
}

/// Coups per hour of several shifts on one axis of hours: from the earliest first coup's
/// hour to the latest last coup's, each shift's count in each hour, and the hours'
/// labels (`19:00`).
pub fn per_hour_together(shifts: &[&Loaded]) -> (Vec<String>, Vec<Vec<u32>>) {
    let hour = |t: &chrono::DateTime<chrono::FixedOffset>| t.timestamp().div_euclid(3600);
    let firsts = shifts.iter().filter_map(|s| s.coups.first().map(|c| hour(&c.settled)));
    let lasts = shifts.iter().filter_map(|s| s.coups.last().map(|c| hour(&c.settled)));
    let (Some(h0), Some(h1)) = (firsts.min(), lasts.max()) else { return (Vec::new(), Vec::new()) };
    let hours = (h1 - h0 + 1).clamp(1, 24 * 31) as usize;
    let counts = shifts
        .iter()
        .map(|s| {
            let mut v = vec![0u32; hours];
            for c in &s.coups {
                v[(hour(&c.settled) - h0).clamp(0, hours as i64 - 1) as usize] += 1;
            }
            v
        })
        .collect();
    let offset = shifts.iter().find_map(|s| s.coups.first().map(|c| *c.settled.offset()));
    let labels = (0..hours)
        .map(|i| {
            let at = chrono::DateTime::from_timestamp((h0 + i as i64) * 3600, 0);
            match (at, offset) {
                (Some(t), Some(o)) => t.with_timezone(&o).format("%H:00").to_string(),
                _ => String::new(),
            }
        })
        .collect();
    (labels, counts)
}

/// The least height a chart's plot takes, its legend apart: a chart squeezed by a
/// legend of many shifts was once 50 px tall.
pub const MIN_PLOT_HEIGHT: f32 = 140.0;

/// The legend of shifts drawn together: a row of names in their lines' colours, above
/// the chart (never over what it plots), each shift by its place in the list (its
/// colour the same on every chart).
fn legend_ui(ui: &mut egui::Ui, names: &[(usize, &String)]) {
    ui.horizontal_wrapped(|ui| {
        for (i, n) in names {
            let text = egui::RichText::new(format!("■ {n}")).size(super::super::widgets::SIZE_SMALL).color(colour(*i));
            // Whole on its row: a name that does not fit goes to the next.
            ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
        }
    });
}

/// Whether a shift is drawn on a chart: the bank's only where a bank plays.
fn drawn_on(chart: Chart, s: &Loaded) -> bool {
    chart != Chart::Bank || s.summary.game.has_bank()
}

/// The chart on screen: its legend when shifts are together (only those it draws:
/// never a Punto y Banca shift on the bank's), and its plot `height` tall (at least
/// `MIN_PLOT_HEIGHT`).
pub fn chart_ui(ui: &mut egui::Ui, chart: Chart, shifts: &[&Loaded], height: f32) {
    let whole = chart == Chart::PerHour;
    let all_names = names(shifts);
    let together = shifts.len() > 1;
    let drawn: Vec<(usize, &Loaded)> =
        shifts.iter().enumerate().filter(|(_, s)| drawn_on(chart, s)).map(|(i, s)| (i, *s)).collect();
    if together {
        let names: Vec<(usize, &String)> =
            drawn.iter().filter_map(|(i, _)| all_names.get(*i).map(|n| (*i, n))).collect();
        legend_ui(ui, &names);
    }
    let mut plot = egui_plot::Plot::new(("review-chart", chart.slug()))
        .height(height.max(MIN_PLOT_HEIGHT))
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .show_background(false)
        // Marks on the amounts' axis a few to a chart, at round values, so the axis
        // is labelled beyond 0 even in a short chart; counts in whole coups.
        .y_grid_spacer(egui_plot::uniform_grid_spacer(move |g| {
            let step = nice_step((g.bounds.1 - g.bounds.0).abs() / 3.0, whole);
            [step, step * 10.0, step * 100.0]
        }))
        .include_y(0.0);
    let (hours, counts) = if chart == Chart::PerHour { per_hour_together(shifts) } else { Default::default() };
    if chart == Chart::PerHour {
        // The hours by their time of day (`22:00`), whole ones only, shared by the
        // shifts drawn together.
        let labels = hours.clone();
        plot = plot.x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() > 1e-6 || i < 0.0 {
                return String::new();
            }
            labels.get(i as usize).cloned().unwrap_or_default()
        });
    }
    plot.show(ui, |p| {
        let n = shifts.len().max(1) as f64;
        for &(i, s) in &drawn {
            let name = all_names.get(i).cloned().unwrap_or_default();
            let c = if together { colour(i) } else { super::super::widgets::GOLD };
            match chart {
                Chart::PerHour => {
                    // Side by side in each hour, one bar a shift.
                    let width = 0.8 / n;
                    let shift_x = -0.4 + width * (i as f64 + 0.5);
                    let bars = counts
                        .get(i)
                        .into_iter()
                        .flatten()
                        .enumerate()
                        .filter(|(_, y)| **y > 0)
                        .map(|(x, y)| egui_plot::Bar::new(x as f64 + shift_x, f64::from(*y)).width(width))
                        .collect();
                    p.bar_chart(egui_plot::BarChart::new(name, bars).color(c));
                }
                _ => {
                    let line = egui_plot::Line::new(name, egui_plot::PlotPoints::from(points(chart, s)));
                    p.line(if together { line.color(c) } else { line });
                }
            }
        }
    });
}

/// The chart as a PNG image: white, the axes, the line or the bars.
pub fn png(chart: Chart, s: &Loaded) -> Result<Vec<u8>, String> {
    const W: u32 = 960;
    const H: u32 = 480;
    const M: f64 = 40.0;
    let mut img = image::RgbImage::from_pixel(W, H, image::Rgb([255, 255, 255]));
    let pts = points(chart, s);
    let (mut x0, mut x1, mut y0, mut y1) = (0.0f64, 1.0f64, 0.0f64, 1.0f64);
    for [x, y] in &pts {
        x0 = x0.min(*x);
        x1 = x1.max(*x);
        y0 = y0.min(*y);
        y1 = y1.max(*y);
    }
    if chart == Chart::PerHour {
        x1 += 1.0;
    }
    let sx = |x: f64| M + (x - x0) / (x1 - x0).max(1e-9) * (f64::from(W) - 2.0 * M);
    let sy = |y: f64| f64::from(H) - M - (y - y0) / (y1 - y0).max(1e-9) * (f64::from(H) - 2.0 * M);
    let grey = image::Rgb([120, 120, 120]);
    let ink = image::Rgb([20, 90, 160]);
    line(&mut img, (sx(x0), sy(0.0)), (sx(x1), sy(0.0)), grey);
    line(&mut img, (sx(x0), sy(y0)), (sx(x0), sy(y1)), grey);
    match chart {
        Chart::PerHour => {
            for [x, y] in &pts {
                let (a, b) = (sx(*x + 0.1), sx(*x + 0.9));
                let (top, base) = (sy(*y), sy(0.0));
                let mut px = a;
                while px <= b {
                    line(&mut img, (px, top), (px, base), image::Rgb([200, 150, 40]));
                    px += 1.0;
                }
            }
        }
        _ => {
            for w in pts.windows(2) {
                line(&mut img, (sx(w[0][0]), sy(w[0][1])), (sx(w[1][0]), sy(w[1][1])), ink);
            }
        }
    }
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}

/// A straight line, a pixel at a time.
fn line(img: &mut image::RgbImage, a: (f64, f64), b: (f64, f64), c: image::Rgb<u8>) {
    let steps = ((b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil() as usize).clamp(1, 20_000);
    for i in 0..=steps {
        let k = i as f64 / steps as f64;
        let (x, y) = (a.0 + (b.0 - a.0) * k, a.1 + (b.1 - a.1) * k);
        if x >= 0.0 && y >= 0.0 && (x as u32) < img.width() && (y as u32) < img.height() {
            img.put_pixel(x as u32, y as u32, c);
            if (y as u32) + 1 < img.height() {
                img.put_pixel(x as u32, y as u32 + 1, c);
            }
        }
    }
}

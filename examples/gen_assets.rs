//! Draws Sabot's card faces, the card back and the app icon into `assets/` as PNG.
//!
//! Run with `cargo run --example gen_assets`; the PNGs are committed, so the app
//! never needs this at run time. Ranks are drawn with Hack (the monospace font that
//! ships in the `epaint_default_fonts` crate, made heavier by stroking it); suits
//! are drawn as shapes. Cards are 250×350 px: a huge rank and suit in the middle,
//! readable at arm's length even when shown small, and the usual corner indices.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{Rgba, RgbaImage, imageops};
use std::path::Path;

const W: u32 = 250;
const H: u32 = 350;
const RADIUS: f32 = 18.0;
const RED: [u8; 3] = [0xC4, 0x12, 0x2E];
const BLACK: [u8; 3] = [0x14, 0x14, 0x1A];
const FACE_GOLD: [u8; 3] = [0xC9, 0x9A, 0x2E];

#[derive(Clone, Copy, PartialEq)]
enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }
    fn colour(self) -> [u8; 3] {
        match self {
            Suit::Diamonds | Suit::Hearts => RED,
            Suit::Clubs | Suit::Spades => BLACK,
        }
    }
}

/// Ranks as file letters and as printed.
const RANKS: [(char, &str); 13] = [
    ('A', "A"),
    ('2', "2"),
    ('3', "3"),
    ('4', "4"),
    ('5', "5"),
    ('6', "6"),
    ('7', "7"),
    ('8', "8"),
    ('9', "9"),
    ('T', "10"),
    ('J', "J"),
    ('Q', "Q"),
    ('K', "K"),
];

/// Blends `colour` with coverage `a` (0..1) over the pixel.
fn blend(img: &mut RgbaImage, x: i64, y: i64, colour: [u8; 3], a: f32) {
    if x < 0 || y < 0 || x >= i64::from(img.width()) || y >= i64::from(img.height()) || a <= 0.0 {
        return;
    }
    let p = img.get_pixel_mut(x as u32, y as u32);
    let a = a.min(1.0);
    let da = f32::from(p.0[3]) / 255.0;
    let out_a = a + da * (1.0 - a);
    for (channel, src) in p.0.iter_mut().zip(colour) {
        let (src, dst) = (f32::from(src), f32::from(*channel));
        let v = if out_a > 0.0 { (src * a + dst * da * (1.0 - a)) / out_a } else { 0.0 };
        *channel = v.round().clamp(0.0, 255.0) as u8;
    }
    p.0[3] = (out_a * 255.0).round().clamp(0.0, 255.0) as u8;
}

/// Fills a shape given as an inside test, anti-aliased by 4×4 supersampling, over
/// the box `[x0, x1) × [y0, y1)`.
fn fill(img: &mut RgbaImage, bbox: (f32, f32, f32, f32), colour: [u8; 3], inside: impl Fn(f32, f32) -> bool) {
    let (x0, y0, x1, y1) = bbox;
    for y in (y0.floor() as i64)..(y1.ceil() as i64) {
        for x in (x0.floor() as i64)..(x1.ceil() as i64) {
            let mut n = 0;
            for sy in 0..4 {
                for sx in 0..4 {
                    let px = x as f32 + (sx as f32 + 0.5) / 4.0;
                    let py = y as f32 + (sy as f32 + 0.5) / 4.0;
                    if inside(px, py) {
                        n += 1;
                    }
                }
            }
            blend(img, x, y, colour, n as f32 / 16.0);
        }
    }
}

fn in_round_rect(x: f32, y: f32, r: (f32, f32, f32, f32), radius: f32) -> bool {
    let (x0, y0, x1, y1) = r;
    if x < x0 || x > x1 || y < y0 || y > y1 {
        return false;
    }
    let cx = x.clamp(x0 + radius, x1 - radius);
    let cy = y.clamp(y0 + radius, y1 - radius);
    (x - cx).powi(2) + (y - cy).powi(2) <= radius * radius
}

/// Whether (x, y) is inside a convex polygon (vertices in order).
fn in_convex(x: f32, y: f32, poly: &[(f32, f32)]) -> bool {
    let mut sign = 0.0f32;
    for i in 0..poly.len() {
        let (ax, ay) = poly[i];
        let (bx, by) = poly[(i + 1) % poly.len()];
        let cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
        if cross.abs() < 1e-9 {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    true
}

/// A heart's outline (y down): two lobes of radius `r` centred at (±cx, cy) and a
/// point at (0, py), joined by the lines tangent to the lobes.
fn lobed(x: f32, y: f32, cx: f32, cy: f32, r: f32, py: f32) -> bool {
    let circle = |ox: f32| (x - ox).powi(2) + (y - cy).powi(2) <= r * r;
    if circle(cx) || circle(-cx) {
        return true;
    }
    let (vx, vy) = (cx, cy - py);
    let d = (vx * vx + vy * vy).sqrt();
    let theta = vy.atan2(vx) + (r / d).asin();
    let len = (d * d - r * r).sqrt();
    let (tx, ty) = (theta.cos() * len, py + theta.sin() * len);
    in_convex(x, y, &[(0.0, py), (tx, ty), (cx, cy), (-cx, cy), (-tx, ty)])
}

/// Whether (x, y), in a suit's unit box centred on 0 (−0.5..0.5 both ways, y down),
/// is inside the suit's pip.
fn in_suit(suit: Suit, x: f32, y: f32) -> bool {
    let circle = |cx: f32, cy: f32, r: f32| (x - cx).powi(2) + (y - cy).powi(2) <= r * r;
    let stem = || y > 0.05 && y < 0.5 && x.abs() < 0.04 + (y - 0.05) * 0.45;
    match suit {
        Suit::Diamonds => x.abs() / 0.40 + y.abs() / 0.5 <= 1.0,
        Suit::Hearts => lobed(x, y + 0.02, 0.21, -0.19, 0.25, 0.46),
        Suit::Spades => lobed(x, -y + 0.02, 0.2, -0.12, 0.22, 0.48) || stem(),
        Suit::Clubs => {
            circle(0.0, -0.24, 0.2)
                || circle(-0.22, 0.07, 0.2)
                || circle(0.22, 0.07, 0.2)
                || circle(0.0, 0.02, 0.1)
                || stem()
        }
    }
}

fn draw_suit(img: &mut RgbaImage, suit: Suit, cx: f32, cy: f32, size: f32) {
    let half = size / 2.0;
    fill(img, (cx - half, cy - half, cx + half, cy + half), suit.colour(), |x, y| {
        in_suit(suit, (x - cx) / size, (y - cy) / size)
    });
}

/// How text is drawn: capitals `height` px tall, thickened by `bold` px.
#[derive(Clone, Copy)]
struct Ink {
    height: f32,
    colour: [u8; 3],
    bold: f32,
}

/// Draws `text` with its ink box centred on (cx, cy).
fn draw_text(img: &mut RgbaImage, font: &FontRef, text: &str, (cx, cy): (f32, f32), ink: Ink) {
    let Ink { height, colour, bold } = ink;
    // Hack's capitals are about 0.73 em tall.
    let scale = PxScale::from(height / 0.73);
    let sf = font.as_scaled(scale);
    let mut glyphs = Vec::new();
    let mut pen = 0.0;
    for ch in text.chars() {
        let id = sf.glyph_id(ch);
        glyphs.push(id.with_scale_and_position(scale, point(pen, 0.0)));
        pen += sf.h_advance(id);
    }
    // Ink bounds, to centre it.
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    let outlined: Vec<_> = glyphs.into_iter().filter_map(|g| font.outline_glyph(g)).collect();
    for o in &outlined {
        let b = o.px_bounds();
        x0 = x0.min(b.min.x);
        y0 = y0.min(b.min.y);
        x1 = x1.max(b.max.x);
        y1 = y1.max(b.max.y);
    }
    if outlined.is_empty() {
        return;
    }
    let dx = cx - (x0 + x1) / 2.0;
    let dy = cy - (y0 + y1) / 2.0;
    // Coverage in a scratch buffer, then a disc-shaped dilation for weight.
    let pad = bold.ceil() as i64 + 2;
    let bw = (x1 - x0).ceil() as i64 + 2 * pad + 2;
    let bh = (y1 - y0).ceil() as i64 + 2 * pad + 2;
    let mut cov = vec![0f32; (bw * bh) as usize];
    for o in &outlined {
        let b = o.px_bounds();
        o.draw(|gx, gy, c| {
            let x = (b.min.x - x0).floor() as i64 + i64::from(gx) + pad;
            let y = (b.min.y - y0).floor() as i64 + i64::from(gy) + pad;
            if x >= 0 && y >= 0 && x < bw && y < bh {
                let i = (y * bw + x) as usize;
                cov[i] = (cov[i] + c).min(1.0);
            }
        });
    }
    let r = bold;
    let ri = r.ceil() as i64;
    let ox = (x0 + dx).floor() as i64 - pad;
    let oy = (y0 + dy).floor() as i64 - pad;
    for y in 0..bh {
        for x in 0..bw {
            let mut best = 0f32;
            for ky in -ri..=ri {
                for kx in -ri..=ri {
                    let d = ((kx * kx + ky * ky) as f32).sqrt();
                    if d > r + 0.5 {
                        continue;
                    }
                    let (sx, sy) = (x + kx, y + ky);
                    if sx < 0 || sy < 0 || sx >= bw || sy >= bh {
                        continue;
                    }
                    let edge = (r + 0.5 - d).clamp(0.0, 1.0);
                    best = best.max(cov[(sy * bw + sx) as usize] * edge);
                }
            }
            blend(img, ox + x, oy + y, colour, best);
        }
    }
}

fn blank_card() -> RgbaImage {
    let mut img = RgbaImage::from_pixel(W, H, Rgba([0, 0, 0, 0]));
    let outer = (0.5, 0.5, W as f32 - 0.5, H as f32 - 0.5);
    fill(&mut img, (0.0, 0.0, W as f32, H as f32), [0x55, 0x55, 0x5E], |x, y| in_round_rect(x, y, outer, RADIUS));
    let inner = (3.0, 3.0, W as f32 - 3.0, H as f32 - 3.0);
    fill(&mut img, (0.0, 0.0, W as f32, H as f32), [0xFF, 0xFF, 0xFF], |x, y| in_round_rect(x, y, inner, RADIUS - 2.5));
    img
}

/// The corner index: rank over a small suit, in a 64×120 block.
fn corner(font: &FontRef, rank: &str, suit: Suit) -> RgbaImage {
    let mut c = RgbaImage::from_pixel(64, 120, Rgba([255, 255, 255, 0]));
    let h = if rank.len() > 1 { 40.0 } else { 46.0 };
    draw_text(&mut c, font, rank, (32.0, 30.0), Ink { height: h, colour: suit.colour(), bold: 1.5 });
    draw_suit(&mut c, suit, 32.0, 88.0, 44.0);
    c
}

fn face(font: &FontRef, rank_letter: char, rank: &str, suit: Suit) -> RgbaImage {
    let mut img = blank_card();
    let court = matches!(rank_letter, 'J' | 'Q' | 'K');
    if court {
        // A gold frame marks the court cards (worth 0, like the ten).
        let fr = (64.0, 40.0, W as f32 - 64.0, H as f32 - 28.0);
        fill(&mut img, (0.0, 0.0, W as f32, H as f32), FACE_GOLD, |x, y| {
            in_round_rect(x, y, fr, 12.0) && !in_round_rect(x, y, (fr.0 + 6.0, fr.1 + 6.0, fr.2 - 6.0, fr.3 - 6.0), 8.0)
        });
    }
    let big = if rank.len() > 1 { 104.0 } else { 122.0 };
    draw_text(&mut img, font, rank, (W as f32 / 2.0, 140.0), Ink { height: big, colour: suit.colour(), bold: 5.0 });
    draw_suit(&mut img, suit, W as f32 / 2.0, 262.0, 100.0);
    let c = corner(font, rank, suit);
    imageops::overlay(&mut img, &c, 4, 8);
    let c = imageops::rotate180(&c);
    imageops::overlay(&mut img, &c, i64::from(W) - 68, i64::from(H) - 128);
    img
}

fn back() -> RgbaImage {
    let mut img = blank_card();
    let field = (14.0, 14.0, W as f32 - 14.0, H as f32 - 14.0);
    fill(&mut img, (0.0, 0.0, W as f32, H as f32), [0x7A, 0x10, 0x24], |x, y| in_round_rect(x, y, field, 10.0));
    // A lattice of thin gold diagonals inside the field.
    let inner = (22.0, 22.0, W as f32 - 22.0, H as f32 - 22.0);
    fill(&mut img, (0.0, 0.0, W as f32, H as f32), [0xD8, 0xB0, 0x5A], |x, y| {
        if !in_round_rect(x, y, inner, 6.0) {
            return false;
        }
        let a = (x + y).rem_euclid(28.0);
        let b = (x - y).rem_euclid(28.0);
        a < 2.0 || b < 2.0
    });
    // A diamond medallion in the middle.
    let (cx, cy) = (W as f32 / 2.0, H as f32 / 2.0);
    fill(&mut img, (cx - 60.0, cy - 80.0, cx + 60.0, cy + 80.0), [0xF3, 0xE6, 0xC4], |x, y| {
        (x - cx).abs() / 52.0 + (y - cy).abs() / 72.0 <= 1.0
    });
    draw_suit(&mut img, Suit::Spades, cx, cy, 62.0);
    img
}

/// Samples `src` with bilinear filtering at (u, v) in pixels; transparent outside.
fn sample(src: &RgbaImage, u: f32, v: f32) -> [f32; 4] {
    let (w, h) = (src.width() as i64, src.height() as i64);
    let (x0, y0) = ((u - 0.5).floor(), (v - 0.5).floor());
    let (fx, fy) = (u - 0.5 - x0, v - 0.5 - y0);
    let mut out = [0f32; 4];
    for (dx, dy, wgt) in
        [(0, 0, (1.0 - fx) * (1.0 - fy)), (1, 0, fx * (1.0 - fy)), (0, 1, (1.0 - fx) * fy), (1, 1, fx * fy)]
    {
        let (x, y) = (x0 as i64 + dx, y0 as i64 + dy);
        if x < 0 || y < 0 || x >= w || y >= h {
            continue;
        }
        let p = src.get_pixel(x as u32, y as u32).0;
        let a = f32::from(p[3]) / 255.0;
        for (o, c) in out.iter_mut().zip(&p[..3]) {
            *o += f32::from(*c) * a * wgt;
        }
        out[3] += a * wgt;
    }
    out
}

/// Draws `src` scaled by `scale` and turned by `angle` radians about its centre,
/// centred on (cx, cy).
fn blit(dst: &mut RgbaImage, src: &RgbaImage, cx: f32, cy: f32, scale: f32, angle: f32) {
    let (sin, cos) = angle.sin_cos();
    let (sw, sh) = (src.width() as f32, src.height() as f32);
    let reach = (sw * sw + sh * sh).sqrt() * scale / 2.0 + 2.0;
    for y in (cy - reach).max(0.0) as u32..((cy + reach) as u32).min(dst.height()) {
        for x in (cx - reach).max(0.0) as u32..((cx + reach) as u32).min(dst.width()) {
            let mut acc = [0f32; 4];
            for (sx, sy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                let (px, py) = (x as f32 + sx - cx, y as f32 + sy - cy);
                // Inverse rotation, then inverse scale.
                let u = (px * cos + py * sin) / scale + sw / 2.0;
                let v = (-px * sin + py * cos) / scale + sh / 2.0;
                let s = sample(src, u, v);
                for (a, s) in acc.iter_mut().zip(s) {
                    *a += s / 4.0;
                }
            }
            if acc[3] > 0.0 {
                let colour = [(acc[0] / acc[3]) as u8, (acc[1] / acc[3]) as u8, (acc[2] / acc[3]) as u8];
                blend(dst, i64::from(x), i64::from(y), colour, acc[3]);
            }
        }
    }
}

fn icon(font: &FontRef) -> RgbaImage {
    let s = 256u32;
    let mut img = RgbaImage::from_pixel(s, s, Rgba([0, 0, 0, 0]));
    let sf = s as f32;
    fill(&mut img, (0.0, 0.0, sf, sf), [0xB8, 0x8A, 0x2C], |x, y| {
        in_round_rect(x, y, (4.0, 4.0, sf - 4.0, sf - 4.0), 44.0)
    });
    fill(&mut img, (0.0, 0.0, sf, sf), [0x0B, 0x5E, 0x36], |x, y| {
        in_round_rect(x, y, (12.0, 12.0, sf - 12.0, sf - 12.0), 37.0)
    });
    let b = back();
    blit(&mut img, &b, 100.0, 132.0, 0.56, -0.26);
    let nine = face(font, '9', "9", Suit::Hearts);
    blit(&mut img, &nine, 156.0, 126.0, 0.6, 0.16);
    img
}

fn save(img: &RgbaImage, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    img.save(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let font = FontRef::try_from_slice(epaint_default_fonts::HACK_REGULAR)?;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let cards = root.join("cards");
    std::fs::create_dir_all(&cards)?;
    for (letter, printed) in RANKS {
        for suit in Suit::ALL {
            let img = face(&font, letter, printed, suit);
            save(&img, &cards.join(format!("{letter}{}.png", suit.letter())))?;
        }
    }
    save(&back(), &cards.join("back.png"))?;
    save(&icon(&font), &root.join("icon.png"))?;
    println!("wrote 52 faces, the back and the icon under {}", root.display());
    Ok(())
}

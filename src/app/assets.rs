//! Card faces, the card back and the app icon: PNGs drawn by
//! `examples/gen_assets.rs`, embedded in the binary (so it runs from any folder),
//! decoded with `image` and made into egui textures once.

use crate::engine::Card;
use egui::{ColorImage, Context, TextureHandle, TextureId, TextureOptions};

macro_rules! png {
    ($name:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/cards/", $name, ".png"))
    };
    ($rank:literal, $suit:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/cards/", $rank, $suit, ".png"))
    };
}

macro_rules! rank_pngs {
    ($($r:literal)*) => { [$(png!($r, "c"), png!($r, "d"), png!($r, "h"), png!($r, "s"),)*] };
}

/// The 52 faces, in `Card::index` order (rank-major, suits c d h s).
static FACES: [&[u8]; 52] = rank_pngs!("A" "2" "3" "4" "5" "6" "7" "8" "9" "T" "J" "Q" "K");
static BACK: &[u8] = png!("back");
/// The app icon, 256×256.
pub static ICON: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/icon.png"));

/// Decodes a PNG into an egui image.
pub fn decode(bytes: &[u8]) -> Result<ColorImage, image::ImageError> {
    let img = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)?.to_rgba8();
    let size = [img.width() as usize, img.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, img.as_raw()))
}

/// The icon for the window.
pub fn icon_data() -> Option<egui::IconData> {
    let img = image::load_from_memory_with_format(ICON, image::ImageFormat::Png).ok()?.to_rgba8();
    Some(egui::IconData { width: img.width(), height: img.height(), rgba: img.into_raw() })
}

/// The card textures. A face that cannot be decoded is `None`, and the table
/// draws that card as text instead (and says so once on stderr).
pub struct Assets {
    faces: Vec<Option<TextureHandle>>,
    back: Option<TextureHandle>,
}

impl Assets {
    /// Decodes every card and uploads it.
    pub fn load(ctx: &Context) -> Assets {
        let load = |name: String, bytes: &[u8]| match decode(bytes) {
            Ok(img) => Some(ctx.load_texture(name, img, TextureOptions::LINEAR)),
            Err(e) => {
                eprintln!("sabot: the card image {name} cannot be read: {e}");
                None
            }
        };
        let faces = FACES
            .iter()
            .enumerate()
            .map(|(i, bytes)| load(Card::from_index(i).map_or(format!("card{i}"), |c| c.to_string()), bytes))
            .collect();
        let back = load("back".into(), BACK);
        Assets { faces, back }
    }

    pub fn face(&self, card: Card) -> Option<TextureId> {
        self.faces.get(card.index()).and_then(|t| t.as_ref()).map(|t| t.id())
    }

    pub fn back(&self) -> Option<TextureId> {
        self.back.as_ref().map(|t| t.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_image_decodes_at_its_size() {
        for (i, bytes) in FACES.iter().enumerate() {
            let img = decode(bytes).unwrap_or_else(|e| panic!("face {i}: {e}"));
            assert_eq!(img.size, [250, 350], "face {i}");
        }
        assert_eq!(decode(BACK).expect("back").size, [250, 350]);
        assert_eq!(decode(ICON).expect("icon").size, [256, 256]);
        assert!(icon_data().is_some());
    }
}

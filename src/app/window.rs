//! The app's window: the start screen, or the review with logs being read
//! (`sabot review [LOG…]`).

use super::{SabotApp, Screen, assets, journal_logs, prefs, review};
use crate::i18n::Lang;
use std::path::PathBuf;

/// Opens the window; with `review`, on the pit boss's review, these logs being read.
/// Returns the exit status.
pub fn open(lang: Lang, review: Option<Vec<PathBuf>>) -> i32 {
    open_on(lang, review, None)
}

/// Opens the app on the floor, following the pit at `url` (`sabot floor URL`).
pub fn open_floor(lang: Lang, url: crate::pit::PitUrl) -> i32 {
    open_on(lang, None, Some(url))
}

fn open_on(lang: Lang, review: Option<Vec<PathBuf>>, floor: Option<crate::pit::PitUrl>) -> i32 {
    let mut viewport = egui::ViewportBuilder::default()
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([1024.0, 700.0])
        // The whole screen: the layout zooms to fit it (`screen::fit_zoom`).
        .with_maximized(true)
        .with_title("Sabot");
    if let Some(icon) = assets::icon_data() {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions { viewport, ..Default::default() };
    // The language asked for on the command line or in SABOT_LANG wins over the one
    // remembered; otherwise the croupier's last choice comes back.
    let explicit =
        std::env::args().any(|a| a == "--lang" || a.starts_with("--lang=")) || std::env::var_os("SABOT_LANG").is_some();
    let result = eframe::run_native(
        "Sabot",
        options,
        Box::new(move |cc| {
            let mut app = SabotApp::new(lang, journal_logs());
            if let Some(remembered) = cc.storage.and_then(prefs::Prefs::load) {
                app.restore(remembered, !explicit);
            }
            if let Some(logs) = review {
                let mut r = review::Review::new();
                // Amendments go to the pit `SABOT_PIT_URL` names, as the start form's.
                r.pit = std::env::var(crate::pit::PIT_URL_VAR).ok().and_then(|u| crate::pit::PitUrl::parse(&u).ok());
                r.open(logs, Some(cc.egui_ctx.clone()));
                app.screen = Screen::Review(Box::new(r));
            }
            if let Some(url) = floor {
                let f = super::floor::FloorView::start(url, Default::default(), Some(cc.egui_ctx.clone()));
                app.screen = Screen::Floor(Box::new(f));
            }
            Ok(Box::new(app))
        }),
    );
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("sabot: cannot open the window: {e}");
            1
        }
    }
}

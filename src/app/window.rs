//! The app's window: the start screen, or the review with logs being read
//! (`sabot review [LOG…]`).

use super::{SabotApp, Screen, assets, journal_logs, prefs, review};
use crate::i18n::Lang;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Opens the window; with `review`, on the pit boss's review, these logs being read.
/// Returns the exit status.
pub fn open(lang: Lang, review: Option<Vec<PathBuf>>) -> i32 {
    open_on(lang, review, None)
}

/// Opens the app on the floor, following the pit at `url` (`sabot floor URL`).
pub fn run_floor(lang: Lang, url: &str) -> i32 {
    match crate::pit::PitUrl::parse(url) {
        Ok(u) => open_on(lang, None, Some(u)),
        Err(e) => {
            eprintln!("sabot floor: {}", super::pit::pit_error_text(lang, &e));
            2
        }
    }
}

/// Opens the app on the review, these logs being read (`sabot review [LOG…]`).
pub fn run_review(lang: Lang, logs: Vec<PathBuf>) -> i32 {
    open(lang, Some(logs))
}

/// The environment variable that chooses the renderer: `gl` (also `glow`, `opengl`)
/// draws with OpenGL from the start; `wgpu` with the GPU renderer only, no fallback.
/// Unset: the GPU renderer, and OpenGL when it cannot start.
pub const RENDERER_VAR: &str = "SABOT_RENDERER";

/// Which renderer draws the window, as `SABOT_RENDERER` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RendererChoice {
    /// wgpu (Direct3D 12, Vulkan, Metal or GL, whichever the machine has), then
    /// eframe's OpenGL renderer if wgpu cannot start.
    Auto,
    /// wgpu only: its failure is the app's.
    Wgpu,
    /// eframe's OpenGL renderer (glow) only.
    Gl,
}

impl RendererChoice {
    /// Reads `SABOT_RENDERER`'s value; `Err` holds a value that names no renderer.
    pub fn parse(value: Option<&str>) -> Result<Self, String> {
        match value.map(|v| v.trim().to_ascii_lowercase()) {
            None => Ok(Self::Auto),
            Some(v) => match v.as_str() {
                "" | "auto" => Ok(Self::Auto),
                "wgpu" | "gpu" => Ok(Self::Wgpu),
                "gl" | "glow" | "opengl" => Ok(Self::Gl),
                _ => Err(v),
            },
        }
    }

    /// The choice the environment makes; an unknown value is said and read as `Auto`.
    fn from_env(lang: Lang) -> Self {
        let value = std::env::var(RENDERER_VAR).ok();
        Self::parse(value.as_deref()).unwrap_or_else(|v| {
            say(lang, "window-renderer-unknown", &[("var", RENDERER_VAR.to_owned()), ("value", v)]);
            Self::Auto
        })
    }
}

/// The renderers to try, in order, for a choice.
pub fn renderers(choice: RendererChoice) -> Vec<eframe::Renderer> {
    match choice {
        RendererChoice::Auto => vec![eframe::Renderer::Wgpu, eframe::Renderer::Glow],
        RendererChoice::Wgpu => vec![eframe::Renderer::Wgpu],
        RendererChoice::Gl => vec![eframe::Renderer::Glow],
    }
}

/// A renderer's name as the croupier reads it.
pub fn renderer_name(renderer: eframe::Renderer) -> &'static str {
    match renderer {
        eframe::Renderer::Wgpu => "wgpu (GPU)",
        eframe::Renderer::Glow => "OpenGL (glow)",
    }
}

fn name(renderer: eframe::Renderer) -> String {
    renderer_name(renderer).to_owned()
}

/// Says one of the window's messages on stderr, in the croupier's language.
fn say(lang: Lang, id: &str, args: &[(&str, String)]) {
    eprintln!("{}", crate::i18n::tr_args(lang, id, args));
}

fn open_on(lang: Lang, review: Option<Vec<PathBuf>>, floor: Option<crate::pit::PitUrl>) -> i32 {
    // The language asked for on the command line or in SABOT_LANG wins over the one
    // remembered; otherwise the croupier's last choice comes back.
    let explicit =
        std::env::args().any(|a| a == "--lang" || a.starts_with("--lang=")) || std::env::var_os("SABOT_LANG").is_some();
    let tries = renderers(RendererChoice::from_env(lang));
    let mut failure: Option<eframe::Error> = None;
    for (i, &renderer) in tries.iter().enumerate() {
        let fallback = i > 0;
        if fallback && let Some(e) = &failure {
            let args = [("failed", name(tries[0])), ("error", e.to_string()), ("renderer", name(renderer))];
            say(lang, "window-renderer-fallback", &args);
        }
        // Whether the app was made: a renderer that fails after it (mid-shift) is the
        // app's failure, not one to start again from.
        let created = Arc::new(AtomicBool::new(false));
        let result = eframe::run_native(
            "Sabot",
            options(renderer, fallback),
            creator(lang, explicit, review.clone(), floor.clone(), renderer, Arc::clone(&created)),
        );
        match result {
            Ok(()) => return 0,
            Err(e) if !created.load(Ordering::SeqCst) => failure = Some(e),
            Err(e) => {
                say(lang, "window-failed", &[("renderer", name(renderer)), ("error", e.to_string())]);
                return 1;
            }
        }
    }
    let error = failure.map(|e| e.to_string()).unwrap_or_default();
    say(lang, "window-cannot-open", &[("error", error)]);
    1
}

/// The window's options for a renderer; a fallback says its renderer in the title.
fn options(renderer: eframe::Renderer, fallback: bool) -> eframe::NativeOptions {
    let title = if fallback { format!("Sabot · {}", renderer_name(renderer)) } else { "Sabot".to_owned() };
    let mut viewport = egui::ViewportBuilder::default()
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([1024.0, 700.0])
        // The whole screen: the layout zooms to fit it (`screen::fit_zoom`).
        .with_maximized(true)
        .with_title(title);
    if let Some(icon) = assets::icon_data() {
        viewport = viewport.with_icon(icon);
    }
    eframe::NativeOptions { viewport, renderer, ..Default::default() }
}

fn creator<'a>(
    lang: Lang,
    explicit: bool,
    review: Option<Vec<PathBuf>>,
    floor: Option<crate::pit::PitUrl>,
    renderer: eframe::Renderer,
    created: Arc<AtomicBool>,
) -> eframe::AppCreator<'a> {
    Box::new(move |cc| {
        created.store(true, Ordering::SeqCst);
        say(lang, "window-renderer", &[("renderer", name(renderer))]);
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
    })
}

#[cfg(test)]
mod tests {
    use super::{RendererChoice, renderers};
    use eframe::Renderer;

    #[test]
    fn sabot_renderer_reads_gl_wgpu_auto_and_refuses_the_rest() {
        assert_eq!(RendererChoice::parse(None), Ok(RendererChoice::Auto));
        assert_eq!(RendererChoice::parse(Some("")), Ok(RendererChoice::Auto));
        assert_eq!(RendererChoice::parse(Some(" GL ")), Ok(RendererChoice::Gl));
        assert_eq!(RendererChoice::parse(Some("opengl")), Ok(RendererChoice::Gl));
        assert_eq!(RendererChoice::parse(Some("glow")), Ok(RendererChoice::Gl));
        assert_eq!(RendererChoice::parse(Some("wgpu")), Ok(RendererChoice::Wgpu));
        assert_eq!(RendererChoice::parse(Some("vulkan")), Err("vulkan".to_owned()));
    }

    #[test]
    fn auto_tries_the_gpu_renderer_then_opengl_and_a_forced_one_alone() {
        assert_eq!(renderers(RendererChoice::Auto), [Renderer::Wgpu, Renderer::Glow]);
        assert_eq!(renderers(RendererChoice::Gl), [Renderer::Glow]);
        assert_eq!(renderers(RendererChoice::Wgpu), [Renderer::Wgpu]);
    }
}

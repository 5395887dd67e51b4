//! The eframe app: draws the table's state and sends operations to the engine. No
//! rule lives here.

use crate::i18n::Lang;

/// Opens the app window; returns the exit status.
pub fn run(lang: Lang) -> i32 {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1280.0, 800.0]).with_title("Sabot"),
        ..Default::default()
    };
    let result = eframe::run_native("Sabot", options, Box::new(move |_cc| Ok(Box::new(SabotApp { lang }))));
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("sabot: cannot open the window: {e}");
            1
        }
    }
}

/// The app's state.
pub struct SabotApp {
    pub lang: Lang,
}

impl eframe::App for SabotApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading("Sabot");
            ui.label(match self.lang {
                Lang::Es => "Asistente de croupier: Bacarrá a dos paños, Chemin de fer, Punto y Banca.",
                Lang::En => "Croupier assistant: Baccarat Banque, Chemin de fer, Punto y Banca.",
            });
        });
    }
}

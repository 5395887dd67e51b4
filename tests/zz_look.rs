// Temporary: renders the training screen at a cagnotte question, to look at.
use egui_kittest::Harness;
use sabot::app::{SabotApp, memory_logs};
use sabot::i18n::Lang;
use sabot::training::{Ask, PayTarget};

#[test]
fn look() {
    for seed in 0..60u64 {
        let dir = tempfile::tempdir().unwrap();
        let mut app = SabotApp::in_dir(Lang::Es, dir.path(), memory_logs());
        app.training_seed = Some(seed);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .with_max_steps(12)
            .wgpu()
            .build_ui_state(|ui, app: &mut SabotApp| app.show(ui), app);
        h.run();
        h.key_press(egui::Key::F6);
        h.run();
        loop {
            let Some(q) = h.state().training().and_then(|t| t.session.current().cloned()) else { break };
            if matches!(&q.ask, Ask::Amount { target: PayTarget::Cagnotte, right, .. } if right.is_positive())
                && q.table.settings().game == sabot::engine::Game::Banque
            {
                let img = h.render().unwrap();
                img.save("/tmp/look-quiz.png").unwrap();
                if let sabot::training::Answer::Amount(m) = q.right_answer() {
                    h.event(egui::Event::Text(m.to_string()));
                    h.run();
                    h.key_press(egui::Key::Enter);
                    h.run();
                    h.render().unwrap().save("/tmp/look-answered.png").unwrap();
                }
                return;
            }
            match q.right_answer() {
                sabot::training::Answer::Choice(i) => h.event(egui::Event::Text((i + 1).to_string())),
                sabot::training::Answer::Amount(m) => {
                    h.event(egui::Event::Text(m.to_string()));
                    h.run();
                    h.key_press(egui::Key::Enter);
                }
            }
            h.run();
            h.key_press(egui::Key::Enter);
            h.run();
        }
    }
    panic!("no cagnotte question");
}

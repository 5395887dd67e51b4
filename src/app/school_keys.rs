//! The training and school screens' commands, and opening a training session.

use super::*;

impl SabotApp {
    /// A command on the training screen.
    pub(super) fn apply_training(&mut self, c: Command) {
        let lang = self.lang;
        let Screen::Training(tr) = &mut self.screen else { return };
        match c {
            Command::TrainKey(c) => tr.key(lang, c),
            Command::TrainChoose(i) => tr.choose(i, lang),
            Command::Scroll { pages, lines } => {
                let (p, l) = tr.scroll.get();
                tr.scroll.set((p + pages, l + lines));
            }
            Command::Backspace => tr.backspace(),
            Command::Enter => {
                let another = tr.enter(lang);
                if another {
                    // Another session: back to the levels (one may have opened).
                    self.back_to_school();
                }
            }
            Command::Escape if !tr.typed.is_empty() => {
                tr.typed.clear();
                tr.problem = None;
            }
            Command::Escape => self.back_to_school(),
            _ => {}
        }
    }

    /// Leaving a session: its log closed, the school's screen again.
    pub(super) fn back_to_school(&mut self) {
        let Screen::Training(tr) = &mut self.screen else { return };
        let not_closed = tr.leave(self.lang);
        let (game, origin) = (tr.game, tr.origin.clone());
        let trainee = tr.enrolled.take().map(|e| e.trainee);
        self.screen = match origin {
            Some(origin) => {
                // The school again, the same trainee chosen, his new answers counted.
                let mut lobby = school::Lobby::open(game, origin, self.lang);
                if let Some(name) = trainee {
                    lobby.choose(&name, self.lang);
                }
                Screen::School(Box::new(lobby))
            }
            None => Screen::Start(self.parked.take().unwrap_or_default()),
        };
        self.say_log_not_closed(not_closed);
    }

    /// A command on the school's screen; a session starts when a level is chosen.
    pub(super) fn apply_school(&mut self, c: school::SchoolCmd) {
        let lang = self.lang;
        let Screen::School(lobby) = &mut self.screen else { return };
        let Some(level) = lobby.apply(c, lang) else { return };
        let Some((id, trainee)) = lobby.chosen.clone() else { return };
        let game = lobby.game;
        let history = lobby.history.clone();
        let mut origin = lobby.origin.clone();
        // The log is named by the game and the trainee (it was `training_trainee`).
        origin.table_name = game.slug().to_string();
        origin.croupier = trainee.clone();
        origin.settings = crate::training::training_settings(game);
        let seed = self.training_seed.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
        });
        let Some(mut sc) = lobby.school.take() else { return };
        let session = match sc.start_session(id, game, level, seed, &school::now()) {
            Ok(s) => s,
            Err(e) => {
                lobby.problem = Some(crate::school::error_text(lang, &e));
                lobby.school = Some(sc);
                return;
            }
        };
        match self.open_training_at(game, level, seed, &history, Some(origin)) {
            Ok(()) => {
                if let Screen::Training(tr) = &mut self.screen {
                    tr.enrolled = Some(training::Enrolled { school: sc, session, trainee, level });
                }
            }
            Err(why) => {
                if let Screen::School(lobby) = &mut self.screen {
                    lobby.problem = Some(text::ta(lang, "training-cannot-start", &[("why", why)]));
                    lobby.school = Some(sc);
                }
            }
        }
    }

    /// The last training log could not be closed: said on the screen that follows.
    pub(super) fn say_log_not_closed(&mut self, why: Option<String>) {
        let Some(why) = why else { return };
        let said = Some(text::ta(self.lang, "training-log-not-closed", &[("why", why)]));
        match &mut self.screen {
            Screen::Start(form) => form.problem = said,
            Screen::Training(tr) => tr.problem = said,
            Screen::School(lobby) => lobby.problem = said,
            Screen::Table(_) | Screen::Review(_) | Screen::Floor(_) | Screen::Sheet(_) => {}
        }
    }

    /// Opens a training session of the game chosen on the start form, with its own
    /// training log.
    pub(super) fn start_training(&mut self) {
        let lang = self.lang;
        let Screen::Start(form) = &self.screen else { return };
        let name =
            |s: &str, default: &str| if s.trim().is_empty() { default.to_string() } else { s.trim().to_string() };
        let origin = StartChoice {
            log_dir: journal::training_dir_beside(std::path::Path::new(form.log_dir.trim())),
            table_name: name(&form.table_name, "training"),
            croupier: name(&form.croupier, "trainee"),
            settings: crate::training::training_settings(form.game),
            banker: None,
            training: true,
            lang,
            pit: form.pit(lang).ok().flatten(),
            school: form.house.house.school_rules(),
        };
        // The school first: the trainee, the game, the level.
        let lobby = school::Lobby::open(form.game, origin, lang);
        self.park_form(Screen::School(Box::new(lobby)));
    }

    /// A training session on screen, with its own log when one can be opened (the
    /// session goes on without one otherwise, and says so).
    pub(super) fn open_training_at(
        &mut self,
        game: Game,
        level: Option<crate::training::Level>,
        seed: u64,
        history: &[crate::training::Answered],
        origin: Option<StartChoice>,
    ) -> Result<(), String> {
        let mut tr = training::Training::at_level(game, level, seed, history, self.lang)?;
        let opened = match (&origin, &self.ctx, Table::start(tr.session.settings().clone())) {
            (Some(origin), Some(ctx), Ok(table)) => Some((self.open_log)(origin, &table, ctx)),
            _ => None,
        };
        match opened {
            Some(Ok(log)) => tr = tr.with_log(log, self.lang),
            Some(Err(e)) => {
                tr.log_note = Some(super::shift::log_error_text(self.lang, &e));
                tr.log_failed = true;
            }
            None => {}
        }
        tr.origin = origin;
        self.screen = Screen::Training(Box::new(tr));
        Ok(())
    }
}

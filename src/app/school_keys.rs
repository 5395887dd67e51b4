//! The training and school screens' commands, and opening a training session.

use super::school::{self, Lobby, SchoolCmd};
use super::start::StartChoice;
use super::training::{self, TrainCmd, Training};
use super::{Env, Go, Screen, shift, text};
use crate::engine::{Game, Table};

impl Training {
    /// A command on the training screen; the screen that follows it, if another.
    pub fn apply(&mut self, c: TrainCmd, env: &mut Env) -> Option<Go> {
        let lang = env.lang;
        match c {
            TrainCmd::Key(c) => self.key(lang, c),
            TrainCmd::Choose(i) => self.choose(i, lang),
            TrainCmd::Scroll { pages, lines } => {
                let (p, l) = self.scroll.get();
                self.scroll.set((p + pages, l + lines));
            }
            TrainCmd::Backspace => self.backspace(),
            // Another session: back to the levels (one may have opened).
            TrainCmd::Enter => return self.enter(lang).then(|| self.back_to_school(env)),
            TrainCmd::Escape if !self.typed.is_empty() => {
                self.typed.clear();
                self.problem = None;
            }
            TrainCmd::Escape => return Some(self.back_to_school(env)),
        }
        None
    }

    /// Leaving a session: its log closed, the school's screen again (or the start
    /// form, for a session not opened from the school); a log that could not be
    /// closed is said there.
    fn back_to_school(&mut self, env: &mut Env) -> Go {
        let not_closed = self.leave(env.lang);
        let said = not_closed.map(|why| text::ta(env.lang, "training-log-not-closed", &[("why", why)]));
        let trainee = self.enrolled.take().map(|e| e.trainee);
        match self.origin.clone() {
            Some(origin) => {
                // The school again, the same trainee chosen, his new answers counted.
                let mut lobby = Lobby::open(self.game, origin, env.lang);
                if let Some(name) = trainee {
                    lobby.choose(&name, env.lang);
                }
                if said.is_some() {
                    lobby.problem = said;
                }
                Go::To(Screen::School(Box::new(lobby)))
            }
            None => {
                let mut form = env.parked.take().unwrap_or_default();
                if said.is_some() {
                    form.problem = said;
                }
                Go::To(Screen::Start(form))
            }
        }
    }
}

impl Lobby {
    /// A command on the school's screen; a session starts when a level is chosen.
    pub fn command(&mut self, c: SchoolCmd, env: &mut Env) -> Option<Go> {
        if matches!(c, SchoolCmd::Leave) {
            return Some(Go::Back);
        }
        let lang = env.lang;
        let level = self.apply(c, lang)?;
        let (id, trainee) = self.chosen.clone()?;
        let game = self.game;
        let mut origin = self.origin.clone();
        // The log is named by the game and the trainee (it was `training_trainee`).
        origin.table_name = game.slug().to_string();
        origin.croupier = trainee.clone();
        // The training table at the house's betting unit for this game.
        origin.settings = origin.school.table(game);
        let seed = env.training_seed.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
        });
        let mut sc = self.school.take()?;
        // Weighed on his answers as they stood when this seed first staged his
        // session at this level: the same seed stages the same session.
        let history = match sc.history_for_seed(id, game, level, seed) {
            Ok(h) => h,
            Err(e) => {
                self.problem = Some(crate::school::error_text(lang, &e));
                self.school = Some(sc);
                return None;
            }
        };
        let session = match sc.start_session(id, game, level, seed, &school::now()) {
            Ok(s) => s,
            Err(e) => {
                self.problem = Some(crate::school::error_text(lang, &e));
                self.school = Some(sc);
                return None;
            }
        };
        match open_training_at(env, game, level, seed, &history, Some(origin)) {
            Ok(mut tr) => {
                tr.enrolled = Some(training::Enrolled { school: sc, session, trainee, level });
                Some(Go::To(Screen::Training(tr)))
            }
            Err(why) => {
                self.problem = Some(text::ta(lang, "training-cannot-start", &[("why", why)]));
                self.school = Some(sc);
                None
            }
        }
    }
}

/// A training session, with its own log when one can be opened (the session goes
/// on without one otherwise, and says so).
fn open_training_at(
    env: &Env,
    game: Game,
    level: Option<crate::training::Level>,
    seed: u64,
    history: &[crate::training::Answered],
    origin: Option<StartChoice>,
) -> Result<Box<Training>, String> {
    let settings = origin.as_ref().map_or_else(|| crate::training::training_settings(game), |o| o.settings.clone());
    let mut tr = Training::at_level(settings, level, seed, history, env.lang)?;
    let opened = match (&origin, &env.ctx, Table::start(tr.session.settings().clone())) {
        (Some(origin), Some(ctx), Ok(table)) => Some((env.open_log)(origin, &table, ctx)),
        _ => None,
    };
    match opened {
        Some(Ok(log)) => tr = tr.with_log(log, env.lang),
        Some(Err(e)) => {
            tr.log_note = Some(shift::log_error_text(env.lang, &e));
            tr.log_failed = true;
        }
        None => {}
    }
    // The school's entry line reads amounts as the table's does (in units, when the
    // croupier works so).
    if let (Some(run), Some(o)) = (tr.entry.as_mut(), origin.as_ref()) {
        run.in_units = o.in_units;
    }
    tr.origin = origin;
    Ok(Box::new(tr))
}

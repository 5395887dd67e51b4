//! The start form's commands: opening a shift (new or taken up), the school, the
//! review and the floor.

use super::entry::EntryLine;
use super::live::{Live, play_error_text};
use super::shift::{self, JournalLog, LiveShift, LogError, ShiftHeader};
use super::start::{StartChoice, StartCmd, StartForm};
use super::{Env, Go, Screen, floor, pit, prefs, review, school, text};
use crate::engine::{Op, Table};
use crate::journal;

impl StartForm {
    /// A command on the start form; the screen it opens, if any.
    pub fn apply(&mut self, c: StartCmd, env: &mut Env) -> Option<Go> {
        match c {
            StartCmd::StartShift => self.start_shift(env),
            StartCmd::ScanLogs => {
                self.scan();
                None
            }
            StartCmd::Resume(i) => self.resume(i, env),
            StartCmd::StartTraining => Some(self.start_training(env)),
            StartCmd::OpenReview => {
                // Amendments go to the pit the form names (a bad URL there: none).
                let mut r = review::Review::new();
                r.pit = self.pit(env.lang).ok().flatten();
                Some(Go::Park(Screen::Review(Box::new(r))))
            }
            StartCmd::OpenFloor => {
                // The floor reads the pit the form names; none named: said there.
                match self.pit(env.lang) {
                    Ok(Some(url)) => {
                        let f = floor::FloorView::start(url, Default::default(), env.ctx.clone());
                        return Some(Go::Park(Screen::Floor(Box::new(f))));
                    }
                    Ok(None) => self.problem = Some(text::t(env.lang, "floor-no-pit")),
                    Err(why) => self.problem = Some(why),
                }
                None
            }
        }
    }

    fn start_shift(&mut self, env: &mut Env) -> Option<Go> {
        let lang = env.lang;
        let choice = match self.read_field(lang) {
            Ok(c) => c,
            Err((field, p)) => {
                // The field at fault takes the keyboard, and the form says why.
                self.problem = Some(p);
                self.problem_field = Some(field);
                return None;
            }
        };
        // A live shift: no shoe yet, no coup, no bank (the banner says what comes next).
        let table = match Table::start(choice.settings.clone()) {
            Ok(t) => t,
            Err(e) => {
                self.problem = Some(crate::i18n::settings_text(lang, e));
                return None;
            }
        };
        let header = ShiftHeader { table_name: choice.table_name.clone(), croupier: choice.croupier.clone() };
        let ctx = env.ctx.clone()?;
        let remembered = prefs::Prefs::of_form(self);
        let mut shift = match (env.open_log)(&choice, &table, &ctx) {
            Ok(log) => LiveShift::open(header, table, log),
            Err(e) => {
                self.problem = Some(text::ta(lang, "log-cannot-open", &[("why", shift::log_error_text(lang, &e))]));
                return None;
            }
        };
        // The bank taken on the form goes through the engine and the log like any entry.
        let mut entry = EntryLine::with_instant(self.instant).in_units(self.in_units);
        if let Some((player, amount)) = choice.banker
            && let Err(e) = shift.play(&Op::TakeBank { player, amount })
        {
            entry.problem = Some(play_error_text(lang, e));
        }
        shift.poll();
        *env.remembered = Some(remembered);
        Some(Go::To(Screen::Table(Box::new(Live::new(shift, entry)))))
    }

    /// Takes up an unfinished shift where its log left it (the same coup goes on).
    fn resume(&mut self, i: usize, env: &mut Env) -> Option<Go> {
        let lang = env.lang;
        let ctx = env.ctx.clone();
        let u = self.unfinished.get(i)?;
        let pit_url = self.pit(lang).ok().flatten();
        let opened = journal::open_for_append(&u.path).map_err(LogError::from).and_then(|(mut j, replayed)| {
            let pit = pit::replicate(&mut j, pit_url.as_ref(), ctx.clone());
            let log = JournalLog::start(j, ctx)?.with_pit(pit);
            Ok((log, replayed))
        });
        match opened {
            Ok((log, replayed)) => {
                let header = ShiftHeader {
                    table_name: replayed.header.table.clone(),
                    croupier: replayed.header.croupier.clone(),
                };
                let shift = LiveShift::open(header, replayed.table, Box::new(log));
                let mut entry = EntryLine::with_instant(self.instant).in_units(self.in_units);
                if let Some(aside) = &replayed.set_aside {
                    entry.problem = Some(text::ta(lang, "resumed-set-aside", &[("file", aside.file.clone())]));
                }
                Some(Go::To(Screen::Table(Box::new(Live::new(shift, entry)))))
            }
            Err(e) => {
                self.problem = Some(text::ta(lang, "log-cannot-open", &[("why", shift::log_error_text(lang, &e))]));
                None
            }
        }
    }

    /// The school for a training session of the game chosen on the form (the
    /// trainee, the game, the level), with its own training log.
    fn start_training(&self, env: &Env) -> Go {
        let lang = env.lang;
        let name =
            |s: &str, default: &str| if s.trim().is_empty() { default.to_string() } else { s.trim().to_string() };
        let origin = StartChoice {
            log_dir: journal::training_dir_beside(std::path::Path::new(self.log_dir.trim())),
            table_name: name(&self.table_name, "training"),
            croupier: name(&self.croupier, "trainee"),
            settings: self.house.house.school_rules().table(self.game),
            banker: None,
            training: true,
            lang,
            pit: self.pit(lang).ok().flatten(),
            school: self.house.house.school_rules(),
            in_units: self.in_units,
        };
        let lobby = school::Lobby::open(self.game, origin, lang);
        Go::Park(Screen::School(Box::new(lobby)))
    }
}

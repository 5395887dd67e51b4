//! A house file read: found (the flag, `SABOT_HOUSE`, the user's file, the system's),
//! parsed as RON of the house's shape, its settings checked by the engine; what is
//! wrong located in the file (line and column of the key or the value at fault).

use super::*;

/// What is wrong in the RON text, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RonProblem {
    UnknownField {
        found: String,
        expected: Vec<String>,
    },
    MissingField(String),
    DuplicateField(String),
    UnknownValue {
        found: String,
        expected: Vec<String>,
    },
    WrongType {
        expected: String,
        found: String,
    },
    /// A value the setting's own type refused (an amount, a rate), with its words.
    BadValue(String),
    End,
    WrongName(String),
    /// Any other syntax error, in RON's words.
    Syntax(String),
}

/// Why a house file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HouseError {
    /// The file cannot be read (missing, no permission…).
    Unreadable {
        path: PathBuf,
        error: std::io::ErrorKind,
    },
    NotText {
        path: PathBuf,
    },
    /// The text is not a house file: where, and why.
    Syntax {
        path: PathBuf,
        line: usize,
        col: usize,
        problem: RonProblem,
    },
    /// A setting the engine refuses, where the file gives it.
    Invalid {
        path: PathBuf,
        line: usize,
        col: usize,
        game: Game,
        fault: BadSettings,
    },
    /// A school threshold out of its range (`key`: `school.percent`, say).
    School {
        path: PathBuf,
        line: usize,
        col: usize,
        key: String,
        fault: SchoolFault,
    },
}

impl HouseError {
    pub fn path(&self) -> &Path {
        match self {
            HouseError::Unreadable { path, .. }
            | HouseError::NotText { path }
            | HouseError::Syntax { path, .. }
            | HouseError::Invalid { path, .. }
            | HouseError::School { path, .. } => path,
        }
    }
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn ron_problem(code: ron::Error) -> RonProblem {
    use ron::Error as E;
    match code {
        E::NoSuchStructField { expected, found, .. } => RonProblem::UnknownField { found, expected: names(expected) },
        E::MissingStructField { field, .. } => RonProblem::MissingField(field.to_string()),
        E::DuplicateStructField { field, .. } => RonProblem::DuplicateField(field.to_string()),
        E::NoSuchEnumVariant { expected, found, .. } => RonProblem::UnknownValue { found, expected: names(expected) },
        E::InvalidValueForType { expected, found } => RonProblem::WrongType { expected, found },
        E::Message(m) => RonProblem::BadValue(m),
        E::Eof => RonProblem::End,
        E::ExpectedDifferentStructName { found, .. } => RonProblem::WrongName(found),
        other => RonProblem::Syntax(other.to_string()),
    }
}

/// Reads a house file's text (`path` is only for the messages) and checks every table
/// it makes.
pub fn parse(text: &str, path: &Path) -> Result<House, HouseError> {
    let house: House = ron_options().from_str(text).map_err(|e| HouseError::Syntax {
        path: path.to_path_buf(),
        line: e.span.start.line,
        col: e.span.start.col,
        problem: ron_problem(e.code),
    })?;
    if let Err((game, fault)) = house.check() {
        let (line, col) = locate_fault(text, game, fault);
        return Err(HouseError::Invalid { path: path.to_path_buf(), line, col, game, fault });
    }
    if let Err((keys, fault)) = house.school.check().and_then(|()| house.protection.check()) {
        let (line, col) = locate(text, &keys).or_else(|| locate(text, &keys[..1])).unwrap_or((1, 1));
        return Err(HouseError::School { path: path.to_path_buf(), line, col, key: keys.join("."), fault });
    }
    Ok(house)
}

/// Reads and checks a house file.
pub fn load(path: &Path) -> Result<House, HouseError> {
    let bytes =
        std::fs::read(path).map_err(|e| HouseError::Unreadable { path: path.to_path_buf(), error: e.kind() })?;
    let text = String::from_utf8(bytes).map_err(|_| HouseError::NotText { path: path.to_path_buf() })?;
    parse(&text, path)
}

/// The user's own house file: `<config folder>/house.ron` (Linux
/// `~/.config/sabot/house.ron`).
pub fn user_file() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "sabot").map(|p| p.config_dir().join("house.ron"))
}

/// Which house file applies: `--house FILE`; else `SABOT_HOUSE`; else the user's
/// `house.ron`, else the system's (`/etc/sabot/house.ron`), when they exist; else none
/// (Sabot's defaults).
pub fn find(flag: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = flag {
        return Some(p.to_path_buf());
    }
    if let Some(v) = std::env::var_os(HOUSE_VAR)
        && !v.is_empty()
    {
        return Some(PathBuf::from(v));
    }
    let system = cfg!(unix).then(|| PathBuf::from(SYSTEM_FILE));
    user_file().into_iter().chain(system).find(|p| p.is_file())
}

/// Loads the house file that applies ([`find`]), or Sabot's defaults when none does.
pub fn resolve(flag: Option<&Path>) -> Result<Loaded, HouseError> {
    match find(flag) {
        Some(path) => load(&path).map(|house| Loaded { house, path: Some(path) }),
        None => Ok(Loaded::built_in()),
    }
}

static STARTUP: OnceLock<Result<Loaded, HouseError>> = OnceLock::new();

/// Records the house the app was started with (`sabot --house FILE`, or found): the
/// start screen opens with it. Once per process; a second call changes nothing.
pub fn set_startup(house: Result<Loaded, HouseError>) {
    // A second call keeps the first: the app is started once.
    STARTUP.get_or_init(|| house);
}

/// The house the app was started with; Sabot's defaults when none was recorded (the
/// app built by a test).
pub fn startup() -> Result<Loaded, HouseError> {
    STARTUP.get().cloned().unwrap_or_else(|| Ok(Loaded::built_in()))
}

/// Where a key sits in a house file: `path` is the chain of keys from the top
/// (`["banque", "house", "table_min"]`); the line and column of the last one, 1-based.
/// Strings and comments are skipped.
pub fn locate(text: &str, path: &[&str]) -> Option<(usize, usize)> {
    let mut cur = Cursor { chars: text.chars().collect(), i: 0, line: 1, col: 1 };
    // The keys of the open brackets, outermost first; the last key seen at this depth.
    let mut stack: Vec<String> = Vec::new();
    let mut last_key: Option<String> = None;
    while let Some(c) = cur.at(0) {
        if c == '/' && cur.at(1) == Some('/') {
            cur.skip_line_comment();
            continue;
        }
        if c == '/' && cur.at(1) == Some('*') {
            cur.skip_block_comment();
            continue;
        }
        if c == '"' {
            cur.skip_string();
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let (at_line, at_col) = (cur.line, cur.col);
            let word = cur.word();
            if cur.colon_follows() {
                // A key: is it the one asked for, under the keys asked for?
                let enclosing: Vec<&str> = stack.iter().skip(1).map(String::as_str).collect();
                if enclosing.len() + 1 == path.len()
                    && enclosing.iter().zip(path).all(|(a, b)| a == b)
                    && path.last() == Some(&word.as_str())
                {
                    return Some((at_line, at_col));
                }
                last_key = Some(word);
            }
            continue;
        }
        match c {
            '(' | '[' | '{' => stack.push(last_key.take().unwrap_or_default()),
            ')' | ']' | '}' => {
                stack.pop();
                last_key = None;
            }
            ',' => last_key = None,
            _ => {}
        }
        cur.step();
    }
    None
}

/// A walk over a house file's characters, keeping the line and column (1-based).
struct Cursor {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Cursor {
    /// The character `k` after the one it is on (0: that one), if any.
    fn at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    /// Moves past the character it is on.
    fn step(&mut self) {
        if self.chars.get(self.i) == Some(&'\n') {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        self.i += 1;
    }

    /// Moves to the end of a `//` comment (on its end of line).
    fn skip_line_comment(&mut self) {
        while self.at(0).is_some_and(|c| c != '\n') {
            self.step();
        }
    }

    /// Moves past a `/* … */` comment, comments within it counted.
    fn skip_block_comment(&mut self) {
        let mut depth = 0usize;
        while self.at(0).is_some() {
            if self.at(0) == Some('/') && self.at(1) == Some('*') {
                depth += 1;
                self.step();
            } else if self.at(0) == Some('*') && self.at(1) == Some('/') {
                depth = depth.saturating_sub(1);
                self.step();
                if depth == 0 {
                    self.step();
                    break;
                }
            }
            self.step();
        }
    }

    /// Moves past a string, its escapes taken whole.
    fn skip_string(&mut self) {
        self.step();
        while self.at(0).is_some_and(|c| c != '"') {
            if self.at(0) == Some('\\') {
                self.step();
            }
            if self.at(0).is_some() {
                self.step();
            }
        }
        if self.at(0).is_some() {
            self.step();
        }
    }

    /// Moves past a word (letters, digits, `_`) and hands it back.
    fn word(&mut self) -> String {
        let start = self.i;
        while self.at(0).is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.step();
        }
        self.chars[start..self.i].iter().collect()
    }

    /// Whether a single `:` follows, after blanks (the word before it is a key).
    fn colon_follows(&self) -> bool {
        let mut k = 0;
        while self.at(k).is_some_and(char::is_whitespace) {
            k += 1;
        }
        self.at(k) == Some(':') && self.at(k + 1) != Some(':')
    }
}

/// Where a fault found in a checked table sits in the file: the setting in its game's
/// block (or that block's `house`), else the same setting for every game, else the
/// game's block, else the top of the file.
fn locate_fault(text: &str, game: Game, fault: BadSettings) -> (usize, usize) {
    let block = block_name(game);
    let field = fault.field();
    let cagnotte_free = (game == Game::Banque).then_some("cagnotte_free_bank");
    let tries: Vec<Vec<&str>> = vec![
        vec![block, "house", field],
        vec![block, field],
        vec![field],
        cagnotte_free.map(|f| vec![block, f]).unwrap_or_default(),
        vec![block],
    ];
    tries.iter().filter(|p| !p.is_empty()).find_map(|p| locate(text, p)).unwrap_or((1, 1))
}

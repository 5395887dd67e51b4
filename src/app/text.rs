//! The app's words and numbers: `crate::i18n::words`, under the app's old name.

pub use crate::i18n::words::*;

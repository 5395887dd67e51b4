// On Windows the app is a window program: no console window opens when it starts from
// the Start menu. The subcommands typed in a console print there all the same
// (`console::attach`).
#![cfg_attr(windows, windows_subsystem = "windows")]

fn main() {
    #[cfg(windows)]
    console::attach();
    let cli = sabot::cli::parse();
    std::process::exit(sabot::cli::main_with(cli, open));
}

/// Opens the window the command line asks for (`sabot`, `sabot review`, `sabot
/// floor`): the binary joins the two, the command line never imports the app.
fn open(lang: sabot::i18n::Lang, w: sabot::cli::Window) -> i32 {
    match w {
        sabot::cli::Window::App => sabot::app::run(lang),
        sabot::cli::Window::Review(logs) => sabot::app::run_review(lang, logs),
        sabot::cli::Window::Floor(url) => sabot::app::run_floor(lang, &url),
    }
}

#[cfg(windows)]
mod console {
    use windows_sys::Win32::Foundation::{HANDLE, INVALID_HANDLE_VALUE};
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_ERROR_HANDLE, STD_HANDLE, STD_INPUT_HANDLE,
        STD_OUTPUT_HANDLE, SetStdHandle,
    };

    const STREAMS: [STD_HANDLE; 3] = [STD_INPUT_HANDLE, STD_OUTPUT_HANDLE, STD_ERROR_HANDLE];

    /// A window program has no console of its own: when it was started from one (cmd,
    /// PowerShell), its output goes to that console. Streams already redirected to a
    /// file or a pipe stay where they were sent; started from the Start menu there is
    /// no console to attach to, and nothing happens.
    pub fn attach() {
        // SAFETY: GetStdHandle, AttachConsole and SetStdHandle take plain values and
        // handles the process owns; nothing here is borrowed from Rust.
        unsafe {
            let before: Vec<HANDLE> = STREAMS.iter().map(|&s| GetStdHandle(s)).collect();
            let usable = |h: HANDLE| !h.is_null() && h != INVALID_HANDLE_VALUE;
            if before.iter().skip(1).all(|&h| usable(h)) {
                return;
            }
            if AttachConsole(ATTACH_PARENT_PROCESS) == 0 {
                return;
            }
            for (&stream, &handle) in STREAMS.iter().zip(&before) {
                if usable(handle) {
                    SetStdHandle(stream, handle);
                }
            }
        }
    }
}

//! Build script: on a Windows target only, the icon and the version information go
//! into `sabot.exe` as a resource (`assets/windows/sabot.rc`, compiled with MinGW's
//! `windres`, or the one `WINDRES` names). Other targets: nothing to do.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/windows/sabot.rc");
    println!("cargo:rerun-if-changed=assets/windows/sabot.ico");
    println!("cargo:rerun-if-env-changed=WINDRES");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    if let Err(why) = windows_resource() {
        // `cargo check` for Windows still works without windres; `tools/windows.sh`
        // checks that the built exe carries its icon.
        println!("cargo:warning=sabot.exe is built without its icon: {why}");
    }
}

fn windows_resource() -> Result<(), String> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").map_err(|e| e.to_string())?);
    let out = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_else(|_| "x86_64".into());
    let windres = std::env::var("WINDRES").unwrap_or_else(|_| format!("{arch}-w64-mingw32-windres"));
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let mut parts: Vec<u16> = version.split(['.', '-', '+']).filter_map(|p| p.parse().ok()).take(3).collect();
    parts.resize(4, 0);
    let numeric = parts.iter().map(u16::to_string).collect::<Vec<_>>().join(",");
    let object = out.join("sabot-resource.o");
    let status = Command::new(&windres)
        .current_dir(manifest.join("assets/windows"))
        .arg(format!("-DSABOT_VERSION_NUM={numeric}"))
        .arg(format!("-DSABOT_VERSION_STR=\\\"{version}\\\""))
        .args(["-O", "coff", "-i", "sabot.rc", "-o"])
        .arg(&object)
        .status()
        .map_err(|e| format!("cannot run {windres}: {e} (Debian: apt-get install mingw-w64)"))?;
    if !status.success() {
        return Err(format!("{windres} failed ({status})"));
    }
    // An object file on the link line is always linked in (a library member would be
    // dropped as unreferenced): the binaries only, not the test programs.
    println!("cargo:rustc-link-arg-bins={}", object.display());
    Ok(())
}

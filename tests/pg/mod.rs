//! A throwaway PostgreSQL cluster for the pit's tests and benchmark: `initdb` into a
//! temporary folder (as the `postgres` user when the tests run as root), a unix
//! socket in that folder, no network (`listen_addresses=''`). One cluster is shared
//! by a test binary (`shared()`), stopped when the process exits; a test that stops
//! and starts the database makes its own (`Cluster::start`), stopped when dropped. A
//! watchdog process stops a cluster whose test process died without stopping it.
//!
//! No PostgreSQL binaries: the tests say so and pass, except in CI (`CI=true`), where
//! that is a failure.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// A running cluster.
pub struct Cluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    as_postgres: bool,
    stopped: Mutex<bool>,
}

/// The newest PostgreSQL's binaries: `$PG_BIN`, Debian's `/usr/lib/postgresql/*/bin`,
/// or `pg_config --bindir`.
pub fn bin_dir() -> Option<PathBuf> {
    if let Some(b) = std::env::var_os("PG_BIN").map(PathBuf::from).filter(|b| b.join("initdb").exists()) {
        return Some(b);
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let v: u32 = e.file_name().to_str()?.split('.').next()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    found.sort();
    if let Some((_, b)) = found.pop() {
        return Some(b);
    }
    let out = Command::new("pg_config").arg("--bindir").output().ok()?;
    let b = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    b.join("initdb").exists().then_some(b)
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The binaries, or None (with a message) when the tests are to be skipped; in CI a
/// missing PostgreSQL is a failure.
pub fn available() -> Option<PathBuf> {
    match bin_dir() {
        Some(b) => Some(b),
        None if in_ci() => panic!("PostgreSQL is not installed (CI must install Debian's postgresql package)"),
        None => {
            eprintln!("SKIPPED: no PostgreSQL binaries (apt-get install postgresql); the pit's tests did not run");
            None
        }
    }
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    #[cfg(unix)]
    return unsafe { libc::geteuid() == 0 };
    // Elsewhere (the Windows check of every target) there is no root to step down from.
    #[cfg(not(unix))]
    false
}

impl Cluster {
    fn run(&self, tool: &str, args: &[&str]) -> Result<(), String> {
        let exe = self.bin.join(tool);
        let mut cmd = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let out = cmd.args(args).stdin(Stdio::null()).output().map_err(|e| format!("{tool}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{tool} {args:?} failed: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }

    /// Makes and starts a cluster. `fsync` off for tests (speed), on for the benchmark.
    pub fn start(bin: &Path, fsync: bool) -> Result<Cluster, String> {
        #[cfg(unix)]
        use std::os::unix::fs::FileTypeExt;
        // initdb writes to /dev/null; a machine where something replaced it with a
        // plain file fails there with a puzzling "Permission denied".
        #[cfg(unix)]
        if !std::fs::metadata("/dev/null").is_ok_and(|m| m.file_type().is_char_device()) {
            return Err("/dev/null is not the null device on this machine (something replaced it with a file); \
                        initdb cannot run until it is restored (mknod -m 666 /dev/null c 1 3)"
                .into());
        }
        let dir = tempfile::Builder::new().prefix("sabot-pg").tempdir().map_err(|e| e.to_string())?;
        let as_postgres = is_root();
        if as_postgres {
            let st = Command::new("chown").arg("postgres:").arg(dir.path()).status().map_err(|e| e.to_string())?;
            if !st.success() {
                return Err("cannot give the cluster's folder to the postgres user".into());
            }
        }
        let c = Cluster { dir, bin: bin.to_path_buf(), as_postgres, stopped: Mutex::new(true) };
        let data = c.data();
        c.run("initdb", &["-D", &data, "-A", "trust", "-U", "sabot", "-E", "UTF8", "--locale=C", "-N"])?;
        let conf = format!(
            "listen_addresses = ''\nunix_socket_directories = '{}'\nfsync = {}\nmax_connections = 150\n",
            c.socket_dir(),
            if fsync { "on" } else { "off" }
        );
        let conf_path = c.dir.path().join("data/postgresql.auto.conf");
        let mut all = std::fs::read_to_string(&conf_path).unwrap_or_default();
        all.push_str(&conf);
        std::fs::write(&conf_path, all).map_err(|e| e.to_string())?;
        c.start_again()?;
        c.watchdog();
        Ok(c)
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    pub fn socket_dir(&self) -> String {
        self.dir.path().display().to_string()
    }

    /// Starts the (stopped) cluster, waiting until it takes connections.
    pub fn start_again(&self) -> Result<(), String> {
        let log = self.dir.path().join("log").display().to_string();
        self.run("pg_ctl", &["-D", &self.data(), "-l", &log, "-w", "-t", "60", "start"])?;
        if let Ok(mut s) = self.stopped.lock() {
            *s = false;
        }
        Ok(())
    }

    /// Stops the cluster (fast: open connections are cut).
    pub fn stop(&self) -> Result<(), String> {
        if let Ok(mut s) = self.stopped.lock() {
            *s = true;
        }
        self.run("pg_ctl", &["-D", &self.data(), "-m", "fast", "-w", "stop"])
    }

    fn stop_now(&self) {
        let running = self.stopped.lock().map(|s| !*s).unwrap_or(true);
        if running && let Err(e) = self.run("pg_ctl", &["-D", &self.data(), "-m", "immediate", "-w", "stop"]) {
            eprintln!("stopping the test cluster: {e}");
        }
    }

    /// A process that stops the postmaster once this test process is gone, however it
    /// ended (a crash, a kill).
    fn watchdog(&self) {
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; \
             p=$(head -1 '{data}/postmaster.pid' 2>/dev/null) && kill -QUIT \"$p\" 2>/dev/null; exit 0",
            pid = std::process::id(),
            data = self.data()
        );
        if let Err(e) = Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
        {
            eprintln!("no watchdog for the test cluster: {e}");
        }
    }

    /// The URL of a database in this cluster, as the superuser `sabot`.
    pub fn url(&self, db: &str) -> String {
        self.url_as("sabot", db)
    }

    /// The URL of a database as another user (trust: no password asked).
    pub fn url_as(&self, user: &str, db: &str) -> String {
        format!("postgresql://{user}@/{db}?host={}", self.socket_dir())
    }

    /// Runs SQL as the superuser in database `db`.
    pub fn sql(&self, db: &str, sql: &str) -> Result<(), String> {
        let mut c = postgres::Client::connect(&self.url(db), postgres::NoTls).map_err(|e| e.to_string())?;
        c.batch_execute(sql).map_err(|e| e.to_string())
    }

    /// Two table logins and the pit boss's, made in the pit's roles of database `db`
    /// (its schema already made), «Mesa 1» and «Mesa 2» bound to the table logins:
    /// their URLs as typed, (mesa1, mesa2, jefe).
    pub fn pit_logins(&self, db: &str) -> (String, String, String) {
        let n = format!("{}_{}", std::process::id(), db.rsplit('_').next().unwrap_or("0"));
        let (m1, m2, jefe) = (format!("mesa1_{n}"), format!("mesa2_{n}"), format!("jefe_{n}"));
        self.sql(
            db,
            &format!(
                "CREATE ROLE {m1} LOGIN IN ROLE sabot_table; CREATE ROLE {m2} LOGIN IN ROLE sabot_table; \
                 CREATE ROLE {jefe} LOGIN IN ROLE sabot_pit; \
                 SELECT sabot.bind_table('Mesa 1', '{m1}'); SELECT sabot.bind_table('Mesa 2', '{m2}');"
            ),
        )
        .expect("roles");
        (self.url_as(&m1, db), self.url_as(&m2, db), self.url_as(&jefe, db))
    }

    /// A fresh database with a unique name; returns its name.
    pub fn fresh_db(&self, stem: &str) -> Result<String, String> {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let name = format!("{stem}_{}_{n}", std::process::id());
        self.sql("postgres", &format!("CREATE DATABASE {name}"))?;
        Ok(name)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.stop_now();
    }
}

static SHARED: OnceLock<Option<Cluster>> = OnceLock::new();

extern "C" fn stop_shared() {
    if let Some(Some(c)) = SHARED.get() {
        c.stop_now();
        // A static is never dropped: its folder (hundreds of megabytes after a whole
        // run) is removed here, or every run left one in the temporary folder.
        let _ = std::fs::remove_dir_all(c.dir.path());
    }
}

/// The test binary's cluster, started at the first call and stopped (its folder
/// removed) when the process exits; None when the tests are skipped (no PostgreSQL, not in CI).
pub fn shared() -> Option<&'static Cluster> {
    SHARED
        .get_or_init(|| {
            let bin = available()?;
            let c = Cluster::start(&bin, false).unwrap_or_else(|e| panic!("cannot start a PostgreSQL cluster: {e}"));
            // SAFETY: registering a plain function with no captured state.
            if unsafe { libc::atexit(stop_shared) } != 0 {
                eprintln!("the test cluster will be stopped by its watchdog only");
            }
            Some(c)
        })
        .as_ref()
}

/// A server on loopback that accepts connections and never answers (a pit that lets
/// a client in and then says nothing), for as long as the test process runs: its port.
pub fn silent_server() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("listener");
    let port = listener.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for s in listener.incoming().flatten() {
            held.push(s); // accepted, never read, never answered
        }
    });
    port
}

//! The pit's TLS against a real PostgreSQL with a certificate (issue 42): a throwaway
//! cluster (tests/pg) listening on 127.0.0.1 with `ssl=on`, its certificate signed by a
//! CA made here with the `openssl` command-line tool. Checked: the right CA given as
//! `sslrootcert` connects under `require`, `verify-full` and `verify-ca`; without it
//! (only the system's roots), with another CA, or under another host name, the
//! connection is refused and the message says the certificate was refused, in the
//! screen's language.
#![cfg(unix)] // the cluster's files are handed to the postgres user
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test may fail loudly

use crate::pg;

use sabot::app::pit::pit_error_text;
use sabot::i18n::Lang;
use sabot::pit::{PitError, PitUrl, Unreachable};
use std::path::Path;
use std::process::Command;

fn openssl(dir: &Path, args: &[&str]) {
    let out = Command::new("openssl").args(args).current_dir(dir).output().expect("openssl runs");
    assert!(out.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// `openssl req` making a new P-256 key (`{name}.key`, unencrypted) and `{name}.pem`
/// (`-x509`: a self-signed certificate; else a request), for `subject`, with `more`.
fn new_key(dir: &Path, name: &str, subject: &str, more: &[&str]) {
    let (key, out) = (format!("{name}.key"), format!("{name}.pem"));
    let mut args = vec!["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    args.extend(["-keyout", &key, "-out", &out, "-subj", subject]);
    args.extend(more);
    openssl(dir, &args);
}

/// Two CAs (`ca`, `other`) and the server's certificate for `localhost` that `ca` signs, in `dir`.
fn make_certificates(dir: &Path) {
    for ca in ["ca", "other"] {
        let ca_ext = ["-x509", "-days", "2", "-addext", "basicConstraints=critical,CA:TRUE", "-addext"];
        new_key(
            dir,
            ca,
            &format!("/CN=Sabot test {ca}"),
            &[&ca_ext[..], &["keyUsage=critical,keyCertSign,cRLSign"]].concat(),
        );
    }
    let ext = "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n";
    signed_by_ca(dir, "server", "/CN=localhost", ext);
}

/// `name.key` and `name.pem`, a certificate for `subject` with the extensions `ext`
/// that `ca` signs: the request (`name.pem` for now), then the certificate over it.
fn signed_by_ca(dir: &Path, name: &str, subject: &str, ext: &str) {
    let (csr, pem, extfile) = (format!("{name}.csr"), format!("{name}.pem"), format!("{name}.ext"));
    std::fs::write(dir.join(&extfile), ext).unwrap();
    new_key(dir, name, subject, &[]);
    std::fs::rename(dir.join(&pem), dir.join(&csr)).unwrap();
    let args = ["x509", "-req", "-in", &csr, "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", &pem];
    openssl(dir, &[&args[..], &["-days", "2", "-extfile", &extfile]].concat());
}

/// A cluster listening on 127.0.0.1:`port` with TLS, and the folder of the CAs.
fn tls_cluster() -> Option<(pg::Cluster, tempfile::TempDir, u16)> {
    let bin = pg::available()?;
    if Command::new("openssl").arg("version").output().is_err() {
        // CI installs it (.ci/run): there a missing tool fails, it never skips.
        assert!(std::env::var_os("CI").is_none(), "no openssl command to make the test certificates");
        eprintln!("SKIPPED: no openssl command to make the test certificates");
        return None;
    }
    let certs = tempfile::tempdir().unwrap();
    make_certificates(certs.path());
    let cluster = pg::Cluster::start(&bin, false).unwrap();
    cluster.stop().unwrap();
    let data = Path::new(&cluster.socket_dir()).join("data");
    for f in ["server.pem", "server.key"] {
        std::fs::copy(certs.path().join(f), data.join(f)).unwrap();
        let owner = std::fs::metadata(&data).map(|m| std::os::unix::fs::MetadataExt::uid(&m)).unwrap();
        let st = Command::new("chown").arg(owner.to_string()).arg(data.join(f)).status().unwrap();
        assert!(st.success());
        let st = Command::new("chmod").arg("600").arg(data.join(f)).status().unwrap();
        assert!(st.success());
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let conf = data.join("postgresql.auto.conf");
    let mut all = std::fs::read_to_string(&conf).unwrap();
    all.push_str(&format!(
        "listen_addresses = '127.0.0.1'\nport = {port}\nssl = on\nssl_cert_file = 'server.pem'\nssl_key_file = 'server.key'\n"
    ));
    std::fs::write(&conf, all).unwrap();
    cluster.start_again().unwrap();
    Some((cluster, certs, port))
}

fn url(port: u16, host: &str, mode: &str, root: Option<&Path>) -> String {
    let root = root.map(|r| format!("&sslrootcert={}", r.display())).unwrap_or_default();
    format!("postgresql://sabot@{host}:{port}/postgres?hostaddr=127.0.0.1&sslmode={mode}{root}")
}

fn connect(u: &str) -> Result<(), PitError> {
    let mut client = PitUrl::parse(u)?.connect()?;
    let ssl: bool = client.query_one("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", &[]).unwrap().get(0);
    assert!(ssl, "{u}: connected without TLS");
    Ok(())
}

/// The refusal is a refused certificate, said as such in Spanish and English.
fn assert_refused(u: &str) {
    let e = connect(u).expect_err(u);
    assert!(
        matches!(&e, PitError::Offline { why: Unreachable::Certificate { .. }, .. }),
        "{u}: not a refused certificate: {e:?}"
    );
    let es = pit_error_text(Lang::Es, &e);
    assert!(es.contains("el certificado del pit no es de confianza"), "{es}");
    let en = pit_error_text(Lang::En, &e);
    assert!(en.contains("the pit's certificate is not trusted"), "{en}");
}

#[test]
fn tls_to_the_pit_checks_the_certificate() {
    let Some((_cluster, certs, port)) = tls_cluster() else { return };
    let ca = certs.path().join("ca.pem");
    let other = certs.path().join("other.pem");
    for mode in ["require", "verify-full", "verify-ca"] {
        connect(&url(port, "localhost", mode, Some(&ca))).unwrap_or_else(|e| panic!("{mode}: {e:?}"));
    }
    // verify-ca checks the chain, not the name.
    connect(&url(port, "pit.example", "verify-ca", Some(&ca))).unwrap();
    // Only the system's roots: the test CA is not among them.
    assert_refused(&url(port, "localhost", "require", None));
    assert_refused(&url(port, "localhost", "verify-full", Some(&other)));
    assert_refused(&url(port, "localhost", "verify-ca", Some(&other)));
    assert_refused(&url(port, "pit.example", "verify-full", Some(&ca)));
    assert_refused(&url(port, "pit.example", "require", Some(&ca)));
    // A root certificate that cannot be read is said so.
    let missing = certs.path().join("missing.pem");
    let e = connect(&url(port, "localhost", "verify-full", Some(&missing))).unwrap_err();
    assert!(matches!(&e, PitError::Offline { why: Unreachable::RootCert { .. }, .. }), "{e:?}");
    assert!(pit_error_text(Lang::Es, &e).contains("no se puede leer el certificado raíz"));
}

/// Issue 51, point 6: TLS is the default over TCP. A URL without `sslmode`, or with
/// `prefer` or `allow`, connects over TLS (the server's own view, `pg_stat_ssl`), its
/// certificate checked; only `sslmode=disable` connects in clear. `pit status` says
/// which.
#[test]
fn tls_is_the_default_over_tcp_and_pit_status_says_which() {
    let Some((_cluster, certs, port)) = tls_cluster() else { return };
    let ca = certs.path().join("ca.pem");
    let base = format!("postgresql://sabot@localhost:{port}/postgres?hostaddr=127.0.0.1&sslrootcert={}", ca.display());
    for mode in ["", "&sslmode=prefer", "&sslmode=allow"] {
        connect(&format!("{base}{mode}")).unwrap_or_else(|e| panic!("{mode:?}: {e:?}"));
    }
    // Without the test CA the default refuses the certificate, as `require` does.
    let e = connect(&format!("postgresql://sabot@localhost:{port}/postgres?hostaddr=127.0.0.1")).unwrap_err();
    assert!(matches!(&e, PitError::Offline { why: Unreachable::Certificate { .. }, .. }), "{e:?}");
    let clear = PitUrl::parse(&format!("{base}&sslmode=disable")).unwrap();
    let mut c = clear.connect().unwrap();
    let ssl: bool = c.query_one("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", &[]).unwrap().get(0);
    assert!(!ssl, "sslmode=disable is in clear");
    sabot::pit::init(&PitUrl::parse(&base).unwrap()).unwrap();
    let status = |url: String| {
        let mut out = Vec::new();
        let st = sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Status { url }, Lang::En, &mut out);
        let said = String::from_utf8(out).unwrap();
        assert_eq!(st, 0, "{said}");
        said
    };
    let said = status(base.clone());
    assert!(said.contains(&format!("connection to sabot@localhost:{port}/postgres: TLS (TLSv1.")), "{said}");
    let said = status(format!("{base}&sslmode=disable"));
    assert!(said.contains("IN CLEAR (sslmode=disable)"), "{said}");
}

/// A fake server that answers PostgreSQL's SSLRequest with «N» (it offers no TLS)
/// and asks a client that logs in anyway for its password in clear: everything it
/// receives, on every connection.
fn refusing_tls_server() -> (u16, std::sync::Arc<std::sync::Mutex<Vec<u8>>>) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let got = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = std::sync::Arc::clone(&got);
    std::thread::spawn(move || {
        for mut s in listener.incoming().flatten() {
            let seen = std::sync::Arc::clone(&seen);
            std::thread::spawn(move || {
                let _ = s.set_read_timeout(Some(std::time::Duration::from_secs(3)));
                let message = |s: &mut std::net::TcpStream| -> Option<Vec<u8>> {
                    let mut len = [0u8; 4];
                    s.read_exact(&mut len).ok()?;
                    let mut rest = vec![0u8; (u32::from_be_bytes(len) as usize).saturating_sub(4).min(1 << 16)];
                    s.read_exact(&mut rest).ok()?;
                    seen.lock().unwrap().extend_from_slice(&[&len[..], &rest].concat());
                    Some(rest)
                };
                let Some(first) = message(&mut s) else { return };
                let startup = if first == [0x04, 0xd2, 0x16, 0x2f] {
                    let _ = s.write_all(b"N");
                    message(&mut s)
                } else {
                    Some(first)
                };
                if startup.is_some() {
                    // AuthenticationCleartextPassword: the client sends its password.
                    let _ = s.write_all(&[b'R', 0, 0, 0, 8, 0, 0, 0, 3]);
                    let mut tail = Vec::new();
                    let _ = s.read_to_end(&mut tail);
                    seen.lock().unwrap().extend_from_slice(&tail);
                }
            });
        }
    });
    (port, got)
}

/// Issue 51, point 6: a server that refuses TLS is refused before anything is sent:
/// without `sslmode`, with `prefer`, `allow` or `require`, it receives the SSLRequest
/// and nothing else, never the user nor the password (before issue 51 it got the
/// password in clear); the message says so.
#[test]
fn a_server_that_refuses_tls_never_gets_the_password() {
    let (port, got) = refusing_tls_server();
    for mode in ["", "&sslmode=prefer", "&sslmode=allow", "&sslmode=require"] {
        let u = format!("postgresql://mesa1:S3cret-Pw@127.0.0.1:{port}/sabot?connect_timeout=3{mode}");
        let e = PitUrl::parse(&u).unwrap().connect().map(|_| ()).expect_err(mode);
        assert!(matches!(&e, PitError::Offline { why: Unreachable::NoTls { .. }, .. }), "{mode:?}: {e:?}");
        let en = pit_error_text(Lang::En, &e);
        assert!(en.contains("does not offer TLS") && en.contains("the password never"), "{en}");
        assert!(pit_error_text(Lang::Es, &e).contains("no ofrece TLS"), "{e:?}");
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    let got = got.lock().unwrap().clone();
    let request = [0u8, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f];
    assert!(!got.is_empty() && got.chunks(8).all(|c| c == request), "the server got more than SSLRequests: {got:?}");
}

/// Issue 51, point 6: `sslmode=require` on a Unix socket connects, as libpq does (a
/// socket never leaves the machine: no TLS is asked), and `pit status` says it is a
/// local socket.
#[test]
fn require_on_a_unix_socket_connects_as_libpq_does() {
    let Some(c) = pg::shared() else { return };
    let db = c.fresh_db("socket_tls").unwrap();
    let url = format!("{}&sslmode=require", c.url(&db));
    sabot::pit::init(&PitUrl::parse(&url).unwrap()).unwrap_or_else(|e| panic!("require on a socket: {e:?}"));
    let mut out = Vec::new();
    let st = sabot::cli::pit::pit(&sabot::cli::pit::PitCommand::Status { url }, Lang::En, &mut out);
    let said = String::from_utf8(out).unwrap();
    assert_eq!(st, 0, "{said}");
    assert!(said.contains("a local socket on this machine"), "{said}");
}

/// Issue 51, point 6: a client certificate (`sslcert`, `sslkey`, as libpq reads them)
/// is presented to a server that asks for one (`hostssl … cert`): with it the login
/// goes through; without it the server refuses; one without the other is said.
#[test]
fn a_client_certificate_is_presented_to_a_server_that_asks() {
    let Some((cluster, certs, port)) = tls_cluster() else { return };
    let dir = certs.path();
    // The client's key and certificate for the user `sabot`, signed by `ca`.
    let ext = "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n";
    signed_by_ca(dir, "client", "/CN=sabot", ext);
    // The server asks every TCP login for a certificate signed by `ca`.
    cluster.stop().unwrap();
    let data = Path::new(&cluster.socket_dir()).join("data");
    std::fs::copy(dir.join("ca.pem"), data.join("ca.pem")).unwrap();
    let owner = std::fs::metadata(&data).map(|m| std::os::unix::fs::MetadataExt::uid(&m)).unwrap();
    assert!(Command::new("chown").arg(owner.to_string()).arg(data.join("ca.pem")).status().unwrap().success());
    std::fs::write(data.join("pg_hba.conf"), "local all all trust\nhostssl all all 127.0.0.1/32 cert\n").unwrap();
    let conf = data.join("postgresql.auto.conf");
    let mut all = std::fs::read_to_string(&conf).unwrap();
    all.push_str("ssl_ca_file = 'ca.pem'\n");
    std::fs::write(&conf, all).unwrap();
    cluster.start_again().unwrap();
    let ca = dir.join("ca.pem");
    let base = format!("postgresql://sabot@localhost:{port}/postgres?hostaddr=127.0.0.1&sslrootcert={}", ca.display());
    let with =
        format!("{base}&sslcert={}&sslkey={}", dir.join("client.pem").display(), dir.join("client.key").display());
    connect(&with).unwrap_or_else(|e| panic!("with the client's certificate: {e:?}"));
    let e = connect(&base).expect_err("no certificate: refused by the server");
    assert!(!matches!(e, PitError::BadUrl(_)), "{e:?}");
    let half = format!("{base}&sslcert={}", dir.join("client.pem").display());
    let e = connect(&half).expect_err("a certificate without its key");
    assert!(matches!(&e, PitError::Offline { why: Unreachable::ClientCert { .. }, .. }), "{e:?}");
}

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
    std::fs::write(dir.join("server.ext"), ext).unwrap();
    // The request (server.pem for now), then the certificate signed by `ca` over it.
    new_key(dir, "server", "/CN=localhost", &[]);
    std::fs::rename(dir.join("server.pem"), dir.join("server.csr")).unwrap();
    openssl(
        dir,
        &[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-out",
            "server.pem",
            "-days",
            "2",
            "-extfile",
            "server.ext",
        ],
    );
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

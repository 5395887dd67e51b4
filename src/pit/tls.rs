//! The pit's TLS: rustls with the `ring` provider (no OpenSSL to build against), the
//! operating system's trusted roots (and the URL's `sslrootcert`, as libpq reads it).
//!
//! TLS is the default over TCP (issue 51): a URL without `sslmode`, or with `prefer`,
//! `allow`, `require` or `verify-full`, connects only over TLS, the server's
//! certificate checked against the trusted roots and the host name; `verify-ca`
//! checks the roots, not the name. A server that does not offer TLS is refused before
//! anything is sent (never the password in clear): only `sslmode=disable` connects in
//! clear. Over a Unix socket, which never leaves the machine, no TLS is asked, whatever
//! the mode, as libpq does (`require` there is no error).
//!
//! The driver reads neither `sslmode` beyond its own three values, nor `sslrootcert`,
//! `sslcert` and `sslkey`: [`split`] takes them out of the string and keeps them
//! ([`TlsAsk`]); `url::PitUrl` sets the driver's mode itself. `sslcert` and `sslkey`
//! (a client certificate and its key, PEM, the key unencrypted) are presented to a
//! server that asks for one (`hostssl … cert` in `pg_hba.conf`).

use super::Unreachable;
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};
use std::path::PathBuf;
use std::sync::Arc;
use tokio_postgres_rustls::MakeRustlsConnect;

/// The `sslmode` a URL asks for (libpq's names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SslMode {
    /// None said: TLS over TCP, as `verify-full`.
    #[default]
    Default,
    /// `disable`: in clear, the only mode that is.
    Disable,
    /// `allow`, `prefer`: TLS over TCP all the same (a server that refuses it is
    /// refused: falling back to clear would give a fake server the password).
    Prefer,
    /// `require`, `verify-full`: TLS, the chain and the host name checked.
    Require,
    /// `verify-ca`: TLS, the chain checked, not the name.
    VerifyCa,
}

/// What a connection string asks of TLS beyond what the driver reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TlsAsk {
    pub mode: SslMode,
    /// `sslmode=verify-ca`: the chain checked, not the host name.
    pub any_name: bool,
    /// `sslrootcert=…`: a PEM file of roots trusted besides the system's.
    pub root_cert: Option<PathBuf>,
    /// `sslcert=…` and `sslkey=…`: the client's certificate (PEM, its chain) and its
    /// key (PEM, unencrypted).
    pub client_cert: Option<PathBuf>,
    pub client_key: Option<PathBuf>,
    /// An `sslmode` value libpq does not have (the URL is then not read).
    pub bad_mode: bool,
}

/// How a connection travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    /// Over TCP with TLS.
    Tls,
    /// Over TCP in clear (`sslmode=disable`).
    Clear,
    /// Over a Unix socket on this machine (no TLS asked, as libpq does).
    Socket,
}

/// Takes `sslmode`, `sslrootcert`, `sslcert` and `sslkey` out of a connection string
/// (URL or `key=value` form): the string for the driver, and what they asked.
pub fn split(text: &str) -> (String, TlsAsk) {
    let mut ask = TlsAsk::default();
    let path = |value: &str| PathBuf::from(percent_decoded(value.trim_matches('\'')));
    let mut keep = |pair: &str| -> Option<String> {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match (key.trim(), value.trim()) {
            ("sslmode", mode) => {
                ask.mode = match mode.trim_matches('\'') {
                    "disable" => SslMode::Disable,
                    "allow" | "prefer" => SslMode::Prefer,
                    "require" | "verify-full" => SslMode::Require,
                    "verify-ca" => SslMode::VerifyCa,
                    _ => {
                        ask.bad_mode = true;
                        SslMode::Require
                    }
                };
                ask.any_name = ask.mode == SslMode::VerifyCa;
                None
            }
            ("sslrootcert", p) => {
                ask.root_cert = Some(path(p));
                None
            }
            ("sslcert", p) => {
                ask.client_cert = Some(path(p));
                None
            }
            ("sslkey", p) => {
                ask.client_key = Some(path(p));
                None
            }
            _ => Some(pair.to_string()),
        }
    };
    let text = text.trim();
    let is_url = text.starts_with("postgres://") || text.starts_with("postgresql://");
    let driver = match text.split_once('?') {
        Some((base, query)) if is_url => {
            let pairs: Vec<String> = query.split('&').filter_map(&mut keep).collect();
            if pairs.is_empty() { base.to_string() } else { format!("{base}?{}", pairs.join("&")) }
        }
        _ if is_url => text.to_string(),
        _ => text.split_whitespace().filter_map(&mut keep).collect::<Vec<_>>().join(" "),
    };
    (driver, ask)
}

/// `%2F` and the like decoded (a URL's query); anything else kept as it is.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The driver's TLS connector for `ask`: the system's trusted roots and the URL's root
/// certificate, the host name checked unless `verify-ca`.
pub fn connector(ask: &TlsAsk) -> Result<MakeRustlsConnect, Unreachable> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut roots = rustls::RootCertStore::empty();
    // Roots the system cannot give (none installed) leave only the URL's: a server's
    // certificate is then refused, with that said.
    roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
    if let Some(path) = &ask.root_cert {
        let unreadable = |said: String| Unreachable::RootCert { path: path.display().to_string(), said };
        let certs = CertificateDer::pem_file_iter(path)
            .map_err(|e| unreadable(e.to_string()))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| unreadable(e.to_string()))?;
        if certs.is_empty() {
            return Err(unreadable("no certificate".into()));
        }
        for cert in certs {
            roots.add(cert).map_err(|e| unreadable(e.to_string()))?;
        }
    }
    let said = |e: rustls::Error| Unreachable::Said(e.to_string());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(said)?;
    let builder = if ask.any_name {
        let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider)
            .build()
            .map_err(|e| Unreachable::Said(e.to_string()))?;
        builder.dangerous().with_custom_certificate_verifier(Arc::new(AnyName(webpki)))
    } else {
        builder.with_root_certificates(roots)
    };
    let config = match client_identity(ask)? {
        Some((certs, key)) => builder
            .with_client_auth_cert(certs, key)
            .map_err(|e| Unreachable::ClientCert { path: shown_path(&ask.client_key), said: e.to_string() })?,
        None => builder.with_no_client_auth(),
    };
    Ok(MakeRustlsConnect::new(config))
}

fn shown_path(p: &Option<PathBuf>) -> String {
    p.as_ref().map(|p| p.display().to_string()).unwrap_or_default()
}

/// The client's certificate chain and key (`sslcert`, `sslkey`), when the URL names
/// them: both, or neither.
type Identity = (Vec<CertificateDer<'static>>, PrivateKeyDer<'static>);

fn client_identity(ask: &TlsAsk) -> Result<Option<Identity>, Unreachable> {
    let (cert, key) = match (&ask.client_cert, &ask.client_key) {
        (None, None) => return Ok(None),
        (Some(c), Some(k)) => (c, k),
        (Some(c), None) => {
            return Err(Unreachable::ClientCert { path: c.display().to_string(), said: "no sslkey for it".into() });
        }
        (None, Some(k)) => {
            return Err(Unreachable::ClientCert { path: k.display().to_string(), said: "no sslcert for it".into() });
        }
    };
    let unreadable = |p: &PathBuf, said: String| Unreachable::ClientCert { path: p.display().to_string(), said };
    let certs = CertificateDer::pem_file_iter(cert)
        .map_err(|e| unreadable(cert, e.to_string()))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| unreadable(cert, e.to_string()))?;
    if certs.is_empty() {
        return Err(unreadable(cert, "no certificate".into()));
    }
    // An encrypted key (`-----BEGIN ENCRYPTED PRIVATE KEY-----`) is no key rustls reads.
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| unreadable(key, e.to_string()))?;
    Ok(Some((certs, key)))
}

/// The words of a refused certificate (or another TLS failure) in a driver's error,
/// when that is what it is.
pub fn refusal(e: &postgres::Error) -> Option<String> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(c) = cause {
        if let Some(tls) = c.downcast_ref::<rustls::Error>() {
            return Some(tls.to_string());
        }
        if let Some(tls) =
            c.downcast_ref::<std::io::Error>().and_then(|io| io.get_ref()?.downcast_ref::<rustls::Error>())
        {
            return Some(tls.to_string());
        }
        cause = c.source();
    }
    None
}

/// `verify-ca`: the chain checked against the roots as webpki does, a name that does
/// not match let through.
#[derive(Debug)]
struct AnyName(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for AnyName {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        // webpki checks the name only once the chain holds.
        match self.0.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tls_options_are_taken_out_for_the_driver() {
        let (url, ask) = split("postgresql://a@pit/db?sslmode=verify-ca&sslrootcert=%2Ftmp%2Fca.pem&connect_timeout=3");
        assert_eq!(url, "postgresql://a@pit/db?connect_timeout=3");
        let ca = TlsAsk {
            mode: SslMode::VerifyCa,
            any_name: true,
            root_cert: Some("/tmp/ca.pem".into()),
            ..TlsAsk::default()
        };
        assert_eq!(ask, ca);
        let (kv, ask) =
            split("host=pit user=a sslmode=verify-full sslrootcert=/x/ca.pem sslcert=/x/c.pem sslkey=/x/c.key");
        assert_eq!(kv, "host=pit user=a");
        let full = TlsAsk {
            mode: SslMode::Require,
            root_cert: Some("/x/ca.pem".into()),
            client_cert: Some("/x/c.pem".into()),
            client_key: Some("/x/c.key".into()),
            ..TlsAsk::default()
        };
        assert_eq!(ask, full);
        assert_eq!(split("postgresql://a@pit/db"), ("postgresql://a@pit/db".to_string(), TlsAsk::default()));
        assert_eq!(split("postgresql://a@pit/db?sslmode=prefer").1.mode, SslMode::Prefer);
        assert_eq!(split("postgresql://a@pit/db?sslmode=disable").1.mode, SslMode::Disable);
        assert!(split("postgresql://a@pit/db?sslmode=nonsense").1.bad_mode);
    }
}
